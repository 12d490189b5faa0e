//! Game nights and players in storage, over an in-memory backend: a night
//! saved with revisions (conflicts refused, a newer version's left alone),
//! renaming a player in every game record, summary and the roster in one
//! transaction (each at its next revision), merging two spellings, the
//! refusals (a name taken in the same game, a bad name, an unknown player,
//! removing someone who played), and a property: rename then rename back
//! restores every record except revisions.

use chicken_scores::model::{GameRecord, Night, Roster, Summary};
use chicken_scores::rules::chickenfoot::{Chickenfoot, Settings};
use chicken_scores::rules::cluck::{Cluck, Settings as CluckSettings};
use chicken_scores::storage::{block_on, Area, MemoryBackend, PlayerError, SaveError, Store};
use proptest::prelude::*;
use serde_json::Value;

fn clock() -> i64 {
    7_000
}

fn store() -> Store<MemoryBackend> {
    Store::new(MemoryBackend::default(), clock)
}

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn summary(id: &str, kind: &str, rev: u64, players: &[&str]) -> Summary {
    Summary {
        schema: 2,
        id: id.into(),
        rev,
        kind: kind.into(),
        players: names(players),
        created_ms: 1_000,
        updated_ms: 2_000,
        finished: true,
        summary: format!("Won by {}", players[0]),
        totals: vec!["1".into(); players.len()],
        leaders: vec![0],
        ranks: (1..=players.len()).collect(),
    }
}

/// Saves a Chickenfoot game and a Cluck! game per entry of `games`.
fn seed(s: &Store<MemoryBackend>, games: &[(&str, &[&str])]) {
    for (i, (id, players)) in games.iter().enumerate() {
        if i % 2 == 0 {
            let r = GameRecord::<Chickenfoot>::new(
                id.to_string(),
                1_000,
                names(players),
                Settings::default(),
            )
            .unwrap();
            block_on(s.save_game(&r, None, summary(id, "chickenfoot", 1, players))).unwrap();
        } else {
            let r = GameRecord::<Cluck>::new(
                id.to_string(),
                1_000,
                names(players),
                CluckSettings::default(),
            )
            .unwrap();
            block_on(s.save_game(&r, None, summary(id, "cluck", 1, players))).unwrap();
        }
    }
}

fn record(s: &Store<MemoryBackend>, id: &str) -> Value {
    serde_json::from_str(&s.backend().peek(Area::Games, id).unwrap()).unwrap()
}

fn stored_summary(s: &Store<MemoryBackend>, id: &str) -> Summary {
    serde_json::from_str(&s.backend().peek(Area::Summaries, id).unwrap()).unwrap()
}

/// Renames, answering how many games changed.
fn rename(s: &Store<MemoryBackend>, from: &str, to: &str) -> Result<usize, PlayerError> {
    block_on(s.rename_player(from, to)).map(|games| games.len())
}

fn roster(s: &Store<MemoryBackend>) -> Vec<String> {
    block_on(s.roster()).0.names
}

