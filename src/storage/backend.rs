//! Where the storage layer keeps its values: six areas of JSON texts under
//! string keys. Reads are single values, or summaries a page at a time
//! through an index on (finished, update time); every write happens in a
//! transaction that reads what it needs, decides, and writes, all or
//! nothing, and is on disk when it returns `Ok` (IndexedDB with durability
//! "strict" in the browser; a draft's lighter, [`Scope::Light`]);
//! [`MemoryBackend`] for native tests and for browsers that refuse
//! storage. Failures are typed ([`StoreError`], [`ReadError`]).

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;

/// A storage failure, as a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The phone's storage for this app is full (the browser's quota).
    Full,
    /// Another tab holds the database open under an older version of the
    /// app and would not let go.
    Blocked,
    /// There is no storage to use (no IndexedDB, or it would not open:
    /// why, bounded).
    Unavailable(String),
    /// The browser refused (its error name, bounded).
    Refused(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Full => f.write_str("the phone's storage for this app is full"),
            StoreError::Blocked => {
                f.write_str("another tab keeps an older version of the app open; close it")
            }
            StoreError::Unavailable(why) => {
                write!(f, "this browser gives the app no storage ({why})")
            }
            StoreError::Refused(why) => write!(f, "the browser refused ({why})"),
        }
    }
}

/// Why a stored value could not be used. The app decides from the kind;
/// the sentence is only shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// Nothing is stored there (a game deleted, or never on this phone).
    Missing,
    /// A newer version of the app wrote it (its schema): left exactly as
    /// it is, and never overwritten.
    Newer(u32),
    /// It could not be read: the sentence saying what became of it (kept
    /// aside, or why not).
    Corrupt(String),
    /// Storage failed.
    Failed(StoreError),
}

impl From<StoreError> for ReadError {
    fn from(e: StoreError) -> Self {
        ReadError::Failed(e)
    }
}

/// The areas values live in (IndexedDB object stores).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Area {
    /// One game record per id.
    Games,
    /// One summary per id, indexed by (finished, update time).
    Summaries,
    /// One draft per game id.
    Drafts,
    /// The roster, the migration mark, the kept-aside counter.
    Meta,
    /// Values that could not be read, kept exactly as found.
    Aside,
    /// One game night per id ([`crate::model::Night`]).
    Nights,
}

impl Area {
    /// Every area.
    pub const ALL: [Area; 6] = [
        Area::Games,
        Area::Summaries,
        Area::Drafts,
        Area::Meta,
        Area::Aside,
        Area::Nights,
    ];

    /// Its name (the object store's).
    pub fn name(self) -> &'static str {
        match self {
            Area::Games => "games",
            Area::Summaries => "summaries",
            Area::Drafts => "drafts",
            Area::Meta => "meta",
            Area::Aside => "aside",
            Area::Nights => "nights",
        }
    }
}

/// Where a summary sorts in the lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Order {
    /// Finished games are listed apart from games in progress.
    pub finished: bool,
    /// Most recently saved first.
    pub updated_ms: i64,
}

/// One write of a transaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Write {
    /// Stores `text` under `key`, replacing what is there. Summaries carry
    /// their `order`.
    Put {
        /// The area.
        area: Area,
        /// The key.
        key: String,
        /// The JSON text.
        text: String,
        /// Where a summary sorts.
        order: Option<Order>,
    },
    /// Stores `text` under `key`, which must be free: if it is taken the
    /// whole transaction fails (kept-aside values are never overwritten).
    Add {
        /// The area.
        area: Area,
        /// The key.
        key: String,
        /// The JSON text.
        text: String,
    },
    /// Removes `key`.
    Delete {
        /// The area.
        area: Area,
        /// The key.
        key: String,
    },
}

impl Write {
    /// A put without an order.
    pub fn put(area: Area, key: &str, text: String) -> Write {
        Write::Put {
            area,
            key: key.to_string(),
            text,
            order: None,
        }
    }

    /// A delete.
    pub fn delete(area: Area, key: &str) -> Write {
        Write::Delete {
            area,
            key: key.to_string(),
        }
    }
}

/// Which areas a transaction may touch, and how its commit is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Every area, committed durably (on disk before it is done): games,
    /// summaries, nights, the roster, players.
    Durable,
    /// A draft: the drafts area with the aside area and the meta counter
    /// (a broken draft is kept aside first), committed without waiting for
    /// the disk. What was typed is also in localStorage until the write is
    /// done (`pending`), so a crash loses nothing.
    Light,
}

impl Scope {
    /// The areas it may touch.
    pub fn areas(self) -> &'static [Area] {
        match self {
            Scope::Durable => &Area::ALL,
            Scope::Light => &[Area::Drafts, Area::Meta, Area::Aside],
        }
    }
}

