//! The club's archive of finished games (issue 53): every release-2
//! fixture game goes into an archive entry and comes out as the same game
//! at the same heads; a block is a fixed function of the game's id; and
//! whatever a peer writes into an archive, or into the club's map of
//! archives, reading it never panics and takes only what this app writes.

use automerge::transaction::Transactable;
use automerge::{AutoCommit, ObjType, ReadDoc, ROOT};
use chicken_club::archive_doc::{self, block_of, Entry};
use chicken_club::kept::heads_of;
use chicken_club::{club_doc, game_doc, limits, listed};
use chicken_scores::model::backup::check_game;
use proptest::prelude::*;

mod release2;
use release2::{all_fixtures, stored};

/// An archive of block `block` holding `entries`.
fn archive_of(block: &str, entries: &[(String, Entry)]) -> AutoCommit {
    let mut doc = AutoCommit::new();
    archive_doc::create(&mut doc, block).unwrap();
    archive_doc::put(&mut doc, entries).unwrap();
    doc
}

#[test]
fn every_fixture_game_goes_into_an_archive_and_comes_out_the_same_at_the_same_heads() {
    for name in all_fixtures() {
        let record = stored(&name);
        let mut game = AutoCommit::new();
        game_doc::create(&mut game, &record).unwrap();
        let read = game_doc::read(&game).unwrap();
        let id = check_game(&read.record).unwrap().id;
        let heads = heads_of(game.document());
        let entry = Entry {
            mark: 7,
            heads: heads.clone(),
            record: read.record.clone(),
        };
        let block = block_of(&id);
        let mut archive = archive_of(&block, &[(id.clone(), entry.clone())]);
        // Through bytes, as it travels.
        let there = AutoCommit::load(&archive.save()).unwrap();
        assert_eq!(archive_doc::block_in(&there), Some(block.clone()), "{name}");
        let out = archive_doc::read(&there, |_| true);
        assert_eq!(out, vec![(id.clone(), entry)], "{name}");
        let (original, archived) = (check_game(&record).unwrap(), check_game(&out[0].1.record));
        let archived = archived.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(archived.entries, original.entries, "{name}: the log");
        assert_eq!(archived.state, original.state, "{name}: the standings");
        assert_eq!(out[0].1.heads, heads, "{name}: the heads it was read at");
    }
}

#[test]
fn a_games_block_is_fixed_by_its_id_on_every_phone_and_release() {
    // Frozen: a phone of any release puts a game in the same block.
    assert_eq!(block_of("game-0"), "b30");
    assert_eq!(block_of("game-1"), "b07");
    assert!(archive_doc::is_block("b00") && archive_doc::is_block("b31"));
    assert!(!archive_doc::is_block("b32") && !archive_doc::is_block("x01"));
    let mut seen = std::collections::BTreeSet::new();
    for n in 0..2_000 {
        let block = block_of(&format!("g{n}"));
        assert!(archive_doc::is_block(&block), "{block}");
        seen.insert(block);
    }
    assert_eq!(seen.len() as u64, archive_doc::BLOCKS, "every block used");
}

#[test]
fn entries_this_app_does_not_write_are_left_out_never_refusing_the_archive() {
    let good = Entry {
        mark: 1,
        heads: "ab".repeat(32),
        record: r#"{"id":"a"}"#.into(),
    };
    let mut doc = archive_of("b01", &[("a".into(), good.clone())]);
    let games = match doc.get(ROOT, "games").unwrap() {
        Some((_, games)) => games,
        None => panic!("no games"),
    };
    doc.put(&games, "no-mark", "x\nab\n{}").unwrap();
    doc.put(&games, "bad-heads", "1\nnot-a-hash\n{}").unwrap();
    doc.put(&games, "no-record", format!("1\n{}\n", "ab".repeat(32)))
        .unwrap();
    doc.put(&games, "a-number", 5).unwrap();
    doc.put_object(&games, "a-map", ObjType::Map).unwrap();
    let huge = format!(
        "1\n{}\n{}",
        "ab".repeat(32),
        "x".repeat(limits::MAX_ARCHIVED_BYTES)
    );
    doc.put(&games, "huge", huge).unwrap();
    assert_eq!(archive_doc::read(&doc, |_| true), vec![("a".into(), good)]);
    // Two phones writing one game's entry at once: left out (that game
    // syncs from its own document).
    let mut other = AutoCommit::load(&doc.save()).unwrap();
    let mut here = AutoCommit::load(&doc.save()).unwrap();
    let again = |mark| Entry {
        mark,
        heads: "cd".repeat(32),
        record: r#"{"id":"a"}"#.into(),
    };
    archive_doc::put(&mut here, &[("a".into(), again(2))]).unwrap();
    archive_doc::put(&mut other, &[("a".into(), again(3))]).unwrap();
    here.merge(&mut other).unwrap();
    assert!(archive_doc::read(&here, |_| true).is_empty());
    // A newer layout, or not an archive: not read as one.
    let mut newer = archive_of("b01", &[]);
    newer.put(ROOT, "layout", 2u64).unwrap();
    assert_eq!(archive_doc::block_in(&newer), None);
    let mut club = AutoCommit::new();
    club_doc::create(&mut club, "Thursdays").unwrap();
    assert_eq!(archive_doc::block_in(&club), None);
}

