//! Leaving the club on this phone: the sync stops, the membership and
//! the club's documents here go; every game stays in the app's storage.

use std::rc::Rc;

use chicken_club::message::{FromWorker, ToWorker};
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{ErrorEvent, MessageEvent, Worker};

use super::{BRIDGE, PUSHED_KEY};
use crate::app::club::ctx;
use crate::app::storage::storage;
use crate::storage::membership;
use crate::storage::StoreError;

/// Leaves the club on this phone: the sync stops, the membership goes,
/// and so do the club's documents here (the worker's store): every game
/// stays in the app's own storage, and is handed to a club joined later.
pub fn leave() {
    let leaving = BRIDGE.with(|b| b.borrow_mut().take());
    membership::clear();
    if let Some(local) = crate::storage::local_storage() {
        let _ = local.remove_item(PUSHED_KEY);
    }
    match leaving {
        Some(b) => clear_through(b.borrow().worker.clone()),
        None => clear_documents(),
    }
    ctx().status.set(crate::app::club::ClubStatus::default());
    spawn_local(async {
        let forgot: Result<_, StoreError> =
            async { storage().await?.forget_club_bases().await }.await;
        if let Err(e) = forgot {
            web_sys::console::warn_1(&format!("the club's bases were not forgotten: {e}").into());
        }
    });
}

/// How long a leaving worker has to empty out the club's documents before
/// it is stopped and the page does. It answers once its storage has
/// loaded, or failed to: stopping it while it reads would, in WebKit,
/// leave its connection open for good.
const LEAVE_AT_MOST: std::time::Duration = std::time::Duration::from_secs(60);

/// The club's documents emptied by `worker`, which holds them open, then
/// the worker stopped (its other messages are no longer heard). Emptied
/// from the page instead if it fails, does not answer, or could not.
fn clear_through(worker: Worker) {
    let done = Rc::new(std::cell::Cell::new(false));
    let finish = {
        let done = done.clone();
        move |worker: &Worker, cleared: bool| {
            if !done.replace(true) {
                worker.terminate();
                if !cleared {
                    clear_documents();
                }
            }
        }
    };
    let on_message = {
        let (worker, finish) = (worker.clone(), finish.clone());
        Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let told = e.data().as_string();
            if let Some(Ok(FromWorker::Left { failed })) = told.map(|t| serde_json::from_str(&t)) {
                finish(&worker, failed.is_none());
            }
        })
    };
    let on_error = {
        let (worker, finish) = (worker.clone(), finish.clone());
        Closure::<dyn FnMut(ErrorEvent)>::new(move |e: ErrorEvent| {
            e.prevent_default();
            finish(&worker, false);
        })
    };
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_message.forget();
    on_error.forget();
    let _ = worker.post_message(&JsValue::from_str(&ToWorker::Leave.to_text()));
    set_timeout(move || finish(&worker, false), LEAVE_AT_MOST);
}

/// Empties the club's documents from the page (the worker could not):
/// a failure is a warning, as the membership is gone either way.
fn clear_documents() {
    spawn_local(async {
        let Some(factory) = web_sys::window().and_then(|w| w.indexed_db().ok().flatten()) else {
            return;
        };
        if let Err(e) = chicken_club::idb::empty_sync(&factory).await {
            web_sys::console::warn_1(&e);
        }
    });
}
