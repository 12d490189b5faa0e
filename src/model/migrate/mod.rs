//! Brings a stored game record written under an older schema up to this
//! release's shape, as JSON, before the game's own types read it.
//!
//! Schema 3 stores every random outcome as a value. Before it, three were
//! kept as a seed (release 2, and the localStorage release):
//! - Playing Chicken's goal deck (`settings.seed`): the goals release 2
//!   flipped from it are drawn once, with its frozen algorithm
//!   (`release2_deck`), and stored as `settings.deck`;
//! - Cluck!'s random first pick (`first.seed`): the seat was stored too,
//!   so the seed becomes `first.random: true`;
//! - Big Chicken's virtual card draw (`card_draw.seed`): the cards were
//!   stored too, so the seed becomes `card_draw.app_dealt: true`.
//!
//! Every other game reads as it was written.

mod release2_deck;

use serde_json::{Map, Value};

use crate::rules::playing_chicken::{goal_deck, TRICKS};

/// The first schema that stores every random outcome as a value.
pub const OUTCOMES_STORED: u32 = 3;

/// The text of the stored game `raw` in this release's shape, if it is of
/// an older schema (`None`: it is already); refuses what it cannot read.
/// Its `schema` is kept: the screen that opens it saves it once.
pub fn upgrade_text(raw: &str) -> Result<Option<String>, String> {
    #[derive(serde::Deserialize)]
    struct Schema {
        schema: Option<u64>,
    }
    let unreadable = |e: serde_json::Error| format!("it is not a readable game ({e})");
    let schema = serde_json::from_str::<Schema>(raw)
        .map_err(unreadable)?
        .schema
        .map_or(0, |s| u32::try_from(s).unwrap_or(u32::MAX));
    if schema >= OUTCOMES_STORED {
        return Ok(None);
    }
    let mut value: Value = serde_json::from_str(raw).map_err(unreadable)?;
    upgrade_record(schema, &mut value)?;
    serde_json::to_string(&value).map(Some).map_err(unreadable)
}

/// Upgrades `record` (a stored game of schema `schema`, read as JSON) in
/// place to this release's shape. Refuses what it cannot read, in words
/// for the person holding the phone.
pub fn upgrade_record(schema: u32, record: &mut Value) -> Result<(), String> {
    if schema >= OUTCOMES_STORED {
        return Ok(());
    }
    let kind = record.get("kind").and_then(Value::as_str).unwrap_or("");
    match kind {
        "playing-chicken" => upgrade_goal_deck(record),
        "cluck" => {
            for_entries(record, "first", |first| seed_to_flag(first, "random"));
            Ok(())
        }
        "big-chicken" => {
            for_entries(record, "card_draw", |draw| seed_to_flag(draw, "app_dealt"));
            Ok(())
        }
        _ => Ok(()),
    }
}

/// Playing Chicken: the goals release 2 flipped from the stored seed,
/// stored as the game's deck (nothing for typed goals).
fn upgrade_goal_deck(record: &mut Value) -> Result<(), String> {
    let players = record
        .get("players")
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    let Some(settings) = record.get_mut("settings").and_then(Value::as_object_mut) else {
        return Ok(());
    };
    let seed = match settings.remove("seed") {
        None => return Ok(()),
        Some(v) => v
            .as_u64()
            .ok_or_else(|| "its goal deck's seed is not a whole number".to_string())?,
    };
    let typed = settings.get("goal_source").and_then(Value::as_str) == Some("typed");
    if !typed {
        let goals = release2_deck::release2_goals(&goal_deck(players), seed, TRICKS);
        settings.insert("deck".into(), Value::from(goals));
    }
    Ok(())
}

/// Runs `change` on the body of every log entry tagged `tag`.
fn for_entries(record: &mut Value, tag: &str, change: impl Fn(&mut Map<String, Value>)) {
    let Some(log) = record.get_mut("log").and_then(Value::as_array_mut) else {
        return;
    };
    for entry in log {
        if let Some(body) = entry.get_mut(tag).and_then(Value::as_object_mut) {
            change(body);
        }
    }
}

/// A stored seed becomes `flag: true` (the outcome itself was stored).
fn seed_to_flag(body: &mut Map<String, Value>, flag: &str) {
    if body.remove("seed").is_some_and(|s| !s.is_null()) {
        body.insert(flag.into(), Value::Bool(true));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_become_flags_and_decks() {
        let mut cluck = serde_json::json!({"kind": "cluck", "log": [{"first": {"seat": 1, "seed": 3}}, "end_turn"]});
        upgrade_record(2, &mut cluck).unwrap();
        assert_eq!(
            cluck["log"][0],
            serde_json::json!({"first": {"seat": 1, "random": true}})
        );
        let mut tapped = serde_json::json!({"kind": "cluck", "log": [{"first": {"seat": 1}}]});
        upgrade_record(2, &mut tapped).unwrap();
        assert_eq!(tapped["log"][0], serde_json::json!({"first": {"seat": 1}}));
        let mut pc = serde_json::json!({"kind": "playing-chicken", "players": ["A", "B", "C"],
            "settings": {"goal_source": "app-deck", "seed": 7u64}});
        upgrade_record(2, &mut pc).unwrap();
        assert_eq!(
            pc["settings"]["deck"].as_array().map(Vec::len),
            Some(TRICKS)
        );
        assert!(pc["settings"].get("seed").is_none());
        let mut typed = serde_json::json!({"kind": "playing-chicken", "players": ["A", "B", "C"],
            "settings": {"goal_source": "typed", "seed": 7u64}});
        upgrade_record(2, &mut typed).unwrap();
        assert_eq!(
            typed["settings"],
            serde_json::json!({"goal_source": "typed"})
        );
        let mut bad = serde_json::json!({"kind": "playing-chicken", "players": [], "settings": {"seed": "x"}});
        assert!(upgrade_record(2, &mut bad).is_err());
        let mut current = pc.clone();
        upgrade_record(OUTCOMES_STORED, &mut current).unwrap();
        assert_eq!(current, pc, "a schema 3 record is read as it is");
    }
}
