//! Big Chicken, the climbing card game (`rules/big-chicken.txt` and the Big
//! Chicken section of RULINGS): the deck for each player count, the Pecking
//! Order, card scores with the player-count multipliers, the penalties
//! (Crowing, Eating Crow, Egging, Assistance, tournament challenges), the
//! Good and Bad Eggs with their tie rules, who deals and leads next, the end
//! of the game (Rotten Egg and Golden Egg) and the card-draw tie-breaker.
//!
//! The log holds three kinds of [`Entry`]: who holds Big Red before round 1
//! (optional), each round's result ([`Round`]), and the card draw that breaks
//! a Golden Egg tie ([`CardDraw`]). Everything else (scores, totals, Eggs,
//! dealer, leader, direction, the end) is derived from them.
//!
//! The card-draw helpers ([`virtual_draw`], [`judge_draws`], [`draw_order`])
//! stand alone, so the UI can also use them to pick a first player.

use std::fmt;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

use super::{
    check_player_count, competition_ranks, GameInfo, GameKind, HelpLine, Outcome, Points,
    RuleError, Rules, Setup, SheetRow, Standings,
};

/// The game ends after this many rounds at the latest.
pub const MAX_ROUNDS: usize = 10;
/// The game ends after the round in which any total reaches this.
pub const END_SCORE: u32 = 100;
/// Every opponent's penalty when the crower goes out.
pub const CROWING_POINTS: u32 = 15;
/// The crower's penalty when they do not go out ("Eating Crow").
pub const EATING_CROW_POINTS: u32 = 20;
/// Every other player's penalty when the winner goes out with several cards.
pub const EGGING_POINTS: u32 = 5;
/// The penalty for each lost tournament challenge.
pub const CHALLENGE_POINTS: u32 = 5;
/// A virtual card draw gives up after this many draw rounds (only a deck of
/// nothing but equal cards could get there).
pub const MAX_DRAW_ROUNDS: usize = 1000;

fn is_false(b: &bool) -> bool {
    !*b
}

// ---------------------------------------------------------------- cards --

/// The suits (colours) of the Eggs and Chickens, lowest first, as in a
/// rainbow. Deriving `Ord` gives the Pecking Order of suits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Suit {
    /// The lowest suit.
    Blue,
    /// Above Blue.
    Green,
    /// Above Green.
    Yellow,
    /// The highest suit.
    Orange,
}

impl Suit {
    /// Every suit, lowest first.
    pub const ALL: [Suit; 4] = [Suit::Blue, Suit::Green, Suit::Yellow, Suit::Orange];

    /// The suit's name ("Blue").
    pub fn name(self) -> &'static str {
        match self {
            Suit::Blue => "Blue",
            Suit::Green => "Green",
            Suit::Yellow => "Yellow",
            Suit::Orange => "Orange",
        }
    }
}

/// One playing card. The derived `Ord` is the Pecking Order: a Duck loses to
/// every card; Eggs go by number, then suit (Blue < Green < Yellow < Orange);
/// every Chicken beats every Egg, in suit order; Big Red beats everything.
/// The two copies of an Egg (and the Ducks) compare equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Card {
    /// A Duck: loses to every other card (a Duck against a Duck is equal).
    Duck,
    /// A numbered Egg card (1 to 10).
    Egg {
        /// The number, 1 to 10; compared before the suit.
        number: u8,
        /// The suit.
        suit: Suit,
    },
    /// A Chicken of one of the four suits.
    Chicken(Suit),
    /// Big Red, the highest card.
    BigRed,
}

impl Card {
    /// A numbered Egg.
    pub const fn egg(number: u8, suit: Suit) -> Card {
        Card::Egg { number, suit }
    }

    /// Whether this is a Fowl card (a Chicken, Big Red or a Duck).
    pub fn is_fowl(self) -> bool {
        !matches!(self, Card::Egg { .. })
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Duck => f.write_str("Duck"),
            Card::Egg { number, suit } => write!(f, "{} {number}", suit.name()),
            Card::Chicken(suit) => write!(f, "{} Chicken", suit.name()),
            Card::BigRed => f.write_str("Big Red"),
        }
    }
}

/// The DECK SETUP table for one player count, as the table builds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckSetup {
    /// The player count this is for.
    pub players: usize,
    /// The suits of Eggs the app uses (the lowest ones; any suits will do at
    /// the table as long as there are this many).
    pub suits: Vec<Suit>,
    /// The lowest numbered Egg used (4, 1, 2 or 1).
    pub lowest_number: u8,
    /// The highest numbered Egg used (always 10).
    pub highest_number: u8,
    /// Copies of each Egg (always 2).
    pub copies: usize,
    /// Chickens used, Big Red included (always all 5).
    pub chickens: usize,
    /// Ducks used (1 for 3 players, otherwise 3).
    pub ducks: usize,
    /// How many of the lowest One cards are removed (0 or 4).
    pub ones_removed: usize,
    /// The One cards removed, lowest first (the lowest suits' Ones).
    pub removed: Vec<Card>,
    /// Cards in the deck, as printed (48, 64, 80 or 84).
    pub deck_size: usize,
    /// Cards dealt to each player (16, or 14 for 6 players).
    pub dealt: usize,
}

impl DeckSetup {
    /// One sentence for the screen: suits, numbers, Fowl, removed Ones,
    /// deck size and deal.
    pub fn describe(&self) -> String {
        let suits: Vec<&str> = self.suits.iter().map(|s| s.name()).collect();
        let removed = if self.removed.is_empty() {
            String::new()
        } else {
            let names: Vec<String> = self.removed.iter().map(|c| c.to_string()).collect();
            format!(
                ", without the lowest {} Ones ({})",
                self.ones_removed,
                names.join(", ")
            )
        };
        let ducks = if self.ducks == 1 { "Duck" } else { "Ducks" };
        format!(
            "{} players: {} suits ({}), Eggs {}-{} twice each{removed}, all {} Chickens, {} {ducks}: {} cards, {} dealt to each player.",
            self.players,
            self.suits.len(),
            suits.join(", "),
            self.lowest_number,
            self.highest_number,
            self.chickens,
            self.ducks,
            self.deck_size,
            self.dealt
        )
    }
}

/// The DECK SETUP table for `players` (2 players use the "2 or 4" column),
/// or `None` outside 2 to 6 players.
pub fn deck_setup(players: usize) -> Option<DeckSetup> {
    let (suit_count, lowest_number, ducks, ones_removed, deck_size, dealt) = match players {
        3 => (3, 4, 1, 0, 48, 16),
        2 | 4 => (3, 1, 3, 4, 64, 16),
        5 => (4, 2, 3, 0, 80, 16),
        6 => (4, 1, 3, 4, 84, 14),
        _ => return None,
    };
    let suits: Vec<Suit> = Suit::ALL.iter().copied().take(suit_count).collect();
    // "Remove the lowest numbered cards from the lowest-valued suits": the
    // Eggs in Pecking Order, lowest first, and the first few of them.
    let removed = all_eggs(&suits, lowest_number)
        .into_iter()
        .take(ones_removed)
        .collect();
    Some(DeckSetup {
        players,
        suits,
        lowest_number,
        highest_number: 10,
        copies: 2,
        chickens: 5,
        ducks,
        ones_removed,
        removed,
        deck_size,
        dealt,
    })
}

/// Every Egg of `suits` from `lowest` to 10, two copies each, in Pecking Order.
fn all_eggs(suits: &[Suit], lowest: u8) -> Vec<Card> {
    (lowest..=10)
        .flat_map(|number| {
            suits
                .iter()
                .flat_map(move |suit| [Card::egg(number, *suit), Card::egg(number, *suit)])
        })
        .collect()
}

