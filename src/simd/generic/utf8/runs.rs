//! The validation loop's runs: blocks of ASCII, skipped four at a time, and blocks of text with
//! characters from U+0800 (or an error), checked a group at a time.

use super::super::vector::Vector;
use super::{BLOCK, ascii_at, checked_group};

/// Where the run of ASCII that the whole block at `i` starts ends: the first block from there
/// that is not ASCII, or where less than a block is left.
///
/// # Safety
/// The caller's ISA contract; `i + BLOCK <= src.len()` and the block at `i` is ASCII (the bytes
/// this backs up over are in it).
#[inline(always)]
pub(super) unsafe fn skip_ascii<V: Vector>(src: &[u8], mut i: usize) -> usize {
    let vecs = BLOCK / V::LANES;
    // ASCII comes in runs: skip them four blocks at a time, then resume. The loads start at a
    // multiple of the vector width (the bytes it backs up over are in the block just checked): a
    // load that crosses a cache line costs two, and with AVX-512 text that was not so aligned
    // validated at 0.8 of the speed of text that was.
    // Only a run of blocks pays for it: a short input backed up this way would be left with a
    // tail to pad.
    i += BLOCK;
    if i + 4 * BLOCK <= src.len() {
        i -= (src.as_ptr() as usize + i) % V::LANES;
    }
    // SAFETY: the caller's ISA contract; each load is tested to lie inside `src` before it.
    unsafe {
        while i + 4 * BLOCK <= src.len() && ascii_at::<V>(src.as_ptr().add(i), 4 * vecs) {
            i += 4 * BLOCK;
        }
        // Then a block at a time, here rather than through the caller's loop, which tests
        // `pending` again for each block: an input of a few blocks of ASCII (`avx2`, 256 bytes)
        // took longer than simdutf's.
        while i + BLOCK <= src.len() && ascii_at::<V>(src.as_ptr().add(i), vecs) {
            i += BLOCK;
        }
    }
    i
}

/// Checks the run of text that is not ASCII that the whole block at `i` starts, a group of
/// blocks at a time, until a block of ASCII or less than a block left: `Ok` with where the
/// checked blocks end, their last vector in `prev` and whether it leaves a sequence open in
/// `pending` (as [`checked_group`]); `Err` with a boundary before the first error. `prev` is the
/// vector before `i`.
///
/// # Safety
/// The caller's ISA contract; `3 <= i` and `i + BLOCK <= src.len()`.
#[inline(always)]
pub(super) unsafe fn text_run<V: Vector, const NO4: bool>(
    src: &[u8],
    mut i: usize,
    prev: &mut V,
    pending: &mut V,
) -> Result<usize, usize> {
    // SAFETY: the caller's ISA contract; the block at `i` is whole and has three bytes before it
    // (caller), and each later one is tested before the group that reads it.
    unsafe {
        // Text that is not ASCII comes in runs too: check up to GROUP blocks, then test for
        // errors once (an error sends the caller back to the group's start). Groups follow one
        // another here until a block of ASCII: text that has characters from U+0800 (or an
        // error) is not given the two-byte test again before then.
        loop {
            i = checked_group::<V, NO4, true>(src, i, prev, pending)?;
            if i + BLOCK > src.len() || ascii_at::<V>(src.as_ptr().add(i), BLOCK / V::LANES) {
                return Ok(i);
            }
        }
    }
}
