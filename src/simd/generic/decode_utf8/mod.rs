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
//! Where things live: this file has the entry points and the outer loop with its 16-byte steps; the
//! other steps are [`ascii_run`] (runs of ASCII blocks), [`chunk`] (a chunk that is not ASCII) and
//! [`run`] (the run of chunks after it). What they use: [`sink`], the trait of the output types,
//! implemented in [`to_utf16`], [`to_utf32`] and [`to_latin1`]; [`check`] the chunk checks;
//! [`window`] the windows; [`ascii`], [`threes`] and [`fours`] blocks and runs of one width;
//! [`steps`] single characters and the masks of a tail; [`short`] inputs and tails shorter than a
//! chunk; [`lossy`] what a lossy policy adds. A new ISA needs none of these files: it implements
//! the vector traits (`vector`) and instantiates the entry points in its kernel set
//! (`kernel_set!`), as `x86` and `aarch64` do.

mod ascii;
mod ascii_run;
mod check;
mod chunk;
mod fours;
mod lossy;
mod run;
mod short;
mod sink;
mod steps;
mod threes;
mod to_latin1;
mod to_utf16;
mod to_utf32;
mod window;

pub(in crate::simd) use short::convert_short;
pub(in crate::simd) use sink::Sink;
pub(in crate::simd) use to_latin1::ToLatin1;
pub(in crate::simd) use to_utf16::ToUtf16;
pub(in crate::simd) use to_utf32::ToUtf32;
// What the AVX-512 kernels (`x86::compress`) use of the steps.
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_imports))]
pub(in crate::simd) use {ascii::lone_error_byte, check::valid_prefix, threes::threes_error};

use crate::simd::generic::utf8::BLOCK;
use crate::simd::generic::utf8::low_lanes;
use crate::simd::generic::vector::Lanes2;
use crate::types::outcome::Policy;
use ascii::ascii_block;
use ascii_run::{ascii_blocks, ascii_first, ascii_stop};
use check::check_chunk_wide;
use chunk::{chunk_base, wide_chunk};
use fours::{FOURS, fours};
use lossy::replace_error;
use run::run_of_chunks;
use steps::{chunk_masks, one_at_a_time, steps16};
use threes::{THREES, threes_checked_run, threes_len, threes_run};

