//! Runs of three-byte characters (CJK text): decoded four per 128-bit lane without windows,
//! first under the chunk's validation, then validated as they are decoded.

use super::lossy::put_fill;
use super::sink::Sink;
use super::steps::decode_three;
use crate::codec::decode::{Step, utf8_step};
use crate::simd::generic::replace::{byte_fill, fill_count};
use crate::simd::generic::tables::LANE_NUMBERS;
use crate::simd::generic::utf8::{BLOCK, low_lanes};
use crate::simd::generic::vector::{Lanes2, Vector};
use crate::types::outcome::Policy;

/// Bytes that start a character in a stretch of three-byte characters starting at bit 0.
pub(super) const THREES: u64 = 0x9249_2492_4924_9249;

/// In each 32-bit lane of four, the three bytes of one character, last byte lowest.
static SHUF_THREES: [u8; 16] = [2, 1, 0, 0x80, 5, 4, 3, 0x80, 8, 7, 6, 0x80, 11, 10, 9, 0x80];

/// Bytes [`threes`] takes.
pub(super) const fn threes_len<V: Lanes2>() -> usize {
    24 * (V::LANES / 16)
}

/// Converts the `8 * LANES / 16` valid three-byte characters at `p`, whose bytes the vector
/// pair covers without any byte of another character: each 128-bit lane takes four of them, so
/// no lane waits on the others, and the lanes are loaded so that one pack per pair puts the
/// code points in order. `p` has `threes_len + 4` readable bytes; `dst` room for `LANES / 2`.
///
/// # Safety
///
/// The caller's ISA contract; `threes_len + 4` readable bytes at `p`; room for `LANES / 2` units at
/// `dst`.
#[inline(always)]
unsafe fn threes<V: Lanes2, S: Sink>(p: *const u8, dst: *mut S::Unit) {
    // SAFETY: caller's ISA contract; lanes load 16 bytes at offsets up to 12 + 24 * (lanes - 1),
    // within the `threes_len + 4` readable bytes.
    unsafe {
        let x = V::load_lanes([p, p.add(24)]);
        let y = V::load_lanes([p.add(12), p.add(36)]);
        S::threes::<V>(dst, decode_threes(x), decode_threes(y));
    }
}

/// [`threes`] at `p`, the start of a chunk whose `leads` show three-byte characters for as
/// many bytes as it takes, and a second time after them where `leads` go on so within the
/// chunk's first `limit` bytes (16-byte vectors: bytes 24..48), then four more in a 128-bit
/// step where the chunk has room for them (bytes 48..60): the chunk's validation then covers
/// 60 of its 64 bytes, where it would cover 48. Returns the bytes read and the units written.
/// `p` has `BLOCK + 4` readable bytes; `dst` room for `BLOCK / 3` units.
///
/// # Safety
///
/// The caller's ISA contract; `BLOCK + 4` readable bytes at `p`; room for `BLOCK / 3` units at
/// `dst`.
#[inline(always)]
pub(super) unsafe fn threes_run<V: Lanes2, S: Sink>(
    p: *const u8,
    leads: u64,
    limit: usize,
    dst: *mut S::Unit,
) -> (usize, usize) {
    let n = threes_len::<V>();
    // SAFETY: forwarded; the second call reads up to n + threes_len + 4 <= BLOCK + 4 bytes and
    // writes units n / 3 .. 2 * n / 3, the step 16 bytes at t with t + 16 <= BLOCK and units
    // t / 3 .. t / 3 + 4 <= BLOCK / 3.
    unsafe {
        threes::<V, S>(p, dst);
        let pattern = low_lanes(2 * n as u32 + 1);
        let mut t = n;
        if 2 * n + 4 <= BLOCK && limit >= 2 * n && leads & pattern == THREES & pattern {
            threes::<V, S>(p.add(n), dst.add(n / 3));
            t = 2 * n;
        }
        let pattern = low_lanes(t as u32 + 13);
        if t + 16 <= BLOCK && limit >= t + 12 && leads & pattern == THREES & pattern {
            let v = <V::Half>::load(p.add(t));
            S::four(dst.add(t / 3), decode_threes::<V::Half>(v));
            t += 12;
        }
        (t, t / 3)
    }
}

