//! Playing Chicken's screens: the variants (exact bonus, goal source), the
//! trick form (the goal card, each player's revealed card tapped from 1 to
//! 6, so the form shows no hand; the verdict and winners live before
//! saving; for a correction, the card swap it carries into another trick),
//! and the panel under it: each player's cards, hidden behind a tap, and
//! the tricks played, each with an Edit button (the score sheet's rows are
//! whole rounds).

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use crate::app::components::Segmented;
use crate::app::erased::{aria, dynamic, flag, on_click, text};
use crate::app::game::{ExtrasCtx, Form, GameUi};
use crate::rules::playing_chicken::{
    deck_goal, exact_prize, goal_deck, judge, position, possible_goals, swap_for, swapped,
    ExactBonus, GoalSource, PlayedTrick, PlayingChicken, Settings, Swap, Trick, TrickResult,
    Verdict, CARDS, ROUNDS,
};
use crate::rules::RuleError;
use crate::rules::{count, join_names};

/// A trick being entered, as kept between page loads.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TrickDraft {
    /// The trick it was typed for (0-based across the game; the game frame
    /// decides which form a draft belongs to).
    index: usize,
    /// The goal tapped in (typed goals), or chosen instead of the app's
    /// card; `None` uses the app's card.
    goal: Option<u32>,
    /// The card tapped for each player, by seat.
    cards: Vec<Option<u8>>,
}

/// "trick 3 of round 2" style label: "round 2, trick 3".
fn trick_words(index: usize) -> String {
    match position(index) {
        Some(p) => format!("round {}, trick {}", p.round, p.trick),
        None => format!("trick {}", index + 1),
    }
}

/// What the verdict means, in a few words.
fn verdict_rule(v: Verdict) -> &'static str {
    match v {
        Verdict::Under => "Under the goal: the highest card wins.",
        Verdict::Over => "Over the goal: the lowest card wins.",
        Verdict::Exact => "Exactly on the goal: the highest card wins, with the exact bonus.",
    }
}

/// Who won a trick and what each scores ("Ann and Bob tie with the 4: 3
/// points each.").
fn winners_line(names: &[String], r: &TrickResult) -> String {
    let who: Vec<&str> = r
        .winners
        .iter()
        .filter_map(|s| names.get(*s).map(String::as_str))
        .collect();
    let card = r.winning_card.map(|c| c.to_string()).unwrap_or_default();
    match who.len() {
        0 => "Nobody wins.".to_string(),
        1 => format!(
            "{} wins {} with the {card}.",
            join_names(&who),
            count(r.prize_each, "point")
        ),
        _ => format!(
            "{} tie with the {card}: {} each.",
            join_names(&who),
            count(r.prize_each, "point")
        ),
    }
}

/// Cards as "1, 2 and 4".
fn cards_words(cards: &[u8]) -> String {
    let words: Vec<String> = cards.iter().map(u8::to_string).collect();
    let refs: Vec<&str> = words.iter().map(String::as_str).collect();
    join_names(&refs)
}

impl GameUi for PlayingChicken {
    type Draft = TrickDraft;
    /// A sheet row names its trick's goal: the label wraps.
    const LOOK: &'static str = "wrapped-rows";

    fn entry_label(_log: &[Trick], index: usize) -> String {
        match position(index) {
            Some(p) => format!("Trick {} (round {}, trick {})", index + 1, p.round, p.trick),
            None => format!("Trick {}", index + 1),
        }
    }

