//! Chicken Lines Rummy: card values and closing bonuses, the deck caps,
//! the dealer and first player over several rounds for 2-5 players, a
//! whole game worked by hand, refusals, and properties over valid games.

use chicken_scores::rules::chicken_lines::rummy::*;
use chicken_scores::rules::chicken_lines::{copies_left, Card};
use chicken_scores::rules::*;
use proptest::prelude::*;

mod common;

/// The share of generated edits that must be accepted (see
/// `common::check_edits`); about 40% are.
const MIN_PERCENT: u32 = 15;

fn setup(n: usize, rounds: u32) -> Setup<Settings> {
    let names = ["Ann", "Bob", "Cy", "Dee", "Eve"];
    Setup {
        players: names.iter().take(n).map(|s| s.to_string()).collect(),
        settings: Settings { rounds },
    }
}

fn round(closer: usize, close: Close, hands: Vec<Option<Hand>>) -> Entry {
    Entry::Round(Round {
        closer,
        close,
        hands,
    })
}

fn totals(s: &Setup<Settings>, log: &[Entry]) -> Vec<i64> {
    let state = replay::<Rummy>(s, log).expect("valid log");
    Rummy::standings(s, &state)
        .totals
        .iter()
        .map(|p| p.halves() / 2)
        .collect()
}

#[test]
fn every_card_value() {
    for n in 0..=9u8 {
        assert_eq!(card_value(Card::Standard(n)), Some(u32::from(n)));
    }
    for n in 1..=9u8 {
        assert_eq!(card_value(Card::Super(n)), Some(2 * u32::from(n)));
    }
    assert_eq!(card_value(Card::Egg), Some(10));
    assert_eq!(card_value(Card::Yoker), Some(20));
    assert_eq!(card_value(Card::Plumedini), None, "out of the Rummy deck");
    assert_eq!(card_value(Card::Standard(10)), None);
    assert_eq!(card_value(Card::Super(0)), None);
    assert_eq!(card_value(Card::Super(10)), None);
    assert_eq!(
        cards_value(&[Card::Standard(7), Card::Super(9), Card::Egg, Card::Yoker]),
        7 + 18 + 10 + 20
    );
}

#[test]
fn closing_bonuses_and_the_unopened_hand() {
    assert_eq!(Close::Standard.points(), -20);
    assert_eq!(Close::OpeningHand.points(), -40);
    assert_eq!(Close::Rainbow.points(), -100);
    assert_eq!(NOT_OPENED, 100);
    let s = setup(3, 3);
    for (close, want) in [
        (Close::Standard, -20),
        (Close::OpeningHand, -40),
        (Close::Rainbow, -100),
    ] {
        let log = vec![
            Entry::FirstDealer { seat: 0 },
            round(
                1,
                close,
                vec![Some(Hand::NotOpened), None, Some(Hand::Sum(12))],
            ),
        ];
        assert_eq!(totals(&s, &log), vec![100, want, 12]);
    }
}

