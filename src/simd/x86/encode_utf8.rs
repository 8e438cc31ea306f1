//! UTF-16, UTF-32 and Latin-1 → UTF-8 in blocks of eight units (SSE4.1; the same code runs
//! VEX-encoded in the AVX2 set). A block of BMP values is all ASCII, all below U+0800, or free of
//! surrogates, each case with its own encoding and a shuffle that squeezes out the unused bytes.
//! Other blocks go unit by unit; the first ill-formed unit ends the kernel. Stores are exact:
//! nothing is written past `written`.

use core::arch::x86_64::*;

use super::tables::{SHIFT, SHUF16_THREE, SHUF16_TWO};
use super::vector::Vector;

/// An input encoding for the UTF-8 encoder.
pub(super) trait Source {
    type Unit: Copy;
    /// Whether values come in surrogate pairs (UTF-16) that the kernel encodes as 4 bytes.
    const PAIRS: bool;
    /// Whether ASCII runs go 32 units at a time (UTF-16 only: the extra code costs UTF-32 a
    /// fifth on non-ASCII text).
    const RUNS32: bool = Self::PAIRS;
    /// The 8 units at `p` as 16-bit values, or `None` when one is above U+FFFF.
    unsafe fn load8(p: *const Self::Unit) -> Option<__m128i>;
    /// The 16 units at `p` as two [`Source::load8`] blocks, or `None` when either is `None`.
    #[inline(always)]
    unsafe fn load16(p: *const Self::Unit) -> Option<[__m128i; 2]> {
        // SAFETY: forwarded from this function's contract (16 readable units).
        unsafe { Some([Self::load8(p)?, Self::load8(p.add(8))?]) }
    }
    /// The 32 units at `p` as four [`Source::load8`] blocks, or `None` when any is `None`.
    #[inline(always)]
    unsafe fn load32(p: *const Self::Unit) -> Option<[__m128i; 4]> {
        // SAFETY: forwarded from this function's contract (32 readable units).
        unsafe {
            let [a, b] = Self::load16(p)?;
            let [c, d] = Self::load16(p.add(16))?;
            Some([a, b, c, d])
        }
    }
    /// The well-formed character at `src[r..]` and its length, or `None` if it is ill-formed.
    fn decode(src: &[Self::Unit], r: usize) -> Option<(u32, usize)>;
}

/// UTF-16, byte-swapped when `SWAP`.
pub(super) struct Utf16<const SWAP: bool>;
/// UTF-32 in native order.
pub(super) struct Utf32;
/// ISO-8859-1.
pub(super) struct Latin1;

impl<const SWAP: bool> Source for Utf16<SWAP> {
    type Unit = u16;
    const PAIRS: bool = true;
    #[inline(always)]
    unsafe fn load8(p: *const u16) -> Option<__m128i> {
        // SAFETY: SSE2 per the caller's ISA contract; `p` has 8 readable units.
        unsafe {
            let v = _mm_loadu_si128(p.cast());
            Some(if SWAP {
                _mm_or_si128(_mm_slli_epi16::<8>(v), _mm_srli_epi16::<8>(v))
            } else {
                v
            })
        }
    }
    #[inline(always)]
    fn decode(src: &[u16], r: usize) -> Option<(u32, usize)> {
        let fix = |u: u16| u32::from(if SWAP { u.swap_bytes() } else { u });
        let u = fix(src[r]);
        match u {
            0xD800..=0xDBFF => match src.get(r + 1).map(|&l| fix(l)) {
                Some(lo @ 0xDC00..=0xDFFF) => Some((crate::decode::combine_surrogates(u, lo), 2)),
                _ => None,
            },
            0xDC00..=0xDFFF => None,
            _ => Some((u, 1)),
        }
    }
}

