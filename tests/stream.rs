//! Streaming conversion: chunked streams against one-shot conversion, through Rust and C.

// The crate root's submodules would resolve next to it, where Cargo would take each file for a
// test target of its own: they live in `stream/` instead.
#[path = "stream/stream_chunks.rs"]
mod stream_chunks;
#[path = "stream/stream_ffi.rs"]
mod stream_ffi;
#[path = "stream/stream_props.rs"]
mod stream_props;

mod support;
