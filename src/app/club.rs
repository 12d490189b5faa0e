//! The club as the pages see it: whether the phone belongs to one and is
//! online, and what the table is asked about a game ([`ClubCtx`], built by
//! the chunks that show it). The main module holds only the hooks a save
//! calls and [`start_once_open`]; the sync itself (the worker and the
//! bridge to it) is in the records chunk, loaded after the first paint and
//! only on a phone that belongs to a club.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use chicken_club::message::Asked;
use leptos::prelude::*;

use crate::model::{Night, Summary};
use crate::storage::membership;

/// What the pages show of the club.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClubStatus {
    /// The club's name (empty: no club).
    pub name: String,
    /// Whether the sync server answers.
    pub online: bool,
    /// Games in the club, and of them here.
    pub games: (usize, usize),
    /// Games and lists of this phone with changes the server does not
    /// hold yet (`None`: not known yet).
    pub sending: Option<usize>,
    /// Documents refused, with why (bounded).
    pub refused: Vec<String>,
    /// Why the sync stopped, if it did.
    pub stopped: Option<String>,
}

/// The club's signals (created once, on the main thread).
#[derive(Clone, Copy)]
pub struct ClubCtx {
    /// The club's state.
    pub status: RwSignal<ClubStatus>,
    /// Per game: entries two phones recorded differently.
    pub asked: RwSignal<HashMap<String, Vec<Asked>>>,
    /// Per game: the result it showed before a merge changed it.
    pub result_was: RwSignal<HashMap<String, String>>,
    /// Per game: the entry this phone's Undo took off that another phone
    /// corrected at the same time (the correction stands).
    pub undo_lost: RwSignal<HashMap<String, usize>>,
    /// Per game: the round the table is typing (its parts, key and text).
    pub rounds: RwSignal<HashMap<String, Vec<(String, String)>>>,
    /// The club's games not on this phone yet, as its list shows them
    /// (home lists them until each arrives).
    pub listed: RwSignal<HashMap<String, Summary>>,
}

type SavedHook = Rc<dyn Fn(&str, u64, Option<String>)>;
type NightHook = Rc<dyn Fn(&Night)>;
type RivalHook = Rc<dyn Fn(&str, usize, String)>;
type WantHook = Rc<dyn Fn(&str)>;

thread_local! {
    static CTX: RefCell<Option<ClubCtx>> = const { RefCell::new(None) };
    static START_FAILED: RefCell<Option<String>> = const { RefCell::new(None) };
    static ON_SAVED: RefCell<Option<SavedHook>> = const { RefCell::new(None) };
    static ON_NIGHT: RefCell<Option<NightHook>> = const { RefCell::new(None) };
    static ON_RIVAL: RefCell<Option<RivalHook>> = const { RefCell::new(None) };
    static ON_WANT: RefCell<Option<WantHook>> = const { RefCell::new(None) };
    /// Games of the club's list kept here since the home lists were last
    /// read: still listed as arriving until they are counted as here.
    static KEPT: RefCell<std::collections::HashSet<String>> = RefCell::default();
}

/// The club's signals, created by the first call (from a chunk: a phone in
/// no club never builds them) under an owner of their own, so they live as
/// long as the app whichever page made them.
pub fn ctx() -> ClubCtx {
    CTX.with(|c| {
        *c.borrow_mut().get_or_insert_with(|| {
            // A new root owner makes itself the current one: the page's
            // owner is put back after (else the rest of the page would be
            // built under the club's, losing its contexts).
            let page_owner = Owner::current();
            let owner = Owner::new_root(None);
            let ctx = owner.with(|| ClubCtx {
                status: RwSignal::new(ClubStatus {
                    stopped: START_FAILED.with(|f| f.borrow_mut().take()),
                    ..ClubStatus::default()
                }),
                asked: RwSignal::new(HashMap::new()),
                result_was: RwSignal::new(HashMap::new()),
                undo_lost: RwSignal::new(HashMap::new()),
                rounds: RwSignal::new(HashMap::new()),
                listed: RwSignal::new(HashMap::new()),
            });
            match page_owner {
                Some(page) => page.set(),
                None => owner.clone().unset(),
            }
            // Never cleaned up: the signals are the app's.
            std::mem::forget(owner);
            ctx
        })
    })
}

