//! The sync worker the page's first script starts on a phone of a club
//! (public/index.html): it opens and reads its storage while the app's own
//! code arrives; the bridge takes it over, with what it said meanwhile.

use js_sys::{Array, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::Worker;

/// Where the page's first script keeps the worker it started.
const KEY: &str = "chickenSyncWorker";

/// The worker started early, with what it said before the bridge listened.
pub struct Early {
    pub worker: Worker,
    /// Its messages, in order.
    pub heard: Vec<String>,
    /// It failed to start (its script did not load or run).
    pub failed: bool,
}

/// The worker the page's first script started, taken once (a page opened
/// again from the back/forward cache starts its own).
pub fn take() -> Option<Early> {
    let window = web_sys::window()?;
    let key = JsValue::from_str(KEY);
    let found = Reflect::get(&window, &key).ok()?;
    let _ = Reflect::delete_property(&window, &key);
    let worker = found.dyn_into::<Worker>().ok()?;
    let heard = Reflect::get(&worker, &"heard".into())
        .ok()
        .and_then(|h| h.dyn_into::<Array>().ok())
        .map(|h| h.iter().filter_map(|m| m.as_string()).collect())
        .unwrap_or_default();
    let failed = Reflect::get(&worker, &"failed".into()).is_ok_and(|f| f.is_truthy());
    Some(Early {
        worker,
        heard,
        failed,
    })
}
