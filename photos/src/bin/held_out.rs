//! Writes `photos/held-out.hashes`: each held-out seed and its picture's
//! fingerprint (`chicken_photos::held_out`).

use chicken_photos::held_out::{fingerprint, SEEDS};

fn main() {
    let mut out = String::from(
        "# Each held-out seed and the fingerprint of its picture drawn 320 x 240\n\
         # with its truth (photos/src/held_out.rs). Written by\n\
         # `cargo run --profile photos -p chicken-photos --bin held_out`.\n",
    );
    for seed in SEEDS {
        out.push_str(&format!("{seed} {:016x}\n", fingerprint(seed)));
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/held-out.hashes");
    std::fs::write(path, out).unwrap_or_else(|e| panic!("{path}: {e}"));
    println!("wrote {path}");
}
