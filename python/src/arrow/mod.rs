//! The compiled half of `utf8x.arrow`: `utf8x/arrow.py` takes a pyarrow array apart into its
//! buffers (`Array.buffers()`, read here in place through the buffer protocol) and puts the
//! output arrays together from the buffers built here ([`build::OwnedBuffer`], wrapped by
//! pyarrow without a copy).
//!
//! Outputs that keep one value per input value (`is_valid`, `make_valid`, `decode`, `encode`)
//! share the input's validity bitmap: `arrow.py` passes that bitmap on from the byte that holds
//! the array's first bit, and the output starts `offset % 8` values into its own buffers, which
//! lead with that many empty slots. Nothing is copied for nulls, and null in is null out.
//!
//! Everything between reading the buffers and handing back the output runs without the GIL.
//! Arrow arrays are immutable: a program that writes into an array's buffers (a writable
//! `memoryview` of them) while a function reads them gets an unspecified result, as with any
//! Arrow compute function, but never a read outside them: every offset and view is checked
//! before a value is read.

mod build;
mod codec;
mod column;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;

use build::{Fixed, OffsetsOut, OutOffset, OwnedBuffer, Sink, Stop, ViewsOut, Writable};
use codec::{Codec, Errors, Failure, Op, Scratch};
use column::{Column, Parts, Piece, Values, invalid_values, walk};

use crate::input::maybe_detached;

/// Whether each value is valid UTF-8 on its own: a bitmap of `offset % 8 + n` bits, a value's
/// bit set when it is valid (a null's bit means nothing: the output shares the input's
/// validity bitmap).
#[pyfunction]
#[pyo3(name = "_arrow_is_valid")]
fn is_valid(py: Python<'_>, parts: Parts<'_>) -> PyResult<OwnedBuffer> {
    let bufs = parts.export()?;
    let col = parts.column(&bufs)?;
    let (n, offset) = (col.n, col.offset);
    let lead = offset % 8;
    let bits = maybe_detached(py, col.work(), || {
        let mut bits = vec![0xFFu8; (lead + n).div_ceil(8)];
        for i in invalid_values(&col) {
            let b = lead + i;
            bits[b / 8] &= !(1 << (b % 8));
        }
        bits
    });
    Ok(OwnedBuffer::new(bits))
}

/// The buffers of `errors`' struct: its validity (set where a value is invalid), the offsets
/// and lengths (`int64`), and the kind names' offsets (`int32`) and bytes.
type ErrorBuffers = (
    OwnedBuffer,
    OwnedBuffer,
    OwnedBuffer,
    OwnedBuffer,
    OwnedBuffer,
);

/// Where and why each value is not valid UTF-8 (see `ErrorBuffers`); the output starts at
/// offset 0 with a validity bitmap of its own.
#[pyfunction]
#[pyo3(name = "_arrow_errors")]
fn errors(py: Python<'_>, parts: Parts<'_>) -> PyResult<ErrorBuffers> {
    let bufs = parts.export()?;
    let col = parts.column(&bufs)?;
    let n = col.n;
    let (bits, offsets, lengths, kind_offsets, kinds) = maybe_detached(py, col.work(), || {
        let mut bits = vec![0u8; n.div_ceil(8)];
        let (mut offsets, mut lengths) = (vec![0i64; n], vec![0i64; n]);
        let mut kind_offsets = vec![0i32; n + 1];
        let mut kinds = Vec::new();
        let mut done = 0;
        let _ = walk::<()>(&col, |piece| {
            let Piece::Invalid(i) = piece else {
                return Ok(());
            };
            if col.is_null(i) {
                return Ok(());
            }
            let o = utf8x::validate(col.value(i));
            bits[i / 8] |= 1 << (i % 8);
            offsets[i] = o.read as i64;
            lengths[i] = o.error_len as i64;
            // The kind names of the values before this one are all written: fill their ends.
            kind_offsets[done + 1..=i].fill(kinds.len() as i32);
            kinds.extend_from_slice(o.error.name().as_bytes());
            kind_offsets[i + 1] = kinds.len() as i32;
            done = i + 1;
            Ok(())
        });
        kind_offsets[done + 1..].fill(kinds.len() as i32);
        (bits, offsets, lengths, kind_offsets, kinds)
    });
    Ok((
        OwnedBuffer::new(bits),
        OwnedBuffer::new(offsets),
        OwnedBuffer::new(lengths),
        OwnedBuffer::new(kind_offsets),
        OwnedBuffer::new(kinds),
    ))
}

/// A conversion checked before any array is read: the operation, its encoding and policy.
#[pyclass(frozen, module = "utf8x")]
struct ArrowPlan {
    op: Op,
    /// The encoding's name, for error messages.
    name: String,
}

