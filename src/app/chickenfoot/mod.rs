//! Chickenfoot's screens: the variants to choose, and the form for a hand's
//! end (who went out, then each player's pips by number pad or the tiles
//! left by tile picker, or from a photo: `photo`, with the photo chunk's
//! `photo_read` and `photo_view`).

mod photo;
mod photo_read;
mod photo_view;

use leptos::prelude::*;

use crate::app::components::{
    focus_field, pad_field, NumberPad, PadField, PadKey, PlayerChips, Segmented, Switch, TilePicker,
};
use crate::app::erased::{aria, dynamic, flag, on_click, on_value, text};
use crate::app::game::{Form, GameUi};
use crate::rules::chickenfoot::{
    draw_sentence, pips_hint, tiles_taken, Chickenfoot, DominoSet, DoubleBlank, Hand, Left,
    Settings, Tile,
};
use crate::rules::{count, parse_count, RuleError};
use serde::{Deserialize, Serialize};

/// A hand being entered, as kept between page loads.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct HandDraft {
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

impl GameUi for Chickenfoot {
    type Draft = HandDraft;
    const LIVE_ROUND: Option<&'static [&'static str]> = Some(&["tile_mode", "texts", "tiles"]);

    fn entry_label(_log: &[Hand], index: usize) -> String {
        format!("Hand {}", index + 1)
    }

    fn settings_form(settings: RwSignal<Settings>, players: Signal<usize>) -> AnyView {
        let (set, pick_set) = crate::bind!(settings.set);
        let (blank, pick_blank) = crate::bind!(settings.double_blank);
        let (highest, pick_highest) = crate::bind!(settings.highest_available);
        let (little, pick_little) = crate::bind!(settings.chickenlittle);
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
                    on_pick=pick_set
                />
                <p class="hint" data-testid="draw-note">{draw_note}</p>
                <legend>"Double-blank counts"</legend>
                <Segmented
                    label="Double-blank counts"
                    options=vec![("50".to_string(), DoubleBlank::Fifty), ("25".to_string(), DoubleBlank::TwentyFive)]
                    value=blank
                    on_pick=pick_blank
                />
                <Switch
                    label="Highest available double"
                    hint="If nobody has the hand's double, the highest one anyone has starts it."
                    on=highest
                    on_toggle=pick_highest
                />
                <Switch
                    label="Chickenlittle rule"
                    hint="Say it with one tile left, or draw. A reminder only."
                    on=little
                    on_toggle=pick_little
                />
            </fieldset>
        }
        .into_any()
    }

    fn draft_of(form: &Form<Self>, entry: Option<&Hand>) -> HandDraft {
        let n = form.players();
        let preferred = preferred_double(form);
        let mut d = match entry {
            Some(h) => HandDraft::of(h, n, preferred),
            None => HandDraft::empty(n, preferred),
        };
        d.hand = form.index;
        d
    }

    fn restore(form: &Form<Self>, d: HandDraft) -> Option<HandDraft> {
        let n = form.players();
        let fits = d.texts.len() == n
            && d.tiles.len() == n
            && d.tile_mode.len() == n
            && d.out.is_none_or(|o| o.is_none_or(|o| o < n));
        fits.then_some(d)
    }

    fn title(form: &Form<Self>, d: &HandDraft) -> String {
        let edit = if form.editing { "Correct " } else { "" };
        format!(
            "{edit}Hand {} · started with the {1}-{1}",
            form.index + 1,
            d.started
        )
    }

    fn form_name(_: &HandDraft) -> &'static str {
        "hand"
    }

    fn field_id(player: usize) -> Option<String> {
        Some(format!("pips-{player}"))
    }

    fn build(form: &Form<Self>, d: &HandDraft) -> Result<Hand, RuleError> {
        let Some(who) = d.out else {
            return Err(RuleError::new(
                "Tap who went out first, or \"Nobody: stalemate\".",
            ));
        };
        let (max_pips, highest) = form.with_setup(|s| {
            (
                s.settings.set.total_score(s.settings.double_blank),
                s.settings.highest_available,
            )
        });
        let mut left = Vec::with_capacity(d.texts.len());
        for (i, text) in d.texts.iter().enumerate() {
            if who == Some(i) {
                left.push(Left::Tiles(Vec::new()));
            } else if d.tile_mode.get(i).copied().unwrap_or(false) {
                left.push(Left::Tiles(d.tiles.get(i).cloned().unwrap_or_default()));
            } else {
                let pips = parse_count(text, "pips left", max_pips)
                    .map_err(|m| RuleError::for_player(i, m))?;
                left.push(Left::Pips(pips));
            }
        }
        let preferred = preferred_double(form);
        Ok(Hand {
            out: who,
            started_with: highest.then_some(d.started).filter(|s| *s != preferred),
            left,
        })
    }

    fn form_body(form: Form<Self>, d: RwSignal<HandDraft>) -> AnyView {
        hand_body(form, d)
    }
}

