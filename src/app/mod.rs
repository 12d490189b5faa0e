//! The Leptos app: the router, the app-wide context (storage, the games
//! index, problems to show, the theme) and the panic hook.
//!
//! `pages/` holds one component per route, `components/` the shared widgets,
//! and one folder per game its entry form and settings. The app ships as
//! bundles: [`Shell`] (home, history) and [`play`] for each game, so the
//! first load carries no game's screens (see `router`).

pub mod big_chicken;
pub mod chickenfoot;
pub mod components;
pub mod erased;
pub mod game;
pub mod pages;
pub mod playing_chicken;
pub mod router;

use leptos::prelude::*;

use crate::app::game::GameUi;
use crate::app::router::{Route, Scope};
use crate::model::IndexEntry;
#[cfg(target_arch = "wasm32")]
use crate::storage::LocalBackend;
use crate::storage::{Backend, MemoryBackend, Quarantined, Store, StoreError};

/// localStorage when the browser allows it, else memory (and a warning).
pub enum AnyBackend {
    /// The browser's localStorage.
    Local(LocalBackend),
    /// Memory only: nothing survives a reload.
    Memory(MemoryBackend),
}

impl Backend for AnyBackend {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        match self {
            AnyBackend::Local(b) => b.get(key),
            AnyBackend::Memory(b) => b.get(key),
        }
    }
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        match self {
            AnyBackend::Local(b) => b.set(key, value),
            AnyBackend::Memory(b) => b.set(key, value),
        }
    }
    fn remove(&self, key: &str) -> Result<(), StoreError> {
        match self {
            AnyBackend::Local(b) => b.remove(key),
            AnyBackend::Memory(b) => b.remove(key),
        }
    }
    fn keys(&self) -> Result<Vec<String>, StoreError> {
        match self {
            AnyBackend::Local(b) => b.keys(),
            AnyBackend::Memory(b) => b.keys(),
        }
    }
}

thread_local! {
    static STORE: Store<AnyBackend> = Store::new(match LocalBackend::available() {
        Some(local) => AnyBackend::Local(local),
        None => AnyBackend::Memory(MemoryBackend::default()),
    });
}

/// Runs `f` with the app's storage.
pub fn with_store<T>(f: impl FnOnce(&Store<AnyBackend>) -> T) -> T {
    STORE.with(f)
}

/// Whether games survive a reload (false when the browser refuses storage).
pub fn storage_is_persistent() -> bool {
    with_store(|s| matches!(s.backend(), AnyBackend::Local(_)))
}

/// Milliseconds since the Unix epoch, from the browser's clock.
pub fn now_ms() -> i64 {
    js_sys::Date::now() as i64
}

/// A date for people ("21/11/2026", in the phone's own format).
pub fn format_date(ms: i64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    String::from(d.to_locale_date_string("default", &wasm_bindgen::JsValue::UNDEFINED))
}

/// App-wide state, provided as context: small `Copy` handles only.
#[derive(Clone, Copy)]
pub struct AppCtx {
    /// Every game, newest first (a mirror of the stored index).
    pub index: RwSignal<Vec<IndexEntry>>,
    /// Problems found while reading storage, to show on the home page.
    pub problems: RwSignal<Vec<String>>,
    /// Values kept aside because they could not be read.
    pub quarantined: RwSignal<Vec<Quarantined>>,
    /// "light", "dark", or `None` to follow the system.
    pub theme: RwSignal<Option<String>>,
}

impl AppCtx {
    /// Re-reads the index and the kept-aside values from storage.
    pub fn refresh(&self) {
        let opened = with_store(|s| s.open());
        self.index.set(opened.index);
        self.quarantined.set(with_store(|s| s.quarantined()));
    }

    /// Adds problems to show.
    pub fn report(&self, more: Vec<String>) {
        if !more.is_empty() {
            self.problems.update(|p| p.extend(more));
        }
    }
}

