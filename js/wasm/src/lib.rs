//! The WebAssembly module of the utf8x npm package: utf8x's operations as plain `extern "C"`
//! functions over the module's own memory, for the loader in `js/src/` to call.
//!
//! The JavaScript side owns every buffer: it allocates room with [`memory::u8x_alloc`], copies
//! its input in, calls one operation and frees what it allocated before returning, so nothing
//! is kept between calls (a stream's state travels as four words in the caller's memory).
//! Results cross as six `u32` written at `out`: status, error kind, read, written, error
//! length, replaced (the C API's `utf8x_result`; sizes fit, as the memory is 32-bit). Nothing
//! here panics on any input: bad codes come back as `UTF8X_BAD_ARGUMENT`, and the module is
//! built with `panic=abort`, so a panic would be a trap, never a wrong answer.
//!
//! Layout: `memory` (allocation and the one place raw pointers become slices), `ops`
//! (validation and one-shot conversion), `stream` (the streaming conversion).

mod memory;
mod ops;
mod stream;
