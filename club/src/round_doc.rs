//! The round being typed at the table, shared through the game's document:
//! the next entry's form, split by the app into the table's part and each
//! seat's own part (a player's count, typed on their own phone).
//!
//! ```text
//! ROOT { ..., "round": { "table": "<JSON>", "seat0": "<JSON>", ... } }
//! ```
//!
//! Each part is one text under its own key, so two phones typing two
//! players' counts at once both stand. The texts say which entry they are
//! for; the app reads only those for the entry it is showing, and saves
//! the round as an ordinary entry once the table confirms it. A part that
//! is not one this app writes is left out, never refusing the game.

use automerge::transaction::Transactable;
use automerge::{ObjType, ReadDoc, ScalarValue, Value, ROOT};
use serde_json::value::RawValue;

use super::limits::{MAX_ENTRY_BYTES, MAX_SEATS};
use super::DocError;

/// The key of the table's part.
pub const TABLE: &str = "table";

/// The key of seat `seat`'s own part.
pub fn seat_key(seat: usize) -> String {
    format!("seat{seat}")
}

/// Whether `key` is one a round holds.
pub fn is_part_key(key: &str) -> bool {
    key == TABLE
        || key
            .strip_prefix("seat")
            .filter(|n| !n.is_empty() && n.len() <= 2 && n.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|n| n.parse::<usize>().ok())
            .is_some_and(|n| n < MAX_SEATS && seat_key(n) == key)
}

/// Whether `text` is a part this app writes: JSON within an entry's size.
fn is_part_text(text: &str) -> bool {
    text.len() <= MAX_ENTRY_BYTES && serde_json::from_str::<&RawValue>(text).is_ok()
}

/// Adds the empty round to a new game's document (so every phone writes
/// into the same map).
pub fn create<T: Transactable>(doc: &mut T) -> Result<(), DocError> {
    doc.put_object(ROOT, "round", ObjType::Map)?;
    Ok(())
}

/// Writes `parts` (key, text) into the round, each under its own key; a
/// part with a key or text this app does not write is skipped. A game
/// made before rounds were shared gets its round map now.
pub fn put<T: Transactable>(doc: &mut T, parts: &[(String, String)]) -> Result<usize, DocError> {
    let round = match doc.get(ROOT, "round")? {
        Some((Value::Object(ObjType::Map), id)) => id,
        _ => doc.put_object(ROOT, "round", ObjType::Map)?,
    };
    let mut written = 0;
    for (key, text) in parts {
        if is_part_key(key) && is_part_text(text) {
            doc.put(&round, key.as_str(), text.as_str())?;
            written += 1;
        }
    }
    Ok(written)
}

/// The round's parts (key, text), sorted by key; of two values written at
/// once under one key, the one Automerge shows first. Parts this app does
/// not write are left out.
pub fn read<D: ReadDoc>(doc: &D) -> Vec<(String, String)> {
    // Two phones that started the round at once made two maps: every
    // part of either is read (of one key in both, the shown map's stands).
    let Ok(rounds) = doc.get_all(ROOT, "round") else {
        return Vec::new();
    };
    let mut parts: Vec<(String, String)> = Vec::new();
    for (value, round) in rounds {
        if !matches!(value, Value::Object(ObjType::Map)) || doc.length(&round) > MAX_SEATS + 1 {
            continue;
        }
        for key in doc.keys(&round).filter(|k| is_part_key(k)) {
            if parts.iter().any(|(k, _)| *k == key) {
                continue;
            }
            if let Ok(Some((Value::Scalar(s), _))) = doc.get(&round, key.as_str()) {
                if let ScalarValue::Str(t) = s.as_ref() {
                    if is_part_text(t) {
                        parts.push((key, t.to_string()));
                    }
                }
            }
        }
    }
    parts.sort();
    parts
}
