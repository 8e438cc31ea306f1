//! An Arrow array's buffers read in place: the three layouts of its string and binary types
//! (32-bit offsets, 64-bit offsets, views), checked before any value is read, and the walk that
//! sorts its values into valid runs and invalid values in one pass through utf8x's column code.

use std::borrow::Cow;
use std::ops::Range;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::input::{Input, units};

/// The buffers of one array as Python handed them over (`pyarrow.Array.buffers()`), exported
/// for as long as this lives.
pub(crate) struct Buffers<'py> {
    validity: Option<Input<'py>>,
    /// Offsets or views.
    index: Input<'py>,
    data: Vec<Input<'py>>,
}

impl<'py> Buffers<'py> {
    pub(crate) fn new(
        validity: Option<&'py Bound<'_, PyAny>>,
        index: &'py Bound<'_, PyAny>,
        data: &'py [Bound<'_, PyAny>],
    ) -> PyResult<Buffers<'py>> {
        Ok(Buffers {
            validity: validity.map(|v| Input::new(v, 1, "validity")).transpose()?,
            index: Input::new(index, 1, "offsets")?,
            data: data
                .iter()
                .map(|d| Input::new(d, 1, "values"))
                .collect::<PyResult<_>>()?,
        })
    }
}

/// An array as `arrow.py` describes it: layout name, length, offset, validity bitmap (None
/// without nulls), offsets or views, data buffers.
#[derive(FromPyObject)]
pub(crate) struct Parts<'py>(
    String,
    usize,
    usize,
    Option<Bound<'py, PyAny>>,
    Bound<'py, PyAny>,
    Vec<Bound<'py, PyAny>>,
);

impl Parts<'_> {
    /// The buffers, exported for as long as the result lives.
    pub(crate) fn export(&self) -> PyResult<Buffers<'_>> {
        Buffers::new(self.3.as_ref(), &self.4, &self.5)
    }

    /// The array read from `buffers`, checked.
    pub(crate) fn column<'a>(&self, buffers: &'a Buffers<'_>) -> PyResult<Column<'a>> {
        Column::new(buffers, Layout::parse(&self.0)?, self.1, self.2)
    }
}

/// Which of the layouts: `binary`/`string`, `large_binary`/`large_string`, or
/// `binary_view`/`string_view`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layout {
    Small,
    Large,
    Views,
}

impl Layout {
    pub(crate) fn parse(name: &str) -> PyResult<Layout> {
        Ok(match name {
            "small" => Layout::Small,
            "large" => Layout::Large,
            "views" => Layout::Views,
            _ => return Err(PyTypeError::new_err(format!("unknown layout {name:?}"))),
        })
    }
}

/// One array: `n` values from logical position `offset` of its buffers.
pub(crate) struct Column<'a> {
    pub(crate) n: usize,
    /// The array's offset in values: output bitmaps keep its position inside a byte, so that
    /// they share the input's validity bitmap (see `mod.rs`).
    pub(crate) offset: usize,
    validity: Option<&'a [u8]>,
    pub(crate) values: Values<'a>,
}

pub(crate) enum Values<'a> {
    /// The `n + 1` offsets of the array and the whole values buffer they index.
    Small(&'a [u8], Cow<'a, [i32]>),
    Large(&'a [u8], Cow<'a, [i64]>),
    /// The array's `n` views (16 bytes each) and the data buffers they point into.
    Views(&'a [u8], Vec<&'a [u8]>),
}

