//! The loop over whole vectors of BMP characters ([`vectors`]): each vector by its kind, with
//! loops of their own for runs of ASCII and of characters from U+0800.

use super::super::vector::Lanes2;
use super::{
    Source, all_ascii, ascii_run, ascii_steps, bmp_run, classify, encode_wide, rejected, saturates,
    store_ascii,
};

/// Encodes whole vectors of BMP characters from `src[r..]`, each by its kind, until a vector
/// with a surrogate, a unit the source cannot give as a 16-bit value, or the end of the input
/// or the room; returns where it stopped. Vectors of ASCII and of values below U+0800 share one
/// loop: text that mixes ASCII with accented letters (French and most European text, source
/// code) changes between the two every vector or two, and with a loop per kind (as before) each
/// change was a loop to leave and one to enter, which cost French text from UTF-16 twice the
/// time of simdutf. Runs of ASCII, and of characters from U+0800, which come in long runs, keep
/// loops of their own ([`ascii_steps`] or [`ascii_run`], [`bmp_run`]). The vector after each one
/// is loaded before it is stored, so that a vector is stored exactly only where the one after it
/// is not stored.
///
/// One function with an unsafe block per kind of vector, not a function per kind: as functions
/// the kinds changed the code LLVM made for the loop of [`bmp_run`] here, Hindi from UTF-16 6 %
/// more instructions with `avx2` (callgrind).
///
/// # Safety
/// The caller's ISA contract.
#[inline(always)]
pub(super) unsafe fn vectors<V: Lanes2, S: Source>(
    src: &[S::Unit],
    dst: &mut [u8],
    mut r: usize,
    mut w: usize,
) -> (usize, usize) {
    let n = V::LANES / 2;
    // Whether the vector at `r` and the one after it are there, and the room for the first's
    // bytes and overrun (3 * n + 12).
    let (len, cap) = (src.len(), dst.len());
    let fits = |r: usize, w: usize| r + 2 * n <= len && w + 3 * n + 12 <= cap;
    if !fits(r, w) {
        return (r, w);
    }
    // SAFETY: the caller's ISA contract; `fits` checked the units read.
    let Some(mut cur) = (unsafe { S::load_wide::<V>(src.as_ptr().add(r)) }) else {
        return (r, w);
    };
    // Each unsafe block below is handed `cur`, the vector at `r`, with `fits(r, w)`.
    loop {
        // SAFETY: the caller's ISA contract.
        if unsafe { all_ascii(cur) } {
            // SAFETY: the caller's ISA contract; `fits(r, w)` has room for `cur`'s `n` bytes
            // and the vector after it in `src`; the run's loops check their own.
            unsafe {
                store_ascii(dst.as_mut_ptr().add(w), cur);
                r += n;
                w += n;
                let next = S::load_wide::<V>(src.as_ptr().add(r));
                if next.is_some_and(|v| all_ascii(v)) {
                    // A run of ASCII: the loops made for it, then the vector after it.
                    (r, w) = if S::RUNS32 {
                        ascii_steps::<V, S>(src, dst, r, w)
                    } else {
                        ascii_run::<V, S>(src, dst, r, w)
                    };
                    if !fits(r, w) {
                        return (r, w);
                    }
                    match S::load_wide::<V>(src.as_ptr().add(r)) {
                        Some(v) => cur = v,
                        None => return (r, w),
                    }
                } else {
                    match next {
                        Some(v) if fits(r, w) => cur = v,
                        _ => return (r, w),
                    }
                }
            }
            continue;
        }
        // SAFETY: the caller's ISA contract.
        let mut short = unsafe { cur.and_is_zero(V::splat16(0xF800)) };
        if !short {
            // Characters from U+0800 (CJK, Indic, with ASCII between them) come in runs: the
            // loop made for them, which classifies each vector a step ahead.
            // SAFETY: the caller's ISA contract; `fits(r, w)` is the room for `cur` that
            // `bmp_run` asks, and `fits` checks the units of the vector after the run.
            unsafe {
                let c = classify(cur, const { saturates::<V, S>() });
                if c.surrogates {
                    return (r, w);
                }
                (r, w) = bmp_run::<V, S>(src, dst, r, w, c);
                if !fits(r, w) {
                    return (r, w);
                }
                match S::load_wide::<V>(src.as_ptr().add(r)) {
                    Some(v) => cur = v,
                    None => return (r, w),
                }
            }
            continue;
        }
        // Characters from U+0080 (with ASCII between them): `cur` holds no surrogate, and
        // `short` says whether all its values are below U+0800 (the test that spares most
        // two-byte text the surrogate test).
        // SAFETY: the caller's ISA contract; `cur` has the room `fits` checked, and each vector
        // after it is loaded and stored only where `fits` says so from where `cur`'s bytes end
        // at the latest; a store that is not exact runs at most `n` bytes past its own, which
        // the next vector's store, ASCII or not, overwrites.
        unsafe {
            loop {
                let out = dst.as_mut_ptr().add(w);
                // The vector after `cur`, when it will be stored (it is there with the room it
                // needs once `cur`'s 3 * n bytes at most are written, and holds no surrogate),
                // and its `short`.
                let next = if fits(r + n, w + 3 * n) {
                    S::load_wide::<V>(src.as_ptr().add(r + n)).and_then(|v| {
                        let short = v.and_is_zero(V::splat16(0xF800));
                        (short || rejected::<V, S>(v).is_zero()).then_some((v, short))
                    })
                } else {
                    None
                };
                match next {
                    Some((v, next_short)) => {
                        w += encode_wide::<V, false>(out, cur, short);
                        r += n;
                        cur = v;
                        short = next_short;
                        if all_ascii(cur) {
                            break;
                        }
                    }
                    _ => {
                        w += encode_wide::<V, true>(out, cur, short);
                        return (r + n, w);
                    }
                }
            }
        }
    }
}
