//! Text of one- and two-byte characters (Latin, Greek, Cyrillic, Hebrew, Arabic...), which a
//! block's masks alone validate: the masks, the block's units, and the run of such blocks with
//! what a lossy policy replaces in it.

use core::arch::x86_64::*;

use super::block::{AHEAD, INTERLEAVE, continuation, prefetch};
use super::wide::Wide;
use crate::simd::generic::decode_utf8;
use crate::simd::generic::replace::byte_fill;
use crate::types::outcome::Policy;

/// The lead bytes (0xC2..=0xDF) and continuation bytes of the 64-byte block `v`, when it holds
/// ASCII and two-byte characters only: every byte from 0x80 up is one of the two, and the
/// continuation bytes are exactly the bytes after a lead byte, but perhaps the first (which
/// `first_cont` allows: 1 where the byte before the block is a lead byte, 0 where the block starts
/// a character). `None` where the block holds anything else, an error included. These masks
/// alone validate such text.
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 BW).
#[inline(always)]
pub(super) unsafe fn two_byte_masks(v: __m512i, first_cont: u64) -> Option<(u64, u64)> {
    // SAFETY: AVX-512 BW per the caller's ISA contract.
    unsafe {
        let k = _mm512_set1_epi8;
        if _mm512_cmpge_epu8_mask(v, k(0xE0u8 as i8)) != 0 {
            return None;
        }
        let high = _mm512_movepi8_mask(v);
        let leads = _mm512_cmplt_epu8_mask(_mm512_sub_epi8(v, k(0xC2u8 as i8)), k(0x1E));
        let conts = continuation(v);
        (high == leads | conts && conts & !first_cont == leads << 1).then_some((leads, conts))
    }
}

/// Writes at `out` (room for 64 units, or for `limit`'s bits) the characters of the block `v`
/// that [`two_byte_masks`] accepted which end in it at or after byte `from` (0 or 1) and at a
/// byte of `limit`: returns how many. They start at the bytes in `starts` (lead bytes and
/// ASCII) and end at the bytes that are not lead bytes, in the same order: one compression gathers each character's lead bits (zero for ASCII), another
/// its last byte, and one interleave and one multiply-add per 32 characters put them together.
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 BW/VBMI/VBMI2); room for 64 units at `out`, or for as
/// many as `limit` has bits.
#[inline(always)]
pub(super) unsafe fn put_two_byte<S: Wide>(
    v: __m512i,
    (leads, starts): (u64, u64),
    (from, limit): (u32, u64),
    out: *mut S::Unit,
) -> usize {
    // SAFETY: AVX-512 BW/VBMI/VBMI2 per the caller's ISA contract; the masked stores write the
    // block's units, at most 64 and at most `limit`'s bits, inside the caller's room.
    unsafe {
        let k = _mm512_set1_epi8;
        let ends = !leads >> from << from & limit;
        // A lead byte's five bits (lead - 0xC0) at each character's start, zero for ASCII; the
        // low seven bits of each character's last byte (six for a continuation byte).
        let lead_bits =
            _mm512_maskz_compress_epi8(starts, _mm512_maskz_sub_epi8(leads, v, k(0xC0u8 as i8)));
        let last_bits = _mm512_maskz_compress_epi8(ends, _mm512_and_si512(v, k(0x7F)));
        let n = ends.count_ones();
        let weights = _mm512_set1_epi16(0x4001);
        for (half, idx) in INTERLEAVE.iter().enumerate() {
            // (As in `decode_block`: up to 32 characters fill the first half only.)
            if half == 1 && n <= 32 {
                break;
            }
            let idx = _mm512_loadu_si512(idx.as_ptr().cast());
            // last | lead << 8 in each 16-bit lane, and then last + 64 * lead.
            let pairs = _mm512_permutex2var_epi8(last_bits, idx, lead_bits);
            let units = _mm512_maddubs_epi16(pairs, weights);
            let lanes = n.saturating_sub(32 * half as u32).min(32);
            S::units(out.add(32 * half), units, lanes);
        }
        n as usize
    }
}

