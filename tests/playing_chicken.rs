//! Native scenario, table and property tests of the Playing Chicken rules.

use chicken_scores::rules::{playing_chicken::*, *};
use proptest::prelude::*;

mod common;

/// The share of generated edits that must be accepted (see
/// `common::check_edits`); about 48% are.
const MIN_PERCENT: u32 = 20;

fn setup_with(names: &[&str], settings: Settings) -> Setup<Settings> {
    Setup {
        players: names.iter().map(|s| s.to_string()).collect(),
        settings,
    }
}

fn three(bonus: ExactBonus) -> Setup<Settings> {
    setup_with(
        &["Ann", "Bob", "Cy"],
        Settings {
            exact_bonus: bonus,
            goal_source: GoalSource::Typed,
            deck: Vec::new(),
        },
    )
}

fn t(goal: u32, cards: &[u8]) -> Trick {
    Trick {
        goal,
        cards: cards.to_vec(),
    }
}

fn pts(v: &[i64]) -> Vec<Points> {
    v.iter().map(|p| Points::new(*p)).collect()
}

fn state_of(setup: &Setup<Settings>, log: &[Trick]) -> State {
    replay::<PlayingChicken>(setup, log).unwrap_or_else(|e| panic!("log refused: {e}"))
}

/// A 3-player game, checked by hand (see the per-trick comments):
/// Ann, Bob, Cy; goals from the 3-player cards.
fn scenario() -> Vec<Trick> {
    vec![
        // Round 1 (2 a card, exact 4 double / 3 +1).
        t(14, &[6, 5, 2]), // 13 under: Ann 6 wins
        t(10, &[5, 6, 4]), // 15 over: Cy 4 wins
        t(8, &[1, 2, 5]),  // 8 exact: Cy 5 wins
        t(7, &[3, 1, 3]),  // 7 exact: Ann and Cy (3) win
        t(11, &[4, 4, 1]), // 9 under: Ann and Bob (4) win; discards Ann 2, Bob 3, Cy 6
        // Round 2 (3 a card, exact 6 / 4).
        t(13, &[6, 6, 5]), // 17 over: Cy 5 wins
        t(17, &[5, 5, 4]), // 14 under: Ann and Bob (5) win
        t(4, &[1, 1, 2]),  // 4 exact: Cy 2 wins
        t(5, &[3, 2, 1]),  // 6 over: Cy 1 wins; discards Ann 4, Bob 4, Cy 3
        // Round 3 (4 a card, exact 8 / 5).
        t(11, &[6, 5, 4]), // 15 over: Cy 4 wins
        t(13, &[5, 6, 2]), // 13 exact: Bob 6 wins
        t(8, &[3, 2, 5]),  // 10 over: Bob 2 wins; discards Ann 1, Bob 1, Cy 1
        // Round 4 (5 a card, exact 10 / 6).
        t(17, &[6, 6, 5]), // 17 exact: Ann and Bob (6) win
        t(10, &[5, 2, 2]), // 9 under: Ann 5 wins; discards Ann 3, Bob 5, Cy 4
        // Round 5 (6 a card, exact 12 / 7).
        t(14, &[5, 2, 5]), // 12 under: Ann and Cy (5) win; discards Ann 6, Bob 6, Cy 2
    ]
}

// ---------------------------------------------------------------- judging

#[test]
fn rulebook_example_goal_15_total_14_the_six_wins() {
    // Goal 15 is a 4-player card; the cards add up to 14.
    let r = judge(15, &[3, 6, 4, 1], 1, ExactBonus::Double);
    assert_eq!(r.total, 14);
    assert_eq!(r.verdict, Verdict::Under);
    assert_eq!(r.winning_card, Some(6));
    assert_eq!(r.winners, vec![1]);
    assert_eq!(r.prize_each, 2);

    let settings = Settings {
        goal_source: GoalSource::Typed,
        ..Settings::default()
    };
    let setup = setup_with(&["Red", "Orange", "Blue", "Green"], settings);
    let log = vec![t(15, &[3, 6, 4, 1])];
    let st = standings(&setup, &log);
    assert_eq!(st.totals, pts(&[0, 2, 0, 0]));
    assert_eq!(
        st.sheet[0].notes,
        vec!["Trick 1: goal 15, total 14 (under) → Orange 6 wins 2"]
    );
}

#[test]
fn under_the_goal_the_highest_cards_win_and_ties_all_score() {
    let r = judge(20, &[5, 2, 5, 1], 2, ExactBonus::Double);
    assert_eq!(r.total, 13);
    assert_eq!(r.verdict, Verdict::Under);
    assert_eq!(r.winners, vec![0, 2]);
    assert_eq!(r.prize_each, 3);
    assert_eq!(r.points(4), vec![3, 0, 3, 0]);
    assert_eq!(r.awarded(), 6);
}

#[test]
fn over_the_goal_the_lowest_cards_win_and_ties_all_score() {
    let r = judge(10, &[6, 2, 5, 2], 3, ExactBonus::Double);
    assert_eq!(r.total, 15);
    assert_eq!(r.verdict, Verdict::Over);
    assert_eq!(r.winning_card, Some(2));
    assert_eq!(r.winners, vec![1, 3]);
    assert_eq!(r.prize_each, 4);
    assert_eq!(r.points(4), vec![0, 4, 0, 4]);
}

#[test]
fn exactly_on_the_goal_the_highest_cards_win_the_bonus_and_ties_all_score() {
    let r = judge(13, &[4, 4, 3, 2], 1, ExactBonus::Double);
    assert_eq!(r.verdict, Verdict::Exact);
    assert_eq!(r.winners, vec![0, 1]);
    assert_eq!(r.prize_each, 4);
    let r = judge(13, &[4, 4, 3, 2], 1, ExactBonus::PlusOne);
    assert_eq!(r.prize_each, 3);
    // Everyone tied: everyone wins.
    let r = judge(12, &[3, 3, 3, 3], 4, ExactBonus::Double);
    assert_eq!(r.winners, vec![0, 1, 2, 3]);
    assert_eq!(r.points(4), vec![10; 4]);
}

#[test]
fn prizes_in_every_round_under_both_exact_bonus_variants() {
    // (round, plain prize, exact with double, exact with +1)
    let table = [
        (1, 2, 4, 3),
        (2, 3, 6, 4),
        (3, 4, 8, 5),
        (4, 5, 10, 6),
        (5, 6, 12, 7),
    ];
    for (round, plain, double, plus_one) in table {
        let under = judge(17, &[6, 5, 4], round, ExactBonus::Double);
        let over = judge(13, &[6, 5, 4], round, ExactBonus::PlusOne);
        let exact_d = judge(15, &[6, 5, 4], round, ExactBonus::Double);
        let exact_p = judge(15, &[6, 5, 4], round, ExactBonus::PlusOne);
        assert_eq!(under.prize_each, plain, "round {round} under");
        assert_eq!(over.prize_each, plain, "round {round} over");
        assert_eq!(over.winners, vec![2]);
        assert_eq!(exact_d.prize_each, double, "round {round} exact double");
        assert_eq!(exact_p.prize_each, plus_one, "round {round} exact +1");
        assert_eq!(prize(round), plain);
        assert_eq!(exact_prize(round, ExactBonus::Double), double);
        assert_eq!(exact_prize(round, ExactBonus::PlusOne), plus_one);
    }
}