#[test]
fn deck_caps_across_a_rounds_hands() {
    let s = setup(4, 2);
    let ok = |hands: Vec<Option<Hand>>| {
        let log = vec![
            Entry::FirstDealer { seat: 0 },
            round(0, Close::Standard, hands),
        ];
        replay::<Rummy>(&s, &log).map(|_| ()).map_err(|e| e.error)
    };
    // Nine 5s across three hands are fine; a tenth is refused beside the
    // hand that passes the cap.
    let fives = |k: usize| Some(Hand::Cards(vec![Card::Standard(5); k]));
    assert!(ok(vec![None, fives(3), fives(3), fives(3)]).is_ok());
    let e = ok(vec![None, fives(3), fives(3), fives(4)]).unwrap_err();
    assert_eq!(e.player, Some(3));
    assert!(e.message.contains("9 cards numbered 5"), "{}", e.message);
    // 3 Eggs, 1 Yoker, 18 Super Chickens in all.
    let eggs = |k: usize| Some(Hand::Cards(vec![Card::Egg; k]));
    assert!(ok(vec![None, eggs(2), eggs(1), Some(Hand::NotOpened)]).is_ok());
    let e = ok(vec![None, eggs(2), eggs(2), Some(Hand::NotOpened)]).unwrap_err();
    assert!(e.message.contains("3 Eggs"), "{}", e.message);
    let yoker = Some(Hand::Cards(vec![Card::Yoker]));
    let e = ok(vec![None, yoker.clone(), yoker, Some(Hand::NotOpened)]).unwrap_err();
    assert!(e.message.contains("1 Yoker"), "{}", e.message);
    let supers = |k: usize| {
        Some(Hand::Cards(
            (0..k).map(|i| Card::Super(1 + (i % 9) as u8)).collect(),
        ))
    };
    assert!(ok(vec![None, supers(9), supers(9), Some(Hand::Sum(3))]).is_ok());
    let e = ok(vec![None, supers(9), supers(9), supers(1)]).unwrap_err();
    assert!(e.message.contains("18 Super Chickens"), "{}", e.message);
    // The caps are per round: the next round starts from a full deck.
    let log = vec![
        Entry::FirstDealer { seat: 0 },
        round(
            0,
            Close::Standard,
            vec![None, eggs(3), yoker_none(), Some(Hand::NotOpened)],
        ),
        round(
            0,
            Close::Standard,
            vec![None, eggs(3), yoker_none(), Some(Hand::NotOpened)],
        ),
    ];
    assert!(replay::<Rummy>(&s, &log).is_ok());
    // What the picker offers is what is left.
    let picked = [Card::Egg, Card::Egg, Card::Super(4)];
    assert_eq!(copies_left(&picked, Card::Egg), 1);
    assert_eq!(copies_left(&picked, Card::Super(9)), 17);
    assert_eq!(copies_left(&picked, Card::Yoker), 1);
}

fn yoker_none() -> Option<Hand> {
    Some(Hand::Sum(0))
}

#[test]
fn refusals_name_the_field() {
    let s = setup(3, 2);
    let base = vec![Entry::FirstDealer { seat: 0 }];
    let refuse = |e: Entry| {
        let mut log = base.clone();
        log.push(e);
        replay::<Rummy>(&s, &log).unwrap_err().error
    };
    // A round before the first dealer is chosen.
    let e = replay::<Rummy>(
        &s,
        &[round(
            0,
            Close::Standard,
            vec![None, Some(Hand::NotOpened), Some(Hand::NotOpened)],
        )],
    )
    .unwrap_err();
    assert!(e.error.message.contains("deals round 1"));
    // A hand not entered, none picked, Plumedini picked, a typed sum over
    // the deck, a closer outside the game, the wrong number of hands.
    let e = refuse(round(
        0,
        Close::Standard,
        vec![None, None, Some(Hand::NotOpened)],
    ));
    assert_eq!(e.player, Some(1));
    let e = refuse(round(
        0,
        Close::Standard,
        vec![None, Some(Hand::Cards(vec![])), Some(Hand::NotOpened)],
    ));
    assert_eq!(e.player, Some(1));
    assert!(e.message.contains("at least one card"));
    let e = refuse(round(
        0,
        Close::Standard,
        vec![
            None,
            Some(Hand::Cards(vec![Card::Plumedini])),
            Some(Hand::NotOpened),
        ],
    ));
    assert!(e.message.contains("Plumedini"));
    let e = refuse(round(
        0,
        Close::Standard,
        vec![None, Some(Hand::Sum(780)), Some(Hand::NotOpened)],
    ));
    assert!(e.message.contains("779"));
    let e = refuse(round(
        0,
        Close::Standard,
        vec![None, Some(Hand::Sum(500)), Some(Hand::Sum(400))],
    ));
    assert!(e.message.contains("Together"));
    assert!(refuse(round(3, Close::Standard, vec![None, None, None]))
        .message
        .contains("not in this game"));
    assert!(refuse(round(0, Close::Standard, vec![None]))
        .message
        .contains("lists 1 players"));
    assert!(refuse(Entry::FirstDealer { seat: 1 })
        .message
        .contains("already"));
    assert!(replay::<Rummy>(&s, &[Entry::FirstDealer { seat: 3 }]).is_err());
    // Setup: 1 to 20 rounds, 2 to 5 players.
    assert!(Rummy::check_setup(&setup(3, 0)).is_err());
    assert!(Rummy::check_setup(&setup(3, 21)).is_err());
    assert!(Rummy::check_setup(&setup(5, 20)).is_ok());
    assert!(Rummy::check_setup(&setup(1, 5)).is_err());
}

