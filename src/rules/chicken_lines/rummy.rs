//! Chicken Lines Rummy (`rules/chicken-lines.txt` and its RULINGS section):
//! the rounds chosen before the game, the dealer moving left and the first
//! player to the dealer's right, the closing player's bonus, what the
//! others' hands score (with the deck capping what one round's hands can
//! hold together), and the lowest total winning.

use crate::rules::pick::FirstChoice;
use serde::{Deserialize, Serialize};

use super::{over_the_deck, Card};
use crate::rules::{
    count, outcome_by_totals, running_totals, GameInfo, GameKind, HelpLine, Points, RuleError,
    Rules, Setup, SheetRow, Standings, WentOut,
};

/// The most rounds a game can be set to.
pub const MAX_ROUNDS: u32 = 20;

/// What a player who did not open scores.
pub const NOT_OPENED: u32 = 100;

/// The variants, chosen when the game is created and locked for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// How many rounds the game has (1 to [`MAX_ROUNDS`]).
    pub rounds: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { rounds: 5 }
    }
}

/// How the closing player closed the round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Close {
    /// Played the cards left and discarded one: -20.
    #[default]
    Standard,
    /// Played the whole hand as the opening lines and discarded one: -40.
    OpeningHand,
    /// Played a Rainbow line, which closes the round at once: -100.
    Rainbow,
}

impl Close {
    /// Every way to close, in the order the form offers them.
    pub const ALL: [Close; 3] = [Close::Standard, Close::OpeningHand, Close::Rainbow];

    /// What the closing player scores.
    pub const fn points(self) -> i64 {
        match self {
            Close::Standard => -20,
            Close::OpeningHand => -40,
            Close::Rainbow => -100,
        }
    }

    /// The way of closing, for people ("with the opening hand").
    pub fn name(self) -> &'static str {
        match self {
            Close::Standard => "Standard",
            Close::OpeningHand => "Opening hand",
            Close::Rainbow => "Rainbow",
        }
    }
}

/// What a player who did not close held at the end of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hand {
    /// Never opened: 100.
    NotOpened,
    /// The cards left, picked by kind.
    Cards(Vec<Card>),
    /// The cards left, their sum typed in.
    Sum(u32),
}

/// One round, as recorded at its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The seat of the player who closed.
    pub closer: usize,
    /// How they closed.
    pub close: Close,
    /// Every player's hand by seat; the closer's is `None` (and ignored).
    pub hands: Vec<Option<Hand>>,
}

/// One entry of the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Entry {
    /// Who deals round 1 (chosen by the table before the first deal).
    FirstDealer {
        /// The dealer's seat.
        seat: usize,
    },
    /// A round's end.
    Round(Round),
}

/// A round as scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredRound {
    /// Its place in the log.
    pub entry: usize,
    /// Who dealt it.
    pub dealer: usize,
    /// Who closed it, and how.
    pub closer: usize,
    /// How they closed.
    pub close: Close,
    /// Points by seat.
    pub points: Vec<i64>,
    /// What each player's points were made of, by seat.
    pub details: Vec<String>,
}

/// The state after some entries.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// Who dealt round 1, once the table has chosen.
    pub first_dealer: Option<usize>,
    /// The rounds recorded.
    pub rounds: Vec<ScoredRound>,
    /// How many entries are folded in.
    pub entries: usize,
}

impl State {
    /// Who deals round `round` (0-based), once the first dealer is known.
    pub fn dealer(&self, round: usize, players: usize) -> Option<usize> {
        self.first_dealer.map(|d| dealer(d, round, players))
    }
}

/// Who deals round `round` (0-based) when `first` dealt round 1: the deal
/// moves to the left, the next seat in the (clockwise) seating order.
pub fn dealer(first: usize, round: usize, players: usize) -> usize {
    if players == 0 {
        return 0;
    }
    (first % players + round % players) % players
}

/// Who plays first in a round `dealer` deals: the player to the dealer's
/// right, the previous seat in the (clockwise) seating order.
pub fn first_player(dealer: usize, players: usize) -> usize {
    if players == 0 {
        return 0;
    }
    (dealer % players + players - 1) % players
}

/// What a card left in hand scores: standard cards their number (0-9),
/// Super Chickens twice theirs (2-18), an Egg 10, the Yoker 20. The
/// Plumedini card is out of the Rummy deck (`None`).
pub fn card_value(card: Card) -> Option<u32> {
    if !card.exists() {
        return None;
    }
    match card {
        Card::Standard(n) => Some(u32::from(n)),
        Card::Super(n) => Some(2 * u32::from(n)),
        Card::Egg => Some(10),
        Card::Yoker => Some(20),
        Card::Plumedini => None,
    }
}

/// The cards a Rummy hand can hold, by kind (the picker's keys): standard
/// 0-9, Super Chickens 1-9, Egg, Yoker.
pub fn rummy_cards() -> Vec<Card> {
    Card::kinds()
        .into_iter()
        .filter(|c| card_value(*c).is_some())
        .collect()
}

/// What `cards` score together.
pub fn cards_value(cards: &[Card]) -> u32 {
    cards.iter().filter_map(|c| card_value(*c)).sum()
}

