//! The one owner of every localStorage key. Every failure is returned as a
//! value; nothing here panics.
//!
//! Keys:
//! - `chicken.index`: the [`Index`] of all games (a listing cache; it is
//!   rebuilt from the game keys if it is lost or unreadable);
//! - `chicken.game.<id>`: one [`GameRecord`](crate::model::GameRecord) each,
//!   so saving a round costs the same with 5 games or 5,000;
//! - `chicken.roster`: the saved player names;
//! - `chicken.theme`: "light", "dark" or absent (follow the system);
//! - `chicken.quarantine.<n>`: a stored value that could not be read, kept
//!   aside exactly as it was and never overwritten;
//! - `chicken.draft.<id>`: what is being entered in game `id` and not yet
//!   saved as an entry (the form's own JSON), so a reload loses nothing.
//!
//! The browser's localStorage is one [`Backend`]; [`MemoryBackend`] is the
//! other, for native tests and for browsers that refuse storage.

use std::cell::RefCell;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::model::{read_stored, Index, IndexEntry, Roster, SCHEMA_VERSION};

const INDEX_KEY: &str = "chicken.index";
const GAME_PREFIX: &str = "chicken.game.";
const ROSTER_KEY: &str = "chicken.roster";
const THEME_KEY: &str = "chicken.theme";
const QUARANTINE_PREFIX: &str = "chicken.quarantine.";
const DRAFT_PREFIX: &str = "chicken.draft.";

/// A storage failure, in words for the person holding the phone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A key-value store of strings (localStorage, or memory).
pub trait Backend {
    /// The value under `key`, if any.
    fn get(&self, key: &str) -> Result<Option<String>, StoreError>;
    /// Stores `value` under `key`.
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError>;
    /// Removes `key`.
    fn remove(&self, key: &str) -> Result<(), StoreError>;
    /// Every key.
    fn keys(&self) -> Result<Vec<String>, StoreError>;
}

/// An in-memory backend. `fail_writes` makes every write fail, to test how
/// failures are shown.
#[derive(Debug, Default)]
pub struct MemoryBackend {
    map: RefCell<BTreeMap<String, String>>,
    /// When true, `set` and `remove` fail as a full disk would.
    pub fail_writes: std::cell::Cell<bool>,
}

impl Backend for MemoryBackend {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self.map.borrow().get(key).cloned())
    }
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        if self.fail_writes.get() {
            return Err(StoreError("storage is full".into()));
        }
        self.map
            .borrow_mut()
            .insert(key.to_string(), value.to_string());
        Ok(())
    }
    fn remove(&self, key: &str) -> Result<(), StoreError> {
        if self.fail_writes.get() {
            return Err(StoreError("storage is full".into()));
        }
        self.map.borrow_mut().remove(key);
        Ok(())
    }
    fn keys(&self) -> Result<Vec<String>, StoreError> {
        Ok(self.map.borrow().keys().cloned().collect())
    }
}

/// The browser's localStorage, through gloo-storage.
#[cfg(target_arch = "wasm32")]
pub struct LocalBackend;

#[cfg(target_arch = "wasm32")]
impl LocalBackend {
    /// The browser's localStorage, if this browser lets the page use it
    /// (private modes and some settings refuse it).
    pub fn available() -> Option<LocalBackend> {
        let window = web_sys::window()?;
        window.local_storage().ok().flatten().map(|_| LocalBackend)
    }

    fn raw() -> web_sys::Storage {
        use gloo_storage::Storage;
        // panic-ok: only reached after `available()` saw localStorage.
        gloo_storage::LocalStorage::raw()
    }
}

#[cfg(target_arch = "wasm32")]
fn js_error(action: &str, e: wasm_bindgen::JsValue) -> StoreError {
    let name = js_sys::Reflect::get(&e, &"name".into())
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default();
    if name == "QuotaExceededError" {
        StoreError(format!(
            "{action}: the phone's storage for this app is full"
        ))
    } else {
        StoreError(format!("{action}: the browser refused ({name})"))
    }
}

