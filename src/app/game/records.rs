//! What the games lists and the extra panels read of a game: its summary,
//! the record as its rules read it, and the panels' kept work.

use super::*;

/// An extra panel's work in progress, as it kept it with [`keep_draft`]
/// (shape version `shape`), if it still reads as a `T` of that shape and
/// `fits` (entry forms have theirs restored by the frame).
pub fn restore_draft<T: DeserializeOwned>(
    shape: u32,
    draft: Option<&str>,
    fits: impl Fn(&T) -> bool,
) -> Option<T> {
    draft
        .and_then(|d| slot_state::<T>(shape, d))
        .filter(|d| fits(d))
}

/// Keeps what `value` returns as an extra panel's work in progress (shape
/// version `shape`), every time what it reads changes (it writes storage,
/// never a signal).
pub fn keep_draft<T: Serialize>(
    shape: u32,
    on_draft: Option<Callback<Option<String>>>,
    value: impl Fn() -> T + 'static,
) {
    if let Some(keep) = on_draft {
        Effect::new(move |_| keep.run(slot_text(shape, &value())));
    }
}

pub use crate::model::summary_line;

/// The summary the games lists show for `record`, as its rules derive it
/// ([`crate::model::summary_at`], saved now).
pub fn summary_of<R: Rules>(record: &GameRecord<R>) -> Summary {
    crate::model::summary_at(record, now_ms())
}

/// Reads game `id` as a game of `R`. A record that cannot be read is kept
/// aside (never overwritten) and the message says so. A record of an older
/// schema is read in this release's shape ([`crate::model::migrate`]) and
/// saved so once, the first time it is opened; if that save fails, the
/// game still shows as read, and the next open tries again.
pub async fn read_game<R: Rules>(store: &AppStore, id: &str) -> Result<GameRecord<R>, ReadError> {
    let record = read_stored_game::<R>(store, id).await?;
    if record.schema >= crate::model::SCHEMA_VERSION {
        return Ok(record);
    }
    let upgraded = record.with_log(record.log.clone());
    match store
        .upgrade_game(&upgraded, record.rev, summary_of(&upgraded))
        .await
    {
        Ok(()) => Ok(upgraded),
        Err(_) => Ok(record),
    }
}

/// Reads game `id` as stored (an older schema read in this release's
/// shape, not saved).
async fn read_stored_game<R: Rules>(
    store: &AppStore,
    id: &str,
) -> Result<GameRecord<R>, ReadError> {
    let loaded = store.load_game(id).await?;
    if loaded.header.kind != R::KIND.as_str() {
        return Err(ReadError::Corrupt(format!(
            "This game is a \"{}\" game, not {}.",
            crate::storage::bounded(&loaded.header.kind, 24),
            R::KIND.name()
        )));
    }
    match GameRecord::<R>::from_json(&loaded.text) {
        Ok(r) => Ok(r),
        Err(reason) => Err(ReadError::Corrupt(
            store
                .set_aside_game(id, &loaded.text, &crate::storage::bounded(&reason, 100))
                .await,
        )),
    }
}

/// Asks the browser to keep this app's storage when space runs low (once
/// a game is saved); it answers by itself, without asking the person.
pub fn ask_to_persist() {
    let Some(manager) = web_sys::window().map(|w| w.navigator().storage()) else {
        return;
    };
    spawn_local(async move {
        // Asked only where the browser can say, and has not promised yet.
        if crate::app::pages::keep_games::persisted().await == Some(false) {
            if let Ok(p) = manager.persist() {
                let _ = wasm_bindgen_futures::JsFuture::from(p).await;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Outcome, Points, Standings};
    #[test]
    fn summary_lines_name_winners_or_what_is_next() {
        let players = vec!["Ann".to_string(), "Bob".to_string()];
        let mut st = Standings {
            totals: vec![Points::ZERO; 2],
            lower_wins: true,
            sheet: Vec::new(),
            status: vec!["Hand 2 of 7".into()],
            outcome: None,
        };
        assert_eq!(summary_line(&players, &st), "Hand 2 of 7");
        st.outcome = Some(Outcome {
            ranks: vec![1, 2],
            winners: vec![0],
            notes: Vec::new(),
            pending: None,
        });
        assert_eq!(summary_line(&players, &st), "Won by Ann");
        st.outcome = Some(Outcome {
            ranks: vec![1, 1],
            winners: vec![0, 1],
            notes: Vec::new(),
            pending: None,
        });
        assert_eq!(summary_line(&players, &st), "Shared by Ann & Bob");
        // A tie waiting for its tie-breaker is not announced as shared.
        st.outcome = Some(Outcome {
            ranks: vec![1, 1],
            winners: vec![0, 1],
            notes: Vec::new(),
            pending: Some("Golden Egg tie: card draw pending".into()),
        });
        assert_eq!(
            summary_line(&players, &st),
            "Golden Egg tie: card draw pending"
        );
    }
}
