//! Inputs shorter than one 512-bit vector, read with a single masked load: the bytes past the end
//! read as zero and touch no memory, so validation, the ASCII prefix and the character count take
//! a handful of instructions instead of a scalar loop or a padded copy (validation takes inputs
//! of up to four vectors this way, in functions of their own). Longer inputs go to the
//! algorithms of `utf8`. The sets without masked byte loads validate inputs of up to 64 bytes in
//! whole vectors, the last one overlapping the one before it, and inputs shorter than 16 bytes
//! from overlapping word reads ([`valid_up_to_short`]).

use core::arch::x86_64::*;

use crate::simd::generic::utf8::{self, errors};
use crate::simd::generic::vector::Vector;

/// The `src.len()` (< 64) bytes of `src`, then zeros.
#[inline(always)]
unsafe fn load(src: &[u8]) -> __m512i {
    debug_assert!(src.len() < 64);
    // SAFETY: AVX-512 BW per the caller's ISA contract; the mask covers exactly the bytes of
    // `src`, and masked-off bytes are neither read nor able to fault.
    unsafe { _mm512_maskz_loadu_epi8((1u64 << src.len()) - 1, src.as_ptr().cast()) }
}

/// For an input shorter than 128 bytes, `src.len()` when valid, otherwise a boundary before the
/// first error (0: the caller's scalar steps find it from the start); `None` for longer inputs
/// ([`valid_up_to_256`] takes them up to 256 bytes).
#[inline(always)]
pub(super) unsafe fn valid_up_to(src: &[u8]) -> Option<usize> {
    // SAFETY (whole body): the caller's ISA contract, forwarded.
    unsafe {
        let zero = _mm512_setzero_si512();
        // A sequence cut off by the end meets the zero padding and is flagged.
        let err = match src.len() {
            128.. => return None,
            65.. => {
                // One whole vector and a masked one.
                let first = _mm512_loadu_si512(src.as_ptr().cast());
                let rest = load(&src[64..]);
                if _mm512_movepi8_mask(_mm512_or_si512(first, rest)) == 0 {
                    return Some(src.len());
                }
                errors::<__m512i>(first, zero).or(errors::<__m512i>(rest, first))
            }
            64 => {
                // One whole vector, and the end's check from its last three bytes rather than
                // from a vector of zeros after it (a second check of a whole vector: 0.9 ns).
                let v = _mm512_loadu_si512(src.as_ptr().cast());
                if _mm512_movepi8_mask(v) == 0 {
                    return Some(64);
                }
                if utf8::ends_cut(src) {
                    return Some(0);
                }
                errors::<__m512i>(v, zero)
            }
            _ => {
                let v = load(src);
                if _mm512_movepi8_mask(v) == 0 {
                    return Some(src.len());
                }
                errors::<__m512i>(v, zero)
            }
        };
        Some(if err.is_zero() { src.len() } else { 0 })
    }
}

/// For an input of 128 to 256 bytes, `src.len()` when valid, `None` when not (the block loop
/// then finds the error, closer than the caller's scalar steps would): two to four whole
/// vectors and a masked one for the rest, checked in one chain. The block loop's set-up cost
/// 8.1 ns for 128 ASCII bytes and 11.7 for 256 (Zen 4), where simdutf takes 6.1 and 8.2.
#[inline(always)]
pub(super) unsafe fn valid_up_to_256(src: &[u8]) -> Option<usize> {
    let len = src.len();
    if !(128..=256).contains(&len) {
        return None;
    }
    // A whole number of vectors has no zero after it: the end's check from the last three
    // bytes (a sequence the end cuts off is otherwise seen where it meets the masked load's
    // zero padding).
    if len.is_multiple_of(64) && utf8::ends_cut(src) {
        return None;
    }
    // SAFETY (whole body): the caller's ISA contract, forwarded; whole loads read 64 bytes
    // inside `src`, the masked one only its last `len % 64`.
    unsafe {
        let at = |k: usize| _mm512_loadu_si512(src.as_ptr().add(64 * k).cast());
        let rest = || load(&src[len / 64 * 64..]);
        let valid = match (len / 64, !len.is_multiple_of(64)) {
            (2, false) => valid_chain(&[at(0), at(1)]),
            (2, true) => valid_chain(&[at(0), at(1), rest()]),
            (3, false) => valid_chain(&[at(0), at(1), at(2)]),
            (3, true) => valid_chain(&[at(0), at(1), at(2), rest()]),
            _ => valid_chain(&[at(0), at(1), at(2), at(3)]),
        };
        valid.then_some(len)
    }
}

/// Whether the vectors hold valid UTF-8, cut sequences at the end aside: all ASCII, or no error
/// in the chain of checks, each with the vector before it.
#[inline(always)]
unsafe fn valid_chain(vs: &[__m512i]) -> bool {
    // SAFETY (whole body): AVX-512 BW per the caller's ISA contract.
    unsafe {
        let zero = _mm512_setzero_si512();
        let high = vs.iter().fold(zero, |h, &v| _mm512_or_si512(h, v));
        if _mm512_movepi8_mask(high) == 0 {
            return true;
        }
        let (mut err, mut prev) = (zero, zero);
        for &v in vs {
            err = err.or(errors::<__m512i>(v, prev));
            prev = v;
        }
        err.is_zero()
    }
}

