//! What is persisted: a game record (players, settings, the rules version
//! and the append-only log of entries), the small index of all games, and
//! the saved roster of player names. Totals, turns and winners are never
//! stored: they are derived from the log by `rules`.
//!
//! Every stored value carries `schema`; [`migrate`] brings an older schema
//! up to date and refuses a newer one, so nothing written by a later app is
//! ever overwritten by this one. A game record also carries a revision,
//! raised by every save, so a save based on an older copy is refused
//! instead of overwriting a newer one (another tab, a page restored by the
//! Back button).

pub mod backup;
mod draft;
pub mod hand_over;
pub mod migrate;
mod night;
pub mod search;
mod summary;

pub use draft::{slot_state, slot_text, Draft, DraftSlot};
pub use night::{Night, NIGHT_NAME_MAX};
pub use summary::{
    result_line, summary_at, summary_line, summary_with, winners_of, IndexV1, Summary, SummaryV1,
};

use serde::{Deserialize, Serialize};

use crate::rules::pick::{recorded_first, rematch_first};
use crate::rules::{GameKind, RuleError, Rules, Setup};

/// The schema of everything this version of the app writes. 1 was the
/// localStorage release; 2 added revisions and moved to IndexedDB; 3 stores
/// every random outcome as a value ([`migrate`]).
pub const SCHEMA_VERSION: u32 = 3;

/// One game as stored: who played, with which settings, and every entry.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct GameRecord<R: Rules> {
    /// The schema this record was written with.
    pub schema: u32,
    /// The game's identifier (also its storage key: a record is only ever
    /// written under its own id).
    pub id: String,
    /// How many times this record has been saved (0 for a record from the
    /// localStorage release). A save must name the revision it was based on.
    #[serde(default)]
    pub rev: u64,
    /// Which game this is.
    pub kind: GameKind,
    /// `R::RULES_VERSION` when the game was created.
    pub rules_version: u32,
    /// When the game was created (milliseconds since the Unix epoch).
    pub created_ms: i64,
    /// Player names in seating order.
    pub players: Vec<String>,
    /// The variants chosen at creation, locked for the game.
    pub settings: R::Settings,
    /// The entries in the order they happened.
    pub log: Vec<R::Entry>,
}

impl<R: Rules> Clone for GameRecord<R> {
    fn clone(&self) -> Self {
        GameRecord {
            schema: self.schema,
            id: self.id.clone(),
            rev: self.rev,
            kind: self.kind,
            rules_version: self.rules_version,
            created_ms: self.created_ms,
            players: self.players.clone(),
            settings: self.settings.clone(),
            log: self.log.clone(),
        }
    }
}

impl<R: Rules> PartialEq for GameRecord<R> {
    fn eq(&self, other: &Self) -> bool {
        self.schema == other.schema
            && self.id == other.id
            && self.rev == other.rev
            && self.kind == other.kind
            && self.rules_version == other.rules_version
            && self.created_ms == other.created_ms
            && self.players == other.players
            && self.settings == other.settings
            && self.log == other.log
    }
}

impl<R: Rules> std::fmt::Debug for GameRecord<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameRecord")
            .field("id", &self.id)
            .field("rev", &self.rev)
            .field("kind", &self.kind)
            .field("players", &self.players)
            .field("settings", &self.settings)
            .field("log", &self.log)
            .finish()
    }
}

impl<R: Rules> GameRecord<R> {
    /// A new game with no entries, if the rules accept the setup. It is
    /// revision 1, the revision its first save writes.
    pub fn new(
        id: String,
        created_ms: i64,
        players: Vec<String>,
        settings: R::Settings,
    ) -> Result<Self, RuleError> {
        let record = GameRecord {
            schema: SCHEMA_VERSION,
            id,
            rev: 1,
            kind: R::KIND,
            rules_version: R::RULES_VERSION,
            created_ms,
            players,
            settings,
            log: Vec::new(),
        };
        R::check_setup(&record.setup())?;
        Ok(record)
    }

