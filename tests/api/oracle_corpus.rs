//! The text corpus (tests/support/corpus.rs: the lipsum files when they are beside the
//! repository, the generated ones otherwise): every UTF-8 file against std, against the UTF-16
//! and UTF-32 files that come with it, and corrupted.

use crate::support::corpus::corpus;
use crate::support::*;
use utf8x::{Outcome, Policy, Status};

fn ok(read: usize, written: usize) -> Outcome {
    Outcome {
        read,
        written,
        ..Outcome::default()
    }
}

#[test]
fn utf8_files_validate_and_convert_like_std() {
    for (name, text) in corpus().texts() {
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
/// UTF-32LE with none added (a text with its own U+FEFF, like lipsum's Emoji, keeps it in both).
/// The lipsum files were encoded by another program; the generated ones by std.
#[test]
fn provided_utf16_and_utf32_files_equal_our_conversion() {
    let corpus = corpus();
    for (name, utf8) in corpus.ending(".utf8.txt") {
        let script = name.trim_end_matches(".utf8.txt");
        // The pure-ASCII file of the lipsum corpus comes in UTF-8 only.
        let (Some(utf16), Some(utf32)) = (
            corpus.get(&format!("{script}.utf16.txt")),
            corpus.get(&format!("{script}.utf32.txt")),
        ) else {
            continue;
        };
        assert_eq!(&utf16[..2], b"\xFF\xFE", "{script}: no UTF-16LE BOM");
        assert_eq!(
            utf8.starts_with(b"\xEF\xBB\xBF"),
            utf32.starts_with(b"\xFF\xFE\0\0"),
            "{script}: a text's own U+FEFF is in both or neither"
        );
        assert_eq!((utf16.len() % 2, utf32.len() % 4), (0, 0));

        // Units whose memory holds the file's bytes, i.e. UTF-16LE units in utf8x's terms.
        let file16: Vec<u16> = utf16[2..]
            .chunks_exact(2)
            .map(|b| u16::from_ne_bytes([b[0], b[1]]))
            .collect();
        let (o, out) = run(utf8x::to_utf16le, utf8, file16.len(), Policy::Strict);
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
        let (o, out) = run(utf8x::to_utf32, utf8, file32.len(), Policy::Strict);
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
fn latin1_file() {
    let corpus = corpus();
    let (latin1_name, utf8_name) = corpus.latin1_pair();
    let latin1 = corpus.get(&latin1_name).expect("the Latin-1 file");
    let utf8 = corpus.get(&utf8_name).expect("its UTF-8 form");
    let want: String = latin1.iter().map(|&b| b as char).collect();
    assert!(!latin1.is_ascii());
    assert_eq!(want.as_bytes(), utf8, "the pair disagrees with itself");
    let (o, out) = run(utf8x::from_latin1, latin1, want.len(), Policy::Strict);
    assert_eq!(o, ok(latin1.len(), want.len()));
    assert!(
        out == want.as_bytes(),
        "from_latin1 differs from mapping bytes to chars"
    );
    let (o, back) = run(utf8x::to_latin1, utf8, latin1.len(), Policy::Strict);
    assert_eq!(o, ok(utf8.len(), latin1.len()));
    assert!(
        back == latin1,
        "to_latin1 of {utf8_name} differs from {latin1_name}"
    );
}

/// Slices of every file, corrupted, through every conversion and policy; and whole files with
/// one corruption through the REPLACE oracle.
#[test]
fn corrupted_files_match_oracles() {
    let mut rng = Rng::new(23);
    for (name, text) in corpus().texts() {
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
