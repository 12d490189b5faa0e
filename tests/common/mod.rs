//! Properties every game's rules must keep, generic over [`Rules`]: each
//! game's test file generates valid games (whole games, not just their
//! first entry) and calls these at every depth.

#![allow(dead_code)]

use chicken_scores::rules::*;
use proptest::prelude::*;

/// The game after `depth` entries of the valid `log`, then one arbitrary
/// `extra` entry: nothing panics, the screen's figures have a column per
/// player, and `extra` is either accepted (and the log with it replays to
/// the same state) or refused with a message while the state stays usable.
pub fn one_more_entry<R: Rules>(
    setup: &Setup<R::Settings>,
    log: &[R::Entry],
    depth: usize,
    extra: &R::Entry,
) -> Result<(), TestCaseError> {
    let n = setup.players.len();
    let prefix = &log[..depth.min(log.len())];
    let state = match replay::<R>(setup, prefix) {
        Ok(s) => s,
        Err(e) => return Err(TestCaseError::fail(format!("valid prefix refused: {e}"))),
    };
    let before = R::standings(setup, &state);
    prop_assert_eq!(before.totals.len(), n);
    let _ = R::help(setup);
    match R::apply(setup, &state, extra) {
        Ok(next) => {
            let after = R::standings(setup, &next);
            prop_assert_eq!(after.totals.len(), n);
            let mut longer = prefix.to_vec();
            longer.push(extra.clone());
            prop_assert_eq!(replay::<R>(setup, &longer).ok(), Some(next));
        }
        Err(e) => {
            prop_assert!(!e.message.trim().is_empty(), "a refusal without a message");
            prop_assert!(
                e.player.is_none_or(|p| p < n),
                "a refusal beside no player's field"
            );
            // The state the refusal left is the one before it.
            prop_assert_eq!(R::standings(setup, &state), before);
        }
    }
    Ok(())
}

/// Replacing any entry of a valid log with itself is accepted and changes
/// nothing (an edit saved without changes), as the screen saves an edit
/// ([`Rules::correct`]).
pub fn replacing_with_itself_changes_nothing<R: Rules>(
    setup: &Setup<R::Settings>,
    log: &[R::Entry],
) -> Result<(), TestCaseError> {
    let whole = replay::<R>(setup, log).map_err(|e| TestCaseError::fail(e.to_string()))?;
    for (i, entry) in log.iter().enumerate() {
        let same = R::correct(setup, log, i, entry.clone())
            .map_err(|e| TestCaseError::fail(format!("entry {i} refused as itself: {e}")))?;
        let state = replay::<R>(setup, &same).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(R::standings(setup, &state), R::standings(setup, &whole));
    }
    Ok(())
}

/// Editing entry `at` to `other` and then back, as the screen saves an
/// edit ([`Rules::correct`]), restores the log and the standings exactly; a
/// refused edit changes nothing. Says whether an edit that changes the entry
/// was accepted: a property test whose edits are all refused (or all equal
/// to the entry they replace) tests nothing, so each game runs this through
/// [`check_edits`], which counts them.
pub fn edit_then_revert_restores<R: Rules>(
    setup: &Setup<R::Settings>,
    log: &[R::Entry],
    at: usize,
    other: &R::Entry,
) -> Result<bool, TestCaseError> {
    if log.is_empty() {
        return Ok(false);
    }
    let at = at % log.len();
    let whole = replay::<R>(setup, log).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let Ok(edited) = R::correct(setup, log, at, other.clone()) else {
        return Ok(false);
    };
    let original = log[at].clone();
    let back = R::correct(setup, &edited, at, original)
        .map_err(|e| TestCaseError::fail(format!("reverting entry {at} was refused: {e}")))?;
    prop_assert_eq!(&back[..], log);
    let state = replay::<R>(setup, &back).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(R::standings(setup, &state), R::standings(setup, &whole));
    Ok(edited[at] != log[at])
}

/// Runs a property test as `proptest!` does (the cases of `config`, the
/// failures saved beside its `source_file` replayed first), where each case
/// returns whether its random edit changed an entry and was accepted
/// ([`edit_then_revert_restores`]); then fails unless at least
/// `min_percent` of the cases were. A generator that drifts so that every
/// edit is refused would otherwise pass without testing an edit.
pub fn check_edits<S>(
    config: ProptestConfig,
    min_percent: u32,
    strategy: S,
    case: impl Fn(S::Value) -> Result<bool, TestCaseError>,
) where
    S: Strategy,
    S::Value: std::fmt::Debug,
{
    use std::cell::Cell;
    let (ran, accepted) = (Cell::new(0u32), Cell::new(0u32));
    let mut runner = proptest::test_runner::TestRunner::new(config);
    let result = runner.run(&strategy, |value| {
        let edited = case(value)?;
        ran.set(ran.get() + 1);
        accepted.set(accepted.get() + u32::from(edited));
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let (ran, accepted) = (ran.get(), accepted.get());
    eprintln!("edits accepted: {accepted} of {ran} cases");
    assert!(
        ran > 0 && accepted * 100 >= min_percent * ran,
        "only {accepted} of {ran} generated edits were accepted (at least {min_percent}% must be): \
         the property tested too few edits"
    );
}

/// What the screen of a stored game shows, as the fixtures of a release
/// keep it: totals, the status lines, every sheet row (label, notes, the
/// running totals) and the outcome.
pub fn screen_of<R: Rules>(setup: &Setup<R::Settings>, log: &[R::Entry]) -> serde_json::Value {
    let state = replay::<R>(setup, log).unwrap_or_else(|e| panic!("log refused: {e}"));
    let st = R::standings(setup, &state);
    let show = |v: &[Points]| v.iter().map(|p| p.to_string()).collect::<Vec<_>>();
    serde_json::json!({
        "totals": show(&st.totals),
        "status": st.status,
        "sheet": st.sheet.iter().map(|r| serde_json::json!({
            "label": r.label, "notes": r.notes, "details": r.details, "totals": show(&r.totals),
        })).collect::<Vec<_>>(),
        "outcome": st.outcome.as_ref().map(|o| serde_json::json!({
            "ranks": o.ranks, "winners": o.winners, "notes": o.notes, "pending": o.pending,
        })),
    })
}

/// A generator for tests only: the same draws on every run (the app draws
/// from the browser's crypto source, and stores what it drew).
pub fn rng(seed: u64) -> rand::rngs::StdRng {
    rand::SeedableRng::seed_from_u64(seed)
}
