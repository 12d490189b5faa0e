//! The scoreboard: players by place with their totals, then the score
//! sheet (a row per hand or round, running totals as on the printed card),
//! each row opening to its details and an edit button.

use leptos::prelude::*;

use crate::app::erased::{aria, dynamic, flag, keyed, on_click, text};
use crate::model::same_name;
use crate::rules::{competition_ranks, SheetRow, Standings, WentOut};

/// Up to this many players, the sheet fits a 390 px phone without
/// scrolling sideways; beyond, its header row and first column stay put.
const FIT_PLAYERS: usize = 6;

/// Column headers short enough for six columns on a phone: each name's
/// first letters (at most four, or the whole name up to five), extended
/// letter by letter until no two headers read the same.
pub fn short_names(names: &[String]) -> Vec<String> {
    let chars: Vec<Vec<char>> = names.iter().map(|n| n.trim().chars().collect()).collect();
    let mut len: Vec<usize> = chars
        .iter()
        .map(|c| if c.len() <= 5 { c.len() } else { 4 })
        .collect();
    let prefix = |i: usize, len: &[usize]| -> String {
        let c = chars.get(i).map(Vec::as_slice).unwrap_or(&[]);
        c.iter().take(len.get(i).copied().unwrap_or(0)).collect()
    };
    // Each round lengthens every header that reads like another; it ends
    // when none do or no header can grow (at most the longest name's length).
    let longest = chars.iter().map(Vec::len).max().unwrap_or(0);
    for _ in 0..longest {
        let shown: Vec<String> = (0..names.len()).map(|i| prefix(i, &len)).collect();
        let mut grew = false;
        for i in 0..names.len() {
            let clash = shown
                .iter()
                .enumerate()
                .any(|(j, s)| j != i && shown.get(i).is_some_and(|me| same_name(me, s)));
            let room = chars.get(i).map_or(0, Vec::len);
            if let Some(l) = len.get_mut(i) {
                if clash && *l < room {
                    *l += 1;
                    grew = true;
                }
            }
        }
        if !grew {
            break;
        }
    }
    (0..names.len()).map(|i| prefix(i, &len)).collect()
}

/// Each player's place, by seat: a finished game's places come from its
/// outcome (a tie-breaker may have split equal totals); otherwise from
/// the totals.
fn places(s: &Standings) -> Vec<usize> {
    match &s.outcome {
        Some(o) if o.ranks.len() == s.totals.len() => o.ranks.clone(),
        _ => competition_ranks(&s.totals, s.lower_wins),
    }
}

/// Seats in leaderboard order: by place, then by seat.
fn by_place(ranks: &[usize]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..ranks.len()).collect();
    order.sort_by_key(|i| (ranks.get(*i).copied().unwrap_or(usize::MAX), *i));
    order
}

/// The row's label split for the sheet's narrow first column: the whole
/// label (the button's name), the number shown, what follows the number in
/// small print ("· 9-9"), and whether nobody went out (a stalemate).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct RowHead {
    label: String,
    number: String,
    after: String,
    stalemate: bool,
}

impl RowHead {
    fn of(row: &SheetRow) -> Self {
        let label = row.label.clone();
        // Shown: the number, and what follows it in the label in small
        // print ("1", "· 9-9"): the button's name, the whole label, holds
        // what shows.
        let (before, after): (String, String) = match label.find(&format!(" {}", row.number)) {
            Some(at) => {
                let (b, a) = label.split_at(at + 1);
                (
                    b.to_string(),
                    a.get(row.number.len()..).unwrap_or("").to_string(),
                )
            }
            None => (String::new(), String::new()),
        };
        let number = if before.is_empty() {
            label.clone()
        } else {
            row.number.clone()
        };
        RowHead {
            label,
            number,
            after: after.trim().to_string(),
            stalemate: row.out == WentOut::Nobody,
        }
    }
}

/// A row's small print naming one player ("· Maximiliano") names them as
/// the sheet's header does ("· Maxi"), so it fits the narrow first column;
/// with the full name it stands for. Any other small print is left as it
/// is (no name).
fn with_short_name(after: &str, names: &[String]) -> (String, Option<String>) {
    let Some(name) = after.strip_prefix("· ") else {
        return (after.to_string(), None);
    };
    names
        .iter()
        .zip(short_names(names))
        .find(|(n, short)| n.trim() == name && short != name)
        .map_or_else(
            || (after.to_string(), None),
            |(n, short)| (format!("· {short}"), Some(n.trim().to_string())),
        )
}

