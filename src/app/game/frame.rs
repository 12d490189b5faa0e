//! The game screen's state and every action on it: save, undo, redo,
//! edit, delete, following other pages; and [`game_screen`], which builds
//! it for one record.

use super::entry_form::{entry_form, EntryParts};
use super::*;
use crate::model::summary_with;
use crate::rules::{Points, Standings};

/// Which part of a game's draft a form keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    /// The next entry.
    Entry,
    /// The correction of an earlier entry.
    Edit,
    /// The extra panel's work (a card draw).
    Extra,
    /// The entry Undo took back.
    Redo,
}

/// Everything the game screen holds: small handles only, so every action
/// below is a method of a `Copy` value.
struct Screen<R: GameUi> {
    id: StoredValue<String>,
    /// Whether drafts may be written (not over a newer version's).
    drafts_kept: StoredValue<bool>,
    /// What is being typed, in memory (the stored copy follows it).
    draft: StoredValue<Draft>,
    /// A draft write is on its way; `draft_again` is set when the draft
    /// changed meanwhile (written next, the latest only).
    draft_writing: StoredValue<bool>,
    draft_again: StoredValue<bool>,
    rec: RwSignal<GameRecord<R>>,
    /// The record's log folded by its rules (the state, and the first
    /// entry refused, if any), and the standings read off it: what every
    /// part of the screen reads.
    folded: Memo<(R::State, Option<LogError>)>,
    standings: Memo<Standings>,
    /// The state a save already derived for the revision it wrote, so the
    /// fold after it does not replay the whole log again.
    primed: StoredValue<Option<(u64, R::State)>>,
    /// The entry being corrected, if any.
    editing: RwSignal<Option<usize>>,
    /// The entry Undo took back, for Redo, and the log length it goes
    /// back on (kept in the draft, so it survives a reload).
    redo: RwSignal<Option<(usize, R::Entry)>>,
    /// Whether a finished game may be corrected: it opens read-only until
    /// "Reopen to correct" (a game finished here stays open).
    unlocked: RwSignal<bool>,
    /// What the last save recorded ("Saved hand 3: Ann +8, Bob +16").
    saved_note: RwSignal<Option<String>>,
    /// Set when this page's save ended the game (the result is celebrated).
    celebrate: RwSignal<bool>,
    /// Set for a moment after a save, so a second tap on Save cannot land
    /// in the next form.
    cooling: RwSignal<bool>,
    action_error: RwSignal<Option<String>>,
    /// A save is on its way to disk: no other starts.
    in_flight: StoredValue<bool>,
    /// Shown busy (the form inert, Undo disabled): set only when a save
    /// takes longer than [`BUSY_AFTER_MS`], so a quick one changes
    /// nothing on screen before its result (no frame to paint first).
    saving: RwSignal<bool>,
    /// Set while the page re-reads the game (after the Back button restored
    /// it from the cache): no input is accepted until then.
    stale: RwSignal<bool>,
    deleted: RwSignal<Option<Deleted>>,
    gone: RwSignal<Option<String>>,
}

impl<R: GameUi> Clone for Screen<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: GameUi> Copy for Screen<R> {}

impl<R: GameUi> Screen<R> {
    /// Keeps one slot of the draft: in memory, in localStorage while the
    /// write is in flight, and in storage.
    fn set_slot(self, slot: Slot, value: Option<DraftSlot>) {
        let changed = self
            .draft
            .try_update_value(|d| {
                let place = match slot {
                    Slot::Entry => &mut d.entry,
                    Slot::Edit => &mut d.edit,
                    Slot::Extra => &mut d.extra,
                    Slot::Redo => &mut d.redo,
                };
                let changed = *place != value;
                *place = value;
                if changed {
                    d.seq = d.seq.saturating_add(1).max(now_ms().max(0) as u64);
                }
                changed
            })
            .unwrap_or(false);
        if !changed || !self.drafts_kept.try_get_value().unwrap_or(false) {
            return;
        }
        let Some(d) = self.draft.try_get_value() else {
            return;
        };
        // At once in localStorage (a crash loses nothing), then in storage.
        pending::keep(&d.id, &d);
        self.write_draft();
    }

    /// Writes the draft to storage (see [`DraftWriter`]).
    fn write_draft(self) {
        DraftWriter {
            draft: self.draft,
            writing: self.draft_writing,
            again: self.draft_again,
            kept: self.drafts_kept,
            error: self.action_error,
        }
        .write();
    }

