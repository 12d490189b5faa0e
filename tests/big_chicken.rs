//! Native scenario tests of the Big Chicken rules (`rules/big_chicken.rs`):
//! deck setup, Pecking Order, card scores, penalties, Good/Bad Eggs, the end
//! of the game, a whole 4-player game worked by hand, the card-draw
//! tie-breaker, and property tests.

use chicken_scores::rules::{big_chicken::*, *};
use proptest::prelude::*;

mod common;

/// The share of generated edits that must be accepted (see
/// `common::check_edits`); about 41% are.
const MIN_PERCENT: u32 = 15;

const NAMES: [&str; 6] = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"];
const ANN: usize = 0;
const BOB: usize = 1;
const CY: usize = 2;
const DEE: usize = 3;

fn setup(n: usize) -> Setup<Settings> {
    Setup {
        players: NAMES.iter().take(n).map(|s| s.to_string()).collect(),
        settings: Settings::default(),
    }
}

fn tournament(n: usize) -> Setup<Settings> {
    Setup {
        settings: Settings { tournament: true },
        ..setup(n)
    }
}

fn round(out: usize, cards: &[u32]) -> Round {
    Round::won_by(out, cards.to_vec())
}

fn play(setup: &Setup<Settings>, log: &[Entry]) -> State {
    match replay::<BigChicken>(setup, log) {
        Ok(state) => state,
        Err(e) => panic!("log refused: {e}"),
    }
}

fn refuse(setup: &Setup<Settings>, log: &[Entry], entry: Round) -> RuleError {
    let state = play(setup, log);
    match BigChicken::apply(setup, &state, &Entry::Round(entry)) {
        Ok(_) => panic!("entry accepted"),
        Err(e) => e,
    }
}

fn last(setup: &Setup<Settings>, log: &[Entry]) -> ScoredRound {
    play(setup, log).rounds.last().cloned().expect("a round")
}

/// A quiet round 1 for 4 players: Ann out, Bob 1, Cy 2, Dee 3 cards
/// (points 0, 1, 2, 3: Dee Bad Egg, Ann Good Egg).
fn quiet_round1() -> Entry {
    Entry::Round(round(ANN, &[0, 1, 2, 3]))
}

fn egg(n: u8, s: Suit) -> Card {
    Card::egg(n, s)
}

// ------------------------------------------------------------- deck ----

#[test]
fn deck_setup_table_as_printed() {
    let expect = [
        // players, suits, lowest number, ducks, ones removed, size, dealt
        (2, 3, 1, 3, 4, 64, 16),
        (3, 3, 4, 1, 0, 48, 16),
        (4, 3, 1, 3, 4, 64, 16),
        (5, 4, 2, 3, 0, 80, 16),
        (6, 4, 1, 3, 4, 84, 14),
    ];
    for (players, suits, lowest, ducks, removed, size, dealt) in expect {
        let d = deck_setup(players).unwrap();
        assert_eq!(d.players, players);
        assert_eq!(d.suits.len(), suits, "{players} players");
        assert_eq!(d.suits, Suit::ALL[..suits].to_vec());
        assert_eq!(d.lowest_number, lowest);
        assert_eq!(d.highest_number, 10);
        assert_eq!(d.copies, 2);
        assert_eq!(d.chickens, 5);
        assert_eq!(d.ducks, ducks);
        assert_eq!(d.ones_removed, removed);
        assert_eq!(d.removed.len(), removed);
        assert_eq!(d.deck_size, size);
        assert_eq!(d.dealt, dealt);
        let cards = deck(players);
        assert_eq!(cards.len(), size);
        assert_eq!(copies_in(&cards, Card::Duck), ducks);
        assert_eq!(copies_in(&cards, Card::BigRed), 1);
        for s in Suit::ALL {
            assert_eq!(copies_in(&cards, Card::Chicken(s)), 1);
        }
        let eggs = cards
            .iter()
            .filter(|c| matches!(c, Card::Egg { .. }))
            .count();
        assert_eq!(eggs, size - 5 - ducks);
    }
    assert_eq!(deck_setup(1), None);
    assert_eq!(deck_setup(7), None);
}

#[test]
fn deck_contents_by_number_and_suit() {
    // 3 players: Blue, Green, Yellow 4-10 twice, no Ones to remove.
    let d3 = deck(3);
    assert_eq!(copies_in(&d3, egg(4, Suit::Yellow)), 2);
    assert_eq!(copies_in(&d3, egg(3, Suit::Blue)), 0);
    assert_eq!(copies_in(&d3, egg(10, Suit::Orange)), 0);
    // 4 players: the Blue and Green Ones go, the Yellow Ones stay.
    let d4 = deck(4);
    assert_eq!(copies_in(&d4, egg(1, Suit::Blue)), 0);
    assert_eq!(copies_in(&d4, egg(1, Suit::Green)), 0);
    assert_eq!(copies_in(&d4, egg(1, Suit::Yellow)), 2);
    assert_eq!(copies_in(&d4, egg(2, Suit::Blue)), 2);
    // 5 players: four suits from 2.
    let d5 = deck(5);
    assert_eq!(copies_in(&d5, egg(1, Suit::Orange)), 0);
    assert_eq!(copies_in(&d5, egg(2, Suit::Orange)), 2);
    // 6 players: Yellow and Orange Ones stay.
    let d6 = deck(6);
    assert_eq!(copies_in(&d6, egg(1, Suit::Green)), 0);
    assert_eq!(copies_in(&d6, egg(1, Suit::Yellow)), 2);
    assert_eq!(copies_in(&d6, egg(1, Suit::Orange)), 2);
    assert_eq!(
        deck_setup(4).unwrap().describe(),
        "4 players: 3 suits (Blue, Green, Yellow), Eggs 1-10 twice each, without the lowest 4 Ones (Blue 1, Blue 1, Green 1, Green 1), all 5 Chickens, 3 Ducks: 64 cards, 16 dealt to each player."
    );
    assert_eq!(
        deck_setup(3).unwrap().describe(),
        "3 players: 3 suits (Blue, Green, Yellow), Eggs 4-10 twice each, all 5 Chickens, 1 Duck: 48 cards, 16 dealt to each player."
    );
}

// ---------------------------------------------------- Pecking Order ----

/// An independent rank: Duck 0, Egg number*10 + suit, Chicken 1000 + suit,
/// Big Red 2000.
fn rank(card: Card) -> u32 {
    let suit = |s: Suit| Suit::ALL.iter().position(|t| *t == s).unwrap() as u32;
    match card {
        Card::Duck => 0,
        Card::Egg { number, suit: s } => number as u32 * 10 + suit(s),
        Card::Chicken(s) => 1000 + suit(s),
        Card::BigRed => 2000,
    }
}

#[test]
fn pecking_order_every_pair_of_the_6_player_deck() {
    let cards = deck(6);
    assert_eq!(cards.len(), 84);
    let mut pairs = 0;
    for a in &cards {
        for b in &cards {
            assert_eq!(a.cmp(b), rank(*a).cmp(&rank(*b)), "{a} vs {b}");
            pairs += 1;
        }
    }
    assert_eq!(pairs, 84 * 84);
}

#[test]
fn pecking_order_as_a_list() {
    let distinct = distinct_cards(&deck(6));
    let mut expected = vec![Card::Duck, egg(1, Suit::Yellow), egg(1, Suit::Orange)];
    for n in 2..=10 {
        for s in Suit::ALL {
            expected.push(egg(n, s));
        }
    }
    for s in Suit::ALL {
        expected.push(Card::Chicken(s));
    }
    expected.push(Card::BigRed);
    assert_eq!(distinct, expected);
    // Numbers beat suits; a Duck loses to the lowest card; twins are equal.
    assert!(egg(3, Suit::Blue) > egg(2, Suit::Orange));
    assert!(Card::Duck < egg(1, Suit::Yellow));
    assert_eq!(egg(7, Suit::Green), egg(7, Suit::Green));
    assert!(Card::Chicken(Suit::Blue) > egg(10, Suit::Orange));
    assert!(Card::BigRed > Card::Chicken(Suit::Orange));
    assert_eq!(egg(7, Suit::Green).to_string(), "Green 7");
    assert_eq!(Card::Chicken(Suit::Orange).to_string(), "Orange Chicken");
    assert_eq!(Card::BigRed.to_string(), "Big Red");
    assert_eq!(Card::Duck.to_string(), "Duck");
}

// ------------------------------------------------------- card score ----

#[test]
fn every_multiplier_band_for_every_player_count() {
    // (players, [(from, to, multiplier)]) as printed; the last row also
    // covers larger hands (RULINGS).
    type Rows = [(u32, u32, u32); 4];
    let table: [(usize, Rows); 5] = [
        (2, [(1, 4, 1), (5, 9, 2), (10, 14, 3), (15, 16, 4)]),
        (3, [(1, 5, 1), (6, 10, 2), (11, 15, 3), (16, 16, 4)]),
        (4, [(1, 4, 1), (5, 9, 2), (10, 14, 3), (15, 16, 4)]),
        (5, [(1, 4, 1), (5, 9, 2), (10, 14, 3), (15, 16, 4)]),
        (6, [(1, 3, 1), (4, 7, 2), (8, 11, 3), (12, 14, 4)]),
    ];
    for (players, rows) in table {
        let bands: Vec<(u32, u32, u32)> = score_bands(players)
            .iter()
            .map(|b| (b.from, b.to, b.multiplier))
            .collect();
        assert_eq!(bands, rows.to_vec(), "{players} players");
        for (from, to, m) in rows {
            for cards in from..=to {
                assert_eq!(multiplier(players, cards), Some(m), "{players}p {cards}");
                assert_eq!(card_score(players, cards), Some(cards * m));
            }
        }
        // Beyond the table: ×4.
        let top = rows[3].1;
        assert_eq!(card_score(players, top + 1), Some((top + 1) * 4));
        assert_eq!(card_score(players, 40), Some(160));
        assert_eq!(card_score(players, 0), Some(0));
    }
    // A few spelled out.
    assert_eq!(card_score(3, 5), Some(5));
    assert_eq!(card_score(3, 6), Some(12));
    assert_eq!(card_score(4, 14), Some(42));
    assert_eq!(card_score(4, 15), Some(60));
    assert_eq!(card_score(6, 7), Some(14));
    assert_eq!(card_score(6, 8), Some(24));
    assert_eq!(card_score(6, 12), Some(48));
    assert_eq!(card_score(7, 1), None);
    assert!(score_bands(1).is_empty());
}

// -------------------------------------------------------- penalties ----