/// The double that starts this hand by the rules.
fn preferred_double(form: &Form<Chickenfoot>) -> u8 {
    form.with_setup(|s| s.settings.set.preferred_double(form.index))
        .unwrap_or(0)
}

/// What every part of the hand form shares: small handles only.
#[derive(Clone, Copy)]
struct Ctx {
    form: Form<Chickenfoot>,
    d: RwSignal<HandDraft>,
    /// The pip field the number pad fills.
    active: RwSignal<Option<usize>>,
    /// Whose tiles the tile picker shows.
    picker: RwSignal<Option<usize>>,
    /// The photos read for this hand.
    photo: photo::Photos,
    n: usize,
    max_pips: u32,
    blank: DoubleBlank,
}

impl Ctx {
    fn name(self, i: usize) -> String {
        self.form.name(i)
    }

    /// Changes the hand being entered (and clears a refusal).
    fn edit(self, f: impl FnOnce(&mut HandDraft)) {
        self.d.update(f);
        self.form.changed();
    }

    fn is_out(self, i: usize) -> bool {
        self.d.with(|x| x.out == Some(Some(i)))
    }

    fn tiles_mode(self, i: usize) -> bool {
        self.d
            .with(|x| x.tile_mode.get(i).copied().unwrap_or(false))
    }

    /// The message beside player `i`'s field, if any.
    fn field_error(self, i: usize) -> Option<String> {
        if self.is_out(i) {
            return None;
        }
        if let Some(e) = self.form.error_for(i) {
            return Some(e);
        }
        if !self.tiles_mode(i) {
            let t = self.d.with(|x| x.texts.get(i).cloned().unwrap_or_default());
            if t.trim().is_empty() && !self.form.tried.get() {
                return None;
            }
            return parse_count(&t, "pips left", self.max_pips).err();
        }
        let empty = self.d.with(|x| x.tiles.get(i).is_none_or(Vec::is_empty));
        (empty && self.form.tried.get())
            .then(|| "Pick the tiles left, or switch to a pip total.".to_string())
    }

    /// The tiles player `i`'s picker must not offer, with their holder.
    fn taken(self, i: usize) -> Vec<(Tile, String)> {
        self.d
            .with(|x| tiles_left(x, self.n, i))
            .into_iter()
            .map(|(t, j)| (t, self.name(j)))
            .collect()
    }

    /// The double on the table, which started the hand.
    fn on_table(self) -> Tile {
        let s = self.d.with(|x| x.started);
        Tile(s, s)
    }

    /// The points of the tiles picked for player `i`.
    fn score_of(self, i: usize) -> u32 {
        let blank = self.blank;
        self.d.with(|x| {
            x.tiles
                .get(i)
                .map(|v| v.iter().map(|t| t.score(blank)).sum())
                .unwrap_or(0)
        })
    }
}

/// The tiles of the `n` players that player `i`'s picker must not offer
/// (those entered by tiles), with their seats.
fn tiles_left(x: &HandDraft, n: usize, i: usize) -> Vec<(Tile, usize)> {
    let left: Vec<Option<&[Tile]>> = (0..n)
        .map(|j| {
            let by_tiles = x.out != Some(Some(j)) && x.tile_mode.get(j).copied().unwrap_or(false);
            x.tiles.get(j).filter(|_| by_tiles).map(Vec::as_slice)
        })
        .collect();
    tiles_taken(&left, i)
}

/// The fields of one hand's end: who went out, then each player's pips (on
/// the number pad) or tiles left (in the tile picker).
fn hand_body(form: Form<Chickenfoot>, d: RwSignal<HandDraft>) -> AnyView {
    let (max_pips, blank) = form.with_setup(|s| {
        (
            s.settings.set.total_score(s.settings.double_blank),
            s.settings.double_blank,
        )
    });
    let c = Ctx {
        form,
        d,
        active: RwSignal::new(None),
        picker: RwSignal::new(None),
        photo: photo::Photos::new(),
        n: form.players(),
        max_pips,
        blank,
    };
    let rows = (0..c.n).map(|i| player_row(c, i)).collect_view();
    view! {
        {double_select(c)}
        {went_out(c)}
        <p class="hint" data-testid="pips-hint">{pips_hint(blank)}</p>
        <ul class="players-left">{rows}</ul>
        {pad(c)}
        {tile_picker(c)}
    }
    .into_any()
}

