//! The character utilities against std: boundaries, truncation, decoding forwards and backwards,
//! encoding, and the UTF-16 byte swap.
//!
//! The oracle for ill-formed input is `<[u8]>::utf8_chunks`, the split `String::from_utf8_lossy`
//! replaces (one U+FFFD per maximal ill-formed subpart, Unicode ch. 3), and `str::from_utf8`,
//! which tells a truncated end from an ill-formed subpart; for valid text, `str::is_char_boundary`,
//! `str::chars` and `char::encode_utf8`. Nothing expected here is computed by utf8x, except the
//! error kind, which `decode_*` must report exactly as `validate` does (and which the oracle
//! suites check against the standard's definitions).

use proptest::collection::vec;
use proptest::prelude::*;
use utf8x::{ErrorKind, Outcome, Status};

/// What a unit of the forward split is, according to std.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Char(char),
    /// A maximal ill-formed subpart followed by more input.
    Bad,
    /// The bytes the input ends with, inside a sequence.
    Truncated,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Unit {
    start: usize,
    len: usize,
    kind: Kind,
}

impl Unit {
    fn end(&self) -> usize {
        self.start + self.len
    }
}

/// The forward split of `s` into characters and maximal ill-formed subparts, by std.
fn units(s: &[u8]) -> Vec<Unit> {
    let mut out = Vec::new();
    let mut at = 0;
    for chunk in s.utf8_chunks() {
        for c in chunk.valid().chars() {
            out.push(Unit {
                start: at,
                len: c.len_utf8(),
                kind: Kind::Char(c),
            });
            at += c.len_utf8();
        }
        let bad = chunk.invalid();
        if !bad.is_empty() {
            let truncated = std::str::from_utf8(&s[at..])
                .expect_err("an invalid chunk")
                .error_len()
                .is_none();
            out.push(Unit {
                start: at,
                len: bad.len(),
                kind: if truncated {
                    Kind::Truncated
                } else {
                    Kind::Bad
                },
            });
            at += bad.len();
        }
    }
    assert_eq!(at, s.len());
    out
}

/// The boundaries: 0 and the end of every unit.
fn boundaries(units: &[Unit]) -> Vec<usize> {
    std::iter::once(0)
        .chain(units.iter().map(Unit::end))
        .collect()
}

/// What `decode_at` must return for `unit` of `s`.
fn expected(s: &[u8], unit: &Unit) -> (Option<char>, Outcome) {
    let (ch, status, error, error_len) = match unit.kind {
        Kind::Char(c) => (Some(c), Status::Ok, ErrorKind::None, 0),
        Kind::Bad => {
            let v = utf8x::validate(&s[unit.start..]);
            assert_eq!(
                (v.status, v.read, v.error_len),
                (Status::Invalid, 0, unit.len),
                "validate disagrees with std on {s:02X?} at {}",
                unit.start
            );
            (None, Status::Invalid, v.error, unit.len)
        }
        Kind::Truncated => (None, Status::Truncated, ErrorKind::Incomplete, 0),
    };
    let outcome = Outcome {
        status,
        error,
        read: unit.len,
        error_len,
        ..Outcome::default()
    };
    (ch, outcome)
}

const END: Outcome = Outcome {
    status: Status::Ok,
    error: ErrorKind::None,
    read: 0,
    written: 0,
    error_len: 0,
    replaced: 0,
};

