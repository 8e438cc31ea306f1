//! Latin-1 → UTF-8 of the AVX-512 set: 64 bytes a step, a block holding one byte above 0x7F
//! stored twice (as it lies, then from that byte on one byte further) with the byte's two
//! UTF-8 bytes written over its place, a block holding more widened into two compressed
//! vectors, and runs of ASCII copied with stores aligned to the output's 64-byte lines. The
//! AVX2 set's (`latin1_to_utf8_avx2`) is the generic loop with the same step for a 32-byte
//! vector of one such byte.
//!
//! Why the step of one letter: French and the like hold one letter above 0x7F in about 55
//! bytes, so that most blocks that are not ASCII hold one, and its two stores and a load cost
//! less than two compressions or the generic widening (both halves, two table shuffles). The
//! French text of the throughput benchmark went from 27.3-28.3 to 27.9-29.3 GB/s (AVX-512) and
//! from 13.4-13.8 to 19.5 (AVX2), 0.97-0.99x simdutf to 1.02-1.04x and 1.38x (2-core AMD EPYC,
//! Zen 4, idle; `throughput --bench --runs 15 --min-ms 20 latin1-to-utf8`, two runs each).
//!
//! Why the alignment: a 64-byte store that straddles two cache lines costs two, and the output
//! buffer of a large conversion rarely starts on a line (glibc's `malloc` hands out 16-byte
//! aligned blocks, a fresh mapping's header included). Stores that straddled every line held
//! the copy of ASCII text below 0.9× `memcpy` of the same bytes (Zen 4), which aligns its
//! stores. The run's copy (`ascii_copy::ascii_run`) is UTF-8 → Latin-1's too.

use core::arch::x86_64::*;

use crate::simd::generic::vector::Vector;
use crate::simd::generic::{ascii_copy, encode_utf8};

/// Latin-1 → UTF-8 (see `Kernels`).
#[inline(always)]
pub(super) unsafe fn latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let (mut p, mut w);
    // SAFETY (whole body): caller's ISA contract; loads read 64 bytes at `p` with p + 64 <= len,
    // or in the first loop at p + 63 at most, with p + 128 <= len; a step writes at most 128
    // bytes at `w` (its 64 + k bytes of output, and in the first loop up to 63 more) and runs
    // only with that much room.
    unsafe {
        // Whole-vector stores: the second half's store goes up to 32 bytes past the block's
        // output (the shifted store of a block of one letter, up to 63), which the next block
        // writes over. (A masked store there costs this loop about a sixth of its speed on Zen
        // 4.) The loop stops with a block of input and of room still ahead, so what follows
        // writes over the last block's excess: a block below, or the tail's characters, at
        // least 63 bytes of them. An ASCII run leaves no excess.
        (p, w) = steps::<__m512i>(src, dst, 128, 192, |_, v, high, out| {
            let ([lower, upper], m) = latin1_pairs(v, high);
            _mm512_storeu_si512(out.cast(), lower);
            _mm512_storeu_si512(out.add(m).cast(), upper);
            64 + high.count_ones() as usize
        });
        // The same, writing exactly the block's output.
        while src.len() - p >= 64 {
            let v = _mm512_loadu_si512(src.as_ptr().add(p).cast());
            let high = _mm512_movepi8_mask(v);
            let n = 64 + high.count_ones() as usize;
            if dst.len() - w < n {
                break;
            }
            let out = dst.as_mut_ptr();
            let ([lower, upper], m) = latin1_pairs(v, high);
            // The first half's 32 to 64 bytes go in a whole-vector store: the second half's
            // (at least 32) cover whatever it wrote past its own.
            _mm512_storeu_si512(out.add(w).cast(), lower);
            let rest = _bzhi_u64(u64::MAX, (n - m) as u32);
            _mm512_mask_storeu_epi8(out.add(w + m).cast(), rest, upper);
            p += 64;
            w += n;
        }
        let (r, n) = encode_utf8::latin1::<__m256i>(&src[p..], &mut dst[w..]);
        (p + r, w + n)
    }
}

