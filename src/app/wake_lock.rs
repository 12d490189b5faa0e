//! Keeping the phone's screen on while a game is played (the Screen Wake
//! Lock API, `navigator.wakeLock`), and the setting that allows it.
//!
//! A game screen asks for the lock while the game is not finished and the
//! setting is on ([`keep_awake`]); the browser drops it when the page is
//! hidden, so it is asked for again when the page is visible again; it is
//! given back when the game ends, when the setting is turned off and when
//! the screen closes. The API is unstable in web-sys, so it is reached
//! through `js_sys::Reflect`. The game screen never depends on it: where
//! the browser has no wake lock, or refuses it (low battery), the switch
//! says so and what to do instead.

use std::cell::RefCell;

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::app::components::Switch;
use crate::storage::wake;

/// The setting as the screens of one page share it: the game screen that
/// keeps the screen awake and the switch in its help panel; and whether
/// the browser refused the lock at its last request (`None` until it
/// answered).
#[derive(Clone, Copy)]
struct WakeSetting {
    on: RwSignal<bool>,
    refused: RwSignal<Option<bool>>,
}

/// The page's setting: the one the game screen provided, else read from
/// storage (nothing asked for, nothing refused).
fn setting() -> WakeSetting {
    use_context::<WakeSetting>().unwrap_or_else(|| WakeSetting {
        on: RwSignal::new(wake::load()),
        refused: RwSignal::new(None),
    })
}

/// What the switch says where the browser has no wake lock.
pub const MISSING: &str = "This browser cannot keep the screen on: set the phone's screen timeout (Auto-Lock on an iPhone) longer while you play.";

/// What it says when the browser refused the lock.
pub const REFUSED: &str = "The browser would not keep the screen on just now (a battery saver can stop it): set the phone's screen timeout longer while you play.";

/// `navigator.wakeLock`, where the browser has it.
fn api() -> Option<JsValue> {
    let nav = web_sys::window()?.navigator();
    js_sys::Reflect::get(&nav, &"wakeLock".into())
        .ok()
        .filter(|v| v.is_object())
}

/// Whether this browser can keep the screen on.
pub fn supported() -> bool {
    api().is_some()
}

/// The lock as this page holds it.
#[derive(Default)]
struct Held {
    /// Whether the lock is wanted now (a game screen is open, the game is
    /// on, the setting is on).
    wanted: bool,
    /// The lock (its `WakeLockSentinel`), once granted.
    sentinel: Option<JsValue>,
    /// A request is on its way.
    asking: bool,
    /// Counts every change of `wanted`: a grant that arrives after a
    /// change is given back at once if the lock is no longer wanted.
    epoch: u32,
    /// Where the game screen shows whether the browser refused the lock
    /// (its switch's words).
    refused: Option<RwSignal<Option<bool>>>,
}

/// What follows the page's visibility.
type Listener = Closure<dyn Fn(web_sys::Event)>;

thread_local! {
    static HELD: RefCell<Held> = RefCell::new(Held::default());
    /// The page's `visibilitychange` listener, while a game screen is open.
    static LISTENER: RefCell<Option<Listener>> = const { RefCell::new(None) };
}

/// Whether the page is shown (a hidden page cannot hold the lock).
fn visible() -> bool {
    doc_of()
        .and_then(|d| js_sys::Reflect::get(&d, &"visibilityState".into()).ok())
        .and_then(|v| v.as_string())
        .is_none_or(|v| v != "hidden")
}

/// Gives a lock back (errors ignored: it may be released already).
fn release(sentinel: JsValue) {
    let Ok(f) = js_sys::Reflect::get(&sentinel, &"release".into()) else {
        return;
    };
    let Ok(f) = f.dyn_into::<js_sys::Function>() else {
        return;
    };
    if let Ok(p) = f.call0(&sentinel) {
        if let Ok(p) = p.dyn_into::<js_sys::Promise>() {
            spawn_local(async move {
                let _ = JsFuture::from(p).await;
            });
        }
    }
}

/// `navigator.wakeLock.request("screen")`.
async fn request() -> Result<JsValue, JsValue> {
    let api = api().ok_or(JsValue::NULL)?;
    let f: js_sys::Function = js_sys::Reflect::get(&api, &"request".into())?.dyn_into()?;
    let p: js_sys::Promise = f.call1(&api, &"screen".into())?.dyn_into()?;
    JsFuture::from(p).await
}