/// A place to keep values. Futures here are driven by the browser's event
/// loop (or complete at once in memory); none is `Send`.
#[allow(async_fn_in_trait)]
pub trait Backend {
    /// The text under `key` in `area`, if any.
    async fn get(&self, area: Area, key: &str) -> Result<Option<String>, StoreError>;

    /// Summaries of finished (or in-progress) games, most recently saved
    /// first, skipping `skip`, at most `limit`: (key, text) pairs.
    async fn summaries(
        &self,
        finished: bool,
        skip: usize,
        limit: usize,
    ) -> Result<Vec<(String, String)>, StoreError>;

    /// How many summaries of finished (or in-progress) games there are.
    async fn count(&self, finished: bool) -> Result<usize, StoreError>;

    /// Every key and text of `area` (for small areas, or on request).
    async fn all(&self, area: Area) -> Result<Vec<(String, String)>, StoreError>;

    /// Every key of `area`, read only (no value is read).
    async fn all_keys(&self, area: Area) -> Result<Vec<String>, StoreError>;

    /// Every key of `area` that starts with `prefix`, with its text, read
    /// in one request.
    async fn prefixed(&self, area: Area, prefix: &str)
        -> Result<Vec<(String, String)>, StoreError>;

    /// One transaction: reads `reads`, calls `decide` with what it found
    /// (in order), applies the writes it returns, all or nothing, and
    /// returns once they are durable. With no writes nothing changes. (Not
    /// generic, so its body is compiled once: see [`Backend::update`].)
    /// Only the areas of `scope` may be read or written.
    async fn transact(
        &self,
        scope: Scope,
        reads: Vec<(Area, String)>,
        decide: Decide,
    ) -> Result<(), StoreError>;

    /// [`Backend::transact`] over every area, durably, with a verdict:
    /// `decide` returns the writes and what to answer.
    async fn update<T: 'static>(
        &self,
        reads: Vec<(Area, String)>,
        decide: impl FnOnce(Vec<Option<String>>) -> (Vec<Write>, T) + 'static,
    ) -> Result<T, StoreError> {
        self.update_in(Scope::Durable, reads, decide).await
    }

    /// [`Backend::update`] within `scope`.
    async fn update_in<T: 'static>(
        &self,
        scope: Scope,
        reads: Vec<(Area, String)>,
        decide: impl FnOnce(Vec<Option<String>>) -> (Vec<Write>, T) + 'static,
    ) -> Result<T, StoreError> {
        let verdict: Rc<RefCell<Option<T>>> = Rc::new(RefCell::new(None));
        let out = verdict.clone();
        self.transact(
            scope,
            reads,
            Box::new(move |found| {
                let (writes, v) = decide(found);
                *out.borrow_mut() = Some(v);
                writes
            }),
        )
        .await?;
        let v = verdict.borrow_mut().take();
        v.ok_or_else(|| StoreError::Refused("the transaction ended early".into()))
    }
}

/// A transaction's decision: given what its reads found, the writes.
pub type Decide = Box<dyn FnOnce(Vec<Option<String>>) -> Vec<Write>>;

/// A stored text and, for a summary, where it sorts.
type Stored = (String, Option<Order>);

/// Values in memory: nothing survives a reload. `full` makes writes fail
/// as a full disk would; the counters let tests see what was read.
#[derive(Debug, Default)]
pub struct MemoryBackend {
    map: RefCell<BTreeMap<(Area, String), Stored>>,
    /// When true, every transaction with writes fails (storage full).
    pub full: Cell<bool>,
    /// How many values reads have returned.
    pub values_read: Cell<usize>,
    /// How many writes transactions have applied.
    pub writes: Cell<usize>,
    /// How many transactions were light ([`Scope::Light`]).
    pub light: Cell<usize>,
}

impl MemoryBackend {
    /// Sets a value directly, as a broken or foreign writer would.
    pub fn poke(&self, area: Area, key: &str, text: &str) {
        let order = self
            .map
            .borrow()
            .get(&(area, key.to_string()))
            .and_then(|(_, o)| *o);
        self.map
            .borrow_mut()
            .insert((area, key.to_string()), (text.to_string(), order));
    }

    /// The value under `key`, without counting it as read.
    pub fn peek(&self, area: Area, key: &str) -> Option<String> {
        self.map
            .borrow()
            .get(&(area, key.to_string()))
            .map(|(t, _)| t.clone())
    }

    /// Every key in `area`.
    pub fn keys(&self, area: Area) -> Vec<String> {
        self.map
            .borrow()
            .keys()
            .filter(|(a, _)| *a == area)
            .map(|(_, k)| k.clone())
            .collect()
    }

