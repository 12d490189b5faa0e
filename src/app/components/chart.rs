//! A line chart drawn as inline SVG: each player's score as it grew (the
//! running total after each round, trick or turn on a game's screen; each
//! game's result on a player's page). [`plot`] is the pure geometry,
//! tested natively; [`LineChart`] draws it. No charting library: a few
//! paths, ticks and a legend.

use leptos::prelude::*;

/// One line: a name and its values, oldest first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Series {
    /// Whose line this is (the legend shows it).
    pub name: String,
    /// The values, one per step on the x axis.
    pub values: Vec<f64>,
    /// Drawn thicker than the others (the winner, or the leader).
    pub highlight: bool,
}

/// What a chart shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChartData {
    /// The chart's accessible name ("Running totals, hand by hand").
    pub title: String,
    /// What one step on the x axis is ("Hand", "Game").
    pub step: String,
    /// Whether every line starts at 0 before the first step (running
    /// totals), or at its first value (results over time).
    pub from_zero: bool,
    /// The lines, in legend order (seating order on a game's screen).
    pub series: Vec<Series>,
    /// What the highlighted line means in the legend ("winner", "leads").
    pub highlight_note: String,
}

/// One line, placed.
#[derive(Clone, Debug, PartialEq)]
pub struct PlotLine {
    /// Whose line.
    pub name: String,
    /// The SVG path ("M x y L x y ...").
    pub d: String,
    /// The values it was drawn from, as shown in the chart's data
    /// attribute (what tests compare with the score sheet).
    pub values: Vec<f64>,
    /// Its last point (a dot is drawn there).
    pub end: (f64, f64),
    /// Drawn thicker.
    pub highlight: bool,
    /// Its colour, 0-7 (the legend and the line share it).
    pub colour: usize,
}

/// A chart placed in a `width` x `height` box.
#[derive(Clone, Debug, PartialEq)]
pub struct Plot {
    /// The lines, in the data's order.
    pub lines: Vec<PlotLine>,
    /// Horizontal grid lines: their y and label.
    pub y_ticks: Vec<(f64, String)>,
    /// Labels under the x axis: their x and label.
    pub x_ticks: Vec<(f64, String)>,
    /// The y of the zero line, when zero is inside the range.
    pub zero: Option<f64>,
}

/// The plot area's margins: left (for the y labels), right, top, bottom
/// (for the x labels).
const MARGIN: (f64, f64, f64, f64) = (34.0, 8.0, 8.0, 20.0);

/// A "nice" step (1, 2 or 5 times a power of ten) giving about `n` steps
/// over `range`.
fn nice_step(range: f64, n: f64) -> f64 {
    if range.is_nan() || range <= 0.0 || range.is_infinite() {
        return 1.0;
    }
    let rough = range / n;
    // The power of ten at or below `rough`, by steps (no `powf`/`log10`:
    // their code would be added to every bundle showing a chart).
    let mut mag = 1.0;
    while mag * 10.0 <= rough {
        mag *= 10.0;
    }
    while mag > rough && mag > 1e-300 {
        mag /= 10.0;
    }
    let m = rough / mag;
    let nice = if m <= 1.0 {
        1.0
    } else if m <= 2.0 {
        2.0
    } else if m <= 5.0 {
        5.0
    } else {
        10.0
    };
    (nice * mag).max(0.5)
}

/// `v` to one decimal ("34.0", "-2.5"), printed through integers: Rust's
/// float printing would add about 10 KB to every bundle showing a chart.
pub fn tenths(v: f64) -> String {
    let t = (v * 10.0).round();
    // Saturating cast: NaN is 0, the infinities the ends of i64.
    let t = t as i64;
    let sign = if t < 0 { "-" } else { "" };
    let a = t.unsigned_abs();
    format!("{sign}{}.{}", a / 10, a % 10)
}

/// A tick's label: whole numbers as such, else one decimal.
fn tick_label(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round() as i64)
    } else {
        tenths(v)
    }
}

