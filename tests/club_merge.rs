//! Issue 52's proof: no save is ever dropped. Two or three phones of one
//! club, each a page (its stored game, the copy agreed with the club, its
//! saves in flight: the bridge's rules, `decide_synced`) and a worker (the
//! game's Automerge document: `write_save`, `put_rival`, `settle_at`),
//! with a server in between, run random interleavings of saves, edits,
//! undos and picks of the same and the next hands, the messages between
//! page and worker and the syncs with the server delivered in random order
//! and after random delays. Afterwards every phone syncs until quiet, and:
//!
//! - every value any phone said it saved (or kept for the table) is in the
//!   merged document, or a phone whose screen showed it replaced or
//!   removed it (a correction, an undo, the table's pick);
//! - every document is the same, and every phone's stored game is the
//!   club's table.

use std::collections::{HashSet, VecDeque};

use automerge::{Automerge, ReadDoc};
use chicken_club::game_doc::{self, entry_key};
use chicken_club::kept::heads_of;
use chicken_club::save::{settle_at, write_save, Save};
use chicken_scores::model::backup::check_game;
use chicken_scores::model::read_stored;
use chicken_scores::storage::synced::{decide_synced, Synced, Told};
use chicken_scores::storage::{Area, Write};
use proptest::prelude::*;

/// The game: Chickenfoot, Double-6, three players; at most 6 hands (the
/// seventh ends it, after which no hand is added).
const MAX_HANDS: usize = 6;

fn record(log: &[String], rev: u64) -> String {
    format!(
        r#"{{"schema":3,"id":"g1","rev":{rev},"kind":"chickenfoot","rules_version":1,"created_ms":1790000000000,"players":["Ann","Bob","Cy"],"settings":{{"chickenlittle":false,"double_blank":"50","highest_available":false,"set":"d6"}},"log":[{}]}}"#,
        log.join(",")
    )
}

/// Hand `n` (0..64): who went out and the others' pips, as the app writes it.
fn hand(n: u8) -> String {
    let out = usize::from(n % 3);
    let mut pips = [u32::from(n / 3 % 7) + 1, u32::from(n / 21) + 2, 0];
    pips.rotate_right(out + 1);
    pips[out] = 0;
    let typed = format!(
        r#"{{"left":[{{"pips":{}}},{{"pips":{}}},{{"pips":{}}}],"out":{out}}}"#,
        pips[0], pips[1], pips[2]
    );
    // As the app writes it (its fields in its order).
    log_of(&record(&[typed], 1)).remove(0)
}

fn log_of(text: &str) -> Vec<String> {
    check_game(text).map(|g| g.entries).unwrap_or_default()
}

fn rev_of(text: &str) -> u64 {
    read_stored(text).map(|h| h.rev).unwrap_or(0)
}

/// What a worker tells its page: the game as its document holds it.
#[derive(Clone, Debug)]
struct Told1 {
    seq: u64,
    record: String,
    heads: String,
    asked: Vec<(usize, Vec<String>)>,
}

/// What a page says to its worker.
#[derive(Clone, Debug)]
enum ToWorker {
    Saved {
        seq: u64,
        save: SaveMsg,
    },
    Rival {
        index: usize,
        value: String,
    },
    Settle {
        index: usize,
        value: String,
        at: String,
    },
}

#[derive(Clone, Debug)]
struct SaveMsg {
    before: Option<String>,
    record: String,
    at: Option<String>,
}

/// One phone: its page and its worker, and the messages between them.
struct Phone {
    // The page.
    stored: String,
    /// What the screen shows (read from `stored`, maybe a step behind).
    screen: String,
    base: Option<(String, String)>,
    known: Option<(String, Option<String>)>,
    sent: Option<(u64, Option<u64>)>,
    next_seq: u64,
    asked: Vec<(usize, Vec<String>)>,
    asked_at: String,
    /// Saves on disk not yet announced to the club (the moment between a
    /// save's commit and the bridge's hearing of it).
    unannounced: usize,
    /// Saves numbered, not yet read from storage and posted.
    numbered: VecDeque<u64>,
    /// Views heard, not yet kept (with what this page's saves they hold).
    to_keep: VecDeque<(Told1, Option<u64>)>,
    // The worker.
    doc: Automerge,
    own_heads: Option<Vec<automerge::ChangeHash>>,
    applied: u64,
    to_worker: VecDeque<ToWorker>,
    to_page: VecDeque<Told1>,
    online: bool,
}

/// A value said saved (or kept for the table): entry, value.
type Said = (usize, String);

