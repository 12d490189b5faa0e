//! Home's game-night card: links to Players and Game nights, and either
//! the night that is on (with its games so far), a suggestion to make
//! tonight a game night (two games started close together, one tap), or a
//! link to start one (the form is on the Game nights page, in the records
//! bundle: every element here is paid for in the first load). What belongs
//! and when to suggest come from `crate::stats`.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::records::nights::night_title;
use crate::app::router::Route;
use crate::app::{now_ms, store_or_report, use_app};
use crate::model::{Night, Summary};
use crate::rules::count;
use crate::stats::{members, open_night, suggestion, IDLE_END_MS, SUGGEST_WITHIN_MS};
use crate::storage::label_of;

/// How many of the latest finished games the card reads (a night's games
/// are among the latest).
const RECENT: usize = 40;

/// The nights, and the games the card looks at.
type Seen = (Vec<Night>, Vec<Summary>);

/// The game-night card and the links to the records pages; `read` is set
/// once the nights are read.
#[component]
pub fn NightCard(read: RwSignal<bool>) -> impl IntoView {
    let app = use_app();
    let seen = RwSignal::new(None::<Seen>);
    let error = RwSignal::new(String::new());
    let reload = move || {
        spawn_local(async move {
            let Some(s) = store_or_report().await else {
                read.set(true);
                return;
            };
            let nights = s.nights_brief().await;
            let (mut games, _) = s.finished(0, RECENT).await;
            let on = app.in_progress.get_untracked();
            games.retain(|g| !on.iter().any(|o| o.id == g.id));
            games.extend(on);
            seen.set(Some((nights, games)));
            read.set(true);
        });
    };
    // Read again whenever the games in progress are (a save, another tab).
    Effect::new(move |_| {
        app.in_progress.track();
        if app.ready.get() {
            reload();
        }
    });
    let start = Callback::new(move |(at, name): (i64, String)| {
        spawn_local(async move {
            let Some(s) = store_or_report().await else {
                return;
            };
            match s.start_night(&name, at).await {
                Ok(n) => {
                    crate::app::club::night_saved(&n);
                    error.set(String::new());
                    reload();
                }
                Err(e) => error.set(e.message()),
            }
        });
    });
    view! {
        <div class="night-area" aria-busy=move || seen.with(|s| s.is_none()).then_some("true")>
            // Until the nights are read, the usual case: no night on (the
            // page's static copy shows the same, so nothing moves).
            {move || {
                let start_night = || view! {
                    <a class="button secondary wide" href="/records/nights#start" data-testid="night-start">"Start a game night"</a>
                }.into_any();
                let Some((nights, games)) = seen.get() else {
                    return start_night();
                };
                let now = now_ms();
                if let Some(n) = open_night(&nights, &games, now) {
                    on_card(n, &games).into_any()
                } else if let Some(at) = suggestion(&nights, &games, now) {
                    suggest_card(at, start).into_any()
                } else {
                    start_night()
                }
            }}
            <p class="field-error" role="alert">{move || error.get()}</p>
            <nav class="records-links" aria-label="Records">
                <a class="button secondary small" href="/records/players" data-testid="players-link">"Players"</a>
                <a class="button secondary small" href="/records/nights" data-testid="nights-link">"Game nights"</a>
            </nav>
        </div>
    }
}

/// The night that is on, and its games so far.
fn on_card(n: &Night, games: &[Summary]) -> impl IntoView {
    let mine: Vec<Summary> = members(n, games).into_iter().cloned().collect();
    view! {
        <section class="night-card" data-testid="night-card">
            <a class="night-link" href=Route::night(&n.id)>
                <strong data-testid="night-title">{night_title(n)}</strong>
                <small>{format!("On now · {} so far", count(mine.len(), "game"))}</small>
            </a>
            <ul class="night-games">
                {mine.into_iter().map(|g| view! {
                    <li data-testid="night-card-game">{format!("{} · {}", label_of(&g), g.summary)}</li>
                }).collect_view()}
            </ul>
            <small class="hint">{format!("Games started now belong to it; it ends by itself {} hours after its last game.", IDLE_END_MS / 3_600_000)}</small>
        </section>
    }
}

/// "Make tonight a game night?": one tap starts it at the earlier game.
fn suggest_card(at: i64, start: Callback<(i64, String)>) -> impl IntoView {
    view! {
        <section class="night-card suggest" data-testid="night-suggest">
            <strong>"Make tonight a game night?"</strong>
            <small>{format!("Two games were started within {} hours of each other. A night gathers its games and keeps a table of who won.", SUGGEST_WITHIN_MS / 3_600_000)}</small>
            <button type="button" class="primary" data-testid="accept-night"
                on:click=move |_| start.run((at, String::new()))>"Yes, start a game night"</button>
        </section>
    }
}
