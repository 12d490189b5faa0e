//! A game handed over from another phone by its link.

use leptos::prelude::*;

use crate::app::pages::back_bar;

/// The game in the link, checked, then kept.
pub fn receive_page() -> AnyView {
    view! { <section class="page">{back_bar("Game handed over".into(), None)}</section> }.into_any()
}