    fn settings_form(settings: RwSignal<Settings>, players: Signal<usize>) -> AnyView {
        let (bonus, pick_bonus) = crate::bind!(settings.exact_bonus);
        let (source, pick_source) = crate::bind!(settings.goal_source);
        let bonus_note = move || {
            let b = settings.with(|s| s.exact_bonus);
            let prizes: Vec<u8> = (1..=ROUNDS)
                .map(|r| u8::try_from(exact_prize(r, b)).unwrap_or(u8::MAX))
                .collect();
            match b {
                ExactBonus::Double => format!(
                    "An exact hit doubles the prize: {} points a card by round.",
                    cards_words(&prizes)
                ),
                ExactBonus::PlusOne => format!(
                    "An exact hit scores one point more: {} points a card by round.",
                    cards_words(&prizes)
                ),
            }
        };
        let source_note = move || {
            let n = players.get();
            let cards = goal_deck(n).len();
            match settings.with(|s| s.goal_source) {
                GoalSource::AppDeck if cards > 0 => format!(
                    "The app shuffles the {cards} goal cards for {n} players and shows one per trick."
                ),
                GoalSource::AppDeck => {
                    "The app shuffles the goal cards for the player count and shows one per trick."
                        .to_string()
                }
                GoalSource::Typed if cards > 0 => format!(
                    "Flip the real goal cards (the {cards} marked {n}P) and tap each goal in."
                ),
                GoalSource::Typed => {
                    "Flip the real goal cards for the player count and tap each goal in."
                        .to_string()
                }
            }
        };
        view! {
            <fieldset class="settings">
                <legend>"Exact bonus"</legend>
                <Segmented
                    label="Exact bonus"
                    options=vec![("Double".to_string(), ExactBonus::Double), ("+1".to_string(), ExactBonus::PlusOne)]
                    value=bonus
                    on_pick=pick_bonus
                />
                <p class="hint" data-testid="bonus-note">{text(bonus_note)}</p>
                <legend>"Goal cards"</legend>
                <Segmented
                    label="Goal cards"
                    options=vec![
                        ("The app flips them".to_string(), GoalSource::AppDeck),
                        ("We flip real cards".to_string(), GoalSource::Typed),
                    ]
                    value=source
                    on_pick=pick_source
                />
                <p class="hint" data-testid="goal-note">{text(source_note)}</p>
            </fieldset>
        }
        .into_any()
    }

    fn draft_of(form: &Form<Self>, entry: Option<&Trick>) -> TrickDraft {
        let deck = form.with_setup(|s| deck_goal(s, form.index));
        match entry {
            Some(t) => TrickDraft {
                index: form.index,
                goal: Some(t.goal).filter(|g| Some(*g) != deck),
                cards: t.cards.iter().map(|c| Some(*c)).collect(),
            },
            None => TrickDraft {
                index: form.index,
                goal: None,
                cards: vec![None; form.players()],
            },
        }
    }

    /// Cards outside 1 to 6 and goals not in this game's deck are dropped
    /// (a card no longer held is kept: the rules say why on Save, and
    /// dropping it would tell the table what is held).
    fn restore(form: &Form<Self>, d: TrickDraft) -> Option<TrickDraft> {
        let n = form.players();
        if d.cards.len() != n {
            return None;
        }
        let goals = possible_goals(n);
        Some(TrickDraft {
            index: form.index,
            goal: d.goal.filter(|g| goals.contains(g)),
            cards: d
                .cards
                .iter()
                .map(|c| c.filter(|c| CARDS.contains(c)))
                .collect(),
        })
    }

    fn title(form: &Form<Self>, _: &TrickDraft) -> String {
        match position(form.index) {
            Some(pos) if !form.editing => format!(
                "Round {} of {ROUNDS} · trick {} of {}",
                pos.round, pos.trick, pos.tricks_in_round
            ),
            _ => format!("Correct {}", trick_words(form.index)),
        }
    }

    fn save_label(form: &Form<Self>, d: &TrickDraft) -> Option<String> {
        let words = trick_words(form.index);
        let mut others: Vec<usize> = draft_swaps(form, d).iter().map(|s| s.index).collect();
        others.sort_unstable();
        others.dedup();
        Some(match (form.editing, position(form.index)) {
            (true, Some(p)) if !others.is_empty() => {
                let mut tricks: Vec<u8> = others
                    .iter()
                    .chain(std::iter::once(&form.index))
                    .filter_map(|i| position(*i))
                    .map(|q| u8::try_from(q.trick).unwrap_or(u8::MAX))
                    .collect();
                tricks.sort_unstable();
                format!(
                    "Save changes to round {}, tricks {}",
                    p.round,
                    cards_words(&tricks)
                )
            }
            (true, _) => format!("Save changes to {words}"),
            (false, _) => format!("Save {words}"),
        })
    }

