//! The Leptos app: the router, the app-wide context (storage, the games
//! lists, problems to show, the theme) and the panic hook. Storage opens
//! asynchronously (IndexedDB); pages say so until it is ready.
//!
//! `pages/` holds one component per route, `components/` the shared widgets,
//! and one folder per game its entry form and settings. [`App`] shows every
//! route; the main module carries home and about, and [`lazy`] loads each
//! game's screens, the history and the records when first shown.

pub mod about;
pub mod club;
pub mod components;
pub mod erased;
pub mod game;
pub mod lazy;
pub mod newest_read;
pub mod pages;
pub mod random;
pub mod records;
pub mod router;
pub mod routes;
pub mod screen;
pub mod steady;
pub mod storage;
pub mod sync;
pub mod wake_lock;

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::game::GameUi;
use crate::app::router::Route;
use crate::model::Summary;
use crate::rules::Rules;
use crate::storage::theme;
pub use storage::{storage, store_or_report, AppStore};

/// Milliseconds since the Unix epoch, from the browser's clock.
pub fn now_ms() -> i64 {
    js_sys::Date::now() as i64
}

/// A date for people ("21/11/2026", in the phone's own format).
pub fn format_date(ms: i64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    String::from(d.to_locale_date_string("default", &wasm_bindgen::JsValue::UNDEFINED))
}

