//! The card draw, under the round form: it breaks a Golden Egg tie (and the
//! result is recorded with the game), and as a standalone helper it settles
//! anything else at the table (who goes first), recording nothing. Either
//! the app deals virtual cards from this game's deck, shuffled from the
//! browser's crypto random source (the cards dealt are what is kept), or
//! the players draw real cards and tap what they drew.

use leptos::prelude::*;

use super::cards::{card_face, card_picker, highest_first};
use crate::app::components::Segmented;
use crate::app::erased::{aria, dynamic, on_click, text};
use crate::app::game::{keep_draft, restore_draft, ExtrasCtx};
use crate::rules::big_chicken::{
    cards_taken, deck, draw_order, golden_draw_guide, judge_draws, virtual_draw, BigChicken, Card,
    CardDraw, DrawReport, DrawVerdict, Entry,
};
use crate::rules::RuleError;
use serde::{Deserialize, Serialize};

/// How the cards are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// The app shuffles and deals on screen.
    Virtual,
    /// The players draw real cards and tap what they drew.
    Real,
}

/// One draw round of real cards: who draws, and what each has tapped so far.
type DrawRow = (Vec<usize>, Vec<Option<Card>>);

/// Records a finished draw: its cards per draw round, and whether the app
/// dealt them.
type Record = Callback<(Vec<Vec<Card>>, bool), Result<(), RuleError>>;

/// A draw to record with the game: how to record it, the draw in progress
/// when the page was last closed, and how to keep it.
type Recorded = (Record, Option<String>, Callback<Option<String>>);

/// The version of [`DrawDraft`]'s shape: 2 keeps the app's deal as its
/// cards (1 kept a seed).
const DRAW_SHAPE: u32 = 2;

/// A draw in progress, as kept between page loads.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct DrawDraft {
    /// Real cards are being tapped (else the app deals).
    real: bool,
    /// The app's deal, once dealt: the cards of each draw round.
    dealt: Option<Vec<Vec<Card>>>,
    /// The real cards tapped so far, draw round by draw round.
    rows: Vec<DrawRow>,
}

use crate::rules::join_names as join;

/// The game's extra panels: the Golden Egg tie-breaker while a tie waits,
/// the recorded draw once there is one, and the standalone helper.
pub fn extras(ctx: ExtrasCtx<BigChicken>) -> AnyView {
    let ExtrasCtx {
        setup,
        state,
        submit,
        draft,
        on_draft,
        ..
    } = ctx;
    let n = setup.players.len();
    let names = setup.players.clone();
    let cards = deck(n);
    let name = |i: &usize| names.get(*i).cloned().unwrap_or_default();

    let golden = golden_draw_guide(&setup, &state).map(|guide| {
        let tied = guide.players.clone();
        let intro = guide.intro;
        let players = tied.clone();
        let record: Record = Callback::new(move |(draws, app_dealt): (Vec<Vec<Card>>, bool)| {
            submit.run(Entry::CardDraw(CardDraw {
                players: players.clone(),
                draws,
                app_dealt,
            }))
        });
        view! {
            <section class="draw-panel golden" data-testid="golden-draw" aria-label="Golden Egg tie-breaker">
                <h2>"Golden Egg tie-breaker"</h2>
                <p>{intro}</p>
                {draw_panel(names.clone(), cards.clone(), tied, Some((record, draft, on_draft)))}
            </section>
        }
    });

    let recorded = state.golden_draw.as_ref().map(|g| {
        let rows = judge_draws(&cards, &g.players, &g.draws)
            .map(|report| draw_rows(&names, &report))
            .unwrap_or_else(|_| ().into_any());
        view! {
            <section class="draw-panel recorded" data-testid="recorded-draw" aria-label="Golden Egg card draw">
                <h2>"Golden Egg card draw"</h2>
                {rows}
                <p class="verdict">{format!("{} won the draw: Golden Egg. (Undo to draw again.)", name(&g.winner))}</p>
            </section>
        }
    });

    let helper = helper(names.clone(), cards.clone());
    view! { {golden} {recorded} {helper} }.into_any()
}

