//! The sync engine natively: two phones and a server (three engines, the
//! server one listening as the reference sync server does) wired in
//! memory. A club created on one phone is found on the other through the
//! server; a hand saved on one reaches the other; changes made while
//! apart merge, both values of one hand kept; a phone that restarts from
//! its own storage has everything.

use std::collections::HashMap;

use automerge::{AutoCommit, Automerge, ReadDoc};
use chicken_scores::club::engine::{Effect, Engine};
use chicken_scores::club::{club_doc, game_doc};
use rand_core_09::RngCore;
use samod_core::io::{IoResult, StorageResult, StorageTask};
use samod_core::{ConnectionId, DocumentId, LoaderState, PeerId, SamodLoader, StorageKey};

/// A test's generator (samod-core names peers and documents with it).
struct TestRng(u64);

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

fn clock() -> u128 {
    1_790_000_000_000
}

#[derive(Default, Clone)]
struct Store(HashMap<StorageKey, Vec<u8>>);

impl Store {
    fn perform(&mut self, task: StorageTask) -> StorageResult {
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

struct Peer {
    engine: Engine<TestRng>,
    store: Store,
    ready: Vec<DocumentId>,
    changed: Vec<DocumentId>,
    online: bool,
    /// Dial requests not yet answered.
    dials: Vec<samod_core::DialerId>,
}

fn peer(name: &str, seed: u64, store: Store) -> Peer {
    let mut rng = TestRng(seed);
    let mut loader = SamodLoader::new(PeerId::from(name));
    let mut store = store;
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
    Peer {
        engine: Engine::new(hub, rng, clock),
        store,
        ready: vec![],
        changed: vec![],
        online: false,
        dials: vec![],
    }
}

/// The wires between phones and the server: (phone, its connection,
/// the server's connection for it).
struct Net {
    server: Peer,
    phones: Vec<Peer>,
    links: Vec<Option<(ConnectionId, ConnectionId)>>,
}

impl Net {
    fn new(phones: usize) -> Net {
        let mut server = peer("storage-server", 1, Store::default());
        server.engine.listen("ws://server/").unwrap();
        Net {
            server,
            phones: (0..phones)
                .map(|i| peer(&format!("phone-{i}"), 100 + i as u64, Store::default()))
                .collect(),
            links: vec![None; phones],
        }
    }

    fn connect(&mut self, i: usize) {
        self.phones[i].engine.dial("ws://server/").unwrap();
        self.settle();
    }

    fn disconnect(&mut self, i: usize) {
        if let Some((phone_conn, server_conn)) = self.links[i].take() {
            self.phones[i].engine.lost(phone_conn);
            self.server.engine.lost(server_conn);
        }
        self.settle();
    }

    /// Runs every effect until nothing is left to do.
    fn settle(&mut self) {
        for _ in 0..10_000 {
            let mut busy = false;
            // The phones.
            for i in 0..self.phones.len() {
                let effects = self.phones[i].engine.take_effects();
                busy |= !effects.is_empty();
                for effect in effects {
                    match effect {
                        Effect::Send { bytes, .. } => {
                            if let Some((_, server_conn)) = self.links[i] {
                                self.server.engine.receive(server_conn, bytes);
                            }
                        }
                        Effect::Dial { dialer, .. } => self.phones[i].dials.push(dialer),
                        other => apply_local(&mut self.phones[i], other),
                    }
                }
                // A dial is answered: the socket opens.
                for dialer in std::mem::take(&mut self.phones[i].dials) {
                    let server_conn = self.server.engine.accept().expect("the server accepts");
                    self.phones[i].engine.opened(dialer);
                    let phone_conn = self.phones[i].engine.connection_of(dialer).unwrap();
                    self.links[i] = Some((phone_conn, server_conn));
                    busy = true;
                }
            }
            // The server.
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
                            let (phone_conn, _) = self.links[i].unwrap();
                            self.phones[i].engine.receive(phone_conn, bytes);
                        }
                    }
                    other => apply_local(&mut self.server, other),
                }
            }
            if !busy {
                return;
            }
        }
        panic!("the network never settled");
    }
}

fn apply_local(p: &mut Peer, effect: Effect) {
    match effect {
        Effect::Store { actor, task } => {
            let payload = p.store.perform(task.action);
            p.engine.stored(
                actor,
                IoResult {
                    task_id: task.task_id,
                    payload,
                },
            );
        }
        Effect::Ready(doc) => p.ready.push(doc),
        Effect::Changed(doc) => p.changed.push(doc),
        Effect::Online(_) => p.online = true,
        Effect::Offline(_) => p.online = false,
        Effect::Close(_) | Effect::Send { .. } | Effect::Dial { .. } => {}
    }
}

fn record() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/release-2/chickenfoot-double-6-finished.json"
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    serde_json::to_string(&v["record"]).unwrap()
}

fn with_log(record: &str, n: usize) -> String {
    let mut v: serde_json::Value = serde_json::from_str(record).unwrap();
    let log = v["log"].as_array().unwrap()[..n].to_vec();
    v["log"] = serde_json::Value::Array(log);
    serde_json::to_string(&v).unwrap()
}

