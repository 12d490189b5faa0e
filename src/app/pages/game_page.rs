//! The game page: loads one stored game and shows its game's screen, or
//! says why it cannot.

use leptos::prelude::*;

use crate::app::{registry, use_app};

/// The game page (`/game/<id>`).
pub fn game_page(id: &str) -> AnyView {
    let app = use_app();
    match registry::load_checked(id).and_then(|(entry, raw)| (entry.screen)(&raw)) {
        Ok(view) => view,
        Err(message) => {
            app.refresh();
            view! {
                <section class="page">
                    <header class="bar">
                        <a class="back" href="/" aria-label="Back to all games">"‹ Games"</a>
                        <h1>"Game not available"</h1>
                    </header>
                    <p class="banner warn" role="alert" data-testid="problem">{message}</p>
                </section>
            }
            .into_any()
        }
    }
}
