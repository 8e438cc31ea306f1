//! Fast paths for the pairs of encodings that have no direct function: the SIMD kernels of
//! UTF-8 and its neighbours do the work wherever the forms agree with them.
//!
//! Every byte form of the UTF-8 family agrees with UTF-8 on most text: WTF-8 and RFC 2279 are
//! supersets (a UTF-8 kernel stops where they differ, and the scalar step takes over), CESU-8
//! and modified UTF-8 differ only on 4-byte sequences, and modified UTF-8 on `00` too. So each
//! conversion runs the matching UTF-8 kernel over stretches that end before the first unit the
//! two forms treat differently; the engine's scalar step handles that unit and calls back.

use crate::decode::{Be, ByteOrder, Decoder, Le, is_continuation};
use crate::encode::Encoder;
use crate::encoding::Encoding;
use crate::simd::{self, Kernels};
use crate::unit::Unit;

/// The engine's fast path from `D` to `E`: converts a well-formed prefix of `src` that fits in
/// `dst` (or measures it) and returns `(read, written)`; `(0, 0)` where there is none.
#[inline]
pub(crate) fn bulk<D: Decoder<Unit: Unit>, E: Encoder<Unit: Unit>>(
    k: &Kernels,
    src: &[D::Unit],
    dst: Option<&mut [E::Unit]>,
) -> (usize, usize) {
    use Encoding::*;
    let (Some(from), Some(to)) = (D::FORM, E::FORM) else {
        return (0, 0);
    };
    macro_rules! with {
        ($a:ty, $b:ty, |$s:ident, $d:ident| $body:expr) => {
            match crate::any::views::<$a, $b, _, _>(src, dst) {
                Some(($s, $d)) => $body,
                None => (0, 0),
            }
        };
    }
    let family = |e: Encoding| e.is_utf8_family();
    let four = matches!(from, Cesu8 | Mutf8) || matches!(to, Cesu8 | Mutf8);
    let nul = from == Mutf8 || to == Mutf8;
    match (from, to) {
        // Without 4-byte sequences on either side, validation itself stops at the first 4-byte
        // lead (a table change in the kernel), so no scan is needed unless NULs matter too.
        (f, t) if family(f) && family(t) && four && !nul => {
            with!(u8, u8, |s, d| copy_valid(k.utf8_valid_bmp_up_to, s, d))
        }
        (f, t) if family(f) && family(t) => with!(u8, u8, |s, d| {
            agreeing_bytes(s, d, four, nul, |s, d| copy_valid(k.utf8_valid_up_to, s, d))
        }),
        (f, Utf16Le) if family(f) => with!(u8, u16, |s, d| {
            agreeing_bytes(s, d, four, nul, |s, d| k.utf8_to_utf16_bulk::<Le>(s, d))
        }),
        (f, Utf16Be) if family(f) => with!(u8, u16, |s, d| {
            agreeing_bytes(s, d, four, nul, |s, d| k.utf8_to_utf16_bulk::<Be>(s, d))
        }),
        (f, Utf32) if family(f) => with!(u8, u32, |s, d| {
            agreeing_bytes(s, d, four, nul, |s, d| k.utf8_to_utf32_bulk(s, d))
        }),
        (f, Latin1) if family(f) => with!(u8, u8, |s, d| {
            agreeing_bytes(s, d, four, nul, |s, d| k.utf8_to_latin1_bulk(s, d))
        }),
        // CESU-8 and modified UTF-8 write BMP characters as UTF-8 does: a kernel that stops
        // before surrogates (and U+0000) does the work without a scan.
        (Utf16Le, Cesu8 | Mutf8) => with!(u16, u8, |s, d| {
            k.utf16_to_bmp_utf8_bulk::<Le>(s, d, nul)
        }),
        (Utf16Be, Cesu8 | Mutf8) => with!(u16, u8, |s, d| {
            k.utf16_to_bmp_utf8_bulk::<Be>(s, d, nul)
        }),
        (Utf16Le, t) if family(t) => with!(u16, u8, |s, d| {
            agreeing(
                s,
                d,
                |u| u16_stops(Le::swap(u), four, nul),
                |s, d| k.utf16_to_utf8_bulk::<Le>(s, d),
            )
        }),
        (Utf16Be, t) if family(t) => with!(u16, u8, |s, d| {
            agreeing(
                s,
                d,
                |u| u16_stops(Be::swap(u), four, nul),
                |s, d| k.utf16_to_utf8_bulk::<Be>(s, d),
            )
        }),
        (Utf32, t) if family(t) => with!(u32, u8, |s, d| {
            agreeing(
                s,
                d,
                |u| u32_stops(u, four, nul),
                |s, d| simd::to_utf8_bulk(k.utf32_to_utf8, k.utf32_measure, s, d),
            )
        }),
        (Latin1, t) if family(t) => with!(u8, u8, |s, d| {
            agreeing(
                s,
                d,
                |b| nul && b == 0,
                |s, d| simd::to_utf8_bulk(k.latin1_to_utf8, k.latin1_measure, s, d),
            )
        }),
        // Windows-1252 is Latin-1 but for 80..9F.
        (Cp1252, t) if family(t) => with!(u8, u8, |s, d| {
            agreeing(
                s,
                d,
                |b| (nul && b == 0) || (0x80..=0x9F).contains(&b),
                |s, d| simd::to_utf8_bulk(k.latin1_to_utf8, k.latin1_measure, s, d),
            )
        }),
        _ => (0, 0),
    }
}

