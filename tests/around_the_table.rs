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
            random: false,
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

#[test]
fn rummy_rounds_below_zero_and_the_lowest_wins() {
    use chicken_scores::rules::chicken_lines::rummy::*;
    use chicken_scores::rules::chicken_lines::Card;
    let s = Setup {
        players: names(&["Ann", "Bob", "Cy"]),
        settings: Settings { rounds: 3 },
    };
    let round = |closer, close, hands| {
        Entry::Round(Round {
            closer,
            close,
            hands,
        })
    };
    // The rules' worked game: totals -20 21 100, 17 41 0, 117 1 18.
    let log = vec![
        Entry::FirstDealer { seat: 1 },
        round(
            0,
            Close::Standard,
            vec![
                None,
                Some(Hand::Cards(vec![
                    Card::Standard(3),
                    Card::Super(4),
                    Card::Egg,
                ])),
                Some(Hand::NotOpened),
            ],
        ),
        round(
            2,
            Close::Rainbow,
            vec![
                Some(Hand::Sum(37)),
                Some(Hand::Cards(vec![Card::Yoker, Card::Standard(0)])),
                None,
            ],
        ),
        round(
            1,
            Close::OpeningHand,
            vec![
                Some(Hand::NotOpened),
                None,
                Some(Hand::Cards(vec![Card::Standard(9), Card::Standard(9)])),
            ],
        ),
    ];
    // Mid-game, after round 1: Ann leads with the lowest total, below 0.
    let st = Rummy::standings(&s, &replay::<Rummy>(&s, &log[..2]).unwrap());
    let d = chart_data(&st, &s.players, Rummy::SHEET_STEP);
    assert_eq!(values_text(&d.series[0].values), "-20");
    assert!(d.series[0].highlight);
    assert_eq!(d.highlight_note, "leads");
    assert!(
        plot(&d, 320.0, 180.0).zero.is_some(),
        "a zero line inside the range"
    );
    let st = Rummy::standings(&s, &replay::<Rummy>(&s, &log).unwrap());
    lines_match_the_sheet(&st, &s.players, Rummy::SHEET_STEP);
    let d = chart_data(&st, &s.players, Rummy::SHEET_STEP);
    let values: Vec<String> = d.series.iter().map(|l| values_text(&l.values)).collect();
    assert_eq!(values, ["-20,17,117", "21,41,1", "100,0,18"]);
    let win: Vec<bool> = d.series.iter().map(|l| l.highlight).collect();
    assert_eq!(win, [false, true, false]);
    assert_eq!(d.step, "Round");
    let text = share_text(&info::<Rummy>(&s.players), &st);
    assert!(
        text.contains("🏆 Bob wins!\nFinal scores after 3 rounds:\n1. Bob 1\n2. Cy 18\n3. Ann 117\n(The lowest total wins.)"),
        "{text}"
    );
}

