//! UTF-8 → UTF-16 / UTF-32 / Latin-1. Each 64-byte chunk is validated first (with the vector
//! type `V`), then converted. A chunk of characters of one to three bytes (below U+0100 for
//! Latin-1) goes a vector of input at a time ([`window`]): every byte that ends a character
//! gets its code point from the two bytes before it, all lanes at once, and a shuffle per eight
//! bytes keeps the lanes that end a character. Chunks of one- and two-byte characters are
//! validated by masks alone ([`two_byte_chunk`]); runs of three-byte characters ([`threes`])
//! and chunks of four-byte ones ([`fours`]) convert without windows, and once such a run has
//! gone on past a chunk, its characters are validated as they are decoded
//! ([`threes_checked`]). Other chunks go in 16-byte steps driven by [`UTF8_STEPS`]. Nothing is
//! written past the units produced.

use super::replace::{byte_fill, fill_count};
use super::tables::{
    COMPRESS16, COMPRESS32, FOUR, OTHER, SHUF_FOUR, SHUF_FOURS, SHUF_THREE, SHUF_TWO, THREE, TWO,
    UTF8_STEPS,
};
use super::utf8::{BLOCK, ends_cut, errors, low_lanes};
use super::vector::{Half, Lanes2, Vector};
use crate::codec::decode::{Step, utf8_step};
use crate::types::outcome::Policy;

/// Where decoded characters go. `dst` points to at least 16 writable units.
pub(in crate::simd) trait Sink {
    type Unit: Copy + Default;
    /// The largest code point the target holds; the kernel stops before any above it.
    const MAX: u32;
    /// Sixteen ASCII bytes.
    unsafe fn ascii<H: Half>(dst: *mut Self::Unit, v: H);
    /// Six code points below U+0800 in the low six 16-bit lanes.
    unsafe fn six<H: Half>(dst: *mut Self::Unit, v: H);
    /// Four code points below U+10000 in 32-bit lanes.
    unsafe fn four<H: Half>(dst: *mut Self::Unit, v: H);
    /// Three code points above U+FFFF in 32-bit lanes 0..3; returns the units written (at most 6).
    unsafe fn three_astral<H: Half>(dst: *mut Self::Unit, v: H) -> usize;
    /// Units `0..n` (`n <= 4`) of the four code points below U+10000 in the 32-bit lanes of
    /// `v`, without branches on `n`: the others are written back as `dst` holds them (it has
    /// room for four). `lanes` holds the byte numbers `0..16`.
    unsafe fn four_prefix<H: Half>(dst: *mut Self::Unit, v: H, n: usize, lanes: H);
    /// Four code points above U+FFFF in 32-bit lanes; returns the units written (at most 8).
    unsafe fn four_astral<H: Half>(dst: *mut Self::Unit, v: H) -> usize;
    /// One code point; returns the units written (at most 2, and `dst` has room for 2).
    unsafe fn one(dst: *mut Self::Unit, cp: u32) -> usize;
    /// The eight code points below U+10000 (below U+0100 for Latin-1) in the 16-bit lanes of
    /// `v`, as eight units.
    unsafe fn group<H: Half>(dst: *mut Self::Unit, v: H);
    /// The 64 ASCII bytes at `src`, as 64 units; `loaded` holds them already, loaded as
    /// vectors (the wide targets widen from memory instead, which loads as part of the
    /// widening).
    unsafe fn ascii64<V: Lanes2>(dst: *mut Self::Unit, src: *const u8, loaded: &[V]);
    /// `16 * LANES / 32` code points below U+10000 in the 32-bit lanes of `x` and `y`, in the
    /// order of [`threes`]: lane `k` of `x`, then lane `k` of `y`, for each 128-bit lane `k`.
    unsafe fn threes<V: Lanes2>(dst: *mut Self::Unit, x: V, y: V);
    /// The characters of one [`window`], into `dst[w..]`: byte `i` of `low` and `high` holds the
    /// low and high eight bits of the code point of the character ending at byte `i`, and bit
    /// `i` of `ends` says which bytes end one. Each group of eight bytes writes eight units, the
    /// first as many as it has characters counting; returns the new `w`.
    #[inline(always)]
    unsafe fn window_units<V: Lanes2>(
        dst: *mut Self::Unit,
        w: usize,
        low: V,
        high: V,
        ends: u32,
    ) -> usize {
        // SAFETY: forwarded (caller's ISA contract; room for the units of `ends` plus 7).
        unsafe { compress16_groups::<V, Self>(dst, w, low, high, ends) }
    }
}

/// [`Sink::window_units`] by 16-bit code points: `low` and `high` interleaved, compressed by a
/// shuffle per eight bytes, and handed to [`Sink::group`].
#[inline(always)]
unsafe fn compress16_groups<V: Lanes2, S: Sink + ?Sized>(
    dst: *mut S::Unit,
    mut w: usize,
    low: V,
    high: V,
    ends: u32,
) -> usize {
    // SAFETY: caller's ISA contract; `dst` has room for the units of `ends` plus 7 after `w`.
    unsafe {
        // 16-bit code points: bytes 0..8 of each 128-bit lane in `lo`, 8..16 in `hi`.
        let (lo, hi) = (low.unpack_lo(high), low.unpack_hi(high));
        let idx = |g: usize| COMPRESS16[((ends >> (8 * g)) & 0xFF) as usize].as_ptr();
        let lanes = V::LANES / 16;
        let (lo, hi) = if lanes == 1 {
            (
                V::load_lanes([idx(0), idx(0)]).lookup16(lo),
                V::load_lanes([idx(1), idx(1)]).lookup16(hi),
            )
        } else {
            (
                V::load_lanes([idx(0), idx(2)]).lookup16(lo),
                V::load_lanes([idx(1), idx(3)]).lookup16(hi),
            )
        };
        for k in 0..lanes {
            for (g, half) in [(2 * k, lo), (2 * k + 1, hi)] {
                S::group(dst.add(w), half.lane(k));
                w += V::count_ones8((ends >> (8 * g)) & 0xFF) as usize;
            }
        }
        w
    }
}

/// The code points above U+FFFF in the 32-bit lanes of `v` as surrogate pairs, the high
/// surrogate in the low 16 bits of each lane.
#[inline(always)]
unsafe fn surrogate_pairs<H: Half>(v: H) -> H {
    // SAFETY: caller's ISA contract.
    unsafe {
        let v = v.sub32(H::splat32(0x10000));
        let high = v.shr32::<10>().or(H::splat32(0xD800));
        let low = v
            .and(H::splat32(0x3FF))
            .or(H::splat32(0xDC00))
            .shl32::<16>();
        high.or(low)
    }
}

/// The four-byte characters whose bytes the 32-bit lanes of `perm` hold last byte lowest, as
/// code points.
#[inline(always)]
unsafe fn four_byte_code_points<H: Half>(perm: H) -> H {
    // SAFETY: caller's ISA contract.
    unsafe {
        let low = perm.and(H::splat32(0x3F));
        let mid2 = perm.and(H::splat32(0x3F00));
        let mid1 = perm.and(H::splat32(0x3F_0000));
        let high = perm.and(H::splat32(0x0700_0000));
        low.or(mid2.shr32::<2>())
            .or(mid1.shr32::<4>().or(high.shr32::<6>()))
    }
}

/// UTF-16 output, byte-swapped when `SWAP`.
pub(in crate::simd) struct ToUtf16<const SWAP: bool>;
/// UTF-32 output.
pub(in crate::simd) struct ToUtf32;

#[inline(always)]
unsafe fn swap16<const SWAP: bool, H: Half>(v: H) -> H {
    if SWAP {
        // SAFETY: caller's ISA contract.
        unsafe { v.shl16::<8>().or(v.shr16::<8>()) }
    } else {
        v
    }
}

impl<const SWAP: bool> Sink for ToUtf16<SWAP> {
    #[inline(always)]
    unsafe fn ascii64<V: Lanes2>(dst: *mut u16, src: *const u8, loaded: &[V]) {
        // SAFETY: caller's ISA contract; 64 readable bytes at `src`, 64 writable units at `dst`.
        unsafe {
            if V::WIDEN_IN_REGISTERS {
                return ascii64_loaded::<V, Self>(dst, loaded);
            }
            for k in (0..64).step_by(V::LANES / 2) {
                let v = V::load_zext16(src.add(k));
                let v = if SWAP { v.shl16::<8>() } else { v };
                v.store(dst.add(k).cast());
            }
        }
    }
    #[inline(always)]
    unsafe fn group<H: Half>(dst: *mut u16, v: H) {
        // SAFETY: caller's ISA contract; `dst` has room for 8 units.
        unsafe { swap16::<SWAP, H>(v).store(dst.cast()) }
    }
    #[inline(always)]
    unsafe fn threes<V: Lanes2>(dst: *mut u16, x: V, y: V) {
        // SAFETY: caller's ISA contract; `dst` has room for LANES / 2 units.
        unsafe {
            let units = x.packus32(y);
            let units = if SWAP {
                units.shl16::<8>().or(units.shr16::<8>())
            } else {
                units
            };
            units.store(dst.cast());
        }
    }
    type Unit = u16;
    const MAX: u32 = 0x10FFFF;
    #[inline(always)]
    unsafe fn ascii<H: Half>(dst: *mut u16, v: H) {
        // SAFETY: caller's ISA contract; `dst` has 16 writable units.
        unsafe {
            let lo = swap16::<SWAP, H>(v.zext8_16());
            let hi = swap16::<SWAP, H>(v.zext8_16_high());
            lo.store(dst.cast());
            hi.store(dst.add(8).cast());
        }
    }
    #[inline(always)]
    unsafe fn six<H: Half>(dst: *mut u16, v: H) {
        // SAFETY: as above; writes units 0..6 exactly (two overlapping 4-unit stores).
        unsafe {
            let v = swap16::<SWAP, H>(v);
            v.store_low64(dst.cast());
            v.bytes_right::<4>().store_low64(dst.add(2).cast());
        }
    }
    #[inline(always)]
    unsafe fn four<H: Half>(dst: *mut u16, v: H) {
        // SAFETY: as above; writes units 0..4 exactly.
        unsafe { swap16::<SWAP, H>(v.packus32(v)).store_low64(dst.cast()) }
    }
    #[inline(always)]
    unsafe fn four_prefix<H: Half>(dst: *mut u16, v: H, n: usize, lanes: H) {
        // SAFETY: caller's ISA contract; `dst` has room for 4 units (8 bytes), read and
        // written.
        unsafe {
            let new = swap16::<SWAP, H>(v.packus32(v));
            let keep = H::splat(2 * n as u8).gt(lanes);
            keep.select(new, H::load_low64(dst.cast()))
                .store_low64(dst.cast());
        }
    }
    #[inline(always)]
    unsafe fn four_astral<H: Half>(dst: *mut u16, v: H) -> usize {
        // SAFETY: caller's ISA contract; `dst` has 16 writable units; writes units 0..8.
        unsafe { swap16::<SWAP, H>(surrogate_pairs(v)).store(dst.cast()) };
        8
    }
    #[inline(always)]
    unsafe fn three_astral<H: Half>(dst: *mut u16, v: H) -> usize {
        // SAFETY: caller's ISA contract; `dst` has 16 writable units; writes units 0..6
        // exactly.
        unsafe {
            let pairs = swap16::<SWAP, H>(surrogate_pairs(v));
            pairs.store_low64(dst.cast());
            let last = pairs.bytes_right::<8>().low32();
            dst.add(4).cast::<u32>().write_unaligned(last);
        }
        6
    }
    #[inline(always)]
    unsafe fn one(dst: *mut u16, cp: u32) -> usize {
        let fix = |u: u16| if SWAP { u.swap_bytes() } else { u };
        // SAFETY: `dst` has 2 writable units.
        unsafe {
            if cp < 0x10000 {
                dst.write_unaligned(fix(cp as u16));
                1
            } else {
                let v = cp - 0x10000;
                dst.write_unaligned(fix(0xD800 | (v >> 10) as u16));
                dst.add(1).write_unaligned(fix(0xDC00 | (v & 0x3FF) as u16));
                2
            }
        }
    }
}