#[test]
fn the_exact_bonus_applies_in_every_round_of_a_game() {
    // At the start of each round of the scenario, a trick exactly on 13
    // that Ann wins with her 6, under both variants.
    let starts = [
        (0, 1, [6, 4, 3]),
        (5, 2, [6, 4, 3]),
        (9, 3, [6, 5, 2]),
        (12, 4, [6, 5, 2]),
        (14, 5, [6, 2, 5]),
    ];
    for (bonus, expected) in [
        (ExactBonus::Double, [4, 6, 8, 10, 12]),
        (ExactBonus::PlusOne, [3, 4, 5, 6, 7]),
    ] {
        let setup = three(bonus);
        for ((k, round, cards), want) in starts.into_iter().zip(expected) {
            let state = state_of(&setup, &scenario()[..k]);
            let next = PlayingChicken::apply(&setup, &state, &t(13, &cards))
                .unwrap_or_else(|e| panic!("{e}"));
            let trick = &next.tricks[k];
            assert_eq!(trick.position.round, round);
            assert_eq!(trick.result.verdict, Verdict::Exact);
            assert_eq!(trick.result.winners, vec![0]);
            assert_eq!(trick.result.prize_each, want, "round {round}, {bonus:?}");
            assert_eq!(
                next.round_points(round)[0],
                state.round_points(round)[0] + want
            );
        }
    }
}

#[test]
fn judging_a_partial_trick_previews_the_result() {
    let r = judge(14, &[6, 5], 1, ExactBonus::Double);
    assert_eq!(
        (r.total, r.verdict, r.winners.clone()),
        (11, Verdict::Under, vec![0])
    );
    let r = judge(14, &[], 1, ExactBonus::Double);
    assert_eq!(r.total, 0);
    assert!(r.winners.is_empty());
    assert_eq!(r.winning_card, None);
}

// ---------------------------------------------------------------- goal deck

#[test]
fn the_21_goal_cards_are_listed_with_both_thirteens() {
    let cards = goal_cards();
    assert_eq!(cards.len(), 21);
    let thirteens: Vec<&GoalCard> = cards.iter().filter(|c| c.goal == 13).collect();
    assert_eq!(thirteens.len(), 2);
    for c in thirteens {
        assert_eq!(c.players, &[3, 4, 5, 7]);
    }
    let by_goal = |g: u32| {
        cards
            .iter()
            .find(|c| c.goal == g)
            .map(|c| c.players.to_vec())
    };
    assert_eq!(by_goal(17), Some(vec![3, 5, 6, 7, 8]));
    assert_eq!(by_goal(21), Some(vec![5, 6, 8]));
    assert_eq!(by_goal(39), Some(vec![8]));
    assert_eq!(by_goal(15), Some(vec![4]));
    let tags: usize = cards.iter().map(|c| c.players.len()).sum();
    assert_eq!(tags, 58);
}

#[test]
fn the_goal_deck_per_player_count_sizes_and_ranges() {
    // (players, cards, lowest, highest, the goals)
    let table: [(usize, usize, u32, u32, &[u32]); 6] = [
        (3, 10, 4, 17, &[4, 5, 7, 8, 10, 11, 13, 14, 17]),
        (4, 10, 7, 19, &[7, 9, 10, 11, 13, 14, 15, 18, 19]),
        (5, 10, 9, 23, &[9, 11, 13, 14, 17, 18, 21, 22, 23]),
        (6, 9, 11, 31, &[11, 14, 17, 19, 21, 22, 23, 27, 31]),
        // The text's 7-player range says 37, but no 37 card is listed.
        (7, 10, 13, 33, &[13, 17, 18, 19, 22, 23, 27, 31, 33]),
        (8, 9, 17, 39, &[17, 19, 21, 22, 23, 27, 31, 33, 39]),
    ];
    for (n, size, lo, hi, goals) in table {
        let deck = goal_deck(n);
        assert_eq!(deck.len(), size, "{n} players");
        assert_eq!(deck.iter().min(), Some(&lo), "{n} players");
        assert_eq!(deck.iter().max(), Some(&hi), "{n} players");
        assert_eq!(possible_goals(n), goals.to_vec(), "{n} players");
    }
    assert!(!goal_deck(7).contains(&37));
}

#[test]
fn no_goal_deck_outside_three_to_eight_players() {
    for n in [0, 1, 2, 9, 100] {
        assert!(goal_deck(n).is_empty());
        assert!(draw_goal_deck(n, &mut common::rng(1)).is_empty());
    }
}

#[test]
fn the_app_deck_is_drawn_once_and_stored_with_the_game() {
    let mut rng = common::rng(42);
    for n in 3..=8 {
        let mut cards = goal_deck(n);
        cards.sort_unstable();
        let len = cards.len();
        for _ in 0..20 {
            let deck = draw_goal_deck(n, &mut rng);
            assert_eq!(deck.len(), TRICKS);
            // The whole deck is flipped before it is reshuffled.
            let mut first: Vec<u32> = deck.iter().take(len).copied().collect();
            first.sort_unstable();
            assert_eq!(first[..], cards[..first.len()], "{n}P: {deck:?}");
            if len < TRICKS {
                let mut second: Vec<u32> = deck[len..].to_vec();
                second.sort_unstable();
                assert!(second.iter().all(|g| cards.contains(g)));
            }
            assert!(is_goal_deck(n, &deck));
        }
    }
    // Drawn anew for each game: two draws differ.
    assert_ne!(draw_goal_deck(3, &mut rng), draw_goal_deck(3, &mut rng));
    // A new game draws its deck when it starts; typed goals draw nothing.
    let app = Settings::default();
    let drawn = PlayingChicken::with_draws(&app, 4, &mut rng);
    assert!(is_goal_deck(4, &drawn.deck));
    assert_eq!(drawn.exact_bonus, app.exact_bonus);
    let typed = Settings {
        goal_source: GoalSource::Typed,
        ..Settings::default()
    };
    assert!(PlayingChicken::with_draws(&typed, 4, &mut rng)
        .deck
        .is_empty());
    // A setup whose app deck is missing or not from these cards is refused
    // (a damaged or hostile record never replays with a made-up deck).
    let setup = |deck: Vec<u32>| {
        setup_with(
            &["Ann", "Bob", "Cy"],
            Settings {
                deck,
                ..Settings::default()
            },
        )
    };
    assert!(PlayingChicken::check_setup(&setup(draw_goal_deck(3, &mut rng))).is_ok());
    assert!(PlayingChicken::check_setup(&setup(Vec::new())).is_err());
    assert!(PlayingChicken::check_setup(&setup(vec![39; TRICKS])).is_err());
}

