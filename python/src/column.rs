//! String columns: many values validated as UTF-8, each on its own, in one call. Arrow's layout
//! (a values buffer, `n + 1` offsets, an optional validity bitmap) is read in place from any
//! buffers; `utf8x.validate_column` in `utf8x/__init__.py` takes a pyarrow array apart into
//! them. A list of separate values goes to `validate_many`.

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use utf8x::{ColumnOffset, ColumnOutcome, Outcome, Status};

use crate::input::{Input, Plain, maybe_detached};

/// Which value of a column is not UTF-8, and where and why: the result of `validate_column`,
/// `validate_offsets` and `validate_many` when a value is invalid.
#[pyclass(frozen, get_all, module = "utf8x")]
struct ColumnError {
    /// The index of the first invalid value (counted from the first value given).
    index: usize,
    /// Byte offset of the first ill-formed sequence inside that value.
    offset: usize,
    /// Its length in bytes (0 when the value ends inside a sequence).
    length: usize,
    /// A short name of the kind, as `Utf8Error.kind`.
    kind: &'static str,
    /// An English description.
    reason: &'static str,
}

#[pymethods]
impl ColumnError {
    fn __repr__(&self) -> String {
        format!(
            "ColumnError(index={}, offset={}, length={}, kind={:?}, reason={:?})",
            self.index, self.offset, self.length, self.kind, self.reason
        )
    }
}

impl ColumnError {
    fn new(index: usize, o: &Outcome) -> ColumnError {
        ColumnError {
            index,
            offset: o.read,
            length: o.error_len,
            kind: o.error.name(),
            reason: o.error.as_str(),
        }
    }
}

/// A validity bitmap as Arrow lays it out: bit `offset + i` (least significant bit first) set
/// when value `i` is not null.
#[derive(Clone, Copy)]
struct Validity<'a> {
    bits: &'a [u8],
    offset: usize,
}

impl Validity<'_> {
    fn is_valid(&self, i: usize) -> bool {
        let b = self.offset + i;
        self.bits[b / 8] >> (b % 8) & 1 == 1
    }
}

/// Validates every non-null value of the column. Arrow leaves the bytes of a null slot
/// unspecified (a null may even span bytes of its own), so they are no value to check: the core
/// validates the whole column in one pass, and only when the first value it reports is null are
/// the values after it validated again, run of non-null values by run.
fn validate<O: ColumnOffset + Sync>(
    values: &[u8],
    offsets: &[O],
    validity: Option<Validity<'_>>,
) -> ColumnOutcome {
    let first = utf8x::validate_column(values, offsets);
    let Some(validity) = validity else {
        return first;
    };
    if first.outcome.is_ok()
        || first.outcome.status == Status::BadArgument
        || validity.is_valid(first.index)
    {
        return first;
    }
    // The offsets are all in range and in order: the first call checked them before any value.
    let n = offsets.len() - 1;
    let mut i = first.index + 1;
    while i < n {
        if !validity.is_valid(i) {
            i += 1;
            continue;
        }
        let run = (i..n).find(|&j| !validity.is_valid(j)).unwrap_or(n);
        let r = utf8x::validate_column(values, &offsets[i..=run]);
        if !r.outcome.is_ok() {
            return ColumnOutcome {
                index: i + r.index,
                ..r
            };
        }
        i = run;
    }
    ColumnOutcome {
        index: n,
        ..ColumnOutcome::default()
    }
}

/// The offsets as integers of type `O`, checked to be signed integers (as Arrow's are, so that
/// a negative one is seen for what it is) in the machine's byte order.
fn offsets_of<'a, O: Plain>(input: &'a Input<'_>) -> PyResult<crate::input::Units<'a, O>> {
    let format = input.format();
    let native = if cfg!(target_endian = "little") {
        '<'
    } else {
        '>'
    };
    let code = format.trim_start_matches(['@', '=', native]);
    if !matches!(code, "i" | "l" | "q" | "n") {
        return Err(PyTypeError::new_err(format!(
            "offsets must be signed integers in the machine's byte order, not format '{format}'"
        )));
    }
    input.whole_units::<O>("offsets")
}

/// The error for offsets the core refused: `at` is the first one out of order or range.
fn bad_offsets<O: Copy + Into<i64>>(offsets: &[O], at: usize, values: usize) -> PyErr {
    let Some(&v) = offsets.get(at) else {
        return PyValueError::new_err(format!("offsets[{at}] is out of order or range"));
    };
    let v: i64 = v.into();
    let why = if v < 0 {
        "is negative".to_string()
    } else if at > 0 && v < offsets[at - 1].into() {
        format!("is smaller than offsets[{}]", at - 1)
    } else {
        format!("is past the end of the values ({values} bytes)")
    };
    PyValueError::new_err(format!("offsets[{at}] = {v} {why}"))
}

