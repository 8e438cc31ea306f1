//! aarch64 kernel set: NEON (part of the base ISA, so every aarch64 CPU runs it). The generic
//! algorithms (`generic`) instantiated on `uint8x16_t`, whose primitives are in `vector`, but
//! for UTF-32 → UTF-16, whose runs of BMP text are NEON's own (`utf16_utf32`).

use super::KernelSet;
use super::scalar;

mod utf16_utf32;
mod vector;

use core::arch::aarch64::uint8x16_t;

kernel_set!(neon_generic, "neon", "neon", uint8x16_t);

/// The NEON set: `neon_generic` with the UTF-32 → UTF-16 conversions of `utf16_utf32`, each
/// in a function with NEON enabled (inputs under `SHORT` units going to the portable kernel).
mod neon {
    use super::*;
    use crate::simd::utf16_utf32::{self as portable, Utf16Utf32};
    use crate::simd::{Convert, Ordered};

    wrap!("neon", to16_nn(src: &[u32], dst: &mut [u16]) -> (usize, usize) =
        utf16_utf32::to_utf16::<false, false>, portable::to_utf16::<false, false>);
    wrap!("neon", to16_sn(src: &[u32], dst: &mut [u16]) -> (usize, usize) =
        utf16_utf32::to_utf16::<true, false>, portable::to_utf16::<true, false>);
    wrap!("neon", to16_ns(src: &[u32], dst: &mut [u16]) -> (usize, usize) =
        utf16_utf32::to_utf16::<false, true>, portable::to_utf16::<false, true>);
    wrap!("neon", to16_ss(src: &[u32], dst: &mut [u16]) -> (usize, usize) =
        utf16_utf32::to_utf16::<true, true>, portable::to_utf16::<true, true>);

    pub(in crate::simd) static KERNELS: KernelSet = KernelSet {
        utf16_utf32: Utf16Utf32 {
            // Index: the order of the UTF-32 input; within it, of the UTF-16 output.
            to_utf16: [
                Ordered {
                    native: to16_nn as Convert<u32, u16>,
                    swapped: to16_sn,
                },
                Ordered {
                    native: to16_ns,
                    swapped: to16_ss,
                },
            ],
            ..neon_generic::KERNELS.utf16_utf32
        },
        ..neon_generic::KERNELS
    };
}

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
