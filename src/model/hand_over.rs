//! A game handed to another phone by a link, with no server: the record's
//! JSON, compressed with raw deflate (`miniz_oxide`) and written in
//! base64url, goes in the link's fragment (`/records/receive#g1.<data>`),
//! which the browser never sends to a server. The receiving phone decodes
//! it here, bounded at every step (the fragment's length, the inflated
//! size), then checks the game exactly as an import does
//! ([`super::backup::check_game`]).

/// What starts every payload: the payload's version, so a later format can
/// be told apart.
pub const PREFIX: &str = "g1.";
/// The longest fragment read.
pub const MAX_FRAGMENT: usize = 200_000;
/// The largest inflated record.
const MAX_INFLATED: usize = super::backup::MAX_GAME_BYTES;
/// The longest link a QR code holds (version 40, low error correction,
/// bytes).
pub const QR_MAX_BYTES: usize = 2_953;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `bytes` in base64url, without padding.
pub fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk.first().copied().unwrap_or(0),
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..=chunk.len() {
            let index = ((n >> (18 - 6 * i)) & 63) as usize;
            out.push(char::from(ALPHABET.get(index).copied().unwrap_or(b'A')));
        }
    }
    out
}

/// Bytes from base64url (padding and whitespace refused), or `None`.
pub fn from_base64url(text: &str) -> Option<Vec<u8>> {
    let value = |c: u8| ALPHABET.iter().position(|a| *a == c).map(|p| p as u32);
    let mut out = Vec::with_capacity(text.len() / 4 * 3 + 2);
    for chunk in text.as_bytes().chunks(4) {
        if chunk.len() == 1 {
            return None;
        }
        let mut n = 0u32;
        for (i, c) in chunk.iter().enumerate() {
            n |= value(*c)? << (18 - 6 * i);
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(bytes.get(..chunk.len() - 1)?);
    }
    Some(out)
}

/// The payload for a record's JSON text (what follows `#`).
pub fn encode(record: &str) -> String {
    let packed = miniz_oxide::deflate::compress_to_vec(record.as_bytes(), 10);
    format!("{PREFIX}{}", base64url(&packed))
}

/// The record's JSON text from a link's fragment (with or without its
/// `#`), or why it cannot be read. Never reads more than the bounds allow.
pub fn decode(fragment: &str) -> Result<String, String> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    if fragment.is_empty() {
        return Err("This link holds no game. Ask for the link again.".into());
    }
    if fragment.len() > MAX_FRAGMENT {
        return Err("This link is longer than any game's: it cannot be read.".into());
    }
    let data = fragment.strip_prefix(PREFIX).ok_or_else(|| {
        if fragment.starts_with('g') && fragment.contains('.') {
            "This link was made by a newer version of the app: update the app, then open it again."
                .to_string()
        } else {
            "This link does not hold a game (it may have been cut short).".to_string()
        }
    })?;
    let packed = from_base64url(data)
        .ok_or("This link is damaged (it may have been cut short when copied).")?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_INFLATED)
        .map_err(|_| "This link is damaged (it may have been cut short when copied).")?;
    String::from_utf8(bytes).map_err(|_| "This link is damaged.".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_round_trips_every_length() {
        for len in 0..40usize {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            let text = base64url(&bytes);
            assert!(text
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'));
            assert_eq!(from_base64url(&text), Some(bytes));
        }
        assert_eq!(base64url(b"hello"), "aGVsbG8");
        assert_eq!(from_base64url("a"), None);
        assert_eq!(from_base64url("aGV="), None);
        assert_eq!(from_base64url("a+b/"), None);
    }

    #[test]
    fn a_record_round_trips() {
        let text = r#"{"schema":2,"id":"x","players":["Ann","Bob"]}"#;
        let payload = encode(text);
        assert!(payload.starts_with(PREFIX));
        assert_eq!(decode(&format!("#{payload}")).as_deref(), Ok(text));
    }

    #[test]
    fn bad_fragments_are_refused_briefly() {
        for bad in [
            "",
            "#",
            "#hello",
            "#g1.!!!",
            "#g1.AAAA",
            "#g2.abc",
            &"#g1.".repeat(60_000),
        ] {
            let e = decode(bad).unwrap_err();
            assert!(e.len() < 120, "{e}");
        }
        // A bomb: a small payload inflating past the bound.
        let big = "a".repeat(MAX_INFLATED + 10);
        assert!(decode(&encode(&big)).is_err());
    }
}
