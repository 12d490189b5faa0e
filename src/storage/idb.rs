//! The browser's IndexedDB as a [`Backend`], through `web-sys` directly
//! (the crates compared cost more bytes for the same calls; see
//! docs/dependencies.md). Every value is an object `{t: text}`; a summary
//! also carries `f` (1 when finished) and `u` (minus its update time, so
//! the index on `[f, u]` lists the newest first). A write transaction is
//! readwrite over every store with durability "strict" (its `complete`
//! event fires only once the data is on disk, and only then does a save
//! return), except a draft's: its own stores, "relaxed" ([`Scope`]).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Event, IdbDatabase, IdbIndexParameters, IdbKeyRange, IdbObjectStore, IdbOpenDbRequest,
    IdbRequest, IdbTransaction, IdbTransactionMode, PageTransitionEvent,
};

use super::backend::{Area, Backend, Decide, Scope, StoreError, Write};

const DB_NAME: &str = "chicken-scores";
const DB_VERSION: u32 = 2;
const BY_TIME: &str = "by_time";

#[wasm_bindgen]
extern "C" {
    /// An IDBDatabase seen through the one call web-sys has only behind
    /// its unstable-APIs flag.
    #[wasm_bindgen(extends = Object)]
    type Database;

    /// `db.transaction(names, mode, options)`.
    #[wasm_bindgen(method, catch, js_name = transaction)]
    fn transaction_with_options(
        this: &Database,
        names: &JsValue,
        mode: &str,
        options: &JsValue,
    ) -> Result<IdbTransaction, JsValue>;
}

/// The name of a browser error ("QuotaExceededError"), bounded.
fn error_name(e: &JsValue) -> String {
    let name = Reflect::get(e, &"name".into())
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_else(|| "unknown error".into());
    super::bounded(&name, 40)
}

/// A browser error as a [`StoreError`].
fn store_error(e: &JsValue) -> StoreError {
    let name = error_name(e);
    if name == "QuotaExceededError" {
        StoreError::Full
    } else {
        StoreError::Refused(name)
    }
}

/// The opened database. When the page is hidden (`pagehide`) the
/// connection is closed and opened again at the next use; when it is
/// hidden into the back/forward cache, its transactions still under way are
/// aborted too: WebKit freezes them there, and one frozen transaction blocks
/// every other page's until the cached page is dropped (docs/engines.md).
/// An aborted save fails as any failed save does (said on the screen, the
/// entry kept in the form, a draft in flight kept in localStorage).
pub struct IdbBackend {
    db: Rc<RefCell<Option<IdbDatabase>>>,
    live: Rc<Live>,
}

/// An event listener kept in Rust.
type Listener = Closure<dyn FnMut(Event)>;

/// The transactions under way, and the listener that forgets each one
/// when it completes or aborts.
struct Live {
    list: RefCell<Vec<IdbTransaction>>,
    forget: RefCell<Option<Listener>>,
}

impl Live {
    fn new() -> Rc<Live> {
        let live = Rc::new(Live {
            list: RefCell::new(Vec::new()),
            forget: RefCell::new(None),
        });
        let weak = Rc::downgrade(&live);
        let forget = Listener::new(move |e: Event| {
            if let (Some(live), Some(target)) = (weak.upgrade(), e.target()) {
                let target: JsValue = target.into();
                live.list.borrow_mut().retain(|tx| !Object::is(tx, &target));
            }
        });
        *live.forget.borrow_mut() = Some(forget);
        live
    }

    /// Follows `tx` until it completes or aborts.
    fn follow(&self, tx: &IdbTransaction) {
        if let Some(forget) = self.forget.borrow().as_ref() {
            for event in ["complete", "abort"] {
                let _ = tx.add_event_listener_with_callback(event, forget.as_ref().unchecked_ref());
            }
            self.list.borrow_mut().push(tx.clone());
        }
    }

    /// Aborts every transaction under way.
    fn abort_all(&self) {
        for tx in self.list.borrow_mut().drain(..) {
            let _ = tx.abort();
        }
    }
}

/// Waits for `req` to succeed (its result) or fail.
async fn request(req: &IdbRequest) -> Result<JsValue, StoreError> {
    chicken_club::idb::request(req)
        .await
        .map_err(|e| store_error(&e))
}

/// Waits for a transaction to complete (durably, for "strict") or fail.
async fn finished(tx: &IdbTransaction) -> Result<(), StoreError> {
    chicken_club::idb::finished(tx).await.map_err(|e| {
        // An abort without an error object (our own abort) says why itself.
        if e.is_string() {
            StoreError::Refused(super::bounded(&e.as_string().unwrap_or_default(), 40))
        } else {
            store_error(&e)
        }
    })
}

