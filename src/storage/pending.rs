//! The draft change in flight: every change to a draft is also kept,
//! synchronously, in localStorage (`chicken.pending.<id>`) until its
//! IndexedDB transaction completes. A page reloaded or closed in the few
//! milliseconds a write takes still finds what was typed; the newer of the
//! two (by the draft's sequence number) wins when the game opens.

use super::local_storage;

use crate::model::Draft;

/// The localStorage key prefix of drafts in flight.
const PREFIX: &str = "chicken.pending.";

/// Which draft to use: the stored one or the one that was in flight.
pub fn newer(stored: Option<Draft>, pending: Option<Draft>) -> Option<Draft> {
    match (stored, pending) {
        (Some(s), Some(p)) if p.seq > s.seq => Some(p),
        (None, Some(p)) => Some(p),
        (s, _) => s,
    }
}

/// Keeps `draft` (of game `id`) while its write is in flight. A failure
/// (localStorage full or refused) only loses this safety net.
pub fn keep(id: &str, draft: &Draft) {
    if let (Some(s), Ok(text)) = (local_storage(), serde_json::to_string(draft)) {
        let _ = s.set_item(&format!("{PREFIX}{id}"), &text);
    }
}

/// The draft of game `id` that was in flight, if any (one this version
/// cannot read is ignored: the stored draft is used).
pub fn read(id: &str) -> Option<Draft> {
    let text = local_storage()?
        .get_item(&format!("{PREFIX}{id}"))
        .ok()
        .flatten()?;
    match super::check::<Draft>(&text, Some(id), "a draft") {
        super::Checked::Good(d) => Some(d),
        _ => None,
    }
}

/// Forgets the in-flight copy once the write of `seq` completed (a later
/// change still in flight is kept).
pub fn done(id: &str, seq: u64) {
    if read(id).is_some_and(|d| d.seq <= seq) {
        if let Some(s) = local_storage() {
            let _ = s.remove_item(&format!("{PREFIX}{id}"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newer_draft_wins() {
        let at = |seq| Draft {
            seq,
            ..Draft::new("g")
        };
        assert_eq!(newer(Some(at(2)), Some(at(3))), Some(at(3)));
        assert_eq!(newer(Some(at(3)), Some(at(2))), Some(at(3)));
        assert_eq!(newer(None, Some(at(1))), Some(at(1)));
        assert_eq!(newer(Some(at(1)), None), Some(at(1)));
        assert_eq!(newer(None, None), None);
    }
}