#[test]
fn the_app_deck_shows_the_next_goal_and_records_the_card_flipped() {
    let deck = draw_goal_deck(3, &mut common::rng(7));
    let setup = setup_with(
        &["Ann", "Bob", "Cy"],
        Settings {
            deck: deck.clone(),
            ..Settings::default()
        },
    );
    let mut log = Vec::new();
    for (i, card) in deck.iter().take(3).enumerate() {
        let state = state_of(&setup, &log);
        let goal = next_goal(&setup, &state).unwrap_or_else(|| panic!("a next goal"));
        assert_eq!(goal, *card);
        let st = PlayingChicken::standings(&setup, &state);
        assert!(st.status.contains(&format!("Next goal: {goal}")));
        log.push(t(goal, &[6 - i as u8, 1 + i as u8, 3 + i as u8]));
    }
    let state = state_of(&setup, &log);
    for (i, tr) in state.tricks.iter().enumerate() {
        assert_eq!(tr.deck_goal, Some(deck[i]));
        assert!(!PlayingChicken::trick_note(&setup, tr).contains("app's card"));
    }
    // A different goal (from a card for 3 players) is accepted and noted.
    let flipped = deck[3];
    let other = if flipped == 4 { 5 } else { 4 };
    log.push(t(other, &[1, 4, 1]));
    let state = state_of(&setup, &log);
    let note = PlayingChicken::trick_note(&setup, &state.tricks[3]);
    assert!(
        note.ends_with(&format!("(the app's card was {flipped})")),
        "{note}"
    );
}

#[test]
fn typed_goals_show_no_next_goal() {
    let setup = three(ExactBonus::Double);
    let state = PlayingChicken::start(&setup);
    assert_eq!(next_goal(&setup, &state), None);
    let st = PlayingChicken::standings(&setup, &state);
    assert!(!st.status.iter().any(|s| s.starts_with("Next goal")));
    assert_eq!(
        st.status.first().map(String::as_str),
        Some("Round 1 of 5 · trick 1 of 5 · 2 points a winning card")
    );
}

// ---------------------------------------------------------------- a whole game

fn standings(setup: &Setup<Settings>, log: &[Trick]) -> Standings {
    PlayingChicken::standings(setup, &state_of(setup, log))
}

#[test]
fn a_whole_three_player_game_with_the_double_bonus() {
    let setup = three(ExactBonus::Double);
    let st = standings(&setup, &scenario());
    let round_points: Vec<Vec<Points>> = st.sheet.iter().map(|r| r.points.clone()).collect();
    assert_eq!(
        round_points,
        vec![
            pts(&[8, 2, 10]),
            pts(&[3, 3, 12]),
            pts(&[0, 12, 4]),
            pts(&[15, 10, 0]),
            pts(&[6, 0, 6]),
        ]
    );
    let running: Vec<Vec<Points>> = st.sheet.iter().map(|r| r.totals.clone()).collect();
    assert_eq!(
        running,
        vec![
            pts(&[8, 2, 10]),
            pts(&[11, 5, 22]),
            pts(&[11, 17, 26]),
            pts(&[26, 27, 26]),
            pts(&[32, 27, 32]),
        ]
    );
    assert_eq!(st.totals, pts(&[32, 27, 32]));
    assert!(!st.lower_wins);
    assert!(st.status.is_empty());
    let outcome = st.outcome.unwrap_or_else(|| panic!("the game is over"));
    assert_eq!(outcome.winners, vec![0, 2]);
    assert_eq!(outcome.ranks, vec![1, 3, 1]);
    assert_eq!(
        outcome.notes,
        vec!["Ann and Cy tie on 32 points and share the win."]
    );
    let labels: Vec<&str> = st.sheet.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(
        labels,
        vec![
            "Round 1 · 2 pts/card",
            "Round 2 · 3 pts/card",
            "Round 3 · 4 pts/card",
            "Round 4 · 5 pts/card",
            "Round 5 · 6 pts/card",
        ]
    );
    assert!(st.sheet.iter().all(|r| r.entry.is_none()));
    let tricks: Vec<usize> = st.sheet.iter().map(|r| r.notes.len()).collect();
    assert_eq!(tricks, vec![5, 4, 3, 2, 1]);
}

#[test]
fn a_whole_three_player_game_with_the_plus_one_bonus() {
    let setup = three(ExactBonus::PlusOne);
    let st = standings(&setup, &scenario());
    assert_eq!(st.totals, pts(&[27, 20, 28]));
    let outcome = st.outcome.unwrap_or_else(|| panic!("the game is over"));
    assert_eq!(outcome.winners, vec![2]);
    assert!(outcome.notes.is_empty());
}

#[test]
fn the_score_sheet_tells_each_trick() {
    let setup = three(ExactBonus::Double);
    let st = standings(&setup, &scenario());
    assert_eq!(
        st.sheet[0].notes,
        vec![
            "Trick 1: goal 14, total 13 (under) → Ann 6 wins 2",
            "Trick 2: goal 10, total 15 (over) → Cy 4 wins 2",
            "Trick 3: goal 8, total 8 (exact) → Cy 5 wins 4",
            "Trick 4: goal 7, total 7 (exact) → Ann and Cy (3) win 4 each",
            "Trick 5: goal 11, total 9 (under) → Ann and Bob (4) win 2 each",
        ]
    );
    assert_eq!(
        st.sheet[0].details[1],
        vec![
            "Trick 1: 5",
            "Trick 2: 6",
            "Trick 3: 2",
            "Trick 4: 1",
            "Trick 5: 4 · +2",
        ]
    );
    // The discard went face down: the sheet never shows it.
    assert_eq!(st.sheet[4].details[2], vec!["Trick 1: 5 · +6"]);
    assert!(st
        .sheet
        .iter()
        .flat_map(|r| r.details.iter().flatten())
        .all(|l| !l.contains("iscard")));
}

#[test]
fn a_round_in_play_shows_on_the_sheet_and_in_the_status() {
    let setup = three(ExactBonus::Double);
    let log: Vec<Trick> = scenario().into_iter().take(7).collect();
    let st = standings(&setup, &log);
    assert_eq!(st.sheet.len(), 2);
    assert_eq!(st.sheet[1].points, pts(&[3, 3, 3]));
    assert_eq!(st.totals, pts(&[11, 5, 13]));
    assert_eq!(
        st.status,
        vec!["Round 2 of 5 · trick 3 of 4 · 3 points a winning card"]
    );
    assert_eq!(st.outcome, None);
    let log: Vec<Trick> = scenario().into_iter().take(8).collect();
    let st = standings(&setup, &log);
    assert_eq!(
        st.status,
        vec![
            "Round 2 of 5 · trick 4 of 4 · 3 points a winning card",
            "Last trick of the round: the card not played is discarded",
        ]
    );
}

// ---------------------------------------------------------------- hands

