//! The round form, the table companion for one round: who deals and leads,
//! the Direction of Play card, Crowing, the Good/Bad Egg card exchange and
//! Last Egg reminders, then at the round's end who went out and how, cards
//! left (−/+ or the number pad) with each player's score previewed, the
//! Penalty for Assistance question, tournament challenges and the Egg tie
//! questions. Everything typed is kept as a draft on every change.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::cards::{card_face, card_picker, highest_first};
use crate::app::components::{focus_field, pad_field, NumberPad, PadField, PadKey, Switch};
use crate::app::erased::{aria, dynamic, flag, on_click, on_submit, text};
use crate::app::game::{keep_draft, restore_draft, EntryCtx};
use crate::rules::big_chicken::{
    copies_in, deck, deck_setup, multiplier, pending_ties, preview_round, BigChicken, Card,
    Challenge, ChallengeSide, Direction, Entry, LastLay, Round, RoundScores, Settings, State,
    TieQuestion,
};
use crate::rules::{join_names, parse_count, RuleError, Setup};

/// A round being entered, as kept between page loads.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct RoundDraft {
    /// The round this draft was typed for (the game frame decides which
    /// form a draft belongs to).
    number: usize,
    /// The Direction of Play card as it lies now.
    direction: Direction,
    /// Who went out.
    out: Option<usize>,
    /// One card or several on the last lay.
    last_lay: LastLay,
    /// The last card was a Duck (it flipped the direction card).
    flipped: bool,
    /// Who Crowed first.
    crowed: Option<usize>,
    /// The table says the player before the winner could have stopped it.
    assisted: bool,
    /// Cards left as typed, by seat.
    texts: Vec<String>,
    /// Tournament challenges lost.
    challenges: Vec<Challenge>,
    /// Round 1 Bad Egg tie: each tied player's highest card, by seat.
    highest: Vec<Option<Card>>,
    /// The table's Bad Egg pick.
    bad_pick: Option<usize>,
    /// The table's Good Egg pick.
    good_pick: Option<usize>,
}

impl RoundDraft {
    fn empty(number: usize, n: usize, direction: Direction) -> Self {
        RoundDraft {
            number,
            direction,
            texts: vec![String::new(); n],
            highest: vec![None; n],
            ..RoundDraft::default()
        }
    }

    fn of(number: usize, r: &Round, n: usize) -> Self {
        RoundDraft {
            number,
            direction: r.direction,
            out: r.out,
            last_lay: r.last_lay,
            flipped: r.last_lay_flipped,
            crowed: r.crowed,
            assisted: r.assisted,
            texts: (0..n)
                .map(|i| match r.cards_left.get(i) {
                    Some(c) if r.out != Some(i) => c.to_string(),
                    _ => String::new(),
                })
                .collect(),
            challenges: r.challenges.clone(),
            highest: (0..n)
                .map(|i| r.highest_cards.get(i).copied().flatten())
                .collect(),
            bad_pick: r.bad_egg_pick,
            good_pick: r.good_egg_pick,
        }
    }

    fn fits(&self, n: usize) -> bool {
        self.texts.len() == n
            && self.highest.len() == n
            && self.out.is_none_or(|o| o < n)
            && self.crowed.is_none_or(|c| c < n)
    }

    /// The round without tie answers, or the first field that is not a
    /// count yet (with its message).
    fn round(&self, n: usize, most: u32) -> Result<Round, RuleError> {
        let Some(out) = self.out else {
            return Err(RuleError::new("Tap who went out."));
        };
        let mut cards_left = Vec::with_capacity(n);
        for i in 0..n {
            if i == out {
                cards_left.push(0);
                continue;
            }
            let t = self.texts.get(i).cloned().unwrap_or_default();
            cards_left.push(
                parse_count(&t, "cards left", most).map_err(|m| RuleError::for_player(i, m))?,
            );
        }
        Ok(Round {
            out: Some(out),
            last_lay: self.last_lay,
            cards_left,
            crowed: self.crowed,
            assisted: self.assisted && self.last_lay == LastLay::Single && n >= 3,
            challenges: self.challenges.clone(),
            direction: self.direction,
            last_lay_flipped: self.flipped && self.last_lay == LastLay::Single,
            ..Round::default()
        })
    }
}