    /// Reads the stored game again (another page changed it, or this page
    /// came back from the cache), then says `then`.
    fn reload(self, then: Option<String>) {
        spawn_local(async move {
            let Some(s) = store_or_report().await else {
                return;
            };
            let Some(game) = self.id.try_get_value() else {
                return;
            };
            match read_game::<R>(&s, &game).await {
                Ok(r) => {
                    let len = r.log.len();
                    // A correction in progress whose entry another screen
                    // changed meanwhile is asked again, not saved over it.
                    let edited_under = self.editing.try_get_untracked().flatten().filter(|i| {
                        self.rec
                            .try_with_untracked(|old| old.log.get(*i) != r.log.get(*i))
                            .unwrap_or(false)
                    });
                    // A game that came back (its deletion undone elsewhere)
                    // is shown again.
                    if self.gone.try_with_untracked(Option::is_some) == Some(true) {
                        self.gone.set(None);
                    }
                    // What was typed for the next entry is still the next
                    // entry when another screen recorded one meanwhile.
                    self.draft.update_value(|d| {
                        if let Some(e) = d.entry.as_mut().filter(|e| e.at < len) {
                            e.at = len;
                        }
                    });
                    if self
                        .rec
                        .try_with_untracked(|now| *now != r)
                        .unwrap_or(false)
                    {
                        self.rec.set(r);
                    }
                    if self
                        .editing
                        .try_get_untracked()
                        .flatten()
                        .is_some_and(|i| i >= len)
                    {
                        self.editing.set(None);
                    } else if let Some(i) = edited_under {
                        let what = self.rec.with_untracked(|r| R::entry_label(&r.log, i));
                        self.action_error.set(Some(format!(
                            "{what} was changed on another screen while you were correcting it; the sheet shows it as saved now. Your correction is still here: check it and save again."
                        )));
                    }
                }
                Err(e) => self.gone.set(Some(e.game_message())),
            }
            self.stale.set(false);
            if then.is_some() {
                self.action_error.set(then);
            }
        });
    }

    /// Saves a new log. The screen changes only once the transaction is on
    /// disk; an error if the save could not even start. `known` is the
    /// state after the new log, where the caller derived it (a new entry
    /// folded onto the current state): then nothing is replayed.
    fn save_log(
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
        let done = move || {
            let _ = self.in_flight.try_set_value(false);
            if self.saving.try_get_untracked() == Some(true) {
                let _ = self.saving.try_set(false);
            }
        };
        spawn_local(async move {
            let s = match storage().await {
                Ok(s) => s,
                Err(e) => {
                    // Nothing saved: the entry stays typed, and says why.
                    done();
                    self.action_error.set(Some(SaveError::Failed(e).message()));
                    return;
                }
            };
            let result = s.save_game(&next, Some(base.rev), summary).await;
            done();
            match result {
                Ok(()) => {
                    sync::announce(&next.id, next.rev);
                    if let Some(state) = known {
                        self.primed.set_value(Some((next.rev, state)));
                    }
                    self.rec.set(next);
                    self.action_error.set(None);
                    on_saved();
                    request_animation_frame(mark_replays);
                }
                Err(SaveError::Conflict) => self.reload(Some(SaveError::Conflict.message())),
                Err(SaveError::Gone) => self.gone.set(Some(SaveError::Gone.message())),
                Err(e) => self.action_error.set(Some(e.message())),
            }
        });
        Ok(())
    }

