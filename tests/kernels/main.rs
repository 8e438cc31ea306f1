//! The SIMD kernels: every kernel set this CPU runs against the portable one on validation and
//! conversion, the runtime choice of a kernel, and the generated corpus they read.

mod ascii_runs;
mod between_utf16_utf32;
mod convert;
mod corpus;
mod dispatch;
mod from_latin1;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod primitives;
mod room;
mod validate;

use utf8x_test_support as support;
