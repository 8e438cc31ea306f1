//! One buffer on every core: validation and conversion split at character boundaries, each piece
//! on its own thread, with exactly the result of the one-thread call.
//!
//! How the result stays exact:
//! - Pieces start where the one-thread decoder starts a step ([`split_point`]): in UTF-8 at a byte
//!   that is not a continuation byte (a sequence never extends over one), or after three
//!   continuation bytes in a row (no sequence reaches past them); in UTF-16 anywhere but between
//!   a high and a low surrogate; in the one-unit forms anywhere.
//! - Validation takes the first slice (by position) that has an error and asks the one-thread
//!   call from that error on: a piece cut after an unfinished sequence would call it truncated,
//!   where the whole buffer goes on with a byte that makes it invalid.
//! - Conversion measures every piece first, each with the conversion that looks past the piece's
//!   end to decide its last step as a call over the whole buffer would (the one streams use).
//!   Prefix sums of the sizes give each piece its place in the output; the pieces before the
//!   first one that fails or does not fit are written in place, in parallel, and that piece
//!   alone decides the status, as it would in the one-thread call.
//!
//! Threads come from `std::thread::scope`: none outlives the call. Below [`MIN_PIECE`] units per
//! thread the call is the one-thread call.

use core::sync::atomic::{AtomicUsize, Ordering};

use crate::codec::decode::is_continuation;
use crate::engine::route::convert_until;
use crate::simd;
use crate::types::encoding::Encoding;
use crate::types::outcome::{Outcome, Policy};
use crate::types::unit::Unit;

/// Input units per thread below which another thread costs more than it saves (starting and
/// joining one takes tens of microseconds; validation covers a mebibyte in about a hundred).
pub(crate) const MIN_PIECE: usize = 1 << 20;

/// The most a validation slice holds: threads take slices one at a time, and none is started
/// after one known to hold an error (then it cannot matter).
const SLICE: usize = 1 << 18;

/// The threads a call with `threads` (0: the machine's parallelism) uses on `len` units.
fn thread_count(threads: usize, len: usize, min_piece: usize) -> usize {
    let wanted = if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    };
    wanted.min(len / min_piece.max(1)).max(1)
}

/// The start of a step of the one-thread decoder at or before `at` (clamped to `src.len()`),
/// for `src` in encoding `from`: where a buffer can be cut so that both sides decode exactly as
/// the whole does. Use it to give the pieces of one buffer to threads of your own.
///
/// - UTF-8: backs up over at most three continuation bytes to the byte before them.
/// - UTF-16 (either order, and `wchar_t` where it is UTF-16): backs up one unit when `at` falls
///   between a high and a low surrogate.
/// - UTF-32, Latin-1, Windows-1252: `at` itself.
/// - CESU-8, modified UTF-8, WTF-8 and RFC 2279, whose steps may span two sequences: 0, so that
///   the whole buffer is one piece. Also 0 when `S` is not the unit type of `from`.
///
/// `at` values of 0 and past the end give 0 and `src.len()`.
///
/// ```
/// use utf8x::{Encoding, split_point};
/// let text = "añb".as_bytes(); // 61 C3 B1 62
/// assert_eq!(split_point(text, Encoding::Utf8, 2), 1); // not inside ñ
/// assert_eq!(split_point(text, Encoding::Utf8, 3), 3);
/// ```
pub fn split_point<S: Unit>(src: &[S], from: Encoding, at: usize) -> usize {
    let at = at.min(src.len());
    if at == 0 || at == src.len() {
        return at;
    }
    match from.resolved() {
        Encoding::Utf8 => match u8::view(src) {
            Some(bytes) => (at.saturating_sub(3)..=at)
                .rev()
                .find(|&i| !is_continuation(bytes[i]))
                .unwrap_or(at),
            None => 0,
        },
        e @ (Encoding::Utf16Le | Encoding::Utf16Be | Encoding::Utf16) => match u16::view(src) {
            Some(units) => {
                let value = |u: u16| match e {
                    Encoding::Utf16Le => u16::from_le(u),
                    Encoding::Utf16Be => u16::from_be(u),
                    _ => u,
                };
                let high = value(units[at - 1]) & 0xFC00 == 0xD800;
                let low = value(units[at]) & 0xFC00 == 0xDC00;
                if high && low { at - 1 } else { at }
            }
            None => 0,
        },
        Encoding::Utf32 | Encoding::Utf32Le | Encoding::Utf32Be if u32::view(src).is_some() => at,
        Encoding::Latin1 | Encoding::Cp1252 if u8::view(src).is_some() => at,
        _ => 0,
    }
}

/// True for the encodings [`split_point`] cuts (the others' steps may span two sequences).
fn splittable(from: Encoding) -> bool {
    use Encoding::*;
    matches!(
        from.resolved(),
        Utf8 | Utf16 | Utf16Le | Utf16Be | Utf32 | Utf32Le | Utf32Be | Latin1 | Cp1252
    )
}

