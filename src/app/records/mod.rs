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

use crate::app::router::Route;

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
