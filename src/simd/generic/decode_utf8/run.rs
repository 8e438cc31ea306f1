//! The run of chunks ([`run_of_chunks`]): text that is not ASCII goes on for chunk after chunk
//! (Cyrillic, Greek, Hebrew, Arabic words between ASCII spaces; Hindi, Korean; CJK), and the
//! chunks that follow the one the chunk step converted are taken here, without the look for
//! ASCII blocks of the outer loop (about a tenth of the instructions of a chunk), until one that
//! is something else, which the outer loop looks at again: none of its bytes a continuation byte
//! (most likely ASCII), an error, a character past `S::MAX`. A chunk that starts with three-byte
//! characters converts as many as [`threes_run`] takes, and the next chunk starts after them:
//! checking its bytes again costs less than windows over them.
//!
//! When the chunk before looks like text of one- and two-byte characters (no two continuation bytes
//! in a row), a loop of its own takes the chunks that [`two_byte_chunk`] vouches for, and the first
//! one it does not goes on to the loop of all the others, to the end of the run. Only then: a look
//! that fails costs a third of a chunk's validation, and going back from the loop of the others to
//! this one, or a test there for four-byte chunks before the one for `wide`, made them slower
//! (3-byte text by 5 % on AVX2): the registers of the two loops crowd each other.

use super::ascii::ascii_chunk;
use super::check::{check_chunk_wide, two_byte_chunk};
use super::fours::{FOURS, fours};
use super::lossy::{put_strays, to_error, two_byte_strays};
use super::sink::Sink;
use super::threes::{THREES, threes_checked_run, threes_len, threes_run};
use super::window::chunk_wide;
use crate::simd::generic::utf8::{BLOCK, low_lanes};
use crate::simd::generic::vector::Lanes2;
use crate::types::outcome::Policy;

/// The run of chunks from `(p, w)` (bytes read from `src`, units written to `out`, which has
/// `out_len` units) after a chunk whose bytes that are not continuation bytes are `leads` (see
/// the module doc); with `LOSSY`, the errors it replaces are counted in `replaced`. Returns the
/// new `(p, w)`.
///
/// # Safety
///
/// The caller's ISA contract; `p <= src.len()` and `w <= out_len`.
#[inline(always)]
pub(super) unsafe fn run_of_chunks<V: Lanes2, S: Sink, const LOSSY: bool>(
    src: &[u8],
    (out, out_len): (*mut S::Unit, usize),
    (mut p, mut w): (usize, usize),
    leads: u64,
    policy: Policy,
    replaced: &mut usize,
) -> (usize, usize) {
    let room = |p: usize, w: usize| src.len() - p >= BLOCK + V::LANES && out_len - w >= BLOCK + 8;
    let top = if S::MAX < 0x800 { 0xC3 } else { 0xDF };
    let two = !leads & !(leads << 1) == 0;
    let pattern = low_lanes(threes_len::<V>() as u32 + 1);
    'run: {
        while two && room(p, w) {
            // SAFETY: `room`: `BLOCK + LANES` readable bytes at `p`, `BLOCK + 8` units of room
            // at `w`, all that the chunk's check and conversion (or `two_byte_error`) use.
            unsafe {
                let at = src.as_ptr().add(p);
                let Some(leads) = two_byte_chunk::<V>(at, top) else {
                    if LOSSY {
                        // Stray bytes in two-byte text (one-byte errors): converted with the
                        // chunk, their units overwritten after.
                        if S::MAX >= 0x7FF
                            && policy != Policy::Skip
                            && let Some(strays) = two_byte_strays::<V>(at)
                        {
                            (p, w) =
                                strays_chunk::<V, S>(at, out, (p, w), strays, policy, replaced);
                            continue;
                        }
                        // An error in two-byte text: the characters before it and the error,
                        // and this loop goes on after it.
                        let (leads, limit, wide) = check_chunk_wide::<V>(at, S::MAX);
                        if limit < BLOCK && wide {
                            let masks = (leads, limit);
                            let (after, done) =
                                to_error::<V, S>(src, (p, w), out, masks, policy, replaced);
                            (p, w) = after;
                            if !done {
                                break 'run;
                            }
                            continue;
                        }
                    }
                    break;
                };
                if leads == u64::MAX {
                    let n = ascii_chunk::<V, S>(at, out.add(w));
                    p += n;
                    w += n;
                    break 'run;
                }
                let (q, n) = chunk_wide::<V, S, true>(at, leads, out.add(w));
                p += q;
                w += n;
            }
        }
        while room(p, w) {
            // SAFETY: `room`: `BLOCK + LANES` readable bytes at `p`, `BLOCK + 8` units of room
            // at `w`, all that the chunk's check and each conversion use.
            unsafe {
                let at = src.as_ptr().add(p);
                let (leads, limit, wide) = check_chunk_wide::<V>(at, S::MAX);
                if limit < BLOCK {
                    break 'run;
                }
                if leads == u64::MAX {
                    let n = ascii_chunk::<V, S>(at, out.add(w));
                    p += n;
                    w += n;
                    break 'run;
                }
                if S::MAX >= 0xFFFF && leads & pattern == THREES & pattern {
                    let (q, k) = threes_run::<V, S>(at, leads, limit, out.add(w));
                    p += q;
                    w += k;
                    let at = (p, w);
                    (p, w) = threes_checked_run::<V, S, LOSSY, true>(
                        src, out_len, out, at, policy, replaced,
                    );
                    continue;
                }
                if !wide {
                    // Emoji text, whose chunks are all four-byte characters, goes on here;
                    // anything else with them is the outer loop's.
                    if S::MAX >= 0x10000 && leads == FOURS {
                        w += fours::<V, S>(at, out.add(w));
                        p += BLOCK;
                        continue;
                    }
                    break 'run;
                }
                let (q, n) = chunk_wide::<V, S, false>(at, leads, out.add(w));
                p += q;
                w += n;
            }
        }
    }
    (p, w)
}

/// Under a lossy `policy`, the chunk at `at` (`src[p..]`) in two-byte text whose errors are
/// stray bytes (`starts` and `errors` from [`two_byte_strays`]): converted with the chunk by
/// windows, their units then overwritten with the fill ([`put_strays`]), counted in `replaced`.
/// Returns the new `(p, w)`.
///
/// # Safety
///
/// The caller's ISA contract; `BLOCK + LANES` readable bytes at `at` and `BLOCK + 8` units of
/// room at `w`.
#[inline(always)]
unsafe fn strays_chunk<V: Lanes2, S: Sink>(
    at: *const u8,
    out: *mut S::Unit,
    (p, w): (usize, usize),
    (starts, errors): (u64, u64),
    policy: Policy,
    replaced: &mut usize,
) -> (usize, usize) {
    // SAFETY: `chunk_wide` reads `BLOCK + LANES` bytes and writes at most `BLOCK + 8` units;
    // `put_strays` overwrites units it wrote.
    unsafe {
        let (q, n) = chunk_wide::<V, S, true>(at, starts, out.add(w));
        let errors = errors & low_lanes(q as u32);
        *replaced += put_strays::<S>(at, starts, errors, out.add(w), policy);
        (p + q, w + n)
    }
}
