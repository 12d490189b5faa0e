//! The backup file and the hand-over link, natively: export then import
//! into an empty store is the identity (games of all six kinds, a night,
//! the roster); refusals as a table (each changes nothing and says why,
//! briefly); which copy wins as a table; the plan written in one
//! transaction, or nothing; and property tests: no file, however mutated,
//! and no link makes the import panic.

use chicken_scores::model::backup::{check_game, decide, read_backup, Verdict, MAX_BACKUP_BYTES};
use chicken_scores::model::hand_over::{decode, encode};
use chicken_scores::model::{GameRecord, Night, Roster, Summary};
use chicken_scores::rules::chickenfoot::{Chickenfoot, Hand, Left, Settings};
use chicken_scores::rules::{with_rules, ForRules, Rules, GAMES};
use chicken_scores::storage::backup::ImportError;
use chicken_scores::storage::{block_on, Area, MemoryBackend, Store};
use proptest::prelude::*;
use serde_json::{json, Value};

fn clock() -> i64 {
    9_000_000
}

fn store() -> Store<MemoryBackend> {
    Store::new(MemoryBackend::default(), clock)
}

fn hand(pips: u32) -> Hand {
    Hand {
        out: Some(0),
        started_with: None,
        left: vec![Left::Pips(0), Left::Pips(pips)],
    }
}

/// A Chickenfoot game of Ann and Bob with `hands` (pips Bob had left).
fn foot(id: &str, hands: &[u32], rev: u64) -> GameRecord<Chickenfoot> {
    let mut r = GameRecord::<Chickenfoot>::new(
        id.into(),
        1_000,
        vec!["Ann".into(), "Bob".into()],
        Settings::default(),
    )
    .unwrap();
    r.log = hands.iter().map(|p| hand(*p)).collect();
    r.rev = rev;
    r
}

fn text<R: Rules>(r: &GameRecord<R>) -> String {
    serde_json::to_string(r).unwrap()
}

/// A new game of any kind, as its JSON text (through the registry).
struct Fresh(String, Vec<String>);
impl ForRules for Fresh {
    type Out = String;
    fn run<R: Rules>(self) -> String {
        let mut rng: rand::rngs::StdRng = rand::SeedableRng::seed_from_u64(1);
        let settings = R::with_draws(&R::Settings::default(), self.1.len(), &mut rng);
        text(&GameRecord::<R>::new(self.0, 2_000, self.1, settings).unwrap())
    }
}

/// Saves a record's text and its summary as the game screen would.
fn put_game(s: &Store<MemoryBackend>, raw: &str, updated_ms: i64) {
    let g = check_game(raw).unwrap();
    let (t, summary) = g.written(&g.id, g.rev, updated_ms).unwrap();
    s.backend().poke(Area::Games, &g.id, &t);
    s.backend().poke(
        Area::Summaries,
        &g.id,
        &serde_json::to_string(&summary).unwrap(),
    );
}

fn night(id: &str, rev: u64, name: &str) -> Night {
    Night {
        schema: 2,
        id: id.into(),
        rev,
        name: name.into(),
        started_ms: 1_000,
        ended_ms: Some(50_000),
        left_out: vec!["zz1".into()],
        updated_ms: 50_000,
    }
}

/// A phone with a game of every kind (Chickenfoot with three hands), a
/// night and a roster.
fn seeded() -> Store<MemoryBackend> {
    let s = store();
    put_game(&s, &text(&foot("foot1", &[5, 7, 9], 4)), 7_000);
    for (i, kind) in GAMES.iter().enumerate() {
        let players: Vec<String> = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
            .iter()
            .take(*kind.players().start())
            .map(|s| s.to_string())
            .collect();
        let raw = with_rules(*kind, Fresh(format!("k{i}"), players)).unwrap();
        put_game(&s, &raw, 6_000 + i as i64);
    }
    s.backend().poke(
        Area::Nights,
        "n1",
        &serde_json::to_string(&night("n1", 2, "Friday at Ann's")).unwrap(),
    );
    block_on(s.save_roster(&Roster {
        schema: chicken_scores::model::SCHEMA_VERSION,
        names: vec!["Ann".into(), "Bob".into(), "Zed".into()],
    }))
    .unwrap();
    s
}

fn export(s: &Store<MemoryBackend>) -> String {
    block_on(s.export()).unwrap()
}

fn ids() -> impl FnMut() -> String {
    let mut n = 0;
    move || {
        n += 1;
        format!("copy{n}")
    }
}

