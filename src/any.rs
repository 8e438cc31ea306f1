//! Conversion between any two of the fourteen encodings: one decoder and one encoder for the
//! shared engine, chosen from the pair. The pairs that have a direct function (UTF-8 to or from
//! UTF-16, UTF-32, Latin-1, `wchar_t`) go to exactly that function, so both give identical
//! results; every other pair runs the engine with the fast path of [`crate::fast`].

use crate::decode::{self as dec, Be, Decoder, Le, Native};
use crate::encode::{Encoder, Latin1Out, Utf8Out, Utf32Out};
use crate::encoding::Encoding;
use crate::family::{self as fam, Cesu8Out, Cp1252Out, Mutf8Out, Rfc2279Out, Wtf8Out};
use crate::outcome::{Outcome, Policy};
use crate::simd::{self, Kernels};
use crate::transcode::transcode;
use crate::unit::Unit;

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
    simd::with_kernels(src.len(), |k| convert_with(k, src, from, dst, to, policy))
}

/// The encoding `e` names on this machine: `wchar_t`, native UTF-16 and native-order UTF-32
/// become the one form each stands for here.
const fn canonical(e: Encoding) -> Encoding {
    use Encoding::*;
    match e.resolved() {
        #[cfg(target_endian = "little")]
        Utf16 => Utf16Le,
        #[cfg(target_endian = "big")]
        Utf16 => Utf16Be,
        #[cfg(target_endian = "little")]
        Utf32Le => Utf32,
        #[cfg(target_endian = "big")]
        Utf32Be => Utf32,
        e => e,
    }
}

/// [`convert`] with an explicit kernel set.
pub(crate) fn convert_with<S: Unit, T: Unit>(
    k: &Kernels,
    src: &[S],
    from: Encoding,
    dst: Option<&mut [T]>,
    to: Encoding,
    policy: Policy,
) -> Outcome {
    use crate::convert as c;
    use Encoding::*;
    match (canonical(from), canonical(to)) {
        (Utf8, Utf16Le) => direct(k, src, dst, policy, c::to_utf16le_with),
        (Utf8, Utf16Be) => direct(k, src, dst, policy, c::to_utf16be_with),
        (Utf8, Utf32) => direct(k, src, dst, policy, c::to_utf32_with),
        (Utf8, Latin1) => direct(k, src, dst, policy, c::to_latin1_with),
        (Utf16Le, Utf8) => direct(k, src, dst, policy, c::from_utf16le_with),
        (Utf16Be, Utf8) => direct(k, src, dst, policy, c::from_utf16be_with),
        (Utf32, Utf8) => direct(k, src, dst, policy, c::from_utf32_with),
        (Latin1, Utf8) => direct(k, src, dst, policy, c::from_latin1_with),
        (from, to) => by_source(k, src, from, dst, to, policy),
    }
}

/// A direct function of the crate with a kernel set.
type With<A, B> = fn(&Kernels, &[A], Option<&mut [B]>, Policy) -> Outcome;

/// `src` and `dst` seen as the unit types `A` and `B`, or `None` when they are other types.
#[allow(clippy::type_complexity)]
pub(crate) fn views<'a, 'b, A: Unit, B: Unit, S: Unit, T: Unit>(
    src: &'a [S],
    dst: Option<&'b mut [T]>,
) -> Option<(&'a [A], Option<&'b mut [B]>)> {
    let src = A::view(src)?;
    match dst {
        None => Some((src, None)),
        Some(d) => Some((src, Some(B::view_mut(d)?))),
    }
}

fn direct<A: Unit, B: Unit, S: Unit, T: Unit>(
    k: &Kernels,
    src: &[S],
    dst: Option<&mut [T]>,
    policy: Policy,
    f: With<A, B>,
) -> Outcome {
    match views::<A, B, S, T>(src, dst) {
        Some((src, dst)) => f(k, src, dst, policy),
        None => Outcome::bad_argument(),
    }
}

