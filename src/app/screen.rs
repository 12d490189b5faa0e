//! The game screen's view, shared by every game: header, help panel, what
//! happens next or the result, the scoreboard, the entry form and its save
//! message, the extra panels, undo/redo and Delete game; in its place, a
//! game just deleted (with Undo) or gone. The logic is in `game`.

use leptos::prelude::*;

use crate::app::components::{numbers_whole, HelpPanel, Scoreboard};
use crate::app::erased::{aria, dynamic, flag, on_click, Dyn};
use crate::app::pages::back_bar;
use crate::app::wake_lock::WakeSwitch;
use crate::rules::{GameKind, HelpLine, Standings};

/// A question about one entry, as it is asked: the entry, the game's
/// revision it was asked on, and the words. The answer acts on that entry
/// of that revision only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Asked {
    /// The entry the question names (its index in the log).
    pub index: usize,
    /// The game's revision when it was asked.
    pub rev: u64,
    /// The question ("Undo hand 10: Ann 8, Bob 16?").
    pub text: String,
}

/// Everything the game screen shows, with the game's type erased.
pub struct ScreenParts {
    /// The chart and sharing row under the score sheet.
    pub around: AnyView,
    /// Which game.
    pub kind: GameKind,
    /// The game's classes for its look (`GameUi::LOOK`).
    pub look: &'static str,
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
    /// A finished game not reopened: nothing can be changed.
    pub locked: Signal<bool>,
    /// What an entry is called.
    pub entry_label: Callback<usize, String>,
    /// The entry form.
    pub entry: Dyn,
    /// The game's extra panel.
    pub extras: Dyn,
    /// Whether there is an entry to undo.
    pub can_undo: Signal<bool>,
    /// Whether an undone entry can be put back.
    pub can_redo: Signal<bool>,
    /// What Undo asks now, before it removes the last entry ("Undo hand
    /// 10: Ann 8, Bob 16?"), for the game as it is at this moment.
    pub undo_question: Signal<Option<Asked>>,
    /// Undoes the entry the question answered named (if the game is still
    /// as it was asked on).
    pub undo: Callback<Asked>,
    /// Puts back the entry just undone.
    pub redo: Callback<()>,
    /// A failed undo/redo/save, to show.
    pub action_error: RwSignal<Option<String>>,
    /// A save is under way, or the page is re-reading the game.
    pub busy: Signal<bool>,
    /// The page is re-reading the game (back from the cache).
    pub stale: Signal<bool>,
    /// Just saved: the entry form ignores taps for a moment.
    pub cooling: Signal<bool>,
    /// The entry painted before its save has committed (marked so).
    pub unsaved: Signal<Option<usize>>,
    /// What the last save recorded, and the entry it was.
    pub saved_note: Signal<Option<String>>,
    pub saved_at: Signal<Option<usize>>,
    /// Entries two phones recorded differently, not settled yet: marked on
    /// the sheet, and the totals said to wait on them.
    pub undecided: Signal<Vec<usize>>,
    /// This page's save ended the game.
    pub celebrate: Signal<bool>,
    /// The game was just deleted here (Undo is offered).
    pub deleted: Signal<bool>,
    /// The game is gone (deleted elsewhere, or unreadable): why.
    pub gone: Signal<Option<String>>,
    /// Deletes the game.
    pub delete: Callback<()>,
    /// Puts the deleted game back.
    pub undo_delete: Callback<()>,
}

