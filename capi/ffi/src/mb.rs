//! `utf8x_mbrtowc` and friends: the C library's multibyte functions with their standard
//! signatures and return conventions, always UTF-8, never the locale. The state lives in the
//! caller's `mbstate_t` (see [`utf8x::MbState::to_words`] for the encoding); a NULL `mbstate_t *`
//! selects a per-thread state private to each function, as C's "internal state" is.

// Unix only: the `libc` crate has no `mbstate_t` elsewhere, and Windows' `wchar_t` is UTF-16.
#![cfg(unix)]

use core::cell::Cell;
use core::ffi::{c_char, c_int};
use std::thread::LocalKey;

use libc::{mbstate_t, wchar_t};

use utf8x::{MbConverted, MbDecoded, MbEnd, MbState};

use super::args::output;
use super::boundary::ffi_boundary;
use super::errno::set_errno;

// `char16_t` and `char32_t` as C11 `<uchar.h>` defines them. cbindgen skips the aliases and
// prints the names, which `<stdint.h>` defines (C99 has no `<uchar.h>`, C++ has distinct types).
/// cbindgen:ignore
#[allow(non_camel_case_types)]
type uint_least16_t = u16;
/// cbindgen:ignore
#[allow(non_camel_case_types)]
type uint_least32_t = u32;

// The state takes the first 8 bytes (glibc's whole `mbstate_t`; macOS's is larger).
const _: () = assert!(size_of::<mbstate_t>() >= 8 && align_of::<mbstate_t>() >= 4);
const _: () = assert!(
    size_of::<wchar_t>() == 4,
    "the mb functions assume a UTF-32 wchar_t"
);

/// `(size_t)-1`: an encoding error (errno says which).
const FAIL: usize = usize::MAX;
/// `(size_t)-2`: an incomplete character; all input went into the state.
const INCOMPLETE: usize = usize::MAX - 1;
/// `(size_t)-3`: the second half of a surrogate pair, from the state.
const OWED: usize = usize::MAX - 2;

type Own = LocalKey<Cell<[u32; 2]>>;

thread_local! {
    static MBRTOWC: Cell<[u32; 2]> = const { Cell::new([0; 2]) };
    static MBRLEN: Cell<[u32; 2]> = const { Cell::new([0; 2]) };
    static MBRTOC16: Cell<[u32; 2]> = const { Cell::new([0; 2]) };
    static MBRTOC32: Cell<[u32; 2]> = const { Cell::new([0; 2]) };
    static C16RTOMB: Cell<[u32; 2]> = const { Cell::new([0; 2]) };
    static C32RTOMB: Cell<[u32; 2]> = const { Cell::new([0; 2]) };
    static WCRTOMB: Cell<[u32; 2]> = const { Cell::new([0; 2]) };
    static MBSRTOWCS: Cell<[u32; 2]> = const { Cell::new([0; 2]) };
    static WCSRTOMBS: Cell<[u32; 2]> = const { Cell::new([0; 2]) };
}

/// Returns `(size_t)-1` with `errno = e`.
fn fail(e: c_int) -> usize {
    set_errno(e);
    FAIL
}

/// The answer of the `size_t` functions when utf8x panics: `(size_t)-1` with `errno = EINVAL`.
/// Not EILSEQ, which would blame the caller's text for a bug in utf8x.
fn panicked() -> usize {
    fail(libc::EINVAL)
}

/// Runs `f` on the state behind `ps`, or on `own` (this thread's state of the calling function)
/// when `ps` is NULL, and stores the state back. `None` when `*ps` holds a state this library
/// never stores.
///
/// # Safety
/// `ps` must be NULL or point to a readable and writable `mbstate_t`.
unsafe fn with_state<R>(
    ps: *mut mbstate_t,
    own: &'static Own,
    f: impl FnOnce(&mut MbState) -> R,
) -> Option<R> {
    let words = ps.cast::<[u32; 2]>();
    let stored = if ps.is_null() {
        own.get()
    } else {
        // SAFETY: `ps` is valid per the contract; `mbstate_t` is at least 8 bytes, 4-aligned (asserted).
        unsafe { words.read() }
    };
    let mut state = MbState::from_words(stored)?;
    let r = f(&mut state);
    if ps.is_null() {
        own.set(state.to_words());
    } else {
        // SAFETY: as above.
        unsafe { words.write(state.to_words()) };
    }
    Some(r)
}

