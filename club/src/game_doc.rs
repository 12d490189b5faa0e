//! One game as an Automerge document, and back.
//!
//! ```text
//! ROOT {
//!   "doc": "chicken-scores/game", "layout": 1,
//!   "schema": 3, "id", "kind", "rules_version", "created_ms",
//!   "players": "<JSON list>", "settings": "<JSON>",     fixed at creation
//!   "log": { "0000": "<entry JSON>", "0001": ..., }     one key per entry
//! }
//! ```
//!
//! Each entry is one text, so two phones that record or correct the same
//! hand at once leave two values under one key: Automerge keeps both
//! ([`DocGame::conflicts`]) and the table picks. A change is written as an
//! edit (the keys the save changed, never the whole log), so a conflict
//! stays until somebody answers it.

use automerge::transaction::Transactable;
use automerge::{
    Automerge, AutomergeError, ChangeHash, ObjId, ObjType, PatchLog, ReadDoc, ScalarValue, Value,
    ROOT,
};
use serde::Deserialize;
use serde_json::value::RawValue;

use super::limits::{MAX_ENTRIES, MAX_ENTRY_BYTES, MAX_FIELD_BYTES};
use super::DocError;

/// What the `doc` field of a game document says.
pub const GAME_DOC: &str = "chicken-scores/game";
/// The layout this release writes and reads.
pub const GAME_LAYOUT: u64 = 1;

/// A stored game record, its entries kept as the texts they are.
#[derive(Deserialize)]
struct RecordParts<'a> {
    schema: u32,
    id: String,
    kind: String,
    rules_version: u32,
    created_ms: i64,
    #[serde(borrow)]
    players: &'a RawValue,
    #[serde(borrow)]
    settings: &'a RawValue,
    #[serde(borrow)]
    log: Vec<&'a RawValue>,
}

/// Two or more values recorded for one entry on different phones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The entry's place in the log (0 is the first).
    pub index: usize,
    /// Every value, the one the document shows first.
    pub values: Vec<String>,
}

/// A game read from its document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocGame {
    /// The game as a stored record (revision 0: the phone's store gives
    /// it its own), to be checked like an import before it is kept.
    pub record: String,
    /// Entries with more than one value.
    pub conflicts: Vec<Conflict>,
    /// Entries after a gap in the log (a hand recorded on one phone after
    /// the hand before it was undone on another), by place.
    pub stray: Vec<(usize, String)>,
}

/// The key of entry `index`: sorted as text in the log's order.
pub fn entry_key(index: usize) -> String {
    format!("{index:04}")
}

fn entry_index(key: &str) -> Option<usize> {
    if key.len() != 4 || !key.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    key.parse().ok().filter(|i| *i < MAX_ENTRIES)
}

/// Writes the new game `record` (a stored record's JSON) into an empty
/// document.
pub fn create<T: Transactable>(doc: &mut T, record: &str) -> Result<(), DocError> {
    let parts: RecordParts =
        serde_json::from_str(record).map_err(|_| DocError::Malformed("record"))?;
    if parts.log.len() > MAX_ENTRIES {
        return Err(DocError::TooBig);
    }
    doc.put(ROOT, "doc", GAME_DOC)?;
    doc.put(ROOT, "layout", GAME_LAYOUT)?;
    doc.put(ROOT, "schema", u64::from(parts.schema))?;
    doc.put(ROOT, "id", parts.id.as_str())?;
    doc.put(ROOT, "kind", parts.kind.as_str())?;
    doc.put(ROOT, "rules_version", u64::from(parts.rules_version))?;
    doc.put(ROOT, "created_ms", parts.created_ms)?;
    doc.put(ROOT, "players", parts.players.get())?;
    doc.put(ROOT, "settings", parts.settings.get())?;
    let log = doc.put_object(ROOT, "log", ObjType::Map)?;
    for (i, entry) in parts.log.iter().enumerate() {
        doc.put(&log, entry_key(i), entry.get())?;
    }
    super::round_doc::create(doc)
}

