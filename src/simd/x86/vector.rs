//! The x86 primitives: the vector interface of `generic::vector` over SSE (`__m128i`), AVX2
//! (`__m256i`) and AVX-512 (`__m512i`), each method one intrinsic or a short sequence of them.

use core::arch::x86_64::*;

use crate::simd::generic::vector::{Half, Lanes2, Vector};

/// Implements [`Vector`] for one register type from its intrinsics.
macro_rules! vector_impl {
    ($ty:ty, $lanes:expr, {
        load: $load:path, store: $store:path, set1: $set1:path, movemask: $movemask:path, testz: $testz:path,
        or: $or:path, and: $and:path, xor: $xor:path, shuffle: $shuffle:path, srli16: $srli16:ident,
        subs_u8: $subs:path, cmpgt: $cmpgt:path, cmpeq: $cmpeq:path, sub8: $sub8:path,
        sad: $sad:path, zero: $zero:path, table: $table:expr, prev: $prev:expr, sum: $sum:expr,
        add8: $add8:path, unpacklo: $unpacklo:path, unpackhi: $unpackhi:path, slli16: $slli16:ident,
        zext16: $zext16:expr, zext32: $zext32:expr,
        set16: $set16:path, cmpeq16: $cmpeq16:path, blendv: $blendv:path,
        unpacklo16: $unpacklo16:path, unpackhi16: $unpackhi16:path,
        packs16: $packs16:path $(,)?
    }) => {
        impl Vector for $ty {
            type Half = __m128i;
            const LANES: usize = $lanes;
            #[inline(always)]
            unsafe fn load(ptr: *const u8) -> Self {
                // SAFETY: caller's ISA contract; `ptr` has LANES readable bytes (caller).
                unsafe { $load(ptr.cast()) }
            }
            #[inline(always)]
            unsafe fn store(self, ptr: *mut u8) {
                // SAFETY: caller's ISA contract; `ptr` has LANES writable bytes (caller).
                unsafe { $store(ptr.cast(), self) }
            }
            #[inline(always)]
            unsafe fn splat(b: u8) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $set1(b as i8) }
            }
            #[inline(always)]
            unsafe fn table(table: &[u8; 16]) -> Self {
                // SAFETY: caller's ISA contract; reads exactly the 16 bytes of `table`.
                unsafe { $table(table) }
            }
            #[inline(always)]
            unsafe fn movemask(self) -> u64 {
                // SAFETY: caller's ISA contract.
                unsafe { $movemask(self) }
            }
            #[inline(always)]
            unsafe fn is_zero(self) -> bool {
                // SAFETY: caller's ISA contract.
                unsafe { $testz(self, self) == 1 }
            }
            #[inline(always)]
            unsafe fn and_is_zero(self, o: Self) -> bool {
                // SAFETY: caller's ISA contract.
                unsafe { $testz(self, o) == 1 }
            }
            #[inline(always)]
            unsafe fn no_high_bits(self) -> bool {
                // SAFETY: caller's ISA contract.
                unsafe { $movemask(self) == 0 }
            }
            #[inline(always)]
            unsafe fn or(self, o: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $or(self, o) }
            }
            #[inline(always)]
            unsafe fn and(self, o: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $and(self, o) }
            }
            #[inline(always)]
            unsafe fn xor(self, o: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $xor(self, o) }
            }
            #[inline(always)]
            unsafe fn lookup16(self, table: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $shuffle(table, self) }
            }
            #[inline(always)]
            unsafe fn lookup_nibbles(self, table: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $shuffle(table, self) }
            }
            #[inline(always)]
            unsafe fn high_nibbles(self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $and($srli16::<4>(self), $set1(0x0F)) }
            }
            #[inline(always)]
            unsafe fn prev1(self, prev: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $prev(self, prev, 1) }
            }
            #[inline(always)]
            unsafe fn prev2(self, prev: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $prev(self, prev, 2) }
            }
            #[inline(always)]
            unsafe fn prev3(self, prev: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $prev(self, prev, 3) }
            }
            #[inline(always)]
            unsafe fn saturating_sub(self, o: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $subs(self, o) }
            }
            #[inline(always)]
            unsafe fn gt(self, o: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $cmpgt(self, o) }
            }
            #[inline(always)]
            unsafe fn nonzero_mask(self) -> u64 {
                // SAFETY: caller's ISA contract.
                unsafe { !$movemask($cmpeq(self, $zero())) & (u64::MAX >> (64 - $lanes)) }
            }
            #[inline(always)]
            unsafe fn sub(self, o: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $sub8(self, o) }
            }
            #[inline(always)]
            unsafe fn sum(self) -> u64 {
                // SAFETY: caller's ISA contract.
                unsafe { $sum($sad(self, $zero())) }
            }
            #[inline(always)]
            unsafe fn add(self, o: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $add8(self, o) }
            }
            #[inline(always)]
            unsafe fn unpack_lo(self, o: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $unpacklo(self, o) }
            }
            #[inline(always)]
            unsafe fn unpack_hi(self, o: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $unpackhi(self, o) }
            }
            #[inline(always)]
            unsafe fn shl16<const N: i32>(self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $slli16::<N>(self) }
            }
            #[inline(always)]
            unsafe fn shr16<const N: i32>(self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $srli16::<N>(self) }
            }
            #[inline(always)]
            unsafe fn splat16(x: u16) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $set16(x as i16) }
            }
            #[inline(always)]
            unsafe fn eq16(self, o: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $cmpeq16(self, o) }
            }
            #[inline(always)]
            unsafe fn select(self, a: Self, b: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $blendv(b, a, self) }
            }
            #[inline(always)]
            unsafe fn unpack_lo16(self, o: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $unpacklo16(self, o) }
            }
            #[inline(always)]
            unsafe fn unpack_hi16(self, o: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $unpackhi16(self, o) }
            }
            #[inline(always)]
            unsafe fn packs16(self, o: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $packs16(self, o) }
            }
            #[inline(always)]
            unsafe fn load_zext16(p: *const u8) -> Self {
                // SAFETY: caller's ISA contract; `p` has LANES / 2 readable bytes (caller).
                unsafe { $zext16(p) }
            }
            #[inline(always)]
            unsafe fn load_zext32(p: *const u8) -> Self {
                // SAFETY: caller's ISA contract; `p` has LANES / 4 readable bytes (caller).
                unsafe { $zext32(p) }
            }
        }
    };
}