/// Copies the bytes the next character needs from `s` (at most `n`, at most 4, never past a NUL
/// or past the byte that decides the character), so that no byte beyond the character is read.
///
/// # Safety
/// `s` must point to `n` readable bytes, or to a NUL-terminated string.
unsafe fn next_char(s: *const c_char, n: usize, state: MbState) -> ([u8; 4], usize) {
    let mut buf = [0u8; 4];
    let mut k = 0;
    while k < n.min(4) {
        // SAFETY: byte `k` is before `n` and no earlier byte was NUL or ended the character.
        // (Read as `u8`: `c_char` is signed on x86-64, unsigned on aarch64.)
        buf[k] = unsafe { s.cast::<u8>().add(k).read() };
        k += 1;
        let mut trial = state;
        if buf[k - 1] == 0 || trial.decode(&buf[..k]) != MbDecoded::Incomplete {
            break;
        }
    }
    (buf, k)
}

/// The body of `mbrtowc`, `mbrtoc32`, `mbrtoc16` and `mbrlen`: decodes with `decode` and maps the
/// answer to C's return value, storing a produced unit with `store`.
///
/// # Safety
/// `s` must be NULL or point to `n` readable bytes (or a NUL-terminated string); `ps` as in
/// [`with_state`].
unsafe fn decode_one(
    s: *const c_char,
    n: usize,
    ps: *mut mbstate_t,
    own: &'static Own,
    decode: fn(&mut MbState, &[u8]) -> MbDecoded,
    store: impl FnOnce(u32),
) -> usize {
    // C: a NULL `s` is the call with `""` and `n == 1`, which resets the state.
    let (s, n) = if s.is_null() {
        (c"".as_ptr(), 1)
    } else {
        (s, n)
    };
    // SAFETY: forwarded from this function's contract.
    let answer = unsafe {
        with_state(ps, own, |state| {
            let (buf, k) = next_char(s, n, *state);
            decode(state, &buf[..k])
        })
    };
    match answer {
        None => fail(libc::EINVAL),
        Some(MbDecoded::Char { value, used }) => {
            store(value);
            if value == 0 { 0 } else { used }
        }
        Some(MbDecoded::Owed { value }) => {
            store(value);
            OWED
        }
        Some(MbDecoded::Incomplete) => INCOMPLETE,
        Some(MbDecoded::Invalid) => fail(libc::EILSEQ),
    }
}

/// The body of `wcrtomb`, `c32rtomb` and `c16rtomb`.
///
/// # Safety
/// `s` must be NULL or point to 4 writable bytes; `ps` as in [`with_state`].
unsafe fn encode_one(
    s: *mut c_char,
    c: u32,
    ps: *mut mbstate_t,
    own: &'static Own,
    encode: fn(&mut MbState, u32, &mut [u8; 4]) -> Option<usize>,
) -> usize {
    // C: a NULL `s` is the call with an internal buffer and a NUL character.
    let c = if s.is_null() { 0 } else { c };
    let mut buf = [0u8; 4];
    // SAFETY: forwarded from this function's contract.
    match unsafe { with_state(ps, own, |state| encode(state, c, &mut buf)) } {
        None => fail(libc::EINVAL),
        Some(None) => fail(libc::EILSEQ),
        Some(Some(k)) => {
            if !s.is_null() {
                // SAFETY: `s` has room for 4 bytes per the contract; `k <= 4`.
                unsafe { core::ptr::copy_nonoverlapping(buf.as_ptr(), s.cast::<u8>(), k) };
            }
            k
        }
    }
}

