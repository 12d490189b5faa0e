//! A game's draft: what is being entered and not saved yet, kept on every
//! change so a reload, a closed tab or a crash loses nothing typed. Each
//! slot holds a form's own state as JSON text; the game frame decides which
//! form gets which slot.

use serde::{Deserialize, Serialize};

use super::SCHEMA_VERSION;

/// One form's unsaved state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DraftSlot {
    /// The place in the log it is for: the next entry's index, the index of
    /// the entry being corrected, or the log's length when a panel's work
    /// began.
    pub at: usize,
    /// The form's state, as the form wrote it.
    pub text: String,
}

/// Everything unsaved in one game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    /// The schema it was written with.
    pub schema: u32,
    /// The game it belongs to (its storage key).
    pub id: String,
    /// Raised by every change: of two copies, the higher is newer.
    #[serde(default)]
    pub seq: u64,
    /// The next entry, half entered.
    #[serde(default)]
    pub entry: Option<DraftSlot>,
    /// A correction of an earlier entry, in progress.
    #[serde(default)]
    pub edit: Option<DraftSlot>,
    /// A panel's work in progress (a card draw being made).
    #[serde(default)]
    pub extra: Option<DraftSlot>,
    /// The entry Undo took back, for Redo: `at` is the log's length it
    /// goes back on (Redo is offered only while the log is that long).
    #[serde(default)]
    pub redo: Option<DraftSlot>,
}

impl Draft {
    /// An empty draft for game `id`.
    pub fn new(id: &str) -> Self {
        Draft {
            schema: SCHEMA_VERSION,
            id: id.to_string(),
            ..Draft::default()
        }
    }

    /// Whether nothing is kept (the draft can be removed).
    pub fn is_empty(&self) -> bool {
        self.entry.is_none() && self.edit.is_none() && self.extra.is_none() && self.redo.is_none()
    }
}
