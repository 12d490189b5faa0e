//! The game page: loads one stored game and shows its game's screen, or
//! says why it cannot.

use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

use crate::app::{registry, use_app};

/// The game page (`/game/:id`).
#[component]
pub fn GamePage() -> impl IntoView {
    let app = use_app();
    let params = use_params_map();
    let id = Memo::new(move |_| params.with(|p| p.get("id").unwrap_or_default()));
    move || {
        let id = id.get();
        match registry::load_checked(&id).and_then(|(entry, value)| (entry.screen)(value)) {
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
}