/// Decodes one UTF-8 character from `s` into a `wchar_t` (UTF-32), like C's `mbrtowc` but always
/// in UTF-8 (RFC 3629), whatever the locale.
///
/// - `pwc`: where to store the character, or NULL to store nothing.
/// - `s`, `n`: the bytes to decode; at most `n` are read, and never a byte after the one that
///   completes or breaks the character. `s == NULL` means `s = ""`, `n = 1` (resets the state).
/// - `ps`: the conversion state (an `mbstate_t` zeroed or used only by utf8x's mb functions), or
///   NULL for an internal per-thread state of this function.
///
/// Returns the number of bytes of `s` that complete the character (1..4; fewer when earlier
/// bytes were held in `*ps`), 0 for U+0000, `(size_t)-2` when the `n` bytes end inside a
/// character that may still be valid (they are kept in `*ps`; with `n == 0` too), or
/// `(size_t)-1` with `errno = EILSEQ` for ill-formed UTF-8 (overlongs, surrogates, values above
/// U+10FFFF, 5- and 6-byte forms, stray continuation bytes: decided as early as the first byte
/// that cannot continue the sequence), after which `*ps` is the initial state.
///
/// Errors: `(size_t)-1` with `errno = EINVAL` when `*ps` holds a state utf8x never stores.
///
/// The state (all the `utf8x_` multibyte functions): utf8x keeps it in the caller's `mbstate_t`
/// in its own format: the first 32-bit word is a tag (0 initial, 1 pending UTF-8 bytes, 2 a low
/// surrogate `utf8x_mbrtoc16` owes, 3 a high surrogate `utf8x_c16rtomb` holds) plus the number
/// of pending bytes times 256; the second word holds the bytes (first byte lowest) or the
/// surrogate. A zeroed `mbstate_t` is the initial state. Do not pass one state between utf8x's
/// functions and the C library's: their formats differ (utf8x refuses a state it does not
/// recognise with EINVAL).
///
/// # Safety
/// `pwc` must be NULL or writable; `s` must be NULL or point to `n` readable bytes (or a
/// NUL-terminated string); `ps` must be NULL or point to a readable and writable `mbstate_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_mbrtowc(
    pwc: *mut wchar_t,
    s: *const c_char,
    n: usize,
    ps: *mut mbstate_t,
) -> usize {
    ffi_boundary(panicked, || {
        let store = |v: u32| {
            if !pwc.is_null() && !s.is_null() {
                // SAFETY: `pwc` is writable per the contract.
                unsafe { pwc.write(v as wchar_t) };
            }
        };
        // SAFETY: forwarded from this function's contract.
        unsafe { decode_one(s, n, ps, &MBRTOWC, MbState::decode, store) }
    })
}

/// Decodes one UTF-8 character from `s` into a `char32_t` (here `uint_least32_t`), like C11's
/// `mbrtoc32`, always in UTF-8. Arguments, return values and errors are those of
/// `utf8x_mbrtowc`, with `pc32` for `pwc`.
///
/// # Safety
/// `pc32` must be NULL or writable; `s` must be NULL or point to `n` readable bytes (or a
/// NUL-terminated string); `ps` must be NULL or point to a readable and writable `mbstate_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_mbrtoc32(
    pc32: *mut uint_least32_t,
    s: *const c_char,
    n: usize,
    ps: *mut mbstate_t,
) -> usize {
    ffi_boundary(panicked, || {
        let store = |v: u32| {
            if !pc32.is_null() && !s.is_null() {
                // SAFETY: `pc32` is writable per the contract.
                unsafe { pc32.write(v) };
            }
        };
        // SAFETY: forwarded from this function's contract.
        unsafe { decode_one(s, n, ps, &MBRTOC32, MbState::decode, store) }
    })
}

