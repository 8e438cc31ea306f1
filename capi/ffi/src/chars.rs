//! Character utility shims: boundaries, truncation, one-character decode and encode, and the
//! UTF-16 byte swap.
//!
//! The functions that return a plain offset have no error channel, so an offset past `len`
//! counts as `len`; those that return `utf8x_result` reject it with `UTF8X_BAD_ARGUMENT`.

use utf8x::Outcome;

use super::args::{input, output, overlap, query_at};
use super::boundary::{ffi_boundary, internal};
use super::utf8x_result;

/// Returns true when `offset` is a boundary of the UTF-8 text `src[0..len)`: 0, `len`, or an
/// offset between two units, where a unit is a character or a maximal ill-formed subpart
/// (Unicode ch. 3). These are the offsets where `UTF8X_REPLACE` puts the edges of its U+FFFD
/// substitutions; in valid UTF-8, the offsets that start a character, and `len`.
///
/// Errors: false when `offset > len`, and when `src` is NULL with `len > 0`.
///
/// # Safety
/// `src` must point to `len` readable bytes, or be NULL when `len` is 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_is_char_boundary(src: *const u8, len: usize, offset: usize) -> bool {
    ffi_boundary(
        || false,
        || {
            // SAFETY: forwarded from this function's contract.
            unsafe { query_at(src, len, offset, false, utf8x::is_char_boundary) }
        },
    )
}

/// Returns the largest boundary of `src[0..len)` at or before `offset` (see
/// `utf8x_is_char_boundary`): `offset` itself when it is one, otherwise the start of the
/// character or maximal ill-formed subpart it falls inside. Constant time: it reads no more
/// than 4 bytes on either side of `offset`, never outside `src[0..len)`.
///
/// Errors: an `offset` past `len` counts as `len`; returns 0 when `src` is NULL with `len > 0`.
///
/// # Safety
/// `src` must point to `len` readable bytes, or be NULL when `len` is 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_floor_char_boundary(
    src: *const u8,
    len: usize,
    offset: usize,
) -> usize {
    ffi_boundary(
        || 0,
        || {
            // SAFETY: forwarded from this function's contract.
            unsafe { query_at(src, len, offset, 0, utf8x::floor_char_boundary) }
        },
    )
}

/// Returns the smallest boundary of `src[0..len)` at or after `offset` (see
/// `utf8x_is_char_boundary`): `offset` itself when it is one, otherwise the end of the character
/// or maximal ill-formed subpart it falls inside. Constant time, like `utf8x_floor_char_boundary`.
///
/// Errors: an `offset` past `len` counts as `len`; returns `len` when `src` is NULL with
/// `len > 0`.
///
/// # Safety
/// `src` must point to `len` readable bytes, or be NULL when `len` is 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_ceil_char_boundary(
    src: *const u8,
    len: usize,
    offset: usize,
) -> usize {
    ffi_boundary(
        || len,
        || {
            // SAFETY: forwarded from this function's contract.
            unsafe { query_at(src, len, offset, len, utf8x::ceil_char_boundary) }
        },
    )
}

/// Returns the first boundary of `src[0..len)` after `offset` (see `utf8x_is_char_boundary`): from
/// a boundary, the end of the character or maximal ill-formed subpart that starts there. Returns
/// `len` when `offset >= len`. Constant time, like `utf8x_floor_char_boundary`.
///
/// `for (i = 0; i < len; i = utf8x_next_char_boundary(src, len, i))` visits each character and
/// each maximal ill-formed subpart once, as `utf8x_validate` and `UTF8X_REPLACE` see them.
///
/// Errors: returns `len` when `src` is NULL with `len > 0` (a loop like the one above ends).
///
/// # Safety
/// `src` must point to `len` readable bytes, or be NULL when `len` is 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_next_char_boundary(
    src: *const u8,
    len: usize,
    offset: usize,
) -> usize {
    ffi_boundary(
        || len,
        || {
            // SAFETY: forwarded from this function's contract.
            unsafe { query_at(src, len, offset, len, utf8x::next_char_boundary) }
        },
    )
}

