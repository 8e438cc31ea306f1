//! Byte order marks and encoding detection (`utf8x::bom`, `utf8x::detect`).
//!
//! Oracles: std's encoders (`str::encode_utf16`, `chars`) make the UTF-16 and UTF-32 forms of
//! each text, so the right answer is the form that was made; encoding_rs makes the Windows-1252
//! texts. Inputs: those of `support::detect` (the text corpus, texts generated in ten scripts,
//! hand-written French, German and Spanish sentences) and proptest strings. simdutf's detection
//! is compared on the same inputs by the benchmark crate (benches/tests/detect.rs).

use crate::support::detect::*;
use crate::support::rng::Rng;
use proptest::prelude::*;
use utf8x::{__test, Encoding};

/// Checks each case, the mark of those that have one, and returns how many were checked.
fn check(cases: &[Case]) -> usize {
    let mut wrong = Vec::new();
    for case in cases {
        let got = utf8x::detect(&case.bytes);
        if got != case.want {
            wrong.push(format!("{}: detected {got}, want {}", case.name, case.want));
        }
        if case.name.ends_with("+BOM") {
            assert_eq!(
                utf8x::bom(&case.bytes),
                Some((case.want, bom_len(case.want))),
                "{}",
                case.name
            );
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    cases.len()
}

#[test]
fn corpus_every_form() {
    let n = check(&corpus_forms()) + check(&corpus_files());
    println!("{n} corpus cases");
}

#[test]
fn generated_texts_every_form() {
    let cases: Vec<Case> = generated()
        .iter()
        .flat_map(|(name, text)| forms(name, text))
        .collect();
    println!("{} generated cases", check(&cases));
}

#[test]
fn western_cp1252_and_utf8() {
    println!("{} Western cases", check(&western()));
    // Windows-1252 for its own sake: the quotes, dashes and euro of the 80..9F range.
    let typographic = cp1252("Il a payé 20 € — « très cher » … n’est-ce pas ? Oui.");
    assert_eq!(utf8x::detect(&typographic), Encoding::Cp1252);
}

/// Hand-picked inputs at the edges of each rule.
#[test]
fn edges() {
    use Encoding::*;
    let cases: &[(&[u8], Encoding)] = &[
        (b"", Utf8),
        (b"plain ASCII", Utf8),
        // Valid UTF-8 cut inside its last character is still UTF-8: the pinned rule, even where
        // the bytes were meant as Windows-1252 ("caf\xE9" is café there).
        (b"caf\xE9", Utf8),
        (b"\xE2\x82", Utf8),
        (b"\xF0\x9F\x98", Utf8),
        (b"caf\xE9 au lait", Cp1252),
        (b"\xFF", Cp1252),
        (b"Gr\xFC\xDFe\0", Cp1252),
        (b"Gr\xFC\xDFe!\0", Cp1252),
        (b"\x80abc", Cp1252),
        // `00` bytes alone do not make UTF-16: C strings with their terminators stay UTF-8.
        (b"hello world\0", Utf8),
        (b"hello\0world\0", Utf8),
        (b"one\0two\0three\0four\0", Utf8),
        (&[0; 16], Utf8),
        (b"h\0i\0", Utf16Le),
        (b"\0h\0i", Utf16Be),
        (b"h\0i\0!", Utf16Le),
        (b"a\0\0\0", Utf32Le),
        (b"\0\0\0a", Utf32Be),
        (b"a\0\0\0b\0\0\0c\0", Utf32Le),
        // Marks.
        (b"\xEF\xBB\xBF", Utf8),
        (b"\xEF\xBB\xBF\xFF", Utf8),
        (b"\xFF\xFE", Utf16Le),
        (b"\xFE\xFF", Utf16Be),
        (b"\xFF\xFE\0\0", Utf32Le),
        (b"\0\0\xFE\xFF", Utf32Be),
        (b"\xFF\xFE\0\0a\0\0\0", Utf32Le),
        // FF FE 00 00 then UTF-16LE, not UTF-32LE: a UTF-16LE mark and U+0000.
        (b"\xFF\xFE\0\0a\0b\0", Utf16Le),
        (b"\xFF\xFE\0\0a\0", Utf16Le),
    ];
    for &(bytes, want) in cases {
        assert_eq!(utf8x::detect(bytes), want, "{bytes:02X?}");
    }
    assert_eq!(utf8x::bom(b""), None);
    assert_eq!(utf8x::bom(b"\xEF\xBB"), None);
    assert_eq!(utf8x::bom(b"\xFF"), None);
    assert_eq!(utf8x::bom(b"\0\0\xFE"), None);
    assert_eq!(utf8x::bom(b"\xFF\xFE\0"), Some((Utf16Le, 2)));
    assert_eq!(utf8x::bom(b"\xFF\xFE\0\0"), Some((Utf32Le, 4)));
    assert_eq!(utf8x::bom(b"\xFE\xFF\0\0"), Some((Utf16Be, 2)));
    assert_eq!(utf8x::bom(b"\xBB\xBF"), None);
}

/// Prefixes of each form cut at any byte, as a reader with a fixed-size buffer sees them: from
/// 512 bytes on, every cut of every generated text still detects as the form it came from.
#[test]
fn cut_prefixes() {
    let mut rng = Rng::new(7);
    let mut wrong = Vec::new();
    let mut n = 0;
    for (name, text) in generated().iter().filter(|(n, _)| n.ends_with("-20000")) {
        for case in forms(name, text) {
            for _ in 0..40 {
                let cut = 512 + rng.below(case.bytes.len() - 512);
                let got = utf8x::detect(&case.bytes[..cut]);
                n += 1;
                if got != case.want {
                    wrong.push(format!("{} cut at {cut}: {got}", case.name));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    println!("{n} cut prefixes");
}

/// Windows of 64 characters of each generated text in UTF-16 without a mark: enough for the
/// statistics, even with no `00` byte (CJK).
#[test]
fn utf16_windows_of_64_characters() {
    let mut rng = Rng::new(64);
    let mut wrong = Vec::new();
    let mut n = 0;
    for (name, text) in generated().iter().filter(|(n, _)| n.ends_with("-3000")) {
        let chars: Vec<char> = text.chars().collect();
        for _ in 0..20 {
            let start = rng.below(chars.len() - 64);
            let window: String = chars[start..start + 64].iter().collect();
            for encoding in [Encoding::Utf16Le, Encoding::Utf16Be] {
                let bytes = encode(&window, encoding, false);
                let got = utf8x::detect(&bytes);
                n += 1;
                if got != encoding {
                    wrong.push(format!("{name} at {start} in {encoding}: {got}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    println!("{n} windows");
}

/// Strings proptest makes: any character but U+0000.
fn no_nul() -> impl Strategy<Value = String> {
    any::<String>().prop_map(|s| s.replace('\0', ""))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Valid UTF-8 without `00` is UTF-8, whole and cut anywhere inside its last character.
    #[test]
    fn utf8_without_nul_is_utf8(s in no_nul()) {
        prop_assert_eq!(utf8x::detect(s.as_bytes()), Encoding::Utf8);
        if let Some(last) = s.chars().next_back() {
            let start = s.len() - last.len_utf8();
            for cut in start + 1..s.len() {
                prop_assert_eq!(utf8x::detect(&s.as_bytes()[..cut]), Encoding::Utf8);
            }
        }
    }

    /// A mark decides, whatever follows it (but U+0000 right after `FF FE`, which reads as the
    /// UTF-32LE mark).
    #[test]
    fn a_mark_decides(s in any::<String>(), which in 0..UNICODE.len()) {
        let encoding = UNICODE[which];
        prop_assume!(!(encoding == Encoding::Utf16Le && s.starts_with('\0')));
        let bytes = encode(&s, encoding, true);
        prop_assert_eq!(utf8x::bom(&bytes), Some((encoding, bom_len(encoding))));
        prop_assert_eq!(utf8x::detect(&bytes), encoding);
    }

    /// Any bytes: an answer among the six, never a panic; and the mark, when there is one.
    #[test]
    fn any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let got = utf8x::detect(&bytes);
        prop_assert!(UNICODE.contains(&got) || got == Encoding::Cp1252);
        if let Some((encoding, _)) = utf8x::bom(&bytes) {
            prop_assert!(got == encoding || (encoding, got) == (Encoding::Utf32Le, Encoding::Utf16Le));
        }
    }
}

#[test]
fn implausible_code_points() {
    for c in [
        0x00, 0x01, 0x1F, 0x7F, 0x85, 0xE000, 0xFFFE, 0x1FFFF, 0x4_0000, 0x10_FFFD,
    ] {
        assert!(__test::implausible(c), "{c:X}");
    }
    for c in [
        0x09, 0x0A, 0x0D, 0x20, 0xE9, 0x4E2D, 0xAC00, 0x1_F600, 0x2_0000, 0xE_0001,
    ] {
        assert!(!__test::implausible(c), "{c:X}");
    }
}

#[test]
fn repeated_latin1_text_is_not_utf16() {
    // A Spanish sentence of 40 characters over and over: its even bytes take 8 values and
    // its odd bytes 16, the shape of UTF-16BE, but the pairs read as UTF-16 are one in five
    // outside the blocks where text lives.
    let sentence = "\u{bf}Qu\u{e9} pasa? Espa\u{f1}a, ma\u{f1}ana, coraz\u{f3}n \u{a1}s\u{ed}!";
    for sep in [" ", "\n"] {
        let text: Vec<u8> = sentence
            .chars()
            .chain(sep.chars())
            .cycle()
            .take(50 * 40)
            .map(|c| u8::try_from(u32::from(c)).expect("Latin-1"))
            .collect();
        assert_eq!(utf8x::detect(&text), Encoding::Cp1252, "{sep:?}");
    }
}

#[test]
fn utf16_reading_pairs_surrogates() {
    let counts = __test::utf16le_counts;
    assert_eq!(
        counts(&[0x3D, 0xD8, 0x00, 0xDE, 0x41, 0x00]),
        Some((2, 1, 1))
    );
    assert_eq!(counts(&[0x00, 0xDE, 0x41, 0x00]), None);
    // A high surrogate as the last unit: the sample may end there.
    assert_eq!(counts(&[0x41, 0x00, 0x3D, 0xD8]), Some((1, 0, 1)));
}