#[test]
fn hands_and_discards_are_inferred_from_the_tricks() {
    let setup = three(ExactBonus::Double);
    let log = scenario();
    let at = |k: usize| state_of(&setup, &log[..k]);

    let s = at(0);
    assert_eq!(s.hands[0].held, vec![1, 2, 3, 4, 5, 6]);
    assert_eq!(s.current().map(|p| (p.round, p.trick)), Some((1, 1)));

    let s = at(3);
    assert_eq!(s.hands[0].held, vec![2, 3, 4]);
    assert_eq!(s.hands[0].played, vec![6, 5, 1]);
    assert!(s.hands[0].discards.is_empty());

    // After round 1: the card not played on its last trick is discarded.
    let s = at(5);
    assert_eq!(s.tricks[4].discards, vec![2, 3, 6]);
    assert_eq!(s.hands[0].discards, vec![Discard { card: 2, round: 1 }]);
    assert_eq!(s.hands[0].held, vec![1, 3, 4, 5, 6]);
    assert_eq!(s.hands[1].held, vec![1, 2, 4, 5, 6]);
    assert_eq!(s.hands[2].held, vec![1, 2, 3, 4, 5]);
    assert!(s.hands.iter().all(|h| h.played.is_empty()));
    assert_eq!(s.current().map(|p| (p.round, p.trick)), Some((2, 1)));

    // At the start of each round a player holds 7 - round cards.
    for (k, round) in [(0, 1), (5, 2), (9, 3), (12, 4), (14, 5)] {
        let s = at(k);
        for h in &s.hands {
            assert_eq!(h.held.len(), starting_cards(round));
            assert_eq!(h.discards.len(), round - 1);
        }
    }
    let s = at(14);
    assert_eq!(s.hands[0].held, vec![5, 6]);
    assert_eq!(s.hands[1].held, vec![2, 6]);
    assert_eq!(s.hands[2].held, vec![2, 5]);

    // The end of the game: five discards each, nothing held.
    let s = at(15);
    let discards: Vec<Vec<u8>> = s
        .hands
        .iter()
        .map(|h| h.discards.iter().map(|d| d.card).collect())
        .collect();
    assert_eq!(
        discards,
        vec![
            vec![2, 4, 1, 3, 6],
            vec![3, 4, 1, 5, 6],
            vec![6, 3, 1, 4, 2]
        ]
    );
    let rounds: Vec<usize> = s.hands[2].discards.iter().map(|d| d.round).collect();
    assert_eq!(rounds, vec![1, 2, 3, 4, 5]);
    assert!(s.hands.iter().all(|h| h.held.is_empty()));
    assert!(s.finished());
    assert_eq!(s.current(), None);
    assert_eq!(s.totals(), vec![32, 27, 32]);
    assert_eq!(s.round_points(4), vec![15, 10, 0]);
}

// ---------------------------------------------------------------- refusals

fn refuse(setup: &Setup<Settings>, log: &[Trick], entry: Trick) -> RuleError {
    let state = state_of(setup, log);
    match PlayingChicken::apply(setup, &state, &entry) {
        Ok(_) => panic!("{entry:?} was accepted"),
        Err(e) => e,
    }
}

#[test]
fn a_card_played_this_round_is_refused_naming_the_trick() {
    let setup = three(ExactBonus::Double);
    // Round 1, trick 3: Ann played her 5 in trick 2, Cy his 2 in trick 1.
    let e = refuse(&setup, &scenario()[..2], t(8, &[5, 2, 1]));
    assert_eq!(e.player, Some(0));
    assert_eq!(e.message, "Ann played the 5 in trick 2 of this round.");
    let e = refuse(&setup, &scenario()[..2], t(8, &[1, 3, 2]));
    assert_eq!(e.player, Some(2));
    assert_eq!(e.message, "Cy played the 2 in trick 1 of this round.");
    // Round 2, trick 4: Bob's 6 went in trick 1 of round 2, not round 1's.
    let e = refuse(&setup, &scenario()[..8], t(5, &[3, 6, 1]));
    assert_eq!(e.player, Some(1));
    assert_eq!(e.message, "Bob played the 6 in trick 1 of this round.");
}

#[test]
fn every_card_not_held_is_refused_beside_its_player_saying_where_it_went() {
    let setup = three(ExactBonus::Double);
    let log = scenario();
    // Round 3, trick 3 (after 11 tricks): Ann played 6 and 5 this round and
    // discarded 2 (round 1) and 4 (round 2); she holds 1 and 3.
    let state = state_of(&setup, &log[..11]);
    // (Ann's card, the refusal beside her field; `None`: accepted)
    let table: Vec<(u8, Option<&str>)> = vec![
        (1, None),
        (
            2,
            Some("Round 3, trick 3: Ann discarded the 2 in round 1; it is out of the game."),
        ),
        (3, None),
        (
            4,
            Some("Round 3, trick 3: Ann discarded the 4 in round 2; it is out of the game."),
        ),
        (5, Some("Ann played the 5 in trick 2 of this round.")),
        (6, Some("Ann played the 6 in trick 1 of this round.")),
    ];
    for (card, says) in table {
        let result = PlayingChicken::apply(&setup, &state, &t(8, &[card, 2, 5]));
        match (result, says) {
            (Ok(_), None) => {}
            (Err(e), Some(says)) => {
                assert_eq!(e.message, says);
                assert_eq!(e.player, Some(0));
            }
            (result, says) => panic!("Ann's {card}: {:?}, not {says:?}", result.err()),
        }
    }
}

#[test]
fn a_discarded_card_is_refused_for_the_rest_of_the_game() {
    let setup = three(ExactBonus::Double);
    // Bob discarded his 3 in round 1; in round 4 he tries it again.
    let e = refuse(&setup, &scenario()[..12], t(17, &[6, 3, 5]));
    assert_eq!(e.player, Some(1));
    assert_eq!(
        e.message,
        "Round 4, trick 1: Bob discarded the 3 in round 1; it is out of the game."
    );
    // Cards return at the start of a round: Ann's 6, played in round 1.
    let ok = PlayingChicken::apply(
        &setup,
        &state_of(&setup, &scenario()[..5]),
        &t(13, &[6, 6, 5]),
    );
    assert!(ok.is_ok());
}

#[test]
fn malformed_tricks_are_refused() {
    let setup = three(ExactBonus::Double);
    // (the trick, the field the refusal is beside, what it says)
    let table: Vec<(Trick, Option<usize>, &str)> = vec![
        (
            t(14, &[6, 5]),
            None,
            "Round 1, trick 1: the trick lists 2 cards; the game has 3 players.",
        ),
        (
            t(14, &[6, 0, 2]),
            Some(1),
            "Round 1, trick 1: Bob's card must be 1 to 6, not 0.",
        ),
        (t(14, &[6, 5, 7]), Some(2), "Round 1, trick 1: Cy's card must be 1 to 6, not 7."),
        // 15 is a 4-player card only.
        (
            t(15, &[6, 5, 2]),
            None,
            "Round 1, trick 1: no goal card for 3 players says 15; theirs say 4, 5, 7, 8, 10, 11, 13, 14 and 17.",
        ),
    ];
    for (trick, player, says) in table {
        let e = refuse(&setup, &[], trick.clone());
        assert_eq!(e.message, says, "{trick:?}");
        assert_eq!(e.player, player, "{trick:?}");
    }
    // Nothing after the 15th trick.
    let e = refuse(&setup, &scenario(), t(14, &[1, 1, 1]));
    assert_eq!(e.message, "The game is over: all 15 tricks are played.");
    // A refused entry leaves the log as it was.
    let log = scenario()[..3].to_vec();
    assert!(push_entry::<PlayingChicken>(&setup, &log, t(14, &[6, 5, 1])).is_err());
    assert_eq!(log, scenario()[..3].to_vec());
}

