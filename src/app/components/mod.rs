//! Shared widgets: the scoreboard, the help panel, choice buttons, switches,
//! the on-screen number pad and the domino tile picker.

mod number_pad;
mod scoreboard;
mod tile_picker;

pub use number_pad::{focus_field, pad_field, NumberPad, PadField, PadKey};
pub use scoreboard::Scoreboard;
pub use tile_picker::{Domino, TilePicker};

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
                    <dd>{l.text}</dd>
                }).collect_view()}
            </dl>
        </section>
    }
}

/// A row of buttons of which one is chosen (a segmented control).
#[component]
pub fn Segmented<T>(
    /// What is being chosen (the group's accessible name).
    label: &'static str,
    /// Each option's text and value.
    options: Vec<(String, T)>,
    /// The value chosen now.
    value: Signal<T>,
    /// Called with the value tapped.
    on_pick: Callback<T>,
) -> impl IntoView
where
    T: Clone + PartialEq + Send + Sync + 'static,
{
    view! {
        <div class="segmented" role="group" aria-label=label>
            {options.into_iter().map(|(text, v)| {
                let v2 = v.clone();
                view! {
                    <button
                        type="button"
                        aria-pressed=move || (value.get() == v).to_string()
                        on:click=move |_| on_pick.run(v2.clone())
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
    /// One line saying what it does.
    hint: &'static str,
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
            <span class="switch-text"><strong>{label}</strong><small>{hint}</small></span>
            <span class="knob" aria-hidden="true"></span>
        </button>
    }
}
