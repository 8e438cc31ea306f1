//! The portable kernel set: word-at-a-time ASCII skipping, scalar everything else. Also the
//! fallback the vector kernels use for short inputs and block tails.

use super::{KernelSet, Ordered};
use crate::codec::ascii::ascii_len;
use crate::codec::decode::is_continuation;

pub(crate) static KERNELS: KernelSet = KernelSet {
    name: "scalar",
    utf8_valid_up_to,
    ascii_len,
    count,
    utf16_len,
    utf8_to_utf16: Ordered {
        native: utf8_to_utf16::<false>,
        swapped: utf8_to_utf16::<true>,
    },
    utf8_to_utf32,
    // The engine replaces errors itself here: the reference the other sets' lossy kernels are
    // tested against.
    utf8_to_utf16_lossy: None,
    utf8_to_utf32_lossy: None,
    utf16_to_utf8: Ordered {
        native: utf16_to_utf8::<false>,
        swapped: utf16_to_utf8::<true>,
    },
    utf16_measure: Ordered {
        native: utf16_measure::<false>,
        swapped: utf16_measure::<true>,
    },
    utf8_valid_bmp_up_to,
    utf16_to_bmp_utf8: [
        Ordered {
            native: utf16_to_bmp_utf8::<false, false>,
            swapped: utf16_to_bmp_utf8::<true, false>,
        },
        Ordered {
            native: utf16_to_bmp_utf8::<false, true>,
            swapped: utf16_to_bmp_utf8::<true, true>,
        },
    ],
    utf16_bmp_measure: [
        Ordered {
            native: utf16_bmp_measure::<false, false>,
            swapped: utf16_bmp_measure::<true, false>,
        },
        Ordered {
            native: utf16_bmp_measure::<false, true>,
            swapped: utf16_bmp_measure::<true, true>,
        },
    ],
    utf32_to_utf8,
    utf32_measure,
    latin1_to_utf8,
    latin1_measure,
    utf8_to_latin1,
    latin1_prefix,
    find_key,
    utf16_utf32: super::utf16_utf32::PORTABLE,
    short_utf8: false,
    short_valid: false,
};

/// Offset of the first ill-formed (or truncated) sequence, or `src.len()`. The standard
/// library's validator implements the same RFC 3629 rules and reports exactly this offset.
pub(crate) fn utf8_valid_up_to(src: &[u8]) -> usize {
    match core::str::from_utf8(src) {
        Ok(_) => src.len(),
        Err(e) => e.valid_up_to(),
    }
}

pub(crate) fn count(src: &[u8]) -> usize {
    src.iter().filter(|&&b| !is_continuation(b)).count()
}

/// UTF-16 units for valid UTF-8: one per character plus one more per 4-byte lead.
pub(crate) fn utf16_len(src: &[u8]) -> usize {
    src.iter()
        .map(|&b| usize::from(!is_continuation(b)) + usize::from(b >= 0xF0))
        .sum()
}

/// Copies the ASCII prefix, widening each byte with `widen`.
#[inline(always)]
fn ascii_copy<T>(src: &[u8], dst: &mut [T], widen: impl Fn(u8) -> T) -> (usize, usize) {
    let n = ascii_len(&src[..src.len().min(dst.len())]);
    for (d, &s) in dst.iter_mut().zip(&src[..n]) {
        *d = widen(s);
    }
    (n, n)
}

/// UTF-8 → UTF-16 or UTF-32: ASCII runs a word at a time, other characters one at a time
/// (`put` writes one code point and returns its units, or 0 when it does not fit), up to the
/// first error or the end of the room. Stepping here rather than in the engine keeps a short
/// input of a few non-ASCII characters one call.
#[inline(always)]
fn decode<T>(
    src: &[u8],
    dst: &mut [T],
    widen: impl Fn(u8) -> T + Copy,
    put: impl Fn(u32, &mut [T]) -> usize,
) -> (usize, usize) {
    if src.len() < 16 {
        // Short: one pass, a byte or a character per step.
        let (mut r, mut w) = (0, 0);
        while let (Some(&b), Some(out)) = (src.get(r), dst.get_mut(w)) {
            if b < 0x80 {
                *out = widen(b);
                r += 1;
                w += 1;
                continue;
            }
            let Some((len, n)) = put_char(&src[r..], &mut dst[w..], &put) else {
                break;
            };
            r += len;
            w += n;
        }
        return (r, w);
    }
    let (r, w) = ascii_copy(src, dst, widen);
    if r == src.len() || w == dst.len() {
        // All ASCII, or no room: no loop to set up.
        return (r, w);
    }
    decode_rest(src, dst, widen, put, (r, w))
}

