//! Text in which a number range or a domino ("5–9", "9-9") never breaks at
//! its dash on a narrow phone ("9-" at a line's end, "9" on the next): each
//! such word is kept on one line; the rest wraps between words as usual.

use leptos::prelude::*;

/// `text` as a view, each word joining numbers by a dash kept whole
/// (`.nobr`). What it reads (its text content) is `text` unchanged.
pub fn numbers_whole(text: &str) -> AnyView {
    runs(text)
        .into_iter()
        .map(|(run, whole)| {
            if whole {
                view! { <span class="nobr">{run}</span> }.into_any()
            } else {
                run.into_any()
            }
        })
        .collect::<Vec<_>>()
        .into_any()
}

/// `text` cut into runs, in order, each marked when it is one word joining
/// numbers by a dash; concatenated, they give `text` back.
fn runs(text: &str) -> Vec<(String, bool)> {
    let mut out: Vec<(String, bool)> = Vec::new();
    let mut plain = String::new();
    for piece in text.split_inclusive(' ') {
        let word = piece.trim_end_matches(' ');
        if joins_numbers(word) {
            if !plain.is_empty() {
                out.push((std::mem::take(&mut plain), false));
            }
            out.push((word.to_string(), true));
            plain.push_str(piece.get(word.len()..).unwrap_or(""));
        } else {
            plain.push_str(piece);
        }
    }
    if !plain.is_empty() {
        out.push((plain, false));
    }
    out
}

/// Whether `word` has a digit, a hyphen or an en dash, and a digit in a row.
fn joins_numbers(word: &str) -> bool {
    let c: Vec<char> = word.chars().collect();
    c.windows(3)
        .any(|w| w[0].is_ascii_digit() && matches!(w[1], '-' | '–') && w[2].is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::runs;

    fn run(s: &str, whole: bool) -> (String, bool) {
        (s.to_string(), whole)
    }

    #[test]
    fn dominoes_and_ranges_are_kept_whole_and_the_text_is_unchanged() {
        let text = "Hand 1 of 10 starts with the 9-9. Ranks 5–9, 10–14 and 15-16 score.";
        let r = runs(text);
        assert_eq!(
            r,
            vec![
                run("Hand 1 of 10 starts with the ", false),
                run("9-9.", true),
                run(" Ranks ", false),
                run("5–9,", true),
                run(" ", false),
                run("10–14", true),
                run(" and ", false),
                run("15-16", true),
                run(" score.", false),
            ]
        );
        assert_eq!(r.into_iter().map(|(s, _)| s).collect::<String>(), text);
    }

    #[test]
    fn words_with_a_hyphen_but_not_between_numbers_wrap_as_usual() {
        for text in [
            "lowest-valued cards",
            "an 80-card deck",
            "Counter-Cluckwise",
            "",
            "  two  spaces ",
        ] {
            let r = runs(text);
            assert!(r.iter().all(|(_, whole)| !whole), "{text}");
            assert_eq!(r.into_iter().map(|(s, _)| s).collect::<String>(), text);
        }
    }
}
