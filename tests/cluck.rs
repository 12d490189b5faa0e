//! Native scenario, table and property tests of the Cluck! rules.

use chicken_scores::rules::{cluck::*, *};
use proptest::prelude::*;

mod common;

/// The share of generated edits that must be accepted (see
/// `common::check_edits`); about 24% are.
const MIN_PERCENT: u32 = 8;

fn setup(names: &[&str]) -> Setup<Settings> {
    Setup {
        players: names.iter().map(|s| s.to_string()).collect(),
        settings: Settings::default(),
    }
}

fn three() -> Setup<Settings> {
    setup(&["Ann", "Bob", "Cy"])
}

fn four() -> Setup<Settings> {
    setup(&["Ann", "Bob", "Cy", "Dan"])
}

fn first(seat: usize) -> Entry {
    Entry::First {
        seat,
        random: false,
    }
}

fn kill(killer: usize, victim: usize, eggs: u32) -> Entry {
    Entry::Kill(Kill {
        killer,
        victim,
        eggs,
    })
}

const END: Entry = Entry::EndTurn;

fn state_of(setup: &Setup<Settings>, log: &[Entry]) -> State {
    replay::<Cluck>(setup, log).unwrap_or_else(|e| panic!("log refused: {e}"))
}

fn standings(setup: &Setup<Settings>, log: &[Entry]) -> Standings {
    Cluck::standings(setup, &state_of(setup, log))
}

fn refuse(setup: &Setup<Settings>, log: &[Entry], entry: Entry) -> String {
    let state = state_of(setup, log);
    match Cluck::apply(setup, &state, &entry) {
        Ok(_) => panic!("{entry:?} was accepted"),
        Err(e) => e.message,
    }
}

fn pts(v: &[i64]) -> Vec<Points> {
    v.iter().map(|p| Points::new(*p)).collect()
}

#[test]
fn starting_coops_follow_the_player_count() {
    assert_eq!(coop_size(1), None);
    assert_eq!(coop_size(2), Some(6));
    assert_eq!(coop_size(3), Some(5));
    assert_eq!(coop_size(4), Some(4));
    assert_eq!(coop_size(5), Some(3));
    assert_eq!(coop_size(6), Some(3));
    assert_eq!(coop_size(7), None);
    for (n, coop) in [(2, 6), (3, 5), (4, 4), (5, 3), (6, 3)] {
        let names: Vec<String> = (0..n).map(|i| format!("P{i}")).collect();
        let s = Setup {
            players: names,
            settings: Settings::default(),
        };
        assert_eq!(Cluck::check_setup(&s), Ok(()));
        let st = Cluck::start(&s);
        assert_eq!(st.coops, vec![coop; n]);
        assert_eq!(st.eggs, vec![0; n]);
        assert_eq!(st.turn(), None, "nobody's turn before the first player");
        let steps = setup_steps(n).join(" ");
        assert!(
            steps.contains(&format!("coop of {coop} roosters")),
            "{steps}"
        );
        assert!(steps.contains("5 action cards"), "{steps}");
        let help = Cluck::help(&s);
        assert!(help
            .iter()
            .any(|h| h.text.contains(&format!("{coop} roosters each"))));
    }
    for n in [0, 1, 7] {
        let s = Setup {
            players: (0..n).map(|i| format!("P{i}")).collect(),
            settings: Settings::default(),
        };
        assert!(Cluck::check_setup(&s).is_err());
        assert!(setup_steps(n).is_empty());
    }
}

