//! Values that could not be read: each is moved, exactly as found, to the
//! aside area under a fresh number (never over another), in the same
//! transaction that removes it from where it was; and the sentences that
//! tell the person what happened and how to recover it.

use serde::{Deserialize, Serialize};

use super::{
    bounded, check, label_of, order_of, summary_from_header, Area, Backend, Checked, Store,
    StoreError, Write, ASIDE_NEXT,
};
use crate::model::{RecordHeader, Summary};

/// A stored value that could not be read, kept aside exactly as found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptAside {
    /// Its key in the aside area (set on reading).
    #[serde(skip)]
    pub key: String,
    /// Where it was found ("games/abc", "localStorage chicken.roster").
    pub from: String,
    /// What it was ("Chickenfoot: Ann, Bob", "The roster").
    pub label: String,
    /// Why it could not be read.
    pub reason: String,
    /// The stored text exactly as it was.
    pub raw: String,
    /// When it was kept aside (ms since the epoch).
    #[serde(default)]
    pub at_ms: i64,
}

/// The sentence for a value kept aside.
pub(super) fn kept_aside_message(label: &str, reason: &str, key: &str) -> String {
    format!("{label} could not be read ({reason}). Its text was kept aside exactly as it was (item {key} under About, Kept aside), where it can be downloaded or deleted; everything else is fine.")
}

/// The sentence for a value a newer version wrote.
pub(super) fn newer_message(label: &str, schema: u32) -> String {
    format!("{label} was saved by a newer version of the app (schema {schema}) and is left exactly as it is. Reload the page to update the app.")
}

/// The next free key in the aside area, and the counter to store.
pub(super) fn next_aside(counter: Option<&String>) -> (String, Write) {
    let n = counter
        .and_then(|c| c.trim().parse::<u64>().ok())
        .unwrap_or(0)
        + 1;
    (
        n.to_string(),
        Write::put(Area::Meta, ASIDE_NEXT, n.to_string()),
    )
}

/// The writes that keep `raw` aside under a fresh key (never overwriting),
/// and that key.
pub(super) fn aside_writes(
    counter: Option<&String>,
    from: String,
    label: &str,
    reason: &str,
    raw: &str,
    at_ms: i64,
) -> (Vec<Write>, String) {
    let (key, bump) = next_aside(counter);
    let entry = KeptAside {
        key: String::new(),
        from,
        label: label.to_string(),
        reason: reason.to_string(),
        raw: raw.to_string(),
        at_ms,
    };
    let text = serde_json::to_string(&entry).unwrap_or_default();
    (
        vec![
            Write::Add {
                area: Area::Aside,
                key: key.clone(),
                text,
            },
            bump,
        ],
        key,
    )
}

impl<B: Backend> Store<B> {
    /// Keeps an unreadable summary aside and writes one rebuilt from the
    /// record's header (the score is shown again once the game is opened).
    pub(super) async fn repair_summary(
        &self,
        id: &str,
        text: &str,
        reason: &str,
    ) -> (String, Option<Summary>) {
        let now = (self.clock)();
        let id_s = id.to_string();
        let seen = text.to_string();
        let reason_s = reason.to_string();
        let result = self
            .backend
            .update(
                vec![
                    (Area::Summaries, id.to_string()),
                    (Area::Meta, ASIDE_NEXT.to_string()),
                    (Area::Games, id.to_string()),
                ],
                move |found| {
                    let [summary, counter, record] =
                        <[Option<String>; 3]>::try_from(found).unwrap_or([None, None, None]);
                    if summary.as_deref() != Some(seen.as_str()) {
                        return (Vec::new(), None); // changed meanwhile: leave it
                    }
                    let header = record.as_deref().and_then(|r| {
                        match check::<RecordHeader>(r, Some(&id_s), "a game") {
                            Checked::Good(h) => Some(h),
                            _ => None,
                        }
                    });
                    let label = header
                        .as_ref()
                        .map(|h| summary_from_header(h, now))
                        .map(|s| label_of(&s))
                        .unwrap_or_else(|| format!("A game's summary ({})", bounded(&id_s, 24)));
                    let (mut writes, key) = aside_writes(
                        counter.as_ref(),
                        format!("summaries/{id_s}"),
                        &format!("The summary of {label}"),
                        &reason_s,
                        &seen,
                        now,
                    );
                    let rebuilt = header.map(|h| summary_from_header(&h, now));
                    match &rebuilt {
                        Some(s) => writes.push(Write::Put {
                            area: Area::Summaries,
                            key: id_s.clone(),
                            text: serde_json::to_string(s).unwrap_or_default(),
                            order: Some(order_of(s)),
                        }),
                        None => writes.push(Write::delete(Area::Summaries, &id_s)),
                    }
                    (writes, Some((label, key, rebuilt)))
                },
            )
            .await;
        match result {
            Ok(Some((label, key, rebuilt))) => (
                kept_aside_message(&format!("The summary of {label}"), reason, &key),
                rebuilt,
            ),
            Ok(None) => (String::new(), None),
            Err(e) => (
                format!("A game's summary could not be read ({reason}) and could not be kept aside: {e}."),
                None,
            ),
        }
    }

