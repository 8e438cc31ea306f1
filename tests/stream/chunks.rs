//! Streaming conversion under every chunking of small conformance inputs: the output, counts and
//! absolute error offsets/lengths/kinds must be those of one call over the whole input.

use std::fmt::Debug;

use crate::support::POLICIES;
use crate::support::stream::{OneShot, Summary, one_shot, streamed};
use utf8x::{Encoding, Unit};
use utf8x::{ErrorKind, Policy, Status, Stream};

/// Unicode 16 ch. 3, tables 3-8 to 3-11 (U+FFFD substitution of maximal subparts), and more
/// cases around every boundary of table 3-7.
const UTF8_CASES: &[&[u8]] = &[
    b"\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64",
    b"\xC0\xAF\xE0\x80\xBF\xF0\x81\x82\x41",
    b"\xED\xA0\x80\xED\xBF\xBF\xED\xAF\x41",
    b"\xF4\x91\x92\x93\xFF\x41\x80\xBF\x42",
    b"\xE1\x80\xE2\xF0\x91\x92\xF1\xBF\x41",
    b"\xE1\x80\x41",
    b"\xF0\x9F\x98\x80\xF0\x9F\x98",
    b"\xE2\x82\xAC\xE2\x82",
    b"\x41\xC2",
    b"\xF4\x8F\xBF\xBF\xF4\x90\x80\x80",
    b"\xEF\xBF\xBF\xF8\x88\x80\x80\x80",
    b"\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80z",
    b"\xC2\xC2\xC2\x80",
    b"\xE0\xA0\x80\xE0\x9F\xBF",
    b"\xF0\x90\x80\x80\xF0\x8F\xBF\xBF",
    b"\xF5\x80\xC1\xBF\xFE\xFF",
    b"",
    b"\xF3",
    b"\xF3\xBF\xBF",
];

/// Chunk-length lists for every way to cut `n` units, optionally with an empty chunk after each.
fn chunkings(n: usize, empties: bool) -> Vec<Vec<usize>> {
    let cuts = n.saturating_sub(1);
    (0u32..1 << cuts)
        .map(|mask| {
            let mut lens = Vec::new();
            let mut start = 0;
            for i in 1..=cuts {
                if mask & (1 << (i - 1)) != 0 {
                    lens.push(i - start);
                    if empties {
                        lens.push(0);
                    }
                    start = i;
                }
            }
            lens
        })
        .collect()
}

/// Every chunking, every policy the target allows, large and tiny output buffers, and measuring.
fn check_all<S: Unit + Debug, T: Unit + Default + Debug + Eq + Clone>(
    from: Encoding,
    to: Encoding,
    f: OneShot<S, T>,
    src: &[S],
) -> usize {
    let mut runs = 0;
    for policy in POLICIES {
        if Stream::new(from, to, policy).is_none() {
            continue;
        }
        let want = one_shot(f, src, policy, false);
        let want_measure = one_shot(f, src, policy, true);
        for empties in [false, true] {
            for chunks in chunkings(src.len(), empties) {
                let caps: &[&[usize]] = if empties {
                    &[&[64]]
                } else {
                    &[&[64], &[0, 1, 2, 3, 5]]
                };
                for &cap in caps {
                    let got: Summary<T> = streamed(from, to, policy, src, &chunks, cap, false);
                    assert_eq!(
                        got, want,
                        "{policy:?} {src:x?} chunks {chunks:?} caps {cap:?}"
                    );
                    runs += 1;
                }
                let got: Summary<T> = streamed(from, to, policy, src, &chunks, &[0], true);
                assert_eq!(got, want_measure, "measure {policy:?} {src:x?} {chunks:?}");
            }
        }
    }
    runs
}

#[test]
fn utf8_to_utf16le_every_chunking() {
    let runs: usize = UTF8_CASES
        .iter()
        .map(|s| check_all(Encoding::Utf8, Encoding::Utf16Le, utf8x::to_utf16le, s))
        .sum();
    assert!(runs > 50_000, "{runs}");
}

#[test]
fn utf8_to_utf16be_every_chunking() {
    for s in UTF8_CASES {
        check_all(Encoding::Utf8, Encoding::Utf16Be, utf8x::to_utf16be, s);
    }
}

#[test]
fn utf8_to_utf32_every_chunking() {
    for s in UTF8_CASES {
        check_all(Encoding::Utf8, Encoding::Utf32, utf8x::to_utf32, s);
        check_all(Encoding::Utf8, Encoding::Wchar, utf8x::to_utf32, s);
    }
}

#[test]
fn utf8_to_latin1_every_chunking() {
    for s in UTF8_CASES {
        check_all(Encoding::Utf8, Encoding::Latin1, utf8x::to_latin1, s);
    }
}

const UTF16_CASES: &[&[u16]] = &[
    &[0x41, 0xD83D, 0xDE00, 0xD800, 0x42, 0xDC00],
    &[0xD800, 0xD800, 0xDC00, 0xDC80, 0xD800],
    &[0xDBFF, 0xDFFF, 0xDCFF, 0xDBFF],
    &[0xD800],
    &[0x20AC, 0xD834, 0xDD1E, 0xFFFD, 0xDC41, 0xD800, 0x41],
    &[],
];

#[test]
fn utf16_to_utf8_every_chunking() {
    for s in UTF16_CASES {
        check_all(
            Encoding::Utf16Le,
            Encoding::Utf8,
            utf8x::from_utf16le,
            &le(s),
        );
        check_all(
            Encoding::Utf16Be,
            Encoding::Utf8,
            utf8x::from_utf16be,
            &be(s),
        );
        check_all(Encoding::Utf16, Encoding::Utf8, utf8x::from_utf16, s);
    }
}