#[inline(always)]
unsafe fn from_halves_sse(halves: [__m128i; 2]) -> __m128i {
    halves[0]
}

#[inline(always)]
unsafe fn from_halves_avx2(halves: [__m128i; 2]) -> __m256i {
    // SAFETY: AVX2 per the caller's ISA contract.
    unsafe { _mm256_set_m128i(halves[1], halves[0]) }
}

#[inline(always)]
unsafe fn zext16_sse(p: *const u8) -> __m128i {
    // SAFETY: SSE4.1; `p` has 8 readable bytes (caller).
    unsafe { _mm_cvtepu8_epi16(_mm_loadl_epi64(p.cast())) }
}

#[inline(always)]
unsafe fn zext32_sse(p: *const u8) -> __m128i {
    // SAFETY: SSE4.1; `p` has 4 readable bytes (caller).
    unsafe { _mm_cvtepu8_epi32(_mm_cvtsi32_si128(p.cast::<i32>().read_unaligned())) }
}

#[inline(always)]
unsafe fn zext16_avx2(p: *const u8) -> __m256i {
    // SAFETY: AVX2; `p` has 16 readable bytes (caller).
    unsafe { _mm256_cvtepu8_epi16(_mm_loadu_si128(p.cast())) }
}

#[inline(always)]
unsafe fn zext32_avx2(p: *const u8) -> __m256i {
    // SAFETY: AVX2; `p` has 8 readable bytes (caller).
    unsafe { _mm256_cvtepu8_epi32(_mm_loadl_epi64(p.cast())) }
}

#[inline(always)]
unsafe fn lane_sse(v: __m128i, _k: usize) -> __m128i {
    v
}

#[inline(always)]
unsafe fn lane_avx2(v: __m256i, k: usize) -> __m128i {
    // SAFETY: AVX2 per the caller's ISA contract.
    unsafe {
        if k == 0 {
            _mm256_castsi256_si128(v)
        } else {
            _mm256_extracti128_si256::<1>(v)
        }
    }
}

#[inline(always)]
unsafe fn load_lanes_sse(ptrs: [*const u8; 2]) -> __m128i {
    // SAFETY: SSE2; `ptrs[0]` has 16 readable bytes (caller).
    unsafe { _mm_loadu_si128(ptrs[0].cast()) }
}

