//! The UTF-8 length of UTF-16, UTF-32 and Latin-1 input (which also validates UTF-16 and
//! UTF-32), a 512-bit vector per step: the units at or above U+0080, U+0800 and U+10000 each add
//! a byte, and mask registers count them. Stretches with surrogates (pairs, or errors) and
//! invalid UTF-32 go to the 128-bit measure, which knows pairs and stops at errors.

use core::arch::x86_64::*;

use crate::simd::generic::encode_utf8::{self, Source};

/// Units handed to the 128-bit measure when a vector holds surrogates.
const DETOUR: usize = 64;

/// Runs `fast` (which measures whole vectors from `r` and returns where it stopped and the
/// bytes it counted) and the 128-bit measure in turn until neither makes progress.
#[inline(always)]
unsafe fn alternate<S: Source>(
    src: &[S::Unit],
    mut fast: impl FnMut(usize) -> (usize, usize),
) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    loop {
        let (to, bytes) = fast(r);
        (r, w) = (to, w + bytes);
        let end = src.len().min(r + DETOUR);
        // SAFETY: the caller's ISA contract, forwarded.
        let (read, bytes) = unsafe { encode_utf8::measure::<__m128i, S>(&src[r..end]) };
        (r, w) = (r + read, w + bytes);
        if read == 0 || end == src.len() {
            return (r, w);
        }
    }
}

/// UTF-16 (byte-swapped when `SWAP`), 32 units per step.
#[inline(always)]
pub(super) unsafe fn utf16<const SWAP: bool>(src: &[u16]) -> (usize, usize) {
    // SAFETY (both closures): AVX-512 BW and VBMI2 per the caller's ISA contract; each load
    // reads 32 units at `r` with r + 32 <= len.
    unsafe {
        alternate::<encode_utf8::Utf16<SWAP>>(src, |mut r| {
            let k = |x: u16| _mm512_set1_epi16(x as i16);
            let mut w = 0;
            while src.len() - r >= 32 {
                let mut v = _mm512_loadu_si512(src.as_ptr().add(r).cast());
                if SWAP {
                    v = _mm512_shldi_epi16::<8>(v, v);
                }
                let surrogates = _mm512_and_si512(v, k(0xF800));
                if _mm512_cmpeq_epi16_mask(surrogates, k(0xD800)) != 0 {
                    break;
                }
                let two = _mm512_cmpge_epu16_mask(v, k(0x80));
                let three = _mm512_cmpge_epu16_mask(v, k(0x800));
                w += 32 + (two.count_ones() + three.count_ones()) as usize;
                r += 32;
            }
            (r, w)
        })
    }
}

/// UTF-32, 16 units per step.
#[inline(always)]
pub(super) unsafe fn utf32(src: &[u32]) -> (usize, usize) {
    // SAFETY (both closures): AVX-512 F per the caller's ISA contract; each load reads 16
    // units at `r` with r + 16 <= len.
    unsafe {
        alternate::<encode_utf8::Utf32>(src, |mut r| {
            let k = |x: u32| _mm512_set1_epi32(x as i32);
            let mut w = 0;
            while src.len() - r >= 16 {
                let u = _mm512_loadu_si512(src.as_ptr().add(r).cast());
                let surrogate = _mm512_cmpeq_epi32_mask(_mm512_and_si512(u, k(!0x7FF)), k(0xD800));
                if surrogate | _mm512_cmpgt_epu32_mask(u, k(0x10FFFF)) != 0 {
                    break;
                }
                // Written out rather than mapped over an array: `array::map` is generic code
                // without this function's target features, where the intrinsics are calls
                // unless everything is inlined (not so with several codegen units).
                let longer = |at: u32| _mm512_cmpge_epu32_mask(u, k(at)).count_ones() as usize;
                w += 16 + longer(0x80) + longer(0x800) + longer(0x10000);
                r += 16;
            }
            (r, w)
        })
    }
}

/// Latin-1, 64 bytes per step.
#[inline(always)]
pub(super) unsafe fn latin1(src: &[u8]) -> (usize, usize) {
    // SAFETY (both closures): AVX-512 BW per the caller's ISA contract; each load reads 64
    // bytes at `r` with r + 64 <= len.
    unsafe {
        alternate::<encode_utf8::Latin1>(src, |mut r| {
            let mut w = 0;
            while src.len() - r >= 64 {
                let v = _mm512_loadu_si512(src.as_ptr().add(r).cast());
                w += 64 + _mm512_movepi8_mask(v).count_ones() as usize;
                r += 64;
            }
            (r, w)
        })
    }
}
