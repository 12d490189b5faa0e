//! The on-screen number pad: whole numbers without the phone's keyboard.

use leptos::prelude::*;

/// A key of the number pad.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PadKey {
    /// A digit 0-9.
    Digit(u8),
    /// Delete the last digit.
    Back,
    /// Empty the field.
    Clear,
    /// Go to the next field (or close the pad after the last).
    Next,
}

impl PadKey {
    /// The field's text after this key (digits only, at most 6).
    pub fn apply(self, text: &str) -> String {
        match self {
            PadKey::Digit(d) => {
                let base = if text.trim() == "0" { "" } else { text.trim() };
                if base.len() >= 6 {
                    base.to_string()
                } else {
                    format!("{base}{d}")
                }
            }
            PadKey::Back => {
                let mut s = text.trim().to_string();
                s.pop();
                s
            }
            PadKey::Clear => String::new(),
            PadKey::Next => text.to_string(),
        }
    }
}

/// A 3×4 pad of large keys for the field being filled, named in `target`.
#[component]
pub fn NumberPad(
    /// Whose field the keys go to ("Ann's pips").
    target: Signal<String>,
    /// What the field holds now (echoed on the pad, so the digits typed
    /// show even where the field is out of sight).
    value: Signal<String>,
    /// Called with each key tapped.
    on_key: Callback<PadKey>,
) -> impl IntoView {
    let key = move |k: PadKey, text: &'static str, label: &'static str| {
        view! {
            <button type="button" class="pad-key" aria-label=label on:click=move |_| on_key.run(k)>{text}</button>
        }
    };
    view! {
        <div class="number-pad" role="group" aria-label=move || format!("Number pad for {}", target.get())>
            <p class="pad-head">
                <span class="pad-target">{move || target.get()}</span>
                <output class="pad-value" data-testid="pad-value" aria-live="polite">{move || value.get()}</output>
            </p>
            <div class="pad-keys">
                {key(PadKey::Digit(1), "1", "1")}
                {key(PadKey::Digit(2), "2", "2")}
                {key(PadKey::Digit(3), "3", "3")}
                {key(PadKey::Digit(4), "4", "4")}
                {key(PadKey::Digit(5), "5", "5")}
                {key(PadKey::Digit(6), "6", "6")}
                {key(PadKey::Digit(7), "7", "7")}
                {key(PadKey::Digit(8), "8", "8")}
                {key(PadKey::Digit(9), "9", "9")}
                {key(PadKey::Back, "⌫", "Delete last digit")}
                {key(PadKey::Digit(0), "0", "0")}
                {key(PadKey::Next, "Next ›", "Next field")}
            </div>
        </div>
    }
}

/// A whole-number field filled from the [`NumberPad`]: the phone's keyboard
/// stays down (`inputmode="none"`), yet typed or pasted text is still read
/// and checked. Tapping or focusing it makes it the pad's target.
pub struct PadField {
    /// The element id (for focus and scrolling).
    pub id: String,
    /// The accessible name ("Ann: pips left").
    pub label: String,
    /// Shown while empty.
    pub placeholder: &'static str,
    /// The id of the element holding this field's error message.
    pub error_id: String,
    /// The text in the field.
    pub value: Signal<String>,
    /// Whether the value is refused.
    pub invalid: Signal<bool>,
    /// Makes this field the pad's target.
    pub on_activate: Callback<()>,
    /// Called with the new text when typed into.
    pub on_input: Callback<String>,
}

/// Builds a [`PadField`].
pub fn pad_field(f: PadField) -> AnyView {
    let PadField {
        id,
        label,
        placeholder,
        error_id,
        value,
        invalid,
        on_activate,
        on_input,
    } = f;
    view! {
        <input
            id=id.clone()
            class="pips"
            type="text"
            inputmode="none"
            autocomplete="off"
            aria-label=label
            aria-invalid=crate::app::erased::aria(move || invalid.get())
            aria-describedby=error_id
            placeholder=placeholder
            prop:value=value
            on:focus=crate::app::erased::on_focus({
                let id = id.clone();
                move |_| {
                    on_activate.run(());
                    reveal_above_pad(&id);
                }
            })
            on:click=crate::app::erased::on_click({
                let id = id.clone();
                move |_| {
                    on_activate.run(());
                    reveal_above_pad(&id);
                }
            })
            on:input=crate::app::erased::on_value(move |v| on_input.run(v))
        />
    }
    .into_any()
}

/// Scrolls the field with element id `id` clear of the number pad docked
/// at the bottom of the screen (once the pad is drawn): a field under the
/// pad, or above the top of the screen, moves to just above the pad.
pub fn reveal_above_pad(id: &str) {
    let id = id.to_string();
    request_animation_frame(move || {
        let doc = document();
        let Some(field) = doc.get_element_by_id(&id) else {
            return;
        };
        let w = window();
        let screen = w
            .inner_height()
            .ok()
            .and_then(|h| h.as_f64())
            .unwrap_or(800.0);
        let pad_top = doc
            .query_selector(".number-pad")
            .ok()
            .flatten()
            .map(|p| p.get_bounding_client_rect().top())
            .unwrap_or(screen);
        let rect = field.get_bounding_client_rect();
        let gap = 12.0;
        let shift = if rect.bottom() > pad_top - gap {
            rect.bottom() - (pad_top - gap)
        } else if rect.top() < gap {
            rect.top() - gap
        } else {
            return;
        };
        w.scroll_by_with_x_and_y(0.0, shift);
    });
}

/// Focuses the field with element id `id` once the DOM has updated (the
/// pad's Next key, or a refused value).
pub fn focus_field(id: &str) {
    let id = id.to_string();
    request_animation_frame(move || {
        use wasm_bindgen::JsCast;
        if let Some(el) = document()
            .get_element_by_id(&id)
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        {
            let _ = el.focus();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::PadKey::*;

    #[test]
    fn keys_edit_the_field() {
        assert_eq!(Digit(2).apply(""), "2");
        assert_eq!(Digit(3).apply("2"), "23");
        // A lone 0 is replaced, not extended.
        assert_eq!(Digit(7).apply("0"), "7");
        assert_eq!(Digit(0).apply(""), "0");
        // At most 6 digits.
        assert_eq!(Digit(9).apply("123456"), "123456");
        assert_eq!(Back.apply("123"), "12");
        assert_eq!(Back.apply(""), "");
        assert_eq!(Clear.apply("123"), "");
        assert_eq!(Next.apply("12"), "12");
        // Typed text with spaces is trimmed first.
        assert_eq!(Digit(1).apply(" 4 "), "41");
    }
}
