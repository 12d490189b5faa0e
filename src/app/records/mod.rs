//! The records bundle: players and their stats, game nights, backup
//! (export and import) and games handed over from another phone. It links
//! every game's rules (to check what is imported) and none of their
//! screens; home and the game screens link here.

pub mod backup;
pub mod club;
pub mod club_banner;
pub mod club_bridge;
pub mod nights;
pub mod players;
pub mod receive;
pub mod round_parts;

use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};

use crate::app::lazy::{self, Chunk};
use crate::app::router::Route;

/// Players, nights, backup, games handed over and the club: one chunk,
/// whose split points are the pages, the club's start and the club's parts
/// of a game screen (each with its own loader).
pub const RECORDS: Chunk = Chunk::new("records", || Box::pin(preload_records()));
const CLUB: Chunk = Chunk::new("club", || Box::pin(preload_club()));
const CLUB_PART: Chunk = Chunk::new("club-part", || Box::pin(preload_club_part()));

#[wasm_split(records_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_records))]
fn page_in_chunk(route: Route) -> Result<AnyView, SplitLoaderError> {
    Ok(page(route))
}

/// A records page, from its loaded chunk.
pub fn loaded_page(route: Route) -> Option<Result<AnyView, SplitLoaderError>> {
    lazy::now(page_in_chunk(route))
}

#[wasm_split(records_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_club))]
fn club_start() -> Result<(), SplitLoaderError> {
    club_bridge::start();
    Ok(())
}

#[wasm_split(records_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_club_part))]
fn club_part_view(part: ClubPart) -> Result<AnyView, SplitLoaderError> {
    Ok(club_part(part))
}

/// A club's part of a game screen (the records chunk's, where the club's
/// code is: a member's phone has it from the start): one split point for
/// all of them. Nothing shows if it cannot be loaded: the game works
/// without.
pub fn club_part_of_game(part: ClubPart) -> AnyView {
    lazy::on_demand(
        CLUB_PART,
        move || match lazy::now(club_part_view(part.clone())) {
            Some(Ok(v)) => v,
            _ => ().into_any(),
        },
        || ().into_any(),
    )
}

/// Starts the club's sync from the records chunk (fetched now if it is
/// not loaded yet), or says why it could not.
pub async fn start_club() -> Result<(), String> {
    let failed = |_| "The club's sync could not be loaded: the phone may be offline.".to_string();
    lazy::load_with(CLUB, RECORDS).await.map_err(failed)?;
    club_start().await.map_err(failed)
}

/// The page for one of the records bundle's routes.
pub fn page(route: Route) -> AnyView {
    match route {
        Route::Players => players::players_page(),
        Route::Player(name) => players::player_page(name),
        Route::Nights => nights::nights_page(),
        Route::Night(id) => nights::night_page(id),
        Route::Backup => backup::backup_page(),
        Route::Receive => receive::receive_page(),
        Route::Club => club::club_page(),
        _ => view! { <crate::app::pages::NotFound/> }.into_any(),
    }
}

/// A club's part of a game screen, with what the game gives it.
#[derive(Clone)]
pub enum ClubPart {
    /// What the club asks the table about the game.
    Banner(club_banner::BannerParts),
    /// The round typed by the whole table, around a form's draft.
    Round(round_parts::SharedText),
}

/// The view of a club's part of a game screen.
pub fn club_part(part: ClubPart) -> AnyView {
    match part {
        ClubPart::Banner(parts) => club_banner::banner(parts),
        ClubPart::Round(parts) => round_parts::shared_text(parts),
    }
}

/// Problems found while reading storage, one warning each.
pub fn problems_view(problems: Vec<String>) -> impl IntoView {
    problems
        .into_iter()
        .filter(|p| !p.is_empty())
        .map(|p| view! { <p class="banner warn" role="alert" data-testid="problem">{p}</p> })
        .collect_view()
}