/// Decodes UTF-8 from `s` into `char16_t` (here `uint_least16_t`) UTF-16 units, like C11's
/// `mbrtoc16`, always in UTF-8.
///
/// For a character above U+FFFF it stores the high surrogate and returns the bytes used; the
/// next call (whatever `s` and `n`, even `n == 0`) stores the low surrogate and returns
/// `(size_t)-3`, reading no input; with `s == NULL` that call stores nothing, `pc16` being
/// ignored then as in C11, and the surrogate is dropped. Otherwise as `utf8x_mbrtowc`: bytes used, 0 for U+0000,
/// `(size_t)-2` for an incomplete character, `(size_t)-1` with `errno = EILSEQ` for ill-formed
/// UTF-8, `(size_t)-1` with `errno = EINVAL` for a foreign `*ps`.
///
/// # Safety
/// `pc16` must be NULL or writable; `s` must be NULL or point to `n` readable bytes (or a
/// NUL-terminated string); `ps` must be NULL or point to a readable and writable `mbstate_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_mbrtoc16(
    pc16: *mut uint_least16_t,
    s: *const c_char,
    n: usize,
    ps: *mut mbstate_t,
) -> usize {
    ffi_boundary(panicked, || {
        let store = |v: u32| {
            if !pc16.is_null() && !s.is_null() {
                // SAFETY: `pc16` is writable per the contract.
                unsafe { pc16.write(v as u16) };
            }
        };
        // SAFETY: forwarded from this function's contract.
        unsafe { decode_one(s, n, ps, &MBRTOC16, MbState::decode_utf16, store) }
    })
}

/// Returns the number of bytes completing the next UTF-8 character of `s`, like C's `mbrlen`:
/// `utf8x_mbrtowc(NULL, s, n, ps)`, except that a NULL `ps` selects `utf8x_mbrlen`'s own
/// per-thread state.
///
/// # Safety
/// `s` must be NULL or point to `n` readable bytes (or a NUL-terminated string); `ps` must be
/// NULL or point to a readable and writable `mbstate_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_mbrlen(s: *const c_char, n: usize, ps: *mut mbstate_t) -> usize {
    ffi_boundary(panicked, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { decode_one(s, n, ps, &MBRLEN, MbState::decode, |_| ()) }
    })
}

/// Returns the length of the UTF-8 character at `s`, like C's `mblen`, always in UTF-8.
///
/// - `s == NULL`: returns 0 (UTF-8 has no shift states).
/// - otherwise: 0 when `n > 0` and `s` points to NUL (no byte beyond `n` is read), 1..4 for a well-formed character within the first `n`
///   bytes, -1 when they do not form one: with `errno = EILSEQ` when they are ill-formed, errno
///   untouched when they end too early. Every call stands alone (no partial character is
///   remembered between calls).
///
/// # Safety
/// `s` must be NULL or point to `n` readable bytes (or a NUL-terminated string).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_mblen(s: *const c_char, n: usize) -> c_int {
    ffi_boundary(
        || -1,
        || {
            if s.is_null() {
                return 0;
            }
            // SAFETY: forwarded from this function's contract.
            let (buf, k) = unsafe { next_char(s, n, MbState::new()) };
            match MbState::new().decode(&buf[..k]) {
                MbDecoded::Char { value: 0, .. } => 0,
                MbDecoded::Char { used, .. } => used as c_int,
                MbDecoded::Invalid => {
                    set_errno(libc::EILSEQ);
                    -1
                }
                _ => -1,
            }
        },
    )
}

