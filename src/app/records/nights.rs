//! Game nights: the list, and one night's games and table.

use leptos::prelude::*;

use crate::app::pages::back_bar;

/// The game nights.
pub fn nights_page() -> AnyView {
    view! { <section class="page">{back_bar("Game nights".into(), None)}</section> }.into_any()
}

/// One night.
pub fn night_page(_id: String) -> AnyView {
    view! { <section class="page">{back_bar("Game night".into(), None)}</section> }.into_any()
}
