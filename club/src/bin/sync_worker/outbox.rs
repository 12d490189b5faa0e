//! What the worker tells the app, each message once every write asked
//! before it is on disk (`chicken_club::write_order`), and the marks a
//! benchmark reads its phases by.

use std::cell::RefCell;

use chicken_club::message::FromWorker;
use chicken_club::write_order::{Batch, WriteOrder};
use samod_core::io::{IoTaskId, StorageTask};
use samod_core::DocumentActorId;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::DedicatedWorkerGlobalScope;

/// A write of the worker's: the engine's (answered once done) or the
/// replica's words of what the app holds.
pub struct Write {
    pub answer: Option<(DocumentActorId, IoTaskId)>,
    pub action: StorageTask,
}

thread_local! {
    static ORDER: RefCell<WriteOrder<Write, FromWorker>> = RefCell::default();
}

/// Says `msg` to the app at once (what is not about a game's copy: a
/// refusal, a failure).
pub fn tell(msg: &FromWorker) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let _ = scope.post_message(&JsValue::from_str(&msg.to_text()));
}

/// Says `msgs` to the app, in order, once the writes asked before them
/// are on disk.
pub fn tell_after_writes(msgs: Vec<FromWorker>) {
    for msg in &msgs {
        match msg {
            FromWorker::Club { .. } => mark("told club"),
            FromWorker::Game { .. } => mark("told game"),
            _ => {}
        }
    }
    let now = ORDER.with(|o| o.borrow_mut().tell(msgs));
    now.iter().for_each(tell);
}

/// Asks for `writes`, after every write asked before.
pub fn ask(writes: impl IntoIterator<Item = Write>) {
    ORDER.with(|o| o.borrow_mut().ask(writes));
}

/// Whether a batch of writes is being committed.
pub fn is_writing() -> bool {
    ORDER.with(|o| o.borrow().is_writing())
}

/// Every write queued, as one batch to commit now.
pub fn take_batch() -> Option<Batch<Write>> {
    ORDER.with(|o| o.borrow_mut().take_batch())
}

/// Batch `end` ended (`ok`: committed): the messages waiting on it are
/// told (a game's copy told as the club's is dropped if it failed: the
/// page hands the game over again).
pub fn batch_done(end: u64, ok: bool) {
    let now = ORDER.with(|o| o.borrow_mut().done(end, ok, |m| !m.is_game()));
    now.iter().for_each(tell);
}

/// Forgets every write and message waiting (the phone left its club).
pub fn clear() {
    ORDER.with(|o| o.borrow_mut().clear());
}

/// The most marks a worker makes (each stays in its timeline).
const MAX_MARKS: u32 = 200;

/// Marks `name` on the worker's performance timeline, where a benchmark
/// reads its phases (tests/browser/trace_reopen.mjs); the first
/// [`MAX_MARKS`] only.
pub fn mark(name: &str) {
    thread_local!(static MARKED: std::cell::Cell<u32> = const { std::cell::Cell::new(0) });
    if MARKED.with(|m| m.replace(m.get().saturating_add(1))) >= MAX_MARKS {
        return;
    }
    let Ok(perf) = js_sys::Reflect::get(&js_sys::global(), &"performance".into()) else {
        return;
    };
    if let Ok(f) = js_sys::Reflect::get(&perf, &"mark".into()) {
        if let Ok(f) = f.dyn_into::<js_sys::Function>() {
            let _ = f.call1(&perf, &name.into());
        }
    }
}
