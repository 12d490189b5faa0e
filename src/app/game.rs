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

use crate::app::erased::dynamic;
pub use crate::app::screen::{screen_view, ScreenParts, UNDO_DELETE_SECONDS};
use crate::app::sync::{self, Change};
use crate::app::{now_ms, store, AppStore};
use crate::model::{Draft, DraftSlot, GameRecord, Summary, SCHEMA_VERSION};
use crate::rules::{
    push_entry, replace_entry, replay_prefix, undo_last, LogError, Outcome, RuleError, Rules,
    Setup, Standings,
};
use crate::storage::{pending, Deleted, SaveError};

/// What a game adds to the shared screens.
pub trait GameUi: Rules + Sized {
    /// What one entry is called ("Hand 3", "Round 3").
    fn entry_label(index: usize) -> String {
        format!("Entry {}", index + 1)
    }

    /// What entry `index` of `log` is called, where the log says more than
    /// the index alone (a game whose log mixes kinds of entries).
    fn entry_label_in(log: &[Self::Entry], index: usize) -> String {
        let _ = log;
        Self::entry_label(index)
    }

    /// The variants to choose when creating a game.
    fn settings_form(settings: RwSignal<Self::Settings>, players: Signal<usize>) -> AnyView;

    /// The form that records one entry (new, or an edit of an old one).
    fn entry_form(ctx: EntryCtx<Self>) -> AnyView;

    /// An extra panel under the entry form (tie-breakers, table helpers).
    fn extras(ctx: ExtrasCtx<Self>) -> AnyView {
        let _ = ctx;
        ().into_any()
    }
}

/// What an entry form is given.
pub struct EntryCtx<R: Rules> {
    /// Players and settings.
    pub setup: Setup<R::Settings>,
    /// The state before this entry.
    pub before: R::State,
    /// The entry's place in the log.
    pub index: usize,
    /// The entry being edited, if this is an edit (what was typed in the
    /// `draft`, if any, comes first).
    pub initial: Option<R::Entry>,
    /// Saves the entry; `Some(error)` if the rules or storage refused it,
    /// in which case nothing changed and the form keeps what was entered.
    pub submit: Callback<R::Entry, Option<RuleError>>,
    /// Leaves editing without saving (edits only).
    pub cancel: Option<Callback<()>>,
    /// What was being entered in this form when the page was last closed
    /// (or before the form was rebuilt), as the form saved it with
    /// `on_draft`.
    pub draft: Option<String>,
    /// Keeps what is being entered (`None` forgets it), so a reload or a
    /// closed tab loses nothing typed.
    pub on_draft: Option<Callback<Option<String>>>,
}

/// The draft kept for a new entry, if it reads as a `T` and `fits` this
/// entry (a draft left for another round or trick is not restored).
pub fn restore_draft<T: serde::de::DeserializeOwned>(
    draft: Option<&str>,
    fits: impl Fn(&T) -> bool,
) -> Option<T> {
    draft
        .and_then(|d| serde_json::from_str::<T>(d).ok())
        .filter(|d| fits(d))
}

/// Keeps what `value` returns as the draft of a new entry, every time what
/// it reads changes (it writes storage, never a signal).
pub fn keep_draft<T: serde::Serialize>(
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
    /// How many entries the log holds.
    pub entries: usize,
    /// Appends an entry; `Some(error)` if refused (nothing changed then).
    pub submit: Callback<R::Entry, Option<RuleError>>,
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
}

