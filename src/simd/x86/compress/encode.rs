//! The UTF-8 forms of a vector of code points, for the encoders from UTF-16 and UTF-32.

use core::arch::x86_64::*;

use super::block::store_bytes;

/// The UTF-8 form of 32 code points below U+0800 (16-bit lanes; bit `i` of `wide` says whether
/// lane `i` is U+0080 or above), packed: the bytes and how many.
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 BW, VBMI, VBMI2 and BMI2).
#[inline(always)]
pub(super) unsafe fn encode_two(u: __m512i, wide: u32) -> (__m512i, u32) {
    // SAFETY: AVX-512 BW, VBMI2 and BMI2 per the caller's ISA contract.
    unsafe {
        // Lead 0xC0 | u >> 6 in the low byte (written first), continuation 0x80 | u & 0x3F in
        // the high byte: (u >> 6 | u << 8) & 0x3F1F | 0x80C0. One multishift takes bits 6..14
        // of each lane into its low byte and bits 0..8 into its high byte; one ternary-logic
        // instruction does the rest.
        let fields = _mm512_set1_epi64(0x3036_2026_1016_0006);
        let two = _mm512_ternarylogic_epi32::<0xEA>(
            _mm512_multishift_epi64_epi8(fields, u),
            _mm512_set1_epi16(0x3F1F),
            _mm512_set1_epi16(0x80C0u16 as i16),
        );
        let words = _mm512_mask_mov_epi16(u, wide, two);
        // Every low byte, and the high byte of the two-byte lanes.
        let keep = 0x5555_5555_5555_5555 | _pdep_u64(u64::from(wide), 0xAAAA_AAAA_AAAA_AAAA);
        (
            _mm512_maskz_compress_epi8(keep, words),
            32 + wide.count_ones(),
        )
    }
}

/// Four values chosen by a code point's leading zero count (mod 32: zero counts 32), by the
/// length of its UTF-8 form: one, two, three or four bytes. Counts of 1..=10 (above U+1FFFFF)
/// never reach a lookup.
const fn by_leading_zeros(one: u32, two: u32, three: u32, four: u32) -> [u32; 32] {
    let mut t = [0u32; 32];
    let mut lz = 0;
    while lz < 32 {
        t[lz] = match lz {
            11..=15 => four,
            16..=20 => three,
            21..=24 => two,
            _ => one,
        };
        lz += 1;
    }
    t
}

/// Where each byte of the UTF-8 form comes from: the bit offset of its field in the code point
/// (first byte first). One byte: bits 0..; two: 6.., 0..; three: 12.., 6.., 0..; four: 18..,
/// 12.., 6.., 0...
static FIELDS: [u32; 32] = by_leading_zeros(0, 0x0006, 0x06_0C, 0x06_0C_12);

/// The bits each byte keeps of its field.
static KEEP_BITS: [u32; 32] = by_leading_zeros(0x7F, 0x3F1F, 0x3F_3F0F, 0x3F3F_3F07);

/// The marker bits each byte gets: 110, 1110 or 11110 before the first, 10 before the rest.
static MARKERS: [u32; 32] = by_leading_zeros(0, 0x80C0, 0x80_80E0, 0x8080_80F0);

/// The bytes the UTF-8 form has.
static LENGTH: [u32; 32] = by_leading_zeros(0xFF, 0xFFFF, 0xFF_FFFF, 0xFFFF_FFFF);

/// The UTF-8 form of 16 code points (32-bit lanes; no surrogates, none above U+10FFFF), packed:
/// the bytes and how many. Each lane's leading zero count picks how its bytes are cut from it
/// (one multishift), masked and marked (one ternary-logic instruction).
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 F, CD, BW, VBMI and VBMI2).
#[inline(always)]
unsafe fn encode_any(u: __m512i) -> (__m512i, u32) {
    // SAFETY: AVX-512 F, CD, BW, VBMI and VBMI2 per the caller's ISA contract; the tables are
    // 32 readable values each.
    unsafe {
        let lz = _mm512_lzcnt_epi32(u);
        let pick = |t: &[u32; 32]| {
            let (lo, hi) = (
                t.as_ptr().cast::<__m512i>(),
                t.as_ptr().add(16).cast::<__m512i>(),
            );
            _mm512_permutex2var_epi32(_mm512_loadu_si512(lo), lz, _mm512_loadu_si512(hi))
        };
        // Multishift counts bit offsets within each 64-bit lane: the odd 32-bit lanes add 32.
        let odd = _mm512_set1_epi64(0x2020_2020_0000_0000);
        let fields = _mm512_multishift_epi64_epi8(_mm512_or_si512(pick(&FIELDS), odd), u);
        let bytes = _mm512_ternarylogic_epi32::<0xEA>(fields, pick(&KEEP_BITS), pick(&MARKERS));
        let length = pick(&LENGTH);
        let keep = _mm512_test_epi8_mask(length, length);
        (_mm512_maskz_compress_epi8(keep, bytes), keep.count_ones())
    }
}

/// Writes the UTF-8 form of the code points in the 32-bit lanes of `vectors` (see
/// [`encode_any`]) at `out[w..]`, which has room for 4 bytes per lane; returns the new `w`.
///
/// # Safety
///
/// The caller's ISA contract (as [`encode_any`]'s, and AVX-512 BW and BMI2 for the stores);
/// 128 writable bytes at `out[w..]`.
#[inline(always)]
pub(super) unsafe fn put_any(out: *mut u8, mut w: usize, vectors: [__m512i; 2]) -> usize {
    for u in vectors {
        // SAFETY: the caller's ISA contract and room, forwarded.
        unsafe {
            let (bytes, n) = encode_any(u);
            store_bytes(out.add(w), bytes, n);
            w += n as usize;
        }
    }
    w
}
