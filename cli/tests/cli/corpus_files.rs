//! The text corpus (tests/support/corpus.rs at the repository root: the lipsum files when they
//! are beside the repository, the generated ones otherwise; every script in UTF-8, UTF-16LE with
//! a leading BOM and UTF-32LE, and a Latin-1/UTF-8 pair) through `check` and `convert`.

use std::fs;

use crate::{utf8x, utf16, utf32};

#[path = "../../../tests/support/corpus.rs"]
mod corpus;

fn path(dir: &std::path::Path, name: &str) -> String {
    dir.join(name).to_str().expect("UTF-8 path").to_owned()
}

fn convert(from: &str, to: &str, file: &str) -> Vec<u8> {
    utf8x(&["convert", "-f", from, "-t", to, file], b"").ok()
}

#[test]
fn every_script_checks_and_converts_like_std() {
    let corpus = corpus::corpus();
    let dir = corpus.dir();
    for (name, _) in corpus.ending(".utf8.txt") {
        let script = name.trim_end_matches(".utf8.txt");
        // The pure-ASCII file of the lipsum corpus comes in UTF-8 only.
        if corpus.get(&format!("{script}.utf16.txt")).is_none() {
            continue;
        }
        let (u8_file, u16_file, u32_file) = (
            path(dir, name),
            path(dir, &format!("{script}.utf16.txt")),
            path(dir, &format!("{script}.utf32.txt")),
        );
        let bytes = fs::read(&u8_file).unwrap();
        let text = std::str::from_utf8(&bytes).expect("corpus text is UTF-8");
        let chars = text.chars().count();
        assert_eq!(
            utf8x(&["check", &u8_file], b"").ok(),
            format!(
                "{u8_file}: ok ({} bytes, {chars} characters)\n",
                bytes.len()
            )
            .as_bytes()
        );
        // The UTF-16 files carry one added U+FEFF, which conversion keeps as a character.
        let with_bom = format!("\u{FEFF}{text}");
        let u16_bytes = fs::read(&u16_file).unwrap();
        assert_eq!(
            u16_bytes,
            utf16(&with_bom, u16::to_le_bytes),
            "{script} corpus"
        );
        assert_eq!(
            convert("utf-8", "utf-16le", &u8_file),
            utf16(text, u16::to_le_bytes)
        );
        assert_eq!(
            convert("utf-8", "utf-16be", &u8_file),
            utf16(text, u16::to_be_bytes)
        );
        assert_eq!(convert("utf-16le", "utf-8", &u16_file), with_bom.as_bytes());
        assert_eq!(
            convert("utf-8", "utf-32le", &u8_file),
            fs::read(&u32_file).unwrap()
        );
        assert_eq!(convert("utf-32le", "utf-8", &u32_file), bytes);
        // Pivots: UTF-16 to UTF-32 and back.
        assert_eq!(
            convert("utf-16le", "utf-32be", &u16_file),
            utf32(&with_bom, u32::to_be_bytes)
        );
        assert_eq!(
            convert("utf-32le", "utf-16be", &u32_file),
            utf16(text, u16::to_be_bytes)
        );
        // Latin-1 holds the ASCII and accented Latin texts whole; every other script stops
        // with an exact offset, checked against std.
        let first = text.char_indices().find(|&(_, c)| u32::from(c) > 0xFF);
        let run = utf8x(&["convert", "-f", "utf-8", "-t", "latin1", &u8_file], b"");
        match first {
            None => assert_eq!(run.ok(), text.chars().map(|c| c as u8).collect::<Vec<u8>>()),
            Some((at, c)) => run.fails(
                1,
                &format!(
                    "utf8x: {u8_file}: cannot convert U+{:04X} at byte offset {at} to ISO-8859-1: \
                     character not representable in the target encoding\n",
                    u32::from(c)
                ),
            ),
        }
    }
}

#[test]
fn latin1_round_trips() {
    let corpus = corpus::corpus();
    let (latin1_name, utf8_name) = corpus.latin1_pair();
    let (latin1, utf8) = (
        path(corpus.dir(), &latin1_name),
        path(corpus.dir(), &utf8_name),
    );
    let latin1_bytes = fs::read(&latin1).unwrap();
    let expected: String = latin1_bytes.iter().map(|&b| char::from(b)).collect();
    assert_eq!(fs::read(&utf8).unwrap(), expected.as_bytes(), "corpus pair");
    assert_eq!(convert("latin1", "utf-8", &latin1), expected.as_bytes());
    assert_eq!(convert("utf-8", "iso-8859-1", &utf8), latin1_bytes);
    assert_eq!(
        convert("latin1", "utf-16be", &latin1),
        utf16(&expected, u16::to_be_bytes)
    );
    // The Latin-1 file is not UTF-8: check finds its first accented letter.
    let first = latin1_bytes.iter().position(|&b| b >= 0x80).unwrap();
    let run = utf8x(&["check", &latin1], b"");
    assert_eq!(run.code, 1);
    let report = String::from_utf8(run.stdout).unwrap();
    assert!(
        report.starts_with(&format!("{latin1}: invalid UTF-8 at byte {first} (line ")),
        "{report}"
    );
}
