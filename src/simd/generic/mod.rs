//! The kernel algorithms, written once against the vector interface of [`vector`] and
//! instantiated per ISA and width by [`kernel_set!`]: validation and the counting passes
//! ([`utf8`]), UTF-8 → UTF-16/UTF-32/Latin-1 ([`decode_utf8`]), UTF-16/UTF-32/Latin-1 → UTF-8
//! and the BMP-only view CESU-8 and modified UTF-8 share ([`encode_utf8`]), with their tables
//! ([`tables`]). Nothing here names an ISA type or intrinsic: the ISA modules (`x86`,
//! `aarch64`) implement [`vector::Vector`] and its extensions for their registers and pick the
//! sets a CPU runs. May import `simd::scalar` (the short-input fallbacks) and the core's
//! character helpers; nothing else.

pub(in crate::simd) mod decode_utf8;
pub(in crate::simd) mod encode_utf8;
pub(in crate::simd) mod tables;
pub(in crate::simd) mod utf8;
pub(in crate::simd) mod vector;

/// Wraps `$algo` (a generic algorithm) in a `#[target_feature]` function and a safe wrapper that
/// sends short inputs to `$fallback`. Only for use in a kernel set (see its SAFETY note).
macro_rules! wrap {
    ($features:literal, $wrapper:ident($src:ident: $sty:ty $(, $arg:ident: $ty:ty)*) -> $ret:ty
        = $algo:path, $fallback:path) => {
        fn $wrapper($src: $sty $(, $arg: $ty)*) -> $ret {
            #[target_feature(enable = $features)]
            unsafe fn inner($src: $sty $(, $arg: $ty)*) -> $ret {
                // SAFETY: the features the algorithm needs are enabled in this function.
                unsafe { $algo($src $(, $arg)*) }
            }
            if $src.len() < $crate::simd::SHORT {
                return $fallback($src $(, $arg)*);
            }
            // SAFETY: the kernel set holding this wrapper is only handed out after `runs`
            // confirmed that this CPU has `$features` (see `simd::choose` and `simd::by_name`).
            unsafe { inner($src $(, $arg)*) }
        }
    };
}

/// [`wrap!`] whose short inputs (below `$below` units) first try `$short`, a
/// `#[target_feature]` function of their own: the long algorithm's set-up (constants loaded on
/// entry, registers saved) would cost them more than the conversion does. `$short` says `None` to
/// what it does not take, which then goes to `$algo`, which takes inputs of every length.
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_macros))]
macro_rules! wrap_short {
    ($below:literal, $features:literal,
        $wrapper:ident($src:ident: $sty:ty $(, $arg:ident: $ty:ty)*) -> $ret:ty
        = $short:path, $algo:path) => {
        fn $wrapper($src: $sty $(, $arg: $ty)*) -> $ret {
            #[target_feature(enable = $features)]
            unsafe fn short($src: $sty $(, $arg: $ty)*) -> Option<$ret> {
                // SAFETY: the features the algorithm needs are enabled in this function.
                unsafe { $short($src $(, $arg)*) }
            }
            #[target_feature(enable = $features)]
            unsafe fn inner($src: $sty $(, $arg: $ty)*) -> $ret {
                // SAFETY: the features the algorithm needs are enabled in this function.
                unsafe { $algo($src $(, $arg)*) }
            }
            if $src.len() < $below {
                // SAFETY: as in `wrap!`.
                if let Some(done) = unsafe { short($src $(, $arg)*) } {
                    return done;
                }
            }
            // SAFETY: as in `wrap!`.
            unsafe { inner($src $(, $arg)*) }
        }
    };
}

/// [`wrap!`] for an algorithm that takes inputs of every length itself.
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_macros))]
macro_rules! wrap_whole {
    ($features:literal, $wrapper:ident($src:ident: $sty:ty $(, $arg:ident: $ty:ty)*) -> $ret:ty
        = $algo:path) => {
        fn $wrapper($src: $sty $(, $arg: $ty)*) -> $ret {
            #[target_feature(enable = $features)]
            unsafe fn inner($src: $sty $(, $arg: $ty)*) -> $ret {
                // SAFETY: the features the algorithm needs are enabled in this function.
                unsafe { $algo($src $(, $arg)*) }
            }
            // SAFETY: as in `wrap!`.
            unsafe { inner($src $(, $arg)*) }
        }
    };
}

