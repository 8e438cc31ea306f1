//! The public API: conversions against std and the Unicode Standard's definitions (every
//! encoding, policy and output size), the text corpus, properties, one character at a time,
//! detection, the C boundary and constants, and sixteen threads at once.

// The crate root's submodules would resolve next to it, where Cargo would take each file for a
// test target of its own: they live in `api/` instead.
#[path = "api/chars.rs"]
mod chars;
#[path = "api/conformance.rs"]
mod conformance;
#[path = "api/detect.rs"]
mod detect;
#[path = "api/ffi_boundary.rs"]
mod ffi_boundary;
#[path = "api/ffi_constants.rs"]
mod ffi_constants;
#[path = "api/oracle_corpus.rs"]
mod oracle_corpus;
#[path = "api/oracle_latin1.rs"]
mod oracle_latin1;
#[path = "api/oracle_utf16_utf32.rs"]
mod oracle_utf16_utf32;
#[path = "api/oracle_utf8.rs"]
mod oracle_utf8;
#[path = "api/properties.rs"]
mod properties;
#[path = "api/threads.rs"]
mod threads;

mod support;