/// Checks every function that reads `s` at every offset from 0 to two past the end.
fn check_all(s: &[u8]) {
    let us = units(s);
    let bs = boundaries(&us);
    let len = s.len();
    let ctx = |i: usize| format!("{s:02X?} at {i}");

    // The oracle's split is the one from_utf8_lossy replaces.
    let lossy: String = us
        .iter()
        .map(|u| match u.kind {
            Kind::Char(c) => c,
            _ => char::REPLACEMENT_CHARACTER,
        })
        .collect();
    assert_eq!(lossy, String::from_utf8_lossy(s), "{s:02X?}");

    for i in 0..=len + 2 {
        let c = i.min(len);
        let floor = *bs.iter().rev().find(|&&b| b <= c).unwrap();
        let ceil = *bs.iter().find(|&&b| b >= c).unwrap();
        assert_eq!(utf8x::is_char_boundary(s, i), bs.contains(&i), "{}", ctx(i));
        assert_eq!(utf8x::floor_char_boundary(s, i), floor, "{}", ctx(i));
        assert_eq!(utf8x::ceil_char_boundary(s, i), ceil, "{}", ctx(i));
        let next = bs.iter().copied().find(|&b| b > i).unwrap_or(len);
        let prev = bs.iter().copied().rev().find(|&b| b < c).unwrap_or(0);
        assert_eq!(utf8x::next_char_boundary(s, i), next, "{}", ctx(i));
        assert_eq!(utf8x::prev_char_boundary(s, i), prev, "{}", ctx(i));
        assert_eq!(utf8x::truncate(s, i), &s[..floor], "{}", ctx(i));

        if i > len {
            let bad = (None, bad_argument());
            assert_eq!(utf8x::decode_at(s, i), bad, "{}", ctx(i));
            assert_eq!(utf8x::decode_before(s, i), bad, "{}", ctx(i));
            continue;
        }
        // Forwards from anywhere: the text as if it began at i.
        let at = match units(&s[i..]).first() {
            Some(u) => expected(&s[i..], u),
            None => (None, END),
        };
        assert_eq!(utf8x::decode_at(s, i), at, "decode_at {}", ctx(i));
        // Backwards to a boundary: the unit ending there, as decode_at reports it at its start;
        // to anywhere else: what precedes i in the unit it cuts, which s[..i] ends with.
        let before = match us.iter().find(|u| u.end() == i) {
            Some(u) => expected(s, u),
            None if i == 0 => (None, END),
            None => expected(&s[..i], units(&s[..i]).last().unwrap()),
        };
        assert_eq!(
            utf8x::decode_before(s, i),
            before,
            "decode_before {}",
            ctx(i)
        );
    }
    assert_eq!(utf8x::decode_first(s), utf8x::decode_at(s, 0));
    assert_eq!(utf8x::decode_last(s), utf8x::decode_before(s, len));
}

/// What every rejected call returns.
fn bad_argument() -> Outcome {
    Outcome {
        status: Status::BadArgument,
        error: ErrorKind::BadArgument,
        ..Outcome::default()
    }
}

/// Bytes that start, continue or break every row of Unicode's table 3-7, including the edges of
/// each second-byte range (E0 A0, ED 9F/A0, F0 90, F4 8F/90).
const ALPHABET: [u8; 17] = [
    0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xE1, 0xED, 0xF0, 0xF1, 0xF4, 0xF5,
    0xFF,
];

/// Calls `f` on every string of exactly `n` bytes over `alphabet`.
fn for_all_strings(alphabet: &[u8], n: u32, mut f: impl FnMut(&[u8])) {
    let mut s = vec![0; n as usize];
    for mut code in 0..alphabet.len().pow(n) {
        for b in &mut s {
            *b = alphabet[code % alphabet.len()];
            code /= alphabet.len();
        }
        f(&s);
    }
}

#[test]
fn every_short_string_over_the_alphabet() {
    for n in 0..=4 {
        for_all_strings(&ALPHABET, n, check_all);
    }
}

/// Length 5 reaches a 4-byte sequence with a byte on either side; fewer letters keep it quick.
#[test]
fn every_five_byte_string_over_a_smaller_alphabet() {
    const SMALL: [u8; 9] = [0x41, 0x80, 0x90, 0xA0, 0xC2, 0xE0, 0xED, 0xF0, 0xF4];
    for_all_strings(&SMALL, 5, check_all);
}

#[test]
fn valid_text_matches_str() {
    let text =
        "a\u{0}\u{7F}\u{80}é\u{7FF}\u{800}€\u{D7FF}\u{E000}\u{FFFD}\u{FFFF}\u{10000}😀\u{10FFFF}z";
    let s = text.as_bytes();
    for i in 0..=s.len() {
        assert_eq!(utf8x::is_char_boundary(s, i), text.is_char_boundary(i));
        let floor = (0..=i).rev().find(|&j| text.is_char_boundary(j)).unwrap();
        assert_eq!(utf8x::floor_char_boundary(s, i), floor);
        assert_eq!(utf8x::truncate(s, i), &s[..floor]);
    }
    let mut i = 0;
    for c in text.chars() {
        assert_eq!(utf8x::decode_at(s, i).0, Some(c));
        i = utf8x::next_char_boundary(s, i);
        assert_eq!(utf8x::decode_before(s, i).0, Some(c));
    }
    assert_eq!(i, s.len());
    for (c, back) in text
        .chars()
        .rev()
        .zip(std::iter::successors(Some(s.len()), |&i| {
            (i > 0).then(|| utf8x::prev_char_boundary(s, i))
        }))
    {
        let (got, o) = utf8x::decode_before(s, back);
        assert_eq!((got, o.read), (Some(c), c.len_utf8()));
    }
}