/// The app context (a detached one if none was provided, which only
/// happens in isolation).
pub fn use_app() -> AppCtx {
    use_context::<AppCtx>().unwrap_or_else(|| AppCtx {
        index: RwSignal::new(Vec::new()),
        problems: RwSignal::new(Vec::new()),
        quarantined: RwSignal::new(Vec::new()),
        theme: RwSignal::new(None),
    })
}

/// Opens storage and provides the app context. The shell (`check_games`)
/// also checks that every game in progress can still be read, setting aside
/// any that cannot, so a broken game is reported on the home screen.
fn open_storage(check_games: bool) -> AppCtx {
    let opened = with_store(|s| s.open());
    let mut problems = opened.problems;
    if !storage_is_persistent() {
        problems.push(
            "This browser will not let the app save: games last only until the page is closed."
                .into(),
        );
    }
    let ctx = AppCtx {
        index: RwSignal::new(opened.index.clone()),
        problems: RwSignal::new(Vec::new()),
        quarantined: RwSignal::new(Vec::new()),
        theme: RwSignal::new(with_store(|s| s.theme())),
    };
    if check_games {
        for entry in opened.index.iter().filter(|e| !e.finished) {
            if let Err(p) = with_store(|s| s.load_game(&entry.id)) {
                problems.push(p);
            }
        }
    }
    ctx.refresh();
    ctx.problems.set(problems);
    provide_context(ctx);

    // The theme lives on <html data-theme>; CSS follows the system without it.
    Effect::new(move |_| {
        let theme = ctx.theme.get();
        if let Some(root) = document().document_element() {
            let _ = match theme {
                Some(t) => root.set_attribute("data-theme", &t),
                None => root.remove_attribute("data-theme"),
            };
        }
    });
    register_service_worker();
    ctx
}

/// The shell, the first page loaded: games in progress, new games and the
/// history. It links no game's screens; each game is its own bundle
/// ([`play`]), loaded when the game is opened.
#[component]
pub fn Shell() -> impl IntoView {
    open_storage(true);
    let router = router::provide_router(Scope::Shell);
    let page = erased::dynamic(move || match router.route.get() {
        Route::Home => view! { <pages::home_page::HomePage/> }.into_any(),
        Route::History => view! { <pages::history_page::HistoryPage/> }.into_any(),
        _ => view! { <pages::NotFound/> }.into_any(),
    });
    view! { <main class="app">{page}</main> }
}

/// One game's bundle: its new-game page and its game pages.
pub fn play<R: GameUi>() -> impl IntoView {
    open_storage(false);
    let router = router::provide_router(Scope::Game(R::KIND));
    let page = erased::dynamic(move || match router.route.get() {
        Route::NewGame(_) => pages::new_game_page::new_game_form::<R>(),
        Route::Game(_, id) => pages::game_page::game_page::<R>(&id),
        _ => view! { <pages::NotFound/> }.into_any(),
    });
    view! { <main class="app">{page}</main> }
}

/// Registers the offline service worker where the browser allows it
/// (https or localhost); elsewhere the app still works online. It waits a
/// few seconds, so filling the offline cache never slows the first screen.
fn register_service_worker() {
    set_timeout(
        || {
            let Some(window) = web_sys::window() else {
                return;
            };
            if window.is_secure_context() {
                let _ = window.navigator().service_worker().register("/sw.js");
            }
        },
        std::time::Duration::from_secs(4),
    );
}

/// Shows a message instead of a dead page if the app ever panics. The data
/// already saved is untouched.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let text = format!("{info}");
        web_sys::console::error_1(&text.into());
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let Some(body) = doc.body() else { return };
        if let Ok(div) = doc.create_element("div") {
            div.set_class_name("crash");
            div.set_attribute("role", "alert").ok();
            div.set_text_content(Some(
                "Something went wrong inside the app. Every saved entry is safe: reload the page to carry on.",
            ));
            body.prepend_with_node_1(&div).ok();
        }
    }));
}
