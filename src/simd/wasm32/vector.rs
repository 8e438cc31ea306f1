//! The SIMD128 primitives: the vector interface of `generic::vector` over `v128`, with x86's
//! semantics lane for lane. SIMD128 has one width, so the register is its own 128-bit half.
//! Where x86 has an instruction SIMD128 lacks, the idiom is here, once:
//! - `pshufb` (zero where the index has its high bit set): `i8x16.swizzle` gives zero for any
//!   index past 15, and the indices of `lookup16` are 0..=15 or have the high bit set, so it is
//!   the swizzle alone (as NEON's `tbl`);
//! - `pmaddubsw` (unsigned by signed bytes, pairs summed with saturation): the bytes widened in
//!   place by shifts, two 16-bit multiplies and a saturating add;
//! - `blendv` (by the high bit of the mask byte): the high bit spread over the byte, then
//!   `v128.bitselect`;
//! - `psrldq` (whole-register byte shift): a shuffle with a zero register, its indices spelt out
//!   for each shift the algorithms use (a shuffle's indices are constants of the instruction).
//!
//! SIMD128 has `movemask` itself (`i8x16.bitmask`, `i16x8.bitmask`), which engines compile to
//! the host's own. The intrinsics of `core::arch::wasm32` are safe functions: WebAssembly has no
//! undefined behaviour for a missing feature (a module with SIMD128 instructions fails to
//! validate on an engine without them), so only the loads and stores through raw pointers are
//! `unsafe` here. Every function is compiled only with SIMD128 enabled (see `super`).

use core::arch::wasm32::*;

use crate::simd::generic::vector::{Half, Lanes2, Vector};

/// Each byte's high bit spread over the whole byte: the mask of `blendv`.
#[inline(always)]
fn high_bit_mask(v: v128) -> v128 {
    // A compare with zero, not `i8x16.shr_s` by 7: x86 has no byte shift, and engines widen,
    // shift and narrow for it.
    i8x16_lt(v, i8x16_splat(0))
}

/// The 16-bit lanes of `v` split into their low bytes (unsigned, `unsigned == true`, or signed)
/// and high bytes, each widened to a 16-bit lane: the operands of [`Lanes2::maddubs`].
#[inline(always)]
fn byte_pairs(v: v128, unsigned: bool) -> (v128, v128) {
    if unsigned {
        (v128_and(v, u16x8_splat(0x00FF)), u16x8_shr(v, 8))
    } else {
        (i16x8_shr(i16x8_shl(v, 8), 8), i16x8_shr(v, 8))
    }
}

