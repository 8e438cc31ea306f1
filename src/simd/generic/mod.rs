//! The kernel algorithms, written once against the vector interface of [`vector`] and
//! instantiated per ISA and width by [`kernel_set!`]: validation and the counting passes
//! ([`utf8`]), UTF-8 → UTF-16/UTF-32/Latin-1 ([`decode_utf8`]), UTF-16/UTF-32/Latin-1 → UTF-8
//! and the BMP-only view CESU-8 and modified UTF-8 share ([`encode_utf8`]), with their tables
//! ([`tables`]). Nothing here names an ISA type or intrinsic: the ISA modules (`x86`,
//! `aarch64`) implement [`vector::Vector`] and its extensions for their registers and pick the
//! sets a CPU runs. May import `simd::scalar` (the short-input fallbacks) and the core's
//! character helpers; nothing else.

pub(in crate::simd) mod ascii_copy;
pub(in crate::simd) mod decode_utf8;
pub(in crate::simd) mod encode_utf8;
pub(in crate::simd) mod replace;
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
/// With `$fallback`, inputs shorter than [`SHORT`](crate::simd::SHORT) go to it first, as in
/// [`wrap!`].
macro_rules! wrap_short {
    ($below:literal, $features:literal,
        $wrapper:ident($src:ident: $sty:ty $(, $arg:ident: $ty:ty)*) -> $ret:ty
        = $short:path, $algo:path, $fallback:path) => {
        fn $wrapper($src: $sty $(, $arg: $ty)*) -> $ret {
            wrap_short!($below, $features,
                vector($src: $sty $(, $arg: $ty)*) -> $ret = $short, $algo);
            if $src.len() < $crate::simd::SHORT {
                return $fallback($src $(, $arg)*);
            }
            vector($src $(, $arg)*)
        }
    };
    ($below:literal, $features:literal,
        $wrapper:ident($src:ident: $sty:ty $(, $arg:ident: $ty:ty)*) -> $ret:ty
        = $short:path, $algo:path) => {
        fn $wrapper($src: $sty $(, $arg: $ty)*) -> $ret {
            #[target_feature(enable = $features)]
            #[inline(never)]
            unsafe fn inner($src: $sty $(, $arg: $ty)*) -> $ret {
                // SAFETY: the features the algorithm needs are enabled in this function.
                unsafe { $algo($src $(, $arg)*) }
            }
            // What `$short` does not take goes on to `inner` from here, not from the wrapper:
            // each of the wrapper's calls is then its last act, a jump, and the wrapper needs
            // no frame to keep its arguments across the first.
            #[target_feature(enable = $features)]
            unsafe fn short($src: $sty $(, $arg: $ty)*) -> $ret {
                // SAFETY: the features the algorithm needs are enabled in this function.
                match unsafe { $short($src $(, $arg)*) } {
                    Some(done) => done,
                    // SAFETY: as above.
                    None => unsafe { inner($src $(, $arg)*) },
                }
            }
            if $src.len() < $below {
                // SAFETY: as in `wrap!`.
                unsafe { short($src $(, $arg)*) }
            } else {
                // SAFETY: as in `wrap!`.
                unsafe { inner($src $(, $arg)*) }
            }
        }
    };
}

