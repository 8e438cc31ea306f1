//! UTF-16 ↔ UTF-32 kernels in safe portable Rust, written so that the compiler vectorises them:
//! blocks of [`BLOCK`] units tested and converted by loops without branches (widening with a
//! surrogate test, narrowing with a range test, and blocks made only of surrogate pairs or only
//! of supplementary characters), and a character-by-character step for every other block. The
//! portable set calls them as they are; each SIMD set instantiates them inside functions with
//! its target features ([`utf16_utf32_set!`]), where the same loops compile to that ISA's
//! vectors (16 → 32-bit widening and 32 → 16-bit narrowing are single instructions everywhere,
//! so no shuffle tables are needed and nothing here names an ISA). x86's AVX-512 set converts,
//! and its AVX2 set narrows to UTF-16, with kernels of their own (`x86::utf16_utf32*`), which
//! hand these what they do not take.
//!
//! Both byte orders of both sides are type parameters (`S16`, `S32`: the units are byte-swapped
//! on this machine), so each loop is compiled for one pair of orders without a test inside.
//! The contracts are those of every kernel (see [`super::KernelSet`]): a well-formed prefix that
//! fits, stopping before a lone surrogate, a surrogate code point or a value past U+10FFFF,
//! before a high surrogate that ends the input (the engine decides whether it is cut), and
//! where `dst` has no room for the next character.

use super::{Convert, Measure, Ordered};

/// Units tested at once: long enough for a few vectors of every width, short enough that an
/// error or a character the fast loops do not take costs little scalar work.
const BLOCK: usize = 32;

/// Units converted at once where none needs a pair or is ill-formed (text of one plane), before
/// a block is tried: fewer tests and branches for the common case.
const RUN: usize = 4 * BLOCK;

/// Units measured at once from UTF-16: the test takes any mix of pairs, so it goes on longer.
const MEASURE: usize = 4 * BLOCK;

/// The UTF-16 → UTF-32 and UTF-32 → UTF-16 kernels of one set.
#[derive(Clone, Copy)]
pub(crate) struct Utf16Utf32 {
    /// UTF-16 → UTF-32: index 0 writes UTF-32 in the machine's order, 1 byte-swapped; each by
    /// the order of its UTF-16 input.
    pub to_utf32: [Ordered<Convert<u16, u32>>; 2],
    /// The measure of UTF-16 → UTF-32 (code points), by the order of its UTF-16 input.
    pub to_utf32_measure: Ordered<Measure<u16>>,
    /// UTF-32 → UTF-16: index 0 reads UTF-32 in the machine's order, 1 byte-swapped; each by
    /// the order of its UTF-16 output.
    pub to_utf16: [Ordered<Convert<u32, u16>>; 2],
    /// The measure of UTF-32 → UTF-16 (units), by the order of its UTF-32 input.
    pub to_utf16_measure: Ordered<Measure<u32>>,
}

/// The portable set's kernels: the algorithms below, compiled for the crate's target.
pub(crate) const PORTABLE: Utf16Utf32 = Utf16Utf32 {
    to_utf32: [
        Ordered {
            native: to_utf32::<false, false>,
            swapped: to_utf32::<true, false>,
        },
        Ordered {
            native: to_utf32::<false, true>,
            swapped: to_utf32::<true, true>,
        },
    ],
    to_utf32_measure: Ordered {
        native: to_utf32_measure::<false>,
        swapped: to_utf32_measure::<true>,
    },
    to_utf16: [
        Ordered {
            native: to_utf16::<false, false>,
            swapped: to_utf16::<true, false>,
        },
        Ordered {
            native: to_utf16::<false, true>,
            swapped: to_utf16::<true, true>,
        },
    ],
    to_utf16_measure: Ordered {
        native: to_utf16_measure::<false>,
        swapped: to_utf16_measure::<true>,
    },
};

