//! Chickenfoot rules: the rulebook's worked example, the printed tables, a
//! whole game, and properties over arbitrary input.

use chicken_scores::rules::chickenfoot::*;
use chicken_scores::rules::*;
use proptest::prelude::*;

mod common;

/// The share of generated edits that must be accepted (see
/// `common::check_edits`); about 85% are.
const MIN_PERCENT: u32 = 40;

fn setup(players: &[&str], settings: Settings) -> Setup<Settings> {
    Setup {
        players: players.iter().map(|s| s.to_string()).collect(),
        settings,
    }
}

fn pips(v: &[u32]) -> Vec<Left> {
    v.iter().map(|p| Left::Pips(*p)).collect()
}

fn totals(s: &Setup<Settings>, log: &[Hand]) -> Vec<i64> {
    let state = replay::<Chickenfoot>(s, log).expect("log is valid");
    Chickenfoot::standings(s, &state)
        .totals
        .iter()
        .map(|p| p.halves() / 2)
        .collect()
}

#[test]
fn rulebook_example_scores_65_and_15_without_the_double_blank() {
    // (5+5) + (1+0) + 50 + (3+1) = 65
    let hand = vec![Tile(5, 5), Tile(0, 1), Tile(0, 0), Tile(1, 3)];
    let s = setup(&["Ann", "Bob"], Settings::default());
    let log = vec![Hand {
        out: Some(1),
        started_with: None,
        left: vec![Left::Tiles(hand.clone()), Left::Tiles(vec![])],
    }];
    assert_eq!(totals(&s, &log), vec![65, 0]);
    let without: Vec<Tile> = hand.into_iter().filter(|t| *t != Tile(0, 0)).collect();
    let log = vec![Hand {
        out: Some(1),
        started_with: None,
        left: vec![Left::Tiles(without), Left::Tiles(vec![])],
    }];
    assert_eq!(totals(&s, &log), vec![15, 0]);
    // The 25-point option.
    let s25 = setup(
        &["Ann", "Bob"],
        Settings {
            double_blank: DoubleBlank::TwentyFive,
            ..Settings::default()
        },
    );
    let log = vec![Hand {
        out: Some(1),
        started_with: None,
        left: vec![
            Left::Tiles(vec![Tile(0, 0), Tile(1, 3)]),
            Left::Tiles(vec![]),
        ],
    }];
    assert_eq!(totals(&s25, &log), vec![29, 0]);
}

#[test]
fn tiles_per_player_match_the_printed_table() {
    let printed = [21, 14, 11, 8, 7, 6, 5, 5, 4];
    for (players, want) in (2..=10).zip(printed) {
        assert_eq!(
            printed_tiles_per_player(players),
            Some(want),
            "{players} players"
        );
        let d9 = tiles_to_draw(DominoSet::Double9, players).unwrap();
        assert_eq!(d9.each, want, "a Double-9 set never runs short");
        assert!(!d9.reduced());
    }
    assert_eq!(printed_tiles_per_player(1), None);
    assert_eq!(printed_tiles_per_player(11), None);
}

#[test]
fn a_small_set_gets_the_largest_count_that_leaves_a_yard() {
    // Double-6 has 28 tiles.
    let want = [
        (2, 13),
        (3, 9),
        (4, 6),
        (5, 5),
        (6, 4),
        (7, 3),
        (8, 3),
        (9, 3),
        (10, 2),
    ];
    for (players, each) in want {
        let d = tiles_to_draw(DominoSet::Double6, players).unwrap();
        assert!(d.reduced(), "{players} players");
        assert_eq!(d.each, each, "{players} players");
        assert!(d.each * players < 28);
        assert!((d.each + 1) * players >= 28);
    }
}

