//! [`Sink`], where decoded characters go: one implementation per output type, so that the
//! decoder's steps are written once for all of them, and the window stores every type shares.

use crate::simd::generic::tables::COMPRESS16;
use crate::simd::generic::utf8::BLOCK;
use crate::simd::generic::vector::{Half, Lanes2};

/// Where decoded characters go. `dst` points to at least 16 writable units.
///
/// # Safety
///
/// Every method: the caller's ISA contract (the CPU has the features the vector types need),
/// and at `dst` the room its doc names (16 units where it names none).
pub(in crate::simd) trait Sink {
    type Unit: Copy + Default;
    /// The largest code point the target holds; the kernel stops before any above it.
    const MAX: u32;
    /// Sixteen ASCII bytes.
    unsafe fn ascii<H: Half>(dst: *mut Self::Unit, v: H);
    /// Six code points below U+0800 in the low six 16-bit lanes.
    unsafe fn six<H: Half>(dst: *mut Self::Unit, v: H);
    /// Four code points below U+10000 in 32-bit lanes.
    unsafe fn four<H: Half>(dst: *mut Self::Unit, v: H);
    /// Three code points above U+FFFF in 32-bit lanes 0..3; returns the units written (at most 6).
    unsafe fn three_astral<H: Half>(dst: *mut Self::Unit, v: H) -> usize;
    /// Units `0..n` (`n <= 4`) of the four code points below U+10000 in the 32-bit lanes of
    /// `v`, without branches on `n`: the others are written back as `dst` holds them (it has
    /// room for four). `lanes` holds the byte numbers `0..16`.
    unsafe fn four_prefix<H: Half>(dst: *mut Self::Unit, v: H, n: usize, lanes: H);
    /// Four code points above U+FFFF in 32-bit lanes; returns the units written (at most 8).
    unsafe fn four_astral<H: Half>(dst: *mut Self::Unit, v: H) -> usize;
    /// One code point; returns the units written (at most 2, and `dst` has room for 2).
    unsafe fn one(dst: *mut Self::Unit, cp: u32) -> usize;
    /// The eight code points below U+10000 (below U+0100 for Latin-1) in the 16-bit lanes of
    /// `v`, as eight units.
    unsafe fn group<H: Half>(dst: *mut Self::Unit, v: H);
    /// The 64 ASCII bytes at `src`, as 64 units; `loaded` holds them already, loaded as
    /// vectors (the wide targets widen from memory instead, which loads as part of the
    /// widening).
    unsafe fn ascii64<V: Lanes2>(dst: *mut Self::Unit, src: *const u8, loaded: &[V]);
    /// `16 * LANES / 32` code points below U+10000 in the 32-bit lanes of `x` and `y`, in the order
    /// of [`threes`](super::threes::threes): lane `k` of `x`, then lane `k` of `y`, for each
    /// 128-bit lane `k`.
    unsafe fn threes<V: Lanes2>(dst: *mut Self::Unit, x: V, y: V);
    /// The characters of one [`window`](super::window::window), into `dst[w..]`: byte `i` of `low`
    /// and `high` holds the low and high eight bits of the code point of the character ending at
    /// byte `i`, and bit `i` of `ends` says which bytes end one. Each group of eight bytes writes
    /// eight units, the first as many as it has characters counting; returns the new `w`.
    #[inline(always)]
    unsafe fn window_units<V: Lanes2>(
        dst: *mut Self::Unit,
        w: usize,
        low: V,
        high: V,
        ends: u32,
    ) -> usize {
        // SAFETY: forwarded (caller's ISA contract; room for the units of `ends` plus 7).
        unsafe { compress16_groups::<V, Self>(dst, w, low, high, ends) }
    }
}

/// [`Sink::window_units`] by 16-bit code points: `low` and `high` interleaved, compressed by a
/// shuffle per eight bytes, and handed to [`Sink::group`].
///
/// # Safety
///
/// The caller's ISA contract; room at `dst` for the units of `ends` plus 7 after `w`.
#[inline(always)]
pub(super) unsafe fn compress16_groups<V: Lanes2, S: Sink + ?Sized>(
    dst: *mut S::Unit,
    mut w: usize,
    low: V,
    high: V,
    ends: u32,
) -> usize {
    // SAFETY: caller's ISA contract; `dst` has room for the units of `ends` plus 7 after `w`.
    unsafe {
        // 16-bit code points: bytes 0..8 of each 128-bit lane in `lo`, 8..16 in `hi`.
        let (lo, hi) = (low.unpack_lo(high), low.unpack_hi(high));
        let idx = |g: usize| COMPRESS16[((ends >> (8 * g)) & 0xFF) as usize].as_ptr();
        let lanes = V::LANES / 16;
        let (lo, hi) = if lanes == 1 {
            (
                V::load_lanes([idx(0), idx(0)]).lookup16(lo),
                V::load_lanes([idx(1), idx(1)]).lookup16(hi),
            )
        } else {
            (
                V::load_lanes([idx(0), idx(2)]).lookup16(lo),
                V::load_lanes([idx(1), idx(3)]).lookup16(hi),
            )
        };
        for k in 0..lanes {
            for (g, half) in [(2 * k, lo), (2 * k + 1, hi)] {
                S::group(dst.add(w), half.lane(k));
                w += V::count_ones8((ends >> (8 * g)) & 0xFF) as usize;
            }
        }
        w
    }
}

/// [`Sink::ascii64`] from the vectors `loaded` (64 ASCII bytes), a 128-bit lane at a time, for
/// the ISAs that widen registers by halves ([`Lanes2::WIDEN_IN_REGISTERS`]).
///
/// # Safety
///
/// The caller's ISA contract; `loaded` holds 64 bytes; 64 units of room at `dst`.
#[inline(always)]
pub(super) unsafe fn ascii64_loaded<V: Lanes2, S: Sink>(dst: *mut S::Unit, loaded: &[V]) {
    let per = V::LANES / 16;
    // SAFETY: caller's ISA contract; `loaded` holds 64 bytes, `dst` has 64 writable units.
    unsafe {
        for k in 0..BLOCK / 16 {
            S::ascii(dst.add(16 * k), loaded[k / per].lane(k % per));
        }
    }
}