#[test]
fn big_chicken_a_golden_egg_tie_pending_then_settled_by_the_card_draw() {
    use chicken_scores::rules::big_chicken::*;
    let s = Setup {
        players: names(&["Ann", "Bob", "Cy", "Dee"]),
        settings: Settings::default(),
    };
    // Ten rounds: Ann and Cy end on 5 points each (the rules' worked tie).
    let mut log: Vec<Entry> = (0..10)
        .map(|i| {
            Entry::Round(if i % 2 == 0 {
                Round::won_by(0, vec![0, 1, 1, 3])
            } else {
                Round::won_by(2, vec![1, 1, 0, 3])
            })
        })
        .collect();
    let st = BigChicken::standings(&s, &replay::<BigChicken>(&s, &log).unwrap());
    lines_match_the_sheet(&st, &s.players, BigChicken::SHEET_STEP);
    let d = chart_data(&st, &s.players, BigChicken::SHEET_STEP);
    assert_eq!(d.series[0].values.len(), 10, "a point per round");
    let win: Vec<bool> = d.series.iter().map(|l| l.highlight).collect();
    assert_eq!(win, [true, false, true, false], "both still in the draw");
    assert_eq!(d.highlight_note, "in the tie-breaker");
    let text = share_text(&info::<BigChicken>(&s.players), &st);
    assert!(
        text.contains("\nGolden Egg tie: card draw pending\n"),
        "{text}"
    );
    assert!(!text.contains("🏆"), "no winner yet: {text}");

    let egg = |n, suit| Card::Egg { number: n, suit };
    log.push(Entry::CardDraw(CardDraw {
        players: vec![2, 0],
        draws: vec![
            vec![egg(7, Suit::Green), egg(7, Suit::Green)],
            vec![Card::Duck, egg(2, Suit::Blue)],
        ],
        app_dealt: false,
    }));
    let st = BigChicken::standings(&s, &replay::<BigChicken>(&s, &log).unwrap());
    let d = chart_data(&st, &s.players, BigChicken::SHEET_STEP);
    let win: Vec<bool> = d.series.iter().map(|l| l.highlight).collect();
    assert_eq!(win, [true, false, false, false], "Ann won the draw");
    assert_eq!(d.highlight_note, "winner");
    assert_eq!(d.step, "Round");
    let text = share_text(&info::<BigChicken>(&s.players), &st);
    assert!(
        text.contains("🏆 Ann wins!\nFinal scores after 10 rounds:\n1. Ann 5\n2. Cy 5\n3. Bob 10\n4. Dee 30\n"),
        "equal totals, placed by the draw: {text}"
    );
    assert!(
        text.contains("Golden Egg: Ann (5 points), winning the card draw against Cy"),
        "{text}"
    );
}

#[test]
fn playing_chicken_round_by_round_with_a_shared_win() {
    use chicken_scores::rules::playing_chicken::*;
    let s = Setup {
        players: names(&["Ann", "Bob", "Cy"]),
        settings: Settings {
            exact_bonus: ExactBonus::Double,
            goal_source: GoalSource::Typed,
            deck: Vec::new(),
        },
    };
    let t = |goal, cards: &[u8]| Trick {
        goal,
        cards: cards.to_vec(),
    };
    // The rules' worked game: 15 tricks in 5 rounds; Ann and Cy tie on 32.
    let log = vec![
        t(14, &[6, 5, 2]),
        t(10, &[5, 6, 4]),
        t(8, &[1, 2, 5]),
        t(7, &[3, 1, 3]),
        t(11, &[4, 4, 1]),
        t(13, &[6, 6, 5]),
        t(17, &[5, 5, 4]),
        t(4, &[1, 1, 2]),
        t(5, &[3, 2, 1]),
        t(11, &[6, 5, 4]),
        t(13, &[5, 6, 2]),
        t(8, &[3, 2, 5]),
        t(17, &[6, 6, 5]),
        t(10, &[5, 2, 2]),
        t(14, &[5, 2, 5]),
    ];
    // Mid-round: the round in play is a row too, and its line follows it.
    for upto in [1, 6, 15] {
        let st =
            PlayingChicken::standings(&s, &replay::<PlayingChicken>(&s, &log[..upto]).unwrap());
        lines_match_the_sheet(&st, &s.players, PlayingChicken::SHEET_STEP);
    }
    let st = PlayingChicken::standings(&s, &replay::<PlayingChicken>(&s, &log).unwrap());
    let d = chart_data(&st, &s.players, PlayingChicken::SHEET_STEP);
    let values: Vec<String> = d.series.iter().map(|l| values_text(&l.values)).collect();
    assert_eq!(values, ["8,11,11,26,32", "2,5,17,27,27", "10,22,26,26,32"]);
    let win: Vec<bool> = d.series.iter().map(|l| l.highlight).collect();
    assert_eq!(win, [true, false, true]);
    assert_eq!(d.highlight_note, "shares the win");
    assert_eq!(d.title, "Running totals, round by round");
    let text = share_text(&info::<PlayingChicken>(&s.players), &st);
    assert!(
        text.contains("🏆 Ann and Cy share the win!\nFinal scores after 5 rounds:\n1. Ann 32\n1. Cy 32\n3. Bob 27\n"),
        "{text}"
    );
    assert!(
        text.contains("Ann and Cy tie on 32 points and share the win."),
        "{text}"
    );
}
