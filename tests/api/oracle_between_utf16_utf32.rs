//! UTF-16 ↔ UTF-32 (the direct functions, and `convert` with those pairs) against std: inputs
//! decoded by `char::decode_utf16` and `char::from_u32`, outputs spelled by
//! `char::encode_utf16` and `u32::from`, each policy applied by the oracle of `support`. Errors
//! are planted at every offset of inputs around the kernels' block and vector sizes (16 to 128
//! units, and one on either side), so that each lands at every position of a block, after every
//! kind of text. `UTF8X_KERNEL` picks the set the public functions use (the test scripts run
//! this once per set); the kernel suite compares the sets with each other.

use crate::support::*;
use utf8x::{Encoding, Policy, Status};

/// UTF-32 with big-endian units, spelled by std (the support crate's `Utf32` is native).
struct Utf32Be;

impl Target for Utf32Be {
    type Unit = u32;
    const REPLACEMENT: char = char::REPLACEMENT_CHARACTER;
    const ESCAPES: bool = true;
    fn encode(c: char, out: &mut Vec<u32>) -> bool {
        out.push(u32::from(c).to_be());
        true
    }
    fn raw(v: u32) -> u32 {
        v.to_be()
    }
}

/// The pieces of a source for a target of 16- or 32-bit units: ESCAPE passes a lone
/// U+DC80..U+DCFF on as its own unit there (it stands for a byte only in a byte target).
fn wide(pieces: Vec<Piece>) -> Vec<Piece> {
    pieces
        .into_iter()
        .map(|p| match p {
            Piece::Bad {
                len,
                kind,
                truncated,
                escapes,
                bytes,
            } => Piece::Bad {
                len,
                kind,
                truncated,
                escapes: escapes.map(|v| v.iter().map(|b| 0xDC00 | b).collect()),
                bytes,
            },
            c => c,
        })
        .collect()
}

fn from_utf16<const BIG: bool, T: Target>(s: &[u16], p: Policy) -> Expect<T::Unit> {
    let value = if BIG { u16::from_be } else { u16::from_le };
    expect::<T>(&wide(utf16_pieces(s, value)), p)
}

fn from_utf32<const BIG: bool, T: Target>(s: &[u32], p: Policy) -> Expect<T::Unit> {
    let values: Vec<u32> = s
        .iter()
        .map(|&u| if BIG { u32::from_be(u) } else { u })
        .collect();
    expect::<T>(&wide(utf32_pieces(&values)), p)
}

/// `Conv`s of the direct functions, each with its oracle and the pair `convert` takes for it.
macro_rules! convs {
    ($($name:ident: $s:ty => $d:ty, $oracle:ident::<$big:literal, $t:ty>, $from:ident => $to:ident;)*) => {
        $(
            const $name: (Conv<$s, $d>, Encoding, Encoding) = (
                Conv {
                    name: stringify!($name),
                    run: convs!(@fn $name),
                    expect: $oracle::<$big, $t>,
                },
                Encoding::$from,
                Encoding::$to,
            );
        )*
    };
    (@fn UTF16LE_TO_UTF32) => { utf8x::utf16le_to_utf32 };
    (@fn UTF16BE_TO_UTF32) => { utf8x::utf16be_to_utf32 };
    (@fn UTF16LE_TO_UTF32BE) => { utf8x::utf16le_to_utf32be };
    (@fn UTF16BE_TO_UTF32BE) => { utf8x::utf16be_to_utf32be };
    (@fn UTF32_TO_UTF16LE) => { utf8x::utf32_to_utf16le };
    (@fn UTF32_TO_UTF16BE) => { utf8x::utf32_to_utf16be };
    (@fn UTF32BE_TO_UTF16LE) => { utf8x::utf32be_to_utf16le };
    (@fn UTF32BE_TO_UTF16BE) => { utf8x::utf32be_to_utf16be };
}

