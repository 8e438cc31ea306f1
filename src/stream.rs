//! Streaming conversion: a small, caller-owned state that lets a conversion run over input
//! delivered in chunks of any size while giving exactly the output, counts and (absolute) error
//! offsets of one call over the whole input.
//!
//! How it stays exact: each chunk is converted by the same one-shot function
//! ([`crate::to_utf16le`] etc.) except for its last, possibly unfinished, sequence. That tail (at
//! most 3 UTF-8 bytes or 1 high surrogate) is carried in the state. The next chunk first settles
//! the carried sequence by decoding it together with just enough new units to decide one step, so
//! the maximal-subpart decision is the one a single call would make (`E1 80` | `41` is one
//! ill-formed subpart of 2 bytes, then `A`).
//!
//! Offsets: `read` in each [`Outcome`] counts units of *this* chunk (so `&src[read..]` is where to
//! continue after [`Status::OutputFull`]); [`Stream::position`] is the absolute offset in the whole
//! stream of the first unit not yet converted, which after an error is the error's offset.

use crate::decode::{self as dec, Be, Decoder, Le, Native, Step};
use crate::encoding::Encoding;
use crate::outcome::{Outcome, Policy, Status};

mod sealed {
    pub trait Sealed {}
    impl Sealed for u8 {}
    impl Sealed for u16 {}
    impl Sealed for u32 {}
}

/// A code unit type a [`Stream`] accepts: `u8`, `u16` or `u32`. Each method views a slice as the
/// unit type an encoding needs, or gives `None` when the types differ.
pub trait Unit: Copy + sealed::Sealed {
    #[doc(hidden)]
    fn bytes(_: &[Self]) -> Option<&[u8]> {
        None
    }
    #[doc(hidden)]
    fn units16(_: &[Self]) -> Option<&[u16]> {
        None
    }
    #[doc(hidden)]
    fn units32(_: &[Self]) -> Option<&[u32]> {
        None
    }
    #[doc(hidden)]
    fn bytes_mut(_: &mut [Self]) -> Option<&mut [u8]> {
        None
    }
    #[doc(hidden)]
    fn units16_mut(_: &mut [Self]) -> Option<&mut [u16]> {
        None
    }
    #[doc(hidden)]
    fn units32_mut(_: &mut [Self]) -> Option<&mut [u32]> {
        None
    }
}

impl Unit for u8 {
    fn bytes(s: &[u8]) -> Option<&[u8]> {
        Some(s)
    }
    fn bytes_mut(s: &mut [u8]) -> Option<&mut [u8]> {
        Some(s)
    }
}

impl Unit for u16 {
    fn units16(s: &[u16]) -> Option<&[u16]> {
        Some(s)
    }
    fn units16_mut(s: &mut [u16]) -> Option<&mut [u16]> {
        Some(s)
    }
}

impl Unit for u32 {
    fn units32(s: &[u32]) -> Option<&[u32]> {
        Some(s)
    }
    fn units32_mut(s: &mut [u32]) -> Option<&mut [u32]> {
        Some(s)
    }
}

/// A decoder whose every step is decided by at most `MAX` units.
trait Chunked: Decoder<Unit: Default + Into<u32> + TryFrom<u32>> {
    const MAX: usize;
}

impl Chunked for dec::Utf8 {
    const MAX: usize = 4;
}

impl<O: crate::decode::ByteOrder> Chunked for dec::Utf16<O> {
    const MAX: usize = 2;
}

impl Chunked for dec::Utf32 {
    const MAX: usize = 1;
}

impl Chunked for dec::Latin1 {
    const MAX: usize = 1;
}

/// Units a stream can carry between chunks: an unfinished UTF-8 sequence (≤ 3 bytes) or a high
/// surrogate.
const CARRY: usize = 3;

