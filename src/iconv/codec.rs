//! Byte-stream codecs for iconv: every charset read from and written to plain bytes, at any
//! alignment and in either byte order, built on the core's decoders and encoders so that the
//! rules for what is well-formed are the library's own.

use core::marker::PhantomData;

use crate::codec::decode::{Be, ByteOrder, Decoder, Le, Step, Utf16, Utf32};
use crate::codec::encode::{Encoder, Latin1Out, Utf8Out};
use crate::codec::family::{
    Cesu8Out, Cp1252, Cp1252Out, Form, Mutf8Out, Rfc2279Out, Rules, Wtf8Out,
};
use crate::types::outcome::ErrorKind;

/// Byte order of the 16- and 32-bit units of a byte stream.
pub(crate) trait Endian: ByteOrder {
    /// True for the machine's own order.
    const NATIVE: bool;
    fn get32(b: [u8; 4]) -> u32;
    fn put32(v: u32) -> [u8; 4];
}

impl Endian for Le {
    const NATIVE: bool = cfg!(target_endian = "little");
    #[inline]
    fn get32(b: [u8; 4]) -> u32 {
        u32::from_le_bytes(b)
    }
    #[inline]
    fn put32(v: u32) -> [u8; 4] {
        v.to_le_bytes()
    }
}

impl Endian for Be {
    const NATIVE: bool = cfg!(target_endian = "big");
    #[inline]
    fn get32(b: [u8; 4]) -> u32 {
        u32::from_be_bytes(b)
    }
    #[inline]
    fn put32(v: u32) -> [u8; 4] {
        v.to_be_bytes()
    }
}

/// A decoder over bytes whose characters are at least `WIDTH` bytes, for the ASCII fast path.
pub(crate) trait ByteDecoder: Decoder<Unit = u8> {
    const WIDTH: usize;
    /// glibc skips this decoder's invalid input under `//IGNORE` without reporting EILSEQ
    /// (its byte-swapped UCS-2 does so); mirrored so that iconv users see the same results.
    const QUIET_SKIP: bool = false;
    /// Every ASCII byte is the ASCII character of the same value (modified UTF-8 reads `00` as
    /// ill-formed, so it is not).
    const ASCII_SAME: bool = true;
    /// The ASCII character `unit` (exactly `WIDTH` bytes) stands for, if it is one.
    fn ascii(unit: &[u8]) -> Option<u8>;
}

/// An encoder to bytes; an ASCII character takes `WIDTH` bytes.
pub(crate) trait ByteEncoder: Encoder<Unit = u8> {
    const WIDTH: usize;
    /// Every ASCII character is written as exactly `WIDTH` bytes by `put_ascii` (modified UTF-8
    /// writes U+0000 as two bytes, so it is not).
    const ASCII_SAME: bool = true;
    /// Writes ASCII `b` into `out` (exactly `WIDTH` bytes).
    fn put_ascii(b: u8, out: &mut [u8]);
}

/// Maps a step over `width`-byte units to the same step over bytes; `avail` bytes remain.
fn widen(step: Step, width: usize, avail: usize) -> Step {
    match step {
        Step::Char { cp, len } => Step::Char {
            cp,
            len: len * width,
        },
        Step::Invalid { len, kind } => Step::Invalid {
            len: len * width,
            kind,
        },
        Step::Truncated { .. } => Step::Truncated { len: avail },
    }
}

/// A 16-bit unit as stored in memory, from two stream bytes.
#[inline]
fn unit16(b: &[u8]) -> u16 {
    u16::from_ne_bytes([b[0], b[1]])
}

impl ByteDecoder for crate::codec::decode::Utf8 {
    const WIDTH: usize = 1;
    #[inline]
    fn ascii(unit: &[u8]) -> Option<u8> {
        (unit[0] < 0x80).then_some(unit[0])
    }
}

impl ByteDecoder for crate::codec::decode::Latin1 {
    const WIDTH: usize = 1;
    #[inline]
    fn ascii(unit: &[u8]) -> Option<u8> {
        (unit[0] < 0x80).then_some(unit[0])
    }
}

