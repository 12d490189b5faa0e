//! Backup (`/records/backup`): every game, night and player of this phone
//! as one file, to download or share; and a file from another phone,
//! checked whole ([`crate::model::backup::read_backup`]), previewed game by
//! game, and imported on "Import" in one transaction.

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;

use crate::app::erased::dynamic;
use crate::app::pages::back_bar;
use crate::app::pages::new_game_page::new_id;
use crate::app::{now_ms, store_or_report, sync, use_app};
use crate::model::backup::{read_backup, too_large, Verdict, MAX_BACKUP_BYTES};
use crate::storage::backup::{Plan, PlannedGame};
use crate::storage::bounded;

/// The file made for download: its name, its text and its Blob URL.
#[derive(Clone)]
struct Made {
    name: String,
    text: String,
    url: String,
}

/// "chicken-scores-2026-11-23.json", dated in the phone's time zone.
fn file_name(ms: i64) -> String {
    let d = js_sys::Date::new(&JsValue::from_f64(ms as f64));
    format!(
        "chicken-scores-{:04}-{:02}-{:02}.json",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date()
    )
}

/// A Blob URL for `text` as a JSON file.
fn blob_url(text: &str) -> Option<String> {
    let parts = js_sys::Array::of1(&text.into());
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts).ok()?;
    web_sys::Url::create_object_url_with_blob(&blob).ok()
}

/// The file as a `File` the share sheet can take, if this browser can
/// share files.
fn shareable(made: &Made) -> Option<(JsValue, JsValue)> {
    let nav: JsValue = web_sys::window()?.navigator().into();
    let can = js_sys::Reflect::get(&nav, &"canShare".into()).ok()?;
    let can: js_sys::Function = can.dyn_into_function()?;
    let parts = js_sys::Array::of1(&made.text.as_str().into());
    let opts = web_sys::FilePropertyBag::new();
    opts.set_type("application/json");
    let file = web_sys::File::new_with_str_sequence_and_options(&parts, &made.name, &opts).ok()?;
    let data = js_sys::Object::new();
    js_sys::Reflect::set(&data, &"files".into(), &js_sys::Array::of1(&file)).ok()?;
    js_sys::Reflect::set(&data, &"title".into(), &"Chicken Scores backup".into()).ok()?;
    let ok = can.call1(&nav, &data).ok()?.as_bool()?;
    ok.then(|| (nav, data.into()))
}

/// `JsValue` as a function, if it is one.
trait AsFunction {
    fn dyn_into_function(self) -> Option<js_sys::Function>;
}

impl AsFunction for JsValue {
    fn dyn_into_function(self) -> Option<js_sys::Function> {
        use wasm_bindgen::JsCast;
        self.dyn_into::<js_sys::Function>().ok()
    }
}

/// Opens the share sheet with the file.
fn share(made: &Made) -> Result<(), String> {
    let (nav, data) =
        shareable(made).ok_or("This phone cannot share files: download it instead.")?;
    let share = js_sys::Reflect::get(&nav, &"share".into())
        .ok()
        .and_then(AsFunction::dyn_into_function)
        .ok_or("This phone cannot share files: download it instead.")?;
    let promise = share
        .call1(&nav, &data)
        .map_err(|_| "The file could not be shared.".to_string())?;
    if let Ok(p) = promise.dyn_into_promise() {
        spawn_local(async move {
            let _ = JsFuture::from(p).await;
        });
    }
    Ok(())
}

/// `JsValue` as a promise, if it is one.
trait AsPromise {
    fn dyn_into_promise(self) -> Result<js_sys::Promise, JsValue>;
}

impl AsPromise for JsValue {
    fn dyn_into_promise(self) -> Result<js_sys::Promise, JsValue> {
        use wasm_bindgen::JsCast;
        self.dyn_into::<js_sys::Promise>()
    }
}