/// A [`Utf16Utf32`] of the algorithms below, each inside a `#[target_feature(enable =
/// $features)]` function (inputs under [`super::SHORT`] units go to the portable instance);
/// for a kernel set's `KernelSet` literal.
#[cfg_attr(
    not(any(
        target_arch = "x86_64",
        target_arch = "aarch64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )),
    allow(unused_macros)
)]
macro_rules! utf16_utf32_set {
    ($features:literal) => {{
        use $crate::simd::utf16_utf32::{self as w, Utf16Utf32};
        use $crate::simd::{Ordered, SHORT};
        /// `$f` for `$s`, `$d` in a function with the set's features, or as it is for inputs
        /// too short to be worth the call.
        macro_rules! with_features {
            ($name:ident($s:ty, $d:ty) = $f:path) => {
                fn $name(src: &[$s], dst: &mut [$d]) -> (usize, usize) {
                    #[target_feature(enable = $features)]
                    fn inner(src: &[$s], dst: &mut [$d]) -> (usize, usize) {
                        $f(src, dst)
                    }
                    if src.len() < SHORT {
                        return $f(src, dst);
                    }
                    // SAFETY: the kernel set holding this function is only handed out after
                    // `runs` confirmed that this CPU has `$features` (see `simd::choose`).
                    // (Where the module is compiled with them, as WebAssembly's, the call is safe.)
                    #[allow(unused_unsafe)]
                    unsafe {
                        inner(src, dst)
                    }
                }
            };
            ($name:ident($s:ty) = $f:path) => {
                fn $name(src: &[$s]) -> (usize, usize) {
                    #[target_feature(enable = $features)]
                    fn inner(src: &[$s]) -> (usize, usize) {
                        $f(src)
                    }
                    if src.len() < SHORT {
                        return $f(src);
                    }
                    // SAFETY: as above.
                    #[allow(unused_unsafe)]
                    unsafe {
                        inner(src)
                    }
                }
            };
        }
        with_features!(u16_u32_nn(u16, u32) = w::to_utf32::<false, false>);
        with_features!(u16_u32_sn(u16, u32) = w::to_utf32::<true, false>);
        with_features!(u16_u32_ns(u16, u32) = w::to_utf32::<false, true>);
        with_features!(u16_u32_ss(u16, u32) = w::to_utf32::<true, true>);
        with_features!(u16_measure_n(u16) = w::to_utf32_measure::<false>);
        with_features!(u16_measure_s(u16) = w::to_utf32_measure::<true>);
        with_features!(u32_u16_nn(u32, u16) = w::to_utf16::<false, false>);
        with_features!(u32_u16_sn(u32, u16) = w::to_utf16::<true, false>);
        with_features!(u32_u16_ns(u32, u16) = w::to_utf16::<false, true>);
        with_features!(u32_u16_ss(u32, u16) = w::to_utf16::<true, true>);
        with_features!(u32_measure_n(u32) = w::to_utf16_measure::<false>);
        with_features!(u32_measure_s(u32) = w::to_utf16_measure::<true>);
        Utf16Utf32 {
            to_utf32: [
                Ordered {
                    native: u16_u32_nn,
                    swapped: u16_u32_sn,
                },
                Ordered {
                    native: u16_u32_ns,
                    swapped: u16_u32_ss,
                },
            ],
            to_utf32_measure: Ordered {
                native: u16_measure_n,
                swapped: u16_measure_s,
            },
            to_utf16: [
                Ordered {
                    native: u32_u16_nn,
                    swapped: u32_u16_sn,
                },
                Ordered {
                    native: u32_u16_ns,
                    swapped: u32_u16_ss,
                },
            ],
            to_utf16_measure: Ordered {
                native: u32_measure_n,
                swapped: u32_measure_s,
            },
        }
    }};
}

/// A UTF-16 unit read in the machine's order (byte-swapped when `S`).
#[inline(always)]
fn unit16<const S: bool>(u: u16) -> u16 {
    if S { u.swap_bytes() } else { u }
}

/// A UTF-32 unit read, or written, in the machine's order (byte-swapped when `S`).
#[inline(always)]
fn unit32<const S: bool>(u: u32) -> u32 {
    if S { u.swap_bytes() } else { u }
}

/// Whether a UTF-16 unit (machine order) is a surrogate.
#[inline(always)]
fn surrogate16(u: u16) -> bool {
    u & 0xF800 == 0xD800
}

/// Whether a code point is a BMP character (a single UTF-16 unit): below U+10000, no surrogate.
#[inline(always)]
fn bmp(c: u32) -> bool {
    c < 0x10000 && c & 0xF800 != 0xD800
}

/// Whether a code point is a supplementary character (a surrogate pair).
#[inline(always)]
fn supplementary(c: u32) -> bool {
    c.wrapping_sub(0x10000) < 0x10_0000
}

/// The code point of a high and a low surrogate (machine order).
#[inline(always)]
fn join(hi: u32, lo: u32) -> u32 {
    0x10000 + ((hi & 0x3FF) << 10) + (lo & 0x3FF)
}

/// A supplementary character's surrogate pair (machine order).
#[inline(always)]
fn split(c: u32) -> [u16; 2] {
    let c = c - 0x10000;
    [0xD800 | (c >> 10) as u16, 0xDC00 | (c & 0x3FF) as u16]
}

