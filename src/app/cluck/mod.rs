//! Cluck!'s screens: the set-up for the player count, who goes first (the
//! table taps a name, or the app picks at random), and the table companion:
//! a big whose-turn display with End turn, each player's coop, eggs and
//! knock-out order at a glance, and Record a kill (killer and victim among
//! the players still in, the eggs on the rooster). The panel under it holds
//! the optional feather tracker and the events, each with Edit (`extras`).
//! Every rule decision shown comes from `rules::cluck`.

mod extras;

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use crate::app::components::{SeatPicker, Segmented};
use crate::app::erased::{aria, dynamic, on_click, on_value, text};
use crate::app::game::{lower_first, ExtrasCtx, Form, GameUi};
use crate::rules::cluck::{
    coop_size, ordinal, setup_steps, Cluck, Entry, Kill, Settings, MAX_EGGS,
};
use crate::rules::{parse_count, RuleError};

/// What the form records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Who goes first (the game's first entry).
    First,
    /// A kill (the form during play).
    #[default]
    Kill,
    /// A turn end (End turn saves it; an edit may choose it).
    EndTurn,
}

/// An event being entered, as kept between page loads.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct EventDraft {
    /// What the form records.
    kind: Kind,
    /// Who goes first, as tapped or picked.
    first: Option<usize>,
    /// Whether `first` is the app's random pick.
    random: bool,
    /// Who killed the rooster.
    killer: Option<usize>,
    /// Whose rooster died.
    victim: Option<usize>,
    /// The eggs on it, as tapped or typed.
    eggs: String,
}

impl EventDraft {
    /// Whether part of a kill is entered (beyond the preselected killer).
    fn kill_started(&self) -> bool {
        self.victim.is_some() || !self.eggs.trim().is_empty()
    }
}

/// Whether the form's entry is who goes first: the first entry of a game
/// that has not recorded it, or an edit of that entry.
fn asks_first(form: &Form<Cluck>) -> bool {
    form.index == 0
}

impl GameUi for Cluck {
    type Draft = EventDraft;
    /// The table companion first, the long sheet (a row per turn, its
    /// number and whose turn) under it.
    const LOOK: &'static str = "sheet-last narrow-rows";

    /// "Who goes first", "Kill 3" (the third kill), "Turn end 4" (the
    /// fourth End turn).
    fn entry_label(log: &[Entry], index: usize) -> String {
        let upto = log.get(..=index).unwrap_or(log);
        let kills = upto.iter().filter(|e| matches!(e, Entry::Kill(_))).count();
        let ends = upto.iter().filter(|e| matches!(e, Entry::EndTurn)).count();
        match log.get(index) {
            Some(Entry::First { .. }) => "Who goes first".to_string(),
            Some(Entry::Kill(_)) => format!("Kill {kills}"),
            Some(Entry::EndTurn) => format!("Turn end {ends}"),
            None if index == 0 => "Who goes first".to_string(),
            None => format!("Kill {}", kills + 1),
        }
    }

