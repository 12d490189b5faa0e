//! Chickenfoot's screens: the variants to choose, and the form for a hand's
//! end (who went out, then each player's pips by number pad or the tiles
//! left by tile picker).

use leptos::prelude::*;

use crate::app::components::{
    focus_field, pad_field, NumberPad, PadField, PadKey, Segmented, Switch, TilePicker,
};
use crate::app::erased::{aria, dynamic, flag, on_click, on_submit, on_value, text};
use crate::app::game::{keep_draft, restore_draft, EntryCtx, GameUi};
use crate::rules::chickenfoot::{
    draw_sentence, Chickenfoot, DominoSet, DoubleBlank, Hand, Left, Settings, Tile,
};
use crate::rules::{parse_count, RuleError};
use serde::{Deserialize, Serialize};

/// A hand being entered, as kept between page loads.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct HandDraft {
    /// Which hand it was typed for (the game frame decides which form a
    /// draft belongs to).
    #[serde(default)]
    hand: usize,
    /// Who went out: not chosen yet (absent), stalemate (`null`), or a
    /// seat. Serde would read `null` back as "not chosen", losing a
    /// stalemate, hence the explicit encoding.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "some_out"
    )]
    out: Option<Option<usize>>,
    /// The double that started the hand.
    started: u8,
    /// Whether each player is entered by tiles.
    tile_mode: Vec<bool>,
    /// Pip totals as typed.
    texts: Vec<String>,
    /// Tiles picked.
    tiles: Vec<Vec<Tile>>,
}

/// Reads a present `out` (even `null`, a stalemate) as chosen.
fn some_out<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<usize>>, D::Error> {
    Option::<usize>::deserialize(d).map(Some)
}

impl HandDraft {
    fn empty(n: usize, preferred: u8) -> Self {
        HandDraft {
            hand: 0,
            out: None,
            started: preferred,
            tile_mode: vec![false; n],
            texts: vec![String::new(); n],
            tiles: vec![Vec::new(); n],
        }
    }

    fn of(h: &Hand, n: usize, preferred: u8) -> Self {
        let left = |i: usize| h.left.get(i).filter(|_| h.out != Some(i));
        HandDraft {
            hand: 0,
            out: Some(h.out),
            started: h.started_with.unwrap_or(preferred),
            tile_mode: (0..n)
                .map(|i| matches!(left(i), Some(Left::Tiles(t)) if !t.is_empty()))
                .collect(),
            texts: (0..n)
                .map(|i| match left(i) {
                    Some(Left::Pips(p)) => p.to_string(),
                    _ => String::new(),
                })
                .collect(),
            tiles: (0..n)
                .map(|i| match left(i) {
                    Some(Left::Tiles(t)) => t.clone(),
                    _ => Vec::new(),
                })
                .collect(),
        }
    }
}

/// How a player's hand is entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// A pip total on the number pad.
    Pips,
    /// The tiles left, in the tile picker.
    Tiles,
}

impl GameUi for Chickenfoot {
    fn entry_label(index: usize) -> String {
        format!("Hand {}", index + 1)
    }

