//! What Circus Trump's screen says: the standings (totals with the
//! Plumedini halving, a score-sheet row per line, what happens next, the
//! result) and the help panel with every ruling in force.

use super::{line_points, Bonus, ScoredLine, Settings, State, Variant};
use crate::rules::chicken_lines::{suit_name, SUITS};
use crate::rules::{
    count, join_names, outcome_by_totals, running_totals, HelpLine, Points, Setup, SheetRow,
    Standings, WentOut,
};

/// "6 + Super Chicken 2 + Egg 3 = 11".
pub fn line_sum(l: &super::Line) -> String {
    let mut parts = vec![l.last.to_string()];
    if l.supers > 0 {
        parts.push(format!("{} × Super Chicken 2", l.supers));
    }
    if l.eggs > 0 {
        parts.push(format!("{} × Egg 3", l.eggs));
    }
    if l.yoker {
        parts.push("Yoker 5".into());
    }
    format!(
        "{} = {}",
        parts.join(" + "),
        line_points(l.last, l.supers, l.eggs, l.yoker)
    )
}

fn line_row(setup: &Setup<Settings>, k: usize, l: &ScoredLine, totals: Vec<Points>) -> SheetRow {
    let n = setup.players.len();
    let line = &l.line;
    let suit = suit_name(&setup.settings.suit_names, line.suit);
    let mut points = vec![Points::ZERO; n];
    if let Some(p) = points.get_mut(line.to) {
        *p = Points::new(i64::from(line_points(
            line.last,
            line.supers,
            line.eggs,
            line.yoker,
        )));
    }
    let how = if l.closed_suit {
        format!("{} closed {suit} and took its line", setup.name(line.to))
    } else {
        format!("{suit} was trumped: {} took the line", setup.name(line.to))
    };
    SheetRow {
        label: format!("Line {} · {suit} {}", k + 1, line.last),
        number: (k + 1).to_string(),
        out: WentOut::NotAsked,
        entry: Some(l.entry),
        points,
        totals,
        notes: vec![how, line_sum(line)],
        details: vec![Vec::new(); n],
    }
}

/// The standings: raw totals while the game is on; at the end the
/// Plumedini holder's total halved exactly (a row says so).
pub fn standings(setup: &Setup<Settings>, state: &State) -> Standings {
    let n = setup.players.len();
    let variant = setup.settings.plumedini;
    let mut rows: Vec<Vec<Points>> = state
        .lines
        .iter()
        .map(|l| {
            (0..n)
                .map(|i| {
                    if i == l.line.to {
                        Points::new(i64::from(line_points(
                            l.line.last,
                            l.line.supers,
                            l.line.eggs,
                            l.line.yoker,
                        )))
                    } else {
                        Points::ZERO
                    }
                })
                .collect()
        })
        .collect();
    let (raw, lines) = state.raw(n);
    let bonus = state.bonus(variant, n);
    let holder = match bonus {
        Bonus::Holder(h) => Some(h),
        _ => None,
    };
    if let Some(h) = holder {
        let before = Points::new(i64::from(raw.get(h).copied().unwrap_or(0)));
        rows.push(
            (0..n)
                .map(|i| {
                    if i == h {
                        before.halved() - before
                    } else {
                        Points::ZERO
                    }
                })
                .collect(),
        );
    }
    let running = running_totals(n, &rows);
    let totals = running
        .last()
        .cloned()
        .unwrap_or_else(|| vec![Points::ZERO; n]);
    let mut sheet: Vec<SheetRow> = state
        .lines
        .iter()
        .zip(running.iter().cloned())
        .enumerate()
        .map(|(k, (l, t))| line_row(setup, k, l, t))
        .collect();
    let why = |h: usize| match variant {
        Variant::MostLines => count(lines.get(h).copied().unwrap_or(0), "line"),
        Variant::MostPoints => count(raw.get(h).copied().unwrap_or(0), "point"),
    };
    let mut notes = Vec::new();
    if let (Some(h), Some(t)) = (holder, running.last()) {
        let before = raw.get(h).copied().unwrap_or(0);
        let after = t.get(h).copied().unwrap_or_default();
        let chosen = if state.chosen.is_some_and(|(s, _)| s == h) {
            ", chosen by the table in a tie"
        } else {
            ""
        };
        let note = format!(
            "{} holds the Plumedini card ({}: {}{chosen}): {before} halved is {after}.",
            setup.name(h),
            variant.name(),
            why(h)
        );
        notes.push(note.clone());
        sheet.push(SheetRow {
            label: "Plumedini · total halved".into(),
            number: "P".into(),
            out: WentOut::NotAsked,
            entry: state.chosen.map(|(_, e)| e),
            points: rows.last().cloned().unwrap_or_default(),
            totals: totals.clone(),
            notes: vec![note],
            details: vec![Vec::new(); n],
        });
    }
    let mut status = Vec::new();
    let outcome = match &bonus {
        Bonus::NotYet => {
            status.push(format!(
                "{} of {SUITS} suits closed · {} · Yoker {}.",
                state.closed_suits(),
                count(3u8.saturating_sub(state.eggs_used()), "Egg") + " not yet claimed",
                if state.yoker_used() { "claimed" } else { "not yet claimed" }
            ));
            None
        }
        Bonus::Tie(tied) => {
            let names: Vec<&str> = tied.iter().map(|i| setup.name(*i)).collect();
            status.push(format!(
                "Plumedini tie: {} each have {}. The table decides who takes the card.",
                join_names(&names),
                why(tied.first().copied().unwrap_or(0))
            ));
            None
        }
        Bonus::Nobody | Bonus::Holder(_) => {
            let mut o = outcome_by_totals(&totals, true);
            if state.ended_early.is_some() {
                o.notes
                    .push("The table ended the game early: the lines claimed so far count.".into());
            }
            if matches!(bonus, Bonus::Nobody) {
                o.notes
                    .push("No line was claimed, so nobody takes the Plumedini card.".into());
            }
            o.notes.extend(notes);
            Some(o)
        }
    };
    Standings {
        totals,
        lower_wins: true,
        sheet,
        status,
        outcome,
    }
}

