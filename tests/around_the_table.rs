//! Around the table (issue 12), on real games: the score chart's lines are
//! the score sheet's running totals (one point per row, the winners
//! highlighted, each game's row named), and the shared summary says the
//! result, every total in finishing order, and how a tie was settled, in
//! the rules' own words.

use chicken_scores::app::components::chart::{plot, values_text};
use chicken_scores::app::game::progress::chart_data;
use chicken_scores::app::game::share::{share_text, sheet_svg, ShareInfo};
use chicken_scores::rules::*;

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn info<R: Rules>(players: &[String]) -> ShareInfo {
    ShareInfo {
        game: R::KIND.name().into(),
        date: "23/11/2026".into(),
        step: R::SHEET_STEP.into(),
        players: players.to_vec(),
    }
}

/// Every line holds its player's running totals, row by row, as the
/// sheet prints them.
fn lines_match_the_sheet(st: &Standings, players: &[String], step: &str) {
    let d = chart_data(st, players, step);
    assert_eq!(d.series.len(), players.len());
    for (seat, s) in d.series.iter().enumerate() {
        let sheet: Vec<String> = st
            .sheet
            .iter()
            .map(|r| {
                r.totals
                    .get(seat)
                    .map(|p| p.to_string())
                    .unwrap_or_default()
            })
            .collect();
        assert_eq!(values_text(&s.values), sheet.join(","), "{}", s.name);
    }
    let p = plot(&d, 320.0, 180.0);
    for l in &p.lines {
        assert_eq!(
            l.d.matches('L').count(),
            st.sheet.len(),
            "from 0, a point per row"
        );
    }
}

#[test]
fn chickenfoot_hand_by_hand_with_the_winner_highlighted() {
    use chicken_scores::rules::chickenfoot::*;
    let s = Setup {
        players: names(&["Ann", "Bob"]),
        settings: Settings {
            set: DominoSet::Double6,
            ..Settings::default()
        },
    };
    let hands: [(Option<usize>, [u32; 2]); 7] = [
        (Some(0), [0, 10]),
        (Some(1), [4, 0]),
        (Some(0), [0, 3]),
        (Some(1), [5, 0]),
        (Some(0), [0, 2]),
        (Some(1), [1, 0]),
        (None, [8, 9]),
    ];
    let mut log = Vec::new();
    for (k, (out, left)) in hands.iter().enumerate() {
        log = push_entry::<Chickenfoot>(
            &s,
            &log,
            Hand {
                out: *out,
                started_with: None,
                left: left.iter().map(|p| Left::Pips(*p)).collect(),
            },
        )
        .unwrap();
        let st = Chickenfoot::standings(&s, &replay::<Chickenfoot>(&s, &log).unwrap());
        lines_match_the_sheet(&st, &s.players, Chickenfoot::SHEET_STEP);
        let d = chart_data(&st, &s.players, Chickenfoot::SHEET_STEP);
        if k < 6 {
            assert_eq!(d.highlight_note, "leads", "hand {}", k + 1);
        }
    }
    let st = Chickenfoot::standings(&s, &replay::<Chickenfoot>(&s, &log).unwrap());
    let d = chart_data(&st, &s.players, Chickenfoot::SHEET_STEP);
    assert_eq!(values_text(&d.series[0].values), "0,4,4,9,9,10,18");
    assert_eq!(values_text(&d.series[1].values), "10,10,13,13,15,15,24");
    assert!(d.series[0].highlight && !d.series[1].highlight);
    assert_eq!(d.highlight_note, "winner");
    assert_eq!(d.step, "Hand");
    assert_eq!(d.title, "Running totals, hand by hand");
    let text = share_text(&info::<Chickenfoot>(&s.players), &st);
    assert!(
        text.starts_with("Chickenfoot · 23/11/2026\n🏆 Ann wins!\nFinal scores after 7 hands:\n1. Ann 18\n2. Bob 24\n"),
        "{text}"
    );
    let (svg, w, h) = sheet_svg(&info::<Chickenfoot>(&s.players), &st);
    assert_eq!((w, h), (320, 92 + 26 * 8 + 34));
    assert!(svg.contains("★ Ann"));
}

