//! This phone's replica of the club: the engine, which document is the
//! club and which is each game, and the translation between the app's
//! messages ([`ToWorker`], [`FromWorker`]) and the documents. The sync
//! worker runs it in the browser; the tests run it natively.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::rc::Rc;

use automerge::{AutoCommit, Automerge, ChangeHash, ReadDoc};
use rand_core_09::RngCore;
use samod_core::{AutomergeUrl, DocumentId, StorageKey};

use super::engine::{Effect, Engine};
use super::kept::{heads_of, Kept};
use super::message::{Asked, FromWorker, ToWorker};
use super::paced::{Paced, Wire};
use super::save::{settle_at, write_save, Save};
use super::{club_doc, confirmed, game_doc, listed, round_doc, DocError};

/// Games created here indexed in one change at most, while more are
/// being created.
const INDEX_BATCH: usize = 250;
/// How long a game created here waits for others to be indexed with it.
const INDEX_WAIT_MS: u128 = 1_000;

/// Lines of the club's list told to the app in one message at most.
const LINES_PER_MESSAGE: usize = 1_000;

/// How often the app is told of the count of games here while only that
/// count changes (games arriving one by one: thousands of messages, each
/// with the club's players, kept the page busy).
const HERE_EVERY_MS: u128 = 300;

/// With pacing on ([`Replica::pace_club_reads`]), the club's document is
/// read again no sooner than this many times as long as its last reading
/// took after it (a club of thousands of games changing at every batch,
/// player and night: each change read it whole, most of a making phone's
/// work).
const CLUB_READ_PACE: u128 = 4;
/// ... and no later than this after a change, however long it took.
const CLUB_READ_MAX_WAIT_MS: u128 = 2_000;

/// The club on this phone.
pub struct Replica<R: RngCore> {
    /// The engine (its storage and network effects go to the runtime).
    pub engine: Engine<R>,
    club: Option<DocumentId>,
    creating_club: bool,
    /// Whether the club's index was read (or found unreadable): until
    /// then a save of a game not known yet waits, as it may be indexed.
    club_read: bool,
    games: HashMap<String, DocumentId>,
    ids: HashMap<DocumentId, String>,
    /// The club's address of each game as last read, so an unchanged one
    /// is not parsed again at each reading.
    urls: HashMap<String, (String, DocumentId)>,
    /// Whether the club's document changed since it was last read, and
    /// when the next reading may be (ms; [`CLUB_READ_PACE`]), if paced.
    club_changed: bool,
    club_read_after: u128,
    /// Club reads paced, at least this far apart (ms).
    pace_reads: Option<u128>,
    /// How many times the club's document was read whole.
    club_reads: usize,
    /// Games created here, to add to the club's index once ready.
    created: HashSet<DocumentId>,
    /// When the oldest of `created` became ready (ms).
    created_since: Option<u128>,
    /// When games were last added to the club's index (ms).
    indexed_at: Option<u128>,
    /// Finished games changed here this turn, whose lines are touched
    /// together at its end ([`listed::touch`]).
    touching: BTreeSet<String>,
    /// The club's document as last read, and its heads then: read again
    /// only once it changed.
    club_cache: Option<(Vec<ChangeHash>, Rc<club_doc::Club>)>,
    /// Games whose document is being created here.
    games_creating: HashSet<String>,
    /// Saves waiting for their game's document.
    waiting: HashMap<String, Vec<(u64, Save)>>,
    /// Per game, the last of the app's saves the document holds.
    applied: HashMap<String, u64>,
    /// Per game, the heads right after this page's last save was written:
    /// the base of its next one, when the app names no other.
    own_heads: HashMap<String, Vec<ChangeHash>>,
    /// Players and nights waiting for the club's document.
    club_waiting: Vec<ToWorker>,
    /// What the app was last told of each game.
    told: HashMap<DocumentId, FromWorker>,
    club_told: Option<FromWorker>,
    /// When the club was last told, and whether a newer count waits.
    club_told_at: u128,
    club_due: bool,
    nights_told: HashMap<String, String>,
    /// The round told to the app, per game.
    rounds_told: HashMap<DocumentId, Vec<(String, String)>>,
    /// Round parts typed before their game's document was ready.
    rounds_waiting: HashMap<String, Vec<(String, String)>>,
    /// Values kept beside another phone's before the document was ready.
    rivals_waiting: HashMap<String, Vec<(usize, String)>>,
    refused: HashSet<DocumentId>,
    /// What was said of the club's document (once each).
    club_said: HashSet<String>,
    /// The documents this phone's storage holds (told by the runtime).
    stored: Vec<DocumentId>,
    /// Whether the stored documents were looked for (once, when the
    /// club's index cannot be read), and those not found yet.
    stored_searched: bool,
    finding_stored: HashSet<DocumentId>,
    /// The games the app holds, and at which heads.
    kept: Kept,
    /// Stored games waiting to be synced again.
    paced: Paced,
    /// Finished games left in storage as they are (settled: the server
    /// holds them as this phone does, and the club's line of each is as
    /// it was): not synced until opened, changed here, or their line
    /// changes.
    resting: HashSet<DocumentId>,
    /// Connected to the server.
    online: bool,
    /// The games of the club's index that are here (ready), counted as
    /// each becomes ready: not by going through the index each time.
    indexed_here: HashSet<String>,
    /// Games' lines to write into the club's list, together, and since
    /// when the first of them waits (ms).
    listing: BTreeMap<String, String>,
    listing_since: Option<u128>,
    /// The club's lines told to the app.
    lines_told: HashMap<String, String>,
    /// The count of changes the server does not hold yet, as told.
    sending_told: confirmed::Told,
    out: Vec<FromWorker>,
}

