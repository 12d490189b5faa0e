//! Whether this phone belongs to a club, kept in localStorage like the
//! theme: read synchronously at start (a phone in no club loads nothing
//! of the sync). Losing it loses no game: the club can be joined again
//! from its link, and the games here stay here.

use super::local_storage;

use serde::{Deserialize, Serialize};

/// The localStorage key.
pub const CLUB_KEY: &str = "chicken.club";
/// The club's name as plain text, beside it: home reads it without
/// parsing the membership (that code stays in the club's chunk).
pub const CLUB_NAME_KEY: &str = "chicken.club.name";

/// The club this phone belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Membership {
    /// The club's document (`automerge:...`): the club's key.
    pub url: String,
    /// The sync server's WebSocket address.
    pub server: String,
    /// The club's name, as last seen.
    #[serde(default)]
    pub name: String,
}

/// Reads a stored value (`None`: no club, or a value this version cannot
/// read, which is left as it is).
pub fn parse(stored: Option<&str>) -> Option<Membership> {
    serde_json::from_str(stored?).ok()
}

/// The club this phone belongs to, if any.
pub fn load() -> Option<Membership> {
    let stored = local_storage().and_then(|s| s.get_item(CLUB_KEY).ok().flatten());
    parse(stored.as_deref())
}

/// The club's name (empty if unknown) when this phone belongs to one.
pub fn stored_name() -> Option<String> {
    let s = local_storage()?;
    s.get_item(CLUB_KEY).ok().flatten()?;
    Some(s.get_item(CLUB_NAME_KEY).ok().flatten().unwrap_or_default())
}

/// Stores the membership.
pub fn save(m: &Membership) -> Result<(), super::StoreError> {
    let storage =
        local_storage().ok_or_else(|| super::StoreError::Refused("no localStorage".into()))?;
    let text = serde_json::to_string(m).unwrap_or_default();
    storage
        .set_item(CLUB_KEY, &text)
        .map_err(|_| super::StoreError::Full)?;
    // The name beside it is for home's link only: not kept is not a loss.
    let _ = storage.set_item(CLUB_NAME_KEY, &m.name);
    Ok(())
}

/// Leaves the club (the games stay here).
pub fn clear() {
    if let Some(s) = local_storage() {
        let _ = s.remove_item(CLUB_KEY);
        let _ = s.remove_item(CLUB_NAME_KEY);
    }
}

/// The link that joins the club: the app's address with the club's key
/// and its server after `#` (never sent to any server).
pub fn join_link(origin: &str, m: &Membership) -> String {
    format!(
        "{origin}/records/club#join={}&server={}",
        crate::app::router::encode(&m.url),
        crate::app::router::encode(&m.server)
    )
}

/// The club named by a join link's fragment (`join=...&server=...`).
pub fn from_fragment(fragment: &str) -> Option<Membership> {
    let mut url = None;
    let mut server = None;
    for part in fragment.trim_start_matches('#').split('&') {
        match part.split_once('=') {
            Some(("join", v)) => url = Some(crate::app::router::decode(v)),
            Some(("server", v)) => server = Some(crate::app::router::decode(v)),
            _ => {}
        }
    }
    let url = url.filter(|u| u.starts_with("automerge:") && u.len() < 80)?;
    let server =
        server.filter(|s| (s.starts_with("ws://") || s.starts_with("wss://")) && s.len() < 300)?;
    Some(Membership {
        url,
        server,
        name: String::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_join_link_names_the_club_and_its_server_and_reads_back() {
        let m = Membership {
            url: "automerge:2j9knpCseyhnK8izDmLpGP5WMdZQ".into(),
            server: "wss://club.example:3030/".into(),
            name: "Thursdays".into(),
        };
        let link = join_link("https://scores.example", &m);
        assert!(link.starts_with("https://scores.example/records/club#join=automerge"));
        let (_, fragment) = link.split_once('#').unwrap();
        let back = from_fragment(fragment).unwrap();
        assert_eq!((back.url, back.server), (m.url.clone(), m.server.clone()));
        assert_eq!(parse(Some(&serde_json::to_string(&m).unwrap())), Some(m));
    }

    #[test]
    fn a_broken_link_or_stored_value_is_no_club() {
        assert_eq!(from_fragment("join=automerge:x"), None, "no server");
        assert_eq!(from_fragment("join=http://x&server=ws://s"), None);
        assert_eq!(from_fragment("join=automerge:x&server=http://s"), None);
        assert_eq!(parse(Some("{")), None);
        assert_eq!(parse(None), None);
    }
}