/// The four three-byte characters in bytes 0..12 of each 128-bit lane of `v`, as code points in
/// its 32-bit lanes.
///
/// # Safety
///
/// The caller's ISA contract.
#[inline(always)]
unsafe fn decode_threes<V: Lanes2>(v: V) -> V {
    // SAFETY: caller's ISA contract.
    unsafe {
        // Lane bytes [last, middle, lead, 0]: the code point is last & 3F, middle & 3F << 6 and
        // lead & 0F << 12, picked out with two shifts of the whole lane.
        let v = V::table(&SHUF_THREES).lookup16(v);
        v.and(V::splat32(0x3F))
            .or(v.shr32::<2>().and(V::splat32(0x0FC0)))
            .or(v.shr32::<4>().and(V::splat32(0xF000)))
    }
}

/// The shuffle and masks of [`threes_checked`], as one table so that one address reaches them.
/// Row 0: in each 32-bit lane of four, the three bytes of one character as
/// `[last, 0, middle, lead]`, whose high 16 bits are the lead and middle byte together, which
/// the overlong and surrogate forms are ranges of. Rows 1 and 2: the tag bits of those bytes
/// and their values. Row 3: the lead and the middle byte's top three bits. Rows 4 and 5: E0
/// 80..9F (overlong) and ED A0..BF (surrogates) under that mask, in the high 16 bits of each
/// lane (the low 16 bits, zero under it, never match FFFF).
static THREES_CHECKED: [[u8; 16]; 6] = {
    let shuf = [2, 0x80, 1, 0, 5, 0x80, 4, 3, 8, 0x80, 7, 6, 11, 0x80, 10, 9];
    let words = [
        0xF0C0_00C0u32,
        0xE080_0080,
        0xFFE0_0000,
        0xE080_FFFF,
        0xEDA0_FFFF,
    ];
    let mut t = [shuf; 6];
    let mut r = 0;
    while r < words.len() {
        let mut i = 0;
        while i < 16 {
            t[r + 1][i] = (words[r] >> (8 * (i % 4))) as u8;
            i += 1;
        }
        r += 1;
    }
    t
};

/// Steps of [`threes_checked`] per call: as many of `12 * LANES / 16` bytes as fit in a chunk,
/// leaving the 4 bytes its last load reads past them.
const fn threes_checked_steps<V: Lanes2>() -> usize {
    (BLOCK - 4) / (12 * (V::LANES / 16))
}

/// Bytes [`threes_checked`] takes when all its steps are valid.
const fn threes_checked_len<V: Lanes2>() -> usize {
    threes_checked_steps::<V>() * 12 * (V::LANES / 16)
}

/// The code points of the three-byte characters in the 32-bit lanes of `v`, each lane's bytes
/// as [`threes_checked`] shuffles them: bytes 0, 2 and 3 hold the last, middle and lead byte.
///
/// # Safety
///
/// The caller's ISA contract.
#[inline(always)]
unsafe fn threes_code_points<V: Lanes2>(v: V) -> V {
    // SAFETY: caller's ISA contract.
    unsafe {
        v.and(V::splat32(0x3F))
            .or(v.shr32::<10>().and(V::splat32(0x0FC0)))
            .or(v.shr32::<12>().and(V::splat32(0xF000)))
    }
}

