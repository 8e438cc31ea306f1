//! utf8x's mbrtowc family against glibc's under `C.UTF-8`. Its own binary: the tests set the
//! process-wide locale, which glibc's iconv (in the `iconv` binary) reads too.

// The crate root's submodules would resolve next to it, where Cargo would take each file for a
// test target of its own: they live in `libc/` instead.
#[path = "libc/mb_glibc_chars.rs"]
mod mb_glibc_chars;
#[path = "libc/mb_glibc_strings.rs"]
mod mb_glibc_strings;

mod support;
