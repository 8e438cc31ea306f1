//! The one panic boundary of the C ABI. Every exported `extern "C"` body, here and in the
//! preload library, is `ffi_boundary(on_panic, || body)`, so that no unwind ever crosses into C
//! (undefined behaviour) and each function states what it answers if utf8x has a bug. A test
//! reads the sources and fails on an export whose body starts any other way.

use std::panic::{AssertUnwindSafe, catch_unwind};

use utf8x::Outcome;

use super::utf8x_result;

/// Runs `body`; if it panics, returns `on_panic()` instead of unwinding into the caller.
///
/// `on_panic` is a function rather than a value so that the libc-style fallbacks can set
/// `errno` only when they are used. Public (but hidden) so that the preload library, a separate
/// crate, uses this very boundary instead of a copy that could drift.
#[doc(hidden)]
#[inline]
pub fn ffi_boundary<T>(on_panic: impl FnOnce() -> T, body: impl FnOnce() -> T) -> T {
    // AssertUnwindSafe: after a panic nothing the body touched is used again except through
    // `on_panic`, which sees only its own captures.
    catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|_| on_panic())
}

/// The fallback of the functions that return a `utf8x_result`: `UTF8X_INTERNAL`.
pub(super) fn internal() -> utf8x_result {
    Outcome::internal().into()
}