impl Source for Utf32 {
    type Unit = u32;
    const PAIRS: bool = false;
    #[inline(always)]
    unsafe fn load8(p: *const u32) -> Option<__m128i> {
        // SAFETY: SSE4.1 per the caller's ISA contract; `p` has 8 readable units.
        unsafe {
            let (a, b) = (_mm_loadu_si128(p.cast()), _mm_loadu_si128(p.add(4).cast()));
            let above = _mm_set1_epi32(0xFFFF_0000u32 as i32);
            (_mm_testz_si128(_mm_or_si128(a, b), above) == 1).then(|| _mm_packus_epi32(a, b))
        }
    }
    #[inline(always)]
    fn decode(src: &[u32], r: usize) -> Option<(u32, usize)> {
        match src[r] {
            cp @ (0..=0xD7FF | 0xE000..=0x10FFFF) => Some((cp, 1)),
            _ => None,
        }
    }
}

impl Source for Latin1 {
    type Unit = u8;
    const PAIRS: bool = false;
    #[inline(always)]
    unsafe fn load8(p: *const u8) -> Option<__m128i> {
        // SAFETY: SSE4.1 per the caller's ISA contract; `p` has 8 readable units.
        unsafe { Some(_mm_cvtepu8_epi16(_mm_loadl_epi64(p.cast()))) }
    }
    #[inline(always)]
    fn decode(src: &[u8], r: usize) -> Option<(u32, usize)> {
        Some((u32::from(src[r]), 1))
    }
}

/// `S` restricted to the characters that CESU-8 and modified UTF-8 write as UTF-8 does: BMP
/// characters, without U+0000 when `NUL` (modified UTF-8 writes it `C0 80`). The kernel stops
/// before anything else (a surrogate pair becomes 6 bytes there), so no separate scan is needed.
pub(super) struct Bmp<S, const NUL: bool>(core::marker::PhantomData<S>);

impl<S: Source, const NUL: bool> Source for Bmp<S, NUL> {
    type Unit = S::Unit;
    const PAIRS: bool = false;
    const RUNS32: bool = S::RUNS32;
    #[inline(always)]
    unsafe fn load8(p: *const S::Unit) -> Option<__m128i> {
        // SAFETY: forwarded from this function's contract; SSE2 per the caller's ISA contract.
        unsafe {
            let v = S::load8(p)?;
            // A block with U+0000 goes unit by unit, where `decode` stops at it.
            (!NUL || !has_zero(v)).then_some(v)
        }
    }
    // The ASCII runs test U+0000 once per 16 or 32 units, on the minimum of their blocks: the
    // test per block would cost as much as the run itself.
    #[inline(always)]
    unsafe fn load16(p: *const S::Unit) -> Option<[__m128i; 2]> {
        // SAFETY: forwarded from this function's contract; SSE4.1 per the caller's ISA contract.
        unsafe {
            let [a, b] = [S::load8(p)?, S::load8(p.add(8))?];
            (!NUL || !has_zero(_mm_min_epu16(a, b))).then_some([a, b])
        }
    }
    #[inline(always)]
    unsafe fn load32(p: *const S::Unit) -> Option<[__m128i; 4]> {
        // SAFETY: forwarded from this function's contract; SSE4.1 per the caller's ISA contract.
        unsafe {
            let [a, b, c, d] = [
                S::load8(p)?,
                S::load8(p.add(8))?,
                S::load8(p.add(16))?,
                S::load8(p.add(24))?,
            ];
            let min = _mm_min_epu16(_mm_min_epu16(a, b), _mm_min_epu16(c, d));
            (!NUL || !has_zero(min)).then_some([a, b, c, d])
        }
    }
    #[inline(always)]
    fn decode(src: &[S::Unit], r: usize) -> Option<(u32, usize)> {
        let (cp, n) = S::decode(src, r)?;
        (cp < 0x10000 && !(NUL && cp == 0)).then_some((cp, n))
    }
}

/// True when a 16-bit lane of `v` is zero.
#[inline(always)]
unsafe fn has_zero(v: __m128i) -> bool {
    // SAFETY: SSE4.1 per the caller's ISA contract.
    unsafe {
        let zero = _mm_cmpeq_epi16(v, _mm_setzero_si128());
        _mm_testz_si128(zero, zero) == 0
    }
}

