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

/// The goals the app flips for a game's [`TRICKS`] tricks with `players`
/// players, drawn from `rng` when the game starts: the goal cards for the
/// player count shuffled, one flipped per trick, and shuffled anew each
/// time they run out. Stored with the game ([`Settings::deck`]). Empty
/// outside 3 to 8 players.
pub fn draw_goal_deck<G: Rng + ?Sized>(players: usize, rng: &mut G) -> Vec<u32> {
    let cards = goal_deck(players);
    if cards.is_empty() {
        return Vec::new();
    }
    let mut goals = Vec::with_capacity(TRICKS + cards.len());
    while goals.len() < TRICKS {
        let mut pass = cards.clone();
        pass.shuffle(rng);
        goals.extend(pass);
    }
    goals.truncate(TRICKS);
    goals
}

/// Whether `deck` is one the app could have drawn for `players`: a goal
/// for each trick, each pass through the cards a shuffle of them.
pub fn is_goal_deck(players: usize, deck: &[u32]) -> bool {
    let mut cards = goal_deck(players);
    cards.sort_unstable();
    !cards.is_empty()
        && deck.len() == TRICKS
        && deck.chunks(cards.len()).all(|pass| {
            let mut pass = pass.to_vec();
            pass.sort_unstable();
            let mut left = cards.clone();
            pass.iter().all(|g| match left.binary_search(g) {
                Ok(i) => {
                    left.remove(i);
                    true
                }
                Err(_) => false,
            })
        })
}
