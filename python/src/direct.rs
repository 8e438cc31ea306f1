//! The fast routes of `decode` and `encode`: the result object is allocated once, at its final
//! size, and utf8x converts straight into its storage, with no intermediate buffer and no copy.
//!
//! A CPython `str` stores its code points in one of three fixed-width forms (PEP 393), chosen by
//! the largest: 1 byte per character below U+0100, 2 below U+10000, 4 above. Decoding measures
//! the input first (its largest character and its length in code points), creates the `str`
//! with `PyUnicode_New` and fills its storage; encoding reads the storage in place and fills a
//! `bytes` made by `PyBytes_FromStringAndSize(NULL, n)`.
//!
//! A decoded `str` is checked after it is written: its storage, not the input, must hold what
//! its kind promises (every character below U+0080 in an ASCII str, the largest one needing
//! exactly the kind's width, nothing past U+10FFFF), since CPython reads a str trusting that
//! and crashes when it does not hold. The input can change between the measuring and the
//! writing: the GIL is released while both run, and other threads or processes may write a
//! buffer without it. Such a str is freed unseen and the general route decodes the input again
//! into storage of its own. The input is cut into pieces (see [`crate::pieces`]), each
//! measured, then written and checked while it is in the cache, on one thread or on several.
//!
//! These routes take well-formed input only. Anything else (ill-formed bytes, lone surrogates
//! in a `str`, characters the target cannot hold) gives `Ok(None)`, and the caller takes the
//! general route, which applies the error handler and builds CPython's exception. Well-formed
//! input converts the same under every policy, so the route taken never changes a result.

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyString;
use utf8x::{Encoding, Outcome, Policy, Unit};

use crate::input::maybe_detached;
use crate::pieces::Pieces;

/// The storage of a `str`: the width its largest code point needs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Ascii,
    Latin1,
    Ucs2,
    Ucs4,
}

impl Kind {
    /// The smallest storage that holds `top`.
    fn holding(top: u32) -> Kind {
        match top {
            0..0x80 => Kind::Ascii,
            0x80..0x100 => Kind::Latin1,
            0x100..0x10000 => Kind::Ucs2,
            _ => Kind::Ucs4,
        }
    }

    /// The `maxchar` for `PyUnicode_New`: any value that selects this kind.
    fn maxchar(self) -> u32 {
        match self {
            Kind::Ascii => 0x7F,
            Kind::Latin1 => 0xFF,
            Kind::Ucs2 => 0xFFFF,
            Kind::Ucs4 => 0x10FFFF,
        }
    }
}

/// The units of a `str`'s storage, as written and checked. CPython trusts two things of a
/// compact `str`: its kind is the smallest that holds its largest code point (an ASCII `str`
/// holds nothing above U+007F, a 1-byte one that is not ASCII something above it, a 2-byte one
/// something above U+00FF, a 4-byte one something above U+FFFF), and nothing is past U+10FFFF.
/// A scan answers what those need, as cheaply as it can: a value whose highest set bit is that
/// of the largest code point, and whether one is past U+10FFFF. (Lone surrogates are code
/// points a `str` may hold; CPython's own decoders write them under `surrogatepass`.)
trait Stored: Unit + Copy + Send + Sync {
    fn scan(v: &[Self]) -> (u32, bool);
}

impl Stored for u8 {
    /// Whether a byte is 0x80 or more: for an ASCII `str` a pass over all of them, for the
    /// other 1-byte kind until the first such byte.
    fn scan(v: &[u8]) -> (u32, bool) {
        (if utf8x::is_ascii(v) { 0 } else { 0xFF }, false)
    }
}

/// Runs of units ORed together by a loop without branches (which the compiler vectorises)
/// before the scans look at the result.
const RUN: usize = 64;

impl Stored for u16 {
    /// Whether a unit is 0x100 or more, the only bound a 2-byte `str` can break: until the first.
    fn scan(v: &[u16]) -> (u32, bool) {
        let wide = v
            .chunks(RUN)
            .any(|c| c.iter().fold(0, |a, &x| a | x) >= 0x100);
        (if wide { 0xFFFF } else { 0 }, false)
    }
}

