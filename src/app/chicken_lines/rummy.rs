//! Chicken Lines Rummy's screens: the rounds to play (chosen before the
//! game), who deals round 1, and the round form: who closed and how, then
//! for every other player "did not open", the cards left tapped by kind
//! in the card picker (never more than the deck holds across the round's
//! hands), or their sum typed in.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::card_picker::{card_picker, short, CardPicker};
use super::{counter, CounterParts};
use crate::app::components::{PlayerChips, SeatPicker, Segmented};
use crate::app::erased::{aria, dynamic, flag, on_click, on_value, text};
use crate::app::game::{ExtrasCtx, Form, GameUi};
use crate::rules::chicken_lines::rummy::{
    cards_value, dealer, first_player, most_in_hands, Close, Entry, Hand, Round, Rummy, Settings,
    MAX_ROUNDS, NOT_OPENED,
};
use crate::rules::chicken_lines::{copies_left, Card};
use crate::rules::{count, parse_count, RuleError};

/// How a player's hand is being entered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Not chosen yet.
    #[default]
    Unset,
    /// Did not open (100).
    NotOpened,
    /// Cards picked by kind.
    Cards,
    /// The sum typed in.
    Sum,
}

/// A round (or the first dealer) being entered, as kept between loads.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RoundDraft {
    /// Whether this asks who deals round 1.
    pub dealer_form: bool,
    /// The first dealer tapped.
    pub dealer: Option<usize>,
    /// Who closed.
    pub closer: Option<usize>,
    /// How they closed.
    pub close: Close,
    /// How each hand is entered, by seat.
    pub modes: Vec<Mode>,
    /// The cards picked, by seat.
    pub cards: Vec<Vec<Card>>,
    /// The sums typed, by seat.
    pub texts: Vec<String>,
}

impl RoundDraft {
    fn empty(n: usize) -> Self {
        RoundDraft {
            modes: vec![Mode::Unset; n],
            cards: vec![Vec::new(); n],
            texts: vec![String::new(); n],
            ..RoundDraft::default()
        }
    }

    fn of(r: &Round, n: usize) -> Self {
        let mut d = RoundDraft::empty(n);
        d.closer = Some(r.closer);
        d.close = r.close;
        for (i, h) in r.hands.iter().enumerate().take(n) {
            match h {
                Some(Hand::NotOpened) => d.modes[i] = Mode::NotOpened,
                Some(Hand::Cards(c)) => {
                    d.modes[i] = Mode::Cards;
                    d.cards[i] = c.clone();
                }
                Some(Hand::Sum(s)) => {
                    d.modes[i] = Mode::Sum;
                    d.texts[i] = s.to_string();
                }
                None => {}
            }
        }
        d
    }

    fn mode(&self, i: usize) -> Mode {
        self.modes.get(i).copied().unwrap_or_default()
    }

    /// Every card picked this round, for the deck caps (the closer's and
    /// typed hands hold none).
    fn all_picked(&self) -> Vec<Card> {
        self.cards
            .iter()
            .enumerate()
            .filter(|(i, _)| self.closer != Some(*i) && self.mode(*i) == Mode::Cards)
            .flat_map(|(_, c)| c.iter().copied())
            .collect()
    }
}

/// How many rounds come before entry `index` of `log`.
fn rounds_before(log: &[Entry], index: usize) -> usize {
    log.iter()
        .take(index)
        .filter(|e| matches!(e, Entry::Round(_)))
        .count()
}

/// Who deals and who plays first in the round this form enters.
fn deal_of(form: &Form<Rummy>) -> Option<(usize, usize)> {
    let n = form.players();
    let first = form.with_log(|log| {
        log.iter().find_map(|e| match e {
            Entry::FirstDealer { seat } => Some(*seat),
            _ => None,
        })
    })?;
    let round = form.with_log(|log| rounds_before(log, form.index));
    let d = dealer(first, round, n);
    Some((d, first_player(d, n)))
}

