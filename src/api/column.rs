//! String columns: many values validated on their own in one pass, the way data engines store
//! them (Arrow's layout: one values buffer and `n + 1` offsets), or as separate slices.
//!
//! One pass: the values between the first and the last offset are validated as one buffer, and
//! each offset before the first error is checked to fall on a character boundary. A value is
//! valid exactly when both hold for it, so the first bad value is either the one that ends
//! inside a character (the first offset that does not fall on a boundary) or the one holding the
//! buffer's first error; that value alone is then validated again for its own result. Two
//! invalid values never make one valid pair: `caf\xC3` + `\xA9lait` is valid as a buffer, and
//! its first value is reported truncated.

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
        .find(|&i| values[at(i)] & 0xC0 == 0x80);
    let bad = match cut {
        Some(i) => i - 1,
        None if all.is_ok() => {
            return ColumnOutcome {
                outcome: Outcome {
                    read: end - start,
                    ..Outcome::default()
                },
                index: n,
            };
        }
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
    validate_each(values.iter().map(|&v| Some(v)))
}

/// [`validate_many`] over values that may be unusable (`None`: a bad pointer in C), which end
/// the walk with [`Status::BadArgument`] at their index.
pub(crate) fn validate_each<'a>(values: impl Iterator<Item = Option<&'a [u8]>>) -> ColumnOutcome {
    let mut total = 0;
    let mut count = 0;
    for (index, v) in values.enumerate() {
        let Some(v) = v else {
            return bad_offset(index);
        };
        count += 1;
        total += v.len();
        let outcome = crate::validate(v);
        if !outcome.is_ok() {
            return ColumnOutcome { outcome, index };
        }
    }
    ColumnOutcome {
        outcome: Outcome {
            read: total,
            ..Outcome::default()
        },
        index: count,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition: each value validated alone, the first bad one reported.
    fn each<O: ColumnOffset>(values: &[u8], offsets: &[O]) -> ColumnOutcome {
        let at: Vec<usize> = offsets.iter().map(|o| o.position().unwrap()).collect();
        for i in 0..at.len().saturating_sub(1) {
            let r = crate::validate(&values[at[i]..at[i + 1]]);
            if !r.is_ok() {
                return ColumnOutcome {
                    outcome: r,
                    index: i,
                };
            }
        }
        ColumnOutcome {
            outcome: Outcome {
                read: at.last().unwrap_or(&0) - at.first().unwrap_or(&0),
                ..Outcome::default()
            },
            index: at.len().saturating_sub(1),
        }
    }

    #[test]
    // Every column over every sub-range: tens of thousands of calls, hours under Miri.
    #[cfg_attr(miri, ignore)]
    fn every_cut_of_small_texts_is_each_value_alone() {
        let texts: [&[u8]; 4] = [
            b"a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80z",
            b"ab\xFFc\xE2\x82d",
            b"\xA9\xC3",
            b"",
        ];
        for t in texts {
            let n = t.len();
            // Every column of up to three values over every sub-range.
            for a in 0..=n {
                for b in a..=n {
                    for c in b..=n {
                        for d in c..=n {
                            let o32 = [a as i32, b as i32, c as i32, d as i32];
                            let o64 = o32.map(i64::from);
                            let want = each(t, &o32);
                            assert_eq!(validate_column(t, &o32), want, "{t:?} {o32:?}");
                            assert_eq!(validate_column(t, &o64), want, "{t:?} {o32:?}");
                            let many: Vec<&[u8]> = o32
                                .windows(2)
                                .map(|w| &t[w[0] as usize..w[1] as usize])
                                .collect();
                            assert_eq!(validate_many(&many), want, "{t:?} {o32:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn offsets_that_describe_no_values() {
        let v = b"abc";
        for (offsets, index) in [
            (&[0i32, 2, 1][..], 2),
            (&[-1, 2], 0),
            (&[0, 4], 1),
            (&[2, 1, 3], 1),
        ] {
            let r = validate_column(v, offsets);
            assert_eq!((r.outcome.status, r.index), (Status::BadArgument, index));
        }
        assert_eq!(validate_column::<i32>(v, &[]).index, 0);
        assert!(validate_column(v, &[1i64]).outcome.is_ok());
    }
}