#[test]
fn the_table_chooses_who_goes_first_or_the_app_picks_at_random() {
    let s = three();
    let st = state_of(&s, &[first(2)]);
    assert_eq!(st.turn(), Some(2));
    assert_eq!(st.first, Some((2, false)));
    let status = Cluck::standings(&s, &st).status;
    assert_eq!(
        status.first().map(String::as_str),
        Some("Turn 1: Cy's turn")
    );
    // Before the choice the status asks and gives the set-up steps.
    let open = standings(&s, &[]).status.join(" ");
    assert!(open.contains("Who goes first?"), "{open}");
    assert!(open.contains("coop of 5 roosters"), "{open}");
    // The app's random pick: every seat comes up, and the seat picked is
    // what is stored (marked as the app's pick), accepted as it is.
    let mut rng = common::rng(5);
    let mut seen = [false; 3];
    for _ in 0..200 {
        let seat = random_first(3, &mut rng).unwrap();
        seen[seat] = true;
        let st = state_of(&s, &[Entry::First { seat, random: true }]);
        assert_eq!(st.first, Some((seat, true)));
        assert_eq!(st.turn(), Some(seat));
    }
    assert_eq!(seen, [true; 3]);
    assert_eq!(random_first(0, &mut rng), None);
}

#[test]
fn the_twelve_egg_check_is_made_at_the_end_of_the_turn() {
    let s = three();
    // Ann reaches 12 in her turn: nothing ends until the turn does.
    let log = vec![first(0), kill(0, 1, 7), kill(0, 2, 5)];
    let st = state_of(&s, &log);
    assert_eq!(st.eggs, vec![12, 0, 0]);
    assert!(!st.finished());
    assert_eq!(st.turn(), Some(0));
    let status = Cluck::standings(&s, &st).status.join(" ");
    assert!(status.contains("Ann wins when this turn ends"), "{status}");
    let mut done = log.clone();
    done.push(END);
    let st = state_of(&s, &done);
    assert_eq!(st.end, Some(End::Eggs { seat: 0, turn: 1 }));
    assert_eq!(st.turn(), None);
    let o = Cluck::standings(&s, &st).outcome.unwrap();
    assert_eq!(o.winners, vec![0]);
    assert_eq!(o.ranks, vec![1, 2, 2]);
    assert!(o.notes[0].contains("end of turn 1"), "{:?}", o.notes);
    // Nothing more is recorded.
    assert!(refuse(&s, &done, END).contains("game is over"));
    assert!(refuse(&s, &done, kill(1, 2, 1)).contains("game is over"));
}

#[test]
fn a_tie_at_twelve_plays_on_and_says_why() {
    let s = three();
    // Turn 1 (Ann): Ann kills Bob's rooster (6); Bob's counter kills Ann's
    // (12); Ann kills Cy's (6). Ann 12, Bob 12: tied at the top.
    let log = vec![first(0), kill(0, 1, 6), kill(1, 0, 12), kill(0, 2, 6), END];
    let st = state_of(&s, &log);
    assert!(!st.finished(), "a tie at 12 plays on");
    assert_eq!(st.turn(), Some(1));
    assert_eq!(st.turns[0].tied_at_top, vec![0, 1]);
    let sd = Cluck::standings(&s, &st);
    let status = sd.status.join(" ");
    assert!(
        status.contains("Ann and Bob are tied at the top with 12 eggs: play goes on"),
        "{status}"
    );
    assert!(sd.sheet[0]
        .notes
        .iter()
        .any(|n| n.contains("tied at the top with 12 eggs")));
    // Turn 2 (Bob): no kill, still tied: play on again.
    let mut on = log.clone();
    on.push(END);
    let st = state_of(&s, &on);
    assert!(!st.finished());
    assert_eq!(st.turn(), Some(2));
    assert_eq!(st.turns[1].tied_at_top, vec![0, 1]);
    // Turn 3 (Cy): Cy kills Bob's rooster (3); Bob kills Cy's (1): Bob 13
    // alone at the top when the turn ends, so Bob wins.
    on.extend([kill(2, 1, 3), kill(1, 2, 1), END]);
    let st = state_of(&s, &on);
    assert_eq!(st.eggs, vec![12, 13, 3]);
    assert_eq!(st.end, Some(End::Eggs { seat: 1, turn: 3 }));
    let o = Cluck::standings(&s, &st).outcome.unwrap();
    assert_eq!(o.winners, vec![1]);
    assert_eq!(o.ranks, vec![2, 1, 3]);
}

