//! The score chart on a game's screen: each player's running total after
//! every row of the score sheet (a hand, a round, a turn, a line: the
//! game's [`Rules::SHEET_STEP`](crate::rules::Rules::SHEET_STEP)), from 0.
//! The winners' lines are highlighted once the game is over, the leaders'
//! while it is on. [`chart_data`] is the pure part, tested natively; the
//! drawing is the shared [`LineChart`].

use leptos::prelude::*;

use crate::app::components::{ChartData, LineChart, Series};
use crate::rules::{Points, Standings};

/// Points as a chart value (exact: halves are 0.5).
fn value(p: Points) -> f64 {
    p.halves() as f64 / 2.0
}

/// What the highlighted lines mean in the legend: "winner", "shares the
/// win", "in the tie-breaker" once over; "leads", "shares the lead" while
/// the game is on.
pub fn highlight_note(standings: &Standings, highlighted: usize) -> &'static str {
    match (&standings.outcome, highlighted > 1) {
        (Some(o), _) if o.pending.is_some() => "in the tie-breaker",
        (Some(_), false) => "winner",
        (Some(_), true) => "shares the win",
        (None, false) => "leads",
        (None, true) => "shares the lead",
    }
}

/// The chart of `standings`: one line per player (by seat, named as
/// `players`), one point per score-sheet row (its running totals), from
/// 0; `step` names a row ("Hand").
pub fn chart_data(standings: &Standings, players: &[String], step: &str) -> ChartData {
    let lead = standings.leaders();
    let series = players
        .iter()
        .enumerate()
        .map(|(seat, name)| Series {
            name: name.clone(),
            values: standings
                .sheet
                .iter()
                .map(|row| row.totals.get(seat).copied().map_or(0.0, value))
                .collect(),
            highlight: lead.contains(&seat),
        })
        .collect();
    let lower = step.to_ascii_lowercase();
    ChartData {
        title: format!("Running totals, {lower} by {lower}"),
        step: step.to_string(),
        from_zero: true,
        series,
        highlight_note: highlight_note(standings, lead.len()).to_string(),
    }
}

/// The chart while `open` (see [`super::around`]): nothing of it is
/// drawn, or redrawn on a save, while it is closed.
#[component]
pub fn ScoreChart(
    /// The game's standings.
    standings: Signal<Standings>,
    /// Player names by seat.
    players: Signal<Vec<String>>,
    /// What one score-sheet row is ("Hand").
    step: &'static str,
    /// Whether the chart is shown.
    open: Signal<bool>,
) -> impl IntoView {
    use crate::app::erased::dynamic;
    dynamic(move || {
        if !open.get() {
            return ().into_any();
        }
        crate::app::game::extras::extra(move || crate::app::game::extras::Extra::Chart {
            standings,
            players,
            step,
        })
    })
}