    fn form_name(_: &TrickDraft) -> &'static str {
        "trick"
    }

    fn build(form: &Form<Self>, d: &TrickDraft) -> Result<Trick, RuleError> {
        let deck = form.with_setup(|s| deck_goal(s, form.index));
        let Some(goal) = d.goal.or(deck) else {
            return Err(RuleError::new("Tap the goal card first."));
        };
        let mut cards = Vec::with_capacity(d.cards.len());
        for (i, c) in d.cards.iter().enumerate() {
            match c {
                Some(c) => cards.push(*c),
                None => {
                    return Err(RuleError::for_player(
                        i,
                        format!("Tap the card {} played.", form.name(i)),
                    ))
                }
            }
        }
        Ok(Trick { goal, cards })
    }

    fn form_body(form: Form<Self>, d: RwSignal<TrickDraft>) -> AnyView {
        trick_body(form, d)
    }

    fn extras(ctx: ExtrasCtx<Self>) -> AnyView {
        let ExtrasCtx {
            setup, state, edit, ..
        } = ctx;
        let names = setup.players.clone();
        let hands = (!state.finished()).then(|| hands_panel(&names, &state.hands));
        let history =
            (!state.tricks.is_empty()).then(|| history_panel(&names, &state.tricks, edit));
        view! { {hands} {history} }.into_any()
    }
}

/// Each player's cards, hidden until tapped (the phone lies on the table).
fn hands_panel(names: &[String], hands: &[crate::rules::playing_chicken::Hand]) -> AnyView {
    let rows = hands
        .iter()
        .enumerate()
        .map(|(i, hand)| {
            let name = names.get(i).cloned().unwrap_or_default();
            let open = RwSignal::new(false);
            let held = hand.held.clone();
            let played = hand.played.clone();
            let out: Vec<String> = hand
                .discards
                .iter()
                .map(|d| format!("{} (round {})", d.card, d.round))
                .collect();
            let who = name.clone();
            let shown = dynamic(move || {
                if !open.get() {
                    return ().into_any();
                }
                let held_view = held
                    .iter()
                    .map(|c| view! { <span class="pc-mini">{c.to_string()}</span> })
                    .collect_view();
                let played_line = (!played.is_empty())
                    .then(|| format!("Played this round: {}.", cards_words(&played)));
                let out_line = (!out.is_empty()).then(|| {
                    let refs: Vec<&str> = out.iter().map(String::as_str).collect();
                    format!("Out of the game: {}.", join_names(&refs))
                });
                view! {
                    <div class="pc-hand" data-testid=format!("hand-{i}")>
                        <p class="pc-held" aria-label=format!("{who} holds {}", cards_words(&held))>
                            {held_view}
                        </p>
                        {played_line.map(|l| view! { <p class="hint">{l}</p> })}
                        {out_line.map(|l| view! { <p class="hint">{l}</p> })}
                    </div>
                }
                .into_any()
            });
            let label_name = name.clone();
            view! {
                <li>
                    <button type="button" class="secondary pc-show"
                        data-testid=format!("show-hand-{i}")
                        aria-expanded=aria(move || open.get())
                        on:click=on_click(move |_| open.update(|o| *o = !*o))
                    >{text(move || if open.get() { format!("Hide {label_name}'s cards") } else { format!("Show {label_name}'s cards") })}</button>
                    {shown}
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="pc-hands" aria-label="Cards in hand">
            <h2>"Cards in hand"</h2>
            <p class="hint">"Hidden, since the phone is on the table: tap to check one player's cards."</p>
            <ul class="pc-hand-list">{rows}</ul>
        </section>
    }
    .into_any()
}

/// The tricks played, newest first, each with an Edit button.
fn history_panel(names: &[String], tricks: &[PlayedTrick], edit: Callback<usize>) -> AnyView {
    let count = tricks.len();
    let items = tricks
        .iter()
        .enumerate()
        .rev()
        .map(|(i, t)| {
            let words = trick_words(i);
            let head = format!("{} · goal {}", capitalise(&words), t.goal);
            let played: Vec<String> = t
                .cards
                .iter()
                .enumerate()
                .map(|(s, c)| format!("{} {c}", names.get(s).cloned().unwrap_or_default()))
                .collect();
            let r = &t.result;
            let sums = format!(
                "{} = {} ({})",
                played.join(" · "),
                r.total,
                r.verdict.word()
            );
            let won = winners_line(names, r);
            let deck = t
                .deck_goal
                .filter(|d| *d != t.goal)
                .map(|d| format!("The app's card was {d}."));
            view! {
                <li class="pc-trick" data-testid=format!("trick-{i}")>
                    <div class="pc-trick-head">
                        <strong>{head}</strong>
                        <button type="button" class="secondary small"
                            data-testid=format!("edit-trick-{i}")
                            aria-label=format!("Edit {words}")
                            on:click=on_click(move |_| edit.run(i))
                        >"✎ Edit"</button>
                    </div>
                    <p>{sums}</p>
                    <p>{won}</p>
                    {deck.map(|d| view! { <p class="hint">{d}</p> })}
                </li>
            }
        })
        .collect_view();
    view! {
        <details class="pc-history" data-testid="trick-history">
            <summary>{format!("Tricks played ({count}): tap to correct one")}</summary>
            <ol class="pc-trick-list">{items}</ol>
        </details>
    }
    .into_any()
}

/// "Round 2, trick 3" from "round 2, trick 3".
fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => std::iter::once(first.to_ascii_uppercase())
            .chain(chars)
            .collect(),
        None => String::new(),
    }
}

