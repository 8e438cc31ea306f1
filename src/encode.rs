//! Scalar encoders: how many units a code point needs in each target, and how to write them.

use crate::decode::{ByteOrder, Utf16};

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
}

/// UTF-8 output.
pub(crate) struct Utf8Out;

/// Bytes needed to encode the scalar value `cp` in UTF-8.
#[inline]
pub(crate) const fn utf8_len(cp: u32) -> usize {
    match cp {
        0..=0x7F => 1,
        0x80..=0x7FF => 2,
        0x800..=0xFFFF => 3,
        _ => 4,
    }
}

impl Encoder for Utf8Out {
    type Unit = u8;
    const REPLACEMENT: u32 = 0xFFFD;
    const ESCAPES: bool = true;

    #[inline]
    fn units(cp: u32) -> usize {
        utf8_len(cp)
    }

    #[inline]
    fn write(cp: u32, out: &mut [u8]) {
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

    #[inline]
    fn raw(v: u32) -> u8 {
        v as u8
    }
}

impl<O: ByteOrder> Encoder for Utf16<O> {
    type Unit = u16;
    const REPLACEMENT: u32 = 0xFFFD;
    const ESCAPES: bool = true;

    #[inline]
    fn units(cp: u32) -> usize {
        if cp < 0x10000 { 1 } else { 2 }
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

/// UTF-32 output in native byte order.
pub(crate) struct Utf32Out;

impl Encoder for Utf32Out {
    type Unit = u32;
    const REPLACEMENT: u32 = 0xFFFD;
    const ESCAPES: bool = true;

    #[inline]
    fn units(_cp: u32) -> usize {
        1
    }

    #[inline]
    fn write(cp: u32, out: &mut [u32]) {
        out[0] = cp;
    }

    #[inline]
    fn raw(v: u32) -> u32 {
        v
    }
}

/// ISO-8859-1 output: U+0000..U+00FF only.
pub(crate) struct Latin1Out;

impl Encoder for Latin1Out {
    type Unit = u8;
    const REPLACEMENT: u32 = b'?' as u32;
    const ESCAPES: bool = false;

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
