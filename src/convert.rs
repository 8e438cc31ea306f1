//! Every conversion of the API, each one line over the shared engine.
//!
//! All of them take `dst: None` to measure (return in `written` the units the conversion needs,
//! writing nothing) and never write past the end of `dst`. See the crate docs for the policies.

use crate::decode::{Be, Latin1, Le, Native, Utf8, Utf16, Utf32};
use crate::encode::{Latin1Out, Utf8Out, Utf32Out};
use crate::outcome::{Outcome, Policy};
use crate::simd::{self, Kernels};
use crate::transcode::transcode_until;

/// Each conversion is a public function over the active kernel set and a `_with` form taking
/// the kernel set explicitly (for the differential tests). `|$k, $s, $d| $bulk` is the engine's
/// fast path given the kernel set, the input and the output.
macro_rules! conversions {
    ($($(#[$doc:meta])* $name:ident, $with:ident, $until:ident: $from:ty => $to:ty,
        $src:ty => $dst:ty, $dispatch:ident |$k:ident, $s:ident, $d:ident| $bulk:expr;)*) => {$(
        $(#[$doc])*
        pub fn $name(src: &[$src], dst: Option<&mut [$dst]>, policy: Policy) -> Outcome {
            simd::$dispatch(src.len(), |k| $with(k, src, dst, policy))
        }

        #[inline]
        pub(crate) fn $with(
            $k: &Kernels,
            src: &[$src],
            dst: Option<&mut [$dst]>,
            policy: Policy,
        ) -> Outcome {
            $until($k, src, src.len(), dst, policy)
        }

        /// The conversion of `src[..end]`, looking past `end` to decide steps as a call over
        /// all of `src` would (see `transcode_until`).
        #[inline]
        pub(crate) fn $until(
            $k: &Kernels,
            src: &[$src],
            end: usize,
            dst: Option<&mut [$dst]>,
            policy: Policy,
        ) -> Outcome {
            transcode_until::<$from, $to>(src, end, dst, policy, |$s, $d| $bulk)
        }
    )*};
}

// Each entry names the dispatcher for its input length: `with_utf8_kernels` where the kernel
// sets that have masked loads decode short input themselves.
conversions! {
    /// UTF-8 → UTF-16 with little-endian units.
    to_utf16le, to_utf16le_with, to_utf16le_until:Utf8 => Utf16<Le>, u8 => u16,
        with_utf8_kernels |k, s, d| k.utf8_to_utf16_bulk::<Le>(s, d);
    /// UTF-8 → UTF-16 with big-endian units.
    to_utf16be, to_utf16be_with, to_utf16be_until:Utf8 => Utf16<Be>, u8 => u16,
        with_utf8_kernels |k, s, d| k.utf8_to_utf16_bulk::<Be>(s, d);
    /// UTF-8 → UTF-16 in the machine's byte order.
    to_utf16, to_utf16_with, to_utf16_until:Utf8 => Utf16<Native>, u8 => u16,
        with_utf8_kernels |k, s, d| k.utf8_to_utf16_bulk::<Native>(s, d);
    /// UTF-8 → UTF-32 in the machine's byte order.
    to_utf32, to_utf32_with, to_utf32_until:Utf8 => Utf32Out, u8 => u32,
        with_utf8_kernels |k, s, d| k.utf8_to_utf32_bulk(s, d);
    /// UTF-8 → ISO-8859-1. Characters above U+00FF are unmappable; ESCAPE is rejected.
    to_latin1, to_latin1_with, to_latin1_until:Utf8 => Latin1Out, u8 => u8,
        with_kernels |k, s, d| k.utf8_to_latin1_bulk(s, d);
    /// UTF-16 with little-endian units → UTF-8.
    from_utf16le, from_utf16le_with, from_utf16le_until:Utf16<Le> => Utf8Out, u16 => u8,
        with_kernels |k, s, d| k.utf16_to_utf8_bulk::<Le>(s, d);
    /// UTF-16 with big-endian units → UTF-8.
    from_utf16be, from_utf16be_with, from_utf16be_until:Utf16<Be> => Utf8Out, u16 => u8,
        with_kernels |k, s, d| k.utf16_to_utf8_bulk::<Be>(s, d);
    /// UTF-16 in the machine's byte order → UTF-8.
    from_utf16, from_utf16_with, from_utf16_until:Utf16<Native> => Utf8Out, u16 => u8,
        with_kernels |k, s, d| k.utf16_to_utf8_bulk::<Native>(s, d);
    /// UTF-32 in the machine's byte order → UTF-8.
    from_utf32, from_utf32_with, from_utf32_until:Utf32 => Utf8Out, u32 => u8,
        with_kernels |k, s, d| simd::to_utf8_bulk(k.utf32_to_utf8, k.utf32_measure, s, d);
    /// ISO-8859-1 → UTF-8 (never ill-formed).
    from_latin1, from_latin1_with, from_latin1_until:Latin1 => Utf8Out, u8 => u8,
        with_kernels |k, s, d| simd::to_utf8_bulk(k.latin1_to_utf8, k.latin1_measure, s, d);
}
