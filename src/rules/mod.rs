//! The pure rules core: every game's scoring, turn order, end of game and
//! winners, derived from a game's setup and its log of entries.
//!
//! Nothing here touches the web, storage, the clock or global randomness, so
//! the whole core compiles and tests natively with `cargo test`.
//!
//! A game is a [`Rules`] implementation: a setup ([`Setup`]: seated players
//! and the game's settings), a `start` state, and `apply`, which folds one
//! log entry into the state or refuses it with a [`RuleError`] and leaves
//! the state untouched. Standings, whose turn it is and the end of the game
//! are read off the folded state by [`Rules::standings`]. The helpers
//! [`replay`], [`push_entry`] and [`replace_entry`] implement undo and
//! editing for every game: an edit replays the whole log and is refused,
//! naming the entry, if any later entry stops being possible. An edit is
//! saved through [`Rules::correct`], which a game may widen to the other
//! entries a correction implies.

use std::fmt;
use std::ops::{Add, AddAssign, Neg, RangeInclusive, Sub};
use std::str::FromStr;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// One row of the game registry: what the shell lists and routes by. Each
/// game's rules module holds its own row (its `Rules::KIND`); [`GAMES`]
/// lists them, one line per game.
#[derive(Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The stable identifier: routes (`/play/<id>/...`), storage records and
    /// the game's bundle. Never changes once released.
    pub id: &'static str,
    /// The name shown to people.
    pub name: &'static str,
    /// One sentence about the game, for the list of games.
    pub blurb: &'static str,
    /// The fewest and most players the game takes.
    pub players: (usize, usize),
}

/// A game the app keeps score for: a handle on its registry row. Stored
/// and routed as its `id`.
#[derive(Clone, Copy, Debug)]
pub struct GameKind(&'static GameInfo);

/// The game registry: each game's rules module and its `Rules` type, one
/// line per game, in the order the home screen lists them. It declares the
/// modules and lists them in [`GAMES`]; each module holds its own row
/// (`Rules::KIND`: id, name, blurb, players).
macro_rules! registry {
    ($($module:ident :: $rules:ident),+ $(,)?) => {
        $(pub mod $module;)+

        /// Every game the app offers, in the order the home screen lists
        /// them.
        pub const GAMES: &[GameKind] = &[$($module::$rules::KIND),+];
    };
}

registry! {
    big_chicken::BigChicken,
    playing_chicken::PlayingChicken,
    chickenfoot::Chickenfoot,
}

impl GameKind {
    /// A game's kind from its registry row.
    pub const fn new(info: &'static GameInfo) -> Self {
        GameKind(info)
    }

    /// The stable identifier used in routes and storage.
    pub fn as_str(self) -> &'static str {
        self.0.id
    }

    /// One sentence about the game, for the list of games.
    pub fn blurb(self) -> &'static str {
        self.0.blurb
    }

    /// How many players the game takes.
    pub fn players(self) -> RangeInclusive<usize> {
        self.0.players.0..=self.0.players.1
    }

    /// The name shown to people.
    pub fn name(self) -> &'static str {
        self.0.name
    }
}

impl PartialEq for GameKind {
    fn eq(&self, other: &Self) -> bool {
        self.0.id == other.0.id
    }
}

impl Eq for GameKind {}

impl std::hash::Hash for GameKind {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.id.hash(state);
    }
}

impl Serialize for GameKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.id)
    }
}

impl<'de> Deserialize<'de> for GameKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let id = String::deserialize(d)?;
        id.parse()
            .map_err(|_| serde::de::Error::custom(format!("unknown game \"{}\"", bounded_id(&id))))
    }
}

/// At most 24 characters of an unknown game's id, for messages.
fn bounded_id(id: &str) -> String {
    id.chars().take(24).collect()
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = RuleError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GAMES
            .iter()
            .copied()
            .find(|k| k.as_str() == s)
            .ok_or_else(|| {
                RuleError::new(format!("There is no game called \"{}\".", bounded_id(s)))
            })
    }
}

