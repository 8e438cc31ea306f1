//! Conversion between any two encodings: one shim over [`convert`](fn@utf8x::convert), and the
//! argument handling it shares with the parallel form.

use core::ffi::c_void;

use utf8x::{Encoding, Outcome, Policy, Unit};

use super::args::{by_unit_sizes, checked};
use super::boundary::{ffi_boundary, internal};
use super::utf8x_result;

/// Converts `src[0..len)` from encoding `from` to encoding `to` in `dst[0..dst_cap)`, for any two
/// `UTF8X_ENC_*` encodings (the UTF-8 family, UTF-16, UTF-32, Latin-1, Windows-1252, `wchar_t`).
///
/// For the pairs a direct function covers it returns exactly that function's result:
/// `utf8x_convert(s, n, UTF8X_ENC_UTF8, d, c, UTF8X_ENC_UTF16LE, p)` is
/// `utf8x_to_utf16le(s, n, d, c, p)`. UTF-8 to UTF-8 sanitises (REPLACE gives what Rust's
/// `String::from_utf8_lossy` gives). UTF-16 and UTF-32 convert into each other directly.
///
/// Each form has its own ill-formed input (the maximal ill-formed subpart is the longest prefix
/// of a well-formed sequence of the source form, else one unit; a surrogate pair of CESU-8,
/// MUTF-8 or WTF-8 counts as two 3-byte halves, so `ED A0 80 ED 41` is two subparts). A
/// character that is well-formed in the source but that the target cannot hold is unmappable: a
/// lone surrogate (from MUTF-8, WTF-8) going to UTF-8, CESU-8, RFC 2279 or UTF-32; a value above
/// U+10FFFF (from RFC 2279) going to anything but RFC 2279 or UTF-32; anything above U+00FF
/// going to Latin-1; anything outside Windows-1252 going to `UTF8X_ENC_CP1252`. UTF-16 input
/// going to WTF-8 or MUTF-8 is never ill-formed (lone surrogates are kept); UTF-32 input accepts
/// values up to 0x7FFFFFFF only when the target is RFC 2279.
///
/// - `src`, `len`: the input, `len` in units of `from` (bytes for the UTF-8 family, Latin-1 and
///   Windows-1252; `uint16_t` for UTF-16; `uint32_t` for UTF-32; `wchar_t` for WCHAR); aligned
///   for that unit.
/// - `from`, `to`: `UTF8X_ENC_*` values.
/// - `dst`, `dst_cap`: the output and its capacity in units of `to`, aligned for that unit;
///   `dst == NULL` writes nothing and returns in `written` the units the whole conversion needs
///   (under STRICT: up to the first error).
/// - `policy`: `UTF8X_STRICT`, `UTF8X_REPLACE` (U+FFFD, `?` in Latin-1 and Windows-1252),
///   `UTF8X_SKIP`, `UTF8X_ESCAPE` (bad byte b as U+DC00+b: a lone surrogate in UTF-16, UTF-32,
///   WTF-8 and MUTF-8 targets, the byte itself in UTF-8, CESU-8 and RFC 2279 targets) or
///   `UTF8X_FALLBACK` (each ill-formed byte as its Windows-1252 character).
///
/// A `dst_cap` of one character of `to` always makes progress, whatever the policy: 4 bytes
/// for UTF-8 and WTF-8, 6 for CESU-8, modified UTF-8 and RFC 2279, 2 UTF-16 units, 1 UTF-32 unit,
/// 1 byte for Latin-1 and Windows-1252 (a `wchar_t` target as the UTF-16 or UTF-32 it is).
///
/// Returns `UTF8X_OK` with `read == len`; `UTF8X_OUTPUT_FULL` when the next character does not
/// fit (`read`/`written` stop after the last whole character that did: call again from
/// `src + read`); under STRICT, `UTF8X_INVALID` / `UTF8X_TRUNCATED` / `UTF8X_UNMAPPABLE` with
/// `read` = offset of the problem in units of `from`, `error_len`, `error`, and the output before
/// it written. `replaced` counts substitutions.
///
/// Errors: `UTF8X_BAD_ARGUMENT` (nothing read or written) for an unknown encoding or policy,
/// `src == NULL` with `len > 0`, `src` or `dst` not aligned for its unit, overlapping buffers, or
/// ESCAPE with a Latin-1 or Windows-1252 target. Never writes at or past `dst + dst_cap`.
///
/// # Safety
/// `src` must point to `len` readable units of `from` (or be NULL with `len == 0`); `dst` must be
/// NULL or point to `dst_cap` writable units of `to`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_convert(
    src: *const c_void,
    len: usize,
    from: u32,
    dst: *mut c_void,
    dst_cap: usize,
    to: u32,
    policy: u32,
) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        unsafe { any_to_any(src, len, from, dst, dst_cap, to, policy, OneThread) }.into()
    })
}

/// A conversion between any two encodings on slices of their unit types: what [`any_to_any`]
/// calls once the C arguments are checked. A trait, not a closure, because it is generic over
/// the unit types.
pub(super) trait AnyToAny: Copy {
    fn convert<S: Unit, T: Unit>(
        self,
        src: &[S],
        from: Encoding,
        dst: Option<&mut [T]>,
        to: Encoding,
        policy: Policy,
    ) -> Outcome;
}

/// [`utf8x::convert`]: the calling thread alone.
#[derive(Clone, Copy)]
struct OneThread;

impl AnyToAny for OneThread {
    fn convert<S: Unit, T: Unit>(
        self,
        src: &[S],
        from: Encoding,
        dst: Option<&mut [T]>,
        to: Encoding,
        policy: Policy,
    ) -> Outcome {
        utf8x::convert(src, from, dst, to, policy)
    }
}

/// The body of the shims that convert between any two encodings: the encodings, the policy and
/// the buffers checked (the buffers typed by the units of `from` and `to`), then `core`.
///
/// # Safety
/// As [`utf8x_convert`].
// The seven arguments of the C signature, and the core.
#[expect(clippy::too_many_arguments)]
pub(super) unsafe fn any_to_any(
    src: *const c_void,
    len: usize,
    from: u32,
    dst: *mut c_void,
    cap: usize,
    to: u32,
    policy: u32,
    core: impl AnyToAny,
) -> Outcome {
    let (Some(from), Some(to)) = (Encoding::from_u32(from), Encoding::from_u32(to)) else {
        return Outcome::bad_argument();
    };
    let sizes = (from.unit_size(), to.unit_size());
    // SAFETY: forwarded from this function's contract, with the unit types of `from`/`to`.
    unsafe {
        by_unit_sizes!(
            sizes,
            typed(core, src, len, from, dst, cap, to, policy),
            Outcome::bad_argument()
        )
    }
}

/// [`any_to_any`] with the unit types `S` and `T` of `from` and `to`.
///
/// # Safety
/// As [`utf8x_convert`].
// The arguments of `any_to_any`, typed.
#[expect(clippy::too_many_arguments)]
unsafe fn typed<S: Unit, T: Unit>(
    core: impl AnyToAny,
    src: *const c_void,
    len: usize,
    from: Encoding,
    dst: *mut c_void,
    cap: usize,
    to: Encoding,
    policy: u32,
) -> Outcome {
    // SAFETY: forwarded from the caller.
    unsafe {
        checked(
            src.cast::<S>(),
            len,
            dst.cast::<T>(),
            cap,
            policy,
            |s, d, p| core.convert(s, from, d, to, p),
        )
    }
}
