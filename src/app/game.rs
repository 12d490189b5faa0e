//! The game screen every game shares: header, help panel, what happens
//! next or the result, the scoreboard, the entry form, undo/redo, editing
//! any earlier entry, and deleting the game. A game plugs in through
//! [`GameUi`]: its settings form and its entry form; everything else is
//! derived by its `Rules`.
//!
//! Every change is saved (one IndexedDB transaction, on disk) before the
//! screen shows it; a save based on an older revision than the stored one
//! is refused, and the screen then shows what is stored and keeps what was
//! typed. Other pages' saves arrive live ([`sync`]); a page restored by the
//! Back button re-reads the game before it accepts input. What is typed is
//! kept as the game's [`Draft`] on every change.

use leptos::prelude::*;
use leptos::task::spawn_local;
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::app::components::{focus_field, FormActions};
use crate::app::erased::{dynamic, on_click, on_submit, text};
pub use crate::app::screen::{screen_view, ScreenParts, UNDO_DELETE_SECONDS};
use crate::app::sync::{self, Change};
use crate::app::{now_ms, store, AppStore};
use crate::model::{Draft, DraftSlot, GameRecord, Summary, SCHEMA_VERSION};
use crate::rules::Stored;
use crate::rules::{
    entry_points, points_line, push_entry, replay_prefix, undo_last, LogError, Outcome, RuleError,
    Rules, Setup, Standings,
};
use crate::storage::{pending, Deleted, SaveError};

/// What a game adds to the shared screens: its settings, and for its entry
/// form only the body and how to read it. The frame around the body (title,
/// form error, Save / Save changes, Cancel), the draft's lifecycle (restore
/// after a reload, keep on every change, forget once saved; for new entries
/// and edits alike) and saving are [`game_screen`]'s.
pub trait GameUi: Rules + Sized {
    /// Everything a half-entered entry holds, kept as the game's draft on
    /// every change and restored after a reload.
    type Draft: Stored;

    /// What entry `index` of `log` is called ("Hand 3", "Round 3", "the Big
    /// Red holder"); `index` may be the next entry, one past the log.
    fn entry_label(log: &[Self::Entry], index: usize) -> String;

    /// The variants to choose when creating a game.
    fn settings_form(settings: RwSignal<Self::Settings>, players: Signal<usize>) -> AnyView;

    /// The draft of a form nothing was kept for: the entry being edited
    /// (`entry`), else an empty one.
    fn draft_of(form: &Form<Self>, entry: Option<&Self::Entry>) -> Self::Draft;

    /// A kept draft as this form can use it, or `None` if it does not
    /// belong here (typed for another number of players, or another kind
    /// of entry). Parts no longer possible may be dropped.
    fn restore(form: &Form<Self>, draft: Self::Draft) -> Option<Self::Draft> {
        let _ = form;
        Some(draft)
    }

    /// The form's title; by default "Hand 3", or "Correct hand 3" for an edit.
    fn title(form: &Form<Self>, draft: &Self::Draft) -> String {
        let _ = draft;
        let label = form.label();
        if form.editing {
            format!("Correct {}", lower_first(&label))
        } else {
            label
        }
    }

    /// The Save button's words, or `None` when the body saves by itself (a
    /// tap on a name) or there is nothing to save.
    fn save_label(form: &Form<Self>, draft: &Self::Draft) -> Option<String> {
        let _ = draft;
        let label = lower_first(&form.label());
        Some(if form.editing {
            format!("Save changes to {label}")
        } else {
            format!("Save {label}")
        })
    }

    /// The fields, bound to `draft`. A refusal naming a player
    /// (`form.error`) is the body's to show beside that player's field.
    fn form_body(form: Form<Self>, draft: RwSignal<Self::Draft>) -> AnyView;

    /// The entry `draft` describes, or what is wrong with it.
    fn build(form: &Form<Self>, draft: &Self::Draft) -> Result<Self::Entry, RuleError>;

