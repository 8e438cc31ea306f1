//! One vector of BMP values, any mix of lengths, to UTF-8: every byte a value's UTF-8 form may
//! take worked out for all lanes at once, then a shuffle per four values that picks the bytes its
//! length takes, in order; vectors all below U+0800 go to [`encode_two`] instead.

use super::super::tables::ENCODE;
use super::super::vector::{Lanes2, Vector};
use super::{Classes, encode_two, pair, store_exact};

/// Encodes the `LANES / 2` values of `c.v` (16-bit lanes, none a surrogate) at `dst`; returns the
/// bytes written (`LANES / 2` to `3 * LANES / 2`). `dst` has room for 12 bytes more than that,
/// which are left as they were when `EXACT`, else may be written, at most `LANES / 2` of them:
/// the caller's next step overwrites them (it writes at least that many from its start, even
/// when `EXACT`). Each value gets in a 32-bit lane every byte its UTF-8 form may take
/// ([`spread`]), and a shuffle per four values picks the ones its length takes, in order
/// ([`store_threes`] when all take three, else [`store_mixed`]); where one lookup reads two
/// registers, [`pair::encode_mixed`] picks them from the two vectors of [`low_high`] instead.
///
/// # Safety
/// The caller's ISA contract; `dst` has room for the bytes written plus 12.
#[inline(always)]
pub(super) unsafe fn encode_bmp<V: Lanes2, const EXACT: bool>(
    dst: *mut u8,
    c: Classes<V>,
) -> usize {
    // SAFETY: the caller's ISA contract and room, which is each step's.
    unsafe {
        if Classes::<V>::PAIR {
            // No test for two-byte vectors: their runs take [`encode_two`] before they get
            // here, and the pair's lookups encode them too.
            let (low, high) = low_high(&c);
            return if c.no_short() {
                pair::encode_threes::<V, EXACT>(dst, low, high)
            } else {
                pair::encode_mixed::<V, EXACT>(dst, low, high, &c)
            };
        }
        if c.all_short() {
            return encode_two::<V, EXACT>(dst, c.v);
        }
        let (lo, hi) = spread(c);
        if c.no_short() {
            store_threes::<V, EXACT>(dst, lo, hi)
        } else {
            store_mixed::<V, EXACT>(dst, lo, hi, c)
        }
    }
}

/// Every byte the UTF-8 form of each value of `c.v` may take, in a 32-bit lane per value: values
/// 0..4 of each 128-bit lane in the first vector, 4..8 in the second.
///
/// # Safety
/// The caller's ISA contract.
#[inline(always)]
unsafe fn spread<V: Lanes2>(c: Classes<V>) -> (V, V) {
    // SAFETY: the caller's ISA contract.
    unsafe {
        let (low, high) = low_high(&c);
        (low.unpack_lo16(high), low.unpack_hi16(high))
    }
}

/// Every byte the UTF-8 form of each value of `c.v` may take, in two vectors of 16-bit lanes:
/// `low` the ASCII value and the last continuation byte, `high` the lead of three bytes and
/// the lead of two or middle of three.
///
/// # Safety
/// The caller's ISA contract.
#[inline(always)]
pub(super) unsafe fn low_high<V: Lanes2>(c: &Classes<V>) -> (V, V) {
    let Classes { v, short, .. } = *c;
    // SAFETY: the caller's ISA contract; no memory is read but the constant tables.
    unsafe {
        // For v = aaaabbbbbbcccccc, the bytes of `low` are bbcccccc (v itself when ASCII, the
        // only time it is taken) and 10cccccc, those of `high` 1110aaaa and 10bbbbbb, or
        // 110bbbbb below U+0800 (where the top bit of b is 0). No blends: a value's length only
        // decides which bytes are taken. (The mask clears two bits of one byte, which NEON
        // does with an immediate, not a register.)
        let low = V::table(&DUP_LOW)
            .lookup16(v)
            .and(V::splat16(0x3FFF))
            .or(V::splat16(0x8000));
        // aaaabbbbbbcccccc → 00bbbbbb0000aaaa: on x86 from 0000aaaabbbbbb00, the low byte
        // times 0x40 plus the high byte; elsewhere (NEON emulates the multiply-add), two shifts.
        let high = if V::MADDUBS {
            v.shr16::<4>()
                .and(V::splat16(0x0FFC))
                .maddubs(V::splat16(0x0140))
        } else {
            v.shl16::<2>().and(V::splat16(0x3F00)).or(v.shr16::<12>())
        };
        let high = high
            .or(short.and(V::splat16(0x4000)))
            .or(V::splat16(0x80E0));
        (low, high)
    }
}

