//! The club's engines wired in memory for the native tests: phones (each
//! a replica with its storage) and a server listening as the reference
//! sync server does.
#![allow(dead_code)]

use std::collections::HashMap;

use chicken_club::engine::{Effect, Engine};
use chicken_club::kept::Kept;
use chicken_club::message::{Asked, FromWorker, ToWorker};
use chicken_club::replica::Replica;
use rand_core_09::RngCore;
use samod_core::io::{IoResult, StorageResult, StorageTask};
use samod_core::{ConnectionId, LoaderState, PeerId, SamodLoader, StorageKey};

/// A test's generator (samod-core names peers and documents with it).
pub struct TestRng(pub u64);

impl RngCore for TestRng {
    fn next_u32(&mut self) -> u32 {
        self.next_u64() as u32
    }
    fn next_u64(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        for chunk in dest.chunks_mut(8) {
            let v = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }
}

/// A clock that moves on 100 ms each time it is read (dialers retry
/// after a delay).
pub fn clock() -> u128 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NOW: AtomicU64 = AtomicU64::new(1_790_000_000_000);
    u128::from(NOW.fetch_add(100, Ordering::Relaxed))
}

/// A phone's storage, and how many parts of documents (snapshots and
/// increments) were written to it.
#[derive(Default, Clone)]
pub struct Store(pub HashMap<StorageKey, Vec<u8>>, pub usize);

impl Store {
    pub fn perform(&mut self, task: StorageTask) -> StorageResult {
        match task {
            StorageTask::Load { key } => StorageResult::Load {
                value: self.0.get(&key).cloned(),
            },
            StorageTask::LoadRange { prefix } => StorageResult::LoadRange {
                values: self
                    .0
                    .iter()
                    .filter(|(k, _)| prefix.is_prefix_of(k))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect(),
            },
            StorageTask::Put { key, value } => {
                let part = (&key).into_iter().nth(1);
                if part.is_some_and(|part| part == "snapshot" || part == "incremental") {
                    self.1 += 1;
                }
                self.0.insert(key, value);
                StorageResult::Put
            }
            StorageTask::Delete { key } => {
                self.0.remove(&key);
                StorageResult::Delete
            }
        }
    }
}

/// A phone: its replica of the club, its storage, what the app was told.
pub struct Phone {
    pub replica: Replica<TestRng>,
    pub store: Store,
    pub told: Vec<FromWorker>,
    pub online: bool,
    pub dials: Vec<samod_core::DialerId>,
}

/// The server: an engine listening, as the reference sync server does.
pub struct Server {
    pub engine: Engine<TestRng>,
    pub store: Store,
}

pub fn hub(name: &str, seed: u64, store: &mut Store) -> Engine<TestRng> {
    let mut rng = TestRng(seed);
    let mut loader = SamodLoader::new(PeerId::from(name));
    let hub = loop {
        match loader.step(&mut rng, samod_core::UnixTimestamp::from_millis(clock())) {
            LoaderState::NeedIo(tasks) => {
                for task in tasks {
                    let payload = store.perform(task.action);
                    loader.provide_io_result(IoResult {
                        task_id: task.task_id,
                        payload,
                    });
                }
            }
            LoaderState::Loaded(hub) => break hub,
        }
    };
    Engine::new(hub, rng, clock)
}

pub fn phone(name: &str, seed: u64, mut store: Store) -> Phone {
    // Paced as in the worker: a change of the club's document is read
    // after a while (this clock moves on at each reading).
    let mut replica = Replica::new(hub(name, seed, &mut store));
    replica.pace_club_reads(0);
    Phone {
        replica,
        store,
        told: vec![],
        online: false,
        dials: vec![],
    }
}

pub const SERVER: &str = "ws://server/";

/// The wires between phones and the server: (phone's connection, the
/// server's connection for it).
pub struct Net {
    pub server: Server,
    pub phones: Vec<Phone>,
    pub links: Vec<Option<(ConnectionId, ConnectionId)>>,
    /// Phones whose network is off: their dials fail.
    pub off: Vec<bool>,
    /// Phones the server's messages are held from (sent, not arrived yet).
    pub muted: Vec<bool>,
    pub held: Vec<Vec<Vec<u8>>>,
    /// The bytes each phone has sent the server.
    pub sent: Vec<usize>,
    /// Each message each phone has sent the server.
    pub messages: Vec<Vec<Vec<u8>>>,
}

