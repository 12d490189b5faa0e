//! Finished games: newest first, narrowed by game, player, date and a
//! search by name ([`crate::model::search`]), shown a page at a time. Each
//! row opens its game (where "Reopen to correct" lets any entry be
//! corrected), starts a rematch in the game's bundle, or is deleted with
//! Undo for a few seconds.

use leptos::prelude::*;

use crate::app::erased::{dynamic, on_click, on_value, text};
use crate::app::pages::{back_bar, opening, Deleting};
use crate::app::{format_date, now_ms, store_or_report, use_app};
use crate::model::search::{fold, players_of, Filter, Period};
use crate::model::Summary;
use crate::rules::{GameKind, GAMES};
use crate::storage::label_of;

/// How many finished games a page shows.
const PAGE: usize = 20;

/// `text` as the search matches it: the browser's lower case (every
/// script), then [`fold`] (accents).
fn search_key(text: &str) -> String {
    fold(&String::from(
        js_sys::JsString::from(text).to_locale_lower_case(None),
    ))
}

/// The start of this year on the phone's clock (ms since the epoch).
fn year_start_ms() -> i64 {
    let now = js_sys::Date::new_0();
    js_sys::Date::new_with_year_month_day(now.get_full_year(), 0, 1).get_time() as i64
}

/// A finished game with its players' names as the search matches them.
type Row = (Summary, Vec<String>);

/// A filter's options: (value, name) pairs, read again when what they
/// come from changes.
type Options = Box<dyn Fn() -> Vec<(String, String)> + Send + Sync>;

/// One filter: a list whose options are (value, name) pairs. One copy
/// serves the three lists (each view tree costs the first load bytes).
fn filter_select(
    label: &'static str,
    id: &'static str,
    value: RwSignal<String>,
    options: Options,
    reset: Callback<()>,
) -> AnyView {
    let options = dynamic(move || {
        options()
            .into_iter()
            .map(|(v, name)| view! { <option value=v>{name}</option> })
            .collect_view()
            .into_any()
    });
    view! {
        <select aria-label=label data-testid=id
            prop:value=text(move || value.get())
            on:change=on_value(move |v| { value.set(v); reset.run(()) })>
            {options}
        </select>
    }
    .into_any()
}

/// The filters' controls: game, player, date, search.
fn filters_view(rows: RwSignal<Vec<Row>>, f: Filters, shown: RwSignal<usize>) -> impl IntoView {
    let reset = Callback::new(move |_: ()| shown.set(PAGE));
    let all = |name: &str| (String::new(), name.to_string());
    let games: Vec<(String, String)> = std::iter::once(all("All games"))
        .chain(
            GAMES
                .iter()
                .map(|k| (k.as_str().to_string(), k.name().to_string())),
        )
        .collect();
    let players = Box::new(move || {
        let found = rows.with(|r| players_of(r.iter().map(|(s, n)| (s, n.as_slice()))));
        std::iter::once(all("All players"))
            .chain(found.into_iter().map(|(name, key)| (key, name)))
            .collect()
    });
    let periods: Vec<(String, String)> = Period::ALL
        .iter()
        .enumerate()
        .map(|(i, p)| (i.to_string(), p.label().to_string()))
        .collect();
    view! {
        <div class="history-filters" data-testid="filters">
            {filter_select("Game", "filter-game", f.kind, Box::new(move || games.clone()), reset)}
            {filter_select("Player", "filter-player", f.player, players, reset)}
            {filter_select("When", "filter-when", f.period, Box::new(move || periods.clone()), reset)}
            <input type="search" aria-label="Search by player name" placeholder="Search names"
                data-testid="filter-search" maxlength="40" autocomplete="off"
                prop:value=text(move || f.query.get())
                on:input=on_value(move |v| { f.query.set(v); reset.run(()) })/>
        </div>
    }
}

/// What the filters hold: the game's id, the player's folded name, the
/// period's place in [`Period::ALL`], what is typed in the search box
/// (empty: everything).
#[derive(Clone, Copy)]
struct Filters {
    kind: RwSignal<String>,
    player: RwSignal<String>,
    period: RwSignal<String>,
    query: RwSignal<String>,
}

/// One finished game: what it was, Open, Rematch, Delete.
fn row_view(e: Summary, delete: impl Fn(String, String) + Copy + 'static) -> impl IntoView {
    let label = label_of(&e);
    let rematch = e
        .kind
        .parse::<GameKind>()
        .ok()
        .map(|k| crate::app::router::Route::rematch(k, &e.id));
    let (id, l2) = (e.id.clone(), label.clone());
    view! {
        <li class="history-row" data-testid="finished-game">
            <strong>{label.clone()}</strong>
            <small>{e.summary.clone()}" · "{format_date(e.updated_ms)}</small>
            <div class="history-actions">
                <a class="button secondary small" href=format!("/play/{}/{}", e.kind, e.id)
                    aria-label=format!("Open {label} (to see or correct it)") data-testid="open">"Open"</a>
                {rematch.map(|href| view! {
                    <a class="button secondary small" href=href aria-label=format!("Rematch {label}") data-testid="rematch">"Rematch"</a>
                })}
                <button type="button" class="icon danger" aria-label=format!("Delete {label}")
                    on:click=on_click(move |_| delete(id.clone(), l2.clone()))>"🗑"</button>
            </div>
        </li>
    }
}

/// The history's chunk.
pub const HISTORY: crate::app::lazy::Chunk =
    crate::app::lazy::Chunk::new("history", || Box::pin(preload_history()));

