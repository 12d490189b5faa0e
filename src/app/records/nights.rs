//! Game nights: the list (latest first) and one night's page: its games in
//! the order they were started, with winners, and the night's table of
//! wins, placings and points naming its champion; rename the night, take
//! a game out of it, end it. Which games belong and the table come from
//! `crate::stats`; this file only displays and asks storage to save.

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::problems_view;
use crate::app::pages::{back_bar, opening};
use crate::app::router::{go, Route, RouterCtx};
use crate::app::{format_date, format_when, now_ms, store_or_report};
use crate::model::{Night, Summary};
use crate::rules::{count, join_names};
use crate::stats::{is_open, members, night_table, points_text, NightTable, IDLE_END_MS};
use crate::storage::{bounded, label_of, SaveError};

/// What the nights pages read: every night and every game's summary.
#[derive(Clone, Default)]
struct Read {
    nights: Vec<Night>,
    games: Vec<Summary>,
    problems: Vec<String>,
}

/// Reads every night and every summary into `into`.
fn load(into: RwSignal<Option<Read>>) {
    spawn_local(async move {
        let Some(s) = store_or_report().await else {
            return;
        };
        let (nights, mut problems) = s.nights().await;
        let (games, more) = s.all_summaries().await;
        problems.extend(more);
        into.set(Some(Read {
            nights,
            games,
            problems,
        }));
    });
}

/// A night's title: its name, else its date.
pub fn night_title(n: &Night) -> String {
    if n.name.trim().is_empty() {
        format!("Game night, {}", format_date(n.started_ms))
    } else {
        bounded(&n.name, 40)
    }
}

/// The champion line of a table: "Champion: Ann", "Shared champions: Ann
/// and Bob", or nothing before a game is finished.
fn champion_text(t: &NightTable) -> Option<String> {
    let names: Vec<String> = t
        .rows
        .iter()
        .take(t.champions)
        .map(|r| bounded(&r.name, 20))
        .collect();
    match names.len() {
        0 => None,
        1 => Some(format!("Champion: {}", join_names(&names))),
        _ => Some(format!("Shared champions: {}", join_names(&names))),
    }
}

/// Every night, latest first.
pub fn nights_page() -> AnyView {
    let read = RwSignal::new(None::<Read>);
    load(read);
    view! {
        <section class="page records">
            {back_bar("Game nights".into(), None)}
            {move || match read.get() {
                None => opening(),
                Some(r) if r.nights.is_empty() => view! {
                    {problems_view(r.problems)}
                    {start_form(false)}
                    <p class="hint">"No game nights yet."</p>
                }.into_any(),
                Some(r) => {
                    let now = now_ms();
                    let rows = r.nights.iter().map(|n| {
                        let games = members(n, &r.games);
                        let table = night_table(&games);
                        let on = is_open(n, &r.games, now).then_some(" · on now");
                        view! {
                            <li>
                                <a class="rec-link" href=Route::night(&n.id) data-testid="night-row">
                                    <strong>{night_title(n)}</strong>
                                    <small>{format!("{} · {}", format_date(n.started_ms), count(games.len(), "game"))}{on}</small>
                                    <small>{champion_text(&table)}</small>
                                </a>
                            </li>
                        }
                    }).collect_view();
                    let on = r.nights.iter().any(|n| is_open(n, &r.games, now));
                    view! {
                        {problems_view(r.problems)}
                        {start_form(on)}
                        <ul class="rec-list" data-testid="nights">{rows}</ul>
                    }.into_any()
                }
            }}
        </section>
    }
    .into_any()
}