#[test]
fn utf32_and_latin1_to_utf8_every_chunking() {
    let utf32: &[u32] = &[0x41, 0xD800, 0x10FFFF, 0x110000, 0xDC80, 0xE9, 0x1F600];
    check_all(Encoding::Utf32, Encoding::Utf8, utf8x::from_utf32, utf32);
    check_all(Encoding::Wchar, Encoding::Utf8, utf8x::from_utf32, utf32);
    let latin1: &[u8] = b"caf\xE9 \x80\xFF\x00";
    check_all(Encoding::Latin1, Encoding::Utf8, utf8x::from_latin1, latin1);
}

fn le(s: &[u16]) -> Vec<u16> {
    s.iter().map(|u| u.to_le()).collect()
}

fn be(s: &[u16]) -> Vec<u16> {
    s.iter().map(|u| u.to_be()).collect()
}

/// The example of the design: `E1 80` | `41` is one 2-byte ill-formed subpart, then `A`; the error
/// offset is absolute, `read` is relative to the chunk that revealed it.
#[test]
fn carried_subpart_reports_absolute_offset() {
    let mut st = Stream::new(Encoding::Utf8, Encoding::Utf16Le, Policy::Strict).unwrap();
    let mut out = [0u16; 8];
    let o = st.convert(b"xy\xE1".as_slice(), Some(&mut out[..]), false);
    assert_eq!((o.status, o.read, o.written), (Status::Ok, 3, 2));
    let o = st.convert(b"\x80".as_slice(), Some(&mut out[..]), false);
    assert_eq!(
        (o.status, o.read, o.written, st.pending()),
        (Status::Ok, 1, 0, 2)
    );
    let o = st.convert(b"A".as_slice(), Some(&mut out[..]), false);
    assert_eq!(
        (o.status, o.error, o.read, o.error_len),
        (Status::Invalid, ErrorKind::TooShort, 0, 2)
    );
    assert_eq!(st.position(), 2);
    // The state did not move: the same call reports the same error.
    assert_eq!(st.convert(b"A".as_slice(), Some(&mut out[..]), false), o);

    let mut st = Stream::new(Encoding::Utf8, Encoding::Utf16Le, Policy::Replace).unwrap();
    let o = st.convert(b"xy\xE1\x80".as_slice(), Some(&mut out[..]), false);
    assert_eq!(
        (o.status, o.read, o.written, st.pending()),
        (Status::Ok, 4, 2, 2)
    );
    let o = st.convert(b"A".as_slice(), Some(&mut out[..]), true);
    assert_eq!(
        (o.status, o.read, o.written, o.replaced),
        (Status::Ok, 1, 2, 1)
    );
    assert_eq!(out[..2], [0xFFFDu16.to_le(), u16::from(b'A').to_le()]);
    assert_eq!(st.position(), 5);
}

#[test]
fn truncated_only_at_the_end() {
    let mut st = Stream::new(Encoding::Utf8, Encoding::Utf32, Policy::Strict).unwrap();
    let mut out = [0u32; 4];
    let o = st.convert(b"a\xF0\x9F".as_slice(), Some(&mut out[..]), false);
    assert_eq!((o.status, o.read, st.pending()), (Status::Ok, 3, 2));
    let o = st.convert(b"\x98".as_slice(), Some(&mut out[..]), true);
    assert_eq!(
        (o.status, o.error, o.read, o.error_len),
        (Status::Truncated, ErrorKind::Incomplete, 0, 0)
    );
    assert_eq!(st.position(), 1);
}

#[test]
fn wrong_unit_types_are_bad_arguments() {
    let mut st = Stream::new(Encoding::Utf8, Encoding::Utf16Le, Policy::Strict).unwrap();
    let mut out = [0u32; 4];
    let o = st.convert(b"a".as_slice(), Some(&mut out[..]), true);
    assert_eq!(o.status, Status::BadArgument);
    let o = st.convert([0x61u16].as_slice(), None::<&mut [u16]>, true);
    assert_eq!(o.status, Status::BadArgument);
    assert_eq!(st.position(), 0);
}

#[test]
fn a_call_after_the_last_chunk_goes_on_as_the_same_stream() {
    // `last` ends the input only for the sequence left unfinished there: it is decided (here
    // replaced) and nothing stays pending. The state is not closed: another call converts more
    // input as a continuation, with the position counting on.
    let mut st = Stream::new(Encoding::Utf8, Encoding::Utf16Le, Policy::Replace).unwrap();
    let mut out = [0u16; 8];
    let o = st.convert(b"a\xE2\x82".as_slice(), Some(&mut out[..]), true);
    assert_eq!(
        (o.status, o.read, o.written, o.replaced),
        (Status::Ok, 3, 2, 1)
    );
    assert_eq!(out[..2], [u16::from(b'a').to_le(), 0xFFFDu16.to_le()]);
    assert_eq!((st.position(), st.pending()), (3, 0));
    // The next call's first byte is not joined to the replaced tail.
    let o = st.convert(b"\xAC b".as_slice(), Some(&mut out[..]), true);
    assert_eq!(
        (o.status, o.read, o.written, o.replaced),
        (Status::Ok, 3, 3, 1)
    );
    assert_eq!(
        out[..3],
        [0xFFFDu16.to_le(), 0x20u16.to_le(), u16::from(b'b').to_le()]
    );
    assert_eq!((st.position(), st.pending()), (6, 0));
    // An empty last chunk after a complete one changes nothing.
    let o = st.convert(b"".as_slice(), Some(&mut out[..]), true);
    assert_eq!((o.status, o.read, o.written), (Status::Ok, 0, 0));
    assert_eq!(st.position(), 6);
}
