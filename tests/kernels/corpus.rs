//! The generated corpus (tests/support/corpus.rs) is what the tests and the benchmark fall back
//! to without the lipsum files, so its promises are checked here: the same bytes on every run,
//! the character classes each script stands for, the lipsum sizes and layout.

use crate::support::corpus;

use corpus::{LATIN1_SCRIPT, SCRIPTS, SIZE, generate, generated_files};

/// UTF-8 lengths of the characters of `text`, as a bit set (bit n: some character has n bytes).
fn widths(text: &str) -> u8 {
    text.chars().fold(0, |set, c| set | 1 << c.len_utf8())
}

#[test]
fn same_text_every_time_and_sized_like_lipsum() {
    for script in SCRIPTS {
        let text = generate(script, SIZE);
        assert_eq!(
            text,
            generate(script, SIZE),
            "{script} is not deterministic"
        );
        assert!(
            (SIZE - 64..=SIZE).contains(&text.len()),
            "{script}: {} bytes",
            text.len()
        );
        assert!(text.ends_with('\n') && !text.contains('\0'), "{script}");
        assert!(generate(script, 100).len() <= 100, "{script}");
        assert_eq!(generate(script, 0), "");
    }
}

#[test]
fn character_classes() {
    let class = |script| widths(&generate(script, SIZE));
    assert_eq!(class("ASCII"), 1 << 1);
    assert_eq!(class("Accented"), 1 << 1 | 1 << 2);
    for script in ["Cyrillic", "Greek", "Arabic", "Hebrew"] {
        assert_eq!(class(script), 1 << 1 | 1 << 2, "{script}");
    }
    for script in ["Devanagari", "CJK", "Hangul"] {
        assert_eq!(class(script), 1 << 1 | 1 << 3, "{script}");
    }
    assert_eq!(
        class("Emoji") & (1 << 4 | 1 << 2),
        1 << 4,
        "emoji are 4-byte characters"
    );
    assert_eq!(class("Mixed"), 0b11110, "the mixed text has every length");
    let accented = generate("Accented", SIZE);
    assert!(accented.chars().all(|c| u32::from(c) <= 0xFF));
    let share = accented.chars().filter(|c| !c.is_ascii()).count() * 100 / accented.len();
    assert!((2..8).contains(&share), "{share}% accented letters");
}

#[test]
fn lipsum_layout() {
    let files = generated_files();
    assert_eq!(files.len(), SCRIPTS.len() * 3 + 1);
    for script in SCRIPTS {
        let find = |form: &str| {
            let name = format!("{script}-Generated.{form}.txt");
            files
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, b)| b.clone())
                .unwrap()
        };
        let text = String::from_utf8(find("utf8")).unwrap();
        let utf16: Vec<u8> = "\u{FEFF}"
            .encode_utf16()
            .chain(text.encode_utf16())
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(find("utf16"), utf16, "{script}");
        let utf32: Vec<u8> = text
            .chars()
            .flat_map(|c| u32::from(c).to_le_bytes())
            .collect();
        assert_eq!(find("utf32"), utf32, "{script}");
        if script == LATIN1_SCRIPT {
            let latin1: String = find("latin1").iter().map(|&b| char::from(b)).collect();
            assert_eq!(latin1, text);
        }
    }
}