    fn settings_form(_settings: RwSignal<Settings>, players: Signal<usize>) -> AnyView {
        let steps = move || {
            let n = players.get();
            let lines = setup_steps(n);
            if lines.is_empty() {
                return view! { <p class="hint">"Seat 2 to 6 players to see the coops."</p> }
                    .into_any();
            }
            let coop = coop_size(n).unwrap_or(0);
            view! {
                <p><strong>{format!("Coops of {coop} roosters each")}</strong>{format!(" for {n} players (2: 6, 3: 5, 4: 4, 5-6: 3).")}</p>
                <ol class="cl-steps">{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ol>
                <p class="hint">"Who goes first is asked when the game starts."</p>
            }
            .into_any()
        };
        view! {
            <section class="cl-setup" data-testid="cluck-setup" aria-label="Set-up">
                <h2>"Set-up"</h2>
                {dynamic(steps)}
            </section>
        }
        .into_any()
    }

    fn draft_of(form: &Form<Self>, entry: Option<&Entry>) -> EventDraft {
        match entry {
            Some(Entry::First { seat, random }) => EventDraft {
                kind: Kind::First,
                first: Some(*seat),
                random: *random,
                ..EventDraft::default()
            },
            Some(Entry::Kill(k)) => EventDraft {
                kind: Kind::Kill,
                killer: Some(k.killer),
                victim: Some(k.victim),
                eggs: k.eggs.to_string(),
                ..EventDraft::default()
            },
            Some(Entry::EndTurn) => EventDraft {
                kind: Kind::EndTurn,
                ..EventDraft::default()
            },
            None if asks_first(form) => EventDraft {
                kind: Kind::First,
                ..EventDraft::default()
            },
            // The player whose turn it is kills most often: preselected.
            None => EventDraft {
                killer: form.with_before(|b| b.turn()),
                ..EventDraft::default()
            },
        }
    }

    /// A kept draft for the same kind of form, with players no longer
    /// offered dropped.
    fn restore(form: &Form<Self>, d: EventDraft) -> Option<EventDraft> {
        let fresh = Self::draft_of(form, None);
        if (d.kind == Kind::First) != (fresh.kind == Kind::First) {
            return None;
        }
        let n = form.players();
        let killers = form.with_before(|b| b.killers());
        Some(EventDraft {
            first: d.first.filter(|s| *s < n),
            killer: d
                .killer
                .filter(|s| killers.contains(s) || form.editing)
                .or(fresh.killer),
            victim: d.victim.filter(|s| *s < n),
            kind: if form.editing { d.kind } else { fresh.kind },
            ..d
        })
    }

    fn title(form: &Form<Self>, d: &EventDraft) -> String {
        if form.editing {
            return format!("Correct {}", lower_first(&form.label()));
        }
        match d.kind {
            Kind::First => "Who goes first?".to_string(),
            _ => form
                .with_before(|b| b.turn())
                .map(|s| format!("{}'s turn", form.name(s)))
                .unwrap_or_else(|| "The game is over".to_string()),
        }
    }

    fn save_label(form: &Form<Self>, d: &EventDraft) -> Option<String> {
        if form.editing {
            return Some(format!("Save changes to {}", lower_first(&form.label())));
        }
        match d.kind {
            Kind::First => d.first.map(|s| format!("{} goes first", form.name(s))),
            Kind::Kill => Some("Save kill".to_string()),
            Kind::EndTurn => None,
        }
    }

    fn form_name(d: &EventDraft) -> &'static str {
        match d.kind {
            Kind::First => "first",
            _ => "event",
        }
    }

    fn build(form: &Form<Self>, d: &EventDraft) -> Result<Entry, RuleError> {
        match d.kind {
            Kind::First => {
                let seat = d
                    .first
                    .ok_or_else(|| RuleError::new("Tap who goes first, or let the app pick."))?;
                let _ = form;
                Ok(Entry::First {
                    seat,
                    random: d.random,
                })
            }
            Kind::EndTurn => Ok(Entry::EndTurn),
            Kind::Kill => {
                let killer = d
                    .killer
                    .ok_or_else(|| RuleError::new("Tap who killed the rooster."))?;
                let victim = d
                    .victim
                    .ok_or_else(|| RuleError::new("Tap whose rooster died."))?;
                let eggs = parse_count(&d.eggs, "eggs on the rooster", MAX_EGGS)
                    .map_err(RuleError::new)?;
                Ok(Entry::Kill(Kill {
                    killer,
                    victim,
                    eggs,
                }))
            }
        }
    }

    fn form_body(form: Form<Self>, d: RwSignal<EventDraft>) -> AnyView {
        match d.with_untracked(|x| x.kind) {
            Kind::First => first_body(form, d),
            _ if form.editing => edit_body(form, d),
            _ => play_body(form, d),
        }
    }

    fn extras(ctx: ExtrasCtx<Self>) -> AnyView {
        extras::extras(ctx)
    }
}