/// The starts of `parts` pieces of `src[start..end]` (the first is `start`, a step start) and,
/// last, `end`: cuts at [`split_point`]s near equal shares. Pieces may be empty.
fn pieces<S: Unit>(
    src: &[S],
    from: Encoding,
    (start, end): (usize, usize),
    parts: usize,
) -> Vec<usize> {
    let mut cuts: Vec<usize> = (0..parts)
        .map(|i| split_point(src, from, start + (end - start) / parts * i).max(start))
        .collect();
    cuts.push(end);
    // Backing up never passes the previous cut's share, but keep the order certain.
    for i in 1..cuts.len() {
        cuts[i] = cuts[i].max(cuts[i - 1]);
    }
    cuts
}

/// [`crate::validate`] on up to `threads` threads (0: the machine's available parallelism):
/// exactly its result, the first error's offset, length and kind included.
///
/// ```
/// let mut text = "ß".repeat(1 << 21).into_bytes();
/// text[3_000_001] = b'!'; // the second byte of a ß
/// assert_eq!(utf8x::validate_parallel(&text, 0), utf8x::validate(&text));
/// ```
pub fn validate_parallel(src: &[u8], threads: usize) -> Outcome {
    validate_parallel_in(src, threads, MIN_PIECE)
}

/// [`validate_parallel`] with the smallest piece given (the tests use small ones). Not part of
/// the API.
pub fn validate_parallel_in(src: &[u8], threads: usize, min_piece: usize) -> Outcome {
    let parts = thread_count(threads, src.len(), min_piece);
    if parts == 1 {
        return crate::validate(src);
    }
    // Slices are handed out in order from one counter rather than cut into one piece per
    // thread: a thread that finishes early takes the next slice instead of waiting for a slow
    // one (threads start at different times, and on a shared machine run at different speeds).
    // Slice `k` runs from the split point at or before `k * size` to the next one; at 4 bytes
    // or more each starts after the one before (a split point backs up 3 bytes at most).
    let size = (src.len() / (4 * parts)).clamp(4, SLICE);
    let slices = src.len().div_ceil(size);
    let cut = |k: usize| {
        if k >= slices {
            src.len()
        } else {
            split_point(src, Encoding::Utf8, k * size)
        }
    };
    let next = AtomicUsize::new(0);
    // The first slice known to hold an error (`slices`: none yet). Every slice before it was
    // handed out before it, so is checked in full: the earliest error found is the first.
    let first_bad = AtomicUsize::new(slices);
    let errors = on_threads(vec![(); parts], |_, ()| {
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= slices || k > first_bad.load(Ordering::Relaxed) {
                return None;
            }
            let (start, end) = (cut(k), cut(k + 1));
            let r = crate::validate(&src[start..end]);
            if !r.is_ok() {
                first_bad.fetch_min(k, Ordering::Relaxed);
                return Some((k, start + r.read));
            }
        }
    });
    let first = errors.into_iter().flatten().min().map(|(_, at)| at);
    match first {
        // The one-thread call from the error on decides its status, kind and length.
        Some(at) => {
            let mut r = crate::validate(&src[at..]);
            r.read += at;
            r
        }
        None => Outcome {
            read: src.len(),
            ..Outcome::default()
        },
    }
}

/// [`crate::convert`] on up to `threads` threads (0: the machine's available parallelism):
/// exactly its result and output for any pair, policy and output size (measuring with `None`,
/// [`crate::Status::OutputFull`] included). Sources whose steps may span two sequences (CESU-8,
/// modified UTF-8, WTF-8, RFC 2279) convert on one thread.
///
/// ```
/// use utf8x::{Encoding, Policy};
/// let text = "ĉu vi parolas? ".repeat(1 << 17);
/// let mut one = vec![0u16; text.len()];
/// let mut many = vec![0u16; text.len()];
/// let a = utf8x::convert(text.as_bytes(), Encoding::Utf8, Some(&mut one[..]), Encoding::Utf16Le, Policy::Strict);
/// let b = utf8x::convert_parallel(text.as_bytes(), Encoding::Utf8, Some(&mut many[..]), Encoding::Utf16Le, Policy::Strict, 4);
/// assert_eq!((a, one), (b, many));
/// ```
pub fn convert_parallel<S: Unit, T: Unit>(
    src: &[S],
    from: Encoding,
    dst: Option<&mut [T]>,
    to: Encoding,
    policy: Policy,
    threads: usize,
) -> Outcome {
    convert_parallel_in(src, from, dst, to, policy, threads, MIN_PIECE)
}

