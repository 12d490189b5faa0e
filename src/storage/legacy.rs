//! The move from the localStorage release (schema 1): on the first start of
//! this version every game, its index line, the roster, drafts and values
//! kept aside are copied into the store, each one read back and compared,
//! and only then is the move marked done and the old keys removed (until
//! then they stay, so an interrupted move starts again and loses nothing).
//! A value already in the store is never replaced by its old copy. The
//! theme stays in localStorage (see `theme`).

use std::cell::RefCell;
use std::collections::BTreeMap;

use serde::Deserialize;

use super::{
    aside_writes, bounded, check, summary_from_header, Area, Backend, Checked, Store, Write,
    ASIDE_NEXT,
};
use crate::model::{Draft, DraftSlot, IndexV1, RecordHeader, SCHEMA_VERSION};

/// How many entries an old game holds (its entries are not read).
#[derive(serde::Deserialize)]
struct LogLength {
    #[serde(default)]
    log: Vec<serde::de::IgnoredAny>,
}

/// The old keys.
const OLD_INDEX: &str = "chicken.index";
const OLD_GAME: &str = "chicken.game.";
const OLD_DRAFT: &str = "chicken.draft.";
const OLD_ROSTER: &str = "chicken.roster";
const OLD_ASIDE: &str = "chicken.quarantine.";
/// The mark that the move is done.
pub const MIGRATED: &str = "migrated.v1";

/// The old release's key-value store (localStorage, or memory in tests).
pub trait Legacy {
    /// Every key.
    fn keys(&self) -> Vec<String>;
    /// The value under `key`.
    fn get(&self, key: &str) -> Option<String>;
    /// Removes `key`.
    fn remove(&self, key: &str);
}

/// A legacy store in memory, for tests.
#[derive(Debug, Default)]
pub struct MemoryLegacy(pub RefCell<BTreeMap<String, String>>);

impl Legacy for MemoryLegacy {
    fn keys(&self) -> Vec<String> {
        self.0.borrow().keys().cloned().collect()
    }
    fn get(&self, key: &str) -> Option<String> {
        self.0.borrow().get(key).cloned()
    }
    fn remove(&self, key: &str) {
        self.0.borrow_mut().remove(key);
    }
}

/// The browser's localStorage, if the page may use it.
pub struct LocalLegacy(web_sys::Storage);

impl LocalLegacy {
    /// localStorage, unless the browser refuses it.
    pub fn open() -> Option<LocalLegacy> {
        web_sys::window()?
            .local_storage()
            .ok()
            .flatten()
            .map(LocalLegacy)
    }
}

impl Legacy for LocalLegacy {
    fn keys(&self) -> Vec<String> {
        let n = self.0.length().unwrap_or(0);
        (0..n)
            .filter_map(|i| self.0.key(i).ok().flatten())
            .collect()
    }
    fn get(&self, key: &str) -> Option<String> {
        self.0.get_item(key).ok().flatten()
    }
    fn remove(&self, key: &str) {
        let _ = self.0.remove_item(key);
    }
}

/// A value kept aside by the old release.
#[derive(Deserialize)]
struct OldAside {
    from: String,
    label: String,
    reason: String,
    raw: String,
}

/// One value to copy, and where.
struct Copy {
    old_key: String,
    area: Area,
    key: String,
    text: String,
    order: Option<super::Order>,
}

/// What the move plans: values to copy, values to keep aside, old keys it
/// read (removed once the copies are verified).
#[derive(Default)]
struct Plan {
    copies: Vec<Copy>,
    aside: Vec<(String, String, String, String)>,
    old_keys: Vec<String>,
}

