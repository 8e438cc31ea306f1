//! The copy of a run of ASCII bytes from one byte form to another (Latin-1 ↔ UTF-8), where the
//! conversion's output is its input: [`ascii_run`].
//!
//! Why stores on the output's lines: a store that straddles two cache lines costs two, and a
//! large output rarely starts on a line (glibc's `malloc` hands out 16-byte aligned blocks).
//!
//! Why each step's loads before the last step's stores: a load whose address matches an older
//! store's in its low 12 bits waits for that store (the "4K aliasing" of x86 cores). When the
//! output lies a little ahead of the input in their pages (`dst - src` of 64 to 256 modulo
//! 4096), every load of a copy that stores a block before it loads the next matches the store
//! just made; loading a step ahead leaves only stores that lie behind. UTF-8 → Latin-1 of the
//! 85 KiB all-ASCII file with `avx512`, which stored a block at a time as it tested it, ran at
//! 0.36-0.80x `memcpy` in its worst place (input 16 bytes into a page, output 64 bytes
//! further) and 0.91x in the median one; with this copy at 0.95-0.97x and 0.96-0.98x.
//! Latin-1 → UTF-8 (aligned steps already, tested before stored): worst 0.95x → 0.96-0.98x
//! with `avx512`, 0.81x → 0.89-0.90x with `sse42`; French text unchanged within 2 % (2-core
//! AMD EPYC, Zen 4, idle; `cargo bench --bench alignment -- --runs 11 --min-ms 5 --src 0,16
//! --gap 0,64,192,1024,2048,3040,3984`, old and new binaries one after the other).

use super::vector::Vector;

/// Copies the run of ASCII that starts with `v` (the vector at `src[r..]`, the one before it
/// ASCII too) to `out[w..out_len]`: `v` as it lies, then 64 bytes a step (256 with AVX-512)
/// with one test of their high bits, stored on the output's `LANES`-byte boundaries, until a
/// step holds a byte above 0x7F or input or room runs short. Returns the new `r` and `w`: past
/// the last step stored, or past `v` when none was (the bytes `v` wrote beyond its boundary
/// count only once a step covers them: nothing may be left written past the output).
///
/// Vectors a step: four (SSE4.2's 64 bytes, AVX-512's 256), AVX2 two (its four cost French
/// Latin-1 → UTF-8 4 % more, its runs of 128 bytes seldom reaching a step of them).
///
/// # Safety
/// The caller's ISA contract; r + LANES <= src.len(), and `out[w..out_len]` writable with
/// w + LANES <= out_len.
#[inline(always)]
pub(in crate::simd) unsafe fn ascii_run<V: Vector>(
    src: &[u8],
    out: *mut u8,
    out_len: usize,
    v: V,
    r: usize,
    w: usize,
) -> (usize, usize) {
    // SAFETY: forwarded.
    unsafe {
        if V::LANES == 32 {
            ascii_steps::<V, 2>(src, out, out_len, v, r, w)
        } else {
            ascii_steps::<V, 4>(src, out, out_len, v, r, w)
        }
    }
}

/// [`ascii_run`] with steps of `N` vectors.
///
/// # Safety
/// As [`ascii_run`].
#[inline(always)]
unsafe fn ascii_steps<V: Vector, const N: usize>(
    src: &[u8],
    out: *mut u8,
    out_len: usize,
    v: V,
    r: usize,
    w: usize,
) -> (usize, usize) {
    let step = N * V::LANES;
    // SAFETY (whole body): per the caller's contract `v`'s store fits, and `a` (1 to LANES) keeps
    // `p` and `q` inside it; a step is loaded only with `step` bytes of input at its place, and
    // stored only with `step` bytes of room at `q`.
    unsafe {
        v.store(out.add(w));
        let a = V::LANES - (out.add(w) as usize & (V::LANES - 1));
        let (mut p, mut q) = (r + a, w + a);
        if src.len() - p < step || out_len - q < step {
            return (r + V::LANES, w + V::LANES);
        }
        let (mut vs, ascii) = load_step::<V, N>(src.as_ptr().add(p));
        if !ascii {
            return (r + V::LANES, w + V::LANES);
        }
        // `vs` holds the ASCII step at `p`, not yet stored.
        while src.len() - p >= 2 * step && out_len - q >= step {
            let (next, ascii) = load_step::<V, N>(src.as_ptr().add(p + step));
            for (i, x) in vs.iter().enumerate() {
                x.store(out.add(q + i * V::LANES));
            }
            p += step;
            q += step;
            if !ascii {
                return (p, q);
            }
            vs = next;
        }
        // The last step loaded and tested, if there is room for it.
        if out_len - q >= step {
            for (i, x) in vs.iter().enumerate() {
                x.store(out.add(q + i * V::LANES));
            }
            p += step;
            q += step;
        }
        (p, q)
    }
}

/// The `N` vectors at `at`, and whether they are all ASCII.
///
/// (A function, not a closure: a closure that is not inlined does not get its caller's target
/// features, and its vectors go through memory one call at a time.)
///
/// # Safety
/// The caller's ISA contract; `N * LANES` readable bytes at `at`.
#[inline(always)]
unsafe fn load_step<V: Vector, const N: usize>(at: *const u8) -> ([V; N], bool) {
    // SAFETY: per the contract.
    unsafe {
        let mut vs = [V::load(at); N];
        let mut any = vs[0];
        for (i, x) in vs.iter_mut().enumerate().skip(1) {
            *x = V::load(at.add(i * V::LANES));
            any = any.or(*x);
        }
        (vs, any.no_high_bits())
    }
}
