//! Sharing a game's result (or its standings while it is on): a plain-text
//! summary through the phone's share sheet (`navigator.share`), else copied
//! to the clipboard, else shown selected for copying by hand; and a
//! picture of the score sheet (a PNG drawn in the browser from
//! [`sheet_svg`]), shared as a file where the phone allows it, else
//! downloaded. [`share_text`] and [`sheet_svg`] are pure and tested
//! natively; the rest only asks the browser.

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::app::components::chart::escape as xml;
use crate::rules::{competition_ranks, count, join_names, Points, Standings};

/// What a summary or a picture is about.
#[derive(Clone, Debug, PartialEq)]
pub struct ShareInfo {
    /// The game's name ("Chickenfoot").
    pub game: String,
    /// When it was played, as people write it ("23/11/2026").
    pub date: String,
    /// What a score-sheet row is ("Hand").
    pub step: String,
    /// Player names by seat.
    pub players: Vec<String>,
}

/// Each player's place, by seat: the outcome's once the game is over,
/// else by the totals (ties share a place).
fn places(standings: &Standings) -> Vec<usize> {
    match &standings.outcome {
        Some(o) if o.ranks.len() == standings.totals.len() => o.ranks.clone(),
        _ => competition_ranks(&standings.totals, standings.lower_wins),
    }
}

/// The seats in finishing order (by place, then seat).
pub fn finishing_order(standings: &Standings) -> Vec<usize> {
    let ranks = places(standings);
    let mut seats: Vec<usize> = (0..standings.totals.len()).collect();
    seats.sort_by_key(|s| (ranks.get(*s).copied().unwrap_or(usize::MAX), *s));
    seats
}

/// The summary to share: the game and date, the result (who won, or the
/// standings so far), each player's total in finishing order, and the
/// rules' notes on how the result came about (a tie settled by a rule).
pub fn share_text(info: &ShareInfo, standings: &Standings) -> String {
    let name = |s: usize| info.players.get(s).map(String::as_str).unwrap_or("?");
    let mut lines = vec![format!("{} · {}", info.game, info.date)];
    let rows = standings.sheet.len();
    let step = info.step.to_ascii_lowercase();
    match &standings.outcome {
        Some(o) => {
            let winners: Vec<&str> = o.winners.iter().map(|s| name(*s)).collect();
            lines.push(match (&o.pending, winners.len()) {
                (Some(p), _) => p.clone(),
                (None, 0) => "Game over".to_string(),
                (None, 1) => format!("🏆 {} wins!", join_names(&winners)),
                (None, _) => format!("🏆 {} share the win!", join_names(&winners)),
            });
            lines.push(format!("Final scores after {}:", count(rows, &step)));
        }
        None => lines.push(format!("Standings after {}:", count(rows, &step))),
    }
    let ranks = places(standings);
    for seat in finishing_order(standings) {
        let total = standings.totals.get(seat).copied().unwrap_or(Points::ZERO);
        let place = ranks.get(seat).copied().unwrap_or(0);
        lines.push(format!("{place}. {} {total}", name(seat)));
    }
    if standings.lower_wins {
        lines.push("(The lowest total wins.)".to_string());
    }
    if let Some(o) = &standings.outcome {
        lines.extend(o.notes.iter().cloned());
    }
    lines.push("Kept with Chicken Scores".to_string());
    lines.join("\n")
}

