//! The bare loops: UTF-16 units widened to 32 bits, or 32-bit units narrowed to 16, with no
//! check at all, in the variants the limit is probed with. Each converts all of `src` into the
//! start of `dst` and reports `src.len()` units written; the stores are aligned to the vector
//! (the units before the first aligned one are done one by one, as are the last ones).

use core::arch::x86_64::*;

/// One loop, named for the table.
pub type Named<S, D> = (&'static str, fn(&[S], &mut [D]) -> Option<usize>);

/// The bare widening loops.
pub const WIDEN: [Named<u16, u32>; 6] = [
    ("bare avx512", |s, d| widen(s, d, Store::Plain)),
    ("bare avx512 una", |s, d| widen(s, d, Store::Unaligned)),
    ("bare avx512 chk", |s, d| widen(s, d, Store::Checked)),
    ("bare avx512 nt", |s, d| widen(s, d, Store::NonTemporal)),
    ("bare avx512 pf", |s, d| widen(s, d, Store::Prefetch)),
    ("bare avx2", widen_avx2),
];

/// The bare narrowing loops.
pub const NARROW: [Named<u32, u16>; 6] = [
    ("bare avx512", |s, d| narrow(s, d, Store::Plain)),
    ("bare avx512 nt", |s, d| narrow(s, d, Store::NonTemporal)),
    ("bare avx512 pf", |s, d| narrow(s, d, Store::Prefetch)),
    ("bare avx512 ali", |s, d| narrow(s, d, Store::AlignedLoads)),
    ("bare avx512 una", |s, d| narrow(s, d, Store::Unaligned)),
    ("bare avx2", narrow_avx2),
];

/// The instructions the limit is measured with: those of `kernel`, the utf8x kernel set under
/// test, so that `UTF8X_KERNEL=avx2` on an AVX-512 machine is held to what AVX2 reaches.
fn limit_isa(kernel: &str) -> Option<&'static str> {
    match kernel {
        "avx512" if supported() => Some("avx512"),
        "avx512" | "avx2" if is_x86_feature_detected!("avx2") => Some("avx2"),
        _ => None,
    }
}

/// The limit of UTF-16 → UTF-32 on text of the first plane with utf8x's kernel set `kernel`,
/// the throughput benchmark's `limit` column: the plain bare loop of that set's instructions
/// (`WIDEN`'s first for `avx512`, the AVX2 one for `avx2`), else the compiler's loop.
pub fn widen_limit(kernel: &str) -> fn(&[u16], &mut [u32]) -> Option<usize> {
    match limit_isa(kernel) {
        Some("avx512") => |s, d| widen(s, d, Store::Plain),
        Some(_) => widen_avx2,
        None => |s, d| around(s, d, s.len(), u32::from, |_, _| 0),
    }
}

/// The limit of UTF-32 → UTF-16: as [`widen_limit`], narrowing.
pub fn narrow_limit(kernel: &str) -> fn(&[u32], &mut [u16]) -> Option<usize> {
    match limit_isa(kernel) {
        Some("avx512") => |s, d| narrow(s, d, Store::Plain),
        Some(_) => narrow_avx2,
        None => |s, d| around(s, d, s.len(), |u| u as u16, |_, _| 0),
    }
}

/// Whether this CPU runs the AVX-512 loops: callers check it before any is called.
pub fn supported() -> bool {
    is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx2")
}

/// How a loop stores (and loads).
#[derive(Clone, Copy, PartialEq)]
enum Store {
    Plain,
    /// `vmovntdq`: the output's lines are not read first, nor kept in the caches.
    NonTemporal,
    /// Plain stores, and a prefetch of the input `AHEAD` bytes ahead.
    Prefetch,
    /// The loads aligned to 64-byte lines instead of the stores.
    AlignedLoads,
    /// Neither aligned: the loop starts at the first unit.
    Unaligned,
    /// Plain stores, after the test for surrogates that a conversion makes (the loop stops
    /// at the first vector with one).
    Checked,
}

/// How far ahead `Store::Prefetch` asks for the input, in bytes.
const AHEAD: usize = 1024;

