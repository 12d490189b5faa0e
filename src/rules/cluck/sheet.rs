//! What the screen shows, read off the fold: eggs as totals, the score
//! sheet (one row per turn: whose turn, its kills, the eggs after it), what
//! happens next, and the outcome with how the winner was decided.

use super::*;
use crate::rules::{competition_ranks, count, join_names, Outcome, Points, SheetRow};

pub(super) fn standings(setup: &Setup<Settings>, state: &State) -> Standings {
    let n = setup.players.len();
    Standings {
        totals: (0..n)
            .map(|s| points(state.eggs.get(s).copied().unwrap_or(0)))
            .collect(),
        lower_wins: false,
        sheet: rows(setup, state),
        status: status(setup, state),
        outcome: outcome(setup, state),
    }
}

/// Eggs as points (no count of eggs comes near `i64::MAX`).
fn points(eggs: u64) -> Points {
    Points::new(i64::try_from(eggs).unwrap_or(i64::MAX / 2))
}

/// The names of `seats`, joined for a sentence.
fn names(setup: &Setup<Settings>, seats: &[usize]) -> String {
    let list: Vec<&str> = seats.iter().map(|s| setup.name(*s)).collect();
    join_names(&list)
}

/// One line for a kill: "Ann killed Bob's rooster: +3 eggs (Bob has 2
/// left)", and the knock-out it caused.
pub fn kill_lines(setup: &Setup<Settings>, state: &State, k: &KillRecord) -> Vec<String> {
    let Kill {
        killer,
        victim,
        eggs,
    } = k.kill;
    let (a, b) = (setup.name(killer), setup.name(victim));
    let mut lines = vec![format!(
        "{a} killed {b}'s rooster: +{} ({b} has {} left)",
        count(eggs, "egg"),
        k.left
    )];
    if k.knocked_out {
        let place = state
            .knocked_out_place(victim)
            .map(|p| format!(" ({} out)", ordinal(p)))
            .unwrap_or_default();
        lines.push(format!("{b}'s coop is empty: {b} is knocked out{place}"));
    }
    lines
}

fn rows(setup: &Setup<Settings>, state: &State) -> Vec<SheetRow> {
    let n = setup.players.len();
    let mut before = vec![0u64; n];
    let mut rows = Vec::new();
    for t in &state.turns {
        if t.end == TurnEnd::Open && t.kills.is_empty() {
            continue;
        }
        let who = setup.name(t.seat);
        let mut notes: Vec<String> = t
            .kills
            .iter()
            .flat_map(|k| kill_lines(setup, state, k))
            .collect();
        notes.push(match t.end {
            TurnEnd::Open => format!("{who}'s turn goes on"),
            TurnEnd::Ended(_) if t.kills.is_empty() => format!("No kills; {who} ended the turn"),
            TurnEnd::Ended(_) => format!("{who} ended the turn"),
            TurnEnd::KnockedOut => format!("{who} was knocked out in their own turn, which ends it"),
            TurnEnd::GameOver => "The last rooster standing: the game is over".to_string(),
        });
        if !t.tied_at_top.is_empty() {
            let at = t
                .tied_at_top
                .first()
                .and_then(|s| t.eggs_after.get(*s))
                .copied()
                .unwrap_or(0);
            notes.push(tie_line(setup, &t.tied_at_top, at));
        }
        if let Some(End::Eggs { seat, turn }) = state.end {
            if turn == t.number {
                notes.push(eggs_win_line(setup, state, seat));
            }
        }
        let eggs = &t.eggs_after;
        rows.push(SheetRow {
            label: format!("Turn {} · {who}", t.number),
            number: t.number.to_string(),
            out: Default::default(),
            entry: None,
            points: (0..n)
                .map(|s| {
                    let now = eggs.get(s).copied().unwrap_or(0);
                    points(now.saturating_sub(before.get(s).copied().unwrap_or(0)))
                })
                .collect(),
            totals: (0..n)
                .map(|s| points(eggs.get(s).copied().unwrap_or(0)))
                .collect(),
            notes,
            details: vec![Vec::new(); n],
        });
        before = (0..n).map(|s| eggs.get(s).copied().unwrap_or(0)).collect();
    }
    rows
}

/// Why play goes on: "Ann and Bob are tied at the top with 12 eggs: play
/// goes on (a win needs 12 or more eggs, alone at the top)".
fn tie_line(setup: &Setup<Settings>, tied: &[usize], eggs: u64) -> String {
    format!(
        "{} are tied at the top with {}: play goes on (a win needs {WIN_EGGS} or more eggs, alone at the top)",
        names(setup, tied),
        count(eggs, "egg")
    )
}

