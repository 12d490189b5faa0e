//! A club's games, players and nights as Automerge documents, the form in
//! which they travel between phones, and the sync engine that carries them
//! (docs/sync.md). Its own crate, so the sync worker's WASM
//! (`src/bin/sync_worker`) links none of the app's screens.
//!
//! One document per game ([`game_doc`]) and one for the club
//! ([`club_doc`]): the index of its games, its players and its nights. A
//! game is the unit a table changes at once and a phone fetches on its
//! own; the club document stays small (a line per game), so joining shows
//! the list before every game has arrived, and a change to one game sends
//! only that game's document.
//!
//! Everything read from a document is checked for shape and size here,
//! and as an import is by the app (`model::backup::check_game`)
//! before it is kept: a document is data from another phone, never
//! trusted.

pub mod archive_doc;
pub mod club_delta;
pub mod club_doc;
pub mod confirmed;
pub mod engine;
pub mod game_doc;
pub mod idb;
pub mod kept;
pub mod limits;
pub mod listed;
pub mod made;
pub mod message;
pub mod paced;
pub mod replica;
pub mod round_doc;
pub mod save;
pub mod write_order;

/// Why a document cannot be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DocError {
    /// It is not one of this app's documents (or not of the kind asked).
    NotOurs,
    /// A newer release wrote it (its layout or schema): kept, not read.
    Newer(u64),
    /// It is larger than any game or club could be.
    TooBig,
    /// A field is missing or of the wrong shape (which one).
    Malformed(&'static str),
}

impl DocError {
    /// What the app says of a document it refused.
    pub fn message(&self) -> String {
        match self {
            DocError::NotOurs => "It is not a Chicken Scores document.".into(),
            DocError::Newer(v) => format!(
                "A newer version of the app wrote it (format {v}): update the app to see it."
            ),
            DocError::TooBig => "It is larger than any game could be.".into(),
            DocError::Malformed(field) => format!("Its {field} is damaged."),
        }
    }

    /// What the app says of a club's document it cannot read at all: in
    /// words of the club, never of a game.
    pub fn club_message(&self) -> String {
        let why = match self {
            DocError::NotOurs => "it is not a Chicken Scores club".to_string(),
            DocError::Newer(v) => {
                format!(
                    "a newer version of the app wrote it (format {v}): update the app to read it"
                )
            }
            DocError::TooBig => "it is larger than any club could be".to_string(),
            DocError::Malformed(field) => format!("its {field} is damaged"),
        };
        format!("The club's list cannot be read: {why}. Its games on this phone go on syncing.")
    }
}
