//! The backup file: every game, game night and player of one phone as one
//! versioned JSON document, and the checks an imported file (or a game
//! handed over by its link) passes before anything is written.
//!
//! The format (`format` 1):
//!
//! ```json
//! {"app": "chicken-scores", "format": 1, "exported_ms": 1763900000000,
//!  "games": [<a game record, as stored>, ...],
//!  "updated_ms": {"<game id>": <when it was last saved>, ...},
//!  "nights": [<a game night, as stored>, ...],
//!  "roster": ["Ann", "Bob", ...]}
//! ```
//!
//! Reading one is all or nothing: the size, the shape, the format version
//! (a newer one asks to update the app), every game read with its own
//! game's types and its log replayed by its own rules ([`check_game`],
//! through the registry's [`with_rules`]), ids (bounded, plain characters,
//! never twice), names (bounded; markup is only text), nights. A file that
//! fails any check is refused whole, with a short message that never
//! echoes more than a few characters of what it holds.
//!
//! What an import does with each game is [`decide`]: a pure function of
//! the copy here and the copy there, so nothing is ever silently
//! overwritten.

use std::collections::{BTreeMap, HashSet};

use serde::Deserialize;
use serde_json::value::RawValue;

use super::{check_new_player, read_stored, same_name, summary_at, GameRecord, Night, Summary};
use crate::model::SCHEMA_VERSION;
use crate::rules::{replay, with_rules, ForRules, GameKind, Rules};
use crate::storage::bounded;

/// What the file's `app` field says.
pub const BACKUP_APP: &str = "chicken-scores";
/// The format this version writes and reads; a newer one is refused.
pub const BACKUP_FORMAT: u32 = 1;
/// The largest file read (checked before reading it).
pub const MAX_BACKUP_BYTES: u64 = 20_000_000;
/// The largest single game record.
pub const MAX_GAME_BYTES: usize = 2_000_000;
/// The most games, nights and roster names one file may hold.
pub const MAX_GAMES: usize = 20_000;
/// The most game nights one file may hold.
pub const MAX_NIGHTS: usize = 5_000;
/// The most names of players one file may hold.
pub const MAX_ROSTER: usize = 1_000;
/// The longest id (games and nights).
pub const MAX_ID: usize = 64;
/// The longest night name.
pub const MAX_NIGHT_NAME: usize = 80;
/// How many problems a refusal lists.
const PROBLEMS_SHOWN: usize = 3;

/// Whether `id` may name a game or a night: 1 to [`MAX_ID`] letters,
/// digits, `-` or `_` (what the app makes, base 36).
pub fn check_id(id: &str) -> Result<(), String> {
    if id.is_empty() {
        return Err("an id is empty".into());
    }
    if id.chars().count() > MAX_ID {
        return Err(format!("an id is longer than {MAX_ID} characters"));
    }
    if !id
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(format!(
            "the id \"{}\" has characters ids never have",
            bounded(&id.escape_default().to_string(), 16)
        ));
    }
    Ok(())
}

/// Writes a checked record's text under an id and revision, with its
/// summary saved at a time: `(text, id, rev, updated_ms)`.
type Rewrite = fn(&str, &str, u64, i64) -> Option<(String, Summary)>;

/// One game read and checked: what the preview shows and the merge
/// compares, the record as it will be written, and how to write it under
/// another id or revision.
#[derive(Clone, Debug)]
pub struct CheckedGame {
    /// The game's id.
    pub id: String,
    /// Which game.
    pub kind: GameKind,
    /// Its revision.
    pub rev: u64,
    /// When it was created.
    pub created_ms: i64,
    /// Player names in seating order.
    pub players: Vec<String>,
    /// The game, its players, settings and creation time as one text: two
    /// copies of one game share it.
    pub setup_key: String,
    /// Each entry of the log, as JSON text, in order.
    pub entries: Vec<String>,
    /// Its summary line's state of play ("Hand 4 of 13 ...", "Won by Ann").
    pub state: String,
    /// The record as this version writes it.
    pub text: String,
    /// `text` rewritten under another id and revision, with its summary
    /// saved at a time (the game's own types do it).
    rewrite: Rewrite,
}

impl CheckedGame {
    /// The record to write under `id` at revision `rev`, and its summary
    /// saved at `updated_ms`.
    pub fn written(&self, id: &str, rev: u64, updated_ms: i64) -> Option<(String, Summary)> {
        (self.rewrite)(&self.text, id, rev, updated_ms)
    }

    /// "Chickenfoot: Ann, Bob, Cy".
    pub fn label(&self) -> String {
        format!(
            "{}: {}",
            self.kind.name(),
            bounded(&self.players.join(", "), 80)
        )
    }
}