impl Stored for u32 {
    /// The OR of every code point, and whether one is past U+10FFFF, checked one by one only in
    /// the runs whose OR could be (text's supplementary characters are below U+20000).
    fn scan(v: &[u32]) -> (u32, bool) {
        let (mut any, mut past) = (0, false);
        for c in v.chunks(RUN) {
            let or = c.iter().fold(0, |a, &x| a | x);
            any |= or;
            if or > 0x10FFFF {
                past |= c.iter().any(|&x| x > 0x10FFFF);
            }
        }
        (any, past)
    }
}

/// The scan of `part` when `ok` (a conversion wrote all of it), read back while in the cache.
fn scanned<T: Stored>(ok: bool, part: &[T]) -> Option<(u32, bool)> {
    ok.then(|| T::scan(part))
}

/// `dst[i] = f(src[i])` when their lengths agree (else the input changed since it was
/// measured), then scanned back from the cache.
fn map_scan<S: Copy, T: Stored>(
    src: &[S],
    dst: &mut [T],
    f: impl Fn(S) -> T,
) -> Option<(u32, bool)> {
    (src.len() == dst.len()).then(|| {
        map_into(src, dst, f);
        T::scan(dst)
    })
}

/// Units copied as they are (`memcpy`) when the lengths agree, then scanned back.
fn copy_scan<T: Stored>(src: &[T], dst: &mut [T]) -> Option<(u32, bool)> {
    (src.len() == dst.len()).then(|| {
        dst.copy_from_slice(src);
        T::scan(dst)
    })
}

/// A new `str` whose storage is of `kind`, with one part per piece of the input, part `k`
/// `lens(k)` code points long; `fill(k, part)` writes part `k` from piece `k` (with the GIL
/// released when `work` bytes make that worth it), all of it, and answers the [`Stored::scan`]
/// of what it wrote, or `None`. `Ok(None)` when a fill fails or the storage does not hold what
/// `kind` promises, and the `str` is freed unseen.
fn new_str<'py, S: Unit, T: Stored>(
    py: Python<'py>,
    kind: Kind,
    pieces: &Pieces<'_, S>,
    lens: impl Fn(usize) -> usize + Sync,
    work: usize,
    fill: impl Fn(usize, &mut [T]) -> Option<(u32, bool)> + Sync,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let len = (0..pieces.len()).map(&lens).sum();
    if len == 0 {
        // Measured while it changed (the callers take empty input before): never a str.
        return Ok(None);
    }
    let width = match kind {
        Kind::Ascii | Kind::Latin1 => 1,
        Kind::Ucs2 => 2,
        Kind::Ucs4 => 4,
    };
    assert_eq!(std::mem::size_of::<T>(), width);
    // SAFETY: PyUnicode_New returns a new reference, or NULL with the exception set; `len` fits
    // in Py_ssize_t, being at most the length of an existing buffer.
    let s = unsafe {
        Bound::from_owned_ptr_or_err(
            py,
            ffi::PyUnicode_New(len as ffi::Py_ssize_t, kind.maxchar()),
        )?
    };
    // SAFETY: a compact str made by PyUnicode_New owns `len` units of its kind's width at
    // PyUnicode_DATA, aligned for them (the object header is a multiple of 8 bytes); nothing
    // else references them before the str is returned, and the slice dies inside this call.
    let data =
        unsafe { std::slice::from_raw_parts_mut(ffi::PyUnicode_DATA(s.as_ptr()) as *mut T, len) };
    let scan = maybe_detached(py, work, || {
        pieces.fill(data, &lens, &fill, |a, b| (a.0 | b.0, a.1 | b.1))
    });
    let holds = scan.is_some_and(|(any, bad)| Kind::holding(any) == kind && !bad);
    Ok(holds.then_some(s))
}

