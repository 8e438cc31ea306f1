//! The iconv-compatible converter: its Rust and C API, its documented differences from glibc's
//! iconv, a differential run against glibc's iconv over every pair, and regressions.

// The crate root's submodules would resolve next to it, where Cargo would take each file for a
// test target of its own: they live in `iconv/` instead.
#[path = "iconv/iconv_api.rs"]
mod iconv_api;
#[path = "iconv/iconv_differences.rs"]
mod iconv_differences;
#[path = "iconv/iconv_glibc.rs"]
mod iconv_glibc;
#[path = "iconv/iconv_regressions.rs"]
mod iconv_regressions;

mod support;
