//! Cluck! (`rules/cluck.txt` and the Cluck! section of RULINGS): scored by
//! events, not rounds. The log holds who goes first, each kill (who killed
//! whose rooster, and the eggs shown on it) and each turn end; everything
//! else is derived here from it: the coops, the eggs, whose turn it is, who
//! is knocked out and in which order, the 12-egg win at the end of a turn
//! (a tie at the top plays on), and the last rooster standing.
//!
//! `play` folds the log ([`Cluck::apply`]), `sheet` reads the screen's
//! figures off the fold (score sheet, status, outcome), `text` holds the
//! help panel and the set-up sentences.

use crate::rules::pick::FirstChoice;
use serde::{Deserialize, Serialize};

use super::{GameInfo, GameKind, HelpLine, RuleError, Rules, Setup, Standings};

mod play;
mod sheet;
mod text;

pub use sheet::{kill_lines, last_standing_order};
pub use text::{ordinal, setup_steps};

/// At the end of a turn, a player alone at the top with at least this many
/// eggs wins.
pub const WIN_EGGS: u64 = 12;
/// The most eggs one kill may record: no rooster shows more (a typo guard;
/// the rulebook gives no upper bound).
pub const MAX_EGGS: u32 = 99;
/// Action cards dealt to each player before play.
pub const HAND_SIZE: u32 = 5;

/// The starting coop (roosters each) for the player count, as printed:
/// 2 → 6, 3 → 5, 4 → 4, 5-6 → 3; `None` outside 2 to 6 players.
pub fn coop_size(players: usize) -> Option<u32> {
    match players {
        2 => Some(6),
        3 => Some(5),
        4 => Some(4),
        5 | 6 => Some(3),
        _ => None,
    }
}

/// The app's random pick of who goes first: the shared
/// [`pick_seat`](crate::rules::pick::pick_seat).
pub use crate::rules::pick::pick_seat as random_first;

/// The settings: Cluck! has no variants (kept as a type so a later one can
/// be added without a migration).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {}

/// A rooster killed: `killer`'s attack (or counter) killed one of
/// `victim`'s roosters, which showed `eggs` eggs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Kill {
    /// The seat whose attack or counter killed the rooster (gets the eggs).
    pub killer: usize,
    /// The seat whose rooster died (their coop shrinks by one).
    pub victim: usize,
    /// The eggs shown on the rooster (at least 1).
    pub eggs: u32,
}

/// One recorded event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Entry {
    /// Who goes first, chosen by the table, or picked by the app at
    /// random ([`random_first`]; the seat it picked is what is stored).
    First {
        /// The first player's seat.
        seat: usize,
        /// Whether the app picked it at random.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        random: bool,
    },
    /// A rooster killed, in whoever's turn it happened.
    Kill(Kill),
    /// The player whose turn it is ends it.
    EndTurn,
}

/// A kill as folded into a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KillRecord {
    /// Its place in the log.
    pub entry: usize,
    /// What was recorded.
    pub kill: Kill,
    /// Roosters the victim has left after it.
    pub left: u32,
    /// Whether it knocked the victim out (their coop is empty).
    pub knocked_out: bool,
}

/// How a turn ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnEnd {
    /// It is still being played.
    Open,
    /// Its player ended it (the entry's place in the log).
    Ended(usize),
    /// Its player was knocked out during it, which ends it at once.
    KnockedOut,
    /// The game ended during it (only one player has roosters left).
    GameOver,
}

/// One turn, as folded from the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// 1 for the first turn of the game.
    pub number: usize,
    /// Whose turn it is.
    pub seat: usize,
    /// The kills recorded in it, in order (any player's).
    pub kills: Vec<KillRecord>,
    /// How it ended, if it has.
    pub end: TurnEnd,
    /// Each player's eggs after it (so far, while open), by seat.
    pub eggs_after: Vec<u64>,
    /// At its end, the players tied at the top with 12 or more eggs (so
    /// play went on); empty otherwise.
    pub tied_at_top: Vec<usize>,
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// At the end of turn `turn`, `seat` alone had the most eggs, 12 or more.
    Eggs {
        /// The winner.
        seat: usize,
        /// The turn at whose end the check was made.
        turn: usize,
    },
    /// Only `survivor` has roosters left (after the kill in turn `turn`).
    LastStanding {
        /// The last player with roosters.
        survivor: usize,
        /// The turn in which the last knock-out happened.
        turn: usize,
    },
}

