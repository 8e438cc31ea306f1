//! Every conversion of the API, each one line over the engine: the direct functions (UTF-8 to
//! and from UTF-16, UTF-32 and Latin-1, UTF-16 to and from UTF-32) and [`convert`] between any
//! two encodings.
//!
//! All of them take `dst: None` to measure (return in `written` the units the conversion needs,
//! writing nothing) and never write past the end of `dst`. See the crate docs for the policies.

use crate::codec::ascii::is_short_ascii;
use crate::engine::route::{self, convert_until};
use crate::simd;
use crate::types::encoding::Encoding;
use crate::types::outcome::{Outcome, Policy};
use crate::types::unit::Unit;

/// Each direct conversion of the routing table's list: the active kernel set, then the routing
/// table's function for the pair. The dispatcher depends on the input: UTF-8 to 16- and 32-bit
/// units takes `with_utf8_kernels`, where the kernel sets that have masked loads decode short
/// UTF-8 themselves, after widening short ASCII here.
macro_rules! conversions {
    ($($(#[$doc:meta])* $name:ident: $src:tt => $dst:tt, $from:ident => $to:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name(src: &[$src], dst: Option<&mut [$dst]>, policy: Policy) -> Outcome {
            conversions!(@body $name, $src => $dst, $to, src, dst, policy)
        }
    )*};
    (@body $name:ident, u8 => u8, $to:ident, $s:ident, $d:ident, $p:ident) => {
        simd::with_kernels($s.len(), |k| route::$name(k, $s, $s.len(), $d, $p))
    };
    (@body $name:ident, u8 => $dst:ident, $to:ident, $s:ident, $d:ident, $p:ident) => {{
        let mut $d = $d;
        if let Some(o) = short_ascii($s, $d.as_deref_mut(), conversions!(@widen $dst, $to)) {
            return o;
        }
        simd::with_utf8_kernels($s.len(), |k| route::$name(k, $s, $s.len(), $d, $p))
    }};
    (@body $name:ident, $src:ident => $dst:ident, $to:ident, $s:ident, $d:ident, $p:ident) => {
        simd::with_kernels($s.len(), |k| route::$name(k, $s, $s.len(), $d, $p))
    };
    (@widen u16, Utf16Le) => { |b| u16::from(b).to_le() };
    (@widen u16, Utf16Be) => { |b| u16::from(b).to_be() };
    (@widen $dst:ident, $to:ident) => { $dst::from };
}

/// A short ASCII input (at most 32 bytes) widened here, before any dispatch: for a key or a
/// word, the calls into a kernel cost more than the conversion. `None` for anything else, and
/// when `dst` lacks room (the engine reports that).
#[inline(always)]
fn short_ascii<T>(src: &[u8], dst: Option<&mut [T]>, widen: fn(u8) -> T) -> Option<Outcome> {
    if !is_short_ascii(src) {
        return None;
    }
    if let Some(dst) = dst {
        let out = dst.get_mut(..src.len())?;
        for (o, &b) in out.iter_mut().zip(src) {
            *o = widen(b);
        }
    }
    Some(Outcome {
        read: src.len(),
        written: src.len(),
        ..Outcome::default()
    })
}

route::direct_conversions!(conversions! {});

/// Converts `src`, in encoding `from`, to encoding `to` in `dst` (or measures, when `dst` is
/// `None`) under `policy`.
///
/// `S` and `T` must be the unit types of `from` and `to` (`u8` for the UTF-8 family, Latin-1
/// and Windows-1252, `u16` for UTF-16, `u32` for UTF-32 and, on Linux and macOS, `wchar_t`);
/// otherwise the result is [`crate::Status::BadArgument`]. The contract is that of every
/// conversion of this crate: lengths in units, offsets in source units, output never past the
/// end of `dst`, [`crate::Status::OutputFull`] resumable from `&src[read..]`.
///
/// ```
/// use utf8x::{Encoding, Policy, convert};
/// // A Java string with a supplementary character, written by DataOutputStream.writeUTF.
/// let java = b"\xed\xa0\xbd\xed\xb8\x80 \xc0\x80";
/// let mut out = [0u8; 16];
/// let r = convert(&java[..], Encoding::Mutf8, Some(&mut out[..]), Encoding::Utf8, Policy::Strict);
/// assert!(r.is_ok());
/// assert_eq!(&out[..r.written], "\u{1F600} \0".as_bytes());
/// ```
pub fn convert<S: Unit, T: Unit>(
    src: &[S],
    from: Encoding,
    dst: Option<&mut [T]>,
    to: Encoding,
    policy: Policy,
) -> Outcome {
    simd::with_kernels(src.len(), |k| {
        convert_until(k, src, src.len(), from, dst, to, policy)
    })
}
