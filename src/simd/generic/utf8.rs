//! UTF-8 validation (Keiser & Lemire, "Validating UTF-8 In Less Than One Instruction Per Byte":
//! three nibble lookups classify every byte pair, plus the must-be-2nd/3rd-continuation check),
//! ASCII prefix and the counting passes, written once over [`Vector`]. The validation loop's
//! steps: its runs in [`runs`], the end of the input that is less than a block in [`tail`].

mod runs;
mod tail;

use super::tables::LANE_NUMBERS;
use super::vector::{Half, Vector};
use crate::codec::decode::is_continuation;
use runs::{skip_ascii, text_run};
use tail::{tail_in_place, tail_padded};

/// Bytes per block: 4 SSE vectors, 2 AVX2 vectors or 1 AVX-512 vector.
pub(in crate::simd) const BLOCK: usize = 64;

/// A mask of the low `n` lanes (`n` <= 64).
#[inline(always)]
pub(in crate::simd) fn low_lanes(n: u32) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

// Error classes of a byte pair (previous byte, current byte); a pair is an error when one class
// is set in all three lookups.
const TOO_SHORT: u8 = 1 << 0; // lead followed by a non-continuation
const TOO_LONG: u8 = 1 << 1; // ASCII followed by a continuation
const OVERLONG_3: u8 = 1 << 2; // E0 80..9F
const TOO_LARGE: u8 = 1 << 3; // F4 90..BF, F5.. 90..BF
const SURROGATE: u8 = 1 << 4; // ED A0..BF
const OVERLONG_2: u8 = 1 << 5; // C0/C1 + continuation
const TOO_LARGE_1000: u8 = 1 << 6; // F5..FF 80..8F
const OVERLONG_4: u8 = 1 << 6; // F0 80..8F
const TWO_CONTS: u8 = 1 << 7; // continuation after continuation: fine only as 3rd/4th byte
const CARRY: u8 = TOO_SHORT | TOO_LONG | TWO_CONTS;

/// By the previous byte's high nibble.
const BYTE_1_HIGH: [u8; 16] = [
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG, // 0..7
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,                                           // 8..B
    TOO_SHORT | OVERLONG_2,                              // C
    TOO_SHORT,                                           // D
    TOO_SHORT | OVERLONG_3 | SURROGATE,                  // E
    TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4, // F
];

/// By the previous byte's low nibble.
const BYTE_1_LOW: [u8; 16] = [
    CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,
    CARRY | OVERLONG_2,
    CARRY,
    CARRY,
    CARRY | TOO_LARGE,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
];

/// [`BYTE_1_LOW`] for forms without 4-byte sequences (CESU-8, modified UTF-8): every lead `F_`
/// followed by a continuation byte is flagged, which costs nothing over plain validation.
const BYTE_1_LOW_NO4: [u8; 16] = {
    let mut t = BYTE_1_LOW;
    let mut i = 0;
    while i < 16 {
        t[i] |= TOO_LARGE | TOO_LARGE_1000;
        i += 1;
    }
    t
};

/// By the current byte's high nibble.
const BYTE_2_HIGH: [u8; 16] = [
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4, // 8
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,                   // 9
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,                    // A
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,                    // B
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
];

/// Per byte, non-zero where the stream `prev ++ input` is ill-formed (judging each byte with the
/// up to three bytes before it; a sequence cut off at the end of `input` is not flagged).
#[inline(always)]
pub(in crate::simd) unsafe fn errors<V: Vector>(input: V, prev: V) -> V {
    // SAFETY: the caller's ISA contract, forwarded.
    unsafe { errors_with::<V, false>(input, prev) }
}

/// [`errors`], also flagging every 4-byte sequence when `NO4`.
#[inline(always)]
unsafe fn errors_with<V: Vector, const NO4: bool>(input: V, prev: V) -> V {
    // SAFETY: the caller's ISA contract, forwarded.
    unsafe {
        classify::<V, NO4>(
            input,
            input.prev1(prev),
            input.prev2(prev),
            input.prev3(prev),
        )
    }
}

