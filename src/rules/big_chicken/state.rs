//! Everything derived from the log: rounds as scored, totals, who deals
//! and leads next, the end of the game.

use super::*;

/// One penalty on one player in one round. Penalties are never multiplied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Penalty {
    /// The crower went out: every opponent +15.
    Crowing,
    /// The crower did not go out: the crower +20.
    EatingCrow,
    /// The winner went out with several cards: every other player +5.
    Egging,
    /// The assisting player: the other losers' card scores.
    Assistance(u32),
    /// A lost tournament challenge: +5.
    Challenge(ChallengeSide),
}

impl Penalty {
    /// The penalty's points.
    pub fn points(self) -> u32 {
        match self {
            Penalty::Crowing => CROWING_POINTS,
            Penalty::EatingCrow => EATING_CROW_POINTS,
            Penalty::Egging => EGGING_POINTS,
            Penalty::Assistance(p) => p,
            Penalty::Challenge(_) => CHALLENGE_POINTS,
        }
    }

    /// The score-sheet line ("Egging +5").
    pub fn label(self) -> String {
        match self {
            Penalty::Crowing => format!("Crowing +{CROWING_POINTS}"),
            Penalty::EatingCrow => format!("Eating Crow +{EATING_CROW_POINTS}"),
            Penalty::Egging => format!("Egging +{EGGING_POINTS}"),
            Penalty::Assistance(p) => format!("Assistance +{p}"),
            Penalty::Challenge(ChallengeSide::Leader) => {
                format!("Challenge +{CHALLENGE_POINTS} (led a Fowl before the Eggs were Broken)")
            }
            Penalty::Challenge(ChallengeSide::Challenger) => {
                format!("Challenge +{CHALLENGE_POINTS} (challenged, but the Eggs were Broken)")
            }
        }
    }
}

/// How a Good or Bad Egg was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EggReason {
    /// Alone with the most (Bad) or fewest (Good) points.
    Outright,
    /// Bad Egg tie: the highest running total.
    HighestTotal,
    /// Round 1 Bad Egg tie: the highest card still in hand (`None` when the
    /// only other tied players held no cards).
    HighestCard(Option<Card>),
    /// Good Egg tie: the player who went out.
    WentOut,
    /// Everyone scored the same: the Good Egg went first, the Bad Egg is the
    /// only other candidate.
    OnlyOther,
    /// The table picked among players the rules left level.
    TablePick,
    /// A Bad Egg tie in the round that ends the game: nobody deals again,
    /// so it is not settled (the seat is the first of the tied players).
    NotNeeded,
}

/// A Good or Bad Egg and how they were decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EggPick {
    /// The player's seat.
    pub seat: usize,
    /// How the tie rules picked them.
    pub by: EggReason,
}

/// A round as scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredRound {
    /// The index of the log entry this round came from.
    pub entry: usize,
    /// The round's number, from 1.
    pub number: usize,
    /// Whether the last lay was one card or several.
    pub last_lay: LastLay,
    /// Who Crowed, if anyone.
    pub crowed: Option<usize>,
    /// The Direction of Play card at the end of the round.
    pub direction: Direction,
    /// The winner went out on a Duck, which flipped the card after the
    /// last lay.
    pub last_lay_flipped: bool,
    /// Cards left, by seat.
    pub cards_left: Vec<u32>,
    /// Who went out, and everyone's scores (read as `round.points`...).
    pub scores: RoundScores,
    /// The Bad Egg: deals the next round.
    pub bad_egg: EggPick,
    /// The Good Egg: gives a card to the Bad Egg and leads unless someone
    /// Crows.
    pub good_egg: EggPick,
}

/// A scored round reads as its scores (`round.points`, `round.out`): the
/// one struct holding them is [`RoundScores`].
impl std::ops::Deref for ScoredRound {
    type Target = RoundScores;
    fn deref(&self) -> &RoundScores {
        &self.scores
    }
}

/// A recorded Golden Egg card draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoldenDraw {
    /// The index of the log entry.
    pub entry: usize,
    /// The tied players, in the order they drew.
    pub players: Vec<usize>,
    /// The cards drawn, per draw round, as recorded.
    pub draws: Vec<Vec<Card>>,
    /// Who won the draw: the Golden Egg.
    pub winner: usize,
    /// Whether the app dealt the cards.
    pub app_dealt: bool,
}

