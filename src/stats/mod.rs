//! Stats over the games' summaries: places in a finished game, game nights
//! (which games belong, when a night ends, its table and champion) and
//! players (the list, and one player's results). Pure functions: no
//! storage, no clock (`now` is passed in), no game's rules.

pub mod night;
pub mod places;
pub mod player;

pub use night::{
    is_open, members, night_end, night_table, open_night, place_points, points_text, suggestion,
    NightTable, TableRow, IDLE_END_MS, POINT_UNIT, SUGGEST_WITHIN_MS,
};
pub use places::{derive_places, lower_wins, parse_total, places};
pub use player::{
    longest_streak, player_stats, players, score_text, seat_of, win_rate, win_rate_text,
    GameResult, GameStats, HeadToHead, PlayerLine, PlayerStats,
};
