//! Conversion shims. Every one follows the same contract, spelled out in each doc comment so
//! that the header answers every question on its own.

use libc::wchar_t;

use super::args::{Core, convert};
use super::boundary::{ffi_boundary, internal};
use super::utf8x_result;

#[cfg(not(windows))]
type WcharUnit = u32;
#[cfg(windows)]
type WcharUnit = u16;
const _: () = assert!(core::mem::size_of::<wchar_t>() == core::mem::size_of::<WcharUnit>());

#[cfg(not(windows))]
const TO_WCHAR: Core<u8, WcharUnit> = utf8x::to_utf32;
#[cfg(not(windows))]
const FROM_WCHAR: Core<WcharUnit, u8> = utf8x::from_utf32;
#[cfg(windows)]
const TO_WCHAR: Core<u8, WcharUnit> = utf8x::to_utf16;
#[cfg(windows)]
const FROM_WCHAR: Core<WcharUnit, u8> = utf8x::from_utf16;

/// Converts UTF-8 `src[0..len)` to UTF-16 with little-endian units in `dst[0..dst_cap)`.
///
/// Under ESCAPE each bad byte b becomes the lone surrogate U+DC00+b (PEP 383), so
/// `utf8x_from_utf16le` with ESCAPE gives back the original bytes.
///
/// - `src`, `len`: the UTF-8 input, `len` in bytes.
/// - `dst`, `dst_cap`: the output and its capacity in `uint16_t` units; `dst == NULL` writes nothing
///   and returns in `written` the units the whole conversion needs (under STRICT: up to the
///   first error).
/// - `policy`: `UTF8X_STRICT`, `UTF8X_REPLACE`, `UTF8X_SKIP`, `UTF8X_ESCAPE` or
///   `UTF8X_FALLBACK` (each ill-formed byte as its Windows-1252 character; on UTF-16/UTF-32
///   input as REPLACE).
///
/// A `dst_cap` of 2 units (one character of the output: a surrogate pair) always makes
/// progress.
///
/// Returns `UTF8X_OK` with `read == len`; `UTF8X_OUTPUT_FULL` when the next character does not fit
/// (`read`/`written` stop after the last whole character that did: call again from `src + read`);
/// under STRICT, `UTF8X_INVALID` / `UTF8X_TRUNCATED` with `read` = offset of the
/// problem, `error_len`, `error`, and the output before it written. `replaced` counts substitutions.
///
/// Errors: `UTF8X_BAD_ARGUMENT` (nothing read or written) for `src == NULL` with `len > 0`, `dst` not 2-byte aligned;
/// overlapping `src`/`dst`, or an unknown policy. Never writes at or past `dst + dst_cap`.
///
/// # Safety
/// `src` must point to `len` readable bytes (or be NULL with `len == 0`); `dst` must be NULL or
/// point to `dst_cap` writable `uint16_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_to_utf16le(
    src: *const u8,
    len: usize,
    dst: *mut u16,
    dst_cap: usize,
    policy: u32,
) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { convert(src, len, dst, dst_cap, policy, utf8x::to_utf16le) }
    })
}

/// Converts UTF-8 `src[0..len)` to UTF-16 with big-endian units in `dst[0..dst_cap)`.
///
/// Under ESCAPE each bad byte b becomes the lone surrogate U+DC00+b (PEP 383), so
/// `utf8x_from_utf16be` with ESCAPE gives back the original bytes.
///
/// - `src`, `len`: the UTF-8 input, `len` in bytes.
/// - `dst`, `dst_cap`: the output and its capacity in `uint16_t` units; `dst == NULL` writes nothing
///   and returns in `written` the units the whole conversion needs (under STRICT: up to the
///   first error).
/// - `policy`: `UTF8X_STRICT`, `UTF8X_REPLACE`, `UTF8X_SKIP`, `UTF8X_ESCAPE` or
///   `UTF8X_FALLBACK` (each ill-formed byte as its Windows-1252 character; on UTF-16/UTF-32
///   input as REPLACE).
///
/// A `dst_cap` of 2 units (one character of the output: a surrogate pair) always makes
/// progress.
///
/// Returns `UTF8X_OK` with `read == len`; `UTF8X_OUTPUT_FULL` when the next character does not fit
/// (`read`/`written` stop after the last whole character that did: call again from `src + read`);
/// under STRICT, `UTF8X_INVALID` / `UTF8X_TRUNCATED` with `read` = offset of the
/// problem, `error_len`, `error`, and the output before it written. `replaced` counts substitutions.
///
/// Errors: `UTF8X_BAD_ARGUMENT` (nothing read or written) for `src == NULL` with `len > 0`, `dst` not 2-byte aligned;
/// overlapping `src`/`dst`, or an unknown policy. Never writes at or past `dst + dst_cap`.
///
/// # Safety
/// `src` must point to `len` readable bytes (or be NULL with `len == 0`); `dst` must be NULL or
/// point to `dst_cap` writable `uint16_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_to_utf16be(
    src: *const u8,
    len: usize,
    dst: *mut u16,
    dst_cap: usize,
    policy: u32,
) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { convert(src, len, dst, dst_cap, policy, utf8x::to_utf16be) }
    })
}

