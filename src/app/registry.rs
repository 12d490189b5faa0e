//! The one table of games the app offers: adding a game adds one line to
//! [`games`]. Everything else (routes, storage, the new-game and game
//! screens) works from it.

use std::ops::RangeInclusive;

use leptos::prelude::*;

use crate::app::game::{game_screen, GameUi};
use crate::app::pages::new_game_page::new_game_form;
use crate::app::with_store;
use crate::model::GameRecord;
use crate::rules::big_chicken::BigChicken;
use crate::rules::chickenfoot::Chickenfoot;
use crate::rules::playing_chicken::PlayingChicken;
use crate::rules::{replay_prefix, GameKind};

/// What the app needs to know about one game, as plain function pointers.
#[derive(Clone)]
pub struct GameEntry {
    /// Which game.
    pub kind: GameKind,
    /// One sentence about it.
    pub blurb: &'static str,
    /// How many players it takes.
    pub players: RangeInclusive<usize>,
    /// The new-game form (players, seating, variants).
    pub new_game: fn() -> AnyView,
    /// The game screen for a stored record.
    pub screen: fn(&str) -> Result<AnyView, String>,
    /// Checks a stored record can be read as this game.
    pub check: fn(&str) -> Result<(), String>,
}

impl GameEntry {
    fn of<R: GameUi>() -> GameEntry {
        GameEntry {
            kind: R::KIND,
            blurb: R::BLURB,
            players: R::PLAYERS,
            new_game: new_game_form::<R>,
            screen: |raw| GameRecord::<R>::from_json(raw).map(game_screen::<R>),
            check: |raw| {
                let r = GameRecord::<R>::from_json(raw)?;
                // Reading the log under today's rules must not fail silently;
                // a refused entry is shown on the game's page, not here.
                let _ = replay_prefix::<R>(&r.setup(), &r.log);
                Ok(())
            },
        }
    }
}

/// Every game the app offers, in the order the home screen lists them.
pub fn games() -> Vec<GameEntry> {
    vec![
        GameEntry::of::<BigChicken>(),
        GameEntry::of::<PlayingChicken>(),
        GameEntry::of::<Chickenfoot>(),
    ]
}

/// The entry for `kind`, if the app offers it.
pub fn find(kind: GameKind) -> Option<GameEntry> {
    games().into_iter().find(|g| g.kind == kind)
}

/// Loads game `id` and checks it reads as its game. On failure it has been
/// kept aside and the message says so.
pub fn load_checked(id: &str) -> Result<(GameEntry, String), String> {
    let (header, raw) = with_store(|s| s.load_game(id))?;
    let entry = header
        .kind
        .parse::<GameKind>()
        .ok()
        .and_then(find)
        .ok_or_else(|| {
            format!(
                "The saved game {id} is a \"{}\" game, which this version of the app does not know. It was left as it is.",
                header.kind
            )
        })?;
    match (entry.check)(&raw) {
        Ok(()) => Ok((entry, raw)),
        Err(reason) => Err(with_store(|s| s.set_aside_game(id, &reason))),
    }
}