fn log_len(p: &Peer, doc: &DocumentId) -> usize {
    p.engine
        .read(doc, |d| {
            let g = game_doc::read(d).unwrap();
            serde_json::from_str::<serde_json::Value>(&g.record).unwrap()["log"]
                .as_array()
                .unwrap()
                .len()
        })
        .unwrap()
}

fn new_doc(f: impl FnOnce(&mut AutoCommit)) -> Automerge {
    let mut doc = AutoCommit::new();
    f(&mut doc);
    doc.document().clone()
}

#[test]
fn a_club_and_a_game_travel_from_one_phone_to_another_through_the_server() {
    let mut net = Net::new(2);
    net.connect(0);
    net.connect(1);
    assert!(
        net.phones[0].online && net.phones[1].online,
        "both phones online"
    );

    // Phone 0 creates the club and a game, and indexes the game.
    let full = record();
    net.phones[0]
        .engine
        .create(new_doc(|d| club_doc::create(d, "Thursdays").unwrap()));
    net.settle();
    let club = net.phones[0].ready.pop().expect("the club is created");
    net.phones[0].engine.create(new_doc(|d| {
        game_doc::create(d, &with_log(&full, 2)).unwrap()
    }));
    net.settle();
    let game = net.phones[0].ready.pop().expect("the game is created");
    let url = samod_core::AutomergeUrl::from(&game).to_string();
    net.phones[0].engine.change(&club, |d| {
        let mut tx = d.transaction();
        club_doc::add_game(&mut tx, "g1", &url).unwrap();
        tx.commit();
    });
    net.settle();

    // Phone 1 joins by the club's address and finds the game through it.
    net.phones[1].engine.find(club.clone());
    net.settle();
    assert!(net.phones[1].ready.contains(&club), "the club is found");
    let read = net.phones[1]
        .engine
        .read(&club, |d| club_doc::read(d).unwrap())
        .unwrap();
    assert_eq!(read.name, "Thursdays");
    let found: samod_core::AutomergeUrl = read.games[0].1.parse().unwrap();
    net.phones[1].engine.find(found.document_id().clone());
    net.settle();
    assert_eq!(log_len(&net.phones[1], &game), 2);

    // A hand saved on phone 1 shows on phone 0.
    net.phones[0].changed.clear();
    net.phones[1].engine.change(&game, |d| {
        let mut tx = d.transaction();
        game_doc::apply_edit(&mut tx, &with_log(&full, 2), &with_log(&full, 3)).unwrap();
        tx.commit();
    });
    net.settle();
    assert!(
        net.phones[0].changed.contains(&game),
        "phone 0 hears of the change"
    );
    assert_eq!(log_len(&net.phones[0], &game), 3);
}

#[test]
fn hands_scored_apart_merge_when_the_phones_meet_again_and_both_are_kept() {
    let mut net = Net::new(2);
    net.connect(0);
    net.connect(1);
    let full = record();
    net.phones[0].engine.create(new_doc(|d| {
        game_doc::create(d, &with_log(&full, 2)).unwrap()
    }));
    net.settle();
    let game = net.phones[0].ready.pop().unwrap();
    net.phones[1].engine.find(game.clone());
    net.settle();
    assert_eq!(log_len(&net.phones[1], &game), 2);

    // The server goes away; both phones score the third hand.
    net.disconnect(0);
    net.disconnect(1);
    assert!(!net.phones[0].online && !net.phones[1].online);
    let mut other: serde_json::Value = serde_json::from_str(&with_log(&full, 4)).unwrap();
    other["log"].as_array_mut().unwrap().remove(2);
    let other = serde_json::to_string(&other).unwrap();
    for (i, after) in [(0, with_log(&full, 3)), (1, other)] {
        net.phones[i].engine.change(&game, |d| {
            let mut tx = d.transaction();
            game_doc::apply_edit(&mut tx, &with_log(&full, 2), &after).unwrap();
            tx.commit();
        });
    }
    net.settle();

    // Back online: both phones see both hands, and are asked.
    net.connect(0);
    net.connect(1);
    for p in &net.phones {
        let g = p
            .engine
            .read(&game, |d| game_doc::read(d).unwrap())
            .unwrap();
        assert_eq!(g.conflicts.len(), 1, "the third hand has two values");
        assert_eq!(g.conflicts[0].values.len(), 2);
    }
}

#[test]
fn a_phone_restarted_from_its_own_storage_has_its_documents_offline() {
    let mut net = Net::new(1);
    let full = record();
    // Never online: created and changed offline.
    net.phones[0].engine.create(new_doc(|d| {
        game_doc::create(d, &with_log(&full, 3)).unwrap()
    }));
    net.settle();
    let game = net.phones[0].ready.pop().unwrap();
    let store = net.phones[0].store.clone();
    assert!(!store.0.is_empty(), "the document is stored");

    let mut again = peer("phone-0", 7, store);
    again.engine.find(game.clone());
    for _ in 0..100 {
        let effects = again.engine.take_effects();
        if effects.is_empty() {
            break;
        }
        for e in effects {
            apply_local(&mut again, e);
        }
    }
    assert!(again.ready.contains(&game), "found in its own storage");
    assert_eq!(log_len(&again, &game), 3);
    let _ = again.engine.read(&game, |d| d.get_heads().len()).unwrap();
    let _: Option<()> = again.engine.read(&game, |d| {
        assert!(d.get(automerge::ROOT, "log").unwrap().is_some());
    });
}
