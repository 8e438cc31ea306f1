//! Scalar encoders: how many units a code point needs in each target, and how to write them.

use crate::codec::decode::{ByteOrder, Native, Utf16, utf16_form, utf32_form};
use crate::types::encoding::Encoding;

/// An output encoding.
pub(crate) trait Encoder {
    type Unit: Copy;
    /// What REPLACE writes: U+FFFD, or `?` where U+FFFD cannot be held.
    const REPLACEMENT: u32;
    /// Whether ESCAPE can be honoured (the target holds lone surrogates or raw bytes).
    const ESCAPES: bool;
    /// Units needed for the scalar value `cp`; 0 when the target cannot hold it.
    fn units(cp: u32) -> usize;
    /// Writes `cp` into `out`, which is exactly `units(cp)` long.
    fn write(cp: u32, out: &mut [Self::Unit]);
    /// A single unit holding `v` as is: ASCII, an escape surrogate, or an escaped byte.
    fn raw(v: u32) -> Self::Unit;
    /// The encoding this encoder writes, for choosing a fast path (`None`: no fast path).
    const FORM: Option<Encoding> = None;
    /// Units ESCAPE writes for the escape `v` (U+DC00 + a bad byte). By default one raw unit:
    /// the byte itself in byte targets, the lone surrogate in UTF-16/UTF-32.
    #[inline]
    fn escape_units(_v: u32) -> usize {
        1
    }
    /// Writes the escape `v` into `out`, exactly `escape_units(v)` long.
    #[inline]
    fn write_escape(v: u32, out: &mut [Self::Unit]) {
        out[0] = Self::raw(v);
    }
}

/// UTF-8 output.
pub(crate) struct Utf8Out;

/// Bytes the UTF-8 pattern of `cp` takes (4 for anything from U+10000; callers bound the range).
#[inline]
pub(crate) const fn utf8_len(cp: u32) -> usize {
    match cp {
        0..=0x7F => 1,
        0x80..=0x7FF => 2,
        0x800..=0xFFFF => 3,
        _ => 4,
    }
}

/// Writes `cp` with the UTF-8 bit pattern of `out.len()` bytes (1 to 4). Surrogates are written
/// like any other 16-bit value, which is what WTF-8 and modified UTF-8 need.
#[inline]
pub(crate) fn write_utf8(cp: u32, out: &mut [u8]) {
    match out {
        [a] => *a = cp as u8,
        [a, b] => {
            *a = 0xC0 | (cp >> 6) as u8;
            *b = 0x80 | (cp & 0x3F) as u8;
        }
        [a, b, c] => {
            *a = 0xE0 | (cp >> 12) as u8;
            *b = 0x80 | ((cp >> 6) & 0x3F) as u8;
            *c = 0x80 | (cp & 0x3F) as u8;
        }
        [a, b, c, d] => {
            *a = 0xF0 | (cp >> 18) as u8;
            *b = 0x80 | ((cp >> 12) & 0x3F) as u8;
            *c = 0x80 | ((cp >> 6) & 0x3F) as u8;
            *d = 0x80 | (cp & 0x3F) as u8;
        }
        _ => {}
    }
}

impl Encoder for Utf8Out {
    type Unit = u8;
    const REPLACEMENT: u32 = 0xFFFD;
    const ESCAPES: bool = true;
    const FORM: Option<Encoding> = Some(Encoding::Utf8);

    /// Surrogates (from WTF-8, modified UTF-8 or lenient UTF-16) and values above U+10FFFF
    /// (from RFC 2279) are not characters of UTF-8.
    #[inline]
    fn units(cp: u32) -> usize {
        match cp {
            0xD800..=0xDFFF | 0x110000.. => 0,
            _ => utf8_len(cp),
        }
    }

    #[inline]
    fn write(cp: u32, out: &mut [u8]) {
        write_utf8(cp, out);
    }

    #[inline]
    fn raw(v: u32) -> u8 {
        v as u8
    }
}

impl<O: ByteOrder> Encoder for Utf16<O> {
    type Unit = u16;
    const REPLACEMENT: u32 = 0xFFFD;
    const ESCAPES: bool = true;
    const FORM: Option<Encoding> = Some(utf16_form::<O>());

    /// A lone surrogate takes one unit (UTF-16 strings may hold them); values above U+10FFFF
    /// have no UTF-16 form.
    #[inline]
    fn units(cp: u32) -> usize {
        match cp {
            0..=0xFFFF => 1,
            0x10000..=0x10FFFF => 2,
            _ => 0,
        }
    }

    #[inline]
    fn write(cp: u32, out: &mut [u16]) {
        match out {
            [a] => *a = O::swap(cp as u16),
            [hi, lo] => {
                let v = cp - 0x10000;
                *hi = O::swap(0xD800 | (v >> 10) as u16);
                *lo = O::swap(0xDC00 | (v & 0x3FF) as u16);
            }
            _ => {}
        }
    }

    #[inline]
    fn raw(v: u32) -> u16 {
        O::swap(v as u16)
    }
}

/// UTF-32 output in byte order `O`. It holds every value up to 0x7FFFFFFF (UCS-4, for RFC 2279
/// sources) but no surrogates.
pub(crate) struct Utf32Out<O = Native>(core::marker::PhantomData<O>);

impl<O: ByteOrder> Encoder for Utf32Out<O> {
    type Unit = u32;
    const REPLACEMENT: u32 = 0xFFFD;
    const ESCAPES: bool = true;
    const FORM: Option<Encoding> = Some(utf32_form::<O>());

    #[inline]
    fn units(cp: u32) -> usize {
        usize::from(!matches!(cp, 0xD800..=0xDFFF | 0x8000_0000..))
    }

    #[inline]
    fn write(cp: u32, out: &mut [u32]) {
        out[0] = O::swap32(cp);
    }

    #[inline]
    fn raw(v: u32) -> u32 {
        O::swap32(v)
    }
}

/// ISO-8859-1 output: U+0000..U+00FF only.
pub(crate) struct Latin1Out;

impl Encoder for Latin1Out {
    type Unit = u8;
    const REPLACEMENT: u32 = b'?' as u32;
    const ESCAPES: bool = false;
    const FORM: Option<Encoding> = Some(Encoding::Latin1);

    #[inline]
    fn units(cp: u32) -> usize {
        usize::from(cp <= 0xFF)
    }

    #[inline]
    fn write(cp: u32, out: &mut [u8]) {
        out[0] = cp as u8;
    }

    #[inline]
    fn raw(v: u32) -> u8 {
        v as u8
    }
}