/// The state of one streaming conversion. Plain data (`Copy`, no heap): create it with
/// [`Stream::new`], feed it chunks with [`Stream::convert`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stream {
    from: Encoding,
    to: Encoding,
    policy: Policy,
    /// Absolute offset, in source units, of the first unit not converted yet (the first carried
    /// unit, if any).
    position: u64,
    carry: [u16; CARRY],
    pending: u8,
}

/// A one-shot conversion of the crate's API.
type Core<S, T> = fn(&[S], Option<&mut [T]>, Policy) -> Outcome;

impl Stream {
    /// A stream converting `from` to `to` under `policy`, at position 0.
    ///
    /// Supported: UTF-8 to UTF-16LE/BE/native, UTF-32, Latin-1 or `wchar_t`, and each of those
    /// to UTF-8. Returns `None` for any other pair, and for [`Policy::Escape`] with a Latin-1
    /// target (which cannot carry escapes).
    pub fn new(from: Encoding, to: Encoding, policy: Policy) -> Option<Stream> {
        let stream = Stream {
            from,
            to,
            policy,
            position: 0,
            carry: [0; CARRY],
            pending: 0,
        };
        let supported = (from == Encoding::Utf8) != (to == Encoding::Utf8);
        let escape_ok = !(policy == Policy::Escape && to == Encoding::Latin1);
        (supported && escape_ok).then_some(stream)
    }

    /// The source encoding.
    pub fn from(&self) -> Encoding {
        self.from
    }

    /// The target encoding.
    pub fn to(&self) -> Encoding {
        self.to
    }

    /// The policy.
    pub fn policy(&self) -> Policy {
        self.policy
    }

    /// Absolute offset, in source units since the start of the stream, of the first unit not
    /// converted yet. After an error ([`Status::Invalid`], [`Status::Truncated`],
    /// [`Status::Unmappable`]) it is the offset of the offending sequence, even when that began
    /// in an earlier chunk; after the final chunk converted completely it is the stream's length.
    pub fn position(&self) -> u64 {
        self.position
    }

    /// Source units held back from earlier chunks because they may start a sequence that the
    /// next chunk completes (0..=3). They are already counted in the `read` of the call that
    /// delivered them, and are converted (or reported) by a later call.
    pub fn pending(&self) -> usize {
        self.pending as usize
    }

    /// Converts the next chunk `src` of the stream into `dst` (`None` measures: nothing is
    /// written, `written` is what the chunk produces). `last` says that `src` ends the stream.
    ///
    /// Concatenating the output of every call (each continuing after `OutputFull` from
    /// `&src[read..]`) gives exactly the output of one call over the whole stream, with the same
    /// total `replaced`, and the same error status, kind and length, at absolute offset
    /// [`Stream::position`]. `read` counts units of this chunk: those converted plus those carried
    /// into the state; on an error it is the chunk offset of the error, or 0 when the error
    /// began in carried units. [`Status::Truncated`] only comes with `last`.
    ///
    /// After an error or `OutputFull` the state is exactly where `read` says: calling again with
    /// `&src[read..]` repeats the error, or continues.
    ///
    /// `S` and `T` must be the unit types of the stream's encodings (`u8` for UTF-8 and Latin-1,
    /// `u16` for UTF-16, `u32` for UTF-32 and Linux/macOS `wchar_t`); otherwise the result is
    /// [`Status::BadArgument`] and nothing changes.
    pub fn convert<S: Unit, T: Unit>(
        &mut self,
        src: &[S],
        dst: Option<&mut [T]>,
        last: bool,
    ) -> Outcome {
        use Encoding::*;
        macro_rules! go {
            ($dec:ty, $view:ident, $view_mut:ident, $core:path) => {{
                let (Some(src), Some(dst)) = (S::$view(src), view_mut(dst, T::$view_mut)) else {
                    return Outcome::bad_argument();
                };
                self.run::<$dec, _>(src, dst, last, $core)
            }};
        }
        match (self.from.resolved(), self.to.resolved()) {
            (Utf8, Utf16Le) => go!(dec::Utf8, bytes, units16_mut, crate::to_utf16le),
            (Utf8, Utf16Be) => go!(dec::Utf8, bytes, units16_mut, crate::to_utf16be),
            (Utf8, Utf16) => go!(dec::Utf8, bytes, units16_mut, crate::to_utf16),
            (Utf8, Utf32) => go!(dec::Utf8, bytes, units32_mut, crate::to_utf32),
            (Utf8, Latin1) => go!(dec::Utf8, bytes, bytes_mut, crate::to_latin1),
            (Utf16Le, Utf8) => go!(dec::Utf16<Le>, units16, bytes_mut, crate::from_utf16le),
            (Utf16Be, Utf8) => go!(dec::Utf16<Be>, units16, bytes_mut, crate::from_utf16be),
            (Utf16, Utf8) => go!(dec::Utf16<Native>, units16, bytes_mut, crate::from_utf16),
            (Utf32, Utf8) => go!(dec::Utf32, units32, bytes_mut, crate::from_utf32),
            (Latin1, Utf8) => go!(dec::Latin1, bytes, bytes_mut, crate::from_latin1),
            _ => Outcome::bad_argument(),
        }
    }

