//! The game registry (`rules::GAMES`, `src/rules/mod.rs`) is the one list
//! of games: the build prints it with the `games` bin and derives the
//! manifest's shortcuts from it (`tests/tools/games.sh`); the browser tests
//! read the games from the built manifest. So no file of the build, the
//! page or the test harness may name a game: a seventh game touches the
//! registry and its own folders only.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use chicken_scores::rules::GAMES;
use serde_json::Value;

/// The files shared by every game: they must name none.
const SHARED: &[&str] = &[
    "Trunk.toml",
    "public",
    "style",
    "tests/tools",
    "tests/browser/harness.mjs",
    "tests/browser/pages.mjs",
    "src/app/lazy.rs",
    "src/app/mod.rs",
];

#[test]
fn the_games_bin_prints_the_registry() {
    let out = Command::new(env!("CARGO_BIN_EXE_games"))
        .output()
        .expect("the games bin runs");
    assert!(out.status.success(), "the games bin failed");
    let printed: Value = serde_json::from_slice(&out.stdout).expect("the games bin prints JSON");
    let want: Vec<Value> = GAMES
        .iter()
        .map(|k| {
            serde_json::json!({
                "id": k.as_str(),
                "name": k.name(),
                "line": chicken_scores::app::pages::home_page::kind_line(*k),
                "players": [k.players().start(), k.players().end()],
                "new_game": format!("/play/{}/new", k.as_str()),
            })
        })
        .collect();
    assert_eq!(printed, Value::Array(want));
}

#[test]
fn no_shared_file_names_a_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for shared in SHARED {
        for file in text_files(&root.join(shared)) {
            let Ok(text) = fs::read_to_string(&file) else {
                continue; // not text (an icon)
            };
            for (n, line) in text.lines().enumerate() {
                for name in GAMES.iter().flat_map(|k| names(k.as_str())) {
                    if names_token(line, &name) {
                        let rel = file.strip_prefix(root).unwrap_or(&file);
                        found.push(format!(
                            "{}:{}: names game \"{name}\"",
                            rel.display(),
                            n + 1
                        ));
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "a game is named outside the registry (src/rules/mod.rs); derive it from GAMES instead:\n{}",
        found.join("\n")
    );
}

/// A game's id and its Rust spelling ("big-chicken", "big_chicken").
fn names(id: &str) -> Vec<String> {
    let mut out = vec![id.to_string()];
    if id.contains('-') {
        out.push(id.replace('-', "_"));
    }
    out
}

/// Whether `line` holds `name` as a whole word (not inside "cluckers").
fn names_token(line: &str, name: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    line.match_indices(name).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + name.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

/// `path` if it is a file, else every file under it (no `node_modules` or
/// `target`).
fn text_files(path: &Path) -> Vec<PathBuf> {
    if path.is_file() {
        return vec![path.to_path_buf()];
    }
    let mut out = Vec::new();
    let Ok(entries) = fs::read_dir(path) else {
        return out;
    };
    for e in entries.flatten() {
        let p = e.path();
        let skip = p
            .file_name()
            .is_some_and(|n| n == "node_modules" || n == "target");
        if !skip {
            out.extend(text_files(&p));
        }
    }
    out.sort();
    out
}

#[test]
fn a_word_is_found_whole() {
    assert!(names_token(r#"url: "/play/cluck/new""#, "cluck"));
    assert!(names_token(
        "use rules::{big_chicken::BigChicken};",
        "big_chicken"
    ));
    assert!(!names_token("games_chunk big_chicken_view", "big_chicken"));
    assert!(names_token("const games = { cluck: 'cluck' }", "cluck"));
    assert!(!names_token("cluck_pages.mjs", "cluck"));
    assert!(!names_token("Cluck!", "cluck"));
}
