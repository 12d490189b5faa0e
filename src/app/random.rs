//! Where new random outcomes come from: `rand`'s algorithms (a shuffle, a
//! seat) drawing their bits straight from the browser's cryptographic
//! source (getrandom's `wasm_js` backend: `crypto.getRandomValues`). No
//! generator state is kept or seeded; what is drawn is stored as a value
//! by the game that drew it.

use std::convert::Infallible;

/// The browser's crypto source as a `rand` generator.
pub struct BrowserRng;

/// Fills `dst` from the browser's crypto source; should it ever fail (a
/// browser without `crypto`), from `Math.random` rather than stopping.
fn fill(dst: &mut [u8]) {
    if getrandom::fill(dst).is_err() {
        for b in dst.iter_mut() {
            *b = (js_sys::Math::random() * 256.0) as u8;
        }
    }
}

impl rand::TryRng for BrowserRng {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        let mut b = [0u8; 4];
        fill(&mut b);
        Ok(u32::from_le_bytes(b))
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        let mut b = [0u8; 8];
        fill(&mut b);
        Ok(u64::from_le_bytes(b))
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        fill(dst);
        Ok(())
    }
}
