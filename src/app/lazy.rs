//! The parts of the app loaded on demand.
//!
//! The app is one WASM module split in pieces (see docs/performance.md):
//! the main module (the Leptos runtime, storage, home, about) loads first;
//! every game's new-game page, the games (every game's score screen and
//! its extras: chart, sharing, hand-over), the history and the records
//! (players, nights, backup) are chunks, fetched and instantiated the first
//! time one of their routes is shown. The new-game pages are a chunk of
//! their own (150 KB with what they share, against 380 KB for all of the
//! games): home's likeliest next page, fetched from home at idle, and the
//! games' chunk is fetched while the form is filled. Each entry is a `#[wasm_split]` function; the build's
//! split step (`wasm-split-cli`, run by `tests/tools/split.sh`) moves
//! everything only a chunk's functions reach into that chunk. Outside the
//! browser the functions are called directly.
//!
//! The games share one chunk (`games_chunk`) with one split point
//! (`games_view`), which shows any game's score screen through the
//! registry (`app::game_route`), as `new_game_view` shows any game's
//! new-game page: no game is named here or in the build's split step.
//! One chunk per game was measured too (docs/performance.md): 190 KB less
//! to open the first game, but about 55 modules to fetch and instantiate
//! for it (code shared by a few games becomes a chunk of its own), which
//! made opening a game twice as slow at 4x and everything offline 820 KB
//! instead of 648 KB.
//!
//! A chunk that cannot be fetched (offline before the worker cached it)
//! leaves a message and a Retry button, never a panic.

use std::cell::RefCell;
use std::future::Future;
use std::task::{Context, Poll, Waker};

use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos::wasm_split::{wasm_split, SplitLoaderError};

use crate::app::erased;
use crate::app::router::{Route, RouterCtx};
use crate::rules::GameKind;

/// A piece of the app loaded on demand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chunk {
    /// Every game's new-game page: the likely next page from home, small.
    NewGame,
    /// Every game's score screen: fetched while a new game's form is
    /// filled.
    Games,
    /// Finished games, their filters and search.
    History,
    /// Players, nights, backup and games handed over.
    Records,
    /// What the game screen offers besides the sheet: the chart, sharing
    /// (text and picture) and handing the game to another phone.
    Extras,
    /// A QR code (the hand-over link's, the club's link's): its encoder is
    /// needed by neither a new game nor a score sheet.
    Qr,
    /// The club's parts of a game screen: its banners and the round typed
    /// by the whole table (records chunk, through a split function and
    /// loader of their own).
    ClubPart,
}

impl Chunk {
    /// The chunk that shows `route` (`None`: the main module does).
    pub fn of(route: &Route) -> Option<Chunk> {
        match route {
            Route::Home | Route::About | Route::NotFound => None,
            Route::History => Some(Chunk::History),
            Route::NewGame(_) => Some(Chunk::NewGame),
            Route::Game(..) => Some(Chunk::Games),
            Route::Players
            | Route::Player(_)
            | Route::Nights
            | Route::Night(_)
            | Route::Backup
            | Route::Club
            | Route::Receive => Some(Chunk::Records),
        }
    }
}

/// Fetches and instantiates `chunk` (once; a failure is retried on the
/// next call).
async fn load(chunk: Chunk) -> Result<(), SplitLoaderError> {
    match chunk {
        Chunk::Extras => preload_extras().await,
        Chunk::Qr => preload_qr().await,
        Chunk::ClubPart => preload_club_part().await,
        Chunk::History => preload_history().await,
        Chunk::Records => preload_records().await,
        Chunk::Games => preload_games().await,
        Chunk::NewGame => preload_new_game().await,
    }
}

/// The view of `route` from its loaded chunk (`None` if it is not loaded
/// yet).
fn view_of(chunk: Chunk, route: Route) -> Option<Result<AnyView, SplitLoaderError>> {
    match chunk {
        Chunk::Extras | Chunk::Qr | Chunk::ClubPart => {
            Some(Ok(view! { <crate::app::pages::NotFound/> }.into_any()))
        }
        Chunk::History => now(history_view(route)),
        Chunk::Records => now(records_view(route)),
        Chunk::Games => now(games_view(route)),
        Chunk::NewGame => now(new_game_view(route)),
    }
}

#[wasm_split(games_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_games))]
fn games_view(route: Route) -> Result<AnyView, SplitLoaderError> {
    let page = match route {
        Route::Game(kind, id) => crate::app::for_game(kind, crate::app::ScorePage(id)),
        _ => None,
    };
    Ok(page.unwrap_or_else(not_found))
}

#[wasm_split(new_game_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_new_game))]
fn new_game_view(route: Route) -> Result<AnyView, SplitLoaderError> {
    let page = match route {
        Route::NewGame(kind) => crate::app::for_game(kind, crate::app::NewGamePage),
        _ => None,
    };
    Ok(page.unwrap_or_else(not_found))
}