impl<R: RngCore> Replica<R> {
    /// A replica around `engine`.
    pub fn new(engine: Engine<R>) -> Self {
        Replica {
            engine,
            club: None,
            creating_club: false,
            club_read: false,
            games: HashMap::new(),
            ids: HashMap::new(),
            urls: HashMap::new(),
            club_changed: false,
            club_read_after: 0,
            pace_reads: None,
            club_reads: 0,
            created: HashSet::new(),
            created_since: None,
            indexed_at: None,
            touching: BTreeSet::new(),
            club_cache: None,
            games_creating: HashSet::new(),
            waiting: HashMap::new(),
            applied: HashMap::new(),
            own_heads: HashMap::new(),
            club_waiting: Vec::new(),
            told: HashMap::new(),
            club_told: None,
            club_told_at: 0,
            club_due: false,
            nights_told: HashMap::new(),
            rounds_told: HashMap::new(),
            rounds_waiting: HashMap::new(),
            rivals_waiting: HashMap::new(),
            refused: HashSet::new(),
            club_said: HashSet::new(),
            stored: Vec::new(),
            stored_searched: false,
            finding_stored: HashSet::new(),
            kept: Kept::default(),
            paced: Paced::default(),
            resting: HashSet::new(),
            online: false,
            indexed_here: HashSet::new(),
            listing: BTreeMap::new(),
            listing_since: None,
            lines_told: HashMap::new(),
            sending_told: confirmed::Told::default(),
            out: Vec::new(),
        }
    }

    /// Reads the club's document again no sooner than [`CLUB_READ_PACE`]
    /// times as long as its last reading took (the worker's, whose clock
    /// is the browser's).
    /// And at least `at_least_ms` after it (0 in the worker).
    /// A change waiting is read at the next turn.
    pub fn pace_club_reads(&mut self, at_least_ms: u128) {
        self.pace_reads = Some(at_least_ms);
        self.club_read_after = 0;
    }

    /// How many times the club's document was read whole.
    pub fn club_reads(&self) -> usize {
        self.club_reads
    }

    /// Whether a change of the club's document waits to be read (paced).
    pub fn club_read_waits(&self) -> bool {
        self.club_changed
    }

    /// What the app holds, as its words were stored (under
    /// [`Kept::prefix`]); told before [`Replica::stored_documents`].
    pub fn kept_stored(&mut self, stored: impl IntoIterator<Item = (StorageKey, Vec<u8>)>) {
        self.kept.load(stored);
    }

    /// The app's words of what it holds, to write to storage.
    pub fn take_kept_writes(&mut self) -> Vec<(StorageKey, Vec<u8>)> {
        self.kept.take_writes()
    }

    /// The documents this phone's storage holds, by the engine's storage
    /// keys: where the club's index cannot be read, the games among them
    /// are the ones this phone goes on syncing.
    pub fn stored_documents(&mut self, keys: impl IntoIterator<Item = StorageKey>) {
        let mut docs: Vec<DocumentId> = keys
            .into_iter()
            .filter_map(|k| k.into_iter().next().and_then(|first| first.parse().ok()))
            .collect();
        docs.sort_by_key(|d| d.to_string());
        docs.dedup();
        // The server may lack what was changed here before this page
        // opened: each is confirmed as it syncs again (a settled game, one
        // the server held as the app holds it, is not waited for).
        for doc in docs.iter().filter(|d| !self.kept.held(d)) {
            self.engine.to_confirm(doc.clone());
        }
        self.stored = docs;
    }

    /// What to tell the app.
    pub fn take_messages(&mut self) -> Vec<FromWorker> {
        std::mem::take(&mut self.out)
    }

    /// The runtime's work (storage, network), after handling what the
    /// replica handles itself.
    pub fn take_io(&mut self) -> Vec<Effect> {
        let mut io = Vec::new();
        // Players and nights handed meanwhile, in one change, and the
        // lines of finished games changed meanwhile.
        self.write_club_changes();
        self.write_touches();
        // Games made ready meanwhile and waiting for their batch (a tick).
        self.index_created();
        // Lines of the club's list written meanwhile, in one change.
        self.write_listing();
        // A count of games here held back (a tick).
        if self.club_due {
            self.tell_club();
        }
        // Stored games, as the server keeps up.
        let (unanswered, quiet_ms) = self.engine.unanswered();
        let wire = Wire {
            online: self.online,
            unanswered,
            quiet_ms,
            now_ms: self.engine.now_ms(),
        };
        for doc in self.paced.next(wire) {
            self.engine.find(doc);
        }
        // Stored games told again, as the app keeps them.
        for doc in self.kept.retell_next(self.engine.now_ms()) {
            self.tell_game(&doc);
        }
        self.run_effects(&mut io);
        // The club's changes, read together (paced: ticks come back).
        if self.club_changed && self.engine.now_ms() >= self.club_read_after {
            self.club_changed = false;
            if let Some(club) = self.club.clone() {
                let start = self.engine.now_ms();
                self.on_club(&club);
                if let Some(at_least) = self.pace_reads {
                    let took = self.engine.now_ms().saturating_sub(start);
                    let wait = (took * CLUB_READ_PACE).min(CLUB_READ_MAX_WAIT_MS);
                    self.club_read_after = self.engine.now_ms() + wait.max(at_least);
                }
            }
            self.run_effects(&mut io);
        }
        // Finished games the server now holds as the app does.
        for doc in self.engine.take_peers_moved() {
            self.settle_if_held(&doc);
        }
        // Lines of finished games changed during this turn's work.
        if !self.touching.is_empty() {
            self.write_touches();
            self.run_effects(&mut io);
        }
        self.tell_sending();
        io
    }

