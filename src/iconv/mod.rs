//! An iconv(3)-compatible converter for the Unicode encodings, ISO-8859-1 and ASCII, in safe
//! Rust over byte slices. The C trio `utf8x_iconv_open` / `utf8x_iconv` / `utf8x_iconv_close`
//! and the `LD_PRELOAD` replacement of glibc's iconv (`iconv-preload/`) are thin layers over
//! [`Iconv`].
//!
//! | you call today | call instead |
//! |---|---|
//! | `iconv_open(to, from)` | `utf8x_iconv_open(to, from)` (`utf8x_iconv_t`) |
//! | `iconv(cd, &in, &inleft, &out, &outleft)` | `utf8x_iconv(cd, &in, &inleft, &out, &outleft)` |
//! | `iconv_close(cd)` | `utf8x_iconv_close(cd)` |
//! | any of them, without recompiling | `LD_PRELOAD=libutf8x_iconv.so program` |
//!
//! Charsets: glibc's names and aliases for UTF-8, UTF-16, UTF-16LE/BE, UCS-2, UCS-2LE/BE,
//! UTF-32, UTF-32LE/BE, UCS-4 (big-endian), UCS-4LE, WCHAR_T, ISO-8859-1, ASCII and
//! WINDOWS-1252 (`CP1252`, `MS-ANSI`), with `//IGNORE` and `//TRANSLIT`; and the UTF-8 family
//! forms glibc lacks: `CESU-8` (`CESU8`), `MUTF-8` (`MUTF8`, `MODIFIED-UTF-8`, `JAVA`), `WTF-8`
//! (`WTF8`) and `RFC2279` (`RFC-2279`, `UTF-8-RFC2279`: no registered name exists, so the name
//! of the specification). The behaviour is glibc's, call by call (pointer updates, return
//! values, errno, which error a call reports when several happen, where a BOM is read and
//! written), as the differential tests against glibc check, except where glibc breaks the
//! Unicode rules or depends on the locale:
//!
//! - glibc decodes UTF-8 forms of 0x110000..0x7FFFFFFF (`F4 90..`, `F5`..`FD`) and passes them
//!   to UTF-8, UCS-4 and WCHAR_T output; utf8x reports EILSEQ (RFC 3629).
//! - glibc passes UCS-4/WCHAR_T values above 0x10FFFF (and surrogates, to UCS-4 output)
//!   through; utf8x accepts Unicode scalar values only.
//! - At the end of the input glibc answers EINVAL (incomplete) for a lead byte followed by too
//!   few continuation bytes even when the bytes can never be valid (`E0 80`, `ED A0`, `F5`...);
//!   utf8x answers EILSEQ at the same offset (maximal subparts, Unicode ch. 3).
//! - `//TRANSLIT`: glibc uses the locale's transliteration tables (`€` → `EUR`, Cyrillic →
//!   Latin...); utf8x reads no locale and writes `?` for every character the target cannot hold.
//! - Reset (`iconv(cd, NULL, NULL, ...)`) of a UTF-16/UTF-32 decoder: glibc keeps the previous
//!   stream's byte order; utf8x returns to the initial state (the next BOM decides).
//! - `//IGNORE`: glibc forgets skips made more than ~8 K characters before the end of a call and
//!   may return success; utf8x returns -1/EILSEQ whenever the call skipped anything.
//! - `WCHAR_T` to `WCHAR_T` opens (glibc refuses it); the empty name (glibc: the locale's
//!   charset) does not.
//! - A `UTF-16`/`UTF-32` input BOM is read once per conversion state (until a reset), so that
//!   a conversion resumed after E2BIG gives exactly what one call gives. glibc's UTF-16 decoder
//!   looks for a BOM again after a call that converted nothing (E2BIG, or a character the
//!   target cannot hold, right after the BOM) and then drops a U+FEFF that follows the BOM as a
//!   second BOM (or, for U+FFFE, swaps the byte order); its UTF-32 decoder sometimes does the
//!   same (seen only with `//TRANSLIT//IGNORE` and output buffers of 1 to 3 bytes). utf8x reads
//!   that U+FEFF as the character it is, in every case.
//! - `WINDOWS-1252`: the WHATWG mapping, as everywhere in utf8x: the five bytes Windows leaves
//!   undefined (`81 8D 8F 90 9D`) are the C1 controls of the same value, both ways; glibc
//!   reports EILSEQ for those bytes and characters.
//! - Every output holds what its form holds and nothing more: lone surrogates (read from WTF-8
//!   or modified UTF-8) reach only WTF-8 and modified UTF-8 output, values above U+10FFFF (read
//!   from RFC 2279) only RFC 2279 output; elsewhere they are unmappable (EILSEQ, `?` under
//!   `//TRANSLIT`). UTF-16 and UTF-32 input never yields either.
//! - NULL `inbytesleft`/`outbuf`/`outbytesleft` with input, or overlapping buffers: -1 with EFAULT
//!   (glibc crashes or misbehaves).