#[test]
fn the_unicode_example_splits_as_in_chapter_3() {
    // Table 3-8: 61 F1 80 80 E1 80 C2 62 80 63 80 BF 64 is a, FFFD, FFFD, FFFD, b, FFFD, c, FFFD,
    // FFFD, d.
    let s = b"\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64";
    let mut starts = vec![];
    let mut i = 0;
    while i < s.len() {
        starts.push(i);
        i = utf8x::next_char_boundary(s, i);
    }
    assert_eq!(starts, [0, 1, 4, 6, 7, 8, 9, 10, 11, 12]);
    let (c, o) = utf8x::decode_before(s, 4);
    assert_eq!(
        (c, o.status, o.error, o.read),
        (None, Status::Invalid, ErrorKind::TooShort, 3)
    );
    check_all(s);
}

#[test]
fn encode_every_code_point_like_char_encode_utf8() {
    let mut want = [0u8; 4];
    for cp in 0..=0x10FFFFu32 {
        let Some(c) = char::from_u32(cp) else {
            let o = utf8x::encode_utf8(cp, Some(&mut [0; 4]));
            let err = Outcome {
                status: Status::Invalid,
                error: ErrorKind::Surrogate,
                error_len: 1,
                ..Outcome::default()
            };
            assert_eq!(o, err, "{cp:X}");
            assert_eq!(utf8x::encode_utf8(cp, None), err, "{cp:X}");
            continue;
        };
        let want = c.encode_utf8(&mut want).as_bytes();
        let n = want.len();
        let mut buf = [0xAA; 6];
        let o = utf8x::encode_utf8(cp, Some(&mut buf[..n]));
        assert_eq!((o.status, o.read, o.written), (Status::Ok, 1, n), "{cp:X}");
        assert_eq!(&buf[..n], want);
        assert_eq!(buf[n..], [0xAA; 6][n..], "{cp:X}: wrote past the character");
        assert_eq!(utf8x::encode_utf8(cp, None).written, n);
        // The round trip through the decoder.
        assert_eq!(
            utf8x::decode_first(want),
            (Some(c), utf8x::decode_first(want).1)
        );
        assert_eq!(utf8x::decode_first(want).1.read, n);
    }
}

#[test]
fn encode_rejects_out_of_range_and_never_writes_a_partial_character() {
    for cp in [0x11_0000, 0x11_0001, 0x1F_FFFF, 0x7FFF_FFFF, 0xFFFF_FFFF] {
        let mut buf = [0xAA; 4];
        let o = utf8x::encode_utf8(cp, Some(&mut buf));
        assert_eq!(
            (o.status, o.error, o.read, o.written, o.error_len),
            (Status::Invalid, ErrorKind::OutOfRange, 0, 0, 1)
        );
        assert_eq!(buf, [0xAA; 4]);
        assert_eq!(utf8x::encode_utf8(cp, None).error, ErrorKind::OutOfRange);
    }
    for c in ['a', 'é', '€', '😀'] {
        for cap in 0..c.len_utf8() {
            let mut buf = [0xAA; 4];
            let o = utf8x::encode_utf8(c.into(), Some(&mut buf[..cap]));
            assert_eq!(
                o,
                Outcome {
                    status: Status::OutputFull,
                    ..Outcome::default()
                }
            );
            assert_eq!(buf, [0xAA; 4]);
        }
    }
}

