//! The storage layer over an in-memory backend: saving with revisions
//! (conflicts refused, nothing overwritten), a record only ever under its
//! own id, every kind of value kept aside when it cannot be read and left
//! alone when a newer version wrote it, drafts, delete and undo, a start
//! that reads only the games in progress, and the move from the
//! localStorage release (with the data that release wrote).

use chicken_scores::model::{Draft, DraftSlot, GameRecord, Roster, Summary, SCHEMA_VERSION};
use chicken_scores::rules::chickenfoot::{Chickenfoot, Hand, Left, Settings};
use chicken_scores::storage::legacy::{Legacy, MemoryLegacy, MIGRATED};
use chicken_scores::storage::{
    block_on, Area, Backend, MemoryBackend, ReadError, SaveError, Store,
};

fn clock() -> i64 {
    5_000
}

fn store() -> Store<MemoryBackend> {
    Store::new(MemoryBackend::default(), clock)
}

fn record(id: &str, players: &[&str]) -> GameRecord<Chickenfoot> {
    GameRecord::new(
        id.into(),
        1_000,
        players.iter().map(|s| s.to_string()).collect(),
        Settings::default(),
    )
    .unwrap()
}

fn hand(pips: u32) -> Hand {
    Hand {
        out: Some(0),
        started_with: None,
        left: vec![Left::Pips(0), Left::Pips(pips)],
    }
}

fn summary(r: &GameRecord<Chickenfoot>, finished: bool, updated_ms: i64) -> Summary {
    Summary {
        schema: 2,
        id: r.id.clone(),
        rev: r.rev,
        kind: "chickenfoot".into(),
        players: r.players.clone(),
        created_ms: r.created_ms,
        updated_ms,
        finished,
        summary: format!("{} hands", r.log.len()),
        totals: Vec::new(),
        leaders: Vec::new(),
        ranks: Vec::new(),
    }
}

fn load(s: &Store<MemoryBackend>, id: &str) -> GameRecord<Chickenfoot> {
    let loaded = block_on(s.load_game(id)).unwrap();
    GameRecord::from_json(&loaded.text).unwrap()
}

/// Saves `r` as a new game.
fn create(s: &Store<MemoryBackend>, r: &GameRecord<Chickenfoot>) {
    block_on(s.save_game(r, None, summary(r, false, 2_000))).unwrap();
}

/// Appends a hand to the stored copy `base`, as a screen showing it would.
fn add_hand(
    s: &Store<MemoryBackend>,
    base: &GameRecord<Chickenfoot>,
    pips: u32,
) -> Result<GameRecord<Chickenfoot>, SaveError> {
    let mut log = base.log.clone();
    log.push(hand(pips));
    let next = base.with_log(log);
    block_on(s.save_game(&next, Some(base.rev), summary(&next, false, 3_000)))?;
    Ok(next)
}

#[test]
fn a_saved_game_reads_back_the_same_with_its_summary() {
    let s = store();
    let r = record("g1", &["Ann", "Bob"]);
    create(&s, &r);
    let r2 = add_hand(&s, &r, 7).unwrap();
    assert_eq!(r2.rev, 2);
    assert_eq!(load(&s, "g1"), r2);
    let opened = block_on(s.open());
    assert_eq!(opened.in_progress.len(), 1);
    assert_eq!(opened.in_progress[0].rev, 2);
    assert_eq!(opened.in_progress[0].summary, "1 hands");
    assert!(opened.problems.is_empty());
}

