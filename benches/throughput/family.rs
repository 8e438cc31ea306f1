//! The other byte forms of the UTF-8 family (CESU-8, modified UTF-8, WTF-8) on text where they
//! are byte for byte UTF-8: no supplementary characters, no NUL. Beside the comparator crates
//! (`cesu8`, `wtf8`), each table times utf8x's UTF-8 conversion of the same text, the speed the
//! family conversion should come close to. That baseline reads the input as UTF-8, so it is
//! checked on the well-formed texts only (a 4-byte sequence is UTF-8, not CESU-8).

use utf8x::Encoding::{self, Cesu8, Mutf8, Utf8, Utf16Le, Wtf8};
use utf8x::Policy::Strict;
use utf8x::{Outcome, Unit};

use crate::contender::{Contender, contender};
use crate::data::{self, Corpus};
use crate::section::{Op, Ratio};

/// The written length of a conversion that consumed everything, `None` otherwise.
fn done(o: Outcome) -> Option<usize> {
    o.is_ok().then_some(o.written)
}

/// `utf8x::convert` from `from` to `to`, strict.
#[inline(always)]
fn convert<S: Unit, T: Unit>(
    src: &[S],
    from: Encoding,
    dst: &mut [T],
    to: Encoding,
) -> Option<usize> {
    done(utf8x::convert(src, from, Some(dst), to, Strict))
}

/// Copies `src` to the front of `dst`.
#[inline(always)]
fn put<T: Copy>(dst: &mut [T], src: &[T]) -> usize {
    dst[..src.len()].copy_from_slice(src);
    src.len()
}

/// Encodes `s` as UTF-16 at the front of `dst`.
#[inline(always)]
fn put_utf16(dst: &mut [u16], s: &str) -> usize {
    let mut n = 0;
    for (slot, unit) in dst.iter_mut().zip(s.encode_utf16()) {
        *slot = unit;
        n += 1;
    }
    n
}

/// The two ratio columns: utf8x against the comparator crate, and the family form against
/// utf8x's UTF-8 conversion of the same text.
fn ratios(vs_crate: &'static str, krate: &'static str, vs_utf8: &'static str) -> Vec<Ratio> {
    vec![
        Ratio {
            label: vs_crate,
            of: "utf8x",
            over: Vec::leak(vec![krate]),
        },
        Ratio {
            label: vs_utf8,
            of: "utf8x",
            over: &["utf8x UTF-8"],
        },
    ]
}

/// Ill-formed in CESU-8: bad bytes, a 4-byte sequence, lone surrogates, `C0 80`.
const BAD_CESU8: [&[u8]; 8] = [
    b"\xFF",
    b"\x80",
    b"\xC0\xAF",
    b"\xC0\x80",
    b"\xF0\x9F\x98\x80",
    b"\xED\xA0\x80",
    b"\xED\xB0\x80",
    b"\xE4\xB8",
];

/// Ill-formed in modified UTF-8 (lone surrogates are well-formed there, `C0 80` is U+0000).
const BAD_MUTF8: [&[u8]; 5] = [
    b"\xFF",
    b"\x80",
    b"\xC0\xAF",
    b"\xF0\x9F\x98\x80",
    b"\xE4\xB8",
];

/// Ill-formed in WTF-8: bad bytes, a surrogate pair as two 3-byte sequences, beyond U+10FFFF.
const BAD_WTF8: [&[u8]; 6] = [
    b"\xFF",
    b"\x80",
    b"\xC0\xAF",
    b"\xED\xA0\x80\xED\xB0\x80",
    b"\xF4\x90\x80\x80",
    b"\xE4\xB8",
];

/// utf8x's UTF-8 → UTF-16LE on the same bytes: the baseline of the X → UTF-16LE tables.
fn utf8_to_utf16_baseline() -> Contender<u8, u16> {
    contender!(~"utf8x UTF-8", |s, d| done(utf8x::to_utf16le(
        s,
        Some(d),
        Strict
    )))
}

