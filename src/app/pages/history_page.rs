//! Finished games: newest first, a page at a time; each opens its score
//! sheet (where any round can still be corrected), and each can be deleted
//! with Undo for a few seconds.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::game::UNDO_DELETE_SECONDS;
use crate::app::pages::{back_bar, opening};
use crate::app::{format_date, store, sync, use_app};
use crate::model::Summary;
use crate::storage::{label_of, Deleted};

/// How many finished games a page shows.
const PAGE: usize = 20;

/// The history page.
#[component]
pub fn HistoryPage() -> impl IntoView {
    let app = use_app();
    let games: RwSignal<Vec<Summary>> = RwSignal::new(Vec::new());
    let loaded = RwSignal::new(false);
    let more = RwSignal::new(false);
    let deleted: RwSignal<Option<(Deleted, String)>> = RwSignal::new(None);
    let error: RwSignal<Option<String>> = RwSignal::new(None);

    let load = move |skip: usize| {
        spawn_local(async move {
            let Some(s) = store() else { return };
            let (page, problems) = s.finished(skip, PAGE + 1).await;
            more.set(page.len() > PAGE);
            let page: Vec<Summary> = page.into_iter().take(PAGE).collect();
            if skip == 0 {
                games.set(page);
            } else {
                games.update(|g| g.extend(page));
            }
            app.report(problems);
            loaded.set(true);
        });
    };
    // Once storage is open (at once, unless this is the first screen).
    Effect::new(move |done: Option<bool>| {
        if done == Some(true) || !app.ready.get() {
            return done.unwrap_or(false);
        }
        load(0);
        true
    });

    let delete = move |id: String, label: String| {
        spawn_local(async move {
            let Some(s) = store() else { return };
            match s.delete_game(&id).await {
                Ok(d) => {
                    sync::announce(&id, 0);
                    games.update(|g| g.retain(|x| x.id != id));
                    app.finished.update(|n| *n = n.saturating_sub(1));
                    deleted.set(Some((d, label)));
                    error.set(None);
                    let shown = id.clone();
                    set_timeout(
                        move || {
                            if deleted
                                .with_untracked(|d| d.as_ref().is_some_and(|(d, _)| d.id == shown))
                            {
                                deleted.set(None);
                            }
                        },
                        std::time::Duration::from_secs(UNDO_DELETE_SECONDS),
                    );
                }
                Err(e) => error.set(Some(format!("Not deleted: {e}."))),
            }
        });
    };
    let undo = move |_| {
        let Some((d, _)) = deleted.get_untracked() else {
            return;
        };
        spawn_local(async move {
            let Some(s) = store() else { return };
            match s.undelete(&d).await {
                Ok(()) => {
                    deleted.set(None);
                    app.finished.update(|n| *n += 1);
                    sync::announce(&d.id, 1);
                    load(0);
                }
                Err(e) => error.set(Some(e.message())),
            }
        });
    };

    view! {
        <section class="page history">
            {back_bar("Finished games".into(), None)}
            {move || deleted.get().map(|(_, label)| view! {
                <div class="toast" role="status" data-testid="deleted">
                    <span>{format!("Deleted {label}.")}</span>
                    <button type="button" class="secondary" data-testid="undo-delete" on:click=undo>"Undo"</button>
                </div>
            })}
            <p class="form-error" role="alert">{move || error.get()}</p>
            {move || {
                if !loaded.get() {
                    return opening();
                }
                let done = games.get();
                if done.is_empty() {
                    return view! { <p class="hint">"No finished games yet."</p> }.into_any();
                }
                view! {
                    <ul class="game-list" data-testid="finished">
                        {done.into_iter().map(|e| {
                            let label = label_of(&e);
                            let (id, l2) = (e.id.clone(), label.clone());
                            view! {
                                <li class="with-action">
                                    <a class="game-link" href=format!("/play/{}/{}", e.kind, e.id)>
                                        <strong>{label.clone()}</strong>
                                        <small>{e.summary.clone()}" · "{format_date(e.updated_ms)}</small>
                                    </a>
                                    <button type="button" class="icon danger" aria-label=format!("Delete {label}")
                                        on:click=move |_| delete(id.clone(), l2.clone())>"🗑"</button>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                }.into_any()
            }}
            {move || more.get().then(|| view! {
                <button type="button" class="secondary wide" data-testid="more"
                    on:click=move |_| load(games.with_untracked(|g| g.len()))>"Show older games"</button>
            })}
        </section>
    }
}
