//! The last step of UTF-8 → UTF-16/UTF-32 (the only one for an input of up to 64 bytes): one
//! masked load.

use core::arch::x86_64::*;

use super::general::{decode_block, valid_block};
use super::two_byte::{put_two_byte, two_byte_masks};
use super::wide::Wide;
use crate::simd::generic::utf8::{ends_cut, low_lanes};

/// All of `src` (1 to 64 bytes; a character boundary at its start) into `dst` with one masked
/// load, when it is valid and `dst` has a unit of room per byte: returns the bytes read (all)
/// and the units written. For a short input it is the whole conversion, called on its own (see
/// `wrap_short!`); for a long one, the last step. (An input of exactly 64 bytes, which the block
/// loop would take in two steps, the last character left to a second one, is one step here.)
///
/// # Safety
///
/// The caller's ISA contract (the `avx512` set's features).
#[inline(always)]
pub(in crate::simd::x86) unsafe fn decode_last<S: Wide>(
    src: &[u8],
    dst: &mut [S::Unit],
) -> Option<(usize, usize)> {
    let n = src.len();
    if n == 0 || n > 64 || dst.len() < n {
        return None;
    }
    // SAFETY: AVX-512 BW/VBMI/VBMI2 per the caller's ISA contract; the masked load reads only
    // the bytes of `src` (the others are neither read nor able to fault); the block writes at
    // most `n` units.
    unsafe {
        if n < 16 {
            // ASCII in 128 bits: cheaper than the 512-bit block for what is most often a word;
            // up to 7 bytes of other characters one at a time, cheaper too (a 2-byte input took
            // 9 ns in the block and 3.6 in the portable decoder on Zen 4). From 8 bytes the
            // block (one half of it) wins: strings of mixed scripts of 8 and 12 bytes took 13.2
            // and 17.2 ns in the portable decoder, whose branches follow the characters, and
            // 12.1 and 15.7 in the block (Sapphire Rapids).
            let x = _mm_maskz_loadu_epi8(low_lanes(n as u32) as u16, src.as_ptr().cast());
            if _mm_movemask_epi8(x) == 0 {
                S::ascii_short(dst.as_mut_ptr(), x, n as u32);
                return Some((n, n));
            }
            if n < 8 {
                return Some(S::portable(src, dst));
            }
        }
        // With no zero after the block, a sequence the end cuts off is seen here (and left to
        // the caller's other paths).
        if n == 64 && ends_cut(src) {
            return None;
        }
        let v = _mm512_maskz_loadu_epi8(low_lanes(n as u32), src.as_ptr().cast());
        if n == 64 && _mm512_movepi8_mask(v) == 0 {
            <S as Wide>::ascii64(dst.as_mut_ptr(), v);
            return Some((n, n));
        }
        // Text of one- and two-byte characters by masks alone, as in the block loop's run (a
        // lead byte cut off by the end meets a zero and is refused): the general block below
        // took 11 ns for 23 bytes of Cyrillic where simdutf took 8.
        if let Some((leads, conts)) = two_byte_masks(v, 0) {
            let limit = low_lanes(n as u32);
            let written = put_two_byte::<S>(v, (leads, !conts), (0, limit), dst.as_mut_ptr());
            return Some((n, written));
        }
        // The zeros past the end start characters: the last real one ends there, and one cut
        // off by the end meets them and is an error (left to the caller's other paths). With
        // no zero after 64 bytes, `WHOLE` ends the last character at byte 63 (`ends_cut` saw
        // it whole).
        let fours = _mm512_cmpge_epu8_mask(v, _mm512_set1_epi8(0xF0u8 as i8));
        let starts = valid_block(v).filter(|_| S::PAIRS || fours == 0)?;
        let written = decode_block::<S, true>(v, starts, fours, n as u32, dst.as_mut_ptr());
        Some((n, written))
    }
}
