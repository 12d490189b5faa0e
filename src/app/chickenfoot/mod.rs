//! Chickenfoot's screens: the variants to choose, and the form for a hand's
//! end (who went out, then each player's pips by number pad or the tiles
//! left by tile picker).

use leptos::prelude::*;

use crate::app::components::{NumberPad, PadKey, Segmented, Switch, TilePicker};
use crate::app::game::{EntryCtx, GameUi};
use crate::rules::chickenfoot::{
    tiles_to_draw, Chickenfoot, DominoSet, DoubleBlank, Hand, Left, Settings, Tile,
};
use crate::rules::{parse_count, RuleError};

/// How a player's hand is entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// A pip total on the number pad.
    Pips,
    /// The tiles left, in the tile picker.
    Tiles,
}

impl GameUi for Chickenfoot {
    const BLURB: &'static str =
        "Dominoes: play off the doubles; lowest pip total after every hand wins.";

    fn entry_label(index: usize) -> String {
        format!("Hand {}", index + 1)
    }

    fn settings_form(settings: RwSignal<Settings>, players: Signal<usize>) -> AnyView {
        let set = Signal::derive(move || settings.with(|s| s.set));
        let blank = Signal::derive(move || settings.with(|s| s.double_blank));
        let draw_note = move || {
            let s = settings.with(|s| s.set);
            let n = players.get();
            tiles_to_draw(s, n).map(|d| {
                if d.reduced() {
                    format!(
                        "42 ÷ {n} gives {} tiles each, which would empty a {} set: draw {} each instead.",
                        d.printed,
                        s.name(),
                        d.each
                    )
                } else {
                    format!("{n} players draw {} tiles each; {} hands.", d.each, s.suits())
                }
            })
        };
        view! {
            <fieldset class="settings">
                <legend>"Domino set"</legend>
                <Segmented
                    label="Domino set"
                    options=DominoSet::ALL.iter().map(|s| (s.name(), *s)).collect()
                    value=set
                    on_pick=Callback::new(move |v| settings.update(|s| s.set = v))
                />
                <p class="hint" data-testid="draw-note">{draw_note}</p>
                <legend>"Double-blank counts"</legend>
                <Segmented
                    label="Double-blank counts"
                    options=vec![("50".to_string(), DoubleBlank::Fifty), ("25".to_string(), DoubleBlank::TwentyFive)]
                    value=blank
                    on_pick=Callback::new(move |v| settings.update(|s| s.double_blank = v))
                />
                <Switch
                    label="Highest available double"
                    hint="If nobody has the hand's double, the highest one anyone has starts it."
                    on=Signal::derive(move || settings.with(|s| s.highest_available))
                    on_toggle=Callback::new(move |v| settings.update(|s| s.highest_available = v))
                />
                <Switch
                    label="Chickenlittle rule"
                    hint="Say it with one tile left, or draw. A reminder only."
                    on=Signal::derive(move || settings.with(|s| s.chickenlittle))
                    on_toggle=Callback::new(move |v| settings.update(|s| s.chickenlittle = v))
                />
            </fieldset>
        }
        .into_any()
    }

    fn entry_form(ctx: EntryCtx<Self>) -> AnyView {
        hand_form(ctx)
    }
}

