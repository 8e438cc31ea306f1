//! UTF-8 → UTF-16 / UTF-32 / Latin-1, written once against the vector interface and
//! instantiated per ISA by `kernel_set!`. Each 64-byte chunk is validated first (with the vector
//! type `V`), then converted. A chunk of characters of one to three bytes (below U+0100 for
//! Latin-1) goes a vector of input at a time ([`window`](window::window)): every byte that ends a
//! character gets its code point from the two bytes before it, all lanes at once, and a shuffle per
//! eight bytes keeps the lanes that end a character. Chunks of one- and two-byte characters are
//! validated by masks alone ([`two_byte_chunk`](check::two_byte_chunk)); runs of three-byte
//! characters ([`threes`](threes::threes)) and chunks of four-byte ones ([`fours`](fours::fours))
//! convert without windows, and once such a run has gone on past a chunk, its characters are
//! validated as they are decoded ([`threes_checked`](threes::threes_checked)). Other chunks go in
//! 16-byte steps driven by the table `UTF8_STEPS`. Nothing is written past the units produced.
//!
//! Where things live: this file has the entry points and the outer loop; [`sink`] the trait of
//! the output types, implemented in [`to_utf16`], [`to_utf32`] and [`to_latin1`]; [`check`] the
//! chunk checks; [`window`] the windows; [`ascii`], [`threes`] and [`fours`] the runs of one
//! width; [`steps`] the 16-byte steps and the one-character finish; [`short`] inputs and tails
//! shorter than a chunk; [`lossy`] what a lossy policy adds. A new ISA needs none of these files:
//! it implements the vector traits and instantiates the entry points.

mod ascii;
mod check;
mod fours;
mod lossy;
mod short;
mod sink;
mod steps;
mod threes;
mod to_latin1;
mod to_utf16;
mod to_utf32;
mod window;

pub(in crate::simd) use ascii::lone_error_byte;
pub(in crate::simd) use check::valid_prefix;
pub(in crate::simd) use short::convert_short;
pub(in crate::simd) use sink::Sink;
pub(in crate::simd) use threes::threes_error;
pub(in crate::simd) use to_latin1::ToLatin1;
pub(in crate::simd) use to_utf16::ToUtf16;
pub(in crate::simd) use to_utf32::ToUtf32;

use crate::simd::generic::replace::byte_fill;
use crate::simd::generic::tables::{
    FOUR, OTHER, SHUF_FOUR, SHUF_FOURS, SHUF_THREE, SHUF_TWO, THREE, TWO, UTF8_STEPS,
};
use crate::simd::generic::utf8::{BLOCK, low_lanes};
use crate::simd::generic::vector::{Lanes2, Vector};
use crate::types::outcome::Policy;
use ascii::{ascii_block, ascii_chunk, ascii_prefix, lone_bad_byte, non_ascii};
use check::{check_chunk, check_chunk_wide, masks_of, two_byte_chunk};
use fours::{FOURS, four_byte_code_points, fours};
use lossy::{chunk_strays, put_fill, put_strays, replace_error, to_error, two_byte_strays};
use short::{pad, short_vectors};
use steps::decode_one;
use threes::{THREES, threes_checked_run, threes_len, threes_run};
use window::chunk_wide;

/// Converts the longest prefix it can of `src` into `dst` (see `Kernels`).
#[inline(always)]
pub(in crate::simd) unsafe fn convert<V: Lanes2, S: Sink>(
    src: &[u8],
    dst: &mut [S::Unit],
) -> (usize, usize) {
    // SAFETY: forwarded.
    let (read, written, _) = unsafe { convert_replacing::<V, S, false>(src, dst, Policy::Strict) };
    (read, written)
}

