//! The calling thread's `errno`, for the libc-compatible functions.

use core::ffi::c_int;

#[cfg(any(
    target_os = "linux",
    target_os = "android",
    target_os = "emscripten",
    target_os = "wasi"
))]
fn errno_location() -> *mut c_int {
    // SAFETY: always safe to call; returns this thread's errno slot.
    unsafe { libc::__errno_location() }
}

#[cfg(any(
    target_vendor = "apple",
    target_os = "freebsd",
    target_os = "dragonfly"
))]
fn errno_location() -> *mut c_int {
    // SAFETY: always safe to call; returns this thread's errno slot.
    unsafe { libc::__error() }
}

/// Sets the calling thread's `errno`.
pub(super) fn set_errno(code: c_int) {
    // SAFETY: the pointer is the calling thread's errno, valid for the thread's lifetime.
    unsafe { *errno_location() = code }
}