/// The deck the app uses for `players`, lowest card first (empty outside 2
/// to 6 players): Ducks, Eggs without the removed Ones, Chickens, Big Red.
pub fn deck(players: usize) -> Vec<Card> {
    let Some(setup) = deck_setup(players) else {
        return Vec::new();
    };
    let mut cards = vec![Card::Duck; setup.ducks];
    cards.extend(
        all_eggs(&setup.suits, setup.lowest_number)
            .into_iter()
            .skip(setup.ones_removed),
    );
    cards.extend(Suit::ALL.iter().map(|s| Card::Chicken(*s)));
    cards.push(Card::BigRed);
    cards
}

/// How many copies of `card` the deck holds.
pub fn copies_in(deck: &[Card], card: Card) -> usize {
    deck.iter().filter(|c| **c == card).count()
}

/// The different cards of a deck, lowest first (for a card picker).
pub fn distinct_cards(deck: &[Card]) -> Vec<Card> {
    let mut cards = deck.to_vec();
    cards.sort();
    cards.dedup();
    cards
}

// ----------------------------------------------------------- card score --

/// One row of the CARD SCORE table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreBand {
    /// Points per card left.
    pub multiplier: u32,
    /// The fewest cards in this row.
    pub from: u32,
    /// The most cards in this row, as printed (the last row also covers any
    /// larger hand).
    pub to: u32,
}

/// The printed tops of the ×1, ×2 and ×3 rows, and the last row's top.
fn band_tops(players: usize) -> Option<[u32; 4]> {
    match players {
        3 => Some([5, 10, 15, 16]),
        2 | 4 | 5 => Some([4, 9, 14, 16]),
        6 => Some([3, 7, 11, 14]),
        _ => None,
    }
}

/// The CARD SCORE table for `players` (2 players use the "2, 4 or 5"
/// column), or an empty list outside 2 to 6 players.
pub fn score_bands(players: usize) -> Vec<ScoreBand> {
    let Some(tops) = band_tops(players) else {
        return Vec::new();
    };
    let mut from = 1;
    tops.iter()
        .zip(1..)
        .map(|(to, multiplier)| {
            let band = ScoreBand {
                multiplier,
                from,
                to: *to,
            };
            from = to.saturating_add(1);
            band
        })
        .collect()
}

/// The multiplier for `cards` left with `players` (a hand above the table
/// uses ×4; 0 cards counts as the ×1 row), or `None` outside 2 to 6 players.
pub fn multiplier(players: usize, cards: u32) -> Option<u32> {
    let tops = band_tops(players)?;
    let m = tops
        .iter()
        .take(3)
        .position(|top| cards <= *top)
        .unwrap_or(3);
    Some(m as u32 + 1)
}

/// The card score for `cards` left with `players`: cards × multiplier, or
/// `None` outside 2 to 6 players.
pub fn card_score(players: usize, cards: u32) -> Option<u32> {
    multiplier(players, cards).map(|m| cards.saturating_mul(m))
}

// ------------------------------------------------------------- entries --

/// The Direction of Play card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Clockwise: play passes to the next seat (seat index + 1). The game
    /// starts this way.
    #[default]
    Cluckwise,
    /// Counter-clockwise: play passes to the previous seat.
    CounterCluckwise,
}

impl Direction {
    /// The other side of the card.
    pub fn flipped(self) -> Direction {
        match self {
            Direction::Cluckwise => Direction::CounterCluckwise,
            Direction::CounterCluckwise => Direction::Cluckwise,
        }
    }

    /// The name printed on the card.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Cluckwise => "Cluckwise",
            Direction::CounterCluckwise => "Counter-Cluckwise",
        }
    }

    /// The player who plays right after `seat` in this direction.
    pub fn after(self, seat: usize, players: usize) -> usize {
        if players == 0 {
            return seat;
        }
        let seat = seat % players;
        match self {
            Direction::Cluckwise => (seat + 1) % players,
            Direction::CounterCluckwise => (seat + players - 1) % players,
        }
    }

    /// The player who plays right before `seat` in this direction.
    pub fn before(self, seat: usize, players: usize) -> usize {
        self.flipped().after(seat, players)
    }
}

/// How many cards the winner laid when going out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LastLay {
    /// One card (the Penalty for Assistance may apply).
    #[default]
    Single,
    /// More than one card (Egging: every other player +5).
    Several,
}

/// Who lost a tournament challenge, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeSide {
    /// The lead player, who led a Fowl card before the Eggs were Broken.
    Leader,
    /// The challenger: the Eggs had been Broken after all.
    Challenger,
}

/// One tournament challenge: `seat` gets +5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Challenge {
    /// The player who gets the 5 points.
    pub seat: usize,
    /// Whether they were the lead player or the challenger.
    pub side: ChallengeSide,
}

/// One round, as recorded at its end.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The player who went out (`None` in a draft: refused on saving).
    pub out: Option<usize>,
    /// Whether the winner's last lay was one card or several.
    #[serde(default)]
    pub last_lay: LastLay,
    /// Cards left in each hand, by seat (0 for the winner).
    pub cards_left: Vec<u32>,
    /// The first player to Crow this round (round 2 onward), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crowed: Option<usize>,
    /// The table says the player directly before the winner could have
    /// stopped a single-card last lay (Penalty for Assistance).
    #[serde(default, skip_serializing_if = "is_false")]
    pub assisted: bool,
    /// Tournament challenges lost this round (the tournament rule only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub challenges: Vec<Challenge>,
    /// The Direction of Play card at the end of the round (the next round
    /// starts this way).
    #[serde(default)]
    pub direction: Direction,
    /// The winner's last lay flipped the Direction of Play card (they went
    /// out on a Duck): `direction` is the card after that flip, and the
    /// assisting player is found with the direction before it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub last_lay_flipped: bool,
    /// Round 1 Bad Egg tie: each tied player's highest card still in hand,
    /// by seat (`None` where not asked).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub highest_cards: Vec<Option<Card>>,
    /// The table's pick for a Bad Egg tie the rules leave level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bad_egg_pick: Option<usize>,
    /// The table's pick for a Good Egg tie the rules leave level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub good_egg_pick: Option<usize>,
}

impl Round {
    /// A round won by `out` with a single card, Cluckwise, no penalties.
    pub fn won_by(out: usize, cards_left: Vec<u32>) -> Round {
        Round {
            out: Some(out),
            cards_left,
            ..Round::default()
        }
    }

    /// The direction of play when the winner made their last lay.
    pub fn direction_at_last_lay(&self) -> Direction {
        if self.last_lay_flipped {
            self.direction.flipped()
        } else {
            self.direction
        }
    }

    /// The player directly before the winner in the direction of play at
    /// the last lay: the one the Penalty for Assistance would fall on.
    /// `None` without a winner in range or with fewer than 2 players.
    pub fn assisting_player(&self, players: usize) -> Option<usize> {
        let out = self.out.filter(|o| *o < players)?;
        (players >= 2).then(|| self.direction_at_last_lay().before(out, players))
    }
}

/// The cards drawn to break a Golden Egg tie.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardDraw {
    /// The tied players, in the order they drew.
    pub players: Vec<usize>,
    /// The cards drawn, one list per draw round: the first has a card for
    /// each player of `players` in that order, each later one a card for
    /// each player still level, in the same order.
    pub draws: Vec<Vec<Card>>,
    /// For a virtual draw, the seed the deck was shuffled with (kept for the
    /// record only: the cards are what count on replay).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

/// One entry of a Big Chicken log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Entry {
    /// Before round 1 (optional): who holds Big Red and so leads round 1.
    BigRedHolder {
        /// The holder's seat.
        seat: usize,
    },
    /// A round's result.
    Round(Round),
    /// The card draw breaking a Golden Egg tie, after the game's end.
    CardDraw(CardDraw),
}

/// The Big Chicken variants, chosen when the game is created.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The Advanced / Tournament rule: challenges of a Fowl lead (+5 to
    /// whoever is wrong). Off by default.
    pub tournament: bool,
}

