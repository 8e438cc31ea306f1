//! # utf8x
//!
//! UTF-8 validation and transcoding with exact error reporting: every problem comes back with
//! its offset, the length of its maximal ill-formed subpart (Unicode ch. 3) and its kind.
//!
//! The same operations are exported to C as `utf8x_*` functions (see `include/utf8x.h`) by the
//! packages in `capi/`; this crate's safe API is what those shims call. It has no build script
//! and builds nothing for C.
//!
//! ## Conventions
//! - Lengths are in code units of the slice's own type.
//! - Conversions take `dst: Option<&mut [_]>`: `None` measures (returns in `written` the units the
//!   whole conversion needs); `Some` converts and never writes past the end of the slice. When it
//!   is too small the result is [`Status::OutputFull`] with `read`/`written` at the last whole
//!   character that fit: continue from `&src[read..]` to get exactly the one-shot output.
//! - [`Policy`] decides what ill-formed input does: stop ([`Policy::Strict`]), become one U+FFFD
//!   per maximal subpart ([`Policy::Replace`]), vanish ([`Policy::Skip`]) or be carried losslessly
//!   as lone surrogates U+DC80..U+DCFF ([`Policy::Escape`], PEP 383).
//! - The character utilities ([`floor_char_boundary`], [`next_char_boundary`], [`decode_last`],
//!   [`truncate`], …) take any bytes: a maximal ill-formed subpart is one indivisible unit, so
//!   their boundaries are exactly those of the forward split that [`Policy::Replace`] replaces.
//! - Nothing here allocates, panics, reads the locale or keeps state between calls.

// `unsafe` lives only in `simd` (kernels); the C ABI's pointer checks are the utf8x-ffi crate's.
#![deny(unsafe_code, unsafe_op_in_unsafe_fn)]

// The layers, bottom up: `types` (the vocabulary), `codec` (scalar decoders and encoders),
// `simd` (the kernels), `engine` (the transcoding loop, the routing table, streams), `api` (the
// public functions). Each imports only the layers below it; `iconv` and `testing` sit on top.
// Each folder's module doc says the same for its files.
mod api;
mod codec;
mod engine;
pub mod iconv;
#[allow(unsafe_code)]
mod simd;
mod testing;
mod types;

/// Test-only access to every kernel set this CPU runs, for differential tests in one process.
/// Not part of the API.
#[doc(hidden)]
pub mod __test {
    pub use crate::api::parallel::{
        Fault, Place, Threads, Tuning, convert_parallel_in, convert_parallel_tuned, thread_count,
        validate_parallel_in, validate_parallel_with,
    };
    #[cfg(target_arch = "x86_64")]
    pub use crate::simd::lookup_pair_ssse3;
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    pub use crate::simd::wasm_primitive;
    pub use crate::testing::{Kernel, kernel, kernels};

    /// Bytes of values a column is validated in at a time.
    pub const COLUMN_BLOCK: usize = crate::api::column::BLOCK;
    /// Bytes of values per batch of separate values.
    pub const BATCH_BYTES: usize = crate::api::column::BATCH_BYTES;

    /// Whether detection counts `c` as a code point text rarely holds.
    pub fn implausible(c: u32) -> bool {
        crate::api::detect::implausible(c)
    }

    /// `src` read as UTF-16LE by the detector: `(characters, supplementary, Latin-1)`, or `None`
    /// for an unpaired surrogate or when no character was read (a high surrogate as the last
    /// unit is left out: the sample may end there).
    pub fn utf16le_counts(src: &[u8]) -> Option<(usize, usize, usize)> {
        crate::api::detect::utf16le_counts(src)
    }
}

/// What the C ABI's shims (the utf8x-ffi crate) need beyond the public API. Not part of the API.
#[doc(hidden)]
pub mod __ffi {
    use crate::ColumnOutcome;

    pub use crate::api::chars::copied;

    /// [`validate_many`](crate::validate_many) over `n` values that may be unusable (`None`: a
    /// bad pointer in C), which end the walk with [`Status::BadArgument`](crate::Status) at
    /// their index. `get(i)` gives value `i`, and may be asked for it more than once.
    pub fn validate_each<'a>(n: usize, get: impl Fn(usize) -> Option<&'a [u8]>) -> ColumnOutcome {
        crate::api::column::validate_each(n, get)
    }
}

pub use api::chars::{
    ceil_char_boundary, decode_at, decode_before, decode_first, decode_last, encode_utf8,
    floor_char_boundary, is_char_boundary, next_char_boundary, prev_char_boundary, swap_utf16,
    swap_utf16_in_place, truncate, truncate_copy,
};
pub use api::column::{ColumnOffset, ColumnOutcome, validate_column, validate_many};
pub use api::convert::{
    convert, from_latin1, from_utf16, from_utf16be, from_utf16le, from_utf32, to_latin1, to_utf16,
    to_utf16be, to_utf16le, to_utf32, utf16be_to_utf32, utf16be_to_utf32be, utf16le_to_utf32,
    utf16le_to_utf32be, utf32_to_utf16be, utf32_to_utf16le, utf32be_to_utf16be, utf32be_to_utf16le,
};
pub use api::detect::{bom, detect};
pub use api::mb::{MbConverted, MbDecoded, MbEnd, MbState};
pub use api::parallel::{convert_parallel, split_point, validate_parallel};
pub use api::validate::{
    count, is_ascii, is_valid, validate, validate_utf16_native, validate_utf16be, validate_utf16le,
    validate_utf32,
};
pub use engine::stream::Stream;
pub use types::encoding::Encoding;
pub use types::outcome::{ErrorKind, Outcome, Policy, Status};
pub use types::unit::Unit;

/// The name of the kernel set in use: `"avx512"`, `"avx2"`, `"sse42"` (x86-64), `"neon"`
/// (aarch64), `"wasm-simd128"` (WebAssembly built with SIMD128) or `"scalar"` (the portable
/// code).
///
/// Chosen once, at the first call of any operation: the best set this CPU runs, or the one the
/// environment variable `UTF8X_KERNEL` names (`scalar`, `sse42`, `avx2`, `avx512`; `scalar`,
/// `neon`; `scalar`, `wasm-simd128`) if the CPU runs it. Every set gives identical results;
/// only speed differs.
pub fn active_kernel() -> &'static str {
    simd::active().name()
}

/// The library version as `(major << 16) | (minor << 8) | patch`.
pub const fn version() -> u32 {
    number(env!("CARGO_PKG_VERSION_MAJOR")) << 16
        | number(env!("CARGO_PKG_VERSION_MINOR")) << 8
        | number(env!("CARGO_PKG_VERSION_PATCH"))
}

/// A decimal version component, read at compile time (cargo gives only digits here).
const fn number(digits: &str) -> u32 {
    let (bytes, mut i, mut n) = (digits.as_bytes(), 0, 0);
    while i < bytes.len() {
        n = n * 10 + (bytes[i] - b'0') as u32;
        i += 1;
    }
    n
}
