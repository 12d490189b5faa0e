//! A game that arrived from the club (another phone's change, merged by
//! the sync engine), kept as the next revision of the copy here. It has
//! passed the import check ([`crate::model::backup::check_game`]) before
//! it gets here; the copy here is read in the same transaction, so a save
//! on this phone in between is never overwritten unseen.
//!
//! Each game's **base** is kept beside it: the copy this phone and the
//! club last agreed on. A save here is sent to the club as an edit of the
//! base (only what changed), and a save here the club has not heard of (made
//! before the page's sync started, or before a crash) is sent again, never
//! overwritten by the club's older copy.

use super::backend::{Area, Backend, StoreError, Write};
use super::{order_of, Store};
use crate::model::backup::{check_game, CheckedGame};
use crate::model::{read_stored, Night};

/// Where game `id`'s base is kept (the meta area).
fn base_key(id: &str) -> String {
    format!("{BASE_PREFIX}{id}")
}

/// The prefix of every base's key.
const BASE_PREFIX: &str = "club-base/";

/// What keeping a synced game did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Synced {
    /// The copy here already holds the same game.
    Same,
    /// The copy here holds saves the club has not heard of: nothing was
    /// written; send `here` to the club as an edit of `base`.
    Unsent {
        /// The copy this phone and the club last agreed on.
        base: String,
        /// The copy here.
        here: String,
    },
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
/// saved at `now`: decided inside the transaction that reads `here` and
/// `base` (the copy last agreed with the club). With `may_resend` (this page has
/// sent no save of the game yet), a copy here that differs from both the
/// club's and the base holds saves the club never heard of: it is sent,
/// not overwritten.
pub fn decide_synced(
    game: &CheckedGame,
    here: Option<&str>,
    base: Option<&str>,
    may_resend: bool,
    now: i64,
) -> (Vec<Write>, Synced) {
    let mut rev = 1;
    let mut result_was = None;
    if let Some(text) = here {
        let header_rev = read_stored(text).map(|h| h.rev).unwrap_or(0);
        if let Ok(mine) = check_game(text) {
            if mine.setup_key == game.setup_key && mine.entries == game.entries {
                let agreed = (base != Some(text))
                    .then(|| Write::put(Area::Meta, &base_key(&game.id), text.to_string()));
                return (agreed.into_iter().collect(), Synced::Same);
            }
            if let Some(base) = base.filter(|b| may_resend && *b != text) {
                let (base, here) = (base.to_string(), text.to_string());
                return (Vec::new(), Synced::Unsent { base, here });
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
        Write::put(Area::Meta, &base_key(&game.id), text.clone()),
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
    /// Keeps `game` (checked) as the next revision of the copy here, or
    /// says the copy here holds saves to send first ([`decide_synced`]).
    pub async fn put_synced(
        &self,
        game: CheckedGame,
        may_resend: bool,
    ) -> Result<Synced, StoreError> {
        let mut kept = self.put_synced_all(vec![(game, may_resend)]).await?;
        Ok(kept.pop().unwrap_or(Synced::Same))
    }

    /// [`Store::put_synced`] for several games (each id once) in one
    /// transaction: a club's games arriving by the thousand were one
    /// durable commit each. What each did, in order.
    pub async fn put_synced_all(
        &self,
        games: Vec<(CheckedGame, bool)>,
    ) -> Result<Vec<Synced>, StoreError> {
        let now = (self.clock)();
        let reads = games
            .iter()
            .flat_map(|(g, _)| [(Area::Games, g.id.clone()), (Area::Meta, base_key(&g.id))])
            .collect();
        self.backend
            .update(reads, move |found| {
                let mut found = found.into_iter();
                let mut writes = Vec::new();
                let mut kept = Vec::new();
                for (game, may_resend) in &games {
                    let (here, base) = (found.next().flatten(), found.next().flatten());
                    let (w, synced) =
                        decide_synced(game, here.as_deref(), base.as_deref(), *may_resend, now);
                    writes.extend(w);
                    kept.push(synced);
                }
                (writes, kept)
            })
            .await
    }

    /// The copy of game `id` this phone and the club last agreed on.
    pub async fn club_base(&self, id: &str) -> Option<String> {
        self.backend
            .get(Area::Meta, &base_key(id))
            .await
            .ok()
            .flatten()
    }

    /// Of games `ids`, those whose copy here is not the one this phone and
    /// the club last agreed on (or that have none): saves to hand to the
    /// club. A game kept from the club is not among them. One transaction.
    pub async fn unsent_to_club(&self, ids: &[String]) -> Result<Vec<String>, StoreError> {
        let reads = ids
            .iter()
            .flat_map(|id| [(Area::Games, id.clone()), (Area::Meta, base_key(id))])
            .collect();
        let ids = ids.to_vec();
        self.backend
            .update(reads, move |found| {
                let mut found = found.into_iter();
                let unsent = ids
                    .into_iter()
                    .filter(|_| {
                        let (here, base) = (found.next().flatten(), found.next().flatten());
                        here.is_some() && here != base
                    })
                    .collect();
                (Vec::new(), unsent)
            })
            .await
    }

    /// Forgets every game's base (the phone left its club: a club joined
    /// later starts from its own copies).
    pub async fn forget_club_bases(&self) -> Result<(), StoreError> {
        let bases: Vec<String> = self
            .backend
            .all(Area::Meta)
            .await?
            .into_iter()
            .map(|(k, _)| k)
            .filter(|k| k.starts_with(BASE_PREFIX))
            .collect();
        self.backend
            .update(Vec::new(), move |_| {
                let writes = bases.iter().map(|k| Write::delete(Area::Meta, k)).collect();
                (writes, ())
            })
            .await
    }
}

/// Whether to keep `night` from the club over `here` (the night stored
/// here, if any): when it is new here, or was saved later than the copy
/// here. Returns what to write (as the next revision here).
pub fn decide_synced_night(night: &Night, here: Option<&str>) -> Option<Night> {
    let mine = here.and_then(|t| serde_json::from_str::<Night>(t).ok());
    match mine {
        Some(m) if m.updated_ms >= night.updated_ms => None,
        Some(m) => Some(Night {
            rev: m.rev + 1,
            ..night.clone()
        }),
        None if here.is_some() => None,
        None => Some(Night {
            rev: 1,
            ..night.clone()
        }),
    }
}

impl<B: Backend> Store<B> {
    /// Keeps a night from the club, if it is new here or newer than the
    /// copy here (an unreadable copy here is left as it is). Whether it
    /// was written.
    pub async fn put_synced_night(&self, night: Night) -> Result<bool, StoreError> {
        let id = night.id.clone();
        self.backend
            .update(vec![(Area::Nights, id.clone())], move |found| {
                let here = found.into_iter().next().flatten();
                match decide_synced_night(&night, here.as_deref()) {
                    Some(n) => (
                        vec![Write::put(
                            Area::Nights,
                            &id,
                            serde_json::to_string(&n).unwrap_or_default(),
                        )],
                        true,
                    ),
                    None => (Vec::new(), false),
                }
            })
            .await
    }

    /// Adds the club's players this phone's roster lacks, and renames the
    /// names the club renamed (on any phone). Whether the roster changed.
    pub async fn remember_club_players(
        &self,
        names: &[String],
        renamed: &[(String, String)],
    ) -> Result<bool, StoreError> {
        let (roster, problem) = self.roster().await;
        if problem.is_some() {
            return Ok(false);
        }
        let next = roster.with_club(names, renamed);
        if next.names == roster.names {
            return Ok(false);
        }
        self.save_roster(&next)
            .await
            .map(|_| true)
            .map_err(|e| StoreError::Refused(super::bounded(&e.message(), 60)))
    }
}