#[test]
fn plain_round_scores_cards_times_multiplier() {
    let s = setup(4);
    let r = last(&s, &[Entry::Round(round(BOB, &[12, 0, 5, 1]))]);
    // Ann 12×3 = 36, Cy 5×2 = 10, Dee 1×1 = 1.
    assert_eq!(r.points, vec![36, 0, 10, 1]);
    assert_eq!(r.totals, vec![36, 0, 10, 1]);
    let rows =
        BigChicken::standings(&s, &play(&s, &[Entry::Round(round(BOB, &[12, 0, 5, 1]))])).sheet;
    assert_eq!(rows[0].details[0], vec!["12 cards × 3 = 36"]);
    assert_eq!(rows[0].details[1], vec!["Went out: 0 cards"]);
    assert_eq!(rows[0].details[3], vec!["1 card × 1 = 1"]);
    assert_eq!(rows[0].label, "Round 1");
    assert_eq!(rows[0].entry, Some(0));
}

#[test]
fn crowing_and_going_out_gives_every_opponent_15() {
    let s = setup(4);
    let mut r2 = round(BOB, &[3, 0, 5, 10]);
    r2.crowed = Some(BOB);
    let r = last(&s, &[quiet_round1(), Entry::Round(r2)]);
    // Ann 3 + 15, Cy 5×2 + 15, Dee 10×3 + 15.
    assert_eq!(r.points, vec![18, 0, 25, 45]);
    assert_eq!(r.penalties[ANN], vec![Penalty::Crowing]);
    assert!(r.penalties[BOB].is_empty());
}

#[test]
fn eating_crow_gives_only_the_crower_20() {
    let s = setup(4);
    let mut r2 = round(BOB, &[3, 0, 5, 10]);
    r2.crowed = Some(CY);
    let state = play(&s, &[quiet_round1(), Entry::Round(r2)]);
    let r = &state.rounds[1];
    // Ann 3, Cy 10 + 20, Dee 30.
    assert_eq!(r.points, vec![3, 0, 30, 30]);
    assert_eq!(r.penalties[CY], vec![Penalty::EatingCrow]);
    let st = BigChicken::standings(&s, &state);
    assert_eq!(
        st.sheet[1].details[CY],
        vec!["5 cards × 2 = 10", "Eating Crow +20"]
    );
    assert!(st.sheet[1]
        .notes
        .contains(&"Cy Crowed but did not go out (Eating Crow)".to_string()));
}

#[test]
fn egging_gives_every_other_player_5() {
    let s = setup(4);
    let mut r1 = round(ANN, &[0, 1, 6, 15]);
    r1.last_lay = LastLay::Several;
    let state = play(&s, &[Entry::Round(r1)]);
    // Bob 1 + 5, Cy 6×2 + 5, Dee 15×4 + 5; never multiplied.
    assert_eq!(state.rounds[0].points, vec![0, 6, 17, 65]);
    let st = BigChicken::standings(&s, &state);
    assert_eq!(
        st.sheet[0].details[DEE],
        vec!["15 cards × 4 = 60", "Egging +5"]
    );
    assert_eq!(
        st.sheet[0].notes[0],
        "Ann went out with several cards (Egging)"
    );
}

#[test]
fn assistance_cluckwise_falls_on_the_seat_before_the_winner() {
    let s = setup(4);
    let mut r1 = round(ANN, &[0, 4, 5, 2]);
    r1.assisted = true;
    assert_eq!(r1.assisting_player(4), Some(DEE));
    let r = last(&s, &[Entry::Round(r1)]);
    // Bob 4, Cy 5×2 = 10, Dee 2 + (Bob 4 + Cy 10) = 16: Dee's own 2 is
    // not part of the assistance.
    assert_eq!(r.points, vec![0, 4, 10, 16]);
    assert_eq!(r.assistant, Some(DEE));
    assert_eq!(r.penalties[DEE], vec![Penalty::Assistance(14)]);
}

#[test]
fn assistance_counter_cluckwise_and_after_a_duck_flip() {
    let s = setup(4);
    let mut r1 = round(ANN, &[0, 4, 5, 2]);
    r1.assisted = true;
    r1.direction = Direction::CounterCluckwise;
    let r = last(&s, &[Entry::Round(r1.clone())]);
    // Bob is before Ann: 4 + (Cy 10 + Dee 2) = 16.
    assert_eq!(r.points, vec![0, 16, 10, 2]);
    assert_eq!(r.assistant, Some(BOB));
    // Ann went out on a Duck, which flipped the card to Counter-Cluckwise:
    // when she laid it play was Cluckwise, so Dee assisted.
    r1.last_lay_flipped = true;
    let r = last(&s, &[Entry::Round(r1)]);
    assert_eq!(r.points, vec![0, 4, 10, 16]);
    assert_eq!(r.direction, Direction::CounterCluckwise);
    let st = play(&s, &[Entry::Round(flipped_round())]);
    assert_eq!(st.direction(), Direction::CounterCluckwise);
    // The sheet says why the card lies Counter-Cluckwise after a
    // Cluckwise last lay; a round without the flip says nothing more.
    let notes = &BigChicken::standings(&s, &st).sheet[0].notes;
    assert!(
        notes.contains(&"Direction at the end: Counter-Cluckwise (Cluckwise at the last lay; the Duck that went out flipped the card)".to_string()),
        "{notes:?}"
    );
    let plain = play(&s, &[Entry::Round(round(ANN, &[0, 4, 5, 2]))]);
    let notes = &BigChicken::standings(&s, &plain).sheet[0].notes;
    assert!(notes.contains(&"Direction at the end: Cluckwise".to_string()));
    // The form's companion and Assistance question say the same.
    assert_eq!(
        duck_flip_note(&flipped_round()).as_deref(),
        Some("Cluckwise at the last lay; the Duck that went out flipped the card to Counter-Cluckwise")
    );
    let a = assistance(&s, &flipped_round(), None).expect("asked");
    assert!(a.explain.starts_with("Dee played right before Ann (Cluckwise at the last lay; the Duck that went out flipped the card to Counter-Cluckwise)."), "{}", a.explain);
}

fn flipped_round() -> Round {
    let mut r1 = round(ANN, &[0, 4, 5, 2]);
    r1.assisted = true;
    r1.direction = Direction::CounterCluckwise;
    r1.last_lay_flipped = true;
    r1
}

#[test]
fn assistance_excludes_penalties_of_the_other_losers() {
    let s = tournament(4);
    let mut r2 = round(ANN, &[0, 4, 5, 2]);
    r2.crowed = Some(CY);
    r2.assisted = true;
    r2.challenges = vec![Challenge {
        seat: BOB,
        side: ChallengeSide::Challenger,
    }];
    let r = last(&s, &[quiet_round1(), Entry::Round(r2)]);
    // Bob 4 + 5 (challenge), Cy 10 + 20 (Eating Crow), Dee 2 + (4 + 10) = 16.
    assert_eq!(r.points, vec![0, 9, 30, 16]);
}

#[test]
fn assistance_with_two_players_adds_nothing() {
    let s = setup(2);
    let mut r1 = round(ANN, &[0, 9]);
    r1.assisted = true;
    let r = last(&s, &[Entry::Round(r1)]);
    assert_eq!(r.points, vec![0, 18]);
    assert_eq!(r.penalties[BOB], vec![Penalty::Assistance(0)]);
}

#[test]
fn tournament_challenges_add_5_each_to_the_named_seat() {
    let s = tournament(3);
    let mut r1 = round(ANN, &[0, 4, 8]);
    r1.challenges = vec![
        Challenge {
            seat: BOB,
            side: ChallengeSide::Leader,
        },
        Challenge {
            seat: ANN,
            side: ChallengeSide::Challenger,
        },
        Challenge {
            seat: BOB,
            side: ChallengeSide::Challenger,
        },
    ];
    let st = play(&s, &[Entry::Round(r1)]);
    let r = st.rounds[0].clone();
    // 3 players: Bob 4×1 + 10 = 14, Cy 8×2 = 16, Ann (the winner) 0 + 5.
    assert_eq!(r.points, vec![5, 14, 16]);
    let sheet = BigChicken::standings(&s, &st).sheet;
    assert_eq!(
        sheet[0].details[BOB],
        vec![
            "4 cards × 1 = 4",
            "Challenge +5 (led a Fowl before the Eggs were Broken)",
            "Challenge +5 (challenged, but the Eggs were Broken)"
        ]
    );
}

#[test]
fn all_penalties_combined() {
    let s = tournament(4);
    let mut r2 = round(BOB, &[3, 0, 5, 10]);
    r2.crowed = Some(BOB);
    r2.assisted = true;
    r2.challenges = vec![Challenge {
        seat: DEE,
        side: ChallengeSide::Leader,
    }];
    let log = [quiet_round1(), Entry::Round(r2)];
    let st = play(&s, &log);
    let r = st.rounds[1].clone();
    // Card scores: Ann 3, Cy 5×2 = 10, Dee 10×3 = 30.
    // Crowing: +15 to Ann, Cy, Dee. Ann is before Bob (Cluckwise) and
    // assisted: + Cy 10 + Dee 30 = 40 (no penalties, not her own 3).
    // Dee lost a challenge: +5.
    // Ann 3 + 15 + 40 = 58; Cy 10 + 15 = 25; Dee 30 + 15 + 5 = 50.
    assert_eq!(r.points, vec![58, 0, 25, 50]);
    assert_eq!(r.totals, vec![58, 1, 27, 53]);
    let sheet = BigChicken::standings(&s, &st).sheet;
    assert_eq!(
        sheet[1].details[ANN],
        vec!["3 cards × 1 = 3", "Crowing +15", "Assistance +40"]
    );
    assert_eq!(
        sheet[1].details[DEE],
        vec![
            "10 cards × 3 = 30",
            "Crowing +15",
            "Challenge +5 (led a Fowl before the Eggs were Broken)"
        ]
    );
    assert!(sheet[1]
        .notes
        .contains(&"Bob Crowed and went out".to_string()));
    assert!(sheet[1].notes.contains(
        &"Ann was right before Bob and could have stopped them (Assistance)".to_string()
    ));
}

#[test]
fn crowing_plus_egging() {
    let s = setup(3);
    let mut r2 = round(CY, &[6, 2, 0]);
    r2.crowed = Some(CY);
    r2.last_lay = LastLay::Several;
    let r = last(
        &s,
        &[Entry::Round(round(ANN, &[0, 1, 2])), Entry::Round(r2)],
    );
    // 3 players: Ann 6×2 + 15 + 5 = 32, Bob 2 + 15 + 5 = 22.
    assert_eq!(r.points, vec![32, 22, 0]);
}

// ------------------------------------------------------- validation ----

