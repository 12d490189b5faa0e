//! Tournament challenges lost (+5 each), with the tournament rule on.

use leptos::prelude::*;

use super::Ctx;
use crate::app::components::Segmented;
use crate::app::erased::{dynamic, on_click};
use crate::rules::big_chicken::{Challenge, ChallengeSide};

pub fn view(c: Ctx) -> impl IntoView {
    let tournament = c.form.with_setup(|s| s.settings.tournament);
    tournament.then(|| {
        let side = RwSignal::new(ChallengeSide::Leader);
        let list = dynamic(move || {
            let items = c.with(|x| x.challenges.clone());
            items
                .into_iter()
                .enumerate()
                .map(|(k, ch)| {
                    let why = match ch.side {
                        ChallengeSide::Leader => "led a Fowl before the Eggs were Broken",
                        ChallengeSide::Challenger => "challenged, but the Eggs were Broken",
                    };
                    let line = format!("{} +5 ({why})", c.name(ch.seat));
                    view! {
                        <li class="challenge">
                            <span>{line.clone()}</span>
                            <button type="button" class="icon" aria-label=format!("Remove: {line}")
                                on:click=on_click(move |_| c.edit(|x| if k < x.challenges.len() { x.challenges.remove(k); }))
                            >"✕"</button>
                        </li>
                    }
                })
                .collect_view()
                .into_any()
        });
        let add = (0..c.n)
            .map(|i| {
                view! {
                    <button type="button" class="chip"
                        aria-label=format!("Add a lost challenge for {}", c.name(i))
                        on:click=on_click(move |_| {
                            let s = side.get_untracked();
                            c.edit(|x| x.challenges.push(Challenge { seat: i, side: s }))
                        })
                    >{format!("+5 {}", c.name(i))}</button>
                }
            })
            .collect_view();
        view! {
            <fieldset class="challenges" data-testid="challenges">
                <legend>"Tournament challenges (+5 each)"</legend>
                <ul class="challenge-list">{list}</ul>
                <Segmented
                    label="Who lost the challenge"
                    options=vec![
                        ("Leader: Eggs not Broken".to_string(), ChallengeSide::Leader),
                        ("Challenger: Eggs Broken".to_string(), ChallengeSide::Challenger),
                    ]
                    value=side.into()
                    on_pick=Callback::new(move |v| side.set(v))
                />
                <div class="chips">{add}</div>
            </fieldset>
        }
    })
}