/// The form for one hand's end.
fn hand_form(ctx: EntryCtx<Chickenfoot>) -> AnyView {
    let EntryCtx {
        setup,
        before,
        index,
        initial,
        submit,
        cancel,
    } = ctx;
    let n = setup.players.len();
    let settings = setup.settings.clone();
    let names = StoredValue::new(setup.players.clone());
    let name = move |i: usize| names.with_value(|v| v.get(i).cloned().unwrap_or_default());
    let preferred = settings.set.preferred_double(index).unwrap_or(0);
    let max_pips = settings.set.total_score(settings.double_blank);
    let blank = settings.double_blank;
    let highest = settings.highest_available;
    let max = settings.set.max();
    let _ = before;

    // The draft, prefilled when editing.
    let out: RwSignal<Option<Option<usize>>> = RwSignal::new(initial.as_ref().map(|h| h.out));
    let started: RwSignal<u8> = RwSignal::new(
        initial
            .as_ref()
            .and_then(|h| h.started_with)
            .unwrap_or(preferred),
    );
    let modes: RwSignal<Vec<Mode>> = RwSignal::new(
        (0..n)
            .map(|i| match initial.as_ref().and_then(|h| h.left.get(i)) {
                Some(Left::Tiles(t)) if !t.is_empty() => Mode::Tiles,
                _ => Mode::Pips,
            })
            .collect(),
    );
    let texts: RwSignal<Vec<String>> = RwSignal::new(
        (0..n)
            .map(|i| match initial.as_ref().and_then(|h| h.left.get(i)) {
                Some(Left::Pips(p)) if initial.as_ref().map(|h| h.out) != Some(Some(i)) => {
                    p.to_string()
                }
                _ => String::new(),
            })
            .collect(),
    );
    let tiles: RwSignal<Vec<Vec<Tile>>> = RwSignal::new(
        (0..n)
            .map(|i| match initial.as_ref().and_then(|h| h.left.get(i)) {
                Some(Left::Tiles(t)) => t.clone(),
                _ => Vec::new(),
            })
            .collect(),
    );
    let active: RwSignal<Option<usize>> = RwSignal::new(None);
    let picker: RwSignal<Option<usize>> = RwSignal::new(None);
    let tried = RwSignal::new(false);
    let form_error: RwSignal<Option<RuleError>> = RwSignal::new(None);

    let field_error = move |i: usize| -> Option<String> {
        if out.get() == Some(Some(i)) {
            return None;
        }
        if let Some(e) = form_error.get().filter(|e| e.player == Some(i)) {
            return Some(e.message);
        }
        match modes.with(|m| m.get(i).copied()) {
            Some(Mode::Pips) => {
                let t = texts.with(|t| t.get(i).cloned().unwrap_or_default());
                if t.trim().is_empty() && !tried.get() {
                    return None;
                }
                parse_count(&t, "pips left", max_pips).err()
            }
            _ => {
                let empty = tiles.with(|t| t.get(i).map(|v| v.is_empty()).unwrap_or(true));
                (empty && tried.get())
                    .then(|| "Pick the tiles left, or switch to a pip total.".to_string())
            }
        }
    };

    let score_of = move |i: usize| -> u32 {
        tiles.with(|t| {
            t.get(i)
                .map(|v| v.iter().map(|x| x.score(blank)).sum())
                .unwrap_or(0)
        })
    };

    let on_key = Callback::new(move |k: PadKey| {
        let Some(i) = active.get_untracked() else {
            return;
        };
        if k == PadKey::Next {
            let next = (i + 1..n).find(|j| {
                out.get_untracked() != Some(Some(*j))
                    && modes.with_untracked(|m| m.get(*j) == Some(&Mode::Pips))
            });
            active.set(next);
            if let Some(j) = next {
                focus_field(j);
            }
            return;
        }
        texts.update(|t| {
            if let Some(s) = t.get_mut(i) {
                *s = k.apply(s);
            }
        });
        form_error.set(None);
    });

    let save = move |_| {
        tried.set(true);
        form_error.set(None);
        let Some(who) = out.get_untracked() else {
            form_error.set(Some(RuleError::new(
                "Tap who went out first, or \"Nobody: stalemate\".",
            )));
            return;
        };
        let mut left = Vec::with_capacity(n);
        for i in 0..n {
            if who == Some(i) {
                left.push(Left::Tiles(Vec::new()));
                continue;
            }
            match modes.with_untracked(|m| m.get(i).copied()) {
                Some(Mode::Tiles) => left.push(Left::Tiles(
                    tiles.with_untracked(|t| t.get(i).cloned().unwrap_or_default()),
                )),
                _ => {
                    let t = texts.with_untracked(|t| t.get(i).cloned().unwrap_or_default());
                    match parse_count(&t, "pips left", max_pips) {
                        Ok(p) => left.push(Left::Pips(p)),
                        Err(m) => {
                            form_error.set(Some(RuleError::for_player(i, m)));
                            focus_field(i);
                            return;
                        }
                    }
                }
            }
        }
        let started_with = highest.then(|| started.get_untracked());
        let hand = Hand {
            out: who,
            started_with: started_with.filter(|d| *d != preferred),
            left,
        };
        if let Some(err) = submit.run(hand) {
            form_error.set(Some(err));
        } else {
            active.set(None);
        }
    };

    let title = format!("Hand {} · started with the", index + 1);
    let editing = cancel.is_some();

    view! {
        <form class="hand-form" on:submit=move |ev| ev.prevent_default() data-testid="hand-form">
            <h2>
                {if editing { "Correct " } else { "" }}
                {title}" "
                {move || format!("{0}-{0}", started.get())}
            </h2>
            {highest.then(|| view! {
                <label class="field">
                    <span>"Double that started it"</span>
                    <select
                        aria-label="Double that started this hand"
                        on:change=move |ev| {
                            if let Ok(d) = event_target_value(&ev).parse::<u8>() { started.set(d) }
                        }
                    >
                        {(0..=max).rev().map(|d| view! {
                            <option value=d.to_string() selected=move || started.get() == d>
                                {format!("{d}-{d}{}", if d == preferred { " (this hand's double)" } else { "" })}
                            </option>
                        }).collect_view()}
                    </select>
                </label>
            })}
            <fieldset class="went-out">
                <legend>"Who went out?"</legend>
                <div class="chips">
                    {(0..n).map(|i| view! {
                        <button type="button" class="chip"
                            aria-pressed=move || (out.get() == Some(Some(i))).to_string()
                            aria-label=move || format!("{} went out", name(i))
                            on:click=move |_| { out.set(Some(Some(i))); form_error.set(None); if active.get_untracked() == Some(i) { active.set(None) } }
                        >{name(i)}</button>
                    }).collect_view()}
                    <button type="button" class="chip"
                        aria-pressed=move || (out.get() == Some(None)).to_string()
                        on:click=move |_| { out.set(Some(None)); form_error.set(None) }
                    >"Nobody: stalemate"</button>
                </div>
            </fieldset>
            <ul class="players-left">
                {(0..n).map(|i| {
                    let err_id = format!("err-{i}");
                    let is_out = move || out.get() == Some(Some(i));
                    let mode = move || modes.with(|m| m.get(i).copied().unwrap_or(Mode::Pips));
                    view! {
                        <li class="player-left" class:is-out=is_out data-testid=format!("left-{i}")>
                            <div class="player-left-head">
                                <span class="who">{name(i)}</span>
                                <Show when=move || !is_out() fallback=|| view! { <span class="zero">"went out · 0"</span> }>
                                    <div class="segmented small" role="group" aria-label=format!("How to enter {}'s hand", name(i))>
                                        <button type="button" aria-pressed=move || (mode() == Mode::Pips).to_string()
                                            on:click=move |_| modes.update(|m| if let Some(x) = m.get_mut(i) { *x = Mode::Pips })
                                        >"Pips"</button>
                                        <button type="button" aria-pressed=move || (mode() == Mode::Tiles).to_string()
                                            aria-label=format!("Pick {}'s tiles", name(i))
                                            on:click=move |_| { modes.update(|m| if let Some(x) = m.get_mut(i) { *x = Mode::Tiles }); active.set(None); picker.set(Some(i)) }
                                        >"Tiles"</button>
                                    </div>
                                </Show>
                            </div>
                            <Show when=move || !is_out()>
                                {move || match mode() {
                                    Mode::Pips => view! {
                                        <input
                                            id=format!("pips-{i}")
                                            class="pips"
                                            type="text"
                                            inputmode="none"
                                            autocomplete="off"
                                            aria-label=format!("{}: pips left", name(i))
                                            aria-invalid=move || field_error(i).is_some().to_string()
                                            aria-describedby=format!("err-{i}")
                                            placeholder="tap to enter"
                                            prop:value=move || texts.with(|t| t.get(i).cloned().unwrap_or_default())
                                            on:focus=move |_| active.set(Some(i))
                                            on:click=move |_| active.set(Some(i))
                                            on:input=move |ev| {
                                                let v = event_target_value(&ev);
                                                texts.update(|t| if let Some(s) = t.get_mut(i) { *s = v });
                                                form_error.set(None);
                                            }
                                        />
                                    }.into_any(),
                                    Mode::Tiles => view! {
                                        <button type="button" class="tiles-summary" on:click=move |_| picker.set(Some(i))
                                            aria-label=move || format!("{}: {} tiles, {} points. Change tiles", name(i), tiles.with(|t| t.get(i).map(|v| v.len()).unwrap_or(0)), score_of(i))
                                        >
                                            {move || {
                                                let picked = tiles.with(|t| t.get(i).cloned().unwrap_or_default());
                                                if picked.is_empty() { "Tap to pick tiles".to_string() } else {
                                                    format!("{} = {}", picked.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(" "), score_of(i))
                                                }
                                            }}
                                        </button>
                                    }.into_any(),
                                }}
                            </Show>
                            <p class="field-error" id=err_id.clone() role="alert">{move || field_error(i)}</p>
                        </li>
                    }
                }).collect_view()}
            </ul>
            <p class="form-error" role="alert" data-testid="form-error">
                {move || form_error.get().filter(|e| e.player.is_none()).map(|e| e.message)}
            </p>
            <div class="form-actions">
                {cancel.map(|c| view! { <button type="button" class="secondary" on:click=move |_| c.run(())>"Cancel"</button> })}
                <button type="button" class="primary" data-testid="save-hand" on:click=save>
                    {if editing { format!("Save changes to hand {}", index + 1) } else { format!("Save hand {}", index + 1) }}
                </button>
            </div>
            <Show when=move || active.get().is_some()>
                <NumberPad
                    target=Signal::derive(move || active.get().map(|i| format!("{}'s pips", name(i))).unwrap_or_default())
                    on_key=on_key
                />
            </Show>
            {move || picker.get().map(|i| {
                let taken = Signal::derive(move || {
                    tiles.with(|all| {
                        all.iter().enumerate()
                            .filter(|(j, _)| *j != i && out.get() != Some(Some(*j)) && modes.with(|m| m.get(*j) == Some(&Mode::Tiles)))
                            .flat_map(|(j, v)| v.iter().map(move |t| (*t, j)))
                            .map(|(t, j)| (t, name(j)))
                            .collect::<Vec<_>>()
                    })
                });
                view! {
                    <TilePicker
                        name=name(i)
                        max=max
                        picked=Signal::derive(move || tiles.with(|t| t.get(i).cloned().unwrap_or_default()))
                        taken=taken
                        on_table=Signal::derive(move || { let d = started.get(); Tile(d, d) })
                        score=Signal::derive(move || score_of(i))
                        on_toggle=Callback::new(move |t: Tile| {
                            tiles.update(|all| if let Some(v) = all.get_mut(i) {
                                match v.iter().position(|x| *x == t) {
                                    Some(p) => { v.remove(p); }
                                    None => { v.push(t); v.sort_by_key(|x| (x.1, x.0)); }
                                }
                            });
                            form_error.set(None);
                        })
                        on_done=Callback::new(move |_| picker.set(None))
                    />
                }
            })}
        </form>
    }
    .into_any()
}

/// Focuses player `i`'s pip field (after the DOM updates).
fn focus_field(i: usize) {
    request_animation_frame(move || {
        use wasm_bindgen::JsCast;
        if let Some(el) = document()
            .get_element_by_id(&format!("pips-{i}"))
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        {
            let _ = el.focus();
        }
    });
}