#[test]
fn dealer_moves_left_and_play_starts_to_the_right() {
    // Seats are clockwise: left is the next seat, right the previous.
    for n in 2..=5usize {
        for first in 0..n {
            let s = setup(n, 7);
            let mut log = vec![Entry::FirstDealer { seat: first }];
            for r in 0..7usize {
                let state = replay::<Rummy>(&s, &log).unwrap();
                let d = state.dealer(r, n).unwrap();
                assert_eq!(d, (first + r) % n, "{n} players, round {}", r + 1);
                let p = first_player(d, n);
                assert_eq!(p, (d + n - 1) % n);
                let said = Rummy::standings(&s, &state).status.join(" ");
                assert!(
                    said.contains(&format!(
                        "Round {} of 7: {} deals; {} plays first",
                        r + 1,
                        s.name(d),
                        s.name(p)
                    )),
                    "{said}"
                );
                let mut hands = vec![Some(Hand::NotOpened); n];
                hands[p] = None;
                log.push(round(p, Close::Standard, hands));
            }
            let st = Rummy::standings(&s, &replay::<Rummy>(&s, &log).unwrap());
            assert!(st.finished());
        }
    }
    // Two players: the dealer's right is the other player.
    assert_eq!(first_player(0, 2), 1);
    assert_eq!(first_player(1, 2), 0);
    assert_eq!(dealer(1, 3, 2), 0);
}

#[test]
fn a_whole_game_worked_by_hand() {
    // Ann, Bob, Cy; 3 rounds; Bob deals first.
    // Round 1 (Bob deals, Ann first): Ann closes (-20); Bob holds 3, Super
    //   Chicken 4 (8), Egg (10) = 21; Cy did not open (100).
    //   Totals: Ann -20, Bob 21, Cy 100.
    // Round 2 (Cy deals, Bob first): Cy closes with a Rainbow (-100); Ann
    //   typed 37; Bob holds the Yoker (20) and a 0 = 20.
    //   Totals: Ann 17, Bob 41, Cy 0.
    // Round 3 (Ann deals, Cy first): Bob closes with his opening hand
    //   (-40); Ann did not open (100); Cy holds 9, 9 = 18.
    //   Totals: Ann 117, Bob 1, Cy 18. Bob wins.
    let s = Setup {
        players: vec!["Ann".into(), "Bob".into(), "Cy".into()],
        settings: Settings { rounds: 3 },
    };
    let log = vec![
        Entry::FirstDealer { seat: 1 },
        round(
            0,
            Close::Standard,
            vec![
                None,
                Some(Hand::Cards(vec![
                    Card::Standard(3),
                    Card::Super(4),
                    Card::Egg,
                ])),
                Some(Hand::NotOpened),
            ],
        ),
        round(
            2,
            Close::Rainbow,
            vec![
                Some(Hand::Sum(37)),
                Some(Hand::Cards(vec![Card::Yoker, Card::Standard(0)])),
                None,
            ],
        ),
        round(
            1,
            Close::OpeningHand,
            vec![
                Some(Hand::NotOpened),
                None,
                Some(Hand::Cards(vec![Card::Standard(9), Card::Standard(9)])),
            ],
        ),
    ];
    assert_eq!(totals(&s, &log[..2]), vec![-20, 21, 100]);
    assert_eq!(totals(&s, &log[..3]), vec![17, 41, 0]);
    assert_eq!(totals(&s, &log), vec![117, 1, 18]);
    let st = Rummy::standings(&s, &replay::<Rummy>(&s, &log).unwrap());
    let o = st.outcome.clone().expect("over after 3 rounds");
    assert_eq!(o.winners, vec![1]);
    assert_eq!(o.ranks, vec![3, 1, 2]);
    assert_eq!(st.sheet.len(), 3);
    assert_eq!(st.sheet[1].entry, Some(2));
    assert!(st.sheet[1]
        .notes
        .join(" ")
        .contains("Cy closed with a Rainbow"));
    assert!(st.sheet[2]
        .notes
        .join(" ")
        .contains("Ann dealt; Cy played first"));
    assert!(st.status.is_empty());
    // No entry after the last round.
    let mut more = log.clone();
    more.push(log[1].clone());
    assert!(replay::<Rummy>(&s, &more)
        .unwrap_err()
        .error
        .message
        .contains("over"));
    // Ann -20+30+5 = 15, Bob 10-20+35 = 25, Cy 10+20-20 = 10: Cy wins.
    let tie = vec![
        Entry::FirstDealer { seat: 0 },
        round(
            0,
            Close::Standard,
            vec![None, Some(Hand::Sum(10)), Some(Hand::Sum(10))],
        ),
        round(
            1,
            Close::Standard,
            vec![Some(Hand::Sum(30)), None, Some(Hand::Sum(20))],
        ),
        round(
            2,
            Close::Standard,
            vec![Some(Hand::Sum(5)), Some(Hand::Sum(35)), None],
        ),
    ];
    let st = Rummy::standings(&s, &replay::<Rummy>(&s, &tie).unwrap());
    assert_eq!(totals(&s, &tie), vec![15, 25, 10]);
    assert_eq!(st.outcome.unwrap().winners, vec![2]);
    let tie2 = vec![
        Entry::FirstDealer { seat: 0 },
        round(
            0,
            Close::Standard,
            vec![None, Some(Hand::Sum(20)), Some(Hand::Sum(10))],
        ),
        round(
            1,
            Close::Standard,
            vec![Some(Hand::Sum(30)), None, Some(Hand::Sum(20))],
        ),
        round(
            2,
            Close::Standard,
            vec![Some(Hand::Sum(0)), Some(Hand::Sum(0)), None],
        ),
    ];
    let st = Rummy::standings(&s, &replay::<Rummy>(&s, &tie2).unwrap());
    // Ann -20+30+0 = 10, Bob 20-20+0 = 0, Cy 10+20-20 = 10: Ann and Cy
    // share second place.
    assert_eq!(totals(&s, &tie2), vec![10, 0, 10]);
    let o = st.outcome.unwrap();
    assert_eq!(o.winners, vec![1]);
    assert_eq!(o.ranks, vec![2, 1, 2]);
}

