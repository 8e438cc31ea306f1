//! UTF-16 → UTF-8: the block loop, its run of ASCII and its block of surrogate pairs.

use core::arch::x86_64::*;

use super::block::store_bytes;
use super::detour::{DECODE_DETOUR, detour, encode256};
use super::encode::{encode_two, put_any};
use crate::simd::generic::encode_utf8;

/// The UTF-8 form of the 16 surrogate pairs in the 32-bit lanes of `v` (32 UTF-16 units in
/// order: the high surrogate in each lane's low half), when every lane holds a high and then a
/// low surrogate. Text of surrogate pairs alone (emoji) took the 256-bit encoder at every block
/// and ran at 5.1 GB/s of UTF-16 on Sapphire Rapids; with this, 13.6. Pairs that straddle
/// two lanes (after an odd number of units) fail the test and take the encoder, as does any
/// block that mixes pairs with other characters.
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 F).
#[inline(always)]
unsafe fn pairs_to_utf8(v: __m512i) -> Option<__m512i> {
    // SAFETY: AVX-512 F per the caller's ISA contract.
    unsafe {
        let d = |x: u32| _mm512_set1_epi32(x as i32);
        let tags = _mm512_and_si512(v, d(0xFC00_FC00));
        if _mm512_cmpneq_epi32_mask(tags, d(0xDC00_D800)) != 0 {
            return None;
        }
        // The code point less 0x10000: the high surrogate's ten bits, then the low one's.
        let high = _mm512_slli_epi32::<10>(_mm512_and_si512(v, d(0x3FF)));
        let low = _mm512_and_si512(_mm512_srli_epi32::<16>(v), d(0x3FF));
        let cp = _mm512_add_epi32(_mm512_or_si512(high, low), d(0x1_0000));
        // Bytes in memory order, first lowest: F0 | cp >> 18, then 80 | each six bits.
        let b0 = _mm512_srli_epi32::<18>(cp);
        let b1 = _mm512_and_si512(_mm512_srli_epi32::<4>(cp), d(0x3F00));
        let b2 = _mm512_and_si512(_mm512_slli_epi32::<10>(cp), d(0x3F_0000));
        let b3 = _mm512_and_si512(_mm512_slli_epi32::<24>(cp), d(0x3F00_0000));
        let bytes = _mm512_or_si512(_mm512_or_si512(b0, b1), _mm512_or_si512(b2, b3));
        Some(_mm512_or_si512(bytes, d(0x8080_80F0)))
    }
}

/// A run of ASCII in UTF-16 (byte-swapped when `SWAP`) from `p`, into `out[w..out_len]`, 64
/// units a step, up to the first step that is not all ASCII; returns the new `(p, w)`. One
/// saturating pack narrows the step's two vectors and a permutation of its 64-bit lanes puts
/// them in order, where narrowing each vector is two operations of the shuffle unit: ASCII ran at
/// 30 GB/s against simdutf's 40 on Sapphire Rapids, and at 51 with this. Out of line and
/// called from an ASCII block before it is stored: inlined, or called after the block, it made
/// the two-byte blocks of the loop around it 5 % slower (Arabic, Hebrew, Russian), whose code
/// then kept more values in registers across the loop. (rustc 1.95 does not pass
/// `#[inline(never)]` on to LLVM for a function with target features, which then inlines it
/// here; called through an opaque pointer instead, Arabic and Russian ran 3-7 % slower on Zen
/// 4, so it is left to the compiler.)
///
/// # Safety
///
/// The caller's ISA contract (the features enabled here); `p` within `src`, and
/// `out[w..out_len]` writable.
#[inline(never)]
#[target_feature(
    enable = "avx512f,avx512cd,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx,avx2,bmi1,bmi2,popcnt,sse4.2"
)]
unsafe fn ascii16_run<const SWAP: bool>(
    src: &[u16],
    out: *mut u8,
    out_len: usize,
    (mut p, mut w): (usize, usize),
) -> (usize, usize) {
    let order = _mm512_set_epi64(7, 5, 3, 1, 6, 4, 2, 0);
    // SAFETY: the caller's ISA contract; each step reads 64 units at `p` with p + 64 <= len
    // and writes 64 bytes at `w` with w + 64 <= out_len, `out` the caller's writable output.
    unsafe {
        while src.len() - p >= 64 && out_len - w >= 64 {
            let at = src.as_ptr().add(p);
            let mut a = _mm512_loadu_si512(at.cast());
            let mut b = _mm512_loadu_si512(at.add(32).cast());
            if SWAP {
                a = _mm512_shldi_epi16::<8>(a, a);
                b = _mm512_shldi_epi16::<8>(b, b);
            }
            let high = _mm512_set1_epi16(0xFF80u16 as i16);
            if _mm512_test_epi16_mask(_mm512_or_si512(a, b), high) != 0 {
                break;
            }
            let bytes = _mm512_permutexvar_epi64(order, _mm512_packus_epi16(a, b));
            _mm512_storeu_si512(out.add(w).cast(), bytes);
            p += 64;
            w += 64;
        }
    }
    (p, w)
}

