//! One input cut into pieces at character boundaries, each piece measured or converted on its
//! own: on the calling thread one after the other, or on up to `threads` threads that take the
//! pieces in order from one counter. The fast decoders use it to check each piece of a new
//! `str`'s storage just after writing it, while it is in the cache, and to use every core.
//!
//! The pieces are the same for every number of threads, so every result is too. Threads come
//! from `std::thread::scope` (none outlives the call); one that cannot start leaves its pieces
//! to the threads that did, the calling thread included.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use utf8x::{Encoding, Unit};

/// Input bytes per thread below which another thread costs more than it saves: the library's
/// own rule for its parallel calls.
const MIN_PER_THREAD: usize = 1 << 20;

/// Input bytes of one piece: small enough that its output (at most four times as many bytes)
/// stays in a core's L2 cache from being written to being checked, large enough that the calls
/// per piece cost nothing next to the work.
const PIECE: usize = 1 << 16;

/// The threads a call asked for `threads` (0: every core) uses on `bytes` of input: no more
/// than the machine runs at once, nor than the input has mebibytes.
pub(crate) fn thread_count(threads: usize, bytes: usize) -> usize {
    let most = bytes / MIN_PER_THREAD;
    if threads == 1 || most < 2 {
        return 1;
    }
    // Asked once: on Linux the answer reads the cgroup's CPU quota from files, tens of
    // microseconds, more than a call on a short input takes.
    static CORES: OnceLock<usize> = OnceLock::new();
    let cores = *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let wanted = if threads == 0 { cores } else { threads };
    wanted.min(cores).min(most).max(1)
}

/// `f(k)` for every `k` in `0..parts`, in order: `f(0)` on this thread, the others on threads
/// of their own, and any that cannot be started on this thread too (same results, no panic).
pub(crate) fn in_parts<R: Send>(parts: usize, f: impl Fn(usize) -> R + Sync) -> Vec<R> {
    std::thread::scope(|scope| {
        let f = &f;
        let started: Vec<_> = (1..parts)
            .map(|k| {
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || f(k))
                    .map_err(|_| k)
            })
            .collect();
        let mut out = Vec::with_capacity(parts.max(1));
        out.push(f(0));
        for t in started {
            out.push(match t {
                Ok(handle) => handle
                    .join()
                    // A panic on a thread is one on this thread, for pyo3's boundary.
                    .unwrap_or_else(|p| std::panic::resume_unwind(p)),
                Err(k) => f(k),
            });
        }
        out
    })
}

/// An input of `S` units in an encoding, cut into pieces, and the threads that process them.
/// The cuts are found once, so that every pass over the input sees the same pieces even when
/// the input changes meanwhile (their reading of it would change with it).
pub(crate) struct Pieces<'a, S> {
    src: &'a [S],
    /// Where each piece after the first starts; empty for one piece (a short input, most calls:
    /// nothing allocated).
    cuts: Vec<usize>,
    threads: usize,
}

impl<'a, S: Unit> Pieces<'a, S> {
    /// `src` in `enc` cut at [`utf8x::split_point`]s about every [`PIECE`] bytes, for
    /// `threads` threads as [`thread_count`] counts them.
    pub(crate) fn new(src: &'a [S], enc: Encoding, threads: usize) -> Pieces<'a, S> {
        // A split point backs up at most 3 units, less than a piece: the cuts only grow.
        let size = PIECE / std::mem::size_of::<S>();
        let cuts = (1..src.len().div_ceil(size))
            .map(|k| utf8x::split_point(src, enc, k * size))
            .collect();
        Pieces {
            src,
            cuts,
            threads: thread_count(threads, std::mem::size_of_val(src)),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.cuts.len() + 1
    }

    /// Where piece `k` starts (the input's length for `k` past the last).
    fn cut(&self, k: usize) -> usize {
        match k {
            0 => 0,
            _ => self.cuts.get(k - 1).copied().unwrap_or(self.src.len()),
        }
    }

    /// The units of piece `k`.
    pub(crate) fn piece(&self, k: usize) -> &'a [S] {
        &self.src[self.cut(k)..self.cut(k + 1)]
    }

    /// `f(k)` for every piece, in order of `k`; `None` as soon as one gives `None` (the pieces
    /// not started by then are not).
    pub(crate) fn each<R: Send>(&self, f: impl Fn(usize) -> Option<R> + Sync) -> Option<Vec<R>> {
        let n = self.len();
        if self.threads == 1 {
            return (0..n).map(f).collect();
        }
        let next = AtomicUsize::new(0);
        let failed = AtomicBool::new(false);
        let work = || {
            let mut done = Vec::new();
            while !failed.load(Ordering::Relaxed) {
                let k = next.fetch_add(1, Ordering::Relaxed);
                if k >= n {
                    break;
                }
                match f(k) {
                    Some(r) => done.push((k, r)),
                    None => failed.store(true, Ordering::Relaxed),
                }
            }
            done
        };
        let mut all: Vec<_> = in_parts(self.threads, |_| work())
            .into_iter()
            .flatten()
            .collect();
        if failed.into_inner() {
            return None;
        }
        all.sort_unstable_by_key(|&(k, _)| k);
        Some(all.into_iter().map(|(_, r)| r).collect())
    }

    /// `f(k, out_k)` for every piece, where `out` is cut into one part per piece, part `k`
    /// `lens(k)` units long, the results joined by `join`: `None` as soon as one gives `None`,
    /// as [`Pieces::each`], or when the parts do not cover `out` exactly (then some of it may
    /// be left unwritten: the caller must not use it).
    pub(crate) fn fill<T: Send, R: Send>(
        &self,
        out: &mut [T],
        lens: impl Fn(usize) -> usize,
        f: impl Fn(usize, &mut [T]) -> Option<R> + Sync,
        join: impl Fn(R, R) -> R,
    ) -> Option<R> {
        // Each part's length is asked once, as it is cut off.
        let mut rest = out;
        let mut next_part = |k: usize| {
            let (part, after) = std::mem::take(&mut rest).split_at_mut_checked(lens(k))?;
            rest = after;
            Some(part)
        };
        if self.threads == 1 {
            // In order on this thread, with nothing to allocate (most calls are short).
            let mut joined: Option<R> = None;
            for k in 0..self.len() {
                let r = f(k, next_part(k)?)?;
                joined = Some(match joined {
                    Some(j) => join(j, r),
                    None => r,
                });
            }
            return joined.filter(|_| rest.is_empty());
        }
        let parts: Vec<Mutex<&mut [T]>> = (0..self.len())
            .map(|k| next_part(k).map(Mutex::new))
            .collect::<Option<_>>()?;
        if !rest.is_empty() {
            return None;
        }
        // Each part is locked once, by the one thread that takes its piece.
        let done = self.each(|k| {
            let mut part = parts[k].lock().unwrap_or_else(|e| e.into_inner());
            f(k, &mut part)
        })?;
        done.into_iter().reduce(join)
    }
}
