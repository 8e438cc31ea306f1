//! The public Rust functions: validation and counts, the direct conversions, string columns, one buffer on every core, and the one that
//! converts between any two encodings, character utilities, detection and the C library's
//! multibyte conversions. Each is a thin function over the engine (`crate::engine`) or the
//! codecs (`crate::codec`), with the active kernel set from `crate::simd`.
//!
//! May import: `types`, `codec`, `engine`, `simd`. Never `iconv`, which sits on top.

pub(crate) mod chars;
pub(crate) mod column;
pub(crate) mod convert;
pub(crate) mod detect;
pub(crate) mod mb;
pub(crate) mod parallel;
pub(crate) mod validate;
