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

/// The longest name a night takes, in letters.
pub const NIGHT_NAME_MAX: usize = 40;

impl Night {
    /// The same night called `name` (trimmed; empty shows its date), or
    /// why the name is refused.
    pub fn renamed(&self, name: &str) -> Result<Night, String> {
        let name = name.trim();
        if name.chars().count() > NIGHT_NAME_MAX {
            return Err(format!(
                "Keep a night's name to {NIGHT_NAME_MAX} letters or fewer."
            ));
        }
        Ok(Night {
            name: name.to_string(),
            ..self.clone()
        })
    }

    /// The same night without game `id` (it stays a game of its own).
    pub fn leaving_out(&self, id: &str) -> Night {
        let mut night = self.clone();
        if !night.left_out.iter().any(|g| g == id) {
            night.left_out.push(id.to_string());
        }
        night
    }

    /// The same night, ended by the table at `at` (never before it
    /// started; a night already ended keeps its end).
    pub fn ended_at(&self, at: i64) -> Night {
        Night {
            ended_ms: Some(self.ended_ms.unwrap_or(at.max(self.started_ms))),
            ..self.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn night() -> Night {
        Night {
            schema: 2,
            id: "n".into(),
            rev: 1,
            name: String::new(),
            started_ms: 1_000,
            ended_ms: None,
            left_out: Vec::new(),
            updated_ms: 0,
        }
    }

    #[test]
    fn a_night_is_renamed_ended_and_loses_games() {
        let n = night();
        assert_eq!(
            n.renamed("  Friday at Ann's ").unwrap().name,
            "Friday at Ann's"
        );
        assert_eq!(n.renamed("").unwrap().name, "");
        assert!(n.renamed(&"x".repeat(41)).unwrap_err().contains("40"));
        let out = n.leaving_out("g1").leaving_out("g1");
        assert_eq!(out.left_out, vec!["g1"]);
        assert_eq!(n.ended_at(5_000).ended_ms, Some(5_000));
        assert_eq!(
            n.ended_at(5).ended_ms,
            Some(1_000),
            "never before its start"
        );
        assert_eq!(n.ended_at(5_000).ended_at(9_000).ended_ms, Some(5_000));
    }
}
