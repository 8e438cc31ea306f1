//! The end of the input that is less than a block, after the validation loop: checked where it
//! lies, as the end of the input's last whole block, or for input shorter than a block and three
//! bytes from a copy padded with zeros.

use super::super::vector::Vector;
use super::{BLOCK, ascii_at, boundary, ends_cut, errors_with, group};

/// Checks the tail from `i` as the end of the input's last whole block, with the bytes before
/// each vector loaded: the bytes of that block before the tail were checked already and are
/// checked again, in the same context. `src.len()` when valid, else a boundary at or before `i`.
/// A copy of the tail padded with zeros, read back from where the tail starts in it, waited for
/// the stores each time (a load that spans two stores in flight cannot take its bytes from
/// them): 100 ASCII bytes took twice as long as 128 with `avx2`.
///
/// # Safety
/// The caller's ISA contract; `src.len() >= BLOCK + 3`, `i <= src.len()`, and everything before
/// `i` passed the loop's checks.
#[inline(always)]
pub(super) unsafe fn tail_in_place<V: Vector, const NO4: bool>(src: &[u8], i: usize) -> usize {
    let last = src.len() - BLOCK;
    // SAFETY: the caller's ISA contract; the block at `last` is the last BLOCK bytes of `src`,
    // and the three bytes before it lie in `src` too (`len >= BLOCK + 3`).
    unsafe {
        // A sequence cut off before the tail (`pending`) has its bytes in this block.
        if ascii_at::<V>(src.as_ptr().add(last), BLOCK / V::LANES) {
            return src.len();
        }
        let (err, _, _) = group::<V, NO4, true>(src, last, V::splat(0));
        // No zeros after the end here: a sequence the end cuts off is seen from its bytes.
        if err.is_zero() && !ends_cut(src) {
            src.len()
        } else {
            boundary(src, i)
        }
    }
}

/// Checks the tail of a short input from `i`, padded with zeros: a sequence cut off by the end
/// meets a zero and is flagged. `prev` is the vector before `i` (zeros for none). `src.len()`
/// when valid, else a boundary at or before `i`. Inputs of a block to three bytes more have their
/// last block copied with vector loads and stores before a block of zeros, and the tail read
/// from where it starts in the copy: a `copy_from_slice` of the tail's variable length is a call
/// to `memcpy`, which cost more than the tail's validation.
///
/// # Safety
/// The caller's ISA contract; `i <= src.len()` and `src.len() - i < BLOCK`.
#[inline(always)]
pub(super) unsafe fn tail_padded<V: Vector, const NO4: bool>(
    src: &[u8],
    i: usize,
    prev: V,
) -> usize {
    let vecs = BLOCK / V::LANES;
    let mut tail = [0u8; 2 * BLOCK];
    let rest = src.len() - i;
    // SAFETY: the caller's ISA contract. With `len >= BLOCK` the last BLOCK bytes of `src` are
    // copied into the first BLOCK of `tail`; the vectors read back start at `from <= BLOCK` (`rest
    // < BLOCK`) and end by `from + BLOCK <= 2 * BLOCK`, inside `tail`.
    unsafe {
        let from = if src.len() >= BLOCK {
            let last = src.as_ptr().add(src.len() - BLOCK);
            for k in 0..vecs {
                V::load(last.add(k * V::LANES)).store(tail.as_mut_ptr().add(k * V::LANES));
            }
            BLOCK - rest
        } else {
            tail[..rest].copy_from_slice(&src[i..]);
            0
        };
        let mut err = V::splat(0);
        let mut last = prev;
        for k in 0..vecs {
            let v = V::load(tail.as_ptr().add(from + k * V::LANES));
            err = err.or(errors_with::<V, NO4>(v, last));
            last = v;
        }
        if err.is_zero() {
            src.len()
        } else {
            boundary(src, i)
        }
    }
}
