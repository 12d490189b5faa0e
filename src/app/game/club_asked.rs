//! What the club asks the table about this game: the game's part (what an
//! entry is called, what a value adds). The banners themselves are the
//! club's, in the records chunk (`records::club_banner`); nothing shows,
//! and nothing is fetched, on a phone in no club.

use leptos::prelude::*;

use super::{entry_adds, GameUi};
use crate::app::records::club_banner::BannerParts;
use crate::app::records::ClubPart;
use crate::model::GameRecord;

/// The club's questions and notices for the game in `rec`.
pub fn club_view<R: GameUi>(rec: RwSignal<GameRecord<R>>) -> AnyView {
    if crate::storage::membership::stored_name().is_none() {
        return ().into_any();
    }
    let id = rec.with_untracked(|r| r.id.clone());
    let label = Callback::new(move |index: usize| rec.with(|r| R::entry_label(&r.log, index)));
    let adds = Callback::new(move |(index, text): (usize, String)| {
        let entry = serde_json::from_str::<R::Entry>(&text).ok()?;
        rec.with(|r| {
            let mut log = r.log.clone();
            *log.get_mut(index)? = entry;
            entry_adds(r, &log, index, true)
        })
    });
    crate::app::records::club_part_of_game(ClubPart::Banner(BannerParts { id, label, adds }))
}