mod codec;
mod fast;
mod names;

pub use names::{Charset, Spec, encoding_from_name, split};

use codec::{
    AsciiIn, AsciiOut, ByteDecoder, ByteEncoder, StreamIn, StreamOut, Ucs2In, Utf16Out, ascii_run,
};

use crate::codec::decode::{Be, Decoder, Le, Step};
use crate::engine::route::forms;
use crate::engine::transcode::transcode;
use crate::types::encoding::Encoding;
use crate::types::outcome::{Policy, Status};

/// Why a call to [`Iconv::convert`] stopped before consuming all of its input, or failed; each
/// maps to iconv(3)'s errno.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IconvError {
    /// `E2BIG`: the next character does not fit in the output.
    OutputFull,
    /// `EILSEQ`: an invalid input sequence (or a character the target cannot hold) at `read`; with
    /// `//IGNORE`, something was skipped during the call.
    Invalid,
    /// `EINVAL`: the input ends inside a character at `read`; call again with more input.
    Incomplete,
}

/// What one call did: bytes consumed, bytes written, and the iconv(3) result: the number of
/// irreversible conversions (`//TRANSLIT` substitutions) or the error.
#[must_use = "the result says whether the call converted everything, and why it stopped"]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IconvOutcome {
    /// Input bytes consumed; on an error, where it is (or where the call stopped).
    pub read: usize,
    /// Output bytes written.
    pub written: usize,
    /// `Ok(irreversible conversions)` or the error iconv(3) reports through errno.
    pub result: Result<usize, IconvError>,
}

/// Byte order of a 16/32-bit charset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Order {
    Le,
    Be,
}

#[cfg(target_endian = "little")]
const NATIVE: Order = Order::Le;
#[cfg(target_endian = "big")]
const NATIVE: Order = Order::Be;

/// iconv's dispatch on a pair of codecs, generated from the routing table's forms (each form's
/// core codecs taken over byte streams by [`StreamIn`] and [`StreamOut`]) and the two charsets
/// only iconv converts, UCS-2 and ASCII.
macro_rules! iconv_dispatch {
    ($($form:ident: $dec:ty, $enc:ty;)*) => {
        /// The concrete codec a charset reads or writes with, once the byte order is known.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        enum Codec {
            $($form,)*
            Ucs2Le,
            Ucs2Be,
            Ascii,
        }

        impl Codec {
            /// The core's encoding of this codec, for those the routing table has.
            fn encoding(self) -> Option<Encoding> {
                match self {
                    $(Codec::$form => Some(Encoding::$form),)*
                    Codec::Ucs2Le | Codec::Ucs2Be | Codec::Ascii => None,
                }
            }
        }

        fn with_decoder(from: Codec, to: Codec, job: &mut Job) -> IconvOutcome {
            match from {
                $(Codec::$form => with_encoder::<<$dec as StreamIn>::In>(to, job),)*
                Codec::Ucs2Le => with_encoder::<Ucs2In<Le>>(to, job),
                Codec::Ucs2Be => with_encoder::<Ucs2In<Be>>(to, job),
                Codec::Ascii => with_encoder::<AsciiIn>(to, job),
            }
        }

        fn with_encoder<D: ByteDecoder>(to: Codec, job: &mut Job) -> IconvOutcome {
            match to {
                $(Codec::$form => run::<D, <$enc as StreamOut>::Out>(job),)*
                Codec::Ucs2Le => run::<D, Utf16Out<Le, true>>(job),
                Codec::Ucs2Be => run::<D, Utf16Out<Be, true>>(job),
                Codec::Ascii => run::<D, AsciiOut>(job),
            }
        }
    };
}

forms!(iconv_dispatch! {});

impl Charset {
    /// Width of the byte order mark this charset reads and writes, if it uses one.
    fn bom_width(self) -> Option<usize> {
        match self {
            Charset::Utf16 => Some(2),
            Charset::Utf32 => Some(4),
            _ => None,
        }
    }

