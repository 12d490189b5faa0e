//! The one owner of every stored value. The app asks it for what a screen
//! shows and hands it what to save; every failure comes back as a value and
//! nothing here panics.
//!
//! Values live in a [`Backend`]: IndexedDB in the browser ([`idb`]), memory
//! in native tests. Its areas:
//! - `games/<id>`: a [`GameRecord`] (JSON), written only under its own id
//!   and only over the revision the save was based on;
//! - `summaries/<id>`: its [`Summary`], written in the same transaction as
//!   the record and indexed by (finished, update time), so a start reads
//!   only the games in progress and a count, never every record;
//! - `drafts/<id>`: a game's [`Draft`];
//! - `meta/roster`, `meta/migrated`, `meta/aside.next`;
//! - `aside/<n>`: a value that could not be read, kept exactly as found and
//!   never overwritten ([`KeptAside`]);
//! - `nights/<id>`: a game night ([`crate::model::Night`]; `nights`).
//!
//! Players are renamed, merged and removed across every game, summary and
//! the roster in one transaction (`players`).
//!
//! A value written by a newer version of the app is left exactly as it is:
//! no save overwrites it, and the app says it needs updating. The theme is
//! the one value kept in localStorage ([`theme`]). The localStorage
//! release's values are moved here once ([`legacy`]).

mod aside;
mod backend;
pub mod backup;
mod check;
pub mod idb;
pub mod legacy;
pub mod membership;
mod nights;
pub mod pending;
mod players;
pub mod synced;
pub mod theme;
mod values;
pub mod wake;

pub use aside::KeptAside;
use aside::{aside_writes, newer_message};
pub use backend::{
    block_on, Area, Backend, Decide, MemoryBackend, Order, ReadError, Scope, StoreError, Write,
};
pub use check::{bounded, check, Checked};
pub use players::{check_player_name, renamed, PlayerError};

use crate::model::{GameRecord, RecordHeader, Summary, SCHEMA_VERSION};
use crate::rules::{GameKind, Rules};

/// The roster's key in the meta area.
const ROSTER: &str = "roster";
/// The kept-aside counter's key in the meta area.
const ASIDE_NEXT: &str = "aside.next";

/// Why a save wrote nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// Another tab or screen saved this game since it was read.
    Conflict,
    /// The game is no longer stored (deleted on another tab or screen).
    Gone,
    /// A newer version of the app wrote what is stored.
    Newer,
    /// Storage failed.
    Failed(StoreError),
}

impl SaveError {
    /// The message for the person holding the phone. Nothing was written
    /// in every case, and each message says so.
    pub fn message(&self) -> String {
        match self {
            SaveError::Conflict => "Not saved: another tab or screen changed this game. It now shows what is saved; what you typed is still here, so check it and save again.".into(),
            SaveError::Gone => "Not saved: this game was deleted on another tab or screen.".into(),
            SaveError::Newer => "Not saved: a newer version of the app saved this, and this version must not overwrite it. Reload the page to update the app.".into(),
            SaveError::Failed(StoreError::Full) => full_message(),
            SaveError::Failed(e) => format!("Not saved: {e}. Nothing was changed; try again."),
        }
    }
}

impl From<StoreError> for SaveError {
    fn from(e: StoreError) -> Self {
        SaveError::Failed(e)
    }
}

impl ReadError {
    /// The sentence for a game that could not be opened.
    pub fn game_message(&self) -> String {
        match self {
            ReadError::Missing => {
                "This game is not saved on this phone (it may have been deleted).".into()
            }
            ReadError::Newer(schema) => newer_message("This game", *schema),
            ReadError::Corrupt(what) => what.clone(),
            ReadError::Failed(e) => format!("This game could not be read: {e}."),
        }
    }

    /// The sentence for a game's draft that could not be used.
    pub fn draft_message(&self) -> String {
        match self {
            ReadError::Missing => String::new(),
            ReadError::Newer(schema) => format!(
                "{} What you type now is kept only until the page is closed.",
                newer_message("What was being typed in this game", *schema)
            ),
            ReadError::Corrupt(what) => what.clone(),
            ReadError::Failed(e) => format!("What was being typed could not be read: {e}."),
        }
    }
}

