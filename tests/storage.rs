//! The storage layer over an in-memory backend: saving, the index, a
//! value that cannot be read kept aside (never overwritten), a lost index
//! rebuilt, and failed writes reported as values.

use chicken_scores::model::{GameRecord, IndexEntry};
use chicken_scores::rules::chickenfoot::{Chickenfoot, Hand, Left, Settings};
use chicken_scores::storage::{game_key, Backend, MemoryBackend, Store};

fn record(id: &str, players: &[&str]) -> GameRecord<Chickenfoot> {
    GameRecord::new(
        id.into(),
        1_000,
        players.iter().map(|s| s.to_string()).collect(),
        Settings::default(),
    )
    .unwrap()
}

fn line(r: &GameRecord<Chickenfoot>) -> IndexEntry {
    IndexEntry {
        id: r.id.clone(),
        kind: "chickenfoot".into(),
        players: r.players.clone(),
        created_ms: r.created_ms,
        updated_ms: 2_000,
        finished: false,
        summary: "Hand 1 of 10".into(),
    }
}

#[test]
fn a_saved_game_reads_back_the_same() {
    let store = Store::new(MemoryBackend::default());
    let r = record("g1", &["Ann", "Bob"]).with_log(vec![Hand {
        out: Some(0),
        started_with: None,
        left: vec![Left::Pips(0), Left::Pips(7)],
    }]);
    store.save_game(&r, line(&r)).unwrap();
    let (header, raw) = store.load_game("g1").unwrap();
    assert_eq!(header.kind, "chickenfoot");
    assert_eq!(GameRecord::<Chickenfoot>::from_json(&raw).unwrap(), r);
    let opened = store.open();
    assert_eq!(opened.index, vec![line(&r)]);
    assert!(opened.problems.is_empty());
}

#[test]
fn an_unreadable_game_is_kept_aside_and_never_overwritten() {
    let store = Store::new(MemoryBackend::default());
    for (id, who) in [("a", "Ann"), ("b", "Bob")] {
        let r = record(id, &[who, "Zed"]);
        store.save_game(&r, line(&r)).unwrap();
    }
    store.backend().set(&game_key("a"), "not json {").unwrap();
    let err = store.load_game("a").unwrap_err();
    assert!(
        err.contains("Chickenfoot: Ann, Zed could not be read"),
        "{err}"
    );
    assert!(err.contains("chicken.quarantine.1"), "{err}");
    // A second bad value goes to a new key.
    store
        .backend()
        .set(&game_key("b"), "{\"schema\": 99}")
        .unwrap();
    let err = store.load_game("b").unwrap_err();
    assert!(err.contains("newer version"), "{err}");
    let q = store.quarantined();
    assert_eq!(q.len(), 2);
    assert_eq!(q[0].key, "chicken.quarantine.1");
    assert_eq!(q[0].raw, "not json {");
    assert_eq!(q[1].raw, "{\"schema\": 99}");
    // Both are gone from the index; the store still opens cleanly.
    assert!(store.open().index.is_empty());
    store.discard_quarantined("chicken.quarantine.1").unwrap();
    assert_eq!(store.quarantined().len(), 1);
    assert!(store.discard_quarantined("chicken.game.x").is_err());
}

#[test]
fn a_lost_or_broken_index_is_rebuilt_from_the_games() {
    let store = Store::new(MemoryBackend::default());
    let r = record("g1", &["Ann", "Bob"]);
    store.save_game(&r, line(&r)).unwrap();
    store.backend().set("chicken.index", "garbage").unwrap();
    let opened = store.open();
    assert_eq!(opened.index.len(), 1);
    assert_eq!(opened.index[0].players, vec!["Ann", "Bob"]);
    assert!(opened.problems[0].contains("list of games could not be read"));
    assert_eq!(store.quarantined()[0].raw, "garbage");
    // Opening again finds nothing more to repair.
    assert!(store.open().problems.is_empty());
}

#[test]
fn a_failed_write_is_reported_and_changes_nothing() {
    let store = Store::new(MemoryBackend::default());
    let r = record("g1", &["Ann", "Bob"]);
    store.save_game(&r, line(&r)).unwrap();
    store.backend().fail_writes.set(true);
    let r2 = r.with_log(vec![Hand {
        out: None,
        started_with: None,
        left: vec![Left::Pips(3), Left::Pips(7)],
    }]);
    let err = store.save_game(&r2, line(&r2)).unwrap_err();
    assert!(err.0.contains("full"));
    store.backend().fail_writes.set(false);
    let (_, raw) = store.load_game("g1").unwrap();
    assert_eq!(
        GameRecord::<Chickenfoot>::from_json(&raw)
            .unwrap()
            .log
            .len(),
        0
    );
}

#[test]
fn a_record_of_another_game_is_refused() {
    let raw = serde_json::to_string(&record("g1", &["Ann", "Bob"]))
        .unwrap()
        .replace("\"chickenfoot\"", "\"big-chicken\"");
    assert!(GameRecord::<Chickenfoot>::from_json(&raw)
        .unwrap_err()
        .contains("Big Chicken"));
}