impl Sink for ToUtf32 {
    /// Where one lookup can read two registers ([`Lanes2::LOOKUP_PAIR`]), each group of four
    /// code points comes straight from `low` and `high` as 32-bit lanes: two lookups per eight
    /// bytes, against interleaving, compressing and widening twice.
    #[inline(always)]
    unsafe fn window_units<V: Lanes2>(
        dst: *mut u32,
        mut w: usize,
        low: V,
        high: V,
        ends: u32,
    ) -> usize {
        // SAFETY: caller's ISA contract; `dst` has room for the units of `ends` plus 7 after
        // `w`, and each group of eight bytes stores eight units at the group's first.
        unsafe {
            if !V::LOOKUP_PAIR {
                return compress16_groups::<V, Self>(dst, w, low, high, ends);
            }
            for k in 0..V::LANES / 16 {
                let (lo, hi) = (low.lane(k), high.lane(k));
                for (g, table) in COMPRESS32.iter().enumerate() {
                    let m = (ends >> (8 * (2 * k + g))) & 0xFF;
                    let idx = table[m as usize].as_ptr();
                    let (a, b) = (V::Half::load(idx), V::Half::load(idx.add(16)));
                    a.lookup_pair(lo, hi).store(dst.add(w).cast());
                    b.lookup_pair(lo, hi).store(dst.add(w + 4).cast());
                    w += V::count_ones8(m) as usize;
                }
            }
            w
        }
    }
    #[inline(always)]
    unsafe fn threes<V: Lanes2>(dst: *mut u32, x: V, y: V) {
        // SAFETY: caller's ISA contract; `dst` has room for LANES / 2 units.
        unsafe {
            for k in 0..V::LANES / 16 {
                x.lane(k).store(dst.add(8 * k).cast());
                y.lane(k).store(dst.add(8 * k + 4).cast());
            }
        }
    }
    #[inline(always)]
    unsafe fn ascii64<V: Lanes2>(dst: *mut u32, src: *const u8, loaded: &[V]) {
        // SAFETY: caller's ISA contract; 64 readable bytes at `src`, 64 writable units at `dst`.
        unsafe {
            if V::WIDEN_IN_REGISTERS {
                return ascii64_loaded::<V, Self>(dst, loaded);
            }
            for k in (0..64).step_by(V::LANES / 4) {
                V::load_zext32(src.add(k)).store(dst.add(k).cast());
            }
        }
    }
    #[inline(always)]
    unsafe fn group<H: Half>(dst: *mut u32, v: H) {
        // SAFETY: caller's ISA contract; `dst` has room for 8 units.
        unsafe {
            v.zext16_32().store(dst.cast());
            v.zext16_32_high().store(dst.add(4).cast());
        }
    }
    type Unit = u32;
    const MAX: u32 = 0x10FFFF;
    #[inline(always)]
    unsafe fn ascii<H: Half>(dst: *mut u32, v: H) {
        // SAFETY: caller's ISA contract; `dst` has 16 writable units.
        unsafe {
            if H::WIDEN_IN_REGISTERS {
                // One shuffle per four units rather than two widenings.
                for (k, idx) in ZEXT8_32.iter().enumerate() {
                    H::table(idx).lookup16(v).store(dst.add(4 * k).cast());
                }
                return;
            }
            v.zext8_32().store(dst.cast());
            v.bytes_right::<4>().zext8_32().store(dst.add(4).cast());
            v.bytes_right::<8>().zext8_32().store(dst.add(8).cast());
            v.bytes_right::<12>().zext8_32().store(dst.add(12).cast());
        }
    }
    #[inline(always)]
    unsafe fn six<H: Half>(dst: *mut u32, v: H) {
        // SAFETY: as above; writes units 0..6 exactly.
        unsafe {
            v.zext16_32().store(dst.cast());
            v.zext16_32_high().store_low64(dst.add(4).cast());
        }
    }
    #[inline(always)]
    unsafe fn four<H: Half>(dst: *mut u32, v: H) {
        // SAFETY: as above; writes units 0..4 exactly.
        unsafe { v.store(dst.cast()) }
    }
    #[inline(always)]
    unsafe fn four_prefix<H: Half>(dst: *mut u32, v: H, n: usize, lanes: H) {
        // SAFETY: caller's ISA contract; `dst` has room for 4 units (16 bytes), read and
        // written.
        unsafe {
            let keep = H::splat(4 * n as u8).gt(lanes);
            keep.select(v, H::load(dst.cast())).store(dst.cast());
        }
    }
    #[inline(always)]
    unsafe fn four_astral<H: Half>(dst: *mut u32, v: H) -> usize {
        // SAFETY: caller's ISA contract; `dst` has 16 writable units; writes units 0..4.
        unsafe { v.store(dst.cast()) };
        4
    }
    #[inline(always)]
    unsafe fn three_astral<H: Half>(dst: *mut u32, v: H) -> usize {
        // SAFETY: caller's ISA contract; `dst` has 16 writable units; writes units 0..3
        // exactly.
        unsafe {
            v.store_low64(dst.cast());
            let last = v.bytes_right::<8>().low32();
            dst.add(2).write_unaligned(last);
        }
        3
    }
    #[inline(always)]
    unsafe fn one(dst: *mut u32, cp: u32) -> usize {
        // SAFETY: `dst` has 2 writable units.
        unsafe { dst.write_unaligned(cp) };
        1
    }
}

/// [`Sink::ascii64`] from the vectors `loaded` (64 ASCII bytes), a 128-bit lane at a time, for
/// the ISAs that widen registers by halves ([`Lanes2::WIDEN_IN_REGISTERS`]).
#[inline(always)]
unsafe fn ascii64_loaded<V: Lanes2, S: Sink>(dst: *mut S::Unit, loaded: &[V]) {
    let per = V::LANES / 16;
    // SAFETY: caller's ISA contract; `loaded` holds 64 bytes, `dst` has 64 writable units.
    unsafe {
        for k in 0..BLOCK / 16 {
            S::ascii(dst.add(16 * k), loaded[k / per].lane(k % per));
        }
    }
}

/// Shuffles that zero-extend bytes `4k..4k + 4` of a vector to 32-bit lanes, for `k` in 0..4.
static ZEXT8_32: [[u8; 16]; 4] = {
    let mut t = [[0x80; 16]; 4];
    let mut i = 0;
    while i < 16 {
        t[i / 4][4 * (i % 4)] = i as u8;
        i += 1;
    }
    t
};

/// ISO-8859-1 output.
pub(in crate::simd) struct ToLatin1;

impl Sink for ToLatin1 {
    #[inline(always)]
    unsafe fn threes<V: Lanes2>(dst: *mut u8, x: V, y: V) {
        // Never called: the kernel stops before characters above MAX (U+00FF).
        let _ = (dst, x, y);
    }
    #[inline(always)]
    unsafe fn ascii64<V: Lanes2>(dst: *mut u8, _: *const u8, loaded: &[V]) {
        // SAFETY: caller's ISA contract; `loaded` is 64 bytes, 64 writable at `dst`.
        unsafe {
            for (k, v) in loaded.iter().enumerate() {
                v.store(dst.add(k * V::LANES));
            }
        }
    }
    #[inline(always)]
    unsafe fn group<H: Half>(dst: *mut u8, v: H) {
        // SAFETY: caller's ISA contract; values are below 0x100; `dst` has room for 8 units.
        unsafe { v.packus16(v).store_low64(dst) }
    }
    type Unit = u8;
    const MAX: u32 = 0xFF;
    #[inline(always)]
    unsafe fn ascii<H: Half>(dst: *mut u8, v: H) {
        // SAFETY: caller's ISA contract; `dst` has 16 writable units.
        unsafe { v.store(dst) }
    }
    #[inline(always)]
    unsafe fn six<H: Half>(dst: *mut u8, v: H) {
        // SAFETY: as above; values are below 0x100; writes bytes 0..6 exactly.
        unsafe {
            let b = v.packus16(v);
            dst.cast::<u32>().write_unaligned(b.low32());
            dst.add(2)
                .cast::<u32>()
                .write_unaligned(b.bytes_right::<2>().low32());
        }
    }
    #[inline(always)]
    unsafe fn four<H: Half>(dst: *mut u8, v: H) {
        // SAFETY: as above; values are below 0x100; writes bytes 0..4 exactly.
        unsafe {
            let b = v.packus32(v).packus16(v);
            dst.cast::<u32>().write_unaligned(b.low32());
        }
    }
    #[inline(always)]
    unsafe fn four_prefix<H: Half>(dst: *mut u8, v: H, n: usize, lanes: H) {
        // Never called: the kernel stops before characters above MAX (U+00FF).
        let _ = (dst, v, n, lanes);
    }
    #[inline(always)]
    unsafe fn three_astral<H: Half>(dst: *mut u8, v: H) -> usize {
        // Never called: the kernel stops before characters above MAX (U+00FF).
        let _ = (dst, v);
        0
    }
    #[inline(always)]
    unsafe fn four_astral<H: Half>(dst: *mut u8, v: H) -> usize {
        // Never called, as `three_astral`.
        let _ = (dst, v);
        0
    }
    #[inline(always)]
    unsafe fn one(dst: *mut u8, cp: u32) -> usize {
        // SAFETY: `dst` has 2 writable units.
        unsafe { dst.write(cp as u8) };
        1
    }
}

/// The masks of the 64 bytes at `p`, read as a stream starting on a character boundary: bytes
/// that are not continuation bytes, error flags (a sequence cut off at the end is not flagged)
/// and, when `WIDE`, bytes above `max`'s lead bytes (`C4..` below U+0800, else `F0..`).
#[inline(always)]
unsafe fn block_masks<V: Lanes2, const WIDE: bool>(p: *const u8, max: u32) -> (u64, u64, u64) {
    // SAFETY: caller's ISA contract; `p` has BLOCK readable bytes.
    unsafe { masks_of::<V, WIDE>(|k| V::load(p.add(k * V::LANES)), max) }
}