#[test]
fn refusals_name_the_problem() {
    let s = setup(4);
    let t = tournament(4);
    let with = |mut r: Round, f: &dyn Fn(&mut Round)| {
        f(&mut r);
        r
    };
    let base = || round(ANN, &[0, 1, 2, 3]);
    // (the setup, the log before, the round, the field it is beside, what
    // the refusal says: the whole message, or its start with "…")
    type Case<'a> = (
        &'a Setup<Settings>,
        Vec<Entry>,
        Round,
        Option<usize>,
        &'a str,
    );
    let table: Vec<Case> = vec![
        (&s, vec![], round(ANN, &[0, 1, 2]), None, "The round lists 3 players; the game has 4."),
        (&s, vec![], with(base(), &|r| r.out = None), None, "Nobody went out…"),
        (&s, vec![], round(7, &[1, 1, 2, 3]), None, "The player who went out is not in this game."),
        (&s, vec![], round(ANN, &[2, 1, 2, 3]), Some(ANN), "Ann went out, so Ann has 0 cards left, not 2."),
        (&s, vec![], round(ANN, &[0, 1, 0, 3]), Some(CY), "Only one player goes out…"),
        (
            &s,
            vec![],
            round(ANN, &[0, 64, 1, 1]),
            Some(BOB),
            "64 cards is more than Bob can hold: the deck has 64 cards and Ann's last lay is on the table.",
        ),
        (
            &s,
            vec![],
            round(ANN, &[0, 30, 30, 4]),
            None,
            "Together the hands hold 64 cards, but the deck has only 64 and Ann's last lay is on the table.",
        ),
        (
            &s,
            vec![],
            with(base(), &|r| r.crowed = Some(BOB)),
            None,
            "Nobody Crows in round 1: the holder of Big Red leads it.",
        ),
        (
            &s,
            vec![quiet_round1()],
            with(base(), &|r| r.crowed = Some(9)),
            None,
            "The player who Crowed is not in this game.",
        ),
        (
            &s,
            vec![],
            with(base(), &|r| {
                r.assisted = true;
                r.last_lay = LastLay::Several;
            }),
            None,
            "The Penalty for Assistance only applies…",
        ),
        (
            &t,
            vec![],
            with(base(), &|r| {
                r.challenges = vec![Challenge { seat: 4, side: ChallengeSide::Leader }]
            }),
            None,
            "A challenge names a player who is not in this game.",
        ),
    ];
    for (setup, log, r, player, says) in table {
        let e = refuse(setup, &log, r.clone());
        match says.strip_suffix('…') {
            Some(start) => assert!(e.message.starts_with(start), "{r:?}: {}", e.message),
            None => assert_eq!(e.message, says, "{r:?}"),
        }
        assert_eq!(e.player, player, "{r:?}: {}", e.message);
    }
    // A challenge needs the Tournament rule.
    let challenge = with(base(), &|r| {
        r.challenges = vec![Challenge {
            seat: BOB,
            side: ChallengeSide::Leader,
        }]
    });
    assert!(refuse(&s, &[], challenge)
        .message
        .contains("Tournament rule, which is off"));
    // 63 cards in the hands is still possible (one card on the table).
    assert!(BigChicken::apply(
        &s,
        &play(&s, &[]),
        &Entry::Round(round(ANN, &[0, 30, 29, 4]))
    )
    .is_ok());
}

#[test]
fn refusals_of_tie_answers_and_cards() {
    let s = setup(4);
    let mut r = round(ANN, &[0, 2, 2, 1]);
    r.highest_cards = vec![None, Some(egg(5, Suit::Orange)), None, None];
    let e = refuse(&s, &[], r.clone());
    assert_eq!(e.player, Some(BOB));
    assert_eq!(
        e.message,
        "There is no Orange 5 in the 64-card deck for 4 players."
    );
    r.highest_cards = vec![None, Some(Card::BigRed), Some(Card::BigRed), None];
    let e = refuse(&s, &[], r.clone());
    assert_eq!(e.player, Some(CY));
    assert!(
        e.message.contains("one copy of the Big Red"),
        "{}",
        e.message
    );
    r.highest_cards = vec![None; 5];
    let e = refuse(&s, &[], r.clone());
    assert_eq!(
        e.message,
        "The highest cards list 5 players; the game has 4."
    );
    r.highest_cards = Vec::new();
    r.bad_egg_pick = Some(4);
    let e = refuse(&s, &[], r);
    assert_eq!(e.message, "The Bad Egg picked is not in this game.");
}

#[test]
fn player_counts_outside_2_to_6_are_refused() {
    for n in [0, 1, 7] {
        let s = setup(6);
        let s = Setup {
            players: (0..n).map(|i| format!("P{i}")).collect(),
            ..s
        };
        assert!(BigChicken::check_setup(&s).is_err());
        let state = BigChicken::start(&s);
        let e = BigChicken::apply(&s, &state, &Entry::Round(round(0, &vec![0; n]))).unwrap_err();
        assert_eq!(
            e.message,
            format!("This game takes 2 to 6 players; {n} are seated.")
        );
        // Standings and help never panic either.
        let _ = BigChicken::standings(&s, &state);
        let _ = BigChicken::help(&s);
    }
    for n in 2..=6 {
        assert!(BigChicken::check_setup(&setup(n)).is_ok());
    }
}

#[test]
fn big_red_holder_entry() {
    let s = setup(4);
    let st = play(&s, &[Entry::BigRedHolder { seat: CY }]);
    assert_eq!(st.big_red, Some(CY));
    assert_eq!(st.leader(), Leader::BigRedHolder(Some(CY)));
    let status = BigChicken::standings(&s, &st).status;
    assert_eq!(
        status[1],
        "Leads: Cy (holds Big Red, shows it, cannot lead with it)"
    );
    let twice = BigChicken::apply(&s, &st, &Entry::BigRedHolder { seat: BOB }).unwrap_err();
    assert_eq!(
        twice.message,
        "Big Red's holder is already recorded; edit that entry instead."
    );
    let after = play(&s, &[quiet_round1()]);
    let late = BigChicken::apply(&s, &after, &Entry::BigRedHolder { seat: BOB }).unwrap_err();
    assert_eq!(
        late.message,
        "Big Red's holder only leads round 1, which is already recorded."
    );
    let far = BigChicken::apply(&s, &play(&s, &[]), &Entry::BigRedHolder { seat: 4 }).unwrap_err();
    assert_eq!(far.message, "The holder of Big Red is not in this game.");
    // The round after it points at log entry 1.
    let st = play(&s, &[Entry::BigRedHolder { seat: CY }, quiet_round1()]);
    assert_eq!(st.rounds[0].entry, 1);
    let sheet = BigChicken::standings(&s, &st).sheet;
    assert_eq!(sheet[0].entry, Some(1));
    assert!(sheet[0]
        .notes
        .contains(&"Cy held Big Red and led".to_string()));
}

// ------------------------------------------------- Good and Bad Eggs ----

#[test]
fn bad_egg_tie_in_round_1_asks_for_highest_cards() {
    let s = setup(4);
    let state = play(&s, &[]);
    // Bob and Cy both 3 cards: 3 points each; Dee 1.
    let mut r = round(DEE, &[1, 3, 3, 0]);
    let questions = pending_ties(&s, &state, &r).unwrap();
    assert_eq!(
        questions,
        vec![TieQuestion::BadEggHighestCards {
            seats: vec![BOB, CY],
            unanswered: vec![BOB, CY],
            points: 3
        }]
    );
    let e = BigChicken::apply(&s, &state, &Entry::Round(r.clone())).unwrap_err();
    assert_eq!(e.player, Some(BOB));
    assert_eq!(
        e.message,
        "Bad Egg tie: Bob and Cy scored 3 each. In round 1 the one holding the highest card is Bad Egg: what is the highest card each of them still holds?"
    );
    // One answer is not enough.
    r.highest_cards = vec![None, Some(egg(9, Suit::Blue)), None, None];
    let e = BigChicken::apply(&s, &state, &Entry::Round(r.clone())).unwrap_err();
    assert_eq!(e.player, Some(CY));
    // Cy's Green Chicken beats Bob's Blue 9.
    r.highest_cards = vec![
        None,
        Some(egg(9, Suit::Blue)),
        Some(Card::Chicken(Suit::Green)),
        None,
    ];
    assert!(pending_ties(&s, &state, &r).unwrap().is_empty());
    let st = play(&s, &[Entry::Round(r)]);
    assert_eq!(
        st.rounds[0].bad_egg,
        EggPick {
            seat: CY,
            by: EggReason::HighestCard(Some(Card::Chicken(Suit::Green)))
        }
    );
    assert_eq!(st.dealer(), Some(CY));
    let notes = &BigChicken::standings(&s, &st).sheet[0].notes;
    assert!(notes.contains(&"Bad Egg: Cy (tie: highest card, Green Chicken)".to_string()));
}

#[test]
fn bad_egg_round_1_equal_cards_then_the_table_picks() {
    let s = setup(4);
    let state = play(&s, &[]);
    let mut r = round(DEE, &[1, 3, 3, 0]);
    // Two copies of Green 7: still level.
    r.highest_cards = vec![
        None,
        Some(egg(7, Suit::Green)),
        Some(egg(7, Suit::Green)),
        None,
    ];
    assert_eq!(
        pending_ties(&s, &state, &r).unwrap(),
        vec![TieQuestion::BadEggPick {
            seats: vec![BOB, CY],
            points: 3
        }]
    );
    let e = BigChicken::apply(&s, &state, &Entry::Round(r.clone())).unwrap_err();
    assert_eq!(
        e.message,
        "Bad Egg tie: Bob and Cy scored 3 each and the tie rules leave them level. Who does the table pick as Bad Egg?"
    );
    // A pick outside the tie does not count.
    r.bad_egg_pick = Some(ANN);
    assert!(BigChicken::apply(&s, &state, &Entry::Round(r.clone())).is_err());
    r.bad_egg_pick = Some(BOB);
    let st = play(&s, &[Entry::Round(r)]);
    assert_eq!(
        st.rounds[0].bad_egg,
        EggPick {
            seat: BOB,
            by: EggReason::TablePick
        }
    );
}

/// What a round form asks as cards left are typed: the questions shown,
/// those still open, and what Save says.
fn asked(
    s: &Setup<Settings>,
    state: &State,
    base: &Round,
    answers: &TieAnswers,
) -> (Vec<TieQuestion>, Vec<TieQuestion>, Result<Round, RuleError>) {
    let shown = settle_ties(s, state, base, answers).unwrap().0;
    let open = open_ties(s, state, base, answers).unwrap();
    for q in &open {
        assert!(
            shown.iter().any(|x| x.same_kind(q)),
            "{q:?} open, not shown"
        );
    }
    (shown, open, round_with_answers(s, state, base, answers))
}