/// A score, exact to the half point (Plumedini's halving can leave .5).
///
/// Stored as a count of half points so that arithmetic stays exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(i64);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);

    /// Whole points.
    pub const fn new(whole: i64) -> Self {
        Points(whole * 2)
    }

    /// A count of half points (3 halves = 1.5 points).
    pub const fn from_halves(halves: i64) -> Self {
        Points(halves)
    }

    /// The score as a count of half points.
    pub const fn halves(self) -> i64 {
        self.0
    }

    /// Half of this score, exact to the half point for whole scores.
    pub const fn halved(self) -> Self {
        Points(self.0 / 2)
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        if abs.is_multiple_of(2) {
            write!(f, "{sign}{}", abs / 2)
        } else {
            write!(f, "{sign}{}.5", abs / 2)
        }
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points(self.0.saturating_add(rhs.0))
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, rhs: Points) {
        *self = *self + rhs;
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, rhs: Points) -> Points {
        Points(self.0.saturating_sub(rhs.0))
    }
}

impl Neg for Points {
    type Output = Points;
    fn neg(self) -> Points {
        Points(self.0.saturating_neg())
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

/// Why an entry (or a setup) was refused. The message is written for the
/// people at the table; `player` says which player's field it belongs beside,
/// if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    /// The seat index of the player whose field is wrong, if the error
    /// belongs to one player's field.
    pub player: Option<usize>,
    /// A sentence saying what is wrong and, where it helps, what to do.
    pub message: String,
}

impl RuleError {
    /// An error about the entry as a whole.
    pub fn new(message: impl Into<String>) -> Self {
        RuleError {
            player: None,
            message: message.into(),
        }
    }

    /// An error about one player's field.
    pub fn for_player(player: usize, message: impl Into<String>) -> Self {
        RuleError {
            player: Some(player),
            message: message.into(),
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The fixed part of a game: who sits where, and the settings (variants)
/// chosen when the game was created.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup<S> {
    /// Player names in seating order (clockwise from the first seat).
    pub players: Vec<String>,
    /// The game's settings, locked for the whole game.
    pub settings: S,
}

impl<S> Setup<S> {
    /// The name of the player in `seat`, or a placeholder if out of range.
    pub fn name(&self, seat: usize) -> &str {
        self.players.get(seat).map(String::as_str).unwrap_or("?")
    }
}

/// One line of a game's help panel: a rule or variant in force and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpLine {
    /// A short heading ("Double-blank").
    pub title: String,
    /// One or two sentences.
    pub text: String,
}

impl HelpLine {
    /// A help line from a title and a text.
    pub fn new(title: impl Into<String>, text: impl Into<String>) -> Self {
        HelpLine {
            title: title.into(),
            text: text.into(),
        }
    }
}

/// One row of the score sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetRow {
    /// The row's label ("Hand 3 · 7-7").
    pub label: String,
    /// The row's number as its label says it ("3" in "Hand 3 · 7-7"): the
    /// sheet's narrow first column shows it, with the rest of the label
    /// after it in small print ("· 7-7").
    pub number: String,
    /// Who went out in this row, marked on the sheet.
    pub out: WentOut,
    /// The log entry this row was made from, for editing; `None` for rows
    /// that gather several entries.
    pub entry: Option<usize>,
    /// Points each player scored in this row, by seat.
    pub points: Vec<Points>,
    /// Each player's running total after this row, by seat.
    pub totals: Vec<Points>,
    /// Details of the row as a whole ("Ann went out").
    pub notes: Vec<String>,
    /// Details per player (card score, each penalty), by seat.
    pub details: Vec<Vec<String>>,
}

/// Who went out in a score-sheet row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WentOut {
    /// Not a game where someone goes out (or not yet known).
    #[default]
    NotAsked,
    /// This seat went out.
    Player(usize),
    /// Nobody could (a stalemate: the hand was blocked).
    Nobody,
}

/// How a finished game came out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Each player's place, by seat: 1 is first; tied players share a place
    /// and the next place is skipped (1, 1, 3).
    pub ranks: Vec<usize>,
    /// The winners' seats (more than one when the win is shared).
    pub winners: Vec<usize>,
    /// Extra lines about the result (a tie-breaker, a title).
    pub notes: Vec<String>,
    /// What must still happen before the winners are known (a card draw
    /// between tied players); `winners` are then the players still in it.
    pub pending: Option<String>,
}