/// [`block_masks`] of the chunk whose vector `k` is `vector(k)`.
#[inline(always)]
unsafe fn masks_of<V: Lanes2, const WIDE: bool>(
    vector: impl Fn(usize) -> V,
    max: u32,
) -> (u64, u64, u64) {
    let n = BLOCK / V::LANES;
    // SAFETY: caller's ISA contract.
    unsafe {
        let mut errs = [V::splat(0); BLOCK / 16];
        let (mut starts, mut bigs) = (errs, errs);
        let above = V::splat(if max < 0x800 { 0xC3 } else { 0xEF });
        let mut prev = V::splat(0);
        let not_cont = V::splat(0xBF);
        for k in 0..n {
            let v = vector(k);
            errs[k] = errors(v, prev);
            starts[k] = v.gt(not_cont);
            if WIDE {
                bigs[k] = v.saturating_sub(above);
            }
            prev = v;
        }
        (
            V::movemask_block(&starts[..n]),
            V::nonzero_mask_block(&errs[..n]),
            if WIDE {
                V::nonzero_mask_block(&bigs[..n])
            } else {
                0
            },
        )
    }
}

/// Validates the 64 bytes at `p` as a stream starting on a character boundary. Returns the mask
/// of bytes that are not continuation bytes and how many leading bytes are safe to convert
/// (see [`valid_prefix`]). A sequence cut off at the end is not flagged.
#[inline(always)]
unsafe fn check_chunk<V: Lanes2>(p: *const u8) -> (u64, usize) {
    // SAFETY: forwarded.
    let (leads, bad, _) = unsafe { block_masks::<V, false>(p, 0) };
    (leads, valid_prefix(leads, bad))
}

/// How many leading bytes of a chunk are whole valid characters, given its masks of bytes that
/// are not continuation bytes and of error flags: all of it without a flag, else up to the last
/// character start before the first flag. A flag sits on the first byte where its sequence went
/// wrong, and only continuation bytes lie between that sequence's start and it (a non-
/// continuation byte in between would have been flagged first), so every character before
/// that start is whole and valid; the one at it may be the bad one.
#[inline(always)]
pub(in crate::simd) fn valid_prefix(leads: u64, bad: u64) -> usize {
    if bad == 0 {
        return BLOCK;
    }
    let before = leads & low_lanes(bad.trailing_zeros());
    if before == 0 {
        0
    } else {
        63 - before.leading_zeros() as usize
    }
}

/// [`check_chunk`], and whether the valid prefix it gives is free of bytes that start
/// characters above U+FFFF (above U+00FF when `max` is below U+0800), so that [`chunk_wide`]
/// can take it.
#[inline(always)]
unsafe fn check_chunk_wide<V: Lanes2>(p: *const u8, max: u32) -> (u64, usize, bool) {
    // SAFETY: forwarded.
    let (leads, bad, big) = unsafe { block_masks::<V, true>(p, max) };
    let limit = valid_prefix(leads, bad);
    (leads, limit, big & low_lanes(limit as u32) == 0)
}

/// The mask of bytes that are not continuation bytes of the 64 bytes at `p` (a character
/// boundary), when they are all characters of one or two bytes with leads up to `top` (`DF`, or
/// `C3` for characters up to U+00FF), valid but for a lead cut off at the end; `None` for
/// anything else, an error included. Cyrillic, Greek, Hebrew, Arabic and accented Latin text is
/// such chunks, and masks alone vouch for them, at about half the instructions of the
/// three-table validation: no byte is C0, C1 or above `top`, and the continuation bytes are
/// exactly the bytes after a lead. Chunks that fail it go on to [`check_chunk_wide`].
#[inline(always)]
unsafe fn two_byte_chunk<V: Lanes2>(p: *const u8, top: u8) -> Option<u64> {
    let n = BLOCK / V::LANES;
    // SAFETY: caller's ISA contract; `p` has BLOCK readable bytes.
    unsafe {
        let mut vs = [V::splat(0); BLOCK / 16];
        for (k, v) in vs[..n].iter_mut().enumerate() {
            *v = V::load(p.add(k * V::LANES));
        }
        // Above `top`, or C0/C1 (the only bytes that `^ C0` takes below 2).
        let (above, c0, two) = (V::splat(top), V::splat(0xC0), V::splat(2));
        // A loop, not `fold`: the call to `fold` was not always inlined, and outside the
        // kernel's `target_feature` function the intrinsics are calls too.
        let mut bad = V::splat(0);
        for &v in &vs[..n] {
            bad = bad
                .or(v.saturating_sub(above))
                .or(two.saturating_sub(v.xor(c0)));
        }
        if !bad.is_zero() {
            return None;
        }
        let mut not_cont = vs;
        for v in &mut not_cont[..n] {
            *v = v.gt(V::splat(0xBF));
        }
        let high = V::movemask_block(&vs[..n]);
        let not_cont = V::movemask_block(&not_cont[..n]);
        ((high & not_cont) << 1 == high & !not_cont).then_some(not_cont)
    }
}

/// Per byte of `v`, the high bit set where it is a byte no character contains (C0, C1, F5..FF):
/// signed compares, then only the bytes that have the high bit themselves (ASCII passes both
/// compares; C0 and C1 are the only bytes that `^ C0` takes below 2).
#[inline(always)]
unsafe fn no_char_bytes<V: Lanes2>(v: V) -> V {
    // SAFETY: caller's ISA contract.
    unsafe {
        let c0_c1 = V::splat(2).gt(v.xor(V::splat(0xC0)));
        v.gt(V::splat(0xF4)).or(c0_c1).and(v)
    }
}

/// Under a lossy policy, a chunk that [`two_byte_chunk`] turned down for errors of one byte each:
/// bytes no character contains (C0, C1, F5..FF), continuation bytes that follow no lead, and
/// leads of two-byte characters that no continuation byte follows. Each of them is an ill-formed
/// subpart of its own, whatever comes after it, so when they are the chunk's only faults and its
/// other bytes are characters of one and two bytes, [`chunk_wide`] converts it with each error
/// taken as a character of one byte, whose unit the caller then overwrites with the fill (see
/// [`put_strays`]). Returns the mask of bytes that start a character or an error, and the mask of
/// the errors; `None` for anything else (a byte E0..F4 among them). A lead in the chunk's last
/// byte counts as cut short, but the last character that starts in a chunk is never converted
/// with it ([`chunk_wide`]), and the caller takes only the errors before what was converted. `p`
/// has BLOCK readable bytes (a character boundary).
#[inline(always)]
unsafe fn two_byte_strays<V: Lanes2>(p: *const u8) -> Option<(u64, u64)> {
    let n = BLOCK / V::LANES;
    // SAFETY: caller's ISA contract; `p` has BLOCK readable bytes.
    unsafe {
        let mut vs = [V::splat(0); BLOCK / 16];
        for (k, v) in vs[..n].iter_mut().enumerate() {
            *v = V::load(p.add(k * V::LANES));
        }
        let (mut stray, mut big, mut not_cont) = (vs, vs, vs);
        for k in 0..n {
            let v = vs[k];
            stray[k] = no_char_bytes(v);
            big[k] = v.saturating_sub(V::splat(0xDF));
            not_cont[k] = v.gt(V::splat(0xBF));
        }
        let stray = V::movemask_block(&stray[..n]);
        if V::nonzero_mask_block(&big[..n]) & !stray != 0 {
            return None;
        }
        let high = V::movemask_block(&vs[..n]);
        let not_cont = V::movemask_block(&not_cont[..n]);
        let leads = high & not_cont & !stray;
        let conts = high & !not_cont;
        let lone = conts & !(leads << 1);
        let cut = leads & !(conts >> 1);
        let errors = stray | lone | cut;
        (errors != 0).then_some((not_cont | lone, errors))
    }
}

/// Under a lossy policy, a chunk whose check found an error: when its errors are bytes no
/// character contains (C0, C1, F5..FF, each an ill-formed subpart of its own whatever follows),
/// and with each of them read as a space the chunk is valid text of characters below U+10000
/// (below `max`'s lead bytes, as [`check_chunk_wide`] has them), returns the mask of bytes that
/// start a character or such a byte, and the mask of those bytes, for [`chunk_wide`] and
/// [`put_strays`] as with [`two_byte_strays`]. `p` has BLOCK readable bytes (a character
/// boundary).
#[inline(always)]
unsafe fn chunk_strays<V: Lanes2>(p: *const u8, max: u32) -> Option<(u64, u64)> {
    let n = BLOCK / V::LANES;
    // SAFETY: caller's ISA contract; `p` has BLOCK readable bytes.
    unsafe {
        let mut vs = [V::splat(0); BLOCK / 16];
        let mut stray = vs;
        for k in 0..n {
            let v = V::load(p.add(k * V::LANES));
            stray[k] = no_char_bytes(v);
            vs[k] = stray[k].select(V::splat(b' '), v);
        }
        let stray = V::movemask_block(&stray[..n]);
        let (starts, bad, big) = masks_of::<V, true>(|k| vs[k], max);
        (stray != 0 && bad | big == 0).then_some((starts, stray))
    }
}

/// Overwrites the unit of each error of `errors` (bits of the chunk at `at`, from
/// [`two_byte_strays`] or [`chunk_strays`], all before the end of what [`chunk_wide`] converted
/// to `dst` with `starts`) with the fill of `policy` (a lossy policy that writes a unit for each
/// byte: not SKIP). Returns the replacements, one per error.
#[inline(always)]
unsafe fn put_strays<S: Sink>(
    at: *const u8,
    starts: u64,
    mut errors: u64,
    dst: *mut S::Unit,
    policy: Policy,
) -> usize {
    let count = errors.count_ones() as usize;
    while errors != 0 {
        let i = errors.trailing_zeros();
        // SAFETY: byte `i` of the chunk is readable; the error's unit is the one after the
        // characters that start before it, inside what `chunk_wide` wrote, with room for more.
        unsafe {
            let fill = byte_fill(policy, *at.add(i as usize)).unwrap_or(0xFFFD);
            S::one(dst.add((starts & low_lanes(i)).count_ones() as usize), fill);
        }
        errors &= errors - 1;
    }
    count
}

/// Decodes the valid three-byte UTF-8 character at `p`.
#[inline(always)]
unsafe fn decode_three(p: *const u8) -> u32 {
    // SAFETY: the caller guarantees a whole valid three-byte character at `p`.
    let b = |i: usize| u32::from(unsafe { *p.add(i) });
    ((b(0) & 0x0F) << 12) | ((b(1) & 0x3F) << 6) | (b(2) & 0x3F)
}

/// Decodes the valid UTF-8 character at `p`, returning it and its length.
#[inline(always)]
unsafe fn decode_one(p: *const u8) -> (u32, usize) {
    // SAFETY: the caller guarantees a whole valid character at `p`.
    unsafe {
        let b0 = u32::from(*p);
        let cont = |i: usize| u32::from(*p.add(i)) & 0x3F;
        match b0 {
            0..=0x7F => (b0, 1),
            0xC0..=0xDF => (((b0 & 0x1F) << 6) | cont(1), 2),
            0xE0..=0xEF => (decode_three(p), 3),
            _ => (
                ((b0 & 0x07) << 18) | (cont(1) << 12) | (cont(2) << 6) | cont(3),
                4,
            ),
        }
    }
}