/// Converts UTF-8 `src[0..len)` to UTF-16 in the machine's byte order in `dst[0..dst_cap)`.
///
/// Under ESCAPE each bad byte b becomes the lone surrogate U+DC00+b (PEP 383), so
/// `utf8x_from_utf16` with ESCAPE gives back the original bytes.
///
/// - `src`, `len`: the UTF-8 input, `len` in bytes.
/// - `dst`, `dst_cap`: the output and its capacity in `uint16_t` units; `dst == NULL` writes nothing
///   and returns in `written` the units the whole conversion needs (under STRICT: up to the
///   first error).
/// - `policy`: `UTF8X_STRICT`, `UTF8X_REPLACE`, `UTF8X_SKIP`, `UTF8X_ESCAPE` or
///   `UTF8X_FALLBACK` (each ill-formed byte as its Windows-1252 character; on UTF-16/UTF-32
///   input as REPLACE).
///
/// A `dst_cap` of 2 units (one character of the output: a surrogate pair) always makes
/// progress.
///
/// Returns `UTF8X_OK` with `read == len`; `UTF8X_OUTPUT_FULL` when the next character does not fit
/// (`read`/`written` stop after the last whole character that did: call again from `src + read`);
/// under STRICT, `UTF8X_INVALID` / `UTF8X_TRUNCATED` with `read` = offset of the
/// problem, `error_len`, `error`, and the output before it written. `replaced` counts substitutions.
///
/// Errors: `UTF8X_BAD_ARGUMENT` (nothing read or written) for `src == NULL` with `len > 0`, `dst` not 2-byte aligned;
/// overlapping `src`/`dst`, or an unknown policy. Never writes at or past `dst + dst_cap`.
///
/// # Safety
/// `src` must point to `len` readable bytes (or be NULL with `len == 0`); `dst` must be NULL or
/// point to `dst_cap` writable `uint16_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_to_utf16(
    src: *const u8,
    len: usize,
    dst: *mut u16,
    dst_cap: usize,
    policy: u32,
) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { convert(src, len, dst, dst_cap, policy, utf8x::to_utf16) }
    })
}

/// Converts UTF-8 `src[0..len)` to UTF-32 in the machine's byte order in `dst[0..dst_cap)`.
///
/// Under ESCAPE each bad byte b becomes the lone surrogate U+DC00+b (PEP 383), so
/// `utf8x_from_utf32` with ESCAPE gives back the original bytes.
///
/// - `src`, `len`: the UTF-8 input, `len` in bytes.
/// - `dst`, `dst_cap`: the output and its capacity in `uint32_t` units; `dst == NULL` writes nothing
///   and returns in `written` the units the whole conversion needs (under STRICT: up to the
///   first error).
/// - `policy`: `UTF8X_STRICT`, `UTF8X_REPLACE`, `UTF8X_SKIP`, `UTF8X_ESCAPE` or
///   `UTF8X_FALLBACK` (each ill-formed byte as its Windows-1252 character; on UTF-16/UTF-32
///   input as REPLACE).
///
/// A `dst_cap` of 1 unit (one character of the output) always makes progress.
///
/// Returns `UTF8X_OK` with `read == len`; `UTF8X_OUTPUT_FULL` when the next character does not fit
/// (`read`/`written` stop after the last whole character that did: call again from `src + read`);
/// under STRICT, `UTF8X_INVALID` / `UTF8X_TRUNCATED` with `read` = offset of the
/// problem, `error_len`, `error`, and the output before it written. `replaced` counts substitutions.
///
/// Errors: `UTF8X_BAD_ARGUMENT` (nothing read or written) for `src == NULL` with `len > 0`, `dst` not 4-byte aligned;
/// overlapping `src`/`dst`, or an unknown policy. Never writes at or past `dst + dst_cap`.
///
/// # Safety
/// `src` must point to `len` readable bytes (or be NULL with `len == 0`); `dst` must be NULL or
/// point to `dst_cap` writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_to_utf32(
    src: *const u8,
    len: usize,
    dst: *mut u32,
    dst_cap: usize,
    policy: u32,
) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { convert(src, len, dst, dst_cap, policy, utf8x::to_utf32) }
    })
}

