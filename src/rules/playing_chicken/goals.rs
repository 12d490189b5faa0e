//! The 21 goal cards and the goal deck the app can be (shuffled from the
//! seed saved with the game).

use super::*;

/// One printed goal card: its goal and the player counts it is used for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GoalCard {
    /// The goal ("Stop on 15").
    pub goal: u32,
    /// The player counts printed on the card (3 for "3P").
    pub players: &'static [usize],
}

impl GoalCard {
    /// Whether the card is used with `players` players.
    pub fn fits(&self, players: usize) -> bool {
        self.players.contains(&players)
    }
}

/// The 21 goal cards as listed in the rulebook, in its order (two "Stop on
/// 13" cards are listed and both are kept).
const GOAL_CARDS: [GoalCard; 21] = [
    GoalCard {
        goal: 4,
        players: &[3],
    },
    GoalCard {
        goal: 8,
        players: &[3],
    },
    GoalCard {
        goal: 11,
        players: &[3, 4, 5, 6],
    },
    GoalCard {
        goal: 5,
        players: &[3],
    },
    GoalCard {
        goal: 9,
        players: &[4, 5],
    },
    GoalCard {
        goal: 13,
        players: &[3, 4, 5, 7],
    },
    GoalCard {
        goal: 7,
        players: &[3, 4],
    },
    GoalCard {
        goal: 10,
        players: &[3, 4],
    },
    GoalCard {
        goal: 14,
        players: &[3, 4, 5, 6],
    },
    GoalCard {
        goal: 15,
        players: &[4],
    },
    GoalCard {
        goal: 19,
        players: &[4, 6, 7, 8],
    },
    GoalCard {
        goal: 23,
        players: &[5, 6, 7, 8],
    },
    GoalCard {
        goal: 17,
        players: &[3, 5, 6, 7, 8],
    },
    GoalCard {
        goal: 21,
        players: &[5, 6, 8],
    },
    GoalCard {
        goal: 27,
        players: &[6, 7, 8],
    },
    GoalCard {
        goal: 18,
        players: &[4, 5, 7],
    },
    GoalCard {
        goal: 22,
        players: &[5, 6, 7, 8],
    },
    GoalCard {
        goal: 31,
        players: &[6, 7, 8],
    },
    GoalCard {
        goal: 33,
        players: &[7, 8],
    },
    GoalCard {
        goal: 39,
        players: &[8],
    },
    GoalCard {
        goal: 13,
        players: &[3, 4, 5, 7],
    },
];

/// The 21 goal cards with their player-count tags, in the rulebook's order.
pub fn goal_cards() -> Vec<GoalCard> {
    GOAL_CARDS.to_vec()
}

/// The goals of the cards used with `players` players, in the rulebook's
/// order (a goal printed on two cards appears twice). Empty outside 3 to 8
/// players.
pub fn goal_deck(players: usize) -> Vec<u32> {
    GOAL_CARDS
        .iter()
        .filter(|c| c.fits(players))
        .map(|c| c.goal)
        .collect()
}

/// The distinct goals for `players` players, lowest first.
pub fn possible_goals(players: usize) -> Vec<u32> {
    let mut goals = goal_deck(players);
    goals.sort_unstable();
    goals.dedup();
    goals
}

/// SplitMix64's finaliser: spreads a seed's bits.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of the `pass`-th shuffle (0 first) of a game's goal deck.
pub(super) fn pass_seed(seed: u64, pass: u64) -> u64 {
    mix(seed.wrapping_add(pass.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15)))
}

/// The goal deck for `players` as the app shuffles it for its `pass`-th
/// pass (0 first; the deck is reshuffled each time it runs out), top card
/// first.
pub fn shuffled_deck(players: usize, seed: u64, pass: u64) -> Vec<u32> {
    let mut deck = goal_deck(players);
    let mut rng = StdRng::seed_from_u64(pass_seed(seed, pass));
    deck.shuffle(&mut rng);
    deck
}

/// The goal the app flips for trick `trick_index` (0-based across the whole
/// game) with `players` players and the game's `seed`: the deck is shuffled
/// from the seed, one card flipped per trick, and reshuffled (with a seed
/// derived from the game's seed and the pass) whenever it runs out. `None`
/// outside 3 to 8 players.
pub fn app_goal(players: usize, seed: u64, trick_index: usize) -> Option<u32> {
    let len = goal_deck(players).len();
    if len == 0 {
        return None;
    }
    let pass = (trick_index / len) as u64;
    shuffled_deck(players, seed, pass)
        .get(trick_index % len)
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pass_seeds_differ() {
        assert_ne!(pass_seed(7, 0), pass_seed(7, 1));
        assert_ne!(pass_seed(7, 0), pass_seed(8, 0));
    }
}