/// The export half: the file, ready to download or share.
fn export_part() -> AnyView {
    let app = use_app();
    let made: RwSignal<Option<Made>> = RwSignal::new(None);
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let can_share = RwSignal::new(false);
    let make = move || {
        spawn_local(async move {
            let Some(s) = store_or_report().await else {
                return;
            };
            match s.export().await {
                Ok(text) => match blob_url(&text) {
                    Some(url) => {
                        let m = Made {
                            name: file_name(now_ms()),
                            text,
                            url,
                        };
                        can_share.set(shareable(&m).is_some());
                        if let Some(old) = made.get_untracked() {
                            let _ = web_sys::Url::revoke_object_url(&old.url);
                        }
                        made.set(Some(m));
                    }
                    None => error.set(Some("The browser would not make the file.".into())),
                },
                Err(e) => error.set(Some(format!("The games could not be read: {e}."))),
            }
        });
    };
    Effect::new(move |done: Option<bool>| {
        if done == Some(true) || !app.ready.get() {
            return done.unwrap_or(false);
        }
        make();
        true
    });
    let on_share = move |_| {
        if let Some(m) = made.get_untracked() {
            if let Err(e) = share(&m) {
                error.set(Some(e));
            }
        }
    };
    view! {
        <h2>"Save a copy"</h2>
        <p class="hint">"One file holds every game, game night and player on this phone. Keep it somewhere safe, or open it on another phone to move everything there."</p>
        {dynamic(move || match made.get() {
            None => view! { <p class="hint" role="status">"Making the file…"</p> }.into_any(),
            Some(m) => view! {
                // The file's name on a line of its own, smaller: it is one
                // long word that a 320 px button cannot hold beside "Download".
                <a class="button primary wide download" data-testid="download" href=m.url.clone() download=m.name.clone()>
                    <span>"Download "</span>
                    <small>{format!("{} ({})", m.name, kb(m.text.len()))}</small>
                </a>
                <Show when=move || can_share.get()>
                    <button type="button" class="secondary wide" data-testid="share-file" on:click=on_share>"Share the file"</button>
                </Show>
            }.into_any(),
        })}
        <p class="form-error" role="alert" data-testid="export-error">{move || error.get()}</p>
    }
    .into_any()
}

/// "34 KB" (whole numbers: no float printing in the WASM).
fn kb(bytes: usize) -> String {
    format!("{} KB", bytes.div_ceil(1000))
}

/// Where an import stands.
#[derive(Clone)]
enum Step {
    /// No file chosen.
    Idle,
    /// Reading and checking the file.
    Reading,
    /// Checked: what an import would do.
    Preview(Plan),
    /// Writing.
    Importing,
    /// Done, and what it did.
    Done(String),
}

