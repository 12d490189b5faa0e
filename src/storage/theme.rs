//! The theme choice, the one value kept in localStorage: it must be read
//! synchronously before the first paint (IndexedDB only answers later), and
//! losing it loses nothing entered. A value this version does not know (a
//! newer version's) is left as it is until the person chooses a theme, and
//! is kept aside then.

/// The localStorage key.
pub const THEME_KEY: &str = "chicken.theme";

/// What a stored theme value means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Theme {
    /// Follow the phone's setting (nothing stored).
    System,
    /// "light" or "dark".
    Chosen(&'static str),
    /// A value this version does not know: followed as the system, kept.
    Unknown(String),
}

impl Theme {
    /// Reads a stored value.
    pub fn parse(stored: Option<&str>) -> Theme {
        match stored {
            None => Theme::System,
            Some("light") => Theme::Chosen("light"),
            Some("dark") => Theme::Chosen("dark"),
            Some(other) => Theme::Unknown(other.to_string()),
        }
    }

    /// The theme to show ("light", "dark"), or `None` to follow the phone.
    pub fn shown(&self) -> Option<&'static str> {
        match self {
            Theme::Chosen(t) => Some(t),
            _ => None,
        }
    }
}

/// The stored theme.
pub fn load() -> Theme {
    let stored = web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(THEME_KEY).ok().flatten());
    Theme::parse(stored.as_deref())
}

/// Stores the theme choice (`None` follows the phone).
pub fn save(theme: Option<&str>) -> Result<(), super::StoreError> {
    let storage = web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| super::StoreError::Refused("no localStorage".into()))?;
    match theme {
        Some(t) => storage.set_item(THEME_KEY, t),
        None => storage.remove_item(THEME_KEY),
    }
    .map_err(|_| super::StoreError::Full)
}