/// The well-formed character of two to four bytes at the start of `s` and its length, or
/// `None` for anything else (the engine then classifies the error). Inline and without the
/// error kinds, since in short inputs this runs about once per character.
#[inline(always)]
fn valid_char(s: &[u8]) -> Option<(u32, usize)> {
    let cont = |i: usize| match s.get(i) {
        Some(&b) if b & 0xC0 == 0x80 => Some(u32::from(b & 0x3F)),
        _ => None,
    };
    let lead = u32::from(*s.first()?);
    match lead {
        0xC2..=0xDF => Some((((lead & 0x1F) << 6) | cont(1)?, 2)),
        0xE0..=0xEF => {
            let cp = ((lead & 0x0F) << 12) | (cont(1)? << 6) | cont(2)?;
            (cp >= 0x800 && !(0xD800..=0xDFFF).contains(&cp)).then_some((cp, 3))
        }
        0xF0..=0xF4 => {
            let cp = ((lead & 0x07) << 18) | (cont(1)? << 12) | (cont(2)? << 6) | cont(3)?;
            (0x1_0000..=0x10_FFFF).contains(&cp).then_some((cp, 4))
        }
        _ => None,
    }
}

/// Writes the well-formed character of two to four bytes at the start of `src` at the start of
/// `dst` with `put`; returns its bytes and units, or `None` at anything else or without room.
#[inline(always)]
fn put_char<T>(
    src: &[u8],
    dst: &mut [T],
    put: &impl Fn(u32, &mut [T]) -> usize,
) -> Option<(usize, usize)> {
    let (cp, len) = valid_char(src)?;
    match put(cp, dst) {
        0 => None,
        n => Some((len, n)),
    }
}

/// [`decode`] from `src[r..]`, a byte above 0x7F, with room at `dst[w..]`.
#[inline(never)]
fn decode_rest<T>(
    src: &[u8],
    dst: &mut [T],
    widen: impl Fn(u8) -> T + Copy,
    put: impl Fn(u32, &mut [T]) -> usize,
    (mut r, mut w): (usize, usize),
) -> (usize, usize) {
    while r < src.len() && w < dst.len() {
        while let Some(&lead) = src.get(r) {
            if lead < 0x80 {
                break;
            }
            let Some((len, n)) = put_char(&src[r..], &mut dst[w..], &put) else {
                return (r, w);
            };
            r += len;
            w += n;
        }
        let (a, b) = ascii_copy(&src[r..], &mut dst[w..], widen);
        r += a;
        w += b;
    }
    (r, w)
}

pub(crate) fn utf8_to_utf16<const SWAP: bool>(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    let order = |u: u16| if SWAP { u.swap_bytes() } else { u };
    decode(
        src,
        dst,
        move |b| order(u16::from(b)),
        move |cp, out| match (cp, out) {
            (0..=0xFFFF, [first, ..]) => {
                *first = order(cp as u16);
                1
            }
            (0x1_0000.., [high, low, ..]) => {
                let c = cp - 0x1_0000;
                *high = order(0xD800 | (c >> 10) as u16);
                *low = order(0xDC00 | (c & 0x3FF) as u16);
                2
            }
            _ => 0,
        },
    )
}

pub(crate) fn utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> (usize, usize) {
    decode(src, dst, u32::from, |cp, out| match out.first_mut() {
        Some(first) => {
            *first = cp;
            1
        }
        None => 0,
    })
}

#[inline(always)]
fn unit<const SWAP: bool>(u: u16) -> u16 {
    if SWAP { u.swap_bytes() } else { u }
}

pub(crate) fn utf16_to_utf8<const SWAP: bool>(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    let n = src
        .iter()
        .zip(dst.iter_mut())
        .take_while(|&(&s, _)| unit::<SWAP>(s) < 0x80)
        .map(|(&s, d)| *d = unit::<SWAP>(s) as u8)
        .count();
    (n, n)
}

