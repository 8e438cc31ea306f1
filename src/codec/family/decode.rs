//! One decoder for the byte forms of the UTF-8 family, driven by each form's rules.
//!
//! The grammar is Unicode's table 3-7 for UTF-8 with these departures:
//! - CESU-8 and modified UTF-8 have no 4-byte sequences: a supplementary character is its two
//!   UTF-16 surrogates, 3 bytes each, high first (`ED A0..AF xx ED B0..BF xx`).
//! - Modified UTF-8 writes U+0000 as `C0 80`, so a raw `00` is ill-formed; it encodes every UTF-16
//!   unit on its own, so a lone surrogate is a character.
//! - WTF-8 is UTF-8 plus lone surrogates; a high surrogate directly followed by a low one is
//!   ill-formed, since that pair has one 4-byte form. The high half is the ill-formed subpart
//!   (3 bytes); the low half after it is then a lone surrogate like any other. Were the pair
//!   one 6-byte subpart, a conversion stopped between its halves for want of output room and
//!   resumed at the low half would read a well-formed lone surrogate there, and so write other
//!   output than one call; with the high half alone, every subpart of every form is a first
//!   byte and continuation bytes, and a byte-by-byte replacement can stop after any byte.
//! - RFC 2279 has 5- and 6-byte sequences and values up to 0x7FFFFFFF (shortest form only, no
//!   surrogates).
//!
//! Maximal subparts follow Unicode's definition for each form: the longest prefix of a
//! well-formed sequence, else one byte. A surrogate pair counts as two 3-byte halves: a high half
//! that no low half follows is a 3-byte subpart on its own, so a byte that starts a valid
//! character after it is never swallowed.

use core::marker::PhantomData;

use crate::codec::step::{Bounded, Decoder, Step, combine_surrogates, invalid, is_continuation};
use crate::types::encoding::Encoding;
use crate::types::outcome::ErrorKind;

/// How a form treats surrogate code points.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Surrogates {
    /// Never (UTF-8, RFC 2279): `ED A0..BF` is ill-formed.
    None,
    /// Only as a high-low pair, which is one supplementary character (CESU-8).
    Paired,
    /// Pairs are one character, unpaired halves are characters too (modified UTF-8).
    Any,
    /// Unpaired halves only; a pair is ill-formed (WTF-8).
    Lone,
}

/// The rules of one form.
pub(crate) trait Rules: 'static {
    const FORM: Encoding;
    /// A raw `00` byte is U+0000 (else ill-formed).
    const NUL: bool = true;
    /// `C0 80` is U+0000.
    const C0_80: bool = false;
    /// 4-byte sequences exist.
    const FOUR: bool = true;
    /// 5- and 6-byte sequences and 4-byte values above U+10FFFF exist.
    const LONG: bool = false;
    const SURROGATES: Surrogates;
}

/// A decoder for the form whose rules are `R`.
pub(crate) struct Form<R>(PhantomData<R>);

pub(crate) struct Utf8Rules;
pub(crate) struct CesuRules;
pub(crate) struct MutfRules;
pub(crate) struct WtfRules;
pub(crate) struct RfcRules;

/// RFC 3629 itself: what every other form departs from.
impl Rules for Utf8Rules {
    const FORM: Encoding = Encoding::Utf8;
    const SURROGATES: Surrogates = Surrogates::None;
}

impl Rules for CesuRules {
    const FORM: Encoding = Encoding::Cesu8;
    const FOUR: bool = false;
    const SURROGATES: Surrogates = Surrogates::Paired;
}

impl Rules for MutfRules {
    const FORM: Encoding = Encoding::Mutf8;
    const NUL: bool = false;
    const C0_80: bool = true;
    const FOUR: bool = false;
    const SURROGATES: Surrogates = Surrogates::Any;
}

impl Rules for WtfRules {
    const FORM: Encoding = Encoding::Wtf8;
    const SURROGATES: Surrogates = Surrogates::Lone;
}

impl Rules for RfcRules {
    const FORM: Encoding = Encoding::Rfc2279;
    const LONG: bool = true;
    const SURROGATES: Surrogates = Surrogates::None;
}

/// CESU-8 (Unicode TR #26).
pub(crate) type Cesu8 = Form<CesuRules>;
/// Java's modified UTF-8.
pub(crate) type Mutf8 = Form<MutfRules>;
/// WTF-8.
pub(crate) type Wtf8 = Form<WtfRules>;
/// RFC 2279 UTF-8 (1 to 6 bytes, 31-bit values).
pub(crate) type Rfc2279 = Form<RfcRules>;

/// The family forms decide a surrogate pair (two 3-byte halves) or a 6-byte RFC 2279 sequence.
impl<R: Rules> Bounded for Form<R> {
    const MAX: usize = 6;
}

impl<R: Rules> Decoder for Form<R> {
    type Unit = u8;
    const BYTES: bool = true;
    const FORM: Option<Encoding> = Some(R::FORM);

    #[inline]
    fn value(unit: u8) -> u32 {
        unit as u32
    }

    #[inline]
    fn step(s: &[u8]) -> Step {
        step::<R>(s)
    }

    #[inline]
    fn at_end(s: &[u8]) -> Option<Step> {
        // Only a complete high surrogate waits for what follows it; at the end it stands alone
        // where the form allows lone surrogates.
        let lone = matches!(R::SURROGATES, Surrogates::Any | Surrogates::Lone);
        match high_surrogate(s) {
            Some(cp) if lone => Some(Step::Char { cp, len: 3 }),
            _ => None,
        }
    }
}