/// The bridge registers what to do when this page saves a game or a
/// night.
pub fn set_hooks(saved: SavedHook, night: NightHook, rival: RivalHook, want: WantHook) {
    ON_SAVED.with(|h| *h.borrow_mut() = Some(saved));
    ON_NIGHT.with(|h| *h.borrow_mut() = Some(night));
    ON_RIVAL.with(|h| *h.borrow_mut() = Some(rival));
    ON_WANT.with(|h| *h.borrow_mut() = Some(want));
}

/// The club's games not on this phone yet: those in progress (newest
/// first) and how many are finished (none on a phone in no club).
pub fn arriving() -> (Vec<Summary>, usize) {
    if membership::stored_name().is_none() {
        return (Vec::new(), 0);
    }
    ctx().listed.with(|l| {
        let mut on: Vec<Summary> = l.values().filter(|s| !s.finished).cloned().collect();
        on.sort_by(|a, b| {
            b.updated_ms
                .cmp(&a.updated_ms)
                .then_with(|| a.id.cmp(&b.id))
        });
        (on, l.values().filter(|s| s.finished).count())
    })
}

/// Game `id` of the club is kept here now: it stays listed as arriving
/// until the home lists are read again (then it is counted as here, and
/// never twice or not at all in between).
pub fn kept_here(id: &str) {
    KEPT.with(|k| k.borrow_mut().insert(id.to_string()));
}

/// The games kept here so far, as the home lists start being read (none
/// on a phone in no club).
pub fn kept_before_reading() -> Vec<String> {
    KEPT.with(|k| k.borrow().iter().cloned().collect())
}

/// The home lists were read with games `kept` here: they are no longer
/// listed as arriving.
pub fn counted_as_here(kept: Vec<String>) {
    if kept.is_empty() || membership::stored_name().is_none() {
        return;
    }
    KEPT.with(|k| {
        let mut k = k.borrow_mut();
        for id in &kept {
            k.remove(id);
        }
    });
    ctx().listed.update(|l| {
        for id in &kept {
            l.remove(id);
        }
    });
}

/// Game `id` as the club lists it, if it is one not on this phone yet.
pub fn arriving_game(id: &str) -> Option<Summary> {
    membership::stored_name()?;
    ctx().listed.with(|l| l.get(id).cloned())
}

/// Game `id` is opened before it arrived: the club's sync fetches it
/// first.
pub fn want(id: &str) {
    if let Some(hook) = ON_WANT.with(|h| h.borrow().clone()) {
        hook(id);
    }
}

/// This page saved `night`.
pub fn night_saved(night: &Night) {
    if let Some(hook) = ON_NIGHT.with(|h| h.borrow().clone()) {
        hook(night);
    }
}

/// The entries of game `id` that two phones recorded differently and the
/// table has not settled (none on a phone in no club: nothing is built).
pub fn undecided(id: &str) -> Vec<usize> {
    if membership::stored_name().is_none() {
        return Vec::new();
    }
    ctx().asked.with(|a| {
        a.get(id)
            .map(|asked| asked.iter().map(|q| q.index).collect())
            .unwrap_or_default()
    })
}

/// This page's `value` (entry JSON) of entry `index` of game `id`, whose
/// save was refused because another phone's value of that entry arrived
/// first: kept beside it in the club, for the table to pick. Whether the
/// club's sync runs on this page to take it.
pub fn rival(id: &str, index: usize, value: String) -> bool {
    match ON_RIVAL.with(|h| h.borrow().clone()) {
        Some(hook) => {
            hook(id, index, value);
            true
        }
        None => false,
    }
}

/// This page saved game `id` at revision `rev` (0: deleted); `text`: the
/// record as stored, where the page has it.
pub fn saved(id: &str, rev: u64, text: Option<String>) {
    if let Some(hook) = ON_SAVED.with(|h| h.borrow().clone()) {
        hook(id, rev, text);
    }
}

/// Once storage has opened (home was painted while it opened), on a
/// phone that belongs to a club: loads the records chunk and starts the
/// sync there. A phone in no club loads nothing more.
pub fn start_once_open() {
    if membership::stored_name().is_none() {
        return;
    }
    leptos::task::spawn_local(async {
        if let Err(why) = crate::app::records::start_club().await {
            // Said by the club's page when it is shown.
            START_FAILED.with(|f| *f.borrow_mut() = Some(why));
        }
    });
}
