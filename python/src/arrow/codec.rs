//! What `make_valid`, `decode` and `encode` do to one value: the encodings they accept (utf8x's
//! own, then the WHATWG legacy encodings of `encoding_rs`), their error policies, and the
//! conversion of a value appended to the output bytes.

use std::borrow::Cow;

use encoding_rs::{CoderResult, DecoderResult, EncoderResult};
use pyo3::exceptions::{PyLookupError, PyValueError};
use pyo3::prelude::*;
use utf8x::{Encoding, Outcome, Policy, Status, Unit};

use crate::input::{Plain, units};

/// An encoding `decode` and `encode` accept.
#[derive(Clone, Copy)]
pub(crate) enum Codec {
    /// One of utf8x's, with the name CPython gives it.
    Own(Encoding, &'static str),
    /// A WHATWG legacy encoding.
    Whatwg(&'static encoding_rs::Encoding),
}

/// The WHATWG encodings that are utf8x's own under the names the package gives them, or that
/// the package leaves out: UTF-8, UTF-16 (its labels "utf-16" and "unicode" would read a byte
/// order mark that utf8x does not), Windows-1252 (WHATWG gives it the labels "ascii" and
/// "iso-8859-1", which mean other encodings here), and "replacement" (labels that decode every
/// input to U+FFFD).
fn left_out(e: &'static encoding_rs::Encoding) -> bool {
    e == encoding_rs::UTF_8
        || e == encoding_rs::UTF_16LE
        || e == encoding_rs::UTF_16BE
        || e == encoding_rs::WINDOWS_1252
        || e == encoding_rs::REPLACEMENT
}

impl Codec {
    pub(crate) fn parse(name: &str) -> PyResult<Codec> {
        if let Ok((e, n)) = crate::encoding(name) {
            return Ok(Codec::Own(e, n));
        }
        match encoding_rs::Encoding::for_label(name.as_bytes()) {
            Some(e) if !left_out(e) => Ok(Codec::Whatwg(e)),
            _ => Err(PyLookupError::new_err(format!("unknown encoding: {name}"))),
        }
    }

    pub(crate) fn name(self) -> String {
        match self {
            Codec::Own(_, n) => n.into(),
            Codec::Whatwg(e) => e.name().to_ascii_lowercase(),
        }
    }
}

/// The WHATWG encodings `decode` and `encode` accept beside utf8x's own, by their names.
pub(crate) fn whatwg_names() -> Vec<String> {
    use encoding_rs::*;
    let whatwg = [
        IBM866,
        ISO_8859_2,
        ISO_8859_3,
        ISO_8859_4,
        ISO_8859_5,
        ISO_8859_6,
        ISO_8859_7,
        ISO_8859_8,
        ISO_8859_8_I,
        ISO_8859_10,
        ISO_8859_13,
        ISO_8859_14,
        ISO_8859_15,
        ISO_8859_16,
        KOI8_R,
        KOI8_U,
        MACINTOSH,
        WINDOWS_874,
        WINDOWS_1250,
        WINDOWS_1251,
        WINDOWS_1253,
        WINDOWS_1254,
        WINDOWS_1255,
        WINDOWS_1256,
        WINDOWS_1257,
        WINDOWS_1258,
        X_MAC_CYRILLIC,
        GBK,
        GB18030,
        BIG5,
        EUC_JP,
        ISO_2022_JP,
        SHIFT_JIS,
        EUC_KR,
        X_USER_DEFINED,
    ];
    whatwg.iter().map(|e| Codec::Whatwg(e).name()).collect()
}

/// The `errors=` policies of the Arrow functions.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Errors {
    Strict,
    Replace,
    Ignore,
    Fallback,
}

impl Errors {
    /// `name` if it is one of `allowed`, else a `ValueError` listing them.
    pub(crate) fn parse(name: &str, allowed: &[Errors], what: &str) -> PyResult<Errors> {
        let all = [
            ("strict", Errors::Strict),
            ("replace", Errors::Replace),
            ("ignore", Errors::Ignore),
            ("fallback", Errors::Fallback),
        ];
        let ok: Vec<_> = all.iter().filter(|(_, e)| allowed.contains(e)).collect();
        ok.iter()
            .find(|(n, _)| *n == name)
            .map(|(_, e)| *e)
            .ok_or_else(|| {
                let names: Vec<String> = ok.iter().map(|(n, _)| format!("'{n}'")).collect();
                PyValueError::new_err(format!(
                    "{what} takes errors={}, not {name:?}",
                    names.join(", ")
                ))
            })
    }

