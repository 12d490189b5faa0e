//! The app's routes and a small router over the History API.
//!
//! leptos_router was the first choice, but it links the `url` crate and its
//! IDNA Unicode tables: about 51 KB of the 160 KB gzip first-load budget for
//! four routes. This module does the same job for these routes: it parses
//! `location.pathname` into a [`Route`], follows same-origin link clicks with
//! `history.pushState`, and answers the back button (`popstate`).

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// A screen of the app, as its address names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// `/`: games in progress and new games.
    Home,
    /// `/new/<kind>`: seat players and choose variants.
    NewGame(String),
    /// `/game/<id>`: one game's score sheet.
    Game(String),
    /// `/history`: finished games.
    History,
    /// Any other address.
    NotFound,
}

impl Route {
    /// The route for a path ("/game/abc").
    pub fn parse(path: &str) -> Route {
        let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
        match parts.as_slice() {
            [] => Route::Home,
            ["history"] => Route::History,
            ["new", kind] => Route::NewGame(kind.to_string()),
            ["game", id] => Route::Game(id.to_string()),
            _ => Route::NotFound,
        }
    }
}

/// The current route, provided as context.
#[derive(Clone, Copy)]
pub struct RouterCtx {
    /// Where the app is.
    pub route: RwSignal<Route>,
}

fn current_path() -> String {
    web_sys::window()
        .and_then(|w| w.location().pathname().ok())
        .unwrap_or_else(|| "/".into())
}

/// Goes to `path` (adding a history entry) and scrolls to the top.
pub fn navigate(path: &str) {
    if let Some(w) = web_sys::window() {
        if let Ok(h) = w.history() {
            let _ = h.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(path));
        }
        w.scroll_to_with_x_and_y(0.0, 0.0);
    }
    if let Some(ctx) = use_context::<RouterCtx>() {
        ctx.route.set(Route::parse(path));
    }
}

/// Sets up the router: the route signal, the back button, and link clicks.
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
                return;
            }
            ev.prevent_default();
            if let Some(w) = web_sys::window() {
                if let Ok(h) = w.history() {
                    let _ = h.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&href));
                }
                w.scroll_to_with_x_and_y(0.0, 0.0);
            }
            ctx.route.set(Route::parse(&href));
        });
    if let Some(doc) = window.document() {
        let _ = doc.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref());
    }
    on_click.forget();
    ctx
}
