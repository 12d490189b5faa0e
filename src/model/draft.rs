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

/// A form's state as a draft slot keeps it: the version of its shape and
/// the state, so a later release never misreads a shape it changed.
#[derive(Serialize, Deserialize)]
struct Shaped<T> {
    /// The version of the state's shape.
    shape: u32,
    /// The form's state.
    state: T,
}

/// The text a draft slot keeps for `state`, a form's state of shape
/// version `shape`.
pub fn slot_text<T: Serialize>(shape: u32, state: &T) -> Option<String> {
    serde_json::to_string(&Shaped { shape, state }).ok()
}

/// A form's state of shape version `shape` read back from a slot's text;
/// `None` for another shape or an unreadable text. A text kept before
/// shapes were versioned reads as shape 1.
pub fn slot_state<T: serde::de::DeserializeOwned>(shape: u32, text: &str) -> Option<T> {
    // The state is read from its own text, by the reader `T` has anyway.
    match serde_json::from_str::<Shaped<&serde_json::value::RawValue>>(text) {
        Ok(s) if s.shape == shape => serde_json::from_str(s.state.get()).ok(),
        Ok(_) => None,
        Err(_) if shape == 1 => serde_json::from_str(text).ok(),
        Err(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_reads_back_its_own_shape_only() {
        let text = slot_text(2, &vec![1, 2]).unwrap();
        assert_eq!(text, r#"{"shape":2,"state":[1,2]}"#);
        assert_eq!(slot_state::<Vec<u32>>(2, &text), Some(vec![1, 2]));
        assert_eq!(slot_state::<Vec<u32>>(1, &text), None, "another shape");
        assert_eq!(slot_state::<Vec<u32>>(3, &text), None);
        // Kept before shapes were versioned: shape 1.
        assert_eq!(slot_state::<Vec<u32>>(1, "[4]"), Some(vec![4]));
        assert_eq!(slot_state::<Vec<u32>>(2, "[4]"), None);
        assert_eq!(slot_state::<Vec<u32>>(1, "nope"), None);
    }
}
