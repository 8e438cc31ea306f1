//! Per-ISA kernels and their runtime dispatch: the only place for `unsafe` arithmetic.
//!
//! A kernel set is defined as a table of plain `fn` pointers over slices ([`KernelSet`]), but
//! the core reaches it through [`Kernels`], the set's index, whose methods read each operation
//! from a table of its own across the sets: a program linked with `--gc-sections` keeps the
//! kernels of the operations it calls, not every kernel of every set (one table per set keeps
//! them all alive). The core asks for the active set with [`active`]: one relaxed atomic load
//! once the choice is made. The choice is
//! made once, at the first call: the best set this CPU runs, or the one the environment variable
//! `UTF8X_KERNEL=scalar|sse42|avx2|avx512` (x86-64), `UTF8X_KERNEL=scalar|neon` (aarch64) or
//! `UTF8X_KERNEL=scalar|wasm-simd128` (wasm32 built with SIMD128) names when the CPU supports it.
//!
//! Layout: `generic` holds the algorithms, written once against a vector interface that names
//! no ISA; `x86`, `aarch64` and `wasm32` hold only each ISA's primitives (that interface implemented for
//! its registers), the kernel sets instantiated from the algorithms, and which sets a CPU runs;
//! `scalar` is the portable set and the short-input fallback of all the others.
//!
//! Kernels only ever handle well-formed stretches. They report how far they got (always to a
//! character boundary) and the exact scalar code in `validate`/`transcode` takes over from there,
//! so offsets, lengths and kinds of errors come from one place on every path.

use core::sync::atomic::{AtomicU8, Ordering};

use crate::codec::decode::ByteOrder;
use crate::types::outcome::Policy;

// The algorithms and the macros that instantiate them come first: macros are visible only
// after their module.
#[cfg(any(
    target_arch = "x86_64",
    target_arch = "aarch64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
#[macro_use]
mod generic;

// UTF-16 ↔ UTF-32 in portable code, with the macro that instantiates it per set.
#[macro_use]
pub(crate) mod utf16_utf32;

#[cfg(target_arch = "aarch64")]
mod aarch64;
mod scalar;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm32;
#[cfg(target_arch = "x86_64")]
mod x86;

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub use wasm32::primitive as wasm_primitive;
#[cfg(target_arch = "x86_64")]
pub use x86::lookup_pair_ssse3;

/// A bulk conversion `(src, dst) -> (read, written)`.
pub(crate) type Convert<S, D> = fn(&[S], &mut [D]) -> (usize, usize);

/// The measuring twin of a [`Convert`]: `src -> (read, needed)`.
pub(crate) type Measure<S> = fn(&[S]) -> (usize, usize);

/// A UTF-8 decoder that writes a lossy policy's fill for ill-formed subparts itself: `(src,
/// dst, policy) -> (read, written, replaced)`. `policy` is never STRICT.
pub(crate) type Lossy<D> = fn(&[u8], &mut [D], Policy) -> (usize, usize, usize);

/// One kernel per byte order of a conversion's UTF-16 side: the machine's own and byte-swapped,
/// each compiled for its order. The engine picks by the order's type (the per-order methods of
/// [`Kernels`]), so the byte order is a type from the public function down to the kernel, never
/// a flag tested in a loop.
#[derive(Clone, Copy)]
pub(crate) struct Ordered<F> {
    pub native: F,
    pub swapped: F,
}

impl<F: Copy> Ordered<F> {
    /// The byte-swapped kernel if `swapped`, else the machine's own: what the per-order tables
    /// of [`Kernels`] are filled with at compile time.
    const fn get(&self, swapped: bool) -> F {
        if swapped { self.swapped } else { self.native }
    }

    /// The kernel for units in byte order `O`, where one table holds both orders (UTF-16 ↔
    /// UTF-32, whose kernels are small and rare).
    #[inline(always)]
    pub(crate) fn of<O: ByteOrder>(&self) -> F {
        self.get(swapped::<O>())
    }
}

