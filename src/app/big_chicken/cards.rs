//! Big Chicken cards drawn as cards (suit colour, number, Chicken, Big Red,
//! Duck), and the card picker: every different card of this game's deck in
//! the Pecking Order, highest first, one tap to choose.

use leptos::prelude::*;

use crate::app::erased::{aria, flag, on_click};
use crate::rules::big_chicken::{distinct_cards, Card, Suit};

/// The CSS name of a card's colour.
fn colour(card: Card) -> &'static str {
    match card {
        Card::Duck => "duck",
        Card::BigRed => "red",
        Card::Egg { suit, .. } | Card::Chicken(suit) => match suit {
            Suit::Blue => "blue",
            Suit::Green => "green",
            Suit::Yellow => "yellow",
            Suit::Orange => "orange",
        },
    }
}

/// The big mark on a card's face and the small line under it (plain text,
/// so every phone's fonts can show it).
fn face(card: Card) -> (String, &'static str) {
    match card {
        Card::Duck => ("Duck".to_string(), "loses"),
        Card::BigRed => ("★".to_string(), "Big Red"),
        Card::Chicken(suit) => ("★".to_string(), suit.name()),
        Card::Egg { number, suit } => (number.to_string(), suit.name()),
    }
}

/// One card's face; its name is read out by the button or label around it
/// (`named` gives it its own accessible name instead).
pub fn card_face(card: Card, named: bool) -> AnyView {
    let (mark, line) = face(card);
    let kind = match card {
        Card::Egg { .. } => "egg",
        Card::Chicken(_) => "chicken",
        Card::BigRed => "chicken big-red",
        Card::Duck => "duck",
    };
    let class = format!("card {kind} c-{}", colour(card));
    if named {
        view! {
            <span class=class role="img" aria-label=card.to_string() data-card=card.to_string()>
                <span class="card-mark" aria-hidden="true">{mark}</span>
                <span class="card-line" aria-hidden="true">{line}</span>
            </span>
        }
        .into_any()
    } else {
        view! {
            <span class=class aria-hidden="true">
                <span class="card-mark">{mark}</span>
                <span class="card-line">{line}</span>
            </span>
        }
        .into_any()
    }
}

/// Every different card of `deck`, highest first (the Pecking Order read
/// from the top: Big Red, the Chickens, the Eggs by number then suit, the
/// Duck last).
pub fn highest_first(deck: &[Card]) -> Vec<Card> {
    let mut cards = distinct_cards(deck);
    cards.reverse();
    cards
}

/// A sheet over the bottom of the screen with every card to choose from.
/// Tapping a card chooses it and closes the sheet.
pub fn card_picker(
    title: String,
    cards: Vec<Card>,
    chosen: Option<Card>,
    unavailable: Vec<(Card, String)>,
    on_pick: Callback<Card>,
    on_close: Callback<()>,
) -> AnyView {
    let buttons = cards
        .into_iter()
        .map(|c| {
            let why = unavailable
                .iter()
                .find(|(u, _)| *u == c)
                .map(|(_, w)| w.clone());
            let label = match &why {
                Some(w) => format!("{c} ({w})"),
                None => c.to_string(),
            };
            let off = why.is_some();
            view! {
                <button type="button" class="card-button"
                    aria-label=label
                    aria-pressed=aria(move || chosen == Some(c))
                    disabled=flag(move || off)
                    on:click=on_click(move |_| on_pick.run(c))
                >{card_face(c, false)}</button>
            }
        })
        .collect_view();
    view! {
        <div class="sheet-modal card-sheet" role="dialog" aria-modal="true" aria-label=title.clone()>
            <div class="sheet-modal-head">
                <h3>{title.clone()}</h3>
                <p class="picked-sum">"Highest first, in the Pecking Order"</p>
                <button type="button" class="secondary small" data-testid="card-picker-close"
                    on:click=on_click(move |_| on_close.run(()))
                >"Close"</button>
            </div>
            <div class="card-grid">{buttons}</div>
        </div>
    }
    .into_any()
}