/// Everything the screen shows about a game, derived from its log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    /// Each player's total, by seat.
    pub totals: Vec<Points>,
    /// Whether the lowest total is best.
    pub lower_wins: bool,
    /// The score sheet, oldest row first.
    pub sheet: Vec<SheetRow>,
    /// What happens next ("Hand 4 of 10 starts with the 6-6"), while the
    /// game is on.
    pub status: Vec<String>,
    /// `Some` once the game is over.
    pub outcome: Option<Outcome>,
}

impl Standings {
    /// Whether the game is over.
    pub fn finished(&self) -> bool {
        self.outcome.is_some()
    }

    /// Who leads, by seat: the winners once the game is over (the players
    /// still in a pending tie-breaker), else the best total by
    /// [`Standings::lower_wins`], shared when tied. Nobody leads while
    /// every player has the same total (no scores yet, or all level).
    pub fn leaders(&self) -> Vec<usize> {
        if let Some(o) = &self.outcome {
            return o.winners.clone();
        }
        let ranks = competition_ranks(&self.totals, self.lower_wins);
        let first: Vec<usize> = ranks
            .iter()
            .enumerate()
            .filter(|(_, r)| **r == 1)
            .map(|(i, _)| i)
            .collect();
        if first.len() == self.totals.len() {
            Vec::new()
        } else {
            first
        }
    }
}

/// Places for the given totals: tied totals share a place, and the next
/// place is skipped ("1224" ranking).
pub fn competition_ranks(totals: &[Points], lower_wins: bool) -> Vec<usize> {
    totals
        .iter()
        .map(|mine| {
            1 + totals
                .iter()
                .filter(|other| {
                    if lower_wins {
                        *other < mine
                    } else {
                        *other > mine
                    }
                })
                .count()
        })
        .collect()
}

/// An outcome where the best total wins and ties share every place.
pub fn outcome_by_totals(totals: &[Points], lower_wins: bool) -> Outcome {
    let ranks = competition_ranks(totals, lower_wins);
    let winners = ranks
        .iter()
        .enumerate()
        .filter(|(_, r)| **r == 1)
        .map(|(i, _)| i)
        .collect();
    Outcome {
        ranks,
        winners,
        notes: Vec::new(),
        pending: None,
    }
}

/// Running totals: `rows[i]` holds every player's points in row `i`; the
/// result holds the totals after each row.
pub fn running_totals(players: usize, rows: &[Vec<Points>]) -> Vec<Vec<Points>> {
    let mut acc = vec![Points::ZERO; players];
    rows.iter()
        .map(|row| {
            for (total, p) in acc.iter_mut().zip(row) {
                *total += *p;
            }
            acc.clone()
        })
        .collect()
}

/// What a game stores (its settings, its entries): compared, printed in
/// test failures, kept as JSON, shared with the UI's signals.
pub trait Stored:
    Clone + PartialEq + fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static
{
}

impl<T> Stored for T where
    T: Clone + PartialEq + fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static
{
}

/// One game's rules. Implementations are pure: same setup and log, same
/// result, and `apply` never panics on any input.
pub trait Rules: 'static {
    /// Which game this is: its registry row (name, blurb, players, id).
    const KIND: GameKind;
    /// The version of these rules; saved with each game so a later change to
    /// the rules can tell which games were created under the old ones.
    const RULES_VERSION: u32 = 1;
    /// The variants chosen when the game is created.
    type Settings: Stored + Default;
    /// One recorded event: a hand, a round, a trick, a kill.
    type Entry: Stored;
    /// Everything derived from the log so far.
    type State: Clone + PartialEq + fmt::Debug + Send + Sync + 'static;

    /// Checks the player count and settings.
    fn check_setup(setup: &Setup<Self::Settings>) -> Result<(), RuleError> {
        check_player_count(setup.players.len(), Self::KIND.players())
    }

    /// The state before any entry.
    fn start(setup: &Setup<Self::Settings>) -> Self::State;

    /// The state after `entry`, or why `entry` is impossible now.
    fn apply(
        setup: &Setup<Self::Settings>,
        state: &Self::State,
        entry: &Self::Entry,
    ) -> Result<Self::State, RuleError>;

    /// Totals, score sheet, what happens next and the outcome.
    fn standings(setup: &Setup<Self::Settings>, state: &Self::State) -> Standings;

    /// The log with entry `index` corrected to `entry` (what an edit
    /// saves), if it and every later entry are still possible; otherwise
    /// the first entry that no longer is. By default only that entry
    /// changes ([`replace_entry`]); a game may carry the correction into
    /// the entries it implies, all in one change (Playing Chicken swaps a
    /// card between two tricks of a round).
    fn correct(
        setup: &Setup<Self::Settings>,
        log: &[Self::Entry],
        index: usize,
        entry: Self::Entry,
    ) -> Result<Vec<Self::Entry>, LogError>
    where
        Self: Sized,
    {
        replace_entry::<Self>(setup, log, index, entry)
    }

    /// The rules and variants in force, one line each, for the help panel.
    fn help(setup: &Setup<Self::Settings>) -> Vec<HelpLine>;
}

