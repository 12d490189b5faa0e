//! The games' chunk's side of the new-game page: creating and saving a
//! game, and reading the game a rematch starts from. Both need the game's
//! record, its JSON and its rules, which the new-game page (a chunk of its
//! own, home's likeliest next page) leaves to this chunk: the page hands
//! its settings over type-erased ([`CreateGame`]) and gets them back so
//! ([`RematchOf`]), through the registry (`app::for_game`).

use std::any::Any;

use leptos::wasm_split::{wasm_split, SplitLoaderError};

use crate::app::game::{read_game, summary_of, GameUi};
use crate::app::lazy::{in_chunk, BoxedWork};
use crate::app::pages::game_page::GAMES;
use crate::app::pages::new_game_page::{new_id, Chosen};
use crate::app::{now_ms, storage, sync, ForGame};
use crate::model::GameRecord;
use crate::rules::pick::first_log;
use crate::rules::GameKind;
use crate::storage::{bounded, SaveError};

#[wasm_split(games_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_create))]
fn create_in_chunk(kind: GameKind, game: CreateGame) -> Result<Option<Creating>, SplitLoaderError> {
    Ok(crate::app::for_game(kind, game))
}

#[wasm_split(games_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_rematch))]
fn rematch_in_chunk(
    kind: GameKind,
    id: String,
) -> Result<Option<ReadingRematch>, SplitLoaderError> {
    Ok(crate::app::for_game(kind, ReadRematch(id)))
}

// Each split point has its own loader: [`in_chunk`] loads the games' page
// chunk first and records it loaded, so the game page that follows shows
// at once.

/// Why a game could not be started or rematched when the games' chunk
/// could not be loaded.
const GAMES_NOT_LOADED: &str =
    "The game's screen could not be loaded: the phone may be offline. Nothing was saved; try again.";

/// Creates and saves a new game of `kind` (in the games' chunk, fetched
/// now if the form's prefetch has not brought it yet): its id once it is
/// on disk, or why not (nothing was saved then).
pub async fn create_game(kind: GameKind, game: CreateGame) -> Result<String, String> {
    in_chunk(GAMES, create_in_chunk(kind, game), GAMES_NOT_LOADED).await
}

/// Reads what a rematch of stored game `id` starts from (in the games'
/// chunk).
pub async fn rematch_of(kind: GameKind, id: String) -> Result<RematchOf, String> {
    in_chunk(GAMES, rematch_in_chunk(kind, id), GAMES_NOT_LOADED).await
}

/// A game being created and saved: its id once it is on disk, or why not
/// (nothing was saved then).
pub type Creating = BoxedWork<String>;

/// A new game as its form has it.
pub struct CreateGame {
    /// The players, in seating order.
    pub players: Vec<String>,
    /// Who deals or goes first, where the game records it.
    pub seat: Option<usize>,
    /// Whether the app picked `seat` at random.
    pub random: bool,
    /// The game's variants (its `Rules::Settings`).
    pub settings: Box<dyn Any>,
}

impl ForGame for CreateGame {
    type Out = Creating;

    fn run<R: GameUi>(self) -> Creating {
        let Ok(settings) = self.settings.downcast::<R::Settings>() else {
            return Box::pin(async {
                Err("The game's variants did not match the game.".to_string())
            });
        };
        // What the game draws at random is drawn now, and stored.
        let settings = R::with_draws(
            &settings,
            self.players.len(),
            &mut crate::app::random::BrowserRng,
        );
        let (seat, random) = (self.seat, self.random);
        let record =
            GameRecord::<R>::new(new_id(), now_ms(), self.players, settings).and_then(|mut r| {
                r.log = first_log::<R>(&r.setup(), seat, random)?;
                Ok(r)
            });
        Box::pin(async move {
            let record = record.map_err(|e| e.message)?;
            let s = storage()
                .await
                .map_err(|e| SaveError::Failed(e).message())?;
            s.save_game(&record, None, summary_of(&record))
                .await
                .map_err(|e| e.message())?;
            sync::announce(&record.id, record.rev);
            let id = record.id.clone();
            crate::app::pages::game_page::just_started(record);
            Ok(id)
        })
    }
}

/// What a rematch starts from: the same seats and variants.
pub struct RematchOf {
    /// The players, in seating order.
    pub players: Vec<String>,
    /// Who deals or goes first now (clockwise from last time), if the game
    /// recorded it.
    pub first: Option<Chosen>,
    /// The game's variants (its `Rules::Settings`).
    pub settings: Box<dyn Any>,
    /// The banner's words.
    pub banner: String,
}

/// Reads the rematch of stored game `0`.
pub struct ReadRematch(pub String);

/// A rematch being read, or why it cannot be.
pub type ReadingRematch = BoxedWork<RematchOf>;

impl ForGame for ReadRematch {
    type Out = ReadingRematch;

    fn run<R: GameUi>(self) -> ReadingRematch {
        Box::pin(async move {
            let s = storage()
                .await
                .map_err(|e| SaveError::Failed(e).message())?;
            let record = read_game::<R>(&s, &self.0).await.map_err(|e| {
                format!(
                    "The game to rematch could not be opened: {} Seat the players for a new game.",
                    e.game_message()
                )
            })?;
            let m = record.rematch();
            let name = |seat: Option<usize>| seat.and_then(|i| m.players.get(i).cloned());
            Ok(RematchOf {
                first: name(m.first).map(|n| Chosen {
                    name: n,
                    picked_among: None,
                    before: name(m.previous),
                }),
                banner: format!(
                    "Rematch of {}: {}. Same seats and variants; change anything before you start.",
                    R::KIND.name(),
                    bounded(&m.players.join(", "), 80)
                ),
                players: m.players,
                settings: Box::new(m.settings),
            })
        })
    }
}
