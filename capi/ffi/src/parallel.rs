//! One buffer on every core: shims over [`utf8x::validate_parallel`],
//! [`utf8x::convert_parallel`] and [`utf8x::split_point`].

use core::ffi::c_void;

use utf8x::{Encoding, Outcome, Policy, Unit};

use super::any::{AnyToAny, any_to_any};
use super::args::input;
use super::boundary::{ffi_boundary, internal};
use super::utf8x_result;

/// `utf8x_validate` on up to `threads` threads: exactly its result (the
/// first error's offset, length and kind) for any `threads`.
///
/// - `src`, `len`: the bytes to check.
/// - `threads`: the most threads to use; 0 means the machine's available parallelism, and no
///   more than that is used whatever `threads` says. Below about 1 MiB per thread fewer threads
///   are used, down to the calling thread alone. A thread that cannot be started (a limit on
///   processes or on address space) is done without, down to the calling thread alone: the
///   result is the same, nothing is printed. No thread outlives the call.
///
/// Returns what `utf8x_validate(src, len)` returns.
///
/// Errors: `UTF8X_BAD_ARGUMENT` when `src` is NULL and `len > 0`; `UTF8X_INTERNAL` only if a
/// bug panics.
///
/// # Safety
/// `src` must point to `len` readable bytes, or be NULL when `len` is 0, and must not be written
/// during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_validate_parallel(
    src: *const u8,
    len: usize,
    threads: usize,
) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract.
        match unsafe { input(src, len) } {
            Some(src) => utf8x::validate_parallel(src, threads).into(),
            None => Outcome::bad_argument().into(),
        }
    })
}

/// `utf8x_convert` on up to `threads` threads: exactly its result and
/// output for any pair, policy and `dst_cap` (measuring with `dst == NULL`, `UTF8X_OUTPUT_FULL`
/// included).
///
/// The input is cut into slices of about 128 KiB where the decoder starts a character (see
/// `utf8x_split_point`). Threads take the slices in order and convert each into a buffer of
/// their own; once every slice before it has its place in `dst`, a slice takes the next units
/// of `dst` and its output is copied there (on x86-64 with stores that bypass the cache), so the
/// input is read once and `dst` written once. Memory: a buffer of one slice's output (a few
/// hundred KiB) per thread and per slice done before its turn, at most about three slices per
/// thread, all freed before the call returns; where such a buffer cannot be allocated its slice
/// is measured and converted in place instead. Sources in CESU-8, modified UTF-8, WTF-8 or RFC 2279 convert on
/// the calling thread alone.
///
/// - `src`, `len`, `from`, `dst`, `dst_cap`, `to`, `policy`: as for `utf8x_convert`.
/// - `threads`: the most threads to use; 0 means the machine's available parallelism, and no
///   more than that is used whatever `threads` says. Below about 1 MiB of input per thread
///   fewer threads are used. A thread that cannot be started (a limit on processes or on
///   address space) is done without, down to the calling thread alone: the result is the same,
///   nothing is printed. No thread outlives the call.
///
/// Returns what `utf8x_convert` returns for the same arguments.
///
/// Errors: those of `utf8x_convert`; `UTF8X_INTERNAL` only if a bug panics (then `dst` may hold
/// partial output).
///
/// # Safety
/// As `utf8x_convert`; `src` must not be written during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_convert_parallel(
    src: *const c_void,
    len: usize,
    from: u32,
    dst: *mut c_void,
    dst_cap: usize,
    to: u32,
    policy: u32,
    threads: usize,
) -> utf8x_result {
    ffi_boundary(internal, || {
        let core = Threads(threads);
        // SAFETY: forwarded from this function's contract.
        unsafe { any_to_any(src, len, from, dst, dst_cap, to, policy, core) }.into()
    })
}

/// [`utf8x::convert_parallel`] on up to this many threads (0: the machine's parallelism).
#[derive(Clone, Copy)]
struct Threads(usize);

impl AnyToAny for Threads {
    fn convert<S: Unit, T: Unit>(
        self,
        src: &[S],
        from: Encoding,
        dst: Option<&mut [T]>,
        to: Encoding,
        policy: Policy,
    ) -> Outcome {
        utf8x::convert_parallel(src, from, dst, to, policy, self.0)
    }
}

/// Returns where a buffer in encoding `from` can be cut at or before unit `at` so that both
/// sides decode exactly as the whole does: the start of a character (or of a maximal ill-formed
/// subpart). Use it to hand the pieces of one buffer to threads of your own.
///
/// The pieces' outputs, one after the other, are the output of the whole under every policy.
/// Their statuses under `UTF8X_STRICT` may differ in one way: a piece that ends inside an
/// unfinished sequence reports `UTF8X_TRUNCATED` (`error_len` 0) where the whole, which goes on
/// with a unit that cannot continue it, reports `UTF8X_INVALID` at the same offset. Take
/// `UTF8X_TRUNCATED` from any piece but the last as an error at that offset, and ask
/// `utf8x_validate` (or the conversion) from that offset on for its kind and length, as
/// `utf8x_validate_parallel` does.
///
/// UTF-8 backs up over at most three continuation bytes; UTF-16 (`UTF8X_ENC_UTF16*`, and
/// `UTF8X_ENC_WCHAR` where `wchar_t` is 16 bits) backs up one unit between a high and a low
/// surrogate; UTF-32, Latin-1 and Windows-1252 return `at`.
///
/// - `src`, `len`: the buffer, `len` in units of `from`, aligned for that unit.
/// - `from`: a `UTF8X_ENC_*` value.
/// - `at`: a unit offset; values past `len` are taken as `len`.
///
/// Returns the cut, at most `at`; 0 and `len` map to themselves.
///
/// Errors: returns 0 for CESU-8, modified UTF-8, WTF-8 and RFC 2279 (whose characters may span
/// two sequences), an unknown encoding, or `src` NULL or misaligned with `len > 0`.
///
/// # Safety
/// `src` must point to `len` readable units of `from`, or be NULL when `len` is 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_split_point(
    src: *const c_void,
    len: usize,
    from: u32,
    at: usize,
) -> usize {
    ffi_boundary(
        || 0,
        || {
            let Some(from) = Encoding::from_u32(from) else {
                return 0;
            };
            // SAFETY: forwarded from this function's contract, with the unit type of `from`.
            unsafe {
                match from.unit_size() {
                    1 => split::<u8>(src, len, from, at),
                    2 => split::<u16>(src, len, from, at),
                    4 => split::<u32>(src, len, from, at),
                    _ => 0,
                }
            }
        },
    )
}

/// [`utf8x_split_point`] with the unit type of `from`.
///
/// # Safety
/// As [`utf8x_split_point`].
unsafe fn split<S: Unit>(src: *const c_void, len: usize, from: Encoding, at: usize) -> usize {
    // SAFETY: forwarded from the caller.
    unsafe { input(src.cast::<S>(), len) }.map_or(0, |s| utf8x::split_point(s, from, at))
}
