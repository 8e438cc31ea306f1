//! The plugin's functions on one chunk: an input [`Chunk`] in, an output [`OutArray`] out.
//!
//! Nulls stay null. Values are validated with [`Chunk::valid_bits`] (each value's bytes read once);
//! only values that need it are converted, each straight into the output's data buffer. Where
//! every value is valid UTF-8 and the output is that UTF-8 (`make_valid`, `decode("utf-8")`,
//! `encode("utf-8")`), the input chunk itself is the output: nothing is copied. Where a few are
//! invalid, the output's views point into the input's buffers for the valid values (the input
//! chunk lives as long as the output) and into a new buffer for the rest.

use utf8x::{Encoding, Outcome, Policy, Status, Unit};

use super::abi::{self, ArrowArray, Buffer, OutArray, Owned};
use super::chunk::Chunk;
use crate::input::units;

/// A plugin function with its arguments.
#[derive(Clone, Copy)]
pub(crate) enum Op {
    IsValid,
    ErrorOffset,
    /// `make_valid(errors)` and `decode(encoding, errors)`: bytes in `Encoding` to UTF-8.
    Decode(Encoding, &'static str, Policy),
    /// `encode(encoding)`: UTF-8 to bytes in `Encoding`.
    Encode(Encoding, &'static str),
}

impl Op {
    /// The Arrow format of the output: Boolean, Int64, String (Utf8View), Binary (BinaryView).
    pub(crate) fn format(self) -> &'static std::ffi::CStr {
        match self {
            Op::IsValid => c"b",
            Op::ErrorOffset => c"l",
            Op::Decode(..) => c"vu",
            Op::Encode(..) => c"vz",
        }
    }
}

/// Where a chunk's values are in the batch Polars passed: the index of its first value, and the
/// batch's length (for error messages: Polars may split a column into batches); and the threads
/// it may use.
#[derive(Clone, Copy)]
pub(crate) struct Place {
    pub(crate) first: usize,
    pub(crate) batch: usize,
    /// Threads the chunk may be validated on.
    pub(crate) threads: usize,
}

/// The result of `op` on one chunk; an error message (naming the value and the offset) for a
/// strict conversion that failed.
pub(crate) fn run(op: Op, input: Owned, format: &str, at: Place) -> Result<ArrowArray, String> {
    Ok(match compute(op, input, format, at)? {
        Output::New(a) => abi::export_array(a),
        Output::Same(input) => input.into_raw(),
    })
}

/// An output chunk: a new one, or the input itself.
enum Output {
    New(OutArray),
    Same(Owned),
}

fn compute(op: Op, input: Owned, format: &str, at: Place) -> Result<Output, String> {
    // SAFETY: Polars exported this chunk with this format (see `abi::take_series`).
    let chunk = unsafe { Chunk::new(input.array(), format)? };
    let (validity, nulls) = chunk.validity();
    let validity = validity.map_or(Buffer::None, Buffer::Bytes);
    let n = chunk.len();
    let out = match op {
        Op::IsValid => {
            let bits = chunk.valid_bits(at.threads);
            Ok(OutArray {
                length: n,
                null_count: nulls,
                buffers: vec![validity, Buffer::Bytes(bits)],
                keep: None,
            })
        }
        Op::ErrorOffset => {
            let valid = Valid(chunk.valid_bits(at.threads));
            let mut offsets = vec![0i64; n];
            // Null in the output: null and valid values.
            let mut nulls = 0;
            let bits = bitmap(n, |i| {
                if chunk.is_null(i) || valid.get(i) {
                    nulls += 1;
                    return false;
                }
                offsets[i] = utf8x::validate(chunk.value(i)).read as i64;
                true
            });
            Ok(OutArray {
                length: n,
                null_count: nulls,
                buffers: vec![Buffer::Bytes(bits), Buffer::Int64(offsets)],
                keep: None,
            })
        }
        Op::Decode(Encoding::Utf8, ..) | Op::Encode(Encoding::Utf8, _) => {
            let (name, policy) = match op {
                Op::Decode(_, name, policy) => (name, policy),
                Op::Encode(_, name) => (name, Policy::Strict),
                _ => unreachable!("matched above"),
            };
            let valid = Valid(chunk.valid_bits(at.threads));
            let Some(bad) = (0..n).find(|&i| !chunk.is_null(i) && !valid.get(i)) else {
                if chunk.has_views() {
                    // All valid, and views already: the input is the output.
                    drop(chunk);
                    return Ok(Output::Same(input));
                }
                return rebuild(&chunk, validity, nulls, false, |i, b| {
                    b.push(chunk.value(i))
                })
                .map(Output::New);
            };
            if policy == Policy::Strict {
                let o = utf8x::validate(chunk.value(bad));
                return Err(message(op, name, at.value(bad), chunk.value(bad), &o, 1));
            }
            // The valid values keep their views into the input's buffers.
            let borrow = chunk.has_views();
            let mut out = rebuild(&chunk, validity, nulls, borrow, |i, b| {
                let v = chunk.value(i);
                match chunk.view(i) {
                    Some(view) if valid.get(i) => b.views.push(view),
                    _ if valid.get(i) => b.push(v),
                    _ => {
                        let start = b.start();
                        let _ =
                            convert_into(&mut b.data, v, Encoding::Utf8, Encoding::Utf8, policy);
                        b.finish(start);
                    }
                }
            })?;
            if borrow {
                drop(chunk);
                out.keep = Some(input);
            }
            Ok(out)
        }
        Op::Decode(enc, name, policy) => {
            let mut error = None;
            let out = rebuild(&chunk, validity, nulls, false, |i, b| {
                if error.is_some() {
                    return;
                }
                let v = chunk.value(i);
                let start = b.start();
                if let Err(o) = decode_into(&mut b.data, v, enc, policy) {
                    error = Some(message(op, name, at.value(i), v, &o, enc.unit_size()));
                }
                b.finish(start);
            })?;
            error.map_or(Ok(out), Err)
        }
        Op::Encode(enc, name) => {
            let mut error = None;
            let mut units16: Vec<u16> = vec![];
            let mut units32: Vec<u32> = vec![];
            let out = rebuild(&chunk, validity, nulls, false, |i, b| {
                if error.is_some() {
                    return;
                }
                let v = chunk.value(i);
                let start = b.start();
                let o = match enc.unit_size() {
                    2 => append_units(&mut b.data, &mut units16, v, enc),
                    4 => append_units(&mut b.data, &mut units32, v, enc),
                    _ => convert_into(&mut b.data, v, Encoding::Utf8, enc, Policy::Strict),
                };
                if !o.is_ok() {
                    error = Some(message(op, name, at.value(i), v, &o, 1));
                }
                b.finish(start);
            })?;
            error.map_or(Ok(out), Err)
        }
    };
    out.map(Output::New)
}

/// The bitmap of [`Chunk::valid_bits`].
struct Valid(Vec<u8>);

impl Valid {
    #[inline]
    fn get(&self, i: usize) -> bool {
        self.0[i / 8] >> (i % 8) & 1 == 1
    }
}

/// A bitmap of `n` bits, bit `i` set when `f(i)`.
fn bitmap(n: usize, mut f: impl FnMut(usize) -> bool) -> Vec<u8> {
    let mut bits = vec![0u8; n.div_ceil(8)];
    for (k, byte) in bits.iter_mut().enumerate() {
        let mut b = 0;
        for j in 0..8.min(n - k * 8) {
            b |= (f(k * 8 + j) as u8) << j;
        }
        *byte = b;
    }
    bits
}

/// Output views and the data buffer they point into, built value by value.
pub(crate) struct Views {
    views: Vec<u128>,
    /// Input buffers the views may point into, first in the output (indices `0..borrowed`).
    borrowed: usize,
    full: Vec<Vec<u8>>,
    /// The buffer being filled: converters write into it, [`Views::finish`] makes the view.
    pub(crate) data: Vec<u8>,
}

/// Bytes per data buffer before a new one starts: offsets in views are `u32`.
const BUFFER_BYTES: usize = 1 << 30;

impl Views {
    /// Where the next value starts in [`Views::data`] (a new buffer when this one is full).
    fn start(&mut self) -> usize {
        if self.data.len() >= BUFFER_BYTES {
            self.full.push(std::mem::take(&mut self.data));
        }
        self.data.len()
    }