/// The standalone helper: pick who draws, then draw; nothing is recorded.
fn helper(names: Vec<String>, cards: Vec<Card>) -> AnyView {
    let n = names.len();
    let open = RwSignal::new(false);
    let chosen: RwSignal<Vec<bool>> = RwSignal::new(vec![true; n]);
    let names = StoredValue::new(names);
    let cards = StoredValue::new(cards);
    let name = move |i: usize| names.with_value(|v| v.get(i).cloned().unwrap_or_default());
    let body = dynamic(move || {
        if !open.get() {
            return ().into_any();
        }
        let chips = (0..n)
            .map(|i| {
                view! {
                    <button type="button" class="chip"
                        aria-pressed=aria(move || chosen.with(|c| c.get(i).copied().unwrap_or(false)))
                        aria-label=format!("{} draws", name(i))
                        on:click=on_click(move |_| chosen.update(|c| if let Some(x) = c.get_mut(i) { *x = !*x }))
                    >{name(i)}</button>
                }
            })
            .collect_view();
        let panel = dynamic(move || {
            let picked: Vec<usize> = chosen.with(|c| {
                c.iter()
                    .enumerate()
                    .filter(|(_, on)| **on)
                    .map(|(i, _)| i)
                    .collect()
            });
            if picked.len() < 2 {
                return view! { <p class="hint">"Pick at least two players to draw."</p> }
                    .into_any();
            }
            draw_panel(
                names.get_value(),
                cards.get_value(),
                draw_order(n, 0, &picked),
                None,
            )
        });
        view! {
            <p class="hint">"Settle anything with this game's deck (who goes first, a house rule). Players draw in seat order; the highest card in the Pecking Order wins and equal highest cards draw again. Nothing is recorded."</p>
            <div class="chips" role="group" aria-label="Who draws">{chips}</div>
            {panel}
        }
        .into_any()
    });
    view! {
        <section class="draw-panel helper" data-testid="draw-helper" aria-label="Card draw helper">
            <button type="button" class="secondary wide"
                aria-expanded=aria(move || open.get())
                on:click=on_click(move |_| open.update(|o| *o = !*o))
            >"🂠 Card draw helper"</button>
            {body}
        </section>
    }
    .into_any()
}

/// The cards drawn so far, one line per draw round.
fn draw_rows(names: &[String], report: &DrawReport) -> AnyView {
    let name = |i: usize| names.get(i).cloned().unwrap_or_default();
    report
        .rounds
        .iter()
        .enumerate()
        .map(|(k, round)| {
            let reshuffled = report.reshuffled.get(k).copied().unwrap_or(false);
            let cells = round
                .iter()
                .map(|(p, c)| {
                    view! {
                        <li class="drawn" data-testid=format!("drawn-{k}-{p}")>
                            <span class="who">{name(*p)}</span>
                            {card_face(*c, true)}
                        </li>
                    }
                })
                .collect_view();
            view! {
                <div class="draw-round">
                    <p class="draw-no">{format!("Draw {}{}", k + 1, if reshuffled { " (the whole deck reshuffled)" } else { "" })}</p>
                    <ul class="drawn-cards">{cells}</ul>
                </div>
            }
        })
        .collect_view()
        .into_any()
}

/// What the draw says now.
fn verdict_text(names: &[String], report: &DrawReport) -> String {
    let name = |i: usize| names.get(i).cloned().unwrap_or_default();
    let last = report.rounds.last();
    let card_of = |p: usize| last.and_then(|r| r.iter().find(|(q, _)| *q == p).map(|(_, c)| *c));
    match &report.verdict {
        DrawVerdict::Winner(w) => match card_of(*w) {
            Some(c) => format!("{} wins the draw with the {c}.", name(*w)),
            None => format!("{} is the only one drawing.", name(*w)),
        },
        DrawVerdict::DrawNext(level) => {
            let who: Vec<String> = level.iter().map(|p| name(*p)).collect();
            match level.first().and_then(|p| card_of(*p)) {
                Some(c) => format!(
                    "{} drew equal highest cards ({c}): they draw again from the rest of the deck.",
                    join(&who)
                ),
                None => format!("{} draw one card each, in this order.", who.join(", ")),
            }
        }
    }
}