/// One implementation of every primitive the core uses: how a kernel set is written down. Only
/// constant evaluation reads these tables (into the per-operation tables of [`Kernels`]), so
/// none of them is in the program.
///
/// Contracts (for all kernels, checked by the differential tests):
/// - `utf8_valid_up_to(s)` returns `s.len()` when `s` is valid UTF-8, otherwise a character
///   boundary `n` such that `s[..n]` is valid and an error lies within a few dozen bytes of `n`.
/// - `utf8_valid_bmp_up_to(s)`: the same for UTF-8 without 4-byte sequences (what CESU-8 and
///   modified UTF-8 share with UTF-8): the prefix also ends before any `F0`..`F7` lead.
/// - `ascii_len(s)`: exact length of the ASCII prefix.
/// - `count(s)`: bytes that are not continuation bytes.
/// - `utf16_len(s)`: UTF-16 units needed for `s`, which is valid UTF-8.
/// - conversions `(src, dst, ..) -> (read, written)` convert a well-formed prefix that ends on a
///   character boundary and fits in `dst`; they may stop anywhere before an error, the end of
///   the input or of `dst`, and never change a unit past `written` (a kernel may store back
///   a unit's own value, read just before).
/// - `utf8_to_*_lossy(src, dst, policy)`: the same, going on past each ill-formed subpart (the
///   engine's UTF-8 step decides which and how long) with the policy's fill written for it (the
///   engine's, see `generic::replace`); they stop wherever the engine has to decide. `None` in a
///   set leaves every policy to the engine.
/// - `*_measure(src) -> (read, needed)`: the same prefix, counting instead of writing; they stop
///   exactly at the first ill-formed unit or before the last few units.
/// - `latin1_prefix(s)`: offset of the first byte `C4`..`FF`, or `s.len()`.
/// - `find_key(s, sub, x)`: offset of the first byte `b` with `b - sub` (wrapping) at or above
///   `x` (at least 1), or `s.len()`: the bytes a form of the UTF-8 family reads differently
///   from UTF-8 (`00` for modified UTF-8, `F0`.. for CESU-8 and modified UTF-8), before its
///   text goes to the UTF-8 kernels.
/// - `utf16_utf32`: UTF-16 ↔ UTF-32 in every pair of byte orders, with the measures (see
///   [`utf16_utf32`]); they stop before every ill-formed unit or code point.
/// - `utf16_to_bmp_utf8[nul]` and its measure: UTF-16 → UTF-8 of BMP characters only, stopping
///   before any surrogate and, at index 1, before U+0000 (for CESU-8 and modified UTF-8 targets,
///   which write those their own way).
pub(crate) struct KernelSet {
    pub name: &'static str,
    pub utf8_valid_up_to: fn(&[u8]) -> usize,
    pub utf8_valid_bmp_up_to: fn(&[u8]) -> usize,
    pub ascii_len: fn(&[u8]) -> usize,
    pub count: fn(&[u8]) -> usize,
    pub utf16_len: fn(&[u8]) -> usize,
    pub utf8_to_utf16: Ordered<Convert<u8, u16>>,
    pub utf8_to_utf32: Convert<u8, u32>,
    pub utf8_to_utf16_lossy: Option<Ordered<Lossy<u16>>>,
    pub utf8_to_utf32_lossy: Option<Lossy<u32>>,
    pub utf16_to_utf8: Ordered<Convert<u16, u8>>,
    pub utf16_measure: Ordered<Measure<u16>>,
    pub utf16_to_bmp_utf8: [Ordered<Convert<u16, u8>>; 2],
    pub utf16_bmp_measure: [Ordered<Measure<u16>>; 2],
    pub utf32_to_utf8: Convert<u32, u8>,
    pub utf32_measure: Measure<u32>,
    pub latin1_to_utf8: Convert<u8, u8>,
    pub latin1_measure: Measure<u8>,
    pub utf8_to_latin1: Convert<u8, u8>,
    pub latin1_prefix: fn(&[u8]) -> usize,
    pub find_key: fn(&[u8], u8, u8) -> usize,
    pub utf16_utf32: utf16_utf32::Utf16Utf32,
    /// Whether `utf8_valid_up_to`, `ascii_len`, `count` and the UTF-8 → UTF-16/UTF-32
    /// decoders take inputs shorter than [`SHORT`] faster than the portable code does (with
    /// masked loads).
    pub short_utf8: bool,
    /// Whether `utf8_valid_up_to` takes inputs shorter than [`SHORT`] faster than the portable
    /// code does.
    pub short_valid: bool,
}

