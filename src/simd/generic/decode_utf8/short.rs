//! Inputs and tails shorter than a chunk: zero-padded into a chunk's vectors in registers (or
//! into a buffer), and the entry point for inputs of 16 to 64 bytes.

use super::check::{masks_of, valid_prefix};
use super::sink::Sink;
use super::window::{saves_in_place, window};
use crate::simd::generic::utf8::{BLOCK, ends_cut, low_lanes};
use crate::simd::generic::vector::{Lanes2, Vector};

/// Fills `buf` with the start of `src` (at least 16 bytes), zero-padded. In 16-byte copies
/// rather than `copy_from_slice`: a call in the conversion loop, however rare, made it keep its
/// indices on the stack, and every ASCII block waited for them to be stored and loaded back.
#[inline(always)]
pub(super) fn pad<const N: usize>(buf: &mut [u8; N], src: &[u8]) {
    let n = src.len().min(N);
    assert!(n >= 16);
    *buf = [0; N];
    for k in 0..N / 16 {
        // The last copies overlap the ones before them rather than read past `n`.
        let at = (16 * k).min(n - 16);
        let chunk: [u8; 16] = src[at..at + 16].try_into().unwrap();
        buf[at..at + 16].copy_from_slice(&chunk);
    }
}

/// Row `r`: a shuffle that moves the last `r` of 16 bytes to the front and zeroes the rest.
static PAD_ROWS: [[u8; 16]; 17] = {
    let mut t = [[0x80; 16]; 17];
    let mut r = 0;
    while r <= 16 {
        let mut i = 0;
        while i < r {
            t[r][i] = (16 - r + i) as u8;
            i += 1;
        }
        r += 1;
    }
    t
};

/// `src` (16 to 64 bytes), zero-padded to a chunk, as the chunk's vectors (the first
/// `BLOCK / V::LANES`), put together in registers: 16-byte loads, the last one that reaches into
/// `src` ending at its end and shifted into place. Padding through memory ([`pad`]: stores of
/// 16 bytes, then the chunk's check loading them back at once) cost a call of 16 bytes about
/// 40 % of its time: a load that spans two stores still in flight cannot take its bytes from
/// them and waits for both to reach the cache.
///
/// # Safety
///
/// The caller's ISA contract; `src` holds 16 to `BLOCK` bytes.
#[inline(always)]
pub(super) unsafe fn short_vectors<V: Lanes2>(src: &[u8]) -> [V; BLOCK / 16] {
    let n = src.len();
    debug_assert!((16..=BLOCK).contains(&n));
    let halves = V::LANES / 16;
    // SAFETY: caller's ISA contract; each load reads 16 bytes at `min(b, n - 16)`, inside `src`.
    unsafe {
        let mut vs = [V::splat(0); BLOCK / 16];
        for (k, v) in vs[..BLOCK / V::LANES].iter_mut().enumerate() {
            let mut h = [<V::Half>::splat(0); 2];
            for (j, half) in h[..halves].iter_mut().enumerate() {
                let b = 16 * (halves * k + j);
                let r = n.saturating_sub(b).min(16);
                let bytes = <V::Half>::load(src.as_ptr().add(b.min(n - 16)));
                *half = <V::Half>::load(PAD_ROWS[r].as_ptr()).lookup16(bytes);
            }
            *v = V::from_halves(h);
        }
        vs
    }
}

/// An input of 16 to 64 bytes, converted up to its first error (or its end) when that stretch holds
/// no character above U+FFFF (above `S::MAX` for Latin-1) and `dst` has room for its units and 8
/// more: one check of the input zero-padded to a chunk, then windows ([`window`]), which decode
/// every character whatever its length, without a branch on it. [`convert`](super::mod::convert)'s
/// 16-byte steps branch on each step's mix of lengths, which changes from call to call on short
/// strings of mixed scripts. Returns the bytes read and the units written, or `None` (nothing
/// written) for [`convert`](super::mod::convert) to take the input.
///
/// # Safety
///
/// The caller's ISA contract.
#[inline(always)]
pub(in crate::simd) unsafe fn convert_short<V: Lanes2, S: Sink>(
    src: &[u8],
    dst: &mut [S::Unit],
) -> Option<(usize, usize)> {
    // A whole chunk has no zero after it: where its end may cut a character off, the chunk
    // loop takes it.
    if !(16..=BLOCK).contains(&src.len()) || src.len() == BLOCK && ends_cut(src) {
        return None;
    }
    // SAFETY (whole body): caller's ISA contract.
    unsafe {
        let vs = short_vectors::<V>(src);
        let (leads, bad, big) = masks_of::<V, true>(|k| vs[k], S::MAX);
        // The zero after the input starts a character: a sequence it cuts off is an error
        // there.
        let limit = valid_prefix(leads, bad).min(src.len());
        // Bytes that end a character before `limit` (the byte there starts one; at the end
        // of a whole chunk, byte 63 ends one).
        let ends = (leads & low_lanes(limit as u32 + 1)) >> 1 | ((limit == BLOCK) as u64) << 63;
        let total = ends.count_ones() as usize;
        if big & low_lanes(limit as u32) != 0 || dst.len() < total {
            return None;
        }
        // The windows load from memory, at any character start: the chunk and the zeros
        // after it, each vector stored whole (a load that spans two stores still in flight
        // waits for both), the windows' loads coming well after.
        let mut padded = [0u8; BLOCK + 32];
        for (k, v) in vs[..BLOCK / V::LANES].iter().enumerate() {
            v.store(padded.as_mut_ptr().add(k * V::LANES));
        }
        // Each group of eight units is stored whole, up to 7 past the last: into `dst` when
        // it has room for them (the units there are saved first and put back after), else
        // into a buffer that is then copied (also where the units after them lie in a page
        // the output has not written yet: see `saves_in_place`).
        let mut spare = [core::mem::MaybeUninit::<S::Unit>::uninit(); BLOCK + 8];
        let direct = dst.len() >= total + 8 && saves_in_place(dst.as_ptr(), total);
        let out = if direct {
            dst.as_mut_ptr()
        } else {
            spare.as_mut_ptr().cast::<S::Unit>()
        };
        let after = out
            .add(total)
            .cast::<[core::mem::MaybeUninit<S::Unit>; 8]>();
        let saved = after.read_unaligned();
        let window_mask = (u64::MAX >> (64 - V::LANES)) as u32;
        let (mut s, mut w) = (0, 0);
        while s < limit {
            let wends = (ends >> s) as u32 & window_mask;
            debug_assert_ne!(wends, 0, "a character ends in every window before `limit`");
            // `s` < 64: the window's LANES bytes lie inside `padded`; `out` has room for the
            // `total` units and 8 more.
            w = window::<V, S, false>(padded.as_ptr().add(s), wends, out, w);
            s += 32 - wends.leading_zeros() as usize;
        }
        after.write_unaligned(saved);
        if !direct {
            core::ptr::copy_nonoverlapping(out, dst.as_mut_ptr(), total);
        }
        debug_assert_eq!(w, total);
        Some((limit, total))
    }
}
