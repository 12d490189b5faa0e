//! Finished games at rest (issue 53): a page opened again does not sync
//! every finished game the club ever played. A finished game the app
//! holds as the server does rests in storage while the club's line of it
//! is not written again; it wakes when opened, when changed here, or when
//! another phone changes it. Scenarios, and a property over random orders
//! of corrections, reloads, lost connections and openings: every phone's
//! app ends holding every game as the server holds it.

mod club_net;

use std::collections::HashMap;

use chicken_club::message::{FromWorker, ToWorker};
use chicken_club::{archive_doc, club_doc, game_doc};
use club_net::*;
use proptest::prelude::*;
use samod_core::{AutomergeUrl, DocumentId};

/// A finished game's line in the club's list (its save time `v`).
fn finished_line(id: &str, v: u64) -> String {
    format!(r#"{{"finished":true,"id":"{id}","v":{v}}}"#)
}

/// Entry `entry` of `record`, its first player's pips set to `pips`.
fn corrected(record: &str, entry: usize, pips: u64) -> String {
    let mut v: serde_json::Value = serde_json::from_str(record).unwrap();
    v["log"][entry]["left"][0]["pips"] = serde_json::Value::from(pips);
    serde_json::to_string(&v).unwrap()
}

fn log_of(record: &str) -> serde_json::Value {
    serde_json::from_str::<serde_json::Value>(record).unwrap()["log"].clone()
}

/// A club on `phones` phones: `finished` finished games and one in
/// progress, saved on the first, every app holding every game as told.
struct Table {
    net: Net,
    url: String,
    games: Vec<String>,
    /// Per phone, what its app holds of each game: record, heads.
    app: Vec<HashMap<String, (String, String)>>,
    /// Per phone, the messages taken into `app` so far.
    seen: Vec<usize>,
    seq: u64,
    seed: u64,
}

impl Table {
    fn new(phones: usize, finished: usize) -> Table {
        let mut net = Net::new(phones);
        net.start(0, None, Some("Thursdays"));
        let (url, ..) = net.club(0).expect("the club is made");
        for i in 1..phones {
            net.start(i, Some(url.clone()), None);
        }
        let full = record();
        let mut table = Table {
            net,
            url,
            games: Vec::new(),
            app: vec![HashMap::new(); phones],
            seen: vec![0; phones],
            seq: 0,
            seed: 500,
        };
        for n in 0..finished {
            let id = format!("game-{n}");
            table.save(0, &id, None, game_called(&full, &id, 7));
            let line = finished_line(&id, 1);
            table.net.say(
                0,
                ToWorker::Listed {
                    id: id.clone(),
                    line,
                },
            );
            table.games.push(id);
        }
        table.save(0, "live", None, game_called(&full, "live", 2));
        let line = r#"{"finished":false,"id":"live"}"#.to_string();
        table.net.say(
            0,
            ToWorker::Listed {
                id: "live".into(),
                line,
            },
        );
        table.net.a_moment();
        for i in 0..phones {
            table.keep_all(i);
        }
        table
    }

    fn save(&mut self, i: usize, id: &str, before: Option<(String, String)>, record: String) {
        self.seq += 1;
        let (before, at) = before.map_or((None, None), |(r, h)| (Some(r), Some(h)));
        self.net.say(
            i,
            ToWorker::Saved {
                seq: self.seq,
                id: id.to_string(),
                before,
                record,
                at,
            },
        );
    }

    /// Takes what phone `i`'s app was told since, as the app does.
    fn absorb(&mut self, i: usize) {
        let told = &self.net.phones[i].told;
        for m in &told[self.seen[i].min(told.len())..] {
            if let FromWorker::Game {
                id,
                record,
                asked,
                heads,
                ..
            } = m
            {
                if asked.is_empty() {
                    self.app[i].insert(id.clone(), (record.clone(), heads.clone()));
                }
            }
        }
        self.seen[i] = told.len();
    }

    /// Phone `i`'s app keeps every game as it was last told it.
    fn keep_all(&mut self, i: usize) {
        self.absorb(i);
        let mut last = HashMap::new();
        for m in &self.net.phones[i].told {
            if let FromWorker::Game { id, at, .. } = m {
                last.insert(id.clone(), at.clone());
            }
        }
        for (id, at) in last {
            if let Some(at) = at {
                self.net.say(i, ToWorker::Kept { id, at });
            }
        }
    }

    /// Phone `i` corrects entry `i` of game `id` (each phone its own
    /// entry: no two phones write one value); `listed`: its app writes
    /// the game's new line after it (a page closed first does not).
    fn correct(&mut self, i: usize, id: &str, pips: u64, listed: bool) {
        let Some((record, heads)) = self.app[i].get(id).cloned() else {
            return;
        };
        let new = corrected(&record, i, pips);
        self.app[i].insert(id.to_string(), (new.clone(), heads.clone()));
        self.save(i, id, Some((record, heads)), new);
        if listed {
            let line = finished_line(id, self.seq);
            self.net.say(
                i,
                ToWorker::Listed {
                    id: id.into(),
                    line,
                },
            );
        }
        self.absorb(i);
    }

    /// Phone `i`'s page opened again, online or not.
    fn restart(&mut self, i: usize, online: bool) {
        self.absorb(i);
        self.seed += 1;
        let again = restarted(&mut self.net, i, self.seed, self.url.clone());
        self.net.phones[i] = again;
        self.seen[i] = 0;
        self.net.settle();
        if online {
            self.net.online(i);
        }
    }

    /// A new phone joins the club and its app keeps what it is told;
    /// its index.
    fn join(&mut self) -> usize {
        self.seed += 1;
        let name = format!("phone-{}", self.app.len());
        let i = self.net.join_third(&name, self.seed, &self.url.clone());
        self.app.push(HashMap::new());
        self.seen.push(0);
        self.net.a_moment();
        self.keep_all(i);
        self.net.a_moment();
        i
    }

    /// The archives the server's club names.
    fn archives_on_server(&self) -> Vec<DocumentId> {
        let club = self.club_doc();
        let read = self.net.server.engine.read(&club, club_doc::read);
        let read = read.unwrap().unwrap();
        read.archives
            .iter()
            .map(|(_, url)| url.parse::<AutomergeUrl>().unwrap().document_id().clone())
            .collect()
    }

    /// How many games the archives on the server hold.
    fn archived(&self) -> usize {
        self.archives_on_server()
            .iter()
            .map(|d| {
                let read = |d: &automerge::Automerge| archive_doc::read(d, |_| true).len();
                self.net.server.engine.read(d, read).unwrap()
            })
            .sum()
    }

    fn club_doc(&self) -> DocumentId {
        let url = self.url.parse::<AutomergeUrl>().unwrap();
        url.document_id().clone()
    }

    /// The finished games whose own document phone `i` syncs.
    fn games_synced(&self, i: usize) -> Vec<String> {
        let engine = &self.net.phones[i].replica.engine;
        self.games
            .iter()
            .filter(|id| engine.is_ready(&self.doc_of(id)))
            .cloned()
            .collect()
    }

    /// Documents being synced on phone `i` (ready in its engine).
    fn awake(&self, i: usize) -> usize {
        self.net.phones[i].replica.engine.heads().len()
    }

    /// Game `id`'s document, as the server's club indexes it.
    fn doc_of(&self, id: &str) -> DocumentId {
        let club = self
            .url
            .parse::<AutomergeUrl>()
            .unwrap()
            .document_id()
            .clone();
        let read = self
            .net
            .server
            .engine
            .read(&club, club_doc::read)
            .unwrap()
            .unwrap();
        let (_, url) = read.games.iter().find(|(g, _)| g == id).unwrap();
        url.parse::<AutomergeUrl>().unwrap().document_id().clone()
    }

    /// Game `id` as the server holds it.
    fn on_server(&self, id: &str) -> String {
        let doc = self.doc_of(id);
        let read = self.net.server.engine.read(&doc, game_doc::read).unwrap();
        read.unwrap().record
    }
}

#[test]
fn finished_games_rest_after_a_reload_and_count_as_here() {
    let mut t = Table::new(2, 12);
    assert_eq!(t.awake(1), 14, "the club, 12 finished games, the live one");
    t.restart(1, true);
    assert_eq!(t.awake(1), 2, "only the club and the game in progress sync");
    let (_, _, games, here) = t.net.club(1).unwrap();
    assert_eq!((games, here), (13, 13), "resting games are on this phone");
    assert_eq!(
        t.net.sending(1),
        Some(0),
        "in step: nothing of its own to send"
    );
    // The phone that made them rests them too.
    t.restart(0, true);
    assert_eq!(t.awake(0), 2);
    assert_eq!(t.net.sending(0), Some(0));
}

#[test]
fn a_game_corrected_on_another_phone_wakes_where_it_rests() {
    let mut t = Table::new(2, 12);
    t.restart(1, true);
    t.correct(0, "game-3", 42, true);
    t.absorb(1);
    let (held, _) = &t.app[1]["game-3"];
    assert_eq!(log_of(held), log_of(&t.on_server("game-3")));
    assert_eq!(log_of(held)[0]["left"][0]["pips"], 42);
    assert_eq!(t.awake(1), 3, "only the corrected game woke");
}

#[test]
fn a_correction_reaches_a_resting_phone_even_if_no_new_line_was_written() {
    let mut t = Table::new(2, 4);
    t.restart(1, true);
    // The page closed before its app wrote the game's new line.
    t.correct(0, "game-1", 33, false);
    t.absorb(1);
    assert_eq!(log_of(&t.app[1]["game-1"].0)[0]["left"][0]["pips"], 33);
}

#[test]
fn a_game_opened_wakes_and_syncs_first() {
    let mut t = Table::new(2, 6);
    t.restart(1, true);
    assert_eq!(t.awake(1), 2);
    t.net.say(
        1,
        ToWorker::Want {
            id: "game-5".into(),
        },
    );
    assert_eq!(t.awake(1), 3);
}

#[test]
fn a_correction_made_offline_before_a_reload_is_sent_after_it() {
    let mut t = Table::new(2, 8);
    t.restart(1, false);
    // Corrected offline, and the page closed before anything else (its
    // app had not said it keeps the corrected game).
    t.correct(1, "game-7", 19, false);
    t.restart(1, false);
    t.restart(1, true);
    assert_eq!(log_of(&t.on_server("game-7"))[1]["left"][0]["pips"], 19);
    t.absorb(0);
    assert_eq!(log_of(&t.app[0]["game-7"].0)[1]["left"][0]["pips"], 19);
    assert_eq!(t.net.sending(1), Some(0));
}

#[test]
fn a_phone_joining_takes_finished_games_from_the_archives_not_their_documents() {
    let mut t = Table::new(1, 40);
    t.net.a_moment();
    assert_eq!(t.archived(), 40, "every finished game archived");
    let j = t.join();
    for id in t.games.clone() {
        assert_eq!(log_of(&t.app[j][&id].0), log_of(&t.on_server(&id)), "{id}");
    }
    assert_eq!(
        t.games_synced(j),
        Vec::<String>::new(),
        "no finished game synced on its own"
    );
    let (_, _, games, here) = t.net.club(j).unwrap();
    assert_eq!((games, here), (41, 41), "every game here");
    assert_eq!(t.net.sending(j), Some(0));
    t.restart(j, true);
    assert_eq!(t.awake(j), 2, "after a reload: the club and the live game");
    let (_, _, games, here) = t.net.club(j).unwrap();
    assert_eq!((games, here), (41, 41));
    // The phone that made them: its archives are at rest too.
    t.restart(0, true);
    assert_eq!(t.awake(0), 2);
    assert_eq!(t.net.sending(0), Some(0));
}

/// More finished games handed at once than are sent before the server's
/// word (their documents made in their turn, after their lines are
/// written): archived all the same, so a phone joining takes none from its
/// own document (a join of 5,000 games slowed to 12 games a second past
/// the first 3,500 when they were not).
#[test]
fn finished_games_made_after_their_lines_are_archived_too() {
    let finished = chicken_club::replica::MAX_IN_FLIGHT + 50;
    let mut t = Table::new(1, 0);
    let full = record();
    // The server's answers held while the phone hands them all.
    t.net.mute(0);
    for n in 0..finished {
        let id = format!("handed-{n}");
        t.save(0, &id, None, game_called(&full, &id, 7));
        let line = finished_line(&id, 1);
        t.net.say(
            0,
            ToWorker::Listed {
                id: id.clone(),
                line,
            },
        );
        t.games.push(id);
    }
    t.net.unmute(0);
    for _ in 0..5 {
        t.net.a_moment();
    }
    t.keep_all(0);
    assert_eq!(t.archived(), finished, "every finished game archived");
    let j = t.join();
    assert_eq!(
        t.games_synced(j),
        Vec::<String>::new(),
        "no finished game synced on its own"
    );
}

#[test]
fn a_game_corrected_after_it_was_archived_reaches_a_phone_joining_later() {
    let mut t = Table::new(2, 12);
    t.net.a_moment();
    t.correct(1, "game-3", 42, true);
    // The page closed before its app wrote the line: the game's mark
    // moves all the same.
    t.correct(0, "game-5", 17, false);
    let j = t.join();
    assert_eq!(log_of(&t.app[j]["game-3"].0)[1]["left"][0]["pips"], 42);
    assert_eq!(log_of(&t.app[j]["game-5"].0)[0]["left"][0]["pips"], 17);
    for id in t.games.clone() {
        assert_eq!(log_of(&t.app[j][&id].0), log_of(&t.on_server(&id)), "{id}");
    }
    let mut synced = t.games_synced(j);
    synced.sort();
    // Those two from their own documents (unless archived again since).
    assert!(synced.len() <= 2, "{synced:?}");
}

#[test]
fn an_archive_the_server_lacks_is_not_waited_for() {
    let mut t = Table::new(1, 12);
    t.net.a_moment();
    // Every block's archive named again as a document no peer has.
    let url = t.url.clone();
    t.net.change_club(0, &url, |tx| {
        use automerge::transaction::Transactable;
        use automerge::ReadDoc;
        let Some((_, map)) = tx.get(automerge::ROOT, archive_doc::KEY).unwrap() else {
            panic!("no archives named");
        };
        for n in 0..archive_doc::BLOCKS {
            let nowhere = DocumentId::try_from(vec![n as u8 + 1; 16]).unwrap();
            let nowhere = AutomergeUrl::from(&nowhere).to_string();
            tx.put(&map, format!("b{n:02}"), nowhere).unwrap();
        }
    });
    let j = t.join();
    for id in t.games.clone() {
        assert_eq!(log_of(&t.app[j][&id].0), log_of(&t.on_server(&id)), "{id}");
    }
    assert_eq!(t.games_synced(j).len(), 12, "each from its own document");
}

#[test]
fn a_page_opened_before_its_connection_still_takes_finished_games_from_the_archives() {
    let mut t = Table::new(1, 40);
    t.net.a_moment();
    let j = t.join();
    // The joining page closed once the club's document was stored, before
    // anything else: the next page's worker starts offline from it.
    let club = t.club_doc().to_string();
    let store = &mut t.net.phones[j].store;
    store
        .0
        .retain(|key, _| key.clone().into_iter().next().as_deref() == Some(club.as_str()));
    t.app[j].clear();
    t.restart(j, false);
    t.net.a_moment();
    t.net.online(j);
    t.net.a_moment();
    t.keep_all(j);
    t.net.a_moment();
    for id in t.games.clone() {
        let held = t.app[j].get(&id).map(|(record, _)| log_of(record));
        assert_eq!(held, Some(log_of(&t.on_server(&id))), "{id}");
    }
    assert_eq!(
        t.games_synced(j),
        Vec::<String>::new(),
        "the archives waited for while offline, not each game's document"
    );
}

#[derive(Clone, Debug)]
enum Step {
    /// Phone, game, pips, the app writes the new line.
    Correct(usize, usize, u64, bool),
    Keep(usize),
    Restart(usize, bool),
    Offline(usize),
    Online(usize),
    Open(usize, usize),
    /// A new phone joins (at most two do).
    Join,
    Moment,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => (0..3usize, 0..4usize, 0..30u64, any::<bool>())
            .prop_map(|(p, g, v, l)| Step::Correct(p, g, v, l)),
        2 => (0..3usize).prop_map(Step::Keep),
        2 => (0..3usize, any::<bool>()).prop_map(|(p, o)| Step::Restart(p, o)),
        1 => (0..3usize).prop_map(Step::Offline),
        1 => (0..3usize).prop_map(Step::Online),
        1 => (0..3usize, 0..4usize).prop_map(|(p, g)| Step::Open(p, g)),
        1 => Just(Step::Join),
        1 => Just(Step::Moment),
    ]
}

