//! x86-64 kernel sets: SSE4.2 (with SSSE3 shuffles), AVX2 and AVX-512. Each set is the same
//! generic algorithms instantiated inside `#[target_feature]` functions, behind safe wrappers
//! that send short inputs to the portable code.

use core::arch::x86_64::{__m128i, __m256i, __m512i};

use super::Kernels;
use super::scalar;

mod compress;
mod decode_utf8;
mod encode_utf8;
mod measure;
mod short;
mod tables;
mod utf8;
mod vector;

use super::SHORT;

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
            if $src.len() < SHORT {
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
macro_rules! utf8_kernels {
    ($features:literal, $v:ty) => {
        wrap_short!(64, $features, valid_up_to(src: &[u8]) -> usize =
            short::valid_up_to_short, utf8::valid_up_to::<$v>);
        wrap!($features, valid_bmp_up_to(src: &[u8]) -> usize =
            utf8::valid_bmp_up_to::<$v>, scalar::utf8_valid_bmp_up_to);
        wrap!($features, ascii_len(src: &[u8]) -> usize =
            utf8::ascii_len::<$v>, crate::ascii::ascii_len);
        wrap!($features, count(src: &[u8]) -> usize = utf8::count::<$v>, scalar::count);
        wrap!($features, utf16_len(src: &[u8]) -> usize =
            utf8::utf16_len::<$v>, scalar::utf16_len);
        wrap!($features, latin1_prefix(src: &[u8]) -> usize =
            utf8::latin1_prefix::<$v>, scalar::latin1_prefix);
    };
}

/// Defines one kernel set: a module with `#[target_feature]` instantiations of every algorithm
/// for vector type `$v`, and safe wrappers in a static `KERNELS`.
macro_rules! kernel_set {
    ($module:ident, $name:literal, $features:literal, $v:ty) => {
        mod $module {
            use super::*;

            utf8_kernels!($features, $v);

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
                encode_utf8::measure::<encode_utf8::Utf16<false>>, scalar_measure_utf16::<false>);
            wrap!($features, measure_swapped(src: &[u16]) -> (usize, usize) =
                encode_utf8::measure::<encode_utf8::Utf16<true>>, scalar_measure_utf16::<true>);

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
                encode_utf8::measure::<encode_utf8::Bmp<encode_utf8::Utf16<false>, false>>,
                scalar_bmp_measure::<false, false>);
            wrap!($features, bmp_measure_swapped(src: &[u16]) -> (usize, usize) =
                encode_utf8::measure::<encode_utf8::Bmp<encode_utf8::Utf16<true>, false>>,
                scalar_bmp_measure::<true, false>);
            wrap!($features, bmp_measure_native_nul(src: &[u16]) -> (usize, usize) =
                encode_utf8::measure::<encode_utf8::Bmp<encode_utf8::Utf16<false>, true>>,
                scalar_bmp_measure::<false, true>);
            wrap!($features, bmp_measure_swapped_nul(src: &[u16]) -> (usize, usize) =
                encode_utf8::measure::<encode_utf8::Bmp<encode_utf8::Utf16<true>, true>>,
                scalar_bmp_measure::<true, true>);

            wrap!($features, from_utf32(src: &[u32], dst: &mut [u8], _o: ()) -> (usize, usize) =
                from_utf32_tf, scalar::utf32_to_utf8);
            #[inline(always)]
            unsafe fn from_utf32_tf(src: &[u32], dst: &mut [u8], _o: ()) -> (usize, usize) {
                // SAFETY: forwarded.
                unsafe { encode_utf8::convert::<$v, encode_utf8::Utf32>(src, dst) }
            }
            wrap!($features, measure_utf32(src: &[u32]) -> (usize, usize) =
                encode_utf8::measure::<encode_utf8::Utf32>, scalar::utf32_measure);
            wrap!($features, from_latin1(src: &[u8], dst: &mut [u8], _o: ()) -> (usize, usize) =
                from_latin1_tf, scalar::latin1_to_utf8);
            #[inline(always)]
            unsafe fn from_latin1_tf(src: &[u8], dst: &mut [u8], _o: ()) -> (usize, usize) {
                // SAFETY: forwarded.
                unsafe { encode_utf8::latin1::<$v>(src, dst) }
            }
            wrap!($features, measure_latin1(src: &[u8]) -> (usize, usize) =
                encode_utf8::measure::<encode_utf8::Latin1>, scalar::latin1_measure);

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
                short_valid: true,
            };
        }
    };
}