    /// The setup the rules need (names and settings).
    pub fn setup(&self) -> Setup<R::Settings> {
        Setup {
            players: self.players.clone(),
            settings: self.settings.clone(),
        }
    }

    /// The same game with another log: the next revision, written with
    /// this version's schema.
    pub fn with_log(&self, log: Vec<R::Entry>) -> Self {
        GameRecord {
            log,
            schema: SCHEMA_VERSION,
            rev: self.rev + 1,
            ..self.clone()
        }
    }

    /// What a rematch starts from: the same players in the same seats, the
    /// same settings, and who deals (or goes) first moved on one seat
    /// clockwise where this game recorded it ([`crate::rules::pick`]).
    /// What a game draws at random is drawn anew when the rematch starts
    /// ([`Rules::with_draws`]).
    pub fn rematch(&self) -> Rematch<R> {
        let setup = self.setup();
        let previous = recorded_first::<R>(&setup, &self.log);
        Rematch {
            players: self.players.clone(),
            settings: self.settings.clone(),
            previous,
            first: rematch_first(previous, self.players.len()),
        }
    }

    /// Reads a record from stored JSON (whose header [`read_stored`]
    /// checked), checking it is this game's. A record of an older schema
    /// is upgraded to this one's shape first ([`migrate::upgrade_record`]);
    /// it keeps its `schema`, so the screen that opened it knows to save
    /// it once in the new shape.
    pub fn from_json(raw: &str) -> Result<Self, String> {
        let unreadable = |e: serde_json::Error| format!("it is not a readable game ({e})");
        // Only an older record goes through the upgrade (as JSON values);
        // both are then read from text, by the one reader of each game.
        let upgraded = migrate::upgrade_text(raw)?;
        let text = upgraded.as_deref().unwrap_or(raw);
        let record: GameRecord<R> = serde_json::from_str(text).map_err(unreadable)?;
        if record.kind != R::KIND {
            return Err(format!("it is a {} game, not {}", record.kind, R::KIND));
        }
        Ok(record)
    }
}

/// What a rematch of a game starts from (see [`GameRecord::rematch`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Rematch<R: Rules> {
    /// The players, in the same seating order.
    pub players: Vec<String>,
    /// The same settings.
    pub settings: R::Settings,
    /// Who dealt (or went) first in the game before, where it was recorded.
    pub previous: Option<usize>,
    /// Who deals (or goes) first now: the seat after `previous`.
    pub first: Option<usize>,
}

/// The part of a stored record read before knowing which game it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordHeader {
    /// The schema it was written with.
    pub schema: u32,
    /// The game's identifier.
    pub id: String,
    /// Its revision (0 for a record of the localStorage release).
    #[serde(default)]
    pub rev: u64,
    /// The game's kind, as stored (it may name a game this app lacks).
    pub kind: String,
    /// Player names (to list a game found without its index line).
    #[serde(default)]
    pub players: Vec<String>,
    /// When it was created.
    #[serde(default)]
    pub created_ms: i64,
}

/// The saved roster: names typed before, most recently used first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roster {
    /// The schema it was written with.
    pub schema: u32,
    /// Player names.
    pub names: Vec<String>,
}

/// A number in base 36 (ids of games and nights: the time, and a salt).
pub fn base36(mut n: u64) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS.get((n % 36) as usize).copied().unwrap_or(b'0'));
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// Whether `s` is a schema a newer version of the app wrote.
pub fn is_newer(schema: u32) -> bool {
    schema > SCHEMA_VERSION
}

impl Roster {
    /// The roster with `used` moved to the front, in their order.
    pub fn remember(&self, used: &[String]) -> Roster {
        let mut names: Vec<String> = used.to_vec();
        for n in &self.names {
            if !names.iter().any(|u| same_name(u, n)) {
                names.push(n.clone());
            }
        }
        names.truncate(60);
        Roster {
            schema: SCHEMA_VERSION,
            names,
        }
    }

