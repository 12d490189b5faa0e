//! Plumedini's Circus Trump's screens: the Plumedini variant and the suit
//! names to choose; the entry form (start a suit; claim a line with its
//! points shown, and the companion naming who must take a trumped line,
//! with the direction of play the table flips; settle a Plumedini tie);
//! and under it the suit sheet and "End the game early".

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::{counter, CounterParts};
use crate::app::components::{PlayerChips, Segmented};
use crate::app::erased::{aria, dynamic, on_click, on_value, text};
use crate::app::game::{ExtrasCtx, Form, GameUi};
use crate::rules::chicken_lines::circus::{
    closing_card, line_points, text::line_sum, wheel, Bonus, CircusTrump, Direction, Entry, Line,
    Settings, State, Suit, Variant,
};
use crate::rules::chicken_lines::{suit_name, NAMED_SUITS, SUITS, SUIT_NAME_MAX};
use crate::rules::RuleError;

/// Which entry the form makes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A claimed line.
    #[default]
    Line,
    /// A suit's starting card.
    Start,
    /// Who takes the Plumedini card in a tie.
    Plumedini,
}

/// An entry being made, as kept between loads.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LineDraft {
    /// Which entry.
    pub kind: Kind,
    /// The suit.
    pub suit: Option<usize>,
    /// The starting card, or the line's last standard card.
    pub card: Option<u8>,
    /// Who played the Super Chicken (the companion names the taker).
    pub trumper: Option<usize>,
    /// Who takes the line (or the Plumedini card).
    pub to: Option<usize>,
    /// Super Chickens in the line.
    pub supers: u8,
    /// Eggs in the line.
    pub eggs: u8,
    /// Whether it holds the Yoker.
    pub yoker: bool,
    /// The direction of play now.
    pub direction: Direction,
}

impl LineDraft {
    /// The line described, if complete enough to show its points.
    fn points(&self) -> Option<u32> {
        self.card
            .map(|c| line_points(c, self.supers, self.eggs, self.yoker))
    }
}

fn suits(form: &Form<CircusTrump>) -> Vec<String> {
    form.with_setup(|s| {
        (0..SUITS)
            .map(|i| suit_name(&s.settings.suit_names, i))
            .collect()
    })
}