/// Converts the longest prefix it can of `src` into `dst` (see `Kernels`).
///
/// # Safety
///
/// The caller's ISA contract: the CPU has the features `V` needs.
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
/// two-byte text (errors of one byte there converted with their chunk,
/// [`two_byte_strays`](lossy::two_byte_strays)), in runs of three-byte characters
/// ([`threes_stray`](threes::threes_stray), [`threes_error`]) and in the chunk the outer loop
/// converts up to an error ([`chunk_strays`](lossy::chunk_strays)), writing the fill of `policy`
/// (a lossy one) for each ill-formed subpart (see [`replace_error`](lossy::replace_error)); the
/// third value counts them as the engine does. Other errors (in runs of chunks of mixed widths
/// and of four-byte characters, where handling them in the run's loop made Hindi and Korean text
/// 3 % slower) stop it as they stop [`convert`], and the caller replaces them.
///
/// The outer loop dispatches to the steps, each a function of its own: a run of ASCII blocks
/// ([`ascii_run`]), then a chunk that is not ASCII ([`chunk`]) and the run of chunks after it
/// ([`run`]); what they leave goes in the 16-byte steps ([`steps16`], inlined as a whole loop:
/// as a function returning what each step took, they cost lossy decoding up to 5.5 % more
/// instructions, emoji, Hindi and Korean text, through the registers of the loops around them)
/// and, at the end of the input, one character at a time ([`one_at_a_time`]). Each step takes and
/// returns `(p, w)`, the bytes read and the units written, and adds what it replaces to
/// `replaced`: locals of this loop, which the compiler keeps in registers across the inlined
/// steps. (A first version, with them in a struct the steps took by reference and steps that
/// returned what the loop was to do next, cost strict decoding of CJK text 5 %: the output
/// pointer went to the stack.)
///
/// # Safety
///
/// The caller's ISA contract: the CPU has the features `V` needs.
#[inline(always)]
pub(in crate::simd) unsafe fn convert_replacing<V: Lanes2, S: Sink, const LOSSY: bool>(
    src: &[u8],
    dst: &mut [S::Unit],
    policy: Policy,
) -> (usize, usize, usize) {
    let (mut p, mut w, mut replaced) = (0, 0, 0);
    let out = dst.as_mut_ptr();
    let room = (out, dst.len());
    // The input after `p`, zero-padded, when too little is left to load from `src` directly.
    let mut buf = [0u8; BLOCK + 32];
    // Runs of three-byte characters that the chunk step finds; the run of chunks has its own.
    // Only that one replaces stray bytes in vectors: here the same code made the compiler keep
    // fewer of the mixed-chunk loop's values in registers, and lossy decoding of emoji, Hindi
    // and Korean text took 2-3 % more instructions.
    let threes_run_on = threes_checked_run::<V, S, LOSSY, false>;
    loop {
        // One bound for both sides keeps each ASCII block to one compare.
        let end = p + (src.len() - p).min(dst.len() - w);
        if p + BLOCK <= end
            // SAFETY: `p + BLOCK <= end <= src.len()`: the block is readable.
            && let Some(first) = unsafe { ascii_block::<V>(src.as_ptr().add(p)) }
        {
            // SAFETY (the three steps): `p + BLOCK <= end`, where `end - p` bytes of input and
            // units of room are left, and each step keeps `end` a bound of both.
            unsafe {
                (p, w) = ascii_first::<V, S>(src, out, (p, w), &first, end);
                (p, w) = ascii_blocks::<V, S, LOSSY>(src, out, (p, w), end, policy, &mut replaced);
                let stop = ascii_stop::<V, S, LOSSY>(src, out, (p, w), end, policy, &mut replaced);
                if let Some(after) = stop {
                    (p, w) = after;
                    if LOSSY {
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
        // SAFETY: `p < src.len()`.
        let at = unsafe { src.as_ptr().add(p) };
        let mut checked = None;
        let mut start = 0;
        if avail > BLOCK && dst.len() - w >= BLOCK + 8 {
            let base = chunk_base::<V>(src, p, at, &mut buf);
            // SAFETY: `base` has `BLOCK + LANES` readable bytes.
            let (leads, limit, wide) = unsafe { check_chunk_wide::<V>(base, S::MAX) };
            // A chunk that starts with three-byte characters (CJK text): as many as a vector
            // pair holds go at once (twice with 16-byte vectors), the rest in 16-byte steps.
            let n = threes_len::<V>();
            let pattern = low_lanes(n as u32 + 1);
            let mut run = false;
            // SAFETY (each branch): the input and room checked above, `BLOCK + LANES` bytes at
            // `at` where it is `base`, each step's contract.
            unsafe {
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
                    let masks = (leads, limit);
                    let go_on;
                    ((p, w), go_on) = wide_chunk::<V, S, LOSSY>(
                        src,
                        out,
                        (p, w),
                        base,
                        masks,
                        policy,
                        &mut replaced,
                    );
                    if !go_on {
                        break;
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
                    (p, w) = run_of_chunks::<V, S, LOSSY>(
                        src,
                        room,
                        (p, w),
                        leads,
                        policy,
                        &mut replaced,
                    );
                    continue;
                }
            }
        }
        let (leads, limit) = match checked {
            Some(checked) => checked,
            // SAFETY: at least 16 bytes left at `p`.
            None => unsafe { chunk_masks::<V>(src, p, at) },
        };
        // SAFETY: `limit` bytes from `at` are valid UTF-8 of the input, and `dst` has `dst.len()`
        // units at `out`.
        let mut q;
        (q, w) = unsafe { steps16::<V, S>(at, (leads, limit), (out, dst.len()), (start, w)) };
        if avail < BLOCK || q == 0 || limit < BLOCK {
            // The end of the input, or an error ahead: finish the checked stretch one character
            // at a time rather than check the chunk again for a few bytes.
            // SAFETY: as for the steps.
            (q, w) = unsafe { one_at_a_time::<S>(at, limit, (out, dst.len()), (q, w)) };
            p += q;
            // When lossy, an error the chunk ends at (in CJK text, where a run of three-byte
            // characters stops at it) is replaced here and the loop goes on.
            // SAFETY (the replacement below): 8 units of room, all it takes.
            if LOSSY
                && q == limit
                && limit < BLOCK
                && dst.len() - w >= 8
                && let Some(after) =
                    unsafe { replace_error::<S>(src, (p, w), out, policy, &mut replaced) }
            {
                (p, w) = after;
                continue;
            }
            break;
        }
        p += q;
    }
    (p, w, replaced)
}