/// The AVX2 set's Latin-1 → UTF-8 (see `Kernels`): the generic loop of 32-byte vectors
/// (`encode_utf8::latin1`), with a vector of one letter above 0x7F stored as it lies and again
/// from the letter on, a byte further.
///
/// Why: the generic encoding of a vector that is not all ASCII (both halves widened, packed
/// with table shuffles) costs several times a copy's step, and French and the like hold
/// one letter in about 55 bytes: most vectors that are not ASCII hold one.
#[inline(always)]
pub(super) unsafe fn latin1_to_utf8_avx2(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    // SAFETY (whole body): caller's ISA contract; loads read at most 63 bytes past `p`, with
    // p + 64 <= len; a step writes at most 64 bytes at `w`, with 128 of room. Its excess (31
    // bytes at most past its output) is written over by what follows: a vector below, or the
    // tail's characters (at least 32 bytes of input and 64 of room remain).
    unsafe {
        let (p, w) = steps::<__m256i>(src, dst, 64, 128, |at, _, _, out| {
            encode_utf8::latin1_vector::<__m256i>(at, out)
        });
        let (r, n) = encode_utf8::latin1::<__m256i>(&src[p..], &mut dst[w..]);
        (p + r, w + n)
    }
}

/// The loop of both kernels: a vector of input a step while `min_src` bytes of input and
/// `min_room` of room remain, ASCII through [`ascii_step`], one letter above 0x7F through
/// [`one_letter`], more through `mixed` (given where the vector lies, the vector, its mask of
/// such bytes and where its output goes; returns the bytes it writes). Returns how far input
/// and output got.
///
/// # Safety
/// The caller's ISA contract; `min_src` is at least `2 * LANES` and `min_room` at least the most
/// any step writes past `w` (`2 * LANES` for `one_letter`).
#[inline(always)]
unsafe fn steps<V: Vector>(
    src: &[u8],
    dst: &mut [u8],
    min_src: usize,
    min_room: usize,
    mut mixed: impl FnMut(*const u8, V, u64, *mut u8) -> usize,
) -> (usize, usize) {
    let (mut p, mut w) = (0, 0);
    // How many vectors in a row were ASCII, up to 3.
    let mut run = 0u32;
    while src.len() - p >= min_src && dst.len() - w >= min_room {
        // SAFETY: per the contract, the vector at `p` and every step's stores fit.
        unsafe {
            let v = V::load(src.as_ptr().add(p));
            let high = v.movemask();
            if high == 0 {
                (p, w) = ascii_step(src, dst, v, p, w, &mut run);
                continue;
            }
            run = 0;
            let out = dst.as_mut_ptr().add(w);
            w += if high & (high - 1) == 0 {
                one_letter(src.as_ptr().add(p), out, v, high.trailing_zeros() as usize);
                V::LANES + 1
            } else {
                mixed(src.as_ptr().add(p), v, high, out)
            };
            p += V::LANES;
        }
    }
    (p, w)
}

/// The step of an ASCII vector `v` at `src[p..]`: stored at `dst[w..]`, or from the fourth in a
/// row on (`run` counts them) the run's copy that begins with it. Returns the new `p` and `w`.
///
/// Only the fourth ASCII vector in a row and those after it look for the next: French and the
/// like interleave runs of one to a few ASCII blocks with others, and the test of the next
/// block, whose outcome no predictor knows, cost French 8 % of its speed when the second block
/// in a row made it. (The branch on `run` follows the ones above in the last steps, which the
/// predictor remembers.)
///
/// # Safety
/// The caller's ISA contract; p + LANES <= src.len() and w + LANES <= dst.len().
#[inline(always)]
unsafe fn ascii_step<V: Vector>(
    src: &[u8],
    dst: &mut [u8],
    v: V,
    p: usize,
    w: usize,
    run: &mut u32,
) -> (usize, usize) {
    if *run == 3 {
        *run = 0;
        // The generic run: a pair of aligned vectors a step, one test. A step of one vector
        // and its test (each run re-entered from this loop) ran as fast on an idle core, but
        // fell to 0.55-0.75x `memcpy` now and then beside other work, where this stayed at
        // 0.91x or more (`cargo bench --bench alignment`, Zen 4).
        // SAFETY: per this function's contract.
        unsafe { ascii_copy::ascii_run(src, dst.as_mut_ptr(), dst.len(), v, p, w) }
    } else {
        *run += 1;
        // SAFETY: per this function's contract.
        unsafe { v.store(dst.as_mut_ptr().add(w)) };
        (p + V::LANES, w + V::LANES)
    }
}