fn run<O: ColumnOffset + Plain + Into<i64> + Sync>(
    py: Python<'_>,
    values: &Input<'_>,
    offsets: &Input<'_>,
    validity: Option<(&Input<'_>, usize)>,
    first_index: usize,
) -> PyResult<Option<ColumnError>> {
    let units = offsets_of::<O>(offsets)?;
    let offs: &[O] = &units;
    let n = offs.len().saturating_sub(1);
    // Every index this call may report, the last value's, must be a number Python gets back.
    if first_index.checked_add(n.saturating_sub(1)).is_none() {
        return Err(PyOverflowError::new_err(format!(
            "first_index {first_index} with {n} values: the last one's index would pass {}",
            usize::MAX
        )));
    }
    let bitmap = match validity {
        Some((v, offset)) => {
            let bits = v.bytes();
            let needed = offset.checked_add(n).map(|b| b.div_ceil(8));
            if needed.is_none_or(|need| bits.len() < need) {
                return Err(PyValueError::new_err(format!(
                    "the validity bitmap holds {} bits, fewer than the {offset} + {n} needed",
                    bits.len() * 8
                )));
            }
            Some(Validity { bits, offset })
        }
        None => None,
    };
    let data = values.bytes();
    let immutable = values.is_immutable()
        && offsets.is_immutable()
        && validity.is_none_or(|(v, _)| v.is_immutable());
    let work = if immutable {
        data.len() + offs.len()
    } else {
        0
    };
    let r = maybe_detached(py, work, || validate(data, offs, bitmap));
    match r.outcome.status {
        Status::Ok => Ok(None),
        Status::BadArgument => Err(bad_offsets(offs, r.index, data.len())),
        _ => Ok(Some(ColumnError::new(first_index + r.index, &r.outcome))),
    }
}

/// Validates each value of a column in Arrow's layout on its own: value `i` is
/// `values[offsets[i]:offsets[i + 1]]`. `offsets` is a buffer of 4- or 8-byte integers
/// (`array('i')`, `array('q')`, NumPy `int32`/`int64`); `validity`, when given, a bitmap whose
/// bit `validity_offset + i` is clear when value `i` is null (its bytes are then not checked).
/// None when every value is valid, else the first invalid one's `ColumnError`, its index plus
/// `first_index`. Offsets out of order or past the values raise `ValueError`.
#[pyfunction]
#[pyo3(signature = (values, offsets, validity=None, validity_offset=0, first_index=0))]
fn validate_offsets(
    py: Python<'_>,
    values: &Bound<'_, PyAny>,
    offsets: &Bound<'_, PyAny>,
    validity: Option<&Bound<'_, PyAny>>,
    validity_offset: usize,
    first_index: usize,
) -> PyResult<Option<ColumnError>> {
    let values = Input::new(values, 1, "values")?;
    let offsets = Input::with_items(offsets, &[4, 8], "offsets")?;
    let validity = validity.map(|v| Input::new(v, 1, "validity")).transpose()?;
    let validity = validity.as_ref().map(|v| (v, validity_offset));
    match offsets.item_size() {
        4 => run::<i32>(py, &values, &offsets, validity, first_index),
        8 => run::<i64>(py, &values, &offsets, validity, first_index),
        _ => Err(PyTypeError::new_err(format!(
            "offsets must be 4- or 8-byte integers (array('i'), array('q')), not format '{}'",
            offsets.format()
        ))),
    }
}

/// Validates each of `values` (an iterable of bytes-like objects) on its own: None when all are
/// UTF-8, else the first invalid one's `ColumnError`. The values after it are not looked at.
#[pyfunction]
fn validate_many(py: Python<'_>, values: &Bound<'_, PyAny>) -> PyResult<Option<ColumnError>> {
    // In batches, so that the borrowed slices of a batch stay in cache and the memory taken does
    // not grow with the number of values.
    const BATCH: usize = 4096;
    let mut items = values.try_iter()?;
    let mut first = 0;
    loop {
        let objects = items
            .by_ref()
            .take(BATCH)
            .collect::<PyResult<Vec<Bound<'_, PyAny>>>>()?;
        if objects.is_empty() {
            return Ok(None);
        }
        let inputs = objects
            .iter()
            .map(|o| Input::new(o, 1, "validate_many"))
            .collect::<PyResult<Vec<Input<'_>>>>()?;
        let slices: Vec<&[u8]> = inputs.iter().map(Input::bytes).collect();
        let work = if inputs.iter().all(Input::is_immutable) {
            slices.iter().map(|s| s.len()).sum()
        } else {
            0
        };
        let r = maybe_detached(py, work, || utf8x::validate_many(&slices));
        if !r.outcome.is_ok() {
            return Ok(Some(ColumnError::new(first + r.index, &r.outcome)));
        }
        first += objects.len();
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(validate_offsets, m)?)?;
    m.add_function(wrap_pyfunction!(validate_many, m)?)?;
    m.add_class::<ColumnError>()?;
    Ok(())
}
