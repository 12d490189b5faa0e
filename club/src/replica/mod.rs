//! This phone's replica of the club: the engine, which document is the
//! club and which is each game, and the translation between the app's
//! messages ([`ToWorker`], [`FromWorker`]) and the documents. The sync
//! worker runs it in the browser; the tests run it natively.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::rc::Rc;

use automerge::{AutoCommit, Automerge, ChangeHash, ReadDoc};
use rand_core_09::RngCore;
use samod_core::{AutomergeUrl, DocumentId, StorageKey};

use super::engine::{Effect, Engine};
use super::kept::{heads_of, Kept};
use super::made::Made;
use super::message::{FromWorker, ToWorker};
use super::paced::{Paced, Wire};
use super::save::{settle_at, Save};
use super::{archive_doc, club_doc, confirmed, game_doc, listed};

mod archive;

mod club;
mod games;

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
/// Games new to the club made into documents while at most this many made
/// here wait for the server's word ([`Replica::in_flight`]): a phone handing its
/// club 20,000 games at once sent faster than the server took them (5,900
/// waiting), and its connection ended every 7.5 MB and began again.
pub const MAX_IN_FLIGHT: usize = 200;

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
    /// A club read due was put off for a turn that had a hand to pass on.
    club_read_put_off: bool,
    /// How many times the club's document was read whole.
    club_reads: usize,
    /// How many times a reading was brought up key by key.
    club_brought_up: usize,
    /// How many times the server's state of a game made here was looked
    /// at before it was indexed.
    index_looks: usize,
    /// Games created here, to add to the club's index once ready.
    created: HashSet<DocumentId>,
    /// Of those, the ones the server has said it holds: noted as its
    /// word arrives, not asked of every game at every turn (a phone making
    /// a club of 20,000 games spent 20 minutes asking).
    created_held: HashSet<DocumentId>,
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
    /// Games new to the club whose documents wait to be made, in the order
    /// handed, while [`MAX_IN_FLIGHT`] wait for the server (their saves in
    /// `waiting`).
    to_create: VecDeque<String>,
    to_create_ids: HashSet<String>,
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
    stored: BTreeSet<DocumentId>,
    /// Whether the stored documents were looked for (once, when the
    /// club's index cannot be read), and those not found yet.
    stored_searched: bool,
    finding_stored: HashSet<DocumentId>,
    /// The games the app holds, and at which heads.
    kept: Kept,
    /// Games made here the index does not name yet, kept in storage.
    made: Made,
    /// Stored games waiting to be synced again.
    paced: Paced,
    /// Finished games left in storage as they are (settled: the server
    /// holds them as this phone does, and the club's line of each is as
    /// it was): not synced until opened, changed here, or their line
    /// changes.
    resting: HashSet<DocumentId>,
    /// The club's archives of finished games.
    archives: archive::Archives,
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
            club_read_put_off: false,
            club_reads: 0,
            club_brought_up: 0,
            index_looks: 0,
            created: HashSet::new(),
            created_held: HashSet::new(),
            created_since: None,
            indexed_at: None,
            touching: BTreeSet::new(),
            club_cache: None,
            games_creating: HashSet::new(),
            waiting: HashMap::new(),
            to_create: VecDeque::new(),
            to_create_ids: HashSet::new(),
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
            stored: BTreeSet::new(),
            stored_searched: false,
            finding_stored: HashSet::new(),
            kept: Kept::default(),
            made: Made::default(),
            paced: Paced::default(),
            resting: HashSet::new(),
            archives: archive::Archives::default(),
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

    /// How many times a reading of the club's document was brought up
    /// key by key, from the changes since the last one (`club_delta`).
    pub fn club_brought_up(&self) -> usize {
        self.club_brought_up
    }

    /// How many times the server's state of a game made here was looked at
    /// while it waited to be indexed.
    pub fn index_looks(&self) -> usize {
        self.index_looks
    }

    /// Whether a change of the club's document waits to be read (paced).
    pub fn club_read_waits(&self) -> bool {
        self.club_changed
    }

    /// What the app holds, as its words were stored (under
    /// [`Kept::prefix`]); told before [`Replica::stored_documents`].
    pub fn kept_stored(&mut self, stored: impl IntoIterator<Item = (StorageKey, Vec<u8>)>) {
        let stored: Vec<(StorageKey, Vec<u8>)> = stored.into_iter().collect();
        self.made.load(&stored);
        self.kept.load(stored);
    }

    /// The app's words of what it holds, to write to storage.
    pub fn take_kept_writes(&mut self) -> Vec<(StorageKey, Option<Vec<u8>>)> {
        let mut writes = self.made.take_writes();
        writes.extend(self.kept.take_writes(self.engine.now_ms()));
        writes
    }

    /// The documents this phone's storage holds, by the engine's storage
    /// keys: where the club's index cannot be read, the games among them
    /// are the ones this phone goes on syncing.
    pub fn stored_documents(&mut self, keys: impl IntoIterator<Item = StorageKey>) {
        // A document's keys come together: each parsed once.
        let mut firsts: Vec<String> = keys
            .into_iter()
            .filter_map(|k| k.into_iter().next())
            .collect();
        firsts.dedup();
        let docs: BTreeSet<DocumentId> = firsts.iter().filter_map(|f| f.parse().ok()).collect();
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
        // Games new to the club, as the server takes those before them.
        self.create_waiting_games();
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
        // What the engine did meanwhile (archives read first).
        self.run_effects(&mut io);
        // Stored games, as the server keeps up.
        let (unanswered, quiet_ms) = self.engine.unanswered();
        let wire = Wire {
            online: self.online,
            unanswered,
            quiet_ms,
            now_ms: self.engine.now_ms(),
        };
        self.release_held_games();
        for doc in self.paced.next(wire) {
            self.engine.find(doc);
        }
        // Stored games told again, and games from archives, as the app
        // keeps them.
        for doc in self.kept.retell_next(self.engine.now_ms()) {
            self.tell_game(&doc);
        }
        self.tell_archived();
        self.run_effects(&mut io);
        // The club's changes, read together (paced: ticks come back), and
        // not in a turn that sends a change or tells the app of a game: a
        // hand goes first (a club of 5,000 games took 0.5-1.2 s to read at
        // 4x, and a hand waited behind it), once, so a busy phone still
        // reads its club in the next turn.
        let hand_first = !io.is_empty() || self.out.iter().any(FromWorker::is_game);
        let read_due = self.club_changed && self.engine.now_ms() >= self.club_read_after;
        if read_due && hand_first && !self.club_read_put_off {
            self.club_read_put_off = true;
        } else if read_due {
            self.club_read_put_off = false;
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
            self.note_if_server_has(&doc);
            self.settle_if_held(&doc);
            self.settle_archive(&doc);
        }
        // Finished games settled meanwhile, into the club's archives.
        self.write_archives();
        self.run_effects(&mut io);
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
                    Effect::Unavailable(doc) => self.unavailable(&doc),
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
                    || !self.created.is_empty()
                    || self.archives.writing(),
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
                            // Games made here by an earlier page, not yet
                            // named by the index.
                            for doc in self.made.restored() {
                                self.engine.find(doc);
                            }
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

    /// Whether this phone's storage held `doc` when the worker started.
    fn is_stored(&self, doc: &DocumentId) -> bool {
        self.stored.contains(doc)
    }
}

enum Kind {
    Club,
    Game(String),
    /// An archive of finished games, of this block.
    Archive(String),
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
        archive_doc::ARCHIVE_DOC => archive_doc::block_in(doc).map(Kind::Archive),
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
