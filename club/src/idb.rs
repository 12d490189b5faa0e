//! Waiting for IndexedDB in Rust: a request's result, a transaction's
//! end. One implementation for the app's storage and the sync worker's;
//! each turns the browser's error into its own. And the sync database,
//! opened and emptied by both.

use js_sys::Promise;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::IdbTransactionMode;
use web_sys::{IdbDatabase, IdbFactory, IdbOpenDbRequest, IdbRequest, IdbTransaction};

/// The sync worker's database: the club's documents on this phone
/// (samod-core's storage). Emptied when the phone leaves the club.
pub const SYNC_DB: &str = "chicken-scores-sync";
/// Its one object store.
pub const SYNC_STORE: &str = "chunks";

/// Opens the sync database, created with its store on first use.
pub async fn open_sync(factory: &IdbFactory) -> Result<IdbDatabase, JsValue> {
    let req: IdbOpenDbRequest = factory.open_with_u32(SYNC_DB, 1)?;
    let upgrading = req.clone();
    let on_upgrade = Closure::once_into_js(move |_: web_sys::Event| {
        if let Ok(db) = upgrading.result() {
            let db: IdbDatabase = db.unchecked_into();
            if !db.object_store_names().contains(SYNC_STORE) {
                let _ = db.create_object_store(SYNC_STORE);
            }
        }
    });
    req.set_onupgradeneeded(Some(on_upgrade.unchecked_ref()));
    Ok(request(&req).await?.unchecked_into())
}

/// Empties the sync database's store: the club's documents gone from this
/// phone. Not a deletion of the database: WebKit can keep a stopped
/// worker's connection open for good, and a deletion waits for every
/// connection, holding every later opening behind it (docs/engines.md).
pub async fn clear_sync(db: &IdbDatabase) -> Result<(), JsValue> {
    let tx = db.transaction_with_str_and_mode(SYNC_STORE, IdbTransactionMode::Readwrite)?;
    tx.object_store(SYNC_STORE)?.clear()?;
    finished(&tx).await
}

/// Waits for `req` to succeed (its result) or fail (the browser's error).
pub async fn request(req: &IdbRequest) -> Result<JsValue, JsValue> {
    let r = req.clone();
    let promise = Promise::new(&mut |resolve, reject| {
        let ok = r.clone();
        let on_ok = Closure::once_into_js(move || {
            let _ = resolve.call1(&JsValue::NULL, &ok.result().unwrap_or(JsValue::UNDEFINED));
        });
        let bad = r.clone();
        let on_err = Closure::once_into_js(move || {
            let e = bad
                .error()
                .ok()
                .flatten()
                .map(JsValue::from)
                .unwrap_or(JsValue::NULL);
            let _ = reject.call1(&JsValue::NULL, &e);
        });
        r.set_onsuccess(Some(on_ok.unchecked_ref()));
        r.set_onerror(Some(on_err.unchecked_ref()));
    });
    JsFuture::from(promise).await
}

/// Waits for a transaction to complete (durably, for "strict") or abort
/// (the browser's error, or `"AbortError"` when it gives none).
pub async fn finished(tx: &IdbTransaction) -> Result<(), JsValue> {
    let t = tx.clone();
    let promise = Promise::new(&mut |resolve, reject| {
        let on_ok = Closure::once_into_js(move || {
            let _ = resolve.call0(&JsValue::NULL);
        });
        let failed = t.clone();
        let on_abort = Closure::once_into_js(move || {
            let e = failed
                .error()
                .map(JsValue::from)
                .unwrap_or_else(|| JsValue::from_str("AbortError"));
            let _ = reject.call1(&JsValue::NULL, &e);
        });
        t.set_oncomplete(Some(on_ok.unchecked_ref()));
        t.set_onabort(Some(on_abort.unchecked_ref()));
    });
    JsFuture::from(promise).await.map(|_| ())
}

/// Empties the sync database through a connection of its own, closed
/// after (where no open one can be used: a worker whose storage failed,
/// the page).
pub async fn empty_sync(factory: &IdbFactory) -> Result<(), JsValue> {
    let db = open_sync(factory).await?;
    let done = clear_sync(&db).await;
    db.close();
    done
}
