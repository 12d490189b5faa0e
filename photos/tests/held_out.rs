//! The held-out pictures are the ones their fingerprints were taken of: a
//! change to the generator that moves them fails here (every tenth seed,
//! to keep the test quick in a debug build).

use chicken_photos::held_out::{fingerprint, SEEDS};

#[test]
fn the_held_out_pictures_have_not_moved() {
    let text = include_str!("../held-out.hashes");
    let recorded: Vec<(u64, String)> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let (seed, hash) = l.split_once(' ')?;
            Some((seed.parse().ok()?, hash.to_string()))
        })
        .collect();
    assert_eq!(recorded.len(), SEEDS.count(), "one line a held-out seed");
    for (seed, hash) in recorded.iter().step_by(10) {
        assert_eq!(
            &format!("{:016x}", fingerprint(*seed)),
            hash,
            "held-out seed {seed} draws another picture: the generator changed, \
             so the held-out figures no longer stand (photos/seeds.txt)"
        );
    }
}