/// Converts UTF-8 `src[0..len)` to ISO-8859-1 (Latin-1) in `dst[0..dst_cap)`.
///
/// Characters above U+00FF are unmappable: `UTF8X_UNMAPPABLE` under STRICT, `?` under
/// REPLACE, dropped under SKIP. ESCAPE is `UTF8X_BAD_ARGUMENT` (Latin-1 cannot carry escapes).
///
/// - `src`, `len`: the UTF-8 input, `len` in bytes.
/// - `dst`, `dst_cap`: the output and its capacity in `uint8_t` units; `dst == NULL` writes nothing
///   and returns in `written` the units the whole conversion needs (under STRICT: up to the
///   first error).
/// - `policy`: `UTF8X_STRICT`, `UTF8X_REPLACE`, `UTF8X_SKIP`, `UTF8X_ESCAPE` or
///   `UTF8X_FALLBACK` (each ill-formed byte as its Windows-1252 character; on UTF-16/UTF-32
///   input as REPLACE).
///
/// A `dst_cap` of 1 byte (one character of the output) always makes progress.
///
/// Returns `UTF8X_OK` with `read == len`; `UTF8X_OUTPUT_FULL` when the next character does not fit
/// (`read`/`written` stop after the last whole character that did: call again from `src + read`);
/// under STRICT, `UTF8X_INVALID` / `UTF8X_TRUNCATED` / `UTF8X_UNMAPPABLE` with `read` = offset of the
/// problem, `error_len`, `error`, and the output before it written. `replaced` counts substitutions.
///
/// Errors: `UTF8X_BAD_ARGUMENT` (nothing read or written) for `src == NULL` with `len > 0`,
/// overlapping `src`/`dst`, or an unknown policy. Never writes at or past `dst + dst_cap`.
///
/// # Safety
/// `src` must point to `len` readable bytes (or be NULL with `len == 0`); `dst` must be NULL or
/// point to `dst_cap` writable `uint8_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_to_latin1(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    dst_cap: usize,
    policy: u32,
) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { convert(src, len, dst, dst_cap, policy, utf8x::to_latin1) }
    })
}

/// Converts UTF-8 `src[0..len)` to `wchar_t` (UTF-32 on Linux and macOS, UTF-16 on Windows) in `dst[0..dst_cap)`.
///
/// Under ESCAPE each bad byte b becomes the lone surrogate U+DC00+b (PEP 383), so
/// `utf8x_from_wchar` with ESCAPE gives back the original bytes.
///
/// - `src`, `len`: the UTF-8 input, `len` in bytes.
/// - `dst`, `dst_cap`: the output and its capacity in `wchar_t` units; `dst == NULL` writes nothing
///   and returns in `written` the units the whole conversion needs (under STRICT: up to the
///   first error).
/// - `policy`: `UTF8X_STRICT`, `UTF8X_REPLACE`, `UTF8X_SKIP`, `UTF8X_ESCAPE` or
///   `UTF8X_FALLBACK` (each ill-formed byte as its Windows-1252 character; on UTF-16/UTF-32
///   input as REPLACE).
///
/// A `dst_cap` of one character of the output (1 unit where `wchar_t` is 32 bits, 2 where it is
/// 16) always makes progress.
///
/// Returns `UTF8X_OK` with `read == len`; `UTF8X_OUTPUT_FULL` when the next character does not fit
/// (`read`/`written` stop after the last whole character that did: call again from `src + read`);
/// under STRICT, `UTF8X_INVALID` / `UTF8X_TRUNCATED` with `read` = offset of the
/// problem, `error_len`, `error`, and the output before it written. `replaced` counts substitutions.
///
/// Errors: `UTF8X_BAD_ARGUMENT` (nothing read or written) for `src == NULL` with `len > 0`, `dst` not aligned for `wchar_t`;
/// overlapping `src`/`dst`, or an unknown policy. Never writes at or past `dst + dst_cap`.
///
/// # Safety
/// `src` must point to `len` readable bytes (or be NULL with `len == 0`); `dst` must be NULL or
/// point to `dst_cap` writable `wchar_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_to_wchar(
    src: *const u8,
    len: usize,
    dst: *mut wchar_t,
    dst_cap: usize,
    policy: u32,
) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { convert(src, len, dst.cast::<WcharUnit>(), dst_cap, policy, TO_WCHAR) }
    })
}

