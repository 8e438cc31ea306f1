//! The sinks of the UTF-8 decoders: how UTF-16 in either byte order and UTF-32 write the units
//! of a block.

use core::arch::x86_64::*;

use crate::simd::generic::decode_utf8;
use crate::simd::generic::utf8::low_lanes;
use crate::simd::scalar;

/// Where the UTF-8 decoder puts its units: UTF-16 in either byte order, or UTF-32.
///
/// # Safety
///
/// Of every `unsafe` method: the caller's ISA contract (AVX-512 F/BW/VL/VBMI2), and room at
/// `dst` for the units the method says it writes.
pub(in crate::simd::x86) trait Wide: decode_utf8::Sink {
    /// Whether characters above U+FFFF take the block path, as surrogate pairs.
    const PAIRS: bool;
    /// The 64 ASCII bytes of `v` as 64 units.
    unsafe fn ascii64(dst: *mut Self::Unit, v: __m512i);
    /// The low 63 ASCII bytes of `v` as 63 units; the unit after them is not written.
    unsafe fn ascii63(dst: *mut Self::Unit, v: __m512i);
    /// The low `n` (at most 32) 16-bit lanes of `units` (code points below U+10000, or
    /// surrogates) as `n` units.
    unsafe fn units(dst: *mut Self::Unit, units: __m512i, n: u32);
    /// The low `n` (at most 16) 32-bit lanes of `cps` (code points below U+10000) as `n` units.
    unsafe fn bmp16(dst: *mut Self::Unit, cps: __m512i, n: u32);
    /// The low `n` (at most 16) 32-bit lanes of `cps` (code points U+10000..U+10FFFF) as
    /// surrogate pairs or UTF-32 units; returns the units written.
    unsafe fn astral16(dst: *mut Self::Unit, cps: __m512i, n: u32) -> usize;
    /// The low `n` (below 16) ASCII bytes of `v` as `n` units.
    unsafe fn ascii_short(dst: *mut Self::Unit, v: __m128i, n: u32);
    /// The portable decoder into these units (`scalar`'s), for the few characters of an input
    /// shorter than 16 bytes.
    fn portable(src: &[u8], dst: &mut [Self::Unit]) -> (usize, usize);
}

impl<const SWAP: bool> Wide for decode_utf8::ToUtf16<SWAP> {
    const PAIRS: bool = true;
    #[inline(always)]
    fn portable(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        scalar::utf8_to_utf16::<SWAP>(src, dst)
    }
    #[inline(always)]
    unsafe fn ascii64(dst: *mut u16, v: __m512i) {
        // SAFETY: forwarded.
        unsafe { ascii_to_utf16::<SWAP, false>(dst, v) }
    }
    #[inline(always)]
    unsafe fn ascii63(dst: *mut u16, v: __m512i) {
        // SAFETY: forwarded.
        unsafe { ascii_to_utf16::<SWAP, true>(dst, v) }
    }
    #[inline(always)]
    unsafe fn units(dst: *mut u16, mut units: __m512i, n: u32) {
        // SAFETY: AVX-512 BW and VBMI2 per the caller's ISA contract; `dst` has `n` writable
        // units, and the masked store writes no others.
        unsafe {
            if SWAP {
                units = _mm512_shldi_epi16::<8>(units, units);
            }
            _mm512_mask_storeu_epi16(dst.cast(), low_lanes(n) as u32, units);
        }
    }
    #[inline(always)]
    unsafe fn bmp16(dst: *mut u16, cps: __m512i, n: u32) {
        // SAFETY: AVX-512 F/BW/VL per the caller's ISA contract; `dst` has `n` writable units,
        // and the masked store writes no others.
        unsafe {
            let mut units = _mm512_cvtepi32_epi16(cps);
            if SWAP {
                units = _mm256_shldi_epi16::<8>(units, units);
            }
            _mm256_mask_storeu_epi16(dst.cast(), low_lanes(n) as u16, units);
        }
    }
    #[inline(always)]
    unsafe fn astral16(dst: *mut u16, cps: __m512i, n: u32) -> usize {
        // SAFETY: AVX-512 F/BW/VBMI2 per the caller's ISA contract; `dst` has `2 * n` writable
        // units, and the masked store writes no others.
        unsafe {
            // In each 32-bit lane the high surrogate, first in memory, then the low one.
            let v = _mm512_sub_epi32(cps, _mm512_set1_epi32(0x1_0000));
            let high = _mm512_or_si512(_mm512_srli_epi32::<10>(v), _mm512_set1_epi32(0xD800));
            let low = _mm512_and_si512(v, _mm512_set1_epi32(0x3FF));
            let low = _mm512_or_si512(low, _mm512_set1_epi32(0xDC00));
            let mut units = _mm512_or_si512(high, _mm512_slli_epi32::<16>(low));
            if SWAP {
                units = _mm512_shldi_epi16::<8>(units, units);
            }
            _mm512_mask_storeu_epi16(dst.cast(), low_lanes(2 * n) as u32, units);
        }
        2 * n as usize
    }
    #[inline(always)]
    unsafe fn ascii_short(dst: *mut u16, v: __m128i, n: u32) {
        // SAFETY: AVX-512 BW/VL per the caller's ISA contract; `dst` has `n` writable units,
        // and the masked store writes no others.
        unsafe {
            let mut units = _mm256_cvtepu8_epi16(v);
            if SWAP {
                units = _mm256_slli_epi16::<8>(units);
            }
            _mm256_mask_storeu_epi16(dst.cast(), low_lanes(n) as u16, units);
        }
    }
}

