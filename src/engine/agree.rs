//! Scans that keep the UTF-8 kernels on what two forms agree on, for the pairs of encodings
//! that have no direct function (the routing table in `route` picks one per pair).
//!
//! Every byte form of the UTF-8 family agrees with UTF-8 on most text: WTF-8 and RFC 2279 are
//! supersets (a UTF-8 kernel stops where they differ, and the scalar step takes over), CESU-8
//! and modified UTF-8 differ only on 4-byte sequences, and modified UTF-8 on `00` too. So each
//! conversion runs the matching UTF-8 kernel over stretches that end before the first unit the
//! two forms treat differently; the engine's scalar step handles that unit and calls back.

use crate::codec::decode::is_continuation;

/// The bytes the UTF-8 kernels would read differently from a form without 4-byte sequences
/// (`four`) or without raw NULs (`nul`), as the kernels' `find_key` finds them: `(sub, x)` such
/// that `b - sub` (wrapping) is at least `x` exactly for those bytes. `b - 1` wraps `00` to `FF`
/// and keeps `F0`..`FF` at `EF` and above.
#[inline(always)]
const fn byte_stops(four: bool, nul: bool) -> (u8, u8) {
    match (four, nul) {
        (true, true) => (1, 0xEF),
        (true, false) => (0, 0xF0),
        // Only `00` (`FF` after the subtraction) reaches it.
        (false, _) => (1, 0xFF),
    }
}

/// A UTF-16 unit (value `v`) that must not reach the UTF-8 kernels: a surrogate becomes half of
/// a 6-byte pair, U+0000 `C0 80`.
#[inline(always)]
pub(super) fn u16_stops(v: u16, four: bool, nul: bool) -> bool {
    (four && v & 0xF800 == 0xD800) || (nul && v == 0)
}

/// The same for a UTF-32 value: a supplementary character becomes a 6-byte pair.
#[inline(always)]
pub(super) fn u32_stops(v: u32, four: bool, nul: bool) -> bool {
    (four && v >= 0x10000) || (nul && v == 0)
}

/// The prefix of `src` that `valid_up_to` accepts, copied as is (for two forms that agree on it).
#[inline]
pub(super) fn copy_valid(
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

/// [`agreeing`] for byte input, scanned by the kernel set's `find_key` (`find`). (The scan
/// compiled here, for the baseline ISA, took a seventh of modified UTF-8 → UTF-16.)
#[inline(always)]
pub(super) fn agreeing_bytes<T>(
    src: &[u8],
    dst: Option<&mut [T]>,
    (four, nul): (bool, bool),
    find: fn(&[u8], u8, u8) -> usize,
    kernel: impl Fn(&[u8], Option<&mut [T]>) -> (usize, usize),
) -> (usize, usize) {
    if !four && !nul {
        return kernel(src, dst);
    }
    let (sub, x) = byte_stops(four, nul);
    agreeing_with(src, dst, |s| find(s, sub, x), kernel)
}

/// Runs `kernel` over `src` in pieces that end before the first unit for which `stops` is true,
/// so the kernel only sees what both forms agree on. Pieces grow from 64 units to 16 Ki so that
/// the scan stays linear however often the engine calls back between special units, and short
/// inputs are not scanned past what they convert.
#[inline(always)]
pub(super) fn agreeing<S: Copy, T>(
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