/// [`errors_with`] for the vector at `p`, which has at least three readable bytes before it:
/// the bytes before each byte are loaded from memory instead of shifted in from the previous
/// vector. The loads go to the load ports; the shifts (three byte-aligns and, across 128-bit
/// lanes, a permute) went to the few vector ports that the rest of the check keeps busy.
#[inline(always)]
pub(in crate::simd) unsafe fn errors_at<V: Vector, const NO4: bool>(p: *const u8) -> V {
    // SAFETY: the caller's ISA contract; `p - 3 .. p + LANES` is readable (caller).
    unsafe {
        let (prev1, prev2, prev3) = (V::load(p.sub(1)), V::load(p.sub(2)), V::load(p.sub(3)));
        classify::<V, NO4>(V::load(p), prev1, prev2, prev3)
    }
}

/// The check itself, given each byte of `input` and the one, two and three bytes before it.
#[inline(always)]
unsafe fn classify<V: Vector, const NO4: bool>(input: V, prev1: V, prev2: V, prev3: V) -> V {
    let low = if NO4 { &BYTE_1_LOW_NO4 } else { &BYTE_1_LOW };
    // SAFETY: the caller's ISA contract, forwarded.
    unsafe {
        let special = prev1
            .high_nibbles()
            .lookup_nibbles(V::table(&BYTE_1_HIGH))
            .and(prev1.and(V::splat(0x0F)).lookup_nibbles(V::table(low)))
            .and(input.high_nibbles().lookup_nibbles(V::table(&BYTE_2_HIGH)));
        // The high bit says "must be a continuation": a 3rd byte after E0.., a 4th after F0..
        let third = prev2.saturating_sub(V::splat(0xE0 - 0x80));
        let fourth = prev3.saturating_sub(V::splat(0xF0 - 0x80));
        third.or(fourth).and(V::splat(0x80)).xor(special)
    }
}

/// Non-zero where a sequence starting in the last three bytes of `v` needs bytes after it.
#[inline(always)]
pub(in crate::simd) unsafe fn incomplete<V: Vector>(v: V) -> V {
    let mut max = [0xFF; 64];
    max[V::LANES - 3] = 0xEF;
    max[V::LANES - 2] = 0xDF;
    max[V::LANES - 1] = 0xBF;
    // SAFETY: the caller's ISA contract; `max` has at least LANES bytes.
    unsafe { v.saturating_sub(V::load(max.as_ptr())) }
}

/// A character boundary at or before block start `at` that is also before any sequence that
/// may run into the block: the last character start among the three bytes before `at`, or `at`
/// when those three are the tail of a complete 4-byte sequence. Everything before `at` passed
/// the checks except such a sequence, so the prefix up to the result is valid.
#[inline(always)]
pub(in crate::simd) fn boundary(src: &[u8], at: usize) -> usize {
    (at.saturating_sub(3)..at)
        .rev()
        .find(|&b| !is_continuation(src[b]))
        .unwrap_or(at)
}

/// Whether `src` (at least 3 bytes) may end in a sequence it cuts off: a byte among its last
/// three from which a sequence of its length would go past the end. What a check against zeros
/// after the end finds, for input that has no such zeros after it (a whole number of vectors).
/// Conservative: it is true too where those bytes are an error before the end (`E0 41`, or
/// `F5`..`FF` last), which its callers leave to the paths that report errors.
#[inline(always)]
pub(in crate::simd) fn ends_cut(src: &[u8]) -> bool {
    let n = src.len();
    src[n - 1] >= 0xC0 || src[n - 2] >= 0xE0 || src[n - 3] >= 0xF0
}

/// True when `src` (16..64 bytes) is ASCII, from overlapping 16-byte loads: spares short ASCII
/// input the padded block.
#[inline(always)]
unsafe fn ascii_short<H: Half>(src: &[u8]) -> bool {
    let n = src.len();
    debug_assert!((16..64).contains(&n));
    // SAFETY: caller's ISA contract; each load starts at most at n - 16, so lies inside `src`.
    unsafe {
        let at = |i: usize| H::load(src.as_ptr().add(i.min(n - 16)));
        // Together the four cover [0, 48) and [n - 16, n): all of `src`.
        at(0).or(at(16)).or(at(32).or(at(n - 16))).no_high_bits()
    }
}

