//! A new game's form painted by the page (`#boot-form` in
//! public/index.html) before the new-game code has arrived: the page shows
//! it at a new game's address, and the app shows it when a game is tapped
//! before that code is there ([`show`]). Names typed and added there are
//! only held; the new-game page, once built, takes them over ([`handed`]):
//! each one is checked as if typed into it, the text still in the field
//! and the field's focus carry on, and the page's form goes ([`finish`])
//! in the task that shows the app's.

use wasm_bindgen::JsCast;

use leptos::prelude::document;

const FORM: &str = "boot-form";

/// Calls the page's `chickenForm` (public/index.html) with `arg`: whether
/// it shows the form.
fn call(arg: wasm_bindgen::JsValue) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    js_sys::Reflect::get(&window, &"chickenForm".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|f| f.call1(&window, &arg).ok())
        .is_some_and(|shown| shown.is_truthy())
}

/// Shows the page's form for the new game at `path` (kept as it is if it
/// already shows that game): whether it is shown. Not for a rematch,
/// whose page starts from the game rematched.
pub fn show(path: &str) -> bool {
    let rematch = crate::app::router::rematch_param(&crate::app::router::current_search());
    rematch.is_none() && call(path.into())
}

/// Hides the page's form and forgets what was typed in it (the page was
/// left before the app's form arrived).
pub fn hide() {
    if document().get_element_by_id(FORM).is_some() {
        call(wasm_bindgen::JsValue::NULL);
    }
}

/// Whether the page's form is shown.
pub fn shown() -> bool {
    document()
        .get_element_by_id(FORM)
        .is_some_and(|form| !form.has_attribute("hidden"))
}

/// What was typed in the page's form.
#[derive(Debug)]
pub struct Handed {
    /// The names added, in order.
    pub names: Vec<String>,
    /// The text in the name field.
    pub typed: String,
    /// The field had the focus, with this selection.
    pub focus: Option<(u32, u32)>,
}

/// What the page's form holds, if it is shown.
pub fn handed() -> Option<Handed> {
    if !shown() {
        return None;
    }
    let form = document().get_element_by_id(FORM)?;
    let mut names = Vec::new();
    let mut seat = form
        .query_selector(".seated")
        .ok()
        .flatten()
        .and_then(|list| list.first_element_child());
    while let Some(li) = seat {
        if let Some(name) = li.query_selector(".seat-name").ok().flatten() {
            names.extend(name.text_content());
        }
        seat = li.next_element_sibling();
    }
    let field = form
        .query_selector("input")
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok());
    let typed = field.as_ref().map(|f| f.value()).unwrap_or_default();
    let focused = document().active_element();
    let focus = field
        .filter(|f| focused.as_ref() == Some(f.as_ref()))
        .map(|f| {
            let start = f.selection_start().ok().flatten().unwrap_or(0);
            let end = f.selection_end().ok().flatten().unwrap_or(start);
            (start, end)
        });
    Some(Handed {
        names,
        typed,
        focus,
    })
}

/// Removes the page's form for good (the app's new-game code is here),
/// and, if its field had the focus (`focus`: its selection), gives it to
/// `field` (the app's name field) with the same selection. `field`'s page
/// is made visible first: a hidden field takes no focus.
pub fn finish(focus: Option<(u32, u32)>, field: &str) {
    if let Some(form) = document().get_element_by_id(FORM) {
        form.remove();
    }
    let Some((start, end)) = focus else {
        return;
    };
    let Some(input) = document()
        .get_element_by_id(field)
        .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
    else {
        return;
    };
    if let Some(page) = input
        .closest(".page")
        .ok()
        .flatten()
        .and_then(|p| p.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = page.style().set_property("visibility", "visible");
    }
    let _ = input.focus();
    let _ = input.set_selection_range(start, end);
}
