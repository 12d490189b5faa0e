//! Home keeps the space its games in progress and night card took on the
//! last visit while it reads them, so the new-game cards below stay where
//! the finger is already going (the page's static copy, painted before
//! the app runs, reserves the same: public/index.html). Kept per screen
//! width; losing it loses nothing but the reservation.

use crate::storage::local_storage;

/// The localStorage key: "width:height", in CSS pixels (the height as
/// laid out, fractions kept, so nothing moves by a rounding).
const HOME_TOP_KEY: &str = "chicken.home-top";

fn width() -> Option<u32> {
    let w = web_sys::window()?.inner_width().ok()?.as_f64()?;
    Some(w as u32)
}

/// The height to reserve on this screen, if one was remembered for its width.
pub fn remembered() -> Option<f64> {
    let stored = local_storage()?.get_item(HOME_TOP_KEY).ok()??;
    parse(&stored, width()?)
}

/// Reads a stored "width:height" for a screen `width` wide.
fn parse(stored: &str, width: u32) -> Option<f64> {
    let (w, h) = stored.split_once(':')?;
    let h: f64 = h.parse().ok()?;
    let fits = (0.0..=20_000.0).contains(&h);
    (w.parse::<u32>().ok()? == width && fits).then_some(h)
}

/// Remembers the height `top` takes now (after a frame, once drawn).
pub fn remember(top: web_sys::Element) {
    leptos::prelude::request_animation_frame(move || {
        let (Some(w), Some(s)) = (width(), local_storage()) else {
            return;
        };
        let value = format!("{w}:{}", top.get_bounding_client_rect().height());
        if s.get_item(HOME_TOP_KEY).ok().flatten().as_deref() != Some(value.as_str()) {
            let _ = s.set_item(HOME_TOP_KEY, &value);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn a_height_is_kept_for_its_width_only() {
        assert_eq!(parse("390:212", 390), Some(212.0));
        assert_eq!(parse("390:551.015625", 390), Some(551.015625));
        assert_eq!(parse("390:212", 320), None);
        for bad in [
            "",
            "390",
            "390:",
            "x:212",
            "390:-4",
            "390:99999999",
            ":",
            "390:NaN",
            "390:inf",
        ] {
            assert_eq!(parse(bad, 390), None, "{bad:?}");
        }
    }
}
