//! The replica's part that keeps each game's document: the app's saves,
//! rivals and rounds written into it, documents made ready or changed,
//! and what the app is told of each game.

use automerge::{AutoCommit, Automerge};
use rand_core_09::RngCore;
use samod_core::{AutomergeUrl, DocumentId};

use super::{doc_kind, record_is_of, Kind, Replica, MAX_IN_FLIGHT};
use crate::kept::heads_of;
use crate::message::{Asked, FromWorker};
use crate::save::{write_save, Save};
use crate::{game_doc, listed, round_doc, DocError};

impl<R: RngCore> Replica<R> {
    /// Changes game `doc` here: unsettled first (the word is written
    /// before the change is stored), and a finished game's line written
    /// again, so the phones where it rests wake it.
    pub(super) fn change_game<T>(
        &mut self,
        doc: &DocumentId,
        f: impl FnOnce(&mut Automerge) -> T,
    ) -> Option<T> {
        self.kept.unsettle(doc);
        let finished = self
            .ids
            .get(doc)
            .cloned()
            .filter(|id| self.line_of(id).is_some_and(|l| listed::is_finished(&l)));
        let changed = self.engine.change(doc, f)?;
        self.touching.extend(finished);
        Some(changed)
    }

    /// The app holds game `id` as it was told it `at`: taken only if that
    /// is the view told last, with nothing to ask.
    pub(super) fn app_keeps(&mut self, id: &str, at: String) {
        let Some(doc) = self.games.get(id) else {
            return;
        };
        let doc = doc.clone();
        if let Some(FromWorker::Game { at: Some(told), .. }) = self.told.get(&doc) {
            if *told == at {
                self.kept.keep(&doc, at.clone());
                if !self.archive_kept(&doc, &at) {
                    self.settle_if_held(&doc);
                }
            }
        }
    }

    pub(super) fn saved(&mut self, id: String, seq: u64, save: Save) {
        match self.games.get(&id).cloned() {
            Some(doc) if self.engine.is_ready(&doc) => {
                let own = self.own_heads.get(&id).cloned();
                let written = self.change_game(&doc, |d| write_save(d, &save, own.as_deref()));
                if let Some(Some(heads)) = written {
                    self.own_heads.insert(id.clone(), heads);
                }
                // The page may number a save before an earlier-numbered one
                // reaches here (one read from storage while it kept a
                // copy): the document holds every save up to the highest.
                // Lowering it hid every later view from the page (its
                // views older than its last save are skipped).
                let held = self.applied.entry(id).or_default();
                *held = (*held).max(seq);
                self.tell_game(&doc);
            }
            Some(doc) => {
                self.wanted_now(&doc);
                self.waiting.entry(id).or_default().push((seq, save))
            }
            // A game being created here, or one the club's index, not
            // read yet, may hold: a document made now would be a second
            // one, and the save lost under the first.
            None if self.games_creating.contains(&id)
                || (self.club.is_some() && !self.club_read) =>
            {
                self.waiting.entry(id).or_default().push((seq, save))
            }
            // Many documents wait for the server: made in their turn.
            None if self.to_create_ids.contains(&id) || self.in_flight() >= MAX_IN_FLIGHT => {
                if self.to_create_ids.insert(id.clone()) {
                    self.to_create.push_back(id.clone());
                }
                self.waiting.entry(id).or_default().push((seq, save))
            }
            None => self.create_game(id, seq, save),
        }
    }

    /// Games made here whose documents the server has not said it holds,
    /// and those being made (not the stored documents a page opened again
    /// checks with the server: a new game does not wait for those).
    pub fn in_flight(&self) -> usize {
        self.games_creating.len() + self.created.len().saturating_sub(self.created_held.len())
    }

    /// Makes game `id`'s document from its first save here.
    fn create_game(&mut self, id: String, seq: u64, save: Save) {
        let mut doc = AutoCommit::new();
        if game_doc::create(&mut doc, &save.record).is_ok() {
            // Marked as ours once the engine names it (on_ready).
            self.applied.insert(id.clone(), seq);
            self.games_creating.insert(id);
            self.engine.create(doc.document().clone());
        }
    }