/// Decodes the characters that end in the `V::LANES` bytes at `p` (a character boundary), at
/// the set bits of `ends`, into `dst[w..]`; returns the new `w`. Every character ending there is
/// of one to three bytes (one or two when `TWO`) and starts at or after `p`. Each group of eight
/// input bytes writes eight units, of which the first as many as it holds characters count:
/// `dst` has room for the units counted plus 7.
#[inline(always)]
unsafe fn window<V: Lanes2, S: Sink, const TWO: bool>(
    p: *const u8,
    ends: u32,
    dst: *mut S::Unit,
    w: usize,
) -> usize {
    // SAFETY: caller's ISA contract; `p` has LANES readable bytes; `dst` has room for the units
    // of `ends` plus 7 after `w`.
    unsafe {
        let v = V::load(p);
        let zero = V::splat(0);
        // The byte before each byte (zero before the window).
        let b1 = v.prev1(zero);
        // A character ending in a continuation byte has a second byte before it; one ending in
        // two continuation bytes, a third. Only lanes that end a character are kept, and there
        // the lead and continuation bits say which.
        let cont = V::splat(0xC0).gt(v);
        let low = v
            .and(V::splat(0x7F))
            .or(b1.shl16::<6>().and(V::splat(0xC0)).and(cont));
        let high = b1.shr16::<2>().and(V::splat(0x0F));
        // Without three-byte characters no byte is a third one; else the byte two before.
        let high = if TWO {
            high
        } else {
            let b2 = v.prev2(zero);
            let cont1 = V::splat(0xC0).gt(b1);
            high.or(b2.shl16::<4>().and(V::splat(0xF0)).and(cont1))
        }
        .and(cont);
        S::window_units(dst, w, low, high, ends)
    }
}

/// Converts the validated 64-byte chunk at `p` (a character boundary; `p` has 64 + LANES
/// readable bytes) into `dst` (room for 64 + 8 units) with `64 / LANES` windows ([`window`]),
/// each starting after the last character the one before it took. Only characters before the
/// last one that starts in the chunk count (the chunk cannot vouch for that one's end); the bytes
/// the windows leave are the next chunk's. `leads` has a bit per byte that is not a continuation
/// byte; `TWO` says that the chunk has no character of three bytes. Returns the bytes read (a
/// character boundary) and the units written. Whole-group stores may run up to 7 units past the
/// characters; those units are saved first and put back after.
#[inline(always)]
unsafe fn chunk_wide<V: Lanes2, S: Sink, const TWO: bool>(
    p: *const u8,
    leads: u64,
    dst: *mut S::Unit,
) -> (usize, usize) {
    let ends = leads >> 1;
    let windows = BLOCK / V::LANES;
    let window_mask = (u64::MAX >> (64 - V::LANES)) as u32;
    // Where each window starts, and where the last one stops.
    let mut starts = [0usize; 5];
    for k in 0..windows {
        let s = starts[k];
        let wends = (ends >> s) as u32 & window_mask;
        starts[k + 1] = s + (32 - wends.leading_zeros() as usize);
    }
    let end = starts[windows];
    let total = (ends & ((1u64 << end) - 1)).count_ones() as usize;
    let mut w = 0;
    // SAFETY: forwarded from this function's contract: every window starts below byte 64, on
    // a character boundary, and writes only the characters of `ends` before `end`, `total` <= 63
    // in all, plus at most 7 units after them, inside the room; those 8 units are read before
    // and restored.
    unsafe {
        let after = dst.add(total).cast::<[S::Unit; 8]>();
        let saved = after.read_unaligned();
        for &s in &starts[..windows] {
            w = window::<V, S, TWO>(p.add(s), (ends >> s) as u32 & window_mask, dst, w);
        }
        debug_assert_eq!(w, total);
        after.write_unaligned(saved);
    }
    (end, w)
}

/// Bytes that start a character in a stretch of three-byte characters starting at bit 0.
const THREES: u64 = 0x9249_2492_4924_9249;

/// In each 32-bit lane of four, the three bytes of one character, last byte lowest.
static SHUF_THREES: [u8; 16] = [2, 1, 0, 0x80, 5, 4, 3, 0x80, 8, 7, 6, 0x80, 11, 10, 9, 0x80];

/// Bytes [`threes`] takes.
const fn threes_len<V: Lanes2>() -> usize {
    24 * (V::LANES / 16)
}

/// Converts the `8 * LANES / 16` valid three-byte characters at `p`, whose bytes the vector
/// pair covers without any byte of another character: each 128-bit lane takes four of them, so
/// no lane waits on the others, and the lanes are loaded so that one pack per pair puts the
/// code points in order. `p` has `threes_len + 4` readable bytes; `dst` room for `LANES / 2`.
#[inline(always)]
unsafe fn threes<V: Lanes2, S: Sink>(p: *const u8, dst: *mut S::Unit) {
    // SAFETY: caller's ISA contract; lanes load 16 bytes at offsets up to 12 + 24 * (lanes - 1),
    // within the `threes_len + 4` readable bytes.
    unsafe {
        let x = V::load_lanes([p, p.add(24)]);
        let y = V::load_lanes([p.add(12), p.add(36)]);
        S::threes::<V>(dst, decode_threes(x), decode_threes(y));
    }
}

/// [`threes`] at `p`, the start of a chunk whose `leads` show three-byte characters for as
/// many bytes as it takes, and a second time after them where `leads` go on so within the
/// chunk's first `limit` bytes (16-byte vectors: bytes 24..48), then four more in a 128-bit
/// step where the chunk has room for them (bytes 48..60): the chunk's validation then covers
/// 60 of its 64 bytes, where it would cover 48. Returns the bytes read and the units written.
/// `p` has `BLOCK + 4` readable bytes; `dst` room for `BLOCK / 3` units.
#[inline(always)]
unsafe fn threes_run<V: Lanes2, S: Sink>(
    p: *const u8,
    leads: u64,
    limit: usize,
    dst: *mut S::Unit,
) -> (usize, usize) {
    let n = threes_len::<V>();
    // SAFETY: forwarded; the second call reads up to n + threes_len + 4 <= BLOCK + 4 bytes and
    // writes units n / 3 .. 2 * n / 3, the step 16 bytes at t with t + 16 <= BLOCK and units
    // t / 3 .. t / 3 + 4 <= BLOCK / 3.
    unsafe {
        threes::<V, S>(p, dst);
        let pattern = low_lanes(2 * n as u32 + 1);
        let mut t = n;
        if 2 * n + 4 <= BLOCK && limit >= 2 * n && leads & pattern == THREES & pattern {
            threes::<V, S>(p.add(n), dst.add(n / 3));
            t = 2 * n;
        }
        let pattern = low_lanes(t as u32 + 13);
        if t + 16 <= BLOCK && limit >= t + 12 && leads & pattern == THREES & pattern {
            let v = <V::Half>::load(p.add(t));
            S::four(dst.add(t / 3), decode_threes::<V::Half>(v));
            t += 12;
        }
        (t, t / 3)
    }
}

/// The four three-byte characters in bytes 0..12 of each 128-bit lane of `v`, as code points in
/// its 32-bit lanes.
#[inline(always)]
unsafe fn decode_threes<V: Lanes2>(v: V) -> V {
    // SAFETY: caller's ISA contract.
    unsafe {
        // Lane bytes [last, middle, lead, 0]: the code point is last & 3F, middle & 3F << 6 and
        // lead & 0F << 12, picked out with two shifts of the whole lane.
        let v = V::table(&SHUF_THREES).lookup16(v);
        v.and(V::splat32(0x3F))
            .or(v.shr32::<2>().and(V::splat32(0x0FC0)))
            .or(v.shr32::<4>().and(V::splat32(0xF000)))
    }
}

/// The shuffle and masks of [`threes_checked`], as one table so that one address reaches them.
/// Row 0: in each 32-bit lane of four, the three bytes of one character as
/// `[last, 0, middle, lead]`, whose high 16 bits are the lead and middle byte together, which
/// the overlong and surrogate forms are ranges of. Rows 1 and 2: the tag bits of those bytes
/// and their values. Row 3: the lead and the middle byte's top three bits. Rows 4 and 5: E0
/// 80..9F (overlong) and ED A0..BF (surrogates) under that mask, in the high 16 bits of each
/// lane (the low 16 bits, zero under it, never match FFFF).
static THREES_CHECKED: [[u8; 16]; 6] = {
    let shuf = [2, 0x80, 1, 0, 5, 0x80, 4, 3, 8, 0x80, 7, 6, 11, 0x80, 10, 9];
    let words = [
        0xF0C0_00C0u32,
        0xE080_0080,
        0xFFE0_0000,
        0xE080_FFFF,
        0xEDA0_FFFF,
    ];
    let mut t = [shuf; 6];
    let mut r = 0;
    while r < words.len() {
        let mut i = 0;
        while i < 16 {
            t[r + 1][i] = (words[r] >> (8 * (i % 4))) as u8;
            i += 1;
        }
        r += 1;
    }
    t
};

/// Steps of [`threes_checked`] per call: as many of `12 * LANES / 16` bytes as fit in a chunk,
/// leaving the 4 bytes its last load reads past them.
const fn threes_checked_steps<V: Lanes2>() -> usize {
    (BLOCK - 4) / (12 * (V::LANES / 16))
}

/// Bytes [`threes_checked`] takes when all its steps are valid.
const fn threes_checked_len<V: Lanes2>() -> usize {
    threes_checked_steps::<V>() * 12 * (V::LANES / 16)
}

/// The code points of the three-byte characters in the 32-bit lanes of `v`, each lane's bytes
/// as [`threes_checked`] shuffles them: bytes 0, 2 and 3 hold the last, middle and lead byte.
#[inline(always)]
unsafe fn threes_code_points<V: Lanes2>(v: V) -> V {
    // SAFETY: caller's ISA contract.
    unsafe {
        v.and(V::splat32(0x3F))
            .or(v.shr32::<10>().and(V::splat32(0x0FC0)))
            .or(v.shr32::<12>().and(V::splat32(0xF000)))
    }
}