/// One UTF-16 character at `src[0]` (machine order once read): its code point and length in
/// units, or `None` at a lone surrogate or a high surrogate ending `src`.
#[inline(always)]
fn char16<const S16: bool>(src: &[u16]) -> Option<(u32, usize)> {
    let c = unit16::<S16>(*src.first()?);
    if !surrogate16(c) {
        return Some((u32::from(c), 1));
    }
    let lo = unit16::<S16>(*src.get(1)?);
    (c < 0xDC00 && lo & 0xFC00 == 0xDC00).then(|| (join(c.into(), lo.into()), 2))
}

/// `N` units without a surrogate widened into `out`; false, with nothing written, when there is
/// one.
#[inline(always)]
fn widen<const S16: bool, const S32: bool, const N: usize>(
    src: &[u16; N],
    out: &mut [u32; N],
) -> bool {
    if src
        .iter()
        .fold(false, |a, &u| a | surrogate16(unit16::<S16>(u)))
    {
        return false;
    }
    for (o, &u) in out.iter_mut().zip(src) {
        *o = unit32::<S32>(unit16::<S16>(u).into());
    }
    true
}

/// `N` BMP characters narrowed into `out`; false, with nothing written, when one is not.
#[inline(always)]
fn narrow<const S16: bool, const S32: bool, const N: usize>(
    src: &[u32; N],
    out: &mut [u16; N],
) -> bool {
    if !src.iter().fold(true, |a, &c| a & bmp(unit32::<S32>(c))) {
        return false;
    }
    for (o, &c) in out.iter_mut().zip(src) {
        *o = unit16::<S16>(unit32::<S32>(c) as u16);
    }
    true
}

/// UTF-16 (`S16`: byte-swapped) → UTF-32 (`S32`: byte-swapped): `(read, written)`.
#[inline(always)]
pub(crate) fn to_utf32<const S16: bool, const S32: bool>(
    src: &[u16],
    dst: &mut [u32],
) -> (usize, usize) {
    let (mut i, mut j) = (0, 0);
    loop {
        if let (Some(block), Some(out)) = (
            src[i..].first_chunk::<BLOCK>(),
            dst[j..].first_chunk_mut::<BLOCK>(),
        ) {
            if widen::<S16, S32, BLOCK>(block, out) {
                i += BLOCK;
                j += BLOCK;
                // Text of one plane goes on in longer runs, tried only after such a block, so
                // that text with pairs does not test a run for each of its blocks.
                while let (Some(run), Some(out)) = (
                    src[i..].first_chunk::<RUN>(),
                    dst[j..].first_chunk_mut::<RUN>(),
                ) && widen::<S16, S32, RUN>(run, out)
                {
                    i += RUN;
                    j += RUN;
                }
                continue;
            }
            // Only surrogate pairs, aligned (emoji text): two units side by side as one 32-bit
            // lane, high then low (a load of 32-bit lanes, not a split into two vectors).
            let mut w = [0u32; BLOCK / 2];
            for (w, p) in w.iter_mut().zip(block.chunks_exact(2)) {
                *w = u32::from(unit16::<S16>(p[0])) | u32::from(unit16::<S16>(p[1])) << 16;
            }
            if w.iter()
                .fold(true, |a, &w| a & (w & 0xFC00_FC00 == 0xDC00_D800))
            {
                for (o, &w) in out.iter_mut().zip(&w) {
                    *o = unit32::<S32>(join(w, w >> 16));
                }
                i += BLOCK;
                j += BLOCK / 2;
                continue;
            }
        }
        // A block's worth of characters one by one (or what is left of the input or the room).
        let stop = src.len().min(i + BLOCK);
        if i == stop {
            return (i, j);
        }
        while i < stop {
            let (Some((c, n)), Some(slot)) = (char16::<S16>(&src[i..]), dst.get_mut(j)) else {
                return (i, j);
            };
            *slot = unit32::<S32>(c);
            i += n;
            j += 1;
        }
    }
}

