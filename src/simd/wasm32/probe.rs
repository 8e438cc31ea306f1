//! The SIMD128 primitives as functions of byte arrays, for the test that compares each with a
//! scalar model on many inputs (`utf8x::__test::wasm_primitive`, run by `scripts/test-wasm.sh`):
//! the differential suites reach only what the algorithms instantiated here call, and some
//! primitives (`maddubs`, `lookup_pair`) no SIMD128 path calls.

use core::arch::wasm32::*;

use crate::simd::generic::vector::{Half, Lanes2, Vector};

/// The primitive `name` of the SIMD128 vector type applied to the vectors `a`, `b` and `c` (as
/// many as it takes, in its order: `self` first), its vector result as 16 bytes, or a mask
/// result as a little-endian `u64` in bytes 0..8; `None` for a name it does not know.
pub fn primitive(name: &str, a: [u8; 16], b: [u8; 16], c: [u8; 16]) -> Option<[u8; 16]> {
    let [a, b, c] = [a, b, c].map(|x| {
        u8x16(
            x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[8], x[9], x[10], x[11], x[12], x[13],
            x[14], x[15],
        )
    });
    let mask = |m: u64| u64x2(m, 0);
    // SAFETY: this module is compiled only with SIMD128, which every primitive needs; the
    // primitives take no pointers here.
    let v = unsafe {
        match name {
            "maddubs" => a.maddubs(b),
            "lookup_pair" => a.lookup_pair(b, c),
            "lookup16" => a.lookup16(b),
            "select" => a.select(b, c),
            "high_nibbles" => a.high_nibbles(),
            "bytes_right2" => a.bytes_right::<2>(),
            "bytes_right4" => a.bytes_right::<4>(),
            "bytes_right8" => a.bytes_right::<8>(),
            "bytes_right12" => a.bytes_right::<12>(),
            "bytes_right5" => a.bytes_right::<5>(),
            "movemask" => mask(a.movemask()),
            "nonzero_mask" => mask(a.nonzero_mask()),
            "nonzero_mask_block" => mask(<v128 as Vector>::nonzero_mask_block(&[a, b, c])),
            "movemask16" => mask(a.movemask16()),
            _ => return None,
        }
    };
    let mut out = [0u8; 16];
    // SAFETY: `out` has 16 writable bytes.
    unsafe { v128_store(out.as_mut_ptr().cast(), v) };
    Some(out)
}
