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
use std::ops::RangeInclusive;
use std::str::FromStr;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

mod log;
pub mod pick;
mod points;
mod text;

pub use log::{
    entry_points, points_line, push_entry, replace_entry, replay, replay_prefix, replays,
    undo_last, LogError,
};
pub use points::Points;
pub use text::{count, echo, join_names, parse_count};

/// One row of the game registry: what the shell lists and routes by. Each
/// game's rules module holds its own row (its `Rules::KIND`); [`GAMES`]
/// lists them, one line per game.
#[derive(Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The stable identifier: routes (`/play/<id>/...`), storage records and
    /// the manifest's shortcuts. Never changes once released.
    pub id: &'static str,
    /// The name shown to people.
    pub name: &'static str,
    /// One sentence about the game, for the list of games.
    pub blurb: &'static str,
    /// The fewest and most players the game takes.
    pub players: (usize, usize),
    /// Whether the lowest total is best (as the game's standings say:
    /// stats read it from here, without the game's rules).
    pub lower_wins: bool,
}

/// A game the app keeps score for: a handle on its registry row. Stored
/// and routed as its `id`.
#[derive(Clone, Copy, Debug)]
pub struct GameKind(&'static GameInfo);

/// The game registry, the one list of games: each game's rules module and
/// its `Rules` type, one line per game, in the order the home screen lists
/// them. `games!(then)` hands the list to the macro `then`: here
/// `registry` declares the modules, [`GAMES`] and [`with_rules`]; the app
/// declares each game's UI folder and shows its pages from the same list
/// (`app::games`). Everything else (routes, storage, the home screen, the
/// build's manifest, the browser tests) reads [`GAMES`].
///
/// A module holding several games lists them in braces
/// (`chicken_lines::{Rummy, CircusTrump}`, types it re-exports).
macro_rules! games {
    ($then:ident) => {
        $then! {
            big_chicken::BigChicken,
            playing_chicken::PlayingChicken,
            chickenfoot::Chickenfoot,
            cluck::Cluck,
            chicken_lines::{Rummy, CircusTrump},
        }
    };
}
pub(crate) use games;

/// The rules' side of the registry ([`games`]): declares the modules and
/// lists each module's row (`Rules::KIND`: id, name, blurb, players).
macro_rules! registry {
    ($($module:ident :: $({ $($many:ident),+ })? $($rules:ident)?),+ $(,)?) => {
        $(pub mod $module;)+

        /// Every game the app offers, in the order the home screen lists
        /// them.
        pub const GAMES: &[GameKind] = &[$($($($module::$many::KIND,)+)? $($module::$rules::KIND,)?)+];

        /// Runs `job` with the `Rules` type of game `kind` (`None` for a
        /// kind this version lacks): the one place a stored or imported
        /// game's kind, known only at run time, picks its rules.
        pub fn with_rules<J: ForRules>(kind: GameKind, job: J) -> Option<J::Out> {
            $(
                $($(if kind == $module::$many::KIND {
                    return Some(job.run::<$module::$many>());
                })+)?
                $(if kind == $module::$rules::KIND {
                    return Some(job.run::<$module::$rules>());
                })?
            )+
            None
        }
    };
}

/// Something to do with one game's rules, chosen at run time by
/// [`with_rules`] (checking an imported record, say).
pub trait ForRules {
    /// What it gives.
    type Out;
    /// Does it with game `R`'s rules.
    fn run<R: Rules>(self) -> Self::Out;
}

games!(registry);

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

    /// Whether the lowest total is best in this game.
    pub fn lower_wins(self) -> bool {
        self.0.lower_wins
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
    /// What one row of the score sheet is ("Hand", "Round", "Turn",
    /// "Line"): the step of the score chart's x axis.
    const SHEET_STEP: &'static str;
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

    /// Who deals or goes first, as the table asks it, and whether the log
    /// records it (by default: who deals first, named but not recorded).
    const FIRST: pick::FirstChoice = pick::FirstChoice::named("Who deals first?", "deals first");

    /// The seat the log records as dealing or going first, where the game
    /// records one.
    fn first_seat(state: &Self::State) -> Option<usize> {
        let _ = state;
        None
    }

    /// The entry a tap on `seat` records as dealing or going first (and
    /// whether the app picked it at random, where the game keeps that),
    /// where the game records one.
    fn first_entry(seat: usize, random: bool) -> Option<Self::Entry> {
        let _ = (seat, random);
        None
    }

    /// The settings a new game starts with: `settings` as the form chose
    /// them, with whatever the game draws at random when it starts (the
    /// Playing Chicken goal deck) drawn from `rng` and stored in them. By
    /// default nothing is drawn.
    fn with_draws<G: rand::Rng + ?Sized>(
        settings: &Self::Settings,
        players: usize,
        rng: &mut G,
    ) -> Self::Settings {
        let _ = (players, rng);
        settings.clone()
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn with_rules_finds_every_game() {
        struct Name;
        impl ForRules for Name {
            type Out = GameKind;
            fn run<R: Rules>(self) -> GameKind {
                R::KIND
            }
        }
        for k in GAMES {
            assert_eq!(with_rules(*k, Name), Some(*k));
        }
    }

    /// The registry row's `lower_wins` is what the game's own standings
    /// say, for every game (stats read the row, never the rules).
    fn registry_lower_wins_matches<R: Rules>() {
        let n = *R::KIND.players().start();
        let setup = Setup {
            players: (0..n).map(|i| format!("P{i}")).collect(),
            settings: R::Settings::default(),
        };
        let standings = R::standings(&setup, &R::start(&setup));
        assert_eq!(standings.lower_wins, R::KIND.lower_wins(), "{}", R::KIND);
    }

    #[test]
    fn every_registry_row_knows_which_totals_win() {
        registry_lower_wins_matches::<big_chicken::BigChicken>();
        registry_lower_wins_matches::<playing_chicken::PlayingChicken>();
        registry_lower_wins_matches::<chickenfoot::Chickenfoot>();
        registry_lower_wins_matches::<cluck::Cluck>();
        registry_lower_wins_matches::<chicken_lines::Rummy>();
        registry_lower_wins_matches::<chicken_lines::CircusTrump>();
    }
}
