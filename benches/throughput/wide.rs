//! The conversions between UTF-16LE and UTF-32 (the machine's order), which involve no UTF-8.

use utf8x::Encoding;
use utf8x::Policy::Strict;
use utf8x_bench::bare;

use crate::contender::{self, contender};
use crate::conversions::{done, streamed, vs_simdutf_and_iconv};
use crate::data::{self, Corpus};
use crate::glibc::{Iconv, UTF8X, UTF32};
use crate::section::{Op, Ratio};
use crate::simdutf_shim as simdutf;
use crate::std_ref;

pub fn utf16le_to_utf32(corpus: &Corpus) -> Op<u16, u32> {
    let iconv = Iconv::open(UTF32, c"UTF-16LE");
    let u_iconv = Iconv::open_with(&UTF8X, UTF32, c"UTF-16LE");
    Op {
        name: "utf16le-to-utf32",
        title: "UTF-16LE -> UTF-32",
        inputs: corpus.utf16(),
        bad: data::bad_utf16(corpus),
        max_out: |n| n,
        contenders: vec![
            contender!("utf8x", |s, d| done(utf8x::utf16le_to_utf32(
                s,
                Some(d),
                Strict
            ))),
            contender!("simdutf", |s, d| simdutf::utf16le_to_utf32(s, d)),
            contender!(~"simdutf valid", |s, d| simdutf::valid_utf16le_to_utf32(s, d)),
            contender!("std", |s, d| std_ref::utf16_to_utf32(s, d)),
            contender!("utf8x stream", |s, d| streamed(
                Encoding::Utf16Le,
                Encoding::Utf32,
                s,
                d
            )),
            contender!("utf8x iconv", |s, d| u_iconv.convert(&s[..], d)),
            contender!("glibc iconv", |s, d| iconv.convert(&s[..], d)),
            contender::copy(),
            contender::limit(bare::widen_limit(utf8x::active_kernel())),
        ],
        ratios: vs_limit(),
    }
}

pub fn utf32_to_utf16le(corpus: &Corpus) -> Op<u32, u16> {
    let iconv = Iconv::open(c"UTF-16LE", UTF32);
    let u_iconv = Iconv::open_with(&UTF8X, c"UTF-16LE", UTF32);
    Op {
        name: "utf32-to-utf16le",
        title: "UTF-32 -> UTF-16LE",
        inputs: corpus.utf32(),
        bad: data::bad_utf32(corpus),
        max_out: |n| 2 * n,
        contenders: vec![
            contender!("utf8x", |s, d| done(utf8x::utf32_to_utf16le(
                s,
                Some(d),
                Strict
            ))),
            contender!("simdutf", |s, d| simdutf::utf32_to_utf16le(s, d)),
            contender!(~"simdutf valid", |s, d| simdutf::valid_utf32_to_utf16le(s, d)),
            contender!("std", |s, d| std_ref::utf32_to_utf16(s, d)),
            contender!("utf8x stream", |s, d| streamed(
                Encoding::Utf32,
                Encoding::Utf16Le,
                s,
                d
            )),
            contender!("utf8x iconv", |s, d| u_iconv.convert(&s[..], d)),
            contender!("glibc iconv", |s, d| iconv.convert(&s[..], d)),
            contender::copy(),
            contender::limit(bare::narrow_limit(utf8x::active_kernel())),
        ],
        ratios: vs_limit(),
    }
}

/// The conversions' ratios, and utf8x against the bare loop: the limit of the first-plane rows.
fn vs_limit() -> Vec<Ratio> {
    let mut ratios = vs_simdutf_and_iconv();
    ratios.push(Ratio {
        label: "utf8x/limit",
        of: "utf8x",
        over: &["limit"],
    });
    ratios
}