#[test]
fn a_save_says_when_its_writes_are_issued_and_a_refused_one_does_not() {
    use std::cell::Cell;
    use std::rc::Rc;
    let s = store();
    let r = record("g1", &["Ann", "Bob"]);
    create(&s, &r);
    let issue = |base: &GameRecord<Chickenfoot>, full: bool| {
        let next = base.with_log(vec![hand(4)]);
        let said = Rc::new(Cell::new(false));
        let told = said.clone();
        s.backend().full.set(full);
        let result = block_on(s.save_game_issued(
            &next,
            Some(base.rev),
            summary(&next, false, 3_000),
            Box::new(move || told.set(true)),
        ));
        s.backend().full.set(false);
        (result, said.get())
    };
    // A full disk: the writes were issued, then refused at the commit.
    let (full, said) = issue(&r, true);
    assert!(full.is_err());
    assert!(said, "issued before the commit failed");
    assert_eq!(load(&s, "g1").rev, 1);
    let (ok, said) = issue(&r, false);
    assert_eq!(ok, Ok(()));
    assert!(said);
    // Revision 1 is no longer stored: nothing is written, nothing said.
    let (stale, said) = issue(&r, false);
    assert_eq!(stale, Err(SaveError::Conflict));
    assert!(!said);
}

#[test]
fn a_save_based_on_an_older_revision_is_refused_and_changes_nothing() {
    let s = store();
    let r = record("g1", &["Ann", "Bob"]);
    create(&s, &r);
    // Two tabs read revision 1; the first saves, the second is refused.
    let tab_a = add_hand(&s, &r, 5).unwrap();
    assert_eq!(add_hand(&s, &r, 9), Err(SaveError::Conflict));
    assert_eq!(load(&s, "g1"), tab_a);
    // The refused tab re-reads and saves on top: both hands are kept.
    let fresh = load(&s, "g1");
    let both = add_hand(&s, &fresh, 9).unwrap();
    assert_eq!(load(&s, "g1").log, vec![hand(5), hand(9)]);
    assert_eq!(both.rev, 3);
    // Creating a game whose id is taken is refused too.
    assert_eq!(
        block_on(s.save_game(&r, None, summary(&r, false, 1))),
        Err(SaveError::Conflict)
    );
    // A save to a deleted game says so instead of bringing it back.
    block_on(s.delete_game("g1")).unwrap();
    assert_eq!(add_hand(&s, &both, 1), Err(SaveError::Gone));
}

#[test]
fn a_record_and_its_summary_are_written_together_or_not_at_all() {
    let s = store();
    let r = record("g1", &["Ann", "Bob"]);
    create(&s, &r);
    s.backend().full.set(true);
    let err = add_hand(&s, &r, 3).unwrap_err();
    assert!(err.message().contains("storage for this app is full"));
    assert!(err.message().contains("Nothing was changed"));
    s.backend().full.set(false);
    assert_eq!(load(&s, "g1").log.len(), 0);
    assert_eq!(block_on(s.open()).in_progress[0].rev, 1);
    // Deleting a game frees the space and Undo puts it back whole.
    let gone = block_on(s.delete_game("g1")).unwrap();
    assert!(block_on(s.open()).in_progress.is_empty());
    block_on(s.undelete(&gone)).unwrap();
    assert_eq!(load(&s, "g1"), r);
    assert_eq!(block_on(s.open()).in_progress.len(), 1);
}

#[test]
fn a_record_naming_another_game_is_kept_aside_never_written_elsewhere() {
    let s = store();
    let a = record("a", &["Ann", "Zed"]);
    let b = record("b", &["Bob", "Zed"]);
    create(&s, &a);
    create(&s, &b);
    // Game b's text under key a.
    let b_text = s.backend().peek(Area::Games, "b").unwrap();
    s.backend().poke(Area::Games, "a", &b_text);
    let ReadError::Corrupt(err) = block_on(s.load_game("a")).unwrap_err() else {
        panic!("a record under another game's key is corrupt");
    };
    assert!(
        err.contains("stored under game a but names game b"),
        "{err}"
    );
    assert!(err.contains("kept aside"), "{err}");
    // b is untouched, a is gone from the lists, the copy is kept.
    assert_eq!(load(&s, "b"), b);
    assert_eq!(s.backend().peek(Area::Games, "a"), None);
    let kept = block_on(s.kept_aside()).unwrap();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].raw, b_text);
    assert_eq!(kept[0].from, "games/a");
    assert_eq!(kept[0].label, "Chickenfoot: Ann, Zed");
    let ids: Vec<String> = block_on(s.open())
        .in_progress
        .into_iter()
        .map(|x| x.id)
        .collect();
    assert_eq!(ids, vec!["b"]);
}