impl<R: Rules> ByteDecoder for Form<R> {
    const WIDTH: usize = 1;
    const ASCII_SAME: bool = R::NUL;
    #[inline]
    fn ascii(unit: &[u8]) -> Option<u8> {
        (unit[0] < 0x80 && (R::NUL || unit[0] != 0)).then_some(unit[0])
    }
}

impl ByteDecoder for Cp1252 {
    const WIDTH: usize = 1;
    #[inline]
    fn ascii(unit: &[u8]) -> Option<u8> {
        (unit[0] < 0x80).then_some(unit[0])
    }
}

/// US-ASCII input: bytes 80..FF are ill-formed.
pub(crate) struct AsciiIn;

impl Decoder for AsciiIn {
    type Unit = u8;
    const BYTES: bool = false;
    fn value(unit: u8) -> u32 {
        unit as u32
    }
    #[inline]
    fn step(s: &[u8]) -> Step {
        match s[0] {
            b @ 0..=0x7F => Step::Char {
                cp: b as u32,
                len: 1,
            },
            _ => Step::Invalid {
                len: 1,
                kind: ErrorKind::OutOfRange,
            },
        }
    }
}

impl ByteDecoder for AsciiIn {
    const WIDTH: usize = 1;
    #[inline]
    fn ascii(unit: &[u8]) -> Option<u8> {
        (unit[0] < 0x80).then_some(unit[0])
    }
}

/// UTF-16 bytes in order `O`, through the core UTF-16 decoder.
pub(crate) struct Utf16In<O>(PhantomData<O>);

impl<O: Endian> Decoder for Utf16In<O> {
    type Unit = u8;
    const BYTES: bool = false;
    fn value(unit: u8) -> u32 {
        unit as u32
    }
    #[inline]
    fn step(s: &[u8]) -> Step {
        if s.len() < 2 {
            return Step::Truncated { len: s.len() };
        }
        let units = [unit16(s), if s.len() >= 4 { unit16(&s[2..]) } else { 0 }];
        let n = if s.len() >= 4 { 2 } else { 1 };
        widen(<Utf16<O> as Decoder>::step(&units[..n]), 2, s.len())
    }
}

impl<O: Endian> ByteDecoder for Utf16In<O> {
    const WIDTH: usize = 2;
    #[inline]
    fn ascii(unit: &[u8]) -> Option<u8> {
        let v = O::swap(unit16(unit));
        (v < 0x80).then_some(v as u8)
    }
}

/// UCS-2 bytes in order `O`: UTF-16 whose surrogates are all ill-formed.
pub(crate) struct Ucs2In<O>(PhantomData<O>);

impl<O: Endian> Decoder for Ucs2In<O> {
    type Unit = u8;
    const BYTES: bool = false;
    fn value(unit: u8) -> u32 {
        unit as u32
    }
    #[inline]
    fn step(s: &[u8]) -> Step {
        if s.len() < 2 {
            return Step::Truncated { len: s.len() };
        }
        match O::swap(unit16(s)) {
            0xD800..=0xDFFF => Step::Invalid {
                len: 2,
                kind: ErrorKind::LoneSurrogate,
            },
            v => Step::Char {
                cp: v as u32,
                len: 2,
            },
        }
    }
}

impl<O: Endian> ByteDecoder for Ucs2In<O> {
    const WIDTH: usize = 2;
    const QUIET_SKIP: bool = !O::NATIVE;
    #[inline]
    fn ascii(unit: &[u8]) -> Option<u8> {
        Utf16In::<O>::ascii(unit)
    }
}

/// UTF-32 (and UCS-4) bytes in order `O`, through the core UTF-32 decoder: scalar values only.
pub(crate) struct Utf32In<O>(PhantomData<O>);

impl<O: Endian> Utf32In<O> {
    #[inline]
    fn get(s: &[u8]) -> u32 {
        O::get32([s[0], s[1], s[2], s[3]])
    }
}

