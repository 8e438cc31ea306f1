//! What every decoder is: one step at the start of an input ([`Step`]), the [`Decoder`] trait
//! and the [`Bounded`] decoders the routing table runs, and the helpers the decoders share. Its
//! own file, under both `decode` (which re-exports it) and `family`, so that the family's
//! rule-driven decoder, which also decodes UTF-8 for `decode`, needs nothing of `decode`.

use crate::types::encoding::Encoding;
use crate::types::outcome::ErrorKind;
use crate::types::unit::Unit;

/// One decoding step at the start of a non-empty input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A well-formed character `cp` spanning `len` units.
    Char { cp: u32, len: usize },
    /// A maximal ill-formed subpart of `len` units (at least 1).
    Invalid { len: usize, kind: ErrorKind },
    /// The input ends inside a sequence; the `len` remaining units are its valid prefix.
    Truncated { len: usize },
}

/// An input encoding.
pub(crate) trait Decoder {
    type Unit: Copy;
    /// True for UTF-8, whose bad bytes ESCAPE maps to `U+DC00 + byte`.
    const BYTES: bool;
    /// The numeric value of a unit (byte-swapped for the non-native order).
    fn value(unit: Self::Unit) -> u32;
    /// The encoding this decoder reads, for choosing a fast path (`None`: no fast path).
    const FORM: Option<Encoding> = None;
    /// Decodes at `src[0]`; `src` is not empty.
    fn step(src: &[Self::Unit]) -> Step;
    /// What a [`Step::Truncated`] step at `src` is when no more input will follow: `None` when it
    /// is truly truncated, or the step it completes to. Forms where a character may be followed
    /// by more units that change its meaning (a lone high surrogate that a low one could pair
    /// with) say "truncated" until they know, and settle here at the end.
    #[inline]
    fn at_end(_src: &[Self::Unit]) -> Option<Step> {
        None
    }
}

/// A decoder of the routing table: its units are one of the API's unit types, and every step is
/// decided by at most `MAX` units (what a stream may have to hold back between chunks).
pub(crate) trait Bounded: Decoder<Unit: Unit> {
    const MAX: usize;
}

/// The supplementary character a high and a low surrogate stand for (both already checked).
#[inline]
pub(crate) const fn combine_surrogates(high: u32, low: u32) -> u32 {
    0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
}

pub(crate) const fn is_continuation(b: u8) -> bool {
    b & 0xC0 == 0x80
}

pub(crate) const fn invalid(len: usize, kind: ErrorKind) -> Step {
    Step::Invalid { len, kind }
}
