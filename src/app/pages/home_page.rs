//! Home: problems found in storage, games in progress (each card shows the
//! players' totals, who leads and when it was last saved, and can be
//! deleted with Undo for a few seconds), then start a game.

use leptos::prelude::*;

use crate::app::pages::{home_space, opening, Deleting, ThemeToggle};
use crate::app::router::Route;
use crate::app::{format_when, use_app};
use crate::model::Summary;
use crate::rules::{count, echo, join_names, GAMES};
use crate::storage::label_of;

/// The home page.
#[component]
pub fn HomePage() -> impl IntoView {
    let app = use_app();
    let deleting = Deleting::new();
    let gone =
        Callback::new(move |id: String| app.in_progress.update(|g| g.retain(|x| x.id != id)));
    let delete =
        Callback::new(move |(id, label): (String, String)| deleting.delete(id, label, gone));
    let back = Callback::new(move |_: ()| app.refresh());
    // The page's static copy (public/index.html, painted before the WASM
    // arrives) is this view before storage opens: the same elements in
    // the same places, so taking it over moves nothing. Storage open, the
    // games in progress take the place of "Opening your games…".
    let ready = move || app.ready.get();
    // Until the games and the night are read, the space they took last
    // time is kept for them (home_space), so nothing below moves.
    let night_read = RwSignal::new(false);
    let settled = move || ready() && night_read.get();
    let reserve = home_space::remembered();
    let top = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        app.in_progress.track();
        if let (true, Some(el)) = (settled(), top.get()) {
            home_space::remember(el.into());
        }
    });
    view! {
        <section class="page home">
            <header class="bar">
                <h1>"🐔 Chicken Scores"</h1>
                <ThemeToggle/>
            </header>
            <Problems/>
            <h2>"Games in progress"</h2>
            <div class="home-top" node_ref=top
                style:min-height=move || reserve.filter(|_| !settled()).map(|h| format!("{h}px"))>
            <Show when=ready fallback=opening>
            {deleting.status(back)}
            {move || {
                let games = app.in_progress.get();
                // The club's games in progress not on this phone yet.
                let (mut arriving, _) = crate::app::club::arriving();
                arriving.retain(|a| games.iter().all(|g| g.id != a.id));
                if games.is_empty() && arriving.is_empty() {
                    view! { <p class="hint">"None right now. Start one below."</p> }.into_any()
                } else {
                    view! {
                        <ul class="game-list" data-testid="in-progress">
                            {games.into_iter().map(|e| game_card(e, delete)).collect_view()}
                            {arriving.into_iter().map(arriving_card).collect_view()}
                        </ul>
                    }.into_any()
                }
            }}
            </Show>
            <crate::app::pages::night_card::NightCard read=night_read/>
            </div>
            <h2>"Start a game"</h2>
            <ul class="kinds">
                {GAMES.iter().map(|k| view! {
                    <li><a class="kind-link" href=Route::new_game(*k) data-testid=format!("new-{}", k.as_str())>
                        <strong>{k.name()}</strong>
                        <small>{kind_line(*k)}</small>
                    </a></li>
                }).collect_view()}
            </ul>
            <a class="button secondary wide" href="/history" data-testid="history-link">
                {move || if ready() { format!("Finished games ({})", app.finished.get() + crate::app::club::arriving().1) } else { "Finished games".to_string() }}
            </a>
            <a class="button secondary wide" href="/records/club" data-testid="home-club">
                {match crate::storage::membership::stored_name() {
                    Some(name) if !name.is_empty() => format!("Club: {name}"),
                    Some(_) => "Club".to_string(),
                    None => "Club: share games between phones".to_string(),
                }}
            </a>
            <a class="button secondary wide" href="/about" data-testid="about-link">"About, storage and backup"</a>
            <crate::app::pages::keep_games::KeepGames
                shown=Signal::derive(move || ready() && (!app.in_progress.get().is_empty() || app.finished.get() > 0))/>
        </section>
    }
}

/// What a game's link on home says under its name ("Dominoes · 2–8
/// players"); the page's static copy says the same (`src/bin/games.rs`).
pub fn kind_line(k: crate::rules::GameKind) -> String {
    format!(
        "{} · {}–{} players",
        k.blurb(),
        k.players().start(),
        k.players().end()
    )
}