/// Converts the three-byte characters at `p` (a character boundary) in steps of four per
/// 128-bit lane, each validated as it is decoded, up to [`threes_checked_len`] bytes; stops
/// before the first step that is not all valid three-byte characters (anything else, an error
/// included, is for the caller's other paths). Returns the bytes read (the units written are a
/// third of them) and, where it stopped early, how many of the step's characters are valid
/// three-byte ones before the first that is not. Once CJK text has shown itself, this replaces
/// a chunk's validation and conversion at about half the instructions: the bytes of a
/// three-byte character have fixed tag bits, and its only other errors are two ranges of its
/// first two bytes. `p` has `BLOCK` readable bytes; `dst` room for `BLOCK / 3` units.
#[inline(always)]
unsafe fn threes_checked<V: Lanes2, S: Sink>(p: *const u8, dst: *mut S::Unit) -> (usize, usize) {
    let step = 12 * (V::LANES / 16);
    // SAFETY: caller's ISA contract; step `k` loads 16 bytes at `k * step + 12 * j` for
    // `j < LANES / 16`, below `BLOCK - 4`, and writes units up to `(k + 1) * step / 3`, at most
    // `BLOCK / 3`.
    unsafe {
        // Each table by name rather than through `array::map`, generic code without the
        // kernel's target features, where the loads would be calls unless all is inlined.
        let t = &THREES_CHECKED;
        let (shuf, tag_bits, tags) = (V::table(&t[0]), V::table(&t[1]), V::table(&t[2]));
        let (pair_bits, overlong, surrogate) = (V::table(&t[3]), V::table(&t[4]), V::table(&t[5]));
        for k in 0..threes_checked_steps::<V>() {
            let q = k * step;
            let v = shuf.lookup16(V::load_lanes([p.add(q), p.add(q + 12)]));
            let bad_tags = v.and(tag_bits).xor(tags);
            let pair = v.and(pair_bits);
            let bad = bad_tags.or(pair.eq16(overlong)).or(pair.eq16(surrogate));
            if !bad.is_zero() {
                // A 32-bit lane per character, in order.
                return (q, bad.nonzero_mask().trailing_zeros() as usize / 4);
            }
            let cp = threes_code_points(v);
            for j in 0..V::LANES / 16 {
                S::four(dst.add(q / 3 + 4 * j), cp.lane(j));
            }
        }
        (threes_checked_len::<V>(), 0)
    }
}

/// Whether `b` is an ill-formed subpart of one byte whatever follows it: a byte no character
/// starts with (`80..C1`, `F5..FF`), which is how stray bytes in text look.
#[inline(always)]
fn stray_byte(b: u8) -> bool {
    b >= 0x80 && !(0xC2..=0xF4).contains(&b)
}

/// Under a lossy `policy`, where [`threes_checked`] stopped at `p` (a character boundary, with
/// a step's `12 * LANES / 16 + 4` readable bytes) after `good` valid three-byte characters: when
/// the character after them starts with a byte that is an error by itself (a stray byte:
/// `80..C1`, `F5..FF`, whatever follows), writes the `good` characters and the fill of
/// `policy` for that byte and returns the bytes and units they take; else `None`, nothing
/// written. No loop and no call: the characters come from the step's vectors, decoded again
/// and stored with a blend (the units past them written back as `dst` holds them; it has room
/// for `LANES / 4 + 1` units), so a stray byte in CJK text costs little more than the
/// mispredicted branch that found it.
#[inline(always)]
unsafe fn threes_stray<V: Lanes2, S: Sink>(
    p: *const u8,
    good: usize,
    dst: *mut S::Unit,
    policy: Policy,
) -> Option<(usize, usize)> {
    // SAFETY: caller's ISA contract; the bytes and room as documented: the step's load is the
    // one `threes_checked` made, and 4 * j + 4 <= LANES / 4 units at `dst`.
    unsafe {
        let lead = *p.add(3 * good);
        if !stray_byte(lead) {
            return None;
        }
        let shuf = V::table(&THREES_CHECKED[0]);
        let cp = threes_code_points(shuf.lookup16(V::load_lanes([p, p.add(12)])));
        let lanes = <V::Half>::load(LANE_NUMBERS.as_ptr());
        for j in 0..V::LANES / 16 {
            let n = good.saturating_sub(4 * j).min(4);
            S::four_prefix(dst.add(4 * j), cp.lane(j), n, lanes);
        }
        let fill = match byte_fill(policy, lead) {
            Some(c) => S::one(dst.add(good), c),
            None => 0,
        };
        Some((3 * good + 1, good + fill))
    }
}

/// Under a lossy `policy`, where [`threes_checked`] stopped at `p` (a character boundary, with
/// at least `3 * good + 4` readable bytes) after `good` valid three-byte characters: when an
/// ill-formed subpart follows them (as the engine's UTF-8 step reads it), writes the characters
/// and the policy's fill ([`put_fill`]) to `dst` and returns the bytes and units they take and
/// the replacements the subpart counts as; else `None`, nothing written. Every code point
/// written is below U+10000, one unit each, but each write may use two units of room: `dst` has
/// room for `good + 4`. (The count is returned: a pointer to the caller's, passed here out of
/// line, kept it in memory and cost the decoder's loops a register, 4 % more instructions on
/// two-byte text.) Out of line and scalar: the same fix-up inlined with the step's
/// vectors made lossy decoding of CJK text without errors 6–7 % slower (out of line: 3 %).
#[cold]
#[inline(never)]
pub(in crate::simd) unsafe fn threes_error<S: Sink>(
    p: *const u8,
    good: usize,
    dst: *mut S::Unit,
    policy: Policy,
) -> Option<(usize, usize, usize)> {
    // SAFETY: the bytes and room as documented.
    unsafe {
        let at = 3 * good;
        let lead = *p.add(at);
        // A stray byte without the step.
        let len = if stray_byte(lead) {
            1
        } else if let Step::Invalid { len, .. } =
            utf8_step(core::slice::from_raw_parts(p.add(at), 4))
        {
            len
        } else {
            return None;
        };
        // Valid three-byte characters: without `decode_one`'s match on the lead byte.
        for k in 0..good {
            S::one(dst.add(k), decode_three(p.add(3 * k)));
        }
        let n = put_fill::<S>(dst.add(good), p.add(at), len, policy);
        Some((at + len, good + n, fill_count(policy, len)))
    }
}

/// [`threes_checked`] from `p` (a character boundary) into `out[w..]` (`out_len` units) for as
/// long as it takes all its steps and the input and room allow one more call: CJK text that goes
/// on in three-byte characters, up to the first step that is something else. With `LOSSY`, an
/// ill-formed subpart there gets the fill of `policy` (counted in `replaced`) and the run goes
/// on after it: a stray byte, with `STRAY`, in vectors ([`threes_stray`]), others one character
/// at a time ([`threes_error`]). Returns the new `(p, w)`.
#[inline(always)]
unsafe fn threes_checked_run<V: Lanes2, S: Sink, const LOSSY: bool, const STRAY: bool>(
    src: &[u8],
    out_len: usize,
    out: *mut S::Unit,
    (mut p, mut w): (usize, usize),
    policy: Policy,
    replaced: &mut usize,
) -> (usize, usize) {
    // SAFETY: caller's ISA contract; each call has BLOCK + LANES readable bytes at `p` and
    // BLOCK + 8 units of room at `w` (`out` has `out_len` units). After a step that stops,
    // `threes_error` reads up to q + 3 * good + 4 <= threes_checked_len + 1 < BLOCK bytes from
    // the first `p` and writes good + 3 <= 10 units (room for good + 4) after q / 3;
    // `threes_stray` loads the stopped step again (bytes the call read) and reads and writes
    // LANES / 4 + 1 <= 9 units at `w`, inside the call's room.
    unsafe {
        loop {
            // How many characters of the step that stopped the run are valid.
            let mut stop = None;
            // Errors are handled after this loop, which then keeps its tables in registers:
            // with the call of `threes_error` inside it (every vector register is the callee's
            // to clobber), or the blend of `threes_stray` inside the step loop, it loaded them
            // again in every call.
            while src.len() - p >= BLOCK + V::LANES && out_len - w >= BLOCK + 8 {
                let (q, good) = threes_checked::<V, S>(src.as_ptr().add(p), out.add(w));
                p += q;
                w += q / 3;
                if q < threes_checked_len::<V>() {
                    stop = Some(good);
                    break;
                }
            }
            let Some(good) = stop.filter(|_| LOSSY) else {
                break;
            };
            let at = src.as_ptr().add(p);
            if STRAY && let Some((r, n)) = threes_stray::<V, S>(at, good, out.add(w), policy) {
                p += r;
                w += n;
                *replaced += 1;
                continue;
            }
            if !(0..0x80).contains(&*at.add(3 * good))
                && let Some((r, n, k)) = threes_error::<S>(at, good, out.add(w), policy)
            {
                p += r;
                w += n;
                *replaced += k;
                continue;
            }
            break;
        }
    }
    (p, w)
}

/// Bytes that start a character in a chunk of four-byte characters.
const FOURS: u64 = 0x1111_1111_1111_1111;

/// Converts the 16 valid four-byte characters of the 64 bytes at `p` (emoji text) into `dst`,
/// which has room for 32 units plus 8; returns the units written.
#[inline(always)]
unsafe fn fours<V: Lanes2, S: Sink>(p: *const u8, dst: *mut S::Unit) -> usize {
    let mut w = 0;
    // SAFETY: caller's ISA contract; BLOCK readable bytes at `p`; each step writes at most 8
    // units at `w` <= 24.
    unsafe {
        let shuf = <V::Half>::load(SHUF_FOURS.as_ptr());
        for k in 0..BLOCK / 16 {
            let v = <V::Half>::load(p.add(16 * k));
            w += S::four_astral(dst.add(w), four_byte_code_points(shuf.lookup16(v)));
        }
    }
    w
}

/// Fills `buf` with the start of `src` (at least 16 bytes), zero-padded. In 16-byte copies
/// rather than `copy_from_slice`: a call in the conversion loop, however rare, made it keep its
/// indices on the stack, and every ASCII block waited for them to be stored and loaded back.
#[inline(always)]
fn pad<const N: usize>(buf: &mut [u8; N], src: &[u8]) {
    let n = src.len().min(N);
    assert!(n >= 16);
    *buf = [0; N];
    for k in 0..N / 16 {
        // The last copies overlap the ones before them rather than read past `n`.
        let at = (16 * k).min(n - 16);
        let chunk: [u8; 16] = src[at..at + 16].try_into().unwrap();
        buf[at..at + 16].copy_from_slice(&chunk);
    }
}

/// Row `r`: a shuffle that moves the last `r` of 16 bytes to the front and zeroes the rest.
static PAD_ROWS: [[u8; 16]; 17] = {
    let mut t = [[0x80; 16]; 17];
    let mut r = 0;
    while r <= 16 {
        let mut i = 0;
        while i < r {
            t[r][i] = (16 - r + i) as u8;
            i += 1;
        }
        r += 1;
    }
    t
};

/// `src` (16 to 64 bytes), zero-padded to a chunk, as the chunk's vectors (the first
/// `BLOCK / V::LANES`), put together in registers: 16-byte loads, the last one that reaches into
/// `src` ending at its end and shifted into place. Padding through memory ([`pad`]: stores of
/// 16 bytes, then the chunk's check loading them back at once) cost a call of 16 bytes about
/// 40 % of its time: a load that spans two stores still in flight cannot take its bytes from
/// them and waits for both to reach the cache.
#[inline(always)]
unsafe fn short_vectors<V: Lanes2>(src: &[u8]) -> [V; BLOCK / 16] {
    let n = src.len();
    debug_assert!((16..=BLOCK).contains(&n));
    let halves = V::LANES / 16;
    // SAFETY: caller's ISA contract; each load reads 16 bytes at `min(b, n - 16)`, inside `src`.
    unsafe {
        let mut vs = [V::splat(0); BLOCK / 16];
        for (k, v) in vs[..BLOCK / V::LANES].iter_mut().enumerate() {
            let mut h = [<V::Half>::splat(0); 2];
            for (j, half) in h[..halves].iter_mut().enumerate() {
                let b = 16 * (halves * k + j);
                let r = n.saturating_sub(b).min(16);
                let bytes = <V::Half>::load(src.as_ptr().add(b.min(n - 16)));
                *half = <V::Half>::load(PAD_ROWS[r].as_ptr()).lookup16(bytes);
            }
            *v = V::from_halves(h);
        }
        vs
    }
}