/// Writes the edit from the log `before` to the log of `record` (both a
/// stored record's JSON): only the entries that changed, so an entry
/// nobody touched keeps every value it has.
pub fn apply_edit<T: Transactable>(
    doc: &mut T,
    before: &str,
    record: &str,
) -> Result<usize, DocError> {
    let old = parts(before)?;
    let (new, log) = edit_of(doc, record)?;
    let mut written = 0;
    // A player renamed (or two spellings merged) on this phone.
    if old.players.get() != new.players.get() && new.players.get().len() <= MAX_FIELD_BYTES {
        doc.put(ROOT, "players", new.players.get())?;
        written += 1;
    }
    for (i, entry) in new.log.iter().enumerate() {
        if old.log.get(i).map(|e| e.get()) != Some(entry.get()) {
            doc.put(&log, entry_key(i), entry.get())?;
            written += 1;
        }
    }
    for i in new.log.len()..old.log.len() {
        doc.delete(&log, entry_key(i))?;
        written += 1;
    }
    Ok(written)
}

/// Adds the entries of `record` beyond the document's log, changing none
/// the document has (a copy whose base is unknown: the document's values
/// stand, and the table sees any difference as a correction to make).
pub fn append_missing<T: Transactable>(doc: &mut T, record: &str) -> Result<usize, DocError> {
    let (new, log) = edit_of(doc, record)?;
    let mut written = 0;
    for (i, entry) in new.log.iter().enumerate() {
        if doc.get(&log, entry_key(i))?.is_none() {
            doc.put(&log, entry_key(i), entry.get())?;
            written += 1;
        }
    }
    Ok(written)
}

fn parts(record: &str) -> Result<RecordParts<'_>, DocError> {
    serde_json::from_str(record).map_err(|_| DocError::Malformed("record"))
}

/// The record an edit writes (within the limits) and the log it writes in.
fn edit_of<'r, D: ReadDoc>(doc: &D, record: &'r str) -> Result<(RecordParts<'r>, ObjId), DocError> {
    let new = parts(record)?;
    if new.log.len() > MAX_ENTRIES {
        return Err(DocError::TooBig);
    }
    Ok((new, log_of(doc)?))
}

/// The document's log.
fn log_of<D: ReadDoc>(doc: &D) -> Result<ObjId, DocError> {
    match doc.get(ROOT, "log")? {
        Some((Value::Object(ObjType::Map), id)) => Ok(id),
        _ => Err(DocError::Malformed("log")),
    }
}

/// Settles the conflict at entry `index` with `value` (one of its values):
/// in a transaction made at the heads the table was asked from, so a value
/// written meanwhile on another phone is not answered unseen.
pub fn settle<T: Transactable>(doc: &mut T, index: usize, value: &str) -> Result<(), DocError> {
    let log = log_of(doc)?;
    // Every value goes, then the one that stands is written anew: a put of
    // the value that already shows first would be turned by Automerge into
    // a delete of the others, which did not always reach the other phones
    // through the sync server (seen in tests/browser/club.test.mjs).
    doc.delete(&log, entry_key(index))?;
    doc.put(&log, entry_key(index), value)?;
    Ok(())
}

/// Writes `value` as entry `index` beside the value(s) the document holds
/// there (made at the heads before those were written, so Automerge keeps
/// both and the table is asked); as the entry itself where it has none.
/// Nothing when `value` is already one of them.
pub fn put_rival(doc: &mut Automerge, index: usize, value: &str) -> Result<(), DocError> {
    let log = log_of(doc)?;
    let key = entry_key(index);
    let mut parents: Vec<ChangeHash> = Vec::new();
    for (held, op) in doc.get_all(&log, key.as_str())? {
        if entry_text(held).ok().as_deref() == Some(value) {
            return Ok(());
        }
        let change = doc
            .hash_for_opid(&op)
            .and_then(|h| doc.get_change_by_hash(&h));
        for dep in change.iter().flat_map(|c| c.deps().to_vec()) {
            if !parents.contains(&dep) {
                parents.push(dep);
            }
        }
    }
    let mut tx = if parents.is_empty() {
        doc.transaction()
    } else {
        doc.transaction_at(PatchLog::inactive(), &parents)
            .map_err(|_| DocError::Malformed("document"))?
    };
    tx.put(&log, key, value)?;
    tx.commit();
    Ok(())
}