/// The byte-scanning kernels (validation, ASCII prefix, counts, Latin-1 prefix) for vector type
/// `$v`: `valid_up_to`, `valid_bmp_up_to`, `ascii_len`, `count`, `utf16_len`, `latin1_prefix`.
/// With `short: $short`, validation of inputs under 64 bytes tries `$short` first.
macro_rules! utf8_kernels {
    ($features:literal, $v:ty, short: $short:path) => {
        wrap_short!(64, $features, valid_up_to(src: &[u8]) -> usize =
            $short, utf8::valid_up_to::<$v>);
        utf8_kernels!(@rest $features, $v);
    };
    ($features:literal, $v:ty) => {
        wrap!($features, valid_up_to(src: &[u8]) -> usize =
            utf8::valid_up_to::<$v>, scalar::utf8_valid_up_to);
        utf8_kernels!(@rest $features, $v);
    };
    (@rest $features:literal, $v:ty) => {
        wrap!($features, valid_bmp_up_to(src: &[u8]) -> usize =
            utf8::valid_bmp_up_to::<$v>, scalar::utf8_valid_bmp_up_to);
        wrap!($features, ascii_len(src: &[u8]) -> usize =
            utf8::ascii_len::<$v>, $crate::ascii::ascii_len);
        wrap!($features, count(src: &[u8]) -> usize = utf8::count::<$v>, scalar::count);
        wrap!($features, utf16_len(src: &[u8]) -> usize =
            utf8::utf16_len::<$v>, scalar::utf16_len);
        wrap!($features, latin1_prefix(src: &[u8]) -> usize =
            utf8::latin1_prefix::<$v>, scalar::latin1_prefix);
    };
}