    /// The codec, for charsets with a BOM given the byte order in effect.
    fn codec(self, bom_order: Order) -> Codec {
        match self {
            Charset::Utf8 => Codec::Utf8,
            Charset::Utf16 => Codec::in_order(bom_order, Codec::Utf16Le, Codec::Utf16Be),
            Charset::Utf16Le => Codec::Utf16Le,
            Charset::Utf16Be => Codec::Utf16Be,
            Charset::Ucs2 => Codec::in_order(NATIVE, Codec::Ucs2Le, Codec::Ucs2Be),
            Charset::Ucs2Le => Codec::Ucs2Le,
            Charset::Ucs2Be => Codec::Ucs2Be,
            Charset::Utf32 => Codec::in_order(bom_order, Codec::Utf32Le, Codec::Utf32Be),
            Charset::Utf32Le | Charset::Ucs4Le => Codec::Utf32Le,
            Charset::Utf32Be | Charset::Ucs4 => Codec::Utf32Be,
            Charset::WcharT => Codec::in_order(NATIVE, Codec::Utf32Le, Codec::Utf32Be),
            Charset::Latin1 => Codec::Latin1,
            Charset::Ascii => Codec::Ascii,
            Charset::Cesu8 => Codec::Cesu8,
            Charset::Mutf8 => Codec::Mutf8,
            Charset::Wtf8 => Codec::Wtf8,
            Charset::Rfc2279 => Codec::Rfc2279,
            Charset::Cp1252 => Codec::Cp1252,
        }
    }
}

impl Codec {
    /// `le` or `be`, whichever byte order `o` is.
    fn in_order(o: Order, le: Codec, be: Codec) -> Codec {
        match o {
            Order::Le => le,
            Order::Be => be,
        }
    }
}

/// A conversion descriptor: what `iconv_open` returns. Not shared between threads while in use
/// (it carries the byte order marks' state), exactly like an `iconv_t`.
#[derive(Clone, Debug)]
pub struct Iconv {
    from: Charset,
    to: Charset,
    ignore: bool,
    translit: bool,
    /// Byte order of UTF-16/UTF-32 input, as its BOMs set it.
    in_order: Order,
    /// The next input may start with a BOM (UTF-16/UTF-32 input).
    in_detect: bool,
    /// The output BOM is still to be written (UTF-16/UTF-32 output).
    bom_pending: bool,
}

impl Iconv {
    /// Opens a converter from `fromcode` to `tocode` as iconv_open(3) does: names and aliases
    /// compare case-insensitively; `tocode` may carry `//IGNORE` and/or `//TRANSLIT` (suffixes on
    /// `fromcode` are accepted and, as in glibc, have no effect). `None` for a pair utf8x does
    /// not convert (iconv_open's EINVAL).
    pub fn open(tocode: &str, fromcode: &str) -> Option<Iconv> {
        let (to, spec) = names::split(tocode);
        let (from, _) = names::split(fromcode);
        let to = Charset::from_name(&to)?;
        let from = Charset::from_name(&from)?;
        Some(Iconv::new(to, from, spec.ignore, spec.translit))
    }

    /// A converter between two charsets with the given error handling flags.
    pub fn new(to: Charset, from: Charset, ignore: bool, translit: bool) -> Iconv {
        Iconv {
            from,
            to,
            ignore,
            translit,
            in_order: NATIVE,
            in_detect: from.bom_width().is_some(),
            bom_pending: to.bom_width().is_some(),
        }
    }

    /// The source charset.
    pub fn from_charset(&self) -> Charset {
        self.from
    }

    /// The target charset.
    pub fn to_charset(&self) -> Charset {
        self.to
    }

    /// Returns to the initial state, as `iconv(cd, NULL, NULL, NULL, NULL)`: the next input may
    /// start with a BOM again and the next output starts with one again (UTF-16/UTF-32).
    pub fn reset(&mut self) {
        self.in_order = NATIVE;
        self.in_detect = self.from.bom_width().is_some();
        self.bom_pending = self.to.bom_width().is_some();
    }

    /// `iconv(cd, NULL, NULL, &outbuf, &outbytesleft)`: writes what returning to the initial
    /// state takes (nothing, for these stateless encodings) and resets.
    pub fn flush(&mut self, _dst: &mut [u8]) -> IconvOutcome {
        self.reset();
        IconvOutcome {
            read: 0,
            written: 0,
            result: Ok(0),
        }
    }