/// The most the hands of one round can hold together: the whole Rummy
/// deck, every Super Chicken counted at its highest (779).
pub fn most_in_hands() -> u32 {
    let standard: u32 = (0..=9).map(|n| 9 * n).sum();
    standard + 18 * 18 + 3 * 10 + 20
}

/// The Chicken Lines Rummy rules.
pub struct Rummy;

impl Rummy {
    fn score_round(
        setup: &Setup<Settings>,
        state: &State,
        round: &Round,
    ) -> Result<ScoredRound, RuleError> {
        let n = setup.players.len();
        let Some(first) = state.first_dealer else {
            return Err(RuleError::new(
                "Choose who deals round 1 before recording a round.",
            ));
        };
        if round.closer >= n {
            return Err(RuleError::new("The player who closed is not in this game."));
        }
        if round.hands.len() != n {
            return Err(RuleError::new(format!(
                "The round lists {} players; the game has {n}.",
                round.hands.len()
            )));
        }
        let mut points = Vec::with_capacity(n);
        let mut details = Vec::with_capacity(n);
        let mut picked: Vec<Card> = Vec::new();
        let most = most_in_hands();
        for (seat, hand) in round.hands.iter().enumerate() {
            let name = setup.name(seat);
            if seat == round.closer {
                points.push(round.close.points());
                details.push(format!("closed ({})", round.close.name().to_ascii_lowercase()));
                continue;
            }
            let (score, detail) = match hand {
                None => {
                    return Err(RuleError::for_player(
                        seat,
                        format!("Enter {name}'s hand: \"did not open\", the cards left or their sum."),
                    ))
                }
                Some(Hand::NotOpened) => (NOT_OPENED, "did not open".to_string()),
                Some(Hand::Sum(s)) if *s > most => {
                    return Err(RuleError::for_player(
                        seat,
                        format!("{s} is more than the whole deck holds ({most})."),
                    ))
                }
                Some(Hand::Sum(s)) => (*s, "cards left (sum typed)".to_string()),
                Some(Hand::Cards(cards)) => {
                    if cards.is_empty() {
                        return Err(RuleError::for_player(
                            seat,
                            format!("{name} did not close, so holds at least one card: pick them, or type their sum."),
                        ));
                    }
                    if let Some(bad) = cards.iter().find(|c| card_value(**c).is_none()) {
                        return Err(RuleError::for_player(
                            seat,
                            format!("The Rummy deck has no {} card.", bad.name()),
                        ));
                    }
                    picked.extend(cards.iter().copied());
                    if let Some(over) = over_the_deck(&picked) {
                        let g = over.group();
                        let what = match g {
                            Card::Super(_) => "18 Super Chickens".to_string(),
                            Card::Standard(v) => format!("9 cards numbered {v}"),
                            other => count(g.copies(), &other.name()),
                        };
                        return Err(RuleError::for_player(
                            seat,
                            format!("The deck holds only {what}: this round's hands have more."),
                        ));
                    }
                    (cards_value(cards), count(cards.len(), "card"))
                }
            };
            points.push(i64::from(score));
            details.push(detail);
        }
        let held: i64 = points
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != round.closer)
            .map(|(i, p)| match round.hands.get(i) {
                Some(Some(Hand::NotOpened)) => 0,
                _ => *p,
            })
            .sum();
        if held > i64::from(most) {
            return Err(RuleError::new(format!(
                "Together the hands hold {held}, more than the whole deck ({most})."
            )));
        }
        Ok(ScoredRound {
            entry: state.entries,
            dealer: dealer(first, state.rounds.len(), n),
            closer: round.closer,
            close: round.close,
            points,
            details,
        })
    }

    fn row(setup: &Setup<Settings>, number: usize, r: &ScoredRound, totals: Vec<Points>) -> SheetRow {
        let n = setup.players.len();
        let how = match r.close {
            Close::Standard => "closed",
            Close::OpeningHand => "closed with the opening hand",
            Close::Rainbow => "closed with a Rainbow",
        };
        SheetRow {
            label: format!("Round {number}"),
            number: number.to_string(),
            out: WentOut::Player(r.closer),
            entry: Some(r.entry),
            points: r.points.iter().map(|p| Points::new(*p)).collect(),
            totals,
            notes: vec![
                format!("{} {how}", setup.name(r.closer)),
                format!(
                    "{} dealt; {} played first",
                    setup.name(r.dealer),
                    setup.name(first_player(r.dealer, n))
                ),
            ],
            details: r.details.iter().map(|d| vec![d.clone()]).collect(),
        }
    }
}

/// "Round 2 of 5: Bob deals, Ann plays first (to the dealer's right)."
pub fn deal_sentence(setup: &Setup<Settings>, state: &State) -> Option<String> {
    let n = setup.players.len();
    let round = state.rounds.len();
    let d = state.dealer(round, n)?;
    Some(format!(
        "Round {} of {}: {} deals; {} plays first (to the dealer's right).",
        round + 1,
        setup.settings.rounds,
        setup.name(d),
        setup.name(first_player(d, n))
    ))
}

