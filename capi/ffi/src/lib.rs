//! The C ABI of utf8x: thin `extern "C"` shims. Each checks its arguments, builds slices, calls
//! one function of the safe `utf8x` crate and maps the result. `scripts/header.sh` turns this
//! crate into `include/utf8x.h` with cbindgen.
//!
//! The C library itself (`libutf8x.so`, `libutf8x.a`) is the package in `capi/`, which links this
//! crate: a Rust crate that needs the C functions as Rust functions (the preload library, the
//! tests, the benchmarks and fuzz targets that compare against libc) depends on this one.
//! Raw pointers become slices only in `args.rs`; every export runs inside `boundary.rs`'s panic
//! boundary.

#![deny(unsafe_op_in_unsafe_fn)]

mod any;
mod args;
mod boundary;
mod chars;
mod column;
mod convert;
mod detect;
mod errno;
mod iconv;
mod info;
mod kernel;
mod mb;
mod parallel;
mod stream;
mod validate;

use utf8x::Outcome;

pub use any::*;
#[doc(hidden)]
pub use boundary::ffi_boundary;
pub use chars::*;
pub use column::*;
pub use convert::*;
pub use detect::*;
pub use iconv::*;
pub use info::*;
pub use kernel::*;
#[cfg(unix)]
pub use mb::*;
pub use parallel::*;
pub use stream::*;
pub use validate::*;

/// Major version of the library this header belongs to.
pub const UTF8X_VERSION_MAJOR: u32 = 0;
/// Minor version of the library this header belongs to.
pub const UTF8X_VERSION_MINOR: u32 = 1;
/// Patch version of the library this header belongs to.
pub const UTF8X_VERSION_PATCH: u32 = 0;

/// Status: the whole input was consumed.
pub const UTF8X_OK: u32 = 0;
/// Status: ill-formed input at `read`, `error_len` units long (STRICT policy).
pub const UTF8X_INVALID: u32 = 1;
/// Status: the input ends inside a sequence at `read` (STRICT); a streaming caller may feed more.
pub const UTF8X_TRUNCATED: u32 = 2;
/// Status: `dst_cap` reached; `read`/`written` stop at the last whole character that fit.
pub const UTF8X_OUTPUT_FULL: u32 = 3;
/// Status: a valid character at `read` that the target (Latin-1) cannot hold, under STRICT.
pub const UTF8X_UNMAPPABLE: u32 = 4;
/// Status: NULL with a non-zero length, unknown policy or encoding, misaligned or overlapping
/// buffers, or ESCAPE with a Latin-1 or Windows-1252 target. Nothing was read or written.
pub const UTF8X_BAD_ARGUMENT: u32 = 5;
/// Status: a bug inside utf8x (a caught panic); never expected. Please report it.
pub const UTF8X_INTERNAL: u32 = 6;

/// Policy: stop at the first problem; report status, offset, length and kind.
pub const UTF8X_STRICT: u32 = 0;
/// Policy: one U+FFFD per maximal ill-formed subpart or unmappable character (`?` for Latin-1).
pub const UTF8X_REPLACE: u32 = 1;
/// Policy: drop each maximal ill-formed subpart or unmappable character.
pub const UTF8X_SKIP: u32 = 2;
/// Policy: PEP 383 "surrogateescape". Decoding UTF-8 maps each bad byte b to the lone surrogate
/// U+DC00+b; encoding to UTF-8 maps a lone U+DC80..U+DCFF back to byte b (other ill-formed input
/// still stops, as under STRICT). Not available with a Latin-1 or Windows-1252 target.
pub const UTF8X_ESCAPE: u32 = 3;
/// Policy: what HTML5 does with bytes that are not UTF-8: each byte of a maximal ill-formed
/// subpart of UTF-8-family input becomes the Windows-1252 character of that byte (`replaced`
/// counts those bytes), so mislabelled Windows-1252 and Latin-1 text comes out right. On bad
/// UTF-16/UTF-32 units and unmappable characters it acts as `UTF8X_REPLACE`.
pub const UTF8X_FALLBACK: u32 = 4;