impl GameUi for CircusTrump {
    type Draft = LineDraft;
    /// A sheet row names its line's suit and last card ("· Hopper 6"):
    /// the label wraps in a wider first column.
    const LOOK: &'static str = "wrapped-rows";
    const LIVE_ROUND: Option<&'static [&'static str]> = Some(&[]);

    fn entry_label(log: &[Entry], index: usize) -> String {
        let lines = log
            .iter()
            .take(index)
            .filter(|e| matches!(e, Entry::Line(_)))
            .count();
        match log.get(index) {
            Some(Entry::Start { .. }) => "a suit's start".into(),
            Some(Entry::EndEarly) => "the early end".into(),
            Some(Entry::Plumedini { .. }) => "the Plumedini card".into(),
            _ => format!("Line {}", lines + 1),
        }
    }

    fn settings_form(settings: RwSignal<Settings>, _players: Signal<usize>) -> AnyView {
        let (variant, pick) = crate::bind!(settings.plumedini);
        let names = (0..SUITS)
            .map(|i| {
                let placeholder = NAMED_SUITS
                    .get(i)
                    .map_or_else(|| format!("Suit {}", i + 1), |n| (*n).to_string());
                view! {
                    <label class="field">
                        <span>{format!("Suit {}", i + 1)}</span>
                        <input type="text" maxlength=SUIT_NAME_MAX.to_string() autocomplete="off"
                            placeholder=placeholder
                            aria-label=format!("Suit {}'s name", i + 1)
                            prop:value=text(move || settings.with(|s| s.suit_names.get(i).cloned().unwrap_or_default()))
                            on:input=on_value(move |v| settings.update(|s| {
                                if s.suit_names.len() < SUITS { s.suit_names.resize(SUITS, String::new()) }
                                if let Some(n) = s.suit_names.get_mut(i) { *n = v }
                            }))
                        />
                    </label>
                }
            })
            .collect_view();
        view! {
            <fieldset class="settings">
                <legend>"Plumedini card goes to"</legend>
                <Segmented
                    label="Plumedini card goes to"
                    options=vec![("Most lines".to_string(), Variant::MostLines), ("Most points".to_string(), Variant::MostPoints)]
                    value=variant
                    on_pick=pick
                />
                <p class="hint">"The rulebook says both; most lines is the default. The holder's total is halved."</p>
                <details class="cl-names">
                    <summary>"Suit names"</summary>
                    <p class="hint">"The rulebook names Hopper, Betsy, Chug and Bud; name the others as your deck does, or keep their numbers."</p>
                    {names}
                </details>
            </fieldset>
        }
        .into_any()
    }

    fn draft_of(form: &Form<Self>, entry: Option<&Entry>) -> LineDraft {
        let direction = form.with_before(State::direction);
        let base = LineDraft {
            direction,
            ..LineDraft::default()
        };
        match entry {
            Some(Entry::Start { suit, card }) => LineDraft {
                kind: Kind::Start,
                suit: Some(*suit),
                card: Some(*card),
                ..base
            },
            Some(Entry::Line(l)) => LineDraft {
                kind: Kind::Line,
                suit: Some(l.suit),
                card: Some(l.last),
                to: Some(l.to),
                supers: l.supers,
                eggs: l.eggs,
                yoker: l.yoker,
                direction: l.direction,
                ..base
            },
            Some(Entry::Plumedini { seat }) => LineDraft {
                kind: Kind::Plumedini,
                to: Some(*seat),
                ..base
            },
            Some(Entry::EndEarly) => base,
            None => {
                let (tie, open) = form.with_before(|b| {
                    let n = form.players();
                    let v = form.with_setup(|s| s.settings.plumedini);
                    (
                        matches!(b.bonus(v, n), Bonus::Tie(_)),
                        b.suits.iter().any(|s| s.start.is_some() && !s.closed()),
                    )
                });
                let kind = if tie {
                    Kind::Plumedini
                } else if open {
                    Kind::Line
                } else {
                    Kind::Start
                };
                LineDraft { kind, ..base }
            }
        }
    }

    fn restore(form: &Form<Self>, d: LineDraft) -> Option<LineDraft> {
        let n = form.players();
        let fresh = Self::draft_of(form, None);
        let fits = (d.kind == Kind::Plumedini) == (fresh.kind == Kind::Plumedini)
            && d.to.is_none_or(|t| t < n)
            && d.trumper.is_none_or(|t| t < n)
            && d.suit.is_none_or(|s| s < SUITS);
        fits.then_some(d)
    }

    fn title(form: &Form<Self>, d: &LineDraft) -> String {
        let edit = if form.editing { "Correct " } else { "" };
        match d.kind {
            Kind::Plumedini => "Who takes the Plumedini card?".into(),
            Kind::Start => format!("{edit}Start a suit"),
            Kind::Line => format!("{edit}{}: a claimed line", form.label()),
        }
    }

    fn save_label(form: &Form<Self>, d: &LineDraft) -> Option<String> {
        let what = match d.kind {
            Kind::Plumedini => return None,
            Kind::Start => "the suit's start".to_string(),
            Kind::Line => crate::app::game::lower_first(&form.label()),
        };
        Some(if form.editing {
            format!("Save changes to {what}")
        } else {
            format!("Save {what}")
        })
    }

    fn form_name(_: &LineDraft) -> &'static str {
        "line"
    }

    fn build(form: &Form<Self>, d: &LineDraft) -> Result<Entry, RuleError> {
        let suit = || d.suit.ok_or_else(|| RuleError::new("Tap the suit."));
        match d.kind {
            Kind::Plumedini => {
                d.to.map(|seat| Entry::Plumedini { seat })
                    .ok_or_else(|| RuleError::new("Tap who takes the Plumedini card."))
            }
            Kind::Start => {
                let suit = suit()?;
                let card = d
                    .card
                    .ok_or_else(|| RuleError::new("Tap the card that started it."))?;
                Ok(Entry::Start { suit, card })
            }
            Kind::Line => {
                let suit = suit()?;
                let last = d
                    .card
                    .ok_or_else(|| RuleError::new("Tap the last standard card on the line."))?;
                let to =
                    d.to.ok_or_else(|| RuleError::new("Tap who takes the line."))?;
                let _ = form;
                Ok(Entry::Line(Line {
                    suit,
                    to,
                    last,
                    supers: d.supers,
                    eggs: d.eggs,
                    yoker: d.yoker,
                    direction: d.direction,
                }))
            }
        }
    }

    fn form_body(form: Form<Self>, d: RwSignal<LineDraft>) -> AnyView {
        if d.with_untracked(|x| x.kind == Kind::Plumedini) {
            return plumedini_body(form, d);
        }
        let kind_switch = (!form.editing).then(|| {
            view! {
                <Segmented
                    label="What happened"
                    options=vec![("Claim a line".to_string(), Kind::Line), ("Start a suit".to_string(), Kind::Start)]
                    value=Signal::derive(move || d.with(|x| x.kind))
                    on_pick=Callback::new(move |k| { d.update(|x| { x.kind = k; x.suit = None; x.card = None; }); form.changed() })
                />
            }
        });
        let body = dynamic(move || match d.with(|x| x.kind) {
            Kind::Start => start_body(form, d),
            _ => line_body(form, d),
        });
        view! { {kind_switch} {body} }.into_any()
    }

    fn extras(ctx: ExtrasCtx<Self>) -> AnyView {
        super::suit_sheet::suit_sheet(ctx)
    }
}

