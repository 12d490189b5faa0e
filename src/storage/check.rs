//! Reading a stored text: is it a value of this version, one a newer
//! version wrote, or something that cannot be read (and why, in a few
//! bounded words)?

use serde::de::DeserializeOwned;
use serde::Deserialize;

use crate::model::is_newer;

/// What a stored text turned out to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Checked<T> {
    /// A value this version reads.
    Good(T),
    /// Written by a newer version of the app (its schema): left as it is.
    Newer(u32),
    /// Not readable, and why.
    Broken(String),
}

/// The longest reason shown (a parser's message can quote the value).
const REASON_MAX: usize = 100;

/// `s` cut to `max` characters, with an ellipsis if it was longer.
pub fn bounded(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let cut: String = s.chars().take(max).collect();
    format!("{cut}…")
}

#[derive(Deserialize)]
struct Head {
    schema: Option<u32>,
    id: Option<String>,
}

/// Reads `text` as a `T` whose `schema` this version knows and, if `id` is
/// given, whose own `id` is that key (a value stored under another game's
/// key is never taken for that game). `what` names it in the reason.
pub fn check<T: DeserializeOwned>(text: &str, id: Option<&str>, what: &str) -> Checked<T> {
    let head = match serde_json::from_str::<Head>(text) {
        Ok(h) => h,
        Err(e) if e.is_eof() => {
            return Checked::Broken("it was cut short (truncated)".into());
        }
        Err(e) if e.is_syntax() => return Checked::Broken("it is not valid JSON".into()),
        Err(e) => return Checked::Broken(bounded(&format!("it is not {what} ({e})"), REASON_MAX)),
    };
    let Some(schema) = head.schema else {
        return Checked::Broken(format!("it is not {what} (no schema version)"));
    };
    if is_newer(schema) {
        return Checked::Newer(schema);
    }
    if let Some(key) = id {
        if head.id.as_deref() != Some(key) {
            return Checked::Broken(match head.id {
                Some(other) => format!(
                    "it was stored under game {} but names game {}",
                    bounded(key, 24),
                    bounded(&other, 24)
                ),
                None => format!("it is not {what} (no id)"),
            });
        }
    }
    match serde_json::from_str::<T>(text) {
        Ok(v) => Checked::Good(v),
        Err(e) => Checked::Broken(bounded(&format!("it is not {what} ({e})"), REASON_MAX)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Roster;

    #[test]
    fn four_ways_to_be_wrong() {
        let good = r#"{"schema":2,"names":["Ann"]}"#;
        assert!(matches!(
            check::<Roster>(good, None, "a roster"),
            Checked::Good(_)
        ));
        assert!(matches!(
            check::<Roster>(&good[..10], None, "a roster"),
            Checked::Broken(r) if r.contains("truncated")
        ));
        assert!(matches!(
            check::<Roster>("garbage", None, "a roster"),
            Checked::Broken(r) if r.contains("not valid JSON")
        ));
        assert!(matches!(
            check::<Roster>(r#"{"schema":2,"names":7}"#, None, "a roster"),
            Checked::Broken(r) if r.contains("not a roster")
        ));
        assert_eq!(
            check::<Roster>(r#"{"schema":9,"whatever":1}"#, None, "a roster"),
            Checked::Newer(9)
        );
    }

    #[test]
    fn a_long_value_is_never_echoed_whole() {
        let long = format!(r#"{{"schema":2,"names":"{}"}}"#, "x".repeat(5000));
        match check::<Roster>(&long, None, "a roster") {
            Checked::Broken(r) => assert!(r.chars().count() <= REASON_MAX + 1, "{r}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_value_under_another_key_is_broken() {
        let text = r#"{"schema":2,"id":"b","names":[]}"#;
        assert!(matches!(
            check::<Roster>(text, Some("a"), "a game"),
            Checked::Broken(r) if r.contains("names game b")
        ));
    }
}