    /// Handles the engine's effects the replica handles itself; the rest
    /// (storage, network) go to `io`.
    fn run_effects(&mut self, io: &mut Vec<Effect>) {
        for _ in 0..1_000 {
            let effects = self.engine.take_effects();
            if effects.is_empty() {
                break;
            }
            for effect in effects {
                match effect {
                    Effect::Ready(doc) => {
                        self.paced.settled(&doc);
                        self.on_ready(doc.clone());
                        self.stored_settled(&doc);
                    }
                    // Not in storage here: looked for on the server.
                    Effect::Searching(doc) => {
                        self.paced.settled(&doc);
                        self.stored_settled(&doc)
                    }
                    Effect::Changed(doc) if self.club.as_ref() == Some(&doc) => {
                        self.club_changed = true
                    }
                    Effect::Changed(doc) => self.on_changed(doc),
                    Effect::Online(_) => {
                        self.online = true;
                        self.out.push(FromWorker::Online {
                            online: true,
                            why: None,
                        })
                    }
                    Effect::Offline(_, why) => {
                        self.online = false;
                        self.out.push(FromWorker::Online {
                            online: false,
                            why: Some(why.chars().take(160).collect()),
                        })
                    }
                    other => io.push(other),
                }
            }
        }
    }

    /// Settles game `doc` if it is finished in the club's list, the app
    /// holds it as it is, and the server last named the same heads (it
    /// holds every change here, and told of none this phone lacks).
    fn settle_if_held(&mut self, doc: &DocumentId) {
        if !self.kept.has(doc) || self.engine.is_unconfirmed(doc) {
            return;
        }
        let Some(id) = self.ids.get(doc).cloned() else {
            return;
        };
        if !self.line_of(&id).is_some_and(|l| listed::is_finished(&l)) {
            return;
        }
        let Some(club) = self.club.clone() else {
            return;
        };
        let Some(mark) = self
            .engine
            .read(&club, |d| listed::mark_of(d, &id))
            .flatten()
        else {
            return;
        };
        if !self.engine.server_in_step(doc) {
            return;
        }
        if let Some(heads) = self.engine.read(doc, heads_of) {
            self.kept.settle(doc, &heads, mark);
        }
    }

    /// Changes game `doc` here: unsettled first (the word is written
    /// before the change is stored), and a finished game's line written
    /// again, so the phones where it rests wake it.
    fn change_game<T>(
        &mut self,
        doc: &DocumentId,
        f: impl FnOnce(&mut Automerge) -> T,
    ) -> Option<T> {
        self.kept.unsettle(doc);
        let finished = self
            .ids
            .get(doc)
            .cloned()
            .filter(|id| self.line_of(id).is_some_and(|l| listed::is_finished(&l)));
        let changed = self.engine.change(doc, f)?;
        self.touching.extend(finished);
        Some(changed)
    }

    /// Touches the lines of the finished games changed this turn, in one
    /// change of the club's document (a change each was a message each
    /// to the server: about 5 per game on a phone handing its club 1,000
    /// finished games).
    fn write_touches(&mut self) {
        if self.touching.is_empty() {
            return;
        }
        let Some(club) = self.club.clone() else {
            return self.touching.clear();
        };
        let ids = std::mem::take(&mut self.touching);
        self.engine.change(&club, |d| {
            let mut tx = d.transaction();
            for id in &ids {
                let _ = listed::touch(&mut tx, id);
            }
            tx.commit();
        });
    }

    /// Whether game `doc` is on this phone: ready, or resting in storage.
    fn is_here(&self, doc: &DocumentId) -> bool {
        self.resting.contains(doc) || self.engine.is_ready(doc)
    }

    /// Tells the app how many of this phone's games and lists hold
    /// changes the server does not have yet (in its documents, or waiting
    /// for one here).
    fn tell_sending(&mut self) {
        let waiting_here = self.waiting.len()
            + self.games_creating.len()
            + self.rounds_waiting.len()
            + self.rivals_waiting.len()
            + usize::from(
                !self.club_waiting.is_empty()
                    || !self.listing.is_empty()
                    || !self.touching.is_empty()
                    || !self.created.is_empty(),
            );
        let count = self.engine.unconfirmed() + waiting_here;
        if let Some(left) = self.sending_told.next(count, self.engine.now_ms()) {
            self.out.push(FromWorker::Sending { left });
        }
    }

