//! The loader of the parts of the app loaded on demand.
//!
//! The app is one WASM module split in pieces (see docs/architecture.md):
//! the main module (the Leptos runtime, storage, home, about) loads first;
//! every game's new-game page, the games (every game's score screen and
//! its extras: chart, sharing, hand-over), the history and the records
//! (players, nights, backup, the club) are chunks, fetched and
//! instantiated the first time one of their routes is shown. Each chunk's
//! entry is a `#[wasm_split]` function in the module it loads, with the
//! [`Chunk`] that loads it:
//!
//! | chunk | its split points |
//! |---|---|
//! | new-game pages | `pages::new_game_page::NEW_GAME` |
//! | games | `pages::game_page::GAMES` (and creating or rematching a game, `game::start`), `game::extras::EXTRAS` |
//! | history | `pages::history_page::HISTORY` |
//! | records | `records::{RECORDS, CLUB, CLUB_PART}` |
//! | QR codes | `game::hand_over::QR` |
//! | photo (a hand form's Photo button) | `photo_read::PHOTO`, in that game's own module |
//!
//! The build's split step (`wasm-split-cli`, run by `tests/tools/split.sh`)
//! moves everything only a chunk's functions reach into that chunk.
//! Outside the browser the functions are called directly. Which chunk
//! shows which route is `app::routes`. This module names none of them.
//!
//! A chunk that cannot be fetched (offline before the worker cached it)
//! leaves a message and a Retry button, never a panic.

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, Waker};

use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos::wasm_split::SplitLoaderError;

use crate::app::erased;
use crate::app::router::{Route, RouterCtx};

/// What a split point's loader gives: done once its chunk is fetched and
/// started.
pub type Loading = Pin<Box<dyn Future<Output = Result<(), SplitLoaderError>>>>;

/// One split point's loader: a piece of the app loaded on demand.
#[derive(Clone, Copy, Debug)]
pub struct Chunk {
    /// Its name, for the loader's records.
    name: &'static str,
    /// Fetches and starts it (once; a failure is tried again next time).
    load: fn() -> Loading,
}

impl PartialEq for Chunk {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for Chunk {}

impl Chunk {
    /// The split point `name`, loaded by `load` (its `preload` function).
    pub const fn new(name: &'static str, load: fn() -> Loading) -> Self {
        Chunk { name, load }
    }
}

/// A page shown from a loaded chunk: its view for the route (`None`: the
/// chunk is not loaded yet).
pub type PageView = fn(Route) -> Option<Result<AnyView, SplitLoaderError>>;

/// Shown while storage opens or a page's chunk arrives (a moment, on the
/// first paint).
pub fn opening() -> AnyView {
    view! { <p class="hint opening" role="status" data-testid="opening">"Opening your games…"</p> }
        .into_any()
}

/// Work a split point hands back, to be awaited by its caller.
pub type BoxedWork<T> = Pin<Box<dyn Future<Output = Result<T, String>>>>;

/// Work `chunk`'s code does for a page outside it: `chunk` loaded and
/// recorded as loaded, then `split`'s work awaited; `failed` if the chunk
/// cannot be loaded.
pub async fn in_chunk<T>(
    chunk: Chunk,
    split: impl Future<Output = Result<Option<BoxedWork<T>>, SplitLoaderError>>,
    failed: &str,
) -> Result<T, String> {
    (chunk.load)().await.map_err(|_| failed.to_string())?;
    mark_loaded(chunk);
    match split.await.map_err(|_| failed.to_string())? {
        Some(work) => work.await,
        None => Err(failed.to_string()),
    }
}

/// Loads split point `split` and records `chunk`, whose code it shares,
/// as loaded with it.
pub async fn load_with(split: Chunk, chunk: Chunk) -> Result<(), SplitLoaderError> {
    (split.load)().await?;
    mark_loaded(chunk);
    Ok(())
}

/// `shown` once `chunk` is loaded: at once if it is, else once it arrives
/// (nothing until then; `failed` if it cannot be loaded).
pub fn on_demand(
    chunk: Chunk,
    shown: impl Fn() -> AnyView + Send + Sync + 'static,
    failed: fn() -> AnyView,
) -> AnyView {
    // One body for every part (boxed): each caller adds only its closure.
    on_demand_boxed(chunk, std::sync::Arc::new(shown), failed)
}

fn on_demand_boxed(
    chunk: Chunk,
    shown: std::sync::Arc<dyn Fn() -> AnyView + Send + Sync>,
    failed: fn() -> AnyView,
) -> AnyView {
    if is_loaded(chunk) {
        return shown();
    }
    let state: RwSignal<Option<bool>> = RwSignal::new(None);
    spawn_local(async move {
        let ok = (chunk.load)().await.is_ok();
        if ok {
            mark_loaded(chunk);
        }
        let _ = state.try_set(Some(ok));
    });
    erased::dynamic(move || match state.get() {
        None => ().into_any(),
        Some(true) => shown(),
        Some(false) => failed(),
    })
    .into_any()
}

/// Polls a future once: the split functions of a loaded chunk finish at
/// once, so their view is built here, synchronously, under the page's
/// reactive owner.
pub fn now<F: Future>(fut: F) -> Option<F::Output> {
    let mut fut = std::pin::pin!(fut);
    match fut.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(v) => Some(v),
        Poll::Pending => None,
    }
}

thread_local! {
    /// The split points loaded so far.
    static LOADED: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
}

fn is_loaded(chunk: Chunk) -> bool {
    LOADED.with(|l| l.borrow().contains(&chunk.name))
}

