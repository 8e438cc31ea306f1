//! The loop over whole vectors of BMP characters ([`vectors`]): each vector by its kind, a step
//! per kind of run: ASCII ([`ascii_vector`]), characters from U+0800 ([`bmp_vectors`]), and
//! values below U+0800 mixed with ASCII ([`mixed_vectors`]).

use super::super::vector::Lanes2;
use super::{
    Source, all_ascii, ascii_run, ascii_steps, bmp_run, classify, encode_wide, store_ascii,
    surrogates,
};

/// Where a step of [`vectors`] leaves the loop: `Ok` with where it stopped and the vector of
/// units there, loaded, for the loop to go on with; `Err` with where the loop stops.
type Next<V> = Result<(usize, usize, V), (usize, usize)>;

/// Whether the vector at `r` and the one after it are there, and the room for the first's bytes
/// and overrun (`3 * LANES / 2 + 12`).
#[inline(always)]
fn fits<V: Lanes2>(len: usize, cap: usize, r: usize, w: usize) -> bool {
    let n = V::LANES / 2;
    r + 2 * n <= len && w + 3 * n + 12 <= cap
}

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
/// # Safety
/// The caller's ISA contract.
#[inline(always)]
pub(super) unsafe fn vectors<V: Lanes2, S: Source>(
    src: &[S::Unit],
    dst: &mut [u8],
    mut r: usize,
    mut w: usize,
) -> (usize, usize) {
    if !fits::<V>(src.len(), dst.len(), r, w) {
        return (r, w);
    }
    // SAFETY: the caller's ISA contract; `fits` checked the units loaded here, and each step is
    // handed the vector at `r` with `fits(r, w)`, as it asks (the steps check it again for the
    // vector they hand back).
    unsafe {
        let Some(mut cur) = S::load_wide::<V>(src.as_ptr().add(r)) else {
            return (r, w);
        };
        // Each step's result is taken where it returns, as the loop's `continue` and `return`
        // were before the steps: a result merged from the three first cost Hindi from UTF-16 6 %
        // more instructions (`avx2`).
        loop {
            if all_ascii(cur) {
                match ascii_vector::<V, S>(src, dst, r, w, cur) {
                    Ok(go_on) => (r, w, cur) = go_on,
                    Err(stop) => return stop,
                }
                continue;
            }
            if !cur.and_is_zero(V::splat16(0xF800)) {
                match bmp_vectors::<V, S>(src, dst, r, w, cur) {
                    Ok(go_on) => (r, w, cur) = go_on,
                    Err(stop) => return stop,
                }
                continue;
            }
            match mixed_vectors::<V, S>(src, dst, r, w, cur) {
                Ok(go_on) => (r, w, cur) = go_on,
                Err(stop) => return stop,
            }
        }
    }
}

/// The vector at `r` when [`fits`] says it and the one after it are there with the room.
///
/// # Safety
/// The caller's ISA contract.
#[inline(always)]
unsafe fn reload<V: Lanes2, S: Source>(src: &[S::Unit], cap: usize, r: usize, w: usize) -> Next<V> {
    if !fits::<V>(src.len(), cap, r, w) {
        return Err((r, w));
    }
    // SAFETY: the caller's ISA contract; `fits` checked that the units loaded are there.
    match unsafe { S::load_wide::<V>(src.as_ptr().add(r)) } {
        Some(v) => Ok((r, w, v)),
        None => Err((r, w)),
    }
}