impl<'a> Column<'a> {
    /// Takes the array apart and checks everything a value is read through: the validity
    /// bitmap's length, offsets in order and inside the values, views inside their buffers.
    /// What a null slot holds is not looked at (Arrow leaves it unspecified).
    pub(crate) fn new(
        b: &'a Buffers<'_>,
        layout: Layout,
        n: usize,
        offset: usize,
    ) -> PyResult<Column<'a>> {
        let end = offset
            .checked_add(n)
            .ok_or_else(|| PyValueError::new_err("array offset and length overflow"))?;
        let validity = b.validity.as_ref().map(Input::bytes);
        if let Some(bits) = validity
            && bits.len() < end.div_ceil(8)
        {
            return Err(PyValueError::new_err(format!(
                "the validity bitmap holds {} bits, fewer than the {end} needed",
                bits.len() * 8
            )));
        }
        let index = b.index.bytes();
        let data = b.data.iter().map(Input::bytes);
        let values = match layout {
            Layout::Small => {
                let values = data.into_iter().next().unwrap_or(&[]);
                Values::Small(values, offsets::<i32>(index, offset, n, values.len())?)
            }
            Layout::Large => {
                let values = data.into_iter().next().unwrap_or(&[]);
                Values::Large(values, offsets::<i64>(index, offset, n, values.len())?)
            }
            Layout::Views => {
                let views = index
                    .get(offset * 16..end * 16)
                    .ok_or_else(|| too_short("views", index.len(), end * 16))?;
                Values::Views(views, data.collect())
            }
        };
        let column = Column {
            n,
            offset,
            validity,
            values,
        };
        if let Values::Views(views, buffers) = &column.values {
            for i in (0..n).filter(|&i| !column.is_null(i)) {
                view_value(&views[i * 16..i * 16 + 16], buffers)
                    .map_err(|why| PyValueError::new_err(format!("view {i} {why}")))?;
            }
        }
        Ok(column)
    }

    pub(crate) fn is_null(&self, i: usize) -> bool {
        self.validity.is_some_and(|bits| {
            let b = self.offset + i;
            bits[b / 8] >> (b % 8) & 1 == 0
        })
    }

    /// The bytes the values may span: what `maybe_detached` weighs.
    pub(crate) fn work(&self) -> usize {
        match &self.values {
            Values::Small(v, _) | Values::Large(v, _) => v.len(),
            Values::Views(views, buffers) => {
                views.len() + buffers.iter().map(|b| b.len()).sum::<usize>()
            }
        }
    }

    /// The bytes of value `i` (empty for a null view, whose bytes may point anywhere).
    pub(crate) fn value(&self, i: usize) -> &'a [u8] {
        match &self.values {
            Values::Small(v, o) => &v[o[i] as usize..o[i + 1] as usize],
            Values::Large(v, o) => &v[o[i] as usize..o[i + 1] as usize],
            Values::Views(views, buffers) if !self.is_null(i) => {
                view_value(&views[i * 16..i * 16 + 16], buffers).unwrap_or(&[])
            }
            Values::Views(..) => &[],
        }
    }
}

fn too_short(what: &str, has: usize, needs: usize) -> PyErr {
    PyValueError::new_err(format!(
        "the {what} buffer holds {has} bytes, fewer than the {needs} the array needs"
    ))
}

/// The offsets of values `offset..offset + n`, checked: non-negative, in order, and the last
/// inside the values buffer.
fn offsets<O: crate::input::Plain + Into<i64>>(
    index: &[u8],
    offset: usize,
    n: usize,
    values: usize,
) -> PyResult<Cow<'_, [O]>> {
    let size = std::mem::size_of::<O>();
    if n == 0 {
        // An empty array may come without offsets at all.
        return Ok(Cow::Owned(vec![O::default()]));
    }
    let bytes = index
        .get(offset * size..(offset + n + 1) * size)
        .ok_or_else(|| too_short("offsets", index.len(), (offset + n + 1) * size))?;
    let offs = units::<O>(bytes);
    let mut previous = 0i64;
    for (i, &o) in offs.iter().enumerate() {
        let o: i64 = o.into();
        if o < previous || (i == 0 && o < 0) {
            return Err(PyValueError::new_err(format!(
                "offsets[{}] = {o} is {}",
                offset + i,
                if o < 0 {
                    "negative"
                } else {
                    "smaller than the one before"
                }
            )));
        }
        previous = o;
    }
    if previous as u64 > values as u64 {
        return Err(PyValueError::new_err(format!(
            "offsets[{}] = {previous} is past the end of the values ({values} bytes)",
            offset + n
        )));
    }
    Ok(offs)
}

