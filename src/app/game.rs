//! The game screen every game shares: header, help panel, what happens
//! next or the result, the scoreboard, the entry form, undo/redo and editing
//! any earlier entry. A game plugs in through [`GameUi`]: its settings form
//! and its entry form; everything else is derived by its `Rules`.

use leptos::prelude::*;

use crate::app::components::{HelpPanel, Scoreboard};
use crate::app::erased::{aria, dynamic, flag, on_click, Dyn};
use crate::app::pages::back_bar;
use crate::app::{now_ms, use_app, with_store};
use crate::model::{GameRecord, IndexEntry};
use crate::rules::{
    push_entry, replace_entry, replay_prefix, undo_last, GameKind, HelpLine, LogError, Outcome,
    RuleError, Rules, Setup, Standings,
};

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
    /// The entry being edited, if this is an edit.
    pub initial: Option<R::Entry>,
    /// Saves the entry; `Some(error)` if the rules or storage refused it,
    /// in which case nothing changed and the form keeps what was entered.
    pub submit: Callback<R::Entry, Option<RuleError>>,
    /// Leaves editing without saving (edits only).
    pub cancel: Option<Callback<()>>,
    /// What was being entered when the page was last closed (new entries
    /// only), as the form saved it with `on_draft`.
    pub draft: Option<String>,
    /// Keeps what is being entered (`None` forgets it), so a reload or a
    /// closed tab loses nothing typed. New entries only.
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

/// Saves a record and its index line. Returns the index line saved.
pub fn persist<R: Rules>(record: &GameRecord<R>) -> Result<IndexEntry, String> {
    let setup = record.setup();
    let (state, _) = replay_prefix::<R>(&setup, &record.log);
    let standings = R::standings(&setup, &state);
    let entry = IndexEntry {
        id: record.id.clone(),
        kind: record.kind.as_str().to_string(),
        players: record.players.clone(),
        created_ms: record.created_ms,
        updated_ms: now_ms(),
        finished: standings.finished(),
        summary: summary_line(&record.players, &standings),
    };
    with_store(|s| s.save_game(record, entry.clone()))
        .map_err(|e| format!("Not saved: {e}. Nothing was changed; try again."))?;
    Ok(entry)
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
    /// Opens entry `i` in the entry form for correction (for games whose
    /// score-sheet rows gather several entries, so the sheet cannot).
    pub edit: Callback<usize>,
}