/// The text of a stored value: `t` when it is a string, else the whole
/// value as JSON (so a foreign or broken value is kept aside as it is).
fn text_of(v: &JsValue) -> Option<String> {
    if v.is_undefined() || v.is_null() {
        return None;
    }
    if let Some(t) = Reflect::get(v, &"t".into())
        .ok()
        .and_then(|t| t.as_string())
    {
        return Some(t);
    }
    Some(
        js_sys::JSON::stringify(v)
            .ok()
            .and_then(|s| s.as_string())
            .unwrap_or_else(|| "(a value that is not text)".into()),
    )
}

/// The object stored for `text` (and a summary's order).
fn value_of(text: &str, order: Option<super::Order>) -> JsValue {
    let o = Object::new();
    let _ = Reflect::set(&o, &"t".into(), &text.into());
    if let Some(order) = order {
        let _ = Reflect::set(&o, &"f".into(), &(u8::from(order.finished) as f64).into());
        let _ = Reflect::set(&o, &"u".into(), &(-(order.updated_ms as f64)).into());
    }
    o.into()
}

/// The key range of finished (or in-progress) summaries in the index.
fn range(finished: bool) -> Result<IdbKeyRange, StoreError> {
    let f = JsValue::from_f64(u8::from(finished) as f64);
    let lo = Array::of2(&f, &JsValue::from_f64(f64::NEG_INFINITY));
    let hi = Array::of2(&f, &JsValue::from_f64(f64::INFINITY));
    IdbKeyRange::bound(&lo, &hi).map_err(|e| store_error(&e))
}

impl IdbBackend {
    /// Opens (creating on first use) the app's database.
    pub async fn open() -> Result<IdbBackend, StoreError> {
        let backend = IdbBackend {
            db: Rc::new(RefCell::new(Some(Self::connect().await?))),
            live: Live::new(),
        };
        backend.let_go_when_hidden();
        Ok(backend)
    }

    /// The connection, opened again if the page closed it when hidden.
    async fn db(&self) -> Result<IdbDatabase, StoreError> {
        if let Some(db) = self.db.borrow().clone() {
            return Ok(db);
        }
        let opened = Self::connect().await?;
        let mut slot = self.db.borrow_mut();
        match slot.as_ref() {
            // Another call opened it meanwhile: one connection is enough.
            Some(db) => {
                opened.close();
                Ok(db.clone())
            }
            None => Ok(slot.insert(opened).clone()),
        }
    }

    /// A new connection to the app's database.
    async fn connect() -> Result<IdbDatabase, StoreError> {
        let factory = web_sys::window()
            .and_then(|w| w.indexed_db().ok().flatten())
            .ok_or_else(|| StoreError::Unavailable("no IndexedDB".into()))?;
        let unavailable = |e: JsValue| match store_error(&e) {
            StoreError::Refused(name) => StoreError::Unavailable(name),
            other => other,
        };
        let req: IdbOpenDbRequest = factory
            .open_with_u32(DB_NAME, DB_VERSION)
            .map_err(unavailable)?;
        let upgrading = req.clone();
        let on_upgrade = Closure::once_into_js(move |_: Event| {
            let Ok(result) = upgrading.result() else {
                return;
            };
            let db: IdbDatabase = result.unchecked_into();
            for area in Area::ALL {
                if db.object_store_names().contains(area.name()) {
                    continue;
                }
                if let Ok(store) = db.create_object_store(area.name()) {
                    if area == Area::Summaries {
                        let params = IdbIndexParameters::new();
                        params.set_unique(false);
                        let path = Array::of2(&"f".into(), &"u".into());
                        let _ = store.create_index_with_str_sequence_and_optional_parameters(
                            BY_TIME, &path, &params,
                        );
                    }
                }
            }
        });
        req.set_onupgradeneeded(Some(on_upgrade.unchecked_ref()));
        // Another tab on an older version would not let go of the database.
        let blocked = Rc::new(Cell::new(false));
        let seen = blocked.clone();
        let on_blocked = Closure::<dyn FnMut(Event)>::new(move |_: Event| seen.set(true));
        req.set_onblocked(Some(on_blocked.as_ref().unchecked_ref()));
        let opened = request(&req).await;
        req.set_onblocked(None);
        let db: IdbDatabase = match opened {
            Ok(db) => db.unchecked_into(),
            Err(_) if blocked.get() => return Err(StoreError::Blocked),
            Err(StoreError::Refused(name)) => return Err(StoreError::Unavailable(name)),
            Err(e) => return Err(e),
        };
        // A newer version of the app upgrading the database in another tab
        // asks this one to let go; this page then reloads to update.
        let on_change = Closure::<dyn FnMut(Event)>::new(|_: Event| {
            if let Some(w) = web_sys::window() {
                let _ = w.location().reload();
            }
        });
        db.set_onversionchange(Some(on_change.as_ref().unchecked_ref()));
        on_change.forget(); // lives as long as the page
        Ok(db)
    }

