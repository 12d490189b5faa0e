//! The replica's part that keeps the club's archives ([`archive_doc`]):
//! a finished game settled here is written into its block's archive; a
//! phone joining takes each finished game whose line has not moved since
//! from the archive, in a sync per block, and leaves its own document at
//! rest.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

use automerge::AutoCommit;
use rand_core_09::RngCore;
use samod_core::{AutomergeUrl, DocumentId};

use super::{record_is_of, Replica};
use crate::archive_doc::{self, block_of, Entry};
use crate::kept::{heads_of, ACK_WAIT_MS};
use crate::message::FromWorker;
use crate::{game_doc, listed, round_doc};

/// Entries of one block written together at most, and how long the first
/// waits for others (ms): a phone settling thousands of games writes each
/// archive a few times, not once per game.
const ARCHIVE_BATCH: usize = 200;
const ARCHIVE_WAIT_MS: u128 = 2_000;
/// Games told from archives and not yet said kept, at most: the page keeps
/// a hundred in one transaction.
const SERVE_WINDOW: usize = 200;

/// The club's archives on this phone.
#[derive(Default)]
pub(super) struct Archives {
    /// Each block's archive, as the club names it.
    named: HashMap<String, DocumentId>,
    /// The block of each archive document here (named or not).
    blocks: HashMap<DocumentId, String>,
    /// Archives looked for on this page, and those read since.
    found: HashSet<DocumentId>,
    read: HashSet<DocumentId>,
    /// Blocks whose archive is being made here.
    creating: HashSet<String>,
    /// Entries to write, by block: since when the first waits (ms), and
    /// each game's.
    writing: BTreeMap<String, (u128, BTreeMap<String, Entry>)>,
    /// Games taken from archives, to tell the app in turn (the set: those
    /// still to tell, not wanted meanwhile).
    telling: VecDeque<(DocumentId, String, Entry, Option<String>)>,
    to_tell: HashSet<DocumentId>,
    /// Games told and not yet said kept, and when each was told (ms).
    window: HashMap<DocumentId, u128>,
    /// Games told to the app from an archive, awaiting its word: the
    /// heads and mark of the entry.
    told: HashMap<DocumentId, (String, u64)>,
    /// Whether stored documents of no known kind were looked for.
    strays_found: bool,
}

impl Archives {
    /// Whether entries wait to be written.
    pub(super) fn writing(&self) -> bool {
        !self.writing.is_empty()
    }

    /// The entries waiting for `block`, taken to be written.
    fn take_entries(&mut self, block: &str) -> Vec<(String, Entry)> {
        self.writing
            .remove(block)
            .map(|(_, e)| e.into_iter().collect())
            .unwrap_or_default()
    }

    /// Whether the club names an archive of `block` not read yet on this
    /// page (its new finished games wait for it).
    pub(super) fn awaits(&self, block: &str) -> bool {
        self.named
            .get(block)
            .is_some_and(|d| !self.read.contains(d))
    }

    /// Whether `doc` is an archive here.
    pub(super) fn is_archive(&self, doc: &DocumentId) -> bool {
        self.blocks.contains_key(doc)
    }
}

impl<R: RngCore> Replica<R> {
    /// The club names these archives (block, address).
    pub(super) fn archives_named(&mut self, named: &[(String, String)]) {
        for (block, url) in named {
            let Ok(url) = url.parse::<AutomergeUrl>() else {
                continue;
            };
            let doc = url.document_id().clone();
            self.archives.blocks.insert(doc.clone(), block.clone());
            self.archives.named.insert(block.clone(), doc.clone());
            // Changed here and not yet held by the server when the page
            // closed: synced again, so it is sent.
            if self.is_stored(&doc) && !self.kept.held(&doc) {
                self.find_archive(&doc);
            }
        }
    }

    /// Finished games of `blocks` are wanted (new on this phone, held back
    /// meanwhile): their archives are looked for.
    pub(super) fn want_archives(&mut self, blocks: &BTreeSet<String>) {
        for block in blocks {
            let Some(doc) = self.archives.named.get(block).cloned() else {
                continue;
            };
            if self.engine.is_ready(&doc) {
                self.serve_from_archive(&doc);
            } else {
                self.find_archive(&doc);
            }
        }
    }

