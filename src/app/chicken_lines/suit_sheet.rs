//! Circus Trump's suit sheet, under the entry form: every suit's starting
//! card (a tap corrects it), its closing card and its progress round the
//! wheel; the Eggs and Yoker not yet claimed; ending the game early.

use leptos::prelude::*;

use crate::app::erased::{dynamic, on_click, text};
use crate::app::game::ExtrasCtx;
use crate::rules::chicken_lines::circus::{closing_card, wheel, CircusTrump, Entry};
use crate::rules::chicken_lines::{suit_name, SUITS};
use crate::rules::count;

/// The suit sheet: every suit's start, closing card and progress round
/// the wheel; correcting a start; ending the game early.
pub fn suit_sheet(ctx: ExtrasCtx<CircusTrump>) -> AnyView {
    let ExtrasCtx {
        setup,
        state,
        submit,
        edit,
        ..
    } = ctx;
    let over = state.over();
    let rows = (0..SUITS)
        .map(|i| {
            let name = suit_name(&setup.settings.suit_names, i);
            let s = state.suits.get(i).cloned().unwrap_or_default();
            let Some((start, entry)) = s.start else {
                return view! { <tr><th scope="row">{name}</th><td colspan="3" class="hint">"not started"</td></tr> }.into_any();
            };
            let wheel_view = wheel(start)
                .into_iter()
                .map(|c| if s.lines.contains(&c) { view! { <b>{format!("{c}|")}</b> }.into_any() } else { view! { <span>{c.to_string()}</span> }.into_any() })
                .collect_view();
            let progress = if s.closed() {
                "closed".to_string()
            } else {
                format!("{} · next {}", count(s.lines.len(), "line"), s.next_last_cards().first().map(u8::to_string).unwrap_or_default())
            };
            view! {
                <tr class:closed=s.closed() data-testid=format!("suit-{i}")>
                    <th scope="row">{name.clone()}</th>
                    <td>
                        <button type="button" class="secondary small" aria-label=format!("{name} started on {start}: correct")
                            on:click=on_click(move |_| edit.run(entry))
                        >{start.to_string()}</button>
                    </td>
                    <td>{closing_card(start).to_string()}</td>
                    <td><span class="cl-wheel" aria-label=format!("Lines ended on {}", s.lines.iter().map(u8::to_string).collect::<Vec<_>>().join(", "))>{wheel_view}</span><br/><small>{progress}</small></td>
                </tr>
            }
            .into_any()
        })
        .collect_view();
    let asking = RwSignal::new(false);
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let end = (!over).then(|| {
        dynamic(move || {
            if asking.get() {
                view! {
                    <div class="cl-end" role="group" aria-label="End the game early?">
                        <p>"End the game now? The lines claimed so far count."</p>
                        <button type="button" class="primary" data-testid="end-yes" on:click=on_click(move |_| {
                            match submit.run(Entry::EndEarly) { Ok(()) => asking.set(false), Err(e) => error.set(Some(e.message)) }
                        })>"Yes, end it"</button>
                        <button type="button" class="secondary" on:click=on_click(move |_| asking.set(false))>"Keep playing"</button>
                        <p class="form-error" role="alert">{text(move || error.get().unwrap_or_default())}</p>
                    </div>
                }
                .into_any()
            } else {
                view! { <button type="button" class="secondary" data-testid="end-early" on:click=on_click(move |_| asking.set(true))>"End the game early"</button> }.into_any()
            }
        })
    });
    let free = format!(
        "Eggs not yet claimed: {} · Yoker {}",
        3u8.saturating_sub(state.eggs_used()),
        if state.yoker_used() {
            "claimed"
        } else {
            "not yet claimed"
        }
    );
    view! {
        <section class="cl-sheet" data-testid="suit-sheet" aria-label="Suit sheet">
            <h2>"Suit sheet"</h2>
            <table class="cl-suits">
                <thead><tr><th scope="col">"Suit"</th><th scope="col">"Start"</th><th scope="col">"Closes"</th><th scope="col">"Wheel"</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
            <p class="hint">{free}</p>
            {end}
        </section>
    }
    .into_any()
}