/// A kernel set as the core uses it: its index in [`SETS`]. Each operation is a method that
/// reads the set's function from that operation's own table (a static inside the method, filled
/// from [`SETS`] at compile time), so what a program calls decides what it links, and a call
/// costs as many loads as a field of one table per set did: the active index, the handle's
/// index and the entry (there: the index, the set's address and the field). An operation with
/// a kernel per byte order ([`Ordered`]) has a table per order, and its method takes the order
/// as a type: a program that only ever converts to UTF-16LE links no byte-swapping kernel.
pub(crate) struct Kernels {
    set: usize,
}

/// Defines, for each `name: type` of [`KernelSet`], the method of [`Kernels`] that gives it.
macro_rules! per_operation {
    ($($name:ident: $ty:ty;)*) => {
        impl Kernels {$(
            #[doc = concat!("[`KernelSet::", stringify!($name), "`] of this set.")]
            #[inline(always)]
            pub(crate) fn $name(&self) -> $ty {
                static TABLE: [$ty; SETS.len()] = {
                    let mut table = [SETS[0].$name; SETS.len()];
                    let mut i = 1;
                    while i < SETS.len() {
                        table[i] = SETS[i].$name;
                        i += 1;
                    }
                    table
                };
                TABLE[self.set]
            }
        )*}
    };
}

/// Defines, for each field of [`KernelSet`] that holds a kernel per byte order, the method of
/// [`Kernels`] that gives the kernels for order `O`: `pick(set, swapped)` takes them out of a
/// set. Two tables, one per order; `O` is a type, so each caller's copy of the method reads one
/// of them and the other order's kernels stay out of a program that never asks for them.
macro_rules! per_order {
    ($($name:ident: $ty:ty = |$set:ident, $swap:ident| $pick:expr;)*) => {
        impl Kernels {$(
            #[doc = concat!("[`KernelSet::", stringify!($name), "`] of this set for byte order `O`.")]
            #[inline(always)]
            pub(crate) fn $name<O: ByteOrder>(&self) -> $ty {
                const fn pick($set: &KernelSet, $swap: bool) -> $ty {
                    $pick
                }
                const fn table(swapped: bool) -> [$ty; SETS.len()] {
                    let mut table = [pick(SETS[0], swapped); SETS.len()];
                    let mut i = 1;
                    while i < SETS.len() {
                        table[i] = pick(SETS[i], swapped);
                        i += 1;
                    }
                    table
                }
                static NATIVE: [$ty; SETS.len()] = table(false);
                // The `compact` build (the npm package's module): byte-swapped units are rare
                // there, and every set takes the portable set's kernels for them, so that no
                // other set's swapping kernels are linked. Every set gives the same results.
                #[cfg(feature = "compact")]
                static SWAPPED: [$ty; SETS.len()] = [pick(SETS[0], true); SETS.len()];
                #[cfg(not(feature = "compact"))]
                static SWAPPED: [$ty; SETS.len()] = table(true);
                if swapped::<O>() { SWAPPED[self.set] } else { NATIVE[self.set] }
            }
        )*}
    };
}

