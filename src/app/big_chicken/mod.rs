//! Big Chicken's screens: the variant to choose and the deck to build
//! before the first deal, who holds Big Red, the round form (the table
//! companion: dealer, leader, Direction of Play, Crowing, the card exchange
//! and Last Egg reminders, then who went out, cards left, penalties and tie
//! questions), and the card-draw tie-breaker under it.

mod cards;
mod draw;
mod round_form;

use leptos::prelude::*;

use crate::app::components::Switch;
use crate::app::erased::{dynamic, on_click, text};
use crate::app::game::{EntryCtx, ExtrasCtx, GameUi};
use crate::rules::big_chicken::{deck_setup, score_bands, BigChicken, Entry, Settings, Suit};
use crate::rules::RuleError;

pub use cards::{card_face, card_picker, highest_first};

impl GameUi for BigChicken {
    /// The app asks who holds Big Red before round 1, so entry 0 records
    /// that and entry `k` is round `k`.
    fn entry_label(index: usize) -> String {
        if index == 0 {
            "the Big Red holder".to_string()
        } else {
            format!("Round {index}")
        }
    }

    fn entry_label_in(log: &[Entry], index: usize) -> String {
        match log.get(index) {
            Some(Entry::BigRedHolder { .. }) => "the Big Red holder".to_string(),
            Some(Entry::CardDraw(_)) => "the Golden Egg card draw".to_string(),
            Some(Entry::Round(_)) => {
                let k = log
                    .iter()
                    .take(index + 1)
                    .filter(|e| matches!(e, Entry::Round(_)))
                    .count();
                format!("Round {k}")
            }
            None => Self::entry_label(index),
        }
    }

    fn settings_form(settings: RwSignal<Settings>, players: Signal<usize>) -> AnyView {
        view! {
            <fieldset class="settings">
                <Switch
                    label="Advanced / Tournament rule"
                    hint="A Fowl lead before the Eggs are Broken may be challenged: whoever is wrong gets +5."
                    on=Signal::derive(move || settings.with(|s| s.tournament))
                    on_toggle=Callback::new(move |v| settings.update(|s| s.tournament = v))
                />
            </fieldset>
            <h2>"Deck setup"</h2>
            {dynamic(move || deck_view(players.get()))}
        }
        .into_any()
    }

    fn entry_form(ctx: EntryCtx<Self>) -> AnyView {
        let asks_big_red = ctx.before.rounds.is_empty() && ctx.before.big_red.is_none();
        match ctx.initial.clone() {
            Some(Entry::BigRedHolder { seat }) => big_red_form(ctx, Some(seat)),
            Some(Entry::CardDraw(_)) => draw_entry_note(ctx),
            Some(Entry::Round(_)) => round_form::round_form(ctx),
            None if asks_big_red && ctx.index == 0 => big_red_form(ctx, None),
            None => round_form::round_form(ctx),
        }
    }

    fn extras(ctx: ExtrasCtx<Self>) -> AnyView {
        draw::extras(ctx)
    }
}

