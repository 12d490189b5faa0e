//! "Pick at random": the one first-player / dealer picker every game uses.
//! A highlight runs round the seated names, slows down and lands (about
//! 1.2 s; at once when the phone asks for reduced motion) on the seat the
//! rules pick ([`pick_seat`]) from the browser's crypto random source
//! ([`crate::app::random::BrowserRng`]), passed in here, never from inside the rules. What the
//! landing does is the caller's: record the seat exactly as a tap would
//! (marked as the app's pick), or only name the player.

use std::collections::VecDeque;
use std::time::Duration;

use leptos::prelude::*;

use crate::app::erased::on_click;
use crate::rules::pick::{pick_seat, spin_frames};

/// Whether the phone asks for reduced motion.
fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

/// Lights each frame's seat after its wait, then runs `end`; stops if the
/// picker is gone.
fn run_frames(mut frames: VecDeque<(usize, u32)>, lit: RwSignal<Option<usize>>, end: Callback<()>) {
    let Some((seat, wait)) = frames.pop_front() else {
        end.run(());
        return;
    };
    set_timeout(
        move || {
            if lit.try_set(Some(seat)).is_none() {
                run_frames(frames, lit, end);
            }
        },
        Duration::from_millis(u64::from(wait)),
    );
}

/// The seated names with a highlight that runs round them, and the "Pick
/// at random" button. The names show from the first pick on (the caller
/// shows its own chips before that); they are hidden from screen readers,
/// which hear the caller's sentence about who was picked.
#[component]
pub fn SeatPicker(
    /// The seated players' names, by seat.
    #[prop(into)]
    names: Signal<Vec<String>>,
    /// Called once the highlight lands, with the seat picked at random.
    on_land: Callback<usize>,
) -> impl IntoView {
    let lit: RwSignal<Option<usize>> = RwSignal::new(None);
    let spinning = RwSignal::new(false);
    let spin = move |_| {
        if spinning.get_untracked() {
            return;
        }
        let n = names.with_untracked(Vec::len);
        let Some(landing) = pick_seat(n, &mut crate::app::random::BrowserRng) else {
            return;
        };
        if reduced_motion() {
            lit.set(Some(landing));
            on_land.run(landing);
            return;
        }
        let from = lit.get_untracked().unwrap_or(n.saturating_sub(1));
        spinning.set(true);
        lit.set(Some(from % n.max(1)));
        let end = Callback::new(move |_: ()| {
            spinning.set(false);
            on_land.run(landing);
        });
        run_frames(spin_frames(n, from, landing).into(), lit, end);
    };
    let seats = move || {
        lit.get().is_some().then(|| {
            let list = names.get().into_iter().enumerate().map(|(i, n)| {
                view! { <li class:lit=move || lit.get() == Some(i)>{n}</li> }
            });
            view! { <ol class="picker-seats" aria-hidden="true" data-testid="picker-seats">{list.collect_view()}</ol> }
        })
    };
    view! {
        <div class="picker">
            {seats}
            <button type="button" class="secondary wide" data-testid="pick-random"
                aria-disabled=move || spinning.get().to_string()
                on:click=on_click(spin)
            >{move || if spinning.get() { "Picking…" } else { "Pick at random" }}</button>
        </div>
    }
}
