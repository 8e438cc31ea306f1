//! The encoding of a vector of eight BMP values where one lookup reads two registers
//! ([`Lanes2::LOOKUP_PAIR`], NEON's two-register `tbl`): the lookup picks each value's bytes
//! from two registers of 16-bit lanes as they are computed, where a one-register shuffle first
//! needs them blended into one (two-byte text) or interleaved into 32-bit lanes (any mix), and
//! the lanes' classes come as one weighted sum across the register ([`Vector::sum16`]), not as
//! two-bit masks. Under qemu that took the loop over Hindi from UTF-16 from 68 to 56 instructions
//! a vector (see docs/aarch64.md).

use super::super::vector::{Half, Lanes2, Vector};
use super::{Classes, store_exact};

/// The bytes from the two registers of [`encode_two`](super::encode_two), `ascii ++ two`, for
/// the eight values of one vector, indexed by the bits of the ASCII values (bit `j`: value
/// `j` is ASCII): byte `2j` of the first for an ASCII value, else bytes `2j` and `2j + 1` of
/// the second (lead, continuation).
static TWO: [[u8; 16]; 256] = {
    let mut t = [[Z; 16]; 256];
    let mut m = 0;
    while m < 256 {
        let (mut j, mut at) = (0, 0);
        while j < 8 {
            if m >> j & 1 == 1 {
                t[m][at] = 2 * j as u8;
                at += 1;
            } else {
                t[m][at] = 16 + 2 * j as u8;
                t[m][at + 1] = 17 + 2 * j as u8;
                at += 2;
            }
            j += 1;
        }
        m += 1;
    }
    t
};

/// The bytes [`TWO`] writes: 16 less the ASCII values.
static TWO_LENGTHS: [u8; 256] = less_bits(16);

/// `most - popcount(i)` for each byte value `i`: the bytes a row of [`TWO`] or [`MIXED`]
/// writes, in one load, where the count of bits is a load too ([`Vector::count_ones8`]) and
/// a subtraction.
const fn less_bits(most: u8) -> [u8; 256] {
    let mut t = [0; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = most - (i as u32).count_ones() as u8;
        i += 1;
    }
    t
}

/// A lane the lookup leaves zero.
const Z: u8 = 0x80;

/// `MIXED[g][i]`: the bytes of values `4g..4g + 4` from the registers `low ++ high` of
/// [`low_high`](super::bmp::low_high) (per value `j`, `low` holds the ASCII value and the last
/// continuation byte at `2j`, `2j + 1`; `high` the lead of three bytes and the lead of two or
/// middle of three at `16 + 2j`, `17 + 2j`), for the classes in `i`: bit `k` set when value
/// `4g + k` is ASCII, bit `4 + k` when it is below U+0800. The group writes `12 - popcount(i)`
/// bytes.
static MIXED: [[[u8; 16]; 256]; 2] = {
    let mut t = [[[Z; 16]; 256]; 2];
    let mut g = 0;
    while g < 2 {
        let mut i = 0;
        while i < 256 {
            let (mut k, mut at) = (0, 0);
            while k < 4 {
                let j = (4 * g + k) as u8;
                let (ascii, short) = (i >> k & 1 == 1, i >> (4 + k) & 1 == 1);
                let bytes: &[u8] = if ascii {
                    &[2 * j]
                } else if short {
                    &[17 + 2 * j, 2 * j + 1]
                } else {
                    &[16 + 2 * j, 17 + 2 * j, 2 * j + 1]
                };
                let mut b = 0;
                // Three bytes at most per value, twelve per group: the row holds them all.
                while b < bytes.len() {
                    t[g][i][at] = bytes[b];
                    at += 1;
                    b += 1;
                }
                k += 1;
            }
            i += 1;
        }
        g += 1;
    }
    t
};

/// The bytes a group of [`MIXED`] writes: 12 less its ASCII values and those below U+0800.
static LENGTHS: [u8; 256] = less_bits(12);

/// Per 16-bit lane `j`, the weight of an ASCII value in [`classes`]: bit `j` for values 0..4
/// (the first group's index, the low byte), bit `8 + j - 4` for values 4..8.
static ASCII_WEIGHTS: [u8; 16] = [1, 0, 2, 0, 4, 0, 8, 0, 0, 1, 0, 2, 0, 4, 0, 8];
/// Per 16-bit lane, the weight of a value below U+0800: four bits above its ASCII weight.
static SHORT_WEIGHTS: [u8; 16] = [16, 0, 32, 0, 64, 0, 128, 0, 0, 16, 0, 32, 0, 64, 0, 128];

