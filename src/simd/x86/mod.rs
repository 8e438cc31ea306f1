//! x86-64 kernel sets: SSE4.2 (with SSSE3 shuffles), AVX2 and AVX-512. The SSE4.2 and AVX2
//! sets are the generic algorithms (`generic`) instantiated on `__m128i` and `__m256i`; this
//! module adds the x86 primitives (`vector`), a validator for inputs under 64 bytes built from
//! overlapping 128-bit pieces (`short`), the AVX2 set's UTF-32 → UTF-16 runs of BMP text with
//! stores on 32-byte boundaries (`utf16_utf32_avx2`), both wider sets' Latin-1 → UTF-8
//! (`latin1`), and the AVX-512 set's own compressing
//! transcoders (`compress`, `measure`, `utf16_utf32`), which have no counterpart on ISAs
//! without compress instructions and masked loads.

use core::arch::x86_64::{__m128i, __m256i, __m512i};

use super::generic::{decode_utf8, utf8};
use super::{KernelSet, Ordered, scalar};

mod compress;
mod latin1;
mod measure;
mod short;
pub(super) mod stream;
mod utf16_utf32;
mod utf16_utf32_avx2;
mod vector;

pub use vector::lookup_pair_ssse3;

/// A `Utf16Utf32` whose conversions are those of module `$kernels` (`to_utf32` and `to_utf16`,
/// generic over both byte orders) in functions with `$features` (inputs under `SHORT` units
/// going to the portable kernels), and whose measures are `$base`'s.
macro_rules! utf16_utf32_x86 {
    ($features:literal, $kernels:ident, $base:expr) => {{
        use $crate::simd::Ordered;
        use $crate::simd::utf16_utf32::Utf16Utf32;
        let (nn, sn, ns, ss) = (
            utf16_utf32_pair!($features, $kernels, false, false),
            utf16_utf32_pair!($features, $kernels, true, false),
            utf16_utf32_pair!($features, $kernels, false, true),
            utf16_utf32_pair!($features, $kernels, true, true),
        );
        Utf16Utf32 {
            to_utf32: [
                Ordered {
                    native: nn.0,
                    swapped: sn.0,
                },
                Ordered {
                    native: ns.0,
                    swapped: ss.0,
                },
            ],
            to_utf16: [
                Ordered {
                    native: nn.1,
                    swapped: sn.1,
                },
                Ordered {
                    native: ns.1,
                    swapped: ss.1,
                },
            ],
            ..$base
        }
    }};
}

/// The two conversions of `utf16_utf32_x86!` in one pair of byte orders (`$s16`, `$s32`:
/// byte-swapped), as a tuple.
macro_rules! utf16_utf32_pair {
    ($features:literal, $kernels:ident, $s16:literal, $s32:literal) => {{
        use $crate::simd::Convert;
        use $crate::simd::utf16_utf32 as portable;
        wrap!($features, to32(src: &[u16], dst: &mut [u32]) -> (usize, usize) =
            $kernels::to_utf32::<$s16, $s32>, portable::to_utf32::<$s16, $s32>);
        wrap!($features, to16(src: &[u32], dst: &mut [u16]) -> (usize, usize) =
            $kernels::to_utf16::<$s16, $s32>, portable::to_utf16::<$s16, $s32>);
        (to32 as Convert<u16, u32>, to16 as Convert<u32, u16>)
    }};
}

kernel_set!(sse42, "sse42", "sse2,ssse3,sse4.1,sse4.2,popcnt", __m128i,
    short: short::valid_up_to_short::<__m128i>);
kernel_set!(avx2_generic, "avx2", "avx,avx2,bmi1,popcnt,sse4.2", __m256i,
    short: short::valid_up_to_short::<__m256i>);

/// The AVX2 set: the generic algorithms at 256 bits (`avx2_generic`), but for UTF-32 → UTF-16,
/// whose runs of BMP text are the ISA's own (`utf16_utf32_avx2`), and Latin-1 → UTF-8, whose
/// vectors of one letter above 0x7F are (`latin1`).
mod avx2 {
    use super::*;

    wrap!("avx,avx2,bmi1,popcnt,sse4.2", from_latin1(src: &[u8], dst: &mut [u8]) -> (usize, usize) =
        latin1::latin1_to_utf8_avx2, scalar::latin1_to_utf8);

    pub(in crate::simd) static KERNELS: KernelSet = KernelSet {
        latin1_to_utf8: from_latin1,
        utf16_utf32: utf16_utf32_x86!(
            "avx,avx2,bmi1,popcnt,sse4.2",
            utf16_utf32_avx2,
            avx2_generic::KERNELS.utf16_utf32
        ),
        ..avx2_generic::KERNELS
    };
}

