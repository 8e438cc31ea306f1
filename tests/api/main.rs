//! The public API: conversions against std and the Unicode Standard's definitions (every
//! encoding, policy and output size), the text corpus, properties, one character at a time,
//! detection, the C boundary and constants, and sixteen threads at once.

mod chars;
mod column;
mod conformance;
mod detect;
mod ffi_boundary;
mod ffi_constants;
mod mb;
mod oracle_between_utf16_utf32;
mod oracle_corpus;
mod oracle_latin1;
mod oracle_utf16_utf32;
mod oracle_utf8;
mod parallel;
mod properties;
// Threads started on purpose, and sizes past 32 bits: WebAssembly (WASI preview 1) starts no
// thread and has a 32-bit usize (the parallel calls still run there, on the calling thread).
#[cfg(not(target_family = "wasm"))]
mod thread_limits;
#[cfg(not(target_family = "wasm"))]
mod threads;

use utf8x_test_support as support;