    /// Makes the view of the value written into `data` from `start`: inline when it is 12
    /// bytes or fewer (and then taken back out of `data`).
    fn finish(&mut self, start: usize) {
        let v = &self.data[start..];
        let n = v.len();
        let mut view = [0u8; 16];
        view[..4].copy_from_slice(&(n as u32).to_ne_bytes());
        if n <= 12 {
            view[4..4 + n].copy_from_slice(v);
            self.data.truncate(start);
        } else {
            let index = (self.borrowed + self.full.len()) as u32;
            view[4..8].copy_from_slice(&v[..4]);
            view[8..12].copy_from_slice(&index.to_ne_bytes());
            view[12..].copy_from_slice(&(start as u32).to_ne_bytes());
        }
        self.views.push(u128::from_ne_bytes(view));
    }

    fn push(&mut self, v: &[u8]) {
        let start = self.start();
        self.data.extend_from_slice(v);
        self.finish(start);
    }
}

/// A view array of `chunk`'s length and nulls, value `i` (not null) written by `f(i, views)`.
/// With `borrow`, the output's first data buffers are the chunk's, so that its views can be
/// copied as they are.
fn rebuild(
    chunk: &Chunk<'_>,
    validity: Buffer,
    nulls: usize,
    borrow: bool,
    mut f: impl FnMut(usize, &mut Views),
) -> Result<OutArray, String> {
    let n = chunk.len();
    let borrowed = if borrow { chunk.data_buffers() } else { vec![] };
    let mut b = Views {
        views: Vec::with_capacity(n),
        borrowed: borrowed.len(),
        full: vec![],
        data: vec![],
    };
    for i in 0..n {
        if chunk.is_null(i) {
            b.views.push(0);
        } else {
            f(i, &mut b);
        }
        if b.data.len() > u32::MAX as usize {
            return Err("utf8x: an output value longer than 4 GiB".into());
        }
    }
    b.full.push(b.data);
    let mut buffers = vec![validity, Buffer::Views(b.views)];
    let mut sizes: Vec<i64> = vec![];
    for (p, size) in borrowed {
        buffers.push(Buffer::Borrowed(p));
        sizes.push(size as i64);
    }
    for d in b.full {
        sizes.push(d.len() as i64);
        buffers.push(Buffer::Bytes(d));
    }
    buffers.push(Buffer::Int64(sizes));
    Ok(OutArray {
        length: n,
        null_count: nulls,
        buffers,
        keep: None,
    })
}

/// Converts `src` under `policy`, appending the output to `out`; the outcome counts from
/// `src`'s start and `out`'s previous end.
fn convert_into<S: Unit, T: Unit>(
    out: &mut Vec<T>,
    src: &[S],
    from: Encoding,
    to: Encoding,
    policy: Policy,
) -> Outcome {
    let start = out.len();
    // Enough for every conversion to a form of the UTF-8 family from bytes or UTF-16 (3 bytes
    // per unit at most) or UTF-32 (4), and from UTF-8 to anything: one call, as a rule.
    let mut room = src.len() * 4 / size_of::<T>() + 8;
    let (mut read, mut replaced) = (0, 0);
    loop {
        let at = out.len();
        out.resize(at + room, T::default());
        let o = utf8x::convert(&src[read..], from, Some(&mut out[at..]), to, policy);
        out.truncate(at + o.written);
        read += o.read;
        replaced += o.replaced;
        if o.status != Status::OutputFull {
            return Outcome {
                read,
                written: out.len() - start,
                replaced,
                ..o
            };
        }
        room = utf8x::convert::<S, T>(&src[read..], from, None, to, policy).written + 8;
    }
}

/// Appends the UTF-8 of `v`, in encoding `enc`, to `out`; the error under STRICT. The bytes
/// after the last whole unit of a UTF-16/UTF-32 value are treated as CPython treats them: an
/// error ("truncated data"), one U+FFFD (none when the value ends in a high surrogate, already
/// replaced), or nothing.
fn decode_into(out: &mut Vec<u8>, v: &[u8], enc: Encoding, policy: Policy) -> Result<(), Outcome> {
    let size = enc.unit_size();
    let o = match size {
        2 => convert_into(out, &units::<u16>(v), enc, Encoding::Utf8, policy),
        4 => convert_into(out, &units::<u32>(v), enc, Encoding::Utf8, policy),
        _ => convert_into(out, v, enc, Encoding::Utf8, policy),
    };
    if !o.is_ok() {
        return Err(o);
    }
    let whole = v.len() - v.len() % size;
    if whole < v.len() {
        match policy {
            Policy::Strict => {
                return Err(Outcome {
                    status: Status::Truncated,
                    error: utf8x::ErrorKind::Incomplete,
                    read: whole / size,
                    ..Outcome::default()
                });
            }
            Policy::Skip => {}
            _ if crate::ends_in_high_surrogate(enc, &v[..whole]) => {}
            _ => out.extend_from_slice("\u{FFFD}".as_bytes()),
        }
    }
    Ok(())
}

/// Appends the encoding of UTF-8 `v` in `enc`, of 2- or 4-byte units, to `out`, through
/// `units`.
fn append_units<T: Unit>(
    out: &mut Vec<u8>,
    units: &mut Vec<T>,
    v: &[u8],
    enc: Encoding,
) -> Outcome {
    units.clear();
    let o = convert_into(units, v, Encoding::Utf8, enc, Policy::Strict);
    out.extend_from_slice(crate::as_bytes(units));
    o
}

impl Place {
    fn value(self, i: usize) -> Place {
        Place {
            first: self.first + i,
            ..self
        }
    }
}

/// The error of a strict `decode` or `encode`: what is wrong, the byte offset in the value,
/// the value's first bytes and its place in the batch.
fn message(op: Op, name: &str, at: Place, v: &[u8], o: &Outcome, unit: usize) -> String {
    let what = match op {
        Op::Encode(..) if o.status == Status::Unmappable => {
            format!("utf8x.encode: a value cannot be encoded in {name}")
        }
        Op::Encode(..) => "utf8x.encode: a value is not valid UTF-8".to_string(),
        // A lone surrogate (WTF-8, MUTF-8) or a value above U+10FFFF (RFC 2279).
        _ if o.status == Status::Unmappable => {
            format!("utf8x.decode: a {name} value holds a character a String cannot hold")
        }
        _ => format!("utf8x.decode: a value is not valid {name}"),
    };
    let kind = match o.status {
        Status::Unmappable => "unmappable",
        _ => o.error.name(),
    };
    format!(
        "{what}: {} ({kind}) at byte {} of {} (value {} of the {} in this batch)",
        o.error.as_str(),
        o.read * unit,
        preview(v),
        at.first,
        at.batch,
    )
}

/// `v` as Python writes bytes, cut after 40 bytes.
fn preview(v: &[u8]) -> String {
    let mut s = String::from("b'");
    for &b in v.iter().take(40) {
        match b {
            b'\\' | b'\'' => s.extend(['\\', b as char]),
            0x20..0x7F => s.push(b as char),
            _ => s.push_str(&format!("\\x{b:02x}")),
        }
    }
    s.push('\'');
    if v.len() > 40 {
        s.push_str("...");
    }
    s
}
