//! The shared lipsum corpus (`../shared/data/lipsum`, the simdutf benchmark inputs): every UTF-8
//! file against std, against the UTF-16 and UTF-32 files that come with it, and corrupted.

mod common;

use std::path::{Path, PathBuf};

use common::*;
use utf8x::{Outcome, Policy, Status};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/lipsum");
const SCRIPTS: [&str; 9] = [
    "Arabic", "Chinese", "Emoji", "Hebrew", "Hindi", "Japanese", "Korean", "Latin", "Russian",
];

/// The corpus directory, or `None` (with a note) when this checkout does not have it.
fn dir() -> Option<&'static Path> {
    let dir = Path::new(DIR);
    if dir.is_dir() {
        Some(dir)
    } else {
        println!("note: {DIR} is absent; lipsum tests skipped");
        None
    }
}

fn read(path: PathBuf) -> Vec<u8> {
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every `.utf8.txt` file: its name and text.
fn utf8_files(dir: &Path) -> Vec<(String, String)> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".utf8.txt"))
        .collect();
    files.sort();
    assert_eq!(files.len(), SCRIPTS.len() + 1, "{files:?}");
    files
        .into_iter()
        .map(|name| {
            let text = String::from_utf8(read(dir.join(&name))).unwrap();
            (name, text)
        })
        .collect()
}

fn ok(read: usize, written: usize) -> Outcome {
    Outcome {
        read,
        written,
        ..Outcome::default()
    }
}

#[test]
fn utf8_files_validate_and_convert_like_std() {
    let Some(dir) = dir() else { return };
    for (name, text) in utf8_files(dir) {
        let src = text.as_bytes();
        assert_eq!(utf8x::validate(src), ok(src.len(), 0), "{name}");
        assert!(utf8x::is_valid(src));
        assert_eq!(utf8x::count(src), text.chars().count(), "{name}");
        assert_eq!(utf8x::is_ascii(src), text.is_ascii(), "{name}");

        let values: Vec<u16> = text.encode_utf16().collect();
        let (o, out) = run(utf8x::to_utf16le, src, values.len(), Policy::Strict);
        assert_eq!(o, ok(src.len(), values.len()), "{name}");
        assert!(out == as_le(&values), "{name}: to_utf16le differs from std");
        let (o, out) = run(utf8x::to_utf16be, src, values.len(), Policy::Strict);
        assert_eq!(o, ok(src.len(), values.len()), "{name}");
        assert!(out == as_be(&values), "{name}: to_utf16be differs from std");
        assert_eq!(
            utf8x::to_utf16(src, None, Policy::Strict),
            ok(src.len(), values.len())
        );

        let scalars: Vec<u32> = text.chars().map(u32::from).collect();
        let (o, out) = run(utf8x::to_utf32, src, scalars.len(), Policy::Strict);
        assert_eq!(o, ok(src.len(), scalars.len()), "{name}");
        assert!(out == scalars, "{name}: to_utf32 differs from std");

        let (o, back) = run(
            utf8x::from_utf16le,
            &as_le(&values),
            src.len(),
            Policy::Strict,
        );
        assert_eq!(o, ok(values.len(), src.len()), "{name}");
        assert!(back == src, "{name}: from_utf16le differs from the file");
        let (o, back) = run(utf8x::from_utf32, &scalars, src.len(), Policy::Strict);
        assert_eq!(o, ok(scalars.len(), src.len()), "{name}");
        assert!(back == src, "{name}: from_utf32 differs from the file");
    }
}

