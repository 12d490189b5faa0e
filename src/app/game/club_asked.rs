//! What the club asks the table about this game: an entry two phones
//! recorded differently (both values kept; the table picks the one that
//! stands), and a finished game whose result a merge changed (shown, never
//! silent). Nothing shows on a phone in no club.

use leptos::prelude::*;

use crate::app::club::{ctx, settle};
use crate::app::erased::dynamic;
use crate::model::GameRecord;
use crate::rules::{entry_points, points_line};

use super::GameUi;

/// The club's questions and notices for the game in `rec`.
pub fn club_view<R: GameUi>(rec: RwSignal<GameRecord<R>>) -> AnyView {
    let club = ctx();
    let id = rec.with_untracked(|r| r.id.clone());
    let id_asked = id.clone();
    let asked = dynamic(move || {
        let asked = club
            .asked
            .with(|a| a.get(&id_asked).cloned())
            .unwrap_or_default();
        asked
            .into_iter()
            .map(|q| {
                let (label, choices) = rec.with(|r| {
                    let setup = r.setup();
                    let label = R::entry_label(&r.log, q.index);
                    let choices: Vec<(String, String)> = q
                        .values
                        .iter()
                        .filter_map(|text| {
                            let entry = serde_json::from_str::<R::Entry>(text).ok()?;
                            let mut log = r.log.clone();
                            *log.get_mut(q.index)? = entry;
                            let points = entry_points::<R>(&setup, &log, q.index)?;
                            Some((text.clone(), points_line(&r.players, &points, true)))
                        })
                        .collect();
                    (label, choices)
                });
                let id = id_asked.clone();
                let index = q.index;
                view! {
                    <div class="banner warn" role="alert" data-testid="club-asked">
                        <p>{format!("Two phones recorded {label} differently. Which stands?")}</p>
                        {choices.into_iter().map(|(text, line)| {
                            let id = id.clone();
                            view! {
                                <button class="secondary wide" data-testid="club-pick"
                                    on:click=move |_| settle(&id, index, text.clone())>
                                    {format!("{label}: {line}")}
                                </button>
                            }
                        }).collect_view()}
                    </div>
                }
            })
            .collect_view()
            .into_any()
    });
    let result_was = dynamic(move || {
        club.result_was.with(|r| r.get(&id).cloned()).map(|was| {
            let id = id.clone();
            view! {
                <div class="banner warn" role="alert" data-testid="club-result-changed">
                    <p>{format!("A change from another phone changed this game's result. Before it: {was}.")}</p>
                    <button class="secondary" on:click=move |_| club.result_was.update(|r| { r.remove(&id); })>"OK"</button>
                </div>
            }
        }).into_any()
    });
    view! { {asked} {result_was} }.into_any()
}
