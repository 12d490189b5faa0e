//! The sync engine natively: two phones and a server (three engines, the
//! server one listening as the reference sync server does) wired in
//! memory. A club created on one phone is found on the other through the
//! server; a hand saved on one reaches the other; changes made while
//! apart merge, both values of one hand kept; a phone that restarts from
//! its own storage has everything.

mod club_net;

use std::collections::HashMap;

use chicken_club::engine::Effect;
use chicken_club::message::{FromWorker, ToWorker};
use club_net::*;

#[test]
fn a_club_created_on_one_phone_is_joined_on_another_and_a_hand_saved_on_either_shows_on_both() {
    let (mut net, _, full) = club_of_two();
    let id = id_of(&full);
    assert_eq!(
        net.club(1).map(|c| (c.2, c.3)),
        Some((1, 1)),
        "one game, here"
    );
    net.say(
        1,
        ToWorker::Saved {
            seq: 7,
            id: id.clone(),
            before: Some(with_log(&full, 2)),
            record: with_log(&full, 3),
            at: None,
        },
    );
    assert_eq!(net.game(0, &id).map(|g| entries(&g.0)), Some(3));
    // The saving phone hears which of its saves the document holds.
    let seq = net.phones[1].told.iter().rev().find_map(|m| match m {
        FromWorker::Game { seq, .. } => Some(*seq),
        _ => None,
    });
    assert_eq!(seq, Some(7));
    // Players and nights travel in the club's document.
    net.say(0, ToWorker::Player { name: "Ann".into() });
    net.say(
        1,
        ToWorker::Night {
            id: "n1".into(),
            json: "{\"name\":\"Friday\"}".into(),
        },
    );
    let players = net.phones[1].told.iter().rev().find_map(|m| match m {
        FromWorker::Club { players, .. } => Some(players.clone()),
        _ => None,
    });
    assert_eq!(players, Some(vec!["Ann".to_string()]));
    assert!(net.phones[0]
        .told
        .iter()
        .any(|m| matches!(m, FromWorker::Night { id, .. } if id == "n1")));
}