/// The row button's accessible name: its whole label; when the small print
/// shows a player's short name, what shows, then the full name ("Turn 3 ·
/// Maxi (Maximiliano)"), so the name holds the visible words.
fn row_label_name(label: &str, shown_after: &str, full: Option<&str>) -> String {
    match full {
        Some(full) => {
            let before = label.strip_suffix(&format!("· {full}")).unwrap_or(label);
            format!("{before}{shown_after} ({full}): show details")
        }
        None => format!("{label}: show details"),
    }
}

/// `text` with a word joiner after each slash: "2 pts/card" never breaks
/// at the slash (Gecko breaks a line there; Chromium and WebKit do not).
fn unbroken_at_slash(text: &str) -> String {
    text.replace('/', "/\u{2060}")
}

/// What one cell of the sheet shows: the running total, the points the row
/// added ("+8", "−3"), and whether this player went out in that row.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Cell {
    run: String,
    delta: String,
    went_out: bool,
}

impl Cell {
    fn of(row: &SheetRow, seat: usize) -> Self {
        Cell {
            run: row
                .totals
                .get(seat)
                .map(|t| t.to_string())
                .unwrap_or_default(),
            delta: row
                .points
                .get(seat)
                .map(|p| format!("+{p}").replace("+-", "−"))
                .unwrap_or_default(),
            went_out: row.out == WentOut::Player(seat),
        }
    }
}

/// Leaderboard and score sheet for a game. Keyed and fine-grained: the
/// leaderboard by seat, the sheet by row, each row and cell reading a memo
/// of its own values, so a save adds the new row's cells and writes only
/// the totals, places and marks that changed.
#[component]
pub fn Scoreboard(
    /// The standings to show.
    standings: Signal<Standings>,
    /// Player names by seat.
    players: Signal<Vec<String>>,
    /// The entry being edited, if any (its row is marked).
    editing: RwSignal<Option<usize>>,
    /// Called with an entry's index when its Edit button is tapped.
    on_edit: Callback<usize>,
    /// What an entry is called ("Hand 3").
    entry_label: Callback<usize, String>,
    /// Whether entries may be corrected (not in a finished game until it
    /// is reopened).
    can_edit: Signal<bool>,
    /// The entry on its way to disk, if any: its row is marked as being
    /// saved until the save has committed.
    unsaved: Signal<Option<usize>>,
    /// Entries two phones recorded differently, not settled yet: their
    /// rows are marked undecided.
    undecided: Signal<Vec<usize>>,
) -> impl IntoView {
    let ranks = Memo::new(move |_| standings.with(places));
    let order = Memo::new(move |_| ranks.with(|r| by_place(r)));
    let leaders = keyed(
        order.into(),
        Callback::new(move |seat| leader(seat, standings, players, ranks)),
    );
    let parts = SheetParts {
        standings,
        players,
        editing,
        on_edit,
        entry_label,
        can_edit,
        unsaved,
        undecided,
    };
    view! {
        <section class="scoreboard" aria-label="Scores">
            <ol class="leaders" data-testid="leaders">{leaders}</ol>
            {sheet(parts)}
        </section>
    }
}

/// One player's line of the leaderboard, its values read from memos (only
/// what changed is written).
fn leader(
    seat: usize,
    standings: Signal<Standings>,
    players: Signal<Vec<String>>,
    ranks: Memo<Vec<usize>>,
) -> AnyView {
    let rank = move || ranks.with(|r| r.get(seat).copied().unwrap_or(0));
    let total = move || standings.with(|s| s.totals.get(seat).copied().unwrap_or_default());
    let name = move || players.with(|p| p.get(seat).cloned().unwrap_or_default());
    let label = text(move || {
        format!(
            "{}: {}, place {}",
            name(),
            crate::rules::count(total(), "point"),
            rank()
        )
    });
    view! {
        <li class="leader" class:first=flag(move || rank() == 1) data-testid=format!("leader-{seat}") aria-label=label>
            <span class="rank">{text(move || rank().to_string())}</span>
            <span class="name">{text(name)}</span>
            <span class="total" data-testid=format!("total-{seat}")>{text(move || total().to_string())}</span>
        </li>
    }
    .into_any()
}

/// What the score sheet is given (all `Copy`).
#[derive(Clone, Copy)]
struct SheetParts {
    standings: Signal<Standings>,
    players: Signal<Vec<String>>,
    editing: RwSignal<Option<usize>>,
    on_edit: Callback<usize>,
    entry_label: Callback<usize, String>,
    can_edit: Signal<bool>,
    unsaved: Signal<Option<usize>>,
    undecided: Signal<Vec<usize>>,
}

