//! Plumedini's Circus Trump (`rules/chicken-lines.txt` and its RULINGS
//! section): the suit sheet (each suit's starting card, its closing card
//! one below, its progress around the wheel), the claimed lines and their
//! points, what the deck allows, the end of the game, the Plumedini bonus
//! (two variants, a tie the table settles) and its exact halving.
//!
//! `text.rs` says it: the standings, the score sheet and the help panel.

use crate::rules::pick::FirstChoice;
use serde::{Deserialize, Serialize};

use super::{check_suit_names, suit_name, SUITS};
use crate::rules::{GameInfo, GameKind, HelpLine, RuleError, Rules, Setup, Standings};

pub mod text;

/// Which player the Plumedini card goes to (the rulebook says both).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// The player who claimed the most lines (the default).
    #[default]
    MostLines,
    /// The player with the most points.
    MostPoints,
}

impl Variant {
    /// The variant's name ("most lines").
    pub fn name(self) -> &'static str {
        match self {
            Variant::MostLines => "most lines",
            Variant::MostPoints => "most points",
        }
    }
}

/// The variants and the suits' names, chosen when the game is created.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Who takes the Plumedini card.
    pub plumedini: Variant,
    /// The names the table gave the suits, by suit (empty: the rulebook's
    /// name, or "Suit 5" ...).
    pub suit_names: Vec<String>,
}

/// The direction of play (an Egg or the Yoker reverses it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// To the left: the next seat in the (clockwise) seating order.
    #[default]
    Clockwise,
    /// To the right: the previous seat.
    Counterclockwise,
}

impl Direction {
    /// The other direction.
    pub fn flipped(self) -> Direction {
        match self {
            Direction::Clockwise => Direction::Counterclockwise,
            Direction::Counterclockwise => Direction::Clockwise,
        }
    }

    /// The direction's name.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Clockwise => "Clockwise",
            Direction::Counterclockwise => "Counterclockwise",
        }
    }

    /// Who plays after `seat`: the one who must take a line `seat` trumped.
    pub fn after(self, seat: usize, players: usize) -> usize {
        if players == 0 {
            return 0;
        }
        let seat = seat % players;
        match self {
            Direction::Clockwise => (seat + 1) % players,
            Direction::Counterclockwise => (seat + players - 1) % players,
        }
    }
}

/// A claimed chicken line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// The suit (0-8).
    pub suit: usize,
    /// The seat of the player who took it.
    pub to: usize,
    /// The last standard card played on it (0-9).
    pub last: u8,
    /// Its Super Chickens (the trumping card).
    pub supers: u8,
    /// Its Eggs.
    pub eggs: u8,
    /// Whether it holds the Yoker.
    pub yoker: bool,
    /// The direction of play when it was claimed, as the table set it (the
    /// next line's form starts from it).
    #[serde(default)]
    pub direction: Direction,
}

/// One entry of the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Entry {
    /// A suit was started with a standard card.
    Start {
        /// The suit (0-8).
        suit: usize,
        /// The starting card (0-9).
        card: u8,
    },
    /// A line was claimed.
    Line(Line),
    /// The table ended the game before every suit closed.
    EndEarly,
    /// The table settled a tie for the Plumedini card.
    Plumedini {
        /// Who takes the card.
        seat: usize,
    },
}

/// One suit on the sheet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Suit {
    /// The starting card, and its entry in the log.
    pub start: Option<(u8, usize)>,
    /// The last card of each line claimed from it, in order.
    pub lines: Vec<u8>,
    /// Super Chickens in its claimed lines.
    pub supers: u8,
}

impl Suit {
    /// The closing card, once started.
    pub fn closing(&self) -> Option<u8> {
        self.start.map(|(s, _)| closing_card(s))
    }

    /// Whether its closing card was played.
    pub fn closed(&self) -> bool {
        matches!((self.closing(), self.lines.last()), (Some(c), Some(l)) if c == *l)
    }

    /// The cards its next line may end on: every card after the last
    /// line's, up to the closing card (none once closed or before it is
    /// started).
    pub fn next_last_cards(&self) -> Vec<u8> {
        let Some((start, _)) = self.start else {
            return Vec::new();
        };
        if self.closed() {
            return Vec::new();
        }
        let from = self
            .lines
            .last()
            .map_or(0, |l| wheel_position(start, *l) + 1);
        (from..10).map(|p| (start + p) % 10).collect()
    }
}

/// A line as scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredLine {
    /// Its entry in the log.
    pub entry: usize,
    /// The line.
    pub line: Line,
    /// Whether it closed its suit (else it was trumped).
    pub closed_suit: bool,
}