/// Stores `cur`, the vector at `r`, all ASCII, and when the vector after it is ASCII too, the
/// run of ASCII after it with the loops made for it; returns the vector after them.
///
/// # Safety
/// The caller's ISA contract; `cur` was loaded from `src[r..]` and [`fits`]`(r, w)` holds.
#[inline(always)]
unsafe fn ascii_vector<V: Lanes2, S: Source>(
    src: &[S::Unit],
    dst: &mut [u8],
    r: usize,
    w: usize,
    cur: V,
) -> Next<V> {
    let n = V::LANES / 2;
    // SAFETY: the caller's ISA contract; `fits(r, w)` has room for `cur`'s `n` bytes and the
    // vector after it in `src`.
    unsafe {
        store_ascii(dst.as_mut_ptr().add(w), cur);
        let (r, w) = (r + n, w + n);
        let next = S::load_wide::<V>(src.as_ptr().add(r));
        if next.is_some_and(|v| all_ascii(v)) {
            // A run of ASCII: the loops made for it, then the vector after it.
            let (r, w) = if S::RUNS32 {
                ascii_steps::<V, S>(src, dst, r, w)
            } else {
                ascii_run::<V, S>(src, dst, r, w)
            };
            return reload::<V, S>(src, dst.len(), r, w);
        }
        match next {
            Some(v) if fits::<V>(src.len(), dst.len(), r, w) => Ok((r, w, v)),
            _ => Err((r, w)),
        }
    }
}

/// Encodes the run of characters from U+0800 (CJK, Indic, with ASCII between them) that `cur`,
/// the vector at `r`, starts, with the loop made for them ([`bmp_run`], which classifies each
/// vector a step ahead); returns the vector after it.
///
/// # Safety
/// The caller's ISA contract; `cur` was loaded from `src[r..]` and [`fits`]`(r, w)` holds.
#[inline(always)]
unsafe fn bmp_vectors<V: Lanes2, S: Source>(
    src: &[S::Unit],
    dst: &mut [u8],
    r: usize,
    w: usize,
    cur: V,
) -> Next<V> {
    // SAFETY: the caller's ISA contract; `fits(r, w)` is the room for `cur` that `bmp_run` asks.
    unsafe {
        let c = classify(cur);
        if c.surrogates {
            return Err((r, w));
        }
        let (r, w) = bmp_run::<V, S>(src, dst, r, w, c);
        reload::<V, S>(src, dst.len(), r, w)
    }
}

/// Encodes the run of characters from U+0080 (with ASCII between them) that `cur`, the vector at
/// `r`, all below U+0800, starts, until a vector of ASCII, which it returns.
///
/// # Safety
/// The caller's ISA contract; `cur` was loaded from `src[r..]`, holds values below U+0800 only,
/// and [`fits`]`(r, w)` holds.
#[inline(always)]
unsafe fn mixed_vectors<V: Lanes2, S: Source>(
    src: &[S::Unit],
    dst: &mut [u8],
    mut r: usize,
    mut w: usize,
    mut cur: V,
) -> Next<V> {
    let n = V::LANES / 2;
    let (len, cap) = (src.len(), dst.len());
    // `cur` holds no surrogate, and `short` says whether all its values are below U+0800 (the
    // test that spares most two-byte text the surrogate test).
    let mut short = true;
    // SAFETY: the caller's ISA contract; `cur` has the room `fits` checked, and each vector
    // after it is loaded and stored only where `fits` says so from where `cur`'s bytes end at
    // the latest; a store that is not exact runs at most `n` bytes past its own, which the next
    // vector's store, ASCII or not, overwrites.
    unsafe {
        loop {
            let out = dst.as_mut_ptr().add(w);
            // The vector after `cur`, when it will be stored (it is there with the room it
            // needs once `cur`'s 3 * n bytes at most are written, and holds no surrogate), and
            // its `short`.
            let next = if fits::<V>(len, cap, r + n, w + 3 * n) {
                S::load_wide::<V>(src.as_ptr().add(r + n)).and_then(|v| {
                    let short = v.and_is_zero(V::splat16(0xF800));
                    (short || surrogates(v).is_zero()).then_some((v, short))
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
                        return Ok((r, w, cur));
                    }
                }
                _ => {
                    w += encode_wide::<V, true>(out, cur, short);
                    return Err((r + n, w));
                }
            }
        }
    }
}