    fn counted<T>(&self, n: usize, value: T) -> T {
        self.values_read.set(self.values_read.get() + n);
        value
    }
}

impl Backend for MemoryBackend {
    async fn get(&self, area: Area, key: &str) -> Result<Option<String>, StoreError> {
        let v = self.peek(area, key);
        Ok(self.counted(usize::from(v.is_some()), v))
    }

    async fn summaries(
        &self,
        finished: bool,
        skip: usize,
        limit: usize,
    ) -> Result<Vec<(String, String)>, StoreError> {
        let map = self.map.borrow();
        let mut rows: Vec<(i64, &String, &String)> = map
            .iter()
            .filter(|((a, _), (_, o))| {
                *a == Area::Summaries && o.is_some_and(|o| o.finished == finished)
            })
            .map(|((_, k), (t, o))| (o.map(|o| o.updated_ms).unwrap_or(0), k, t))
            .collect();
        rows.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
        let out: Vec<(String, String)> = rows
            .into_iter()
            .skip(skip)
            .take(limit)
            .map(|(_, k, t)| (k.clone(), t.clone()))
            .collect();
        Ok(self.counted(out.len(), out))
    }

    async fn all_keys(&self, area: Area) -> Result<Vec<String>, StoreError> {
        Ok(self.keys(area))
    }

    async fn prefixed(
        &self,
        area: Area,
        prefix: &str,
    ) -> Result<Vec<(String, String)>, StoreError> {
        let out: Vec<(String, String)> = self
            .map
            .borrow()
            .iter()
            .filter(|((a, k), _)| *a == area && k.starts_with(prefix))
            .map(|((_, k), (t, _))| (k.clone(), t.clone()))
            .collect();
        Ok(self.counted(out.len(), out))
    }

    async fn count(&self, finished: bool) -> Result<usize, StoreError> {
        Ok(self
            .map
            .borrow()
            .iter()
            .filter(|((a, _), (_, o))| {
                *a == Area::Summaries && o.is_some_and(|o| o.finished == finished)
            })
            .count())
    }

    async fn all(&self, area: Area) -> Result<Vec<(String, String)>, StoreError> {
        let out: Vec<(String, String)> = self
            .map
            .borrow()
            .iter()
            .filter(|((a, _), _)| *a == area)
            .map(|((_, k), (t, _))| (k.clone(), t.clone()))
            .collect();
        Ok(self.counted(out.len(), out))
    }

    async fn transact(
        &self,
        scope: Scope,
        reads: Vec<(Area, String)>,
        decide: Decide,
    ) -> Result<(), StoreError> {
        if reads.iter().any(|(a, _)| !scope.areas().contains(a)) {
            return Err(StoreError::Refused("a read outside the transaction".into()));
        }
        let found: Vec<Option<String>> = reads.iter().map(|(a, k)| self.peek(*a, k)).collect();
        self.counted(found.iter().flatten().count(), ());
        let writes = decide(found);
        if scope == Scope::Light {
            self.light.set(self.light.get() + 1);
        }
        if writes.is_empty() {
            return Ok(());
        }
        let area_of = |w: &Write| match w {
            Write::Put { area, .. } | Write::Add { area, .. } | Write::Delete { area, .. } => *area,
        };
        if writes.iter().any(|w| !scope.areas().contains(&area_of(w))) {
            return Err(StoreError::Refused(
                "a write outside the transaction".into(),
            ));
        }
        if self.full.get() {
            return Err(StoreError::Full);
        }
        // All or nothing: apply to a copy, then swap it in.
        let mut next = self.map.borrow().clone();
        for w in &writes {
            match w {
                Write::Put {
                    area,
                    key,
                    text,
                    order,
                } => {
                    next.insert((*area, key.clone()), (text.clone(), *order));
                }
                Write::Add { area, key, text } => {
                    if next.contains_key(&(*area, key.clone())) {
                        return Err(StoreError::Refused("ConstraintError".into()));
                    }
                    next.insert((*area, key.clone()), (text.clone(), None));
                }
                Write::Delete { area, key } => {
                    next.remove(&(*area, key.clone()));
                }
            }
        }
        *self.map.borrow_mut() = next;
        self.writes.set(self.writes.get() + writes.len());
        Ok(())
    }
}

/// Runs a future that never waits on anything outside it (the memory
/// backend's) to its end: for native tests.
pub fn block_on<F: std::future::Future>(f: F) -> F::Output {
    let mut f = std::pin::pin!(f);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(v) = f.as_mut().poll(&mut cx) {
            return v;
        }
    }
}
