//! Runs of ASCII blocks in the UTF-8 → UTF-16/UTF-32 block loop, and with a lossy policy the
//! stray byte in an ASCII block that such a run takes with its fill.

use core::arch::x86_64::*;

use super::wide::Wide;
use crate::simd::generic::decode_utf8;
use crate::simd::generic::replace::byte_fill;
use crate::types::outcome::Policy;

/// An ASCII block `v` but for the stray byte `bad` at `at`, under a lossy `policy`, into `out`
/// (room for 64 units): the block with the fill of that byte in its place, or under SKIP the
/// other 63 bytes (compressed together), the unit after them not written. Returns the units
/// written.
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 BW/VBMI2); room for 64 units at `out`; `at` below 64.
#[inline(always)]
unsafe fn stray_block<S: Wide>(
    out: *mut S::Unit,
    v: __m512i,
    at: usize,
    bad: u8,
    policy: Policy,
) -> usize {
    // SAFETY: AVX-512 VBMI2 per the caller's ISA contract; room as documented.
    unsafe {
        match byte_fill(policy, bad) {
            Some(cp) => {
                <S as Wide>::ascii64(out, v);
                <S as decode_utf8::Sink>::one(out.add(at), cp);
                64
            }
            None => {
                <S as Wide>::ascii63(out, _mm512_maskz_compress_epi8(!(1 << at), v));
                63
            }
        }
    }
}

/// [`decode_utf8::lone_error_byte`] of the block `v` loaded from `at` (64 readable bytes), or
/// 64 for none.
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 BW); 64 readable bytes at `at`.
#[inline(always)]
unsafe fn stray_byte(v: __m512i, at: *const u8) -> usize {
    // SAFETY: caller's ISA contract; forwarded.
    unsafe { decode_utf8::lone_error_byte(_mm512_movepi8_mask(v), at).unwrap_or(64) }
}

/// Whether the block `v` loaded from `at` starts a run of ASCII blocks ([`ascii_run`]): 64 for
/// an ASCII block, and with `LOSSY` where the stray byte of a block of ASCII but for it is
/// ([`stray_byte`]); `None` for any other block.
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 BW); 64 readable bytes at `at`.
#[inline(always)]
pub(super) unsafe fn ascii_start<const LOSSY: bool>(v: __m512i, at: *const u8) -> Option<usize> {
    // SAFETY: forwarded.
    unsafe {
        if _mm512_movepi8_mask(v) == 0 {
            return Some(64);
        }
        let bad_at = if LOSSY { stray_byte(v, at) } else { 64 };
        (bad_at < 64).then_some(bad_at)
    }
}

/// A run of ASCII blocks from the block `v` at `p`, in a loop of its own, into `out[w..out_len]`,
/// up to a block that is not ASCII (with `LOSSY`, not ASCII but for a stray byte, which gets the
/// fill of `policy` and is counted in `replaced`), the end of the input or a nearly full output:
/// returns the new `(p, w)`.
///
/// Each block is widened from the register it was tested in, or for the one loaded after the
/// step back below, known to be ASCII: loading its halves again leads the compiler to rebuild
/// them byte by byte.
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 BW/VBMI2); `v` holds `src[p..p + 64]` and `out[w..out_len]`
/// is writable, with room for 64 units; `bad_at` is 64, or with `LOSSY` where the stray byte of
/// `v` is ([`stray_byte`]).
#[inline(always)]
pub(super) unsafe fn ascii_run<S: Wide, const LOSSY: bool>(
    src: &[u8],
    out: *mut S::Unit,
    out_len: usize,
    (mut p, mut w): (usize, usize),
    (mut v, mut bad_at): (__m512i, usize),
    policy: Policy,
    replaced: &mut usize,
) -> (usize, usize) {
    // Plain ASCII blocks in a row from the run's start, 0 once it is on cache lines. (Not after
    // a block with a stray byte: going back would read it again, and under SKIP, which dropped
    // it, `p` and `w` no longer go together.)
    let mut plain = u32::from(bad_at == 64);
    // SAFETY: the caller's ISA contract; loads read 64 bytes at `p` with p + 64 <= len; a step
    // writes at most 64 units at `w` and runs only with 64 units of room (a block with a stray
    // byte, its 64 units and then one of them again, or under SKIP 63). The one step back moves
    // `p` and `w` back by the same `skew` (below 32) right after a plain ASCII block moved both
    // on by 64, so neither goes below that block's start; the block loaded there lies within that
    // block and the next (tested, with p + 64 <= len), the room checked at the old `w` covers the
    // new one, and the units it rewrites below the old `w` get the values they had.
    unsafe {
        loop {
            if LOSSY && bad_at < 64 {
                let bad = *src.as_ptr().add(p + bad_at);
                w += stray_block::<S>(out.add(w), v, bad_at, bad, policy);
                *replaced += 1;
                bad_at = 64;
                plain = 0;
            } else {
                <S as Wide>::ascii64(out.add(w), v);
                w += 64;
            }
            p += 64;
            if src.len() - p < 64 || out_len - w < 64 {
                return (p, w);
            }
            v = _mm512_loadu_si512(src.as_ptr().add(p).cast());
            if _mm512_movepi8_mask(v) != 0 {
                bad_at = if LOSSY {
                    stray_byte(v, src.as_ptr().add(p))
                } else {
                    64
                };
                if bad_at == 64 {
                    return (p, w);
                }
            } else if plain != 0 && {
                plain += 1;
                plain == 3
            } {
                // The third plain ASCII block in a row: a run, whose stores from here on start
                // on a cache line (a store that crosses one costs two; the output's place is the
                // caller's, or what the text before left it). The run goes back the units that
                // the output is past a line: the block there is ASCII (its bytes are the last
                // block's and this one's), and rewrites the last block's last units alike. (From
                // the second block on, French text, whose ASCII runs of two blocks end soon
                // after, ran 5 % slower.)
                let skew = (out.add(w) as usize) % 64 / core::mem::size_of::<S::Unit>();
                if skew != 0 {
                    p -= skew;
                    w -= skew;
                    v = _mm512_loadu_si512(src.as_ptr().add(p).cast());
                }
                plain = 0;
            }
        }
    }
}
