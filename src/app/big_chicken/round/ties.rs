//! The tie questions the rules still ask (round 1 Bad Egg highest cards,
//! the table's picks), and the card picker for a highest card, which never
//! offers a card whose every copy another tied player already named.

use leptos::prelude::*;

use super::Ctx;
use crate::app::big_chicken::cards::{card_face, card_picker, highest_first};
use crate::app::components::PlayerChips;
use crate::app::erased::{dynamic, on_click, text};
use crate::rules::big_chicken::{cards_taken, deck, Card, TieQuestion};
use crate::rules::join_names;

pub fn view(c: Ctx) -> impl IntoView {
    dynamic(move || {
        let qs = c.ties.get();
        if qs.is_empty() {
            return ().into_any();
        }
        let items = qs
            .into_iter()
            .map(|q| {
                let question = c.form.with_setup(|s| q.text(s));
                let body = match &q {
                    TieQuestion::BadEggHighestCards { seats, .. } => seats
                        .iter()
                        .map(|s| highest_row(c, *s))
                        .collect_view()
                        .into_any(),
                    TieQuestion::BadEggPick { seats, .. } | TieQuestion::GoodEggPick { seats, .. } => {
                        let bad = matches!(q, TieQuestion::BadEggPick { .. });
                        let which = if bad { "Bad Egg" } else { "Good Egg" };
                        let seats = seats.clone();
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
                };
                view! {
                    <div class="tie-question">
                        <p>{question}</p>
                        {body}
                    </div>
                }
            })
            .collect_view();
        view! {
            <fieldset class="ties" data-testid="ties">
                <legend>"Ties to settle"</legend>
                {items}
            </fieldset>
        }
        .into_any()
    })
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
