//! REPLACE inside a decoder kernel's call. The engine replaces an ill-formed subpart
//! after the kernel returns and then calls the kernel again, through the dispatch, for the rest:
//! on mostly valid text with scattered errors that return and re-entry cost more than the
//! replacement. The REPLACE decoders replace most errors in their own loops; for the others
//! they are inlined into a loop of their own `#[target_feature]` function, which replaces the
//! subpart the kernel stopped at and calls it again after it, without the engine. Which subpart
//! and how long it is come from the engine's own UTF-8 step, so both give identical results.

use crate::codec::decode::{Step, utf8_step};

/// Converts `src` into `dst` with `convert` (a UTF-8 decoder kernel, see `Kernels`, which may
/// replace some errors itself and count them), and where it stops at an ill-formed subpart,
/// writes `fill` for it and goes on after it. Returns `(read, written, replaced)`. Stops where
/// the engine has to decide: at the end of the input, at a sequence the end cuts off (more input
/// may complete it), at a character the kernel left (no room for it, or one the target cannot
/// hold), and where `fill` does not fit.
#[inline(always)]
pub(in crate::simd) fn replacing<U: Copy>(
    src: &[u8],
    dst: &mut [U],
    fill: U,
    mut convert: impl FnMut(&[u8], &mut [U]) -> (usize, usize, usize),
) -> (usize, usize, usize) {
    let (mut p, mut w, mut replaced) = (0, 0, 0);
    loop {
        let (r, k, n) = convert(&src[p..], &mut dst[w..]);
        p += r;
        w += k;
        replaced += n;
        let before = replaced;
        // Errors often come in a row (a cut-off sequence, a run of bad bytes): all of them
        // before the kernel is called again.
        while p < src.len() {
            let Step::Invalid { len, .. } = utf8_step(&src[p..]) else {
                break;
            };
            let Some(slot) = dst.get_mut(w) else {
                return (p, w, replaced);
            };
            *slot = fill;
            w += 1;
            p += len;
            replaced += 1;
        }
        if replaced == before || p == src.len() {
            return (p, w, replaced);
        }
    }
}