    /// A message from the app.
    pub fn handle(&mut self, msg: ToWorker) {
        match msg {
            ToWorker::Start {
                server,
                club,
                create,
            } => {
                let _ = self.engine.dial(&server);
                match (club, create) {
                    (Some(url), _) => match url.parse::<AutomergeUrl>() {
                        Ok(url) => {
                            let doc = url.document_id().clone();
                            self.club = Some(doc.clone());
                            self.engine.find(doc);
                        }
                        Err(_) => self.out.push(FromWorker::Refused {
                            url: bounded(&url),
                            message: "This is not a club's link.".into(),
                        }),
                    },
                    (None, Some(name)) => {
                        let mut doc = AutoCommit::new();
                        match club_doc::create(&mut doc, &name) {
                            Ok(()) => {
                                self.creating_club = true;
                                self.engine.create(doc.document().clone());
                            }
                            Err(e) => self.out.push(FromWorker::Refused {
                                url: String::new(),
                                message: e.message(),
                            }),
                        }
                    }
                    (None, None) => {}
                }
            }
            ToWorker::Saved {
                id,
                seq,
                before,
                record,
                at,
            } => self.saved(id, seq, Save { before, record, at }),
            ToWorker::Listed { id, line } => {
                self.listing.insert(id, line);
            }
            ToWorker::Want { id } => {
                if let Some(doc) = self.games.get(&id).cloned() {
                    self.wanted_now(&doc);
                }
            }
            ToWorker::Settle {
                id,
                index,
                value,
                at,
            } => {
                if let Some(doc) = self.games.get(&id).cloned() {
                    self.wanted_now(&doc);
                    self.change_game(&doc, |d| settle_at(d, index, &value, at.as_deref()));
                    self.tell_game(&doc);
                }
            }
            ToWorker::Rival { id, index, value } => self.rival(id, index, value),
            ToWorker::Round { id, parts } => self.round(id, parts),
            // Written together at the end of the turn (`take_io`): a
            // club made of a phone's 200 players and 260 nights was 460
            // changes, each a message to the server and its answer.
            msg @ (ToWorker::Player { .. } | ToWorker::Renamed { .. } | ToWorker::Night { .. }) => {
                self.club_waiting.push(msg)
            }
            ToWorker::Kept { id, at } => self.app_keeps(&id, at),
            // The worker itself leaves (it holds the storage).
            ToWorker::Leave => {}
        }
    }

    /// The app holds game `id` as it was told it `at`: taken only if that
    /// is the view told last, with nothing to ask.
    fn app_keeps(&mut self, id: &str, at: String) {
        let Some(doc) = self.games.get(id) else {
            return;
        };
        let doc = doc.clone();
        if let Some(FromWorker::Game { at: Some(told), .. }) = self.told.get(&doc) {
            if *told == at {
                self.kept.keep(&doc, at);
                self.settle_if_held(&doc);
            }
        }
    }

    fn saved(&mut self, id: String, seq: u64, save: Save) {
        match self.games.get(&id).cloned() {
            Some(doc) if self.engine.is_ready(&doc) => {
                let own = self.own_heads.get(&id).cloned();
                let written = self.change_game(&doc, |d| write_save(d, &save, own.as_deref()));
                if let Some(Some(heads)) = written {
                    self.own_heads.insert(id.clone(), heads);
                }
                // The page may number a save before an earlier-numbered one
                // reaches here (one read from storage while it kept a
                // copy): the document holds every save up to the highest.
                // Lowering it hid every later view from the page (its
                // views older than its last save are skipped).
                let held = self.applied.entry(id).or_default();
                *held = (*held).max(seq);
                self.tell_game(&doc);
            }
            Some(doc) => {
                self.wanted_now(&doc);
                self.waiting.entry(id).or_default().push((seq, save))
            }
            // A game being created here, or one the club's index, not
            // read yet, may hold: a document made now would be a second
            // one, and the save lost under the first.
            None if self.games_creating.contains(&id)
                || (self.club.is_some() && !self.club_read) =>
            {
                self.waiting.entry(id).or_default().push((seq, save))
            }
            None => {
                let mut doc = AutoCommit::new();
                if game_doc::create(&mut doc, &save.record).is_ok() {
                    // Marked as ours once the engine names it (on_ready).
                    self.applied.insert(id.clone(), seq);
                    self.games_creating.insert(id);
                    self.engine.create(doc.document().clone());
                }
            }
        }
    }

    /// Keeps this phone's `value` of entry `index` beside the one another
    /// phone wrote there first (kept until the game's document is ready).
    fn rival(&mut self, id: String, index: usize, value: String) {
        match self.games.get(&id).cloned() {
            Some(doc) if self.engine.is_ready(&doc) => {
                self.change_game(&doc, |d| game_doc::put_rival(d, index, &value));
                self.tell_game(&doc);
            }
            known => {
                if let Some(doc) = known {
                    self.wanted_now(&doc);
                }
                self.rivals_waiting
                    .entry(id)
                    .or_default()
                    .push((index, value));
            }
        }
    }