#[test]
fn ties_share_the_win_and_edits_recompute() {
    let s = setup(2, 2);
    let log = vec![
        Entry::FirstDealer { seat: 0 },
        round(0, Close::Standard, vec![None, Some(Hand::Sum(0))]),
        round(1, Close::Standard, vec![Some(Hand::Sum(0)), None]),
    ];
    let st = Rummy::standings(&s, &replay::<Rummy>(&s, &log).unwrap());
    assert_eq!(st.outcome.unwrap().winners, vec![0, 1]);
    // Correct round 1: Bob held 14, not 0; round 2 stands.
    let fixed = Rummy::correct(
        &s,
        &log,
        1,
        round(0, Close::Standard, vec![None, Some(Hand::Sum(14))]),
    )
    .unwrap();
    assert_eq!(totals(&s, &fixed), vec![-20, -6]);
    // An edit that makes a later entry impossible is refused naming it: a
    // round put where the first dealer was leaves the dealer entry late.
    let e = Rummy::correct(
        &s,
        &log,
        0,
        round(0, Close::Standard, vec![None, Some(Hand::Sum(1))]),
    )
    .unwrap_err();
    assert_eq!(e.index, 0, "round 1 needs a dealer");
    let e = Rummy::correct(&s, &log, 1, Entry::FirstDealer { seat: 1 }).unwrap_err();
    assert_eq!(e.index, 1);
    assert!(e.to_string().starts_with("Entry 2:"));
}

#[test]
fn help_says_every_ruling() {
    let text: String = Rummy::help(&setup(3, 4))
        .iter()
        .map(|h| format!("{} {}", h.title, h.text))
        .collect();
    for needle in [
        "4 (chosen before",
        "-20",
        "-40",
        "-100",
        "100",
        "to the left",
        "dealer's right",
        "18 Super Chickens",
        "only their total",
        "share",
    ] {
        assert!(text.contains(needle), "help lacks {needle}");
    }
}

