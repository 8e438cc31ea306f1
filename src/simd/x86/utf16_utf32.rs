//! The AVX-512 set's UTF-16 ↔ UTF-32 conversions, 32 units a step.
//!
//! UTF-16 → UTF-32: a vector of 32 units without a surrogate is widened (`vpmovzxwd`) into two;
//! one with surrogate pairs has each unit widened beside the next one, the pairs joined in
//! their high surrogate's lane and the low surrogates' lanes compressed out. UTF-32 → UTF-16:
//! two vectors of BMP characters are narrowed into one (`vpermt2w`); a vector with
//! supplementary characters has them split into a pair in their own 32-bit lane and the unused
//! upper halves of the others compressed out. Every step writes exactly its output (masked
//! stores where it is shorter than a vector), so nothing past what is reported written is
//! touched; a step that meets an ill-formed unit, the last units of the input or too little
//! room leaves what is left to the portable kernels (`simd::utf16_utf32`), which stop exactly
//! where the contract says.

use core::arch::x86_64::*;

use crate::simd::utf16_utf32 as portable;

/// `v`'s 16-bit units byte-swapped when `S`.
#[inline(always)]
unsafe fn order16<const S: bool>(v: __m512i) -> __m512i {
    if S {
        // SAFETY: AVX-512 VBMI2 per the caller's ISA contract.
        unsafe { _mm512_shldi_epi16::<8>(v, v) }
    } else {
        v
    }
}

/// `v`'s 32-bit units byte-swapped when `S`.
#[inline(always)]
unsafe fn order32<const S: bool>(v: __m512i) -> __m512i {
    if S {
        // SAFETY: AVX-512 BW per the caller's ISA contract.
        unsafe {
            let idx = _mm512_set1_epi64(0x0C0D_0E0F_0809_0A0B_u64 as i64);
            let idx = _mm512_unpacklo_epi64(_mm512_set1_epi64(0x0405_0607_0001_0203), idx);
            _mm512_shuffle_epi8(v, idx)
        }
    } else {
        v
    }
}

/// UTF-16 (`S16`: byte-swapped) → UTF-32 (`S32`: byte-swapped), see `KernelSet`.
///
/// # Safety
/// The caller's ISA contract (AVX-512 F, BW and VBMI2).
#[inline(always)]
pub(super) unsafe fn to_utf32<const S16: bool, const S32: bool>(
    src: &[u16],
    dst: &mut [u32],
) -> (usize, usize) {
    let out = dst.as_mut_ptr();
    let (mut i, mut j) = (0, 0);
    if src.len() >= 32 && dst.len() >= 32 {
        // SAFETY: as below.
        i = unsafe { widen_lead::<S16, S32>(src, out) };
        j = i;
    }
    // SAFETY: the caller's ISA contract; each load reads 32 units at `i` with i + 32 <= len,
    // each step writes at most 32 units at `j` with j + 32 <= dst.len().
    unsafe {
        let k = |x: u16| _mm512_set1_epi16(x as i16);
        while src.len() - i >= 32 && dst.len() - j >= 32 {
            let v = order16::<S16>(_mm512_loadu_si512(src.as_ptr().add(i).cast()));
            let top = _mm512_and_si512(v, k(0xF800));
            if _mm512_cmpeq_epi16_mask(top, k(0xD800)) == 0 {
                let lo = _mm512_cvtepu16_epi32(_mm512_castsi512_si256(v));
                let hi = _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64::<1>(v));
                _mm512_storeu_si512(out.add(j).cast(), order32::<S32>(lo));
                _mm512_storeu_si512(out.add(j + 16).cast(), order32::<S32>(hi));
                (i, j) = (i + 32, j + 32);
                continue;
            }
            let Some((read, written)) = join_pairs::<S32>(v, out.add(j)) else {
                break;
            };
            (i, j) = (i + read, j + written);
        }
    }
    let (read, written) = portable::to_utf32::<S16, S32>(&src[i..], &mut dst[j..]);
    (i + read, j + written)
}

