//! The five rounds and their prize ladder, where a trick falls in the game,
//! and the verdict of a trick (under, over, exact).

use super::*;

/// Cards in each hand at the start of round `round` (1-based): 6, 5, 4, 3, 2.
pub fn starting_cards(round: usize) -> usize {
    7usize.saturating_sub(round)
}

/// Tricks played in round `round` (1-based): 5, 4, 3, 2, 1.
pub fn tricks_in_round(round: usize) -> usize {
    6usize.saturating_sub(round)
}

/// Points for each winning card in round `round` (1-based): 2, 3, 4, 5, 6.
pub fn prize(round: usize) -> u32 {
    u32::try_from(round).unwrap_or(u32::MAX).saturating_add(1)
}

/// Points for each winning card when the total is exactly the goal.
pub fn exact_prize(round: usize, bonus: ExactBonus) -> u32 {
    let p = prize(round);
    match bonus {
        ExactBonus::Double => p.saturating_mul(2),
        ExactBonus::PlusOne => p.saturating_add(1),
    }
}

/// Where a trick falls in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The trick's index across the whole game (0-based, 0 to 14).
    pub index: usize,
    /// The round (1-based, 1 to 5).
    pub round: usize,
    /// The trick within its round (1-based).
    pub trick: usize,
    /// How many tricks the round has.
    pub tricks_in_round: usize,
}

impl Position {
    /// Whether this is the round's last trick (the other card is discarded).
    pub fn last_of_round(&self) -> bool {
        self.trick >= self.tricks_in_round
    }

    /// Points for each winning card in this round.
    pub fn prize(&self) -> u32 {
        prize(self.round)
    }

    /// "Round 2, trick 3".
    pub fn label(&self) -> String {
        format!("Round {}, trick {}", self.round, self.trick)
    }
}

/// Where trick `index` (0-based across the game) falls, or `None` past the
/// 15th trick.
pub fn position(index: usize) -> Option<Position> {
    let mut first = 0;
    for round in 1..=ROUNDS {
        let n = tricks_in_round(round);
        if index < first + n {
            return Some(Position {
                index,
                round,
                trick: index.saturating_sub(first).saturating_add(1),
                tricks_in_round: n,
            });
        }
        first += n;
    }
    None
}

/// One trick as recorded: the goal and the card each player revealed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trick {
    /// The goal the trick was played for.
    pub goal: u32,
    /// The card each player played (1 to 6), by seat.
    pub cards: Vec<u8>,
}

/// How the total compares with the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Below the goal: the highest card(s) win.
    Under,
    /// Above the goal: the lowest card(s) win.
    Over,
    /// Exactly the goal: the highest card(s) win the prize and the bonus.
    Exact,
}

impl Verdict {
    /// "under", "over" or "exact".
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Under => "under",
            Verdict::Over => "over",
            Verdict::Exact => "exact",
        }
    }
}

/// The result of one trick.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickResult {
    /// The sum of the cards played.
    pub total: u32,
    /// The total against the goal.
    pub verdict: Verdict,
    /// The card that wins (highest, or lowest when over), if any card was
    /// played.
    pub winning_card: Option<u8>,
    /// The seats of every player who played the winning card.
    pub winners: Vec<usize>,
    /// Points each winner scores.
    pub prize_each: u32,
}

impl TrickResult {
    /// Points scored in this trick, by seat, for `players` seats.
    pub fn points(&self, players: usize) -> Vec<u32> {
        (0..players)
            .map(|seat| {
                if self.winners.contains(&seat) {
                    self.prize_each
                } else {
                    0
                }
            })
            .collect()
    }

    /// All the points the trick awarded (winners times the prize).
    pub fn awarded(&self) -> u32 {
        u32::try_from(self.winners.len())
            .unwrap_or(u32::MAX)
            .saturating_mul(self.prize_each)
    }
}

/// Judges a trick: `cards` by seat (the cards entered so far, for a preview
/// before saving), in round `round` (1-based) with the exact-bonus variant
/// `bonus`. Under the goal the highest card(s) win the round's prize, over it
/// the lowest, exactly on it the highest win the exact prize; every tied
/// player scores. Pure arithmetic: the cards are not checked here.
pub fn judge(goal: u32, cards: &[u8], round: usize, bonus: ExactBonus) -> TrickResult {
    let total = cards
        .iter()
        .fold(0u32, |acc, c| acc.saturating_add(u32::from(*c)));
    let verdict = match total.cmp(&goal) {
        std::cmp::Ordering::Less => Verdict::Under,
        std::cmp::Ordering::Greater => Verdict::Over,
        std::cmp::Ordering::Equal => Verdict::Exact,
    };
    let winning_card = match verdict {
        Verdict::Under | Verdict::Exact => cards.iter().max(),
        Verdict::Over => cards.iter().min(),
    }
    .copied();
    let winners = cards
        .iter()
        .enumerate()
        .filter(|(_, c)| Some(**c) == winning_card)
        .map(|(seat, _)| seat)
        .collect();
    let prize_each = match verdict {
        Verdict::Exact => exact_prize(round, bonus),
        Verdict::Under | Verdict::Over => prize(round),
    };
    TrickResult {
        total,
        verdict,
        winning_card,
        winners,
        prize_each,
    }
}


#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_cover_fifteen_tricks_in_five_rounds() {
        let all: Vec<Position> = (0..TRICKS).filter_map(position).collect();
        assert_eq!(all.len(), TRICKS);
        assert!(position(TRICKS).is_none());
        let per_round: Vec<usize> = (1..=ROUNDS)
            .map(|r| all.iter().filter(|p| p.round == r).count())
            .collect();
        assert_eq!(per_round, vec![5, 4, 3, 2, 1]);
        let lasts: Vec<usize> = all
            .iter()
            .filter(|p| p.last_of_round())
            .map(|p| p.index)
            .collect();
        assert_eq!(lasts, vec![4, 8, 11, 13, 14]);
        assert_eq!(
            position(9).map(|p| p.label()),
            Some("Round 3, trick 1".into())
        );
    }

    #[test]
    fn ladder_by_round() {
        let starts: Vec<usize> = (1..=5).map(starting_cards).collect();
        assert_eq!(starts, vec![6, 5, 4, 3, 2]);
        let prizes: Vec<u32> = (1..=5).map(prize).collect();
        assert_eq!(prizes, vec![2, 3, 4, 5, 6]);
    }
}
