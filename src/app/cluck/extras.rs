//! The panel under Cluck!'s form: the optional feather tracker and the
//! events recorded, each with Edit.
//!
//! The feather tracker is a reminder, not a scoring fact, so it is not in
//! the log (Undo and the score never meet it): it is kept in the game's
//! draft as the panel's lasting work, so it survives a reload and every
//! entry saved since. Each note remembers how many roosters its player had
//! lost when it was made; once another has died (a kill recorded), the note
//! no longer applies and the new rooster starts afresh, and an Undo of that
//! kill brings the note back.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use crate::app::erased::{aria, flag, on_click, text};
use crate::app::game::{keep_draft, restore_draft, ExtrasCtx};
use crate::rules::cluck::{kill_lines, Cluck, State, TurnEnd};
use crate::rules::Setup;

/// One player's current rooster, as tracked.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct Note {
    /// Roosters the player had lost when the note was made: it applies to
    /// the rooster in play then.
    lost: u32,
    /// Its feather value (life) when it came in.
    feathers: u32,
    /// The attacks stacked on it, oldest first.
    attacks: Vec<u32>,
}

/// The version of [`Tracker`]'s shape as the draft keeps it.
const TRACKER_SHAPE: u32 = 1;

/// The tracker as kept.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct Tracker {
    /// Whether the panel is open.
    open: bool,
    /// A note per seat.
    notes: Vec<Option<Note>>,
}

/// The most feathers or attack the tracker counts to.
const MOST: u32 = 99;

impl Tracker {
    /// Seat `s`'s note, if it is about the rooster in play now.
    fn note(&self, state: &State, s: usize) -> Note {
        self.notes
            .get(s)
            .cloned()
            .flatten()
            .filter(|n| n.lost == state.lost(s))
            .unwrap_or(Note {
                lost: state.lost(s),
                ..Note::default()
            })
    }

    /// Changes seat `s`'s note for the rooster in play.
    fn change(&mut self, state: &State, s: usize, f: impl FnOnce(&mut Note)) {
        let mut note = self.note(state, s);
        f(&mut note);
        if self.notes.len() <= s {
            self.notes.resize(s + 1, None);
        }
        if let Some(slot) = self.notes.get_mut(s) {
            *slot = Some(note);
        }
    }
}

/// The panel: the feather tracker while the game is on, then the events.
pub(super) fn extras(ctx: ExtrasCtx<Cluck>) -> AnyView {
    let ExtrasCtx {
        setup,
        state,
        lasting,
        on_draft,
        edit,
        ..
    } = ctx;
    let feathers = (state.turn().is_some()).then(|| {
        let kept: Tracker = restore_draft(TRACKER_SHAPE, lasting.as_deref(), |_: &Tracker| true)
            .unwrap_or_default();
        let tracker = RwSignal::new(kept);
        keep_draft(TRACKER_SHAPE, Some(on_draft), move || tracker.get());
        tracker_view(&setup, StoredValue::new(state.clone()), tracker)
    });
    let events = events_view(&setup, &state, edit);
    view! { {feathers} {events} }.into_any()
}

