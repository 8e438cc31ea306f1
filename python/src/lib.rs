//! The `utf8x._utf8x` extension module: the Python face of utf8x. `utf8x/__init__.py`
//! re-exports it and adds the `codecs.IncrementalDecoder` subclass.

use std::os::raw::c_char;

use pyo3::exceptions::{PyLookupError, PyUnicodeDecodeError, PyUnicodeEncodeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use utf8x::{Encoding, ErrorKind, Outcome, Policy, Status, Stream, Unit};

mod arrow;
mod column;
mod direct;
mod input;

use input::{Input, Plain, maybe_detached, units};

/// An encoding name as CPython spells its codec (so error messages read the same), with the
/// usual aliases. Plain "utf-16"/"utf-32" are left out on purpose: CPython gives them BOM
/// handling that utf8x does not do.
fn encoding(name: &str) -> PyResult<(Encoding, &'static str)> {
    // The usual spellings first, without the allocations of normalising.
    if let Some(e) = known_encoding(name) {
        return Ok(e);
    }
    known_encoding(&name.trim().to_ascii_lowercase().replace(['_', ' '], "-"))
        .ok_or_else(|| PyLookupError::new_err(format!("unknown encoding: {name}")))
}

fn known_encoding(n: &str) -> Option<(Encoding, &'static str)> {
    use Encoding::*;
    Some(match n {
        "utf-8" | "utf8" | "u8" => (Utf8, "utf-8"),
        "utf-16-le" | "utf-16le" | "utf16le" => (Utf16Le, "utf-16-le"),
        "utf-16-be" | "utf-16be" | "utf16be" => (Utf16Be, "utf-16-be"),
        "utf-32-le" | "utf-32le" | "utf32le" => (Utf32Le, "utf-32-le"),
        "utf-32-be" | "utf-32be" | "utf32be" => (Utf32Be, "utf-32-be"),
        "latin-1" | "latin1" | "iso-8859-1" | "iso8859-1" | "l1" => (Latin1, "latin-1"),
        "cp1252" | "windows-1252" => (Cp1252, "cp1252"),
        "cesu-8" | "cesu8" => (Cesu8, "cesu-8"),
        "mutf-8" | "mutf8" | "modified-utf-8" => (Mutf8, "mutf-8"),
        "wtf-8" | "wtf8" => (Wtf8, "wtf-8"),
        "rfc2279" | "rfc-2279" => (Rfc2279, "rfc2279"),
        _ => return None,
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Errors {
    Strict,
    Replace,
    Ignore,
    SurrogateEscape,
    Fallback,
}

fn errors(name: &str) -> PyResult<Errors> {
    Ok(match name {
        "strict" => Errors::Strict,
        "replace" => Errors::Replace,
        "ignore" => Errors::Ignore,
        "surrogateescape" => Errors::SurrogateEscape,
        "fallback" => Errors::Fallback,
        _ => {
            return Err(PyLookupError::new_err(format!(
                "unknown error handler name '{name}'"
            )));
        }
    })
}

fn policy(e: Errors) -> Policy {
    match e {
        Errors::Strict => Policy::Strict,
        Errors::Replace => Policy::Replace,
        Errors::Ignore => Policy::Skip,
        Errors::SurrogateEscape => Policy::Escape,
        Errors::Fallback => Policy::Fallback,
    }
}

/// `utf8x::convert` into a growing vector: starts with `cap` units, and on `OutputFull`
/// measures what the rest needs and goes on where it stopped.
fn convert_all<S: Unit, T: Unit + Default + Copy>(
    src: &[S],
    from: Encoding,
    to: Encoding,
    policy: Policy,
    cap: usize,
) -> (Vec<T>, Outcome) {
    let mut out = vec![T::default(); cap];
    let (mut read, mut written, mut replaced) = (0, 0, 0);
    loop {
        let o = utf8x::convert(&src[read..], from, Some(&mut out[written..]), to, policy);
        read += o.read;
        written += o.written;
        replaced += o.replaced;
        if o.status == Status::OutputFull {
            let need = utf8x::convert::<S, T>(&src[read..], from, None, to, policy).written;
            out.resize(written + need.max(8), T::default());
            continue;
        }
        out.truncate(written);
        return (
            out,
            Outcome {
                read,
                written,
                replaced,
                ..o
            },
        );
    }
}

/// A str from UTF-16 in the machine's byte order that may hold lone surrogates (escapes,
/// WTF-8 and modified UTF-8 content): "surrogatepass" keeps them, as str can.
fn str_from_utf16(py: Python<'_>, u: &[u16]) -> PyResult<PyObject> {
    let mut order: i32 = if cfg!(target_endian = "little") {
        -1
    } else {
        1
    };
    // SAFETY: pointer and length describe `u`; the error handler name is NUL-terminated.
    unsafe {
        let p = pyo3::ffi::PyUnicode_DecodeUTF16(
            u.as_ptr() as *const c_char,
            (u.len() * 2) as pyo3::ffi::Py_ssize_t,
            c"surrogatepass".as_ptr(),
            &mut order,
        );
        Bound::from_owned_ptr_or_err(py, p).map(Bound::unbind)
    }
}

/// CPython's reason for a bad UTF-8 sequence: its decoder says "invalid start byte" for a byte
/// that can never begin a sequence and "invalid continuation byte" otherwise.
fn utf8_reason(first: u8) -> &'static str {
    if (0x80..=0xC1).contains(&first) || first >= 0xF5 {
        "invalid start byte"
    } else {
        "invalid continuation byte"
    }
}

/// The `UnicodeDecodeError` CPython's codec raises for the same input: byte positions, and the
/// same reason strings for the encodings CPython has.
fn decode_error(
    py: Python<'_>,
    name: &str,
    enc: Encoding,
    data: &[u8],
    o: &Outcome,
    base: usize,
) -> PyErr {
    let unit = enc.unit_size();
    let start = (o.read * unit).saturating_sub(base).min(data.len());
    let truncated = o.status == Status::Truncated;
    let end = if truncated {
        data.len()
    } else {
        (start + o.error_len * unit).min(data.len())
    };
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let reason: String = match enc {
        _ if truncated => "unexpected end of data".into(),
        Encoding::Utf8 => utf8_reason(byte(start)).into(),
        Encoding::Utf16Le | Encoding::Utf16Be => {
            let b = [byte(start), byte(start + 1)];
            let v = if enc == Encoding::Utf16Le {
                u16::from_le_bytes(b)
            } else {
                u16::from_be_bytes(b)
            };
            if v >= 0xDC00 {
                "illegal encoding"
            } else {
                "illegal UTF-16 surrogate"
            }
            .into()
        }
        Encoding::Utf32Le | Encoding::Utf32Be if o.error == ErrorKind::Surrogate => {
            "code point in surrogate code point range(0xd800, 0xe000)".into()
        }
        Encoding::Utf32Le | Encoding::Utf32Be => "code point not in range(0x110000)".into(),
        _ => o.error.as_str().into(),
    };
    let obj = PyBytes::new(py, data);
    match PyUnicodeDecodeError::new(
        py,
        &std::ffi::CString::new(name).unwrap(),
        obj.as_bytes(),
        start..end,
        &std::ffi::CString::new(reason).unwrap(),
    ) {
        Ok(e) => PyErr::from_value(e.into_any()),
        Err(e) => e,
    }
}

/// What to do with the 1..3 bytes after the last whole UTF-16/UTF-32 unit, as CPython does:
/// one U+FFFD, nothing, escapes (only for bytes >= 0x80, which is all surrogateescape maps),
/// or the error "truncated data".
fn odd_tail(
    py: Python<'_>,
    name: &str,
    data: &[u8],
    whole: usize,
    errs: Errors,
    out: &mut Vec<u16>,
) -> PyResult<()> {
    let tail = &data[whole..];
    match errs {
        Errors::Replace | Errors::Fallback => out.push(0xFFFD),
        Errors::Ignore => {}
        Errors::SurrogateEscape if tail.iter().all(|&b| b >= 0x80) => {
            out.extend(tail.iter().map(|&b| 0xDC00 | b as u16))
        }
        _ => {
            let e = PyUnicodeDecodeError::new(py, c"", data, whole..data.len(), c"truncated data")?;
            let e = PyErr::from_value(e.into_any());
            e.value(py).setattr("encoding", name)?;
            return Err(e);
        }
    }
    Ok(())
}

/// True when UTF-16 `data` ends with a high surrogate: CPython then reports that surrogate and
/// the odd bytes after it as one truncated sequence, which utf8x has already dealt with.
fn ends_in_high_surrogate(enc: Encoding, data: &[u8]) -> bool {
    let n = data.len();
    let last = match enc {
        Encoding::Utf16Le if n >= 2 => u16::from_le_bytes([data[n - 2], data[n - 1]]),
        Encoding::Utf16Be if n >= 2 => u16::from_be_bytes([data[n - 2], data[n - 1]]),
        _ => return false,
    };
    (0xD800..0xDC00).contains(&last)
}

fn decode_units<S: Unit + Plain + Sync>(
    py: Python<'_>,
    bytes: &[u8],
    work: usize,
    enc: Encoding,
    policy: Policy,
) -> (Vec<u16>, Outcome) {
    let size = std::mem::size_of::<S>();
    let n = bytes.len() / size;
    maybe_detached(py, work, || {
        let src = units::<S>(bytes);
        // Every source unit gives at most one UTF-16 unit, except UTF-32 (two).
        convert_all::<S, u16>(
            &src,
            enc,
            Encoding::Utf16,
            policy,
            n * size.min(2) / size.max(1) + n + 8,
        )
    })
}

/// Decodes `b` from `encoding` to str. `b` is `bytes` or any buffer of bytes or of the
/// encoding's units (`array('H')` for UTF-16, `array('I')` for UTF-32), read in place.
#[pyfunction]
#[pyo3(signature = (b, encoding="utf-8", errors="strict"))]
fn decode(
    py: Python<'_>,
    b: &Bound<'_, PyAny>,
    encoding: &str,
    errors: &str,
) -> PyResult<PyObject> {
    let (enc, name) = self::encoding(encoding)?;
    let errs = self::errors(errors)?;
    let input = Input::new(b, enc.unit_size(), name)?;
    let (data, work) = (input.bytes(), input.work());
    // Well-formed input, straight into the str's storage.
    let size = enc.unit_size();
    let fast = match enc {
        Encoding::Utf8 => direct::decode_utf8(py, data, work)?,
        Encoding::Latin1 => direct::decode_latin1(py, data, work)?,
        Encoding::Utf16Le | Encoding::Utf16Be if data.len() % size == 0 => {
            direct::decode_utf16(py, &units::<u16>(data), enc, work)?
        }
        Encoding::Utf32Le | Encoding::Utf32Be if data.len() % size == 0 => {
            direct::decode_utf32(py, &units::<u32>(data), enc, work)?
        }
        _ => None,
    };
    if let Some(s) = fast {
        return Ok(s.unbind());
    }
    decode_general(py, data, work, enc, name, errs)
}

/// `decode` for any input: utf8x converts to UTF-16 under the policy, the bytes after the last
/// whole unit get CPython's treatment, and errors are CPython's.
fn decode_general(
    py: Python<'_>,
    data: &[u8],
    work: usize,
    enc: Encoding,
    name: &str,
    errs: Errors,
) -> PyResult<PyObject> {
    let p = policy(errs);
    let (mut out, o) = match enc.unit_size() {
        2 => decode_units::<u16>(py, data, work, enc, p),
        4 => decode_units::<u32>(py, data, work, enc, p),
        _ => decode_units::<u8>(py, data, work, enc, p),
    };
    if !o.is_ok() {
        return Err(decode_error(py, name, enc, data, &o, 0));
    }
    let whole = data.len() - data.len() % enc.unit_size();
    if whole < data.len() && !ends_in_high_surrogate(enc, &data[..whole]) {
        odd_tail(py, name, data, whole, errs, &mut out)?;
    }
    str_from_utf16(py, &out)
}

/// The code points of `s`, lone surrogates included.
fn code_points(s: &Bound<'_, PyString>) -> PyResult<Vec<u32>> {
    // SAFETY: a valid str; the copy is freed with PyMem_Free after being read.
    unsafe {
        let p = pyo3::ffi::PyUnicode_AsUCS4Copy(s.as_ptr());
        if p.is_null() {
            return Err(PyErr::fetch(s.py()));
        }
        let n = pyo3::ffi::PyUnicode_GetLength(s.as_ptr()) as usize;
        let v = std::slice::from_raw_parts(p, n).to_vec();
        pyo3::ffi::PyMem_Free(p as *mut std::ffi::c_void);
        Ok(v)
    }
}

fn encodable(c: u32, to: Encoding) -> bool {
    let src = [c];
    match to.unit_size() {
        2 => utf8x::convert::<u32, u16>(&src, Encoding::Utf32, None, to, Policy::Strict).is_ok(),
        4 => utf8x::convert::<u32, u32>(&src, Encoding::Utf32, None, to, Policy::Strict).is_ok(),
        _ => utf8x::convert::<u32, u8>(&src, Encoding::Utf32, None, to, Policy::Strict).is_ok(),
    }
}

/// Bytes of `v`, units as they lie in memory (utf8x already wrote them in the target's order).
fn as_bytes<T: Unit>(v: &[T]) -> &[u8] {
    // SAFETY: plain integers.
    unsafe { std::slice::from_raw_parts(v.as_ptr() as *const u8, std::mem::size_of_val(v)) }
}

/// Encodes code points with CPython's error handlers applied by this loop (so `replace` writes
/// `?` and runs of bad characters are reported as CPython reports them): each strict
/// conversion stops at a character the target cannot hold; the handler deals with it.
fn encode_cps<T: Unit + Default + Copy>(
    py: Python<'_>,
    s: &Bound<'_, PyString>,
    cps: &[u32],
    to: Encoding,
    name: &str,
    errs: Errors,
) -> PyResult<Vec<u8>> {
    let mut out: Vec<T> = Vec::new();
    let mut pos = 0;
    let (reason, collapse) = match to {
        Encoding::Latin1 => ("ordinal not in range(256)", true),
        Encoding::Cp1252 => ("character maps to <undefined>", true),
        Encoding::Utf16Le | Encoding::Utf16Be | Encoding::Utf32Le | Encoding::Utf32Be => {
            ("surrogates not allowed", false)
        }
        // The UTF-8 family reports a run of surrogates as one error, as CPython's UTF-8 does.
        _ => ("surrogates not allowed", true),
    };
    loop {
        let policy = if errs == Errors::Fallback {
            Policy::Fallback
        } else {
            Policy::Strict
        };
        let (chunk, o) = convert_all::<u32, T>(
            &cps[pos..],
            Encoding::Utf32,
            to,
            policy,
            cps.len() - pos + 8,
        );
        out.extend_from_slice(&chunk);
        pos += o.read;
        if o.is_ok() {
            return Ok(as_bytes(&out).to_vec());
        }
        let mut end = pos + 1;
        if collapse {
            while end < cps.len() && !encodable(cps[end], to) {
                end += 1;
            }
        }
        match errs {
            Errors::Strict | Errors::Fallback => {
                let e = PyUnicodeEncodeError::new_err((
                    name.to_string(),
                    s.clone().unbind(),
                    pos,
                    end,
                    reason,
                ));
                return Err(e);
            }
            Errors::Ignore => {}
            Errors::Replace => {
                let q = vec![b'?' as u32; end - pos];
                let (r, _) =
                    convert_all::<u32, T>(&q, Encoding::Utf32, to, Policy::Strict, q.len() + 8);
                out.extend_from_slice(&r);
            }
            Errors::SurrogateEscape => {
                let bytes_target = std::mem::size_of::<T>() == 1;
                // The escapes that lead the run become their bytes; CPython then reports the
                // first character that is not one.
                let escapes = if bytes_target {
                    cps[pos..end]
                        .iter()
                        .take_while(|c| (0xDC80..=0xDCFF).contains(*c))
                        .count()
                } else {
                    0
                };
                // Except the charmap codec (cp1252), which hands the whole run to the handler:
                // all escapes, or the error for the whole run.
                let escapes = if to == Encoding::Cp1252 && escapes < end - pos {
                    0
                } else {
                    escapes
                };
                // SAFETY: T is u8 whenever `escapes` is not 0.
                out.extend(
                    cps[pos..pos + escapes]
                        .iter()
                        .map(|&c| unsafe { std::mem::transmute_copy::<u8, T>(&(c as u8)) }),
                );
                if pos + escapes < end {
                    let _ = py;
                    return Err(PyUnicodeEncodeError::new_err((
                        name.to_string(),
                        s.clone().unbind(),
                        pos + escapes,
                        end,
                        reason,
                    )));
                }
            }
        }
        pos = end;
    }
}

/// Encodes `s` to `encoding` as bytes.
#[pyfunction]
#[pyo3(signature = (s, encoding="utf-8", errors="strict"))]
fn encode(
    py: Python<'_>,
    s: &Bound<'_, PyString>,
    encoding: &str,
    errors: &str,
) -> PyResult<PyObject> {
    let (enc, name) = self::encoding(encoding)?;
    let errs = self::errors(errors)?;
    // No surrogates and nothing the target cannot hold: straight from the str's storage into
    // the bytes object's.
    if let Some(b) = direct::encode(py, s, enc)? {
        return Ok(b.unbind());
    }
    let cps = code_points(s)?;
    if matches!(enc, Encoding::Wtf8 | Encoding::Mutf8) {
        // These forms hold lone surrogates; utf8x reads them from UTF-16 (adjacent surrogates
        // of a str pair up, as concatenation does in WTF-8).
        let mut u16s = Vec::with_capacity(cps.len());
        for &c in &cps {
            if c >= 0x10000 {
                u16s.push((0xD800 + ((c - 0x10000) >> 10)) as u16);
                u16s.push((0xDC00 + ((c - 0x10000) & 0x3FF)) as u16);
            } else {
                u16s.push(c as u16);
            }
        }
        let (v, o) = convert_all::<u16, u8>(
            &u16s,
            Encoding::Utf16,
            enc,
            policy(errs),
            u16s.len() * 3 + 8,
        );
        if o.is_ok() {
            return Ok(PyBytes::new(py, &v).into_any().unbind());
        }
    }
    let out = match enc.unit_size() {
        2 => encode_cps::<u16>(py, s, &cps, enc, name, errs)?,
        4 => encode_cps::<u32>(py, s, &cps, enc, name, errs)?,
        _ => encode_cps::<u8>(py, s, &cps, enc, name, errs)?,
    };
    Ok(PyBytes::new(py, &out).into_any().unbind())
}

/// Where and why UTF-8 is ill-formed: `validate`'s result for invalid input.
#[pyclass(frozen, get_all, module = "utf8x")]
struct Utf8Error {
    /// Byte offset of the first ill-formed sequence.
    offset: usize,
    /// Its length in bytes (0 when the input ends inside a sequence).
    length: usize,
    /// A short name of the kind: "invalid_lead", "overlong", "incomplete", ...
    kind: &'static str,
    /// An English description.
    reason: &'static str,
}

#[pymethods]
impl Utf8Error {
    fn __repr__(&self) -> String {
        format!(
            "Utf8Error(offset={}, length={}, kind={:?}, reason={:?})",
            self.offset, self.length, self.kind, self.reason
        )
    }
}

pub(crate) fn kind_name(k: ErrorKind) -> &'static str {
    match k {
        ErrorKind::InvalidLead => "invalid_lead",
        ErrorKind::UnexpectedContinuation => "unexpected_continuation",
        ErrorKind::TooShort => "too_short",
        ErrorKind::Overlong => "overlong",
        ErrorKind::Surrogate => "surrogate",
        ErrorKind::TooLarge => "too_large",
        ErrorKind::Incomplete => "incomplete",
        _ => "other",
    }
}

impl Utf8Error {
    /// The error of an outcome that is not OK.
    fn new(o: &Outcome) -> Utf8Error {
        Utf8Error {
            offset: o.read,
            length: o.error_len,
            kind: kind_name(o.error),
            reason: o.error.as_str(),
        }
    }
}

/// None when `b` is valid UTF-8, else where and why it is not.
#[pyfunction]
fn validate(py: Python<'_>, b: &Bound<'_, PyAny>) -> PyResult<Option<Utf8Error>> {
    let input = Input::new(b, 1, "validate")?;
    let data = input.bytes();
    let o = maybe_detached(py, input.work(), || utf8x::validate(data));
    Ok((!o.is_ok()).then(|| Utf8Error::new(&o)))
}

/// True when `b` is valid UTF-8.
#[pyfunction]
fn is_valid(py: Python<'_>, b: &Bound<'_, PyAny>) -> PyResult<bool> {
    let input = Input::new(b, 1, "is_valid")?;
    let data = input.bytes();
    Ok(maybe_detached(py, input.work(), || utf8x::is_valid(data)))
}

/// The code points of UTF-8 `b`. With `errors=None`, the bytes that are not continuation
/// bytes, unchecked, as `utf8x_count` in C and `utf8x::count` in Rust count them: the code
/// point count when `b` is valid, a number without meaning otherwise. With a handler name,
/// checked: "strict" raises the `UnicodeDecodeError` that `decode` raises, the others give
/// `len(decode(b, errors=errors))` without building the str.
#[pyfunction]
#[pyo3(signature = (b, errors=None))]
fn count(py: Python<'_>, b: &Bound<'_, PyAny>, errors: Option<&str>) -> PyResult<usize> {
    let errs = errors.map(self::errors).transpose()?;
    let input = Input::new(b, 1, "count")?;
    let (data, work) = (input.bytes(), input.work());
    match errs {
        None => Ok(maybe_detached(py, work, || utf8x::count(data))),
        Some(Errors::Strict) => {
            let (o, n) = maybe_detached(py, work, || {
                let o = utf8x::validate(data);
                (o, if o.is_ok() { utf8x::count(data) } else { 0 })
            });
            if !o.is_ok() {
                return Err(decode_error(py, "utf-8", Encoding::Utf8, data, &o, 0));
            }
            Ok(n)
        }
        Some(e) => {
            // Measured, not written: one UTF-32 unit per code point of the decoded str.
            let o = maybe_detached(py, work, || {
                utf8x::convert::<u8, u32>(data, Encoding::Utf8, None, Encoding::Utf32, policy(e))
            });
            Ok(o.written)
        }
    }
}

/// The streaming decoder under `utf8x.IncrementalDecoder`: a `utf8x::Stream` to UTF-16, plus
/// the bytes of a UTF-16/UTF-32 unit cut by a chunk boundary.
#[pyclass(module = "utf8x")]
struct StreamDecoder {
    enc: Encoding,
    name: &'static str,
    errs: Errors,
    stream: Stream,
    /// Bytes of an unfinished unit (UTF-16/UTF-32 only).
    partial: Vec<u8>,
    /// The last bytes fed, enough to rebuild what the stream holds (for getstate).
    recent: Vec<u8>,
}

#[pymethods]
impl StreamDecoder {
    #[new]
    #[pyo3(signature = (encoding="utf-8", errors="strict"))]
    fn new(encoding: &str, errors: &str) -> PyResult<Self> {
        let (enc, name) = self::encoding(encoding)?;
        let errs = self::errors(errors)?;
        let stream = Stream::new(enc, Encoding::Utf16, policy(errs)).expect("UTF-16 holds escapes");
        Ok(StreamDecoder {
            enc,
            name,
            errs,
            stream,
            partial: vec![],
            recent: vec![],
        })
    }

    #[pyo3(signature = (input, final_=false))]
    fn decode(
        &mut self,
        py: Python<'_>,
        input: &Bound<'_, PyAny>,
        final_: bool,
    ) -> PyResult<PyObject> {
        let owned = Input::new(input, self.enc.unit_size(), self.name)?;
        let chunk = owned.bytes();
        // Bytes held back by the stream come before this chunk in error positions.
        let carried = self.stream.pending() * self.enc.unit_size() + self.partial.len();
        let held = self.recent[self.recent.len() - carried.min(self.recent.len())..].to_vec();
        self.recent.extend_from_slice(chunk);
        let keep = 6 * self.enc.unit_size();
        if self.recent.len() > keep {
            self.recent.drain(..self.recent.len() - keep);
        }
        let joined;
        let (data, work): (&[u8], usize) = if self.partial.is_empty() {
            (chunk, owned.work())
        } else {
            joined = [std::mem::take(&mut self.partial).as_slice(), chunk].concat();
            (&joined, joined.len())
        };
        let size = self.enc.unit_size();
        let whole = data.len() - data.len() % size;
        let start_pos = self.stream.position() as usize * size;
        let stream = &mut self.stream;
        let (mut out, o) = maybe_detached(py, work, || match size {
            2 => feed::<u16>(stream, &units::<u16>(data), final_),
            4 => feed::<u32>(stream, &units::<u32>(data), final_),
            _ => feed::<u8>(stream, data, final_),
        });
        if !o.is_ok() {
            let at = self.stream.position() as usize * size;
            self.reset();
            return Err(self.cpython_error(py, &held, chunk, |joined| {
                // The held bytes start where the stream stood before this chunk.
                let read = at.saturating_sub(start_pos) / size;
                decode_error(py, self.name, self.enc, joined, &Outcome { read, ..o }, 0)
            }));
        }
        let odd = data.len() - whole;
        // The whole units fed so far end just before the odd bytes, in `recent`.
        let fed = &self.recent[..self.recent.len() - odd.min(self.recent.len())];
        if whole < data.len() && !(final_ && ends_in_high_surrogate(self.enc, fed)) {
            if final_ {
                if let Err(err) = odd_tail(py, self.name, data, whole, self.errs, &mut out) {
                    self.reset();
                    return Err(self.cpython_error(py, &held, chunk, |_| err));
                }
            } else {
                self.partial = data[whole..].to_vec();
            }
        }
        if final_ {
            self.reset();
        }
        str_from_utf16(py, &out)
    }

    fn reset(&mut self) {
        self.reset_state();
    }

    /// The bytes not decoded yet (what codecs.IncrementalDecoder.getstate calls the buffer).
    fn buffered<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let n = self.stream.pending() * self.enc.unit_size() + self.partial.len();
        PyBytes::new(
            py,
            &self.recent[self.recent.len() - n.min(self.recent.len())..],
        )
    }
}

impl StreamDecoder {
    /// The error CPython's incremental decoder raises for this chunk: it decodes the bytes it
    /// held back followed by the chunk as one input, so the error's object is that input and
    /// `start`/`end` count from its first byte. The first error of that one input is the one
    /// the stream met (everything before it decoded), so a one-shot decode of it reports it;
    /// `fallback` (given the joined input) stands should it not.
    fn cpython_error(
        &self,
        py: Python<'_>,
        held: &[u8],
        chunk: &[u8],
        fallback: impl FnOnce(&[u8]) -> PyErr,
    ) -> PyErr {
        let joined = [held, chunk].concat();
        match decode_general(py, &joined, joined.len(), self.enc, self.name, self.errs) {
            Err(e) => e,
            Ok(_) => fallback(&joined),
        }
    }

    fn reset_state(&mut self) {
        self.stream = Stream::new(self.enc, Encoding::Utf16, policy(self.errs))
            .expect("UTF-16 holds escapes");
        self.partial.clear();
        self.recent.clear();
    }
}

fn feed<S: Unit + Plain>(stream: &mut Stream, src: &[S], last: bool) -> (Vec<u16>, Outcome) {
    let mut out = vec![0u16; src.len() * 2 + 16];
    let (mut read, mut written) = (0, 0);
    loop {
        let o = stream.convert(&src[read..], Some(&mut out[written..]), last);
        read += o.read;
        written += o.written;
        if o.status == Status::OutputFull {
            out.resize(out.len() * 2 + 16, 0);
            continue;
        }
        out.truncate(written);
        return (out, Outcome { read, written, ..o });
    }
}

#[pymodule]
fn _utf8x(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(decode, m)?)?;
    m.add_function(wrap_pyfunction!(encode, m)?)?;
    m.add_class::<Utf8Error>()?;
    column::register(m)?;
    arrow::register(m)?;
    m.add_class::<StreamDecoder>()?;
    m.add("KERNEL", utf8x::active_kernel())?;
    Ok(())
}
