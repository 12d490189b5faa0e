//! Game nights in storage (`nights/<id>`), and every game's summary at
//! once for the records pages. A night is saved like a game: a save names
//! the revision it was based on and is refused if what is stored is not
//! that revision; a night a newer version wrote is never overwritten.
//! Each change is one transaction.

use super::aside::{kept_aside_message, newer_message};
use super::{check, Area, Backend, Checked, SaveError, Store, StoreError, Write};
use crate::model::{Night, Summary, NIGHT_NAME_MAX, SCHEMA_VERSION};

impl<B: Backend> Store<B> {
    /// Every readable night, latest started first, for home's card: an
    /// unreadable one is skipped here (the Game nights page reports it and
    /// keeps it aside), so the first load carries none of that.
    pub async fn nights_brief(&self) -> Vec<Night> {
        let mut nights = Vec::new();
        for (key, text) in self.backend.all(Area::Nights).await.unwrap_or_default() {
            if let Checked::Good(n) = check::<Night>(&text, Some(&key), "a game night") {
                crate::stats::night::insert_by(&mut nights, n, |a: &Night, b: &Night| {
                    (a.started_ms, &a.id) > (b.started_ms, &b.id)
                });
            }
        }
        nights
    }

    /// Every stored night, latest started first, and problems found (a
    /// night that cannot be read is kept aside; one a newer version wrote
    /// is left as it is and not listed).
    pub async fn nights(&self) -> (Vec<Night>, Vec<String>) {
        let mut problems = Vec::new();
        let rows = match self.backend.all(Area::Nights).await {
            Ok(rows) => rows,
            Err(e) => {
                return (
                    Vec::new(),
                    vec![format!("Game nights could not be read: {e}.")],
                )
            }
        };
        let mut nights = Vec::new();
        for (key, text) in rows {
            match check::<Night>(&text, Some(&key), "a game night") {
                Checked::Good(n) => crate::stats::night::insert_by(&mut nights, n, |a, b| {
                    (a.started_ms, &a.id) > (b.started_ms, &b.id)
                }),
                Checked::Newer(schema) => problems.push(newer_message("A game night", schema)),
                Checked::Broken(reason) => {
                    let label = "A game night";
                    let msg = match self.keep_aside(Area::Nights, &key, &text, label, &reason).await {
                        Ok(Some(k)) => kept_aside_message(label, &reason, &k),
                        Ok(None) => String::new(),
                        Err(e) => format!("{label} could not be read ({reason}), and could not be kept aside: {e}."),
                    };
                    problems.push(msg);
                }
            }
        }
        (nights, problems)
    }

    /// Starts a night named `name` (empty: it shows its date) at
    /// `started_ms` (now, or the earlier game of a suggested night); a
    /// name longer than [`NIGHT_NAME_MAX`] letters is cut.
    /// Its id comes from the start and the clock; if that id is taken
    /// nothing is written ([`SaveError::Conflict`]).
    pub async fn start_night(&self, name: &str, started_ms: i64) -> Result<Night, SaveError> {
        let now = (self.clock)();
        let night = Night {
            schema: SCHEMA_VERSION,
            id: format!(
                "{}-{}",
                crate::model::base36(started_ms.max(0) as u64),
                crate::model::base36(now.max(0) as u64)
            ),
            rev: 1,
            name: name.trim().chars().take(NIGHT_NAME_MAX).collect(),
            started_ms,
            ended_ms: None,
            left_out: Vec::new(),
            updated_ms: now,
        };
        self.write_night(night, None).await
    }

    /// Saves `night`, a changed copy of revision `night.rev` (renamed, a
    /// game taken out, ended): it is written as the next revision, unless
    /// what is stored is not revision `night.rev` (another tab changed it:
    /// [`SaveError::Conflict`]), is gone ([`SaveError::Gone`]) or was
    /// written by a newer version ([`SaveError::Newer`]). Returns what was
    /// saved.
    pub async fn save_night(&self, night: &Night) -> Result<Night, SaveError> {
        let base = night.rev;
        let next = Night {
            schema: SCHEMA_VERSION,
            rev: base + 1,
            updated_ms: (self.clock)(),
            ..night.clone()
        };
        self.write_night(next, Some(base)).await
    }

    /// Writes `night` over revision `base` (`None`: the id must be free).
    async fn write_night(&self, night: Night, base: Option<u64>) -> Result<Night, SaveError> {
        let text = serde_json::to_string(&night).map_err(|e| {
            SaveError::Failed(StoreError::Refused(super::bounded(&e.to_string(), 60)))
        })?;
        let id = night.id.clone();
        let verdict = self
            .backend
            .update(vec![(Area::Nights, id.clone())], move |found| {
                let stored = found.into_iter().next().flatten();
                let allowed = match (stored, base) {
                    (None, None) => Ok(()),
                    (None, Some(_)) => Err(SaveError::Gone),
                    (Some(_), None) => Err(SaveError::Conflict),
                    (Some(t), Some(b)) => match check::<Night>(&t, Some(&id), "a game night") {
                        Checked::Good(n) if n.rev == b => Ok(()),
                        Checked::Newer(_) => Err(SaveError::Newer),
                        _ => Err(SaveError::Conflict),
                    },
                };
                match allowed {
                    Ok(()) => (vec![Write::put(Area::Nights, &id, text)], Ok(night)),
                    Err(e) => (Vec::new(), Err(e)),
                }
            })
            .await?;
        verdict
    }

    /// Every game's summary (finished or not), for the players and nights
    /// pages, and problems found. An unreadable summary is repaired as the
    /// lists do; one a newer version wrote is left out.
    pub async fn all_summaries(&self) -> (Vec<Summary>, Vec<String>) {
        let mut out = Vec::new();
        let mut problems = Vec::new();
        let rows = match self.backend.all(Area::Summaries).await {
            Ok(rows) => rows,
            Err(e) => return (out, vec![format!("Saved games could not be read: {e}.")]),
        };
        for (key, text) in rows {
            match check::<Summary>(&text, Some(&key), "a game's summary") {
                Checked::Good(s) => out.push(s),
                Checked::Newer(schema) => problems.push(newer_message(
                    &format!("A game ({})", super::bounded(&key, 24)),
                    schema,
                )),
                Checked::Broken(reason) => {
                    let (msg, rebuilt) = self.repair_summary(&key, &text, &reason).await;
                    problems.push(msg);
                    out.extend(rebuilt);
                }
            }
        }
        (out, problems)
    }
}
