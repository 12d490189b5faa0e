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
}
