//! The round typed by the whole table (the club's side of
//! [`crate::app::game::live_round`]): a form's draft split into the
//! table's part and each seat's, parts laid back over a draft, and the
//! form's link to the club ([`shared_text`]). In the records chunk with the
//! rest of the club: a phone in no club never downloads it.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use leptos::prelude::*;

use crate::app::erased::text;

/// A draft slot's text: the form's shape and its state.
#[derive(Serialize, Deserialize)]
struct Slot {
    shape: u32,
    state: Value,
}

/// [`split`] of a draft slot's text (`None` parts if unreadable).
fn split_slot(slot: &str, own: &[&str], at: usize) -> HashMap<String, String> {
    serde_json::from_str::<Slot>(slot)
        .map(|s| split(&s.state, own, at, s.shape))
        .unwrap_or_default()
}

/// [`join`] over a draft slot's text: the slot's text with the parts laid
/// over it, or `None` when nothing changed (or it is unreadable).
fn join_slot(slot: &str, incoming: &[(String, String)], own: &[&str], at: usize) -> Option<String> {
    let s = serde_json::from_str::<Slot>(slot).ok()?;
    let joined = join(&s.state, incoming, own, at, s.shape);
    if joined == s.state {
        return None;
    }
    serde_json::to_string(&Slot {
        shape: s.shape,
        state: joined,
    })
    .ok()
}

/// One part as it travels: the entry it is for, the form's shape, and its
/// fields.
#[derive(Serialize, Deserialize)]
struct Part {
    at: usize,
    shape: u32,
    v: Value,
}

/// The parts of the draft `v` (an object): the table's (every field but
/// `own`) and each seat's (its value of each `own` field), as texts for
/// entry `at` under their keys.
fn split(v: &Value, own: &[&str], at: usize, shape: u32) -> HashMap<String, String> {
    let mut parts = HashMap::new();
    let Value::Object(fields) = v else {
        return parts;
    };
    let mut table = fields.clone();
    let mut seats: Vec<Map<String, Value>> = Vec::new();
    for name in own {
        if let Some(Value::Array(values)) = table.remove(*name) {
            for (seat, value) in values.into_iter().enumerate() {
                if seats.len() <= seat {
                    seats.resize_with(seat + 1, Map::new);
                }
                if let Some(s) = seats.get_mut(seat) {
                    s.insert((*name).to_string(), value);
                }
            }
        }
    }
    let text = |v: Value| serde_json::to_string(&Part { at, shape, v }).unwrap_or_default();
    parts.insert(
        chicken_club::round_doc::TABLE.to_string(),
        text(Value::Object(table)),
    );
    for (seat, s) in seats.into_iter().enumerate() {
        parts.insert(
            chicken_club::round_doc::seat_key(seat),
            text(Value::Object(s)),
        );
    }
    parts
}

/// The draft `local` with the round's parts for entry `at` laid over it:
/// the table's part replaces every field but `own`; a seat's part replaces
/// that seat's value of each `own` field. Parts for another entry or shape,
/// or unreadable, are left out.
fn join(
    local: &Value,
    incoming: &[(String, String)],
    own: &[&str],
    at: usize,
    shape: u32,
) -> Value {
    let read = |text: &str| {
        serde_json::from_str::<Part>(text)
            .ok()
            .filter(|p| p.at == at && p.shape == shape)
            .map(|p| p.v)
    };
    let mut out = local.clone();
    let table = incoming
        .iter()
        .find(|(k, _)| k == chicken_club::round_doc::TABLE)
        .and_then(|(_, t)| read(t));
    if let (Some(Value::Object(mut t)), Value::Object(l)) = (table, local) {
        for name in own {
            t.remove(*name);
            if let Some(v) = l.get(*name) {
                t.insert((*name).to_string(), v.clone());
            }
        }
        out = Value::Object(t);
    }
    for (key, text) in incoming {
        let Some(seat) = key
            .strip_prefix("seat")
            .and_then(|n| n.parse::<usize>().ok())
        else {
            continue;
        };
        let Some(Value::Object(part)) = read(text) else {
            continue;
        };
        for name in own {
            if let (Some(v), Some(Value::Array(values))) = (part.get(*name), out.get_mut(*name)) {
                if let Some(slot) = values.get_mut(seat) {
                    *slot = v.clone();
                }
            }
        }
    }
    out
}

/// The seats whose part differs between two splits.
pub fn seats_changed(a: &HashMap<String, String>, b: &HashMap<String, String>) -> Vec<usize> {
    let mut seats: Vec<usize> = b
        .iter()
        .filter(|(k, t)| a.get(*k) != Some(*t))
        .filter_map(|(k, _)| k.strip_prefix("seat").and_then(|n| n.parse().ok()))
        .collect();
    seats.sort_unstable();
    seats
}

/// A form's draft as its slot's text, for [`shared_text`].
#[derive(Clone)]
pub struct SharedText {
    /// The game.
    pub id: String,
    /// The draft's text now (tracked).
    pub text: Signal<String>,
    /// Replaces the draft with a text laid over by other phones' parts.
    pub set: Callback<String>,
    /// The draft's per-seat fields (`GameUi::LIVE_ROUND`).
    pub own: &'static [&'static str],
    /// The entry the form is for.
    pub at: usize,
    /// The players, by seat.
    pub names: Vec<String>,
}