/// The `BLOCK` bytes at `at` as vectors (the first `BLOCK / V::LANES` of them), when all are
/// ASCII.
#[inline(always)]
unsafe fn ascii_block<V: Lanes2>(at: *const u8) -> Option<[V; BLOCK / 16]> {
    // SAFETY: caller's ISA contract; `at` has BLOCK readable bytes.
    unsafe {
        let mut loaded = [V::splat(0); BLOCK / 16];
        for (k, v) in loaded[..BLOCK / V::LANES].iter_mut().enumerate() {
            *v = V::load(at.add(k * V::LANES));
        }
        // A loop, not `fold` (see [`two_byte_chunk`]).
        let mut any = V::splat(0);
        for &v in &loaded[..BLOCK / V::LANES] {
            any = any.or(v);
        }
        any.no_high_bits().then_some(loaded)
    }
}

/// A chunk without continuation bytes in a run of chunks, most likely ASCII (accented Latin
/// text has stretches of it): stored as the ASCII loop stores it, which then goes on from
/// there. Returns the bytes (and units) taken: `BLOCK`, or 0 when it is not ASCII after all.
/// `at` has BLOCK readable bytes, `dst` room for BLOCK units.
#[inline(always)]
unsafe fn ascii_chunk<V: Lanes2, S: Sink>(at: *const u8, dst: *mut S::Unit) -> usize {
    // SAFETY: forwarded.
    unsafe {
        let Some(loaded) = ascii_block::<V>(at) else {
            return 0;
        };
        S::ascii64::<V>(dst, at, &loaded[..BLOCK / V::LANES]);
        BLOCK
    }
}

/// Byte `i` is `i`: lane numbers, to compare with a count.
static LANE_NUMBERS: [u8; 32] = {
    let mut t = [0; 32];
    let mut i = 0;
    while i < 32 {
        t[i] = i as u8;
        i += 1;
    }
    t
};

/// Stores the first `n` (< 64) of the 64 units the ASCII bytes in `loaded` make, without
/// branches on `n`: each vector of the 64 units at `dst` is a blend of those units and what
/// `dst` holds there, so the ones past `n` are written back unchanged. `dst` has room for 64
/// units. The units are made from the vectors as loaded, not from memory: the compiler would
/// hoist such loads into the ASCII loop, which makes its units that way.
#[inline(always)]
unsafe fn ascii_prefix<V: Lanes2, S: Sink>(dst: *mut S::Unit, loaded: &[V], n: usize) {
    let size = core::mem::size_of::<S::Unit>();
    // Room for the 64 units of the widest sink (256 bytes), not set first: only what the
    // `ascii` stores write is read.
    let mut units = core::mem::MaybeUninit::<[u128; 4 * BLOCK / 16]>::uninit();
    // SAFETY: caller's ISA contract; 64 * size bytes readable and writable at `dst`, and 64 *
    // size written to `units` before the loop below reads them back; LANE_NUMBERS has LANES
    // (at most 32) bytes.
    unsafe {
        let new = units.as_mut_ptr().cast::<u8>();
        let per = V::LANES / 16;
        for k in 0..BLOCK / 16 {
            S::ascii(
                new.cast::<S::Unit>().add(16 * k),
                loaded[k / per].lane(k % per),
            );
        }
        let (out, lanes) = (dst.cast::<u8>(), V::load(LANE_NUMBERS.as_ptr()));
        for k in 0..BLOCK * size / V::LANES {
            // Bytes of this vector that are the prefix's: at most 32, a positive i8.
            let keep = (n * size).saturating_sub(k * V::LANES).min(V::LANES);
            let at = out.add(k * V::LANES);
            let unit = V::load(new.add(k * V::LANES));
            V::splat(keep as u8)
                .gt(lanes)
                .select(unit, V::load(at))
                .store(at);
        }
    }
}

/// The `BLOCK` bytes at `at` as vectors (the first `BLOCK / V::LANES` of them), and a bit for
/// each byte that is not ASCII.
#[inline(always)]
unsafe fn non_ascii<V: Lanes2>(at: *const u8) -> ([V; BLOCK / 16], u64) {
    // SAFETY: caller's ISA contract; `at` has BLOCK readable bytes.
    unsafe {
        let mut loaded = [V::splat(0); BLOCK / 16];
        for (k, v) in loaded[..BLOCK / V::LANES].iter_mut().enumerate() {
            *v = V::load(at.add(k * V::LANES));
        }
        (loaded, V::movemask_block(&loaded[..BLOCK / V::LANES]))
    }
}

/// Converts the longest prefix it can of `src` into `dst` (see `Kernels`).
#[inline(always)]
pub(in crate::simd) unsafe fn convert<V: Lanes2, S: Sink>(
    src: &[u8],
    dst: &mut [S::Unit],
) -> (usize, usize) {
    // SAFETY: forwarded.
    let (read, written, _) = unsafe { convert_replacing::<V, S, false>(src, dst, Policy::Strict) };
    (read, written)
}

/// An input of 16 to 64 bytes, converted up to its first error (or its end) when that stretch
/// holds no character above U+FFFF (above `S::MAX` for Latin-1) and `dst` has room for its
/// units and 8 more: one check of the input zero-padded to a chunk, then windows ([`window`]),
/// which decode every character whatever its length, without a branch on it. [`convert`]'s
/// 16-byte steps branch on each step's mix of lengths, which changes from call to call on short
/// strings of mixed scripts. Returns the bytes read and the units written, or `None` (nothing
/// written) for [`convert`] to take the input.
#[inline(always)]
pub(in crate::simd) unsafe fn convert_short<V: Lanes2, S: Sink>(
    src: &[u8],
    dst: &mut [S::Unit],
) -> Option<(usize, usize)> {
    // A whole chunk has no zero after it: where its end may cut a character off, the chunk
    // loop takes it.
    if !(16..=BLOCK).contains(&src.len()) || src.len() == BLOCK && ends_cut(src) {
        return None;
    }
    // SAFETY (whole body): caller's ISA contract.
    unsafe {
        let vs = short_vectors::<V>(src);
        let (leads, bad, big) = masks_of::<V, true>(|k| vs[k], S::MAX);
        // The zero after the input starts a character: a sequence it cuts off is an error
        // there.
        let limit = valid_prefix(leads, bad).min(src.len());
        // Bytes that end a character before `limit` (the byte there starts one; at the end
        // of a whole chunk, byte 63 ends one).
        let ends = (leads & low_lanes(limit as u32 + 1)) >> 1 | ((limit == BLOCK) as u64) << 63;
        let total = ends.count_ones() as usize;
        if big & low_lanes(limit as u32) != 0 || dst.len() < total {
            return None;
        }
        // The windows load from memory, at any character start: the chunk and the zeros
        // after it, each vector stored whole (a load that spans two stores still in flight
        // waits for both), the windows' loads coming well after.
        let mut padded = [0u8; BLOCK + 32];
        for (k, v) in vs[..BLOCK / V::LANES].iter().enumerate() {
            v.store(padded.as_mut_ptr().add(k * V::LANES));
        }
        // Each group of eight units is stored whole, up to 7 past the last: into `dst` when
        // it has room for them (the units there are saved first and put back after), else
        // into a buffer that is then copied.
        let mut spare = [core::mem::MaybeUninit::<S::Unit>::uninit(); BLOCK + 8];
        let direct = dst.len() >= total + 8;
        let out = if direct {
            dst.as_mut_ptr()
        } else {
            spare.as_mut_ptr().cast::<S::Unit>()
        };
        let after = out
            .add(total)
            .cast::<[core::mem::MaybeUninit<S::Unit>; 8]>();
        let saved = after.read_unaligned();
        let window_mask = (u64::MAX >> (64 - V::LANES)) as u32;
        let (mut s, mut w) = (0, 0);
        while s < limit {
            let wends = (ends >> s) as u32 & window_mask;
            debug_assert_ne!(wends, 0, "a character ends in every window before `limit`");
            // `s` < 64: the window's LANES bytes lie inside `padded`; `out` has room for the
            // `total` units and 8 more.
            w = window::<V, S, false>(padded.as_ptr().add(s), wends, out, w);
            s += 32 - wends.leading_zeros() as usize;
        }
        after.write_unaligned(saved);
        if !direct {
            core::ptr::copy_nonoverlapping(out, dst.as_mut_ptr(), total);
        }
        debug_assert_eq!(w, total);
        Some((limit, total))
    }
}

/// Where a block of the ASCII loop has its one byte that is not ASCII (`mask`: a bit for each),
/// when that byte is an error by itself: a byte no character starts with (`80..C1`, `F5..FF`;
/// the byte before it is ASCII or another such error). That is how stray bytes in ASCII text
/// look, and under a lossy policy that writes a unit for it (all but SKIP) the ASCII loops take
/// such a block as they take an ASCII one, with that unit for the byte. `at` has BLOCK readable
/// bytes.
#[inline(always)]
pub(in crate::simd) unsafe fn lone_error_byte(mask: u64, at: *const u8) -> Option<usize> {
    let n = mask.trailing_zeros() as usize;
    // SAFETY: with one bit set, `n` is below 64.
    (mask != 0 && mask & (mask - 1) == 0 && !(0xC2..=0xF4).contains(unsafe { &*at.add(n) }))
        .then_some(n)
}

/// [`lone_error_byte`] of the block at `at`, with its vectors.
#[inline(always)]
unsafe fn lone_bad_byte<V: Lanes2>(at: *const u8) -> Option<([V; BLOCK / 16], usize)> {
    // SAFETY: caller's ISA contract; forwarded.
    unsafe {
        let (loaded, mask) = non_ascii::<V>(at);
        lone_error_byte(mask, at).map(|n| (loaded, n))
    }
}

/// Writes the fill of the lossy `policy` for the ill-formed subpart of `len` bytes (1 to 3) at
/// `bad` to `dst`: nothing under SKIP, U+FFFD under REPLACE, a unit per byte under ESCAPE and
/// FALLBACK (see [`byte_fill`]). Returns the units written. Every fill is below U+10000, so
/// each [`Sink::one`] writes one unit and `dst` needs room for the units written only (the
/// stray byte at the end of an ASCII block has one unit of room).
#[inline(always)]
unsafe fn put_fill<S: Sink>(
    dst: *mut S::Unit,
    bad: *const u8,
    len: usize,
    policy: Policy,
) -> usize {
    // SAFETY: `len` readable bytes at `bad`; each write is one unit (every fill is below
    // U+10000), inside the room documented.
    unsafe {
        match policy {
            Policy::Skip => 0,
            Policy::Escape | Policy::Fallback => {
                for i in 0..len {
                    S::one(dst.add(i), byte_fill(policy, *bad.add(i)).unwrap_or(0xFFFD));
                }
                len
            }
            _ => S::one(dst, 0xFFFD),
        }
    }
}

