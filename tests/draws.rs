//! New random outcomes drawn by the rules' algorithms (the app draws from
//! the browser's crypto source and stores what it drew; these tests seed a
//! generator so they draw the same on every run).

use chicken_scores::rules::pick::pick_seat;
use chicken_scores::rules::playing_chicken::{draw_goal_deck, goal_deck, is_goal_deck};

mod common;

#[test]
fn the_pick_is_a_seat_and_every_seat_comes_up() {
    let mut rng = common::rng(7);
    assert_eq!(pick_seat(0, &mut rng), None);
    for n in 1..=10 {
        for _ in 0..50 {
            assert!(pick_seat(n, &mut rng).is_some_and(|s| s < n));
        }
    }
    let seen: std::collections::BTreeSet<usize> =
        (0..200).filter_map(|_| pick_seat(4, &mut rng)).collect();
    assert_eq!(seen.len(), 4);
}

#[test]
fn a_drawn_deck_goes_through_the_cards_then_reshuffles() {
    let mut rng = common::rng(1);
    for n in 3..=8 {
        for _ in 0..20 {
            let deck = draw_goal_deck(n, &mut rng);
            assert!(is_goal_deck(n, &deck), "{n}: {deck:?}");
            let mut first: Vec<u32> = deck.iter().take(goal_deck(n).len()).copied().collect();
            first.sort_unstable();
            let mut cards = goal_deck(n);
            cards.sort_unstable();
            assert_eq!(
                first[..],
                cards[..first.len()],
                "the first pass is the cards"
            );
        }
    }
    assert!(draw_goal_deck(2, &mut rng).is_empty());
    assert!(!is_goal_deck(3, &[4; 15]), "a card twice in one pass");
    assert!(!is_goal_deck(3, &[4, 8]), "too short");
    assert!(!is_goal_deck(9, &[]));
}
