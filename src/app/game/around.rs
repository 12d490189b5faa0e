//! What the people around the table use besides the score sheet: the
//! score chart ([`super::progress`]) behind a toggle, and sharing the
//! result or its picture ([`super::share`]). One row of buttons under the
//! score sheet, so the entry form moves down by one row at most.

use leptos::prelude::*;

use super::progress::ScoreChart;
use super::share::ShareInfo;
use crate::app::erased::{aria, flag, on_click};
use crate::rules::Standings;

/// What the row needs from the game screen.
pub struct AroundParts {
    /// The game's standings.
    pub standings: Signal<Standings>,
    /// Player names by seat.
    pub players: Signal<Vec<String>>,
    /// What one score-sheet row is ("Hand").
    pub step: &'static str,
    /// The game, date, step and names, for sharing (read on a tap).
    pub info: Callback<(), ShareInfo>,
}

/// The Chart toggle, Share and Picture buttons, and the chart when open:
/// closed while the game is on (until opened), open once it is over
/// (until closed); the save that ends the game opens it.
pub fn around_view(p: AroundParts) -> AnyView {
    let AroundParts {
        standings,
        players,
        step,
        info,
    } = p;
    // The chart the save that ends the game opens is drawn after the frame
    // that shows the save (the row, the totals, the result).
    let finished = super::after_paint(Memo::new(move |_| standings.with(Standings::finished)));
    // The person's choice and whether the game was over when it was made:
    // it holds until the game ends (or is reopened by an Undo); until
    // then, the chart is open exactly when the game is over.
    let choice: RwSignal<Option<(bool, bool)>> = RwSignal::new(None);
    let open = flag(move || {
        let over = finished.get();
        match choice.get() {
            Some((when, open)) if when == over => open,
            _ => over,
        }
    });
    view! {
        <section class="around" aria-label="Chart and sharing">
            <div class="around-bar">
                <button type="button" class="secondary chart-toggle" data-testid="chart-toggle"
                    aria-expanded=aria(move || open.get())
                    on:click=on_click(move |_| choice.set(Some((finished.get_untracked(), !open.get_untracked()))))
                ><span aria-hidden="true">"📈 "</span>"Chart"</button>
                {crate::app::game::extras::extra(move || crate::app::game::extras::Extra::Share { standings, info })}
            </div>
            <ScoreChart standings=standings players=players step=step open=open/>
        </section>
    }
    .into_any()
}