/// A new `bytes` of `len` units of `T`, filled by `fill`, which must write every unit or answer false.
fn bytes_with<'py, T: Unit + Send>(
    py: Python<'py>,
    len: usize,
    work: usize,
    fill: impl FnOnce(&mut [T]) -> bool + Send,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let n = len * std::mem::size_of::<T>();
    // SAFETY: with a NULL source PyBytes_FromStringAndSize allocates `n` bytes (and the NUL
    // after them) and returns a new reference, or NULL with the exception set.
    let b = unsafe {
        Bound::from_owned_ptr_or_err(
            py,
            ffi::PyBytes_FromStringAndSize(std::ptr::null(), n as ffi::Py_ssize_t),
        )?
    };
    // SAFETY: a bytes object owns `n` bytes at PyBytes_AS_STRING; nothing else references them
    // before it is returned, and the slice dies inside this call.
    let bytes =
        unsafe { std::slice::from_raw_parts_mut(ffi::PyBytes_AS_STRING(b.as_ptr()) as *mut u8, n) };
    // SAFETY: u8, u16 and u32 have no invalid bit patterns.
    let (pre, data, post) = unsafe { bytes.align_to_mut::<T>() };
    if !pre.is_empty() || !post.is_empty() {
        // CPython's allocators align every object to 8 bytes or more; never seen.
        return Ok(None);
    }
    Ok(maybe_detached(py, work, || fill(data)).then_some(b))
}

/// A new `bytes` of at most `cap` units of `T`: `fill` writes the first ones and says how many
/// (`None`: the object is freed unseen), and the object is shrunk to them.
fn bytes_upto<'py, T: Unit + Send>(
    py: Python<'py>,
    cap: usize,
    work: usize,
    fill: impl FnOnce(&mut [T]) -> Option<usize> + Send,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let mut written = 0;
    let Some(b) = bytes_with(py, cap, work, |d| {
        written = fill(d).unwrap_or(usize::MAX);
        written <= cap
    })?
    else {
        return Ok(None);
    };
    if written == cap {
        return Ok(Some(b));
    }
    let mut p = b.into_ptr();
    // SAFETY: `p` is a new reference to a bytes object nothing else has seen, which
    // _PyBytes_Resize may reallocate: it stores the object (or NULL, having freed it, with the
    // exception set) back into `p`, whose reference is then ours.
    unsafe {
        ffi::_PyBytes_Resize(
            &mut p,
            (written * std::mem::size_of::<T>()) as ffi::Py_ssize_t,
        );
        Bound::from_owned_ptr_or_err(py, p).map(Some)
    }
}

/// UTF-16 and UTF-32 in the machine's byte order.
const NATIVE16: Encoding = if cfg!(target_endian = "little") {
    Encoding::Utf16Le
} else {
    Encoding::Utf16Be
};
const NATIVE32: Encoding = if cfg!(target_endian = "little") {
    Encoding::Utf32Le
} else {
    Encoding::Utf32Be
};

// Scalar loops over whole slices with no early exit: the compiler vectorises them.

fn max_u8(v: &[u8]) -> u8 {
    v.iter().fold(0, |m, &b| m.max(b))
}

fn max_u16(v: &[u16], swap: bool) -> u16 {
    if swap {
        v.iter().fold(0, |m, &u| m.max(u.swap_bytes()))
    } else {
        v.iter().fold(0, |m, &u| m.max(u))
    }
}

fn max_u32(v: &[u32], swap: bool) -> u32 {
    if swap {
        v.iter().fold(0, |m, &u| m.max(u.swap_bytes()))
    } else {
        v.iter().fold(0, |m, &u| m.max(u))
    }
}

/// Whether `v` holds a surrogate code point (U+D800..U+DFFF). Chunked, so that a surrogate near
/// the start ends the scan early.
fn has_surrogate_u16(v: &[u16]) -> bool {
    v.chunks(4096)
        .any(|c| c.iter().fold(false, |s, &u| s | (u & 0xF800 == 0xD800)))
}

/// The same for code points, read in the other byte order when `swap`.
fn has_surrogate_u32(v: &[u32], swap: bool) -> bool {
    let test = |c: &[u32]| {
        if swap {
            c.iter()
                .fold(false, |s, &u| s | (u.swap_bytes() & 0xFFFF_F800 == 0xD800))
        } else {
            c.iter()
                .fold(false, |s, &u| s | (u & 0xFFFF_F800 == 0xD800))
        }
    };
    v.chunks(4096).any(test)
}