/// The four ways a stored value goes wrong, from a good text.
fn corruptions(good: &str) -> Vec<(&'static str, String)> {
    vec![
        ("garbage", "garbage }{".to_string()),
        (
            "wrong shape",
            r#"{"schema":2,"id":"g1","kind":5,"names":7,"entry":"x","log":"x"}"#.to_string(),
        ),
        ("truncated", good[..good.len() / 2].to_string()),
        (
            "newer",
            good.replacen(&format!("\"schema\":{SCHEMA_VERSION}"), "\"schema\":99", 1),
        ),
    ]
}

#[test]
fn every_kind_of_value_is_kept_aside_or_left_alone_never_overwritten() {
    for (area, key) in [
        (Area::Games, "g1"),
        (Area::Summaries, "g1"),
        (Area::Drafts, "g1"),
        (Area::Meta, "roster"),
    ] {
        let fresh = || {
            let s = store();
            let r = record("g1", &["Ann", "Bob"]);
            create(&s, &r);
            create(&s, &record("g2", &["Cy", "Dee"]));
            let mut d = Draft::new("g1");
            d.entry = Some(DraftSlot {
                at: 0,
                text: "{\"x\":1}".into(),
            });
            block_on(s.save_draft("g1", &d)).unwrap();
            block_on(s.save_roster(&Roster::default().remember(&["Ann".into()]))).unwrap();
            s
        };
        let good = fresh().backend().peek(area, key).unwrap();
        for (how, bad) in corruptions(&good) {
            let s = fresh();
            s.backend().poke(area, key, &bad);
            let what = format!("{area:?}/{key} {how}");
            // Whatever the app reads first: the lists, the game, its draft,
            // the roster. It answers with a message, never a panic.
            let opened = block_on(s.open());
            let game = block_on(s.load_game("g1"));
            let (_, draft_msg) = block_on(s.draft("g1"));
            let (_, roster_msg) = block_on(s.roster());
            let messages: Vec<String> = opened
                .problems
                .iter()
                .cloned()
                .chain(game.clone().err().map(|e| e.game_message()))
                .chain(draft_msg.as_ref().map(ReadError::draft_message))
                .chain(roster_msg)
                .collect();
            let said = messages.join(" | ");
            // The other game is intact and still listed.
            assert_eq!(load(&s, "g2").players, vec!["Cy", "Dee"], "{what}");
            assert!(
                block_on(s.open()).in_progress.iter().any(|x| x.id == "g2"),
                "{what}"
            );
            let kept = block_on(s.kept_aside()).unwrap();
            if how == "newer" {
                // Left exactly as it is, and the app says it needs updating.
                assert_eq!(
                    s.backend().peek(area, key).as_deref(),
                    Some(bad.as_str()),
                    "{what}"
                );
                assert!(said.contains("newer version"), "{what}: {said}");
                assert!(kept.is_empty(), "{what}");
                // No save overwrites it.
                match area {
                    Area::Drafts => assert_eq!(
                        block_on(s.save_draft("g1", &Draft::new("g1"))),
                        Err(SaveError::Newer)
                    ),
                    Area::Meta => assert_eq!(
                        block_on(s.save_roster(&Roster::default())),
                        Err(SaveError::Newer)
                    ),
                    _ => {
                        let r = record("g1", &["Ann", "Bob"]);
                        assert_eq!(add_hand(&s, &r, 1), Err(SaveError::Newer), "{what}");
                    }
                }
                assert_eq!(
                    s.backend().peek(area, key).as_deref(),
                    Some(bad.as_str()),
                    "{what}"
                );
            } else {
                assert!(said.contains("kept aside"), "{what}: {said}");
                assert_eq!(kept.len(), 1, "{what}");
                assert_eq!(kept[0].raw, bad, "{what}");
                assert!(said.chars().count() < 2_000, "{what}: bounded message");
                // A second problem never overwrites the first copy.
                if let Some(now) = s.backend().peek(area, key) {
                    assert_ne!(now, bad, "{what}: replaced by a repaired value");
                }
            }
            if area == Area::Summaries && how != "newer" {
                // Rebuilt from the record: the game is still listed.
                assert!(
                    block_on(s.open()).in_progress.iter().any(|x| x.id == "g1"),
                    "{what}"
                );
            }
        }
    }
}

