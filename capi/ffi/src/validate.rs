//! Validation shims.

use super::args::{check, query};
use super::boundary::{ffi_boundary, internal};
use super::utf8x_result;

/// Checks that `src[0..len)` is well-formed UTF-8 (RFC 3629: no overlongs, no surrogates,
/// nothing above U+10FFFF).
///
/// Returns `UTF8X_OK` with `read == len`; or `UTF8X_INVALID` with `read` = offset of the first
/// maximal ill-formed subpart, `error_len` = its length (1..3) and `error` = its kind; or
/// `UTF8X_TRUNCATED` (`error_len` 0, `error` `UTF8X_ERR_INCOMPLETE`) when the input ends inside a
/// sequence that more bytes could complete. `written` and `replaced` are 0.
///
/// Errors: `UTF8X_BAD_ARGUMENT` when `src` is NULL and `len > 0`.
///
/// # Safety
/// `src` must point to `len` readable bytes, or be NULL when `len` is 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_validate(src: *const u8, len: usize) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { check(src, len, utf8x::validate) }
    })
}

/// Returns true when `src[0..len)` is well-formed UTF-8: the fastest yes/no.
///
/// Errors: returns false when `src` is NULL and `len > 0`; `(NULL, 0)` is valid (empty).
///
/// # Safety
/// `src` must point to `len` readable bytes, or be NULL when `len` is 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_is_valid(src: *const u8, len: usize) -> bool {
    ffi_boundary(
        || false,
        || {
            // SAFETY: forwarded from this function's contract.
            unsafe { query(src, len, false, utf8x::is_valid) }
        },
    )
}

/// Returns true when every byte of `src[0..len)` is below 0x80.
///
/// Errors: returns false when `src` is NULL and `len > 0`; `(NULL, 0)` is ASCII (empty).
///
/// # Safety
/// `src` must point to `len` readable bytes, or be NULL when `len` is 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_is_ascii(src: *const u8, len: usize) -> bool {
    ffi_boundary(
        || false,
        || {
            // SAFETY: forwarded from this function's contract.
            unsafe { query(src, len, false, utf8x::is_ascii) }
        },
    )
}

/// Returns the number of bytes in `src[0..len)` that are not continuation bytes (80..BF): the
/// code point count when the input is valid UTF-8. It does not validate.
///
/// Errors: returns 0 when `src` is NULL (whatever `len` is).
///
/// # Safety
/// `src` must point to `len` readable bytes, or be NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_count(src: *const u8, len: usize) -> usize {
    ffi_boundary(
        || 0,
        || {
            // SAFETY: forwarded from this function's contract.
            unsafe { query(src, len, 0, utf8x::count) }
        },
    )
}

/// Checks UTF-16 stored as little-endian units (`len` counts `uint16_t` units).
///
/// Returns `UTF8X_OK`; or `UTF8X_TRUNCATED` (`error_len` 0) when the last unit is a high
/// surrogate; or `UTF8X_INVALID` with `error_len` 1 and `UTF8X_ERR_LONE_SURROGATE` at any other
/// unpaired surrogate.
///
/// Errors: `UTF8X_BAD_ARGUMENT` when `src` is NULL with `len > 0` or not 2-byte aligned.
///
/// # Safety
/// `src` must point to `len` readable `uint16_t`, or be NULL when `len` is 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_validate_utf16le(src: *const u16, len: usize) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { check(src, len, utf8x::validate_utf16le) }
    })
}

/// Checks UTF-16 stored as big-endian units; otherwise as `utf8x_validate_utf16le`.
///
/// # Safety
/// `src` must point to `len` readable `uint16_t`, or be NULL when `len` is 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_validate_utf16be(src: *const u16, len: usize) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { check(src, len, utf8x::validate_utf16be) }
    })
}

/// Checks UTF-32 in native byte order: `UTF8X_INVALID` with `error_len` 1 at a surrogate
/// (`UTF8X_ERR_SURROGATE`) or a value above 0x10FFFF (`UTF8X_ERR_OUT_OF_RANGE`).
///
/// Errors: `UTF8X_BAD_ARGUMENT` when `src` is NULL with `len > 0` or not 4-byte aligned.
///
/// # Safety
/// `src` must point to `len` readable `uint32_t`, or be NULL when `len` is 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_validate_utf32(src: *const u32, len: usize) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { check(src, len, utf8x::validate_utf32) }
    })
}