fn not_found() -> AnyView {
    view! { <crate::app::pages::NotFound/> }.into_any()
}

#[wasm_split(games_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_create))]
fn create_in_chunk(
    kind: GameKind,
    game: crate::app::game::start::CreateGame,
) -> Result<Option<crate::app::game::start::Creating>, SplitLoaderError> {
    Ok(crate::app::for_game(kind, game))
}

#[wasm_split(games_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_rematch))]
fn rematch_in_chunk(
    kind: GameKind,
    id: String,
) -> Result<Option<crate::app::game::start::ReadingRematch>, SplitLoaderError> {
    Ok(crate::app::for_game(
        kind,
        crate::app::game::start::ReadRematch(id),
    ))
}

/// Why a game could not be started or rematched when the games' chunk
/// could not be loaded.
const GAMES_NOT_LOADED: &str =
    "The game's screen could not be loaded: the phone may be offline. Nothing was saved; try again.";

/// Creates and saves a new game of `kind` (in the games' chunk, fetched
/// now if the form's prefetch has not brought it yet): its id once it is
/// on disk, or why not (nothing was saved then).
pub async fn create_game(
    kind: GameKind,
    game: crate::app::game::start::CreateGame,
) -> Result<String, String> {
    in_games_chunk(create_in_chunk(kind, game)).await
}

/// Reads what a rematch of stored game `id` starts from (in the games'
/// chunk).
pub async fn rematch_of(
    kind: GameKind,
    id: String,
) -> Result<crate::app::game::start::RematchOf, String> {
    in_games_chunk(rematch_in_chunk(kind, id)).await
}

/// Work the games' chunk does for a page outside it: the chunk loaded for
/// its score screens too (each split point has its own loader, so the game
/// page that follows shows at once), then `split`'s work awaited.
async fn in_games_chunk<T>(
    split: impl Future<Output = Result<Option<BoxedWork<T>>, SplitLoaderError>>,
) -> Result<T, String> {
    load(Chunk::Games)
        .await
        .map_err(|_| GAMES_NOT_LOADED.to_string())?;
    mark_loaded(Chunk::Games);
    match split.await.map_err(|_| GAMES_NOT_LOADED.to_string())? {
        Some(work) => work.await,
        None => Err(GAMES_NOT_LOADED.to_string()),
    }
}

/// Work a split point hands back, to be awaited by its caller.
pub type BoxedWork<T> = std::pin::Pin<Box<dyn Future<Output = Result<T, String>>>>;

/// A part of the game screen in the extras chunk, with what it needs.
pub enum Extra {
    /// The chart (while open).
    Chart {
        /// The game's standings.
        standings: Signal<crate::rules::Standings>,
        /// Player names by seat.
        players: Signal<Vec<String>>,
        /// What one score-sheet row is ("Hand").
        step: &'static str,
    },
    /// The Share and Picture buttons.
    Share {
        /// The game's standings.
        standings: Signal<crate::rules::Standings>,
        /// The game, date, step and players (read on a tap).
        info: Callback<(), crate::app::game::share::ShareInfo>,
    },
    /// The hand-over panel's content (while open), for the record's JSON.
    HandOver(Signal<String>),
}

#[wasm_split(games_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_extras))]
fn extras_view(extra: Extra) -> Result<AnyView, SplitLoaderError> {
    use crate::app::game::{hand_over, progress, share};
    Ok(match extra {
        Extra::Chart {
            standings,
            players,
            step,
        } => progress::chart_view(standings, players, step),
        Extra::Share { standings, info } => {
            view! { <share::ShareButtons standings=standings info=info/> }.into_any()
        }
        Extra::HandOver(record) => hand_over::panel_body(record),
    })
}

/// A part of the game screen from the extras chunk: at once if the chunk
/// is loaded, else once it arrives (nothing until then; a failure shows
/// a one-line note).
pub fn extra(make: impl Fn() -> Extra + Send + Sync + 'static) -> AnyView {
    on_demand(
        Chunk::Extras,
        move || match now(extras_view(make())) {
            Some(Ok(v)) => v,
            _ => extra_failed(),
        },
        extra_failed,
    )
}

/// `shown` once `chunk` is loaded: at once if it is, else once it arrives
/// (nothing until then; `failed` if it cannot be loaded).
fn on_demand(
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
        let ok = load(chunk).await.is_ok();
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

#[wasm_split(qr_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_qr))]
fn qr_view(
    text: String,
    testid: &'static str,
    label: &'static str,
) -> Result<AnyView, SplitLoaderError> {
    Ok(crate::app::game::hand_over::qr_svg(&text, testid, label).unwrap_or_else(|| ().into_any()))
}

/// The QR code of `text` (from its own chunk, loaded on demand), named
/// `label` for screen readers.
pub fn qr(text: String, testid: &'static str, label: &'static str) -> AnyView {
    on_demand(
        Chunk::Qr,
        move || match now(qr_view(text.clone(), testid, label)) {
            Some(Ok(v)) => v,
            _ => qr_failed(),
        },
        qr_failed,
    )
}

fn qr_failed() -> AnyView {
    view! { <p class="hint" role="status">"The QR code could not be loaded: the phone may be offline. The link below works."</p> }
        .into_any()
}

fn extra_failed() -> AnyView {
    view! {
        <p class="hint" role="status">"The chart and sharing could not be loaded: the phone may be offline."</p>
    }
    .into_any()
}

#[wasm_split(history_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_history))]
fn history_view(_route: Route) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <crate::app::pages::history_page::HistoryPage/> }.into_any())
}

