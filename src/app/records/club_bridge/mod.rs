//! The bridge between the app and the club's sync worker (records chunk,
//! started after the first paint on a phone that belongs to a club).
//!
//! - This page's saves go to the worker with the record before and after
//!   (`ToWorker::Saved`), numbered, so the worker writes only the edit.
//! - Every game the worker tells is checked as an import is
//!   (`check_game`), then kept as the next revision here
//!   (`Store::put_synced`); the screens follow it as they follow another
//!   tab. A view older than this page's last save of the game is skipped:
//!   a newer one follows.
//! - A document refused, a result a merge changed, entries two phones
//!   recorded differently: shown through [`crate::app::club`].
//! - The worker stopping (a document that made it fail) stops the sync
//!   only, and says so.
//! - A page put in the back/forward cache stops its worker, and starts one
//!   again when it is shown: a frozen page's worker would keep the club's
//!   database and socket while the page the person sees opens its own
//!   (as WebKit was seen to do, docs/engines.md).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use chicken_club::message::{FromWorker, ToWorker};
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{ErrorEvent, MessageEvent, PageTransitionEvent, Worker, WorkerOptions, WorkerType};

use crate::app::club::{ctx, set_hooks};
use crate::app::storage::{storage, AppStore};
use crate::model::backup::check_night;
use crate::model::{read_stored, Night};
use crate::storage::membership::{self, Membership};
use crate::storage::StoreError;

mod early;
mod keep;
mod leave;
mod mark;
pub use leave::leave;
mod listing;
mod roster;
use keep::keep;
use roster::{remember_players, send_night, send_players};

/// Where the build puts the worker's script (tests/tools/sync-worker.sh).
const WORKER: &str = "/sync/worker.js";
/// localStorage: the newest save time already handed to the club.
const PUSHED_KEY: &str = "chicken.club.pushed";
/// Games looked at together for saves the club has not agreed on.
const UNSENT_BATCH: usize = 250;

struct Bridge {
    worker: Worker,
    /// What the sync was opened with, to open it again after the
    /// back/forward cache.
    opened: (Membership, Option<String>),
    /// Per game: the record as last kept here or sent (the base of the
    /// next edit).
    known: HashMap<String, Known>,
    /// Per game: this page's last save sent.
    sent: HashMap<String, Sent>,
    /// Per game: the heads of the view the table is asked from.
    asked_at: HashMap<String, String>,
    next_seq: u64,
    /// How far this phone's saves were handed to the club.
    mark: mark::Mark,
}

/// The base of a game's next edit: the record last kept from the club (and
/// the heads of the club's view it was), or the one this page last sent.
#[derive(Clone)]
struct Known {
    record: String,
    /// `None` for this page's own save: the worker goes on from it.
    at: Option<String>,
}

/// This page's last save of a game sent to the worker.
#[derive(Clone, Copy)]
struct Sent {
    /// Its number.
    seq: u64,
    /// Its revision here, once read (the worker's view that holds it holds
    /// every save of this page up to it).
    rev: Option<u64>,
}

thread_local! {
    static BRIDGE: RefCell<Option<Rc<RefCell<Bridge>>>> = const { RefCell::new(None) };
    /// The server a club is being created on, until it exists.
    static PENDING_SERVER: RefCell<Option<String>> = const { RefCell::new(None) };
    /// The sync stopped when the page went into the back/forward cache.
    static PAUSED: RefCell<Option<(Membership, Option<String>)>> = const { RefCell::new(None) };
    static FOLLOWS_PAGE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Games kept from the club on this page: here, whatever its list says.
    static KEPT_HERE: RefCell<std::collections::HashSet<String>> = RefCell::default();
}

/// Game `id` is kept here now: no longer listed as arriving once home
/// counts it as here.
fn kept_here(id: &str) {
    KEPT_HERE.with(|k| k.borrow_mut().insert(id.to_string()));
    crate::app::club::kept_here(id);
}

fn post(bridge: &Rc<RefCell<Bridge>>, msg: &ToWorker) {
    let _ = bridge
        .borrow()
        .worker
        .post_message(&JsValue::from_str(&msg.to_text()));
}

