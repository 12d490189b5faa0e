//! A game handed over from another phone by its link
//! (`/records/receive#g1.<data>`): the fragment is decoded (bounded:
//! [`crate::model::hand_over::decode`]), checked exactly as an imported
//! file's games are ([`crate::model::backup::check_game`]), previewed
//! against the copy here, and kept on a tap; then the fragment is cleared
//! and the game opens on this phone.

use std::collections::BTreeMap;

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::erased::{dynamic, on_click};
use crate::app::pages::back_bar;
use crate::app::pages::new_game_page::new_id;
use crate::app::router::Route;
use crate::app::{storage, store_or_report, sync, use_app};
use crate::model::backup::{check_game, Backup, Verdict};
use crate::model::hand_over::decode;
use crate::storage::backup::Plan;
use crate::storage::bounded;

/// What the link holds, checked and compared with this phone, or why not.
async fn read_link(fragment: &str) -> Result<Plan, String> {
    let text = decode(fragment)?;
    let game = check_game(&text).map_err(|e| format!("This link's game cannot be kept: {e}."))?;
    // Its players join this phone's list of players.
    let backup = Backup {
        exported_ms: 0,
        roster: game.players.clone(),
        games: vec![game],
        updated_ms: BTreeMap::new(),
        nights: Vec::new(),
    };
    let s = storage()
        .await
        .map_err(|e| format!("This phone's games could not be read: {e}."))?;
    s.plan_import(backup, new_id)
        .await
        .map_err(|e| format!("This phone's games could not be read: {e}."))
}

/// Leaves the page for the game: the fragment is cleared first, and this
/// page is replaced in the history (Back does not bring the link back).
fn open_game(kind: &str, id: &str) {
    let Some(w) = web_sys::window() else { return };
    if let Ok(h) = w.history() {
        let _ =
            h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some("/records/receive"));
    }
    let url = match kind.parse() {
        Ok(k) => Route::game(k, id),
        Err(_) => "/".to_string(),
    };
    let _ = w.location().replace(&url);
}

/// The game in the link, checked, then kept.
pub fn receive_page() -> AnyView {
    let app = use_app();
    let plan: RwSignal<Option<Result<Plan, String>>> = RwSignal::new(None);
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let busy = RwSignal::new(false);
    Effect::new(move |done: Option<bool>| {
        if done == Some(true) || !app.ready.get() {
            return done.unwrap_or(false);
        }
        let fragment = web_sys::window()
            .and_then(|w| w.location().hash().ok())
            .unwrap_or_default();
        spawn_local(async move { plan.set(Some(read_link(&fragment).await)) });
        true
    });
    let keep = move |_| {
        let Some(Ok(p)) = plan.get_untracked() else {
            return;
        };
        let Some(g) = p.games.first().cloned() else {
            return;
        };
        if !g.verdict.writes() {
            open_game(g.game.kind.as_str(), &g.game.id);
            return;
        }
        busy.set(true);
        spawn_local(async move {
            let Some(s) = store_or_report().await else {
                return;
            };
            match s.import(&p).await {
                Ok(done) => {
                    for (_, id, rev) in &done.written {
                        sync::announce(id, *rev);
                    }
                    open_game(g.game.kind.as_str(), &g.write_id);
                }
                Err(e) => {
                    busy.set(false);
                    error.set(Some(e.message()));
                }
            }
        });
    };
    view! {
        <section class="page receive">
            {back_bar("Game handed over".into(), None)}
            {dynamic(move || match plan.get() {
                None => view! { <p class="hint" role="status">"Reading the link…"</p> }.into_any(),
                Some(Err(e)) => view! {
                    <p class="form-error" role="alert" data-testid="receive-error">{bounded(&e, 200)}</p>
                    <a class="button secondary wide" href="/">"Back to the games"</a>
                }.into_any(),
                Some(Ok(p)) => match p.games.first() {
                    None => ().into_any(),
                    Some(g) => {
                        let words = match g.verdict {
                            Verdict::New | Verdict::NewerThere => "Keep it on this phone and carry on",
                            Verdict::Different => "Keep it beside the copy here",
                            Verdict::Same | Verdict::OlderThere => "Open the copy here",
                        };
                        view! {
                            <div class="import-preview" data-testid="receive-preview">
                                <p><strong>{g.game.label()}</strong></p>
                                <p data-testid="receive-state">{format!("{} · {}", bounded(&g.game.state, 60), g.verdict.describe())}</p>
                                <button type="button" class="primary wide" data-testid="receive-keep"
                                    disabled=move || busy.get() on:click=on_click(keep)>{words}</button>
                            </div>
                        }.into_any()
                    }
                },
            })}
            <p class="form-error" role="alert">{move || error.get()}</p>
        </section>
    }
    .into_any()
}
