//! Stats over game summaries: night membership and its end by itself, the
//! suggestion of a night, the night table with shared places and its
//! champion, the players list, a player's stats (win rate, average and best
//! for higher- and lower-wins games, streaks with shared wins,
//! head-to-head), and properties over generated summaries.

use chicken_scores::model::{Night, Summary};
use chicken_scores::stats::*;
use proptest::prelude::*;

const H: i64 = 3_600_000;

fn game(
    id: &str,
    kind: &str,
    created: i64,
    players: &[&str],
    totals: &[&str],
    ranks: &[usize],
) -> Summary {
    let finished = !ranks.is_empty();
    Summary {
        schema: 2,
        id: id.into(),
        rev: 1,
        kind: kind.into(),
        players: players.iter().map(|p| p.to_string()).collect(),
        created_ms: created,
        updated_ms: created + 1,
        finished,
        summary: String::new(),
        totals: totals.iter().map(|t| t.to_string()).collect(),
        leaders: ranks
            .iter()
            .enumerate()
            .filter(|(_, r)| **r == 1)
            .map(|(i, _)| i)
            .collect(),
        ranks: ranks.to_vec(),
    }
}

fn night(started: i64, ended: Option<i64>) -> Night {
    Night {
        schema: 2,
        id: format!("n{started}"),
        rev: 1,
        name: String::new(),
        started_ms: started,
        ended_ms: ended,
        left_out: Vec::new(),
        updated_ms: 0,
    }
}

fn ids(games: &[&Summary]) -> Vec<String> {
    games.iter().map(|g| g.id.clone()).collect()
}

#[test]
fn a_nights_games_are_those_started_during_it() {
    let games = vec![
        game("before", "cluck", 9 * H, &["A", "B"], &[], &[]),
        game("g2", "cluck", 12 * H, &["A", "B"], &[], &[]),
        game("g1", "cluck", 10 * H, &["A", "B"], &[], &[]),
        game("g3", "cluck", 19 * H, &["A", "B"], &[], &[]),
        // 9 hours after the last: the night had ended by itself.
        game("next-day", "cluck", 28 * H + 1, &["A", "B"], &[], &[]),
    ];
    let n = night(10 * H, None);
    assert_eq!(ids(&members(&n, &games)), vec!["g1", "g2", "g3"]);
    assert_eq!(night_end(&n, &[10 * H, 12 * H, 19 * H, 28 * H + 1]), 27 * H);
    assert!(is_open(&n, &games, 20 * H));
    assert!(!is_open(&n, &games, 27 * H), "8 hours after the last game");
    // Ended by the table: later games are not in it.
    let ended = n.ended_at(15 * H);
    assert_eq!(ids(&members(&ended, &games)), vec!["g1", "g2"]);
    assert!(!is_open(&ended, &games, 15 * H + 1));
    // A game taken out.
    let less = n.leaving_out("g2");
    assert_eq!(ids(&members(&less, &games)), vec!["g1", "g3"]);
    // A night with no game yet ends 8 hours after its start.
    assert_eq!(night_end(&night(100, None), &[]), 100 + IDLE_END_MS);
    assert_eq!(open_night(&[n.clone(), ended], &games, 20 * H), Some(&n));
}

#[test]
fn a_night_is_suggested_for_two_games_close_together() {
    let one = vec![game("g1", "cluck", 10 * H, &["A", "B"], &[], &[])];
    assert_eq!(
        suggestion(&[], &one, 10 * H),
        None,
        "one game is not a night"
    );
    let mut two = one.clone();
    two.push(game("g2", "cluck", 13 * H, &["A", "B"], &[], &[]));
    assert_eq!(
        suggestion(&[], &two, 13 * H),
        Some(10 * H),
        "starts at the earlier game"
    );
    assert_eq!(suggestion(&[], &two, 21 * H + 1), None, "too long ago");
    let far = vec![
        game("g1", "cluck", 10 * H, &["A", "B"], &[], &[]),
        game("g2", "cluck", 15 * H, &["A", "B"], &[], &[]),
    ];
    assert_eq!(
        suggestion(&[], &far, 15 * H),
        None,
        "more than 4 hours apart"
    );
    // Not while a night is on, nor for games already in one.
    assert_eq!(suggestion(&[night(9 * H, None)], &two, 13 * H), None);
    let done = night(9 * H, Some(12 * H));
    assert_eq!(suggestion(&[done], &two, 13 * H), None, "g1 is in a night");
}