    /// What the form is called in the page ("hand": class and test id
    /// `hand-form`, Save button `save-hand`).
    fn form_name(draft: &Self::Draft) -> &'static str {
        let _ = draft;
        "entry"
    }

    /// The element to focus when a refusal names `player`'s field.
    fn field_id(player: usize) -> Option<String> {
        let _ = player;
        None
    }

    /// An extra panel under the entry form (tie-breakers, table helpers).
    fn extras(ctx: ExtrasCtx<Self>) -> AnyView {
        let _ = ctx;
        ().into_any()
    }
}

/// "Hand 3" → "hand 3" (for "Save hand 3").
pub fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// What an entry form's body is given: small handles only, so it is `Copy`
/// and every closure of the body can hold it.
pub struct Form<R: Rules> {
    setup: StoredValue<Setup<R::Settings>>,
    before: StoredValue<R::State>,
    log: StoredValue<Vec<R::Entry>>,
    /// The entry's place in the log.
    pub index: usize,
    /// Whether this corrects an earlier entry.
    pub editing: bool,
    /// Why the last Save was refused (beside a player's field when it
    /// names one; the frame shows the others).
    pub error: RwSignal<Option<RuleError>>,
    /// Whether Save was tapped: empty fields show their message from then.
    pub tried: RwSignal<bool>,
    /// Saves the draft (what the Save button does), for bodies that save on
    /// a tap.
    pub save: Callback<()>,
}

impl<R: Rules> Clone for Form<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: Rules> Copy for Form<R> {}

impl<R: GameUi> Form<R> {
    /// Reads the players and settings.
    pub fn with_setup<T>(&self, f: impl FnOnce(&Setup<R::Settings>) -> T) -> T {
        self.setup.with_value(f)
    }

    /// The players and settings.
    pub fn setup(&self) -> Setup<R::Settings> {
        self.setup.get_value()
    }

    /// Reads the state before this entry.
    pub fn with_before<T>(&self, f: impl FnOnce(&R::State) -> T) -> T {
        self.before.with_value(f)
    }

    /// Reads the log (with the entry being corrected, for an edit).
    pub fn with_log<T>(&self, f: impl FnOnce(&[R::Entry]) -> T) -> T {
        self.log.with_value(|log| f(log))
    }

    /// How many players are seated.
    pub fn players(&self) -> usize {
        self.setup.with_value(|s| s.players.len())
    }

    /// Player `seat`'s name.
    pub fn name(&self, seat: usize) -> String {
        self.setup.with_value(|s| s.name(seat).to_string())
    }

    /// What this entry is called ("Hand 3").
    pub fn label(&self) -> String {
        self.log.with_value(|log| R::entry_label(log, self.index))
    }

    /// Clears the refusal (the body calls it on every change).
    pub fn changed(&self) {
        if self.error.with_untracked(Option::is_some) {
            self.error.set(None);
        }
    }

    /// The message beside `player`'s field, if the last refusal named it.
    pub fn error_for(&self, player: usize) -> Option<String> {
        self.error.with(|e| {
            e.as_ref()
                .filter(|e| e.player == Some(player))
                .map(|e| e.message.clone())
        })
    }
}

/// An extra panel's work in progress, as it kept it with [`keep_draft`], if
/// it still reads as a `T` and `fits` (entry forms have theirs restored by
/// the frame).
pub fn restore_draft<T: DeserializeOwned>(
    draft: Option<&str>,
    fits: impl Fn(&T) -> bool,
) -> Option<T> {
    draft
        .and_then(|d| serde_json::from_str::<T>(d).ok())
        .filter(|d| fits(d))
}

/// Keeps what `value` returns as an extra panel's work in progress, every
/// time what it reads changes (it writes storage, never a signal).
pub fn keep_draft<T: Serialize>(
    on_draft: Option<Callback<Option<String>>>,
    value: impl Fn() -> T + 'static,
) {
    if let Some(keep) = on_draft {
        Effect::new(move |_| keep.run(serde_json::to_string(&value()).ok()));
    }
}

