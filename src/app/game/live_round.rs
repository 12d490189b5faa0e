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
//! ([`GameUi::LIVE_ROUND`]): each named field holds one value per seat.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::*;

/// What the frame gives a form whose round is shared.
pub(super) struct Live {
    /// The round's parts as the club's document holds them (key, text).
    pub(super) incoming: Signal<Vec<(String, String)>>,
    /// Sends the parts changed on this phone.
    pub(super) send: Callback<Vec<(String, String)>>,
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
fn seats_changed(a: &HashMap<String, String>, b: &HashMap<String, String>) -> Vec<usize> {
    let mut seats: Vec<usize> = b
        .iter()
        .filter(|(k, t)| a.get(*k) != Some(*t))
        .filter_map(|(k, _)| k.strip_prefix("seat").and_then(|n| n.parse().ok()))
        .collect();
    seats.sort_unstable();
    seats
}

/// Shares `draft` (the form for entry `index`) with the table: the round's
/// parts typed on other phones are laid over it as they arrive, and each
/// change typed here is sent. Returns the line that says which counts came
/// from another phone.
pub(super) fn share<R: GameUi>(form: Form<R>, draft: RwSignal<R::Draft>, live: Live) -> AnyView {
    let Some(own) = R::LIVE_ROUND else {
        return ().into_any();
    };
    let (at, shape) = (form.index, R::DRAFT_SHAPE);
    let parts_of = move |d: &R::Draft| {
        serde_json::to_value(d)
            .map(|v| split(&v, own, at, shape))
            .unwrap_or_default()
    };
    // The parts as this page last saw them (sent, or laid over the form).
    let seen = StoredValue::new(draft.with_untracked(parts_of));
    let from_others: RwSignal<Vec<usize>> = RwSignal::new(Vec::new());
    let Live { incoming, send } = live;
    // Another phone's parts: laid over the form (what this phone typed in
    // other fields stays).
    Effect::new(move |_| {
        let parts = incoming.get();
        let Some(local) = draft
            .try_with_untracked(|d| serde_json::to_value(d).ok())
            .flatten()
        else {
            return;
        };
        let joined = join(&local, &parts, own, at, shape);
        if joined == local {
            return;
        }
        let Some(next) = serde_json::from_value::<R::Draft>(joined)
            .ok()
            .and_then(|d| R::restore(&form, d))
        else {
            return;
        };
        let now = parts_of(&next);
        let changed = seen.with_value(|s| seats_changed(s, &now));
        from_others.update(|f| {
            f.extend(changed);
            f.sort_unstable();
            f.dedup();
        });
        seen.set_value(now);
        draft.set(next);
    });
    // This phone's changes: only the parts that changed, so a count typed
    // on another phone meanwhile is never written over.
    Effect::new(move |_| {
        let now = draft.with(parts_of);
        let changed: Vec<(String, String)> = seen.with_value(|s| {
            now.iter()
                .filter(|(k, t)| s.get(*k) != Some(*t))
                .map(|(k, t)| (k.clone(), t.clone()))
                .collect()
        });
        if changed.is_empty() {
            return;
        }
        let mine = seen.with_value(|s| seats_changed(s, &now));
        from_others.update(|f| f.retain(|s| !mine.contains(s)));
        seen.set_value(now);
        send.run(changed);
    });
    let line = text(move || {
        let others = from_others.get();
        if others.is_empty() {
            return "Every phone following this game sees this round as it is typed: each player may type their own on their phone.".into();
        }
        let names: Vec<String> =
            form.with_setup(|s| others.iter().map(|i| s.name(*i).to_string()).collect());
        format!(
            "Typed on another phone: {}. Saving records the round for the whole table.",
            names.join(", ")
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
