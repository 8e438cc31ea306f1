//! Shared oracles for the test suites. Every expected value is derived from std
//! (`str::from_utf8`, `char::encode_utf16`, `char::decode_utf16`, `char::from_u32`) or from the
//! Unicode Standard's definitions written out here, never from utf8x itself.

// Each suite uses a different subset of these helpers.
#![allow(dead_code, unused_imports)]

mod harness;
mod inputs;
mod oracle;
mod utf8;

use std::fmt::Debug;

use utf8x::Policy;

pub use harness::*;
pub use inputs::*;
pub use oracle::*;
pub use utf8::*;

pub const POLICIES: [Policy; 5] = [
    Policy::Strict,
    Policy::Replace,
    Policy::Skip,
    Policy::Escape,
    Policy::Fallback,
];

/// Native-order values to units whose memory holds little-/big-endian bytes.
pub fn as_le(values: &[u16]) -> Vec<u16> {
    values.iter().map(|&u| u.to_le()).collect()
}

pub fn as_be(values: &[u16]) -> Vec<u16> {
    values.iter().map(|&u| u.to_be()).collect()
}

/// A short rendering of an input for assertion messages.
pub fn hex<T: Debug>(s: &[T]) -> String {
    const SHOWN: usize = 160;
    if s.len() <= SHOWN {
        format!("{s:02x?}")
    } else {
        format!("{:02x?} ... ({} units)", &s[..SHOWN], s.len())
    }
}
