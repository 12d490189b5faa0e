//! The worker's event loop: the app's messages, the WebSocket's events,
//! the storage's answers and a tick drive the replica; whatever it asks
//! for is done here, whatever it tells goes to the app.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use chicken_club::engine::{Effect, Engine};
use chicken_club::kept::Kept;
use chicken_club::message::{FromWorker, ToWorker};
use chicken_club::replica::Replica;
use js_sys::{ArrayBuffer, Uint8Array};
use rand_core_09::RngCore;
use samod_core::io::{IoResult, StorageResult, StorageTask};
use samod_core::{ConnectionId, DialerId, LoaderState, PeerId, SamodLoader, UnixTimestamp};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::spawn_local;
use web_sys::{BinaryType, CloseEvent, DedicatedWorkerGlobalScope, MessageEvent, WebSocket};

use crate::chunks::Chunks;
use crate::inbox::{Inbox, TURN_MS};
use crate::outbox::{self, mark, tell, Write};

/// Random bits from the browser's crypto source, for samod-core's ids.
struct CryptoRng;

impl RngCore for CryptoRng {
    fn next_u32(&mut self) -> u32 {
        let mut b = [0u8; 4];
        self.fill_bytes(&mut b);
        u32::from_le_bytes(b)
    }
    fn next_u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        self.fill_bytes(&mut b);
        u64::from_le_bytes(b)
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        // The crypto source does not fail in a worker; if it ever did, the
        // ids would still be told apart by the rest of their bits.
        let _ = getrandom::fill(dest);
    }
}

fn clock() -> u128 {
    js_sys::Date::now() as u128
}

struct Worker {
    replica: Replica<CryptoRng>,
    chunks: Rc<Chunks>,
    sockets: HashMap<DialerId, WebSocket>,
    conns: HashMap<ConnectionId, DialerId>,
}

type Shared = Rc<RefCell<Option<Worker>>>;

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

/// Starts the worker: opens its storage, loads the hub, then answers the
/// app (messages that arrive before are kept and handled in order).
pub fn start() {
    let shared: Shared = Rc::new(RefCell::new(None));
    let inbox: Rc<Inbox> = Rc::default();
    // The storage failed to open or load: the replica never starts.
    let failed = Rc::new(std::cell::Cell::new(false));
    {
        let shared = shared.clone();
        let inbox = inbox.clone();
        let failed = failed.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let Some(text) = e.data().as_string() else {
                return;
            };
            let Ok(msg) = serde_json::from_str::<ToWorker>(&text) else {
                return;
            };
            if msg == ToWorker::Leave && failed.get() {
                return clear_and_tell();
            }
            inbox.push(msg);
            if shared.borrow().is_some() {
                ask_turn(&shared, &inbox);
            }
        });
        scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
    }
    // Storage that failed stops the replica; a leave asked meanwhile is
    // still answered.
    let give_up = {
        let inbox = inbox.clone();
        move || {
            failed.set(true);
            if inbox.has_leave() {
                clear_and_tell();
            }
        }
    };
    spawn_local(async move {
        let chunks = match Chunks::open().await {
            Ok(c) => Rc::new(c),
            Err(e) => {
                tell(&FromWorker::Refused {
                    url: String::new(),
                    message: format!("The club's storage cannot open: {}.", e),
                });
                return give_up();
            }
        };
        mark("storage open");
        let Some(hub) = load_hub(&chunks).await else {
            chunks.close();
            return give_up();
        };
        mark("hub loaded");
        let mut replica = Replica::new(Engine::new(hub, CryptoRng, clock));
        replica.pace_club_reads(0);
        // The games the app holds as they are (not told again), and
        // which of them rest (read before the stored documents).
        if let Some(prefix) = Kept::prefix() {
            if let Ok(StorageResult::LoadRange { values }) =
                chunks.perform(StorageTask::LoadRange { prefix }).await
            {
                replica.kept_stored(values);
            }
        }
        mark("kept words read");
        // The games here, should the club's index be unreadable.
        if let Ok(keys) = chunks.documents().await {
            replica.stored_documents(keys);
        }
        mark("stored documents listed");
        *shared.borrow_mut() = Some(Worker {
            replica,
            chunks,
            sockets: HashMap::new(),
            conns: HashMap::new(),
        });
        ask_turn(&shared, &inbox);
        drive(&shared);
        // Dialers retry on ticks.
        let ticking = shared.clone();
        let tick = Closure::<dyn FnMut()>::new(move || {
            if let Some(w) = ticking.borrow_mut().as_mut() {
                w.replica.engine.tick();
            }
            drive(&ticking);
        });
        let _ = scope().set_interval_with_callback_and_timeout_and_arguments_0(
            tick.as_ref().unchecked_ref(),
            500,
        );
        tick.forget();
    });
}