    /// Writes the round parts typed here (kept until the game's document
    /// is ready). What the document then holds is what the app was told.
    fn round(&mut self, id: String, parts: Vec<(String, String)>) {
        match self.games.get(&id).cloned() {
            Some(doc) if self.engine.is_ready(&doc) => {
                self.change_game(&doc, |d| {
                    let mut tx = d.transaction();
                    let _ = round_doc::put(&mut tx, &parts);
                    tx.commit();
                });
                if let Some(now) = self.engine.read(&doc, round_doc::read) {
                    self.rounds_told.insert(doc, now);
                }
            }
            known => {
                if let Some(doc) = known {
                    self.wanted_now(&doc);
                }
                self.rounds_waiting.entry(id).or_default().extend(parts)
            }
        }
    }

    /// Whether this phone's storage held `doc` when the worker started.
    fn is_stored(&self, doc: &DocumentId) -> bool {
        let key = doc.to_string();
        self.stored
            .binary_search_by(|d| d.to_string().cmp(&key))
            .is_ok()
    }

    /// A stored game waiting its turn to sync, or resting, is wanted now
    /// (opened, or a save or a round at its table).
    fn wanted_now(&mut self, doc: &DocumentId) {
        if self.resting.remove(doc) || self.paced.take(doc) {
            self.engine.find(doc.clone());
        }
    }

    /// Writes the players, renames and nights handed meanwhile into the
    /// club's document, in order, in one change (they wait while it is
    /// not ready).
    fn write_club_changes(&mut self) {
        if self.club_waiting.is_empty() {
            return;
        }
        let Some(club) = self.club.clone().filter(|c| self.engine.is_ready(c)) else {
            return;
        };
        let msgs = std::mem::take(&mut self.club_waiting);
        self.engine.change(&club, |d| {
            let mut tx = d.transaction();
            for msg in &msgs {
                let _ = match msg {
                    ToWorker::Player { name } => club_doc::add_player(&mut tx, name),
                    ToWorker::Renamed { from, to } => club_doc::rename_player(&mut tx, from, to),
                    ToWorker::Night { id, json } => club_doc::put_night(&mut tx, id, json),
                    _ => Ok(false),
                };
            }
            tx.commit();
        });
    }

    fn on_ready(&mut self, doc: DocumentId) {
        let kind = self.engine.read(&doc, doc_kind).flatten();
        match kind {
            Some(Kind::Club) if self.club.is_none() && self.creating_club => {
                self.creating_club = false;
                self.club = Some(doc.clone());
                self.on_club(&doc);
            }
            Some(Kind::Club) if self.club.as_ref() == Some(&doc) => self.on_club(&doc),
            Some(Kind::Game(id)) => {
                if self.games_creating.remove(&id) {
                    self.created.insert(doc.clone());
                    // The page's next save goes on from the game it made.
                    if let Some(heads) = self.engine.read(&doc, |d| d.get_heads()) {
                        self.own_heads.insert(id.clone(), heads);
                    }
                }
                match self.games.get(&id) {
                    Some(known) if *known != doc => {
                        // Indexed under another document: that one stands.
                        return;
                    }
                    _ => {}
                }
                self.games.insert(id.clone(), doc.clone());
                self.ids.insert(doc.clone(), id.clone());
                self.index_created();
                for (seq, save) in self.waiting.remove(&id).unwrap_or_default() {
                    self.saved(id.clone(), seq, save);
                }
                if let Some(parts) = self.rounds_waiting.remove(&id) {
                    self.round(id.clone(), parts);
                }
                for (index, value) in self.rivals_waiting.remove(&id).unwrap_or_default() {
                    self.rival(id.clone(), index, value);
                }
                if self.indexed(&id) {
                    self.indexed_here.insert(id);
                }
                // A game the app holds as it is: nothing to tell. One
                // stored here that it may not hold: told in its turn.
                let heads = self.engine.read(&doc, heads_of).unwrap_or_default();
                if !self.kept.holds(&doc, &heads) {
                    if self.is_stored(&doc) {
                        self.kept.retell(doc.clone());
                    } else {
                        self.tell_game(&doc);
                    }
                    self.tell_round(&doc);
                }
                self.tell_club();
            }
            _ if self.club.as_ref() == Some(&doc) => {
                self.say_of_club(DocError::NotOurs.club_message());
                self.index_unreadable();
            }
            _ if self.ids.contains_key(&doc) => self.refuse(&doc),
            _ => {}
        }
    }

    fn on_changed(&mut self, doc: DocumentId) {
        if self.club.as_ref() == Some(&doc) {
            self.on_club(&doc);
        } else if self.ids.contains_key(&doc) {
            self.tell_game(&doc);
            self.tell_round(&doc);
        }
    }