/// Error kind: no error (status UTF8X_OK or UTF8X_OUTPUT_FULL).
pub const UTF8X_ERR_NONE: u32 = 0;
/// Error kind: UTF-8 byte F8..FF, which never starts a sequence.
pub const UTF8X_ERR_INVALID_LEAD: u32 = 1;
/// Error kind: UTF-8 continuation byte 80..BF where a character must start.
pub const UTF8X_ERR_UNEXPECTED_CONTINUATION: u32 = 2;
/// Error kind: UTF-8 lead byte not followed by enough continuation bytes.
pub const UTF8X_ERR_TOO_SHORT: u32 = 3;
/// Error kind: UTF-8 overlong form (C0, C1, E0 80..9F, F0 80..8F).
pub const UTF8X_ERR_OVERLONG: u32 = 4;
/// Error kind: a surrogate code point (UTF-8 ED A0..BF, or a UTF-32 value D800..DFFF).
pub const UTF8X_ERR_SURROGATE: u32 = 5;
/// Error kind: UTF-8 sequence above U+10FFFF (F4 90..BF, F5..F7).
pub const UTF8X_ERR_TOO_LARGE: u32 = 6;
/// Error kind: the input ends inside a sequence (status UTF8X_TRUNCATED).
pub const UTF8X_ERR_INCOMPLETE: u32 = 7;
/// Error kind: UTF-16 surrogate that is not part of a high-low pair.
pub const UTF8X_ERR_LONE_SURROGATE: u32 = 8;
/// Error kind: UTF-32 value above 0x10FFFF.
pub const UTF8X_ERR_OUT_OF_RANGE: u32 = 9;
/// Error kind: valid character the target cannot hold (status UTF8X_UNMAPPABLE).
pub const UTF8X_ERR_UNMAPPABLE: u32 = 10;
/// Error kind: the arguments were rejected (status UTF8X_BAD_ARGUMENT).
pub const UTF8X_ERR_BAD_ARGUMENT: u32 = 11;
/// Error kind: a panic was caught (status UTF8X_INTERNAL).
pub const UTF8X_ERR_INTERNAL: u32 = 12;
/// Error kind: CESU-8 or modified UTF-8 lead byte F0..F7; these forms write a supplementary
/// character as two 3-byte surrogates, never as one 4-byte sequence.
pub const UTF8X_ERR_FOUR_BYTE_FORM: u32 = 13;
/// Error kind: modified UTF-8 raw 00 byte (U+0000 is written C0 80).
pub const UTF8X_ERR_NUL_BYTE: u32 = 14;
/// Error kind: WTF-8 surrogate pair written as two 3-byte sequences (it has one 4-byte form);
/// `error_len` is 6.
pub const UTF8X_ERR_SPLIT_SURROGATE_PAIR: u32 = 15;

// The C values are spelled out for cbindgen; they must be the core's.
const _: () = {
    use utf8x::{ErrorKind as E, Policy as P, Status as S};
    assert!(UTF8X_OK == S::Ok as u32 && UTF8X_INVALID == S::Invalid as u32);
    assert!(UTF8X_TRUNCATED == S::Truncated as u32 && UTF8X_OUTPUT_FULL == S::OutputFull as u32);
    assert!(UTF8X_UNMAPPABLE == S::Unmappable as u32);
    assert!(UTF8X_BAD_ARGUMENT == S::BadArgument as u32 && UTF8X_INTERNAL == S::Internal as u32);
    assert!(UTF8X_STRICT == P::Strict as u32 && UTF8X_REPLACE == P::Replace as u32);
    assert!(UTF8X_SKIP == P::Skip as u32 && UTF8X_ESCAPE == P::Escape as u32);
    assert!(UTF8X_FALLBACK == P::Fallback as u32);
    assert!(UTF8X_ERR_NONE == E::None as u32 && UTF8X_ERR_INVALID_LEAD == E::InvalidLead as u32);
    assert!(UTF8X_ERR_UNEXPECTED_CONTINUATION == E::UnexpectedContinuation as u32);
    assert!(UTF8X_ERR_TOO_SHORT == E::TooShort as u32 && UTF8X_ERR_OVERLONG == E::Overlong as u32);
    assert!(
        UTF8X_ERR_SURROGATE == E::Surrogate as u32 && UTF8X_ERR_TOO_LARGE == E::TooLarge as u32
    );
    assert!(UTF8X_ERR_INCOMPLETE == E::Incomplete as u32);
    assert!(UTF8X_ERR_LONE_SURROGATE == E::LoneSurrogate as u32);
    assert!(UTF8X_ERR_OUT_OF_RANGE == E::OutOfRange as u32);
    assert!(UTF8X_ERR_UNMAPPABLE == E::Unmappable as u32);
    assert!(UTF8X_ERR_BAD_ARGUMENT == E::BadArgument as u32);
    assert!(UTF8X_ERR_INTERNAL == E::Internal as u32);
    assert!(UTF8X_ERR_FOUR_BYTE_FORM == E::FourByteForm as u32);
    assert!(UTF8X_ERR_NUL_BYTE == E::NulByte as u32);
    assert!(UTF8X_ERR_SPLIT_SURROGATE_PAIR == E::SplitSurrogatePair as u32);
};

/// What every validating or converting function returns, by value.
///
/// - `status`: a `UTF8X_*` status code; `UTF8X_OK` when the whole input was consumed.
/// - `error`: a `UTF8X_ERR_*` kind saying what was wrong when `status` is not `UTF8X_OK`.
/// - `read`: input units consumed; on an error, the offset of its first unit.
/// - `written`: output units written; with `dst == NULL`, units the conversion needs.
/// - `error_len`: units of the maximal ill-formed subpart at `read` (1..3 for UTF-8, 1 for
///   UTF-16/32), or of the unmappable character; 0 when the input ends inside a sequence.
/// - `replaced`: substitutions made under REPLACE or SKIP (one per maximal subpart or unmappable
///   character) or ESCAPE (one per escaped unit).
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct utf8x_result {
    pub status: u32,
    pub error: u32,
    pub read: usize,
    pub written: usize,
    pub error_len: usize,
    pub replaced: usize,
}

impl From<Outcome> for utf8x_result {
    fn from(o: Outcome) -> Self {
        utf8x_result {
            status: o.status as u32,
            error: o.error as u32,
            read: o.read,
            written: o.written,
            error_len: o.error_len,
            replaced: o.replaced,
        }
    }
}