/// [`convert`], and with `LOSSY` it goes on past the errors it meets in ASCII text, in runs of
/// two-byte text (errors of one byte there converted with their chunk, [`two_byte_strays`]), in
/// runs of three-byte characters ([`threes_stray`](threes::threes_stray),
/// [`threes_error`](threes::threes_error)) and in the chunk the outer loop converts up to an error
/// ([`chunk_strays`]), writing the fill of `policy` (a lossy one) for each ill-formed subpart (see
/// [`replace_error`]); the third value counts them as the engine does. Other errors (in runs of
/// chunks of mixed widths and of four-byte characters, where handling them in the run's loop made
/// Hindi and Korean text 3 % slower) stop it as they stop [`convert`], and the caller replaces
/// them.
#[inline(always)]
pub(in crate::simd) unsafe fn convert_replacing<V: Lanes2, S: Sink, const LOSSY: bool>(
    src: &[u8],
    dst: &mut [S::Unit],
    policy: Policy,
) -> (usize, usize, usize) {
    let (mut p, mut w, mut replaced) = (0, 0, 0);
    let out = dst.as_mut_ptr();
    // The input after `p`, zero-padded, when too little is left to load from `src` directly.
    let mut buf = [0u8; BLOCK + 32];
    // Runs of three-byte characters that the outer loop finds, and those the run of chunks
    // below goes on into (CJK text after a line break or punctuation: most of them). Only the
    // second replaces stray bytes in vectors: in the outer loop the same code made the compiler
    // keep fewer of the mixed-chunk loop's values in registers, and lossy decoding of emoji,
    // Hindi and Korean text took 2-3 % more instructions. (Names short enough for the calls to
    // fit a line each.)
    let threes_run_on = threes_checked_run::<V, S, LOSSY, false>;
    let threes_run_in = threes_checked_run::<V, S, LOSSY, true>;
    // SAFETY (whole body): caller's ISA contract. Loads: 64-byte chunks at p with p + 64 <= len or
    // from the local `tail`; [`chunk_wide`] reads 64 + LANES bytes at p when that many are left,
    // else from `buf`; 16-byte steps at p + q with p + q + 16 <= p + limit <= len. Stores: an ASCII
    // block writes 64 units at `w` with p + 64 <= `end` (input and room both; the aligning pair of
    // blocks, 64 + adv < 128 with p + 128 <= `end`, and what it counts covers all it writes; a
    // block with a lone bad byte, when lossy, writes as an ASCII block does and then one unit
    // inside it, or under SKIP the units before the byte, a blend that writes the block's others
    // back unchanged, and the loop's output then lags its input, so the input's bound holds for the
    // output too); after a run, a block at p with p + 64 <= `end` is loaded again, and when it is
    // not all ASCII (the run stopped there, so its mask is not 0 and n < 64), byte p + n is read
    // and the ASCII before a stray byte rewrites 64 units at `w` (read first), changing only the
    // first `n`; the run of chunks after a wide one stores an ASCII block only with 64 + LANES
    // bytes of input and 64 + 8 units of room left; each step writes at most 16 units at `w` and
    // only runs with 16 units of room; [`chunk_wide`] writes at most 64 + 8 units with 64 + 8 of
    // room ([`put_strays`] then overwrites some of the units it counted),
    // [`threes_checked`](threes::threes_checked) reads 64 bytes and writes 64 / 3 units with as
    // much input and room, and [`threes_error`](threes::threes_error) and
    // [`threes_stray`](threes::threes_stray) read and write within the same (see
    // [`threes_checked_run`]); the character-at-a-time finish writes at most 2 and checks for 2.
    unsafe {
        loop {
            // ASCII blocks in a loop of their own: as one path of the outer loop, its indices
            // were kept on the stack, and every block waited for the one before it to store
            // them and load them back. One bound for both sides keeps it to one compare.
            let end = p + (src.len() - p).min(dst.len() - w);
            // Stores that cross a cache line cost twice as much (on Zen 1, UTF-16 output two
            // bytes off a 16-byte boundary runs at 60%), and the output's alignment is whatever
            // came before left it (an error, a character of two bytes). A run of two blocks
            // stores its first block where it is and the rest from the next vector boundary
            // on, overwriting the first block's last units with the same values. Only a run
            // that starts with an ASCII block pays for the look at the second.
            if p + BLOCK <= end
                && let Some(first) = ascii_block::<V>(src.as_ptr().add(p))
            {
                let at = src.as_ptr().add(p);
                let skew = (out.add(w) as usize).wrapping_neg() % V::LANES;
                let adv = skew / core::mem::size_of::<S::Unit>();
                S::ascii64::<V>(out.add(w), at, &first[..BLOCK / V::LANES]);
                if adv != 0
                    && p + 2 * BLOCK <= end
                    && let Some(second) = ascii_block::<V>(at.add(adv))
                {
                    S::ascii64::<V>(out.add(w + adv), at.add(adv), &second[..BLOCK / V::LANES]);
                    p += adv;
                    w += adv;
                }
                p += BLOCK;
                w += BLOCK;
                // A pointer for each side and one bound, so that each block costs two
                // additions and one compare: with indices, every store's address was worked
                // out from two of them.
                let (mut at, mut to) = (src.as_ptr().add(p), out.add(w));
                // Bytes dropped under SKIP: the input moves on that much further than the output.
                let mut dropped = 0;
                if p + BLOCK <= end {
                    // Where the last block may start.
                    let last = src.as_ptr().add(end - BLOCK);
                    while at <= last {
                        let Some(loaded) = ascii_block::<V>(at) else {
                            // A stray byte replaced in the loop, which a lossy decoding of
                            // ASCII text would otherwise leave and enter again for each.
                            if LOSSY && let Some((loaded, n)) = lone_bad_byte::<V>(at) {
                                let loaded = &loaded[..BLOCK / V::LANES];
                                replaced += 1;
                                if let Some(cp) = byte_fill(policy, *at.add(n)) {
                                    S::ascii64::<V>(to, at, loaded);
                                    S::one(to.add(n), cp);
                                    at = at.add(BLOCK);
                                    to = to.add(BLOCK);
                                } else {
                                    // SKIP: the units before the byte, and the next block
                                    // starts after it.
                                    ascii_prefix::<V, S>(to, loaded, n);
                                    at = at.add(n + 1);
                                    to = to.add(n);
                                    dropped += 1;
                                }
                                continue;
                            }
                            break;
                        };
                        S::ascii64::<V>(to, at, &loaded[..BLOCK / V::LANES]);
                        at = at.add(BLOCK);
                        to = to.add(BLOCK);
                    }
                }
                let k = at.offset_from_unsigned(src.as_ptr().add(p));
                p += k;
                w += k - dropped;
                // The run stopped at a block that is not all ASCII (with 64 bytes of input and
                // of room left). If it goes on with a byte that no character starts with (C0,
                // C1, F5..FF or a continuation byte), the error is there, whatever follows:
                // stray bytes in ASCII text stop here, without the block's validation and
                // decoding.
                if p + BLOCK <= end {
                    let at = src.as_ptr().add(p);
                    let (loaded, mask) = non_ascii::<V>(at);
                    debug_assert_ne!(mask, 0, "the ASCII loop stops at a block that is not");
                    let n = mask.trailing_zeros() as usize;
                    if !(0xC2..=0xF4).contains(&*at.add(n)) {
                        ascii_prefix::<V, S>(out.add(w), &loaded[..BLOCK / V::LANES], n);
                        p += n;
                        w += n;
                        if LOSSY {
                            w += put_fill::<S>(out.add(w), at.add(n), 1, policy);
                            p += 1;
                            replaced += 1;
                            continue;
                        }
                        break;
                    }
                }
            }
            let avail = src.len() - p;
            if avail < 16 || dst.len() - w < 16 {
                break;
            }
            let at = src.as_ptr().add(p);
            // Characters of one to three bytes (below U+0100 for Latin-1) a vector at a time,
            // when the input goes on after the chunk: all of the chunk's, or those before an
            // error (then the kernel stops there: the error is at most a character on).
            let mut checked = None;
            let mut start = 0;
            let mut run = false;
            if avail > BLOCK && dst.len() - w >= BLOCK + 8 {
                let base = if avail >= BLOCK + V::LANES {
                    at
                } else {
                    pad(&mut buf, &src[p..]);
                    buf.as_ptr()
                };
                let (leads, limit, wide) = check_chunk_wide::<V>(base, S::MAX);
                // A chunk that starts with three-byte characters (CJK text): as many as a
                // vector pair holds go at once (twice with 16-byte vectors), the rest in 16-byte
                // steps below.
                let n = threes_len::<V>();
                let pattern = low_lanes(n as u32 + 1);
                if S::MAX >= 0xFFFF
                    && base == at
                    && limit >= n
                    && leads & pattern == THREES & pattern
                {
                    let (q, k) = threes_run::<V, S>(at, leads, limit, out.add(w));
                    w += k;
                    if q < BLOCK - 4 {
                        start = q;
                        checked = Some((leads, limit));
                    } else {
                        p += q;
                        (p, w) = threes_run_on(src, dst.len(), out, (p, w), policy, &mut replaced);
                        continue;
                    }
                } else if wide && limit > 0 {
                    // Without the starts past the error, the chunk ends at the last one kept;
                    // bytes no character contains in text of characters up to three bytes are
                    // converted with it and their units overwritten after (where runs of mixed
                    // widths stop at an error: handled in their loop, it slowed that loop).
                    let mut keep = leads & low_lanes(limit as u32 + 1);
                    let mut strays = 0;
                    if LOSSY
                        && S::MAX >= 0x7FF
                        && limit < BLOCK
                        && base == at
                        && policy != Policy::Skip
                        && let Some(found) = chunk_strays::<V>(at, S::MAX)
                    {
                        (keep, strays) = found;
                    }
                    let (q, n) = chunk_wide::<V, S, false>(base, keep, out.add(w));
                    if LOSSY && strays != 0 {
                        let strays = strays & low_lanes(q as u32);
                        replaced += put_strays::<S>(at, keep, strays, out.add(w), policy);
                    }
                    p += q;
                    w += n;
                    if limit < BLOCK && strays == 0 {
                        let after = if LOSSY {
                            replace_error::<S>(src, (p, w), out, policy, &mut replaced)
                        } else {
                            None
                        };
                        let Some(after) = after else {
                            break;
                        };
                        (p, w) = after;
                    }
                    run = true;
                } else if S::MAX >= 0x10000 && base == at && leads == FOURS && limit == BLOCK {
                    w += fours::<V, S>(at, out.add(w));
                    p += BLOCK;
                    run = true;
                } else if base == at {
                    checked = Some((leads, limit));
                }
                if run {
                    // Such text goes on for chunk after chunk (Cyrillic, Greek, Hebrew, Arabic
                    // words between ASCII spaces; Hindi, Korean; CJK): the chunks that follow
                    // are taken here, without the look for ASCII blocks above (about a tenth of
                    // the instructions of a chunk), until one that is something else, which
                    // the loop above looks at again: none of its bytes a continuation byte
                    // (most likely ASCII), an error, a character past `S::MAX`. A chunk that
                    // starts with three-byte characters converts as many as `threes` take, and
                    // the next chunk starts after them: checking its bytes again costs less
                    // than windows over them.
                    //
                    // When the chunk before looks like text of one- and two-byte characters (no
                    // two continuation bytes in a row), a loop of its own takes the chunks that
                    // [`two_byte_chunk`] vouches for, and the first one it does not goes on to
                    // the loop of all the others, to the end of the run. Only then: a look that
                    // fails costs a third of a chunk's validation, and going back from the
                    // loop of the others to this one, or a test there for four-byte chunks
                    // before the one for `wide`, made them slower (3-byte text by 5 % on
                    // AVX2): the registers of the two loops crowd each other.
                    let room = |p: usize, w: usize| {
                        src.len() - p >= BLOCK + V::LANES && dst.len() - w >= BLOCK + 8
                    };
                    let top = if S::MAX < 0x800 { 0xC3 } else { 0xDF };
                    let two = !leads & !(leads << 1) == 0;
                    'run: {
                        while two && room(p, w) {
                            let at = src.as_ptr().add(p);
                            let Some(leads) = two_byte_chunk::<V>(at, top) else {
                                if LOSSY {
                                    // Stray bytes in two-byte text (one-byte errors): converted
                                    // with the chunk, their units overwritten after.
                                    if S::MAX >= 0x7FF
                                        && policy != Policy::Skip
                                        && let Some((starts, errors)) = two_byte_strays::<V>(at)
                                    {
                                        let (q, n) =
                                            chunk_wide::<V, S, true>(at, starts, out.add(w));
                                        let errors = errors & low_lanes(q as u32);
                                        replaced +=
                                            put_strays::<S>(at, starts, errors, out.add(w), policy);
                                        p += q;
                                        w += n;
                                        continue;
                                    }
                                    // An error in two-byte text: the characters before it and
                                    // the error, and this loop goes on after it.
                                    let (leads, limit, wide) = check_chunk_wide::<V>(at, S::MAX);
                                    if limit < BLOCK && wide {
                                        let (after, done) = to_error::<V, S>(
                                            src,
                                            (p, w),
                                            out,
                                            (leads, limit),
                                            policy,
                                            &mut replaced,
                                        );
                                        (p, w) = after;
                                        if !done {
                                            break 'run;
                                        }
                                        continue;
                                    }
                                }
                                break;
                            };
                            if leads == u64::MAX {
                                let n = ascii_chunk::<V, S>(at, out.add(w));
                                p += n;
                                w += n;
                                break 'run;
                            }
                            let (q, n) = chunk_wide::<V, S, true>(at, leads, out.add(w));
                            p += q;
                            w += n;
                        }
                        while room(p, w) {
                            let at = src.as_ptr().add(p);
                            let (leads, limit, wide) = check_chunk_wide::<V>(at, S::MAX);
                            if limit < BLOCK {
                                break 'run;
                            }
                            if leads == u64::MAX {
                                let n = ascii_chunk::<V, S>(at, out.add(w));
                                p += n;
                                w += n;
                                break 'run;
                            }
                            if S::MAX >= 0xFFFF && leads & pattern == THREES & pattern {
                                let (q, k) = threes_run::<V, S>(at, leads, limit, out.add(w));
                                p += q;
                                w += k;
                                let at = (p, w);
                                (p, w) =
                                    threes_run_in(src, dst.len(), out, at, policy, &mut replaced);
                                continue;
                            }
                            if !wide {
                                // Emoji text, whose chunks are all four-byte characters, goes
                                // on here; anything else with them is the loop above's.
                                if S::MAX >= 0x10000 && leads == FOURS {
                                    w += fours::<V, S>(at, out.add(w));
                                    p += BLOCK;
                                    continue;
                                }
                                break 'run;
                            }
                            let (q, n) = chunk_wide::<V, S, false>(at, leads, out.add(w));
                            p += q;
                            w += n;
                        }
                    }
                    continue;
                }
            }
            let (leads, limit) = if let Some(checked) = checked {
                checked
            } else if avail >= BLOCK {
                check_chunk::<V>(at)
            } else {
                // Zero padding makes a sequence cut off by the end of the input an error.
                let vs = short_vectors::<V>(&src[p..]);
                let (leads, bad, _) = masks_of::<V, false>(|k| vs[k], 0);
                (leads, valid_prefix(leads, bad).min(avail))
            };
            let mut q = start;
            while q + 16 <= limit && dst.len() - w >= 16 {
                let v = <V::Half>::load(at.add(q));
                if v.no_high_bits() {
                    S::ascii(out.add(w), v);
                    q += 16;
                    w += 16;
                    continue;
                }
                // Four characters of four bytes (emoji): the sixteen bytes at once, where the
                // steps of the table take twelve.
                if S::MAX >= 0x10000 && (leads >> q) & 0xFFFF == 0x1111 {
                    let shuf = <V::Half>::load(SHUF_FOURS.as_ptr());
                    let cp = four_byte_code_points(shuf.lookup16(v));
                    w += S::four_astral(out.add(w), cp);
                    q += 16;
                    continue;
                }
                let step = UTF8_STEPS[((leads >> (q + 1)) & 0xFFF) as usize];
                match step.kind {
                    TWO => {
                        // UTF8_STEPS holds indices below 64 for TWO, below 81 for THREE.
                        let shuf = SHUF_TWO.get_unchecked(step.shuffle as usize);
                        let shuf = <V::Half>::load(shuf.as_ptr());
                        let perm = shuf.lookup16(v);
                        let ascii = perm.and(<V::Half>::splat16(0x7F));
                        let high = perm.and(<V::Half>::splat16(0x1F00));
                        let cp = ascii.or(high.shr16::<2>());
                        if S::MAX < 0x7FF && !cp.and_is_zero(<V::Half>::splat16(!(S::MAX as u16))) {
                            break;
                        }
                        S::six(out.add(w), cp);
                        w += 6;
                        q += step.consumed as usize;
                    }
                    THREE => {
                        let shuf = SHUF_THREE.get_unchecked(step.shuffle as usize);
                        let shuf = <V::Half>::load(shuf.as_ptr());
                        let perm = shuf.lookup16(v);
                        let ascii = perm.and(<V::Half>::splat32(0x7F));
                        let middle = perm.and(<V::Half>::splat32(0x3F00));
                        let high = perm.and(<V::Half>::splat32(0x0F_0000));
                        let cp = ascii.or(middle.shr32::<2>()).or(high.shr32::<4>());
                        if S::MAX < 0xFFFF && !cp.and_is_zero(<V::Half>::splat32(!S::MAX)) {
                            break;
                        }
                        S::four(out.add(w), cp);
                        w += 4;
                        q += step.consumed as usize;
                    }
                    FOUR => {
                        if S::MAX < 0x10000 {
                            break;
                        }
                        let shuf = <V::Half>::load(SHUF_FOUR.as_ptr());
                        let cp = four_byte_code_points(shuf.lookup16(v));
                        w += S::three_astral(out.add(w), cp);
                        q += 12;
                    }
                    _ => {
                        debug_assert_eq!(step.kind, OTHER);
                        let (cp, len) = decode_one(at.add(q));
                        if cp > S::MAX {
                            break;
                        }
                        w += S::one(out.add(w), cp);
                        q += len;
                    }
                }
            }
            if avail < BLOCK || q == 0 || limit < BLOCK {
                // The end of the input, or an error ahead: finish the checked stretch one
                // character at a time rather than check the chunk again for a few bytes.
                while q < limit && dst.len() - w >= 2 {
                    let lead = *at.add(q);
                    let len = 1 + usize::from(lead >= 0xC0) + usize::from(lead >= 0xE0);
                    if q + len + usize::from(lead >= 0xF0) > limit {
                        break;
                    }
                    let (cp, len) = decode_one(at.add(q));
                    if cp > S::MAX {
                        break;
                    }
                    w += S::one(out.add(w), cp);
                    q += len;
                }
                p += q;
                // When lossy, an error the chunk ends at (in CJK text, where a run of
                // three-byte characters stops at it) is replaced here and the loop goes on.
                if LOSSY
                    && q == limit
                    && limit < BLOCK
                    && dst.len() - w >= 8
                    && let Some(after) = replace_error::<S>(src, (p, w), out, policy, &mut replaced)
                {
                    (p, w) = after;
                    continue;
                }
                break;
            }
            p += q;
        }
    }
    (p, w, replaced)
}