/// Reads the record `text` with game `R`'s own types and rules.
fn rewrite_as<R: Rules>(
    text: &str,
    id: &str,
    rev: u64,
    updated_ms: i64,
) -> Option<(String, Summary)> {
    let mut record = serde_json::from_str::<GameRecord<R>>(text).ok()?;
    record.id = id.to_string();
    record.rev = rev;
    record.schema = SCHEMA_VERSION;
    let summary = summary_at(&record, updated_ms);
    Some((serde_json::to_string(&record).ok()?, summary))
}

/// Checks one game record with game `R`'s types and rules: its header,
/// id, rules version, players (each a name the new-game form would take),
/// setup, and every entry replayed.
pub fn check_game_as<R: Rules>(raw: &str) -> Result<CheckedGame, String> {
    let record = GameRecord::<R>::from_json(raw).map_err(|e| bounded(&e, 100))?;
    check_id(&record.id)?;
    if record.rules_version > R::RULES_VERSION {
        return Err(format!(
            "it was played under newer {} rules (version {}): update the app",
            R::KIND.name(),
            record.rules_version
        ));
    }
    // The player count first: a hostile list of thousands of names is
    // refused before the names are compared with each other.
    let setup = record.setup();
    R::check_setup(&setup).map_err(|e| bounded(&e.message, 100))?;
    let mut seated: Vec<String> = Vec::new();
    for name in &record.players {
        match check_new_player(name, &seated) {
            Ok(n) if n == *name => seated.push(n),
            Ok(_) => return Err("a player's name starts or ends with spaces".into()),
            Err(_) if name.trim().is_empty() => return Err("a player's name is empty".into()),
            Err(_) if name.trim().chars().count() > 40 => {
                return Err("a player's name is longer than 40 letters".into())
            }
            Err(_) => return Err(format!("{} is seated twice", bounded(name, 40))),
        }
    }
    let state = replay::<R>(&setup, &record.log).map_err(|e| {
        format!(
            "its rules refuse entry {} ({})",
            e.index + 1,
            bounded(&e.error.message, 80)
        )
    })?;
    let standings = R::standings(&setup, &state);
    let entries = record
        .log
        .iter()
        .map(|e| serde_json::to_string(e).unwrap_or_default())
        .collect();
    let setup_key = serde_json::to_string(&(
        record.kind,
        &record.players,
        &record.settings,
        record.created_ms,
    ))
    .unwrap_or_default();
    Ok(CheckedGame {
        id: record.id.clone(),
        kind: record.kind,
        rev: record.rev,
        created_ms: record.created_ms,
        players: record.players.clone(),
        setup_key,
        entries,
        state: super::summary_line(&record.players, &standings),
        text: serde_json::to_string(&record).map_err(|e| bounded(&e.to_string(), 60))?,
        rewrite: rewrite_as::<R>,
    })
}

/// [`check_game_as`] for the game the record names: the one check every
/// imported or handed-over game passes (and a copy already here is read
/// with, to compare).
pub fn check_game(raw: &str) -> Result<CheckedGame, String> {
    struct Check<'a>(&'a str);
    impl ForRules for Check<'_> {
        type Out = Result<CheckedGame, String>;
        fn run<R: Rules>(self) -> Self::Out {
            check_game_as::<R>(self.0)
        }
    }
    if raw.len() > MAX_GAME_BYTES {
        return Err("it is larger than any game could be".into());
    }
    let header = read_stored(raw).map_err(|e| bounded(&e.to_string(), 100))?;
    let kind = header.kind.parse::<GameKind>().map_err(|_| {
        format!(
            "it is a game this version does not know (\"{}\"): update the app",
            bounded(&header.kind, 24)
        )
    })?;
    with_rules(kind, Check(raw)).unwrap_or_else(|| Err("its game is unknown".into()))
}

/// A backup file, read and checked whole.
#[derive(Clone, Debug)]
pub struct Backup {
    /// When it was made.
    pub exported_ms: i64,
    /// Every game, checked.
    pub games: Vec<CheckedGame>,
    /// When each game was last saved, by id (absent for some).
    pub updated_ms: BTreeMap<String, i64>,
    /// Every game night, checked.
    pub nights: Vec<Night>,
    /// Names of players, each once.
    pub roster: Vec<String>,
}

/// The fields read first, to refuse a file that is not a backup, or a
/// newer one, before reading the rest.
#[derive(Deserialize)]
struct Head {
    app: Option<String>,
    format: Option<u32>,
    /// The earlier About page's "Download every game" file had a schema
    /// and no format.
    schema: Option<u32>,
}

/// The rest of the file, each game and night kept as its text.
#[derive(Deserialize)]
struct Body<'a> {
    #[serde(default)]
    exported_ms: i64,
    #[serde(borrow)]
    games: Vec<&'a RawValue>,
    #[serde(default)]
    updated_ms: BTreeMap<String, i64>,
    #[serde(default, borrow)]
    nights: Vec<&'a RawValue>,
    #[serde(default)]
    roster: Vec<String>,
}

