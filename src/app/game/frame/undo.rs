//! The game screen's Undo (with its question bound to the entry and the
//! revision), Redo, Delete and undoing a delete.

use super::*;

impl<R: GameUi> Screen<R> {
    /// The question Undo asks of the game as it is now: "Undo hand 10:
    /// Ann 8, Bob 16?", bound to that entry and revision.
    pub(super) fn undo_question(self) -> Option<Asked> {
        let (len, rev) = self.rec.with(|r| (r.log.len(), r.rev));
        let last = len.checked_sub(1)?;
        Some(Asked {
            index: last,
            rev,
            text: format!("Undo {}?", lower_first(&self.describe(last, false))),
        })
    }

    /// Undoes the entry `asked` names, only if the game is still the
    /// revision it was asked on (else nothing changes, and the screen asks
    /// again about what is there now).
    pub(super) fn undo(self, asked: Asked) {
        let same = self
            .rec
            .with_untracked(|r| r.rev == asked.rev && r.log.len() == asked.index + 1);
        if !same {
            self.action_error.set(Some(
                "Not undone: this game changed on another screen. Check it, and Undo again if you still want to.".into(),
            ));
            return;
        }
        if self.editing.get_untracked().is_some() {
            self.action_error.set(Some(
                "Finish or cancel the correction first: Undo would remove another entry.".into(),
            ));
            return;
        }
        let log = self.rec.with_untracked(|r| r.log.clone());
        let Some(last) = log.last().cloned() else {
            return;
        };
        let at = log.len().saturating_sub(1);
        let refused = self.save_log(
            undo_last(&log),
            None,
            Box::new(move || {
                self.saved_note.set(None);
                self.celebrate.set(false);
                self.set_redo(Some((at, last)));
            }),
        );
        if let Err(e) = refused {
            self.action_error.set(Some(e));
        }
    }

    pub(super) fn redo(self) {
        let Some((at, entry)) = self.redo.get_untracked() else {
            return;
        };
        let (setup, log) = self.rec.with_untracked(|r| (r.setup(), r.log.clone()));
        if log.len() != at {
            self.set_redo(None);
            return;
        }
        match push_entry::<R>(&setup, &log, entry) {
            Ok(log) => {
                let refused = self.save_log(
                    log,
                    None,
                    Box::new(move || {
                        self.set_redo(None);
                        let what = self.describe(at, false);
                        self.after_save(what, at, false);
                    }),
                );
                if let Err(e) = refused {
                    self.action_error.set(Some(e));
                }
            }
            Err(e) => self.action_error.set(Some(e.to_string())),
        }
    }

    pub(super) fn delete(self) {
        spawn_local(async move {
            let Some(s) = store_or_report().await else {
                return;
            };
            let Some(game) = self.id.try_get_value() else {
                return;
            };
            match s.delete_game(&game).await {
                Ok(d) => {
                    sync::announce(&game, 0);
                    self.deleted.set(Some(d));
                }
                Err(e) => self.action_error.set(Some(format!("Not deleted: {e}."))),
            }
        });
    }

    pub(super) fn undo_delete(self) {
        let Some(d) = self.deleted.get_untracked() else {
            return;
        };
        spawn_local(async move {
            let rev = move || self.rec.try_with_untracked(|r| r.rev).unwrap_or(0);
            match crate::app::pages::put_back(&d, rev).await {
                Some(Ok(())) => self.deleted.set(None),
                Some(Err(why)) => self.action_error.set(Some(why)),
                None => {}
            }
        });
    }
}
