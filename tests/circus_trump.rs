//! Plumedini's Circus Trump: the line value, the rulebook's Hopper
//! example, the closing card for every start, the checks, both Plumedini
//! variants with a tie and a half point, whole games worked by hand, and
//! properties over valid games at every depth.

use chicken_scores::rules::chicken_lines::circus::*;
use chicken_scores::rules::*;
use proptest::prelude::*;

mod common;

/// The share of generated edits that must be accepted (see
/// `common::check_edits`); about 30% are.
const MIN_PERCENT: u32 = 10;

const A: usize = 0;
const B: usize = 1;
const C: usize = 2;
const D: usize = 3;
const HOPPER: usize = 0;

fn setup(n: usize, plumedini: Variant) -> Setup<Settings> {
    let names = ["Ann", "Bob", "Cy", "Dee", "Eve"];
    Setup {
        players: names.iter().take(n).map(|s| s.to_string()).collect(),
        settings: Settings {
            plumedini,
            suit_names: Vec::new(),
        },
    }
}

fn start(suit: usize, card: u8) -> Entry {
    Entry::Start { suit, card }
}

fn line(suit: usize, to: usize, last: u8, supers: u8, eggs: u8, yoker: bool) -> Entry {
    Entry::Line(Line {
        suit,
        to,
        last,
        supers,
        eggs,
        yoker,
        direction: Direction::Clockwise,
    })
}

/// Totals in half points.
fn halves(s: &Setup<Settings>, log: &[Entry]) -> Vec<i64> {
    let st = replay::<CircusTrump>(s, log).expect("valid log");
    CircusTrump::standings(s, &st)
        .totals
        .iter()
        .map(|p| p.halves())
        .collect()
}

fn refused(s: &Setup<Settings>, log: &[Entry], e: Entry) -> String {
    let st = replay::<CircusTrump>(s, log).expect("valid prefix");
    CircusTrump::apply(s, &st, &e).unwrap_err().message
}

#[test]
fn a_lines_value() {
    assert_eq!(line_points(0, 0, 0, false), 0);
    assert_eq!(line_points(9, 0, 0, false), 9);
    assert_eq!(line_points(6, 1, 1, false), 6 + 2 + 3);
    assert_eq!(line_points(2, 2, 3, true), 2 + 4 + 9 + 5);
    for last in 0..=9u8 {
        assert_eq!(line_points(last, 1, 0, false), u32::from(last) + 2);
    }
}

#[test]
fn the_closing_card_for_every_start() {
    let want = [9, 0, 1, 2, 3, 4, 5, 6, 7, 8];
    for start in 0..=9u8 {
        assert_eq!(closing_card(start), want[start as usize], "start {start}");
        let w = wheel(start);
        assert_eq!(w.first(), Some(&start));
        assert_eq!(w.last(), Some(&closing_card(start)));
        assert_eq!(wheel_position(start, closing_card(start)), 9);
    }
    assert_eq!(wheel(4), vec![4, 5, 6, 7, 8, 9, 0, 1, 2, 3]);
    assert_eq!(wheel(0), (0..=9).collect::<Vec<u8>>());
}