#[test]
fn player_counts_outside_three_to_eight_are_refused() {
    for n in [2usize, 9] {
        let names: Vec<String> = (0..n).map(|i| format!("P{i}")).collect();
        let setup = Setup {
            players: names,
            settings: Settings::default(),
        };
        assert!(PlayingChicken::check_setup(&setup).is_err());
        let state = PlayingChicken::start(&setup);
        let cards = vec![1u8; n];
        assert!(PlayingChicken::apply(&setup, &state, &t(17, &cards)).is_err());
    }
    for n in 3usize..=8 {
        let names: Vec<String> = (0..n).map(|i| format!("P{i}")).collect();
        let setup = Setup {
            players: names,
            settings: PlayingChicken::with_draws(
                &Settings::default(),
                n,
                &mut common::rng(n as u64),
            ),
        };
        assert!(PlayingChicken::check_setup(&setup).is_ok());
    }
}

// ---------------------------------------------------------------- undo / edit

#[test]
fn an_edit_that_makes_a_later_trick_impossible_is_refused_naming_it() {
    let setup = three(ExactBonus::Double);
    let log = scenario();
    // Round 2, trick 1: Ann played 6. Change it to her 1, which she plays in
    // round 2, trick 3.
    let err = replace_entry::<PlayingChicken>(&setup, &log, 5, t(13, &[1, 6, 5])).unwrap_err();
    assert_eq!(err.index, 7);
    assert_eq!(err.error.player, Some(0));
    assert_eq!(
        err.error.message,
        "Ann played the 1 in trick 1 of this round."
    );
    assert_eq!(
        err.to_string(),
        "Entry 8: Ann played the 1 in trick 1 of this round."
    );
    // As the screen saves it, the same correction swaps the two cards.
    let fixed = PlayingChicken::correct(&setup, &log, 5, t(13, &[1, 6, 5]))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(fixed[5].cards, vec![1, 6, 5]);
    assert_eq!(fixed[7].cards, vec![6, 1, 2]);
}

#[test]
fn an_edit_that_changes_a_discard_is_checked_in_later_rounds() {
    let setup = three(ExactBonus::Double);
    let log = scenario();
    // Round 1, last trick: Cy plays the 6 instead of the 1, so discards the
    // 1, which Cy plays in round 2, trick 4.
    let err = replace_entry::<PlayingChicken>(&setup, &log, 4, t(11, &[4, 4, 6])).unwrap_err();
    assert_eq!(err.index, 8);
    assert_eq!(err.error.player, Some(2));
    assert_eq!(
        err.error.message,
        "Round 2, trick 4: Cy discarded the 1 in round 1; it is out of the game."
    );
}

#[test]
fn an_accepted_edit_recomputes_points_and_hands() {
    let setup = three(ExactBonus::Double);
    let log = scenario();
    // Round 1, trick 1: goal 13 instead of 14, so 13 is exact: Ann wins 4.
    let edited = replace_entry::<PlayingChicken>(&setup, &log, 0, t(13, &[6, 5, 2]))
        .unwrap_or_else(|e| panic!("{e}"));
    let st = standings(&setup, &edited);
    assert_eq!(st.sheet[0].points, pts(&[10, 2, 10]));
    assert_eq!(st.totals, pts(&[34, 27, 32]));
    assert_eq!(st.outcome.map(|o| o.winners), Some(vec![0]));
    // Swapping Bob's cards in round 4 changes his discard and the points.
    let edited = replace_entry::<PlayingChicken>(&setup, &log, 12, t(17, &[6, 5, 5]))
        .unwrap_or_else(|e| panic!("{e}"));
    let edited = replace_entry::<PlayingChicken>(&setup, &edited, 13, t(10, &[5, 2, 2]))
        .unwrap_or_else(|e| panic!("{e}"));
    let s = state_of(&setup, &edited);
    assert_eq!(s.tricks[13].discards, vec![3, 6, 4]);
    // Round 4, trick 1: 16 under: Ann 6 wins 5 (not 10); Bob no longer wins.
    assert_eq!(s.round_points(4), vec![10, 0, 0]);
    // Round 5: Bob holds 2 and 5 now; he plays the 2, so the 5 is discarded.
    let bob: Vec<u8> = s.hands[1].discards.iter().map(|d| d.card).collect();
    assert_eq!(bob, vec![3, 4, 1, 6, 5]);
}

/// The table's typo: Ann's 3 went in as trick 1 and her 5 as trick 2, but
/// she played them the other way round.
#[test]
fn correcting_one_trick_swaps_a_card_with_another_trick_of_the_round() {
    let setup = three(ExactBonus::Double);
    let played = vec![t(14, &[5, 6, 2]), t(10, &[3, 5, 4]), t(8, &[1, 2, 5])];
    let typed = vec![t(14, &[3, 6, 2]), t(10, &[5, 5, 4]), t(8, &[1, 2, 5])];
    // As typed: 11 under (Bob 6 wins 2), 14 over (Cy 4 wins 2), 8 exact (Cy 5 wins 4).
    assert_eq!(standings(&setup, &typed).totals, pts(&[0, 2, 6]));
    // Correcting trick 1 alone to Ann's 5 is impossible with trick 2 as it is...
    let err = replace_entry::<PlayingChicken>(&setup, &typed, 0, t(14, &[5, 6, 2])).unwrap_err();
    assert_eq!(err.index, 1);
    assert_eq!(
        err.error.message,
        "Ann played the 5 in trick 1 of this round."
    );
    // ...so the correction says what it carries into trick 2, and saving it
    // is one change: trick 2 gets the 3 that trick 1 had.
    let swaps = swaps(&typed, 0, &[5, 6, 2]);
    assert_eq!(
        swaps,
        vec![Swap {
            seat: 0,
            index: 1,
            card: 5,
            gets: 3
        }]
    );
    assert_eq!(
        swaps[0].note("Ann"),
        "Ann played the 5 in trick 2 of this round: saving swaps the cards, so trick 2 gets the 3."
    );
    let fixed = PlayingChicken::correct(&setup, &typed, 0, t(14, &[5, 6, 2]))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(fixed, played);
    // 13 under (Bob 6 wins 2), 12 over (Ann 3 wins 2), 8 exact (Cy 5 wins 4).
    assert_eq!(standings(&setup, &fixed).totals, pts(&[2, 2, 4]));
    // The same fix from trick 2's side.
    let fixed = PlayingChicken::correct(&setup, &typed, 1, t(10, &[3, 5, 4]))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(fixed, played);
    // And back again: the typo restored exactly.
    let back = PlayingChicken::correct(&setup, &fixed, 0, t(14, &[3, 6, 2]))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, typed);
}