/// One chip per seat in `seats`: tapping picks it (again: unpicks it).
fn seat_chips(
    form: Form<Cluck>,
    seats: Vec<usize>,
    picked: impl Fn() -> Option<usize> + Copy + Send + Sync + 'static,
    label: impl Fn(&str) -> String,
    pick: impl Fn(Option<usize>) + Copy + 'static,
) -> impl IntoView {
    seats
        .into_iter()
        .map(|s| {
            let name = form.name(s);
            view! {
                <button type="button" class="chip big"
                    aria-pressed=aria(move || picked() == Some(s))
                    aria-label=label(&name)
                    on:click=on_click(move |_| {
                        pick(if picked() == Some(s) { None } else { Some(s) });
                        form.changed();
                    })
                >{name.clone()}</button>
            }
        })
        .collect_view()
}

/// Who goes first: a tap on a name, or the app's random pick; Save says
/// who.
fn first_body(form: Form<Cluck>, d: RwSignal<EventDraft>) -> AnyView {
    let seats: Vec<usize> = (0..form.players()).collect();
    let chips = seat_chips(
        form,
        seats,
        move || d.with(|x| x.first),
        |n| format!("{n} goes first"),
        move |s| {
            d.update(|x| {
                x.first = s;
                x.random = false;
            })
        },
    );
    let picked = move || {
        d.with(|x| x.first.filter(|_| x.random))
            .map(|s| format!("The app picked {} at random.", form.name(s)))
            .unwrap_or_default()
    };
    view! {
        <p>"The table chooses: the rules suggest whoever got up earliest, and a player who chose Sunny as their starting rooster may go first."</p>
        <div class="chips" role="group" aria-label="Who goes first">{chips}</div>
        <SeatPicker
            names=form.with_setup(|s| s.players.clone())
            on_land=Callback::new(move |seat: usize| {
                d.update(|x| {
                    x.first = Some(seat);
                    x.random = true;
                });
                form.changed();
            })
        />
        <p class="hint" data-testid="random-pick" aria-live="polite">{text(picked)}</p>
    }
    .into_any()
}

/// During play: whose turn with End turn, the coops at a glance, and the
/// kill form.
fn play_body(form: Form<Cluck>, d: RwSignal<EventDraft>) -> AnyView {
    let (turn, next) = form.with_before(|b| {
        let t = b.current_turn().map(|t| (t.number, t.seat));
        (t, t.and_then(|(_, s)| b.next_in(s)))
    });
    let Some((number, seat)) = turn else {
        return view! { <p class="hint">"The game is over."</p> }.into_any();
    };
    let who = form.name(seat);
    let then = next
        .map(|s| format!("Turn {number} · next: {}", form.name(s)))
        .unwrap_or_else(|| format!("Turn {number}"));
    let end_turn = move |_| {
        if d.with_untracked(EventDraft::kill_started) {
            form.error.set(Some(RuleError::new(
                "A kill is half entered: save it, or clear it, before ending the turn.",
            )));
            return;
        }
        d.update(|x| x.kind = Kind::EndTurn);
        form.save.run(());
        d.update(|x| x.kind = Kind::Kill);
    };
    view! {
        <div class="cl-turn" data-testid="whose-turn">
            <p class="cl-turn-no">{then}</p>
            <button type="button" class="primary cl-end" data-testid="end-turn"
                on:click=on_click(end_turn)
            >{format!("End {who}'s turn")}</button>
        </div>
        {glance(form)}
        {kill_fields(form, d)}
    }
    .into_any()
}

/// A correction: a kill or a turn end (either may become the other).
fn edit_body(form: Form<Cluck>, d: RwSignal<EventDraft>) -> AnyView {
    let kind = Signal::derive(move || d.with(|x| x.kind));
    view! {
        <Segmented
            label="This event is"
            options=vec![("A kill".to_string(), Kind::Kill), ("A turn end".to_string(), Kind::EndTurn)]
            value=kind
            on_pick=Callback::new(move |k| { d.update(|x| x.kind = k); form.changed(); })
        />
        {dynamic(move || if kind.get() == Kind::Kill {
            kill_fields(form, d).into_any()
        } else {
            view! { <p class="hint">"The turn being played ends here; the next player clockwise still in takes the next turn."</p> }.into_any()
        })}
    }
    .into_any()
}