fn mark_loaded(chunk: Chunk) {
    LOADED.with(|l| {
        if !l.borrow().contains(&chunk.name) {
            l.borrow_mut().push(chunk.name);
        }
    });
}

/// What a chunk's page shows while it loads, or why it could not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fetch {
    Idle,
    Loading(Chunk),
    Failed(Chunk),
}

/// The loader's state, provided as context by [`provide`].
#[derive(Clone, Copy)]
pub struct Loader {
    /// Bumped when the chunk the current page waits for arrives (so a chunk
    /// loaded for another page never re-renders this one).
    arrived: RwSignal<u32>,
    fetch: RwSignal<Fetch>,
    router: RouterCtx,
    /// The chunk that shows a route, if any (`app::routes`).
    chunk_of: fn(&Route) -> Option<Chunk>,
}

/// Sets up loading on demand for the router's routes, each shown by the
/// chunk `chunk_of` names.
pub fn provide(router: RouterCtx, chunk_of: fn(&Route) -> Option<Chunk>) -> Loader {
    let loader = Loader {
        arrived: RwSignal::new(0),
        fetch: RwSignal::new(Fetch::Idle),
        router,
        chunk_of,
    };
    provide_context(loader);
    loader
}

impl Loader {
    /// The page for `route`, shown by `chunk` through `view`: its view once
    /// the chunk is loaded; until then "Opening…" (and the fetch starts),
    /// or why it failed with a Retry button.
    pub fn page(self, chunk: Chunk, view: PageView, route: Route) -> AnyView {
        self.arrived.track();
        if is_loaded(chunk) {
            match view(route) {
                Some(Ok(v)) => return v,
                Some(Err(_)) => return self.failed(chunk),
                // The chunk's code is here (loaded with another of its
                // split points: a member's club starts from the records
                // chunk), but this page's split point has not answered
                // yet: it is loaded below, its answer a moment away.
                None => {}
            }
        }
        match self.fetch.get_untracked() {
            Fetch::Failed(c) if c == chunk => self.failed(chunk),
            Fetch::Loading(c) if c == chunk => opening(),
            _ => {
                self.start(chunk);
                opening()
            }
        }
    }

    /// Whether `chunk` is loaded.
    pub fn has(self, chunk: Chunk) -> bool {
        is_loaded(chunk)
    }

    /// Whether loading `chunk` for the page failed (it shows why, with
    /// Retry).
    pub fn load_failed(self, chunk: Chunk) -> bool {
        self.fetch.get_untracked() == Fetch::Failed(chunk)
    }

    /// Starts loading the chunk that shows `path`'s route, if it has one
    /// and it is not loaded or loading: called at start-up (while storage
    /// opens) and when a finger lands on a link (before the tap ends).
    pub fn warm(self, path: &str) {
        if let Some(chunk) = (self.chunk_of)(&Route::parse(path)).filter(|c| self.needs(*c)) {
            self.start(chunk);
        }
    }

    /// Fetches and starts `chunk` in the background `after_ms` from now:
    /// the likeliest next page's code, fetched while this page is read.
    pub fn prefetch_later(self, chunk: Chunk, after_ms: u64) {
        set_timeout(
            move || self.prefetch_chunk(chunk),
            std::time::Duration::from_millis(after_ms),
        );
    }

    /// Fetches and starts `chunk` in the background (a likely next page),
    /// leaving the page's own loading as it is: a failure here is tried
    /// again when the page needs it.
    pub fn prefetch_chunk(self, chunk: Chunk) {
        if self.needs(chunk) {
            spawn_local(async move {
                if (chunk.load)().await.is_ok() {
                    mark_loaded(chunk);
                }
            });
        }
    }

    /// Whether `chunk` is neither loaded nor loading for the page.
    fn needs(self, chunk: Chunk) -> bool {
        !is_loaded(chunk) && self.fetch.get_untracked() != Fetch::Loading(chunk)
    }

    fn start(self, chunk: Chunk) {
        self.fetch.set(Fetch::Loading(chunk));
        // In a task of its own: starting the fetch and the compile costs
        // 25-40 ms at 4x, which would otherwise delay the tap's own frame
        // (a finger's pointerdown comes before its click, and the click
        // paints the page's form for a new game before its code arrives).
        set_timeout(move || self.load_now(chunk), std::time::Duration::ZERO);
    }

    fn load_now(self, chunk: Chunk) {
        spawn_local(async move {
            let result = (chunk.load)().await;
            if result.is_ok() {
                mark_loaded(chunk);
            }
            let current = self.router.route.with_untracked(self.chunk_of) == Some(chunk);
            self.fetch.set(match result {
                Ok(()) => Fetch::Idle,
                Err(_) => Fetch::Failed(chunk),
            });
            if current {
                self.arrived.update(|n| *n = n.wrapping_add(1));
            }
        });
    }

    fn failed(self, chunk: Chunk) -> AnyView {
        let retry = erased::on_click(move |_| {
            self.start(chunk);
            self.arrived.update(|n| *n = n.wrapping_add(1));
        });
        let reload = erased::on_click(|_| {
            if let Some(w) = web_sys::window() {
                let _ = w.location().reload();
            }
        });
        view! {
            <section class="page">
                <p class="banner warn" role="alert" data-testid="chunk-failed">
                    "This part of the app could not be loaded: the phone may be offline, or the app was just updated. Your games are safe."
                </p>
                <div class="row">
                    <button type="button" class="primary" on:click=retry>"Retry"</button>
                    <button type="button" class="secondary" on:click=reload>"Reload the app"</button>
                </div>
            </section>
        }
        .into_any()
    }
}
