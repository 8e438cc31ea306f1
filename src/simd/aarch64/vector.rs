//! The NEON primitives: the vector interface of `generic::vector` over `uint8x16_t`, with x86's
//! semantics lane for lane. NEON has one width, so the register is its own 128-bit half. Where
//! x86 has an instruction NEON lacks, the idiom is here, once:
//! - `movemask` (a bit per byte): each byte with its high bit set keeps its bit's weight, and
//!   pairwise adds sum every eight bytes into one, for up to four vectors at once;
//! - `pshufb` (zero where the index has its high bit set): `tbl` gives zero for any index past
//!   15, and the indices of `lookup16` are 0..=15 or have the high bit set, so it is `tbl` alone;
//! - `pmaddubsw` (unsigned by signed bytes, pairs summed with saturation): widening multiplies,
//!   a pairwise widening add and a saturating narrow;
//! - `blendv` (by the high bit of the mask byte): the high bit spread over the byte, then `bsl`.
//!
//! Every function runs only where NEON is (it is part of the aarch64 base ISA).

use core::arch::aarch64::*;

use crate::simd::generic::vector::{Half, Lanes2, Vector};

/// x86's `movemask`: bit `i` is the high bit of byte `i`. Each byte keeps its bit's weight
/// where its high bit is set, and three rounds of pairwise adds sum every eight bytes into one.
#[inline(always)]
unsafe fn movemask(v: uint8x16_t) -> u64 {
    // SAFETY: NEON; BIT_WEIGHTS has 16 readable bytes.
    unsafe {
        let high = vreinterpretq_u8_s8(vshrq_n_s8::<7>(s8s(v)));
        let w = vandq_u8(high, vld1q_u8(BIT_WEIGHTS.as_ptr()));
        let x = addp(w, w);
        let x = addp(x, x);
        u64::from(vgetq_lane_u16::<0>(vreinterpretq_u16_u8(addp(x, x))))
    }
}

/// Per byte, its bit's weight within its 64-bit half, for [`movemask`] and [`block_mask`].
static BIT_WEIGHTS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];

/// Per 16-bit lane, its bit's weight in its low byte, for [`Vector::movemask16`].
static BIT_WEIGHTS16: [u8; 16] = [1, 0, 2, 0, 4, 0, 8, 0, 16, 0, 32, 0, 64, 0, 128, 0];

/// The 64-bit mask of four vectors whose bytes are 0 or 0xFF, vector `k` at bits `16 * k..`:
/// each byte keeps its bit's weight, and three rounds of pairwise adds sum every eight bytes
/// into one (9 instructions for the block where four [`movemask`]s take 30).
#[inline(always)]
unsafe fn block_mask(vs: [uint8x16_t; 4]) -> u64 {
    // SAFETY: NEON; BIT_WEIGHTS has 16 readable bytes.
    unsafe {
        let w = vld1q_u8(BIT_WEIGHTS.as_ptr());
        let [a, b, c, d] = vs.map(|v| vandq_u8(v, w));
        let ab = addp(a, b);
        let cd = addp(c, d);
        let abcd = addp(ab, cd);
        vgetq_lane_u64::<0>(vreinterpretq_u64_u8(addp(abcd, abcd)))
    }
}

/// [`block_mask`] of two vectors: their masks in bits 0..16 and 16..32.
#[inline(always)]
unsafe fn block_mask2(vs: [uint8x16_t; 2]) -> u64 {
    // SAFETY: NEON; BIT_WEIGHTS has 16 readable bytes.
    unsafe {
        let w = vld1q_u8(BIT_WEIGHTS.as_ptr());
        let [a, b] = vs.map(|v| vandq_u8(v, w));
        let ab = addp(a, b);
        let x = addp(ab, ab);
        u64::from(vgetq_lane_u32::<0>(vreinterpretq_u32_u8(addp(x, x))))
    }
}