/// At most `n` characters of `text`, with "…" when cut.
fn clip(text: &str, n: usize) -> String {
    let mut chars = text.trim().chars();
    let head: String = chars.by_ref().take(n).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

/// The picture's layout, in CSS pixels (the PNG is twice as big).
pub mod layout {
    /// The first column (row numbers).
    pub const FIRST: i64 = 56;
    /// Each player's column.
    pub const COLUMN: i64 = 72;
    /// The narrowest picture.
    pub const MIN_WIDTH: i64 = 320;
    /// The title, the date and the header row.
    pub const HEAD: i64 = 92;
    /// One row of the sheet (and the totals row).
    pub const ROW: i64 = 26;
    /// The margin under the totals.
    pub const FOOT: i64 = 34;
    /// Pixels per CSS pixel in the PNG.
    pub const SCALE: i64 = 2;
    /// The most rows drawn (the last ones; a longer sheet says so).
    pub const MAX_ROWS: usize = 60;
}

/// The picture's size for `players` and `rows`, in CSS pixels.
pub fn sheet_size(players: usize, rows: usize) -> (i64, i64) {
    use layout::*;
    let rows = rows.min(MAX_ROWS) as i64;
    (
        (FIRST + COLUMN * players as i64 + 8).max(MIN_WIDTH),
        HEAD + ROW * (rows + 1) + FOOT,
    )
}

/// The score sheet as an SVG picture: the game and date, a header row of
/// names, one row per score-sheet row with each player's points, the
/// totals, and the winners (the leaders while the game is on) marked.
/// Returns the SVG and its size.
pub fn sheet_svg(info: &ShareInfo, standings: &Standings) -> (String, i64, i64) {
    use layout::*;
    let n = info.players.len();
    let (w, h) = sheet_size(n, standings.sheet.len());
    let best = standings.leaders();
    let x = |seat: usize| FIRST + COLUMN * seat as i64 + COLUMN / 2;
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="system-ui, sans-serif" font-size="14">"#
    );
    s.push_str(&format!(
        r##"<rect width="{w}" height="{h}" fill="#fff8ee"/>"##
    ));
    for seat in &best {
        s.push_str(&format!(
            r##"<rect x="{}" y="56" width="{COLUMN}" height="{}" fill="#ffe0b2"/>"##,
            x(*seat) - COLUMN / 2,
            h - 56 - FOOT + 8
        ));
    }
    let result = match &standings.outcome {
        Some(o) if o.pending.is_none() && !o.winners.is_empty() => {
            let names: Vec<&str> = o
                .winners
                .iter()
                .map(|w| info.players.get(*w).map(String::as_str).unwrap_or("?"))
                .collect();
            format!("★ {}", join_names(&names))
        }
        Some(_) => "Game over".to_string(),
        None => format!(
            "Standings after {}",
            count(standings.sheet.len(), &info.step.to_ascii_lowercase())
        ),
    };
    s.push_str(&format!(
        r##"<text x="12" y="24" font-size="18" font-weight="700" fill="#1b1b1f">{}</text>"##,
        xml(&clip(&info.game, 40))
    ));
    s.push_str(&format!(
        r##"<text x="12" y="44" fill="#5d5a55">{} · {}</text>"##,
        xml(&clip(&info.date, 20)),
        xml(&clip(&result, 60))
    ));
    let head_y = HEAD - 14;
    s.push_str(&format!(
        r##"<text x="12" y="{head_y}" font-weight="700" fill="#5d5a55">{}</text>"##,
        xml(&clip(&info.step, 6))
    ));
    for (seat, name) in info.players.iter().enumerate() {
        let mark = if best.contains(&seat) { "★ " } else { "" };
        s.push_str(&format!(
            r##"<text x="{}" y="{head_y}" text-anchor="middle" font-weight="700" fill="#1b1b1f">{mark}{}</text>"##,
            x(seat),
            xml(&clip(name, 7))
        ));
    }
    s.push_str(&format!(
        r##"<line x1="8" x2="{}" y1="{}" y2="{}" stroke="#9e5000" stroke-width="2"/>"##,
        w - 8,
        HEAD - 6,
        HEAD - 6
    ));
    let skip = standings.sheet.len().saturating_sub(MAX_ROWS);
    for (k, row) in standings.sheet.iter().skip(skip).enumerate() {
        let y = HEAD + ROW * k as i64 + 12;
        let number = if skip > 0 && k == 0 {
            "…".to_string()
        } else {
            clip(&row.number, 4)
        };
        s.push_str(&format!(
            r##"<text x="12" y="{y}" fill="#5d5a55">{}</text>"##,
            xml(&number)
        ));
        for (seat, p) in row.points.iter().enumerate().take(n) {
            s.push_str(&format!(
                r##"<text x="{}" y="{y}" text-anchor="middle" fill="#1b1b1f">{p}</text>"##,
                x(seat)
            ));
        }
    }
    let rows = standings.sheet.len().min(MAX_ROWS) as i64;
    let line_y = HEAD + ROW * rows - 4;
    s.push_str(&format!(
        r##"<line x1="8" x2="{}" y1="{line_y}" y2="{line_y}" stroke="#9e5000" stroke-width="2"/>"##,
        w - 8
    ));
    let total_y = line_y + 20;
    s.push_str(&format!(
        r##"<text x="12" y="{total_y}" font-weight="700" fill="#1b1b1f">Total</text>"##
    ));
    for (seat, t) in standings.totals.iter().enumerate().take(n) {
        s.push_str(&format!(
            r##"<text x="{}" y="{total_y}" text-anchor="middle" font-weight="700" fill="#1b1b1f">{t}</text>"##,
            x(seat)
        ));
    }
    s.push_str(&format!(
        r##"<text x="{}" y="{}" text-anchor="end" font-size="11" fill="#5d5a55">Chicken Scores</text>"##,
        w - 10,
        h - 8
    ));
    s.push_str("</svg>");
    (s, w, h)
}

