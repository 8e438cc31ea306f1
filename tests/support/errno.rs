//! The calling thread's errno, read and written one way by every suite, so that a test checking
//! an errno sees the value the C function under test left, whichever helper it goes through.

/// This thread's errno.
pub fn errno() -> i32 {
    std::io::Error::last_os_error().raw_os_error().unwrap_or(0)
}

/// Sets this thread's errno: cleared before a call, it shows whether the call set one.
#[cfg(target_os = "linux")]
pub fn set_errno(v: i32) {
    // SAFETY: glibc returns this thread's errno slot.
    unsafe { *libc::__errno_location() = v }
}

#[cfg(target_os = "linux")]
pub fn clear_errno() {
    set_errno(0);
}