impl Vector for v128 {
    type Half = v128;
    const LANES: usize = 16;
    #[inline(always)]
    unsafe fn load(ptr: *const u8) -> Self {
        // SAFETY: `ptr` has 16 readable bytes (caller); wasm loads need no alignment.
        unsafe { v128_load(ptr.cast()) }
    }
    #[inline(always)]
    unsafe fn store(self, ptr: *mut u8) {
        // SAFETY: `ptr` has 16 writable bytes (caller); wasm stores need no alignment.
        unsafe { v128_store(ptr.cast(), self) }
    }
    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        u8x16_splat(b)
    }
    #[inline(always)]
    unsafe fn table(table: &[u8; 16]) -> Self {
        // SAFETY: `table` is 16 readable bytes.
        unsafe { v128_load(table.as_ptr().cast()) }
    }
    #[inline(always)]
    unsafe fn movemask(self) -> u64 {
        u64::from(u8x16_bitmask(self))
    }
    #[inline(always)]
    unsafe fn is_zero(self) -> bool {
        !v128_any_true(self)
    }
    #[inline(always)]
    unsafe fn and_is_zero(self, o: Self) -> bool {
        !v128_any_true(v128_and(self, o))
    }
    #[inline(always)]
    unsafe fn no_high_bits(self) -> bool {
        u8x16_bitmask(self) == 0
    }
    #[inline(always)]
    unsafe fn or(self, o: Self) -> Self {
        v128_or(self, o)
    }
    #[inline(always)]
    unsafe fn and(self, o: Self) -> Self {
        v128_and(self, o)
    }
    #[inline(always)]
    unsafe fn xor(self, o: Self) -> Self {
        v128_xor(self, o)
    }
    #[inline(always)]
    unsafe fn lookup16(self, table: Self) -> Self {
        // The swizzle zeroes indices past 15, as `pshufb` zeroes those with the high bit set;
        // no caller has others.
        u8x16_swizzle(table, self)
    }
    #[inline(always)]
    unsafe fn lookup_nibbles(self, table: Self) -> Self {
        u8x16_swizzle(table, self)
    }
    #[inline(always)]
    unsafe fn high_nibbles(self) -> Self {
        // Not `i8x16.shr_u`: engines build its per-byte mask anew at every use (x86 has no
        // byte shift), where a constant of the program stays in a register across a loop.
        v128_and(u16x8_shr(self, 4), u8x16_splat(0x0F))
    }
    #[inline(always)]
    unsafe fn prev1(self, prev: Self) -> Self {
        u8x16_shuffle::<15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30>(prev, self)
    }
    #[inline(always)]
    unsafe fn prev2(self, prev: Self) -> Self {
        u8x16_shuffle::<14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29>(prev, self)
    }
    #[inline(always)]
    unsafe fn prev3(self, prev: Self) -> Self {
        u8x16_shuffle::<13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28>(prev, self)
    }
    #[inline(always)]
    unsafe fn saturating_sub(self, o: Self) -> Self {
        u8x16_sub_sat(self, o)
    }
    #[inline(always)]
    unsafe fn gt(self, o: Self) -> Self {
        i8x16_gt(self, o)
    }
    #[inline(always)]
    unsafe fn sub(self, o: Self) -> Self {
        u8x16_sub(self, o)
    }
    #[inline(always)]
    unsafe fn nonzero_mask(self) -> u64 {
        u64::from(!u8x16_bitmask(u8x16_eq(self, u8x16_splat(0))))
    }
    #[inline(always)]
    unsafe fn nonzero_mask_block(vs: &[Self]) -> u64 {
        // Mostly all zero (error flags): one test of the vectors together says so for less
        // than the masks cost (as NEON's maximum does).
        let any = vs.iter().fold(u8x16_splat(0), |a, v| v128_or(a, *v));
        if !v128_any_true(any) {
            return 0;
        }
        let mut m = 0;
        for (k, v) in vs.iter().enumerate() {
            // SAFETY: SIMD128 (this module's).
            m |= unsafe { v.nonzero_mask() } << (k * 16);
        }
        m
    }
    #[inline(always)]
    unsafe fn sum(self) -> u64 {
        let pairs = u16x8_extadd_pairwise_u8x16(self);
        let quads = u32x4_extadd_pairwise_u16x8(pairs);
        let halves = u32x4_add(quads, u64x2_shuffle::<1, 0>(quads, quads));
        u64::from(u32x4_extract_lane::<0>(halves)) + u64::from(u32x4_extract_lane::<1>(halves))
    }
    #[inline(always)]
    unsafe fn add(self, o: Self) -> Self {
        u8x16_add(self, o)
    }
    #[inline(always)]
    unsafe fn unpack_lo(self, o: Self) -> Self {
        u8x16_shuffle::<0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23>(self, o)
    }
    #[inline(always)]
    unsafe fn unpack_hi(self, o: Self) -> Self {
        u8x16_shuffle::<8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31>(self, o)
    }
    #[inline(always)]
    unsafe fn shl16<const N: i32>(self) -> Self {
        u16x8_shl(self, N as u32)
    }
    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        u16x8_shr(self, N as u32)
    }
    #[inline(always)]
    unsafe fn splat16(x: u16) -> Self {
        u16x8_splat(x)
    }
    #[inline(always)]
    unsafe fn eq16(self, o: Self) -> Self {
        u16x8_eq(self, o)
    }
    #[inline(always)]
    unsafe fn select(self, a: Self, b: Self) -> Self {
        v128_bitselect(a, b, high_bit_mask(self))
    }
    #[inline(always)]
    unsafe fn movemask16(self) -> u64 {
        // `i16x8.bitmask` is the pack and `movemask` in one.
        u64::from(u16x8_bitmask(self))
    }
    #[inline(always)]
    unsafe fn unpack_lo16(self, o: Self) -> Self {
        u16x8_shuffle::<0, 8, 1, 9, 2, 10, 3, 11>(self, o)
    }
    #[inline(always)]
    unsafe fn unpack_hi16(self, o: Self) -> Self {
        u16x8_shuffle::<4, 12, 5, 13, 6, 14, 7, 15>(self, o)
    }
    #[inline(always)]
    unsafe fn packs16(self, o: Self) -> Self {
        i8x16_narrow_i16x8(self, o)
    }
    #[inline(always)]
    unsafe fn load_zext16(p: *const u8) -> Self {
        // SAFETY: `p` has 8 readable bytes (caller).
        unsafe { u16x8_load_extend_u8x8(p) }
    }
    #[inline(always)]
    unsafe fn load_zext32(p: *const u8) -> Self {
        // SAFETY: `p` has 4 readable bytes (caller).
        let word = unsafe { v128_load32_zero(p.cast()) };
        u32x4_extend_low_u16x8(u16x8_extend_low_u8x16(word))
    }
}