#[test]
fn the_rulebooks_hopper_example() {
    // Hopper starts on 3 (closing on 2). 4, an Egg, 5, 6; B trumps with
    // Rocket: C takes 6 + 2 + 3 = 11. Restarted on 7, 8, 9; C trumps: A
    // takes 9 + 2 = 11. Restarted on 0 with an Egg; B plays 1 and 2,
    // closing the suit, and takes 2 + 3 = 5.
    let s = setup(3, Variant::MostLines);
    let log = vec![
        start(HOPPER, 3),
        line(HOPPER, C, 6, 1, 1, false),
        line(HOPPER, A, 9, 1, 0, false),
        line(HOPPER, B, 2, 0, 1, false),
    ];
    let st = replay::<CircusTrump>(&s, &log).unwrap();
    let hopper = &st.suits[HOPPER];
    assert_eq!(hopper.closing(), Some(2));
    assert!(hopper.closed());
    assert_eq!(hopper.lines, vec![6, 9, 2]);
    assert_eq!(halves(&s, &log), vec![22, 10, 22]);
    let sheet = CircusTrump::standings(&s, &st).sheet;
    assert_eq!(sheet[0].label, "Line 1 · Hopper 6");
    assert!(sheet[0]
        .notes
        .join(" ")
        .contains("Hopper was trumped: Cy took the line"));
    assert!(sheet[0]
        .notes
        .join(" ")
        .contains("6 + 1 × Super Chicken 2 + 1 × Egg 3 = 11"));
    assert!(sheet[2].notes.join(" ").contains("Bob closed Hopper"));
    // Nothing more from a closed suit.
    assert!(refused(&s, &log, line(HOPPER, A, 2, 0, 0, false)).contains("closed"));
    // What the sheet offered at each step.
    let st1 = replay::<CircusTrump>(&s, &log[..2]).unwrap();
    assert_eq!(st1.suits[HOPPER].next_last_cards(), vec![7, 8, 9, 0, 1, 2]);
}

#[test]
fn the_checks() {
    let s = setup(4, Variant::MostLines);
    let base = vec![start(HOPPER, 3), start(1, 0)];
    // Not started, started twice, a card outside 0-9, a suit outside 9.
    assert!(refused(&s, &base, line(2, A, 5, 1, 0, false)).contains("Chug has not been started"));
    assert!(refused(&s, &base, start(HOPPER, 5)).contains("already started on 3"));
    assert!(refused(&s, &base, start(2, 10)).contains("0 to 9"));
    assert!(refused(&s, &base, start(9, 1)).contains("9 suits"));
    assert!(refused(&s, &base, line(HOPPER, 4, 5, 1, 0, false)).contains("not in this game"));
    // Wheel order: after a line ending on 6 the next ends later, up to 2.
    let mut log = base.clone();
    log.push(line(HOPPER, A, 6, 1, 0, false));
    let m = refused(&s, &log, line(HOPPER, B, 5, 1, 0, false));
    assert!(m.contains("3, 4, 5, 6, 7, 8, 9, 0, 1, 2"), "{m}");
    assert!(refused(&s, &log, line(HOPPER, B, 6, 1, 0, false)).contains("wheel"));
    // A trumped line holds a Super Chicken; a suit has 2.
    assert!(refused(&s, &log, line(HOPPER, B, 7, 0, 0, false)).contains("trumped"));
    assert!(refused(&s, &log, line(HOPPER, B, 7, 2, 0, false)).contains("2 Super Chickens"));
    log.push(line(HOPPER, B, 8, 1, 0, false));
    assert!(refused(&s, &log, line(HOPPER, C, 9, 1, 0, false)).contains("2 Super Chickens"));
    // 3 lines at most: the third must close.
    log.push(line(HOPPER, C, 2, 0, 0, false));
    assert!(replay::<CircusTrump>(&s, &log).unwrap().suits[HOPPER].closed());
    // 3 Eggs and 1 Yoker in the game.
    let mut log = base.clone();
    log.push(line(1, A, 4, 1, 2, true));
    assert!(refused(&s, &log, line(1, A, 5, 1, 2, false)).contains("3 Eggs"));
    assert!(refused(&s, &log, line(1, A, 5, 1, 0, true)).contains("1 Yoker"));
    log.push(line(1, A, 5, 1, 1, false));
    // A closing line without Super Chickens is fine.
    log.push(line(1, D, 9, 0, 0, false));
    assert!(replay::<CircusTrump>(&s, &log).is_ok());
    // A Plumedini choice with no tie, and anything after the end.
    assert!(refused(&s, &base, Entry::Plumedini { seat: 0 }).contains("no tie"));
    let mut ended = base.clone();
    ended.push(Entry::EndEarly);
    assert!(refused(&s, &ended, start(2, 2)).contains("over"));
    assert!(refused(&s, &ended, Entry::EndEarly).contains("over"));
    // Setup: 3 to 5 players, suit names told apart.
    assert!(CircusTrump::check_setup(&setup(2, Variant::MostLines)).is_err());
    assert!(CircusTrump::check_setup(&setup(5, Variant::MostLines)).is_ok());
    let mut named = setup(3, Variant::MostLines);
    named.settings.suit_names = vec![String::new(), "Hopper".into()];
    assert!(CircusTrump::check_setup(&named).is_err());
    named.settings.suit_names = vec![String::new(); 4]
        .into_iter()
        .chain(["Rocket".to_string()])
        .collect();
    assert!(CircusTrump::check_setup(&named).is_ok());
    assert!(CircusTrump::help(&named)
        .iter()
        .any(|h| h.text.contains("Bud, Rocket, Suit 6")));
}