    /// The roster with the names of `others` it lacks (the same person
    /// however spelt in case and spaces) added after its own, up to 60.
    pub fn with_also(&self, others: &[String]) -> Roster {
        let mut names = self.names.clone();
        for n in others {
            if names.len() < 60 && !names.iter().any(|u| same_name(u, n)) {
                names.push(n.clone());
            }
        }
        Roster {
            schema: SCHEMA_VERSION,
            names,
        }
    }

    /// The roster as the club has it: each of its names renamed on some
    /// phone (`renamed`: the old name's key, the name it became; a chain
    /// of renames followed; a name in a cycle of renames, or renamed to
    /// no valid name, stays as it is) becomes the new name, once; then the
    /// club's `players` it lacks, after its own, renamed the same way.
    pub fn with_club(&self, players: &[String], renamed: &[(String, String)]) -> Roster {
        let became = |name: &String| {
            let mut now = name.clone();
            let mut seen: Vec<String> = Vec::new();
            loop {
                let key = name_key(&now);
                let Some((_, new)) = renamed.iter().find(|(old, _)| *old == key) else {
                    return now;
                };
                if seen.contains(&key) {
                    return name.clone();
                }
                seen.push(key);
                match check_new_player(new, &[]) {
                    Ok(next) if !same_name(&next, &now) => now = next,
                    _ => return now,
                }
            }
        };
        let own: Vec<String> = self.names.iter().map(became).collect();
        let club: Vec<String> = players.iter().map(became).collect();
        Roster {
            schema: SCHEMA_VERSION,
            names: Vec::new(),
        }
        .with_also(&own)
        .with_also(&club)
    }

    /// The roster without `name` (the same person however spelt in case
    /// and spaces), the others in their order.
    pub fn without(&self, name: &str) -> Roster {
        Roster {
            schema: SCHEMA_VERSION,
            names: self
                .names
                .iter()
                .filter(|n| !same_name(n, name))
                .cloned()
                .collect(),
        }
    }
}

/// Whether two player names are the same person: surrounding spaces and
/// the case of the letters A-Z are ignored. Other letters are compared as
/// typed ("Émile" and "émile" are two spellings, which the players page
/// can merge): no Unicode case tables are needed.
pub fn same_name(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// The key two names share exactly when [`same_name`] says they are the
/// same person (to group a player's games).
pub fn name_key(name: &str) -> String {
    name.trim().to_ascii_lowercase()
}

/// Checks a name to add to the seated players: not empty, not too long,
/// not already seated.
pub fn check_new_player(name: &str, seated: &[String]) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("Type a name first.".into());
    }
    if name.chars().count() > 40 {
        return Err("Keep names to 40 letters or fewer.".into());
    }
    if seated.iter().any(|s| same_name(s, name)) {
        return Err(format!(
            "{name} is already playing. Add a last initial to tell them apart."
        ));
    }
    Ok(name.to_string())
}

/// Checks a stored value's schema. Schema 1 (the localStorage release)
/// reads as schema 2 with revision 0 (the fields 2 added all have
/// defaults); a game of schema 1 or 2 is upgraded to 3 as it is read
/// ([`GameRecord::from_json`]). A value from a newer app is refused (and
/// so never overwritten).
pub fn check_schema(schema: u32) -> Result<(), String> {
    schema_ok(schema).map_err(|e| e.to_string())
}

/// Why a stored game's header cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeaderError {
    /// It is not JSON (the parser's words).
    NotJson(String),
    /// It carries no schema version.
    NoSchema,
    /// A newer version of the app wrote it.
    Newer(u32),
    /// A schema no version wrote.
    UnknownSchema(u32),
    /// It has no game header (the parser's words).
    NoHeader(String),
}

impl std::fmt::Display for HeaderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HeaderError::NotJson(e) => write!(f, "it is not valid JSON ({e})"),
            HeaderError::NoSchema => f.write_str("it has no schema version"),
            HeaderError::Newer(s) => write!(
                f,
                "it was saved by a newer version of the app (schema {s}); update the app to open it"
            ),
            HeaderError::UnknownSchema(s) => write!(f, "schema {s} is unknown"),
            HeaderError::NoHeader(e) => write!(f, "it has no game header ({e})"),
        }
    }
}

