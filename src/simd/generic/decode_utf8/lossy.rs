//! What a lossy policy adds: errors of one byte converted with their chunk and overwritten
//! after, the fix-ups where a run of three-byte characters stops at an error, and the fill of an
//! ill-formed subpart after the characters before it.

use super::check::masks_of;
use super::sink::Sink;
use super::window::chunk_wide;
use crate::codec::decode::{Step, utf8_step};
use crate::simd::generic::replace::{byte_fill, fill_count};
use crate::simd::generic::utf8::{BLOCK, low_lanes};
use crate::simd::generic::vector::Lanes2;
use crate::types::outcome::Policy;

/// Per byte of `v`, the high bit set where it is a byte no character contains (C0, C1, F5..FF):
/// signed compares, then only the bytes that have the high bit themselves (ASCII passes both
/// compares; C0 and C1 are the only bytes that `^ C0` takes below 2).
///
/// # Safety
///
/// The caller's ISA contract.
#[inline(always)]
unsafe fn no_char_bytes<V: Lanes2>(v: V) -> V {
    // SAFETY: caller's ISA contract.
    unsafe {
        let c0_c1 = V::splat(2).gt(v.xor(V::splat(0xC0)));
        v.gt(V::splat(0xF4)).or(c0_c1).and(v)
    }
}

/// Under a lossy policy, a chunk that [`two_byte_chunk`](super::check::two_byte_chunk) turned down
/// for errors of one byte each: bytes no character contains (C0, C1, F5..FF), continuation bytes
/// that follow no lead, and leads of two-byte characters that no continuation byte follows. Each of
/// them is an ill-formed subpart of its own, whatever comes after it, so when they are the chunk's
/// only faults and its other bytes are characters of one and two bytes, [`chunk_wide`] converts it
/// with each error taken as a character of one byte, whose unit the caller then overwrites with the
/// fill (see [`put_strays`]). Returns the mask of bytes that start a character or an error, and the
/// mask of the errors; `None` for anything else (a byte E0..F4 among them). A lead in the chunk's
/// last byte counts as cut short, but the last character that starts in a chunk is never converted
/// with it ([`chunk_wide`]), and the caller takes only the errors before what was converted. `p`
/// has BLOCK readable bytes (a character boundary).
///
/// # Safety
///
/// The caller's ISA contract; `BLOCK` readable bytes at `p`.
#[inline(always)]
pub(super) unsafe fn two_byte_strays<V: Lanes2>(p: *const u8) -> Option<(u64, u64)> {
    let n = BLOCK / V::LANES;
    // SAFETY: caller's ISA contract; `p` has BLOCK readable bytes.
    unsafe {
        let mut vs = [V::splat(0); BLOCK / 16];
        for (k, v) in vs[..n].iter_mut().enumerate() {
            *v = V::load(p.add(k * V::LANES));
        }
        let (mut stray, mut big, mut not_cont) = (vs, vs, vs);
        for k in 0..n {
            let v = vs[k];
            stray[k] = no_char_bytes(v);
            big[k] = v.saturating_sub(V::splat(0xDF));
            not_cont[k] = v.gt(V::splat(0xBF));
        }
        let stray = V::movemask_block(&stray[..n]);
        if V::nonzero_mask_block(&big[..n]) & !stray != 0 {
            return None;
        }
        let high = V::movemask_block(&vs[..n]);
        let not_cont = V::movemask_block(&not_cont[..n]);
        let leads = high & not_cont & !stray;
        let conts = high & !not_cont;
        let lone = conts & !(leads << 1);
        let cut = leads & !(conts >> 1);
        let errors = stray | lone | cut;
        (errors != 0).then_some((not_cont | lone, errors))
    }
}

/// Under a lossy policy, a chunk whose check found an error: when its errors are bytes no character
/// contains (C0, C1, F5..FF, each an ill-formed subpart of its own whatever follows), and with each
/// of them read as a space the chunk is valid text of characters below U+10000 (below `max`'s lead
/// bytes, as [`check_chunk_wide`](super::check::check_chunk_wide) has them), returns the mask of
/// bytes that start a character or such a byte, and the mask of those bytes, for [`chunk_wide`] and
/// [`put_strays`] as with [`two_byte_strays`]. `p` has BLOCK readable bytes (a character boundary).
///
/// # Safety
///
/// The caller's ISA contract; `BLOCK` readable bytes at `p`.
#[inline(always)]
pub(super) unsafe fn chunk_strays<V: Lanes2>(p: *const u8, max: u32) -> Option<(u64, u64)> {
    let n = BLOCK / V::LANES;
    // SAFETY: caller's ISA contract; `p` has BLOCK readable bytes.
    unsafe {
        let mut vs = [V::splat(0); BLOCK / 16];
        let mut stray = vs;
        for k in 0..n {
            let v = V::load(p.add(k * V::LANES));
            stray[k] = no_char_bytes(v);
            vs[k] = stray[k].select(V::splat(b' '), v);
        }
        let stray = V::movemask_block(&stray[..n]);
        let (starts, bad, big) = masks_of::<V, true>(|k| vs[k], max);
        (stray != 0 && bad | big == 0).then_some((starts, stray))
    }
}