#[test]
fn a_correction_swaps_for_each_player_and_in_either_direction() {
    let setup = three(ExactBonus::Double);
    let log = scenario();
    // Round 1, trick 4 was Ann 3, Bob 1, Cy 3. Ann's 6 is from trick 1
    // (earlier), Bob's 2 and Cy's 5 from trick 3: each swaps.
    let fixed = PlayingChicken::correct(&setup, &log, 3, t(7, &[6, 2, 5]))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(fixed[3].cards, vec![6, 2, 5]);
    assert_eq!(fixed[0].cards, vec![3, 5, 2]);
    assert_eq!(fixed[2].cards, vec![1, 1, 3]);
    let changed: Vec<usize> = (0..log.len()).filter(|i| fixed[*i] != log[*i]).collect();
    assert_eq!(changed, vec![0, 2, 3]);
    // The round's cards are the same, so every discard and later round is
    // (the game is over: only round 5's single trick is "played").
    let (before, after) = (state_of(&setup, &log), state_of(&setup, &fixed));
    assert_eq!(before.hands, after.hands);
    // Bob's 3 instead is his discard, not a card of another trick: nothing
    // swaps for him, he discards the 1 and round 2, trick 3 (his 1) becomes
    // impossible, so nothing is saved.
    let err = PlayingChicken::correct(&setup, &log, 3, t(7, &[6, 3, 5])).unwrap_err();
    assert_eq!(
        err,
        LogError {
            index: 7,
            error: RuleError::for_player(
                1,
                "Round 2, trick 3: Bob discarded the 1 in round 1; it is out of the game."
            ),
        }
    );
}

#[test]
fn a_correction_to_a_discarded_card_is_refused_not_swapped() {
    let setup = three(ExactBonus::Double);
    let log = scenario();
    // Round 2, trick 1: Ann's 2 went out in round 1.
    let err = PlayingChicken::correct(&setup, &log, 5, t(13, &[2, 6, 5])).unwrap_err();
    assert_eq!(err.index, 5);
    assert_eq!(err.error.player, Some(0));
    assert_eq!(
        err.error.message,
        "Round 2, trick 1: Ann discarded the 2 in round 1; it is out of the game."
    );
    // Round 1's last trick: Cy's 6 is his discard, not a card of another
    // trick, so nothing swaps and round 2's trick 4 (his 1) is impossible.
    let err = PlayingChicken::correct(&setup, &log, 4, t(11, &[4, 4, 6])).unwrap_err();
    assert_eq!(err.index, 8);
    assert_eq!(
        err.error.message,
        "Round 2, trick 4: Cy discarded the 1 in round 1; it is out of the game."
    );
}

#[test]
fn undo_restores_the_state_before_the_trick() {
    let setup = three(ExactBonus::Double);
    let log = scenario();
    for k in 1..=log.len() {
        let before = state_of(&setup, &log[..k - 1]);
        let undone = undo_last(&log[..k]);
        assert_eq!(state_of(&setup, &undone), before);
        assert_ne!(state_of(&setup, &log[..k]), before);
    }
}

// ---------------------------------------------------------------- settings, help

#[test]
fn settings_and_tricks_in_json() {
    let s = Settings {
        exact_bonus: ExactBonus::PlusOne,
        goal_source: GoalSource::AppDeck,
        deck: vec![4, 8, 11],
    };
    let json = serde_json::to_string(&s).unwrap_or_default();
    assert_eq!(
        json,
        r#"{"exact_bonus":"plus-one","goal_source":"app-deck","deck":[4,8,11]}"#
    );
    let typed = Settings {
        goal_source: GoalSource::Typed,
        ..Settings::default()
    };
    assert_eq!(
        serde_json::to_string(&typed).unwrap_or_default(),
        r#"{"exact_bonus":"double","goal_source":"typed"}"#,
        "no deck is stored for typed goals"
    );
    let back: Settings = serde_json::from_str(&json).unwrap_or_default();
    assert_eq!(back, s);
    let default: Settings = serde_json::from_str("{}").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(default.exact_bonus, ExactBonus::Double);
    assert_eq!(default.goal_source, GoalSource::AppDeck);
    let alias: Settings =
        serde_json::from_str(r#"{"exact_bonus":"+1"}"#).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(alias.exact_bonus, ExactBonus::PlusOne);
    let trick = t(15, &[6, 5, 3, 1]);
    let json = serde_json::to_string(&trick).unwrap_or_default();
    assert_eq!(json, r#"{"goal":15,"cards":[6,5,3,1]}"#);
    assert_eq!(serde_json::from_str::<Trick>(&json).ok(), Some(trick));
}

#[test]
fn help_names_the_variants_in_force() {
    let text = |setup: &Setup<Settings>| -> String {
        PlayingChicken::help(setup)
            .iter()
            .map(|l| format!("{}: {}\n", l.title, l.text))
            .collect()
    };
    let double = text(&three(ExactBonus::Double));
    assert!(double.contains("Double (chosen for this game)"));
    assert!(double.contains("4, 6, 8, 10 and 12"));
    assert!(double.contains("types each goal in"));
    assert!(!double.contains("7-player range"));
    let plus = text(&three(ExactBonus::PlusOne));
    assert!(plus.contains("+1 (chosen for this game)"));
    assert!(plus.contains("3, 4, 5, 6 and 7"));
    let seven = setup_with(&["a", "b", "c", "d", "e", "f", "g"], Settings::default());
    let seven = text(&seven);
    assert!(seven.contains("7-player range"));
    assert!(seven.contains("The app is the goal deck: the 10 cards for 7 players"));
    assert!(seven.contains("13, 17, 18, 19, 22, 23, 27, 31 and 33"));
}

// ---------------------------------------------------------------- properties

/// The cards each seat played, per round, from the log alone.
fn oracle_scores(settings: &Settings, n: usize, log: &[Trick]) -> Vec<u32> {
    let mut totals = vec![0u32; n];
    let mut index = 0;
    for round in 1..=5usize {
        for _ in 0..(6 - round) {
            let Some(tr) = log.get(index) else {
                return totals;
            };
            index += 1;
            let sum: u32 = tr.cards.iter().map(|c| *c as u32).sum();
            let hi = *tr.cards.iter().max().unwrap();
            let lo = *tr.cards.iter().min().unwrap();
            let (card, each) = if sum < tr.goal {
                (hi, round as u32 + 1)
            } else if sum > tr.goal {
                (lo, round as u32 + 1)
            } else if settings.exact_bonus == ExactBonus::Double {
                (hi, 2 * (round as u32 + 1))
            } else {
                (hi, round as u32 + 2)
            };
            for (seat, c) in tr.cards.iter().enumerate() {
                if *c == card {
                    totals[seat] += each;
                }
            }
        }
    }
    totals
}

/// Checks the hand rules on an accepted log, independently of the state:
/// no card twice in a round, no discarded card, one discard per round.
fn check_hands(n: usize, log: &[Trick]) -> Result<(), String> {
    let mut out: Vec<Vec<u8>> = vec![Vec::new(); n];
    let mut index = 0;
    for round in 1..=5usize {
        let mut played: Vec<Vec<u8>> = vec![Vec::new(); n];
        for _ in 0..(6 - round) {
            let Some(tr) = log.get(index) else {
                return Ok(());
            };
            index += 1;
            for (seat, c) in tr.cards.iter().enumerate() {
                if played[seat].contains(c) {
                    return Err(format!("seat {seat} played {c} twice in round {round}"));
                }
                if out[seat].contains(c) {
                    return Err(format!("seat {seat} played discarded {c} in round {round}"));
                }
                played[seat].push(*c);
            }
        }
        for seat in 0..n {
            let left: Vec<u8> = (1..=6u8)
                .filter(|c| !out[seat].contains(c) && !played[seat].contains(c))
                .collect();
            if left.len() != 1 {
                return Err(format!("seat {seat} ends round {round} holding {left:?}"));
            }
            out[seat].push(left[0]);
        }
    }
    if index != log.len() {
        return Err(format!("{} tricks accepted", log.len()));
    }
    Ok(())
}

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("P{i}")).collect()
}

