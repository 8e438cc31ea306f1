//! The outer loop's last steps: 16 bytes at a time ([`steps16`]) and, at the end of the input,
//! one character at a time ([`one_at_a_time`]); what they use: the masks of a chunk the chunk
//! step did not check ([`chunk_masks`]), and characters decoded one at a time ([`decode_one`]).

use super::check::{check_chunk, masks_of, valid_prefix};
use super::fours::four_byte_code_points;
use super::short::short_vectors;
use super::sink::Sink;
use crate::simd::generic::tables::{
    FOUR, OTHER, SHUF_FOUR, SHUF_FOURS, SHUF_THREE, SHUF_TWO, THREE, TWO, UTF8_STEPS,
};
use crate::simd::generic::utf8::BLOCK;
use crate::simd::generic::vector::{Lanes2, Vector};

/// The 16-byte steps from byte `q` of the checked stretch at `at` (`leads` has a bit per byte
/// that is not a continuation byte, `limit` bytes are valid), writing from unit `w` of the
/// output at `out` (`room` units): a vector at a time where it is ASCII, else the step of the
/// table `UTF8_STEPS` for the characters it starts with. Stops before the last 16 bytes of the
/// stretch, with fewer than 16 units of room, or at a character the sink cannot hold; returns
/// the new `(q, w)`. Inlined whole into the outer loop, which keeps `q` and `w` in registers.
///
/// # Safety
///
/// The caller's ISA contract; `limit` bytes of valid UTF-8 at `at`; `room` writable units at
/// `out`.
#[inline(always)]
pub(super) unsafe fn steps16<V: Lanes2, S: Sink>(
    at: *const u8,
    (leads, limit): (u64, usize),
    (out, room): (*mut S::Unit, usize),
    (mut q, mut w): (usize, usize),
) -> (usize, usize) {
    while q + 16 <= limit && room - w >= 16 {
        // SAFETY: 16 valid bytes at `at + q`, the input's.
        let v = unsafe { <V::Half>::load(at.add(q)) };
        // SAFETY: the caller's ISA contract; 16 units of room at `w`.
        if unsafe { v.no_high_bits() } {
            // SAFETY: as above.
            unsafe { S::ascii(out.add(w), v) };
            q += 16;
            w += 16;
            continue;
        }
        // SAFETY (the rest of the step): 16 units of room at `w`, at most 8 written; the
        // shuffle indices as `UTF8_STEPS` holds them (below 64 for TWO, below 81 for
        // THREE); a whole valid character at `at + q` for `OTHER`.
        unsafe {
            // Four characters of four bytes (emoji): the sixteen bytes at once, where the
            // steps of the table take twelve.
            if S::MAX >= 0x10000 && (leads >> q) & 0xFFFF == 0x1111 {
                let shuf = <V::Half>::load(SHUF_FOURS.as_ptr());
                let cp = four_byte_code_points(shuf.lookup16(v));
                w += S::four_astral(out.add(w), cp);
                q += 16;
                continue;
            }
            let step = UTF8_STEPS[((leads >> (q + 1)) & 0xFFF) as usize];
            match step.kind {
                TWO => {
                    let shuf = SHUF_TWO.get_unchecked(step.shuffle as usize);
                    let perm = <V::Half>::load(shuf.as_ptr()).lookup16(v);
                    let ascii = perm.and(<V::Half>::splat16(0x7F));
                    let high = perm.and(<V::Half>::splat16(0x1F00));
                    let cp = ascii.or(high.shr16::<2>());
                    if S::MAX < 0x7FF && !cp.and_is_zero(<V::Half>::splat16(!(S::MAX as u16))) {
                        break;
                    }
                    S::six(out.add(w), cp);
                    w += 6;
                    q += step.consumed as usize;
                }
                THREE => {
                    let shuf = SHUF_THREE.get_unchecked(step.shuffle as usize);
                    let perm = <V::Half>::load(shuf.as_ptr()).lookup16(v);
                    let ascii = perm.and(<V::Half>::splat32(0x7F));
                    let middle = perm.and(<V::Half>::splat32(0x3F00));
                    let high = perm.and(<V::Half>::splat32(0x0F_0000));
                    let cp = ascii.or(middle.shr32::<2>()).or(high.shr32::<4>());
                    if S::MAX < 0xFFFF && !cp.and_is_zero(<V::Half>::splat32(!S::MAX)) {
                        break;
                    }
                    S::four(out.add(w), cp);
                    w += 4;
                    q += step.consumed as usize;
                }
                FOUR => {
                    if S::MAX < 0x10000 {
                        break;
                    }
                    let shuf = <V::Half>::load(SHUF_FOUR.as_ptr());
                    let cp = four_byte_code_points(shuf.lookup16(v));
                    w += S::three_astral(out.add(w), cp);
                    q += 12;
                }
                _ => {
                    debug_assert_eq!(step.kind, OTHER);
                    let Some(next) = one_char::<S>(at, out, (q, w)) else {
                        break;
                    };
                    (q, w) = next;
                }
            }
        }
    }
    (q, w)
}