/// The conversion `op` ("make_valid", "decode" or "encode") with `encoding` and `errors`: an
/// unknown encoding raises `LookupError`, a policy the operation does not take `ValueError`.
#[pyfunction]
#[pyo3(name = "_arrow_plan", signature = (op, encoding, errors))]
fn plan(op: &str, encoding: Option<&str>, errors: &str) -> PyResult<ArrowPlan> {
    use Errors::*;
    let codec = |enc: Option<&str>| match enc {
        Some(e) => Codec::parse(e),
        None => Err(PyValueError::new_err(format!("{op} needs an encoding"))),
    };
    let op = match op {
        "make_valid" => Op::MakeValid(Errors::parse(
            errors,
            &[Replace, Ignore, Fallback],
            "make_valid",
        )?),
        "decode" => {
            let c = codec(encoding)?;
            Op::Decode(
                c,
                Errors::parse(errors, &[Strict, Replace, Ignore, Fallback], "decode")?,
            )
        }
        "encode" => {
            let c = codec(encoding)?;
            Op::Encode(
                c,
                Errors::parse(errors, &[Strict, Replace, Ignore], "encode")?,
            )
        }
        _ => return Err(PyValueError::new_err(format!("unknown operation {op:?}"))),
    };
    let name = match op {
        Op::MakeValid(_) => "utf-8".into(),
        Op::Decode(c, _) | Op::Encode(c, _) => c.name(),
    };
    Ok(ArrowPlan { op, name })
}

/// The message of a strict conversion that failed on value `i`.
fn failed(plan: &ArrowPlan, what: &str, i: usize, f: Failure) -> String {
    let verb = match plan.op {
        Op::Encode(..) => format!("encode the {what} at index {i} to {}", plan.name),
        _ => format!("decode the {what} at index {i} from {}", plan.name),
    };
    format!("cannot {verb}: {} at byte offset {}", f.reason, f.offset)
}

/// Converts every value under `plan`. Returns the offsets (or views), the values and their
/// length in bytes (the buffer may be longer; for views a list of their new data buffers, each
/// its own length, and 0), starting `offset % 8` slots in (offsets None: the input's buffers
/// are the output's), and whether views copied from the input point into its data buffers
/// (which then come first among the output's). Values that come out as they went in are
/// written into a buffer of pyarrow's memory pool that `alloc(size)` gives. A view output's
/// new data buffers hold up to `view_buffer_bytes` each (at most 1 GiB). A strict conversion
/// that fails raises `ValueError` naming the value, as `what` and its index plus
/// `first_index`, and the offset inside it.
#[pyfunction]
#[pyo3(name = "_arrow_convert")]
fn convert<'py>(
    py: Python<'py>,
    plan: &ArrowPlan,
    parts: Parts<'py>,
    first_index: usize,
    what: &str,
    alloc: Bound<'py, PyAny>,
    view_buffer_bytes: usize,
) -> PyResult<(PyObject, PyObject, usize, bool)> {
    let bufs = parts.export()?;
    let col = parts.column(&bufs)?;
    let n = col.n;
    let fail = |i: usize, f: Failure| failed(plan, what, first_index + i, f);
    let op = plan.op;
    let owned = |b: OwnedBuffer| -> PyResult<PyObject> { Ok(Py::new(py, b)?.into_any()) };
    // None for the offsets when the input is the output.
    let offsets_or_none = |b: Option<OwnedBuffer>| match b {
        Some(b) => owned(b),
        None => Ok(py.None()),
    };
    let (values, offsets) = match &col.values {
        Values::Views(views, buffers) => {
            let r = maybe_detached(py, col.work(), || {
                convert_views(&col, views, buffers.len(), view_buffer_bytes, op, &fail)
            });
            let (out, shares) = r.map_err(stop_error)?;
            let (views, data) = out.finish();
            let data = data
                .into_iter()
                .map(|d| owned(OwnedBuffer::new(d)))
                .collect::<PyResult<Vec<_>>>()?;
            return Ok((
                owned(OwnedBuffer::new(views))?,
                PyList::new(py, data)?.into_any().unbind(),
                0,
                shares,
            ));
        }
        Values::Small(v, o) => (*v, Offsets::Small(o)),
        Values::Large(v, o) => (*v, Offsets::Large(o)),
    };
    let span = offsets.span(n);
    let guess = span + span / 32 + 64;
    if op.keeps_utf8() {
        // Into the pool's buffer, when the guess holds the output.
        let buffer = alloc.call1((guess,))?;
        let mut export = Writable::get(&buffer)?;
        let out = Fixed::new(export.bytes());
        let r = maybe_detached(py, col.work(), || {
            offsets.convert(&col, values, op, &fail, out)
        });
        match r {
            Ok((offs, out)) => {
                return Ok((offsets_or_none(offs)?, buffer.unbind(), out.len(), false));
            }
            Err(Stop::Full) => {}
            Err(e) => return Err(stop_error(e)),
        }
    }
    let out = Vec::with_capacity(guess);
    let r = maybe_detached(py, col.work(), || {
        offsets.convert(&col, values, op, &fail, out)
    });
    let (offs, values) = r.map_err(stop_error)?;
    let len = values.len();
    Ok((
        offsets_or_none(offs)?,
        owned(OwnedBuffer::new(values))?,
        len,
        false,
    ))
}

