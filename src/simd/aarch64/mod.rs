//! aarch64 kernel set: NEON (part of the base ISA, so every aarch64 CPU runs it). The generic
//! algorithms (`generic`) instantiated on `uint8x16_t`, whose primitives are in `vector`.

use super::KernelSet;
use super::scalar;

mod vector;

use core::arch::aarch64::uint8x16_t;

kernel_set!(neon, "neon", "neon", uint8x16_t);

/// Every set, portable first, best last.
pub(super) static SETS: [&KernelSet; 2] = [&scalar::KERNELS, &neon::KERNELS];

/// Whether this CPU can run `SETS[i]`.
pub(super) fn runs(i: usize) -> bool {
    match i {
        0 => true,
        1 => std::arch::is_aarch64_feature_detected!("neon"),
        _ => false,
    }
}
