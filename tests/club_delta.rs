//! The club read again key by key after a few changes
//! (`chicken_club::club_delta`): whatever two phones write, in any order,
//! a reading brought up is the reading of the whole club, or says it
//! cannot be sure; and a line written (a hand's save) is brought up
//! without a whole reading.

use automerge::transaction::Transactable;
use automerge::{AutoCommit, ObjType, ReadDoc, ROOT};
use chicken_club::{club_delta, club_doc, listed};
use proptest::prelude::*;

/// A club of `games` listed games (the first touched once), 3 players
/// and 2 nights.
fn club_of(games: usize) -> AutoCommit {
    let mut doc = AutoCommit::new();
    club_doc::create(&mut doc, "Thursdays").unwrap();
    for name in ["Ann", "Bob", "Cy"] {
        club_doc::add_player(&mut doc, name).unwrap();
    }
    for night in 0..2 {
        club_doc::put_night(&mut doc, &format!("n{night}"), "{\"games\":[]}").unwrap();
    }
    let lines: Vec<(String, String)> = (0..games)
        .map(|g| {
            (
                format!("g{g:04}"),
                format!("{{\"finished\":true,\"n\":{g}}}"),
            )
        })
        .collect();
    for (id, _) in &lines {
        club_doc::add_game(&mut doc, id, "automerge:2j9vJUaT7RYRx9GGBwTdoGXzZHkm").unwrap();
    }
    listed::put(&mut doc, &lines).unwrap();
    if games > 0 {
        listed::touch(&mut doc, &id(0)).unwrap();
    }
    doc.commit();
    doc
}

/// What a phone may write into the club.
#[derive(Clone, Debug)]
enum Write {
    Line(u8, String),
    DeleteLine(u8),
    Touch(u8),
    Game(u8, String),
    DeleteGame(u8),
    Night(u8, String),
    Player(String),
    LongLine(u8),
    NumberLine(u8),
    SecondList,
    Rename(String),
}

fn write() -> impl Strategy<Value = Write> {
    prop_oneof![
        6 => (0u8..12, "[a-z]{0,6}").prop_map(|(g, t)| Write::Line(g, t)),
        1 => (0u8..12).prop_map(Write::DeleteLine),
        3 => (0u8..12).prop_map(Write::Touch),
        2 => (0u8..12, "[a-z]{1,6}").prop_map(|(g, t)| Write::Game(g, t)),
        1 => (0u8..12).prop_map(Write::DeleteGame),
        2 => (0u8..4, "[a-z]{0,6}").prop_map(|(n, t)| Write::Night(n, t)),
        1 => "[A-Z][a-z]{1,4}".prop_map(Write::Player),
        1 => (0u8..12).prop_map(Write::LongLine),
        1 => (0u8..12).prop_map(Write::NumberLine),
        1 => Just(Write::SecondList),
        1 => "[A-Z][a-z]{1,4}".prop_map(Write::Rename),
    ]
}

fn id(g: u8) -> String {
    format!("g{g:04}")
}

fn apply(doc: &mut AutoCommit, w: &Write) {
    let list_of = |doc: &AutoCommit| match doc.get(ROOT, listed::KEY).unwrap() {
        Some((_, obj)) => obj,
        None => panic!("no list"),
    };
    match w {
        Write::Line(g, t) => {
            listed::put(doc, &[(id(*g), format!("{{\"t\":\"{t}\"}}"))]).unwrap();
        }
        Write::DeleteLine(g) => {
            let list = list_of(doc);
            let _ = doc.delete(&list, id(*g).as_str());
        }
        Write::Touch(g) => listed::touch(doc, &id(*g)).unwrap(),
        Write::Game(g, t) => {
            let games = doc.get(ROOT, "games").unwrap().unwrap().1;
            doc.put(&games, id(*g).as_str(), format!("automerge:{t}"))
                .unwrap();
        }
        Write::DeleteGame(g) => {
            let games = doc.get(ROOT, "games").unwrap().unwrap().1;
            let _ = doc.delete(&games, id(*g).as_str());
        }
        Write::Night(n, t) => {
            club_doc::put_night(doc, &format!("n{n}"), &format!("{{\"t\":\"{t}\"}}")).unwrap();
        }
        Write::Player(name) => {
            club_doc::add_player(doc, name).unwrap();
        }
        Write::LongLine(g) => {
            let list = list_of(doc);
            doc.put(
                &list,
                id(*g).as_str(),
                "x".repeat(chicken_club::limits::MAX_LINE_BYTES + 1),
            )
            .unwrap();
        }
        Write::NumberLine(g) => {
            let list = list_of(doc);
            doc.put(&list, id(*g).as_str(), 7_i64).unwrap();
        }
        Write::SecondList => {
            doc.put_object(ROOT, listed::KEY, ObjType::Map).unwrap();
        }
        Write::Rename(to) => {
            club_doc::rename_player(doc, "Ann", to).unwrap();
        }
    }
    doc.commit();
}

/// The reading of `doc` brought up from `last` (read at `since`), if the
/// key-by-key reading is sure.
fn brought_up(
    doc: &mut AutoCommit,
    last: &club_doc::Club,
    since: &[automerge::ChangeHash],
) -> Option<club_doc::Club> {
    let mut club = last.clone();
    club_delta::bring_up(doc.document(), &mut club, since).then_some(club)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Two phones write in any order and merge at random moments; after
    /// every step, the reading brought up from the last one is the whole
    /// reading, or is not given.
    #[test]
    fn a_reading_brought_up_is_the_whole_reading_whatever_two_phones_write(
        steps in prop::collection::vec((any::<bool>(), write(), any::<bool>()), 1..24),
    ) {
        let mut a = club_of(8);
        let mut b = AutoCommit::load(&a.save()).unwrap();
        let mut since = a.get_heads();
        let mut last = club_doc::read(a.document()).unwrap();
        for (on_a, w, merge) in &steps {
            let phone = if *on_a { &mut a } else { &mut b };
            apply(phone, w);
            if *merge {
                a.merge(&mut b).unwrap();
            }
            let whole = club_doc::read(a.document()).unwrap();
            if let Some(up) = brought_up(&mut a, &last, &since) {
                prop_assert_eq!(&up, &whole);
            }
            since = a.get_heads();
            last = whole;
        }
    }
}

#[test]
fn a_line_written_by_a_save_is_brought_up_without_reading_the_whole_club() {
    let mut doc = club_of(1_000);
    let since = doc.get_heads();
    let last = club_doc::read(doc.document()).unwrap();
    // A hand's save: its game's line, and a finished game touched.
    listed::put(
        &mut doc,
        &[(id(7), "{\"finished\":false,\"hands\":3}".into())],
    )
    .unwrap();
    listed::touch(&mut doc, &id(9)).unwrap();
    doc.commit();
    let up = brought_up(&mut doc, &last, &since).expect("brought up key by key");
    assert_eq!(up, club_doc::read(doc.document()).unwrap());
    assert_ne!(up.line_marks.get(&id(9)), last.line_marks.get(&id(9)));
    // A player added: the club is read whole.
    let since = doc.get_heads();
    club_doc::add_player(&mut doc, "Dee").unwrap();
    doc.commit();
    assert!(brought_up(&mut doc, &up, &since).is_none());
}
