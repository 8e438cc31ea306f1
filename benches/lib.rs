//! What the benchmarks of utf8x share (`throughput`, `cost`, `insn`): slice-based wrappers over
//! the simdutf crate.

pub mod simdutf_shim;
