//! UTF-16 → UTF-8 in blocks of eight units (SSE4.1; the same code runs VEX-encoded in the AVX2
//! set): all ASCII, all below U+0800, or no surrogates, each with its own encoding and a shuffle
//! that squeezes out the unused bytes. Blocks with surrogates go unit by unit; the first
//! ill-formed one ends the kernel. Stores are exact: nothing is written past `written`.

use core::arch::x86_64::*;

use super::tables::{SHIFT, SHUF16_THREE, SHUF16_TWO};

#[inline(always)]
unsafe fn load<const SWAP: bool>(p: *const u16) -> __m128i {
    // SAFETY: SSE2 per the caller's ISA contract; `p` has 8 readable units.
    unsafe {
        let v = _mm_loadu_si128(p.cast());
        if SWAP {
            _mm_or_si128(_mm_slli_epi16::<8>(v), _mm_srli_epi16::<8>(v))
        } else {
            v
        }
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

/// Encodes four units below U+D800 or above U+DFFF (in 16-bit lanes 0..4 of `v`) at `dst`;
/// returns the bytes written (4..=12).
#[inline(always)]
unsafe fn encode_four(dst: *mut u8, v: __m128i) -> usize {
    // SAFETY: SSE4.1 per the caller's ISA contract; `dst` has 12 writable bytes.
    unsafe {
        let u = _mm_cvtepu16_epi32(v);
        let lead2 = _mm_or_si128(_mm_srli_epi32::<6>(u), _mm_set1_epi32(0x80C0));
        let two = _mm_or_si128(
            lead2,
            _mm_slli_epi32::<8>(_mm_and_si128(u, _mm_set1_epi32(0x3F))),
        );
        let three = _mm_or_si128(
            _mm_or_si128(_mm_srli_epi32::<12>(u), _mm_set1_epi32(0x8080E0)),
            _mm_or_si128(
                _mm_slli_epi32::<2>(_mm_and_si128(u, _mm_set1_epi32(0xFC0))),
                _mm_slli_epi32::<16>(_mm_and_si128(u, _mm_set1_epi32(0x3F))),
            ),
        );
        let is2 = _mm_cmpgt_epi32(u, _mm_set1_epi32(0x7F));
        let is3 = _mm_cmpgt_epi32(u, _mm_set1_epi32(0x7FF));
        let lanes = _mm_blendv_epi8(_mm_blendv_epi8(u, two, is2), three, is3);
        let idx =
            _mm_movemask_ps(_mm_castsi128_ps(is2)) | _mm_movemask_ps(_mm_castsi128_ps(is3)) << 4;
        let (shuf, n) = &SHUF16_THREE[idx as usize];
        store_exact(
            dst,
            _mm_shuffle_epi8(lanes, _mm_loadu_si128(shuf.as_ptr().cast())),
            *n as usize,
        );
        *n as usize
    }
}

/// Encodes the well-formed character at `src[r..]` into `dst[w..]` when it fits; returns the
/// units read and bytes written, or `None` at an ill-formed unit or a full `dst`.
#[inline(always)]
fn encode_one<const SWAP: bool>(
    src: &[u16],
    r: usize,
    dst: Option<&mut [u8]>,
) -> Option<(usize, usize)> {
    let fix = |u: u16| u32::from(if SWAP { u.swap_bytes() } else { u });
    let u = fix(src[r]);
    let (cp, read) = match u {
        0xD800..=0xDBFF => match src.get(r + 1).map(|&l| fix(l)) {
            Some(lo @ 0xDC00..=0xDFFF) => (0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00), 2),
            _ => return None,
        },
        0xDC00..=0xDFFF => return None,
        _ => (u, 1),
    };
    let n = crate::encode::utf8_len(cp);
    if let Some(dst) = dst {
        let out = dst.get_mut(..n)?;
        match out {
            [a] => *a = cp as u8,
            [a, b] => {
                *a = 0xC0 | (cp >> 6) as u8;
                *b = 0x80 | (cp & 0x3F) as u8;
            }
            [a, b, c] => {
                *a = 0xE0 | (cp >> 12) as u8;
                *b = 0x80 | ((cp >> 6) & 0x3F) as u8;
                *c = 0x80 | (cp & 0x3F) as u8;
            }
            [a, b, c, d] => {
                *a = 0xF0 | (cp >> 18) as u8;
                *b = 0x80 | ((cp >> 12) & 0x3F) as u8;
                *c = 0x80 | ((cp >> 6) & 0x3F) as u8;
                *d = 0x80 | (cp & 0x3F) as u8;
            }
            _ => return None,
        }
    }
    Some((read, n))
}

/// Converts the longest prefix it can of `src` into `dst` (see `Kernels`).
#[inline(always)]
pub(super) unsafe fn convert<const SWAP: bool>(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    // SAFETY (whole body): caller's ISA contract. Loads read 8 units at r with r + 8 <= len;
    // every vector store writes exactly the bytes counted, with 24 bytes of room checked first.
    unsafe {
        while r + 8 <= src.len() && dst.len() - w >= 24 {
            let v = load::<SWAP>(src.as_ptr().add(r));
            let out = dst.as_mut_ptr().add(w);
            if _mm_testz_si128(v, _mm_set1_epi16(0xFF80u16 as i16)) == 1 {
                _mm_storel_epi64(out.cast(), _mm_packus_epi16(v, v));
                r += 8;
                w += 8;
            } else if _mm_testz_si128(v, _mm_set1_epi16(0xF800u16 as i16)) == 1 {
                let ascii = _mm_cmpgt_epi16(_mm_set1_epi16(0x80), v);
                let lead = _mm_or_si128(_mm_srli_epi16::<6>(v), _mm_set1_epi16(0xC0));
                let cont = _mm_slli_epi16::<8>(_mm_and_si128(v, _mm_set1_epi16(0x3F)));
                let two = _mm_or_si128(_mm_or_si128(lead, cont), _mm_set1_epi16(0x8000u16 as i16));
                let lanes = _mm_blendv_epi8(two, v, ascii);
                let m = _mm_movemask_epi8(_mm_packs_epi16(ascii, ascii)) & 0xFF;
                let shuf = _mm_loadu_si128(SHUF16_TWO[m as usize].as_ptr().cast());
                let n = 16 - m.count_ones() as usize;
                store_exact(out, _mm_shuffle_epi8(lanes, shuf), n);
                r += 8;
                w += n;
            } else {
                let surrogates = _mm_cmpeq_epi16(
                    _mm_and_si128(v, _mm_set1_epi16(0xF800u16 as i16)),
                    _mm_set1_epi16(0xD800u16 as i16),
                );
                if _mm_testz_si128(surrogates, surrogates) == 1 {
                    let n = encode_four(out, v);
                    let m = encode_four(out.add(n), _mm_srli_si128::<8>(v));
                    r += 8;
                    w += n + m;
                } else {
                    let end = r + 8;
                    while r < end {
                        match encode_one::<SWAP>(src, r, Some(&mut dst[w..])) {
                            Some((read, n)) => {
                                r += read;
                                w += n;
                            }
                            None => return (r, w),
                        }
                    }
                }
            }
        }
    }
    (r, w)
}

/// Counts the UTF-8 bytes of the longest well-formed prefix it can of `src`.
#[inline(always)]
pub(super) unsafe fn measure<const SWAP: bool>(src: &[u16]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    // SAFETY: caller's ISA contract; loads read 8 units at r with r + 8 <= len.
    unsafe {
        while r + 8 <= src.len() {
            let v = load::<SWAP>(src.as_ptr().add(r));
            let high = _mm_and_si128(v, _mm_set1_epi16(0xF800u16 as i16));
            let surrogates = _mm_cmpeq_epi16(high, _mm_set1_epi16(0xD800u16 as i16));
            if _mm_testz_si128(surrogates, surrogates) == 1 {
                let zero = _mm_setzero_si128();
                let ascii =
                    _mm_cmpeq_epi16(_mm_and_si128(v, _mm_set1_epi16(0xFF80u16 as i16)), zero);
                let short = _mm_cmpeq_epi16(high, zero);
                // Each unit: 3 bytes, minus one if below U+0800, minus one more if ASCII.
                let less =
                    _mm_movemask_epi8(ascii).count_ones() + _mm_movemask_epi8(short).count_ones();
                r += 8;
                w += 24 - (less / 2) as usize;
            } else {
                let end = r + 8;
                while r < end {
                    match encode_one::<SWAP>(src, r, None) {
                        Some((read, n)) => {
                            r += read;
                            w += n;
                        }
                        None => return (r, w),
                    }
                }
            }
        }
    }
    (r, w)
}