/// Encodes `wc` as UTF-8 into `s`, like C's `wcrtomb`, always in UTF-8.
///
/// - `s`: room for 4 bytes (`MB_LEN_MAX` is enough), or NULL: then `wc` is ignored and the call
///   is the one with an internal buffer and `L'\0'` (it returns 1 and resets the state).
/// - `wc`: a Unicode scalar value.
/// - `ps`: the state, or NULL for this function's per-thread state. UTF-8 output has no shift
///   state; the call leaves `*ps` initial.
///
/// Returns the bytes written (1..4), or `(size_t)-1` with `errno = EILSEQ` (nothing written) for
/// a surrogate (U+D800..U+DFFF), a value above U+10FFFF or a negative `wc`; `errno = EINVAL` for a
/// foreign `*ps`.
///
/// # Safety
/// `s` must be NULL or point to 4 writable bytes; `ps` must be NULL or point to a readable and
/// writable `mbstate_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_wcrtomb(s: *mut c_char, wc: wchar_t, ps: *mut mbstate_t) -> usize {
    ffi_boundary(panicked, || {
        // `wchar_t` is `i32` on x86-64 and `u32` on aarch64: its bits, whichever it is.
        let wc = u32::from_ne_bytes(wc.to_ne_bytes());
        // SAFETY: forwarded from this function's contract.
        unsafe { encode_one(s, wc, ps, &WCRTOMB, MbState::encode) }
    })
}

/// Encodes the `char32_t` (here `uint_least32_t`) `c32` as UTF-8 into `s`, like C11's
/// `c32rtomb`. Arguments, return values and errors are those of `utf8x_wcrtomb`.
///
/// # Safety
/// `s` must be NULL or point to 4 writable bytes; `ps` must be NULL or point to a readable and
/// writable `mbstate_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_c32rtomb(
    s: *mut c_char,
    c32: uint_least32_t,
    ps: *mut mbstate_t,
) -> usize {
    ffi_boundary(panicked, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { encode_one(s, c32, ps, &C32RTOMB, MbState::encode) }
    })
}

/// Encodes the UTF-16 unit `c16` (`char16_t`, here `uint_least16_t`) as UTF-8 into `s`, like
/// C11's `c16rtomb`, with surrogate pairs.
///
/// A high surrogate is stored in `*ps` and the call returns 0 (nothing written); the next call
/// must bring a low surrogate, and writes the 4-byte character. A low surrogate without a stored
/// high one, or a stored high surrogate followed by anything else, is `(size_t)-1` with
/// `errno = EILSEQ` (nothing written, `*ps` reset). Otherwise writes the character (1..3 bytes)
/// and returns its length. `s == NULL` is the call with an internal buffer and `c16 = 0` (it
/// fails if a high surrogate is stored, and resets the state). `errno = EINVAL` for a foreign
/// `*ps`.
///
/// # Safety
/// `s` must be NULL or point to 4 writable bytes; `ps` must be NULL or point to a readable and
/// writable `mbstate_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_c16rtomb(
    s: *mut c_char,
    c16: uint_least16_t,
    ps: *mut mbstate_t,
) -> usize {
    ffi_boundary(panicked, || {
        let encode: fn(&mut MbState, u32, &mut [u8; 4]) -> Option<usize> =
            |st, c, out| st.encode_utf16(c as u16, out);
        // SAFETY: forwarded from this function's contract.
        unsafe { encode_one(s, c16 as u32, ps, &C16RTOMB, encode) }
    })
}

/// Returns nonzero when `ps` is NULL or describes the initial conversion state (nothing
/// pending), like C's `mbsinit`; 0 otherwise, including for a state utf8x never stores.
///
/// # Safety
/// `ps` must be NULL or point to a readable `mbstate_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_mbsinit(ps: *const mbstate_t) -> c_int {
    ffi_boundary(
        || 0,
        || {
            if ps.is_null() {
                return 1;
            }
            // SAFETY: `ps` is readable per the contract; `mbstate_t` is at least 8 bytes, 4-aligned (asserted).
            let words = unsafe { ps.cast::<[u32; 2]>().read() };
            MbState::from_words(words).is_some_and(|s| s.is_initial()) as c_int
        },
    )
}

/// A string unit whose terminator the C library can find (vectorised in glibc).
trait CUnit: Copy + PartialEq + Default {
    /// Units before the terminator, at most `max`.
    ///
    /// # Safety
    /// `s` must point to a string terminated by a zero unit, or to `max` readable units.
    unsafe fn strnlen(s: *const Self, max: usize) -> usize;
}