/// Exact length of the ASCII prefix.
#[inline(always)]
pub(super) unsafe fn ascii_len(src: &[u8]) -> usize {
    // SAFETY (whole body): the caller's ISA contract, forwarded.
    unsafe {
        if src.len() >= 64 {
            return utf8::ascii_len::<__m512i>(src);
        }
        match _mm512_movepi8_mask(load(src)) {
            0 => src.len(),
            high => high.trailing_zeros() as usize,
        }
    }
}

/// Bytes that are not continuation bytes.
#[inline(always)]
pub(super) unsafe fn count(src: &[u8]) -> usize {
    // SAFETY (whole body): the caller's ISA contract, forwarded.
    unsafe {
        if src.len() >= 64 {
            return count_long(src);
        }
        // Continuation bytes are the only ones below 0xC0 as signed bytes; the padding is not.
        let cont = _mm512_cmplt_epi8_mask(load(src), _mm512_set1_epi8(0xC0u8 as i8));
        src.len() - cont.count_ones() as usize
    }
}

/// Bytes that are not continuation bytes, for inputs of 64 bytes and more: one compare into a
/// mask register and one popcount per 64 bytes (the vector counters of the narrower sets would
/// need a widening of each compare's mask back into a vector).
#[inline(always)]
unsafe fn count_long(src: &[u8]) -> usize {
    let cont = |v: __m512i| {
        // SAFETY: AVX-512 BW per the caller's ISA contract.
        unsafe { _mm512_cmplt_epi8_mask(v, _mm512_set1_epi8(0xC0u8 as i8)).count_ones() as usize }
    };
    let mut n = 0;
    let mut i = 0;
    // SAFETY (whole body): the caller's ISA contract; every load reads 64 bytes inside `src`
    // (the last one ends at its end and overlaps the one before, whose bytes it leaves out), or
    // the bytes of `src` before its first multiple of 64 (masked).
    unsafe {
        // The loop's loads start at a multiple of 64, the bytes before it counted from one
        // masked load: a load that crosses a cache line costs two, and input at other offsets
        // was counted at 0.91 of the speed of input that was so aligned (the 85 KiB ASCII
        // lipsum file, 105 and 115 GB/s). Only a run of blocks pays for the extra step.
        let head = (64 - src.as_ptr() as usize % 64) % 64;
        if src.len() >= 256 + head {
            n += cont(load(&src[..head]));
            i = head;
        }
        let at = |i: usize| _mm512_loadu_si512(src.as_ptr().add(i).cast());
        while i + 256 <= src.len() {
            n += cont(at(i)) + cont(at(i + 64)) + cont(at(i + 128)) + cont(at(i + 192));
            i += 256;
        }
        while i + 64 <= src.len() {
            n += cont(at(i));
            i += 64;
        }
        if i < src.len() {
            let last = _mm512_loadu_si512(src.as_ptr().add(src.len() - 64).cast());
            let fresh = !0u64 << (64 - (src.len() - i));
            n += (_mm512_cmplt_epi8_mask(last, _mm512_set1_epi8(0xC0u8 as i8)) & fresh).count_ones()
                as usize;
        }
    }
    src.len() - n
}

/// The `src.len()` (< 16) bytes of `src`, then zeros, as two little-endian words: read with at
/// most four overlapping loads inside `src`, each shifted to drop what the one before it read.
#[inline(always)]
fn words16(src: &[u8]) -> (u64, u64) {
    let n = src.len();
    debug_assert!(n < 16);
    let word = |at: usize| u64::from_le_bytes(src[at..at + 8].try_into().unwrap());
    let half = |at: usize| u64::from(u32::from_le_bytes(src[at..at + 4].try_into().unwrap()));
    match n {
        8.. => (
            word(0),
            word(n - 8).checked_shr(8 * (16 - n) as u32).unwrap_or(0),
        ),
        4.. => (half(0) | (half(n - 4) >> (8 * (8 - n)) << 32), 0),
        1.. => {
            let byte = |at: usize| u64::from(src[at]) << (8 * at);
            (byte(0) | byte(n / 2) | byte(n - 1), 0)
        }
        0 => (0, 0),
    }
}

