//! The app's messages, handled in turns (issue 53). A phone handing its
//! club a thousand games posts the worker thousands of messages at once,
//! and the browser runs the worker's tasks in the order they came: the
//! WebSocket's messages waited behind all of them (10 s at 1,000 games),
//! the server's answers unread and its ping unanswered, until it ended the
//! connection. Now a message is only queued when it comes; the queue is
//! handled `TURN_MS` at a time, and whatever came meanwhile (the server's
//! messages, the storage's answers) runs between two turns.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;

use chicken_club::message::ToWorker;

/// How long one turn handles the app's messages before the worker's other
/// tasks run.
pub const TURN_MS: u128 = 20;

/// The app's messages not handled yet, in the order they came.
#[derive(Default)]
pub struct Inbox {
    queue: RefCell<VecDeque<ToWorker>>,
    turn_asked: Cell<bool>,
}

impl Inbox {
    pub fn push(&self, msg: ToWorker) {
        self.queue.borrow_mut().push_back(msg);
    }

    pub fn next(&self) -> Option<ToWorker> {
        self.queue.borrow_mut().pop_front()
    }

    pub fn is_empty(&self) -> bool {
        self.queue.borrow().is_empty()
    }

    pub fn has_leave(&self) -> bool {
        self.queue.borrow().contains(&ToWorker::Leave)
    }

    /// Whether a turn should be asked for: none is already.
    pub fn ask_turn(&self) -> bool {
        !self.turn_asked.replace(true)
    }

    /// The asked turn begins.
    pub fn turn_begins(&self) {
        self.turn_asked.set(false);
    }
}