impl Lanes2 for v128 {
    const WIDEN_IN_REGISTERS: bool = true;
    const MADDUBS: bool = false;
    const LOOKUP_PAIR: bool = false;
    #[inline(always)]
    unsafe fn lane(self, _k: usize) -> Self {
        self
    }
    #[inline(always)]
    unsafe fn load_lanes(ptrs: [*const u8; 2]) -> Self {
        // SAFETY: `ptrs[0]` has 16 readable bytes (caller).
        unsafe { v128_load(ptrs[0].cast()) }
    }
    #[inline(always)]
    unsafe fn from_halves(halves: [Self; 2]) -> Self {
        halves[0]
    }
    #[inline(always)]
    unsafe fn narrow_ascii32(p: *const u32) -> Option<Self> {
        // SAFETY: `p` has 16 readable units (caller).
        let [a, b, c, d] = [0, 4, 8, 12].map(|k| unsafe { v128_load(p.add(k).cast()) });
        let any = v128_or(v128_or(a, b), v128_or(c, d));
        if v128_any_true(v128_and(any, u32x4_splat(!0x7F))) {
            return None;
        }
        // Every value is below 0x80: the saturating narrows keep each whole, in order.
        Some(u8x16_narrow_i16x8(
            u16x8_narrow_i32x4(a, b),
            u16x8_narrow_i32x4(c, d),
        ))
    }
    #[inline(always)]
    unsafe fn splat32(x: u32) -> Self {
        u32x4_splat(x)
    }
    #[inline(always)]
    unsafe fn shr32<const N: i32>(self) -> Self {
        u32x4_shr(self, N as u32)
    }
    #[inline(always)]
    unsafe fn packus32(self, o: Self) -> Self {
        u16x8_narrow_i32x4(self, o)
    }
    #[inline(always)]
    unsafe fn maddubs(self, o: Self) -> Self {
        // The products of an unsigned and a signed byte fit in 16 bits; only their sum
        // saturates, as `pmaddubsw`'s does.
        let (a_lo, a_hi) = byte_pairs(self, true);
        let (b_lo, b_hi) = byte_pairs(o, false);
        i16x8_add_sat(i16x8_mul(a_lo, b_lo), i16x8_mul(a_hi, b_hi))
    }
}

impl Half for v128 {
    #[inline(always)]
    unsafe fn load_low64(p: *const u8) -> Self {
        // SAFETY: `p` has 8 readable bytes (caller).
        unsafe { v128_load64_zero(p.cast()) }
    }
    #[inline(always)]
    unsafe fn store_low64(self, p: *mut u8) {
        // SAFETY: `p` has 8 writable bytes (caller).
        unsafe { v128_store64_lane::<0>(self, p.cast()) }
    }
    #[inline(always)]
    unsafe fn low32(self) -> u32 {
        u32x4_extract_lane::<0>(self)
    }
    #[inline(always)]
    unsafe fn bytes_right<const N: i32>(self) -> Self {
        let z = u8x16_splat(0);
        // A shuffle's indices are constants of the instruction, so the shifts the algorithms
        // use are spelt out; any other is a swizzle by `i + N`, zero past 15. The indices run on
        // into the zero register (16, 17, ...) rather than repeat its byte 16: a run of
        // consecutive indices is what engines compile to one byte-align (`palignr`), where
        // another shuffle of two registers takes two table shuffles and an or.
        match N {
            2 => u8x16_shuffle::<2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17>(self, z),
            4 => u8x16_shuffle::<4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19>(self, z),
            8 => u8x16_shuffle::<8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23>(
                self, z,
            ),
            12 => u8x16_shuffle::<12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27>(
                self, z,
            ),
            _ => {
                let index = u8x16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
                u8x16_swizzle(self, u8x16_add(index, u8x16_splat(N as u8)))
            }
        }
    }
    #[inline(always)]
    unsafe fn zext8_16(self) -> Self {
        u16x8_extend_low_u8x16(self)
    }
    #[inline(always)]
    unsafe fn zext8_16_high(self) -> Self {
        u16x8_extend_high_u8x16(self)
    }
    #[inline(always)]
    unsafe fn zext16_32_high(self) -> Self {
        u32x4_extend_high_u16x8(self)
    }
    #[inline(always)]
    unsafe fn zext8_32(self) -> Self {
        u32x4_extend_low_u16x8(u16x8_extend_low_u8x16(self))
    }
    #[inline(always)]
    unsafe fn zext16_32(self) -> Self {
        u32x4_extend_low_u16x8(self)
    }
    #[inline(always)]
    unsafe fn packus16(self, o: Self) -> Self {
        u8x16_narrow_i16x8(self, o)
    }
    #[inline(always)]
    unsafe fn min16(self, o: Self) -> Self {
        u16x8_min(self, o)
    }
    #[inline(always)]
    unsafe fn add32(self, o: Self) -> Self {
        i32x4_add(self, o)
    }
    #[inline(always)]
    unsafe fn sub32(self, o: Self) -> Self {
        i32x4_sub(self, o)
    }
    #[inline(always)]
    unsafe fn shl32<const N: i32>(self) -> Self {
        i32x4_shl(self, N as u32)
    }
    #[inline(always)]
    unsafe fn lookup_pair(self, a: Self, b: Self) -> Self {
        // SIMD128 swizzles one register: indices 0..=15 read `a`; `self - 16` reads `b` for
        // 16..=31 and wraps past 15 for the rest (0..=15 and those with the high bit set), which
        // the swizzle zeroes.
        let low = u8x16_swizzle(a, self);
        let high = u8x16_swizzle(b, u8x16_sub(self, u8x16_splat(16)));
        v128_or(low, high)
    }
}
