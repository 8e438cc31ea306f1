//! The one conversion engine every direction shares: a decoder, an encoder, a policy and a
//! bounded (or measuring) output. Fast paths plug in as a `bulk` function (a kernel from
//! `simd`) that converts a valid prefix; the scalar steps below decide everything else, so all
//! paths agree by construction.

use crate::decode::{Decoder, Step};
use crate::encode::Encoder;
use crate::outcome::{ErrorKind, Outcome, Policy, Status};

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
    mut bulk: impl FnMut(&[D::Unit], Option<&mut [E::Unit]>) -> (usize, usize),
) -> Outcome {
    if policy == Policy::Escape && !E::ESCAPES {
        return Outcome::bad_argument();
    }
    let cap = dst.as_ref().map_or(usize::MAX, |d| d.len());
    let mut sink = Sink { out: dst, cap };
    let mut o = Outcome::default();
    loop {
        let (r, w) = bulk(&src[o.read..], sink.tail(o.written));
        o.read += r;
        o.written += w;
        let Some(rest) = src.get(o.read..).filter(|s| !s.is_empty()) else {
            return o;
        };
        let (len, kind, status) = match D::step(rest) {
            Step::Char { cp, len } => {
                let n = E::units(cp);
                if n != 0 {
                    if !sink.fits(o.written, n) {
                        return stop(o, Status::OutputFull, ErrorKind::None, 0);
                    }
                    if let Some(out) = sink.tail(o.written) {
                        E::write(cp, &mut out[..n]);
                    }
                    o.read += len;
                    o.written += n;
                    continue;
                }
                (len, ErrorKind::Unmappable, Status::Unmappable)
            }
            Step::Invalid { len, kind } => (len, kind, Status::Invalid),
            Step::Truncated { len } => (len, ErrorKind::Incomplete, Status::Truncated),
        };
        let error_len = if status == Status::Truncated { 0 } else { len };
        match policy {
            Policy::Strict => return stop(o, status, kind, error_len),
            Policy::Skip => o.replaced += 1,
            Policy::Replace | Policy::Fallback => {
                let n = E::units(E::REPLACEMENT);
                if !sink.fits(o.written, n) {
                    return stop(o, Status::OutputFull, ErrorKind::None, 0);
                }
                if let Some(out) = sink.tail(o.written) {
                    E::write(E::REPLACEMENT, &mut out[..n]);
                }
                o.written += n;
                o.replaced += 1;
            }
            Policy::Escape => {
                let bad = &rest[..len];
                // UTF-8 input: every bad byte b becomes U+DC00+b. Other inputs (going to UTF-8):
                // only U+DC80..U+DCFF stand for a byte; any other problem stays an error, since
                // ESCAPE promises a lossless result.
                let escapable =
                    D::BYTES || (len == 1 && (0xDC80..=0xDCFF).contains(&D::value(bad[0])));
                if !escapable {
                    return stop(o, status, kind, error_len);
                }
                if !sink.fits(o.written, len) {
                    return stop(o, Status::OutputFull, ErrorKind::None, 0);
                }
                if let Some(out) = sink.tail(o.written) {
                    for (slot, &u) in out.iter_mut().zip(bad) {
                        let v = D::value(u);
                        *slot = E::raw(if D::BYTES { 0xDC00 | v } else { v & 0xFF });
                    }
                }
                o.written += len;
                o.replaced += len;
            }
        }
        o.read += len;
    }
}

fn stop(mut o: Outcome, status: Status, error: ErrorKind, error_len: usize) -> Outcome {
    o.status = status;
    o.error = error;
    o.error_len = error_len;
    o
}