/// Converts UTF-16 with little-endian units `src[0..len)` to UTF-8 in `dst[0..dst_cap)`.
///
/// A high surrogate as the last unit is `UTF8X_TRUNCATED`; any other unpaired surrogate is
/// `UTF8X_INVALID` with `error_len` 1. REPLACE writes one U+FFFD per such unit. ESCAPE
/// writes a lone U+DC80..U+DCFF as the byte 80..FF and stops (as STRICT) at any other.
///
/// - `src`, `len`: the input, `len` in `uint16_t` units.
/// - `dst`, `dst_cap`: the output and its capacity in bytes; `dst == NULL` writes nothing and
///   returns in `written` the bytes the whole conversion needs (under STRICT: up to the first
///   error).
/// - `policy`: `UTF8X_STRICT`, `UTF8X_REPLACE`, `UTF8X_SKIP`, `UTF8X_ESCAPE` or
///   `UTF8X_FALLBACK` (each ill-formed byte as its Windows-1252 character; on UTF-16/UTF-32
///   input as REPLACE).
///
/// A `dst_cap` of 4 bytes (one character of the output) always makes progress.
///
/// Returns `UTF8X_OK` with `read == len`; `UTF8X_OUTPUT_FULL` when the next character does not fit
/// (`read`/`written` stop after the last whole character that did: call again from `src + read`);
/// under STRICT, `UTF8X_INVALID` / `UTF8X_TRUNCATED` with `read` = offset of the problem,
/// `error_len`, `error`, and the output before it written. `replaced` counts substitutions.
///
/// Errors: `UTF8X_BAD_ARGUMENT` (nothing read or written) for `src == NULL` with `len > 0`, `src` not 2-byte aligned;
/// overlapping `src`/`dst`, or an unknown policy. Never writes at or past `dst + dst_cap`.
///
/// # Safety
/// `src` must point to `len` readable `uint16_t` (or be NULL with `len == 0`); `dst` must be NULL
/// or point to `dst_cap` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_from_utf16le(
    src: *const u16,
    len: usize,
    dst: *mut u8,
    dst_cap: usize,
    policy: u32,
) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { convert(src, len, dst, dst_cap, policy, utf8x::from_utf16le) }
    })
}

/// Converts UTF-16 with big-endian units `src[0..len)` to UTF-8 in `dst[0..dst_cap)`.
///
/// A high surrogate as the last unit is `UTF8X_TRUNCATED`; any other unpaired surrogate is
/// `UTF8X_INVALID` with `error_len` 1. REPLACE writes one U+FFFD per such unit. ESCAPE
/// writes a lone U+DC80..U+DCFF as the byte 80..FF and stops (as STRICT) at any other.
///
/// - `src`, `len`: the input, `len` in `uint16_t` units.
/// - `dst`, `dst_cap`: the output and its capacity in bytes; `dst == NULL` writes nothing and
///   returns in `written` the bytes the whole conversion needs (under STRICT: up to the first
///   error).
/// - `policy`: `UTF8X_STRICT`, `UTF8X_REPLACE`, `UTF8X_SKIP`, `UTF8X_ESCAPE` or
///   `UTF8X_FALLBACK` (each ill-formed byte as its Windows-1252 character; on UTF-16/UTF-32
///   input as REPLACE).
///
/// A `dst_cap` of 4 bytes (one character of the output) always makes progress.
///
/// Returns `UTF8X_OK` with `read == len`; `UTF8X_OUTPUT_FULL` when the next character does not fit
/// (`read`/`written` stop after the last whole character that did: call again from `src + read`);
/// under STRICT, `UTF8X_INVALID` / `UTF8X_TRUNCATED` with `read` = offset of the problem,
/// `error_len`, `error`, and the output before it written. `replaced` counts substitutions.
///
/// Errors: `UTF8X_BAD_ARGUMENT` (nothing read or written) for `src == NULL` with `len > 0`, `src` not 2-byte aligned;
/// overlapping `src`/`dst`, or an unknown policy. Never writes at or past `dst + dst_cap`.
///
/// # Safety
/// `src` must point to `len` readable `uint16_t` (or be NULL with `len == 0`); `dst` must be NULL
/// or point to `dst_cap` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_from_utf16be(
    src: *const u16,
    len: usize,
    dst: *mut u8,
    dst_cap: usize,
    policy: u32,
) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { convert(src, len, dst, dst_cap, policy, utf8x::from_utf16be) }
    })
}