/// What to do when storage is full.
/// The browser's localStorage, unless the page may not use it (or there
/// is no browser: native tests).
pub fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub fn full_message() -> String {
    "Not saved: the phone's storage for this app is full. Nothing was changed. Delete finished games you no longer need (Finished games, open one, Delete game); to keep a copy first, use About, Back up or move.".into()
}

/// What a start shows: the games in progress, how many are finished, what
/// was kept aside, and problems found on the way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opened {
    /// Games in progress, most recently saved first.
    pub in_progress: Vec<Summary>,
    /// How many games are finished.
    pub finished: usize,
    /// Problems found, as sentences to show.
    pub problems: Vec<String>,
}

/// A game as read: its checked header and its text, for the game's own
/// rules to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    /// The checked header.
    pub header: RecordHeader,
    /// The stored text.
    pub text: String,
}

/// A deleted game, held so Undo can put it back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deleted {
    /// The game's id.
    pub id: String,
    /// The record's text.
    pub record: String,
    /// Its summary's text and order.
    pub summary: Option<(String, Order)>,
    /// Its draft's text.
    pub draft: Option<String>,
}

/// A one-line label for a summary ("Chickenfoot: Ann, Bob").
pub fn label_of(s: &Summary) -> String {
    let kind = s
        .kind
        .parse::<GameKind>()
        .map(|k| k.name().to_string())
        .unwrap_or_else(|_| bounded(&s.kind, 24));
    format!("{kind}: {}", bounded(&s.players.join(", "), 80))
}

/// Where a summary sorts.
pub fn order_of(s: &Summary) -> Order {
    Order {
        finished: s.finished,
        updated_ms: s.updated_ms,
    }
}

/// The app's storage over a backend, with a clock for the times it records.
pub struct Store<B: Backend> {
    backend: B,
    clock: fn() -> i64,
}

impl<B: Backend> Store<B> {
    /// Storage over `backend`; `clock` gives ms since the epoch.
    pub fn new(backend: B, clock: fn() -> i64) -> Self {
        Store { backend, clock }
    }

    /// The backend (for tests).
    pub fn backend(&self) -> &B {
        &self.backend
    }

    /// What the home screen shows: the games in progress and the number of
    /// finished ones. Reads the in-progress summaries only (never every
    /// record); an unreadable summary is kept aside and rebuilt from its
    /// record's header.
    pub async fn open(&self) -> Opened {
        let mut opened = Opened::default();
        let rows = match self.backend.summaries(false, 0, usize::MAX).await {
            Ok(rows) => rows,
            Err(e) => {
                opened
                    .problems
                    .push(format!("Saved games could not be read: {e}."));
                return opened;
            }
        };
        for (key, text) in rows {
            match check::<Summary>(&text, Some(&key), "a game's summary") {
                Checked::Good(s) => opened.in_progress.push(s),
                Checked::Newer(schema) => opened.problems.push(newer_message(
                    &format!("A game ({})", bounded(&key, 24)),
                    schema,
                )),
                Checked::Broken(reason) => {
                    let (msg, rebuilt) = self.repair_summary(&key, &text, &reason).await;
                    opened.problems.push(msg);
                    opened.in_progress.extend(rebuilt.filter(|s| !s.finished));
                }
            }
        }
        match self.backend.count(true).await {
            Ok(n) => opened.finished = n,
            Err(e) => opened
                .problems
                .push(format!("Finished games could not be counted: {e}.")),
        }
        opened
    }

    /// A page of finished games, most recently saved first; unreadable
    /// summaries are repaired as in [`Store::open`].
    pub async fn finished(&self, skip: usize, limit: usize) -> (Vec<Summary>, Vec<String>) {
        let rows = self.backend.summaries(true, skip, limit).await;
        self.read_summaries(rows).await
    }

    /// Every finished game, most recently saved first, read in one pass
    /// over the finished summaries through their index (the history's
    /// filters need them all; a summary is a few hundred bytes, and no
    /// record is read). Unreadable summaries are repaired as in
    /// [`Store::open`].
    pub async fn all_finished(&self) -> (Vec<Summary>, Vec<String>) {
        self.finished(0, usize::MAX).await
    }