/// [`wrap_short!`] with a second tier for a function of one slice: inputs from `$below` up to
/// below `$below2` units first try `$short2`, in a `#[target_feature]` function of its own too
/// (inside `$short`'s, its larger code cost the shortest inputs 0.7 ns).
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_macros))]
macro_rules! wrap_short2 {
    ($below:literal, $below2:literal, $features:literal,
        $wrapper:ident($src:ident: $sty:ty) -> $ret:ty = $short:path, $short2:path, $algo:path) => {
        fn $wrapper($src: $sty) -> $ret {
            #[target_feature(enable = $features)]
            #[inline(never)]
            unsafe fn inner($src: $sty) -> $ret {
                // SAFETY: the features the algorithm needs are enabled in this function.
                unsafe { $algo($src) }
            }
            // As in `wrap_short!`, each tier goes on to `inner` itself.
            #[target_feature(enable = $features)]
            unsafe fn short($src: $sty) -> $ret {
                // SAFETY: the features the algorithm needs are enabled in this function.
                match unsafe { $short($src) } {
                    Some(done) => done,
                    // SAFETY: as above.
                    None => unsafe { inner($src) },
                }
            }
            #[target_feature(enable = $features)]
            unsafe fn short2($src: $sty) -> $ret {
                // SAFETY: the features the algorithm needs are enabled in this function.
                match unsafe { $short2($src) } {
                    Some(done) => done,
                    // SAFETY: as above.
                    None => unsafe { inner($src) },
                }
            }
            if $src.len() < $below {
                // SAFETY: as in `wrap!`.
                unsafe { short($src) }
            } else if $src.len() < $below2 {
                // SAFETY: as in `wrap!`.
                unsafe { short2($src) }
            } else {
                // SAFETY: as in `wrap!`.
                unsafe { inner($src) }
            }
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

/// The lossy twin of a UTF-8 decoder: `$algo` (which takes inputs of every length and a lossy
/// policy, and returns the replacements it made itself as a third value) in `#[target_feature]`
/// functions of its own. With `loop`, inlined into [`replace::replacing`], so that an error
/// costs the kernel's re-entry at most and not a return to the engine (`$unit` makes a code
/// point below U+10000 a unit of the output); with `whole`, alone. REPLACE, the policy most
/// callers use, has an instance of its own with the policy a constant: as an argument, live
/// through the kernel's loops, it took a register, and REPLACE executed 5–6 % more instructions
/// on two-byte and Indic text with AVX2, error or not. The other lossy policies share one.
///
/// With `short`, `$short` is the strict decoder's short path (see [`wrap_short!`]), tried
/// first on inputs of `$lo..$hi` bytes: a short string without an error, the common case, then
/// costs the strict decoder's work (the lossy loop's set-up took 64 bytes of mixed scripts
/// twice as long with AVX2). One with an error, which `$short` leaves, goes to the lossy loop
/// from its start.
macro_rules! wrap_lossy {
    (loop $features:literal, $wrapper:ident: $unit:ty = $algo:path, $to_unit:expr,
        short($lo:literal..$hi:literal): $short:path) => {
        wrap_lossy!(@ $features, $wrapper: $unit, $lo..$hi: $short, |src, dst, policy| {
            $crate::simd::generic::replace::replacing(src, dst, policy, $to_unit, |s, d| {
                // SAFETY: the features the algorithm needs are enabled in this function.
                unsafe { $algo(s, d, policy) }
            })
        });
    };
    (whole $features:literal, $wrapper:ident: $unit:ty = $algo:path) => {
        wrap_lossy!(@ $features, $wrapper: $unit, |src, dst, policy| {
            // SAFETY: the features the algorithm needs are enabled in this function.
            unsafe { $algo(src, dst, policy) }
        });
    };
    (@ $features:literal, $wrapper:ident: $unit:ty,
        $($lo:literal..$hi:literal: $short:path,)? |$s:ident, $d:ident, $p:ident| $body:expr) => {
        fn $wrapper(
            src: &[u8],
            dst: &mut [$unit],
            policy: $crate::types::outcome::Policy,
        ) -> (usize, usize, usize) {
            $(
                #[target_feature(enable = $features)]
                unsafe fn short($s: &[u8], $d: &mut [$unit]) -> Option<(usize, usize)> {
                    // SAFETY: the features the algorithm needs are enabled in this function.
                    unsafe { $short($s, $d) }
                }
                if ($lo..$hi).contains(&src.len()) {
                    // SAFETY: as in `wrap!`.
                    if let Some((read, written)) = unsafe { short(src, dst) } {
                        return (read, written, 0);
                    }
                }
            )?
            #[target_feature(enable = $features)]
            unsafe fn replace($s: &[u8], $d: &mut [$unit]) -> (usize, usize, usize) {
                let $p = $crate::types::outcome::Policy::Replace;
                $body
            }
            #[target_feature(enable = $features)]
            unsafe fn other(
                $s: &[u8],
                $d: &mut [$unit],
                $p: $crate::types::outcome::Policy,
            ) -> (usize, usize, usize) {
                $body
            }
            // SAFETY: as in `wrap!`.
            unsafe {
                if policy == $crate::types::outcome::Policy::Replace {
                    replace(src, dst)
                } else {
                    other(src, dst, policy)
                }
            }
        }
    };
}

/// The byte-scanning kernels (validation, ASCII prefix, counts, Latin-1 prefix) for vector type
/// `$v`: `valid_up_to`, `valid_bmp_up_to`, `ascii_len`, `count`, `utf16_len`, `latin1_prefix`,
/// `find_key`.
/// With `short: $short`, validation of inputs of up to 256 bytes tries `$short` first.
macro_rules! utf8_kernels {
    ($features:literal, $v:ty, short: $short:path) => {
        wrap_short!(257, $features, valid_up_to(src: &[u8]) -> usize =
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
            utf8::ascii_len::<$v>, $crate::codec::ascii::ascii_len);
        wrap!($features, count(src: &[u8]) -> usize = utf8::count::<$v>, scalar::count);
        wrap!($features, utf16_len(src: &[u8]) -> usize =
            utf8::utf16_len::<$v>, scalar::utf16_len);
        wrap!($features, latin1_prefix(src: &[u8]) -> usize =
            utf8::latin1_prefix::<$v>, scalar::latin1_prefix);
        wrap!($features, find_key(src: &[u8], sub: u8, x: u8) -> usize =
            utf8::find_key::<$v>, scalar::find_key);
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
            use $crate::simd::generic::vector::Vector;
            use $crate::simd::generic::{decode_utf8, encode_utf8, utf8};
            use $crate::simd::{KernelSet, Ordered, scalar};
            use decode_utf8::{ToLatin1, ToUtf16, ToUtf32};
            use encode_utf8::{Bmp, Latin1, Utf16, Utf32};

            /// The set's 128-bit vector, for the steps that work on eight units at a time.
            type H = <$v as Vector>::Half;

            utf8_kernels!($features, $v $(, short: $short)?);

            // Inputs under a chunk first try the decoder's short path, in a function of its own:
            // inlined into the chunk loop's, it moved that loop's register use: two-byte text
            // executed 1 % more instructions, lossy Korean, Hindi and emoji text 3-4.5 %.
            wrap_short!(65, $features,
                to_utf16_native(src: &[u8], dst: &mut [u16]) -> (usize, usize) =
                decode_utf8::convert_short::<$v, ToUtf16<false>>,
                decode_utf8::convert::<$v, ToUtf16<false>>, scalar::utf8_to_utf16::<false>);
            wrap_short!(65, $features,
                to_utf16_swapped(src: &[u8], dst: &mut [u16]) -> (usize, usize) =
                decode_utf8::convert_short::<$v, ToUtf16<true>>,
                decode_utf8::convert::<$v, ToUtf16<true>>, scalar::utf8_to_utf16::<true>);
            wrap_short!(65, $features, to_utf32(src: &[u8], dst: &mut [u32]) -> (usize, usize) =
                decode_utf8::convert_short::<$v, ToUtf32>,
                decode_utf8::convert::<$v, ToUtf32>, scalar::utf8_to_utf32);
            wrap_short!(65, $features, to_latin1(src: &[u8], dst: &mut [u8]) -> (usize, usize) =
                decode_utf8::convert_short::<$v, ToLatin1>,
                decode_utf8::convert::<$v, ToLatin1>, scalar::utf8_to_latin1);
            wrap_lossy!(loop $features, to_utf16_native_lossy: u16 =
                decode_utf8::convert_replacing::<$v, ToUtf16<false>, true>, |c| c as u16,
                short(16..65): decode_utf8::convert_short::<$v, ToUtf16<false>>);
            wrap_lossy!(loop $features, to_utf16_swapped_lossy: u16 =
                decode_utf8::convert_replacing::<$v, ToUtf16<true>, true>,
                |c| (c as u16).swap_bytes(),
                short(16..65): decode_utf8::convert_short::<$v, ToUtf16<true>>);
            wrap_lossy!(loop $features, to_utf32_lossy: u32 =
                decode_utf8::convert_replacing::<$v, ToUtf32, true>, |c| c,
                short(16..65): decode_utf8::convert_short::<$v, ToUtf32>);

            wrap!($features, from_utf16_native(src: &[u16], dst: &mut [u8]) -> (usize, usize) =
                encode_utf8::convert::<$v, Utf16<false>>, scalar::utf16_to_utf8::<false>);
            wrap!($features, from_utf16_swapped(src: &[u16], dst: &mut [u8]) -> (usize, usize) =
                encode_utf8::convert::<$v, Utf16<true>>, scalar::utf16_to_utf8::<true>);
            wrap!($features, measure_native(src: &[u16]) -> (usize, usize) =
                encode_utf8::measure::<H, Utf16<false>>, scalar::utf16_measure::<false>);
            wrap!($features, measure_swapped(src: &[u16]) -> (usize, usize) =
                encode_utf8::measure::<H, Utf16<true>>, scalar::utf16_measure::<true>);

            wrap!($features, bmp_native(src: &[u16], dst: &mut [u8]) -> (usize, usize) =
                encode_utf8::convert::<$v, Bmp<Utf16<false>, false>>,
                scalar::utf16_to_bmp_utf8::<false, false>);
            wrap!($features, bmp_swapped(src: &[u16], dst: &mut [u8]) -> (usize, usize) =
                encode_utf8::convert::<$v, Bmp<Utf16<true>, false>>,
                scalar::utf16_to_bmp_utf8::<true, false>);
            wrap!($features, bmp_native_nul(src: &[u16], dst: &mut [u8]) -> (usize, usize) =
                encode_utf8::convert::<$v, Bmp<Utf16<false>, true>>,
                scalar::utf16_to_bmp_utf8::<false, true>);
            wrap!($features, bmp_swapped_nul(src: &[u16], dst: &mut [u8]) -> (usize, usize) =
                encode_utf8::convert::<$v, Bmp<Utf16<true>, true>>,
                scalar::utf16_to_bmp_utf8::<true, true>);
            wrap!($features, bmp_measure_native(src: &[u16]) -> (usize, usize) =
                encode_utf8::measure::<H, Bmp<Utf16<false>, false>>,
                scalar::utf16_bmp_measure::<false, false>);
            wrap!($features, bmp_measure_swapped(src: &[u16]) -> (usize, usize) =
                encode_utf8::measure::<H, Bmp<Utf16<true>, false>>,
                scalar::utf16_bmp_measure::<true, false>);
            wrap!($features, bmp_measure_native_nul(src: &[u16]) -> (usize, usize) =
                encode_utf8::measure::<H, Bmp<Utf16<false>, true>>,
                scalar::utf16_bmp_measure::<false, true>);
            wrap!($features, bmp_measure_swapped_nul(src: &[u16]) -> (usize, usize) =
                encode_utf8::measure::<H, Bmp<Utf16<true>, true>>,
                scalar::utf16_bmp_measure::<true, true>);

            wrap!($features, from_utf32(src: &[u32], dst: &mut [u8]) -> (usize, usize) =
                encode_utf8::convert::<$v, Utf32>, scalar::utf32_to_utf8);
            wrap!($features, measure_utf32(src: &[u32]) -> (usize, usize) =
                encode_utf8::measure::<H, Utf32>, scalar::utf32_measure);
            wrap!($features, from_latin1(src: &[u8], dst: &mut [u8]) -> (usize, usize) =
                encode_utf8::latin1::<$v>, scalar::latin1_to_utf8);
            wrap!($features, measure_latin1(src: &[u8]) -> (usize, usize) =
                encode_utf8::measure::<H, Latin1>, scalar::latin1_measure);

            pub(in crate::simd) static KERNELS: KernelSet = KernelSet {
                name: $name,
                utf8_valid_up_to: valid_up_to,
                utf8_valid_bmp_up_to: valid_bmp_up_to,
                ascii_len,
                count,
                utf16_len,
                utf8_to_utf16: Ordered { native: to_utf16_native, swapped: to_utf16_swapped },
                utf8_to_utf32: to_utf32,
                utf8_to_utf16_lossy: Some(Ordered {
                    native: to_utf16_native_lossy,
                    swapped: to_utf16_swapped_lossy,
                }),
                utf8_to_utf32_lossy: Some(to_utf32_lossy),
                utf16_to_utf8: Ordered { native: from_utf16_native, swapped: from_utf16_swapped },
                utf16_measure: Ordered { native: measure_native, swapped: measure_swapped },
                utf16_to_bmp_utf8: [
                    Ordered { native: bmp_native, swapped: bmp_swapped },
                    Ordered { native: bmp_native_nul, swapped: bmp_swapped_nul },
                ],
                utf16_bmp_measure: [
                    Ordered { native: bmp_measure_native, swapped: bmp_measure_swapped },
                    Ordered { native: bmp_measure_native_nul, swapped: bmp_measure_swapped_nul },
                ],
                utf32_to_utf8: from_utf32,
                utf32_measure: measure_utf32,
                latin1_to_utf8: from_latin1,
                latin1_measure: measure_latin1,
                utf8_to_latin1: to_latin1,
                latin1_prefix,
                find_key,
                utf16_utf32: utf16_utf32_set!($features),
                short_utf8: false,
                short_valid: kernel_set!(@takes_short $($short)?),
            };
        }
    };
}