/// Everything derived from the log so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// How many players are seated.
    pub players: usize,
    /// Who went first, and whether the app picked at random.
    pub first: Option<(usize, bool)>,
    /// Roosters left in each coop, by seat.
    pub coops: Vec<u32>,
    /// Eggs each player has scored, by seat.
    pub eggs: Vec<u64>,
    /// The players knocked out, first knocked out first, each with the
    /// turn it happened in.
    pub knocked_out: Vec<(usize, usize)>,
    /// Every turn so far, the first first.
    pub turns: Vec<Turn>,
    /// How the game ended, once it has.
    pub end: Option<End>,
    /// How many entries were folded.
    pub entries: usize,
}

impl State {
    /// Whether the game is over.
    pub fn finished(&self) -> bool {
        self.end.is_some()
    }

    /// Whose turn it is: a player still in; `None` before the first player
    /// is chosen and once the game is over.
    pub fn turn(&self) -> Option<usize> {
        if self.finished() {
            return None;
        }
        self.turns
            .last()
            .filter(|t| t.end == TurnEnd::Open)
            .map(|t| t.seat)
    }

    /// The turn being played, if any.
    pub fn current_turn(&self) -> Option<&Turn> {
        self.turns.last().filter(|t| t.end == TurnEnd::Open)
    }

    /// Whether `seat` still has roosters.
    pub fn is_in(&self, seat: usize) -> bool {
        self.coops.get(seat).is_some_and(|c| *c > 0)
    }

    /// The seats that still have roosters, in seating order.
    pub fn still_in(&self) -> Vec<usize> {
        (0..self.players).filter(|s| self.is_in(*s)).collect()
    }

    /// Roosters `seat` has lost so far (a new one has come in after each).
    pub fn lost(&self, seat: usize) -> u32 {
        let start = coop_size(self.players).unwrap_or(0);
        start.saturating_sub(self.coops.get(seat).copied().unwrap_or(0))
    }

    /// When `seat` was knocked out: 1 for the first player out; `None`
    /// while they are in.
    pub fn knocked_out_place(&self, seat: usize) -> Option<usize> {
        self.knocked_out
            .iter()
            .position(|(s, _)| *s == seat)
            .map(|p| p + 1)
    }

    /// Who may be recorded as the killer now: the players still in (none
    /// before the first player is chosen or once the game is over).
    pub fn killers(&self) -> Vec<usize> {
        if self.turn().is_none() {
            return Vec::new();
        }
        self.still_in()
    }

    /// Whose rooster may be recorded as killed by `killer` now: the other
    /// players still in (none if `killer` may not kill).
    pub fn victims(&self, killer: usize) -> Vec<usize> {
        if !self.killers().contains(&killer) {
            return Vec::new();
        }
        self.still_in()
            .into_iter()
            .filter(|s| *s != killer)
            .collect()
    }

    /// The players with the most eggs, and that count (everyone, with 0,
    /// before any kill).
    pub fn top(&self) -> (u64, Vec<usize>) {
        let most = self.eggs.iter().copied().max().unwrap_or(0);
        let who = (0..self.players)
            .filter(|s| self.eggs.get(*s) == Some(&most))
            .collect();
        (most, who)
    }

    /// The next player clockwise after `seat` who still has roosters
    /// (`None` if nobody else has).
    pub fn next_in(&self, seat: usize) -> Option<usize> {
        let n = self.players;
        (1..=n)
            .map(|k| (seat % n.max(1) + k) % n.max(1))
            .find(|s| *s != seat && self.is_in(*s))
    }
}

/// The Cluck! rules.
pub struct Cluck;

impl Rules for Cluck {
    const KIND: GameKind = GameKind::new(&GameInfo {
        id: "cluck",
        name: "Cluck!",
        blurb: "Rooster battles: kill roosters for their eggs; 12 eggs at the end of a turn, or the last coop standing.",
        players: (2, 6),
        lower_wins: false,
    });
    const SHEET_STEP: &'static str = "Turn";
    type Settings = Settings;
    type Entry = Entry;
    type State = State;
    const FIRST: FirstChoice = FirstChoice {
        question: "Who goes first?",
        verb: "goes first",
        recorded: true,
    };

    fn first_seat(state: &State) -> Option<usize> {
        state.first.map(|(seat, _)| seat)
    }

    fn first_entry(seat: usize, random: bool) -> Option<Entry> {
        Some(Entry::First { seat, random })
    }

    fn start(setup: &Setup<Settings>) -> State {
        let n = setup.players.len();
        let coop = coop_size(n).unwrap_or(0);
        State {
            players: n,
            coops: vec![coop; n],
            eggs: vec![0; n],
            ..State::default()
        }
    }

    fn apply(setup: &Setup<Settings>, state: &State, entry: &Entry) -> Result<State, RuleError> {
        play::apply(setup, state, entry)
    }

    fn standings(setup: &Setup<Settings>, state: &State) -> Standings {
        sheet::standings(setup, state)
    }

    fn help(setup: &Setup<Settings>) -> Vec<HelpLine> {
        text::help(setup.players.len())
    }
}