/// Places `data` in a `width` x `height` box. Values that are not finite
/// count as 0; an empty chart has no lines.
pub fn plot(data: &ChartData, width: f64, height: f64) -> Plot {
    let clean = |v: &f64| if v.is_finite() { *v } else { 0.0 };
    let series: Vec<Vec<f64>> = data
        .series
        .iter()
        .map(|s| {
            let mut v: Vec<f64> = s.values.iter().map(clean).collect();
            if data.from_zero {
                v.insert(0, 0.0);
            }
            v
        })
        .collect();
    let steps = series.iter().map(Vec::len).max().unwrap_or(0);
    let all = series.iter().flatten().copied();
    let (mut lo, mut hi) = all.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    // No values at all: nothing to draw (not even the zeros a running
    // total starts from).
    let nothing = data.series.iter().all(|s| s.values.is_empty());
    if nothing || steps == 0 || lo > hi {
        return Plot {
            lines: Vec::new(),
            y_ticks: Vec::new(),
            x_ticks: Vec::new(),
            zero: None,
        };
    }
    if data.from_zero {
        lo = lo.min(0.0);
        hi = hi.max(0.0);
    }
    let step = nice_step(hi - lo, 4.0);
    lo = (lo / step).floor() * step;
    hi = ((hi / step).ceil() * step).max(lo + step);
    let (ml, mr, mt, mb) = MARGIN;
    let (pw, ph) = ((width - ml - mr).max(1.0), (height - mt - mb).max(1.0));
    let x = |i: usize| {
        ml + if steps > 1 {
            pw * i as f64 / (steps - 1) as f64
        } else {
            pw / 2.0
        }
    };
    let y = |v: f64| mt + ph * (hi - v) / (hi - lo);
    let lines = data
        .series
        .iter()
        .zip(&series)
        .enumerate()
        .map(|(n, (s, vals))| {
            let mut d = String::new();
            for (i, v) in vals.iter().enumerate() {
                let cmd = if i == 0 { 'M' } else { 'L' };
                d.push_str(&format!("{cmd}{} {} ", tenths(x(i)), tenths(y(*v))));
            }
            let last = vals.len().saturating_sub(1);
            PlotLine {
                name: s.name.clone(),
                d: d.trim_end().to_string(),
                values: s.values.iter().map(clean).collect(),
                end: (x(last), y(vals.last().copied().unwrap_or(0.0))),
                highlight: s.highlight,
                colour: n % 8,
            }
        })
        .collect();
    let mut y_ticks = Vec::new();
    let mut v = lo;
    while v <= hi + step / 2.0 && y_ticks.len() < 12 {
        y_ticks.push((y(v), tick_label(v)));
        v += step;
    }
    // At most about six labels under the axis: the first, the last and
    // evenly spaced ones between.
    let first = usize::from(data.from_zero);
    let shown = steps.saturating_sub(first);
    let every = shown.div_ceil(6).max(1);
    let x_ticks = (first..steps)
        .filter(|i| (i - first) % every == 0 || *i + 1 == steps)
        .map(|i| (x(i), format!("{}", i + 1 - first)))
        .collect();
    Plot {
        lines,
        y_ticks,
        x_ticks,
        zero: (lo < 0.0 && hi > 0.0).then(|| y(0.0)),
    }
}

/// The chart's values as the data attribute shows them ("0,5,12.5").
pub fn values_text(values: &[f64]) -> String {
    values
        .iter()
        .map(|v| tick_label(*v))
        .collect::<Vec<_>>()
        .join(",")
}

/// `text` made safe inside HTML or SVG markup (text and attribute values).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// The chart's size in SVG units (it scales to the width it is given).
const W: f64 = 320.0;
const H: f64 = 180.0;

/// A line's classes: its colour (past eight players the colours come round
/// again, dashed), thicker when highlighted, dimmed beside a highlight.
fn line_class(n: usize, l: &PlotLine, dim: bool) -> String {
    format!(
        "line c{}{}{}{}",
        l.colour,
        if n >= 8 { " alt" } else { "" },
        if l.highlight { " win" } else { "" },
        if dim && !l.highlight { " dim" } else { "" }
    )
}