#[test]
fn kept_aside_values_are_numbered_and_never_overwritten() {
    let s = store();
    for (i, id) in ["a", "b", "c"].into_iter().enumerate() {
        create(&s, &record(id, &["Ann", "Bob"]));
        s.backend().poke(Area::Games, id, &format!("bad {i}"));
        assert!(block_on(s.load_game(id)).is_err());
    }
    let kept = block_on(s.kept_aside()).unwrap();
    let keys: Vec<&str> = kept.iter().map(|k| k.key.as_str()).collect();
    assert_eq!(keys, vec!["1", "2", "3"]);
    block_on(s.discard_aside("2")).unwrap();
    create(&s, &record("d", &["Ann", "Bob"]));
    s.backend().poke(Area::Games, "d", "bad 4");
    assert!(block_on(s.load_game("d")).is_err());
    let raws: Vec<String> = block_on(s.kept_aside())
        .unwrap()
        .into_iter()
        .map(|k| k.raw)
        .collect();
    assert_eq!(raws, vec!["bad 0", "bad 2", "bad 4"]);
}

#[test]
fn drafts_keep_every_slot_and_an_empty_draft_is_removed() {
    let s = store();
    create(&s, &record("g1", &["Ann", "Bob"]));
    let mut d = Draft::new("g1");
    d.entry = Some(DraftSlot {
        at: 3,
        text: "{\"out\":null}".into(),
    });
    d.edit = Some(DraftSlot {
        at: 1,
        text: "{}".into(),
    });
    d.extra = Some(DraftSlot {
        at: 3,
        text: "[1]".into(),
    });
    block_on(s.save_draft("g1", &d)).unwrap();
    assert_eq!(block_on(s.draft("g1")), (Some(d), None));
    block_on(s.save_draft("g1", &Draft::new("g1"))).unwrap();
    assert_eq!(s.backend().peek(Area::Drafts, "g1"), None);
    // A draft stored under another game's key is not this game's.
    let mut other = Draft::new("g2");
    other.entry = Some(DraftSlot {
        at: 0,
        text: "{}".into(),
    });
    s.backend()
        .poke(Area::Drafts, "g1", &serde_json::to_string(&other).unwrap());
    let (none, msg) = block_on(s.draft("g1"));
    assert_eq!(none, None);
    assert!(msg.unwrap().draft_message().contains("names game g2"));
}

#[test]
fn a_start_reads_only_the_games_in_progress_whatever_the_history() {
    let reads = |finished: usize| {
        let s = store();
        for i in 0..finished {
            let r = record(&format!("f{i}"), &["Ann", "Bob"]);
            block_on(s.save_game(&r, None, summary(&r, true, i as i64))).unwrap();
        }
        for i in 0..3 {
            create(&s, &record(&format!("p{i}"), &["Cy", "Dee"]));
        }
        s.backend().values_read.set(0);
        let opened = block_on(s.open());
        assert_eq!(opened.finished, finished);
        assert_eq!(opened.in_progress.len(), 3);
        // The first page of the history: the newest first.
        let (page, _) = block_on(s.finished(0, 20));
        assert_eq!(page.len(), finished.min(20));
        if finished > 0 {
            assert_eq!(page[0].id, format!("f{}", finished - 1));
        }
        s.backend().values_read.get()
    };
    assert_eq!(reads(5), 3 + 5);
    assert_eq!(reads(2_000), 3 + 20);
}

