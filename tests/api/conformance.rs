//! Conformance with the Unicode Standard, ch. 3: the worked examples of maximal-subpart
//! substitution with their exact outputs, every lead byte against every following byte, and
//! every error kind at every offset near the kernels' block sizes.

use crate::support::*;
use utf8x::{ErrorKind, Outcome, Policy, Status};

use ErrorKind::{
    Incomplete, InvalidLead, LoneSurrogate, OutOfRange, Overlong, Surrogate, TooLarge, TooShort,
    UnexpectedContinuation,
};

fn utf16(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

fn utf32(s: &str) -> Vec<u32> {
    s.chars().map(u32::from).collect()
}

/// Runs `f` with plenty of room and returns its outcome and output.
fn convert<D: Unit>(f: RunFn<u8, D>, src: &[u8], policy: Policy) -> (Outcome, Vec<D>) {
    run(f, src, roomy(src.len()), policy)
}

/// The examples of Unicode 16 ch. 3 §3.9, "U+FFFD Substitution of Maximal Subparts" (input, REPLACE text, first error as
/// (offset, error_len, kind)), copied from the tables and the kinds worked out by hand.
const EXAMPLES: &[(&[u8], &str, usize, usize, ErrorKind)] = &[
    // Table 3-8: U+FFFD for each maximal subpart.
    (
        b"\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64",
        "a\u{FFFD}\u{FFFD}\u{FFFD}b\u{FFFD}c\u{FFFD}\u{FFFD}d",
        1,
        3,
        TooShort,
    ),
    // Non-shortest forms.
    (
        b"\xC0\xAF\xE0\x80\xBF\xF0\x81\x82\x41",
        "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}A",
        0,
        1,
        Overlong,
    ),
    // Surrogates.
    (
        b"\xED\xA0\x80\xED\xBF\xBF\xED\xAF\x41",
        "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}A",
        0,
        1,
        Surrogate,
    ),
    // Other ill-formed sequences.
    (
        b"\xF4\x91\x92\x93\xFF\x41\x80\xBF\x42",
        "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}A\u{FFFD}\u{FFFD}B",
        0,
        1,
        TooLarge,
    ),
    // Truncated sequences.
    (
        b"\xE1\x80\xE2\xF0\x91\x92\xF1\xBF\x41",
        "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}A",
        0,
        2,
        TooShort,
    ),
];

#[test]
fn unicode_substitution_examples_exact() {
    for &(src, text, at, len, kind) in EXAMPLES {
        let subs = text.matches('\u{FFFD}').count();
        // The standard's text is what std produces too.
        assert_eq!(String::from_utf8_lossy(src), text);

        let (o, out) = convert(utf8x::to_utf16le, src, Policy::Replace);
        assert_eq!(
            (o.status, o.read, o.replaced),
            (Status::Ok, src.len(), subs)
        );
        assert_eq!(out, as_le(&utf16(text)), "{}", hex(src));
        let (o, out) = convert(utf8x::to_utf16be, src, Policy::Replace);
        assert_eq!((o.status, o.replaced), (Status::Ok, subs));
        assert_eq!(out, as_be(&utf16(text)));
        let (o, out) = convert(utf8x::to_utf32, src, Policy::Replace);
        assert_eq!((o.status, o.replaced), (Status::Ok, subs));
        assert_eq!(out, utf32(text));
        let (o, out) = convert(utf8x::to_latin1, src, Policy::Replace);
        assert_eq!((o.status, o.replaced), (Status::Ok, subs));
        assert_eq!(out, text.replace('\u{FFFD}', "?").into_bytes());

        let (o, out) = convert(utf8x::to_utf32, src, Policy::Skip);
        assert_eq!((o.status, o.replaced), (Status::Ok, subs));
        assert_eq!(out, utf32(&text.replace('\u{FFFD}', "")));

        let v = utf8x::validate(src);
        assert_eq!(
            (v.status, v.read, v.error_len, v.error),
            (Status::Invalid, at, len, kind),
            "{}",
            hex(src)
        );
        for p in POLICIES {
            check(&TO_UTF16LE, src, p);
            check(&TO_LATIN1, src, p);
        }
    }
}

#[test]
fn escape_of_table_3_8_exact() {
    let src = b"\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64";
    let want: Vec<u32> = vec![
        0x61, 0xDCF1, 0xDC80, 0xDC80, 0xDCE1, 0xDC80, 0xDCC2, 0x62, 0xDC80, 0x63, 0xDC80, 0xDCBF,
        0x64,
    ];
    let (o, out) = convert(utf8x::to_utf32, src, Policy::Escape);
    assert_eq!((o.status, o.written, o.replaced), (Status::Ok, 13, 9));
    assert_eq!(out, want);
    let (o, out) = convert(utf8x::to_utf16le, src, Policy::Escape);
    assert_eq!(o.replaced, 9);
    let values: Vec<u32> = out.iter().map(|&u| u16::from_le(u).into()).collect();
    assert_eq!(values, want);
    let (o, back) = run(utf8x::from_utf32, &want, 64, Policy::Escape);
    assert_eq!((o.status, o.replaced), (Status::Ok, 9));
    assert_eq!(back, src);
    assert_eq!(
        convert(utf8x::to_latin1, src, Policy::Escape).0,
        Outcome {
            status: Status::BadArgument,
            error: ErrorKind::BadArgument,
            ..Outcome::default()
        }
    );
}

/// First problems worked out by hand from Table 3-7: (input, read, error_len, kind).
const FIRST_ERRORS: &[(&[u8], usize, usize, ErrorKind)] = &[
    (b"\x80", 0, 1, UnexpectedContinuation),
    (b"a\xBF", 1, 1, UnexpectedContinuation),
    (b"\xC3\xA9\x80", 2, 1, UnexpectedContinuation),
    (b"\xC0\x80", 0, 1, Overlong),
    (b"\xC1\xBF", 0, 1, Overlong),
    (b"\xC2\x41", 0, 1, TooShort),
    (b"\xC2\xC2\xA2", 0, 1, TooShort),
    (b"\xC2", 0, 0, Incomplete),
    (b"ab\xDF", 2, 0, Incomplete),
    (b"\xE0\x80\x80", 0, 1, Overlong),
    (b"\xE0\x9F\xBF", 0, 1, Overlong),
    (b"\xE0\xA0\x41", 0, 2, TooShort),
    (b"\xE0\xA0", 0, 0, Incomplete),
    (b"\xE0", 0, 0, Incomplete),
    (b"\xE1\xC0", 0, 1, TooShort),
    (b"\xED\xA0\x80", 0, 1, Surrogate),
    (b"\xED\xBF\xBF", 0, 1, Surrogate),
    (b"\xED\x9F\x41", 0, 2, TooShort),
    (b"\xEF\xBF", 0, 0, Incomplete),
    (b"\xF0\x80\x80\x80", 0, 1, Overlong),
    (b"\xF0\x8F\xBF\xBF", 0, 1, Overlong),
    (b"\xF0\x90\x41", 0, 2, TooShort),
    (b"\xF0\x90\x80\x41", 0, 3, TooShort),
    (b"\xF0\x90\x80", 0, 0, Incomplete),
    (b"\xF1\x80\x80\xC2\x80", 0, 3, TooShort),
    (b"\xF4\x8F\xBF", 0, 0, Incomplete),
    (b"\xF4\x90\x80\x80", 0, 1, TooLarge),
    (b"\xF4\xBF\xBF\xBF", 0, 1, TooLarge),
    (b"\xF5\x80\x80\x80", 0, 1, TooLarge),
    (b"\xF7\xBF\xBF\xBF", 0, 1, TooLarge),
    (b"\xF8\x88\x80\x80\x80", 0, 1, InvalidLead),
    (b"\xFC\x84\x80\x80\x80\x80", 0, 1, InvalidLead),
    (b"\xFE", 0, 1, InvalidLead),
    (b"\xFF\xFE", 0, 1, InvalidLead),
];

#[test]
fn first_errors_by_hand() {
    for &(src, read, error_len, kind) in FIRST_ERRORS {
        let status = if kind == Incomplete {
            Status::Truncated
        } else {
            Status::Invalid
        };
        let want = Outcome {
            status,
            error: kind,
            read,
            error_len,
            ..Outcome::default()
        };
        assert_eq!(utf8x::validate(src), want, "{}", hex(src));
        check_validate(src).unwrap_err();
        let (o, out) = convert(utf8x::to_utf32, src, Policy::Strict);
        let chars = std::str::from_utf8(&src[..read]).unwrap().chars().count();
        assert_eq!(
            o,
            Outcome {
                written: chars,
                ..want
            },
            "{}",
            hex(src)
        );
        assert_eq!(out.len(), chars);
        check_utf8_source(src);
    }
}

/// UTF-16 values, their first problem as (status, read, error_len, kind), and the REPLACE text.
type Utf16Case = (
    &'static [u16],
    Status,
    usize,
    usize,
    ErrorKind,
    &'static str,
);

#[test]
fn utf16_and_utf32_errors_by_hand() {
    let cases: &[Utf16Case] = &[
        (&[0xDC00], Status::Invalid, 0, 1, LoneSurrogate, "\u{FFFD}"),
        (
            &[0x41, 0xDFFF, 0x42],
            Status::Invalid,
            1,
            1,
            LoneSurrogate,
            "A\u{FFFD}B",
        ),
        (
            &[0xD800, 0x41],
            Status::Invalid,
            0,
            1,
            LoneSurrogate,
            "\u{FFFD}A",
        ),
        (
            &[0xDBFF, 0xDBFF, 0xDFFF],
            Status::Invalid,
            0,
            1,
            LoneSurrogate,
            "\u{FFFD}\u{10FFFF}",
        ),
        (
            &[0x41, 0xD800],
            Status::Truncated,
            1,
            0,
            Incomplete,
            "A\u{FFFD}",
        ),
        (
            &[0xD83D, 0xDE00, 0xDBFF],
            Status::Truncated,
            2,
            0,
            Incomplete,
            "😀\u{FFFD}",
        ),
    ];
    for &(values, status, read, error_len, kind, replaced_text) in cases {
        for (conv, units) in [
            (FROM_UTF16LE, as_le(values)),
            (FROM_UTF16BE, as_be(values)),
            (FROM_UTF16, values.to_vec()),
        ] {
            let want = Outcome {
                status,
                error: kind,
                read,
                error_len,
                ..Outcome::default()
            };
            let validated = match conv.name {
                "from_utf16le" => utf8x::validate_utf16le(&units),
                "from_utf16be" => utf8x::validate_utf16be(&units),
                _ => utf8x::validate_utf16_native(&units),
            };
            assert_eq!(validated, want, "{values:x?}");
            let (o, out) = run(conv.run, &units, 64, Policy::Replace);
            assert_eq!(o.status, Status::Ok);
            assert_eq!(out, replaced_text.as_bytes(), "{} {values:x?}", conv.name);
            check_all_policies(&conv, &units);
        }
    }
    let cases: &[(u32, ErrorKind)] = &[
        (0xD800, Surrogate),
        (0xDFFF, Surrogate),
        (0x11_0000, OutOfRange),
        (0xFFFF_FFFF, OutOfRange),
    ];
    for &(bad, kind) in cases {
        let src = [0x41, bad, 0x1F600];
        let want = Outcome {
            status: Status::Invalid,
            error: kind,
            read: 1,
            error_len: 1,
            ..Outcome::default()
        };
        assert_eq!(utf8x::validate_utf32(&src), want);
        let (o, out) = run(utf8x::from_utf32, &src, 64, Policy::Replace);
        assert_eq!((o.status, o.replaced), (Status::Ok, 1));
        assert_eq!(out, "A\u{FFFD}😀".as_bytes());
        check_all_policies(&FROM_UTF32, &src);
    }
}

/// Every lead byte followed by every byte, alone and inside text.
#[test]
fn every_byte_pair() {
    for a in 0..=255u8 {
        check_validate(&[a]).ok();
        for b in 0..=255u8 {
            check_validate(&[a, b]).ok();
            let inside = [b'x', a, b, b'y'];
            check_validate(&inside).ok();
            for p in POLICIES {
                check(&TO_UTF16LE, &inside, p);
            }
        }
    }
}

/// The same pairs through every other conversion, in one input per lead byte (an ASCII byte
/// after each pair keeps the subparts apart).
#[test]
fn every_byte_pair_all_conversions() {
    for a in 0..=255u8 {
        let src: Vec<u8> = (0..=255u8).flat_map(|b| [a, b, b'.']).collect();
        check_utf8_source(&src);
    }
}

/// Every viable two-byte prefix with every third byte; every viable three-byte prefix built on
/// the edges of the second-byte range with every fourth byte.
#[test]
fn every_third_and_fourth_byte() {
    let viable = |s: &[u8]| matches!(classify(s), Class::Truncated(_) | Class::Char(_));
    let mut checked = 0;
    for a in 0xE0..=0xF4u8 {
        for b in (0x80..=0xBFu8).filter(|&b| viable(&[a, b])) {
            for c in 0..=255u8 {
                check_validate(&[a, b, c]).ok();
                checked += 1;
            }
        }
    }
    for a in 0xF0..=0xF4u8 {
        let seconds: Vec<u8> = (0x80..=0xBFu8).filter(|&b| viable(&[a, b])).collect();
        let edges = [
            seconds[0],
            seconds[seconds.len() / 2],
            seconds[seconds.len() - 1],
        ];
        for b in edges {
            for c in [0x80, 0x9F, 0xA0, 0xBF] {
                for d in 0..=255u8 {
                    let valid = check_validate(&[a, b, c, d]).is_ok();
                    assert_eq!(valid, (0x80..=0xBF).contains(&d));
                    checked += 1;
                }
            }
        }
    }
    // Viable (lead, second) pairs counted by hand from Table 3-7: E0 32, E1..EC 12 * 64, ED 32,
    // EE..EF 2 * 64, F0 48, F1..F3 3 * 64, F4 16.
    let pairs = 32 + 12 * 64 + 32 + 2 * 64 + 48 + 3 * 64 + 16;
    assert_eq!(checked, (pairs + 5 * 3 * 4) * 256);
}

/// Text that fills exactly `n` bytes: ASCII, or a mix of 2-, 3- and 4-byte characters.
fn filler(n: usize, multibyte: bool) -> String {
    let mut s = String::new();
    let cycle = ['é', '€', '😀', 'ж', '\u{10FFFF}', '中'];
    let mut i = 0;
    while s.len() < n {
        let c = cycle[i % cycle.len()];
        i += 1;
        if !multibyte || s.len() + c.len_utf8() > n {
            s.push(char::from(b'a' + (s.len() % 26) as u8));
        } else {
            s.push(c);
        }
    }
    s
}

/// (snippet, error_len, kind): one or more per UTF-8 error kind; Incomplete ones go at the end.
const SNIPPETS: &[(&[u8], usize, ErrorKind)] = &[
    (b"\xFF", 1, InvalidLead),
    (b"\xF8\x80", 1, InvalidLead),
    (b"\x80", 1, UnexpectedContinuation),
    (b"\xBF\xBF", 1, UnexpectedContinuation),
    (b"\xC3 ", 1, TooShort),
    (b"\xE1\x80 ", 2, TooShort),
    (b"\xF1\x80\x80 ", 3, TooShort),
    (b"\xC1\x81", 1, Overlong),
    (b"\xE0\x9F\x80", 1, Overlong),
    (b"\xF0\x8F\x80\x80", 1, Overlong),
    (b"\xED\xA0\x80", 1, Surrogate),
    (b"\xF4\x90\x80\x80", 1, TooLarge),
    (b"\xF5", 1, TooLarge),
    (b"\xC3", 0, Incomplete),
    (b"\xE1\x80", 0, Incomplete),
    (b"\xF1\x80\x80", 0, Incomplete),
];

#[test]
fn every_utf8_error_at_every_offset() {
    for multibyte in [false, true] {
        let suffix = filler(13, multibyte);
        for at in 0..=130 {
            let prefix = filler(at, multibyte);
            for &(snippet, error_len, kind) in SNIPPETS {
                let mut src = prefix.clone().into_bytes();
                src.extend_from_slice(snippet);
                if kind != Incomplete {
                    src.extend_from_slice(suffix.as_bytes());
                }
                let v = utf8x::validate(&src);
                assert_eq!(
                    (v.read, v.error_len, v.error),
                    (at, error_len, kind),
                    "{}",
                    hex(&src)
                );
                check_validate(&src).unwrap_err();
                let (o, out) = convert(utf8x::to_utf16le, &src, Policy::Strict);
                assert_eq!((o.read, o.error), (at, kind));
                assert_eq!(out, as_le(&utf16(&prefix)));
                check_utf8_source(&src);
            }
        }
    }
}

#[test]
fn every_unmappable_at_every_offset() {
    for latin_text in [false, true] {
        let context = |n: usize| -> String {
            let mut s = filler(n, false);
            if latin_text {
                // Two-byte characters Latin-1 can hold.
                s = s.replace(['a', 'e'], "é").replace('b', "\u{FF}");
                while s.len() > n {
                    s.pop();
                }
                while s.len() < n {
                    s.push('z');
                }
            }
            s
        };
        for at in 0..=130 {
            for bad in ['\u{100}', '€', '\u{FFFD}', '😀'] {
                let src = format!("{}{bad}{}", context(at), context(11));
                assert_eq!(src.find(bad), Some(at));
                let (o, out) = convert(utf8x::to_latin1, src.as_bytes(), Policy::Strict);
                let want_out: Vec<u8> = src[..at].chars().map(|c| c as u8).collect();
                assert_eq!(
                    (o.status, o.error, o.read, o.error_len, o.written),
                    (
                        Status::Unmappable,
                        ErrorKind::Unmappable,
                        at,
                        bad.len_utf8(),
                        want_out.len()
                    )
                );
                assert_eq!(out, want_out);
                check_all_policies(&TO_LATIN1, src.as_bytes());
            }
        }
    }
}

#[test]
fn every_utf16_error_at_every_offset() {
    let bads: &[(&[u16], Status, ErrorKind)] = &[
        (&[0xDC00], Status::Invalid, LoneSurrogate),
        (&[0xDC80], Status::Invalid, LoneSurrogate),
        (&[0xDFFF, 0xDFFF], Status::Invalid, LoneSurrogate),
        (&[0xD800, 0x20], Status::Invalid, LoneSurrogate),
        (&[0xDBFF, 0xDBFF, 0xDC00], Status::Invalid, LoneSurrogate),
        (&[0xD800], Status::Truncated, Incomplete),
    ];
    for multibyte in [false, true] {
        let context = |n: usize| -> Vec<u16> {
            let text = filler(4 * n, multibyte);
            let mut v = utf16(&text);
            v.truncate(n);
            if v.last().is_some_and(|u| (0xD800..0xDC00).contains(u)) {
                *v.last_mut().unwrap() = u16::from(b'.');
            }
            v
        };
        let suffix = context(9);
        for at in 0..=130 {
            for &(bad, status, kind) in bads {
                let mut values = context(at);
                values.extend_from_slice(bad);
                if status == Status::Invalid {
                    values.extend_from_slice(&suffix);
                }
                let want = (status, kind, at, usize::from(status == Status::Invalid));
                let v = utf8x::validate_utf16le(&as_le(&values));
                assert_eq!((v.status, v.error, v.read, v.error_len), want);
                let v = utf8x::validate_utf16be(&as_be(&values));
                assert_eq!((v.status, v.error, v.read, v.error_len), want);
                check_all_policies(&FROM_UTF16LE, &as_le(&values));
                check_all_policies(&FROM_UTF16BE, &as_be(&values));
                check_all_policies(&FROM_UTF16, &values);
            }
        }
    }
}

#[test]
fn every_utf32_error_at_every_offset() {
    for multibyte in [false, true] {
        let context = |n: usize| -> Vec<u32> {
            let mut v = utf32(&filler(4 * n, multibyte));
            v.truncate(n);
            v
        };
        for at in 0..=130 {
            for (bad, kind) in [
                (0xD800, Surrogate),
                (0xDCFF, Surrogate),
                (0x11_0000, OutOfRange),
                (u32::MAX, OutOfRange),
            ] {
                let mut src = context(at);
                src.push(bad);
                src.extend(context(7));
                let v = utf8x::validate_utf32(&src);
                assert_eq!(
                    (v.status, v.error, v.read, v.error_len),
                    (Status::Invalid, kind, at, 1)
                );
                check_all_policies(&FROM_UTF32, &src);
            }
        }
    }
}