/// A line chart of `data`: the lines, a grid with the values, and a legend
/// naming each line (the highlighted one with its note). It scales to the
/// width it is given (320 px phones included). Names are text and
/// attributes set by Leptos, never markup.
#[component]
pub fn LineChart(
    /// What to draw.
    #[prop(into)]
    data: Signal<ChartData>,
) -> impl IntoView {
    move || {
        let data = data.get();
        let p = plot(&data, W, H);
        if p.lines.is_empty() {
            return view! { <p class="hint" data-testid="chart-empty">"The chart starts with the first entry."</p> }.into_any();
        }
        let t = tenths;
        let dim = p.lines.iter().any(|l| l.highlight);
        let lines = p
            .lines
            .iter()
            .enumerate()
            .map(|(n, l)| {
                let class = line_class(n, l, dim);
                view! {
                    <path class=class.clone() d=l.d.clone() data-testid="chart-line"
                        data-name=l.name.clone() data-values=values_text(&l.values)/>
                    <circle class=class r=if l.highlight { "4" } else { "3" } cx=t(l.end.0) cy=t(l.end.1)/>
                }
            })
            .collect_view();
        let note = data.highlight_note.clone();
        let legend = p
            .lines
            .iter()
            .enumerate()
            .map(|(n, l)| {
                let note = if l.highlight && !note.is_empty() {
                    format!(" ({note})")
                } else {
                    String::new()
                };
                view! {
                    <li class=if l.highlight { "win" } else { "" }>
                        <span class=format!("swatch c{}{}", l.colour, if n >= 8 { " alt" } else { "" }) aria-hidden="true"></span>
                        <span class="legend-name">{l.name.clone()}</span>{note}
                    </li>
                }
            })
            .collect_view();
        view! {
            <figure class="chart" data-testid="chart">
                <svg viewBox=format!("0 0 {} {}", W as i64, H as i64) role="img" aria-label=data.title.clone()
                    preserveAspectRatio="xMidYMid meet">
                    {p.y_ticks.iter().map(|(y, l)| view! {
                        <line class="grid" x1=t(MARGIN.0) x2=t(W - MARGIN.1) y1=t(*y) y2=t(*y)/>
                        <text class="tick" x=t(MARGIN.0 - 4.0) y=t(*y + 3.5) text-anchor="end">{l.clone()}</text>
                    }).collect_view()}
                    {p.zero.map(|y| view! { <line class="zero" x1=t(MARGIN.0) x2=t(W - MARGIN.1) y1=t(y) y2=t(y)/> })}
                    {p.x_ticks.iter().map(|(x, l)| view! {
                        <text class="tick" x=t(*x) y=t(H - 5.0) text-anchor="middle">{l.clone()}</text>
                    }).collect_view()}
                    {lines}
                </svg>
                <figcaption>
                    <span class="hint">{format!("{} by {}", data.step, data.step.to_ascii_lowercase())}</span>
                    <ul class="legend">{legend}</ul>
                </figcaption>
            </figure>
        }
        .into_any()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(from_zero: bool, series: &[&[f64]]) -> ChartData {
        ChartData {
            title: "t".into(),
            step: "Hand".into(),
            from_zero,
            series: series
                .iter()
                .enumerate()
                .map(|(i, v)| Series {
                    name: format!("P{i}"),
                    values: v.to_vec(),
                    highlight: i == 0,
                })
                .collect(),
            highlight_note: "winner".into(),
        }
    }

    #[test]
    fn running_totals_start_at_zero_and_fill_the_box() {
        let p = plot(&data(true, &[&[5.0, 12.0], &[-3.0, 4.0]]), 320.0, 180.0);
        assert_eq!(p.lines.len(), 2);
        assert_eq!(p.lines[0].values, vec![5.0, 12.0], "the values as given");
        assert!(p.lines[0].d.starts_with("M34.0 "), "{}", p.lines[0].d);
        assert_eq!(p.lines[0].d.matches('L').count(), 2, "0, then two steps");
        assert!(p.zero.is_some(), "zero is inside -3..12");
        assert_eq!(p.x_ticks.first().map(|t| t.1.as_str()), Some("1"));
        assert_eq!(p.x_ticks.last().map(|t| t.1.as_str()), Some("2"));
        // Every point lies inside the box.
        for l in &p.lines {
            for pair in l.d.split(['M', 'L']).filter(|s| !s.trim().is_empty()) {
                let xy: Vec<f64> = pair
                    .split_whitespace()
                    .map(|n| n.parse().unwrap())
                    .collect();
                assert!((0.0..=320.0).contains(&xy[0]) && (0.0..=180.0).contains(&xy[1]));
            }
        }
        // The highest value is at the top of the range, the lowest at the
        // bottom: higher values are drawn higher.
        assert!(p.lines[0].end.1 < p.lines[1].end.1);
    }

    #[test]
    fn empty_odd_and_single_point_charts_never_fail() {
        assert!(plot(&ChartData::default(), 320.0, 180.0).lines.is_empty());
        assert!(plot(&data(false, &[&[]]), 320.0, 180.0).lines.is_empty());
        assert!(plot(&data(true, &[&[], &[]]), 320.0, 180.0)
            .lines
            .is_empty());
        let one = plot(&data(false, &[&[7.0]]), 320.0, 180.0);
        assert_eq!(one.lines.len(), 1);
        let odd = plot(
            &data(true, &[&[f64::NAN, f64::INFINITY, 1e300, -1e300]]),
            10.0,
            5.0,
        );
        assert_eq!(odd.lines[0].values.len(), 4);
        assert!(odd.y_ticks.len() <= 12);
        let flat = plot(&data(false, &[&[3.0, 3.0, 3.0]]), 320.0, 180.0);
        assert!(flat.y_ticks.len() >= 2, "a flat line still has a range");
    }

    #[test]
    fn long_games_label_about_six_steps() {
        let v: Vec<f64> = (0..40).map(f64::from).collect();
        let p = plot(&data(true, &[&v]), 320.0, 180.0);
        assert!(p.x_ticks.len() <= 8, "{}", p.x_ticks.len());
        assert_eq!(p.x_ticks.last().map(|t| t.1.as_str()), Some("40"));
        assert_eq!(values_text(&[0.0, 2.5, -3.0]), "0,2.5,-3");
    }

    #[test]
    fn lines_are_dimmed_beside_a_highlight_and_dashed_past_eight() {
        let ten: Vec<&[f64]> = vec![&[1.0]; 10];
        let p = plot(&data(true, &ten), 320.0, 180.0);
        let classes: Vec<String> = p
            .lines
            .iter()
            .enumerate()
            .map(|(n, l)| line_class(n, l, true))
            .collect();
        assert_eq!(classes[0], "line c0 win");
        assert_eq!(classes[1], "line c1 dim");
        assert_eq!(
            classes[8], "line c0 alt dim",
            "the ninth reuses colour 0, dashed"
        );
        assert_eq!(classes.iter().filter(|c| c.contains(" alt")).count(), 2);
        // What the score-sheet picture's SVG escapes (share.rs).
        assert_eq!(escape("a'b\u{7}c"), "a&#39;bc");
    }

    #[test]
    fn steps_are_one_two_or_five_times_a_power_of_ten() {
        let table = [
            (1.0, 4.0, 0.5),
            (12.0, 4.0, 5.0),
            (40.0, 4.0, 10.0),
            (67.0, 4.0, 20.0),
            (1000.0, 4.0, 500.0),
            (3.0e9, 4.0, 1.0e9),
            (0.0, 4.0, 1.0),
            (f64::NAN, 4.0, 1.0),
            (f64::INFINITY, 4.0, 1.0),
        ];
        for (range, n, want) in table {
            assert_eq!(nice_step(range, n), want, "{range}");
        }
        // The largest finite range still ends.
        assert!(nice_step(f64::MAX, 4.0).is_finite());
    }

    #[test]
    fn tenths_print_like_one_decimal() {
        for v in [0.0, 34.0, -2.5, 0.04, -0.04, 12.349, 179.96, -0.96, 1e6] {
            let want = format!("{v:.1}");
            let want = if want == "-0.0" {
                "0.0".to_string()
            } else {
                want
            };
            assert_eq!(tenths(v), want, "{v}");
        }
        assert_eq!(tenths(f64::NAN), "0.0");
        assert!(tenths(f64::INFINITY).len() > 10, "no panic at the ends");
    }
}
