//! One value converted to or from UTF-8 in buffers that live as long as the thread, so that a
//! whole vector (and every later one) is converted without allocating per row: a buffer only
//! grows, to the largest value the thread has seen.
//!
//! Offsets in error messages are in bytes of the SQL value, also for UTF-16 and UTF-32, whose
//! library offsets are in units.

use std::cell::RefCell;

use utf8x::{Encoding, Outcome, Policy, Status, Unit, convert};

use crate::legacy;
use crate::names::{Codec, Errors};

/// The reusable buffers of one thread.
#[derive(Default)]
pub struct Buffers {
    /// UTF-8 out of `decode`, the bytes of a value out of `encode`.
    bytes: Vec<u8>,
    /// Aligned copies of UTF-16 or UTF-32 values (BLOB bytes have no alignment), and the units
    /// `encode` writes.
    units16: Vec<u16>,
    units32: Vec<u32>,
}

thread_local! {
    static BUFFERS: RefCell<Buffers> = RefCell::default();
}

/// Buffers above this size are given back after the chunk that needed them, so that one huge
/// value does not leave every thread that met one holding its size for good.
const KEEP: usize = 16 << 20;

/// Runs `f` (the rows of one chunk) with this thread's buffers.
pub fn with_buffers<R>(f: impl FnOnce(&mut Buffers) -> R) -> R {
    BUFFERS.with_borrow_mut(|buffers| {
        let result = f(buffers);
        if buffers.bytes.capacity() > KEEP {
            buffers.bytes = Vec::new();
        }
        if buffers.units16.capacity() * 2 > KEEP {
            buffers.units16 = Vec::new();
        }
        if buffers.units32.capacity() * 4 > KEEP {
            buffers.units32 = Vec::new();
        }
        result
    })
}

/// U+FFFD, what `replace` and `fallback` make of a trailing piece of a UTF-16 or UTF-32 unit.
const REPLACEMENT: &[u8] = "\u{FFFD}".as_bytes();

impl Buffers {
    /// `src`, in `codec`, as UTF-8 under `errors`.
    pub fn decode(&mut self, src: &[u8], codec: Codec, errors: Errors) -> Result<&[u8], String> {
        match codec {
            Codec::Utf8x(from) => self.decode_utf8x(src, from, errors),
            Codec::Legacy(from) => {
                let written = legacy::decode(src, from, errors, &mut self.bytes)?;
                Ok(&self.bytes[..written])
            }
        }
    }

    /// UTF-8 `src` in `codec`; ill-formed input and characters `codec` cannot hold are errors.
    pub fn encode(&mut self, src: &[u8], codec: Codec) -> Result<&[u8], String> {
        match codec {
            Codec::Utf8x(to) => self.encode_utf8x(src, to),
            Codec::Legacy(to) => {
                let text = std::str::from_utf8(src)
                    .map_err(|_| encode_error(&utf8x::validate(src), Encoding::Utf8))?;
                let written = legacy::encode(text, to, &mut self.bytes)?;
                Ok(&self.bytes[..written])
            }
        }
    }

    /// `src`, in the library's encoding `from`, as UTF-8 under `errors`.
    fn decode_utf8x(
        &mut self,
        src: &[u8],
        from: Encoding,
        errors: Errors,
    ) -> Result<&[u8], String> {
        let unit = from.unit_size();
        let (whole, tail) = src.split_at(src.len() / unit * unit);
        // At most 3 bytes of UTF-8 per input byte (a Windows-1252 byte or a bad UTF-8 byte
        // becomes up to 3), and room for one U+FFFD after a broken last unit.
        let cap = 3 * src.len() + REPLACEMENT.len();
        let policy = errors.policy();
        let (outcome, mut written) = match unit {
            1 => convert_grown(whole, from, &mut self.bytes, cap, Encoding::Utf8, policy),
            2 => {
                copy_units(&mut self.units16, whole, u16::from_ne_bytes);
                convert_grown(
                    &self.units16,
                    from,
                    &mut self.bytes,
                    cap,
                    Encoding::Utf8,
                    policy,
                )
            }
            _ => {
                copy_units(&mut self.units32, whole, u32::from_ne_bytes);
                convert_grown(
                    &self.units32,
                    from,
                    &mut self.bytes,
                    cap,
                    Encoding::Utf8,
                    policy,
                )
            }
        };
        if !outcome.is_ok() {
            return Err(decode_error(&outcome, from, unit));
        }
        if !tail.is_empty() {
            match errors {
                Errors::Strict => {
                    return Err(format!(
                        "{from} input ends inside a {}-byte unit at byte offset {} \
                         ({} bytes left, incomplete)",
                        unit,
                        whole.len(),
                        tail.len()
                    ));
                }
                Errors::Ignore => {}
                // A high surrogate right before the odd bytes was already replaced: CPython
                // (and utf8x.arrow, the Polars plugin, utf8x.decode) make that surrogate and the
                // bytes after it one truncated sequence, one U+FFFD.
                Errors::Replace | Errors::Fallback if ends_in_high_surrogate(whole, from) => {}
                Errors::Replace | Errors::Fallback => {
                    self.bytes[written..written + REPLACEMENT.len()].copy_from_slice(REPLACEMENT);
                    written += REPLACEMENT.len();
                }
            }
        }
        Ok(&self.bytes[..written])
    }