/// A legal game: each player picks among the cards still held, goals come
/// from the player count's cards.
fn legal_game(setup: &Setup<Settings>, picks: &[u32], tricks: usize) -> Vec<Trick> {
    let n = setup.players.len();
    let goals = goal_deck(n);
    let mut log = Vec::new();
    let mut state = PlayingChicken::start(setup);
    let mut p = picks.iter().cycle();
    for _ in 0..tricks {
        let trick = legal_trick(&goals, &state, &mut p);
        state = PlayingChicken::apply(setup, &state, &trick)
            .unwrap_or_else(|e| panic!("legal trick refused: {e}"));
        log.push(trick);
    }
    log
}

/// A legal next trick: a goal of the player count's cards, and a card each
/// player still holds, chosen by the picks.
fn legal_trick<'a>(goals: &[u32], state: &State, p: &mut impl Iterator<Item = &'a u32>) -> Trick {
    let mut pick = || p.next().copied().unwrap_or(0) as usize;
    let goal = goals[pick() % goals.len()];
    let cards: Vec<u8> = state
        .hands
        .iter()
        .map(|h| h.held[pick() % h.held.len()])
        .collect();
    Trick { goal, cards }
}

/// What the edit of a trick puts in its place.
#[derive(Clone, Debug)]
enum TrickEdit {
    /// Any goal and cards: mostly refused.
    Any(Trick),
    /// The same cards under another goal of the deck: accepted.
    Goal(u32),
    /// A trick legal where it goes, chosen by the picks: refused only when
    /// a later trick plays a card this one now takes.
    Legal(Vec<u32>),
}