/// Who went out, or nobody (a stalemate).
fn went_out(c: Ctx) -> impl IntoView {
    view! {
        <fieldset class="went-out">
            <legend>"Who went out?"</legend>
            <div class="chips">
                <PlayerChips
                    names=c.form.with_setup(|s| s.players.clone())
                    pressed=Callback::new(move |i| c.is_out(i))
                    label=Callback::new(move |i| format!("{} went out", c.name(i)))
                    on_pick=Callback::new(move |i| {
                        c.edit(|x| x.out = Some(Some(i)));
                        if c.active.get_untracked() == Some(i) {
                            c.active.set(None)
                        }
                    })
                />
                <button type="button" class="chip"
                    aria-pressed=aria(move || c.d.with(|x| x.out == Some(None)))
                    on:click=on_click(move |_| c.edit(|x| x.out = Some(None)))
                >"Nobody: stalemate"</button>
            </div>
        </fieldset>
    }
}

/// Player `i`'s row: pips or tiles, and the message beside it.
fn player_row(c: Ctx, i: usize) -> impl IntoView {
    let entry = dynamic(move || {
        if c.is_out(i) {
            return ().into_any();
        }
        if !c.tiles_mode(i) {
            return pad_field(PadField {
                id: format!("pips-{i}"),
                label: format!("{}: pips left", c.name(i)),
                placeholder: "tap to enter",
                error_id: format!("err-{i}"),
                value: text(move || c.d.with(|x| x.texts.get(i).cloned().unwrap_or_default())),
                invalid: flag(move || c.field_error(i).is_some()),
                on_activate: Callback::new(move |_| c.active.set(Some(i))),
                on_input: Callback::new(move |v: String| {
                    c.edit(|x| {
                        if let Some(s) = x.texts.get_mut(i) {
                            *s = v
                        }
                    })
                }),
            });
        }
        tiles_summary(c, i)
    });
    let head = dynamic(move || {
        if c.is_out(i) {
            return view! { <span class="zero">"went out · 0"</span> }.into_any();
        }
        view! {
            <Segmented
                label=format!("How to enter {}'s hand", c.name(i))
                options=vec![("Pips".to_string(), false), ("Tiles".to_string(), true)]
                names=vec!["Pips".to_string(), format!("Pick {}'s tiles", c.name(i))]
                small=true
                value=Signal::derive(move || c.tiles_mode(i))
                on_pick=Callback::new(move |tiles: bool| {
                    c.edit(|x| if let Some(m) = x.tile_mode.get_mut(i) { *m = tiles });
                    if tiles {
                        c.active.set(None);
                        c.picker.set(Some(i));
                    }
                })
            />
        }
        .into_any()
    });
    view! {
        <li class="player-left" class:is-out=flag(move || c.is_out(i)) data-testid=format!("left-{i}")>
            <div class="player-left-head">
                <span class="who">{c.name(i)}</span>
                {head}
            </div>
            <div class="left-entry">{entry}{photo::photo_button(c, i)}</div>
            <p class="field-error" id=format!("err-{i}") role="alert">{text(move || c.field_error(i).unwrap_or_default())}</p>
        </li>
    }
}

/// The tiles picked for player `i`, as a button that opens the picker.
fn tiles_summary(c: Ctx, i: usize) -> AnyView {
    view! {
        <button type="button" class="tiles-summary"
            on:click=on_click(move |_| c.picker.set(Some(i)))
            aria-label=text(move || format!("{}: {}, {}. Change tiles", c.name(i), count(c.d.with(|x| x.tiles.get(i).map_or(0, Vec::len)), "tile"), count(c.score_of(i), "point")))
        >
            {text(move || {
                let picked = c.d.with(|x| x.tiles.get(i).cloned().unwrap_or_default());
                if picked.is_empty() {
                    "Tap to pick tiles".to_string()
                } else {
                    format!("{} = {}", picked.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(" "), c.score_of(i))
                }
            })}
        </button>
    }
    .into_any()
}

