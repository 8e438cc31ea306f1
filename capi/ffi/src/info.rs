//! Version and descriptions.

use core::ffi::c_char;

use utf8x::{ErrorKind, Status};

use super::boundary::ffi_boundary;

/// Returns the library's version as `(major << 16) | (minor << 8) | patch`; compare it with
/// `UTF8X_VERSION_MAJOR` etc. to detect a header/library mismatch.
#[unsafe(no_mangle)]
pub extern "C" fn utf8x_version() -> u32 {
    ffi_boundary(|| 0, utf8x::version)
}

/// Returns a static, NUL-terminated English description of a `UTF8X_*` status code, or
/// `"unknown status"` for any other value. Never NULL; never free it.
#[unsafe(no_mangle)]
pub extern "C" fn utf8x_status_str(status: u32) -> *const c_char {
    ffi_boundary(
        || c"unknown status".as_ptr(),
        || {
            Status::from_u32(status)
                .map_or(c"unknown status", Status::as_cstr)
                .as_ptr()
        },
    )
}

/// Returns a static, NUL-terminated English description of a `UTF8X_ERR_*` kind, or
/// `"unknown error"` for any other value. Never NULL; never free it.
#[unsafe(no_mangle)]
pub extern "C" fn utf8x_error_str(error: u32) -> *const c_char {
    ffi_boundary(
        || c"unknown error".as_ptr(),
        || {
            ErrorKind::from_u32(error)
                .map_or(c"unknown error", ErrorKind::as_cstr)
                .as_ptr()
        },
    )
}