/// The AVX-512 set (F, CD, BW, VL, VBMI, VBMI2 and BMI2: Ice Lake, Sapphire Rapids, Zen 4 and
/// later). UTF-8 validation (both forms), `ascii_len`, `count`, `utf16_len` and `latin1_prefix`
/// run the same algorithms as the other sets at 512 bits (inputs shorter than a vector with one
/// masked load, `short`); UTF-8 → UTF-16/UTF-32/Latin-1 and UTF-16/UTF-32/Latin-1 → UTF-8 use the
/// compressing transcoders of `compress`, which take what they do not handle themselves to the
/// 256-bit algorithms, and the measuring forms those of `measure`; UTF-16 ↔ UTF-32 those of
/// `utf16_utf32` (their measures the portable algorithms at 512 bits). The BMP-only UTF-16
/// forms (CESU-8, modified UTF-8) are the `avx2` set's.
mod avx512 {
    use super::*;

    /// [`wrap!`] with the features this set needs.
    macro_rules! wrap512 {
        ($($t:tt)*) => { wrap!("avx512f,avx512cd,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx,avx2,bmi1,bmi2,popcnt,sse4.2", $($t)*); };
    }

    /// [`wrap_short!`] with the features this set needs.
    macro_rules! wrap512_short {
        ($below:literal, $($t:tt)*) => { wrap_short!($below, "avx512f,avx512cd,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx,avx2,bmi1,bmi2,popcnt,sse4.2", $($t)*); };
    }

    /// [`wrap_short2!`] with the features this set needs.
    macro_rules! wrap512_short2 {
        ($below:literal, $below2:literal, $($t:tt)*) => { wrap_short2!($below, $below2, "avx512f,avx512cd,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx,avx2,bmi1,bmi2,popcnt,sse4.2", $($t)*); };
    }

    /// [`wrap_whole!`] with the features this set needs.
    macro_rules! wrap512_whole {
        ($($t:tt)*) => { wrap_whole!("avx512f,avx512cd,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx,avx2,bmi1,bmi2,popcnt,sse4.2", $($t)*); };
    }

    /// [`wrap_lossy!`] (`whole`) with the features this set needs.
    macro_rules! wrap512_lossy {
        ($($t:tt)*) => { wrap_lossy!(whole "avx512f,avx512cd,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx,avx2,bmi1,bmi2,popcnt,sse4.2", $($t)*); };
    }

    // Inputs shorter than a vector take one masked load rather than the scalar code; validation
    // takes inputs of up to 256 bytes in functions of their own (below 128 bytes and from 128),
    // without the block loop's set-up (registers saved, tables loaded).
    wrap512_short2!(128, 257, valid_up_to(src: &[u8]) -> usize =
        short::valid_up_to, short::valid_up_to_256, utf8::valid_up_to::<__m512i>);
    wrap512_whole!(ascii_len(src: &[u8]) -> usize = short::ascii_len);
    wrap512_whole!(count(src: &[u8]) -> usize = short::count);
    wrap512!(valid_bmp_up_to(src: &[u8]) -> usize =
        utf8::valid_bmp_up_to::<__m512i>, scalar::utf8_valid_bmp_up_to);
    wrap512!(utf16_len(src: &[u8]) -> usize = utf8::utf16_len::<__m512i>, scalar::utf16_len);
    wrap512!(latin1_prefix(src: &[u8]) -> usize =
        utf8::latin1_prefix::<__m512i>, scalar::latin1_prefix);
    wrap512!(find_key(src: &[u8], sub: u8, x: u8) -> usize =
        utf8::find_key::<__m512i>, scalar::find_key);

    // The decoders read what is left after their last 64-byte block with a masked load, so
    // short inputs too are one step.
    wrap512_short!(65,
        to_utf16_native(src: &[u8], dst: &mut [u16]) -> (usize, usize) =
        compress::decode_last::<decode_utf8::ToUtf16<false>>,
        compress::utf8_to_wide::<decode_utf8::ToUtf16<false>>);
    wrap512_short!(65,
        to_utf16_swapped(src: &[u8], dst: &mut [u16]) -> (usize, usize) =
        compress::decode_last::<decode_utf8::ToUtf16<true>>,
        compress::utf8_to_wide::<decode_utf8::ToUtf16<true>>);
    wrap512_short!(65, to_utf32(src: &[u8], dst: &mut [u32]) -> (usize, usize) =
        compress::decode_last::<decode_utf8::ToUtf32>,
        compress::utf8_to_wide::<decode_utf8::ToUtf32>);
    // Under a lossy policy, the compressing decoders write the fill of stray bytes in ASCII
    // text in their ASCII loop, and of bad bytes alone in two-byte text in that text's loop
    // (SKIP included: the block's other bytes are compressed together, or the byte makes no
    // character); a general block whose one error is such a byte decodes whole with the fill
    // in its place, and other ill-formed subparts that the general block or a run of three- or
    // four-byte characters meets get their fill from a scalar step inside the kernel. What is
    // left (a subpart cut by a block's end, the last block) stops the kernel, and the engine
    // handles it: a loop around the kernel that replaced those too (as the other sets have)
    // made two-byte text 5 % slower, the kernel then starting again at once where the
    // engine's scalar steps first go on for a few units. Inputs shorter than a vector are one
    // masked step of the lossy decoder itself. (The strict short path tried first, as the
    // other sets do, made exactly 64 bytes faster, 21.6 → 18.6 ns, but every other length
    // slower by 0.5–1.3 ns, the range test alone included.)
    wrap512_lossy!(to_utf16_native_lossy: u16 =
        compress::utf8_to_wide_replacing::<decode_utf8::ToUtf16<false>, true>);
    wrap512_lossy!(to_utf16_swapped_lossy: u16 =
        compress::utf8_to_wide_replacing::<decode_utf8::ToUtf16<true>, true>);
    wrap512_lossy!(to_utf32_lossy: u32 =
        compress::utf8_to_wide_replacing::<decode_utf8::ToUtf32, true>);
    wrap512!(
        from_utf16_native(src: &[u16], dst: &mut [u8]) -> (usize, usize) =
        compress::utf16_to_utf8::<false>, scalar::utf16_to_utf8::<false>);
    wrap512!(
        from_utf16_swapped(src: &[u16], dst: &mut [u8]) -> (usize, usize) =
        compress::utf16_to_utf8::<true>, scalar::utf16_to_utf8::<true>);
    wrap512!(from_utf32(src: &[u32], dst: &mut [u8]) -> (usize, usize) =
        compress::utf32_to_utf8, scalar::utf32_to_utf8);
    wrap512!(from_latin1(src: &[u8], dst: &mut [u8]) -> (usize, usize) =
        latin1::latin1_to_utf8, scalar::latin1_to_utf8);
    wrap512!(to_latin1(src: &[u8], dst: &mut [u8]) -> (usize, usize) =
        compress::utf8_to_latin1, scalar::utf8_to_latin1);