/// Returns the last boundary of `src[0..len)` before `offset` (see `utf8x_is_char_boundary`): from
/// a boundary, the start of the character or maximal ill-formed subpart that ends there. Returns
/// 0 when `offset` is 0. Constant time, like `utf8x_floor_char_boundary`.
///
/// Walking back with `while (i > 0) i = utf8x_prev_char_boundary(src, len, i);` from `len` visits
/// exactly the boundaries the forward walk visits, in reverse, in any input, valid or not.
///
/// Errors: an `offset` past `len` counts as `len`; returns 0 when `src` is NULL with `len > 0`
/// (a loop like the one above ends).
///
/// # Safety
/// `src` must point to `len` readable bytes, or be NULL when `len` is 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_prev_char_boundary(
    src: *const u8,
    len: usize,
    offset: usize,
) -> usize {
    ffi_boundary(
        || 0,
        || {
            // SAFETY: forwarded from this function's contract.
            unsafe { query_at(src, len, offset, 0, utf8x::prev_char_boundary) }
        },
    )
}

/// Returns the length of the longest prefix of `src[0..len)` of at most `max` bytes that cuts no
/// character and no maximal ill-formed subpart: the largest boundary at or before `max` (see
/// `utf8x_is_char_boundary`). Ill-formed bytes are neither checked nor repaired, only kept whole.
///
/// To cut a NUL-terminated `char *s` in place to fit `cap` bytes:
/// `s[utf8x_truncate((const uint8_t *)s, strlen(s), cap - 1)] = '\0';`.
///
/// Errors: `max >= len` returns `len`; returns 0 when `src` is NULL with `len > 0`.
///
/// # Safety
/// `src` must point to `len` readable bytes, or be NULL when `len` is 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_truncate(src: *const u8, len: usize, max: usize) -> usize {
    ffi_boundary(
        || 0,
        || {
            // SAFETY: forwarded from this function's contract.
            unsafe { query_at(src, len, max, 0, |s, max| utf8x::truncate(s, max).len()) }
        },
    )
}

/// Copies the longest prefix of `src[0..len)` that fits in `dst[0..dst_cap)` together with a
/// terminating NUL, without cutting a character or a maximal ill-formed subpart, and writes the
/// NUL after it: the safe `strlcpy` for UTF-8. The prefix is `utf8x_truncate(src, len,
/// dst_cap - 1)` bytes long; NUL bytes inside `src` are copied like any other byte.
///
/// - `src`, `len`: the text, `len` in bytes (need not be NUL-terminated).
/// - `dst`, `dst_cap`: the output and its size in bytes, the NUL included. `dst == NULL` writes
///   nothing and returns `read == written == len` (a buffer of `len + 1` bytes takes it all).
///
/// Returns, with `read == written` = the bytes copied, the NUL not counted: `UTF8X_OK` when all
/// of `src` was copied; `UTF8X_OUTPUT_FULL` when it was cut (also when `dst_cap` is 0: then
/// nothing at all is written, not even the NUL).
///
/// Errors: `UTF8X_BAD_ARGUMENT` (nothing written) when `src` is NULL with `len > 0`, or `src` and
/// `dst` overlap (to cut a buffer in place, use `utf8x_truncate` and write the NUL yourself).
/// Never writes at or past `dst + dst_cap`.
///
/// # Safety
/// `src` must point to `len` readable bytes (or be NULL with `len == 0`); `dst` must be NULL or
/// point to `dst_cap` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_truncate_copy(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    dst_cap: usize,
) -> utf8x_result {
    ffi_boundary(internal, || {
        if overlap(src, len, dst, dst_cap) {
            return Outcome::bad_argument().into();
        }
        // SAFETY: forwarded from this function's contract; overlap excluded above.
        match unsafe { (input(src, len), output(dst, dst_cap)) } {
            (Some(src), Some(dst)) => utf8x::truncate_copy(src, dst).into(),
            _ => Outcome::bad_argument().into(),
        }
    })
}