#[test]
fn tie_questions_follow_the_cards_left_as_typed() {
    let s = setup(4);
    let state = play(&s, &[]);
    let mut answers = TieAnswers {
        highest: vec![None; 4],
        ..TieAnswers::default()
    };
    // No tie: nothing shown, nothing open, Save takes it.
    let (shown, open, saved) = asked(&s, &state, &round(DEE, &[1, 3, 2, 0]), &answers);
    assert!(shown.is_empty() && open.is_empty());
    assert!(saved.is_ok());
    // Cy's 2 becomes 3: Bob and Cy tie on 3 in round 1 and the question
    // shows at once, unanswered; Save refuses and says what is missing.
    let tied = round(DEE, &[1, 3, 3, 0]);
    let (shown, open, saved) = asked(&s, &state, &tied, &answers);
    let question = TieQuestion::BadEggHighestCards {
        seats: vec![BOB, CY],
        unanswered: vec![BOB, CY],
        points: 3,
    };
    assert_eq!(shown, vec![question.clone()]);
    assert_eq!(open, vec![question.clone()]);
    assert_eq!(question.title(), "Bad Egg tie");
    assert_eq!(
        question.missing(&s),
        "Not answered yet: the highest card of Bob and Cy."
    );
    assert_eq!(
        saved.unwrap_err().message,
        "Answer the tie question first (Bad Egg tie). Not answered yet: the highest card of Bob and Cy."
    );
    // Bob answers: the question stays as shown, only Cy is missing.
    answers.highest[BOB] = Some(egg(7, Suit::Green));
    let (shown2, open, _) = asked(&s, &state, &tied, &answers);
    assert_eq!(shown2, shown);
    assert_eq!(open.len(), 1);
    assert_eq!(
        open[0].missing(&s),
        "Not answered yet: the highest card of Cy."
    );
    // Cy holds the other Green 7: level, so the table picks (shown too).
    answers.highest[CY] = Some(egg(7, Suit::Green));
    let (shown, open, saved) = asked(&s, &state, &tied, &answers);
    let pick = TieQuestion::BadEggPick {
        seats: vec![BOB, CY],
        points: 3,
    };
    assert_eq!(shown, vec![question.clone(), pick.clone()]);
    assert_eq!(open, vec![pick.clone()]);
    assert_eq!(
        saved.unwrap_err().message,
        "Answer the tie question first (Bad Egg tie). Not answered yet: tap the player the table picks as Bad Egg."
    );
    answers.bad_pick = Some(CY);
    let (_, open, saved) = asked(&s, &state, &tied, &answers);
    assert!(open.is_empty());
    let saved = saved.unwrap();
    assert_eq!(saved.bad_egg_pick, Some(CY));
    assert_eq!(saved.highest_cards[CY], Some(egg(7, Suit::Green)));
    // Bob's 3 becomes 4: the tie is gone, so are the questions, and the
    // answers kept for it are not saved with the round.
    let (shown, open, saved) = asked(&s, &state, &round(DEE, &[1, 4, 3, 0]), &answers);
    assert!(shown.is_empty() && open.is_empty());
    let saved = saved.unwrap();
    assert_eq!(saved.bad_egg_pick, None);
    assert!(saved.highest_cards.is_empty());
    // Back to the tie: the answers kept settle it again.
    let (shown, open, saved) = asked(&s, &state, &tied, &answers);
    assert_eq!(shown.len(), 2);
    assert!(open.is_empty());
    assert_eq!(saved.unwrap().bad_egg_pick, Some(CY));
}

#[test]
fn good_egg_tie_question_for_the_table() {
    let s = tournament(3);
    let state = play(&s, &[]);
    let lost = Challenge {
        seat: ANN,
        side: ChallengeSide::Leader,
    };
    let mut r = round(ANN, &[0, 4, 4]);
    r.challenges = vec![lost, lost];
    let mut answers = TieAnswers::default();
    let (shown, open, saved) = asked(&s, &state, &r, &answers);
    assert_eq!(shown.len(), 1);
    assert_eq!(shown[0].title(), "Good Egg tie");
    assert_eq!(
        open[0].missing(&s),
        "Not answered yet: tap the player the table picks as Good Egg."
    );
    assert!(saved.is_err());
    // A pick outside the tie answers nothing.
    answers.good_pick = Some(ANN);
    assert_eq!(asked(&s, &state, &r, &answers).1.len(), 1);
    answers.good_pick = Some(BOB);
    let (_, open, saved) = asked(&s, &state, &r, &answers);
    assert!(open.is_empty());
    assert_eq!(saved.unwrap().good_egg_pick, Some(BOB));
}

#[test]
fn bad_egg_round_1_tie_with_the_winner_goes_to_the_card_holder() {
    // Tournament: Ann went out but lost two challenges (10); Bob holds 5
    // cards (3 players: 5×1 = 5) plus one challenge = 10; Cy 1 card.
    let s = tournament(3);
    let mut r = round(ANN, &[0, 5, 1]);
    let lose = |seat| Challenge {
        seat,
        side: ChallengeSide::Leader,
    };
    r.challenges = vec![lose(ANN), lose(ANN), lose(BOB)];
    let st = play(&s, &[Entry::Round(r)]);
    assert_eq!(st.rounds[0].points, vec![10, 10, 1]);
    // Ann holds no card, so Bob holds the highest: no question asked.
    assert_eq!(
        st.rounds[0].bad_egg,
        EggPick {
            seat: BOB,
            by: EggReason::HighestCard(None)
        }
    );
    assert_eq!(st.rounds[0].good_egg.seat, CY);
}

#[test]
fn bad_egg_tie_later_goes_to_the_highest_total_then_the_table() {
    let s = setup(4);
    // Round 1 totals: Ann 0, Bob 1, Cy 2, Dee 3.
    let log = [quiet_round1()];
    // Round 2: Ann out; Bob, Cy and Dee 4 cards each (4 points).
    let r = last(
        &s,
        &[quiet_round1(), Entry::Round(round(ANN, &[0, 4, 4, 4]))],
    );
    assert_eq!(r.totals, vec![0, 5, 6, 7]);
    assert_eq!(
        r.bad_egg,
        EggPick {
            seat: DEE,
            by: EggReason::HighestTotal
        }
    );
    // Equal totals: round 1 Ann out, Bob 2, Cy 2, Dee 3; round 2 Bob and Cy
    // 3 cards each: totals 5 and 5.
    let log2 = [
        Entry::Round(round(ANN, &[0, 2, 2, 3])),
        Entry::Round(round(DEE, &[1, 3, 3, 0])),
    ];
    let state = play(&s, &log2[..1]);
    let Entry::Round(mut r2) = log2[1].clone() else {
        unreachable!()
    };
    assert_eq!(
        pending_ties(&s, &state, &r2).unwrap(),
        vec![TieQuestion::BadEggPick {
            seats: vec![BOB, CY],
            points: 3
        }]
    );
    r2.bad_egg_pick = Some(CY);
    let st = play(&s, &[log2[0].clone(), Entry::Round(r2)]);
    assert_eq!(st.rounds[1].bad_egg.seat, CY);
    assert_eq!(st.rounds[1].bad_egg.by, EggReason::TablePick);
    // Highest cards are not asked after round 1.
    assert_eq!(play(&s, &log).rounds.len(), 1);
}

#[test]
fn good_egg_tie_goes_to_the_player_who_went_out() {
    // 3 players, tournament: Ann went out and lost one challenge (5);
    // Bob holds 5 cards (5); Cy 8 cards (16).
    let s = tournament(3);
    let mut r = round(ANN, &[0, 5, 8]);
    r.challenges = vec![Challenge {
        seat: ANN,
        side: ChallengeSide::Leader,
    }];
    let st = play(&s, &[Entry::Round(r)]);
    assert_eq!(st.rounds[0].points, vec![5, 5, 16]);
    assert_eq!(
        st.rounds[0].good_egg,
        EggPick {
            seat: ANN,
            by: EggReason::WentOut
        }
    );
    assert_eq!(st.rounds[0].bad_egg.seat, CY);
}

#[test]
fn good_egg_tie_without_the_winner_asks_the_table() {
    // Ann went out but lost two challenges (10); Bob and Cy hold 4 cards (4).
    let s = tournament(3);
    let mut r = round(ANN, &[0, 4, 4]);
    let lost = Challenge {
        seat: ANN,
        side: ChallengeSide::Leader,
    };
    r.challenges = vec![lost, lost];
    let state = play(&s, &[]);
    assert_eq!(
        pending_ties(&s, &state, &r).unwrap(),
        vec![TieQuestion::GoodEggPick {
            seats: vec![BOB, CY],
            points: 4
        }]
    );
    let e = BigChicken::apply(&s, &state, &Entry::Round(r.clone())).unwrap_err();
    assert_eq!(
        e.message,
        "Good Egg tie: Bob and Cy scored 4 each and none of them went out. Who does the table pick as Good Egg?"
    );
    r.good_egg_pick = Some(CY);
    let st = play(&s, &[Entry::Round(r)]);
    assert_eq!(
        st.rounds[0].good_egg,
        EggPick {
            seat: CY,
            by: EggReason::TablePick
        }
    );
    assert_eq!(st.rounds[0].bad_egg.seat, ANN);
    // Next round: Ann deals, Cy leads unless someone Crows.
    let next = st.next_round().unwrap();
    assert_eq!(next.dealer, Some(ANN));
    assert_eq!(next.leader, Leader::CrowElseGoodEgg(CY));
}

#[test]
fn everyone_level_the_winner_is_good_and_the_other_is_bad() {
    // 2 players: Ann went out with 2 lost challenges (10); Bob 5 cards ×2.
    let s = tournament(2);
    let mut r = round(ANN, &[0, 5]);
    let lost = Challenge {
        seat: ANN,
        side: ChallengeSide::Leader,
    };
    r.challenges = vec![lost, lost];
    let st = play(&s, &[Entry::Round(r)]);
    assert_eq!(st.rounds[0].points, vec![10, 10]);
    assert_eq!(st.rounds[0].good_egg.seat, ANN);
    assert_eq!(
        st.rounds[0].bad_egg,
        EggPick {
            seat: BOB,
            by: EggReason::OnlyOther
        }
    );
}

// --------------------------------------------------------- the end -----

#[test]
fn the_game_ends_after_the_round_reaching_100() {
    let s = setup(3);
    // Round 1: Ann out, Bob 16 (×4 = 64), Cy 1.
    // Round 2: Ann out, Bob 10 (×2 = 20), Cy 1: Bob 84.
    // Round 3: Ann out, Bob 8 (×2 = 16), Cy 1: Bob 100 -> over.
    let log = vec![
        Entry::Round(round(ANN, &[0, 16, 1])),
        Entry::Round(round(ANN, &[0, 10, 1])),
        Entry::Round(round(ANN, &[0, 8, 1])),
    ];
    let st = play(&s, &log[..2]);
    assert!(!st.is_over());
    let st = play(&s, &log);
    assert_eq!(st.totals(), vec![0, 100, 3]);
    assert_eq!(st.end(), Some(GameEnd::Reached100));
    assert_eq!(st.next_round(), None);
    let e = BigChicken::apply(&s, &st, &Entry::Round(round(ANN, &[0, 1, 1]))).unwrap_err();
    assert_eq!(
        e.message,
        "The game is over: someone reached 100 points. Undo or edit a round to play on."
    );
    let out = BigChicken::standings(&s, &st).outcome.unwrap();
    assert_eq!(out.winners, vec![ANN]);
    assert_eq!(out.ranks, vec![1, 3, 2]);
    assert_eq!(
        out.notes,
        vec![
            "Game over after round 3: someone reached 100.",
            "Rotten Egg: Bob (100 points)",
            "Golden Egg: Ann (0 points)"
        ]
    );
    // Undo reopens the game.
    let st = play(&s, &undo_last(&log));
    assert!(BigChicken::standings(&s, &st).outcome.is_none());
}

