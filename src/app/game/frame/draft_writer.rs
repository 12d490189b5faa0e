//! Writing a game's draft: one write at a time, keystrokes in between
//! coalesced into the next.

use super::*;

/// What writing a game's draft needs (not generic over the game, so its
/// code is in the download once).
#[derive(Clone, Copy)]
pub(super) struct DraftWriter {
    pub(super) draft: StoredValue<Draft>,
    pub(super) writing: StoredValue<bool>,
    pub(super) again: StoredValue<bool>,
    pub(super) kept: StoredValue<bool>,
    pub(super) error: RwSignal<Option<String>>,
}

impl DraftWriter {
    /// Writes the draft to storage, one write at a time: keystrokes while
    /// one is on its way are written together after it (the latest draft).
    pub(super) fn write(self) {
        if self.writing.try_get_value().unwrap_or(true) {
            let _ = self.again.try_set_value(true);
            return;
        }
        self.writing.set_value(true);
        spawn_local(async move {
            if let Some(s) = store_or_report().await {
                self.write_with(&s).await;
            }
            let _ = self.writing.try_set_value(false);
        });
    }

    /// [`DraftWriter::write`]'s loop: the draft, again while it changed.
    async fn write_with(self, s: &AppStore) {
        loop {
            let _ = self.again.try_set_value(false);
            let Some(d) = self.draft.try_get_value() else {
                return;
            };
            match s.save_draft(&d.id, &d).await {
                Ok(()) => pending::done(&d.id, d.seq),
                Err(SaveError::Newer) => {
                    let _ = self.kept.try_set_value(false);
                    let _ = self.error.try_set(Some("What you type is kept only until the page is closed: a newer version of the app left a draft here. Reload the page to update the app.".into()));
                    return;
                }
                Err(e) => {
                    let _ = self.error.try_set(Some(format!(
                        "What you are typing could not be kept: {}",
                        e.message().trim_start_matches("Not saved: ")
                    )));
                    return;
                }
            }
            if !self.again.try_get_value().unwrap_or(false) {
                return;
            }
        }
    }
}