fn plan<L: Legacy>(legacy: &L, now: i64) -> Plan {
    let mut plan = Plan::default();
    let keys: Vec<String> = legacy
        .keys()
        .into_iter()
        .filter(|k| k.starts_with("chicken.") && k != "chicken.theme")
        .collect();
    // The old index gives each game its summary line.
    let mut lines = BTreeMap::new();
    if let Some(text) = legacy.get(OLD_INDEX) {
        match serde_json::from_str::<IndexV1>(&text) {
            Ok(ix) if ix.schema <= 1 => {
                for line in ix.games {
                    lines.insert(line.id.clone(), line);
                }
            }
            Ok(ix) => plan.aside.push((
                format!("localStorage {OLD_INDEX}"),
                "The list of games of the old release".into(),
                format!("it was saved by a newer version (schema {})", ix.schema),
                text,
            )),
            Err(e) => plan.aside.push((
                format!("localStorage {OLD_INDEX}"),
                "The list of games of the old release".into(),
                bounded(&format!("it could not be read ({e})"), 100),
                text,
            )),
        }
        plan.old_keys.push(OLD_INDEX.into());
    }
    for key in &keys {
        let Some(text) = legacy.get(key) else {
            continue;
        };
        if let Some(id) = key.strip_prefix(OLD_GAME) {
            let label = lines
                .get(id)
                .map(|l| super::label_of(&l.clone().upgrade()))
                .unwrap_or_else(|| format!("A saved game ({})", bounded(id, 24)));
            match check::<RecordHeader>(&text, Some(id), "a game") {
                Checked::Good(h) => {
                    let summary = lines
                        .get(id)
                        .map(|l| l.clone().upgrade())
                        .unwrap_or_else(|| summary_from_header(&h, now));
                    plan.copies.push(Copy {
                        old_key: key.clone(),
                        area: Area::Games,
                        key: id.to_string(),
                        text,
                        order: None,
                    });
                    plan.copies.push(Copy {
                        old_key: OLD_INDEX.into(),
                        area: Area::Summaries,
                        key: id.to_string(),
                        text: serde_json::to_string(&summary).unwrap_or_default(),
                        order: Some(super::order_of(&summary)),
                    });
                }
                Checked::Newer(s) => plan.aside.push((
                    format!("localStorage {key}"),
                    label,
                    format!("it was saved by a newer version (schema {s})"),
                    text,
                )),
                Checked::Broken(reason) => {
                    plan.aside
                        .push((format!("localStorage {key}"), label, reason, text))
                }
            }
            plan.old_keys.push(key.clone());
        } else if let Some(id) = key.strip_prefix(OLD_DRAFT) {
            // The old drafts were the entry form's own state, for the entry
            // after the game's last one.
            let at = legacy
                .get(&format!("{OLD_GAME}{id}"))
                .and_then(|game| serde_json::from_str::<LogLength>(&game).ok())
                .map_or(0, |g| g.log.len());
            let draft = Draft {
                entry: Some(DraftSlot { at, text }),
                ..Draft::new(id)
            };
            plan.copies.push(Copy {
                old_key: key.clone(),
                area: Area::Drafts,
                key: id.to_string(),
                text: serde_json::to_string(&draft).unwrap_or_default(),
                order: None,
            });
            plan.old_keys.push(key.clone());
        } else if key == OLD_ROSTER {
            plan.copies.push(Copy {
                old_key: key.clone(),
                area: Area::Meta,
                key: super::ROSTER.into(),
                text,
                order: None,
            });
            plan.old_keys.push(key.clone());
        } else if key.starts_with(OLD_ASIDE) {
            match serde_json::from_str::<OldAside>(&text) {
                Ok(q) => plan.aside.push((
                    format!("localStorage {}", bounded(&q.from, 60)),
                    q.label,
                    q.reason,
                    q.raw,
                )),
                Err(_) => plan.aside.push((
                    format!("localStorage {key}"),
                    "A value the old release kept aside".into(),
                    "its note could not be read".into(),
                    text,
                )),
            }
            plan.old_keys.push(key.clone());
        }
        // Other keys (a newer release's) are left exactly as they are.
    }
    plan
}

impl<B: Backend> Store<B> {
    /// Moves the localStorage release's values into the store, once.
    /// Returns problems to show (none when all went well).
    pub async fn migrate_v1<L: Legacy>(&self, legacy: &L) -> Vec<String> {
        match self.backend.get(Area::Meta, MIGRATED).await {
            Ok(Some(_)) => return Vec::new(),
            Ok(None) => {}
            Err(e) => return vec![format!("Saved games could not be read: {e}.")],
        }
        let now = (self.clock)();
        let plan = plan(legacy, now);
        let mut problems = Vec::new();
        if !plan.copies.is_empty() || !plan.aside.is_empty() {
            let copies: Vec<(Area, String, String, Option<super::Order>)> = plan
                .copies
                .iter()
                .map(|c| (c.area, c.key.clone(), c.text.clone(), c.order))
                .collect();
            let aside = plan.aside.clone();
            let mut reads: Vec<(Area, String)> =
                copies.iter().map(|(a, k, _, _)| (*a, k.clone())).collect();
            reads.push((Area::Meta, ASIDE_NEXT.to_string()));
            let written = self
                .backend
                .update(reads, move |found| {
                    let counter = found.last().cloned().flatten();
                    let mut writes = Vec::new();
                    // A value already here (another tab moved it, or it was
                    // saved since) is newer than its old copy: keep it.
                    for ((area, key, text, order), there) in copies.into_iter().zip(&found) {
                        if there.is_none() {
                            writes.push(Write::Put {
                                area,
                                key,
                                text,
                                order,
                            });
                        }
                    }
                    let first = counter
                        .as_deref()
                        .and_then(|c| c.trim().parse::<u64>().ok())
                        .unwrap_or(0);
                    for (n, (from, label, reason, raw)) in (first..).zip(aside) {
                        let c = n.to_string();
                        let (w, _) = aside_writes(Some(&c), from, &label, &reason, &raw, now);
                        writes.extend(w);
                    }
                    (writes, ())
                })
                .await;
            if let Err(e) = written {
                return vec![format!("The games saved by the previous version could not be moved to the new storage ({e}); they are safe where they were, and the move is tried again at the next start.")];
            }
            // Read every copy back before anything old is removed.
            for c in &plan.copies {
                let back = self.backend.get(c.area, &c.key).await;
                let ok = match &back {
                    Ok(Some(t)) => {
                        t == &c.text
                            || c.area != Area::Games
                            || matches!(check::<RecordHeader>(t, Some(&c.key), "a game"), Checked::Good(h) if h.rev > 0)
                    }
                    _ => false,
                };
                if !ok {
                    problems.push(format!("A value saved by the previous version ({}) could not be verified in the new storage; the old copy is kept and the move is tried again at the next start.", bounded(&c.old_key, 40)));
                }
            }
        }
        if !problems.is_empty() {
            return problems;
        }
        let mark = format!("{{\"schema\":{SCHEMA_VERSION},\"at_ms\":{now}}}");
        let marked = self
            .backend
            .update(Vec::new(), move |_| {
                (vec![Write::put(Area::Meta, MIGRATED, mark)], ())
            })
            .await;
        match marked {
            Ok(()) => {
                for k in &plan.old_keys {
                    legacy.remove(k);
                }
            }
            Err(e) => problems.push(format!(
                "The move from the previous version's storage could not be finished ({e}); it is tried again at the next start."
            )),
        }
        problems
    }
}