#[test]
fn the_history_reads_every_finished_summary_once_newest_first() {
    let s = store();
    for i in 0..50 {
        let r = record(&format!("f{i:02}"), &["Zoë", "ÉMILE"]);
        block_on(s.save_game(&r, None, summary(&r, true, 100 + i as i64))).unwrap();
    }
    for i in 0..3 {
        create(&s, &record(&format!("p{i}"), &["Cy", "Dee"]));
    }
    // A summary that cannot be read is kept aside and rebuilt from its
    // record (listed, and in progress until the game is opened again).
    s.backend().poke(Area::Summaries, "f07", "{not json");
    s.backend().values_read.set(0);
    let (all, problems) = block_on(s.all_finished());
    assert_eq!(all.len(), 50, "every finished game, the rebuilt one too");
    assert_eq!(all.iter().filter(|g| g.finished).count(), 49);
    assert_eq!(all[0].id, "f49");
    assert!(all
        .iter()
        .filter(|g| g.finished)
        .collect::<Vec<_>>()
        .windows(2)
        .all(|w| w[0].updated_ms >= w[1].updated_ms));
    assert_eq!(problems.len(), 1, "{problems:?}");
    // One pass over the 50 finished summaries (and, to rebuild the broken
    // one, its record and the kept-aside counter), never every record nor
    // the games in progress.
    assert!(
        s.backend().values_read.get() <= 50 + 3,
        "{}",
        s.backend().values_read.get()
    );
    assert!(
        block_on(Store::new(MemoryBackend::default(), clock).all_finished())
            .0
            .is_empty()
    );
}

#[test]
fn a_save_writes_one_record_and_one_summary() {
    let s = store();
    for i in 0..500 {
        create(&s, &record(&format!("g{i}"), &["Ann", "Bob"]));
    }
    let r = load(&s, "g7");
    s.backend().writes.set(0);
    s.backend().values_read.set(0);
    add_hand(&s, &r, 4).unwrap();
    assert_eq!(s.backend().writes.get(), 2);
    assert!(s.backend().values_read.get() <= 3);
}

// ---- The move from the localStorage release ----

/// localStorage as the localStorage release left it (captured by driving
/// that release in Chromium: tests/fixtures/v1-localstorage.json).
fn v1_fixture() -> (MemoryLegacy, serde_json::Value) {
    let text = include_str!("fixtures/v1-localstorage.json");
    let fixture: serde_json::Value = serde_json::from_str(text).unwrap();
    let legacy = MemoryLegacy::default();
    for (k, v) in fixture["localStorage"].as_object().unwrap() {
        legacy
            .0
            .borrow_mut()
            .insert(k.clone(), v.as_str().unwrap().to_string());
    }
    (legacy, fixture)
}

#[test]
fn the_localstorage_release_moves_in_whole_and_once() {
    let (legacy, fixture) = v1_fixture();
    let before = legacy.keys();
    let s = store();
    let problems = block_on(s.migrate_v1(&legacy));
    assert!(problems.is_empty(), "{problems:?}");
    // Every game listed before is here, with its summary, readable.
    for game in fixture["expect"].as_array().unwrap() {
        let id = game["id"].as_str().unwrap();
        let loaded = block_on(s.load_game(id)).unwrap();
        assert_eq!(loaded.header.kind, game["kind"].as_str().unwrap());
        assert_eq!(loaded.header.rev, 0);
    }
    let opened = block_on(s.open());
    let listed = opened.in_progress.len() + opened.finished;
    assert_eq!(listed, fixture["expect"].as_array().unwrap().len());
    // The roster, the draft and the value the old release kept aside.
    assert!(!block_on(s.roster()).0.names.is_empty());
    let drafts = s.backend().keys(Area::Drafts);
    let old_drafts = before
        .iter()
        .filter(|k| k.starts_with("chicken.draft."))
        .count();
    assert_eq!(drafts.len(), old_drafts);
    for id in &drafts {
        let (draft, msg) = block_on(s.draft(id));
        assert!(msg.is_none());
        // The half-typed entry is the one after the game's last entry.
        let entries = block_on(s.load_game(id))
            .ok()
            .and_then(|g| serde_json::from_str::<serde_json::Value>(&g.text).ok())
            .and_then(|g| g["log"].as_array().map(Vec::len))
            .unwrap_or(0);
        assert_eq!(draft.unwrap().entry.map(|e| e.at), Some(entries));
    }
    assert!(!block_on(s.kept_aside()).unwrap().is_empty());
    // Marked done; the old keys are gone but the theme stays.
    assert!(s.backend().peek(Area::Meta, MIGRATED).is_some());
    assert_eq!(legacy.keys(), vec!["chicken.theme".to_string()]);
    // A second start changes nothing.
    let writes = s.backend().writes.get();
    assert!(block_on(s.migrate_v1(&legacy)).is_empty());
    assert_eq!(s.backend().writes.get(), writes);
}