/// Each player's coop, eggs and knock-out place, before this entry.
fn glance(form: Form<Cluck>) -> impl IntoView {
    let n = form.players();
    let start = coop_size(n).unwrap_or(0);
    let rows = (0..n)
        .map(|s| {
            let (coop, eggs, out, turn) = form.with_before(|b| {
                (
                    b.coops.get(s).copied().unwrap_or(0),
                    b.eggs.get(s).copied().unwrap_or(0),
                    b.knocked_out_place(s),
                    b.turn() == Some(s),
                )
            });
            let name = form.name(s);
            let out_text = out
                .map(|p| format!("out {}", ordinal(p)))
                .unwrap_or_default();
            view! {
                <tr class:out=out.is_some() class:turn=turn data-testid=format!("glance-{s}")>
                    <th scope="row" class="cl-name">{name}</th>
                    <td data-testid=format!("coop-{s}")>{format!("{coop}/{start}")}</td>
                    <td data-testid=format!("eggs-{s}")>{eggs.to_string()}</td>
                    <td class="cl-out" data-testid=format!("out-{s}")>{out_text}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="cl-glance" aria-label="Coops, eggs and knock-outs">
            <thead><tr><th scope="col">"Player"</th><th scope="col">"Coop"</th><th scope="col">"Eggs"</th><th scope="col">"Out"</th></tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

/// Record a kill: who killed it, whose rooster, the eggs on it.
fn kill_fields(form: Form<Cluck>, d: RwSignal<EventDraft>) -> impl IntoView {
    let killers = form.with_before(|b| b.killers());
    let killer_chips = seat_chips(
        form,
        killers.clone(),
        move || d.with(|x| x.killer),
        |n| format!("{n} killed it"),
        move |s| {
            d.update(|x| {
                x.killer = s;
                if x.victim == s {
                    x.victim = None;
                }
            })
        },
    );
    let victim_chips = move || {
        let killer = d.with(|x| x.killer);
        let seats: Vec<usize> = killers
            .iter()
            .copied()
            .filter(|s| Some(*s) != killer)
            .collect();
        seat_chips(
            form,
            seats,
            move || d.with(|x| x.victim),
            |n| format!("{n}'s rooster died"),
            move |s| d.update(|x| x.victim = s),
        )
        .into_any()
    };
    let egg_chips = (1..=8u32)
        .map(|e| {
            let word = e.to_string();
            view! {
                <button type="button" class="chip cl-egg"
                    aria-pressed=aria(move || d.with(|x| x.eggs.trim() == word))
                    aria-label=format!("{e} eggs")
                    on:click=on_click(move |_| { d.update(|x| x.eggs = e.to_string()); form.changed(); })
                >{e.to_string()}</button>
            }
        })
        .collect_view();
    let clear = move |_| {
        let keep = form.with_before(|b| b.turn());
        d.update(|x| {
            x.victim = None;
            x.eggs.clear();
            x.killer = keep;
        });
        form.changed();
    };
    view! {
        <fieldset class="cl-kill" data-testid="kill-fields">
            <legend>"Record a kill"</legend>
            <p class="cl-ask">"Who killed it? (attacker, or a defender's counter)"</p>
            <div class="chips" role="group" aria-label="Who killed the rooster">{killer_chips}</div>
            <p class="cl-ask">"Whose rooster died?"</p>
            <div class="chips" role="group" aria-label="Whose rooster died">{dynamic(victim_chips)}</div>
            <p class="cl-ask"><label for="cl-eggs">"Eggs on the rooster"</label></p>
            <div class="chips" role="group" aria-label="Eggs on the rooster">{egg_chips}</div>
            <input id="cl-eggs" class="cl-eggs-input" type="text" inputmode="numeric" autocomplete="off"
                data-testid="eggs-input" placeholder="or type"
                prop:value=move || d.with(|x| x.eggs.clone())
                on:input=on_value(move |v| { d.update(|x| x.eggs = v); form.changed(); })
            />
            {(!form.editing).then(|| view! {
                <button type="button" class="secondary small cl-clear" on:click=on_click(clear)>"Clear kill"</button>
            })}
        </fieldset>
    }
}
