//! Encoders for the byte forms of the UTF-8 family: how many bytes a character takes in each,
//! and which characters a form cannot hold (those get 0 and are unmappable).

use crate::codec::encode::{Encoder, utf8_len, write_utf8};
use crate::types::encoding::Encoding;

const fn is_surrogate(cp: u32) -> bool {
    matches!(cp, 0xD800..=0xDFFF)
}

/// Writes the 3-byte sequence of the 16-bit value `v` (a BMP character or a surrogate).
#[inline]
fn write3(v: u32, out: &mut [u8]) {
    out[0] = 0xE0 | (v >> 12) as u8;
    out[1] = 0x80 | ((v >> 6) & 0x3F) as u8;
    out[2] = 0x80 | (v & 0x3F) as u8;
}

/// Writes a supplementary character as its two surrogates, 3 bytes each (CESU-8, modified UTF-8).
#[inline]
fn write_pair(cp: u32, out: &mut [u8]) {
    let v = cp - 0x10000;
    write3(0xD800 | (v >> 10), &mut out[..3]);
    write3(0xDC00 | (v & 0x3FF), &mut out[3..6]);
}

/// The ESCAPE methods of a form that holds lone surrogates as characters: the escape of a bad
/// byte (U+DC80..U+DCFF) is written as that surrogate's 3-byte sequence rather than a raw byte,
/// so the output stays well-formed in the form and decodes back to the same escape.
macro_rules! escapes_as_lone_surrogates {
    () => {
        #[inline]
        fn escape_units(_v: u32) -> usize {
            3
        }

        #[inline]
        fn write_escape(v: u32, out: &mut [u8]) {
            write3(v, out);
        }
    };
}

/// CESU-8 output: supplementary characters as surrogate pairs; no lone surrogates.
pub(crate) struct Cesu8Out;

impl Encoder for Cesu8Out {
    type Unit = u8;
    const REPLACEMENT: u32 = 0xFFFD;
    const ESCAPES: bool = true;
    const FORM: Option<Encoding> = Some(Encoding::Cesu8);

    #[inline]
    fn units(cp: u32) -> usize {
        match cp {
            _ if is_surrogate(cp) => 0,
            0..=0xFFFF => utf8_len(cp),
            0x10000..=0x10FFFF => 6,
            _ => 0,
        }
    }

    #[inline]
    fn write(cp: u32, out: &mut [u8]) {
        if out.len() == 6 {
            write_pair(cp, out);
        } else {
            write_utf8(cp, out);
        }
    }

    #[inline]
    fn raw(v: u32) -> u8 {
        v as u8
    }
}

/// Modified UTF-8 output: U+0000 as `C0 80`, every UTF-16 unit on its own.
pub(crate) struct Mutf8Out;

impl Encoder for Mutf8Out {
    type Unit = u8;
    const REPLACEMENT: u32 = 0xFFFD;
    const ESCAPES: bool = true;
    const FORM: Option<Encoding> = Some(Encoding::Mutf8);

    #[inline]
    fn units(cp: u32) -> usize {
        match cp {
            0 => 2,
            1..=0xFFFF => utf8_len(cp),
            0x10000..=0x10FFFF => 6,
            _ => 0,
        }
    }

    #[inline]
    fn write(cp: u32, out: &mut [u8]) {
        match out.len() {
            6 => write_pair(cp, out),
            3 => write3(cp, out),
            _ if cp == 0 => out.copy_from_slice(&[0xC0, 0x80]),
            _ => write_utf8(cp, out),
        }
    }

    #[inline]
    fn raw(v: u32) -> u8 {
        v as u8
    }

    escapes_as_lone_surrogates!();
}

/// WTF-8 output: UTF-8 plus lone surrogates.
pub(crate) struct Wtf8Out;

impl Encoder for Wtf8Out {
    type Unit = u8;
    const REPLACEMENT: u32 = 0xFFFD;
    const ESCAPES: bool = true;
    const FORM: Option<Encoding> = Some(Encoding::Wtf8);

    #[inline]
    fn units(cp: u32) -> usize {
        match cp {
            0..=0x10FFFF => utf8_len(cp),
            _ => 0,
        }
    }

    #[inline]
    fn write(cp: u32, out: &mut [u8]) {
        if out.len() == 3 {
            write3(cp, out);
        } else {
            write_utf8(cp, out);
        }
    }

    #[inline]
    fn raw(v: u32) -> u8 {
        v as u8
    }

    escapes_as_lone_surrogates!();
}

/// RFC 2279 output: 1 to 6 bytes for any value up to 0x7FFFFFFF except surrogates.
pub(crate) struct Rfc2279Out;

impl Encoder for Rfc2279Out {
    type Unit = u8;
    const REPLACEMENT: u32 = 0xFFFD;
    const ESCAPES: bool = true;
    const FORM: Option<Encoding> = Some(Encoding::Rfc2279);

    #[inline]
    fn units(cp: u32) -> usize {
        match cp {
            _ if is_surrogate(cp) => 0,
            0..=0x1F_FFFF => utf8_len(cp),
            0x20_0000..=0x3FF_FFFF => 5,
            0x400_0000..=0x7FFF_FFFF => 6,
            _ => 0,
        }
    }

    #[inline]
    fn write(cp: u32, out: &mut [u8]) {
        let n = out.len();
        if n <= 3 || cp <= 0x10FFFF {
            return write_utf8(cp, out);
        }
        // Lead: n high bits set, then a 0; each continuation byte carries 6 bits.
        let lead_mark = !(0xFFu8 >> n);
        out[0] = lead_mark | (cp >> (6 * (n - 1))) as u8;
        for (i, b) in out.iter_mut().enumerate().skip(1) {
            *b = 0x80 | ((cp >> (6 * (n - 1 - i))) & 0x3F) as u8;
        }
    }

    #[inline]
    fn raw(v: u32) -> u8 {
        v as u8
    }
}
