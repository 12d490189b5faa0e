//! How to keep the games, said where the browser may clear them: storage
//! not promised as persistent (or no Storage API) and the app not opened
//! from the Home Screen. Safari deletes a site's storage after 7 days of
//! use without a visit unless it is on the Home Screen; any browser may
//! clear storage it has not promised to keep when space runs low. A club's
//! member has a copy on the club's server and is not told.

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen_futures::JsFuture;

/// Whether the app runs from the Home Screen (installed).
fn installed() -> bool {
    let Some(w) = web_sys::window() else {
        return false;
    };
    let standalone = w
        .match_media("(display-mode: standalone)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches());
    // Safari on iPhone: navigator.standalone.
    let ios = js_sys::Reflect::get(&w.navigator(), &"standalone".into())
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    standalone || ios
}

/// Whether the browser has promised to keep this app's storage; `None`
/// when it cannot say (no Storage API, as in Safari before 15.2: the call
/// throws).
pub async fn persisted() -> Option<bool> {
    let manager = web_sys::window()?.navigator().storage();
    let p = manager.persisted().ok()?;
    JsFuture::from(p).await.ok()?.as_bool()
}

/// The advice, once it is known that the games are at risk; `shown` says
/// whether to look at all (e.g. once a game exists).
#[component]
pub fn KeepGames(#[prop(into)] shown: Signal<bool>) -> impl IntoView {
    let at_risk = RwSignal::new(false);
    Effect::new(move |_| {
        if !shown.get() || installed() || crate::storage::membership::stored_name().is_some() {
            return;
        }
        spawn_local(async move { at_risk.set(persisted().await != Some(true)) });
    });
    move || {
        (shown.get() && at_risk.get()).then(|| {
            view! {
                <div class="keep-games" data-testid="keep-games">
                    <h2>"Keep your games"</h2>
                    <p>"They live only in this browser, which may clear them: Safari does after 7 days without a visit unless the app is on the Home Screen, and any browser may when the phone runs low on space."</p>
                    <p>"On an iPhone: Share, then Add to Home Screen, and open the app from there. Or keep a copy elsewhere:"</p>
                    <a class="button secondary wide" href="/records/club" data-testid="keep-club">"Join or start a club (a copy on its server)"</a>
                    <a class="button secondary wide" href="/records/backup" data-testid="keep-backup">"Download a backup (every game in one file)"</a>
                </div>
            }
        })
    }
}
