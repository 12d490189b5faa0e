//! The backup file in and out of storage: [`Store::export`] writes every
//! game, night and the roster as one file ([`crate::model::backup`]'s
//! format); [`Store::plan_import`] compares a checked file with what is
//! here and says what an import would do, game by game; [`Store::import`]
//! does it in one transaction, only if nothing it would write changed
//! since the plan was made.

use std::collections::BTreeMap;

use super::{check, order_of, Area, Backend, Checked, Store, StoreError, Write, ROSTER};
use crate::model::backup::{
    check_game, decide, decide_night, new_names, Backup, CheckedGame, Verdict, BACKUP_APP,
    BACKUP_FORMAT,
};
use crate::model::{Night, Roster, Summary, SCHEMA_VERSION};

/// One game of a plan: what the file holds, what is here, what happens.
#[derive(Clone, Debug)]
pub struct PlannedGame {
    /// The game as the file holds it.
    pub game: CheckedGame,
    /// What the import does with it.
    pub verdict: Verdict,
    /// The id it is written under (a new one for a copy).
    pub write_id: String,
    /// The revision it is written at.
    pub write_rev: u64,
    /// What was stored under `write_id` when the plan was made.
    expected: Option<String>,
    /// When it was last saved (its summary's time).
    updated_ms: i64,
}

/// One night of a plan.
#[derive(Clone, Debug)]
pub struct PlannedNight {
    /// The night as the file holds it.
    pub night: Night,
    /// What the import does with it.
    pub verdict: Verdict,
    /// The id it is written under.
    pub write_id: String,
    expected: Option<String>,
}

/// What an import would do: shown as the preview, then done on "Import".
#[derive(Clone, Debug)]
pub struct Plan {
    /// Every game of the file.
    pub games: Vec<PlannedGame>,
    /// Every night of the file.
    pub nights: Vec<PlannedNight>,
    /// Players not yet in the roster here.
    pub new_players: Vec<String>,
    roster_expected: Option<String>,
    roster_after: Option<Roster>,
}

impl Plan {
    /// How many games get `v`.
    pub fn count(&self, v: Verdict) -> usize {
        self.games.iter().filter(|g| g.verdict == v).count()
    }

    /// The preview's first line: "12 games, 3 nights, 2 new players: 9
    /// new, 1 already here, 1 newer there, 1 kept as a copy".
    pub fn headline(&self) -> String {
        let mut parts = Vec::new();
        for (v, what) in [
            (Verdict::New, "new"),
            (Verdict::Same, "already here"),
            (Verdict::NewerThere, "newer there"),
            (Verdict::OlderThere, "older there (kept as here)"),
            (Verdict::Different, "changed on both (kept as a copy)"),
        ] {
            let n = self.count(v);
            if n > 0 {
                parts.push(format!("{n} {what}"));
            }
        }
        let mut line = format!(
            "{}, {}, {}",
            plural(self.games.len(), "game", "games"),
            plural(self.nights.len(), "night", "nights"),
            plural(self.new_players.len(), "new player", "new players"),
        );
        if !parts.is_empty() {
            line.push_str(": ");
            line.push_str(&parts.join(", "));
        }
        line
    }

    /// Whether the import would write anything.
    pub fn writes_anything(&self) -> bool {
        self.games.iter().any(|g| g.verdict.writes())
            || self.nights.iter().any(|n| n.verdict.writes())
            || self.roster_after.is_some()
    }
}

/// What an import wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Imported {
    /// Games added.
    pub added: usize,
    /// Games replaced by a newer copy.
    pub updated: usize,
    /// Games kept as a copy beside the one here.
    pub copied: usize,
    /// Games already here (the same, or newer here).
    pub unchanged: usize,
    /// Nights written.
    pub nights: usize,
    /// Players added to the roster.
    pub players: usize,
    /// (kind, id, rev) of every game written, to tell other tabs.
    pub written: Vec<(String, String, u64)>,
}