/// The feather tracker: for each player still in, their rooster's
/// feathers, the attacks on it and what is left.
fn tracker_view(
    setup: &Setup<crate::rules::cluck::Settings>,
    state: StoredValue<State>,
    tracker: RwSignal<Tracker>,
) -> AnyView {
    let seats = state.with_value(|s| s.still_in());
    let rows = seats
        .into_iter()
        .map(|s| {
            let name = setup.name(s).to_string();
            let note = move || tracker.with(|t| state.with_value(|st| t.note(st, s)));
            let change = move |f: Box<dyn FnOnce(&mut Note)>| {
                tracker.update(|t| state.with_value(|st| t.change(st, s, f)));
            };
            let line = move || {
                let n = note();
                let hit: u32 = n.attacks.iter().fold(0u32, |a, b| a.saturating_add(*b));
                let attacks = if n.attacks.is_empty() {
                    "no attacks".to_string()
                } else {
                    let list: Vec<String> = n.attacks.iter().map(u32::to_string).collect();
                    format!("attacks {} = {hit}", list.join(" + "))
                };
                if n.feathers == 0 {
                    format!("Feathers ? · {attacks}")
                } else if hit >= n.feathers {
                    format!("Feathers {} · {attacks}: enough to kill it, record the kill", n.feathers)
                } else {
                    format!("Feathers {} · {attacks} · {} left", n.feathers, n.feathers - hit)
                }
            };
            let attack_buttons = (1..=5u32)
                .map(|a| {
                    let who = name.clone();
                    view! {
                        <button type="button" class="chip cl-attack"
                            aria-label=format!("+{a} attack on {who}'s rooster")
                            on:click=on_click(move |_| change(Box::new(move |n| if n.attacks.len() < 40 { n.attacks.push(a) })))
                        >{format!("+{a}")}</button>
                    }
                })
                .collect_view();
            let who = name.clone();
            view! {
                <li class="cl-feather" data-testid=format!("feathers-{s}")>
                    <p class="cl-feather-head"><strong>{name.clone()}</strong>" "<span data-testid=format!("feather-line-{s}")>{text(line)}</span></p>
                    <div class="cl-feather-row" role="group" aria-label=format!("Feathers of {who}'s rooster")>
                        <button type="button" class="chip" aria-label=format!("− one feather, {who}'s rooster")
                            on:click=on_click(move |_| change(Box::new(|n| n.feathers = n.feathers.saturating_sub(1))))
                        >"−"</button>
                        <button type="button" class="chip" aria-label=format!("+ one feather, {who}'s rooster")
                            on:click=on_click(move |_| change(Box::new(|n| n.feathers = n.feathers.saturating_add(1).min(MOST))))
                        >"+"</button>
                        <button type="button" class="chip" aria-label=format!("↶ last attack off {who}'s rooster")
                            on:click=on_click(move |_| change(Box::new(|n| { n.attacks.pop(); })))
                        >"↶"</button>
                        <button type="button" class="chip" aria-label=format!("New rooster for {who}")
                            on:click=on_click(move |_| change(Box::new(|n| { n.attacks.clear(); n.feathers = 0; })))
                        >"New rooster"</button>
                    </div>
                    <div class="cl-feather-row" role="group" aria-label=format!("Attacks on {name}'s rooster")>{attack_buttons}</div>
                </li>
            }
        })
        .collect_view();
    let open = move || tracker.with(|t| t.open);
    view! {
        <section class="cl-tracker" data-testid="feather-tracker">
            <button type="button" class="secondary wide" data-testid="toggle-feathers"
                aria-expanded=aria(open)
                on:click=on_click(move |_| tracker.update(|t| t.open = !t.open))
            >{text(move || if open() { "Hide the feather tracker".to_string() } else { "Feather tracker (optional)".to_string() })}</button>
            <div hidden=flag(move || !open())>
                <p class="hint">"A reminder only: set each rooster's feathers as it comes in and stack the attacks on it; it starts afresh when the rooster dies. A kill is still recorded above."</p>
                <ul class="cl-feathers">{rows}</ul>
            </div>
        </section>
    }
    .into_any()
}

/// Every event recorded, newest first, each with Edit.
fn events_view(
    setup: &Setup<crate::rules::cluck::Settings>,
    state: &State,
    edit: Callback<usize>,
) -> AnyView {
    // (entry, label as the frame names it, words), oldest first.
    let mut lines: Vec<(usize, String, String)> = Vec::new();
    if let Some((seat, random)) = state.first {
        let how = if random {
            " (the app picked at random)"
        } else {
            ""
        };
        lines.push((
            0,
            "Who goes first".into(),
            format!("{} goes first{how}", setup.name(seat)),
        ));
    }
    for t in &state.turns {
        for k in &t.kills {
            let words = kill_lines(setup, state, k).join(". ");
            lines.push((
                k.entry,
                "Kill".into(),
                format!("turn {}: {words}", t.number),
            ));
        }
        if let TurnEnd::Ended(e) = t.end {
            let words = format!("{} ended turn {}", setup.name(t.seat), t.number);
            lines.push((e, "Turn end".into(), words));
        }
    }
    if lines.is_empty() {
        return ().into_any();
    }
    lines.sort_by_key(|l| l.0);
    let (mut kills, mut ends) = (0, 0);
    for (_, label, _) in lines.iter_mut() {
        if label == "Kill" {
            kills += 1;
            *label = format!("Kill {kills}");
        } else if label == "Turn end" {
            ends += 1;
            *label = format!("Turn end {ends}");
        }
    }
    lines.reverse();
    let count = lines.len();
    let items = lines
        .into_iter()
        .map(|(i, label, words)| {
            view! {
                <li class="cl-event" data-testid=format!("event-{i}")>
                    <span><strong>{label.clone()}</strong>{format!(" · {words}")}</span>
                    <button type="button" class="secondary small"
                        data-testid=format!("edit-event-{i}")
                        aria-label=format!("Edit {label}")
                        on:click=on_click(move |_| edit.run(i))
                    >"✎ Edit"</button>
                </li>
            }
        })
        .collect_view();
    view! {
        <details class="cl-events" data-testid="events">
            <summary>{format!("Events ({count}): tap to correct one")}</summary>
            <ol class="cl-event-list">{items}</ol>
        </details>
    }
    .into_any()
}