/// `body` over `src` into `dst` from unit `head` on (how many it converts), the units before
/// and after it one by one with `unit`: all of `src`.
fn around<S: Copy, D>(
    src: &[S],
    dst: &mut [D],
    head: usize,
    unit: fn(S) -> D,
    body: impl FnOnce(&[S], &mut [D]) -> usize,
) -> Option<usize> {
    let (dst, head) = (&mut dst[..src.len()], head.min(src.len()));
    for (d, &s) in dst[..head].iter_mut().zip(&src[..head]) {
        *d = unit(s);
    }
    let done = head + body(&src[head..], &mut dst[head..]);
    for (d, &s) in dst[done..].iter_mut().zip(&src[done..]) {
        *d = unit(s);
    }
    Some(src.len())
}

fn widen(src: &[u16], dst: &mut [u32], store: Store) -> Option<usize> {
    let head = match store {
        Store::Unaligned => 0,
        _ => dst.as_ptr().align_offset(64),
    };
    // SAFETY: the caller checked `supported()`; `around` hands over the part that starts at `head`.
    around(src, dst, head, u32::from, |s, d| unsafe {
        widen512(s, d, store)
    })
}

/// Stores `v` at `at` as `store` says.
///
/// # Safety
/// AVX-512 F; `at` has room for 64 bytes, on a 64-byte line unless `store` is
/// `AlignedLoads` or `Unaligned`.
#[inline(always)]
unsafe fn put<T>(at: *mut T, v: __m512i, store: Store) {
    // SAFETY: the caller's.
    unsafe {
        match store {
            Store::NonTemporal => _mm512_stream_si512(at.cast(), v),
            Store::AlignedLoads | Store::Unaligned => _mm512_storeu_si512(at.cast(), v),
            _ => _mm512_store_si512(at.cast(), v),
        }
    }
}

/// The prefetch of `Store::Prefetch`: the input `AHEAD` bytes past `at`.
#[inline(always)]
fn ahead<T>(at: *const T, store: Store) {
    if store == Store::Prefetch {
        // SAFETY: SSE (every x86-64); a prefetch is only a hint, even past the end.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(at.cast::<i8>().wrapping_add(AHEAD)) };
    }
}

/// 32 units a step into two vectors: how many units, a multiple of 32 (fewer than all only
/// when `Store::Checked` meets a surrogate).
///
/// # Safety
/// AVX-512 F and BW; `dst` is as long as `src` and, unless `store` says otherwise, starts on a
/// 64-byte line.
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn widen512(src: &[u16], dst: &mut [u32], store: Store) -> usize {
    let (s, d) = (src.as_ptr(), dst.as_mut_ptr());
    let steps = src.len() / 32;
    // SAFETY: each step reads 32 units at 32k < src.len() and writes 32 at the same place of
    // `dst`, aligned by the caller where the store needs it.
    unsafe {
        for k in 0..steps {
            ahead(s.add(32 * k), store);
            let v = _mm512_loadu_si512(s.add(32 * k).cast());
            if store == Store::Checked {
                let top = _mm512_and_si512(v, _mm512_set1_epi16(0xF800u16 as i16));
                if _mm512_cmpeq_epi16_mask(top, _mm512_set1_epi16(0xD800u16 as i16)) != 0 {
                    return 32 * k;
                }
            }
            let lo = _mm512_cvtepu16_epi32(_mm512_castsi512_si256(v));
            let hi = _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64::<1>(v));
            put(d.add(32 * k), lo, store);
            put(d.add(32 * k + 16), hi, store);
        }
        if store == Store::NonTemporal {
            _mm_sfence();
        }
    }
    32 * steps
}

fn widen_avx2(src: &[u16], dst: &mut [u32]) -> Option<usize> {
    let head = dst.as_ptr().align_offset(32);
    // SAFETY: the caller checked `supported()` (or AVX2 alone); `around` hands over the part that starts at `head`.
    around(src, dst, head, u32::from, |s, d| unsafe { widen256(s, d) })
}