/// What every part of a draw panel shares: small handles only.
#[derive(Clone, Copy)]
struct Panel {
    /// The app's deal: the cards of each draw round.
    dealt: RwSignal<Option<Vec<Vec<Card>>>>,
    /// The real draw's rows: who draws, and the cards tapped.
    rows: RwSignal<Vec<DrawRow>>,
    /// The card slot the picker fills.
    slot: RwSignal<Option<usize>>,
    error: RwSignal<Option<String>>,
    names: StoredValue<Vec<String>>,
    cards: StoredValue<Vec<Card>>,
    players: StoredValue<Vec<usize>>,
    /// Records a finished draw with the game (the Golden Egg draw only).
    record: Option<Record>,
}

/// One draw between `players` (in draw order), virtual or real. With
/// `record`, a finished draw can be recorded with the game.
fn draw_panel(
    names: Vec<String>,
    cards: Vec<Card>,
    players: Vec<usize>,
    recorded: Option<Recorded>,
) -> AnyView {
    let (record, kept, on_draft) = match recorded {
        Some((r, d, k)) => (Some(r), d, Some(k)),
        None => (None, None, None),
    };
    // A draw in progress comes back as it was left: its first draw round
    // must be between these players.
    let kept = restore_draft::<DrawDraft>(DRAW_SHAPE, kept.as_deref(), |d| {
        d.rows
            .first()
            .is_none_or(|(who, cs)| *who == players && cs.len() == players.len())
    })
    .unwrap_or_default();
    let mode = RwSignal::new(if kept.real { Mode::Real } else { Mode::Virtual });
    let dealt: RwSignal<Option<Vec<Vec<Card>>>> = RwSignal::new(
        kept.dealt
            .filter(|d| judge_draws(&cards, &players, d).is_ok()),
    );
    let rows: RwSignal<Vec<DrawRow>> = RwSignal::new(if kept.rows.is_empty() {
        vec![(players.clone(), vec![None; players.len()])]
    } else {
        kept.rows
    });
    keep_draft(DRAW_SHAPE, on_draft, move || DrawDraft {
        real: mode.get() == Mode::Real,
        dealt: dealt.get(),
        rows: rows.get(),
    });
    let p = Panel {
        dealt,
        rows,
        slot: RwSignal::new(None),
        error: RwSignal::new(None),
        names: StoredValue::new(names),
        cards: StoredValue::new(cards),
        players: StoredValue::new(players),
        record,
    };
    let error = p.error;

    view! {
        <div class="draw">
            <Segmented
                label="How to draw"
                options=vec![("App deals".to_string(), Mode::Virtual), ("Real cards".to_string(), Mode::Real)]
                value=mode.into()
                on_pick=Callback::new(move |m| mode.set(m))
            />
            {dynamic(move || match mode.get() {
                Mode::Virtual => virtual_view(p),
                Mode::Real => real_view(p),
            })}
            <p class="form-error" role="alert">{text(move || error.get().unwrap_or_default())}</p>
            {picker_view(p)}
        </div>
    }
    .into_any()
}

/// The app deals: a virtual draw from a fresh shuffle.
fn deal(p: Panel) {
    let Panel {
        dealt,
        error,
        cards,
        players,
        ..
    } = p;

    error.set(None);
    let drawn = cards.with_value(|c| {
        players.with_value(|p| virtual_draw(c, p, &mut crate::app::random::BrowserRng))
    });
    match drawn {
        Ok(draws) => dealt.set(Some(draws)),
        Err(e) => error.set(Some(e.message)),
    }
}

/// The real draw's finished rows.
fn complete(p: Panel) -> Vec<Vec<Card>> {
    let Panel { rows, .. } = p;

    rows.with(|rs| {
        rs.iter()
            .filter_map(|(_, cs)| cs.iter().copied().collect::<Option<Vec<Card>>>())
            .collect()
    })
}