per_order! {
    utf8_to_utf16: Convert<u8, u16> = |k, s| k.utf8_to_utf16.get(s);
    utf8_to_utf16_lossy: Option<Lossy<u16>> = |k, s| match k.utf8_to_utf16_lossy {
        Some(lossy) => Some(lossy.get(s)),
        None => None,
    };
    utf16_to_utf8: Convert<u16, u8> = |k, s| k.utf16_to_utf8.get(s);
    utf16_measure: Measure<u16> = |k, s| k.utf16_measure.get(s);
    utf16_to_bmp_utf8: [Convert<u16, u8>; 2] =
        |k, s| [k.utf16_to_bmp_utf8[0].get(s), k.utf16_to_bmp_utf8[1].get(s)];
    utf16_bmp_measure: [Measure<u16>; 2] =
        |k, s| [k.utf16_bmp_measure[0].get(s), k.utf16_bmp_measure[1].get(s)];
}

per_operation! {
    name: &'static str;
    utf8_valid_up_to: fn(&[u8]) -> usize;
    utf8_valid_bmp_up_to: fn(&[u8]) -> usize;
    ascii_len: fn(&[u8]) -> usize;
    count: fn(&[u8]) -> usize;
    utf16_len: fn(&[u8]) -> usize;
    utf8_to_utf32: Convert<u8, u32>;
    utf8_to_utf32_lossy: Option<Lossy<u32>>;
    utf32_to_utf8: Convert<u32, u8>;
    utf32_measure: Measure<u32>;
    latin1_to_utf8: Convert<u8, u8>;
    latin1_measure: Measure<u8>;
    utf8_to_latin1: Convert<u8, u8>;
    latin1_prefix: fn(&[u8]) -> usize;
    find_key: fn(&[u8], u8, u8) -> usize;
    utf16_utf32: utf16_utf32::Utf16Utf32;
    short_utf8: bool;
    short_valid: bool;
}

/// A handle for every set in [`SETS`], in its order.
static HANDLES: [Kernels; SETS.len()] = {
    let mut handles = [const { Kernels { set: 0 } }; SETS.len()];
    let mut i = 1;
    while i < SETS.len() {
        handles[i] = Kernels { set: i };
        i += 1;
    }
    handles
};

/// The portable set, first in [`SETS`].
const SCALAR: &Kernels = &Kernels { set: 0 };

/// True when units of byte order `O` must be byte-swapped on this machine.
#[inline(always)]
fn swapped<O: ByteOrder>() -> bool {
    O::swap(1) != 1
}

impl Kernels {
    /// The engine's fast path for UTF-8 → UTF-16 in byte order `O`.
    #[inline]
    pub(crate) fn utf8_to_utf16_bulk<O: ByteOrder>(
        &self,
        src: &[u8],
        dst: Option<&mut [u16]>,
    ) -> (usize, usize) {
        match dst {
            Some(d) => (self.utf8_to_utf16::<O>())(src, d),
            None => self.utf8_measure(src, self.utf16_len()),
        }
    }

    /// The engine's fast path for UTF-8 → UTF-32.
    #[inline]
    pub(crate) fn utf8_to_utf32_bulk(&self, src: &[u8], dst: Option<&mut [u32]>) -> (usize, usize) {
        match dst {
            Some(d) => (self.utf8_to_utf32())(src, d),
            None => self.utf8_measure(src, self.count()),
        }
    }

    /// [`Self::utf8_to_utf16_bulk`] under a lossy `policy`: where the set has a lossy kernel, it
    /// writes the policy's fill for the errors it meets itself and adds how many to `replaced`.
    #[inline]
    pub(crate) fn utf8_to_utf16_lossy_bulk<O: ByteOrder>(
        &self,
        src: &[u8],
        dst: Option<&mut [u16]>,
        policy: Policy,
        replaced: &mut usize,
    ) -> (usize, usize) {
        let lossy = self.utf8_to_utf16_lossy::<O>();
        lossy_or(lossy, src, dst, policy, replaced, |d| {
            self.utf8_to_utf16_bulk::<O>(src, d)
        })
    }

    /// [`Self::utf8_to_utf16_lossy_bulk`] into UTF-32.
    #[inline]
    pub(crate) fn utf8_to_utf32_lossy_bulk(
        &self,
        src: &[u8],
        dst: Option<&mut [u32]>,
        policy: Policy,
        replaced: &mut usize,
    ) -> (usize, usize) {
        let lossy = self.utf8_to_utf32_lossy();
        lossy_or(lossy, src, dst, policy, replaced, |d| {
            self.utf8_to_utf32_bulk(src, d)
        })
    }

