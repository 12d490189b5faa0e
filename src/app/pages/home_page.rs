//! Home: problems found in storage, games in progress (each card shows the
//! players' totals, who leads and when it was last saved, and can be
//! deleted with Undo for a few seconds), then start a game.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::game::UNDO_DELETE_SECONDS;
use crate::app::pages::{opening, ThemeToggle};
use crate::app::router::Route;
use crate::app::{format_when, store, sync, use_app, AppCtx};
use crate::model::{read_stored, Summary};
use crate::rules::{count, join_names, GAMES};
use crate::storage::{label_of, Deleted};

/// The home page.
#[component]
pub fn HomePage() -> impl IntoView {
    let app = use_app();
    // The game just deleted here (Undo is offered) and its label.
    let deleted: RwSignal<Option<(Deleted, String)>> = RwSignal::new(None);
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let delete = Callback::new(move |(id, label): (String, String)| {
        delete_game(app, deleted, error, id, label)
    });
    let undo = move |_| undo_delete(app, deleted, error);
    view! {
        <section class="page home">
            <header class="bar">
                <h1>"🐔 Chicken Scores"</h1>
                <ThemeToggle/>
            </header>
            <Problems/>
            <h2>"Games in progress"</h2>
            {move || deleted.get().map(|(_, label)| view! {
                <div class="toast" role="status" data-testid="deleted">
                    <span>{format!("Game deleted ({label}).")}</span>
                    <button type="button" class="secondary" data-testid="undo-delete" on:click=undo>"Undo"</button>
                </div>
            })}
            <p class="form-error" role="alert" data-testid="home-error">{move || error.get()}</p>
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
                            {games.into_iter().map(|e| game_card(e, delete)).collect_view()}
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

/// One game in progress: its players and their totals, who leads, the
/// state of play and when it was last saved (a summary written before
/// totals were kept shows none); a tap opens it. Beside it, Delete.
fn game_card(e: Summary, delete: Callback<(String, String)>) -> impl IntoView {
    let href = format!("/play/{}/{}", e.kind, e.id);
    let label = label_of(&e);
    let leading: Vec<String> = e
        .leaders
        .iter()
        .filter_map(|i| e.players.get(*i).cloned())
        .collect();
    let lead = match (leading.is_empty(), e.totals.is_empty()) {
        (false, _) => Some(format!("Leading: {}", join_names(&leading))),
        (true, false) => Some("All level".to_string()),
        (true, true) => None,
    };
    let scores: Vec<_> = e
        .players
        .iter()
        .zip(&e.totals)
        .enumerate()
        .map(|(i, (name, total))| {
            view! {
                <span class="score" class:lead=e.leaders.contains(&i)>
                    <span class="who">{name.clone()}</span>
                    " "
                    <b>{total.clone()}</b>
                </span>
            }
        })
        .collect();
    let testid = format!("game-{}", e.id);
    let (id, name) = (e.id.clone(), label.clone());
    view! {
        <li class="with-action game-card" data-testid=testid>
            <a class="game-link" href=href>
                <strong class="game-title">{label.clone()}</strong>
                {lead.map(|l| view! { <span class="game-lead" data-testid="lead">{l}</span> })}
                {(!scores.is_empty()).then(|| view! { <span class="scores" data-testid="scores">{scores}</span> })}
                <small class="game-state">{e.summary.clone()}</small>
                <small class="game-when" data-testid="when">{format_when(e.updated_ms)}</small>
            </a>
            <button type="button" class="danger card-delete" aria-label=format!("Delete {label}")
                on:click=move |_| delete.run((id.clone(), name.clone()))>"Delete"</button>
        </li>
    }
}

/// Deletes game `id` (record, summary and draft, in one transaction), then
/// takes it off the list and offers Undo for a few seconds; other pages
/// hear of it.
fn delete_game(
    app: AppCtx,
    deleted: RwSignal<Option<(Deleted, String)>>,
    error: RwSignal<Option<String>>,
    id: String,
    label: String,
) {
    spawn_local(async move {
        let Some(s) = store() else { return };
        match s.delete_game(&id).await {
            Ok(d) => {
                sync::announce(&id, 0);
                app.in_progress.update(|g| g.retain(|x| x.id != id));
                deleted.set(Some((d, label)));
                error.set(None);
                set_timeout(
                    move || {
                        if deleted.with_untracked(|d| d.as_ref().is_some_and(|(d, _)| d.id == id)) {
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

/// Puts the game just deleted back, and lists it again.
fn undo_delete(
    app: AppCtx,
    deleted: RwSignal<Option<(Deleted, String)>>,
    error: RwSignal<Option<String>>,
) {
    let Some((d, _)) = deleted.get_untracked() else {
        return;
    };
    spawn_local(async move {
        let Some(s) = store() else { return };
        match s.undelete(&d).await {
            Ok(()) => {
                deleted.set(None);
                error.set(None);
                let rev = read_stored(&d.record).map(|h| h.rev).unwrap_or(1);
                sync::announce(&d.id, rev);
                app.refresh();
            }
            Err(e) => error.set(Some(e.message())),
        }
    });
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
            let were = if n == 1 { "was" } else { "were" };
            (n > 0).then(|| view! {
                <a class="banner warn kept-aside" href="/about#kept-aside" data-testid="kept-aside">
                    {format!("{} could not be read and {were} kept aside: see About", count(n, "saved item"))}
                </a>
            })
        }}
    }
}