/// Imports `file` into `s`; the plan's headline and what was done.
fn import(s: &Store<MemoryBackend>, file: &str) -> Result<(String, String), String> {
    let backup = read_backup(file)?;
    let plan = block_on(s.plan_import(backup, ids())).unwrap();
    let done = block_on(s.import(&plan)).map_err(|e| e.message())?;
    Ok((plan.headline(), done.message()))
}

fn area(s: &Store<MemoryBackend>, a: Area) -> Vec<(String, String)> {
    s.backend()
        .keys(a)
        .into_iter()
        .map(|k| {
            let v = s.backend().peek(a, &k).unwrap();
            (k, v)
        })
        .collect()
}

#[test]
fn export_then_import_into_an_empty_phone_is_the_identity() {
    let a = seeded();
    let file = export(&a);
    let b = store();
    let (headline, done) = import(&b, &file).unwrap();
    assert_eq!(
        headline, "7 games, 1 night, 3 new players: 7 new",
        "every game of the six kinds"
    );
    assert!(
        done.starts_with("Imported 7 new games, 1 night, 3 new players."),
        "{done}"
    );
    for a_ in [Area::Games, Area::Summaries, Area::Nights] {
        assert_eq!(area(&a, a_), area(&b, a_), "{a_:?}");
    }
    assert_eq!(block_on(b.roster()).0, block_on(a.roster()).0);
    // The same file again: everything is already here; nothing is written.
    let writes = b.backend().writes.get();
    let (headline, done) = import(&b, &file).unwrap();
    assert_eq!(headline, "7 games, 1 night, 0 new players: 7 already here");
    assert!(done.contains("7 games were already here"), "{done}");
    assert_eq!(b.backend().writes.get(), writes, "nothing written");
    // And the copy exports as the same file.
    assert_eq!(export(&b), file);
}

