//! String columns: shims over [`utf8x::validate_column`] and [`utf8x::validate_many`].

use utf8x::__ffi::validate_each;
use utf8x::{ColumnOffset, ColumnOutcome, Outcome};

use super::args::input;
use super::boundary::ffi_boundary;
use super::utf8x_result;

/// The result of validating many values: the first bad value's own result and its index.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct utf8x_column_result {
    /// For the first bad value, `utf8x_validate` of that value alone (`read` the error's offset
    /// inside the value). When every value is valid, `UTF8X_OK` with `read` the bytes of all
    /// values together. `UTF8X_BAD_ARGUMENT` when the arguments describe no values.
    pub result: utf8x_result,
    /// The first bad value's index; `n` when every value is valid; for `UTF8X_BAD_ARGUMENT`, the
    /// position of the first offending offset (or value pointer).
    pub index: usize,
}

impl From<ColumnOutcome> for utf8x_column_result {
    fn from(c: ColumnOutcome) -> Self {
        utf8x_column_result {
            result: c.outcome.into(),
            index: c.index,
        }
    }
}

fn on_panic() -> utf8x_column_result {
    ColumnOutcome {
        outcome: Outcome::internal(),
        index: 0,
    }
    .into()
}

/// Validates each value of an Arrow string column (`StringArray`: 32-bit offsets) on its own,
/// in one pass over the values: value `i` is `values[offsets[i] .. offsets[i+1])`.
///
/// A character never crosses an offset: `caf\xC3` + `\xA9lait` is valid as one buffer, and its
/// first value is reported truncated. The first bad value (lowest index) is reported.
///
/// - `values`, `values_len`: the values buffer.
/// - `offsets`: `n + 1` offsets, not decreasing, none negative or past `values_len`;
///   `offsets[0]` need not be 0. May be NULL when `n` is 0.
/// - `n`: the number of values.
///
/// Returns, for the first bad value, `result` = `utf8x_validate` of that value alone
/// (`UTF8X_INVALID` or `UTF8X_TRUNCATED`, `read` the error's offset inside the value,
/// `error_len`, `error`) and `index` its index; when all are valid, `UTF8X_OK`, `index == n` and
/// `result.read == offsets[n] - offsets[0]`.
///
/// Errors: `UTF8X_BAD_ARGUMENT` with `index` the position of the first offset that decreases, is
/// negative or passes `values_len`; with `index` 0 when `values` or `offsets` is NULL where it
/// must not be or `n + 1` offsets cannot exist.
///
/// # Safety
/// `values` must point to `values_len` readable bytes (or be NULL when it is 0); `offsets` to
/// `n + 1` readable `int32_t` (or be NULL when `n` is 0).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_validate_column32(
    values: *const u8,
    values_len: usize,
    offsets: *const i32,
    n: usize,
) -> utf8x_column_result {
    // SAFETY: forwarded from this function's contract.
    ffi_boundary(on_panic, || unsafe {
        column(values, values_len, offsets, n)
    })
}

/// [`utf8x_validate_column32`] for `LargeStringArray`: the same with 64-bit offsets.
///
/// - `values`, `values_len`: the values buffer.
/// - `offsets`: `n + 1` offsets, as for `utf8x_validate_column32`. May be NULL when `n` is 0.
/// - `n`: the number of values.
///
/// Returns as `utf8x_validate_column32`.
///
/// Errors: as `utf8x_validate_column32`.
///
/// # Safety
/// `values` must point to `values_len` readable bytes (or be NULL when it is 0); `offsets` to
/// `n + 1` readable `int64_t` (or be NULL when `n` is 0).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_validate_column64(
    values: *const u8,
    values_len: usize,
    offsets: *const i64,
    n: usize,
) -> utf8x_column_result {
    // SAFETY: forwarded from this function's contract.
    ffi_boundary(on_panic, || unsafe {
        column(values, values_len, offsets, n)
    })
}

/// The body of both column shims.
///
/// # Safety
/// As [`utf8x_validate_column32`].
unsafe fn column<O: ColumnOffset>(
    values: *const u8,
    values_len: usize,
    offsets: *const O,
    n: usize,
) -> utf8x_column_result {
    let bad = || {
        ColumnOutcome {
            outcome: Outcome::bad_argument(),
            index: 0,
        }
        .into()
    };
    if offsets.is_null() && n == 0 {
        return ColumnOutcome::default().into();
    }
    let Some(count) = n.checked_add(1) else {
        return bad();
    };
    // SAFETY: forwarded from the caller's contract.
    match unsafe { (input(values, values_len), input(offsets, count)) } {
        (Some(values), Some(offsets)) => utf8x::validate_column(values, offsets).into(),
        _ => bad(),
    }
}

/// Validates `n` separate values, each on its own: value `i` is `values[i][0 .. lens[i])`.
///
/// - `values`: `n` pointers, each to `lens[i]` bytes (NULL allowed where `lens[i]` is 0).
/// - `lens`: `n` lengths.
/// - `n`: the number of values; `values` and `lens` may be NULL when it is 0.
///
/// Returns, for the first bad value, `result` = `utf8x_validate` of that value and `index` its
/// index; when all are valid, `UTF8X_OK`, `index == n` and `result.read` the bytes of all values
/// together.
///
/// Errors: `UTF8X_BAD_ARGUMENT` with `index` 0 when `values` or `lens` is NULL and `n > 0`, or
/// with `index` = `i` when `values[i]` is NULL and `lens[i] > 0`.
///
/// # Safety
/// `values` and `lens` must point to `n` readable entries (or be NULL when `n` is 0), and each
/// `values[i]` to `lens[i]` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_validate_many(
    values: *const *const u8,
    lens: *const usize,
    n: usize,
) -> utf8x_column_result {
    ffi_boundary(on_panic, || {
        // SAFETY: forwarded from this function's contract.
        let (Some(values), Some(lens)) = (unsafe { input(values, n) }, unsafe { input(lens, n) })
        else {
            return ColumnOutcome {
                outcome: Outcome::bad_argument(),
                index: 0,
            }
            .into();
        };
        // SAFETY: each pointer and length from the caller's contract; `input` checks them.
        validate_each(n, |i| unsafe { input(values[i], lens[i]) }).into()
    })
}