/// Asks for a turn at the app's messages, after the tasks already waiting.
fn ask_turn(shared: &Shared, inbox: &Rc<Inbox>) {
    if !inbox.ask_turn() {
        return;
    }
    let (shared, inbox) = (shared.clone(), inbox.clone());
    let turn = Closure::once_into_js(move || take_turn(&shared, &inbox));
    let _ = scope().set_timeout_with_callback_and_timeout_and_arguments_0(turn.unchecked_ref(), 0);
}

/// Handles the app's messages in order for up to TURN_MS, then whatever
/// the replica asks for, once (what they change in the club's document
/// goes in one change: a drive after each message made a change, and a
/// message to the server, of each of a club's 2,000 players), then asks
/// for another turn if some are left (none once the phone has left).
fn take_turn(shared: &Shared, inbox: &Rc<Inbox>) {
    inbox.turn_begins();
    let start = clock();
    while let Some(msg) = inbox.next() {
        if msg == ToWorker::Leave {
            drive(shared);
            return leave(shared);
        }
        if matches!(msg, ToWorker::Start { .. }) {
            mark("start heard");
        }
        match shared.borrow_mut().as_mut() {
            Some(w) => w.replica.handle(msg),
            None => return,
        }
        if clock().saturating_sub(start) >= TURN_MS {
            break;
        }
    }
    drive(shared);
    if shared.borrow().is_some() && !inbox.is_empty() {
        ask_turn(shared, inbox);
    }
}

/// The phone leaves the club: the replica stops, its sockets close, and
/// the club's documents are emptied out of this worker's connection (no
/// deletion: docs/engines.md). The app stops this worker once told.
fn leave(shared: &Shared) {
    let Some(w) = shared.borrow_mut().take() else {
        return;
    };
    outbox::clear();
    // One still connecting is left to the worker's end (closing it would
    // log a failed connection in Gecko).
    for socket in w.sockets.values() {
        socket.set_onclose(None);
        socket.set_onmessage(None);
        if socket.ready_state() == WebSocket::OPEN {
            let _ = socket.close();
        }
    }
    spawn_local(async move {
        let failed = w.chunks.clear().await.err().map(|e| e.to_string());
        w.chunks.close();
        tell(&FromWorker::Left { failed });
    });
}

/// Leaving where the storage failed to load: a new connection empties the
/// club's documents (or fails to, said), then the app is told.
fn clear_and_tell() {
    spawn_local(async {
        let failed = Chunks::empty().await.err().map(|e| e.to_string());
        tell(&FromWorker::Left { failed });
    });
}

async fn load_hub(chunks: &Chunks) -> Option<Box<samod_core::actors::hub::Hub>> {
    let mut rng = CryptoRng;
    let mut peer = [0u8; 8];
    rng.fill_bytes(&mut peer);
    let name: String = peer.iter().map(|b| format!("{b:02x}")).collect();
    let mut loader = SamodLoader::new(PeerId::from(format!("phone-{name}").as_str()));
    loop {
        match loader.step(&mut rng, UnixTimestamp::from_millis(clock())) {
            LoaderState::NeedIo(tasks) => {
                for task in tasks {
                    match chunks.perform(task.action).await {
                        Ok(payload) => loader.provide_io_result(IoResult {
                            task_id: task.task_id,
                            payload,
                        }),
                        Err(e) => {
                            tell(&FromWorker::Refused {
                                url: String::new(),
                                message: format!("The club's storage failed: {}.", e),
                            });
                            return None;
                        }
                    }
                }
            }
            LoaderState::Loaded(hub) => return Some(hub),
        }
    }
}