/// The state after some entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The suits, by index.
    pub suits: Vec<Suit>,
    /// The lines claimed, in order.
    pub lines: Vec<ScoredLine>,
    /// The entry that ended the game early, if any.
    pub ended_early: Option<usize>,
    /// Who the table gave the Plumedini card in a tie, and that entry.
    pub chosen: Option<(usize, usize)>,
    /// How many entries are folded in.
    pub entries: usize,
}

/// Who takes the Plumedini card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bonus {
    /// Not yet known: the game is on.
    NotYet,
    /// Nobody: no line was claimed.
    Nobody,
    /// This player, by the variant or the table's choice.
    Holder(usize),
    /// These players tie for it: the table must choose.
    Tie(Vec<usize>),
}

/// The closing card of a suit started on `start`: one below, wrapping
/// (start 0 closes on 9, start 4 on 3).
pub fn closing_card(start: u8) -> u8 {
    (start % 10 + 9) % 10
}

/// How far round the wheel `card` is from `start` (0 for the start, 9 for
/// the closing card).
pub fn wheel_position(start: u8, card: u8) -> u8 {
    (card % 10 + 10 - start % 10) % 10
}

/// The ten cards of a suit started on `start`, in the order they are
/// played.
pub fn wheel(start: u8) -> Vec<u8> {
    (0..10).map(|p| (start % 10 + p) % 10).collect()
}

/// What a line scores: its last standard card + 2 per Super Chicken + 3
/// per Egg + 5 for the Yoker.
pub fn line_points(last: u8, supers: u8, eggs: u8, yoker: bool) -> u32 {
    u32::from(last) + 2 * u32::from(supers) + 3 * u32::from(eggs) + if yoker { 5 } else { 0 }
}

impl State {
    /// Eggs in claimed lines.
    pub fn eggs_used(&self) -> u8 {
        self.lines
            .iter()
            .fold(0u8, |a, l| a.saturating_add(l.line.eggs))
    }

    /// Whether the Yoker is in a claimed line.
    pub fn yoker_used(&self) -> bool {
        self.lines.iter().any(|l| l.line.yoker)
    }

    /// How many suits are closed.
    pub fn closed_suits(&self) -> usize {
        self.suits.iter().filter(|s| s.closed()).count()
    }

    /// Whether the game is over: every suit closed, or ended early.
    pub fn over(&self) -> bool {
        self.ended_early.is_some() || self.closed_suits() >= SUITS
    }

    /// The direction the last line was claimed in (the next line's form
    /// starts from it).
    pub fn direction(&self) -> Direction {
        self.lines
            .last()
            .map(|l| l.line.direction)
            .unwrap_or_default()
    }

    /// Each player's points (before the Plumedini halving) and lines.
    pub fn raw(&self, players: usize) -> (Vec<u32>, Vec<u32>) {
        let mut points = vec![0u32; players];
        let mut lines = vec![0u32; players];
        for l in &self.lines {
            let line = &l.line;
            if let Some(p) = points.get_mut(line.to) {
                *p = p.saturating_add(line_points(line.last, line.supers, line.eggs, line.yoker));
            }
            if let Some(k) = lines.get_mut(line.to) {
                *k += 1;
            }
        }
        (points, lines)
    }

    /// Who takes the Plumedini card under `variant`.
    pub fn bonus(&self, variant: Variant, players: usize) -> Bonus {
        if !self.over() {
            return Bonus::NotYet;
        }
        if self.lines.is_empty() {
            return Bonus::Nobody;
        }
        let (points, lines) = self.raw(players);
        let key = match variant {
            Variant::MostLines => lines,
            Variant::MostPoints => points,
        };
        let best = key.iter().copied().max().unwrap_or(0);
        let tied: Vec<usize> = (0..players).filter(|i| key.get(*i) == Some(&best)).collect();
        match tied.as_slice() {
            [one] => Bonus::Holder(*one),
            _ => match self.chosen {
                Some((seat, _)) if tied.contains(&seat) => Bonus::Holder(seat),
                _ => Bonus::Tie(tied),
            },
        }
    }
}

/// The Plumedini's Circus Trump rules.
pub struct CircusTrump;