fn scalar_to_utf16<const SWAP: bool>(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    scalar::utf8_to_utf16(src, dst, SWAP)
}

fn scalar_from_utf16<const SWAP: bool>(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    scalar::utf16_to_utf8(src, dst, SWAP)
}

fn scalar_measure_utf16<const SWAP: bool>(src: &[u16]) -> (usize, usize) {
    scalar::utf16_measure(src, SWAP)
}

fn scalar_bmp<const SWAP: bool, const NUL: bool>(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    scalar::utf16_to_bmp_utf8(src, dst, (SWAP, NUL))
}

fn scalar_bmp_measure<const SWAP: bool, const NUL: bool>(src: &[u16]) -> (usize, usize) {
    scalar::utf16_bmp_measure(src, (SWAP, NUL))
}

kernel_set!(sse42, "sse42", "sse2,ssse3,sse4.1,sse4.2,popcnt", __m128i);
kernel_set!(avx2, "avx2", "avx,avx2,bmi1,popcnt,sse4.2", __m256i);

/// The AVX-512 set (F, CD, BW, VL, VBMI, VBMI2 and BMI2: Ice Lake, Sapphire Rapids, Zen 4 and
/// later). UTF-8 validation (both forms), `ascii_len`, `count`, `utf16_len` and `latin1_prefix`
/// run the same algorithms as the other sets at 512 bits (inputs shorter than a vector with one
/// masked load, `short`); UTF-8 → UTF-16/UTF-32/Latin-1 and UTF-16/UTF-32/Latin-1 → UTF-8 use the
/// compressing transcoders of `compress`, which take what they do not handle themselves to the
/// 256-bit algorithms, and the measuring forms those of `measure`. The BMP-only UTF-16 forms
/// (CESU-8, modified UTF-8) are the `avx2` set's.
mod avx512 {
    use super::*;

    /// [`wrap!`] with the features this set needs.
    macro_rules! wrap512 {
        ($($t:tt)*) => { wrap!("avx512f,avx512cd,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx,avx2,bmi1,bmi2,popcnt,sse4.2", $($t)*); };
    }

    /// [`wrap_short!`] with the features this set needs.
    macro_rules! wrap512_short {
        ($($t:tt)*) => { wrap_short!(64, "avx512f,avx512cd,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx,avx2,bmi1,bmi2,popcnt,sse4.2", $($t)*); };
    }

    /// [`wrap_whole!`] with the features this set needs.
    macro_rules! wrap512_whole {
        ($($t:tt)*) => { wrap_whole!("avx512f,avx512cd,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx,avx2,bmi1,bmi2,popcnt,sse4.2", $($t)*); };
    }

    // Inputs shorter than a vector take one masked load rather than the scalar code.
    wrap512_whole!(valid_up_to(src: &[u8]) -> usize = short::valid_up_to);
    wrap512_whole!(ascii_len(src: &[u8]) -> usize = short::ascii_len);
    wrap512_whole!(count(src: &[u8]) -> usize = short::count);
    wrap512!(valid_bmp_up_to(src: &[u8]) -> usize =
        utf8::valid_bmp_up_to::<__m512i>, scalar::utf8_valid_bmp_up_to);
    wrap512!(utf16_len(src: &[u8]) -> usize = utf8::utf16_len::<__m512i>, scalar::utf16_len);
    wrap512!(latin1_prefix(src: &[u8]) -> usize =
        utf8::latin1_prefix::<__m512i>, scalar::latin1_prefix);