impl<O: Endian> Decoder for Utf32In<O> {
    type Unit = u8;
    const BYTES: bool = false;
    fn value(unit: u8) -> u32 {
        unit as u32
    }
    #[inline]
    fn step(s: &[u8]) -> Step {
        if s.len() < 4 {
            return Step::Truncated { len: s.len() };
        }
        widen(<Utf32 as Decoder>::step(&[Self::get(s)]), 4, s.len())
    }
}

impl<O: Endian> ByteDecoder for Utf32In<O> {
    const WIDTH: usize = 4;
    #[inline]
    fn ascii(unit: &[u8]) -> Option<u8> {
        let v = Self::get(unit);
        (v < 0x80).then_some(v as u8)
    }
}

impl ByteEncoder for Utf8Out {
    const WIDTH: usize = 1;
    #[inline]
    fn put_ascii(b: u8, out: &mut [u8]) {
        out[0] = b;
    }
}

impl ByteEncoder for Latin1Out {
    const WIDTH: usize = 1;
    #[inline]
    fn put_ascii(b: u8, out: &mut [u8]) {
        out[0] = b;
    }
}

/// The byte forms of the UTF-8 family and Windows-1252 write ASCII as itself.
macro_rules! byte_encoder {
    ($($t:ty),*) => {$(
        impl ByteEncoder for $t {
            const WIDTH: usize = 1;
            #[inline]
            fn put_ascii(b: u8, out: &mut [u8]) {
                out[0] = b;
            }
        }
    )*};
}

byte_encoder!(Cesu8Out, Wtf8Out, Rfc2279Out, Cp1252Out);

impl ByteEncoder for Mutf8Out {
    const WIDTH: usize = 1;
    const ASCII_SAME: bool = false;
    #[inline]
    fn put_ascii(b: u8, out: &mut [u8]) {
        out[0] = b;
    }
}

/// US-ASCII output: U+0000..U+007F only.
pub(crate) struct AsciiOut;

impl Encoder for AsciiOut {
    type Unit = u8;
    const REPLACEMENT: u32 = b'?' as u32;
    const ESCAPES: bool = false;
    #[inline]
    fn units(cp: u32) -> usize {
        usize::from(cp < 0x80)
    }
    #[inline]
    fn write(cp: u32, out: &mut [u8]) {
        out[0] = cp as u8;
    }
    fn raw(v: u32) -> u8 {
        v as u8
    }
}

impl ByteEncoder for AsciiOut {
    const WIDTH: usize = 1;
    #[inline]
    fn put_ascii(b: u8, out: &mut [u8]) {
        out[0] = b;
    }
}

/// UTF-16 bytes in order `O` (`UCS2` = true: only the BMP, so U+10000 and up are unmappable).
pub(crate) struct Utf16Out<O, const UCS2: bool>(PhantomData<O>);

impl<O: Endian, const UCS2: bool> Encoder for Utf16Out<O, UCS2> {
    type Unit = u8;
    const REPLACEMENT: u32 = 0xFFFD;
    const ESCAPES: bool = false;
    #[inline]
    fn units(cp: u32) -> usize {
        // Lone surrogates and values above U+10FFFF come only from the forms that hold them
        // (WTF-8, modified UTF-8, RFC 2279); UTF-16 output holds neither.
        match (cp, UCS2) {
            (0xD800..=0xDFFF | 0x110000.., _) => 0,
            (..0x10000, _) => 2,
            (_, false) => 4,
            (_, true) => 0,
        }
    }
    #[inline]
    fn write(cp: u32, out: &mut [u8]) {
        let mut units = [0u16; 2];
        let n = out.len() / 2;
        <Utf16<O> as Encoder>::write(cp, &mut units[..n]);
        for (pair, unit) in out.chunks_exact_mut(2).zip(units) {
            pair.copy_from_slice(&unit.to_ne_bytes());
        }
    }
    fn raw(v: u32) -> u8 {
        v as u8
    }
}

