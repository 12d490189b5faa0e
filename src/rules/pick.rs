//! Who deals or goes first: the app's random pick of a seat (from the
//! random source the UI passes in, never global randomness; the seat
//! picked is what a game stores), the frames of the picker's
//! animation, who goes first in a rematch, and the first entry a game
//! records for the choice.
//!
//! Two games record the choice in their log (Chicken Lines Rummy's first
//! dealer, Cluck!'s first player); the others only name a player for the
//! table ([`FirstChoice::recorded`] is false), and nothing is stored.

use rand::{Rng, RngExt};

use super::{push_entry, replay, RuleError, Rules, Setup};

/// What a game's first choice is called and whether its log records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstChoice {
    /// The question ("Who deals round 1?").
    pub question: &'static str,
    /// What the chosen player does ("deals round 1"), after their name.
    pub verb: &'static str,
    /// Whether the game records it (as the entry [`Rules::first_entry`]
    /// builds); otherwise the app only names someone.
    pub recorded: bool,
}

impl FirstChoice {
    /// A choice the app only names ("Bob deals first"); nothing is stored.
    pub const fn named(question: &'static str, verb: &'static str) -> Self {
        FirstChoice {
            question,
            verb,
            recorded: false,
        }
    }

    /// "Bob deals round 1."
    pub fn sentence(&self, name: &str) -> String {
        format!("{name} {}.", self.verb)
    }
}

/// The app's random pick among `players` seats, drawn from `rng`; `None`
/// without players. What a game keeps is the seat, never how it was drawn.
pub fn pick_seat<G: Rng + ?Sized>(players: usize, rng: &mut G) -> Option<usize> {
    (players > 0).then(|| rng.random_range(0..players))
}

/// How long the picker's highlight runs, in milliseconds.
pub const SPIN_MS: u32 = 1200;

/// The picker's animation: the seats the highlight visits, in order, each
/// with the milliseconds it waits before moving there. It starts at the
/// seat after `from`, goes round the table at least twice, slows down
/// (each wait at least as long as the one before) and ends on `landing`;
/// the waits add up to about [`SPIN_MS`]. Empty without players or when
/// `landing` is not a seat.
pub fn spin_frames(players: usize, from: usize, landing: usize) -> Vec<(usize, u32)> {
    if players == 0 || landing >= players {
        return Vec::new();
    }
    let from = from % players;
    // Steps from `from` to `landing` going forward, plus two full turns
    // (at least one step).
    let extra = (landing + players - from) % players;
    let steps = 2 * players + extra.max(if players == 1 { 1 } else { 0 });
    let steps = steps.clamp(1, 40);
    // Waits grow with the square of the step: weight 4 + 12 (i/steps)^2,
    // scaled to SPIN_MS in whole milliseconds.
    let weights: Vec<u64> = (0..steps as u64)
        .map(|i| 4 * (steps as u64).pow(2) + 12 * i * i)
        .collect();
    let total: u64 = weights.iter().sum::<u64>().max(1);
    let mut frames: Vec<(usize, u32)> = weights
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let seat = (from + i + 1) % players;
            (seat, (w * u64::from(SPIN_MS) / total) as u32)
        })
        .collect();
    // The last frame lands, whatever the step count (more than 40 seats).
    if let Some(last) = frames.last_mut() {
        last.0 = landing;
    }
    frames
}

/// The seat after `seat`: one seat clockwise, the next in the seating
/// order (which is entered clockwise), round to the first.
pub fn next_seat(seat: usize, players: usize) -> Option<usize> {
    (players > 0).then(|| (seat + 1) % players)
}

/// Who deals (or goes) first in a rematch with the same seating: the seat
/// after the one that did in the game before, where that game recorded
/// one; `None` where it did not (the table chooses again).
pub fn rematch_first(previous: Option<usize>, players: usize) -> Option<usize> {
    previous
        .filter(|p| *p < players)
        .and_then(|p| next_seat(p, players))
}

/// The log a new game starts with: empty, or, where the game records who
/// deals or goes first and `first` names a seat, the one entry a tap on
/// that seat records (saying whether the app picked it at random), as the
/// rules accept it.
pub fn first_log<R: Rules>(
    setup: &Setup<R::Settings>,
    first: Option<usize>,
    random: bool,
) -> Result<Vec<R::Entry>, RuleError> {
    let Some(seat) = first else {
        return Ok(Vec::new());
    };
    match R::first_entry(seat, random) {
        Some(entry) => push_entry::<R>(setup, &[], entry).map_err(|e| e.error),
        None => Ok(Vec::new()),
    }
}

/// Who dealt (or went) first in a game with `log`, as its rules record it;
/// `None` for a game that does not record it, or a log that cannot be
/// replayed.
pub fn recorded_first<R: Rules>(setup: &Setup<R::Settings>, log: &[R::Entry]) -> Option<usize> {
    replay::<R>(setup, log)
        .ok()
        .and_then(|state| R::first_seat(&state))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spin_slows_down_and_lands_on_the_pick() {
        for n in 1..=12 {
            for from in 0..n {
                for landing in 0..n {
                    let f = spin_frames(n, from, landing);
                    assert_eq!(f.last().map(|x| x.0), Some(landing), "{n} {from} {landing}");
                    assert!(f.len() >= 2 * n.min(20), "goes round twice");
                    let total: u32 = f.iter().map(|x| x.1).sum();
                    assert!((1100..=SPIN_MS).contains(&total), "{total} ms");
                    assert!(f.windows(2).all(|w| w[0].1 <= w[1].1), "slows down");
                    assert!(f.windows(2).all(|w| w[1].0 == (w[0].0 + 1) % n || n > 20));
                    assert_eq!(f.first().map(|x| x.0), Some((from + 1) % n));
                }
            }
        }
        assert!(spin_frames(0, 0, 0).is_empty());
        assert!(spin_frames(3, 0, 3).is_empty());
        assert_eq!(spin_frames(60, 5, 59).last().map(|x| x.0), Some(59));
    }

    #[test]
    fn a_rematch_moves_the_first_seat_on_one() {
        let table = [
            (Some(0), 3, Some(1)),
            (Some(1), 3, Some(2)),
            (Some(2), 3, Some(0)),
            (Some(4), 5, Some(0)),
            (Some(0), 1, Some(0)),
            (None, 4, None),
            (Some(3), 3, None),
            (Some(0), 0, None),
        ];
        for (prev, n, want) in table {
            assert_eq!(rematch_first(prev, n), want, "{prev:?} of {n}");
        }
        assert_eq!(next_seat(5, 6), Some(0));
        assert_eq!(next_seat(0, 0), None);
    }

    #[test]
    fn the_question_and_sentence_read_well() {
        let c = FirstChoice::named("Who deals first?", "deals first");
        assert!(!c.recorded);
        assert_eq!(c.sentence("Bob"), "Bob deals first.");
    }
}