#[test]
fn an_edit_that_breaks_a_later_entry_is_refused_naming_it() {
    let s = setup(3, Variant::MostLines);
    let log = vec![
        start(HOPPER, 3),
        line(HOPPER, C, 6, 1, 0, false),
        line(HOPPER, A, 9, 1, 0, false),
    ];
    // Hopper started on 7 instead: the line ending on 6 is now fine (pos
    // 9 closes it) but the next line on a closed suit is not.
    let e = CircusTrump::correct(&s, &log, 0, start(HOPPER, 7)).unwrap_err();
    assert_eq!(e.index, 2);
    assert!(
        e.to_string().starts_with("Entry 3: Hopper is closed"),
        "{e}"
    );
    // A correction that keeps everything possible recomputes.
    let fixed = CircusTrump::correct(&s, &log, 1, line(HOPPER, B, 6, 1, 1, false)).unwrap();
    assert_eq!(halves(&s, &fixed), vec![22, 22, 0]);
}

/// A 3-player game closing Hopper only, then ended early.
fn short_game(variant: Variant) -> (Setup<Settings>, Vec<Entry>) {
    let s = setup(3, variant);
    // Ann 9 + 2 = 11 (1 line); Bob 4 + 2 = 6 and 2 + 3 = 5 (2 lines, 11);
    // Cy nothing.
    let log = vec![
        start(HOPPER, 3),
        line(HOPPER, B, 4, 1, 0, false),
        line(HOPPER, A, 9, 1, 0, false),
        line(HOPPER, B, 2, 0, 1, false),
        Entry::EndEarly,
    ];
    (s, log)
}

#[test]
fn most_lines_halves_exactly() {
    let (s, log) = short_game(Variant::MostLines);
    // Bob has the most lines (2): 11 halved is 5.5. Ann 11, Cy 0.
    assert_eq!(halves(&s, &log), vec![22, 11, 0]);
    let st = CircusTrump::standings(&s, &replay::<CircusTrump>(&s, &log).unwrap());
    assert_eq!(st.totals[1].to_string(), "5.5");
    let o = st.outcome.unwrap();
    assert_eq!(o.winners, vec![2]);
    assert!(o
        .notes
        .join(" ")
        .contains("Bob holds the Plumedini card (most lines: 2 lines): 11 halved is 5.5."));
    assert!(o.notes.join(" ").contains("ended the game early"));
    let last = st.sheet.last().unwrap();
    assert_eq!(last.number, "P");
    assert_eq!(last.points[1].to_string(), "-5.5");
}