    /// Measures UTF-8 for a target whose size `size` gives from valid UTF-8: the valid prefix
    /// and its size. In slices that stay in the cache from the validation to the count, so that
    /// a long input is read from memory once, not twice (what a measuring pass over a buffer
    /// larger than the cache costs is that reading).
    #[inline(never)]
    fn utf8_measure(&self, src: &[u8], size: fn(&[u8]) -> usize) -> (usize, usize) {
        const SLICE: usize = 32 << 10;
        let (mut read, mut needed) = (0, 0);
        while read < src.len() {
            let end = src.len().min(read + SLICE);
            let slice = &src[read..end];
            let valid = (self.utf8_valid_up_to())(slice);
            needed += size(&slice[..valid]);
            read += valid;
            // Done at the end or at an error. A slice that stops within a character of its end
            // may just cut that character: the next slice starts at it and decides (as in the
            // Latin-1 measure below), without a second call at every error.
            if end == src.len() || valid + 3 < slice.len() {
                break;
            }
        }
        (read, needed)
    }

    /// The engine's fast path for UTF-8 → Latin-1.
    #[inline]
    pub(crate) fn utf8_to_latin1_bulk(&self, src: &[u8], dst: Option<&mut [u8]>) -> (usize, usize) {
        match dst {
            // A character above U+00FF first: nothing to do (the common case in lossy runs
            // over non-Latin text, which call this after every character).
            _ if src.first().is_some_and(|&b| b >= 0xC4) => (0, 0),
            Some(d) => (self.utf8_to_latin1())(src, d),
            None => {
                // Piece by piece, so that the work is bounded by how far the prefix goes: the
                // engine calls this again after every error or unmappable character.
                let (mut n, mut size, mut needed) = (0, 64, 0);
                loop {
                    let piece = &src[n..src.len().min(n + size)];
                    size = (size * 2).min(4096);
                    let valid = (self.utf8_valid_up_to())(piece);
                    let latin1 = (self.latin1_prefix())(&piece[..valid]);
                    // Counted while the piece is in the cache.
                    needed += (self.count())(&piece[..latin1]);
                    n += latin1;
                    // Done at the end, at a character above U+00FF, or at an error (a sequence
                    // cut by the end of the piece is not one: it is taken up again next round).
                    if n == src.len() || latin1 < valid || valid == 0 || valid + 3 < piece.len() {
                        break;
                    }
                }
                (n, needed)
            }
        }
    }

    /// The fast path for UTF-16 in byte order `O` → CESU-8 (or, with `nul`, modified UTF-8):
    /// the BMP characters they write as UTF-8 does.
    #[inline]
    pub(crate) fn utf16_to_bmp_utf8_bulk<O: ByteOrder>(
        &self,
        src: &[u16],
        dst: Option<&mut [u8]>,
        nul: bool,
    ) -> (usize, usize) {
        let i = usize::from(nul);
        match dst {
            Some(d) => (self.utf16_to_bmp_utf8::<O>()[i])(src, d),
            None => (self.utf16_bmp_measure::<O>()[i])(src),
        }
    }

    /// The engine's fast path for UTF-16 in byte order `O` → UTF-8.
    #[inline]
    pub(crate) fn utf16_to_utf8_bulk<O: ByteOrder>(
        &self,
        src: &[u16],
        dst: Option<&mut [u8]>,
    ) -> (usize, usize) {
        match dst {
            Some(d) => (self.utf16_to_utf8::<O>())(src, d),
            None => (self.utf16_measure::<O>())(src),
        }
    }
}

