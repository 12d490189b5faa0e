//! Reads that follow changes can finish out of order (IndexedDB answers
//! read-only transactions in any order, and WebKit often does): a read
//! started before the last change but finished after the read started by
//! it would show the older state for good. Each read takes a ticket;
//! only the newest ticket's result is shown.

use leptos::prelude::*;

/// The newest read started; `Copy`, so a context or a page can hold it.
#[derive(Clone, Copy)]
pub struct NewestRead(StoredValue<u64>);

impl NewestRead {
    pub fn new() -> Self {
        Self(StoredValue::new(0))
    }

    /// Starts a read: its ticket (0 once the owner has gone).
    pub fn start(self) -> u64 {
        self.0
            .try_update_value(|n| {
                *n += 1;
                *n
            })
            .unwrap_or(0)
    }

    /// Whether the read holding `ticket` is still the newest started (and
    /// its owner is still there to show it).
    pub fn is_newest(self, ticket: u64) -> bool {
        ticket != 0 && self.0.try_get_value() == Some(ticket)
    }
}

impl Default for NewestRead {
    fn default() -> Self {
        Self::new()
    }
}

/// One read at a time: a change heard while a read runs reads once more
/// after it, so a club's games arriving by the thousand cost a read per
/// read's time, not one each (the home lists read every in-progress game
/// and count the finished ones). The read after the last change sees it.
#[derive(Clone, Copy)]
pub struct ReadAgain(StoredValue<Reads, LocalStorage>);

/// Whether a read runs, and whether one more is asked after it.
#[derive(Clone, Copy, Default)]
struct Reads {
    running: bool,
    again: bool,
}

impl Reads {
    /// A read is asked: whether it starts now (else it follows the one
    /// running).
    fn ask(&mut self) -> bool {
        if self.running {
            self.again = true;
            return false;
        }
        self.running = true;
        true
    }

    /// The read running finished: whether one more starts now.
    fn done(&mut self) -> bool {
        self.running = std::mem::take(&mut self.again);
        self.running
    }
}

impl ReadAgain {
    pub fn new() -> Self {
        Self(StoredValue::new_local(Reads::default()))
    }

    /// Runs `read` now, or once more after the one running.
    pub fn run<F, Fut>(self, read: F)
    where
        F: Fn() -> Fut + 'static,
        Fut: std::future::Future<Output = ()> + 'static,
    {
        if self.0.try_update_value(Reads::ask) != Some(true) {
            return;
        }
        leptos::task::spawn_local(async move {
            loop {
                read().await;
                if self.0.try_update_value(Reads::done) != Some(true) {
                    break;
                }
            }
        });
    }
}

impl Default for ReadAgain {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_newest_read_is_shown_whatever_order_they_finish_in() {
        let owner = Owner::new();
        owner.with(|| {
            let reads = NewestRead::new();
            let first = reads.start();
            let second = reads.start();
            // The second finishes first and is shown; the first, finished
            // later, is older and is not.
            assert!(reads.is_newest(second));
            assert!(!reads.is_newest(first));
        });
    }

    #[test]
    fn a_read_finished_after_its_owner_went_is_not_shown() {
        let owner = Owner::new();
        let (reads, ticket) = owner.with(|| {
            let reads = NewestRead::new();
            (reads, reads.start())
        });
        drop(owner);
        assert!(!reads.is_newest(ticket));
        assert_eq!(reads.start(), 0);
    }

    #[test]
    fn changes_heard_during_a_read_read_once_more_after_it() {
        let mut reads = Reads::default();
        assert!(reads.ask(), "the first read starts at once");
        // A thousand games arrive while it runs: one read follows.
        for _ in 0..1000 {
            assert!(!reads.ask());
        }
        assert!(reads.done(), "one more read, after the first");
        assert!(!reads.done(), "and no more: nothing changed meanwhile");
        // Nothing runs now: the next change reads at once.
        assert!(reads.ask());
        assert!(!reads.done());
    }
}
