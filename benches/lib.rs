//! What the benchmarks of utf8x share (`throughput`, `cost`, `insn`, `widen`): slice-based
//! wrappers over the simdutf crate, and the bare widening and narrowing loops that are the limit
//! of the conversions between UTF-16 and UTF-32.

#[cfg(target_arch = "x86_64")]
pub mod bare;
#[cfg(not(target_arch = "x86_64"))]
#[path = "bare_elsewhere.rs"]
pub mod bare;
pub mod simdutf_shim;

/// The header line of the benchmarks that time utf8x beside simdutf: which kernels each runs
/// (`utf8x_kernel`: `utf8x::active_kernel()`; simdutf's as forced, or its own choice).
pub fn print_kernels(utf8x_kernel: &str) {
    let forced = std::env::var("SIMDUTF_FORCE_IMPLEMENTATION");
    println!(
        "kernel:  utf8x {utf8x_kernel}; simdutf {}",
        forced.as_deref().unwrap_or("its best for this CPU")
    );
}