/// Who leads a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leader {
    /// Round 1: whoever holds Big Red (`Some` once recorded).
    BigRedHolder(Option<usize>),
    /// Later rounds: the first player to Crow, else this Good Egg.
    CrowElseGoodEgg(usize),
}

/// What the table needs to start the next round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NextRound {
    /// The round's number, from 1.
    pub number: usize,
    /// The dealer: the last Bad Egg (`None` in round 1: anyone deals).
    pub dealer: Option<usize>,
    /// The last Good Egg, who gives the dealer their best card (never Big
    /// Red) and leads unless someone Crows (`None` in round 1).
    pub good_egg: Option<usize>,
    /// Who leads.
    pub leader: Leader,
    /// The direction of play at the start.
    pub direction: Direction,
    /// Whether Crowing is allowed (round 2 onward).
    pub crowing: bool,
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// Someone reached 100 points (or more).
    Reached100,
    /// Ten rounds were played.
    TenRounds,
}

/// Everything derived from a Big Chicken log.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// The number of players.
    pub players: usize,
    /// How many log entries were applied (the next entry's index).
    pub entries: usize,
    /// Who holds Big Red for round 1, if recorded.
    pub big_red: Option<usize>,
    /// The rounds played.
    pub rounds: Vec<ScoredRound>,
    /// The Golden Egg card draw, once recorded.
    pub golden_draw: Option<GoldenDraw>,
}

impl State {
    /// Each player's total, by seat.
    pub fn totals(&self) -> Vec<u32> {
        self.rounds
            .last()
            .map(|r| r.totals.clone())
            .unwrap_or_else(|| vec![0; self.players])
    }

    /// The last round played.
    pub fn last_round(&self) -> Option<&ScoredRound> {
        self.rounds.last()
    }

    /// The number of rounds played.
    pub fn rounds_played(&self) -> usize {
        self.rounds.len()
    }

    /// Why the game is over, if it is.
    pub fn end(&self) -> Option<GameEnd> {
        let last = self.rounds.last()?;
        if last.totals.iter().any(|t| *t >= END_SCORE) {
            Some(GameEnd::Reached100)
        } else if self.rounds.len() >= MAX_ROUNDS {
            Some(GameEnd::TenRounds)
        } else {
            None
        }
    }

    /// Whether the game is over (no more rounds).
    pub fn is_over(&self) -> bool {
        self.end().is_some()
    }

    /// The last round's Bad Egg: the next dealer.
    pub fn bad_egg(&self) -> Option<usize> {
        self.rounds.last().map(|r| r.bad_egg.seat)
    }

    /// The last round's Good Egg.
    pub fn good_egg(&self) -> Option<usize> {
        self.rounds.last().map(|r| r.good_egg.seat)
    }

    /// The next dealer (the last Bad Egg; `None` before round 1).
    pub fn dealer(&self) -> Option<usize> {
        self.bad_egg()
    }

    /// The direction of play now (Cluckwise before round 1).
    pub fn direction(&self) -> Direction {
        self.rounds.last().map(|r| r.direction).unwrap_or_default()
    }

    /// Who leads the next round.
    pub fn leader(&self) -> Leader {
        match self.good_egg() {
            Some(good) => Leader::CrowElseGoodEgg(good),
            None => Leader::BigRedHolder(self.big_red),
        }
    }

    /// The next round's number, from 1 (also while the game is over).
    pub fn round_number(&self) -> usize {
        self.rounds.len() + 1
    }

    /// The next round, or `None` once the game is over.
    pub fn next_round(&self) -> Option<NextRound> {
        if self.is_over() {
            return None;
        }
        Some(NextRound {
            number: self.round_number(),
            dealer: self.dealer(),
            good_egg: self.good_egg(),
            leader: self.leader(),
            direction: self.direction(),
            crowing: !self.rounds.is_empty(),
        })
    }

    /// An empty round for the entry form: no winner yet, 0 cards for every
    /// seat, and the current direction of play.
    pub fn draft_round(&self) -> Round {
        Round {
            cards_left: vec![0; self.players],
            direction: self.direction(),
            ..Round::default()
        }
    }
}