/// Converts UTF-16 in the machine's byte order `src[0..len)` to UTF-8 in `dst[0..dst_cap)`.
///
/// A high surrogate as the last unit is `UTF8X_TRUNCATED`; any other unpaired surrogate is
/// `UTF8X_INVALID` with `error_len` 1. REPLACE writes one U+FFFD per such unit. ESCAPE
/// writes a lone U+DC80..U+DCFF as the byte 80..FF and stops (as STRICT) at any other.
///
/// - `src`, `len`: the input, `len` in `uint16_t` units.
/// - `dst`, `dst_cap`: the output and its capacity in bytes; `dst == NULL` writes nothing and
///   returns in `written` the bytes the whole conversion needs (under STRICT: up to the first
///   error).
/// - `policy`: `UTF8X_STRICT`, `UTF8X_REPLACE`, `UTF8X_SKIP`, `UTF8X_ESCAPE` or
///   `UTF8X_FALLBACK` (each ill-formed byte as its Windows-1252 character; on UTF-16/UTF-32
///   input as REPLACE).
///
/// A `dst_cap` of 4 bytes (one character of the output) always makes progress.
///
/// Returns `UTF8X_OK` with `read == len`; `UTF8X_OUTPUT_FULL` when the next character does not fit
/// (`read`/`written` stop after the last whole character that did: call again from `src + read`);
/// under STRICT, `UTF8X_INVALID` / `UTF8X_TRUNCATED` with `read` = offset of the problem,
/// `error_len`, `error`, and the output before it written. `replaced` counts substitutions.
///
/// Errors: `UTF8X_BAD_ARGUMENT` (nothing read or written) for `src == NULL` with `len > 0`, `src` not 2-byte aligned;
/// overlapping `src`/`dst`, or an unknown policy. Never writes at or past `dst + dst_cap`.
///
/// # Safety
/// `src` must point to `len` readable `uint16_t` (or be NULL with `len == 0`); `dst` must be NULL
/// or point to `dst_cap` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_from_utf16(
    src: *const u16,
    len: usize,
    dst: *mut u8,
    dst_cap: usize,
    policy: u32,
) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { convert(src, len, dst, dst_cap, policy, utf8x::from_utf16) }
    })
}

/// Converts UTF-32 in the machine's byte order `src[0..len)` to UTF-8 in `dst[0..dst_cap)`.
///
/// A surrogate or a value above 0x10FFFF is `UTF8X_INVALID` with `error_len` 1. REPLACE
/// writes one U+FFFD per such unit. ESCAPE writes a lone U+DC80..U+DCFF as the byte
/// 80..FF and stops (as STRICT) at any other.
///
/// - `src`, `len`: the input, `len` in `uint32_t` units.
/// - `dst`, `dst_cap`: the output and its capacity in bytes; `dst == NULL` writes nothing and
///   returns in `written` the bytes the whole conversion needs (under STRICT: up to the first
///   error).
/// - `policy`: `UTF8X_STRICT`, `UTF8X_REPLACE`, `UTF8X_SKIP`, `UTF8X_ESCAPE` or
///   `UTF8X_FALLBACK` (each ill-formed byte as its Windows-1252 character; on UTF-16/UTF-32
///   input as REPLACE).
///
/// A `dst_cap` of 4 bytes (one character of the output) always makes progress.
///
/// Returns `UTF8X_OK` with `read == len`; `UTF8X_OUTPUT_FULL` when the next character does not fit
/// (`read`/`written` stop after the last whole character that did: call again from `src + read`);
/// under STRICT, `UTF8X_INVALID` / `UTF8X_TRUNCATED` with `read` = offset of the problem,
/// `error_len`, `error`, and the output before it written. `replaced` counts substitutions.
///
/// Errors: `UTF8X_BAD_ARGUMENT` (nothing read or written) for `src == NULL` with `len > 0`, `src` not 4-byte aligned;
/// overlapping `src`/`dst`, or an unknown policy. Never writes at or past `dst + dst_cap`.
///
/// # Safety
/// `src` must point to `len` readable `uint32_t` (or be NULL with `len == 0`); `dst` must be NULL
/// or point to `dst_cap` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_from_utf32(
    src: *const u32,
    len: usize,
    dst: *mut u8,
    dst_cap: usize,
    policy: u32,
) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { convert(src, len, dst, dst_cap, policy, utf8x::from_utf32) }
    })
}

