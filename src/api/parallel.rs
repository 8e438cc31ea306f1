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
//! - Conversion hands out slices in order. Each is converted into its thread's own buffer (with
//!   the conversion that looks past the slice's end to decide its last step as a call over the
//!   whole buffer would, the one streams use), then takes its place in the output after every
//!   slice before it and is copied there. The first slice that fails or does not fit decides the
//!   status: it is converted again from its start into the room left, as in the one-thread call.
//!
//! Threads come from `std::thread::scope`: none outlives the call. Below [`MIN_PIECE`] units per
//! thread the call is the one-thread call, and no call starts more threads than the machine runs
//! at once (more would only share its cores, each with a buffer of its own). Work is handed out
//! slice by slice from one counter, so any number of threads finishes it: a thread that cannot
//! be started (a pids limit, no address space for its stack) is done without, down to the
//! calling thread alone, with no panic and nothing printed.

use core::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use crate::codec::decode::is_continuation;
use crate::engine::route::convert_until;
use crate::simd;
use crate::types::encoding::Encoding;
use crate::types::outcome::{Outcome, Policy, Status};
use crate::types::unit::Unit;

/// Input units per thread below which another thread costs more than it saves (starting and
/// joining one takes tens of microseconds; validation covers a mebibyte in about a hundred).
pub(crate) const MIN_PIECE: usize = 1 << 20;

/// The most a validation slice holds: threads take slices one at a time, and none is started
/// after one known to hold an error (then it cannot matter).
const SLICE: usize = 1 << 18;

/// The threads a call with `threads` (0: as many as `most`) uses on `len` units: at most
/// `most` (`None`: the machine's available parallelism) and one per `min_piece` units. Not part
/// of the API.
pub fn thread_count(threads: usize, len: usize, min_piece: usize, most: Option<usize>) -> usize {
    let by_work = len / min_piece.max(1);
    if by_work < 2 || threads == 1 {
        // One thread whatever the machine: no need to ask it (a system call or more).
        return 1;
    }
    let most = most.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let wanted = if threads == 0 {
        most
    } else {
        threads.min(most)
    };
    wanted.min(by_work).max(1)
}

/// Threads a call may use and start. Not part of the API: the tests ask for more threads than
/// the machine runs (to reach more interleavings) and for threads that cannot be started.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threads {
    /// The most threads a call uses; `None`: the machine's available parallelism.
    pub most: Option<usize>,
    /// Starting the thread with this index (the calling thread is 0) and every one after it
    /// fails, as under a pids limit; `usize::MAX`: every start succeeds.
    pub starts_fail_from: usize,
}

