//! About: what the app is, how much of the phone's storage it uses and how
//! much is free, whether the browser keeps it when space runs low, a link
//! to the backup page (`/records/backup`: every game in one file), and the values kept aside because they could
//! not be read (each can be downloaded, to recover it or ask for help, or
//! deleted).

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::app::pages::back_bar;
use crate::app::{format_date, store_or_report, use_app};
use crate::storage::KeptAside;

/// Space used and available, in bytes, and whether storage is persistent.
#[derive(Clone, Debug, Default, PartialEq)]
struct Space {
    used: u64,
    quota: u64,
    persisted: Option<bool>,
}

async fn space() -> Space {
    let Some(manager) = web_sys::window().map(|w| w.navigator().storage()) else {
        return Space::default();
    };
    let mut out = Space::default();
    if let Ok(p) = manager.estimate() {
        if let Ok(est) = JsFuture::from(p).await {
            let num = |k: &str| {
                js_sys::Reflect::get(&est, &k.into())
                    .ok()
                    .and_then(|v| v.as_f64())
                    .filter(|n| n.is_finite() && *n >= 0.0)
                    .map_or(0, |n| n as u64)
            };
            out.used = num("usage");
            out.quota = num("quota");
        }
    }
    out.persisted = crate::app::pages::keep_games::persisted().await;
    out
}

/// "1.2 MB", in whole numbers (formatting a float would pull about 10 KB
/// of the standard library's float printing into the WASM).
fn size(bytes: u64) -> String {
    let tenths = |unit: u64| {
        let t = (bytes + unit / 20) / (unit / 10);
        format!("{}.{}", t / 10, t % 10)
    };
    if bytes >= 1_000_000_000 {
        format!("{} GB", tenths(1_000_000_000))
    } else if bytes >= 1_000_000 {
        format!("{} MB", tenths(1_000_000))
    } else {
        format!("{} KB", (bytes + 500) / 1000)
    }
}

/// Offers `text` as a file download named `name`.
fn download(name: &str, text: &str) -> Result<(), String> {
    let fail = |_| "The browser would not make the file.".to_string();
    let parts = js_sys::Array::of1(&text.into());
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let doc = document();
    let a: web_sys::HtmlAnchorElement = doc
        .create_element("a")
        .map_err(fail)?
        .dyn_into()
        .map_err(|_| "The browser would not make the file.".to_string())?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// The About page (`/about`).
pub fn about_page() -> AnyView {
    let app = use_app();
    let room: RwSignal<Option<Space>> = RwSignal::new(None);
    let kept: RwSignal<Vec<KeptAside>> = RwSignal::new(Vec::new());
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let reload = move || {
        spawn_local(async move {
            room.set(Some(space().await));
            if let Some(s) = store_or_report().await {
                match s.kept_aside().await {
                    Ok(k) => {
                        app.kept_aside.set(k.len());
                        kept.set(k);
                    }
                    Err(e) => error.set(Some(format!("Kept-aside items could not be read: {e}."))),
                }
            }
        });
    };
    Effect::new(move |done: Option<bool>| {
        if done == Some(true) || !app.ready.get() {
            return done.unwrap_or(false);
        }
        reload();
        true
    });
    let discard = move |key: String| {
        spawn_local(async move {
            let Some(s) = store_or_report().await else {
                return;
            };
            match s.discard_aside(&key).await {
                Ok(()) => reload(),
                Err(e) => error.set(Some(format!("Not deleted: {e}."))),
            }
        });
    };

    view! {
        <section class="page about">
            {back_bar("About".into(), None)}
            <p>{format!("Chicken Scores keeps score for {}. Every game lives on this phone only, and works offline.", crate::rules::join_names(&crate::rules::GAMES.iter().map(|k| k.name()).collect::<Vec<_>>()))}</p>
            <h2>"At the table"</h2>
            <crate::app::wake_lock::WakeSwitch/>
            <h2>"Storage"</h2>
            {move || match room.get() {
                None => view! { <p class="hint">"Measuring…"</p> }.into_any(),
                Some(r) => view! {
                    <dl class="storage" data-testid="storage">
                        <dt>"Used"</dt><dd data-testid="used">{size(r.used)}</dd>
                        <dt>"Available"</dt><dd data-testid="available">{size(r.quota.saturating_sub(r.used))}</dd>
                        <dt>"Kept when space runs low"</dt>
                        <dd data-testid="persisted">{match r.persisted {
                            Some(true) => "Yes: the browser will not clear it by itself",
                            Some(false) => "Not promised: the browser may clear it if the phone runs out of space",
                            None => "Unknown",
                        }}</dd>
                    </dl>
                }.into_any(),
            }}
            <crate::app::pages::keep_games::KeepGames shown=true/>
            <p class="hint">"If the phone's storage fills up, delete finished games you no longer need (Finished games, then the bin beside a game), after downloading a copy."</p>
            <a class="button secondary wide" href="/records/backup" data-testid="backup-link">"Back up or move every game"</a>
            <p class="form-error" role="alert">{move || error.get()}</p>
            <h2 id="kept-aside">"Kept aside"</h2>
            {move || {
                let items = kept.get();
                if items.is_empty() {
                    return view! { <p class="hint">"Nothing: every saved item could be read."</p> }.into_any();
                }
                view! {
                    <p class="hint">"These saved items could not be read by this version. Each is kept exactly as it was: download it to keep it or to ask for help, or delete it."</p>
                    <ul class="kept-list" data-testid="kept-list">
                        {items.into_iter().map(|q| {
                            let (key, key2) = (q.key.clone(), q.key.clone());
                            let raw = q.raw.clone();
                            let name = format!("chicken-scores-kept-{}.txt", q.key);
                            view! {
                                <li>
                                    <strong>{q.label.clone()}</strong>
                                    <small>{format!("{} · from {} · {}", q.reason, q.from, format_date(q.at_ms))}</small>
                                    <div class="row">
                                        <button type="button" class="secondary"
                                            aria-label=format!("Download kept item {key}")
                                            on:click=move |_| { let _ = download(&name, &raw); }>"Download"</button>
                                        <button type="button" class="secondary"
                                            aria-label=format!("Delete kept item {key2}")
                                            on:click=move |_| discard(key.clone())>"Delete"</button>
                                    </div>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                }.into_any()
            }}
        </section>
    }
    .into_any()
}