/// Stores exactly the first `n` (4..=16) bytes of `v` at `dst`, with two overlapping stores.
#[inline(always)]
unsafe fn store_exact(dst: *mut u8, v: __m128i, n: usize) {
    // SAFETY: SSSE3 per the caller's ISA contract; `dst` has `n` writable bytes.
    unsafe {
        let shifted = |s: usize| _mm_shuffle_epi8(v, _mm_loadu_si128(SHIFT[s].as_ptr().cast()));
        if n >= 8 {
            _mm_storel_epi64(dst.cast(), v);
            _mm_storel_epi64(dst.add(n - 8).cast(), shifted(n - 8));
        } else {
            dst.cast::<i32>().write_unaligned(_mm_cvtsi128_si32(v));
            dst.add(n - 4)
                .cast::<i32>()
                .write_unaligned(_mm_cvtsi128_si32(shifted(n - 4)));
        }
    }
}

/// Encodes four values in U+0800..U+D7FF or U+E000..U+FFFF (16-bit lanes 0..4 of `v`) as the
/// 12 bytes at `dst`.
#[inline(always)]
unsafe fn encode_three(dst: *mut u8, v: __m128i) {
    // SAFETY: SSE4.1 per the caller's ISA contract; `dst` has 12 writable bytes.
    unsafe {
        let u = _mm_cvtepu16_epi32(v);
        let three = _mm_or_si128(
            _mm_or_si128(_mm_srli_epi32::<12>(u), _mm_set1_epi32(0x8080E0)),
            _mm_or_si128(
                _mm_slli_epi32::<2>(_mm_and_si128(u, _mm_set1_epi32(0xFC0))),
                _mm_slli_epi32::<16>(_mm_and_si128(u, _mm_set1_epi32(0x3F))),
            ),
        );
        let packed = _mm_shuffle_epi8(
            three,
            _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1),
        );
        _mm_storel_epi64(dst.cast(), packed);
        dst.add(8)
            .cast::<i32>()
            .write_unaligned(_mm_cvtsi128_si32(_mm_srli_si128::<8>(packed)));
    }
}

/// Encodes eight values below U+D800 or above U+DFFF (the 16-bit lanes of `v`, `short` set
/// where one is below U+0800) at `dst`; returns the bytes written (8..=24). The bytes are worked
/// out on all eight 16-bit lanes at once (the first two of each character in one lane, the third
/// in another) and only then interleaved into a 32-bit lane per character.
#[inline(always)]
unsafe fn encode_eight(dst: *mut u8, v: __m128i, short: __m128i) -> usize {
    // SAFETY: SSE4.1 per the caller's ISA contract; `dst` has 24 writable bytes.
    unsafe {
        let ascii = _mm_cmpeq_epi16(
            _mm_and_si128(v, _mm_set1_epi16(0xFF80u16 as i16)),
            _mm_setzero_si128(),
        );
        let low6 = _mm_and_si128(v, _mm_set1_epi16(0x3F));
        let two = _mm_or_si128(
            _mm_or_si128(_mm_srli_epi16::<6>(v), _mm_slli_epi16::<8>(low6)),
            _mm_set1_epi16(0x80C0u16 as i16),
        );
        let three = _mm_or_si128(
            _mm_or_si128(
                _mm_srli_epi16::<12>(v),
                _mm_and_si128(_mm_slli_epi16::<2>(v), _mm_set1_epi16(0x3F00)),
            ),
            _mm_set1_epi16(0x80E0u16 as i16),
        );
        let first = _mm_blendv_epi8(_mm_blendv_epi8(three, two, short), v, ascii);
        let third = _mm_or_si128(low6, _mm_set1_epi16(0x80));
        // Bits 0..8: ASCII units; bits 8..16: units below U+0800.
        let m = !(_mm_movemask_epi8(_mm_packs_epi16(ascii, short)) as u32);
        let idx0 = (m & 0xF) | ((m >> 4) & 0xF0);
        let idx1 = ((m >> 4) & 0xF) | ((m >> 8) & 0xF0);
        let (shuf0, n0) = &SHUF16_THREE[idx0 as usize];
        let (shuf1, n1) = &SHUF16_THREE[idx1 as usize];
        let a = _mm_shuffle_epi8(
            _mm_unpacklo_epi16(first, third),
            _mm_loadu_si128(shuf0.as_ptr().cast()),
        );
        let b = _mm_shuffle_epi8(
            _mm_unpackhi_epi16(first, third),
            _mm_loadu_si128(shuf1.as_ptr().cast()),
        );
        let (n0, n1) = (*n0 as usize, *n1 as usize);
        store_exact(dst, a, n0);
        store_exact(dst.add(n0), b, n1);
        n0 + n1
    }
}