/// The shared round around a form's draft (see
/// `app::game::live_round`).
pub fn shared_text(parts: SharedText) -> AnyView {
    let SharedText {
        id,
        text: draft_text,
        set,
        own,
        at,
        names,
    } = parts;
    let club = crate::app::club::ctx();
    let sent = id.clone();
    let incoming = Signal::derive(move || {
        club.rounds
            .with(|r| r.get(&id).cloned().unwrap_or_default())
    });
    let send = move |parts| super::club_bridge::send_round(&sent, parts);
    // The parts as this page last saw them (sent, or laid over the form);
    // from the form as it opened until the club's code is here.
    let opened = StoredValue::new(draft_text.get_untracked());
    let seen: StoredValue<Option<HashMap<String, String>>> = StoredValue::new(None);
    let seen_now = move || {
        if seen.with_value(Option::is_none) {
            let first = opened.with_value(|o| split_slot(o, own, at));
            seen.set_value(Some(first));
        }
        seen.get_value().unwrap_or_default()
    };
    let from_others: RwSignal<Vec<usize>> = RwSignal::new(Vec::new());
    // Another phone's parts: laid over the form (what this phone typed in
    // other fields stays).
    Effect::new(move |_| {
        let parts = incoming.get();
        let Some(next) = join_slot(&draft_text.get_untracked(), &parts, own, at) else {
            return;
        };
        let now = split_slot(&next, own, at);
        let changed = seats_changed(&seen_now(), &now);
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
        let before = seen_now();
        let now = split_slot(&t, own, at);
        let changed: Vec<(String, String)> = now
            .iter()
            .filter(|(k, t)| before.get(*k) != Some(*t))
            .map(|(k, t)| (k.clone(), t.clone()))
            .collect();
        if changed.is_empty() {
            return;
        }
        let mine = seats_changed(&before, &now);
        from_others.update(|f| f.retain(|s| !mine.contains(s)));
        seen.set_value(Some(now));
        send(changed);
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const OWN: &[&str] = &["texts", "modes"];

    fn parts(v: &Value, at: usize) -> Vec<(String, String)> {
        let mut p: Vec<_> = split(v, OWN, at, 1).into_iter().collect();
        p.sort();
        p
    }

    #[test]
    fn a_draft_splits_into_the_table_and_each_seat_and_joins_back() {
        let d = json!({"out": 1, "texts": ["3", "", "12"], "modes": ["sum", "unset", "sum"]});
        let p = parts(&d, 4);
        assert_eq!(p.len(), 4, "table and three seats");
        let empty = json!({"texts": ["", "", ""], "modes": ["unset", "unset", "unset"]});
        assert_eq!(join(&empty, &p, OWN, 4, 1), d);
    }

    #[test]
    fn two_phones_typing_two_seats_both_stand() {
        let a = json!({"out": 0, "texts": ["5", ""], "modes": ["sum", "unset"]});
        let b = json!({"texts": ["", "7"], "modes": ["unset", "sum"]});
        // Phone A sent the table and seat 0; phone B only seat 1.
        let mut doc: Vec<(String, String)> = parts(&a, 2)
            .into_iter()
            .filter(|(k, _)| k != "seat1")
            .collect();
        doc.extend(parts(&b, 2).into_iter().filter(|(k, _)| k == "seat1"));
        let joined = join(&b, &doc, OWN, 2, 1);
        assert_eq!(
            joined,
            json!({"out": 0, "texts": ["5", "7"], "modes": ["sum", "sum"]})
        );
    }

    #[test]
    fn parts_for_another_entry_or_shape_or_unreadable_are_left_out() {
        let d = json!({"out": 1, "texts": ["3", "4"], "modes": ["sum", "sum"]});
        let local = json!({"texts": ["", ""], "modes": ["unset", "unset"]});
        assert_eq!(
            join(&local, &parts(&d, 3), OWN, 4, 1),
            local,
            "another entry"
        );
        let other_shape: Vec<_> = split(&d, OWN, 4, 2).into_iter().collect();
        assert_eq!(
            join(&local, &other_shape, OWN, 4, 1),
            local,
            "another shape"
        );
        let junk = vec![
            ("table".to_string(), "[1]".to_string()),
            (
                "seat9".to_string(),
                r#"{"at":4,"shape":1,"v":{"texts":"x"}}"#.to_string(),
            ),
            ("seat0".to_string(), "{".to_string()),
        ];
        assert_eq!(join(&local, &junk, OWN, 4, 1), local, "unreadable");
    }

    #[test]
    fn only_changed_seats_are_named() {
        let a = split(&json!({"texts": ["1", "2"]}), OWN, 0, 1);
        let b = split(&json!({"texts": ["1", "3"]}), OWN, 0, 1);
        assert_eq!(seats_changed(&a, &b), vec![1]);
    }
}
