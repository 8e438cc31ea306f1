//! What the block steps share: the prefetch hint, masked byte stores, the continuation-byte
//! mask and the interleave tables of `vpermt2b`.

use core::arch::x86_64::*;

/// How far ahead of the block being decoded the block loops of the UTF-8 → UTF-16/UTF-32
/// decoders ask for the input ([`prefetch`]). On Sapphire Rapids, text that the second-level
/// cache held ran at 0.8 of its speed from the first (Hindi, Korean 4.0 against 5.0 GB/s on the
/// lipsum files, 1.3 MB copies of them alike, 4 KiB ones not), with the samples of a profile
/// piling up after the block's load: the hardware's prefetchers did not keep the first-level
/// cache ahead of these loops. The general loop's steps are 60 to 64 bytes (to where the
/// block's last character starts), so each load's address waits for the block before, and a
/// miss holds up the whole loop; the two-byte loop's are a constant 63 bytes, and yet the hint
/// measured the same gain there (Arabic 8.3 → 9.7 GB/s). With it, both run as fast as from the
/// first-level cache.
pub(super) const AHEAD: usize = 512;

/// Asks for the cache line at `ptr` to be brought into the first-level cache: a hint, which
/// reads nothing the program sees and never faults, so `ptr` may be past the input's end.
#[inline(always)]
pub(super) fn prefetch(ptr: *const u8) {
    // SAFETY: a prefetch is an architectural no-op whatever the address (SSE, which every
    // x86-64 CPU has).
    unsafe { _mm_prefetch::<_MM_HINT_T0>(ptr.cast()) }
}

/// Writes the low `n` bytes of `v` to `dst`.
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 BW, BMI2); `n` (at most 64) writable bytes at `dst`.
#[inline(always)]
pub(super) unsafe fn store_bytes(dst: *mut u8, v: __m512i, n: u32) {
    // SAFETY: AVX-512 BW per the caller's ISA contract; `dst` has `n` writable bytes, and a
    // masked store touches no byte outside its mask.
    // (`bzhi` keeps the low `n` bits in one instruction, all of them at n = 64.)
    unsafe { _mm512_mask_storeu_epi8(dst.cast(), _bzhi_u64(u64::MAX, n), v) }
}

/// Byte indexes for `vpermt2b` that interleave bytes `32 * HALF ..` of a low-byte vector (the
/// first table) and a high-byte vector (the second) into 16-bit lanes.
pub(super) static INTERLEAVE: [[u8; 64]; 2] = [interleave::<0>(), interleave::<1>()];

/// One of [`INTERLEAVE`], built at compile time (a `const fn` called at run time runs then).
const fn interleave<const HALF: usize>() -> [u8; 64] {
    let mut idx = [0u8; 64];
    let mut k = 0;
    while k < 32 {
        idx[2 * k] = (32 * HALF + k) as u8;
        idx[2 * k + 1] = (64 + 32 * HALF + k) as u8;
        k += 1;
    }
    idx
}

/// The mask of continuation bytes (0x80..=0xBF, the only bytes below 0xC0 as signed bytes).
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 BW).
#[inline(always)]
pub(super) unsafe fn continuation(v: __m512i) -> u64 {
    // SAFETY: AVX-512 BW per the caller's ISA contract.
    unsafe { _mm512_cmplt_epi8_mask(v, _mm512_set1_epi8(0xC0u8 as i8)) }
}

/// What a step of the block loop of [`utf8_to_wide_replacing`](super::decode::utf8_to_wide_replacing) leaves it to do.
pub(super) enum Next {
    /// Go on from the new `(p, w)`.
    At(usize, usize),
    /// Stop there: the loop returns the new `(p, w)`.
    Stop(usize, usize),
    /// The step did not take the block: the next one does.
    Pass,
}
