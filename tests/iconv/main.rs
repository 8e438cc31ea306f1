//! The iconv-compatible converter: its Rust and C API, its documented differences from glibc's
//! iconv, a differential run against glibc's iconv over every pair, and regressions.

mod api;
mod differences;
mod glibc;
mod regressions;

use utf8x_test_support as support;
