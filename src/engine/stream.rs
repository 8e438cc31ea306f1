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

use super::codecs::Dec;
#[cfg(feature = "compact")]
use super::codecs::DecTable;
#[cfg(not(feature = "compact"))]
use super::codecs::Typed;
use super::route::{WithDecoder, convert_until, with_decoder};
use crate::codec::decode::{Bounded, Step};
use crate::simd;
use crate::types::encoding::Encoding;
use crate::types::outcome::{Outcome, Policy, Status};
use crate::types::unit::Unit;

/// Units a stream can carry between chunks: the unfinished tail of a sequence (at most 5 bytes
/// of a 6-byte one) or a high surrogate.
const CARRY: usize = 5;

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

impl Stream {
    /// A stream converting `from` to `to` under `policy`, at position 0.
    ///
    /// Every pair of encodings streams. Returns `None` only for [`Policy::Escape`] with a
    /// Latin-1 or Windows-1252 target (which cannot carry escapes).
    pub fn new(from: Encoding, to: Encoding, policy: Policy) -> Option<Stream> {
        let stream = Stream {
            from,
            to,
            policy,
            position: 0,
            carry: [0; CARRY],
            pending: 0,
        };
        let escape_ok =
            !(policy == Policy::Escape && matches!(to, Encoding::Latin1 | Encoding::Cp1252));
        escape_ok.then_some(stream)
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
    /// next chunk completes (0..=5). They are already counted in the `read` of the call that
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
    /// `&src[read..]` repeats the error, or continues. After a `last` chunk converted completely
    /// nothing is pending, and a further call goes on as the same stream (its position counting
    /// on); a new stream is a new `Stream`.
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
        // The decoder only decides where chunks may be cut; the conversion itself is
        // `crate::convert`'s, so a stream gives exactly what one call gives.
        let (from, to) = (self.from, self.to);
        with_decoder(
            from,
            to,
            Chunk {
                stream: self,
                src,
                dst,
                last,
            },
        )
    }

    /// One chunk, with the decoder `dec` deciding where sequences end (`dec.1`: the units that
    /// decide any of its steps, [`Bounded::MAX`]).
    fn run<D: Dec<Unit: Unit>, S: Unit, T: Unit>(
        &mut self,
        dec: (D, usize),
        src: &[S],
        dst: Option<&mut [T]>,
        last: bool,
    ) -> Outcome {
        match crate::types::unit::views::<D::Unit, T, S, T>(src, dst) {
            Some((src, dst)) => self.run_units::<D, T>(dec, src, dst, last),
            None => Outcome::bad_argument(),
        }
    }

    /// [`Self::run`] once the source's units are the decoder's own: a function of `D` and `T`
    /// alone, so that the chunk loop is compiled once per decoder and target unit, not once
    /// per unit type a caller can pass.
    fn run_units<D: Dec<Unit: Unit>, T: Unit>(
        &mut self,
        dec: (D, usize),
        src: &[D::Unit],
        dst: Option<&mut [T]>,
        last: bool,
    ) -> Outcome {
        let (from, to, policy) = (self.from, self.to, self.policy);
        self.chunk::<D, T>(dec, src, dst, last, |s, end, d| {
            simd::with_kernels(end, |k| convert_until(k, s, end, from, d, to, policy))
        })
    }