    /// UTF-8 `src` in the library's encoding `to`.
    fn encode_utf8x(&mut self, src: &[u8], to: Encoding) -> Result<&[u8], String> {
        let policy = Policy::Strict;
        let (outcome, written) = match to.unit_size() {
            // MUTF-8 writes U+0000 in 2 bytes, CESU-8 a 4-byte character in 6.
            1 => convert_grown(
                src,
                Encoding::Utf8,
                &mut self.bytes,
                2 * src.len(),
                to,
                policy,
            ),
            2 => convert_grown(
                src,
                Encoding::Utf8,
                &mut self.units16,
                src.len(),
                to,
                policy,
            ),
            _ => convert_grown(
                src,
                Encoding::Utf8,
                &mut self.units32,
                src.len(),
                to,
                policy,
            ),
        };
        if !outcome.is_ok() {
            return Err(encode_error(&outcome, to));
        }
        // Wider units go out as they lie in memory: in the encoding's byte order already.
        match to.unit_size() {
            1 => {}
            2 => copy_bytes(&self.units16[..written], &mut self.bytes, u16::to_ne_bytes),
            _ => copy_bytes(&self.units32[..written], &mut self.bytes, u32::to_ne_bytes),
        }
        Ok(&self.bytes[..written * to.unit_size()])
    }
}

/// True when the 2-byte units `whole` (in `from`'s byte order) end with a high surrogate.
fn ends_in_high_surrogate(whole: &[u8], from: Encoding) -> bool {
    let Some(&[a, b]) = whole.last_chunk::<2>() else {
        return false;
    };
    let last = match from {
        Encoding::Utf16Le => u16::from_le_bytes([a, b]),
        Encoding::Utf16Be => u16::from_be_bytes([a, b]),
        _ if from.unit_size() == 2 => u16::from_ne_bytes([a, b]),
        _ => return false,
    };
    (0xD800..0xDC00).contains(&last)
}

/// Converts `src` into `out`, grown to at least `cap` units first (and again, doubled, in the
/// unexpected case that the output did not fit): the outcome and the units written.
fn convert_grown<S: Unit, T: Unit>(
    src: &[S],
    from: Encoding,
    out: &mut Vec<T>,
    cap: usize,
    to: Encoding,
    policy: Policy,
) -> (Outcome, usize) {
    let mut cap = cap.max(16);
    loop {
        if out.len() < cap {
            out.resize(cap, T::default());
        }
        let outcome = convert(src, from, Some(&mut out[..]), to, policy);
        if outcome.status != Status::OutputFull {
            return (outcome, outcome.written);
        }
        cap = 2 * out.len();
    }
}

/// `bytes` read as native-order units into `units` (replacing what it held).
fn copy_units<U: Copy, const N: usize>(units: &mut Vec<U>, bytes: &[u8], from: fn([u8; N]) -> U) {
    units.clear();
    units.extend(
        bytes
            .chunks_exact(N)
            .map(|c| from(c.try_into().expect("chunks of N"))),
    );
}

/// `units` written as their native-order bytes into `bytes`, from its start.
fn copy_bytes<U: Copy, const N: usize>(units: &[U], bytes: &mut Vec<u8>, to: fn(U) -> [u8; N]) {
    if bytes.len() < units.len() * N {
        bytes.resize(units.len() * N, 0);
    }
    for (dst, u) in bytes.chunks_exact_mut(N).zip(units) {
        dst.copy_from_slice(&to(*u));
    }
}

/// The SQL error of a failed decode.
fn decode_error(o: &Outcome, from: Encoding, unit: usize) -> String {
    let offset = o.read * unit;
    match o.status {
        Status::Invalid => format!(
            "invalid {from} at byte offset {offset} ({} byte{}, {}: {})",
            o.error_len * unit,
            if o.error_len * unit == 1 { "" } else { "s" },
            o.error.name(),
            o.error.as_str()
        ),
        Status::Truncated => format!(
            "{from} input ends inside a character at byte offset {offset} ({}: {})",
            o.error.name(),
            o.error.as_str()
        ),
        Status::Unmappable => format!(
            "the character at byte offset {offset} of the {from} input has no UTF-8 form \
             ({}: {})",
            o.error.name(),
            o.error.as_str()
        ),
        _ => format!("cannot decode {from}: {}", o.status.as_str()),
    }
}

/// The SQL error of a failed encode (the offset is in bytes of the UTF-8 input).
fn encode_error(o: &Outcome, to: Encoding) -> String {
    match o.status {
        Status::Unmappable => format!(
            "the character at byte offset {} cannot be encoded in {to} (unmappable)",
            o.read
        ),
        Status::Invalid | Status::Truncated => format!(
            "the text is not valid UTF-8 at byte offset {} ({}: {})",
            o.read,
            o.error.name(),
            o.error.as_str()
        ),
        _ => format!("cannot encode {to}: {}", o.status.as_str()),
    }
}