/// A card tapped for the player whose slot is open.
fn pick(p: Panel, c: Card) {
    let Panel {
        rows,
        slot,
        error,
        cards,
        players,
        ..
    } = p;
    let judge = move |draws: &[Vec<Card>]| {
        cards.with_value(|c| players.with_value(|p| judge_draws(c, p, draws)))
    };

    let Some(j) = slot.get_untracked() else {
        return;
    };
    slot.set(None);
    error.set(None);
    rows.update(|rs| {
        if let Some(last) = rs.last_mut() {
            if let Some(x) = last.1.get_mut(j) {
                *x = Some(c);
            }
        }
    });
    let draws = complete(p);
    let last_done = rows.with_untracked(|rs| {
        rs.last()
            .map(|(_, cs)| cs.iter().all(Option::is_some))
            .unwrap_or(false)
    });
    if !last_done {
        return;
    }
    match judge(&draws) {
        Ok(report) => {
            if let DrawVerdict::DrawNext(level) = report.verdict {
                let size = level.len();
                rows.update(|rs| rs.push((level, vec![None; size])));
            }
        }
        Err(e) => error.set(Some(e.message)),
    }
}

/// The button that records a finished draw with the game.
fn record_button(p: Panel, draws: Vec<Vec<Card>>, app_dealt: bool, winner: usize) -> impl IntoView {
    let Panel {
        error,
        names,
        record,
        ..
    } = p;
    let name = move |i: usize| names.with_value(|v| v.get(i).cloned().unwrap_or_default());

    record.map(|r| {
        view! {
            <button type="button" class="primary wide" data-testid="record-draw"
                on:click=on_click(move |_| {
                    if let Err(e) = r.run((draws.clone(), app_dealt)) {
                        error.set(Some(e.message));
                    }
                })
            >{format!("Record: {} is the Golden Egg", name(winner))}</button>
        }
    })
}

/// The virtual draw: deal, see the cards, record.
fn virtual_view(p: Panel) -> AnyView {
    let Panel {
        dealt,
        names,
        cards,
        players,
        record,
        ..
    } = p;
    let judge = move |draws: &[Vec<Card>]| {
        cards.with_value(|c| players.with_value(|p| judge_draws(c, p, draws)))
    };

    let Some(draws) = dealt.get() else {
        return view! {
                <button type="button" class="primary wide" data-testid="deal" on:click=on_click(move |_| deal(p))>"Shuffle and deal"</button>
            }
            .into_any();
    };
    let report = match judge(&draws) {
        Ok(r) => r,
        Err(e) => return view! { <p class="form-error">{e.message}</p> }.into_any(),
    };
    let rows_view = names.with_value(|ns| draw_rows(ns, &report));
    let verdict = names.with_value(|ns| verdict_text(ns, &report));
    let after = match (report.verdict, record.is_some()) {
            (DrawVerdict::Winner(w), true) => record_button(p, draws, true, w).into_any(),
            _ => view! {
                <button type="button" class="secondary wide" data-testid="deal-again" on:click=on_click(move |_| deal(p))>"Shuffle and deal again"</button>
            }
            .into_any(),
        };
    view! {
        {rows_view}
        <p class="verdict" data-testid="draw-verdict" role="status">{verdict}</p>
        {after}
    }
    .into_any()
}