/// `dst[i] = f(src[i])` for equal lengths: narrowing, widening and byte swaps.
fn map_into<S: Copy, T>(src: &[S], dst: &mut [T], f: impl Fn(S) -> T) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = f(s);
    }
}

/// [`map_into`] that also tells whether no `src[i]` is a surrogate code point.
fn map_no_surrogate<S: Copy + Into<u32>, T>(src: &[S], dst: &mut [T], f: impl Fn(S) -> T) -> bool {
    let mut seen = 0u32;
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = f(s);
        seen |= (s.into().wrapping_sub(0xD800) < 0x800) as u32;
    }
    seen == 0
}

fn whole(o: &Outcome, n: usize) -> bool {
    o.is_ok() && o.written == n
}

fn empty(py: Python<'_>) -> PyResult<Option<Bound<'_, PyAny>>> {
    Ok(Some(PyString::new(py, "").into_any()))
}

/// Well-formed UTF-8 to a new `str`, on up to `threads` threads (0: every core); `Ok(None)`
/// when `data` is not UTF-8. `work` is what [`maybe_detached`] weighs for the input, here and
/// in the other decoders.
pub(crate) fn decode_utf8<'py>(
    py: Python<'py>,
    data: &[u8],
    work: usize,
    threads: usize,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    if data.is_empty() {
        return empty(py);
    }
    let pieces = Pieces::new(data, Encoding::Utf8, threads);
    let piece = |k: usize| pieces.piece(k);
    // Each piece's largest byte and code points.
    let Some(sizes) = maybe_detached(py, work, || {
        pieces.each(|k| {
            let p = piece(k);
            Some(if utf8x::is_ascii(p) {
                (0, p.len())
            } else {
                (max_u8(p), utf8x::count(p))
            })
        })
    }) else {
        return Ok(None);
    };
    let top = sizes.iter().map(|s| s.0).max().unwrap_or(0);
    let ends = |k: usize| sizes[k].1;
    // In well-formed UTF-8 the largest byte tells the storage: C2/C3 lead U+0080..U+00FF, C4..EF
    // the rest of the BMP, F0..F4 the supplementary planes.
    match top {
        0..0x80 => new_str(py, Kind::Ascii, &pieces, ends, work, |k, d: &mut [u8]| {
            copy_scan(piece(k), d)
        }),
        0x80..0xC4 => new_str(py, Kind::Latin1, &pieces, ends, work, |k, d| {
            let o = utf8x::to_latin1(piece(k), Some(d), Policy::Strict);
            scanned(whole(&o, d.len()), d)
        }),
        0xC4..0xF0 => new_str(py, Kind::Ucs2, &pieces, ends, work, |k, d| {
            let o = utf8x::to_utf16(piece(k), Some(d), Policy::Strict);
            scanned(whole(&o, d.len()), d)
        }),
        _ => new_str(py, Kind::Ucs4, &pieces, ends, work, |k, d| {
            let o = utf8x::to_utf32(piece(k), Some(d), Policy::Strict);
            scanned(whole(&o, d.len()), d)
        }),
    }
}

/// Latin-1 to a new `str`: every byte is its character, so the bytes are the storage.
pub(crate) fn decode_latin1<'py>(
    py: Python<'py>,
    data: &[u8],
    work: usize,
    threads: usize,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    if data.is_empty() {
        return empty(py);
    }
    let pieces = Pieces::new(data, Encoding::Latin1, threads);
    let piece = |k: usize| pieces.piece(k);
    let Some(ascii) = maybe_detached(py, work, || {
        pieces.each(|k| Some(utf8x::is_ascii(piece(k))))
    }) else {
        return Ok(None);
    };
    let kind = if ascii.iter().all(|&a| a) {
        Kind::Ascii
    } else {
        Kind::Latin1
    };
    let ends = |k: usize| piece(k).len();
    new_str(py, kind, &pieces, ends, work, |k, d: &mut [u8]| {
        copy_scan(piece(k), d)
    })
}