/// Whether the `n` vectors at `p` are all ASCII.
#[inline(always)]
pub(in crate::simd) unsafe fn ascii_at<V: Vector>(p: *const u8, n: usize) -> bool {
    // SAFETY: the caller's ISA contract; `n` vectors are readable at `p` (caller).
    unsafe {
        let mut all = V::load(p);
        for k in 1..n {
            all = all.or(V::load(p.add(k * V::LANES)));
        }
        all.no_high_bits()
    }
}

/// Blocks of text that is not ASCII checked between two tests for errors.
const GROUP: usize = 4;

/// Checks up to [`GROUP`] blocks from `i` (the first one whole, the others while they are):
/// the errors found, where the checked blocks end, and their last vector. `prev` is the vector
/// before `i` (zeros for none), read only when not `LOADED`; when `LOADED`, `i >= 3` and the
/// bytes before each vector are loaded instead ([`errors_at`]). The choice is made once per
/// group: a test at each block kept the `avx2` loop from gaining anything from the loads.
#[inline(always)]
unsafe fn group<V: Vector, const NO4: bool, const LOADED: bool>(
    src: &[u8],
    mut i: usize,
    prev: V,
) -> (V, usize, V) {
    let mut last = prev;
    // SAFETY: the caller's ISA contract; each block read lies inside `src` (the first one by the
    // caller, the others by the test before them), and with `LOADED` the three bytes before it
    // too (`i >= 3`).
    unsafe {
        let mut err = V::splat(0);
        for _ in 0..GROUP {
            let p = src.as_ptr().add(i);
            for k in 0..BLOCK / V::LANES {
                let q = p.add(k * V::LANES);
                if LOADED {
                    err = err.or(errors_at::<V, NO4>(q));
                } else {
                    let v = V::load(q);
                    err = err.or(errors_with::<V, NO4>(v, last));
                    last = v;
                }
            }
            i += BLOCK;
            if i + BLOCK > src.len() {
                break;
            }
        }
        if LOADED {
            last = V::load(src.as_ptr().add(i - V::LANES));
        }
        (err, i, last)
    }
}

/// [`group`] from `i` and what the block loop keeps of it: `Ok` with where the checked blocks
/// end, their last vector in `prev` and in `pending` whether it leaves a sequence open
/// ([`incomplete`]); `Err` with a boundary before the first error.
#[inline(always)]
unsafe fn checked_group<V: Vector, const NO4: bool, const LOADED: bool>(
    src: &[u8],
    i: usize,
    prev: &mut V,
    pending: &mut V,
) -> Result<usize, usize> {
    // SAFETY: the caller's ISA contract and `group`'s, forwarded.
    unsafe {
        let (err, next, last) = group::<V, NO4, LOADED>(src, i, *prev);
        if !err.is_zero() {
            return Err(boundary(src, i));
        }
        *pending = incomplete(last);
        *prev = last;
        Ok(next)
    }
}

/// For the vector at `q`, which has a readable byte before it, the check of text in which no
/// character needs more than two bytes: high bits where a byte's being a continuation byte
/// (`80`..`BF`) differs from the byte before it being a lead (`C0`..`FF`), and a vector that is
/// not zero where a byte is `C0`, `C1` or `E0`..`FF`, which such text never holds. Together
/// they find every error of such text in 8 operations, where [`classify`] takes 16.
#[inline(always)]
unsafe fn two_byte_at<V: Vector>(q: *const u8) -> (V, V) {
    // SAFETY: the caller's ISA contract; `q - 1 .. q + LANES` is readable (caller).
    unsafe {
        let (b, p) = (V::load(q), V::load(q.sub(1)));
        // Signed, the continuation bytes are the bytes below `C0`.
        let below_c0 = V::splat(0xC0);
        let cont = below_c0.gt(b);
        // `p`'s high bit flipped where it is a continuation byte: set where `p` is a lead.
        let mismatch = cont.xor(below_c0.gt(p)).xor(p);
        (mismatch, not_two_byte(b))
    }
}

