//! The games a phone already stores, synced again when a page opens,
//! paced by the server's answers: a club of 5,000 games sent 5,000 sync
//! messages at once, and the server answers in order, so the club's
//! change that names a new game, or a hand saved meanwhile, waited behind
//! all of them (15 to over 30 s at 4x CPU). Now at most [`WINDOW`] are
//! being loaded or awaited at a time; games this phone lacks, and any
//! game a save or a round touches, are looked for at once.

use std::collections::{HashSet, VecDeque};

use samod_core::DocumentId;

/// Stored games being loaded, or messages the server owes, at most.
pub const WINDOW: u64 = 32;
/// With nothing heard from the server for this long, the next ones go
/// anyway (a lost answer never stalls the rest).
pub const QUIET_MS: u128 = 1_000;

/// The stored games waiting to be looked for.
#[derive(Default)]
pub struct Paced {
    queue: VecDeque<DocumentId>,
    queued: HashSet<DocumentId>,
    /// Looked for, not ready yet.
    loading: HashSet<DocumentId>,
}

impl Paced {
    /// `doc` waits its turn.
    pub fn push(&mut self, doc: DocumentId) {
        if self.queued.insert(doc.clone()) {
            self.queue.push_back(doc);
        }
    }

    /// Takes `doc` out of the queue to be looked for now; whether it was
    /// waiting.
    pub fn take(&mut self, doc: &DocumentId) -> bool {
        let was = self.queued.remove(doc);
        if was {
            self.loading.insert(doc.clone());
        }
        was
    }

    /// `doc` is ready (or looked for elsewhere).
    pub fn settled(&mut self, doc: &DocumentId) {
        self.loading.remove(doc);
    }

    /// The next ones to look for, given the server's `unanswered`
    /// messages and ms since it last said anything.
    pub fn next(&mut self, unanswered: u64, quiet_ms: u128) -> Vec<DocumentId> {
        // A quiet server (or none): a window's worth, whatever is owed.
        let mut room = if quiet_ms >= QUIET_MS {
            WINDOW
        } else {
            WINDOW.saturating_sub(unanswered + self.loading.len() as u64)
        };
        let mut out = Vec::new();
        while room > 0 {
            let Some(doc) = self.queue.pop_front() else {
                break;
            };
            if self.queued.remove(&doc) {
                self.loading.insert(doc.clone());
                out.push(doc);
                room -= 1;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(n: u8) -> DocumentId {
        DocumentId::try_from(vec![n; 16]).unwrap()
    }

    #[test]
    fn a_window_at_a_time_as_the_server_answers_and_a_wanted_game_at_once() {
        let mut paced = Paced::default();
        for n in 0..100 {
            paced.push(doc(n));
        }
        let first = paced.next(0, 0);
        assert_eq!(first.len() as u64, WINDOW);
        assert_eq!(first[0], doc(0));
        // Loading, and the server owes answers: nothing more.
        assert!(paced.next(0, 0).is_empty());
        for d in &first {
            paced.settled(d);
        }
        assert_eq!(paced.next(WINDOW - 2, 0).len(), 2);
        // A game wanted now leaves the queue, and is not handed out again.
        assert!(paced.take(&doc(99)));
        assert!(!paced.take(&doc(99)));
        // A server quiet for a second: the next window goes anyway.
        let rest = paced.next(WINDOW, QUIET_MS);
        assert_eq!(rest.len() as u64, WINDOW);
        assert!(!rest.contains(&doc(99)));
    }
}
