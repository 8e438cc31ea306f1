//! Argument checks shared by every shim: the only place raw pointers become slices.
//!
//! None of these catches panics: the exported functions that call them already run inside
//! `ffi_boundary` (see `boundary.rs`).

use core::mem::{align_of, size_of};

use utf8x::{Outcome, Policy};

use super::utf8x_result;

/// True when `ptr` can start a slice of `len` `T`s: non-NULL (unless empty), aligned, and not
/// wrapping the address space.
fn usable<T>(ptr: *const T, len: usize) -> bool {
    len == 0
        || (!ptr.is_null()
            && ptr.addr().is_multiple_of(align_of::<T>())
            && len.checked_mul(size_of::<T>()).is_some_and(|bytes| {
                bytes <= isize::MAX as usize && ptr.addr().checked_add(bytes).is_some()
            }))
}

/// The input slice, or `None` when the arguments cannot describe one.
///
/// # Safety
/// When `len > 0` and the pointer passes the checks, it must point to `len` readable `T`s.
pub(super) unsafe fn input<'a, T>(ptr: *const T, len: usize) -> Option<&'a [T]> {
    if !usable(ptr, len) {
        return None;
    }
    if len == 0 {
        return Some(&[]);
    }
    // SAFETY: non-NULL, aligned, in range (checked above); readable per the caller's contract.
    Some(unsafe { core::slice::from_raw_parts(ptr, len) })
}

/// The output: `Some(None)` to measure (NULL), `Some(Some(slice))` to write, `None` when the
/// pointer is unusable.
///
/// # Safety
/// When non-NULL, `ptr` must point to `cap` writable `T`s not otherwise borrowed.
pub(super) unsafe fn output<'a, T>(ptr: *mut T, cap: usize) -> Option<Option<&'a mut [T]>> {
    if ptr.is_null() {
        return Some(None);
    }
    if !usable(ptr, cap) {
        return None;
    }
    if cap == 0 {
        return Some(Some(&mut []));
    }
    // SAFETY: non-NULL, aligned, in range (checked above); writable and unaliased per contract.
    Some(Some(unsafe { core::slice::from_raw_parts_mut(ptr, cap) }))
}

/// True when the byte ranges of a source and a (non-NULL) destination buffer intersect. Saturating
/// arithmetic keeps it meaningful before the pointers have been checked.
pub(super) fn overlap<S, D>(src: *const S, len: usize, dst: *const D, cap: usize) -> bool {
    let (s, d) = (src.addr(), dst.addr());
    let (s_len, d_len) = (
        len.saturating_mul(size_of::<S>()),
        cap.saturating_mul(size_of::<D>()),
    );
    !dst.is_null()
        && s_len != 0
        && d_len != 0
        && s < d.saturating_add(d_len)
        && d < s.saturating_add(s_len)
}

/// A safe core conversion: input slice, optional output slice, policy.
pub(super) type Core<S, D> = fn(&[S], Option<&mut [D]>, Policy) -> Outcome;

/// The checks of [`convert`]: policy, overlap,
/// pointers; then `core`.
///
/// # Safety
/// As [`convert`].
pub(super) unsafe fn checked<S, D>(
    src: *const S,
    len: usize,
    dst: *mut D,
    cap: usize,
    policy: u32,
    core: impl FnOnce(&[S], Option<&mut [D]>, Policy) -> Outcome,
) -> Outcome {
    let Some(policy) = Policy::from_u32(policy) else {
        return Outcome::bad_argument();
    };
    if overlap(src, len, dst, cap) {
        return Outcome::bad_argument();
    }
    // SAFETY: forwarded from this function's contract; overlap excluded above, so the shared
    // and the mutable slice never alias.
    let (src, dst) = unsafe { (input(src, len), output(dst, cap)) };
    match (src, dst) {
        (Some(src), Some(dst)) => core(src, dst, policy),
        _ => Outcome::bad_argument(),
    }
}

/// The body of every conversion shim: check, build slices, call `core`, map the result.
///
/// # Safety
/// `src` must point to `len` readable units (or be NULL with `len == 0`); `dst` must be NULL or
/// point to `cap` writable units.
pub(super) unsafe fn convert<S, D>(
    src: *const S,
    len: usize,
    dst: *mut D,
    cap: usize,
    policy: u32,
    core: Core<S, D>,
) -> utf8x_result {
    // SAFETY: forwarded from this function's contract.
    unsafe { checked(src, len, dst, cap, policy, core) }.into()
}

/// The body of every validation shim.
///
/// # Safety
/// `src` must point to `len` readable units (or be NULL with `len == 0`).
pub(super) unsafe fn check<S>(
    src: *const S,
    len: usize,
    core: fn(&[S]) -> Outcome,
) -> utf8x_result {
    // SAFETY: forwarded from this function's contract.
    match unsafe { input(src, len) } {
        Some(src) => core(src).into(),
        None => Outcome::bad_argument().into(),
    }
}

/// The body of the shims that return a plain value: `fallback` for unusable arguments.
///
/// # Safety
/// `src` must point to `len` readable bytes (or be NULL with `len == 0`).
pub(super) unsafe fn query<T: Copy>(
    src: *const u8,
    len: usize,
    fallback: T,
    core: fn(&[u8]) -> T,
) -> T {
    // SAFETY: forwarded from this function's contract.
    unsafe { input(src, len) }.map_or(fallback, core)
}

/// The body of the shims that take an offset and return a plain value: `fallback` for unusable
/// arguments.
///
/// # Safety
/// `src` must point to `len` readable bytes (or be NULL with `len == 0`).
pub(super) unsafe fn query_at<T: Copy>(
    src: *const u8,
    len: usize,
    offset: usize,
    fallback: T,
    core: fn(&[u8], usize) -> T,
) -> T {
    // SAFETY: forwarded from this function's contract.
    unsafe { input(src, len) }.map_or(fallback, |src| core(src, offset))
}

/// Calls the generic function `$f::<S, T>($args)` with the unit types whose sizes (1, 2 or 4
/// bytes) `$sizes` gives: the one place the encoding-generic shims turn `void *` into types.
macro_rules! by_unit_sizes {
    ($sizes:expr, $f:ident($($arg:expr),* $(,)?), $otherwise:expr) => {
        match $sizes {
            (1, 1) => $f::<u8, u8>($($arg),*),
            (1, 2) => $f::<u8, u16>($($arg),*),
            (1, 4) => $f::<u8, u32>($($arg),*),
            (2, 1) => $f::<u16, u8>($($arg),*),
            (2, 2) => $f::<u16, u16>($($arg),*),
            (2, 4) => $f::<u16, u32>($($arg),*),
            (4, 1) => $f::<u32, u8>($($arg),*),
            (4, 2) => $f::<u32, u16>($($arg),*),
            (4, 4) => $f::<u32, u32>($($arg),*),
            _ => $otherwise,
        }
    };
}
pub(super) use by_unit_sizes;