#[wasm_split(records_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_records))]
fn records_view(route: Route) -> Result<AnyView, SplitLoaderError> {
    Ok(crate::app::records::page(route))
}

#[wasm_split(records_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_club))]
fn club_start() -> Result<(), SplitLoaderError> {
    crate::app::records::club_bridge::start();
    Ok(())
}

#[wasm_split(records_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_club_part))]
fn club_part_view(part: crate::app::records::ClubPart) -> Result<AnyView, SplitLoaderError> {
    Ok(crate::app::records::club_part(part))
}

/// A club's part of a game screen (the records chunk's, where the club's
/// code is: a member's phone has it from the start): one split point for
/// all of them. Nothing shows if it cannot be loaded: the game works
/// without.
pub fn club_part(part: crate::app::records::ClubPart) -> AnyView {
    on_demand(
        Chunk::ClubPart,
        move || match now(club_part_view(part.clone())) {
            Some(Ok(v)) => v,
            _ => ().into_any(),
        },
        || ().into_any(),
    )
}

/// Starts the club's sync from the records chunk (fetched now if it is
/// not loaded yet), or says why it could not.
pub async fn start_club() -> Result<(), String> {
    let failed = |_| "The club's sync could not be loaded: the phone may be offline.".to_string();
    preload_club().await.map_err(failed)?;
    mark_loaded(Chunk::Records);
    club_start().await.map_err(failed)
}

/// Polls a future once: the split functions of a loaded chunk finish at
/// once, so their view is built here, synchronously, under the page's
/// reactive owner.
fn now<F: Future>(fut: F) -> Option<F::Output> {
    let mut fut = std::pin::pin!(fut);
    match fut.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(v) => Some(v),
        Poll::Pending => None,
    }
}

thread_local! {
    /// The chunks loaded so far.
    static LOADED: RefCell<Vec<Chunk>> = const { RefCell::new(Vec::new()) };
}

fn is_loaded(chunk: Chunk) -> bool {
    LOADED.with(|l| l.borrow().contains(&chunk))
}

fn mark_loaded(chunk: Chunk) {
    LOADED.with(|l| {
        if !l.borrow().contains(&chunk) {
            l.borrow_mut().push(chunk);
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
}

/// Sets up loading on demand for the router's routes.
pub fn provide(router: RouterCtx) -> Loader {
    let loader = Loader {
        arrived: RwSignal::new(0),
        fetch: RwSignal::new(Fetch::Idle),
        router,
    };
    provide_context(loader);
    loader
}

impl Loader {
    /// The page for `route`, shown by `chunk`: its view once the chunk is
    /// loaded; until then "Opening…" (and the fetch starts), or why it
    /// failed with a Retry button.
    pub fn page(self, chunk: Chunk, route: Route) -> AnyView {
        self.arrived.track();
        if is_loaded(chunk) {
            return match view_of(chunk, route) {
                Some(Ok(v)) => v,
                _ => self.failed(chunk),
            };
        }
        match self.fetch.get_untracked() {
            Fetch::Failed(c) if c == chunk => self.failed(chunk),
            Fetch::Loading(c) if c == chunk => crate::app::pages::opening(),
            _ => {
                self.start(chunk);
                crate::app::pages::opening()
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
        if let Some(chunk) = self.to_load(path) {
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
                if load(chunk).await.is_ok() {
                    mark_loaded(chunk);
                }
            });
        }
    }

    /// The chunk that shows `path`'s route, if it has one that is neither
    /// loaded nor loading for the page.
    fn to_load(self, path: &str) -> Option<Chunk> {
        Chunk::of(&Route::parse(path)).filter(|c| self.needs(*c))
    }

    /// Whether `chunk` is neither loaded nor loading for the page.
    fn needs(self, chunk: Chunk) -> bool {
        !is_loaded(chunk) && self.fetch.get_untracked() != Fetch::Loading(chunk)
    }

    fn start(self, chunk: Chunk) {
        self.fetch.set(Fetch::Loading(chunk));
        spawn_local(async move {
            let result = load(chunk).await;
            if result.is_ok() {
                mark_loaded(chunk);
            }
            let current = self.router.route.with_untracked(Chunk::of) == Some(chunk);
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