#[test]
fn most_points_with_a_tie_the_table_settles() {
    let (s, log) = short_game(Variant::MostPoints);
    // Ann and Bob both have 11 points: the table chooses.
    let st = CircusTrump::standings(&s, &replay::<CircusTrump>(&s, &log).unwrap());
    assert!(st.outcome.is_none(), "not over until the tie is settled");
    assert!(st
        .status
        .join(" ")
        .contains("Plumedini tie: Ann and Bob each have 11 points"));
    assert_eq!(halves(&s, &log), vec![22, 22, 0]);
    assert!(refused(&s, &log, Entry::Plumedini { seat: C }).contains("in the tie"));
    let mut settled = log.clone();
    settled.push(Entry::Plumedini { seat: A });
    // Ann's 11 halved to 5.5; Bob 11; Cy 0 wins.
    assert_eq!(halves(&s, &settled), vec![11, 22, 0]);
    let st = CircusTrump::standings(&s, &replay::<CircusTrump>(&s, &settled).unwrap());
    let o = st.outcome.unwrap();
    assert!(o.notes.join(" ").contains("chosen by the table in a tie"));
    assert_eq!(st.sheet.last().unwrap().entry, Some(5));
    // Settled once only.
    assert!(refused(&s, &settled, Entry::Plumedini { seat: B }).contains("no tie"));
    // An edit that breaks the tie makes the choice impossible: refused,
    // naming it.
    let e = CircusTrump::correct(&s, &settled, 3, line(HOPPER, B, 2, 0, 0, false)).unwrap_err();
    assert_eq!(e.index, 5);
    // Most lines with a tie: Ann 1 line, Bob 1 line.
    let s2 = setup(3, Variant::MostLines);
    let tie = vec![
        start(HOPPER, 0),
        line(HOPPER, A, 3, 1, 0, false),
        line(HOPPER, B, 9, 0, 0, false),
        Entry::EndEarly,
    ];
    let st = CircusTrump::standings(&s2, &replay::<CircusTrump>(&s2, &tie).unwrap());
    assert!(st.status.join(" ").contains("Ann and Bob each have 1 line"));
    let mut t = tie.clone();
    t.push(Entry::Plumedini { seat: B });
    // Bob's 9 halved is 4.5; Ann 5; Cy 0.
    assert_eq!(halves(&s2, &t), vec![10, 9, 0]);
    // No line at all: nobody takes the card.
    let none = vec![Entry::EndEarly];
    let st = CircusTrump::standings(&s2, &replay::<CircusTrump>(&s2, &none).unwrap());
    assert_eq!(st.outcome.unwrap().winners, vec![0, 1, 2]);
}

/// A 4-player game through all 9 suits, worked by hand.
#[test]
fn a_whole_game_through_nine_suits() {
    let s = setup(4, Variant::MostLines);
    let mut log = Vec::new();
    // Suits 0-8 start on their own index; each closes on index - 1.
    for suit in 0..9usize {
        log.push(start(suit, suit as u8));
    }
    // Suit 0 (Hopper, 0..9): trumped at 4 with an Egg to Bob (4+2+3 = 9),
    //   closed at 9 by Ann (9).
    log.push(line(0, B, 4, 1, 1, false));
    log.push(line(0, A, 9, 0, 0, false));
    // Suit 1 (Betsy, 1..0): trumped at 5 with the Yoker to Cy (5+2+5 =
    //   12), trumped at 8 to Dee (8+2 = 10), closed at 0 by Bob with 2
    //   Eggs (0+6 = 6).
    log.push(line(1, C, 5, 1, 0, true));
    log.push(line(1, D, 8, 1, 0, false));
    log.push(line(1, B, 0, 0, 2, false));
    // Suits 2-8: each closed by one line on its closing card (suit - 1),
    // to Ann, Bob, Cy, Dee, Ann, Bob, Cy in turn: 1, 2, 3, 4, 5, 6, 7.
    for (k, suit) in (2..9usize).enumerate() {
        log.push(line(suit, k % 4, suit as u8 - 1, 0, 0, false));
    }
    // Ann: 9 + 1 + 5 = 15 (3 lines); Bob: 9 + 6 + 2 + 6 = 23 (4 lines);
    // Cy: 12 + 3 + 7 = 22 (3 lines); Dee: 10 + 4 = 14 (2 lines).
    // Bob has the most lines: 23 halved is 11.5, the lowest: Bob wins;
    // Dee 14, Ann 15, Cy 22.
    let st = replay::<CircusTrump>(&s, &log).unwrap();
    assert!(st.over());
    assert_eq!(st.eggs_used(), 3);
    assert!(st.yoker_used());
    assert_eq!(halves(&s, &log), vec![30, 23, 44, 28]);
    let o = CircusTrump::standings(&s, &st).outcome.unwrap();
    assert_eq!(o.winners, vec![1]);
    assert_eq!(o.ranks, vec![3, 1, 4, 2]);
    assert!(refused(&s, &log, Entry::EndEarly).contains("over"));
}

