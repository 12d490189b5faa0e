//! The log helpers every game shares: replaying a game's entries, appending
//! one, replacing one (an edit, refused naming the first later entry it
//! makes impossible), undoing the last, and what one entry added.

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::{Points, RuleError, Rules, Setup};

/// How many logs have been replayed from their start so far (a measure,
/// read by the game screen's benchmark: a save replays at most once).
static REPLAYS: AtomicUsize = AtomicUsize::new(0);

/// How many logs have been replayed from their start so far.
pub fn replays() -> usize {
    REPLAYS.load(Ordering::Relaxed)
}

/// Folds as much of the log as the rules accept: the state after the last
/// good entry, and the first entry refused, if any. Stored games are read
/// this way so that one bad entry never hides the rest of a game.
pub fn replay_prefix<R: Rules>(
    setup: &Setup<R::Settings>,
    log: &[R::Entry],
) -> (R::State, Option<LogError>) {
    REPLAYS.fetch_add(1, Ordering::Relaxed);
    let mut state = R::start(setup);
    for (index, entry) in log.iter().enumerate() {
        match R::apply(setup, &state, entry) {
            Ok(next) => state = next,
            Err(error) => return (state, Some(LogError { index, error })),
        }
    }
    (state, None)
}

/// An entry of the log that cannot be applied, with its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogError {
    /// The index in the log of the entry that failed.
    pub index: usize,
    /// Why it failed.
    pub error: RuleError,
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Entry {}: {}", self.index + 1, self.error.message)
    }
}

/// Folds the whole log from the start. Fails at the first entry that the
/// rules refuse, naming it.
pub fn replay<R: Rules>(
    setup: &Setup<R::Settings>,
    log: &[R::Entry],
) -> Result<R::State, LogError> {
    REPLAYS.fetch_add(1, Ordering::Relaxed);
    let mut state = R::start(setup);
    for (index, entry) in log.iter().enumerate() {
        state = R::apply(setup, &state, entry).map_err(|error| LogError { index, error })?;
    }
    Ok(state)
}

/// The log with `entry` appended, if the rules accept it.
pub fn push_entry<R: Rules>(
    setup: &Setup<R::Settings>,
    log: &[R::Entry],
    entry: R::Entry,
) -> Result<Vec<R::Entry>, LogError> {
    let mut next = log.to_vec();
    next.push(entry);
    replay::<R>(setup, &next)?;
    Ok(next)
}

/// The log with entry `index` replaced, if it and every later entry are
/// still possible; otherwise the first entry that no longer is.
pub fn replace_entry<R: Rules>(
    setup: &Setup<R::Settings>,
    log: &[R::Entry],
    index: usize,
    entry: R::Entry,
) -> Result<Vec<R::Entry>, LogError> {
    let mut next = log.to_vec();
    match next.get_mut(index) {
        Some(slot) => *slot = entry,
        None => {
            return Err(LogError {
                index,
                error: RuleError::new("That entry no longer exists."),
            })
        }
    }
    replay::<R>(setup, &next)?;
    Ok(next)
}

/// What entry `index` of `log` added to each player's total (the totals
/// after it less the totals before it), or `None` if the log cannot be
/// replayed that far.
pub fn entry_points<R: Rules>(
    setup: &Setup<R::Settings>,
    log: &[R::Entry],
    index: usize,
) -> Option<Vec<Points>> {
    let totals = |n: usize| -> Option<Vec<Points>> {
        let (state, err) = replay_prefix::<R>(setup, log.get(..n)?);
        err.is_none().then(|| R::standings(setup, &state).totals)
    };
    let before = totals(index)?;
    let after = totals(index.checked_add(1)?)?;
    Some(after.iter().zip(&before).map(|(a, b)| *a - *b).collect())
}

/// What an entry added, in words for a confirmation: "Ann 8, Bob 16"
/// (signed when `signed`: "Ann +8, Bob +16"), or "no points".
pub fn points_line(players: &[String], points: &[Points], signed: bool) -> String {
    if points.iter().all(|p| *p == Points::ZERO) {
        return "no points".into();
    }
    points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let name = players.get(i).map(String::as_str).unwrap_or("?");
            let sign = if signed && *p > Points::ZERO { "+" } else { "" };
            format!("{name} {sign}{p}")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The log without its last entry (undo). An empty log stays empty.
pub fn undo_last<E: Clone>(log: &[E]) -> Vec<E> {
    let keep = log.len().saturating_sub(1);
    log.iter().take(keep).cloned().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entrys_points_are_the_totals_it_moved() {
        use crate::rules::chickenfoot::{Chickenfoot, Hand, Left, Settings};
        let setup = Setup {
            players: vec!["Ann".into(), "Bob".into()],
            settings: Settings::default(),
        };
        let hand = |out: usize, pips: u32| Hand {
            out: Some(out),
            started_with: None,
            left: (0..2)
                .map(|i| {
                    if i == out {
                        Left::Pips(0)
                    } else {
                        Left::Pips(pips)
                    }
                })
                .collect(),
        };
        let log = vec![hand(0, 8), hand(1, 16)];
        let first = entry_points::<Chickenfoot>(&setup, &log, 0).unwrap();
        assert_eq!(first, vec![Points::ZERO, Points::new(8)]);
        let second = entry_points::<Chickenfoot>(&setup, &log, 1).unwrap();
        assert_eq!(points_line(&setup.players, &second, false), "Ann 16, Bob 0");
        assert_eq!(points_line(&setup.players, &second, true), "Ann +16, Bob 0");
        // Past the end of the log there is nothing to tell.
        assert_eq!(entry_points::<Chickenfoot>(&setup, &log, 2), None);
        assert_eq!(
            points_line(&setup.players, &[Points::ZERO, Points::ZERO], true),
            "no points"
        );
        assert_eq!(
            points_line(&setup.players, &[Points::new(-20), Points::ZERO], true),
            "Ann -20, Bob 0"
        );
    }

    #[test]
    fn undo_of_empty_log_is_empty() {
        assert!(undo_last::<u8>(&[]).is_empty());
        assert_eq!(undo_last(&[1, 2]), vec![1]);
    }
}