/// Finishes the checked stretch at `at` (`limit` valid bytes) from byte `q` one character at a
/// time, writing from unit `w` of the output at `out` (`room` units), at the end of the input
/// or before an error: cheaper than checking the chunk again for a few bytes. Stops at a
/// character cut by `limit`, one the sink cannot hold, or with fewer than 2 units of room;
/// returns the new `(q, w)`.
///
/// # Safety
///
/// `limit` bytes of valid UTF-8 at `at`; `room` writable units at `out`.
#[inline(always)]
pub(super) unsafe fn one_at_a_time<S: Sink>(
    at: *const u8,
    limit: usize,
    (out, room): (*mut S::Unit, usize),
    (mut q, mut w): (usize, usize),
) -> (usize, usize) {
    while q < limit && room - w >= 2 {
        // SAFETY: byte `q` is below `limit`, and so is the whole character (checked
        // first); `one` writes at most 2 units.
        unsafe {
            let lead = *at.add(q);
            let len = 1 + usize::from(lead >= 0xC0) + usize::from(lead >= 0xE0);
            if q + len + usize::from(lead >= 0xF0) > limit {
                break;
            }
            let Some(next) = one_char::<S>(at, out, (q, w)) else {
                break;
            };
            (q, w) = next;
        }
    }
    (q, w)
}

/// The valid character at byte `q` of `at` into unit `w` of `out`: the new `(q, w)`, or `None`
/// for a character above what the sink holds (nothing written).
///
/// # Safety
///
/// A whole valid character at `at + q`; 2 writable units at `out + w`.
#[inline(always)]
unsafe fn one_char<S: Sink>(
    at: *const u8,
    out: *mut S::Unit,
    (q, w): (usize, usize),
) -> Option<(usize, usize)> {
    // SAFETY: forwarded from this function's contract.
    unsafe {
        let (cp, len) = decode_one(at.add(q));
        if cp > S::MAX {
            return None;
        }
        Some((q + len, w + S::one(out.add(w), cp)))
    }
}

/// The masks of the chunk at `at` (`src[p..]`) when the chunk step did not find them: bytes
/// that are not continuation bytes, and how many bytes are valid. Where less than a chunk is
/// left, its bytes zero-padded: a sequence cut off by the end of the input is then an error.
///
/// # Safety
///
/// The caller's ISA contract; at least 16 bytes left at `p`.
#[inline(always)]
pub(super) unsafe fn chunk_masks<V: Lanes2>(src: &[u8], p: usize, at: *const u8) -> (u64, usize) {
    let avail = src.len() - p;
    // SAFETY: the chunk's check reads `BLOCK` bytes at `at` only when that many are left; the
    // padded vectors read within `src[p..]`.
    unsafe {
        if avail >= BLOCK {
            check_chunk::<V>(at)
        } else {
            let vs = short_vectors::<V>(&src[p..]);
            let (leads, bad, _) = masks_of::<V, false>(|k| vs[k], 0);
            (leads, valid_prefix(leads, bad).min(avail))
        }
    }
}

/// Decodes the valid three-byte UTF-8 character at `p`.
///
/// # Safety
///
/// A whole valid three-byte character at `p`.
#[inline(always)]
pub(super) unsafe fn decode_three(p: *const u8) -> u32 {
    // SAFETY: the caller guarantees a whole valid three-byte character at `p`.
    let b = |i: usize| u32::from(unsafe { *p.add(i) });
    ((b(0) & 0x0F) << 12) | ((b(1) & 0x3F) << 6) | (b(2) & 0x3F)
}

/// Decodes the valid UTF-8 character at `p`, returning it and its length.
///
/// # Safety
///
/// A whole valid character at `p`.
#[inline(always)]
pub(super) unsafe fn decode_one(p: *const u8) -> (u32, usize) {
    // SAFETY: the caller guarantees a whole valid character at `p`.
    unsafe {
        let b0 = u32::from(*p);
        let cont = |i: usize| u32::from(*p.add(i)) & 0x3F;
        match b0 {
            0..=0x7F => (b0, 1),
            0xC0..=0xDF => (((b0 & 0x1F) << 6) | cont(1), 2),
            0xE0..=0xEF => (decode_three(p), 3),
            _ => (
                ((b0 & 0x07) << 18) | (cont(1) << 12) | (cont(2) << 6) | cont(3),
                4,
            ),
        }
    }
}