/// The tie questions to ask for `base` (a round without answers), and the
/// round with only the draft's answers to those questions.
fn tie_view(
    setup: &Setup<Settings>,
    before: &State,
    base: &Round,
    d: &RoundDraft,
) -> Result<(Vec<TieQuestion>, Round), RuleError> {
    let n = setup.players.len();
    let mut r = base.clone();
    let mut shown: Vec<TieQuestion> = Vec::new();
    // Answering the highest cards can leave a "table picks" question: ask
    // again with the answers given (at most once per kind of question).
    for _ in 0..3 {
        let mut changed = false;
        for q in pending_ties(setup, before, &r)? {
            if shown
                .iter()
                .any(|s| std::mem::discriminant(s) == std::mem::discriminant(&q))
            {
                continue;
            }
            match &q {
                TieQuestion::BadEggHighestCards { seats, .. } => {
                    r.highest_cards = (0..n)
                        .map(|s| {
                            if seats.contains(&s) {
                                d.highest.get(s).copied().flatten()
                            } else {
                                None
                            }
                        })
                        .collect();
                }
                TieQuestion::BadEggPick { seats, .. } => {
                    r.bad_egg_pick = d.bad_pick.filter(|p| seats.contains(p));
                }
                TieQuestion::GoodEggPick { seats, .. } => {
                    r.good_egg_pick = d.good_pick.filter(|p| seats.contains(p));
                }
            }
            shown.push(q);
            changed = true;
        }
        if !changed {
            break;
        }
    }
    if r.highest_cards.iter().all(Option::is_none) {
        r.highest_cards.clear();
    }
    Ok((shown, r))
}

