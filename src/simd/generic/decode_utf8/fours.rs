//! Runs of four-byte characters (emoji text): a chunk of sixteen of them at once.

use super::sink::Sink;
use crate::simd::generic::tables::SHUF_FOURS;
use crate::simd::generic::utf8::BLOCK;
use crate::simd::generic::vector::{Half, Lanes2, Vector};

/// The four-byte characters whose bytes the 32-bit lanes of `perm` hold last byte lowest, as
/// code points.
///
/// # Safety
///
/// The caller's ISA contract.
#[inline(always)]
pub(super) unsafe fn four_byte_code_points<H: Half>(perm: H) -> H {
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

/// Bytes that start a character in a chunk of four-byte characters.
pub(super) const FOURS: u64 = 0x1111_1111_1111_1111;

/// Converts the 16 valid four-byte characters of the 64 bytes at `p` (emoji text) into `dst`,
/// which has room for 32 units plus 8; returns the units written.
///
/// # Safety
///
/// The caller's ISA contract; `BLOCK` readable bytes at `p`, 40 units of room at `dst`.
#[inline(always)]
pub(super) unsafe fn fours<V: Lanes2, S: Sink>(p: *const u8, dst: *mut S::Unit) -> usize {
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
