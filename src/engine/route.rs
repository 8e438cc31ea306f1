//! The routing table: for a pair of encodings, the decoder, the encoder and the SIMD kernel that
//! convert it, in one place. Two lists here are the table, and every dispatch on encodings in
//! the crate is generated from them, so that adding an encoding or a direct conversion means
//! adding a line to them (and its types where they live; see docs/design.md):
//!
//! - [`forms`]: each encoding with its byte order fixed, the decoder that reads it and the
//!   encoder that writes it. The engine's dispatch ([`with_decoder`], [`by_target`]) and
//!   iconv's (over byte streams) are generated from it.
//! - [`direct_conversions`]: the pairs that have a direct function (UTF-8 to or from UTF-16,
//!   UTF-32, Latin-1; UTF-16 to or from UTF-32). [`convert_until`] sends them to exactly that function, so both give
//!   identical results; the public functions, the test access to them and iconv's fast paths
//!   are generated from the same list.
//!
//! Every other pair runs the engine with the decoder of the source ([`with_decoder`]) and the
//! encoder of the target ([`by_target`]); its fast path ([`bulk`]) is chosen from the same
//! pair, at compile time, and runs the UTF-8 kernels over what the two forms agree on
//! ([`super::agree`]).
//!
//! Encodings are values only up to [`convert_until`]: from there on the decoder, the encoder,
//! the byte order and the kernel are types, down to the kernel.

use super::agree::{agreeing, agreeing_bytes, copy_valid, u16_stops, u32_stops};
#[cfg(feature = "compact")]
use super::codecs::{DecTable, EncTable};
#[cfg(not(feature = "compact"))]
use crate::codec::decode::Decoder;
use crate::codec::decode::{
    self as dec, Be, Bounded, ByteOrder, Latin1, Le, Native, Utf8, Utf16, Utf32,
};
use crate::codec::encode::{Encoder, Latin1Out, Utf8Out, Utf32Out};
use crate::engine::transcode::transcode_until;
#[cfg(feature = "compact")]
use crate::engine::transcode::transcode_with;
use crate::simd::{self, Kernels};
use crate::types::encoding::Encoding;
use crate::types::outcome::{Outcome, Policy};
use crate::types::unit::{Dst, Src, Unit, views};

/// Every form of the routing table, once: the encoding (byte order fixed), the core's decoder
/// that reads it and the encoder that writes it. `forms!(m! { ... })` expands to `m!` with the
/// tokens given, then one `Name: Decoder, Encoder;` line per form; each dispatch on encodings is
/// such an `m!` (the engine's below, iconv's over byte streams).
macro_rules! forms {
    ($m:ident! { $($pre:tt)* }) => {
        $m! { $($pre)*
            Utf8: $crate::codec::decode::Utf8, $crate::codec::encode::Utf8Out;
            Cesu8: $crate::codec::family::Cesu8, $crate::codec::family::Cesu8Out;
            Mutf8: $crate::codec::family::Mutf8, $crate::codec::family::Mutf8Out;
            Wtf8: $crate::codec::family::Wtf8, $crate::codec::family::Wtf8Out;
            Rfc2279: $crate::codec::family::Rfc2279, $crate::codec::family::Rfc2279Out;
            Latin1: $crate::codec::decode::Latin1, $crate::codec::encode::Latin1Out;
            Cp1252: $crate::codec::family::Cp1252, $crate::codec::family::Cp1252Out;
            Utf16Le: $crate::codec::decode::Utf16<$crate::codec::decode::Le>,
                $crate::codec::decode::Utf16<$crate::codec::decode::Le>;
            Utf16Be: $crate::codec::decode::Utf16<$crate::codec::decode::Be>,
                $crate::codec::decode::Utf16<$crate::codec::decode::Be>;
            Utf32Le: $crate::codec::decode::Utf32<$crate::codec::decode::Le>,
                $crate::codec::encode::Utf32Out<$crate::codec::decode::Le>;
            Utf32Be: $crate::codec::decode::Utf32<$crate::codec::decode::Be>,
                $crate::codec::encode::Utf32Out<$crate::codec::decode::Be>;
        }
    };
}
pub(crate) use forms;