#[inline(always)]
unsafe fn load_lanes_avx2(ptrs: [*const u8; 2]) -> __m256i {
    // SAFETY: AVX2; both pointers have 16 readable bytes (caller).
    unsafe { _mm256_loadu2_m128i(ptrs[1].cast(), ptrs[0].cast()) }
}

// The ASCII test is one OR of the four loads: a run costs a branch per vector of output, and
// the packs saturate only values the test has already excluded.
#[inline(always)]
unsafe fn narrow_ascii32_sse(p: *const u32) -> Option<__m128i> {
    // SAFETY: SSE4.1; `p` has 16 readable units (caller).
    unsafe {
        // Not `[..].map(..)`: see `narrow_ascii32_avx2`.
        let load = |k: usize| _mm_loadu_si128(p.add(k).cast());
        let (a, b, c, d) = (load(0), load(4), load(8), load(12));
        let any = _mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d));
        if _mm_testz_si128(any, _mm_set1_epi32(!0x7F)) == 0 {
            return None;
        }
        Some(_mm_packus_epi16(
            _mm_packus_epi32(a, b),
            _mm_packus_epi32(c, d),
        ))
    }
}

// UTF-32 → UTF-8 with `avx2` (callgrind): Arabic 1.143 → 0.831 instructions a byte, Hindi
// 1.784 → 1.456, against the 128-bit halves, whose extra registers also made LLVM shuffle a
// dozen general registers around the loop of two-byte text.
#[inline(always)]
unsafe fn narrow32_avx2(p: *const u32) -> Option<__m256i> {
    // SAFETY: AVX2; `p` has 16 readable units (caller).
    unsafe {
        let (a, b) = (
            _mm256_loadu_si256(p.cast()),
            _mm256_loadu_si256(p.add(8).cast()),
        );
        if _mm256_testz_si256(_mm256_or_si256(a, b), _mm256_set1_epi32(!0xFFFF)) == 0 {
            return None;
        }
        // Per 128-bit lane: a0 b0 a1 b1 in 64-bit groups (x0 the low half of x), the pack
        // saturating nothing the test let through.
        Some(_mm256_permute4x64_epi64::<0b11_01_10_00>(
            _mm256_packus_epi32(a, b),
        ))
    }
}

#[inline(always)]
unsafe fn narrow_ascii32_avx2(p: *const u32) -> Option<__m256i> {
    // SAFETY: AVX2; `p` has 32 readable units (caller).
    unsafe {
        // Not `[..].map(..)`: `array::map` is generic code without this function's target
        // features, where the loads are calls unless everything is inlined.
        let load = |k: usize| _mm256_loadu_si256(p.add(k).cast());
        let (a, b, c, d) = (load(0), load(8), load(16), load(24));
        let any = _mm256_or_si256(_mm256_or_si256(a, b), _mm256_or_si256(c, d));
        if _mm256_testz_si256(any, _mm256_set1_epi32(!0x7F)) == 0 {
            return None;
        }
        // The packs work within 128-bit lanes: 4-byte groups come out as a0 b0 c0 d0 a1 b1 c1
        // d1 (x0 the low half of x), one permute puts them in order.
        let packed = _mm256_packus_epi16(_mm256_packus_epi32(a, b), _mm256_packus_epi32(c, d));
        Some(_mm256_permutevar8x32_epi32(
            packed,
            _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7),
        ))
    }
}

/// `prev ++ cur` shifted so that each byte sees the one `n` positions earlier (SSSE3 palignr).
#[inline(always)]
unsafe fn prev_sse(cur: __m128i, prev: __m128i, n: usize) -> __m128i {
    // SAFETY: SSSE3 per the caller's ISA contract.
    unsafe {
        match n {
            1 => _mm_alignr_epi8::<15>(cur, prev),
            2 => _mm_alignr_epi8::<14>(cur, prev),
            _ => _mm_alignr_epi8::<13>(cur, prev),
        }
    }
}

/// The AVX2 form: palignr works per 128-bit lane, so it is fed `[prev.high, cur.low]`.
#[inline(always)]
unsafe fn prev_avx2(cur: __m256i, prev: __m256i, n: usize) -> __m256i {
    // SAFETY: AVX2 per the caller's ISA contract.
    unsafe {
        let mid = _mm256_permute2x128_si256::<0x21>(prev, cur);
        match n {
            1 => _mm256_alignr_epi8::<15>(cur, mid),
            2 => _mm256_alignr_epi8::<14>(cur, mid),
            _ => _mm256_alignr_epi8::<13>(cur, mid),
        }
    }
}