struct Club {
    phones: Vec<Phone>,
    server: Automerge,
    said: Vec<Said>,
    /// Values a phone replaced or removed while its screen showed them.
    answered: HashSet<Said>,
}

impl Phone {
    /// Phone `actor` with the game's new document `doc`: phone 1 made it
    /// (its next save goes on from it), the others kept it from the club.
    fn new(doc: Automerge, actor: u8) -> Phone {
        let mut doc = doc;
        doc.set_actor(automerge::ActorId::from(vec![actor; 16]));
        let first = record(&[], 1);
        let made_here = actor == 1;
        let heads = heads_of(&doc);
        Phone {
            stored: first.clone(),
            screen: first.clone(),
            base: (!made_here).then(|| (first.clone(), heads)),
            known: made_here.then_some((first, None)),
            sent: None,
            next_seq: 1,
            asked: Vec::new(),
            asked_at: String::new(),
            unannounced: 0,
            numbered: VecDeque::new(),
            to_keep: VecDeque::new(),
            own_heads: made_here.then(|| doc.get_heads()),
            doc,
            applied: 0,
            to_worker: VecDeque::new(),
            to_page: VecDeque::new(),
            online: true,
        }
    }

    /// The worker tells the page the game as its document holds it.
    fn tell(&mut self) {
        let g = game_doc::read(&self.doc).expect("the document reads");
        self.to_page.push_back(Told1 {
            seq: self.applied,
            record: g.record,
            heads: heads_of(&self.doc),
            asked: g
                .conflicts
                .into_iter()
                .map(|c| (c.index, c.values))
                .collect(),
        });
    }

    /// The worker handles the page's next message.
    fn worker_step(&mut self) {
        let Some(msg) = self.to_worker.pop_front() else {
            return;
        };
        match msg {
            ToWorker::Saved { seq, save } => {
                let save = Save {
                    before: save.before,
                    record: save.record,
                    at: save.at,
                };
                if let Some(heads) = write_save(&mut self.doc, &save, self.own_heads.as_deref()) {
                    self.own_heads = Some(heads);
                }
                self.applied = self.applied.max(seq);
            }
            ToWorker::Rival { index, value } => {
                game_doc::put_rival(&mut self.doc, index, &value).unwrap()
            }
            ToWorker::Settle { index, value, at } => {
                settle_at(&mut self.doc, index, &value, Some(&at))
            }
        }
        self.tell();
    }

    /// Sends `stored` to the worker as the bridge does: an edit of what it
    /// last kept or sent.
    /// The number of the page's next save (the bridge numbers a save as it
    /// hears of it, and posts it once read from storage).
    fn number(&mut self) -> u64 {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.sent = Some((seq, None));
        seq
    }

    /// Posts the game as stored now, save `seq`, as an edit of what the
    /// page last kept or sent (else of the copy agreed with the club).
    fn post(&mut self, seq: u64, base: Option<(String, Option<String>)>) {
        let before = self.known.clone().or(base);
        let (before, at) = before.unzip();
        if let Some(sent) = self.sent.as_mut().filter(|(s, _)| *s == seq) {
            sent.1 = Some(rev_of(&self.stored));
        }
        self.known = Some((self.stored.clone(), None));
        self.to_worker.push_back(ToWorker::Saved {
            seq,
            save: SaveMsg {
                before,
                record: self.stored.clone(),
                at: at.flatten(),
            },
        });
    }

    /// The bridge hears of the page's saves: numbered now, posted once
    /// read ([`Step::Post`]).
    fn announce(&mut self) {
        if self.unannounced == 0 {
            return;
        }
        self.unannounced = 0;
        let seq = self.number();
        self.numbered.push_back(seq);
    }

    /// The bridge posts the oldest save it numbered.
    fn post_next(&mut self) {
        if let Some(seq) = self.numbered.pop_front() {
            let base = self.base.clone().map(|(b, at)| (b, Some(at)));
            self.post(seq, base);
        }
    }

    /// Delivers everything on its way inside the phone.
    fn drain(&mut self) {
        while self.busy() {
            self.announce();
            self.post_next();
            self.worker_step();
            self.page_step();
            self.keep_step();
        }
    }

    /// Whether anything is still on its way inside the phone.
    fn busy(&self) -> bool {
        self.unannounced > 0
            || !self.numbered.is_empty()
            || !self.to_keep.is_empty()
            || !self.to_worker.is_empty()
            || !self.to_page.is_empty()
    }