#[cfg(target_arch = "wasm32")]
impl Backend for LocalBackend {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        Self::raw()
            .get_item(key)
            .map_err(|e| js_error("Could not read", e))
    }
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        Self::raw()
            .set_item(key, value)
            .map_err(|e| js_error("Could not save", e))
    }
    fn remove(&self, key: &str) -> Result<(), StoreError> {
        Self::raw()
            .remove_item(key)
            .map_err(|e| js_error("Could not remove", e))
    }
    fn keys(&self) -> Result<Vec<String>, StoreError> {
        let s = Self::raw();
        let n = s.length().map_err(|e| js_error("Could not list", e))?;
        Ok((0..n).filter_map(|i| s.key(i).ok().flatten()).collect())
    }
}

/// A stored value that could not be read, kept aside.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quarantined {
    /// The key it was kept under (`chicken.quarantine.<n>`).
    #[serde(skip)]
    pub key: String,
    /// The key it was found under.
    pub from: String,
    /// What it was, as far as the index knew ("Chickenfoot: Ann, Bob").
    pub label: String,
    /// Why it could not be read.
    pub reason: String,
    /// The stored text exactly as it was.
    pub raw: String,
}

/// The result of opening storage: the index and whatever had to be kept
/// aside or repaired on the way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opened {
    /// Every game, newest first.
    pub index: Vec<IndexEntry>,
    /// Problems found, as sentences to show.
    pub problems: Vec<String>,
}

/// The app's storage, over a backend.
pub struct Store<B: Backend> {
    backend: B,
}

/// The storage key of game `id`.
pub fn game_key(id: &str) -> String {
    format!("{GAME_PREFIX}{id}")
}

/// A one-line label for an index entry ("Chickenfoot: Ann, Bob").
pub fn label_of(entry: &IndexEntry) -> String {
    let kind = entry
        .kind
        .parse::<crate::rules::GameKind>()
        .map(|k| k.name().to_string())
        .unwrap_or_else(|_| entry.kind.clone());
    format!("{kind}: {}", entry.players.join(", "))
}

impl<B: Backend> Store<B> {
    /// Storage over `backend`.
    pub fn new(backend: B) -> Self {
        Store { backend }
    }

    /// The backend (for tests).
    pub fn backend(&self) -> &B {
        &self.backend
    }

    /// Reads the index. An unreadable index is kept aside and rebuilt from
    /// the game keys; game keys missing from the index are added back.
    pub fn open(&self) -> Opened {
        let mut problems = Vec::new();
        let mut index = match self.backend.get(INDEX_KEY) {
            Ok(None) => Vec::new(),
            Ok(Some(raw)) => match serde_json::from_str::<Index>(&raw) {
                Ok(ix) if ix.schema <= SCHEMA_VERSION => ix.games,
                Ok(ix) => {
                    problems.push(format!(
                        "The list of games was saved by a newer version of the app (schema {}); it is shown as far as this version can read it.",
                        ix.schema
                    ));
                    ix.games
                }
                Err(e) => {
                    match self.quarantine(INDEX_KEY, &raw, "The list of games", &e.to_string()) {
                        Ok(q) => problems.push(format!(
                            "The list of games could not be read; it was kept aside as {q} and rebuilt from the saved games."
                        )),
                        Err(err) => problems.push(format!(
                            "The list of games could not be read and could not be kept aside ({err})."
                        )),
                    }
                    Vec::new()
                }
            },
            Err(e) => {
                problems.push(format!("Saved games could not be read: {e}."));
                return Opened {
                    index: Vec::new(),
                    problems,
                };
            }
        };
        let before = index.clone();
        // Game keys the index does not know (a lost index, or a crash
        // between saving a game and saving the index) are added back.
        let keys = self.backend.keys().unwrap_or_default();
        for key in keys.iter().filter(|k| k.starts_with(GAME_PREFIX)) {
            let id = &key[GAME_PREFIX.len()..];
            if index.iter().any(|e| e.id == id) {
                continue;
            }
            let Ok(Some(raw)) = self.backend.get(key) else {
                continue;
            };
            match read_stored(&raw) {
                Ok(header) => index.push(IndexEntry {
                    id: header.id,
                    kind: header.kind,
                    players: header.players,
                    created_ms: header.created_ms,
                    updated_ms: 0,
                    finished: false,
                    summary: "Found again after the list of games was lost".into(),
                }),
                Err(reason) => {
                    let label = format!("A saved game ({id})");
                    problems.push(self.quarantine_message(key, &raw, &label, &reason));
                }
            }
        }
        // Index lines whose game key is gone are dropped.
        index.retain(|e| keys.iter().any(|k| *k == game_key(&e.id)));
        index.sort_by(|a, b| b.created_ms.cmp(&a.created_ms));
        if index != before {
            if let Err(e) = self.write_index(&index) {
                problems.push(format!(
                    "The repaired list of games could not be saved: {e}."
                ));
            }
        }
        Opened { index, problems }
    }