    /// The club's document is here or changed: find every game it indexes,
    /// index the games created here, tell the app.
    fn on_club(&mut self, club: &DocumentId) {
        let club_read = match self.read_club(club) {
            Some(Ok(c)) => c,
            Some(Err(e)) => {
                self.say_of_club(e.club_message());
                self.index_unreadable();
                return;
            }
            None => return,
        };
        self.write_club_changes();
        self.index_created();
        for (id, url) in &club_read.games {
            let doc = match self.urls.get(id) {
                Some((known, doc)) if known == url => doc.clone(),
                _ => {
                    let Ok(parsed) = url.parse::<AutomergeUrl>() else {
                        continue;
                    };
                    let doc = parsed.document_id().clone();
                    self.urls.insert(id.clone(), (url.clone(), doc.clone()));
                    doc
                }
            };
            let line = club_read
                .listed
                .binary_search_by(|(i, _)| i.cmp(id))
                .ok()
                .map(|at| club_read.listed[at].1.as_str());
            // No line: no mark a settled game can have.
            let mark = club_read.line_marks.get(id).copied().unwrap_or(0);
            if self.games.get(id) == Some(&doc) {
                // A resting game whose line changed: another phone
                // changed it.
                if self.resting.contains(&doc) && !self.kept.at_rest(&doc, mark) {
                    self.resting.remove(&doc);
                    self.paced.push(doc);
                }
                continue;
            }
            if self.refused.contains(&doc) {
                continue;
            }
            self.games.insert(id.clone(), doc.clone());
            self.ids.insert(doc.clone(), id.clone());
            // A settled game rests; one stored here waits its turn, and
            // so does a finished game new here (listed already: its
            // entries follow in the background); a game in progress is
            // looked for now.
            let finished = line.is_some_and(listed::is_finished);
            let stored = self.is_stored(&doc);
            if stored && finished && self.kept.at_rest(&doc, mark) {
                self.resting.insert(doc);
            } else if stored || finished {
                self.paced.push(doc);
            } else {
                self.engine.find(doc);
            }
        }
        self.indexed_here = club_read
            .games
            .iter()
            .filter(|(id, _)| self.games.get(id).is_some_and(|d| self.is_here(d)))
            .map(|(id, _)| id.clone())
            .collect();
        if club_read.index_read() {
            self.club_read = true;
            self.save_unindexed();
            self.index_missing(club, &club_read.games);
        } else {
            self.index_unreadable();
        }
        for note in &club_read.notes {
            self.say_of_club(note.message());
        }
        self.tell_lines(&club_read);
        for (id, json) in &club_read.nights {
            if self.nights_told.get(id) != Some(json) {
                self.nights_told.insert(id.clone(), json.clone());
                self.out.push(FromWorker::Night {
                    id: id.clone(),
                    json: json.clone(),
                });
            }
        }
        self.tell_club();
    }

    /// Tells the app the club's lines it was not told, of games it does
    /// not hold, LINES_PER_MESSAGE at a time.
    fn tell_lines(&mut self, club: &club_doc::Club) {
        let new: Vec<(String, String)> = club
            .listed
            .iter()
            .filter(|(id, line)| {
                self.lines_told.get(id) != Some(line)
                    && !self.games.get(id).is_some_and(|d| self.kept.has(d))
            })
            .cloned()
            .collect();
        if new.is_empty() {
            return;
        }
        for (id, line) in &new {
            self.lines_told.insert(id.clone(), line.clone());
        }
        for lines in new.chunks(LINES_PER_MESSAGE) {
            self.out.push(FromWorker::Listed {
                lines: lines.to_vec(),
                left_out: club.list_left_out,
            });
        }
    }

    /// Writes the lines waiting into the club's list, in one change: at
    /// once when few wait and none came in the last moment, else together
    /// (a phone handing the club thousands of games: a change per line made
    /// the club's document read thousands of times over), INDEX_BATCH at a
    /// time or INDEX_WAIT_MS after the first.
    fn write_listing(&mut self) {
        if self.listing.is_empty() {
            self.listing_since = None;
            return;
        }
        let Some(club) = self.club.clone().filter(|c| self.engine.is_ready(c)) else {
            return;
        };
        let now = self.engine.now_ms();
        let since = *self.listing_since.get_or_insert(now);
        if self.listing.len() < INDEX_BATCH && now.saturating_sub(since) < INDEX_WAIT_MS {
            return;
        }
        self.listing_since = None;
        let lines: Vec<(String, String)> = std::mem::take(&mut self.listing).into_iter().collect();
        self.engine.change(&club, |d| {
            let mut tx = d.transaction();
            let _ = listed::put(&mut tx, &lines);
            tx.commit();
        });
        // Settled under the line written now.
        for (id, _) in &lines {
            if let Some(doc) = self.games.get(id).cloned() {
                self.settle_if_held(&doc);
            }
        }
    }

    /// Game `id`'s line in the club's list, as the club's document holds it.
    fn line_of(&mut self, id: &str) -> Option<String> {
        let club = self.club.clone()?;
        self.engine
            .read(&club, |d| listed::line_of(d, id))
            .flatten()
    }

    /// Tells the app `message` about the club's document, once.
    fn say_of_club(&mut self, message: String) {
        if self.club_said.insert(message.clone()) {
            self.out.push(FromWorker::Refused {
                url: String::new(),
                message,
            });
        }
    }

