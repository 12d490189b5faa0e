//! Players: everyone who has played (from the games' summaries, merged
//! with the roster), and one player's page: their stats per game, longest
//! winning streak, head-to-head, results over time and latest games, with
//! rename, merge and remove. Every figure comes from `crate::stats`; this
//! file only displays and asks storage to change.

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::problems_view;
use crate::app::components::chart::{ChartData, LineChart, Series};
use crate::app::newest_read::{NewestRead, ReadAgain};
use crate::app::pages::{back_bar, opening};
use crate::app::router::{go, Route, RouterCtx};
use crate::app::{format_date, store_or_report, sync};
use crate::model::{same_name, Summary};
use crate::stats::{
    player_stats, players, score_text, win_rate_text, GameStats, HeadToHead, PlayerLine,
    PlayerStats,
};
use crate::storage::{bounded, label_of};

/// What the players pages read: every game's summary, the roster, and
/// problems found.
#[derive(Clone, Default)]
struct Read {
    games: Vec<Summary>,
    roster: Vec<String>,
    problems: Vec<String>,
}

/// Reads every summary and the roster into `into`, and again whenever a
/// game or the club's players change (another tab, another phone), until
/// the page goes; a read finished after a newer one is not shown. (One
/// player's page reads once: a rename typed there is never redrawn away.)
fn load_and_follow(into: RwSignal<Option<Read>>) {
    let reads = NewestRead::new();
    let again = ReadAgain::new();
    let follow = move || again.run(move || load(into, reads));
    follow();
    let listener = sync::on_change(move |_| follow());
    on_cleanup(move || sync::off(listener));
}

/// Reads every summary and the roster into `into`, unless a newer read
/// has started meanwhile.
async fn load(into: RwSignal<Option<Read>>, reads: NewestRead) {
    let ticket = reads.start();
    let Some(s) = store_or_report().await else {
        return;
    };
    let (games, mut problems) = s.all_summaries().await;
    let (roster, problem) = s.roster().await;
    problems.extend(problem);
    if reads.is_newest(ticket) {
        into.set(Some(Read {
            games,
            roster: roster.names,
            problems,
        }));
    }
}

/// Everyone who has played, most games first, each linking to their page.
pub fn players_page() -> AnyView {
    let read = RwSignal::new(None::<Read>);
    load_and_follow(read);
    view! {
        <section class="page records">
            {back_bar("Players".into(), None)}
            {move || match read.get() {
                None => opening(),
                Some(r) => {
                    let list = players(&r.games, &r.roster);
                    view! {
                        {problems_view(r.problems)}
                        {if list.is_empty() {
                            view! { <p class="hint">"Nobody yet: players appear here once they are seated in a game."</p> }.into_any()
                        } else {
                            view! { <ul class="rec-list" data-testid="players">{list.into_iter().map(player_row).collect_view()}</ul> }.into_any()
                        }}
                        <p class="hint">"Games played and won count finished games; a shared win counts as a win."</p>
                    }.into_any()
                }
            }}
        </section>
    }
    .into_any()
}

/// One player in the list.
fn player_row(p: PlayerLine) -> impl IntoView {
    let on = (p.on > 0).then(|| format!(" · {} on", p.on));
    view! {
        <li>
            <a class="rec-link" href=Route::player(&p.name) data-testid="player-row">
                <strong data-testid="player-name">{bounded(&p.name, 40)}</strong>
                <small data-testid="player-counts">{format!("{} played · {} won", p.played, p.won)}{on}</small>
            </a>
        </li>
    }
}

/// One player's page: `name` as the address spells it.
pub fn player_page(name: String) -> AnyView {
    let read = RwSignal::new(None::<Read>);
    let reads = NewestRead::new();
    spawn_local(load(read, reads));
    let title = bounded(&name, 40);
    view! {
        <section class="page records">
            {back_bar(title, None)}
            {move || match read.get() {
                None => opening(),
                Some(r) => player_body(&name, r, read, reads),
            }}
        </section>
    }
    .into_any()
}

