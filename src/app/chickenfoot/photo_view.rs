//! The photo over a player's tile picker (in the photo chunk). The photo
//! read is kept here; the picker is opened filled with its tiles; above
//! the grid the shrunk picture shows each tile found outlined with its two
//! numbers written on it, a chip per tile under it, and for the tile
//! tapped a way to change either half or to remove it. A tile on the
//! table, in another player's hand or found twice is flagged and left out
//! of the hand until it is changed. Every change goes to the hand being
//! entered (nothing is saved here).
//!
//! Drawn with the DOM directly into the panel the form gives it (and
//! redrawn when the hand changes), so the chunk shares none of the view
//! code of the games' chunk.

use std::cell::RefCell;
use std::rc::Rc;

use leptos::prelude::{untrack, Effect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use super::photo::Hand;
use crate::rules::chickenfoot::Tile;

/// A tile found on the photo: its numbers as read (`.0` at the end of
/// corners 0-1) and its top face's corners, in the shrunk picture's pixels.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Spot {
    pub tile: Tile,
    pub corners: [(f32, f32); 4],
}

/// A photo read: the shrunk picture (the canvas it was decoded onto,
/// shown as it is: nothing encoded again) and the tiles found on it, each
/// once.
pub(super) struct Read {
    pub canvas: web_sys::HtmlCanvasElement,
    pub width: u32,
    pub height: u32,
    pub spots: Vec<Spot>,
}

/// The last photo read, for whom, as the player has fixed it so far, and
/// the panel it is drawn in.
struct Shown {
    player: usize,
    read: Read,
    selected: Option<usize>,
    panel: Option<Panel>,
}

/// A panel in a tile picker, and its two listeners (removed with it).
struct Panel {
    el: web_sys::Element,
    hand: Rc<dyn Hand>,
    click: Closure<dyn FnMut(web_sys::Event)>,
    change: Closure<dyn FnMut(web_sys::Event)>,
}

impl Drop for Panel {
    fn drop(&mut self) {
        let f = |c: &Closure<dyn FnMut(web_sys::Event)>| {
            c.as_ref().unchecked_ref::<js_sys::Function>().clone()
        };
        let _ = self
            .el
            .remove_event_listener_with_callback("click", &f(&self.click));
        let _ = self
            .el
            .remove_event_listener_with_callback("change", &f(&self.change));
    }
}

thread_local! {
    static SHOWN: RefCell<Option<Shown>> = const { RefCell::new(None) };
}

/// Keeps photo `r` for player `i` and opens their tile picker filled with
/// its tiles (all but those flagged), replacing the tiles picked for them
/// and switching their row to tiles; nothing if photo `pick` is no longer
/// the form's last one (or the form is gone).
pub(super) fn show(hand: Rc<dyn Hand>, i: usize, pick: u32, r: Read) {
    if !hand.current(pick) {
        return;
    }
    let (held, table) = (hand.holders(i), hand.table());
    let mut tiles: Vec<Tile> = Vec::new();
    for s in &r.spots {
        let t = s.tile.normalized();
        if t != table && !held.iter().any(|(u, _)| *u == t) && !has(&tiles, t) {
            tiles.push(t);
        }
    }
    sort(&mut tiles);
    hand.set_picked(i, tiles);
    SHOWN.replace(Some(Shown {
        player: i,
        read: r,
        selected: None,
        panel: None,
    }));
    hand.open(i, photo_view);
}

/// Whether `tiles` holds `t`.
#[allow(clippy::manual_contains, reason = "`contains` is code the games' chunk has too")]
fn has(tiles: &[Tile], t: Tile) -> bool {
    tiles.iter().any(|u| *u == t)
}