/// What the last share did, shown under the buttons.
#[derive(Clone, Debug, PartialEq)]
enum Shared {
    /// The share sheet took it, or the picture was downloaded.
    Done(&'static str),
    /// The text is shown to copy by hand.
    Manual(String),
    /// Something failed.
    Failed(String),
}

/// `navigator[name]` as a function bound to `navigator`, if present.
fn navigator_fn(name: &str) -> Option<(JsValue, js_sys::Function)> {
    let nav: JsValue = web_sys::window()?.navigator().into();
    let f = js_sys::Reflect::get(&nav, &name.into()).ok()?;
    f.dyn_into::<js_sys::Function>().ok().map(|f| (nav, f))
}

/// Calls a promise-returning function and waits for it.
async fn call(this: &JsValue, f: &js_sys::Function, arg: &JsValue) -> Result<JsValue, JsValue> {
    let p: js_sys::Promise = f.call1(this, arg)?.dyn_into()?;
    JsFuture::from(p).await
}

/// Whether a refusal is the person closing the share sheet.
fn cancelled(e: &JsValue) -> bool {
    js_sys::Reflect::get(e, &"name".into())
        .ok()
        .and_then(|n| n.as_string())
        .is_some_and(|n| n == "AbortError")
}

/// An object `{key: value, ...}`.
fn object(pairs: &[(&str, &JsValue)]) -> JsValue {
    let o = js_sys::Object::new();
    for (k, v) in pairs {
        let _ = js_sys::Reflect::set(&o, &(*k).into(), v);
    }
    o.into()
}

/// Shares `text`: the share sheet, else the clipboard, else by hand.
async fn share_summary(title: String, text: String) -> Shared {
    if let Some((nav, share)) = navigator_fn("share") {
        let data = object(&[("title", &title.into()), ("text", &text.clone().into())]);
        match call(&nav, &share, &data).await {
            Ok(_) => return Shared::Done("Shared."),
            Err(e) if cancelled(&e) => return Shared::Done(""),
            Err(_) => {}
        }
    }
    let clipboard = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w.navigator(), &"clipboard".into()).ok())
        .filter(|c| c.is_object());
    if let Some(c) = clipboard {
        if let Some(f) = js_sys::Reflect::get(&c, &"writeText".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        {
            if call(&c, &f, &text.clone().into()).await.is_ok() {
                return Shared::Done("Copied: paste it into a message.");
            }
        }
    }
    Shared::Manual(text)
}