/// One game in progress: its players and their totals, who leads, the
/// state of play and when it was last saved (a summary written before
/// totals were kept shows none); a tap opens it. Beside it, Delete.
fn game_card(e: Summary, delete: Callback<(String, String)>) -> impl IntoView {
    let href = format!("/play/{}/{}", e.kind, e.id);
    let label = label_of(&e);
    let (lead, scores) = card_lines(&e);
    let testid = format!("game-{}", e.id);
    let (id, name) = (e.id.clone(), label.clone());
    view! {
        <li class="with-action game-card" data-testid=testid>
            <a class="game-link" href=href>
                <strong class="game-title">{label.clone()}</strong>
                <span class="game-lead" data-testid="lead">{lead}</span>
                <span class="scores" data-testid="scores">{scores}</span>
                <small class="game-state">{e.summary.clone()}</small>
                <small class="game-when" data-testid="when">{format_when(e.updated_ms)}</small>
            </a>
            <button type="button" class="danger card-delete" aria-label=format!("Delete {label}")
                on:click=move |_| delete.run((id.clone(), name.clone()))>"Delete"</button>
        </li>
    }
}

/// A game of the club in progress that is not on this phone yet: its
/// players and when it began, said to be arriving; a tap opens it (the
/// club's sync then fetches it first).
fn arriving_card(e: Summary) -> impl IntoView {
    let href = format!("/play/{}/{}", e.kind, e.id);
    view! {
        <li class="game-card arriving" data-testid=format!("game-{}", e.id)>
            <a class="game-link" href=href>
                <strong class="game-title">{label_of(&e)}</strong>
                <small class="game-state" data-testid="arriving">"Arriving from the club…"</small>
                <small class="game-when" data-testid="when">{format_when(e.updated_ms)}</small>
            </a>
        </li>
    }
}

/// A card's lines about the score: who leads ("Leading: Ann", "All
/// level") and every total ("Ann 0 · Bob 12"), each name at most 12
/// letters; both empty for a summary written before totals were kept.
fn card_lines(e: &Summary) -> (String, String) {
    if e.totals.is_empty() {
        return (String::new(), String::new());
    }
    let leading: Vec<String> = e
        .leaders
        .iter()
        .filter_map(|i| e.players.get(*i).map(|n| echo(n)))
        .collect();
    let lead = if leading.is_empty() {
        "All level".to_string()
    } else {
        format!("Leading: {}", join_names(&leading))
    };
    let scores: Vec<String> = e
        .players
        .iter()
        .zip(&e.totals)
        .map(|(name, total)| format!("{} {total}", echo(name)))
        .collect();
    (lead, scores.join(" · "))
}

/// Storage problems, and a pointer to what was kept aside.
#[component]
fn Problems() -> impl IntoView {
    let app = use_app();
    view! {
        {move || app.problems.get().into_iter().map(|p| view! {
            <p class="banner warn" role="alert" data-testid="problem">{p}</p>
        }).collect_view()}
        {move || {
            let n = app.kept_aside.get();
            let were = if n == 1 { "was" } else { "were" };
            (n > 0).then(|| view! {
                <a class="banner warn kept-aside" href="/about#kept-aside" data-testid="kept-aside">
                    {format!("{} could not be read and {were} kept aside: see About", count(n, "saved item"))}
                </a>
            })
        }}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(players: &[&str], totals: &[&str], leaders: &[usize]) -> Summary {
        Summary {
            schema: 2,
            id: "g".into(),
            rev: 1,
            kind: "chickenfoot".into(),
            players: players.iter().map(|p| p.to_string()).collect(),
            created_ms: 0,
            updated_ms: 0,
            finished: false,
            summary: "Hand 2 of 10".into(),
            totals: totals.iter().map(|t| t.to_string()).collect(),
            leaders: leaders.to_vec(),
            ranks: Vec::new(),
        }
    }

    #[test]
    fn cards_say_who_leads_and_every_total() {
        let s = summary(&["Ann", "Bob", "Cy"], &["0", "12", "0"], &[0, 2]);
        assert_eq!(
            card_lines(&s),
            ("Leading: Ann and Cy".into(), "Ann 0 · Bob 12 · Cy 0".into())
        );
        let level = summary(&["Ann", "Bob"], &["0", "0"], &[]);
        assert_eq!(card_lines(&level).0, "All level");
        // Written before totals were kept: nothing about the score.
        let old = summary(&["Ann", "Bob"], &[], &[]);
        assert_eq!(card_lines(&old), (String::new(), String::new()));
        // Long names are cut; a seat out of range is skipped.
        let long = "A".repeat(40);
        let s = summary(&[&long, "Bob"], &["-2.5", "3"], &[0, 7]);
        let (lead, scores) = card_lines(&s);
        assert_eq!(lead, "Leading: AAAAAAAAAAAA…");
        assert_eq!(scores, "AAAAAAAAAAAA… -2.5 · Bob 3");
    }
}