#[test]
fn help_says_every_ruling() {
    let text: String = CircusTrump::help(&setup(3, Variant::MostPoints))
        .iter()
        .map(|h| format!("{} {}", h.title, h.text))
        .collect();
    for needle in [
        "+ 2 per Super Chicken",
        "one below",
        "start 4 on 3",
        "Most points (chosen",
        "asks the table",
        ".5",
        "ends it early",
        "3 Eggs and 1 Yoker",
        "Suit 9",
    ] {
        assert!(text.contains(needle), "help lacks {needle}");
    }
}

#[test]
fn the_companion_names_who_takes_a_trumped_line() {
    assert_eq!(Direction::Clockwise.after(0, 4), 1);
    assert_eq!(Direction::Clockwise.after(3, 4), 0);
    assert_eq!(Direction::Counterclockwise.after(0, 4), 3);
    assert_eq!(Direction::Counterclockwise.after(2, 3), 1);
    assert_eq!(Direction::Clockwise.flipped(), Direction::Counterclockwise);
    // The next form starts from the direction the last line was claimed in.
    let s = setup(3, Variant::MostLines);
    let l = Line {
        suit: 0,
        to: 1,
        last: 5,
        supers: 1,
        eggs: 0,
        yoker: false,
        direction: Direction::Counterclockwise,
    };
    let st = replay::<CircusTrump>(&s, &[start(0, 5), Entry::Line(l.clone())]).unwrap();
    assert_eq!(st.direction(), Direction::Counterclockwise);
    assert_eq!(CircusTrump::start(&s).direction(), Direction::Clockwise);
}

/// One arbitrary action, made valid against the state (or skipped).
type Action = (usize, bool, u8, usize, u8, u8, bool);

fn valid_log(s: &Setup<Settings>, actions: &[Action], end: bool) -> Vec<Entry> {
    let n = s.players.len();
    let mut log = Vec::new();
    let mut st = CircusTrump::start(s);
    for &(suit, is_start, pick, to, supers, eggs, yoker) in actions {
        let suit = suit % 9;
        let sd = &st.suits[suit];
        let e = if sd.start.is_none() {
            if !is_start && !log.is_empty() {
                continue;
            }
            start(suit, pick % 10)
        } else {
            let offered = sd.next_last_cards();
            if offered.is_empty() {
                continue;
            }
            let last = offered[pick as usize % offered.len()];
            let closes = Some(last) == sd.closing();
            let free = 2 - sd.supers.min(2);
            let supers = if closes {
                supers % (free + 1)
            } else if free == 0 {
                continue;
            } else {
                1 + supers % free
            };
            let eggs = eggs % (3 - st.eggs_used().min(3) + 1);
            let yoker = yoker && !st.yoker_used();
            line(suit, to % n, last, supers, eggs, yoker)
        };
        match CircusTrump::apply(s, &st, &e) {
            Ok(next) => {
                st = next;
                log.push(e);
            }
            Err(_) => continue,
        }
    }
    if end && !st.over() {
        log.push(Entry::EndEarly);
        st = CircusTrump::apply(s, &st, &Entry::EndEarly).unwrap();
    }
    if let Bonus::Tie(t) = st.bonus(s.settings.plumedini, n) {
        log.push(Entry::Plumedini { seat: t[0] });
    }
    log
}

