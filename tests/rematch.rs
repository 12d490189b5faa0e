//! Who deals or goes first, and rematches, for all six games: which games
//! record the choice, the entry a pick records (the one a tap records, so
//! it is never stored twice), the first seat moved on one for a rematch
//! (same players, same seats, same variants), and a game that never
//! recorded one.

use chicken_scores::model::GameRecord;
use chicken_scores::rules::big_chicken::BigChicken;
use chicken_scores::rules::chicken_lines::circus::{Settings as CircusSettings, Variant};
use chicken_scores::rules::chicken_lines::rummy::{Entry as RummyEntry, Settings as RummySettings};
use chicken_scores::rules::chicken_lines::{CircusTrump, Rummy};
use chicken_scores::rules::chickenfoot::Chickenfoot;
use chicken_scores::rules::cluck::{Cluck, Entry as CluckEntry, Settings as CluckSettings};
use chicken_scores::rules::pick::{first_log, pick_seat, recorded_first};
use chicken_scores::rules::playing_chicken::{
    draw_goal_deck, is_goal_deck, ExactBonus, GoalSource, PlayingChicken, Settings as PcSettings,
};
use chicken_scores::rules::{replay, Rules, Setup};

fn names(n: usize) -> Vec<String> {
    ["Zoë", "ÉMILE", "Øyvind", "Dee", "Eve", "Fay"]
        .iter()
        .take(n)
        .map(|s| s.to_string())
        .collect()
}

fn record<R: Rules>(n: usize, settings: R::Settings, log: Vec<R::Entry>) -> GameRecord<R> {
    let mut r = GameRecord::<R>::new("g1".into(), 1, names(n), settings).expect("setup");
    r.log = log;
    r
}

#[test]
fn only_rummy_and_cluck_record_who_goes_first() {
    let recorders = [Rummy::FIRST, Cluck::FIRST];
    assert!(recorders.iter().all(|c| c.recorded));
    for c in [
        BigChicken::FIRST,
        PlayingChicken::FIRST,
        Chickenfoot::FIRST,
        CircusTrump::FIRST,
    ] {
        assert!(!c.recorded, "{c:?}");
        assert!(c.question.ends_with('?'));
    }
    assert_eq!(Rummy::FIRST.sentence("Bob"), "Bob deals round 1.");
    assert_eq!(Cluck::FIRST.sentence("Bob"), "Bob goes first.");
    assert_eq!(BigChicken::FIRST.sentence("Bob"), "Bob deals round 1.");
    assert_eq!(CircusTrump::FIRST.sentence("Bob"), "Bob plays first.");
    // Games that do not record it build no entry, and start empty.
    assert_eq!(BigChicken::first_entry(1, true), None);
    let s = Setup {
        players: names(3),
        settings: Default::default(),
    };
    assert_eq!(first_log::<Chickenfoot>(&s, Some(1), true), Ok(Vec::new()));
}

#[test]
fn a_pick_records_the_entry_a_tap_records() {
    // Rummy: the tap saves FirstDealer { seat }; the pick keeps no seed.
    let s = Setup {
        players: names(3),
        settings: RummySettings { rounds: 3 },
    };
    let log = first_log::<Rummy>(&s, Some(2), true).unwrap();
    assert_eq!(log, vec![RummyEntry::FirstDealer { seat: 2 }]);
    assert_eq!(recorded_first::<Rummy>(&s, &log), Some(2));
    assert_eq!(first_log::<Rummy>(&s, None, false), Ok(Vec::new()));
    assert!(
        first_log::<Rummy>(&s, Some(3), false).is_err(),
        "not a seat"
    );

    // Cluck!: the app's pick is stored as the seat it picked, marked as
    // the app's; any seat is accepted as it is.
    let c = Setup {
        players: names(4),
        settings: CluckSettings::default(),
    };
    let seat = pick_seat(4, &mut seeded(4)).unwrap();
    let log = first_log::<Cluck>(&c, Some(seat), true).unwrap();
    assert_eq!(log, vec![CluckEntry::First { seat, random: true }]);
    assert!(replay::<Cluck>(&c, &log).is_ok());
    let other = (seat + 1) % 4;
    assert_eq!(
        first_log::<Cluck>(&c, Some(other), false).unwrap(),
        vec![CluckEntry::First {
            seat: other,
            random: false
        }]
    );
}

