//! An endpoint's address (Chicken Scores' change: PATCHED.md). samod-core
//! only keeps, compares and hands back the address its caller gave, so
//! this is the text itself, checked as far as a connection needs: the
//! `url` crate's parser cost the browser's sync worker about 10 KB brotli.

use std::fmt;
use std::str::FromStr;

/// An address such as `wss://sync.example.com/automerge`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Url(String);

/// The text is not an address: no `scheme://host`, or it holds a space
/// or a control character.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError;

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not an address (scheme://host...)")
    }
}

impl std::error::Error for ParseError {}

impl Url {
    /// `text` as an address: a scheme (a letter, then letters, digits,
    /// `+`, `-` or `.`), `://`, a host that is not empty, then anything
    /// but spaces and control characters.
    pub fn parse(text: &str) -> Result<Url, ParseError> {
        let (scheme, rest) = text.split_once("://").ok_or(ParseError)?;
        let mut letters = scheme.chars();
        let scheme_ok = letters.next().is_some_and(|c| c.is_ascii_alphabetic())
            && letters.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
        let host = rest.split(['/', '?', '#']).next().unwrap_or("");
        let clean = !text.chars().any(|c| c.is_whitespace() || c.is_control());
        if scheme_ok && !host.is_empty() && clean {
            Ok(Url(text.to_string()))
        } else {
            Err(ParseError)
        }
    }

    /// The address as given.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl FromStr for Url {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Url, ParseError> {
        Url::parse(text)
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