#[test]
fn a_player_whose_coop_empties_is_out_and_turns_skip_them() {
    let s = four();
    // Coops of 4. Turn 1 (Ann): Ann kills all four of Bob's roosters.
    let mut log = vec![first(0)];
    log.extend((0..4).map(|_| kill(0, 1, 1)));
    let st = state_of(&s, &log);
    assert_eq!(st.coops, vec![4, 0, 4, 4]);
    assert_eq!(st.knocked_out, vec![(1, 1)]);
    assert_eq!(st.knocked_out_place(1), Some(1));
    assert!(!st.is_in(1));
    log.push(END);
    // Bob is skipped: Cy, Dan, Ann, Cy.
    let mut turns = Vec::new();
    for _ in 0..4 {
        let st = state_of(&s, &log);
        turns.push(st.turn().unwrap());
        log.push(END);
    }
    assert_eq!(turns, vec![2, 3, 0, 2]);
    let st = state_of(&s, &log);
    // The form offers only players still in, and never the killer as victim.
    assert_eq!(st.killers(), vec![0, 2, 3]);
    assert_eq!(st.victims(2), vec![0, 3]);
    assert!(st.victims(1).is_empty());
    let status = Cluck::standings(&s, &st).status.join(" ");
    assert!(status.contains("Knocked out, in order: Bob."), "{status}");
    let sheet = Cluck::standings(&s, &st).sheet;
    assert!(sheet[0]
        .notes
        .iter()
        .any(|n| n == "Bob's coop is empty: Bob is knocked out (1st out)"));
}

#[test]
fn a_player_knocked_out_in_their_own_turn_ends_it_at_once() {
    let s = four();
    // Turn 1 (Ann): Bob kills three of Ann's roosters; in turn 1 still.
    let mut log = vec![first(0), kill(1, 0, 1), kill(1, 0, 1), kill(1, 0, 1)];
    assert_eq!(state_of(&s, &log).turn(), Some(0));
    // A counter kills Ann's last rooster: her turn ends, Bob's begins.
    log.push(kill(1, 0, 2));
    let st = state_of(&s, &log);
    assert_eq!(st.turns[0].end, TurnEnd::KnockedOut);
    assert_eq!(st.turn(), Some(1));
    assert_eq!(st.turns.len(), 2);
    let row = &Cluck::standings(&s, &st).sheet[0];
    assert!(row
        .notes
        .iter()
        .any(|n| n.contains("knocked out in their own turn")));
    // Ann can no longer kill or be killed.
    assert!(refuse(&s, &log, kill(0, 2, 1)).contains("Ann is out"));
    assert!(refuse(&s, &log, kill(2, 0, 1)).contains("Ann's coop is empty"));
}

#[test]
fn the_last_standing_ends_at_once_and_the_survivor_wins_a_tie() {
    let s = three();
    // Turn 1 (Ann): Ann kills Bob's five roosters (1 egg each): Bob out.
    // Then Cy kills Ann's five (1 egg each): only Cy has roosters. Ann 5,
    // Cy 5: tied, and the survivor counts as knocked out last of all.
    let mut log = vec![first(0)];
    log.extend((0..5).map(|_| kill(0, 1, 1)));
    log.extend((0..5).map(|_| kill(2, 0, 1)));
    let st = state_of(&s, &log);
    assert_eq!(st.eggs, vec![5, 0, 5]);
    assert_eq!(
        st.end,
        Some(End::LastStanding {
            survivor: 2,
            turn: 1
        })
    );
    assert_eq!(st.turn(), None);
    let o = Cluck::standings(&s, &st).outcome.unwrap();
    assert_eq!(o.winners, vec![2]);
    assert_eq!(o.ranks, vec![2, 3, 1]);
    let notes = o.notes.join(" ");
    assert!(notes.contains("Only Cy has roosters left"), "{notes}");
    assert!(
        notes.contains("Ann and Cy are tied on 5 eggs: Cy wins as the last standing"),
        "{notes}"
    );
    assert!(refuse(&s, &log, END).contains("only Cy has roosters left"));
}