#[test]
fn a_rummy_rematch_moves_the_first_dealer_on_one_seat() {
    for n in 2..=5 {
        for first in 0..n {
            let r = record::<Rummy>(
                n,
                RummySettings { rounds: 7 },
                vec![RummyEntry::FirstDealer { seat: first }],
            );
            let m = r.rematch();
            assert_eq!(m.players, names(n), "same seats");
            assert_eq!(m.settings, RummySettings { rounds: 7 }, "same rounds");
            assert_eq!(m.previous, Some(first));
            assert_eq!(m.first, Some((first + 1) % n), "{first} of {n}");
        }
    }
    // No first dealer recorded: the table chooses again.
    let r = record::<Rummy>(3, RummySettings { rounds: 2 }, Vec::new());
    assert_eq!(r.rematch().first, None);
}

#[test]
fn a_cluck_rematch_moves_the_first_player_on_one_seat() {
    let r = record::<Cluck>(
        3,
        CluckSettings::default(),
        vec![CluckEntry::First {
            seat: 2,
            random: true,
        }],
    );
    let m = r.rematch();
    assert_eq!((m.previous, m.first), (Some(2), Some(0)), "round to seat 1");
    // The new game starts with that entry, as a tap records it.
    let setup = Setup {
        players: m.players.clone(),
        settings: m.settings.clone(),
    };
    assert_eq!(
        first_log::<Cluck>(&setup, m.first, false).unwrap(),
        vec![CluckEntry::First {
            seat: 0,
            random: false
        }]
    );
}

#[test]
fn rematches_of_games_that_record_nothing_keep_seats_and_variants() {
    let circus = CircusSettings {
        plumedini: Variant::MostPoints,
        suit_names: vec!["Hopper".into()],
    };
    let r = record::<CircusTrump>(4, circus.clone(), Vec::new());
    let m = r.rematch();
    assert_eq!((m.players, m.settings, m.first), (names(4), circus, None));

    let r = record::<Chickenfoot>(3, Default::default(), Vec::new());
    let m = r.rematch();
    assert_eq!((m.previous, m.first), (None, None));

    let r = record::<BigChicken>(5, Default::default(), Vec::new());
    assert_eq!(r.rematch().players, names(5));
}

#[test]
fn a_playing_chicken_rematch_keeps_the_variants_and_shuffles_anew() {
    let old = PcSettings {
        exact_bonus: ExactBonus::PlusOne,
        goal_source: GoalSource::AppDeck,
        deck: draw_goal_deck(4, &mut seeded(1)),
    };
    let r = record::<PlayingChicken>(4, old.clone(), Vec::new());
    let m = r.rematch();
    assert_eq!(m.settings.exact_bonus, ExactBonus::PlusOne);
    assert_eq!(m.settings.goal_source, GoalSource::AppDeck);
    // The new game draws its own deck when it starts (as Start does).
    let mut rng = seeded(2);
    let decks: Vec<Vec<u32>> = (0..5)
        .map(|_| PlayingChicken::with_draws(&m.settings, 4, &mut rng).deck)
        .collect();
    assert!(decks.iter().all(|d| is_goal_deck(4, d)));
    assert!(decks.iter().any(|d| *d != old.deck), "a new goal deck");
}

/// A generator for tests only: the same draws on every run.
fn seeded(seed: u64) -> rand::rngs::StdRng {
    rand::SeedableRng::seed_from_u64(seed)
}