#[test]
fn the_game_ends_after_round_10() {
    let s = setup(3);
    // Ten rounds, Ann out each time, Bob 2 cards, Cy 1: Bob 20, Cy 10.
    let log: Vec<Entry> = (0..10)
        .map(|_| Entry::Round(round(ANN, &[0, 2, 1])))
        .collect();
    let st = play(&s, &log[..9]);
    assert_eq!(st.next_round().unwrap().number, 10);
    let st = play(&s, &log);
    assert_eq!(st.totals(), vec![0, 20, 10]);
    assert_eq!(st.end(), Some(GameEnd::TenRounds));
    let e = BigChicken::apply(&s, &st, &Entry::Round(round(ANN, &[0, 2, 1]))).unwrap_err();
    assert_eq!(
        e.message,
        "The game is over after 10 rounds. Undo or edit a round to play on."
    );
    let standings = BigChicken::standings(&s, &st);
    assert!(standings.status.is_empty());
    let out = standings.outcome.unwrap();
    assert_eq!(out.winners, vec![ANN]);
    assert_eq!(out.notes[0], "Game over after round 10.");
}

#[test]
fn rotten_egg_ties_share() {
    let s = setup(3);
    // Ten rounds: Ann out, Bob and Cy 1 card each: 10 and 10.
    let log: Vec<Entry> = (0..10)
        .map(|_| Entry::Round(round(ANN, &[0, 1, 1]).with_pick(BOB)))
        .collect();
    let st = play(&s, &log);
    let out = BigChicken::standings(&s, &st).outcome.unwrap();
    assert_eq!(
        out.notes[1],
        "Rotten Eggs (shared): Bob and Cy (10 points each)"
    );
    assert_eq!(out.ranks, vec![1, 2, 2]);
}

trait WithPick {
    fn with_pick(self, seat: usize) -> Round;
}

impl WithPick for Round {
    fn with_pick(mut self, seat: usize) -> Round {
        self.bad_egg_pick = Some(seat);
        self.highest_cards = vec![None, Some(egg(7, Suit::Blue)), Some(egg(7, Suit::Blue))];
        self
    }
}

// ---------------------------------------------- a whole 4-player game ---

#[test]
fn a_complete_four_player_game() {
    // Ann, Bob, Cy, Dee; 4 players: 64 cards, 16 each; multipliers
    // 1-4 ×1, 5-9 ×2, 10-14 ×3, 15-16 ×4.
    let s = setup(4);
    let mut log = vec![Entry::BigRedHolder { seat: CY }];

    // Round 1 (Cy holds Big Red and leads; Cluckwise). Ann goes out on a
    // single card; Dee, right before her, could have stopped it.
    //   Bob 5 cards × 2 = 10
    //   Cy  9 cards × 2 = 18
    //   Dee 3 cards × 1 = 3, + Assistance (Bob 10 + Cy 18) = 28 -> 31
    //   Points 0, 10, 18, 31 = totals. Bad Egg Dee, Good Egg Ann.
    let mut r1 = round(ANN, &[0, 5, 9, 3]);
    r1.assisted = true;
    log.push(Entry::Round(r1));
    let st = play(&s, &log);
    assert_eq!(st.rounds[0].points, vec![0, 10, 18, 31]);
    assert_eq!(st.totals(), vec![0, 10, 18, 31]);
    assert_eq!(st.dealer(), Some(DEE));
    assert_eq!(st.good_egg(), Some(ANN));
    assert_eq!(
        BigChicken::standings(&s, &st).status[..3],
        [
            "Round 2 · Dealer: Dee (Bad Egg)",
            "Leads: Ann (Good Egg), unless someone Crows",
            "Card exchange: Ann (Good Egg) gives Dee (Bad Egg) their best card, never Big Red, face up; Dee must take it and gives back any other card, face up.",
        ]
    );

    // Round 2 (Dee deals). Bob Crows and goes out with a pair (Egging); a
    // Duck flipped the card to Counter-Cluckwise.
    //   Ann 2 cards × 1 = 2  + 15 + 5 = 22
    //   Cy  4 cards × 1 = 4  + 15 + 5 = 24
    //   Dee 7 cards × 2 = 14 + 15 + 5 = 34
    //   Totals 22, 10, 42, 65. Bad Egg Dee, Good Egg Bob.
    let mut r2 = round(BOB, &[2, 0, 4, 7]);
    r2.crowed = Some(BOB);
    r2.last_lay = LastLay::Several;
    r2.direction = Direction::CounterCluckwise;
    log.push(Entry::Round(r2));
    let st = play(&s, &log);
    assert_eq!(st.rounds[1].points, vec![22, 0, 24, 34]);
    assert_eq!(st.totals(), vec![22, 10, 42, 65]);
    assert_eq!(st.dealer(), Some(DEE));
    assert_eq!(st.leader(), Leader::CrowElseGoodEgg(BOB));
    assert_eq!(st.direction(), Direction::CounterCluckwise);

    // Round 3 (Dee deals, Counter-Cluckwise). Cy Crows, but Ann goes out on
    // a single card; Bob (before Ann Counter-Cluckwise) assisted.
    //   Bob 3 cards × 1 = 3, + Assistance (Cy 30 + Dee 1) = 31 -> 34
    //   Cy 10 cards × 3 = 30, + Eating Crow 20 -> 50
    //   Dee 1 card × 1 = 1
    //   Totals 22, 44, 92, 66. Bad Egg Cy, Good Egg Ann.
    let mut r3 = round(ANN, &[0, 3, 10, 1]);
    r3.crowed = Some(CY);
    r3.assisted = true;
    r3.direction = Direction::CounterCluckwise;
    log.push(Entry::Round(r3));
    let st = play(&s, &log);
    assert_eq!(st.rounds[2].points, vec![0, 34, 50, 1]);
    assert_eq!(st.rounds[2].assistant, Some(BOB));
    assert_eq!(st.totals(), vec![22, 44, 92, 66]);
    assert_eq!(st.dealer(), Some(CY));

    // Round 4 (Cy deals). Dee goes out; Ann 4, Bob 4, Cy 2 cards.
    //   Points 4, 4, 2, 0 -> totals 26, 48, 94, 66.
    //   Bad Egg tie Ann/Bob on 4: Bob has the higher total (48). Good Egg Dee.
    let mut r4 = round(DEE, &[4, 4, 2, 0]);
    r4.direction = Direction::CounterCluckwise;
    log.push(Entry::Round(r4));
    let st = play(&s, &log);
    assert_eq!(st.rounds[3].points, vec![4, 4, 2, 0]);
    assert_eq!(st.totals(), vec![26, 48, 94, 66]);
    assert_eq!(
        st.rounds[3].bad_egg,
        EggPick {
            seat: BOB,
            by: EggReason::HighestTotal
        }
    );
    assert!(!st.is_over());

    // Round 5 (Bob deals, Dee leads). Bob goes out; play ended Cluckwise.
    //   Ann 8 × 2 = 16, Cy 5 × 2 = 10, Dee 6 × 2 = 12.
    //   Totals 42, 48, 104, 78: Cy passed 100, the game is over.
    log.push(Entry::Round(round(BOB, &[8, 0, 5, 6])));
    let st = play(&s, &log);
    assert_eq!(st.rounds[4].points, vec![16, 0, 10, 12]);
    assert_eq!(st.totals(), vec![42, 48, 104, 78]);
    assert!(st.is_over());
    let standings = BigChicken::standings(&s, &st);
    assert_eq!(
        standings.totals,
        vec![
            Points::new(42),
            Points::new(48),
            Points::new(104),
            Points::new(78)
        ]
    );
    assert_eq!(standings.sheet.len(), 5);
    let running: Vec<Vec<Points>> = standings.sheet.iter().map(|r| r.totals.clone()).collect();
    assert_eq!(
        running[2],
        vec![
            Points::new(22),
            Points::new(44),
            Points::new(92),
            Points::new(66)
        ]
    );
    let out = standings.outcome.unwrap();
    assert_eq!(out.winners, vec![ANN]);
    assert_eq!(out.ranks, vec![1, 2, 4, 3]);
    assert_eq!(out.notes[1], "Rotten Egg: Cy (104 points)");
    assert_eq!(out.notes[2], "Golden Egg: Ann (42 points)");
    assert_eq!(golden_tie(&s, &st), None);

    // Editing round 1 (Dee's assistance was a mistake) recomputes the rest:
    // Dee loses 28 everywhere, and round 1's Bad Egg is now Cy (18).
    let mut r1b = round(ANN, &[0, 5, 9, 3]);
    r1b.assisted = false;
    let edited = replace_entry::<BigChicken>(&s, &log, 1, Entry::Round(r1b)).unwrap();
    let st = play(&s, &edited);
    assert_eq!(st.totals(), vec![42, 48, 104, 50]);
    assert_eq!(st.rounds[0].bad_egg.seat, CY);
}

// -------------------------------------------------- the card draw ------