/// The pairwise add `addp`, as the instruction itself: `vpaddq_u8` reaches LLVM as shuffles and
/// an add, and where it can tell that the two bytes of each pair share no bit (the weighted
/// bytes of [`block_mask`]) it makes the add an `orr` of two `uzp`s, three instructions for one.
#[inline(always)]
unsafe fn addp(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t {
    let sum: uint8x16_t;
    // SAFETY: NEON; the instruction reads only its two registers and writes only the third.
    unsafe {
        core::arch::asm!(
            "addp {sum:v}.16b, {a:v}.16b, {b:v}.16b",
            sum = lateout(vreg) sum,
            a = in(vreg) a,
            b = in(vreg) b,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    sum
}

/// Bits set in each byte value, for [`Vector::count_ones8`]: NEON counts bits only in vector
/// registers, so a count of a general register costs two moves and a `cnt`; a load costs one.
static COUNT8: [u8; 256] = {
    let mut t = [0; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u8).count_ones() as u8;
        i += 1;
    }
    t
};

#[inline(always)]
fn u16s(v: uint8x16_t) -> uint16x8_t {
    // SAFETY: a reinterpretation between vectors of the same size.
    unsafe { vreinterpretq_u16_u8(v) }
}

#[inline(always)]
fn u32s(v: uint8x16_t) -> uint32x4_t {
    // SAFETY: a reinterpretation between vectors of the same size.
    unsafe { vreinterpretq_u32_u8(v) }
}

#[inline(always)]
fn s8s(v: uint8x16_t) -> int8x16_t {
    // SAFETY: a reinterpretation between vectors of the same size.
    unsafe { vreinterpretq_s8_u8(v) }
}

#[inline(always)]
fn s16s(v: uint8x16_t) -> int16x8_t {
    // SAFETY: a reinterpretation between vectors of the same size.
    unsafe { vreinterpretq_s16_u8(v) }
}

#[inline(always)]
fn s32s(v: uint8x16_t) -> int32x4_t {
    // SAFETY: a reinterpretation between vectors of the same size.
    unsafe { vreinterpretq_s32_u8(v) }
}

impl Vector for uint8x16_t {
    type Half = uint8x16_t;
    const LANES: usize = 16;
    #[inline(always)]
    unsafe fn load(ptr: *const u8) -> Self {
        // SAFETY: NEON; `ptr` has 16 readable bytes (caller).
        unsafe { vld1q_u8(ptr) }
    }
    #[inline(always)]
    unsafe fn store(self, ptr: *mut u8) {
        // SAFETY: NEON; `ptr` has 16 writable bytes (caller).
        unsafe { vst1q_u8(ptr, self) }
    }
    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        // SAFETY: NEON.
        unsafe { vdupq_n_u8(b) }
    }
    #[inline(always)]
    unsafe fn table(table: &[u8; 16]) -> Self {
        // SAFETY: NEON; `table` is 16 readable bytes.
        unsafe { vld1q_u8(table.as_ptr()) }
    }
    #[inline(always)]
    unsafe fn movemask(self) -> u64 {
        // SAFETY: NEON.
        unsafe { movemask(self) }
    }
    #[inline(always)]
    unsafe fn is_zero(self) -> bool {
        // SAFETY: NEON.
        unsafe { vmaxvq_u32(u32s(self)) == 0 }
    }
    #[inline(always)]
    unsafe fn and_is_zero(self, o: Self) -> bool {
        // SAFETY: NEON.
        unsafe { vmaxvq_u32(u32s(vandq_u8(self, o))) == 0 }
    }
    #[inline(always)]
    unsafe fn no_high_bits(self) -> bool {
        // SAFETY: NEON.
        unsafe { vmaxvq_u8(self) < 0x80 }
    }
    #[inline(always)]
    unsafe fn or(self, o: Self) -> Self {
        // SAFETY: NEON.
        unsafe { vorrq_u8(self, o) }
    }
    #[inline(always)]
    unsafe fn and(self, o: Self) -> Self {
        // SAFETY: NEON.
        unsafe { vandq_u8(self, o) }
    }
    #[inline(always)]
    unsafe fn xor(self, o: Self) -> Self {
        // SAFETY: NEON.
        unsafe { veorq_u8(self, o) }
    }
    #[inline(always)]
    unsafe fn lookup16(self, table: Self) -> Self {
        // SAFETY: NEON. `tbl` zeroes indices past 15, as `pshufb` zeroes those with the high
        // bit set; no caller has others.
        unsafe { vqtbl1q_u8(table, self) }
    }
    #[inline(always)]
    unsafe fn lookup_nibbles(self, table: Self) -> Self {
        // SAFETY: NEON; the indices are 0..=15 (caller).
        unsafe { vqtbl1q_u8(table, self) }
    }
    #[inline(always)]
    unsafe fn high_nibbles(self) -> Self {
        // SAFETY: NEON.
        unsafe { vshrq_n_u8::<4>(self) }
    }
    #[inline(always)]
    unsafe fn prev1(self, prev: Self) -> Self {
        // SAFETY: NEON.
        unsafe { vextq_u8::<15>(prev, self) }
    }
    #[inline(always)]
    unsafe fn prev2(self, prev: Self) -> Self {
        // SAFETY: NEON.
        unsafe { vextq_u8::<14>(prev, self) }
    }
    #[inline(always)]
    unsafe fn prev3(self, prev: Self) -> Self {
        // SAFETY: NEON.
        unsafe { vextq_u8::<13>(prev, self) }
    }
    #[inline(always)]
    unsafe fn saturating_sub(self, o: Self) -> Self {
        // SAFETY: NEON.
        unsafe { vqsubq_u8(self, o) }
    }
    #[inline(always)]
    unsafe fn gt(self, o: Self) -> Self {
        // SAFETY: NEON.
        unsafe { vcgtq_s8(s8s(self), s8s(o)) }
    }
    #[inline(always)]
    unsafe fn sub(self, o: Self) -> Self {
        // SAFETY: NEON.
        unsafe { vsubq_u8(self, o) }
    }
    #[inline(always)]
    unsafe fn nonzero_mask(self) -> u64 {
        // SAFETY: NEON.
        unsafe { movemask(vtstq_u8(self, self)) }
    }
    #[inline(always)]
    unsafe fn movemask_block(vs: &[Self]) -> u64 {
        // SAFETY: NEON.
        unsafe {
            match *vs {
                [a, b, c, d] => {
                    block_mask([a, b, c, d].map(|v| vreinterpretq_u8_s8(vshrq_n_s8::<7>(s8s(v)))))
                }
                [a, b] => block_mask2([a, b].map(|v| vreinterpretq_u8_s8(vshrq_n_s8::<7>(s8s(v))))),
                _ => vs
                    .iter()
                    .enumerate()
                    .fold(0, |m, (k, v)| m | movemask(*v) << (16 * k)),
            }
        }
    }
    #[inline(always)]
    unsafe fn nonzero_mask_block(vs: &[Self]) -> u64 {
        // SAFETY: NEON.
        unsafe {
            // Mostly all zero (error flags): one maximum says so for less than the mask costs.
            let any = vs.iter().fold(vdupq_n_u8(0), |a, v| vorrq_u8(a, *v));
            if vmaxvq_u8(any) == 0 {
                return 0;
            }
            match *vs {
                [a, b, c, d] => block_mask([a, b, c, d].map(|v| vtstq_u8(v, v))),
                [a, b] => block_mask2([a, b].map(|v| vtstq_u8(v, v))),
                _ => vs
                    .iter()
                    .enumerate()
                    .fold(0, |m, (k, v)| m | movemask(vtstq_u8(*v, *v)) << (16 * k)),
            }
        }
    }
    const ABOVE_BY_MAX: bool = true;
    /// Mostly neither: the flags ORed and the largest byte (`umax`) tested with one maximum
    /// across the register, 11 instructions a chunk where the two tests took 16 (Hindi text
    /// into UTF-16 4.69 -> 4.60 per byte). A chunk with bytes above (emoji text) then takes
    /// both masks, 11 more (emoji into UTF-16 3.40 -> 3.58).
    #[inline(always)]
    unsafe fn errors_and_above(errs: &[Self], vs: &[Self], above: Self) -> (u64, u64) {
        // SAFETY: NEON.
        unsafe {
            let any = errs.iter().fold(vdupq_n_u8(0), |a, v| vorrq_u8(a, *v));
            let top = vs.iter().fold(vdupq_n_u8(0), |a, v| vmaxq_u8(a, *v));
            if vmaxvq_u8(vorrq_u8(any, vqsubq_u8(top, above))) == 0 {
                return (0, 0);
            }
            let mut bigs = [vdupq_n_u8(0); 4];
            for (b, v) in bigs.iter_mut().zip(vs) {
                *b = vqsubq_u8(*v, above);
            }
            (
                Self::nonzero_mask_block(errs),
                Self::nonzero_mask_block(&bigs[..vs.len()]),
            )
        }
    }
    #[inline(always)]
    fn count_ones8(m: u32) -> u32 {
        u32::from(COUNT8[m as usize & 0xFF])
    }
    #[inline(always)]
    unsafe fn sum(self) -> u64 {
        // SAFETY: NEON.
        unsafe { u64::from(vaddlvq_u8(self)) }
    }
    #[inline(always)]
    unsafe fn sum16(self) -> u32 {
        // SAFETY: NEON. The widening sum (`uaddlv`): the sum does not wrap.
        unsafe { vaddlvq_u16(u16s(self)) }
    }
    #[inline(always)]
    unsafe fn add(self, o: Self) -> Self {
        // SAFETY: NEON.
        unsafe { vaddq_u8(self, o) }
    }
    #[inline(always)]
    unsafe fn unpack_lo(self, o: Self) -> Self {
        // SAFETY: NEON.
        unsafe { vzip1q_u8(self, o) }
    }
    #[inline(always)]
    unsafe fn unpack_hi(self, o: Self) -> Self {
        // SAFETY: NEON.
        unsafe { vzip2q_u8(self, o) }
    }
    #[inline(always)]
    unsafe fn shl16<const N: i32>(self) -> Self {
        // SAFETY: NEON.
        unsafe { vreinterpretq_u8_u16(vshlq_n_u16::<N>(u16s(self))) }
    }
    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        // SAFETY: NEON.
        unsafe { vreinterpretq_u8_u16(vshrq_n_u16::<N>(u16s(self))) }
    }
    #[inline(always)]
    unsafe fn splat16(x: u16) -> Self {
        // SAFETY: NEON.
        unsafe { vreinterpretq_u8_u16(vdupq_n_u16(x)) }
    }
    #[inline(always)]
    unsafe fn eq16(self, o: Self) -> Self {
        // SAFETY: NEON.
        unsafe { vreinterpretq_u8_u16(vceqq_u16(u16s(self), u16s(o))) }
    }
    #[inline(always)]
    unsafe fn select(self, a: Self, b: Self) -> Self {
        // SAFETY: NEON.
        unsafe {
            let mask = vreinterpretq_u8_s8(vshrq_n_s8::<7>(s8s(self)));
            vbslq_u8(mask, a, b)
        }
    }
    #[inline(always)]
    unsafe fn movemask16(self) -> u64 {
        // SAFETY: NEON. Each lane's low byte keeps its bit's weight and one sum of the bytes
        // gathers them (three instructions where the pack and `movemask` take ten); a sum of
        // bytes is a byte, so the compiler knows the mask is below 256 and masks nothing.
        unsafe {
            let weights = vld1q_u8(BIT_WEIGHTS16.as_ptr());
            u64::from(vaddvq_u8(vandq_u8(self, weights)))
        }
    }
    #[inline(always)]
    unsafe fn max16_in(self, lo: u16, hi: u16) -> bool {
        // SAFETY: NEON. In 32 bits a maximum below `lo` wraps around to a large value, so one
        // comparison tests both bounds without masking the difference back to 16 bits.
        unsafe { u32::from(vmaxvq_u16(u16s(self))).wrapping_sub(lo.into()) < u32::from(hi - lo) }
    }
    #[inline(always)]
    unsafe fn unpack_lo16(self, o: Self) -> Self {
        // SAFETY: NEON.
        unsafe { vreinterpretq_u8_u16(vzip1q_u16(u16s(self), u16s(o))) }
    }
    #[inline(always)]
    unsafe fn unpack_hi16(self, o: Self) -> Self {
        // SAFETY: NEON.
        unsafe { vreinterpretq_u8_u16(vzip2q_u16(u16s(self), u16s(o))) }
    }
    #[inline(always)]
    unsafe fn packs16(self, o: Self) -> Self {
        // SAFETY: NEON.
        unsafe { vreinterpretq_u8_s8(vqmovn_high_s16(vqmovn_s16(s16s(self)), s16s(o))) }
    }
    #[inline(always)]
    unsafe fn load_zext16(p: *const u8) -> Self {
        // SAFETY: NEON; `p` has 8 readable bytes (caller).
        unsafe { vreinterpretq_u8_u16(vmovl_u8(vld1_u8(p))) }
    }
    #[inline(always)]
    unsafe fn load_zext32(p: *const u8) -> Self {
        // SAFETY: NEON; `p` has 4 readable bytes (caller).
        unsafe {
            let word = vcreate_u8(u64::from(p.cast::<u32>().read_unaligned()));
            vreinterpretq_u8_u32(vmovl_u16(vget_low_u16(vmovl_u8(word))))
        }
    }
    /// NEON's shift-and-insert (`sli`) puts the bits a byte before gives into the byte's own in
    /// one instruction each, where shifts, masks and an OR took three: the low bits are the
    /// byte's six with the two low bits of the byte before above them (selected on continuation
    /// bytes; ASCII keeps its seven), the high bits that byte's bits 2..6 with the low four of
    /// the byte two before above them, where that one is a lead. Two instructions fewer each:
    /// Hindi text into UTF-16 took 5 % fewer (4.94 -> 4.69 per byte, counted under qemu).
    #[inline(always)]
    unsafe fn window_bits<const TWO: bool>(self) -> (Self, Self) {
        // SAFETY: NEON.
        unsafe {
            let zero = vdupq_n_u8(0);
            let b1 = vextq_u8::<15>(zero, self);
            let c0 = vdupq_n_s8(0xC0u8 as i8);
            // Continuation bytes, 80..BF: below C0 as signed bytes.
            let cont = vcgtq_s8(c0, s8s(self));
            let low = vbslq_u8(cont, vsliq_n_u8::<6>(self, b1), self);
            let high = if TWO {
                vandq_u8(vshrq_n_u8::<2>(b1), vdupq_n_u8(0x0F))
            } else {
                let b2 = vextq_u8::<14>(zero, self);
                // The byte two before is a lead of three bytes where the byte before is a
                // continuation byte; elsewhere it is not part of the character.
                let lead = vandq_u8(b2, vcgtq_s8(c0, s8s(b1)));
                vsliq_n_u8::<4>(vshrq_n_u8::<2>(b1), lead)
            };
            (low, vandq_u8(high, cont))
        }
    }
}