/// Encodes eight values below U+0800 (the 16-bit lanes of `v`) at `dst`; returns the bytes
/// written (8..=16).
#[inline(always)]
unsafe fn encode_two(dst: *mut u8, v: __m128i) -> usize {
    // SAFETY: SSE4.1 per the caller's ISA contract; `dst` has 16 writable bytes.
    unsafe {
        let ascii = _mm_cmpgt_epi16(_mm_set1_epi16(0x80), v);
        let lead = _mm_or_si128(_mm_srli_epi16::<6>(v), _mm_set1_epi16(0xC0));
        let cont = _mm_slli_epi16::<8>(_mm_and_si128(v, _mm_set1_epi16(0x3F)));
        let two = _mm_or_si128(_mm_or_si128(lead, cont), _mm_set1_epi16(0x8000u16 as i16));
        let lanes = _mm_blendv_epi8(two, v, ascii);
        let m = _mm_movemask_epi8(_mm_packs_epi16(ascii, ascii)) & 0xFF;
        let shuf = _mm_loadu_si128(SHUF16_TWO[m as usize].as_ptr().cast());
        let n = 16 - m.count_ones() as usize;
        store_exact(dst, _mm_shuffle_epi8(lanes, shuf), n);
        n
    }
}

/// True when the eight 16-bit values of `v` are four surrogate pairs.
#[inline(always)]
unsafe fn all_pairs(v: __m128i) -> bool {
    // SAFETY: SSE2 per the caller's ISA contract.
    unsafe {
        let tags = _mm_and_si128(v, _mm_set1_epi32(0xFC00_FC00u32 as i32));
        let pairs = _mm_cmpeq_epi32(tags, _mm_set1_epi32(0xDC00_D800u32 as i32));
        _mm_movemask_epi8(pairs) == 0xFFFF
    }
}

/// When the eight 16-bit values of `v` are four surrogate pairs, writes their 16 UTF-8 bytes at
/// `dst` and returns true.
#[inline(always)]
unsafe fn encode_pairs(dst: *mut u8, v: __m128i) -> bool {
    // SAFETY: SSE4.1 per the caller's ISA contract; `dst` has 16 writable bytes.
    unsafe {
        if !all_pairs(v) {
            return false;
        }
        let high = _mm_slli_epi32::<10>(_mm_and_si128(v, _mm_set1_epi32(0x3FF)));
        let low = _mm_and_si128(_mm_srli_epi32::<16>(v), _mm_set1_epi32(0x3FF));
        let cp = _mm_add_epi32(_mm_or_si128(high, low), _mm_set1_epi32(0x10000));
        let b0 = _mm_or_si128(
            _mm_srli_epi32::<18>(cp),
            _mm_set1_epi32(0x8080_80F0u32 as i32),
        );
        let b1 = _mm_slli_epi32::<8>(_mm_and_si128(
            _mm_srli_epi32::<12>(cp),
            _mm_set1_epi32(0x3F),
        ));
        let b2 = _mm_slli_epi32::<16>(_mm_and_si128(_mm_srli_epi32::<6>(cp), _mm_set1_epi32(0x3F)));
        let b3 = _mm_slli_epi32::<24>(_mm_and_si128(cp, _mm_set1_epi32(0x3F)));
        let bytes = _mm_or_si128(_mm_or_si128(b0, b1), _mm_or_si128(b2, b3));
        _mm_storeu_si128(dst.cast(), bytes);
        true
    }
}