impl GameUi for Rummy {
    type Draft = RoundDraft;
    const LIVE_ROUND: Option<&'static [&'static str]> = Some(&["modes", "cards", "texts"]);

    fn entry_label(log: &[Entry], index: usize) -> String {
        match log.get(index) {
            Some(Entry::FirstDealer { .. }) => "the first dealer".into(),
            None if index == 0 => "the first dealer".into(),
            _ => format!("Round {}", rounds_before(log, index) + 1),
        }
    }

    fn settings_form(settings: RwSignal<Settings>, _players: Signal<usize>) -> AnyView {
        let value = Signal::derive(move || settings.with(|s| s.rounds));
        view! {
            <fieldset class="settings">
                <legend>"Rounds to play"</legend>
                {counter(CounterParts {
                    id: "rounds",
                    label: "Rounds to play".into(),
                    shown: text(move || count(value.get(), "round")),
                    value,
                    range: (1, MAX_ROUNDS),
                    on_set: Callback::new(move |v| settings.update(|s| s.rounds = v)),
                })}
                <p class="hint">"Chosen now and fixed for the game. The lowest total after the last round wins."</p>
            </fieldset>
        }
        .into_any()
    }

    fn draft_of(form: &Form<Self>, entry: Option<&Entry>) -> RoundDraft {
        let n = form.players();
        match entry {
            Some(Entry::FirstDealer { seat }) => RoundDraft {
                dealer_form: true,
                dealer: Some(*seat),
                ..RoundDraft::empty(n)
            },
            Some(Entry::Round(r)) => RoundDraft::of(r, n),
            None => RoundDraft {
                dealer_form: form.with_before(|b| b.first_dealer.is_none()),
                ..RoundDraft::empty(n)
            },
        }
    }

    fn restore(form: &Form<Self>, d: RoundDraft) -> Option<RoundDraft> {
        let n = form.players();
        let fresh = Self::draft_of(form, None);
        let fits = d.dealer_form == fresh.dealer_form
            && d.modes.len() == n
            && d.cards.len() == n
            && d.texts.len() == n
            && d.closer.is_none_or(|c| c < n)
            && d.dealer.is_none_or(|c| c < n);
        fits.then_some(d)
    }

    fn title(form: &Form<Self>, d: &RoundDraft) -> String {
        if d.dealer_form {
            return "Who deals round 1?".into();
        }
        let rounds = form.with_setup(|s| s.settings.rounds);
        let label = form.label();
        let edit = if form.editing { "Correct " } else { "" };
        let label = if form.editing {
            crate::app::game::lower_first(&label)
        } else {
            label
        };
        format!("{edit}{label} of {rounds}")
    }

    fn save_label(form: &Form<Self>, d: &RoundDraft) -> Option<String> {
        if d.dealer_form {
            return None;
        }
        let label = crate::app::game::lower_first(&form.label());
        Some(if form.editing {
            format!("Save changes to {label}")
        } else {
            format!("Save {label}")
        })
    }

    fn form_name(d: &RoundDraft) -> &'static str {
        if d.dealer_form {
            "dealer"
        } else {
            "round"
        }
    }

    fn field_id(player: usize) -> Option<String> {
        Some(format!("hand-{player}"))
    }

    fn build(form: &Form<Self>, d: &RoundDraft) -> Result<Entry, RuleError> {
        if d.dealer_form {
            return d
                .dealer
                .map(|seat| Entry::FirstDealer { seat })
                .ok_or_else(|| RuleError::new("Tap who deals round 1."));
        }
        let Some(closer) = d.closer else {
            return Err(RuleError::new("Tap who closed the round."));
        };
        let n = form.players();
        let mut hands = Vec::with_capacity(n);
        for i in 0..n {
            if i == closer {
                hands.push(None);
                continue;
            }
            let hand = match d.mode(i) {
                Mode::Unset => {
                    return Err(RuleError::for_player(
                        i,
                        format!(
                            "{}: choose \"Did not open\", pick the cards left, or type their sum.",
                            form.name(i)
                        ),
                    ))
                }
                Mode::NotOpened => Hand::NotOpened,
                Mode::Cards => Hand::Cards(d.cards.get(i).cloned().unwrap_or_default()),
                Mode::Sum => {
                    let t = d.texts.get(i).map(String::as_str).unwrap_or("");
                    Hand::Sum(
                        parse_count(t, "sum of the cards left", most_in_hands())
                            .map_err(|m| RuleError::for_player(i, m))?,
                    )
                }
            };
            hands.push(Some(hand));
        }
        Ok(Entry::Round(Round {
            closer,
            close: d.close,
            hands,
        }))
    }

    fn form_body(form: Form<Self>, d: RwSignal<RoundDraft>) -> AnyView {
        if d.with_untracked(|x| x.dealer_form) {
            dealer_body(form, d)
        } else {
            round_body(form, d)
        }
    }

    /// Who dealt round 1, with a way to correct it (it has no row on the
    /// score sheet).
    fn extras(ctx: ExtrasCtx<Self>) -> AnyView {
        let Some(first) = ctx.state.first_dealer else {
            return ().into_any();
        };
        let name = ctx.setup.name(first).to_string();
        let edit = ctx.edit;
        view! {
            <p class="hint cl-first-dealer">
                {format!("{name} dealt round 1. ")}
                <button type="button" class="secondary small" aria-label=format!("{name} dealt round 1: correct")
                    on:click=on_click(move |_| edit.run(0))
                >"Correct"</button>
            </p>
        }
        .into_any()
    }
}