#[test]
fn a_last_standing_tie_goes_to_whoever_was_knocked_out_last() {
    let s = four();
    // Coops of 4.
    // Turn 1 (Ann): Ann kills Dan's four (3+2+2+2 = 9): Dan out 1st. End.
    // Turn 2 (Bob): Cy kills two of Bob's (5+4 = 9). End.
    // Turn 3 (Cy): Bob kills Ann's four (1 each): Ann out 2nd; then Cy's
    // four (1 each): Cy out 3rd, Bob alone has roosters, with 8.
    // Ann 9 and Cy 9 tie at the top; Cy was knocked out after Ann: Cy wins.
    let mut log = vec![
        first(0),
        kill(0, 3, 3),
        kill(0, 3, 2),
        kill(0, 3, 2),
        kill(0, 3, 2),
        END,
        kill(2, 1, 5),
        kill(2, 1, 4),
        END,
    ];
    assert_eq!(state_of(&s, &log).turn(), Some(2));
    log.extend((0..4).map(|_| kill(1, 0, 1)));
    log.extend((0..4).map(|_| kill(1, 2, 1)));
    let st = state_of(&s, &log);
    assert_eq!(st.eggs, vec![9, 8, 9, 0]);
    assert_eq!(st.knocked_out, vec![(3, 1), (0, 3), (2, 3)]);
    assert_eq!(
        st.end,
        Some(End::LastStanding {
            survivor: 1,
            turn: 3
        })
    );
    assert_eq!(last_standing_order(&st, 1), vec![2, 0, 1, 3]);
    let o = Cluck::standings(&s, &st).outcome.unwrap();
    assert_eq!(o.winners, vec![2]);
    assert_eq!(o.ranks, vec![2, 3, 1, 4]);
    let notes = o.notes.join(" ");
    assert!(
        notes
            .contains("Ann and Cy are tied on 9 eggs: Cy wins, knocked out last of them (3rd out)"),
        "{notes}"
    );
    // With no tie, the most eggs wins outright.
    let mut clear = log.clone();
    clear.truncate(log.len() - 1);
    clear.push(kill(1, 2, 3));
    let st = state_of(&s, &clear);
    assert_eq!(st.eggs, vec![9, 10, 9, 0]);
    let o = Cluck::standings(&s, &st).outcome.unwrap();
    assert_eq!(o.winners, vec![1]);
    assert!(o
        .notes
        .join(" ")
        .contains("Bob wins with 10 eggs, the most"));
}

#[test]
fn impossible_entries_are_refused_with_a_message() {
    let s = three();
    let on = vec![first(0)];
    let out = {
        let mut l = on.clone();
        l.extend((0..5).map(|_| kill(0, 1, 1)));
        l
    };
    let table: Vec<(&[Entry], Entry, &str)> = vec![
        (&[], kill(0, 1, 1), "Choose who goes first"),
        (&[], END, "Choose who goes first"),
        (&[], first(3), "not in this game"),
        (&on, first(1), "already recorded"),
        (&on, kill(0, 0, 1), "Ann can't kill their own rooster"),
        (&on, kill(0, 1, 0), "at least 1 egg"),
        (&on, kill(0, 1, 100), "at most 99"),
        (&on, kill(5, 1, 1), "killer is not in this game"),
        (&on, kill(0, 9, 1), "whose rooster died is not in this game"),
        (&out, kill(1, 2, 1), "Bob is out"),
        (&out, kill(2, 1, 1), "Bob's coop is empty"),
    ];
    for (log, entry, says) in table {
        let msg = refuse(&s, log, entry.clone());
        assert!(msg.contains(says), "{entry:?}: {msg}");
    }
    // The largest kill is accepted.
    assert!(Cluck::apply(&s, &state_of(&s, &on), &kill(0, 1, MAX_EGGS)).is_ok());
    // A state from another player count is refused, not misread.
    let st = state_of(&s, &on);
    assert!(Cluck::apply(&four(), &st, &END).is_err());
    assert!(Cluck::apply(&setup(&["Solo"]), &st, &END).is_err());
}