#[test]
fn cluck_eggs_rise_turn_by_turn_and_a_tie_is_settled_by_the_knock_out_order() {
    use chicken_scores::rules::cluck::*;
    let s = Setup {
        players: names(&["Ann", "Bob", "Cy", "Dan"]),
        settings: Settings::default(),
    };
    let kill = |killer, victim, eggs| {
        Entry::Kill(Kill {
            killer,
            victim,
            eggs,
        })
    };
    // The rules' worked game: Ann and Cy tie on 9 eggs; Cy, knocked out
    // after Ann, wins.
    let mut log = vec![
        Entry::First {
            seat: 0,
            seed: None,
        },
        kill(0, 3, 3),
        kill(0, 3, 2),
        kill(0, 3, 2),
        kill(0, 3, 2),
        Entry::EndTurn,
        kill(2, 1, 5),
        kill(2, 1, 4),
        Entry::EndTurn,
    ];
    log.extend((0..4).map(|_| kill(1, 0, 1)));
    log.extend((0..4).map(|_| kill(1, 2, 1)));
    let st = Cluck::standings(&s, &replay::<Cluck>(&s, &log).unwrap());
    lines_match_the_sheet(&st, &s.players, Cluck::SHEET_STEP);
    let d = chart_data(&st, &s.players, Cluck::SHEET_STEP);
    // One point per turn; eggs are only ever won, so every line rises or
    // stays level: a sensible line.
    assert_eq!(st.sheet.len(), 3);
    for line in &d.series {
        assert!(line.values.windows(2).all(|w| w[0] <= w[1]), "{line:?}");
    }
    assert_eq!(values_text(&d.series[2].values), "0,9,9");
    let win: Vec<bool> = d.series.iter().map(|l| l.highlight).collect();
    assert_eq!(
        win,
        vec![false, false, true, false],
        "Cy, not Ann, on equal eggs"
    );
    assert_eq!(d.highlight_note, "winner");
    assert_eq!(d.step, "Turn");
    let text = share_text(&info::<Cluck>(&s.players), &st);
    assert!(
        text.contains(
            "🏆 Cy wins!\nFinal scores after 3 turns:\n1. Cy 9\n2. Ann 9\n3. Bob 8\n4. Dan 0\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("Ann and Cy are tied on 9 eggs: Cy wins, knocked out last of them"),
        "how the tie was settled: {text}"
    );
    assert!(!text.contains("lowest"), "most eggs wins");
}

#[test]
fn circus_trump_lines_with_a_half_point_and_a_tie_the_table_settles() {
    use chicken_scores::rules::chicken_lines::circus::*;
    let s = Setup {
        players: names(&["Ann", "Bob", "Cy"]),
        settings: Settings {
            plumedini: Variant::MostPoints,
            suit_names: Vec::new(),
        },
    };
    let line = |to, last, supers, eggs| {
        Entry::Line(Line {
            suit: 0,
            to,
            last,
            supers,
            eggs,
            yoker: false,
            direction: Direction::Clockwise,
        })
    };
    let mut log = vec![
        Entry::Start { suit: 0, card: 3 },
        line(1, 4, 1, 0),
        line(0, 9, 1, 0),
        line(1, 2, 0, 1),
        Entry::EndEarly,
    ];
    // Ann and Bob tie on 11 for the Plumedini card: shared lead for now.
    let st = CircusTrump::standings(&s, &replay::<CircusTrump>(&s, &log).unwrap());
    assert!(st.outcome.is_none());
    let text = share_text(&info::<CircusTrump>(&s.players), &st);
    assert!(text.contains("Standings after 3 lines:"), "{text}");
    log.push(Entry::Plumedini { seat: 0 });
    let st = CircusTrump::standings(&s, &replay::<CircusTrump>(&s, &log).unwrap());
    lines_match_the_sheet(&st, &s.players, CircusTrump::SHEET_STEP);
    let d = chart_data(&st, &s.players, CircusTrump::SHEET_STEP);
    // The last point is the Plumedini row: Ann's 11 halved to 5.5.
    assert_eq!(d.series[0].values.last(), Some(&5.5));
    assert_eq!(d.step, "Line");
    let text = share_text(&info::<CircusTrump>(&s.players), &st);
    assert!(text.contains("chosen by the table in a tie"), "{text}");
    assert!(text.contains("Ann 5.5"), "{text}");
}
