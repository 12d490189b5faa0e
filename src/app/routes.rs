//! Which chunk shows each route, and its page from that chunk: the app's
//! one table of its pages loaded on demand (`app::lazy` is their loader).
//! Home and About are the main module's (`None`).

use crate::app::lazy::{Chunk, PageView};
use crate::app::pages::{game_page, history_page, new_game_page};
use crate::app::records;
use crate::app::router::Route;

/// The chunk that shows `route` and its page from it (`None`: the main
/// module shows it).
pub fn page_of(route: &Route) -> Option<(Chunk, PageView)> {
    match route {
        Route::Home | Route::About | Route::NotFound => None,
        Route::History => Some((history_page::HISTORY, history_page::page)),
        Route::NewGame(_) => Some((new_game_page::NEW_GAME, new_game_page::page)),
        Route::Game(..) => Some((game_page::GAMES, game_page::page)),
        Route::Players
        | Route::Player(_)
        | Route::Nights
        | Route::Night(_)
        | Route::Backup
        | Route::Club
        | Route::Receive => Some((records::RECORDS, records::loaded_page)),
    }
}

/// The chunk that shows `route`, if any.
pub fn chunk_of(route: &Route) -> Option<Chunk> {
    page_of(route).map(|(chunk, _)| chunk)
}