/// Why a file or a link was refused, in a sentence.
fn refusal(problems: &[String]) -> String {
    let shown: Vec<&str> = problems
        .iter()
        .take(PROBLEMS_SHOWN)
        .map(String::as_str)
        .collect();
    let more = problems.len().saturating_sub(PROBLEMS_SHOWN);
    let tail = if more > 0 {
        format!(" (and {more} more)")
    } else {
        String::new()
    };
    format!("Nothing was imported: {}{tail}.", shown.join("; "))
}

/// Reads and checks a whole backup file. Any problem refuses it all, and
/// the message says why (at most a few problems, each bounded).
pub fn read_backup(text: &str) -> Result<Backup, String> {
    if text.len() as u64 > MAX_BACKUP_BYTES {
        return Err(too_large(text.len() as u64));
    }
    let head: Head = serde_json::from_str(text).map_err(|e| {
        if e.is_syntax() || e.is_eof() {
            "Nothing was imported: this file is not JSON (not a Chicken Scores backup).".to_string()
        } else {
            "Nothing was imported: this file is not a Chicken Scores backup.".to_string()
        }
    })?;
    if head.app.as_deref() != Some(BACKUP_APP) {
        return Err("Nothing was imported: this file is not a Chicken Scores backup.".into());
    }
    // The earlier "Download every game" file (games only, schema 1 or 2,
    // a `null` for a game it could not read) reads as format 1.
    let earlier = head.format.is_none() && matches!(head.schema, Some(1 | 2));
    match head.format {
        None if earlier => {}
        None => return Err("Nothing was imported: this file has no format version.".into()),
        Some(f) if f > BACKUP_FORMAT => {
            return Err(format!(
                "Nothing was imported: this file was made by a newer version of the app (format {f}). Update the app, then import it again."
            ))
        }
        Some(0) => return Err("Nothing was imported: format 0 is unknown.".into()),
        Some(_) => {}
    }
    let body: Body = serde_json::from_str(text).map_err(|e| {
        format!(
            "Nothing was imported: the file is damaged ({}).",
            bounded(&e.to_string(), 80)
        )
    })?;
    if body.games.len() > MAX_GAMES
        || body.nights.len() > MAX_NIGHTS
        || body.roster.len() > MAX_ROSTER
    {
        return Err("Nothing was imported: the file holds more than any phone could.".into());
    }
    let mut problems = Vec::new();
    let mut ids = HashSet::new();
    let mut games = Vec::with_capacity(body.games.len());
    for (i, raw) in body.games.iter().enumerate() {
        if earlier && raw.get() == "null" {
            continue;
        }
        match check_game(raw.get()) {
            Ok(g) if !ids.insert(g.id.clone()) => {
                problems.push(format!("two games have the id {}", bounded(&g.id, 24)))
            }
            Ok(g) => games.push(g),
            Err(e) => problems.push(format!("game {}: {e}", i + 1)),
        }
    }
    let mut night_ids = HashSet::new();
    let mut nights = Vec::with_capacity(body.nights.len());
    for (i, raw) in body.nights.iter().enumerate() {
        match check_night(raw.get()) {
            Ok(n) if !night_ids.insert(n.id.clone()) => {
                problems.push(format!("two nights have the id {}", bounded(&n.id, 24)))
            }
            Ok(n) => nights.push(n),
            Err(e) => problems.push(format!("night {}: {e}", i + 1)),
        }
    }
    let mut roster: Vec<String> = Vec::new();
    for name in &body.roster {
        let n = name.trim();
        if n.is_empty() || n.chars().count() > 40 {
            problems.push("a player's name in the list is empty or longer than 40 letters".into());
            break;
        }
        if !roster.iter().any(|r| same_name(r, n)) {
            roster.push(n.to_string());
        }
    }
    if !problems.is_empty() {
        return Err(refusal(&problems));
    }
    Ok(Backup {
        exported_ms: body.exported_ms,
        games,
        updated_ms: body.updated_ms,
        nights,
        roster,
    })
}

/// The message for a file over [`MAX_BACKUP_BYTES`] (`bytes` long).
pub fn too_large(bytes: u64) -> String {
    format!(
        "Nothing was imported: the file is {} MB, more than any backup could be (at most {} MB).",
        (bytes + 500_000) / 1_000_000,
        MAX_BACKUP_BYTES / 1_000_000
    )
}