    /// Records what the entry form built: a new entry, or the correction of
    /// the one being edited, or why it was refused (nothing changed then).
    fn submit(self, entry: R::Entry) -> Result<(), RuleError> {
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
                        self.after_save(what, target.is_some());
                    }),
                )
                .map_err(RuleError::new),
        }
    }

    /// Saves `entry` as the next entry, folded onto the current `state`
    /// (one step, no replay): its points are what it moved the totals.
    fn append_to(
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
                self.set_slot(Slot::Entry, None);
                self.editing.set(None);
                self.set_redo(None);
                self.after_save(what, false);
            }),
        )
        .map_err(RuleError::new)
    }

    /// Appends what an extra panel recorded, whatever is being edited.
    fn append(self, entry: R::Entry) -> Result<(), RuleError> {
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

    fn edit(self, i: usize) {
        self.set_slot(Slot::Edit, None);
        self.editing.set(Some(i));
        scroll_to("entry");
    }

    fn cancel(self) {
        self.set_slot(Slot::Edit, None);
        self.editing.set(None);
    }

    /// Keeps (or forgets) the entry Redo puts back, in memory and in the
    /// draft.
    fn set_redo(self, redo: Option<(usize, R::Entry)>) {
        let slot = redo.as_ref().and_then(|(at, e)| {
            serde_json::to_string(e)
                .ok()
                .map(|text| DraftSlot { at: *at, text })
        });
        self.redo.set(redo);
        self.set_slot(Slot::Redo, slot);
    }

    /// What entry `index` is and added, for a question or a confirmation:
    /// "Hand 10: Ann 8, Bob 16".
    fn describe(self, index: usize, signed: bool) -> String {
        self.rec.with_untracked(|r| {
            let setup = r.setup();
            let points = entry_points::<R>(&setup, &r.log, index)
                .map(|p| points_line(&r.players, &p, signed))
                .unwrap_or_else(|| "no points".into());
            format!("{}: {points}", R::entry_label(&r.log, index))
        })
    }

    /// After a save: say what it added (`what`: "Hand 3: Ann +8"), and
    /// celebrate the result when it ended the game.
    fn after_save(self, what: String, edited: bool) {
        self.saved_note.set(Some(if edited {
            format!("Saved the correction. {what}")
        } else {
            format!("Saved {}", lower_first(&what))
        }));
        self.cooling.set(true);
        set_timeout(
            move || {
                let _ = self.cooling.try_set(false);
            },
            std::time::Duration::from_millis(SAVE_COOLDOWN_MS),
        );
        if !edited {
            self.celebrate_if_over();
        }
    }

    /// Brings the result into view with a small celebration, if the game
    /// is over (its winners known).
    fn celebrate_if_over(self) {
        let over = self
            .standings
            .with_untracked(|s| s.outcome.as_ref().is_some_and(|o| o.pending.is_none()));
        if over {
            self.celebrate.set(true);
            scroll_to("outcome");
        }
    }

    /// The question Undo asks of the game as it is now: "Undo hand 10:
    /// Ann 8, Bob 16?", bound to that entry and revision.
    fn undo_question(self) -> Option<Asked> {
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
    fn undo(self, asked: Asked) {
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

    fn redo(self) {
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
                        self.after_save(what, false);
                    }),
                );
                if let Err(e) = refused {
                    self.action_error.set(Some(e));
                }
            }
            Err(e) => self.action_error.set(Some(e.to_string())),
        }
    }

    fn delete(self) {
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

    fn undo_delete(self) {
        let Some(d) = self.deleted.get_untracked() else {
            return;
        };
        spawn_local(async move {
            let Some(s) = store_or_report().await else {
                return;
            };
            match s.undelete(&d).await {
                Ok(()) => {
                    let rev = self.rec.try_with_untracked(|r| r.rev).unwrap_or(0);
                    sync::announce(&d.id, rev);
                    self.deleted.set(None);
                }
                Err(e) => self.action_error.set(Some(e.message())),
            }
        });
    }

    /// Other pages' saves, and this page coming back from the cache.
    fn follow_other_pages(self) {
        let listener = sync::on_change(move |change: &Change| match change {
            Change::Game { id: changed, rev } => {
                let mine = self.id.try_with_value(|i| i == changed).unwrap_or(false);
                let now = self.rec.try_with_untracked(|r| r.rev);
                let deleting = self
                    .deleted
                    .try_with_untracked(|d| d.is_some())
                    .unwrap_or(true);
                let gone = self.gone.try_with_untracked(Option::is_some) == Some(true);
                if mine && (gone || now.is_some_and(|n| n != *rev)) && !deleting {
                    self.reload(None);
                }
            }
            Change::Resumed => {
                self.stale.set(true);
                self.reload(None);
            }
        });
        on_cleanup(move || sync::off(listener));
    }

    /// The entry form for the next entry, or for the one being corrected.
    fn entry_view(self, finished: bool) -> AnyView {
        let target = self.editing.get();
        let (setup, log) = self.rec.with(|r| (r.setup(), r.log.clone()));
        let index = target.unwrap_or(log.len());
        if target.is_none() && finished {
            // A new game of the same kind, players, seats and variants.
            let rematch = crate::app::router::Route::rematch(R::KIND, &self.id.get_value());
            return if self.unlocked.get() {
                view! {
                    <p class="hint" data-testid="reopened">"The game is over. To correct it, open a row of the score sheet and Edit it, or Undo the last entry."</p>
                    <a class="button primary wide" data-testid="rematch" href=rematch>"Rematch"</a>
                }
                .into_any()
            } else {
                view! {
                    <p class="hint">"The game is over and kept as it ended."</p>
                    <a class="button primary wide" data-testid="rematch" href=rematch>"Rematch"</a>
                    <button type="button" class="secondary wide" data-testid="reopen"
                        on:click=on_click(move |_| self.unlocked.set(true))
                    >"Reopen to correct"</button>
                }
                .into_any()
            };
        }
        // The next entry's form starts from the state the screen folded;
        // a correction's from the entries before it.
        let before = match target {
            None => self.folded.with(|(s, _)| s.clone()),
            Some(_) => replay_prefix::<R>(&setup, log.get(..index).unwrap_or(&log)).0,
        };
        let (slot, kept) = match target {
            Some(i) => (
                Slot::Edit,
                self.draft
                    .with_value(|d| d.edit.clone().filter(|s| s.at == i)),
            ),
            // A draft typed for another entry (the next hand, before an
            // Undo) stays kept for when that entry's form is back (a reload
            // moves one typed before another screen's entry along).
            None => (
                Slot::Entry,
                self.draft
                    .with_value(|d| d.entry.clone().filter(|s| s.at == index)),
            ),
        };
        let initial = target.and_then(|i| log.get(i).cloned());
        entry_form::<R>(EntryParts {
            setup,
            before,
            log,
            index,
            initial,
            kept: kept.map(|s| s.text),
            keep: Callback::new(move |text: String| {
                self.set_slot(slot, Some(DraftSlot { at: index, text }))
            }),
            submit: Callback::new(move |e: R::Entry| self.submit(e)),
            cancel: target.map(|_| Callback::new(move |_: ()| self.cancel())),
        })
    }

    /// The game's extra panel, after every entry so far.
    fn extras_view(self, state: R::State) -> AnyView {
        let (setup, entries) = self.rec.with(|r| (r.setup(), r.log.len()));
        let lasting = self.draft.with_value(|d| d.extra.clone());
        let kept = lasting.clone().filter(|s| s.at == entries);
        R::extras(ExtrasCtx::<R> {
            setup,
            state,
            submit: Callback::new(move |e: R::Entry| self.append(e)),
            edit: Callback::new(move |i: usize| self.edit(i)),
            draft: kept.map(|s| s.text),
            lasting: lasting.map(|s| s.text),
            on_draft: Callback::new(move |text: Option<String>| {
                self.set_slot(
                    Slot::Extra,
                    text.map(|text| DraftSlot { at: entries, text }),
                )
            }),
        })
    }
}