/// The form for one round's end (new, or a correction).
pub fn round_form(ctx: EntryCtx<BigChicken>) -> AnyView {
    let EntryCtx {
        setup,
        before,
        index: _,
        initial,
        submit,
        cancel,
        draft,
        on_draft,
    } = ctx;
    let n = setup.players.len();
    let number = before.round_number();
    let deck_size = deck_setup(n).map(|d| d.deck_size as u32).unwrap_or(0);
    // A hand never holds the whole deck (the last lay is on the table).
    let most = deck_size.saturating_sub(1);
    let tournament = setup.settings.tournament;
    let editing = cancel.is_some();
    let names = StoredValue::new(setup.players.clone());
    let name = move |i: usize| names.with_value(|v| v.get(i).cloned().unwrap_or_default());
    let good_egg = before.good_egg();
    let bad_egg = before.bad_egg();
    let big_red = before.big_red;
    let cards_of_deck = StoredValue::new(deck(n));
    let setup_v = StoredValue::new(setup.clone());
    let before_v = StoredValue::new(before.clone());

    // What was typed in this form (its draft), else the round being
    // edited, else empty.
    let restored = restore_draft::<RoundDraft>(draft.as_deref(), |d| d.fits(n))
        .map(|d| RoundDraft { number, ..d })
        .or_else(|| match &initial {
            Some(Entry::Round(r)) => Some(RoundDraft::of(number, r, n)),
            _ => None,
        })
        .unwrap_or_else(|| RoundDraft::empty(number, n, before.direction()));
    let d = RwSignal::new(restored);
    keep_draft(on_draft, move || d.get());
    let active: RwSignal<Option<usize>> = RwSignal::new(None);
    let picker: RwSignal<Option<usize>> = RwSignal::new(None);
    let tried = RwSignal::new(false);
    let form_error: RwSignal<Option<RuleError>> = RwSignal::new(None);
    let side = RwSignal::new(ChallengeSide::Leader);
    let edit = move |f: &mut dyn FnMut(&mut RoundDraft)| {
        d.update(|x| f(x));
        form_error.set(None);
    };

    // The round as entered so far (no tie answers), its scores and ties.
    let base = Memo::new(move |_| d.with(|x| x.round(n, most).ok()));
    let preview: Memo<Option<RoundScores>> = Memo::new(move |_| {
        base.with(|b| {
            b.as_ref().and_then(|r| {
                setup_v.with_value(|s| before_v.with_value(|st| preview_round(s, st, r).ok()))
            })
        })
    });
    let problem: Memo<Option<RuleError>> = Memo::new(move |_| {
        base.with(|b| {
            b.as_ref().and_then(|r| {
                setup_v.with_value(|s| before_v.with_value(|st| preview_round(s, st, r).err()))
            })
        })
    });
    let ties: Memo<Vec<TieQuestion>> = Memo::new(move |_| {
        let Some(b) = base.get() else {
            return Vec::new();
        };
        d.with(|x| {
            setup_v.with_value(|s| {
                before_v.with_value(|st| tie_view(s, st, &b, x).map(|t| t.0).unwrap_or_default())
            })
        })
    });

    let field_error = move |i: usize| -> Option<String> {
        if d.with(|x| x.out == Some(i)) {
            return None;
        }
        if let Some(e) = form_error.get().filter(|e| e.player == Some(i)) {
            return Some(e.message);
        }
        if let Some(e) = problem.get().filter(|e| e.player == Some(i)) {
            return Some(e.message);
        }
        let t = d.with(|x| x.texts.get(i).cloned().unwrap_or_default());
        if t.trim().is_empty() && !tried.get() {
            return None;
        }
        parse_count(&t, "cards left", most).err()
    };

    let set_text = move |i: usize, v: String| {
        edit(&mut |x| {
            if let Some(s) = x.texts.get_mut(i) {
                *s = v.clone();
            }
        })
    };
    let step = move |i: usize, up: bool| {
        let now = d.with_untracked(|x| x.texts.get(i).cloned().unwrap_or_default());
        if !up && now.trim().is_empty() {
            return;
        }
        let v: u32 = now.trim().parse().unwrap_or(0);
        let v = if up {
            v.saturating_add(1).min(most)
        } else {
            v.saturating_sub(1)
        };
        set_text(i, v.to_string());
    };

    let on_key = Callback::new(move |k: PadKey| {
        let Some(i) = active.get_untracked() else {
            return;
        };
        if k == PadKey::Next {
            let out = d.with_untracked(|x| x.out);
            let next = (i + 1..n).find(|j| out != Some(*j));
            active.set(next);
            if let Some(j) = next {
                focus_field(&format!("cards-{j}"));
            }
            return;
        }
        let now = d.with_untracked(|x| x.texts.get(i).cloned().unwrap_or_default());
        set_text(i, k.apply(&now));
    });

    let save = move |_| {
        tried.set(true);
        form_error.set(None);
        let draft = d.get_untracked();
        let round = match draft.round(n, most) {
            Ok(r) => r,
            Err(e) => {
                if let Some(i) = e.player {
                    focus_field(&format!("cards-{i}"));
                }
                form_error.set(Some(e));
                return;
            }
        };
        let checked = setup_v.with_value(|s| {
            before_v.with_value(|st| {
                tie_view(s, st, &round, &draft).and_then(|(_, r)| {
                    let open = pending_ties(s, st, &r)?;
                    match open.first() {
                        Some(q) => Err(RuleError::new(format!(
                            "Answer the tie question first. {}",
                            q.text(s)
                        ))),
                        None => Ok(r),
                    }
                })
            })
        });
        match checked {
            Err(e) => form_error.set(Some(e)),
            Ok(r) => {
                if let Some(err) = submit.run(Entry::Round(r)) {
                    form_error.set(Some(err));
                } else {
                    active.set(None);
                }
            }
        }
    };

    // ---- the table companion: dealer, leader, exchange, direction ----
    let dealer_line = match bad_egg {
        Some(b) => format!("Dealer: {} (Bad Egg)", name(b)),
        None => "Dealer: anyone".to_string(),
    };
    let deal_line = deck_setup(n)
        .map(|s| {
            format!(
                "Deal the {}-card deck: {} cards each.",
                s.deck_size, s.dealt
            )
        })
        .unwrap_or_default();
    let leader_line = move || match (d.with(|x| x.crowed), good_egg, big_red) {
        (Some(c), _, _) if number > 1 => format!("Leads: {} (Crowed first)", name(c)),
        (_, Some(g), _) => format!("Leads: {} (Good Egg), unless someone Crows", name(g)),
        (_, None, Some(h)) => format!("Leads: {} (holds Big Red; cannot lead with it)", name(h)),
        _ => "Leads: the holder of Big Red".to_string(),
    };
    let exchange = match (good_egg, bad_egg) {
        (Some(g), Some(b)) if number > 1 => Some(view! {
            <p class="reminder" data-testid="exchange">
                <strong>"Card exchange: "</strong>
                {format!(
                    "{} (Good Egg) gives {} (Bad Egg) their best card, never Big Red, face up; {} must take it and gives back any other card, face up.",
                    name(g), name(b), name(b)
                )}
            </p>
        }),
        _ => None,
    };
    // The order of play, from the leader round the table and back.
    let order_line = move || {
        let (dir, crowed) = d.with(|x| (x.direction, x.crowed));
        let first = crowed
            .filter(|_| number > 1)
            .or(good_egg)
            .or(big_red)
            .unwrap_or(0);
        let mut seat = first;
        let mut seats = Vec::with_capacity(n + 1);
        for _ in 0..n {
            seats.push(name(seat));
            seat = dir.after(seat, n);
        }
        seats.push(name(first));
        seats.join(" → ")
    };
    let direction_toggle = view! {
        <button type="button" class="direction" data-testid="direction"
            aria-label=text(move || format!("Direction of Play: {}. Tap to flip the card", d.with(|x| x.direction.name())))
            on:click=on_click(move |_| edit(&mut |x| x.direction = x.direction.flipped()))
        >
            <span class="direction-arrow" aria-hidden="true">{text(move || match d.with(|x| x.direction) {
                Direction::Cluckwise => "↻".to_string(),
                Direction::CounterCluckwise => "↺".to_string(),
            })}</span>
            <span class="direction-name">{text(move || d.with(|x| x.direction.name().to_string()))}</span>
            <small class="direction-order">{text(order_line)}</small>
        </button>
    };

    // ---- Crowing (round 2 onward) ----
    let crowing = (number > 1).then(|| {
        let chips = (0..n)
            .map(|i| {
                view! {
                    <button type="button" class="chip"
                        aria-pressed=aria(move || d.with(|x| x.crowed == Some(i)))
                        aria-label=format!("{} Crowed", name(i))
                        on:click=on_click(move |_| edit(&mut |x| x.crowed = Some(i)))
                    >{name(i)}</button>
                }
            })
            .collect_view();
        view! {
            <fieldset class="crowed">
                <legend>"Who Crowed first?"</legend>
                <div class="chips">
                    <button type="button" class="chip"
                        aria-pressed=aria(move || d.with(|x| x.crowed.is_none()))
                        aria-label="Nobody Crowed"
                        on:click=on_click(move |_| edit(&mut |x| x.crowed = None))
                    >"Nobody"</button>
                    {chips}
                </div>
                <p class="hint">"After the card exchange the Good Egg asks; the first to Crow leads. Goes out: every opponent +15. Does not: +20 to the crower (Eating Crow)."</p>
            </fieldset>
        }
    });

    // ---- tournament challenges ----
    let challenges = tournament.then(|| {
        let list = dynamic(move || {
            let items = d.with(|x| x.challenges.clone());
            items
                .into_iter()
                .enumerate()
                .map(|(k, c)| {
                    let why = match c.side {
                        ChallengeSide::Leader => "led a Fowl before the Eggs were Broken",
                        ChallengeSide::Challenger => "challenged, but the Eggs were Broken",
                    };
                    let line = format!("{} +5 ({why})", name(c.seat));
                    view! {
                        <li class="challenge">
                            <span>{line.clone()}</span>
                            <button type="button" class="icon" aria-label=format!("Remove: {line}")
                                on:click=on_click(move |_| edit(&mut |x| if k < x.challenges.len() { x.challenges.remove(k); }))
                            >"✕"</button>
                        </li>
                    }
                })
                .collect_view()
                .into_any()
        });
        let add = (0..n)
            .map(|i| {
                view! {
                    <button type="button" class="chip"
                        aria-label=format!("Add a lost challenge for {}", name(i))
                        on:click=on_click(move |_| {
                            let s = side.get_untracked();
                            edit(&mut |x| x.challenges.push(Challenge { seat: i, side: s }))
                        })
                    >{format!("+5 {}", name(i))}</button>
                }
            })
            .collect_view();
        view! {
            <fieldset class="challenges" data-testid="challenges">
                <legend>"Tournament challenges (+5 each)"</legend>
                <ul class="challenge-list">{list}</ul>
                <div class="segmented" role="group" aria-label="Who lost the challenge">
                    <button type="button" aria-pressed=aria(move || side.get() == ChallengeSide::Leader)
                        on:click=on_click(move |_| side.set(ChallengeSide::Leader))
                    >"Leader: Eggs not Broken"</button>
                    <button type="button" aria-pressed=aria(move || side.get() == ChallengeSide::Challenger)
                        on:click=on_click(move |_| side.set(ChallengeSide::Challenger))
                    >"Challenger: Eggs Broken"</button>
                </div>
                <div class="chips">{add}</div>
            </fieldset>
        }
    });

    // ---- who went out, and how ----
    let out_chips = (0..n)
        .map(|i| {
            view! {
                <button type="button" class="chip"
                    aria-pressed=aria(move || d.with(|x| x.out == Some(i)))
                    aria-label=format!("{} went out", name(i))
                    on:click=on_click(move |_| {
                        edit(&mut |x| x.out = Some(i));
                        if active.get_untracked() == Some(i) {
                            active.set(None)
                        }
                    })
                >{name(i)}</button>
            }
        })
        .collect_view();
    let last_lay = view! {
        <div class="segmented" role="group" aria-label="Their last lay">
            <button type="button" aria-pressed=aria(move || d.with(|x| x.last_lay == LastLay::Single))
                on:click=on_click(move |_| edit(&mut |x| x.last_lay = LastLay::Single))
            >"One card"</button>
            <button type="button" aria-pressed=aria(move || d.with(|x| x.last_lay == LastLay::Several))
                on:click=on_click(move |_| edit(&mut |x| x.last_lay = LastLay::Several))
            >"Several cards (Egging)"</button>
        </div>
    };
    let egging_note = dynamic(move || {
        if d.with(|x| x.out.is_some() && x.last_lay == LastLay::Several) {
            view! { <p class="hint">"Egging: every other player gets +5."</p> }.into_any()
        } else {
            ().into_any()
        }
    });

    // ---- Penalty for Assistance (single card, 3+ players) ----
    let assistance = dynamic(move || {
        let (out, single) = d.with(|x| (x.out, x.last_lay == LastLay::Single));
        let Some(out) = out.filter(|_| single && n >= 3) else {
            return ().into_any();
        };
        let helper = move || {
            d.with(|x| {
                let r = Round {
                    out: Some(out),
                    direction: x.direction,
                    last_lay_flipped: x.flipped,
                    ..Round::default()
                };
                r.assisting_player(n).unwrap_or(0)
            })
        };
        let question = move || format!("Could {} have stopped it?", name(helper()));
        let explain = move || {
            let h = helper();
            let dir = d.with(|x| {
                if x.flipped {
                    x.direction.flipped()
                } else {
                    x.direction
                }
            });
            let extra = preview.with(|p| {
                p.as_ref().map(|p| {
                    p.card_scores
                        .iter()
                        .enumerate()
                        .filter(|(s, _)| *s != out && *s != h)
                        .map(|(_, c)| *c)
                        .sum::<u32>()
                })
            });
            let amount = extra.map(|e| format!(" (+{e})")).unwrap_or_default();
            format!(
                "{} played right before {} ({} at the last lay). If {} could have beaten that last single card with a higher single or a Coop, {} takes the other losers' card scores{amount}.",
                name(h),
                name(out),
                dir.name(),
                name(h),
                name(h)
            )
        };
        view! {
            <div class="assistance" data-testid="assistance">
                <Switch
                    label="Went out on a Duck"
                    hint="The Duck flipped the Direction of Play card: this flips it above too."
                    on=Signal::derive(move || d.with(|x| x.flipped))
                    on_toggle=Callback::new(move |v: bool| edit(&mut |x| {
                        if x.flipped != v {
                            x.flipped = v;
                            x.direction = x.direction.flipped();
                        }
                    }))
                />
                <fieldset>
                <legend data-testid="assist-question">{text(question)}</legend>
                <div class="segmented" role="group" aria-label=text(question)>
                    <button type="button" aria-pressed=aria(move || d.with(|x| x.assisted))
                        on:click=on_click(move |_| edit(&mut |x| x.assisted = true))
                    >"Yes: Assistance"</button>
                    <button type="button" aria-pressed=aria(move || d.with(|x| !x.assisted))
                        on:click=on_click(move |_| edit(&mut |x| x.assisted = false))
                    >"No"</button>
                </div>
                <p class="hint">{text(explain)}</p>
                </fieldset>
            </div>
        }
        .into_any()
    });

    // ---- cards left, with each player's score previewed ----
    let player_rows = (0..n)
        .map(|i| {
            let is_out = move || d.with(|x| x.out == Some(i));
            let entry = dynamic(move || {
                if is_out() {
                    return view! { <span class="zero">"went out · 0 cards"</span> }.into_any();
                }
                view! {
                    <div class="stepper">
                        <button type="button" class="step" aria-label=format!("One card fewer for {}", name(i))
                            on:click=on_click(move |_| step(i, false))
                        >"−"</button>
                        {pad_field(PadField {
                            id: format!("cards-{i}"),
                            label: format!("{}: cards left", name(i)),
                            placeholder: "cards left",
                            error_id: format!("err-{i}"),
                            value: text(move || d.with(|x| x.texts.get(i).cloned().unwrap_or_default())),
                            invalid: flag(move || field_error(i).is_some()),
                            on_activate: Callback::new(move |_| { active.set(Some(i)); reveal_field(i) }),
                            on_input: Callback::new(move |v| set_text(i, v)),
                        })}
                        <button type="button" class="step" aria-label=format!("One card more for {}", name(i))
                            on:click=on_click(move |_| step(i, true))
                        >"+"</button>
                    </div>
                }
                .into_any()
            });
            let score_line = move || -> String {
                if let Some(p) = preview.get() {
                    let m = p.multipliers.get(i).copied().unwrap_or(1);
                    let c = p.card_scores.get(i).copied().unwrap_or(0);
                    let left = base.with(|b| {
                        b.as_ref()
                            .and_then(|r| r.cards_left.get(i).copied())
                            .unwrap_or(0)
                    });
                    let mut parts = Vec::new();
                    if !is_out() {
                        parts.push(format!("{left} × {m} = {c}"));
                    }
                    if let Some(list) = p.penalties.get(i) {
                        parts.extend(list.iter().map(|x| x.label()));
                    }
                    let pts = p.points.get(i).copied().unwrap_or(0);
                    let total = p.totals.get(i).copied().unwrap_or(0);
                    return if parts.is_empty() {
                        format!("{pts} points, total {total}")
                    } else {
                        format!("{} → {pts} points, total {total}", parts.join(" · "))
                    };
                }
                // Not complete yet: the card score alone, where typed.
                let t = d.with(|x| x.texts.get(i).cloned().unwrap_or_default());
                match t.trim().parse::<u32>() {
                    Ok(c) if !is_out() && c > 0 => {
                        let m = multiplier(n, c).unwrap_or(1);
                        format!("{c} × {m} = {}", c.saturating_mul(m))
                    }
                    _ => String::new(),
                }
            };
            view! {
                <li class="player-left" class:is-out=flag(is_out) data-testid=format!("left-{i}")>
                    <div class="player-left-head">
                        <span class="who">{name(i)}</span>
                    </div>
                    {entry}
                    <p class="field-error" id=format!("err-{i}") role="alert">{text(move || field_error(i).unwrap_or_default())}</p>
                    <p class="score-line" data-testid=format!("score-{i}") aria-live="polite">{text(score_line)}</p>
                </li>
            }
        })
        .collect_view();

    // ---- tie questions ----
    let tie_section = dynamic(move || {
        let qs = ties.get();
        if qs.is_empty() {
            return ().into_any();
        }
        let items = qs
            .into_iter()
            .map(|q| {
                let question = setup_v.with_value(|s| q.text(s));
                let body = match &q {
                    TieQuestion::BadEggHighestCards { seats, .. } => seats
                        .iter()
                        .map(|s| {
                            let s = *s;
                            let chosen = move || d.with(|x| x.highest.get(s).copied().flatten());
                            let face = dynamic(move || match chosen() {
                                Some(c) => card_face(c, false),
                                None => view! { <span class="card empty" aria-hidden="true">"?"</span> }.into_any(),
                            });
                            view! {
                                <div class="highest-row">
                                    <span class="who">{format!("{}'s highest card", name(s))}</span>
                                    <button type="button" class="card-slot"
                                        aria-label=text(move || match chosen() {
                                            Some(c) => format!("{}'s highest card: {c}. Change", name(s)),
                                            None => format!("{}'s highest card: choose", name(s)),
                                        })
                                        on:click=on_click(move |_| { active.set(None); picker.set(Some(s)) })
                                    >{face}</button>
                                </div>
                            }
                            .into_any()
                        })
                        .collect_view()
                        .into_any(),
                    TieQuestion::BadEggPick { seats, .. } | TieQuestion::GoodEggPick { seats, .. } => {
                        let bad = matches!(q, TieQuestion::BadEggPick { .. });
                        let which = if bad { "Bad Egg" } else { "Good Egg" };
                        let chips = seats
                            .iter()
                            .map(|s| {
                                let s = *s;
                                view! {
                                    <button type="button" class="chip"
                                        aria-pressed=aria(move || d.with(|x| if bad { x.bad_pick == Some(s) } else { x.good_pick == Some(s) }))
                                        aria-label=format!("{} is {which}", name(s))
                                        on:click=on_click(move |_| edit(&mut |x| if bad { x.bad_pick = Some(s) } else { x.good_pick = Some(s) }))
                                    >{name(s)}</button>
                                }
                            })
                            .collect_view();
                        view! { <div class="chips">{chips}</div> }.into_any()
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
    });

    let picker_view = dynamic(move || {
        let Some(s) = picker.get() else {
            return ().into_any();
        };
        let (chosen, taken) = d.with(|x| {
            let chosen = x.highest.get(s).copied().flatten();
            let others: Vec<(usize, Card)> = x
                .highest
                .iter()
                .enumerate()
                .filter(|(o, c)| *o != s && c.is_some())
                .filter_map(|(o, c)| c.map(|c| (o, c)))
                .collect();
            (chosen, others)
        });
        // Cards whose every copy is already someone else's answer.
        let tied: Vec<usize> = ties.with(|qs| {
            qs.iter()
                .find_map(|q| match q {
                    TieQuestion::BadEggHighestCards { seats, .. } => Some(seats.clone()),
                    _ => None,
                })
                .unwrap_or_default()
        });
        let all = cards_of_deck.get_value();
        let unavailable: Vec<(Card, String)> = highest_first(&all)
            .into_iter()
            .filter_map(|c| {
                let holders: Vec<String> = taken
                    .iter()
                    .filter(|(o, t)| *t == c && tied.contains(o))
                    .map(|(o, _)| name(*o))
                    .collect();
                (!holders.is_empty() && holders.len() >= copies_in(&all, c))
                    .then(|| (c, format!("held by {}", join_names(&holders))))
            })
            .collect();
        card_picker(
            format!("{}'s highest card", name(s)),
            highest_first(&all),
            chosen,
            unavailable,
            Callback::new(move |c: Card| {
                edit(&mut |x| {
                    if let Some(slot) = x.highest.get_mut(s) {
                        *slot = Some(c);
                    }
                });
                picker.set(None);
            }),
            Callback::new(move |_| picker.set(None)),
        )
    });

    let pad = dynamic(move || {
        match active.get() {
        Some(i) => view! {
            <NumberPad target=Signal::derive(move || format!("{}'s cards left", name(i))) on_key=on_key/>
        }
        .into_any(),
        None => ().into_any(),
    }
    });

    let form_problem = move || {
        form_error
            .get()
            .filter(|e| e.player.is_none())
            .map(|e| e.message)
            .or_else(|| {
                // The rules' objection to the round as entered, once it is
                // complete (beside the field it names, else here).
                problem
                    .get()
                    .filter(|e| e.player.is_none())
                    .map(|e| e.message)
            })
            .unwrap_or_default()
    };

    let title = if editing {
        format!("Correct round {number}")
    } else {
        format!("Round {number}")
    };
    let save_label = if editing {
        format!("Save changes to round {number}")
    } else {
        format!("Save round {number}")
    };
    let last_egg = "Last Egg: say it with one card left. A player Caught takes 2 cards from the shuffled discards (no points).";
    let dealer_note = format!("{dealer_line} · {deal_line}");

    view! {
        <form class="round-form" on:submit=on_submit(|| ()) data-testid="round-form">
            <h2>{title}</h2>
            <section class="companion" aria-label="This round at the table" data-testid="companion">
                <p data-testid="dealer">{dealer_note}</p>
                <p data-testid="leader"><strong>{text(leader_line)}</strong></p>
                {exchange}
                {direction_toggle}
                <p class="reminder">{last_egg}</p>
            </section>
            {crowing}
            <fieldset class="went-out">
                <legend>"Who went out?"</legend>
                <div class="chips">{out_chips}</div>
            </fieldset>
            <fieldset class="last-lay">
                <legend>"Their last lay"</legend>
                {last_lay}
                {egging_note}
            </fieldset>
            {assistance}
            <h3 class="cards-left-title">"Cards left"</h3>
            <ul class="players-left">{player_rows}</ul>
            {challenges}
            {tie_section}
            <p class="form-error" role="alert" data-testid="form-error">{text(form_problem)}</p>
            <div class="form-actions">
                {cancel.map(|c| view! { <button type="button" class="secondary" on:click=on_click(move |_| c.run(()))>"Cancel"</button> })}
                <button type="button" class="primary" data-testid="save-round" on:click=on_click(save)>{save_label}</button>
            </div>
            {pad}
            {picker_view}
        </form>
    }
    .into_any()
}

/// Scrolls player `i`'s cards-left field into the upper part of the screen,
/// clear of the number pad docked at the bottom (after the DOM updates).
fn reveal_field(i: usize) {
    request_animation_frame(move || {
        use wasm_bindgen::JsCast;
        let Some(el) = document()
            .get_element_by_id(&format!("cards-{i}"))
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        else {
            return;
        };
        // The field's place in the page: its offsets up the offset parents.
        let mut top = 0;
        let mut node = Some(el);
        while let Some(e) = node {
            top += e.offset_top();
            node = e
                .offset_parent()
                .and_then(|p| p.dyn_into::<web_sys::HtmlElement>().ok());
        }
        let w = window();
        let view = w
            .inner_height()
            .ok()
            .and_then(|h| h.as_f64())
            .unwrap_or(800.0);
        let y = w.scroll_y().unwrap_or(0.0);
        let at = f64::from(top) - y;
        // Above a third of the screen from the top: nothing to do.
        if at < 0.0 || at > view * 0.4 {
            w.scroll_to_with_x_and_y(0.0, f64::from(top) - view * 0.3);
        }
    });
}
