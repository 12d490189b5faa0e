//! The app's routes and a small router over the History API.
//!
//! leptos_router was the first choice, but it links the `url` crate and its
//! IDNA Unicode tables: about 51 KB of the 160 KB gzip first-load budget for
//! four routes. This module does the same job for these routes: it parses
//! `location.pathname` into a [`Route`], follows same-origin link clicks with
//! `history.pushState`, and answers the back button (`popstate`).
//!
//! Every route is shown in the page; the code of the screens that are not
//! in the main module is loaded on demand (`app::lazy`).

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use crate::rules::GameKind;

/// A screen of the app, as its address names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// `/`: games in progress and new games (the shell).
    Home,
    /// `/history`: finished games (the shell).
    History,
    /// `/about`: the app, its storage, values kept aside (the shell).
    About,
    /// `/play/<kind>/new`: seat players and choose variants (the game's bundle).
    NewGame(GameKind),
    /// `/play/<kind>/<id>`: one game's score sheet (the game's bundle).
    Game(GameKind, String),
    /// `/records/players`: everyone who has played (the records bundle).
    Players,
    /// `/records/players/<name>`: one player's page (the records bundle).
    Player(String),
    /// `/records/nights`: the game nights (the records bundle).
    Nights,
    /// `/records/nights/<id>`: one night's games and table (the records bundle).
    Night(String),
    /// `/records/club`: the club this phone belongs to, or joining one.
    Club,
    /// `/records/backup`: export and import everything (the records bundle).
    Backup,
    /// `/records/receive#<game>`: a game handed over from another phone
    /// (the records bundle).
    Receive,
    /// Any other address.
    NotFound,
}

impl Route {
    /// The route for a path ("/play/chickenfoot/abc").
    pub fn parse(path: &str) -> Route {
        let path = path.split(['#', '?']).next().unwrap_or_default();
        let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
        match parts.as_slice() {
            [] => Route::Home,
            ["history"] => Route::History,
            ["about"] => Route::About,
            ["records", "players"] => Route::Players,
            ["records", "players", name] => Route::Player(decode(name)),
            ["records", "nights"] => Route::Nights,
            ["records", "nights", id] => Route::Night(id.to_string()),
            ["records", "backup"] => Route::Backup,
            ["records", "club"] => Route::Club,
            ["records", "receive"] => Route::Receive,
            ["play", kind, rest] => match (kind.parse::<GameKind>(), *rest) {
                (Ok(k), "new") => Route::NewGame(k),
                (Ok(k), id) => Route::Game(k, id.to_string()),
                _ => Route::NotFound,
            },
            _ => Route::NotFound,
        }
    }

    /// The address of a new game of `kind`.
    pub fn new_game(kind: GameKind) -> String {
        format!("/play/{}/new", kind.as_str())
    }

    /// The address of game `id` of `kind`.
    pub fn game(kind: GameKind, id: &str) -> String {
        format!("/play/{}/{id}", kind.as_str())
    }

    /// The address of a player's page.
    pub fn player(name: &str) -> String {
        format!("/records/players/{}", encode(name))
    }

    /// The address of a night's page.
    pub fn night(id: &str) -> String {
        format!("/records/nights/{}", encode(id))
    }

    /// The address of a rematch of game `id` of `kind`: its new-game page,
    /// which reads the game named in the query ([`rematch_param`]).
    pub fn rematch(kind: GameKind, id: &str) -> String {
        format!("/play/{}/new?rematch={id}", kind.as_str())
    }
}

