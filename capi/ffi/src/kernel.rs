//! Which kernel set runs.

use super::boundary::ffi_boundary;
use core::ffi::c_char;

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
    ffi_boundary(
        || c"scalar".as_ptr(),
        || kernel_cstr(utf8x::active_kernel()).as_ptr(),
    )
}

fn kernel_cstr(name: &str) -> &'static core::ffi::CStr {
    match name {
        "avx512" => c"avx512",
        "avx2" => c"avx2",
        "sse42" => c"sse42",
        "neon" => c"neon",
        "wasm-simd128" => c"wasm-simd128",
        _ => c"scalar",
    }
}
