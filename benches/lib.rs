//! What the benchmarks of utf8x share (`throughput`, `cost`, `insn`, `widen`): slice-based
//! wrappers over the simdutf crate, and the bare widening and narrowing loops that are the limit
//! of the conversions between UTF-16 and UTF-32.

#[cfg(target_arch = "x86_64")]
pub mod bare;
#[cfg(not(target_arch = "x86_64"))]
#[path = "bare_elsewhere.rs"]
pub mod bare;
pub mod simdutf_shim;