/// A byte the UTF-8 kernels would read differently from a form without 4-byte sequences
/// (`four`) or without raw NULs (`nul`). As a key that is at least [`BYTE_STOP`] exactly for
/// such bytes, so that a block is tested with one maximum: `b - 1` wraps `00` to `FF` and keeps
/// `F0`..`FF` at `EF` and above.
#[inline(always)]
fn byte_key(b: u8, four: bool, nul: bool) -> u8 {
    match (four, nul) {
        (true, true) => b.wrapping_sub(1),
        (true, false) => b,
        (false, true) => b.wrapping_sub(1),
        (false, false) => 0,
    }
}

/// Keys of [`byte_key`] at or above this stop; the arms pick it per form pair.
#[inline(always)]
const fn byte_stop(four: bool, nul: bool) -> u8 {
    match (four, nul) {
        (true, true) => 0xEF,
        (true, false) => 0xF0,
        // Only `00` (key `FF`) reaches it.
        (false, true) => 0xFF,
        (false, false) => 0xFF,
    }
}

/// A UTF-16 unit (value `v`) that must not reach the UTF-8 kernels: a surrogate becomes half of
/// a 6-byte pair, U+0000 `C0 80`.
#[inline(always)]
fn u16_stops(v: u16, four: bool, nul: bool) -> bool {
    (four && v & 0xF800 == 0xD800) || (nul && v == 0)
}

/// The same for a UTF-32 value: a supplementary character becomes a 6-byte pair.
#[inline(always)]
fn u32_stops(v: u32, four: bool, nul: bool) -> bool {
    (four && v >= 0x10000) || (nul && v == 0)
}

/// The prefix of `src` that `valid_up_to` accepts, copied as is (for two forms that agree on it).
#[inline]
fn copy_valid(
    valid_up_to: fn(&[u8]) -> usize,
    src: &[u8],
    dst: Option<&mut [u8]>,
) -> (usize, usize) {
    let n = valid_up_to(src);
    let Some(dst) = dst else {
        return (n, n);
    };
    let mut m = n.min(dst.len());
    // Back to a character boundary when the output cuts the prefix short.
    while m > 0 && m < n && is_continuation(src[m]) {
        m -= 1;
    }
    dst[..m].copy_from_slice(&src[..m]);
    (m, m)
}

/// [`agreeing`] for byte input, with the stop test as one maximum per block.
#[inline(always)]
fn agreeing_bytes<T>(
    src: &[u8],
    dst: Option<&mut [T]>,
    four: bool,
    nul: bool,
    kernel: impl Fn(&[u8], Option<&mut [T]>) -> (usize, usize),
) -> (usize, usize) {
    if !four && !nul {
        return kernel(src, dst);
    }
    let stop = byte_stop(four, nul);
    agreeing_with(
        src,
        dst,
        |s| first_key(s, |b| byte_key(b, four, nul), stop),
        kernel,
    )
}

/// Offset of the first byte whose key is at least `stop`, or `s.len()`; blocks of 64 are
/// tested with one maximum each, which the compiler turns into vector max instructions.
#[inline(always)]
fn first_key(s: &[u8], key: impl Fn(u8) -> u8, stop: u8) -> usize {
    let mut at = 0;
    for block in s.chunks_exact(64) {
        if block.iter().fold(0, |m, &b| m.max(key(b))) >= stop {
            break;
        }
        at += 64;
    }
    at + s[at..]
        .iter()
        .position(|&b| key(b) >= stop)
        .unwrap_or(s.len() - at)
}

/// Runs `kernel` over `src` in pieces that end before the first unit for which `stops` is true,
/// so the kernel only sees what both forms agree on. Pieces grow from 64 units to 16 Ki so that
/// the scan stays linear however often the engine calls back between special units, and short
/// inputs are not scanned past what they convert.
#[inline(always)]
fn agreeing<S: Copy, T>(
    src: &[S],
    dst: Option<&mut [T]>,
    stops: impl Fn(S) -> bool,
    kernel: impl Fn(&[S], Option<&mut [T]>) -> (usize, usize),
) -> (usize, usize) {
    agreeing_with(src, dst, |s| first(s, &stops), kernel)
}

/// [`agreeing`] with the scan given as `cut(piece)`: the offset of the first unit to stop at.
#[inline(always)]
fn agreeing_with<S: Copy, T>(
    src: &[S],
    mut dst: Option<&mut [T]>,
    cut: impl Fn(&[S]) -> usize,
    kernel: impl Fn(&[S], Option<&mut [T]>) -> (usize, usize),
) -> (usize, usize) {
    let (mut read, mut written) = (0, 0);
    let mut size = 64;
    while read < src.len() {
        let piece = &src[read..src.len().min(read + size)];
        let cut = cut(piece);
        let (r, w) = kernel(&piece[..cut], dst.as_deref_mut().map(|d| &mut d[written..]));
        read += r;
        written += w;
        // Done at a unit the kernel must not see, or when the kernel stopped (at an error, a
        // full output, or nothing converted); otherwise the next, larger piece.
        if cut < piece.len() || r == 0 {
            break;
        }
        size = (size * 2).min(1 << 14);
    }
    (read, written)
}

/// Offset of the first unit of `s` for which `stops` is true, or `s.len()`. Blocks of 32 are
/// tested with a branch-free fold, which the compiler turns into vector compares.
#[inline(always)]
fn first<S: Copy>(s: &[S], stops: &impl Fn(S) -> bool) -> usize {
    let mut at = 0;
    for block in s.chunks_exact(32) {
        if block.iter().fold(false, |any, &u| any | stops(u)) {
            break;
        }
        at += 32;
    }
    at + s[at..]
        .iter()
        .position(|&u| stops(u))
        .unwrap_or(s.len() - at)
}
