//! Cards left: a −/+ stepper or the number pad for each player who did not
//! go out, with the score the rules give it as it is typed.

use leptos::prelude::*;

use super::Ctx;
use crate::app::components::{focus_field, pad_field, NumberPad, PadField, PadKey};
use crate::app::erased::{dynamic, flag, on_click, text};
use crate::rules::big_chicken::multiplier;
use crate::rules::{count, parse_count};

/// The message beside player `i`'s field, if any.
fn field_error(c: Ctx, i: usize) -> Option<String> {
    if c.with(|x| x.out == Some(i)) {
        return None;
    }
    if let Some(e) = c.form.error_for(i) {
        return Some(e);
    }
    if let Some(e) = c.problem.with(|p| {
        p.as_ref()
            .filter(|e| e.player == Some(i))
            .map(|e| e.message.clone())
    }) {
        return Some(e);
    }
    let t = c.with(|x| x.texts.get(i).cloned().unwrap_or_default());
    if t.trim().is_empty() && !c.form.tried.get() {
        return None;
    }
    parse_count(&t, "cards left", c.most).err()
}

fn set_text(c: Ctx, i: usize, v: String) {
    c.edit(|x| {
        if let Some(s) = x.texts.get_mut(i) {
            *s = v;
        }
    })
}

/// One card more or fewer.
fn step(c: Ctx, i: usize, up: bool) {
    let now = c.with_untracked(|x| x.texts.get(i).cloned().unwrap_or_default());
    if !up && now.trim().is_empty() {
        return;
    }
    let v: u32 = now.trim().parse().unwrap_or(0);
    let v = if up {
        v.saturating_add(1).min(c.most)
    } else {
        v.saturating_sub(1)
    };
    set_text(c, i, v.to_string());
}

/// "7 × 2 = 14 · Crowing +15 → 29 points, total 41".
fn score_line(c: Ctx, i: usize) -> String {
    let out = c.with(|x| x.out == Some(i));
    if let Some(p) = c.scores.get() {
        let m = p.multipliers.get(i).copied().unwrap_or(1);
        let card = p.card_scores.get(i).copied().unwrap_or(0);
        let left = c.base.with(|b| {
            b.as_ref()
                .and_then(|r| r.cards_left.get(i).copied())
                .unwrap_or(0)
        });
        let mut parts = Vec::new();
        if !out {
            parts.push(format!("{left} × {m} = {card}"));
        }
        if let Some(list) = p.penalties.get(i) {
            parts.extend(list.iter().map(|x| x.label()));
        }
        let pts = p.points.get(i).copied().unwrap_or(0);
        let total = p.totals.get(i).copied().unwrap_or(0);
        return if parts.is_empty() {
            format!("{}, total {total}", count(pts, "point"))
        } else {
            format!(
                "{} → {}, total {total}",
                parts.join(" · "),
                count(pts, "point")
            )
        };
    }
    // Not complete yet: the card score alone, where typed.
    let t = c.with(|x| x.texts.get(i).cloned().unwrap_or_default());
    match t.trim().parse::<u32>() {
        Ok(cards) if !out && cards > 0 => {
            let m = multiplier(c.n, cards).unwrap_or(1);
            format!("{cards} × {m} = {}", cards.saturating_mul(m))
        }
        _ => String::new(),
    }
}

pub fn view(c: Ctx) -> impl IntoView {
    let rows = (0..c.n)
        .map(|i| {
            let is_out = move || c.with(|x| x.out == Some(i));
            let entry = dynamic(move || {
                if is_out() {
                    return view! { <span class="zero">"went out · 0 cards"</span> }.into_any();
                }
                view! {
                    <div class="stepper">
                        <button type="button" class="step" aria-label=format!("One card fewer for {}", c.name(i))
                            on:click=on_click(move |_| step(c, i, false))
                        >"−"</button>
                        {pad_field(PadField {
                            id: format!("cards-{i}"),
                            label: format!("{}: cards left", c.name(i)),
                            placeholder: "cards left",
                            error_id: format!("err-{i}"),
                            value: text(move || c.with(|x| x.texts.get(i).cloned().unwrap_or_default())),
                            invalid: flag(move || field_error(c, i).is_some()),
                            on_activate: Callback::new(move |_| c.active.set(Some(i))),
                            on_input: Callback::new(move |v| set_text(c, i, v)),
                        })}
                        <button type="button" class="step" aria-label=format!("One card more for {}", c.name(i))
                            on:click=on_click(move |_| step(c, i, true))
                        >"+"</button>
                    </div>
                }
                .into_any()
            });
            view! {
                <li class="player-left" class:is-out=flag(is_out) data-testid=format!("left-{i}")>
                    <div class="player-left-head">
                        <span class="who">{c.name(i)}</span>
                    </div>
                    {entry}
                    <p class="field-error" id=format!("err-{i}") role="alert">{text(move || field_error(c, i).unwrap_or_default())}</p>
                    <p class="score-line" data-testid=format!("score-{i}") aria-live="polite">{text(move || score_line(c, i))}</p>
                </li>
            }
        })
        .collect_view();
    view! {
        <h3 class="cards-left-title">"Cards left"</h3>
        <ul class="players-left">{rows}</ul>
    }
}

/// The number pad, while a cards-left field is being filled.
pub fn pad(c: Ctx) -> impl IntoView {
    let on_key = Callback::new(move |k: PadKey| {
        let Some(i) = c.active.get_untracked() else {
            return;
        };
        if k == PadKey::Next {
            let out = c.with_untracked(|x| x.out);
            let next = (i + 1..c.n).find(|j| out != Some(*j));
            c.active.set(next);
            if let Some(j) = next {
                focus_field(&format!("cards-{j}"));
            }
            return;
        }
        let now = c.with_untracked(|x| x.texts.get(i).cloned().unwrap_or_default());
        set_text(c, i, k.apply(&now));
    });
    dynamic(move || {
        match c.active.get() {
        Some(i) => view! {
            <NumberPad
                target=Signal::derive(move || format!("{}'s cards left", c.name(i)))
                value=Signal::derive(move || c.with(|x| x.texts.get(i).cloned().unwrap_or_default()))
                on_key=on_key
            />
        }
        .into_any(),
        None => ().into_any(),
    }
    })
}
