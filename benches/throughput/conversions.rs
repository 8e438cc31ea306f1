//! The conversions: UTF-8 ↔ UTF-16LE, UTF-32 and Latin-1, and lossy UTF-8 → UTF-16LE under
//! each lossy policy.

use encoding_rs::{CoderResult, DecoderResult, UTF_8, mem};
use std::sync::OnceLock;

use utf8x::Policy::{Escape, Fallback, Replace, Skip, Strict};
use utf8x::{Encoding, Outcome, Policy, Stream};

use crate::contender::{self, contender};
use crate::data::{self, Corpus};
use crate::glibc::{self, Iconv, UTF8X, UTF32};
use crate::section::{Op, Ratio};
use crate::simdutf_shim as simdutf;
use crate::std_ref;

/// The written length of a conversion that consumed everything, `None` otherwise.
pub(crate) fn done(o: Outcome) -> Option<usize> {
    o.is_ok().then_some(o.written)
}

/// A streaming conversion fed 64 KiB of input at a time, as a program reading a file would.
pub(crate) fn streamed<I: utf8x::Unit, O: utf8x::Unit>(
    from: Encoding,
    to: Encoding,
    src: &[I],
    dst: &mut [O],
) -> Option<usize> {
    const CHUNK_BYTES: usize = 64 * 1024;
    let mut stream = Stream::new(from, to, Strict)?;
    let (mut written, chunk) = (0, CHUNK_BYTES / size_of::<I>());
    let mut pieces = src.chunks(chunk).peekable();
    while let Some(piece) = pieces.next() {
        let o = stream.convert(piece, Some(&mut dst[written..]), pieces.peek().is_none());
        if !o.is_ok() {
            return None;
        }
        written += o.written;
    }
    Some(written)
}

pub(crate) fn vs_simdutf_and_iconv() -> Vec<Ratio> {
    vec![
        Ratio {
            label: "utf8x/simdutf",
            of: "utf8x",
            over: &["simdutf"],
        },
        Ratio {
            label: "utf8x/iconv",
            of: "utf8x",
            over: &["glibc iconv"],
        },
        // The drop-in replacement (libutf8x_iconv.so under LD_PRELOAD) against what it replaces.
        Ratio {
            label: "utf8x_iconv/iconv",
            of: "utf8x iconv",
            over: &["glibc iconv"],
        },
        // The physical limit: a plain copy of the input's bytes in the same run.
        Ratio {
            label: "utf8x/copy",
            of: "utf8x",
            over: &["copy"],
        },
        // What the fastest known code reaches: the headroom of the 20x-iconv target.
        Ratio {
            label: "simdutf/iconv",
            of: "simdutf",
            over: &["glibc iconv"],
        },
    ]
}

pub fn utf8_to_utf16le(corpus: &Corpus) -> Op<u8, u16> {
    let iconv = Iconv::open(c"UTF-16LE", c"UTF-8");
    let u_iconv = Iconv::open_with(&UTF8X, c"UTF-16LE", c"UTF-8");
    Op {
        name: "utf8-to-utf16le",
        title: "UTF-8 -> UTF-16LE",
        inputs: corpus.utf8(),
        bad: data::bad_utf8(corpus),
        max_out: |n| n,
        contenders: vec![
            contender!("utf8x", |s, d| done(utf8x::to_utf16le(s, Some(d), Strict))),
            contender!("simdutf", |s, d| simdutf::utf8_to_utf16le(s, d)),
            contender!(~"simdutf valid", |s, d| simdutf::valid_utf8_to_utf16le(s, d)),
            contender!("encoding_rs", |s, d| {
                let mut decoder = UTF_8.new_decoder_without_bom_handling();
                let (result, _, written) = decoder.decode_to_utf16_without_replacement(s, d, true);
                matches!(result, DecoderResult::InputEmpty).then_some(written)
            }),
            contender!("std", |s, d| std_ref::utf8_to_utf16(s, d)),
            contender!("utf8x stream", |s, d| streamed(
                Encoding::Utf8,
                Encoding::Utf16Le,
                s,
                d
            )),
            contender!("utf8x iconv", |s, d| u_iconv.convert(&s[..], d)),
            contender!("glibc iconv", |s, d| iconv.convert(&s[..], d)),
            contender::copy(),
        ],
        ratios: vs_simdutf_and_iconv(),
    }
}

