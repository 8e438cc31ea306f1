//! The bodies of the SQL functions: one call converts one chunk (up to DuckDB's vector size of
//! rows), row by row into the output vector. NULL in any argument gives NULL; an encoding or
//! policy name is looked up once per distinct name, not once per row.

use utf8x::Encoding;

use crate::names::{self, Codec, Errors};
use crate::transcode::with_buffers;
use crate::vector::{Output, Strings};

/// The argument columns of one call.
pub struct Input<'a> {
    pub rows: usize,
    pub args: &'a [Strings<'a>],
}

impl Input<'_> {
    /// Argument `i` of row `row`: `None` where it is NULL.
    fn arg(&self, i: usize, row: usize) -> Option<&[u8]> {
        self.args[i].get(row)
    }

    /// The optional argument `i` of row `row`: `Some(None)` when the overload has no such
    /// argument, `None` where it is NULL.
    fn optional(&self, i: usize, row: usize) -> Option<Option<&[u8]>> {
        if i < self.args.len() {
            self.arg(i, row).map(Some)
        } else {
            Some(None)
        }
    }
}

/// What a function body returns: `Err` is the message of the SQL error it raises.
pub type Result = std::result::Result<(), String>;

/// `utf8x_is_valid(b)`: true when `b` is UTF-8 (RFC 3629).
pub fn is_valid(input: &Input, out: &mut Output) -> Result {
    for row in 0..input.rows {
        match input.arg(0, row) {
            Some(b) => out.set_bool(row, utf8x::is_valid(b)),
            None => out.set_null(row),
        }
    }
    Ok(())
}

/// `utf8x_error(b)`: the first error of `b` as `{offset, length, kind}`, NULL when `b` is valid.
pub fn error(input: &Input, out: &mut Output) -> Result {
    let (mut offset, mut length, mut kind) = (out.child(0), out.child(1), out.child(2));
    for row in 0..input.rows {
        let outcome = input.arg(0, row).map(utf8x::validate);
        match outcome {
            Some(o) if !o.is_ok() => {
                offset.set_i64(row, o.read as i64);
                length.set_i64(row, o.error_len as i64);
                kind.set_str(row, o.error.name());
            }
            _ => {
                for v in [&mut *out, &mut offset, &mut length, &mut kind] {
                    v.set_null(row);
                }
            }
        }
    }
    Ok(())
}

const UTF8: Codec = Codec::Utf8x(Encoding::Utf8);

/// The policies `utf8x_make_valid` takes, its default first.
const MAKE_VALID: &[Errors] = &[Errors::Replace, Errors::Ignore, Errors::Fallback];
/// The policies `utf8x_decode` takes, its default first.
const DECODE: &[Errors] = &[
    Errors::Strict,
    Errors::Replace,
    Errors::Ignore,
    Errors::Fallback,
];

/// `utf8x_make_valid(b [, policy])`: `b` as UTF-8 text, its ill-formed parts replaced
/// (U+FFFD per maximal subpart), dropped, or read as Windows-1252.
pub fn make_valid(input: &Input, out: &mut Output) -> Result {
    let mut policy = Lookup::default();
    with_buffers(|buffers| {
        for row in 0..input.rows {
            let (Some(b), Some(name)) = (input.arg(0, row), input.optional(1, row)) else {
                out.set_null(row);
                continue;
            };
            let errors = policy.get(name, |n| names::errors(n, MAKE_VALID), MAKE_VALID[0])?;
            if utf8x::is_valid(b) {
                // SAFETY: valid UTF-8, as just checked.
                unsafe { out.set_utf8(row, b) };
            } else {
                let text = buffers.decode(b, UTF8, errors)?;
                // SAFETY: the output of a conversion to UTF-8 that succeeded.
                unsafe { out.set_utf8(row, text) };
            }
        }
        Ok(())
    })
}

/// `utf8x_decode(b, encoding [, policy])`: `b`, in `encoding`, as UTF-8 text; under `strict`
/// (the default) the first ill-formed sequence is an error naming its offset.
pub fn decode(input: &Input, out: &mut Output) -> Result {
    let (mut encoding, mut policy) = (Lookup::default(), Lookup::default());
    with_buffers(|buffers| {
        for row in 0..input.rows {
            let (Some(b), Some(enc), Some(name)) =
                (input.arg(0, row), input.arg(1, row), input.optional(2, row))
            else {
                out.set_null(row);
                continue;
            };
            let from = encoding.get(Some(enc), names::encoding, UTF8)?;
            let errors = policy.get(name, |n| names::errors(n, DECODE), DECODE[0])?;
            if from == UTF8 && utf8x::is_valid(b) {
                // SAFETY: valid UTF-8, as just checked.
                unsafe { out.set_utf8(row, b) };
            } else {
                let text = buffers.decode(b, from, errors)?;
                // SAFETY: the output of a conversion to UTF-8 that succeeded.
                unsafe { out.set_utf8(row, text) };
            }
        }
        Ok(())
    })
}

/// `utf8x_encode(text, encoding)`: `text` in `encoding`; a character the encoding cannot hold
/// (or text that is not UTF-8) is an error naming its offset.
pub fn encode(input: &Input, out: &mut Output) -> Result {
    let mut encoding = Lookup::default();
    with_buffers(|buffers| {
        for row in 0..input.rows {
            let (Some(text), Some(enc)) = (input.arg(0, row), input.arg(1, row)) else {
                out.set_null(row);
                continue;
            };
            let to = encoding.get(Some(enc), names::encoding, UTF8)?;
            out.set_blob(row, buffers.encode(text, to)?);
        }
        Ok(())
    })
}

/// `utf8x_detect(b)`: the most likely encoding of `b`, named as `utf8x_decode` takes it.
pub fn detect(input: &Input, out: &mut Output) -> Result {
    for row in 0..input.rows {
        match input.arg(0, row) {
            Some(b) => out.set_str(row, utf8x::detect(b).name()),
            None => out.set_null(row),
        }
    }
    Ok(())
}

/// The value of the last name looked up: the rows of a column usually share one name, so a
/// comparison of bytes replaces the lookup (and its error) for every row after the first.
struct Lookup<T> {
    name: Vec<u8>,
    value: Option<T>,
}

impl<T> Default for Lookup<T> {
    fn default() -> Self {
        Lookup {
            name: Vec::new(),
            value: None,
        }
    }
}

impl<T: Copy> Lookup<T> {
    /// The value of `name` (`default` for an argument the overload lacks).
    fn get(
        &mut self,
        name: Option<&[u8]>,
        parse: impl Fn(&[u8]) -> std::result::Result<T, String>,
        default: T,
    ) -> std::result::Result<T, String> {
        let Some(name) = name else {
            return Ok(default);
        };
        match self.value {
            Some(v) if self.name == name => Ok(v),
            _ => {
                let v = parse(name)?;
                self.name.clear();
                self.name.extend_from_slice(name);
                self.value = Some(v);
                Ok(v)
            }
        }
    }
}
