//! The Chicken Lines games' screens: Rummy's round form with its card
//! picker ([`rummy`]) and Circus Trump's suit sheet and line form
//! ([`circus`]). This file holds the one widget both use: a counter with
//! − and + buttons.

pub mod card_picker;
pub mod circus;
pub mod rummy;
pub mod suit_sheet;

use leptos::prelude::*;

use crate::app::erased::{flag, on_click, text};

/// What a [`counter`] shows and does.
pub struct CounterParts {
    /// The test id and the value's id.
    pub id: &'static str,
    /// What is counted, as the group's accessible name ("Rounds").
    pub label: String,
    /// The value and its words ("5 rounds").
    pub shown: Signal<String>,
    /// The value now.
    pub value: Signal<u32>,
    /// The smallest and largest values.
    pub range: (u32, u32),
    /// Called with the new value.
    pub on_set: Callback<u32>,
}

/// A value changed one step at a time: − shown + (each at least a
/// finger's width).
pub fn counter(p: CounterParts) -> AnyView {
    let CounterParts {
        id,
        label,
        shown,
        value,
        range,
        on_set,
    } = p;
    let (lo, hi) = range;
    let less = format!("One fewer: {label}");
    let more = format!("One more: {label}");
    let at_lo = flag(move || value.get() <= lo);
    let at_hi = flag(move || value.get() >= hi);
    view! {
        <div class="stepper cl-counter" role="group" aria-label=label data-testid=id>
            <button type="button" class="step" aria-label=less
                disabled=at_lo
                on:click=on_click(move |_| on_set.run(value.get_untracked().saturating_sub(1).max(lo)))
            >"−"</button>
            <output class="cl-count" aria-live="polite">{text(move || shown.get())}</output>
            <button type="button" class="step" aria-label=more
                disabled=at_hi
                on:click=on_click(move |_| on_set.run(value.get_untracked().saturating_add(1).min(hi)))
            >"+"</button>
        </div>
    }
    .into_any()
}