/// Encodes the well-formed character at `src[r..]` into `dst` when it fits (or only counts it,
/// when `dst` is `None`); returns the units read and bytes needed, or `None` at an ill-formed
/// unit or a full `dst`.
#[inline(always)]
fn encode_one<S: Source>(
    src: &[S::Unit],
    r: usize,
    dst: Option<&mut [u8]>,
) -> Option<(usize, usize)> {
    let (cp, read) = S::decode(src, r)?;
    let n = crate::encode::utf8_len(cp);
    if let Some(dst) = dst {
        crate::encode::write_utf8(cp, dst.get_mut(..n)?);
    }
    Some((read, n))
}

/// Goes unit by unit over the eight units at `*r`; false at the first it cannot handle.
#[inline(always)]
fn one_by_one<S: Source>(
    src: &[S::Unit],
    r: &mut usize,
    w: &mut usize,
    mut dst: Option<&mut [u8]>,
) -> bool {
    let end = *r + 8;
    while *r < end {
        match encode_one::<S>(src, *r, dst.as_deref_mut().map(|d| &mut d[*w..])) {
            Some((read, n)) => {
                *r += read;
                *w += n;
            }
            None => return false,
        }
    }
    true
}

/// Non-zero 16-bit lanes where `v` holds a surrogate.
#[inline(always)]
unsafe fn surrogates(v: __m128i) -> __m128i {
    // SAFETY: SSE2 per the caller's ISA contract.
    unsafe {
        let high = _mm_and_si128(v, _mm_set1_epi16(0xF800u16 as i16));
        _mm_cmpeq_epi16(high, _mm_set1_epi16(0xD800u16 as i16))
    }
}

/// Converts the longest prefix it can of `src` into `dst` (see `Kernels`).
#[inline(always)]
pub(super) unsafe fn convert<S: Source>(src: &[S::Unit], dst: &mut [u8]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    // SAFETY (whole body): caller's ISA contract. Loads read 8 units at r with r + 8 <= len;
    // every vector store writes exactly the bytes counted, with 24 bytes of room checked first.
    unsafe {
        while r + 8 <= src.len() && dst.len() - w >= 24 {
            let out = dst.as_mut_ptr().add(w);
            let Some(v) = S::load8(src.as_ptr().add(r)) else {
                if !one_by_one::<S>(src, &mut r, &mut w, Some(dst)) {
                    break;
                }
                continue;
            };
            let not_ascii = _mm_set1_epi16(0xFF80u16 as i16);
            if _mm_testz_si128(v, not_ascii) == 1 {
                _mm_storel_epi64(out.cast(), _mm_packus_epi16(v, v));
                r += 8;
                w += 8;
                // ASCII comes in runs: take them 32 (see `RUNS32`), then 16 units at a time.
                while S::RUNS32 && r + 32 <= src.len() && dst.len() - w >= 32 {
                    let Some([a, b, c, d]) = S::load32(src.as_ptr().add(r)) else {
                        break;
                    };
                    let any = _mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d));
                    if _mm_testz_si128(any, not_ascii) == 0 {
                        break;
                    }
                    let out = dst.as_mut_ptr().add(w);
                    _mm_storeu_si128(out.cast(), _mm_packus_epi16(a, b));
                    _mm_storeu_si128(out.add(16).cast(), _mm_packus_epi16(c, d));
                    r += 32;
                    w += 32;
                }
                while r + 16 <= src.len() && dst.len() - w >= 16 {
                    let Some([a, b]) = S::load16(src.as_ptr().add(r)) else {
                        break;
                    };
                    if _mm_testz_si128(_mm_or_si128(a, b), not_ascii) == 0 {
                        break;
                    }
                    _mm_storeu_si128(dst.as_mut_ptr().add(w).cast(), _mm_packus_epi16(a, b));
                    r += 16;
                    w += 16;
                }
            } else if _mm_testz_si128(v, _mm_set1_epi16(0xF800u16 as i16)) == 1 {
                r += 8;
                w += encode_two(out, v);
            } else if _mm_testz_si128(surrogates(v), surrogates(v)) == 1 {
                let short = _mm_cmpeq_epi16(
                    _mm_and_si128(v, _mm_set1_epi16(0xF800u16 as i16)),
                    _mm_setzero_si128(),
                );
                if _mm_movemask_epi8(short) == 0 {
                    // All eight take three bytes (CJK, Indic): no length tables needed.
                    encode_three(out, v);
                    encode_three(out.add(12), _mm_srli_si128::<8>(v));
                    r += 8;
                    w += 24;
                    continue;
                }
                r += 8;
                w += encode_eight(out, v, short);
                // Characters from U+0800 come in runs (CJK; Korean and Hindi words between
                // ASCII spaces): stay here, with one test of each block's mix, until a block
                // without any, a surrogate or an ill-formed unit.
                while r + 8 <= src.len() && dst.len() - w >= 24 {
                    let Some(v) = S::load8(src.as_ptr().add(r)) else {
                        break;
                    };
                    let short = _mm_cmpeq_epi16(
                        _mm_and_si128(v, _mm_set1_epi16(0xF800u16 as i16)),
                        _mm_setzero_si128(),
                    );
                    let m = _mm_movemask_epi8(_mm_or_si128(short, surrogates(v)));
                    if m == 0xFFFF {
                        break;
                    }
                    let out = dst.as_mut_ptr().add(w);
                    if m == 0 {
                        encode_three(out, v);
                        encode_three(out.add(12), _mm_srli_si128::<8>(v));
                        w += 24;
                    } else if _mm_testz_si128(surrogates(v), surrogates(v)) == 1 {
                        w += encode_eight(out, v, short);
                    } else {
                        break;
                    }
                    r += 8;
                }
            } else if S::PAIRS && encode_pairs(out, v) {
                r += 8;
                w += 16;
            } else if !one_by_one::<S>(src, &mut r, &mut w, Some(dst)) {
                break;
            }
        }
    }
    (r, w)
}