/// Every direct conversion, once: its name (that of the public function, of the routing
/// table's function below, of the test access and of iconv's fast path), its documentation,
/// its unit types and its pair of encodings as [`canonical`] gives them. `direct_conversions!(m!
/// { ... })` expands to `m!` with the tokens given, then one line per conversion. The pairs of
/// the machine's order (`to_utf16`, `from_utf16`) come after those of an explicit order, which
/// [`canonical`] makes them.
macro_rules! direct_conversions {
    ($m:ident! { $($pre:tt)* }) => {
        $m! { $($pre)*
            /// UTF-8 → UTF-16 with little-endian units.
            to_utf16le: u8 => u16, Utf8 => Utf16Le;
            /// UTF-8 → UTF-16 with big-endian units.
            to_utf16be: u8 => u16, Utf8 => Utf16Be;
            /// UTF-8 → UTF-16 in the machine's byte order.
            to_utf16: u8 => u16, Utf8 => Utf16;
            /// UTF-8 → UTF-32 in the machine's byte order.
            to_utf32: u8 => u32, Utf8 => Utf32;
            /// UTF-8 → ISO-8859-1. Characters above U+00FF are unmappable; ESCAPE is rejected.
            to_latin1: u8 => u8, Utf8 => Latin1;
            /// UTF-16 with little-endian units → UTF-8.
            from_utf16le: u16 => u8, Utf16Le => Utf8;
            /// UTF-16 with big-endian units → UTF-8.
            from_utf16be: u16 => u8, Utf16Be => Utf8;
            /// UTF-16 in the machine's byte order → UTF-8.
            from_utf16: u16 => u8, Utf16 => Utf8;
            /// UTF-32 in the machine's byte order → UTF-8.
            from_utf32: u32 => u8, Utf32 => Utf8;
            /// ISO-8859-1 → UTF-8 (never ill-formed).
            from_latin1: u8 => u8, Latin1 => Utf8;
            /// UTF-16 with little-endian units → UTF-32 in the machine's byte order.
            utf16le_to_utf32: u16 => u32, Utf16Le => Utf32;
            /// UTF-16 with big-endian units → UTF-32 in the machine's byte order.
            utf16be_to_utf32: u16 => u32, Utf16Be => Utf32;
            /// UTF-16 with little-endian units → UTF-32 with big-endian units.
            utf16le_to_utf32be: u16 => u32, Utf16Le => Utf32Be;
            /// UTF-16 with big-endian units → UTF-32 with big-endian units.
            utf16be_to_utf32be: u16 => u32, Utf16Be => Utf32Be;
            /// UTF-32 in the machine's byte order → UTF-16 with little-endian units.
            utf32_to_utf16le: u32 => u16, Utf32 => Utf16Le;
            /// UTF-32 in the machine's byte order → UTF-16 with big-endian units.
            utf32_to_utf16be: u32 => u16, Utf32 => Utf16Be;
            /// UTF-32 with big-endian units → UTF-16 with little-endian units.
            utf32be_to_utf16le: u32 => u16, Utf32Be => Utf16Le;
            /// UTF-32 with big-endian units → UTF-16 with big-endian units.
            utf32be_to_utf16be: u32 => u16, Utf32Be => Utf16Be;
        }
    };
}
pub(crate) use direct_conversions;