/// When lossy, a block of two-byte text that [`two_byte_masks`] refused, when one byte of it
/// (not one of `skip`, the bytes that may belong to what comes before or after the block) is all
/// that is wrong: a byte that two-byte text cannot hold (C0, C1, E0..FF) or a continuation byte
/// after no lead byte, between whole characters. Such a byte is an ill-formed subpart by itself
/// (a lead byte of three or four with no continuation byte after it; a stray byte), as the
/// engine reads it, when the masks accept the block with `?` in its place: returns that block
/// and where the byte is. (A lead byte before it, or a continuation byte after it, and the
/// masks refuse: the error is more than that byte.)
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 BW).
#[inline(always)]
unsafe fn one_bad_byte(v: __m512i, skip: u64) -> Option<(__m512i, u32)> {
    // SAFETY: AVX-512 BW per the caller's ISA contract.
    unsafe {
        let k = _mm512_set1_epi8;
        let leads = _mm512_cmplt_epu8_mask(_mm512_sub_epi8(v, k(0xC2u8 as i8)), k(0x1E));
        let foreign = _mm512_cmpge_epu8_mask(v, k(0xE0u8 as i8))
            | _mm512_cmpeq_epi8_mask(_mm512_and_si512(v, k(0xFEu8 as i8)), k(0xC0u8 as i8));
        let lone = continuation(v) & !(leads << 1);
        let bad = (foreign | lone) & !skip;
        if bad.count_ones() != 1 {
            return None;
        }
        let n = bad.trailing_zeros();
        Some((_mm512_mask_mov_epi8(v, 1 << n, k(b'?' as i8)), n))
    }
}

/// With `LOSSY`, for a block that [`two_byte_masks`] refused: the block with [`one_bad_byte`]
/// put right, its masks, and where the bad byte is.
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 BW).
#[inline(always)]
unsafe fn two_byte_fixed<const LOSSY: bool>(
    v: __m512i,
    first_cont: u64,
) -> Option<(__m512i, (u64, u64), u32)> {
    if !LOSSY {
        return None;
    }
    // SAFETY: forwarded.
    unsafe {
        // The last byte may begin a character that the next block ends.
        let (fixed, n) = one_bad_byte(v, first_cont | 1 << 63)?;
        two_byte_masks(fixed, first_cont).map(|masks| (fixed, masks, n))
    }
}

/// After [`put_two_byte`] wrote at `out` the characters of a block from byte `from` on, with
/// lead bytes `leads`: `cp` (the fill of the bad byte) for the `?` that stood for the bad byte at
/// `at`, the character after those that end before it.
///
/// # Safety
///
/// `out` is where [`put_two_byte`] wrote the block's units, the `?` among them.
#[inline(always)]
unsafe fn replace_bad_byte<S: Wide>(out: *mut S::Unit, leads: u64, from: u32, at: u32, cp: u32) {
    let before = (!leads >> from << from & ((1u64 << at) - 1)).count_ones() as usize;
    // SAFETY: the `?` was written at `out + before`.
    unsafe { <S as decode_utf8::Sink>::one(out.add(before), cp) };
}