fn stop_error(e: Stop) -> PyErr {
    match e {
        Stop::Error(e) => PyValueError::new_err(e),
        Stop::Full => PyValueError::new_err("output buffer full"),
    }
}

/// The input's offsets, of either width.
enum Offsets<'a> {
    Small(&'a [i32]),
    Large(&'a [i64]),
}

impl Offsets<'_> {
    fn span(&self, n: usize) -> usize {
        match self {
            Offsets::Small(o) => (o[n] - o[0]) as usize,
            Offsets::Large(o) => (o[n] - o[0]) as usize,
        }
    }

    /// Converts the values into `sink`: the output's offsets (as wide as the input's; None
    /// when every value comes out as it went in, and the input is the output) and the sink.
    fn convert<S: Sink>(
        &self,
        col: &Column<'_>,
        values: &[u8],
        op: Op,
        fail: &Fail<'_>,
        sink: S,
    ) -> Result<(Option<OwnedBuffer>, S), Stop> {
        match self {
            Offsets::Small(o) => convert_offsets::<_, i32, S>(col, values, o, op, fail, sink)
                .map(|(o, s)| (o.map(OwnedBuffer::new), s)),
            Offsets::Large(o) => convert_offsets::<_, i64, S>(col, values, o, op, fail, sink)
                .map(|(o, s)| (o.map(OwnedBuffer::new), s)),
        }
    }
}

type Fail<'a> = dyn Fn(usize, Failure) -> String + Sync + 'a;

fn convert_offsets<I: Copy + Into<i64>, O: OutOffset, S: Sink>(
    col: &Column<'_>,
    values: &[u8],
    offsets: &[I],
    op: Op,
    fail: &Fail<'_>,
    sink: S,
) -> Result<(Option<Vec<O>>, S), Stop> {
    let n = col.n;
    let mut out = OffsetsOut::<O, S>::new(col.offset % 8, n, sink);
    let (mut scratch, mut value) = (Scratch::default(), Vec::new());
    let mut one = |out: &mut OffsetsOut<O, S>, i: usize| -> Result<(), Stop> {
        value.clear();
        if !col.is_null(i) {
            op.convert(col.value(i), &mut value, &mut scratch)
                .map_err(|f| fail(i, f))?;
        }
        out.push(&value)
    };
    if op.keeps_utf8() {
        // Nothing is copied until the first invalid value: a column without one comes out as
        // it went in, its buffers shared.
        let mut clean = true;
        walk(col, |piece| match piece {
            Piece::Valid(..) if clean => Ok(()),
            Piece::Valid(a, b) => out.copy_run(values, offsets, a, b),
            Piece::Invalid(i) => {
                if clean && i > 0 {
                    out.copy_run(values, offsets, 0, i)?;
                }
                clean = false;
                one(&mut out, i)
            }
        })?;
        if clean {
            return Ok((None, out.values));
        }
    } else {
        for i in 0..n {
            one(&mut out, i)?;
        }
    }
    Ok((Some(out.offsets), out.values))
}

fn convert_views(
    col: &Column<'_>,
    views: &[u8],
    buffers: usize,
    limit: usize,
    op: Op,
    fail: &Fail<'_>,
) -> Result<(ViewsOut, bool), Stop> {
    let n = col.n;
    let keep = op.keeps_utf8();
    let mut out = ViewsOut::new(col.offset % 8, n, if keep { buffers } else { 0 }, limit);
    let (mut scratch, mut value) = (Scratch::default(), Vec::new());
    let mut one = |out: &mut ViewsOut, i: usize| -> Result<(), Stop> {
        if col.is_null(i) {
            out.empty();
            return Ok(());
        }
        value.clear();
        op.convert(col.value(i), &mut value, &mut scratch)
            .map_err(|f| fail(i, f))?;
        out.push(&value)
    };
    if keep {
        walk(col, |piece| match piece {
            Piece::Valid(a, b) => {
                for i in a..b {
                    if col.is_null(i) {
                        out.empty();
                    } else {
                        out.copy_view(&views[i * 16..i * 16 + 16]);
                    }
                }
                Ok(())
            }
            Piece::Invalid(i) => one(&mut out, i),
        })?;
    } else {
        for i in 0..n {
            one(&mut out, i)?;
        }
    }
    Ok((out, keep))
}

/// The WHATWG encodings `decode` and `encode` accept beside utf8x's own.
#[pyfunction]
#[pyo3(name = "_arrow_whatwg_encodings")]
fn encodings() -> Vec<String> {
    codec::whatwg_names()
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(errors, m)?)?;
    m.add_function(wrap_pyfunction!(plan, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(encodings, m)?)?;
    m.add_class::<OwnedBuffer>()?;
    m.add_class::<ArrowPlan>()?;
    Ok(())
}
