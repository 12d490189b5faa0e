//! The scoreboard: players by place with their totals, then the score
//! sheet (a row per hand or round, running totals as on the printed card),
//! each row opening to its details and an edit button.

use leptos::prelude::*;

use crate::model::same_name;
use crate::rules::{competition_ranks, Standings, WentOut};

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

/// Leaderboard and score sheet for a game.
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
) -> impl IntoView {
    let open_row: RwSignal<Option<usize>> = RwSignal::new(None);

    let leaders = move || {
        let s = standings.get();
        let names = players.get();
        // A finished game's places come from its outcome (a tie-breaker may
        // have split equal totals); otherwise from the totals.
        let ranks = match &s.outcome {
            Some(o) if o.ranks.len() == s.totals.len() => o.ranks.clone(),
            _ => competition_ranks(&s.totals, s.lower_wins),
        };
        let mut order: Vec<usize> = (0..s.totals.len()).collect();
        order.sort_by_key(|i| (ranks.get(*i).copied().unwrap_or(usize::MAX), *i));
        order
            .into_iter()
            .map(|i| {
                let name = names.get(i).cloned().unwrap_or_default();
                let total = s.totals.get(i).copied().unwrap_or_default();
                let rank = ranks.get(i).copied().unwrap_or(0);
                let label = format!("{name}: {}, place {rank}", crate::rules::count(total, "point"));
                view! {
                    <li class="leader" class:first=rank == 1 data-testid=format!("leader-{i}") aria-label=label>
                        <span class="rank">{rank}</span>
                        <span class="name">{name}</span>
                        <span class="total" data-testid=format!("total-{i}")>{total.to_string()}</span>
                    </li>
                }
            })
            .collect_view()
    };

    // The column whose full name is shown (a tap on a short header).
    let named: RwSignal<Option<usize>> = RwSignal::new(None);
    let sheet = move || {
        let s = standings.get();
        let names = players.get();
        if s.sheet.is_empty() {
            return view! { <p class="hint">"No scores yet."</p> }.into_any();
        }
        let shorts = short_names(&names);
        let editable = can_edit.get();
        let wide = names.len() > FIT_PLAYERS;
        let header = names
            .iter()
            .zip(shorts)
            .enumerate()
            .map(|(i, (n, short))| {
                // Read out: what shows, then the full name ("Chri: Christopher").
                let name = if short == n.trim() { short.clone() } else { format!("{short}: {}", n.trim()) };
                view! {
                    <th scope="col">
                        <button
                            type="button"
                            class="col-name"
                            aria-label=name
                            aria-expanded=move || (named.get() == Some(i)).to_string()
                            on:click=move |_| named.update(|o| *o = if *o == Some(i) { None } else { Some(i) })
                        >{short}</button>
                    </th>
                }
            })
            .collect_view();
        let rows = s
            .sheet
            .into_iter()
            .enumerate()
            .map(|(r, row)| {
                let label = row.label.clone();
                let out = row.out;
                let cells = row
                    .totals
                    .iter()
                    .zip(&row.points)
                    .enumerate()
                    .map(|(seat, (t, p))| {
                        let went_out = out == WentOut::Player(seat);
                        view! {
                            <td class:went-out=went_out>
                                <span class="run">{t.to_string()}</span>
                                <small class="delta">
                                    {went_out.then(|| view! { <span class="out-mark" aria-label="went out" title="went out">"★ "</span> })}
                                    {format!("+{p}").replace("+-", "−")}
                                </small>
                            </td>
                        }
                    })
                    .collect_view();
                let entry = row.entry;
                let is_open = move || open_row.get() == Some(r);
                let mut lines: Vec<String> = row.notes.clone();
                lines.extend(row.details.iter().enumerate().filter(|(_, d)| !d.is_empty()).map(|(i, d)| {
                    format!("{}: {}", names.get(i).cloned().unwrap_or_default(), d.join(" · "))
                }));
                let cols = names.len() + 1;
                // Shown: the number, and what follows it in the label in
                // small print ("1", "· 9-9"): the button's name, the whole
                // label, holds what shows.
                let (before, after): (String, String) = match label.find(&format!(" {}", row.number)) {
                    Some(at) => {
                        let (b, a) = label.split_at(at + 1);
                        (b.to_string(), a.get(row.number.len()..).unwrap_or("").to_string())
                    }
                    None => (String::new(), String::new()),
                };
                let number = if before.is_empty() { label.clone() } else { row.number.clone() };
                let stalemate = out == WentOut::Nobody;
                view! {
                    <tr class:editing=move || entry.is_some() && editing.get() == entry data-testid=format!("row-{r}")>
                        <th scope="row">
                            <button
                                type="button"
                                class="row-label"
                                aria-expanded=move || is_open().to_string()
                                aria-label=format!("{label}: show details")
                                on:click=move |_| open_row.update(|o| *o = if *o == Some(r) { None } else { Some(r) })
                            >
                                <span class="row-no">{number}</span>
                                {(!after.trim().is_empty()).then(|| view! { " "<small class="row-sub">{after.trim().to_string()}</small> })}
                            </button>
                            {stalemate.then(|| view! { <small class="row-sub stalemate">"stalemate"</small> })}
                        </th>
                        {cells}
                    </tr>
                    <Show when=is_open>
                        <tr class="row-details">
                            <td colspan=cols>
                                <ul>{lines.iter().map(|l| view! { <li>{l.clone()}</li> }).collect_view()}</ul>
                                {entry.filter(|_| editable).map(|i| view! {
                                    <button type="button" class="secondary" data-testid=format!("edit-{i}")
                                        on:click=move |_| { open_row.set(None); on_edit.run(i) }
                                    >{format!("✎ Edit {}", entry_label.run(i))}</button>
                                })}
                            </td>
                        </tr>
                    </Show>
                }
            })
            .collect_view();
        view! {
            {move || named.get().and_then(|i| players.with(|p| p.get(i).cloned())).map(|n| view! {
                <p class="col-full" role="status" data-testid="column-name">{n}</p>
            })}
            {wide.then(|| view! { <p class="hint scroll-hint">"Scroll the sheet sideways for every player ›"</p> })}
            <div class="sheet-wrap" class:wide=wide tabindex=wide.then_some("0") role=wide.then_some("region") aria-label=wide.then_some("Score sheet, scrolls sideways")>
                <table class="sheet" aria-label="Score sheet: running totals">
                    <thead><tr><th scope="col" class="corner">"#"</th>{header}</tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        }
        .into_any()
    };

    view! {
        <section class="scoreboard" aria-label="Scores">
            <ol class="leaders" data-testid="leaders">{leaders}</ol>
            {sheet}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::short_names;

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
}
