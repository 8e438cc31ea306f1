//! Streaming conversion: chunked streams against one-shot conversion, through Rust and C.

mod chunks;
mod ffi;
mod props;
mod state;

use utf8x_test_support as support;