/// Does what the replica asks, tells the app what it says, until it is
/// quiet.
fn drive(shared: &Shared) {
    loop {
        let (io, told, kept, chunks, (before, after)) = {
            let mut guard = shared.borrow_mut();
            let Some(w) = guard.as_mut() else { return };
            let before = (w.replica.club_reads(), w.replica.club_brought_up());
            (
                w.replica.take_io(),
                w.replica.take_messages(),
                w.replica.take_kept_writes(),
                w.chunks.clone(),
                (
                    before,
                    (w.replica.club_reads(), w.replica.club_brought_up()),
                ),
            )
        };
        if after.0 > before.0 {
            mark("club read whole");
        }
        if after.1 > before.1 {
            mark("club read brought up");
        }
        // The replica's words go with the engine's writes, in order (a
        // word that a game is done with written before the game's own
        // change lost the game with the worker's end).
        let words = kept.into_iter().map(|(key, value)| Write {
            answer: None,
            action: match value {
                Some(value) => StorageTask::Put { key, value },
                None => StorageTask::Delete { key },
            },
        });
        outbox::ask(words);
        // The writes asked at once go in one transaction (a join of 1,000
        // games made thousands, one each: most of the browser's work).
        let (writes, io): (Vec<_>, Vec<_>) = io.into_iter().partition(|e| {
            matches!(
                e,
                Effect::Store { task, .. }
                    if matches!(task.action, StorageTask::Put { .. } | StorageTask::Delete { .. })
            )
        });
        store_all(shared, &chunks, writes);
        // Told once what they say is on disk.
        outbox::tell_after_writes(told);
        if io.is_empty() {
            return;
        }
        for effect in io {
            match effect {
                Effect::Store { actor, task } => {
                    // A read sees every write asked before it.
                    commit_writes(shared, &chunks);
                    let shared = shared.clone();
                    let chunks = chunks.clone();
                    spawn_local(async move {
                        match chunks.perform(task.action).await {
                            Ok(payload) => {
                                if let Some(w) = shared.borrow_mut().as_mut() {
                                    w.replica.engine.stored(
                                        actor,
                                        IoResult {
                                            task_id: task.task_id,
                                            payload,
                                        },
                                    );
                                }
                                drive(&shared);
                            }
                            Err(e) => tell(&FromWorker::Refused {
                                url: String::new(),
                                message: format!("The club's storage failed: {}.", e),
                            }),
                        }
                    });
                }
                Effect::Send { conn, bytes } => {
                    let guard = shared.borrow();
                    let socket = guard
                        .as_ref()
                        .and_then(|w| w.conns.get(&conn).and_then(|d| w.sockets.get(d)));
                    if let Some(socket) = socket {
                        let _ = socket.send_with_u8_array(&bytes);
                    }
                }
                Effect::Close(conn) => {
                    let guard = shared.borrow();
                    if let Some(socket) = guard
                        .as_ref()
                        .and_then(|w| w.conns.get(&conn).and_then(|d| w.sockets.get(d)))
                    {
                        let _ = socket.close();
                    }
                }
                Effect::Dial { dialer, url } => dial(shared, dialer, &url),
                _ => {}
            }
        }
    }
}

/// Queues the engine's writes `writes`: they go in one transaction with
/// every other asked while the one before is being committed (a join of
/// 1,000 games made thousands of transactions, one per write).
fn store_all(shared: &Shared, chunks: &Rc<Chunks>, writes: Vec<Effect>) {
    outbox::ask(writes.into_iter().filter_map(|effect| match effect {
        Effect::Store { actor, task } => Some(Write {
            answer: Some((actor, task.task_id)),
            action: task.action,
        }),
        _ => None,
    }));
    if !outbox::is_writing() {
        commit_writes(shared, chunks);
    }
}

