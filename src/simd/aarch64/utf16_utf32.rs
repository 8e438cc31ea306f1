//! The NEON set's UTF-32 → UTF-16: runs of BMP text 32 units a step, narrowed with unsigned
//! saturation (`uqxtn`, so a value past U+FFFF arrives as FFFF) and tested after the narrowing,
//! eight units a register: surrogates by one subtraction and a minimum, FFFF by a maximum,
//! where the portable loop tested each 32-bit value twice (its range and its surrogate bits)
//! before narrowing. A real U+FFFF fails the test with the values past it and goes the portable
//! way, which converts it: right, slower. Every other block (supplementary characters, errors,
//! the last units, too little room) goes to the portable kernel (`simd::utf16_utf32`). Every
//! step writes exactly its output. UTF-16 → UTF-32 stays the portable kernel, which the
//! compiler's widening already takes in fewer instructions than simdutf's.

use core::arch::aarch64::*;

use crate::simd::utf16_utf32 as portable;

/// Units a step narrows and tests: four registers of eight.
const STEP: usize = 32;

/// Units the portable kernel takes at once where a step is not BMP text: eight of its blocks,
/// so that text of pairs (emoji) goes on in its loop for a while: the steps tried between the
/// detours cost emoji text 4 % more instructions than the portable kernel alone (with two
/// blocks, 18 %).
const DETOUR: usize = 256;

/// Narrows the 32 UTF-32 units of `src` (byte-swapped when `S32`) into `dst` (UTF-16, byte-swapped
/// when `S16`) when all are BMP characters other than U+FFFF; otherwise writes nothing and says
/// false.
///
/// # Safety
///
/// NEON (the aarch64 base ISA).
#[inline(always)]
unsafe fn narrow_step<const S16: bool, const S32: bool>(
    src: &[u32; STEP],
    dst: &mut [u16; STEP],
) -> bool {
    // SAFETY: NEON per the caller's contract; the loads read units `4 * k..4 * k + 4` of `src`
    // and the stores write units `8 * k..8 * k + 8` of `dst`, for k below 8 and 4: inside both.
    unsafe {
        let load = |k: usize| {
            let v = vld1q_u32(src.as_ptr().add(4 * k));
            if S32 {
                vreinterpretq_u32_u8(vrev32q_u8(vreinterpretq_u8_u32(v)))
            } else {
                v
            }
        };
        let narrow = |k: usize| vqmovn_high_u32(vqmovn_u32(load(2 * k)), load(2 * k + 1));
        let n = [narrow(0), narrow(1), narrow(2), narrow(3)];
        // Surrogates are D800..DFFF, below 800 once D800 is taken off (wrapping); a value past
        // U+FFFF is FFFF after the saturation, the largest a unit holds.
        let d800 = vdupq_n_u16(0xD800);
        let off = |k: usize| vsubq_u16(n[k], d800);
        let low = vminq_u16(vminq_u16(off(0), off(1)), vminq_u16(off(2), off(3)));
        let high = vmaxq_u16(vmaxq_u16(n[0], n[1]), vmaxq_u16(n[2], n[3]));
        let bad = vorrq_u16(
            vcltq_u16(low, vdupq_n_u16(0x800)),
            vceqq_u16(high, vdupq_n_u16(0xFFFF)),
        );
        if vmaxvq_u16(bad) != 0 {
            return false;
        }
        for (k, v) in n.into_iter().enumerate() {
            let v = if S16 {
                vreinterpretq_u16_u8(vrev16q_u8(vreinterpretq_u8_u16(v)))
            } else {
                v
            };
            vst1q_u16(dst.as_mut_ptr().add(8 * k), v);
        }
        true
    }
}

/// UTF-32 (`S32`: byte-swapped) → UTF-16 (`S16`: byte-swapped), see `KernelSet`: steps while
/// they take the text, then the portable kernel for `DETOUR` units (or to the end, where no step
/// fits), then steps again.
///
/// # Safety
///
/// NEON (the aarch64 base ISA).
#[inline(always)]
pub(super) unsafe fn to_utf16<const S16: bool, const S32: bool>(
    src: &[u32],
    dst: &mut [u16],
) -> (usize, usize) {
    let (mut i, mut j) = (0, 0);
    loop {
        while let (Some(s), Some(d)) = (
            src[i..].first_chunk::<STEP>(),
            dst[j..].first_chunk_mut::<STEP>(),
        )
            // SAFETY: NEON per the caller's contract.
            && unsafe { narrow_step::<S16, S32>(s, d) }
        {
            (i, j) = (i + STEP, j + STEP);
        }
        let end = if src.len() - i > DETOUR {
            i + DETOUR
        } else {
            src.len()
        };
        let (read, written) = portable::to_utf16::<S16, S32>(&src[i..end], &mut dst[j..]);
        (i, j) = (i + read, j + written);
        // Done, or stopped where the portable kernel stopped (an error, no room).
        if i == src.len() || read == 0 {
            return (i, j);
        }
    }
}