    fn names(scope: Scope) -> JsValue {
        scope
            .areas()
            .iter()
            .map(|a| JsValue::from_str(a.name()))
            .collect::<Array>()
            .into()
    }

    async fn read_store(&self, area: Area) -> Result<IdbObjectStore, StoreError> {
        let tx = self
            .db()
            .await?
            .transaction_with_str(area.name())
            .map_err(|e| store_error(&e))?;
        self.live.follow(&tx);
        tx.object_store(area.name()).map_err(|e| store_error(&e))
    }

    /// Closes the connection whenever the page is hidden (its transactions
    /// under way still finish, unless the page goes into the back/forward
    /// cache: then they are aborted); the next use opens it again.
    fn let_go_when_hidden(&self) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let (db, live) = (self.db.clone(), self.live.clone());
        let on_hide =
            Closure::<dyn FnMut(PageTransitionEvent)>::new(move |e: PageTransitionEvent| {
                if e.persisted() {
                    live.abort_all();
                }
                if let Some(open) = db.borrow_mut().take() {
                    open.close();
                }
            });
        let _ =
            window.add_event_listener_with_callback("pagehide", on_hide.as_ref().unchecked_ref());
        on_hide.forget(); // lives as long as the page
    }
}

impl Backend for IdbBackend {
    async fn get(&self, area: Area, key: &str) -> Result<Option<String>, StoreError> {
        let store = self.read_store(area).await?;
        let req = store.get(&key.into()).map_err(|e| store_error(&e))?;
        Ok(text_of(&request(&req).await?))
    }

    async fn summaries(
        &self,
        finished: bool,
        skip: usize,
        limit: usize,
    ) -> Result<Vec<(String, String)>, StoreError> {
        let index = self
            .read_store(Area::Summaries)
            .await?
            .index(BY_TIME)
            .map_err(|e| store_error(&e))?;
        let r = range(finished)?;
        let want = skip.saturating_add(limit);
        let (values, keys) = if want >= u32::MAX as usize {
            (index.get_all_with_key(&r), index.get_all_keys_with_key(&r))
        } else {
            (
                index.get_all_with_key_and_limit(&r, want as u32),
                index.get_all_keys_with_key_and_limit(&r, want as u32),
            )
        };
        let values = values.map_err(|e| store_error(&e))?;
        let keys = keys.map_err(|e| store_error(&e))?;
        let values: Array = request(&values).await?.unchecked_into();
        let keys: Array = request(&keys).await?.unchecked_into();
        Ok(keys
            .iter()
            .zip(values.iter())
            .skip(skip)
            .filter_map(|(k, v)| Some((k.as_string()?, text_of(&v)?)))
            .collect())
    }

    async fn count(&self, finished: bool) -> Result<usize, StoreError> {
        let index = self
            .read_store(Area::Summaries)
            .await?
            .index(BY_TIME)
            .map_err(|e| store_error(&e))?;
        let req = index
            .count_with_key(&range(finished)?.into())
            .map_err(|e| store_error(&e))?;
        Ok(request(&req).await?.as_f64().unwrap_or(0.0) as usize)
    }

    async fn all(&self, area: Area) -> Result<Vec<(String, String)>, StoreError> {
        let store = self.read_store(area).await?;
        let values = store.get_all().map_err(|e| store_error(&e))?;
        let keys = store.get_all_keys().map_err(|e| store_error(&e))?;
        let values: Array = request(&values).await?.unchecked_into();
        let keys: Array = request(&keys).await?.unchecked_into();
        Ok(keys
            .iter()
            .zip(values.iter())
            .filter_map(|(k, v)| Some((k.as_string()?, text_of(&v)?)))
            .collect())
    }

