//! [`ToUtf32`]: the [`Sink`] for UTF-32 in the machine's byte order.

use super::sink::{Sink, ascii64_loaded, compress16_groups};
use crate::simd::generic::tables::COMPRESS32;
use crate::simd::generic::vector::{Half, Lanes2, Vector};

/// UTF-32 output.
pub(in crate::simd) struct ToUtf32;

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
