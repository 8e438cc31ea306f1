//! Scalar decoders: one character (or one maximal ill-formed subpart) at a time. These are the
//! reference semantics; every fast path must agree with them exactly.

pub(crate) use super::step::{
    Bounded, Decoder, Step, combine_surrogates, invalid, is_continuation,
};
use crate::types::encoding::Encoding;
use crate::types::outcome::ErrorKind;

impl Bounded for Utf8 {
    const MAX: usize = 4;
}

impl<O: ByteOrder, const LONE: bool> Bounded for Utf16<O, LONE> {
    const MAX: usize = 2;
}

impl<O: ByteOrder, const UCS4: bool> Bounded for Utf32<O, UCS4> {
    const MAX: usize = 1;
}

impl Bounded for Latin1 {
    const MAX: usize = 1;
}

/// UTF-8, RFC 3629.
pub(crate) struct Utf8;

impl Decoder for Utf8 {
    type Unit = u8;
    const BYTES: bool = true;
    const FORM: Option<Encoding> = Some(Encoding::Utf8);

    #[inline]
    fn value(unit: u8) -> u32 {
        unit as u32
    }

    #[inline]
    fn step(s: &[u8]) -> Step {
        utf8_step(s)
    }
}

/// Decodes one UTF-8 character or maximal subpart at `s[0]` (Unicode ch. 3, table 3-7): the
/// family's rule-driven decoder with the rules of RFC 3629, which compile to the plain table.
#[inline]
pub(crate) fn utf8_step(s: &[u8]) -> Step {
    crate::codec::family::step::<crate::codec::family::Utf8Rules>(s)
}

/// The byte order of UTF-16 code units in memory.
pub trait ByteOrder: 'static {
    /// Converts a unit as stored in memory to its value (and back: the swap is an involution).
    fn swap(unit: u16) -> u16;
    /// The same for a 32-bit unit.
    fn swap32(unit: u32) -> u32;
    /// True when units in this order must be byte-swapped on this machine.
    const SWAPPED: bool;
}

/// Little-endian UTF-16 units.
pub struct Le;
/// Big-endian UTF-16 units.
pub struct Be;

impl ByteOrder for Le {
    #[inline]
    fn swap(unit: u16) -> u16 {
        u16::from_le(unit)
    }
    #[inline]
    fn swap32(unit: u32) -> u32 {
        u32::from_le(unit)
    }
    const SWAPPED: bool = cfg!(target_endian = "big");
}

impl ByteOrder for Be {
    #[inline]
    fn swap(unit: u16) -> u16 {
        u16::from_be(unit)
    }
    #[inline]
    fn swap32(unit: u32) -> u32 {
        u32::from_be(unit)
    }
    const SWAPPED: bool = cfg!(target_endian = "little");
}

/// The machine's own UTF-16 byte order.
#[cfg(target_endian = "little")]
pub type Native = Le;
/// The machine's own UTF-16 byte order.
#[cfg(target_endian = "big")]
pub type Native = Be;

/// UTF-16 in byte order `O`. With `LONE`, every input is well-formed: an unpaired surrogate is
/// a character of its own (what WTF-8 and modified UTF-8 targets can hold), and a high surrogate
/// at the very end stays "truncated" until the end of the input is known.
pub(crate) struct Utf16<O, const LONE: bool = false>(core::marker::PhantomData<O>);

/// The [`Encoding`] of UTF-16 in byte order `O`.
pub(crate) const fn utf16_form<O: ByteOrder>() -> Encoding {
    if O::SWAPPED == cfg!(target_endian = "little") {
        Encoding::Utf16Be
    } else {
        Encoding::Utf16Le
    }
}

impl<O: ByteOrder, const LONE: bool> Decoder for Utf16<O, LONE> {
    type Unit = u16;
    const BYTES: bool = false;
    const FORM: Option<Encoding> = Some(utf16_form::<O>());

    #[inline]
    fn value(unit: u16) -> u32 {
        O::swap(unit) as u32
    }

    #[inline]
    fn step(s: &[u16]) -> Step {
        let u = O::swap(s[0]) as u32;
        if !(0xD800..=0xDFFF).contains(&u) {
            return Step::Char { cp: u, len: 1 };
        }
        let lone = if LONE {
            Step::Char { cp: u, len: 1 }
        } else {
            invalid(1, ErrorKind::LoneSurrogate)
        };
        if u >= 0xDC00 {
            return lone;
        }
        match s.get(1).map(|&v| O::swap(v) as u32) {
            None => Step::Truncated { len: 1 },
            Some(lo @ 0xDC00..=0xDFFF) => Step::Char {
                cp: combine_surrogates(u, lo),
                len: 2,
            },
            Some(_) => lone,
        }
    }

    #[inline]
    fn at_end(s: &[u16]) -> Option<Step> {
        LONE.then(|| Step::Char {
            cp: O::swap(s[0]) as u32,
            len: 1,
        })
    }
}

/// UTF-32 in byte order `O`. With `UCS4` (used when the target is RFC 2279, the one form that
/// holds them) values up to 0x7FFFFFFF are characters too.
pub(crate) struct Utf32<O = Native, const UCS4: bool = false>(core::marker::PhantomData<O>);

/// The [`Encoding`] of UTF-32 in byte order `O`.
pub(crate) const fn utf32_form<O: ByteOrder>() -> Encoding {
    if !O::SWAPPED {
        Encoding::Utf32
    } else if cfg!(target_endian = "little") {
        Encoding::Utf32Be
    } else {
        Encoding::Utf32Le
    }
}

impl<O: ByteOrder, const UCS4: bool> Decoder for Utf32<O, UCS4> {
    type Unit = u32;
    const BYTES: bool = false;
    const FORM: Option<Encoding> = Some(utf32_form::<O>());

    #[inline]
    fn value(unit: u32) -> u32 {
        O::swap32(unit)
    }

    #[inline]
    fn step(s: &[u32]) -> Step {
        match O::swap32(s[0]) {
            cp @ (0..=0xD7FF | 0xE000..=0x10FFFF) => Step::Char { cp, len: 1 },
            0xD800..=0xDFFF => invalid(1, ErrorKind::Surrogate),
            cp @ 0x110000..=0x7FFF_FFFF if UCS4 => Step::Char { cp, len: 1 },
            _ => invalid(1, ErrorKind::OutOfRange),
        }
    }
}

/// ISO-8859-1: every byte is the code point of the same value; never ill-formed.
pub(crate) struct Latin1;

impl Decoder for Latin1 {
    type Unit = u8;
    const BYTES: bool = false;
    const FORM: Option<Encoding> = Some(Encoding::Latin1);

    #[inline]
    fn value(unit: u8) -> u32 {
        unit as u32
    }

    #[inline]
    fn step(s: &[u8]) -> Step {
        Step::Char {
            cp: s[0] as u32,
            len: 1,
        }
    }
}