/// Under a lossy `policy`, at `p`, `w` where a chunk was converted up to the last character
/// that starts before its first error: that character and one more when they are whole (the
/// chunk's error flag may sit a character past where the error starts), then the policy's fill
/// for the ill-formed subpart after them, as the engine's UTF-8 step reads it ([`put_fill`]),
/// counted in `replaced`. Returns the new `(p, w)`, or `None` (nothing written) when what
/// follows `p` is not that. `out` has room for 8 units at `w` (2 + 2, then up to 3 + 1).
#[inline(always)]
unsafe fn replace_error<S: Sink>(
    src: &[u8],
    (p, w): (usize, usize),
    out: *mut S::Unit,
    policy: Policy,
    replaced: &mut usize,
) -> Option<(usize, usize)> {
    let mut chars = [0u32; 2];
    let mut q = p;
    for i in 0..3 {
        if q == src.len() {
            return None;
        }
        match utf8_step(&src[q..]) {
            Step::Invalid { len, .. } => {
                let mut w = w;
                // SAFETY: at most 2 + 2 units, then the fill's 3 with room for 4: room for 8.
                unsafe {
                    for &cp in &chars[..i] {
                        w += S::one(out.add(w), cp);
                    }
                    w += put_fill::<S>(out.add(w), src.as_ptr().add(q), len, policy);
                }
                *replaced += fill_count(policy, len);
                return Some((q + len, w));
            }
            Step::Char { cp, len } if i < 2 && cp <= S::MAX => {
                chars[i] = cp;
                q += len;
            }
            _ => return None,
        }
    }
    None
}

/// Under a lossy `policy`, the chunk at `p` (a character boundary, with `BLOCK + LANES` readable
/// bytes and room for `BLOCK + 8` units at `w`), valid before its first error but for
/// characters above U+FFFF (`leads`, `limit` and `wide` from [`check_chunk_wide`]): the
/// characters before the error and the fill for it, as [`replace_error`] gives them. The
/// characters go through [`chunk_wide`], whose windows cost less than even a few characters one
/// at a time. Returns the new `(p, w)` and whether the error was replaced (if not, they are
/// where the characters converted end).
#[inline(always)]
unsafe fn to_error<V: Lanes2, S: Sink>(
    src: &[u8],
    (p, w): (usize, usize),
    out: *mut S::Unit,
    (leads, limit): (u64, usize),
    policy: Policy,
    replaced: &mut usize,
) -> ((usize, usize), bool) {
    // SAFETY: caller's ISA contract; the bytes and room as documented, of which `chunk_wide`
    // takes 64 + LANES bytes and 64 + 8 units, leaving room for 9 more.
    unsafe {
        let keep = leads & low_lanes(limit as u32 + 1);
        let (q, n) = chunk_wide::<V, S, false>(src.as_ptr().add(p), keep, out.add(w));
        let converted = (p + q, w + n);
        match replace_error::<S>(src, converted, out, policy, replaced) {
            Some(after) => (after, true),
            None => (converted, false),
        }
    }
}

