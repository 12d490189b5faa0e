//! The entry form held still under the finger while another page or phone
//! changes the game:
//! - a change waits while a finger is down on the form ([`pressed`] to
//!   [`lifted`]): rebuilt under a tap, the form would lose it (the press
//!   on the old Save button, the lift on the new form: no click);
//! - a row added above the form scrolls the page by as much
//!   ([`keep_in_place`]): WebKit has no scroll anchoring, and the next tap
//!   would land a row above where it was aimed.

use std::cell::{Cell, RefCell};
use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::JsValue;

/// The longest a press holds a change back: held longer, it is not a tap
/// (and a lift never seen, outside the page, ends it too).
const HOLD_AT_MOST: Duration = Duration::from_millis(1500);

thread_local! {
    /// The press under way (its number), if any.
    static DOWN: Cell<Option<u64>> = const { Cell::new(None) };
    static PRESSES: Cell<u64> = const { Cell::new(0) };
    /// What waits for the lift: each a promise's resolve.
    static WAITING: RefCell<Vec<js_sys::Function>> = const { RefCell::new(Vec::new()) };
}

/// A finger (or the mouse) went down on the entry form.
pub fn pressed() {
    let press = PRESSES.with(|p| {
        p.set(p.get().wrapping_add(1));
        p.get()
    });
    DOWN.with(|d| d.set(Some(press)));
    set_timeout(move || release(press), HOLD_AT_MOST);
}

/// The finger went up (or the press was cancelled). What waited goes on
/// once the tap's click has run (a task later).
pub fn lifted() {
    if let Some(press) = DOWN.with(Cell::get) {
        set_timeout(move || release(press), Duration::ZERO);
    }
}

fn release(press: u64) {
    if DOWN.with(Cell::get) != Some(press) {
        return;
    }
    DOWN.with(|d| d.set(None));
    for resolve in WAITING.with(|w| std::mem::take(&mut *w.borrow_mut())) {
        let _ = resolve.call0(&JsValue::NULL);
    }
}

/// Waits until no finger is down on the entry form.
pub async fn until_lifted() {
    if DOWN.with(Cell::get).is_none() {
        return;
    }
    let lift = js_sys::Promise::new(&mut |resolve, _| {
        WAITING.with(|w| w.borrow_mut().push(resolve));
    });
    let _ = wasm_bindgen_futures::JsFuture::from(lift).await;
}

/// Runs `change`, then scrolls the page by as far as it moved element
/// `id` on the screen, when some of it was in view: what the finger
/// was aimed at stays under it. (Where the engine anchors the scroll
/// itself, the element has not moved and nothing is scrolled.)
pub fn keep_in_place(id: &'static str, change: impl FnOnce()) {
    let rect = move || {
        document()
            .get_element_by_id(id)
            .map(|e| e.get_bounding_client_rect())
    };
    let height = window()
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    let before = rect()
        .filter(|r| r.bottom() > 0.0 && r.top() < height)
        .map(|r| r.top());
    change();
    if let Some(before) = before {
        request_animation_frame(move || {
            let moved = rect().map(|after| after.top() - before);
            if let Some(shift) = moved.filter(|s| s.abs() >= 1.0) {
                window().scroll_by_with_x_and_y(0.0, shift);
            }
        });
    }
}