/// The measure of [`to_utf32`]: `(read, code points)`. A block is tested with the unit after
/// it, without branches, whatever its mix of surrogate pairs and other units: it is
/// well-formed when it does not start with a low surrogate and each of its units is a high
/// surrogate exactly when the next one is a low surrogate; its code points are its units but
/// the low surrogates, and a pair across its end is taken whole.
#[inline(always)]
pub(crate) fn to_utf32_measure<const S16: bool>(src: &[u16]) -> (usize, usize) {
    let high = |u: u16| unit16::<S16>(u) & 0xFC00 == 0xD800;
    let low = |u: u16| unit16::<S16>(u) & 0xFC00 == 0xDC00;
    let (mut i, mut n) = (0, 0);
    loop {
        if let Some(ext) = src[i..].first_chunk::<{ MEASURE + 1 }>() {
            let (block, next) = (&ext[..MEASURE], &ext[1..]);
            let (bad, lows) = block
                .iter()
                .zip(next)
                .fold((low(block[0]), 0u16), |(bad, lows), (&p, &q)| {
                    (bad | (high(p) != low(q)), lows + u16::from(low(p)))
                });
            if !bad {
                n += MEASURE - usize::from(lows);
                i += MEASURE + usize::from(high(block[MEASURE - 1]));
                continue;
            }
        }
        let stop = src.len().min(i + BLOCK);
        if i == stop {
            return (i, n);
        }
        while i < stop {
            let Some((_, len)) = char16::<S16>(&src[i..]) else {
                return (i, n);
            };
            i += len;
            n += 1;
        }
    }
}

/// UTF-32 (`S32`: byte-swapped) → UTF-16 (`S16`: byte-swapped): `(read, written)`.
#[inline(always)]
pub(crate) fn to_utf16<const S16: bool, const S32: bool>(
    src: &[u32],
    dst: &mut [u16],
) -> (usize, usize) {
    let (mut i, mut j) = (0, 0);
    loop {
        if let Some(block) = src[i..].first_chunk::<BLOCK>() {
            if let Some(out) = dst[j..].first_chunk_mut::<BLOCK>()
                && narrow::<S16, S32, BLOCK>(block, out)
            {
                i += BLOCK;
                j += BLOCK;
                // As in `to_utf32`.
                while let (Some(run), Some(out)) = (
                    src[i..].first_chunk::<RUN>(),
                    dst[j..].first_chunk_mut::<RUN>(),
                ) && narrow::<S16, S32, RUN>(run, out)
                {
                    i += RUN;
                    j += RUN;
                }
                continue;
            }
            // Only supplementary characters (emoji text): each split into a pair.
            if let (true, Some(out)) = (
                block
                    .iter()
                    .fold(true, |a, &c| a & supplementary(unit32::<S32>(c))),
                dst[j..].first_chunk_mut::<{ 2 * BLOCK }>(),
            ) {
                for (o, &c) in out.chunks_exact_mut(2).zip(block) {
                    let [hi, lo] = split(unit32::<S32>(c));
                    o[0] = unit16::<S16>(hi);
                    o[1] = unit16::<S16>(lo);
                }
                i += BLOCK;
                j += 2 * BLOCK;
                continue;
            }
        }
        let stop = src.len().min(i + BLOCK);
        if i == stop {
            return (i, j);
        }
        while i < stop {
            let c = unit32::<S32>(src[i]);
            if bmp(c) {
                let Some(slot) = dst.get_mut(j) else {
                    return (i, j);
                };
                *slot = unit16::<S16>(c as u16);
                j += 1;
            } else if supplementary(c) {
                let Some([h, l]) = dst.get_mut(j..j + 2) else {
                    return (i, j);
                };
                let [hi, lo] = split(c);
                (*h, *l) = (unit16::<S16>(hi), unit16::<S16>(lo));
                j += 2;
            } else {
                return (i, j);
            }
            i += 1;
        }
    }
}

/// The measure of [`to_utf16`]: `(read, units)`.
#[inline(always)]
pub(crate) fn to_utf16_measure<const S32: bool>(src: &[u32]) -> (usize, usize) {
    let (mut i, mut n) = (0, 0);
    loop {
        if let Some(block) = src[i..].first_chunk::<BLOCK>() {
            // Every code point a character (below U+110000, no surrogate); those above U+FFFF
            // counted twice.
            let (bad, astral) = block.iter().fold((false, 0), |(bad, astral), &c| {
                let c = unit32::<S32>(c);
                (
                    bad | (c >= 0x11_0000) | (c & 0xFFFF_F800 == 0xD800),
                    astral + usize::from(c >= 0x10000),
                )
            });
            if !bad {
                i += BLOCK;
                n += BLOCK + astral;
                continue;
            }
        }
        let stop = src.len().min(i + BLOCK);
        if i == stop {
            return (i, n);
        }
        while i < stop {
            let c = unit32::<S32>(src[i]);
            if bmp(c) {
                n += 1;
            } else if supplementary(c) {
                n += 2;
            } else {
                return (i, n);
            }
            i += 1;
        }
    }
}