/// Before round 1: who deals it, tapped or picked at random (saved on the
/// tap).
fn dealer_body(form: Form<Rummy>, d: RwSignal<RoundDraft>) -> AnyView {
    let pick = move |seat: usize| {
        d.update(|x| x.dealer = Some(seat));
        form.changed();
        form.save.run(());
    };
    view! {
        <p class="hint">"The table chooses the first dealer. The deal then moves to the left (the next seat) each round, and the player to the dealer's right plays first."</p>
        <div class="chips big" role="group" aria-label="Who deals round 1">
            <PlayerChips
                names=form.with_setup(|s| s.players.clone())
                pressed=Callback::new(move |i| d.with(|x| x.dealer == Some(i)))
                label=Callback::new(move |i| format!("{} deals round 1", form.name(i)))
                on_pick=Callback::new(pick)
            />
        </div>
        <SeatPicker
            names=form.with_setup(|s| s.players.clone())
            on_land=Callback::new(pick)
        />
    }
    .into_any()
}

/// What every part of the round form shares.
#[derive(Clone, Copy)]
struct Ctx {
    form: Form<Rummy>,
    d: RwSignal<RoundDraft>,
    /// Whose cards the picker shows.
    picker: RwSignal<Option<usize>>,
    n: usize,
}

impl Ctx {
    fn name(self, i: usize) -> String {
        self.form.name(i)
    }

    fn edit(self, f: impl FnOnce(&mut RoundDraft)) {
        self.d.update(f);
        self.form.changed();
    }

    fn mode(self, i: usize) -> Mode {
        self.d.with(|x| x.mode(i))
    }

    fn closed(self, i: usize) -> bool {
        self.d.with(|x| x.closer == Some(i))
    }

    /// What player `i`'s hand scores as entered so far, if it can be told.
    fn points(self, i: usize) -> Option<i64> {
        self.d.with(|x| {
            if x.closer == Some(i) {
                return Some(x.close.points());
            }
            match x.mode(i) {
                Mode::Unset => None,
                Mode::NotOpened => Some(i64::from(NOT_OPENED)),
                Mode::Cards => x.cards.get(i).map(|c| i64::from(cards_value(c))),
                Mode::Sum => x
                    .texts
                    .get(i)
                    .and_then(|t| parse_count(t, "sum", most_in_hands()).ok())
                    .map(i64::from),
            }
        })
    }