    /// The club's index cannot be read: the games this phone stores are
    /// looked for (once) and go on syncing; saves of games not known wait
    /// until each is found or known not to be here.
    fn index_unreadable(&mut self) {
        if !self.stored_searched {
            self.stored_searched = true;
            for doc in self.stored.clone() {
                if self.club.as_ref() == Some(&doc)
                    || self.ids.contains_key(&doc)
                    || self.refused.contains(&doc)
                {
                    continue;
                }
                self.finding_stored.insert(doc.clone());
                self.engine.find(doc);
            }
        }
        if self.finding_stored.is_empty() && !self.club_read {
            self.club_read = true;
            self.save_unindexed();
        }
    }

    /// Stored document `doc` was found (or is not here after all).
    fn stored_settled(&mut self, doc: &DocumentId) {
        if self.finding_stored.remove(doc) && self.finding_stored.is_empty() {
            self.index_unreadable();
        }
    }

    /// The saves that waited for the club's index, of games it does not
    /// hold: each game's document is made here (its later saves wait for
    /// it).
    fn save_unindexed(&mut self) {
        let unindexed: Vec<String> = self
            .waiting
            .keys()
            .filter(|id| !self.games.contains_key(*id) && !self.games_creating.contains(*id))
            .cloned()
            .collect();
        for id in unindexed {
            for (seq, save) in self.waiting.remove(&id).unwrap_or_default() {
                self.saved(id.clone(), seq, save);
            }
        }
    }

    /// Tells the app of the club (its name, players, games here), if that
    /// changed since it was last told.
    fn tell_club(&mut self) {
        let Some(club) = self.club.clone() else {
            return;
        };
        // As last read: a change made since is read (and told) in its turn.
        let read = match &self.club_cache {
            Some((_, read)) => read.clone(),
            None => match self.read_club(&club) {
                Some(Ok(read)) => read,
                _ => return,
            },
        };
        let here = self.indexed_here.len();
        let msg = FromWorker::Club {
            url: AutomergeUrl::from(&club).to_string(),
            // A damaged name: the app keeps the one it knew.
            name: read.name.clone().unwrap_or_default(),
            games: read.games.len(),
            here,
            players: read.players.clone(),
            renamed: read.renamed.clone(),
        };
        let Some(told) = &self.club_told else {
            return self.say_club(msg);
        };
        if *told == msg {
            self.club_due = false;
            return;
        }
        let now = self.engine.now_ms();
        // Only the count changed, and not to every game: may wait.
        let only_counted = match (told, &msg) {
            (FromWorker::Club { here: was, .. }, FromWorker::Club { here, games, .. })
                if here != games =>
            {
                let mut same = msg.clone();
                if let FromWorker::Club { here, .. } = &mut same {
                    *here = *was;
                }
                same == *told
            }
            _ => false,
        };
        if only_counted && now.saturating_sub(self.club_told_at) < HERE_EVERY_MS {
            self.club_due = true;
            return;
        }
        self.say_club(msg);
    }

    fn say_club(&mut self, msg: FromWorker) {
        self.club_told = Some(msg.clone());
        self.club_told_at = self.engine.now_ms();
        self.club_due = false;
        self.out.push(msg);
    }

    /// Whether game `id` is in the club's index as last read.
    fn indexed(&self, id: &str) -> bool {
        self.club_cache.as_ref().is_some_and(|(_, c)| {
            c.games
                .binary_search_by(|(i, _)| i.as_str().cmp(id))
                .is_ok()
        })
    }

    /// Puts back into the club's index the games this phone has that it
    /// lacks (a peer took them out): the club's index is every member's
    /// games.
    fn index_missing(&mut self, club: &DocumentId, indexed: &[(String, String)]) {
        let missing: Vec<(String, DocumentId)> = self
            .games
            .iter()
            .filter(|(id, doc)| {
                self.is_here(doc)
                    && !self.refused.contains(*doc)
                    && indexed.binary_search_by(|(i, _)| i.cmp(*id)).is_err()
            })
            .map(|(id, doc)| (id.clone(), doc.clone()))
            .collect();
        if missing.is_empty() {
            return;
        }
        self.engine.change(club, |d| {
            let mut tx = d.transaction();
            for (id, doc) in &missing {
                let _ = club_doc::add_game(&mut tx, id, &AutomergeUrl::from(doc).to_string());
            }
            tx.commit();
        });
    }

    /// The club's document, read again only if it changed since: a club
    /// of thousands of games is read once per change, not once per game.
    fn read_club(&mut self, club: &DocumentId) -> Option<Result<Rc<club_doc::Club>, DocError>> {
        let heads = self.engine.read(club, |d| d.get_heads())?;
        if let Some((read_at, read)) = &self.club_cache {
            if *read_at == heads {
                return Some(Ok(read.clone()));
            }
        }
        self.club_reads += 1;
        match self.engine.read(club, club_doc::read)? {
            Ok(read) => {
                let read = Rc::new(read);
                self.club_cache = Some((heads, read.clone()));
                Some(Ok(read))
            }
            Err(e) => {
                self.club_cache = None;
                Some(Err(e))
            }
        }
    }