// --------------------------------------------------------------- state --

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
    /// The player who went out.
    pub out: usize,
    /// Whether the last lay was one card or several.
    pub last_lay: LastLay,
    /// Who Crowed, if anyone.
    pub crowed: Option<usize>,
    /// The Direction of Play card at the end of the round.
    pub direction: Direction,
    /// Cards left, by seat.
    pub cards_left: Vec<u32>,
    /// The multiplier for each player's cards left, by seat.
    pub multipliers: Vec<u32>,
    /// Cards left × multiplier, by seat.
    pub card_scores: Vec<u32>,
    /// The penalties, by seat.
    pub penalties: Vec<Vec<Penalty>>,
    /// Round points (card score + penalties), by seat.
    pub points: Vec<u32>,
    /// Running totals after this round, by seat.
    pub totals: Vec<u32>,
    /// The assisting player, when the Penalty for Assistance applied.
    pub assistant: Option<usize>,
    /// The Bad Egg: deals the next round.
    pub bad_egg: EggPick,
    /// The Good Egg: gives a card to the Bad Egg and leads unless someone
    /// Crows.
    pub good_egg: EggPick,
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
    /// The seed of a virtual draw, if recorded.
    pub seed: Option<u64>,
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

// ------------------------------------------------------------ ties ------

/// A tie the entry must settle before it can be saved. The UI asks these
/// on the draft (see [`pending_ties`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TieQuestion {
    /// Round 1 Bad Egg tie: ask each of `seats` for the highest card still
    /// in their hand (`Round::highest_cards`).
    BadEggHighestCards {
        /// The tied players holding cards, who must answer.
        seats: Vec<usize>,
        /// Those of them without an answer yet.
        unanswered: Vec<usize>,
        /// The points they tied on.
        points: u32,
    },
    /// The Bad Egg tie is still level: the table picks (`Round::bad_egg_pick`).
    BadEggPick {
        /// The players to pick from.
        seats: Vec<usize>,
        /// The points they tied on.
        points: u32,
    },
    /// The Good Egg tie is level: the table picks (`Round::good_egg_pick`).
    GoodEggPick {
        /// The players to pick from.
        seats: Vec<usize>,
        /// The points they tied on.
        points: u32,
    },
}

fn names(setup: &Setup<Settings>, seats: &[usize]) -> String {
    let names: Vec<&str> = seats.iter().map(|s| setup.name(*s)).collect();
    crate::rules::join_names(&names)
}

impl TieQuestion {
    /// The players the question is about.
    pub fn seats(&self) -> &[usize] {
        match self {
            TieQuestion::BadEggHighestCards { seats, .. }
            | TieQuestion::BadEggPick { seats, .. }
            | TieQuestion::GoodEggPick { seats, .. } => seats,
        }
    }

    /// The question, as the UI shows it.
    pub fn text(&self, setup: &Setup<Settings>) -> String {
        match self {
            TieQuestion::BadEggHighestCards { seats, points, .. } => format!(
                "Bad Egg tie: {} scored {points} each. In round 1 the one holding the highest card is Bad Egg: what is the highest card each of them still holds?",
                names(setup, seats)
            ),
            TieQuestion::BadEggPick { seats, points } => format!(
                "Bad Egg tie: {} scored {points} each and the tie rules leave them level. Who does the table pick as Bad Egg?",
                names(setup, seats)
            ),
            TieQuestion::GoodEggPick { seats, points } => format!(
                "Good Egg tie: {} scored {points} each and none of them went out. Who does the table pick as Good Egg?",
                names(setup, seats)
            ),
        }
    }

    /// The question as the error `apply` refuses with (beside the first
    /// unanswered player's card field, for the highest-card question).
    pub fn to_error(&self, setup: &Setup<Settings>) -> RuleError {
        match self {
            TieQuestion::BadEggHighestCards { unanswered, .. } => match unanswered.first() {
                Some(seat) => RuleError::for_player(*seat, self.text(setup)),
                None => RuleError::new(self.text(setup)),
            },
            _ => RuleError::new(self.text(setup)),
        }
    }
}

// ------------------------------------------------------------ scoring ---

/// A round's scores before the Eggs are decided.
struct RoundScore {
    out: usize,
    multipliers: Vec<u32>,
    card_scores: Vec<u32>,
    penalties: Vec<Vec<Penalty>>,
    points: Vec<u32>,
    totals: Vec<u32>,
    assistant: Option<usize>,
}

/// Checks a round (all but its tie answers) and scores it.
fn score_round(
    setup: &Setup<Settings>,
    state: &State,
    round: &Round,
) -> Result<RoundScore, RuleError> {
    let n = setup.players.len();
    check_player_count(n, BigChicken::KIND.players())?;
    if let Some(end) = state.end() {
        return Err(RuleError::new(match end {
            GameEnd::Reached100 => {
                "The game is over: someone reached 100 points. Undo or edit a round to play on."
            }
            GameEnd::TenRounds => {
                "The game is over after 10 rounds. Undo or edit a round to play on."
            }
        }));
    }
    let number = state.round_number();
    let deck_size = deck_setup(n).map(|d| d.deck_size).unwrap_or(0) as u32;
    if round.cards_left.len() != n {
        return Err(RuleError::new(format!(
            "The round lists {} players; the game has {n}.",
            round.cards_left.len()
        )));
    }
    let Some(out) = round.out else {
        return Err(RuleError::new(
            "Nobody went out: pick the player who went out (the round ends when someone does).",
        ));
    };
    if out >= n {
        return Err(RuleError::new(
            "The player who went out is not in this game.",
        ));
    }
    let winner = setup.name(out);
    let winner_left = round.cards_left.get(out).copied().unwrap_or(0);
    if winner_left != 0 {
        return Err(RuleError::for_player(
            out,
            format!("{winner} went out, so {winner} has 0 cards left, not {winner_left}."),
        ));
    }
    for (seat, left) in round.cards_left.iter().enumerate() {
        if seat != out && *left == 0 {
            let name = setup.name(seat);
            return Err(RuleError::for_player(
                seat,
                format!(
                    "Only one player goes out: {winner} did, so {name} still holds at least one card. Enter {name}'s cards left."
                ),
            ));
        }
    }
    // The winner's last lay is on the table, so the hands hold less than
    // the whole deck.
    let on_table = match round.last_lay {
        LastLay::Single => 1,
        LastLay::Several => 2,
    };
    let most = deck_size.saturating_sub(on_table);
    for (seat, left) in round.cards_left.iter().enumerate() {
        if *left > most {
            return Err(RuleError::for_player(
                seat,
                format!(
                    "{left} cards is more than {} can hold: the deck has {deck_size} cards and {winner}'s last lay is on the table.",
                    setup.name(seat)
                ),
            ));
        }
    }
    let sum = round
        .cards_left
        .iter()
        .fold(0u32, |acc, c| acc.saturating_add(*c));
    if sum > most {
        return Err(RuleError::new(format!(
            "Together the hands hold {sum} cards, but the deck has only {deck_size} and {winner}'s last lay is on the table."
        )));
    }
    if let Some(crower) = round.crowed {
        if number == 1 {
            return Err(RuleError::new(
                "Nobody Crows in round 1: the holder of Big Red leads it.",
            ));
        }
        if crower >= n {
            return Err(RuleError::new("The player who Crowed is not in this game."));
        }
    }
    if round.assisted && round.last_lay == LastLay::Several {
        return Err(RuleError::new(format!(
            "The Penalty for Assistance only applies when the winner goes out with a single card; {winner} laid several."
        )));
    }
    if !round.challenges.is_empty() && !setup.settings.tournament {
        return Err(RuleError::new(
            "Challenges belong to the Advanced / Tournament rule, which is off for this game.",
        ));
    }
    if round.challenges.iter().any(|c| c.seat >= n) {
        return Err(RuleError::new(
            "A challenge names a player who is not in this game.",
        ));
    }
    check_highest_cards(setup, round)?;
    if round.bad_egg_pick.is_some_and(|p| p >= n) {
        return Err(RuleError::new("The Bad Egg picked is not in this game."));
    }
    if round.good_egg_pick.is_some_and(|p| p >= n) {
        return Err(RuleError::new("The Good Egg picked is not in this game."));
    }

    // Card scores.
    let multipliers: Vec<u32> = round
        .cards_left
        .iter()
        .map(|c| multiplier(n, *c).unwrap_or(1))
        .collect();
    let card_scores: Vec<u32> = round
        .cards_left
        .iter()
        .zip(&multipliers)
        .map(|(c, m)| c.saturating_mul(*m))
        .collect();

    // Penalties, never multiplied.
    let mut penalties: Vec<Vec<Penalty>> = vec![Vec::new(); n];
    if let Some(crower) = round.crowed {
        if crower == out {
            for (seat, list) in penalties.iter_mut().enumerate() {
                if seat != out {
                    list.push(Penalty::Crowing);
                }
            }
        } else if let Some(list) = penalties.get_mut(crower) {
            list.push(Penalty::EatingCrow);
        }
    }
    if round.last_lay == LastLay::Several {
        for (seat, list) in penalties.iter_mut().enumerate() {
            if seat != out {
                list.push(Penalty::Egging);
            }
        }
    }
    let assistant = if round.assisted {
        round.assisting_player(n)
    } else {
        None
    };
    if let Some(helper) = assistant {
        let others = card_scores
            .iter()
            .enumerate()
            .filter(|(seat, _)| *seat != out && *seat != helper)
            .fold(0u32, |acc, (_, s)| acc.saturating_add(*s));
        if let Some(list) = penalties.get_mut(helper) {
            list.push(Penalty::Assistance(others));
        }
    }
    for c in &round.challenges {
        if let Some(list) = penalties.get_mut(c.seat) {
            list.push(Penalty::Challenge(c.side));
        }
    }

    let points: Vec<u32> = card_scores
        .iter()
        .zip(&penalties)
        .map(|(score, list)| {
            list.iter()
                .fold(*score, |acc, p| acc.saturating_add(p.points()))
        })
        .collect();
    let before = state.totals();
    let totals: Vec<u32> = points
        .iter()
        .enumerate()
        .map(|(seat, p)| before.get(seat).copied().unwrap_or(0).saturating_add(*p))
        .collect();
    Ok(RoundScore {
        out,
        multipliers,
        card_scores,
        penalties,
        points,
        totals,
        assistant,
    })
}