/// Byte indices that copy the low byte of each 16-bit lane into both of its bytes.
const DUP_LOW: [u8; 16] = [0, 0, 2, 2, 4, 4, 6, 6, 8, 8, 10, 10, 12, 12, 14, 14];

/// Stores the values of [`spread`]'s `lo` and `hi` when all take three bytes (CJK, Indic): one
/// fixed shuffle, no lookups. Returns the bytes written, `3 * LANES / 2`.
///
/// # Safety
/// The caller's ISA contract; `dst` has room for `3 * LANES / 2 + 12` bytes, of which only the
/// first `3 * LANES / 2` are written when `EXACT` (a 128-bit lane's 16-byte stores run 4 bytes
/// past its 24, into the next lane's, which overwrites them).
#[inline(always)]
unsafe fn store_threes<V: Lanes2, const EXACT: bool>(dst: *mut u8, lo: V, hi: V) -> usize {
    let lanes = V::LANES / 16;
    // SAFETY: the caller's ISA contract and room: lane `k` writes 16 bytes at `24 * k` and at
    // `24 * k + 12`, the last one exactly 12 when `EXACT`, so the stores end by `24 * lanes + 4`.
    unsafe {
        let table = ENCODE.mixed[0xFF].as_ptr();
        let (lo, hi) = (
            V::load_lanes([table; 2]).lookup16(lo),
            V::load_lanes([table; 2]).lookup16(hi),
        );
        for k in 0..lanes {
            let at = dst.add(24 * k);
            lo.lane(k).store(at);
            if EXACT && k == lanes - 1 {
                store_exact(at.add(12), hi.lane(k), 12);
            } else {
                hi.lane(k).store(at.add(12));
            }
        }
    }
    3 * V::LANES / 2
}

/// Stores the values of [`spread`]'s `lo` and `hi`, of mixed lengths (the lengths from `c`'s
/// masks), a group of four values at a time with the shuffle its lengths pick. Returns the bytes
/// written (`LANES / 2` to `3 * LANES / 2`).
///
/// # Safety
/// The caller's ISA contract; `dst` has room for the bytes written plus 12, of which none is
/// written when `EXACT` and at most `LANES / 2` otherwise.
#[inline(always)]
unsafe fn store_mixed<V: Lanes2, const EXACT: bool>(
    dst: *mut u8,
    lo: V,
    hi: V,
    c: Classes<V>,
) -> usize {
    let lanes = V::LANES / 16;
    // Bits 2j and 2j + 1: unit j takes at least two bytes, three bytes.
    let at_least = (!c.ascii_bits & 0x5555_5555) | (!c.short_bits & 0xAAAA_AAAA);
    let index = |g: usize| ((at_least >> (8 * g)) & 0xFF) as usize;
    let entry = |g: usize| ENCODE.mixed[index(g)].as_ptr();
    // SAFETY: the caller's ISA contract and room: each group store writes 16 bytes at the
    // group's start (4 to 12 bytes its own), the bytes past its own overwritten by the next
    // group's; stores are exact where that does not hold (see below).
    unsafe {
        let len = |g: usize| 4 + V::count_ones8(index(g) as u32) as usize;
        // Closures do not inherit the target features: the vector work stays out of them.
        let (a, b) = if lanes == 1 {
            ([0, 0], [1, 1])
        } else {
            ([0, 2], [1, 3])
        };
        let lo = V::load_lanes([entry(a[0]), entry(a[1])]).lookup16(lo);
        let hi = V::load_lanes([entry(b[0]), entry(b[1])]).lookup16(hi);
        let mut w = 0;
        for k in 0..lanes {
            for (g, half) in [(2 * k, lo), (2 * k + 1, hi)] {
                let n = len(g);
                // A group's overrun is overwritten by the next group's whole store; with
                // `EXACT` there is none, and the last group's may not exceed what the next
                // step surely writes (LANES / 2 bytes or more, from a whole first store).
                let last = g == 2 * lanes - 1;
                if EXACT || (last && 16 - n > V::LANES / 2) {
                    store_exact(dst.add(w), half.lane(k), n);
                } else {
                    half.lane(k).store(dst.add(w));
                }
                w += n;
            }
        }
        w
    }
}