/// [`convert`], and with `LOSSY` it goes on past the errors it meets in ASCII text, in runs of
/// two-byte text (errors of one byte there converted with their chunk, [`two_byte_strays`]), in
/// runs of three-byte characters ([`threes_stray`], [`threes_error`]) and in the chunk the
/// outer loop converts up to an error ([`chunk_strays`]), writing the fill of `policy` (a lossy
/// one) for each ill-formed subpart (see [`replace_error`]); the third value counts them as the
/// engine does. Other errors (in runs of chunks of mixed widths and of four-byte characters,
/// where handling them in the run's loop made Hindi and Korean text 3 % slower) stop it as they
/// stop [`convert`], and the caller replaces them.
#[inline(always)]
pub(in crate::simd) unsafe fn convert_replacing<V: Lanes2, S: Sink, const LOSSY: bool>(
    src: &[u8],
    dst: &mut [S::Unit],
    policy: Policy,
) -> (usize, usize, usize) {
    let (mut p, mut w, mut replaced) = (0, 0, 0);
    let out = dst.as_mut_ptr();
    // The input after `p`, zero-padded, when too little is left to load from `src` directly.
    let mut buf = [0u8; BLOCK + 32];
    // Runs of three-byte characters that the outer loop finds, and those the run of chunks
    // below goes on into (CJK text after a line break or punctuation: most of them). Only the
    // second replaces stray bytes in vectors: in the outer loop the same code made the compiler
    // keep fewer of the mixed-chunk loop's values in registers, and lossy decoding of emoji,
    // Hindi and Korean text took 2-3 % more instructions. (Names short enough for the calls to
    // fit a line each.)
    let threes_run_on = threes_checked_run::<V, S, LOSSY, false>;
    let threes_run_in = threes_checked_run::<V, S, LOSSY, true>;
    // SAFETY (whole body): caller's ISA contract. Loads: 64-byte chunks at p with p + 64 <= len
    // or from the local `tail`; [`chunk_wide`] reads 64 + LANES bytes at p when that many are
    // left, else from `buf`; 16-byte steps at p + q with p + q + 16 <= p + limit <= len.
    // Stores: an ASCII block writes 64 units at `w` with p + 64 <= `end` (input and room both;
    // the aligning pair of blocks, 64 + adv < 128 with p + 128 <= `end`, and what it counts
    // covers all it writes; a block with a lone bad byte, when lossy, writes as an ASCII
    // block does and then one unit inside it, or under SKIP the units before the byte, a blend
    // that writes the block's others back unchanged, and the loop's output then lags its input,
    // so the input's bound holds for the output too); after a run, a block at p with p + 64 <= `end` is loaded again,
    // and when it is not all ASCII (the run stopped there, so its mask is not 0 and n < 64),
    // byte p + n is read and the ASCII before a stray byte rewrites 64 units at `w` (read
    // first), changing only the first `n`; the run of chunks after a wide one stores an ASCII
    // block only with 64 + LANES bytes of input and 64 + 8 units of room left; each step writes
    // at most 16 units at `w` and only runs with 16 units of room;
    // [`chunk_wide`] writes at most 64 + 8 units with 64 + 8 of room ([`put_strays`] then
    // overwrites some of the units it counted), [`threes_checked`] reads
    // 64 bytes and writes 64 / 3 units with as much input and room, and [`threes_error`] and
    // [`threes_stray`] read and write within the same (see [`threes_checked_run`]); the
    // character-at-a-time finish writes at most 2 and checks for 2.
    unsafe {
        loop {
            // ASCII blocks in a loop of their own: as one path of the outer loop, its indices
            // were kept on the stack, and every block waited for the one before it to store
            // them and load them back. One bound for both sides keeps it to one compare.
            let end = p + (src.len() - p).min(dst.len() - w);
            // Stores that cross a cache line cost twice as much (on Zen 1, UTF-16 output two
            // bytes off a 16-byte boundary runs at 60%), and the output's alignment is whatever
            // came before left it (an error, a character of two bytes). A run of two blocks
            // stores its first block where it is and the rest from the next vector boundary
            // on, overwriting the first block's last units with the same values. Only a run
            // that starts with an ASCII block pays for the look at the second.
            if p + BLOCK <= end
                && let Some(first) = ascii_block::<V>(src.as_ptr().add(p))
            {
                let at = src.as_ptr().add(p);
                let skew = (out.add(w) as usize).wrapping_neg() % V::LANES;
                let adv = skew / core::mem::size_of::<S::Unit>();
                S::ascii64::<V>(out.add(w), at, &first[..BLOCK / V::LANES]);
                if adv != 0
                    && p + 2 * BLOCK <= end
                    && let Some(second) = ascii_block::<V>(at.add(adv))
                {
                    S::ascii64::<V>(out.add(w + adv), at.add(adv), &second[..BLOCK / V::LANES]);
                    p += adv;
                    w += adv;
                }
                p += BLOCK;
                w += BLOCK;
                // A pointer for each side and one bound, so that each block costs two
                // additions and one compare: with indices, every store's address was worked
                // out from two of them.
                let (mut at, mut to) = (src.as_ptr().add(p), out.add(w));
                // Bytes dropped under SKIP: the input moves on that much further than the output.
                let mut dropped = 0;
                if p + BLOCK <= end {
                    // Where the last block may start.
                    let last = src.as_ptr().add(end - BLOCK);
                    while at <= last {
                        let Some(loaded) = ascii_block::<V>(at) else {
                            // A stray byte replaced in the loop, which a lossy decoding of
                            // ASCII text would otherwise leave and enter again for each.
                            if LOSSY && let Some((loaded, n)) = lone_bad_byte::<V>(at) {
                                let loaded = &loaded[..BLOCK / V::LANES];
                                replaced += 1;
                                if let Some(cp) = byte_fill(policy, *at.add(n)) {
                                    S::ascii64::<V>(to, at, loaded);
                                    S::one(to.add(n), cp);
                                    at = at.add(BLOCK);
                                    to = to.add(BLOCK);
                                } else {
                                    // SKIP: the units before the byte, and the next block
                                    // starts after it.
                                    ascii_prefix::<V, S>(to, loaded, n);
                                    at = at.add(n + 1);
                                    to = to.add(n);
                                    dropped += 1;
                                }
                                continue;
                            }
                            break;
                        };
                        S::ascii64::<V>(to, at, &loaded[..BLOCK / V::LANES]);
                        at = at.add(BLOCK);
                        to = to.add(BLOCK);
                    }
                }
                let k = at.offset_from_unsigned(src.as_ptr().add(p));
                p += k;
                w += k - dropped;
                // The run stopped at a block that is not all ASCII (with 64 bytes of input and
                // of room left). If it goes on with a byte that no character starts with (C0,
                // C1, F5..FF or a continuation byte), the error is there, whatever follows:
                // stray bytes in ASCII text stop here, without the block's validation and
                // decoding.
                if p + BLOCK <= end {
                    let at = src.as_ptr().add(p);
                    let (loaded, mask) = non_ascii::<V>(at);
                    debug_assert_ne!(mask, 0, "the ASCII loop stops at a block that is not");
                    let n = mask.trailing_zeros() as usize;
                    if !(0xC2..=0xF4).contains(&*at.add(n)) {
                        ascii_prefix::<V, S>(out.add(w), &loaded[..BLOCK / V::LANES], n);
                        p += n;
                        w += n;
                        if LOSSY {
                            w += put_fill::<S>(out.add(w), at.add(n), 1, policy);
                            p += 1;
                            replaced += 1;
                            continue;
                        }
                        break;
                    }
                }
            }
            let avail = src.len() - p;
            if avail < 16 || dst.len() - w < 16 {
                break;
            }
            let at = src.as_ptr().add(p);
            // Characters of one to three bytes (below U+0100 for Latin-1) a vector at a time,
            // when the input goes on after the chunk: all of the chunk's, or those before an
            // error (then the kernel stops there: the error is at most a character on).
            let mut checked = None;
            let mut start = 0;
            let mut run = false;
            if avail > BLOCK && dst.len() - w >= BLOCK + 8 {
                let base = if avail >= BLOCK + V::LANES {
                    at
                } else {
                    pad(&mut buf, &src[p..]);
                    buf.as_ptr()
                };
                let (leads, limit, wide) = check_chunk_wide::<V>(base, S::MAX);
                // A chunk that starts with three-byte characters (CJK text): as many as a
                // vector pair holds go at once (twice with 16-byte vectors), the rest in 16-byte
                // steps below.
                let n = threes_len::<V>();
                let pattern = low_lanes(n as u32 + 1);
                if S::MAX >= 0xFFFF
                    && base == at
                    && limit >= n
                    && leads & pattern == THREES & pattern
                {
                    let (q, k) = threes_run::<V, S>(at, leads, limit, out.add(w));
                    w += k;
                    if q < BLOCK - 4 {
                        start = q;
                        checked = Some((leads, limit));
                    } else {
                        p += q;
                        (p, w) = threes_run_on(src, dst.len(), out, (p, w), policy, &mut replaced);
                        continue;
                    }
                } else if wide && limit > 0 {
                    // Without the starts past the error, the chunk ends at the last one kept;
                    // bytes no character contains in text of characters up to three bytes are
                    // converted with it and their units overwritten after (where runs of mixed
                    // widths stop at an error: handled in their loop, it slowed that loop).
                    let mut keep = leads & low_lanes(limit as u32 + 1);
                    let mut strays = 0;
                    if LOSSY
                        && S::MAX >= 0x7FF
                        && limit < BLOCK
                        && base == at
                        && policy != Policy::Skip
                        && let Some(found) = chunk_strays::<V>(at, S::MAX)
                    {
                        (keep, strays) = found;
                    }
                    let (q, n) = chunk_wide::<V, S, false>(base, keep, out.add(w));
                    if LOSSY && strays != 0 {
                        let strays = strays & low_lanes(q as u32);
                        replaced += put_strays::<S>(at, keep, strays, out.add(w), policy);
                    }
                    p += q;
                    w += n;
                    if limit < BLOCK && strays == 0 {
                        let after = if LOSSY {
                            replace_error::<S>(src, (p, w), out, policy, &mut replaced)
                        } else {
                            None
                        };
                        let Some(after) = after else {
                            break;
                        };
                        (p, w) = after;
                    }
                    run = true;
                } else if S::MAX >= 0x10000 && base == at && leads == FOURS && limit == BLOCK {
                    w += fours::<V, S>(at, out.add(w));
                    p += BLOCK;
                    run = true;
                } else if base == at {
                    checked = Some((leads, limit));
                }
                if run {
                    // Such text goes on for chunk after chunk (Cyrillic, Greek, Hebrew, Arabic
                    // words between ASCII spaces; Hindi, Korean; CJK): the chunks that follow
                    // are taken here, without the look for ASCII blocks above (about a tenth of
                    // the instructions of a chunk), until one that is something else, which
                    // the loop above looks at again: none of its bytes a continuation byte
                    // (most likely ASCII), an error, a character past `S::MAX`. A chunk that
                    // starts with three-byte characters converts as many as `threes` take, and
                    // the next chunk starts after them: checking its bytes again costs less
                    // than windows over them.
                    //
                    // When the chunk before looks like text of one- and two-byte characters (no
                    // two continuation bytes in a row), a loop of its own takes the chunks that
                    // [`two_byte_chunk`] vouches for, and the first one it does not goes on to
                    // the loop of all the others, to the end of the run. Only then: a look that
                    // fails costs a third of a chunk's validation, and going back from the
                    // loop of the others to this one, or a test there for four-byte chunks
                    // before the one for `wide`, made them slower (3-byte text by 5 % on
                    // AVX2): the registers of the two loops crowd each other.
                    let room = |p: usize, w: usize| {
                        src.len() - p >= BLOCK + V::LANES && dst.len() - w >= BLOCK + 8
                    };
                    let top = if S::MAX < 0x800 { 0xC3 } else { 0xDF };
                    let two = !leads & !(leads << 1) == 0;
                    'run: {
                        while two && room(p, w) {
                            let at = src.as_ptr().add(p);
                            let Some(leads) = two_byte_chunk::<V>(at, top) else {
                                if LOSSY {
                                    // Stray bytes in two-byte text (one-byte errors): converted
                                    // with the chunk, their units overwritten after.
                                    if S::MAX >= 0x7FF
                                        && policy != Policy::Skip
                                        && let Some((starts, errors)) = two_byte_strays::<V>(at)
                                    {
                                        let (q, n) =
                                            chunk_wide::<V, S, true>(at, starts, out.add(w));
                                        let errors = errors & low_lanes(q as u32);
                                        replaced +=
                                            put_strays::<S>(at, starts, errors, out.add(w), policy);
                                        p += q;
                                        w += n;
                                        continue;
                                    }
                                    // An error in two-byte text: the characters before it and
                                    // the error, and this loop goes on after it.
                                    let (leads, limit, wide) = check_chunk_wide::<V>(at, S::MAX);
                                    if limit < BLOCK && wide {
                                        let (after, done) = to_error::<V, S>(
                                            src,
                                            (p, w),
                                            out,
                                            (leads, limit),
                                            policy,
                                            &mut replaced,
                                        );
                                        (p, w) = after;
                                        if !done {
                                            break 'run;
                                        }
                                        continue;
                                    }
                                }
                                break;
                            };
                            if leads == u64::MAX {
                                let n = ascii_chunk::<V, S>(at, out.add(w));
                                p += n;
                                w += n;
                                break 'run;
                            }
                            let (q, n) = chunk_wide::<V, S, true>(at, leads, out.add(w));
                            p += q;
                            w += n;
                        }
                        while room(p, w) {
                            let at = src.as_ptr().add(p);
                            let (leads, limit, wide) = check_chunk_wide::<V>(at, S::MAX);
                            if limit < BLOCK {
                                break 'run;
                            }
                            if leads == u64::MAX {
                                let n = ascii_chunk::<V, S>(at, out.add(w));
                                p += n;
                                w += n;
                                break 'run;
                            }
                            if S::MAX >= 0xFFFF && leads & pattern == THREES & pattern {
                                let (q, k) = threes_run::<V, S>(at, leads, limit, out.add(w));
                                p += q;
                                w += k;
                                let at = (p, w);
                                (p, w) =
                                    threes_run_in(src, dst.len(), out, at, policy, &mut replaced);
                                continue;
                            }
                            if !wide {
                                // Emoji text, whose chunks are all four-byte characters, goes
                                // on here; anything else with them is the loop above's.
                                if S::MAX >= 0x10000 && leads == FOURS {
                                    w += fours::<V, S>(at, out.add(w));
                                    p += BLOCK;
                                    continue;
                                }
                                break 'run;
                            }
                            let (q, n) = chunk_wide::<V, S, false>(at, leads, out.add(w));
                            p += q;
                            w += n;
                        }
                    }
                    continue;
                }
            }
            let (leads, limit) = if let Some(checked) = checked {
                checked
            } else if avail >= BLOCK {
                check_chunk::<V>(at)
            } else {
                // Zero padding makes a sequence cut off by the end of the input an error.
                let vs = short_vectors::<V>(&src[p..]);
                let (leads, bad, _) = masks_of::<V, false>(|k| vs[k], 0);
                (leads, valid_prefix(leads, bad).min(avail))
            };
            let mut q = start;
            while q + 16 <= limit && dst.len() - w >= 16 {
                let v = <V::Half>::load(at.add(q));
                if v.no_high_bits() {
                    S::ascii(out.add(w), v);
                    q += 16;
                    w += 16;
                    continue;
                }
                // Four characters of four bytes (emoji): the sixteen bytes at once, where the
                // steps of the table take twelve.
                if S::MAX >= 0x10000 && (leads >> q) & 0xFFFF == 0x1111 {
                    let shuf = <V::Half>::load(SHUF_FOURS.as_ptr());
                    let cp = four_byte_code_points(shuf.lookup16(v));
                    w += S::four_astral(out.add(w), cp);
                    q += 16;
                    continue;
                }
                let step = UTF8_STEPS[((leads >> (q + 1)) & 0xFFF) as usize];
                match step.kind {
                    TWO => {
                        // UTF8_STEPS holds indices below 64 for TWO, below 81 for THREE.
                        let shuf = SHUF_TWO.get_unchecked(step.shuffle as usize);
                        let shuf = <V::Half>::load(shuf.as_ptr());
                        let perm = shuf.lookup16(v);
                        let ascii = perm.and(<V::Half>::splat16(0x7F));
                        let high = perm.and(<V::Half>::splat16(0x1F00));
                        let cp = ascii.or(high.shr16::<2>());
                        if S::MAX < 0x7FF && !cp.and_is_zero(<V::Half>::splat16(!(S::MAX as u16))) {
                            break;
                        }
                        S::six(out.add(w), cp);
                        w += 6;
                        q += step.consumed as usize;
                    }
                    THREE => {
                        let shuf = SHUF_THREE.get_unchecked(step.shuffle as usize);
                        let shuf = <V::Half>::load(shuf.as_ptr());
                        let perm = shuf.lookup16(v);
                        let ascii = perm.and(<V::Half>::splat32(0x7F));
                        let middle = perm.and(<V::Half>::splat32(0x3F00));
                        let high = perm.and(<V::Half>::splat32(0x0F_0000));
                        let cp = ascii.or(middle.shr32::<2>()).or(high.shr32::<4>());
                        if S::MAX < 0xFFFF && !cp.and_is_zero(<V::Half>::splat32(!S::MAX)) {
                            break;
                        }
                        S::four(out.add(w), cp);
                        w += 4;
                        q += step.consumed as usize;
                    }
                    FOUR => {
                        if S::MAX < 0x10000 {
                            break;
                        }
                        let shuf = <V::Half>::load(SHUF_FOUR.as_ptr());
                        let cp = four_byte_code_points(shuf.lookup16(v));
                        w += S::three_astral(out.add(w), cp);
                        q += 12;
                    }
                    _ => {
                        debug_assert_eq!(step.kind, OTHER);
                        let (cp, len) = decode_one(at.add(q));
                        if cp > S::MAX {
                            break;
                        }
                        w += S::one(out.add(w), cp);
                        q += len;
                    }
                }
            }
            if avail < BLOCK || q == 0 || limit < BLOCK {
                // The end of the input, or an error ahead: finish the checked stretch one
                // character at a time rather than check the chunk again for a few bytes.
                while q < limit && dst.len() - w >= 2 {
                    let lead = *at.add(q);
                    let len = 1 + usize::from(lead >= 0xC0) + usize::from(lead >= 0xE0);
                    if q + len + usize::from(lead >= 0xF0) > limit {
                        break;
                    }
                    let (cp, len) = decode_one(at.add(q));
                    if cp > S::MAX {
                        break;
                    }
                    w += S::one(out.add(w), cp);
                    q += len;
                }
                p += q;
                // When lossy, an error the chunk ends at (in CJK text, where a run of
                // three-byte characters stops at it) is replaced here and the loop goes on.
                if LOSSY
                    && q == limit
                    && limit < BLOCK
                    && dst.len() - w >= 8
                    && let Some(after) = replace_error::<S>(src, (p, w), out, policy, &mut replaced)
                {
                    (p, w) = after;
                    continue;
                }
                break;
            }
            p += q;
        }
    }
    (p, w, replaced)
}
