//! The club's players and nights between this phone and the club: the
//! players of each game and each night sent to the worker, and the club's
//! list of players (with its renames) kept in this phone's roster.

use std::cell::RefCell;
use std::rc::Rc;

use chicken_club::message::ToWorker;
use leptos::task::spawn_local;

use super::{post, say, Bridge};
use crate::app::storage::storage;
use crate::app::sync;
use crate::model::{read_stored, Night};
use crate::storage::StoreError;

/// The club's players and its renames (old name's key, new name).
type ClubPlayers = (Vec<String>, Vec<(String, String)>);

thread_local! {
    /// The club's newest list of players and renames, not yet kept here.
    static ROSTER_NEXT: RefCell<Option<ClubPlayers>> = const { RefCell::new(None) };
    /// The club's list of players and renames last kept here: the same
    /// list told again (with each game counted here) is not read again.
    static ROSTER_KEPT: RefCell<Option<ClubPlayers>> = const { RefCell::new(None) };
    /// Whether the roster is being written.
    static ROSTER_WRITING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Sends a night saved here to the club.
pub(super) fn send_night(bridge: &Rc<RefCell<Bridge>>, n: &Night) {
    post(
        bridge,
        &ToWorker::Night {
            id: n.id.clone(),
            json: serde_json::to_string(n).unwrap_or_default(),
        },
    );
}

/// Sends the game's players to the club's list (it keeps one per name).
pub(super) fn send_players(bridge: &Rc<RefCell<Bridge>>, record: &str) {
    if let Ok(header) = read_stored(record) {
        for name in header.players {
            post(bridge, &ToWorker::Player { name });
        }
    }
}

/// Keeps the club's list of players (and its renames) in this phone's
/// roster. Each write reads the roster and replaces it, so writes go one at
/// a time: a list that arrives meanwhile waits, and only the newest is
/// written (each list is the club's whole list), never an older one over
/// it.
pub(super) fn remember_players(players: Vec<String>, renamed: Vec<(String, String)>) {
    let list = (players, renamed);
    if ROSTER_KEPT.with(|k| k.borrow().as_ref() == Some(&list)) {
        return;
    }
    ROSTER_NEXT.with(|n| *n.borrow_mut() = Some(list));
    if ROSTER_WRITING.with(|w| w.replace(true)) {
        return;
    }
    spawn_local(async move {
        while let Some((players, renamed)) = ROSTER_NEXT.with(|n| n.borrow_mut().take()) {
            let written: Result<_, StoreError> = async {
                storage()
                    .await?
                    .remember_club_players(&players, &renamed)
                    .await
            }
            .await;
            if written.is_ok() {
                ROSTER_KEPT.with(|k| *k.borrow_mut() = Some((players, renamed)));
            }
            match written {
                Ok(true) => sync::players_arrived(),
                Ok(false) => {}
                Err(e) => say(format!(
                    "The club's players could not be kept on this phone: {e}."
                )),
            }
        }
        ROSTER_WRITING.with(|w| w.set(false));
    });
}