/// Writes at `out` the UTF-8 form of the `LANES` Latin-1 bytes `v` at `src`, of which only the
/// one at `at` is above 0x7F: `v` as it lies, the bytes from `at` on one byte further, then
/// the letter's two bytes over its place and the next (`LANES + 1` bytes, and `at` past them).
///
/// # Safety
/// The caller's ISA contract; `src` has `at + LANES` readable bytes and `out` room for
/// `at + LANES + 1`.
#[inline(always)]
unsafe fn one_letter<V: Vector>(src: *const u8, out: *mut u8, v: V, at: usize) {
    // SAFETY: per the contract.
    unsafe {
        v.store(out);
        V::load(src.add(at)).store(out.add(at + 1));
        let c = *src.add(at);
        out.add(at)
            .cast::<[u8; 2]>()
            .write_unaligned([0xC0 | c >> 6, 0x80 | (c & 0x3F)]);
    }
}

/// The UTF-8 form of the 64 Latin-1 bytes of `v` (`high`: those above 0x7F) in two vectors, one
/// per half, and how many bytes the first half's takes (the second's is 64 + k - that).
#[inline(always)]
unsafe fn latin1_pairs(v: __m512i, high: u64) -> ([__m512i; 2], usize) {
    // SAFETY: AVX-512 BW, VBMI, VBMI2 and BMI2 per the caller's ISA contract; the index tables
    // are 64 readable bytes each.
    unsafe {
        // Each byte becomes a pair: C2 or C3 (by its top two bits), then the byte with its
        // second bit clear where its top bit is set. An ASCII byte keeps only the second byte of
        // its pair, itself. Each half's 32 pairs are interleaved from the two vectors and
        // compressed.
        let c = |b: u8| _mm512_set1_epi8(b as i8);
        let sixth = _mm512_cmpge_epu8_mask(v, c(0xC0));
        let first = _mm512_mask_blend_epi8(sixth, c(0xC2), c(0xC3));
        let second = _mm512_mask_sub_epi8(v, sixth, v, c(0x40));
        let half = |k: usize, wide: u64| {
            let idx = _mm512_loadu_si512(PAIRS[k].as_ptr().cast());
            let pairs = _mm512_permutex2var_epi8(first, idx, second);
            let keep = 0xAAAA_AAAA_AAAA_AAAA | _pdep_u64(wide, 0x5555_5555_5555_5555);
            _mm512_maskz_compress_epi8(keep, pairs)
        };
        let low = high & 0xFFFF_FFFF;
        (
            [half(0, low), half(1, high >> 32)],
            32 + low.count_ones() as usize,
        )
    }
}

/// Byte indexes for `vpermt2b` that interleave bytes `32 * half ..` of the lead-byte vector
/// (the first table) and the second-byte vector (the second) into 16-bit lanes.
static PAIRS: [[u8; 64]; 2] = {
    let mut idx = [[0u8; 64]; 2];
    let mut k = 0;
    while k < 64 {
        idx[k / 32][2 * (k % 32)] = k as u8;
        idx[k / 32][2 * (k % 32) + 1] = 64 + k as u8;
        k += 1;
    }
    idx
};