fn settings_strategy() -> impl Strategy<Value = Settings> {
    (any::<bool>(), any::<bool>(), any::<u64>()).prop_map(|(d, a, seed)| Settings {
        deck: draw_goal_deck(3 + (seed % 6) as usize, &mut common::rng(seed)),
        exact_bonus: if d {
            ExactBonus::Double
        } else {
            ExactBonus::PlusOne
        },
        goal_source: if a {
            GoalSource::AppDeck
        } else {
            GoalSource::Typed
        },
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn arbitrary_entries_never_panic(
        n in 0usize..11,
        settings in settings_strategy(),
        log in prop::collection::vec(
            (0u32..45, prop::collection::vec(any::<u8>(), 0..11)),
            0..25,
        ),
    ) {
        let setup = Setup { players: names(n), settings };
        let log: Vec<Trick> = log.into_iter().map(|(goal, cards)| Trick { goal, cards }).collect();
        let (state, _) = replay_prefix::<PlayingChicken>(&setup, &log);
        let st = PlayingChicken::standings(&setup, &state);
        let _ = PlayingChicken::help(&setup);
        prop_assert!(state.tricks.len() <= TRICKS);
        prop_assert_eq!(st.totals.len(), n);
        for i in 0..20 {
            let _ = judge(i as u32, &[], i, ExactBonus::Double);
            let cards: Vec<u8> = (0..n).map(|s| (i + s) as u8 % 8).collect();
            let _ = swaps(&log, i, &cards);
            let _ = swap_for(&log, i, i % 11, i as u8);
            let _ = PlayingChicken::correct(&setup, &log, i, Trick { goal: 11, cards });
        }
    }

    #[test]
    fn a_trick_is_accepted_exactly_when_every_card_is_still_held(
        n in 3usize..=8,
        settings in settings_strategy(),
        raw in prop::collection::vec(
            prop::collection::vec((0u8..10, any::<u32>(), 1u8..=6), 8),
            0..40,
        ),
    ) {
        let setup = Setup { players: names(n), settings };
        let goal = goal_deck(n)[0];
        // Mostly cards still held, sometimes any card 1-6; keep the tricks
        // the rules accept and check each verdict against the hand rules.
        let mut log = Vec::new();
        let mut state = PlayingChicken::start(&setup);
        for seats in raw {
            let cards: Vec<u8> = seats
                .iter()
                .zip(&state.hands)
                .map(|((roll, pick, any_card), h)| {
                    if *roll == 0 || h.held.is_empty() {
                        *any_card
                    } else {
                        h.held[*pick as usize % h.held.len()]
                    }
                })
                .collect();
            let trick = Trick { goal, cards };
            let mut candidate = log.clone();
            candidate.push(trick.clone());
            let legal = check_hands(n, &candidate).is_ok();
            match PlayingChicken::apply(&setup, &state, &trick) {
                Ok(next) => {
                    prop_assert!(legal, "accepted an illegal trick {:?}", trick);
                    state = next;
                    log.push(trick);
                }
                Err(e) => prop_assert!(!legal, "refused a legal trick {:?}: {}", trick, e),
            }
        }
        prop_assert_eq!(check_hands(n, &log), Ok(()));
    }

    #[test]
    fn a_legal_game_has_exactly_fifteen_tricks(
        n in 3usize..=8,
        settings in settings_strategy(),
        picks in prop::collection::vec(any::<u32>(), 1..200),
    ) {
        let setup = Setup { players: names(n), settings };
        let log = legal_game(&setup, &picks, TRICKS);
        prop_assert_eq!(check_hands(n, &log), Ok(()));
        let before = state_of(&setup, &log[..TRICKS - 1]);
        prop_assert!(!before.finished());
        prop_assert!(PlayingChicken::standings(&setup, &before).outcome.is_none());
        let state = state_of(&setup, &log);
        prop_assert!(state.finished());
        prop_assert!(PlayingChicken::standings(&setup, &state).outcome.is_some());
        // Every player ends with five discards and nothing in hand.
        for h in &state.hands {
            prop_assert_eq!(h.discards.len(), 5);
            prop_assert!(h.held.is_empty());
        }
        let extra = Trick { goal: goal_deck(n)[0], cards: vec![1; n] };
        prop_assert!(PlayingChicken::apply(&setup, &state, &extra).is_err());
    }

    #[test]
    fn total_points_equal_the_prizes_awarded(
        n in 3usize..=8,
        settings in settings_strategy(),
        picks in prop::collection::vec(any::<u32>(), 1..200),
        tricks in 0usize..=TRICKS,
    ) {
        let setup = Setup { players: names(n), settings: settings.clone() };
        let log = legal_game(&setup, &picks, tricks);
        let state = state_of(&setup, &log);
        let st = PlayingChicken::standings(&setup, &state);
        let expected: Vec<Points> = oracle_scores(&settings, n, &log)
            .into_iter()
            .map(|p| Points::new(p as i64))
            .collect();
        prop_assert_eq!(&st.totals, &expected);
        let awarded: u32 = state.tricks.iter().map(|t| t.result.awarded()).sum();
        let total: u32 = state.totals().iter().sum();
        prop_assert_eq!(awarded, total);
        // The sheet's rows add up to the totals.
        let mut sum = vec![Points::ZERO; n];
        for row in &st.sheet {
            for (s, p) in sum.iter_mut().zip(&row.points) {
                *s += *p;
            }
        }
        prop_assert_eq!(sum, st.totals);
    }

    #[test]
    fn valid_games_at_every_depth_take_one_more_entry_without_panic(
        n in 3usize..=8,
        settings in settings_strategy(),
        picks in prop::collection::vec(any::<u32>(), 1..200),
        tricks in 0usize..=TRICKS,
        goal in 0u32..45,
        cards in prop::collection::vec(0u8..8, 0..10),
    ) {
        let setup = Setup { players: names(n), settings };
        let log = legal_game(&setup, &picks, tricks);
        let extra = Trick { goal, cards };
        common::one_more_entry::<PlayingChicken>(&setup, &log, tricks, &extra)?;
        let state = state_of(&setup, &log);
        if state.finished() {
            prop_assert!(PlayingChicken::apply(&setup, &state, &extra).is_err());
        }
    }

    #[test]
    fn every_card_is_offered_and_one_not_held_is_refused_saying_where_it_went(
        n in 3usize..=8,
        settings in settings_strategy(),
        picks in prop::collection::vec(any::<u32>(), 1..200),
        tricks in 0usize..TRICKS,
        seat in 0usize..8,
        card in CARDS,
    ) {
        // The trick form offers every card, 1 to 6, to every player (so it
        // shows no hand); the rules accept a card exactly when it is still
        // held, the others playing a card they hold, and refuse any other
        // beside that player's field, naming the trick it was played in or
        // the round it was discarded in.
        let setup = Setup { players: names(n), settings };
        let log = legal_game(&setup, &picks, tricks);
        let state = state_of(&setup, &log);
        let seat = seat % n;
        let goal = goal_deck(n)[0];
        let mut cards: Vec<u8> = state.hands.iter().map(|h| h.held[0]).collect();
        cards[seat] = card;
        let hand = &state.hands[seat];
        match PlayingChicken::apply(&setup, &state, &Trick { goal, cards }) {
            Ok(_) => prop_assert!(hand.held.contains(&card)),
            Err(e) => {
                prop_assert!(!hand.held.contains(&card));
                prop_assert_eq!(e.player, Some(seat));
                let said = match hand.played.iter().position(|c| *c == card) {
                    Some(k) => format!("P{seat} played the {card} in trick {} of this round.", k + 1),
                    None => format!(
                        "P{seat} discarded the {card} in round {}; it is out of the game.",
                        hand.discarded_in(card).unwrap_or(0)
                    ),
                };
                prop_assert!(e.message.ends_with(&said), "{} / {}", e.message, said);
            }
        }
    }

    #[test]
    fn a_correction_swaps_a_card_played_in_another_trick_of_the_round(
        n in 3usize..=8,
        settings in settings_strategy(),
        picks in prop::collection::vec(any::<u32>(), 1..200),
        tricks in 1usize..=TRICKS,
        at in 0usize..TRICKS,
        seat in 0usize..8,
        card in CARDS,
    ) {
        // Correcting one player's card in one trick: a card they played in
        // another trick of the same round swaps (always possible, exactly
        // those two cards move, every hand and discard stays, and the
        // reverse correction restores the log); any other card is an
        // ordinary replacement.
        let setup = Setup { players: names(n), settings };
        let log = legal_game(&setup, &picks, tricks);
        let at = at % log.len();
        let seat = seat % n;
        let had = log[at].cards[seat];
        let mut entry = log[at].clone();
        entry.cards[seat] = card;
        let pos = position(at).unwrap();
        let first = at + 1 - pos.trick;
        let other = (first..(first + pos.tricks_in_round).min(log.len()))
            .find(|j| *j != at && log[*j].cards[seat] == card);
        let corrected = PlayingChicken::correct(&setup, &log, at, entry.clone());
        match other {
            Some(j) => {
                let fixed = corrected.map_err(|e| TestCaseError::fail(format!("swap refused: {e}")))?;
                let mut expected = log.clone();
                expected[at] = entry;
                expected[j].cards[seat] = had;
                prop_assert_eq!(&fixed, &expected);
                prop_assert_eq!(check_hands(n, &fixed), Ok(()));
                let kept = |l: &[Trick]| -> Vec<(Vec<u8>, Vec<Discard>)> {
                    state_of(&setup, l).hands.into_iter().map(|h| (h.held, h.discards)).collect()
                };
                prop_assert_eq!(kept(&fixed), kept(&log));
                let mut back = fixed[at].clone();
                back.cards[seat] = had;
                prop_assert_eq!(PlayingChicken::correct(&setup, &fixed, at, back).ok(), Some(log));
            }
            None => {
                let plain = replace_entry::<PlayingChicken>(&setup, &log, at, entry);
                prop_assert_eq!(corrected, plain);
            }
        }
    }
}

#[test]
fn edits_of_valid_games_are_exact() {
    let config = ProptestConfig {
        source_file: Some(file!()),
        ..ProptestConfig::with_cases(200)
    };
    let edit = prop_oneof![
        (0u32..45, prop::collection::vec(1u8..=6, 3..=8))
            .prop_map(|(goal, cards)| TrickEdit::Any(Trick { goal, cards })),
        any::<u32>().prop_map(TrickEdit::Goal),
        prop::collection::vec(any::<u32>(), 9).prop_map(TrickEdit::Legal),
    ];
    let strategy = (
        (
            3usize..=8,
            settings_strategy(),
            prop::collection::vec(any::<u32>(), 1..200),
        ),
        (1usize..=TRICKS, 0usize..TRICKS),
        edit,
    );
    common::check_edits(
        config,
        MIN_PERCENT,
        strategy,
        |((n, settings, picks), (tricks, at), edit)| {
            let setup = Setup {
                players: names(n),
                settings,
            };
            let log = legal_game(&setup, &picks, tricks);
            common::replacing_with_itself_changes_nothing::<PlayingChicken>(&setup, &log)?;
            let at = at % log.len();
            let goals = goal_deck(n);
            let other = match edit {
                TrickEdit::Any(trick) => trick,
                TrickEdit::Goal(g) => Trick {
                    goal: goals[g as usize % goals.len()],
                    cards: log[at].cards.clone(),
                },
                TrickEdit::Legal(picks) => {
                    legal_trick(&goals, &state_of(&setup, &log[..at]), &mut picks.iter())
                }
            };
            common::edit_then_revert_restores::<PlayingChicken>(&setup, &log, at, &other)
        },
    );
}