/// Converts the three-byte characters at `p` (a character boundary) in steps of four per
/// 128-bit lane, each validated as it is decoded, up to [`threes_checked_len`] bytes; stops
/// before the first step that is not all valid three-byte characters (anything else, an error
/// included, is for the caller's other paths). Returns the bytes read (the units written are a
/// third of them) and, where it stopped early, how many of the step's characters are valid
/// three-byte ones before the first that is not. Once CJK text has shown itself, this replaces
/// a chunk's validation and conversion at about half the instructions: the bytes of a
/// three-byte character have fixed tag bits, and its only other errors are two ranges of its
/// first two bytes. `p` has `BLOCK` readable bytes; `dst` room for `BLOCK / 3` units.
///
/// # Safety
///
/// The caller's ISA contract; `BLOCK` readable bytes at `p`; room for `BLOCK / 3` units at `dst`.
#[inline(always)]
unsafe fn threes_checked<V: Lanes2, S: Sink>(p: *const u8, dst: *mut S::Unit) -> (usize, usize) {
    let step = 12 * (V::LANES / 16);
    // SAFETY: caller's ISA contract; step `k` loads 16 bytes at `k * step + 12 * j` for
    // `j < LANES / 16`, below `BLOCK - 4`, and writes units up to `(k + 1) * step / 3`, at most
    // `BLOCK / 3`.
    unsafe {
        // Each table by name rather than through `array::map`, generic code without the
        // kernel's target features, where the loads would be calls unless all is inlined.
        let t = &THREES_CHECKED;
        let (shuf, tag_bits, tags) = (V::table(&t[0]), V::table(&t[1]), V::table(&t[2]));
        let (pair_bits, overlong, surrogate) = (V::table(&t[3]), V::table(&t[4]), V::table(&t[5]));
        for k in 0..threes_checked_steps::<V>() {
            let q = k * step;
            let v = shuf.lookup16(V::load_lanes([p.add(q), p.add(q + 12)]));
            let bad_tags = v.and(tag_bits).xor(tags);
            let pair = v.and(pair_bits);
            let bad = bad_tags.or(pair.eq16(overlong)).or(pair.eq16(surrogate));
            if !bad.is_zero() {
                // A 32-bit lane per character, in order.
                return (q, bad.nonzero_mask().trailing_zeros() as usize / 4);
            }
            let cp = threes_code_points(v);
            for j in 0..V::LANES / 16 {
                S::four(dst.add(q / 3 + 4 * j), cp.lane(j));
            }
        }
        (threes_checked_len::<V>(), 0)
    }
}

/// [`threes_checked`] from `p` (a character boundary) into `out[w..]` (`out_len` units) for as
/// long as it takes all its steps and the input and room allow one more call: CJK text that goes
/// on in three-byte characters, up to the first step that is something else. With `LOSSY`, an
/// ill-formed subpart there gets the fill of `policy` (counted in `replaced`) and the run goes
/// on after it: a stray byte, with `STRAY`, in vectors ([`threes_stray`]), others one character
/// at a time ([`threes_error`]). Returns the new `(p, w)`.
///
/// # Safety
///
/// The caller's ISA contract; `(p, w)` within `src` and `out`'s `out_len` units.
#[inline(always)]
pub(super) unsafe fn threes_checked_run<
    V: Lanes2,
    S: Sink,
    const LOSSY: bool,
    const STRAY: bool,
>(
    src: &[u8],
    out_len: usize,
    out: *mut S::Unit,
    (mut p, mut w): (usize, usize),
    policy: Policy,
    replaced: &mut usize,
) -> (usize, usize) {
    // SAFETY: caller's ISA contract; each call has BLOCK + LANES readable bytes at `p` and
    // BLOCK + 8 units of room at `w` (`out` has `out_len` units). After a step that stops,
    // `threes_error` reads up to q + 3 * good + 4 <= threes_checked_len + 1 < BLOCK bytes from
    // the first `p` and writes good + 3 <= 10 units (room for good + 4) after q / 3;
    // `threes_stray` loads the stopped step again (bytes the call read) and reads and writes
    // LANES / 4 + 1 <= 9 units at `w`, inside the call's room.
    unsafe {
        loop {
            // How many characters of the step that stopped the run are valid.
            let mut stop = None;
            // Errors are handled after this loop, which then keeps its tables in registers:
            // with the call of `threes_error` inside it (every vector register is the callee's
            // to clobber), or the blend of `threes_stray` inside the step loop, it loaded them
            // again in every call.
            while src.len() - p >= BLOCK + V::LANES && out_len - w >= BLOCK + 8 {
                let (q, good) = threes_checked::<V, S>(src.as_ptr().add(p), out.add(w));
                p += q;
                w += q / 3;
                if q < threes_checked_len::<V>() {
                    stop = Some(good);
                    break;
                }
            }
            let Some(good) = stop.filter(|_| LOSSY) else {
                break;
            };
            let at = src.as_ptr().add(p);
            if STRAY && let Some((r, n)) = threes_stray::<V, S>(at, good, out.add(w), policy) {
                p += r;
                w += n;
                *replaced += 1;
                continue;
            }
            if !(0..0x80).contains(&*at.add(3 * good))
                && let Some((r, n, k)) = threes_error::<S>(at, good, out.add(w), policy)
            {
                p += r;
                w += n;
                *replaced += k;
                continue;
            }
            break;
        }
    }
    (p, w)
}