impl Threads {
    /// What the public calls use.
    pub const MACHINE: Threads = Threads {
        most: None,
        starts_fail_from: usize::MAX,
    };
    /// As many as asked for: the tests' setting.
    pub const UNCAPPED: Threads = Threads {
        most: Some(usize::MAX),
        starts_fail_from: usize::MAX,
    };
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
/// The pieces' outputs, one after the other, are the output of the whole under every policy.
/// Their STRICT statuses may differ in one way: a piece that ends inside an unfinished sequence
/// is [`Status::Truncated`] where the whole, which goes on with a unit that cannot continue it,
/// is [`Status::Invalid`] at the same offset. Take a truncation in any piece but the last as an
/// error at that offset, and ask the one-piece call from that offset on for its kind and length,
/// as [`validate_parallel`] does.
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

/// How `src` is cut for `parts` threads: the number of slices, about four per thread and at most
/// `most` units each, and where slice `k` starts (`src.len()` for `k` at or past that number).
/// Slice `k` starts at the split point at or before `k` times the size; at 4 units or more each
/// starts after the one before (a split point backs up 3 units at most).
fn slicing<S: Unit>(
    src: &[S],
    from: Encoding,
    parts: usize,
    most: usize,
) -> (usize, impl Fn(usize) -> usize + Sync + '_) {
    let size = (src.len() / (4 * parts)).clamp(4, most.max(4));
    let slices = src.len().div_ceil(size);
    let cut = move |k: usize| {
        if k >= slices {
            src.len()
        } else {
            split_point(src, from, k * size)
        }
    };
    (slices, cut)
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
    validate_parallel_with(src, threads, MIN_PIECE, Threads::MACHINE)
}

/// [`validate_parallel`] with the smallest piece given (the tests use small ones) and as many
/// threads as asked for. Not part of the API.
pub fn validate_parallel_in(src: &[u8], threads: usize, min_piece: usize) -> Outcome {
    validate_parallel_with(src, threads, min_piece, Threads::UNCAPPED)
}

/// [`validate_parallel`] with every setting given. Not part of the API.
pub fn validate_parallel_with(
    src: &[u8],
    threads: usize,
    min_piece: usize,
    pool: Threads,
) -> Outcome {
    let parts = thread_count(threads, src.len(), min_piece, pool.most);
    if parts == 1 {
        return crate::validate(src);
    }
    // Slices are handed out in order from one counter rather than cut into one piece per
    // thread: a thread that finishes early takes the next slice instead of waiting for a slow
    // one (threads start at different times, and on a shared machine run at different speeds).
    let (slices, cut) = slicing(src, Encoding::Utf8, parts, SLICE);
    let next = AtomicUsize::new(0);
    // The first slice known to hold an error (`slices`: none yet). Every slice before it was
    // handed out before it, so is checked in full: the earliest error found is the first.
    let first_bad = AtomicUsize::new(slices);
    let errors = on_threads(parts, pool.starts_fail_from, |_| {
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

/// Input bytes a conversion slice holds: the slice and its output stay in the core's cache
/// from converting it to copying it out (a quarter of a 1 MiB L2 with UTF-16 out), and a slice
/// takes tens of microseconds, far more than handing it over.
const CONVERT_SLICE: usize = 1 << 17;

/// How [`convert_parallel`] cuts and copies. Not part of the API: the benchmarks compare
/// settings with it.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Input units per thread below which the call is the one-thread call.
    pub min_piece: usize,
    /// The most input bytes of one slice.
    pub slice: usize,
    /// How a slice's output gets to its place.
    pub place: Place,
    /// A fault to inject, for the tests of what the call does when a thread panics or memory
    /// runs out.
    pub fault: Fault,
    /// How many threads it may use and start.
    pub threads: Threads,
}

/// A fault [`convert_parallel_tuned`] injects. Not part of the API: the tests use it.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// None: what [`convert_parallel`] runs.
    None,
    /// The thread that takes this slice panics before it converts it.
    PanicAt(usize),
    /// No buffer of a thread's own can grow (as when `try_reserve` fails), so every slice is
    /// measured and converted in place.
    NoMemory,
}

/// How the parallel conversion writes a slice's output. Not part of the API.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Measured, then converted in place once the slices before it are placed: the input is
    /// read twice (the second time from the cache), the output written once.
    Converted,
    /// Converted into the thread's own buffer, then copied into place with stores that bypass
    /// the cache.
    Streamed,
    /// The same with a plain copy.
    Copied,
}

impl Tuning {
    /// What [`convert_parallel`] uses.
    pub const DEFAULT: Tuning = Tuning {
        min_piece: MIN_PIECE,
        slice: CONVERT_SLICE,
        place: Place::Streamed,
        fault: Fault::None,
        threads: Threads::MACHINE,
    };
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
    convert_parallel_tuned(src, from, dst, to, policy, threads, Tuning::DEFAULT)
}

/// [`convert_parallel`] with the smallest piece given (the tests use small ones) and as many
/// threads as asked for. Not part of the API.
pub fn convert_parallel_in<S: Unit, T: Unit>(
    src: &[S],
    from: Encoding,
    dst: Option<&mut [T]>,
    to: Encoding,
    policy: Policy,
    threads: usize,
    min_piece: usize,
) -> Outcome {
    let tuning = Tuning {
        min_piece,
        threads: Threads::UNCAPPED,
        ..Tuning::DEFAULT
    };
    convert_parallel_tuned(src, from, dst, to, policy, threads, tuning)
}

/// A slice converted (or measured) before the slices before it were placed.
struct Done<T> {
    /// Its index.
    k: usize,
    /// Its conversion's result (`read` from its start).
    r: Outcome,
    /// Its output, when it was converted into a buffer of its own.
    out: Vec<T>,
    /// Measured only (`Place::Converted`, or no memory for a buffer): converted in place once
    /// placed.
    in_place: bool,
}

/// The output as placed so far, in slice order.
struct Line<'a, T> {
    /// The slice placed next.
    next: usize,
    /// The output after the slices placed (`None` when measuring, or once a slice decided).
    room: Option<&'a mut [T]>,
    written: usize,
    replaced: usize,
    /// A slice failed or did not fit: it decides the result, and no later slice is placed.
    stopped: bool,
    /// Slices done before their turn, placed by the thread that places the slice before them.
    waiting: Vec<Done<T>>,
    /// Buffers of placed slices, for the next slices.
    spare: Vec<Vec<T>>,
    /// Threads asleep until fewer slices wait (waking none costs a system call all the same).
    sleepers: usize,
}

