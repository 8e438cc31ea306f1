//! wasm32 kernel set: SIMD128 (`core::arch::wasm32`). The generic algorithms (`generic`)
//! instantiated on `v128`, whose primitives are in `vector`. WebAssembly has no runtime feature
//! detection: a module either validates with SIMD128 instructions or the engine refuses all of
//! it, so this set is compiled in only with `-C target-feature=+simd128`, and compiled in means
//! it runs. Without the feature, the portable set is the only one (see `simd::SETS`).

use super::KernelSet;
use super::scalar;

mod probe;
mod vector;

pub use probe::primitive;

use core::arch::wasm32::v128;

kernel_set!(simd128, "wasm-simd128", "simd128", v128);

/// Every set, portable first, best last.
pub(super) static SETS: [&KernelSet; 2] = [&scalar::KERNELS, &simd128::KERNELS];

/// Whether this engine can run `SETS[i]`: both, since the module validated.
pub(super) fn runs(i: usize) -> bool {
    i < SETS.len()
}