/// Whether `b` is an ill-formed subpart of one byte whatever follows it: a byte no character
/// starts with (`80..C1`, `F5..FF`), which is how stray bytes in text look.
#[inline(always)]
fn stray_byte(b: u8) -> bool {
    b >= 0x80 && !(0xC2..=0xF4).contains(&b)
}

/// Under a lossy `policy`, where [`threes_checked`] stopped at `p` (a character boundary, with a
/// step's `12 * LANES / 16 + 4` readable bytes) after `good` valid three-byte characters: when the
/// character after them starts with a byte that is an error by itself (a stray byte: `80..C1`,
/// `F5..FF`, whatever follows), writes the `good` characters and the fill of `policy` for that byte
/// and returns the bytes and units they take; else `None`, nothing written. No loop and no call:
/// the characters come from the step's vectors, decoded again and stored with a blend (the units
/// past them written back as `dst` holds them; it has room for `LANES / 4 + 1` units), so a stray
/// byte in CJK text costs little more than the mispredicted branch that found it.
///
/// # Safety
///
/// The caller's ISA contract; the step's `12 * LANES / 16 + 4` readable bytes at `p`; room for
/// `LANES / 4 + 1` units at `dst`.
#[inline(always)]
unsafe fn threes_stray<V: Lanes2, S: Sink>(
    p: *const u8,
    good: usize,
    dst: *mut S::Unit,
    policy: Policy,
) -> Option<(usize, usize)> {
    // SAFETY: caller's ISA contract; the bytes and room as documented: the step's load is the
    // one `threes_checked` made, and 4 * j + 4 <= LANES / 4 units at `dst`.
    unsafe {
        let lead = *p.add(3 * good);
        if !stray_byte(lead) {
            return None;
        }
        let shuf = V::table(&THREES_CHECKED[0]);
        let cp = threes_code_points(shuf.lookup16(V::load_lanes([p, p.add(12)])));
        let lanes = <V::Half>::load(LANE_NUMBERS.as_ptr());
        for j in 0..V::LANES / 16 {
            let n = good.saturating_sub(4 * j).min(4);
            S::four_prefix(dst.add(4 * j), cp.lane(j), n, lanes);
        }
        let fill = match byte_fill(policy, lead) {
            Some(c) => S::one(dst.add(good), c),
            None => 0,
        };
        Some((3 * good + 1, good + fill))
    }
}

/// Under a lossy `policy`, where [`threes_checked`] stopped at `p` (a character boundary, with
/// at least `3 * good + 4` readable bytes) after `good` valid three-byte characters: when an
/// ill-formed subpart follows them (as the engine's UTF-8 step reads it), writes the characters
/// and the policy's fill ([`put_fill`]) to `dst` and returns the bytes and units they take and
/// the replacements the subpart counts as; else `None`, nothing written. Every code point
/// written is below U+10000, one unit each, but each write may use two units of room: `dst` has
/// room for `good + 4`. (The count is returned: a pointer to the caller's, passed here out of
/// line, kept it in memory and cost the decoder's loops a register, 4 % more instructions on
/// two-byte text.) Out of line and scalar: the same fix-up inlined with the step's vectors made
/// lossy decoding of CJK text without errors 6–7 % slower (out of line: 3 %).
///
/// # Safety
///
/// `3 * good + 4` readable bytes at `p`; room for `good + 4` units at `dst`.
#[cold]
#[inline(never)]
pub(in crate::simd) unsafe fn threes_error<S: Sink>(
    p: *const u8,
    good: usize,
    dst: *mut S::Unit,
    policy: Policy,
) -> Option<(usize, usize, usize)> {
    // SAFETY: the bytes and room as documented.
    unsafe {
        let at = 3 * good;
        let lead = *p.add(at);
        // A stray byte without the step.
        let len = if stray_byte(lead) {
            1
        } else if let Step::Invalid { len, .. } =
            utf8_step(core::slice::from_raw_parts(p.add(at), 4))
        {
            len
        } else {
            return None;
        };
        // Valid three-byte characters: without `decode_one`'s match on the lead byte.
        for k in 0..good {
            S::one(dst.add(k), decode_three(p.add(3 * k)));
        }
        let n = put_fill::<S>(dst.add(good), p.add(at), len, policy);
        Some((at + len, good + n, fill_count(policy, len)))
    }
}