/// Tiles in the picker's order: by high end, then low end (an insertion
/// sort: a hand is a few tiles, and the chunk keeps its own code).
fn sort(tiles: &mut [Tile]) {
    for k in 1..tiles.len() {
        let mut j = k;
        while j > 0 && (tiles[j].1, tiles[j].0) < (tiles[j - 1].1, tiles[j - 1].0) {
            tiles.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// Why each tile found is not in the hand, if it is not.
fn flags(hand: &dyn Hand, i: usize, spots: &[Spot]) -> Vec<Option<String>> {
    let (table, held, picked) = (hand.table(), hand.holders(i), hand.picked(i));
    let mut out: Vec<Option<String>> = Vec::new();
    for (k, s) in spots.iter().enumerate() {
        let t = s.tile.normalized();
        out.push(if t == table {
            Some("on the table".to_string())
        } else if let Some((_, j)) = held.iter().find(|(u, _)| *u == t) {
            Some(format!("in {}'s hand", hand.name(*j)))
        } else if spots.iter().take(k).any(|s| s.tile.normalized() == t) {
            Some("found twice".to_string())
        } else {
            (!has(&picked, t)).then(|| "taken out".to_string())
        });
    }
    out
}

/// Each flag's words put into its marks (`data-why`) as text, never as
/// markup: they hold a player's name.
fn why_text(panel: &web_sys::Element, flags: &[Option<String>]) {
    for (k, why) in flags.iter().enumerate() {
        let Some(why) = why else { continue };
        // One on the photo, one on the tile's chip.
        for tag in ["text", "span"] {
            if let Ok(Some(m)) = panel.query_selector(&format!("{tag}[data-why=\"{k}\"]")) {
                m.set_text_content(Some(why));
            }
        }
    }
}

/// "2|5".
fn name(t: Tile) -> String {
    format!("{}|{}", u32::from(t.0), u32::from(t.1))
}

/// One tile's outline on the photo, its numbers at each end, and why it
/// is flagged. `side` is the picture's long side.
fn outline(k: usize, s: &Spot, why: Option<&str>, selected: bool, side: f32) -> String {
    let [p0, p1, p2, p3] = s.corners;
    let mid = |a: (f32, f32), b: (f32, f32)| ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let centre = mid(mid(p0, p2), mid(p1, p3));
    // Each number halfway between the centre and its end.
    let (na, nb) = (mid(centre, mid(p0, p1)), mid(centre, mid(p2, p3)));
    let short = (p0.0 - p1.0).hypot(p0.1 - p1.1).max(1.0);
    let size = (short * 0.45).max(side / 40.0);
    let points: Vec<String> = s
        .corners
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect();
    // (Numbers as u32 throughout: u8's formatting is code shared with the
    // games' chunk.)
    let number = |at: (f32, f32), n: u32| {
        format!(
            r#"<text class="num" x="{:.1}" y="{:.1}" font-size="{size:.1}" stroke-width="{:.1}">{n}</text>"#,
            at.0,
            at.1,
            size * 0.16
        )
    };
    let why = why.map_or(String::new(), |w| {
        // Kept inside the picture.
        let small = size * 0.6;
        let half = small * 0.3 * w.chars().count() as f32;
        let x = centre.0.clamp(half.min(side / 2.0), (side - half).max(side / 2.0));
        // The words (a player's name in them) go in as text: `why_text`.
        format!(
            r#"<text class="why" data-why="{k}" x="{x:.1}" y="{:.1}" font-size="{small:.1}" stroke-width="{:.1}"></text>"#,
            centre.1,
            small * 0.2
        )
    });
    format!(
        r#"<g class="found-tile{}{}" data-k="{k}" data-tile="{}" data-testid="found-{k}"><polygon points="{}"/>{}{}{why}</g>"#,
        if why.is_empty() { "" } else { " flagged" },
        if selected { " selected" } else { "" },
        name(s.tile),
        points.join(" "),
        number(na, u32::from(s.tile.0)),
        number(nb, u32::from(s.tile.1))
    )
}

/// The chips, and the selected tile's halves and Remove.
fn controls(s: &Shown, flags: &[Option<String>], max: u8) -> String {
    let mut out =
        String::from(r#"<div class="found-chips" role="group" aria-label="Tiles found">"#);
    for (k, spot) in s.read.spots.iter().enumerate() {
        let why = flags.get(k).cloned().flatten();
        out.push_str(&format!(
            r#"<button type="button" class="chip found-chip{}" data-k="{k}" data-testid="found-chip-{k}" aria-pressed="{}">{}{}</button>"#,
            if why.is_some() { " flagged" } else { "" },
            s.selected == Some(k),
            name(spot.tile),
            if why.is_some() { format!(r#" <span data-why="{k}"></span>"#) } else { String::new() }
        ));
    }
    out.push_str("</div>");
    let Some(t) = s.selected.and_then(|k| s.read.spots.get(k)).map(|s| s.tile) else {
        return out;
    };
    let half = |which: u8, now: u8, label: &str| {
        let options: String = (0..=max)
            .map(|v| {
                format!(
                    r#"<option value="{v}"{}>{v}</option>"#,
                    if v == now { " selected" } else { "" }
                )
            })
            .collect();
        format!(
            r#"<label class="field half-pick"><span>{label}</span><select data-half="{which}" data-testid="half-{which}">{options}</select></label>"#
        )
    };
    out.push_str(&format!(
        r#"<div class="found-edit" role="group" data-testid="found-edit" aria-label="Change the tile {}">{}{}<button type="button" class="secondary small" data-remove="" data-testid="found-remove">Remove</button></div>"#,
        name(t),
        half(0, t.0, "One half"),
        half(1, t.1, "Other half")
    ));
    out
}

/// Draws the photo's outlines and controls anew in its panel, keeping the
/// focus on the control that had it.
fn draw() {
    SHOWN.with_borrow(|s| {
        let Some((s, p)) = s.as_ref().and_then(|s| Some((s, s.panel.as_ref()?))) else {
            return;
        };
        let flags = flags(&*p.hand, s.player, &s.read.spots);
        let side = s.read.width.max(s.read.height) as f32;
        let marks: String = s
            .read
            .spots
            .iter()
            .enumerate()
            .map(|(k, spot)| {
                let why = flags.get(k).and_then(|w| w.as_deref());
                outline(k, spot, why, s.selected == Some(k), side)
            })
            .collect();
        let focused = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.active_element())
            .filter(|a| p.el.contains(Some(a)))
            .and_then(|a| a.get_attribute("data-testid"));
        let part = |sel: &str| p.el.query_selector(sel).ok().flatten();
        if let Some(m) = part(".photo-marks") {
            m.set_inner_html(&marks);
        }
        if let Some(c) = part(".photo-controls") {
            c.set_inner_html(&controls(s, &flags, p.hand.max()));
        }
        why_text(&p.el, &flags);
        // The photo is a canvas: named as a picture (as text, in attributes).
        if let Some(img) = part("canvas.photo") {
            let _ = img.set_attribute("role", "img");
            let n = s.read.spots.len();
            let alt = format!(
                "Photo of {}'s tiles: {}",
                p.hand.name(s.player),
                crate::rules::count(n, "tile")
            );
            let _ = img.set_attribute("aria-label", &format!("{alt} found"));
        }
        // (`focus` through Reflect: its binding would be code shared with
        // the games' chunk.)
        if let Some(el) = focused.and_then(|t| part(&format!("[data-testid=\"{t}\"]"))) {
            if let Ok(f) = js_sys::Reflect::get(&el, &"focus".into()) {
                if f.is_function() {
                    let _ = f.unchecked_ref::<js_sys::Function>().call0(&el);
                }
            }
        }
    });
}

/// Changes spot `k` to `new` (`None`: removes it), and the hand with it:
/// its old tile leaves the hand unless another spot shows it; its new one
/// joins if no one else holds it.
fn change(k: usize, new: Option<Tile>) {
    let Some((hand, i, old, shown_still)) = SHOWN.with_borrow_mut(|s| {
        let s = s.as_mut()?;
        let hand = s.panel.as_ref()?.hand.clone();
        let old = s.read.spots.get(k)?.tile.normalized();
        match new {
            Some(t) => s.read.spots.get_mut(k)?.tile = t,
            None => {
                s.read.spots.remove(k);
                s.selected = None;
            }
        }
        let still = s.read.spots.iter().any(|x| x.tile.normalized() == old);
        Some((hand, s.player, old, still))
    }) else {
        return;
    };
    let add = new
        .map(Tile::normalized)
        .filter(|t| *t != hand.table() && !hand.holders(i).iter().any(|(u, _)| u == t));
    let mut tiles = hand.picked(i);
    if !shown_still {
        tiles.retain(|t| *t != old);
    }
    if let Some(t) = add.filter(|t| !has(&tiles, *t)) {
        tiles.push(t);
        sort(&mut tiles);
    }
    hand.set_picked(i, tiles);
    draw();
}

/// A tap in the panel: a tile (on the photo or its chip) selected, or
/// Remove.
fn clicked(ev: web_sys::Event) {
    let Some(hit) = ev
        .target()
        .map(|t| t.unchecked_into::<web_sys::Element>())
        .and_then(|e| e.closest("[data-k],[data-remove]").ok().flatten())
    else {
        return;
    };
    if hit.has_attribute("data-remove") {
        if let Some(k) = SHOWN.with_borrow(|s| s.as_ref().and_then(|s| s.selected)) {
            change(k, None);
        }
        return;
    }
    let k = hit
        .get_attribute("data-k")
        .and_then(|k| number(&k))
        .map(|k| k as usize);
    SHOWN.with_borrow_mut(|s| {
        if let Some(s) = s.as_mut() {
            s.selected = k;
        }
    });
    draw();
}

/// A small number written in decimal (`str::parse` is code the games'
/// chunk has too).
fn number(s: &str) -> Option<u32> {
    if s.is_empty() || s.len() > 4 {
        return None;
    }
    s.bytes().try_fold(0u32, |n, b| {
        b.is_ascii_digit().then(|| n * 10 + u32::from(b - b'0'))
    })
}

/// A half chosen for the selected tile.
fn changed(ev: web_sys::Event) {
    let Some(el) = ev
        .target()
        .map(|t| t.unchecked_into::<web_sys::Element>())
    else {
        return;
    };
    let which = el.get_attribute("data-half");
    let value = js_sys::Reflect::get(&el, &"value".into())
        .ok()
        .and_then(|v| v.as_string())
        .and_then(|v| number(&v))
        .and_then(|v| u8::try_from(v).ok());
    let picked = SHOWN.with_borrow(|s| {
        let s = s.as_ref()?;
        let k = s.selected?;
        Some((k, s.read.spots.get(k)?.tile))
    });
    if let (Some(which), Some(n), Some((k, t))) = (which, value, picked) {
        let t = if which == "0" {
            Tile(n, t.1)
        } else {
            Tile(t.0, n)
        };
        change(k, Some(t));
    }
}

/// Draws the photo into `el`, the panel over player `i`'s tile picker, if
/// the last photo read is theirs; redrawn whenever the hand changes while
/// the picker is open.
fn photo_view(hand: Rc<dyn Hand>, i: usize, el: web_sys::Element) {
    let Some((canvas, w, h)) = SHOWN.with_borrow(|s| {
        s.as_ref()
            .filter(|s| s.player == i)
            .map(|s| (s.read.canvas.clone(), s.read.width, s.read.height))
    }) else {
        return;
    };
    // A portrait photo no taller than about half the screen.
    let most = 55.0 * w as f32 / h.max(1) as f32;
    el.set_inner_html(&format!(
        r#"<div class="photo-frame" style="max-width: min(100%, {most:.1}vh)"><svg class="photo-marks" viewBox="0 0 {w} {h}" aria-hidden="true" focusable="false"></svg></div><p class="hint">Tap a tile to change a half or remove it; tap the grid to add or take out.</p><div class="photo-controls"></div>"#
    ));
    canvas.set_class_name("photo");
    if let Some(frame) = el.first_element_child() {
        let _ = frame.prepend_with_node_1(&canvas);
    }
    let click = Closure::<dyn FnMut(web_sys::Event)>::new(clicked);
    let change = Closure::<dyn FnMut(web_sys::Event)>::new(changed);
    let _ = el.add_event_listener_with_callback("click", click.as_ref().unchecked_ref());
    let _ = el.add_event_listener_with_callback("change", change.as_ref().unchecked_ref());
    SHOWN.with_borrow_mut(|s| {
        if let Some(s) = s.as_mut() {
            s.selected = None;
            s.panel = Some(Panel {
                el,
                hand: hand.clone(),
                click,
                change,
            });
        }
    });
    // Not tracked: the picker around the panel must not redraw with the
    // hand (only the panel does, below).
    untrack(draw);
    // Redrawn as the hand changes (a tile taken out on the grid, another
    // player's tiles), for as long as the picker is open.
    Effect::new(move |_| {
        let _ = (hand.picked(i), hand.holders(i), hand.table());
        draw();
    });
}
