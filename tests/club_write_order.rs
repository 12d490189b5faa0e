//! The sync worker's writes and messages (`chicken_club::write_order`):
//! whatever the order in which writes are asked, messages said, batches
//! taken and batches end, a message is told only once every write asked
//! before it has ended, in the order said, and once all have ended every
//! message is told; a failed batch drops only the messages it refuses.

use chicken_club::write_order::{Batch, WriteOrder};
use proptest::prelude::*;

/// A step of the worker, drawn at random.
#[derive(Clone, Debug)]
enum Step {
    /// The replica asks for `n` writes.
    Ask(usize),
    /// It says a message (a game's copy or not).
    Say { game: bool },
    /// A batch is taken to commit.
    Take,
    /// The oldest batch in flight ends (committed unless `fails`).
    End { fails: bool },
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        (1usize..4).prop_map(Step::Ask),
        any::<bool>().prop_map(|game| Step::Say { game }),
        Just(Step::Take),
        prop::bool::weighted(0.1).prop_map(|fails| Step::End { fails }),
    ]
}

/// A message: its number, whether it is a game's copy, and how many
/// writes were asked before it.
#[derive(Clone, Debug, PartialEq)]
struct Msg {
    n: usize,
    game: bool,
    asked_before: u64,
}

proptest! {
    #[test]
    fn a_message_is_told_only_after_the_writes_asked_before_it(steps in prop::collection::vec(step(), 1..80)) {
        let mut order: WriteOrder<u64, Msg> = WriteOrder::default();
        let mut asked = 0u64;
        let mut ended = 0u64;
        let mut failed_ends: Vec<(u64, u64)> = Vec::new();
        let mut in_flight: std::collections::VecDeque<Batch<u64>> = Default::default();
        let mut said = Vec::new();
        let mut told = Vec::new();
        let check = |out: Vec<Msg>, ended: u64, told: &mut Vec<Msg>| {
            for m in out {
                assert!(m.asked_before <= ended, "{m:?} told before its writes ended ({ended})");
                told.push(m);
            }
        };
        for s in steps {
            match s {
                Step::Ask(n) => {
                    order.ask((0..n).map(|i| asked + i as u64));
                    asked += n as u64;
                }
                Step::Say { game } => {
                    let m = Msg { n: said.len(), game, asked_before: asked };
                    said.push(m.clone());
                    let out = order.tell(vec![m]);
                    check(out, ended, &mut told);
                }
                Step::Take => {
                    if let Some(b) = order.take_batch() {
                        assert!(!b.writes.is_empty());
                        assert_eq!(b.end, asked);
                        in_flight.push_back(b);
                    }
                }
                Step::End { fails } => {
                    if let Some(b) = in_flight.pop_front() {
                        let start = ended;
                        ended = ended.max(b.end);
                        if fails {
                            failed_ends.push((start, b.end));
                        }
                        let out = order.done(b.end, !fails, |m: &Msg| !m.game);
                        check(out, ended, &mut told);
                    }
                }
            }
        }
        // Everything still asked is committed.
        while let Some(b) = order.take_batch() {
            in_flight.push_back(b);
        }
        while let Some(b) = in_flight.pop_front() {
            ended = ended.max(b.end);
            let out = order.done(b.end, true, |_: &Msg| true);
            check(out, ended, &mut told);
        }
        assert!(!order.is_writing());
        // Told in the order said; the only ones missing are games whose
        // writes a failed batch ended.
        let numbers: Vec<usize> = told.iter().map(|m| m.n).collect();
        let mut sorted = numbers.clone();
        sorted.sort_unstable();
        prop_assert_eq!(&numbers, &sorted);
        for m in &said {
            if !numbers.contains(&m.n) {
                prop_assert!(m.game, "{:?} was dropped", m);
                prop_assert!(failed_ends.iter().any(|(_, to)| m.asked_before <= *to), "{:?} dropped without a failure", m);
            }
        }
        if failed_ends.is_empty() {
            prop_assert_eq!(told.len(), said.len());
        }
    }
}

#[test]
fn a_game_told_while_its_document_is_being_written_waits_for_the_write() {
    let mut order: WriteOrder<&str, &str> = WriteOrder::default();
    // Nothing asked: told at once.
    assert_eq!(order.tell(vec!["club"]), vec!["club"]);
    order.ask(["the game's document", "its word"]);
    assert!(order.tell(vec!["game"]).is_empty());
    let batch = order.take_batch().unwrap();
    assert_eq!(batch.writes.len(), 2);
    // A later message waits behind the one held, even with nothing new asked.
    assert!(order.tell(vec!["sending"]).is_empty());
    assert_eq!(
        order.done(batch.end, true, |_| true),
        vec!["game", "sending"]
    );
    // A failed write drops the game's copy it held, not the rest.
    order.ask(["another document"]);
    assert!(order.tell(vec!["game 2", "online"]).is_empty());
    let batch = order.take_batch().unwrap();
    assert_eq!(
        order.done(batch.end, false, |m| !m.starts_with("game")),
        vec!["online"]
    );
}