/// Starts the sync for the club this phone belongs to (once per page).
pub fn start() {
    match membership::load() {
        Some(m) => open(m, None),
        // A membership that cannot be read: no sync, and no worker kept.
        None => {
            if let Some(early) = early::take() {
                early.worker.terminate();
            }
        }
    }
}

/// Creates a club called `name` on the server at `server`, and starts its
/// sync; the membership is stored once the club exists.
pub fn create(name: &str, server: &str) {
    PENDING_SERVER.with(|p| *p.borrow_mut() = Some(server.to_string()));
    let m = Membership {
        url: String::new(),
        server: server.to_string(),
        name: name.to_string(),
    };
    open(m, Some(name.to_string()));
}

/// Joins the club `m` (from its link) and starts its sync.
pub fn join(m: Membership) -> Result<(), String> {
    membership::save(&m).map_err(|e| format!("The club could not be kept: {e}."))?;
    stop();
    open(m, None);
    Ok(())
}

/// Says `msg` to the worker, if the club's sync runs on this page.
fn tell(msg: &ToWorker) {
    if let Some(b) = BRIDGE.with(|b| b.borrow().clone()) {
        post(&b, msg);
    }
}

/// The table picked `value` for entry `index` of game `id`, of the
/// values it was asked about (a value written elsewhere meanwhile stays,
/// asked again).
pub fn settle(id: &str, index: usize, value: String) {
    let Some(b) = BRIDGE.with(|b| b.borrow().clone()) else {
        return;
    };
    let at = b.borrow().asked_at.get(id).cloned();
    let id = id.to_string();
    post(
        &b,
        &ToWorker::Settle {
            id,
            index,
            value,
            at,
        },
    );
}

/// Parts of game `id`'s round typed on this phone.
pub fn send_round(id: &str, parts: Vec<(String, String)>) {
    let id = id.to_string();
    tell(&ToWorker::Round { id, parts });
}

/// Player `from` was renamed `to` (or merged into `to`) on this phone: the
/// club's list follows (the games follow with their saves).
pub fn renamed(from: &str, to: &str) {
    let (from, to) = (from.to_string(), to.trim().to_string());
    tell(&ToWorker::Renamed { from, to });
}

/// Stops the sync on this page (leaving the club, or before another).
pub fn stop() {
    if let Some(b) = BRIDGE.with(|b| b.borrow_mut().take()) {
        b.borrow().worker.terminate();
    }
}