/// The units of `src` that bring `out` to a 64-byte line (a store that straddles two lines
/// costs two), widened there when none is a surrogate: how many (0 when none or some are).
///
/// # Safety
/// The caller's ISA contract; `src` and `out` have 32 units.
#[inline(always)]
unsafe fn widen_lead<const S16: bool, const S32: bool>(src: &[u16], out: *mut u32) -> usize {
    let lead = (out as usize).wrapping_neg() % 64 / 4;
    // SAFETY: the load reads 32 units of `src`, the store `lead` < 16 units at `out`.
    unsafe {
        let v = order16::<S16>(_mm512_loadu_si512(src.as_ptr().cast()));
        let top = _mm512_and_si512(v, _mm512_set1_epi16(0xF800u16 as i16));
        let surrogate = _mm512_cmpeq_epi16_mask(top, _mm512_set1_epi16(0xD800u16 as i16));
        let mask = _bzhi_u32(u32::MAX, lead as u32);
        if surrogate & mask != 0 {
            return 0;
        }
        let lo = _mm512_cvtepu16_epi32(_mm512_castsi512_si256(v));
        _mm512_mask_storeu_epi32(out.cast(), mask as u16, order32::<S32>(lo));
    }
    lead
}

/// The 32 UTF-16 units of `v` (machine order), some surrogates, converted to UTF-32 at `out`:
/// `(read, written)`, 31 units read when the last is a high surrogate (its low one is in the
/// next vector); `None`, with nothing written, when a surrogate is not part of a pair.
///
/// # Safety
/// The caller's ISA contract; `out` has room for 32 units.
#[inline(always)]
unsafe fn join_pairs<const S32: bool>(v: __m512i, out: *mut u32) -> Option<(usize, usize)> {
    // SAFETY: the caller's ISA contract; the stores write `count` <= 16 units at `out` and at
    // `out + first`, first + second <= 32.
    unsafe {
        let k = |x: u16| _mm512_set1_epi16(x as i16);
        let kind = _mm512_and_si512(v, k(0xFC00));
        let high = _mm512_cmpeq_epi16_mask(kind, k(0xD800));
        let low = _mm512_cmpeq_epi16_mask(kind, k(0xDC00));
        // A high surrogate at the end waits for the next step; every other one is followed by
        // a low one, and every low one follows a high one.
        let paired = high & 0x7FFF_FFFF;
        if low != paired << 1 {
            return None;
        }
        if high == 0x5555_5555 {
            // Only pairs, each in a 32-bit lane, high surrogate first: joined in place.
            let (hi, lo) = (_mm512_slli_epi32::<10>(v), _mm512_srli_epi32::<16>(v));
            let joined = _mm512_add_epi32(
                _mm512_add_epi32(_mm512_and_si512(hi, _mm512_set1_epi32(0x3FF << 10)), lo),
                _mm512_set1_epi32(0x10000 - 0xDC00),
            );
            _mm512_storeu_si512(out.cast(), order32::<S32>(joined));
            return Some((32, 16));
        }
        let read = 32 - (high >> 31) as usize;
        let keep = !low & (u32::MAX >> (32 - read));
        // Each unit beside the one after it (the last beside itself: it is not a pair's high
        // surrogate, or it is not read).
        let next = _mm512_permutexvar_epi16(_mm512_loadu_si512(NEXT.as_ptr().cast()), v);
        let (n, n2) = (
            (keep & 0xFFFF).count_ones() as usize,
            (keep >> 16).count_ones() as usize,
        );
        let (units, after) = (_mm512_castsi512_si256(v), _mm512_castsi512_si256(next));
        let first = join_half::<S32>(units, after, high as u16, keep as u16);
        _mm512_mask_storeu_epi32(out.cast(), _bzhi_u32(u32::MAX, n as u32) as u16, first);
        let units = _mm512_extracti64x4_epi64::<1>(v);
        let after = _mm512_extracti64x4_epi64::<1>(next);
        let second = join_half::<S32>(units, after, (high >> 16) as u16, (keep >> 16) as u16);
        _mm512_mask_storeu_epi32(
            out.add(n).cast(),
            _bzhi_u32(u32::MAX, n2 as u32) as u16,
            second,
        );
        Some((read, n + n2))
    }
}

