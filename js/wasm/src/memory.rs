//! Allocation for the JavaScript side, the result record, and the only place where the raw
//! pointers it passes become slices.

use std::alloc::{Layout, alloc, dealloc};
use utf8x::{Outcome, Unit};

/// Every block is aligned for the widest code unit (`u32`) and for the stream's `u64` words.
const ALIGN: usize = 8;

/// `size` bytes aligned to 8, or 0 when the memory cannot grow that far (the caller throws).
/// A size of 0 allocates one byte, so every block has an address of its own.
#[unsafe(no_mangle)]
pub extern "C" fn u8x_alloc(size: usize) -> *mut u8 {
    match Layout::from_size_align(size.max(1), ALIGN) {
        // SAFETY: the layout's size is not zero.
        Ok(layout) => unsafe { alloc(layout) },
        Err(_) => core::ptr::null_mut(),
    }
}

/// Frees a block from [`u8x_alloc`] of the same `size`.
///
/// # Safety
/// `ptr` came from `u8x_alloc(size)` and is not used afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn u8x_free(ptr: *mut u8, size: usize) {
    if ptr.is_null() {
        return;
    }
    if let Ok(layout) = Layout::from_size_align(size.max(1), ALIGN) {
        // SAFETY: the caller passes a block of `u8x_alloc` with this layout.
        unsafe { dealloc(ptr, layout) }
    }
}

/// `len` units at `ptr` as a slice.
///
/// # Safety
/// `ptr` is aligned for `T` and `len` units from it lie in one block the caller allocated (or
/// `len` is 0), not written during the call.
pub unsafe fn units<'a, T: Unit>(ptr: *const u8, len: usize) -> &'a [T] {
    if len == 0 || ptr.is_null() {
        return &[];
    }
    // SAFETY: by this function's contract.
    unsafe { core::slice::from_raw_parts(ptr.cast::<T>(), len) }
}

/// `len` units at `ptr` as a mutable slice.
///
/// # Safety
/// As [`units`], and the block overlaps no other slice of the call.
pub unsafe fn units_mut<'a, T: Unit>(ptr: *mut u8, len: usize) -> &'a mut [T] {
    if len == 0 || ptr.is_null() {
        return &mut [];
    }
    // SAFETY: by this function's contract.
    unsafe { core::slice::from_raw_parts_mut(ptr.cast::<T>(), len) }
}

/// Writes `o` as six `u32` at `out` (status, error, read, written, error length, replaced).
///
/// # Safety
/// `out` is aligned for `u32` and has room for six of them.
pub unsafe fn put(out: *mut u32, o: Outcome) {
    let words = [
        o.status as u32,
        o.error as u32,
        o.read as u32,
        o.written as u32,
        o.error_len as u32,
        o.replaced as u32,
    ];
    // SAFETY: by this function's contract.
    unsafe { core::ptr::copy_nonoverlapping(words.as_ptr(), out, words.len()) }
}

/// Runs `$body` with `$S` and `$T` the unit types (`u8`, `u16`, `u32`) of the encodings `$from`
/// and `$to`.
macro_rules! with_units {
    ($from:expr, $to:expr, |$S:ident, $T:ident| $body:expr) => {
        with_units!(@src $from, $to, $S, $T, $body)
    };
    (@src $from:expr, $to:expr, $S:ident, $T:ident, $body:expr) => {
        match $from.unit_size() {
            1 => { type $S = u8; with_units!(@dst $to, $T, $body) }
            2 => { type $S = u16; with_units!(@dst $to, $T, $body) }
            _ => { type $S = u32; with_units!(@dst $to, $T, $body) }
        }
    };
    (@dst $to:expr, $T:ident, $body:expr) => {
        match $to.unit_size() {
            1 => { type $T = u8; $body }
            2 => { type $T = u16; $body }
            _ => { type $T = u32; $body }
        }
    };
}
pub(crate) use with_units;