/// When a game was last saved, for its card, in the phone's time zone and
/// formats: "Today 14:32", "Yesterday 09:05", else a short date and the
/// time ("21 Nov 14:32"; "21 Nov 2025 14:32" in another year).
pub fn format_when(ms: i64) -> String {
    use wasm_bindgen::JsValue;
    let then = js_sys::Date::new(&JsValue::from_f64(ms as f64));
    let now = js_sys::Date::new_0();
    let options = |json: &str| js_sys::JSON::parse(json).unwrap_or(JsValue::UNDEFINED);
    let time = then.to_locale_time_string_with_options(
        "default",
        &options(r#"{"hour":"numeric","minute":"2-digit"}"#),
    );
    let same_year = then.get_full_year() == now.get_full_year();
    let date = then.to_locale_date_string(
        "default",
        &options(if same_year {
            r#"{"day":"numeric","month":"short"}"#
        } else {
            r#"{"day":"numeric","month":"short","year":"numeric"}"#
        }),
    );
    when_text(
        local_day(&then),
        local_day(&now),
        &String::from(date),
        &String::from(time),
    )
}

/// The day number of `d` in the phone's time zone (days since 1 January
/// 1970 there); 0 for an invalid date.
fn local_day(d: &js_sys::Date) -> i64 {
    let local = d.get_time() - d.get_timezone_offset() * 60_000.0;
    (local / 86_400_000.0).floor() as i64
}

/// "Today 14:32", "Yesterday 14:32", else "{date} 14:32": a time on local
/// day `day` as seen on local day `today` (a day to come, from a clock
/// that was ahead, gets its date).
pub fn when_text(day: i64, today: i64, date: &str, time: &str) -> String {
    match today.saturating_sub(day) {
        0 => format!("Today {time}"),
        1 => format!("Yesterday {time}"),
        _ => format!("{date} {time}"),
    }
}

/// App-wide state, provided as context: small `Copy` handles only.
#[derive(Clone, Copy)]
pub struct AppCtx {
    /// Storage is open (until then pages say they are opening).
    pub ready: RwSignal<bool>,
    /// Games in progress, most recently saved first.
    pub in_progress: RwSignal<Vec<Summary>>,
    /// How many games are finished.
    pub finished: RwSignal<usize>,
    /// Problems found while reading storage, to show on the home page.
    pub problems: RwSignal<Vec<String>>,
    /// How many values are kept aside (About lists them).
    pub kept_aside: RwSignal<usize>,
    /// "light", "dark", or `None` to follow the system.
    pub theme: RwSignal<Option<String>>,
    /// Why storage could not be used, shown on every page.
    pub storage_error: RwSignal<Option<String>>,
    /// The newest read of the lists (an older one finishing later is not
    /// shown).
    lists_read: newest_read::NewestRead,
    /// One read of the lists at a time (changes meanwhile: one more).
    lists_again: newest_read::ReadAgain,
}

impl AppCtx {
    /// Re-reads the lists the home screen shows (after a change here or in
    /// another tab).
    pub fn refresh(&self) {
        let ctx = *self;
        self.lists_again.run(move || async move {
            if let Some(store) = store_or_report().await {
                ctx.read_lists(&store).await;
            }
        });
    }

    /// Reads the games lists and what is kept aside; shown only if no
    /// later read has started meanwhile.
    async fn read_lists(self, store: &storage::AppStore) {
        let ticket = self.lists_read.start();
        // The club's games kept here by now are in what is read.
        let arrived = club::kept_before_reading();
        let opened = store.open().await;
        let kept = store.kept_aside().await.map(|k| k.len()).unwrap_or(0);
        self.report(opened.problems);
        if self.lists_read.is_newest(ticket) {
            self.in_progress.set(opened.in_progress);
            self.finished.set(opened.finished);
            self.kept_aside.set(kept);
            club::counted_as_here(arrived);
        }
    }

    /// Says on every page that storage could not be used (nothing was
    /// saved by what needed it; what was typed is still on screen).
    pub fn storage_failed(&self, e: &crate::storage::StoreError) {
        self.storage_error.set(Some(format!(
            "Storage is not available: {e}. Nothing new can be saved until the page is reloaded; what you typed is still here."
        )));
    }

    /// Adds problems to show (each once).
    pub fn report(&self, more: Vec<String>) {
        let more: Vec<String> = more.into_iter().filter(|m| !m.is_empty()).collect();
        if !more.is_empty() {
            self.problems.update(|p| {
                for m in more {
                    if !p.contains(&m) {
                        p.push(m);
                    }
                }
            });
        }
    }
}

/// The app context (a detached one if none was provided, which only
/// happens in isolation).
pub fn use_app() -> AppCtx {
    use_context::<AppCtx>().unwrap_or_else(new_ctx)
}

fn new_ctx() -> AppCtx {
    AppCtx {
        ready: RwSignal::new(false),
        in_progress: RwSignal::new(Vec::new()),
        finished: RwSignal::new(0),
        problems: RwSignal::new(Vec::new()),
        kept_aside: RwSignal::new(0),
        theme: RwSignal::new(theme::load().shown().map(String::from)),
        storage_error: RwSignal::new(None),
        lists_read: newest_read::NewestRead::new(),
        lists_again: newest_read::ReadAgain::new(),
    }
}

/// Provides the app context, opens storage (then `ready`), and follows the
/// theme; reads the games lists (home's).
fn open_storage() -> AppCtx {
    let ctx = new_ctx();
    provide_context(ctx);
    spawn_local(async move {
        let problems = storage::open_store().await;
        ctx.report(problems);
        if let Some(store) = store_or_report().await {
            ctx.read_lists(&store).await;
        }
        ctx.ready.set(true);
        club::start_once_open();
    });
    // Another tab saved, or this page came back from the back/forward
    // cache: the lists are read again.
    let _ = sync::on_change(move |_| ctx.refresh());

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

/// The app: one page for every route. Home and About are in the main
/// module; each game's screens, the history and the records are loaded on
/// demand ([`lazy`]).
#[component]
pub fn App() -> impl IntoView {
    let app = open_storage();
    let router = router::provide_router();
    let loader = lazy::provide(router, routes::chunk_of);
    // The page's chunk loads while storage opens; a finger on a link
    // starts loading its chunk before the tap ends.
    loader.warm(&router::current_path());
    router::on_pointer_down(move |href| loader.warm(href));
    warm_games_from_home(app, router, loader);
    let page = erased::dynamic(move || {
        let route = router.route.get();
        let chunk = routes::page_of(&route);
        // A new game's form is the page's until its code and storage are
        // here (the app's page then takes it over).
        let new_game = matches!(route, Route::NewGame(_));
        let early = new_game
            && !(app.ready.get() && chunk.is_some_and(|(c, _)| loader.has(c)))
            && pages::static_form::show(&router::current_path());
        if !new_game {
            pages::static_form::hide();
        }
        match chunk {
            None => match route {
                Route::Home => view! { <pages::home_page::HomePage/> }.into_any(),
                Route::About => about::about_page(),
                _ => pages::not_found(),
            },
            Some(_) if !app.ready.get() && early => ().into_any(),
            Some(_) if !app.ready.get() => pages::opening(),
            Some((chunk, view)) => {
                let page = loader.page(chunk, view, route);
                // Only a failure to load shows below the page's form.
                if early && !loader.load_failed(chunk) {
                    ().into_any()
                } else {
                    page
                }
            }
        }
    });
    // Back on home or the history after a game: the lists are read again.
    Effect::new(move |prev: Option<bool>| {
        let listed = router
            .route
            .with(|r| matches!(r, Route::Home | Route::History));
        if listed && prev == Some(false) {
            app.refresh();
        }
        listed
    });
    let failed = move || {
        app.storage_error.get().map(|m| {
            view! { <p class="banner warn" role="alert" data-testid="storage-error">{m}</p> }
        })
    };
    view! { <main class="app">{failed}{page}</main> }
}

/// Home's likeliest next pages are a new game's and, with games in
/// progress, one of those: a moment after home has shown its games
/// (storage open), their chunks are fetched and started, so a tap shows
/// the page at once. Once per page load.
fn warm_games_from_home(app: AppCtx, router: router::RouterCtx, loader: lazy::Loader) {
    Effect::new(move |warmed: Option<bool>| {
        if warmed == Some(true) {
            return true;
        }
        let home = router.route.with(|r| *r == Route::Home);
        if !(app.ready.get() && home) {
            return false;
        }
        let playing = app.in_progress.with_untracked(|g| !g.is_empty());
        set_timeout(
            move || {
                // Only while home is still shown: another page's chunk
                // comes first.
                if router.route.with_untracked(|r| *r == Route::Home) {
                    loader.prefetch_chunk(pages::new_game_page::NEW_GAME);
                    if playing {
                        loader.prefetch_chunk(pages::game_page::GAMES);
                    }
                }
            },
            std::time::Duration::from_millis(WARM_AFTER_MS),
        );
        true
    });
}

/// How long home is left alone before its next pages' chunks are fetched.
const WARM_AFTER_MS: u64 = 1000;

/// Work done with a game's `GameUi`, picked by the game's kind from the
/// registry ([`for_game`]). Each kind of work is its own type, so a chunk
/// holding one holds none of the others' code.
pub trait ForGame {
    /// What the work gives.
    type Out;
    /// Does the work for game `R`.
    fn run<R: GameUi>(self) -> Self::Out;
}

/// A game's new-game page (the new-game chunk's).
pub struct NewGamePage;

impl ForGame for NewGamePage {
    type Out = AnyView;
    fn run<R: GameUi>(self) -> AnyView {
        pages::new_game_page::new_game_form::<R>()
    }
}

/// Game `0`'s score screen (the games' chunk's).
pub struct ScorePage(pub String);

impl ForGame for ScorePage {
    type Out = AnyView;
    fn run<R: GameUi>(self) -> AnyView {
        pages::game_page::game_page::<R>(&self.0)
    }
}

/// The app's side of the game registry (`rules::games`): declares each
/// game's UI folder (named as its rules module) and does work with a
/// game's `GameUi`, picked by its kind.
macro_rules! game_uis {
    ($($module:ident :: $({ $($many:ident),+ })? $($rules:ident)?),+ $(,)?) => {
        $(pub mod $module;)+

        /// Does `work` with the `GameUi` of game `kind` (`None`: no game
        /// of the registry is that kind).
        pub fn for_game<F: ForGame>(kind: crate::rules::GameKind, work: F) -> Option<F::Out> {
            $(
                $($(if kind == crate::rules::$module::$many::KIND {
                    return Some(work.run::<crate::rules::$module::$many>());
                })+)?
                $(if kind == crate::rules::$module::$rules::KIND {
                    return Some(work.run::<crate::rules::$module::$rules>());
                })?
            )+
            None
        }
    };
}

crate::rules::games!(game_uis);

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
                // A registration cut short (WebKit cancels it when the page
                // is left) is tried again on the next visit: handled here,
                // so it is a warning, never an unhandled rejection.
                let registering = window.navigator().service_worker().register("/sw.js");
                wasm_bindgen_futures::spawn_local(async move {
                    if let Err(e) = wasm_bindgen_futures::JsFuture::from(registering).await {
                        web_sys::console::warn_2(&"Offline copy not set up this time:".into(), &e);
                    }
                });
            }
        },
        std::time::Duration::from_secs(4),
    );
}

/// Runs `f` after the next frame is painted (in a task of its own after
/// the frame's animation callbacks).
pub fn after_next_paint(f: fn()) {
    request_animation_frame(move || set_timeout(f, std::time::Duration::ZERO));
}

/// Removes the page's static home (`#boot` in public/index.html), painted
/// before the WASM arrived: the app, just mounted, shows the same home in
/// its place, in the same task, so no frame shows both or neither.
pub fn take_over_static_home() {
    if let Some(boot) = document().get_element_by_id("boot") {
        boot.remove();
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_say_today_yesterday_or_the_date() {
        assert_eq!(when_text(20_000, 20_000, "21 Nov", "14:32"), "Today 14:32");
        assert_eq!(
            when_text(19_999, 20_000, "20 Nov", "9:05 AM"),
            "Yesterday 9:05 AM"
        );
        assert_eq!(when_text(19_990, 20_000, "11 Nov", "14:32"), "11 Nov 14:32");
        // A save dated tomorrow (the clock was ahead) gets its date.
        assert_eq!(when_text(20_001, 20_000, "22 Nov", "08:00"), "22 Nov 08:00");
        assert_eq!(when_text(i64::MIN, i64::MAX, "x", "y"), "x y");
    }
}