/// 16 units a step into two aligned vectors: how many units, a multiple of 16.
///
/// # Safety
/// AVX2; `dst` starts on a 32-byte boundary and is as long as `src`.
#[target_feature(enable = "avx2")]
unsafe fn widen256(src: &[u16], dst: &mut [u32]) -> usize {
    let (s, d) = (src.as_ptr(), dst.as_mut_ptr());
    let steps = src.len() / 16;
    // SAFETY: each step reads 16 units at 16k < src.len() and writes 16 at the same place of
    // `dst`, aligned by the caller.
    unsafe {
        for k in 0..steps {
            let v = _mm256_loadu_si256(s.add(16 * k).cast());
            let lo = _mm256_cvtepu16_epi32(_mm256_castsi256_si128(v));
            let hi = _mm256_cvtepu16_epi32(_mm256_extracti128_si256::<1>(v));
            _mm256_store_si256(d.add(16 * k).cast(), lo);
            _mm256_store_si256(d.add(16 * k + 8).cast(), hi);
        }
    }
    16 * steps
}

fn narrow(src: &[u32], dst: &mut [u16], store: Store) -> Option<usize> {
    let head = match store {
        Store::AlignedLoads => src.as_ptr().align_offset(64),
        Store::Unaligned => 0,
        _ => dst.as_ptr().align_offset(64),
    };
    // SAFETY: the caller checked `supported()`; `around` hands over the part that starts at `head`.
    around(
        src,
        dst,
        head,
        |u| u as u16,
        |s, d| unsafe { narrow512(s, d, store) },
    )
}

/// 32 units a step from two vectors into one: how many units, a multiple of 32.
///
/// # Safety
/// AVX-512 F and BW; `dst` is as long as `src` and, unless `store` says otherwise, starts on a
/// 64-byte line.
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn narrow512(src: &[u32], dst: &mut [u16], store: Store) -> usize {
    let (s, d) = (src.as_ptr(), dst.as_mut_ptr());
    let steps = src.len() / 32;
    // SAFETY: each step reads 32 units at 32k < src.len() and writes 32 at the same place of
    // `dst`, aligned by the caller where the store needs it.
    unsafe {
        for k in 0..steps {
            ahead(s.add(32 * k), store);
            let a = _mm512_cvtepi32_epi16(_mm512_loadu_si512(s.add(32 * k).cast()));
            let b = _mm512_cvtepi32_epi16(_mm512_loadu_si512(s.add(32 * k + 16).cast()));
            put(
                d.add(32 * k),
                _mm512_inserti64x4::<1>(_mm512_castsi256_si512(a), b),
                store,
            );
        }
        if store == Store::NonTemporal {
            _mm_sfence();
        }
    }
    32 * steps
}

fn narrow_avx2(src: &[u32], dst: &mut [u16]) -> Option<usize> {
    let head = dst.as_ptr().align_offset(32);
    // SAFETY: the caller checked `supported()` (or AVX2 alone); `around` hands over the part
    // that starts at `head`.
    around(
        src,
        dst,
        head,
        |u| u as u16,
        |s, d| unsafe { narrow256(s, d) },
    )
}

/// 16 units a step from two vectors into one aligned one (`vpackusdw`, which packs within each
/// 128-bit half, then `vpermq` to put the halves in order): how many units, a multiple of 16.
///
/// # Safety
/// AVX2; `dst` starts on a 32-byte boundary and is as long as `src`.
#[target_feature(enable = "avx2")]
unsafe fn narrow256(src: &[u32], dst: &mut [u16]) -> usize {
    let (s, d) = (src.as_ptr(), dst.as_mut_ptr());
    let steps = src.len() / 16;
    // SAFETY: each step reads 16 units at 16k < src.len() and writes 16 at the same place of
    // `dst`, aligned by the caller.
    unsafe {
        for k in 0..steps {
            let a = _mm256_loadu_si256(s.add(16 * k).cast());
            let b = _mm256_loadu_si256(s.add(16 * k + 8).cast());
            let packed = _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packus_epi32(a, b));
            _mm256_store_si256(d.add(16 * k).cast(), packed);
        }
    }
    16 * steps
}