#[test]
fn an_edit_that_makes_a_later_event_impossible_is_refused_naming_it() {
    let s = three();
    // Bob is knocked out by four kills of Ann's and one of Cy's; Ann then
    // kills Cy's rooster.
    let mut log = vec![first(0)];
    log.extend((0..4).map(|_| kill(0, 1, 1)));
    log.push(kill(2, 1, 1)); // entry 5: Bob's last rooster
    log.push(END); // entry 6: Ann's turn ends; Bob is skipped
    log.push(kill(1, 0, 1)); // entry 7 would be by Bob... refused
    assert!(replay::<Cluck>(&s, &log).is_err());
    log.pop();
    log.push(kill(2, 0, 2)); // entry 7: Cy kills Ann's rooster in Cy's turn
    let st = state_of(&s, &log);
    assert_eq!(st.turn(), Some(2));
    // Editing entry 5 so Bob kills Cy instead keeps Bob in: fine.
    let edited = Cluck::correct(&s, &log, 5, kill(1, 2, 1)).unwrap();
    let st2 = state_of(&s, &edited);
    assert_eq!(st2.turn(), Some(1), "Bob is in again, so it is his turn");
    // Now a later kill by Bob is recorded; editing an earlier kill so that
    // Bob is knocked out before it is refused, naming that later entry.
    let mut later = edited.clone();
    later.push(kill(1, 0, 3)); // entry 8, by Bob in his turn
    state_of(&s, &later);
    let err = Cluck::correct(&s, &later, 5, kill(2, 1, 1)).unwrap_err();
    assert_eq!(err.index, 8, "{err}");
    assert!(err.error.message.contains("Bob is out"), "{err}");
    // A turn end can become a kill, and back.
    let as_kill = Cluck::correct(&s, &log, 6, kill(0, 2, 4)).unwrap();
    let st3 = state_of(&s, &as_kill);
    assert_eq!(st3.turn(), Some(0), "Ann's turn no longer ended");
    let back = Cluck::correct(&s, &as_kill, 6, END).unwrap();
    assert_eq!(back, log);
}

/// A whole 3-player game, worked out by hand (coops of 5).
///
/// | # | entry               | Ann eggs/coop | Bob     | Cy      | turn |
/// |---|---------------------|---------------|---------|---------|------|
/// | 0 | Bob goes first      | 0/5           | 0/5     | 0/5     | Bob 1|
/// | 1 | Bob kills Cy's (3)  | 0/5           | 3/5     | 0/4     |      |
/// | 2 | Ann kills Bob's (2) | 2/5           | 3/4     | 0/4     | (a card played in Bob's turn) |
/// | 3 | end                 |               |         |         | Cy 2 |
/// | 4 | Cy kills Ann's (4)  | 2/4           | 3/4     | 4/4     |      |
/// | 5 | Ann kills Cy's (5)  | 7/4           | 3/4     | 4/3     | (Ann's counter) |
/// | 6 | end                 |               |         |         | Ann 3|
/// | 7 | Ann kills Bob's (5) | 12/4          | 3/3     | 4/3     |      |
/// | 8 | Bob kills Ann's (6) | 12/3          | 9/3     | 4/3     | (Bob's counter) |
/// | 9 | end: Ann 12 alone at the top → Ann wins at the end of turn 3 |
#[test]
fn a_whole_three_player_game_worked_by_hand() {
    let s = three();
    let log = vec![
        first(1),
        kill(1, 2, 3),
        kill(0, 1, 2),
        END,
        kill(2, 0, 4),
        kill(0, 2, 5),
        END,
        kill(0, 1, 5),
        kill(1, 0, 6),
        END,
    ];
    let sd = standings(&s, &log);
    assert_eq!(sd.totals, pts(&[12, 9, 4]));
    let st = state_of(&s, &log);
    assert_eq!(st.coops, vec![3, 3, 3]);
    assert_eq!(st.end, Some(End::Eggs { seat: 0, turn: 3 }));
    // One row per turn: whose turn, its kills, the eggs after it.
    let labels: Vec<&str> = sd.sheet.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(labels, vec!["Turn 1 · Bob", "Turn 2 · Cy", "Turn 3 · Ann"]);
    assert_eq!(sd.sheet[0].points, pts(&[2, 3, 0]));
    assert_eq!(sd.sheet[0].totals, pts(&[2, 3, 0]));
    assert_eq!(sd.sheet[1].points, pts(&[5, 0, 4]));
    assert_eq!(sd.sheet[1].totals, pts(&[7, 3, 4]));
    assert_eq!(sd.sheet[2].points, pts(&[5, 6, 0]));
    assert_eq!(sd.sheet[2].totals, pts(&[12, 9, 4]));
    assert_eq!(
        sd.sheet[0].notes,
        vec![
            "Bob killed Cy's rooster: +3 eggs (Cy has 4 left)",
            "Ann killed Bob's rooster: +2 eggs (Bob has 4 left)",
            "Bob ended the turn",
        ]
    );
    assert!(sd.sheet[2]
        .notes
        .iter()
        .any(|n| n.contains("Ann has 12 eggs, alone at the top")));
    let o = sd.outcome.unwrap();
    assert_eq!(o.winners, vec![0]);
    assert_eq!(o.ranks, vec![1, 2, 3]);
    // Each entry's points are the eggs it moved.
    assert_eq!(
        entry_points::<Cluck>(&s, &log, 5),
        Some(pts(&[5, 0, 0])),
        "Ann's counter"
    );
    // Undo the last turn end: the game is on again, Ann's turn, and the
    // status says Ann wins when it ends.
    let undone = undo_last(&log);
    let st = state_of(&s, &undone);
    assert_eq!(st.turn(), Some(0));
    let status = Cluck::standings(&s, &st).status.join(" ");
    assert!(
        status.contains("Ann has 12 eggs, alone at the top"),
        "{status}"
    );
    // The open turn with kills shows on the sheet.
    let sheet = Cluck::standings(&s, &st).sheet;
    assert_eq!(sheet.len(), 3);
    assert!(sheet[2].notes.iter().any(|n| n == "Ann's turn goes on"));
}

