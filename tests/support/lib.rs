//! What the test binaries share, a crate of its own that each of them uses as `support`. At this level: the oracles of the conversion
//! suites. Every expected value is derived from std (`str::from_utf8`, `char::encode_utf16`,
//! `char::decode_utf16`, `char::from_u32`) or from the Unicode Standard's definitions written out
//! here, never from utf8x itself. Below, one submodule per area: the text corpus and its seeded
//! generator, errno, glibc's iconv and mb functions beside utf8x's, the stream harness, the
//! kernel helpers and the encoding family's model.

mod harness;
mod inputs;
mod oracle;
mod utf8;

// The corpus stays a file that needs nothing but std, because the CLI includes it on its own.
// Its generator is the one every test uses.
pub mod corpus;
pub use corpus::rng;

#[cfg(target_os = "linux")]
pub mod c_abi;
pub mod detect;
pub mod errno;
pub mod family;
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub mod iconv;
pub mod kernels;
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub mod mb;
pub mod runner;
pub mod stream;

use std::fmt::Debug;

use utf8x::Policy;

pub use harness::*;
pub use inputs::*;
pub use oracle::*;
pub use utf8::*;

/// Every policy. Their C values are `policy as u32`.
pub const POLICIES: [Policy; 5] = [
    Policy::Strict,
    Policy::Replace,
    Policy::Skip,
    Policy::Escape,
    Policy::Fallback,
];

/// Every policy but [`Policy::Fallback`]: the kernel suite's conversions other than UTF-8 →
/// UTF-16/UTF-32 leave it out.
pub const POLICIES_BUT_FALLBACK: [Policy; 4] = match POLICIES {
    [strict, replace, skip, escape, Policy::Fallback] => [strict, replace, skip, escape],
    _ => panic!("Policy::Fallback is the last of POLICIES"),
};

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