#[test]
fn each_set_has_a_hand_per_suit_with_a_falling_double() {
    for (set, hands) in [
        (DominoSet::Double6, 7),
        (DominoSet::Double9, 10),
        (DominoSet::Double12, 13),
        (DominoSet::Double15, 16),
    ] {
        assert_eq!(set.suits(), hands);
        let ladder: Vec<u8> = (0..hands).filter_map(|h| set.preferred_double(h)).collect();
        let want: Vec<u8> = (0..=set.max()).rev().collect();
        assert_eq!(ladder, want);
        assert_eq!(set.preferred_double(hands), None);
    }
}

#[test]
fn a_whole_double_6_game() {
    let s = setup(
        &["Ann", "Bob", "Cy"],
        Settings {
            set: DominoSet::Double6,
            ..Settings::default()
        },
    );
    let mut log = Vec::new();
    // Hand by hand: who went out, and each player's pips.
    let hands: [(Option<usize>, [u32; 3]); 7] = [
        (Some(0), [0, 12, 7]), // 0 12 7
        (Some(1), [9, 0, 3]),  // 9 12 10
        (None, [4, 6, 50]),    // 13 18 60 (stalemate: everyone scores)
        (Some(2), [2, 2, 0]),  // 15 20 60
        (Some(0), [0, 8, 1]),  // 15 28 61
        (Some(1), [11, 0, 5]), // 26 28 66
        (Some(0), [0, 1, 1]),  // 26 29 67
    ];
    for (i, (out, p)) in hands.iter().enumerate() {
        let st = Chickenfoot::standings(&s, &replay::<Chickenfoot>(&s, &log).unwrap());
        assert!(!st.finished());
        let d = 6 - i;
        assert!(st.status[0].contains(&format!("Hand {} of 7 starts with the {d}-{d}", i + 1)));
        log = push_entry::<Chickenfoot>(
            &s,
            &log,
            Hand {
                out: *out,
                started_with: None,
                left: pips(p),
            },
        )
        .unwrap();
    }
    assert_eq!(totals(&s, &log), vec![26, 29, 67]);
    let st = Chickenfoot::standings(&s, &replay::<Chickenfoot>(&s, &log).unwrap());
    let outcome = st.outcome.expect("over after 7 hands");
    assert_eq!(outcome.winners, vec![0]);
    assert_eq!(outcome.ranks, vec![1, 2, 3]);
    assert_eq!(st.sheet.len(), 7);
    assert_eq!(
        st.sheet[2].notes[0],
        "Stalemate: everyone scored their hand"
    );
    // No eighth hand.
    let err = push_entry::<Chickenfoot>(
        &s,
        &log,
        Hand {
            out: Some(0),
            started_with: None,
            left: pips(&[0, 1, 1]),
        },
    )
    .unwrap_err();
    assert_eq!(err.index, 7);
    assert!(err.error.message.contains("7 hands"));
    // Correcting hand 1 makes it a shared win.
    let log = replace_entry::<Chickenfoot>(
        &s,
        &log,
        0,
        Hand {
            out: Some(0),
            started_with: None,
            left: pips(&[0, 9, 7]),
        },
    )
    .unwrap();
    assert_eq!(totals(&s, &log), vec![26, 26, 67]);
    let st = Chickenfoot::standings(&s, &replay::<Chickenfoot>(&s, &log).unwrap());
    assert_eq!(st.outcome.unwrap().winners, vec![0, 1]);
}