/// Start a game night now, optionally named; then its page. While a night
/// is on (`on`) it says so instead.
fn start_form(on: bool) -> impl IntoView {
    let name = RwSignal::new(String::new());
    let error = RwSignal::new(String::new());
    let router = use_context::<RouterCtx>();
    let start = move || {
        spawn_local(async move {
            let Some(s) = store_or_report().await else {
                return;
            };
            match s.start_night(&name.get_untracked(), now_ms()).await {
                Ok(n) => {
                    crate::app::club::night_saved(&n);
                    if let Some(ctx) = router {
                        go(ctx, &Route::night(&n.id));
                    }
                }
                Err(e) => error.set(e.message()),
            }
        });
    };
    if on {
        return view! { <p class="hint">"A game night is on: see it below."</p> }.into_any();
    }
    view! {
        <form class="rec-form" id="start" data-testid="night-start-form"
            on:submit=move |ev| { ev.prevent_default(); start(); }>
            <label class="field">
                <span>"Name of the night (optional)"</span>
                <input type="text" autocomplete="off" maxlength="40" data-testid="night-start-name"
                    prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev))/>
            </label>
            <button type="submit" class="primary" data-testid="start-night">"Start a game night now"</button>
            <p class="hint">{format!("Games started from now on belong to it, until you end it or {} hours pass without a new game.", IDLE_END_MS / 3_600_000)}</p>
            <p class="field-error" role="alert">{move || error.get()}</p>
        </form>
    }
    .into_any()
}

/// One night's page.
pub fn night_page(id: String) -> AnyView {
    let read = RwSignal::new(None::<Read>);
    load(read);
    view! {
        <section class="page records">
            {move || match read.get() {
                None => view! { {back_bar("Game night".into(), None)}{opening()} }.into_any(),
                Some(r) => match r.nights.iter().find(|n| n.id == id).cloned() {
                    None => view! {
                        {back_bar("Game night".into(), None)}
                        <p class="hint" data-testid="no-night">"This game night is not saved on this phone."</p>
                        <a class="button secondary wide" href="/records/nights">"All game nights"</a>
                    }.into_any(),
                    Some(n) => night_body(n, r, read),
                },
            }}
        </section>
    }
    .into_any()
}

/// The night once read: its games, its table, and what can be changed.
fn night_body(n: Night, r: Read, read: RwSignal<Option<Read>>) -> AnyView {
    let games: Vec<Summary> = members(&n, &r.games).into_iter().cloned().collect();
    let refs: Vec<&Summary> = games.iter().collect();
    let table = night_table(&refs);
    let open = is_open(&n, &r.games, now_ms());
    let state = if open {
        format!(
            "On now, since {}. Games started from then on belong to it; it ends when you end it, or by itself {} hours after its last game was started.",
            format_when(n.started_ms),
            IDLE_END_MS / 3_600_000
        )
    } else {
        format!("{}. Ended.", format_date(n.started_ms))
    };
    view! {
        {back_bar(night_title(&n), None)}
        {problems_view(r.problems)}
        <p class="hint" data-testid="night-state">{state}</p>
        {champion_text(&table).map(|c| view! { <p class="rec-champion" data-testid="champion">{c}</p> })}
        {table_view(&table)}
        {games_view(&n, games, read)}
        {manage_view(n, open, read)}
    }
    .into_any()
}