/// The game screen for one record: the logic is generic over the game, the
/// view ([`screen_view`]) is not, so each game adds only its own forms.
/// `draft` is what was left unsaved; `notes` are problems met on the way in.
pub fn game_screen<R: GameUi>(
    record: GameRecord<R>,
    stored_draft: Option<Draft>,
    notes: Vec<String>,
) -> AnyView {
    let id = StoredValue::new(record.id.clone());
    // A draft this version cannot overwrite (a newer one) is not replaced.
    let drafts_kept = StoredValue::new(!notes.iter().any(|n| n.contains("newer version")));
    let start_edit = stored_draft
        .as_ref()
        .and_then(|d| d.edit.as_ref())
        .map(|s| s.at)
        .filter(|at| *at < record.log.len());
    let draft = StoredValue::new(stored_draft.unwrap_or_else(|| Draft::new(&record.id)));
    let rec = RwSignal::new(record);
    let editing: RwSignal<Option<usize>> = RwSignal::new(start_edit);
    let redo: RwSignal<Option<R::Entry>> = RwSignal::new(None);
    let action_error: RwSignal<Option<String>> =
        RwSignal::new((!notes.is_empty()).then(|| notes.join(" ")));
    let saving = RwSignal::new(false);
    // Set while the page re-reads the game (after the Back button restored
    // it from the cache): no input is accepted until then.
    let stale = RwSignal::new(false);
    let deleted: RwSignal<Option<Deleted>> = RwSignal::new(None);
    let gone: RwSignal<Option<String>> = RwSignal::new(None);

    let folded = Memo::new(move |_| rec.with(|r| replay_prefix::<R>(&r.setup(), &r.log)));
    let standings = Memo::new(move |_| {
        let setup = rec.with(|r| r.setup());
        folded.with(|(state, _)| R::standings(&setup, state))
    });

    // Keeps one slot of the draft: in memory, in localStorage while the
    // write is in flight, and in storage.
    let set_slot = move |slot: Slot, value: Option<DraftSlot>| {
        let changed = draft
            .try_update_value(|d| {
                let place = match slot {
                    Slot::Entry => &mut d.entry,
                    Slot::Edit => &mut d.edit,
                    Slot::Extra => &mut d.extra,
                };
                let changed = *place != value;
                *place = value;
                if changed {
                    d.seq = d.seq.saturating_add(1).max(now_ms().max(0) as u64);
                }
                changed
            })
            .unwrap_or(false);
        if !changed || !drafts_kept.try_get_value().unwrap_or(false) {
            return;
        }
        let Some(d) = draft.try_get_value() else {
            return;
        };
        pending::keep(&d.id, &d);
        spawn_local(async move {
            let Some(s) = store() else { return };
            match s.save_draft(&d.id, &d).await {
                Ok(()) => pending::done(&d.id, d.seq),
                Err(SaveError::Newer) => {
                    drafts_kept.set_value(false);
                    action_error.set(Some("What you type is kept only until the page is closed: a newer version of the app left a draft here. Reload the page to update the app.".into()));
                }
                Err(e) => action_error.set(Some(format!(
                    "What you are typing could not be kept: {}",
                    e.message().trim_start_matches("Not saved: ")
                ))),
            }
        });
    };

    // Reads the stored game again (another page changed it, or this page
    // came back from the cache), then says `then`.
    let reload = move |then: Option<String>| {
        spawn_local(async move {
            let Some(s) = store() else { return };
            let Some(game) = id.try_get_value() else {
                return;
            };
            match read_game::<R>(&s, &game).await {
                Ok(r) => {
                    let len = r.log.len();
                    if rec.try_with_untracked(|now| *now != r).unwrap_or(false) {
                        rec.set(r);
                    }
                    if editing
                        .try_get_untracked()
                        .flatten()
                        .is_some_and(|i| i >= len)
                    {
                        editing.set(None);
                    }
                }
                Err(msg) => gone.set(Some(msg)),
            }
            stale.set(false);
            if then.is_some() {
                action_error.set(then);
            }
        });
    };

    // Saves a new log. The screen changes only once the transaction is on
    // disk; `Some(message)` if the save could not even start.
    let save_log = move |log: Vec<R::Entry>, on_saved: Box<dyn FnOnce()>| -> Option<String> {
        if saving.get_untracked() {
            return Some("Still saving the last change: one moment.".into());
        }
        if stale.get_untracked() {
            return Some("One moment: checking for changes made on another screen.".into());
        }
        let base = rec.get_untracked();
        let next = base.with_log(log);
        let summary = summary_of(&next);
        saving.set(true);
        spawn_local(async move {
            let Some(s) = store() else {
                saving.set(false);
                return;
            };
            let result = s.save_game(&next, Some(base.rev), summary).await;
            saving.set(false);
            match result {
                Ok(()) => {
                    sync::announce(&next.id, next.rev);
                    rec.set(next);
                    action_error.set(None);
                    on_saved();
                }
                Err(SaveError::Conflict) => reload(Some(SaveError::Conflict.message())),
                Err(SaveError::Gone) => gone.set(Some(SaveError::Gone.message())),
                Err(e) => action_error.set(Some(e.message())),
            }
        });
        None
    };

    let submit = Callback::new(move |entry: R::Entry| -> Option<RuleError> {
        let (setup, log) = rec.with_untracked(|r| (r.setup(), r.log.clone()));
        let target = editing.get_untracked();
        let at = target.unwrap_or(log.len());
        let result = match target {
            Some(i) => replace_entry::<R>(&setup, &log, i, entry),
            None => push_entry::<R>(&setup, &log, entry),
        };
        match result {
            Err(LogError { index, error }) if index == at => Some(error),
            Err(LogError { index, error }) => Some(RuleError::new(format!(
                "Not saved: with this change {} would be impossible ({}). Edit that one first.",
                R::entry_label_in(&log, index),
                error.message
            ))),
            Ok(log) => save_log(
                log,
                Box::new(move || {
                    // The draft became an entry.
                    set_slot(
                        if target.is_some() {
                            Slot::Edit
                        } else {
                            Slot::Entry
                        },
                        None,
                    );
                    editing.set(None);
                    redo.set(None);
                }),
            )
            .map(RuleError::new),
        }
    });
    // Extras always append, whatever is being edited.
    let append = Callback::new(move |entry: R::Entry| -> Option<RuleError> {
        let (setup, log) = rec.with_untracked(|r| (r.setup(), r.log.clone()));
        match push_entry::<R>(&setup, &log, entry) {
            Err(e) => Some(e.error),
            Ok(log) => {
                save_log(log, Box::new(move || set_slot(Slot::Extra, None))).map(RuleError::new)
            }
        }
    });
    let cancel = Callback::new(move |_: ()| {
        set_slot(Slot::Edit, None);
        editing.set(None);
    });
    let on_edit = Callback::new(move |i: usize| {
        set_slot(Slot::Edit, None);
        editing.set(Some(i));
        scroll_to("entry");
    });

    let undo = Callback::new(move |_: ()| {
        let log = rec.with_untracked(|r| r.log.clone());
        let Some(last) = log.last().cloned() else {
            return;
        };
        let refused = save_log(
            undo_last(&log),
            Box::new(move || {
                set_slot(Slot::Edit, None);
                editing.set(None);
                redo.set(Some(last));
            }),
        );
        if refused.is_some() {
            action_error.set(refused);
        }
    });
    let redo_last = Callback::new(move |_: ()| {
        let Some(entry) = redo.get_untracked() else {
            return;
        };
        let (setup, log) = rec.with_untracked(|r| (r.setup(), r.log.clone()));
        match push_entry::<R>(&setup, &log, entry) {
            Ok(log) => {
                let refused = save_log(log, Box::new(move || redo.set(None)));
                if refused.is_some() {
                    action_error.set(refused);
                }
            }
            Err(e) => action_error.set(Some(e.to_string())),
        }
    });

    let delete = Callback::new(move |_: ()| {
        spawn_local(async move {
            let Some(s) = store() else { return };
            let Some(game) = id.try_get_value() else {
                return;
            };
            match s.delete_game(&game).await {
                Ok(d) => {
                    sync::announce(&game, 0);
                    deleted.set(Some(d));
                }
                Err(e) => action_error.set(Some(format!("Not deleted: {e}."))),
            }
        });
    });
    let undo_delete = Callback::new(move |_: ()| {
        let Some(d) = deleted.get_untracked() else {
            return;
        };
        spawn_local(async move {
            let Some(s) = store() else { return };
            match s.undelete(&d).await {
                Ok(()) => {
                    let rev = rec.try_with_untracked(|r| r.rev).unwrap_or(0);
                    sync::announce(&d.id, rev);
                    deleted.set(None);
                }
                Err(e) => action_error.set(Some(e.message())),
            }
        });
    });

    // Other pages' saves, and this page coming back from the cache.
    let listener = sync::on_change(move |change: &Change| match change {
        Change::Game { id: changed, rev } => {
            let mine = id.try_with_value(|i| i == changed).unwrap_or(false);
            let now = rec.try_with_untracked(|r| r.rev);
            let deleting = deleted.try_with_untracked(|d| d.is_some()).unwrap_or(true);
            if mine && now.is_some_and(|n| n != *rev) && !deleting {
                reload(None);
            }
        }
        Change::Resumed => {
            stale.set(true);
            reload(None);
        }
    });
    on_cleanup(move || sync::off(listener));
    ask_to_persist();

    let entry = dynamic(move || {
        let target = editing.get();
        let (setup, log) = rec.with(|r| (r.setup(), r.log.clone()));
        let finished = standings.with(|s| s.finished());
        let index = target.unwrap_or(log.len());
        if target.is_none() && finished {
            return view! {
                <p class="hint">"The game is over. To correct it, Edit an earlier entry or Undo the last one."</p>
            }
            .into_any();
        }
        let (before, _) = replay_prefix::<R>(&setup, log.get(..index).unwrap_or(&log));
        let (slot, kept) = match target {
            Some(i) => (
                Slot::Edit,
                draft.with_value(|d| d.edit.clone().filter(|s| s.at == i)),
            ),
            None => (Slot::Entry, draft.with_value(|d| d.entry.clone())),
        };
        let on_draft = Callback::new(move |text: Option<String>| {
            set_slot(slot, text.map(|text| DraftSlot { at: index, text }))
        });
        R::entry_form(EntryCtx::<R> {
            setup,
            before,
            index,
            initial: target.and_then(|i| log.get(i).cloned()),
            draft: kept.map(|s| s.text),
            on_draft: Some(on_draft),
            submit,
            cancel: target.map(|_| cancel),
        })
    });
    let extras = dynamic(move || {
        let (setup, entries) = rec.with(|r| (r.setup(), r.log.len()));
        let state = folded.with(|(s, _)| s.clone());
        let kept = draft.with_value(|d| d.extra.clone().filter(|s| s.at == entries));
        R::extras(ExtrasCtx::<R> {
            setup,
            state,
            entries,
            submit: append,
            edit: on_edit,
            draft: kept.map(|s| s.text),
            on_draft: Callback::new(move |text: Option<String>| {
                set_slot(
                    Slot::Extra,
                    text.map(|text| DraftSlot { at: entries, text }),
                )
            }),
        })
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
                    rec.with(|r| R::entry_label_in(&r.log, e.index)),
                    e.error.message
                )
            })
        }),
        editing,
        on_edit,
        entry_label: R::entry_label,
        entry,
        extras,
        can_undo: Signal::derive(move || rec.with(|r| !r.log.is_empty())),
        can_redo: Signal::derive(move || redo.with(|r| r.is_some())),
        undo,
        redo: redo_last,
        action_error,
        busy: Signal::derive(move || saving.get() || stale.get()),
        stale: stale.into(),
        deleted: Signal::derive(move || deleted.with(|d| d.is_some())),
        gone: gone.into(),
        delete,
        undo_delete,
    })
}

/// Scrolls an element into view (after the DOM updates).
pub fn scroll_to(id: &'static str) {
    request_animation_frame(move || {
        if let Some(el) = document().get_element_by_id(id) {
            el.scroll_into_view();
        }
    });
}