/// [`valid_up_to`] for the 128-bit and 256-bit sets (`V`: their vector): `Some(src.len())` when
/// `src` (at most 64 bytes) is valid, `Some(0)` when it is not (the caller's scalar steps find
/// the error), `None` for longer inputs. No input is copied to a padded buffer first: below 16
/// bytes it is put together with [`words16`]; from 16 bytes on [`valid_pieces`] checks it in
/// whole vectors. Inputs of 16 to 64 bytes get no ASCII test first: where ASCII and other text
/// alternate, its branch went the wrong way often enough to cost more than the whole check
/// (`avx2`, Zen 3: mixed scripts at 64 bytes 16.6–18.2 ns with it, 8.8–9.4 without; 64 ASCII
/// bytes 7.4–8.5 ns with it, 9.2–9.9 without). An input of 65 to 256 bytes is
/// `Some(src.len())` when it is ASCII ([`ascii_up_to_256`]), else `None`.
#[inline(always)]
pub(super) unsafe fn valid_up_to_short<V: Vector>(src: &[u8]) -> Option<usize> {
    let n = src.len();
    if n > 64 {
        // SAFETY: the caller's ISA contract, forwarded.
        return unsafe { ascii_up_to_256(src) }.then_some(n);
    }
    // SAFETY (whole body): SSSE3, and for `__m256i` AVX2, per the caller's ISA contract.
    let valid = unsafe {
        if n < 16 {
            let (lo, hi) = words16(src);
            if (lo | hi) & 0x8080_8080_8080_8080 == 0 {
                return Some(n);
            }
            let v = _mm_set_epi64x(hi as i64, lo as i64);
            // A sequence cut off by the end meets the zero padding and is flagged.
            errors::<__m128i>(v, _mm_setzero_si128()).is_zero()
        } else if V::LANES == 16 && n == 64 && utf8::ascii_at::<__m128i>(src.as_ptr(), 4) {
            // 128-bit vectors take four whole checks for 64 bytes, which an ASCII test first
            // spares ASCII text at about a quarter of their cost (`sse42` on Zen 3, 64 ASCII
            // bytes: 10.8-11.4 ns without it, simdutf's westmere kernel 8.8).
            true
        } else if n >= V::LANES && !matches!(n - V::LANES, 1 | 2) {
            valid_pieces::<V>(src)
        } else if !matches!(n - 16, 1 | 2) {
            valid_pieces::<__m128i>(src)
        } else {
            // 17 or 18 bytes: the last 16 have one or two before them, taken from the first 16.
            let first = _mm_loadu_si128(src.as_ptr().cast());
            let last = _mm_loadu_si128(src.as_ptr().add(n - 16).cast());
            let before = match n {
                17 => _mm_bslli_si128::<15>(first),
                _ => _mm_bslli_si128::<14>(first),
            };
            errors::<__m128i>(first, _mm_setzero_si128())
                .or(errors::<__m128i>(last, before))
                .or(utf8::incomplete(last))
                .is_zero()
        }
    };
    Some(if valid { n } else { 0 })
}

/// Whether `src` (`V::LANES` to `4 * V::LANES` bytes, but not `V::LANES + 1` or `+ 2`) is valid
/// UTF-8: its whole vectors, then its last `V::LANES` bytes with the three bytes before them read
/// from memory (bytes checked twice get the same answer both times), and a sequence cut off by
/// the end caught by [`utf8::incomplete`] of the last vector.
#[inline(always)]
unsafe fn valid_pieces<V: Vector>(src: &[u8]) -> bool {
    let n = src.len();
    debug_assert!((V::LANES..=4 * V::LANES).contains(&n) && !matches!(n - V::LANES, 1 | 2));
    // SAFETY (whole body): the caller's ISA contract; every load reads `V::LANES` bytes inside
    // `src`, and `errors_at` the three before them too, inside `src` as `n - V::LANES` is 0 or
    // at least 3.
    unsafe {
        let p = src.as_ptr();
        let mut bad = errors::<V>(V::load(p), V::splat(0));
        for k in 1..n / V::LANES {
            bad = bad.or(utf8::errors_at::<V, false>(p.add(k * V::LANES)));
        }
        let last = n - V::LANES;
        if !last.is_multiple_of(V::LANES) {
            bad = bad.or(utf8::errors_at::<V, false>(p.add(last)));
        }
        bad.or(utf8::incomplete(V::load(p.add(last)))).is_zero()
    }
}

/// True when `src` (more than 64 bytes) is at most 256 bytes of ASCII: 64 bytes at a time, in
/// 16-byte pieces, the last 64 ending at the end. The block validator's set-up (its constants,
/// its frame) cost more than the whole check of such an input (`avx2`, Zen 3, ÷ simdutf: 128
/// ASCII bytes 0.85–1.06× through the block loop, 1.13–1.16× here). A string that is not ASCII
/// pays the test before the block loop.
#[inline(always)]
unsafe fn ascii_up_to_256(src: &[u8]) -> bool {
    let n = src.len();
    debug_assert!(n > 64);
    if n > 256 {
        return false;
    }
    // SAFETY: SSE2 per the caller's ISA contract; each block read starts at most at n - 64, so
    // its 64 bytes lie inside `src`.
    unsafe {
        let block = |at: usize| utf8::ascii_at::<__m128i>(src.as_ptr().add(at), 4);
        let mut at = 0;
        while at + 64 < n {
            if !block(at) {
                return false;
            }
            at += 64;
        }
        block(n - 64)
    }
}