#[test]
fn truncate_copy_cases() {
    let text = "Grüße".as_bytes(); // G r C3 BC C3 9F e
    let full = Outcome {
        status: Status::OutputFull,
        ..Outcome::default()
    };
    let copied = |n: usize, status| Outcome {
        status,
        read: n,
        written: n,
        ..Outcome::default()
    };
    // (capacity, bytes copied): the NUL takes one byte; ü and ß are never split.
    for (cap, n) in [
        (1, 0),
        (2, 1),
        (3, 2),
        (4, 2),
        (5, 4),
        (6, 4),
        (7, 6),
        (8, 7),
        (9, 7),
    ] {
        let mut buf = [0xAA; 10];
        let o = utf8x::truncate_copy(text, Some(&mut buf[..cap]));
        let status = if n == text.len() {
            Status::Ok
        } else {
            Status::OutputFull
        };
        assert_eq!(o, copied(n, status), "capacity {cap}");
        assert_eq!(&buf[..n], &text[..n]);
        assert_eq!(buf[n], 0);
        assert!(buf[n + 1..].iter().all(|&b| b == 0xAA), "capacity {cap}");
    }
    // No room for the NUL: nothing written, even for an empty source.
    assert_eq!(utf8x::truncate_copy(text, Some(&mut [])), full);
    assert_eq!(utf8x::truncate_copy(b"", Some(&mut [])), full);
    assert_eq!(
        utf8x::truncate_copy(b"", Some(&mut [1])),
        copied(0, Status::Ok)
    );
    // Measuring.
    assert_eq!(utf8x::truncate_copy(text, None), copied(7, Status::Ok));
    // Ill-formed bytes are copied as they are, a maximal subpart kept whole (E1 80 is one).
    let mut buf = [0xAA; 3];
    let o = utf8x::truncate_copy(b"a\xE1\x80b", Some(&mut buf));
    assert_eq!((o.written, &buf), (1, b"a\0\xAA"));
    let mut buf = [0xAA; 4];
    let o = utf8x::truncate_copy(b"a\xFF\0b", Some(&mut buf));
    assert_eq!((o.written, &buf), (3, b"a\xFF\0\0"));
}

#[test]
fn swap_utf16_cases() {
    let values: Vec<u16> = "hé😀".encode_utf16().collect();
    let le: Vec<u16> = values.iter().map(|v| v.to_le()).collect();
    let be: Vec<u16> = values.iter().map(|v| v.to_be()).collect();
    let mut out = vec![0xAAAA; 6];
    let o = utf8x::swap_utf16(&le, Some(&mut out));
    assert_eq!((o.status, o.read, o.written), (Status::Ok, 4, 4));
    assert_eq!(&out[..4], &be[..]);
    assert_eq!(out[4..], [0xAAAA; 2]);
    // Short output: the units that fit, even half a surrogate pair.
    let mut out = [0xAAAA; 4];
    let o = utf8x::swap_utf16(&le, Some(&mut out[..3]));
    assert_eq!((o.status, o.read, o.written), (Status::OutputFull, 3, 3));
    assert_eq!(&out[..3], &be[..3]);
    assert_eq!(out[3], 0xAAAA);
    let o = utf8x::swap_utf16(&le, None);
    assert_eq!((o.status, o.read, o.written), (Status::Ok, 4, 4));
    let o = utf8x::swap_utf16(&[], Some(&mut []));
    assert_eq!(o, Outcome::default());
    let mut buf = be.clone();
    utf8x::swap_utf16_in_place(&mut buf);
    assert_eq!(buf, le);
}

