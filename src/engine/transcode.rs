//! The one conversion engine every direction shares: a decoder, an encoder, a policy and a
//! bounded (or measuring) output. Fast paths plug in as a `bulk` function (a kernel from
//! `simd`) that converts a valid prefix; the scalar steps below decide everything else, so all
//! paths agree by construction.

use super::codecs::{Dec, Enc, Typed};
use crate::codec::decode::{Decoder, Step, is_continuation};
use crate::codec::encode::Encoder;
use crate::codec::family::cp1252_char;
use crate::types::outcome::{ErrorKind, Outcome, Policy, Status};

/// The output side: a bounded slice, or nothing at all in measure mode.
struct Sink<'a, U> {
    out: Option<&'a mut [U]>,
    cap: usize,
}

impl<U: Copy> Sink<'_, U> {
    fn tail(&mut self, at: usize) -> Option<&mut [U]> {
        self.out.as_deref_mut().map(|d| &mut d[at..])
    }

    fn fits(&self, at: usize, n: usize) -> bool {
        self.cap - at >= n
    }
}

/// Converts `src` into `dst` (or measures, when `dst` is `None`) under `policy`.
///
/// `bulk` is the fast path: it converts the longest well-formed prefix of its input that it can
/// (and that fits in its output, or all of it when measuring) and returns `(units read, units
/// written)`. It may stop early anywhere on a character boundary; the scalar step then handles
/// one character or one error and `bulk` is called again right after it, so lossy policies stay
/// on the fast path between errors.
#[inline(always)]
pub(crate) fn transcode<D: Decoder, E: Encoder>(
    src: &[D::Unit],
    dst: Option<&mut [E::Unit]>,
    policy: Policy,
    bulk: impl FnMut(&[D::Unit], Option<&mut [E::Unit]>) -> (usize, usize),
) -> Outcome {
    transcode_until::<D, E>(src, src.len(), dst, policy, bulk)
}

/// [`transcode`] of `src[..end]` where `src` goes on: the units past `end` are only looked at,
/// to decide the steps before `end` as a call over all of `src` would (a stream converts up to
/// an unfinished tail this way). `end` must be a step boundary of the decoding of `src`.
#[inline(always)]
pub(crate) fn transcode_until<D: Decoder, E: Encoder>(
    src: &[D::Unit],
    end: usize,
    dst: Option<&mut [E::Unit]>,
    policy: Policy,
    bulk: impl FnMut(&[D::Unit], Option<&mut [E::Unit]>) -> (usize, usize),
) -> Outcome {
    let (d, e) = (Typed::<D>::new(), Typed::<E>::new());
    transcode_with(d, e, src, end, dst, policy, bulk)
}

/// [`transcode_until`] with the decoder `d` and the encoder `e` as values: [`Typed`] ones, or
/// the tables of the `compact` build, where one instance serves every pair of the same units.
#[inline(always)]
pub(crate) fn transcode_with<D: Dec, E: Enc>(
    d: D,
    e: E,
    src: &[D::Unit],
    end: usize,
    dst: Option<&mut [E::Unit]>,
    policy: Policy,
    mut bulk: impl FnMut(&[D::Unit], Option<&mut [E::Unit]>) -> (usize, usize),
) -> Outcome {
    if policy == Policy::Escape && !e.escapes() {
        return Outcome::bad_argument();
    }
    let mut dst = dst;
    // Most calls end here, the kernel having converted everything: the loop's state is set up
    // only when it did not, which keeps a short call short.
    let (read, written) = bulk(&src[..end], dst.as_deref_mut());
    if read >= end {
        return Outcome {
            read,
            written,
            ..Outcome::default()
        };
    }
    transcode_rest(d, e, src, end, dst, policy, bulk, (read, written))
}