/// Folds as much of the log as the rules accept: the state after the last
/// good entry, and the first entry refused, if any. Stored games are read
/// this way so that one bad entry never hides the rest of a game.
pub fn replay_prefix<R: Rules>(
    setup: &Setup<R::Settings>,
    log: &[R::Entry],
) -> (R::State, Option<LogError>) {
    let mut state = R::start(setup);
    for (index, entry) in log.iter().enumerate() {
        match R::apply(setup, &state, entry) {
            Ok(next) => state = next,
            Err(error) => return (state, Some(LogError { index, error })),
        }
    }
    (state, None)
}

/// Reads a whole number typed or tapped into a field ("23"), with a message
/// for the table when it is not one: empty, negative, text or too large.
pub fn parse_count(text: &str, what: &str, max: u32) -> Result<u32, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err(format!("Enter the {what}."));
    }
    if let Some(rest) = t.strip_prefix('-') {
        if !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit()) {
            return Err(format!("The {what} can't be negative."));
        }
    }
    if !t.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!(
            "\"{}\" is not a number: use digits only, like 23.",
            echo(t)
        ));
    }
    match t.parse::<u32>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(format!(
            "{} is more than the {what} can be (at most {max}).",
            echo(t)
        )),
    }
}

/// Names joined for a sentence: "Ann", "Ann and Bob", "Ann, Bob and Cy".
pub fn join_names<S: AsRef<str>>(names: &[S]) -> String {
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.as_ref().to_string(),
        Some((last, rest)) => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", rest.join(", "), last.as_ref())
        }
    }
}

/// A count with its noun: "1 point", "3 points", "0 tiles".
pub fn count(n: impl fmt::Display, noun: &str) -> String {
    let text = n.to_string();
    if text == "1" {
        format!("1 {noun}")
    } else {
        format!("{text} {noun}s")
    }
}

/// What was typed, as a message may repeat it: at most 12 characters
/// (a pasted page never makes a message wider than the phone).
pub fn echo(typed: &str) -> String {
    let mut chars = typed.chars();
    let head: String = chars.by_ref().take(12).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

/// Refuses a player count outside `range`.
pub fn check_player_count(count: usize, range: RangeInclusive<usize>) -> Result<(), RuleError> {
    if range.contains(&count) {
        Ok(())
    } else {
        Err(RuleError::new(format!(
            "This game takes {} to {} players; {count} are seated.",
            range.start(),
            range.end()
        )))
    }
}

/// An entry of the log that cannot be applied, with its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogError {
    /// The index in the log of the entry that failed.
    pub index: usize,
    /// Why it failed.
    pub error: RuleError,
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Entry {}: {}", self.index + 1, self.error.message)
    }
}

/// Folds the whole log from the start. Fails at the first entry that the
/// rules refuse, naming it.
pub fn replay<R: Rules>(
    setup: &Setup<R::Settings>,
    log: &[R::Entry],
) -> Result<R::State, LogError> {
    let mut state = R::start(setup);
    for (index, entry) in log.iter().enumerate() {
        state = R::apply(setup, &state, entry).map_err(|error| LogError { index, error })?;
    }
    Ok(state)
}