impl Net {
    pub fn new(phones: usize) -> Net {
        let mut store = Store::default();
        let mut engine = hub("storage-server", 1, &mut store);
        engine.listen(SERVER).unwrap();
        Net {
            server: Server { engine, store },
            phones: (0..phones)
                .map(|i| phone(&format!("phone-{i}"), 100 + i as u64, Store::default()))
                .collect(),
            links: vec![None; phones],
            off: vec![false; phones],
            muted: vec![false; phones],
            held: vec![Vec::new(); phones],
            sent: vec![0; phones],
            messages: vec![Vec::new(); phones],
        }
    }

    /// A third phone called `name` joins the club at `url` (as any
    /// member's older or buggy app could); its index.
    pub fn join_third(&mut self, name: &str, seed: u64, url: &str) -> usize {
        self.phones.push(phone(name, seed, Store::default()));
        self.links.push(None);
        self.off.push(false);
        self.muted.push(false);
        self.held.push(Vec::new());
        self.sent.push(0);
        self.messages.push(Vec::new());
        let i = self.phones.len() - 1;
        self.start(i, Some(url.to_string()), None);
        i
    }

    /// Phone `i` writes `edit` into the club's document at `url`; whether
    /// it had the document.
    pub fn change_club(
        &mut self,
        i: usize,
        url: &str,
        edit: impl FnOnce(&mut automerge::transaction::Transaction<'_>),
    ) -> bool {
        let club = url
            .parse::<samod_core::AutomergeUrl>()
            .unwrap()
            .document_id()
            .clone();
        let changed = self.phones[i].replica.engine.change(&club, |d| {
            let mut tx = d.transaction();
            edit(&mut tx);
            tx.commit();
        });
        self.settle();
        changed.is_some()
    }

    /// Phone `i` says `msg` to its worker.
    pub fn say(&mut self, i: usize, msg: ToWorker) {
        self.phones[i].replica.handle(msg);
        self.settle();
    }

    pub fn start(&mut self, i: usize, club: Option<String>, create: Option<&str>) {
        self.say(
            i,
            ToWorker::Start {
                server: SERVER.into(),
                club,
                create: create.map(str::to_string),
            },
        );
    }

    pub fn offline(&mut self, i: usize) {
        self.off[i] = true;
        self.held[i].clear();
        self.muted[i] = false;
        if let Some((phone_conn, server_conn)) = self.links[i].take() {
            self.phones[i].replica.engine.lost(phone_conn, None);
            self.server.engine.lost(server_conn, None);
        }
        self.settle();
    }

    pub fn online(&mut self, i: usize) {
        self.off[i] = false;
        // A new connection: nothing held on it.
        self.muted[i] = false;
        // The dialer retries on a tick.
        for _ in 0..50 {
            self.phones[i].replica.engine.tick();
            self.settle();
            if self.phones[i].online {
                return;
            }
        }
        panic!("phone {i} never came back online");
    }

    /// The server's messages to phone `i` are held from now on.
    pub fn mute(&mut self, i: usize) {
        self.muted[i] = true;
    }

    /// The server's messages held from phone `i` arrive (the first
    /// `n` of them, in order), and what follows them.
    pub fn release(&mut self, i: usize, n: usize) {
        let n = n.min(self.held[i].len());
        let arriving: Vec<Vec<u8>> = self.held[i].drain(..n).collect();
        if let Some((phone_conn, _)) = self.links[i] {
            for bytes in arriving {
                self.phones[i].replica.engine.receive(phone_conn, bytes);
            }
        }
        self.settle();
    }

    /// The server's messages to phone `i` arrive again, those held first.
    pub fn unmute(&mut self, i: usize) {
        self.muted[i] = false;
        let all = self.held[i].len();
        self.release(i, all);
    }

    /// What phone `i`'s app was last told of its changes still to reach
    /// the server.
    pub fn sending(&self, i: usize) -> Option<usize> {
        self.phones[i].told.iter().rev().find_map(|m| match m {
            FromWorker::Sending { left } => Some(*left),
            _ => None,
        })
    }

    /// A second passes (what waits to be written together is).
    pub fn a_moment(&mut self) {
        for _ in 0..12 {
            for p in &mut self.phones {
                p.replica.engine.tick();
            }
            self.settle();
        }
    }

    /// Runs every effect until nothing is left to do.
    pub fn settle(&mut self) {
        for _ in 0..10_000 {
            if !self.step() {
                return;
            }
        }
        panic!("the network never settled");
    }

    /// One pass over every phone's and the server's effects, as a
    /// worker's turn does; whether anything was done.
    pub fn step(&mut self) -> bool {
        {
            let mut busy = false;
            for i in 0..self.phones.len() {
                let effects = self.phones[i].replica.take_io();
                let told = self.phones[i].replica.take_messages();
                for (key, value) in self.phones[i].replica.take_kept_writes() {
                    match value {
                        Some(value) => self.phones[i].store.0.insert(key, value),
                        None => self.phones[i].store.0.remove(&key),
                    };
                }
                busy |= !effects.is_empty()
                    || !told.is_empty()
                    || self.phones[i].replica.club_read_waits();
                for m in told {
                    if let FromWorker::Online { online, .. } = m {
                        self.phones[i].online = online;
                    }
                    self.phones[i].told.push(m);
                }
                for effect in effects {
                    match effect {
                        Effect::Send { bytes, .. } => {
                            self.sent[i] += bytes.len();
                            self.messages[i].push(bytes.clone());
                            if let Some((_, server_conn)) = self.links[i] {
                                self.server.engine.receive(server_conn, bytes);
                            }
                        }
                        Effect::Dial { dialer, .. } => self.phones[i].dials.push(dialer),
                        Effect::Store { actor, task } => {
                            let payload = self.phones[i].store.perform(task.action);
                            self.phones[i].replica.engine.stored(
                                actor,
                                IoResult {
                                    task_id: task.task_id,
                                    payload,
                                },
                            );
                        }
                        _ => {}
                    }
                }
                for dialer in std::mem::take(&mut self.phones[i].dials) {
                    busy = true;
                    if self.off[i] {
                        self.phones[i].replica.engine.dial_failed(dialer, "offline");
                        continue;
                    }
                    let server_conn = self.server.engine.accept().expect("the server accepts");
                    self.phones[i].replica.engine.opened(dialer);
                    let phone_conn = self.phones[i].replica.engine.connection_of(dialer).unwrap();
                    self.links[i] = Some((phone_conn, server_conn));
                }
            }
            let effects = self.server.engine.take_effects();
            busy |= !effects.is_empty();
            for effect in effects {
                match effect {
                    Effect::Send { conn, bytes } => {
                        if let Some(i) = self
                            .links
                            .iter()
                            .position(|l| l.is_some_and(|(_, s)| s == conn))
                        {
                            if self.muted[i] {
                                self.held[i].push(bytes);
                                continue;
                            }
                            let (phone_conn, _) = self.links[i].unwrap();
                            self.phones[i].replica.engine.receive(phone_conn, bytes);
                        }
                    }
                    Effect::Store { actor, task } => {
                        let payload = self.server.store.perform(task.action);
                        self.server.engine.stored(
                            actor,
                            IoResult {
                                task_id: task.task_id,
                                payload,
                            },
                        );
                    }
                    _ => {}
                }
            }
            busy
        }
    }

    /// The last thing phone `i`'s app was told of game `id`.
    pub fn game(&self, i: usize, id: &str) -> Option<(String, Vec<Asked>)> {
        self.phones[i].told.iter().rev().find_map(|m| match m {
            FromWorker::Game {
                id: g,
                record,
                asked,
                ..
            } if g == id => Some((record.clone(), asked.clone())),
            _ => None,
        })
    }

    /// The last game `id` phone `i`'s app was told: which of its saves
    /// it holds, and its entries.
    pub fn last_save_told(&self, i: usize, id: &str) -> Option<(u64, usize)> {
        self.phones[i].told.iter().rev().find_map(|m| match m {
            FromWorker::Game {
                id: g, seq, record, ..
            } if g == id => Some((*seq, entries(record))),
            _ => None,
        })
    }

    /// The club as phone `i`'s app was last told.
    pub fn club(&self, i: usize) -> Option<(String, String, usize, usize)> {
        self.phones[i].told.iter().rev().find_map(|m| match m {
            FromWorker::Club {
                url,
                name,
                games,
                here,
                ..
            } => Some((url.clone(), name.clone(), *games, *here)),
            _ => None,
        })
    }
}

pub fn record() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/release-2/chickenfoot-double-6-finished.json"
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    serde_json::to_string(&v["record"]).unwrap()
}