/// The game screen's view, shared by every game: the game, and in its
/// place what happened to it (deleted here, with Undo; or gone).
pub fn screen_view(p: ScreenParts) -> AnyView {
    let show_help = RwSignal::new(false);
    let ScreenParts {
        around,
        kind,
        look,
        help,
        standings,
        players,
        read_error,
        editing,
        on_edit,
        locked,
        entry_label,
        entry,
        extras,
        can_undo,
        can_redo,
        undo_question,
        undo,
        redo,
        action_error,
        busy,
        stale,
        cooling,
        unsaved,
        saved_note,
        saved_at,
        undecided,
        celebrate,
        deleted,
        gone,
        delete,
        undo_delete,
    } = p;
    let away = flag(move || deleted.get() || gone.with(|g| g.is_some()));
    // Undo's question, while it is asked. If the game changes under it
    // (another screen saves or undoes), it is asked again about what is
    // there now, saying so; Yes answers the question on screen.
    let asking: RwSignal<Option<Asked>> = RwSignal::new(None);
    let shown = Memo::new(move |_| {
        let asked = asking.get()?;
        let now = undo_question.get()?;
        Some(if now.rev == asked.rev {
            asked
        } else {
            Asked {
                text: format!("This game changed on another screen. {}", now.text),
                ..now
            }
        })
    });
    // No Undo while an entry is corrected (it would remove another one) or
    // in a finished game not reopened.
    let hide_undo = flag(move || locked.get() || editing.with(|e| e.is_some()));
    view! {
        {dynamic(move || match gone.get() {
            Some(why) => view! {
                <section class="page">
                    {back_bar("Game not available".into(), None)}
                    <p class="banner warn" role="alert" data-testid="problem">{why}</p>
                </section>
            }.into_any(),
            None if deleted.get() => deleted_view(kind, undo_delete),
            None => ().into_any(),
        })}
        <div class=format!("game {look}").trim_end().to_owned() data-kind=kind.as_str() hidden=away>
            {back_bar(kind.name().into(), Some(view! {
                <button
                    class="icon"
                    aria-label="Rules and variants in force"
                    aria-expanded=aria(move || show_help.get())
                    on:click=on_click(move |_| show_help.update(|v| *v = !*v))
                >"?"</button>
            }.into_any()))}
            {dynamic(move || if show_help.get() { view! { <HelpPanel lines=help/><WakeSwitch/> }.into_any() } else { ().into_any() })}
            {dynamic(move || read_error.get().map(|e| view! { <p class="banner warn" role="alert">{e}</p> }).into_any())}
            {dynamic(move || stale.get().then(|| view! {
                <p class="banner info" role="status" data-testid="checking">"Checking for changes made on another screen…"</p>
            }).into_any())}
            {dynamic(move || waiting_on(&undecided.get(), entry_label).map(|w| view! {
                <p class="banner warn" role="status" data-testid="club-undecided">{w}</p>
            }).into_any())}
            <OutcomeOrStatus standings=standings players=players celebrate=celebrate/>
            <Scoreboard standings=standings players=players editing=editing on_edit=on_edit entry_label=entry_label can_edit=flag(move || !locked.get()) unsaved=unsaved undecided=undecided/>
            {around}
            {dynamic(move || saved_view(saved_note.get(), saved_at.get(), undecided, entry_label))}
            <section id="entry" class="entry" aria-label="Enter scores" aria-busy=aria(move || busy.get()) inert=flag(move || busy.get() || cooling.get())
                on:pointerdown=move |_| crate::app::steady::pressed()
                on:pointerup=move |_| crate::app::steady::lifted()
                on:pointercancel=move |_| crate::app::steady::lifted()
            >{entry}</section>
            {dynamic(move || action_error.get().map(|e| view! { <p class="banner error" role="alert" data-testid="save-error">{e}</p> }).into_any())}
            {extras}
            {dynamic(move || match shown.get() {
                Some(question) => view! {
                    <div class="confirm" role="alertdialog" aria-labelledby="undo-question" data-testid="undo-confirm">
                        <p id="undo-question">{question.text.clone()}</p>
                        <div class="actions">
                            <button class="danger" data-testid="undo-yes" disabled=flag(move || busy.get())
                                on:click=on_click(move |_| { asking.set(None); undo.run(question.clone()) })
                            >"Yes, undo it"</button>
                            <button class="secondary" data-testid="undo-no" on:click=on_click(move |_| asking.set(None))>"Keep it"</button>
                        </div>
                    </div>
                }.into_any(),
                None => view! {
                    <div class="actions" hidden=hide_undo>
                        <button
                            class="secondary"
                            data-testid="undo"
                            aria-label="Undo the last entry"
                            disabled=flag(move || !can_undo.get() || busy.get())
                            on:click=on_click(move |_| asking.set(undo_question.get_untracked()))
                        >"↶ Undo"</button>
                        {dynamic(move || if can_redo.get() {
                            view! { <button class="secondary" data-testid="redo" aria-label="Redo the entry just undone" on:click=on_click(move |_| redo.run(()))>"↷ Redo"</button> }.into_any()
                        } else { ().into_any() })}
                    </div>
                }.into_any(),
            })}
            <details class="danger-zone">
                <summary>"Delete this game"</summary>
                <p class="hint">"The game and its scores are removed from this phone. Undo is offered for a few seconds."</p>
                <button class="danger wide" data-testid="delete-game" on:click=on_click(move |_| delete.run(()))>"Delete game"</button>
            </details>
        </div>
    }
    .into_any()
}