/// Stops the sync when the page is hidden into the back/forward cache and
/// starts it again when the page is shown from there (once per page).
fn follow_page() {
    if FOLLOWS_PAGE.with(|f| f.replace(true)) {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let on_hide = Closure::<dyn FnMut(PageTransitionEvent)>::new(|ev: PageTransitionEvent| {
        if !ev.persisted() {
            return;
        }
        if let Some(b) = BRIDGE.with(|b| b.borrow().clone()) {
            let opened = b.borrow().opened.clone();
            PAUSED.with(|p| *p.borrow_mut() = Some(opened));
            stop();
        }
    });
    let on_show = Closure::<dyn FnMut(PageTransitionEvent)>::new(|ev: PageTransitionEvent| {
        if !ev.persisted() {
            return;
        }
        if let Some((m, create)) = PAUSED.with(|p| p.borrow_mut().take()) {
            // A club created meanwhile is stored: open it, not create another.
            match membership::load() {
                Some(stored) => open(stored, None),
                None if create.is_some() => open(m, create),
                None => {}
            }
        }
    });
    let _ = window.add_event_listener_with_callback("pagehide", on_hide.as_ref().unchecked_ref());
    let _ = window.add_event_listener_with_callback("pageshow", on_show.as_ref().unchecked_ref());
    on_hide.forget();
    on_show.forget();
}

fn open(m: Membership, create: Option<String>) {
    if BRIDGE.with(|b| b.borrow().is_some()) {
        return;
    }
    follow_page();
    let status = ctx().status;
    if !m.name.is_empty() {
        status.update(|s| s.name = m.name.clone());
    }
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let early = early::take();
    let made = match &early {
        Some(e) => Ok(e.worker.clone()),
        None => Worker::new_with_options(WORKER, &options),
    };
    let worker = match made {
        Ok(w) => w,
        Err(_) => {
            status.update(|s| s.stopped = Some("The club's sync could not start.".into()));
            return;
        }
    };
    let bridge = Rc::new(RefCell::new(Bridge {
        worker,
        opened: (m.clone(), create.clone()),
        known: HashMap::new(),
        sent: HashMap::new(),
        asked_at: HashMap::new(),
        next_seq: 1,
        mark: mark::Mark::default(),
    }));
    let on_message = {
        let bridge = bridge.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let Some(text) = e.data().as_string() else {
                return;
            };
            heard_text(&bridge, &text);
        })
    };
    let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |e: ErrorEvent| {
        e.prevent_default();
        sync_stopped();
    });
    {
        let b = bridge.borrow();
        b.worker
            .set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        b.worker
            .set_onerror(Some(on_error.as_ref().unchecked_ref()));
    }
    on_message.forget();
    on_error.forget();
    status.update(|s| {
        s.name = m.name.clone();
        s.stopped = None;
    });
    if let Some(early) = early {
        for text in &early.heard {
            heard_text(&bridge, text);
        }
        if early.failed {
            sync_stopped();
        }
    }
    post(
        &bridge,
        &ToWorker::Start {
            server: m.server.clone(),
            club: (!m.url.is_empty()).then(|| m.url.clone()),
            create,
        },
    );
    let saved = {
        let bridge = bridge.clone();
        Rc::new(move |id: &str, rev: u64, text: Option<String>| {
            if rev > 0 {
                send_saved(&bridge, id.to_string(), text);
            }
        })
    };
    let night = {
        let bridge = bridge.clone();
        Rc::new(move |n: &Night| send_night(&bridge, n))
    };
    let rival = {
        let bridge = bridge.clone();
        Rc::new(move |id: &str, index: usize, value: String| {
            let id = id.to_string();
            post(&bridge, &ToWorker::Rival { id, index, value });
        })
    };
    let want = {
        let bridge = bridge.clone();
        Rc::new(move |id: &str| post(&bridge, &ToWorker::Want { id: id.to_string() }))
    };
    set_hooks(saved, night, rival, want);
    BRIDGE.with(|b| *b.borrow_mut() = Some(bridge.clone()));
    if !m.url.is_empty() {
        push_local(bridge);
    }
}

/// A message of the worker, read.
fn heard_text(bridge: &Rc<RefCell<Bridge>>, text: &str) {
    if let Ok(msg) = serde_json::from_str::<FromWorker>(text) {
        heard(bridge, msg);
    }
}

/// The worker stopped (a document made it fail, or it never started).
fn sync_stopped() {
    ctx().status.update(|s| {
        s.online = false;
        s.stopped = Some(
            "The club's sync stopped (a document it could not read). Games here are kept; reload to try again."
                .into(),
        );
    });
}

/// Sends this page's save of game `id` (numbered now, read from storage)
/// as an edit of what the club last had from this page, else of the copy
/// this phone and the club last agreed on (kept in storage: a save made
/// before the page's sync started is an edit too, never dropped).
/// `text`: the record as this page just stored it, sent without reading
/// it back (a read at 4x was a fifth of a hand's way to the other phones).
fn send_saved(bridge: &Rc<RefCell<Bridge>>, id: String, text: Option<String>) {
    let seq = number_save(bridge, &id);
    let known = bridge.borrow().known.get(&id).cloned();
    if let (Some(text), Some(known)) = (&text, &known) {
        return post_saved(bridge, id, seq, Some(known.clone()), text.clone());
    }
    let bridge = bridge.clone();
    spawn_local(async move {
        let Ok(store) = storage().await else { return };
        send_stored(&bridge, &store, id, seq, text).await;
    });
}

/// Sends game `id` as stored here, save number `seq`: an edit of the
/// record last kept or sent on this page, else of the copy agreed with the
/// club (at its heads), else (none) what the club lacks of it.
async fn send_stored(
    bridge: &Rc<RefCell<Bridge>>,
    store: &AppStore,
    id: String,
    seq: u64,
    text: Option<String>,
) {
    let text = match text {
        Some(text) => text,
        None => match store.load_game(&id).await {
            Ok(loaded) => loaded.text,
            Err(_) => return,
        },
    };
    let known = bridge.borrow().known.get(&id).cloned();
    let before = match known {
        Some(k) => Some(k),
        None => store
            .club_base(&id)
            .await
            .map(|(record, at)| Known { record, at }),
    };
    post_saved(bridge, id, seq, before, text);
}

