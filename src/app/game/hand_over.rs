//! "Hand to another phone", under the game screen: a link to
//! `/records/receive#<payload>` holding the whole game
//! ([`crate::model::hand_over`]: compressed, base64url, in the fragment so
//! it never reaches a server), its length, a QR code of it drawn as inline
//! SVG (`qrcodegen`), and Copy link / Share. The link is made only while
//! the panel is open.

use chicken_club::club_doc::grouped;
use leptos::prelude::*;
use qrcodegen::{QrCode, QrCodeEcc};
use wasm_bindgen::{JsCast, JsValue};

use leptos::wasm_split::{wasm_split, SplitLoaderError};

use crate::app::erased::{dynamic, on_click};
use crate::app::lazy::{self, Chunk};
use crate::model::hand_over::{encode, QR_MAX_BYTES};
use crate::model::GameRecord;
use crate::rules::Rules;

/// The SVG path of a QR code's dark modules, with a 4-module quiet zone,
/// and the side of the whole square.
pub fn qr_path(code: &QrCode) -> (String, i32) {
    let size = code.size();
    let mut d = String::new();
    for y in 0..size {
        for x in 0..size {
            if code.get_module(x, y) {
                d.push_str(&format!("M{},{}h1v1h-1z", x + 4, y + 4));
            }
        }
    }
    (d, size + 8)
}

/// A QR code's split point: its encoder is needed by neither a new game
/// nor a score sheet.
const QR: Chunk = Chunk::new("qr", || Box::pin(preload_qr()));

#[wasm_split(qr_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_qr))]
fn qr_view(
    text: String,
    testid: &'static str,
    label: &'static str,
) -> Result<AnyView, SplitLoaderError> {
    Ok(qr_svg(&text, testid, label).unwrap_or_else(|| ().into_any()))
}

/// The QR code of `text` (from its own chunk, loaded on demand), named
/// `label` for screen readers.
pub fn qr(text: String, testid: &'static str, label: &'static str) -> AnyView {
    lazy::on_demand(
        QR,
        move || match lazy::now(qr_view(text.clone(), testid, label)) {
            Some(Ok(v)) => v,
            _ => qr_failed(),
        },
        qr_failed,
    )
}

fn qr_failed() -> AnyView {
    view! { <p class="hint" role="status">"The QR code could not be loaded: the phone may be offline. The link below works."</p> }
        .into_any()
}

/// A QR code of `text` drawn as one SVG path (`None` if it is too long
/// for one), named `label` for screen readers.
pub fn qr_svg(text: &str, testid: &'static str, label: &'static str) -> Option<AnyView> {
    let code = QrCode::encode_binary(text.as_bytes(), QrCodeEcc::Low).ok()?;
    let (d, side) = qr_path(&code);
    Some(
        view! {
            <svg class="qr" data-testid=testid viewBox=format!("0 0 {side} {side}") role="img" aria-label=label>
                <rect width="100%" height="100%" fill="#fff"/>
                <path d=d fill="#000"/>
            </svg>
        }
        .into_any(),
    )
}

/// Calls `navigator.<object>.<method>(arg)` if the browser has it.
fn call_navigator(object: Option<&str>, method: &str, arg: &JsValue) -> bool {
    let Some(w) = web_sys::window() else {
        return false;
    };
    let mut target: JsValue = w.navigator().into();
    if let Some(o) = object {
        target = js_sys::Reflect::get(&target, &o.into()).unwrap_or(JsValue::UNDEFINED);
    }
    let f = js_sys::Reflect::get(&target, &method.into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    match f {
        Some(f) => f.call1(&target, arg).is_ok(),
        None => false,
    }
}

/// The panel for game `rec` (the game screen adds it under itself).
pub fn hand_over_panel<R: Rules>(rec: RwSignal<GameRecord<R>>) -> AnyView {
    panel(Signal::derive(move || {
        rec.with(|r| serde_json::to_string(r).unwrap_or_default())
    }))
}

/// The panel, for a record's JSON text (not generic: one copy of its view).
fn panel(record: Signal<String>) -> AnyView {
    let open = RwSignal::new(false);
    let body = dynamic(move || {
        if !open.get() {
            return ().into_any();
        }
        crate::app::game::extras::extra(move || crate::app::game::extras::Extra::HandOver(record))
    });
    view! {
        <details class="hand-over" data-testid="hand-over"
            on:toggle=move |ev| {
                let now = ev
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok())
                    .is_some_and(|d| d.open());
                open.set(now);
            }>
            <summary>"Hand to another phone"</summary>
            {body}
        </details>
    }
    .into_any()
}

