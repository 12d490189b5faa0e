//! The round typed by the whole table: on a phone in a club, the next
//! entry's form of a round game is shared with every phone following the
//! game. Each player may type their own count on their own phone; the
//! table's part (who went out, how the round closed) is the form's other
//! fields. Every change goes to the club as parts (the table's, and one per
//! seat: [`chicken_club::round_doc`]), so two phones typing two players'
//! counts at once both stand. The round is saved as an ordinary entry
//! when a phone at the table taps Save: the table confirms it.
//!
//! A form's draft is split by field names the game gives
//! ([`GameUi::LIVE_ROUND`]): each named field holds one value per seat. The
//! rest is the club's code, in the records chunk
//! (`records::round_parts`): this screen hands it the draft as its slot's
//! text and how to set it.

use super::*;
use crate::app::records::round_parts::SharedText;
use crate::app::records::ClubPart;

/// Shares `draft` (the form for entry `form.index` of game `id`) with the
/// table: the round's parts typed on other phones are laid over it as they
/// arrive, and each change typed here is sent. Shows the line that says
/// which counts came from another phone. Only the draft's reading and
/// writing is the game's.
pub(super) fn share<R: GameUi>(form: Form<R>, draft: RwSignal<R::Draft>, id: String) -> AnyView {
    let Some(own) = R::LIVE_ROUND else {
        return ().into_any();
    };
    let names = form.with_setup(|s| s.players.clone());
    let text = Signal::derive(move || {
        draft
            .with(|d| slot_text(R::DRAFT_SHAPE, d))
            .unwrap_or_default()
    });
    let set = Callback::new(move |t: String| {
        if let Some(d) =
            slot_state::<R::Draft>(R::DRAFT_SHAPE, &t).and_then(|d| R::restore(&form, d))
        {
            draft.set(d);
        }
    });
    crate::app::records::club_part_of_game(ClubPart::Round(SharedText {
        id,
        text,
        set,
        own,
        at: form.index,
        names,
    }))
}