/// The bytes of a view: up to 12 inline after its length, longer ones in a data buffer.
fn view_value<'a>(view: &'a [u8], buffers: &[&'a [u8]]) -> Result<&'a [u8], String> {
    let word = |at: usize| i32::from_ne_bytes(view[at..at + 4].try_into().unwrap());
    let len = word(0);
    match usize::try_from(len) {
        Err(_) => Err(format!("has a negative length ({len})")),
        Ok(len) if len <= 12 => Ok(&view[4..4 + len]),
        Ok(len) => {
            let (buffer, start) = (word(8), word(12));
            let data = usize::try_from(buffer)
                .ok()
                .and_then(|b| buffers.get(b))
                .ok_or_else(|| format!("points into buffer {buffer}, which does not exist"))?;
            usize::try_from(start)
                .ok()
                .and_then(|s| data.get(s..s.checked_add(len)?))
                .ok_or_else(|| {
                    format!(
                        "holds bytes {start}..{start}+{len}, past the end of buffer {buffer} \
                         ({} bytes)",
                        data.len()
                    )
                })
        }
    }
}

/// Bytes of values validated per call of the column code: small enough that the bytes of a
/// run are still in the first-level cache when a caller copies them, and that the values after
/// an invalid one, validated again, cost little. (Measured with bench_arrow.py, 1 % of values
/// invalid: 4 KiB against 16 KiB, is_valid 36 ms against 53, make_valid 87 against 125.)
const BATCH: usize = 4 * 1024;
/// Views validated per call of `utf8x::validate_many`.
const VIEW_BATCH: usize = 256;

/// A piece of a column, as [`walk`] finds them.
pub(crate) enum Piece {
    /// Values `a..b`, each valid UTF-8 (or null with bytes that are).
    Valid(usize, usize),
    /// A value that is not valid UTF-8, or a null one whose bytes are not: its bytes are no
    /// text, and callers write a null as empty.
    Invalid(usize),
}

/// Sorts the values, in order, into [`Piece`]s for `f`. Values at offsets go through
/// `utf8x::validate_column` a batch at a time, views through `utf8x::validate_many`: one pass
/// over the bytes, each value on its own. The first error `f` returns ends the walk.
pub(crate) fn walk<E>(col: &Column<'_>, f: impl FnMut(Piece) -> Result<(), E>) -> Result<(), E> {
    walk_range(col, 0..col.n, f)
}

/// [`walk`] over the values `range` (indices stay the column's).
pub(crate) fn walk_range<E>(
    col: &Column<'_>,
    range: Range<usize>,
    mut f: impl FnMut(Piece) -> Result<(), E>,
) -> Result<(), E> {
    let (first, end) = (range.start, range.end);
    match &col.values {
        Values::Small(v, o) => walk_offsets(v, &o[first..=end], first, &mut f),
        Values::Large(v, o) => walk_offsets(v, &o[first..=end], first, &mut f),
        Values::Views(..) => {
            let mut slices: Vec<&[u8]> = Vec::with_capacity(VIEW_BATCH);
            let mut a = first;
            while a < end {
                let b = (a + VIEW_BATCH).min(end);
                slices.clear();
                slices.extend((a..b).map(|i| col.value(i)));
                let mut from = 0;
                loop {
                    let r = utf8x::validate_many(&slices[from..]);
                    let k = from + r.index;
                    if from < k {
                        f(Piece::Valid(a + from, a + k))?;
                    }
                    if r.outcome.is_ok() {
                        break;
                    }
                    f(Piece::Invalid(a + k))?;
                    from = k + 1;
                }
                a = b;
            }
            Ok(())
        }
    }
}

/// The indices of the values that are not valid UTF-8, on as many threads as the machine runs
/// and the work is worth (one per mebibyte of values at the most), each walking a share of the
/// values; a thread that cannot be started leaves its share to the calling thread.
pub(crate) fn invalid_values(col: &Column<'_>) -> Vec<usize> {
    let within = |range: Range<usize>| {
        let mut bad = Vec::new();
        let _ = walk_range::<()>(col, range, |piece| {
            if let Piece::Invalid(i) = piece {
                bad.push(i);
            }
            Ok(())
        });
        bad
    };
    let parts = crate::pieces::thread_count(0, col.work()).min(col.n).max(1);
    let share = |k: usize| col.n * k / parts..col.n * (k + 1) / parts;
    crate::pieces::in_parts(parts, |k| within(share(k))).concat()
}

/// [`walk`] over the values at `offsets`, the first of them value `base` of the column.
fn walk_offsets<O: utf8x::ColumnOffset + Into<i64>, E>(
    values: &[u8],
    offsets: &[O],
    base: usize,
    f: &mut impl FnMut(Piece) -> Result<(), E>,
) -> Result<(), E> {
    let n = offsets.len() - 1;
    let mut a = 0;
    while a < n {
        // The values from `a` that end within a batch of bytes, at least one.
        let limit = offsets[a].into() + BATCH as i64;
        let fit = offsets[a + 1..].partition_point(|&o| o.into() <= limit);
        let b = a + fit.max(1);
        let r = utf8x::validate_column(values, &offsets[a..=b]);
        let k = a + r.index;
        if a < k {
            f(Piece::Valid(base + a, base + k))?;
        }
        if r.outcome.is_ok() {
            a = b;
        } else {
            // The offsets were checked, so this is an invalid value, never BadArgument.
            f(Piece::Invalid(base + k))?;
            a = k + 1;
        }
    }
    Ok(())
}