#[inline(always)]
unsafe fn table_sse(t: &[u8; 16]) -> __m128i {
    // SAFETY: SSE2; `t` is 16 readable bytes.
    unsafe { _mm_loadu_si128(t.as_ptr().cast()) }
}

#[inline(always)]
unsafe fn table_avx2(t: &[u8; 16]) -> __m256i {
    // SAFETY: AVX2; `t` is 16 readable bytes.
    unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(t.as_ptr().cast())) }
}

#[inline(always)]
unsafe fn sum_sse(v: __m128i) -> u64 {
    // SAFETY: SSE4.1 per the caller's ISA contract.
    unsafe { (_mm_extract_epi64::<0>(v) + _mm_extract_epi64::<1>(v)) as u64 }
}

#[inline(always)]
unsafe fn sum_avx2(v: __m256i) -> u64 {
    // SAFETY: AVX2 per the caller's ISA contract.
    unsafe {
        (_mm256_extract_epi64::<0>(v)
            + _mm256_extract_epi64::<1>(v)
            + _mm256_extract_epi64::<2>(v)
            + _mm256_extract_epi64::<3>(v)) as u64
    }
}

vector_impl!(__m128i, 16, {
    load: _mm_loadu_si128, store: _mm_storeu_si128, set1: _mm_set1_epi8, movemask: movemask_sse,
    testz: _mm_testz_si128, or: _mm_or_si128, and: _mm_and_si128, xor: _mm_xor_si128,
    shuffle: _mm_shuffle_epi8, srli16: _mm_srli_epi16, subs_u8: _mm_subs_epu8,
    cmpgt: _mm_cmpgt_epi8, cmpeq: _mm_cmpeq_epi8, sub8: _mm_sub_epi8, sad: _mm_sad_epu8,
    zero: _mm_setzero_si128, table: table_sse, prev: prev_sse, sum: sum_sse,
    add8: _mm_add_epi8, unpacklo: _mm_unpacklo_epi8, unpackhi: _mm_unpackhi_epi8,
    slli16: _mm_slli_epi16, zext16: zext16_sse,
    zext32: zext32_sse, set16: _mm_set1_epi16, cmpeq16: _mm_cmpeq_epi16, blendv: _mm_blendv_epi8,
    unpacklo16: _mm_unpacklo_epi16, unpackhi16: _mm_unpackhi_epi16,
    packs16: _mm_packs_epi16,
});

vector_impl!(__m256i, 32, {
    load: _mm256_loadu_si256, store: _mm256_storeu_si256, set1: _mm256_set1_epi8, movemask: movemask_avx2,
    testz: _mm256_testz_si256, or: _mm256_or_si256, and: _mm256_and_si256, xor: _mm256_xor_si256,
    shuffle: _mm256_shuffle_epi8, srli16: _mm256_srli_epi16, subs_u8: _mm256_subs_epu8,
    cmpgt: _mm256_cmpgt_epi8, cmpeq: _mm256_cmpeq_epi8, sub8: _mm256_sub_epi8,
    sad: _mm256_sad_epu8, zero: _mm256_setzero_si256, table: table_avx2, prev: prev_avx2,
    sum: sum_avx2, add8: _mm256_add_epi8, unpacklo: _mm256_unpacklo_epi8,
    unpackhi: _mm256_unpackhi_epi8, slli16: _mm256_slli_epi16,
    zext16: zext16_avx2, zext32: zext32_avx2,
    set16: _mm256_set1_epi16, cmpeq16: _mm256_cmpeq_epi16, blendv: _mm256_blendv_epi8,
    unpacklo16: _mm256_unpacklo_epi16, unpackhi16: _mm256_unpackhi_epi16,
    packs16: _mm256_packs_epi16,
});