#[test]
fn impossible_hands_are_refused_with_the_players_field() {
    let s = setup(&["Ann", "Bob", "Cy"], Settings::default());
    let hand = |out: Option<usize>, started_with: Option<u8>, left: Vec<Left>| Hand {
        out,
        started_with,
        left,
    };
    let tiles = |t: &[(u8, u8)]| Left::Tiles(t.iter().map(|(a, b)| Tile(*a, *b)).collect());
    // (the hand, the field the refusal is beside, what it says)
    let table: Vec<(Hand, Option<usize>, &str)> = vec![
        (
            hand(Some(0), None, pips(&[0, 0, 3])),
            Some(1),
            "Bob has 0 left",
        ),
        (hand(Some(0), None, pips(&[0, 546, 3])), Some(1), "545"),
        (hand(Some(0), None, pips(&[0, 300, 300])), None, "Together"),
        (
            hand(
                Some(0),
                None,
                vec![Left::Pips(0), tiles(&[(1, 2)]), tiles(&[(2, 1)])],
            ),
            Some(2),
            "for Bob too",
        ),
        (
            hand(
                Some(0),
                None,
                vec![Left::Pips(0), tiles(&[(9, 9)]), Left::Pips(3)],
            ),
            Some(1),
            "started this hand",
        ),
        (
            hand(
                Some(0),
                None,
                vec![Left::Pips(0), tiles(&[(3, 10)]), Left::Pips(3)],
            ),
            Some(1),
            "no 3-10",
        ),
        (
            hand(Some(5), None, pips(&[0, 1, 3])),
            None,
            "not in this game",
        ),
        (hand(Some(0), None, pips(&[0, 1])), None, "lists 2 players"),
        // Recording another double needs the variant.
        (
            hand(Some(0), Some(7), pips(&[0, 1, 3])),
            None,
            "highest available",
        ),
    ];
    for (h, player, says) in table {
        let e = Chickenfoot::apply(&s, &State::default(), &h).unwrap_err();
        assert!(e.message.contains(says), "{h:?}: {}", e.message);
        assert_eq!(e.player, player, "{h:?}: {}", e.message);
    }
}

#[test]
fn highest_available_double_is_recorded_and_the_next_hand_asks_for_its_own() {
    let s = setup(
        &["Ann", "Bob"],
        Settings {
            highest_available: true,
            ..Settings::default()
        },
    );
    let log = vec![Hand {
        out: Some(0),
        started_with: Some(7),
        left: pips(&[0, 5]),
    }];
    let state = replay::<Chickenfoot>(&s, &log).unwrap();
    let st = Chickenfoot::standings(&s, &state);
    assert_eq!(st.sheet[0].label, "Hand 1 · 7-7");
    assert!(st.sheet[0]
        .notes
        .iter()
        .any(|n| n.contains("highest available")));
    assert!(st.status[0].contains("Hand 2 of 10 starts with the 8-8"));
    // The 7-7 is on the table, so nobody can hold it.
    let bad = Hand {
        out: Some(0),
        started_with: Some(7),
        left: vec![Left::Pips(0), Left::Tiles(vec![Tile(7, 7)])],
    };
    assert!(Chickenfoot::apply(&s, &State::default(), &bad).is_err());
    assert!(Chickenfoot::apply(
        &s,
        &State::default(),
        &Hand {
            out: Some(0),
            started_with: Some(10),
            left: pips(&[0, 5])
        }
    )
    .is_err());
}

#[test]
fn help_names_every_variant_in_force() {
    let s = setup(
        &["A", "B"],
        Settings {
            set: DominoSet::Double6,
            double_blank: DoubleBlank::TwentyFive,
            highest_available: true,
            chickenlittle: true,
        },
    );
    let text: String = Chickenfoot::help(&s)
        .iter()
        .map(|l| format!("{}: {}\n", l.title, l.text))
        .collect();
    assert!(text.contains("Double-6: 28 tiles, 7 hands, starting with the 6-6"));
    assert!(text.contains("Counts 25"));
    assert!(text.contains("Highest available double"));
    assert!(text.contains("Chickenlittle: On"));
    assert!(text.contains("draw 13 each"));
}