fn schema_ok(schema: u32) -> Result<(), HeaderError> {
    match schema {
        1..=SCHEMA_VERSION => Ok(()),
        s if s > SCHEMA_VERSION => Err(HeaderError::Newer(s)),
        s => Err(HeaderError::UnknownSchema(s)),
    }
}

/// Reads a stored game's header and checks its schema.
pub fn read_stored(raw: &str) -> Result<RecordHeader, HeaderError> {
    #[derive(Deserialize)]
    struct Schema {
        schema: Option<u32>,
    }
    let schema = serde_json::from_str::<Schema>(raw)
        .map_err(|e| HeaderError::NotJson(e.to_string()))?
        .schema
        .ok_or(HeaderError::NoSchema)?;
    schema_ok(schema)?;
    serde_json::from_str(raw).map_err(|e| HeaderError::NoHeader(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked() {
        let seated = vec!["Ann".to_string()];
        assert!(check_new_player("  ", &seated).is_err());
        assert!(check_new_player(" ann ", &seated).is_err());
        assert_eq!(check_new_player(" Bob ", &seated), Ok("Bob".to_string()));
        assert!(check_new_player(&"x".repeat(41), &seated).is_err());
    }

    #[test]
    fn same_name_folds_ascii_case_only() {
        assert!(same_name(" Ann ", "ANN"));
        assert!(!same_name("Ann", "Anne"));
        // Letters outside A-Z are compared as typed.
        assert!(same_name("Émile", " Émile"));
        assert!(!same_name("Émile", "émile"));
        assert!(same_name("Zoë", "zoë"), "the ASCII letters still fold");
        assert!(!same_name("Zoë", "ZOË"));
        assert_eq!(name_key(" Zoë "), "zoë");
        for (a, b) in [("Ann", "ann "), ("Émile", "émile"), ("Bob", "Bo b")] {
            assert_eq!(same_name(a, b), name_key(a) == name_key(b));
        }
    }

    #[test]
    fn base36_counts_with_digits_then_letters() {
        assert_eq!(base36(0), "0");
        assert_eq!(base36(35), "z");
        assert_eq!(base36(36), "10");
        assert_eq!(base36(u64::MAX), "3w5e11264sgsf");
    }

    #[test]
    fn roster_moves_used_names_first() {
        let r = Roster {
            schema: 1,
            names: vec!["A".into(), "B".into(), "C".into()],
        };
        assert_eq!(r.remember(&["c".into()]).names, vec!["c", "A", "B"]);
    }

    #[test]
    fn roster_forgets_a_name() {
        let r = Roster {
            schema: 1,
            names: vec!["Ann".into(), "Bob".into(), "Cy".into()],
        };
        let less = r.without(" bob ");
        assert_eq!(less.names, vec!["Ann", "Cy"]);
        assert_eq!(less.schema, SCHEMA_VERSION);
        assert_eq!(
            r.without("Dee").names,
            r.names,
            "an unknown name changes nothing"
        );
        assert!(Roster::default().without("Ann").names.is_empty());
    }

    #[test]
    fn newer_schema_is_refused() {
        let newer = read_stored(r#"{"schema": 4, "id": "a", "kind": "x"}"#).unwrap_err();
        assert_eq!(newer, HeaderError::Newer(4));
        assert!(newer.to_string().contains("newer"));
        let none = read_stored(r#"{"x": 1}"#).unwrap_err();
        assert_eq!(none, HeaderError::NoSchema);
        assert!(none.to_string().contains("no schema"));
        let bad = read_stored("nope").unwrap_err();
        assert!(matches!(bad, HeaderError::NotJson(_)));
        assert!(bad.to_string().contains("not valid JSON"));
        let h = read_stored(r#"{"schema": 1, "id": "a", "kind": "chickenfoot", "players": ["A"]}"#)
            .unwrap();
        assert_eq!(h.players, vec!["A"]);
    }
}