/// Well-formed UTF-16 in the order `enc` names to a new `str`; `Ok(None)` when `u` is not.
pub(crate) fn decode_utf16<'py>(
    py: Python<'py>,
    u: &[u16],
    enc: Encoding,
    work: usize,
    threads: usize,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    if u.is_empty() {
        return empty(py);
    }
    let swap = enc != NATIVE16;
    // Cut between characters: never inside a surrogate pair.
    let pieces = Pieces::new(u, enc, threads);
    let piece = |k: usize| pieces.piece(k);
    // Each piece's largest unit and, when it holds surrogates or characters above them,
    // whether they are all in pairs, and how many.
    let Some(sizes) = maybe_detached(py, work, || {
        pieces.each(|k| {
            let p = piece(k);
            let top = max_u16(p, swap);
            let pairs = match top {
                0..0xD800 => Some(0),
                // utf8x measures the code points (validating): one for each pair.
                _ => {
                    let o = utf8x::convert::<u16, u32>(p, enc, None, NATIVE32, Policy::Strict);
                    o.is_ok().then(|| p.len() - o.written)
                }
            };
            pairs.map(|pairs| (top, pairs))
        })
    }) else {
        return Ok(None);
    };
    let top = sizes.iter().map(|s| s.0).max().unwrap_or(0);
    let same = |k: usize| piece(k).len();
    match Kind::holding(top as u32) {
        kind @ (Kind::Ascii | Kind::Latin1) => {
            new_str(py, kind, &pieces, same, work, |k, d: &mut [u8]| {
                if swap {
                    map_scan(piece(k), d, |x| x.swap_bytes() as u8)
                } else {
                    map_scan(piece(k), d, |x| x as u8)
                }
            })
        }
        _ if sizes.iter().all(|s| s.1 == 0) => {
            new_str(py, Kind::Ucs2, &pieces, same, work, |k, d: &mut [u16]| {
                if swap {
                    map_scan(piece(k), d, u16::swap_bytes)
                } else {
                    copy_scan(piece(k), d)
                }
            })
        }
        _ => {
            let ends = |k: usize| piece(k).len() - sizes[k].1;
            new_str(py, Kind::Ucs4, &pieces, ends, work, |k, d: &mut [u32]| {
                let o = utf8x::convert(piece(k), enc, Some(d), NATIVE32, Policy::Strict);
                scanned(whole(&o, d.len()), d)
            })
        }
    }
}

/// The code points of a 4-byte `str` to UTF-8: the bytes written, or `None` for a surrogate
/// (or a `d` too short). Runs of 16 characters above U+FFFF (emoji text) are written by a loop
/// the compiler vectorises; the rest by utf8x, which rejects surrogates in UTF-32 input.
fn ucs4_to_utf8(v: &[u32], d: &mut [u8]) -> Option<usize> {
    const RUN: usize = 16;
    let astral = |c: &[u32]| c.len() == RUN && c.iter().fold(true, |a, &x| a & (x >= 0x10000));
    let (mut i, mut j) = (0, 0);
    while i < v.len() {
        if astral(&v[i..(i + RUN).min(v.len())]) {
            // A str holds nothing above U+10FFFF: each is four bytes.
            for (o, &c) in d
                .get_mut(j..j + 4 * RUN)?
                .chunks_exact_mut(4)
                .zip(&v[i..i + RUN])
            {
                o[0] = 0xF0 | (c >> 18) as u8;
                o[1] = 0x80 | ((c >> 12) & 0x3F) as u8;
                o[2] = 0x80 | ((c >> 6) & 0x3F) as u8;
                o[3] = 0x80 | (c & 0x3F) as u8;
            }
            i += RUN;
            j += 4 * RUN;
            continue;
        }
        let mut k = i + RUN;
        while k < v.len() && !astral(&v[k..(k + RUN).min(v.len())]) {
            k += RUN;
        }
        let k = k.min(v.len());
        let o = utf8x::from_utf32(&v[i..k], Some(d.get_mut(j..)?), Policy::Strict);
        if !o.is_ok() {
            return None;
        }
        i = k;
        j += o.written;
    }
    Some(j)
}