/// Every ruling in force, one line each.
pub fn help(setup: &Setup<Settings>) -> Vec<HelpLine> {
    let variant = match setup.settings.plumedini {
        Variant::MostLines => "Most lines (the default): the player who claimed the most lines takes the Plumedini card. The rulebook also says \"most points\"; that variant is chosen when the game is created.",
        Variant::MostPoints => "Most points (chosen for this game): the player with the most points takes the Plumedini card. The rulebook also says \"most lines\", the default.",
    };
    let names: Vec<String> = (0..SUITS)
        .map(|i| suit_name(&setup.settings.suit_names, i))
        .collect();
    vec![
        HelpLine::new(
            "A line's points",
            "The last standard card played on it (0-9) + 2 per Super Chicken + 3 per Egg + 5 for the Yoker.",
        ),
        HelpLine::new(
            "The suit sheet",
            "Record the card that started each suit (any standard 0-9): the suit closes on the card one below it, wrapping (start 0 closes on 9, start 4 on 3), and its lines end in wheel order from the start.",
        ),
        HelpLine::new(
            "Trumps",
            "A Super Chicken played on its suit trumps it: the next player in the direction of play takes the line. The app names them: tap who trumped, and flip the direction whenever an Egg or the Yoker is played (play starts clockwise, to the left; each line keeps the direction it was claimed in, and the next form starts from it). A line ending before the closing card was trumped, so it holds at least one Super Chicken; whoever plays the closing card takes the last line.",
        ),
        HelpLine::new(
            "Checks",
            "At most 3 lines and 2 Super Chickens per suit, 3 Eggs and 1 Yoker in the whole game, a suit's lines in wheel order, its last line on its closing card, nothing after a suit is closed.",
        ),
        HelpLine::new("Plumedini bonus", variant),
        HelpLine::new(
            "Plumedini tie",
            "If players tie for the card, the app asks the table who takes it. The holder's total is halved exactly (a half point shows as .5). If no line was claimed nobody takes it.",
        ),
        HelpLine::new(
            "End of the game",
            "When all 9 suits are closed, or when the table ends it early (the lines claimed so far count). Lowest score wins; tied players share the win.",
        ),
        HelpLine::new(
            "Suits",
            format!(
                "{}. The rulebook names Hopper, Betsy, Chug and Bud; the others are numbered unless the table named them.",
                names.join(", ")
            ),
        ),
    ]
}