/// Defines one kernel set: a module with `#[target_feature]` instantiations of every algorithm
/// for vector type `$v`, and safe wrappers in a static `KERNELS`. With `short: $short`, a
/// validator for inputs under 64 bytes of the ISA's own (see [`utf8_kernels!`]).
macro_rules! kernel_set {
    (@takes_short) => { false };
    (@takes_short $short:path) => { true };
    ($module:ident, $name:literal, $features:literal, $v:ty $(, short: $short:path)?) => {
        mod $module {
            #[allow(unused_imports)]
            use super::*;
            use $crate::simd::Kernels;
            use $crate::simd::generic::{decode_utf8, encode_utf8, utf8};
            use $crate::simd::scalar;
            use $crate::simd::generic::vector::Vector;

            utf8_kernels!($features, $v $(, short: $short)?);

            fn to_utf16(src: &[u8], dst: &mut [u16], swap: bool) -> (usize, usize) {
                if swap { to_utf16_swapped(src, dst) } else { to_utf16_native(src, dst) }
            }
            wrap!($features, to_utf16_native(src: &[u8], dst: &mut [u16]) -> (usize, usize) =
                decode_utf8::convert::<$v, decode_utf8::ToUtf16<false>>, scalar_to_utf16::<false>);
            wrap!($features, to_utf16_swapped(src: &[u8], dst: &mut [u16]) -> (usize, usize) =
                decode_utf8::convert::<$v, decode_utf8::ToUtf16<true>>, scalar_to_utf16::<true>);
            wrap!($features, to_utf32(src: &[u8], dst: &mut [u32], _o: ()) -> (usize, usize) =
                utf8_to_utf32, scalar::utf8_to_utf32);
            #[inline(always)]
            unsafe fn utf8_to_utf32(src: &[u8], dst: &mut [u32], _o: ()) -> (usize, usize) {
                // SAFETY: forwarded.
                unsafe { decode_utf8::convert::<$v, decode_utf8::ToUtf32>(src, dst) }
            }

            fn from_utf16(src: &[u16], dst: &mut [u8], swap: bool) -> (usize, usize) {
                if swap { from_utf16_swapped(src, dst) } else { from_utf16_native(src, dst) }
            }
            wrap!($features, from_utf16_native(src: &[u16], dst: &mut [u8]) -> (usize, usize) =
                encode_utf8::convert::<$v, encode_utf8::Utf16<false>>, scalar_from_utf16::<false>);
            wrap!($features, from_utf16_swapped(src: &[u16], dst: &mut [u8]) -> (usize, usize) =
                encode_utf8::convert::<$v, encode_utf8::Utf16<true>>, scalar_from_utf16::<true>);
            fn measure_utf16(src: &[u16], swap: bool) -> (usize, usize) {
                if swap { measure_swapped(src) } else { measure_native(src) }
            }
            wrap!($features, measure_native(src: &[u16]) -> (usize, usize) =
                encode_utf8::measure::<<$v as Vector>::Half, encode_utf8::Utf16<false>>, scalar_measure_utf16::<false>);
            wrap!($features, measure_swapped(src: &[u16]) -> (usize, usize) =
                encode_utf8::measure::<<$v as Vector>::Half, encode_utf8::Utf16<true>>, scalar_measure_utf16::<true>);

            fn from_utf16_bmp(src: &[u16], dst: &mut [u8], o: (bool, bool)) -> (usize, usize) {
                match o {
                    (false, false) => bmp_native(src, dst),
                    (true, false) => bmp_swapped(src, dst),
                    (false, true) => bmp_native_nul(src, dst),
                    (true, true) => bmp_swapped_nul(src, dst),
                }
            }
            wrap!($features, bmp_native(src: &[u16], dst: &mut [u8]) -> (usize, usize) =
                encode_utf8::convert::<$v, encode_utf8::Bmp<encode_utf8::Utf16<false>, false>>,
                scalar_bmp::<false, false>);
            wrap!($features, bmp_swapped(src: &[u16], dst: &mut [u8]) -> (usize, usize) =
                encode_utf8::convert::<$v, encode_utf8::Bmp<encode_utf8::Utf16<true>, false>>,
                scalar_bmp::<true, false>);
            wrap!($features, bmp_native_nul(src: &[u16], dst: &mut [u8]) -> (usize, usize) =
                encode_utf8::convert::<$v, encode_utf8::Bmp<encode_utf8::Utf16<false>, true>>,
                scalar_bmp::<false, true>);
            wrap!($features, bmp_swapped_nul(src: &[u16], dst: &mut [u8]) -> (usize, usize) =
                encode_utf8::convert::<$v, encode_utf8::Bmp<encode_utf8::Utf16<true>, true>>,
                scalar_bmp::<true, true>);
            fn measure_utf16_bmp(src: &[u16], o: (bool, bool)) -> (usize, usize) {
                match o {
                    (false, false) => bmp_measure_native(src),
                    (true, false) => bmp_measure_swapped(src),
                    (false, true) => bmp_measure_native_nul(src),
                    (true, true) => bmp_measure_swapped_nul(src),
                }
            }
            wrap!($features, bmp_measure_native(src: &[u16]) -> (usize, usize) =
                encode_utf8::measure::<<$v as Vector>::Half, encode_utf8::Bmp<encode_utf8::Utf16<false>, false>>,
                scalar_bmp_measure::<false, false>);
            wrap!($features, bmp_measure_swapped(src: &[u16]) -> (usize, usize) =
                encode_utf8::measure::<<$v as Vector>::Half, encode_utf8::Bmp<encode_utf8::Utf16<true>, false>>,
                scalar_bmp_measure::<true, false>);
            wrap!($features, bmp_measure_native_nul(src: &[u16]) -> (usize, usize) =
                encode_utf8::measure::<<$v as Vector>::Half, encode_utf8::Bmp<encode_utf8::Utf16<false>, true>>,
                scalar_bmp_measure::<false, true>);
            wrap!($features, bmp_measure_swapped_nul(src: &[u16]) -> (usize, usize) =
                encode_utf8::measure::<<$v as Vector>::Half, encode_utf8::Bmp<encode_utf8::Utf16<true>, true>>,
                scalar_bmp_measure::<true, true>);

            wrap!($features, from_utf32(src: &[u32], dst: &mut [u8], _o: ()) -> (usize, usize) =
                from_utf32_tf, scalar::utf32_to_utf8);
            #[inline(always)]
            unsafe fn from_utf32_tf(src: &[u32], dst: &mut [u8], _o: ()) -> (usize, usize) {
                // SAFETY: forwarded.
                unsafe { encode_utf8::convert::<$v, encode_utf8::Utf32>(src, dst) }
            }
            wrap!($features, measure_utf32(src: &[u32]) -> (usize, usize) =
                encode_utf8::measure::<<$v as Vector>::Half, encode_utf8::Utf32>, scalar::utf32_measure);
            wrap!($features, from_latin1(src: &[u8], dst: &mut [u8], _o: ()) -> (usize, usize) =
                from_latin1_tf, scalar::latin1_to_utf8);
            #[inline(always)]
            unsafe fn from_latin1_tf(src: &[u8], dst: &mut [u8], _o: ()) -> (usize, usize) {
                // SAFETY: forwarded.
                unsafe { encode_utf8::latin1::<$v>(src, dst) }
            }
            wrap!($features, measure_latin1(src: &[u8]) -> (usize, usize) =
                encode_utf8::measure::<<$v as Vector>::Half, encode_utf8::Latin1>, scalar::latin1_measure);

            wrap!($features, to_latin1(src: &[u8], dst: &mut [u8], _o: ()) -> (usize, usize) =
                to_latin1_tf, scalar::utf8_to_latin1);
            #[inline(always)]
            unsafe fn to_latin1_tf(src: &[u8], dst: &mut [u8], _o: ()) -> (usize, usize) {
                // SAFETY: forwarded.
                unsafe { decode_utf8::convert::<$v, decode_utf8::ToLatin1>(src, dst) }
            }

            pub(in crate::simd) static KERNELS: Kernels = Kernels {
                name: $name,
                utf8_valid_up_to: valid_up_to,
                utf8_valid_bmp_up_to: valid_bmp_up_to,
                ascii_len,
                count,
                utf16_len,
                utf8_to_utf16: to_utf16,
                utf8_to_utf32: to_utf32,
                utf16_to_utf8: from_utf16,
                utf16_measure: measure_utf16,
                utf16_to_bmp_utf8: from_utf16_bmp,
                utf16_bmp_measure: measure_utf16_bmp,
                utf32_to_utf8: from_utf32,
                utf32_measure: measure_utf32,
                latin1_to_utf8: from_latin1,
                latin1_measure: measure_latin1,
                utf8_to_latin1: to_latin1,
                latin1_prefix,
                short_utf8: false,
                short_valid: kernel_set!(@takes_short $($short)?),
            };
        }
    };
}