impl<O: Endian, const UCS2: bool> ByteEncoder for Utf16Out<O, UCS2> {
    const WIDTH: usize = 2;
    #[inline]
    fn put_ascii(b: u8, out: &mut [u8]) {
        out[..2].copy_from_slice(&O::swap(b as u16).to_ne_bytes());
    }
}

/// UTF-32 (and UCS-4) bytes in order `O`.
pub(crate) struct Utf32Out<O>(PhantomData<O>);

impl<O: Endian> Encoder for Utf32Out<O> {
    type Unit = u8;
    const REPLACEMENT: u32 = 0xFFFD;
    const ESCAPES: bool = false;
    #[inline]
    fn units(cp: u32) -> usize {
        // Scalar values only, as for UTF-16 output.
        if matches!(cp, 0xD800..=0xDFFF | 0x110000..) {
            0
        } else {
            4
        }
    }
    #[inline]
    fn write(cp: u32, out: &mut [u8]) {
        out.copy_from_slice(&O::put32(cp));
    }
    fn raw(v: u32) -> u8 {
        v as u8
    }
}

impl<O: Endian> ByteEncoder for Utf32Out<O> {
    const WIDTH: usize = 4;
    #[inline]
    fn put_ascii(b: u8, out: &mut [u8]) {
        out[..4].copy_from_slice(&O::put32(b as u32));
    }
}

/// The byte-stream decoder for a core decoder of the routing table's forms: the decoders of
/// byte units read streams as they are, the 16- and 32-bit ones through the types above.
pub(crate) trait StreamIn {
    type In: ByteDecoder;
}

/// The byte-stream encoder for a core encoder of the routing table's forms.
pub(crate) trait StreamOut {
    type Out: ByteEncoder;
}

/// The codecs of byte units, which are their own byte-stream codecs.
macro_rules! streams_as_is {
    (in: $($d:ty),*; out: $($e:ty),*) => {
        $(impl StreamIn for $d {
            type In = Self;
        })*
        $(impl StreamOut for $e {
            type Out = Self;
        })*
    };
}

streams_as_is! {
    in: crate::codec::decode::Utf8, crate::codec::decode::Latin1, Cp1252;
    out: Utf8Out, Latin1Out, Cesu8Out, Mutf8Out, Wtf8Out, Rfc2279Out, Cp1252Out
}

impl<R: Rules> StreamIn for Form<R> {
    type In = Self;
}

impl<O: Endian> StreamIn for Utf16<O> {
    type In = Utf16In<O>;
}

impl<O: Endian> StreamOut for Utf16<O> {
    type Out = Utf16Out<O, false>;
}

impl<O: Endian> StreamIn for Utf32<O> {
    type In = Utf32In<O>;
}

impl<O: Endian> StreamOut for crate::codec::encode::Utf32Out<O> {
    type Out = Utf32Out<O>;
}

/// The fast path for the engine: converts the leading run of ASCII characters that fits.
pub(crate) fn ascii_run<D: ByteDecoder, E: ByteEncoder>(
    src: &[u8],
    dst: Option<&mut [u8]>,
) -> (usize, usize) {
    let Some(dst) = dst else {
        return (0, 0);
    };
    if D::WIDTH == 1 && E::WIDTH == 1 && D::ASCII_SAME && E::ASCII_SAME {
        // Both sides map ASCII to itself: a word-at-a-time scan and a copy.
        let n = crate::codec::ascii::ascii_len(&src[..src.len().min(dst.len())]);
        dst[..n].copy_from_slice(&src[..n]);
        return (n, n);
    }
    let mut n = 0;
    for (unit, out) in src
        .chunks_exact(D::WIDTH)
        .zip(dst.chunks_exact_mut(E::WIDTH))
    {
        let Some(b) = D::ascii(unit) else { break };
        if !E::ASCII_SAME && E::units(u32::from(b)) != E::WIDTH {
            break;
        }
        E::put_ascii(b, out);
        n += 1;
    }
    (n * D::WIDTH, n * E::WIDTH)
}