/// With "highest available double": which double started the hand.
fn double_select(c: Ctx) -> impl IntoView {
    let (highest, max) = c
        .form
        .with_setup(|s| (s.settings.highest_available, s.settings.set.max()));
    let preferred = preferred_double(&c.form);
    highest.then(|| {
        view! {
            <label class="field">
                <span>"Double that started it"</span>
                <select
                    aria-label="Double that started this hand"
                    on:change=on_value(move |v| {
                        if let Ok(n) = v.parse::<u8>() {
                            c.edit(|x| x.started = n)
                        }
                    })
                >
                    {(0..=max).rev().map(|v| view! {
                        <option value=v.to_string() selected=c.d.with_untracked(|x| x.started) == v>
                            {format!("{v}-{v}{}", if v == preferred { " (this hand's double)" } else { "" })}
                        </option>
                    }).collect_view()}
                </select>
            </label>
        }
    })
}

/// The number pad, while a pip field is being filled.
fn pad(c: Ctx) -> impl IntoView {
    let on_key = Callback::new(move |k: PadKey| {
        let Some(i) = c.active.get_untracked() else {
            return;
        };
        if k == PadKey::Next {
            let next = (i + 1..c.n).find(|j| {
                c.d.with_untracked(|x| {
                    x.out != Some(Some(*j)) && !x.tile_mode.get(*j).copied().unwrap_or(false)
                })
            });
            c.active.set(next);
            if let Some(j) = next {
                focus_field(&format!("pips-{j}"));
            }
            return;
        }
        c.edit(|x| {
            if let Some(s) = x.texts.get_mut(i) {
                *s = k.apply(s);
            }
        });
    });
    dynamic(move || {
        match c.active.get() {
        Some(i) => view! {
            <NumberPad
                target=Signal::derive(move || format!("{}'s pips", c.name(i)))
                value=Signal::derive(move || c.d.with(|x| x.texts.get(i).cloned().unwrap_or_default()))
                on_key=on_key
            />
        }
        .into_any(),
        None => ().into_any(),
    }
    })
}

/// The tile picker for the player it was opened for; tiles another player
/// holds are marked with their name.
fn tile_picker(c: Ctx) -> impl IntoView {
    let max = c.form.with_setup(|s| s.settings.set.max());
    dynamic(move || {
        let Some(i) = c.picker.get() else {
            return ().into_any();
        };
        let taken = Signal::derive(move || c.taken(i));
        view! {
            <TilePicker
                name=c.name(i)
                max=max
                picked=Signal::derive(move || c.d.with(|x| x.tiles.get(i).cloned().unwrap_or_default()))
                taken=taken
                on_table=Signal::derive(move || c.on_table())
                score=Signal::derive(move || c.score_of(i))
                on_toggle=Callback::new(move |t: Tile| {
                    c.edit(|x| if let Some(v) = x.tiles.get_mut(i) {
                        match v.iter().position(|y| *y == t) {
                            Some(p) => { v.remove(p); }
                            None => { v.push(t); v.sort_by_key(|y| (y.1, y.0)); }
                        }
                    })
                })
                on_done=Callback::new(move |_| c.picker.set(None))
                photo=photo::photo_in_picker(c, i)
            />
        }
        .into_any()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stalemate_in_a_draft_survives_a_reload() {
        let mut d = HandDraft::empty(3, 6);
        let text = serde_json::to_string(&d).unwrap();
        assert_eq!(serde_json::from_str::<HandDraft>(&text).unwrap().out, None);
        d.out = Some(None);
        let text = serde_json::to_string(&d).unwrap();
        assert_eq!(
            serde_json::from_str::<HandDraft>(&text).unwrap().out,
            Some(None)
        );
        d.out = Some(Some(2));
        let text = serde_json::to_string(&d).unwrap();
        assert_eq!(serde_json::from_str::<HandDraft>(&text).unwrap(), d);
    }

    #[test]
    fn a_recorded_hand_opens_as_it_was_entered() {
        let h = Hand {
            out: Some(0),
            started_with: None,
            left: vec![
                Left::Tiles(vec![]),
                Left::Pips(12),
                Left::Tiles(vec![Tile(1, 2)]),
            ],
        };
        let d = HandDraft::of(&h, 3, 6);
        assert_eq!(d.out, Some(Some(0)));
        assert_eq!(d.texts, vec!["", "12", ""]);
        assert_eq!(d.tile_mode, vec![false, false, true]);
        assert_eq!(d.tiles[2], vec![Tile(1, 2)]);
    }
}