    fn write_index(&self, games: &[IndexEntry]) -> Result<(), StoreError> {
        let ix = Index {
            schema: SCHEMA_VERSION,
            games: games.to_vec(),
        };
        let text = serde_json::to_string(&ix).map_err(|e| StoreError(e.to_string()))?;
        self.backend.set(INDEX_KEY, &text)
    }

    /// Reads the index as stored (no repair), for saving.
    fn current_index(&self) -> Vec<IndexEntry> {
        self.backend
            .get(INDEX_KEY)
            .ok()
            .flatten()
            .and_then(|raw| serde_json::from_str::<Index>(&raw).ok())
            .map(|ix| ix.games)
            .unwrap_or_default()
    }

    /// Saves one game (its record as JSON) and its index line. The game is
    /// written first: if that fails nothing has changed.
    pub fn save_game<T: Serialize>(&self, record: &T, entry: IndexEntry) -> Result<(), StoreError> {
        let text = serde_json::to_string(record)
            .map_err(|e| StoreError(format!("Could not save: {e}")))?;
        self.backend.set(&game_key(&entry.id), &text)?;
        let mut games = self.current_index();
        match games.iter_mut().find(|e| e.id == entry.id) {
            Some(slot) => *slot = entry,
            None => games.insert(0, entry),
        }
        self.write_index(&games)
    }

    /// Reads game `id`: its checked header and its stored text. A game that cannot be
    /// read is kept aside and the reason returned.
    pub fn load_game(&self, id: &str) -> Result<(crate::model::RecordHeader, String), String> {
        let key = game_key(id);
        let raw = match self.backend.get(&key) {
            Ok(Some(raw)) => raw,
            Ok(None) => return Err("This game is not saved on this phone.".into()),
            Err(e) => return Err(e.to_string()),
        };
        match read_stored(&raw) {
            Ok(header) => Ok((header, raw)),
            Err(reason) => {
                let label = self.label_for(id);
                Err(self.quarantine_message(&key, &raw, &label, &reason))
            }
        }
    }

    /// Keeps game `id` aside because `reason` (it could be read as JSON but
    /// not as a game), and says so.
    pub fn set_aside_game(&self, id: &str, reason: &str) -> String {
        let key = game_key(id);
        let raw = self.backend.get(&key).ok().flatten().unwrap_or_default();
        let label = self.label_for(id);
        self.quarantine_message(&key, &raw, &label, reason)
    }

    fn label_for(&self, id: &str) -> String {
        self.current_index()
            .iter()
            .find(|e| e.id == id)
            .map(label_of)
            .unwrap_or_else(|| format!("A saved game ({id})"))
    }

    fn quarantine_message(&self, key: &str, raw: &str, label: &str, reason: &str) -> String {
        match self.quarantine(key, raw, label, reason) {
            Ok(q) => format!(
                "{label} could not be read ({reason}). It was kept aside as {q}; everything else is fine."
            ),
            Err(e) => format!("{label} could not be read ({reason}), and could not be kept aside: {e}."),
        }
    }