#[test]
fn an_interrupted_move_keeps_the_old_keys_and_never_replaces_newer_values() {
    let (legacy, fixture) = v1_fixture();
    let s = store();
    s.backend().full.set(true);
    let problems = block_on(s.migrate_v1(&legacy));
    assert!(problems[0].contains("safe where they were"), "{problems:?}");
    assert!(legacy.keys().len() > 1);
    assert!(s.backend().peek(Area::Meta, MIGRATED).is_none());
    s.backend().full.set(false);
    // Another tab moved one game and saved a hand on it meanwhile.
    let id = fixture["expect"][0]["id"].as_str().unwrap();
    let old = legacy.get(&format!("chicken.game.{id}")).unwrap();
    let newer = old.replacen("\"schema\":1", "\"schema\":2,\"rev\":5", 1);
    s.backend().poke(Area::Games, id, &newer);
    assert!(block_on(s.migrate_v1(&legacy)).is_empty());
    assert_eq!(s.backend().peek(Area::Games, id).unwrap(), newer);
}

#[test]
fn read_errors_say_their_kind() {
    let s = store();
    assert_eq!(block_on(s.load_game("nope")), Err(ReadError::Missing));
    create(&s, &record("g1", &["Ann", "Bob"]));
    let good = s.backend().peek(Area::Games, "g1").unwrap();
    let newer = good.replacen(&format!("\"schema\":{SCHEMA_VERSION}"), "\"schema\":99", 1);
    s.backend().poke(Area::Games, "g1", &newer);
    assert_eq!(block_on(s.load_game("g1")), Err(ReadError::Newer(99)));
    s.backend().poke(Area::Games, "g1", "garbage");
    assert!(matches!(
        block_on(s.load_game("g1")),
        Err(ReadError::Corrupt(_))
    ));
    s.backend()
        .poke(Area::Drafts, "g1", r#"{"schema":99,"id":"g1","seq":1}"#);
    assert_eq!(block_on(s.draft("g1")).1, Some(ReadError::Newer(99)));
}

#[test]
fn a_draft_is_written_in_a_light_transaction_a_game_in_a_durable_one() {
    let s = store();
    create(&s, &record("g1", &["Ann", "Bob"]));
    assert_eq!(s.backend().light.get(), 0, "a game's save is durable");
    let mut d = Draft::new("g1");
    d.entry = Some(DraftSlot {
        at: 0,
        text: "{}".into(),
    });
    block_on(s.save_draft("g1", &d)).unwrap();
    assert_eq!(s.backend().light.get(), 1, "a draft's is light");
    assert!(s.backend().peek(Area::Drafts, "g1").is_some());
    // A light transaction cannot reach a game: refused, nothing written.
    let refused = block_on(s.backend().update_in(
        chicken_scores::storage::Scope::Light,
        vec![],
        |_| {
            (
                vec![chicken_scores::storage::Write::put(
                    Area::Games,
                    "g1",
                    "x".into(),
                )],
                (),
            )
        },
    ));
    assert!(refused.is_err());
    assert_ne!(s.backend().peek(Area::Games, "g1").as_deref(), Some("x"));
}
