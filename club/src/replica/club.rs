//! The replica's part that reads and writes the club's document: its
//! index of games, list, players and nights, what the app is told of
//! them, and the games made here put in the index.

use std::collections::BTreeSet;
use std::rc::Rc;

use rand_core_09::RngCore;
use samod_core::{AutomergeUrl, DocumentId};

use super::{Replica, HERE_EVERY_MS, INDEX_BATCH, INDEX_WAIT_MS, LINES_PER_MESSAGE};
use crate::message::{FromWorker, ToWorker};
use crate::{archive_doc, club_delta, club_doc, listed, DocError};

impl<R: RngCore> Replica<R> {
    /// Touches the lines of the finished games changed this turn, in one
    /// change of the club's document (a change each was a message each
    /// to the server: about 5 per game on a phone handing its club 1,000
    /// finished games).
    pub(super) fn write_touches(&mut self) {
        if self.touching.is_empty() {
            return;
        }
        let Some(club) = self.club.clone() else {
            return self.touching.clear();
        };
        let ids = std::mem::take(&mut self.touching);
        self.engine.change(&club, |d| {
            let mut tx = d.transaction();
            for id in &ids {
                let _ = listed::touch(&mut tx, id);
            }
            tx.commit();
        });
        for id in &ids {
            self.archive_now(id);
        }
    }

    /// Writes the players, renames and nights handed meanwhile into the
    /// club's document, in order, in one change (they wait while it is
    /// not ready).
    pub(super) fn write_club_changes(&mut self) {
        if self.club_waiting.is_empty() {
            return;
        }
        let Some(club) = self.club.clone().filter(|c| self.engine.is_ready(c)) else {
            return;
        };
        let msgs = std::mem::take(&mut self.club_waiting);
        self.engine.change(&club, |d| {
            let mut tx = d.transaction();
            for msg in &msgs {
                let _ = match msg {
                    ToWorker::Player { name } => club_doc::add_player(&mut tx, name),
                    ToWorker::Renamed { from, to } => club_doc::rename_player(&mut tx, from, to),
                    ToWorker::Night { id, json } => club_doc::put_night(&mut tx, id, json),
                    _ => Ok(false),
                };
            }
            tx.commit();
        });
    }

    /// The club's document is here or changed: find every game it indexes,
    /// index the games created here, tell the app.
    pub(super) fn on_club(&mut self, club: &DocumentId) {
        let club_read = match self.read_club(club) {
            Some(Ok(c)) => c,
            Some(Err(e)) => {
                self.say_of_club(e.club_message());
                self.index_unreadable();
                return;
            }
            None => return,
        };
        self.write_club_changes();
        self.index_created();
        self.archives_named(&club_read.archives);
        // Blocks of finished games new here: their archives looked for.
        let mut blocks = BTreeSet::new();
        for (id, url) in &club_read.games {
            let doc = match self.urls.get(id) {
                Some((known, doc)) if known == url => doc.clone(),
                _ => {
                    let Ok(parsed) = url.parse::<AutomergeUrl>() else {
                        continue;
                    };
                    let doc = parsed.document_id().clone();
                    self.urls.insert(id.clone(), (url.clone(), doc.clone()));
                    doc
                }
            };
            let line = club_read
                .listed
                .binary_search_by(|(i, _)| i.cmp(id))
                .ok()
                .map(|at| club_read.listed[at].1.as_str());
            // No line: no mark a settled game can have.
            let mark = club_read.line_marks.get(id).copied().unwrap_or(0);
            if self.games.get(id) == Some(&doc) {
                // A resting game whose line changed: another phone
                // changed it.
                if self.resting.contains(&doc) && !self.kept.at_rest(&doc, mark) {
                    self.resting.remove(&doc);
                    self.paced.push(doc);
                }
                continue;
            }
            if self.refused.contains(&doc) {
                continue;
            }
            self.games.insert(id.clone(), doc.clone());
            self.ids.insert(doc.clone(), id.clone());
            // A settled game rests (its document stored here, or its
            // entries taken from an archive); one stored here waits its
            // turn, and so does a finished game new here (listed already:
            // its entries follow in the background, from its block's
            // archive where it is there as listed); a game in progress is
            // looked for now.
            let finished = line.is_some_and(listed::is_finished);
            let stored = self.is_stored(&doc);
            if finished && self.kept.at_rest(&doc, mark) {
                self.resting.insert(doc);
            } else if stored || finished {
                let block = (!stored).then(|| archive_doc::block_of(id));
                match block {
                    Some(block) if self.archives.awaits(&block) => {
                        self.paced.push_held(doc);
                        blocks.insert(block);
                    }
                    _ => self.paced.push(doc),
                }
            } else {
                self.engine.find(doc);
            }
        }
        self.indexed_here = club_read
            .games
            .iter()
            .filter(|(id, _)| self.games.get(id).is_some_and(|d| self.is_here(d)))
            .map(|(id, _)| id.clone())
            .collect();
        self.want_archives(&blocks);
        if club_read.index_read() {
            self.club_read = true;
            self.save_unindexed();
            self.index_missing(club, &club_read.games);
            self.find_strays();
        } else {
            self.index_unreadable();
        }
        for note in &club_read.notes {
            self.say_of_club(note.message());
        }
        self.tell_lines(&club_read);
        for (id, json) in &club_read.nights {
            if self.nights_told.get(id) != Some(json) {
                self.nights_told.insert(id.clone(), json.clone());
                self.out.push(FromWorker::Night {
                    id: id.clone(),
                    json: json.clone(),
                });
            }
        }
        self.tell_club();
    }

