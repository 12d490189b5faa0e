//! Keeping every open page in step with storage: after a save this page
//! tells the others (a BroadcastChannel message naming the game and its new
//! revision), and a page restored by the Back button from the back/forward
//! cache hears that it may be out of date. Pages register what to do with
//! [`on_change`].

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{BroadcastChannel, MessageEvent, PageTransitionEvent};

const CHANNEL: &str = "chicken-scores";

/// What changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Another page saved (or deleted) game `id`; `rev` is its new
    /// revision (0 when deleted).
    Game {
        /// The game's id.
        id: String,
        /// Its revision now.
        rev: u64,
    },
    /// This page came back from the back/forward cache: anything may have
    /// changed meanwhile.
    Resumed,
    /// The club's list of players (or a rename) was kept here.
    Players,
}

type Handler = Rc<dyn Fn(&Change)>;

/// A registered handler, to remove with [`off`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Listener(u64);

thread_local! {
    static HANDLERS: RefCell<Vec<(u64, Handler)>> = const { RefCell::new(Vec::new()) };
    static NEXT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    static STARTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static CHANNEL_OPEN: RefCell<Option<BroadcastChannel>> = const { RefCell::new(None) };
    /// Per game, the revision last heard of on this page.
    static HEARD: RefCell<std::collections::HashMap<String, u64>> = RefCell::default();
}

/// The revision of game `id` this page last heard of (a save of another
/// tab, a change from another phone). A screen that read the game before
/// it started listening checks it: a change heard in between would
/// otherwise never show (a phone opening a game the moment the club's
/// next hand arrived stayed a hand behind).
pub fn heard(id: &str) -> Option<u64> {
    HEARD.with(|h| h.borrow().get(id).copied())
}

fn dispatch(change: Change) {
    if let Change::Game { id, rev } = &change {
        HEARD.with(|h| h.borrow_mut().insert(id.clone(), *rev));
    }
    let handlers: Vec<Handler> =
        HANDLERS.with(|h| h.borrow().iter().map(|(_, f)| f.clone()).collect());
    for h in handlers {
        h(&change);
    }
}

/// Parses "<rev> <id>" lines (a line that is not one is left out).
fn parse(message: &str) -> Vec<Change> {
    message
        .lines()
        .filter_map(|line| {
            let (rev, id) = line.split_once(' ')?;
            Some(Change::Game {
                id: id.to_string(),
                rev: rev.parse().ok()?,
            })
        })
        .collect()
}

fn open_channel() {
    let Ok(channel) = BroadcastChannel::new(CHANNEL) else {
        return;
    };
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|ev: MessageEvent| {
        for change in ev
            .data()
            .as_string()
            .as_deref()
            .map(parse)
            .unwrap_or_default()
        {
            dispatch(change);
        }
    });
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget(); // lives as long as the page
    CHANNEL_OPEN.with(|c| *c.borrow_mut() = Some(channel));
}

/// Stops calling a handler (when its screen goes away).
pub fn off(listener: Listener) {
    HANDLERS.with(|h| h.borrow_mut().retain(|(id, _)| *id != listener.0));
}

/// Calls `f` on every change heard from now on, until [`off`].
pub fn on_change(f: impl Fn(&Change) + 'static) -> Listener {
    let id = NEXT.with(|n| {
        n.set(n.get() + 1);
        n.get()
    });
    HANDLERS.with(|h| h.borrow_mut().push((id, Rc::new(f))));
    listen();
    Listener(id)
}

/// Starts hearing other pages' saves (once per page): a screen calls it
/// before it reads what it shows, so a save made meanwhile is heard.
pub fn listen() {
    if !STARTED.with(|s| s.replace(true)) {
        start();
    }
}

fn start() {
    open_channel();
    let Some(window) = web_sys::window() else {
        return;
    };
    // The channel is closed while the page sits in the back/forward cache
    // (an open one can keep it out of the cache) and opened again after.
    let on_hide = Closure::<dyn FnMut(PageTransitionEvent)>::new(|_: PageTransitionEvent| {
        CHANNEL_OPEN.with(|c| {
            if let Some(ch) = c.borrow_mut().take() {
                ch.close();
            }
        });
    });
    let on_show = Closure::<dyn FnMut(PageTransitionEvent)>::new(|ev: PageTransitionEvent| {
        if CHANNEL_OPEN.with(|c| c.borrow().is_none()) {
            open_channel();
        }
        if ev.persisted() {
            dispatch(Change::Resumed);
        }
    });
    let _ = window.add_event_listener_with_callback("pagehide", on_hide.as_ref().unchecked_ref());
    let _ = window.add_event_listener_with_callback("pageshow", on_show.as_ref().unchecked_ref());
    on_hide.forget();
    on_show.forget();
}

/// Tells the other pages that game `id` is now at revision `rev` (0 when
/// deleted), and the club's sync (if this phone is in a club) that this
/// page saved it.
pub fn announce(id: &str, rev: u64) {
    crate::app::club::saved(id, rev, None);
    tell_others(id, rev);
}

/// Hands the club's sync (if this phone is in a club) game `id` at
/// revision `rev` as this page is storing it (`text`), its writes issued:
/// the other pages are told once it is on disk ([`tell_others`]).
pub fn hand_to_club(id: &str, rev: u64, text: String) {
    crate::app::club::saved(id, rev, Some(text));
}

/// Changes from another phone, each game kept here at its revision:
/// this page's screens follow them as they follow another tab's save, and
/// the other tabs hear of them in one message (a club's games arrive by
/// the hundred: a message each went through the browser's process).
pub fn arrived(games: &[(String, u64)]) {
    for (id, rev) in games {
        dispatch(Change::Game {
            id: id.clone(),
            rev: *rev,
        });
    }
    let lines: Vec<String> = games
        .iter()
        .map(|(id, rev)| format!("{rev} {id}"))
        .collect();
    if !lines.is_empty() {
        post_to_others(lines.join("\n"));
    }
}

/// The club's players, kept here: this page's lists of players follow.
pub fn players_arrived() {
    dispatch(Change::Players);
}

/// Tells this phone's other pages that game `id` is now at revision `rev`.
pub fn tell_others(id: &str, rev: u64) {
    post_to_others(format!("{rev} {id}"));
}

/// Posts "<rev> <id>" lines to the other pages.
fn post_to_others(message: String) {
    let sent = CHANNEL_OPEN.with(|c| {
        c.borrow()
            .as_ref()
            .map(|ch| ch.post_message(&message.clone().into()).is_ok())
    });
    if sent.is_none() {
        // This page listens to nothing: a one-off channel to tell others.
        if let Ok(ch) = BroadcastChannel::new(CHANNEL) {
            let _ = ch.post_message(&message.into());
            ch.close();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_of_many_games_is_heard_as_each_of_them() {
        let game = |id: &str, rev| Change::Game { id: id.into(), rev };
        assert_eq!(parse("3 g1"), vec![game("g1", 3)]);
        assert_eq!(
            parse("3 g1\n0 g2\nnot a line\n7 g 3"),
            vec![game("g1", 3), game("g2", 0), game("g 3", 7)]
        );
        assert!(parse("").is_empty());
    }
}
