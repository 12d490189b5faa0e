//! Games of all six kinds as release 2 (c86224d: schema 2, `rand` 0.9)
//! stored them, with what their screens showed (`tests/fixtures/release-2`):
//! read by this release (upgraded to schema 3, every random outcome stored
//! as a value), they replay to the same totals, sheet, status and outcome;
//! saved in the new shape and read back, still the same; and the new shape
//! holds no seed, so no generator is ever asked again.

use chicken_scores::model::backup::check_game_as;
use chicken_scores::model::{GameRecord, SCHEMA_VERSION};
use chicken_scores::rules::*;

mod common;

/// Reads one fixture's record as its game's rules and checks its screen.
struct Check {
    name: String,
    record: String,
    screen: serde_json::Value,
}

impl ForRules for Check {
    type Out = String;
    fn run<R: Rules>(self) -> String {
        let name = &self.name;
        let old = GameRecord::<R>::from_json(&self.record)
            .unwrap_or_else(|e| panic!("{name}: release 2's record refused: {e}"));
        assert_eq!(old.schema, 2, "{name}: the schema read is kept until saved");
        assert_eq!(
            common::screen_of::<R>(&old.setup(), &old.log),
            self.screen,
            "{name}: the screen after the upgrade"
        );
        // Saved in this release's shape (as the first open does), read back.
        let saved = old.with_log(old.log.clone());
        assert_eq!(saved.schema, SCHEMA_VERSION);
        let text = serde_json::to_string(&saved).unwrap();
        assert!(!text.contains("seed"), "{name}: no seed is stored: {text}");
        let again = GameRecord::<R>::from_json(&text).unwrap();
        assert_eq!(again, saved, "{name}: the new shape reads back as written");
        assert_eq!(
            common::screen_of::<R>(&again.setup(), &again.log),
            self.screen,
            "{name}: the screen after a save in the new shape"
        );
        // Both shapes pass the import check (a backup or a hand-over link).
        check_game_as::<R>(&self.record).unwrap_or_else(|e| panic!("{name}: import refused: {e}"));
        check_game_as::<R>(&text).unwrap_or_else(|e| panic!("{name}: import refused: {e}"));
        text
    }
}

fn fixtures() -> Vec<(String, serde_json::Value)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/release-2");
    let mut out: Vec<(String, serde_json::Value)> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name().is_some_and(|n| n != "goal-decks.json"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let name = p.file_stem().unwrap().to_string_lossy().to_string();
            (name, serde_json::from_str(&text).unwrap())
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn release_2_games_of_every_kind_show_the_same_after_the_upgrade() {
    let all = fixtures();
    let mut kinds = std::collections::BTreeSet::new();
    for (name, fixture) in all {
        let kind: GameKind = fixture["record"]["kind"].as_str().unwrap().parse().unwrap();
        kinds.insert(kind.as_str());
        let check = Check {
            name: name.clone(),
            record: serde_json::to_string(&fixture["record"]).unwrap(),
            screen: fixture["screen"].clone(),
        };
        let text = with_rules(kind, check).unwrap();
        let stored: serde_json::Value = serde_json::from_str(&text).unwrap();
        // What was a seed is now the outcome itself.
        match kind.as_str() {
            "playing-chicken" if stored["settings"]["goal_source"] != "typed" => {
                assert_eq!(
                    stored["settings"]["deck"].as_array().map(Vec::len),
                    Some(15),
                    "{name}"
                );
            }
            "cluck" => assert_eq!(stored["log"][0]["first"]["random"], true, "{name}"),
            "big-chicken" if name.contains("draw") => {
                let draw = stored["log"].as_array().unwrap().last().unwrap();
                assert_eq!(draw["card_draw"]["app_dealt"], true, "{name}");
            }
            _ => {}
        }
    }
    assert_eq!(
        kinds.len(),
        GAMES.len(),
        "a fixture of every kind: {kinds:?}"
    );
}
