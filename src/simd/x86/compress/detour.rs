//! The detours: the 256-bit algorithms, instantiated here as functions of their own called
//! through a pointer, that take the stretches the block forms do not.

use core::arch::x86_64::*;

use crate::simd::generic::decode_utf8;
use crate::simd::generic::encode_utf8;
use crate::simd::generic::replace;
use crate::types::outcome::Policy;

/// UTF-32 units handed to the 256-bit encoder when a block is not one these functions take
/// (only errors and the input's end: every valid character has a block form).
pub(super) const DETOUR: usize = 64;

/// Hands at most `limit` input units from `p` to the 256-bit algorithm `convert`, which writes at
/// `out[w..out_len]`: returns the new `p` and `w`, and whether the block forms should go on (not
/// once `convert` made no progress or reached the end of the input).
///
/// # Safety
///
/// The ISA contract of `convert`; `p` within `src`, and `out[w..out_len]` writable and reached
/// through `out` alone.
#[inline(always)]
pub(super) unsafe fn detour<A, B>(
    src: &[A],
    out: *mut B,
    out_len: usize,
    at: (usize, usize),
    limit: usize,
    convert: Detour<A, B>,
) -> (usize, usize, bool) {
    // A direct call rather than `detour_with` behind a closure: with the closure the UTF-16 →
    // UTF-8 block loop around it ran ASCII 4 % slower (51.6 against 53.6–54.1 GB/s, Zen 4).
    let (p, w) = at;
    let end = src.len().min(p + limit);
    // SAFETY: the caller's ISA contract, which is `convert`'s; `out[w..out_len]` is the
    // caller's output, writable and reached through `out` alone.
    let (r, n) = unsafe {
        convert(
            &src[p..end],
            core::slice::from_raw_parts_mut(out.add(w), out_len - w),
        )
    };
    (p + r, w + n, r != 0 && end != src.len())
}

/// [`detour`] to any conversion `convert`.
///
/// # Safety
///
/// `p` within `src`, and `out[w..out_len]` writable and reached through `out` alone.
#[inline(always)]
unsafe fn detour_with<A, B>(
    src: &[A],
    out: *mut B,
    out_len: usize,
    (p, w): (usize, usize),
    limit: usize,
    convert: impl FnOnce(&[A], &mut [B]) -> (usize, usize),
) -> (usize, usize, bool) {
    let end = src.len().min(p + limit);
    // SAFETY: `out[w..out_len]` is the caller's output, writable and reached through `out` alone.
    let dst = unsafe { core::slice::from_raw_parts_mut(out.add(w), out_len - w) };
    let (r, n) = convert(&src[p..end], dst);
    (p + r, w + n, r != 0 && end != src.len())
}

/// Input bytes handed to the 256-bit UTF-8 decoder ([`decode256`]) at a time, and twice the
/// UTF-16 units handed to the 256-bit encoder ([`encode256`]): a call costs more than an inlined
/// detour, and text that mixes surrogate pairs with other characters takes the encoder at every
/// block.
pub(super) const DECODE_DETOUR: usize = 1024;

/// Input bytes handed to the 256-bit UTF-8 decoder at a time from a block without ASCII.
const DENSE_DETOUR: usize = 8192;

/// The 256-bit UTF-8 decoder the block forms detour to, as a function of its own, called through
/// an opaque pointer ([`decode256`]): inlined, its registers crowded the block loops around it
/// (two-byte text into UTF-32 and French into Latin-1 ran 5 and 9 % slower when it grew).
///
/// # Safety
///
/// The caller's ISA contract (the features enabled here).
#[target_feature(enable = "avx,avx2,bmi1,popcnt,sse4.2")]
unsafe fn decode256_body<S: decode_utf8::Sink>(src: &[u8], dst: &mut [S::Unit]) -> (usize, usize) {
    // SAFETY: the caller's ISA contract (AVX-512 implies the features enabled here).
    unsafe { decode_utf8::convert::<__m256i, S>(src, dst) }
}

/// [`decode256_body`] as a pointer the compiler cannot see through (`#[inline(never)]` alone
/// did not keep it out of line).
#[inline(always)]
pub(super) fn decode256<S: decode_utf8::Sink>() -> Detour<u8, S::Unit> {
    core::hint::black_box(decode256_body::<S> as Detour<u8, S::Unit>)
}

