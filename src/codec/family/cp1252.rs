//! Windows-1252 as the WHATWG Encoding Standard defines it: ISO-8859-1 except for `80`..`9F`,
//! where 27 bytes are typographic characters and the five that Windows leaves undefined
//! (`81 8D 8F 90 9D`) are the C1 controls of the same value.

use crate::codec::encode::Encoder;
use crate::codec::step::{Bounded, Decoder, Step};
use crate::types::encoding::Encoding;

/// The characters of bytes `80`..`9F`.
const HIGH: [u16; 32] = [
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, // 80..87
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F, // 88..8F
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, // 90..97
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178, // 98..9F
];

/// The character of Windows-1252 byte `b`.
#[inline]
pub(crate) const fn cp1252_char(b: u8) -> u32 {
    match b {
        0x80..=0x9F => HIGH[(b - 0x80) as usize] as u32,
        _ => b as u32,
    }
}

/// The Windows-1252 byte of character `cp`, if it has one.
#[inline]
fn cp1252_byte(cp: u32) -> Option<u8> {
    match cp {
        0..=0x7F | 0xA0..=0xFF => Some(cp as u8),
        _ => HIGH
            .iter()
            .position(|&c| c as u32 == cp)
            .map(|i| 0x80 + i as u8),
    }
}

/// Windows-1252 input: never ill-formed.
pub(crate) struct Cp1252;

impl Bounded for Cp1252 {
    const MAX: usize = 1;
}

impl Decoder for Cp1252 {
    type Unit = u8;
    const BYTES: bool = false;
    const FORM: Option<Encoding> = Some(Encoding::Cp1252);

    #[inline]
    fn value(unit: u8) -> u32 {
        unit as u32
    }

    #[inline]
    fn step(s: &[u8]) -> Step {
        Step::Char {
            cp: cp1252_char(s[0]),
            len: 1,
        }
    }
}

/// Windows-1252 output: characters outside the index are unmappable.
pub(crate) struct Cp1252Out;

impl Encoder for Cp1252Out {
    type Unit = u8;
    const REPLACEMENT: u32 = b'?' as u32;
    const ESCAPES: bool = false;
    const FORM: Option<Encoding> = Some(Encoding::Cp1252);

    #[inline]
    fn units(cp: u32) -> usize {
        usize::from(cp1252_byte(cp).is_some())
    }

    #[inline]
    fn write(cp: u32, out: &mut [u8]) {
        out[0] = cp1252_byte(cp).unwrap_or(b'?');
    }

    #[inline]
    fn raw(v: u32) -> u8 {
        v as u8
    }
}
