//! Validation, ASCII test and code point count.

use crate::codec::ascii::is_short_ascii;
use crate::codec::decode::{Be, ByteOrder, Decoder, Le, Native, Step, Utf16, Utf32, utf8_step};
use crate::simd::{self, Kernels};
use crate::types::outcome::{ErrorKind, Outcome, Status};

/// Checks that `src` is well-formed UTF-8 (RFC 3629).
///
/// On success `read == src.len()`. Otherwise `read` is the offset of the first maximal ill-formed
/// subpart, `error_len` its length (0 with [`Status::Truncated`] when the input ends inside a
/// sequence) and `error` its kind. `written` and `replaced` are always 0.
pub fn validate(src: &[u8]) -> Outcome {
    if is_short_ascii(src) {
        return ok(src.len());
    }
    let valid = simd::with_valid_kernels(src.len(), |k| (k.utf8_valid_up_to())(src));
    outcome(src, valid)
}

#[inline]
pub(crate) fn validate_with(k: &Kernels, src: &[u8]) -> Outcome {
    outcome(src, (k.utf8_valid_up_to())(src))
}

/// The outcome for `src`, valid up to `valid` (a character boundary). The search for the error
/// is a function of its own: inlined, its registers made every call save and restore six, which
/// cost short valid inputs more than their check.
#[inline(always)]
fn outcome(src: &[u8], valid: usize) -> Outcome {
    if valid == src.len() {
        ok(valid)
    } else {
        first_error(src, valid)
    }
}

/// The outcome for `src`, not valid, from `i`: the kernel stops on a boundary shortly before
/// the first error; the scalar steps from there find it exactly.
#[inline(never)]
fn first_error(src: &[u8], mut i: usize) -> Outcome {
    while let Some(rest) = src.get(i..).filter(|r| !r.is_empty()) {
        match utf8_step(rest) {
            Step::Char { len, .. } => i += len,
            step => return failure(i, step),
        }
    }
    ok(src.len())
}

/// True when `src` is well-formed UTF-8.
#[must_use]
pub fn is_valid(src: &[u8]) -> bool {
    is_short_ascii(src) || simd::with_valid_kernels(src.len(), |k| is_valid_with(k, src))
}

#[inline]
pub(crate) fn is_valid_with(k: &Kernels, src: &[u8]) -> bool {
    (k.utf8_valid_up_to())(src) == src.len()
}

/// True when every byte of `src` is below 0x80.
#[must_use]
pub fn is_ascii(src: &[u8]) -> bool {
    simd::with_utf8_kernels(src.len(), |k| is_ascii_with(k, src))
}

#[inline]
pub(crate) fn is_ascii_with(k: &Kernels, src: &[u8]) -> bool {
    (k.ascii_len())(src) == src.len()
}

/// Bytes of `src` that are not continuation bytes (`80`..`BF`): the number of code points when
/// `src` is valid UTF-8. Meaningful, and never failing, on any input.
#[must_use]
pub fn count(src: &[u8]) -> usize {
    simd::with_utf8_kernels(src.len(), |k| count_with(k, src))
}

#[inline]
pub(crate) fn count_with(k: &Kernels, src: &[u8]) -> usize {
    (k.count())(src)
}

/// Checks UTF-16 in little-endian units. A high surrogate as the last unit is
/// [`Status::Truncated`]; any other unpaired surrogate is [`Status::Invalid`] with `error_len` 1.
pub fn validate_utf16le(src: &[u16]) -> Outcome {
    simd::with_kernels(src.len(), |k| validate_utf16::<Le>(k, src))
}

/// Checks UTF-16 in big-endian units; see [`validate_utf16le`].
pub fn validate_utf16be(src: &[u16]) -> Outcome {
    simd::with_kernels(src.len(), |k| validate_utf16::<Be>(k, src))
}

/// Checks UTF-16 in the machine's byte order; see [`validate_utf16le`].
pub fn validate_utf16_native(src: &[u16]) -> Outcome {
    simd::with_kernels(src.len(), |k| validate_utf16::<Native>(k, src))
}

#[inline]
pub(crate) fn validate_utf16<O: ByteOrder>(k: &Kernels, src: &[u16]) -> Outcome {
    // The measuring kernel stops at the first ill-formed unit or near the end.
    let (start, _) = k.utf16_to_utf8_bulk::<O>(src, None);
    validate_units::<Utf16<O>>(src, start)
}

/// Checks UTF-32 in native byte order: surrogates and values above 0x10FFFF are
/// [`Status::Invalid`] with `error_len` 1.
pub fn validate_utf32(src: &[u32]) -> Outcome {
    simd::with_kernels(src.len(), |k| validate_utf32_with(k, src))
}

#[inline]
pub(crate) fn validate_utf32_with(k: &Kernels, src: &[u32]) -> Outcome {
    let (start, _) = (k.utf32_measure())(src);
    validate_units::<Utf32>(src, start)
}

/// Scalar validation from `start`, a character boundary with only valid input before it.
fn validate_units<D: Decoder>(src: &[D::Unit], start: usize) -> Outcome {
    let mut i = start;
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