pub fn utf16le_to_utf8(corpus: &Corpus) -> Op<u16, u8> {
    let iconv = Iconv::open(c"UTF-8", c"UTF-16LE");
    let u_iconv = Iconv::open_with(&UTF8X, c"UTF-8", c"UTF-16LE");
    Op {
        name: "utf16le-to-utf8",
        title: "UTF-16LE -> UTF-8",
        inputs: corpus.utf16(),
        bad: data::bad_utf16(corpus),
        max_out: |n| 3 * n,
        contenders: vec![
            contender!("utf8x", |s, d| done(utf8x::from_utf16le(
                s,
                Some(d),
                Strict
            ))),
            contender!("simdutf", |s, d| simdutf::utf16le_to_utf8(s, d)),
            contender!(~"simdutf valid", |s, d| simdutf::valid_utf16le_to_utf8(s, d)),
            // encoding_rs has no strict UTF-16 → UTF-8 of u16 units: its fast path replaces lone
            // surrogates with U+FFFD instead of reporting them.
            contender!(~"encoding_rs", |s, d| Some(mem::convert_utf16_to_utf8(s, d))),
            contender!("std", |s, d| std_ref::utf16_to_utf8(s, d)),
            contender!("utf8x stream", |s, d| streamed(
                Encoding::Utf16Le,
                Encoding::Utf8,
                s,
                d
            )),
            contender!("utf8x iconv", |s, d| u_iconv.convert(&s[..], d)),
            contender!("glibc iconv", |s, d| iconv.convert(&s[..], d)),
            contender::copy(),
        ],
        ratios: vs_simdutf_and_iconv(),
    }
}

pub fn utf8_to_utf32(corpus: &Corpus) -> Op<u8, u32> {
    let iconv = Iconv::open(UTF32, c"UTF-8");
    let u_iconv = Iconv::open_with(&UTF8X, UTF32, c"UTF-8");
    Op {
        name: "utf8-to-utf32",
        title: "UTF-8 -> UTF-32",
        inputs: corpus.utf8(),
        bad: data::bad_utf8(corpus),
        max_out: |n| n,
        contenders: vec![
            contender!("utf8x", |s, d| done(utf8x::to_utf32(s, Some(d), Strict))),
            contender!("simdutf", |s, d| simdutf::utf8_to_utf32(s, d)),
            contender!(~"simdutf valid", |s, d| simdutf::valid_utf8_to_utf32(s, d)),
            contender!("std", |s, d| std_ref::utf8_to_utf32(s, d)),
            contender!("utf8x stream", |s, d| streamed(
                Encoding::Utf8,
                Encoding::Utf32,
                s,
                d
            )),
            contender!("utf8x iconv", |s, d| u_iconv.convert(&s[..], d)),
            contender!("glibc iconv", |s, d| iconv.convert(&s[..], d)),
            // glibc 2.36's C.UTF-8 decodes beyond U+10FFFF (F4 90.., F5.., even RFC 2279's
            // 5- and 6-byte forms), so it is checked on well-formed input only.
            contender!(~"glibc mbstowcs", |s, d| glibc::utf8_to_wchar(
                glibc::GLIBC_MBSTOWCS,
                s,
                d
            )),
            contender!("utf8x mbstowcs", |s, d| glibc::utf8_to_wchar(
                glibc::UTF8X_MBSTOWCS,
                s,
                d
            )),
            contender::copy(),
        ],
        ratios: vs_simdutf_and_iconv()
            .into_iter()
            .chain([Ratio {
                label: "utf8x_mbstowcs/mbstowcs",
                of: "utf8x mbstowcs",
                over: &["glibc mbstowcs"],
            }])
            .collect(),
    }
}