    fn to_utf16(src: &[u8], dst: &mut [u16], swap: bool) -> (usize, usize) {
        if swap {
            to_utf16_swapped(src, dst)
        } else {
            to_utf16_native(src, dst)
        }
    }
    // The decoders read what is left after their last 64-byte block with a masked load, so
    // short inputs too are one step.
    wrap512_short!(
        to_utf16_native(src: &[u8], dst: &mut [u16]) -> (usize, usize) =
        compress::decode_last::<decode_utf8::ToUtf16<false>>,
        compress::utf8_to_wide::<decode_utf8::ToUtf16<false>>);
    wrap512_short!(
        to_utf16_swapped(src: &[u8], dst: &mut [u16]) -> (usize, usize) =
        compress::decode_last::<decode_utf8::ToUtf16<true>>,
        compress::utf8_to_wide::<decode_utf8::ToUtf16<true>>);
    wrap512_short!(to_utf32(src: &[u8], dst: &mut [u32], _o: ()) -> (usize, usize) =
        utf8_to_utf32_short, utf8_to_utf32);
    #[inline(always)]
    unsafe fn utf8_to_utf32_short(src: &[u8], dst: &mut [u32], _o: ()) -> Option<(usize, usize)> {
        // SAFETY: forwarded.
        unsafe { compress::decode_last::<decode_utf8::ToUtf32>(src, dst) }
    }
    #[inline(always)]
    unsafe fn utf8_to_utf32(src: &[u8], dst: &mut [u32], _o: ()) -> (usize, usize) {
        // SAFETY: forwarded.
        unsafe { compress::utf8_to_wide::<decode_utf8::ToUtf32>(src, dst) }
    }
    fn from_utf16(src: &[u16], dst: &mut [u8], swap: bool) -> (usize, usize) {
        if swap {
            from_utf16_swapped(src, dst)
        } else {
            from_utf16_native(src, dst)
        }
    }
    wrap512!(
        from_utf16_native(src: &[u16], dst: &mut [u8]) -> (usize, usize) =
        compress::utf16_to_utf8::<false>, scalar_from_utf16::<false>);
    wrap512!(
        from_utf16_swapped(src: &[u16], dst: &mut [u8]) -> (usize, usize) =
        compress::utf16_to_utf8::<true>, scalar_from_utf16::<true>);
    wrap512!(
        from_utf32(src: &[u32], dst: &mut [u8], _o: ()) -> (usize, usize) =
        from_utf32_tf, scalar::utf32_to_utf8);
    #[inline(always)]
    unsafe fn from_utf32_tf(src: &[u32], dst: &mut [u8], _o: ()) -> (usize, usize) {
        // SAFETY: forwarded.
        unsafe { compress::utf32_to_utf8(src, dst) }
    }
    wrap512!(
        from_latin1(src: &[u8], dst: &mut [u8], _o: ()) -> (usize, usize) =
        from_latin1_tf, scalar::latin1_to_utf8);
    #[inline(always)]
    unsafe fn from_latin1_tf(src: &[u8], dst: &mut [u8], _o: ()) -> (usize, usize) {
        // SAFETY: forwarded.
        unsafe { compress::latin1_to_utf8(src, dst) }
    }
    wrap512!(
        to_latin1(src: &[u8], dst: &mut [u8], _o: ()) -> (usize, usize) =
        to_latin1_tf, scalar::utf8_to_latin1);
    #[inline(always)]
    unsafe fn to_latin1_tf(src: &[u8], dst: &mut [u8], _o: ()) -> (usize, usize) {
        // SAFETY: forwarded.
        unsafe { compress::utf8_to_latin1(src, dst) }
    }

    fn measure_utf16(src: &[u16], swap: bool) -> (usize, usize) {
        if swap {
            measure_swapped(src)
        } else {
            measure_native(src)
        }
    }
    wrap512!(measure_native(src: &[u16]) -> (usize, usize) =
        measure::utf16::<false>, scalar_measure_utf16::<false>);
    wrap512!(measure_swapped(src: &[u16]) -> (usize, usize) =
        measure::utf16::<true>, scalar_measure_utf16::<true>);
    wrap512!(measure_utf32(src: &[u32]) -> (usize, usize) = measure::utf32, scalar::utf32_measure);
    wrap512!(measure_latin1(src: &[u8]) -> (usize, usize) = measure::latin1, scalar::latin1_measure);

    pub(in crate::simd) static KERNELS: Kernels = Kernels {
        name: "avx512",
        utf8_valid_up_to: valid_up_to,
        utf8_valid_bmp_up_to: valid_bmp_up_to,
        ascii_len,
        count,
        utf16_len,
        latin1_prefix,
        short_utf8: true,
        short_valid: true,
        utf8_to_utf16: to_utf16,
        utf8_to_utf32: to_utf32,
        utf16_to_utf8: from_utf16,
        utf16_measure: measure_utf16,
        utf32_to_utf8: from_utf32,
        utf32_measure: measure_utf32,
        latin1_to_utf8: from_latin1,
        latin1_measure: measure_latin1,
        utf8_to_latin1: to_latin1,
        ..avx2::KERNELS
    };
}