convs! {
    UTF16LE_TO_UTF32: u16 => u32, from_utf16::<false, Utf32>, Utf16Le => Utf32;
    UTF16BE_TO_UTF32: u16 => u32, from_utf16::<true, Utf32>, Utf16Be => Utf32;
    UTF16LE_TO_UTF32BE: u16 => u32, from_utf16::<false, Utf32Be>, Utf16Le => Utf32Be;
    UTF16BE_TO_UTF32BE: u16 => u32, from_utf16::<true, Utf32Be>, Utf16Be => Utf32Be;
    UTF32_TO_UTF16LE: u32 => u16, from_utf32::<false, Utf16Le>, Utf32 => Utf16Le;
    UTF32_TO_UTF16BE: u32 => u16, from_utf32::<false, Utf16Be>, Utf32 => Utf16Be;
    UTF32BE_TO_UTF16LE: u32 => u16, from_utf32::<true, Utf16Le>, Utf32Be => Utf16Le;
    UTF32BE_TO_UTF16BE: u32 => u16, from_utf32::<true, Utf16Be>, Utf32Be => Utf16Be;
}

/// Checks the direct function under `policy` (roomy, measuring, exactly full) and `convert`
/// with its pair, roomy.
fn check_pair<S: Unit + utf8x::Unit, D: Unit + utf8x::Unit>(
    (conv, from, to): &(Conv<S, D>, Encoding, Encoding),
    src: &[S],
    policy: Policy,
) {
    let exp = check(conv, src, policy);
    let mut out = vec![D::CANARY; roomy(src.len())];
    let o = utf8x::convert(src, *from, Some(&mut out), *to, policy);
    assert_eq!(
        o,
        exp.outcome(),
        "convert {from:?} → {to:?} on {}",
        hex(src)
    );
    assert_eq!(&out[..o.written], &exp.out[..], "convert {}", hex(src));
}

/// Every UTF-16 source function on `values` (code units in the machine's order).
fn check_utf16(values: &[u16], policies: &[Policy]) {
    let (le, be) = (as_le(values), as_be(values));
    for &p in policies {
        check_pair(&UTF16LE_TO_UTF32, &le, p);
        check_pair(&UTF16BE_TO_UTF32, &be, p);
        check_pair(&UTF16LE_TO_UTF32BE, &le, p);
        check_pair(&UTF16BE_TO_UTF32BE, &be, p);
    }
}

/// Every UTF-32 source function on `values` (code points in the machine's order).
fn check_utf32(values: &[u32], policies: &[Policy]) {
    let be: Vec<u32> = values.iter().map(|v| v.to_be()).collect();
    for &p in policies {
        check_pair(&UTF32_TO_UTF16LE, values, p);
        check_pair(&UTF32_TO_UTF16BE, values, p);
        check_pair(&UTF32BE_TO_UTF16LE, &be, p);
        check_pair(&UTF32BE_TO_UTF16BE, &be, p);
    }
}

/// Kinds of text, each taking different loops: ASCII, BMP, only supplementary characters (all
/// surrogate pairs), and the three mixed (so that pairs start at odd units).
const KINDS: [&[char]; 5] = [
    &['a', 'Z', ' ', '0'],
    &['ж', '中', 'é', '\u{FFFD}', '\u{E000}', '\u{FFFF}'],
    &['😀', '𝄞', '\u{10000}', '\u{10FFFF}'],
    &['a', '中', '😀', 'ж', '\u{1F9D1}'],
    &['😀', 'a', '😀', '😀', 'b', '😀', '😀', '😀'],
];

/// A text of `kind` of about `units` UTF-16 units (at most one more), characters picked by `rng`.
fn text(rng: &mut Rng, kind: &[char], units: usize) -> String {
    let mut s = String::new();
    while s.encode_utf16().count() < units {
        s.push(*rng.pick(kind));
    }
    s
}

/// Lengths around the blocks and vectors of every set (in units of the source).
const LENGTHS: [usize; 12] = [15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129];

#[test]
fn valid_text_is_std() {
    let mut rng = Rng::new(1632);
    for kind in KINDS {
        for len in (0..80).chain(LENGTHS).chain([200, 1000, 4099]) {
            let t = text(&mut rng, kind, len);
            let values: Vec<u16> = t.encode_utf16().collect();
            check_utf16(&values, &POLICIES);
            let points: Vec<u32> = t.chars().map(u32::from).collect();
            check_utf32(&points, &POLICIES);
        }
    }
}