// POSIX 2008; the `libc` crate does not declare it.
unsafe extern "C" {
    // Kept out of utf8x's header by cbindgen.toml's `exclude`.
    fn wcsnlen(s: *const wchar_t, max: usize) -> usize;
}

impl CUnit for u8 {
    unsafe fn strnlen(s: *const u8, max: usize) -> usize {
        // SAFETY: forwarded from this function's contract.
        unsafe { libc::strnlen(s.cast(), max) }
    }
}

impl CUnit for u32 {
    unsafe fn strnlen(s: *const u32, max: usize) -> usize {
        // SAFETY: forwarded from this function's contract (`wchar_t` is a 32-bit unit, asserted).
        unsafe { wcsnlen(s.cast(), max) }
    }
}

/// Length of the string at `s`, counting at most `max` units, plus its terminator if that is
/// within `max`.
///
/// # Safety
/// `s` must point to a string terminated by a zero unit, or to `max` readable units.
unsafe fn span<T: CUnit>(s: *const T, max: usize) -> usize {
    // SAFETY: forwarded from this function's contract.
    let n = unsafe { T::strnlen(s, max) };
    n + usize::from(n < max)
}

/// The body of the string conversions: reads the string at `*src` (at most `nms` units), lets
/// `convert` turn it into at most `len` output units at `dst` (or count them when `dst` is
/// NULL: then neither `*src` nor the state changes), and applies C's rules for `*src`, the state
/// and the return value. `per_char` bounds the output units one input unit can give.
///
/// # Safety
/// `src` must point to a valid pointer to a string of `S` terminated by a zero unit (or with
/// `nms` readable units); `dst` must be NULL or point to `len` writable `D`; `ps` as in
/// [`with_state`].
#[allow(clippy::too_many_arguments)]
unsafe fn convert_str<S: CUnit, D: Copy>(
    dst: *mut D,
    src: *mut *const S,
    nms: usize,
    len: usize,
    ps: *mut mbstate_t,
    own: &'static Own,
    per_char: usize,
    convert: fn(&mut MbState, &[S], Option<&mut [D]>) -> MbConverted,
) -> usize {
    // SAFETY: `src` is readable per the contract (NULL is refused).
    let Some(start) = (!src.is_null()).then(|| unsafe { src.read() }) else {
        return fail(libc::EINVAL);
    };
    if start.is_null() {
        return fail(libc::EINVAL);
    }
    // With an output, no more input than `len` characters can need is read.
    let bound = if dst.is_null() {
        nms
    } else {
        nms.min(len.saturating_add(1).saturating_mul(4))
    };
    // SAFETY: forwarded from this function's contract.
    let input = unsafe { core::slice::from_raw_parts(start, span(start, bound)) };
    // No more than `per_char` units per input unit (plus one) can be written.
    let cap = len.min(input.len().saturating_mul(per_char).saturating_add(1));
    // SAFETY: forwarded from this function's contract; `cap <= len`.
    let Some(out) = (unsafe { output(dst, cap) }) else {
        return fail(libc::EINVAL);
    };
    let measuring = out.is_none();
    let done = if measuring {
        // A measuring call leaves the state alone (the conversion that follows needs it).
        // SAFETY: forwarded from this function's contract.
        unsafe { with_state(ps, own, |state| convert(&mut { *state }, input, None)) }
    } else {
        // SAFETY: forwarded from this function's contract.
        unsafe { with_state(ps, own, |state| convert(state, input, out)) }
    };
    let Some(done) = done else {
        return fail(libc::EINVAL);
    };
    if !measuring {
        let next = match done.end {
            MbEnd::Terminator => core::ptr::null(),
            // SAFETY: `done.read <= input.len()`, within the string.
            _ => unsafe { start.add(done.read) },
        };
        // SAFETY: `src` is writable per the contract.
        unsafe { src.write(next) };
    }
    match done.end {
        MbEnd::Invalid => fail(libc::EILSEQ),
        _ => done.written,
    }
}

