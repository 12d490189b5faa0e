//! A game night: the games a group played in one evening. What is stored
//! is the night itself (its name and when it started and ended, and any
//! game the table took out of it); which games belong to it is derived
//! from the games' creation times, never stored twice.

use serde::{Deserialize, Serialize};

/// One game night, stored under `nights/<id>`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Night {
    /// The schema it was written with.
    pub schema: u32,
    /// Its identifier (also its storage key).
    pub id: String,
    /// How many times it has been saved (a save names the revision it was
    /// based on, as a game's does).
    #[serde(default)]
    pub rev: u64,
    /// Its name ("Friday at Ann's"); empty shows the date.
    #[serde(default)]
    pub name: String,
    /// When it started (ms since the epoch): games created from then on
    /// belong to it.
    pub started_ms: i64,
    /// When it ended, once it has: games created after it do not belong.
    #[serde(default)]
    pub ended_ms: Option<i64>,
    /// Games created during the night that the table took out of it.
    #[serde(default)]
    pub left_out: Vec<String>,
    /// When it was last saved (ms since the epoch).
    #[serde(default)]
    pub updated_ms: i64,
}