/// Valid text, corrupted text, and arbitrary bytes weighted towards the interesting ones.
fn bytes() -> impl Strategy<Value = Vec<u8>> {
    const SNIPPETS: &[&[u8]] = &[
        b"a",
        b"\xC3\xA9",
        b"\xE2\x82\xAC",
        b"\xF0\x9F\x98\x80",
        b"\x80",
        b"\xBF\x80",
        b"\xC0\x80",
        b"\xC2",
        b"\xE0\x80\x80",
        b"\xE0\xA0",
        b"\xED\xA0\x80",
        b"\xF0\x8F\xBF\xBF",
        b"\xF0\x90\x80",
        b"\xF4\x90\x80\x80",
        b"\xF5",
        b"\xFF",
    ];
    prop_oneof![
        any::<String>().prop_map(String::into_bytes),
        (
            any::<String>(),
            vec((any::<prop::sample::Index>(), any::<u8>()), 1..4)
        )
            .prop_map(|(t, edits)| {
                let mut s = t.into_bytes();
                for (at, b) in edits {
                    if !s.is_empty() {
                        let i = at.index(s.len());
                        s[i] = b;
                    }
                }
                s
            }),
        vec(prop::sample::select(&ALPHABET[..]), 0..40),
        vec(prop::sample::select(SNIPPETS), 0..16).prop_map(|s| s.concat()),
        vec(any::<u8>(), 0..64),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Walking forward and walking back give the same units, in reverse order; both are the
    /// oracle's split; and every offset agrees with the oracle.
    #[test]
    fn forward_and_backward_walks_agree(s in bytes()) {
        let mut forward = vec![];
        let mut i = 0;
        while i < s.len() {
            let unit = utf8x::decode_at(&s, i);
            let next = utf8x::next_char_boundary(&s, i);
            prop_assert_eq!(next, i + unit.1.read);
            forward.push((i, unit));
            i = next;
        }
        let mut backward = vec![];
        let mut i = s.len();
        while i > 0 {
            let unit = utf8x::decode_before(&s, i);
            let prev = utf8x::prev_char_boundary(&s, i);
            prop_assert_eq!(prev, i - unit.1.read);
            backward.push((prev, unit));
            i = prev;
        }
        backward.reverse();
        prop_assert_eq!(&forward, &backward);
        let want: Vec<_> = units(&s).iter().map(|u| (u.start, expected(&s, u))).collect();
        prop_assert_eq!(&forward, &want);
        check_all(&s);
    }

    /// truncate's result is a boundary, fits, and is the longest that does.
    #[test]
    fn truncate_is_the_longest_prefix_that_fits(s in bytes(), max in 0usize..80) {
        let t = utf8x::truncate(&s, max).len();
        prop_assert!(t <= max && t <= s.len());
        prop_assert!(utf8x::is_char_boundary(&s, t));
        prop_assert!((t + 1..=max.min(s.len())).all(|j| !utf8x::is_char_boundary(&s, j)));
        let mut buf = vec![0xAA; max + 2];
        let o = utf8x::truncate_copy(&s, Some(&mut buf[..max + 1]));
        prop_assert_eq!((o.read, o.written), (t, t));
        prop_assert_eq!(o.status, if t == s.len() { Status::Ok } else { Status::OutputFull });
        prop_assert_eq!(&buf[..t], &s[..t]);
        prop_assert_eq!(buf[t], 0);
        prop_assert!(buf[t + 1..].iter().all(|&b| b == 0xAA));
    }

    /// Any valid text: std's own answers.
    #[test]
    fn valid_text_walks_like_chars(text in any::<String>()) {
        let s = text.as_bytes();
        let mut i = 0;
        for c in text.chars() {
            prop_assert_eq!(utf8x::decode_at(s, i).0, Some(c));
            i = utf8x::next_char_boundary(s, i);
            prop_assert!(text.is_char_boundary(i));
        }
        prop_assert_eq!(i, s.len());
        for j in 0..=s.len() {
            prop_assert_eq!(utf8x::is_char_boundary(s, j), text.is_char_boundary(j));
        }
    }

    /// Swapping twice is the identity; in place and copying agree; byte order really changes.
    #[test]
    fn swap_round_trips(units in vec(any::<u16>(), 0..40), cap in 0usize..48) {
        let mut out = vec![0; units.len()];
        prop_assert!(utf8x::swap_utf16(&units, Some(&mut out)).is_ok());
        let mut back = vec![0; units.len()];
        prop_assert!(utf8x::swap_utf16(&out, Some(&mut back)).is_ok());
        prop_assert_eq!(&back, &units);
        let mut in_place = units.clone();
        utf8x::swap_utf16_in_place(&mut in_place);
        prop_assert_eq!(&in_place, &out);
        for (a, b) in units.iter().zip(&out) {
            prop_assert_eq!(a.to_le_bytes(), b.to_be_bytes());
        }
        prop_assert_eq!(utf8x::validate_utf16le(&units), utf8x::validate_utf16be(&out));
        let mut short = vec![0xAAAA; cap];
        let o = utf8x::swap_utf16(&units, Some(&mut short));
        let n = cap.min(units.len());
        prop_assert_eq!((o.read, o.written), (n, n));
        prop_assert_eq!(o.status, if n == units.len() { Status::Ok } else { Status::OutputFull });
        prop_assert_eq!(&short[..n], &out[..n]);
        prop_assert!(short[n..].iter().all(|&u| u == 0xAAAA));
    }
}