    fn settings_form(settings: RwSignal<Settings>, players: Signal<usize>) -> AnyView {
        let set = Signal::derive(move || settings.with(|s| s.set));
        let blank = Signal::derive(move || settings.with(|s| s.double_blank));
        let draw_note = move || {
            let s = settings.with(|s| s.set);
            let n = players.get();
            draw_sentence(s, n).map(|d| format!("{d} {} hands.", s.suits()))
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
        draft,
        on_draft,
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

    // The form's state: what was typed in it (kept as its draft), else the
    // entry being edited, else empty.
    let restored = restore_draft::<HandDraft>(draft.as_deref(), |d| {
        d.texts.len() == n
            && d.tiles.len() == n
            && d.tile_mode.len() == n
            && d.out.is_none_or(|o| o.is_none_or(|o| o < n))
    })
    .or_else(|| initial.as_ref().map(|h| HandDraft::of(h, n, preferred)))
    .unwrap_or_else(|| HandDraft::empty(n, preferred));
    let out: RwSignal<Option<Option<usize>>> = RwSignal::new(restored.out);
    let started: RwSignal<u8> = RwSignal::new(restored.started);
    let modes: RwSignal<Vec<Mode>> = RwSignal::new(
        restored
            .tile_mode
            .iter()
            .map(|t| if *t { Mode::Tiles } else { Mode::Pips })
            .collect(),
    );
    let texts: RwSignal<Vec<String>> = RwSignal::new(restored.texts);
    let tiles: RwSignal<Vec<Vec<Tile>>> = RwSignal::new(restored.tiles);
    // Every change to a new hand is kept at once (storage, not a signal).
    keep_draft(on_draft, move || HandDraft {
        hand: index,
        out: out.get(),
        started: started.get(),
        tile_mode: modes.with(|m| m.iter().map(|m| *m == Mode::Tiles).collect()),
        texts: texts.get(),
        tiles: tiles.get(),
    });
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
                focus_field(&format!("pips-{j}"));
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
                            focus_field(&format!("pips-{i}"));
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

    let went_out_chips = (0..n)
        .map(|i| {
            view! {
                <button type="button" class="chip"
                    aria-pressed=aria(move || out.get() == Some(Some(i)))
                    aria-label=format!("{} went out", name(i))
                    on:click=on_click(move |_| {
                        out.set(Some(Some(i)));
                        form_error.set(None);
                        if active.get_untracked() == Some(i) {
                            active.set(None)
                        }
                    })
                >{name(i)}</button>
            }
        })
        .collect_view();

    let player_rows = (0..n)
        .map(|i| {
            let is_out = move || out.get() == Some(Some(i));
            let mode = move || modes.with(|m| m.get(i).copied().unwrap_or(Mode::Pips));
            let set_mode = move |m: Mode| modes.update(|v| if let Some(x) = v.get_mut(i) { *x = m });
            let entry = dynamic(move || {
                if is_out() {
                    return ().into_any();
                }
                match mode() {
                    Mode::Pips => pad_field(PadField {
                        id: format!("pips-{i}"),
                        label: format!("{}: pips left", name(i)),
                        placeholder: "tap to enter",
                        error_id: format!("err-{i}"),
                        value: text(move || texts.with(|t| t.get(i).cloned().unwrap_or_default())),
                        invalid: flag(move || field_error(i).is_some()),
                        on_activate: Callback::new(move |_| active.set(Some(i))),
                        on_input: Callback::new(move |v: String| {
                            texts.update(|t| if let Some(s) = t.get_mut(i) { *s = v });
                            form_error.set(None);
                        }),
                    }),
                    Mode::Tiles => view! {
                        <button type="button" class="tiles-summary"
                            on:click=on_click(move |_| picker.set(Some(i)))
                            aria-label=text(move || format!("{}: {} tiles, {} points. Change tiles", name(i), tiles.with(|t| t.get(i).map(|v| v.len()).unwrap_or(0)), score_of(i)))
                        >
                            {text(move || {
                                let picked = tiles.with(|t| t.get(i).cloned().unwrap_or_default());
                                if picked.is_empty() {
                                    "Tap to pick tiles".to_string()
                                } else {
                                    format!("{} = {}", picked.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(" "), score_of(i))
                                }
                            })}
                        </button>
                    }
                    .into_any(),
                }
            });
            let head = dynamic(move || {
                if is_out() {
                    return view! { <span class="zero">"went out · 0"</span> }.into_any();
                }
                view! {
                    <div class="segmented small" role="group" aria-label=format!("How to enter {}'s hand", name(i))>
                        <button type="button" aria-pressed=aria(move || mode() == Mode::Pips)
                            on:click=on_click(move |_| set_mode(Mode::Pips))
                        >"Pips"</button>
                        <button type="button" aria-pressed=aria(move || mode() == Mode::Tiles)
                            aria-label=format!("Pick {}'s tiles", name(i))
                            on:click=on_click(move |_| {
                                set_mode(Mode::Tiles);
                                active.set(None);
                                picker.set(Some(i))
                            })
                        >"Tiles"</button>
                    </div>
                }
                .into_any()
            });
            view! {
                <li class="player-left" class:is-out=flag(is_out) data-testid=format!("left-{i}")>
                    <div class="player-left-head">
                        <span class="who">{name(i)}</span>
                        {head}
                    </div>
                    {entry}
                    <p class="field-error" id=format!("err-{i}") role="alert">{text(move || field_error(i).unwrap_or_default())}</p>
                </li>
            }
        })
        .collect_view();

    let double_select = highest.then(|| {
        view! {
            <label class="field">
                <span>"Double that started it"</span>
                <select
                    aria-label="Double that started this hand"
                    on:change=on_value(move |v| {
                        if let Ok(d) = v.parse::<u8>() {
                            started.set(d)
                        }
                    })
                >
                    {(0..=max).rev().map(|d| view! {
                        <option value=d.to_string() selected=d == started.get_untracked()>
                            {format!("{d}-{d}{}", if d == preferred { " (this hand's double)" } else { "" })}
                        </option>
                    }).collect_view()}
                </select>
            </label>
        }
    });

    let pad = dynamic(move || {
        match active.get() {
        Some(i) => view! { <NumberPad target=Signal::derive(move || format!("{}'s pips", name(i))) on_key=on_key/> }.into_any(),
        None => ().into_any(),
    }
    });

    let picker_view = dynamic(move || {
        let Some(i) = picker.get() else {
            return ().into_any();
        };
        let taken = Signal::derive(move || {
            tiles.with(|all| {
                all.iter()
                    .enumerate()
                    .filter(|(j, _)| {
                        *j != i
                            && out.get() != Some(Some(*j))
                            && modes.with(|m| m.get(*j) == Some(&Mode::Tiles))
                    })
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
        .into_any()
    });

    let save_label = if editing {
        format!("Save changes to hand {}", index + 1)
    } else {
        format!("Save hand {}", index + 1)
    };

    view! {
        <form class="hand-form" on:submit=on_submit(|| ()) data-testid="hand-form">
            <h2>
                {if editing { "Correct " } else { "" }}
                {title}" "
                {text(move || format!("{0}-{0}", started.get()))}
            </h2>
            {double_select}
            <fieldset class="went-out">
                <legend>"Who went out?"</legend>
                <div class="chips">
                    {went_out_chips}
                    <button type="button" class="chip"
                        aria-pressed=aria(move || out.get() == Some(None))
                        on:click=on_click(move |_| { out.set(Some(None)); form_error.set(None) })
                    >"Nobody: stalemate"</button>
                </div>
            </fieldset>
            <ul class="players-left">{player_rows}</ul>
            <p class="form-error" role="alert" data-testid="form-error">
                {text(move || form_error.get().filter(|e| e.player.is_none()).map(|e| e.message).unwrap_or_default())}
            </p>
            <div class="form-actions">
                {cancel.map(|c| view! { <button type="button" class="secondary" on:click=on_click(move |_| c.run(()))>"Cancel"</button> })}
                <button type="button" class="primary" data-testid="save-hand" on:click=on_click(save)>{save_label}</button>
            </div>
            {pad}
            {picker_view}
        </form>
    }
    .into_any()
}