    wrap512!(measure_native(src: &[u16]) -> (usize, usize) =
        measure::utf16::<false>, scalar::utf16_measure::<false>);
    wrap512!(measure_swapped(src: &[u16]) -> (usize, usize) =
        measure::utf16::<true>, scalar::utf16_measure::<true>);
    wrap512!(measure_utf32(src: &[u32]) -> (usize, usize) = measure::utf32, scalar::utf32_measure);
    wrap512!(measure_latin1(src: &[u8]) -> (usize, usize) = measure::latin1, scalar::latin1_measure);

    pub(in crate::simd) static KERNELS: KernelSet = KernelSet {
        name: "avx512",
        utf8_valid_up_to: valid_up_to,
        utf8_valid_bmp_up_to: valid_bmp_up_to,
        ascii_len,
        count,
        utf16_len,
        latin1_prefix,
        find_key,
        short_utf8: true,
        short_valid: true,
        utf8_to_utf16: Ordered {
            native: to_utf16_native,
            swapped: to_utf16_swapped,
        },
        utf8_to_utf32: to_utf32,
        utf8_to_utf16_lossy: Some(Ordered {
            native: to_utf16_native_lossy,
            swapped: to_utf16_swapped_lossy,
        }),
        utf8_to_utf32_lossy: Some(to_utf32_lossy),
        utf16_to_utf8: Ordered {
            native: from_utf16_native,
            swapped: from_utf16_swapped,
        },
        utf16_measure: Ordered {
            native: measure_native,
            swapped: measure_swapped,
        },
        utf32_to_utf8: from_utf32,
        utf32_measure: measure_utf32,
        latin1_to_utf8: from_latin1,
        latin1_measure: measure_latin1,
        utf8_to_latin1: to_latin1,
        utf16_utf32: utf16_utf32_x86!(
            "avx512f,avx512cd,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx,avx2,bmi1,bmi2,popcnt,sse4.2",
            utf16_utf32,
            utf16_utf32_set!(
                "avx512f,avx512cd,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx,avx2,bmi1,bmi2,popcnt,sse4.2"
            )
        ),
        ..avx2::KERNELS
    };
}

/// Every set, portable first, best last.
pub(super) static SETS: [&KernelSet; 4] = [
    &scalar::KERNELS,
    &sse42::KERNELS,
    &avx2::KERNELS,
    &avx512::KERNELS,
];

/// Whether this CPU can run `SETS[i]`.
pub(super) fn runs(i: usize) -> bool {
    let sse42 = || {
        is_x86_feature_detected!("ssse3")
            && is_x86_feature_detected!("sse4.1")
            && is_x86_feature_detected!("sse4.2")
            && is_x86_feature_detected!("popcnt")
    };
    let avx2 = || {
        sse42()
            && is_x86_feature_detected!("avx")
            && is_x86_feature_detected!("avx2")
            && is_x86_feature_detected!("bmi1")
    };
    match i {
        0 => true,
        1 => sse42(),
        2 => avx2(),
        3 => {
            avx2()
                && is_x86_feature_detected!("avx512f")
                && is_x86_feature_detected!("avx512cd")
                && is_x86_feature_detected!("avx512bw")
                && is_x86_feature_detected!("avx512vl")
                && is_x86_feature_detected!("avx512vbmi")
                && is_x86_feature_detected!("avx512vbmi2")
                && is_x86_feature_detected!("bmi2")
        }
        _ => false,
    }
}