/// Reads the game in `doc`, checked for shape and size (its rules are
/// checked by the app, as an import's are).
pub fn read<D: ReadDoc>(doc: &D) -> Result<DocGame, DocError> {
    if text(doc, &ROOT, "doc").ok().as_deref() != Some(GAME_DOC) {
        return Err(DocError::NotOurs);
    }
    let layout = uint(doc, &ROOT, "layout")?;
    if layout > GAME_LAYOUT {
        return Err(DocError::Newer(layout));
    }
    // A record of a newer schema is refused by the app's import check, as
    // any stored record of a newer schema is.
    let schema = uint(doc, &ROOT, "schema")?;
    let id = text(doc, &ROOT, "id")?;
    let kind = text(doc, &ROOT, "kind")?;
    let rules_version = uint(doc, &ROOT, "rules_version")?;
    let created_ms = int(doc, &ROOT, "created_ms")?;
    let players = json(doc, &ROOT, "players")?;
    let settings = json(doc, &ROOT, "settings")?;
    let log = log_of(doc)?;
    if doc.length(&log) > MAX_ENTRIES {
        return Err(DocError::TooBig);
    }
    let mut entries: Vec<(usize, Vec<String>)> = Vec::new();
    for key in doc.keys(&log) {
        let index = entry_index(&key).ok_or(DocError::Malformed("log"))?;
        let mut values = Vec::new();
        for (value, _) in doc.get_all(&log, key.as_str())? {
            // Two phones that saved the same shared round at once wrote
            // one value twice: it is one value, nothing to ask.
            let text = entry_text(value)?;
            if !values.contains(&text) {
                values.push(text);
            }
        }
        if !values.is_empty() {
            entries.push((index, values));
        }
    }
    entries.sort_by_key(|(i, _)| *i);
    let mut log_texts = Vec::new();
    let mut conflicts = Vec::new();
    let mut stray = Vec::new();
    for (index, mut values) in entries {
        if index == log_texts.len() {
            if values.len() > 1 {
                conflicts.push(Conflict {
                    index,
                    values: values.clone(),
                });
            }
            log_texts.push(values.swap_remove(0));
        } else {
            stray.push((index, values.swap_remove(0)));
        }
    }
    let record = format!(
        "{{\"schema\":{schema},\"id\":{},\"rev\":0,\"kind\":{},\"rules_version\":{rules_version},\"created_ms\":{created_ms},\"players\":{players},\"settings\":{settings},\"log\":[{}]}}",
        quoted(&id),
        quoted(&kind),
        log_texts.join(",")
    );
    Ok(DocGame {
        record,
        conflicts,
        stray,
    })
}

fn quoted(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into())
}

fn scalar<D: ReadDoc>(doc: &D, obj: &ObjId, key: &'static str) -> Result<ScalarValue, DocError> {
    match doc.get(obj, key)? {
        Some((Value::Scalar(s), _)) => Ok(s.into_owned()),
        _ => Err(DocError::Malformed(key)),
    }
}

fn text<D: ReadDoc>(doc: &D, obj: &ObjId, key: &'static str) -> Result<String, DocError> {
    match scalar(doc, obj, key)? {
        ScalarValue::Str(s) if s.len() <= MAX_FIELD_BYTES => Ok(s.to_string()),
        _ => Err(DocError::Malformed(key)),
    }
}

fn uint<D: ReadDoc>(doc: &D, obj: &ObjId, key: &'static str) -> Result<u64, DocError> {
    match scalar(doc, obj, key)? {
        ScalarValue::Uint(n) => Ok(n),
        ScalarValue::Int(n) if n >= 0 => Ok(n as u64),
        _ => Err(DocError::Malformed(key)),
    }
}

fn int<D: ReadDoc>(doc: &D, obj: &ObjId, key: &'static str) -> Result<i64, DocError> {
    match scalar(doc, obj, key)? {
        ScalarValue::Int(n) => Ok(n),
        ScalarValue::Uint(n) => i64::try_from(n).map_err(|_| DocError::Malformed(key)),
        _ => Err(DocError::Malformed(key)),
    }
}

/// A field holding JSON: parsed once, so the record built around it is
/// well formed.
fn json<D: ReadDoc>(doc: &D, obj: &ObjId, key: &'static str) -> Result<String, DocError> {
    let s = text(doc, obj, key)?;
    serde_json::from_str::<&RawValue>(&s).map_err(|_| DocError::Malformed(key))?;
    Ok(s)
}

fn entry_text(value: Value<'_>) -> Result<String, DocError> {
    match value {
        Value::Scalar(s) => match s.as_ref() {
            ScalarValue::Str(t) if t.len() <= MAX_ENTRY_BYTES => {
                serde_json::from_str::<&RawValue>(t).map_err(|_| DocError::Malformed("entry"))?;
                Ok(t.to_string())
            }
            ScalarValue::Str(_) => Err(DocError::TooBig),
            _ => Err(DocError::Malformed("entry")),
        },
        _ => Err(DocError::Malformed("entry")),
    }
}

impl From<AutomergeError> for DocError {
    fn from(_: AutomergeError) -> Self {
        DocError::Malformed("document")
    }
}