    /// The page keeps the worker's next view (the bridge and
    /// `decide_synced`).
    fn page_step(&mut self) {
        let Some(told) = self.to_page.pop_front() else {
            return;
        };
        if self.sent.is_some_and(|(seq, _)| told.seq < seq) {
            return;
        }
        self.asked = told.asked.clone();
        self.asked_at = told.heads.clone();
        let holds = self.sent.and_then(|(_, rev)| rev);
        self.to_keep.push_back((told, holds));
    }

    /// The page keeps the next view it heard, in the transaction that
    /// reads the copy here (`decide_synced`): maybe after saves made since.
    fn keep_step(&mut self) {
        let Some((told, holds)) = self.to_keep.pop_front() else {
            return;
        };
        let game = check_game(&told.record).expect("the club's game checks");
        let told_game = Told {
            game,
            heads: told.heads.clone(),
            holds,
        };
        let base = self
            .base
            .as_ref()
            .map(|(b, at)| (b.as_str(), Some(at.as_str())));
        let (writes, synced) = decide_synced(&told_game, Some(&self.stored), base, 0);
        let mut base_text = None;
        let mut base_at = None;
        for w in writes {
            if let Write::Put {
                area, key, text, ..
            } = w
            {
                match area {
                    Area::Games => self.stored = text,
                    Area::Meta if key.starts_with("club-base-at/") => base_at = Some(text),
                    Area::Meta => base_text = Some(text),
                    _ => {}
                }
            }
        }
        if let (Some(b), Some(a)) = (base_text, base_at) {
            self.base = Some((b, a));
        }
        match synced {
            // As the bridge: an edit of what it last kept or sent, else of
            // the copy agreed with the club.
            Synced::Unsent { base, at, .. } => {
                let seq = self.number();
                self.post(seq, base.map(|b| (b, at)));
            }
            _ => self.known = Some((told.record, Some(told.heads))),
        }
    }

    /// What the screen shows at entry `index`: its value and the values
    /// asked about there.
    fn shown_at(&self, index: usize) -> Vec<String> {
        let mut shown: Vec<String> = log_of(&self.screen)
            .get(index)
            .cloned()
            .into_iter()
            .collect();
        for (i, values) in &self.asked {
            if *i == index {
                shown.extend(values.iter().cloned());
            }
        }
        shown
    }
}

/// What a person does on a phone, or what the network does.
#[derive(Clone, Debug)]
enum Step {
    /// The person types hand `value` as the next hand and saves.
    Add { phone: usize, value: u8 },
    /// The person corrects hand `back` from the end.
    Correct {
        phone: usize,
        back: usize,
        value: u8,
    },
    /// The person undoes the last hand.
    Undo { phone: usize },
    /// The person picks the `choice`th value of the first question.
    Pick { phone: usize, choice: usize },
    /// The screen reads the stored game again.
    Refresh { phone: usize },
    /// The worker handles the page's next message.
    Worker { phone: usize },
    /// The page hears the worker's next view.
    Page { phone: usize },
    /// The bridge hears of the page's saves.
    Announce { phone: usize },
    /// The bridge posts a save it numbered.
    Post { phone: usize },
    /// The page keeps a view it heard.
    Keep { phone: usize },
    /// The phone sends its changes to the server.
    Up { phone: usize },
    /// The phone receives the server's changes.
    Down { phone: usize },
    /// The phone's network goes off or back on.
    Toggle { phone: usize },
}

fn step(phones: usize) -> impl Strategy<Value = Step> {
    let p = 0..phones;
    prop_oneof![
        3 => (p.clone(), 0u8..64).prop_map(|(phone, value)| Step::Add { phone, value }),
        1 => (p.clone(), 0usize..3, 0u8..64).prop_map(|(phone, back, value)| Step::Correct { phone, back, value }),
        1 => p.clone().prop_map(|phone| Step::Undo { phone }),
        1 => (p.clone(), 0usize..3).prop_map(|(phone, choice)| Step::Pick { phone, choice }),
        2 => p.clone().prop_map(|phone| Step::Refresh { phone }),
        4 => p.clone().prop_map(|phone| Step::Worker { phone }),
        4 => p.clone().prop_map(|phone| Step::Page { phone }),
        3 => p.clone().prop_map(|phone| Step::Announce { phone }),
        3 => p.clone().prop_map(|phone| Step::Post { phone }),
        3 => p.clone().prop_map(|phone| Step::Keep { phone }),
        3 => p.clone().prop_map(|phone| Step::Up { phone }),
        3 => p.clone().prop_map(|phone| Step::Down { phone }),
        1 => p.prop_map(|phone| Step::Toggle { phone }),
    ]
}