/// Every set, portable first, best last.
pub(super) static SETS: [&Kernels; 4] = [
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

/// The kernels straight, with an output buffer far larger than the input needs: the vector steps
/// that store more than their own units (the next step or a restore overwrites the rest) must
/// still leave everything past `written` untouched when the conversion stops there. The
/// differential tests in `tests/kernels` run with tight capacities, where those steps never run
/// near the end.
#[cfg(test)]
mod tests {
    use super::{SETS, runs};

    const FILL: u8 = 0xA5;
    const CHARS: [char; 9] = ['a', ' ', 'é', 'ÿ', 'Ж', 'ש', '한', '中', '😀'];

    /// Texts of every length up to 160 characters, from a fixed-seed mix of `CHARS[..pool]`,
    /// in runs of one class (as real text comes) and alone.
    fn texts(pool: usize) -> Vec<String> {
        let mut out = Vec::new();
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for len in 1..160 {
            for _ in 0..4 {
                let mut s = String::new();
                while s.chars().count() < len {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let c = CHARS[(x % pool as u64) as usize];
                    for _ in 0..(x >> 8) % 12 + 1 {
                        s.push(c);
                    }
                }
                out.push(s.chars().take(len).collect());
            }
        }
        out
    }

    fn untouched<T: Copy + PartialEq + core::fmt::Debug>(dst: &[T], n: usize, fill: T, what: &str) {
        assert!(
            dst[n..].iter().all(|&u| u == fill),
            "{what}: wrote past {n}"
        );
    }

    #[test]
    fn nothing_past_written_with_room_to_spare() {
        for (_, k) in SETS.iter().enumerate().skip(1).filter(|&(i, _)| runs(i)) {
            for s in texts(CHARS.len()) {
                let utf8 = s.as_bytes();
                let utf16: Vec<u16> = s.encode_utf16().collect();
                let utf32: Vec<u32> = s.chars().map(u32::from).collect();
                let what = |op: &str| format!("{} {op} {s:?}", k.name);

                let mut d = vec![FILL; 4 * utf8.len() + 200];
                let (r, n) = (k.utf16_to_utf8)(&utf16, &mut d, false);
                untouched(&d, n, FILL, &what("utf16_to_utf8"));
                let want = String::from_utf16(&utf16[..r]).unwrap();
                assert_eq!(d[..n], *want.as_bytes(), "{}", what("utf16_to_utf8"));

                let mut d = vec![FILL; 4 * utf8.len() + 200];
                let (r, n) = (k.utf32_to_utf8)(&utf32, &mut d, ());
                untouched(&d, n, FILL, &what("utf32_to_utf8"));
                assert_eq!(d[..n], *s.chars().take(r).collect::<String>().as_bytes());

                let mut d = vec![0xA5A5u16; utf8.len() + 200];
                let (r, n) = (k.utf8_to_utf16)(utf8, &mut d, false);
                untouched(&d, n, 0xA5A5, &what("utf8_to_utf16"));
                let want: Vec<u16> = core::str::from_utf8(&utf8[..r])
                    .unwrap()
                    .encode_utf16()
                    .collect();
                assert_eq!(d[..n], want[..], "{}", what("utf8_to_utf16"));

                let mut d = vec![0xA5A5_A5A5u32; utf8.len() + 200];
                let (r, n) = (k.utf8_to_utf32)(utf8, &mut d, ());
                untouched(&d, n, 0xA5A5_A5A5, &what("utf8_to_utf32"));
                let want: Vec<u32> = core::str::from_utf8(&utf8[..r])
                    .unwrap()
                    .chars()
                    .map(u32::from)
                    .collect();
                assert_eq!(d[..n], want[..], "{}", what("utf8_to_utf32"));

                let mut d = vec![FILL; utf8.len() + 200];
                let (r, n) = (k.utf8_to_latin1)(utf8, &mut d, ());
                untouched(&d, n, FILL, &what("utf8_to_latin1"));
                let want: Vec<u8> = core::str::from_utf8(&utf8[..r])
                    .unwrap()
                    .chars()
                    .map(|c| c as u8)
                    .collect();
                assert_eq!(d[..n], want[..], "{}", what("utf8_to_latin1"));

                for nul in [false, true] {
                    let mut d = vec![FILL; 4 * utf8.len() + 200];
                    let (_, n) = (k.utf16_to_bmp_utf8)(&utf16, &mut d, (false, nul));
                    untouched(&d, n, FILL, &what("utf16_to_bmp_utf8"));
                }
            }
            for s in texts(4) {
                let latin1: Vec<u8> = s.chars().map(|c| c as u8).collect();
                let mut d = vec![FILL; 2 * latin1.len() + 200];
                let (r, n) = (k.latin1_to_utf8)(&latin1, &mut d, ());
                untouched(&d, n, FILL, &format!("{} latin1_to_utf8 {s:?}", k.name));
                assert_eq!(d[..n], *s.chars().take(r).collect::<String>().as_bytes());
            }
        }
    }
}