fn arb_card() -> impl Strategy<Value = Card> {
    prop_oneof![
        (0u8..=9).prop_map(Card::Standard),
        (1u8..=9).prop_map(Card::Super),
        Just(Card::Egg),
        Just(Card::Yoker),
    ]
}

fn arb_hand() -> impl Strategy<Value = Hand> {
    prop_oneof![
        Just(Hand::NotOpened),
        (0u32..150).prop_map(Hand::Sum),
        prop::collection::vec(arb_card(), 1..6).prop_map(Hand::Cards),
    ]
}

/// A valid round for `n` players: picked cards keep within the deck (cards
/// past a cap are dropped; a hand left empty becomes "did not open").
fn arb_round(n: usize) -> impl Strategy<Value = Entry> {
    (
        0..n,
        prop::sample::select(Close::ALL.to_vec()),
        prop::collection::vec(arb_hand(), n),
    )
        .prop_map(|(closer, close, hands)| {
            let mut picked: Vec<Card> = Vec::new();
            let hands = hands
                .into_iter()
                .enumerate()
                .map(|(i, h)| {
                    if i == closer {
                        return None;
                    }
                    Some(match h {
                        Hand::Cards(cs) => {
                            let kept: Vec<Card> = cs
                                .into_iter()
                                .filter(|c| {
                                    let free = copies_left(&picked, *c) > 0;
                                    if free {
                                        picked.push(*c);
                                    }
                                    free
                                })
                                .collect();
                            if kept.is_empty() {
                                Hand::NotOpened
                            } else {
                                Hand::Cards(kept)
                            }
                        }
                        other => other,
                    })
                })
                .collect();
            round(closer, close, hands)
        })
}

/// A valid game: the first dealer, then valid rounds.
fn arb_game() -> impl Strategy<Value = (Setup<Settings>, Vec<Entry>)> {
    (2usize..=5, 1u32..=6).prop_flat_map(|(n, rounds)| {
        (
            0..n,
            prop::collection::vec(arb_round(n), 0..=rounds as usize),
        )
            .prop_map(move |(first, rs)| {
                let mut log = vec![Entry::FirstDealer { seat: first }];
                log.extend(rs);
                (setup(n, rounds), log)
            })
    })
}

fn arb_entry() -> impl Strategy<Value = Entry> {
    prop_oneof![
        (0usize..7).prop_map(|seat| Entry::FirstDealer { seat }),
        (
            0usize..7,
            prop::sample::select(Close::ALL.to_vec()),
            prop::collection::vec(prop::option::of(arb_hand()), 0..7)
        )
            .prop_map(|(closer, close, hands)| Entry::Round(Round {
                closer,
                close,
                hands
            })),
    ]
}

#[test]
fn valid_games_hold_at_every_depth() {
    let config = ProptestConfig {
        source_file: Some(file!()),
        ..ProptestConfig::default()
    };
    // The edit: `extra` (mostly refused) or another valid round.
    let game_and_round = arb_game().prop_flat_map(|(s, log)| {
        let n = s.players.len();
        (Just((s, log)), proptest::option::of(arb_round(n)))
    });
    let strategy = (game_and_round, arb_entry(), 0usize..10);
    common::check_edits(
        config,
        MIN_PERCENT,
        strategy,
        |(((s, log), valid), extra, at)| {
            let state = replay::<Rummy>(&s, &log).expect("generated games are valid");
            let st = Rummy::standings(&s, &state);
            // Totals are the sum of the rows.
            for seat in 0..s.players.len() {
                let sum: Points = st.sheet.iter().map(|r| r.points[seat]).sum();
                prop_assert_eq!(sum, st.totals[seat]);
            }
            prop_assert_eq!(st.finished(), log.len() - 1 == s.settings.rounds as usize);
            for depth in 0..=log.len() {
                common::one_more_entry::<Rummy>(&s, &log, depth, &extra)?;
            }
            common::replacing_with_itself_changes_nothing::<Rummy>(&s, &log)?;
            // A round goes in place of a round, not of the first dealer.
            let edit = match valid {
                Some(round) if log.len() > 1 => (1 + at % (log.len() - 1), round),
                _ => (at, extra),
            };
            common::edit_then_revert_restores::<Rummy>(&s, &log, edit.0, &edit.1)
        },
    );
}
