//! Saving from the game screen: a new entry appended or an earlier one
//! corrected, folded onto the screen's state (no replay). "Saved" is said
//! only once the transaction is on disk; a new entry's row shows before,
//! marked as being saved, and goes back out if the commit fails.

use super::*;
use std::cell::RefCell;
use std::rc::Rc;

impl<R: GameUi> Screen<R> {
    /// Saves a new log. `known` is the state after the new log, where the
    /// caller derived it (a new entry folded onto the current state): then
    /// nothing is replayed, and the new row is painted as soon as its
    /// writes are issued, marked as being saved, while its draft stays
    /// kept until the commit. Anything else changes the screen only once
    /// the transaction is on disk.
    /// `on_saved` runs once it is; an error if the save could not even
    /// start.
    pub(super) fn save_log(
        self,
        log: Vec<R::Entry>,
        known: Option<R::State>,
        on_saved: Box<dyn FnOnce()>,
    ) -> Result<(), String> {
        if self.in_flight.get_value() {
            return Err("Still saving the last change: one moment.".into());
        }
        if self.stale.get_untracked() {
            return Err("One moment: checking for changes made on another screen.".into());
        }
        let base = self.rec.get_untracked();
        let next = base.with_log(log);
        let base_rev = base.rev;
        // A new entry at the end, and where: if another phone's arrived
        // first, this one is kept beside it for the table.
        let appended = (next.log.len() == base.log.len() + 1
            && next.log.get(..base.log.len()) == Some(&base.log[..]))
        .then(|| next.log.last().cloned().map(|e| (base.log.len(), e)))
        .flatten();
        let summary = match &known {
            Some(state) => summary_with(&next, &R::standings(&next.setup(), state), now_ms()),
            None => summary_of(&next),
        };
        self.in_flight.set_value(true);
        set_timeout(
            move || {
                if self.in_flight.try_get_value() == Some(true) {
                    let _ = self.saving.try_set(true);
                }
            },
            std::time::Duration::from_millis(BUSY_AFTER_MS),
        );
        // A new entry folded here is shown as soon as its writes are on
        // their way (their commit asked for, the disk not waited on),
        // marked as being saved; its draft stays kept until the commit.
        // Anything else shows once the transaction is on disk.
        let painted = known.is_some();
        let pending = Rc::new(RefCell::new(Some((next.clone(), known))));
        let show = {
            let pending = pending.clone();
            move || {
                let Some((next, state)) = pending.borrow_mut().take() else {
                    return;
                };
                if let Some(state) = state {
                    let _ = self.primed.try_set_value(Some((next.rev, state)));
                    let _ = self.unsaved.try_set(next.log.len().checked_sub(1));
                }
                let _ = self.rec.try_set(next);
            }
        };
        // The club's sync is handed the save as soon as its writes are
        // issued (the base checked, no conflict), not after the commit: a
        // strict commit took 100-190 ms at 4x, most of a hand's way to the
        // other phones. Should the commit then fail, the row goes back out
        // here, said not saved, and the club keeps the hand (docs/sync.md).
        let to_club = Rc::new(std::cell::Cell::new(false));
        let issued: Box<dyn FnOnce()> = {
            let show = show.clone();
            let (to_club, record) = (to_club.clone(), next.clone());
            Box::new(move || {
                if let Ok(text) = serde_json::to_string(&record) {
                    sync::hand_to_club(&record.id, record.rev, text);
                    to_club.set(true);
                }
                if painted {
                    // After the callback that issues the writes and asks for
                    // the commit: the screen's work does not delay them.
                    spawn_local(async move { show() });
                }
            })
        };
        let done = move || {
            let _ = self.in_flight.try_set_value(false);
            if self.saving.try_get_untracked() == Some(true) {
                let _ = self.saving.try_set(false);
            }
            if self.unsaved.try_get_untracked().flatten().is_some() {
                let _ = self.unsaved.try_set(None);
            }
        };
        // A painted row whose save failed is taken back out: the screen is
        // the stored game again, and the entry's form comes back with its
        // draft (kept until the commit) and the reason beside it.
        let take_back = move |message: String| {
            let shown = pending.borrow_mut().take().is_none();
            if shown {
                let _ = self.primed.try_set_value(None);
                let _ = self.rec.try_set(base.clone());
            }
            let _ = self.action_error.try_set(Some(message));
        };
        spawn_local(async move {
            let s = match storage().await {
                Ok(s) => s,
                Err(e) => {
                    done();
                    take_back(SaveError::Failed(e).message());
                    return;
                }
            };
            let result = s
                .save_game_issued(&next, Some(base_rev), summary, issued)
                .await;
            done();
            match result {
                Ok(()) => {
                    if to_club.get() {
                        sync::tell_others(&next.id, next.rev);
                    } else {
                        sync::announce(&next.id, next.rev);
                    }
                    show();
                    self.action_error.set(None);
                    on_saved();
                    request_animation_frame(mark_replays);
                }
                Err(SaveError::Conflict) => match appended {
                    Some((index, entry)) => self.arrived_first(index, entry),
                    None => self.reload(Some(SaveError::Conflict.message())),
                },
                Err(SaveError::Gone) => self.gone.set(Some(SaveError::Gone.message())),
                Err(e) => take_back(e.message()),
            }
        });
        Ok(())
    }

