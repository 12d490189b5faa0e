//! What the club asks the table about a game, on its screen: an entry two
//! phones recorded differently (both values kept; the table picks the one
//! that stands), and a finished game whose result a merge changed (shown,
//! never silent). In the records chunk with the rest of the club: a phone
//! in no club never downloads it. The game screen gives what only the
//! game knows ([`crate::app::game::club_asked`]).

use leptos::prelude::*;

use crate::app::club::ctx;
use crate::app::erased::dynamic;

/// What the game screen gives the banner.
#[derive(Clone)]
pub struct BannerParts {
    /// The game's id.
    pub id: String,
    /// What entry `index` is called ("Hand 2"), tracked.
    pub label: Callback<usize, String>,
    /// What a value recorded for entry `index` adds ("Ann 0, Bob +9"),
    /// tracked; `None` for a value the game cannot read.
    pub adds: Callback<(usize, String), Option<String>>,
}

/// The banners for one game.
pub fn banner(parts: BannerParts) -> AnyView {
    let BannerParts { id, label, adds } = parts;
    let club = ctx();
    let id_asked = id.clone();
    let id_undo = id.clone();
    let asked = dynamic(move || {
        let asked = club
            .asked
            .with(|a| a.get(&id_asked).cloned())
            .unwrap_or_default();
        asked
            .into_iter()
            .map(|q| {
                let index = q.index;
                let name = label.run(index);
                let choices: Vec<(String, String)> = q
                    .values
                    .into_iter()
                    .filter_map(|text| adds.run((index, text.clone())).map(|line| (text, line)))
                    .collect();
                let id = id_asked.clone();
                view! {
                    <div class="banner warn" role="alert" data-testid="club-asked">
                        <p>{format!("Two phones recorded {name} differently. Which stands?")}</p>
                        {choices.into_iter().map(|(text, line)| {
                            let id = id.clone();
                            view! {
                                <button class="secondary wide" data-testid="club-pick"
                                    on:click=move |_| super::club_bridge::settle(&id, index, text.clone())>
                                    {format!("{name}: {line}")}
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
        club.result_was
            .with(|r| r.get(&id).cloned())
            .map(|was| {
                let id = id.clone();
                notice(
                    "club-result-changed",
                    format!(
                        "A change from another phone changed this game's result. Before it: {was}."
                    ),
                    move || {
                        club.result_was.update(|r| {
                            r.remove(&id);
                        })
                    },
                )
            })
            .into_any()
    });
    let undo_lost = dynamic(move || {
        club.undo_lost.with(|u| u.get(&id_undo).copied()).map(|index| {
            let id = id_undo.clone();
            let name = label.run(index);
            notice(
                "club-undo-lost",
                format!("{name}, which you undid here, is back: another phone corrected or recorded it at the same time, and that stands. Undo it again if it should go."),
                move || club.undo_lost.update(|u| { u.remove(&id); }),
            )
        }).into_any()
    });
    view! { {asked} {result_was} {undo_lost} }.into_any()
}

/// A notice about the game from the club, until OK is tapped.
fn notice(test_id: &'static str, text: String, ok: impl Fn() + 'static) -> AnyView {
    view! {
        <div class="banner warn" role="alert" data-testid=test_id>
            <p>{text}</p>
            <button class="secondary" on:click=move |_| ok()>"OK"</button>
        </div>
    }
    .into_any()
}