/// Draws `svg` (`w` x `h`) on a canvas at [`layout::SCALE`] and returns
/// it as a PNG blob.
async fn png(svg: &str, w: i64, h: i64) -> Result<web_sys::Blob, String> {
    let fail = |_| "The browser could not draw the picture.".to_string();
    let doc = document();
    let img = web_sys::HtmlImageElement::new().map_err(fail)?;
    let loaded = js_sys::Promise::new(&mut |ok, err| {
        img.set_onload(Some(&ok));
        img.set_onerror(Some(&err));
    });
    let url = format!(
        "data:image/svg+xml;charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(svg))
    );
    img.set_src(&url);
    JsFuture::from(loaded).await.map_err(fail)?;
    let canvas: web_sys::HtmlCanvasElement = doc
        .create_element("canvas")
        .map_err(fail)?
        .dyn_into()
        .map_err(|_| "The browser could not draw the picture.".to_string())?;
    let s = layout::SCALE;
    canvas.set_width((w * s) as u32);
    canvas.set_height((h * s) as u32);
    let ctx: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")
        .map_err(fail)?
        .ok_or("The browser could not draw the picture.")?
        .dyn_into()
        .map_err(|_| "The browser could not draw the picture.".to_string())?;
    ctx.draw_image_with_html_image_element_and_dw_and_dh(
        &img,
        0.0,
        0.0,
        (w * s) as f64,
        (h * s) as f64,
    )
    .map_err(fail)?;
    let mut done = None;
    let blob = js_sys::Promise::new(&mut |ok, _| {
        let cb = Closure::once(move |b: JsValue| {
            let _ = ok.call1(&JsValue::NULL, &b);
        });
        let _ = canvas.to_blob_with_type(cb.as_ref().unchecked_ref(), "image/png");
        done = Some(cb);
    });
    let b = JsFuture::from(blob).await.map_err(fail)?;
    drop(done);
    b.dyn_into::<web_sys::Blob>()
        .map_err(|_| "The browser could not make the picture.".to_string())
}

/// Offers the picture: the share sheet where it takes files, else a
/// download.
async fn share_picture(info: ShareInfo, standings: Standings) -> Shared {
    let (svg, w, h) = sheet_svg(&info, &standings);
    let blob = match png(&svg, w, h).await {
        Ok(b) => b,
        Err(e) => return Shared::Failed(e),
    };
    let name = format!(
        "{}-score-sheet.png",
        info.game
            .to_ascii_lowercase()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == ' ')
            .collect::<String>()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join("-")
    );
    let opts = web_sys::FilePropertyBag::new();
    opts.set_type("image/png");
    let parts = js_sys::Array::of1(&blob);
    if let Ok(file) = web_sys::File::new_with_blob_sequence_and_options(&parts, &name, &opts) {
        if let (Some((nav, can)), Some((_, share))) =
            (navigator_fn("canShare"), navigator_fn("share"))
        {
            let data = object(&[
                ("files", &js_sys::Array::of1(&file).into()),
                ("title", &format!("{} score sheet", info.game).into()),
            ]);
            if can.call1(&nav, &data).ok().and_then(|v| v.as_bool()) == Some(true) {
                match call(&nav, &share, &data).await {
                    Ok(_) => return Shared::Done("Shared."),
                    Err(e) if cancelled(&e) => return Shared::Done(""),
                    Err(_) => {}
                }
            }
        }
    }
    match download(&blob, &name) {
        Ok(()) => Shared::Done("The picture was downloaded."),
        Err(e) => Shared::Failed(e),
    }
}

/// Downloads `blob` as `name`.
fn download(blob: &web_sys::Blob, name: &str) -> Result<(), String> {
    let fail = |_| "The browser would not save the picture.".to_string();
    let url = web_sys::Url::create_object_url_with_blob(blob).map_err(fail)?;
    let a: web_sys::HtmlAnchorElement = document()
        .create_element("a")
        .map_err(fail)?
        .dyn_into()
        .map_err(|_| "The browser would not save the picture.".to_string())?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    // The download has started; the URL is let go a moment later.
    set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(10),
    );
    Ok(())
}