    /// Looks for archive `doc`, once per page.
    fn find_archive(&mut self, doc: &DocumentId) {
        if self.archives.found.insert(doc.clone()) {
            self.engine.find(doc.clone());
        }
    }

    /// Finished games held back for their block's archive go their own
    /// way once it is read, or known to be on no peer. Offline they stay
    /// held: nothing but the archive would reach them sooner, and a page
    /// opened before its connection finds no peer yet.
    pub(super) fn release_held_games(&mut self) {
        if !self.paced.holds_any() {
            return;
        }
        let (ids, archives) = (&self.ids, &self.archives);
        self.paced.release(|doc| {
            ids.get(doc)
                .is_none_or(|id| !archives.awaits(&block_of(id)))
        });
    }

    /// Document `doc` is on every connected peer unavailable: an archive
    /// looked for is waited for no more (its games sync from their own
    /// documents).
    pub(super) fn unavailable(&mut self, doc: &DocumentId) {
        // A game made here whose document is neither stored nor on the
        // server: nothing is left to name.
        if self.made.take_restored(doc) {
            self.made.done(doc);
        }
        if self.archives.found.contains(doc) {
            self.archives.read.insert(doc.clone());
        }
    }

    /// Archive `doc` of `block` is ready here.
    pub(super) fn on_archive_ready(&mut self, doc: DocumentId, block: String) {
        self.archives.blocks.insert(doc.clone(), block.clone());
        self.archives.read.insert(doc.clone());
        match self.archives.named.get(&block) {
            Some(named) if *named == doc => {
                self.serve_from_archive(&doc);
                return;
            }
            None if self.archives.creating.remove(&block) => {
                let url = AutomergeUrl::from(&doc).to_string();
                let named = self.club.clone().and_then(|club| {
                    self.engine.change(&club, |d| {
                        let mut tx = d.transaction();
                        let done = archive_doc::name_archive(&mut tx, &block, &url);
                        tx.commit();
                        done
                    })
                });
                if matches!(named, Some(Ok(true))) {
                    self.archives.named.insert(block, doc);
                    return;
                }
            }
            _ => {}
        }
        // Not the club's archive of its block (two phones made one at
        // once): its entries still true go into the one the club names.
        let marks = self.club_cache.as_ref().map(|(_, c)| c.line_marks.clone());
        let entries = self
            .engine
            .read(&doc, |d| archive_doc::read(d, |_| true))
            .unwrap_or_default();
        for (id, entry) in entries {
            if marks.as_ref().and_then(|m| m.get(&id)) == Some(&entry.mark) {
                self.queue_entry(&id, entry);
            }
        }
    }

    /// Tells the app each finished game waiting to be synced whose entry
    /// in archive `doc` is as the club's line of it is now; those games'
    /// own documents are left at rest.
    pub(super) fn serve_from_archive(&mut self, doc: &DocumentId) {
        let Some(block) = self.archives.blocks.get(doc).cloned() else {
            return;
        };
        if self.archives.named.get(&block) != Some(doc) {
            return;
        }
        let Some((_, club)) = self.club_cache.clone() else {
            return;
        };
        let (games, paced, engine) = (&self.games, &self.paced, &self.engine);
        let wanted = |id: &str| {
            games
                .get(id)
                .is_some_and(|g| paced.waits(g) && !engine.is_ready(g))
        };
        let entries = engine
            .read(doc, |d| {
                archive_doc::read(d, |id| block_of(id) == block && wanted(id))
            })
            .unwrap_or_default();
        for (id, entry) in entries {
            let Some(game) = self.games.get(&id).cloned() else {
                continue;
            };
            let line = club
                .listed
                .binary_search_by(|(i, _)| i.as_str().cmp(&id))
                .ok()
                .map(|at| club.listed[at].1.clone());
            let finished = line.as_deref().is_some_and(crate::listed::is_finished);
            if !finished
                || club.line_marks.get(&id) != Some(&entry.mark)
                || !record_is_of(&entry.record, &id)
            {
                continue;
            }
            self.paced.forget(&game);
            self.archives.to_tell.insert(game.clone());
            self.archives.telling.push_back((game, id, entry, line));
        }
        self.tell_archived();
    }