    /// Tells the app the club's lines it was not told, of games it does
    /// not hold, LINES_PER_MESSAGE at a time.
    pub(super) fn tell_lines(&mut self, club: &club_doc::Club) {
        let new: Vec<(String, String)> = club
            .listed
            .iter()
            .filter(|(id, line)| {
                self.lines_told.get(id) != Some(line)
                    && !self.games.get(id).is_some_and(|d| self.kept.has(d))
            })
            .cloned()
            .collect();
        if new.is_empty() {
            return;
        }
        for (id, line) in &new {
            self.lines_told.insert(id.clone(), line.clone());
        }
        for lines in new.chunks(LINES_PER_MESSAGE) {
            self.out.push(FromWorker::Listed {
                lines: lines.to_vec(),
                left_out: club.list_left_out,
            });
        }
    }

    /// Writes the lines waiting into the club's list, in one change: at
    /// once when few wait and none came in the last moment, else together
    /// (a phone handing the club thousands of games: a change per line made
    /// the club's document read thousands of times over), INDEX_BATCH at a
    /// time or INDEX_WAIT_MS after the first.
    pub(super) fn write_listing(&mut self) {
        if self.listing.is_empty() {
            self.listing_since = None;
            return;
        }
        let Some(club) = self.club.clone().filter(|c| self.engine.is_ready(c)) else {
            return;
        };
        let now = self.engine.now_ms();
        let since = *self.listing_since.get_or_insert(now);
        if self.listing.len() < INDEX_BATCH && now.saturating_sub(since) < INDEX_WAIT_MS {
            return;
        }
        self.listing_since = None;
        let lines: Vec<(String, String)> = std::mem::take(&mut self.listing).into_iter().collect();
        self.engine.change(&club, |d| {
            let mut tx = d.transaction();
            let _ = listed::put(&mut tx, &lines);
            tx.commit();
        });
        // Settled under the line written now, and archived as it is.
        for (id, _) in &lines {
            if let Some(doc) = self.games.get(id).cloned() {
                self.settle_if_held(&doc);
            }
            self.archive_now(id);
        }
    }

    /// Game `id`'s line in the club's list, as the club's document holds it.
    pub(super) fn line_of(&mut self, id: &str) -> Option<String> {
        let club = self.club.clone()?;
        self.engine
            .read(&club, |d| listed::line_of(d, id))
            .flatten()
    }

    /// Tells the app `message` about the club's document, once.
    pub(super) fn say_of_club(&mut self, message: String) {
        if self.club_said.insert(message.clone()) {
            self.out.push(FromWorker::Refused {
                url: String::new(),
                message,
            });
        }
    }