/// A block of 32 UTF-16 units `v` (in order) of which those in `wide` are U+0080 or above, at
/// least one, into `out[w..]`: characters below U+0800, any characters but surrogates, or
/// surrogate pairs alone, each in a form of its own; returns the new `w`, `None` (nothing
/// written) for a block of any other kind, which the detour takes.
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 F/BW/VBMI/VBMI2 and BMI2); 96 writable bytes at
/// `out[w..]`.
#[inline(always)]
unsafe fn utf16_block(v: __m512i, wide: u32, out: *mut u8, w: usize) -> Option<usize> {
    // SAFETY: the caller's ISA contract; each form writes at most 96 bytes (3 per unit) at `w`.
    unsafe {
        let k = _mm512_set1_epi16;
        if _mm512_cmpge_epu16_mask(v, k(0x800)) == 0 {
            let (bytes, n) = encode_two(v, wide);
            store_bytes(out.add(w), bytes, n);
            return Some(w + n as usize);
        }
        let surrogates = _mm512_and_si512(v, k(0xF800u16 as i16));
        let surrogates = _mm512_cmpeq_epi16_mask(surrogates, k(0xD800u16 as i16));
        if surrogates == 0 {
            let lower = _mm512_cvtepu16_epi32(_mm512_castsi512_si256(v));
            let upper = _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64::<1>(v));
            return Some(put_any(out, w, [lower, upper]));
        }
        // Text of surrogate pairs alone (emoji): 16 pairs, a 32-bit lane each, are 16 four-byte
        // characters, 64 bytes.
        if surrogates == u32::MAX
            && let Some(bytes) = pairs_to_utf8(v)
        {
            _mm512_storeu_si512(out.add(w).cast(), bytes);
            return Some(w + 64);
        }
        None
    }
}

/// UTF-16 (byte-swapped when `SWAP`) → UTF-8, 32 units per step.
///
/// # Safety
///
/// The caller's ISA contract (the `avx512` set's features).
#[inline(always)]
pub(in crate::simd::x86) unsafe fn utf16_to_utf8<const SWAP: bool>(
    src: &[u16],
    dst: &mut [u8],
) -> (usize, usize) {
    let (mut p, mut w) = (0, 0);
    let out = dst.as_mut_ptr();
    // SAFETY (whole body): caller's ISA contract; loads read 32 units at `p` with p + 32 <= len;
    // a step writes at most 96 bytes at `w` and runs only with 96 bytes of room; the ASCII run
    // and the detour get the bounds of `src` and `dst`.
    unsafe {
        loop {
            if src.len() - p >= 32 && dst.len() - w >= 96 {
                let mut v = _mm512_loadu_si512(src.as_ptr().add(p).cast());
                if SWAP {
                    v = _mm512_shldi_epi16::<8>(v, v);
                }
                let k = _mm512_set1_epi16;
                let wide = _mm512_cmpge_epu16_mask(v, k(0x80));
                if wide == 0 {
                    // A run of ASCII from here (two blocks of it or more), else this block.
                    let q;
                    (q, w) = ascii16_run::<SWAP>(src, out, dst.len(), (p, w));
                    if q == p {
                        _mm256_storeu_si256(out.add(w).cast(), _mm512_cvtepi16_epi8(v));
                        p += 32;
                        w += 32;
                    } else {
                        p = q;
                    }
                    continue;
                }
                if let Some(x) = utf16_block(v, wide, out, w) {
                    p += 32;
                    w = x;
                    continue;
                }
            }
            let go_on;
            (p, w, go_on) = detour(
                src,
                out,
                dst.len(),
                (p, w),
                DECODE_DETOUR / 2,
                encode256::<encode_utf8::Utf16<SWAP>>(),
            );
            if !go_on {
                return (p, w);
            }
        }
    }
}