/// The game screen for one record: the logic is generic over the game, the
/// view ([`screen_view`]) is not, so each game adds only its own forms.
/// `draft` is what was left unsaved; `notes` are problems met on the way in.
pub fn game_screen<R: GameUi>(
    record: GameRecord<R>,
    stored_draft: Option<Draft>,
    draft_problem: Option<ReadError>,
) -> AnyView {
    let start_edit = stored_draft
        .as_ref()
        .and_then(|d| d.edit.as_ref())
        .map(|s| s.at)
        .filter(|at| *at < record.log.len());
    // Redo survives a reload while the log is as Undo left it.
    let start_redo = stored_draft
        .as_ref()
        .and_then(|d| d.redo.as_ref())
        .filter(|s| s.at == record.log.len())
        .and_then(|s| serde_json::from_str::<R::Entry>(&s.text).ok())
        .map(|e| (record.log.len(), e));
    let finished_before = over::<R>(&record);
    let id = record.id.clone();
    let rec = RwSignal::new(record);
    // One fold per revision: primed by the save that wrote it, else a
    // replay of the log (on open, after an undo, an edit, another screen).
    let primed: StoredValue<Option<(u64, R::State)>> = StoredValue::new(None);
    let folded = Memo::new(move |_| {
        let rev = rec.with(|r| r.rev);
        match primed
            .try_update_value(|p| p.take())
            .flatten()
            .filter(|(r, _)| *r == rev)
        {
            Some((_, state)) => (state, None),
            None => rec.with(|r| replay_prefix::<R>(&r.setup(), &r.log)),
        }
    });
    let standings = Memo::new(move |_| {
        let setup = rec.with(|r| r.setup());
        folded.with(|(state, _)| R::standings(&setup, state))
    });
    let sc = Screen::<R> {
        id: StoredValue::new(id.clone()),
        // A draft this version cannot overwrite (a newer one) is not replaced.
        drafts_kept: StoredValue::new(!matches!(draft_problem, Some(ReadError::Newer(_)))),
        draft: StoredValue::new(stored_draft.unwrap_or_else(|| Draft::new(&id))),
        draft_writing: StoredValue::new(false),
        draft_again: StoredValue::new(false),
        rec,
        folded,
        standings,
        primed,
        editing: RwSignal::new(start_edit),
        redo: RwSignal::new(start_redo),
        unlocked: RwSignal::new(!finished_before || start_edit.is_some()),
        saved_note: RwSignal::new(None),
        celebrate: RwSignal::new(false),
        cooling: RwSignal::new(false),
        action_error: RwSignal::new(
            draft_problem
                .map(|p| p.draft_message())
                .filter(|m| !m.is_empty()),
        ),
        in_flight: StoredValue::new(false),
        saving: RwSignal::new(false),
        stale: RwSignal::new(false),
        deleted: RwSignal::new(None),
        gone: RwSignal::new(None),
    };
    // The names change only when the record's players do (not on a save).
    let players = Memo::new(move |_| rec.with(|r| r.players.clone()));
    sc.follow_other_pages();
    ask_to_persist();
    // A finished game is read-only until reopened (a tie-breaker still to
    // draw is not finished).
    let locked = Signal::derive(move || {
        !sc.unlocked.get()
            && standings.with(|s| s.outcome.as_ref().is_some_and(|o| o.pending.is_none()))
    });

    crate::app::wake_lock::keep_awake(Memo::new(move |_| standings.with(|s| !s.finished())).into());
    let screen = screen_view(ScreenParts {
        around: around::around_view(around::AroundParts {
            standings: standings.into(),
            players: players.into(),
            step: R::SHEET_STEP,
            info: Callback::new(move |_: ()| {
                rec.with_untracked(|r| share::ShareInfo {
                    game: R::KIND.name().into(),
                    date: crate::app::format_date(r.created_ms),
                    step: R::SHEET_STEP.into(),
                    players: r.players.clone(),
                })
            }),
        }),
        kind: R::KIND,
        look: R::LOOK,
        help: Signal::derive(move || rec.with(|r| R::help(&r.setup()))),
        standings: standings.into(),
        players: players.into(),
        read_error: Signal::derive(move || {
            folded.with(|(_, err)| err.clone()).map(|e| {
                format!(
                    "{} could not be read under the current rules ({}); the score shows the entries before it. Undo or edit it to carry on.",
                    rec.with(|r| R::entry_label(&r.log, e.index)),
                    e.error.message
                )
            })
        }),
        editing: sc.editing,
        on_edit: Callback::new(move |i: usize| sc.edit(i)),
        locked,
        entry_label: Callback::new(move |i: usize| {
            rec.with_untracked(|r| R::entry_label(&r.log, i))
        }),
        entry: keyed_entry(sc, standings),
        extras: dynamic(move || {
            if locked.get() {
                ().into_any()
            } else {
                sc.extras_view(folded.with(|(s, _)| s.clone()))
            }
        }),
        can_undo: Signal::derive(move || rec.with(|r| !r.log.is_empty())),
        can_redo: Signal::derive(move || {
            let len = rec.with(|r| r.log.len());
            sc.redo
                .with(|r| r.as_ref().is_some_and(|(at, _)| *at == len))
        }),
        undo_question: Signal::derive(move || sc.undo_question()),
        undo: Callback::new(move |asked: Asked| sc.undo(asked)),
        redo: Callback::new(move |_: ()| sc.redo()),
        action_error: sc.action_error,
        busy: Signal::derive(move || sc.saving.get() || sc.stale.get()),
        cooling: sc.cooling.into(),
        saved_note: sc.saved_note.into(),
        celebrate: sc.celebrate.into(),
        stale: sc.stale.into(),
        deleted: Signal::derive(move || sc.deleted.with(|d| d.is_some())),
        gone: sc.gone.into(),
        delete: Callback::new(move |_: ()| sc.delete()),
        undo_delete: Callback::new(move |_: ()| sc.undo_delete()),
    });
    view! { {super::club_asked::club_view(rec)} {screen} {super::hand_over::hand_over_panel(rec)} }
        .into_any()
}

