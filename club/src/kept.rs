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
//! beside the documents, under [`PREFIX`], and lost with them: one word
//! per game, `[PREFIX, doc]`, its heads kept, then the heads and mark it
//! is settled at (empty if not), a line each. Releases before kept the
//! settled part as a second word, `[PREFIX, doc, settled]`: read still,
//! and deleted when the game's word is next written (a page read 10,000
//! words at each opening of a club of 5,000 games).
//!
//! Once many words are stored, they are folded into one, `[PREFIX, ALL]`
//! (a line per game), in the transaction that deletes them: a page opened
//! again reads one word and the few written since, not a word per game
//! (5,032 words took 1.5 s at 4x). A game's own word, written after the
//! fold, stands over its line there.
//!
//! A finished game the app holds, at heads the server has said it holds
//! too, is *settled*, with the mark of the club's line of it then
//! ([`crate::listed::mark_of`]):
//! while the line is not written again, a page opened again leaves its
//! document at rest in storage (a club of years does not sync every
//! finished game at each opening). A save of a finished game on any
//! phone writes its line (the save time moves), so another phone's change
//! wakes it; a change here unsettles it first; opening it wakes it.

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};

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

/// The settled word's key part (after the document).
const SETTLED: &str = "settled";
/// The folded word's key part: no document id reads as it.
const ALL: &str = "~all";
/// Games' own words stored before they are folded into one, at least (and
/// at least a quarter of the games: folding writes every game's line).
const FOLD_AT: usize = 256;
/// How long no word was written (and the worker has run) before they are
/// folded: a join keeping thousands of games folds once, after them
/// (folding as they came made every join write the growing whole again
/// and again), and a page opened again lists its games before folding
/// (deleting 5,000 words cost seconds at 4x, at the opening).
pub const FOLD_QUIET_MS: u128 = 10_000;
/// The folded games' own words deleted per write at most, after the fold:
/// deleting 5,000 at once held the phone's storage 1-4 s at 4x, and a
/// hand from another phone waited that long to be kept and shown. A word
/// not deleted yet says what its line says.
pub const UNFOLD_PER_WRITE: usize = 100;

/// A finished game the server holds as the app does: at which heads, and
/// the mark of the club's line of it then.
#[derive(Clone, PartialEq, Debug)]
struct Settled {
    heads: String,
    line: u64,
}

impl Settled {
    /// From its heads and its mark in hex (empty heads: not settled).
    fn read(heads: &str, mark: &str) -> Option<Settled> {
        let line = u64::from_str_radix(mark, 16).ok()?;
        (!heads.is_empty()).then(|| Settled {
            heads: heads.to_string(),
            line,
        })
    }
}

/// The games the app holds, by document, at the heads it holds them.
#[derive(Default)]
pub struct Kept {
    at: HashMap<DocumentId, String>,
    settled: HashMap<DocumentId, Settled>,
    /// Games whose word is to be written to storage.
    writes: BTreeSet<DocumentId>,
    /// Games with a settled word of the earlier form, deleted when their
    /// word is written.
    legacy: HashSet<DocumentId>,
    /// Games with a word of their own in storage (folded away in time).
    words: HashSet<DocumentId>,
    /// Words folded into the one, still to delete, a few at a time.
    unfolding: HashSet<StorageKey>,
    /// When a word was last written, or the worker first asked (ms).
    written_at: Option<u128>,
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
        // Settled words of the earlier form, taken where the game's word
        // says nothing of it.
        let mut earlier = Vec::new();
        let mut whole = HashSet::new();
        let mut folded = String::new();
        for (key, value) in stored {
            let mut parts = key.into_iter();
            if parts.next().as_deref() != Some(PREFIX) {
                continue;
            }
            let Some(doc) = parts.next() else { continue };
            if doc == ALL && parts.next().is_none() {
                folded = String::from_utf8(value).unwrap_or_default();
                continue;
            }
            let (Ok(doc), Ok(text)) = (doc.parse::<DocumentId>(), String::from_utf8(value)) else {
                continue;
            };
            match parts.next().as_deref() {
                None => {
                    let mut lines = text.split('\n');
                    let at = lines.next().unwrap_or_default();
                    if let (Some(heads), Some(mark)) = (lines.next(), lines.next()) {
                        whole.insert(doc.clone());
                        if let Some(settled) = Settled::read(heads, mark) {
                            self.settled.insert(doc.clone(), settled);
                        }
                    }
                    self.words.insert(doc.clone());
                    self.at.insert(doc, at.to_string());
                }
                Some(SETTLED) => {
                    self.legacy.insert(doc.clone());
                    earlier.push((doc, text));
                }
                Some(_) => {}
            }
        }
        for (doc, text) in earlier {
            let settled = text
                .split_once('\n')
                .and_then(|(heads, mark)| Settled::read(heads, mark));
            if let (false, Some(settled)) = (whole.contains(&doc), settled) {
                self.settled.insert(doc, settled);
            }
        }
        // The folded word: a game's own word stands over its line.
        for line in folded.lines() {
            let mut fields = line.split('\t');
            let (Some(doc), Some(at)) = (fields.next(), fields.next()) else {
                continue;
            };
            let Ok(doc) = doc.parse::<DocumentId>() else {
                continue;
            };
            if self.at.contains_key(&doc) {
                continue;
            }
            if let (Some(heads), Some(mark)) = (fields.next(), fields.next()) {
                if let Some(settled) = Settled::read(heads, mark) {
                    self.settled.entry(doc.clone()).or_insert(settled);
                }
            }
            self.at.insert(doc, at.to_string());
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
        self.at.insert(doc.clone(), heads);
        self.writes.insert(doc.clone());
    }