/// The body of both decoders: check, decode, store the code point.
///
/// # Safety
/// `src` must point to `len` readable bytes (or be NULL with `len == 0`); `cp` must be NULL or
/// point to a writable `uint32_t`.
unsafe fn decode(
    src: *const u8,
    len: usize,
    offset: usize,
    cp: *mut u32,
    core: fn(&[u8], usize) -> (Option<char>, Outcome),
) -> utf8x_result {
    if overlap(src, len, cp, 1) {
        return Outcome::bad_argument().into();
    }
    // SAFETY: forwarded from this function's contract; `output` checks NULL and alignment.
    let Some(cp) = (unsafe { output(cp, 1) }) else {
        return Outcome::bad_argument().into();
    };
    // SAFETY: forwarded from this function's contract; overlap excluded above.
    let (ch, outcome) = match unsafe { input(src, len) } {
        Some(src) => core(src, offset),
        None => (None, Outcome::bad_argument()),
    };
    if let Some([cp]) = cp {
        *cp = ch.map_or(0xFFFD, u32::from);
    }
    outcome.into()
}

/// Decodes the character or maximal ill-formed subpart that starts at `src + offset`, in the
/// UTF-8 text `src[0..len)`.
///
/// - `src`, `len`: the text, `len` in bytes.
/// - `offset`: where to decode, `0 <= offset <= len`; meant to be a boundary (see
///   `utf8x_is_char_boundary`). Elsewhere the bytes are decoded as if the text began there: a
///   continuation byte is then a 1-byte subpart.
/// - `cp`: NULL, or where to store the code point: the character decoded, or U+FFFD when there is
///   none (an ill-formed subpart, `offset == len`, or a rejected call).
///
/// Returns, with `read` = the length in bytes of what was decoded (so `offset + read` is the next
/// boundary), and `status`, `error`, `error_len` exactly as `utf8x_validate` reports a problem at
/// that position: `UTF8X_OK` for a character (`read` 1..4), or with `read` 0 when `offset == len`;
/// `UTF8X_INVALID` with the subpart's kind and `error_len == read` (1..3); `UTF8X_TRUNCATED`
/// (`UTF8X_ERR_INCOMPLETE`, `error_len` 0) when the text ends inside a sequence (`read` is then
/// `len - offset`). `written` and `replaced` are 0.
///
/// Errors: `UTF8X_BAD_ARGUMENT` when `offset > len`, `src` is NULL with `len > 0`, or `cp` is
/// misaligned or points into `src[0..len)` (`*cp` is written in the first two cases).
///
/// # Safety
/// `src` must point to `len` readable bytes (or be NULL with `len == 0`); `cp` must be NULL or
/// point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_decode_at(
    src: *const u8,
    len: usize,
    offset: usize,
    cp: *mut u32,
) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { decode(src, len, offset, cp, utf8x::decode_at) }
    })
}

/// Decodes the character or maximal ill-formed subpart of the UTF-8 text `src[0..len)` that ends
/// at `src + offset`: the step backwards.
///
/// The result is what `utf8x_decode_at` returns at that unit's start, which is
/// `offset - read` (and `utf8x_prev_char_boundary(src, len, offset)`): walking back from `len`
/// gives, in reverse, exactly the results of walking forward, in any input, valid or not. When
/// `offset` is not a boundary, the bytes from the start of the unit it cuts up to `offset` are
/// reported as what they are on their own: `UTF8X_TRUNCATED`.
///
/// - `src`, `len`: the text, `len` in bytes. The byte at `offset`, if any, may be read: it tells
///   an ill-formed subpart (`E2 82` before `A`) from a truncated end (`E2 82` at the end).
/// - `offset`: where the unit ends, `0 <= offset <= len`; `offset == 0` returns `UTF8X_OK` with
///   `read` 0.
/// - `cp`: NULL, or where to store the code point: the character decoded, or U+FFFD when there is
///   none.
///
/// Returns: as `utf8x_decode_at`, `read` counting back from `offset`.
///
/// Errors: `UTF8X_BAD_ARGUMENT` when `offset > len`, `src` is NULL with `len > 0`, or `cp` is
/// misaligned or points into `src[0..len)` (`*cp` is written in the first two cases).
///
/// # Safety
/// `src` must point to `len` readable bytes (or be NULL with `len == 0`); `cp` must be NULL or
/// point to a writable `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_decode_before(
    src: *const u8,
    len: usize,
    offset: usize,
    cp: *mut u32,
) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { decode(src, len, offset, cp, utf8x::decode_before) }
    })
}

