//! Shared widgets: the scoreboard, the help panel, choice buttons, switches,
//! the on-screen number pad, the domino tile picker, the line chart and
//! the first-player / dealer picker.

pub mod chart;
mod number_pad;
mod picker;
mod scoreboard;
mod tile_picker;
mod whole_numbers;

pub use chart::{ChartData, LineChart, Series};
pub use number_pad::{focus_field, pad_field, NumberPad, PadField, PadKey};
pub use picker::SeatPicker;
pub use scoreboard::Scoreboard;
pub use tile_picker::{Domino, TilePicker};
pub use whole_numbers::numbers_whole;

use leptos::prelude::*;

use crate::rules::HelpLine;

/// The rules and variants in force, one line each.
#[component]
pub fn HelpPanel(
    /// The lines to show.
    lines: Signal<Vec<HelpLine>>,
) -> impl IntoView {
    view! {
        <section class="help" data-testid="help" aria-label="Rules in force">
            <h2>"Rules in force"</h2>
            <dl>
                {move || lines.get().into_iter().map(|l| view! {
                    <dt>{l.title}</dt>
                    <dd>{numbers_whole(&l.text)}</dd>
                }).collect_view()}
            </dl>
        </section>
    }
}

/// A row of buttons of which one is chosen (a segmented control).
#[component]
pub fn Segmented<T>(
    /// What is being chosen (the group's accessible name).
    #[prop(into)]
    label: Signal<String>,
    /// Each option's text and value.
    options: Vec<(String, T)>,
    /// The value chosen now.
    value: Signal<T>,
    /// Called with the value tapped.
    on_pick: Callback<T>,
    /// Each option's accessible name, where it says more than its text
    /// (it contains the text); by position.
    #[prop(optional)]
    names: Vec<String>,
    /// The compact size (inside a player's row).
    #[prop(optional)]
    small: bool,
) -> impl IntoView
where
    T: Clone + PartialEq + Send + Sync + 'static,
{
    use crate::app::erased::{aria, on_click};
    view! {
        <div class=if small { "segmented small" } else { "segmented" } role="group" aria-label=label>
            {options.into_iter().enumerate().map(|(k, (text, v))| {
                let v2 = v.clone();
                // A short option never breaks at its hyphen ("Double-9").
                let short = text.chars().count() <= 12;
                view! {
                    <button
                        type="button"
                        class:nowrap=short
                        aria-pressed=aria(move || value.with(|x| *x == v))
                        aria-label=names.get(k).cloned()
                        on:click=on_click(move |_| on_pick.run(v2.clone()))
                    >{text}</button>
                }
            }).collect_view()}
        </div>
    }
}

/// An on/off switch with a label and a line of explanation.
#[component]
pub fn Switch(
    /// The switch's name.
    label: &'static str,
    /// One line saying what it does (it may change: what the browser allows).
    #[prop(into)]
    hint: Signal<&'static str>,
    /// Whether it is on.
    on: Signal<bool>,
    /// Called with the new value when tapped.
    on_toggle: Callback<bool>,
) -> impl IntoView {
    view! {
        <button
            type="button"
            class="switch"
            role="switch"
            aria-checked=move || on.get().to_string()
            on:click=move |_| on_toggle.run(!on.get_untracked())
        >
            <span class="switch-text"><strong>{label}</strong><small>{move || hint.get()}</small></span>
            <span class="knob" aria-hidden="true"></span>
        </button>
    }
}

/// A form's buttons: Cancel (when editing) and the Save button, whose words
/// say what is saved; no Save button when `save` says `None`.
#[component]
pub fn FormActions(
    /// Leaves the form without saving (edits only).
    cancel: Option<Callback<()>>,
    /// The Save button's words.
    save: Signal<Option<String>>,
    /// The Save button's test id.
    save_id: String,
    /// Called when Save is tapped.
    on_save: Callback<()>,
) -> impl IntoView {
    use crate::app::erased::{dynamic, on_click};
    let save_button = dynamic(move || {
        match save.get() {
        Some(label) => view! {
            <button type="button" class="primary" data-testid=save_id.clone() on:click=on_click(move |_| on_save.run(()))>{label}</button>
        }
        .into_any(),
        None => ().into_any(),
    }
    });
    view! {
        <div class="form-actions">
            {cancel.map(|c| view! { <button type="button" class="secondary" on:click=on_click(move |_| c.run(()))>"Cancel"</button> })}
            {save_button}
        </div>
    }
}

/// One chip per player: tapping chooses that player. `pressed` says which
/// chips are down; `label` gives each chip's accessible name (it contains
/// the name shown).
#[component]
pub fn PlayerChips(
    /// The players' names, by seat.
    names: Vec<String>,
    /// Whether seat `i`'s chip is pressed.
    pressed: Callback<usize, bool>,
    /// Each chip's accessible name ("Ann went out").
    label: Callback<usize, String>,
    /// Called with the seat tapped.
    on_pick: Callback<usize>,
) -> impl IntoView {
    use crate::app::erased::{aria, on_click};
    names
        .into_iter()
        .enumerate()
        .map(|(i, name)| {
            view! {
                <button type="button" class="chip"
                    aria-pressed=aria(move || pressed.run(i))
                    aria-label=label.run(i)
                    on:click=on_click(move |_| on_pick.run(i))
                >{name}</button>
            }
        })
        .collect_view()
}
