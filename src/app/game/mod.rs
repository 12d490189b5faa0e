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

use crate::app::components::{focus_field, numbers_whole, FormActions};
use crate::app::erased::{dynamic, on_click, on_submit, text};
pub use crate::app::screen::{screen_view, Asked, ScreenParts, UNDO_DELETE_SECONDS};
use crate::app::sync::{self, Change};
use crate::app::{now_ms, storage, store_or_report, AppStore};
use crate::model::{slot_state, slot_text, Draft, DraftSlot, GameRecord, Summary};
use crate::rules::Stored;
use crate::rules::{
    entry_points, points_line, push_entry, replay_prefix, undo_last, LogError, RuleError, Rules,
    Setup,
};
use crate::storage::{pending, Deleted, ReadError, SaveError};

pub mod around;
mod club_asked;
mod entry_form;
pub mod extras;
mod frame;
pub mod hand_over;
pub mod live_round;
pub mod progress;
mod records;
pub mod share;
pub mod start;
pub mod warm;

pub use frame::game_screen;
pub use records::*;

/// What a game adds to the shared screens: its settings, and for its entry
/// form only the body and how to read it. The frame around the body (title,
/// form error, Save / Save changes, Cancel), the draft's lifecycle (restore
/// after a reload, keep on every change, forget once saved; for new entries
/// and edits alike) and saving are [`game_screen`]'s.
pub trait GameUi: Rules + Sized {
    /// Everything a half-entered entry holds, kept as the game's draft on
    /// every change and restored after a reload.
    type Draft: Stored;
    /// The version of [`GameUi::Draft`]'s shape as a draft keeps it: raised
    /// when the shape changes, so an older draft is never misread.
    const DRAFT_SHAPE: u32 = 1;
    /// Classes the game screen adds for this game's look, from the
    /// stylesheet's shared set (`sheet-last`, `narrow-rows`,
    /// `wrapped-rows`); none by default. The stylesheet never names a game.
    const LOOK: &'static str = "";
    /// A round game's next entry is typed by the whole table when the
    /// phone is in a club ([`live_round`]): the draft's fields that hold
    /// one value per seat (each player's own count). `None`: the form is
    /// this phone's alone.
    const LIVE_ROUND: Option<&'static [&'static str]> = None;

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
        Some(c) => std::iter::once(c.to_ascii_lowercase())
            .chain(chars)
            .collect(),
        None => String::new(),
    }
}

/// What entry `index` of `log` (game `r`'s log, or it with one entry
/// changed) adds, in words: "Ann 8, Bob 16" (signed when `signed`).
fn entry_adds<R: GameUi>(
    r: &GameRecord<R>,
    log: &[R::Entry],
    index: usize,
    signed: bool,
) -> Option<String> {
    let points = entry_points::<R>(&r.setup(), log, index)?;
    Some(points_line(&r.players, &points, signed))
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
    /// Whether `text` (a kept draft of entry `index` of `log`) builds
    /// exactly `entry`: what was typed here is what was saved (by another
    /// phone, at the same table). Built apart from any screen.
    pub fn typed_is(
        setup: &Setup<R::Settings>,
        log: &[R::Entry],
        index: usize,
        text: &str,
        entry: &R::Entry,
    ) -> bool {
        let owner = Owner::new();
        owner.with(|| {
            let before = replay_prefix::<R>(setup, log.get(..index).unwrap_or(log)).0;
            let form = Form::<R> {
                setup: StoredValue::new(setup.clone()),
                before: StoredValue::new(before),
                log: StoredValue::new(log.to_vec()),
                index,
                editing: false,
                error: RwSignal::new(None),
                tried: RwSignal::new(false),
                save: Callback::new(|_: ()| {}),
            };
            slot_state::<R::Draft>(R::DRAFT_SHAPE, text)
                .and_then(|d| R::restore(&form, d))
                .and_then(|d| R::build(&form, &d).ok())
                .is_some_and(|built| built == *entry)
        })
    }

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
    /// The panel's work as it last kept it, however many entries were
    /// saved since: for panels whose work outlives an entry (a tracker).
    /// An entry appended through `submit` forgets it.
    pub lasting: Option<String>,
    /// Keeps the panel's work in progress (`None` forgets it).
    pub on_draft: Callback<Option<String>>,
    /// Opens entry `i` in the entry form for correction (for games whose
    /// score-sheet rows gather several entries, so the sheet cannot).
    pub edit: Callback<usize>,
}

/// `source`, a frame late: a change shows once the frame that shows
/// everything else it changed is painted, so work that can wait (the
/// chart the last save opens) does not delay that frame. It starts equal
/// to `source`. A hidden page paints no frames: a timer shows the change
/// anyway (whichever comes first; the other finds it shown).
pub fn after_paint<T>(source: Memo<T>) -> ReadSignal<T>
where
    T: Clone + PartialEq + Send + Sync + 'static,
{
    let shown = RwSignal::new(source.get_untracked());
    Effect::new(move |_| {
        let same = source.with(|v| shown.try_with_untracked(|s| s == v));
        if same != Some(false) {
            return;
        }
        let show = move || {
            if let Some(v) = source.try_get_untracked() {
                if shown.try_with_untracked(|s| *s != v) == Some(true) {
                    let _ = shown.try_set(v);
                }
            }
        };
        // A task posted from the frame's callback runs once it is painted.
        request_animation_frame(move || set_timeout(show, std::time::Duration::ZERO));
        set_timeout(
            show,
            std::time::Duration::from_millis(AFTER_PAINT_LATEST_MS),
        );
    });
    shown.read_only()
}

/// The longest [`after_paint`] waits for a frame.
const AFTER_PAINT_LATEST_MS: u64 = 200;

/// Scrolls an element into view (after the DOM updates).
pub fn scroll_to(id: &'static str) {
    request_animation_frame(move || {
        if let Some(el) = document().get_element_by_id(id) {
            el.scroll_into_view();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_lower_their_first_letter() {
        assert_eq!(lower_first("Hand 3"), "hand 3");
        assert_eq!(lower_first("the Big Red holder"), "the Big Red holder");
        assert_eq!(lower_first(""), "");
    }
}