#[test]
fn place_points_split_shared_places() {
    // 4 players: 3, 2, 1, 0.
    assert_eq!(place_points(1, 1, 4), 3 * POINT_UNIT);
    assert_eq!(place_points(4, 1, 4), 0);
    // Two share 1st of 4: (3 + 2) / 2.
    assert_eq!(points_text(place_points(1, 2, 4)), "2.5");
    // Three share 2nd of 4: (2 + 1 + 0) / 3.
    assert_eq!(points_text(place_points(2, 3, 4)), "1");
    // Three share 1st of 5: (4 + 3 + 2) / 3 = 3; two share 4th: 0.5.
    assert_eq!(points_text(place_points(1, 3, 5)), "3");
    assert_eq!(points_text(place_points(4, 2, 5)), "0.5");
    assert_eq!(points_text(place_points(1, 3, 3)), "1");
    assert_eq!(points_text(POINT_UNIT * 4 / 3), "1.33");
    assert_eq!(points_text(0), "0");
    // Each game hands out the same points however places are shared.
    for ranks in [
        vec![1, 2, 3, 4],
        vec![1, 1, 3, 4],
        vec![1, 1, 1, 1],
        vec![1, 2, 2, 2],
    ] {
        let total: i64 = ranks
            .iter()
            .map(|r| place_points(*r, ranks.iter().filter(|x| *x == r).count(), 4))
            .sum();
        assert_eq!(total, 6 * POINT_UNIT, "{ranks:?}");
    }
}

#[test]
fn the_night_table_counts_places_fairly_and_names_the_champion() {
    let g1 = game(
        "g1",
        "chickenfoot",
        1,
        &["Ann", "Bob", "Cy"],
        &["5", "9", "12"],
        &[1, 2, 3],
    );
    let g2 = game(
        "g2",
        "cluck",
        2,
        &["Ann", "Bob", "Cy"],
        &["12", "12", "4"],
        &[1, 1, 3],
    );
    let g3 = game(
        "g3",
        "playing-chicken",
        3,
        &["bob ", "Cy"],
        &["30", "10"],
        &[1, 2],
    );
    let on = game("g4", "cluck", 4, &["Ann", "Dee"], &["3", "0"], &[]);
    let t = night_table(&[&g1, &g2, &g3, &on]);
    assert_eq!(t.finished, 3, "a game still on does not count");
    let row = |name: &str| t.rows.iter().find(|r| r.name == name).unwrap().clone();
    // Ann: 2 (1st of 3) + 1.5 (shared 1st of 3) = 3.5; Bob: 1 + 1.5 + 1 = 3.5.
    assert_eq!(points_text(row("Ann").points), "3.5");
    assert_eq!(
        points_text(row("bob").points),
        "3.5",
        "spelt as in the latest game"
    );
    assert_eq!(row("Ann").placings, vec![2]);
    assert_eq!(row("bob").placings, vec![2, 1]);
    assert_eq!(row("bob").wins, 2);
    assert_eq!(row("Cy").placings, vec![0, 1, 2]);
    // Level on points and wins: Bob's extra 2nd puts him first.
    assert_eq!(t.rows[0].name, "bob");
    assert_eq!(t.champions, 1);
    assert!(t.rows.iter().all(|r| r.name != "Dee"));
    // Level on everything: the champions share it.
    let a = game("a", "cluck", 1, &["Ann", "Bob"], &["12", "3"], &[1, 2]);
    let b = game("b", "cluck", 2, &["Ann", "Bob"], &["3", "12"], &[2, 1]);
    let shared = night_table(&[&a, &b]);
    assert_eq!(shared.champions, 2);
    assert_eq!(night_table(&[]).champions, 0);
    assert_eq!(night_table(&[&on]).rows, vec![]);
}