/// Commits the writes queued, in one transaction, then answers each (a
/// failed transaction is said, as a failed write is), tells what waited
/// for them, and commits those queued meanwhile. Also called before a
/// read, which then sees them.
fn commit_writes(shared: &Shared, chunks: &Rc<Chunks>) {
    // Left the club: nothing more is written.
    if shared.borrow().is_none() {
        return;
    }
    let Some(batch) = outbox::take_batch() else {
        return;
    };
    let (answers, tasks): (Vec<_>, Vec<_>) = batch
        .writes
        .into_iter()
        .map(|w| (w.answer, w.action))
        .unzip();
    let shared = shared.clone();
    let chunks = chunks.clone();
    spawn_local(async move {
        let done = chunks.write_all(tasks).await;
        match done {
            Ok(results) => {
                if let Some(w) = shared.borrow_mut().as_mut() {
                    for (answer, payload) in answers.into_iter().zip(results) {
                        if let Some((actor, task_id)) = answer {
                            w.replica
                                .engine
                                .stored(actor, IoResult { task_id, payload });
                        }
                    }
                }
                outbox::batch_done(batch.end, true);
                commit_writes(&shared, &chunks);
                drive(&shared);
            }
            Err(e) => {
                tell(&FromWorker::Refused {
                    url: String::new(),
                    message: format!("The club's storage failed: {}.", e),
                });
                outbox::batch_done(batch.end, false);
            }
        }
    });
}

/// Opens the WebSocket a dialer asked for, and wires its events to the
/// engine.
fn dial(shared: &Shared, dialer: DialerId, url: &str) {
    let socket = match WebSocket::new(url) {
        Ok(s) => s,
        Err(_) => {
            if let Some(w) = shared.borrow_mut().as_mut() {
                w.replica
                    .engine
                    .dial_failed(dialer, "the address is refused");
            }
            return;
        }
    };
    socket.set_binary_type(BinaryType::Arraybuffer);
    let on_open = {
        let shared = shared.clone();
        Closure::<dyn FnMut()>::new(move || {
            if let Some(w) = shared.borrow_mut().as_mut() {
                w.replica.engine.opened(dialer);
                if let Some(conn) = w.replica.engine.connection_of(dialer) {
                    w.conns.insert(conn, dialer);
                }
            }
            drive(&shared);
        })
    };
    let on_message = {
        let shared = shared.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let Ok(buffer) = e.data().dyn_into::<ArrayBuffer>() else {
                return;
            };
            let bytes = Uint8Array::new(&buffer).to_vec();
            if let Some(w) = shared.borrow_mut().as_mut() {
                if let Some(conn) = w.replica.engine.connection_of(dialer) {
                    w.replica.engine.receive(conn, bytes);
                }
            }
            drive(&shared);
        })
    };
    let on_close = {
        let shared = shared.clone();
        Closure::<dyn FnMut(CloseEvent)>::new(move |e: CloseEvent| {
            if let Some(w) = shared.borrow_mut().as_mut() {
                let unsent = w.sockets.remove(&dialer).map(|s| s.buffered_amount());
                match w.replica.engine.connection_of(dialer) {
                    Some(conn) if w.conns.remove(&conn).is_some() => {
                        let why = format!(
                            "the socket closed ({}{}) with {} bytes unsent {}",
                            e.code(),
                            if e.was_clean() { ", clean" } else { "" },
                            unsent.unwrap_or(0),
                            e.reason()
                        );
                        w.replica.engine.lost(conn, Some(why))
                    }
                    _ => w
                        .replica
                        .engine
                        .dial_failed(dialer, "the server did not answer"),
                }
            }
            drive(&shared);
        })
    };
    socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    on_open.forget();
    on_message.forget();
    on_close.forget();
    if let Some(w) = shared.borrow_mut().as_mut() {
        w.sockets.insert(dialer, socket);
    }
}
