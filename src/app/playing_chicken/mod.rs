//! Playing Chicken's screens: the variants (exact bonus, goal source), the
//! trick form (the goal card, each player's revealed card tapped from the
//! cards they still hold, the verdict and winners live before saving, the
//! discards on a round's last trick), and the panel under it: each
//! player's cards, hidden behind a tap, and the tricks played, each with
//! an Edit button (the score sheet's rows are whole rounds).

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use crate::app::components::Segmented;
use crate::app::erased::{aria, dynamic, flag, on_click, on_submit, text};
use crate::app::game::{keep_draft, restore_draft, EntryCtx, ExtrasCtx, GameUi};
use crate::app::now_ms;
use crate::rules::join_names;
use crate::rules::playing_chicken::{
    deck_goal, exact_prize, goal_deck, judge, position, possible_goals, ExactBonus, GoalSource,
    PlayedTrick, PlayingChicken, Settings, Trick, TrickResult, Verdict, ROUNDS,
};
use crate::rules::RuleError;

/// A trick being entered, as kept between page loads.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct TrickDraft {
    /// The trick it was typed for (0-based across the game; the game frame
    /// decides which form a draft belongs to).
    index: usize,
    /// The goal tapped in (typed goals), or chosen instead of the app's
    /// card; `None` uses the app's card.
    goal: Option<u32>,
    /// The card tapped for each player, by seat.
    cards: Vec<Option<u8>>,
}

