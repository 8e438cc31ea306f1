//! Validation, ASCII test and code point count.

use crate::ascii::ascii_len;
use crate::decode::{Be, ByteOrder, Decoder, Le, Native, Step, Utf16, Utf32, utf8_step};
use crate::outcome::{ErrorKind, Outcome, Status};

/// Checks that `src` is well-formed UTF-8 (RFC 3629).
///
/// On success `read == src.len()`. Otherwise `read` is the offset of the first maximal ill-formed
/// subpart, `error_len` its length (0 with [`Status::Truncated`] when the input ends inside a
/// sequence) and `error` its kind. `written` and `replaced` are always 0.
pub fn validate(src: &[u8]) -> Outcome {
    let mut i = 0;
    while i < src.len() {
        i += ascii_len(&src[i..]);
        while let Some(rest) = src
            .get(i..)
            .filter(|r| r.first().is_some_and(|&b| b >= 0x80))
        {
            match utf8_step(rest) {
                Step::Char { len, .. } => i += len,
                step => return failure(i, step),
            }
        }
    }
    ok(src.len())
}

/// True when `src` is well-formed UTF-8.
pub fn is_valid(src: &[u8]) -> bool {
    validate(src).is_ok()
}

/// True when every byte of `src` is below 0x80.
pub fn is_ascii(src: &[u8]) -> bool {
    ascii_len(src) == src.len()
}

/// Bytes of `src` that are not continuation bytes (`80`..`BF`): the number of code points when
/// `src` is valid UTF-8. Meaningful, and never failing, on any input.
pub fn count(src: &[u8]) -> usize {
    src.iter().filter(|&&b| (b as i8) >= -0x40).count()
}

/// Checks UTF-16 in little-endian units. A high surrogate as the last unit is
/// [`Status::Truncated`]; any other unpaired surrogate is [`Status::Invalid`] with `error_len` 1.
pub fn validate_utf16le(src: &[u16]) -> Outcome {
    validate_utf16::<Le>(src)
}

/// Checks UTF-16 in big-endian units; see [`validate_utf16le`].
pub fn validate_utf16be(src: &[u16]) -> Outcome {
    validate_utf16::<Be>(src)
}

/// Checks UTF-16 in the machine's byte order; see [`validate_utf16le`].
pub fn validate_utf16_native(src: &[u16]) -> Outcome {
    validate_utf16::<Native>(src)
}

fn validate_utf16<O: ByteOrder>(src: &[u16]) -> Outcome {
    validate_units::<Utf16<O>>(src)
}

/// Checks UTF-32 in native byte order: surrogates and values above 0x10FFFF are
/// [`Status::Invalid`] with `error_len` 1.
pub fn validate_utf32(src: &[u32]) -> Outcome {
    validate_units::<Utf32>(src)
}

fn validate_units<D: Decoder>(src: &[D::Unit]) -> Outcome {
    let mut i = 0;
    while i < src.len() {
        match D::step(&src[i..]) {
            Step::Char { len, .. } => i += len,
            step => return failure(i, step),
        }
    }
    ok(src.len())
}

fn ok(read: usize) -> Outcome {
    Outcome {
        read,
        ..Outcome::default()
    }
}

fn failure(read: usize, step: Step) -> Outcome {
    let (status, error, error_len) = match step {
        Step::Invalid { len, kind } => (Status::Invalid, kind, len),
        _ => (Status::Truncated, ErrorKind::Incomplete, 0),
    };
    Outcome {
        status,
        error,
        read,
        error_len,
        ..Outcome::default()
    }
}
