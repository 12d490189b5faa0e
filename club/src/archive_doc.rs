//! The club's archive (issue 53): finished games, each as the app holds
//! it, in a few documents, so a phone that joins a club of years takes
//! every finished game from them (a sync each) instead of syncing every
//! game's own document (a sync each of thousands).
//!
//! ```text
//! club ROOT    { ..., "archive": { "b07": "automerge:<archive document>" } }
//! archive ROOT { "doc": "chicken-scores/archive", "layout": 1, "block": "b07",
//!                "games": { "<game id>": "<mark>\n<heads>\n<record JSON>" } }
//! ```
//!
//! A game belongs to one of [`BLOCKS`] blocks by a hash of its id (fixed:
//! every phone and release puts it in the same one). Its entry is written
//! by a phone once the game is settled there ([`crate::kept`]): the record
//! the app holds, the heads of the game's document it was read at, and the
//! mark of the club's line of it then ([`crate::listed::marks`]). A phone
//! joining takes an entry only while the club's line still has that mark
//! (any change to a finished game, on any phone, moves it), and then
//! leaves the game's own document at rest; any other game, an entry that
//! cannot be read, or a block with no archive yet, is synced from its own
//! document as before. The archive is never the game: the game's document
//! stays the unit of change, and an entry is only a copy of it at known
//! heads, checked as an import by the app.

use automerge::transaction::Transactable;
use automerge::{ObjId, ObjType, ReadDoc, ScalarValue, ScalarValueRef, Value, ValueRef, ROOT};

use super::limits::{MAX_ARCHIVED_BYTES, MAX_CLUB_GAMES, MAX_FIELD_BYTES};
use super::listed::{fnv, maps_of};
use super::DocError;

/// What the `doc` field of an archive document says.
pub const ARCHIVE_DOC: &str = "chicken-scores/archive";
/// The layout this release writes and reads.
pub const ARCHIVE_LAYOUT: u64 = 1;
/// The key of the club's map of archives.
pub const KEY: &str = "archive";
/// Blocks a club's finished games are archived in (never changed: a
/// game's block is a hash of its id modulo this).
pub const BLOCKS: u64 = 32;

/// A finished game as archived.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The mark of the club's line of it when it was archived.
    pub mark: u64,
    /// The heads of its document the record was read at
    /// ([`crate::kept::heads_of`]'s form).
    pub heads: String,
    /// The game's record (the app's stored JSON).
    pub record: String,
}

impl Entry {
    /// The entry as written in the archive.
    pub fn text(&self) -> String {
        format!("{}\n{}\n{}", self.mark, self.heads, self.record)
    }

    /// An entry as written ([`Entry::text`]), if it is one: a mark, heads
    /// of hex hashes, a record of at most [`MAX_ARCHIVED_BYTES`].
    pub fn parse(text: &str) -> Option<Entry> {
        if text.len() > MAX_ARCHIVED_BYTES {
            return None;
        }
        let mut parts = text.splitn(3, '\n');
        let mark = parts.next()?.parse().ok()?;
        let heads = parts.next()?;
        let record = parts.next()?;
        let hash_ok = |h: &str| h.len() == 64 && h.bytes().all(|b| b.is_ascii_hexdigit());
        if heads.len() > MAX_FIELD_BYTES || !heads.split(',').all(hash_ok) || record.is_empty() {
            return None;
        }
        Some(Entry {
            mark,
            heads: heads.to_string(),
            record: record.to_string(),
        })
    }
}

/// The block game `id` is archived in: "b00" to "b31".
pub fn block_of(id: &str) -> String {
    format!("b{:02}", fnv(&[id.to_string()]) % BLOCKS)
}

/// Whether `key` names a block ([`block_of`]'s form).
pub fn is_block(key: &str) -> bool {
    key.len() == 3 && key.starts_with('b') && key[1..].parse::<u64>().is_ok_and(|n| n < BLOCKS)
}

/// Writes a new, empty archive of block `block` into an empty document.
pub fn create<T: Transactable>(doc: &mut T, block: &str) -> Result<(), DocError> {
    doc.put(ROOT, "doc", ARCHIVE_DOC)?;
    doc.put(ROOT, "layout", ARCHIVE_LAYOUT)?;
    doc.put(ROOT, "block", block)?;
    doc.put_object(ROOT, "games", ObjType::Map)?;
    Ok(())
}

