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
use crate::model::{read_stored, Night, Summary};

/// The first page of [`Store::saved_after`] (each next one four times it).
const SAVED_AFTER_PAGE: usize = 64;

/// Where game `id`'s base is kept (the meta area).
fn base_key(id: &str) -> String {
    format!("{BASE_PREFIX}{id}")
}

/// Where the heads of game `id`'s base are kept: the club's view it was
/// read at (the meta area).
fn base_at_key(id: &str) -> String {
    format!("{BASE_AT_PREFIX}{id}")
}

/// The prefix of every base's key.
const BASE_PREFIX: &str = "club-base/";
/// The prefix of every base's heads' key.
const BASE_AT_PREFIX: &str = "club-base-at/";
/// The revision of the copy agreed with the club, per game: a game whose
/// summary is of that revision has nothing the club lacks, found without
/// reading the game (a page hands the club its games at each opening).
const BASE_REV_PREFIX: &str = "club-base-rev/";

/// A game as the club told it, and what this page knows of it.
#[derive(Clone)]
pub struct Told {
    /// The club's copy, checked as an import is.
    pub game: CheckedGame,
    /// The heads of the club's document this copy was read at.
    pub heads: String,
    /// The newest revision of this page's saves of the game that the
    /// club's copy holds (`None`: this page sent none): a copy here of a
    /// later revision holds a save the club has not had yet.
    pub holds: Option<u64>,
}

/// What keeping a synced game did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Synced {
    /// The copy here already holds the same game.
    Same,
    /// The copy here holds saves the club has not had: nothing was
    /// written; send `here` to the club as an edit of `base`, read at
    /// heads `at` (none known: the club adds what it lacks).
    Unsent {
        /// The copy this phone and the club last agreed on.
        base: Option<String>,
        /// The heads of the club's view `base` was.
        at: Option<String>,
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
        /// The entry this phone's Undo took off that another phone
        /// corrected at the same time: the correction stands (to say so).
        undo_lost: Option<usize>,
        /// The summary written with it (the club's list line is made
        /// from it).
        summary: Box<Summary>,
    },
}

/// What to write for `told` over `here` (the copy stored here, if any),
/// saved at `now`: decided inside the transaction that reads `here` and
/// `base` (the copy last agreed with the club, and its heads). A copy here
/// the club has not had (not the base, and of a revision later than the
/// club's copy holds of this page's saves) is never written over: it is
/// sent ([`Synced::Unsent`]). A save on this page in flight, or made
/// before the page's sync started, stays.
pub fn decide_synced(
    told: &Told,
    here: Option<&str>,
    base: Option<(&str, Option<&str>)>,
    now: i64,
) -> (Vec<Write>, Synced) {
    let game = &told.game;
    let mut rev = 1;
    let mut result_was = None;
    let mut undo_lost = None;
    let agreed = |text: String| {
        let rev = read_stored(&text).map(|h| h.rev).unwrap_or(0);
        vec![
            Write::put(
                Area::Meta,
                &format!("{BASE_REV_PREFIX}{}", game.id),
                rev.to_string(),
            ),
            Write::put(Area::Meta, &base_key(&game.id), text),
            Write::put(Area::Meta, &base_at_key(&game.id), told.heads.clone()),
        ]
    };
    if let Some(text) = here {
        let header_rev = read_stored(text).map(|h| h.rev).unwrap_or(0);
        let (base_text, base_at) = base.unzip();
        let unsent = base_text != Some(text) && header_rev > told.holds.unwrap_or(0);
        if let Ok(mine) = check_game(text) {
            if mine.setup_key == game.setup_key && mine.entries == game.entries {
                let known = base_text == Some(text) && base_at.flatten() == Some(&told.heads);
                let writes = if known {
                    Vec::new()
                } else {
                    agreed(text.to_string())
                };
                return (writes, Synced::Same);
            }
            if unsent {
                let here = text.to_string();
                let (base, at) = (
                    base_text.map(str::to_string),
                    base_at.flatten().map(str::to_string),
                );
                return (Vec::new(), Synced::Unsent { base, at, here });
            }
            let finished = mine
                .written(&mine.id, 0, 0)
                .is_some_and(|(_, s)| s.finished);
            if finished && mine.state != game.state {
                result_was = Some(mine.state.clone());
            }
            undo_lost = base_text.and_then(|b| undone_yet_corrected(b, &mine, game));
        }
        rev = header_rev + 1;
    }
    let Some((text, summary)) = game.written(&game.id, rev, now) else {
        return (Vec::new(), Synced::Same);
    };
    let mut writes = agreed(text.clone());
    writes.push(Write::put(Area::Games, &game.id, text));
    writes.push(Write::Put {
        area: Area::Summaries,
        key: game.id.clone(),
        text: serde_json::to_string(&summary).unwrap_or_default(),
        order: Some(order_of(&summary)),
    });
    let synced = Synced::Written {
        rev,
        result_was,
        undo_lost,
        summary: Box::new(summary),
    };
    (writes, synced)
}

