//! Which of this phone's documents the server has not yet said it holds:
//! the club page says "in step with the server" only when there are none.
//!
//! A document is unconfirmed from the moment it changes here (or, for one
//! stored before this page opened, until it is synced again), and
//! confirmed once the server's last sync message names heads that cover
//! this phone's: the server has every change of it.

use std::collections::HashSet;

use automerge::ChangeHash;
use samod_core::network::PeerDocState;
use samod_core::DocumentId;

/// The documents to be confirmed by the server.
#[derive(Default)]
pub struct Unconfirmed {
    docs: HashSet<DocumentId>,
}

impl Unconfirmed {
    /// `doc` has changes the server may not hold.
    pub fn add(&mut self, doc: DocumentId) {
        self.docs.insert(doc);
    }

    /// Whether `doc` waits for the server.
    pub fn has(&self, doc: &DocumentId) -> bool {
        self.docs.contains(doc)
    }

    /// The server holds `doc` as it is here.
    pub fn confirm(&mut self, doc: &DocumentId) {
        self.docs.remove(doc);
    }

    /// How many wait.
    pub fn len(&self) -> usize {
        self.docs.len()
    }

    /// Whether none waits.
    pub fn is_empty(&self) -> bool {
        self.docs.is_empty()
    }
}

/// How often a falling count is told, at most (ms): a count that reaches
/// or leaves zero is told at once.
pub const TELL_EVERY_MS: u128 = 300;

/// What the app was told of the count waiting for the server.
#[derive(Default)]
pub struct Told {
    count: Option<usize>,
    at: u128,
}

impl Told {
    /// The count to tell the app now, if any: a change to or from zero at
    /// once, others at most every [`TELL_EVERY_MS`].
    pub fn next(&mut self, count: usize, now_ms: u128) -> Option<usize> {
        let due = match self.count {
            None => true,
            Some(was) if was == count => false,
            Some(was) => {
                (was == 0) != (count == 0) || now_ms.saturating_sub(self.at) >= TELL_EVERY_MS
            }
        };
        if due {
            self.count = Some(count);
            self.at = now_ms;
        }
        due.then_some(count)
    }
}

/// Whether a peer in `state` holds every change of a document whose heads
/// here are `heads`: each head is one the peer named as its own or as
/// shared. (A head the peer has under a newer change of its own is not
/// seen as held until that change arrives here: confirmed a moment late,
/// never early.)
pub fn holds(state: &PeerDocState, heads: &[ChangeHash]) -> bool {
    let Some(theirs) = &state.their_heads else {
        return false;
    };
    let shared = state.shared_heads.as_deref().unwrap_or(&[]);
    heads
        .iter()
        .all(|h| theirs.contains(h) || shared.contains(h))
}

/// Whether a peer in `state` has named any change of the document: it
/// holds the document, at some version.
pub fn has_any(state: &PeerDocState) -> bool {
    state.their_heads.as_ref().is_some_and(|h| !h.is_empty())
        || state.shared_heads.as_ref().is_some_and(|h| !h.is_empty())
}

/// Whether a peer in `state` last named exactly `heads` as its own: it
/// holds every change of the document here, and nothing more that it has
/// told of (a game may rest only then: [`crate::kept`]).
pub fn in_step(state: &PeerDocState, heads: &[ChangeHash]) -> bool {
    let Some(theirs) = &state.their_heads else {
        return false;
    };
    let mut theirs = theirs.clone();
    let mut ours = heads.to_vec();
    theirs.sort();
    ours.sort();
    !ours.is_empty() && theirs == ours
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash(n: u8) -> ChangeHash {
        ChangeHash([n; 32])
    }

    fn state(theirs: Option<Vec<ChangeHash>>, shared: Vec<ChangeHash>) -> PeerDocState {
        PeerDocState {
            share_config: None,
            peer_read_only: false,
            last_received: None,
            last_sent: None,
            last_sent_heads: None,
            last_acked_heads: None,
            shared_heads: Some(shared),
            their_heads: theirs,
        }
    }

    #[test]
    fn zero_is_told_at_once_and_other_counts_paced() {
        let mut told = Told::default();
        assert_eq!(told.next(0, 0), Some(0));
        assert_eq!(told.next(0, 10), None);
        assert_eq!(told.next(5, 20), Some(5));
        assert_eq!(told.next(4, 30), None);
        assert_eq!(told.next(3, 20 + TELL_EVERY_MS), Some(3));
        assert_eq!(told.next(0, 21 + TELL_EVERY_MS), Some(0));
    }

    #[test]
    fn a_peer_that_named_no_heads_holds_nothing() {
        assert!(!holds(&state(None, vec![hash(1)]), &[hash(1)]));
    }

    #[test]
    fn every_head_must_be_named() {
        let s = state(Some(vec![hash(1)]), vec![]);
        assert!(holds(&s, &[hash(1)]));
        assert!(!holds(&s, &[hash(1), hash(2)]));
        assert!(!holds(&s, &[hash(2)]));
    }

    #[test]
    fn in_step_only_at_the_same_heads() {
        let s = state(Some(vec![hash(2), hash(1)]), vec![hash(1)]);
        assert!(in_step(&s, &[hash(1), hash(2)]));
        assert!(!in_step(&s, &[hash(1)]), "the peer has more");
        assert!(!in_step(&state(None, vec![]), &[hash(1)]));
    }

    #[test]
    fn shared_heads_count_as_held() {
        let s = state(Some(vec![hash(9)]), vec![hash(2)]);
        assert!(holds(&s, &[hash(2)]));
        assert!(!holds(&s, &[hash(3)]));
    }
}
