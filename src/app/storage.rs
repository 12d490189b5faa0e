//! The app's storage: IndexedDB when the browser allows it (memory with a
//! warning otherwise), opened once at start. Pages and actions reach it
//! through [`storage`] (or [`store_or_report`]), which waits while it
//! opens; nothing runs silently without it.

use std::cell::RefCell;
use std::rc::Rc;

use crate::app::now_ms;
use crate::storage::idb::IdbBackend;
use crate::storage::legacy::LocalLegacy;
use crate::storage::{Area, Backend, Decide, MemoryBackend, Scope, Store, StoreError};

/// IndexedDB when the browser allows it, else memory (and a warning).
pub enum AnyBackend {
    /// The browser's IndexedDB.
    Idb(IdbBackend),
    /// Memory only: nothing survives a reload.
    Memory(MemoryBackend),
}

impl Backend for AnyBackend {
    async fn get(&self, area: Area, key: &str) -> Result<Option<String>, StoreError> {
        match self {
            AnyBackend::Idb(b) => b.get(area, key).await,
            AnyBackend::Memory(b) => b.get(area, key).await,
        }
    }
    async fn summaries(
        &self,
        finished: bool,
        skip: usize,
        limit: usize,
    ) -> Result<Vec<(String, String)>, StoreError> {
        match self {
            AnyBackend::Idb(b) => b.summaries(finished, skip, limit).await,
            AnyBackend::Memory(b) => b.summaries(finished, skip, limit).await,
        }
    }
    async fn count(&self, finished: bool) -> Result<usize, StoreError> {
        match self {
            AnyBackend::Idb(b) => b.count(finished).await,
            AnyBackend::Memory(b) => b.count(finished).await,
        }
    }
    async fn all(&self, area: Area) -> Result<Vec<(String, String)>, StoreError> {
        match self {
            AnyBackend::Idb(b) => b.all(area).await,
            AnyBackend::Memory(b) => b.all(area).await,
        }
    }
    async fn prefixed(
        &self,
        area: Area,
        prefix: &str,
    ) -> Result<Vec<(String, String)>, StoreError> {
        match self {
            AnyBackend::Idb(b) => b.prefixed(area, prefix).await,
            AnyBackend::Memory(b) => b.prefixed(area, prefix).await,
        }
    }
    async fn all_keys(&self, area: Area) -> Result<Vec<String>, StoreError> {
        match self {
            AnyBackend::Idb(b) => b.all_keys(area).await,
            AnyBackend::Memory(b) => b.all_keys(area).await,
        }
    }
    async fn transact(
        &self,
        scope: Scope,
        reads: Vec<(Area, String)>,
        decide: Decide,
    ) -> Result<(), StoreError> {
        match self {
            AnyBackend::Idb(b) => b.transact(scope, reads, decide).await,
            AnyBackend::Memory(b) => b.transact(scope, reads, decide).await,
        }
    }
}

/// The app's storage.
pub type AppStore = Store<AnyBackend>;

thread_local! {
    static STORE: RefCell<Option<Rc<AppStore>>> = const { RefCell::new(None) };
    /// Who waits for storage to open: resolved when it has.
    static WAITING: RefCell<Vec<js_sys::Function>> = const { RefCell::new(Vec::new()) };
}

/// The app's storage: at once when it is open, else once it has opened
/// (the one way storage reaches pages and actions). An error only if it
/// never opened, which the caller must say.
pub async fn storage() -> Result<Rc<AppStore>, StoreError> {
    if let Some(s) = STORE.with(|s| s.borrow().clone()) {
        return Ok(s);
    }
    let opened = js_sys::Promise::new(&mut |resolve, _| {
        WAITING.with(|w| w.borrow_mut().push(resolve));
    });
    let _ = wasm_bindgen_futures::JsFuture::from(opened).await;
    STORE
        .with(|s| s.borrow().clone())
        .ok_or_else(|| StoreError::Unavailable("storage did not open".into()))
}

/// [`storage`], or `None` after saying why on every page (the app's one
/// storage failure view): for work that has nowhere else to say it.
pub async fn store_or_report() -> Option<Rc<AppStore>> {
    match storage().await {
        Ok(s) => Some(s),
        Err(e) => {
            crate::app::use_app().storage_failed(&e);
            None
        }
    }
}

/// Keeps the opened store and wakes whoever waits for it.
fn opened(store: Rc<AppStore>) {
    STORE.with(|s| *s.borrow_mut() = Some(store));
    for resolve in WAITING.with(|w| std::mem::take(&mut *w.borrow_mut())) {
        let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
    }
}

/// Opens IndexedDB (memory if the browser refuses it) and moves in the
/// localStorage release's games on the first start. Returns problems to
/// show.
pub(super) async fn open_store() -> Vec<String> {
    let mut problems = Vec::new();
    let backend = match IdbBackend::open().await {
        Ok(b) => AnyBackend::Idb(b),
        Err(e) => {
            problems.push(format!(
                "This browser will not let the app save ({e}): games last only until the page is closed."
            ));
            AnyBackend::Memory(MemoryBackend::default())
        }
    };
    let store = Rc::new(Store::new(backend, now_ms));
    if matches!(store.backend(), AnyBackend::Idb(_)) {
        if let Some(legacy) = LocalLegacy::open() {
            problems.extend(store.migrate_v1(&legacy).await);
        }
    }
    opened(store);
    problems
}
