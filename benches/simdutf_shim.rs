//! Slice-based wrappers over the simdutf crate's raw-pointer conversions.
//!
//! The simdutf functions write `count` units without a capacity argument, so each wrapper first
//! checks that `dst` holds the worst case for `src`. simdutf's validating conversions return 0 on
//! ill-formed input, which is also the output length of an empty input: that is mapped to `None`.

#![allow(unsafe_code)]

macro_rules! shims {
    ($($(#[$doc:meta])* $name:ident: $f:ident, $src:ty => $dst:ty, at most $factor:literal
       per unit, $validates:literal;)*) => {$(
        $(#[$doc])*
        #[inline]
        pub fn $name(src: &[$src], dst: &mut [$dst]) -> Option<usize> {
            assert!(dst.len() >= src.len() * $factor, "output buffer below the worst case");
            // SAFETY: both slices are valid for their lengths and do not overlap (one is shared,
            // the other exclusive); the assert above guarantees room for the longest possible
            // output; Vec-backed slices are aligned for their unit type.
            let n = unsafe { simdutf::$f(src.as_ptr(), src.len(), dst.as_mut_ptr()) };
            (n > 0 || src.is_empty() || !$validates).then_some(n)
        }
    )*};
}

shims! {
    utf8_to_utf16le: convert_utf8_to_utf16le, u8 => u16, at most 1 per unit, true;
    valid_utf8_to_utf16le: convert_valid_utf8_to_utf16le, u8 => u16, at most 1 per unit, false;
    utf16le_to_utf8: convert_utf16le_to_utf8, u16 => u8, at most 3 per unit, true;
    valid_utf16le_to_utf8: convert_valid_utf16le_to_utf8, u16 => u8, at most 3 per unit, false;
    utf8_to_utf32: convert_utf8_to_utf32, u8 => u32, at most 1 per unit, true;
    valid_utf8_to_utf32: convert_valid_utf8_to_utf32, u8 => u32, at most 1 per unit, false;
    utf32_to_utf8: convert_utf32_to_utf8, u32 => u8, at most 4 per unit, true;
    valid_utf32_to_utf8: convert_valid_utf32_to_utf8, u32 => u8, at most 4 per unit, false;
    utf8_to_latin1: convert_utf8_to_latin1, u8 => u8, at most 1 per unit, true;
    valid_utf8_to_latin1: convert_valid_utf8_to_latin1, u8 => u8, at most 1 per unit, false;
    latin1_to_utf8: convert_latin1_to_utf8, u8 => u8, at most 2 per unit, false;
    utf16le_to_utf32: convert_utf16le_to_utf32, u16 => u32, at most 1 per unit, true;
    valid_utf16le_to_utf32: convert_valid_utf16le_to_utf32, u16 => u32, at most 1 per unit, false;
    utf32_to_utf16le: convert_utf32_to_utf16le, u32 => u16, at most 2 per unit, true;
    valid_utf32_to_utf16le: convert_valid_utf32_to_utf16le, u32 => u16, at most 2 per unit, false;
}