    /// Adds the games created here to the club's index: at once when no
    /// other is being created and none was indexed in the last
    /// INDEX_WAIT_MS, else together (a club made on a phone of thousands
    /// of games: one change per game made the club's document read
    /// thousands of times over, and sent as thousands of messages),
    /// INDEX_BATCH at a time or INDEX_WAIT_MS after the first was ready.
    fn index_created(&mut self) {
        let Some(club) = self.club.clone().filter(|c| self.engine.is_ready(c)) else {
            return;
        };
        if self.created.is_empty() {
            return;
        }
        let now = self.engine.now_ms();
        let since = *self.created_since.get_or_insert(now);
        let indexed_lately = self
            .indexed_at
            .is_some_and(|at| now.saturating_sub(at) < INDEX_WAIT_MS);
        if (!self.games_creating.is_empty() || indexed_lately)
            && self.created.len() < INDEX_BATCH
            && now.saturating_sub(since) < INDEX_WAIT_MS
        {
            return;
        }
        let created: Vec<(String, DocumentId)> = self
            .created
            .iter()
            .filter_map(|d| self.ids.get(d).map(|id| (id.clone(), d.clone())))
            .collect();
        if created.is_empty() {
            return;
        }
        self.engine.change(&club, |d| {
            let mut tx = d.transaction();
            for (id, doc) in &created {
                let _ = club_doc::add_game(&mut tx, id, &AutomergeUrl::from(doc).to_string());
            }
            tx.commit();
        });
        for (_, doc) in created {
            self.created.remove(&doc);
        }
        self.indexed_at = Some(now);
        self.created_since = (!self.created.is_empty()).then_some(now);
    }

    fn tell_game(&mut self, doc: &DocumentId) {
        let Some(id) = self.ids.get(doc).cloned() else {
            return;
        };
        let read = self.engine.read(doc, game_doc::read);
        let msg = match read {
            Some(Ok(g)) => {
                if !record_is_of(&g.record, &id) {
                    self.refuse_with(doc, DocError::Malformed("id"));
                    return;
                }
                let round_typed = self
                    .engine
                    .read(doc, round_doc::read)
                    .is_some_and(|parts| !parts.is_empty());
                let heads = self.engine.read(doc, heads_of).unwrap_or_default();
                let at = (g.conflicts.is_empty() && g.stray.is_empty() && !round_typed)
                    .then(|| heads.clone());
                FromWorker::Game {
                    at,
                    heads,
                    line: self.line_of(&id),
                    seq: self.applied.get(&id).copied().unwrap_or(0),
                    id,
                    record: g.record,
                    asked: g
                        .conflicts
                        .into_iter()
                        .map(|c| Asked {
                            index: c.index,
                            values: c.values,
                        })
                        .collect(),
                    stray: g.stray.len(),
                }
            }
            Some(Err(e)) => {
                self.refuse_with(doc, e);
                return;
            }
            None => return,
        };
        // Told again only when what the app shows changed: a round typed
        // at the table moves the heads, not the game (the heads told last
        // stay a base of the app's next save).
        let mut view = msg.clone();
        if let FromWorker::Game { heads, .. } = &mut view {
            heads.clear();
        }
        if self.told.get(doc) != Some(&view) {
            self.told.insert(doc.clone(), view);
            self.out.push(msg);
        }
    }

    /// Tells the app of game `doc`'s round, if it changed since it was last
    /// told (a refused game's round is not told).
    fn tell_round(&mut self, doc: &DocumentId) {
        let Some(id) = self.ids.get(doc).cloned() else {
            return;
        };
        if self.refused.contains(doc) {
            return;
        }
        let Some(parts) = self.engine.read(doc, round_doc::read) else {
            return;
        };
        let told = self.rounds_told.get(doc);
        if !told.map_or(parts.is_empty(), |t| *t == parts) {
            self.rounds_told.insert(doc.clone(), parts.clone());
            self.out.push(FromWorker::Round { id, parts });
        }
    }

    fn refuse(&mut self, doc: &DocumentId) {
        self.refuse_with(doc, DocError::NotOurs);
    }

    fn refuse_with(&mut self, doc: &DocumentId, e: DocError) {
        self.engine.not_ours(doc);
        if self.refused.insert(doc.clone()) {
            self.out.push(FromWorker::Refused {
                url: AutomergeUrl::from(doc).to_string(),
                message: e.message(),
            });
        }
    }
}

enum Kind {
    Club,
    Game(String),
}

fn doc_kind(doc: &Automerge) -> Option<Kind> {
    use automerge::{ScalarValue, Value, ROOT};
    let text = |key: &str| match doc.get(ROOT, key).ok().flatten() {
        Some((Value::Scalar(s), _)) => match s.as_ref() {
            ScalarValue::Str(t) if t.len() <= super::limits::MAX_FIELD_BYTES => Some(t.to_string()),
            _ => None,
        },
        _ => None,
    };
    match text("doc")?.as_str() {
        club_doc::CLUB_DOC => Some(Kind::Club),
        game_doc::GAME_DOC => text("id").map(Kind::Game),
        _ => None,
    }
}

/// Whether the record built from a game's document carries `id`.
fn record_is_of(record: &str, id: &str) -> bool {
    #[derive(serde::Deserialize)]
    struct Id<'a> {
        #[serde(borrow)]
        id: std::borrow::Cow<'a, str>,
    }
    serde_json::from_str::<Id>(record).is_ok_and(|r| r.id == id)
}

fn bounded(s: &str) -> String {
    s.chars().take(60).collect()
}