impl Rules for Rummy {
    const KIND: GameKind = GameKind::new(&GameInfo {
        id: "chicken-lines-rummy",
        name: "Chicken Lines Rummy",
        blurb: "Cards: open with chicken lines, close first; lowest total after the chosen rounds wins.",
        players: (2, 5),
        lower_wins: true,
    });
    const SHEET_STEP: &'static str = "Round";
    type Settings = Settings;
    type Entry = Entry;
    type State = State;
    const FIRST: FirstChoice = FirstChoice {
        question: "Who deals round 1?",
        verb: "deals round 1",
        recorded: true,
    };

    fn first_seat(state: &State) -> Option<usize> {
        state.first_dealer
    }

    fn first_entry(seat: usize, _random: bool) -> Option<Entry> {
        Some(Entry::FirstDealer { seat })
    }

    fn check_setup(setup: &Setup<Settings>) -> Result<(), RuleError> {
        crate::rules::check_player_count(setup.players.len(), Self::KIND.players())?;
        if !(1..=MAX_ROUNDS).contains(&setup.settings.rounds) {
            return Err(RuleError::new(format!(
                "Choose 1 to {MAX_ROUNDS} rounds."
            )));
        }
        Ok(())
    }

    fn start(_setup: &Setup<Settings>) -> State {
        State::default()
    }

    fn apply(setup: &Setup<Settings>, state: &State, entry: &Entry) -> Result<State, RuleError> {
        let n = setup.players.len();
        let total = setup.settings.rounds as usize;
        if state.rounds.len() >= total {
            return Err(RuleError::new(format!(
                "The game is over: all {} are recorded.",
                count(total, "round")
            )));
        }
        let mut next = state.clone();
        match entry {
            Entry::FirstDealer { seat } => {
                if state.first_dealer.is_some() {
                    return Err(RuleError::new("The first dealer is already chosen."));
                }
                if *seat >= n {
                    return Err(RuleError::new("The first dealer is not in this game."));
                }
                next.first_dealer = Some(*seat);
            }
            Entry::Round(r) => {
                let scored = Self::score_round(setup, state, r)?;
                next.rounds.push(scored);
            }
        }
        next.entries = state.entries.saturating_add(1);
        Ok(next)
    }

    fn standings(setup: &Setup<Settings>, state: &State) -> Standings {
        let n = setup.players.len();
        let rows: Vec<Vec<Points>> = state
            .rounds
            .iter()
            .map(|r| r.points.iter().map(|p| Points::new(*p)).collect())
            .collect();
        let running = running_totals(n, &rows);
        let totals = running
            .last()
            .cloned()
            .unwrap_or_else(|| vec![Points::ZERO; n]);
        let sheet = state
            .rounds
            .iter()
            .zip(running)
            .enumerate()
            .map(|(i, (r, t))| Self::row(setup, i + 1, r, t))
            .collect();
        let over = state.rounds.len() >= setup.settings.rounds as usize;
        let mut status = Vec::new();
        if !over {
            match deal_sentence(setup, state) {
                Some(s) => status.push(s),
                None => status.push(format!(
                    "{} rounds. Who deals round 1? The table chooses (or picks at random).",
                    setup.settings.rounds
                )),
            }
            status.push(
                "Deal 10 cards each; the Plumedini card stays out of the deck.".to_string(),
            );
        }
        Standings {
            outcome: over.then(|| outcome_by_totals(&totals, true)),
            totals,
            lower_wins: true,
            sheet,
            status,
        }
    }

    fn help(setup: &Setup<Settings>) -> Vec<HelpLine> {
        vec![
            HelpLine::new(
                "Rounds",
                format!(
                    "{} (chosen before the game, locked for it). Lowest total after the last round wins; tied players share the win.",
                    setup.settings.rounds
                ),
            ),
            HelpLine::new(
                "Dealer and first player",
                "The table chooses who deals round 1 (or the app picks at random). The deal moves to the left each round: the next seat in the seating order, which is clockwise. Play starts with the player to the dealer's right, the previous seat.",
            ),
            HelpLine::new(
                "Closing",
                "The player who closes scores -20; -40 if they closed with their opening hand (played the whole hand as their opening lines); a Rainbow line closes the round at once and scores -100.",
            ),
            HelpLine::new(
                "The other players",
                "Did not open: 100. Opened: the cards left, standard cards at their number (0-9), Super Chickens twice their number (2-18), an Egg 10, the Yoker 20. Tap the cards by kind, or type their sum.",
            ),
            HelpLine::new(
                "The deck",
                "112 cards in play (the Plumedini card is out): the cards picked in one round's hands can never be more than the deck holds: 9 of each standard number, 18 Super Chickens, 3 Eggs, 1 Yoker. The rulebook does not say how many Super Chickens show each number, so only their total is capped.",
            ),
            HelpLine::new(
                "Checks",
                "A player who opened but did not close holds at least one card, so picking none is refused (a typed 0 is taken: they may hold only 0s). A typed sum, or all hands together, cannot be more than the whole deck (779).",
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_total_is_779() {
        assert_eq!(most_in_hands(), 779);
        assert_eq!(rummy_cards().len(), 21);
    }
}
