//! A copy whose stores bypass the cache (SSE2 `movntdq`, which every x86-64 CPU has), for output
//! that is written once and read by someone else later: a normal store first reads the line it
//! writes into the cache, so writing N bytes of fresh output costs 2N of memory traffic, and
//! evicts data the writer still needs.

use core::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_sfence, _mm_stream_si128};

/// Copies `src` into `dst` (the shorter length of the two): the bytes before `dst`'s first
/// 16-byte boundary and after its last whole 64 bytes with normal stores, the rest streamed.
/// Ends with a store fence, so the streamed bytes are ordered before whatever the thread does
/// next (a release to the thread that reads them).
pub(crate) fn copy(dst: &mut [u8], src: &[u8]) {
    let n = dst.len().min(src.len());
    let head = dst.as_ptr().align_offset(16).min(n);
    let body = (n - head) / 64 * 64;
    dst[..head].copy_from_slice(&src[..head]);
    let (d, s) = (&mut dst[head..head + body], &src[head..head + body]);
    for (d, s) in d.chunks_exact_mut(64).zip(s.chunks_exact(64)) {
        for i in (0..64).step_by(16) {
            // SAFETY: `s[i..i + 16]` and `d[i..i + 16]` lie inside the 64-byte chunks; the load
            // is unaligned, and the store's address is 16-byte aligned because `d` starts at
            // `dst`'s first 16-byte boundary and every chunk is a multiple of 16 bytes after it.
            // SSE2 is part of x86-64.
            unsafe {
                let v = _mm_loadu_si128(s.as_ptr().add(i).cast::<__m128i>());
                _mm_stream_si128(d.as_mut_ptr().add(i).cast::<__m128i>(), v);
            }
        }
    }
    // SAFETY: SSE (part of x86-64); a fence has no memory operands.
    unsafe { _mm_sfence() };
    dst[head + body..n].copy_from_slice(&src[head + body..n]);
}
