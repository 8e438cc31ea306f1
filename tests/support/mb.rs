//! The harness of the glibc differential tests (`tests/libc/`): glibc's functions,
//! `C.UTF-8`, and the catalogue of documented glibc differences. Rust's `std::str::from_utf8` is
//! the independent judge of what RFC 3629 says. `setlocale` is process-global: only the `libc`
//! test binary calls `utf8_locale`, and it holds nothing but these tests, so the locale changes
//! nothing else (glibc's iconv //TRANSLIT, in the `iconv` binary, reads it).
//!
//! Where glibc departs from the C standard or RFC 3629, the test names the difference (the
//! `Difference` enum) and asserts the standard's answer for utf8x; any other disagreement with
//! glibc fails. The differences found with glibc 2.36:
//!
//! - `BeyondUnicode`: glibc's `mbrtowc`/`mbrtoc32` decode 4-byte sequences above U+10FFFF
//!   (`F4 90..BF`, `F5..F7`) and 5- and 6-byte sequences (`F8..FD`), to values up to 0x7FFFFFFF;
//!   its `wcrtomb`/`c32rtomb` encode 0x110000..0x7FFFFFFF as 4 to 6 bytes. RFC 3629 forbids all
//!   of them: utf8x says EILSEQ.
//! - `DeferredError`: glibc returns `(size_t)-2` ("incomplete") for prefixes no further byte can
//!   make valid: `E0 80..9F` (overlong), `ED A0..BF` (surrogate), `F0 80..8F`, `F4 90..BF`, and
//!   the lead bytes `F5..FD`; it reports EILSEQ only once the whole sequence is there. C says
//!   `(size_t)-2` is for an "incomplete (but potentially valid)" character: utf8x says EILSEQ at
//!   the first byte that rules the character out (the maximal-subpart boundary).
//! - `Mbrtoc16StoresWithNullS`: `mbrtoc16(pc16, NULL, n, ps)` with a low surrogate owed stores it
//!   through `pc16`; C defines that call as `mbrtoc16(NULL, "", 1, ps)`, so `pc16` is ignored.
//!   utf8x stores nothing (both return `(size_t)-3`).
//! - `C16rtombNullAfterHigh`: `c16rtomb(NULL, c16, ps)` right after a high surrogate returns 1
//!   in glibc; C defines the call as `c16rtomb(buf, u'\0', ps)`, and a NUL cannot complete a
//!   surrogate pair, so utf8x says EILSEQ (the state is reset either way).
//! - `SrcAfterError`: when `mbsrtowcs`/`mbsnrtowcs` fail with EILSEQ on a sequence whose first
//!   bytes had been taken as an incomplete character (`ab` `E2 82` NUL), glibc leaves `*src`
//!   after those bytes; C says "just past the last multibyte character converted", which is
//!   where utf8x leaves it (at `E2`).
//! - `MblenReadsPastN`: glibc's `mblen(s, 0)` reads `*s` and returns 0 when it is NUL; utf8x
//!   never reads beyond `n` bytes and returns -1 (no character fits in 0 bytes).
//! - `StateAfterError`: after EILSEQ glibc leaves `*ps` non-initial (`mbsinit` is 0); C leaves it
//!   unspecified, utf8x resets it to the initial state.

use core::ffi::{c_char, c_int};
use std::sync::Once;

use libc::{mbstate_t, size_t, wchar_t};
use utf8x_ffi::*;

pub use super::errno::{clear_errno, errno};