/// The game screen for one record: the logic is generic over the game, the
/// view ([`screen_view`]) is not, so each game adds only its own forms.
pub fn game_screen<R: GameUi>(record: GameRecord<R>) -> AnyView {
    let app = use_app();
    let id = record.id.clone();
    let draft = with_store(|s| s.draft(&id));
    let rec = RwSignal::new(record);
    let draft = StoredValue::new(draft);
    let editing: RwSignal<Option<usize>> = RwSignal::new(None);
    let redo: RwSignal<Option<R::Entry>> = RwSignal::new(None);
    let action_error: RwSignal<Option<String>> = RwSignal::new(None);

    let folded = Memo::new(move |_| rec.with(|r| replay_prefix::<R>(&r.setup(), &r.log)));
    let standings = Memo::new(move |_| {
        let setup = rec.with(|r| r.setup());
        folded.with(|(state, _)| R::standings(&setup, state))
    });

    // Saves a new log; the screen changes only once storage said yes.
    let save_log = move |log: Vec<R::Entry>| -> Result<(), String> {
        let next = rec.with_untracked(|r| r.with_log(log));
        let line = persist(&next)?;
        rec.set(next);
        app.index
            .update(|ix| match ix.iter_mut().find(|e| e.id == line.id) {
                Some(slot) => *slot = line,
                None => ix.insert(0, line),
            });
        action_error.set(None);
        Ok(())
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
            Ok(log) => match save_log(log) {
                Ok(()) => {
                    if target.is_none() {
                        let id = rec.with_untracked(|r| r.id.clone());
                        // The draft became an entry; a stale draft is harmless.
                        let _ = with_store(|s| s.save_draft(&id, None));
                        draft.set_value(None);
                    }
                    editing.set(None);
                    redo.set(None);
                    None
                }
                Err(msg) => Some(RuleError::new(msg)),
            },
        }
    });
    // Extras always append, whatever is being edited.
    let append = Callback::new(move |entry: R::Entry| -> Option<RuleError> {
        let (setup, log) = rec.with_untracked(|r| (r.setup(), r.log.clone()));
        match push_entry::<R>(&setup, &log, entry) {
            Err(e) => Some(e.error),
            Ok(log) => save_log(log).err().map(RuleError::new),
        }
    });
    let on_draft = Callback::new(move |text: Option<String>| {
        // Kept in memory too, so a form rebuilt without a reload (after an
        // edit of an earlier entry, its cancel, an undo) comes back as left.
        draft.set_value(text.clone());
        let id = rec.with_untracked(|r| r.id.clone());
        if let Err(e) = with_store(|s| s.save_draft(&id, text.as_deref())) {
            action_error.set(Some(format!("What you are typing could not be kept: {e}.")));
        }
    });
    let cancel = Callback::new(move |_: ()| editing.set(None));
    let on_edit = Callback::new(move |i: usize| {
        editing.set(Some(i));
        scroll_to("entry");
    });

    let undo = Callback::new(move |_: ()| {
        let log = rec.with_untracked(|r| r.log.clone());
        let Some(last) = log.last().cloned() else {
            return;
        };
        if let Err(e) = save_log(undo_last(&log)) {
            action_error.set(Some(e));
            return;
        }
        editing.set(None);
        redo.set(Some(last));
    });
    let redo_last = Callback::new(move |_: ()| {
        let Some(entry) = redo.get_untracked() else {
            return;
        };
        let (setup, log) = rec.with_untracked(|r| (r.setup(), r.log.clone()));
        match push_entry::<R>(&setup, &log, entry) {
            Ok(log) => match save_log(log) {
                Ok(()) => redo.set(None),
                Err(e) => action_error.set(Some(e)),
            },
            Err(e) => action_error.set(Some(e.to_string())),
        }
    });

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
        R::entry_form(EntryCtx::<R> {
            setup,
            before,
            index,
            initial: target.and_then(|i| log.get(i).cloned()),
            draft: if target.is_none() {
                draft.get_value()
            } else {
                None
            },
            on_draft: target.is_none().then_some(on_draft),
            submit,
            cancel: target.map(|_| cancel),
        })
    });
    let extras = dynamic(move || {
        let (setup, entries) = rec.with(|r| (r.setup(), r.log.len()));
        let state = folded.with(|(s, _)| s.clone());
        R::extras(ExtrasCtx::<R> {
            setup,
            state,
            entries,
            submit: append,
            edit: on_edit,
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
    })
}

/// Everything the game screen shows, with the game's type erased.
pub struct ScreenParts {
    /// Which game.
    pub kind: GameKind,
    /// The rules in force.
    pub help: Signal<Vec<HelpLine>>,
    /// Totals, sheet, status, outcome.
    pub standings: Signal<Standings>,
    /// Player names by seat.
    pub players: Signal<Vec<String>>,
    /// An entry that today's rules refuse, if any.
    pub read_error: Signal<Option<String>>,
    /// The entry being edited.
    pub editing: RwSignal<Option<usize>>,
    /// Starts editing an entry.
    pub on_edit: Callback<usize>,
    /// What an entry is called.
    pub entry_label: fn(usize) -> String,
    /// The entry form.
    pub entry: Dyn,
    /// The game's extra panel.
    pub extras: Dyn,
    /// Whether there is an entry to undo.
    pub can_undo: Signal<bool>,
    /// Whether an undone entry can be put back.
    pub can_redo: Signal<bool>,
    /// Undoes the last entry.
    pub undo: Callback<()>,
    /// Puts back the entry just undone.
    pub redo: Callback<()>,
    /// A failed undo/redo/save, to show.
    pub action_error: RwSignal<Option<String>>,
}

/// The game screen's view, shared by every game.
pub fn screen_view(p: ScreenParts) -> AnyView {
    let show_help = RwSignal::new(false);
    let ScreenParts {
        kind,
        help,
        standings,
        players,
        read_error,
        editing,
        on_edit,
        entry_label,
        entry,
        extras,
        can_undo,
        can_redo,
        undo,
        redo,
        action_error,
    } = p;
    view! {
        <div class="game" data-kind=kind.as_str()>
            {back_bar(kind.name().into(), Some(view! {
                <button
                    class="icon"
                    aria-label="Rules and variants in force"
                    aria-expanded=aria(move || show_help.get())
                    on:click=on_click(move |_| show_help.update(|v| *v = !*v))
                >"?"</button>
            }.into_any()))}
            {dynamic(move || if show_help.get() { view! { <HelpPanel lines=help/> }.into_any() } else { ().into_any() })}
            {dynamic(move || read_error.get().map(|e| view! { <p class="banner warn" role="alert">{e}</p> }).into_any())}
            <OutcomeOrStatus standings=standings players=players/>
            <Scoreboard standings=standings players=players editing=editing on_edit=on_edit entry_label=entry_label/>
            <section id="entry" class="entry" aria-label="Enter scores">{entry}</section>
            {extras}
            <div class="actions">
                <button
                    class="secondary"
                    data-testid="undo"
                    aria-label="Undo the last entry"
                    disabled=flag(move || !can_undo.get())
                    on:click=on_click(move |_| undo.run(()))
                >"↶ Undo"</button>
                {dynamic(move || if can_redo.get() {
                    view! { <button class="secondary" data-testid="redo" aria-label="Redo the entry just undone" on:click=on_click(move |_| redo.run(()))>"↷ Redo"</button> }.into_any()
                } else { ().into_any() })}
            </div>
            {dynamic(move || action_error.get().map(|e| view! { <p class="banner error" role="alert">{e}</p> }).into_any())}
        </div>
    }
    .into_any()
}

/// The result when the game is over, else what happens next.
#[component]
fn OutcomeOrStatus(
    /// The standings to show.
    standings: Signal<Standings>,
    /// Player names by seat.
    players: Signal<Vec<String>>,
) -> impl IntoView {
    move || {
        let s = standings.get();
        let names = players.get();
        let name = |i: &usize| names.get(*i).cloned().unwrap_or_default();
        match s.outcome {
            Some(o) => {
                let winners: Vec<String> = o.winners.iter().map(name).collect();
                let title = match winners.len() {
                    0 => "Game over".to_string(),
                    1 => format!("🏆 {} wins!", winners.join("")),
                    _ => format!("🏆 {} share the win!", winners.join(" & ")),
                };
                view! {
                    <section class="outcome" data-testid="outcome" role="status">
                        <h2>{title}</h2>
                        {o.notes.into_iter().map(|n| view! { <p>{n}</p> }).collect_view()}
                    </section>
                }
                .into_any()
            }
            None => view! {
                <section class="status" data-testid="status" aria-live="polite">
                    {s.status.into_iter().map(|l| view! { <p>{l}</p> }).collect_view()}
                </section>
            }
            .into_any(),
        }
    }
}

/// Scrolls an element into view (after the DOM updates).
pub fn scroll_to(id: &'static str) {
    request_animation_frame(move || {
        if let Some(el) = document().get_element_by_id(id) {
            el.scroll_into_view();
        }
    });
}
