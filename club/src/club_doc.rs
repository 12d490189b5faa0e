//! The club document: the club's name, the index of its games (each
//! game's id and the address of its document), its players and its
//! nights.
//!
//! ```text
//! ROOT {
//!   "doc": "chicken-scores/club", "layout": 1, "name": "Thursdays",
//!   "games":   { "<game id>": "automerge:<document id>" },
//!   "players": { "<name key>": "<name as written>" },
//!   "renamed": { "<old name key>": "<the name it became>" },
//!   "nights":  { "<night id>": "<night JSON>" },
//!   "list":    { "<game id>": "<its line on home>" },   (crate::listed)
//!   "archive": { "<block>": "automerge:<document id>" }, (crate::archive_doc)
//! }
//! ```
//!
//! `renamed` remembers a spelling merged into another (or a player
//! renamed): a phone that still has the old name in its list neither
//! brings it back to the club's nor keeps it in its own. A club made
//! before it has no such map: the first rename makes it (two phones doing
//! so at once make two, and both are read).
//!
//! Every member adds under keys of their own (a game's or a night's id, a
//! name's key), so additions from many phones merge side by side. Two
//! values under one key (the same game indexed twice, a night renamed on
//! two phones) are all kept and read ([`Club::conflicted`]).

use automerge::transaction::Transactable;
use automerge::{ObjId, ObjType, ReadDoc, ScalarValue, ScalarValueRef, Value, ValueRef, ROOT};

use super::limits::{
    MAX_CLUB_GAMES, MAX_CLUB_NAME, MAX_CLUB_NIGHTS, MAX_CLUB_PLAYERS, MAX_FIELD_BYTES,
};
use super::DocError;

/// What the `doc` field of a club document says.
pub const CLUB_DOC: &str = "chicken-scores/club";
/// The layout this release writes and reads.
pub const CLUB_LAYOUT: u64 = 1;

/// A club as read from its document, part by part: a damaged part is
/// left out and noted, never hiding the rest.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Club {
    /// Its name (`None` if damaged: the phone shows the name it knew).
    pub name: Option<String>,
    /// Each game's id and its document's address, by id.
    pub games: Vec<(String, String)>,
    /// The players' names, by key.
    pub players: Vec<String>,
    /// Names renamed (or merged into another) on some phone: the old
    /// name's key and the name it became.
    pub renamed: Vec<(String, String)>,
    /// Each night's id and its stored JSON, by id.
    pub nights: Vec<(String, String)>,
    /// Each game's line in the club's list ([`super::listed`]), by id.
    pub listed: Vec<(String, String)>,
    /// Entries of the list left out (not lines, or past the limit).
    pub list_left_out: usize,
    /// Each block's archive ([`super::archive_doc`]): block, address.
    pub archives: Vec<(String, String)>,
    /// Each listed game's line mark ([`super::listed::marks`]), by id.
    pub line_marks: std::collections::BTreeMap<String, u64>,
    /// Keys written with more than one value on different phones
    /// ("games/<id>", "players/<key>", "nights/<id>"): the first value is
    /// shown.
    pub conflicted: Vec<String>,
    /// What was left out, and why (a damaged name or list, a list past its
    /// limit, an entry this app does not write).
    pub notes: Vec<Note>,
}

impl Club {
    /// Whether the index of games could be read (an index a peer damaged
    /// names no game: the phone keeps syncing the games it holds).
    pub fn index_read(&self) -> bool {
        !self.notes.contains(&Note::Damaged(List::Games))
    }
}

/// One of the club's lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum List {
    /// The index of games.
    Games,
    /// The players' names.
    Players,
    /// The names renamed.
    Renamed,
    /// The nights.
    Nights,
}