/// The entry form, built anew (not patched in place: the new hand's form
/// replaces the last one's whole) only when what it is for changes: the
/// record's revision, the entry being corrected, whether the game is over
/// or reopened. It is built in the same frame as the save's row: building
/// it after that frame (measured: that frame about 50 ms sooner at 4x)
/// left a moment in which the old form was on screen after the save.
fn keyed_entry<R: GameUi>(
    sc: Screen<R>,
    standings: Memo<crate::rules::Standings>,
) -> crate::app::erased::Dyn {
    // The key's parts, then a generation number one up each time they
    // change (one memo type shared with the sheet's).
    let key = Memo::new(move |prev: Option<&Vec<usize>>| {
        let (rev, len) = sc.rec.with(|r| (r.rev as usize, r.log.len()));
        let finished = standings.with(|s| s.finished());
        let editing = sc.editing.get().map_or(0, |e| e.saturating_add(1));
        let now = vec![rev, len, editing, finished.into(), sc.unlocked.get().into()];
        let generation = match prev {
            Some(p) if p.get(..now.len()) == Some(&now[..]) => p.last().copied().unwrap_or(0),
            Some(p) => p.last().copied().unwrap_or(0).wrapping_add(1),
            None => 0,
        };
        let mut key = now;
        key.push(generation);
        key
    });
    let each = Signal::derive(move || vec![key.with(|k| k.last().copied().unwrap_or(0))]);
    let form = Callback::new(move |_: usize| {
        sc.entry_view(standings.with_untracked(crate::rules::Standings::finished))
    });
    dynamic(move || crate::app::erased::keyed(each, form))
}