/// The night's table and how it is ordered.
fn table_view(t: &NightTable) -> AnyView {
    if t.rows.is_empty() {
        return view! { <p class="hint">"The table starts with the first finished game."</p> }
            .into_any();
    }
    let places = t.rows.iter().map(|r| r.placings.len()).max().unwrap_or(1);
    let ordinal = |p: usize| match p {
        1 => "1st".to_string(),
        2 => "2nd".to_string(),
        3 => "3rd".to_string(),
        p => format!("{p}th"),
    };
    let rows = t.rows.clone();
    view! {
        <h2>"The night's table"</h2>
        <div class="rec-wrap names" tabindex="0" role="region" aria-label="The night's table, scrolls sideways">
            <table class="rec-table" data-testid="night-table">
                <thead><tr>
                    <th scope="col">"Player"</th><th scope="col">"Games"</th><th scope="col">"Wins"</th>
                    {(1..=places).map(|p| view! { <th scope="col">{ordinal(p)}</th> }).collect_view()}
                    <th scope="col">"Points"</th>
                </tr></thead>
                <tbody>
                    {rows.into_iter().map(|r| view! {
                        <tr data-testid="table-row">
                            <th scope="row" data-testid="table-name">{bounded(&r.name, 20)}</th>
                            <td data-testid="table-games">{r.games}</td>
                            <td data-testid="table-wins">{r.wins}</td>
                            {(0..places).map(|i| view! { <td data-testid=format!("table-place-{}", i + 1)>{r.placings.get(i).copied().unwrap_or(0)}</td> }).collect_view()}
                            <td data-testid="table-points">{points_text(r.points)}</td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
        </div>
        <p class="hint" data-testid="table-help">"Finished games only. Each game gives its last place 0 points and one more for each place above (1st of 4 gets 3). Players who share a place share the points of the places they cover (two sharing 1st of 4 get 2.5 each), and each counts that place. Ordered by points, then wins, then more 1sts, 2nds and so on; players level on all of these share the championship."</p>
    }
    .into_any()
}

/// The night's games in the order they were started, each with its result
/// and a button to take it out of the night.
fn games_view(n: &Night, games: Vec<Summary>, read: RwSignal<Option<Read>>) -> impl IntoView {
    let error = RwSignal::new(String::new());
    let night = StoredValue::new(n.clone());
    let take_out = move |id: String| {
        let next = night.get_value().leaving_out(&id);
        save(next, error, read);
    };
    view! {
        <h2>{format!("Games ({})", games.len())}</h2>
        {games.is_empty().then(|| view! { <p class="hint">"No game yet: games started during the night appear here."</p> })}
        <ol class="rec-list rec-games" data-testid="night-games">
            {games.into_iter().map(|g| {
                let label = label_of(&g);
                let id = g.id.clone();
                view! {
                    <li class="with-action" data-testid="night-game">
                        <a class="rec-link" href=format!("/play/{}/{}", g.kind, g.id)>
                            <strong>{label.clone()}</strong>
                            <small data-testid="night-game-result">{g.summary.clone()}</small>
                        </a>
                        <button type="button" class="secondary small" aria-label=format!("Take out {label}")
                            on:click=move |_| take_out(id.clone())>"Take out"</button>
                    </li>
                }
            }).collect_view()}
        </ol>
        <p class="field-error" role="alert">{move || error.get()}</p>
    }
}

/// Saves a changed night, then reads everything again (a conflict, too:
/// the page then shows what another tab saved).
fn save(next: Night, error: RwSignal<String>, read: RwSignal<Option<Read>>) {
    spawn_local(async move {
        let Some(s) = store_or_report().await else {
            return;
        };
        match s.save_night(&next).await {
            Ok(saved) => {
                crate::app::club::night_saved(&saved);
                error.set(String::new())
            }
            Err(SaveError::Conflict) => error.set(
                "Not saved: another tab changed this night. It now shows what is saved; try again."
                    .into(),
            ),
            Err(e) => error.set(e.message()),
        }
        load(read);
    });
}

/// Rename the night, and end it while it is on.
fn manage_view(n: Night, open: bool, read: RwSignal<Option<Read>>) -> impl IntoView {
    let typed = RwSignal::new(n.name.clone());
    let error = RwSignal::new(String::new());
    let night = StoredValue::new(n);
    let rename = move |_| match night.get_value().renamed(&typed.get_untracked()) {
        Ok(next) => save(next, error, read),
        Err(e) => error.set(e),
    };
    let end = move |_| save(night.get_value().ended_at(now_ms()), error, read);
    view! {
        <h2>"Change"</h2>
        <form class="rec-form" on:submit=move |ev| { ev.prevent_default(); rename(()); }>
            <label class="field">
                <span>"Name of the night (empty shows its date)"</span>
                <input type="text" autocomplete="off" maxlength="60" data-testid="night-name"
                    prop:value=move || typed.get() on:input=move |ev| typed.set(event_target_value(&ev))/>
            </label>
            <button type="submit" class="primary" data-testid="rename-night">"Rename"</button>
        </form>
        {open.then(|| view! {
            <button type="button" class="secondary wide" data-testid="end-night" on:click=end>"End the night"</button>
        })}
        <p class="field-error" role="alert" data-testid="night-error">{move || error.get()}</p>
        <a class="button secondary wide" href="/records/nights">"All game nights"</a>
    }
}
