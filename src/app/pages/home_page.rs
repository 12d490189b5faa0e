//! Home: problems found in storage, games in progress, then start a game.

use leptos::prelude::*;

use crate::app::pages::{opening, ThemeToggle};
use crate::app::router::Route;
use crate::app::{format_date, use_app};
use crate::rules::GAMES;
use crate::storage::label_of;

/// The home page.
#[component]
pub fn HomePage() -> impl IntoView {
    let app = use_app();
    view! {
        <section class="page home">
            <header class="bar">
                <h1>"🐔 Chicken Scores"</h1>
                <ThemeToggle/>
            </header>
            <Problems/>
            <h2>"Games in progress"</h2>
            {move || {
                if !app.ready.get() {
                    return opening();
                }
                let games = app.in_progress.get();
                if games.is_empty() {
                    view! { <p class="hint">"None right now. Start one below."</p> }.into_any()
                } else {
                    view! {
                        <ul class="game-list" data-testid="in-progress">
                            {games.into_iter().map(|e| {
                                let href = format!("/play/{}/{}", e.kind, e.id);
                                let label = label_of(&e);
                                view! {
                                    <li><a class="game-link" href=href>
                                        <strong>{label}</strong>
                                        <small>{e.summary.clone()}" · "{format_date(e.created_ms)}</small>
                                    </a></li>
                                }
                            }).collect_view()}
                        </ul>
                    }.into_any()
                }
            }}
            <h2>"Start a game"</h2>
            <ul class="kinds">
                {GAMES.iter().map(|k| view! {
                    <li><a class="kind-link" href=Route::new_game(*k) data-testid=format!("new-{}", k.as_str())>
                        <strong>{k.name()}</strong>
                        <small>{format!("{} · {}–{} players", k.blurb(), k.players().start(), k.players().end())}</small>
                    </a></li>
                }).collect_view()}
            </ul>
            <a class="button secondary wide" href="/history" data-testid="history-link">
                {move || format!("Finished games ({})", app.finished.get())}
            </a>
            <a class="button secondary wide" href="/about" data-testid="about-link">"About, storage and backup"</a>
        </section>
    }
}

/// Storage problems, and a pointer to what was kept aside.
#[component]
fn Problems() -> impl IntoView {
    let app = use_app();
    view! {
        {move || app.problems.get().into_iter().map(|p| view! {
            <p class="banner warn" role="alert" data-testid="problem">{p}</p>
        }).collect_view()}
        {move || {
            let n = app.kept_aside.get();
            (n > 0).then(|| view! {
                <a class="banner warn kept-aside" href="/about#kept-aside" data-testid="kept-aside">
                    {format!("{n} saved item(s) could not be read and were kept aside: see About")}
                </a>
            })
        }}
    }
}