    async fn prefixed(
        &self,
        area: Area,
        prefix: &str,
    ) -> Result<Vec<(String, String)>, StoreError> {
        let store = self.read_store(area).await?;
        // Every key from `prefix` up to the last text that starts with it.
        let upper = format!("{prefix}\u{10ffff}");
        let range = IdbKeyRange::bound(&prefix.into(), &upper.as_str().into())
            .map_err(|e| store_error(&e))?;
        let values = store
            .get_all_with_key(&range)
            .map_err(|e| store_error(&e))?;
        let keys = store
            .get_all_keys_with_key(&range)
            .map_err(|e| store_error(&e))?;
        let values: Array = request(&values).await?.unchecked_into();
        let keys: Array = request(&keys).await?.unchecked_into();
        Ok(keys
            .iter()
            .zip(values.iter())
            .filter_map(|(k, v)| Some((k.as_string()?, text_of(&v)?)))
            .collect())
    }

    async fn all_keys(&self, area: Area) -> Result<Vec<String>, StoreError> {
        let store = self.read_store(area).await?;
        let keys = store.get_all_keys().map_err(|e| store_error(&e))?;
        let keys: Array = request(&keys).await?.unchecked_into();
        Ok(keys.iter().filter_map(|k| k.as_string()).collect())
    }

    async fn transact(
        &self,
        scope: Scope,
        reads: Vec<(Area, String)>,
        decide: Decide,
    ) -> Result<(), StoreError> {
        let options = Object::new();
        let durability = match scope {
            Scope::Durable => "strict",
            Scope::Light => "relaxed",
        };
        let _ = Reflect::set(&options, &"durability".into(), &durability.into());
        let names = Self::names(scope);
        let db = self.db().await?;
        let tx = db
            .unchecked_ref::<Database>()
            .transaction_with_options(&names, "readwrite", &options)
            .or_else(|_| {
                // A browser without the options argument: its default.
                db.transaction_with_str_sequence_and_mode(&names, IdbTransactionMode::Readwrite)
            })
            .map_err(|e| store_error(&e))?;
        self.live.follow(&tx);
        // The reads' results, then the decision and the writes, all inside
        // the transaction's own event callbacks (it stays active there).
        let found: Rc<RefCell<Vec<Option<String>>>> =
            Rc::new(RefCell::new(vec![None; reads.len()]));
        let left = Rc::new(Cell::new(reads.len()));
        let decide: Rc<RefCell<Option<Decide>>> = Rc::new(RefCell::new(Some(decide)));
        let apply = {
            let (tx, found, decide) = (tx.clone(), found.clone(), decide.clone());
            Rc::new(move || {
                let Some(decide) = decide.borrow_mut().take() else {
                    return;
                };
                let writes = decide(std::mem::take(&mut *found.borrow_mut()));
                for w in writes {
                    if let Err(e) = write(&tx, w) {
                        web_sys::console::error_1(&e);
                        let _ = tx.abort();
                        return;
                    }
                }
                // Nothing more will be asked: commit now rather than after
                // one more round trip (a page about to unload gains time).
                // web-sys marks commit() deprecated; it is the standard call.
                #[allow(deprecated)]
                let _ = tx.commit();
            })
        };
        let mut handlers = Vec::new();
        if reads.is_empty() {
            apply();
        }
        for (i, (area, key)) in reads.into_iter().enumerate() {
            let req = tx
                .object_store(area.name())
                .and_then(|s| s.get(&key.into()))
                .map_err(|e| store_error(&e))?;
            let (r, found, left, apply) = (req.clone(), found.clone(), left.clone(), apply.clone());
            let on_ok = Closure::<dyn FnMut(Event)>::new(move |_: Event| {
                if let Some(slot) = found.borrow_mut().get_mut(i) {
                    *slot = r.result().ok().as_ref().and_then(text_of);
                }
                left.set(left.get().saturating_sub(1));
                if left.get() == 0 {
                    apply();
                }
            });
            req.set_onsuccess(Some(on_ok.as_ref().unchecked_ref()));
            handlers.push(on_ok);
        }
        let done = finished(&tx).await;
        drop(handlers); // every request's event has fired by now
        done
    }
}

/// Issues one write in `tx`.
fn write(tx: &IdbTransaction, w: Write) -> Result<(), JsValue> {
    match w {
        Write::Put {
            area,
            key,
            text,
            order,
        } => tx
            .object_store(area.name())?
            .put_with_key(&value_of(&text, order), &key.into())
            .map(|_| ()),
        Write::Add { area, key, text } => tx
            .object_store(area.name())?
            .add_with_key(&value_of(&text, None), &key.into())
            .map(|_| ()),
        Write::Delete { area, key } => tx
            .object_store(area.name())?
            .delete(&key.into())
            .map(|_| ()),
    }
}
