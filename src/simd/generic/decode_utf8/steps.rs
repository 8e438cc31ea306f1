//! What the outer loop's 16-byte steps use: the masks of a chunk the chunk step did not check
//! ([`chunk_masks`]), and characters decoded one at a time ([`decode_one`]). The steps
//! themselves stay in the outer loop (see there why).

use super::check::{check_chunk, masks_of, valid_prefix};
use super::short::short_vectors;
use crate::simd::generic::utf8::BLOCK;
use crate::simd::generic::vector::Lanes2;

/// The masks of the chunk at `at` (`src[p..]`) when the chunk step did not find them: bytes
/// that are not continuation bytes, and how many bytes are valid. Where less than a chunk is
/// left, its bytes zero-padded: a sequence cut off by the end of the input is then an error.
///
/// # Safety
///
/// The caller's ISA contract; at least 16 bytes left at `p`.
#[inline(always)]
pub(super) unsafe fn chunk_masks<V: Lanes2>(src: &[u8], p: usize, at: *const u8) -> (u64, usize) {
    let avail = src.len() - p;
    // SAFETY: the chunk's check reads `BLOCK` bytes at `at` only when that many are left; the
    // padded vectors read within `src[p..]`.
    unsafe {
        if avail >= BLOCK {
            check_chunk::<V>(at)
        } else {
            let vs = short_vectors::<V>(&src[p..]);
            let (leads, bad, _) = masks_of::<V, false>(|k| vs[k], 0);
            (leads, valid_prefix(leads, bad).min(avail))
        }
    }
}

/// Decodes the valid three-byte UTF-8 character at `p`.
///
/// # Safety
///
/// A whole valid three-byte character at `p`.
#[inline(always)]
pub(super) unsafe fn decode_three(p: *const u8) -> u32 {
    // SAFETY: the caller guarantees a whole valid three-byte character at `p`.
    let b = |i: usize| u32::from(unsafe { *p.add(i) });
    ((b(0) & 0x0F) << 12) | ((b(1) & 0x3F) << 6) | (b(2) & 0x3F)
}

/// Decodes the valid UTF-8 character at `p`, returning it and its length.
///
/// # Safety
///
/// A whole valid character at `p`.
#[inline(always)]
pub(super) unsafe fn decode_one(p: *const u8) -> (u32, usize) {
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