impl Wide for decode_utf8::ToUtf32 {
    const PAIRS: bool = false;
    #[inline(always)]
    fn portable(src: &[u8], dst: &mut [u32]) -> (usize, usize) {
        scalar::utf8_to_utf32(src, dst)
    }
    #[inline(always)]
    unsafe fn ascii64(dst: *mut u32, v: __m512i) {
        // SAFETY: forwarded.
        unsafe { ascii_to_utf32::<false>(dst, v) }
    }
    #[inline(always)]
    unsafe fn ascii63(dst: *mut u32, v: __m512i) {
        // SAFETY: forwarded.
        unsafe { ascii_to_utf32::<true>(dst, v) }
    }
    #[inline(always)]
    unsafe fn units(dst: *mut u32, units: __m512i, n: u32) {
        // SAFETY: AVX-512 F per the caller's ISA contract; `dst` has `n` writable units, and
        // the masked stores write no others.
        unsafe {
            let lower = _mm512_cvtepu16_epi32(_mm512_castsi512_si256(units));
            _mm512_mask_storeu_epi32(dst.cast(), low_lanes(n.min(16)) as u16, lower);
            if n > 16 {
                let upper = _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64::<1>(units));
                _mm512_mask_storeu_epi32(dst.add(16).cast(), low_lanes(n - 16) as u16, upper);
            }
        }
    }
    #[inline(always)]
    unsafe fn bmp16(dst: *mut u32, cps: __m512i, n: u32) {
        // SAFETY: AVX-512 F per the caller's ISA contract; `dst` has `n` writable units, and
        // the masked store writes no others.
        unsafe { _mm512_mask_storeu_epi32(dst.cast(), low_lanes(n) as u16, cps) }
    }
    #[inline(always)]
    unsafe fn astral16(dst: *mut u32, cps: __m512i, n: u32) -> usize {
        // SAFETY: forwarded.
        unsafe { Self::bmp16(dst, cps, n) };
        n as usize
    }
    #[inline(always)]
    unsafe fn ascii_short(dst: *mut u32, v: __m128i, n: u32) {
        // SAFETY: AVX-512 F per the caller's ISA contract; `dst` has `n` writable units, and
        // the masked store writes no others.
        unsafe {
            _mm512_mask_storeu_epi32(dst.cast(), low_lanes(n) as u16, _mm512_cvtepu8_epi32(v))
        }
    }
}

/// The ASCII bytes of `v` as UTF-16 units (byte-swapped with `SWAP`) at `dst`: all 64, or with
/// `LESS_ONE` the low 63 (a masked last store writes no 64th unit). `dst` has room for that
/// many.
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 BW); room for 64 units at `dst` (63 with `LESS_ONE`).
#[inline(always)]
unsafe fn ascii_to_utf16<const SWAP: bool, const LESS_ONE: bool>(dst: *mut u16, v: __m512i) {
    // SAFETY: AVX-512 BW per the caller's ISA contract; room as documented.
    unsafe {
        // (Widened from the register: loading the halves again leads the compiler to rebuild
        // them byte by byte.)
        let halves = [_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64::<1>(v)];
        for (h, half) in halves.into_iter().enumerate() {
            let mut units = _mm512_cvtepu8_epi16(half);
            if SWAP {
                units = _mm512_slli_epi16::<8>(units);
            }
            if LESS_ONE && h == 1 {
                _mm512_mask_storeu_epi16(dst.add(32).cast(), u32::MAX >> 1, units);
            } else {
                _mm512_storeu_si512(dst.add(32 * h).cast(), units);
            }
        }
    }
}

/// [`ascii_to_utf16`] into UTF-32.
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 F); room for 64 units at `dst` (63 with `LESS_ONE`).
#[inline(always)]
unsafe fn ascii_to_utf32<const LESS_ONE: bool>(dst: *mut u32, v: __m512i) {
    // SAFETY: AVX-512 F per the caller's ISA contract; room as documented.
    unsafe {
        let quarters = [
            _mm512_castsi512_si128(v),
            _mm512_extracti32x4_epi32::<1>(v),
            _mm512_extracti32x4_epi32::<2>(v),
            _mm512_extracti32x4_epi32::<3>(v),
        ];
        for (q, quarter) in quarters.into_iter().enumerate() {
            let units = _mm512_cvtepu8_epi32(quarter);
            if LESS_ONE && q == 3 {
                _mm512_mask_storeu_epi32(dst.add(48).cast(), u16::MAX >> 1, units);
            } else {
                _mm512_storeu_si512(dst.add(16 * q).cast(), units);
            }
        }
    }
}
