//! Dominoes drawn as dominoes, and the picker that records the tiles left in
//! one player's hand (a tile can belong to one player only per hand).

use leptos::prelude::*;

use crate::rules::chickenfoot::Tile;
use crate::vision::pip_cells;

fn half(n: u8) -> impl IntoView {
    if n > 9 {
        view! { <span class="half num">{n}</span> }.into_any()
    } else {
        let cells = pip_cells(n);
        view! {
            <span class="half">
                {(0..9).map(|c| view! { <i class:pip=cells.contains(&c)></i> }).collect_view()}
            </span>
        }
        .into_any()
    }
}

/// One domino, drawn with pips (numerals above 9).
#[component]
pub fn Domino(
    /// The tile.
    tile: Tile,
) -> impl IntoView {
    view! {
        <span class="domino" aria-hidden="true">{half(tile.0)}<span class="bar-line"></span>{half(tile.1)}</span>
    }
}

/// The tile picker for one player: every tile of the set, those picked for
/// this player pressed, those held by others or on the table disabled.
#[component]
pub fn TilePicker(
    /// Whose hand this is.
    name: String,
    /// The highest pip count in the set.
    max: u8,
    /// The tiles picked for this player.
    picked: Signal<Vec<Tile>>,
    /// Tiles already picked for someone else, with their name.
    taken: Signal<Vec<(Tile, String)>>,
    /// The double on the table that started the hand.
    on_table: Signal<Tile>,
    /// What the picked tiles score.
    score: Signal<u32>,
    /// Called with a tile tapped.
    on_toggle: Callback<Tile>,
    /// Called when the picker is closed.
    on_done: Callback<()>,
    /// Shown above the tiles (a photo of them, with what was found).
    photo: Option<AnyView>,
) -> impl IntoView {
    let tiles: Vec<Tile> = (0..=max)
        .flat_map(|hi| (0..=hi).map(move |lo| Tile(lo, hi)))
        .collect();
    let title = format!("Tiles left in {name}'s hand");
    view! {
        <div class="sheet-modal" role="dialog" aria-modal="true" aria-label=title.clone()>
            <div class="sheet-modal-head">
                <h3>{title.clone()}</h3>
                <p class="picked-sum" data-testid="picked-sum" aria-live="polite">
                    {move || format!("{} · {}", crate::rules::count(picked.with(|p| p.len()), "tile"), crate::rules::count(score.get(), "point"))}
                </p>
                <button type="button" class="primary small" data-testid="picker-done" on:click=move |_| on_done.run(())>"Done"</button>
            </div>
            <div class="tile-grid">
                {photo}
                {tiles.into_iter().map(|t| {
                    let holder = move || taken.with(|tk| tk.iter().find(|(u, _)| *u == t).map(|(_, n)| n.clone()));
                    let table = move || on_table.get() == t;
                    let pressed = move || picked.with(|p| p.contains(&t));
                    let label = move || match (holder(), table()) {
                        (_, true) => format!("Tile {t}, on the table"),
                        (Some(n), _) => format!("Tile {t}, in {n}'s hand"),
                        _ => format!("Tile {t}"),
                    };
                    view! {
                        <button
                            type="button"
                            class="tile"
                            data-tile=t.to_string()
                            aria-label=label
                            aria-pressed=move || pressed().to_string()
                            disabled=move || holder().is_some() || table()
                            on:click=move |_| on_toggle.run(t)
                        >
                            <Domino tile=t/>
                        </button>
                    }
                }).collect_view()}
            </div>
        </div>
    }
}