/// Converts the NUL-terminated UTF-8 string at `*src` to `wchar_t`, like POSIX `mbsnrtowcs`,
/// reading at most `nms` bytes; always UTF-8.
///
/// - `dst`, `len`: room for `len` wide characters, or `dst == NULL` to count them all (`len` and
///   `nms` limits aside, nothing is written and neither `*src` nor `*ps` changes).
/// - `src`: the address of the string pointer; with `dst != NULL` it is advanced: to NULL when
///   the terminating NUL was converted (it is stored but not counted, and `*ps` becomes
///   initial), else just past the last byte used (a character cut off by `nms` is kept in `*ps`
///   and its bytes count as used), or to the start of an ill-formed sequence.
/// - `nms`: bytes to read at most; `len`: wide characters to write at most.
/// - `ps`: the state, or NULL for a per-thread state shared with `utf8x_mbsrtowcs`.
///
/// Returns the wide characters written (or counted), not counting the NUL, or `(size_t)-1` with
/// `errno = EILSEQ` at ill-formed UTF-8 (the characters before it were written).
///
/// Errors: `(size_t)-1` with `errno = EINVAL` when `src` or `*src` is NULL, `dst` is misaligned,
/// or `*ps` holds a state utf8x never stores.
///
/// # Safety
/// `src` must point to a readable and writable pointer to a NUL-terminated string (or to `nms`
/// readable bytes); `dst` must be NULL or point to `len` writable `wchar_t`; `ps` must be NULL or
/// point to a readable and writable `mbstate_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_mbsnrtowcs(
    dst: *mut wchar_t,
    src: *mut *const c_char,
    nms: usize,
    len: usize,
    ps: *mut mbstate_t,
) -> usize {
    ffi_boundary(panicked, || {
        let (dst, src) = (dst.cast::<u32>(), src.cast::<*const u8>());
        // SAFETY: forwarded from this function's contract (`wchar_t` is a 32-bit unit, asserted).
        unsafe { convert_str(dst, src, nms, len, ps, &MBSRTOWCS, 1, MbState::decode_str) }
    })
}

/// Converts the NUL-terminated UTF-8 string at `*src` to `wchar_t`, like C's `mbsrtowcs`: this
/// is `utf8x_mbsnrtowcs` without a byte limit.
///
/// # Safety
/// `src` must point to a readable and writable pointer to a NUL-terminated string; `dst` must be
/// NULL or point to `len` writable `wchar_t`; `ps` must be NULL or point to a readable and
/// writable `mbstate_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_mbsrtowcs(
    dst: *mut wchar_t,
    src: *mut *const c_char,
    len: usize,
    ps: *mut mbstate_t,
) -> usize {
    ffi_boundary(panicked, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { utf8x_mbsnrtowcs(dst, src, usize::MAX, len, ps) }
    })
}

/// Converts the NUL-terminated UTF-8 string `src` to `wchar_t`, like C's `mbstowcs`: at most `n`
/// wide characters into `dst` (the NUL too, if it fits), or with `dst == NULL` counts them all.
/// Returns the wide characters written or counted, not counting the NUL, or `(size_t)-1` with
/// `errno = EILSEQ` for ill-formed UTF-8 (including a string ending inside a character).
///
/// # Safety
/// `src` must point to a NUL-terminated string; `dst` must be NULL or point to `n` writable
/// `wchar_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_mbstowcs(dst: *mut wchar_t, src: *const c_char, n: usize) -> usize {
    ffi_boundary(panicked, || {
        let mut state = mbstate_t_zero();
        let mut src = src;
        // SAFETY: forwarded from this function's contract; `src` and `state` are locals.
        unsafe { utf8x_mbsnrtowcs(dst, &mut src, usize::MAX, n, &mut state) }
    })
}

