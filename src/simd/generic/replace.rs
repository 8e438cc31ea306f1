//! Lossy decoding inside a decoder kernel's call. The engine replaces an ill-formed subpart
//! after the kernel returns and then calls the kernel again, through the dispatch, for the rest:
//! on mostly valid text with scattered errors that return and re-entry cost more than the
//! replacement. The lossy decoders replace most errors in their own loops; for the others they
//! are inlined into a loop of their own `#[target_feature]` function, which writes the policy's
//! fill for the subpart the kernel stopped at and calls it again after it, without the engine.
//! Which subpart and how long it is come from the engine's own UTF-8 step, and the fill of each
//! policy is the engine's, so both give identical results.
//!
//! Every lossy policy has the same structure here, into UTF-16 and UTF-32: REPLACE writes one
//! U+FFFD per subpart, SKIP nothing, ESCAPE and FALLBACK one unit per byte of the subpart
//! (U+DC00 + the byte, or its Windows-1252 character; all below U+10000). Replacements count
//! subparts under REPLACE and SKIP, bytes under ESCAPE and FALLBACK, as the engine counts them.

use crate::codec::decode::{Step, utf8_step};
use crate::codec::family::cp1252_char;
use crate::types::outcome::Policy;

/// The code point a one-byte ill-formed subpart `b` becomes under the lossy `policy`, or `None`
/// under SKIP, which drops it.
#[inline(always)]
pub(in crate::simd) fn byte_fill(policy: Policy, b: u8) -> Option<u32> {
    match policy {
        Policy::Skip => None,
        Policy::Escape => Some(0xDC00 | u32::from(b)),
        Policy::Fallback => Some(cp1252_char(b)),
        _ => Some(0xFFFD),
    }
}

/// The units (UTF-16 or UTF-32: one per code point) the fill of a subpart of `len` bytes takes.
#[inline(always)]
pub(in crate::simd) fn fill_units(policy: Policy, len: usize) -> usize {
    match policy {
        Policy::Skip => 0,
        Policy::Escape | Policy::Fallback => len,
        _ => 1,
    }
}

/// The replacements a subpart of `len` bytes counts as.
#[inline(always)]
pub(in crate::simd) fn fill_count(policy: Policy, len: usize) -> usize {
    match policy {
        Policy::Escape | Policy::Fallback => len,
        _ => 1,
    }
}

/// Converts `src` into `dst` with `convert` (a lossy UTF-8 decoder kernel, see `Kernels`, which
/// may replace some errors itself and count them), and where it stops at an ill-formed subpart,
/// writes the fill of `policy` for it (each code point as a unit by `unit`) and goes on after
/// it. Returns `(read, written, replaced)`. Stops where the engine has to decide: at the end of
/// the input, at a sequence the end cuts off (more input may complete it), at a character the
/// kernel left (no room for it, or one the target cannot hold), and where the fill does not fit.
#[inline(always)]
pub(in crate::simd) fn replacing<U: Copy>(
    src: &[u8],
    dst: &mut [U],
    policy: Policy,
    unit: impl Fn(u32) -> U,
    mut convert: impl FnMut(&[u8], &mut [U]) -> (usize, usize, usize),
) -> (usize, usize, usize) {
    debug_assert_ne!(policy, Policy::Strict, "a lossy policy");
    let (mut p, mut w, mut replaced) = (0, 0, 0);
    loop {
        let (r, k, n) = convert(&src[p..], &mut dst[w..]);
        p += r;
        w += k;
        replaced += n;
        let before = (p, w);
        // Errors often come in a row (a cut-off sequence, a run of bad bytes): all of them
        // before the kernel is called again.
        while p < src.len() {
            let Step::Invalid { len, .. } = utf8_step(&src[p..]) else {
                break;
            };
            let Some(slots) = dst.get_mut(w..w + fill_units(policy, len)) else {
                return (p, w, replaced);
            };
            match policy {
                Policy::Escape | Policy::Fallback => {
                    for (slot, &b) in slots.iter_mut().zip(&src[p..p + len]) {
                        *slot = unit(byte_fill(policy, b).unwrap_or(0xFFFD));
                    }
                }
                Policy::Skip => {}
                _ => slots[0] = unit(0xFFFD),
            }
            w += slots.len();
            p += len;
            replaced += fill_count(policy, len);
        }
        if (p, w) == before || p == src.len() {
            return (p, w, replaced);
        }
    }
}