    /// Makes the documents of games new to the club that waited, in the
    /// order handed, while fewer than [`MAX_IN_FLIGHT`] wait for the server.
    pub(super) fn create_waiting_games(&mut self) {
        while !self.to_create.is_empty() && self.in_flight() < MAX_IN_FLIGHT {
            let Some(id) = self.to_create.pop_front() else {
                return;
            };
            self.to_create_ids.remove(&id);
            let mut saves = self.waiting.remove(&id).unwrap_or_default().into_iter();
            if let Some((seq, save)) = saves.next() {
                self.create_game(id.clone(), seq, save);
            }
            // Its later saves wait for its document (or, if it could not be
            // made, for their own turn).
            for (seq, save) in saves {
                self.saved(id.clone(), seq, save);
            }
        }
    }

    /// Keeps this phone's `value` of entry `index` beside the one another
    /// phone wrote there first (kept until the game's document is ready).
    pub(super) fn rival(&mut self, id: String, index: usize, value: String) {
        match self.games.get(&id).cloned() {
            Some(doc) if self.engine.is_ready(&doc) => {
                self.change_game(&doc, |d| game_doc::put_rival(d, index, &value));
                self.tell_game(&doc);
            }
            known => {
                if let Some(doc) = known {
                    self.wanted_now(&doc);
                }
                self.rivals_waiting
                    .entry(id)
                    .or_default()
                    .push((index, value));
            }
        }
    }

    /// Writes the round parts typed here (kept until the game's document
    /// is ready). What the document then holds is what the app was told.
    pub(super) fn round(&mut self, id: String, parts: Vec<(String, String)>) {
        match self.games.get(&id).cloned() {
            Some(doc) if self.engine.is_ready(&doc) => {
                self.change_game(&doc, |d| {
                    let mut tx = d.transaction();
                    let _ = round_doc::put(&mut tx, &parts);
                    tx.commit();
                });
                if let Some(now) = self.engine.read(&doc, round_doc::read) {
                    self.rounds_told.insert(doc, now);
                }
            }
            known => {
                if let Some(doc) = known {
                    self.wanted_now(&doc);
                }
                self.rounds_waiting.entry(id).or_default().extend(parts)
            }
        }
    }

    /// A stored game waiting its turn to sync, or resting, is wanted now
    /// (opened, or a save or a round at its table).
    pub(super) fn wanted_now(&mut self, doc: &DocumentId) {
        if self.resting.remove(doc) || self.paced.take(doc) || self.archive_told_wanted(doc) {
            self.engine.find(doc.clone());
        }
    }

    pub(super) fn on_ready(&mut self, doc: DocumentId) {
        let kind = self.engine.read(&doc, doc_kind).flatten();
        match kind {
            Some(Kind::Club) if self.club.is_none() && self.creating_club => {
                self.creating_club = false;
                self.club = Some(doc.clone());
                self.on_club(&doc);
            }
            Some(Kind::Club) if self.club.as_ref() == Some(&doc) => self.on_club(&doc),
            Some(Kind::Archive(block)) => self.on_archive_ready(doc, block),
            Some(Kind::Game(id)) => {
                let made_here = self.games_creating.remove(&id);
                // Made here by a page closed before the index named it.
                let restored = self.made.take_restored(&doc);
                if self.games.get(&id).is_some_and(|known| *known != doc) {
                    // Indexed under another document: that one stands.
                    if made_here || restored {
                        self.made.done(&doc);
                    }
                    return;
                }
                if made_here {
                    self.made.made(&doc, &id);
                    // The page's next save goes on from the game it made.
                    if let Some(heads) = self.engine.read(&doc, |d| d.get_heads()) {
                        self.own_heads.insert(id.clone(), heads);
                    }
                }
                if made_here || restored {
                    self.created.insert(doc.clone());
                    self.note_if_server_has(&doc);
                }
                self.games.insert(id.clone(), doc.clone());
                self.ids.insert(doc.clone(), id.clone());
                self.index_created();
                for (seq, save) in self.waiting.remove(&id).unwrap_or_default() {
                    self.saved(id.clone(), seq, save);
                }
                if let Some(parts) = self.rounds_waiting.remove(&id) {
                    self.round(id.clone(), parts);
                }
                for (index, value) in self.rivals_waiting.remove(&id).unwrap_or_default() {
                    self.rival(id.clone(), index, value);
                }
                // Made after its line was written (it waited its turn,
                // MAX_IN_FLIGHT): archived now, as the line's writing does.
                if made_here {
                    self.archive_now(&id);
                }
                if self.indexed(&id) {
                    self.indexed_here.insert(id);
                }
                // A game the app holds as it is: nothing to tell. One
                // stored here that it may not hold: told in its turn.
                let heads = self.engine.read(&doc, heads_of).unwrap_or_default();
                if !self.kept.holds(&doc, &heads) {
                    if self.is_stored(&doc) {
                        self.kept.retell(doc.clone());
                    } else {
                        self.tell_game(&doc);
                    }
                    self.tell_round(&doc);
                }
                self.tell_club();
            }
            _ if self.club.as_ref() == Some(&doc) => {
                self.say_of_club(DocError::NotOurs.club_message());
                self.index_unreadable();
            }
            _ if self.ids.contains_key(&doc) => self.refuse(&doc),
            _ => {}
        }
    }