/// Refuses highest cards that are not in the deck, or more copies of a card
/// than the deck holds.
fn check_highest_cards(setup: &Setup<Settings>, round: &Round) -> Result<(), RuleError> {
    let n = setup.players.len();
    if round.highest_cards.len() > n {
        return Err(RuleError::new(format!(
            "The highest cards list {} players; the game has {n}.",
            round.highest_cards.len()
        )));
    }
    let cards = deck(n);
    let mut seen: Vec<Card> = Vec::new();
    for (seat, card) in round.highest_cards.iter().enumerate() {
        let Some(card) = card else { continue };
        let copies = copies_in(&cards, *card);
        if copies == 0 {
            return Err(RuleError::for_player(
                seat,
                format!(
                    "There is no {card} in the {}-card deck for {n} players.",
                    cards.len()
                ),
            ));
        }
        seen.push(*card);
        if copies_in(&seen, *card) > copies {
            return Err(RuleError::for_player(
                seat,
                format!(
                    "The deck has {} of the {card}, and more players than that are said to hold it.",
                    copies_word(copies)
                ),
            ));
        }
    }
    Ok(())
}

fn copies_word(copies: usize) -> String {
    match copies {
        1 => "one copy".to_string(),
        n => format!("{n} copies"),
    }
}

/// Seats whose value is the best in `values` by `better`.
fn best_seats(seats: &[usize], value: impl Fn(usize) -> u32, highest: bool) -> Vec<usize> {
    let values = seats.iter().map(|s| value(*s));
    let best = if highest { values.max() } else { values.min() };
    match best {
        Some(best) => seats
            .iter()
            .copied()
            .filter(|s| value(*s) == best)
            .collect(),
        None => Vec::new(),
    }
}

/// Decides the Good and Bad Eggs, or lists the questions still open.
fn decide_eggs(
    state: &State,
    round: &Round,
    score: &RoundScore,
) -> Result<(EggPick, EggPick), Vec<TieQuestion>> {
    let n = score.points.len();
    let all: Vec<usize> = (0..n).collect();
    let pts = |s: usize| score.points.get(s).copied().unwrap_or(0);
    let mut questions = Vec::new();

    // Good Egg first: with everyone level, the winner is Good Egg and the
    // Bad Egg comes from the others.
    let fewest = best_seats(&all, pts, false);
    let good = match fewest.as_slice() {
        [one] => Some(EggPick {
            seat: *one,
            by: EggReason::Outright,
        }),
        tied if tied.contains(&score.out) => Some(EggPick {
            seat: score.out,
            by: EggReason::WentOut,
        }),
        tied => match round.good_egg_pick.filter(|p| tied.contains(p)) {
            Some(p) => Some(EggPick {
                seat: p,
                by: EggReason::TablePick,
            }),
            None => {
                questions.push(TieQuestion::GoodEggPick {
                    seats: tied.to_vec(),
                    points: tied.first().map(|s| pts(*s)).unwrap_or(0),
                });
                None
            }
        },
    };

    let most = best_seats(&all, pts, true);
    let tied_points = most.first().map(|s| pts(*s)).unwrap_or(0);
    let mut candidates = most.clone();
    let mut only_other = false;
    if let Some(g) = good {
        if candidates.len() > 1 && candidates.contains(&g.seat) {
            candidates.retain(|s| *s != g.seat);
            only_other = candidates.len() == 1;
        }
    }
    let pick = |top: Vec<usize>, questions: &mut Vec<TieQuestion>| match round
        .bad_egg_pick
        .filter(|p| top.contains(p))
    {
        Some(p) => Some(EggPick {
            seat: p,
            by: EggReason::TablePick,
        }),
        None => {
            questions.push(TieQuestion::BadEggPick {
                seats: top,
                points: tied_points,
            });
            None
        }
    };
    let bad = match candidates.as_slice() {
        [] => None,
        [one] => Some(EggPick {
            seat: *one,
            by: if only_other {
                EggReason::OnlyOther
            } else {
                EggReason::Outright
            },
        }),
        tied if state.rounds.is_empty() => {
            // Round 1: the tied player holding the highest card. A player
            // with no cards holds nothing, so loses this tie.
            let left = |s: &usize| round.cards_left.get(*s).copied().unwrap_or(0);
            let holders: Vec<usize> = tied.iter().copied().filter(|s| left(s) > 0).collect();
            let card = |s: &usize| round.highest_cards.get(*s).copied().flatten();
            match holders.as_slice() {
                [] => pick(tied.to_vec(), &mut questions),
                [one] => Some(EggPick {
                    seat: *one,
                    by: EggReason::HighestCard(card(one)),
                }),
                _ => {
                    let unanswered: Vec<usize> = holders
                        .iter()
                        .copied()
                        .filter(|s| card(s).is_none())
                        .collect();
                    if unanswered.is_empty() {
                        let best = holders.iter().filter_map(card).max();
                        let top: Vec<usize> = holders
                            .iter()
                            .copied()
                            .filter(|s| card(s) == best)
                            .collect();
                        match top.as_slice() {
                            [one] => Some(EggPick {
                                seat: *one,
                                by: EggReason::HighestCard(best),
                            }),
                            _ => pick(top, &mut questions),
                        }
                    } else {
                        questions.push(TieQuestion::BadEggHighestCards {
                            seats: holders.clone(),
                            unanswered,
                            points: tied_points,
                        });
                        None
                    }
                }
            }
        }
        tied => {
            let total = |s: usize| score.totals.get(s).copied().unwrap_or(0);
            let top = best_seats(tied, total, true);
            match top.as_slice() {
                [one] => Some(EggPick {
                    seat: *one,
                    by: EggReason::HighestTotal,
                }),
                _ => pick(top, &mut questions),
            }
        }
    };
    match (good, bad) {
        (Some(good), Some(bad)) if questions.is_empty() => Ok((bad, good)),
        _ => Err(questions),
    }
}