    /// This page's new entry `index` was refused because the game changed
    /// meanwhile. Where another phone's entry `index` arrived first (in a
    /// club), this page's is kept beside it for the table to pick, never
    /// moved on to the next entry, and the screen says so; the same value
    /// is said saved. Anything else: the game is read again, with what was
    /// typed kept.
    fn arrived_first(self, index: usize, entry: R::Entry) {
        spawn_local(async move {
            let Some(s) = store_or_report().await else {
                return;
            };
            let Some(id) = self.id.try_get_value() else {
                return;
            };
            let stored = read_game::<R>(&s, &id).await.ok();
            let theirs = stored.as_ref().and_then(|r| r.log.get(index).cloned());
            let label = self.rec.with_untracked(|r| R::entry_label(&r.log, index));
            let note = match theirs {
                Some(t) if t == entry => Some(format!(
                    "{label} was saved on another phone with the same values."
                )),
                Some(_) => {
                    let mine = self.rec.with_untracked(|r| {
                        let mut log = r.log.clone();
                        log.push(entry.clone());
                        entry_adds(r, &log, index, true)
                    });
                    let text = serde_json::to_string(&entry).unwrap_or_default();
                    crate::app::club::rival(&id, index, text).then(|| {
                        format!(
                            "{label} arrived from another phone first. Yours ({}) is kept beside it: the table picks which stands.",
                            mine.unwrap_or_else(|| "no points".into())
                        )
                    })
                }
                None => None,
            };
            match note {
                Some(note) => {
                    self.clear_slot_at(Slot::Entry, index);
                    self.reload(None);
                    self.saved_at.set(Some(index));
                    self.saved_note.set(Some(note));
                }
                None => self.reload(Some(SaveError::Conflict.message())),
            }
        });
    }

    /// Records what the entry form built: a new entry, or the correction of
    /// the one being edited, or why it was refused (nothing changed then).
    pub(super) fn submit(self, entry: R::Entry) -> Result<(), RuleError> {
        // A second tap on Save while the first one's entry is on its way:
        // that one is saved, this one is not an entry of its own.
        if self.in_flight.get_value() {
            return Ok(());
        }
        let (setup, log) = self.rec.with_untracked(|r| (r.setup(), r.log.clone()));
        let target = self.editing.get_untracked();
        let at = target.unwrap_or(log.len());
        if target.is_none() {
            if let Some(state) = self
                .folded
                .with_untracked(|(s, e)| e.is_none().then(|| s.clone()))
            {
                return self.append_to(&setup, log, &state, entry, at);
            }
        }
        let result = match target {
            Some(i) => R::correct(&setup, &log, i, entry),
            None => push_entry::<R>(&setup, &log, entry),
        };
        match result {
            Err(LogError { index, error }) if index == at => Err(error),
            Err(LogError { index, error }) => Err(RuleError::new(format!(
                "Not saved: with this change {} would be impossible ({}). Edit that one first.",
                R::entry_label(&log, index),
                error.message
            ))),
            Ok(log) => self
                .save_log(
                    log,
                    None,
                    Box::new(move || {
                        // The draft became an entry.
                        let slot = if target.is_some() {
                            Slot::Edit
                        } else {
                            Slot::Entry
                        };
                        self.set_slot(slot, None);
                        self.editing.set(None);
                        if target.is_none() {
                            self.set_redo(None);
                        }
                        let what = self.describe(at, true);
                        self.after_save(what, at, target.is_some());
                    }),
                )
                .map_err(RuleError::new),
        }
    }

    /// Saves `entry` as the next entry, folded onto the current `state`
    /// (one step, no replay): its points are what it moved the totals.
    pub(super) fn append_to(
        self,
        setup: &Setup<R::Settings>,
        mut log: Vec<R::Entry>,
        state: &R::State,
        entry: R::Entry,
        at: usize,
    ) -> Result<(), RuleError> {
        let next = R::apply(setup, state, &entry)?;
        log.push(entry);
        let before = self.standings.with_untracked(|s| s.totals.clone());
        let after = R::standings(setup, &next).totals;
        let moved: Vec<Points> = after.iter().zip(&before).map(|(a, b)| *a - *b).collect();
        let players = setup.players.clone();
        let what = format!(
            "{}: {}",
            R::entry_label(&log, at),
            points_line(&players, &moved, true)
        );
        self.save_log(
            log,
            Some(next),
            Box::new(move || {
                // The form shows the next entry since the row was painted:
                // only this entry's draft goes (not one begun since).
                self.clear_slot_at(Slot::Entry, at);
                self.set_redo(None);
                self.after_save(what, at, false);
            }),
        )
        .map_err(RuleError::new)
    }

    /// Appends what an extra panel recorded, whatever is being edited.
    pub(super) fn append(self, entry: R::Entry) -> Result<(), RuleError> {
        let (setup, log) = self.rec.with_untracked(|r| (r.setup(), r.log.clone()));
        match push_entry::<R>(&setup, &log, entry) {
            Err(e) => Err(e.error),
            Ok(log) => self
                .save_log(
                    log,
                    None,
                    Box::new(move || {
                        self.set_slot(Slot::Extra, None);
                        self.set_redo(None);
                        self.celebrate_if_over();
                    }),
                )
                .map_err(RuleError::new),
        }
    }
}
