//! Every conversion of the API, each one line over the shared engine.
//!
//! All of them take `dst: None` to measure (return in `written` the units the conversion needs,
//! writing nothing) and never write past the end of `dst`. See the crate docs for the policies.

use crate::decode::{Be, Latin1, Le, Native, Utf8, Utf16, Utf32};
use crate::encode::{Latin1Out, Utf8Out, Utf32Out};
use crate::outcome::{Outcome, Policy};
use crate::transcode::{ascii_prefix, transcode};

macro_rules! conversions {
    ($($(#[$doc:meta])* $name:ident: $from:ty => $to:ty, $src:ty => $dst:ty;)*) => {$(
        $(#[$doc])*
        pub fn $name(src: &[$src], dst: Option<&mut [$dst]>, policy: Policy) -> Outcome {
            transcode::<$from, $to>(src, dst, policy, ascii_prefix::<$from, $to>)
        }
    )*};
}

conversions! {
    /// UTF-8 → UTF-16 with little-endian units.
    to_utf16le: Utf8 => Utf16<Le>, u8 => u16;
    /// UTF-8 → UTF-16 with big-endian units.
    to_utf16be: Utf8 => Utf16<Be>, u8 => u16;
    /// UTF-8 → UTF-16 in the machine's byte order.
    to_utf16: Utf8 => Utf16<Native>, u8 => u16;
    /// UTF-8 → UTF-32 in the machine's byte order.
    to_utf32: Utf8 => Utf32Out, u8 => u32;
    /// UTF-8 → ISO-8859-1. Characters above U+00FF are unmappable; ESCAPE is rejected.
    to_latin1: Utf8 => Latin1Out, u8 => u8;
    /// UTF-16 with little-endian units → UTF-8.
    from_utf16le: Utf16<Le> => Utf8Out, u16 => u8;
    /// UTF-16 with big-endian units → UTF-8.
    from_utf16be: Utf16<Be> => Utf8Out, u16 => u8;
    /// UTF-16 in the machine's byte order → UTF-8.
    from_utf16: Utf16<Native> => Utf8Out, u16 => u8;
    /// UTF-32 in the machine's byte order → UTF-8.
    from_utf32: Utf32 => Utf8Out, u32 => u8;
    /// ISO-8859-1 → UTF-8 (never ill-formed).
    from_latin1: Latin1 => Utf8Out, u8 => u8;
}