#[test]
fn golden_egg_tie_waits_for_the_card_draw() {
    let s = setup(4);
    // Ten rounds alternating: Ann out (Bob 1, Cy 1, Dee 3 cards), then Cy
    // out (Ann 1, Bob 1, Dee 3). Totals: Ann 5, Bob 10, Cy 5, Dee 30.
    let mut log = Vec::new();
    for i in 0..10 {
        log.push(Entry::Round(if i % 2 == 0 {
            round(ANN, &[0, 1, 1, 3])
        } else {
            round(CY, &[1, 1, 0, 3])
        }));
    }
    let st = play(&s, &log);
    assert_eq!(st.totals(), vec![5, 10, 5, 30]);
    // The last Good Egg is Cy (went out in round 10): Cy draws first.
    assert_eq!(st.good_egg(), Some(CY));
    assert_eq!(golden_tie(&s, &st), Some(vec![CY, ANN]));
    let standings = BigChicken::standings(&s, &st);
    let out = standings.outcome.unwrap();
    assert_eq!(out.winners, vec![ANN, CY]);
    assert_eq!(out.ranks, vec![1, 3, 1, 4]);
    assert_eq!(
        out.notes[2],
        "Golden Egg tie between Ann and Cy (5 points each): the card draw is pending."
    );
    // Not announced as a shared win until the draw is recorded.
    assert_eq!(
        out.pending.as_deref(),
        Some("Golden Egg tie: card draw pending")
    );
    assert_eq!(
        standings.status,
        vec!["Golden Egg tie between Cy and Ann: draw cards to break it, starting with Cy (the last Good Egg) and going clockwise."]
    );

    // Cy and Ann both draw Green 7, then Cy a Duck and Ann a Blue 2.
    let draw = CardDraw {
        players: vec![CY, ANN],
        draws: vec![
            vec![egg(7, Suit::Green), egg(7, Suit::Green)],
            vec![Card::Duck, egg(2, Suit::Blue)],
        ],
        app_dealt: false,
    };
    // Unfinished draws and wrong players are refused.
    let unfinished = CardDraw {
        draws: vec![vec![egg(7, Suit::Green), egg(7, Suit::Green)]],
        ..draw.clone()
    };
    let e = BigChicken::apply(&s, &st, &Entry::CardDraw(unfinished)).unwrap_err();
    assert_eq!(
        e.message,
        "The draw is not finished: Cy and Ann must draw (again)."
    );
    let wrong = CardDraw {
        players: vec![CY, BOB],
        ..draw.clone()
    };
    let e = BigChicken::apply(&s, &st, &Entry::CardDraw(wrong)).unwrap_err();
    assert_eq!(
        e.message,
        "The Golden Egg tie is between Cy and Ann, so they are the ones who draw."
    );
    log.push(Entry::CardDraw(draw.clone()));
    let st = play(&s, &log);
    assert_eq!(st.golden_draw.as_ref().unwrap().winner, ANN);
    assert_eq!(golden_tie(&s, &st), None);
    let out = BigChicken::standings(&s, &st).outcome.unwrap();
    assert_eq!(out.winners, vec![ANN]);
    assert_eq!(out.ranks, vec![1, 3, 2, 4]);
    assert_eq!(
        out.notes[2],
        "Golden Egg: Ann (5 points), winning the card draw against Cy"
    );
    assert_eq!(
        out.notes[3],
        "Card draw: Cy Green 7, Ann Green 7; then Cy Duck, Ann Blue 2"
    );
    // A second draw is refused.
    let e = BigChicken::apply(&s, &st, &Entry::CardDraw(draw)).unwrap_err();
    assert_eq!(
        e.message,
        "The Golden Egg tie is already broken; edit that draw instead."
    );
}

#[test]
fn card_draw_is_refused_without_a_tie_or_before_the_end() {
    let s = setup(3);
    let draw = Entry::CardDraw(CardDraw {
        players: vec![ANN, BOB],
        draws: vec![vec![egg(9, Suit::Blue), egg(8, Suit::Blue)]],
        app_dealt: false,
    });
    let e = BigChicken::apply(&s, &play(&s, &[]), &draw).unwrap_err();
    assert_eq!(
        e.message,
        "The card draw for the Golden Egg comes after the game's last round."
    );
    let over = play(
        &s,
        &[
            Entry::Round(round(ANN, &[0, 16, 16]).with_pick(BOB)),
            Entry::Round(round(ANN, &[0, 16, 1])),
        ],
    );
    assert!(over.is_over());
    let e = BigChicken::apply(&s, &over, &draw).unwrap_err();
    assert_eq!(e.message, "There is no Golden Egg tie to break.");
}

#[test]
fn draw_order_starts_with_the_last_good_egg_or_the_next_tied() {
    assert_eq!(draw_order(5, 2, &[0, 2, 4]), vec![2, 4, 0]);
    assert_eq!(draw_order(5, 3, &[0, 2, 4]), vec![4, 0, 2]);
    assert_eq!(draw_order(4, 3, &[1, 2]), vec![1, 2]);
    assert_eq!(draw_order(4, 0, &[3, 9, 1]), vec![1, 3]);
}

#[test]
fn real_draws_are_judged_and_impossible_ones_refused() {
    let d = deck(4);
    // Ann Green 7, Bob Blue 3, Cy Green 7: Ann and Cy draw again.
    let r = judge_draws(
        &d,
        &[ANN, BOB, CY],
        &[vec![
            egg(7, Suit::Green),
            egg(3, Suit::Blue),
            egg(7, Suit::Green),
        ]],
    )
    .unwrap();
    assert_eq!(r.verdict, DrawVerdict::DrawNext(vec![ANN, CY]));
    // Then Ann Duck, Cy Blue 2: Cy wins.
    let draws = vec![
        vec![egg(7, Suit::Green), egg(3, Suit::Blue), egg(7, Suit::Green)],
        vec![Card::Duck, egg(2, Suit::Blue)],
    ];
    let r = judge_draws(&d, &[ANN, BOB, CY], &draws).unwrap();
    assert_eq!(r.verdict, DrawVerdict::Winner(CY));
    assert_eq!(
        r.rounds[1],
        vec![(ANN, Card::Duck), (CY, egg(2, Suit::Blue))]
    );
    assert_eq!(r.reshuffled, vec![false, false]);
    // Nothing drawn yet: everyone draws.
    assert_eq!(
        judge_draws(&d, &[BOB, ANN], &[]).unwrap().verdict,
        DrawVerdict::DrawNext(vec![BOB, ANN])
    );
    // A third Green 7 does not exist.
    let e = judge_draws(
        &d,
        &[ANN, BOB, CY],
        &[
            vec![egg(7, Suit::Green), egg(3, Suit::Blue), egg(7, Suit::Green)],
            vec![egg(7, Suit::Green), egg(2, Suit::Blue)],
        ],
    )
    .unwrap_err();
    assert_eq!(e.player, Some(ANN));
    assert_eq!(
        e.message,
        "The deck has 2 copies of the Green 7, and it has been drawn more often than that."
    );
    // Big Red twice.
    let e = judge_draws(&d, &[ANN, BOB], &[vec![Card::BigRed, Card::BigRed]]).unwrap_err();
    assert_eq!(e.player, Some(BOB));
    // Not in the 4-player deck.
    let e = judge_draws(&d, &[ANN, BOB], &[vec![egg(5, Suit::Orange), Card::Duck]]).unwrap_err();
    assert_eq!(e.message, "There is no Orange 5 in this deck.");
    // Wrong count, cards after the end, no players, repeats.
    let e = judge_draws(&d, &[ANN, BOB], &[vec![Card::Duck]]).unwrap_err();
    assert_eq!(
        e.message,
        "Draw 1: 2 players draw, but the draw lists 1 card."
    );
    let e = judge_draws(
        &d,
        &[ANN, BOB],
        &[vec![Card::BigRed, Card::Duck], vec![Card::Duck, Card::Duck]],
    )
    .unwrap_err();
    assert_eq!(
        e.message,
        "Draw 2: the draw was already decided, so no more cards are drawn."
    );
    assert!(judge_draws(&d, &[], &[]).is_err());
    assert!(judge_draws(&d, &[ANN, ANN], &[]).is_err());
    // One player wins without drawing.
    assert_eq!(
        judge_draws(&d, &[DEE], &[]).unwrap().verdict,
        DrawVerdict::Winner(DEE)
    );
}

#[test]
fn all_ducks_draw_again_and_a_short_deck_is_reshuffled() {
    let ducks = vec![Card::Duck, Card::Duck, Card::Duck, egg(2, Suit::Blue)];
    // Real draw: all three draw Ducks; one card is left for three players,
    // so the deck is reshuffled; then Bob draws the Blue 2.
    let r = judge_draws(
        &ducks,
        &[ANN, BOB, CY],
        &[
            vec![Card::Duck, Card::Duck, Card::Duck],
            vec![Card::Duck, egg(2, Suit::Blue), Card::Duck],
        ],
    )
    .unwrap();
    assert_eq!(r.verdict, DrawVerdict::Winner(BOB));
    assert_eq!(r.reshuffled, vec![false, true]);
    // Two Ducks and the Blue 2 among three players: the Blue 2 wins.
    let r = judge_draws(
        &ducks,
        &[ANN, BOB, CY],
        &[vec![Card::Duck, Card::Duck, egg(2, Suit::Blue)]],
    )
    .unwrap();
    assert_eq!(r.verdict, DrawVerdict::Winner(CY));
    // A fourth Duck in one pass is impossible.
    let e = judge_draws(
        &ducks,
        &[ANN, BOB],
        &[vec![Card::Duck, Card::Duck], vec![Card::Duck, Card::Duck]],
    )
    .unwrap_err();
    assert_eq!(e.player, Some(BOB));
}

#[test]
fn virtual_draws_are_valid_draws_with_one_winner() {
    let d = deck(4);
    let mut rng = common::rng(67);
    // Every virtual draw is a valid real draw with one winner, and some
    // needed a redraw.
    let mut redraws = 0;
    for _ in 0..2000 {
        let draws = virtual_draw(&d, &[ANN, BOB, CY, DEE], &mut rng).unwrap();
        if draws.len() > 1 {
            redraws += 1;
        }
        match judge_draws(&d, &[ANN, BOB, CY, DEE], &draws)
            .unwrap()
            .verdict
        {
            DrawVerdict::Winner(_) => {}
            other => panic!("{draws:?}: {other:?}"),
        }
    }
    assert!(redraws > 0);
    // An all-Duck deck section: level draws run the deck out, and the
    // whole deck is reshuffled before the next draw round.
    let ducks = vec![Card::Duck, Card::Duck, Card::Duck, egg(2, Suit::Blue)];
    let mut reshuffled = 0;
    for _ in 0..200 {
        let draws = virtual_draw(&ducks, &[ANN, BOB, CY], &mut rng).unwrap();
        let r = judge_draws(&ducks, &[ANN, BOB, CY], &draws).unwrap();
        assert!(matches!(r.verdict, DrawVerdict::Winner(_)), "{draws:?}");
        reshuffled += usize::from(r.reshuffled.iter().any(|x| *x));
    }
    assert!(reshuffled > 0);
    // A deck that can never settle is refused, not looped forever.
    assert!(virtual_draw(&[Card::Duck, Card::Duck], &[ANN, BOB], &mut rng).is_err());
    assert!(virtual_draw(&[Card::Duck], &[ANN, BOB], &mut rng).is_err());
    assert_eq!(
        virtual_draw(&d, &[BOB], &mut rng).unwrap(),
        Vec::<Vec<Card>>::new()
    );
}

#[test]
fn a_virtual_draw_settles_the_golden_egg() {
    let s = setup(4);
    let mut log = Vec::new();
    for i in 0..10 {
        log.push(Entry::Round(if i % 2 == 0 {
            round(ANN, &[0, 1, 1, 3])
        } else {
            round(CY, &[1, 1, 0, 3])
        }));
    }
    let st = play(&s, &log);
    let order = golden_tie(&s, &st).unwrap();
    assert_eq!(order, vec![CY, ANN]);
    let draws = virtual_draw(&deck(4), &order, &mut common::rng(67)).unwrap();
    let DrawVerdict::Winner(winner) = judge_draws(&deck(4), &order, &draws).unwrap().verdict else {
        panic!("a virtual draw has a winner");
    };
    log.push(Entry::CardDraw(CardDraw {
        players: order.clone(),
        draws,
        app_dealt: true,
    }));
    let st = play(&s, &log);
    let recorded = st.golden_draw.unwrap();
    assert_eq!(recorded.winner, winner);
    assert!(recorded.app_dealt);
}