    fn run<D: Chunked, T>(
        &mut self,
        src: &[D::Unit],
        mut dst: Option<&mut [T]>,
        last: bool,
        core: Core<D::Unit, T>,
    ) -> Outcome {
        let policy = self.policy;
        let mut out = Outcome::default();
        // Units of `src` used to finish the carried sequence.
        let mut taken = 0;
        if self.pending > 0 {
            let held = self.pending as usize;
            let mut buf = [D::Unit::default(); 4];
            for (b, &c) in buf.iter_mut().zip(&self.carry[..held]) {
                *b = D::Unit::try_from(u32::from(c)).unwrap_or_default();
            }
            let take = src.len().min(D::MAX.saturating_sub(held));
            buf[held..held + take].copy_from_slice(&src[..take]);
            let joined = &buf[..held + take];
            let len = match D::step(joined) {
                Step::Truncated { .. } if !last && take == src.len() => {
                    self.hold(src);
                    out.read = src.len();
                    return out;
                }
                Step::Char { len, .. } | Step::Invalid { len, .. } | Step::Truncated { len } => len,
            };
            let r = settle::<D>(
                core(&joined[..len], dst.as_deref_mut(), policy),
                len,
                joined,
            );
            if r.status != Status::Ok {
                // The carried sequence is one step: nothing of it was converted, so the state
                // stays at its start, which is where the problem is.
                return Outcome { read: 0, ..r };
            }
            out.written = r.written;
            out.replaced = r.replaced;
            // A carried sequence is a valid prefix, so its step covers at least the carried units.
            taken = len.saturating_sub(held);
            self.pending = 0;
            self.position += len as u64;
        }
        let rest = &src[taken..];
        let cut = if last {
            rest.len()
        } else {
            unfinished_tail::<D>(rest)
        };
        let tail = dst.map(|d| d.get_mut(out.written..).unwrap_or_default());
        let r = settle::<D>(core(&rest[..cut], tail, policy), cut, rest);
        self.position += r.read as u64;
        out = Outcome {
            read: taken + r.read,
            written: out.written + r.written,
            replaced: out.replaced + r.replaced,
            ..r
        };
        if r.status == Status::Ok {
            self.hold(&rest[cut..]);
            out.read = src.len();
        }
        out
    }

    /// Appends `units` (at most what fits) to the carried sequence.
    fn hold<U: Into<u32> + Copy>(&mut self, units: &[U]) {
        for &u in units.iter().take(CARRY - self.pending as usize) {
            self.carry[self.pending as usize] = u.into() as u16;
            self.pending += 1;
        }
    }

    /// The state as four words, for the C struct `utf8x_stream`.
    pub(crate) fn to_words(self) -> [u64; 4] {
        let carry = self
            .carry
            .iter()
            .enumerate()
            .fold(0u64, |w, (i, &c)| w | (c as u64) << (16 * i));
        [
            self.position,
            carry | (self.pending as u64) << 48,
            MAGIC << 32 | (self.from as u64) << 16 | (self.to as u64) << 8 | self.policy as u64,
            0,
        ]
    }