/// The `.utf16.txt` files are UTF-16LE with one added BOM (FF FE); the `.utf32.txt` files are
/// UTF-32LE with none added (the Emoji text has its own U+FEFF, like its UTF-8 file).
#[test]
fn provided_utf16_and_utf32_files_equal_our_conversion() {
    let Some(dir) = dir() else { return };
    for script in SCRIPTS {
        let utf8 = read(dir.join(format!("{script}-Lipsum.utf8.txt")));
        let utf16 = read(dir.join(format!("{script}-Lipsum.utf16.txt")));
        let utf32 = read(dir.join(format!("{script}-Lipsum.utf32.txt")));
        assert_eq!(&utf16[..2], b"\xFF\xFE", "{script}: no UTF-16LE BOM");
        assert_eq!(utf8.starts_with(b"\xEF\xBB\xBF"), script == "Emoji");
        assert_eq!(utf32.starts_with(b"\xFF\xFE\0\0"), script == "Emoji");
        assert_eq!((utf16.len() % 2, utf32.len() % 4), (0, 0));

        // Units whose memory holds the file's bytes, i.e. UTF-16LE units in utf8x's terms.
        let file16: Vec<u16> = utf16[2..]
            .chunks_exact(2)
            .map(|b| u16::from_ne_bytes([b[0], b[1]]))
            .collect();
        let (o, out) = run(utf8x::to_utf16le, &utf8, file16.len(), Policy::Strict);
        assert_eq!(o, ok(utf8.len(), file16.len()), "{script}");
        assert!(
            out == file16,
            "{script}: to_utf16le differs from the .utf16.txt file"
        );
        let (o, back) = run(utf8x::from_utf16le, &file16, utf8.len(), Policy::Strict);
        assert_eq!(o, ok(file16.len(), utf8.len()), "{script}");
        assert!(
            back == utf8,
            "{script}: from_utf16le of the .utf16.txt file differs"
        );
        let swapped: Vec<u16> = file16.iter().map(|u| u.swap_bytes()).collect();
        let (o, back) = run(utf8x::from_utf16be, &swapped, utf8.len(), Policy::Strict);
        assert_eq!(o, ok(file16.len(), utf8.len()), "{script}");
        assert!(
            back == utf8,
            "{script}: from_utf16be of the byte-swapped file differs"
        );

        let file32: Vec<u32> = utf32
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        let (o, out) = run(utf8x::to_utf32, &utf8, file32.len(), Policy::Strict);
        assert_eq!(o, ok(utf8.len(), file32.len()), "{script}");
        assert!(
            out == file32,
            "{script}: to_utf32 differs from the .utf32.txt file"
        );
        assert_eq!(utf8x::validate_utf32(&file32), ok(file32.len(), 0));
        let (o, back) = run(utf8x::from_utf32, &file32, utf8.len(), Policy::Strict);
        assert_eq!(o, ok(file32.len(), utf8.len()), "{script}");
        assert!(
            back == utf8,
            "{script}: from_utf32 of the .utf32.txt file differs"
        );
    }
}

#[test]
fn french_latin1_file() {
    let Some(dir) = dir() else { return };
    let latin1 = read(dir.join("french.latin1.txt"));
    let utf8 = read(dir.join("french.utflatin8.txt"));
    let want: String = latin1.iter().map(|&b| b as char).collect();
    assert!(!latin1.is_ascii());
    assert_eq!(want.as_bytes(), utf8, "the pair disagrees with itself");
    let (o, out) = run(utf8x::from_latin1, &latin1, want.len(), Policy::Strict);
    assert_eq!(o, ok(latin1.len(), want.len()));
    assert!(
        out == want.as_bytes(),
        "from_latin1 differs from mapping bytes to chars"
    );
    let (o, back) = run(utf8x::to_latin1, &utf8, latin1.len(), Policy::Strict);
    assert_eq!(o, ok(utf8.len(), latin1.len()));
    assert!(
        back == latin1,
        "to_latin1 of french.utflatin8.txt differs from french.latin1.txt"
    );
}

/// Slices of every file, corrupted, through every conversion and policy; and whole files with
/// one corruption through the REPLACE oracle.
#[test]
fn corrupted_files_match_oracles() {
    let Some(dir) = dir() else { return };
    let mut rng = Rng::new(23);
    for (name, text) in utf8_files(dir) {
        let src = text.as_bytes();
        for i in 0..6 {
            let start = rng.below(src.len());
            let slice = &src[start..(start + 200 + rng.below(300)).min(src.len())];
            let bad = corrupt(slice, rng.next());
            check_utf8_source(&bad);
            // Room for a character or two, or for a few vector blocks.
            let caps: Vec<usize> = (0..20)
                .map(|_| {
                    let bound = if rng.below(2) == 0 { 6 } else { 160 };
                    rng.below(bound)
                })
                .collect();
            check_resumable(&TO_UTF16LE, &bad, POLICIES[i % 4], &caps);
            check_resumable(&TO_UTF32, &bad, POLICIES[(i + 1) % 4], &caps);
        }
        let mut whole = src.to_vec();
        // At a character boundary, so the snippet is a three-byte maximal subpart.
        let at = (0..=rng.below(whole.len()))
            .rev()
            .find(|&i| text.is_char_boundary(i))
            .unwrap();
        whole.splice(at..at, b"\xF0\x9F\x98".iter().copied());
        let lossy: Vec<u16> = String::from_utf8_lossy(&whole).encode_utf16().collect();
        let (o, out) = run(utf8x::to_utf16, &whole, lossy.len(), Policy::Replace);
        assert_eq!(
            (o.status, o.read, o.replaced),
            (Status::Ok, whole.len(), 1),
            "{name}"
        );
        assert!(out == lossy, "{name}: REPLACE differs from from_utf8_lossy");
        let v = utf8x::validate(&whole);
        let e = std::str::from_utf8(&whole).unwrap_err();
        assert_eq!(
            (v.status, v.read, v.error_len),
            (Status::Invalid, e.valid_up_to(), 3)
        );
    }
}