pub fn utf32_to_utf8(corpus: &Corpus) -> Op<u32, u8> {
    let iconv = Iconv::open(c"UTF-8", UTF32);
    let u_iconv = Iconv::open_with(&UTF8X, c"UTF-8", UTF32);
    Op {
        name: "utf32-to-utf8",
        title: "UTF-32 -> UTF-8",
        inputs: corpus.utf32(),
        bad: data::bad_utf32(corpus),
        max_out: |n| 4 * n,
        contenders: vec![
            contender!("utf8x", |s, d| done(utf8x::from_utf32(s, Some(d), Strict))),
            contender!("simdutf", |s, d| simdutf::utf32_to_utf8(s, d)),
            contender!(~"simdutf valid", |s, d| simdutf::valid_utf32_to_utf8(s, d)),
            contender!("std", |s, d| std_ref::utf32_to_utf8(s, d)),
            contender!("utf8x stream", |s, d| streamed(
                Encoding::Utf32,
                Encoding::Utf8,
                s,
                d
            )),
            contender!("utf8x iconv", |s, d| u_iconv.convert(&s[..], d)),
            contender!("glibc iconv", |s, d| iconv.convert(&s[..], d)),
            // Encodes values above U+10FFFF (as RFC 2279 sequences); rejects only surrogates.
            contender!(~"glibc wcstombs", |s, d| glibc::wchar_to_utf8(
                glibc::GLIBC_WCSTOMBS,
                s,
                d
            )),
            contender!("utf8x wcstombs", |s, d| glibc::wchar_to_utf8(
                glibc::UTF8X_WCSTOMBS,
                s,
                d
            )),
            contender::copy(),
        ],
        ratios: vs_simdutf_and_iconv()
            .into_iter()
            .chain([Ratio {
                label: "utf8x_wcstombs/wcstombs",
                of: "utf8x wcstombs",
                over: &["glibc wcstombs"],
            }])
            .collect(),
    }
}

pub fn utf8_to_latin1(corpus: &Corpus) -> Op<u8, u8> {
    let iconv = Iconv::open(c"ISO-8859-1", c"UTF-8");
    let u_iconv = Iconv::open_with(&UTF8X, c"ISO-8859-1", c"UTF-8");
    Op {
        name: "utf8-to-latin1",
        title: "UTF-8 -> Latin-1 (texts Latin-1 can hold)",
        inputs: corpus.latin1_as_utf8(),
        bad: data::bad_utf8(corpus)
            .into_iter()
            .chain(data::unmappable_utf8(corpus))
            .collect(),
        max_out: |n| n,
        contenders: vec![
            contender!("utf8x", |s, d| done(utf8x::to_latin1(s, Some(d), Strict))),
            contender!("simdutf", |s, d| simdutf::utf8_to_latin1(s, d)),
            contender!(~"simdutf valid", |s, d| simdutf::valid_utf8_to_latin1(s, d)),
            // Checks nothing: garbage in, unspecified bytes out.
            contender!(~"encoding_rs", |s, d| Some(mem::convert_utf8_to_latin1_lossy(s, d))),
            contender!("std", |s, d| std_ref::utf8_to_latin1(s, d)),
            contender!("utf8x stream", |s, d| streamed(
                Encoding::Utf8,
                Encoding::Latin1,
                s,
                d
            )),
            contender!("utf8x iconv", |s, d| u_iconv.convert(&s[..], d)),
            contender!("glibc iconv", |s, d| iconv.convert(&s[..], d)),
            contender::copy(),
        ],
        ratios: vs_simdutf_and_iconv(),
    }
}

pub fn latin1_to_utf8(corpus: &Corpus) -> Op<u8, u8> {
    let iconv = Iconv::open(c"UTF-8", c"ISO-8859-1");
    let u_iconv = Iconv::open_with(&UTF8X, c"UTF-8", c"ISO-8859-1");
    Op {
        name: "latin1-to-utf8",
        title: "Latin-1 -> UTF-8",
        inputs: corpus.latin1(),
        bad: Vec::new(),
        max_out: |n| 2 * n,
        contenders: vec![
            contender!("utf8x", |s, d| done(utf8x::from_latin1(s, Some(d), Strict))),
            contender!("simdutf", |s, d| simdutf::latin1_to_utf8(s, d)),
            contender!("encoding_rs", |s, d| Some(mem::convert_latin1_to_utf8(
                s, d
            ))),
            contender!("std", |s, d| std_ref::latin1_to_utf8(s, d)),
            contender!("utf8x stream", |s, d| streamed(
                Encoding::Latin1,
                Encoding::Utf8,
                s,
                d
            )),
            contender!("utf8x iconv", |s, d| u_iconv.convert(&s[..], d)),
            contender!("glibc iconv", |s, d| iconv.convert(&s[..], d)),
            contender::copy(),
        ],
        ratios: vs_simdutf_and_iconv(),
    }
}

