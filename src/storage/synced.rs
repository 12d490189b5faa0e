//! A game that arrived from the club (another phone's change, merged by
//! the sync engine), kept as the next revision of the copy here. It has
//! passed the import check ([`crate::model::backup::check_game`]) before
//! it gets here; the copy here is read in the same transaction, so a save
//! on this phone in between is never overwritten unseen.

use super::backend::{Area, Backend, StoreError, Write};
use super::{order_of, Store};
use crate::model::backup::{check_game, CheckedGame};
use crate::model::read_stored;

/// What keeping a synced game did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Synced {
    /// The copy here already holds the same game.
    Same,
    /// Written at revision `rev`.
    Written {
        /// The new revision here.
        rev: u64,
        /// The result the copy here showed when it was finished and the
        /// merge changed it (to show the table, never silently).
        result_was: Option<String>,
    },
}

/// What to write for `game` over `here` (the copy stored here, if any),
/// saved at `now`: decided inside the transaction that reads `here`.
pub fn decide_synced(game: &CheckedGame, here: Option<&str>, now: i64) -> (Vec<Write>, Synced) {
    let mut rev = 1;
    let mut result_was = None;
    if let Some(text) = here {
        let header_rev = read_stored(text).map(|h| h.rev).unwrap_or(0);
        if let Ok(mine) = check_game(text) {
            if mine.setup_key == game.setup_key && mine.entries == game.entries {
                return (Vec::new(), Synced::Same);
            }
            let finished = mine
                .written(&mine.id, 0, 0)
                .is_some_and(|(_, s)| s.finished);
            if finished && mine.state != game.state {
                result_was = Some(mine.state.clone());
            }
        }
        rev = header_rev + 1;
    }
    let Some((text, summary)) = game.written(&game.id, rev, now) else {
        return (Vec::new(), Synced::Same);
    };
    let writes = vec![
        Write::put(Area::Games, &game.id, text),
        Write::Put {
            area: Area::Summaries,
            key: game.id.clone(),
            text: serde_json::to_string(&summary).unwrap_or_default(),
            order: Some(order_of(&summary)),
        },
    ];
    (writes, Synced::Written { rev, result_was })
}

impl<B: Backend> Store<B> {
    /// Keeps `game` (checked) as the next revision of the copy here.
    pub async fn put_synced(&self, game: CheckedGame) -> Result<Synced, StoreError> {
        let now = (self.clock)();
        let id = game.id.clone();
        self.backend
            .update(vec![(Area::Games, id)], move |found| {
                let here = found.into_iter().next().flatten();
                decide_synced(&game, here.as_deref(), now)
            })
            .await
    }
}
