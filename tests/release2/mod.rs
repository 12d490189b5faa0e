//! The release-2 fixture games (`tests/fixtures/release-2`), as this
//! release stores them: shared by the tests of the club's documents.
#![allow(dead_code)]

use chicken_scores::model::backup::check_game;
use chicken_scores::model::migrate::upgrade_text;

/// Fixture `name`'s record, as release 2 stored it.
pub fn fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/release-2/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    serde_json::to_string(&v["record"]).unwrap()
}

/// The fixture as this release stores it (schema 3).
pub fn stored(name: &str) -> String {
    let raw = fixture(name);
    let text = upgrade_text(&raw).unwrap().unwrap_or(raw);
    // Written as the tests write their edits (keys in one order), so an
    // entry nobody changed has the same text before and after.
    let checked = check_game(&text).unwrap().text;
    let v: serde_json::Value = serde_json::from_str(&checked).unwrap();
    serde_json::to_string(&v).unwrap()
}

/// Every fixture game's name.
pub fn all_fixtures() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/release-2");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path().file_stem().unwrap().to_string_lossy().to_string())
        .filter(|n| n != "goal-decks")
        .collect();
    names.sort();
    names
}