fn arb_game() -> impl Strategy<Value = (Setup<Settings>, Vec<Entry>)> {
    (
        3usize..=5,
        prop::bool::ANY,
        prop::collection::vec(
            (
                0usize..9,
                prop::bool::ANY,
                0u8..10,
                0usize..5,
                0u8..3,
                0u8..4,
                prop::bool::weighted(0.1),
            ),
            0..80,
        ),
        prop::bool::weighted(0.3),
    )
        .prop_map(|(n, points, actions, end)| {
            let s = setup(
                n,
                if points {
                    Variant::MostPoints
                } else {
                    Variant::MostLines
                },
            );
            let log = valid_log(&s, &actions, end);
            (s, log)
        })
}

fn arb_entry() -> impl Strategy<Value = Entry> {
    prop_oneof![
        (0usize..11, 0u8..12).prop_map(|(suit, card)| Entry::Start { suit, card }),
        (
            0usize..11,
            0usize..6,
            0u8..11,
            0u8..4,
            0u8..5,
            prop::bool::ANY
        )
            .prop_map(|(suit, to, last, supers, eggs, yoker)| line(
                suit, to, last, supers, eggs, yoker
            )),
        Just(Entry::EndEarly),
        (0usize..6).prop_map(|seat| Entry::Plumedini { seat }),
    ]
}

#[test]
fn valid_games_hold_at_every_depth() {
    let config = ProptestConfig {
        source_file: Some(file!()),
        ..ProptestConfig::default()
    };
    // The edit: `extra` (mostly refused), or a line given to another player.
    let strategy = (
        arb_game(),
        arb_entry(),
        0usize..90,
        proptest::option::of(0usize..4),
    );
    common::check_edits(
        config,
        MIN_PERCENT,
        strategy,
        |((s, log), extra, at, to_next)| {
            let state = replay::<CircusTrump>(&s, &log).expect("generated games are valid");
            let st = CircusTrump::standings(&s, &state);
            for seat in 0..s.players.len() {
                let sum: Points = st.sheet.iter().map(|r| r.points[seat]).sum();
                prop_assert_eq!(sum, st.totals[seat], "totals are the sum of the rows");
            }
            prop_assert!(state.eggs_used() <= 3);
            prop_assert!(state
                .suits
                .iter()
                .all(|x| x.lines.len() <= 3 && x.supers <= 2));
            // Every line the sheet offers is accepted (with a Super Chicken
            // when it is a trump).
            if !state.over() {
                for (i, suit) in state.suits.iter().enumerate() {
                    for last in suit.next_last_cards() {
                        let closes = Some(last) == suit.closing();
                        if !closes && suit.supers >= 2 {
                            continue;
                        }
                        let e = line(i, 0, last, u8::from(!closes), 0, false);
                        prop_assert!(
                            CircusTrump::apply(&s, &state, &e).is_ok(),
                            "offered {last} on suit {i} refused"
                        );
                    }
                }
            }
            for depth in 0..=log.len() {
                common::one_more_entry::<CircusTrump>(&s, &log, depth, &extra)?;
            }
            common::replacing_with_itself_changes_nothing::<CircusTrump>(&s, &log)?;
            let n = s.players.len();
            let edit = match (to_next, log.get(at % log.len().max(1))) {
                (Some(k), Some(Entry::Line(l))) => Entry::Line(Line {
                    to: (l.to + 1 + k % (n - 1)) % n,
                    ..l.clone()
                }),
                _ => extra,
            };
            common::edit_then_revert_restores::<CircusTrump>(&s, &log, at, &edit)
        },
    );
}
