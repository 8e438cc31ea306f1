//! String columns: many values validated on their own in one pass, the way data engines store
//! them (Arrow's layout: one values buffer and `n + 1` offsets), or as separate slices.
//!
//! One pass: the values between the first and the last offset are validated as one buffer, and
//! each offset is checked to fall on a character boundary (its byte is not a continuation byte).
//! A value is valid exactly when both hold for it: two invalid values never make one valid pair
//! (`caf\xC3` + `\xA9lait` is valid as a buffer, and its first value is reported truncated). The
//! buffer is validated in blocks that stay in the cache while the offsets inside them are
//! checked, so the values are read from memory once.
//!
//! That pass only answers "all valid". When it finds anything wrong, the exact answer (the first
//! bad value, and its own error) comes from a second walk that takes its time: errors are rare,
//! and the second walk is the definition written out.
//!
//! Separate short values ([`validate_many`]) are copied into a small buffer and validated the
//! same way, a batch at a time: one validation of a few kilobytes costs less than a call per
//! value of a few dozen bytes.

use crate::codec::decode::is_continuation;
use crate::types::outcome::{Outcome, Status};

/// The result of validating many values: the first bad value's own result and its index.
#[must_use = "the status says whether every value was valid"]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct ColumnOutcome {
    /// For the first bad value, [`crate::validate`] of that value alone (`read` the error's
    /// offset inside it). When all are valid, [`Status::Ok`] with `read` the bytes of all values
    /// together. [`Status::BadArgument`] when the offsets do not describe values.
    pub outcome: Outcome,
    /// The first bad value's index; the number of values when all are valid; for
    /// [`Status::BadArgument`], the position of the first offset that is out of order, negative or
    /// past the end of the values.
    pub index: usize,
}

/// An Arrow offset: `i32` (StringArray) or `i64` (LargeStringArray).
pub trait ColumnOffset: Copy + sealed::Sealed {
    #[doc(hidden)]
    fn position(self) -> Option<usize>;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for i32 {}
    impl Sealed for i64 {}
}

impl ColumnOffset for i32 {
    fn position(self) -> Option<usize> {
        usize::try_from(self).ok()
    }
}

impl ColumnOffset for i64 {
    fn position(self) -> Option<usize> {
        usize::try_from(self).ok()
    }
}

/// Validates each value of an Arrow-style string column on its own: value `i` is
/// `values[offsets[i]..offsets[i + 1]]`, so `offsets` holds one more entry than there are values
/// (an empty `offsets` is a column of no values). `offsets[0]` need not be 0.
///
/// ```
/// use utf8x::{Status, validate_column};
/// let values = b"caf\xC3\xA9lait";
/// // As one buffer this is valid UTF-8; cut after `caf\xC3` both values are broken.
/// let r = validate_column(values, &[0i32, 4, 9]);
/// assert_eq!((r.index, r.outcome.status, r.outcome.read), (0, Status::Truncated, 3));
/// assert!(validate_column(values, &[0i32, 5, 9]).outcome.is_ok());
/// ```
pub fn validate_column<O: ColumnOffset>(values: &[u8], offsets: &[O]) -> ColumnOutcome {
    if let Some(total) = column_is_valid(values, offsets) {
        return all_valid(total, offsets.len().saturating_sub(1));
    }
    exact_column(values, offsets)
}

/// Bytes of values validated per block: a block is still in the first or second level cache
/// when its offsets are checked.
pub(crate) const BLOCK: usize = 32 * 1024;

/// The bytes of all values when every value is valid UTF-8 and the offsets are in order and in
/// range; `None` when anything is wrong (then [`exact_column`] says what).
fn column_is_valid<O: ColumnOffset>(values: &[u8], offsets: &[O]) -> Option<usize> {
    let (first, last) = (offsets.first()?.position()?, offsets.last()?.position()?);
    if first > last || last > values.len() {
        return None;
    }
    let mut previous = first;
    let mut next = 1;
    let mut block_start = first;
    loop {
        // Blocks end at a byte that starts a character (or after three continuation bytes, where
        // the one-buffer result is an error either way), so the blocks are all valid exactly when
        // the buffer is.
        let block_end = if last - block_start <= BLOCK {
            last
        } else {
            crate::split_point(values, crate::Encoding::Utf8, block_start + BLOCK)
                .max(block_start + 1)
        };
        if !crate::validate(&values[block_start..block_end]).is_ok() {
            return None;
        }
        // The offsets that fall in this block: in order, and at a character's first byte.
        let mut wrong = false;
        while let Some(offset) = offsets.get(next) {
            let at = offset.position()?;
            if at > block_end {
                break;
            }
            wrong |= at < previous || values.get(at).is_some_and(|&b| is_continuation(b));
            previous = at;
            next += 1;
        }
        if wrong {
            return None;
        }
        if block_end == last {
            // An offset past `last` (so out of order) is left over.
            return (next == offsets.len()).then_some(last - first);
        }
        block_start = block_end;
    }
}

/// `Ok` for `count` values of `total` bytes in all.
fn all_valid(total: usize, count: usize) -> ColumnOutcome {
    ColumnOutcome {
        outcome: Outcome {
            read: total,
            ..Outcome::default()
        },
        index: count,
    }
}