    /// Converts as much of `src` into `dst` as possible, with iconv(3)'s contract: the whole
    /// input (`Ok`), or stops at the first problem with `read`/`written` at the last whole
    /// character converted. An incomplete character at the end of `src` is never consumed.
    pub fn convert(&mut self, src: &[u8], dst: &mut [u8]) -> IconvOutcome {
        let mut skip = 0;
        if let (Some(width), true) = (self.from.bom_width(), self.in_detect) {
            if src.is_empty() {
                return done(0, 0, Ok(0));
            }
            if src.len() < width {
                return done(0, 0, Err(IconvError::Incomplete));
            }
            // As glibc: a BOM in the other order switches to it; one in the machine's order is
            // only consumed (the order stays what it was).
            if let Some(order) = bom(&src[..width]) {
                if order != NATIVE {
                    self.in_order = order;
                }
                skip = width;
            }
            self.in_detect = false;
        }
        let from = self.from.codec(self.in_order);
        let to = self.to.codec(NATIVE);
        let mut job = Job {
            fast: fast::for_pair(from, to),
            src: &src[skip..],
            dst,
            ignore: self.ignore,
            translit: self.translit,
            bom_pending: &mut self.bom_pending,
            single_step: self.from == Charset::WcharT || self.to == Charset::WcharT,
            full_first: matches!(
                (self.from, self.to),
                (Charset::Ucs4, Charset::WcharT)
                    | (Charset::WcharT, Charset::Ucs4 | Charset::Ucs4Le)
            ),
        };
        // The BOM is consumed once per conversion state, even when this call then stopped
        // before converting anything: resuming must not read the next U+FEFF as another BOM.
        let mut out = with_decoder(from, to, &mut job);
        out.read += skip;
        out
    }
}

/// The byte order a UTF-16/32 stream's first unit announces, if it is a BOM.
fn bom(first: &[u8]) -> Option<Order> {
    match first {
        [0xFF, 0xFE] | [0xFF, 0xFE, 0, 0] => Some(Order::Le),
        [0xFE, 0xFF] | [0, 0, 0xFE, 0xFF] => Some(Order::Be),
        _ => None,
    }
}

fn done(read: usize, written: usize, result: Result<usize, IconvError>) -> IconvOutcome {
    IconvOutcome {
        read,
        written,
        result,
    }
}

/// One call's buffers and options, handed through the codec dispatch.
struct Job<'a> {
    /// The library's own conversion for this pair's well-formed runs, if it has one.
    fast: Option<fast::Fast>,
    src: &'a [u8],
    dst: &'a mut [u8],
    ignore: bool,
    translit: bool,
    bom_pending: &'a mut bool,
    /// glibc converts to or from `WCHAR_T` (its internal form) in one step, else in two, which
    /// decides the errno of a call that both skipped and transliterated (see `finish`).
    single_step: bool,
    /// glibc's UCS-4 <-> internal loop reports a full output before an incomplete input.
    full_first: bool,
}

/// How the decoding side of a call ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum DecodeEnd {
    /// All input consumed, nothing skipped.
    Clean,
    /// All input consumed, some invalid input skipped (`//IGNORE`).
    Skipped,
    /// Stopped at an incomplete character at the end of the input.
    Incomplete,
    /// Stopped at invalid input.
    Invalid,
}

/// The last substitution the encoding side made: skipped an unmappable character, or wrote `?`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Substitution {
    Skipped,
    Transliterated,
}

/// What `//TRANSLIT` writes for a character the target cannot hold (glibc's C locale
/// fallback; utf8x has no locale and no transliteration table).
const TRANSLIT: u32 = b'?' as u32;

