//! Windows: the characters of one to three bytes in a vector of input, all decoded at once,
//! and a whole validated chunk as a sequence of windows.

use super::sink::Sink;
use crate::simd::generic::utf8::BLOCK;
use crate::simd::generic::vector::Lanes2;

/// Decodes the characters that end in the `V::LANES` bytes at `p` (a character boundary), at
/// the set bits of `ends`, into `dst[w..]`; returns the new `w`. Every character ending there is
/// of one to three bytes (one or two when `TWO`) and starts at or after `p`. Each group of eight
/// input bytes writes eight units, of which the first as many as it holds characters count:
/// `dst` has room for the units counted plus 7.
///
/// # Safety
///
/// The caller's ISA contract; `LANES` readable bytes at `p`; room at `dst` for the units of `ends`
/// plus 7 after `w`.
#[inline(always)]
pub(super) unsafe fn window<V: Lanes2, S: Sink, const TWO: bool>(
    p: *const u8,
    ends: u32,
    dst: *mut S::Unit,
    w: usize,
) -> usize {
    // SAFETY: caller's ISA contract; `p` has LANES readable bytes; `dst` has room for the units
    // of `ends` plus 7 after `w`.
    unsafe {
        let (low, high) = V::load(p).window_bits::<TWO>();
        S::window_units(dst, w, low, high, ends)
    }
}

/// Converts the validated 64-byte chunk at `p` (a character boundary; `p` has 64 + LANES
/// readable bytes) into `dst` (room for 64 + 8 units) with `64 / LANES` windows ([`window`]),
/// each starting after the last character the one before it took. Only characters before the
/// last one that starts in the chunk count (the chunk cannot vouch for that one's end); the bytes
/// the windows leave are the next chunk's. `leads` has a bit per byte that is not a continuation
/// byte; `TWO` says that the chunk has no character of three bytes. Returns the bytes read (a
/// character boundary) and the units written. Whole-group stores may run up to 7 units past the
/// characters; those units are saved first and put back after, unless they reach into a page the
/// output has not written yet ([`saves_in_place`]): then the windows go to a buffer on the stack,
/// copied after.
///
/// # Safety
///
/// The caller's ISA contract; `BLOCK + LANES` readable bytes at `p`; room for `BLOCK + 8` units at
/// `dst`.
#[inline(always)]
pub(super) unsafe fn chunk_wide<V: Lanes2, S: Sink, const TWO: bool>(
    p: *const u8,
    leads: u64,
    dst: *mut S::Unit,
) -> (usize, usize) {
    let ends = leads >> 1;
    let windows = BLOCK / V::LANES;
    let window_mask = (u64::MAX >> (64 - V::LANES)) as u32;
    // Where each window starts, and where the last one stops.
    let mut starts = [0usize; 5];
    for k in 0..windows {
        let s = starts[k];
        let wends = (ends >> s) as u32 & window_mask;
        starts[k + 1] = s + (32 - wends.leading_zeros() as usize);
    }
    let end = starts[windows];
    let total = (ends & ((1u64 << end) - 1)).count_ones() as usize;
    // SAFETY: forwarded from this function's contract: every window starts below byte 64, on
    // a character boundary, and writes only the characters of `ends` before `end`, `total` <= 63
    // in all, plus at most 7 units after them, inside the room: at `dst`, whose 8 units after
    // the characters are read before and restored, or in `spare` (BLOCK + 8 units), of which
    // the `total` written are copied to `dst`.
    let w = unsafe {
        if saves_in_place(dst, total) {
            let after = dst.add(total).cast::<[S::Unit; 8]>();
            let saved = after.read_unaligned();
            let w = windows_into::<V, S, TWO>(p, &starts[..windows], ends, dst);
            after.write_unaligned(saved);
            w
        } else {
            let mut spare = [core::mem::MaybeUninit::<S::Unit>::uninit(); BLOCK + 8];
            let out = spare.as_mut_ptr().cast::<S::Unit>();
            let w = windows_into::<V, S, TWO>(p, &starts[..windows], ends, out);
            core::ptr::copy_nonoverlapping(out, dst, w);
            w
        }
    };
    debug_assert_eq!(w, total);
    (end, w)
}

/// The windows of [`chunk_wide`] starting at `starts` (bytes from `p`), with `ends` its bits of
/// the bytes that end a character, written from `out`; returns the units they count.
///
/// # Safety
///
/// The caller's ISA contract; `BLOCK + LANES` readable bytes at `p`; room for the characters
/// and 7 more units at `out`.
#[inline(always)]
unsafe fn windows_into<V: Lanes2, S: Sink, const TWO: bool>(
    p: *const u8,
    starts: &[usize],
    ends: u64,
    out: *mut S::Unit,
) -> usize {
    let window_mask = (u64::MAX >> (64 - V::LANES)) as u32;
    let mut w = 0;
    for &s in starts {
        // SAFETY: forwarded: each window starts below byte 64, on a character boundary.
        w = unsafe { window::<V, S, TWO>(p.add(s), (ends >> s) as u32 & window_mask, out, w) };
    }
    w
}

/// Whether the 8 units after `total` at `dst` lie in the page of the unit before `dst`, which
/// the output has written (or which holds what comes before it): there, saving them (a read)
/// and restoring them costs nothing more. In a page not written yet, the read would map the
/// shared zero page and the first write fault a second time; output into fresh memory (a large
/// allocation) crosses into such a page every 4 KiB. Pages are at least 4 KiB on every target.
#[inline(always)]
pub(super) fn saves_in_place<T>(dst: *const T, total: usize) -> bool {
    const PAGE: usize = 4096;
    let start = dst as usize;
    let last = start + (total + 8) * core::mem::size_of::<T>() - 1;
    // The same page when no bit from the page's size up differs.
    (start.wrapping_sub(1) ^ last) < PAGE
}