impl List {
    /// Its key in the document.
    pub fn key(self) -> &'static str {
        match self {
            List::Games => "games",
            List::Players => "players",
            List::Renamed => "renamed",
            List::Nights => "nights",
        }
    }

    /// What it is called in a message.
    pub fn said(self) -> &'static str {
        match self {
            List::Games => "The club's index of games",
            List::Players => "The club's list of players",
            List::Renamed => "The club's list of renamed players",
            List::Nights => "The club's list of nights",
        }
    }

    /// What it holds, counted.
    fn things(self) -> &'static str {
        match self {
            List::Games => "games",
            List::Players => "names",
            List::Renamed => "renames",
            List::Nights => "nights",
        }
    }

    /// The most it is read to (a backup's limits).
    fn max(self) -> usize {
        match self {
            List::Games => MAX_CLUB_GAMES,
            List::Players | List::Renamed => MAX_CLUB_PLAYERS,
            List::Nights => MAX_CLUB_NIGHTS,
        }
    }
}

/// Something of the club left out as it was read.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Note {
    /// The name is not a text of at most 40 characters.
    NameDamaged,
    /// A list is not a map: read as empty.
    Damaged(List),
    /// A list holds `found` entries: the first `kept` (in key order) are.
    TooMany {
        /// Which list.
        list: List,
        /// How many it holds.
        found: usize,
        /// How many are read.
        kept: usize,
    },
    /// An entry of a list is not one this app writes (a number, a map, an
    /// overlong key or value): its key's first 40 characters.
    BadEntry {
        /// Which list.
        list: List,
        /// Its key, bounded.
        key: String,
    },
}

impl Note {
    /// What the club's page says of it.
    pub fn message(&self) -> String {
        match self {
            Note::NameDamaged => {
                "The club's name is damaged: this phone shows the name it knew.".into()
            }
            Note::Damaged(List::Games) => format!(
                "{} is damaged: the games on this phone go on syncing.",
                List::Games.said()
            ),
            Note::Damaged(list) => format!("{} is damaged: left out.", list.said()),
            Note::TooMany { list, found, kept } => format!(
                "{} has {} {}; the first {} are kept.",
                list.said(),
                grouped(*found),
                list.things(),
                grouped(*kept)
            ),
            Note::BadEntry { list, key } => format!(
                "{}: the entry \u{201c}{key}\u{201d} is not one this app writes: left out.",
                list.said()
            ),
        }
    }
}

/// `n` with its thousands grouped: 20,000 (the app's counts use it too).
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Writes a new club called `name` into an empty document.
pub fn create<T: Transactable>(doc: &mut T, name: &str) -> Result<(), DocError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_CLUB_NAME {
        return Err(DocError::Malformed("name"));
    }
    doc.put(ROOT, "doc", CLUB_DOC)?;
    doc.put(ROOT, "layout", CLUB_LAYOUT)?;
    doc.put(ROOT, "name", name)?;
    for map in ["games", "players", "renamed", "nights", super::listed::KEY] {
        doc.put_object(ROOT, map, ObjType::Map)?;
    }
    Ok(())
}

/// Adds game `id` (its document at `url`) to the index, unless it is there.
pub fn add_game<T: Transactable>(doc: &mut T, id: &str, url: &str) -> Result<bool, DocError> {
    let games = map(doc, "games")?;
    if doc.get(&games, id)?.is_some() {
        return Ok(false);
    }
    doc.put(&games, id, url)?;
    Ok(true)
}

/// The key a player's name is known by: the app's (`model::name_key`),
/// so "Ann" and " ann" are one player.
pub fn name_key(name: &str) -> String {
    name.trim().to_ascii_lowercase()
}

/// Adds `name` to the players, unless a name of the same key is there or
/// the name was renamed on some phone (a phone that had not heard of the
/// rename yet never brings the old spelling back).
pub fn add_player<T: Transactable>(doc: &mut T, name: &str) -> Result<bool, DocError> {
    let players = map(doc, "players")?;
    let key = name_key(name);
    if doc.get(&players, key.as_str())?.is_some() {
        return Ok(false);
    }
    for renamed in renamed_maps(doc)? {
        if doc.get(&renamed, key.as_str())?.is_some() {
            return Ok(false);
        }
    }
    doc.put(&players, key.as_str(), name)?;
    Ok(true)
}

