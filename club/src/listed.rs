//! The club's list of games (issue 53): what home shows of each game (its
//! kind, players, totals, state or winners, when it was saved), one line
//! per game in the club's document, so a phone that joins lists every game
//! as soon as the club's document arrives, before any game's own document.
//!
//! ```text
//! club ROOT { ..., "list": { "<game id>": "<line: the app's summary JSON>" } }
//! ```
//!
//! A line changes only when what a list shows of a game does: its
//! creation, its end (winners, places, totals), a rename; a game in
//! progress is listed without its totals (its own document, fetched first,
//! has them), so a hand does not change the club's document. The phone
//! that saves a game writes its line with the save; a phone that keeps a
//! game whose line is missing or differs (a club made before the list, a
//! save from an older release) writes it then (the worker hands the app
//! the club's line with each game). A line is a cache, never the record:
//! the game itself still comes from its own document, checked as an
//! import; the app reads each line as it reads a stored summary, and
//! leaves out one it cannot read. A club made before the list
//! has no `list` map: the first line makes it (two phones doing so at once
//! make two, and both are read, the first one's line standing for a game
//! in both).

use std::collections::BTreeMap;

use automerge::transaction::Transactable;
use automerge::{ObjId, ObjType, ReadDoc, ScalarValue, ScalarValueRef, Value, ValueRef, ROOT};

use super::limits::{MAX_CLUB_GAMES, MAX_LINE_BYTES};
use super::DocError;

/// The list's key in the club's document.
pub const KEY: &str = "list";

/// What the worker reads of a line: whether the game is over (the rest
/// is the app's).
#[derive(serde::Deserialize)]
struct LineHead {
    #[serde(default)]
    finished: bool,
}

/// Whether line `line` says its game is over (a line that cannot be read
/// says not: its game is fetched at once).
pub fn is_finished(line: &str) -> bool {
    serde_json::from_str::<LineHead>(line).is_ok_and(|h| h.finished)
}

/// Every `list` map (none in a club made before it; two if two phones
/// made it at once).
fn maps<D: ReadDoc>(doc: &D) -> Result<Vec<ObjId>, DocError> {
    Ok(doc
        .get_all(ROOT, KEY)?
        .into_iter()
        .filter_map(|(v, id)| matches!(v, Value::Object(ObjType::Map)).then_some(id))
        .collect())
}

/// Writes each game's line (`(id, line)`), unless it is already the same;
/// makes the list in a club made before it. Returns how many were written.
pub fn put<T: Transactable>(doc: &mut T, lines: &[(String, String)]) -> Result<usize, DocError> {
    let list = match maps(doc)?.into_iter().next() {
        Some(list) => list,
        None => doc.put_object(ROOT, KEY, ObjType::Map)?,
    };
    let mut written = 0;
    for (id, line) in lines {
        if id.is_empty() || id.len() > MAX_LINE_BYTES || line.len() > MAX_LINE_BYTES {
            continue;
        }
        if let Some((Value::Scalar(s), _)) = doc.get(&list, id.as_str())? {
            if matches!(s.as_ref(), ScalarValue::Str(t) if t.as_str() == line) {
                continue;
            }
        }
        doc.put(&list, id.as_str(), line.as_str())?;
        written += 1;
    }
    Ok(written)
}

/// The club's lines, by game id (sorted), at most one per game of the
/// club's limit; an entry that is not a line of the right size is left
/// out and counted. Never refuses: a damaged list lists fewer games, and
/// each phone's games still come from their documents.
pub fn read<D: ReadDoc>(doc: &D) -> Result<(Vec<(String, String)>, usize), DocError> {
    let mut out = BTreeMap::new();
    let mut left_out = 0;
    for list in maps(doc)? {
        // One pass over the map, not a seek per key.
        for item in doc.map_range(&list, ..) {
            if out.len() >= MAX_CLUB_GAMES {
                left_out += 1;
                continue;
            }
            let id = item.key.as_ref();
            if out.contains_key(id) {
                continue;
            }
            let fits =
                |t: &str| !id.is_empty() && id.len() <= MAX_LINE_BYTES && t.len() <= MAX_LINE_BYTES;
            let line = match &item.value {
                ValueRef::Scalar(ScalarValueRef::Str(t)) if fits(t) => Some(t.to_string()),
                _ => None,
            };
            match line {
                Some(line) => {
                    out.insert(id.to_string(), line);
                }
                None => left_out += 1,
            }
        }
    }
    Ok((out.into_iter().collect(), left_out))
}

/// The line of game `id` in the club's document, if it has one.
pub fn line_of<D: ReadDoc>(doc: &D, id: &str) -> Option<String> {
    for list in maps(doc).ok()? {
        if let Ok(Some((Value::Scalar(s), _))) = doc.get(&list, id) {
            if let ScalarValue::Str(t) = s.as_ref() {
                return Some(t.to_string());
            }
        }
    }
    None
}