/// The tie questions a draft round still needs answered before it can be
/// saved (empty when none), or why the draft is refused for another reason.
/// Answers already in the draft are used, so after the highest cards are
/// given a "table picks" question may follow.
pub fn pending_ties(
    setup: &Setup<Settings>,
    state: &State,
    round: &Round,
) -> Result<Vec<TieQuestion>, RuleError> {
    let score = score_round(setup, state, round)?;
    Ok(match decide_eggs(state, round, &score) {
        Ok(_) => Vec::new(),
        Err(questions) => questions,
    })
}

/// A round's scores as saving it would record them, before the Good and Bad
/// Eggs are decided: what the entry form previews.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundPreview {
    /// The multiplier for each player's cards left, by seat.
    pub multipliers: Vec<u32>,
    /// Cards left × multiplier, by seat.
    pub card_scores: Vec<u32>,
    /// The penalties, by seat.
    pub penalties: Vec<Vec<Penalty>>,
    /// Round points (card score + penalties), by seat.
    pub points: Vec<u32>,
    /// Running totals after the round, by seat.
    pub totals: Vec<u32>,
    /// The assisting player, when the Penalty for Assistance applies.
    pub assistant: Option<usize>,
}

/// The scores a draft round would get, or why it would be refused (tie
/// questions aside: they change who the Eggs are, never the points).
pub fn preview_round(
    setup: &Setup<Settings>,
    state: &State,
    round: &Round,
) -> Result<RoundPreview, RuleError> {
    let score = score_round(setup, state, round)?;
    Ok(RoundPreview {
        multipliers: score.multipliers,
        card_scores: score.card_scores,
        penalties: score.penalties,
        points: score.points,
        totals: score.totals,
        assistant: score.assistant,
    })
}

// ---------------------------------------------------------- card draw ---

/// Where a card draw stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawVerdict {
    /// This player drew the single highest card.
    Winner(usize),
    /// These players (in draw order) draw (again) next.
    DrawNext(Vec<usize>),
}

/// A card draw judged so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawReport {
    /// Each draw round: who drew which card, in draw order.
    pub rounds: Vec<Vec<(usize, Card)>>,
    /// For each draw round, whether the whole deck was gathered and
    /// reshuffled before it (the rest was too small for the players).
    pub reshuffled: Vec<bool>,
    /// Who won, or who draws next.
    pub verdict: DrawVerdict,
}

/// `tied` in clockwise order (increasing seat, wrapping) starting with
/// `start`, or with the first of them after `start` if `start` is not
/// among them. Seats out of range and repeats are dropped.
pub fn draw_order(players: usize, start: usize, tied: &[usize]) -> Vec<usize> {
    if players == 0 {
        return Vec::new();
    }
    let start = start % players;
    let mut order: Vec<usize> = tied.iter().copied().filter(|s| *s < players).collect();
    order.sort_by_key(|s| (s + players - start) % players);
    order.dedup();
    order
}

/// Checks the players of a draw: at least one, no repeats.
fn check_draw_players(deck: &[Card], players: &[usize]) -> Result<(), RuleError> {
    if players.is_empty() {
        return Err(RuleError::new("Nobody is drawing."));
    }
    for (i, p) in players.iter().enumerate() {
        if players.iter().take(i).any(|q| q == p) {
            return Err(RuleError::for_player(
                *p,
                "A player is listed twice for the draw.",
            ));
        }
    }
    if deck.len() < players.len() {
        return Err(RuleError::new(format!(
            "The deck has {} cards, too few for {} players to draw.",
            deck.len(),
            players.len()
        )));
    }
    Ok(())
}

/// Indexes (into `cards`) of the single highest card, or of all who drew an
/// equal highest card (Ducks only tie with Ducks, and lose to everything).
fn highest_indexes(cards: &[Card]) -> Vec<usize> {
    let best = cards.iter().max();
    cards
        .iter()
        .enumerate()
        .filter(|(_, c)| Some(*c) == best)
        .map(|(i, _)| i)
        .collect()
}

/// Judges real (or recorded) draws: `players` in draw order, `draws[k]` the
/// cards of draw round `k`, one per player still drawing, in order. Players
/// who drew the single highest card win; players level on the highest card
/// draw again from the rest of the same deck. Refuses a card not in `deck`,
/// a card drawn more often than the deck holds it, a wrong number of cards,
/// or cards after the draw was decided. Before a draw round, if the rest of
/// the deck holds fewer cards than players drawing, the whole deck is
/// gathered and reshuffled.
pub fn judge_draws(
    deck: &[Card],
    players: &[usize],
    draws: &[Vec<Card>],
) -> Result<DrawReport, RuleError> {
    check_draw_players(deck, players)?;
    let mut drawing: Vec<usize> = players.to_vec();
    let mut used: Vec<Card> = Vec::new();
    let mut report = DrawReport {
        rounds: Vec::new(),
        reshuffled: Vec::new(),
        verdict: DrawVerdict::DrawNext(drawing.clone()),
    };
    if let [one] = drawing.as_slice() {
        report.verdict = DrawVerdict::Winner(*one);
    }
    for (k, cards) in draws.iter().enumerate() {
        if let DrawVerdict::Winner(_) = report.verdict {
            return Err(RuleError::new(format!(
                "Draw {}: the draw was already decided, so no more cards are drawn.",
                k + 1
            )));
        }
        if cards.len() != drawing.len() {
            return Err(RuleError::new(format!(
                "Draw {}: {} players draw, but {} cards are listed.",
                k + 1,
                drawing.len(),
                cards.len()
            )));
        }
        let reshuffle = deck.len().saturating_sub(used.len()) < drawing.len();
        if reshuffle {
            used.clear();
        }
        for (player, card) in drawing.iter().zip(cards) {
            let copies = copies_in(deck, *card);
            if copies == 0 {
                return Err(RuleError::for_player(
                    *player,
                    format!("There is no {card} in this deck."),
                ));
            }
            used.push(*card);
            if copies_in(&used, *card) > copies {
                return Err(RuleError::for_player(
                    *player,
                    format!(
                        "The deck has {} of the {card}, and it has been drawn more often than that.",
                        copies_word(copies)
                    ),
                ));
            }
        }
        let top = highest_indexes(cards);
        report
            .rounds
            .push(drawing.iter().copied().zip(cards.iter().copied()).collect());
        report.reshuffled.push(reshuffle);
        drawing = top
            .iter()
            .filter_map(|i| drawing.get(*i))
            .copied()
            .collect();
        report.verdict = match drawing.as_slice() {
            [one] => DrawVerdict::Winner(*one),
            _ => DrawVerdict::DrawNext(drawing.clone()),
        };
    }
    Ok(report)
}

/// Deals a virtual card draw: `deck` shuffled with
/// `StdRng::seed_from_u64(seed)`, one card from the top for each player in
/// `players` order, again for those level on the highest card, until one
/// player has the single highest card. Returns the cards of each draw round
/// (as [`judge_draws`] and [`CardDraw::draws`] take them). When the rest of
/// the deck is too small for the players drawing, the whole deck is
/// reshuffled (with the same generator). A single player wins without a
/// draw. Refuses no players, repeats, a deck smaller than the players, or a
/// draw still level after [`MAX_DRAW_ROUNDS`] rounds.
pub fn virtual_draw(
    deck: &[Card],
    players: &[usize],
    seed: u64,
) -> Result<Vec<Vec<Card>>, RuleError> {
    check_draw_players(deck, players)?;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pile = deck.to_vec();
    pile.shuffle(&mut rng);
    let mut next = 0usize;
    let mut drawing = players.len();
    let mut draws = Vec::new();
    if drawing <= 1 {
        return Ok(draws);
    }
    for _ in 0..MAX_DRAW_ROUNDS {
        if pile.len().saturating_sub(next) < drawing {
            pile = deck.to_vec();
            pile.shuffle(&mut rng);
            next = 0;
        }
        let cards: Vec<Card> = pile.iter().skip(next).take(drawing).copied().collect();
        next = next.saturating_add(drawing);
        let top = highest_indexes(&cards).len();
        draws.push(cards);
        if top <= 1 {
            return Ok(draws);
        }
        drawing = top;
    }
    Err(RuleError::new(
        "The draw is still level after many rounds: this deck cannot settle it.",
    ))
}

