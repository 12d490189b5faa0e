//! Home: problems found in storage, games in progress, then start a game.

use leptos::prelude::*;

use crate::app::pages::ThemeToggle;
use crate::app::router::Route;
use crate::app::{format_date, use_app, with_store};
use crate::rules::GameKind;
use crate::storage::label_of;

/// The home page.
#[component]
pub fn HomePage() -> impl IntoView {
    let app = use_app();
    let in_progress = move || {
        app.index
            .get()
            .into_iter()
            .filter(|e| !e.finished)
            .collect::<Vec<_>>()
    };
    let finished_count = move || {
        app.index
            .with(|ix| ix.iter().filter(|e| e.finished).count())
    };

    view! {
        <section class="page home">
            <header class="bar">
                <h1>"🐔 Chicken Scores"</h1>
                <ThemeToggle/>
            </header>
            <Problems/>
            <h2>"Games in progress"</h2>
            {move || {
                let games = in_progress();
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
                {GameKind::ALL.iter().map(|k| view! {
                    <li><a class="kind-link" href=Route::new_game(*k) data-testid=format!("new-{}", k.as_str())>
                        <strong>{k.name()}</strong>
                        <small>{format!("{} · {}–{} players", k.blurb(), k.players().start(), k.players().end())}</small>
                    </a></li>
                }).collect_view()}
            </ul>
            <a class="button secondary wide" href="/history" data-testid="history-link">
                {move || format!("Finished games ({})", finished_count())}
            </a>
        </section>
    }
}

/// Storage problems and kept-aside values, with a way to discard them.
#[component]
fn Problems() -> impl IntoView {
    let app = use_app();
    let discard = move |key: String| match with_store(|s| s.discard_quarantined(&key)) {
        Ok(()) => app.quarantined.set(with_store(|s| s.quarantined())),
        Err(e) => app.report(vec![e.to_string()]),
    };
    view! {
        {move || app.problems.get().into_iter().map(|p| view! {
            <p class="banner warn" role="alert" data-testid="problem">{p}</p>
        }).collect_view()}
        {move || {
            let q = app.quarantined.get();
            (!q.is_empty()).then(|| view! {
                <details class="kept-aside" data-testid="kept-aside">
                    <summary>{format!("{} saved item(s) could not be read and were kept aside", q.len())}</summary>
                    <ul>
                        {q.into_iter().map(|q| {
                            let key = q.key.clone();
                            view! {
                                <li>
                                    <strong>{q.label.clone()}</strong>" ("{q.reason.clone()}") · "<code>{q.key.clone()}</code>
                                    <button type="button" class="secondary small"
                                        aria-label=format!("Delete the kept-aside copy {}", q.key)
                                        on:click=move |_| discard(key.clone())>"Delete"</button>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                </details>
            })
        }}
    }
}