/// Changes the draft and clears a refusal.
fn edit(form: Form<CircusTrump>, d: RwSignal<LineDraft>, f: impl FnOnce(&mut LineDraft)) {
    d.update(f);
    form.changed();
}

/// A row of chips of which one is chosen, saying `label` for each.
fn choice<T: Copy + PartialEq + Send + Sync + 'static>(
    group: String,
    options: Vec<(String, String, T)>,
    chosen: Signal<Option<T>>,
    on_pick: Callback<T>,
) -> AnyView {
    view! {
        <div class="chips" role="group" aria-label=group>
            {options.into_iter().map(|(shown, name, v)| view! {
                <button type="button" class="chip" aria-label=name
                    aria-pressed=aria(move || chosen.get() == Some(v))
                    on:click=on_click(move |_| on_pick.run(v))
                >{shown}</button>
            }).collect_view()}
        </div>
    }
    .into_any()
}

/// A suit's start: which suit (of those not started) and its card.
fn start_body(form: Form<CircusTrump>, d: RwSignal<LineDraft>) -> AnyView {
    let names = suits(&form);
    let editing = form.editing;
    let open: Vec<(String, String, usize)> = form.with_before(|b| {
        b.suits
            .iter()
            .enumerate()
            .filter(|(i, s)| {
                s.start.is_none() || (editing && d.with_untracked(|x| x.suit) == Some(*i))
            })
            .map(|(i, _)| (names[i].clone(), format!("Start {}", names[i]), i))
            .collect()
    });
    let cards: Vec<(String, String, u8)> = (0..=9u8)
        .map(|c| (c.to_string(), format!("Starts on {c}"), c))
        .collect();
    let closes = text(move || {
        d.with(|x| match (x.suit, x.card) {
            (Some(s), Some(c)) => format!(
                "{} starts on {c} and closes on {}: {}.",
                suits(&form).get(s).cloned().unwrap_or_default(),
                closing_card(c),
                wheel(c)
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            _ => String::new(),
        })
    });
    view! {
        <fieldset><legend>"Which suit?"</legend>
            {choice("Which suit".into(), open, Signal::derive(move || d.with(|x| x.suit)), Callback::new(move |s| edit(form, d, |x| x.suit = Some(s))))}
        </fieldset>
        <fieldset><legend>"Started with"</legend>
            {choice("Started with".into(), cards, Signal::derive(move || d.with(|x| x.card)), Callback::new(move |c| edit(form, d, |x| x.card = Some(c))))}
        </fieldset>
        <p class="hint" data-testid="closes" aria-live="polite">{closes}</p>
    }
    .into_any()
}

/// The suit the line comes from, as it was before this entry.
fn suit_of(form: Form<CircusTrump>, d: RwSignal<LineDraft>) -> Option<Suit> {
    let s = d.with(|x| x.suit)?;
    form.with_before(|b| b.suits.get(s).cloned())
}

/// Whether the line ends before its suit's closing card (it was trumped).
fn is_trump(form: Form<CircusTrump>, d: RwSignal<LineDraft>) -> bool {
    let closing = suit_of(form, d).and_then(|s| s.closing());
    d.with(|x| x.card).is_some_and(|c| Some(c) != closing)
}

/// A claimed line: the suit, its last card, the trump companion, the
/// taker, the extras on it and its points.
fn line_body(form: Form<CircusTrump>, d: RwSignal<LineDraft>) -> AnyView {
    let names = suits(&form);
    let players = form.with_setup(|s| s.players.clone());
    let editing_suit = form.editing.then(|| d.with_untracked(|x| x.suit)).flatten();
    let open: Vec<(String, String, usize)> = form.with_before(|b| {
        b.suits
            .iter()
            .enumerate()
            .filter(|(i, s)| s.start.is_some() && (!s.closed() || editing_suit == Some(*i)))
            .map(|(i, _)| (names[i].clone(), format!("Line from {}", names[i]), i))
            .collect()
    });
    // Memos, so a tap elsewhere in the form never redraws these buttons.
    let suit = Memo::new(move |_| suit_of(form, d));
    let cards = dynamic(move || {
        let Some(s) = suit.get() else {
            return view! { <p class="hint">"Tap the suit the line came from."</p> }.into_any();
        };
        let close = s.closing();
        let options = s
            .next_last_cards()
            .into_iter()
            .map(|c| {
                if Some(c) == close {
                    (format!("{c} closes"), format!("Last card {c} closes"), c)
                } else {
                    (c.to_string(), format!("Last card {c}"), c)
                }
            })
            .collect();
        choice(
            "Last standard card".into(),
            options,
            Signal::derive(move || d.with(|x| x.card)),
            // A trumped line holds at least its trumping Super Chicken.
            Callback::new(move |c| {
                edit(form, d, |x| {
                    x.card = Some(c);
                    if Some(c) != close && x.supers == 0 {
                        x.supers = 1;
                    }
                })
            }),
        )
    });
    let points = text(move || {
        d.with(|x| match (x.card, x.points()) {
            (Some(c), Some(_)) => line_sum(&Line {
                suit: 0,
                to: 0,
                last: c,
                supers: x.supers,
                eggs: x.eggs,
                yoker: x.yoker,
                direction: x.direction,
            }),
            _ => String::new(),
        })
    });
    view! {
        <fieldset><legend>"Which suit?"</legend>
            {choice("Which suit".into(), open, Signal::derive(move || d.with(|x| x.suit)), Callback::new(move |s| edit(form, d, |x| { x.suit = Some(s); x.card = None; })))}
        </fieldset>
        <fieldset><legend>"Last standard card on it"</legend>{cards}</fieldset>
        {companion(form, d)}
        <fieldset><legend>"Who takes the line?"</legend>
            <div class="chips">
                <PlayerChips
                    names=players
                    pressed=Callback::new(move |i| d.with(|x| x.to == Some(i)))
                    label=Callback::new(move |i| format!("{} takes it", form.name(i)))
                    on_pick=Callback::new(move |i| edit(form, d, |x| x.to = Some(i)))
                />
            </div>
        </fieldset>
        {line_extras(form, d)}
        <p class="cl-points" data-testid="line-points" aria-live="polite">{points}</p>
    }
    .into_any()
}

/// The trump companion: the direction of play (the table flips it for
/// every Egg or Yoker played) and who trumped; it names who must take the
/// line and chooses them as the taker.
fn companion(form: Form<CircusTrump>, d: RwSignal<LineDraft>) -> AnyView {
    let n = form.players();
    let players = form.with_setup(|s| s.players.clone());
    let pick_trumper = move |t: usize| {
        edit(form, d, |x| {
            x.trumper = Some(t);
            x.to = Some(x.direction.after(t, n));
        })
    };
    let taker = text(move || {
        d.with(|x| {
            x.trumper
                .map(|t| format!("{} must take the line.", form.name(x.direction.after(t, n))))
                .unwrap_or_default()
        })
    });
    let trump = Memo::new(move |_| is_trump(form, d));
    dynamic(move || {
        if !trump.get() {
            return view! { <p class="hint">"Whoever plays the closing card takes the last line."</p> }.into_any();
        }
        view! {
            <fieldset class="cl-companion" data-testid="companion"><legend>"Trumped: who played the Super Chicken?"</legend>
                <Segmented
                    label="Direction of play"
                    options=vec![("Clockwise ↻".to_string(), Direction::Clockwise), ("Counter-clockwise ↺".to_string(), Direction::Counterclockwise)]
                    value=Signal::derive(move || d.with(|x| x.direction))
                    on_pick=Callback::new(move |dir: Direction| edit(form, d, |x| {
                        x.direction = dir;
                        if let Some(t) = x.trumper { x.to = Some(dir.after(t, n)) }
                    }))
                />
                <p class="hint">"Flip it whenever an Egg or the Yoker is played."</p>
                <div class="chips">
                    <PlayerChips
                        names=players.clone()
                        pressed=Callback::new(move |i| d.with(|x| x.trumper == Some(i)))
                        label=Callback::new(move |i| format!("{} trumped", form.name(i)))
                        on_pick=Callback::new(pick_trumper)
                    />
                </div>
                <p class="cl-taker" data-testid="taker" aria-live="polite">{taker}</p>
            </fieldset>
        }
        .into_any()
    })
    .into_any()
}

/// The line's Super Chickens, Eggs and Yoker, offered only as far as the
/// suit and the deck still have them.
fn line_extras(form: Form<CircusTrump>, d: RwSignal<LineDraft>) -> AnyView {
    let eggs_free = form.with_before(|b| 3u8.saturating_sub(b.eggs_used()));
    let yoker_free = form.with_before(|b| !b.yoker_used());
    // What the counters offer, so a tap on one never redraws them.
    let limits = Memo::new(move |_| {
        let supers_free = suit_of(form, d).map_or(0, |s| 2u8.saturating_sub(s.supers));
        let yoker = yoker_free || d.with(|x| x.yoker);
        (supers_free, u32::from(is_trump(form, d)), yoker)
    });
    dynamic(move || {
        let (supers_free, lo, yoker) = limits.get();
        let yoker_view = yoker.then(|| view! {
            <button type="button" class="switch" role="switch" aria-checked=aria(move || d.with(|x| x.yoker))
                on:click=on_click(move |_| edit(form, d, |x| x.yoker = !x.yoker))
            ><span class="switch-text"><strong>"The Yoker"</strong><small>"+5"</small></span><span class="knob" aria-hidden="true"></span></button>
        });
        view! {
            <div class="cl-extras">
                <span>"Super Chickens (+2 each)"</span>
                {counter(CounterParts { id: "supers", label: "Super Chickens".into(), shown: text(move || d.with(|x| x.supers.to_string())), value: Signal::derive(move || d.with(|x| u32::from(x.supers))), range: (lo, u32::from(supers_free).max(lo)), on_set: Callback::new(move |v: u32| edit(form, d, |x| x.supers = v.min(2) as u8)) })}
                <span>{format!("Eggs (+3 each; {} left in the game)", eggs_free)}</span>
                {counter(CounterParts { id: "eggs", label: "Eggs".into(), shown: text(move || d.with(|x| x.eggs.to_string())), value: Signal::derive(move || d.with(|x| u32::from(x.eggs))), range: (0, u32::from(eggs_free)), on_set: Callback::new(move |v: u32| edit(form, d, |x| x.eggs = v.min(3) as u8)) })}
                {yoker_view}
            </div>
        }
        .into_any()
    })
    .into_any()
}

/// A tie for the Plumedini card: the table taps who takes it (saved on
/// the tap).
fn plumedini_body(form: Form<CircusTrump>, d: RwSignal<LineDraft>) -> AnyView {
    let tied: Vec<usize> = form.with_before(|b| {
        let v = form.with_setup(|s| s.settings.plumedini);
        match b.bonus(v, form.players()) {
            Bonus::Tie(t) => t,
            _ => Vec::new(),
        }
    });
    let names: Vec<String> = tied.iter().map(|i| form.name(*i)).collect();
    view! {
        <p>{format!("{} tie for the Plumedini card. The table decides who takes it; that player's total is halved.", crate::rules::join_names(&names))}</p>
        <div class="chips big" role="group" aria-label="Who takes the Plumedini card">
            {tied.into_iter().map(|i| view! {
                <button type="button" class="chip" aria-pressed=aria(move || d.with(|x| x.to == Some(i)))
                    on:click=on_click(move |_| { edit(form, d, |x| x.to = Some(i)); form.save.run(()) })
                >{format!("{} takes it", form.name(i))}</button>
            }).collect_view()}
        </div>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draft_survives_a_reload_and_shows_its_points() {
        let d = LineDraft {
            kind: Kind::Line,
            suit: Some(0),
            card: Some(6),
            trumper: Some(1),
            to: Some(2),
            supers: 1,
            eggs: 1,
            yoker: false,
            direction: Direction::Counterclockwise,
        };
        assert_eq!(d.points(), Some(11));
        let text = serde_json::to_string(&d).unwrap();
        assert_eq!(serde_json::from_str::<LineDraft>(&text).unwrap(), d);
        assert_eq!(LineDraft::default().points(), None);
    }
}