/// The log with `entry` appended, if the rules accept it.
pub fn push_entry<R: Rules>(
    setup: &Setup<R::Settings>,
    log: &[R::Entry],
    entry: R::Entry,
) -> Result<Vec<R::Entry>, LogError> {
    let mut next = log.to_vec();
    next.push(entry);
    replay::<R>(setup, &next)?;
    Ok(next)
}

/// The log with entry `index` replaced, if it and every later entry are
/// still possible; otherwise the first entry that no longer is.
pub fn replace_entry<R: Rules>(
    setup: &Setup<R::Settings>,
    log: &[R::Entry],
    index: usize,
    entry: R::Entry,
) -> Result<Vec<R::Entry>, LogError> {
    let mut next = log.to_vec();
    match next.get_mut(index) {
        Some(slot) => *slot = entry,
        None => {
            return Err(LogError {
                index,
                error: RuleError::new("That entry no longer exists."),
            })
        }
    }
    replay::<R>(setup, &next)?;
    Ok(next)
}

/// What entry `index` of `log` added to each player's total (the totals
/// after it less the totals before it), or `None` if the log cannot be
/// replayed that far.
pub fn entry_points<R: Rules>(
    setup: &Setup<R::Settings>,
    log: &[R::Entry],
    index: usize,
) -> Option<Vec<Points>> {
    let totals = |n: usize| -> Option<Vec<Points>> {
        let (state, err) = replay_prefix::<R>(setup, log.get(..n)?);
        err.is_none().then(|| R::standings(setup, &state).totals)
    };
    let before = totals(index)?;
    let after = totals(index.checked_add(1)?)?;
    Some(after.iter().zip(&before).map(|(a, b)| *a - *b).collect())
}