/// Well-formed UTF-32 in the order `enc` names to a new `str`; `Ok(None)` when `u` is not.
pub(crate) fn decode_utf32<'py>(
    py: Python<'py>,
    u: &[u32],
    enc: Encoding,
    work: usize,
    threads: usize,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    if u.is_empty() {
        return empty(py);
    }
    let swap = enc != NATIVE32;
    let pieces = Pieces::new(u, enc, threads);
    let piece = |k: usize| pieces.piece(k);
    // Each piece's largest code point; none when it holds a surrogate or a value past U+10FFFF.
    let Some(tops) = maybe_detached(py, work, || {
        pieces.each(|k| {
            let p = piece(k);
            let top = max_u32(p, swap);
            (top <= 0x10FFFF && !(top >= 0xD800 && has_surrogate_u32(p, swap))).then_some(top)
        })
    }) else {
        return Ok(None);
    };
    let top = tops.iter().copied().max().unwrap_or(0);
    let ends = |k: usize| piece(k).len();
    // Every unit is one character: narrowed, or copied, into parts of the same length.
    match Kind::holding(top) {
        kind @ (Kind::Ascii | Kind::Latin1) => {
            new_str(py, kind, &pieces, ends, work, |k, d: &mut [u8]| {
                if swap {
                    map_scan(piece(k), d, |x| x.swap_bytes() as u8)
                } else {
                    map_scan(piece(k), d, |x| x as u8)
                }
            })
        }
        Kind::Ucs2 => new_str(py, Kind::Ucs2, &pieces, ends, work, |k, d: &mut [u16]| {
            if swap {
                map_scan(piece(k), d, |x| x.swap_bytes() as u16)
            } else {
                map_scan(piece(k), d, |x| x as u16)
            }
        }),
        Kind::Ucs4 => new_str(py, Kind::Ucs4, &pieces, ends, work, |k, d: &mut [u32]| {
            if swap {
                map_scan(piece(k), d, u32::swap_bytes)
            } else {
                copy_scan(piece(k), d)
            }
        }),
    }
}