/// Encodes the code point `cp` as UTF-8 into `dst[0..dst_cap)`. No NUL is written.
///
/// - `cp`: a Unicode scalar value, U+0000..U+D7FF or U+E000..U+10FFFF.
/// - `dst`, `dst_cap`: the output and its capacity in bytes (4 always suffice); `dst == NULL`
///   writes nothing and returns in `written` the bytes `cp` needs.
///
/// Returns `UTF8X_OK` with `read` 1 and `written` = the bytes written (1..4);
/// `UTF8X_INVALID` (`read` 0, `written` 0, `error_len` 1) with `UTF8X_ERR_SURROGATE` for
/// U+D800..U+DFFF or `UTF8X_ERR_OUT_OF_RANGE` above U+10FFFF; `UTF8X_OUTPUT_FULL` (nothing
/// written) when `dst_cap` is too small.
///
/// Errors: `UTF8X_BAD_ARGUMENT` only when `dst + dst_cap` runs past the end of the address
/// space. Never writes at or past `dst + dst_cap`.
///
/// # Safety
/// `dst` must be NULL or point to `dst_cap` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_encode_utf8(cp: u32, dst: *mut u8, dst_cap: usize) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        match unsafe { output(dst, dst_cap) } {
            Some(dst) => utf8x::encode_utf8(cp, dst).into(),
            None => Outcome::bad_argument().into(),
        }
    })
}

/// Swaps the two bytes of each `uint16_t` unit of `src[0..len)` into `dst[0..dst_cap)`: converts
/// UTF-16LE to UTF-16BE and back. In place when `dst == src`.
///
/// The values are not looked at: ill-formed UTF-16 is swapped like anything else (validate it
/// with `utf8x_validate_utf16le`/`be` before or after).
///
/// - `src`, `len`: the input, `len` in `uint16_t` units.
/// - `dst`, `dst_cap`: the output and its capacity in units; `dst == src` swaps in place;
///   `dst == NULL` writes nothing and returns `read == written == len`.
///
/// Returns `UTF8X_OK` with `read == written == len`, or `UTF8X_OUTPUT_FULL` with
/// `read == written == dst_cap` when `dst_cap < len` (the rest is not touched; it may stop between
/// the two halves of a surrogate pair: continue from `src + read`).
///
/// Errors: `UTF8X_BAD_ARGUMENT` (nothing written) when `src` is NULL with `len > 0`, `src` or
/// `dst` is not 2-byte aligned, or the buffers overlap without being the same. Never writes at or
/// past `dst + dst_cap`.
///
/// # Safety
/// `src` must point to `len` readable `uint16_t` (or be NULL with `len == 0`); `dst` must be NULL
/// or point to `dst_cap` writable `uint16_t` (which may be the very units of `src`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_swap_utf16(
    src: *const u16,
    len: usize,
    dst: *mut u16,
    dst_cap: usize,
) -> utf8x_result {
    ffi_boundary(internal, || {
        if core::ptr::eq(src, dst) && len > 0 && dst_cap > 0 {
            // One buffer: a single mutable slice over the units both sides cover.
            let n = len.min(dst_cap);
            // SAFETY: forwarded from this function's contract (`src` readable and `dst` writable
            // for `n` units, the same memory); `output` checks NULL and alignment.
            return match unsafe { output(dst, n) } {
                Some(Some(buf)) => {
                    utf8x::swap_utf16_in_place(buf);
                    utf8x::__ffi::copied(n, len).into()
                }
                _ => Outcome::bad_argument().into(),
            };
        }
        if overlap(src, len, dst, dst_cap) {
            return Outcome::bad_argument().into();
        }
        // SAFETY: forwarded from this function's contract; overlap excluded above.
        match unsafe { (input(src, len), output(dst, dst_cap)) } {
            (Some(src), Some(dst)) => utf8x::swap_utf16(src, dst).into(),
            _ => Outcome::bad_argument().into(),
        }
    })
}