unsafe extern "C" {
    pub fn mbrtowc(pwc: *mut wchar_t, s: *const c_char, n: size_t, ps: *mut mbstate_t) -> size_t;
    pub fn mbrtoc16(pc: *mut u16, s: *const c_char, n: size_t, ps: *mut mbstate_t) -> size_t;
    pub fn mbrtoc32(pc: *mut u32, s: *const c_char, n: size_t, ps: *mut mbstate_t) -> size_t;
    pub fn mbrlen(s: *const c_char, n: size_t, ps: *mut mbstate_t) -> size_t;
    pub fn mblen(s: *const c_char, n: size_t) -> c_int;
    pub fn wcrtomb(s: *mut c_char, wc: wchar_t, ps: *mut mbstate_t) -> size_t;
    pub fn c16rtomb(s: *mut c_char, c: u16, ps: *mut mbstate_t) -> size_t;
    pub fn c32rtomb(s: *mut c_char, c: u32, ps: *mut mbstate_t) -> size_t;
    pub fn mbsinit(ps: *const mbstate_t) -> c_int;
    pub fn mbsnrtowcs(
        d: *mut wchar_t,
        s: *mut *const c_char,
        nms: size_t,
        len: size_t,
        ps: *mut mbstate_t,
    ) -> size_t;
    pub fn mbsrtowcs(
        d: *mut wchar_t,
        s: *mut *const c_char,
        len: size_t,
        ps: *mut mbstate_t,
    ) -> size_t;
    pub fn wcsnrtombs(
        d: *mut c_char,
        s: *mut *const wchar_t,
        nwc: size_t,
        len: size_t,
        ps: *mut mbstate_t,
    ) -> size_t;
    pub fn wcsrtombs(
        d: *mut c_char,
        s: *mut *const wchar_t,
        len: size_t,
        ps: *mut mbstate_t,
    ) -> size_t;
    pub fn mbstowcs(d: *mut wchar_t, s: *const c_char, n: size_t) -> size_t;
    pub fn wcstombs(d: *mut c_char, s: *const wchar_t, n: size_t) -> size_t;
}

pub const FAIL: usize = usize::MAX;
pub const INCOMPLETE: usize = usize::MAX - 1;
pub const OWED: usize = usize::MAX - 2;

pub fn utf8_locale() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // SAFETY: called once, before any other locale-dependent call of this process.
        let got = unsafe { libc::setlocale(libc::LC_ALL, c"C.UTF-8".as_ptr()) };
        assert!(!got.is_null(), "this glibc has no C.UTF-8 locale");
    });
}

pub fn zero() -> mbstate_t {
    // SAFETY: all zero is the initial state of both implementations.
    unsafe { core::mem::zeroed() }
}

/// What one call did: return value, errno (when it failed) and the unit stored.
pub type Call = (usize, c_int, u32);

pub type Decode = unsafe extern "C" fn(*mut u32, *const c_char, size_t, *mut mbstate_t) -> size_t;

/// Calls a decoder with a fresh `*ps` or the given one, recording what C can observe.
pub fn decode(f: Decode, s: &[u8], n: usize, st: &mut mbstate_t) -> Call {
    let mut out = 0xAAAA_AAAAu32;
    clear_errno();
    // SAFETY: `s` holds at least `n` bytes (checked), `out` and `st` are locals.
    let r = unsafe {
        assert!(n <= s.len());
        f(&mut out, s.as_ptr().cast(), n, st)
    };
    (r, if r == FAIL { errno() } else { 0 }, out)
}

/// glibc's `mbrtowc` as a [`Decode`].
///
/// # Safety
///
/// As the C function's: `p` writable, `s` readable for `n` bytes, `ps` a valid state.
pub unsafe extern "C" fn glibc_mbrtowc(
    p: *mut u32,
    s: *const c_char,
    n: size_t,
    ps: *mut mbstate_t,
) -> size_t {
    // SAFETY: forwarded.
    unsafe { mbrtowc(p.cast(), s, n, ps) }
}

/// utf8x's `utf8x_mbrtowc` as a [`Decode`].
///
/// # Safety
///
/// As the C function's: `p` writable, `s` readable for `n` bytes, `ps` a valid state.
pub unsafe extern "C" fn ours_mbrtowc(
    p: *mut u32,
    s: *const c_char,
    n: size_t,
    ps: *mut mbstate_t,
) -> size_t {
    // SAFETY: forwarded.
    unsafe { utf8x_mbrtowc(p.cast(), s, n, ps) }
}

