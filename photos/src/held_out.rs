//! The held-out pictures' fingerprints: each held-out seed drawn small
//! (320 × 240) and hashed with its truth, so a change to the generator
//! that would move the held-out set is seen (`photos/held-out.hashes`,
//! written by `cargo run --profile photos -p chicken-photos --bin
//! held_out`, checked by `tests/held_out.rs`).

/// The held-out seeds (photos/seeds.txt).
pub const SEEDS: std::ops::Range<u64> = 900_000..900_400;

/// A held-out picture's fingerprint: FNV-1a (64 bits) over its JPEG drawn
/// 320 × 240 and its truth as JSON.
pub fn fingerprint(seed: u64) -> u64 {
    let (jpeg, truth) = crate::photo(seed, 320, 240);
    let json = serde_json::to_string(&truth).unwrap_or_default();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in jpeg.iter().chain(json.as_bytes()) {
        hash ^= b as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}