/// The card swaps a correction carries into other tricks of its round,
/// for the cards tapped so far (none for a new trick).
fn draft_swaps(form: &Form<PlayingChicken>, d: &TrickDraft) -> Vec<Swap> {
    if !form.editing {
        return Vec::new();
    }
    form.with_log(|log| {
        d.cards
            .iter()
            .enumerate()
            .filter_map(|(seat, c)| c.and_then(|c| swap_for(log, form.index, seat, c)))
            .collect()
    })
}

/// What every part of the trick form shares: small handles only.
#[derive(Clone, Copy)]
struct Ctx {
    form: Form<PlayingChicken>,
    d: RwSignal<TrickDraft>,
    pos: crate::rules::playing_chicken::Position,
    /// The goal the app's deck gives this trick, if it is the deck.
    deck_goal: Option<u32>,
    bonus: ExactBonus,
    /// The goal chips are open.
    toggled: RwSignal<bool>,
}

/// The fields of one trick: the goal, each player's card, the verdict.
fn trick_body(form: Form<PlayingChicken>, d: RwSignal<TrickDraft>) -> AnyView {
    let index = form.index;
    let Some(pos) = position(index) else {
        return view! { <p class="hint">"All 15 tricks are played."</p> }.into_any();
    };
    let (bonus, deck_goal) = form.with_setup(|s| (s.settings.exact_bonus, deck_goal(s, index)));
    let c = Ctx {
        form,
        d,
        pos,
        deck_goal,
        bonus,
        toggled: RwSignal::new(deck_goal.is_none() || d.with_untracked(|x| x.goal.is_some())),
    };
    let n = form.players();
    let rows = (0..n).map(|i| player_row(c, i)).collect_view();
    view! {
        {goal_view(c)}
        {pos.last_of_round().then(|| view! {
            <p class="banner warn pc-last" data-testid="last-trick">
                {format!("Last trick of round {}: each player plays one of their two cards; the other is discarded for the rest of the game.", pos.round)}
            </p>
        })}
        <ul class="pc-players">{rows}</ul>
        <section class="pc-verdict" data-testid="trick-result" aria-live="polite" aria-label="This trick">
            {verdict(c)}
            {swap_results(c)}
        </section>
    }
    .into_any()
}