impl Lanes2 for uint8x16_t {
    const WIDEN_IN_REGISTERS: bool = true;
    const MADDUBS: bool = false;
    const LOOKUP_PAIR: bool = true;
    const NARROW32_SAT: bool = true;
    #[inline(always)]
    unsafe fn lane(self, _k: usize) -> Self {
        self
    }
    #[inline(always)]
    unsafe fn load_lanes(ptrs: [*const u8; 2]) -> Self {
        // SAFETY: NEON; `ptrs[0]` has 16 readable bytes (caller).
        unsafe { vld1q_u8(ptrs[0]) }
    }
    #[inline(always)]
    unsafe fn from_halves(halves: [Self; 2]) -> Self {
        halves[0]
    }
    #[inline(always)]
    unsafe fn narrow_ascii32(p: *const u32) -> Option<Self> {
        // SAFETY: NEON; `p` has 16 readable units (caller).
        unsafe {
            let [a, b, c, d] = [0, 4, 8, 12].map(|k| vld1q_u32(p.add(k)));
            let any = vorrq_u32(vorrq_u32(a, b), vorrq_u32(c, d));
            if vmaxvq_u32(any) >= 0x80 {
                return None;
            }
            // Every value is below 0x80: the low byte of each, in order, is the whole value.
            let ab = vuzp1q_u16(vreinterpretq_u16_u32(a), vreinterpretq_u16_u32(b));
            let cd = vuzp1q_u16(vreinterpretq_u16_u32(c), vreinterpretq_u16_u32(d));
            Some(vuzp1q_u8(
                vreinterpretq_u8_u16(ab),
                vreinterpretq_u8_u16(cd),
            ))
        }
    }
    #[inline(always)]
    unsafe fn splat32(x: u32) -> Self {
        // SAFETY: NEON.
        unsafe { vreinterpretq_u8_u32(vdupq_n_u32(x)) }
    }
    #[inline(always)]
    unsafe fn shr32<const N: i32>(self) -> Self {
        // SAFETY: NEON.
        unsafe { vreinterpretq_u8_u32(vshrq_n_u32::<N>(u32s(self))) }
    }
    #[inline(always)]
    unsafe fn packus32(self, o: Self) -> Self {
        // SAFETY: NEON.
        unsafe { vreinterpretq_u8_u16(vqmovun_high_s32(vqmovun_s32(s32s(self)), s32s(o))) }
    }
    #[inline(always)]
    unsafe fn narrow32_sat(self, o: Self) -> Self {
        // SAFETY: NEON. `uqxtn` and `uqxtn2`: unsigned saturation, where `packus32`'s
        // `sqxtun` would take values from 0x8000_0000 for negative, to 0.
        unsafe { vreinterpretq_u8_u16(vqmovn_high_u32(vqmovn_u32(u32s(self)), u32s(o))) }
    }
    #[inline(always)]
    unsafe fn max32_in(self, lo: u32, hi: u32) -> bool {
        // SAFETY: NEON. A maximum below `lo` wraps around to a large value: one comparison.
        unsafe { vmaxvq_u32(u32s(self)).wrapping_sub(lo) < hi - lo }
    }
    #[inline(always)]
    unsafe fn maddubs(self, o: Self) -> Self {
        // SAFETY: NEON. The products of an unsigned and a signed byte fit in 16 bits; their
        // pairwise sums widen to 32 and saturate back, as `pmaddubsw` saturates.
        unsafe {
            let a_lo = vreinterpretq_s16_u16(vmovl_u8(vget_low_u8(self)));
            let a_hi = vreinterpretq_s16_u16(vmovl_high_u8(self));
            let b_lo = vmovl_s8(vget_low_s8(s8s(o)));
            let b_hi = vmovl_high_s8(s8s(o));
            let lo = vpaddlq_s16(vmulq_s16(a_lo, b_lo));
            let hi = vpaddlq_s16(vmulq_s16(a_hi, b_hi));
            vreinterpretq_u8_s16(vqmovn_high_s32(vqmovn_s32(lo), hi))
        }
    }
}