/// The 256-bit encoder to UTF-8 from `S` (UTF-16 or UTF-32) the block forms detour to, as a
/// function of its own compiled with the features it needs, called through an opaque pointer
/// ([`encode256`]). Passed as a plain function instead, it was either inlined into the block loop
/// (whose common blocks then ran 15–23 % slower: UTF-16 → UTF-8 of ASCII, Hindi, Korean) or,
/// behind a closure, called as a copy compiled without AVX2, whose every intrinsic was a call
/// (text of surrogate pairs, which took the detour at every block before [`pairs_to_utf8`], ran
/// at a quarter of its speed).
///
/// # Safety
///
/// The caller's ISA contract (the features enabled here).
#[target_feature(enable = "avx,avx2,bmi1,popcnt,sse4.2")]
unsafe fn encode256_body<S: encode_utf8::Source>(
    src: &[S::Unit],
    dst: &mut [u8],
) -> (usize, usize) {
    // The block loop this set was measured with on AVX-512 machines, not the vector loop the
    // `avx2` set now runs (not yet measured behind this set's own loop).
    // SAFETY: the caller's ISA contract (AVX-512 implies the features enabled here).
    unsafe { encode_utf8::convert_blocks::<__m256i, S>(src, dst) }
}

/// [`encode256_body`] as a pointer the compiler cannot see through.
#[inline(always)]
pub(super) fn encode256<S: encode_utf8::Source>() -> Detour<S::Unit, u8> {
    core::hint::black_box(encode256_body::<S> as Detour<S::Unit, u8>)
}

/// [`detour`] to the 256-bit UTF-8 decoder for [`DENSE_DETOUR`] bytes, out of line: inlined,
/// it made the block loop around it slower on the texts that never take it (Hindi and Korean
/// 5–9 %). Cold: called about once per 8 KiB (again after an error or a full output), and kept
/// off the block loop's path. (No target features: it only slices and calls through a pointer.)
///
/// With `LOSSY`, the 256-bit decoder that writes the fill of `policy` itself (see `replace`)
/// takes the stretch; the fourth value counts what it replaced. (A count returned, not added
/// through a pointer: a pointer to the caller's count, passed to a function not inlined, kept
/// the count in memory and cost the caller's loops registers.)
///
/// # Safety
///
/// The caller's ISA contract (AVX2 at least); `at.0` within `src`, and `out[at.1..out_len]`
/// writable and reached through `out` alone.
#[cold]
#[inline(never)]
pub(super) unsafe fn dense_detour<S: decode_utf8::Sink, const LOSSY: bool>(
    src: &[u8],
    out: *mut S::Unit,
    out_len: usize,
    at: (usize, usize),
    policy: Policy,
) -> (usize, usize, bool, usize) {
    if !LOSSY {
        // SAFETY: forwarded: the caller's ISA contract (AVX-512, so the 256-bit decoder's
        // features) and its output `out[at.1..out_len]`.
        let (p, w, go_on) =
            unsafe { detour(src, out, out_len, at, DENSE_DETOUR, decode256::<S>()) };
        return (p, w, go_on, 0);
    }
    let mut replaced = 0;
    // SAFETY: as above (the replacing decoder needs the same features).
    let (p, w, go_on) = unsafe {
        detour_with(src, out, out_len, at, DENSE_DETOUR, |s, d| {
            let (r, n, k) = decode256_replacing::<S>(s, d, policy);
            replaced += k;
            (r, n)
        })
    };
    (p, w, go_on, replaced)
}

/// The 256-bit UTF-8 decoder that writes the fill of a lossy `policy`, in the loop that fills
/// the rest ([`replace::replacing`]), for [`dense_detour`].
///
/// # Safety
///
/// The caller's ISA contract (the features enabled here).
#[target_feature(enable = "avx,avx2,bmi1,popcnt,sse4.2")]
unsafe fn decode256_replacing<S: decode_utf8::Sink>(
    src: &[u8],
    dst: &mut [S::Unit],
    policy: Policy,
) -> (usize, usize, usize) {
    // A code point below U+10000 as this target writes it (byte-swapped for the other order of
    // UTF-16).
    let unit = |cp: u32| {
        let mut one = [S::Unit::default(); 2];
        // SAFETY: `one` writes a code point below U+10000, one unit, into the two-unit buffer.
        unsafe { S::one(one.as_mut_ptr(), cp) };
        one[0]
    };
    replace::replacing(src, dst, policy, unit, |s, d| {
        // SAFETY: the features the decoder needs are enabled in this function.
        unsafe { decode_utf8::convert_replacing::<__m256i, S, true>(s, d, policy) }
    })
}

/// A conversion [`detour`] hands a stretch to: `(src, dst) -> (read, written)`.
pub(super) type Detour<A, B> = unsafe fn(&[A], &mut [B]) -> (usize, usize);