#[test]
fn a_night_is_saved_with_revisions() {
    let s = store();
    let n = block_on(s.start_night(" Friday ", 1_000)).unwrap();
    assert_eq!((n.rev, n.name.as_str(), n.started_ms), (1, "Friday", 1_000));
    let (all, problems) = block_on(s.nights());
    assert_eq!((all, problems), (vec![n.clone()], vec![]));
    // Two tabs change revision 1: the second is refused.
    let renamed = block_on(s.save_night(&n.renamed("Ann's").unwrap())).unwrap();
    assert_eq!(renamed.rev, 2);
    assert_eq!(
        block_on(s.save_night(&n.ended_at(5_000))),
        Err(SaveError::Conflict)
    );
    let ended = block_on(s.save_night(&renamed.ended_at(5_000).leaving_out("g1"))).unwrap();
    let (all, _) = block_on(s.nights());
    assert_eq!(all, vec![ended.clone()]);
    assert_eq!(
        (ended.rev, ended.ended_ms, ended.left_out.clone()),
        (3, Some(5_000), names(&["g1"]))
    );
    // The same start and clock give the same id: refused, not overwritten.
    assert_eq!(block_on(s.start_night("", 1_000)), Err(SaveError::Conflict));
    // Gone, and newer.
    let mut ghost = ended.clone();
    ghost.id = "nope".into();
    assert_eq!(block_on(s.save_night(&ghost)), Err(SaveError::Gone));
    s.backend().poke(
        Area::Nights,
        &ended.id,
        &format!(r#"{{"schema":9,"id":"{}","started_ms":1}}"#, ended.id),
    );
    assert_eq!(block_on(s.save_night(&ended)), Err(SaveError::Newer));
    let (all, problems) = block_on(s.nights());
    assert!(all.is_empty() && problems[0].contains("newer"));
    // An unreadable night is kept aside, never lost.
    s.backend().poke(Area::Nights, "bad", "{oops");
    let (_, problems) = block_on(s.nights());
    assert!(
        problems.iter().any(|p| p.contains("kept aside")),
        "{problems:?}"
    );
    assert!(s.backend().peek(Area::Nights, "bad").is_none());
}

#[test]
fn nights_list_latest_first() {
    let s = store();
    let a = block_on(s.start_night("a", 1_000)).unwrap();
    let b = block_on(s.start_night("b", 9_000)).unwrap();
    let (all, _) = block_on(s.nights());
    assert_eq!(all, vec![b, a]);
}

#[test]
fn a_rename_reaches_every_game_summary_and_the_roster_in_one_go() {
    let s = store();
    seed(
        &s,
        &[
            ("g1", &["Ann", "Bob"]),
            ("g2", &["ann ", "Cy"]),
            ("g3", &["Bob", "Cy"]),
        ],
    );
    block_on(s.save_roster(&Roster {
        schema: 2,
        names: names(&["Cy", "ANN", "Bob"]),
    }))
    .unwrap();
    let writes = s.backend().writes.get();
    assert_eq!(rename(&s, "Ann", "Annie"), Ok(2));
    assert_eq!(
        s.backend().writes.get() - writes,
        5,
        "two records, two summaries, the roster"
    );
    assert_eq!(
        record(&s, "g1")["players"],
        serde_json::json!(["Annie", "Bob"])
    );
    assert_eq!(
        record(&s, "g2")["players"],
        serde_json::json!(["Annie", "Cy"])
    );
    assert_eq!(
        record(&s, "g1")["rev"],
        2,
        "the next revision, so open pages reload"
    );
    assert_eq!(
        record(&s, "g3")["rev"],
        1,
        "a game without her is untouched"
    );
    assert_eq!(stored_summary(&s, "g2").players, names(&["Annie", "Cy"]));
    assert_eq!(stored_summary(&s, "g2").rev, 2);
    assert_eq!(
        stored_summary(&s, "g1").summary,
        "Won by Annie",
        "the result line follows"
    );
    assert_eq!(roster(&s), names(&["Cy", "Annie", "Bob"]));
    // The records still read as their games.
    let loaded = block_on(s.load_game("g2")).unwrap();
    let cluck = GameRecord::<Cluck>::from_json(&loaded.text).unwrap();
    assert_eq!(cluck.players, names(&["Annie", "Cy"]));
    // A save from a page that read revision 1 is refused.
    let old = GameRecord::<Chickenfoot>::new(
        "g1".into(),
        1_000,
        names(&["Ann", "Bob"]),
        Settings::default(),
    )
    .unwrap();
    let next = old.with_log(Vec::new());
    assert_eq!(
        block_on(s.save_game(
            &next,
            Some(1),
            summary("g1", "chickenfoot", 2, &["Ann", "Bob"])
        )),
        Err(SaveError::Conflict)
    );
}

#[test]
fn merging_two_spellings_makes_one_player_unless_they_met() {
    let s = store();
    seed(
        &s,
        &[
            ("g1", &["Jon", "Bob"]),
            ("g2", &["John", "Cy"]),
            ("g3", &["Jon", "John"]),
        ],
    );
    block_on(s.save_roster(&Roster {
        schema: 2,
        names: names(&["John", "Jon"]),
    }))
    .unwrap();
    let before = s.backend().writes.get();
    let refused = rename(&s, "Jon", "John");
    assert!(
        matches!(&refused, Err(PlayerError::SameGame(g)) if g.contains("Jon, John")),
        "{refused:?}"
    );
    assert!(refused.unwrap_err().message().contains("two people"));
    assert_eq!(s.backend().writes.get(), before, "nothing written");
    assert_eq!(
        record(&s, "g1")["players"],
        serde_json::json!(["Jon", "Bob"])
    );
    // Without the game they met in, the merge goes through.
    block_on(s.delete_game("g3")).unwrap();
    assert_eq!(rename(&s, "Jon", "John"), Ok(1));
    assert_eq!(stored_summary(&s, "g1").players, names(&["John", "Bob"]));
    assert_eq!(roster(&s), names(&["John"]), "one person on the roster");
}

#[test]
fn refusals_change_nothing() {
    let s = store();
    seed(&s, &[("g1", &["Ann", "Bob"])]);
    block_on(s.save_roster(&Roster {
        schema: 2,
        names: names(&["Ann", "Bob", "Dee"]),
    }))
    .unwrap();
    let before = s.backend().writes.get();
    let long = "x".repeat(41);
    let cases: Vec<(&str, &str, PlayerError)> = vec![
        (
            "Ann",
            "  ",
            PlayerError::BadName("Type a name first.".into()),
        ),
        (
            "Ann",
            &long,
            PlayerError::BadName("Keep names to 40 letters or fewer.".into()),
        ),
        ("Zed", "Zak", PlayerError::Unknown),
        (
            "Ann",
            "bob",
            PlayerError::SameGame("Chickenfoot: Ann, Bob".into()),
        ),
    ];
    for (from, to, want) in cases {
        assert_eq!(rename(&s, from, to), Err(want), "{from} -> {to}");
    }
    assert_eq!(
        block_on(s.remove_player("Ann")),
        Err(PlayerError::HasPlayed(1))
    );
    assert_eq!(block_on(s.remove_player("Zed")), Err(PlayerError::Unknown));
    assert_eq!(s.backend().writes.get(), before);
    // A respelling of the same person is a rename.
    assert_eq!(rename(&s, "ann", "ANN"), Ok(1));
    // Someone who never played can be removed; only the roster changes.
    assert_eq!(block_on(s.remove_player(" dee")), Ok(()));
    assert_eq!(roster(&s), names(&["ANN", "Bob"]));
    // A player only on the roster can be renamed.
    block_on(s.save_roster(&Roster {
        schema: 2,
        names: names(&["Eve"]),
    }))
    .unwrap();
    assert_eq!(rename(&s, "Eve", "Eva"), Ok(0));
    assert_eq!(roster(&s), names(&["Eva"]));
    // A game a newer version wrote is never rewritten.
    s.backend().poke(
        Area::Games,
        "g1",
        r#"{"schema":9,"id":"g1","kind":"chickenfoot","players":["ANN","Bob"]}"#,
    );
    assert!(matches!(
        rename(&s, "Bob", "Rob"),
        Err(PlayerError::Newer(_))
    ));
}

/// Every game record and summary, revisions left out.
fn snapshot(s: &Store<MemoryBackend>) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for area in [Area::Games, Area::Summaries] {
        for key in s.backend().keys(area) {
            let mut v: Value =
                serde_json::from_str(&s.backend().peek(area, &key).unwrap()).unwrap();
            if let Some(o) = v.as_object_mut() {
                o.remove("rev");
            }
            out.push((format!("{}/{key}", area.name()), v));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Renaming a player and back restores every record and summary but
    /// their revisions (which only ever go up).
    #[test]
    fn rename_and_back_restores_everything_but_revisions(
        tables in prop::collection::vec(prop::sample::subsequence(vec!["Ann", "Bob", "Cy", "Dee", "Émile"], 2..=4), 1..6),
        who in prop::sample::select(vec!["Ann", "Bob", "Cy", "Dee", "Émile"]),
        to in "[A-Z][a-z]{2,6}",
    ) {
        let s = store();
        let ids: Vec<String> = (0..tables.len()).map(|i| format!("g{i}")).collect();
        let games: Vec<(&str, &[&str])> = ids.iter().zip(&tables).map(|(id, t)| (id.as_str(), t.as_slice())).collect();
        seed(&s, &games);
        let before = snapshot(&s);
        let taken = ["Ann", "Bob", "Cy", "Dee"].iter().any(|n| chicken_scores::model::same_name(n, &to));
        match rename(&s, who, &to) {
            Ok(n) => {
                prop_assert_eq!(n, tables.iter().filter(|t| t.contains(&who)).count());
                // (Into a name someone has, it was a merge: no way back.)
                if !taken {
                    prop_assert_eq!(rename(&s, &to, who), Ok(n));
                    prop_assert_eq!(snapshot(&s), before);
                }
            }
            Err(PlayerError::Unknown) => prop_assert!(tables.iter().all(|t| !t.contains(&who))),
            Err(PlayerError::SameGame(_)) => {
                prop_assert!(taken);
                prop_assert_eq!(snapshot(&s), before);
            }
            Err(e) => prop_assert!(false, "{e:?}"),
        }
    }
}

#[test]
fn a_night_round_trips_as_stored() {
    let n: Night = serde_json::from_str(r#"{"schema":2,"id":"n","started_ms":5}"#).unwrap();
    assert_eq!((n.rev, n.ended_ms, n.left_out.len()), (0, None, 0));
}
