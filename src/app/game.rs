//! The game screen every game shares: header, help panel, what happens
//! next or the result, the scoreboard, the entry form, undo/redo and editing
//! any earlier entry. A game plugs in through [`GameUi`]: its settings form
//! and its entry form; everything else is derived by its `Rules`.

use leptos::prelude::*;

use crate::app::components::{HelpPanel, Scoreboard};
use crate::app::{now_ms, use_app, with_store};
use crate::model::{GameRecord, IndexEntry};
use crate::rules::{
    push_entry, replace_entry, replay_prefix, undo_last, LogError, Outcome, RuleError, Rules,
    Setup, Standings,
};

/// What a game adds to the shared screens.
pub trait GameUi: Rules + Sized {
    /// One sentence on the new-game screen.
    const BLURB: &'static str;

    /// What one entry is called ("Hand 3", "Round 3").
    fn entry_label(index: usize) -> String {
        format!("Entry {}", index + 1)
    }

    /// The variants to choose when creating a game.
    fn settings_form(settings: RwSignal<Self::Settings>, players: Signal<usize>) -> AnyView;

    /// The form that records one entry (new, or an edit of an old one).
    fn entry_form(ctx: EntryCtx<Self>) -> AnyView;
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

/// The game screen for one record.
pub fn game_screen<R: GameUi>(record: GameRecord<R>) -> AnyView {
    let app = use_app();
    let rec = RwSignal::new(record);
    let editing: RwSignal<Option<usize>> = RwSignal::new(None);
    let redo: RwSignal<Option<R::Entry>> = RwSignal::new(None);
    let show_help = RwSignal::new(false);
    let action_error: RwSignal<Option<String>> = RwSignal::new(None);

    let folded = Memo::new(move |_| rec.with(|r| replay_prefix::<R>(&r.setup(), &r.log)));
    let standings = Memo::new(move |_| {
        let setup = rec.with(|r| r.setup());
        folded.with(|(state, _)| R::standings(&setup, state))
    });
    let players = Signal::derive(move || rec.with(|r| r.players.clone()));

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
                R::entry_label(index),
                error.message
            ))),
            Ok(log) => match save_log(log) {
                Ok(()) => {
                    editing.set(None);
                    redo.set(None);
                    None
                }
                Err(msg) => Some(RuleError::new(msg)),
            },
        }
    });
    let cancel = Callback::new(move |_: ()| editing.set(None));

    let undo = move |_| {
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
    };
    let redo_last = move |_| {
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
    };

    let on_edit = Callback::new(move |i: usize| {
        editing.set(Some(i));
        scroll_to("entry");
    });

    let kind = R::KIND;
    let help = Memo::new(move |_| rec.with(|r| R::help(&r.setup())));

    let entry_section = move || {
        let target = editing.get();
        let (setup, log) = rec.with(|r| (r.setup(), r.log.clone()));
        let finished = standings.with(|s| s.finished());
        let index = target.unwrap_or(log.len());
        if target.is_none() && finished {
            return view! {
                <p class="hint">"The game is over. Tap a row of the score sheet to correct it, or Undo the last entry."</p>
            }
            .into_any();
        }
        let (before, _) = replay_prefix::<R>(&setup, log.get(..index).unwrap_or(&log));
        let ctx = EntryCtx::<R> {
            setup,
            before,
            index,
            initial: target.and_then(|i| log.get(i).cloned()),
            submit,
            cancel: target.map(|_| cancel),
        };
        R::entry_form(ctx)
    };

    view! {
        <div class="game" data-kind=kind.as_str()>
            <header class="bar">
                <a class="back" href="/" aria-label="Back to all games">"‹ Games"</a>
                <h1>{kind.name()}</h1>
                <button
                    class="icon"
                    aria-label="Rules and variants in force"
                    aria-expanded=move || show_help.get().to_string()
                    on:click=move |_| show_help.update(|v| *v = !*v)
                >"?"</button>
            </header>
            <Show when=move || show_help.get()>
                <HelpPanel lines=Signal::derive(move || help.get())/>
            </Show>
            {move || folded.with(|(_, err)| err.clone()).map(|e| view! {
                <p class="banner warn" role="alert">
                    {format!("{} could not be read under the current rules ({}); the score shows the entries before it. Undo or edit it to carry on.", R::entry_label(e.index), e.error.message)}
                </p>
            })}
            <OutcomeOrStatus standings=Signal::derive(move || standings.get()) players=players/>
            <Scoreboard
                standings=Signal::derive(move || standings.get())
                players=players
                editing=editing
                on_edit=on_edit
                entry_label=R::entry_label
            />
            <section id="entry" class="entry" aria-label="Enter scores">
                {entry_section}
            </section>
            <div class="actions">
                <button
                    class="secondary"
                    data-testid="undo"
                    aria-label="Undo the last entry"
                    disabled=move || rec.with(|r| r.log.is_empty())
                    on:click=undo
                >"↶ Undo"</button>
                <Show when=move || redo.with(|r| r.is_some())>
                    <button class="secondary" data-testid="redo" aria-label="Redo the entry just undone" on:click=redo_last>"↷ Redo"</button>
                </Show>
            </div>
            {move || action_error.get().map(|e| view! { <p class="banner error" role="alert">{e}</p> })}
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