/// The number of this page's next save of game `id`.
fn number_save(bridge: &Rc<RefCell<Bridge>>, id: &str) -> u64 {
    let mut b = bridge.borrow_mut();
    let seq = b.next_seq;
    b.next_seq += 1;
    b.sent.insert(id.to_string(), Sent { seq, rev: None });
    seq
}

/// Sends `record` of game `id` to the club, an edit of `before`.
fn post_saved(
    bridge: &Rc<RefCell<Bridge>>,
    id: String,
    seq: u64,
    before: Option<Known>,
    record: String,
) {
    let rev = read_stored(&record).ok().map(|h| h.rev);
    {
        let mut b = bridge.borrow_mut();
        let known = Known {
            record: record.clone(),
            at: None,
        };
        b.known.insert(id.clone(), known);
        if let Some(sent) = b.sent.get_mut(&id).filter(|s| s.seq == seq) {
            sent.rev = rev;
        }
    }
    send_players(bridge, &record);
    let (before, at) = match before {
        Some(k) => (Some(k.record), k.at),
        None => (None, None),
    };
    post(
        bridge,
        &ToWorker::Saved {
            id: id.clone(),
            seq,
            before,
            record,
            at,
        },
    );
    list_stored(bridge.clone(), id);
}

/// Writes game `id`'s line into the club's list from its summary here (the
/// worker writes it only if it changed).
fn list_stored(bridge: Rc<RefCell<Bridge>>, id: String) {
    spawn_local(async move {
        let Ok(store) = storage().await else { return };
        if let Some(summary) = store.summary(&id).await {
            let line = listing::line_of(&summary);
            post(&bridge, &ToWorker::Listed { id, line });
        }
    });
}

/// The club's lines of games this page may not hold: those not stored
/// here are listed on home until they arrive.
fn listed_by_club(lines: Vec<(String, String)>, left_out: usize) {
    spawn_local(async move {
        let kept = KEPT_HERE.with(|k| k.borrow().clone());
        let (read, bad) = listing::read_lines(&lines, &kept);
        if bad + left_out > 0 {
            say(format!(
                "{} of the club's list of games could not be read: those games show once they arrive.",
                crate::rules::count(bad + left_out, "line")
            ));
        }
        let ids: Vec<String> = read.iter().map(|s| s.id.clone()).collect();
        let Ok(store) = storage().await else { return };
        let Ok(missing) = store.not_here(&ids).await else {
            return;
        };
        let missing: std::collections::HashSet<String> = missing.into_iter().collect();
        // Kept meanwhile: here now.
        let kept = KEPT_HERE.with(|k| k.borrow().clone());
        ctx().listed.update(|l| {
            for s in read {
                if missing.contains(&s.id) && !kept.contains(&s.id) {
                    l.insert(s.id.clone(), s);
                }
            }
        });
    });
}

/// Hands the club every game saved here since the last time (all of them
/// the first time): the worker adds those it does not have. The time
/// reached moves to when this hand-over began, by this phone's clock, once
/// the server holds what it handed ([`mark`]; a save here after that is
/// sent by the page that made it, and found again if its worker ended
/// first).
fn push_local(bridge: Rc<RefCell<Bridge>>) {
    spawn_local(async move {
        let Ok(store) = storage().await else { return };
        let began = js_sys::Date::now() as i64;
        let pushed = mark::reached().unwrap_or(i64::MIN);
        // The players and nights here, every time (the club keeps one of
        // each; a night it has in a later state stays as it is there).
        for name in store.roster().await.0.names {
            post(&bridge, &ToWorker::Player { name });
        }
        for n in store.nights_brief().await {
            send_night(&bridge, &n);
        }
        let mut newer = if pushed == i64::MIN {
            store.all_summaries().await.0
        } else {
            store.saved_after(pushed).await
        };
        newer.sort_by_key(|s| s.updated_ms);
        // Of those, the ones the club has not agreed on (the games kept
        // from it since are not handed back: their revision is the one
        // agreed), a few hundred at a time.
        let newer = store.not_agreed(&newer).await;
        let mut handed = false;
        for batch in newer.chunks(UNSENT_BATCH) {
            let ids: Vec<String> = batch.iter().map(|s| s.id.clone()).collect();
            let unsent = match store.unsent_to_club(&ids).await {
                Ok(unsent) => unsent,
                // Unread: every one is handed (the worker adds only what
                // the club lacks).
                Err(_) => ids,
            };
            handed |= !unsent.is_empty();
            post_unsent(&bridge, &store, &unsent).await;
        }
        bridge.borrow_mut().mark.handed_over(began, handed);
    });
}