/// The export as JSON, changed by `f`.
fn tampered(f: impl FnOnce(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(&export(&seeded())).unwrap();
    f(&mut v);
    serde_json::to_string(&v).unwrap()
}

#[test]
fn a_bad_file_is_refused_whole_and_says_why_briefly() {
    let long = "x".repeat(5_000);
    let cases: Vec<(&str, String, &str)> = vec![
        ("not JSON", "{{{ nope".into(), "not JSON"),
        (
            "another app",
            tampered(|v| v["app"] = json!("other")),
            "not a Chicken Scores backup",
        ),
        (
            "no format",
            tampered(|v| {
                v.as_object_mut().unwrap().remove("format");
            }),
            "no format version",
        ),
        (
            "a newer format",
            tampered(|v| v["format"] = json!(2)),
            "Update the app",
        ),
        (
            "format of the wrong type",
            tampered(|v| v["format"] = json!("1")),
            "not a Chicken Scores backup",
        ),
        (
            "games not a list",
            tampered(|v| v["games"] = json!({"a": 1})),
            "damaged",
        ),
        (
            "a long string where a list was",
            tampered(|v| v["games"] = json!(long.clone())),
            "damaged",
        ),
        (
            "players of the wrong type",
            tampered(|v| v["games"][0]["players"] = json!(7)),
            "game 1: it has no game header",
        ),
        (
            "a missing log",
            tampered(|v| {
                v["games"][0].as_object_mut().unwrap().remove("log");
            }),
            "missing field `log`",
        ),
        (
            "duplicate ids",
            tampered(|v| {
                let g = v["games"][0].clone();
                v["games"].as_array_mut().unwrap().push(g);
            }),
            "two games have the id",
        ),
        (
            "a name over 40 letters",
            tampered(|v| v["games"][0]["players"][0] = json!("A".repeat(41))),
            "longer than 40 letters",
        ),
        (
            "an empty name",
            tampered(|v| v["games"][0]["players"][0] = json!("  ")),
            "name is empty",
        ),
        (
            "a name seated twice",
            tampered(|v| v["games"][0]["players"][1] = v["games"][0]["players"][0].clone()),
            "seated twice",
        ),
        (
            "an id over 64",
            tampered(|v| v["games"][0]["id"] = json!("a".repeat(65))),
            "longer than 64",
        ),
        (
            "an id with a slash",
            tampered(|v| v["games"][0]["id"] = json!("../x")),
            "characters ids never have",
        ),
        (
            "markup in an id",
            tampered(|v| v["games"][0]["id"] = json!("<img src=x>")),
            "characters ids never have",
        ),
        (
            "an unknown kind",
            tampered(|v| v["games"][0]["kind"] = json!("poker")),
            "does not know (\"poker\"): update the app",
        ),
        (
            "a newer record schema",
            tampered(|v| v["games"][0]["schema"] = json!(99)),
            "newer version",
        ),
        (
            "newer rules",
            tampered(|v| v["games"][0]["rules_version"] = json!(99)),
            "newer",
        ),
        (
            "a log its rules refuse",
            tampered(|v| {
                for g in v["games"].as_array_mut().unwrap() {
                    if g["id"] == "foot1" {
                        g["log"][1]["out"] = json!(5);
                    }
                }
            }),
            "its rules refuse entry 2",
        ),
        (
            "too few players",
            tampered(|v| {
                for g in v["games"].as_array_mut().unwrap() {
                    if g["id"] == "foot1" {
                        g["players"] = json!(["Ann"]);
                    }
                }
            }),
            "game",
        ),
        (
            "a night of a newer version",
            tampered(|v| v["nights"][0]["schema"] = json!(9)),
            "night 1",
        ),
        (
            "a night's name too long",
            tampered(|v| v["nights"][0]["name"] = json!("n".repeat(81))),
            "night 1: its name is longer",
        ),
        (
            "two nights with one id",
            tampered(|v| {
                let n = v["nights"][0].clone();
                v["nights"].as_array_mut().unwrap().push(n);
            }),
            "two nights",
        ),
        (
            "a night of the wrong type",
            tampered(|v| v["nights"][0]["started_ms"] = json!("soon")),
            "night 1: it is not a game night",
        ),
        (
            "an empty roster name",
            tampered(|v| v["roster"][0] = json!("")),
            "list is empty",
        ),
        (
            "a roster of numbers",
            tampered(|v| v["roster"] = json!([1, 2])),
            "damaged",
        ),
    ];
    let empty = store();
    for (what, file, expected) in cases {
        let e = match read_backup(&file) {
            Err(e) => e,
            Ok(_) => panic!("{what}: accepted"),
        };
        assert!(e.contains(expected), "{what}: {e}");
        assert!(e.starts_with("Nothing was imported"), "{what}: {e}");
        assert!(
            e.chars().count() < 400,
            "{what}: {} characters",
            e.chars().count()
        );
        assert!(!e.contains(&"x".repeat(100)), "{what}: echoes the file");
        assert!(import(&empty, &file).is_err());
    }
    assert!(
        empty.backend().keys(Area::Games).is_empty(),
        "nothing written"
    );
    assert_eq!(empty.backend().writes.get(), 0);
}

#[test]
fn a_file_over_the_cap_is_refused_before_it_is_parsed() {
    let big = format!(
        "{{\"app\":\"chicken-scores\",\"pad\":\"{}\"}}",
        " ".repeat(MAX_BACKUP_BYTES as usize)
    );
    let e = read_backup(&big).unwrap_err();
    assert!(e.contains("at most 20 MB"), "{e}");
}

#[test]
fn a_file_from_the_earlier_download_every_game_imports_its_games() {
    let earlier = format!(
        "{{\"app\":\"chicken-scores\",\"schema\":2,\"exported_ms\":5,\"games\":[{},null]}}",
        text(&foot("old1", &[5, 7], 3))
    );
    let s = store();
    let (headline, _) = import(&s, &earlier).unwrap();
    assert_eq!(headline, "1 game, 0 nights, 0 new players: 1 new");
    assert!(s.backend().peek(Area::Games, "old1").is_some());
    // Without either a format or a schema, it is refused.
    let neither = earlier.replace("\"schema\":2,", "");
    assert!(read_backup(&neither)
        .unwrap_err()
        .contains("no format version"));
}

#[test]
fn markup_in_names_is_kept_as_text() {
    let markup = "<img src=x onerror=alert(1)>";
    let file = tampered(|v| {
        for g in v["games"].as_array_mut().unwrap() {
            if g["id"] == "foot1" {
                g["players"][1] = json!(markup);
            }
        }
        v["roster"][2] = json!("<b>Zed</b>");
    });
    let b = store();
    import(&b, &file).unwrap();
    let game: GameRecord<Chickenfoot> =
        serde_json::from_str(&b.backend().peek(Area::Games, "foot1").unwrap()).unwrap();
    assert_eq!(
        game.players[1], markup,
        "exactly as typed: the screens escape it"
    );
    assert!(block_on(b.roster())
        .0
        .names
        .contains(&"<b>Zed</b>".to_string()));
}

/// A merge case: what it is, the copy here (none; unreadable; a record),
/// the copy there, what wins.
type Case = (
    &'static str,
    Option<Option<GameRecord<Chickenfoot>>>,
    GameRecord<Chickenfoot>,
    Verdict,
);

#[test]
fn which_copy_wins() {
    let c = |r: &GameRecord<Chickenfoot>| check_game(&text(r)).unwrap();
    let base = foot("g", &[5, 7], 3);
    let mut other_players = foot("g", &[5, 7], 3);
    other_players.players[1] = "Bea".into();
    let table: Vec<Case> = vec![
        ("nothing here", None, base.clone(), Verdict::New),
        (
            "unreadable here",
            Some(None),
            base.clone(),
            Verdict::Different,
        ),
        (
            "the same",
            Some(Some(base.clone())),
            base.clone(),
            Verdict::Same,
        ),
        (
            "the same entries at another revision",
            Some(Some(foot("g", &[5, 7], 9))),
            base.clone(),
            Verdict::Same,
        ),
        (
            "there went on",
            Some(Some(base.clone())),
            foot("g", &[5, 7, 9], 4),
            Verdict::NewerThere,
        ),
        (
            "here went on",
            Some(Some(foot("g", &[5, 7, 9], 4))),
            base.clone(),
            Verdict::OlderThere,
        ),
        (
            "both went on",
            Some(Some(foot("g", &[5, 7, 1], 4))),
            foot("g", &[5, 7, 9], 4),
            Verdict::Different,
        ),
        (
            "an earlier hand corrected there",
            Some(Some(base.clone())),
            foot("g", &[6, 7], 4),
            Verdict::Different,
        ),
        (
            "longer there but undone here since",
            Some(Some(foot("g", &[5, 7], 6))),
            foot("g", &[5, 7, 9], 5),
            Verdict::Different,
        ),
        (
            "longer here but undone there since",
            Some(Some(foot("g", &[5, 7, 9], 5))),
            foot("g", &[5, 7], 6),
            Verdict::Different,
        ),
        (
            "another game under the same id",
            Some(Some(other_players.clone())),
            base.clone(),
            Verdict::Different,
        ),
    ];
    for (what, here, there, expected) in table {
        let here_c = here.map(|h| h.map(|r| c(&r)));
        assert_eq!(
            decide(here_c.as_ref().map(Option::as_ref), &c(&there)),
            expected,
            "{what}"
        );
    }
}

#[test]
fn nights_win_by_revision_and_are_never_overwritten_by_a_rival() {
    use chicken_scores::model::backup::decide_night;
    let n = night("n", 2, "A");
    assert_eq!(decide_night(None, &n), Verdict::New);
    assert_eq!(decide_night(Some(Some(&n)), &n), Verdict::Same);
    assert_eq!(
        decide_night(Some(Some(&night("n", 1, "A"))), &n),
        Verdict::NewerThere
    );
    assert_eq!(
        decide_night(Some(Some(&night("n", 3, "A"))), &n),
        Verdict::OlderThere
    );
    assert_eq!(
        decide_night(Some(Some(&night("n", 2, "B"))), &n),
        Verdict::Different
    );
    assert_eq!(decide_night(Some(None), &n), Verdict::Different);
}

/// A file holding just these games.
fn file_of(games: &[String]) -> String {
    format!(
        "{{\"app\":\"chicken-scores\",\"format\":1,\"exported_ms\":1,\"games\":[{}]}}",
        games.join(",")
    )
}

#[test]
fn an_import_replaces_an_older_copy_keeps_a_rival_beside_and_never_loses_one() {
    let s = store();
    put_game(&s, &text(&foot("older", &[5], 2)), 10);
    put_game(&s, &text(&foot("rival", &[5, 1], 2)), 10);
    put_game(&s, &text(&foot("newer", &[5, 7, 9], 3)), 10);
    let before_rival = s.backend().peek(Area::Games, "rival").unwrap();
    let before_newer = s.backend().peek(Area::Games, "newer").unwrap();
    let file = file_of(&[
        text(&foot("older", &[5, 7], 2)),
        text(&foot("rival", &[5, 2], 2)),
        text(&foot("newer", &[5, 7], 2)),
    ]);
    let (headline, done) = import(&s, &file).unwrap();
    assert_eq!(
        headline,
        "3 games, 0 nights, 0 new players: 1 newer there, 1 older there (kept as here), 1 changed on both (kept as a copy)"
    );
    assert!(
        done.contains("1 newer copy") && done.contains("1 copy kept beside"),
        "{done}"
    );
    let older =
        GameRecord::<Chickenfoot>::from_json(&s.backend().peek(Area::Games, "older").unwrap())
            .unwrap();
    assert_eq!(older.log.len(), 2);
    assert_eq!(older.rev, 3, "above the revision here: open screens reload");
    assert_eq!(
        s.backend().peek(Area::Games, "rival").unwrap(),
        before_rival
    );
    assert_eq!(
        s.backend().peek(Area::Games, "newer").unwrap(),
        before_newer
    );
    let copy =
        GameRecord::<Chickenfoot>::from_json(&s.backend().peek(Area::Games, "copy1").unwrap())
            .unwrap();
    assert_eq!(copy.log, vec![hand(5), hand(2)]);
    let summary: Summary =
        serde_json::from_str(&s.backend().peek(Area::Summaries, "copy1").unwrap()).unwrap();
    assert_eq!((summary.id.as_str(), summary.rev), ("copy1", 2));
    assert_eq!(
        summary.totals,
        vec!["0", "7"],
        "derived by the rules, as the game screen does"
    );
}

#[test]
fn an_import_writes_nothing_if_the_phone_changed_since_the_preview_or_is_full() {
    let s = store();
    put_game(&s, &text(&foot("g", &[5], 2)), 10);
    let file = file_of(&[text(&foot("g", &[5, 7], 3)), text(&foot("h", &[1], 1))]);
    let plan = block_on(s.plan_import(read_backup(&file).unwrap(), ids())).unwrap();
    // Another tab saves a hand meanwhile.
    put_game(&s, &text(&foot("g", &[5, 1], 3)), 11);
    let snapshot = area(&s, Area::Games);
    assert_eq!(block_on(s.import(&plan)).unwrap_err(), ImportError::Changed);
    assert_eq!(area(&s, Area::Games), snapshot);
    // A full disk.
    let t = store();
    let plan = block_on(t.plan_import(read_backup(&file).unwrap(), ids())).unwrap();
    t.backend().full.set(true);
    assert!(block_on(t.import(&plan))
        .unwrap_err()
        .message()
        .contains("full"));
    assert!(t.backend().keys(Area::Games).is_empty());
}

#[test]
fn a_handed_over_game_round_trips_through_its_link() {
    let r = foot("g", &[5, 7, 9], 4);
    let payload = encode(&text(&r));
    let back = decode(&format!("#{payload}")).unwrap();
    assert_eq!(check_game(&back).unwrap().text, text(&r));
    // A 13-hand game of six players fits a QR code's 2,953 bytes easily.
    let mut big = GameRecord::<Chickenfoot>::new(
        "mf3k2abcdef".into(),
        1_763_900_000_000,
        [
            "Annabel",
            "Bartholomew",
            "Cyrus",
            "Delphine",
            "Everett",
            "Fiona",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
        Settings::default(),
    )
    .unwrap();
    for i in 0..13u32 {
        big.log.push(Hand {
            out: Some((i % 6) as usize),
            started_with: None,
            left: (0..6).map(|p| Left::Pips(p * 3 + i)).collect(),
        });
    }
    let json = text(&big);
    let payload = encode(&json);
    let link = format!("https://192.0.2.1:8080/records/receive#{payload}");
    println!(
        "13-hand 6-player Chickenfoot: JSON {} B, link {} B",
        json.len(),
        link.len()
    );
    assert!(link.len() < 2_953, "{}", link.len());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = read_backup(&text) {
            prop_assert!(e.chars().count() < 400);
        }
        let _ = decode(&text);
    }

    #[test]
    fn mutated_exports_never_panic_and_a_refusal_changes_nothing(
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 1..6)
    ) {
        let mut bytes = export(&seeded()).into_bytes();
        for (at, byte, how) in edits {
            let i = at.index(bytes.len().max(1)).min(bytes.len());
            match how {
                0 if i < bytes.len() => bytes[i] = byte,
                1 => bytes.insert(i, byte),
                _ => bytes.truncate(i),
            }
        }
        let text = String::from_utf8_lossy(&bytes).to_string();
        let s = store();
        match read_backup(&text) {
            Err(e) => prop_assert!(e.chars().count() < 400, "{}", e),
            Ok(b) => {
                let plan = block_on(s.plan_import(b, ids())).unwrap();
                let _ = plan.headline();
                let _ = block_on(s.import(&plan));
            }
        }
    }

    #[test]
    fn any_text_round_trips_through_a_link(text in ".{0,300}") {
        prop_assert_eq!(decode(&encode(&text)), Ok(text.clone()));
    }

    #[test]
    fn a_mutated_link_never_panics(payload in "[A-Za-z0-9_.#-]{0,200}") {
        if let Ok(t) = decode(&payload) {
            let _ = check_game(&t);
        }
    }
}