    /// The club's index cannot be read: the games this phone stores are
    /// looked for (once) and go on syncing; saves of games not known wait
    /// until each is found or known not to be here.
    pub(super) fn index_unreadable(&mut self) {
        if !self.stored_searched {
            self.stored_searched = true;
            for doc in self.stored.clone() {
                if self.club.as_ref() == Some(&doc)
                    || self.ids.contains_key(&doc)
                    || self.refused.contains(&doc)
                {
                    continue;
                }
                self.finding_stored.insert(doc.clone());
                self.engine.find(doc);
            }
        }
        if self.finding_stored.is_empty() && !self.club_read {
            self.club_read = true;
            self.save_unindexed();
        }
    }

    /// Stored document `doc` was found (or is not here after all).
    pub(super) fn stored_settled(&mut self, doc: &DocumentId) {
        if self.finding_stored.remove(doc) && self.finding_stored.is_empty() {
            self.index_unreadable();
        }
    }

    /// The saves that waited for the club's index, of games it does not
    /// hold: each game's document is made here (its later saves wait for
    /// it).
    pub(super) fn save_unindexed(&mut self) {
        let unindexed: Vec<String> = self
            .waiting
            .keys()
            .filter(|id| {
                !self.games.contains_key(*id)
                    && !self.games_creating.contains(*id)
                    && !self.to_create_ids.contains(*id)
            })
            .cloned()
            .collect();
        for id in unindexed {
            for (seq, save) in self.waiting.remove(&id).unwrap_or_default() {
                self.saved(id.clone(), seq, save);
            }
        }
    }

    /// Tells the app of the club (its name, players, games here), if that
    /// changed since it was last told.
    pub(super) fn tell_club(&mut self) {
        let Some(club) = self.club.clone() else {
            return;
        };
        // As last read: a change made since is read (and told) in its turn.
        let read = match &self.club_cache {
            Some((_, read)) => read.clone(),
            None => match self.read_club(&club) {
                Some(Ok(read)) => read,
                _ => return,
            },
        };
        let here = self.indexed_here.len();
        let msg = FromWorker::Club {
            url: AutomergeUrl::from(&club).to_string(),
            // A damaged name: the app keeps the one it knew.
            name: read.name.clone().unwrap_or_default(),
            games: read.games.len(),
            here,
            players: read.players.clone(),
            renamed: read.renamed.clone(),
        };
        let Some(told) = &self.club_told else {
            return self.say_club(msg);
        };
        if *told == msg {
            self.club_due = false;
            return;
        }
        let now = self.engine.now_ms();
        // Only the count changed, and not to every game: may wait.
        let only_counted = match (told, &msg) {
            (FromWorker::Club { here: was, .. }, FromWorker::Club { here, games, .. })
                if here != games =>
            {
                let mut same = msg.clone();
                if let FromWorker::Club { here, .. } = &mut same {
                    *here = *was;
                }
                same == *told
            }
            _ => false,
        };
        if only_counted && now.saturating_sub(self.club_told_at) < HERE_EVERY_MS {
            self.club_due = true;
            return;
        }
        self.say_club(msg);
    }

    pub(super) fn say_club(&mut self, msg: FromWorker) {
        self.club_told = Some(msg.clone());
        self.club_told_at = self.engine.now_ms();
        self.club_due = false;
        self.out.push(msg);
    }

    /// Whether game `id` is in the club's index as last read.
    pub(super) fn indexed(&self, id: &str) -> bool {
        self.club_cache.as_ref().is_some_and(|(_, c)| {
            c.games
                .binary_search_by(|(i, _)| i.as_str().cmp(id))
                .is_ok()
        })
    }

    /// Puts back into the club's index the games this phone has that it
    /// lacks (a peer took them out): the club's index is every member's
    /// games. Not the games made here, indexed once the server holds them
    /// ([`Replica::index_created`]).
    pub(super) fn index_missing(&mut self, club: &DocumentId, indexed: &[(String, String)]) {
        let missing: Vec<(String, DocumentId)> = self
            .games
            .iter()
            .filter(|(id, doc)| {
                self.is_here(doc)
                    && !self.refused.contains(*doc)
                    && !self.created.contains(*doc)
                    && indexed.binary_search_by(|(i, _)| i.cmp(*id)).is_err()
            })
            .map(|(id, doc)| (id.clone(), doc.clone()))
            .collect();
        if missing.is_empty() {
            return;
        }
        self.engine.change(club, |d| {
            let mut tx = d.transaction();
            for (id, doc) in &missing {
                let _ = club_doc::add_game(&mut tx, id, &AutomergeUrl::from(doc).to_string());
            }
            tx.commit();
        });
    }

