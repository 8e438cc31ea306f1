//! Which kernel set runs.

use super::boundary::ffi_boundary;
use core::ffi::{CStr, c_char};
use std::ffi::CString;
use std::sync::OnceLock;

/// Returns the name of the kernel set this process uses: `"avx512"`, `"avx2"`, `"sse42"` (x86-64),
/// `"neon"` (aarch64), `"wasm-simd128"` (WebAssembly built with SIMD128) or `"scalar"` (the
/// portable code), as a static NUL-terminated string. Never NULL; never free it.
///
/// The set is chosen once, at the first call of any utf8x function: the fastest one this CPU
/// runs, or the one named by the environment variable `UTF8X_KERNEL` (`scalar`, `sse42`,
/// `avx2`, `avx512` on x86-64; `scalar`, `neon` on aarch64; `scalar`, `wasm-simd128` on
/// WebAssembly) when the CPU runs it; otherwise the best available, which this function then
/// reports.
/// Every set gives identical results (output, offsets, counts); only speed differs.
#[unsafe(no_mangle)]
pub extern "C" fn utf8x_kernel_name() -> *const c_char {
    ffi_boundary(|| c"scalar".as_ptr(), || active_cstr().as_ptr())
}

/// The core's name of the active set as a C string, made once: the set never changes after the
/// first call, and the names are the core's own, so a new set needs nothing here. A name the
/// core could not pass to C (it holds a NUL) reads as the portable set's.
fn active_cstr() -> &'static CStr {
    static NAME: OnceLock<Option<CString>> = OnceLock::new();
    NAME.get_or_init(|| CString::new(utf8x::active_kernel()).ok())
        .as_deref()
        .unwrap_or(c"scalar")
}
