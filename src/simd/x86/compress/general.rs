//! The general block of UTF-8 → UTF-16/UTF-32: any valid characters (four-byte ones into UTF-16
//! only), decoded in place and compressed; with a lossy policy, its errors that the block loop
//! replaces without leaving it.

use core::arch::x86_64::*;

use super::block::{INTERLEAVE, Next, continuation};
use super::wide::Wide;
use crate::simd::generic::decode_utf8;
use crate::simd::generic::replace::byte_fill;
use crate::simd::generic::utf8::{errors, low_lanes};
use crate::simd::generic::vector::Vector;
use crate::types::outcome::Policy;

/// The 64-byte block `v`, which starts on a character boundary, holds no error (a character
/// cut off at its end is not one): returns the mask of bytes that are not continuation bytes.
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 BW).
#[inline(always)]
pub(super) unsafe fn valid_block(v: __m512i) -> Option<u64> {
    // SAFETY: AVX-512 BW per the caller's ISA contract.
    unsafe {
        if !errors::<__m512i>(v, _mm512_setzero_si512()).is_zero() {
            return None;
        }
        Some(!continuation(v))
    }
}

/// Decodes the characters of the block `v` (a character boundary at its start, no error in it,
/// `starts` its bytes that are not continuation bytes, `fours` its leads of four-byte
/// characters) that end before byte `take`, into `out`; returns the units written. `take` is a
/// character start, or with `WHOLE` 64 for a block that ends with a whole character, and `out`
/// has room for `take` units.
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 BW/VBMI/VBMI2); room for `take` units at `out`.
#[inline(always)]
pub(super) unsafe fn decode_block<S: Wide, const WHOLE: bool>(
    v: __m512i,
    starts: u64,
    fours: u64,
    take: u32,
    out: *mut S::Unit,
) -> usize {
    // SAFETY: AVX-512 BW/VBMI/VBMI2 per the caller's ISA contract; the stores write the units
    // of the characters before `take`, at most `take` of them (one per byte, two for a
    // four-byte character), inside the caller's room.
    unsafe {
        let zero = _mm512_setzero_si512();
        // (With `WHOLE`, the last byte ends a character when `take` is 64.)
        let ends = (starts >> 1 | u64::from(WHOLE) << 63) & low_lanes(take);
        let (b1, b2) = (v.prev1(zero), v.prev2(zero));
        // Per byte that ends a character, the low and high bytes of its code point, from the
        // byte itself and the one or two before it.
        let (cont, cont1) = (continuation(v), continuation(b1));
        let low = _mm512_or_si512(
            _mm512_and_si512(v, _mm512_set1_epi8(0x7F)),
            _mm512_maskz_mov_epi8(
                cont,
                _mm512_and_si512(_mm512_slli_epi16::<6>(b1), _mm512_set1_epi8(0xC0u8 as i8)),
            ),
        );
        let high = _mm512_or_si512(
            _mm512_and_si512(_mm512_srli_epi16::<2>(b1), _mm512_set1_epi8(0x0F)),
            _mm512_maskz_mov_epi8(
                cont1,
                _mm512_and_si512(_mm512_slli_epi16::<4>(b2), _mm512_set1_epi8(0xF0u8 as i8)),
            ),
        );
        let high = _mm512_maskz_mov_epi8(cont, high);
        // A four-byte character gives two units: the low surrogate in place of its last byte,
        // where the lanes hold the code point's low 16 bits, and the high surrogate in place of
        // the byte before, where they hold the code point shifted right by 6.
        let (last, third) = ((fours << 3) & ends, (fours << 2) & low_lanes(take));
        let ends = ends | third;
        let first = _mm512_loadu_si512(INTERLEAVE[0].as_ptr().cast());
        let second = _mm512_loadu_si512(INTERLEAVE[1].as_ptr().cast());
        let mut at = 0;
        for (half, idx) in [(0, first), (1, second)] {
            // A short input (`WHOLE`: the last block, from [`decode_last`]) of up to 32
            // bytes ends in the first half: the second's permute, compression and store cost a
            // 16- to 32-byte string 10 %. (The block loop's blocks always reach the second.)
            if WHOLE && half == 1 && ends >> 32 == 0 {
                break;
            }
            let mut units = _mm512_permutex2var_epi8(low, idx, high);
            if fours != 0 {
                let k = _mm512_set1_epi16;
                let (last, third) = ((last >> (32 * half)) as u32, (third >> (32 * half)) as u32);
                let low_surrogate =
                    _mm512_ternarylogic_epi32::<0xEA>(units, k(0x3FF), k(0xDC00u16 as i16));
                units = _mm512_mask_mov_epi16(units, last, low_surrogate);
                let high_surrogate = _mm512_srli_epi16::<4>(units);
                units = _mm512_mask_add_epi16(units, third, high_surrogate, k(0xD7C0u16 as i16));
            }
            let keep = (ends >> (32 * half)) as u32;
            S::units(
                out.add(at),
                _mm512_maskz_compress_epi16(keep, units),
                keep.count_ones(),
            );
            at += keep.count_ones() as usize;
        }
        at
    }
}