    fn policy(self) -> Policy {
        match self {
            Errors::Strict => Policy::Strict,
            Errors::Replace => Policy::Replace,
            Errors::Ignore => Policy::Skip,
            Errors::Fallback => Policy::Fallback,
        }
    }
}

/// What a value is turned into.
#[derive(Clone, Copy)]
pub(crate) enum Op {
    /// UTF-8 with its ill-formed parts dealt with (never `Strict`).
    MakeValid(Errors),
    /// Bytes in an encoding to UTF-8.
    Decode(Codec, Errors),
    /// UTF-8 to bytes in an encoding (`Fallback` is not offered).
    Encode(Codec, Errors),
}

/// Why a value could not be converted (strict policies only): where in the value, in bytes.
pub(crate) struct Failure {
    pub(crate) offset: usize,
    pub(crate) reason: String,
}

impl Op {
    /// True when a valid UTF-8 value comes out as it went in: such values are copied in runs.
    pub(crate) fn keeps_utf8(self) -> bool {
        match self {
            Op::MakeValid(_) => true,
            Op::Decode(c, _) | Op::Encode(c, _) => matches!(c, Codec::Own(Encoding::Utf8, _)),
        }
    }

    /// Appends the converted `src` to `out`; `scratch` holds what is built on the way.
    pub(crate) fn convert(
        self,
        src: &[u8],
        out: &mut Vec<u8>,
        scratch: &mut Scratch,
    ) -> Result<(), Failure> {
        match self {
            Op::MakeValid(e) => own_to_utf8::<u8>(src, Encoding::Utf8, e, out),
            Op::Decode(Codec::Own(enc, _), e) => match enc.unit_size() {
                2 => own_to_utf8::<u16>(src, enc, e, out),
                4 => own_to_utf8::<u32>(src, enc, e, out),
                _ => own_to_utf8::<u8>(src, enc, e, out),
            },
            Op::Decode(Codec::Whatwg(enc), e) => whatwg_decode(enc, src, e, out),
            Op::Encode(Codec::Own(enc, _), e) => match enc.unit_size() {
                2 => utf8_to_own(src, enc, e, out, &mut scratch.u16s),
                4 => utf8_to_own(src, enc, e, out, &mut scratch.u32s),
                _ => utf8_to_own(src, enc, e, out, &mut scratch.u8s),
            },
            Op::Encode(Codec::Whatwg(enc), e) => whatwg_encode(enc, src, e, out, scratch),
        }
    }
}

/// Buffers reused from value to value, so that converting one allocates nothing.
#[derive(Default)]
pub(crate) struct Scratch {
    u8s: Vec<u8>,
    u16s: Vec<u16>,
    u32s: Vec<u32>,
}

fn failure(o: &Outcome, unit: usize) -> Failure {
    let kind = if o.status == Status::Unmappable {
        "unmappable"
    } else {
        crate::kind_name(o.error)
    };
    Failure {
        offset: o.read * unit,
        reason: format!("{} ({kind})", o.error.as_str()),
    }
}

/// `utf8x::convert` of all of `src` appended to `out`, which grows as needed.
fn append<S: Unit, T: Unit + Default + Copy>(
    src: &[S],
    from: Encoding,
    to: Encoding,
    policy: Policy,
    out: &mut Vec<T>,
) -> Outcome {
    let mut read = 0;
    let mut guess = src.len() + 8;
    loop {
        let at = out.len();
        out.resize(at + guess, T::default());
        let o = utf8x::convert(&src[read..], from, Some(&mut out[at..]), to, policy);
        out.truncate(at + o.written);
        read += o.read;
        if o.status != Status::OutputFull {
            return Outcome { read, ..o };
        }
        guess = utf8x::convert::<S, T>(&src[read..], from, None, to, policy).written + 8;
    }
}

/// A value in one of utf8x's encodings to UTF-8. Bytes after the last whole UTF-16/UTF-32
/// unit are what CPython makes of them: an error, one U+FFFD, or nothing.
fn own_to_utf8<S: Unit + Plain>(
    src: &[u8],
    from: Encoding,
    e: Errors,
    out: &mut Vec<u8>,
) -> Result<(), Failure> {
    let size = std::mem::size_of::<S>();
    let whole = src.len() - src.len() % size;
    let o = append(&units::<S>(src), from, Encoding::Utf8, e.policy(), out);
    if !o.is_ok() {
        return Err(failure(&o, size));
    }
    if whole < src.len() && !crate::ends_in_high_surrogate(from, &src[..whole]) {
        match e {
            Errors::Strict => {
                return Err(Failure {
                    offset: whole,
                    reason: "truncated data".into(),
                });
            }
            Errors::Replace | Errors::Fallback => out.extend_from_slice("\u{FFFD}".as_bytes()),
            Errors::Ignore => {}
        }
    }
    Ok(())
}

/// UTF-8 to one of utf8x's encodings, its units' bytes appended to `out`.
fn utf8_to_own<T: Unit + Plain>(
    src: &[u8],
    to: Encoding,
    e: Errors,
    out: &mut Vec<u8>,
    scratch: &mut Vec<T>,
) -> Result<(), Failure> {
    scratch.clear();
    let o = append(src, Encoding::Utf8, to, e.policy(), scratch);
    if !o.is_ok() {
        return Err(failure(&o, 1));
    }
    out.extend_from_slice(bytes_of(scratch));
    Ok(())
}

/// The bytes of plain integers, as they lie in memory.
pub(crate) fn bytes_of<T: Plain>(v: &[T]) -> &[u8] {
    // SAFETY: `Plain` types are integers without padding; the bytes are those of `v`.
    unsafe { std::slice::from_raw_parts(v.as_ptr().cast(), std::mem::size_of_val(v)) }
}

fn whatwg_decode(
    enc: &'static encoding_rs::Encoding,
    src: &[u8],
    e: Errors,
    out: &mut Vec<u8>,
) -> Result<(), Failure> {
    let mut d = enc.new_decoder_without_bom_handling();
    let start = out.len();
    // Enough for any input (with U+FFFD for every byte), so one call converts the whole value.
    let room = d.max_utf8_buffer_length(src.len()).ok_or_else(|| Failure {
        offset: 0,
        reason: "value too long".into(),
    })?;
    out.resize(start + room, 0);
    let (mut read, mut written) = (0, 0);
    if matches!(e, Errors::Replace | Errors::Fallback) {
        let (r, _, w, _) = d.decode_to_utf8(src, &mut out[start..], true);
        debug_assert_eq!(r, CoderResult::InputEmpty);
        written = w;
    } else {
        loop {
            let (r, n, w) = d.decode_to_utf8_without_replacement(
                &src[read..],
                &mut out[start + written..],
                true,
            );
            read += n;
            written += w;
            match r {
                DecoderResult::Malformed(bad, after) if e == Errors::Strict => {
                    out.truncate(start);
                    return Err(Failure {
                        offset: read - after as usize - bad as usize,
                        reason: format!("invalid {} sequence", enc.name()),
                    });
                }
                DecoderResult::Malformed(..) => {}
                DecoderResult::InputEmpty | DecoderResult::OutputFull => break,
            }
        }
    }
    out.truncate(start + written);
    Ok(())
}

fn whatwg_encode(
    enc: &'static encoding_rs::Encoding,
    src: &[u8],
    e: Errors,
    out: &mut Vec<u8>,
    scratch: &mut Scratch,
) -> Result<(), Failure> {
    // The value as str: checked, and made valid first under a lenient policy.
    let text: Cow<'_, str> = match std::str::from_utf8(src) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => {
            scratch.u8s.clear();
            let o = append(
                src,
                Encoding::Utf8,
                Encoding::Utf8,
                e.policy(),
                &mut scratch.u8s,
            );
            if !o.is_ok() {
                return Err(failure(&o, 1));
            }
            Cow::Owned(String::from_utf8_lossy(&scratch.u8s).into_owned())
        }
    };
    let mut enc = enc.new_encoder();
    let mut rest: &str = &text;
    let mut done = 0;
    loop {
        let start = out.len();
        let room = enc
            .max_buffer_length_from_utf8_without_replacement(rest.len())
            .unwrap_or(usize::MAX / 2)
            .max(8);
        out.resize(start + room, 0);
        let (r, n, w) = enc.encode_from_utf8_without_replacement(rest, &mut out[start..], true);
        out.truncate(start + w);
        rest = &rest[n..];
        done += n;
        match r {
            EncoderResult::InputEmpty => return Ok(()),
            EncoderResult::OutputFull => {}
            EncoderResult::Unmappable(c) => match e {
                Errors::Strict | Errors::Fallback => {
                    return Err(Failure {
                        offset: done - c.len_utf8(),
                        reason: format!("U+{:04X} has no {} form", c as u32, enc.encoding().name()),
                    });
                }
                Errors::Ignore => {}
                Errors::Replace => {
                    // "?" through the encoder, which may have to shift back to ASCII first.
                    let at = out.len();
                    out.resize(at + 8, 0);
                    let (_, _, w) =
                        enc.encode_from_utf8_without_replacement("?", &mut out[at..], false);
                    out.truncate(at + w);
                }
            },
        }
    }
}
