//! The game screen's state and every action on it: save, undo, redo,
//! edit, delete, following other pages; and [`game_screen`], which builds
//! it for one record.

use super::entry_form::{entry_form, EntryParts};
use super::*;
use crate::model::summary_with;
use crate::rules::{Points, Standings};

mod draft_writer;
mod save;
mod undo;

use draft_writer::DraftWriter;

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
    /// The new entry painted before its save has committed: its index,
    /// while the screen shows it marked as being saved.
    unsaved: RwSignal<Option<usize>>,
    /// What the last save recorded ("Saved hand 3: Ann +8, Bob +16"),
    /// and the entry it was.
    saved_note: RwSignal<Option<String>>,
    saved_at: RwSignal<Option<usize>>,
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

    /// Clears one slot of the draft if it is still the one for entry `at`.
    fn clear_slot_at(self, slot: Slot, at: usize) {
        let for_at = self.draft.with_value(|d| {
            let place = match slot {
                Slot::Entry => &d.entry,
                Slot::Edit => &d.edit,
                Slot::Extra => &d.extra,
                Slot::Redo => &d.redo,
            };
            place.as_ref().is_some_and(|s| s.at == at)
        });
        if for_at {
            self.set_slot(slot, None);
        }
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
            // A read begun before this page's own save ended is older than
            // the screen (revisions only go up): nothing in it to show.
            let older = |r: &GameRecord<R>| {
                self.rec
                    .try_with_untracked(|now| r.rev < now.rev)
                    .unwrap_or(true)
            };
            let read = read_game::<R>(&s, &game).await;
            // Never shown under a tap on the entry form (it would be lost).
            crate::app::steady::until_lifted().await;
            // A save of this page's was refused (the game changed).
            let refused = then.is_some();
            let mut said = then;
            match read {
                Ok(r) if older(&r) => {}
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
                    // entry when another screen recorded one meanwhile; a
                    // round the table typed together was what was saved.
                    let shared = self.shared_round();
                    // What was typed here for an entry another screen
                    // recorded meanwhile, unless it is what was recorded.
                    let overtaken = self
                        .draft
                        .with_value(|d| d.entry.clone().filter(|e| e.at < len))
                        .filter(|e| {
                            let saved = r.log.get(e.at);
                            !saved.is_some_and(|s| {
                                Form::<R>::typed_is(&r.setup(), &r.log, e.at, &e.text, s)
                            })
                        })
                        .map(|e| e.at);
                    self.draft.update_value(|d| {
                        if shared && d.entry.as_ref().is_some_and(|e| e.at < len) {
                            d.entry = None;
                        } else if let Some(e) = d.entry.as_mut().filter(|e| e.at < len) {
                            e.at = len;
                        }
                    });
                    // Never moved on, or dropped, silently: the screen says
                    // what became of what was typed.
                    if let Some(at) = overtaken {
                        let (was, now) = (R::entry_label(&r.log, at), R::entry_label(&r.log, len));
                        said = Some(if shared {
                            format!("{was} was saved on another phone while you typed it here: what you typed was not saved. Check {} in the sheet, and correct it if it is wrong.", lower_first(&was))
                        } else if refused {
                            format!("Not saved: {was} was recorded on another screen while you typed it. What you typed is now in the form for {}: check it and save again.", lower_first(&now))
                        } else {
                            format!("{was} was recorded on another screen while you typed it. What you typed is now in the form for {}: check it before you save.", lower_first(&now))
                        });
                    }
                    if self
                        .rec
                        .try_with_untracked(|now| *now != r)
                        .unwrap_or(false)
                    {
                        crate::app::steady::keep_in_place("entry", || self.rec.set(r));
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
            if said.is_some() {
                self.action_error.set(said);
            }
        });
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
            let points = entry_adds(r, &r.log, index, signed).unwrap_or_else(|| "no points".into());
            format!("{}: {points}", R::entry_label(&r.log, index))
        })
    }

    /// After a save: say what it added (`what`: "Hand 3: Ann +8"), and
    /// celebrate the result when it ended the game.
    fn after_save(self, what: String, at: usize, edited: bool) {
        self.saved_at.set(Some(at));
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

    /// Other pages' saves, and this page coming back from the cache.
    fn follow_other_pages(self) {
        let follow = move |change: &Change| match change {
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
            Change::Players => {}
        };
        let listener = sync::on_change(follow);
        // A change heard between the game's read and now.
        let heard = self
            .id
            .try_with_value(|id| sync::heard(id).map(|rev| (id.clone(), rev)))
            .flatten();
        if let Some((id, rev)) = heard {
            follow(&Change::Game { id, rev });
        }
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
            live: (target.is_none() && self.shared_round()).then(|| self.id.get_value()),
        })
    }

    /// Whether the next entry is typed by the whole table: a round game on
    /// a phone in a club.
    fn shared_round(self) -> bool {
        R::LIVE_ROUND.is_some() && crate::storage::membership::stored_name().is_some()
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
        unsaved: RwSignal::new(None),
        saved_note: RwSignal::new(None),
        saved_at: RwSignal::new(None),
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
    // Built off-screen to compile its code (`warm`): nothing beyond it.
    let warming = super::warm::warming();
    if !warming {
        sc.follow_other_pages();
        ask_to_persist();
    }
    // A finished game is read-only until reopened (a tie-breaker still to
    // draw is not finished).
    let locked = Signal::derive(move || {
        !sc.unlocked.get()
            && standings.with(|s| s.outcome.as_ref().is_some_and(|o| o.pending.is_none()))
    });

    if !warming {
        let playing = Memo::new(move |_| standings.with(|s| !s.finished()));
        crate::app::wake_lock::keep_awake(playing.into());
    }
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
        unsaved: sc.unsaved.into(),
        saved_note: sc.saved_note.into(),
        saved_at: sc.saved_at.into(),
        undecided: {
            let id = id.clone();
            Signal::derive(move || crate::app::club::undecided(&id))
        },
        celebrate: sc.celebrate.into(),
        stale: sc.stale.into(),
        deleted: Signal::derive(move || sc.deleted.with(|d| d.is_some())),
        gone: sc.gone.into(),
        delete: Callback::new(move |_: ()| sc.delete()),
        undo_delete: Callback::new(move |_: ()| sc.undo_delete()),
    });
    if warming {
        return screen;
    }
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
