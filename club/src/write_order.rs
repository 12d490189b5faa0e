//! The order of the sync worker's writes and of what it tells the app: a
//! message goes to the app only once every write asked before it is on
//! disk. A page told a game it had just made (and keeping it as the
//! club's copy, not to be handed over again) while the worker's writes of
//! that game's document and of its word waited in the storage's queue
//! lost the game when the worker ended first: the next page did not hand
//! it over, and the next worker had nothing of it.
//!
//! The writes (the engine's chunks and the replica's words) go in as few
//! transactions as they come: each batch holds every write asked while
//! the one before was being committed. IndexedDB commits transactions on
//! the same store in the order they were made, so batches end in order.

use std::collections::VecDeque;

/// A batch of writes to commit in one transaction; `end` names it when
/// it is done ([`WriteOrder::done`]).
pub struct Batch<W> {
    pub writes: Vec<W>,
    pub end: u64,
}

/// The writes asked and not yet committed, and the messages waiting for
/// them.
pub struct WriteOrder<W, M> {
    queued: Vec<W>,
    /// Batches being committed.
    in_flight: usize,
    /// Writes asked, ever; writes ended (committed or failed), ever.
    asked: u64,
    ended: u64,
    /// Messages, each with the count of writes asked before it.
    held: VecDeque<(u64, M)>,
}

impl<W, M> Default for WriteOrder<W, M> {
    fn default() -> Self {
        WriteOrder {
            queued: Vec::new(),
            in_flight: 0,
            asked: 0,
            ended: 0,
            held: VecDeque::new(),
        }
    }
}

impl<W, M> WriteOrder<W, M> {
    /// Asks for `writes`, after every write asked before.
    pub fn ask(&mut self, writes: impl IntoIterator<Item = W>) {
        for w in writes {
            self.queued.push(w);
            self.asked += 1;
        }
    }

    /// Whether a batch is being committed.
    pub fn is_writing(&self) -> bool {
        self.in_flight > 0
    }

    /// Every write queued, as one batch to commit now (none if none is).
    pub fn take_batch(&mut self) -> Option<Batch<W>> {
        if self.queued.is_empty() {
            return None;
        }
        self.in_flight += 1;
        Some(Batch {
            writes: std::mem::take(&mut self.queued),
            end: self.asked,
        })
    }

    /// Messages `msgs` for the app: those to tell now, in order (none while
    /// a write asked before them, or a message held before them, waits).
    pub fn tell(&mut self, msgs: Vec<M>) -> Vec<M> {
        if self.held.is_empty() && self.ended == self.asked {
            return msgs;
        }
        let asked = self.asked;
        self.held.extend(msgs.into_iter().map(|m| (asked, m)));
        self.release(|_| true)
    }

    /// Batch `end` ended: committed (`ok`), or failed, when the messages
    /// waiting on it that `keep_if_failed` refuses are dropped (a game
    /// told as the club's copy that this phone did not store). Returns the
    /// messages to tell now, in order.
    pub fn done(&mut self, end: u64, ok: bool, keep_if_failed: impl Fn(&M) -> bool) -> Vec<M> {
        self.in_flight = self.in_flight.saturating_sub(1);
        self.ended = self.ended.max(end);
        if ok {
            self.release(|_| true)
        } else {
            self.release(keep_if_failed)
        }
    }

    /// The held messages whose writes have all ended, in order.
    fn release(&mut self, keep: impl Fn(&M) -> bool) -> Vec<M> {
        let mut out = Vec::new();
        while self
            .held
            .front()
            .is_some_and(|(asked, _)| *asked <= self.ended)
        {
            if let Some((_, m)) = self.held.pop_front() {
                if keep(&m) {
                    out.push(m);
                }
            }
        }
        out
    }

    /// Forgets every write and message (the phone left its club).
    pub fn clear(&mut self) {
        *self = WriteOrder::default();
    }
}
