//! The AVX2 set's UTF-16 ↔ UTF-32 conversions. UTF-32 → UTF-16: runs of BMP text 32 units a
//! step, each unit brought down to U+FFFF at most and narrowed with `vpackusdw`, the block
//! stored when none is a surrogate or U+FFFF (one test of the packed units), the stores aligned
//! to the output's
//! 32-byte halves of a line (a store that straddles two lines costs two), and every other
//! block (supplementary characters, errors, the last units, too little room) given to the
//! portable kernel (`simd::utf16_utf32`), which the set instantiates with the same features.
//! Every step writes exactly its output. UTF-16 → UTF-32 is the portable kernel, its stores
//! aligned the same way (see [`to_utf32`]).

use core::arch::x86_64::*;

use crate::simd::utf16_utf32 as portable;

/// Units the portable kernels take at once where a block is not BMP text: two of their blocks,
/// so that text of pairs goes on in their loops for a while.
const DETOUR: usize = 64;

/// `v`'s 16-bit units byte-swapped when `S`.
#[inline(always)]
unsafe fn order16<const S: bool>(v: __m256i) -> __m256i {
    if S {
        // SAFETY: AVX2 per the caller's ISA contract.
        unsafe { _mm256_or_si256(_mm256_slli_epi16::<8>(v), _mm256_srli_epi16::<8>(v)) }
    } else {
        v
    }
}

/// `v`'s 32-bit units byte-swapped when `S`.
#[inline(always)]
unsafe fn order32<const S: bool>(v: __m256i) -> __m256i {
    if S {
        // SAFETY: AVX2 per the caller's ISA contract.
        unsafe {
            let idx = _mm256_set_epi64x(
                0x0C0D_0E0F_0809_0A0B,
                0x0405_0607_0001_0203,
                0x0C0D_0E0F_0809_0A0B,
                0x0405_0607_0001_0203,
            );
            _mm256_shuffle_epi8(v, idx)
        }
    } else {
        v
    }
}

/// Units before `out` is on a 32-byte boundary, for units of `size` bytes.
#[inline(always)]
fn lead<T>(out: *mut T) -> usize {
    (out as usize).wrapping_neg() % 32 / size_of::<T>()
}

/// Whether every 16-bit unit of `a` and `b` is a character below U+FFFF that is not a
/// surrogate (U+FFFF stands for the units that `min` brought down to it: see [`to_utf16`]).
#[inline(always)]
unsafe fn below_ffff_no_surrogate(a: __m256i, b: __m256i) -> bool {
    // SAFETY: AVX2 per the caller's ISA contract.
    unsafe {
        let (f800, d800, ffff) = (
            _mm256_set1_epi16(0xF800u16 as i16),
            _mm256_set1_epi16(0xD800u16 as i16),
            _mm256_set1_epi16(-1),
        );
        let sa = _mm256_cmpeq_epi16(_mm256_and_si256(a, f800), d800);
        let sb = _mm256_cmpeq_epi16(_mm256_and_si256(b, f800), d800);
        let fa = _mm256_cmpeq_epi16(a, ffff);
        let fb = _mm256_cmpeq_epi16(b, ffff);
        let bad = _mm256_or_si256(_mm256_or_si256(sa, sb), _mm256_or_si256(fa, fb));
        _mm256_movemask_epi8(bad) == 0
    }
}

/// UTF-16 (`S16`: byte-swapped) → UTF-32 (`S32`: byte-swapped), see `KernelSet`: the
/// portable kernel, first over the units that bring `out` to a 32-byte boundary so that its
/// vector stores are aligned (on an output whose lines they straddled, 11 % faster). (A loop of
/// its own here, as `to_utf16`'s, measured no faster on BMP text, loaded 2-core Zen 4, and a
/// quarter slower on emoji, whose pairs took the detour.)
///
/// # Safety
/// The caller's ISA contract (AVX2).
#[inline(always)]
pub(super) unsafe fn to_utf32<const S16: bool, const S32: bool>(
    src: &[u16],
    dst: &mut [u32],
) -> (usize, usize) {
    let n = lead(dst.as_mut_ptr()).min(src.len()).min(dst.len());
    // Where the lead stops early (an error, a pair across its end, no room) the second call
    // goes on from there: it stops at once at an error, joins the pair.
    let (i, j) = portable::to_utf32::<S16, S32>(&src[..n], &mut dst[..n]);
    let (read, written) = portable::to_utf32::<S16, S32>(&src[i..], &mut dst[j..]);
    (i + read, j + written)
}