/// Renames player `from` to `to` (a spelling merged into another): the
/// old name leaves the list and is remembered as renamed, the new one is
/// in the list once (and no longer renamed, if it was).
pub fn rename_player<T: Transactable>(doc: &mut T, from: &str, to: &str) -> Result<bool, DocError> {
    let players = map(doc, "players")?;
    let (old, new) = (name_key(from), name_key(to));
    if old != new {
        if doc.get(&players, old.as_str())?.is_some() {
            doc.delete(&players, old.as_str())?;
        }
        let mut maps = renamed_maps(doc)?;
        if maps.is_empty() {
            maps.push(doc.put_object(ROOT, "renamed", ObjType::Map)?);
        }
        for renamed in &maps {
            if doc.get(renamed, new.as_str())?.is_some() {
                doc.delete(renamed, new.as_str())?;
            }
        }
        if let Some(first) = maps.first() {
            doc.put(first, old.as_str(), to)?;
        }
    }
    doc.put(&players, new.as_str(), to)?;
    Ok(true)
}

/// Every `renamed` map (none in a club made before it; two if two phones
/// made it at once).
fn renamed_maps<D: ReadDoc>(doc: &D) -> Result<Vec<ObjId>, DocError> {
    Ok(doc
        .get_all(ROOT, "renamed")?
        .into_iter()
        .filter_map(|(v, id)| matches!(v, Value::Object(ObjType::Map)).then_some(id))
        .collect())
}

/// Writes night `id` (its stored JSON), unless it is already the same.
pub fn put_night<T: Transactable>(doc: &mut T, id: &str, json: &str) -> Result<bool, DocError> {
    let nights = map(doc, "nights")?;
    if let Some((Value::Scalar(s), _)) = doc.get(&nights, id)? {
        if matches!(s.as_ref(), ScalarValue::Str(t) if t.as_str() == json) {
            return Ok(false);
        }
    }
    doc.put(&nights, id, json)?;
    Ok(true)
}

/// Reads the club in `doc`, part by part: only a document that is not a
/// club (or of a newer layout) is refused; a damaged part is noted and the
/// rest read.
pub fn read<D: ReadDoc>(doc: &D) -> Result<Club, DocError> {
    match doc.get(ROOT, "doc")? {
        Some((Value::Scalar(s), _)) if matches!(s.as_ref(), ScalarValue::Str(t) if t.as_str() == CLUB_DOC) =>
            {}
        _ => return Err(DocError::NotOurs),
    }
    match doc.get(ROOT, "layout")? {
        Some((Value::Scalar(s), _)) => match s.as_ref() {
            ScalarValue::Uint(v) if *v > CLUB_LAYOUT => return Err(DocError::Newer(*v)),
            ScalarValue::Uint(_) => {}
            _ => return Err(DocError::Malformed("layout")),
        },
        _ => return Err(DocError::Malformed("layout")),
    }
    let name = match doc.get(ROOT, "name")? {
        Some((Value::Scalar(s), _)) => match s.as_ref() {
            ScalarValue::Str(t) if t.chars().count() <= MAX_CLUB_NAME => Some(t.to_string()),
            _ => None,
        },
        _ => None,
    };
    let mut club = Club {
        name,
        ..Club::default()
    };
    if club.name.is_none() {
        club.notes.push(Note::NameDamaged);
    }
    club.games = texts(doc, List::Games, &mut club)?;
    club.renamed = renames(doc, &mut club)?;
    // A name renamed on one phone while another added it (or a phone of
    // an older release did) is the name it became: left out here.
    let players = texts(doc, List::Players, &mut club)?;
    club.players = players
        .into_iter()
        .filter(|(key, _)| {
            club.renamed
                .binary_search_by(|(old, _)| old.cmp(key))
                .is_err()
        })
        .map(|(_, name)| name)
        .collect();
    club.nights = texts(doc, List::Nights, &mut club)?;
    (club.listed, club.list_left_out) = super::listed::read(doc)?;
    club.line_marks = super::listed::marks(doc)?;
    club.archives = super::archive_doc::archives(doc)?;
    Ok(club)
}