/// Counts the UTF-8 bytes of the longest well-formed prefix it can of `src`.
#[inline(always)]
pub(super) unsafe fn measure<S: Source>(src: &[S::Unit]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    // SAFETY: caller's ISA contract; loads read 8 units at r with r + 8 <= len.
    unsafe {
        while r + 8 <= src.len() {
            match S::load8(src.as_ptr().add(r)) {
                Some(v) if _mm_testz_si128(surrogates(v), surrogates(v)) == 1 => {
                    let zero = _mm_setzero_si128();
                    let wide = _mm_and_si128(v, _mm_set1_epi16(0xFF80u16 as i16));
                    let ascii = _mm_cmpeq_epi16(wide, zero);
                    let high = _mm_and_si128(v, _mm_set1_epi16(0xF800u16 as i16));
                    let short = _mm_cmpeq_epi16(high, zero);
                    // Each unit: 3 bytes, one less below U+0800, one less again for ASCII.
                    let less = _mm_movemask_epi8(ascii).count_ones()
                        + _mm_movemask_epi8(short).count_ones();
                    r += 8;
                    w += 24 - (less / 2) as usize;
                }
                Some(v) if S::PAIRS && all_pairs(v) => {
                    r += 8;
                    w += 16;
                }
                _ => {
                    if !one_by_one::<S>(src, &mut r, &mut w, None) {
                        break;
                    }
                }
            }
        }
    }
    (r, w)
}

/// Latin-1 steps as wide as the ISA allows: ASCII runs a vector at a time, and mixed text 16
/// bytes at a time whatever their mix (French and the like interleave ASCII and é too finely for
/// a branch per block to predict).
pub(super) trait Latin1Wide: Vector {
    /// Expands the 16 bytes at `src` to UTF-8 at `dst`; returns the bytes written (16..=32).
    /// Unless `EXACT`, it may also write up to 8 bytes past them, which the caller must then
    /// overwrite.
    unsafe fn expand16<const EXACT: bool>(src: *const u8, dst: *mut u8) -> usize;
}

