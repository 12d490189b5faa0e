//! The largest document the app reads: anything beyond is refused before
//! it is turned into records (a hostile peer cannot make a phone build a
//! huge game).

/// Entries in one game's log.
pub const MAX_ENTRIES: usize = 2_000;
/// One entry's JSON text.
pub const MAX_ENTRY_BYTES: usize = 8_192;
/// One header field (players, settings, a name or an id).
pub const MAX_FIELD_BYTES: usize = 16_384;
/// Games in one club.
pub const MAX_CLUB_GAMES: usize = crate::model::backup::MAX_GAMES;
/// Nights in one club.
pub const MAX_CLUB_NIGHTS: usize = crate::model::backup::MAX_NIGHTS;
/// Players in one club's roster.
pub const MAX_CLUB_PLAYERS: usize = crate::model::backup::MAX_ROSTER;
/// A club document's name.
pub const MAX_CLUB_NAME: usize = 40;