/// The real draw: tap each card drawn.
fn real_view(p: Panel) -> AnyView {
    let Panel {
        rows,
        slot,
        error,
        names,
        cards,
        players,
        record,
        ..
    } = p;
    let name = move |i: usize| names.with_value(|v| v.get(i).cloned().unwrap_or_default());
    let judge = move |draws: &[Vec<Card>]| {
        cards.with_value(|c| players.with_value(|p| judge_draws(c, p, draws)))
    };

    let draws = complete(p);
    let report = match judge(&draws) {
        Ok(r) => Some(r),
        Err(_) => judge(draws.get(..draws.len().saturating_sub(1)).unwrap_or(&[])).ok(),
    };
    let done_rows = report
        .as_ref()
        .map(|r| names.with_value(|ns| draw_rows(ns, r)))
        .unwrap_or_else(|| ().into_any());
    let winner = report.as_ref().and_then(|r| match r.verdict {
        DrawVerdict::Winner(w) if !r.rounds.is_empty() => Some(w),
        _ => None,
    });
    let verdict = report
        .as_ref()
        .map(|r| names.with_value(|ns| verdict_text(ns, r)))
        .unwrap_or_default();
    let current = match winner {
        Some(_) => ().into_any(),
        None => {
            let (who, got, k) = rows.with(|rs| {
                rs.last()
                    .map(|(p, c)| (p.clone(), c.clone(), rs.len()))
                    .unwrap_or_default()
            });
            let slots = who
                .iter()
                .enumerate()
                .map(|(j, p)| {
                    let card = got.get(j).copied().flatten();
                    let face = match card {
                        Some(c) => card_face(c, false),
                        None => view! { <span class="card empty" aria-hidden="true">"?"</span> }
                            .into_any(),
                    };
                    let label = match card {
                        Some(c) => format!("{} drew the {c}. Change", name(*p)),
                        None => format!("What did {} draw?", name(*p)),
                    };
                    view! {
                        <li class="drawn">
                            <span class="who">{name(*p)}</span>
                            <button type="button" class="card-slot" aria-label=label
                                on:click=on_click(move |_| slot.set(Some(j)))
                            >{face}</button>
                        </li>
                    }
                })
                .collect_view();
            view! {
                <div class="draw-round current">
                    <p class="draw-no">{format!("Draw {k}: tap what each player drew")}</p>
                    <ul class="drawn-cards">{slots}</ul>
                </div>
            }
            .into_any()
        }
    };
    let after = match (winner, record.is_some()) {
        (Some(w), true) => record_button(p, draws, false, w).into_any(),
        _ => ().into_any(),
    };
    view! {
        {done_rows}
        {current}
        <p class="verdict" data-testid="draw-verdict" role="status">{verdict}</p>
        {after}
        <button type="button" class="secondary small" data-testid="draw-over"
            on:click=on_click(move |_| {
                error.set(None);
                let p = players.get_value();
                let size = p.len();
                rows.set(vec![(p, vec![None; size])]);
            })
        >"Start the draw over"</button>
    }
    .into_any()
}

/// The card picker for the open slot.
fn picker_view(p: Panel) -> impl IntoView {
    let Panel {
        rows,
        slot,
        names,
        cards,
        ..
    } = p;
    let name = move |i: usize| names.with_value(|v| v.get(i).cloned().unwrap_or_default());
    dynamic(move || {
        let Some(j) = slot.get() else {
            return ().into_any();
        };
        let (who, mine, used) = rows.with(|rs| {
            let who = rs.last().and_then(|(p, _)| p.get(j).copied()).unwrap_or(0);
            let mine = rs.last().and_then(|(_, c)| c.get(j).copied().flatten());
            let used: Vec<Card> = rs
                .iter()
                .flat_map(|(_, c)| c.iter().flatten().copied())
                .collect();
            (who, mine, used)
        });
        let all = cards.get_value();
        // Every card drawn so far but this slot's own.
        let mut others: Vec<(usize, Card)> = used.into_iter().map(|c| (who, c)).collect();
        if let Some(at) = others.iter().position(|(_, c)| Some(*c) == mine) {
            others.remove(at);
        }
        let unavailable: Vec<(Card, String)> = cards_taken(&all, &others)
            .into_iter()
            .map(|(c, _)| (c, "every copy drawn".to_string()))
            .collect();
        card_picker(
            format!("What did {} draw?", name(who)),
            highest_first(&all),
            mine,
            unavailable,
            Callback::new(move |c: Card| pick(p, c)),
            Callback::new(move |_| slot.set(None)),
        )
    })
}