impl Club {
    fn new(n: usize) -> Club {
        // The game's document, made on phone 0 and known to all (joined).
        let mut doc = automerge::AutoCommit::new();
        game_doc::create(&mut doc, &record(&[], 1)).unwrap();
        let doc = doc.document().clone();
        let mut phones: Vec<Phone> = (0..n)
            .map(|i| Phone::new(doc.clone(), i as u8 + 1))
            .collect();
        for p in &mut phones {
            p.tell();
        }
        Club {
            phones,
            server: doc,
            said: Vec::new(),
            answered: HashSet::new(),
        }
    }

    /// Phone `i` saves `log` (its screen's log changed by the person), as
    /// the game screen does: refused if the stored game changed since the
    /// screen read it; then a new hand another phone's arrived before is
    /// kept beside it for the table (`arrived_first`).
    fn save(&mut self, i: usize, log: Vec<String>, changed: Option<usize>) {
        let p = &mut self.phones[i];
        let screen_log = log_of(&p.screen);
        if rev_of(&p.screen) != rev_of(&p.stored) {
            let appended = log.len() == screen_log.len() + 1 && log.starts_with(&screen_log);
            let stored = log_of(&p.stored);
            if let (true, Some(index)) = (appended, changed) {
                let mine = &log[index];
                match stored.get(index) {
                    Some(theirs) if theirs == mine => self.said.push((index, mine.clone())),
                    Some(_) => {
                        self.said.push((index, mine.clone()));
                        p.to_worker.push_back(ToWorker::Rival {
                            index,
                            value: mine.clone(),
                        });
                    }
                    None => {}
                }
            }
            p.screen = p.stored.clone();
            return;
        }
        // What the person replaced or removed, as the screen showed it.
        let touched: Vec<usize> = (0..screen_log.len().max(log.len()))
            .filter(|k| screen_log.get(*k) != log.get(*k) && *k < screen_log.len())
            .collect();
        for k in touched {
            for v in p.shown_at(k) {
                self.answered.insert((k, v));
            }
        }
        p.stored = record(&log, rev_of(&p.stored) + 1);
        p.screen = p.stored.clone();
        if let Some(index) = changed {
            self.said.push((index, log[index].clone()));
        }
        p.unannounced += 1;
    }

    fn run(&mut self, s: &Step) {
        match *s {
            Step::Add { phone, value } => {
                let mut log = log_of(&self.phones[phone].screen);
                if log.len() < MAX_HANDS {
                    let at = log.len();
                    log.push(hand(value));
                    self.save(phone, log, Some(at));
                }
            }
            Step::Correct { phone, back, value } => {
                let mut log = log_of(&self.phones[phone].screen);
                if let Some(at) = log.len().checked_sub(back + 1) {
                    if log[at] != hand(value) {
                        log[at] = hand(value);
                        self.save(phone, log, Some(at));
                    }
                }
            }
            Step::Undo { phone } => {
                let mut log = log_of(&self.phones[phone].screen);
                if log.pop().is_some() {
                    self.save(phone, log, None);
                }
            }
            Step::Pick { phone, choice } => {
                let p = &mut self.phones[phone];
                if let Some((index, values)) = p.asked.first().cloned() {
                    let value = values[choice % values.len()].clone();
                    for v in &values {
                        if *v != value {
                            self.answered.insert((index, v.clone()));
                        }
                    }
                    let at = p.asked_at.clone();
                    p.to_worker.push_back(ToWorker::Settle { index, value, at });
                }
            }
            Step::Refresh { phone } => {
                let p = &mut self.phones[phone];
                p.screen = p.stored.clone();
            }
            Step::Worker { phone } => self.phones[phone].worker_step(),
            Step::Page { phone } => self.phones[phone].page_step(),
            Step::Announce { phone } => self.phones[phone].announce(),
            Step::Post { phone } => self.phones[phone].post_next(),
            Step::Keep { phone } => self.phones[phone].keep_step(),
            Step::Up { phone } => {
                if self.phones[phone].online {
                    let mut doc = self.phones[phone].doc.clone();
                    self.server.merge(&mut doc).unwrap();
                }
            }
            Step::Down { phone } => {
                let p = &mut self.phones[phone];
                if p.online {
                    let before = p.doc.get_heads();
                    p.doc.merge(&mut self.server.clone()).unwrap();
                    if p.doc.get_heads() != before {
                        p.tell();
                    }
                }
            }
            Step::Toggle { phone } => {
                let p = &mut self.phones[phone];
                p.online = !p.online;
            }
        }
    }

