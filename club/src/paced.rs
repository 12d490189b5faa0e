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
/// Offline, a window's worth every this many ms: loaded ones are all sent
/// at once when the connection opens, so they are not loaded all at once.
pub const OFFLINE_EVERY_MS: u128 = 500;

/// The stored games waiting to be looked for.
#[derive(Default)]
pub struct Paced {
    queue: VecDeque<DocumentId>,
    queued: HashSet<DocumentId>,
    /// Waiting, not in the queue until released.
    held: Vec<DocumentId>,
    /// Looked for, not ready yet.
    loading: HashSet<DocumentId>,
    /// When the last ones went while offline (ms).
    offline_at: Option<u128>,
}

/// Where the connection stands, for [`Paced::next`].
#[derive(Clone, Copy)]
pub struct Wire {
    /// Connected to the server.
    pub online: bool,
    /// Messages the server owes.
    pub unanswered: u64,
    /// Ms since it last said anything.
    pub quiet_ms: u128,
    /// The clock (ms).
    pub now_ms: u128,
}

impl Paced {
    /// `doc` waits its turn.
    pub fn push(&mut self, doc: DocumentId) {
        if self.queued.insert(doc.clone()) {
            self.queue.push_back(doc);
        }
    }

    /// `doc` waits, held back until [`Paced::release`] lets it take its
    /// turn (a finished game whose archive is awaited).
    pub fn push_held(&mut self, doc: DocumentId) {
        if self.queued.insert(doc.clone()) {
            self.held.push(doc);
        }
    }

    /// Whether any game is held back.
    pub fn holds_any(&self) -> bool {
        !self.held.is_empty()
    }

    /// The games held back that `go` lets go take their turn; whether any
    /// stay held.
    pub fn release(&mut self, go: impl Fn(&DocumentId) -> bool) -> bool {
        let held = std::mem::take(&mut self.held);
        for doc in held {
            if !self.queued.contains(&doc) {
                // Taken or forgotten meanwhile.
            } else if go(&doc) {
                self.queue.push_back(doc);
            } else {
                self.held.push(doc);
            }
        }
        !self.held.is_empty()
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

    /// Whether `doc` waits its turn.
    pub fn waits(&self, doc: &DocumentId) -> bool {
        self.queued.contains(doc)
    }

    /// Takes `doc` out of the queue, not to be looked for (it came
    /// another way); whether it was waiting.
    pub fn forget(&mut self, doc: &DocumentId) -> bool {
        self.queued.remove(doc)
    }

    /// `doc` is ready (or looked for elsewhere).
    pub fn settled(&mut self, doc: &DocumentId) {
        self.loading.remove(doc);
    }

    /// The next ones to look for.
    pub fn next(&mut self, wire: Wire) -> Vec<DocumentId> {
        if self.queue.is_empty() {
            return Vec::new();
        }
        let owed = match wire {
            Wire {
                online: false,
                now_ms,
                ..
            } => {
                if self
                    .offline_at
                    .is_some_and(|at| now_ms.saturating_sub(at) < OFFLINE_EVERY_MS)
                {
                    return Vec::new();
                }
                self.offline_at = Some(now_ms);
                0
            }
            // A quiet server: what it owes is not waited for.
            Wire { quiet_ms, .. } if quiet_ms >= QUIET_MS => 0,
            Wire { unanswered, .. } => unanswered,
        };
        let mut room = WINDOW.saturating_sub(owed + self.loading.len() as u64);
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
    fn games_held_back_go_once_released_unless_taken_meanwhile() {
        let mut paced = Paced::default();
        for n in 0..10 {
            if n % 2 == 0 {
                paced.push_held(doc(n));
            } else {
                paced.push(doc(n));
            }
        }
        let wire = Wire {
            online: true,
            unanswered: 0,
            quiet_ms: 0,
            now_ms: 0,
        };
        let odd: Vec<_> = (0..10).filter(|n| n % 2 == 1).map(doc).collect();
        assert_eq!(paced.next(wire), odd);
        assert!(paced.waits(&doc(0)), "held, still waiting");
        assert!(paced.take(&doc(2)), "a held game wanted now");
        assert!(paced.forget(&doc(4)), "a held game come another way");
        assert!(paced.release(|d| *d == doc(8)), "0 and 6 stay held");
        assert_eq!(paced.next(wire), vec![doc(8)]);
        assert!(!paced.release(|_| true));
        assert_eq!(paced.next(wire), vec![doc(0), doc(6)]);
    }

    #[test]
    fn a_window_at_a_time_as_the_server_answers_and_a_wanted_game_at_once() {
        let mut paced = Paced::default();
        for n in 0..100 {
            paced.push(doc(n));
        }
        let online = |unanswered, quiet_ms| Wire {
            online: true,
            unanswered,
            quiet_ms,
            now_ms: 0,
        };
        let first = paced.next(online(0, 0));
        assert_eq!(first.len() as u64, WINDOW);
        assert_eq!(first[0], doc(0));
        // Still loading: nothing more.
        assert!(paced.next(online(0, 0)).is_empty());
        for d in &first {
            paced.settled(d);
        }
        // The server owes answers: only the rest of the window.
        assert_eq!(paced.next(online(WINDOW - 2, 0)).len(), 2);
        // A game wanted now leaves the queue, and is not handed out again.
        assert!(paced.take(&doc(99)));
        assert!(!paced.take(&doc(99)));
        paced.settled(&doc(99));
        paced.settled(&doc(32));
        paced.settled(&doc(33));
        // A server quiet for a second: its answers are not waited for.
        let rest = paced.next(online(WINDOW, QUIET_MS));
        assert_eq!(rest.len() as u64, WINDOW);
        assert!(!rest.contains(&doc(99)));
        for d in &rest {
            paced.settled(d);
        }
        // Offline: a window every half second.
        let offline = |now_ms| Wire {
            online: false,
            unanswered: 0,
            quiet_ms: 0,
            now_ms,
        };
        assert_eq!(paced.next(offline(10_000)).len() as u64, WINDOW);
        for n in 66..98 {
            paced.settled(&doc(n));
        }
        assert!(paced.next(offline(10_100)).is_empty());
        assert_eq!(paced.next(offline(10_500)), vec![doc(98)]);
    }
}
