//! [`ToLatin1`]: the [`Sink`] for ISO-8859-1; the decoder stops before any character
//! above U+00FF, so the methods for wider characters are never called.

use super::sink::Sink;
use crate::simd::generic::vector::{Half, Lanes2};

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