/// Hands the club games `ids` as stored here (saves it may not have had),
/// each as an edit of the copy agreed with it.
async fn post_unsent(bridge: &Rc<RefCell<Bridge>>, store: &AppStore, ids: &[String]) {
    for id in ids {
        let seq = number_save(bridge, id);
        send_stored(bridge, store, id.clone(), seq, None).await;
    }
}

/// What the worker said.
fn heard(bridge: &Rc<RefCell<Bridge>>, msg: FromWorker) {
    let club = ctx();
    match msg {
        FromWorker::Club {
            url,
            name,
            games,
            here,
            players,
            renamed,
        } => {
            remember_players(players, renamed);
            let mut m = membership::load().unwrap_or(Membership {
                url: String::new(),
                server: String::new(),
                name: String::new(),
            });
            let first = m.url.is_empty();
            // A name the club's document holds damaged: the one known here.
            let name = match (name.is_empty(), m.name.is_empty()) {
                (false, _) => name,
                (true, false) => m.name.clone(),
                (true, true) => "Club".to_string(),
            };
            if m.url != url || m.name != name {
                if first {
                    // The club just created here: kept now, then every
                    // game here is handed to it.
                    m.server = PENDING_SERVER
                        .with(|p| p.borrow().clone())
                        .unwrap_or(m.server);
                }
                m.url = url;
                m.name = name.clone();
                let _ = membership::save(&m);
            }
            club.status.update(|s| {
                s.name = name;
                s.games = (games, here);
            });
            if first {
                push_local(bridge.clone());
            }
        }
        FromWorker::Online { online, why } => {
            if let Some(why) = why {
                web_sys::console::info_1(&format!("club: the connection ended: {why}").into());
            }
            club.status.update(|s| s.online = online)
        }
        FromWorker::Sending { left } => {
            bridge.borrow_mut().mark.heard_sending(left);
            club.status.update(|s| s.sending = Some(left));
        }
        FromWorker::Game {
            id,
            seq,
            record,
            asked,
            at,
            heads,
            line,
            ..
        } => {
            let sent = bridge.borrow().sent.get(&id).copied();
            if sent.is_some_and(|sent| seq < sent.seq) {
                return;
            }
            bridge
                .borrow_mut()
                .asked_at
                .insert(id.clone(), heads.clone());
            club.asked.update(|a| {
                if asked.is_empty() {
                    a.remove(&id);
                } else {
                    a.insert(id.clone(), asked);
                }
            });
            let holds = sent.and_then(|s| s.rev);
            keep(bridge.clone(), id, record, (at, heads), holds, line);
        }
        FromWorker::Round { id, parts } => club.rounds.update(|r| {
            r.insert(id, parts);
        }),
        FromWorker::Night { id, json } => match check_night(&json) {
            Ok(night) if night.id == id => {
                spawn_local(async move {
                    let kept: Result<_, StoreError> =
                        async { storage().await?.put_synced_night(night).await }.await;
                    if let Err(e) = kept {
                        say(format!(
                            "A night from the club could not be kept on this phone: {e}."
                        ));
                    }
                });
            }
            _ => say("A night from the club was refused: it is not one this app can read.".into()),
        },
        FromWorker::Listed { lines, left_out } => listed_by_club(lines, left_out),
        FromWorker::Left { .. } => {}
        // With an address, a game's document (the club's own are said in
        // the club's words, without one).
        FromWorker::Refused { url, message } => say(if url.is_empty() {
            message
        } else {
            format!("A game from the club was refused: {message}")
        }),
    }
}

/// Adds `line` to what the club page says was refused or not kept (once,
/// and at most 20 lines).
fn say(line: String) {
    ctx().status.update(|s| {
        if !s.refused.contains(&line) && s.refused.len() < 20 {
            s.refused.push(line);
        }
    });
}