    /// Summaries as read: the good ones, and a sentence per problem.
    pub(crate) async fn read_summaries(
        &self,
        rows: Result<Vec<(String, String)>, StoreError>,
    ) -> (Vec<Summary>, Vec<String>) {
        let mut out = Vec::new();
        let mut problems = Vec::new();
        match rows {
            Ok(rows) => {
                for (key, text) in rows {
                    match check::<Summary>(&text, Some(&key), "a game's summary") {
                        Checked::Good(s) => out.push(s),
                        Checked::Newer(schema) => problems.push(newer_message(
                            &format!("A game ({})", bounded(&key, 24)),
                            schema,
                        )),
                        Checked::Broken(reason) => {
                            let (msg, rebuilt) = self.repair_summary(&key, &text, &reason).await;
                            problems.push(msg);
                            out.extend(rebuilt);
                        }
                    }
                }
            }
            Err(e) => problems.push(format!("Finished games could not be read: {e}.")),
        }
        (out, problems)
    }

    /// Reads game `id`. A record that cannot be read (or names another
    /// game) is kept aside and the error says so; one a newer version
    /// wrote is left as it is.
    pub async fn load_game(&self, id: &str) -> Result<Loaded, ReadError> {
        let text = match self.backend.get(Area::Games, id).await? {
            Some(t) => t,
            None => return Err(ReadError::Missing),
        };
        match check::<RecordHeader>(&text, Some(id), "a game") {
            Checked::Good(header) => Ok(Loaded { header, text }),
            Checked::Newer(schema) => Err(ReadError::Newer(schema)),
            Checked::Broken(reason) => Err(ReadError::Corrupt(
                self.set_aside_game(id, &text, &reason).await,
            )),
        }
    }

    /// Game `id`'s summary as stored here, if it is one this app reads.
    pub async fn summary(&self, id: &str) -> Option<Summary> {
        let text = self.backend.get(Area::Summaries, id).await.ok()??;
        match check::<Summary>(&text, Some(id), "a game's summary") {
            Checked::Good(s) => Some(s),
            _ => None,
        }
    }

    /// Saves a game and its summary in one transaction: both or neither.
    /// `base` is the revision the change was made on (`None` for a new
    /// game); if what is stored is not that revision, nothing is written.
    /// The record is written under its own id only.
    pub async fn save_game<R: Rules>(
        &self,
        record: &GameRecord<R>,
        base: Option<u64>,
        summary: Summary,
    ) -> Result<(), SaveError> {
        self.save_record(record, base, summary, false, None).await
    }

    /// [`Store::save_game`], calling `issued` in the transaction's callback
    /// that issues its writes and asks for their commit (not at all when
    /// nothing is written): work it schedules (a microtask) runs once both
    /// are done, before the writes are durable. A screen may show the
    /// change from then on, marked as being saved.
    pub async fn save_game_issued<R: Rules>(
        &self,
        record: &GameRecord<R>,
        base: Option<u64>,
        summary: Summary,
        issued: Box<dyn FnOnce()>,
    ) -> Result<(), SaveError> {
        self.save_record(record, base, summary, false, Some(issued))
            .await
    }

    /// Writes `record`, read from revision `base` under an older schema,
    /// in this release's shape (the same game, its next revision), keeping
    /// its summary's update time: where the games lists put it does not
    /// move. Nothing is written if `base` is no longer what is stored.
    pub async fn upgrade_game<R: Rules>(
        &self,
        record: &GameRecord<R>,
        base: u64,
        summary: Summary,
    ) -> Result<(), SaveError> {
        self.save_record(record, Some(base), summary, true, None)
            .await
    }

    /// [`Store::save_game`] and [`Store::upgrade_game`]: the record as
    /// text, its summary stamped with its id and revision.
    async fn save_record<R: Rules>(
        &self,
        record: &GameRecord<R>,
        base: Option<u64>,
        summary: Summary,
        keep_time: bool,
        issued: Option<Box<dyn FnOnce()>>,
    ) -> Result<(), SaveError> {
        let text = serde_json::to_string(record)
            .map_err(|e| SaveError::Failed(StoreError::Refused(bounded(&e.to_string(), 60))))?;
        let summary = Summary {
            schema: SCHEMA_VERSION,
            id: record.id.clone(),
            rev: record.rev,
            ..summary
        };
        self.save_texts(&record.id, base, text, summary, keep_time, issued)
            .await
    }