    /// Whether `doc` is settled at the heads the app holds it: the server
    /// holds every change of it this phone has.
    pub fn held(&self, doc: &DocumentId) -> bool {
        self.settled
            .get(doc)
            .is_some_and(|s| self.at.get(doc) == Some(&s.heads))
    }

    /// Whether `doc` may rest while the club's line of it has this mark.
    pub fn at_rest(&self, doc: &DocumentId, mark: u64) -> bool {
        self.held(doc) && self.settled.get(doc).is_some_and(|s| s.line == mark)
    }

    /// `doc`, finished, is held by the server at `heads`, the heads the
    /// app holds it, while the club's line of it has `mark`.
    pub fn settle(&mut self, doc: &DocumentId, heads: &str, mark: u64) {
        if self.at.get(doc).map(String::as_str) != Some(heads) {
            return;
        }
        let settled = Settled {
            heads: heads.to_string(),
            line: mark,
        };
        if self.settled.get(doc) == Some(&settled) {
            return;
        }
        self.settled.insert(doc.clone(), settled);
        self.writes.insert(doc.clone());
    }

    /// `doc` changes here: no longer settled (written before the change
    /// is stored, so a page closed meanwhile syncs it when opened again).
    pub fn unsettle(&mut self, doc: &DocumentId) {
        if self.settled.remove(doc).is_some() {
            self.writes.insert(doc.clone());
        }
    }

    /// The words to write to storage since last asked (`now`: the clock,
    /// ms), each game's as it is now (`None`: a word to delete); every word
    /// folded into one once there are many and none was written for a
    /// while (an earlier release's words too).
    pub fn take_writes(&mut self, now: u128) -> Vec<(StorageKey, Option<Vec<u8>>)> {
        let many = self.words.len() >= FOLD_AT.max(self.at.len() / 4);
        let since = *self.written_at.get_or_insert(now);
        let quiet = now.saturating_sub(since) >= FOLD_QUIET_MS;
        if many && quiet && self.writes.is_empty() {
            return self.fold();
        }
        if !self.writes.is_empty() {
            self.written_at = Some(now);
        }
        let mut out = Vec::new();
        for doc in std::mem::take(&mut self.writes) {
            self.words.insert(doc.clone());
            let name = doc.to_string();
            // Written again: no longer a folded word to delete.
            if let Ok(key) = StorageKey::from_parts([PREFIX, name.as_str()]) {
                self.unfolding.remove(&key);
            }
            if self.legacy.remove(&doc) {
                if let Ok(key) = StorageKey::from_parts([PREFIX, name.as_str(), SETTLED]) {
                    out.push((key, None));
                }
            }
            let at = self.at.get(&doc).map(String::as_str).unwrap_or_default();
            let word = match self.settled.get(&doc) {
                Some(s) => format!("{at}\n{}\n{:016x}", s.heads, s.line),
                None => format!("{at}\n\n"),
            };
            if let Ok(key) = StorageKey::from_parts([PREFIX, name.as_str()]) {
                out.push((key, Some(word.into_bytes())));
            }
        }
        self.unfold_some(&mut out);
        out
    }

    /// Deletes the next few folded words.
    fn unfold_some(&mut self, out: &mut Vec<(StorageKey, Option<Vec<u8>>)>) {
        let next: Vec<StorageKey> = self
            .unfolding
            .iter()
            .take(UNFOLD_PER_WRITE)
            .cloned()
            .collect();
        for key in next {
            self.unfolding.remove(&key);
            out.push((key, None));
        }
    }