/// The import half: pick a file, see the preview, import.
fn import_part() -> AnyView {
    let app = use_app();
    let step = RwSignal::new(Step::Idle);
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let picked = move |ev: leptos::ev::Event| {
        use wasm_bindgen::JsCast;
        let file = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            .and_then(|i| i.files())
            .and_then(|f| f.get(0));
        let Some(file) = file else { return };
        error.set(None);
        let size = file.size();
        if size > MAX_BACKUP_BYTES as f64 {
            step.set(Step::Idle);
            error.set(Some(too_large(size as u64)));
            return;
        }
        step.set(Step::Reading);
        spawn_local(async move {
            let text = JsFuture::from(file.text())
                .await
                .ok()
                .and_then(|v| v.as_string());
            let Some(text) = text else {
                step.set(Step::Idle);
                error.set(Some(
                    "Nothing was imported: the file could not be read.".into(),
                ));
                return;
            };
            let backup = match read_backup(&text) {
                Ok(b) => b,
                Err(e) => {
                    step.set(Step::Idle);
                    error.set(Some(e));
                    return;
                }
            };
            let Some(s) = store_or_report().await else {
                return;
            };
            match s.plan_import(backup, new_id).await {
                Ok(plan) => step.set(Step::Preview(plan)),
                Err(e) => {
                    step.set(Step::Idle);
                    error.set(Some(format!("This phone's games could not be read: {e}.")));
                }
            }
        });
    };
    let import = move |_| {
        let Step::Preview(plan) = step.get_untracked() else {
            return;
        };
        step.set(Step::Importing);
        spawn_local(async move {
            let Some(s) = store_or_report().await else {
                return;
            };
            match s.import(&plan).await {
                Ok(done) => {
                    for (_, id, rev) in &done.written {
                        sync::announce(id, *rev);
                    }
                    app.refresh();
                    step.set(Step::Done(done.message()));
                }
                Err(e) => {
                    step.set(Step::Preview(plan));
                    error.set(Some(e.message()));
                }
            }
        });
    };
    view! {
        <h2>"Import from another phone"</h2>
        <p class="hint">"Choose a backup file made by this app. It is checked whole and shown first; nothing changes until you tap Import, and no game here is ever overwritten by an older or different copy."</p>
        <label class="file-pick">
            <span>"Backup file"</span>
            <input type="file" accept="application/json,.json" data-testid="import-file" on:change=picked/>
        </label>
        <p class="form-error" role="alert" data-testid="import-error">{move || error.get()}</p>
        {dynamic(move || match step.get() {
            Step::Idle => ().into_any(),
            Step::Reading => view! { <p class="hint" role="status">"Checking the file…"</p> }.into_any(),
            Step::Importing => view! { <p class="hint" role="status">"Importing…"</p> }.into_any(),
            Step::Done(msg) => view! {
                <p class="saved-note" role="status" data-testid="import-done">{msg}</p>
                <a class="button primary wide" href="/">"See the games"</a>
            }.into_any(),
            Step::Preview(plan) => preview(&plan, Box::new(import), Box::new(move |_| step.set(Step::Idle))),
        })}
    }
    .into_any()
}

/// The most games the preview lists one by one.
const LISTED: usize = 50;

/// The preview: counts, each game and what happens to it, Import / Cancel.
fn preview(
    plan: &Plan,
    import: Box<dyn FnMut(leptos::ev::MouseEvent)>,
    cancel: Box<dyn FnMut(leptos::ev::MouseEvent)>,
) -> AnyView {
    let rows: Vec<AnyView> = plan.games.iter().take(LISTED).map(game_row).collect();
    let more = plan.games.len().saturating_sub(LISTED);
    let writes = plan.writes_anything();
    view! {
        <div class="import-preview" data-testid="import-preview">
            <p data-testid="preview-counts"><strong>{plan.headline()}</strong></p>
            <ul class="import-list">{rows}</ul>
            {(more > 0).then(|| view! { <p class="hint">{format!("and {more} more")}</p> })}
            <div class="row">
                <button type="button" class="primary" data-testid="import" disabled=!writes on:click=import>
                    {if writes { "Import" } else { "Nothing to import" }}
                </button>
                <button type="button" class="secondary" data-testid="import-cancel" on:click=cancel>"Cancel"</button>
            </div>
        </div>
    }
    .into_any()
}

/// One game of the preview: "Chickenfoot: Ann, Bob · Hand 4 of 13 · new".
fn game_row(g: &PlannedGame) -> AnyView {
    let cls = match g.verdict {
        Verdict::New | Verdict::NewerThere => "import-row adds",
        Verdict::Different => "import-row copy",
        Verdict::Same | Verdict::OlderThere => "import-row same",
    };
    view! {
        <li class=cls data-testid="preview-game">
            <span class="name">{g.game.label()}</span>
            <small>{format!("{} · {}", bounded(&g.game.state, 60), g.verdict.describe())}</small>
        </li>
    }
    .into_any()
}

/// Export and import.
pub fn backup_page() -> AnyView {
    view! {
        <section class="page backup">
            {back_bar("Backup".into(), None)}
            {export_part()}
            {import_part()}
        </section>
    }
    .into_any()
}