    pub(super) fn on_changed(&mut self, doc: DocumentId) {
        if self.club.as_ref() == Some(&doc) {
            self.on_club(&doc);
        } else if self.ids.contains_key(&doc) {
            self.tell_game(&doc);
            self.tell_round(&doc);
        } else if self.archives.is_archive(&doc) {
            self.serve_from_archive(&doc);
        }
    }

    pub(super) fn tell_game(&mut self, doc: &DocumentId) {
        let Some(id) = self.ids.get(doc).cloned() else {
            return;
        };
        let read = self.engine.read(doc, game_doc::read);
        let msg = match read {
            Some(Ok(g)) => {
                if !record_is_of(&g.record, &id) {
                    self.refuse_with(doc, DocError::Malformed("id"));
                    return;
                }
                let round_typed = self
                    .engine
                    .read(doc, round_doc::read)
                    .is_some_and(|parts| !parts.is_empty());
                let heads = self.engine.read(doc, heads_of).unwrap_or_default();
                let at = (g.conflicts.is_empty() && g.stray.is_empty() && !round_typed)
                    .then(|| heads.clone());
                FromWorker::Game {
                    at,
                    heads,
                    line: self.line_of(&id),
                    seq: self.applied.get(&id).copied().unwrap_or(0),
                    id,
                    record: g.record,
                    asked: g
                        .conflicts
                        .into_iter()
                        .map(|c| Asked {
                            index: c.index,
                            values: c.values,
                        })
                        .collect(),
                    stray: g.stray.len(),
                }
            }
            Some(Err(e)) => {
                self.refuse_with(doc, e);
                return;
            }
            None => return,
        };
        // Told again only when what the app shows changed: a round typed
        // at the table moves the heads, not the game (the heads told last
        // stay a base of the app's next save).
        let mut view = msg.clone();
        if let FromWorker::Game { heads, .. } = &mut view {
            heads.clear();
        }
        if self.told.get(doc) != Some(&view) {
            self.told.insert(doc.clone(), view);
            self.out.push(msg);
        }
    }

    /// Tells the app of game `doc`'s round, if it changed since it was last
    /// told (a refused game's round is not told).
    pub(super) fn tell_round(&mut self, doc: &DocumentId) {
        let Some(id) = self.ids.get(doc).cloned() else {
            return;
        };
        if self.refused.contains(doc) {
            return;
        }
        let Some(parts) = self.engine.read(doc, round_doc::read) else {
            return;
        };
        let told = self.rounds_told.get(doc);
        if !told.map_or(parts.is_empty(), |t| *t == parts) {
            self.rounds_told.insert(doc.clone(), parts.clone());
            self.out.push(FromWorker::Round { id, parts });
        }
    }

    pub(super) fn refuse(&mut self, doc: &DocumentId) {
        self.refuse_with(doc, DocError::NotOurs);
    }

    pub(super) fn refuse_with(&mut self, doc: &DocumentId, e: DocError) {
        self.engine.not_ours(doc);
        if self.refused.insert(doc.clone()) {
            self.out.push(FromWorker::Refused {
                url: AutomergeUrl::from(doc).to_string(),
                message: e.message(),
            });
        }
    }
}