/// Overwrites the unit of each error of `errors` (bits of the chunk at `at`, from
/// [`two_byte_strays`] or [`chunk_strays`], all before the end of what [`chunk_wide`] converted
/// to `dst` with `starts`) with the fill of `policy` (a lossy policy that writes a unit for each
/// byte: not SKIP). Returns the replacements, one per error.
///
/// # Safety
///
/// `BLOCK` readable bytes at `at`; the unit of each error inside what `chunk_wide` wrote at `dst`.
#[inline(always)]
pub(super) unsafe fn put_strays<S: Sink>(
    at: *const u8,
    starts: u64,
    mut errors: u64,
    dst: *mut S::Unit,
    policy: Policy,
) -> usize {
    let count = errors.count_ones() as usize;
    while errors != 0 {
        let i = errors.trailing_zeros();
        // SAFETY: byte `i` of the chunk is readable; the error's unit is the one after the
        // characters that start before it, inside what `chunk_wide` wrote, with room for more.
        unsafe {
            let fill = byte_fill(policy, *at.add(i as usize)).unwrap_or(0xFFFD);
            S::one(dst.add((starts & low_lanes(i)).count_ones() as usize), fill);
        }
        errors &= errors - 1;
    }
    count
}

/// Writes the fill of the lossy `policy` for the ill-formed subpart of `len` bytes (1 to 3) at
/// `bad` to `dst`: nothing under SKIP, U+FFFD under REPLACE, a unit per byte under ESCAPE and
/// FALLBACK (see [`byte_fill`]). Returns the units written. Every fill is below U+10000, so
/// each [`Sink::one`] writes one unit and `dst` needs room for the units written only (the
/// stray byte at the end of an ASCII block has one unit of room).
///
/// # Safety
///
/// `len` readable bytes at `bad`; room at `dst` for the units written (`len`, or 1).
#[inline(always)]
pub(super) unsafe fn put_fill<S: Sink>(
    dst: *mut S::Unit,
    bad: *const u8,
    len: usize,
    policy: Policy,
) -> usize {
    // SAFETY: `len` readable bytes at `bad`; each write is one unit (every fill is below
    // U+10000), inside the room documented.
    unsafe {
        match policy {
            Policy::Skip => 0,
            Policy::Escape | Policy::Fallback => {
                for i in 0..len {
                    S::one(dst.add(i), byte_fill(policy, *bad.add(i)).unwrap_or(0xFFFD));
                }
                len
            }
            _ => S::one(dst, 0xFFFD),
        }
    }
}

/// Under a lossy `policy`, at `p`, `w` where a chunk was converted up to the last character
/// that starts before its first error: that character and one more when they are whole (the
/// chunk's error flag may sit a character past where the error starts), then the policy's fill
/// for the ill-formed subpart after them, as the engine's UTF-8 step reads it ([`put_fill`]),
/// counted in `replaced`. Returns the new `(p, w)`, or `None` (nothing written) when what
/// follows `p` is not that. `out` has room for 8 units at `w` (2 + 2, then up to 3 + 1).
///
/// # Safety
///
/// `(p, w)` within `src` and `out`'s room, with 8 units of room at `w`.
#[inline(always)]
pub(super) unsafe fn replace_error<S: Sink>(
    src: &[u8],
    (p, w): (usize, usize),
    out: *mut S::Unit,
    policy: Policy,
    replaced: &mut usize,
) -> Option<(usize, usize)> {
    let mut chars = [0u32; 2];
    let mut q = p;
    for i in 0..3 {
        if q == src.len() {
            return None;
        }
        match utf8_step(&src[q..]) {
            Step::Invalid { len, .. } => {
                let mut w = w;
                // SAFETY: at most 2 + 2 units, then the fill's 3 with room for 4: room for 8.
                unsafe {
                    for &cp in &chars[..i] {
                        w += S::one(out.add(w), cp);
                    }
                    w += put_fill::<S>(out.add(w), src.as_ptr().add(q), len, policy);
                }
                *replaced += fill_count(policy, len);
                return Some((q + len, w));
            }
            Step::Char { cp, len } if i < 2 && cp <= S::MAX => {
                chars[i] = cp;
                q += len;
            }
            _ => return None,
        }
    }
    None
}

/// Under a lossy `policy`, the chunk at `p` (a character boundary, with `BLOCK + LANES` readable
/// bytes and room for `BLOCK + 8` units at `w`), valid before its first error but for characters
/// above U+FFFF (`leads`, `limit` and `wide` from
/// [`check_chunk_wide`](super::check::check_chunk_wide)): the characters before the error and the
/// fill for it, as [`replace_error`] gives them. The characters go through [`chunk_wide`], whose
/// windows cost less than even a few characters one at a time. Returns the new `(p, w)` and whether
/// the error was replaced (if not, they are where the characters converted end).
///
/// # Safety
///
/// The caller's ISA contract; `BLOCK + LANES` readable bytes at `p` and `BLOCK + 8` units of room
/// at `w`.
#[inline(always)]
pub(super) unsafe fn to_error<V: Lanes2, S: Sink>(
    src: &[u8],
    (p, w): (usize, usize),
    out: *mut S::Unit,
    (leads, limit): (u64, usize),
    policy: Policy,
    replaced: &mut usize,
) -> ((usize, usize), bool) {
    // SAFETY: caller's ISA contract; the bytes and room as documented, of which `chunk_wide`
    // takes 64 + LANES bytes and 64 + 8 units, leaving room for 9 more.
    unsafe {
        let keep = leads & low_lanes(limit as u32 + 1);
        let (q, n) = chunk_wide::<V, S, false>(src.as_ptr().add(p), keep, out.add(w));
        let converted = (p + q, w + n);
        match replace_error::<S>(src, converted, out, policy, replaced) {
            Some(after) => (after, true),
            None => (converted, false),
        }
    }
}