/// Non-zero where a byte is `C0`, `C1` or `E0`..`FF`: flipping the top three bits takes them to
/// `20`, `21` and `00`..`1F`, the only values below `22` (the other leads go to `22`..`3F`,
/// continuation bytes to `40`..`7F`, ASCII to `80`..`FF`).
#[inline(always)]
unsafe fn not_two_byte<V: Vector>(b: V) -> V {
    // SAFETY: the caller's ISA contract.
    unsafe { V::splat(0x22).saturating_sub(b.xor(V::splat(0xE0))) }
}

/// [`group`] for text whose characters take at most two bytes (accented Latin, Greek, Cyrillic,
/// Hebrew, Arabic), with [`two_byte_at`]: whether the blocks passed, where they end and their
/// last vector. `i >= 3`. The three bytes before `i` must not start a longer sequence either
/// (one would run into the blocks unseen), so they are tested too. Blocks that do not pass may
/// still be valid (a character from U+0800): the caller checks them again with [`group`].
#[inline(always)]
unsafe fn two_byte_group<V: Vector>(src: &[u8], mut i: usize) -> (bool, usize, V) {
    // SAFETY: the caller's ISA contract; each block read lies inside `src` (the first one by the
    // caller, the others by the test before them), and so do the three bytes before it (`i >=
    // 3`).
    unsafe {
        let mut mismatch = V::splat(0);
        let mut other = not_two_byte(V::load(src.as_ptr().add(i - 3)));
        for _ in 0..GROUP {
            let p = src.as_ptr().add(i);
            for k in 0..BLOCK / V::LANES {
                let (m, o) = two_byte_at::<V>(p.add(k * V::LANES));
                mismatch = mismatch.or(m);
                other = other.or(o);
            }
            i += BLOCK;
            if i + BLOCK > src.len() {
                break;
            }
        }
        let passed = mismatch.and(V::splat(0x80)).or(other).is_zero();
        (passed, i, V::load(src.as_ptr().add(i - V::LANES)))
    }
}

/// `src.len()` when valid; otherwise a boundary before the first error (see `Kernels`).
#[inline(always)]
pub(in crate::simd) unsafe fn valid_up_to<V: Vector>(src: &[u8]) -> usize {
    // SAFETY: the caller's ISA contract, forwarded.
    unsafe { valid_up_to_with::<V, false>(src) }
}

/// [`valid_up_to`] for UTF-8 without 4-byte sequences: the part CESU-8 and modified UTF-8 share
/// with UTF-8.
#[inline(always)]
pub(in crate::simd) unsafe fn valid_bmp_up_to<V: Vector>(src: &[u8]) -> usize {
    // SAFETY: the caller's ISA contract, forwarded.
    unsafe { valid_up_to_with::<V, true>(src) }
}

