//! Photo, in the hand form: for each player who still holds tiles, a
//! button that opens the phone's camera (a hidden file input), and the
//! line beside it saying what happened. Everything else is in the photo
//! chunk, loaded from the first tap on: reading the photo (`photo_read`)
//! and, on success, the tile picker filled for that player with the photo
//! on top (`photo_view`). On any failure the form stays as it was.
//!
//! Kept small, as this part is in the games' chunk: the photo chunk sees
//! the form only through [`Hand`], a trait object, so none of the form's
//! code is shared with it (shared code would be cut into modules of its
//! own that the games' chunk then loads too).

use std::rc::Rc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use super::photo_read::{preload_photo, read_in_chunk, PHOTO};
use super::Ctx;
use crate::app::erased::{flag, on_click, text};
use crate::app::lazy::in_chunk;
use crate::rules::chickenfoot::Tile;

/// Said when the photo chunk cannot be fetched.
const NOT_LOADED: &str =
    "The photo reader could not be loaded: the phone may be offline. Try again, or pick the tiles.";

/// Said when the camera or the gallery was closed without a photo.
const CANCELLED: &str = "No photo was taken. Tap Photo to try again.";

/// Said while the photo is read.
const READING: &str = "Reading the photo…";

/// Fills the photo's panel over player `i`'s picker, if the last photo
/// read is theirs (code of the photo chunk).
pub(super) type PhotoView = fn(Rc<dyn Hand>, usize, web_sys::Element);

/// What the photo chunk may see and change of the hand form.
pub(super) trait Hand {
    /// Player `i`'s name.
    fn name(&self, i: usize) -> String;
    /// The set's highest number.
    fn max(&self) -> u8;
    /// Whether photo `pick` is the form's last one (and the form open).
    fn current(&self, pick: u32) -> bool;
    /// The double on the table (read reactively, as the next two).
    fn table(&self) -> Tile;
    /// The tiles other players hold, with their seats.
    fn holders(&self, i: usize) -> Vec<(Tile, usize)>;
    /// The tiles picked for player `i`.
    fn picked(&self, i: usize) -> Vec<Tile>;
    /// Enters player `i` by tiles, `tiles` picked.
    fn set_picked(&self, i: usize, tiles: Vec<Tile>);
    /// Opens player `i`'s tile picker with the photo `view` draws on top.
    fn open(&self, i: usize, view: PhotoView);
}

impl Hand for Ctx {
    fn name(&self, i: usize) -> String {
        Ctx::name(*self, i)
    }

    fn max(&self) -> u8 {
        self.form.with_setup(|s| s.settings.set.max())
    }

    fn current(&self, pick: u32) -> bool {
        self.photo.picks.try_get_value() == Some(pick)
    }

    fn table(&self) -> Tile {
        self.on_table()
    }

    fn holders(&self, i: usize) -> Vec<(Tile, usize)> {
        self.d.with(|x| super::tiles_left(x, self.n, i))
    }

    fn picked(&self, i: usize) -> Vec<Tile> {
        self.d.with(|x| x.tiles.get(i).cloned().unwrap_or_default())
    }

    fn set_picked(&self, i: usize, tiles: Vec<Tile>) {
        self.edit(|x| {
            if let (Some(m), Some(v)) = (x.tile_mode.get_mut(i), x.tiles.get_mut(i)) {
                *m = true;
                *v = tiles;
            }
        });
    }

    fn open(&self, i: usize, view: PhotoView) {
        self.photo.view.set_value(Some(view));
        self.photo.note.set(None);
        self.active.set(None);
        self.picker.set(Some(i));
    }
}

/// Photo's state in the hand form (small handles only).
#[derive(Clone, Copy)]
pub(super) struct Photos {
    /// Set by the photo chunk once a photo was read in this form.
    view: StoredValue<Option<PhotoView>>,
    /// The line beside a player's button: (player, what it says).
    note: RwSignal<Option<(usize, String)>>,
    /// Counts the photos picked: a read that ends after a newer pick (or
    /// after the form closed) changes nothing.
    picks: StoredValue<u32>,
}

impl Photos {
    pub fn new() -> Self {
        Photos {
            view: StoredValue::new(None),
            note: RwSignal::new(None),
            picks: StoredValue::new(0),
        }
    }
}

/// Player `i`'s Photo button, its hidden file input and its line (hidden
/// by the stylesheet while the player is the one who went out).
pub(super) fn photo_button(c: Ctx, i: usize) -> AnyView {
    let open = on_click(|ev| {
        // The chooser opens within the tap (browsers ask for the user's
        // gesture); the chunk starts loading meanwhile.
        if let Some(input) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|b| b.next_element_sibling())
            .and_then(|s| s.first_element_child())
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        {
            input.click();
        }
        spawn_local(async {
            let _ = preload_photo().await;
        });
    });
    let changed = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let file = input.files().and_then(|f| f.get(0));
        // Emptied, so the same photo picked again is a change too.
        input.set_value("");
        match file {
            Some(f) => read(c, i, f),
            None => c.photo.note.set(Some((i, CANCELLED.to_string()))),
        }
    };
    let cancelled = move |_: leptos::ev::Event| c.photo.note.set(Some((i, CANCELLED.to_string())));
    let note = move || {
        c.photo
            .note
            .with(|n| n.as_ref().filter(|n| n.0 == i).map(|n| n.1.clone()))
    };
    // The input as markup: one attribute of the app's code instead of
    // seven; its change and cancel events reach the span.
    let input = format!(
        r#"<input type="file" accept="image/*" class="photo-file" tabindex="-1" aria-hidden="true" data-testid="photo-file-{i}">"#
    );
    view! {
        <button type="button" class="secondary photo-button" data-testid=format!("photo-{i}")
            aria-label=format!("Photo of {}'s tiles", c.name(i)) on:click=open
        >"Photo"</button>
        <span class="photo-input" inner_html=input on:change=changed on:cancel=cancelled></span>
        <p class="photo-note" role="status" data-testid=format!("photo-note-{i}")
            class:failed=flag(move || note().is_some_and(|t| t != READING))
        >{text(move || note().unwrap_or_default())}</p>
    }
    .into_any()
}

/// Reads `file` for player `i` in the photo chunk (which opens the tile
/// picker filled); says why not if it cannot.
fn read(c: Ctx, i: usize, file: web_sys::File) {
    let p = c.photo;
    let pick = p.picks.get_value().wrapping_add(1);
    p.picks.set_value(pick);
    p.note.set(Some((i, READING.to_string())));
    let set = c.form.with_setup(|s| s.settings.set);
    let hand: Rc<dyn Hand> = Rc::new(c);
    spawn_local(async move {
        let result = in_chunk(PHOTO, read_in_chunk(hand, i, pick, set, file), NOT_LOADED).await;
        if let Err(m) = result {
            if p.picks.try_get_value() == Some(pick) {
                p.note.set(Some((i, m)));
            }
        }
    });
}

/// The photo's panel over player `i`'s tile picker, once a photo was read
/// in this form (the photo chunk fills it, or leaves it empty if the photo
/// is another player's).
pub(super) fn photo_in_picker(c: Ctx, i: usize) -> Option<AnyView> {
    let view = c.photo.view.get_value()?;
    let fill = move |el: web_sys::Element| view(Rc::new(c), i, el);
    Some(view! { <div class="photo-panel" data-testid="photo-panel" use:fill/> }.into_any())
}