// -------------------------------------------------------------- rules ---

/// The Big Chicken rules.
pub struct BigChicken;

/// The tied players for the Golden Egg in draw order (starting with the
/// last Good Egg, or the first tied player after them, going clockwise),
/// while the game is over, the lowest total is shared and the card draw is
/// not recorded yet; otherwise `None`.
pub fn golden_tie(setup: &Setup<Settings>, state: &State) -> Option<Vec<usize>> {
    if state.golden_draw.is_some() {
        return None;
    }
    golden_tie_players(setup, state)
}

/// The Golden Egg tie, in draw order, recorded or not.
fn golden_tie_players(setup: &Setup<Settings>, state: &State) -> Option<Vec<usize>> {
    if !state.is_over() {
        return None;
    }
    let n = setup.players.len();
    let totals = state.totals();
    let all: Vec<usize> = (0..n.min(totals.len())).collect();
    let tied = best_seats(&all, |s| totals.get(s).copied().unwrap_or(0), false);
    if tied.len() < 2 {
        return None;
    }
    let start = state.good_egg().unwrap_or(0);
    Some(draw_order(n, start, &tied))
}

impl BigChicken {
    fn apply_round(
        setup: &Setup<Settings>,
        state: &State,
        round: &Round,
    ) -> Result<State, RuleError> {
        let score = score_round(setup, state, round)?;
        let (bad_egg, good_egg) = decide_eggs(state, round, &score).map_err(|questions| {
            questions
                .first()
                .map(|q| q.to_error(setup))
                .unwrap_or_else(|| RuleError::new("The Good and Bad Egg cannot be decided."))
        })?;
        let mut next = state.clone();
        next.rounds.push(ScoredRound {
            entry: state.entries,
            number: state.round_number(),
            out: score.out,
            last_lay: round.last_lay,
            crowed: round.crowed,
            direction: round.direction,
            cards_left: round.cards_left.clone(),
            multipliers: score.multipliers,
            card_scores: score.card_scores,
            penalties: score.penalties,
            points: score.points,
            totals: score.totals,
            assistant: score.assistant,
            bad_egg,
            good_egg,
        });
        Ok(next)
    }

    fn apply_draw(
        setup: &Setup<Settings>,
        state: &State,
        draw: &CardDraw,
    ) -> Result<State, RuleError> {
        if !state.is_over() {
            return Err(RuleError::new(
                "The card draw for the Golden Egg comes after the game's last round.",
            ));
        }
        if state.golden_draw.is_some() {
            return Err(RuleError::new(
                "The Golden Egg tie is already broken; edit that draw instead.",
            ));
        }
        let Some(tied) = golden_tie(setup, state) else {
            return Err(RuleError::new("There is no Golden Egg tie to break."));
        };
        let mut listed = draw.players.clone();
        listed.sort_unstable();
        let mut expected = tied.clone();
        expected.sort_unstable();
        if listed != expected {
            return Err(RuleError::new(format!(
                "The Golden Egg tie is between {}, so they are the ones who draw.",
                names(setup, &tied)
            )));
        }
        let report = judge_draws(&deck(setup.players.len()), &draw.players, &draw.draws)?;
        let winner = match report.verdict {
            DrawVerdict::Winner(w) => w,
            DrawVerdict::DrawNext(level) => {
                return Err(RuleError::new(format!(
                    "The draw is not finished: {} must draw (again).",
                    names(setup, &level)
                )))
            }
        };
        let mut next = state.clone();
        next.golden_draw = Some(GoldenDraw {
            entry: state.entries,
            players: draw.players.clone(),
            draws: draw.draws.clone(),
            winner,
            seed: draw.seed,
        });
        Ok(next)
    }

    fn round_row(setup: &Setup<Settings>, state: &State, r: &ScoredRound) -> SheetRow {
        let n = setup.players.len();
        let winner = setup.name(r.out);
        let mut notes = vec![match r.last_lay {
            LastLay::Single => format!("{winner} went out with a single card"),
            LastLay::Several => format!("{winner} went out with several cards (Egging)"),
        }];
        if r.number == 1 {
            if let Some(holder) = state.big_red {
                notes.push(format!("{} held Big Red and led", setup.name(holder)));
            }
        }
        if let Some(c) = r.crowed {
            notes.push(if c == r.out {
                format!("{} Crowed and went out", setup.name(c))
            } else {
                format!("{} Crowed but did not go out (Eating Crow)", setup.name(c))
            });
        }
        if let Some(a) = r.assistant {
            notes.push(format!(
                "{} was right before {winner} and could have stopped them (Assistance)",
                setup.name(a)
            ));
        }
        notes.push(format!(
            "Bad Egg: {}{}",
            setup.name(r.bad_egg.seat),
            reason_text(r.bad_egg.by, true)
        ));
        notes.push(format!(
            "Good Egg: {}{}",
            setup.name(r.good_egg.seat),
            reason_text(r.good_egg.by, false)
        ));
        notes.push(format!("Direction at the end: {}", r.direction.name()));
        let details = (0..n)
            .map(|seat| {
                let left = r.cards_left.get(seat).copied().unwrap_or(0);
                let mut lines = vec![if seat == r.out {
                    "Went out: 0 cards".to_string()
                } else {
                    let m = r.multipliers.get(seat).copied().unwrap_or(1);
                    let s = r.card_scores.get(seat).copied().unwrap_or(0);
                    let cards = if left == 1 { "card" } else { "cards" };
                    format!("{left} {cards} × {m} = {s}")
                }];
                if let Some(list) = r.penalties.get(seat) {
                    lines.extend(list.iter().map(|p| p.label()));
                }
                lines
            })
            .collect();
        SheetRow {
            label: format!("Round {}", r.number),
            entry: Some(r.entry),
            points: r.points.iter().map(|p| Points::new(*p as i64)).collect(),
            totals: r.totals.iter().map(|p| Points::new(*p as i64)).collect(),
            notes,
            details,
        }
    }

    fn status(setup: &Setup<Settings>, state: &State) -> Vec<String> {
        let n = setup.players.len();
        let mut status = Vec::new();
        let Some(next) = state.next_round() else {
            if let Some(tied) = golden_tie(setup, state) {
                let first = tied.first().copied().unwrap_or(0);
                let why = if Some(first) == state.good_egg() {
                    "the last Good Egg"
                } else {
                    "the first tied player after the last Good Egg"
                };
                status.push(format!(
                    "Golden Egg tie between {}: draw cards to break it, starting with {} ({why}) and going clockwise.",
                    names(setup, &tied),
                    setup.name(first)
                ));
            }
            return status;
        };
        let dealt = deck_setup(n)
            .map(|d| format!("{} cards each from the {}-card deck", d.dealt, d.deck_size))
            .unwrap_or_default();
        match (next.dealer, next.good_egg) {
            (Some(dealer), Some(good)) => {
                let d = setup.name(dealer);
                let g = setup.name(good);
                status.push(format!(
                    "Round {} · Dealer: {d} (Bad Egg) · Good Egg {g} gives {d} their best card (never Big Red); {d} gives back any other card",
                    next.number
                ));
                status.push(format!("Leads: the first to Crow, else {g} (Good Egg)"));
            }
            _ => {
                status.push(format!("Round {} · Anyone deals {dealt}", next.number));
                status.push(match state.big_red {
                    Some(holder) => format!(
                        "Leads: {} (holds Big Red, shows it, cannot lead with it)",
                        setup.name(holder)
                    ),
                    None => "Leads: the holder of Big Red (they show it and cannot lead with it)"
                        .to_string(),
                });
            }
        }
        status.push(format!("Direction: {}", next.direction.name()));
        if next.number > 1 {
            status.push(format!("Deal {dealt}."));
        }
        status.push(
            "Last Egg: say it with one card left; a player Caught takes 2 cards from the shuffled discards (no points)."
                .to_string(),
        );
        if setup.settings.tournament {
            status.push(
                "Tournament rule: a Fowl lead before the Eggs are Broken may be challenged; whoever is wrong gets +5."
                    .to_string(),
            );
        }
        status
    }

