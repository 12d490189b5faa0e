//! The small values beside the games: each game's draft (what is typed and
//! not saved yet) and the roster of players from earlier games. A value a
//! newer version wrote is never overwritten; one that cannot be read is
//! kept aside first.

use serde::Deserialize;

use super::aside::{aside_writes, kept_aside_message, newer_message};
use super::{
    check, Area, Backend, Checked, ReadError, SaveError, Scope, Store, Write, ASIDE_NEXT, ROSTER,
};
use crate::model::{Draft, Roster, SCHEMA_VERSION};

/// Any value with a schema (to tell readable, newer and broken apart
/// without knowing its type).
#[derive(Deserialize)]
struct Schemaed {
    #[allow(dead_code)]
    schema: u32,
}

impl<B: Backend> Store<B> {
    /// Game `id`'s draft. One that cannot be read is kept aside (and the
    /// message says so); one a newer version wrote is left, with a message.
    pub async fn draft(&self, id: &str) -> (Option<Draft>, Option<ReadError>) {
        match self.backend.get(Area::Drafts, id).await {
            Ok(None) => (None, None),
            Ok(Some(text)) => match check::<Draft>(&text, Some(id), "a draft") {
                Checked::Good(d) => (Some(d), None),
                Checked::Newer(schema) => (None, Some(ReadError::Newer(schema))),
                Checked::Broken(reason) => {
                    let label = "What was being typed in this game";
                    let msg = match self.keep_aside(Area::Drafts, id, &text, label, &reason).await {
                        Ok(Some(key)) => kept_aside_message(label, &reason, &key),
                        Ok(None) => String::new(),
                        Err(e) => format!("{label} could not be read ({reason}), and could not be kept aside: {e}."),
                    };
                    (None, Some(ReadError::Corrupt(msg)))
                }
            },
            Err(e) => (None, Some(ReadError::Failed(e))),
        }
    }

    /// Keeps game `id`'s draft (an empty draft removes it). A draft a newer
    /// version wrote is never overwritten; an unreadable one is kept aside
    /// first.
    pub async fn save_draft(&self, id: &str, draft: &Draft) -> Result<(), SaveError> {
        let text = if draft.is_empty() {
            None
        } else {
            let d = Draft {
                schema: SCHEMA_VERSION,
                id: id.to_string(),
                ..draft.clone()
            };
            Some(serde_json::to_string(&d).unwrap_or_default())
        };
        self.guarded_put(Area::Drafts, id, text, "What was being typed in this game")
            .await
    }

    /// The saved roster, and a message if it could not be used.
    pub async fn roster(&self) -> (Roster, Option<String>) {
        match self.backend.get(Area::Meta, ROSTER).await {
            Ok(None) => (Roster::default(), None),
            Ok(Some(text)) => match check::<Roster>(&text, None, "a list of players") {
                Checked::Good(r) => (r, None),
                Checked::Newer(schema) => (
                    Roster::default(),
                    Some(newer_message(
                        "The list of players from earlier games",
                        schema,
                    )),
                ),
                Checked::Broken(reason) => {
                    let label = "The list of players from earlier games";
                    let msg = match self.keep_aside(Area::Meta, ROSTER, &text, label, &reason).await {
                        Ok(Some(key)) => kept_aside_message(label, &reason, &key),
                        Ok(None) => String::new(),
                        Err(e) => format!("{label} could not be read ({reason}), and could not be kept aside: {e}."),
                    };
                    (Roster::default(), Some(msg))
                }
            },
            Err(e) => (
                Roster::default(),
                Some(format!(
                    "The players from earlier games could not be read: {e}."
                )),
            ),
        }
    }

    /// Saves the roster (never over one a newer version wrote).
    pub async fn save_roster(&self, roster: &Roster) -> Result<(), SaveError> {
        let text = serde_json::to_string(roster).unwrap_or_default();
        self.guarded_put(
            Area::Meta,
            ROSTER,
            Some(text),
            "The list of players from earlier games",
        )
        .await
    }

    /// Puts (or with `None` removes) one value, unless a newer version
    /// wrote what is there; an unreadable value there is kept aside in the
    /// same transaction. A draft goes in a light transaction (its areas
    /// only, not waiting for the disk; `pending` holds it meanwhile).
    async fn guarded_put(
        &self,
        area: Area,
        key: &str,
        text: Option<String>,
        label: &str,
    ) -> Result<(), SaveError> {
        let now = (self.clock)();
        let (key_s, label_s) = (key.to_string(), label.to_string());
        let scope = if area == Area::Drafts {
            Scope::Light
        } else {
            Scope::Durable
        };
        let verdict = self
            .backend
            .update_in(
                scope,
                vec![
                    (area, key.to_string()),
                    (Area::Meta, ASIDE_NEXT.to_string()),
                ],
                move |found| {
                    let mut found = found.into_iter();
                    let (current, counter) = (found.next().flatten(), found.next().flatten());
                    let mut writes = Vec::new();
                    if let Some(cur) = &current {
                        match check::<Schemaed>(cur, None, "a value") {
                            Checked::Good(_) => {}
                            Checked::Newer(_) => return (Vec::new(), Err(SaveError::Newer)),
                            Checked::Broken(reason) => writes.extend(
                                aside_writes(
                                    counter.as_ref(),
                                    format!("{}/{key_s}", area.name()),
                                    &label_s,
                                    &reason,
                                    cur,
                                    now,
                                )
                                .0,
                            ),
                        }
                    }
                    match text {
                        Some(t) => writes.push(Write::put(area, &key_s, t)),
                        None if current.is_some() => writes.push(Write::delete(area, &key_s)),
                        None => {}
                    }
                    (writes, Ok(()))
                },
            )
            .await?;
        verdict
    }
}
