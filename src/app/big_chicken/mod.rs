//! Big Chicken's screens: the variant to choose and the deck to build
//! before the first deal, who holds Big Red, the round form (the table
//! companion: dealer, leader, Direction of Play, Crowing, the card exchange
//! and Last Egg reminders, then who went out, cards left, penalties and tie
//! questions), and the card-draw tie-breaker under it.

mod cards;
mod draw;
mod round;

use leptos::prelude::*;

use crate::app::components::{numbers_whole, PlayerChips, Switch};
use crate::app::erased::dynamic;
use crate::app::game::{ExtrasCtx, Form, GameUi};
use crate::rules::big_chicken::{deck_setup, score_bands, BigChicken, Entry, Settings, Suit};
use crate::rules::RuleError;

pub use cards::{card_face, card_picker, highest_first};
use round::{FormKind, RoundDraft};

/// Whether entry `index` is the question "who holds Big Red?": the first
/// entry of a game that has not recorded it, or an edit of that entry.
fn asks_big_red(form: &Form<BigChicken>) -> bool {
    form.index == 0 && form.with_before(|b| b.rounds.is_empty() && b.big_red.is_none())
}

impl GameUi for BigChicken {
    type Draft = RoundDraft;
    const LIVE_ROUND: Option<&'static [&'static str]> = Some(&["texts", "highest"]);

    /// The log may start with who holds Big Red; a Golden Egg card draw may
    /// follow the last round.
    fn entry_label(log: &[Entry], index: usize) -> String {
        let rounds_before = log
            .iter()
            .take(index)
            .filter(|e| matches!(e, Entry::Round(_)))
            .count();
        match log.get(index) {
            Some(Entry::BigRedHolder { .. }) => "the Big Red holder".to_string(),
            Some(Entry::CardDraw(_)) => "the Golden Egg card draw".to_string(),
            Some(Entry::Round(_)) => format!("Round {}", rounds_before + 1),
            None if index == 0 => "the Big Red holder".to_string(),
            None => format!("Round {}", rounds_before + 1),
        }
    }

    fn settings_form(settings: RwSignal<Settings>, players: Signal<usize>) -> AnyView {
        let (tournament, pick_tournament) = crate::bind!(settings.tournament);
        view! {
            <fieldset class="settings">
                <Switch
                    label="Advanced / Tournament rule"
                    hint="A Fowl lead before the Eggs are Broken may be challenged: whoever is wrong gets +5."
                    on=tournament
                    on_toggle=pick_tournament
                />
            </fieldset>
            <h2>"Deck setup"</h2>
            {dynamic(move || deck_view(players.get()))}
        }
        .into_any()
    }

    fn draft_of(form: &Form<Self>, entry: Option<&Entry>) -> RoundDraft {
        let n = form.players();
        let number = form.with_before(|b| b.round_number());
        let empty = RoundDraft::empty(number, n, form.with_before(|b| b.direction()));
        match entry {
            Some(Entry::BigRedHolder { seat }) => RoundDraft {
                kind: FormKind::BigRed,
                big_red: Some(*seat),
                ..empty
            },
            Some(Entry::CardDraw(_)) => RoundDraft {
                kind: FormKind::CardDraw,
                ..empty
            },
            Some(Entry::Round(r)) => RoundDraft::of(number, r, n),
            None if asks_big_red(form) => RoundDraft {
                kind: FormKind::BigRed,
                ..empty
            },
            None => empty,
        }
    }

    /// A kept draft of the same kind of entry, typed for these players.
    fn restore(form: &Form<Self>, d: RoundDraft) -> Option<RoundDraft> {
        let fresh = Self::draft_of(form, None);
        let number = fresh.number;
        let n = form.players();
        (d.kind == fresh.kind && d.kind != FormKind::CardDraw && d.fits(n))
            .then(|| RoundDraft { number, ..d }.for_players(n))
    }

    fn title(form: &Form<Self>, d: &RoundDraft) -> String {
        match d.kind {
            FormKind::BigRed => "Round 1 · Who holds Big Red?".to_string(),
            FormKind::CardDraw => "The Golden Egg card draw".to_string(),
            FormKind::Round if form.editing => format!("Correct round {}", d.number),
            FormKind::Round => format!("Round {}", d.number),
        }
    }

    /// Big Red is saved by tapping the holder; a card draw is not edited.
    fn save_label(form: &Form<Self>, d: &RoundDraft) -> Option<String> {
        match d.kind {
            FormKind::Round if form.editing => Some(format!("Save changes to round {}", d.number)),
            FormKind::Round => Some(format!("Save round {}", d.number)),
            _ => None,
        }
    }

    fn form_name(d: &RoundDraft) -> &'static str {
        match d.kind {
            FormKind::BigRed => "big-red",
            _ => "round",
        }
    }

    fn field_id(player: usize) -> Option<String> {
        Some(format!("cards-{player}"))
    }

    fn build(form: &Form<Self>, d: &RoundDraft) -> Result<Entry, RuleError> {
        match (d.kind, d.big_red) {
            (FormKind::Round, _) => round::build(form, d),
            (FormKind::BigRed, Some(seat)) => Ok(Entry::BigRedHolder { seat }),
            (FormKind::BigRed, None) => Err(RuleError::new("Tap who holds Big Red.")),
            (FormKind::CardDraw, _) => Err(RuleError::new(
                "A card draw is not corrected by hand: Undo it and draw again below.",
            )),
        }
    }

    fn form_body(form: Form<Self>, d: RwSignal<RoundDraft>) -> AnyView {
        match d.with_untracked(|x| x.kind) {
            FormKind::Round => round::body(form, d),
            FormKind::BigRed => big_red_body(form, d),
            FormKind::CardDraw => view! {
                <p class="hint">"A card draw is not corrected by hand: Undo it and draw again below."</p>
            }
            .into_any(),
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
                <dd>{numbers_whole(&format!("Numbers {}–{} in each suit, {} of each", d.lowest_number, d.highest_number, d.copies))}</dd>
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
                <dd>{numbers_whole(&bands.join(" · "))}</dd>
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

/// Before round 1: who holds Big Red (they show it and lead round 1). A
/// tap on the holder saves it.
fn big_red_body(form: Form<BigChicken>, d: RwSignal<RoundDraft>) -> AnyView {
    let deal = deck_setup(form.players())
        .map(|s| {
            format!(
                "Shuffle the {}-card deck and deal it all: {} cards each. The Direction of Play card starts on Cluckwise.",
                s.deck_size, s.dealt
            )
        })
        .unwrap_or_default();
    view! {
        <p class="hint">{deal}</p>
        <p>"The player holding Big Red shows it and leads round 1 (but cannot lead with Big Red)."</p>
        <div class="chips big" role="group" aria-label="Who holds Big Red">
            <PlayerChips
                names=form.with_setup(|s| s.players.clone())
                pressed=Callback::new(move |i| d.with(|x| x.big_red == Some(i)))
                label=Callback::new(move |i| format!("{} holds Big Red", form.name(i)))
                on_pick=Callback::new(move |i| {
                    d.update(|x| x.big_red = Some(i));
                    form.changed();
                    form.save.run(());
                })
            />
        </div>
    }
    .into_any()
}
