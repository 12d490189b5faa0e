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
    maps_of(doc, KEY)
}

/// Every map under `key` of the club's root.
pub(crate) fn maps_of<D: ReadDoc>(doc: &D, key: &str) -> Result<Vec<ObjId>, DocError> {
    Ok(doc
        .get_all(ROOT, key)?
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

/// The club's map of games changed since they finished, by game id: a
/// count each phone raises when it changes a finished game ([`touch`]).
pub const TOUCHED: &str = "touched";

/// Game `id`, finished, was changed here: its count in [`TOUCHED`] goes
/// up (a new value: a put of the same one is no change in Automerge), so
/// its mark moves ([`marks`]) and a phone where it rests wakes it, whether
/// or not the app then writes the game a new line. Makes the map in a
/// club made before it.
pub fn touch<T: Transactable>(doc: &mut T, id: &str) -> Result<(), DocError> {
    if id.is_empty() || id.len() > MAX_LINE_BYTES {
        return Ok(());
    }
    let map = match maps_of(doc, TOUCHED)?.into_iter().next() {
        Some(map) => map,
        None => doc.put_object(ROOT, TOUCHED, ObjType::Map)?,
    };
    let count = match doc.get(&map, id)? {
        Some((Value::Scalar(s), _)) => match s.as_ref() {
            ScalarValue::Int(n) => n.saturating_add(1),
            ScalarValue::Uint(n) => i64::try_from(*n).unwrap_or(i64::MAX - 1).saturating_add(1),
            _ => 1,
        },
        _ => 1,
    };
    doc.put(&map, id, count)?;
    Ok(())
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

/// The mark of each listed game (by id): it moves whenever the game's
/// line is written again or the game is [`touch`]ed, on any phone, and
/// with every value two phones wrote at once (the ops that hold the line
/// and the count, hashed). A finished game rests on a phone while its
/// mark stays ([`crate::kept`]).
pub fn marks<D: ReadDoc>(doc: &D) -> Result<BTreeMap<String, u64>, DocError> {
    let lines = ops_by_key(doc, &maps(doc)?);
    let mut touched = ops_by_key(doc, &maps_of(doc, TOUCHED)?);
    Ok(lines
        .into_iter()
        .map(|(id, mut ops)| {
            ops.extend(touched.remove(&id).unwrap_or_default());
            (id, fnv(&ops))
        })
        .collect())
}

/// The mark of game `id` ([`marks`]), if it has a line.
pub fn mark_of<D: ReadDoc>(doc: &D, id: &str) -> Option<u64> {
    let all = |maps: Vec<ObjId>| {
        let mut ops: Vec<String> = maps.iter().flat_map(|m| ops_at(doc, m, id)).collect();
        ops.sort();
        ops
    };
    let mut ops = all(maps(doc).ok()?);
    if ops.is_empty() {
        return None;
    }
    ops.extend(all(maps_of(doc, TOUCHED).ok()?));
    Some(fnv(&ops))
}

/// Per key, the ops holding its value in every one of `maps` (two phones
/// offline each made the map: a change written into either moves the
/// mark), in one pass per map (every op where two phones wrote at once),
/// sorted; at most a club's games per map.
fn ops_by_key<D: ReadDoc>(doc: &D, maps: &[ObjId]) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for map in maps {
        for item in doc.map_range(map, ..).take(MAX_CLUB_GAMES) {
            let id = item.key.as_ref();
            let ops = if item.conflict {
                ops_at(doc, map, id)
            } else {
                vec![item.id().to_string()]
            };
            out.entry(id.to_string()).or_default().extend(ops);
        }
    }
    if maps.len() > 1 {
        out.values_mut().for_each(|ops| ops.sort());
    }
    out
}

/// The ops holding key `id` of `map`, in a fixed order.
fn ops_at<D: ReadDoc>(doc: &D, map: &ObjId, id: &str) -> Vec<String> {
    let mut ops: Vec<String> = doc
        .get_all(map, id)
        .unwrap_or_default()
        .into_iter()
        .map(|(_, op)| op.to_string())
        .collect();
    ops.sort();
    ops
}

/// FNV-1a, 64 bits, over `parts` (each ended by a 0 byte).
pub(crate) fn fnv(parts: &[String]) -> u64 {
    parts
        .iter()
        .flat_map(|p| p.bytes().chain([0]))
        .fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
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