/// Picks the decoder for `from`. UTF-16 reads lone surrogates as characters when the target
/// holds them (WTF-8, modified UTF-8), and UTF-32 reads values up to 0x7FFFFFFF when the
/// target is RFC 2279, the one form that writes them.
fn by_source<S: Unit, T: Unit>(
    k: &Kernels,
    src: &[S],
    from: Encoding,
    dst: Option<&mut [T]>,
    to: Encoding,
    policy: Policy,
) -> Outcome {
    use Encoding::*;
    let lone = matches!(to, Wtf8 | Mutf8);
    let ucs4 = to == Rfc2279;
    match from {
        Utf8 => by_target::<dec::Utf8, S, T>(k, src, dst, to, policy),
        Cesu8 => by_target::<fam::Cesu8, S, T>(k, src, dst, to, policy),
        Mutf8 => by_target::<fam::Mutf8, S, T>(k, src, dst, to, policy),
        Wtf8 => by_target::<fam::Wtf8, S, T>(k, src, dst, to, policy),
        Rfc2279 => by_target::<fam::Rfc2279, S, T>(k, src, dst, to, policy),
        Latin1 => by_target::<dec::Latin1, S, T>(k, src, dst, to, policy),
        Cp1252 => by_target::<fam::Cp1252, S, T>(k, src, dst, to, policy),
        Utf16Le if lone => by_target::<dec::Utf16<Le, true>, S, T>(k, src, dst, to, policy),
        Utf16Le => by_target::<dec::Utf16<Le>, S, T>(k, src, dst, to, policy),
        Utf16Be if lone => by_target::<dec::Utf16<Be, true>, S, T>(k, src, dst, to, policy),
        Utf16Be => by_target::<dec::Utf16<Be>, S, T>(k, src, dst, to, policy),
        Utf32 if ucs4 => by_target::<dec::Utf32<Native, true>, S, T>(k, src, dst, to, policy),
        Utf32 => by_target::<dec::Utf32<Native>, S, T>(k, src, dst, to, policy),
        Utf32Le if ucs4 => by_target::<dec::Utf32<Le, true>, S, T>(k, src, dst, to, policy),
        Utf32Le => by_target::<dec::Utf32<Le>, S, T>(k, src, dst, to, policy),
        Utf32Be if ucs4 => by_target::<dec::Utf32<Be, true>, S, T>(k, src, dst, to, policy),
        Utf32Be => by_target::<dec::Utf32<Be>, S, T>(k, src, dst, to, policy),
        // Made canonical by the caller.
        Utf16 | Wchar => Outcome::bad_argument(),
    }
}

fn by_target<D: Decoder<Unit: Unit>, S: Unit, T: Unit>(
    k: &Kernels,
    src: &[S],
    dst: Option<&mut [T]>,
    to: Encoding,
    policy: Policy,
) -> Outcome {
    use Encoding::*;
    match to {
        Utf8 => run::<D, Utf8Out, S, T>(k, src, dst, policy),
        Cesu8 => run::<D, Cesu8Out, S, T>(k, src, dst, policy),
        Mutf8 => run::<D, Mutf8Out, S, T>(k, src, dst, policy),
        Wtf8 => run::<D, Wtf8Out, S, T>(k, src, dst, policy),
        Rfc2279 => run::<D, Rfc2279Out, S, T>(k, src, dst, policy),
        Latin1 => run::<D, Latin1Out, S, T>(k, src, dst, policy),
        Cp1252 => run::<D, Cp1252Out, S, T>(k, src, dst, policy),
        Utf16Le => run::<D, dec::Utf16<Le>, S, T>(k, src, dst, policy),
        Utf16Be => run::<D, dec::Utf16<Be>, S, T>(k, src, dst, policy),
        Utf32 => run::<D, Utf32Out<Native>, S, T>(k, src, dst, policy),
        Utf32Le => run::<D, Utf32Out<Le>, S, T>(k, src, dst, policy),
        Utf32Be => run::<D, Utf32Out<Be>, S, T>(k, src, dst, policy),
        Utf16 | Wchar => Outcome::bad_argument(),
    }
}

fn run<D: Decoder<Unit: Unit>, E: Encoder<Unit: Unit>, S: Unit, T: Unit>(
    k: &Kernels,
    src: &[S],
    dst: Option<&mut [T]>,
    policy: Policy,
) -> Outcome {
    match views::<D::Unit, E::Unit, S, T>(src, dst) {
        Some((src, dst)) => {
            transcode::<D, E>(src, dst, policy, |s, d| crate::fast::bulk::<D, E>(k, s, d))
        }
        None => Outcome::bad_argument(),
    }
}