    /// The club's document, read again only if it changed since: a club
    /// of thousands of games is read once per change, not once per game.
    pub(super) fn read_club(
        &mut self,
        club: &DocumentId,
    ) -> Option<Result<Rc<club_doc::Club>, DocError>> {
        let heads = self.engine.read(club, |d| d.get_heads())?;
        if let Some((read_at, mut read)) = self.club_cache.take() {
            if read_at == heads {
                self.club_cache = Some((read_at, read.clone()));
                return Some(Ok(read));
            }
            // A few changes since (a hand's line): only what they wrote.
            let club_now = Rc::make_mut(&mut read);
            if self
                .engine
                .read(club, |d| club_delta::bring_up(d, club_now, &read_at))
                .unwrap_or(false)
            {
                self.club_brought_up += 1;
                self.club_cache = Some((heads, read.clone()));
                return Some(Ok(read));
            }
        }
        self.club_reads += 1;
        match self.engine.read(club, club_doc::read)? {
            Ok(read) => {
                let read = Rc::new(read);
                self.club_cache = Some((heads, read.clone()));
                Some(Ok(read))
            }
            Err(e) => {
                self.club_cache = None;
                Some(Err(e))
            }
        }
    }

    /// Adds the games created here, once the server holds them, to the
    /// club's index: at once when no
    /// other is being created and none was indexed in the last
    /// INDEX_WAIT_MS, else together (a club made on a phone of thousands
    /// of games: one change per game made the club's document read
    /// thousands of times over, and sent as thousands of messages),
    /// INDEX_BATCH at a time or INDEX_WAIT_MS after the first was ready.
    pub(super) fn index_created(&mut self) {
        let Some(club) = self.club.clone().filter(|c| self.engine.is_ready(c)) else {
            return;
        };
        if self.created.is_empty() {
            return;
        }
        // Only a game the server holds: an index naming a document that
        // never left this phone (its page closed a moment after making
        // the game) named it on every phone, none of which could fetch it,
        // and this phone's next save of it made a second document the
        // index did not name (a game lost to the club).
        let held = self.created_held.len();
        if held == 0 {
            return;
        }
        let now = self.engine.now_ms();
        let since = *self.created_since.get_or_insert(now);
        let indexed_lately = self
            .indexed_at
            .is_some_and(|at| now.saturating_sub(at) < INDEX_WAIT_MS);
        let more_coming = !self.games_creating.is_empty() || held < self.created.len();
        if (more_coming || indexed_lately)
            && held < INDEX_BATCH
            && now.saturating_sub(since) < INDEX_WAIT_MS
        {
            return;
        }
        let created: Vec<(String, DocumentId)> = self
            .created_held
            .iter()
            .filter_map(|d| self.ids.get(d).map(|id| (id.clone(), d.clone())))
            .collect();
        self.engine.change(&club, |d| {
            let mut tx = d.transaction();
            for (id, doc) in &created {
                let _ = club_doc::add_game(&mut tx, id, &AutomergeUrl::from(doc).to_string());
            }
            tx.commit();
        });
        for (_, doc) in created {
            self.created.remove(&doc);
            self.created_held.remove(&doc);
            self.made.done(&doc);
        }
        self.indexed_at = Some(now);
        self.created_since = (!self.created.is_empty()).then_some(now);
    }

    /// The server said something of `doc`: a game made here that it now
    /// holds waits for the index's next batch.
    pub(super) fn note_if_server_has(&mut self, doc: &DocumentId) {
        if self.created.contains(doc) && !self.created_held.contains(doc) {
            self.index_looks += 1;
            if self.engine.server_has(doc) {
                self.created_held.insert(doc.clone());
            }
        }
    }
}