/// UTF-32 (`S32`: byte-swapped) → UTF-16 (`S16`: byte-swapped), see `KernelSet`.
///
/// # Safety
/// The caller's ISA contract (AVX2).
#[inline(always)]
pub(super) unsafe fn to_utf16<const S16: bool, const S32: bool>(
    src: &[u32],
    dst: &mut [u16],
) -> (usize, usize) {
    let out = dst.as_mut_ptr();
    let n = lead(out).min(src.len()).min(dst.len());
    let (mut i, mut j) = portable::to_utf16::<S16, S32>(&src[..n], &mut dst[..n]);
    while src.len() - i >= 32 && dst.len() - j >= 32 {
        // SAFETY: the caller's ISA contract; `bmp_run` gets the bounds of both slices.
        (i, j) = unsafe { bmp_run::<S16, S32>(src, dst, i, j) };
        if src.len() - i < 32 || dst.len() - j < 32 {
            break;
        }
        let end = src.len().min(i + DETOUR);
        let (read, written) = portable::to_utf16::<S16, S32>(&src[i..end], &mut dst[j..]);
        (i, j) = (i + read, j + written);
        if read == 0 {
            return (i, j);
        }
    }
    let (read, written) = portable::to_utf16::<S16, S32>(&src[i..], &mut dst[j..]);
    (i + read, j + written)
}

/// The run of BMP text at `src[i..]` into `dst[j..]`, 32 units a step, up to a block that is
/// not all BMP characters (or is U+FFFF, see below), or fewer than 32 units of input or of
/// room: returns the new `i` and `j`. A loop of its own, the portable kernel's code outside it,
/// so that the input's length and the test's constants stay in registers: in one loop with
/// it, they were loaded again every step, and BMP text ran at 0.80-0.83x a bare narrowing loop
/// (with the test on 32-bit units before: the same); now 0.87-0.93x (Zen 4, `avx2`,
/// throughput benchmark's `limit` column).
///
/// # Safety
/// The caller's ISA contract (AVX2); `i` within `src`, `j` within `dst`.
#[inline(always)]
unsafe fn bmp_run<const S16: bool, const S32: bool>(
    src: &[u32],
    dst: &mut [u16],
    mut i: usize,
    mut j: usize,
) -> (usize, usize) {
    let out = dst.as_mut_ptr();
    while src.len() - i >= 32 && dst.len() - j >= 32 {
        // SAFETY: the caller's ISA contract; the loads read 32 units at `i` with
        // i + 32 <= len, the stores write 32 units at `j` with j + 32 <= dst.len().
        unsafe {
            let p = src.as_ptr().add(i);
            // Each unit first brought down to U+FFFF at most (unsigned), so that the pack's
            // saturation, which reads its input signed, keeps it exact; a block with U+FFFF
            // then goes to the portable kernel, which tells a real one from a unit past it.
            // (Loads written out: `array::from_fn`'s closure would lack the features.)
            let c = _mm256_set1_epi32(0xFFFF);
            let v0 = _mm256_min_epu32(order32::<S32>(_mm256_loadu_si256(p.cast())), c);
            let v1 = _mm256_min_epu32(order32::<S32>(_mm256_loadu_si256(p.add(8).cast())), c);
            let v2 = _mm256_min_epu32(order32::<S32>(_mm256_loadu_si256(p.add(16).cast())), c);
            let v3 = _mm256_min_epu32(order32::<S32>(_mm256_loadu_si256(p.add(24).cast())), c);
            // Packed in the order of the 128-bit halves.
            let a = _mm256_permute4x64_epi64::<0xD8>(_mm256_packus_epi32(v0, v1));
            let b = _mm256_permute4x64_epi64::<0xD8>(_mm256_packus_epi32(v2, v3));
            if !below_ffff_no_surrogate(a, b) {
                break;
            }
            let q = out.add(j);
            _mm256_storeu_si256(q.cast(), order16::<S16>(a));
            _mm256_storeu_si256(q.add(16).cast(), order16::<S16>(b));
        }
        (i, j) = (i + 32, j + 32);
    }
    (i, j)
}