impl CircusTrump {
    fn check_line(setup: &Setup<Settings>, state: &State, l: &Line) -> Result<bool, RuleError> {
        let n = setup.players.len();
        let names = &setup.settings.suit_names;
        let Some(suit) = state.suits.get(l.suit) else {
            return Err(RuleError::new(format!("The deck has {SUITS} suits.")));
        };
        let name = suit_name(names, l.suit);
        let Some((start, _)) = suit.start else {
            return Err(RuleError::new(format!(
                "{name} has not been started: record the card that started it first."
            )));
        };
        if l.to >= n {
            return Err(RuleError::new("The player taking the line is not in this game."));
        }
        if l.last > 9 {
            return Err(RuleError::new("Standard cards go from 0 to 9."));
        }
        if suit.closed() {
            return Err(RuleError::new(format!(
                "{name} is closed: nothing more can be claimed from it."
            )));
        }
        if suit.lines.len() >= 3 {
            return Err(RuleError::new(format!(
                "{name} already gave 3 lines, the most a suit can."
            )));
        }
        let closing = closing_card(start);
        if !suit.next_last_cards().contains(&l.last) {
            let after = suit.lines.last().copied().unwrap_or(start);
            return Err(RuleError::new(format!(
                "{name} goes {} around the wheel: after its line ending on {after}, the next line ends on a later card, up to the closing {closing}.",
                wheel(start).iter().map(u8::to_string).collect::<Vec<_>>().join(", "),
            )));
        }
        let supers = suit.supers.saturating_add(l.supers);
        if supers > 2 {
            return Err(RuleError::new(format!(
                "A suit has 2 Super Chickens; {name}'s lines would hold {supers}."
            )));
        }
        let closes = l.last == closing;
        if !closes && l.supers == 0 {
            return Err(RuleError::new(format!(
                "A line ending before {name}'s closing card ({closing}) was trumped, so it holds the Super Chicken that trumped it."
            )));
        }
        let eggs = state.eggs_used().saturating_add(l.eggs);
        if eggs > 3 {
            return Err(RuleError::new(format!(
                "The deck has 3 Eggs; the lines claimed before hold {}.",
                state.eggs_used()
            )));
        }
        if l.yoker && state.yoker_used() {
            return Err(RuleError::new("The deck has 1 Yoker, already in a claimed line."));
        }
        Ok(closes)
    }
}

impl Rules for CircusTrump {
    const KIND: GameKind = GameKind::new(&GameInfo {
        id: "circus-trump",
        name: "Plumedini's Circus Trump",
        blurb: "Cards: build the suits round the wheel, dodge the trumped lines; lowest score wins.",
        players: (3, 5),
        lower_wins: true,
    });
    const SHEET_STEP: &'static str = "Line";
    type Settings = Settings;
    type Entry = Entry;
    type State = State;
    // "The first player draws a card": named, not recorded.
    const FIRST: FirstChoice = FirstChoice::named("Who plays first?", "plays first");

    fn check_setup(setup: &Setup<Settings>) -> Result<(), RuleError> {
        crate::rules::check_player_count(setup.players.len(), Self::KIND.players())?;
        check_suit_names(&setup.settings.suit_names).map_err(RuleError::new)
    }

    fn start(_setup: &Setup<Settings>) -> State {
        State {
            suits: vec![Suit::default(); SUITS],
            lines: Vec::new(),
            ended_early: None,
            chosen: None,
            entries: 0,
        }
    }

    fn apply(setup: &Setup<Settings>, state: &State, entry: &Entry) -> Result<State, RuleError> {
        let n = setup.players.len();
        let here = state.entries;
        let mut next = state.clone();
        if let Entry::Plumedini { seat } = entry {
            let Bonus::Tie(tied) = state.bonus(setup.settings.plumedini, n) else {
                return Err(RuleError::new(
                    "There is no tie for the Plumedini card to settle.",
                ));
            };
            if !tied.contains(seat) {
                return Err(RuleError::new(
                    "Only a player in the tie can take the Plumedini card.",
                ));
            }
            next.chosen = Some((*seat, here));
            next.entries = here.saturating_add(1);
            return Ok(next);
        }
        if state.over() {
            return Err(RuleError::new(
                "The game is over: Undo, or correct an earlier entry.",
            ));
        }
        match entry {
            Entry::Start { suit, card } => {
                let Some(s) = next.suits.get_mut(*suit) else {
                    return Err(RuleError::new(format!("The deck has {SUITS} suits.")));
                };
                if *card > 9 {
                    return Err(RuleError::new("A suit starts with a standard card, 0 to 9."));
                }
                if let Some((c, _)) = s.start {
                    return Err(RuleError::new(format!(
                        "{} was already started on {c}.",
                        suit_name(&setup.settings.suit_names, *suit)
                    )));
                }
                s.start = Some((*card, here));
            }
            Entry::Line(l) => {
                let closes = Self::check_line(setup, state, l)?;
                if let Some(s) = next.suits.get_mut(l.suit) {
                    s.lines.push(l.last);
                    s.supers = s.supers.saturating_add(l.supers);
                }
                next.lines.push(ScoredLine {
                    entry: here,
                    line: l.clone(),
                    closed_suit: closes,
                });
            }
            Entry::EndEarly => next.ended_early = Some(here),
            Entry::Plumedini { .. } => {}
        }
        next.entries = here.saturating_add(1);
        Ok(next)
    }

    fn standings(setup: &Setup<Settings>, state: &State) -> Standings {
        text::standings(setup, state)
    }

    fn help(setup: &Setup<Settings>) -> Vec<HelpLine> {
        text::help(setup)
    }
}