/// The Share and Picture buttons, and what the last share did. `info`
/// gives the game, date and names; the standings are read only when a
/// button is tapped (a save redraws nothing here but the words).
#[component]
pub fn ShareButtons(
    /// The game's standings.
    standings: Signal<Standings>,
    /// The game, date, step and players (read when a button is tapped).
    info: Callback<(), ShareInfo>,
) -> impl IntoView {
    use crate::app::erased::{dynamic, on_click};
    let finished = Memo::new(move |_| standings.with(Standings::finished));
    let shared: RwSignal<Option<Shared>> = RwSignal::new(None);
    let busy = RwSignal::new(false);
    let run = move |picture: bool| {
        if busy.get_untracked() {
            return;
        }
        busy.set(true);
        shared.set(None);
        let info = info.run(());
        let st = standings.get_untracked();
        spawn_local(async move {
            let out = if picture {
                share_picture(info, st).await
            } else {
                let title = format!("{} result", info.game);
                share_summary(title, share_text(&info, &st)).await
            };
            let _ = busy.try_set(false);
            let _ = shared.try_set(Some(out));
        });
    };
    let message = dynamic(move || match shared.get() {
        None | Some(Shared::Done("")) => ().into_any(),
        Some(Shared::Done(m)) => {
            view! { <p class="hint share-note" role="status" data-testid="share-note">{m}</p> }
                .into_any()
        }
        Some(Shared::Failed(m)) => {
            view! { <p class="form-error" role="alert" data-testid="share-note">{m}</p> }.into_any()
        }
        Some(Shared::Manual(text)) => {
            let rows = text.lines().count().clamp(3, 14);
            view! {
                <label class="share-manual">
                    <span class="hint">"Copy this and paste it into a message:"</span>
                    <textarea readonly rows=rows.to_string() data-testid="share-text"
                        on:focus=move |ev| {
                            if let Some(t) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok()) {
                                t.select();
                            }
                        }
                        node_ref={
                            let r = NodeRef::<leptos::html::Textarea>::new();
                            r.on_load(|t| { request_animation_frame(move || { let _ = t.focus(); t.select(); }); });
                            r
                        }
                    >{text}</textarea>
                </label>
            }
            .into_any()
        }
    });
    view! {
        <button type="button" class="secondary share" data-testid="share"
            aria-label=move || if finished.get() { "Share the result" } else { "Share the standings" }
            disabled=move || busy.get()
            on:click=on_click(move |_| run(false))
        >"Share"</button>
        {move || finished.get().then(|| view! {
            <button type="button" class="secondary share" data-testid="share-picture"
                aria-label="Picture of the score sheet"
                disabled=move || busy.get()
                on:click=on_click(move |_| run(true))
            ><span aria-hidden="true">"📷 "</span>"Picture"</button>
        })}
        {message}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Outcome, SheetRow};

    fn info(n: usize) -> ShareInfo {
        ShareInfo {
            game: "Chickenfoot".into(),
            date: "23/11/2026".into(),
            step: "Hand".into(),
            players: ["Ann", "Bob", "Cy"]
                .iter()
                .take(n)
                .map(|s| s.to_string())
                .collect(),
        }
    }

    fn standings(totals: &[i64], lower_wins: bool, outcome: Option<Outcome>) -> Standings {
        let t: Vec<Points> = totals.iter().map(|t| Points::new(*t)).collect();
        Standings {
            totals: t.clone(),
            lower_wins,
            sheet: vec![SheetRow {
                label: "Hand 1".into(),
                number: "1".into(),
                out: Default::default(),
                entry: Some(0),
                points: t.clone(),
                totals: t,
                notes: Vec::new(),
                details: Vec::new(),
            }],
            status: Vec::new(),
            outcome,
        }
    }

    fn outcome(ranks: &[usize], winners: &[usize], notes: &[&str]) -> Option<Outcome> {
        Some(Outcome {
            ranks: ranks.to_vec(),
            winners: winners.to_vec(),
            notes: notes.iter().map(|s| s.to_string()).collect(),
            pending: None,
        })
    }

    #[test]
    fn a_win_lists_everyone_in_finishing_order() {
        let s = standings(&[30, 12, 45], true, outcome(&[2, 1, 3], &[1], &[]));
        assert_eq!(
            share_text(&info(3), &s),
            "Chickenfoot · 23/11/2026\n🏆 Bob wins!\nFinal scores after 1 hand:\n1. Bob 12\n2. Ann 30\n3. Cy 45\n(The lowest total wins.)\nKept with Chicken Scores"
        );
    }

    #[test]
    fn a_shared_win_names_both_and_shares_the_place() {
        let s = standings(&[20, 20, 5], false, outcome(&[1, 1, 3], &[0, 1], &[]));
        let text = share_text(&info(3), &s);
        assert!(text.contains("🏆 Ann and Bob share the win!"), "{text}");
        assert!(text.contains("1. Ann 20\n1. Bob 20\n3. Cy 5"), "{text}");
        assert!(!text.contains("lowest"));
    }

    #[test]
    fn a_tie_settled_by_a_rule_says_how() {
        let note = "Ann and Bob tied on 20: Bob went out last, so Bob wins";
        let s = standings(&[20, 20], false, outcome(&[2, 1], &[1], &[note]));
        let text = share_text(&info(2), &s);
        assert!(text.contains("🏆 Bob wins!\n"), "{text}");
        assert!(text.contains("1. Bob 20\n2. Ann 20\n"), "{text}");
        assert!(text.contains(note), "the rules' own words: {text}");
        // A tie-breaker still to draw is said as the rules say it.
        let mut pending = standings(&[20, 20], false, outcome(&[1, 1], &[0, 1], &[]));
        if let Some(o) = pending.outcome.as_mut() {
            o.pending = Some("Ann and Bob draw a card".into());
        }
        assert!(share_text(&info(2), &pending).contains("\nAnn and Bob draw a card\n"));
    }

    #[test]
    fn a_game_in_progress_shares_its_standings() {
        let s = standings(&[3, 9, 9], false, None);
        let text = share_text(&info(3), &s);
        assert!(
            text.starts_with(
                "Chickenfoot · 23/11/2026\nStandings after 1 hand:\n1. Bob 9\n1. Cy 9\n3. Ann 3\n"
            ),
            "{text}"
        );
        assert!(!text.contains("🏆"));
        // Odd stored data never panics: fewer names than totals.
        let text = share_text(&info(1), &s);
        assert!(text.contains("1. ? 9"), "{text}");
    }

    #[test]
    fn the_picture_holds_every_name_row_and_total_escaped() {
        let mut i = info(3);
        i.players[0] = "<Ann & \"Co\">".into();
        let s = standings(&[30, 12, 45], true, outcome(&[2, 1, 3], &[1], &[]));
        let (svg, w, h) = sheet_svg(&i, &s);
        assert_eq!((w, h), sheet_size(3, 1));
        assert_eq!(
            w,
            layout::MIN_WIDTH.max(layout::FIRST + 3 * layout::COLUMN + 8)
        );
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("&lt;Ann &amp;") && !svg.contains("<Ann"));
        assert!(svg.contains("★ Bob"), "the winner marked");
        assert!(svg.contains(">Total<") && svg.contains(">45<"));
        // Ten players widen it; a long game keeps the last rows.
        assert_eq!(sheet_size(10, 5).0, layout::FIRST + 10 * layout::COLUMN + 8);
        assert_eq!(sheet_size(2, 500), sheet_size(2, layout::MAX_ROWS));
        assert_eq!(clip("Christopher", 7), "Christo…");
    }

    #[test]
    fn finishing_order_follows_places_then_seats() {
        let s = standings(&[5, 9, 5], true, None);
        assert_eq!(finishing_order(&s), vec![0, 2, 1]);
        let empty = standings(&[], true, None);
        assert!(finishing_order(&empty).is_empty());
        assert!(share_text(&info(0), &empty).contains("Standings after 1 hand:"));
    }
}