/// Asks for the lock if it is wanted, the page is shown and none is held
/// or on its way.
fn ensure() {
    let ask = HELD.with(|h| {
        let mut h = h.borrow_mut();
        let released = h.sentinel.as_ref().is_some_and(|s| {
            js_sys::Reflect::get(s, &"released".into())
                .ok()
                .and_then(|v| v.as_bool())
                .unwrap_or(false)
        });
        if released {
            h.sentinel = None;
        }
        let go = h.wanted && h.sentinel.is_none() && !h.asking && visible();
        h.asking |= go;
        go.then_some(h.epoch)
    });
    let Some(epoch) = ask else { return };
    spawn_local(async move {
        let got = request().await.ok();
        let back = HELD.with(|h| {
            let mut h = h.borrow_mut();
            h.asking = false;
            if let Some(refused) = h.refused.filter(|_| h.wanted) {
                let _ = refused.try_set(Some(got.is_none()));
            }
            match got {
                Some(s) if h.wanted && h.epoch == epoch => {
                    h.sentinel = Some(s);
                    None
                }
                other => other,
            }
        });
        if let Some(s) = back {
            release(s);
        }
    });
}

/// Wants the lock or not: asks for it, or gives it back.
fn want(on: bool) {
    let back = HELD.with(|h| {
        let mut h = h.borrow_mut();
        if h.wanted != on {
            h.epoch = h.epoch.wrapping_add(1);
        }
        h.wanted = on;
        if on {
            None
        } else {
            h.sentinel.take()
        }
    });
    if let Some(s) = back {
        release(s);
    }
    if on {
        ensure();
    }
}

/// The page was hidden or left (the browser drops the lock: it is given
/// back and forgotten), or shown again (the lock is asked for again).
fn on_visibility(ev: web_sys::Event) {
    if ev.type_() != "pagehide" && visible() {
        ensure();
    } else if let Some(s) = HELD.with(|h| h.borrow_mut().sentinel.take()) {
        release(s);
    }
}

/// Keeps the screen awake while the game screen is open and `playing` is
/// true (the game is not finished), if the setting allows it; gives the
/// lock back when the screen closes. Provides the setting to the screen's
/// switch ([`WakeSwitch`]).
pub fn keep_awake(playing: Signal<bool>) {
    let on = RwSignal::new(wake::load());
    let refused = RwSignal::new(None);
    provide_context(WakeSetting { on, refused });
    if !supported() {
        return;
    }
    HELD.with(|h| h.borrow_mut().refused = Some(refused));
    listen(true);
    // A side effect on the browser only: no signal is written.
    Effect::new(move |_| want(on.get() && playing.get()));
    on_cleanup(move || {
        want(false);
        listen(false);
        HELD.with(|h| h.borrow_mut().refused = None);
    });
}

/// The events that hide or show the page.
const EVENTS: [&str; 3] = ["visibilitychange", "pagehide", "pageshow"];

/// Follows the page's visibility (`true`), or stops (`false`).
fn listen(on: bool) {
    let Some(window) = web_sys::window() else {
        return;
    };
    if let Some(old) = LISTENER.with(|l| l.borrow_mut().take()) {
        for ev in EVENTS {
            let _ = window.remove_event_listener_with_callback(ev, old.as_ref().unchecked_ref());
        }
    }
    if on {
        let listener = Listener::new(on_visibility);
        for ev in EVENTS {
            let _ = window.add_event_listener_with_callback(ev, listener.as_ref().unchecked_ref());
        }
        LISTENER.with(|l| *l.borrow_mut() = Some(listener));
    }
}

/// The page's document.
fn doc_of() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
}

/// The "Keep the screen awake during games" switch: on the About page and
/// in a game's help panel. Where the browser has no wake lock, it says so.
#[component]
pub fn WakeSwitch() -> impl IntoView {
    let WakeSetting { on, refused } = setting();
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let supported = supported();
    let hint = Signal::derive(move || {
        if !supported {
            MISSING
        } else if refused.get() == Some(true) && on.get() {
            REFUSED
        } else {
            "While a game is on, the phone does not dim or lock."
        }
    });
    view! {
        <div class="wake-setting" data-testid="wake-setting"
            data-lock=move || match (supported, refused.get()) {
                (false, _) => "missing",
                (true, None) => "",
                (true, Some(true)) => "refused",
                (true, Some(false)) => "held",
            }>
            <Switch
                label="Keep the screen awake during games"
                hint=hint
                on=on.into()
                on_toggle=Callback::new(move |v: bool| match wake::save(v) {
                    Ok(()) => {
                        error.set(None);
                        on.set(v);
                    }
                    Err(e) => error.set(Some(format!("The setting could not be saved: {e}."))),
                })
            />
            <p class="form-error" role="alert">{move || error.get()}</p>
        </div>
    }
}