    fn chunk<D: Dec<Unit: Unit>, T>(
        &mut self,
        (dec, max): (D, usize),
        src: &[D::Unit],
        mut dst: Option<&mut [T]>,
        last: bool,
        core: impl Fn(&[D::Unit], usize, Option<&mut [T]>) -> Outcome,
    ) -> Outcome {
        let mut out = Outcome::default();
        // Units of `src` used to finish carried sequences.
        let mut taken = 0;
        // Carried units go first, one step at a time: a step may cover only some of them (a
        // high surrogate that the held start of a low one does not complete), and then the rest
        // is carried on into the next step.
        while self.pending > 0 {
            let held = self.pending as usize;
            let mut buf = [D::Unit::default(); 6];
            for (b, &c) in buf.iter_mut().zip(&self.carry[..held]) {
                *b = D::Unit::try_from(u32::from(c)).unwrap_or_default();
            }
            let take = src.len().min(max.saturating_sub(held));
            buf[held..held + take].copy_from_slice(&src[..take]);
            let joined = &buf[..held + take];
            let mut step = dec.step(joined);
            if let Step::Truncated { .. } = step {
                if !last {
                    self.hold(src);
                    out.read = src.len();
                    return out;
                }
                // The end of the stream: what one call would decide there.
                if take == src.len() {
                    step = dec.at_end(joined).unwrap_or(step);
                }
            }
            let len = match step {
                Step::Char { len, .. } | Step::Invalid { len, .. } | Step::Truncated { len } => len,
            };
            let tail = dst
                .as_deref_mut()
                .map(|d| d.get_mut(out.written..).unwrap_or_default());
            let r = core(joined, len, tail);
            if r.status != Status::Ok {
                // The step is one unit of work: an error or no room at its start leaves the state
                // there, where the problem is. Only a byte-by-byte replacement that ran out of
                // room converts part of it (`r.read` units): the state moves past those.
                return Outcome {
                    read: self.advance(r.read),
                    written: out.written + r.written,
                    replaced: out.replaced + r.replaced,
                    ..r
                };
            }
            out.written += r.written;
            out.replaced += r.replaced;
            taken = self.advance(len);
        }
        let rest = &src[taken..];
        let cut = if last {
            rest.len()
        } else {
            unfinished_tail(dec, max, rest)
        };
        let tail = dst.map(|d| d.get_mut(out.written..).unwrap_or_default());
        let r = core(rest, cut, tail);
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

    /// Moves the state past `n` converted units: the carried ones first, then units of the
    /// chunk, whose count it returns.
    fn advance(&mut self, n: usize) -> usize {
        let held = self.pending as usize;
        self.position += n as u64;
        if n >= held {
            self.pending = 0;
            n - held
        } else {
            self.carry.copy_within(n..held, 0);
            self.pending -= n as u8;
            0
        }
    }

    /// Appends `units` (at most what fits) to the carried sequence.
    fn hold<U: Into<u32> + Copy>(&mut self, units: &[U]) {
        for &u in units.iter().take(CARRY - self.pending as usize) {
            self.carry[self.pending as usize] = u.into() as u16;
            self.pending += 1;
        }
    }

    /// The state as four words, for the C struct `utf8x_stream`: the position; four carried
    /// units; a tag with the encodings, the policy and the count of carried units; the fifth
    /// carried unit. Public (but hidden) for the C ABI's shims (utf8x-ffi).
    #[doc(hidden)]
    pub fn to_words(self) -> [u64; 4] {
        let carry = self.carry[..4]
            .iter()
            .enumerate()
            .fold(0u64, |w, (i, &c)| w | (c as u64) << (16 * i));
        [
            self.position,
            carry,
            MAGIC << 32
                | (self.pending as u64) << 24
                | (self.from as u64) << 16
                | (self.to as u64) << 8
                | self.policy as u64,
            self.carry[4] as u64,
        ]
    }

    /// The state stored by [`Stream::to_words`], or `None` when `words` hold no valid state
    /// (never initialised, or overwritten).
    #[doc(hidden)]
    pub fn from_words(words: [u64; 4]) -> Option<Stream> {
        let [position, carry, tag, fifth] = words;
        if tag >> 32 != MAGIC || fifth >> 16 != 0 {
            return None;
        }
        let byte = |shift: u32| ((tag >> shift) & 0xFF) as u32;
        let mut stream = Stream::new(
            Encoding::from_u32(byte(16))?,
            Encoding::from_u32(byte(8))?,
            Policy::from_u32(byte(0))?,
        )?;
        stream.position = position;
        stream.pending = byte(24) as u8;
        if stream.pending as usize > CARRY {
            return None;
        }
        for (i, c) in stream.carry[..4].iter_mut().enumerate() {
            *c = (carry >> (16 * i)) as u16;
        }
        stream.carry[4] = fifth as u16;
        Some(stream)
    }
}

/// Marks an initialised `utf8x_stream` ("u8xs").
const MAGIC: u64 = 0x7538_7873;

/// Where the unfinished sequence at the end of `src` starts (`src.len()` when there is none).
///
/// A sequence that the input ends inside starts with a unit no step consumes as a continuation
/// (a UTF-8 lead byte, a high surrogate), so it is a step boundary of the one-shot decoding
/// whatever precedes it, and it is the last step. The earliest such start wins: in the forms
/// with surrogate pairs a high half with the beginning of a low half after it is one unfinished
/// step, although the low half alone would also look unfinished.
fn unfinished_tail<D: Dec>(dec: D, max: usize, src: &[D::Unit]) -> usize {
    let from = src.len().saturating_sub(max - 1);
    (from..src.len())
        .find(|&i| matches!(dec.step(&src[i..]), Step::Truncated { len } if len == src.len() - i))
        .unwrap_or(src.len())
}

/// One chunk of a stream, run with the decoder the routing table picks for the pair.
struct Chunk<'a, 's, 'd, S, T> {
    stream: &'a mut Stream,
    src: &'s [S],
    dst: Option<&'d mut [T]>,
    last: bool,
}

impl<S: Unit, T: Unit> WithDecoder for Chunk<'_, '_, '_, S, T> {
    /// The decoder as its type; in the `compact` build as a table, so that the chunk loop is
    /// compiled once per pair of unit types.
    fn run<D: Bounded>(self) -> Outcome {
        #[cfg(not(feature = "compact"))]
        let dec = (Typed::<D>::new(), D::MAX);
        #[cfg(feature = "compact")]
        let dec = (DecTable::of::<D>(), D::MAX);
        self.stream.run(dec, self.src, self.dst, self.last)
    }
}
