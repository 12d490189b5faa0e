//! Games from the club kept on this phone: each checked as an import is,
//! then kept with the others that arrived meanwhile, a hundred in one
//! transaction (`Store::put_synced_all`); once kept, the worker is told
//! (`ToWorker::Kept`), so a page opened later is not told them again.

use std::cell::RefCell;
use std::rc::Rc;

use chicken_club::message::ToWorker;
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::{kept_here, listing, number_save, post, post_saved, say, Bridge, Known};
use crate::app::club::ctx;
use crate::app::storage::storage;
use crate::app::sync;
use crate::model::backup::check_game;
use crate::storage::synced::{Synced, Told};

thread_local! {
    /// Games from the club waiting to be kept, and whether they are being.
    static TO_KEEP: RefCell<Vec<ToKeep>> = const { RefCell::new(Vec::new()) };
    static KEEPING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// A game from the club, checked, waiting to be kept.
struct ToKeep {
    id: String,
    record: String,
    at: Option<String>,
    told: Told,
    /// The game's line in the club's list, as the worker read it.
    line: Option<String>,
}

/// Games kept in one transaction at most.
const KEEP_BATCH: usize = 100;

/// Checks a game from the club and keeps it here; once it is, the worker
/// is told (with `at`, the document's heads, when the worker gave them),
/// so a page opened later is not told it again. `heads`: the heads the
/// view was read at; `holds`: the revision of this page's last save the
/// view holds. The games that arrive while others are being kept are kept
/// together, in order.
pub(super) fn keep(
    bridge: Rc<RefCell<Bridge>>,
    id: String,
    record: String,
    (at, heads): (Option<String>, String),
    holds: Option<u64>,
    line: Option<String>,
) {
    let checked = match check_game(&record) {
        Ok(c) if c.id == id => c,
        Ok(_) => return,
        Err(why) => {
            say(format!("A game from the club was refused: {why}."));
            return;
        }
    };
    let told = Told {
        game: checked,
        heads,
        holds,
    };
    TO_KEEP.with(|q| {
        q.borrow_mut().push(ToKeep {
            id,
            record,
            at,
            told,
            line,
        })
    });
    if KEEPING.with(|k| k.replace(true)) {
        return;
    }
    spawn_local(async move {
        loop {
            let batch = TO_KEEP.with(|q| {
                let mut q = q.borrow_mut();
                let n = q.len().min(KEEP_BATCH);
                q.drain(..n).collect::<Vec<_>>()
            });
            if batch.is_empty() {
                break;
            }
            keep_batch(&bridge, batch).await;
        }
        KEEPING.with(|k| k.set(false));
    });
}

/// Keeps `batch` in one transaction (of a game told twice, the later).
async fn keep_batch(bridge: &Rc<RefCell<Bridge>>, mut batch: Vec<ToKeep>) {
    let club = ctx();
    let mut seen = std::collections::HashSet::new();
    batch.reverse();
    batch.retain(|k| seen.insert(k.id.clone()));
    batch.reverse();
    let Ok(store) = storage().await else { return };
    let (games, told): (Vec<_>, Vec<_>) = batch
        .into_iter()
        .map(|k| {
            let heads = k.told.heads.clone();
            (k.told, (k.id, k.record, k.at, heads, k.line))
        })
        .unzip();
    // Kept or already here, the club's record is the base of the next
    // edit: never the copy read back afterwards, which may hold a save
    // made here meanwhile (its edit would then be empty, and lost).
    let kept = match store.put_synced_all(games).await {
        Ok(kept) => kept,
        Err(e) => {
            return club.status.update(|s| {
                s.stopped = Some(format!("A game from the club could not be kept: {e}."))
            })
        }
    };
    let mut arrived = Vec::new();
    for ((id, record, at, heads, line), synced) in told.into_iter().zip(kept) {
        let agreed = Known {
            record,
            at: Some(heads),
        };
        match synced {
            Synced::Written {
                rev,
                result_was,
                undo_lost,
                summary,
            } => {
                bridge.borrow_mut().known.insert(id.clone(), agreed);
                kept_here(&id);
                // The club's line missing or behind the game (a club made
                // before its list, a save from an older release).
                if !listing::listed_alike(line.as_deref(), &summary) {
                    let line = listing::line_of(&summary);
                    post(
                        bridge,
                        &ToWorker::Listed {
                            id: id.clone(),
                            line,
                        },
                    );
                }
                if let Some(was) = result_was {
                    club.result_was.update(|r| {
                        r.insert(id.clone(), was);
                    });
                }
                if let Some(index) = undo_lost {
                    club.undo_lost.update(|u| {
                        u.insert(id.clone(), index);
                    });
                }
                arrived.push((id.clone(), rev));
            }
            Synced::Same => {
                bridge.borrow_mut().known.insert(id.clone(), agreed);
                kept_here(&id);
            }
            // An edit of what this page last kept or sent (its saves go on
            // from each other), else of the copy agreed with the club.
            Synced::Unsent { base, at, here } => {
                let seq = number_save(bridge, &id);
                let known = bridge.borrow().known.get(&id).cloned();
                let base = known.or(base.map(|record| Known { record, at }));
                post_saved(bridge, id, seq, base, here);
                continue;
            }
        }
        // Kept (or already here) as told: not told again.
        if let Some(at) = at {
            post(bridge, &ToWorker::Kept { id, at });
        }
    }
    sync::arrived(&arrived);
}