/// Implements [`Lanes2`] from the per-ISA lane helpers.
macro_rules! lanes2_impl {
    ($ty:ty, lane: $lane:path, load_lanes: $load_lanes:path, from_halves: $from_halves:path,
     narrow_ascii32: $narrow_ascii32:path, set32: $set32:path, srli32: $srli32:ident,
     packus32: $packus32:path, maddubs: $maddubs:path $(, narrow32: $narrow32:path)?) => {
        impl Lanes2 for $ty {
            #[inline(always)]
            unsafe fn lane(self, k: usize) -> __m128i {
                // SAFETY: caller's ISA contract.
                unsafe { $lane(self, k) }
            }
            #[inline(always)]
            unsafe fn load_lanes(ptrs: [*const u8; 2]) -> Self {
                // SAFETY: caller's ISA contract; each pointer used has 16 readable bytes.
                unsafe { $load_lanes(ptrs) }
            }
            #[inline(always)]
            unsafe fn from_halves(halves: [Self::Half; 2]) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $from_halves(halves) }
            }
            #[inline(always)]
            unsafe fn narrow_ascii32(p: *const u32) -> Option<Self> {
                // SAFETY: caller's ISA contract; `p` has LANES readable units.
                unsafe { $narrow_ascii32(p) }
            }
            $(
            #[inline(always)]
            unsafe fn narrow32(p: *const u32) -> Option<Self> {
                // SAFETY: caller's ISA contract; `p` has LANES / 2 readable units.
                unsafe { $narrow32(p) }
            }
            )?
            #[inline(always)]
            unsafe fn splat32(x: u32) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $set32(x as i32) }
            }
            #[inline(always)]
            unsafe fn shr32<const N: i32>(self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $srli32::<N>(self) }
            }
            #[inline(always)]
            unsafe fn packus32(self, o: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $packus32(self, o) }
            }
            #[inline(always)]
            unsafe fn maddubs(self, o: Self) -> Self {
                // SAFETY: caller's ISA contract.
                unsafe { $maddubs(self, o) }
            }
        }
    };
}

lanes2_impl!(__m128i, lane: lane_sse, load_lanes: load_lanes_sse, from_halves: from_halves_sse,
    narrow_ascii32: narrow_ascii32_sse, set32: _mm_set1_epi32, srli32: _mm_srli_epi32,
    packus32: _mm_packus_epi32, maddubs: _mm_maddubs_epi16);
lanes2_impl!(__m256i, lane: lane_avx2, load_lanes: load_lanes_avx2, from_halves: from_halves_avx2,
    narrow_ascii32: narrow_ascii32_avx2, set32: _mm256_set1_epi32, srli32: _mm256_srli_epi32,
    packus32: _mm256_packus_epi32, maddubs: _mm256_maddubs_epi16, narrow32: narrow32_avx2);

#[inline(always)]
unsafe fn movemask_sse(v: __m128i) -> u64 {
    // SAFETY: SSE2 per the caller's ISA contract.
    unsafe { u64::from(_mm_movemask_epi8(v) as u32) }
}

#[inline(always)]
unsafe fn movemask_avx2(v: __m256i) -> u64 {
    // SAFETY: AVX2 per the caller's ISA contract.
    unsafe { u64::from(_mm256_movemask_epi8(v) as u32) }
}

// The AVX-512 forms (F and BW): compares give mask registers, turned back into byte vectors
// where the algorithms want vectors; shifts by a run-time count (the immediate forms take a
// `u32` constant, the trait an `i32` one).

#[inline(always)]
unsafe fn movemask_avx512(v: __m512i) -> u64 {
    // SAFETY: AVX-512BW per the caller's ISA contract.
    unsafe { _mm512_movepi8_mask(v) }
}

#[inline(always)]
unsafe fn testz_avx512(a: __m512i, b: __m512i) -> i32 {
    // SAFETY: AVX-512F per the caller's ISA contract.
    unsafe { i32::from(_mm512_test_epi64_mask(a, b) == 0) }
}

#[inline(always)]
unsafe fn cmpgt_avx512(a: __m512i, b: __m512i) -> __m512i {
    // SAFETY: AVX-512BW per the caller's ISA contract.
    unsafe { _mm512_movm_epi8(_mm512_cmpgt_epi8_mask(a, b)) }
}

#[inline(always)]
unsafe fn cmpeq_avx512(a: __m512i, b: __m512i) -> __m512i {
    // SAFETY: AVX-512BW per the caller's ISA contract.
    unsafe { _mm512_movm_epi8(_mm512_cmpeq_epi8_mask(a, b)) }
}

#[inline(always)]
unsafe fn cmpeq16_avx512(a: __m512i, b: __m512i) -> __m512i {
    // SAFETY: AVX-512BW per the caller's ISA contract.
    unsafe { _mm512_movm_epi16(_mm512_cmpeq_epi16_mask(a, b)) }
}