/// What the last save recorded; once another phone's value of that entry
/// stands beside it, unsettled, that it is kept for the table to pick.
fn saved_view(
    note: Option<String>,
    at: Option<usize>,
    undecided: Signal<Vec<usize>>,
    entry_label: Callback<usize, String>,
) -> AnyView {
    let Some(note) = note else {
        return ().into_any();
    };
    match at.filter(|i| undecided.with(|u| u.contains(i))) {
        Some(i) => view! { <p class="banner warn" role="status" data-testid="saved-note">{format!(
            "{} was also recorded on another phone, differently. Yours is kept beside it: the table picks which stands, at the top of the game.",
            entry_label.run(i)
        )}</p> }.into_any(),
        None => view! { <p class="banner saved" role="status" data-testid="saved-note">"✓ "{note}</p> }.into_any(),
    }
}

/// What the totals wait on while entries are undecided ("Undecided: two
/// phones recorded Hand 3 differently. …"), if any are.
fn waiting_on(undecided: &[usize], entry_label: Callback<usize, String>) -> Option<String> {
    let names: Vec<String> = undecided.iter().map(|i| entry_label.run(*i)).collect();
    let (last, rest) = names.split_last()?;
    let which = if rest.is_empty() {
        last.clone()
    } else {
        format!("{} and {last}", rest.join(", "))
    };
    Some(format!(
        "Undecided: two phones recorded {which} differently. The totals and the result wait on the table's pick; until then the sheet shows one of the values."
    ))
}

/// How long Undo is offered after a delete.
pub const UNDO_DELETE_SECONDS: u64 = 8;

/// Shown in place of a game just deleted: Undo for a few seconds, and the
/// way back.
fn deleted_view(kind: GameKind, undo: Callback<()>) -> AnyView {
    let open = RwSignal::new(true);
    set_timeout(
        move || open.set(false),
        std::time::Duration::from_secs(UNDO_DELETE_SECONDS),
    );
    view! {
        <section class="page deleted" data-testid="deleted">
            {back_bar(format!("{} deleted", kind.name()), None)}
            <p role="status">"The game was deleted from this phone."</p>
            {dynamic(move || open.get().then(|| view! {
                <button class="primary wide" data-testid="undo-delete" on:click=on_click(move |_| undo.run(()))>"Undo: keep the game"</button>
            }).into_any())}
            <a class="button secondary wide" href="/">"Back to all games"</a>
        </section>
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
    /// This page's save ended the game: a small celebration.
    celebrate: Signal<bool>,
) -> impl IntoView {
    move || {
        let s = standings.get();
        let names = players.get();
        let name = |i: &usize| names.get(*i).cloned().unwrap_or_default();
        match s.outcome {
            Some(o) => {
                let winners: Vec<String> = o.winners.iter().map(name).collect();
                let title = match (winners.len(), o.pending) {
                    (_, Some(pending)) => pending,
                    (0, _) => "Game over".to_string(),
                    (1, _) => format!("🏆 {} wins!", winners.join("")),
                    _ => format!("🏆 {} share the win!", winners.join(" & ")),
                };
                let party = celebrate.get() && !winners.is_empty();
                view! {
                    <section class="outcome" class:celebrate=party id="outcome" data-testid="outcome" role="status">
                        {party.then(|| view! { <div class="confetti" aria-hidden="true">{"🎉🐔🥚🎉🐣🥚🎉".chars().map(|c| view! { <span>{c.to_string()}</span> }).collect_view()}</div> })}
                        <h2>{title}</h2>
                        {o.notes.into_iter().map(|n| view! { <p>{n}</p> }).collect_view()}
                    </section>
                }
                .into_any()
            }
            None => view! {
                <section class="status" data-testid="status" aria-live="polite">
                    {s.status.into_iter().map(|l| view! { <p>{numbers_whole(&l)}</p> }).collect_view()}
                </section>
            }
            .into_any(),
        }
    }
}