    fn outcome(setup: &Setup<Settings>, state: &State) -> Option<Outcome> {
        let end = state.end()?;
        let n = setup.players.len();
        let totals: Vec<u32> = (0..n)
            .map(|s| state.totals().get(s).copied().unwrap_or(0))
            .collect();
        let points: Vec<Points> = totals.iter().map(|t| Points::new(*t as i64)).collect();
        let mut ranks = competition_ranks(&points, true);
        let all: Vec<usize> = (0..n).collect();
        let total = |s: usize| totals.get(s).copied().unwrap_or(0);
        let lowest = best_seats(&all, total, false);
        let rotten = best_seats(&all, total, true);
        let mut notes = vec![match end {
            GameEnd::Reached100 => format!(
                "Game over after round {}: someone reached {END_SCORE}.",
                state.rounds.len()
            ),
            GameEnd::TenRounds => format!("Game over after round {MAX_ROUNDS}."),
        }];
        let worst = rotten.first().map(|s| total(*s)).unwrap_or(0);
        notes.push(if rotten.len() == 1 {
            format!("Rotten Egg: {} ({worst} points)", names(setup, &rotten))
        } else {
            format!(
                "Rotten Eggs (shared): {} ({worst} points each)",
                names(setup, &rotten)
            )
        });
        let best = lowest.first().map(|s| total(*s)).unwrap_or(0);
        let winners = match (lowest.as_slice(), &state.golden_draw) {
            ([one], _) => {
                notes.push(format!("Golden Egg: {} ({best} points)", setup.name(*one)));
                vec![*one]
            }
            (tied, Some(draw)) => {
                for (seat, rank) in ranks.iter_mut().enumerate() {
                    if tied.contains(&seat) && seat != draw.winner {
                        *rank = 2;
                    }
                }
                let rounds: Vec<String> = draw
                    .draws
                    .iter()
                    .scan(draw.players.clone(), |drawing, cards| {
                        let line: Vec<String> = drawing
                            .iter()
                            .zip(cards)
                            .map(|(p, c)| format!("{} {c}", setup.name(*p)))
                            .collect();
                        let top = highest_indexes(cards);
                        *drawing = top
                            .iter()
                            .filter_map(|i| drawing.get(*i))
                            .copied()
                            .collect();
                        Some(line.join(", "))
                    })
                    .collect();
                notes.push(format!(
                    "Golden Egg: {} ({best} points), winning the card draw against {}",
                    setup.name(draw.winner),
                    names(
                        setup,
                        &tied
                            .iter()
                            .copied()
                            .filter(|s| *s != draw.winner)
                            .collect::<Vec<_>>()
                    )
                ));
                notes.push(format!("Card draw: {}", rounds.join("; then ")));
                vec![draw.winner]
            }
            (tied, None) => {
                notes.push(format!(
                    "Golden Egg tie between {} ({best} points each): the card draw is pending.",
                    names(setup, tied)
                ));
                tied.to_vec()
            }
        };
        Some(Outcome {
            ranks,
            winners,
            notes,
        })
    }
}

fn reason_text(reason: EggReason, bad: bool) -> String {
    match reason {
        EggReason::Outright => {
            if bad {
                " (most points)".to_string()
            } else {
                " (fewest points)".to_string()
            }
        }
        EggReason::HighestTotal => " (tie: highest total)".to_string(),
        EggReason::HighestCard(Some(card)) => format!(" (tie: highest card, {card})"),
        EggReason::HighestCard(None) => " (tie: the only one still holding cards)".to_string(),
        EggReason::WentOut => " (tie: went out)".to_string(),
        EggReason::OnlyOther => " (everyone tied: not the Good Egg)".to_string(),
        EggReason::TablePick => " (tie: the table's pick)".to_string(),
    }
}

impl Rules for BigChicken {
    const KIND: GameKind = GameKind::new(&GameInfo {
        id: "big-chicken",
        name: "Big Chicken",
        blurb: "Climbing card game: Crowing, Egging and the Good and Bad Eggs; lowest total wins.",
        players: (2, 6),
    });
    type Settings = Settings;
    type Entry = Entry;
    type State = State;

    fn start(setup: &Setup<Settings>) -> State {
        State {
            players: setup.players.len(),
            ..State::default()
        }
    }

    fn apply(setup: &Setup<Settings>, state: &State, entry: &Entry) -> Result<State, RuleError> {
        let n = setup.players.len();
        check_player_count(n, Self::KIND.players())?;
        if state.players != n {
            return Err(RuleError::new(
                "This state belongs to a game with another number of players.",
            ));
        }
        let mut next = match entry {
            Entry::BigRedHolder { seat } => {
                if !state.rounds.is_empty() {
                    return Err(RuleError::new(
                        "Big Red's holder only leads round 1, which is already recorded.",
                    ));
                }
                if state.big_red.is_some() {
                    return Err(RuleError::new(
                        "Big Red's holder is already recorded; edit that entry instead.",
                    ));
                }
                if *seat >= n {
                    return Err(RuleError::new("The holder of Big Red is not in this game."));
                }
                let mut next = state.clone();
                next.big_red = Some(*seat);
                next
            }
            Entry::Round(round) => Self::apply_round(setup, state, round)?,
            Entry::CardDraw(draw) => Self::apply_draw(setup, state, draw)?,
        };
        next.entries = state.entries.saturating_add(1);
        Ok(next)
    }

    fn standings(setup: &Setup<Settings>, state: &State) -> Standings {
        let n = setup.players.len();
        let totals = state.totals();
        Standings {
            totals: (0..n)
                .map(|s| Points::new(totals.get(s).copied().unwrap_or(0) as i64))
                .collect(),
            lower_wins: true,
            sheet: state
                .rounds
                .iter()
                .map(|r| Self::round_row(setup, state, r))
                .collect(),
            status: Self::status(setup, state),
            outcome: Self::outcome(setup, state),
        }
    }

