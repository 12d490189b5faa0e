//! The round typed by the whole table: on a phone in a club, the next
//! entry's form of a round game is shared with every phone following the
//! game. Each player may type their own count on their own phone; the
//! table's part (who went out, how the round closed) is the form's other
//! fields. Every change goes to the club as parts (the table's, and one per
//! seat: [`chicken_club::round_doc`]), so two phones typing two players'
//! counts at once both stand. The round is saved as an ordinary entry
//! when a phone at the table taps Save: the table confirms it.
//!
//! A form's draft is split by field names the game gives
//! ([`GameUi::LIVE_ROUND`]): each named field holds one value per seat. The
//! splitting is the club's code ([`RoundCode`], in the records chunk):
//! this screen hands it the draft as its slot's text.

use std::cell::Cell;
use std::collections::HashMap;

use super::*;

/// What the frame gives a form whose round is shared.
pub(super) struct Live {
    /// The round's parts as the club's document holds them (key, text).
    pub(super) incoming: Signal<Vec<(String, String)>>,
    /// Sends the parts changed on this phone.
    pub(super) send: Callback<Vec<(String, String)>>,
}

/// A round's parts (key, text), or a split of a draft.
pub type Parts = HashMap<String, String>;
/// Parts as the club's document holds them (key, text), sorted.
pub type Incoming = [(String, String)];

/// The club's code for a round's parts (`records::round_parts`), set when
/// the club's sync starts: a draft slot's text split into parts (key,
/// text) for entry `at`; parts laid over a slot's text (`None`: nothing
/// changed); the seats whose part differs between two splits.
#[derive(Clone, Copy)]
pub struct RoundCode {
    /// Splits a draft slot's text (`own`: the per-seat fields).
    pub split: fn(&str, &[&str], usize) -> Parts,
    /// Lays parts over a draft slot's text.
    pub join: fn(&str, &Incoming, &[&str], usize) -> Option<String>,
    /// The seats whose part differs from the first split to the second.
    pub seats_changed: fn(&Parts, &Parts) -> Vec<usize>,
}

thread_local! {
    static CODE: Cell<Option<RoundCode>> = const { Cell::new(None) };
}

/// The club's sync started: rounds can be shared.
pub fn set_code(code: RoundCode) {
    CODE.with(|c| c.set(Some(code)));
}

fn code() -> Option<RoundCode> {
    CODE.with(Cell::get)
}

/// Shares `draft` (the form for entry `form.index`) with the table: the
/// round's parts typed on other phones are laid over it as they arrive,
/// and each change typed here is sent. Returns the line that says which
/// counts came from another phone. Only the draft's reading and writing
/// is the game's ([`shared_text`] does the rest, once for every game).
pub(super) fn share<R: GameUi>(form: Form<R>, draft: RwSignal<R::Draft>, live: Live) -> AnyView {
    let Some(own) = R::LIVE_ROUND else {
        return ().into_any();
    };
    let names = form.with_setup(|s| s.players.clone());
    let text = Signal::derive(move || {
        draft
            .with(|d| slot_text(R::DRAFT_SHAPE, d))
            .unwrap_or_default()
    });
    let set = Callback::new(move |t: String| {
        if let Some(d) =
            slot_state::<R::Draft>(R::DRAFT_SHAPE, &t).and_then(|d| R::restore(&form, d))
        {
            draft.set(d);
        }
    });
    shared_text(SharedText {
        text,
        set,
        own,
        at: form.index,
        names,
        live,
    })
}

/// A form's draft as its slot's text, for [`shared_text`].
struct SharedText {
    /// The draft's text now (tracked).
    text: Signal<String>,
    /// Replaces the draft with a text laid over by other phones' parts.
    set: Callback<String>,
    own: &'static [&'static str],
    at: usize,
    names: Vec<String>,
    live: Live,
}

fn shared_text(parts: SharedText) -> AnyView {
    let SharedText {
        text: draft_text,
        set,
        own,
        at,
        names,
        live,
    } = parts;
    // The parts as this page last saw them (sent, or laid over the form);
    // from the form as it opened until the club's code is here.
    let opened = StoredValue::new(draft_text.get_untracked());
    let seen: StoredValue<Option<Parts>> = StoredValue::new(None);
    let seen_now = move |code: RoundCode| {
        if seen.with_value(Option::is_none) {
            let first = opened.with_value(|o| (code.split)(o, own, at));
            seen.set_value(Some(first));
        }
        seen.get_value().unwrap_or_default()
    };
    let from_others: RwSignal<Vec<usize>> = RwSignal::new(Vec::new());
    let Live { incoming, send } = live;
    // Another phone's parts: laid over the form (what this phone typed in
    // other fields stays).
    Effect::new(move |_| {
        let parts = incoming.get();
        let Some(code) = code() else { return };
        let Some(next) = (code.join)(&draft_text.get_untracked(), &parts, own, at) else {
            return;
        };
        let now = (code.split)(&next, own, at);
        let changed = (code.seats_changed)(&seen_now(code), &now);
        from_others.update(|f| {
            f.extend(changed);
            f.sort_unstable();
            f.dedup();
        });
        seen.set_value(Some(now));
        set.run(next);
    });
    // This phone's changes: only the parts that changed, so a count typed
    // on another phone meanwhile is never written over.
    Effect::new(move |_| {
        let t = draft_text.get();
        let Some(code) = code() else { return };
        let before = seen_now(code);
        let now = (code.split)(&t, own, at);
        let changed: Vec<(String, String)> = now
            .iter()
            .filter(|(k, t)| before.get(*k) != Some(*t))
            .map(|(k, t)| (k.clone(), t.clone()))
            .collect();
        if changed.is_empty() {
            return;
        }
        let mine = (code.seats_changed)(&before, &now);
        from_others.update(|f| f.retain(|s| !mine.contains(s)));
        seen.set_value(Some(now));
        send.run(changed);
    });
    let names = StoredValue::new(names);
    let line = text(move || {
        let others = from_others.get();
        if others.is_empty() {
            return "Every phone following this game sees this round as it is typed: each player may type their own on their phone.".into();
        }
        let named: Vec<String> = names.with_value(|n| {
            others
                .iter()
                .map(|i| n.get(*i).cloned().unwrap_or_default())
                .collect()
        });
        format!(
            "Typed on another phone: {}. Saving records the round for the whole table.",
            named.join(", ")
        )
    });
    view! { <p class="hint live-round" data-testid="live-round">{line}</p> }.into_any()
}
