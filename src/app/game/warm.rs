//! The score screen built once, off-screen, while the new-game form is
//! filled: the browser compiles a WASM function on its first call, and
//! Start's first score screen spent a quarter of its time there
//! (`tests/browser/trace_start.mjs`). Built for a game of nobody, never
//! shown, with none of a screen's side effects (storage, listeners, the
//! wake lock, the club), and dropped at once.

use std::cell::Cell;

use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use wasm_bindgen::JsCast;

use crate::app::game::{game_screen, GameUi};
use crate::app::lazy;
use crate::app::ForGame;
use crate::model::GameRecord;
use crate::rules::GameKind;

#[wasm_split(games_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_warm))]
fn warm_in_chunk(kind: GameKind) -> Result<Option<()>, SplitLoaderError> {
    Ok(crate::app::for_game(kind, WarmScreen))
}

thread_local! {
    /// Set while the off-screen screen is built: [`game_screen`] then
    /// leaves out everything that reaches beyond it.
    static WARMING: Cell<bool> = const { Cell::new(false) };
}

/// Whether the screen being built is the off-screen one.
pub fn warming() -> bool {
    WARMING.with(Cell::get)
}

/// Once the games' chunk is loaded (the form's prefetch brings it), and
/// `after_ms` from now, builds `kind`'s score screen off-screen once.
/// Marks the page's root `data-warmed` when done (the benchmark waits for
/// it, as a person filling the form would give it time).
pub fn warm_later(kind: GameKind, after_ms: u64) {
    set_timeout(
        move || {
            leptos::task::spawn_local(async move {
                if preload_warm().await.is_err() {
                    return;
                }
                // A task of its own, after the chunk's: a tap waits less.
                set_timeout(
                    move || {
                        if lazy::now(warm_in_chunk(kind)).is_some() {
                            mark_warmed(kind);
                        }
                    },
                    std::time::Duration::ZERO,
                );
            });
        },
        std::time::Duration::from_millis(after_ms),
    );
}

fn mark_warmed(kind: GameKind) {
    if let Some(root) = document().document_element() {
        let _ = root.set_attribute("data-warmed", kind.as_str());
    }
}

/// Builds game `R`'s score screen for a game of nobody into an element
/// that is never attached, then drops it.
struct WarmScreen;

impl ForGame for WarmScreen {
    type Out = ();

    fn run<R: GameUi>(self) {
        let seats = *R::KIND.players().start();
        let players = (1..=seats).map(|i| format!("Player {i}")).collect();
        let Ok(record) = GameRecord::<R>::new(String::new(), 0, players, R::Settings::default())
        else {
            return;
        };
        let Ok(parent) = document().create_element("div") else {
            return;
        };
        let parent: web_sys::HtmlElement = parent.unchecked_into();
        WARMING.with(|w| w.set(true));
        let mounted = leptos::mount::mount_to(parent, move || game_screen(record, None, None));
        WARMING.with(|w| w.set(false));
        drop(mounted);
    }
}