pub fn with_log(record: &str, n: usize) -> String {
    let mut v: serde_json::Value = serde_json::from_str(record).unwrap();
    let log = v["log"].as_array().unwrap()[..n].to_vec();
    v["log"] = serde_json::Value::Array(log);
    serde_json::to_string(&v).unwrap()
}

/// `full` as a game of its own, called `id`, with `n` entries.
pub fn game_called(full: &str, id: &str, n: usize) -> String {
    let mut v: serde_json::Value = serde_json::from_str(&with_log(full, n)).unwrap();
    v["id"] = serde_json::Value::String(id.to_string());
    serde_json::to_string(&v).unwrap()
}

pub fn entries(record: &str) -> usize {
    serde_json::from_str::<serde_json::Value>(record).unwrap()["log"]
        .as_array()
        .unwrap()
        .len()
}

pub fn id_of(record: &str) -> String {
    serde_json::from_str::<serde_json::Value>(record).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Two phones in one club, a game of two hands saved on the first and
/// arrived on the second.
pub fn club_of_two() -> (Net, String, String) {
    let mut net = Net::new(2);
    net.start(0, None, Some("Thursdays"));
    let (url, name, _, _) = net.club(0).expect("the club is created");
    assert_eq!(name, "Thursdays");
    assert!(url.starts_with("automerge:"));
    net.start(1, Some(url.clone()), None);
    assert_eq!(net.club(1).map(|c| c.1), Some("Thursdays".to_string()));
    let full = record();
    let id = id_of(&full);
    net.say(
        0,
        ToWorker::Saved {
            seq: 0,
            id: id.clone(),
            before: None,
            record: with_log(&full, 2),
            at: None,
        },
    );
    let (arrived, asked) = net.game(1, &id).expect("the game reaches the second phone");
    assert_eq!(entries(&arrived), 2);
    assert!(asked.is_empty());
    (net, url, full)
}

/// Phone `i` offline, and a new page's worker of it started from its
/// storage on the club at `url`: not yet in `net` (nothing settled).
pub fn restarted(net: &mut Net, i: usize, seed: u64, url: String) -> Phone {
    let store = net.phones[i].store.clone();
    net.offline(i);
    let mut again = phone(&format!("phone-{i}"), seed, store);
    // As the worker does on starting: the games its app holds as they are.
    let prefix = Kept::prefix().unwrap();
    if let StorageResult::LoadRange { values } =
        again.store.perform(StorageTask::LoadRange { prefix })
    {
        again.replica.kept_stored(values);
    }
    // And the documents its storage holds.
    let keys: Vec<StorageKey> = again.store.0.keys().cloned().collect();
    again.replica.stored_documents(keys);
    again.replica.handle(ToWorker::Start {
        server: SERVER.into(),
        club: Some(url),
        create: None,
    });
    again
}

/// The Automerge sync message inside a wire message of the repo's
/// protocol (its CBOR map's `data`, a byte string), if any.
pub fn sync_data(wire: &[u8]) -> Option<Vec<u8>> {
    let at = wire.windows(5).position(|w| w == b"\x64data")? + 5;
    let byte = |i: usize| wire.get(i).map(|b| *b as usize);
    let (len, start) = match *wire.get(at)? {
        b @ 0x40..=0x57 => (usize::from(b - 0x40), at + 1),
        0x58 => (byte(at + 1)?, at + 2),
        0x59 => ((byte(at + 1)? << 8) | byte(at + 2)?, at + 3),
        0x5a => (
            (byte(at + 1)? << 24) | (byte(at + 2)? << 16) | (byte(at + 3)? << 8) | byte(at + 4)?,
            at + 5,
        ),
        _ => return None,
    };
    wire.get(start..start + len).map(<[u8]>::to_vec)
}

/// Whether a wire message of the repo's protocol is of document `name`
/// (its CBOR map's `documentId`, a text).
pub fn is_of(wire: &[u8], name: &str) -> bool {
    let Some(at) = wire.windows(11).position(|w| w == b"\x6adocumentId") else {
        return false;
    };
    let text = &wire[at + 11..];
    let (len, start) = match text.first() {
        Some(b @ 0x60..=0x77) => (usize::from(b - 0x60), 1),
        Some(0x78) => (text.get(1).map_or(0, |b| usize::from(*b)), 2),
        _ => return false,
    };
    text.get(start..start + len) == Some(name.as_bytes())
}

/// The hashes of the changes a wire message carries (a whole document:
/// every change in it).
pub fn changes_carried(wire: &[u8]) -> Vec<automerge::ChangeHash> {
    let Some(msg) = sync_data(wire).and_then(|d| automerge::sync::Message::decode(&d).ok()) else {
        return Vec::new();
    };
    let mut hashes = Vec::new();
    for chunk in msg.changes.iter() {
        // A change (its dependencies may be elsewhere), else a document.
        if let Ok(change) = automerge::Change::from_bytes(chunk.to_vec()) {
            hashes.push(change.hash());
        } else if let Ok(doc) = automerge::Automerge::load(chunk) {
            hashes.extend(doc.get_changes(&[]).iter().map(|c| c.hash()));
        }
    }
    hashes
}