#[test]
fn players_are_listed_once_with_games_and_wins() {
    let games = vec![
        game("g1", "cluck", 1, &["Ann", "Bob"], &["12", "3"], &[1, 2]),
        game("g2", "cluck", 2, &["ann", "Cy"], &["4", "12"], &[2, 1]),
        game("g3", "cluck", 3, &["Bob", "Cy"], &["3", "3"], &[]),
    ];
    let roster = vec!["Dee".to_string(), " ANN".to_string()];
    let list = players(&games, &roster);
    let names: Vec<&str> = list.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(
        names,
        vec!["ANN", "Bob", "Cy", "Dee"],
        "roster spelling; most played first"
    );
    assert_eq!((list[0].played, list[0].won, list[0].on), (2, 1, 0));
    assert_eq!((list[1].played, list[1].won, list[1].on), (1, 0, 1));
    assert_eq!((list[3].played, list[3].won), (0, 0));
}

#[test]
fn a_players_stats_count_wins_scores_streaks_and_rivals() {
    let games = vec![
        // Chickenfoot: lowest wins.
        game(
            "c1",
            "chickenfoot",
            1,
            &["Ann", "Bob"],
            &["10", "30"],
            &[1, 2],
        ),
        game(
            "c2",
            "chickenfoot",
            2,
            &["Ann", "Bob"],
            &["-3.5", "-3.5"],
            &[1, 1],
        ),
        game(
            "c3",
            "chickenfoot",
            3,
            &["Ann", "Bob", "Cy"],
            &["40", "20", "5"],
            &[3, 2, 1],
        ),
        // Cluck!: highest wins.
        game("k1", "cluck", 4, &["Bob", "ann"], &["3", "12"], &[2, 1]),
        game("k2", "cluck", 5, &["Ann", "Cy"], &["9", "12"], &[2, 1]),
        game("k3", "cluck", 6, &["Ann", "Cy"], &["12", "7"], &[1, 2]),
        game("on", "cluck", 7, &["Ann", "Cy"], &["1", "0"], &[]),
        game("other", "cluck", 8, &["Bob", "Cy"], &["12", "0"], &[1, 2]),
    ];
    let s = player_stats("ANN", &games);
    assert_eq!((s.played, s.won), (6, 4));
    assert_eq!(win_rate_text(s.won, s.played), "67%");
    assert_eq!(win_rate(0, 0), None);
    assert_eq!(win_rate_text(0, 0), "–");
    let cf = s.per_game.iter().find(|g| g.kind == "chickenfoot").unwrap();
    assert_eq!((cf.played, cf.won), (3, 2));
    assert_eq!(cf.best, Some(-3.5), "lowest is best");
    assert_eq!(score_text(cf.average.unwrap()), "15.5");
    let cl = s.per_game.iter().find(|g| g.kind == "cluck").unwrap();
    assert_eq!(cl.best, Some(12.0), "highest is best");
    assert_eq!(score_text(cl.average.unwrap()), "11");
    // c1 win, c2 shared win, c3 lost, k1 win; k2 lost; k3 win.
    assert_eq!(s.longest_streak, 2);
    let bob = s.head_to_head.iter().find(|h| h.opponent == "Bob").unwrap();
    assert_eq!(
        (bob.together, bob.ahead, bob.behind, bob.level),
        (4, 2, 1, 1)
    );
    let cy = s.head_to_head.iter().find(|h| h.opponent == "Cy").unwrap();
    assert_eq!((cy.together, cy.ahead, cy.behind, cy.level), (3, 1, 2, 0));
    assert_eq!(s.recent.first().map(|g| g.id.as_str()), Some("on"));
    assert_eq!(s.recent.len(), 7);
    assert_eq!(s.results.len(), 6);
    // Nobody of that name.
    let none = player_stats("Zed", &games);
    assert_eq!((none.played, none.longest_streak), (0, 0));
}