/// The classes of the eight values of a register, as [`MIXED`] indexes them: the first group's
/// in bits 0..8, the second's in bits 8..16, from the masks of the ASCII values, of those
/// below U+0800 and of those the vector steps do not take (`bad`: surrogates; lanes 0 or
/// 0xFFFF). Below 0xFFFF exactly when the vector is for [`encode_mixed`] (no bad value, not all
/// ASCII): a bad lane adds 0xFFFF, so the sum is at least that, and so is a vector of ASCII
/// (every weight). One comparison tests both, where a test of the bad lanes of its own took
/// three instructions more.
///
/// # Safety
/// The caller's ISA contract.
#[inline(always)]
pub(super) unsafe fn classes<V: Vector>(ascii: V, short: V, bad: V) -> u32 {
    // SAFETY: the caller's ISA contract; the weights are 16 readable bytes each.
    unsafe {
        let a = ascii.and(V::table(&ASCII_WEIGHTS));
        let s = short.and(V::table(&SHORT_WEIGHTS));
        // Every weight is its own bit, so without a bad lane the sum is their union (and
        // below 0x10000: [`Vector::sum16`] does not wrap).
        a.or(s).or(bad).sum16()
    }
}

/// The eight ASCII and two-byte values `ascii` (their UTF-8 bytes in the low byte of each lane
/// where they are ASCII) and `two` (lead and continuation byte of each lane) packed in order,
/// for `mask`, the bits of the ASCII values.
///
/// # Safety
/// The caller's ISA contract.
#[inline(always)]
pub(super) unsafe fn two<H: Half>(ascii: H, two: H, mask: usize) -> H {
    // SAFETY: the caller's ISA contract; each row of TWO is 16 readable bytes.
    unsafe { H::load(TWO[mask & 0xFF].as_ptr()).lookup_pair(ascii, two) }
}

/// The bytes [`two`] packs for `mask`.
#[inline(always)]
pub(super) fn two_len(mask: usize) -> usize {
    usize::from(TWO_LENGTHS[mask & 0xFF])
}

/// Encodes the eight values of `c.v` (none a surrogate, not all ASCII), whose classes
/// [`classes`] put in `c`, from [`low_high`](super::bmp::low_high)'s `low` and `high`; returns
/// the bytes written (8 to 24). Room and overrun as [`encode_bmp`](super::encode_bmp): `dst` has
/// room for 12 bytes more than those written, of which none is written when `EXACT` and at most
/// 8 otherwise.
///
/// # Safety
/// The caller's ISA contract; the room above.
#[inline(always)]
pub(super) unsafe fn encode_mixed<V: Lanes2, const EXACT: bool>(
    dst: *mut u8,
    low: V,
    high: V,
    c: &Classes<V>,
) -> usize {
    let index = c.ascii_bits as usize;
    let (i0, i1) = (index & 0xFF, index >> 8 & 0xFF);
    let (n0, n1) = (usize::from(LENGTHS[i0]), usize::from(LENGTHS[i1]));
    // SAFETY: the caller's ISA contract and room. Unless `EXACT`, the first group's 16-byte
    // store runs past its own 4 to 12 bytes into the second group's, which that group's store
    // overwrites, and past both by `16 - n0 - n1` at most, 8 as `n0 + n1 >= 8`; the second's
    // store runs past its own by `16 - n1`, also 8 at most.
    unsafe {
        let (low, high) = (low.lane(0), high.lane(0));
        let a = V::Half::load(MIXED[0][i0].as_ptr()).lookup_pair(low, high);
        let b = V::Half::load(MIXED[1][i1].as_ptr()).lookup_pair(low, high);
        if EXACT {
            store_exact(dst, a, n0);
            store_exact(dst.add(n0), b, n1);
        } else {
            a.store(dst);
            // The caller's next step overwrites 8 bytes past ours at least.
            if n1 < 8 {
                store_exact(dst.add(n0), b, n1);
            } else {
                b.store(dst.add(n0));
            }
        }
        n0 + n1
    }
}

/// [`encode_mixed`] of eight values that all take three bytes (CJK, Indic): the same lookups
/// with rows known in advance, and lengths too.
///
/// # Safety
/// The caller's ISA contract; room for 36 bytes, of which only 24 are written when `EXACT`.
#[inline(always)]
pub(super) unsafe fn encode_threes<V: Lanes2, const EXACT: bool>(
    dst: *mut u8,
    low: V,
    high: V,
) -> usize {
    // SAFETY: the caller's ISA contract and room: 16 bytes at 0 and at 12 (the second store's
    // first four bytes overwrite the first's last four), exactly 12 for the second if `EXACT`.
    unsafe {
        let (low, high) = (low.lane(0), high.lane(0));
        let a = V::Half::load(MIXED[0][0].as_ptr()).lookup_pair(low, high);
        let b = V::Half::load(MIXED[1][0].as_ptr()).lookup_pair(low, high);
        a.store(dst);
        if EXACT {
            store_exact(dst.add(12), b, 12);
        } else {
            b.store(dst.add(12));
        }
    }
    24
}