/// The storage of a `str`, read in place.
#[derive(Clone, Copy)]
enum Storage<'a> {
    /// One byte per character; `true` when all are ASCII.
    Latin1(&'a [u8], bool),
    Ucs2(&'a [u16]),
    Ucs4(&'a [u32]),
}

fn storage<'a>(s: &'a Bound<'_, PyString>) -> PyResult<Storage<'a>> {
    use pyo3::types::PyStringData;
    // SAFETY: PyO3 reads the kind from the str's state bit field, whose layout it tests on
    // x86-64 (the platform these wheels are built and tested on). It first makes a str from
    // the legacy APIs of Python < 3.12 ready, and borrows the storage for as long as `s`.
    Ok(match unsafe { s.data()? } {
        // SAFETY: `s` is a ready str (just made so); reading its ASCII flag has no conditions.
        PyStringData::Ucs1(v) => {
            Storage::Latin1(v, unsafe { ffi::PyUnicode_IS_ASCII(s.as_ptr()) } != 0)
        }
        PyStringData::Ucs2(v) => Storage::Ucs2(v),
        PyStringData::Ucs4(v) => Storage::Ucs4(v),
    })
}

/// `s` encoded to `enc` as a new `bytes`; `Ok(None)` when `s` holds a surrogate or a character
/// `enc` cannot hold.
pub(crate) fn encode<'py>(
    py: Python<'py>,
    s: &Bound<'py, PyString>,
    enc: Encoding,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    use Encoding::*;
    let st = storage(s)?;
    let (n, work) = match st {
        Storage::Latin1(v, _) => (v.len(), v.len()),
        Storage::Ucs2(v) => (v.len(), v.len() * 2),
        Storage::Ucs4(v) => (v.len(), v.len() * 4),
    };
    // A str may hold lone surrogates (and adjacent ones, which are two characters, not a
    // pair): every route below rejects them, checking as it copies where it can.
    match (st, enc) {
        (Storage::Latin1(v, true), Utf8) => Ok(Some(pyo3::types::PyBytes::new(py, v).into_any())),
        // UTF-8 needs at most 2, 3 or 4 bytes per character of a 1-, 2- or 4-byte str.
        (Storage::Latin1(v, _), Utf8) => bytes_upto(py, 2 * n, work, |d: &mut [u8]| {
            let o = utf8x::from_latin1(v, Some(d), Policy::Strict);
            o.is_ok().then_some(o.written)
        }),
        (Storage::Ucs2(v), Utf8) => bytes_upto(py, 3 * n, work, |d: &mut [u8]| {
            if has_surrogate_u16(v) {
                return None;
            }
            let o = utf8x::convert(v, NATIVE16, Some(d), Utf8, Policy::Strict);
            o.is_ok().then_some(o.written)
        }),
        (Storage::Ucs4(v), Utf8) => bytes_upto(py, 4 * n, work, |d: &mut [u8]| ucs4_to_utf8(v, d)),
        // utf8x rejects surrogates in UTF-32 input, and splits the rest into pairs.
        (Storage::Ucs4(v), Utf16Le | Utf16Be) => bytes_upto(py, 2 * n, work, |d: &mut [u16]| {
            let o = utf8x::convert(v, NATIVE32, Some(d), enc, Policy::Strict);
            o.is_ok().then_some(o.written)
        }),
        (st, Utf16Le | Utf16Be) => {
            let swap = enc != NATIVE16;
            bytes_with(py, n, work, |d: &mut [u16]| match st {
                Storage::Latin1(v, _) if swap => {
                    map_into(v, d, |x| (x as u16) << 8);
                    true
                }
                Storage::Latin1(v, _) => {
                    map_into(v, d, u16::from);
                    true
                }
                Storage::Ucs2(v) if swap => map_no_surrogate(v, d, u16::swap_bytes),
                Storage::Ucs2(v) => map_no_surrogate(v, d, |x| x),
                Storage::Ucs4(_) => false,
            })
        }
        (st, Utf32Le | Utf32Be) => {
            let swap = enc != NATIVE32;
            bytes_with(py, n, work, |d: &mut [u32]| match st {
                Storage::Latin1(v, _) if swap => {
                    map_into(v, d, |x| (x as u32) << 24);
                    true
                }
                Storage::Latin1(v, _) => {
                    map_into(v, d, u32::from);
                    true
                }
                Storage::Ucs2(v) if swap => map_no_surrogate(v, d, |x| (x as u32).swap_bytes()),
                Storage::Ucs2(v) => map_no_surrogate(v, d, u32::from),
                Storage::Ucs4(v) if swap => map_no_surrogate(v, d, u32::swap_bytes),
                Storage::Ucs4(v) => map_no_surrogate(v, d, |x| x),
            })
        }
        (st, _) if enc.unit_size() == 1 => match st {
            Storage::Latin1(v, _) => bytes_via(py, v, Latin1, enc),
            Storage::Ucs2(v) if maybe_detached(py, work, || has_surrogate_u16(v)) => Ok(None),
            Storage::Ucs2(v) => bytes_via(py, v, NATIVE16, enc),
            Storage::Ucs4(v) => bytes_via(py, v, NATIVE32, enc),
        },
        _ => Ok(None),
    }
}

/// `src` in `from` converted to the byte-unit encoding `to` as a new `bytes`: measured, then
/// converted into the object made at that size. `Ok(None)` when utf8x reports a problem.
fn bytes_via<'py, S: Unit + Sync>(
    py: Python<'py>,
    src: &[S],
    from: Encoding,
    to: Encoding,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let work = std::mem::size_of_val(src);
    let m = maybe_detached(py, work, || {
        utf8x::convert::<S, u8>(src, from, None, to, Policy::Strict)
    });
    if !m.is_ok() {
        return Ok(None);
    }
    bytes_with(py, m.written, work, |d: &mut [u8]| {
        whole(
            &utf8x::convert(src, from, Some(d), to, Policy::Strict),
            m.written,
        )
    })
}