impl Latin1Wide for __m128i {
    #[inline(always)]
    unsafe fn expand16<const EXACT: bool>(src: *const u8, dst: *mut u8) -> usize {
        // SAFETY: SSE4.1 per the caller's ISA contract; 16 readable bytes at `src`, 32 writable
        // at `dst`.
        unsafe {
            let v = _mm_loadu_si128(src.cast());
            let n = encode_two(dst, _mm_cvtepu8_epi16(v));
            n + encode_two(dst.add(n), _mm_cvtepu8_epi16(_mm_srli_si128::<8>(v)))
        }
    }
}

impl Latin1Wide for __m256i {
    #[inline(always)]
    unsafe fn expand16<const EXACT: bool>(src: *const u8, dst: *mut u8) -> usize {
        // SAFETY: AVX2 per the caller's ISA contract; 16 readable bytes at `src`, 32 writable
        // at `dst` (n0 + 16 <= 32). The first 16-byte store may run past its own n0 bytes, but
        // never past n0 + 8 <= n0 + n1, which the second store then overwrites; the second
        // stops at n0 + n1 when EXACT, else runs at most 16 - n1 <= 8 bytes further.
        unsafe {
            let v = _mm256_cvtepu8_epi16(_mm_loadu_si128(src.cast()));
            let ascii = _mm256_cmpgt_epi16(_mm256_set1_epi16(0x80), v);
            let lead = _mm256_or_si256(_mm256_srli_epi16::<6>(v), _mm256_set1_epi16(0xC0));
            let cont = _mm256_slli_epi16::<8>(_mm256_and_si256(v, _mm256_set1_epi16(0x3F)));
            let two = _mm256_or_si256(
                _mm256_or_si256(lead, cont),
                _mm256_set1_epi16(0x8000u16 as i16),
            );
            let lanes = _mm256_blendv_epi8(two, v, ascii);
            let m = _mm256_movemask_epi8(_mm256_packs_epi16(ascii, ascii)) as u32;
            let (m0, m1) = (m & 0xFF, (m >> 16) & 0xFF);
            let shuf = _mm256_loadu2_m128i(
                SHUF16_TWO[m1 as usize].as_ptr().cast(),
                SHUF16_TWO[m0 as usize].as_ptr().cast(),
            );
            let packed = _mm256_shuffle_epi8(lanes, shuf);
            let n0 = 16 - m0.count_ones() as usize;
            let n1 = 16 - m1.count_ones() as usize;
            _mm_storeu_si128(dst.cast(), _mm256_castsi256_si128(packed));
            let high = _mm256_extracti128_si256::<1>(packed);
            if EXACT {
                store_exact(dst.add(n0), high, n1);
            } else {
                _mm_storeu_si128(dst.add(n0).cast(), high);
            }
            n0 + n1
        }
    }
}

/// Latin-1 → UTF-8 (see `Kernels`): a vector of input at a time, copied when ASCII and expanded
/// 16 bytes at a time otherwise, while two vectors of room are left; then the eight-unit blocks
/// of [`convert`].
#[inline(always)]
pub(super) unsafe fn latin1<V: Latin1Wide>(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    // SAFETY (whole body): caller's ISA contract. Reads stay below `src.len()`; a step writes at
    // most 2 * LANES bytes, the room checked.
    unsafe {
        while r + V::LANES <= src.len() && dst.len() - w >= 2 * V::LANES {
            let v = V::load(src.as_ptr().add(r));
            if v.movemask() == 0 {
                v.store(dst.as_mut_ptr().add(w));
                w += V::LANES;
            } else {
                // All but the last step may write past their bytes: the next one overwrites them.
                for at in (0..V::LANES - 16).step_by(16) {
                    w += V::expand16::<false>(src.as_ptr().add(r + at), dst.as_mut_ptr().add(w));
                }
                let last = r + V::LANES - 16;
                w += V::expand16::<true>(src.as_ptr().add(last), dst.as_mut_ptr().add(w));
            }
            r += V::LANES;
        }
        let (rest_r, rest_w) = convert::<Latin1>(&src[r..], &mut dst[w..]);
        (r + rest_r, w + rest_w)
    }
}