/// Whether `record`'s game is over with its winners known (a tie-breaker
/// still to draw is not over).
fn over<R: Rules>(record: &GameRecord<R>) -> bool {
    let setup = record.setup();
    let (state, _) = replay_prefix::<R>(&setup, &record.log);
    R::standings(&setup, &state)
        .outcome
        .is_some_and(|o| o.pending.is_none())
}

/// Writes how many logs have been replayed so far on the page's root
/// (`data-replays`), once a save's screen is built: the benchmark and the
/// tests read how many replays a save cost.
fn mark_replays() {
    if let Some(root) = document().document_element() {
        let _ = root.set_attribute("data-replays", &crate::rules::replays().to_string());
    }
}

/// How long a save may take before the screen shows it busy.
const BUSY_AFTER_MS: u64 = 250;

/// How long after a save the next form ignores taps (a double tap on Save
/// must not land in it).
const SAVE_COOLDOWN_MS: u64 = 600;

/// What writing a game's draft needs (not generic over the game, so its
/// code is in the download once).
#[derive(Clone, Copy)]
struct DraftWriter {
    draft: StoredValue<Draft>,
    writing: StoredValue<bool>,
    again: StoredValue<bool>,
    kept: StoredValue<bool>,
    error: RwSignal<Option<String>>,
}

impl DraftWriter {
    /// Writes the draft to storage, one write at a time: keystrokes while
    /// one is on its way are written together after it (the latest draft).
    fn write(self) {
        if self.writing.try_get_value().unwrap_or(true) {
            let _ = self.again.try_set_value(true);
            return;
        }
        self.writing.set_value(true);
        spawn_local(async move {
            if let Some(s) = store_or_report().await {
                self.write_with(&s).await;
            }
            let _ = self.writing.try_set_value(false);
        });
    }

    /// [`DraftWriter::write`]'s loop: the draft, again while it changed.
    async fn write_with(self, s: &AppStore) {
        loop {
            let _ = self.again.try_set_value(false);
            let Some(d) = self.draft.try_get_value() else {
                return;
            };
            match s.save_draft(&d.id, &d).await {
                Ok(()) => pending::done(&d.id, d.seq),
                Err(SaveError::Newer) => {
                    let _ = self.kept.try_set_value(false);
                    let _ = self.error.try_set(Some("What you type is kept only until the page is closed: a newer version of the app left a draft here. Reload the page to update the app.".into()));
                    return;
                }
                Err(e) => {
                    let _ = self.error.try_set(Some(format!(
                        "What you are typing could not be kept: {}",
                        e.message().trim_start_matches("Not saved: ")
                    )));
                    return;
                }
            }
            if !self.again.try_get_value().unwrap_or(false) {
                return;
            }
        }
    }
}