/// The DECK SETUP table for the seated player count, as the table builds it.
fn deck_view(players: usize) -> AnyView {
    let Some(d) = deck_setup(players) else {
        return view! {
            <p class="hint" data-testid="deck-setup">"Seat 2 to 6 players to see which cards go in the deck."</p>
        }
        .into_any();
    };
    let suits = d
        .suits
        .iter()
        .map(|s| view! { <span class=format!("suit-chip c-{}", suit_class(*s))>{s.name()}</span> })
        .collect_view();
    let removed = if d.removed.is_empty() {
        "None".to_string()
    } else {
        let names: Vec<String> = d.removed.iter().map(|c| c.to_string()).collect();
        format!(
            "The lowest {} One cards: {}",
            d.ones_removed,
            names.join(", ")
        )
    };
    let bands: Vec<String> = score_bands(players)
        .iter()
        .map(|b| {
            if b.from == b.to {
                format!("{} cards ×{}", b.from, b.multiplier)
            } else {
                format!("{}–{} cards ×{}", b.from, b.to, b.multiplier)
            }
        })
        .collect();
    let two = (players == 2).then(|| {
        view! { <p class="hint">"Two players use the \"2 or 4\" column and the 3–6 player scoring; the separate 2-player rules are not in the app."</p> }
    });
    view! {
        <section class="deck-setup" data-testid="deck-setup" aria-label=format!("Deck for {players} players")>
            <h3>{format!("Deck for {players} players")}</h3>
            <dl>
                <dt>"Suits"</dt>
                <dd>{format!("{} ", d.suits.len())}{suits}<small>" (any colours, as long as there are "{d.suits.len()}")"</small></dd>
                <dt>"Eggs"</dt>
                <dd>{format!("Numbers {}–{} in each suit, {} of each", d.lowest_number, d.highest_number, d.copies)}</dd>
                <dt>"Chickens"</dt>
                <dd>{format!("All {}, Big Red included", d.chickens)}</dd>
                <dt>"Ducks"</dt>
                <dd>{d.ducks.to_string()}</dd>
                <dt>"Remove"</dt>
                <dd>{removed}</dd>
                <dt>"Deck"</dt>
                <dd><strong>{format!("{} cards", d.deck_size)}</strong></dd>
                <dt>"Deal"</dt>
                <dd><strong>{format!("{} cards to each player", d.dealt)}</strong></dd>
                <dt>"Card score"</dt>
                <dd>{bands.join(" · ")}</dd>
            </dl>
            {two}
        </section>
    }
    .into_any()
}

/// The CSS colour name of a suit.
fn suit_class(s: Suit) -> &'static str {
    match s {
        Suit::Blue => "blue",
        Suit::Green => "green",
        Suit::Yellow => "yellow",
        Suit::Orange => "orange",
    }
}

/// Before round 1: who holds Big Red (they show it and lead round 1).
fn big_red_form(ctx: EntryCtx<BigChicken>, initial: Option<usize>) -> AnyView {
    let EntryCtx {
        setup,
        submit,
        cancel,
        ..
    } = ctx;
    let error: RwSignal<Option<RuleError>> = RwSignal::new(None);
    let deal = deck_setup(setup.players.len())
        .map(|d| {
            format!(
                "Shuffle the {}-card deck and deal it all: {} cards each. The Direction of Play card starts on Cluckwise.",
                d.deck_size, d.dealt
            )
        })
        .unwrap_or_default();
    let chips = setup
        .players
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            let pressed = (initial == Some(seat)).to_string();
            view! {
                <button type="button" class="chip big"
                    aria-pressed=pressed
                    aria-label=format!("{name} holds Big Red")
                    on:click=on_click(move |_| error.set(submit.run(Entry::BigRedHolder { seat })))
                >{name.clone()}</button>
            }
        })
        .collect_view();
    view! {
        <div class="round-form" data-testid="big-red-form">
            <h2>"Round 1 · Who holds Big Red?"</h2>
            <p class="hint">{deal}</p>
            <p>"The player holding Big Red shows it and leads round 1 (but cannot lead with Big Red)."</p>
            <div class="chips" role="group" aria-label="Who holds Big Red">{chips}</div>
            <p class="form-error" role="alert" data-testid="form-error">
                {text(move || error.get().map(|e| e.message).unwrap_or_default())}
            </p>
            {cancel.map(|c| view! {
                <div class="form-actions">
                    <button type="button" class="secondary" on:click=on_click(move |_| c.run(()))>"Cancel"</button>
                </div>
            })}
        </div>
    }
    .into_any()
}

/// A recorded card draw is not edited in a form: undo it and draw again.
fn draw_entry_note(ctx: EntryCtx<BigChicken>) -> AnyView {
    view! {
        <div class="round-form">
            <p class="hint">"A card draw is not corrected by hand: Undo it and draw again below."</p>
            {ctx.cancel.map(|c| view! {
                <div class="form-actions">
                    <button type="button" class="secondary" on:click=on_click(move |_| c.run(()))>"Cancel"</button>
                </div>
            })}
        </div>
    }
    .into_any()
}