    fn field_error(self, i: usize) -> Option<String> {
        if self.closed(i) {
            return None;
        }
        if let Some(e) = self.form.error_for(i) {
            return Some(e);
        }
        if self.mode(i) == Mode::Sum {
            let t = self.d.with(|x| x.texts.get(i).cloned().unwrap_or_default());
            if t.trim().is_empty() && !self.form.tried.get() {
                return None;
            }
            return parse_count(&t, "sum of the cards left", most_in_hands()).err();
        }
        None
    }
}

/// The round's fields: the deal, who closed and how, every other hand,
/// and the card picker when open.
fn round_body(form: Form<Rummy>, d: RwSignal<RoundDraft>) -> AnyView {
    let c = Ctx {
        form,
        d,
        picker: RwSignal::new(None),
        n: form.players(),
    };
    let deal = deal_of(&form).map(|(dl, first)| {
        view! {
            <p class="cl-deal" data-testid="deal">
                {format!("{} deals; {} plays first (to the dealer's right).", c.name(dl), c.name(first))}
            </p>
        }
    });
    let closes = Close::ALL
        .iter()
        .map(|k| (format!("{} {}", k.name(), k.points()), *k))
        .collect();
    let rows = (0..c.n).map(|i| hand_row(c, i)).collect_view();
    view! {
        {deal}
        <fieldset class="went-out">
            <legend>"Who closed the round?"</legend>
            <div class="chips">
                <PlayerChips
                    names=form.with_setup(|s| s.players.clone())
                    pressed=Callback::new(move |i| c.closed(i))
                    label=Callback::new(move |i| format!("{} closed", c.name(i)))
                    on_pick=Callback::new(move |i| {
                        c.edit(|x| x.closer = Some(i));
                        if c.picker.get_untracked() == Some(i) {
                            c.picker.set(None)
                        }
                    })
                />
            </div>
        </fieldset>
        <fieldset class="went-out">
            <legend>"How?"</legend>
            <Segmented
                label="How the round was closed"
                options=closes
                value=Signal::derive(move || d.with(|x| x.close))
                on_pick=Callback::new(move |k| c.edit(|x| x.close = k))
            />
        </fieldset>
        <ul class="players-left">{rows}</ul>
        {picker(c)}
    }
    .into_any()
}

