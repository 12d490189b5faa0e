//! One component per route.

pub mod game_page;
pub mod history_page;
pub mod home_page;
pub mod new_game_page;

use leptos::prelude::*;

use crate::storage::theme;

/// The top bar of every page but home: back to the games, the title, and
/// an optional control on the right.
pub fn back_bar(title: String, right: Option<AnyView>) -> AnyView {
    view! {
        <header class="bar">
            <a class="back" href="/" aria-label="Back to all games">"‹ Games"</a>
            <h1>{title}</h1>
            {right}
        </header>
    }
    .into_any()
}

/// Shown while storage opens (a moment, on the first paint).
pub fn opening() -> AnyView {
    view! { <p class="hint opening" role="status" data-testid="opening">"Opening your games…"</p> }
        .into_any()
}

/// Shown for an address the app does not have.
#[component]
pub fn NotFound() -> impl IntoView {
    view! {
        <section class="page">
            <h1>"Not here"</h1>
            <p>"There is nothing at this address."</p>
            <a class="button primary" href="/">"Back to the games"</a>
        </section>
    }
}

/// The theme switch: follow the phone, dark, or light. A stored theme this
/// version does not know (a newer version's) is kept aside before the
/// first choice replaces it.
#[component]
pub fn ThemeToggle() -> impl IntoView {
    let app = crate::app::use_app();
    // The accessible name contains the visible word (Dark, Light, Auto).
    let label = move || match app.theme.get().as_deref() {
        Some("dark") => "Theme: Dark",
        Some("light") => "Theme: Light",
        _ => "Theme: Auto (follows the phone)",
    };
    let next = move |_| {
        let next = match app.theme.get_untracked().as_deref() {
            None => Some("dark"),
            Some("dark") => Some("light"),
            _ => None,
        };
        leptos::task::spawn_local(async move {
            if let theme::Theme::Unknown(raw) = theme::load() {
                let Some(s) = crate::app::store() else { return };
                let kept = s
                    .keep_aside_text(
                        format!("localStorage {}", theme::THEME_KEY),
                        "The theme",
                        "a newer version of the app chose it",
                        &raw,
                    )
                    .await;
                if kept.is_err() {
                    return; // never overwrite what could not be kept
                }
                app.kept_aside.update(|n| *n += 1);
            }
            match theme::save(next) {
                Ok(()) => app.theme.set(next.map(String::from)),
                Err(e) => app.report(vec![format!("The theme could not be saved: {e}.")]),
            }
        });
    };
    view! {
        <button type="button" class="theme-toggle secondary" data-testid="theme" aria-label=label on:click=next>
            <span aria-hidden="true">{move || match app.theme.get().as_deref() { Some("dark") => "☾ ", Some("light") => "☀ ", _ => "◐ " }}</span>
            {move || match app.theme.get().as_deref() { Some("dark") => "Dark", Some("light") => "Light", _ => "Auto" }}
        </button>
    }
}