#[test]
fn two_phones_type_two_players_counts_into_the_shared_round_and_both_see_both() {
    let (mut net, _, full) = club_of_two();
    let id = id_of(&full);
    let part = |key: &str, text: &str| (key.to_string(), text.to_string());
    net.say(
        0,
        ToWorker::Round {
            id: id.clone(),
            parts: vec![
                part("table", r#"{"at":2}"#),
                part("seat0", r#"{"at":2,"v":5}"#),
            ],
        },
    );
    net.say(
        1,
        ToWorker::Round {
            id: id.clone(),
            parts: vec![part("seat1", r#"{"at":2,"v":7}"#)],
        },
    );
    let round = |net: &Net, i: usize| {
        net.phones[i].told.iter().rev().find_map(|m| match m {
            FromWorker::Round { id: r, parts } if *r == id => Some(parts.clone()),
            _ => None,
        })
    };
    let both = Some(vec![
        part("seat0", r#"{"at":2,"v":5}"#),
        part("seat1", r#"{"at":2,"v":7}"#),
        part("table", r#"{"at":2}"#),
    ]);
    assert_eq!(round(&net, 0), both, "phone 0 hears phone 1's count");
    // Phone 1 heard phone 0's parts before it typed its own.
    let from_0 = both.clone().map(|mut p| {
        p.remove(1);
        p
    });
    assert_eq!(round(&net, 1), from_0, "phone 1 hears phone 0's count");
    // A phone is not told back what it typed itself.
    let told_0 = net.phones[0]
        .told
        .iter()
        .filter(|m| matches!(m, FromWorker::Round { .. }))
        .count();
    assert_eq!(told_0, 1, "only phone 1's change is news to phone 0");
}

#[test]
fn both_phones_score_offline_and_back_online_both_hands_are_kept_and_asked() {
    let (mut net, _, full) = club_of_two();
    let id = id_of(&full);
    net.offline(0);
    net.offline(1);
    let mut other: serde_json::Value = serde_json::from_str(&with_log(&full, 4)).unwrap();
    other["log"].as_array_mut().unwrap().remove(2);
    let other = serde_json::to_string(&other).unwrap();
    for (i, after) in [(0, with_log(&full, 3)), (1, other)] {
        net.say(
            i,
            ToWorker::Saved {
                seq: 0,
                id: id.clone(),
                before: Some(with_log(&full, 2)),
                record: after,
                at: None,
            },
        );
    }
    net.online(0);
    net.online(1);
    net.online(0);
    for i in 0..2 {
        let (_, asked) = net.game(i, &id).unwrap();
        assert_eq!(asked.len(), 1, "phone {i}: the third hand is asked");
        assert_eq!(asked[0].index, 2);
        assert_eq!(asked[0].values.len(), 2);
    }
    // The table picks on phone 1; both phones settle.
    let pick = net.game(1, &id).unwrap().1[0].values[1].clone();
    net.say(
        1,
        ToWorker::Settle {
            id: id.clone(),
            index: 2,
            value: pick.clone(),
            at: None,
        },
    );
    for i in 0..2 {
        let (record, asked) = net.game(i, &id).unwrap();
        assert!(asked.is_empty(), "phone {i}: settled");
        let v: serde_json::Value = serde_json::from_str(&record).unwrap();
        assert_eq!(serde_json::to_string(&v["log"][2]).unwrap(), pick);
    }
}

#[test]
fn a_hostile_document_from_a_third_peer_is_refused_and_touches_no_other_game() {
    let (mut net, url, full) = club_of_two();
    let id = id_of(&full);
    // A third peer joins the club and indexes a document that is no game.
    net.join_third("evil", 999, &url);
    let mut junk = automerge::AutoCommit::new();
    use automerge::transaction::Transactable;
    junk.put(automerge::ROOT, "doc", "chicken-scores/game")
        .unwrap();
    junk.put(automerge::ROOT, "id", "evil").unwrap();
    net.phones[2].replica.engine.create(junk.document().clone());
    net.settle();
    // Its own phone refuses it too, and says its address.
    let junk_url = net.phones[2].told.iter().find_map(|m| match m {
        FromWorker::Refused { url, .. } => Some(url.clone()),
        _ => None,
    });
    let junk_url = junk_url.expect("the hostile document has an address");
    let indexed = net.change_club(2, &url, |tx| {
        chicken_club::club_doc::add_game(tx, "evil", &junk_url).unwrap();
    });
    assert!(indexed, "the third phone has the club");
    for i in 0..2 {
        assert!(
            net.phones[i].told.iter().any(|m| matches!(m, FromWorker::Refused { url, message } if *url == junk_url && message.contains("damaged"))),
            "phone {i} refuses the hostile document: {:?}",
            net.phones[i].told.iter().filter(|m| matches!(m, FromWorker::Refused { .. })).collect::<Vec<_>>()
        );
        assert_eq!(
            net.game(i, &id).map(|g| entries(&g.0)),
            Some(2),
            "phone {i}: the real game is untouched"
        );
    }
    // Still in step afterwards.
    net.say(
        0,
        ToWorker::Saved {
            seq: 0,
            id: id.clone(),
            before: Some(with_log(&full, 2)),
            record: with_log(&full, 3),
            at: None,
        },
    );
    assert_eq!(net.game(1, &id).map(|g| entries(&g.0)), Some(3));
}

#[test]
fn a_phone_restarted_from_its_own_storage_has_the_club_offline() {
    let (mut net, url, full) = club_of_two();
    let id = id_of(&full);
    let again = restarted(&mut net, 1, 7, url);
    net.phones[1] = again;
    net.settle();
    assert!(!net.phones[1].online);
    assert_eq!(net.club(1).map(|c| c.1), Some("Thursdays".to_string()));
    assert_eq!(net.game(1, &id).map(|g| entries(&g.0)), Some(2));
}

/// The heads phone `i`'s app was last told game `id` at.
fn told_at(net: &Net, i: usize, id: &str) -> Option<String> {
    net.phones[i].told.iter().rev().find_map(|m| match m {
        FromWorker::Game { id: g, at, .. } if g == id => Some(at.clone()),
        _ => None,
    })?
}

#[test]
fn a_page_opened_again_is_not_told_again_of_a_game_its_app_holds_until_the_game_changes() {
    let (mut net, url, full) = club_of_two();
    let id = id_of(&full);
    let at = told_at(&net, 1, &id).expect("a game with nothing to ask is told with its heads");
    // A word for heads not told is not taken: the game is told again.
    net.say(
        1,
        ToWorker::Kept {
            id: id.clone(),
            at: "0123".into(),
        },
    );
    net.phones[1] = restarted(&mut net, 1, 7, url.clone());
    net.settle();
    assert_eq!(
        net.game(1, &id).map(|g| entries(&g.0)),
        Some(2),
        "told again"
    );
    // The app keeps it as told: the next page is not told it again, and
    // still counts it here.
    net.say(1, ToWorker::Kept { id: id.clone(), at });
    net.phones[1] = restarted(&mut net, 1, 8, url.clone());
    net.settle();
    assert_eq!(net.game(1, &id), None, "not told again");
    assert_eq!(net.club(1).map(|c| (c.2, c.3)), Some((1, 1)));
    // Changed on the other phone: told.
    net.online(1);
    net.say(
        0,
        ToWorker::Saved {
            seq: 1,
            id: id.clone(),
            before: Some(with_log(&full, 2)),
            record: with_log(&full, 3),
            at: None,
        },
    );
    assert_eq!(net.game(1, &id).map(|g| entries(&g.0)), Some(3));
}

/// A third phone joins the club and writes `damage` into the club's
/// document; both phones' pages open anew (their workers restart from
/// their storage, reading the damaged club); then phone 0's third hand
/// must still reach phone 1. Returns the network and what the phones
/// were told.
fn club_damaged_by_a_third_peer(
    damage: impl FnOnce(&mut automerge::transaction::Transaction<'_>),
) -> (Net, Vec<String>) {
    let (mut net, url, full) = club_of_two();
    let id = id_of(&full);
    let third = net.join_third("third", 998, &url);
    assert!(
        net.change_club(third, &url, damage),
        "the third phone has the club"
    );
    for i in 0..2 {
        let again = restarted(&mut net, i, 20 + i as u64, url.clone());
        net.phones[i] = again;
        net.off[i] = false;
    }
    net.settle();
    net.online(0);
    net.online(1);
    net.say(
        0,
        ToWorker::Saved {
            seq: 1,
            id: id.clone(),
            before: Some(with_log(&full, 2)),
            record: with_log(&full, 3),
            at: None,
        },
    );
    assert_eq!(
        net.game(1, &id).map(|g| entries(&g.0)),
        Some(3),
        "phone 0's hand reaches phone 1 after the damage"
    );
    let said = net.phones[1]
        .told
        .iter()
        .filter_map(|m| match m {
            FromWorker::Refused { message, .. } => Some(message.clone()),
            _ => None,
        })
        .collect();
    (net, said)
}

#[test]
fn a_club_name_of_2_mb_from_a_third_peer_stops_no_games_sync() {
    use automerge::transaction::Transactable;
    let (net, said) = club_damaged_by_a_third_peer(|tx| {
        tx.put(automerge::ROOT, "name", "x".repeat(2_000_000))
            .unwrap();
    });
    assert_eq!(
        said,
        vec!["The club's name is damaged: this phone shows the name it knew.".to_string()]
    );
    assert_eq!(
        net.club(1).map(|c| c.1),
        Some(String::new()),
        "the app keeps the name it knew"
    );
}

#[test]
fn twenty_thousand_players_from_a_third_peer_stop_no_games_sync() {
    use automerge::transaction::Transactable;
    use automerge::ReadDoc;
    let (_, said) = club_damaged_by_a_third_peer(|tx| {
        let players = match tx.get(automerge::ROOT, "players").unwrap() {
            Some((automerge::Value::Object(_), id)) => id,
            _ => panic!("the club has players"),
        };
        for i in 0..20_000 {
            tx.put(&players, format!("p{i:05}"), format!("P{i}"))
                .unwrap();
        }
    });
    assert_eq!(
        said,
        vec!["The club's list of players has 20,000 names; the first 1,000 are kept.".to_string()]
    );
}

#[test]
fn the_clubs_players_and_nights_not_lists_stop_no_games_sync() {
    use automerge::transaction::Transactable;
    let (_, said) = club_damaged_by_a_third_peer(|tx| {
        tx.put(automerge::ROOT, "players", 12).unwrap();
        tx.put_object(automerge::ROOT, "nights", automerge::ObjType::List)
            .unwrap();
    });
    assert!(said.contains(&"The club's list of players is damaged: left out.".to_string()));
    assert!(said.contains(&"The club's list of nights is damaged: left out.".to_string()));
}

#[test]
fn an_index_of_games_damaged_stops_no_games_sync_the_games_stored_here_go_on() {
    use automerge::transaction::Transactable;
    let (_, said) = club_damaged_by_a_third_peer(|tx| {
        tx.put(automerge::ROOT, "games", "none").unwrap();
    });
    assert_eq!(
        said,
        vec![
            "The club's index of games is damaged: the games on this phone go on syncing."
                .to_string()
        ]
    );
}

#[test]
fn a_club_that_cannot_be_read_at_all_stops_no_games_sync() {
    use automerge::transaction::Transactable;
    let (_, said) = club_damaged_by_a_third_peer(|tx| {
        tx.put(automerge::ROOT, "layout", 9u64).unwrap();
    });
    assert_eq!(said.len(), 1);
    assert!(said[0].starts_with(
        "The club's list cannot be read: a newer version of the app wrote it (format 9)"
    ));
}

#[test]
fn a_game_taken_out_of_the_clubs_index_is_put_back_by_the_phones_that_have_it() {
    use automerge::transaction::Transactable;
    use automerge::ReadDoc;
    let (net, said) = club_damaged_by_a_third_peer(|tx| {
        let games = match tx.get(automerge::ROOT, "games").unwrap() {
            Some((automerge::Value::Object(_), id)) => id,
            _ => panic!("the club has games"),
        };
        for key in tx.keys(&games).collect::<Vec<_>>() {
            tx.delete(&games, key.as_str()).unwrap();
        }
    });
    assert!(said.is_empty(), "nothing refused: {said:?}");
    assert_eq!(
        net.club(0).map(|c| c.2),
        Some(1),
        "the game is in the index again"
    );
    assert_eq!(net.club(1).map(|c| c.2), Some(1));
}

#[test]
fn a_save_made_before_the_clubs_index_is_read_edits_the_clubs_game_and_makes_no_second_one() {
    let (mut net, url, full) = club_of_two();
    let id = id_of(&full);
    // Phone 1's page opens anew (its worker restarts from its storage) and
    // a save comes before the worker has read the club's index.
    let mut again = restarted(&mut net, 1, 8, url);
    again.replica.handle(ToWorker::Saved {
        seq: 9,
        id: id.clone(),
        before: Some(with_log(&full, 2)),
        record: with_log(&full, 3),
        at: None,
    });
    net.phones[1] = again;
    net.off[1] = false;
    net.settle();
    net.online(1);
    let told = net.last_save_told(1, &id);
    assert_eq!(
        told,
        Some((9, 3)),
        "phone 1 is told its save, as the club's game holds it"
    );
    assert_eq!(
        net.game(0, &id).map(|g| entries(&g.0)),
        Some(3),
        "the hand reaches phone 0"
    );
    assert_eq!(
        net.club(0).map(|c| c.2),
        Some(1),
        "still one game in the club"
    );
}

/// The server's address is kept as given and checked as far as a
/// connection needs (samod-core's `Url`, without the `url` crate).
#[test]
fn a_server_address_is_dialled_as_given_and_a_bad_one_is_refused() {
    let mut engine = hub("phone", 7, &mut Store::default());
    for good in [
        "ws://127.0.0.1:3030/sync",
        "wss://sync.example.com",
        "ws://h?x#y",
    ] {
        assert_eq!(engine.dial(good), Ok(()), "{good}");
    }
    for bad in [
        "",
        "sync.example.com",
        "ws://",
        "ws:///path",
        "1ws://h",
        "ws://h /x",
        "ws://h\n",
    ] {
        assert_eq!(
            engine.dial(bad),
            Err("not a server address".to_string()),
            "{bad:?}"
        );
    }
    let asked: Vec<String> = engine
        .take_effects()
        .into_iter()
        .filter_map(|e| match e {
            Effect::Dial { url, .. } => Some(url),
            _ => None,
        })
        .collect();
    assert_eq!(
        asked,
        [
            "ws://127.0.0.1:3030/sync",
            "wss://sync.example.com",
            "ws://h?x#y"
        ]
    );
}

/// The heads phone `i`'s app was last told game `id` at (every view).
fn told_heads(net: &Net, i: usize, id: &str) -> String {
    net.phones[i]
        .told
        .iter()
        .rev()
        .find_map(|m| match m {
            FromWorker::Game { id: g, heads, .. } if g == id => Some(heads.clone()),
            _ => None,
        })
        .expect("the game was told")
}

/// A third hand unlike the fixture's: its fourth hand in the third place.
fn other_third_hand(full: &str) -> String {
    let mut other: serde_json::Value = serde_json::from_str(&with_log(full, 4)).unwrap();
    other["log"].as_array_mut().unwrap().remove(2);
    serde_json::to_string(&other).unwrap()
}

/// Issue 52: both online, phone 1 saves hand 3 and it reaches phone 0's
/// worker before phone 0's own hand 3 (typed on the sheet phone 0 saw,
/// without phone 1's) does. Phone 0's save was written over phone 1's:
/// one value stood, nothing was asked, phone 1's hand was gone.
#[test]
fn two_phones_online_saving_one_hand_at_once_keep_both_values_and_ask_whatever_arrives_first() {
    for phone_1_first in [true, false] {
        let (mut net, _, full) = club_of_two();
        let id = id_of(&full);
        // What phone 0's page read its sheet from.
        let seen_by_0 = told_heads(&net, 0, &id);
        let seen_by_1 = told_heads(&net, 1, &id);
        let saves = [
            (1, with_log(&full, 3), seen_by_1),
            (0, other_third_hand(&full), seen_by_0),
        ];
        let order: Vec<_> = if phone_1_first {
            saves.into_iter().collect()
        } else {
            saves.into_iter().rev().collect()
        };
        for (i, record, at) in order {
            net.say(
                i,
                ToWorker::Saved {
                    seq: 5,
                    id: id.clone(),
                    before: Some(with_log(&full, 2)),
                    record,
                    at: Some(at),
                },
            );
        }
        for i in 0..2 {
            let (_, asked) = net.game(i, &id).unwrap();
            assert_eq!(
                asked.len(),
                1,
                "phone {i} ({phone_1_first}): the third hand is asked: {asked:?}"
            );
            assert_eq!(asked[0].index, 2);
            assert_eq!(asked[0].values.len(), 2, "both values kept");
        }
    }
}

/// Issue 52: phone 0 tapped Save on hand 3, but phone 1's hand 3 reached
/// phone 0 first (its save was refused: the game had changed). Phone 0's
/// hand is kept beside phone 1's for the table, not lost, not moved on.
#[test]
fn a_hand_that_arrived_second_is_kept_beside_the_first_for_the_table_to_pick() {
    let (mut net, _, full) = club_of_two();
    let id = id_of(&full);
    net.say(
        1,
        ToWorker::Saved {
            seq: 5,
            id: id.clone(),
            before: Some(with_log(&full, 2)),
            record: with_log(&full, 3),
            at: None,
        },
    );
    assert!(net.game(0, &id).unwrap().1.is_empty(), "nothing to ask yet");
    let mine: serde_json::Value = serde_json::from_str(&other_third_hand(&full)).unwrap();
    let value = serde_json::to_string(&mine["log"][2]).unwrap();
    for _ in 0..2 {
        // Said twice (a page reloaded): one value, asked once.
        net.say(
            0,
            ToWorker::Rival {
                id: id.clone(),
                index: 2,
                value: value.clone(),
            },
        );
    }
    for i in 0..2 {
        let (record, asked) = net.game(i, &id).unwrap();
        assert_eq!(entries(&record), 3, "phone {i}");
        assert_eq!(asked.len(), 1, "phone {i}: hand 3 is asked");
        assert_eq!(asked[0].values.len(), 2);
        assert!(
            asked[0].values.contains(&value),
            "phone {i} has phone 0's hand"
        );
    }
}

/// Found by issue 52's first-pick browser test: the page numbers a save
/// as it hears of it and posts it once read from storage, while a save it
/// must send again (the club's copy lacked it) is numbered and posted at
/// once: the worker can get save 3 before save 2. It then told every
/// later view as save 2's, and the page, whose last save is 3, skipped
/// them all: the phone that tapped Big Red never saw another hand.
#[test]
fn saves_reaching_the_worker_out_of_their_order_hide_no_later_change_from_the_page() {
    let (mut net, _, full) = club_of_two();
    let id = id_of(&full);
    for seq in [3, 2] {
        net.say(
            0,
            ToWorker::Saved {
                seq,
                id: id.clone(),
                before: Some(with_log(&full, 2)),
                record: with_log(&full, 3),
                at: None,
            },
        );
    }
    net.say(
        1,
        ToWorker::Saved {
            seq: 1,
            id: id.clone(),
            before: Some(with_log(&full, 3)),
            record: with_log(&full, 4),
            at: None,
        },
    );
    let told = net.last_save_told(0, &id);
    assert_eq!(
        told,
        Some((3, 4)),
        "phone 0 hears phone 1's hand as holding its save 3"
    );
}

/// The lines phone `i`'s app was told of the club's list, by game.
fn lines_told(net: &Net, i: usize) -> HashMap<String, String> {
    let mut out = HashMap::new();
    for m in &net.phones[i].told {
        if let FromWorker::Listed { lines, .. } = m {
            out.extend(lines.iter().cloned());
        }
    }
    out
}

/// The line the game's document was told with, last, on phone `i`.
fn line_told_with_game(net: &Net, i: usize, id: &str) -> Option<Option<String>> {
    net.phones[i].told.iter().rev().find_map(|m| match m {
        FromWorker::Game { id: g, line, .. } if g == id => Some(line.clone()),
        _ => None,
    })
}

#[test]
fn a_joining_phone_is_told_every_games_line_from_the_clubs_document_and_finished_games_follow() {
    let (mut net, url, full) = club_of_two();
    let id = id_of(&full);
    let finished = r#"{"schema":3,"id":"G","rev":0,"kind":"chickenfoot","players":["Ann","Bob"],"created_ms":1,"updated_ms":2,"finished":true,"summary":"Won by Ann"}"#.replace('G', &id);
    net.say(
        0,
        ToWorker::Listed {
            id: id.clone(),
            line: finished.clone(),
        },
    );
    net.a_moment();
    // Told on the phone that was there, with the game's own view next time.
    assert_eq!(lines_told(&net, 1).get(&id), Some(&finished));
    // A third phone joins: the line comes with the club's document, and
    // the finished game's entries follow in the background.
    let c = net.join_third("phone-c", 300, &url);
    assert_eq!(lines_told(&net, c).get(&id), Some(&finished));
    for _ in 0..50 {
        if net.game(c, &id).is_some() {
            break;
        }
        net.phones[c].replica.engine.tick();
        net.settle();
    }
    assert_eq!(net.game(c, &id).map(|g| entries(&g.0)), Some(2));
    assert_eq!(
        line_told_with_game(&net, c, &id),
        Some(Some(finished.clone()))
    );
    // The same line again writes nothing: the club's document is unchanged.
    let heads = |net: &Net| {
        net.phones[0]
            .told
            .iter()
            .filter(|m| !matches!(m, FromWorker::Sending { .. }))
            .count()
    };
    let before = heads(&net);
    net.say(0, ToWorker::Listed { id, line: finished });
    net.a_moment();
    assert_eq!(heads(&net), before, "nothing new told");
}

#[test]
fn a_club_made_before_the_list_gets_one_from_the_first_line_written() {
    let (mut net, url, full) = club_of_two();
    let id = id_of(&full);
    assert!(net.change_club(0, &url, |tx| {
        use automerge::transaction::Transactable;
        tx.delete(automerge::ROOT, chicken_club::listed::KEY)
            .unwrap();
    }));
    let line = r#"{"schema":3,"id":"G","rev":0,"kind":"chickenfoot","players":["Ann","Bob"],"created_ms":1,"updated_ms":1,"finished":false,"summary":"In progress"}"#.replace('G', &id);
    net.say(
        1,
        ToWorker::Listed {
            id: id.clone(),
            line: line.clone(),
        },
    );
    net.a_moment();
    assert_eq!(lines_told(&net, 0).get(&id), Some(&line));
}

/// A page opened again loads its documents from storage and writes none
/// of them back whole: samod-core saved every document it loaded again
/// (at 4x, a club of 5,000 games spent about a second re-saving its
/// club's document at each opening; vendor/samod-core/PATCHED.md).
#[test]
fn documents_loaded_from_storage_are_not_written_again() {
    let (mut net, url, _) = club_of_two();
    net.settle();
    let stored = net.phones[1].store.0.len();
    let mut again = restarted(&mut net, 1, 77, url);
    again.store.1 = 0;
    net.phones[1] = again;
    net.settle();
    assert!(net.club(1).is_some(), "the club read from storage, offline");
    assert_eq!(
        net.phones[1].store.1, 0,
        "no document written again ({stored} keys stored)"
    );
}