// ------------------------------------------------ status and help ------

#[test]
fn status_before_round_1_and_typed_accessors() {
    let s = tournament(4);
    let st = BigChicken::start(&s);
    assert_eq!(
        BigChicken::standings(&s, &st).status,
        vec![
            "Round 1 · Dealer: anyone",
            "Leads: the holder of Big Red (they show it and cannot lead with it)",
            "Direction: Cluckwise",
            "Deal the 64-card deck: 16 cards each.",
            "Last Egg: say it with one card left; a player Caught takes 2 cards from the shuffled discards (no points).",
            "Tournament rule: a Fowl lead before the Eggs are Broken may be challenged; whoever is wrong gets +5.",
        ]
    );
    let next = st.next_round().unwrap();
    assert_eq!(
        next,
        NextRound {
            number: 1,
            dealer: None,
            good_egg: None,
            leader: Leader::BigRedHolder(None),
            direction: Direction::Cluckwise,
            crowing: false,
        }
    );
    let draft = st.draft_round();
    assert_eq!(draft.cards_left, vec![0, 0, 0, 0]);
    assert_eq!(draft.out, None);
    assert_eq!(draft.direction, Direction::Cluckwise);
    let st = play(&s, &[Entry::Round(flipped_round())]);
    assert_eq!(st.draft_round().direction, Direction::CounterCluckwise);
    assert!(st.next_round().unwrap().crowing);
}

#[test]
fn help_lists_the_rulings() {
    let help2 = BigChicken::help(&setup(2));
    let titles: Vec<&str> = help2.iter().map(|h| h.title.as_str()).collect();
    assert!(titles.contains(&"Two players"));
    let card = help2.iter().find(|h| h.title == "Card score").unwrap();
    assert_eq!(
        card.text,
        "Cards left × the multiplier for 2 players: 1-4 cards ×1, 5-9 cards ×2, 10-14 cards ×3, 15-16 cards ×4. A larger hand (possible after a Last Egg catch) also scores ×4."
    );
    let help3 = BigChicken::help(&setup(3));
    assert!(!help3.iter().any(|h| h.title == "Two players"));
    let card = help3.iter().find(|h| h.title == "Card score").unwrap();
    assert!(card.text.contains("16 cards ×4"));
    let off = help3.iter().find(|h| h.title == "Tournament rule").unwrap();
    assert!(off.text.starts_with("Off"));
    let on = BigChicken::help(&tournament(3));
    let on = on.iter().find(|h| h.title == "Tournament rule").unwrap();
    assert!(on.text.starts_with("On"));
    for title in [
        "Deck",
        "Suits",
        "Pecking Order",
        "Penalties",
        "Crowing",
        "Egging",
        "Penalty for Assistance",
        "Last Egg",
        "Bad Egg",
        "Good Egg",
        "Next round",
        "Direction of play",
        "End of the game",
        "Golden Egg tie",
        "Checks",
    ] {
        assert!(help3.iter().any(|h| h.title == title), "missing {title}");
    }
}

