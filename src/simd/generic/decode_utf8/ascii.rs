//! ASCII blocks: loaded and tested as a whole, stored whole or as a prefix, and a block whose
//! one non-ASCII byte is an error by itself.

use super::sink::Sink;
use crate::simd::generic::tables::LANE_NUMBERS;
use crate::simd::generic::utf8::BLOCK;
use crate::simd::generic::vector::Lanes2;

/// The `BLOCK` bytes at `at` as vectors (the first `BLOCK / V::LANES` of them), when all are
/// ASCII.
///
/// # Safety
///
/// The caller's ISA contract; `BLOCK` readable bytes at `at`.
#[inline(always)]
pub(super) unsafe fn ascii_block<V: Lanes2>(at: *const u8) -> Option<[V; BLOCK / 16]> {
    // SAFETY: caller's ISA contract; `at` has BLOCK readable bytes.
    unsafe {
        let mut loaded = [V::splat(0); BLOCK / 16];
        for (k, v) in loaded[..BLOCK / V::LANES].iter_mut().enumerate() {
            *v = V::load(at.add(k * V::LANES));
        }
        // A loop, not `fold` (see [`two_byte_chunk`](super::check::two_byte_chunk)).
        let mut any = V::splat(0);
        for &v in &loaded[..BLOCK / V::LANES] {
            any = any.or(v);
        }
        any.no_high_bits().then_some(loaded)
    }
}

/// A chunk without continuation bytes in a run of chunks, most likely ASCII (accented Latin
/// text has stretches of it): stored as the ASCII loop stores it, which then goes on from
/// there. Returns the bytes (and units) taken: `BLOCK`, or 0 when it is not ASCII after all.
/// `at` has BLOCK readable bytes, `dst` room for BLOCK units.
///
/// # Safety
///
/// The caller's ISA contract; `BLOCK` readable bytes at `at`, `BLOCK` units of room at `dst`.
#[inline(always)]
pub(super) unsafe fn ascii_chunk<V: Lanes2, S: Sink>(at: *const u8, dst: *mut S::Unit) -> usize {
    // SAFETY: forwarded.
    unsafe {
        let Some(loaded) = ascii_block::<V>(at) else {
            return 0;
        };
        S::ascii64::<V>(dst, at, &loaded[..BLOCK / V::LANES]);
        BLOCK
    }
}

/// Stores the first `n` (< 64) of the 64 units the ASCII bytes in `loaded` make, without
/// branches on `n`: each vector of the 64 units at `dst` is a blend of those units and what
/// `dst` holds there, so the ones past `n` are written back unchanged. `dst` has room for 64
/// units. The units are made from the vectors as loaded, not from memory: the compiler would
/// hoist such loads into the ASCII loop, which makes its units that way.
///
/// # Safety
///
/// The caller's ISA contract; 64 units readable and writable at `dst`; `loaded` holds the 64 bytes.
#[inline(always)]
pub(super) unsafe fn ascii_prefix<V: Lanes2, S: Sink>(dst: *mut S::Unit, loaded: &[V], n: usize) {
    let size = core::mem::size_of::<S::Unit>();
    // Room for the 64 units of the widest sink (256 bytes), not set first: only what the
    // `ascii` stores write is read.
    let mut units = core::mem::MaybeUninit::<[u128; 4 * BLOCK / 16]>::uninit();
    // SAFETY: caller's ISA contract; 64 * size bytes readable and writable at `dst`, and 64 *
    // size written to `units` before the loop below reads them back; LANE_NUMBERS has 64
    // bytes, LANES at most.
    unsafe {
        let new = units.as_mut_ptr().cast::<u8>();
        let per = V::LANES / 16;
        for k in 0..BLOCK / 16 {
            S::ascii(
                new.cast::<S::Unit>().add(16 * k),
                loaded[k / per].lane(k % per),
            );
        }
        let (out, lanes) = (dst.cast::<u8>(), V::load(LANE_NUMBERS.as_ptr()));
        for k in 0..BLOCK * size / V::LANES {
            // Bytes of this vector that are the prefix's: at most 32, a positive i8.
            let keep = (n * size).saturating_sub(k * V::LANES).min(V::LANES);
            let at = out.add(k * V::LANES);
            let unit = V::load(new.add(k * V::LANES));
            V::splat(keep as u8)
                .gt(lanes)
                .select(unit, V::load(at))
                .store(at);
        }
    }
}

/// The `BLOCK` bytes at `at` as vectors (the first `BLOCK / V::LANES` of them), and a bit for
/// each byte that is not ASCII.
///
/// # Safety
///
/// The caller's ISA contract; `BLOCK` readable bytes at `at`.
#[inline(always)]
pub(super) unsafe fn non_ascii<V: Lanes2>(at: *const u8) -> ([V; BLOCK / 16], u64) {
    // SAFETY: caller's ISA contract; `at` has BLOCK readable bytes.
    unsafe {
        let mut loaded = [V::splat(0); BLOCK / 16];
        for (k, v) in loaded[..BLOCK / V::LANES].iter_mut().enumerate() {
            *v = V::load(at.add(k * V::LANES));
        }
        (loaded, V::movemask_block(&loaded[..BLOCK / V::LANES]))
    }
}

/// Where a block of the ASCII loop has its one byte that is not ASCII (`mask`: a bit for each),
/// when that byte is an error by itself: a byte no character starts with (`80..C1`, `F5..FF`;
/// the byte before it is ASCII or another such error). That is how stray bytes in ASCII text
/// look, and under a lossy policy that writes a unit for it (all but SKIP) the ASCII loops take
/// such a block as they take an ASCII one, with that unit for the byte. `at` has BLOCK readable
/// bytes.
///
/// # Safety
///
/// `BLOCK` readable bytes at `at`.
#[inline(always)]
pub(in crate::simd) unsafe fn lone_error_byte(mask: u64, at: *const u8) -> Option<usize> {
    let n = mask.trailing_zeros() as usize;
    // SAFETY: with one bit set, `n` is below 64.
    (mask != 0 && mask & (mask - 1) == 0 && !(0xC2..=0xF4).contains(unsafe { &*at.add(n) }))
        .then_some(n)
}

/// [`lone_error_byte`] of the block at `at`, with its vectors.
///
/// # Safety
///
/// The caller's ISA contract; `BLOCK` readable bytes at `at`.
#[inline(always)]
pub(super) unsafe fn lone_bad_byte<V: Lanes2>(at: *const u8) -> Option<([V; BLOCK / 16], usize)> {
    // SAFETY: caller's ISA contract; forwarded.
    unsafe {
        let (loaded, mask) = non_ascii::<V>(at);
        lone_error_byte(mask, at).map(|n| (loaded, n))
    }
}