/// [`valid_up_to`], with every 4-byte sequence an error when `NO4`: runs of ASCII blocks
/// ([`skip_ascii`]), of blocks of two-byte text ([`two_byte_group`]) and of other blocks
/// ([`text_run`]), then the end that is less than a block ([`tail_in_place`], or
/// [`tail_padded`] for short input).
#[inline(always)]
unsafe fn valid_up_to_with<V: Vector, const NO4: bool>(src: &[u8]) -> usize {
    let vecs = BLOCK / V::LANES;
    // SAFETY: caller's ISA contract.
    if src.len() < BLOCK && unsafe { ascii_short::<V::Half>(src) } {
        return src.len();
    }
    // SAFETY: caller's ISA contract; the loop reads and hands on only a whole block at `i` (`i +
    // BLOCK <= len`); after it less than a block is left from `i`, with `len >= BLOCK + 3` for
    // `tail_in_place` and less for `tail_padded`, as their contracts ask.
    unsafe {
        let mut prev_v = V::splat(0);
        let mut pending = prev_v;
        let mut i = 0;
        while i + BLOCK <= src.len() {
            if ascii_at::<V>(src.as_ptr().add(i), vecs) {
                if !pending.is_zero() {
                    return boundary(src, i);
                }
                i = skip_ascii::<V>(src, i);
                // What comes before `i` asks nothing of the bytes at `i`, as zeros do: the
                // bytes just before it are ASCII, and if `i` backed up to less than three bytes
                // into the ASCII block, no sequence before that block was cut off (`pending`).
                prev_v = V::splat(0);
            } else {
                if i < 3 {
                    // The first block of the input has no bytes before it to load.
                    match checked_group::<V, NO4, false>(src, i, &mut prev_v, &mut pending) {
                        Ok(next) => i = next,
                        Err(at) => return at,
                    }
                    continue;
                }
                // Text of ASCII and two-byte characters (accented Latin, Greek, Cyrillic, Hebrew,
                // Arabic) is checked with the cheaper two-byte test first. Not with AVX-512,
                // whose one-vector blocks were measured fast enough without it and which no
                // machine at hand could run with it.
                if V::LANES < 64 {
                    let (passed, next, last) = two_byte_group::<V>(src, i);
                    if passed {
                        i = next;
                        pending = incomplete(last);
                        prev_v = last;
                        continue;
                    }
                }
                match text_run::<V, NO4>(src, i, &mut prev_v, &mut pending) {
                    Ok(next) => i = next,
                    Err(at) => return at,
                }
            }
        }
        if i == src.len() {
            // No tail: only a sequence cut off by the end can still be wrong.
            return if pending.is_zero() {
                i
            } else {
                boundary(src, i)
            };
        }
        if src.len() >= BLOCK + 3 {
            return tail_in_place::<V, NO4>(src, i);
        }
        tail_padded::<V, NO4>(src, i, prev_v)
    }
}

/// Exact length of the ASCII prefix.
#[inline(always)]
pub(in crate::simd) unsafe fn ascii_len<V: Vector>(src: &[u8]) -> usize {
    let mut i = 0;
    // SAFETY: caller's ISA contract; loads stay inside `src`.
    unsafe {
        while i + 4 * V::LANES <= src.len() {
            let p = src.as_ptr().add(i);
            let (a, b) = (V::load(p), V::load(p.add(V::LANES)));
            let (c, d) = (V::load(p.add(2 * V::LANES)), V::load(p.add(3 * V::LANES)));
            if !a.or(b).or(c).or(d).no_high_bits() {
                break;
            }
            i += 4 * V::LANES;
        }
        while i + V::LANES <= src.len() {
            let m = V::load(src.as_ptr().add(i)).movemask();
            if m != 0 {
                return i + m.trailing_zeros() as usize;
            }
            i += V::LANES;
        }
    }
    i + crate::codec::ascii::ascii_len(&src[i..])
}

/// What one vector adds to the per-byte counters of [`count_where`], as 0, -1 or -2 per byte.
/// (A function, not a closure: closures do not inherit the target features.)
#[inline(always)]
unsafe fn weight<V: Vector>(four_byte_leads: bool, v: V) -> V {
    // SAFETY: caller's ISA contract.
    unsafe {
        let not_cont = V::splat(0xBF); // -65: bytes above it (signed) are not continuations
        let w = v.gt(not_cont);
        if four_byte_leads {
            let lead4 = V::splat(0xEF); // -17: bytes above it (signed) and negative are F0..FF
            w.add(v.gt(lead4).and(V::splat(0).gt(v)))
        } else {
            w
        }
    }
}