/// The page once read: the stats, or a word if nobody has that name.
fn player_body(name: &str, r: Read, read: RwSignal<Option<Read>>, reads: NewestRead) -> AnyView {
    let list = players(&r.games, &r.roster);
    let Some(me) = list.iter().find(|p| same_name(&p.name, name)).cloned() else {
        return view! {
            <p class="hint" data-testid="no-player">"Nobody of that name has played here."</p>
            <a class="button secondary wide" href="/records/players">"All players"</a>
        }
        .into_any();
    };
    let stats = player_stats(&me.name, &r.games);
    let others: Vec<String> = list
        .iter()
        .filter(|p| !same_name(&p.name, &me.name))
        .map(|p| p.name.clone())
        .collect();
    view! {
        {problems_view(r.problems)}
        {overview(&stats)}
        {per_game_view(&stats.per_game)}
        {chart_view(&me.name, &stats)}
        {head_to_head_view(&stats.head_to_head)}
        {recent_view(&stats.recent)}
        {manage_view(me, others, read, reads)}
    }
    .into_any()
}

/// Played, won, win rate and the longest winning streak.
fn overview(s: &PlayerStats) -> impl IntoView {
    view! {
        <dl class="rec-figures" data-testid="overview">
            <div><dt>"Played"</dt><dd data-testid="stat-played">{s.played}</dd></div>
            <div><dt>"Won"</dt><dd data-testid="stat-won">{s.won}</dd></div>
            <div><dt>"Win rate"</dt><dd data-testid="stat-rate">{win_rate_text(s.won, s.played)}</dd></div>
            <div><dt>"Longest winning streak"</dt><dd data-testid="stat-streak">{s.longest_streak}</dd></div>
        </dl>
        <p class="hint">"Finished games only. A shared win counts as a win, in the streak too (games in the order they were started)."</p>
    }
}