#[test]
fn the_clubs_map_of_archives_keeps_the_first_named_and_only_blocks() {
    let mut club = AutoCommit::new();
    club_doc::create(&mut club, "Thursdays").unwrap();
    assert!(archive_doc::name_archive(&mut club, "b03", "automerge:one").unwrap());
    assert!(!archive_doc::name_archive(&mut club, "b03", "automerge:two").unwrap());
    let map = match club.get(ROOT, archive_doc::KEY).unwrap() {
        Some((_, map)) => map,
        None => panic!("no map"),
    };
    club.put(&map, "b99", "automerge:x").unwrap();
    club.put(&map, "b04", 3).unwrap();
    let read = club_doc::read(&club).unwrap();
    assert_eq!(read.archives, vec![("b03".into(), "automerge:one".into())]);
}

#[test]
fn a_finished_game_touched_on_two_phones_offline_moves_its_mark_with_either() {
    // Two phones, offline, each the first to touch a game: each makes the
    // club's map of touches; merged, a touch in either map moves the mark
    // (only the first map counted before: one phone's correction left the
    // mark where an archive entry, or a resting phone, had it).
    let mut base = AutoCommit::new();
    club_doc::create(&mut base, "Thursdays").unwrap();
    listed::put(&mut base, &[("g".into(), r#"{"finished":true}"#.into())]).unwrap();
    let mut one = AutoCommit::load(&base.save()).unwrap();
    let mut two = AutoCommit::load(&base.save()).unwrap();
    two.set_actor(automerge::ActorId::random());
    listed::touch(&mut one, "g").unwrap();
    listed::touch(&mut two, "g").unwrap();
    let (mark_one, mark_two) = (listed::mark_of(&one, "g"), listed::mark_of(&two, "g"));
    one.merge(&mut two).unwrap();
    let merged = listed::mark_of(&one, "g").unwrap();
    assert_ne!(Some(merged), mark_one);
    assert_ne!(Some(merged), mark_two);
    assert_eq!(
        listed::marks(&one).unwrap()["g"],
        merged,
        "the club's read agrees"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Whatever a peer writes into an archive or the club's map of them,
    /// reading never panics, and every entry read is one this app could
    /// have written.
    #[test]
    fn reading_any_archive_never_panics(
        root in prop::collection::vec(
            (prop::sample::select(vec!["doc", "layout", "block", "games"]), ".{0,24}"), 0..4),
        entries in prop::collection::vec((".{0,8}", ".{0,80}"), 0..12),
        named in prop::collection::vec((".{0,4}", ".{0,20}"), 0..6),
    ) {
        let mut doc = archive_of("b05", &[]);
        for (key, value) in &root {
            doc.put(ROOT, *key, value.as_str()).unwrap();
        }
        if let Ok(Some((_, games))) = doc.get(ROOT, "games") {
            if doc.object_type(&games).is_ok() {
                for (k, v) in &entries {
                    let _ = doc.put(&games, k.as_str(), v.as_str());
                }
            }
        }
        for (id, entry) in archive_doc::read(&doc, |_| true) {
            prop_assert_eq!(Entry::parse(&entry.text()), Some(entry.clone()), "{}", id);
        }
        let _ = archive_doc::block_in(&doc);
        let map = doc.put_object(ROOT, archive_doc::KEY, ObjType::Map).unwrap();
        for (k, v) in &named {
            doc.put(&map, k.as_str(), v.as_str()).unwrap();
        }
        for (block, _) in archive_doc::archives(&doc).unwrap() {
            prop_assert!(archive_doc::is_block(&block));
        }
    }

    /// Any text: an entry or none, never a panic; an entry written reads
    /// back the same.
    #[test]
    fn any_text_parses_to_an_entry_or_none(text in ".{0,200}", mark in any::<u64>(), record in ".{1,60}") {
        let _ = Entry::parse(&text);
        let entry = Entry { mark, heads: "0f".repeat(32), record };
        prop_assert_eq!(Entry::parse(&entry.text()), Some(entry));
    }
}