/// The line and what threads wait on.
struct Shared<'a, T> {
    line: Mutex<Line<'a, T>>,
    fewer: Condvar,
    /// `line.stopped`, readable without the lock.
    stopped: AtomicBool,
}

impl<'a, T> Shared<'a, T> {
    fn lock(&self) -> MutexGuard<'_, Line<'a, T>> {
        self.line.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Ends the line: a slice decides (or a thread panicked).
    fn stop(&self, line: &mut Line<'a, T>) {
        line.stopped = true;
        self.stopped.store(true, Ordering::Relaxed);
        self.fewer.notify_all();
    }
}

/// Wakes the sleeping threads when a thread unwinds, so that they end and the panic reaches the
/// caller instead of the call hanging.
struct StopOnPanic<'s, 'a, T>(&'s Shared<'a, T>);

impl<T> Drop for StopOnPanic<'_, '_, T> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let mut line = self.0.lock();
            self.0.stop(&mut line);
        }
    }
}

/// [`convert_parallel`] with every setting given. Not part of the API.
///
/// Threads take slices of the input in order from one counter and convert each into a buffer
/// of their own, which measures it. The thread that finishes the first slice not yet placed
/// takes the next `written` units of the output for it, and for every slice after it already
/// done, and copies their output there; a slice done before its turn waits in the line for
/// that thread, while its own thread goes on with the next slice. So no thread waits for
/// another (a thread that finds twice as many slices as threads waiting sleeps until fewer do,
/// so at most about three per thread wait), the input is read once from memory and the output
/// written once. The first slice that fails or does not fit in the room left decides the
/// result: it is converted again from its start, into that room, as the one-thread call would.
pub fn convert_parallel_tuned<S: Unit, T: Unit>(
    src: &[S],
    from: Encoding,
    dst: Option<&mut [T]>,
    to: Encoding,
    policy: Policy,
    threads: usize,
    tuning: Tuning,
) -> Outcome {
    let parts = thread_count(threads, src.len(), tuning.min_piece, tuning.threads.most);
    if parts == 1 || !splittable(from) {
        return crate::convert(src, from, dst, to, policy);
    }
    let (slices, cut) = slicing(src, from, parts, tuning.slice / core::mem::size_of::<S>());
    // Slice `k` converted with the whole rest in view.
    let run = |k: usize, dst: Option<&mut [T]>| {
        let (start, end) = (cut(k), cut(k + 1));
        let rest = &src[start..];
        simd::with_kernels(rest.len(), |kernels| {
            convert_until(kernels, rest, end - start, from, dst, to, policy)
        })
    };
    let measuring = dst.is_none();
    let shared = Shared {
        line: Mutex::new(Line {
            next: 0,
            room: dst,
            written: 0,
            replaced: 0,
            stopped: false,
            waiting: Vec::new(),
            spare: Vec::new(),
            sleepers: 0,
        }),
        fewer: Condvar::new(),
        stopped: AtomicBool::new(false),
    };
    let handed = AtomicUsize::new(0);
    let deciders = on_threads(parts, tuning.threads.starts_fail_from, |_| {
        let _guard = StopOnPanic(&shared);
        let mut own: Vec<T> = Vec::new();
        loop {
            let k = handed.fetch_add(1, Ordering::Relaxed);
            if k >= slices || shared.stopped.load(Ordering::Relaxed) {
                return None;
            }
            if tuning.fault == Fault::PanicAt(k) {
                panic!("fault injected at slice {k}");
            }
            let converted = if measuring || tuning.place == Place::Converted {
                None
            } else {
                // As many output units as input units: enough for UTF-8 into UTF-16 or UTF-32
                // without measuring first.
                let hint = cut(k + 1) - cut(k) + 16;
                let memory = tuning.fault != Fault::NoMemory;
                into_own(&mut own, hint, memory, |d| run(k, d))
            };
            // Not converted into a buffer of its own (by choice, or for want of memory): only
            // measured, and converted in place once placed.
            let in_place = !measuring && converted.is_none();
            let r = converted.unwrap_or_else(|| run(k, None));
            let out = core::mem::take(&mut own);
            let done = Done {
                k,
                r,
                out,
                in_place,
            };
            let mut line = shared.lock();
            if line.stopped {
                return None;
            }
            if line.next != k {
                line.waiting.push(done);
                own = line.spare.pop().unwrap_or_default();
                while line.waiting.len() >= 2 * parts && !line.stopped {
                    line.sleepers += 1;
                    line = shared
                        .fewer
                        .wait(line)
                        .unwrap_or_else(PoisonError::into_inner);
                    line.sleepers -= 1;
                }
                continue;
            }
            // This slice's turn: place it and every slice after it that is done.
            let mut placed = Vec::new();
            let mut current = done;
            let decider = loop {
                let room = line.room.as_ref().map_or(usize::MAX, |r| r.len());
                if !current.r.is_ok() || current.r.written > room {
                    let at = (line.room.take(), line.written, line.replaced);
                    shared.stop(&mut line);
                    break Some((current, at));
                }
                let place = line.room.take().map(|all| {
                    let (place, rest) = all.split_at_mut(current.r.written);
                    line.room = Some(rest);
                    place
                });
                line.written += current.r.written;
                line.replaced += current.r.replaced;
                line.next += 1;
                placed.push((current, place));
                let next = line.next;
                match line.waiting.iter().position(|d| d.k == next) {
                    Some(i) => current = line.waiting.swap_remove(i),
                    None => break None,
                }
            };
            let wake = line.sleepers > 0;
            drop(line);
            if wake {
                shared.fewer.notify_all();
            }
            let mut buffers = Vec::new();
            for (done, place) in placed {
                if let Some(place) = place {
                    let n = place.len();
                    if done.in_place {
                        // The input measured: the same `written` units, status Ok.
                        _ = run(done.k, Some(place));
                    } else if tuning.place == Place::Streamed {
                        simd::copy_streaming(place, &done.out[..n]);
                    } else {
                        place.copy_from_slice(&done.out[..n]);
                    }
                }
                buffers.push(done.out);
            }
            if let Some((done, (room, before, replaced))) = decider {
                let mut d = if measuring { done.r } else { run(done.k, room) };
                d.read += cut(done.k);
                d.written += before;
                d.replaced += replaced;
                return Some(d);
            }
            own = buffers.pop().unwrap_or_default();
            if !buffers.is_empty() {
                shared.lock().spare.append(&mut buffers);
            }
        }
    });
    match deciders.into_iter().flatten().next() {
        Some(d) => d,
        None => {
            let line = shared.lock();
            debug_assert_eq!(line.next, slices, "every slice placed");
            Outcome {
                read: src.len(),
                written: line.written,
                replaced: line.replaced,
                ..Outcome::default()
            }
        }
    }
}