/// Checks one game night: its schema, id, name and the games it leaves
/// out.
pub fn check_night(raw: &str) -> Result<Night, String> {
    #[derive(Deserialize)]
    struct Schema {
        schema: Option<u32>,
    }
    let schema = serde_json::from_str::<Schema>(raw)
        .ok()
        .and_then(|s| s.schema)
        .ok_or("it is not a game night")?;
    super::check_schema(schema).map_err(|e| bounded(&e, 100))?;
    let night: Night = serde_json::from_str(raw)
        .map_err(|e| format!("it is not a game night ({})", bounded(&e.to_string(), 60)))?;
    check_id(&night.id)?;
    if night.name.chars().count() > MAX_NIGHT_NAME {
        return Err(format!("its name is longer than {MAX_NIGHT_NAME} letters"));
    }
    if night.left_out.len() > MAX_GAMES {
        return Err("it leaves out more games than there are".into());
    }
    for id in &night.left_out {
        check_id(id)?;
    }
    Ok(night)
}

/// What an import does with one game or night, given the copy already on
/// this phone (if any) and the copy in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not on this phone: added.
    New,
    /// The same here and there: nothing to do.
    Same,
    /// The copy there carries on from the one here (its log extends it, at
    /// a later revision): it replaces the one here.
    NewerThere,
    /// The copy here carries on from the one there: the one here is kept.
    OlderThere,
    /// Both changed (or the copy here cannot be read): the one there is
    /// kept beside it as a copy under a new id; nothing is overwritten.
    Different,
}

impl Verdict {
    /// What the preview says of it.
    pub fn describe(self) -> &'static str {
        match self {
            Verdict::New => "new on this phone",
            Verdict::Same => "already here",
            Verdict::NewerThere => "newer than the copy here: it will replace it",
            Verdict::OlderThere => "older than the copy here: the copy here is kept",
            Verdict::Different => "changed on both phones: kept as a copy beside this one",
        }
    }

    /// Whether the import writes anything for it.
    pub fn writes(self) -> bool {
        matches!(
            self,
            Verdict::New | Verdict::NewerThere | Verdict::Different
        )
    }
}

/// Which copy of a game wins. `here` is `None` when this phone has no
/// game under that id, `Some(None)` when it has one it cannot read.
///
/// - none here: [`Verdict::New`];
/// - an unreadable one here, or another game under the same id (other
///   players, settings, creation time): [`Verdict::Different`];
/// - the same entries: [`Verdict::Same`], whatever the revisions;
/// - there extends here (here's log is a prefix of there's) at a revision
///   no lower: [`Verdict::NewerThere`];
/// - here extends there at a revision no lower: [`Verdict::OlderThere`];
/// - anything else (both went on, or one was undone since): kept as a copy.
pub fn decide(here: Option<Option<&CheckedGame>>, there: &CheckedGame) -> Verdict {
    let here = match here {
        None => return Verdict::New,
        Some(None) => return Verdict::Different,
        Some(Some(h)) => h,
    };
    if here.setup_key != there.setup_key {
        return Verdict::Different;
    }
    if here.entries == there.entries {
        return Verdict::Same;
    }
    let extends = |long: &CheckedGame, short: &CheckedGame| {
        long.entries.len() > short.entries.len() && long.entries.starts_with(&short.entries)
    };
    if extends(there, here) && there.rev >= here.rev {
        Verdict::NewerThere
    } else if extends(here, there) && here.rev >= there.rev {
        Verdict::OlderThere
    } else {
        Verdict::Different
    }
}

/// Which copy of a game night wins: by revision; two different nights at
/// the same revision (or one unreadable here) are both kept.
pub fn decide_night(here: Option<Option<&Night>>, there: &Night) -> Verdict {
    match here {
        None => Verdict::New,
        Some(None) => Verdict::Different,
        Some(Some(h)) if h == there => Verdict::Same,
        Some(Some(h)) if there.rev > h.rev => Verdict::NewerThere,
        Some(Some(h)) if there.rev < h.rev => Verdict::OlderThere,
        Some(Some(_)) => Verdict::Different,
    }
}

/// The names of `incoming` not already in `roster` (the same person
/// however spelt in case), each once, in their order.
pub fn new_names(roster: &[String], incoming: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for n in incoming {
        if !roster.iter().chain(out.iter()).any(|r| same_name(r, n)) {
            out.push(n.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_bounded_and_plain() {
        assert!(check_id("mf3k2abc").is_ok());
        assert!(check_id("a-b_C9").is_ok());
        assert!(check_id("").is_err());
        assert!(check_id(&"a".repeat(65)).is_err());
        assert!(check_id("a/b").is_err());
        assert!(check_id("<script>").is_err());
        assert!(check_id("é").is_err());
    }

    #[test]
    fn refusals_list_a_few_problems() {
        let many: Vec<String> = (0..10).map(|i| format!("p{i}")).collect();
        let r = refusal(&many);
        assert!(
            r.contains("p2") && !r.contains("p3") && r.contains("7 more"),
            "{r}"
        );
    }
}