fn arb_game() -> impl Strategy<Value = Summary> {
    let kinds = prop::sample::select(vec!["chickenfoot", "cluck", "big-chicken", "poker"]);
    (
        kinds,
        2usize..6,
        any::<bool>(),
        any::<bool>(),
        0i64..100_000_000,
        "[a-z0-9]{4}",
    )
        .prop_flat_map(|(kind, n, finished, keep_ranks, created, id)| {
            (
                Just((kind, n, finished, keep_ranks, created, id)),
                prop::collection::vec(prop::option::of(-50i32..60), n),
                prop::collection::vec(0usize..8, 0..3),
                prop::collection::vec(1usize..7, n),
                prop::sample::subsequence(
                    vec!["Ann", "bob", "Bob ", "Cy", "Dee", "Émile", "émile"],
                    n,
                ),
            )
        })
        .prop_map(
            |((kind, n, finished, keep_ranks, created, id), totals, leaders, ranks, names)| {
                let mut names: Vec<String> = names.iter().map(|s| s.to_string()).collect();
                names.dedup_by(|a, b| chicken_scores::model::same_name(a, b));
                names.truncate(n);
                Summary {
                    schema: 2,
                    id,
                    rev: 1,
                    kind: kind.into(),
                    players: names,
                    created_ms: created,
                    updated_ms: created,
                    finished,
                    summary: String::new(),
                    totals: totals
                        .iter()
                        .map(|t| {
                            t.map(|v| format!("{}", v as f64 / 2.0))
                                .unwrap_or_else(|| "x".into())
                        })
                        .collect(),
                    leaders,
                    ranks: if keep_ranks { ranks } else { Vec::new() },
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Stats over any summaries never panic, and the wins add up: every
    /// player's wins together are the finished games' first places.
    #[test]
    fn stats_never_panic_and_wins_add_up(games in prop::collection::vec(arb_game(), 0..12), now in 0i64..200_000_000) {
        let list = players(&games, &[]);
        let firsts: usize = games.iter().filter_map(places).map(|p| p.iter().filter(|r| **r == 1).count()).sum();
        prop_assert_eq!(list.iter().map(|l| l.won).sum::<usize>(), firsts);
        let finished_seats: usize = games.iter().filter(|g| g.finished).map(|g| g.players.len()).sum();
        prop_assert_eq!(list.iter().map(|l| l.played).sum::<usize>(), finished_seats);
        for l in &list {
            let s = player_stats(&l.name, &games);
            prop_assert_eq!((s.played, s.won), (l.played, l.won));
            prop_assert!(s.longest_streak <= s.won);
            for h in &s.head_to_head {
                prop_assert_eq!(h.ahead + h.behind + h.level, h.together);
            }
            for g in &s.per_game {
                if let (Some(best), Some(avg)) = (g.best, g.average) {
                    let ok = if g.lower_wins { best <= avg + 1e-9 } else { best >= avg - 1e-9 };
                    prop_assert!(ok);
                }
            }
        }
        let all: Vec<&Summary> = games.iter().collect();
        let t = night_table(&all);
        prop_assert_eq!(t.rows.iter().map(|r| r.wins).sum::<usize>(), firsts);
        prop_assert!(t.champions <= t.rows.len());
        let n = night(now / 2, None);
        let _ = (members(&n, &games), suggestion(std::slice::from_ref(&n), &games, now), is_open(&n, &games, now));
        for g in &games {
            if let Some(p) = places(g) {
                prop_assert_eq!(p.len(), g.players.len());
                prop_assert!(p.iter().all(|r| *r >= 1 && *r <= g.players.len()));
            }
        }
    }
}
