//! Cluck!'s words: the set-up steps and the help panel, with every ruling
//! the app takes where the rulebook is silent.

use super::*;

/// "1st", "2nd", "3rd", "4th", ... for knock-out places.
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The set-up steps for `players`, as the status and the new-game screen
/// say them (nothing outside 2 to 6 players).
pub fn setup_steps(players: usize) -> Vec<String> {
    let Some(coop) = coop_size(players) else {
        return Vec::new();
    };
    vec![
        format!("Shuffle the Rooster pile and the Action deck; deal {HAND_SIZE} action cards to each player."),
        format!("Deal each player a coop of {coop} roosters ({players} players); the rest are Free Ranging."),
        "Each player chooses a starting rooster from their coop (whoever chose Sunny may go first).".to_string(),
    ]
}

/// The help panel: the rules in force and the rulings, one line each.
pub(super) fn help(players: usize) -> Vec<HelpLine> {
    let coop = coop_size(players)
        .map(|c| format!("{c} roosters each with {players} players"))
        .unwrap_or_else(|| "see the table".into());
    vec![
        HelpLine::new(
            "Coops",
            format!("Starting coop: 2 players 6 roosters, 3 players 5, 4 players 4, 5-6 players 3 ({coop}). Deal {HAND_SIZE} action cards each; everyone chooses a starting rooster."),
        ),
        HelpLine::new(
            "Who goes first",
            "The table chooses (the rules suggest whoever got up earliest; a player who chose Sunny may go first), or the app picks at random and the score sheet says so. Turns then pass clockwise, in the seating order entered.",
        ),
        HelpLine::new(
            "Kills",
            format!("Record who killed whose rooster and the eggs shown on it (a whole number from 1 to {MAX_EGGS}). A kill can happen in any player's turn (a defender's counter, cards played by others) and is counted in the turn being played. The eggs go to the killer; the owner's coop shrinks by one."),
        ),
        HelpLine::new(
            "Refused kills",
            "A kill of one's own rooster, a kill by a player who is out, a kill of a player whose coop is empty, a kill without eggs, and anything after the game is over.",
        ),
        HelpLine::new(
            "Knocked out",
            "A player whose coop empties is out, and turns skip them. A player knocked out in their own turn (by a counter) ends that turn at once: the 12-egg check is made and play passes on. Eggs stay with a player who is out: they still count at the check and at the end (the rulebook is silent; this is the app's ruling).",
        ),
        HelpLine::new(
            "12 eggs",
            format!("At the end of every turn, if exactly one player has the most eggs and it is {WIN_EGGS} or more, they win at once. Two or more tied at the top play on, and the check is made again at the end of every later turn."),
        ),
        HelpLine::new(
            "Last rooster standing",
            "The game ends as soon as only one player has roosters, even mid-turn. The most eggs wins; a tie goes to the tied player knocked out last, the survivor counting as knocked out last of all. The other places follow the same order.",
        ),
        HelpLine::new(
            "Feather tracker",
            "Optional, a reminder only: each current rooster's feathers when it comes in and the attacks stacked on it. It is kept on this phone with the game (not in the score), and it starts again when that player's rooster dies; a kill is still recorded by the table.",
        ),
        HelpLine::new(
            "Corrections",
            "Undo removes the last event; Edit changes an earlier kill, turn end or first player (a turn end can become a kill, and back). Coops, knock-outs, whose turn and the end of the game follow; a change that makes a later event impossible (a kill by a player then already out) is refused, naming it.",
        ),
    ]
}