#[test]
fn ordinals_read_as_places() {
    let words: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 103]
        .iter()
        .map(|n| ordinal(*n))
        .collect();
    assert_eq!(
        words,
        vec!["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "103rd"]
    );
}

// ------------------------------------------------------------ properties ---

/// A valid game for `n` players: choices read against the state as it is
/// (who goes first, then a turn end or a kill between players still in),
/// until the game ends or the choices run out.
fn valid_game(n: usize, choices: &[(u8, u8, u8, u8)]) -> Vec<Entry> {
    let s = players(n);
    let mut log = Vec::new();
    let mut state = Cluck::start(&s);
    for (i, (kind, a, b, eggs)) in choices.iter().enumerate() {
        if state.finished() {
            break;
        }
        let entry = if i == 0 {
            Entry::First {
                seat: *a as usize % n,
                random: *b % 2 == 0,
            }
        } else if kind % 3 == 0 {
            Entry::EndTurn
        } else {
            let killers = state.killers();
            let killer = killers[*a as usize % killers.len()];
            let victims = state.victims(killer);
            Entry::Kill(Kill {
                killer,
                victim: victims[*b as usize % victims.len()],
                eggs: 1 + u32::from(*eggs % 6),
            })
        };
        state = Cluck::apply(&s, &state, &entry).expect("a valid entry");
        log.push(entry);
    }
    log
}

fn players(n: usize) -> Setup<Settings> {
    Setup {
        players: (0..n).map(|i| format!("P{i}")).collect(),
        settings: Settings::default(),
    }
}

fn any_entry() -> impl Strategy<Value = Entry> {
    prop_oneof![
        (0usize..8, any::<bool>()).prop_map(|(seat, random)| Entry::First { seat, random }),
        (0usize..8, 0usize..8, 0u32..120).prop_map(|(killer, victim, eggs)| Entry::Kill(Kill {
            killer,
            victim,
            eggs
        })),
        Just(Entry::EndTurn),
        (any::<usize>(), any::<usize>(), any::<u32>()).prop_map(|(killer, victim, eggs)| {
            Entry::Kill(Kill {
                killer,
                victim,
                eggs,
            })
        }),
    ]
}

fn game() -> impl Strategy<Value = (usize, Vec<Entry>)> {
    (
        2usize..=6,
        proptest::collection::vec(any::<(u8, u8, u8, u8)>(), 1..120),
    )
        .prop_map(|(n, choices)| (n, valid_game(n, &choices)))
}

