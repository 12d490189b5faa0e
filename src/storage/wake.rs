//! The "keep the screen awake during games" setting, kept in localStorage
//! like the theme: it is read synchronously when a game screen opens, and
//! losing it loses nothing entered. On unless the person turned it off; a
//! value this version does not know counts as on.

/// The localStorage key.
pub const WAKE_KEY: &str = "chicken.wake";

/// Whether a stored value keeps the screen awake ("off" alone turns it off).
pub fn parse(stored: Option<&str>) -> bool {
    stored != Some("off")
}

/// The stored value for a choice.
pub fn stored(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

/// The stored setting (on when nothing is stored or storage is closed).
pub fn load() -> bool {
    let stored = web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(WAKE_KEY).ok().flatten());
    parse(stored.as_deref())
}

/// Stores the setting.
pub fn save(on: bool) -> Result<(), super::StoreError> {
    let storage = web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| super::StoreError::Refused("no localStorage".into()))?;
    storage
        .set_item(WAKE_KEY, stored(on))
        .map_err(|_| super::StoreError::Full)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_unless_turned_off() {
        assert!(parse(None));
        assert!(parse(Some("on")));
        assert!(!parse(Some("off")));
        assert!(parse(Some("a newer version's value")));
        for on in [true, false] {
            assert_eq!(parse(Some(stored(on))), on, "round trip");
        }
    }
}
