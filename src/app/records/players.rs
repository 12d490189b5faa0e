//! Players: everyone who has played, and one player's page.

use leptos::prelude::*;

use crate::app::pages::back_bar;

/// Everyone who has played.
pub fn players_page() -> AnyView {
    view! { <section class="page">{back_bar("Players".into(), None)}</section> }.into_any()
}

/// One player's page.
pub fn player_page(name: String) -> AnyView {
    view! { <section class="page">{back_bar(name, None)}</section> }.into_any()
}
