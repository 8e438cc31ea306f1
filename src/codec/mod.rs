//! The scalar codecs: one character (or one maximal ill-formed subpart) at a time, the reference
//! semantics every SIMD kernel must agree with. `decode` and `encode` hold UTF-8, UTF-16,
//! UTF-32 and Latin-1; `family` the rest of the UTF-8 family and Windows-1252; `step` what
//! every decoder is; `ascii` the word-at-a-time helpers of the portable path.
//!
//! May import: `types` only.

pub(crate) mod ascii;
pub(crate) mod decode;
pub(crate) mod encode;
pub(crate) mod family;
pub(crate) mod step;