/// One line for the games list: the result, or the state of play.
pub fn summary_line(players: &[String], standings: &Standings) -> String {
    let name = |i: &usize| players.get(*i).cloned().unwrap_or_default();
    match &standings.outcome {
        Some(Outcome {
            pending: Some(p), ..
        }) => p.clone(),
        Some(Outcome { winners, .. }) => {
            let names: Vec<String> = winners.iter().map(name).collect();
            match names.len() {
                0 => "Finished".into(),
                1 => format!("Won by {}", names.join("")),
                _ => format!("Shared by {}", names.join(" & ")),
            }
        }
        None => standings
            .status
            .first()
            .cloned()
            .unwrap_or_else(|| "In progress".into()),
    }
}

/// The summary the games lists show for `record`, as its rules derive it.
pub fn summary_of<R: Rules>(record: &GameRecord<R>) -> Summary {
    let setup = record.setup();
    let (state, _) = replay_prefix::<R>(&setup, &record.log);
    let standings = R::standings(&setup, &state);
    Summary {
        schema: SCHEMA_VERSION,
        id: record.id.clone(),
        rev: record.rev,
        kind: record.kind.as_str().to_string(),
        players: record.players.clone(),
        created_ms: record.created_ms,
        updated_ms: now_ms(),
        finished: standings.finished(),
        summary: summary_line(&record.players, &standings),
        totals: standings.totals.iter().map(|t| t.to_string()).collect(),
        leaders: standings.leaders(),
    }
}

/// Reads game `id` as a game of `R`. A record that cannot be read is kept
/// aside (never overwritten) and the message says so.
pub async fn read_game<R: Rules>(store: &AppStore, id: &str) -> Result<GameRecord<R>, String> {
    let loaded = store.load_game(id).await?;
    if loaded.header.kind != R::KIND.as_str() {
        return Err(format!(
            "This game is a \"{}\" game, not {}.",
            crate::storage::bounded(&loaded.header.kind, 24),
            R::KIND.name()
        ));
    }
    match GameRecord::<R>::from_json(&loaded.text) {
        Ok(r) => Ok(r),
        Err(reason) => Err(store
            .set_aside_game(id, &loaded.text, &crate::storage::bounded(&reason, 100))
            .await),
    }
}

/// Asks the browser to keep this app's storage when space runs low (once
/// a game is saved); it answers by itself, without asking the person.
pub fn ask_to_persist() {
    let Some(manager) = web_sys::window().map(|w| w.navigator().storage()) else {
        return;
    };
    spawn_local(async move {
        let Ok(p) = manager.persisted() else { return };
        let already = wasm_bindgen_futures::JsFuture::from(p)
            .await
            .ok()
            .and_then(|v| v.as_bool())
            .unwrap_or(false);
        if !already {
            if let Ok(p) = manager.persist() {
                let _ = wasm_bindgen_futures::JsFuture::from(p).await;
            }
        }
    });
}