/// The portable kernels with the byte order (and NUL handling) as constants, the fallbacks of the
/// per-order wrappers.
pub(in crate::simd) mod helpers {
    pub(in crate::simd) fn scalar_to_utf16<const SWAP: bool>(
        src: &[u8],
        dst: &mut [u16],
    ) -> (usize, usize) {
        crate::simd::scalar::utf8_to_utf16(src, dst, SWAP)
    }

    pub(in crate::simd) fn scalar_from_utf16<const SWAP: bool>(
        src: &[u16],
        dst: &mut [u8],
    ) -> (usize, usize) {
        crate::simd::scalar::utf16_to_utf8(src, dst, SWAP)
    }

    pub(in crate::simd) fn scalar_measure_utf16<const SWAP: bool>(src: &[u16]) -> (usize, usize) {
        crate::simd::scalar::utf16_measure(src, SWAP)
    }

    pub(in crate::simd) fn scalar_bmp<const SWAP: bool, const NUL: bool>(
        src: &[u16],
        dst: &mut [u8],
    ) -> (usize, usize) {
        crate::simd::scalar::utf16_to_bmp_utf8(src, dst, (SWAP, NUL))
    }

    pub(in crate::simd) fn scalar_bmp_measure<const SWAP: bool, const NUL: bool>(
        src: &[u16],
    ) -> (usize, usize) {
        crate::simd::scalar::utf16_bmp_measure(src, (SWAP, NUL))
    }
}