/// `blendv` argument order: `b` where `mask`'s byte has its high bit clear, else `a`.
#[inline(always)]
unsafe fn blendv_avx512(b: __m512i, a: __m512i, mask: __m512i) -> __m512i {
    // SAFETY: AVX-512BW per the caller's ISA contract.
    unsafe { _mm512_mask_blend_epi8(_mm512_movepi8_mask(mask), b, a) }
}

#[inline(always)]
unsafe fn srli16_avx512<const N: i32>(v: __m512i) -> __m512i {
    // SAFETY: AVX-512BW per the caller's ISA contract.
    unsafe { _mm512_srl_epi16(v, _mm_cvtsi32_si128(N)) }
}

#[inline(always)]
unsafe fn slli16_avx512<const N: i32>(v: __m512i) -> __m512i {
    // SAFETY: AVX-512BW per the caller's ISA contract.
    unsafe { _mm512_sll_epi16(v, _mm_cvtsi32_si128(N)) }
}

#[inline(always)]
unsafe fn zext16_avx512(p: *const u8) -> __m512i {
    // SAFETY: AVX-512BW; `p` has 32 readable bytes (caller).
    unsafe { _mm512_cvtepu8_epi16(_mm256_loadu_si256(p.cast())) }
}

#[inline(always)]
unsafe fn zext32_avx512(p: *const u8) -> __m512i {
    // SAFETY: AVX-512F; `p` has 16 readable bytes (caller).
    unsafe { _mm512_cvtepu8_epi32(_mm_loadu_si128(p.cast())) }
}

/// The AVX-512 form: palignr works per 128-bit lane, so it is fed, per lane, the lane before
/// it in `prev ++ cur` (`valignq` by six quadwords).
#[inline(always)]
unsafe fn prev_avx512(cur: __m512i, prev: __m512i, n: usize) -> __m512i {
    // SAFETY: AVX-512F/BW per the caller's ISA contract.
    unsafe {
        let mid = _mm512_alignr_epi64::<6>(cur, prev);
        match n {
            1 => _mm512_alignr_epi8::<15>(cur, mid),
            2 => _mm512_alignr_epi8::<14>(cur, mid),
            _ => _mm512_alignr_epi8::<13>(cur, mid),
        }
    }
}

#[inline(always)]
unsafe fn table_avx512(t: &[u8; 16]) -> __m512i {
    // SAFETY: AVX-512F; `t` is 16 readable bytes.
    unsafe { _mm512_broadcast_i32x4(_mm_loadu_si128(t.as_ptr().cast())) }
}

#[inline(always)]
unsafe fn sum_avx512(v: __m512i) -> u64 {
    // SAFETY: AVX-512F per the caller's ISA contract.
    unsafe { _mm512_reduce_add_epi64(v) as u64 }
}

vector_impl!(__m512i, 64, {
    load: _mm512_loadu_si512, store: _mm512_storeu_si512, set1: _mm512_set1_epi8,
    movemask: movemask_avx512, testz: testz_avx512, or: _mm512_or_si512, and: _mm512_and_si512,
    xor: _mm512_xor_si512, shuffle: _mm512_shuffle_epi8, srli16: srli16_avx512,
    subs_u8: _mm512_subs_epu8, cmpgt: cmpgt_avx512, cmpeq: cmpeq_avx512, sub8: _mm512_sub_epi8,
    sad: _mm512_sad_epu8, zero: _mm512_setzero_si512, table: table_avx512, prev: prev_avx512,
    sum: sum_avx512, add8: _mm512_add_epi8, unpacklo: _mm512_unpacklo_epi8,
    unpackhi: _mm512_unpackhi_epi8, slli16: slli16_avx512,
    zext16: zext16_avx512, zext32: zext32_avx512,
    set16: _mm512_set1_epi16, cmpeq16: cmpeq16_avx512, blendv: blendv_avx512,
    unpacklo16: _mm512_unpacklo_epi16, unpackhi16: _mm512_unpackhi_epi16,
    packs16: _mm512_packs_epi16,
});

