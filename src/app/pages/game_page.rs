//! The game page: reads one stored game (and what was left typed in it)
//! and shows its game's screen, or says why it cannot (a game that cannot
//! be read is kept aside, one a newer version wrote is left as it is).

use std::any::Any;
use std::cell::RefCell;

use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos::wasm_split::{wasm_split, SplitLoaderError};

use crate::app::erased::dynamic;
use crate::app::game::{game_screen, read_game, summary_of, GameUi};
use crate::app::lazy::{self, Chunk};
use crate::app::pages::{back_bar, opening};
use crate::app::router::Route;
use crate::app::store_or_report;
use crate::model::GameRecord;
use crate::storage::{pending, ReadError};

/// Every game's score screen (one chunk: one per game was slower to open,
/// docs/architecture.md), shown through the registry (`app::for_game`).
pub const GAMES: Chunk = Chunk::new("games", || Box::pin(preload_games()));

#[wasm_split(games_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_games))]
fn page_in_chunk(route: Route) -> Result<AnyView, SplitLoaderError> {
    let page = match route {
        Route::Game(kind, id) => crate::app::for_game(kind, crate::app::ScorePage(id)),
        _ => None,
    };
    Ok(page.unwrap_or_else(crate::app::pages::not_found))
}

/// A game's page, from its loaded chunk.
pub fn page(route: Route) -> Option<Result<AnyView, SplitLoaderError>> {
    lazy::now(page_in_chunk(route))
}

/// What the page has read.
enum Read<R: GameUi> {
    /// The game, what was left typed, and why the draft could not be used.
    Game(
        Box<GameRecord<R>>,
        Option<crate::model::Draft>,
        Option<crate::storage::ReadError>,
    ),
    /// Why the game cannot be shown.
    Problem(String),
    /// A game of the club not on this phone yet: its players, as the
    /// club's list shows them.
    Arriving(String),
}

thread_local! {
    /// The game the new-game form has just saved, handed to its page so
    /// that Start shows it without reading back what is already on disk.
    static JUST_STARTED: RefCell<Option<(String, Box<dyn Any>)>> = const { RefCell::new(None) };
}

/// Hands `record`, just saved by the new-game form, to its game page.
pub fn just_started<R: GameUi>(record: GameRecord<R>) {
    JUST_STARTED.with(|j| *j.borrow_mut() = Some((record.id.clone(), Box::new(record))));
}

/// The game just started, if it is game `id` of kind `R` (taken once).
fn take_just_started<R: GameUi>(id: &str) -> Option<GameRecord<R>> {
    let (started, record) = JUST_STARTED.with(|j| j.borrow_mut().take())?;
    (started == id)
        .then(|| record.downcast::<GameRecord<R>>().ok())
        .flatten()
        .map(|r| *r)
}

/// The game page (`/play/<kind>/<id>`).
pub fn game_page<R: GameUi>(id: &str) -> AnyView {
    if let Some(record) = take_just_started::<R>(id) {
        // Saved a moment ago with its summary, and nothing typed in it yet.
        return game_screen(record, None, None);
    }
    let done = RwSignal::new(false);
    let read: StoredValue<Option<Read<R>>, LocalStorage> = StoredValue::new_local(None);
    // Saves heard while the game is read are caught up once it shows.
    crate::app::sync::listen();
    let id = id.to_string();
    load(id.clone(), read, done);
    // A club's game opened syncs first (one left at rest in the club's
    // storage wakes: another phone may have changed it).
    crate::app::club::want(&id);
    let page = dynamic(move || {
        if !done.get() {
            return opening();
        }
        match read.try_update_value(|r| r.take()).flatten() {
            Some(Read::Game(record, draft, note)) => game_screen(*record, draft, note),
            Some(Read::Problem(message)) => view! {
                <section class="page">
                    {back_bar("Game not available".into(), None)}
                    <p class="banner warn" role="alert" data-testid="problem">{message}</p>
                    <a class="button secondary wide" href=Route::new_game(R::KIND)>{format!("Start a new {} game", R::KIND.name())}</a>
                </section>
            }
            .into_any(),
            Some(Read::Arriving(label)) => arriving::<R>(label, id.clone(), read, done),
            None => ().into_any(),
        }
    });
    view! { {page} }.into_any()
}

/// A game of the club opened before it arrived: says so, has the club's
/// sync fetch it first, and shows it the moment it is kept here.
fn arriving<R: GameUi>(
    label: String,
    id: String,
    read: StoredValue<Option<Read<R>>, LocalStorage>,
    done: RwSignal<bool>,
) -> AnyView {
    use crate::app::sync::{off, on_change, Change};
    crate::app::club::want(&id);
    let game = id.clone();
    let listener = on_change(move |change| {
        if matches!(change, Change::Game { id, rev } if *id == game && *rev > 0) {
            load(game.clone(), read, done);
        }
    });
    on_cleanup(move || off(listener));
    view! {
        <section class="page">
            {back_bar(label, None)}
            <p class="banner" role="status" data-testid="arriving">
                "This game is still arriving from the club: it shows here as soon as it is on this phone."
            </p>
        </section>
    }
    .into_any()
}

/// Reads game `id` (and what was left typed in it) into `read`, then
/// says `done`.
fn load<R: GameUi>(
    id: String,
    read: StoredValue<Option<Read<R>>, LocalStorage>,
    done: RwSignal<bool>,
) {
    spawn_local(async move {
        let Some(s) = store_or_report().await else {
            return;
        };
        let next = match read_game::<R>(&s, &id).await {
            Ok(record) => {
                let (stored, note) = s.draft(&id).await;
                // A change still in flight when the page went away wins
                // over the stored draft; it is written now.
                let in_flight = match note {
                    Some(_) => None,
                    None => pending::read(&id),
                };
                let late = in_flight
                    .as_ref()
                    .is_some_and(|p| stored.as_ref().is_none_or(|st| p.seq > st.seq));
                let draft = pending::newer(stored, in_flight);
                if let Some(d) = draft.as_ref().filter(|_| late) {
                    if s.save_draft(&id, d).await.is_ok() {
                        pending::done(&id, d.seq);
                    }
                }
                // A summary rebuilt after a problem (or moved from the
                // previous version) is brought up to date.
                let _ = s.refresh_summary(summary_of(&record)).await;
                Read::Game(Box::new(record), draft, note)
            }
            Err(ReadError::Missing) => match crate::app::club::arriving_game(&id) {
                Some(listed) => Read::Arriving(crate::storage::label_of(&listed)),
                None => Read::Problem(ReadError::Missing.game_message()),
            },
            Err(e) => Read::Problem(e.game_message()),
        };
        if read.try_set_value(Some(next)).is_none() {
            let _ = done.try_set(true);
        }
    });
}