/// The goal: the app's card, big, or the goals to tap.
fn goal_view(c: Ctx) -> impl IntoView {
    let Ctx {
        form,
        d,
        pos,
        deck_goal,
        bonus,
        toggled,
        ..
    } = c;
    let n = form.players();
    let goal_pick = move || d.with(|x| x.goal);
    let goal = move || goal_pick().or(deck_goal);
    let choosing_goal = move || toggled.get() || (form.tried.get() && goal().is_none());
    let goals = possible_goals(n);
    let goal_chips = move || {
        let chips = goals
            .iter()
            .map(|g| {
                let g = *g;
                view! {
                    <button type="button" class="chip pc-goal-chip"
                        aria-label=format!("Goal {g}")
                        aria-pressed=aria(move || goal() == Some(g))
                        on:click=on_click(move |_| {
                            d.update(|x| x.goal = if Some(g) == deck_goal { None } else { Some(g) });
                            form.changed();
                        })
                    >{g.to_string()}</button>
                }
            })
            .collect_view();
        let legend = if deck_goal.is_some() {
            "The goal card on the table"
        } else {
            "Tap the goal card flipped"
        };
        view! {
            <fieldset class="pc-goals">
                <legend>{legend}</legend>
                <div class="chips" role="group" aria-label="Goal card">{chips}</div>
            </fieldset>
        }
        .into_any()
    };
    let goal_block = view! {
        <div class="pc-goal-row">
            <div class="goal-card" class:empty=flag(move || goal().is_none()) data-testid="goal-card">
                <small>"Stop on"</small>
                <strong data-testid="goal-value">{text(move || goal().map(|g| g.to_string()).unwrap_or_else(|| "?".into()))}</strong>
            </div>
            <div class="pc-goal-side">
                <p class="pc-goal-source">{text(move || match (deck_goal, goal_pick()) {
                    (Some(d), Some(g)) if g != d => format!("The app flipped {d}; this trick uses {g} from the table."),
                    (Some(_), _) => "The app's goal card for this trick.".to_string(),
                    (None, Some(_)) => "The goal card flipped on the table.".to_string(),
                    (None, None) => "Flip a goal card and tap it in below.".to_string(),
                })}</p>
                <p class="hint">{format!("{} a winning card · exact: {}", count(pos.prize(), "point"), exact_prize(pos.round, bonus))}</p>
                {deck_goal.map(|_| view! {
                    <button type="button" class="secondary small"
                        aria-expanded=aria(choosing_goal)
                        on:click=on_click(move |_| toggled.update(|v| *v = !*v))
                    >"Other goal card?"</button>
                })}
            </div>
        </div>
    };
    let goal_picker = dynamic(move || {
        if choosing_goal() {
            goal_chips()
        } else {
            ().into_any()
        }
    });

    view! { {goal_block} {goal_picker} }
}