/// The entry this phone's Undo took off (the copy here ends before it,
/// the copy agreed with the club held it) that the club's copy holds
/// again: another phone corrected or recorded it before hearing of the
/// Undo, and its value stands.
fn undone_yet_corrected(base: &str, here: &CheckedGame, club: &CheckedGame) -> Option<usize> {
    let base = check_game(base).ok()?;
    let at = here.entries.len();
    let undid = base.entries.len() > at && base.entries.get(..at) == Some(&here.entries[..]);
    (undid && club.entries.len() > at).then_some(at)
}

impl<B: Backend> Store<B> {
    /// Keeps the club's copy of a game (checked) as the next revision of
    /// the copy here, or says the copy here holds saves to send first
    /// ([`decide_synced`]).
    pub async fn put_synced(&self, told: Told) -> Result<Synced, StoreError> {
        let mut kept = self.put_synced_all(vec![told]).await?;
        Ok(kept.pop().unwrap_or(Synced::Same))
    }

    /// [`Store::put_synced`] for several games (each id once) in one
    /// transaction: a club's games arriving by the thousand were one
    /// durable commit each. What each did, in order.
    pub async fn put_synced_all(&self, games: Vec<Told>) -> Result<Vec<Synced>, StoreError> {
        let now = (self.clock)();
        let reads = games
            .iter()
            .flat_map(|t| {
                let id = &t.game.id;
                [
                    (Area::Games, id.clone()),
                    (Area::Meta, base_key(id)),
                    (Area::Meta, base_at_key(id)),
                ]
            })
            .collect();
        self.backend
            .update(reads, move |found| {
                let mut found = found.into_iter();
                let mut writes = Vec::new();
                let mut kept = Vec::new();
                for told in &games {
                    let here = found.next().flatten();
                    let base = found.next().flatten();
                    let at = found.next().flatten();
                    let base = base.as_deref().map(|b| (b, at.as_deref()));
                    let (w, synced) = decide_synced(told, here.as_deref(), base, now);
                    writes.extend(w);
                    kept.push(synced);
                }
                (writes, kept)
            })
            .await
    }

    /// The copy of game `id` this phone and the club last agreed on, and
    /// the heads of the club's view it was (when kept).
    pub async fn club_base(&self, id: &str) -> Option<(String, Option<String>)> {
        let base = self.backend.get(Area::Meta, &base_key(id)).await.ok()??;
        let at = self
            .backend
            .get(Area::Meta, &base_at_key(id))
            .await
            .ok()
            .flatten();
        Some((base, at))
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

    /// Every game saved after `after` (ms since the epoch), finished or
    /// not. Read through the summaries' index of times, newest first, in
    /// growing pages that stop at the first game saved earlier: a page
    /// opened again reads the few games saved since it last handed its
    /// games to the club, not all of them (a club of 5,000 games read and
    /// checked thousands at each opening).
    pub async fn saved_after(&self, after: i64) -> Vec<Summary> {
        let mut out = Vec::new();
        for finished in [false, true] {
            let mut want = SAVED_AFTER_PAGE;
            loop {
                let rows = self.backend.summaries(finished, 0, want).await;
                let reached_earlier = rows.as_ref().is_ok_and(|rows| {
                    rows.len() < want
                        || rows
                            .last()
                            .and_then(|(_, text)| serde_json::from_str::<Summary>(text).ok())
                            .is_some_and(|s| s.updated_ms <= after)
                });
                if reached_earlier || rows.is_err() {
                    let (read, _) = self.read_summaries(rows).await;
                    out.extend(read.into_iter().filter(|s| s.updated_ms > after));
                    break;
                }
                want = want.saturating_mul(4);
            }
        }
        out
    }

    /// Of games `ids`, those not on this phone (no summary here): the
    /// club lists them until they arrive. The summaries' keys alone, read
    /// only: a read-write transaction reading each summary held up the
    /// games being kept meanwhile (a join's thousands of lines).
    pub async fn not_here(&self, ids: &[String]) -> Result<Vec<String>, StoreError> {
        let here: std::collections::HashSet<String> = self
            .backend
            .all_keys(Area::Summaries)
            .await?
            .into_iter()
            .collect();
        Ok(ids
            .iter()
            .filter(|id| !here.contains(*id))
            .cloned()
            .collect())
    }

    /// Of `summaries`, those not at the revision agreed with the club (or
    /// with none known): the only ones that may hold saves it lacks. The
    /// agreed revisions are read in one request.
    pub async fn not_agreed<'a>(&self, summaries: &'a [Summary]) -> Vec<&'a Summary> {
        let agreed: std::collections::HashMap<String, u64> = self
            .backend
            .prefixed(Area::Meta, BASE_REV_PREFIX)
            .await
            .unwrap_or_default()
            .into_iter()
            .filter_map(|(k, v)| {
                let id = k.strip_prefix(BASE_REV_PREFIX)?.to_string();
                Some((id, v.parse().ok()?))
            })
            .collect();
        summaries
            .iter()
            .filter(|s| agreed.get(&s.id) != Some(&s.rev))
            .collect()
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
            .filter(|k| {
                [BASE_PREFIX, BASE_AT_PREFIX, BASE_REV_PREFIX]
                    .iter()
                    .any(|p| k.starts_with(p))
            })
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
