//! The games made on this phone that the club's index does not name yet,
//! kept in the worker's storage beside the kept words: a game is named
//! only once the server holds its document, and a page closed before
//! then (a person who makes a game and opens the club page at once) ended
//! its worker with the game in storage and nowhere else to be named. Its
//! page had been told the game back, held it as agreed with the club and
//! never handed it over again: the club never had it, and the phone said
//! it was in step. The next worker reads these words, looks for each
//! game's stored document, and names it once the server holds it.
//!
//! One word per game, `[kept::PREFIX, MADE, doc]` (no document id reads as
//! `MADE`, so the kept words' reading leaves them), written when the
//! game's document is made and deleted once the index names it.

use std::collections::HashSet;

use samod_core::{DocumentId, StorageKey};

use crate::kept::PREFIX;

/// The words' key part after [`PREFIX`].
const MADE: &str = "~made";

/// The words read at the start, and those to write.
#[derive(Default)]
pub struct Made {
    /// Read from storage, their documents not ready yet.
    restored: HashSet<DocumentId>,
    /// Words to write (`None`: to delete), in order.
    writes: Vec<(StorageKey, Option<Vec<u8>>)>,
}

fn key(doc: &DocumentId) -> Option<StorageKey> {
    StorageKey::from_parts([PREFIX, MADE, doc.to_string().as_str()]).ok()
}

impl Made {
    /// The words among `stored` (the kept words' range).
    pub fn load<'a>(&mut self, stored: impl IntoIterator<Item = &'a (StorageKey, Vec<u8>)>) {
        for (key, _) in stored {
            let mut parts = key.into_iter().map(String::as_str);
            if parts.next() == Some(PREFIX) && parts.next() == Some(MADE) {
                if let Some(Ok(doc)) = parts.next().map(|d| d.parse::<DocumentId>()) {
                    self.restored.insert(doc);
                }
            }
        }
    }

    /// The games read at the start, to look for.
    pub fn restored(&self) -> Vec<DocumentId> {
        self.restored.iter().cloned().collect()
    }

    /// Whether `doc` was read at the start and not taken yet; taken now.
    pub fn take_restored(&mut self, doc: &DocumentId) -> bool {
        self.restored.remove(doc)
    }

    /// `doc` was made here.
    pub fn made(&mut self, doc: &DocumentId, id: &str) {
        if let Some(key) = key(doc) {
            self.writes.push((key, Some(id.as_bytes().to_vec())));
        }
    }

    /// `doc` is named by the index (or never will be: another document
    /// holds its game, or it is not in storage after all).
    pub fn done(&mut self, doc: &DocumentId) {
        self.restored.remove(doc);
        if let Some(key) = key(doc) {
            self.writes.push((key, None));
        }
    }

    /// The words to write since last asked.
    pub fn take_writes(&mut self) -> Vec<(StorageKey, Option<Vec<u8>>)> {
        std::mem::take(&mut self.writes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_written_is_read_back_and_a_deleted_one_is_not() {
        let doc = DocumentId::try_from(vec![7; 16]).unwrap();
        let other = DocumentId::try_from(vec![8; 16]).unwrap();
        let mut made = Made::default();
        made.made(&doc, "g1");
        made.made(&other, "g2");
        made.done(&other);
        let mut store = std::collections::HashMap::new();
        for (k, v) in made.take_writes() {
            match v {
                Some(v) => store.insert(k, v),
                None => store.remove(&k),
            };
        }
        let stored: Vec<(StorageKey, Vec<u8>)> = store.into_iter().collect();
        let mut again = Made::default();
        again.load(&stored);
        assert_eq!(again.restored(), vec![doc.clone()]);
        assert!(again.take_restored(&doc));
        assert!(!again.take_restored(&doc));
    }
}
