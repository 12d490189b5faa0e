//! Folding one entry into the state: who goes first, a kill (eggs to the
//! killer, the victim's coop shrinks, an empty coop knocks its owner out,
//! the last coop standing ends the game) and a turn end (the 12-egg check,
//! then the next player clockwise still in).

use super::*;
use crate::rules::check_player_count;

/// The state after `entry`, or why it is impossible now.
pub(super) fn apply(
    setup: &Setup<Settings>,
    state: &State,
    entry: &Entry,
) -> Result<State, RuleError> {
    let n = setup.players.len();
    check_player_count(n, Cluck::KIND.players())?;
    if state.players != n || state.coops.len() != n || state.eggs.len() != n {
        return Err(RuleError::new(
            "This state belongs to a game with another number of players.",
        ));
    }
    if let Some(end) = state.end {
        return Err(RuleError::new(format!(
            "The game is over ({}). Undo or edit an earlier entry to carry on.",
            end_words(setup, end)
        )));
    }
    let mut next = match entry {
        Entry::First { seat, random } => first(setup, state, *seat, *random)?,
        Entry::Kill(kill) => record_kill(setup, state, kill)?,
        Entry::EndTurn => end_turn(state)?,
    };
    next.entries = state.entries.saturating_add(1);
    Ok(next)
}

/// How the game ended, in a few words, for refusals.
fn end_words(setup: &Setup<Settings>, end: End) -> String {
    match end {
        End::Eggs { seat, .. } => format!("{} won with 12 or more eggs", setup.name(seat)),
        End::LastStanding { survivor, .. } => {
            format!("only {} has roosters left", setup.name(survivor))
        }
    }
}

fn first(
    setup: &Setup<Settings>,
    state: &State,
    seat: usize,
    random: bool,
) -> Result<State, RuleError> {
    if state.first.is_some() || state.entries > 0 {
        return Err(RuleError::new(
            "Who goes first is already recorded; edit that entry instead.",
        ));
    }
    let n = setup.players.len();
    if seat >= n {
        return Err(RuleError::new("The first player is not in this game."));
    }
    let mut next = state.clone();
    next.first = Some((seat, random));
    next.turns.push(new_turn(1, seat, &state.eggs));
    Ok(next)
}

fn new_turn(number: usize, seat: usize, eggs: &[u64]) -> Turn {
    Turn {
        number,
        seat,
        kills: Vec::new(),
        end: TurnEnd::Open,
        eggs_after: eggs.to_vec(),
        tied_at_top: Vec::new(),
    }
}

/// Whether the kill is possible now, and if not why (named for the table).
pub(super) fn check_kill(
    setup: &Setup<Settings>,
    state: &State,
    kill: &Kill,
) -> Result<(), RuleError> {
    let n = setup.players.len();
    if state.turn().is_none() {
        return Err(RuleError::new(
            "Choose who goes first before recording a kill.",
        ));
    }
    let Kill {
        killer,
        victim,
        eggs,
    } = *kill;
    if killer >= n {
        return Err(RuleError::new("The killer is not in this game."));
    }
    if victim >= n {
        return Err(RuleError::new(
            "The player whose rooster died is not in this game.",
        ));
    }
    let (k, v) = (setup.name(killer), setup.name(victim));
    if killer == victim {
        return Err(RuleError::new(format!(
            "{k} can't kill their own rooster: pick whose rooster died."
        )));
    }
    if !state.is_in(killer) {
        return Err(RuleError::new(format!(
            "{k} is out (their coop is empty), so can't kill a rooster."
        )));
    }
    if !state.is_in(victim) {
        return Err(RuleError::new(format!(
            "{v}'s coop is empty: they have no rooster left to kill."
        )));
    }
    if eggs == 0 {
        return Err(RuleError::new(
            "Every rooster shows at least 1 egg: enter the eggs on the one killed.",
        ));
    }
    if eggs > MAX_EGGS {
        return Err(RuleError::new(format!(
            "{eggs} eggs is more than a rooster shows (at most {MAX_EGGS})."
        )));
    }
    Ok(())
}

fn record_kill(setup: &Setup<Settings>, state: &State, kill: &Kill) -> Result<State, RuleError> {
    check_kill(setup, state, kill)?;
    let mut next = state.clone();
    let Kill {
        killer,
        victim,
        eggs,
    } = *kill;
    if let Some(e) = next.eggs.get_mut(killer) {
        *e = e.saturating_add(u64::from(eggs));
    }
    let mut left = 0;
    if let Some(c) = next.coops.get_mut(victim) {
        *c = c.saturating_sub(1);
        left = *c;
    }
    let number = next.turns.len();
    if left == 0 {
        next.knocked_out.push((victim, number));
    }
    let eggs_now = next.eggs.clone();
    let Some(turn) = next.turns.last_mut() else {
        return Err(RuleError::new(
            "Choose who goes first before recording a kill.",
        ));
    };
    turn.kills.push(KillRecord {
        entry: state.entries,
        kill: *kill,
        left,
        knocked_out: left == 0,
    });
    turn.eggs_after = eggs_now;
    let turn_seat = turn.seat;
    if next.still_in().len() <= 1 {
        // The last rooster standing: the game ends at once.
        if let Some(turn) = next.turns.last_mut() {
            turn.end = TurnEnd::GameOver;
        }
        next.end = Some(End::LastStanding {
            survivor: killer,
            turn: number,
        });
    } else if left == 0 && victim == turn_seat {
        // Knocked out in their own turn (a counter): the turn ends at once.
        if let Some(turn) = next.turns.last_mut() {
            turn.end = TurnEnd::KnockedOut;
        }
        close_turn(&mut next);
    }
    Ok(next)
}

fn end_turn(state: &State) -> Result<State, RuleError> {
    if state.turn().is_none() {
        return Err(RuleError::new(
            "Choose who goes first before ending a turn.",
        ));
    }
    let mut next = state.clone();
    if let Some(turn) = next.turns.last_mut() {
        turn.end = TurnEnd::Ended(state.entries);
    }
    close_turn(&mut next);
    Ok(next)
}

/// At the end of the last turn: the 12-egg check, then the next turn for
/// the next player clockwise still in.
fn close_turn(state: &mut State) {
    let (most, top) = state.top();
    let number = state.turns.len();
    let Some(seat) = state.turns.last().map(|t| t.seat) else {
        return;
    };
    if most >= WIN_EGGS {
        match top.as_slice() {
            [one] => {
                state.end = Some(End::Eggs {
                    seat: *one,
                    turn: number,
                });
                return;
            }
            _ => {
                if let Some(turn) = state.turns.last_mut() {
                    turn.tied_at_top = top;
                }
            }
        }
    }
    if let Some(after) = state.next_in(seat) {
        let eggs = state.eggs.clone();
        state
            .turns
            .push(new_turn(number.saturating_add(1), after, &eggs));
    }
}