/// UTF-8 → UTF-16/UTF-32 of text of ASCII and two-byte characters (Latin, Greek, Cyrillic,
/// Hebrew, Arabic...) from `src[p..]` (a character boundary, after at least one byte) to
/// `out[w..out_len]`, for as long as it lasts: returns the new `p` (a character boundary) and
/// `w`. It stops at anything else, an error included, for the general steps to take over; with
/// `LOSSY`, an error of one byte alone between whole characters ([`one_bad_byte`]) is written
/// as the fill of `policy` and counted in `replaced` instead (lossy decoding of such text left
/// the kernel for each of them: 0.75 of the strict speed with one per KiB).
///
/// Each step reads 64 bytes from `p - 1` and writes the characters that end in its last 63, so
/// the input advances by a constant 63 bytes: the next load never waits for this block's masks
/// (where the advance depends on the block, that wait is the whole loop's pace). A lead byte
/// at the end of a step is the first byte of the next one.
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 BW/VBMI/VBMI2); 1 <= `p` <= `src.len()`, byte `p - 1`
/// read before, and `out[w..out_len]` writable.
#[inline(always)]
unsafe fn two_byte_run<S: Wide, const LOSSY: bool>(
    src: &[u8],
    out: *mut S::Unit,
    out_len: usize,
    (mut p, mut w): (usize, usize),
    policy: Policy,
    replaced: &mut usize,
) -> (usize, usize) {
    // Whether byte p - 1 is a lead byte, its character not yet written.
    let mut carry = 0;
    // SAFETY: the caller's ISA contract; p >= 1 and each load reads src[p - 1..p + 63]; a step
    // writes at most 63 units at `w` and runs only with 64 of room (a replaced byte rewrites
    // one of them).
    unsafe {
        while src.len() - p >= 63 && out_len - w >= 64 {
            let v = _mm512_loadu_si512(src.as_ptr().add(p - 1).cast());
            prefetch(src.as_ptr().wrapping_add(p + AHEAD));
            let (v, (leads, conts)) = match two_byte_masks(v, 1) {
                Some(masks) => (v, masks),
                None => {
                    // Kept apart from the step above, which the lossy decoder then runs as
                    // fast as the strict one.
                    let Some((fixed, masks, at)) = two_byte_fixed::<LOSSY>(v, 1) else {
                        break;
                    };
                    let starts = (!masks.1 & !1) | masks.0;
                    let bad = *src.as_ptr().add(p - 1 + at as usize);
                    // Under SKIP the `?` is neither a start nor an end: no character.
                    let fill = byte_fill(policy, bad);
                    let keep = if fill.is_some() { !0 } else { !(1 << at) };
                    let n =
                        put_two_byte::<S>(fixed, (masks.0, starts & keep), (1, keep), out.add(w));
                    if let Some(cp) = fill {
                        replace_bad_byte::<S>(out.add(w), masks.0, 1, at, cp);
                    }
                    w += n;
                    *replaced += 1;
                    p += 63;
                    carry = (masks.0 >> 63) as usize;
                    continue;
                }
            };
            // Byte 0 starts a character here only as a lead byte: its own character otherwise
            // ended in the step before.
            let starts = (!conts & !1) | leads;
            w += put_two_byte::<S>(v, (leads, starts), (1, !0), out.add(w));
            p += 63;
            carry = (leads >> 63) as usize;
            if leads | conts == 0 {
                // ASCII: the loop of the caller copies it faster. (No carry.)
                break;
            }
        }
    }
    (p - carry, w)
}

/// A block `v` at `p` of one- and two-byte characters only ([`two_byte_masks`]), into
/// `out[w..out_len]`, and then the run of such blocks after it ([`two_byte_run`]), which has a
/// loop of its own: returns the new `(p, w)`, `None` (nothing written) for any other block.
/// (Without the ASCII run's look for a bad byte: every block of Hindi and Korean comes here, and
/// it bought nothing measurable on the two-byte files.)
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 BW/VBMI/VBMI2); `v` holds `src[p..p + 64]`, `p` a
/// character boundary, and `out[w..out_len]` is writable, with room for 64 units.
#[inline(always)]
pub(super) unsafe fn two_byte_step<S: Wide, const LOSSY: bool>(
    src: &[u8],
    out: *mut S::Unit,
    out_len: usize,
    (p, w): (usize, usize),
    v: __m512i,
    policy: Policy,
    replaced: &mut usize,
) -> Option<(usize, usize)> {
    // SAFETY: the caller's ISA contract; the block writes at most 64 units at `w`, and the run
    // after it starts after at least one byte (63 or 64) with the caller's output whole.
    unsafe {
        let (leads, conts) = two_byte_masks(v, 0)?;
        let w = w + put_two_byte::<S>(v, (leads, !conts), (0, !0), out.add(w));
        // (A lead byte at the end is the next step's.)
        let p = p + 64 - (leads >> 63) as usize;
        Some(two_byte_run::<S, LOSSY>(
            src,
            out,
            out_len,
            (p, w),
            policy,
            replaced,
        ))
    }
}