/// glibc's `mbrtoc16` as a [`Decode`], the unit widened to `u32`.
///
/// # Safety
///
/// As the C function's: `p` writable, `s` readable for `n` bytes, `ps` a valid state.
pub unsafe extern "C" fn glibc_mbrtoc16(
    p: *mut u32,
    s: *const c_char,
    n: size_t,
    ps: *mut mbstate_t,
) -> size_t {
    let mut u = 0xAAAAu16;
    // SAFETY: forwarded.
    let r = unsafe { mbrtoc16(&mut u, s, n, ps) };
    // SAFETY: `p` is a valid local of the caller.
    unsafe { p.write(u as u32) };
    r
}

/// utf8x's `utf8x_mbrtoc16` as a [`Decode`], the unit widened to `u32`.
///
/// # Safety
///
/// As the C function's: `p` writable, `s` readable for `n` bytes, `ps` a valid state.
pub unsafe extern "C" fn ours_mbrtoc16(
    p: *mut u32,
    s: *const c_char,
    n: size_t,
    ps: *mut mbstate_t,
) -> size_t {
    let mut u = 0xAAAAu16;
    // SAFETY: forwarded.
    let r = unsafe { utf8x_mbrtoc16(&mut u, s, n, ps) };
    // SAFETY: `p` is a valid local of the caller.
    unsafe { p.write(u as u32) };
    r
}

/// A documented way glibc departs from the C standard or RFC 3629 (see the file's docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difference {
    BeyondUnicode,
    DeferredError,
}

/// Bytes a sequence starting with `lead` has in the original UTF-8 (RFC 2279), which glibc
/// still decodes.
pub fn old_len(lead: u8) -> usize {
    match lead {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        0xF8..=0xFB => 5,
        0xFC..=0xFD => 6,
        _ => 1,
    }
}

/// Why glibc's `theirs` may differ from utf8x's `ours` (which the caller checked against RFC
/// 3629) on the bytes `s[..n]`, or `None` if it may not.
pub fn explain(s: &[u8], n: usize, ours: Call, theirs: Call) -> Option<Difference> {
    let s = &s[..n];
    let old_prefix = s.first().is_some_and(|&b| s.len() < old_len(b))
        && s[1..].iter().all(|&b| b & 0xC0 == 0x80);
    let beyond = match s {
        [0xF4, b1, ..] => *b1 >= 0x90,
        [b0, ..] => (0xF5..=0xFD).contains(b0),
        [] => false,
    };
    match (ours.0, theirs.0) {
        (FAIL, INCOMPLETE) if old_prefix => Some(Difference::DeferredError),
        // (mbrtoc16 stores a bogus unit for these, so look at the bytes.)
        (FAIL, k) if k <= 6 && beyond => Some(Difference::BeyondUnicode),
        _ => None,
    }
}

/// Compares one call of ours and glibc's on `s[..n]`: equal, or different in a documented way.
pub fn agree(what: &str, s: &[u8], n: usize, ours: Call, theirs: Call) -> Option<Difference> {
    if ours == theirs {
        return None;
    }
    let why = explain(s, n, ours, theirs);
    assert!(
        why.is_some(),
        "{what} {:02X?} n={n}: utf8x {ours:?}, glibc {theirs:?}",
        &s[..n]
    );
    why
}

/// What RFC 3629 says of `s` as the start of a character: the bytes of the first character
/// (0 for NUL), `INCOMPLETE`, or `FAIL`.
pub fn judge(s: &[u8]) -> usize {
    match std::str::from_utf8(s) {
        Ok(t) => t
            .chars()
            .next()
            .map_or(INCOMPLETE, |c| if c == '\0' { 0 } else { c.len_utf8() }),
        Err(e) if e.valid_up_to() > 0 => {
            let c = std::str::from_utf8(&s[..e.valid_up_to()])
                .unwrap()
                .chars()
                .next()
                .unwrap();
            if c == '\0' { 0 } else { c.len_utf8() }
        }
        Err(e) => match e.error_len() {
            None => INCOMPLETE,
            Some(_) => FAIL,
        },
    }
}