impl Half for __m128i {
    #[inline(always)]
    unsafe fn load_low64(p: *const u8) -> Self {
        // SAFETY: SSE2; `p` has 8 readable bytes (caller).
        unsafe { _mm_loadl_epi64(p.cast()) }
    }
    #[inline(always)]
    unsafe fn store_low64(self, p: *mut u8) {
        // SAFETY: SSE2; `p` has 8 writable bytes (caller).
        unsafe { _mm_storel_epi64(p.cast(), self) }
    }
    #[inline(always)]
    unsafe fn low32(self) -> u32 {
        // SAFETY: SSE2 per the caller's ISA contract.
        unsafe { _mm_cvtsi128_si32(self) as u32 }
    }
    #[inline(always)]
    unsafe fn bytes_right<const N: i32>(self) -> Self {
        // SAFETY: SSE2 per the caller's ISA contract.
        unsafe { _mm_srli_si128::<N>(self) }
    }
    #[inline(always)]
    unsafe fn zext8_16(self) -> Self {
        // SAFETY: SSE4.1 per the caller's ISA contract.
        unsafe { _mm_cvtepu8_epi16(self) }
    }
    #[inline(always)]
    unsafe fn zext8_32(self) -> Self {
        // SAFETY: SSE4.1 per the caller's ISA contract.
        unsafe { _mm_cvtepu8_epi32(self) }
    }
    #[inline(always)]
    unsafe fn zext16_32(self) -> Self {
        // SAFETY: SSE4.1 per the caller's ISA contract.
        unsafe { _mm_cvtepu16_epi32(self) }
    }
    #[inline(always)]
    unsafe fn packus16(self, o: Self) -> Self {
        // SAFETY: SSE2 per the caller's ISA contract.
        unsafe { _mm_packus_epi16(self, o) }
    }
    #[inline(always)]
    unsafe fn min16(self, o: Self) -> Self {
        // SAFETY: SSE4.1 per the caller's ISA contract.
        unsafe { _mm_min_epu16(self, o) }
    }
    #[inline(always)]
    unsafe fn add32(self, o: Self) -> Self {
        // SAFETY: SSE2 per the caller's ISA contract.
        unsafe { _mm_add_epi32(self, o) }
    }
    #[inline(always)]
    unsafe fn sub32(self, o: Self) -> Self {
        // SAFETY: SSE2 per the caller's ISA contract.
        unsafe { _mm_sub_epi32(self, o) }
    }
    #[inline(always)]
    unsafe fn shl32<const N: i32>(self) -> Self {
        // SAFETY: SSE2 per the caller's ISA contract.
        unsafe { _mm_slli_epi32::<N>(self) }
    }
    #[inline(always)]
    unsafe fn lookup_pair(self, a: Self, b: Self) -> Self {
        // SAFETY: SSSE3 per the caller's ISA contract. `pshufb` reads only an index's low four
        // bits, so each side sets the high bit (zero) of the indices that are the other's:
        // bit 4 moved to bit 7 (a shift of 16-bit lanes by 3 keeps it within its byte).
        unsafe {
            let in_b = _mm_and_si128(self, _mm_set1_epi8(0x10));
            let in_a = _mm_xor_si128(in_b, _mm_set1_epi8(0x10));
            let from_a = _mm_shuffle_epi8(a, _mm_or_si128(self, _mm_slli_epi16::<3>(in_b)));
            let from_b = _mm_shuffle_epi8(b, _mm_or_si128(self, _mm_slli_epi16::<3>(in_a)));
            _mm_or_si128(from_a, from_b)
        }
    }
}

/// [`Half::lookup_pair`] on SSSE3 over a 32-byte table, for the tests (no x86 kernel calls it
/// in its loops, so nothing else would show it wrong); `None` without SSSE3.
pub fn lookup_pair_ssse3(indices: [u8; 16], table: &[u8; 32]) -> Option<[u8; 16]> {
    if !std::is_x86_feature_detected!("ssse3") {
        return None;
    }
    // SAFETY: SSSE3 is there.
    Some(unsafe { lookup_pair_with_ssse3(indices, table) })
}

#[target_feature(enable = "ssse3")]
unsafe fn lookup_pair_with_ssse3(indices: [u8; 16], table: &[u8; 32]) -> [u8; 16] {
    let mut out = [0u8; 16];
    // SAFETY: SSSE3 (this function's feature); 16 readable or writable bytes at each pointer.
    unsafe {
        let (a, b) = (
            Vector::load(table.as_ptr()),
            Vector::load(table.as_ptr().add(16)),
        );
        let got: __m128i = Half::lookup_pair(Vector::load(indices.as_ptr()), a, b);
        Vector::store(got, out.as_mut_ptr());
    }
    out
}