/// A fresh goal-deck seed from the browser's randomness and clock.
fn fresh_seed() -> u64 {
    let word = || (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (word() << 32) ^ word() ^ (now_ms().max(0) as u64)
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
            "{} wins {} points with the {card}.",
            join_names(&who),
            r.prize_each
        ),
        _ => format!(
            "{} tie with the {card}: {} points each.",
            join_names(&who),
            r.prize_each
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
    fn entry_label(index: usize) -> String {
        match position(index) {
            Some(p) => format!("Trick {} (round {}, trick {})", index + 1, p.round, p.trick),
            None => format!("Trick {}", index + 1),
        }
    }

    fn settings_form(settings: RwSignal<Settings>, players: Signal<usize>) -> AnyView {
        // The goal deck's shuffle is chosen once, when the game is set up,
        // and saved with the game.
        settings.update(|s| s.seed = fresh_seed());
        let bonus = Signal::derive(move || settings.with(|s| s.exact_bonus));
        let source = Signal::derive(move || settings.with(|s| s.goal_source));
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
                    on_pick=Callback::new(move |v| settings.update(|s| s.exact_bonus = v))
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
                    on_pick=Callback::new(move |v| settings.update(|s| s.goal_source = v))
                />
                <p class="hint" data-testid="goal-note">{text(source_note)}</p>
            </fieldset>
        }
        .into_any()
    }

    fn entry_form(ctx: EntryCtx<Self>) -> AnyView {
        trick_form(ctx)
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
            let discards = (!t.discards.is_empty()).then(|| {
                let each: Vec<String> = t
                    .discards
                    .iter()
                    .enumerate()
                    .map(|(s, c)| format!("{} {c}", names.get(s).cloned().unwrap_or_default()))
                    .collect();
                format!("Discarded: {}.", each.join(" · "))
            });
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
                    {discards.map(|d| view! { <p class="hint">{d}</p> })}
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
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The form for one trick: the goal, each player's card, the verdict.
fn trick_form(ctx: EntryCtx<PlayingChicken>) -> AnyView {
    let EntryCtx {
        setup,
        before,
        index,
        initial,
        submit,
        cancel,
        draft,
        on_draft,
    } = ctx;
    let Some(pos) = position(index) else {
        return view! { <p class="hint">"All 15 tricks are played."</p> }.into_any();
    };
    let n = setup.players.len();
    let names = StoredValue::new(setup.players.clone());
    let name = move |i: usize| names.with_value(|v| v.get(i).cloned().unwrap_or_default());
    let bonus = setup.settings.exact_bonus;
    let deck_goal = deck_goal(&setup, index);
    let goals = possible_goals(n);
    let choices: Vec<Vec<u8>> = before
        .choices(index)
        .unwrap_or_default()
        .into_iter()
        .chain(std::iter::repeat(Vec::new()))
        .take(n)
        .collect();
    let choices = StoredValue::new(choices);
    let held = move |i: usize| -> Vec<u8> {
        choices.with_value(|c| c.get(i).cloned().unwrap_or_default())
    };
    let last = pos.last_of_round();
    let editing = cancel.is_some();

    // The form's state: what was typed in it (its draft), else the trick
    // being edited, else empty. Cards no longer held are dropped.
    let from_entry = initial.as_ref().map(|t| TrickDraft {
        index,
        goal: Some(t.goal).filter(|g| Some(*g) != deck_goal),
        cards: t.cards.iter().map(|c| Some(*c)).collect(),
    });
    let restored = restore_draft::<TrickDraft>(draft.as_deref(), |d| d.cards.len() == n)
        .map(|d| TrickDraft {
            index,
            goal: d.goal.filter(|g| goals.contains(g)),
            cards: d
                .cards
                .iter()
                .enumerate()
                .map(|(i, c)| c.filter(|c| held(i).contains(c)))
                .collect(),
        })
        .or(from_entry)
        .unwrap_or_else(|| TrickDraft {
            index,
            goal: None,
            cards: vec![None; n],
        });
    let goal_pick: RwSignal<Option<u32>> = RwSignal::new(restored.goal);
    let cards: RwSignal<Vec<Option<u8>>> = RwSignal::new(restored.cards);
    // Every change to a new trick is kept at once (storage, not a signal).
    keep_draft(on_draft, move || TrickDraft {
        index,
        goal: goal_pick.get(),
        cards: cards.get(),
    });
    let goal = move || goal_pick.get().or(deck_goal);
    let choosing_goal = RwSignal::new(deck_goal.is_none() || restored.goal.is_some());
    let form_error: RwSignal<Option<RuleError>> = RwSignal::new(None);
    let card_of = move |i: usize| cards.with(|c| c.get(i).copied().flatten());

    // The goal: the app's card, big, or the goals to tap.
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
                            goal_pick.set(if Some(g) == deck_goal { None } else { Some(g) });
                            form_error.set(None);
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
                <p class="pc-goal-source">{text(move || match (deck_goal, goal_pick.get()) {
                    (Some(d), Some(g)) if g != d => format!("The app flipped {d}; this trick uses {g} from the table."),
                    (Some(_), _) => "The app's goal card for this trick.".to_string(),
                    (None, Some(_)) => "The goal card flipped on the table.".to_string(),
                    (None, None) => "Flip a goal card and tap it in below.".to_string(),
                })}</p>
                <p class="hint">{format!("{} points a winning card · exact: {}", pos.prize(), exact_prize(pos.round, bonus))}</p>
                {deck_goal.map(|_| view! {
                    <button type="button" class="secondary small"
                        aria-expanded=aria(move || choosing_goal.get())
                        on:click=on_click(move |_| choosing_goal.update(|v| *v = !*v))
                    >"Other goal card?"</button>
                })}
            </div>
        </div>
    };
    let goal_picker = dynamic(move || {
        if choosing_goal.get() {
            goal_chips()
        } else {
            ().into_any()
        }
    });

    let player_rows = (0..n)
        .map(|i| {
            let mine = held(i);
            let hint_held = mine.clone();
            let buttons = mine
                .iter()
                .map(|c| {
                    let c = *c;
                    view! {
                        <button type="button" class="pc-card"
                            aria-label=format!("{} plays {c}", name(i))
                            aria-pressed=aria(move || card_of(i) == Some(c))
                            on:click=on_click(move |_| {
                                cards.update(|v| if let Some(slot) = v.get_mut(i) {
                                    *slot = if *slot == Some(c) { None } else { Some(c) };
                                });
                                form_error.set(None);
                            })
                        >{c.to_string()}</button>
                    }
                })
                .collect_view();
            let side = text(move || {
                let picked = card_of(i);
                let others: Vec<u8> = hint_held
                    .iter()
                    .copied()
                    .filter(|c| Some(*c) != picked)
                    .collect();
                match (picked, last) {
                    (None, _) if hint_held.is_empty() => "no cards left".to_string(),
                    (None, true) => format!("holds {}", cards_words(&hint_held)),
                    (None, false) => String::new(),
                    (Some(c), true) if !others.is_empty() => {
                        format!("plays {c} · discards {}", cards_words(&others))
                    }
                    (Some(c), _) => format!("plays {c}"),
                }
            });
            let error = move || {
                form_error
                    .get()
                    .filter(|e| e.player == Some(i))
                    .map(|e| e.message)
                    .unwrap_or_default()
            };
            view! {
                <li class="pc-player" data-testid=format!("play-{i}")>
                    <div class="pc-player-head">
                        <span class="who">{name(i)}</span>
                        <span class="pc-side" data-testid=format!("side-{i}")>{side}</span>
                    </div>
                    <div class="pc-cards" role="group" aria-label=format!("{}'s card", name(i))>
                        {buttons}
                    </div>
                    <p class="field-error" role="alert">{text(error)}</p>
                </li>
            }
        })
        .collect_view();

    // The verdict, live as the cards go in.
    let verdict = dynamic(move || {
        let Some(g) = goal() else {
            return view! { <p class="pc-verdict-line">"Tap the goal card first."</p> }.into_any();
        };
        let entered: Vec<u8> = cards.with(|v| v.iter().flatten().copied().collect());
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
        let all: Vec<u8> = cards.with(|v| v.iter().map(|c| c.unwrap_or(0)).collect());
        let r = judge(g, &all, pos.round, bonus);
        let head = format!("Total {} · goal {g} · {}", r.total, r.verdict.word());
        let won = names.with_value(|v| winners_line(v, &r));
        view! {
            <p class="pc-verdict-line" data-verdict=r.verdict.word()><strong>{head}</strong></p>
            <p>{verdict_rule(r.verdict)}</p>
            <p class="pc-winners" data-testid="trick-winners">{won}</p>
        }
        .into_any()
    });

    let save = move |_| {
        form_error.set(None);
        let Some(g) = goal_pick.get_untracked().or(deck_goal) else {
            form_error.set(Some(RuleError::new("Tap the goal card first.")));
            choosing_goal.set(true);
            return;
        };
        let picked = cards.get_untracked();
        let mut all = Vec::with_capacity(n);
        for i in 0..n {
            match picked.get(i).copied().flatten() {
                Some(c) => all.push(c),
                None => {
                    form_error.set(Some(RuleError::for_player(
                        i,
                        format!("Tap the card {} played.", name(i)),
                    )));
                    return;
                }
            }
        }
        if let Some(err) = submit.run(Trick {
            goal: g,
            cards: all,
        }) {
            form_error.set(Some(err));
        }
    };

    let words = trick_words(index);
    let title = if editing {
        format!("Correct {words}")
    } else {
        format!(
            "Round {} of {ROUNDS} · trick {} of {}",
            pos.round, pos.trick, pos.tricks_in_round
        )
    };
    let save_label = if editing {
        format!("Save changes to {words}")
    } else {
        format!("Save {words}")
    };

    view! {
        <form class="trick-form" on:submit=on_submit(|| ()) data-testid="trick-form">
            <h2>{title}</h2>
            {goal_block}
            {goal_picker}
            {last.then(|| view! {
                <p class="banner warn pc-last" data-testid="last-trick">
                    {format!("Last trick of round {}: each player plays one of their two cards; the other is discarded for the rest of the game.", pos.round)}
                </p>
            })}
            <ul class="pc-players">{player_rows}</ul>
            <section class="pc-verdict" data-testid="trick-result" aria-live="polite" aria-label="This trick">
                {verdict}
            </section>
            <p class="form-error" role="alert" data-testid="form-error">
                {text(move || form_error.get().filter(|e| e.player.is_none()).map(|e| e.message).unwrap_or_default())}
            </p>
            <div class="form-actions">
                {cancel.map(|c| view! { <button type="button" class="secondary" on:click=on_click(move |_| c.run(()))>"Cancel"</button> })}
                <button type="button" class="primary" data-testid="save-trick" on:click=on_click(save)>{save_label}</button>
            </div>
        </form>
    }
    .into_any()
}
