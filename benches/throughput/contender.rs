//! One implementation of one operation, as the timing loop sees it.

use crate::data::Text;

/// Runs the operation `iters` times on the same input and returns the last result: `None` when
/// the input was rejected, otherwise the number of output units written (0 for validators).
pub type Batch<I, O> = Box<dyn Fn(&Text<I>, &mut [O], u64) -> Option<usize>>;

pub struct Contender<I, O> {
    pub name: &'static str,
    /// False for the "valid input only" fast paths (simdutf `convert_valid_*`, encoding_rs `mem`
    /// functions that replace instead of reporting): they are checked on well-formed input only.
    pub validates: bool,
    /// False for [`copy`], which writes the input's bytes, not a conversion: never compared.
    pub checked: bool,
    pub batch: Batch<I, O>,
}

/// The name of the [`copy`] column.
pub const COPY: &str = "copy";

/// `memcpy` of the input's bytes into the output buffer (as many as it holds): the physical
/// limit of the rows that move memory and little else, timed in the same run as the others.
/// Where a row's output has more bytes than its input, the table times [`copy_bytes`] of the
/// output's size in its place (see `Op::measure`).
pub fn copy<I: bytemuck::Pod, O: bytemuck::Pod>() -> Contender<I, O> {
    Contender {
        name: COPY,
        validates: false,
        checked: false,
        batch: batch(|src: &Text<I>, dst: &mut [O], iters| {
            let mut last = None;
            for _ in 0..iters {
                let from: &[u8] = bytemuck::cast_slice(std::hint::black_box(&**src));
                let to: &mut [u8] = bytemuck::cast_slice_mut(std::hint::black_box(&mut *dst));
                let n = from.len().min(to.len());
                to[..n].copy_from_slice(&from[..n]);
                last = std::hint::black_box(Some(n / size_of::<O>()));
            }
            last
        }),
    }
}

/// `memcpy` of `from` into the bytes of `dst` (as many as it holds), `iters` times: the copy
/// column of a row whose output outweighs its input (UTF-8 -> UTF-32 writes four bytes per ASCII
/// byte read), so that the copy moves as many bytes as the conversion's larger side.
pub fn copy_bytes<O: bytemuck::Pod>(from: &[u8], dst: &mut [O], iters: u64) {
    for _ in 0..iters {
        let from = std::hint::black_box(from);
        let to: &mut [u8] = bytemuck::cast_slice_mut(std::hint::black_box(&mut *dst));
        let n = from.len().min(to.len());
        to[..n].copy_from_slice(&from[..n]);
        std::hint::black_box(&to[..n]);
    }
}

/// The name of the [`limit`] column.
pub const LIMIT: &str = "limit";

/// A bare loop that moves the same units with no check at all (`utf8x_bench::bare`: UTF-16
/// widened to UTF-32, UTF-32 narrowed to UTF-16): the physical limit of a conversion between
/// UTF-16 and UTF-32 on text of the first plane, where the conversion does nothing else. Like
/// [`copy`], never compared.
pub fn limit<I: 'static, O: 'static>(f: fn(&[I], &mut [O]) -> Option<usize>) -> Contender<I, O> {
    Contender {
        name: LIMIT,
        validates: false,
        checked: false,
        batch: batch(move |src: &Text<I>, dst: &mut [O], iters| {
            let mut last = None;
            for _ in 0..iters {
                last = std::hint::black_box(f(
                    std::hint::black_box(&**src),
                    std::hint::black_box(&mut *dst),
                ));
            }
            last
        }),
    }
}

/// Boxes a batch closure; passing it through a function with an `Fn` bound is what lets the
/// compiler infer the closure's higher-ranked argument lifetimes.
pub fn batch<I, O>(f: impl Fn(&Text<I>, &mut [O], u64) -> Option<usize> + 'static) -> Batch<I, O> {
    Box::new(f)
}

impl<I, O> Contender<I, O> {
    pub fn once(&self, src: &Text<I>, dst: &mut [O]) -> Option<usize> {
        (self.batch)(src, dst, 1)
    }
}

/// `contender!("name", |src, dst| body)`: `src` is a `&Text<I>` (it derefs to `&[I]`), `dst` the
/// `&mut [O]` output buffer, sized for the worst case; `body` yields `Option<usize>`.
///
/// The body is expanded inside the timing loop so that it is inlined there exactly as a caller
/// would inline it; only the call of the whole batch goes through a pointer. `black_box` hides
/// from the optimizer that the input, the buffer and the result are the same every iteration.
/// Prefix the name with `~` (`contender!(~"name", ...)`) for a contender that does not validate.
macro_rules! contender {
    (~$name:expr, |$src:tt, $dst:tt| $body:expr) => {
        $crate::contender::Contender {
            validates: false,
            ..contender!($name, |$src, $dst| $body)
        }
    };
    ($name:expr, |$src:tt, $dst:tt| $body:expr) => {
        $crate::contender::Contender {
            name: $name,
            validates: true,
            checked: true,
            batch: $crate::contender::batch(move |src, dst, iters| {
                let mut last = None;
                for _ in 0..iters {
                    let $src = ::std::hint::black_box(src);
                    let $dst = ::std::hint::black_box(&mut *dst);
                    last = ::std::hint::black_box($body);
                }
                last
            }),
        }
    };
}
pub(crate) use contender;