/// The encoding `e` names on this machine: `wchar_t`, native UTF-16 and native-order UTF-32
/// become the one form each stands for here.
pub(crate) const fn canonical(e: Encoding) -> Encoding {
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

/// A [`canonical`] encoding as the form [`forms`] lists: UTF-32 with its byte order explicit.
const fn explicit(e: Encoding) -> Encoding {
    use Encoding::*;
    match e {
        #[cfg(target_endian = "little")]
        Utf32 => Utf32Le,
        #[cfg(target_endian = "big")]
        Utf32 => Utf32Be,
        e => e,
    }
}

/// The pairs that have a direct function: for each, the decoder, the encoder and the kernel,
/// as a function of `src[..end]` (looking past `end` to decide the steps before it as a call
/// over all of `src` would; see `transcode_until`) named after the public function.
macro_rules! direct_pairs {
    ($($name:ident: $from:ty => $to:ty, $src:ty => $dst:ty, |$k:ident, $s:ident, $d:ident| $bulk:expr;)*) => {$(
        #[inline]
        pub(crate) fn $name(
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

/// The UTF-8 decoders whose kernels write a lossy policy's fill themselves (see
/// [`decode_utf8`]): `$bulk` is the kernel under STRICT, `$lossy` the one given the policy and
/// the count of replacements it adds to.
macro_rules! decoding_pairs {
    ($($name:ident: $to:ty, $dst:ty, |$k:ident, $s:ident, $d:ident| $bulk:expr,
        |$p:ident, $n:ident| $lossy:expr;)*) => {$(
        #[inline]
        pub(crate) fn $name(
            $k: &Kernels,
            src: &[u8],
            end: usize,
            dst: Option<&mut [$dst]>,
            policy: Policy,
        ) -> Outcome {
            decode_utf8::<$to>(src, end, dst, policy, |$s, $d| $bulk, |$s, $d, $p, $n| $lossy)
        }
    )*};
}

decoding_pairs! {
    to_utf16le: Utf16<Le>, u16, |k, s, d| k.utf8_to_utf16_bulk::<Le>(s, d),
        |p, n| k.utf8_to_utf16_lossy_bulk::<Le>(s, d, p, n);
    to_utf16be: Utf16<Be>, u16, |k, s, d| k.utf8_to_utf16_bulk::<Be>(s, d),
        |p, n| k.utf8_to_utf16_lossy_bulk::<Be>(s, d, p, n);
    to_utf16: Utf16<Native>, u16, |k, s, d| k.utf8_to_utf16_bulk::<Native>(s, d),
        |p, n| k.utf8_to_utf16_lossy_bulk::<Native>(s, d, p, n);
    to_utf32: Utf32Out, u32, |k, s, d| cold(k).utf8_to_utf32_bulk(s, d),
        |p, n| cold(k).utf8_to_utf32_lossy_bulk(s, d, p, n);
}

/// UTF-8 → `E` with the kernel `strict`, or under a lossy policy with `lossy`, which writes the
/// policy's fill for the errors it meets inside the kernel's call and counts them; the engine
/// handles the rest (what the kernel leaves to it) and the sum is the outcome's count. Results
/// are those of the engine alone: the kernel replaces exactly the subparts that the engine's
/// UTF-8 step reads as ill-formed, each with the engine's fill (every target here, UTF-16 and
/// UTF-32, holds U+FFFD, every escape and every Windows-1252 character).
#[inline(always)]
fn decode_utf8<E: Encoder>(
    src: &[u8],
    end: usize,
    dst: Option<&mut [E::Unit]>,
    policy: Policy,
    strict: impl FnMut(&[u8], Option<&mut [E::Unit]>) -> (usize, usize),
    lossy: impl FnMut(&[u8], Option<&mut [E::Unit]>, Policy, &mut usize) -> (usize, usize),
) -> Outcome {
    if policy == Policy::Strict {
        return transcode_until::<Utf8, E>(src, end, dst, policy, strict);
    }
    decode_utf8_lossy::<E>(src, end, dst, policy, lossy)
}

/// [`decode_utf8`] under a lossy policy, out of line: inlined, it made every short strict call
/// pay for a larger frame.
#[inline(never)]
fn decode_utf8_lossy<E: Encoder>(
    src: &[u8],
    end: usize,
    dst: Option<&mut [E::Unit]>,
    policy: Policy,
    mut lossy: impl FnMut(&[u8], Option<&mut [E::Unit]>, Policy, &mut usize) -> (usize, usize),
) -> Outcome {
    debug_assert!(E::REPLACEMENT == 0xFFFD && E::ESCAPES);
    let mut replaced = 0;
    let mut o = transcode_until::<Utf8, E>(src, end, dst, policy, |s, d| {
        lossy(s, d, policy, &mut replaced)
    });
    o.replaced += replaced;
    o
}

direct_pairs! {
    to_latin1: Utf8 => Latin1Out, u8 => u8, |k, s, d| cold(k).utf8_to_latin1_bulk(s, d);
    from_utf16le: Utf16<Le> => Utf8Out, u16 => u8, |k, s, d| k.utf16_to_utf8_bulk::<Le>(s, d);
    from_utf16be: Utf16<Be> => Utf8Out, u16 => u8, |k, s, d| k.utf16_to_utf8_bulk::<Be>(s, d);
    from_utf16: Utf16<Native> => Utf8Out, u16 => u8,
        |k, s, d| k.utf16_to_utf8_bulk::<Native>(s, d);
    from_utf32: Utf32 => Utf8Out, u32 => u8,
        |k, s, d| simd::to_utf8_bulk(cold(k).utf32_to_utf8(), cold(k).utf32_measure(), s, d);
    from_latin1: Latin1 => Utf8Out, u8 => u8,
        |k, s, d| simd::to_utf8_bulk(cold(k).latin1_to_utf8(), cold(k).latin1_measure(), s, d);
    utf16le_to_utf32: Utf16<Le> => Utf32Out<Native>, u16 => u32,
        |k, s, d| cold(k).utf16_to_utf32_bulk::<Le, Native>(s, d);
    utf16be_to_utf32: Utf16<Be> => Utf32Out<Native>, u16 => u32,
        |k, s, d| cold(k).utf16_to_utf32_bulk::<Be, Native>(s, d);
    utf16le_to_utf32be: Utf16<Le> => Utf32Out<Be>, u16 => u32,
        |k, s, d| cold(k).utf16_to_utf32_bulk::<Le, Be>(s, d);
    utf16be_to_utf32be: Utf16<Be> => Utf32Out<Be>, u16 => u32,
        |k, s, d| cold(k).utf16_to_utf32_bulk::<Be, Be>(s, d);
    utf32_to_utf16le: Utf32<Native> => Utf16<Le>, u32 => u16,
        |k, s, d| cold(k).utf32_to_utf16_bulk::<Native, Le>(s, d);
    utf32_to_utf16be: Utf32<Native> => Utf16<Be>, u32 => u16,
        |k, s, d| cold(k).utf32_to_utf16_bulk::<Native, Be>(s, d);
    utf32be_to_utf16le: Utf32<Be> => Utf16<Le>, u32 => u16,
        |k, s, d| cold(k).utf32_to_utf16_bulk::<Be, Le>(s, d);
    utf32be_to_utf16be: Utf32<Be> => Utf16<Be>, u32 => u16,
        |k, s, d| cold(k).utf32_to_utf16_bulk::<Be, Be>(s, d);
}

/// The kernel set for what is not hot in the npm package's module (UTF-8 to and from UTF-32 and
/// Latin-1, UTF-16 to and from UTF-32, UTF-16 to CESU-8 and modified UTF-8, the BMP-only validation): in the `compact`
/// build the portable set, as a constant, so that the SIMD kernels of those operations are not
/// linked; otherwise `k`. Every set gives the same results.
#[inline(always)]
fn cold(k: &Kernels) -> &Kernels {
    #[cfg(feature = "compact")]
    let k = {
        let _ = k;
        simd::with_kernels(0, |portable| portable)
    };
    k
}

/// [`convert_until`]'s dispatch: the direct function of a pair listed by
/// [`direct_conversions`], else the engine. The list's pairs of the machine's order get no arm:
/// [`canonical`] never gives them, and dead arms cost the live ones their inlining.
macro_rules! route_pair {
    ($args:tt [$($arms:tt)*] $(#[$doc:meta])* $name:ident: $s:tt => $d:tt, Utf16 => $to:ident;
        $($rest:tt)*) => {
        route_pair!($args [$($arms)*] $($rest)*)
    };
    ($args:tt [$($arms:tt)*] $(#[$doc:meta])* $name:ident: $s:tt => $d:tt, $from:ident => Utf16;
        $($rest:tt)*) => {
        route_pair!($args [$($arms)*] $($rest)*)
    };
    ($args:tt [$($arms:tt)*] $(#[$doc:meta])* $name:ident: $s:tt => $d:tt, $from:ident => $to:ident;
        $($rest:tt)*) => {
        route_pair!($args [$($arms)* ($from, $to, $name)] $($rest)*)
    };
    (($a:ident, $src:ident, $dst:ident, $pair:expr) [$(($from:ident, $to:ident, $name:ident))*]) => {
        match $pair {
            $((Encoding::$from, Encoding::$to) if const { direct_here(Encoding::$from, Encoding::$to) } => {
                direct($a, $src, $dst, $name)
            })*
            (from, to) => match (Src::of($src), Dst::of($dst)) {
                (Some(src), Some(dst)) => engine($a, src, dst, from, to),
                _ => Outcome::bad_argument(),
            },
        }
    };
}

/// Whether [`convert_until`] sends the pair (one of [`direct_conversions`]) to its direct
/// function in this build: every pair does, but in the `compact` build (the npm package's
/// module) only the hot ones, UTF-8 to and from UTF-16LE; the others run the engine's shared
/// loop, so that their direct functions are not linked. Both give the same results.
const fn direct_here(from: Encoding, to: Encoding) -> bool {
    use Encoding::*;
    !cfg!(feature = "compact") || matches!((from, to), (Utf8, Utf16Le) | (Utf16Le, Utf8))
}

/// The conversion of `src[..end]` with an explicit kernel set, looking past `end` to decide the
/// steps before it as a call over all of `src` would (for streams; `end` is a step boundary).
pub(crate) fn convert_until<S: Unit, T: Unit>(
    k: &Kernels,
    src: &[S],
    end: usize,
    from: Encoding,
    dst: Option<&mut [T]>,
    to: Encoding,
    policy: Policy,
) -> Outcome {
    let a = Args { k, end, policy };
    direct_conversions!(route_pair! { (a, src, dst, (canonical(from), canonical(to))) [] })
}

/// The pairs without a direct function: the source's decoder from [`with_decoder`], then the
/// target's encoder from [`by_target`]. Not generic: the engine's instances (a decoder and an
/// encoder for each of some 165 pairs) are compiled here once, and every crate that converts
/// calls them, rather than compiling its own.
fn engine(a: Args, src: Src, dst: Dst, from: Encoding, to: Encoding) -> Outcome {
    with_decoder(from, to, BySource { a, src, dst, to })
}

/// What every level of the dispatch passes on: the kernel set, where to stop, the policy.
#[derive(Clone, Copy)]
struct Args<'k> {
    k: &'k Kernels,
    end: usize,
    policy: Policy,
}

/// A direct function of the crate with a kernel set and an end.
type Until<A, B> = fn(&Kernels, &[A], usize, Option<&mut [B]>, Policy) -> Outcome;

fn direct<A: Unit, B: Unit, S: Unit, T: Unit>(
    a: Args,
    src: &[S],
    dst: Option<&mut [T]>,
    f: Until<A, B>,
) -> Outcome {
    match views::<A, B, S, T>(src, dst) {
        Some((src, dst)) => f(a.k, src, a.end, dst, a.policy),
        None => Outcome::bad_argument(),
    }
}

/// What runs with the decoder of a pair's source: [`with_decoder`] calls [`Self::run`] with it.
/// One-shot conversion and streams both choose their decoder here.
pub(crate) trait WithDecoder {
    fn run<D: Bounded>(self) -> Outcome;
}

/// The decoder for `from` when converting to `to`: UTF-16 reads lone surrogates as characters
/// when the target holds them (WTF-8, modified UTF-8), and UTF-32 reads values up to 0x7FFFFFFF
/// when the target is RFC 2279, the one form that writes them.
pub(crate) fn with_decoder(from: Encoding, to: Encoding, w: impl WithDecoder) -> Outcome {
    use Encoding::*;
    let to = canonical(to);
    let lone = matches!(to, Wtf8 | Mutf8);
    let ucs4 = to == Rfc2279;
    match explicit(canonical(from)) {
        Utf16Le if lone => w.run::<dec::Utf16<Le, true>>(),
        Utf16Be if lone => w.run::<dec::Utf16<Be, true>>(),
        Utf32Le if ucs4 => w.run::<dec::Utf32<Le, true>>(),
        Utf32Be if ucs4 => w.run::<dec::Utf32<Be, true>>(),
        from => by_source(from, w),
    }
}

/// [`engine`]'s arguments, for [`with_decoder`].
struct BySource<'s, 'd, 'k> {
    a: Args<'k>,
    src: Src<'s>,
    dst: Dst<'d>,
    to: Encoding,
}

impl WithDecoder for BySource<'_, '_, '_> {
    #[cfg(not(feature = "compact"))]
    fn run<D: Bounded>(self) -> Outcome {
        by_target::<D>(self.a, self.src, self.dst, self.to)
    }

    /// The `compact` build: the decoder as a table, and the rest of the engine compiled once
    /// per pair of unit types ([`by_target_table`]) rather than once per pair of encodings.
    #[cfg(feature = "compact")]
    fn run<D: Bounded>(self) -> Outcome {
        let (a, src, dst) = (self.a, self.src, self.dst);
        by_target_table(a, src, dst, self.to, (DecTable::of::<D>(), D::FORM))
    }
}

/// The engine's dispatch on one encoding of a pair, from [`forms`]: the decoder of the source
/// ([`by_source`], for [`with_decoder`]) and the encoder of the target ([`by_target`]).
macro_rules! engine_dispatch {
    ($($form:ident: $dec:ty, $enc:ty;)*) => {
        /// The decoder of form `from` (an [`explicit`] encoding).
        fn by_source(from: Encoding, w: impl WithDecoder) -> Outcome {
            match from {
                $(Encoding::$form => w.run::<$dec>(),)*
                // `canonical` and `explicit` leave none of the others.
                _ => Outcome::bad_argument(),
            }
        }

        /// The engine from decoder `D` to the encoder of `to` (a [`canonical`] encoding).
        #[cfg(not(feature = "compact"))]
        fn by_target<D: Bounded>(a: Args, src: Src, dst: Dst, to: Encoding) -> Outcome {
            match explicit(to) {
                $(Encoding::$form => run::<D, $enc>(a, src, dst),)*
                _ => Outcome::bad_argument(),
            }
        }

        /// [`by_target`] of the `compact` build: the decoder `dec` (a table, and the form it
        /// reads) to the encoder of `to` (a [`canonical`] encoding), as a table too.
        #[cfg(feature = "compact")]
        fn by_target_table<S: Unit>(
            a: Args,
            src: Src,
            dst: Dst,
            to: Encoding,
            dec: (DecTable<S>, Option<Encoding>),
        ) -> Outcome {
            match explicit(to) {
                $(Encoding::$form => {
                    run_tables(a, src, dst, dec, (EncTable::of::<$enc>(), <$enc as Encoder>::FORM))
                })*
                _ => Outcome::bad_argument(),
            }
        }
    };
}

forms!(engine_dispatch! {});

#[cfg(not(feature = "compact"))]
fn run<D: Decoder<Unit: Unit>, E: Encoder<Unit: Unit>>(a: Args, src: Src, dst: Dst) -> Outcome {
    match (src.view::<D::Unit>(), dst.view::<E::Unit>()) {
        (Some(src), Some(dst)) => {
            transcode_until::<D, E>(src, a.end, dst, a.policy, |s, d| bulk::<D, E>(a.k, s, d))
        }
        _ => Outcome::bad_argument(),
    }
}

/// [`run`] of the `compact` build: the decoder and the encoder as tables, with the forms they
/// read and write for the fast path.
#[cfg(feature = "compact")]
fn run_tables<S: Unit, T: Unit>(
    a: Args,
    src: Src,
    dst: Dst,
    (dec, from): (DecTable<S>, Option<Encoding>),
    (enc, to): (EncTable<T>, Option<Encoding>),
) -> Outcome {
    match (src.view::<S>(), dst.view::<T>()) {
        (Some(src), Some(dst)) => transcode_with(dec, enc, src, a.end, dst, a.policy, |s, d| {
            bulk_of::<S, T>(a.k, (from, to), s, d)
        }),
        _ => Outcome::bad_argument(),
    }
}

/// The engine's fast path from `D` to `E`: converts a well-formed prefix of `src` that fits in
/// `dst` (or measures it) and returns `(read, written)`; `(0, 0)` where there is none.
#[cfg(not(feature = "compact"))]
#[inline]
fn bulk<D: Decoder<Unit: Unit>, E: Encoder<Unit: Unit>>(
    k: &Kernels,
    src: &[D::Unit],
    dst: Option<&mut [E::Unit]>,
) -> (usize, usize) {
    bulk_of::<D::Unit, E::Unit>(k, (D::FORM, E::FORM), src, dst)
}

/// [`bulk`] for the forms the decoder reads and the encoder writes (`None`: no fast path).
#[inline]
fn bulk_of<S: Unit, T: Unit>(
    k: &Kernels,
    forms: (Option<Encoding>, Option<Encoding>),
    src: &[S],
    dst: Option<&mut [T]>,
) -> (usize, usize) {
    use Encoding::*;
    let (Some(from), Some(to)) = forms else {
        return (0, 0);
    };
    // Without 4-byte sequences on one side (CESU-8, modified UTF-8), what the other writes as
    // 4 bytes or a surrogate pair must not reach the kernels; nor, for modified UTF-8, NUL.
    let four = matches!(from, Cesu8 | Mutf8) || matches!(to, Cesu8 | Mutf8);
    let nul = from == Mutf8 || to == Mutf8;
    bulk_stops(k, (four, nul), from, to, src, dst)
}

/// [`bulk_forms`] with what must stop the kernels as constants: four instances per pair of
/// unit types, each with only its own scans. The `compact` build takes them as values instead,
/// one instance per pair of unit types (only the pairs without a direct function come here,
/// none of them hot there).
fn bulk_stops<S: Unit, T: Unit>(
    k: &Kernels,
    stops: (bool, bool),
    from: Encoding,
    to: Encoding,
    src: &[S],
    dst: Option<&mut [T]>,
) -> (usize, usize) {
    fn with<S: Unit, T: Unit, const FOUR: bool, const NUL: bool>(
        k: &Kernels,
        from: Encoding,
        to: Encoding,
        src: &[S],
        dst: Option<&mut [T]>,
    ) -> (usize, usize) {
        bulk_forms(k, (FOUR, NUL), from, to, src, dst)
    }
    if cfg!(feature = "compact") {
        return bulk_forms(k, stops, from, to, src, dst);
    }
    match stops {
        (false, false) => with::<_, _, false, false>(k, from, to, src, dst),
        (false, true) => with::<_, _, false, true>(k, from, to, src, dst),
        (true, false) => with::<_, _, true, false>(k, from, to, src, dst),
        (true, true) => with::<_, _, true, true>(k, from, to, src, dst),
    }
}

/// [`bulk`] for the forms of the pair: a function of the unit types and of what must stop the
/// kernels (`four`, `nul`), not of the codecs, so that its scans are compiled a few dozen
/// times, not once for each of the engine's pairs (which took a third of the crate's compile
/// time). The pair picks the arm at run time, once per call.
#[inline(always)]
fn bulk_forms<S: Unit, T: Unit>(
    k: &Kernels,
    (four, nul): (bool, bool),
    from: Encoding,
    to: Encoding,
    src: &[S],
    dst: Option<&mut [T]>,
) -> (usize, usize) {
    use Encoding::*;
    macro_rules! with {
        ($a:ty, $b:ty, |$s:ident, $d:ident| $body:expr) => {
            match views::<$a, $b, _, _>(src, dst) {
                Some(($s, $d)) => $body,
                None => (0, 0),
            }
        };
    }
    let family = |e: Encoding| e.is_utf8_family();
    match (from, to) {
        // Without 4-byte sequences on either side, validation itself stops at the first 4-byte
        // lead (a table change in the kernel), so no scan is needed unless NULs matter too.
        (f, t) if family(f) && family(t) && four && !nul => {
            with!(u8, u8, |s, d| copy_valid(
                cold(k).utf8_valid_bmp_up_to(),
                s,
                d
            ))
        }
        (f, t) if family(f) && family(t) => with!(u8, u8, |s, d| {
            agreeing_bytes(s, d, (four, nul), k.find_key(), |s, d| {
                copy_valid(k.utf8_valid_up_to(), s, d)
            })
        }),
        (f, Utf16Le) if family(f) => with!(u8, u16, |s, d| {
            agreeing_bytes(s, d, (four, nul), k.find_key(), |s, d| {
                k.utf8_to_utf16_bulk::<Le>(s, d)
            })
        }),
        (f, Utf16Be) if family(f) => with!(u8, u16, |s, d| {
            agreeing_bytes(s, d, (four, nul), k.find_key(), |s, d| {
                k.utf8_to_utf16_bulk::<Be>(s, d)
            })
        }),
        (f, Utf32) if family(f) => with!(u8, u32, |s, d| {
            agreeing_bytes(s, d, (four, nul), k.find_key(), |s, d| {
                cold(k).utf8_to_utf32_bulk(s, d)
            })
        }),
        (f, Latin1) if family(f) => with!(u8, u8, |s, d| {
            agreeing_bytes(s, d, (four, nul), k.find_key(), |s, d| {
                cold(k).utf8_to_latin1_bulk(s, d)
            })
        }),
        // CESU-8 and modified UTF-8 write BMP characters as UTF-8 does: a kernel that stops
        // before surrogates (and U+0000) does the work without a scan.
        (Utf16Le, Cesu8 | Mutf8) => with!(u16, u8, |s, d| {
            cold(k).utf16_to_bmp_utf8_bulk::<Le>(s, d, nul)
        }),
        (Utf16Be, Cesu8 | Mutf8) => with!(u16, u8, |s, d| {
            cold(k).utf16_to_bmp_utf8_bulk::<Be>(s, d, nul)
        }),
        (Utf16Le, t) if family(t) => with!(u16, u8, |s, d| {
            agreeing(
                s,
                d,
                |u| u16_stops(Le::swap(u), four, nul),
                |s, d| k.utf16_to_utf8_bulk::<Le>(s, d),
            )
        }),
        (Utf16Be, t) if family(t) => with!(u16, u8, |s, d| {
            agreeing(
                s,
                d,
                |u| u16_stops(Be::swap(u), four, nul),
                |s, d| k.utf16_to_utf8_bulk::<Be>(s, d),
            )
        }),
        (Utf32, t) if family(t) => with!(u32, u8, |s, d| {
            agreeing(
                s,
                d,
                |u| u32_stops(u, four, nul),
                |s, d| simd::to_utf8_bulk(cold(k).utf32_to_utf8(), cold(k).utf32_measure(), s, d),
            )
        }),
        (Latin1, t) if family(t) => with!(u8, u8, |s, d| {
            agreeing(
                s,
                d,
                |b| nul && b == 0,
                |s, d| simd::to_utf8_bulk(cold(k).latin1_to_utf8(), cold(k).latin1_measure(), s, d),
            )
        }),
        // Windows-1252 is Latin-1 but for 80..9F.
        (Cp1252, t) if family(t) => with!(u8, u8, |s, d| {
            agreeing(
                s,
                d,
                |b| (nul && b == 0) || (0x80..=0x9F).contains(&b),
                |s, d| simd::to_utf8_bulk(cold(k).latin1_to_utf8(), cold(k).latin1_measure(), s, d),
            )
        }),
        _ => (0, 0),
    }
}
