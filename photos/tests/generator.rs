//! The generator draws the same picture for a seed every time, each with
//! 1 to 20 tiles of its set, every tile inside the picture.

use chicken_photos::{photo, scene::MOST_TILES};

#[test]
fn a_seed_gives_the_same_picture_and_truth() {
    let (a, ta) = photo(7, 160, 120);
    let (b, tb) = photo(7, 160, 120);
    assert_eq!(a, b);
    assert_eq!(
        serde_json::to_string(&ta).unwrap(),
        serde_json::to_string(&tb).unwrap()
    );
    assert_ne!(photo(8, 160, 120).0, a);
}

#[test]
fn every_tile_is_of_its_set_once_and_inside_the_picture() {
    for seed in 0..40 {
        let (_, t) = photo(seed, 80, 60);
        assert!((1..=MOST_TILES).contains(&t.tiles.len()), "seed {seed}");
        let max: u8 = t.set[1..].parse().unwrap();
        let mut seen = std::collections::HashSet::new();
        for tile in &t.tiles {
            assert!(tile.a <= max && tile.b <= max, "seed {seed}");
            assert!(
                seen.insert((tile.a.min(tile.b), tile.a.max(tile.b))),
                "seed {seed}: a tile twice"
            );
            for [x, y] in tile.corners {
                assert!(
                    (0.0..80.0).contains(&x) && (0.0..60.0).contains(&y),
                    "seed {seed}: {x},{y}"
                );
            }
        }
    }
}
