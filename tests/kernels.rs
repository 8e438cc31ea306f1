//! The SIMD kernels: every kernel set this CPU runs against the portable one on validation and
//! conversion, the runtime choice of a kernel, and the generated corpus they read.

// The crate root's submodules would resolve next to it, where Cargo would take each file for a
// test target of its own: they live in `kernels/` instead.
#[path = "kernels/corpus.rs"]
mod corpus;
#[path = "kernels/kernels_convert.rs"]
mod kernels_convert;
#[path = "kernels/kernels_dispatch.rs"]
mod kernels_dispatch;
#[path = "kernels/kernels_validate.rs"]
mod kernels_validate;

mod support;
