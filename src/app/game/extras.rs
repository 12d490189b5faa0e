//! What the game screen offers besides the sheet: the chart, sharing (text
//! and picture) and handing the game to another phone. Its code is in the
//! games' chunk behind a split point of its own, loaded when first shown.

use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};

use crate::app::lazy::{self, Chunk};

/// The extras' split point.
const EXTRAS: Chunk = Chunk::new("extras", || Box::pin(preload_extras()));

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
    lazy::on_demand(
        EXTRAS,
        move || match lazy::now(extras_view(make())) {
            Some(Ok(v)) => v,
            _ => extra_failed(),
        },
        extra_failed,
    )
}

fn extra_failed() -> AnyView {
    view! {
        <p class="hint" role="status">"The chart and sharing could not be loaded: the phone may be offline."</p>
    }
    .into_any()
}