#[leptos::wasm_split::wasm_split(history_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_history))]
fn page_in_chunk(
    _route: crate::app::router::Route,
) -> Result<AnyView, leptos::wasm_split::SplitLoaderError> {
    Ok(view! { <HistoryPage/> }.into_any())
}

/// The history page, from its loaded chunk.
pub fn page(
    route: crate::app::router::Route,
) -> Option<Result<AnyView, leptos::wasm_split::SplitLoaderError>> {
    crate::app::lazy::now(page_in_chunk(route))
}

/// How long after the history shows a game's code is fetched.
const NEXT_PAGE_AFTER_MS: u64 = 1000;

/// Reads every finished game into `rows`.
async fn read_finished(
    app: crate::app::AppCtx,
    rows: RwSignal<Vec<Row>>,
    loaded: RwSignal<bool>,
    empty: RwSignal<bool>,
) {
    let Some(s) = store_or_report().await else {
        return;
    };
    let (all, problems) = s.all_finished().await;
    empty.set(all.is_empty());
    rows.set(
        all.into_iter()
            .map(|g| {
                let keys = g.players.iter().map(|p| search_key(p)).collect();
                (g, keys)
            })
            .collect(),
    );
    app.report(problems);
    if !loaded.get_untracked() {
        loaded.set(true);
    }
}

/// The history page.
#[component]
pub fn HistoryPage() -> impl IntoView {
    let app = use_app();
    // The likeliest next page is a finished game's: its code is fetched
    // while the list is read.
    if let Some(loader) = use_context::<crate::app::lazy::Loader>() {
        loader.prefetch_later(crate::app::pages::game_page::GAMES, NEXT_PAGE_AFTER_MS);
    }
    let rows: RwSignal<Vec<Row>> = RwSignal::new(Vec::new());
    let loaded = RwSignal::new(false);
    let shown = RwSignal::new(PAGE);
    let f = Filters {
        kind: RwSignal::new(String::new()),
        player: RwSignal::new(String::new()),
        period: RwSignal::new("0".to_string()),
        query: RwSignal::new(String::new()),
    };
    let deleting = Deleting::new();
    // Whether there is no finished game at all (set with `rows`, so the
    // filters are drawn once, not again on every delete).
    let empty = RwSignal::new(false);

    // One read at a time: changes heard meanwhile read once more after it
    // (a club's games arriving by the hundred).
    let reading = crate::app::newest_read::ReadAgain::new();
    let load = move || reading.run(move || read_finished(app, rows, loaded, empty));
    // A game saved in another tab, or changed on another phone (one at
    // rest here included), shows without leaving the page.
    let listener = crate::app::sync::on_change(move |_| {
        if loaded.get_untracked() {
            load();
        }
    });
    on_cleanup(move || crate::app::sync::off(listener));
    // Once storage is open (at once, unless this is the first screen).
    Effect::new(move |done: Option<bool>| {
        if done == Some(true) || !app.ready.get() {
            return done.unwrap_or(false);
        }
        load();
        true
    });

    // Plain closures, not derived signals: each signal of a new type
    // costs the first load kilobytes of reactive code.
    let filter = move || {
        let some = |s: String| (!s.is_empty()).then_some(s);
        let when = f.period.with(|p| p.parse::<usize>().ok());
        let when = when.and_then(|i| Period::ALL.get(i).copied());
        Filter {
            kind: some(f.kind.get()),
            player: some(f.player.get()),
            since_ms: when.unwrap_or_default().since(now_ms(), year_start_ms()),
            query: search_key(&f.query.get()),
        }
    };
    let matching = move || {
        let f = filter();
        rows.with(|r| {
            r.iter()
                .filter(|(s, n)| f.keeps(s, n))
                .map(|(s, _)| s.clone())
                .collect::<Vec<Summary>>()
        })
    };

    let gone = Callback::new(move |id: String| {
        rows.update(|g| g.retain(|x| x.0.id != id));
        if rows.with_untracked(Vec::is_empty) {
            empty.set(true);
        }
        app.finished.update(|n| *n = n.saturating_sub(1));
    });
    let back = Callback::new(move |_: ()| {
        app.finished.update(|n| *n += 1);
        load();
    });
    let delete = move |id: String, label: String| deleting.delete(id, label, gone);
    let counted = text(move || {
        let (n, all) = (matching().len(), rows.with(Vec::len));
        if filter().is_empty() {
            crate::rules::count(all, "finished game")
        } else {
            format!("{n} of {}", crate::rules::count(all, "finished game"))
        }
    });

    view! {
        <section class="page history">
            {back_bar("Finished games".into(), None)}
            {deleting.status(back)}
            {dynamic(move || {
                if !loaded.get() {
                    return opening();
                }
                if empty.get() {
                    return view! { <p class="hint">"No finished games yet."</p> }.into_any();
                }
                view! {
                    {filters_view(rows, f, shown)}
                    <p class="hint" role="status" data-testid="history-count">{counted}</p>
                    {dynamic(move || {
                        let list = matching();
                        if list.is_empty() {
                            return view! { <p class="hint" data-testid="no-match">"No finished game matches. Change the filters to see more."</p> }.into_any();
                        }
                        let more = list.len() > shown.get();
                        view! {
                            <ul class="game-list" data-testid="finished">
                                {list.into_iter().take(shown.get()).map(|e| row_view(e, delete)).collect_view()}
                            </ul>
                            {more.then(|| view! {
                                <button type="button" class="secondary wide" data-testid="more"
                                    on:click=on_click(move |_| shown.update(|n| *n += PAGE))>"Show older games"</button>
                            })}
                        }.into_any()
                    })}
                }.into_any()
            })}
        </section>
    }
}
