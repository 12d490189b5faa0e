//! Which games the app has kept, and at which heads of their document:
//! a page opened again is not told again of a game it already holds
//! (a club of 5,000 games checked and read back 5,000 games at every
//! page load).
//!
//! The app says a game is kept ([`crate::message::ToWorker::Kept`]) only
//! once its storage holds the game as the worker told it, and the worker
//! takes that word only for a view with nothing to ask (no entry recorded
//! differently, none stray, no round being typed): such a view is all the
//! app needs of the document. The word is kept in the worker's storage,
//! beside the documents, under [`PREFIX`], and lost with them.

use std::collections::{HashMap, VecDeque};

use automerge::Automerge;
use samod_core::{DocumentId, StorageKey};

/// The storage keys' first part (no document id reads as this).
pub const PREFIX: &str = "chicken-kept";
/// Stored games told again and not yet said kept, at most: the page keeps
/// them at its pace, and a game new here or changed (told at once) never
/// waits behind thousands of them in the page's queue.
pub const RETELL_WINDOW: usize = 32;
/// A game told again and not said kept in this long no longer holds a
/// place (the page kept it otherwise, or refused it).
pub const ACK_WAIT_MS: u128 = 5_000;

/// The heads of `doc` as the app is told them: each change hash in hex,
/// comma-separated.
pub fn heads_of(doc: &Automerge) -> String {
    let mut heads: Vec<String> = doc.get_heads().iter().map(|h| h.to_string()).collect();
    heads.sort();
    heads.join(",")
}

/// The heads in `text` ([`heads_of`]'s form), if every one is a change
/// of `doc`: a base the app names that this document does not hold (or
/// text that is no heads) is none.
pub fn heads_in(doc: &Automerge, text: &str) -> Option<Vec<automerge::ChangeHash>> {
    let heads: Vec<automerge::ChangeHash> = text
        .split(',')
        .map(|h| h.parse().ok())
        .collect::<Option<_>>()?;
    all_known(doc, &heads).then_some(heads)
}

/// Whether `heads` name changes, every one of them a change of `doc`.
pub fn all_known(doc: &Automerge, heads: &[automerge::ChangeHash]) -> bool {
    use automerge::ReadDoc;
    !heads.is_empty() && heads.iter().all(|h| doc.get_change_by_hash(h).is_some())
}

/// The games the app holds, by document, at the heads it holds them.
#[derive(Default)]
pub struct Kept {
    at: HashMap<DocumentId, String>,
    /// Words to write to storage.
    writes: Vec<(StorageKey, Vec<u8>)>,
    /// Stored games the app has not said it holds, to tell again.
    retell: VecDeque<DocumentId>,
    /// Those told again, awaiting the app's word (since when, ms).
    awaiting: HashMap<DocumentId, u128>,
}

impl Kept {
    /// The storage key range the words are under.
    pub fn prefix() -> Option<StorageKey> {
        StorageKey::from_parts([PREFIX]).ok()
    }

    /// The words found in storage (under [`Kept::prefix`]); any not
    /// readable are left out (the game is then told again).
    pub fn load(&mut self, stored: impl IntoIterator<Item = (StorageKey, Vec<u8>)>) {
        for (key, value) in stored {
            let mut parts = key.into_iter();
            if parts.next().as_deref() != Some(PREFIX) {
                continue;
            }
            let Some(doc) = parts.next() else { continue };
            if let (Ok(doc), Ok(heads)) = (doc.parse::<DocumentId>(), String::from_utf8(value)) {
                self.at.insert(doc, heads);
            }
        }
    }

    /// Whether the app holds `doc` at `heads`.
    pub fn holds(&self, doc: &DocumentId, heads: &str) -> bool {
        self.at.get(doc).is_some_and(|h| h == heads)
    }

    /// Whether the app holds `doc` at all (at some heads).
    pub fn has(&self, doc: &DocumentId) -> bool {
        self.at.contains_key(doc)
    }

    /// Stored game `doc` the app may not hold: told again in its turn.
    pub fn retell(&mut self, doc: DocumentId) {
        self.retell.push_back(doc);
    }

    /// The stored games to tell again now (`now`: the clock, ms); each
    /// then awaits the app's word.
    pub fn retell_next(&mut self, now: u128) -> Vec<DocumentId> {
        self.awaiting
            .retain(|_, since| now.saturating_sub(*since) < ACK_WAIT_MS);
        let room = RETELL_WINDOW.saturating_sub(self.awaiting.len());
        let n = room.min(self.retell.len());
        let next: Vec<DocumentId> = self.retell.drain(..n).collect();
        for doc in &next {
            self.awaiting.insert(doc.clone(), now);
        }
        next
    }

    /// The app holds `doc` at `heads`: kept here and written to storage.
    pub fn keep(&mut self, doc: &DocumentId, heads: String) {
        self.awaiting.remove(doc);
        if self.holds(doc, &heads) {
            return;
        }
        if let Ok(key) = StorageKey::from_parts([PREFIX.to_string(), doc.to_string()]) {
            self.writes.push((key, heads.clone().into_bytes()));
        }
        self.at.insert(doc.clone(), heads);
    }

    /// The words to write to storage since last asked.
    pub fn take_writes(&mut self) -> Vec<(StorageKey, Vec<u8>)> {
        std::mem::take(&mut self.writes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(n: u8) -> DocumentId {
        DocumentId::try_from(vec![n; 16]).unwrap()
    }

    #[test]
    fn stored_games_are_told_again_a_window_at_a_time_as_the_app_keeps_them() {
        let mut kept = Kept::default();
        for n in 0..40 {
            kept.retell(doc(n));
        }
        let first = kept.retell_next(0);
        assert_eq!(first.len(), RETELL_WINDOW);
        assert!(kept.retell_next(10).is_empty(), "none kept yet");
        kept.keep(&doc(0), "h".into());
        kept.keep(&doc(1), "h".into());
        assert_eq!(kept.retell_next(20), vec![doc(32), doc(33)]);
        assert!(kept.holds(&doc(0), "h") && !kept.holds(&doc(0), "other"));
        // Never said kept: its place is freed after a while.
        assert_eq!(kept.retell_next(ACK_WAIT_MS).len(), 6);
        // The words to write: one per game kept.
        assert_eq!(kept.take_writes().len(), 2);
    }
}