/// The score sheet: its header and frame are drawn again only when the
/// players change; its rows are keyed by their place in the sheet.
fn sheet(p: SheetParts) -> AnyView {
    let SheetParts {
        standings, players, ..
    } = p;
    let open_row: RwSignal<Option<usize>> = RwSignal::new(None);
    // The column whose full name is shown (a tap on a short header).
    let named: RwSignal<Option<usize>> = RwSignal::new(None);
    let empty = Memo::new(move |_| standings.with(|s| s.sheet.is_empty()));
    let column_name = dynamic(move || {
        named
            .get()
            .and_then(|i| players.with(|p| p.get(i).cloned()))
            .map(|n| view! { <p class="col-full" role="status" data-testid="column-name">{n}</p> })
            .into_any()
    });
    view! {
        {column_name}
        {dynamic(move || {
            if empty.get() {
                return view! { <p class="hint">"No scores yet."</p> }.into_any();
            }
            let names = players.get();
            let n = names.len();
            let wide = n > FIT_PLAYERS;
            let header = short_names(&names)
                .into_iter()
                .zip(names)
                .enumerate()
                .map(|(i, (short, n))| {
                    // Read out: what shows, then the full name ("Chri: Christopher").
                    let name = if short == n.trim() { short.clone() } else { format!("{short}: {}", n.trim()) };
                    view! {
                        <th scope="col">
                            <button
                                type="button"
                                class="col-name"
                                aria-label=name
                                aria-expanded=aria(move || named.get() == Some(i))
                                on:click=on_click(move |_| named.update(|o| *o = if *o == Some(i) { None } else { Some(i) }))
                            >{short}</button>
                        </th>
                    }
                })
                .collect_view();
            view! {
                {wide.then(|| view! { <p class="hint scroll-hint">"Scroll the sheet sideways for every player ›"</p> })}
                <div class="sheet-wrap" class:wide=wide tabindex=wide.then_some("0") role=wide.then_some("region") aria-label=wide.then_some("Score sheet, scrolls sideways")>
                    <table class="sheet" aria-label="Score sheet: running totals">
                        <thead><tr><th scope="col" class="corner">"#"</th>{header}</tr></thead>
                        <tbody>
                            {keyed(
                                Signal::derive(move || standings.with(|s| (0..s.sheet.len()).collect())),
                                Callback::new(move |r| sheet_row(r, n, p, open_row)),
                            )}
                        </tbody>
                    </table>
                </div>
            }
            .into_any()
        })}
    }
    .into_any()
}

/// Row `r` of the sheet (and its details, while open), for `n` players.
/// The row reads a memo of its own [`SheetRow`]: a save that leaves it as
/// it was writes nothing in it.
fn sheet_row(r: usize, n: usize, p: SheetParts, open_row: RwSignal<Option<usize>>) -> AnyView {
    let SheetParts {
        standings,
        players,
        editing,
        on_edit,
        entry_label,
        can_edit,
        unsaved,
        undecided,
    } = p;
    let row = Memo::new(move |_| standings.with(|s| s.sheet.get(r).cloned()));
    let entry = move || row.with(|x| x.as_ref().and_then(|x| x.entry));
    let is_open = flag(move || open_row.get() == Some(r));
    let cells = (0..n).map(|seat| cell(row, seat)).collect_view();
    let details = dynamic(move || {
        if !is_open.get() {
            return ().into_any();
        }
        let names = players.get();
        let (mut lines, details) = row.with(|x| {
            x.as_ref()
                .map(|x| (x.notes.clone(), x.details.clone()))
                .unwrap_or_default()
        });
        lines.extend(
            details
                .iter()
                .enumerate()
                .filter(|(_, d)| !d.is_empty())
                .map(|(i, d)| {
                    format!(
                        "{}: {}",
                        names.get(i).cloned().unwrap_or_default(),
                        d.join(" · ")
                    )
                }),
        );
        let edit = entry().filter(|_| can_edit.get());
        view! {
            <tr class="row-details">
                <td colspan=names.len() + 1>
                    <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                    {edit.map(|i| view! {
                        <button type="button" class="secondary" data-testid=format!("edit-{i}")
                            on:click=on_click(move |_| { open_row.set(None); on_edit.run(i) })
                        >{format!("✎ Edit {}", entry_label.run(i))}</button>
                    })}
                </td>
            </tr>
        }
        .into_any()
    });
    let head_view = dynamic(move || {
        let RowHead {
            label,
            number,
            after,
            stalemate,
        } = row.with(|x| x.as_ref().map(RowHead::of).unwrap_or_default());
        let (after, name) = players.with(|names| with_short_name(&after, names));
        let aria_name = row_label_name(&label, &after, name.as_deref());
        view! {
            <button
                type="button"
                class="row-label"
                aria-expanded=aria(move || is_open.get())
                aria-label=aria_name
                on:click=on_click(move |_| open_row.update(|o| *o = if *o == Some(r) { None } else { Some(r) }))
            >
                <span class="row-no">{number}</span>
                {(!after.is_empty()).then(|| view! { " "<small class="row-sub">{unbroken_at_slash(&after)}</small> })}
            </button>
            {stalemate.then(|| view! { <small class="row-sub stalemate">"stalemate"</small> })}
        }
        .into_any()
    });
    let saving = flag(move || {
        let e = entry();
        e.is_some() && unsaved.get() == e
    });
    let saving_mark = dynamic(move || {
        saving
            .get()
            .then(|| view! { <small class="row-sub saving-mark" data-testid="row-saving">"saving…"</small> })
            .into_any()
    });
    let open_question = flag(move || entry().is_some_and(|e| undecided.with(|u| u.contains(&e))));
    let undecided_mark = dynamic(move || {
        open_question
            .get()
            .then(|| view! { <small class="row-sub undecided-mark" data-testid="row-undecided">"undecided"</small> })
            .into_any()
    });
    view! {
        <tr class:editing=flag(move || { let e = entry(); e.is_some() && editing.get() == e }) class:saving=saving class:undecided=open_question data-testid=format!("row-{r}")>
            <th scope="row">{head_view}{saving_mark}{undecided_mark}</th>
            {cells}
        </tr>
        {details}
    }
    .into_any()
}