/// [`transcode_until`] after its first `bulk` call, which stopped at `read`, `written`.
#[inline(never)]
#[allow(clippy::too_many_arguments)] // The codecs as values, then `transcode_until`'s own.
fn transcode_rest<D: Dec, E: Enc>(
    d: D,
    e: E,
    src: &[D::Unit],
    end: usize,
    dst: Option<&mut [E::Unit]>,
    policy: Policy,
    mut bulk: impl FnMut(&[D::Unit], Option<&mut [E::Unit]>) -> (usize, usize),
    (read, written): (usize, usize),
) -> Outcome {
    let cap = dst.as_ref().map_or(usize::MAX, |d| d.len());
    let mut sink = Sink { out: dst, cap };
    let mut o = Outcome {
        read,
        written,
        ..Outcome::default()
    };
    // Where the scalar steps since the last `bulk` call started: a kernel may stop a character
    // before an error, or several where it lacks room or meets what it does not handle, and
    // calling it again for each of those would check a whole block each time.
    let mut scalar_from = Some(read);
    loop {
        let from = match scalar_from {
            Some(from) if o.read < end && o.read - from < SCALAR_RUN => from,
            _ => {
                let (r, w) = bulk(&src[o.read..end], sink.tail(o.written));
                o.read += r;
                o.written += w;
                if o.read >= end {
                    return o;
                }
                o.read
            }
        };
        scalar_from = Some(from);
        let rest = &src[o.read..];
        let mut step = d.step(rest);
        if let Step::Truncated { .. } = step {
            // The input ends here: a form may settle a waiting character now.
            step = d.at_end(rest).unwrap_or(step);
        }
        let (len, kind, status, cp) = match step {
            Step::Char { cp, len } => {
                let n = e.units(cp);
                if n != 0 {
                    if !sink.fits(o.written, n) {
                        return stop(o, Status::OutputFull, ErrorKind::None, 0);
                    }
                    if let Some(out) = sink.tail(o.written) {
                        e.write(cp, &mut out[..n]);
                    }
                    o.read += len;
                    o.written += n;
                    continue;
                }
                (len, ErrorKind::Unmappable, Status::Unmappable, Some(cp))
            }
            Step::Invalid { len, kind } => (len, kind, Status::Invalid, None),
            Step::Truncated { len } => (len, ErrorKind::Incomplete, Status::Truncated, None),
        };
        let error_len = if status == Status::Truncated { 0 } else { len };
        let bad = &rest[..len];
        // Ill-formed bytes of a UTF-8-family form, as opposed to a bad UTF-16/UTF-32 unit or a
        // well-formed character the target cannot hold.
        let bad_bytes = d.bytes() && cp.is_none();
        // The input ends inside the subpart: any of its bytes may start a resumed call.
        let cut = status == Status::Truncated;
        match policy {
            Policy::Strict => return stop(o, status, kind, error_len),
            Policy::Skip => o.replaced += 1,
            Policy::Fallback if bad_bytes => {
                // Each byte as its Windows-1252 character, or the replacement where the target
                // cannot hold that character.
                let one = |b: u32| match e.units(cp1252_char(b as u8)) {
                    0 => (e.replacement(), e.units(e.replacement())),
                    n => (cp1252_char(b as u8), n),
                };
                let write = |c, out: &mut [E::Unit]| e.write(c, out);
                if let Some(full) = bytewise(d, &mut sink, &mut o, bad, cut, one, write) {
                    return full;
                }
                scalar_from = None;
                continue;
            }
            Policy::Replace | Policy::Fallback => {
                let n = e.units(e.replacement());
                if !sink.fits(o.written, n) {
                    return stop(o, Status::OutputFull, ErrorKind::None, 0);
                }
                if let Some(out) = sink.tail(o.written) {
                    e.write(e.replacement(), &mut out[..n]);
                }
                o.written += n;
                o.replaced += 1;
            }
            Policy::Escape => {
                // Bad bytes b stand for U+DC00+b. Otherwise only a lone U+DC80..U+DCFF (a bad
                // UTF-16/UTF-32 unit, or a lone surrogate the target cannot hold) is an escape;
                // any other problem stays an error, since ESCAPE promises a lossless result.
                let single = cp.unwrap_or_else(|| d.value(bad[0]));
                let escapable =
                    bad_bytes || (0xDC80..=0xDCFF).contains(&single) && (cp.is_some() || len == 1);
                if !escapable {
                    return stop(o, status, kind, error_len);
                }
                if bad_bytes {
                    let one = |b: u32| (0xDC00 | b, e.escape_units(0xDC00 | b));
                    let write = |v, out: &mut [E::Unit]| e.write_escape(v, out);
                    if let Some(full) = bytewise(d, &mut sink, &mut o, bad, cut, one, write) {
                        return full;
                    }
                    scalar_from = None;
                    continue;
                }
                let n = e.escape_units(single);
                if !sink.fits(o.written, n) {
                    return stop(o, Status::OutputFull, ErrorKind::None, 0);
                }
                if let Some(out) = sink.tail(o.written) {
                    e.write_escape(single, &mut out[..n]);
                }
                o.written += n;
                o.replaced += 1;
            }
        }
        o.read += len;
        // Past an error the kernel can take over at once.
        scalar_from = None;
    }
}

/// Writes the ill-formed bytes `bad` one by one, each as the character `one` maps it to (and
/// the units that takes), with `write`; counts each byte as a replacement and moves `o` past it.
/// Where not all of them fit, it writes as many as fit and stops after one whose successor is a
/// continuation byte, returning the `OutputFull` outcome: such a byte can start no sequence of
/// any form, so a call resumed there decodes it as the one-byte subpart it was here and the
/// output is that of one call. Every subpart is a first byte and continuation bytes, so room for
/// one byte's replacement (a character of the target) always makes progress. Where the input
/// ends inside the subpart (`cut`), any byte of it may start the resumed call: what follows it
/// is as unfinished there, so those bytes are replaced byte by byte again.
#[inline(never)]
fn bytewise<D: Dec, U: Copy>(
    d: D,
    sink: &mut Sink<'_, U>,
    o: &mut Outcome,
    bad: &[D::Unit],
    cut: bool,
    one: impl Fn(u32) -> (u32, usize),
    write: impl Fn(u32, &mut [U]),
) -> Option<Outcome> {
    let room = sink.cap - o.written;
    let (mut need, mut fit, mut fit_need) = (0, 0, 0);
    for (i, &u) in bad.iter().enumerate() {
        need += one(d.value(u)).1;
        if need > room {
            break;
        }
        let next = bad.get(i + 1).map(|&n| d.value(n) as u8);
        if cut || next.is_none_or(is_continuation) {
            (fit, fit_need) = (i + 1, need);
        }
    }
    if let Some(out) = sink.tail(o.written) {
        let mut at = 0;
        for &u in &bad[..fit] {
            let (c, k) = one(d.value(u));
            write(c, &mut out[at..at + k]);
            at += k;
        }
    }
    o.read += fit;
    o.written += fit_need;
    o.replaced += fit;
    (fit < bad.len()).then(|| stop(*o, Status::OutputFull, ErrorKind::None, 0))
}

/// How many units the scalar steps take between two `bulk` calls, at most, unless an error
/// comes first.
const SCALAR_RUN: usize = 16;

fn stop(mut o: Outcome, status: Status, error: ErrorKind, error_len: usize) -> Outcome {
    o.status = status;
    o.error = error;
    o.error_len = error_len;
    o
}
