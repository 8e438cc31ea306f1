//! The outer loop's chunk step: a chunk that is not ASCII, when the input goes on after it, is
//! checked once ([`chunk_base`] says where from) and sent where its characters go fastest: a run
//! of three-byte characters (`threes_run`, then `threes_checked_run` while it goes on), windows
//! for characters of one to three bytes (all of the chunk's, or those before an error: then the
//! kernel stops there, the error is at most a character on; [`wide_chunk`]), a chunk of
//! four-byte characters (`fours`), or else the 16-byte steps. After windows or four-byte
//! characters the run of chunks (`run_of_chunks`) takes the chunks that follow.

use super::lossy::{chunk_strays, put_strays, replace_error};
use super::short::pad;
use super::sink::Sink;
use super::window::chunk_wide;
use crate::simd::generic::utf8::{BLOCK, low_lanes};
use crate::simd::generic::vector::Lanes2;
use crate::types::outcome::Policy;

/// Where the chunk at `at` (`src[p..]`) is checked and converted from: `at` itself when
/// `BLOCK + LANES` bytes are left (a window reads that far), else `buf`, filled with what is
/// left, zero-padded.
#[inline(always)]
pub(super) fn chunk_base<V: Lanes2>(
    src: &[u8],
    p: usize,
    at: *const u8,
    buf: &mut [u8; BLOCK + 32],
) -> *const u8 {
    if src.len() - p >= BLOCK + V::LANES {
        at
    } else {
        pad(buf, &src[p..]);
        buf.as_ptr()
    }
}

/// The chunk at `base` (`src[p..]`, or `buf` with it), whose first `limit` bytes are valid and
/// free of characters wider than windows take (`leads` from `check_chunk_wide`), through
/// windows ([`chunk_wide`]). Without the starts past the error, the chunk ends at the last one
/// kept. With `LOSSY`, bytes no character contains in text of characters up to three bytes are
/// converted with it and their units overwritten after ([`chunk_strays`]; where runs of mixed
/// widths stop at an error: handled in their loop, it slowed that loop), and another error is
/// replaced after the characters before it ([`replace_error`]), each counted in `replaced`.
/// Returns the new `(p, w)` and whether the conversion goes on (into the run of chunks), or
/// stops there at an error it did not replace.
///
/// # Safety
///
/// The caller's ISA contract; `base` has `BLOCK + LANES` readable bytes and is `src[p..]` or
/// holds its bytes; more than `BLOCK` bytes of input and at least `BLOCK + 8` units of room (at
/// `out`) are left.
#[inline(always)]
pub(super) unsafe fn wide_chunk<V: Lanes2, S: Sink, const LOSSY: bool>(
    src: &[u8],
    out: *mut S::Unit,
    (mut p, mut w): (usize, usize),
    base: *const u8,
    (leads, limit): (u64, usize),
    policy: Policy,
    replaced: &mut usize,
) -> ((usize, usize), bool) {
    // SAFETY: `chunk_wide` reads `BLOCK + LANES` bytes at `base` and writes at most `BLOCK + 8`
    // units at `w` ([`put_strays`] then overwrites some of the units it counted); the
    // replacement after it takes at most 8 units of room and checks for them.
    unsafe {
        let at = src.as_ptr().add(p);
        let mut keep = leads & low_lanes(limit as u32 + 1);
        let mut strays = 0;
        if LOSSY
            && S::MAX >= 0x7FF
            && limit < BLOCK
            && base == at
            && policy != Policy::Skip
            && let Some(found) = chunk_strays::<V>(at, S::MAX)
        {
            (keep, strays) = found;
        }
        let (q, n) = chunk_wide::<V, S, false>(base, keep, out.add(w));
        if LOSSY && strays != 0 {
            let strays = strays & low_lanes(q as u32);
            *replaced += put_strays::<S>(at, keep, strays, out.add(w), policy);
        }
        p += q;
        w += n;
        if limit < BLOCK && strays == 0 {
            let after = if LOSSY {
                replace_error::<S>(src, (p, w), out, policy, replaced)
            } else {
                None
            };
            let Some(after) = after else {
                return ((p, w), false);
            };
            (p, w) = after;
        }
        ((p, w), true)
    }
}