/// One cell of the sheet: its closures run again only when its row
/// changes, and write the DOM only where a value did.
fn cell(row: Memo<Option<SheetRow>>, seat: usize) -> AnyView {
    let c = move || row.with(|x| x.as_ref().map(|x| Cell::of(x, seat)).unwrap_or_default());
    let went_out = move || c().went_out;
    view! {
        <td class:went-out=flag(went_out)>
            <span class="run">{text(move || c().run)}</span>
            <small class="delta">
                {dynamic(move || went_out().then(|| view! { <span class="out-mark" aria-label="went out" title="went out">"★ "</span> }).into_any())}
                {text(move || c().delta)}
            </small>
        </td>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::{row_label_name, short_names, unbroken_at_slash, with_short_name};

    #[test]
    fn a_sub_line_never_breaks_at_a_slash() {
        assert_eq!(unbroken_at_slash("· 2 pts/card"), "· 2 pts/\u{2060}card");
        assert_eq!(unbroken_at_slash("· 9-9"), "· 9-9");
    }

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn headers_are_short_distinct_prefixes() {
        assert_eq!(
            short_names(&names(&["Ann", "Bob", "Chris", "Christopher"])),
            names(&["Ann", "Bob", "Chris", "Chri"])
        );
        // "Christine" and "Christopher" read the same for 6 letters.
        assert_eq!(
            short_names(&names(&["Christine", "Christopher"])),
            names(&["Christi", "Christo"])
        );
        // Equal names (other case) cannot be told apart: whole names.
        assert_eq!(
            short_names(&names(&["Alexandra", "alexandra"])),
            names(&["Alexandra", "alexandra"])
        );
        let long = "W".repeat(40);
        assert_eq!(short_names(&[long]), names(&["WWWW"]));
        assert_eq!(short_names(&names(&["Zoë-Éloïse"])), names(&["Zoë-"]));
        assert!(short_names(&[]).is_empty());
        // Every header is a prefix of its name.
        let list = names(&["Ann", "Annabel", "Annabelle", "Anna", "Bo", ""]);
        for (s, n) in short_names(&list).iter().zip(&list) {
            assert!(n.starts_with(s.as_str()), "{s} / {n}");
        }
    }

    #[test]
    fn a_rows_small_print_names_a_player_as_the_header_does() {
        let list = names(&["Annabelle Ko", "Maximiliano", "Bo"]);
        let short = |s: &str| with_short_name(s, &list);
        assert_eq!(
            short("· Maximiliano"),
            ("· Maxi".into(), Some("Maximiliano".into()))
        );
        // A name already short, not a player's name, or more: as it is.
        assert_eq!(short("· Bo"), ("· Bo".into(), None));
        assert_eq!(short("· 9-9"), ("· 9-9".into(), None));
        assert_eq!(
            short("· Maximiliano and Bo"),
            ("· Maximiliano and Bo".into(), None)
        );
        assert_eq!(short("Maximiliano"), ("Maximiliano".into(), None));
        // The button's name holds what shows.
        assert_eq!(
            row_label_name("Turn 3 · Maximiliano", "· Maxi", Some("Maximiliano")),
            "Turn 3 · Maxi (Maximiliano): show details"
        );
        assert_eq!(
            row_label_name("Hand 1 · 9-9", "· 9-9", None),
            "Hand 1 · 9-9: show details"
        );
    }
}