/// The chart itself (in the extras chunk: loaded when first opened).
pub fn chart_view(
    standings: Signal<Standings>,
    players: Signal<Vec<String>>,
    step: &'static str,
) -> AnyView {
    let data = Signal::derive(move || standings.with(|s| players.with(|p| chart_data(s, p, step))));
    let lower_wins = Memo::new(move |_| standings.with(|s| s.lower_wins));
    view! {
        <div class="score-chart" id="score-chart" data-testid="score-chart">
            <LineChart data=data/>
            {move || lower_wins.get().then(|| view! { <p class="hint">"The lowest total wins: the best line is the lowest."</p> })}
        </div>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::components::chart::plot;
    use crate::rules::{Outcome, SheetRow};

    fn row(totals: &[i64]) -> SheetRow {
        SheetRow {
            label: "Hand".into(),
            number: "1".into(),
            out: Default::default(),
            entry: None,
            points: Vec::new(),
            totals: totals.iter().map(|t| Points::from_halves(*t)).collect(),
            notes: Vec::new(),
            details: Vec::new(),
        }
    }

    fn standings(rows: &[&[i64]], lower_wins: bool, outcome: Option<Outcome>) -> Standings {
        Standings {
            totals: rows
                .last()
                .map(|r| r.iter().map(|t| Points::from_halves(*t)).collect())
                .unwrap_or_default(),
            lower_wins,
            sheet: rows.iter().map(|r| row(r)).collect(),
            status: Vec::new(),
            outcome,
        }
    }

    fn names(n: usize) -> Vec<String> {
        ["Ann", "Bob", "Cy", "Di"]
            .iter()
            .take(n)
            .map(|s| s.to_string())
            .collect()
    }

    fn outcome(winners: &[usize], pending: Option<&str>) -> Option<Outcome> {
        Some(Outcome {
            ranks: Vec::new(),
            winners: winners.to_vec(),
            notes: Vec::new(),
            pending: pending.map(String::from),
        })
    }

    #[test]
    fn one_point_per_row_from_the_running_totals() {
        // Halves: 10 = 5 points; 3 = 1.5.
        let s = standings(&[&[10, 0], &[20, 3]], true, None);
        let d = chart_data(&s, &names(2), "Hand");
        assert_eq!(d.series[0].values, vec![5.0, 10.0]);
        assert_eq!(d.series[1].values, vec![0.0, 1.5]);
        assert!(d.from_zero, "the lines start at 0 before the first row");
        assert_eq!(d.step, "Hand");
        assert_eq!(d.title, "Running totals, hand by hand");
        assert_eq!(d.series[1].name, "Bob");
        // Lowest wins: Bob leads.
        assert!(!d.series[0].highlight && d.series[1].highlight);
        assert_eq!(d.highlight_note, "leads");
        // The drawing starts each line at 0, then one point per row.
        let p = plot(&d, 320.0, 180.0);
        assert_eq!(p.lines[0].d.matches('L').count(), 2);
        assert_eq!(p.lines[0].values, vec![5.0, 10.0]);
    }

    #[test]
    fn the_highlight_follows_leaders_then_winners() {
        let table: &[(Standings, &[bool], &str)] = &[
            // Highest wins, shared lead.
            (
                standings(&[&[4, 4, 2]], false, None),
                &[true, true, false],
                "shares the lead",
            ),
            // Nobody leads while all are level.
            (
                standings(&[&[0, 0, 0]], false, None),
                &[false, false, false],
                "leads",
            ),
            // Over: the winner, even where a rule split equal totals.
            (
                standings(&[&[4, 4, 2]], false, outcome(&[1], None)),
                &[false, true, false],
                "winner",
            ),
            (
                standings(&[&[4, 4, 2]], false, outcome(&[0, 1], None)),
                &[true, true, false],
                "shares the win",
            ),
            (
                standings(&[&[4, 4, 2]], false, outcome(&[0, 1], Some("Draw a card"))),
                &[true, true, false],
                "in the tie-breaker",
            ),
        ];
        for (s, want, note) in table {
            let d = chart_data(s, &names(3), "Round");
            let got: Vec<bool> = d.series.iter().map(|x| x.highlight).collect();
            assert_eq!(&got, want, "{s:?}");
            assert_eq!(d.highlight_note, *note);
        }
    }

    #[test]
    fn empty_and_short_rows_never_fail() {
        let d = chart_data(&standings(&[], true, None), &names(2), "Turn");
        assert!(d.series.iter().all(|s| s.values.is_empty()));
        assert!(plot(&d, 320.0, 180.0).lines.is_empty());
        // A row missing a seat counts 0 for it.
        let d = chart_data(&standings(&[&[2]], true, None), &names(2), "Turn");
        assert_eq!(d.series[1].values, vec![0.0]);
    }

    #[test]
    fn every_game_names_its_rows() {
        use crate::rules::{
            big_chicken::BigChicken, chicken_lines::CircusTrump, chicken_lines::Rummy,
            chickenfoot::Chickenfoot, cluck::Cluck, playing_chicken::PlayingChicken, Rules,
        };
        assert_eq!(BigChicken::SHEET_STEP, "Round");
        assert_eq!(PlayingChicken::SHEET_STEP, "Round");
        assert_eq!(Chickenfoot::SHEET_STEP, "Hand");
        assert_eq!(Cluck::SHEET_STEP, "Turn");
        assert_eq!(Rummy::SHEET_STEP, "Round");
        assert_eq!(CircusTrump::SHEET_STEP, "Line");
    }
}