/// The open panel's content: the link, its QR code, Copy and Share (in
/// the extras chunk: loaded when first opened).
pub fn panel_body(record: Signal<String>) -> AnyView {
    let note: RwSignal<Option<&'static str>> = RwSignal::new(None);
    let link = Memo::new(move |_| {
        let origin = web_sys::window()
            .and_then(|w| w.location().origin().ok())
            .unwrap_or_default();
        format!("{origin}/records/receive#{}", record.with(|t| encode(t)))
    });
    let copy = move |_| {
        let ok = call_navigator(Some("clipboard"), "writeText", &link.get_untracked().into());
        note.set(Some(if ok {
            "Link copied."
        } else {
            "This browser would not copy: press on the link to copy it."
        }));
    };
    let share = move |_| {
        let data = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&data, &"title".into(), &"Chicken Scores game".into());
        let _ = js_sys::Reflect::set(&data, &"url".into(), &link.get_untracked().into());
        if !call_navigator(None, "share", &data) {
            note.set(Some("This phone cannot share links: copy it instead."));
        }
    };
    let body = dynamic(move || {
        let url = link.get();
        if url.is_empty() {
            return ().into_any();
        }
        let qr = (url.len() <= QR_MAX_BYTES).then(|| {
            qr(
                url.clone(),
                "hand-qr",
                "QR code of the link: scan it with the other phone's camera",
            )
        });
        let size_line = format!("The link is {} characters long.", grouped(url.len()));
        let qr_view = match qr {
            Some(v) => v,
            None => view! {
                <p class="hint" data-testid="hand-no-qr">{format!(
                    "This game is too long for a QR code ({} characters; a QR code holds {}): copy or share the link instead.",
                    grouped(url.len()), grouped(QR_MAX_BYTES)
                )}</p>
            }
            .into_any(),
        };
        view! {
            <p class="hint">"Open this link on the other phone: the game moves there with every entry so far, and play carries on there. No server sees it."</p>
            {qr_view}
            <label class="hand-link">
                <span>{size_line}</span>
                <input type="text" readonly data-testid="hand-link" aria-label="Link to this game" prop:value=url/>
            </label>
            <div class="row">
                <button type="button" class="secondary" data-testid="hand-copy" on:click=on_click(copy)>"Copy link"</button>
                <button type="button" class="secondary" data-testid="hand-share" on:click=on_click(share)>"Share"</button>
            </div>
            <p class="hint" role="status">{move || note.get()}</p>
        }
        .into_any()
    });
    view! { {body} }.into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_grouped() {
        assert_eq!(grouped(7), "7");
        assert_eq!(grouped(1234), "1,234");
        assert_eq!(grouped(1_234_567), "1,234,567");
    }

    #[test]
    fn a_qr_code_path_has_its_quiet_zone() {
        let code =
            QrCode::encode_binary(b"https://x.example/records/receive#g1.abc", QrCodeEcc::Low)
                .unwrap();
        let (d, side) = qr_path(&code);
        assert_eq!(side, code.size() + 8);
        assert!(d.starts_with("M4,4"), "the finder's corner is dark");
    }

    #[test]
    fn the_qr_limit_is_the_largest_code_there_is() {
        let fits = vec![b'a'; QR_MAX_BYTES];
        assert!(QrCode::encode_binary(&fits, QrCodeEcc::Low).is_ok());
        let over = vec![b'a'; QR_MAX_BYTES + 1];
        assert!(
            QrCode::encode_binary(&over, QrCodeEcc::Low).is_err(),
            "a longer link gets the message instead"
        );
    }
}
