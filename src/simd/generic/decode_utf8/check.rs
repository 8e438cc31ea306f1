//! The checks of a 64-byte chunk: its masks (bytes that start a character, error flags,
//! bytes that start characters wider than the target holds), the valid prefix they give, and the
//! cheaper check by masks alone of a chunk of one- and two-byte characters.

use crate::simd::generic::utf8::{BLOCK, errors, low_lanes};
use crate::simd::generic::vector::Lanes2;

/// The masks of the 64 bytes at `p`, read as a stream starting on a character boundary: bytes
/// that are not continuation bytes, error flags (a sequence cut off at the end is not flagged)
/// and, when `WIDE`, bytes above `max`'s lead bytes (`C4..` below U+0800, else `F0..`).
///
/// # Safety
///
/// The caller's ISA contract; `BLOCK` readable bytes at `p`.
#[inline(always)]
unsafe fn block_masks<V: Lanes2, const WIDE: bool>(p: *const u8, max: u32) -> (u64, u64, u64) {
    // SAFETY: caller's ISA contract; `p` has BLOCK readable bytes.
    unsafe { masks_of::<V, WIDE>(|k| V::load(p.add(k * V::LANES)), max) }
}

/// [`block_masks`] of the chunk whose vector `k` is `vector(k)`.
///
/// # Safety
///
/// The caller's ISA contract; `vector(k)` safe to call for `k < BLOCK / LANES`.
#[inline(always)]
pub(super) unsafe fn masks_of<V: Lanes2, const WIDE: bool>(
    vector: impl Fn(usize) -> V,
    max: u32,
) -> (u64, u64, u64) {
    let n = BLOCK / V::LANES;
    // SAFETY: caller's ISA contract.
    unsafe {
        let mut errs = [V::splat(0); BLOCK / 16];
        let (mut starts, mut bigs, mut vs) = (errs, errs, errs);
        let above = V::splat(if max < 0x800 { 0xC3 } else { 0xEF });
        let not_cont = V::splat(0xBF);
        // The masks of vector `k`, after vector `$prev`; gives vector `k`. A macro,
        // not a closure: a closure is a function of its own, without the kernel's target
        // features, in which x86's intrinsics are calls.
        macro_rules! step {
            ($k:literal, $prev:expr) => {{
                let v = vector($k);
                errs[$k] = errors(v, $prev);
                starts[$k] = v.gt(not_cont);
                if WIDE && !V::ABOVE_BY_MAX {
                    bigs[$k] = v.saturating_sub(above);
                }
                vs[$k] = v;
                v
            }};
        }
        // Written out, not a loop: LLVM leaves a loop of four vectors rolled for wasm32, and
        // the arrays above then live in the module's memory, each mask stored and loaded again;
        // with constant indices they are registers. `n` is 1, 2 or 4.
        const { assert!(matches!(BLOCK / V::LANES, 1 | 2 | 4)) };
        let v0 = step!(0, V::splat(0));
        if n > 1 {
            let v1 = step!(1, v0);
            if n > 2 {
                let v2 = step!(2, v1);
                step!(3, v2);
            }
        }
        if WIDE && V::ABOVE_BY_MAX {
            let (bad, big) = V::errors_and_above(&errs[..n], &vs[..n], above);
            return (V::movemask_block(&starts[..n]), bad, big);
        }
        (
            V::movemask_block(&starts[..n]),
            V::nonzero_mask_block(&errs[..n]),
            if WIDE {
                V::nonzero_mask_block(&bigs[..n])
            } else {
                0
            },
        )
    }
}

/// Validates the 64 bytes at `p` as a stream starting on a character boundary. Returns the mask
/// of bytes that are not continuation bytes and how many leading bytes are safe to convert
/// (see [`valid_prefix`]). A sequence cut off at the end is not flagged.
///
/// # Safety
///
/// The caller's ISA contract; `BLOCK` readable bytes at `p`.
#[inline(always)]
pub(super) unsafe fn check_chunk<V: Lanes2>(p: *const u8) -> (u64, usize) {
    // SAFETY: forwarded.
    let (leads, bad, _) = unsafe { block_masks::<V, false>(p, 0) };
    (leads, valid_prefix(leads, bad))
}

