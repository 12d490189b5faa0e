//! How the round ended: who went out, with one card or several (Egging),
//! and the Penalty for Assistance question (asked by the rules' terms).

use leptos::prelude::*;

use super::Ctx;
use crate::app::components::{PlayerChips, Segmented, Switch};
use crate::app::erased::{dynamic, text};
use crate::rules::big_chicken::{assistance, LastLay, Round};

pub fn view(c: Ctx) -> impl IntoView {
    let went_out = view! {
        <fieldset class="went-out">
            <legend>"Who went out?"</legend>
            <div class="chips">
                <PlayerChips
                    names=c.form.with_setup(|s| s.players.clone())
                    pressed=Callback::new(move |i| c.with(|x| x.out == Some(i)))
                    label=Callback::new(move |i| format!("{} went out", c.name(i)))
                    on_pick=Callback::new(move |i| {
                        c.edit(|x| x.out = Some(i));
                        if c.active.get_untracked() == Some(i) {
                            c.active.set(None)
                        }
                    })
                />
            </div>
        </fieldset>
    };
    let egging = dynamic(move || {
        let egging = c.with(|x| {
            Round {
                out: x.out,
                last_lay: x.last_lay,
                ..Round::default()
            }
            .egging()
        });
        if egging {
            view! { <p class="hint">"Egging: every other player gets +5."</p> }.into_any()
        } else {
            ().into_any()
        }
    });
    view! {
        {went_out}
        <fieldset class="last-lay">
            <legend>"Their last lay"</legend>
            <Segmented
                label="Their last lay"
                options=vec![
                    ("One card".to_string(), LastLay::Single),
                    ("Several cards (Egging)".to_string(), LastLay::Several),
                ]
                value=Signal::derive(move || c.with(|x| x.last_lay))
                on_pick=Callback::new(move |v| c.edit(|x| x.last_lay = v))
            />
            {egging}
        </fieldset>
        {assistance_view(c)}
    }
}

/// The Penalty for Assistance question, when the rules ask it.
fn assistance_view(c: Ctx) -> impl IntoView {
    // What the rules ask, as entered now; the amount once the round is
    // complete.
    let asked = Signal::derive(move || {
        let round = c.with(|x| Round {
            out: x.out,
            last_lay: x.last_lay,
            direction: x.direction,
            last_lay_flipped: x.flipped,
            ..Round::default()
        });
        let scores = c.scores.get();
        c.form
            .with_setup(|s| assistance(s, &round, scores.as_ref()))
    });
    let shown = Memo::new(move |_| asked.with(Option::is_some));
    let question =
        move || asked.with(|a| a.as_ref().map(|a| a.question.clone()).unwrap_or_default());
    dynamic(move || {
        if !shown.get() {
            return ().into_any();
        }
        view! {
            <div class="assistance" data-testid="assistance">
                <Switch
                    label="Went out on a Duck"
                    hint="The Duck flipped the Direction of Play card: this flips it above too."
                    on=Signal::derive(move || c.with(|x| x.flipped))
                    on_toggle=Callback::new(move |v: bool| c.edit(|x| {
                        if x.flipped != v {
                            x.flipped = v;
                            x.direction = x.direction.flipped();
                        }
                    }))
                />
                <fieldset>
                    <legend data-testid="assist-question">{text(question)}</legend>
                    <Segmented
                        label=text(question)
                        options=vec![("Yes: Assistance".to_string(), true), ("No".to_string(), false)]
                        value=Signal::derive(move || c.with(|x| x.assisted))
                        on_pick=Callback::new(move |v| c.edit(|x| x.assisted = v))
                    />
                    <p class="hint">{text(move || asked.with(|a| a.as_ref().map(|a| a.explain.clone()).unwrap_or_default()))}</p>
                </fieldset>
            </div>
        }
        .into_any()
    })
}