#[test]
fn corpus_is_std() {
    for (name, t) in corpus::corpus().texts() {
        let values: Vec<u16> = t.encode_utf16().collect();
        let points: Vec<u32> = t.chars().map(u32::from).collect();
        let mut out16 = vec![0u16; values.len()];
        let mut out32 = vec![0u32; points.len()];
        let o = utf8x::utf16le_to_utf32(&as_le(&values), Some(&mut out32), Policy::Strict);
        assert_eq!(
            (o.status, o.read, o.written),
            (Status::Ok, values.len(), points.len())
        );
        assert_eq!(out32, points, "{name}");
        let o = utf8x::utf32_to_utf16be(&points, Some(&mut out16), Policy::Strict);
        assert_eq!(
            (o.status, o.read, o.written),
            (Status::Ok, points.len(), values.len())
        );
        assert_eq!(out16, as_be(&values), "{name}");
    }
}

/// Ill-formed UTF-16: lone low and high surrogates, a reversed pair, two high surrogates.
const BAD16: [&[u16]; 5] = [
    &[0xDC00],
    &[0xD800],
    &[0xDFFF, 0xD800],
    &[0xDBFF, 0xDBFF],
    &[0xDC80],
];

#[test]
fn utf16_errors_at_every_offset() {
    let mut rng = Rng::new(16);
    for kind in KINDS {
        for len in LENGTHS {
            let t: Vec<u16> = text(&mut rng, kind, len).encode_utf16().collect();
            for bad in BAD16 {
                for at in 0..=t.len() {
                    // Never inside a pair: that would be another error than the one planted.
                    if at > 0 && (0xD800..0xDC00).contains(&t[at - 1]) {
                        continue;
                    }
                    let mut c = t.clone();
                    c.splice(at..at, bad.iter().copied());
                    // Every policy on some offsets, STRICT and REPLACE on all.
                    let all = at % 7 == 0 || at + 2 >= t.len();
                    check_utf16(
                        &c,
                        if all {
                            &POLICIES
                        } else {
                            &[Policy::Strict, Policy::Replace]
                        },
                    );
                }
            }
            // Cut before the last unit: a text ending in a high surrogate.
            check_utf16(&t[..t.len() - 1], &POLICIES);
        }
    }
}

/// Ill-formed UTF-32: surrogates (an escape among them) and values past U+10FFFF.
const BAD32: [u32; 6] = [0xD800, 0xDFFF, 0xDC80, 0x11_0000, 0xFFFF_FFFF, 0x8000_0000];

#[test]
fn utf32_errors_at_every_offset() {
    let mut rng = Rng::new(32);
    for kind in KINDS {
        for len in LENGTHS {
            let t: Vec<u32> = text(&mut rng, kind, len).chars().map(u32::from).collect();
            for bad in BAD32 {
                for at in 0..=t.len() {
                    let mut c = t.clone();
                    c.insert(at, bad);
                    let all = at % 7 == 0 || at + 2 >= t.len();
                    check_utf32(
                        &c,
                        if all {
                            &POLICIES
                        } else {
                            &[Policy::Strict, Policy::Replace]
                        },
                    );
                }
            }
        }
    }
}

#[test]
fn resumed_after_output_full() {
    // Output rooms that cut blocks and pairs, resumed from `read` each time.
    let mut rng = Rng::new(3);
    for kind in KINDS {
        let t = text(&mut rng, kind, 150);
        let mut values: Vec<u16> = t.encode_utf16().collect();
        values.insert(70, 0xDC00);
        let mut points: Vec<u32> = t.chars().map(u32::from).collect();
        points.insert(40, 0xD800);
        for caps in [
            &[1usize, 1, 1][..],
            &[31, 33, 1, 64],
            &[0, 2, 63],
            &[17, 17, 17, 17],
        ] {
            for p in POLICIES {
                check_resumable(&UTF16LE_TO_UTF32.0, &as_le(&values), p, caps);
                check_resumable(&UTF16BE_TO_UTF32BE.0, &as_be(&values), p, caps);
                check_resumable(&UTF32_TO_UTF16LE.0, &points, p, caps);
                let be: Vec<u32> = points.iter().map(|v| v.to_be()).collect();
                check_resumable(&UTF32BE_TO_UTF16BE.0, &be, p, caps);
            }
        }
    }
}