/// Under a lossy `policy` with a fill of one unit per byte (not SKIP), a general block `v`
/// (read from `at`, a character boundary; `fours`: its four-byte leads, F0..F4) whose one error
/// is a byte that is ill-formed by itself (C0, C1, F5..FF) between whole characters: the block with
/// `?` in that byte's place decoded as any block is, and the fill written over the `?`'s unit.
/// Returns the units written and the bytes taken (to the last character start, as the block
/// loop's step); `None`, nothing written, for any other block. The error then costs no more
/// than its block: where the block loop stopped before it and went on after it, each one cost a
/// second block (Hindi and Korean with a bad byte per KiB: 30 ns an error, their 0.9 of the
/// strict speed).
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 BW/VBMI/VBMI2); `v` holds the 64 readable bytes at
/// `at`, and `out` has room for 64 units.
#[inline(always)]
pub(super) unsafe fn stray_general<S: Wide>(
    v: __m512i,
    fours: u64,
    at: *const u8,
    out: *mut S::Unit,
    policy: Policy,
) -> Option<(usize, usize)> {
    // SAFETY: AVX-512 BW/VBMI/VBMI2 per the caller's ISA contract; `at` has 64 readable bytes
    // and `out` room for 64 units (the block loop's step).
    unsafe {
        let k = _mm512_set1_epi8;
        let stray = _mm512_cmpge_epu8_mask(v, k(0xF5u8 as i8))
            | _mm512_cmpeq_epi8_mask(_mm512_and_si512(v, k(0xFEu8 as i8)), k(0xC0u8 as i8));
        if stray.count_ones() != 1 {
            return None;
        }
        let bad = stray.trailing_zeros();
        let cp = byte_fill(policy, *at.add(bad as usize))?;
        let fixed = _mm512_mask_mov_epi8(v, stray, k(b'?' as i8));
        if !errors::<__m512i>(fixed, _mm512_setzero_si512()).is_zero() {
            return None;
        }
        let starts = !continuation(fixed);
        let take = 63 - starts.leading_zeros();
        // (A bad byte that starts the block's last character is the next step's.)
        if bad >= take {
            return None;
        }
        let n = decode_block::<S, false>(fixed, starts, fours, take, out);
        // The `?`'s unit: one per character before it, and one more per four-byte one (the
        // high surrogate).
        let below = (1u64 << bad) - 1;
        let before = (starts & below).count_ones() + (fours & below).count_ones();
        <S as decode_utf8::Sink>::one(out.add(before as usize), cp);
        Some((n, take as usize))
    }
}