    /// Every game's word as one; the games' own words are deleted after
    /// it, a few at a time.
    fn fold(&mut self) -> Vec<(StorageKey, Option<Vec<u8>>)> {
        let mut out = Vec::new();
        for doc in std::mem::take(&mut self.words) {
            let name = doc.to_string();
            if let Ok(key) = StorageKey::from_parts([PREFIX, name.as_str()]) {
                self.unfolding.insert(key);
            }
        }
        for doc in std::mem::take(&mut self.legacy) {
            let name = doc.to_string();
            if let Ok(key) = StorageKey::from_parts([PREFIX, name.as_str(), SETTLED]) {
                self.unfolding.insert(key);
            }
        }
        let mut all = String::new();
        for (doc, at) in &self.at {
            let (heads, mark) = match self.settled.get(doc) {
                Some(s) => (s.heads.as_str(), format!("{:016x}", s.line)),
                None => ("", String::new()),
            };
            all.push_str(&format!("{doc}\t{at}\t{heads}\t{mark}\n"));
        }
        if let Ok(key) = StorageKey::from_parts([PREFIX, ALL]) {
            out.push((key, Some(all.into_bytes())));
        }
        self.unfold_some(&mut out);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(n: u8) -> DocumentId {
        DocumentId::try_from(vec![n; 16]).unwrap()
    }

    fn apply(store: &mut HashMap<StorageKey, Vec<u8>>, writes: Vec<(StorageKey, Option<Vec<u8>>)>) {
        for (key, value) in writes {
            match value {
                Some(v) => store.insert(key, v),
                None => store.remove(&key),
            };
        }
    }

    fn key(parts: &[&str]) -> StorageKey {
        StorageKey::from_parts(parts.iter().copied()).unwrap()
    }

    #[test]
    fn words_of_the_earlier_form_are_read_and_replaced_when_written() {
        let name = doc(3).to_string();
        let mut store: HashMap<StorageKey, Vec<u8>> = HashMap::new();
        store.insert(key(&[PREFIX, &name]), b"h1".to_vec());
        store.insert(
            key(&[PREFIX, &name, SETTLED]),
            b"h1\n0000000000000007".to_vec(),
        );
        let mut kept = Kept::default();
        kept.load(store.clone());
        assert!(kept.at_rest(&doc(3), 7), "the earlier settled word read");
        // Kept at newer heads: one word written, the earlier one deleted.
        kept.keep(&doc(3), "h2".into());
        apply(&mut store, kept.take_writes(0));
        assert_eq!(store.len(), 1);
        let mut again = Kept::default();
        again.load(store.clone());
        assert!(again.holds(&doc(3), "h2") && !again.held(&doc(3)));
        // A game's word, when written, says its settled part: an earlier
        // settled word left beside it (a delete lost) is not taken.
        store.insert(
            key(&[PREFIX, &name, SETTLED]),
            b"h2\n0000000000000009".to_vec(),
        );
        let mut third = Kept::default();
        third.load(store);
        assert!(!third.held(&doc(3)));
    }

    #[test]
    fn many_words_fold_into_one_once_quiet_and_a_later_word_stands_over_its_line() {
        let many = |n: usize| DocumentId::try_from((n as u32).to_le_bytes().repeat(4)).unwrap();
        let mut store: HashMap<StorageKey, Vec<u8>> = HashMap::new();
        let mut kept = Kept::default();
        for n in 0..FOLD_AT + 10 {
            kept.keep(&many(n), format!("h{n}"));
            // Kept one by one, as a join keeps them: never folded meanwhile.
            apply(&mut store, kept.take_writes(n as u128 * 100));
        }
        kept.settle(&many(1), "h1", 7);
        let last = (FOLD_AT as u128 + 10) * 100;
        apply(&mut store, kept.take_writes(last));
        assert_eq!(store.len(), FOLD_AT + 10, "a word each while they come");
        apply(&mut store, kept.take_writes(last + FOLD_QUIET_MS - 1));
        assert_eq!(store.len(), FOLD_AT + 10, "not yet quiet");
        // A page opened again on them folds them once it has run a while.
        let mut opened = Kept::default();
        opened.load(store.clone());
        assert!(
            opened.take_writes(5_000_000).is_empty(),
            "not at the opening"
        );
        assert_eq!(
            opened.take_writes(5_000_000 + FOLD_QUIET_MS).len(),
            1 + UNFOLD_PER_WRITE,
            "the one word, and the first words deleted"
        );
        for _ in 0..(FOLD_AT + 10).div_ceil(UNFOLD_PER_WRITE) + 1 {
            apply(&mut store, kept.take_writes(last + FOLD_QUIET_MS));
        }
        assert_eq!(store.len(), 1, "every game's word folded into one");
        let mut again = Kept::default();
        again.load(store.clone());
        assert!(again.holds(&many(FOLD_AT + 9), &format!("h{}", FOLD_AT + 9)));
        assert!(again.at_rest(&many(1), 7) && !again.held(&many(2)));
        // A game's own word, written after the fold, stands over its line.
        again.keep(&many(1), "h1b".into());
        apply(&mut store, again.take_writes(0));
        assert_eq!(store.len(), 2);
        let mut third = Kept::default();
        third.load(store);
        assert!(third.holds(&many(1), "h1b") && !third.held(&many(1)));
        assert!(third.holds(&many(2), "h2"));
    }

    /// Deleting 5,000 folded words in one write held the phone's storage
    /// 1-4 s at 4x: a hand from another phone waited behind it.
    #[test]
    fn folded_words_are_deleted_a_few_at_a_time_and_a_word_written_meanwhile_stays() {
        let many = |n: usize| DocumentId::try_from((n as u32).to_le_bytes().repeat(4)).unwrap();
        let n = 3 * UNFOLD_PER_WRITE;
        let mut store: HashMap<StorageKey, Vec<u8>> = HashMap::new();
        let mut kept = Kept::default();
        for g in 0..n {
            kept.keep(&many(g), format!("h{g}"));
        }
        apply(&mut store, kept.take_writes(0));
        let folding = kept.take_writes(FOLD_QUIET_MS);
        assert_eq!(
            folding.iter().filter(|(_, v)| v.is_none()).count(),
            UNFOLD_PER_WRITE
        );
        assert_eq!(folding.iter().filter(|(_, v)| v.is_some()).count(), 1);
        apply(&mut store, folding);
        // Every game is read the same from what is stored meanwhile.
        let mut meanwhile = Kept::default();
        meanwhile.load(store.clone());
        assert!((0..n).all(|g| meanwhile.holds(&many(g), &format!("h{g}"))));
        // A game kept again whose folded word waits to be deleted: its new
        // word stays.
        let waiting = (0..n)
            .find(|g| {
                store.contains_key(
                    &StorageKey::from_parts([PREFIX, many(*g).to_string().as_str()]).unwrap(),
                )
            })
            .unwrap();
        kept.keep(&many(waiting), "again".into());
        while store.len() > 2 {
            let writes = kept.take_writes(FOLD_QUIET_MS);
            assert!(!writes.is_empty(), "the rest deleted in time");
            assert!(writes.len() <= UNFOLD_PER_WRITE + 1);
            apply(&mut store, writes);
        }
        let mut after = Kept::default();
        after.load(store);
        assert!(after.holds(&many(waiting), "again"));
        assert!((0..n)
            .filter(|g| *g != waiting)
            .all(|g| after.holds(&many(g), &format!("h{g}"))));
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
        assert_eq!(kept.take_writes(0).len(), 2);
        assert!(kept.take_writes(0).is_empty(), "each once");
    }

    #[test]
    fn a_settled_game_rests_while_its_line_and_heads_stay_and_survives_a_reload() {
        let mut store: HashMap<StorageKey, Vec<u8>> = HashMap::new();
        let mut kept = Kept::default();
        kept.settle(&doc(1), "h1", 7);
        assert!(
            !kept.held(&doc(1)),
            "not settled at heads the app does not hold"
        );
        kept.keep(&doc(1), "h1".into());
        kept.settle(&doc(1), "h1", 7);
        assert!(kept.at_rest(&doc(1), 7));
        assert!(!kept.at_rest(&doc(1), 8));
        apply(&mut store, kept.take_writes(0));
        assert_eq!(store.len(), 1, "one word per game");
        let mut again = Kept::default();
        again.load(store.clone());
        assert!(again.at_rest(&doc(1), 7));
        // Kept at newer heads: held no longer.
        again.keep(&doc(1), "h2".into());
        assert!(!again.held(&doc(1)));
        // Unsettled: the word left reads as not settled.
        kept.unsettle(&doc(1));
        assert!(!kept.held(&doc(1)));
        apply(&mut store, kept.take_writes(0));
        let mut third = Kept::default();
        third.load(store);
        assert!(third.has(&doc(1)) && !third.held(&doc(1)));
    }
}
