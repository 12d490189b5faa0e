//! Type-erased reactive pieces for views. Leptos compiles a separate copy of
//! its render code for every distinct closure type; passing reactive values
//! as `Signal`s and dynamic children or handlers as boxed closures makes
//! every use share one copy, which keeps the WASM download small. Views use
//! these instead of bare `move ||` closures.

use leptos::prelude::*;

/// A reactive string (text, or an attribute's value).
pub fn text(f: impl Fn() -> String + Send + Sync + 'static) -> Signal<String> {
    Signal::derive(f)
}

/// A reactive flag (a boolean attribute, a class switch).
pub fn flag(f: impl Fn() -> bool + Send + Sync + 'static) -> Signal<bool> {
    Signal::derive(f)
}

/// A reactive "true"/"false" (aria-pressed, aria-expanded...).
pub fn aria(f: impl Fn() -> bool + Send + Sync + 'static) -> Signal<String> {
    Signal::derive(move || f().to_string())
}

/// A dynamic child view.
pub type Dyn = Box<dyn Fn() -> AnyView + Send + Sync>;

/// A dynamic child view, re-rendered when what it reads changes.
pub fn dynamic(f: impl Fn() -> AnyView + Send + Sync + 'static) -> Dyn {
    Box::new(f)
}

/// A keyed list of numbered items (seats, rows, a form's generation): an
/// item's view is built once, when its key first appears, moved when the
/// order changes and dropped when its key goes. One copy of Leptos' keyed
/// diff serves every list.
pub fn keyed(each: Signal<Vec<usize>>, item: Callback<usize, AnyView>) -> AnyView {
    view! { <For each=move || each.get() key=|k| *k children=move |k| untrack(|| item.run(k))/> }
        .into_any()
}

/// A click (or any `Event`-typed) handler.
pub fn on_click(
    f: impl FnMut(leptos::ev::MouseEvent) + 'static,
) -> Box<dyn FnMut(leptos::ev::MouseEvent)> {
    Box::new(f)
}

/// An input/change handler, given the field's new value.
pub fn on_value(mut f: impl FnMut(String) + 'static) -> Box<dyn FnMut(leptos::ev::Event)> {
    Box::new(move |ev| f(event_target_value(&ev)))
}

/// A focus handler.
pub fn on_focus(
    f: impl FnMut(leptos::ev::FocusEvent) + 'static,
) -> Box<dyn FnMut(leptos::ev::FocusEvent)> {
    Box::new(f)
}

/// A submit handler that keeps the browser from reloading the page.
pub fn on_submit(mut f: impl FnMut() + 'static) -> Box<dyn FnMut(leptos::ev::SubmitEvent)> {
    Box::new(move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        f()
    })
}

/// A two-way binding to one field of a signal's value, like Leptos'
/// `slice!` without its memo: `let (set, pick_set) = bind!(settings.set);`
/// gives a reactive getter and a setter for `settings.set`.
#[macro_export]
macro_rules! bind {
    ($signal:ident . $field:ident) => {
        (
            ::leptos::prelude::Signal::derive(move || {
                ::leptos::prelude::With::with(&$signal, |s| s.$field.clone())
            }),
            ::leptos::prelude::Callback::new(move |v| {
                ::leptos::prelude::Update::update(&$signal, |s| s.$field = v)
            }),
        )
    };
}
