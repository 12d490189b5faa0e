//! How far this phone's saves were handed to the club (issue 53): a time
//! before which the club's server holds every save made here, kept in
//! localStorage. A hand-over reads only the saves after it.
//!
//! The time moves only once the worker says the server holds all it was
//! handed (in step after it was sending): a page closed a moment after a
//! game was made, its worker ended before the game left the phone, had the
//! time move past that game all the same, and no later page handed it over
//! (the game never reached the club).

use super::PUSHED_KEY;

/// The time the hand-over moves to once the worker is in step.
#[derive(Default)]
pub(super) struct Mark {
    due: Option<i64>,
    /// The worker said it was sending after the hand-over posted.
    sending_seen: bool,
}

fn local() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// The time reached (none yet: every save is handed over).
pub(super) fn reached() -> Option<i64> {
    local()?.get_item(PUSHED_KEY).ok().flatten()?.parse().ok()
}

fn keep(at: i64) {
    if let Some(local) = local() {
        let _ = local.set_item(PUSHED_KEY, &at.to_string());
    }
}

impl Mark {
    /// The hand-over that began at `began` posted its saves (`handed`:
    /// any): the time moves there once they are on the server (at once if
    /// none was).
    pub(super) fn handed_over(&mut self, began: i64, handed: bool) {
        if handed {
            self.due = Some(began);
            self.sending_seen = false;
        } else if self.due.is_none() {
            keep(began);
        }
    }

    /// The worker says `left` games or lists wait to be sent.
    pub(super) fn heard_sending(&mut self, left: usize) {
        if left > 0 {
            self.sending_seen = self.due.is_some();
            return;
        }
        if self.sending_seen {
            if let Some(at) = self.due.take() {
                keep(at);
            }
            self.sending_seen = false;
        }
    }
}
