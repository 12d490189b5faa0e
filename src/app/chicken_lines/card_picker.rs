//! The card picker: the cards left in one player's Rummy hand, tapped by
//! kind (standard 0-9, Super Chicken 1-9, Egg, Yoker) with the running sum
//! and, on each kind, how many the deck still has this round.

use leptos::prelude::*;

use crate::app::erased::{dynamic, flag, on_click, text};
use crate::rules::chicken_lines::rummy::{card_value, cards_value, rummy_cards};
use crate::rules::chicken_lines::Card;
use crate::rules::count;

/// A card's short name on a button or a summary ("7", "S4", "Egg").
pub fn short(card: Card) -> String {
    match card {
        Card::Super(n) => format!("S{n}"),
        other => other.name(),
    }
}

/// What the card picker shows and does.
pub struct CardPicker {
    /// Whose hand it is.
    pub name: String,
    /// The cards picked for them.
    pub picked: Signal<Vec<Card>>,
    /// How many of a kind the deck still has this round.
    pub left: Callback<Card, u32>,
    /// Adds a card.
    pub on_add: Callback<Card>,
    /// Removes the picked card at this position.
    pub on_remove: Callback<usize>,
    /// Closes the picker.
    pub on_done: Callback<()>,
}

/// The picker, a sheet over the bottom of the screen: the sum so far, the
/// cards picked (a tap removes one) and every kind (a tap adds one;
/// disabled once the deck has none left).
pub fn card_picker(p: CardPicker) -> AnyView {
    let CardPicker {
        name,
        picked,
        left,
        on_add,
        on_remove,
        on_done,
    } = p;
    let title = format!("Cards left in {name}'s hand");
    let kinds = rummy_cards()
        .into_iter()
        .map(|k| {
            let value = card_value(k).unwrap_or(0);
            // The name starts with what the button shows ("S4 17 left").
            let label = text(move || {
                let (what, cap) = match k {
                    Card::Standard(n) => (format!("card {n}"), ""),
                    Card::Super(_) => (k.name(), " (of the 18 Super Chickens)"),
                    _ => (k.name(), ""),
                };
                format!(
                    "{} {} left{cap}: {what}, {value} points",
                    short(k),
                    left.run(k)
                )
            });
            view! {
                <button type="button" class="cl-kind" data-card=short(k)
                    aria-label=label
                    disabled=flag(move || left.run(k) == 0)
                    on:click=on_click(move |_| on_add.run(k))
                >
                    <strong>{short(k)}</strong>" "
                    <small>{text(move || format!("{} left", left.run(k)))}</small>
                </button>
            }
        })
        .collect_view();
    let chips = dynamic(move || {
        picked
            .get()
            .into_iter()
            .enumerate()
            .map(|(at, k)| {
                view! {
                    <button type="button" class="chip small" aria-label=format!("Remove {} ({})", short(k), k.name())
                        on:click=on_click(move |_| on_remove.run(at))
                    >{short(k)}<span aria-hidden="true">" ✕"</span></button>
                }
            })
            .collect_view()
            .into_any()
    });
    let sum = text(move || {
        let p = picked.get();
        format!(
            "{} · {}",
            count(p.len(), "card"),
            count(cards_value(&p), "point")
        )
    });
    view! {
        <div class="sheet-modal" role="dialog" aria-modal="true" aria-label=title.clone()>
            <div class="sheet-modal-head">
                <h3>{title.clone()}</h3>
                <p class="picked-sum" data-testid="picked-sum" aria-live="polite">{sum}</p>
                <button type="button" class="primary small" data-testid="picker-done" on:click=on_click(move |_| on_done.run(()))>"Done"</button>
            </div>
            <div class="cl-picked chips" aria-label="Cards picked">{chips}</div>
            <div class="cl-kinds">{kinds}</div>
        </div>
    }
    .into_any()
}
