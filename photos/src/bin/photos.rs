//! Writes pictures and their truths: `photos <first seed> <count> <dir>
//! [width] [png|rgb]` writes `<seed>.jpg` and `<seed>.json` for each seed
//! (4:3, 4032 wide unless told: a 12-megapixel phone photo); with `png`,
//! also the JPEG as read back, as a PNG to look at; with `rgb`, also the
//! picture shrunk to 1280 × 960 as the app has the browser do, as raw RGB
//! bytes (`<seed>.rgb`, for `photos/wasm/bench.mjs`).

use std::path::PathBuf;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: photos <first seed> <count> <dir> [width] [png|rgb]";
    let (Some(first), Some(count), Some(dir)) = (
        args.first().and_then(|s| s.parse::<u64>().ok()),
        args.get(1).and_then(|s| s.parse::<u64>().ok()),
        args.get(2).map(PathBuf::from),
    ) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let width = args
        .get(3)
        .and_then(|s| s.parse::<u32>().ok())
        .unwrap_or(4032);
    let height = width * 3 / 4;
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for seed in first..first + count {
        let (jpeg, truth) = chicken_photos::photo(seed, width, height);
        let write = |name: String, bytes: &[u8]| {
            let path = dir.join(name);
            std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        };
        write(format!("{seed}.jpg"), &jpeg);
        if args.get(4).map(String::as_str) == Some("png") {
            let path = dir.join(format!("{seed}.png"));
            image::load_from_memory(&jpeg)
                .and_then(|i| i.save(&path))
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
        if args.get(4).map(String::as_str) == Some("rgb") {
            write(
                format!("{seed}.rgb"),
                chicken_photos::shrunk(seed, width, 1280.0).0.as_raw(),
            );
        }
        let json = serde_json::to_string_pretty(&truth).expect("a truth as JSON");
        write(format!("{seed}.json"), json.as_bytes());
        println!("{seed}: {} tiles, {}", truth.tiles.len(), truth.set);
    }
}
