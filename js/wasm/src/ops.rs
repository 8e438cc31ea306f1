//! Validation and one-shot conversion between any two encodings of the C API's table.

use crate::memory::{put, units, units_mut, with_units};
use utf8x::{Encoding, Outcome, Policy};

/// 1 when the `len` bytes at `src` are valid UTF-8 (RFC 3629), else 0.
///
/// # Safety
/// `src..src + len` is a block of the caller's.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn u8x_is_valid(src: *const u8, len: usize) -> u32 {
    // SAFETY: by this function's contract.
    utf8x::is_valid(unsafe { units(src, len) }) as u32
}

/// 1 when the `len` bytes at `src` are all ASCII, else 0.
///
/// # Safety
/// As [`u8x_is_valid`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn u8x_is_ascii(src: *const u8, len: usize) -> u32 {
    // SAFETY: by this function's contract.
    utf8x::is_ascii(unsafe { units(src, len) }) as u32
}

/// Validates the `len` bytes at `src` as UTF-8; the result at `out`.
///
/// # Safety
/// As [`u8x_is_valid`], and `out` has room for the six words of the result.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn u8x_validate(src: *const u8, len: usize, out: *mut u32) {
    // SAFETY: by this function's contract.
    unsafe { put(out, utf8x::validate(units(src, len))) }
}

/// `utf8x_convert`: `len` units of encoding `from` at `src` into at most `cap` units of `to`
/// at `dst` (`dst` 0: measure) under `policy`; the result at `out`.
///
/// # Safety
/// `src` and `dst` are blocks of the caller's, aligned for their units, of `len` and `cap`
/// units, not overlapping; `out` has room for six words.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn u8x_convert(
    src: *const u8,
    len: usize,
    from: u32,
    dst: *mut u8,
    cap: usize,
    to: u32,
    policy: u32,
    out: *mut u32,
) {
    let outcome = match (
        Encoding::from_u32(from),
        Encoding::from_u32(to),
        Policy::from_u32(policy),
    ) {
        (Some(from), Some(to), Some(policy)) => {
            with_units!(from, to, |S, T| {
                // SAFETY: by this function's contract, with the unit types of the encodings.
                let (src, dst) = unsafe {
                    (
                        units::<S>(src, len),
                        (!dst.is_null()).then(|| units_mut::<T>(dst, cap)),
                    )
                };
                utf8x::convert(src, from, dst, to, policy)
            })
        }
        _ => Outcome::bad_argument(),
    };
    // SAFETY: by this function's contract.
    unsafe { put(out, outcome) }
}

/// The name of the kernel set in use, NUL-terminated ("scalar", or the SIMD128 set's name).
#[unsafe(no_mangle)]
pub extern "C" fn u8x_kernel() -> *const u8 {
    match utf8x::active_kernel() {
        "scalar" => c"scalar".as_ptr().cast(),
        _ => c"wasm-simd128".as_ptr().cast(),
    }
}
