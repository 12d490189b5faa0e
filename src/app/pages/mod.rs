//! One component per route.

pub mod game_page;
pub mod history_page;
pub mod home_page;
pub mod home_space;
pub mod keep_games;
pub mod new_game_page;
pub mod night_card;
pub mod static_form;

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::game::UNDO_DELETE_SECONDS;
use crate::app::{store_or_report, sync};
use crate::storage::{theme, Deleted};

/// Deleting a game from a list (home, Finished games): the game goes at
/// once, its record, summary and draft in one transaction, and Undo is
/// offered for a few seconds; other pages hear of both. One copy serves
/// both lists.
#[derive(Clone, Copy)]
pub struct Deleting {
    /// The game just deleted and its label, while Undo is offered.
    deleted: RwSignal<Option<(Deleted, String)>>,
    /// Why the last delete or Undo failed.
    error: RwSignal<Option<String>>,
}

impl Deleting {
    /// Nothing deleted yet.
    pub fn new() -> Self {
        Deleting {
            deleted: RwSignal::new(None),
            error: RwSignal::new(None),
        }
    }

    /// Deletes game `id` (called `label` in the message); `gone` runs
    /// with its id once it is deleted, to take it off the list.
    pub fn delete(self, id: String, label: String, gone: Callback<String>) {
        let Deleting { deleted, error } = self;
        spawn_local(async move {
            let Some(s) = store_or_report().await else {
                return;
            };
            match s.delete_game(&id).await {
                Ok(d) => {
                    sync::announce(&id, 0);
                    gone.run(id.clone());
                    deleted.set(Some((d, label)));
                    error.set(None);
                    set_timeout(
                        move || {
                            let shown = deleted.try_with_untracked(|d| {
                                d.as_ref().is_some_and(|(d, _)| d.id == id)
                            });
                            if shown == Some(true) {
                                deleted.set(None);
                            }
                        },
                        std::time::Duration::from_secs(UNDO_DELETE_SECONDS),
                    );
                }
                Err(e) => error.set(Some(format!("Not deleted: {e}."))),
            }
        });
    }

    /// Puts the game just deleted back; `back` runs once it is (to list
    /// it again).
    pub fn undo(self, back: Callback<()>) {
        let Deleting { deleted, error } = self;
        let Some((d, _)) = deleted.get_untracked() else {
            return;
        };
        spawn_local(async move {
            match put_back(&d, || 1).await {
                Some(Ok(())) => {
                    deleted.set(None);
                    error.set(None);
                    back.run(());
                }
                Some(Err(why)) => error.set(Some(why)),
                None => {}
            }
        });
    }

    /// "Game deleted (label)." with Undo while it is offered, and what
    /// went wrong, if anything.
    pub fn status(self, back: Callback<()>) -> impl IntoView {
        let Deleting { deleted, error } = self;
        view! {
            {move || deleted.get().map(|(_, label)| view! {
                <div class="toast" role="status" data-testid="deleted">
                    <span>{format!("Game deleted ({label}).")}</span>
                    <button type="button" class="secondary" data-testid="undo-delete"
                        on:click=move |_| self.undo(back)>"Undo"</button>
                </div>
            })}
            <p class="form-error" role="alert" data-testid="delete-error">{move || error.get()}</p>
        }
    }
}

impl Default for Deleting {
    fn default() -> Self {
        Self::new()
    }
}

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

pub use crate::app::lazy::opening;

/// The page for an address the app does not have.
pub fn not_found() -> AnyView {
    view! { <NotFound/> }.into_any()
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
                let Some(s) = crate::app::store_or_report().await else {
                    return;
                };
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

/// Puts deleted game `d` back in storage and tells the other pages (and
/// the club) it is there at revision `rev()`: `None` when storage could
/// not be opened (already reported), else the refusal's words.
pub async fn put_back(d: &Deleted, rev: impl FnOnce() -> u64) -> Option<Result<(), String>> {
    let s = store_or_report().await?;
    Some(match s.undelete(d).await {
        Ok(()) => {
            sync::announce(&d.id, rev());
            Ok(())
        }
        Err(e) => Err(e.message()),
    })
}