#[test]
fn a_stored_hand_keeps_its_json_shape() {
    let h = Hand {
        out: Some(1),
        started_with: None,
        left: vec![
            Left::Pips(12),
            Left::Tiles(vec![]),
            Left::Tiles(vec![Tile(0, 0)]),
        ],
    };
    let json = serde_json::to_string(&h).unwrap();
    assert_eq!(
        json,
        r#"{"out":1,"left":[{"pips":12},{"tiles":[]},{"tiles":[[0,0]]}]}"#
    );
    assert_eq!(serde_json::from_str::<Hand>(&json).unwrap(), h);
    let settings: Settings = serde_json::from_str(r#"{"set":"d12"}"#).unwrap();
    assert_eq!(settings.set, DominoSet::Double12);
    assert_eq!(settings.double_blank, DoubleBlank::Fifty);
}

fn arb_left() -> impl Strategy<Value = Left> {
    prop_oneof![
        (0u32..700).prop_map(Left::Pips),
        proptest::collection::vec((0u8..17, 0u8..17).prop_map(|(a, b)| Tile(a, b)), 0..6)
            .prop_map(Left::Tiles),
    ]
}

fn arb_hand(players: usize) -> impl Strategy<Value = Hand> {
    (
        proptest::option::of(0..players + 1),
        proptest::option::of(0u8..17),
        proptest::collection::vec(arb_left(), players - 1..players + 2),
    )
        .prop_map(|(out, started_with, left)| Hand {
            out,
            started_with,
            left,
        })
}

fn arb_settings() -> impl Strategy<Value = Settings> {
    (0usize..4, any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(s, b, h, c)| Settings {
        set: DominoSet::ALL[s],
        double_blank: if b {
            DoubleBlank::Fifty
        } else {
            DoubleBlank::TwentyFive
        },
        highest_available: h,
        chickenlittle: c,
    })
}

/// A hand that the rules accept: one out (or none), small pip totals.
fn arb_valid_hand(players: usize) -> impl Strategy<Value = Hand> {
    (
        proptest::option::of(0..players),
        proptest::collection::vec(1u32..20, players),
    )
        .prop_map(|(out, p)| Hand {
            out,
            started_with: None,
            left: p.into_iter().map(Left::Pips).collect(),
        })
}

proptest! {
    #[test]
    fn no_input_panics(players in 2usize..11, settings in arb_settings(), hands in proptest::collection::vec(arb_hand(4), 0..20)) {
        let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
        let s = Setup { players: names, settings };
        let (state, _) = replay_prefix::<Chickenfoot>(&s, &hands);
        let st = Chickenfoot::standings(&s, &state);
        prop_assert_eq!(st.totals.len(), players);
        let _ = Chickenfoot::help(&s);
    }

    #[test]
    fn totals_are_the_sum_of_hands(players in 2usize..7, hands in proptest::collection::vec(arb_valid_hand(6), 1..10)) {
        let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
        let s = Setup { players: names, settings: Settings::default() };
        let hands: Vec<Hand> = hands.into_iter().map(|mut h| {
            h.left.truncate(players);
            if h.out.is_some_and(|o| o >= players) { h.out = None; }
            h
        }).collect();
        let state = replay::<Chickenfoot>(&s, &hands).unwrap();
        let st = Chickenfoot::standings(&s, &state);
        for seat in 0..players {
            let sum: Points = st.sheet.iter().map(|r| r.points[seat]).sum();
            prop_assert_eq!(sum, st.totals[seat]);
        }
    }

    #[test]
    fn an_edited_hand_recomputes_every_later_total(players in 2usize..7, hands in proptest::collection::vec(arb_valid_hand(6), 2..10), bump in 1u32..30) {
        let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
        let s = Setup { players: names, settings: Settings::default() };
        let hands: Vec<Hand> = hands.into_iter().map(|mut h| {
            h.left.truncate(players);
            h.out = Some(0);
            h
        }).collect();
        let before = Chickenfoot::standings(&s, &replay::<Chickenfoot>(&s, &hands).unwrap());
        let mut first = hands[0].clone();
        if let Some(Left::Pips(p)) = first.left.get_mut(1) { *p += bump; }
        let edited = replace_entry::<Chickenfoot>(&s, &hands, 0, first).unwrap();
        let after = Chickenfoot::standings(&s, &replay::<Chickenfoot>(&s, &edited).unwrap());
        for (b, a) in before.sheet.iter().zip(&after.sheet) {
            prop_assert_eq!(a.totals[1], b.totals[1] + Points::new(bump as i64));
            prop_assert_eq!(a.totals[0], b.totals[0]);
        }
    }
}

/// A whole valid game (as far as the generated hands go): the hands the
/// rules accept, in order, up to the end of the game.
fn valid_game(s: &Setup<Settings>, hands: Vec<Hand>) -> Vec<Hand> {
    let players = s.players.len();
    let mut log = Vec::new();
    let mut state = Chickenfoot::start(s);
    for mut h in hands {
        h.left.truncate(players);
        if h.out.is_some_and(|o| o >= players) {
            h.out = None;
        }
        if let Ok(next) = Chickenfoot::apply(s, &state, &h) {
            state = next;
            log.push(h);
        }
    }
    log
}

proptest! {
    #[test]
    fn valid_games_at_every_depth_take_one_more_entry_without_panic(
        players in 2usize..9,
        settings in arb_settings(),
        hands in proptest::collection::vec(arb_valid_hand(8), 0..17),
        depth in 0usize..17,
        extra in arb_hand(8),
    ) {
        let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
        let s = Setup { players: names, settings };
        let log = valid_game(&s, hands);
        // The generator reaches deep games, not just the first hand.
        prop_assume!(log.len() >= depth.min(4));
        common::one_more_entry::<Chickenfoot>(&s, &log, depth, &extra)?;
        // A finished game takes no more hands.
        let state = replay::<Chickenfoot>(&s, &log).unwrap();
        if Chickenfoot::standings(&s, &state).finished() {
            prop_assert!(Chickenfoot::apply(&s, &state, &extra).is_err());
        }
    }
}

proptest! {
    #[test]
    fn the_tiles_offered_are_exactly_those_accepted(
        held in proptest::collection::vec((0u8..10, 0u8..10), 0..4),
        a in 0u8..10,
        b in 0u8..10,
    ) {
        // Bob holds `held` (by tiles); Cy's picker offers every tile of the
        // set but Bob's and the hand's double on the table: a hand with
        // one of them for Cy is accepted exactly when it is offered.
        let s = setup(&["Ann", "Bob", "Cy"], Settings::default());
        let (max, d) = (s.settings.set.max(), s.settings.set.preferred_double(0).unwrap());
        let (a, b) = (a.min(max), b.min(max));
        let held: Vec<(u8, u8)> = held.into_iter().map(|(x, y)| (x.min(max), y.min(max))).collect();
        let mut bob: Vec<Tile> = held.into_iter().map(|(x, y)| Tile(x.min(y), x.max(y))).collect();
        bob.sort_by_key(|t| (t.0, t.1));
        bob.dedup();
        prop_assume!(!bob.contains(&Tile(d, d)) && !bob.is_empty());
        let tile = Tile(a.min(b), a.max(b));
        let left: Vec<Option<&[Tile]>> = vec![None, Some(&bob), None];
        let offered = tile != Tile(d, d) && !tiles_taken(&left, 2).iter().any(|(t, _)| *t == tile);
        let hand = Hand {
            out: Some(0),
            started_with: None,
            left: vec![Left::Pips(0), Left::Tiles(bob.clone()), Left::Tiles(vec![tile])],
        };
        let accepted = Chickenfoot::apply(&s, &State::default(), &hand).is_ok();
        prop_assert_eq!(offered, accepted, "{:?} with Bob's {:?}", tile, bob);
    }
}

#[test]
fn edits_of_valid_games_are_exact() {
    let config = ProptestConfig {
        source_file: Some(file!()),
        ..ProptestConfig::default()
    };
    let strategy = (
        2usize..9,
        proptest::collection::vec(arb_valid_hand(8), 1..17),
        0usize..16,
        arb_valid_hand(8),
    );
    common::check_edits(
        config,
        MIN_PERCENT,
        strategy,
        |(players, hands, at, other)| {
            let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
            let s = Setup {
                players: names,
                settings: Settings::default(),
            };
            let log = valid_game(&s, hands);
            common::replacing_with_itself_changes_nothing::<Chickenfoot>(&s, &log)?;
            let mut other = other;
            other.left.truncate(players);
            common::edit_then_revert_restores::<Chickenfoot>(&s, &log, at, &other)
        },
    );
}
