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

use crate::rules::pick::FirstChoice;
use std::fmt;

use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Serialize};

use super::{
    check_player_count, competition_ranks, count, GameInfo, GameKind, HelpLine, Outcome, Points,
    RuleError, Rules, Setup, SheetRow, Standings, WentOut,
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

mod cards;
mod draw;
mod eggs;
mod entry;
mod scoring;
mod state;
mod table;
mod text;

pub use cards::*;
pub use draw::*;
pub use eggs::*;
pub use entry::*;
pub use scoring::*;
pub use state::*;
pub use table::*;

// -------------------------------------------------------------- rules ---

/// The Big Chicken rules.
pub struct BigChicken;

impl BigChicken {
    pub(super) fn apply_round(
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
            last_lay: round.last_lay,
            crowed: round.crowed,
            direction: round.direction,
            last_lay_flipped: round.last_lay_flipped,
            cards_left: round.cards_left.clone(),
            scores: score,
            bad_egg,
            good_egg,
        });
        Ok(next)
    }
}

impl Rules for BigChicken {
    const KIND: GameKind = GameKind::new(&GameInfo {
        id: "big-chicken",
        name: "Big Chicken",
        blurb: "Climbing card game: Crowing, Egging and the Good and Bad Eggs; lowest total wins.",
        players: (2, 6),
        lower_wins: true,
    });
    const SHEET_STEP: &'static str = "Round";
    type Settings = Settings;
    type Entry = Entry;
    type State = State;
    // Anyone deals round 1 (the holder of Big Red leads it, a fact of the
    // cards): the app names a dealer and records nothing.
    const FIRST: FirstChoice = FirstChoice::named("Who deals round 1?", "deals round 1");

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