/// `convert(Some(own))`, `own` first grown to `hint` units, then, when the output does not fit,
/// to what `convert(None)` measures; a failed measurement is the result. `None` when `own`
/// cannot grow (no memory; always without `memory`, for the tests): the caller converts in
/// place instead, so that a lack of memory for the slices' output (the only large allocation)
/// costs speed rather than the process.
fn into_own<T: Unit>(
    own: &mut Vec<T>,
    hint: usize,
    memory: bool,
    convert: impl Fn(Option<&mut [T]>) -> Outcome,
) -> Option<Outcome> {
    let reserve = |own: &mut Vec<T>, n: usize| memory && own.try_reserve_exact(n).is_ok();
    if own.len() < hint && reserve(own, hint - own.len()) {
        own.resize(hint, T::default());
    }
    let r = convert(Some(&mut own[..]));
    if r.status != Status::OutputFull {
        return Some(r);
    }
    let m = convert(None);
    if !m.is_ok() {
        return Some(m);
    }
    let want = m.written.max(2 * own.len());
    if !reserve(own, want - own.len()) {
        return None;
    }
    own.resize(want, T::default());
    Some(convert(Some(&mut own[..])))
}

/// `f(i)` for `i` in `0..count`, `f(0)` on this thread and the others on threads of their own,
/// started while they can be: a thread that cannot be started (or, for the tests, every one from
/// index `fail_from` on) is left out, with no panic and nothing printed, so the results (in
/// order) are fewer then. The callers hand out work from a shared counter, so that the threads
/// that run do all of it.
fn on_threads<R: Send>(count: usize, fail_from: usize, f: impl Fn(usize) -> R + Sync) -> Vec<R> {
    if count == 0 {
        return Vec::new();
    }
    std::thread::scope(|scope| {
        let f = &f;
        let handles: Vec<_> = (1..count)
            .map_while(|i| {
                if i >= fail_from {
                    return None;
                }
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || f(i))
                    .ok()
            })
            .collect();
        let mut out = Vec::with_capacity(handles.len() + 1);
        out.push(f(0));
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