/// The invariants of any state folded from a valid log.
fn invariants(s: &Setup<Settings>, log: &[Entry], st: &State) -> Result<(), TestCaseError> {
    let n = s.players.len();
    let coop = coop_size(n).unwrap();
    let mut eggs = vec![0u64; n];
    let mut lost = vec![0u32; n];
    for e in log {
        if let Entry::Kill(k) = e {
            eggs[k.killer] += u64::from(k.eggs);
            lost[k.victim] += 1;
        }
    }
    prop_assert_eq!(&st.eggs, &eggs, "eggs are the sum of kills");
    for (seat, lost) in lost.iter().enumerate() {
        prop_assert!(*lost <= coop, "a coop went below 0");
        prop_assert_eq!(st.coops[seat], coop - lost);
        prop_assert_eq!(st.is_in(seat), st.knocked_out_place(seat).is_none());
    }
    match st.turn() {
        Some(t) => {
            prop_assert!(st.is_in(t), "whose turn is a player still in");
            prop_assert!(st.still_in().len() >= 2);
        }
        None => prop_assert!(st.finished() || log.is_empty()),
    }
    let sd = Cluck::standings(s, st);
    let total: Vec<Points> = eggs.iter().map(|e| Points::new(*e as i64)).collect();
    prop_assert_eq!(&sd.totals, &total);
    if let Some(last) = sd.sheet.last() {
        if st.current_turn().is_none_or(|t| !t.kills.is_empty()) {
            prop_assert_eq!(&last.totals, &total, "the sheet ends on the totals");
        }
    }
    if let Some(o) = &sd.outcome {
        prop_assert_eq!(o.winners.len(), 1, "one winner always");
        let w = o.winners[0];
        prop_assert_eq!(st.top().0, eggs[w], "the winner has the most eggs");
        let mut places = o.ranks.clone();
        places.sort_unstable();
        prop_assert_eq!(places[0], 1);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn valid_games_keep_their_invariants_at_every_depth(
        (n, log) in game(),
        extra in any_entry(),
    ) {
        let s = players(n);
        for depth in 0..=log.len() {
            let st = state_of(&s, &log[..depth]);
            invariants(&s, &log[..depth], &st)?;
            common::one_more_entry::<Cluck>(&s, &log, depth, &extra)?;
        }
    }

    #[test]
    fn offered_kills_are_exactly_the_accepted_ones(
        (n, log) in game(),
        depth in any::<prop::sample::Index>(),
        eggs in 1u32..=MAX_EGGS,
    ) {
        let s = players(n);
        let st = state_of(&s, &log[..depth.index(log.len() + 1)]);
        for killer in 0..n {
            for victim in 0..n {
                let k = Entry::Kill(Kill { killer, victim, eggs });
                let offered = st.victims(killer).contains(&victim);
                prop_assert_eq!(Cluck::apply(&s, &st, &k).is_ok(), offered);
            }
        }
    }

    #[test]
    fn replacing_an_entry_with_itself_changes_nothing((n, log) in game()) {
        common::replacing_with_itself_changes_nothing::<Cluck>(&players(n), &log)?;
    }
}

#[test]
fn edit_then_revert_restores_the_standings() {
    let config = ProptestConfig {
        source_file: Some(file!()),
        ..ProptestConfig::with_cases(200)
    };
    // The edit: any entry (mostly refused or the same), or (when the entry
    // edited is a kill) the same kill with other eggs.
    let strategy = (
        game(),
        any::<usize>(),
        any_entry(),
        proptest::option::of(1u32..=MAX_EGGS),
    );
    common::check_edits(
        config,
        MIN_PERCENT,
        strategy,
        |((n, log), at, other, eggs)| {
            let other = match (eggs, log.get(at % log.len().max(1))) {
                (Some(eggs), Some(Entry::Kill(k))) => Entry::Kill(Kill { eggs, ..*k }),
                _ => other,
            };
            common::edit_then_revert_restores::<Cluck>(&players(n), &log, at, &other)
        },
    );
}