/// A path segment with everything but unreserved ASCII percent-encoded.
pub fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A percent-encoded path segment decoded (malformed escapes are kept as
/// typed; invalid UTF-8 is replaced).
pub fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (b, hex) {
            (b'%', Some(v)) => {
                out.push(v);
                i += 3;
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The game a new-game page's query (`location.search`, "?rematch=<id>")
/// asks to rematch: an id of at most 64 letters, digits, '-' or '_';
/// anything else is ignored.
pub fn rematch_param(search: &str) -> Option<String> {
    search
        .trim_start_matches('?')
        .split('&')
        .find_map(|pair| pair.strip_prefix("rematch="))
        .filter(|id| {
            !id.is_empty()
                && id.len() <= 64
                && id
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
        .map(str::to_string)
}

/// The page's query string ("?rematch=abc"), or "".
pub fn current_search() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

/// The current route, provided as context.
#[derive(Clone, Copy)]
pub struct RouterCtx {
    /// Where the app is.
    pub route: RwSignal<Route>,
}

/// The page's path ("/play/cluck/new").
pub fn current_path() -> String {
    web_sys::window()
        .and_then(|w| w.location().pathname().ok())
        .unwrap_or_else(|| "/".into())
}

/// Goes to `path`, with a history entry.
pub fn navigate(path: &str) {
    let Some(ctx) = use_context::<RouterCtx>() else {
        return;
    };
    go(ctx, path);
}

/// Goes to `path` with the router captured earlier (for code that runs
/// after an await, outside any component).
pub fn go(ctx: RouterCtx, path: &str) -> bool {
    let route = Route::parse(path);
    let Some(w) = web_sys::window() else {
        return false;
    };
    if let Ok(h) = w.history() {
        let _ = h.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(path));
    }
    w.scroll_to_with_x_and_y(0.0, 0.0);
    ctx.route.set(route);
    true
}

/// Sets up the router: the route signal, the back button, and same-origin
/// link clicks.
pub fn provide_router() -> RouterCtx {
    let ctx = RouterCtx {
        route: RwSignal::new(Route::parse(&current_path())),
    };
    provide_context(ctx);
    let Some(window) = web_sys::window() else {
        return ctx;
    };

    let on_pop = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
        ctx.route.set(Route::parse(&current_path()));
    });
    let _ = window.add_event_listener_with_callback("popstate", on_pop.as_ref().unchecked_ref());
    on_pop.forget(); // lives as long as the page

    let on_click =
        Closure::<dyn FnMut(web_sys::MouseEvent)>::new(move |ev: web_sys::MouseEvent| {
            if ev.default_prevented()
                || ev.button() != 0
                || ev.meta_key()
                || ev.ctrl_key()
                || ev.shift_key()
                || ev.alt_key()
            {
                return;
            }
            let Some(link) = ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|el| el.closest("a[href]").ok().flatten())
            else {
                return;
            };
            if link.has_attribute("target") || link.has_attribute("download") {
                return;
            }
            let Some(href) = link.get_attribute("href") else {
                return;
            };
            if !href.starts_with('/') || href.starts_with("//") {
                return; // the browser loads it
            }
            ev.prevent_default();
            go(ctx, &href);
        });
    if let Some(doc) = window.document() {
        let _ = doc.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref());
    }
    on_click.forget();
    ctx
}

/// Calls `f` with the address of a same-origin link a finger (or mouse
/// button) lands on.
pub fn on_pointer_down(f: impl Fn(&str) + 'static) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let handler = Closure::<dyn FnMut(web_sys::Event)>::new(move |ev: web_sys::Event| {
        let href = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("a[href]").ok().flatten())
            .and_then(|link| link.get_attribute("href"));
        if let Some(href) = href.filter(|h| h.starts_with('/') && !h.starts_with("//")) {
            f(&href);
        }
    });
    let _ = doc.add_event_listener_with_callback("pointerdown", handler.as_ref().unchecked_ref());
    handler.forget(); // lives as long as the page
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GAMES;

    #[test]
    fn paths_parse_to_routes() {
        assert_eq!(Route::parse("/"), Route::Home);
        assert_eq!(Route::parse(""), Route::Home);
        assert_eq!(Route::parse("/history"), Route::History);
        assert_eq!(Route::parse("/about#kept-aside"), Route::About);
        assert_eq!(Route::parse("/about?x=1"), Route::About);
        for k in GAMES {
            assert_eq!(Route::parse(&Route::new_game(*k)), Route::NewGame(*k));
            assert_eq!(
                Route::parse(&Route::game(*k, "g-12")),
                Route::Game(*k, "g-12".to_string())
            );
        }
        assert_eq!(Route::parse("/play/poker/new"), Route::NotFound);
        assert_eq!(Route::parse("/play/chickenfoot"), Route::NotFound);
        assert_eq!(Route::parse("/play/chickenfoot/a/b"), Route::NotFound);
        assert_eq!(Route::parse("/nowhere"), Route::NotFound);
        assert_eq!(Route::parse("/records/players"), Route::Players);
        assert_eq!(Route::parse("/records/nights"), Route::Nights);
        assert_eq!(Route::parse("/records/backup"), Route::Backup);
        assert_eq!(Route::parse("/records/club#join=x"), Route::Club);
        assert_eq!(Route::parse("/records/receive#abc"), Route::Receive);
        assert_eq!(
            Route::parse(&Route::night("n-1")),
            Route::Night("n-1".into())
        );
        for name in ["Ann", "Zoë Ó'Neil", "a/b?c#d", "50%", "%zz"] {
            assert_eq!(
                Route::parse(&Route::player(name)),
                Route::Player(name.into())
            );
        }
        assert_eq!(decode("%zz%4"), "%zz%4", "malformed escapes stay");
        for k in GAMES {
            assert_eq!(Route::parse(&Route::rematch(*k, "g1")), Route::NewGame(*k));
        }
    }

    #[test]
    fn the_rematch_query_names_one_plain_id() {
        let table = [
            ("?rematch=abc12", Some("abc12")),
            ("rematch=a-b_c", Some("a-b_c")),
            ("?x=1&rematch=zz", Some("zz")),
            ("", None),
            ("?rematch=", None),
            ("?rematch=a%20b", None),
            ("?rematch=<b>", None),
            ("?other=abc", None),
        ];
        for (search, want) in table {
            assert_eq!(rematch_param(search).as_deref(), want, "{search}");
        }
        assert_eq!(rematch_param(&format!("?rematch={}", "a".repeat(65))), None);
        assert_eq!(
            rematch_param(&format!("?rematch={}", "a".repeat(64))).map(|s| s.len()),
            Some(64)
        );
    }
}
