//! The outer loop's first step: a run of ASCII blocks, in a loop of its own. As one path of the
//! outer loop, its indices were kept on the stack, and every block waited for the one before it
//! to store them and load them back. The run starts with its first block ([`ascii_first`], which
//! also aligns the stores of the rest), goes on a block at a time ([`ascii_blocks`]; under a
//! lossy policy past blocks whose one bad byte is an error by itself) and ends at a block that
//! is not ASCII, whose first byte that is not ASCII may be an error by itself ([`ascii_stop`]).
//! Each takes the outer loop's `(p, w)` (bytes read, units written) and returns them moved on.

use super::ascii::{ascii_block, ascii_prefix, lone_bad_byte, non_ascii};
use super::lossy::put_fill;
use super::sink::Sink;
use crate::simd::generic::replace::byte_fill;
use crate::simd::generic::utf8::BLOCK;
use crate::simd::generic::vector::Lanes2;
use crate::types::outcome::Policy;

/// The first block of a run (`first`, the ASCII block at `p`), stored where the output is.
/// Stores that cross a cache line cost twice as much (on Zen 1, UTF-16 output two bytes off a
/// 16-byte boundary runs at 60%), and the output's alignment is whatever came before left it (an
/// error, a character of two bytes). When the next block is ASCII too, it is stored from the
/// next vector boundary on, overwriting the first block's last units with the same values, and
/// the rest of the run from there. Only a run that starts with an ASCII block pays for the look
/// at the second.
///
/// # Safety
///
/// The caller's ISA contract; `p + BLOCK <= end`, where `end - p` bytes of input (`src`) and
/// units of room (at `out`) are left.
#[inline(always)]
pub(super) unsafe fn ascii_first<V: Lanes2, S: Sink>(
    src: &[u8],
    out: *mut S::Unit,
    (mut p, mut w): (usize, usize),
    first: &[V; BLOCK / 16],
    end: usize,
) -> (usize, usize) {
    // SAFETY: the first block's 64 bytes and units lie below `end`; the second, `adv` < LANES
    // further, only when `p + 2 * BLOCK <= end`. What is counted covers all that is written.
    unsafe {
        let at = src.as_ptr().add(p);
        let skew = (out.add(w) as usize).wrapping_neg() % V::LANES;
        let adv = skew / core::mem::size_of::<S::Unit>();
        S::ascii64::<V>(out.add(w), at, &first[..BLOCK / V::LANES]);
        if adv != 0
            && p + 2 * BLOCK <= end
            && let Some(second) = ascii_block::<V>(at.add(adv))
        {
            S::ascii64::<V>(out.add(w + adv), at.add(adv), &second[..BLOCK / V::LANES]);
            p += adv;
            w += adv;
        }
    }
    (p + BLOCK, w + BLOCK)
}

/// The ASCII blocks from `p` while a whole block is left below `end`. With `LOSSY`, a block whose
/// one byte that is not ASCII is an error by itself ([`lone_bad_byte`]) gets the fill of `policy`
/// (counted in `replaced`) in the loop, which a lossy decoding of ASCII text would otherwise
/// leave and enter again for each.
///
/// # Safety
///
/// The caller's ISA contract; `end - p` bytes of input (`src`) and at least as many units of
/// room (at `out`) are left.
#[inline(always)]
pub(super) unsafe fn ascii_blocks<V: Lanes2, S: Sink, const LOSSY: bool>(
    src: &[u8],
    out: *mut S::Unit,
    (p, w): (usize, usize),
    end: usize,
    policy: Policy,
    replaced: &mut usize,
) -> (usize, usize) {
    // Bytes dropped under SKIP: the input moves on that much further than the output, so the
    // input's bound holds for the output too.
    let mut dropped = 0;
    // SAFETY: every block loaded and stored starts at or below `end - BLOCK` on the input's
    // side, and the output's lags it by `dropped`: 64 bytes and units. Under SKIP, the blend of
    // [`ascii_prefix`] writes the block's units past `n` back unchanged.
    unsafe {
        // A pointer for each side and one bound, so that each block costs two additions and
        // one compare: with indices, every store's address was worked out from two of them.
        let (mut at, mut to) = (src.as_ptr().add(p), out.add(w));
        if p + BLOCK <= end {
            // Where the last block may start.
            let last = src.as_ptr().add(end - BLOCK);
            while at <= last {
                let Some(loaded) = ascii_block::<V>(at) else {
                    if LOSSY && let Some((loaded, n)) = lone_bad_byte::<V>(at) {
                        let loaded = &loaded[..BLOCK / V::LANES];
                        *replaced += 1;
                        if let Some(cp) = byte_fill(policy, *at.add(n)) {
                            S::ascii64::<V>(to, at, loaded);
                            S::one(to.add(n), cp);
                            at = at.add(BLOCK);
                            to = to.add(BLOCK);
                        } else {
                            // SKIP: the units before the byte, and the next block starts
                            // after it.
                            ascii_prefix::<V, S>(to, loaded, n);
                            at = at.add(n + 1);
                            to = to.add(n);
                            dropped += 1;
                        }
                        continue;
                    }
                    break;
                };
                S::ascii64::<V>(to, at, &loaded[..BLOCK / V::LANES]);
                at = at.add(BLOCK);
                to = to.add(BLOCK);
            }
        }
        let k = at.offset_from_unsigned(src.as_ptr().add(p));
        (p + k, w + k - dropped)
    }
}

/// Where a run stopped at a block that is not all ASCII (with 64 bytes of input and of room
/// left): if it goes on with a byte that no character starts with (C0, C1, F5..FF or a
/// continuation byte), the error is there, whatever follows, and stray bytes in ASCII text stop
/// here, without the block's validation and decoding. Then the ASCII before the byte is stored,
/// with `LOSSY` the byte's fill after it (counted in `replaced`), and the new `(p, w)` returned:
/// after the fill, or at the byte (where the conversion stops without `LOSSY`). `None` for
/// anything else, nothing written: the chunk step's.
///
/// # Safety
///
/// The caller's ISA contract; `end - p` bytes of input (`src`) and at least as many units of
/// room (at `out`) are left.
#[inline(always)]
pub(super) unsafe fn ascii_stop<V: Lanes2, S: Sink, const LOSSY: bool>(
    src: &[u8],
    out: *mut S::Unit,
    (mut p, mut w): (usize, usize),
    end: usize,
    policy: Policy,
    replaced: &mut usize,
) -> Option<(usize, usize)> {
    if p + BLOCK > end {
        return None;
    }
    // SAFETY: the block at `p` is readable; it is not all ASCII (the run stopped there), so its
    // mask is not 0 and `n < 64`; the prefix rewrites the 64 units at `w` (read first), changing
    // only the first `n`, and the fill's one unit lies inside the block's room.
    unsafe {
        let at = src.as_ptr().add(p);
        let (loaded, mask) = non_ascii::<V>(at);
        debug_assert_ne!(mask, 0, "the ASCII loop stops at a block that is not");
        let n = mask.trailing_zeros() as usize;
        if (0xC2..=0xF4).contains(&*at.add(n)) {
            return None;
        }
        ascii_prefix::<V, S>(out.add(w), &loaded[..BLOCK / V::LANES], n);
        p += n;
        w += n;
        if LOSSY {
            w += put_fill::<S>(out.add(w), at.add(n), 1, policy);
            p += 1;
            *replaced += 1;
        }
        Some((p, w))
    }
}
