//! The companion at the top of the round form: who deals and leads, the
//! card exchange, the Direction of Play card (tap to flip it) with the
//! order of play (and, after the winner's Duck flipped it, why it lies as it
//! does), the Last Egg reminder, and who Crowed first.

use leptos::prelude::*;

use super::Ctx;
use crate::app::components::PlayerChips;
use crate::app::erased::{aria, dynamic, on_click, text};
use crate::rules::big_chicken::{
    duck_flip_note, round_guide, Direction, Round, CROWING_HINT, LAST_EGG,
};

pub fn view(c: Ctx) -> impl IntoView {
    // The guide follows what is entered (who Crowed, the direction card).
    let guide = Signal::derive(move || {
        let (crowed, direction) = c.with(|x| (x.crowed, x.direction));
        c.form.with_setup(|s| {
            c.form
                .with_before(|st| round_guide(s, st, crowed, direction))
        })
    });
    let first = guide.get_untracked();
    let order = move || {
        guide.with(|g| {
            g.order
                .iter()
                .map(|s| c.name(*s))
                .collect::<Vec<_>>()
                .join(" → ")
        })
    };
    // Named by what it shows (no aria-label, which never quite matched the
    // visible text), and a hidden line saying what tapping does.
    let direction = view! {
        <button type="button" class="direction" data-testid="direction"
            on:click=on_click(move |_| c.edit(|x| x.direction = x.direction.flipped()))
        >
            <span class="direction-arrow" aria-hidden="true">{text(move || match c.with(|x| x.direction) {
                Direction::Cluckwise => "↻".to_string(),
                Direction::CounterCluckwise => "↺".to_string(),
            })}</span>
            <span class="direction-name">{text(move || c.with(|x| x.direction.name().to_string()))}</span>
            " "
            <small class="direction-order">{text(order)}</small>
            <span class="visually-hidden">": the Direction of Play card. Tap to flip it"</span>
        </button>
    };
    // After "Went out on a Duck": the card lies the other way than play
    // went at the last lay, and the rules say why.
    let flip_note = dynamic(move || {
        let note = c.with(|x| {
            duck_flip_note(
                &Round {
                    direction: x.direction,
                    last_lay: x.last_lay,
                    last_lay_flipped: x.flipped,
                    ..Round::default()
                }
                .as_asked(0),
            )
        });
        match note {
            Some(note) => view! {
                <p class="hint direction-note" data-testid="direction-note">{format!("{note}.")}</p>
            }
            .into_any(),
            None => ().into_any(),
        }
    });
    let exchange = first.exchange.clone().map(|line| {
        let (head, rest) = line.split_once(": ").unwrap_or(("", &line));
        view! {
            <p class="reminder" data-testid="exchange">
                <strong>{format!("{head}: ")}</strong>
                {rest.to_string()}
            </p>
        }
    });
    let crowing = first.crowing.then(|| {
        view! {
            <fieldset class="crowed">
                <legend>"Who Crowed first?"</legend>
                <div class="chips">
                    <button type="button" class="chip"
                        aria-pressed=aria(move || c.with(|x| x.crowed.is_none()))
                        aria-label="Nobody Crowed"
                        on:click=on_click(move |_| c.edit(|x| x.crowed = None))
                    >"Nobody"</button>
                    <PlayerChips
                        names=c.form.with_setup(|s| s.players.clone())
                        pressed=Callback::new(move |i| c.with(|x| x.crowed == Some(i)))
                        label=Callback::new(move |i| format!("{} Crowed", c.name(i)))
                        on_pick=Callback::new(move |i| c.edit(|x| x.crowed = Some(i)))
                    />
                </div>
                <p class="hint">{CROWING_HINT}</p>
            </fieldset>
        }
    });
    let leader =
        dynamic(move || view! { <strong>{guide.with(|g| g.leader.clone())}</strong> }.into_any());
    view! {
        <section class="companion" aria-label="This round at the table" data-testid="companion">
            <p data-testid="dealer">{format!("{} · {}", first.dealer, first.deal)}</p>
            <p data-testid="leader">{leader}</p>
            {exchange}
            {direction}
            {flip_note}
            <p class="reminder">{LAST_EGG}</p>
        </section>
        {crowing}
    }
}
