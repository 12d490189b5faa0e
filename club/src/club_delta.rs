//! The club read again after a few changes: only the entries those
//! changes wrote are read into the last reading (issue 53: a hand saved on
//! a club of 5,000 games had the whole club read again, 0.5-1.2 s at 4x on
//! the phones of the table, for the one line the hand changed).
//!
//! Only what is sure to read as [`club_doc::read`] would: entries of the
//! index, the nights, the list and the touched counts, each map the only
//! one of its name, in a club read without a note, a conflict or a line
//! left out. Anything else (the name, the players, the archives, a map
//! made, a value two phones wrote at once, a list at its limit) says
//! "read it whole", and the caller does.

use std::collections::BTreeSet;

use automerge::legacy::{Key, ObjectId, OpId};
use automerge::{Automerge, ChangeHash, ObjId, ReadDoc, ScalarValue, Value, ROOT};

use crate::club_doc::{Club, List};
use crate::limits::{MAX_CLUB_GAMES, MAX_CLUB_NIGHTS, MAX_FIELD_BYTES, MAX_LINE_BYTES};
use crate::listed;

/// More changes or ops than this since the last reading: read whole (a
/// reading of the club costs about what this many keys read one by one).
const MAX_CHANGES: usize = 64;
const MAX_OPS: usize = 512;

/// The keys the changes since a reading wrote, by map.
#[derive(Debug, Default, PartialEq, Eq)]
struct Written {
    games: BTreeSet<String>,
    nights: BTreeSet<String>,
    /// Keys of the list or of the touched counts: their line and mark.
    lines: BTreeSet<String>,
}

/// The maps the changes may write into without a whole reading.
struct Maps {
    games: ObjId,
    nights: ObjId,
    list: Option<ObjId>,
    touched: Option<ObjId>,
}

/// `last`, read at `since`, brought up to `doc`'s heads by reading only
/// what was written since; `false` when it cannot be sure (then `last` may
/// be half brought up: read the club whole).
pub fn bring_up(doc: &Automerge, last: &mut Club, since: &[ChangeHash]) -> bool {
    let clean = last.notes.is_empty() && last.conflicted.is_empty() && last.list_left_out == 0;
    if !clean {
        return false;
    }
    let Some(maps) = maps(doc) else {
        return false;
    };
    let Some(written) = written_since(doc, since, &maps) else {
        return false;
    };
    texts_again(
        doc,
        &maps.games,
        List::Games,
        &written.games,
        &mut last.games,
    ) && texts_again(
        doc,
        &maps.nights,
        List::Nights,
        &written.nights,
        &mut last.nights,
    ) && lines_again(doc, maps.list.as_ref(), &written.lines, last)
}

/// The club's maps, each the only one of its name (`None` otherwise).
fn maps(doc: &Automerge) -> Option<Maps> {
    let only = |key: &str| -> Option<Option<ObjId>> {
        let mut all = listed::maps_of(doc, key).ok()?;
        let values = doc.get_all(ROOT, key).ok()?.len();
        match (all.len(), values) {
            (0, 0) => Some(None),
            (1, 1) => Some(all.pop()),
            _ => None,
        }
    };
    Some(Maps {
        games: only(List::Games.key())??,
        nights: only(List::Nights.key())??,
        list: only(listed::KEY)?,
        touched: only(listed::TOUCHED)?,
    })
}

/// Every key written since `since`, by map; `None` if a change wrote
/// anything else, or too much to be worth reading key by key.
fn written_since(doc: &Automerge, since: &[ChangeHash], maps: &Maps) -> Option<Written> {
    let changes = doc.get_changes(since);
    if changes.len() > MAX_CHANGES {
        return None;
    }
    let is = |map: Option<&ObjId>, op: &OpId| matches!(map, Some(ObjId::Id(counter, actor, _)) if *counter == op.0 && *actor == op.1);
    let mut written = Written::default();
    let mut ops = 0;
    for change in &changes {
        let expanded = automerge::ExpandedChange::from(change);
        ops += expanded.operations.len();
        if ops > MAX_OPS {
            return None;
        }
        for op in &expanded.operations {
            let (ObjectId::Id(obj), Key::Map(key)) = (&op.obj, &op.key) else {
                return None;
            };
            let key = key.to_string();
            if is(Some(&maps.games), obj) {
                written.games.insert(key);
            } else if is(Some(&maps.nights), obj) {
                written.nights.insert(key);
            } else if is(maps.list.as_ref(), obj) || is(maps.touched.as_ref(), obj) {
                written.lines.insert(key);
            } else {
                return None;
            }
        }
    }
    Some(written)
}

/// Reads `keys` of `map` into `entries` (sorted by key) as
/// `club_doc::read` reads a list of texts; `false` where it would note
/// something or pass the list's limit.
fn texts_again(
    doc: &Automerge,
    map: &ObjId,
    list: List,
    keys: &BTreeSet<String>,
    entries: &mut Vec<(String, String)>,
) -> bool {
    let max = match list {
        List::Games => MAX_CLUB_GAMES,
        List::Nights => MAX_CLUB_NIGHTS,
        List::Players | List::Renamed => return keys.is_empty(),
    };
    for key in keys {
        if key.is_empty() || key.len() > MAX_FIELD_BYTES {
            return false;
        }
        let Ok(values) = doc.get_all(map, key.as_str()) else {
            return false;
        };
        let value = match values.as_slice() {
            [] => None,
            [(Value::Scalar(s), _)] => match s.as_ref() {
                ScalarValue::Str(t) if t.len() <= MAX_FIELD_BYTES => Some(t.to_string()),
                _ => return false,
            },
            _ => return false,
        };
        if !put_sorted(entries, key, value, max) {
            return false;
        }
    }
    true
}

/// Reads the lines and marks of `keys` into `club` as `listed::read` and
/// `listed::marks` read them; `false` where a line would be left out.
fn lines_again(
    doc: &Automerge,
    list: Option<&ObjId>,
    keys: &BTreeSet<String>,
    club: &mut Club,
) -> bool {
    for key in keys {
        let line = match list.map(|l| doc.get(l, key.as_str())) {
            None | Some(Ok(None)) => None,
            Some(Ok(Some((Value::Scalar(s), _)))) => match s.as_ref() {
                ScalarValue::Str(t)
                    if !key.is_empty()
                        && key.len() <= MAX_LINE_BYTES
                        && t.len() <= MAX_LINE_BYTES =>
                {
                    Some(t.to_string())
                }
                _ => return false,
            },
            _ => return false,
        };
        if !put_sorted(&mut club.listed, key, line, MAX_CLUB_GAMES) {
            return false;
        }
        match listed::mark_of(doc, key) {
            Some(mark) => club.line_marks.insert(key.clone(), mark),
            None => club.line_marks.remove(key),
        };
    }
    true
}

/// Puts `value` under `key` in `entries` (sorted by key), or takes the key
/// out for `None`; `false` if that would pass `max` entries.
fn put_sorted(
    entries: &mut Vec<(String, String)>,
    key: &str,
    value: Option<String>,
    max: usize,
) -> bool {
    match (
        entries.binary_search_by(|(k, _)| k.as_str().cmp(key)),
        value,
    ) {
        (Ok(at), Some(value)) => entries[at].1 = value,
        (Ok(at), None) => {
            entries.remove(at);
        }
        (Err(at), Some(value)) => {
            if entries.len() >= max {
                return false;
            }
            entries.insert(at, (key.to_string(), value));
        }
        (Err(_), None) => {}
    }
    true
}
