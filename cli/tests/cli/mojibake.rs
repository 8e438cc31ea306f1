//! Mojibake repair measured on ftfy's published test cases (`tests/data/ftfy/`, from ftfy 6.3.1,
//! Apache-2.0; see the README there): every case runs through `utf8x convert --mojibake`, and
//! its result is compared with the case's `fixed-encoding` (else `fixed`), what ftfy's
//! `fix_encoding` gives. The "negative" cases are correct text that only looks like mojibake:
//! every one must come out unchanged. Of the others, the count restored may only grow (ftfy 6.3.1
//! itself restores every case not listed as a known failure).

use std::fs;
use std::path::Path;

use serde_json::Value;

use crate::{file, scratch, utf8x};

/// Cases of ftfy's other files (not known failures) restored at least: the score reached, as a
/// ratchet (`scripts/mojibake-score.py` prints it).
const RESTORED_AT_LEAST: usize = 120;

struct Case {
    file: String,
    original: String,
    expected: String,
}

fn cases() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ftfy");
    let mut cases = Vec::new();
    let mut names: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".json") && n != "known-failures.json")
        .collect();
    names.sort();
    for name in names {
        let text = fs::read_to_string(dir.join(&name)).unwrap();
        let list: Vec<Value> = serde_json::from_str(&text).unwrap();
        for case in list {
            if case["expect"] != "pass" {
                continue;
            }
            let expected = case.get("fixed-encoding").unwrap_or(&case["fixed"]);
            cases.push(Case {
                file: name.clone(),
                original: case["original"].as_str().unwrap().to_owned(),
                expected: expected.as_str().unwrap().to_owned(),
            });
        }
    }
    cases
}

#[test]
fn ftfy_test_cases() {
    let cases = cases();
    let (mut negative, mut restored, mut others) = (0, 0, 0);
    let mut damaged = Vec::new();
    for case in &cases {
        let run = utf8x(&["convert", "--mojibake"], case.original.as_bytes());
        assert_eq!(run.code, 0, "{}", run.stderr);
        let out = String::from_utf8(run.stdout).unwrap();
        if case.file == "negative.json" {
            negative += 1;
            if out != case.expected {
                damaged.push(format!("{:?} became {out:?}", case.original));
            }
        } else {
            others += 1;
            restored += usize::from(out == case.expected);
        }
    }
    eprintln!(
        "negative cases unchanged: {} of {negative}",
        negative - damaged.len()
    );
    eprintln!("other cases restored: {restored} of {others}");
    assert_eq!(negative, 31);
    assert_eq!(others, 120);
    assert!(damaged.is_empty(), "correct text changed: {damaged:#?}");
    assert!(restored >= RESTORED_AT_LEAST, "{restored} of {others}");
}

/// French text damaged once and twice (no-break spaces of its typography included), and a line
/// ftfy leaves as it is: fix restores the first two whole and says which damage it undid, names
/// the line it could not restore, and a second fix finds nothing more to do.
#[test]
fn fix_restores_every_layer_and_says_which() {
    let dir = scratch("mojibake-layers");
    let text = "« Bientôt à Paris » : déjà l’été !\n";
    let once: String = text.bytes().map(cp1252).collect();
    let twice: String = once.bytes().map(cp1252).collect();
    let mac = "Le Vigne di Zam√≤\n";
    let unclear = "Bremer/Mccoy – DrÃ¥ber\n";
    let damaged = format!("{once}{twice}{once}{mac}{unclear}");
    let path = file(&dir, "fr", damaged.as_bytes());
    let run = utf8x(&["fix", &path], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.text(),
        format!(
            "{path}: fixed: 4 lines with mojibake restored (UTF-8 read as Windows-1252: 2, \
             MacRoman: 1, Windows-1252 twice: 1), 1 line still like mojibake, not restored \
             (line 5)\n"
        )
    );
    let restored = format!("{text}{text}{text}Le Vigne di Zamò\n{unclear}");
    assert_eq!(fs::read_to_string(&path).unwrap(), restored);
    let run = utf8x(&["fix", &path], b"");
    assert_eq!(
        run.text(),
        format!(
            "{path}: valid UTF-8, unchanged, 1 line still like mojibake, not restored (line 5)\n"
        )
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), restored);
}

/// What Windows-1252 (WHATWG's, C1 controls for its undefined bytes) makes of a byte.
fn cp1252(b: u8) -> char {
    const HIGH: &str = "€\u{81}‚ƒ„…†‡ˆ‰Š‹Œ\u{8D}Ž\u{8F}\u{90}‘’“”•–—˜™š›œ\u{9D}žŸ";
    match b {
        0x80..=0x9F => HIGH.chars().nth(usize::from(b - 0x80)).unwrap(),
        _ => char::from(b),
    }
}