impl Imported {
    /// "Imported 3 new games, 1 update, 1 copy; 2 were already here; 1
    /// night, 2 players."
    pub fn message(&self) -> String {
        let mut parts = vec![plural(self.added, "new game", "new games")];
        if self.updated > 0 {
            parts.push(plural(self.updated, "newer copy", "newer copies"));
        }
        if self.copied > 0 {
            parts.push(plural(
                self.copied,
                "copy kept beside",
                "copies kept beside",
            ));
        }
        parts.push(plural(self.nights, "night", "nights"));
        parts.push(plural(self.players, "new player", "new players"));
        let mut text = format!("Imported {}.", parts.join(", "));
        if self.unchanged > 0 {
            text.push_str(&format!(
                " {} already here.",
                plural(self.unchanged, "game was", "games were")
            ));
        }
        text
    }
}

/// "1 night", "2 nights" (with the irregular plurals spelt out).
fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Why an import wrote nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// Something it would write changed since the preview.
    Changed,
    /// Storage failed.
    Failed(StoreError),
}

impl ImportError {
    /// The message for the person holding the phone.
    pub fn message(&self) -> String {
        match self {
            ImportError::Changed => "Nothing was imported: games on this phone changed since the preview (another tab?). Check the preview again.".into(),
            ImportError::Failed(StoreError::Full) => "Nothing was imported: the phone's storage for this app is full.".into(),
            ImportError::Failed(e) => format!("Nothing was imported: {e}."),
        }
    }
}

impl<B: Backend> Store<B> {
    /// Every game, game night and the roster as one backup file (the
    /// person asked for a copy: this is the one read of every record).
    /// Only texts that are JSON go in; what cannot be read stays here.
    pub async fn export(&self) -> Result<String, StoreError> {
        let games = self.backend.all(Area::Games).await?;
        let summaries = self.backend.all(Area::Summaries).await?;
        let nights = self.backend.all(Area::Nights).await?;
        let (roster, _) = self.roster().await;
        let json = |t: &str| serde_json::from_str::<serde::de::IgnoredAny>(t).is_ok();
        let updated: BTreeMap<String, i64> = summaries
            .iter()
            .filter_map(|(k, t)| match check::<Summary>(t, Some(k), "a summary") {
                Checked::Good(s) => Some((k.clone(), s.updated_ms)),
                _ => None,
            })
            .collect();
        let list = |rows: &[(String, String)]| {
            rows.iter()
                .filter(|(_, t)| json(t))
                .map(|(_, t)| t.as_str())
                .collect::<Vec<_>>()
                .join(",")
        };
        Ok(format!(
            "{{\"app\":\"{BACKUP_APP}\",\"format\":{BACKUP_FORMAT},\"exported_ms\":{},\"games\":[{}],\"updated_ms\":{},\"nights\":[{}],\"roster\":{}}}",
            (self.clock)(),
            list(&games),
            serde_json::to_string(&updated).unwrap_or_else(|_| "{}".into()),
            list(&nights),
            serde_json::to_string(&roster.names).unwrap_or_else(|_| "[]".into()),
        ))
    }