    /// [`Store::save_game`] for a record already serialised; with
    /// `keep_time`, the stored summary's update time is kept.
    async fn save_texts(
        &self,
        id: &str,
        base: Option<u64>,
        text: String,
        summary: Summary,
        keep_time: bool,
        issued: Option<Box<dyn FnOnce()>>,
    ) -> Result<(), SaveError> {
        let now = (self.clock)();
        let id_s = id.to_string();
        let mut summary = summary;
        let label = label_of(&summary);
        let verdict = self
            .backend
            .update(
                vec![
                    (Area::Games, id.to_string()),
                    (Area::Summaries, id.to_string()),
                    (Area::Meta, ASIDE_NEXT.to_string()),
                ],
                move |found| {
                    let mut found = found.into_iter();
                    let (record, old_summary, counter) = (
                        found.next().flatten(),
                        found.next().flatten(),
                        found.next().flatten(),
                    );
                    if let Err(e) = may_replace(record.as_deref(), &id_s, base) {
                        return (Vec::new(), Err(e));
                    }
                    let mut writes = Vec::new();
                    if let Some(old) = old_summary {
                        match check::<Summary>(&old, Some(&id_s), "a game's summary") {
                            Checked::Good(o) => {
                                if keep_time {
                                    summary.updated_ms = o.updated_ms;
                                }
                            }
                            Checked::Newer(_) => return (Vec::new(), Err(SaveError::Newer)),
                            Checked::Broken(reason) => {
                                writes.extend(
                                    aside_writes(
                                        counter.as_ref(),
                                        format!("summaries/{id_s}"),
                                        &format!("The summary of {label}"),
                                        &reason,
                                        &old,
                                        now,
                                    )
                                    .0,
                                );
                            }
                        }
                    }
                    let Ok(summary_text) = serde_json::to_string(&summary) else {
                        let e = StoreError::Refused("the summary could not be written".into());
                        return (Vec::new(), Err(SaveError::Failed(e)));
                    };
                    writes.push(Write::put(Area::Games, &id_s, text));
                    writes.push(Write::Put {
                        area: Area::Summaries,
                        key: id_s.clone(),
                        text: summary_text,
                        order: Some(order_of(&summary)),
                    });
                    if let Some(issued) = issued {
                        issued();
                    }
                    (writes, Ok(()))
                },
            )
            .await?;
        verdict
    }

    /// Rewrites game `summary.id`'s summary if it no longer says what the
    /// record's rules derive (it was rebuilt after a problem, or moved from
    /// the previous version), only while the record is still that
    /// revision. Its update time is kept.
    pub async fn refresh_summary(&self, summary: Summary) -> Result<bool, StoreError> {
        let id = summary.id.clone();
        self.backend
            .update(
                vec![(Area::Games, id.clone()), (Area::Summaries, id.clone())],
                move |found| {
                    let mut found = found.into_iter();
                    let (record, old) = (found.next().flatten(), found.next().flatten());
                    let rev = record
                        .as_deref()
                        .map(|r| check::<RecordHeader>(r, Some(&id), "a game"));
                    if !matches!(rev, Some(Checked::Good(h)) if h.rev == summary.rev) {
                        return (Vec::new(), false);
                    }
                    let mut next = summary;
                    match old
                        .as_deref()
                        .map(|o| check::<Summary>(o, Some(&id), "a summary"))
                    {
                        Some(Checked::Good(o)) => {
                            let same = o.finished == next.finished
                                && o.summary == next.summary
                                && o.totals == next.totals
                                && o.leaders == next.leaders
                                && o.ranks == next.ranks
                                && o.players == next.players
                                && o.kind == next.kind
                                && o.rev == next.rev;
                            if same {
                                return (Vec::new(), false);
                            }
                            next.updated_ms = o.updated_ms;
                        }
                        // Never over a newer version's, nor over a broken
                        // one (the lists keep that aside first).
                        Some(_) => return (Vec::new(), false),
                        None => {}
                    }
                    let write = Write::Put {
                        area: Area::Summaries,
                        key: id.clone(),
                        text: serde_json::to_string(&next).unwrap_or_default(),
                        order: Some(order_of(&next)),
                    };
                    (vec![write], true)
                },
            )
            .await
    }

