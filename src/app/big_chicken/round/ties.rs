//! The tie questions the rules ask (round 1 Bad Egg highest cards, the
//! table's picks), shown as soon as the cards left typed raise them and
//! gone when the tie is; what is still unanswered, beside its question once
//! Save was tapped; and the card picker for a highest card, which never
//! offers a card whose every copy another tied player already named.

use leptos::prelude::*;

use super::Ctx;
use crate::app::big_chicken::cards::{card_face, card_picker, highest_first};
use crate::app::components::PlayerChips;
use crate::app::erased::{dynamic, on_click, text};
use crate::rules::big_chicken::{cards_taken, deck, Card, TieQuestion};
use crate::rules::join_names;

/// The questions, and a polite announcement of them as they appear: the
/// fieldset itself is no live region (its buttons would be read out on
/// every change), and no question interrupts what is being typed.
pub fn view(c: Ctx) -> impl IntoView {
    let announce = Memo::new(move |_| {
        c.ties.with(|qs| {
            let texts: Vec<String> = qs
                .iter()
                .map(|q| c.form.with_setup(|s| q.text(s)))
                .collect();
            match texts.len() {
                0 => String::new(),
                1 => format!("A tie question below: {}", texts.join(" ")),
                _ => format!("Tie questions below: {}", texts.join(" ")),
            }
        })
    });
    let questions = dynamic(move || {
        let qs = c.ties.get();
        if qs.is_empty() {
            return ().into_any();
        }
        let items = qs
            .into_iter()
            .enumerate()
            .map(|(k, q)| question_view(c, k, q))
            .collect_view();
        view! {
            <fieldset class="ties" data-testid="ties">
                <legend>"Ties to settle"</legend>
                {items}
            </fieldset>
        }
        .into_any()
    });
    view! {
        <p class="visually-hidden" role="status" data-testid="ties-status">{text(move || announce.get())}</p>
        {questions}
    }
}

/// One tie question: its text, its answer, and once Save was tapped what
/// it still misses.
fn question_view(c: Ctx, k: usize, q: TieQuestion) -> AnyView {
    let question = c.form.with_setup(|s| q.text(s));
    let missing = {
        let q = q.clone();
        text(move || {
            if !c.form.tried.get() {
                return String::new();
            }
            c.open
                .with(|open| {
                    open.iter()
                        .find(|o| o.same_kind(&q))
                        .map(|o| c.form.with_setup(|s| o.missing(s)))
                })
                .unwrap_or_default()
        })
    };
    let body = match &q {
        TieQuestion::BadEggHighestCards { seats, .. } => seats
            .iter()
            .map(|s| highest_row(c, *s))
            .collect_view()
            .into_any(),
        TieQuestion::BadEggPick { seats, .. } | TieQuestion::GoodEggPick { seats, .. } => {
            pick_view(
                c,
                matches!(q, TieQuestion::BadEggPick { .. }),
                seats.clone(),
            )
        }
    };
    view! {
        <div class="tie-question" role="group" aria-labelledby=format!("tie-q-{k}")
            aria-describedby=format!("tie-missing-{k}") data-testid=format!("tie-{k}")>
            <p id=format!("tie-q-{k}")>{question}</p>
            {body}
            <p class="field-error" id=format!("tie-missing-{k}") data-testid="tie-missing">{missing}</p>
        </div>
    }
    .into_any()
}

/// The table's pick among `seats`, for the Bad Egg or the Good Egg.
fn pick_view(c: Ctx, bad: bool, seats: Vec<usize>) -> AnyView {
    let which = if bad { "Bad Egg" } else { "Good Egg" };
    let names: Vec<String> = seats.iter().map(|s| c.name(*s)).collect();
    let seat_of = StoredValue::new(seats);
    let seat = move |k: usize| seat_of.with_value(|v| v.get(k).copied().unwrap_or(0));
    view! {
        <div class="chips">
            <PlayerChips
                names=names
                pressed=Callback::new(move |k| {
                    let s = seat(k);
                    c.with(|x| if bad { x.bad_pick == Some(s) } else { x.good_pick == Some(s) })
                })
                label=Callback::new(move |k| format!("{} is {which}", c.name(seat(k))))
                on_pick=Callback::new(move |k| {
                    let s = seat(k);
                    c.edit(|x| if bad { x.bad_pick = Some(s) } else { x.good_pick = Some(s) })
                })
            />
        </div>
    }
    .into_any()
}

/// A tied player's highest card: tap to choose it in the picker.
fn highest_row(c: Ctx, s: usize) -> AnyView {
    let chosen = move || c.with(|x| x.highest.get(s).copied().flatten());
    let face = dynamic(move || match chosen() {
        Some(card) => card_face(card, false),
        None => view! { <span class="card empty" aria-hidden="true">"?"</span> }.into_any(),
    });
    view! {
        <div class="highest-row">
            <span class="who">{format!("{}'s highest card", c.name(s))}</span>
            <button type="button" class="card-slot"
                aria-label=text(move || match chosen() {
                    Some(card) => format!("{}'s highest card: {card}. Change", c.name(s)),
                    None => format!("{}'s highest card: choose", c.name(s)),
                })
                on:click=on_click(move |_| { c.active.set(None); c.picker.set(Some(s)) })
            >{face}</button>
        </div>
    }
    .into_any()
}

/// The card picker for the highest card of the tied player it was opened
/// for.
pub fn picker(c: Ctx) -> impl IntoView {
    let all = StoredValue::new(deck(c.n));
    dynamic(move || {
        let Some(s) = c.picker.get() else {
            return ().into_any();
        };
        let tied: Vec<usize> = c.ties.with(|qs| {
            qs.iter()
                .find_map(|q| match q {
                    TieQuestion::BadEggHighestCards { seats, .. } => Some(seats.clone()),
                    _ => None,
                })
                .unwrap_or_default()
        });
        let (chosen, others) = c.with(|x| {
            let others: Vec<(usize, Card)> = x
                .highest
                .iter()
                .enumerate()
                .filter(|(o, _)| *o != s && tied.contains(o))
                .filter_map(|(o, card)| card.map(|card| (o, card)))
                .collect();
            (x.highest.get(s).copied().flatten(), others)
        });
        let cards = all.get_value();
        let unavailable: Vec<(Card, String)> = cards_taken(&cards, &others)
            .into_iter()
            .map(|(card, seats)| {
                let names: Vec<String> = seats.iter().map(|o| c.name(*o)).collect();
                (card, format!("held by {}", join_names(&names)))
            })
            .collect();
        card_picker(
            format!("{}'s highest card", c.name(s)),
            highest_first(&cards),
            chosen,
            unavailable,
            Callback::new(move |card: Card| {
                c.edit(|x| {
                    if x.highest.len() <= s {
                        x.highest.resize(s + 1, None);
                    }
                    if let Some(slot) = x.highest.get_mut(s) {
                        *slot = Some(card);
                    }
                });
                c.picker.set(None);
            }),
            Callback::new(move |_| c.picker.set(None)),
        )
    })
}