/// The conversion loop for one pair: the core engine under STRICT converts runs of good input;
/// each problem it stops at is settled here by the iconv flags.
fn run<D: ByteDecoder, E: ByteEncoder>(job: &mut Job) -> IconvOutcome {
    let (src, ignore, translit) = (job.src, job.ignore, job.translit);
    let mut read = 0;
    let mut written = 0;
    // A two-step glibc conversion writes the BOM when its encoding step first gets a character;
    // a one-step one (from WCHAR_T) at the start of the first call, whatever the input.
    if *job.bom_pending && (job.single_step || first_char::<D>(src, ignore)) {
        let n = E::units(0xFEFF);
        if job.dst.len() < n {
            return done(0, 0, Err(IconvError::OutputFull));
        }
        E::write(0xFEFF, &mut job.dst[..n]);
        *job.bom_pending = false;
        written = n;
    }
    // Irreversible conversions glibc counts: its last step's `?`s and skips (a one-step
    // conversion's skips of invalid input, too).
    let mut irreversible = 0;
    // The latest of each side's substitutions, and the latest of either (one-step pairs).
    let mut decode_skipped = false;
    let mut encode_last = None;
    let mut last = None;
    // Where glibc's encoding step stands: after the last character it took. A two-step
    // conversion that runs out of output reports this position, so input skipped after the last
    // character written stays unconsumed.
    let mut mark = 0;
    let single_step = job.single_step;
    let end = loop {
        let o = transcode::<D, E>(
            &src[read..],
            Some(&mut job.dst[written..]),
            Policy::Strict,
            job.fast.unwrap_or(ascii_run::<D, E>),
        );
        read += o.read;
        written += o.written;
        if o.read != 0 {
            mark = read;
        }
        let full = done(
            if single_step { read } else { mark },
            written,
            Err(IconvError::OutputFull),
        );
        // glibc checks for output space before looking at each character: the encoding step
        // (every step, in a one-step conversion) reports E2BIG first when less than one
        // character's minimum fits, whatever the character turns out to be.
        let no_room = job.dst.len() - written < E::WIDTH;
        match o.status {
            Status::Ok if decode_skipped => break DecodeEnd::Skipped,
            Status::Ok => break DecodeEnd::Clean,
            Status::OutputFull => {
                return full;
            }
            Status::Truncated
                if single_step && no_room && (job.full_first || src.len() - read >= D::WIDTH) =>
            {
                return full;
            }
            Status::Truncated => break DecodeEnd::Incomplete,
            Status::Invalid if single_step && no_room => return full,
            Status::Invalid if ignore => {
                read += o.error_len;
                irreversible += usize::from(single_step);
                if !D::QUIET_SKIP {
                    decode_skipped = true;
                    last = Some(Substitution::Skipped);
                }
            }
            Status::Invalid => break DecodeEnd::Invalid,
            Status::Unmappable if no_room => {
                return full;
            }
            Status::Unmappable if translit => {
                let n = E::units(TRANSLIT);
                E::write(TRANSLIT, &mut job.dst[written..written + n]);
                written += n;
                read += o.error_len;
                mark = read;
                irreversible += 1;
                encode_last = Some(Substitution::Transliterated);
                last = encode_last;
            }
            Status::Unmappable if ignore => {
                read += o.error_len;
                mark = read;
                irreversible += 1;
                encode_last = Some(Substitution::Skipped);
                last = encode_last;
            }
            Status::Unmappable => {
                return done(read, written, Err(IconvError::Invalid));
            }
            Status::BadArgument | Status::Internal => {
                return done(read, written, Err(IconvError::Invalid));
            }
        }
    };
    let result = finish(end, encode_last, last, single_step, irreversible);
    done(read, written, result)
}

/// True when decoding `src` yields a character before it stops (skipping invalid input when
/// `ignore`): the moment glibc writes the output BOM.
fn first_char<D: Decoder<Unit = u8>>(src: &[u8], ignore: bool) -> bool {
    let mut at = 0;
    while at < src.len() {
        match D::step(&src[at..]) {
            Step::Char { .. } => return true,
            Step::Invalid { len, .. } if ignore => at += len,
            _ => return false,
        }
    }
    false
}

/// The result of a call that ran to the end of its input or stopped at a decoding problem, as
/// glibc reports it. glibc runs two steps (decode to UCS-4, encode from it) unless one side is
/// `WCHAR_T`; each step remembers its latest event (a skip under `//IGNORE` means EILSEQ, a
/// transliteration means success), the encoding step's report wins over the decoding step's, and
/// after a transliteration glibc takes another round over what is left of the input, which
/// reports that rest's problem (incomplete or invalid) or success. One step: the latest event
/// of the whole call decides.
fn finish(
    end: DecodeEnd,
    encode_last: Option<Substitution>,
    last: Option<Substitution>,
    single_step: bool,
    irreversible: usize,
) -> Result<usize, IconvError> {
    let decoded = |end| match end {
        DecodeEnd::Clean => Ok(irreversible),
        DecodeEnd::Skipped | DecodeEnd::Invalid => Err(IconvError::Invalid),
        DecodeEnd::Incomplete => Err(IconvError::Incomplete),
    };
    if single_step {
        return match (end, last) {
            (DecodeEnd::Clean | DecodeEnd::Skipped, Some(Substitution::Skipped)) => {
                Err(IconvError::Invalid)
            }
            (DecodeEnd::Clean | DecodeEnd::Skipped, _) => Ok(irreversible),
            (end, _) => decoded(end),
        };
    }
    match (encode_last, end) {
        (Some(Substitution::Transliterated), DecodeEnd::Skipped) => Ok(irreversible),
        (Some(Substitution::Transliterated), end) => decoded(end),
        (Some(Substitution::Skipped), _) => Err(IconvError::Invalid),
        (None, end) => decoded(end),
    }
}
