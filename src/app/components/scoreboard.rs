//! The scoreboard: players by place with their totals, then the score
//! sheet (a row per hand or round, running totals as on the printed card),
//! each row opening to its details and an edit button.

use leptos::prelude::*;

use crate::rules::{competition_ranks, Standings};

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

    let sheet = move || {
        let s = standings.get();
        let names = players.get();
        if s.sheet.is_empty() {
            return view! { <p class="hint">"No scores yet."</p> }.into_any();
        }
        let header = names
            .iter()
            .map(|n| view! { <th scope="col">{n.clone()}</th> })
            .collect_view();
        let rows = s
            .sheet
            .into_iter()
            .enumerate()
            .map(|(r, row)| {
                let label = row.label.clone();
                let cells = row
                    .totals
                    .iter()
                    .zip(&row.points)
                    .map(|(t, p)| {
                        view! {
                            <td>
                                <span class="run">{t.to_string()}</span>
                                <small class="delta">{format!("+{p}").replace("+-", "−")}</small>
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
                view! {
                    <tr class:editing=move || entry.is_some() && editing.get() == entry data-testid=format!("row-{r}")>
                        <th scope="row">
                            <button
                                type="button"
                                class="row-label"
                                aria-expanded=move || is_open().to_string()
                                aria-label=format!("{label}: show details")
                                on:click=move |_| open_row.update(|o| *o = if *o == Some(r) { None } else { Some(r) })
                            >{label.clone()}</button>
                        </th>
                        {cells}
                    </tr>
                    <Show when=is_open>
                        <tr class="row-details">
                            <td colspan=cols>
                                <ul>{lines.iter().map(|l| view! { <li>{l.clone()}</li> }).collect_view()}</ul>
                                {entry.map(|i| view! {
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
            <div class="sheet-wrap">
                <table class="sheet" aria-label="Score sheet: running totals">
                    <thead><tr><th scope="col">"Running total"</th>{header}</tr></thead>
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