/// [`convert_parallel`] with the smallest piece given (the tests use small ones). Not part of
/// the API.
pub fn convert_parallel_in<S: Unit, T: Unit>(
    src: &[S],
    from: Encoding,
    dst: Option<&mut [T]>,
    to: Encoding,
    policy: Policy,
    threads: usize,
    min_piece: usize,
) -> Outcome {
    let parts = thread_count(threads, src.len(), min_piece);
    if parts == 1 || !splittable(from) {
        return crate::convert(src, from, dst, to, policy);
    }
    let cuts = pieces(src, from, (0, src.len()), parts);
    // `src[start..end]` (a piece, or a slice of one: both from step starts), converted with the
    // whole rest in view.
    let run = |start: usize, end: usize, dst: Option<&mut [T]>| {
        let rest = &src[start..];
        simd::with_kernels(rest.len(), |k| {
            convert_until(k, rest, end - start, from, dst, to, policy)
        })
    };
    let run = &run;
    // Sizes first. The last piece is measured only when nothing is written: it is placed after
    // all the others and converts into whatever room they leave, its own result deciding as the
    // one-thread call's would, so it is converted while the others are. Every measured piece is
    // measured in `parts` slices, slice `t` of each on thread `t`, so that all threads measure
    // while the last piece waits for its place.
    let measured = if dst.is_some() { parts - 1 } else { parts };
    let slices: Vec<Vec<usize>> = (0..measured)
        .map(|i| pieces(src, from, (cuts[i], cuts[i + 1]), parts))
        .collect();
    // The first piece known to fail (`measured`: none yet): the pieces after it cannot matter.
    let first_bad = AtomicUsize::new(measured);
    let by_thread = on_threads(vec![(); parts], |t, ()| {
        let mut sizes = Vec::with_capacity(measured);
        for (i, at) in slices.iter().enumerate() {
            if first_bad.load(Ordering::Relaxed) < i {
                break;
            }
            let r = run(at[t], at[t + 1], None);
            if !r.is_ok() {
                first_bad.fetch_min(i, Ordering::Relaxed);
            }
            sizes.push(r);
        }
        sizes
    });
    let cap = dst.as_ref().map_or(usize::MAX, |d| d.len());
    // The first piece that fails, does not fit or went unmeasured decides the result, as in
    // one call: it is converted again from its start, into the room after the pieces before it.
    let (mut before, mut replaced) = (0usize, 0usize);
    let mut sizes = Vec::with_capacity(measured);
    let mut decider = None;
    for i in 0..measured {
        let (mut written, mut replacing, mut fine) = (0usize, 0usize, true);
        for s in by_thread.iter().map(|t| t.get(i)) {
            match s {
                Some(s) if s.is_ok() => {
                    written += s.written;
                    replacing += s.replaced;
                }
                // Failed, or not measured because an earlier piece failed.
                _ => fine = false,
            }
        }
        if !fine || written > cap - before {
            decider = Some(i);
            break;
        }
        before += written;
        replaced += replacing;
        sizes.push(written);
    }
    if decider.is_none() && measured < parts {
        decider = Some(parts - 1);
    }
    // The pieces before the decider, each in its own place, and the decider after them, all in
    // parallel.
    let whole = decider.unwrap_or(parts);
    let mut jobs: Vec<(usize, Option<&mut [T]>)> = Vec::with_capacity(whole + 1);
    match dst {
        Some(out) => {
            let (mut placed, tail) = out.split_at_mut(before);
            for (i, &size) in sizes.iter().enumerate() {
                let (slot, rest) = placed.split_at_mut(size);
                jobs.push((i, Some(slot)));
                placed = rest;
            }
            if let Some(i) = decider {
                jobs.push((i, Some(tail)));
            }
        }
        None => jobs.extend(decider.map(|i| (i, None))),
    }
    let results = on_threads(jobs, |_, (i, slot)| run(cuts[i], cuts[i + 1], slot));
    match decider {
        None => Outcome {
            read: src.len(),
            written: before,
            replaced,
            ..Outcome::default()
        },
        Some(i) => {
            let mut r = *results.last().expect("the decider ran");
            r.read += cuts[i];
            r.written += before;
            r.replaced += replaced;
            r
        }
    }
}

/// `f(i, inputs[i])` for every input, the first on this thread and the others on threads of
/// their own; the results in order.
fn on_threads<I: Send, R: Send>(inputs: Vec<I>, f: impl Fn(usize, I) -> R + Sync) -> Vec<R> {
    let mut inputs = inputs.into_iter();
    let Some(first) = inputs.next() else {
        return Vec::new();
    };
    std::thread::scope(|scope| {
        let f = &f;
        let handles: Vec<_> = inputs
            .enumerate()
            .map(|(i, input)| scope.spawn(move || f(i + 1, input)))
            .collect();
        let mut out = vec![f(0, first)];
        for h in handles {
            match h.join() {
                Ok(r) => out.push(r),
                // A panic on a thread is one on this thread, for the caller's boundary.
                Err(p) => std::panic::resume_unwind(p),
            }
        }
        out
    })
}