impl Half for uint8x16_t {
    #[inline(always)]
    unsafe fn load_low64(p: *const u8) -> Self {
        // SAFETY: NEON; `p` has 8 readable bytes (caller).
        unsafe { vcombine_u8(vld1_u8(p), vdup_n_u8(0)) }
    }
    #[inline(always)]
    unsafe fn store_low64(self, p: *mut u8) {
        // SAFETY: NEON; `p` has 8 writable bytes (caller).
        unsafe { vst1_u8(p, vget_low_u8(self)) }
    }
    #[inline(always)]
    unsafe fn low32(self) -> u32 {
        // SAFETY: NEON.
        unsafe { vgetq_lane_u32::<0>(u32s(self)) }
    }
    #[inline(always)]
    unsafe fn bytes_right<const N: i32>(self) -> Self {
        // SAFETY: NEON.
        unsafe { vextq_u8::<N>(self, vdupq_n_u8(0)) }
    }
    #[inline(always)]
    unsafe fn zext8_16(self) -> Self {
        // SAFETY: NEON.
        unsafe { vreinterpretq_u8_u16(vmovl_u8(vget_low_u8(self))) }
    }
    #[inline(always)]
    unsafe fn zext8_16_high(self) -> Self {
        // SAFETY: NEON.
        unsafe { vreinterpretq_u8_u16(vmovl_high_u8(self)) }
    }
    #[inline(always)]
    unsafe fn zext16_32_high(self) -> Self {
        // SAFETY: NEON.
        unsafe { vreinterpretq_u8_u32(vmovl_high_u16(u16s(self))) }
    }
    #[inline(always)]
    unsafe fn zext8_32(self) -> Self {
        // SAFETY: NEON.
        unsafe { vreinterpretq_u8_u32(vmovl_u16(vget_low_u16(vmovl_u8(vget_low_u8(self))))) }
    }
    #[inline(always)]
    unsafe fn zext16_32(self) -> Self {
        // SAFETY: NEON.
        unsafe { vreinterpretq_u8_u32(vmovl_u16(vget_low_u16(u16s(self)))) }
    }
    #[inline(always)]
    unsafe fn packus16(self, o: Self) -> Self {
        // SAFETY: NEON.
        unsafe { vqmovun_high_s16(vqmovun_s16(s16s(self)), s16s(o)) }
    }
    #[inline(always)]
    unsafe fn min16(self, o: Self) -> Self {
        // SAFETY: NEON.
        unsafe { vreinterpretq_u8_u16(vminq_u16(u16s(self), u16s(o))) }
    }
    #[inline(always)]
    unsafe fn add32(self, o: Self) -> Self {
        // SAFETY: NEON.
        unsafe { vreinterpretq_u8_u32(vaddq_u32(u32s(self), u32s(o))) }
    }
    #[inline(always)]
    unsafe fn sub32(self, o: Self) -> Self {
        // SAFETY: NEON.
        unsafe { vreinterpretq_u8_u32(vsubq_u32(u32s(self), u32s(o))) }
    }
    #[inline(always)]
    unsafe fn shl32<const N: i32>(self) -> Self {
        // SAFETY: NEON.
        unsafe { vreinterpretq_u8_u32(vshlq_n_u32::<N>(u32s(self))) }
    }
    #[inline(always)]
    unsafe fn lookup_pair(self, a: Self, b: Self) -> Self {
        // SAFETY: NEON. `tbl` of two registers zeroes indices past 31.
        unsafe { vqtbl2q_u8(uint8x16x2_t(a, b), self) }
    }
}
