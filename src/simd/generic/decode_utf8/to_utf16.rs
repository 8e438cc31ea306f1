//! [`ToUtf16`]: the [`Sink`] for UTF-16 in either byte order, with surrogate pairs for
//! the characters above U+FFFF.

use super::sink::{Sink, ascii64_loaded};
use crate::simd::generic::vector::{Half, Lanes2};

/// The code points above U+FFFF in the 32-bit lanes of `v` as surrogate pairs, the high
/// surrogate in the low 16 bits of each lane.
///
/// # Safety
///
/// The caller's ISA contract.
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

/// UTF-16 output, byte-swapped when `SWAP`.
pub(in crate::simd) struct ToUtf16<const SWAP: bool>;

/// # Safety
///
/// The caller's ISA contract.
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
