//! How the conversion of one input ends: what it produced (`Done`) or why it stopped (`Fail`),
//! for the conversions of `convert.rs` and `via.rs` alike.

use std::io;

use utf8x::{Encoding, Status};

use crate::pipeline::{Halt, first_char};

/// What one input produced.
#[derive(Default)]
pub struct Done {
    pub read: u64,
    pub written: u64,
    pub replaced: u64,
    /// The input's encoding, as read (after `auto` or a byte order mark decided).
    pub from: Option<&'static str>,
}

/// Why one input's conversion stopped.
pub enum Fail {
    Open(io::Error),
    Read(io::Error),
    Write(io::Error),
    /// Ill-formed input or an unmappable character at byte `at` of the input.
    Data {
        status: Status,
        kind: utf8x::ErrorKind,
        at: u64,
        character: Option<char>,
        /// The input's encoding, as read.
        enc: &'static str,
    },
    /// The input (in `enc`) ends inside a character or a code unit, at byte `at`.
    Incomplete {
        at: u64,
        enc: &'static str,
    },
    /// The pair or the policy is not available.
    Unsupported(String),
}

/// The failure for a halted push; `chunk` starts at byte `base` of the input.
pub fn stopped(
    halt: Halt<io::Error>,
    from: Encoding,
    skip: usize,
    base: u64,
    chunk: &[u8],
) -> Fail {
    let s = match halt {
        Halt::Sink(e) => return Fail::Write(e),
        Halt::Input(s) => s,
    };
    let at = skip as u64 + s.position * from.unit_size() as u64;
    let status = s.outcome.status;
    if status == Status::Truncated {
        let enc = from.name();
        return Fail::Incomplete { at, enc };
    }
    let character = match (status, at.checked_sub(base)) {
        (Status::Unmappable, Some(i)) => chunk.get(i as usize..).and_then(|b| first_char(b, from)),
        _ => None,
    };
    Fail::Data {
        status,
        kind: s.outcome.error,
        at,
        character,
        enc: from.name(),
    }
}