impl Kernels {
    /// The engine's fast path for UTF-16 in byte order `O16` → UTF-32 in byte order `O32`.
    #[inline]
    pub(crate) fn utf16_to_utf32_bulk<O16: ByteOrder, O32: ByteOrder>(
        &self,
        src: &[u16],
        dst: Option<&mut [u32]>,
    ) -> (usize, usize) {
        let k = self.utf16_utf32();
        match dst {
            Some(d) => (k.to_utf32[usize::from(swapped::<O32>())].of::<O16>())(src, d),
            None => (k.to_utf32_measure.of::<O16>())(src),
        }
    }

    /// The engine's fast path for UTF-32 in byte order `O32` → UTF-16 in byte order `O16`.
    #[inline]
    pub(crate) fn utf32_to_utf16_bulk<O32: ByteOrder, O16: ByteOrder>(
        &self,
        src: &[u32],
        dst: Option<&mut [u16]>,
    ) -> (usize, usize) {
        let k = self.utf16_utf32();
        match dst {
            Some(d) => (k.to_utf16[usize::from(swapped::<O32>())].of::<O16>())(src, d),
            None => (k.to_utf16_measure.of::<O32>())(src),
        }
    }
}

/// `lossy` over `src` into `dst` under `policy`, adding its replacements to `replaced`, where
/// there is one and an output to write; else `strict` (measuring, or a set that leaves the
/// policy to the engine).
#[inline(always)]
fn lossy_or<D>(
    lossy: Option<Lossy<D>>,
    src: &[u8],
    dst: Option<&mut [D]>,
    policy: Policy,
    replaced: &mut usize,
    strict: impl FnOnce(Option<&mut [D]>) -> (usize, usize),
) -> (usize, usize) {
    match (dst, lossy) {
        (Some(d), Some(lossy)) => {
            let (read, written, n) = lossy(src, d, policy);
            *replaced += n;
            (read, written)
        }
        (dst, _) => strict(dst),
    }
}

/// The engine's fast path for a conversion to UTF-8 (`convert`) with its measuring twin.
#[inline(always)]
pub(crate) fn to_utf8_bulk<S>(
    convert: Convert<S, u8>,
    measure: Measure<S>,
    src: &[S],
    dst: Option<&mut [u8]>,
) -> (usize, usize) {
    match dst {
        Some(d) => convert(src, d),
        None => measure(src),
    }
}

/// Copies `src` into `dst` (equal lengths) for a reader other than this thread: on x86-64
/// with stores that bypass the cache, elsewhere a plain copy. The parallel conversion places
/// each slice's output with it.
pub(crate) fn copy_streaming<T: crate::types::unit::Unit>(dst: &mut [T], src: &[T]) {
    assert_eq!(dst.len(), src.len(), "copy_streaming of unequal lengths");
    #[cfg(target_arch = "x86_64")]
    {
        let bytes = core::mem::size_of_val(dst);
        // SAFETY: `T` is `u8`, `u16` or `u32` (the trait is sealed): plain integers, any bytes
        // of which are a valid value, without padding. The byte views cover exactly the two
        // slices, which do not overlap (one is borrowed mutably, the other shared), and live
        // as long as the borrows they come from.
        let (d, s) = unsafe {
            (
                core::slice::from_raw_parts_mut(dst.as_mut_ptr().cast::<u8>(), bytes),
                core::slice::from_raw_parts(src.as_ptr().cast::<u8>(), bytes),
            )
        };
        x86::stream::copy(d, s);
    }
    #[cfg(not(target_arch = "x86_64"))]
    dst.copy_from_slice(src);
}

const UNSET: u8 = u8::MAX;
/// Index into [`SETS`] of the kernel set in use, or `UNSET` before the first call. Only ever
/// holds the index of a set [`runs`] approved.
static ACTIVE: AtomicU8 = AtomicU8::new(UNSET);

/// Every kernel set compiled in, portable first, best last. Not all of them run on every CPU:
/// a set is only handed out after [`runs`] said yes.
#[cfg(target_arch = "x86_64")]
static SETS: [&KernelSet; 4] = x86::SETS;
#[cfg(target_arch = "aarch64")]
static SETS: [&KernelSet; 2] = aarch64::SETS;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
static SETS: [&KernelSet; 2] = wasm32::SETS;
#[cfg(not(any(
    target_arch = "x86_64",
    target_arch = "aarch64",
    all(target_arch = "wasm32", target_feature = "simd128")
)))]
static SETS: [&KernelSet; 1] = [&scalar::KERNELS];

