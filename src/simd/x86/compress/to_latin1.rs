//! UTF-8 → Latin-1.

use core::arch::x86_64::*;

use super::detour::{DECODE_DETOUR, decode256, detour};
use crate::simd::generic::{ascii_copy, decode_utf8};

/// UTF-8 → Latin-1, 64 bytes per step.
///
/// # Safety
///
/// The caller's ISA contract (the `avx512` set's features).
#[inline(always)]
pub(in crate::simd::x86) unsafe fn utf8_to_latin1(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let (mut p, mut w) = (0, 0);
    let out = dst.as_mut_ptr();
    // SAFETY (whole body): caller's ISA contract; `p` and `w` stay within the slices, and the
    // detour gets in-bounds slices; a run starts at an ASCII block that `latin1_blocks` found
    // with 64 bytes of input and of room.
    unsafe {
        loop {
            let run;
            (p, w, run) = latin1_blocks(src, out, dst.len(), p, w);
            if run {
                let v = _mm512_loadu_si512(src.as_ptr().add(p).cast());
                (p, w) = ascii_copy::ascii_run(src, out, dst.len(), v, p, w);
                continue;
            }
            let go_on;
            (p, w, go_on) = detour(
                src,
                out,
                dst.len(),
                (p, w),
                DECODE_DETOUR,
                decode256::<decode_utf8::ToLatin1>(),
            );
            if !go_on {
                return (p, w);
            }
        }
    }
}

/// UTF-8 → Latin-1 from `src[p..]` (a character boundary) to `out[w..out_len]`, a block of 64
/// bytes at a time while each is valid and within Latin-1 and there is room for it: returns the
/// new `p` (a character boundary) and `w`, and whether it stopped at the fourth ASCII block in
/// a row (at `p`), for the caller's run copy.
///
/// The loop is its own function so that nothing the caller keeps across the detour competes
/// for registers with it: a spilled index costs a store-to-load round trip per block.
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 BW/VBMI2, BMI2); `p` within `src`, and
/// `out[w..out_len]` writable.
#[inline(always)]
unsafe fn latin1_blocks(
    src: &[u8],
    out: *mut u8,
    out_len: usize,
    mut p: usize,
    mut w: usize,
) -> (usize, usize, bool) {
    // Whether the last block ended in a lead byte (and in C3), whose continuation byte is next.
    let (mut carry_lead, mut carry_c3) = (0u64, 0u64);
    // How many blocks in a row were ASCII, up to 3.
    let mut run = 0u32;
    // SAFETY (whole body): caller's ISA contract; loads read 64 bytes at `p` with p + 64 <= len;
    // a step writes at most 64 bytes at `w` and runs only with 64 bytes of room.
    unsafe {
        let c = |b: u8| _mm512_set1_epi8(b as i8);
        while src.len() - p >= 64 && out_len - w >= 64 {
            let v = _mm512_loadu_si512(src.as_ptr().add(p).cast());
            let high = _mm512_movepi8_mask(v);
            if high == 0 && carry_lead == 0 {
                // From the fourth ASCII block in a row, the run's copy (French and the like
                // interleave runs of one to a few ASCII blocks with others: a look at the next
                // block from an earlier one, whose outcome no predictor knows, slows them), in
                // the caller: its loop here cost French 10 % (the constants above were loaded
                // from memory in every block instead of kept in registers).
                if run == 3 {
                    return (p, w, true);
                }
                _mm512_storeu_si512(out.add(w).cast(), v);
                p += 64;
                w += 64;
                run += 1;
                continue;
            }
            run = 0;
            // Below U+0100 every character is ASCII or C2/C3 and one continuation byte, so the
            // masks alone validate the block: no byte at or above 0xC0 but C2 and C3, and a
            // continuation byte exactly after each of those (one after a lead in the last
            // place comes first in the next block). After C2 the continuation byte is the
            // Latin-1 byte itself; after C3 it is 0x40 less.
            let leads = _mm512_cmpge_epu8_mask(v, c(0xC0));
            // C2 -> 0 and C3 -> 1; every other lead is larger.
            let from_c2 = _mm512_xor_si512(v, c(0xC2));
            let other_leads = _mm512_mask_cmpgt_epu8_mask(leads, from_c2, c(1));
            if other_leads != 0 || high ^ leads != leads << 1 | carry_lead {
                break;
            }
            let c3 = _mm512_mask_cmpeq_epi8_mask(leads, from_c2, c(1));
            let bytes = _mm512_mask_add_epi8(v, c3 << 1 | carry_c3, v, c(0x40));
            let keep = !leads;
            let n = keep.count_ones();
            _mm512_mask_storeu_epi8(
                out.add(w).cast(),
                _bzhi_u64(u64::MAX, n),
                _mm512_maskz_compress_epi8(keep, bytes),
            );
            p += 64;
            w += n as usize;
            (carry_lead, carry_c3) = (leads >> 63, c3 >> 63);
        }
    }
    // A lead carried over is the next step's.
    (p - carry_lead as usize, w, false)
}