/// Converts ISO-8859-1 (Latin-1) `src[0..len)` to UTF-8 in `dst[0..dst_cap)`.
///
/// Latin-1 input is never ill-formed: every policy gives the same output; the policy is
/// still checked.
///
/// - `src`, `len`: the input, `len` in `uint8_t` units.
/// - `dst`, `dst_cap`: the output and its capacity in bytes; `dst == NULL` writes nothing and
///   returns in `written` the bytes the whole conversion needs (under STRICT: up to the first
///   error).
/// - `policy`: `UTF8X_STRICT`, `UTF8X_REPLACE`, `UTF8X_SKIP`, `UTF8X_ESCAPE` or
///   `UTF8X_FALLBACK` (each ill-formed byte as its Windows-1252 character; on UTF-16/UTF-32
///   input as REPLACE).
///
/// A `dst_cap` of 2 bytes (one character of the output) always makes progress.
///
/// Returns `UTF8X_OK` with `read == len`; `UTF8X_OUTPUT_FULL` when the next character does not fit
/// (`read`/`written` stop after the last whole character that did: call again from `src + read`);
/// under STRICT, `UTF8X_INVALID` / `UTF8X_TRUNCATED` with `read` = offset of the problem,
/// `error_len`, `error`, and the output before it written. `replaced` counts substitutions.
///
/// Errors: `UTF8X_BAD_ARGUMENT` (nothing read or written) for `src == NULL` with `len > 0`,
/// overlapping `src`/`dst`, or an unknown policy. Never writes at or past `dst + dst_cap`.
///
/// # Safety
/// `src` must point to `len` readable `uint8_t` (or be NULL with `len == 0`); `dst` must be NULL
/// or point to `dst_cap` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_from_latin1(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    dst_cap: usize,
    policy: u32,
) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { convert(src, len, dst, dst_cap, policy, utf8x::from_latin1) }
    })
}

/// Converts `wchar_t` (UTF-32 on Linux and macOS, UTF-16 on Windows) `src[0..len)` to UTF-8 in `dst[0..dst_cap)`.
///
/// A surrogate or a value above 0x10FFFF is `UTF8X_INVALID` with `error_len` 1. REPLACE
/// writes one U+FFFD per such unit. ESCAPE writes a lone U+DC80..U+DCFF as the byte
/// 80..FF and stops (as STRICT) at any other.
///
/// - `src`, `len`: the input, `len` in `wchar_t` units.
/// - `dst`, `dst_cap`: the output and its capacity in bytes; `dst == NULL` writes nothing and
///   returns in `written` the bytes the whole conversion needs (under STRICT: up to the first
///   error).
/// - `policy`: `UTF8X_STRICT`, `UTF8X_REPLACE`, `UTF8X_SKIP`, `UTF8X_ESCAPE` or
///   `UTF8X_FALLBACK` (each ill-formed byte as its Windows-1252 character; on UTF-16/UTF-32
///   input as REPLACE).
///
/// A `dst_cap` of 4 bytes (one character of the output) always makes progress.
///
/// Returns `UTF8X_OK` with `read == len`; `UTF8X_OUTPUT_FULL` when the next character does not fit
/// (`read`/`written` stop after the last whole character that did: call again from `src + read`);
/// under STRICT, `UTF8X_INVALID` / `UTF8X_TRUNCATED` with `read` = offset of the problem,
/// `error_len`, `error`, and the output before it written. `replaced` counts substitutions.
///
/// Errors: `UTF8X_BAD_ARGUMENT` (nothing read or written) for `src == NULL` with `len > 0`, `src` not `wchar_t` aligned;
/// overlapping `src`/`dst`, or an unknown policy. Never writes at or past `dst + dst_cap`.
///
/// # Safety
/// `src` must point to `len` readable `wchar_t` (or be NULL with `len == 0`); `dst` must be NULL
/// or point to `dst_cap` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_from_wchar(
    src: *const wchar_t,
    len: usize,
    dst: *mut u8,
    dst_cap: usize,
    policy: u32,
) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        unsafe {
            convert(
                src.cast::<WcharUnit>(),
                len,
                dst,
                dst_cap,
                policy,
                FROM_WCHAR,
            )
        }
    })
}
