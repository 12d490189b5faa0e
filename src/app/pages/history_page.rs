//! Finished games: newest first, each opens its score sheet (where any
//! round can still be corrected).

use leptos::prelude::*;

use crate::app::pages::back_bar;
use crate::app::{format_date, use_app};
use crate::storage::label_of;

/// The history page.
#[component]
pub fn HistoryPage() -> impl IntoView {
    let app = use_app();
    view! {
        <section class="page history">
            {back_bar("Finished games".into(), None)}
            {move || {
                let done: Vec<_> = app.index.get().into_iter().filter(|e| e.finished).collect();
                if done.is_empty() {
                    view! { <p class="hint">"No finished games yet."</p> }.into_any()
                } else {
                    view! {
                        <ul class="game-list" data-testid="finished">
                            {done.into_iter().map(|e| view! {
                                <li><a class="game-link" href=format!("/play/{}/{}", e.kind, e.id)>
                                    <strong>{label_of(&e)}</strong>
                                    <small>{e.summary.clone()}" · "{format_date(e.created_ms)}</small>
                                </a></li>
                            }).collect_view()}
                        </ul>
                    }.into_any()
                }
            }}
        </section>
    }
}