#[test]
fn corrections_made_offline_on_two_phones_reach_phones_that_joined_from_the_archives() {
    use Step::*;
    let steps = vec![
        Restart(0, false),
        Restart(1, false),
        Correct(0, 1, 22, false),
        Correct(1, 1, 13, true),
        Join,
        Keep(0),
        Moment,
        Restart(1, false),
        Restart(1, true),
        Keep(0),
        Correct(1, 2, 13, false),
        Offline(0),
        Correct(0, 0, 18, false),
        Moment,
        Correct(1, 1, 28, false),
        Online(1),
        Offline(2),
        Join,
        Keep(1),
        Moment,
    ];
    every_phone_holds_every_game_after(steps).unwrap();
}

/// Plays `steps` on three phones (and up to two joining), then brings
/// every phone online: each app holds every game as the server does, and
/// none has anything left to send.
fn every_phone_holds_every_game_after(steps: Vec<Step>) -> Result<(), TestCaseError> {
    let mut t = Table::new(3, 4);
    for s in steps {
        match s {
            Step::Correct(p, g, v, l) => {
                let id = t.games[g].clone();
                t.correct(p, &id, v, l);
            }
            Step::Keep(p) => t.keep_all(p),
            Step::Restart(p, online) => t.restart(p, online),
            Step::Offline(p) => t.net.offline(p),
            Step::Online(p) => {
                if !t.net.phones[p].online {
                    t.net.online(p);
                }
            }
            Step::Open(p, g) => {
                let id = t.games[g].clone();
                t.net.say(p, ToWorker::Want { id });
            }
            Step::Join if t.app.len() < 5 => {
                t.join();
                t.net.a_moment();
            }
            Step::Join => {}
            Step::Moment => t.net.a_moment(),
        }
    }
    let phones = t.app.len();
    for p in 0..phones {
        if !t.net.phones[p].online {
            t.net.online(p);
        }
    }
    t.net.a_moment();
    for p in 0..phones {
        t.keep_all(p);
    }
    t.net.a_moment();
    for p in 0..phones {
        t.absorb(p);
    }
    for id in t.games.clone() {
        let server = log_of(&t.on_server(&id));
        for p in 0..phones {
            prop_assert_eq!(
                &log_of(&t.app[p][&id].0),
                &server,
                "phone {} game {}",
                p,
                id
            );
        }
    }
    for p in 0..phones {
        prop_assert_eq!(t.net.sending(p), Some(0));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Whatever the order of corrections on three phones, reloads, lost
    /// connections and openings, once every phone is back online each
    /// app holds every game as the server does.
    #[test]
    fn every_correction_reaches_every_phone_whatever_rests(steps in proptest::collection::vec(step(), 1..24)) {
        every_phone_holds_every_game_after(steps)?;
    }
}