/// The 16 units `units` (machine order, each followed by the one in `after`) as UTF-32 (`S32`:
/// byte-swapped): those in `high` joined with the next one, those in `keep` compressed to the
/// start.
///
/// # Safety
/// The caller's ISA contract.
#[inline(always)]
unsafe fn join_half<const S32: bool>(
    units: __m256i,
    after: __m256i,
    high: u16,
    keep: u16,
) -> __m512i {
    // SAFETY: AVX-512 F per the caller's ISA contract.
    unsafe {
        let (u, n) = (_mm512_cvtepu16_epi32(units), _mm512_cvtepu16_epi32(after));
        // (hi - 0xD800) << 10 + (lo - 0xDC00) + 0x10000, the constants folded together.
        let joined = _mm512_add_epi32(
            _mm512_slli_epi32::<10>(u),
            _mm512_add_epi32(n, _mm512_set1_epi32(0x10000 - (0xD800 << 10) - 0xDC00)),
        );
        let c = _mm512_mask_blend_epi32(high, u, joined);
        order32::<S32>(_mm512_maskz_compress_epi32(keep, c))
    }
}
/// Word indexes for `vpermw` that put each unit in the lane of the one before it (the last
/// stays).
static NEXT: [u16; 32] = {
    let mut idx = [31u16; 32];
    let mut k = 0;
    while k < 31 {
        idx[k] = k as u16 + 1;
        k += 1;
    }
    idx
};

/// UTF-32 (`S32`: byte-swapped) → UTF-16 (`S16`: byte-swapped), see `KernelSet`.
///
/// # Safety
/// The caller's ISA contract (AVX-512 F, BW, VBMI2 and BMI2).
#[inline(always)]
pub(super) unsafe fn to_utf16<const S16: bool, const S32: bool>(
    src: &[u32],
    dst: &mut [u16],
) -> (usize, usize) {
    let out = dst.as_mut_ptr();
    let (mut i, mut j) = (0, 0);
    if src.len() >= 32 && dst.len() >= 32 {
        let lead = (out as usize).wrapping_neg() % 64 / 2;
        // SAFETY: as below; lead < 32.
        i = unsafe { narrow_few::<S16, S32>(src.as_ptr(), lead, out) };
        j = i;
    }
    // SAFETY: the caller's ISA contract; the loads read 32 units at `i` with i + 32 <= len,
    // the BMP step writes 32 units at `j` with j + 32 <= dst.len(), `split_pairs` writes what it
    // reports, with as much room.
    unsafe {
        let (even, room) = (_mm512_loadu_si512(EVEN.as_ptr().cast()), dst.len());
        while src.len() - i >= 32 && room - j >= 32 {
            let a = order32::<S32>(_mm512_loadu_si512(src.as_ptr().add(i).cast()));
            let b = order32::<S32>(_mm512_loadu_si512(src.as_ptr().add(i + 16).cast()));
            // No unit at or above U+10000, then none a surrogate once narrowed.
            let wide = _mm512_test_epi32_mask(_mm512_or_si512(a, b), _mm512_set1_epi32(!0xFFFF));
            let units = _mm512_permutex2var_epi16(a, even, b);
            let top = _mm512_and_si512(units, _mm512_set1_epi16(0xF800u16 as i16));
            let surrogate = _mm512_cmpeq_epi16_mask(top, _mm512_set1_epi16(0xD800u16 as i16));
            if wide == 0 && surrogate == 0 {
                _mm512_storeu_si512(out.add(j).cast(), order16::<S16>(units));
                (i, j) = (i + 32, j + 32);
                continue;
            }
            // Both halves here: `b` would otherwise be loaded and tested again.
            let Some(n) = split_pairs::<S16>(a, out.add(j), room - j) else {
                break;
            };
            (i, j) = (i + 16, j + n);
            let Some(n) = split_pairs::<S16>(b, out.add(j), room - j) else {
                break;
            };
            (i, j) = (i + 16, j + n);
        }
    }
    let left = src.len() - i;
    if left < 32 && dst.len() - j >= left {
        // SAFETY: the caller's ISA contract; `left` units at `i`, as much room at `j`.
        let n = unsafe { narrow_few::<S16, S32>(src.as_ptr().add(i), left, out.add(j)) };
        (i, j) = (i + n, j + n);
    }
    let (read, written) = portable::to_utf16::<S16, S32>(&src[i..], &mut dst[j..]);
    (i + read, j + written)
}

