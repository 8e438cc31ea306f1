//! The UTF-8 → UTF-16/UTF-32 entry points and their block loop, which only dispatches each
//! 64-byte block to the step that takes it.

use core::arch::x86_64::*;

use super::ascii_run::{ascii_run, ascii_start};
use super::block::{AHEAD, Next, prefetch};
use super::dense::dense_step;
use super::detour::{DECODE_DETOUR, decode256, detour};
use super::general::general_step;
use super::last::decode_last;
use super::two_byte::two_byte_step;
use super::wide::Wide;
use crate::types::outcome::Policy;

/// UTF-8 → UTF-16 or UTF-32, 64 bytes per step; the last step (or the only one, for an input
/// shorter than 64 bytes) reads what is left with a masked load.
///
/// # Safety
///
/// The caller's ISA contract (the `avx512` set's features).
#[inline(always)]
pub(in crate::simd::x86) unsafe fn utf8_to_wide<S: Wide>(
    src: &[u8],
    dst: &mut [S::Unit],
) -> (usize, usize) {
    // SAFETY: forwarded.
    let (read, written, _) =
        unsafe { utf8_to_wide_replacing::<S, false>(src, dst, Policy::Strict) };
    (read, written)
}

/// [`utf8_to_wide`], and with `LOSSY` its ASCII loop takes a block whose one byte that is not
/// ASCII is an error by itself (a byte no character starts with, after ASCII or another such
/// byte: a stray byte in ASCII text) as an ASCII block with the fill of `policy` for that byte
/// ([`stray_block`](super::ascii_run::stray_block)), counted in the third value. Other errors
/// stop it as they stop [`utf8_to_wide`].
///
/// The block loop only dispatches: a block of ASCII starts a run of them ([`ascii_run`]), one of
/// one- and two-byte characters a run of those ([`two_byte_step`]), one without ASCII a run of
/// three- or four-byte characters ([`dense_step`]), and any other the general block
/// ([`general_step`]); what none of them takes, the end of the input included, goes to the last
/// step ([`decode_last`]) or the 256-bit decoder ([`detour`]).
///
/// # Safety
///
/// The caller's ISA contract (the `avx512` set's features); with `LOSSY`, `policy` is lossy.
#[inline(always)]
pub(in crate::simd::x86) unsafe fn utf8_to_wide_replacing<S: Wide, const LOSSY: bool>(
    src: &[u8],
    dst: &mut [S::Unit],
    policy: Policy,
) -> (usize, usize, usize) {
    debug_assert!(!LOSSY || policy != Policy::Strict, "a lossy policy");
    let mut replaced = 0;
    let (mut p, mut w) = (0, 0);
    let (out, out_len) = (dst.as_mut_ptr(), dst.len());
    // SAFETY: the caller's ISA contract; the load reads 64 bytes at `p` with p + 64 <= len, and
    // each step gets a block at a character boundary `p` with 64 readable bytes and 64 units of
    // room at `w` (the bounds of its `# Safety`); `p` and `w` stay within `src` and `dst`
    // (every step returns them so), so the last step and the detour get in-bounds slices.
    unsafe {
        loop {
            if src.len() - p >= 64 && out_len - w >= 64 {
                let v = _mm512_loadu_si512(src.as_ptr().add(p).cast());
                prefetch(src.as_ptr().wrapping_add(p + AHEAD));
                let r = &mut replaced;
                if let Some(bad_at) = ascii_start::<LOSSY>(v, src.as_ptr().add(p)) {
                    let block = (v, bad_at);
                    (p, w) = ascii_run::<S, LOSSY>(src, out, out_len, (p, w), block, policy, r);
                    continue;
                }
                if let Some(at) = two_byte_step::<S, LOSSY>(src, out, out_len, (p, w), v, policy, r)
                {
                    (p, w) = at;
                    continue;
                }
                let mut next = Next::Pass;
                if _mm512_movepi8_mask(v) == u64::MAX {
                    next = dense_step::<S, LOSSY>(src, out, out_len, (p, w), policy, r);
                }
                if let Next::Pass = next {
                    next = general_step::<S, LOSSY>(src, out, out_len, (p, w), v, policy, r);
                }
                match next {
                    Next::At(q, x) => {
                        (p, w) = (q, x);
                        continue;
                    }
                    Next::Stop(q, x) => return (q, x, replaced),
                    Next::Pass => {}
                }
            } else if let Some((r, n)) = decode_last::<S>(&src[p..], &mut dst[w..]) {
                return (p + r, w + n, replaced);
            }
            let go_on;
            (p, w, go_on) = detour(src, out, out_len, (p, w), DECODE_DETOUR, decode256::<S>());
            if !go_on {
                return (p, w, replaced);
            }
        }
    }
}