/// Counts the bytes that are not continuation bytes, plus (when `four_byte_leads`) the bytes
/// `F0`..`FF` once more: the UTF-16 length of valid UTF-8.
#[inline(always)]
unsafe fn count_where<V: Vector>(src: &[u8], four_byte_leads: bool) -> usize {
    let mut total = 0u64;
    let mut i = 0;
    let step = 4 * V::LANES;
    // SAFETY: caller's ISA contract; loads stay inside `src`.
    unsafe {
        let zero = V::splat(0);
        let per_vector: usize = if four_byte_leads { 2 } else { 1 };
        // With 256-bit vectors and wider, the loop's loads start at a multiple of the vector
        // width, the bytes before it counted from the first vector with its other lanes masked
        // off: a load that crosses a cache line costs two, and with `avx2` input at other
        // offsets was counted at 0.95 of the speed of input that was so aligned (the 85 KiB
        // ASCII lipsum file, 110 and 115 GB/s). The 128-bit sets (and NEON, WebAssembly) load
        // as they did: only a quarter of their loads cross a line.
        if V::LANES >= 32 && src.len() >= step + V::LANES {
            let head = (V::LANES - src.as_ptr() as usize % V::LANES) % V::LANES;
            let first = V::splat(head as u8).gt(V::load(LANE_NUMBERS.as_ptr()));
            let w = weight::<V>(four_byte_leads, V::load(src.as_ptr())).and(first);
            total += zero.sub(w).sum();
            i = head;
        }
        while i + step <= src.len() {
            // Per-byte counters, one per vector of a round so that each is a chain of one
            // subtraction a round (written as one counter, the compiler made it a chain of
            // four), flushed before they can overflow.
            let mut acc = [zero; 4];
            let mut rounds = 0;
            while rounds < 255 / per_vector && i + step <= src.len() {
                let p = src.as_ptr().add(i);
                for (k, a) in acc.iter_mut().enumerate() {
                    *a = a.sub(weight::<V>(four_byte_leads, V::load(p.add(k * V::LANES))));
                }
                rounds += 1;
                i += step;
            }
            total += acc[0].sum() + acc[1].sum() + acc[2].sum() + acc[3].sum();
        }
        let mut acc = zero;
        while i + V::LANES <= src.len() {
            acc = acc.sub(weight::<V>(four_byte_leads, V::load(src.as_ptr().add(i))));
            i += V::LANES;
        }
        total += acc.sum();
    }
    let rest = &src[i..];
    total as usize
        + if four_byte_leads {
            crate::simd::scalar::utf16_len(rest)
        } else {
            crate::simd::scalar::count(rest)
        }
}

#[inline(always)]
pub(in crate::simd) unsafe fn count<V: Vector>(src: &[u8]) -> usize {
    // SAFETY: forwarded.
    unsafe { count_where::<V>(src, false) }
}

#[inline(always)]
pub(in crate::simd) unsafe fn utf16_len<V: Vector>(src: &[u8]) -> usize {
    // SAFETY: forwarded.
    unsafe { count_where::<V>(src, true) }
}

/// Offset of the first byte `b` of `src` with `b - sub` (wrapping) at or above `x` (1..=255), or
/// `src.len()`: [`Kernels::find_key`](crate::simd::Kernels::find_key). Four vectors a step,
/// tested together, as the ASCII prefix is: a modified UTF-8 or CESU-8 conversion scans all its
/// input this way before the UTF-8 decoder reads it.
#[inline(always)]
pub(in crate::simd) unsafe fn find_key<V: Vector>(src: &[u8], sub: u8, x: u8) -> usize {
    let mut i = 0;
    // SAFETY: caller's ISA contract; loads stay inside `src`.
    unsafe {
        let (sub, below) = (V::splat(sub), V::splat(x - 1));
        let hits = |p: *const u8| V::load(p).sub(sub).saturating_sub(below);
        while i + 4 * V::LANES <= src.len() {
            let p = src.as_ptr().add(i);
            let (a, b) = (hits(p), hits(p.add(V::LANES)));
            let (c, d) = (hits(p.add(2 * V::LANES)), hits(p.add(3 * V::LANES)));
            if !a.or(b).or(c).or(d).is_zero() {
                break;
            }
            i += 4 * V::LANES;
        }
        while i + V::LANES <= src.len() {
            let m = hits(src.as_ptr().add(i)).nonzero_mask();
            if m != 0 {
                return i + m.trailing_zeros() as usize;
            }
            i += V::LANES;
        }
    }
    i + crate::simd::scalar::find_key(&src[i..], sub, x)
}

/// Offset of the first lead byte of a character above U+00FF (`C4`..), or `src.len()`.
#[inline(always)]
pub(in crate::simd) unsafe fn latin1_prefix<V: Vector>(src: &[u8]) -> usize {
    // SAFETY: forwarded.
    unsafe { find_key::<V>(src, 0, 0xC4) }
}