#[test]
fn entry_json_is_stable() {
    let mut r = round(CY, &[5, 12, 0, 7]);
    r.crowed = Some(BOB);
    r.assisted = true;
    r.direction = Direction::CounterCluckwise;
    let json = serde_json::to_string(&Entry::Round(r.clone())).unwrap();
    assert_eq!(
        json,
        r#"{"round":{"out":2,"last_lay":"single","cards_left":[5,12,0,7],"crowed":1,"assisted":true,"direction":"counter_cluckwise"}}"#
    );
    let back: Entry = serde_json::from_str(&json).unwrap();
    assert_eq!(back, Entry::Round(r));
    let draw = Entry::CardDraw(CardDraw {
        players: vec![2, 0],
        draws: vec![vec![egg(7, Suit::Green), Card::Duck]],
        app_dealt: true,
    });
    let json = serde_json::to_string(&draw).unwrap();
    assert_eq!(
        json,
        r#"{"card_draw":{"players":[2,0],"draws":[[{"egg":{"number":7,"suit":"green"}},"duck"]],"app_dealt":true}}"#
    );
    assert_eq!(serde_json::from_str::<Entry>(&json).unwrap(), draw);
    assert_eq!(
        serde_json::to_string(&Entry::BigRedHolder { seat: 1 }).unwrap(),
        r#"{"big_red_holder":{"seat":1}}"#
    );
    assert_eq!(
        serde_json::to_string(&Card::Chicken(Suit::Orange)).unwrap(),
        r#"{"chicken":"orange"}"#
    );
    assert_eq!(
        serde_json::to_string(&Card::BigRed).unwrap(),
        r#""big_red""#
    );
    // Missing optional fields read back with their defaults.
    let min: Entry = serde_json::from_str(r#"{"round":{"out":0,"cards_left":[0,3]}}"#).unwrap();
    assert_eq!(min, Entry::Round(round(0, &[0, 3])));
    let settings: Settings = serde_json::from_str("{}").unwrap();
    assert!(!settings.tournament);
}

// -------------------------------------------------- property tests -----

fn any_card() -> impl Strategy<Value = Card> {
    let suit = prop_oneof![
        Just(Suit::Blue),
        Just(Suit::Green),
        Just(Suit::Yellow),
        Just(Suit::Orange)
    ];
    prop_oneof![
        Just(Card::Duck),
        (any::<u8>(), suit.clone()).prop_map(|(n, s)| Card::egg(n % 12, s)),
        suit.prop_map(Card::Chicken),
        Just(Card::BigRed),
    ]
}

fn any_round() -> impl Strategy<Value = Round> {
    (
        (
            proptest::option::of(0usize..8),
            any::<bool>(),
            proptest::collection::vec(prop_oneof![0u32..20, any::<u32>()], 0..8),
            proptest::option::of(0usize..8),
            any::<bool>(),
            proptest::collection::vec((0usize..8, any::<bool>()), 0..3),
        ),
        (
            any::<bool>(),
            any::<bool>(),
            proptest::collection::vec(proptest::option::of(any_card()), 0..8),
            proptest::option::of(0usize..8),
            proptest::option::of(0usize..8),
        ),
    )
        .prop_map(
            |((out, several, cards, crowed, assisted, ch), (dir, flip, highest, bad, good))| {
                Round {
                    out,
                    last_lay: if several {
                        LastLay::Several
                    } else {
                        LastLay::Single
                    },
                    cards_left: cards,
                    crowed,
                    assisted,
                    challenges: ch
                        .into_iter()
                        .map(|(seat, leader)| Challenge {
                            seat,
                            side: if leader {
                                ChallengeSide::Leader
                            } else {
                                ChallengeSide::Challenger
                            },
                        })
                        .collect(),
                    direction: if dir {
                        Direction::Cluckwise
                    } else {
                        Direction::CounterCluckwise
                    },
                    last_lay_flipped: flip,
                    highest_cards: highest,
                    bad_egg_pick: bad,
                    good_egg_pick: good,
                }
            },
        )
}

fn any_entry() -> impl Strategy<Value = Entry> {
    prop_oneof![
        6 => any_round().prop_map(Entry::Round),
        1 => (0usize..8).prop_map(|seat| Entry::BigRedHolder { seat }),
        1 => (
            proptest::collection::vec(0usize..8, 0..4),
            proptest::collection::vec(proptest::collection::vec(any_card(), 0..4), 0..4),
            any::<bool>()
        )
            .prop_map(|(players, draws, app_dealt)| Entry::CardDraw(CardDraw { players, draws, app_dealt })),
    ]
}

/// A valid round for `n` players from raw numbers, with every tie answered
/// (highest cards distinct, the table picks the first player asked).
fn valid_round(
    setup: &Setup<Settings>,
    state: &State,
    raw: &(usize, Vec<u32>, Option<usize>, bool, bool, bool, bool),
) -> Round {
    let n = setup.players.len();
    let (out, cards, crow, several, assisted, dir, flip) = raw;
    let out = out % n;
    let mut r = Round {
        out: Some(out),
        last_lay: if *several {
            LastLay::Several
        } else {
            LastLay::Single
        },
        cards_left: (0..n)
            .map(|s| {
                if s == out {
                    0
                } else {
                    1 + cards.get(s).copied().unwrap_or(0) % 16
                }
            })
            .collect(),
        crowed: if state.rounds.is_empty() {
            None
        } else {
            crow.map(|c| c % n)
        },
        assisted: *assisted && !*several,
        direction: if *dir {
            Direction::Cluckwise
        } else {
            Direction::CounterCluckwise
        },
        last_lay_flipped: *flip,
        ..Round::default()
    };
    let distinct = distinct_cards(&deck(n));
    for q in pending_ties(setup, state, &r).unwrap() {
        match q {
            TieQuestion::BadEggHighestCards { .. } => {
                r.highest_cards = (0..n)
                    .map(|s| distinct.get(distinct.len() - 1 - s).copied())
                    .collect();
            }
            TieQuestion::BadEggPick { seats, .. } => r.bad_egg_pick = seats.first().copied(),
            TieQuestion::GoodEggPick { seats, .. } => r.good_egg_pick = seats.first().copied(),
        }
    }
    // A second pass: highest cards may still leave a pick (never with
    // distinct cards, but stay general).
    for q in pending_ties(setup, state, &r).unwrap() {
        if let TieQuestion::BadEggPick { seats, .. } = q {
            r.bad_egg_pick = seats.first().copied();
        }
    }
    r
}

type RawRound = (usize, Vec<u32>, Option<usize>, bool, bool, bool, bool);

fn raw_round() -> impl Strategy<Value = RawRound> {
    (
        0usize..6,
        proptest::collection::vec(0u32..16, 6),
        proptest::option::of(0usize..6),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
}

fn raw_rounds() -> impl Strategy<Value = Vec<RawRound>> {
    proptest::collection::vec(raw_round(), 1..14)
}

/// Builds a valid log from raw rounds, stopping at the end of the game.
fn valid_log(setup: &Setup<Settings>, raws: &[RawRound]) -> Vec<Entry> {
    let mut log = Vec::new();
    let mut state = BigChicken::start(setup);
    for raw in raws {
        if state.is_over() {
            break;
        }
        let r = valid_round(setup, &state, raw);
        let entry = Entry::Round(r);
        state = BigChicken::apply(setup, &state, &entry).unwrap();
        log.push(entry);
    }
    log
}

proptest! {
    #[test]
    fn arbitrary_entries_never_panic(
        n in 0usize..9,
        tournament_on in any::<bool>(),
        entries in proptest::collection::vec(any_entry(), 0..14),
    ) {
        let s = Setup {
            players: (0..n).map(|i| format!("P{i}")).collect(),
            settings: Settings { tournament: tournament_on },
        };
        let mut state = BigChicken::start(&s);
        for e in &entries {
            if let Entry::Round(r) = e {
                let _ = pending_ties(&s, &state, r);
                let _ = r.assisting_player(n);
            }
            if let Ok(next) = BigChicken::apply(&s, &state, e) {
                state = next;
            }
            let st = BigChicken::standings(&s, &state);
            prop_assert_eq!(st.totals.len(), n);
            let _ = golden_tie(&s, &state);
            let _ = state.next_round();
        }
        let _ = BigChicken::help(&s);
        let _ = replay_prefix::<BigChicken>(&s, &entries);
    }

    #[test]
    fn draws_never_panic(
        deck_cards in proptest::collection::vec(any_card(), 0..10),
        players in proptest::collection::vec(0usize..8, 0..5),
        draws in proptest::collection::vec(proptest::collection::vec(any_card(), 0..5), 0..5),
        seed in any::<u64>(),
    ) {
        let _ = judge_draws(&deck_cards, &players, &draws);
        if let Ok(virtual_cards) = virtual_draw(&deck_cards, &players, &mut common::rng(seed)) {
            let verdict = judge_draws(&deck_cards, &players, &virtual_cards).unwrap().verdict;
            prop_assert!(matches!(verdict, DrawVerdict::Winner(_)));
        }
    }

    #[test]
    fn totals_equal_the_sum_of_round_points(
        n in 2usize..=6,
        t in any::<bool>(),
        raws in raw_rounds(),
    ) {
        let s = Setup { settings: Settings { tournament: t }, ..setup(n) };
        let log = valid_log(&s, &raws);
        let state = play(&s, &log);
        let standings = BigChicken::standings(&s, &state);
        for seat in 0..n {
            let sum: u32 = state.rounds.iter().map(|r| r.points[seat]).sum();
            prop_assert_eq!(state.totals()[seat], sum);
            prop_assert_eq!(standings.totals[seat], Points::new(sum as i64));
            let sheet_sum: Points = standings.sheet.iter().map(|r| r.points[seat]).sum();
            prop_assert_eq!(sheet_sum, Points::new(sum as i64));
        }
        for r in &state.rounds {
            for seat in 0..n {
                let pen: u32 = r.penalties[seat].iter().map(|p| p.points()).sum();
                prop_assert_eq!(r.points[seat], card_score(n, r.cards_left[seat]).unwrap() + pen);
            }
            prop_assert_eq!(r.points[r.out], r.penalties[r.out].iter().map(|p| p.points()).sum::<u32>());
            prop_assert!(r.bad_egg.seat != r.good_egg.seat);
        }
        // The game is over exactly when 10 rounds are played or someone has 100.
        let over = state.rounds.len() >= 10 || state.totals().iter().any(|t| *t >= 100);
        prop_assert_eq!(state.is_over(), over);
        prop_assert_eq!(standings.outcome.is_some(), over);
        if !over {
            // Every generated round was valid: the game only stops at its end.
            prop_assert_eq!(log.len(), raws.len());
        }
    }

    #[test]
    fn valid_games_at_every_depth_take_one_more_entry_without_panic(
        n in 2usize..=6,
        t in any::<bool>(),
        raws in raw_rounds(),
        depth in 0usize..14,
        extra in any_entry(),
    ) {
        let s = Setup { settings: Settings { tournament: t }, ..setup(n) };
        let log = valid_log(&s, &raws);
        common::one_more_entry::<BigChicken>(&s, &log, depth, &extra)?;
    }

    #[test]
    fn replacing_round_1_recomputes_later_totals(
        n in 2usize..=6,
        several in proptest::collection::vec(any::<bool>(), 4),
        perms in proptest::collection::vec(Just((1u32..=5).collect::<Vec<u32>>()).prop_shuffle(), 4),
        new_cards in proptest::sample::subsequence((1u32..=12).collect::<Vec<u32>>(), 5).prop_shuffle(),
        new_out in 0usize..6,
    ) {
        // Four rounds with distinct card counts among the losers (no ties,
        // no crow, no assistance): totals stay under 100.
        let s = setup(n);
        let make = |out: usize, counts: &[u32], several: bool| {
            let mut it = counts.iter();
            let cards: Vec<u32> = (0..n).map(|seat| if seat == out { 0 } else { *it.next().unwrap() }).collect();
            let mut r = round(out, &cards);
            if several { r.last_lay = LastLay::Several; }
            Entry::Round(r)
        };
        let log: Vec<Entry> = (0..4).map(|i| make(i % n, &perms[i], several[i])).collect();
        let old = play(&s, &log);
        let replacement = make(new_out % n, &new_cards, false);
        let edited = replace_entry::<BigChicken>(&s, &log, 0, replacement).unwrap();
        let new = play(&s, &edited);
        for seat in 0..n {
            let expect = old.totals()[seat] - old.rounds[0].points[seat] + new.rounds[0].points[seat];
            prop_assert_eq!(new.totals()[seat], expect);
            for i in 1..4 {
                prop_assert_eq!(new.rounds[i].points[seat], old.rounds[i].points[seat]);
                let running: u32 = new.rounds[..=i].iter().map(|r| r.points[seat]).sum();
                prop_assert_eq!(new.rounds[i].totals[seat], running);
            }
        }
    }

    #[test]
    fn deck_composition_matches_the_table(n in 2usize..=6) {
        let cards = deck(n);
        let size = [0, 0, 64, 48, 64, 80, 84][n];
        prop_assert_eq!(cards.len(), size);
        prop_assert_eq!(deck_setup(n).unwrap().deck_size, size);
        let chickens = cards.iter().filter(|c| matches!(c, Card::Chicken(_) | Card::BigRed)).count();
        prop_assert_eq!(chickens, 5);
        let ducks = copies_in(&cards, Card::Duck);
        prop_assert_eq!(ducks, if n == 3 { 1 } else { 3 });
        for c in distinct_cards(&cards) {
            let copies = copies_in(&cards, c);
            match c {
                Card::Egg { number, .. } => {
                    prop_assert_eq!(copies, 2);
                    prop_assert!((1..=10).contains(&number));
                }
                Card::Duck => {}
                _ => prop_assert_eq!(copies, 1),
            }
        }
        // Sorted lowest first.
        let mut sorted = cards.clone();
        sorted.sort();
        prop_assert_eq!(sorted, cards);
    }
}

#[test]
fn edits_of_valid_games_are_exact() {
    let config = ProptestConfig {
        source_file: Some(file!()),
        ..ProptestConfig::default()
    };
    // The edit: any entry (mostly refused), or (`None`) a round made valid
    // where it goes (refused only when a later round no longer fits).
    let other = (proptest::option::of(any_entry()), raw_round());
    let strategy = (2usize..=6, raw_rounds(), 0usize..14, other);
    common::check_edits(config, MIN_PERCENT, strategy, |(n, raws, at, other)| {
        let s = setup(n);
        let log = valid_log(&s, &raws);
        let at = at % log.len();
        let (other, raw) = other;
        let other =
            other.unwrap_or_else(|| Entry::Round(valid_round(&s, &play(&s, &log[..at]), &raw)));
        common::replacing_with_itself_changes_nothing::<BigChicken>(&s, &log)?;
        common::edit_then_revert_restores::<BigChicken>(&s, &log, at, &other)
    });
}

proptest! {
    #[test]
    fn the_highest_cards_offered_are_exactly_those_accepted(
        n in 3usize..=6,
        other in any::<prop::sample::Index>(),
    ) {
        // Round 1: Bob and Cy tie for the Bad Egg, both holding cards; Cy
        // has named a highest card. The picker offers Bob every card of
        // the deck but those whose every copy is named: exactly the
        // answers the rules accept.
        let s = setup(n);
        let cards: Vec<u32> = (0..n).map(|i| match i { 0 => 0, 1 | 2 => 5, _ => 1 }).collect();
        let base = Round::won_by(ANN, cards);
        let state = BigChicken::start(&s);
        let all = deck(n);
        let distinct = distinct_cards(&all);
        let named = *other.get(&distinct);
        let taken = cards_taken(&all, &[(CY, named)]);
        for c in distinct {
            let offered = !taken.iter().any(|(t, _)| *t == c);
            let mut r = base.clone();
            r.highest_cards = (0..n).map(|i| match i { 1 => Some(c), 2 => Some(named), _ => None }).collect();
            let accepted = pending_ties(&s, &state, &r).is_ok();
            prop_assert_eq!(offered, accepted, "{:?} with Cy's {:?}", c, named);
        }
    }
}

#[test]
fn the_round_that_ends_the_game_asks_no_bad_egg_question() {
    // Nine rounds in which Bob and Cy score alike, then round 10 (the last):
    // Bob and Cy tie for the most points and on their totals. Nobody deals
    // again, so the table is not asked to pick a Bad Egg.
    let s = setup(4);
    let mut log: Vec<Entry> = (0..9)
        .map(|_| Entry::Round(round(ANN, &[0, 2, 2, 3])))
        .collect();
    let last = round(ANN, &[0, 3, 3, 1]);
    let before = play(&s, &log);
    assert!(pending_ties(&s, &before, &last).unwrap().is_empty());
    log.push(Entry::Round(last));
    let st = play(&s, &log);
    assert!(st.is_over());
    assert_eq!(st.rounds[9].bad_egg.by, EggReason::NotNeeded);
    let standings = BigChicken::standings(&s, &st);
    let row = standings.sheet.last().unwrap();
    assert!(row
        .notes
        .iter()
        .any(|n| n == "No Bad Egg: the game is over, nobody deals again"));
    // The round form shows no question either, and saves it as it is.
    let answers = TieAnswers::default();
    let (shown, _) = settle_ties(&s, &before, &last_again(), &answers).unwrap();
    assert!(shown.is_empty());
    assert!(open_ties(&s, &before, &last_again(), &answers)
        .unwrap()
        .is_empty());
    assert!(round_with_answers(&s, &before, &last_again(), &answers).is_ok());
    // The same tie in round 9 is asked about.
    let nine = play(&s, &log[..8]);
    assert!(!pending_ties(&s, &nine, &round(ANN, &[0, 3, 3, 1]))
        .unwrap()
        .is_empty());
}

fn last_again() -> Round {
    round(ANN, &[0, 3, 3, 1])
}

#[test]
fn a_round_keeps_only_the_answers_the_rules_ask() {
    let mut r = round(ANN, &[0, 2, 3]);
    r.assisted = true;
    r.last_lay_flipped = true;
    // A single card with 3 players: Assistance and the Duck's flip stand.
    assert!(r.assistance_applies(3));
    assert_eq!(r.clone().as_asked(3), r);
    // With 2 players, no Assistance.
    assert!(!r.clone().as_asked(2).assisted);
    // Egging (several cards): neither applies, and Egging does.
    let mut egg = r.clone();
    egg.last_lay = LastLay::Several;
    assert!(egg.egging() && !egg.assistance_applies(3));
    let asked = egg.as_asked(3);
    assert!(!asked.assisted && !asked.last_lay_flipped);
    assert!(!Round::default().egging(), "nobody out yet");
}