/// What an entry added, in words for a confirmation: "Ann 8, Bob 16"
/// (signed when `signed`: "Ann +8, Bob +16"), or "no points".
pub fn points_line(players: &[String], points: &[Points], signed: bool) -> String {
    if points.iter().all(|p| *p == Points::ZERO) {
        return "no points".into();
    }
    points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let name = players.get(i).map(String::as_str).unwrap_or("?");
            let sign = if signed && *p > Points::ZERO { "+" } else { "" };
            format!("{name} {sign}{p}")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The log without its last entry (undo). An empty log stays empty.
pub fn undo_last<E: Clone>(log: &[E]) -> Vec<E> {
    let keep = log.len().saturating_sub(1);
    log.iter().take(keep).cloned().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_display_halves_and_signs() {
        assert_eq!(Points::new(12).to_string(), "12");
        assert_eq!(Points::from_halves(25).to_string(), "12.5");
        assert_eq!(Points::from_halves(-25).to_string(), "-12.5");
        assert_eq!(Points::new(-20).to_string(), "-20");
        assert_eq!(Points::new(25).halved().to_string(), "12.5");
    }

    #[test]
    fn ranks_share_places_and_skip() {
        let t = [
            Points::new(10),
            Points::new(5),
            Points::new(5),
            Points::new(20),
        ];
        assert_eq!(competition_ranks(&t, true), vec![3, 1, 1, 4]);
        assert_eq!(competition_ranks(&t, false), vec![2, 3, 3, 1]);
        assert_eq!(outcome_by_totals(&t, true).winners, vec![1, 2]);
    }

    #[test]
    fn leaders_are_the_best_totals_or_the_winners() {
        let mut st = Standings {
            totals: vec![Points::new(10), Points::new(5), Points::new(5)],
            lower_wins: true,
            sheet: Vec::new(),
            status: Vec::new(),
            outcome: None,
        };
        assert_eq!(st.leaders(), vec![1, 2], "a shared lead");
        st.lower_wins = false;
        assert_eq!(st.leaders(), vec![0]);
        st.totals = vec![Points::ZERO; 3];
        assert!(st.leaders().is_empty(), "nobody leads before any score");
        st.totals = vec![Points::new(4); 2];
        assert!(st.leaders().is_empty(), "nobody leads when all are level");
        st.totals = Vec::new();
        assert!(st.leaders().is_empty());
        // Once over, the winners lead, even where a tie-breaker split
        // equal totals.
        st.totals = vec![Points::new(4); 2];
        st.outcome = Some(Outcome {
            ranks: vec![2, 1],
            winners: vec![1],
            notes: Vec::new(),
            pending: None,
        });
        assert_eq!(st.leaders(), vec![1]);
    }

    #[test]
    fn game_kind_round_trips() {
        for k in GAMES {
            assert_eq!(k.as_str().parse::<GameKind>(), Ok(*k));
            let json = serde_json::to_string(k).unwrap();
            assert_eq!(serde_json::from_str::<GameKind>(&json).unwrap(), *k);
        }
        assert!("poker".parse::<GameKind>().is_err());
        assert!(serde_json::from_str::<GameKind>("\"poker\"").is_err());
        let ids: std::collections::HashSet<_> = GAMES.iter().map(|k| k.as_str()).collect();
        assert_eq!(ids.len(), GAMES.len(), "every id is unique");
    }

    #[test]
    fn counts_are_parsed_with_messages() {
        assert_eq!(parse_count(" 23 ", "pips", 500), Ok(23));
        assert!(parse_count("", "pips", 500).unwrap_err().contains("Enter"));
        assert!(parse_count("-4", "pips", 500)
            .unwrap_err()
            .contains("negative"));
        assert!(parse_count("abc", "pips", 500)
            .unwrap_err()
            .contains("not a number"));
        assert!(parse_count("501", "pips", 500)
            .unwrap_err()
            .contains("at most 500"));
        assert!(parse_count("99999999999", "pips", 500).is_err());
        // A paste of a thousand characters is never echoed whole.
        for typed in [
            "9".repeat(1000),
            "x".repeat(1000),
            format!("1{}", "é".repeat(999)),
        ] {
            let message = parse_count(&typed, "pips", 500).unwrap_err();
            assert!(message.chars().count() < 80, "{message}");
        }
        assert_eq!(echo("12"), "12");
        assert_eq!(count(1, "point"), "1 point");
        assert_eq!(count(0, "tile"), "0 tiles");
        assert_eq!(count(Points::new(-1), "point"), "-1 points");
        assert_eq!(count(12, "hand"), "12 hands");
        assert_eq!(echo("1234567890123"), "123456789012…");
    }

    #[test]
    fn names_join_for_a_sentence() {
        assert_eq!(join_names::<&str>(&[]), "");
        assert_eq!(join_names(&["Ann"]), "Ann");
        assert_eq!(join_names(&["Ann", "Bob"]), "Ann and Bob");
        assert_eq!(join_names(&["Ann", "Bob", "Cy"]), "Ann, Bob and Cy");
    }

    #[test]
    fn an_entrys_points_are_the_totals_it_moved() {
        use crate::rules::chickenfoot::{Chickenfoot, Hand, Left, Settings};
        let setup = Setup {
            players: vec!["Ann".into(), "Bob".into()],
            settings: Settings::default(),
        };
        let hand = |out: usize, pips: u32| Hand {
            out: Some(out),
            started_with: None,
            left: (0..2)
                .map(|i| {
                    if i == out {
                        Left::Pips(0)
                    } else {
                        Left::Pips(pips)
                    }
                })
                .collect(),
        };
        let log = vec![hand(0, 8), hand(1, 16)];
        let first = entry_points::<Chickenfoot>(&setup, &log, 0).unwrap();
        assert_eq!(first, vec![Points::ZERO, Points::new(8)]);
        let second = entry_points::<Chickenfoot>(&setup, &log, 1).unwrap();
        assert_eq!(points_line(&setup.players, &second, false), "Ann 16, Bob 0");
        assert_eq!(points_line(&setup.players, &second, true), "Ann +16, Bob 0");
        // Past the end of the log there is nothing to tell.
        assert_eq!(entry_points::<Chickenfoot>(&setup, &log, 2), None);
        assert_eq!(
            points_line(&setup.players, &[Points::ZERO, Points::ZERO], true),
            "no points"
        );
        assert_eq!(
            points_line(&setup.players, &[Points::new(-20), Points::ZERO], true),
            "Ann -20, Bob 0"
        );
    }

    #[test]
    fn undo_of_empty_log_is_empty() {
        assert!(undo_last::<u8>(&[]).is_empty());
        assert_eq!(undo_last(&[1, 2]), vec![1]);
    }
}