    /// Everything delivered, every phone online, until nothing changes.
    fn settle(&mut self) {
        for p in &mut self.phones {
            p.online = true;
        }
        for _ in 0..100 {
            let before: Vec<_> = self.phones.iter().map(|p| p.doc.get_heads()).collect();
            for i in 0..self.phones.len() {
                self.phones[i].drain();
                self.run(&Step::Up { phone: i });
            }
            for i in 0..self.phones.len() {
                self.run(&Step::Down { phone: i });
                self.phones[i].drain();
            }
            let after: Vec<_> = self.phones.iter().map(|p| p.doc.get_heads()).collect();
            let same = after.windows(2).all(|w| w[0] == w[1]);
            if before == after && same {
                return;
            }
        }
        panic!("the club never settled");
    }

    /// The values the merged document holds at entry `index`.
    fn held(&self, index: usize) -> Vec<String> {
        let doc = &self.phones[0].doc;
        let (_, log) = doc.get(automerge::ROOT, "log").unwrap().unwrap();
        doc.get_all(&log, entry_key(index).as_str())
            .unwrap()
            .into_iter()
            .filter_map(|(v, _)| match v {
                automerge::Value::Scalar(s) => s.as_str().map(str::to_string),
                _ => None,
            })
            .collect()
    }
}

fn check(phones: usize, steps: &[Step]) -> Result<(), TestCaseError> {
    let mut club = Club::new(phones);
    for s in steps {
        club.run(s);
    }
    club.settle();
    // The same table everywhere.
    let merged = game_doc::read(&club.phones[0].doc).unwrap();
    let table = log_of(&merged.record);
    for (i, p) in club.phones.iter().enumerate() {
        prop_assert_eq!(
            heads_of(&p.doc),
            heads_of(&club.phones[0].doc),
            "phone {} has the same document",
            i
        );
        prop_assert_eq!(
            log_of(&p.stored),
            table.clone(),
            "phone {} shows the club's table",
            i
        );
        prop_assert_eq!(
            p.asked.clone(),
            merged
                .conflicts
                .iter()
                .map(|c| (c.index, c.values.clone()))
                .collect::<Vec<_>>(),
            "phone {} is asked what the club asks",
            i
        );
    }
    // Every value said saved is held, or was answered by someone who saw it.
    for (index, value) in &club.said {
        let held = club.held(*index).contains(value);
        prop_assert!(
            held || club.answered.contains(&(*index, value.clone())),
            "hand {} = {} was said saved, and is gone unanswered (held: {:?})",
            index + 1,
            value,
            club.held(*index)
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("CLUB_MERGE_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(10_000),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn no_save_is_ever_dropped_and_every_phone_ends_with_the_same_table(
        phones in 2usize..=3,
        steps in proptest::collection::vec(step(3), 1..40),
    ) {
        let steps: Vec<Step> = steps.into_iter().map(|s| within(s, phones)).collect();
        check(phones, &steps)?;
    }
}

/// `s` for a club of `phones` phones.
fn within(s: Step, phones: usize) -> Step {
    let p = |i: usize| i % phones;
    match s {
        Step::Add { phone, value } => Step::Add {
            phone: p(phone),
            value,
        },
        Step::Correct { phone, back, value } => Step::Correct {
            phone: p(phone),
            back,
            value,
        },
        Step::Undo { phone } => Step::Undo { phone: p(phone) },
        Step::Pick { phone, choice } => Step::Pick {
            phone: p(phone),
            choice,
        },
        Step::Refresh { phone } => Step::Refresh { phone: p(phone) },
        Step::Worker { phone } => Step::Worker { phone: p(phone) },
        Step::Page { phone } => Step::Page { phone: p(phone) },
        Step::Announce { phone } => Step::Announce { phone: p(phone) },
        Step::Post { phone } => Step::Post { phone: p(phone) },
        Step::Keep { phone } => Step::Keep { phone: p(phone) },
        Step::Up { phone } => Step::Up { phone: p(phone) },
        Step::Down { phone } => Step::Down { phone: p(phone) },
        Step::Toggle { phone } => Step::Toggle { phone: p(phone) },
    }
}

/// The issue's own walk: both online, phone 1's hand reaches phone 0's
/// worker before phone 0's own save of that hand does.
#[test]
fn the_issues_walk_keeps_both_hands() {
    use Step::*;
    let steps = [
        Add { phone: 1, value: 3 },
        Announce { phone: 1 },
        Post { phone: 1 },
        Worker { phone: 1 },
        Up { phone: 1 },
        Add {
            phone: 0,
            value: 40,
        },
        Down { phone: 0 },
        Worker { phone: 0 },
        Page { phone: 0 },
        Keep { phone: 0 },
    ];
    check(2, &steps).unwrap();
}