    /// Keeps game `id`'s stored `text` aside because `reason` (it could not
    /// be read as its game), removes it from the lists, and says so.
    pub async fn set_aside_game(&self, id: &str, text: &str, reason: &str) -> String {
        let label = match self.backend.get(Area::Summaries, id).await {
            Ok(Some(s)) => match check::<Summary>(&s, Some(id), "a summary") {
                Checked::Good(s) => label_of(&s),
                _ => format!("A saved game ({})", bounded(id, 24)),
            },
            _ => format!("A saved game ({})", bounded(id, 24)),
        };
        match self.keep_aside(Area::Games, id, text, &label, reason).await {
            Ok(Some(key)) => kept_aside_message(&label, reason, &key),
            Ok(None) => "This game changed while it was being read; open it again.".into(),
            Err(e) => {
                format!("{label} could not be read ({reason}), and could not be kept aside: {e}.")
            }
        }
    }

    /// Moves `text`, found under `area/key`, aside (if it is still what is
    /// stored there). For a game its summary goes too. Returns the aside
    /// key, or `None` if the value changed meanwhile.
    pub async fn keep_aside(
        &self,
        area: Area,
        key: &str,
        text: &str,
        label: &str,
        reason: &str,
    ) -> Result<Option<String>, StoreError> {
        let now = (self.clock)();
        let (key_s, seen, label_s, reason_s) = (
            key.to_string(),
            text.to_string(),
            label.to_string(),
            reason.to_string(),
        );
        self.backend
            .update(
                vec![
                    (area, key.to_string()),
                    (Area::Meta, ASIDE_NEXT.to_string()),
                ],
                move |found| {
                    let mut found = found.into_iter();
                    let (current, counter) = (found.next().flatten(), found.next().flatten());
                    if current.as_deref() != Some(seen.as_str()) {
                        return (Vec::new(), None);
                    }
                    let (mut writes, aside) = aside_writes(
                        counter.as_ref(),
                        format!("{}/{key_s}", area.name()),
                        &label_s,
                        &reason_s,
                        &seen,
                        now,
                    );
                    writes.push(Write::delete(area, &key_s));
                    if area == Area::Games {
                        writes.push(Write::delete(Area::Summaries, &key_s));
                    }
                    (writes, Some(aside))
                },
            )
            .await
    }

    /// Keeps a text found outside the store (localStorage) aside.
    pub async fn keep_aside_text(
        &self,
        from: String,
        label: &str,
        reason: &str,
        raw: &str,
    ) -> Result<String, StoreError> {
        let now = (self.clock)();
        let (label, reason, raw) = (label.to_string(), reason.to_string(), raw.to_string());
        self.backend
            .update(vec![(Area::Meta, ASIDE_NEXT.to_string())], move |found| {
                let counter = found.into_iter().next().flatten();
                aside_writes(counter.as_ref(), from, &label, &reason, &raw, now)
            })
            .await
    }

    /// Everything kept aside, oldest first.
    pub async fn kept_aside(&self) -> Result<Vec<KeptAside>, StoreError> {
        let mut out: Vec<KeptAside> = self
            .backend
            .all(Area::Aside)
            .await?
            .into_iter()
            .map(|(key, raw)| {
                let q = serde_json::from_str::<KeptAside>(&raw).unwrap_or(KeptAside {
                    key: String::new(),
                    from: "?".into(),
                    label: "Something".into(),
                    reason: "its note could not be read".into(),
                    raw,
                    at_ms: 0,
                });
                KeptAside { key, ..q }
            })
            .collect();
        out.sort_by_key(|q| q.key.parse::<u64>().unwrap_or(u64::MAX));
        Ok(out)
    }

    /// Deletes a kept-aside value for good (the person chose to).
    pub async fn discard_aside(&self, key: &str) -> Result<(), StoreError> {
        let key = key.to_string();
        self.backend
            .update(Vec::new(), move |_| {
                (vec![Write::delete(Area::Aside, &key)], ())
            })
            .await
    }
}
