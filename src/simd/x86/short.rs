//! Inputs shorter than one 512-bit vector, read with a single masked load: the bytes past the end
//! read as zero and touch no memory, so validation, the ASCII prefix and the character count take
//! a handful of instructions instead of a scalar loop or a padded copy. Longer inputs go to the
//! algorithms of `utf8`.

use core::arch::x86_64::*;

use super::utf8::{self, errors};
use super::vector::Vector;

/// The `src.len()` (< 64) bytes of `src`, then zeros.
#[inline(always)]
unsafe fn load(src: &[u8]) -> __m512i {
    debug_assert!(src.len() < 64);
    // SAFETY: AVX-512 BW per the caller's ISA contract; the mask covers exactly the bytes of
    // `src`, and masked-off bytes are neither read nor able to fault.
    unsafe { _mm512_maskz_loadu_epi8((1u64 << src.len()) - 1, src.as_ptr().cast()) }
}

/// `src.len()` when valid; otherwise a boundary before the first error (see `Kernels`).
#[inline(always)]
pub(super) unsafe fn valid_up_to(src: &[u8]) -> usize {
    // SAFETY (whole body): the caller's ISA contract, forwarded.
    unsafe {
        if src.len() >= 64 {
            return utf8::valid_up_to::<__m512i>(src);
        }
        let v = load(src);
        // A sequence cut off by the end meets the zero padding and is flagged. On an error the
        // caller's scalar steps find it from the start, a few bytes at most.
        if _mm512_movepi8_mask(v) == 0 || errors::<__m512i>(v, _mm512_setzero_si512()).is_zero() {
            src.len()
        } else {
            0
        }
    }
}

/// Exact length of the ASCII prefix.
#[inline(always)]
pub(super) unsafe fn ascii_len(src: &[u8]) -> usize {
    // SAFETY (whole body): the caller's ISA contract, forwarded.
    unsafe {
        if src.len() >= 64 {
            return utf8::ascii_len::<__m512i>(src);
        }
        match _mm512_movepi8_mask(load(src)) {
            0 => src.len(),
            high => high.trailing_zeros() as usize,
        }
    }
}

/// Bytes that are not continuation bytes.
#[inline(always)]
pub(super) unsafe fn count(src: &[u8]) -> usize {
    // SAFETY (whole body): the caller's ISA contract, forwarded.
    unsafe {
        if src.len() >= 64 {
            return utf8::count::<__m512i>(src);
        }
        // Continuation bytes are the only ones below 0xC0 as signed bytes; the padding is not.
        let cont = _mm512_cmplt_epi8_mask(load(src), _mm512_set1_epi8(0xC0u8 as i8));
        src.len() - cont.count_ones() as usize
    }
}