/// How many leading bytes of a chunk are whole valid characters, given its masks of bytes that
/// are not continuation bytes and of error flags: all of it without a flag, else up to the last
/// character start before the first flag. A flag sits on the first byte where its sequence went
/// wrong, and only continuation bytes lie between that sequence's start and it (a non-
/// continuation byte in between would have been flagged first), so every character before
/// that start is whole and valid; the one at it may be the bad one.
#[inline(always)]
pub(in crate::simd) fn valid_prefix(leads: u64, bad: u64) -> usize {
    if bad == 0 {
        return BLOCK;
    }
    let before = leads & low_lanes(bad.trailing_zeros());
    if before == 0 {
        0
    } else {
        63 - before.leading_zeros() as usize
    }
}

/// [`check_chunk`], and whether the valid prefix it gives is free of bytes that start characters
/// above U+FFFF (above U+00FF when `max` is below U+0800), so that
/// [`chunk_wide`](super::window::chunk_wide) can take it.
///
/// # Safety
///
/// The caller's ISA contract; `BLOCK` readable bytes at `p`.
#[inline(always)]
pub(super) unsafe fn check_chunk_wide<V: Lanes2>(p: *const u8, max: u32) -> (u64, usize, bool) {
    // SAFETY: forwarded.
    let (leads, bad, big) = unsafe { block_masks::<V, true>(p, max) };
    let limit = valid_prefix(leads, bad);
    (leads, limit, big & low_lanes(limit as u32) == 0)
}

/// The mask of bytes that are not continuation bytes of the 64 bytes at `p` (a character
/// boundary), when they are all characters of one or two bytes with leads up to `top` (`DF`, or
/// `C3` for characters up to U+00FF), valid but for a lead cut off at the end; `None` for
/// anything else, an error included. Cyrillic, Greek, Hebrew, Arabic and accented Latin text is
/// such chunks, and masks alone vouch for them, at about half the instructions of the
/// three-table validation: no byte is C0, C1 or above `top`, and the continuation bytes are
/// exactly the bytes after a lead. Chunks that fail it go on to [`check_chunk_wide`].
///
/// # Safety
///
/// The caller's ISA contract; `BLOCK` readable bytes at `p`.
#[inline(always)]
pub(super) unsafe fn two_byte_chunk<V: Lanes2>(p: *const u8, top: u8) -> Option<u64> {
    let n = BLOCK / V::LANES;
    // SAFETY: caller's ISA contract; `p` has BLOCK readable bytes.
    unsafe {
        let mut vs = [V::splat(0); BLOCK / 16];
        for (k, v) in vs[..n].iter_mut().enumerate() {
            *v = V::load(p.add(k * V::LANES));
        }
        // Above `top`, or C0/C1 (the only bytes that `^ C0` takes below 2).
        let (above, c0, two) = (V::splat(top), V::splat(0xC0), V::splat(2));
        // A loop, not `fold`: the call to `fold` was not always inlined, and outside the
        // kernel's `target_feature` function the intrinsics are calls too.
        let mut bad = V::splat(0);
        for &v in &vs[..n] {
            bad = bad
                .or(v.saturating_sub(above))
                .or(two.saturating_sub(v.xor(c0)));
        }
        if !bad.is_zero() {
            return None;
        }
        let mut not_cont = vs;
        for v in &mut not_cont[..n] {
            *v = v.gt(V::splat(0xBF));
        }
        let high = V::movemask_block(&vs[..n]);
        let not_cont = V::movemask_block(&not_cont[..n]);
        ((high & not_cont) << 1 == high & !not_cont).then_some(not_cont)
    }
}
