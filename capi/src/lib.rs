//! utf8x as a C library: `libutf8x.so` (soname `libutf8x.so.0`, set by `build.rs`) and
//! `libutf8x.a`, declared by `include/utf8x.h`.
//!
//! The exported functions are the `utf8x-ffi` crate's. Linking it is all this crate does: a
//! `cdylib` exports, and a `staticlib` defines, every `#[no_mangle]` function of the crates it
//! links.

extern crate utf8x_ffi;