pub(crate) fn utf16_measure<const SWAP: bool>(src: &[u16]) -> (usize, usize) {
    let n = src.iter().take_while(|&&s| unit::<SWAP>(s) < 0x80).count();
    (n, n)
}

/// The valid UTF-8 prefix up to the first 4-byte lead (bytes F5..FF are ill-formed anyway, so
/// any byte from F0 on ends it).
///
/// The engine calls this again after each stop (a supplementary character, a surrogate
/// sequence of CESU-8, an error), so its work must follow the prefix it returns, not the input:
/// validating all of the rest, or scanning all of it for a lead, made UTF-8 → CESU-8 and
/// CESU-8 → UTF-8 quadratic. So blocks that double from 64 bytes, each scanned for a lead and
/// validated up to it: the work is within a constant of the prefix plus 64 bytes.
pub(crate) fn utf8_valid_bmp_up_to(src: &[u8]) -> usize {
    let (mut start, mut block) = (0, 64);
    while start < src.len() {
        let end = src.len().min(start + block);
        let lead = src[start..end].iter().position(|&b| b >= 0xF0);
        let stop = lead.map_or(end, |p| start + p);
        match core::str::from_utf8(&src[start..stop]) {
            Ok(_) if lead.is_none() => start = stop,
            Ok(_) => return stop,
            // A sequence cut by the block's end (not by a lead or the input's end): go on
            // from its start.
            Err(e) if e.error_len().is_none() && lead.is_none() && end < src.len() => {
                start += e.valid_up_to();
            }
            Err(e) => return start + e.valid_up_to(),
        }
        block *= 2;
    }
    start
}

/// UTF-16 → UTF-8 for the characters CESU-8 (and, with `NUL`, modified UTF-8) write as UTF-8
/// does: here the ASCII prefix, without U+0000 when `NUL`.
pub(crate) fn utf16_to_bmp_utf8<const SWAP: bool, const NUL: bool>(
    src: &[u16],
    dst: &mut [u8],
) -> (usize, usize) {
    let n = src
        .iter()
        .zip(dst.iter_mut())
        .take_while(|&(&s, _)| unit::<SWAP>(s) < 0x80 && !(NUL && s == 0))
        .map(|(&s, d)| *d = unit::<SWAP>(s) as u8)
        .count();
    (n, n)
}

pub(crate) fn utf16_bmp_measure<const SWAP: bool, const NUL: bool>(src: &[u16]) -> (usize, usize) {
    let n = src
        .iter()
        .take_while(|&&s| unit::<SWAP>(s) < 0x80 && !(NUL && s == 0))
        .count();
    (n, n)
}

pub(crate) fn utf32_to_utf8(src: &[u32], dst: &mut [u8]) -> (usize, usize) {
    let n = src
        .iter()
        .zip(dst.iter_mut())
        .take_while(|&(&s, _)| s < 0x80)
        .map(|(&s, d)| *d = s as u8)
        .count();
    (n, n)
}

pub(crate) fn utf32_measure(src: &[u32]) -> (usize, usize) {
    let n = src.iter().take_while(|&&s| s < 0x80).count();
    (n, n)
}

pub(crate) fn latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let n = ascii_len(&src[..src.len().min(dst.len())]);
    dst[..n].copy_from_slice(&src[..n]);
    (n, n)
}

pub(crate) fn latin1_measure(src: &[u8]) -> (usize, usize) {
    let n = ascii_len(src);
    (n, n)
}

pub(crate) fn utf8_to_latin1(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    latin1_to_utf8(src, dst)
}

/// Offset of the first byte `b` with `b - sub` (wrapping) at or above `x`, or `src.len()`.
pub(crate) fn find_key(src: &[u8], sub: u8, x: u8) -> usize {
    src.iter()
        .position(|&b| b.wrapping_sub(sub) >= x)
        .unwrap_or(src.len())
}

/// Offset of the first lead byte of a character above U+00FF (`C4`..), or `src.len()`.
pub(crate) fn latin1_prefix(src: &[u8]) -> usize {
    src.iter().position(|&b| b >= 0xC4).unwrap_or(src.len())
}
