//! Words for the table shared by every game: reading a typed count, joining
//! names, plurals and bounded echoes of what was typed.

use std::fmt;

/// Reads a whole number typed or tapped into a field ("23"), with a message
/// for the table when it is not one: empty, negative, text or too large.
pub fn parse_count(text: &str, what: &str, max: u32) -> Result<u32, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err(format!("Enter the {what}."));
    }
    if let Some(rest) = t.strip_prefix('-') {
        if !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit()) {
            return Err(format!("The {what} can't be negative."));
        }
    }
    if !t.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!(
            "\"{}\" is not a number: use digits only, like 23.",
            echo(t)
        ));
    }
    match t.parse::<u32>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(format!(
            "{} is more than the {what} can be (at most {max}).",
            echo(t)
        )),
    }
}

/// Names joined for a sentence: "Ann", "Ann and Bob", "Ann, Bob and Cy".
pub fn join_names<S: AsRef<str>>(names: &[S]) -> String {
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.as_ref().to_string(),
        Some((last, rest)) => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", rest.join(", "), last.as_ref())
        }
    }
}

/// A count with its noun: "1 point", "3 points", "0 tiles".
pub fn count(n: impl fmt::Display, noun: &str) -> String {
    let text = n.to_string();
    if text == "1" {
        format!("1 {noun}")
    } else {
        format!("{text} {noun}s")
    }
}

/// What was typed, as a message may repeat it: at most 12 characters
/// (a pasted page never makes a message wider than the phone).
pub fn echo(typed: &str) -> String {
    let mut chars = typed.chars();
    let head: String = chars.by_ref().take(12).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Points;

    #[test]
    fn counts_are_parsed_with_messages() {
        assert_eq!(parse_count(" 23 ", "pips", 500), Ok(23));
        assert!(parse_count("", "pips", 500).unwrap_err().contains("Enter"));
        assert!(parse_count("-4", "pips", 500)
            .unwrap_err()
            .contains("negative"));
        assert!(parse_count("abc", "pips", 500)
            .unwrap_err()
            .contains("not a number"));
        assert!(parse_count("501", "pips", 500)
            .unwrap_err()
            .contains("at most 500"));
        assert!(parse_count("99999999999", "pips", 500).is_err());
        // A paste of a thousand characters is never echoed whole.
        for typed in [
            "9".repeat(1000),
            "x".repeat(1000),
            format!("1{}", "é".repeat(999)),
        ] {
            let message = parse_count(&typed, "pips", 500).unwrap_err();
            assert!(message.chars().count() < 80, "{message}");
        }
        assert_eq!(echo("12"), "12");
        assert_eq!(count(1, "point"), "1 point");
        assert_eq!(count(0, "tile"), "0 tiles");
        assert_eq!(count(Points::new(-1), "point"), "-1 points");
        assert_eq!(count(12, "hand"), "12 hands");
        assert_eq!(echo("1234567890123"), "123456789012…");
    }

    #[test]
    fn names_join_for_a_sentence() {
        assert_eq!(join_names::<&str>(&[]), "");
        assert_eq!(join_names(&["Ann"]), "Ann");
        assert_eq!(join_names(&["Ann", "Bob"]), "Ann and Bob");
        assert_eq!(join_names(&["Ann", "Bob", "Cy"]), "Ann, Bob and Cy");
    }
}