    /// What importing `backup` would do here, game by game (nothing is
    /// written). `new_id` makes ids for copies.
    pub async fn plan_import(
        &self,
        backup: Backup,
        mut new_id: impl FnMut() -> String,
    ) -> Result<Plan, StoreError> {
        let now = (self.clock)();
        let mut games = Vec::with_capacity(backup.games.len());
        for game in backup.games {
            let here_text = self.backend.get(Area::Games, &game.id).await?;
            let here = here_text.as_deref().map(|t| check_game(t).ok());
            let verdict = decide(here.as_ref().map(Option::as_ref), &game);
            let here_rev = here.flatten().map_or(0, |h| h.rev);
            let (write_id, write_rev, expected) = match verdict {
                Verdict::Different => {
                    let id = self.free_id(Area::Games, &mut new_id).await?;
                    (id, game.rev, None)
                }
                Verdict::NewerThere => (
                    game.id.clone(),
                    game.rev.max(here_rev.saturating_add(1)),
                    here_text,
                ),
                _ => (game.id.clone(), game.rev, here_text),
            };
            let updated_ms = backup
                .updated_ms
                .get(&game.id)
                .copied()
                .filter(|t| *t > 0 && *t <= now.max(1))
                .unwrap_or(game.created_ms);
            games.push(PlannedGame {
                game,
                verdict,
                write_id,
                write_rev,
                expected,
                updated_ms,
            });
        }
        let mut nights = Vec::with_capacity(backup.nights.len());
        for night in backup.nights {
            let here_text = self.backend.get(Area::Nights, &night.id).await?;
            let here = here_text
                .as_deref()
                .map(|t| serde_json::from_str::<Night>(t).ok());
            let verdict = decide_night(here.as_ref().map(Option::as_ref), &night);
            let (write_id, expected) = if verdict == Verdict::Different {
                (self.free_id(Area::Nights, &mut new_id).await?, None)
            } else {
                (night.id.clone(), here_text)
            };
            nights.push(PlannedNight {
                night,
                verdict,
                write_id,
                expected,
            });
        }
        let roster_expected = self.backend.get(Area::Meta, ROSTER).await?;
        let (roster, _) = self.roster().await;
        let new_players = new_names(&roster.names, &backup.roster);
        // A roster that cannot be read (or a newer one) is left as it is.
        let readable = roster_expected
            .as_deref()
            .is_none_or(|t| matches!(check::<Roster>(t, None, "a roster"), Checked::Good(_)));
        let roster_after = (!new_players.is_empty() && readable).then(|| Roster {
            schema: SCHEMA_VERSION,
            names: roster.names.iter().chain(&new_players).cloned().collect(),
        });
        Ok(Plan {
            games,
            nights,
            new_players,
            roster_expected,
            roster_after,
        })
    }

    /// An id `new_id` made that nothing in `area` has.
    async fn free_id(
        &self,
        area: Area,
        new_id: &mut impl FnMut() -> String,
    ) -> Result<String, StoreError> {
        let mut id = new_id();
        for _ in 0..8 {
            if self.backend.get(area, &id).await?.is_none() {
                break;
            }
            id = new_id();
        }
        Ok(id)
    }

    /// Does what `plan` says, in one transaction: every game with its
    /// summary, every night and the roster, or nothing if anything it
    /// would write changed since the plan was made.
    pub async fn import(&self, plan: &Plan) -> Result<Imported, ImportError> {
        let mut reads = Vec::new();
        let mut expected = Vec::new();
        let mut writes = Vec::new();
        let mut done = Imported::default();
        for g in &plan.games {
            match g.verdict {
                Verdict::New => done.added += 1,
                Verdict::NewerThere => done.updated += 1,
                Verdict::Different => done.copied += 1,
                Verdict::Same | Verdict::OlderThere => {
                    done.unchanged += 1;
                    continue;
                }
            }
            let Some((text, summary)) = g.game.written(&g.write_id, g.write_rev, g.updated_ms)
            else {
                return Err(ImportError::Changed);
            };
            reads.push((Area::Games, g.write_id.clone()));
            expected.push(g.expected.clone());
            writes.push(Write::put(Area::Games, &g.write_id, text));
            writes.push(Write::Put {
                area: Area::Summaries,
                key: g.write_id.clone(),
                text: serde_json::to_string(&summary).unwrap_or_default(),
                order: Some(order_of(&summary)),
            });
            done.written.push((
                g.game.kind.as_str().to_string(),
                g.write_id.clone(),
                g.write_rev,
            ));
        }
        for n in plan.nights.iter().filter(|n| n.verdict.writes()) {
            let night = Night {
                id: n.write_id.clone(),
                ..n.night.clone()
            };
            reads.push((Area::Nights, n.write_id.clone()));
            expected.push(n.expected.clone());
            writes.push(Write::put(
                Area::Nights,
                &n.write_id,
                serde_json::to_string(&night).unwrap_or_default(),
            ));
            done.nights += 1;
        }
        if let Some(r) = &plan.roster_after {
            reads.push((Area::Meta, ROSTER.to_string()));
            expected.push(plan.roster_expected.clone());
            writes.push(Write::put(
                Area::Meta,
                ROSTER,
                serde_json::to_string(r).unwrap_or_default(),
            ));
            done.players = plan.new_players.len();
        }
        let verdict = self
            .backend
            .update(reads, move |found| {
                if found != expected {
                    return (Vec::new(), Err(ImportError::Changed));
                }
                (writes, Ok(done))
            })
            .await
            .map_err(ImportError::Failed)?;
        verdict
    }
}