pub fn lossy_utf8_to_utf16le(corpus: &Corpus) -> Op<u8, u16> {
    Op {
        name: "lossy-utf8-to-utf16le",
        title: "UTF-8 with one bad byte per KiB -> UTF-16LE, U+FFFD per maximal subpart",
        inputs: corpus.utf8_with_errors(),
        bad: Vec::new(),
        max_out: |n| n,
        contenders: vec![
            contender!("utf8x", |s, d| done(utf8x::to_utf16le(s, Some(d), Replace))),
            contender!("encoding_rs", |s, d| {
                let mut decoder = UTF_8.new_decoder_without_bom_handling();
                let (result, _, written, _) = decoder.decode_to_utf16(s, d, true);
                matches!(result, CoderResult::InputEmpty).then_some(written)
            }),
            contender!("std lossy", |s, d| std_ref::utf8_to_utf16_lossy(s, d)),
        ],
        ratios: vec![Ratio {
            label: "utf8x/encoding_rs",
            of: "utf8x",
            over: &["encoding_rs"],
        }],
    }
}

/// Lossy UTF-8 → UTF-16LE of the same inputs under SKIP, ESCAPE or FALLBACK, against std's
/// `Utf8Chunks` with the policy's units for each subpart's bytes (`per_byte`; none for SKIP).
fn by_policy(
    corpus: &Corpus,
    (name, title): (&'static str, &'static str),
    policy: Policy,
    per_byte: Option<fn(u8) -> u16>,
) -> Op<u8, u16> {
    Op {
        name,
        title,
        inputs: corpus.utf8_with_errors(),
        bad: Vec::new(),
        max_out: |n| n,
        contenders: vec![
            contender!("utf8x", |s, d| done(utf8x::to_utf16le(s, Some(d), policy))),
            contender!("std chunks", |s, d| std_ref::utf8_to_utf16_chunks(
                s, d, per_byte
            )),
        ],
        ratios: vec![Ratio {
            label: "utf8x/std chunks",
            of: "utf8x",
            over: &["std chunks"],
        }],
    }
}

pub fn skip_utf8_to_utf16le(corpus: &Corpus) -> Op<u8, u16> {
    let title = "UTF-8 with one bad byte per KiB -> UTF-16LE, each maximal subpart dropped";
    by_policy(corpus, ("skip-utf8-to-utf16le", title), Skip, None)
}

pub fn escape_utf8_to_utf16le(corpus: &Corpus) -> Op<u8, u16> {
    let title = "UTF-8 with one bad byte per KiB -> UTF-16LE, bad byte b as U+DC00 + b";
    let escape: fn(u8) -> u16 = |b| 0xDC00 | u16::from(b);
    by_policy(
        corpus,
        ("escape-utf8-to-utf16le", title),
        Escape,
        Some(escape),
    )
}

pub fn fallback_utf8_to_utf16le(corpus: &Corpus) -> Op<u8, u16> {
    let title = "UTF-8 with one bad byte per KiB -> UTF-16LE, bad bytes as Windows-1252";
    by_policy(
        corpus,
        ("fallback-utf8-to-utf16le", title),
        Fallback,
        Some(windows_1252),
    )
}

/// Byte `b` as its Windows-1252 character, as encoding_rs (WHATWG's index) decodes it.
fn windows_1252(b: u8) -> u16 {
    static TABLE: OnceLock<[u16; 256]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [0; 256];
        for (b, unit) in (0..=255u8).zip(&mut table) {
            let byte = [b];
            let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(&byte);
            *unit = text.encode_utf16().next().expect("one character per byte");
        }
        table
    })[usize::from(b)]
}