/// Whether this CPU can run `SETS[i]`.
fn runs(i: usize) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        x86::runs(i)
    }
    #[cfg(target_arch = "aarch64")]
    {
        aarch64::runs(i)
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        wasm32::runs(i)
    }
    #[cfg(not(any(
        target_arch = "x86_64",
        target_arch = "aarch64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    {
        i == 0
    }
}

/// Inputs shorter than this go to the portable kernels without dispatch: vector setup would cost
/// more than it saves.
pub(crate) const SHORT: usize = 16;

/// [`with_kernels`] for the ASCII test, the count and the decoding of UTF-8 input into UTF-16 or
/// UTF-32, whose kernels take short inputs themselves in sets that say so
/// ([`KernelSet::short_utf8`]).
#[inline(always)]
pub(crate) fn with_utf8_kernels<R>(len: usize, f: impl FnOnce(&'static Kernels) -> R) -> R {
    with_short_kernels(len, |k| k.short_utf8(), f)
}

/// [`with_utf8_kernels`] for validation: the active set also for short inputs when it validates
/// them itself ([`KernelSet::short_valid`]).
#[inline(always)]
pub(crate) fn with_valid_kernels<R>(len: usize, f: impl FnOnce(&'static Kernels) -> R) -> R {
    with_short_kernels(len, |k| k.short_valid(), f)
}

/// Runs `f` with the active kernel set, or with the portable one for an input shorter than
/// [`SHORT`] that the active set does not take itself (`takes_short`).
#[inline(always)]
fn with_short_kernels<R>(
    len: usize,
    takes_short: impl FnOnce(&Kernels) -> bool,
    f: impl FnOnce(&'static Kernels) -> R,
) -> R {
    let k = active();
    if len < SHORT && !takes_short(k) {
        f(SCALAR)
    } else {
        f(k)
    }
}

/// Runs `f` with the kernel set for an input of `len` units: the portable one for short inputs,
/// passed as a constant so that `f`'s copy for it calls the portable functions directly, else
/// the active one.
#[inline(always)]
pub(crate) fn with_kernels<R>(len: usize, f: impl FnOnce(&'static Kernels) -> R) -> R {
    if len < SHORT { f(SCALAR) } else { f(active()) }
}

/// The kernel set in use.
#[inline(always)]
pub(crate) fn active() -> &'static Kernels {
    match ACTIVE.load(Ordering::Relaxed) {
        UNSET => choose(),
        i => &HANDLES[i as usize],
    }
}

/// Picks the kernel set once: the one `UTF8X_KERNEL` names if this CPU runs it, else the best
/// it runs. Racing first calls all compute the same answer, so a plain store is enough.
#[cold]
fn choose() -> &'static Kernels {
    let wanted = std::env::var("UTF8X_KERNEL").ok();
    let named = wanted.and_then(|w| index_of(w.trim()));
    let i = named.unwrap_or_else(|| (0..SETS.len()).rev().find(|&i| runs(i)).unwrap_or(0));
    ACTIVE.store(i as u8, Ordering::Relaxed);
    &HANDLES[i]
}

fn index_of(name: &str) -> Option<usize> {
    (0..SETS.len()).find(|&i| HANDLES[i].name() == name && runs(i))
}

/// The kernel set named `name`, when this CPU can run it.
pub(crate) fn by_name(name: &str) -> Option<&'static Kernels> {
    index_of(name).map(|i| &HANDLES[i])
}

/// Names of the kernel sets this CPU can run, portable first.
pub(crate) fn names() -> impl Iterator<Item = &'static str> {
    (0..SETS.len())
        .filter(|&i| runs(i))
        .map(|i| HANDLES[i].name())
}