/// utf8x's UTF-16LE → UTF-8 on the same units: the baseline of the UTF-16LE → X tables.
fn utf16_to_utf8_baseline() -> Contender<u16, u8> {
    contender!(~"utf8x UTF-8", |s, d| done(utf8x::from_utf16le(
        s,
        Some(d),
        Strict
    )))
}

pub fn cesu8_to_utf16le(corpus: &Corpus) -> Op<u8, u16> {
    Op {
        name: "cesu8-to-utf16le",
        title: "CESU-8 -> UTF-16LE (texts without supplementary characters)",
        inputs: corpus.bmp_utf8(),
        bad: data::bad_family(corpus, &BAD_CESU8),
        max_out: |n| n,
        contenders: vec![
            contender!("utf8x", |s, d| convert(s, Cesu8, d, Utf16Le)),
            utf8_to_utf16_baseline(),
            // The crate takes any valid UTF-8 as it is, 4-byte sequences included, so it is
            // checked on well-formed input only.
            contender!(~"cesu8+encode_utf16", |s, d| {
                cesu8::from_cesu8(s).ok().map(|t| put_utf16(d, &t))
            }),
        ],
        ratios: ratios("utf8x/cesu8", "cesu8+encode_utf16", "CESU-8/UTF-8"),
    }
}

pub fn utf16le_to_cesu8(corpus: &Corpus) -> Op<u16, u8> {
    Op {
        name: "utf16le-to-cesu8",
        title: "UTF-16LE -> CESU-8 (texts without supplementary characters)",
        inputs: corpus.bmp_utf16(),
        bad: data::bad_utf16(corpus),
        max_out: |n| 3 * n,
        contenders: vec![
            contender!("utf8x", |s, d| convert(s, Utf16Le, d, Cesu8)),
            utf16_to_utf8_baseline(),
            contender!("from_utf16+cesu8", |s, d| {
                String::from_utf16(s)
                    .ok()
                    .map(|t| put(d, &cesu8::to_cesu8(&t)))
            }),
        ],
        ratios: ratios("utf8x/cesu8", "from_utf16+cesu8", "CESU-8/UTF-8"),
    }
}

pub fn mutf8_to_utf16le(corpus: &Corpus) -> Op<u8, u16> {
    Op {
        name: "mutf8-to-utf16le",
        title: "modified UTF-8 -> UTF-16LE (texts without supplementary characters or NUL)",
        inputs: corpus.bmp_utf8(),
        bad: data::bad_family(corpus, &BAD_MUTF8),
        max_out: |n| n,
        contenders: vec![
            contender!("utf8x", |s, d| convert(s, Mutf8, d, Utf16Le)),
            utf8_to_utf16_baseline(),
            // The crate takes any valid UTF-8 as it is, 4-byte sequences included, and rejects
            // the lone surrogates modified UTF-8 carries: it is checked on the texts only.
            contender!(~"cesu8 java+encode_utf16", |s, d| {
                cesu8::from_java_cesu8(s).ok().map(|t| put_utf16(d, &t))
            }),
        ],
        ratios: ratios("utf8x/cesu8", "cesu8 java+encode_utf16", "MUTF-8/UTF-8"),
    }
}

pub fn utf16le_to_mutf8(corpus: &Corpus) -> Op<u16, u8> {
    Op {
        name: "utf16le-to-mutf8",
        title: "UTF-16LE -> modified UTF-8 (texts without supplementary characters or NUL)",
        inputs: corpus.bmp_utf16(),
        // Every sequence of UTF-16 units has a modified UTF-8 form.
        bad: Vec::new(),
        max_out: |n| 3 * n,
        contenders: vec![
            contender!("utf8x", |s, d| convert(s, Utf16Le, d, Mutf8)),
            utf16_to_utf8_baseline(),
            contender!("from_utf16+cesu8 java", |s, d| {
                String::from_utf16(s)
                    .ok()
                    .map(|t| put(d, &cesu8::to_java_cesu8(&t)))
            }),
        ],
        ratios: ratios("utf8x/cesu8", "from_utf16+cesu8 java", "MUTF-8/UTF-8"),
    }
}