fn eggs_win_line(setup: &Setup<Settings>, state: &State, seat: usize) -> String {
    let eggs = state.eggs.get(seat).copied().unwrap_or(0);
    format!(
        "{} has {}, alone at the top and {WIN_EGGS} or more at the end of a turn: {} wins",
        setup.name(seat),
        count(eggs, "egg"),
        setup.name(seat)
    )
}

fn status(setup: &Setup<Settings>, state: &State) -> Vec<String> {
    if state.finished() {
        return Vec::new();
    }
    let n = setup.players.len();
    let Some(turn) = state.current_turn() else {
        let mut lines = vec!["Who goes first? The table chooses (or the app picks at random).".to_string()];
        lines.extend(setup_steps(n));
        return lines;
    };
    let who = setup.name(turn.seat);
    let mut lines = vec![format!("Turn {}: {who}'s turn", turn.number)];
    let (most, top) = state.top();
    if most >= WIN_EGGS {
        match top.as_slice() {
            [one] => lines.push(format!(
                "{} has {}, alone at the top: {} wins when this turn ends, unless that changes.",
                setup.name(*one),
                count(most, "egg"),
                setup.name(*one)
            )),
            _ => lines.push(format!("{}.", tie_line(setup, &top, most))),
        }
    }
    if !state.knocked_out.is_empty() {
        let out: Vec<usize> = state.knocked_out.iter().map(|(s, _)| *s).collect();
        lines.push(format!("Knocked out, in order: {}.", names(setup, &out)));
    }
    lines
}

/// Each seat's place at the end of a last-standing game: most eggs first;
/// equal eggs go to whoever was knocked out later, the survivor counting
/// as the last of all.
pub fn last_standing_order(state: &State, survivor: usize) -> Vec<usize> {
    let n = state.players;
    let out_at = |s: usize| -> usize {
        if s == survivor {
            n + 1
        } else {
            state.knocked_out_place(s).unwrap_or(0)
        }
    };
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|a, b| {
        let ea = state.eggs.get(*a).copied().unwrap_or(0);
        let eb = state.eggs.get(*b).copied().unwrap_or(0);
        eb.cmp(&ea).then(out_at(*b).cmp(&out_at(*a)))
    });
    order
}

fn outcome(setup: &Setup<Settings>, state: &State) -> Option<Outcome> {
    let n = setup.players.len();
    match state.end? {
        End::Eggs { seat, turn } => {
            let eggs: Vec<Points> = (0..n)
                .map(|s| points(state.eggs.get(s).copied().unwrap_or(0)))
                .collect();
            Some(Outcome {
                ranks: competition_ranks(&eggs, false),
                winners: vec![seat],
                notes: vec![format!(
                    "At the end of turn {turn}, {} had {}: the most, alone, and {WIN_EGGS} or more.",
                    setup.name(seat),
                    count(state.eggs.get(seat).copied().unwrap_or(0), "egg")
                )],
                pending: None,
            })
        }
        End::LastStanding { survivor, turn } => {
            let order = last_standing_order(state, survivor);
            let mut ranks = vec![0; n];
            for (place, seat) in order.iter().enumerate() {
                if let Some(r) = ranks.get_mut(*seat) {
                    *r = place + 1;
                }
            }
            let winner = order.first().copied().unwrap_or(survivor);
            let (most, top) = state.top();
            let mut notes = vec![format!(
                "Only {} has roosters left (turn {turn}): the most eggs wins.",
                setup.name(survivor)
            )];
            notes.push(if top.len() <= 1 {
                format!(
                    "{} wins with {}, the most.",
                    setup.name(winner),
                    count(most, "egg")
                )
            } else if winner == survivor {
                format!(
                    "{} are tied on {}: {} wins as the last standing (the survivor counts as knocked out last of all).",
                    names(setup, &top),
                    count(most, "egg"),
                    setup.name(winner)
                )
            } else {
                format!(
                    "{} are tied on {}: {} wins, knocked out last of them ({} out).",
                    names(setup, &top),
                    count(most, "egg"),
                    setup.name(winner),
                    ordinal(state.knocked_out_place(winner).unwrap_or(0))
                )
            });
            Some(Outcome {
                ranks,
                winners: vec![winner],
                notes,
                pending: None,
            })
        }
    }
}