/// The four-byte leads of the block `v`: bytes from F0 up, with `LOSSY` F0..F4 only. A stray
/// F5..FF counted as one sent a block into UTF-32 to the 256-bit decoder and its error back to
/// the caller (Hindi and Korean with a bad byte per KiB: 0.74 of the strict speed, against
/// 0.94-0.96). Strict decoding stops at such a byte either way, and skips the extra compare.
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 BW).
#[inline(always)]
pub(super) unsafe fn four_leads<const LOSSY: bool>(v: __m512i) -> u64 {
    // SAFETY: AVX-512 BW per the caller's ISA contract.
    unsafe {
        let fours = _mm512_cmpge_epu8_mask(v, _mm512_set1_epi8(0xF0u8 as i8));
        if LOSSY {
            return _mm512_mask_cmplt_epu8_mask(fours, v, _mm512_set1_epi8(0xF5u8 as i8));
        }
        fours
    }
}

/// The general block `v` at `p` (a character boundary), into `out` at `w`: the characters that
/// end in it when it holds no error ([`decode_block`]); with `LOSSY`, a block whose one error is
/// a stray byte ([`stray_general`]), or an ill-formed subpart after the characters before it,
/// with the fill of `policy` (counted in `replaced`). [`Next::Stop`] after the characters before
/// any other error, where the caller's scalar steps take it over; [`Next::Pass`] for an error at
/// the block's start, and for four-byte characters into UTF-32, which the detour takes.
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 BW/VBMI/VBMI2); `v` holds `src[p..p + 64]`, and
/// `out[w..out_len]` is writable, with room for 64 units.
#[inline(always)]
pub(super) unsafe fn general_step<S: Wide, const LOSSY: bool>(
    src: &[u8],
    out: *mut S::Unit,
    out_len: usize,
    (p, w): (usize, usize),
    v: __m512i,
    policy: Policy,
    replaced: &mut usize,
) -> Next {
    // SAFETY: the caller's ISA contract; a block writes at most 64 units at `w` (a stray byte:
    // its units, then the fill over one of them); the fill of a subpart after the valid prefix
    // reads 4 bytes and writes at most 4 units, both checked here.
    unsafe {
        let fours = four_leads::<LOSSY>(v);
        if !(S::PAIRS || fours == 0) {
            return Next::Pass;
        }
        let bad = errors::<__m512i>(v, _mm512_setzero_si512()).nonzero_mask();
        let starts = !continuation(v);
        if bad == 0 {
            // The last character to start may go on past the block: it is the next step's.
            // The ones before it end where the next one starts.
            let take = 63 - starts.leading_zeros();
            let n = decode_block::<S, false>(v, starts, fours, take, out.add(w));
            return Next::At(p + take as usize, w + n);
        }
        if LOSSY
            && let Some((units, q)) =
                stray_general::<S>(v, fours, src.as_ptr().add(p), out.add(w), policy)
        {
            *replaced += 1;
            return Next::At(p + q, w + units);
        }
        // An error: the characters before the sequence it is in are whole and valid; they are
        // converted here. With `LOSSY`, an ill-formed subpart there gets the fill of `policy`
        // and the loop goes on after it (Hindi and Korean with a bad byte per KiB: each error
        // cost 38 ns where the kernel returned to the caller and was called again); otherwise
        // the kernel stops where the caller's scalar steps take the error over.
        let take = decode_utf8::valid_prefix(starts, bad) as u32;
        let mut w = w;
        if take > 0 {
            w += decode_block::<S, false>(v, starts, fours, take, out.add(w));
        }
        let at = p + take as usize;
        if LOSSY
            && src.len() - at >= 4
            && out_len - w >= 4
            && let Some((r, n, k)) =
                decode_utf8::threes_error::<S>(src.as_ptr().add(at), 0, out.add(w), policy)
        {
            *replaced += k;
            return Next::At(at + r, w + n);
        }
        if take > 0 {
            Next::Stop(at, w)
        } else {
            Next::Pass
        }
    }
}