    /// Deletes game `id`: its record, summary and draft, in one
    /// transaction. Returns what was deleted, for Undo.
    pub async fn delete_game(&self, id: &str) -> Result<Deleted, StoreError> {
        let id_s = id.to_string();
        self.backend
            .update(
                vec![
                    (Area::Games, id.to_string()),
                    (Area::Summaries, id.to_string()),
                    (Area::Drafts, id.to_string()),
                ],
                move |found| {
                    let mut found = found.into_iter();
                    let (record, summary, draft) = (
                        found.next().flatten(),
                        found.next().flatten(),
                        found.next().flatten(),
                    );
                    let summary = summary.map(|t| {
                        let order = match check::<Summary>(&t, None, "a summary") {
                            Checked::Good(s) => order_of(&s),
                            _ => Order {
                                finished: true,
                                updated_ms: 0,
                            },
                        };
                        (t, order)
                    });
                    let writes = vec![
                        Write::delete(Area::Games, &id_s),
                        Write::delete(Area::Summaries, &id_s),
                        Write::delete(Area::Drafts, &id_s),
                    ];
                    let deleted = Deleted {
                        id: id_s.clone(),
                        record: record.unwrap_or_default(),
                        summary,
                        draft,
                    };
                    (writes, deleted)
                },
            )
            .await
    }

    /// Puts a deleted game back (Undo), if nothing has taken its id since.
    pub async fn undelete(&self, d: &Deleted) -> Result<(), SaveError> {
        let d = d.clone();
        let verdict = self
            .backend
            .update(vec![(Area::Games, d.id.clone())], move |found| {
                if found.into_iter().flatten().next().is_some() || d.record.is_empty() {
                    return (Vec::new(), Err(SaveError::Conflict));
                }
                let mut writes = vec![Write::put(Area::Games, &d.id, d.record.clone())];
                if let Some((text, order)) = &d.summary {
                    writes.push(Write::Put {
                        area: Area::Summaries,
                        key: d.id.clone(),
                        text: text.clone(),
                        order: Some(*order),
                    });
                }
                if let Some(text) = &d.draft {
                    writes.push(Write::put(Area::Drafts, &d.id, text.clone()));
                }
                (writes, Ok(()))
            })
            .await?;
        verdict
    }
}

/// Whether a save based on revision `base` may replace `stored` (the text
/// under game `id`).
fn may_replace(stored: Option<&str>, id: &str, base: Option<u64>) -> Result<(), SaveError> {
    match (stored, base) {
        (None, None) => Ok(()),
        (None, Some(_)) => Err(SaveError::Gone),
        (Some(_), None) => Err(SaveError::Conflict),
        (Some(text), Some(b)) => match check::<RecordHeader>(text, Some(id), "a game") {
            Checked::Good(h) if h.rev == b => Ok(()),
            Checked::Good(_) => Err(SaveError::Conflict),
            Checked::Newer(_) => Err(SaveError::Newer),
            // What is stored changed into something unreadable since it
            // was read: never overwrite it; opening the game keeps it aside.
            Checked::Broken(_) => Err(SaveError::Conflict),
        },
    }
}

/// A summary for a record whose summary was lost: the score is shown again
/// once the game is opened and saved.
pub fn summary_from_header(h: &RecordHeader, now: i64) -> Summary {
    Summary {
        schema: SCHEMA_VERSION,
        id: h.id.clone(),
        rev: h.rev,
        kind: h.kind.clone(),
        players: h.players.clone(),
        created_ms: h.created_ms,
        updated_ms: if h.created_ms > 0 { h.created_ms } else { now },
        finished: false,
        summary: "Open the game to see the score".into(),
        totals: Vec::new(),
        leaders: Vec::new(),
        ranks: Vec::new(),
    }
}