    fn help(setup: &Setup<Settings>) -> Vec<HelpLine> {
        let n = setup.players.len();
        let mut lines = Vec::new();
        if let Some(d) = deck_setup(n) {
            lines.push(HelpLine::new("Deck", d.describe()));
        }
        lines.push(HelpLine::new(
            "Suits",
            "Any suits may be used at the table as long as the number of suits is right; the app builds its deck (for the card draw and card checks) from the lowest suits, Blue, Green, Yellow, then Orange, and removes the Ones of the lowest suits, as the rulebook says to remove the lowest cards from the lowest-valued suits.",
        ));
        if n == 2 {
            lines.push(HelpLine::new(
                "Two players",
                "The separate 2-player rules page is not in our copy: the app uses the \"2 or 4 players\" deck and the 3-6 player scoring tables (the \"2, 4 or 5 players\" column), and nothing more.",
            ));
        }
        lines.push(HelpLine::new(
            "Pecking Order",
            "A higher number beats a lower one; equal numbers go by suit, Blue < Green < Yellow < Orange. Every Chicken beats every Egg (Blue Chicken lowest, Big Red highest); a Duck loses to every card.",
        ));
        let bands: Vec<String> = score_bands(n)
            .iter()
            .map(|b| {
                if b.from == b.to {
                    format!("{} cards ×{}", b.from, b.multiplier)
                } else {
                    format!("{}-{} cards ×{}", b.from, b.to, b.multiplier)
                }
            })
            .collect();
        lines.push(HelpLine::new(
            "Card score",
            format!(
                "Cards left × the multiplier for {n} players: {}. A larger hand (possible after a Last Egg catch) also scores ×4.",
                bands.join(", ")
            ),
        ));
        lines.push(HelpLine::new(
            "Penalties",
            "Penalties are never multiplied: they are added after the card score, and each shows as its own line on the score sheet.",
        ));
        lines.push(HelpLine::new(
            "Crowing",
            format!("From round 2, the first player to Crow leads the round. If they go out, every opponent gets +{CROWING_POINTS}; if not, they alone get +{EATING_CROW_POINTS} (Eating Crow). At most one crower a round, and none in round 1."),
        ));
        lines.push(HelpLine::new(
            "Egging",
            format!("Going out with more than one card on the last lay: every other player +{EGGING_POINTS}."),
        ));
        lines.push(HelpLine::new(
            "Penalty for Assistance",
            "Only when the winner went out with a single card: the player directly before the winner in the direction of play at that moment (the app names them) gets, if the table says they could have stopped it, the card scores (with multipliers, without penalties) of every other loser, that is everyone but the winner and themselves. If the winner went out on a Duck, the app undoes its flip to find that player.",
        ));
        lines.push(HelpLine::new(
            "Tournament rule",
            if setup.settings.tournament {
                "On for this game: a Fowl lead before the Eggs are Broken may be challenged; each challenge adds +5 to the lead player (Eggs not Broken) or to the challenger (Eggs Broken), any number per round."
            } else {
                "Off for this game (chosen when it was created): no challenges are recorded."
            },
        ));
        lines.push(HelpLine::new(
            "Last Egg",
            "Say \"Last Egg\" with one card left; a player Caught is dealt 2 cards from the shuffled discards. It scores no points, so the app only reminds you, and a hand recorded later may be larger than the deal.",
        ));
        lines.push(HelpLine::new(
            "Bad Egg",
            "The most points in the round; deals the next round. A tie goes to the tied player with the highest total; in round 1 instead to the tied player holding the highest card (the app asks each for their highest card and compares them in the Pecking Order; a player with no cards holds none). Still tied: the table picks, in the app.",
        ));
        lines.push(HelpLine::new(
            "Good Egg",
            "The fewest points in the round. A tie goes to the player who went out, if tied; otherwise the table picks, in the app. If everyone scored the same, the player who went out is Good Egg and the Bad Egg comes from the others.",
        ));
        lines.push(HelpLine::new(
            "Next round",
            "The Bad Egg deals. The Good Egg gives their best card (never Big Red) face up to the Bad Egg, who gives back any other card. The first to Crow leads, else the Good Egg. Round 1: the holder of Big Red leads (they show it and cannot lead with it).",
        ));
        lines.push(HelpLine::new(
            "Direction of play",
            "Starts Cluckwise (clockwise, in seat order). A Duck, or a Coop played as a Flip, turns the card over; each round starts in the direction the last one ended in.",
        ));
        lines.push(HelpLine::new(
            "End of the game",
            format!("After the round in which anyone reaches {END_SCORE} or more, or after round {MAX_ROUNDS}. Rotten Egg: the most points (ties share it). Golden Egg: the fewest points."),
        ));
        lines.push(HelpLine::new(
            "Golden Egg tie",
            "The tied players draw one card each from this game's deck, shuffled, starting with the last Good Egg (or the first tied player after them) and going clockwise. The highest card in the Pecking Order wins; a Duck loses to every card. Players level on the highest card (two copies of each Egg exist, or all drew Ducks) draw again from the rest of the same deck; if the rest is too small for them, the whole deck is reshuffled (the rulebook is silent). The app deals virtual cards or records real ones.",
        ));
        lines.push(HelpLine::new(
            "Checks",
            "The app refuses a round with nobody out, more than one player with no cards, cards left for the winner, more cards than the deck holds, a Crow in round 1, or a round after the game is over.",
        ));
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_sizes_match_the_table() {
        assert_eq!(deck(2).len(), 64);
        assert_eq!(deck(3).len(), 48);
        assert_eq!(deck(4).len(), 64);
        assert_eq!(deck(5).len(), 80);
        assert_eq!(deck(6).len(), 84);
        assert!(deck(7).is_empty());
        assert!(deck(1).is_empty());
    }

    #[test]
    fn removed_ones_are_the_lowest_suits() {
        let d = deck_setup(6).unwrap();
        assert_eq!(
            d.removed,
            vec![
                Card::egg(1, Suit::Blue),
                Card::egg(1, Suit::Blue),
                Card::egg(1, Suit::Green),
                Card::egg(1, Suit::Green)
            ]
        );
        let cards = deck(4);
        assert_eq!(copies_in(&cards, Card::egg(1, Suit::Yellow)), 2);
        assert_eq!(copies_in(&cards, Card::egg(1, Suit::Blue)), 0);
        assert_eq!(copies_in(&cards, Card::egg(1, Suit::Orange)), 0);
    }

    #[test]
    fn pecking_order_basics() {
        assert!(Card::egg(5, Suit::Blue) > Card::egg(4, Suit::Orange));
        assert!(Card::egg(5, Suit::Green) > Card::egg(5, Suit::Blue));
        assert!(Card::Chicken(Suit::Blue) > Card::egg(10, Suit::Orange));
        assert!(Card::BigRed > Card::Chicken(Suit::Orange));
        assert!(Card::Duck < Card::egg(1, Suit::Blue));
        assert_eq!(Card::Duck.cmp(&Card::Duck), std::cmp::Ordering::Equal);
    }

    #[test]
    fn multipliers_edges() {
        assert_eq!(multiplier(3, 5), Some(1));
        assert_eq!(multiplier(3, 6), Some(2));
        assert_eq!(multiplier(6, 12), Some(4));
        assert_eq!(multiplier(6, 30), Some(4));
        assert_eq!(card_score(4, 15), Some(60));
        assert_eq!(multiplier(7, 3), None);
    }

    #[test]
    fn draw_order_wraps_clockwise() {
        assert_eq!(draw_order(5, 3, &[0, 1, 4]), vec![4, 0, 1]);
        assert_eq!(draw_order(5, 1, &[0, 1, 4]), vec![1, 4, 0]);
        assert_eq!(draw_order(0, 1, &[0]), Vec::<usize>::new());
    }

    #[test]
    fn preview_matches_the_saved_round_and_ignores_ties() {
        let setup = Setup {
            players: vec!["A".into(), "B".into(), "C".into()],
            settings: Settings::default(),
        };
        let s0 = BigChicken::start(&setup);
        // Round 1: B and C tie on 5, so the round waits for highest cards,
        // but the preview already has the points.
        let tied = Round::won_by(0, vec![0, 5, 5]);
        let p = preview_round(&setup, &s0, &tied).unwrap();
        assert_eq!(p.points, vec![0, 5, 5]);
        assert!(!pending_ties(&setup, &s0, &tied).unwrap().is_empty());
        let s1 =
            BigChicken::apply(&setup, &s0, &Entry::Round(Round::won_by(0, vec![0, 5, 8]))).unwrap();
        let r = Round {
            crowed: Some(2),
            last_lay: LastLay::Several,
            ..Round::won_by(2, vec![3, 7, 0])
        };
        let p = preview_round(&setup, &s1, &r).unwrap();
        let s2 = BigChicken::apply(&setup, &s1, &Entry::Round(r)).unwrap();
        let saved = s2.last_round().unwrap();
        assert_eq!(p.points, saved.points);
        assert_eq!(p.totals, saved.totals);
        assert_eq!(p.penalties, saved.penalties);
        assert_eq!(p.card_scores, saved.card_scores);
        assert_eq!(p.points, vec![3 + 15 + 5, 14 + 15 + 5, 0]);
        // Refusals are the same as on saving.
        let none_out = Round {
            out: None,
            ..Round::default()
        };
        assert!(preview_round(&setup, &s1, &none_out).is_err());
    }

    #[test]
    fn direction_neighbours() {
        assert_eq!(Direction::Cluckwise.before(0, 4), 3);
        assert_eq!(Direction::Cluckwise.after(3, 4), 0);
        assert_eq!(Direction::CounterCluckwise.before(0, 4), 1);
        assert_eq!(Direction::CounterCluckwise.after(0, 4), 3);
    }
}