/// [`validate_column`]'s exact answer, by a second walk over the column.
fn exact_column<O: ColumnOffset>(values: &[u8], offsets: &[O]) -> ColumnOutcome {
    let Some((&first, rest)) = offsets.split_first() else {
        return ColumnOutcome::default();
    };
    let n = rest.len();
    // The offsets first: in range and in order.
    let mut previous = 0;
    for (i, o) in offsets.iter().enumerate() {
        match o.position() {
            Some(p) if p <= values.len() && p >= previous => previous = p,
            _ => return bad_offset(i),
        }
    }
    let start = first.position().unwrap_or(0);
    let end = previous;
    let all = crate::validate(&values[start..end]);
    // Everything before `valid_end` is well-formed as one buffer.
    let valid_end = start + all.read;
    let at = |i: usize| offsets[i].position().unwrap_or(0);
    // The first value that ends inside a character of the well-formed part.
    let cut = (1..n)
        .take_while(|&i| at(i) < valid_end)
        .find(|&i| is_continuation(values[at(i)]));
    let bad = match cut {
        Some(i) => i - 1,
        None if all.is_ok() => return all_valid(end - start, n),
        // The last value that starts at or before the error: it holds the error's first byte.
        None => (0..n)
            .take_while(|&i| at(i) <= valid_end)
            .filter(|&i| at(i + 1) > at(i))
            .last()
            .unwrap_or(0),
    };
    ColumnOutcome {
        outcome: crate::validate(&values[at(bad)..at(bad + 1)]),
        index: bad,
    }
}

fn bad_offset(index: usize) -> ColumnOutcome {
    ColumnOutcome {
        outcome: Outcome {
            status: Status::BadArgument,
            error: crate::ErrorKind::BadArgument,
            ..Outcome::default()
        },
        index,
    }
}

/// Validates many separate values, each on its own: the first bad one's result and index, or
/// [`Status::Ok`] with `index == values.len()` and `read` the bytes of all values together.
///
/// ```
/// let r = utf8x::validate_many(&[b"ok".as_slice(), b"caf\xC3", b"\xA9"]);
/// assert_eq!((r.index, r.outcome.status), (1, utf8x::Status::Truncated));
/// ```
pub fn validate_many(values: &[&[u8]]) -> ColumnOutcome {
    validate_each(values.len(), |i| Some(values[i]))
}

/// [`validate_many`] over `n` values that may be unusable (`None`: a bad pointer in C), which
/// end the walk with [`Status::BadArgument`] at their index. `get(i)` gives value `i`; it is
/// asked again for the values of a batch that fails.
pub(crate) fn validate_each<'a>(
    n: usize,
    get: impl Fn(usize) -> Option<&'a [u8]>,
) -> ColumnOutcome {
    let mut total = 0;
    // The first few values one call each: a call with a few values does not pay for the batch.
    for index in 0..n.min(DIRECT) {
        let v = get(index);
        if let Some(bad) = alone(index, v) {
            return bad;
        }
        total += v.map_or(0, <[u8]>::len);
    }
    // Then in batches, in one pass: values are copied one after another into `bytes` until the
    // next does not fit, and the batch is checked. The copy is valid and none of its values
    // starts with a continuation byte exactly when every value is valid on its own; a batch
    // that fails is walked value by value for the exact answer.
    let mut bytes = [0; BATCH_BYTES];
    let mut next = n.min(DIRECT);
    while next < n {
        let first = next;
        let (mut filled, mut starts_inside, mut unusable) = (0, false, None);
        while next < n {
            let Some(v) = get(next) else {
                unusable = Some(next);
                break;
            };
            if v.len() > BATCH_BYTES - filled {
                if filled == 0 {
                    // Longer than a batch: validated where it is.
                    if let Some(bad) = alone(next, Some(v)) {
                        return bad;
                    }
                    total += v.len();
                    next += 1;
                }
                break;
            }
            copy_short(&mut bytes[filled..filled + v.len()], v);
            starts_inside |= v.first().is_some_and(|&b| is_continuation(b));
            filled += v.len();
            total += v.len();
            next += 1;
        }
        if starts_inside || !crate::validate(&bytes[..filled]).is_ok() {
            let bad = (first..next).find_map(|i| alone(i, get(i)));
            if let Some(bad) = bad {
                return bad;
            }
        }
        if let Some(index) = unusable {
            return bad_offset(index);
        }
    }
    all_valid(total, n)
}

/// Value `index` validated on its own: its result when it is bad (or unusable).
fn alone(index: usize, v: Option<&[u8]>) -> Option<ColumnOutcome> {
    let Some(v) = v else {
        return Some(bad_offset(index));
    };
    let outcome = crate::validate(v);
    (!outcome.is_ok()).then_some(ColumnOutcome { outcome, index })
}

/// `dst.copy_from_slice(src)` for the short values batches are for, without calling `memcpy`:
/// two overlapping fixed-size copies compile to a few moves.
#[inline(always)]
fn copy_short(dst: &mut [u8], src: &[u8]) {
    let n = src.len();
    match n {
        16..=32 => {
            dst[..16].copy_from_slice(&src[..16]);
            dst[n - 16..].copy_from_slice(&src[n - 16..]);
        }
        8..16 => {
            dst[..8].copy_from_slice(&src[..8]);
            dst[n - 8..].copy_from_slice(&src[n - 8..]);
        }
        4..8 => {
            dst[..4].copy_from_slice(&src[..4]);
            dst[n - 4..].copy_from_slice(&src[n - 4..]);
        }
        _ => dst.copy_from_slice(src),
    }
}

/// The values [`validate_each`] validates one call each before it starts batching.
const DIRECT: usize = 4;

/// Bytes per batch of [`validate_each`]: they fit the first level cache.
pub(crate) const BATCH_BYTES: usize = 4096;