/// Converts the wide string at `*src` to UTF-8, like POSIX `wcsnrtombs`, reading at most `nwc`
/// wide characters; always UTF-8.
///
/// - `dst`, `len`: room for `len` bytes (a character that does not fit whole is not written), or
///   `dst == NULL` to count the bytes (then `len` is ignored and `*src`, `*ps` do not change).
/// - `src`: the address of the wide string pointer; with `dst != NULL` it is advanced: to NULL
///   when the terminating `L'\0'` was converted (written, not counted), else to the first wide
///   character not converted (the one that did not fit, or that is not a Unicode scalar value).
/// - `nwc`: wide characters to read at most.
/// - `ps`: the state, or NULL for a per-thread state shared with `utf8x_wcsrtombs`; UTF-8 output
///   has no shift state, so it only matters for being restored to initial at the NUL.
///
/// Returns the bytes written (or counted), not counting the NUL, or `(size_t)-1` with
/// `errno = EILSEQ` at a surrogate, a value above U+10FFFF or a negative value (the bytes before
/// it were written).
///
/// Errors: `(size_t)-1` with `errno = EINVAL` when `src` or `*src` is NULL, or `*ps` holds a
/// state utf8x never stores.
///
/// # Safety
/// `src` must point to a readable and writable pointer to a wide string terminated by `L'\0'` (or
/// to `nwc` readable `wchar_t`); `dst` must be NULL or point to `len` writable bytes; `ps` must be
/// NULL or point to a readable and writable `mbstate_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_wcsnrtombs(
    dst: *mut c_char,
    src: *mut *const wchar_t,
    nwc: usize,
    len: usize,
    ps: *mut mbstate_t,
) -> usize {
    ffi_boundary(panicked, || {
        let (dst, src) = (dst.cast::<u8>(), src.cast::<*const u32>());
        // SAFETY: forwarded from this function's contract (`wchar_t` is a 32-bit unit, asserted).
        unsafe { convert_str(dst, src, nwc, len, ps, &WCSRTOMBS, 4, MbState::encode_str) }
    })
}

/// Converts the wide string at `*src` to UTF-8, like C's `wcsrtombs`: this is
/// `utf8x_wcsnrtombs` without a limit on the wide characters read.
///
/// # Safety
/// `src` must point to a readable and writable pointer to a wide string terminated by `L'\0'`;
/// `dst` must be NULL or point to `len` writable bytes; `ps` must be NULL or point to a readable
/// and writable `mbstate_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_wcsrtombs(
    dst: *mut c_char,
    src: *mut *const wchar_t,
    len: usize,
    ps: *mut mbstate_t,
) -> usize {
    ffi_boundary(panicked, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { utf8x_wcsnrtombs(dst, src, usize::MAX, len, ps) }
    })
}

/// Converts the wide string `src` to UTF-8, like C's `wcstombs`: at most `n` bytes into `dst`
/// (whole characters only; the NUL too, if it fits), or with `dst == NULL` counts them. Returns
/// the bytes written or counted, not counting the NUL, or `(size_t)-1` with `errno = EILSEQ` for
/// a wide character that is not a Unicode scalar value.
///
/// # Safety
/// `src` must point to a wide string terminated by `L'\0'`; `dst` must be NULL or point to `n`
/// writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_wcstombs(dst: *mut c_char, src: *const wchar_t, n: usize) -> usize {
    ffi_boundary(panicked, || {
        let mut state = mbstate_t_zero();
        let mut src = src;
        // SAFETY: forwarded from this function's contract; `src` and `state` are locals.
        unsafe { utf8x_wcsnrtombs(dst, &mut src, usize::MAX, n, &mut state) }
    })
}

/// An initial `mbstate_t`.
fn mbstate_t_zero() -> mbstate_t {
    // SAFETY: `mbstate_t` is plain integers; all zero is its initial state.
    unsafe { core::mem::zeroed() }
}