    /// The state stored by [`Stream::to_words`], or `None` when `words` hold no valid state
    /// (never initialised, or overwritten).
    pub(crate) fn from_words(words: [u64; 4]) -> Option<Stream> {
        let [position, carry, tag, reserved] = words;
        if tag >> 32 != MAGIC || reserved != 0 || carry >> 56 != 0 {
            return None;
        }
        let byte = |shift: u32| ((tag >> shift) & 0xFF) as u32;
        let mut stream = Stream::new(
            Encoding::from_u32(byte(16))?,
            Encoding::from_u32(byte(8))?,
            Policy::from_u32(byte(0))?,
        )?;
        stream.position = position;
        stream.pending = (carry >> 48) as u8;
        if stream.pending as usize > CARRY || (tag >> 24) & 0xFF != 0 {
            return None;
        }
        for (i, c) in stream.carry.iter_mut().enumerate() {
            *c = (carry >> (16 * i)) as u16;
        }
        Some(stream)
    }
}

/// Marks an initialised `utf8x_stream` ("u8xs").
const MAGIC: u64 = 0x7538_7873;

/// The output view the stream's target needs: `None` measures, `Some(None)` is a type mismatch.
fn view_mut<'a, T, U>(
    dst: Option<&'a mut [T]>,
    view: fn(&'a mut [T]) -> Option<&'a mut [U]>,
) -> Option<Option<&'a mut [U]>> {
    match dst {
        None => Some(None),
        Some(d) => view(d).map(Some),
    }
}

/// Where the unfinished sequence at the end of `src` starts (`src.len()` when there is none).
///
/// A sequence that the input ends inside starts with a unit no step ever consumes as a
/// continuation (a UTF-8 lead byte, a high surrogate), so it is a step boundary of the one-shot
/// decoding whatever precedes it, and it is the last step.
fn unfinished_tail<D: Chunked>(src: &[D::Unit]) -> usize {
    let from = src.len().saturating_sub(D::MAX - 1);
    (from..src.len())
        .rev()
        .find(|&i| matches!(D::step(&src[i..]), Step::Truncated { len } if len == src.len() - i))
        .unwrap_or(src.len())
}

/// Corrects the outcome of converting `full[..cut]` where `full` goes on past `cut`: a sequence
/// that seemed cut off at `cut` was in fact broken by the unit there, which makes it ill-formed
/// rather than truncated. (REPLACE, SKIP and ESCAPE of UTF-8 already treat both alike.)
fn settle<D: Chunked>(r: Outcome, cut: usize, full: &[D::Unit]) -> Outcome {
    if r.status != Status::Truncated || cut >= full.len() {
        return r;
    }
    match full.get(r.read..).filter(|s| !s.is_empty()).map(D::step) {
        Some(Step::Invalid { len, kind }) => Outcome {
            status: Status::Invalid,
            error: kind,
            error_len: len,
            ..r
        },
        _ => r,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip() {
        let mut s = Stream::new(Encoding::Utf8, Encoding::Utf16Le, Policy::Replace).unwrap();
        let mut out = [0u16; 4];
        s.convert(b"ab\xF0\x9F".as_slice(), Some(&mut out[..]), false);
        assert_eq!(s.pending(), 2);
        assert_eq!(Stream::from_words(s.to_words()), Some(s));
        assert_eq!(Stream::from_words([0; 4]), None);
    }

    #[test]
    fn unsupported_pairs() {
        use Encoding::*;
        assert!(Stream::new(Utf8, Utf8, Policy::Strict).is_none());
        assert!(Stream::new(Utf16Le, Utf32, Policy::Strict).is_none());
        assert!(Stream::new(Utf8, Latin1, Policy::Escape).is_none());
        assert!(Stream::new(Latin1, Utf8, Policy::Escape).is_some());
    }
}
