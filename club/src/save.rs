//! How the app's words change a game's document: a save written at the
//! heads the phone had seen, and the table's pick at the heads it was
//! asked from (issue 52), so a value another phone wrote meanwhile stands
//! beside it, asked, never written over unseen.

use automerge::{Automerge, ChangeHash};

use super::game_doc;
use super::kept::{all_known, heads_in};

/// A save of the app's, as it said it ([`ToWorker::Saved`]).
pub struct Save {
    /// The record it was made from, if the app had one.
    pub before: Option<String>,
    /// The record now.
    pub record: String,
    /// The heads of the club's view `before` was read from, if it was one.
    pub at: Option<String>,
}

/// Writes `save` into game document `d`: as an edit of `before`, made at
/// the heads the phone had seen (the app's `at`, else `own`: right after
/// this page's last save), so a value written meanwhile by another phone
/// under the same key stands beside it, both kept and asked; at the
/// document's heads where neither is known here. A copy whose base is
/// unknown only adds the entries the document lacks. The heads after it,
/// where it was written as an edit.
pub fn write_save(
    d: &mut Automerge,
    save: &Save,
    own: Option<&[ChangeHash]>,
) -> Option<Vec<ChangeHash>> {
    let Some(before) = &save.before else {
        let mut tx = d.transaction();
        let _ = game_doc::append_missing(&mut tx, &save.record);
        tx.commit();
        return None;
    };
    let base = save
        .at
        .as_deref()
        .and_then(|at| heads_in(d, at))
        .or_else(|| own.map(<[ChangeHash]>::to_vec).filter(|h| all_known(d, h)));
    let mut tx = match &base {
        Some(heads) => d
            .transaction_at(automerge::PatchLog::inactive(), heads)
            .ok()?,
        None => d.transaction(),
    };
    let _ = game_doc::apply_edit(&mut tx, before, &save.record);
    match tx.commit().0 {
        Some(hash) => Some(vec![hash]),
        None => base.or_else(|| Some(d.get_heads())),
    }
}

/// Settles entry `index` of game document `d` with `value`, made at the
/// heads `at` the table was asked from (the document's own where they are
/// not known here).
pub fn settle_at(d: &mut Automerge, index: usize, value: &str, at: Option<&str>) {
    let heads = at.and_then(|at| heads_in(d, at));
    let tx = match &heads {
        Some(heads) => d.transaction_at(automerge::PatchLog::inactive(), heads),
        None => Ok(d.transaction()),
    };
    if let Ok(mut tx) = tx {
        let _ = game_doc::settle(&mut tx, index, value);
        tx.commit();
    }
}