/// The first `n` (at most 32) code points at `src` narrowed to `out` when all are BMP
/// characters: how many (0 when not all are). The loads and the store are masked to the `n`
/// units: the loop's lead (the units that bring `out` to a 64-byte line) and its tail.
///
/// # Safety
/// The caller's ISA contract; `src` has `n` units, `out` room for `n`.
#[inline(always)]
unsafe fn narrow_few<const S16: bool, const S32: bool>(
    src: *const u32,
    n: usize,
    out: *mut u16,
) -> usize {
    // SAFETY: the loads read the `n` units of `src` (masked-off lanes are not read: the second
    // address is only formed, with `wrapping_add`), the store writes `n` units at `out`.
    unsafe {
        let mask = _bzhi_u32(u32::MAX, n as u32);
        let a = _mm512_maskz_loadu_epi32(mask as u16, src.cast());
        let b = _mm512_maskz_loadu_epi32((mask >> 16) as u16, src.wrapping_add(16).cast());
        let (a, b) = (order32::<S32>(a), order32::<S32>(b));
        // The lanes past `n` are zero: a BMP character.
        let wide = _mm512_test_epi32_mask(_mm512_or_si512(a, b), _mm512_set1_epi32(!0xFFFF));
        let units = _mm512_permutex2var_epi16(a, _mm512_loadu_si512(EVEN.as_ptr().cast()), b);
        let top = _mm512_and_si512(units, _mm512_set1_epi16(0xF800u16 as i16));
        let surrogate = _mm512_cmpeq_epi16_mask(top, _mm512_set1_epi16(0xD800u16 as i16));
        if wide != 0 || surrogate != 0 {
            return 0;
        }
        _mm512_mask_storeu_epi16(out.cast(), mask, order16::<S16>(units));
    }
    n
}

/// The 16 code points of `a` (machine order) converted to UTF-16 at `out`, which has `room`
/// units: the units written, or `None` with nothing written when one is not a character or
/// they do not fit.
///
/// # Safety
/// The caller's ISA contract; `out[..room]` writable.
#[inline(always)]
unsafe fn split_pairs<const S16: bool>(a: __m512i, out: *mut u16, room: usize) -> Option<usize> {
    // SAFETY: the caller's ISA contract; the store writes `n` <= room units at `out`.
    unsafe {
        let k = |x: u32| _mm512_set1_epi32(x as i32);
        // A pair in one lane: its high surrogate in the lower half, the low one above. A lane
        // of U+10000..=U+10FFFF is one, so where all are the test for errors is not needed.
        let c = _mm512_sub_epi32(a, k(0x10000));
        let pairs = _mm512_cmplt_epu32_mask(c, k(0x10_0000));
        let (hi, lo) = (_mm512_srli_epi32::<10>(c), _mm512_slli_epi32::<16>(c));
        // hi | (lo & 0x03FF_0000), then the surrogates' tags.
        let split = _mm512_ternarylogic_epi32::<0xF8>(hi, lo, k(0x03FF_0000));
        let split = _mm512_or_si512(split, k(0xDC00_D800));
        if pairs == 0xFFFF {
            if room < 32 {
                return None;
            }
            // Only pairs: the lanes are the output as they are.
            _mm512_storeu_si512(out.cast(), order16::<S16>(split));
            return Some(32);
        }
        let surrogate = _mm512_cmpeq_epi32_mask(_mm512_and_si512(a, k(!0x7FF)), k(0xD800));
        if surrogate | _mm512_cmpgt_epu32_mask(a, k(0x10FFFF)) != 0 {
            return None;
        }
        let n = 16 + pairs.count_ones() as usize;
        if n > room {
            return None;
        }
        let lanes = _mm512_mask_blend_epi32(pairs, a, split);
        let keep = 0x5555_5555 | _pdep_u32(pairs.into(), 0xAAAA_AAAA);
        let units = order16::<S16>(_mm512_maskz_compress_epi16(keep, lanes));
        _mm512_mask_storeu_epi16(out.cast(), _bzhi_u32(u32::MAX, n as u32), units);
        Some(n)
    }
}

/// Word indexes for `vpermt2w` that take the lower half of each 32-bit lane of two vectors.
static EVEN: [u16; 32] = {
    let mut idx = [0u16; 32];
    let mut k = 0;
    while k < 32 {
        idx[k] = 2 * k as u16;
        k += 1;
    }
    idx
};