    /// Tells the app the games taken from archives, SERVE_WINDOW at a time
    /// not yet said kept (a join of 5,000 games told at once kept the
    /// page from listing them for seconds).
    pub(super) fn tell_archived(&mut self) {
        let now = self.engine.now_ms();
        self.archives
            .window
            .retain(|_, at| now.saturating_sub(*at) < ACK_WAIT_MS);
        while self.archives.window.len() < SERVE_WINDOW {
            let Some((game, id, entry, line)) = self.archives.telling.pop_front() else {
                break;
            };
            if !self.archives.to_tell.remove(&game) || self.engine.is_ready(&game) {
                continue;
            }
            let msg = FromWorker::Game {
                at: Some(entry.heads.clone()),
                heads: entry.heads.clone(),
                line,
                seq: self.applied.get(&id).copied().unwrap_or(0),
                id,
                record: entry.record,
                asked: Vec::new(),
                stray: 0,
            };
            let mut view = msg.clone();
            if let FromWorker::Game { heads, .. } = &mut view {
                heads.clear();
            }
            self.told.insert(game.clone(), view);
            self.out.push(msg);
            self.archives.window.insert(game.clone(), now);
            self.archives.told.insert(game, (entry.heads, entry.mark));
        }
    }

    /// The app keeps game `doc` at `at`: if it was told from an archive at
    /// those heads, and the club's line has not moved since, the game is
    /// settled there and rests (its document is not synced). Whether it
    /// was one told from an archive.
    pub(super) fn archive_kept(&mut self, doc: &DocumentId, at: &str) -> bool {
        self.archives.window.remove(doc);
        let Some((heads, mark)) = self.archives.told.remove(doc) else {
            return false;
        };
        if heads != at || self.engine.is_ready(doc) {
            return false;
        }
        let Some(id) = self.ids.get(doc).cloned() else {
            return true;
        };
        let now = self
            .club_cache
            .as_ref()
            .and_then(|(_, c)| c.line_marks.get(&id).copied());
        if now != Some(mark) {
            // Changed on some phone meanwhile: its own document is synced.
            self.paced.push(doc.clone());
            return true;
        }
        self.kept.settle(doc, &heads, mark);
        self.resting.insert(doc.clone());
        self.indexed_here.insert(id);
        self.tell_club();
        true
    }

    /// Game `doc`, told from an archive, is wanted now (opened, or
    /// changed): whether it was one.
    pub(super) fn archive_told_wanted(&mut self, doc: &DocumentId) -> bool {
        self.archives.window.remove(doc);
        let waiting = self.archives.to_tell.remove(doc);
        self.archives.told.remove(doc).is_some() || waiting
    }

    /// The club's line of game `id` was written here (or the game
    /// touched): if it is finished, its entry, as its document is here now
    /// under the line's mark now, goes into its block's archive. Only the
    /// phone that writes a line archives its game (each phone archiving
    /// every game it holds would sync every archive); a change on another
    /// phone this one has not seen writes that game's line there too, so
    /// the mark after both moves, and an entry of the older game is not
    /// taken.
    pub(super) fn archive_now(&mut self, id: &str) {
        let (Some(doc), Some(club)) = (self.games.get(id).cloned(), self.club.clone()) else {
            return;
        };
        let Some(Some(line)) = self.engine.read(&club, |d| listed::line_of(d, id)) else {
            return;
        };
        let Some(Some(mark)) = self.engine.read(&club, |d| listed::mark_of(d, id)) else {
            return;
        };
        if !listed::is_finished(&line) {
            return;
        }
        let Some(Ok(read)) = self.engine.read(&doc, game_doc::read) else {
            return;
        };
        let round_typed = self
            .engine
            .read(&doc, round_doc::read)
            .is_some_and(|parts| !parts.is_empty());
        if !read.conflicts.is_empty() || !read.stray.is_empty() || round_typed {
            return;
        }
        let Some(heads) = self.engine.read(&doc, heads_of) else {
            return;
        };
        let entry = Entry {
            mark,
            heads,
            record: read.record,
        };
        self.queue_entry(id, entry);
    }