pub fn wtf8_to_utf16le(corpus: &Corpus) -> Op<u8, u16> {
    Op {
        name: "wtf8-to-utf16le",
        title: "WTF-8 -> UTF-16LE (texts without supplementary characters)",
        inputs: corpus.bmp_utf8(),
        bad: data::bad_family(corpus, &BAD_WTF8),
        max_out: |n| n,
        contenders: vec![
            contender!("utf8x", |s, d| convert(s, Wtf8, d, Utf16Le)),
            utf8_to_utf16_baseline(),
            // The wtf8 crate cannot read WTF-8 bytes, only a str: it validates with
            // `str::from_utf8`, so it rejects the lone surrogates WTF-8 carries and is checked on
            // well-formed UTF-8 only.
            contender!(~"from_utf8+wtf8", |s, d| {
                core::str::from_utf8(s).ok().map(|t| {
                    let mut n = 0;
                    for (slot, unit) in d.iter_mut().zip(wtf8::Wtf8::from_str(t).to_ill_formed_utf16()) {
                        *slot = unit;
                        n += 1;
                    }
                    n
                })
            }),
        ],
        ratios: ratios("utf8x/wtf8", "from_utf8+wtf8", "WTF-8/UTF-8"),
    }
}

pub fn utf16le_to_wtf8(corpus: &Corpus) -> Op<u16, u8> {
    Op {
        name: "utf16le-to-wtf8",
        title: "UTF-16LE -> WTF-8 (texts without supplementary characters)",
        inputs: corpus.bmp_utf16(),
        // Every sequence of UTF-16 units has a WTF-8 form.
        bad: Vec::new(),
        max_out: |n| 3 * n,
        contenders: vec![
            contender!("utf8x", |s, d| convert(s, Utf16Le, d, Wtf8)),
            utf16_to_utf8_baseline(),
            // The crate gives no access to the bytes of a WTF-8 string that holds a lone
            // surrogate; on the well-formed texts here `as_str` has them all.
            contender!(~"wtf8", |s, d| {
                wtf8::Wtf8Buf::from_ill_formed_utf16(s)
                    .as_str()
                    .map(|t| put(d, t.as_bytes()))
            }),
        ],
        ratios: ratios("utf8x/wtf8", "wtf8", "WTF-8/UTF-8"),
    }
}

pub fn utf8_to_cesu8(corpus: &Corpus) -> Op<u8, u8> {
    Op {
        name: "utf8-to-cesu8",
        title: "UTF-8 -> CESU-8 (texts without supplementary characters)",
        inputs: corpus.bmp_utf8(),
        bad: data::bad_utf8(corpus),
        max_out: |n| 3 * n / 2 + 3,
        contenders: vec![
            contender!("utf8x", |s, d| convert(s, Utf8, d, Cesu8)),
            // What a UTF-8 to UTF-8 conversion costs: validation and a copy.
            contender!(~"utf8x UTF-8", |s, d| utf8x::is_valid(s).then(|| put(d, s))),
            contender!("from_utf8+cesu8", |s, d| {
                core::str::from_utf8(s)
                    .ok()
                    .map(|t| put(d, &cesu8::to_cesu8(t)))
            }),
        ],
        ratios: ratios("utf8x/cesu8", "from_utf8+cesu8", "CESU-8/UTF-8"),
    }
}

pub fn cesu8_to_utf8(corpus: &Corpus) -> Op<u8, u8> {
    Op {
        name: "cesu8-to-utf8",
        title: "CESU-8 -> UTF-8 (texts without supplementary characters)",
        inputs: corpus.bmp_utf8(),
        bad: data::bad_family(corpus, &BAD_CESU8),
        max_out: |n| n,
        contenders: vec![
            contender!("utf8x", |s, d| convert(s, Cesu8, d, Utf8)),
            contender!(~"utf8x UTF-8", |s, d| utf8x::is_valid(s).then(|| put(d, s))),
            // The crate takes any valid UTF-8 as it is, 4-byte sequences included, so it is
            // checked on well-formed input only.
            contender!(~"cesu8", |s, d| {
                cesu8::from_cesu8(s).ok().map(|t| put(d, t.as_bytes()))
            }),
        ],
        ratios: ratios("utf8x/cesu8", "cesu8", "CESU-8/UTF-8"),
    }
}