/// Per game: played, won, average and best final score.
fn per_game_view(rows: &[GameStats]) -> impl IntoView {
    (!rows.is_empty()).then(|| {
        let rows = rows.to_vec();
        view! {
            <h2>"By game"</h2>
            <div class="rec-wrap" tabindex="0" role="region" aria-label="By game, scrolls sideways">
                <table class="rec-table" data-testid="per-game">
                    <thead><tr><th scope="col">"Game"</th><th scope="col">"Played"</th><th scope="col">"Won"</th><th scope="col">"Average"</th><th scope="col">"Best"</th></tr></thead>
                    <tbody>
                        {rows.into_iter().map(|g| {
                            let avg = g.average.map(score_text).unwrap_or_else(|| "–".into());
                            let best = g.best.map(score_text).unwrap_or_else(|| "–".into());
                            let which = if g.lower_wins { "lowest" } else { "highest" };
                            view! {
                                <tr data-testid=format!("game-{}", g.kind)>
                                    <th scope="row">{g.name()}</th>
                                    <td data-testid="played">{g.played}</td>
                                    <td data-testid="won">{g.won}</td>
                                    <td data-testid="average">{avg}</td>
                                    <td data-testid="best">{best}<small class="rec-note">{which}</small></td>
                                </tr>
                            }
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
            <p class="hint">"Average and best are final scores; best is the lowest where the lowest total wins."</p>
        }
    })
}

/// Results over time: the final score in each game of the player's most
/// played game, oldest first.
fn chart_view(name: &str, s: &PlayerStats) -> Option<AnyView> {
    let top = s.per_game.first()?;
    let values: Vec<f64> = s
        .results
        .iter()
        .filter(|r| r.kind == top.kind)
        .filter_map(|r| r.total)
        .collect();
    if values.is_empty() {
        return None;
    }
    let data = ChartData {
        title: format!(
            "{}'s final score in each game of {}",
            bounded(name, 20),
            top.name()
        ),
        step: "Game".into(),
        from_zero: false,
        series: vec![Series {
            name: bounded(name, 20),
            values,
            highlight: false,
        }],
        highlight_note: String::new(),
    };
    let caption = format!(
        "Final score in each game of {}, their most played game, oldest first ({} is best).",
        top.name(),
        if top.lower_wins { "lower" } else { "higher" }
    );
    Some(
        view! {
            <h2>"Results over time"</h2>
            <div data-testid="results-chart"><LineChart data=Signal::derive(move || data.clone())/></div>
            <p class="hint">{caption}</p>
        }
        .into_any(),
    )
}

/// Against each opponent: games together, ahead, behind, level.
fn head_to_head_view(rows: &[HeadToHead]) -> impl IntoView {
    (!rows.is_empty()).then(|| {
        let rows = rows.to_vec();
        view! {
            <h2>"Head to head"</h2>
            <div class="rec-wrap names" tabindex="0" role="region" aria-label="Head to head, scrolls sideways">
                <table class="rec-table" data-testid="h2h">
                    <thead><tr><th scope="col">"Against"</th><th scope="col">"Games"</th><th scope="col">"Ahead"</th><th scope="col">"Behind"</th><th scope="col">"Level"</th></tr></thead>
                    <tbody>
                        {rows.into_iter().map(|h| view! {
                            <tr>
                                <th scope="row"><a href=Route::player(&h.opponent)>{bounded(&h.opponent, 20)}</a></th>
                                <td data-testid="together">{h.together}</td>
                                <td data-testid="ahead">{h.ahead}</td>
                                <td data-testid="behind">{h.behind}</td>
                                <td data-testid="level">{h.level}</td>
                            </tr>
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
            <p class="hint">"Ahead: finished in a better place than them; level: shared a place."</p>
        }
    })
}

/// The latest games, newest first, each opening its score sheet.
fn recent_view(games: &[Summary]) -> impl IntoView {
    let games = games.to_vec();
    view! {
        <h2>"Latest games"</h2>
        <ul class="rec-list" data-testid="recent">
            {games.into_iter().map(|g| view! {
                <li>
                    <a class="rec-link" href=format!("/play/{}/{}", g.kind, g.id)>
                        <strong>{label_of(&g)}</strong>
                        <small>{g.summary.clone()}" · "{format_date(g.created_ms)}</small>
                    </a>
                </li>
            }).collect_view()}
        </ul>
    }
}

/// Rename, merge into another spelling, or remove (never played).
fn manage_view(
    me: PlayerLine,
    others: Vec<String>,
    read: RwSignal<Option<Read>>,
    reads: NewestRead,
) -> impl IntoView {
    let typed = RwSignal::new(String::new());
    let merge_into = RwSignal::new(String::new());
    let error = RwSignal::new(String::new());
    let busy = RwSignal::new(false);
    let name = StoredValue::new(me.name.clone());
    // Captured now: after an await there is no context to read it from.
    let router = use_context::<RouterCtx>();
    let to_page = move |path: &str| {
        if let Some(ctx) = router {
            go(ctx, path);
        }
    };
    let rename_to = move |to: String| {
        if busy.get_untracked() {
            return;
        }
        busy.set(true);
        spawn_local(async move {
            let Some(s) = store_or_report().await else {
                return;
            };
            match s.rename_player(&name.get_value(), &to).await {
                Ok(changed) => {
                    for (id, rev) in changed {
                        sync::announce(&id, rev);
                    }
                    super::club_bridge::renamed(&name.get_value(), &to);
                    spawn_local(load(read, reads));
                    to_page(&Route::player(to.trim()));
                }
                Err(e) => error.set(e.message()),
            }
            busy.set(false);
        });
    };
    let remove = move |_| {
        spawn_local(async move {
            let Some(s) = store_or_report().await else {
                return;
            };
            match s.remove_player(&name.get_value()).await {
                Ok(()) => to_page("/records/players"),
                Err(e) => error.set(e.message()),
            }
        });
    };
    let never_played = me.played == 0 && me.on == 0;
    view! {
        <h2>"Change"</h2>
        <form class="rec-form" on:submit=move |ev| { ev.prevent_default(); rename_to(typed.get_untracked()); }>
            <label class="field">
                <span>"Rename (every game shows the new name)"</span>
                <input type="text" autocomplete="off" maxlength="60" data-testid="rename-input"
                    prop:value=move || typed.get() on:input=move |ev| typed.set(event_target_value(&ev))/>
            </label>
            <button type="submit" class="primary" data-testid="rename" disabled=move || busy.get()>"Rename"</button>
        </form>
        {(!others.is_empty()).then(|| view! {
            <form class="rec-form" on:submit=move |ev| { ev.prevent_default(); let to = merge_into.get_untracked(); if !to.is_empty() { rename_to(to); } }>
                <label class="field">
                    <span>"Same person as (merge the two)"</span>
                    <select data-testid="merge-select" on:change=move |ev| merge_into.set(event_target_value(&ev))>
                        <option value="">"Choose a player"</option>
                        {others.into_iter().map(|o| view! { <option value=o.clone()>{bounded(&o, 40)}</option> }).collect_view()}
                    </select>
                </label>
                <button type="submit" class="secondary" data-testid="merge" disabled=move || busy.get() || merge_into.get().is_empty()>"Merge"</button>
            </form>
        })}
        <p class="hint">"Merging renames this player into the other everywhere; it is refused if they played in the same game (then they are two people)."</p>
        {never_played.then(|| view! {
            <button type="button" class="danger wide" data-testid="remove-player" on:click=remove>"Remove from the players"</button>
        })}
        <p class="field-error" role="alert" data-testid="player-error">{move || error.get()}</p>
    }
}