    fn queue_entry(&mut self, id: &str, entry: Entry) {
        let now = self.engine.now_ms();
        self.archives
            .writing
            .entry(block_of(id))
            .or_insert_with(|| (now, BTreeMap::new()))
            .1
            .insert(id.to_string(), entry);
    }

    /// Writes the entries waiting, a block's in one change: once a block
    /// has ARCHIVE_BATCH waiting, or ARCHIVE_WAIT_MS after the first; its
    /// archive looked for, or made, first.
    pub(super) fn write_archives(&mut self) {
        let club_ready = self.club.as_ref().is_some_and(|c| self.engine.is_ready(c));
        if self.archives.writing.is_empty() || !club_ready || !self.club_read {
            return;
        }
        let now = self.engine.now_ms();
        let blocks: Vec<(String, bool)> = self
            .archives
            .writing
            .iter()
            .map(|(block, (since, entries))| {
                let due =
                    now.saturating_sub(*since) >= ARCHIVE_WAIT_MS || entries.len() >= ARCHIVE_BATCH;
                (block.clone(), due)
            })
            .collect();
        for (block, due) in blocks {
            let doc = match self.archives.named.get(&block).cloned() {
                Some(doc) if self.engine.is_ready(&doc) => doc,
                Some(doc) => {
                    self.find_archive(&doc);
                    continue;
                }
                // Made with every entry waiting, once this phone hands the
                // club no more games: a new document goes to the server
                // whole, compressed; entries written into it later go as
                // changes, uncompressed (a phone making a club of 5,000
                // games sent its archives as 3.4 MB of changes).
                None => {
                    let handing = !self.games_creating.is_empty()
                        || !self.to_create.is_empty()
                        || !self.created.is_empty()
                        || !self.listing.is_empty();
                    if !due || handing || self.archives.creating.contains(&block) {
                        continue;
                    }
                    let entries = self.archives.take_entries(&block);
                    let mut made = AutoCommit::new();
                    if archive_doc::create(&mut made, &block).is_ok()
                        && archive_doc::put(&mut made, &entries).is_ok()
                    {
                        self.archives.creating.insert(block);
                        self.engine.create(made.document().clone());
                    }
                    continue;
                }
            };
            if !due {
                continue;
            }
            let entries = self.archives.take_entries(&block);
            self.kept.unsettle(&doc);
            self.engine.change(&doc, |d| {
                let mut tx = d.transaction();
                let _ = archive_doc::put(&mut tx, &entries);
                tx.commit();
            });
        }
    }

    /// Archives the server now holds as this phone does are written down
    /// as held (a page opened again does not sync them, nor wait for them).
    pub(super) fn settle_archive(&mut self, doc: &DocumentId) {
        if !self.archives.is_archive(doc) || !self.engine.server_in_step(doc) {
            return;
        }
        if let Some(heads) = self.engine.read(doc, heads_of) {
            self.kept.keep(doc, heads.clone());
            self.kept.settle(doc, &heads, 0);
        }
    }

    /// Stored documents of no kind known here (an archive made here at the
    /// same time as another phone's, a game indexed under another
    /// document), looked for once the club's index is read: each is sent
    /// and known, never left waiting for the server.
    pub(super) fn find_strays(&mut self) {
        if std::mem::replace(&mut self.archives.strays_found, true) {
            return;
        }
        let strays: Vec<DocumentId> = self
            .stored
            .iter()
            .filter(|d| {
                self.club.as_ref() != Some(*d)
                    && !self.ids.contains_key(*d)
                    && !self.archives.is_archive(d)
                    && !self.refused.contains(*d)
                    && !self.kept.held(d)
            })
            .cloned()
            .collect();
        for doc in strays {
            self.engine.find(doc);
        }
    }
}