/// Every rename the club knows, by the old name's key (sorted): where two
/// phones renamed one name at once, the value Automerge shows (the one a
/// game's players show too). At most `MAX_CLUB_PLAYERS`: more are left
/// out and noted, never refusing the club. An entry that is not a name's
/// key with a name is left out and noted.
fn renames<D: ReadDoc>(doc: &D, club: &mut Club) -> Result<Vec<(String, String)>, DocError> {
    let list = List::Renamed;
    let mut out = std::collections::BTreeMap::new();
    let mut found = 0;
    for obj in renamed_maps(doc)? {
        found += doc.length(&obj);
        for k in doc.keys(&obj) {
            if out.len() >= list.max() {
                break;
            }
            if out.contains_key(&k) {
                continue;
            }
            let key_ok = !k.is_empty() && k.len() <= MAX_FIELD_BYTES && name_key(&k) == k;
            match doc.get(&obj, k.as_str())? {
                Some((Value::Scalar(v), _)) if key_ok => match v.as_ref() {
                    ScalarValue::Str(t) if !t.trim().is_empty() && t.len() <= MAX_FIELD_BYTES => {
                        out.insert(k, t.to_string());
                    }
                    _ => club.notes.push(bad_entry(list, &k)),
                },
                _ => club.notes.push(bad_entry(list, &k)),
            }
        }
    }
    if found > list.max() {
        club.notes.push(Note::TooMany {
            list,
            found,
            kept: list.max(),
        });
    }
    Ok(out.into_iter().collect())
}

fn bad_entry(list: List, k: &str) -> Note {
    Note::BadEntry {
        list,
        key: k.chars().take(40).collect(),
    }
}

fn map<D: ReadDoc>(doc: &D, key: &'static str) -> Result<ObjId, DocError> {
    match doc.get(ROOT, key)? {
        Some((Value::Object(ObjType::Map), id)) => Ok(id),
        _ => Err(DocError::Malformed(key)),
    }
}

/// The first `list.max()` keys of `list` (in key order) with their
/// (first) text values; a list that is not a map is noted as damaged and
/// read as empty, a longer one noted, an entry of another shape left out
/// and noted.
fn texts<D: ReadDoc>(
    doc: &D,
    list: List,
    club: &mut Club,
) -> Result<Vec<(String, String)>, DocError> {
    let Ok(obj) = map(doc, list.key()) else {
        club.notes.push(Note::Damaged(list));
        return Ok(Vec::new());
    };
    let found = doc.length(&obj);
    if found > list.max() {
        club.notes.push(Note::TooMany {
            list,
            found,
            kept: list.max(),
        });
    }
    let mut out = Vec::new();
    // One pass over the map (a read by key costs a seek each: a club of
    // 1,000 games spent seconds here); a key two phones wrote at once is
    // read by key, as before.
    for item in doc.map_range(&obj, ..).take(list.max()) {
        let k = item.key.as_ref();
        if k.is_empty() || k.len() > MAX_FIELD_BYTES {
            club.notes.push(bad_entry(list, k));
            continue;
        }
        if item.conflict {
            let k = k.to_string();
            let values = doc.get_all(&obj, k.as_str())?;
            club.conflicted.push(format!("{}/{k}", list.key()));
            match values.into_iter().next() {
                Some((Value::Scalar(s), _)) => match s.as_ref() {
                    ScalarValue::Str(t) if t.len() <= MAX_FIELD_BYTES => {
                        out.push((k, t.to_string()))
                    }
                    _ => club.notes.push(bad_entry(list, &k)),
                },
                Some(_) => club.notes.push(bad_entry(list, &k)),
                None => {}
            }
            continue;
        }
        match &item.value {
            ValueRef::Scalar(ScalarValueRef::Str(t)) if t.len() <= MAX_FIELD_BYTES => {
                out.push((k.to_string(), t.to_string()))
            }
            _ => club.notes.push(bad_entry(list, k)),
        }
    }
    Ok(out)
}