/// What a game's extra panel is given (tie-breakers, table helpers).
pub struct ExtrasCtx<R: Rules> {
    /// Players and settings.
    pub setup: Setup<R::Settings>,
    /// The state after every entry so far.
    pub state: R::State,
    /// Appends an entry, or says why it was refused (nothing changed then).
    pub submit: Callback<R::Entry, Result<(), RuleError>>,
    /// The panel's work in progress when the page was last closed, as it
    /// kept it with `on_draft` (only while the log is unchanged).
    pub draft: Option<String>,
    /// Keeps the panel's work in progress (`None` forgets it).
    pub on_draft: Callback<Option<String>>,
    /// Opens entry `i` in the entry form for correction (for games whose
    /// score-sheet rows gather several entries, so the sheet cannot).
    pub edit: Callback<usize>,
}

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
    rec: RwSignal<GameRecord<R>>,
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
        pending::keep(&d.id, &d);
        spawn_local(async move {
            let Some(s) = store() else { return };
            match s.save_draft(&d.id, &d).await {
                Ok(()) => pending::done(&d.id, d.seq),
                Err(SaveError::Newer) => {
                    self.drafts_kept.set_value(false);
                    self.action_error.set(Some("What you type is kept only until the page is closed: a newer version of the app left a draft here. Reload the page to update the app.".into()));
                }
                Err(e) => self.action_error.set(Some(format!(
                    "What you are typing could not be kept: {}",
                    e.message().trim_start_matches("Not saved: ")
                ))),
            }
        });
    }

    /// Reads the stored game again (another page changed it, or this page
    /// came back from the cache), then says `then`.
    fn reload(self, then: Option<String>) {
        spawn_local(async move {
            let Some(s) = store() else { return };
            let Some(game) = self.id.try_get_value() else {
                return;
            };
            match read_game::<R>(&s, &game).await {
                Ok(r) => {
                    let len = r.log.len();
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
                    }
                }
                Err(msg) => self.gone.set(Some(msg)),
            }
            self.stale.set(false);
            if then.is_some() {
                self.action_error.set(then);
            }
        });
    }

    /// Saves a new log. The screen changes only once the transaction is on
    /// disk; an error if the save could not even start.
    fn save_log(self, log: Vec<R::Entry>, on_saved: Box<dyn FnOnce()>) -> Result<(), String> {
        if self.saving.get_untracked() {
            return Err("Still saving the last change: one moment.".into());
        }
        if self.stale.get_untracked() {
            return Err("One moment: checking for changes made on another screen.".into());
        }
        let base = self.rec.get_untracked();
        let next = base.with_log(log);
        let summary = summary_of(&next);
        self.saving.set(true);
        spawn_local(async move {
            let Some(s) = store() else {
                self.saving.set(false);
                return;
            };
            let result = s.save_game(&next, Some(base.rev), summary).await;
            self.saving.set(false);
            match result {
                Ok(()) => {
                    sync::announce(&next.id, next.rev);
                    self.rec.set(next);
                    self.action_error.set(None);
                    on_saved();
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
        let (setup, log) = self.rec.with_untracked(|r| (r.setup(), r.log.clone()));
        let target = self.editing.get_untracked();
        let at = target.unwrap_or(log.len());
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
                        self.after_save(at, target.is_some());
                    }),
                )
                .map_err(RuleError::new),
        }
    }

    /// Appends what an extra panel recorded, whatever is being edited.
    fn append(self, entry: R::Entry) -> Result<(), RuleError> {
        let (setup, log) = self.rec.with_untracked(|r| (r.setup(), r.log.clone()));
        match push_entry::<R>(&setup, &log, entry) {
            Err(e) => Err(e.error),
            Ok(log) => self
                .save_log(
                    log,
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

    /// After a save of entry `at`: say what it added, and celebrate the
    /// result when it ended the game.
    fn after_save(self, at: usize, edited: bool) {
        let what = self.describe(at, true);
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
        if self.rec.with_untracked(|r| over::<R>(r)) {
            self.celebrate.set(true);
            scroll_to("outcome");
        }
    }

    /// The question Undo asks: "Undo hand 10: Ann 8, Bob 16?"
    fn undo_question(self) -> Option<String> {
        let len = self.rec.with_untracked(|r| r.log.len());
        let last = len.checked_sub(1)?;
        Some(format!(
            "Undo {}?",
            lower_first(&self.describe(last, false))
        ))
    }

    fn undo(self) {
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
                    Box::new(move || {
                        self.set_redo(None);
                        self.after_save(at, false);
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
            let Some(s) = store() else { return };
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
            let Some(s) = store() else { return };
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
                if mine && now.is_some_and(|n| n != *rev) && !deleting {
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
            return if self.unlocked.get() {
                view! {
                    <p class="hint" data-testid="reopened">"The game is over. To correct it, open a row of the score sheet and Edit it, or Undo the last entry."</p>
                }
                .into_any()
            } else {
                view! {
                    <p class="hint">"The game is over and kept as it ended."</p>
                    <button type="button" class="secondary wide" data-testid="reopen"
                        on:click=on_click(move |_| self.unlocked.set(true))
                    >"Reopen to correct"</button>
                }
                .into_any()
            };
        }
        let (before, _) = replay_prefix::<R>(&setup, log.get(..index).unwrap_or(&log));
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
        let kept = self
            .draft
            .with_value(|d| d.extra.clone().filter(|s| s.at == entries));
        R::extras(ExtrasCtx::<R> {
            setup,
            state,
            submit: Callback::new(move |e: R::Entry| self.append(e)),
            edit: Callback::new(move |i: usize| self.edit(i)),
            draft: kept.map(|s| s.text),
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
    notes: Vec<String>,
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
    let sc = Screen::<R> {
        id: StoredValue::new(record.id.clone()),
        // A draft this version cannot overwrite (a newer one) is not replaced.
        drafts_kept: StoredValue::new(!notes.iter().any(|n| n.contains("newer version"))),
        draft: StoredValue::new(stored_draft.unwrap_or_else(|| Draft::new(&record.id))),
        rec: RwSignal::new(record),
        editing: RwSignal::new(start_edit),
        redo: RwSignal::new(start_redo),
        unlocked: RwSignal::new(!finished_before || start_edit.is_some()),
        saved_note: RwSignal::new(None),
        celebrate: RwSignal::new(false),
        cooling: RwSignal::new(false),
        action_error: RwSignal::new((!notes.is_empty()).then(|| notes.join(" "))),
        saving: RwSignal::new(false),
        stale: RwSignal::new(false),
        deleted: RwSignal::new(None),
        gone: RwSignal::new(None),
    };
    let rec = sc.rec;
    let folded = Memo::new(move |_| rec.with(|r| replay_prefix::<R>(&r.setup(), &r.log)));
    let standings = Memo::new(move |_| {
        let setup = rec.with(|r| r.setup());
        folded.with(|(state, _)| R::standings(&setup, state))
    });
    sc.follow_other_pages();
    ask_to_persist();
    // A finished game is read-only until reopened (a tie-breaker still to
    // draw is not finished).
    let locked = Signal::derive(move || {
        !sc.unlocked.get()
            && standings.with(|s| s.outcome.as_ref().is_some_and(|o| o.pending.is_none()))
    });

    screen_view(ScreenParts {
        kind: R::KIND,
        help: Signal::derive(move || rec.with(|r| R::help(&r.setup()))),
        standings: standings.into(),
        players: Signal::derive(move || rec.with(|r| r.players.clone())),
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
        entry: dynamic(move || sc.entry_view(standings.with(|s| s.finished()))),
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
        undo_question: Callback::new(move |_: ()| sc.undo_question().unwrap_or_default()),
        undo: Callback::new(move |_: ()| sc.undo()),
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
    })
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

/// How long after a save the next form ignores taps (a double tap on Save
/// must not land in it).
const SAVE_COOLDOWN_MS: u64 = 600;

/// Scrolls an element into view (after the DOM updates).
pub fn scroll_to(id: &'static str) {
    request_animation_frame(move || {
        if let Some(el) = document().get_element_by_id(id) {
            el.scroll_into_view();
        }
    });
}

/// What the entry form's frame is given by the screen.
struct EntryParts<R: Rules> {
    setup: Setup<R::Settings>,
    before: R::State,
    log: Vec<R::Entry>,
    index: usize,
    /// The entry being edited.
    initial: Option<R::Entry>,
    /// The draft kept for this form, as stored.
    kept: Option<String>,
    /// Keeps the draft (storage, not a signal).
    keep: Callback<String>,
    submit: Callback<R::Entry, Result<(), RuleError>>,
    cancel: Option<Callback<()>>,
}

/// The entry form: the frame every game shares around the game's body.
/// Its draft is what was kept for this form (if it still fits), else the
/// entry being edited, else empty; every change is kept at once.
fn entry_form<R: GameUi>(parts: EntryParts<R>) -> AnyView {
    let EntryParts {
        setup,
        before,
        log,
        index,
        initial,
        kept,
        keep,
        submit,
        cancel,
    } = parts;
    let error: RwSignal<Option<RuleError>> = RwSignal::new(None);
    let tried = RwSignal::new(false);
    // The body may save on a tap: `form.save` runs the Save below.
    let save_cell: StoredValue<Option<Callback<()>>> = StoredValue::new(None);
    let form = Form::<R> {
        setup: StoredValue::new(setup),
        before: StoredValue::new(before),
        log: StoredValue::new(log),
        index,
        editing: cancel.is_some(),
        error,
        tried,
        save: Callback::new(move |_: ()| {
            if let Some(save) = save_cell.try_get_value().flatten() {
                save.run(());
            }
        }),
    };
    let restored = kept
        .and_then(|t| serde_json::from_str::<R::Draft>(&t).ok())
        .and_then(|d| R::restore(&form, d))
        .unwrap_or_else(|| R::draft_of(&form, initial.as_ref()));
    let draft = RwSignal::new(restored);
    // Every change is kept (storage, not a signal); the form as it opened
    // is already kept, or is nothing typed (and must not replace a draft
    // kept for another entry).
    Effect::new(move |opened: Option<()>| {
        let text = draft.with(serde_json::to_string);
        if let (Some(()), Ok(text)) = (opened, text) {
            keep.run(text);
        }
    });
    let save = Callback::new(move |_: ()| {
        tried.set(true);
        error.set(None);
        match draft.with_untracked(|d| R::build(&form, d)) {
            Err(e) => {
                if let Some(id) = e.player.and_then(R::field_id) {
                    focus_field(&id);
                }
                error.set(Some(e));
            }
            Ok(entry) => {
                if let Err(e) = submit.run(entry) {
                    error.set(Some(e));
                }
            }
        }
    });
    save_cell.set_value(Some(save));
    let name = draft.with_untracked(R::form_name);
    view! {
        <form class=format!("entry-form {name}-form{}", if form.editing { " editing" } else { "" }) data-testid=format!("{name}-form") on:submit=on_submit(move || save.run(()))>
            <h2>{text(move || draft.with(|d| R::title(&form, d)))}</h2>
            {R::form_body(form, draft)}
            <p class="form-error" role="alert" data-testid="form-error">
                {text(move || error.with(|e| e.as_ref().filter(|e| e.player.is_none()).map(|e| e.message.clone()).unwrap_or_default()))}
            </p>
            <FormActions
                cancel=cancel
                save=Signal::derive(move || draft.with(|d| R::save_label(&form, d)))
                save_id=format!("save-{name}")
                on_save=save
            />
        </form>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Outcome, Points};

    #[test]
    fn labels_lower_their_first_letter() {
        assert_eq!(lower_first("Hand 3"), "hand 3");
        assert_eq!(lower_first("the Big Red holder"), "the Big Red holder");
        assert_eq!(lower_first(""), "");
    }

    #[test]
    fn summary_lines_name_winners_or_what_is_next() {
        let players = vec!["Ann".to_string(), "Bob".to_string()];
        let mut st = Standings {
            totals: vec![Points::ZERO; 2],
            lower_wins: true,
            sheet: Vec::new(),
            status: vec!["Hand 2 of 7".into()],
            outcome: None,
        };
        assert_eq!(summary_line(&players, &st), "Hand 2 of 7");
        st.outcome = Some(Outcome {
            ranks: vec![1, 2],
            winners: vec![0],
            notes: Vec::new(),
            pending: None,
        });
        assert_eq!(summary_line(&players, &st), "Won by Ann");
        st.outcome = Some(Outcome {
            ranks: vec![1, 1],
            winners: vec![0, 1],
            notes: Vec::new(),
            pending: None,
        });
        assert_eq!(summary_line(&players, &st), "Shared by Ann & Bob");
        // A tie waiting for its tie-breaker is not announced as shared.
        st.outcome = Some(Outcome {
            ranks: vec![1, 1],
            winners: vec![0, 1],
            notes: Vec::new(),
            pending: Some("Golden Egg tie: card draw pending".into()),
        });
        assert_eq!(
            summary_line(&players, &st),
            "Golden Egg tie: card draw pending"
        );
    }
}