/// Player `i`'s card, tapped from 1 to 6 (every card, so the form shows
/// no hand), with the swap a correction makes beside it.
fn player_row(c: Ctx, i: usize) -> impl IntoView {
    let Ctx { form, d, .. } = c;
    let name = move |i: usize| form.name(i);
    let card_of = move |i: usize| d.with(|x| x.cards.get(i).copied().flatten());
    let buttons = CARDS
        .map(|c| {
            view! {
                <button type="button" class="pc-card"
                    aria-label=format!("{} plays {c}", name(i))
                    aria-pressed=aria(move || card_of(i) == Some(c))
                    on:click=on_click(move |_| {
                        d.update(|x| if let Some(slot) = x.cards.get_mut(i) {
                            *slot = if *slot == Some(c) { None } else { Some(c) };
                        });
                        form.changed();
                    })
                >{c.to_string()}</button>
            }
        })
        .collect_view();
    let side = text(move || card_of(i).map(|c| format!("plays {c}")).unwrap_or_default());
    let swap = move || {
        let card = card_of(i)?;
        form.editing
            .then(|| form.with_log(|log| swap_for(log, form.index, i, card)))
            .flatten()
    };
    let swap_note = dynamic(move || match swap() {
        Some(s) => view! {
            <p class="banner info pc-swap" data-testid=format!("swap-{i}")>{s.note(&name(i))}</p>
        }
        .into_any(),
        None => ().into_any(),
    });
    let error = move || form.error_for(i).unwrap_or_default();
    view! {
        <li class="pc-player" data-testid=format!("play-{i}")>
            <div class="pc-player-head">
                <span class="who">{name(i)}</span>
                <span class="pc-side" data-testid=format!("side-{i}")>{side}</span>
            </div>
            <div class="pc-cards" role="group" aria-label=format!("{}'s card", name(i))>
                {buttons}
            </div>
            {swap_note}
            <p class="field-error" role="alert">{text(error)}</p>
        </li>
    }
}

/// The verdict, live as the cards go in.
fn verdict(c: Ctx) -> impl IntoView {
    let Ctx {
        form,
        d,
        pos,
        deck_goal,
        bonus,
        ..
    } = c;
    let n = form.players();
    let goal_pick = move || d.with(|x| x.goal);
    let goal = move || goal_pick().or(deck_goal);
    dynamic(move || {
        let Some(g) = goal() else {
            return view! { <p class="pc-verdict-line">"Tap the goal card first."</p> }.into_any();
        };
        let entered: Vec<u8> = d.with(|x| x.cards.iter().flatten().copied().collect());
        let total: u32 = entered.iter().map(|c| u32::from(*c)).sum();
        let missing = n.saturating_sub(entered.len());
        if missing > 0 {
            let line = if entered.is_empty() {
                format!("Goal {g}: tap each player's card.")
            } else if total > g {
                format!("Total so far {total}: already over {g} · {missing} to come")
            } else {
                format!("Total so far {total} of {g} · {missing} to come")
            };
            return view! { <p class="pc-verdict-line">{line}</p> }.into_any();
        }
        let all: Vec<u8> = d.with(|x| x.cards.iter().map(|c| c.unwrap_or(0)).collect());
        let r = judge(g, &all, pos.round, bonus);
        let head = format!("Total {} · goal {g} · {}", r.total, r.verdict.word());
        let won = form.with_setup(|s| winners_line(&s.players, &r));
        view! {
            <p class="pc-verdict-line" data-verdict=r.verdict.word()><strong>{head}</strong></p>
            <p>{verdict_rule(r.verdict)}</p>
            <p class="pc-winners" data-testid="trick-winners">{won}</p>
        }
        .into_any()
    })
}

/// For a correction that swaps cards with other tricks of the round, what
/// each of those tricks becomes, before saving.
fn swap_results(c: Ctx) -> impl IntoView {
    let Ctx { form, d, bonus, .. } = c;
    dynamic(move || {
        let swaps = d.with(|x| draft_swaps(&form, x));
        if swaps.is_empty() {
            return ().into_any();
        }
        let mut others: Vec<usize> = swaps.iter().map(|s| s.index).collect();
        others.sort_unstable();
        others.dedup();
        let moved = form.with_log(|log| swapped(log, &swaps));
        let lines = others
            .into_iter()
            .filter_map(|j| {
                let t = moved.get(j)?;
                let p = position(j)?;
                let r = judge(t.goal, &t.cards, p.round, bonus);
                let won = form.with_setup(|s| winners_line(&s.players, &r));
                Some(format!(
                    "Trick {} after the swap: total {} · goal {} · {}. {won}",
                    p.trick,
                    r.total,
                    t.goal,
                    r.verdict.word()
                ))
            })
            .map(|line| view! { <p class="pc-swap-result" data-testid="swap-result">{line}</p> })
            .collect_view();
        lines.into_any()
    })
}