/// The block an archive document is of, if it is one this app reads.
pub fn block_in<D: ReadDoc>(doc: &D) -> Option<String> {
    let text = |key: &str| match doc.get(ROOT, key).ok().flatten() {
        Some((Value::Scalar(s), _)) => match s.as_ref() {
            ScalarValue::Str(t) => Some(t.to_string()),
            _ => None,
        },
        _ => None,
    };
    if text("doc").as_deref() != Some(ARCHIVE_DOC) {
        return None;
    }
    match doc.get(ROOT, "layout").ok().flatten() {
        Some((Value::Scalar(s), _)) if matches!(s.as_ref(), ScalarValue::Uint(v) if *v <= ARCHIVE_LAYOUT) =>
            {}
        _ => return None,
    }
    text("block").filter(|b| is_block(b))
}

/// Writes each game's entry (`(id, entry)`) unless it is already the
/// same. Returns how many were written.
pub fn put<T: Transactable>(doc: &mut T, entries: &[(String, Entry)]) -> Result<usize, DocError> {
    let games = match doc.get(ROOT, "games")? {
        Some((Value::Object(ObjType::Map), id)) => id,
        _ => return Err(DocError::Malformed("games")),
    };
    let mut written = 0;
    for (id, entry) in entries {
        let text = entry.text();
        if id.is_empty() || id.len() > MAX_FIELD_BYTES || text.len() > MAX_ARCHIVED_BYTES {
            continue;
        }
        if let Some((Value::Scalar(s), _)) = doc.get(&games, id.as_str())? {
            if matches!(s.as_ref(), ScalarValue::Str(t) if t.as_str() == text) {
                continue;
            }
        }
        doc.put(&games, id.as_str(), text)?;
        written += 1;
    }
    Ok(written)
}

/// The entries of the games `wanted` asks for (by id), in one pass over
/// the archive, at most [`MAX_CLUB_GAMES`] entries looked at; an entry
/// that cannot be read, or two phones wrote at once, is left out (its
/// game is synced from its own document).
pub fn read<D: ReadDoc>(doc: &D, wanted: impl Fn(&str) -> bool) -> Vec<(String, Entry)> {
    let Some((Value::Object(ObjType::Map), games)) = doc.get(ROOT, "games").ok().flatten() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for item in doc.map_range(&games, ..).take(MAX_CLUB_GAMES) {
        let id = item.key.as_ref();
        if item.conflict || !wanted(id) {
            continue;
        }
        if let ValueRef::Scalar(ScalarValueRef::Str(t)) = &item.value {
            if let Some(entry) = Entry::parse(t) {
                out.push((id.to_string(), entry));
            }
        }
    }
    out
}

/// Every block's archive the club names: (block, address), by block; a
/// key that is not a block, or a value that is not text, is left out.
pub fn archives<D: ReadDoc>(doc: &D) -> Result<Vec<(String, String)>, DocError> {
    let mut out = std::collections::BTreeMap::new();
    for map in maps_of(doc, KEY)? {
        for item in doc.map_range(&map, ..).take(BLOCKS as usize) {
            let block = item.key.as_ref();
            if !is_block(block) || out.contains_key(block) {
                continue;
            }
            if let ValueRef::Scalar(ScalarValueRef::Str(t)) = &item.value {
                if t.len() <= MAX_FIELD_BYTES {
                    out.insert(block.to_string(), t.to_string());
                }
            }
        }
    }
    Ok(out.into_iter().collect())
}

/// Names `url` as block `block`'s archive in the club, unless it names
/// one already; makes the map in a club made before it.
pub fn name_archive<T: Transactable>(
    doc: &mut T,
    block: &str,
    url: &str,
) -> Result<bool, DocError> {
    let map: ObjId = match maps_of(doc, KEY)?.into_iter().next() {
        Some(map) => map,
        None => doc.put_object(ROOT, KEY, ObjType::Map)?,
    };
    if doc.get(&map, block)?.is_some() {
        return Ok(false);
    }
    doc.put(&map, block, url)?;
    Ok(true)
}
