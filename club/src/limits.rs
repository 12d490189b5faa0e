//! The largest document the app reads: anything beyond is refused before
//! it is turned into records (a hostile peer cannot make a phone build a
//! huge game). The club's limits are a backup's (`model::backup`), but
//! for its games: a club keeps a group's games for decades.

/// Entries in one game's log.
pub const MAX_ENTRIES: usize = 2_000;
/// One entry's JSON text.
pub const MAX_ENTRY_BYTES: usize = 8_192;
/// One header field (players, settings, a name or an id).
pub const MAX_FIELD_BYTES: usize = 16_384;
/// Games in one club: 25 years of a club that plays 2,000 a year (a
/// backup holds 20,000; the benchmark's club of a decade, 20,000 games,
/// refused its next game at 20,000).
pub const MAX_CLUB_GAMES: usize = 50_000;
/// Nights in one club.
pub const MAX_CLUB_NIGHTS: usize = 5_000;
/// Players in one club's roster.
pub const MAX_CLUB_PLAYERS: usize = 1_000;
/// A club document's name.
pub const MAX_CLUB_NAME: usize = 40;
/// Seats at one table (a round's parts: one per seat and the table's).
pub const MAX_SEATS: usize = 16;
/// One game's line in the club's list (`crate::listed`): a summary.
pub const MAX_LINE_BYTES: usize = 8_192;
/// One archived game's entry (`crate::archive_doc`): its mark, heads and
/// record. A real game's record is a few KB; a longer entry is left out
/// of the archive (that game syncs from its own document).
pub const MAX_ARCHIVED_BYTES: usize = 262_144;
