//! Finished games: newest first, a page at a time; each opens its score
//! sheet (where any round can still be corrected), and each can be deleted
//! with Undo for a few seconds.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::pages::{back_bar, opening, Deleting};
use crate::app::{format_date, store, use_app};
use crate::model::Summary;
use crate::storage::label_of;

/// How many finished games a page shows.
const PAGE: usize = 20;

/// The history page.
#[component]
pub fn HistoryPage() -> impl IntoView {
    let app = use_app();
    let games: RwSignal<Vec<Summary>> = RwSignal::new(Vec::new());
    let loaded = RwSignal::new(false);
    let more = RwSignal::new(false);
    let deleting = Deleting::new();

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

    let gone = Callback::new(move |id: String| {
        games.update(|g| g.retain(|x| x.id != id));
        app.finished.update(|n| *n = n.saturating_sub(1));
    });
    let back = Callback::new(move |_: ()| {
        app.finished.update(|n| *n += 1);
        load(0);
    });
    let delete = move |id: String, label: String| deleting.delete(id, label, gone);

    view! {
        <section class="page history">
            {back_bar("Finished games".into(), None)}
            {deleting.status(back)}
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