    /// Copies `raw` to a fresh quarantine key (never an existing one), then
    /// removes it from `key` and from the index. Returns the new key.
    pub fn quarantine(
        &self,
        key: &str,
        raw: &str,
        label: &str,
        reason: &str,
    ) -> Result<String, StoreError> {
        let keys = self.backend.keys()?;
        let mut n = keys
            .iter()
            .filter(|k| k.starts_with(QUARANTINE_PREFIX))
            .count()
            + 1;
        while keys.iter().any(|k| *k == format!("{QUARANTINE_PREFIX}{n}")) {
            n += 1;
        }
        let qkey = format!("{QUARANTINE_PREFIX}{n}");
        let q = Quarantined {
            key: qkey.clone(),
            from: key.to_string(),
            label: label.to_string(),
            reason: reason.to_string(),
            raw: raw.to_string(),
        };
        let text = serde_json::to_string(&q).map_err(|e| StoreError(e.to_string()))?;
        self.backend.set(&qkey, &text)?;
        self.backend.remove(key)?;
        if let Some(id) = key.strip_prefix(GAME_PREFIX) {
            let mut games = self.current_index();
            let before = games.len();
            games.retain(|e| e.id != id);
            if games.len() != before {
                self.write_index(&games)?;
            }
        }
        Ok(qkey)
    }

    /// Everything kept aside, oldest first.
    pub fn quarantined(&self) -> Vec<Quarantined> {
        let mut out: Vec<Quarantined> = self
            .backend
            .keys()
            .unwrap_or_default()
            .into_iter()
            .filter(|k| k.starts_with(QUARANTINE_PREFIX))
            .filter_map(|k| {
                let raw = self.backend.get(&k).ok().flatten()?;
                let q = serde_json::from_str::<Quarantined>(&raw).unwrap_or(Quarantined {
                    key: String::new(),
                    from: "?".into(),
                    label: "Something".into(),
                    reason: "unknown".into(),
                    raw,
                });
                Some(Quarantined { key: k, ..q })
            })
            .collect();
        out.sort_by_key(|q| {
            q.key[QUARANTINE_PREFIX.len()..]
                .parse::<u64>()
                .unwrap_or(u64::MAX)
        });
        out
    }

    /// Deletes a kept-aside value for good (the person chose to).
    pub fn discard_quarantined(&self, key: &str) -> Result<(), StoreError> {
        if !key.starts_with(QUARANTINE_PREFIX) {
            return Err(StoreError("That is not a kept-aside value.".into()));
        }
        self.backend.remove(key)
    }

    /// The unsaved entry being typed in game `id`, if any.
    pub fn draft(&self, id: &str) -> Option<String> {
        self.backend
            .get(&format!("{DRAFT_PREFIX}{id}"))
            .ok()
            .flatten()
    }

    /// Keeps (or with `None` forgets) the unsaved entry of game `id`.
    pub fn save_draft(&self, id: &str, text: Option<&str>) -> Result<(), StoreError> {
        let key = format!("{DRAFT_PREFIX}{id}");
        match text {
            Some(t) => self.backend.set(&key, t),
            None => self.backend.remove(&key),
        }
    }

    /// Deletes game `id` and its index line.
    pub fn delete_game(&self, id: &str) -> Result<(), StoreError> {
        self.backend.remove(&game_key(id))?;
        self.save_draft(id, None)?;
        let mut games = self.current_index();
        games.retain(|e| e.id != id);
        self.write_index(&games)
    }

    /// The saved roster (empty if none or unreadable).
    pub fn roster(&self) -> Roster {
        self.backend
            .get(ROSTER_KEY)
            .ok()
            .flatten()
            .and_then(|raw| serde_json::from_str::<Roster>(&raw).ok())
            .unwrap_or_default()
    }

    /// Saves the roster.
    pub fn save_roster(&self, roster: &Roster) -> Result<(), StoreError> {
        let text = serde_json::to_string(roster).map_err(|e| StoreError(e.to_string()))?;
        self.backend.set(ROSTER_KEY, &text)
    }

    /// The chosen theme ("light" or "dark"), or `None` to follow the system.
    pub fn theme(&self) -> Option<String> {
        self.backend
            .get(THEME_KEY)
            .ok()
            .flatten()
            .filter(|t| t == "light" || t == "dark")
    }

    /// Saves the theme choice; `None` follows the system again.
    pub fn save_theme(&self, theme: Option<&str>) -> Result<(), StoreError> {
        match theme {
            Some(t) => self.backend.set(THEME_KEY, t),
            None => self.backend.remove(THEME_KEY),
        }
    }
}