/// Player `i`'s hand: how it is entered, what it scores, its message.
fn hand_row(c: Ctx, i: usize) -> impl IntoView {
    // Memos, so typing a sum never redraws (and unfocuses) its field.
    let closed = Memo::new(move |_| c.closed(i));
    let mode = Memo::new(move |_| c.mode(i));
    let close = Memo::new(move |_| c.d.with(|x| x.close));
    let head = dynamic(move || {
        if closed.get() {
            let pts = close.get().points();
            return view! { <span class="zero">{format!("closed · {pts}")}</span> }.into_any();
        }
        view! {
            <Segmented
                label=format!("{}'s hand", c.name(i))
                options=vec![
                    ("Did not open".to_string(), Mode::NotOpened),
                    ("Cards".to_string(), Mode::Cards),
                    ("Sum".to_string(), Mode::Sum),
                ]
                names=vec![
                    format!("{} did not open", c.name(i)),
                    format!("Pick {}'s cards", c.name(i)),
                    format!("Type {}'s sum", c.name(i)),
                ]
                small=true
                value=Signal::derive(move || c.mode(i))
                on_pick=Callback::new(move |m: Mode| {
                    c.edit(|x| if let Some(v) = x.modes.get_mut(i) { *v = m });
                    c.picker.set((m == Mode::Cards).then_some(i));
                    if m == Mode::Sum {
                        crate::app::components::focus_field(&format!("hand-{i}"));
                    }
                })
            />
        }
        .into_any()
    });
    let entry = dynamic(move || {
        if closed.get() {
            return ().into_any();
        }
        match mode.get() {
            Mode::Unset => ().into_any(),
            Mode::NotOpened => view! { <p class="cl-points">{format!("did not open · {NOT_OPENED}")}</p> }.into_any(),
            Mode::Cards => view! {
                <button type="button" class="tiles-summary" id=format!("hand-{i}")
                    on:click=on_click(move |_| c.picker.set(Some(i)))
                >
                    {text(move || {
                        let picked = c.d.with(|x| x.cards.get(i).cloned().unwrap_or_default());
                        if picked.is_empty() {
                            format!("Tap to pick {}'s cards", c.name(i))
                        } else {
                            format!("{} = {} · change", picked.iter().map(|k| short(*k)).collect::<Vec<_>>().join(" "), cards_value(&picked))
                        }
                    })}
                </button>
            }
            .into_any(),
            Mode::Sum => view! {
                <label class="field">
                    <span>{format!("{}: sum of cards left", c.name(i))}</span>
                    <input type="text" inputmode="numeric" autocomplete="off" id=format!("hand-{i}")
                        aria-describedby=format!("err-{i}")
                        aria-invalid=aria(move || c.field_error(i).is_some())
                        prop:value=text(move || c.d.with(|x| x.texts.get(i).cloned().unwrap_or_default()))
                        on:input=on_value(move |v| c.edit(|x| if let Some(t) = x.texts.get_mut(i) { *t = v }))
                    />
                </label>
            }
            .into_any(),
        }
    });
    view! {
        <li class="player-left" class:is-out=flag(move || c.closed(i)) data-testid=format!("hand-row-{i}")>
            <div class="player-left-head">
                <span class="who">{c.name(i)}</span>
                <span class="cl-points" data-testid=format!("points-{i}")>{text(move || c.points(i).map(|p| p.to_string()).unwrap_or_default())}</span>
            </div>
            {head}
            {entry}
            <p class="field-error" id=format!("err-{i}") role="alert">{text(move || c.field_error(i).unwrap_or_default())}</p>
        </li>
    }
}

/// The card picker for the player it was opened for (while their hand
/// is entered by cards): a tap on a kind adds one, never more than the
/// deck still has across the round's hands.
fn picker(c: Ctx) -> impl IntoView {
    // Whose picker is open: a memo, so a tap in it never redraws it.
    let open = Memo::new(move |_| {
        c.picker
            .get()
            .filter(|i| !c.closed(*i) && c.mode(*i) == Mode::Cards)
    });
    dynamic(move || {
        let Some(i) = open.get() else {
            return ().into_any();
        };
        card_picker(CardPicker {
            name: c.name(i),
            picked: Signal::derive(move || {
                c.d.with(|x| x.cards.get(i).cloned().unwrap_or_default())
            }),
            left: Callback::new(move |k: Card| c.d.with(|x| copies_left(&x.all_picked(), k))),
            on_add: Callback::new(move |k: Card| {
                c.edit(|x| {
                    if let Some(v) = x.cards.get_mut(i) {
                        v.push(k);
                        v.sort()
                    }
                })
            }),
            on_remove: Callback::new(move |p: usize| {
                c.edit(|x| {
                    if let Some(v) = x.cards.get_mut(i).filter(|v| p < v.len()) {
                        v.remove(p);
                    }
                })
            }),
            on_done: Callback::new(move |_| c.picker.set(None)),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recorded_round_opens_as_it_was_entered() {
        let r = Round {
            closer: 1,
            close: Close::Rainbow,
            hands: vec![
                Some(Hand::Cards(vec![Card::Egg])),
                None,
                Some(Hand::Sum(12)),
                Some(Hand::NotOpened),
            ],
        };
        let d = RoundDraft::of(&r, 4);
        assert_eq!(d.closer, Some(1));
        assert_eq!(
            d.modes,
            vec![Mode::Cards, Mode::Unset, Mode::Sum, Mode::NotOpened]
        );
        assert_eq!(d.texts[2], "12");
        assert_eq!(d.all_picked(), vec![Card::Egg]);
        let text = serde_json::to_string(&d).unwrap();
        assert_eq!(serde_json::from_str::<RoundDraft>(&text).unwrap(), d);
    }
}