/// The high surrogate whose complete 3-byte sequence starts `s`, if it does.
#[inline]
fn high_surrogate(s: &[u8]) -> Option<u32> {
    match s {
        [0xED, b1 @ 0xA0..=0xAF, b2, ..] if is_continuation(*b2) => {
            Some(0xD000 | ((*b1 as u32 & 0x3F) << 6) | (*b2 as u32 & 0x3F))
        }
        _ => None,
    }
}

/// Decodes one character or maximal ill-formed subpart of form `R` at `s[0]`.
#[inline]
pub(crate) fn step<R: Rules>(s: &[u8]) -> Step {
    let b0 = s[0];
    if b0 < 0x80 {
        return if b0 == 0 && !R::NUL {
            invalid(1, ErrorKind::NulByte)
        } else {
            Step::Char {
                cp: b0 as u32,
                len: 1,
            }
        };
    }
    let ed_hi = match R::SURROGATES {
        Surrogates::None => 0x9F,
        Surrogates::Paired => 0xAF,
        Surrogates::Any | Surrogates::Lone => 0xBF,
    };
    let ed_narrow = match R::SURROGATES {
        Surrogates::None => ErrorKind::Surrogate,
        _ => ErrorKind::LoneSurrogate,
    };
    // Continuation bytes needed, the allowed range of the second byte, and the error kind when
    // the second byte is a continuation byte outside that range.
    let (need, lo, hi, narrow) = match b0 {
        0x80..=0xBF => return invalid(1, ErrorKind::UnexpectedContinuation),
        0xC0 if R::C0_80 => (1, 0x80, 0x80, ErrorKind::Overlong),
        0xC0 | 0xC1 => return invalid(1, ErrorKind::Overlong),
        0xC2..=0xDF => (1, 0x80, 0xBF, ErrorKind::TooShort),
        0xE0 => (2, 0xA0, 0xBF, ErrorKind::Overlong),
        0xED => (2, 0x80, ed_hi, ed_narrow),
        0xE1..=0xEF => (2, 0x80, 0xBF, ErrorKind::TooShort),
        0xF0..=0xF7 if !R::FOUR => return invalid(1, ErrorKind::FourByteForm),
        0xF0 => (3, 0x90, 0xBF, ErrorKind::Overlong),
        0xF1..=0xF3 => (3, 0x80, 0xBF, ErrorKind::TooShort),
        0xF4..=0xF7 if R::LONG => (3, 0x80, 0xBF, ErrorKind::TooShort),
        0xF4 => (3, 0x80, 0x8F, ErrorKind::TooLarge),
        0xF5..=0xF7 => return invalid(1, ErrorKind::TooLarge),
        0xF8 if R::LONG => (4, 0x88, 0xBF, ErrorKind::Overlong),
        0xF9..=0xFB if R::LONG => (4, 0x80, 0xBF, ErrorKind::TooShort),
        0xFC if R::LONG => (5, 0x84, 0xBF, ErrorKind::Overlong),
        0xFD if R::LONG => (5, 0x80, 0xBF, ErrorKind::TooShort),
        _ => return invalid(1, ErrorKind::InvalidLead),
    };
    let mut cp = (b0 as u32) & (0x7F >> (need + 1));
    let Some(&b1) = s.get(1) else {
        return Step::Truncated { len: 1 };
    };
    if !(lo..=hi).contains(&b1) {
        let kind = if is_continuation(b1) {
            narrow
        } else {
            ErrorKind::TooShort
        };
        return invalid(1, kind);
    }
    cp = (cp << 6) | (b1 & 0x3F) as u32;
    for i in 2..=need {
        match s.get(i) {
            None => return Step::Truncated { len: i },
            Some(&b) if is_continuation(b) => cp = (cp << 6) | (b & 0x3F) as u32,
            Some(_) => return invalid(i, ErrorKind::TooShort),
        }
    }
    if R::SURROGATES != Surrogates::None && (0xD800..=0xDBFF).contains(&cp) {
        return after_high::<R>(cp, &s[3..]);
    }
    Step::Char { cp, len: need + 1 }
}

/// The step for a complete high surrogate `high` followed by `rest`: a pair with a complete
/// low-surrogate sequence, or the high alone, or "truncated" while `rest` ends inside what could
/// still be a low-surrogate sequence.
#[inline]
fn after_high<R: Rules>(high: u32, rest: &[u8]) -> Step {
    let low = match rest {
        [] | [0xED] | [0xED, 0xB0..=0xBF] => {
            return Step::Truncated {
                len: 3 + rest.len(),
            };
        }
        [0xED, b1 @ 0xB0..=0xBF, b2, ..] if is_continuation(*b2) => {
            Some(0xD000 | ((*b1 as u32 & 0x3F) << 6) | (*b2 as u32 & 0x3F))
        }
        _ => None,
    };
    match (R::SURROGATES, low) {
        (Surrogates::Lone, Some(_)) => invalid(3, ErrorKind::SplitSurrogatePair),
        (_, Some(low)) => Step::Char {
            cp: combine_surrogates(high, low),
            len: 6,
        },
        (Surrogates::Paired, None) => invalid(3, ErrorKind::LoneSurrogate),
        (_, None) => Step::Char { cp: high, len: 3 },
    }
}
