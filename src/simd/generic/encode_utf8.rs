//! UTF-16, UTF-32 and Latin-1 → UTF-8. Text of BMP characters goes a vector of units (16-bit
//! values) at a time in one loop, each vector encoded by its kind: all ASCII (packed to bytes),
//! all below U+0800, or any BMP values, with a shuffle that squeezes out the unused bytes.
//! Where a vector holds a surrogate or a unit the loop cannot take, blocks of eight units take
//! over: four surrogate pairs (UTF-16) or eight supplementary characters (UTF-32), emoji, take
//! four bytes a character in one step; other blocks go unit by unit, and the first ill-formed
//! unit ends the kernel. Stores are exact: nothing is written past `written`. The encoding of a
//! vector of any BMP values is in [`bmp`], the loop over whole vectors in [`vectors`].

mod bmp;
mod pair;
mod vectors;

use super::ascii_copy;
use super::tables::ENCODE;
use super::vector::{Half, Lanes2, Vector};
use bmp::encode_bmp;
use vectors::vectors;

/// An input encoding for the UTF-8 encoder.
pub(in crate::simd) trait Source {
    type Unit: Copy;
    /// Whether values come in surrogate pairs (UTF-16) that the kernel encodes as 4 bytes.
    const PAIRS: bool;
    /// Whether ASCII runs go 32 units at a time (UTF-16 only: the extra code costs UTF-32 a
    /// fifth on non-ASCII text).
    const RUNS32: bool = Self::PAIRS;
    /// Whether [`Source::load8`] gives units above U+FFFF as 0xFFFF, not `None`, on vectors with
    /// [`Lanes2::NARROW32_SAT`] (see [`saturates`]).
    const SATURATES: bool = false;
    /// The 8 units at `p` as 16-bit values, or `None` when one is above U+FFFF (or, see
    /// [`saturates`], those units as 0xFFFF).
    unsafe fn load8<H: Half>(p: *const Self::Unit) -> Option<H>;
    /// The 16 units at `p` as two [`Source::load8`] blocks, or `None` when either is `None`.
    #[inline(always)]
    unsafe fn load16<H: Half>(p: *const Self::Unit) -> Option<[H; 2]> {
        // SAFETY: forwarded from this function's contract (16 readable units).
        unsafe { Some([Self::load8(p)?, Self::load8(p.add(8))?]) }
    }
    /// The 32 units at `p` as four [`Source::load8`] blocks, or `None` when any is `None`.
    #[inline(always)]
    unsafe fn load32<H: Half>(p: *const Self::Unit) -> Option<[H; 4]> {
        // SAFETY: forwarded from this function's contract (32 readable units).
        unsafe {
            let [a, b] = Self::load16(p)?;
            let [c, d] = Self::load16(p.add(16))?;
            Some([a, b, c, d])
        }
    }
    /// The `V::LANES / 2` units at `p` as 16-bit values, or `None` when [`Source::load8`] says
    /// `None` to any eight of them.
    #[inline(always)]
    unsafe fn load_wide<V: Lanes2>(p: *const Self::Unit) -> Option<V> {
        // SAFETY: forwarded from this function's contract (LANES / 2 readable units).
        unsafe {
            if V::LANES == 16 {
                Some(V::from_halves([Self::load8(p)?, V::Half::splat(0)]))
            } else {
                Some(V::from_halves(Self::load16(p)?))
            }
        }
    }
    /// [`Source::load_wide`] when every unit is below U+0800 and one from U+0080 (a vector of
    /// a two-byte run), else `None`.
    #[inline(always)]
    unsafe fn load_two<V: Lanes2>(p: *const Self::Unit) -> Option<V> {
        // SAFETY: forwarded from this function's contract (LANES / 2 readable units).
        unsafe {
            let v = Self::load_wide::<V>(p)?;
            v.max16_in(0x80, 0x800).then_some(v)
        }
    }
    /// Whether ASCII runs go a vector of output at a time through [`Source::narrow_ascii`].
    const NARROW: bool = false;
    /// The `V::LANES` units at `p` as bytes when all are ASCII (only called when `NARROW`).
    #[inline(always)]
    unsafe fn narrow_ascii<V: Lanes2>(_p: *const Self::Unit) -> Option<V> {
        None
    }
    /// The well-formed character at `src[r..]` and its length, or `None` if it is ill-formed.
    fn decode(src: &[Self::Unit], r: usize) -> Option<(u32, usize)>;
    /// Whether the eight units at `p` are all supplementary characters, which UTF-8 writes in
    /// four bytes each (UTF-32 only: UTF-16 has [`encode_pairs`]).
    #[inline(always)]
    unsafe fn all_four8<H: Half>(_p: *const Self::Unit) -> bool {
        false
    }
    /// The eight units at `p`, all supplementary characters ([`Source::all_four8`]), as 32
    /// bytes at `out`.
    #[inline(always)]
    unsafe fn encode_four8<H: Half>(_p: *const Self::Unit, _out: *mut u8) {}
}

/// UTF-16, byte-swapped when `SWAP`.
pub(in crate::simd) struct Utf16<const SWAP: bool>;
/// UTF-32 in native order.
pub(in crate::simd) struct Utf32;
/// ISO-8859-1.
pub(in crate::simd) struct Latin1;

impl<const SWAP: bool> Source for Utf16<SWAP> {
    type Unit = u16;
    const PAIRS: bool = true;
    #[inline(always)]
    unsafe fn load8<H: Half>(p: *const u16) -> Option<H> {
        // SAFETY: caller's ISA contract; `p` has 8 readable units.
        unsafe {
            let v = H::load(p.cast());
            Some(if SWAP {
                v.shl16::<8>().or(v.shr16::<8>())
            } else {
                v
            })
        }
    }
    #[inline(always)]
    unsafe fn load_wide<V: Lanes2>(p: *const u16) -> Option<V> {
        // SAFETY: caller's ISA contract; `p` has LANES / 2 readable units.
        unsafe {
            let v = V::load(p.cast());
            Some(if SWAP {
                v.shl16::<8>().or(v.shr16::<8>())
            } else {
                v
            })
        }
    }
    #[inline(always)]
    fn decode(src: &[u16], r: usize) -> Option<(u32, usize)> {
        let fix = |u: u16| u32::from(if SWAP { u.swap_bytes() } else { u });
        let u = fix(src[r]);
        match u {
            0xD800..=0xDBFF => match src.get(r + 1).map(|&l| fix(l)) {
                Some(lo @ 0xDC00..=0xDFFF) => {
                    Some((crate::codec::decode::combine_surrogates(u, lo), 2))
                }
                _ => None,
            },
            0xDC00..=0xDFFF => None,
            _ => Some((u, 1)),
        }
    }
}

impl Source for Utf32 {
    type Unit = u32;
    const PAIRS: bool = false;
    const SATURATES: bool = true;
    // Four units per 128 bits: the eight-unit blocks' per-block tests would cost more than the
    // packing.
    const NARROW: bool = true;
    #[inline(always)]
    unsafe fn narrow_ascii<V: Lanes2>(p: *const u32) -> Option<V> {
        // SAFETY: forwarded from this function's contract (LANES readable units).
        unsafe { V::narrow_ascii32(p) }
    }
    #[inline(always)]
    unsafe fn load8<H: Half>(p: *const u32) -> Option<H> {
        // SAFETY: caller's ISA contract; `p` has 8 readable units.
        unsafe {
            let (a, b) = (H::load(p.cast()), H::load(p.add(4).cast()));
            if H::NARROW32_SAT {
                // The test for values above U+FFFF is the test for surrogates, as 0xFFFF.
                return Some(a.narrow32_sat(b));
            }
            let above = H::splat32(0xFFFF_0000);
            a.or(b).and_is_zero(above).then(|| a.packus32(b))
        }
    }
    #[inline(always)]
    unsafe fn load_wide<V: Lanes2>(p: *const u32) -> Option<V> {
        // SAFETY: forwarded from this function's contract (LANES / 2 readable units).
        unsafe {
            if !V::NARROW32_SAT {
                return V::narrow32(p);
            }
            // The saturating narrow: 0xFFFF for what is above it, which the steps reject.
            if V::LANES == 16 {
                Some(V::from_halves([Self::load8(p)?, V::Half::splat(0)]))
            } else {
                Some(V::from_halves(Self::load16(p)?))
            }
        }
    }
    #[inline(always)]
    unsafe fn load_two<V: Lanes2>(p: *const u32) -> Option<V> {
        // SAFETY: forwarded from this function's contract (LANES / 2 readable units).
        unsafe {
            if V::LOOKUP_PAIR && V::LANES == 16 {
                // Where the maximum across a register is one instruction, the range of the
                // 32-bit values is one test, before the pack, not one test for the pack and one
                // for the range.
                let (a, b) = (V::load(p.cast()), V::load(p.add(4).cast()));
                return a.or(b).max32_in(0x80, 0x800).then(|| a.packus32(b));
            }
            let v = Self::load_wide::<V>(p)?;
            v.max16_in(0x80, 0x800).then_some(v)
        }
    }
    #[inline(always)]
    fn decode(src: &[u32], r: usize) -> Option<(u32, usize)> {
        match src[r] {
            cp @ (0..=0xD7FF | 0xE000..=0x10FFFF) => Some((cp, 1)),
            _ => None,
        }
    }
    #[inline(always)]
    unsafe fn all_four8<H: Half>(p: *const u32) -> bool {
        // SAFETY: caller's ISA contract; `p` has 8 readable units.
        unsafe {
            // U+10000..=U+10FFFF: less than 0x100000 once 0x10000 is taken off (smaller values
            // wrap around to large ones).
            let off = H::splat32(0x10000);
            let (a, b) = (
                H::load(p.cast()).sub32(off),
                H::load(p.add(4).cast()).sub32(off),
            );
            a.or(b).and_is_zero(H::splat32(0xFFF0_0000))
        }
    }
    #[inline(always)]
    unsafe fn encode_four8<H: Half>(p: *const u32, out: *mut u8) {
        // SAFETY: caller's ISA contract; `p` has 8 readable units and `out` 32 writable bytes.
        unsafe {
            // Per 32-bit lane, in memory order: F0 | cp >> 18, then 80 | each 6 bits below.
            let four = |cp: H| {
                let bits = |v: H, mask: u32| v.and(H::splat32(mask));
                H::splat32(0x8080_80F0)
                    .or(cp.shr32::<18>())
                    .or(bits(cp.shr32::<4>(), 0x3F00))
                    .or(bits(cp.shl32::<10>(), 0x3F_0000))
                    .or(bits(cp.shl32::<24>(), 0x3F00_0000))
            };
            four(H::load(p.cast())).store(out);
            four(H::load(p.add(4).cast())).store(out.add(16));
        }
    }
}

impl Source for Latin1 {
    type Unit = u8;
    const PAIRS: bool = false;
    #[inline(always)]
    unsafe fn load8<H: Half>(p: *const u8) -> Option<H> {
        // SAFETY: caller's ISA contract; `p` has 8 readable units.
        unsafe { Some(H::load_low64(p).zext8_16()) }
    }
    #[inline(always)]
    fn decode(src: &[u8], r: usize) -> Option<(u32, usize)> {
        Some((u32::from(src[r]), 1))
    }
}

/// `S` restricted to the characters that CESU-8 and modified UTF-8 write as UTF-8 does: BMP
/// characters, without U+0000 when `NUL` (modified UTF-8 writes it `C0 80`). The kernel stops
/// before anything else (a surrogate pair becomes 6 bytes there), so no separate scan is needed.
pub(in crate::simd) struct Bmp<S, const NUL: bool>(core::marker::PhantomData<S>);

impl<S: Source, const NUL: bool> Source for Bmp<S, NUL> {
    type Unit = S::Unit;
    const PAIRS: bool = false;
    const RUNS32: bool = S::RUNS32;
    const SATURATES: bool = S::SATURATES;
    #[inline(always)]
    unsafe fn load8<H: Half>(p: *const S::Unit) -> Option<H> {
        // SAFETY: forwarded from this function's contract and the caller's ISA contract.
        unsafe {
            let v = S::load8(p)?;
            // A block with U+0000 goes unit by unit, where `decode` stops at it.
            (!NUL || !has_zero(v)).then_some(v)
        }
    }
    // The ASCII runs test U+0000 once per 16 or 32 units, on the minimum of their blocks: the
    // test per block would cost as much as the run itself.
    #[inline(always)]
    unsafe fn load16<H: Half>(p: *const S::Unit) -> Option<[H; 2]> {
        // SAFETY: forwarded from this function's contract and the caller's ISA contract.
        unsafe {
            let [a, b] = [S::load8::<H>(p)?, S::load8::<H>(p.add(8))?];
            (!NUL || !has_zero(a.min16(b))).then_some([a, b])
        }
    }
    #[inline(always)]
    unsafe fn load32<H: Half>(p: *const S::Unit) -> Option<[H; 4]> {
        // SAFETY: forwarded from this function's contract and the caller's ISA contract.
        unsafe {
            let [a, b, c, d] = [
                S::load8::<H>(p)?,
                S::load8::<H>(p.add(8))?,
                S::load8::<H>(p.add(16))?,
                S::load8::<H>(p.add(24))?,
            ];
            let min = a.min16(b).min16(c.min16(d));
            (!NUL || !has_zero(min)).then_some([a, b, c, d])
        }
    }
    #[inline(always)]
    fn decode(src: &[S::Unit], r: usize) -> Option<(u32, usize)> {
        let (cp, n) = S::decode(src, r)?;
        (cp < 0x10000 && !(NUL && cp == 0)).then_some((cp, n))
    }
}

/// True when a 16-bit lane of `v` is zero.
#[inline(always)]
unsafe fn has_zero<H: Half>(v: H) -> bool {
    // SAFETY: caller's ISA contract.
    unsafe { !v.eq16(H::splat(0)).is_zero() }
}

/// Stores exactly the first `n` (4..=16) bytes of `v` at `dst`, with two overlapping stores.
#[inline(always)]
unsafe fn store_exact<H: Half>(dst: *mut u8, v: H, n: usize) {
    // SAFETY: caller's ISA contract; `dst` has `n` writable bytes.
    unsafe {
        let shifted = |s: usize| H::load(ENCODE.shift[s].as_ptr()).lookup16(v);
        if n >= 8 {
            v.store_low64(dst);
            shifted(n - 8).store_low64(dst.add(n - 8));
        } else {
            dst.cast::<u32>().write_unaligned(v.low32());
            dst.add(n - 4)
                .cast::<u32>()
                .write_unaligned(shifted(n - 4).low32());
        }
    }
}

/// A vector of 16-bit values and the classes of its lanes, worked out when it is loaded: in a
/// run, a step before it is encoded, so that the table lookups that wait on the masks need not.
#[derive(Clone, Copy)]
struct Classes<V> {
    v: V,
    /// 0xFFFF in the lanes below U+0800.
    short: V,
    /// Two bits per lane, set below U+0080 ([`Vector::movemask`] of the 16-bit compare); with
    /// [`Lanes2::LOOKUP_PAIR`], the index of [`pair::classes`] (in `short_bits` too): one
    /// register for both, where two made the loop of [`bmp_run`] move and mask them.
    ascii_bits: u64,
    /// Two bits per lane, set below U+0800.
    short_bits: u64,
    /// Whether a lane holds a surrogate (or a saturated 0xFFFF, see [`saturates`]); with
    /// [`Lanes2::LOOKUP_PAIR`] always false, the bits telling instead ([`Classes::for_run`]).
    surrogates: bool,
}

impl<V: Lanes2> Classes<V> {
    /// Whether the lookups of [`pair`] take the vector (bits as [`pair::classes`] makes them).
    const PAIR: bool = V::LOOKUP_PAIR && V::LANES == 16;

    /// Whether the vector goes on a run of BMP text ([`bmp_run`]): no surrogate (nor saturated
    /// 0xFFFF), not all ASCII. With [`Lanes2::LOOKUP_PAIR`], one comparison
    /// ([`pair::classes`]).
    #[inline(always)]
    fn for_run(&self) -> bool {
        if Self::PAIR {
            return self.ascii_bits < 0xFFFF;
        }
        !self.all_ascii() && !self.surrogates
    }

    /// Whether every value is ASCII (without a bad lane, with [`Lanes2::LOOKUP_PAIR`]).
    fn all_ascii(&self) -> bool {
        let all = if Self::PAIR {
            0xFFFF
        } else {
            u64::MAX >> (64 - V::LANES)
        };
        self.ascii_bits == all
    }

    /// Whether every value is below U+0800.
    fn all_short(&self) -> bool {
        if Self::PAIR {
            return self.short_bits & 0xF0F0 == 0xF0F0;
        }
        self.short_bits == u64::MAX >> (64 - V::LANES)
    }

    /// Whether every value takes three bytes.
    fn no_short(&self) -> bool {
        let short = if Self::PAIR { 0xF0F0 } else { u64::MAX };
        self.short_bits & short == 0
    }
}

/// The classes of the values of `v`; `saturated` when a value 0xFFFF stands for a unit above
/// U+FFFF (see [`saturates`]), which then counts as a surrogate.
#[inline(always)]
unsafe fn classify<V: Lanes2>(v: V, saturated: bool) -> Classes<V> {
    // SAFETY: caller's ISA contract.
    unsafe {
        let zero = V::splat(0);
        let ascii = v.and(V::splat16(0xFF80)).eq16(zero);
        let top5 = v.and(V::splat16(0xF800));
        let short = top5.eq16(zero);
        let mut bad = top5.eq16(V::splat16(0xD800));
        if saturated {
            bad = bad.or(v.eq16(V::splat(0xFF)));
        }
        // (Here, before the branch, as before there was one: on x86 LLVM made other code for
        // the loops of AVX2 when it came after.)
        let surrogates = !bad.is_zero();
        if Classes::<V>::PAIR {
            let bits = u64::from(pair::classes(ascii, short, bad));
            return Classes {
                v,
                short,
                ascii_bits: bits,
                short_bits: bits,
                // See [`Classes::for_run`].
                surrogates: false,
            };
        }
        // Both masks at once: some ISAs build them for less together.
        let bits = V::movemask_block(&[ascii, short]);
        Classes {
            v,
            short,
            ascii_bits: bits & (u64::MAX >> (64 - V::LANES)),
            short_bits: bits >> V::LANES,
            surrogates,
        }
    }
}

/// Encodes the `LANES / 2` values below U+0800 in the 16-bit lanes of `v` at `dst`; returns the
/// bytes written (`LANES / 2` to `LANES`). `dst` has room for 8 bytes more than that, which are
/// left as they were when `EXACT`, else may be written (the caller overwrites them next).
#[inline(always)]
unsafe fn encode_two<V: Lanes2, const EXACT: bool>(dst: *mut u8, v: V) -> usize {
    // SAFETY: caller's ISA contract; `dst` has room for the bytes counted plus 8. A lane writes
    // 8 to 16 bytes; the first lane's store of 16 is overwritten past its own by the second's.
    unsafe {
        let ascii = v.and(V::splat16(0xFF80)).eq16(V::splat(0));
        let lead = v.shr16::<6>().or(V::splat16(0xC0));
        let cont = v.and(V::splat16(0x3F)).shl16::<8>();
        let two = lead.or(cont).or(V::splat16(0x8000));
        // Bits 0..8 of each 16: the ASCII values of that 128-bit lane.
        let m = ascii.movemask16();
        let (m0, m1) = ((m & 0xFF) as usize, ((m >> 16) & 0xFF) as usize);
        let packed = if Classes::<V>::PAIR {
            // The lookup picks from both registers: no blend of the two.
            V::from_halves([pair::two(v.lane(0), two.lane(0), m0); 2])
        } else if V::LANES == 16 {
            let lanes = ascii.select(v, two);
            V::load_lanes([ENCODE.two[m0].as_ptr(); 2]).lookup16(lanes)
        } else {
            let lanes = ascii.select(v, two);
            V::load_lanes([ENCODE.two[m0].as_ptr(), ENCODE.two[m1].as_ptr()]).lookup16(lanes)
        };
        let n0 = if Classes::<V>::PAIR {
            pair::two_len(m0)
        } else {
            16 - V::count_ones8(m0 as u32) as usize
        };
        if V::LANES == 16 {
            if EXACT {
                store_exact(dst, packed.lane(0), n0);
            } else {
                packed.lane(0).store(dst);
            }
            return n0;
        }
        let n1 = 16 - V::count_ones8(m1 as u32) as usize;
        packed.lane(0).store(dst);
        if EXACT {
            store_exact(dst.add(n0), packed.lane(1), n1);
        } else {
            packed.lane(1).store(dst.add(n0));
        }
        n0 + n1
    }
}

/// True when the eight 16-bit values of `v` are four surrogate pairs.
#[inline(always)]
unsafe fn all_pairs<H: Half>(v: H) -> bool {
    // SAFETY: caller's ISA contract.
    unsafe {
        let tags = v.and(H::splat32(0xFC00_FC00));
        // Every lane equal: no lane differs from the pair pattern.
        tags.xor(H::splat32(0xDC00_D800)).is_zero()
    }
}

/// When the eight 16-bit values of `v` are four surrogate pairs, writes their 16 UTF-8 bytes at
/// `dst` and returns true.
#[inline(always)]
unsafe fn encode_pairs<H: Half>(dst: *mut u8, v: H) -> bool {
    // SAFETY: caller's ISA contract; `dst` has 16 writable bytes.
    unsafe {
        if !all_pairs(v) {
            return false;
        }
        let high = v.and(H::splat32(0x3FF)).shl32::<10>();
        let low = v.shr32::<16>().and(H::splat32(0x3FF));
        let cp = high.or(low).add32(H::splat32(0x10000));
        let b0 = cp.shr32::<18>().or(H::splat32(0x8080_80F0));
        let b1 = cp.shr32::<12>().and(H::splat32(0x3F)).shl32::<8>();
        let b2 = cp.shr32::<6>().and(H::splat32(0x3F)).shl32::<16>();
        let b3 = cp.and(H::splat32(0x3F)).shl32::<24>();
        let bytes = b0.or(b1).or(b2.or(b3));
        bytes.store(dst);
        true
    }
}

/// Encodes the well-formed character at `src[r..]` into `dst` when it fits (or only counts it,
/// when `dst` is `None`); returns the units read and bytes needed, or `None` at an ill-formed
/// unit or a full `dst`.
#[inline(always)]
fn encode_one<S: Source>(
    src: &[S::Unit],
    r: usize,
    dst: Option<&mut [u8]>,
) -> Option<(usize, usize)> {
    let (cp, read) = S::decode(src, r)?;
    let n = crate::codec::encode::utf8_len(cp);
    if let Some(dst) = dst {
        crate::codec::encode::write_utf8(cp, dst.get_mut(..n)?);
    }
    Some((read, n))
}

/// Goes unit by unit over the eight units at `*r`; false at the first it cannot handle.
#[inline(always)]
fn one_by_one<S: Source>(
    src: &[S::Unit],
    r: &mut usize,
    w: &mut usize,
    mut dst: Option<&mut [u8]>,
) -> bool {
    let end = *r + 8;
    while *r < end {
        match encode_one::<S>(src, *r, dst.as_deref_mut().map(|d| &mut d[*w..])) {
            Some((read, n)) => {
                *r += read;
                *w += n;
            }
            None => return false,
        }
    }
    true
}

/// Non-zero 16-bit lanes where `v` holds a surrogate.
#[inline(always)]
unsafe fn surrogates<V: Vector>(v: V) -> V {
    // SAFETY: caller's ISA contract.
    unsafe { v.and(V::splat16(0xF800)).eq16(V::splat16(0xD800)) }
}

/// Whether [`Source::load8`] of `S` on `V` gives units above U+FFFF as 0xFFFF (NEON's
/// unsigned saturating narrow, where a test of the 32-bit values took four more
/// instructions): the vector steps then reject 0xFFFF with the surrogates, and U+FFFF goes
/// unit by unit. Only [`convert_blocks`] then takes blocks of supplementary characters in one
/// step too: [`blocks`] and [`measure`] run with wider vectors, which never saturate (with one
/// that did, such blocks would go unit by unit, right but slow). Tested in `const` blocks: as
/// a call it changed the code LLVM made for x86, where it is always false.
const fn saturates<V: Lanes2, S: Source>() -> bool {
    S::SATURATES && V::NARROW32_SAT
}

/// Non-zero 16-bit lanes where `v`, as [`Source::load8`] of `S` gives it, holds a value the
/// vector steps do not take: a surrogate, or 0xFFFF where it [`saturates`].
#[inline(always)]
unsafe fn rejected<V: Lanes2, S: Source>(v: V) -> V {
    // SAFETY: caller's ISA contract.
    unsafe {
        let bad = surrogates(v);
        if const { saturates::<V, S>() } {
            bad.or(v.eq16(V::splat(0xFF)))
        } else {
            bad
        }
    }
}

/// The `LANES / 2` units at `src[r..]` when they are there, `cap - w` has room to encode them
/// (plus 12), and they are BMP characters, not all ASCII.
#[inline(always)]
unsafe fn next_bmp<V: Lanes2, S: Source>(
    src: &[S::Unit],
    r: usize,
    cap: usize,
    w: usize,
) -> Option<Classes<V>> {
    let n = V::LANES / 2;
    if r + n > src.len() || w + 3 * n + 12 > cap {
        return None;
    }
    // SAFETY: caller's ISA contract; `src` has `n` units at `r`.
    unsafe {
        let c = classify(
            S::load_wide::<V>(src.as_ptr().add(r))?,
            const { saturates::<V, S>() },
        );
        c.for_run().then_some(c)
    }
}

/// The `LANES / 2` units at `src[r..]` when they are there, `cap - w` has room to encode them
/// (plus 8), and they are below U+0800, not all ASCII.
#[inline(always)]
unsafe fn next_two<V: Lanes2, S: Source>(
    src: &[S::Unit],
    r: usize,
    cap: usize,
    w: usize,
) -> Option<V> {
    let n = V::LANES / 2;
    if r + n > src.len() || w + 2 * n + 8 > cap {
        return None;
    }
    // SAFETY: caller's ISA contract; `src` has `n` units at `r`.
    unsafe { S::load_two::<V>(src.as_ptr().add(r)) }
}

/// Encodes the run of characters below U+0800 that starts with the eight units `v` at
/// `src[r..]` (not all ASCII), a vector of units at a time, until a vector with a character
/// from U+0800 or all ASCII; returns the units read and bytes written. `dst[w..]` has room for
/// 24 bytes. Each vector is looked at before the one before it is stored, so that only the
/// last store of the run is exact.
#[inline(always)]
unsafe fn two_run<V: Lanes2, S: Source>(
    src: &[S::Unit],
    r: usize,
    dst: &mut [u8],
    w: usize,
    v: V::Half,
) -> (usize, usize) {
    let n = V::LANES / 2;
    let (mut r, mut w) = (r, w);
    // SAFETY: caller's ISA contract. The first block's 16 bytes or fewer fit the 24 of room;
    // [`next_two`] checked the room of each next vector (its bytes plus 8) from where the one
    // before it ends at the latest, which covers that one's overrun of 8.
    unsafe {
        let Some(mut cur) = next_two::<V, S>(src, r + 8, dst.len(), w + 16) else {
            w += encode_two::<V::Half, true>(dst.as_mut_ptr().add(w), v);
            return (r + 8, w);
        };
        w += encode_two::<V::Half, false>(dst.as_mut_ptr().add(w), v);
        r += 8;
        loop {
            let out = dst.as_mut_ptr().add(w);
            r += n;
            match next_two::<V, S>(src, r, dst.len(), w + 2 * n) {
                Some(next) => {
                    w += encode_two::<V, false>(out, cur);
                    cur = next;
                }
                None => {
                    w += encode_two::<V, true>(out, cur);
                    return (r, w);
                }
            }
        }
    }
}

/// Converts the longest prefix it can of `src` into `dst` (see `Kernels`): whole vectors of BMP
/// text ([`vectors`]), and eight-unit blocks ([`blocks`]) where they stop. With 128-bit vectors
/// (eight units), the eight-unit blocks of [`convert_blocks`] throughout: there the loop per
/// vector spent more on its tests than it saved (`sse42` on Zen 3: French from UTF-16 and
/// UTF-32 16-38 % faster, but two-byte text from UTF-16 9 % slower and Korean, Hindi and emoji
/// from UTF-32 10-14 %).
#[inline(always)]
pub(in crate::simd) unsafe fn convert<V: Lanes2, S: Source>(
    src: &[S::Unit],
    dst: &mut [u8],
) -> (usize, usize) {
    if V::LANES == 16 {
        // SAFETY: forwarded (caller's ISA contract).
        return unsafe { convert_blocks::<V, S>(src, dst) };
    }
    let (mut r, mut w) = (0, 0);
    loop {
        // SAFETY: forwarded (caller's ISA contract).
        (r, w) = unsafe { vectors::<V, S>(src, dst, r, w) };
        // SAFETY: as above.
        let (r2, w2, go_on) = unsafe { blocks::<V, S>(src, dst, r, w) };
        (r, w) = (r2, w2);
        if !go_on {
            return (r, w);
        }
    }
}

/// Stores the `LANES / 2` ASCII values of `v` as bytes at `dst`.
#[inline(always)]
unsafe fn store_ascii<V: Lanes2>(dst: *mut u8, v: V) {
    // SAFETY: caller's ISA contract; `dst` has `LANES / 2` writable bytes.
    unsafe {
        if V::LANES == 16 {
            v.lane(0).packus16(v.lane(0)).store_low64(dst);
        } else {
            for k in 0..V::LANES / 32 {
                v.lane(2 * k)
                    .packus16(v.lane(2 * k + 1))
                    .store(dst.add(16 * k));
            }
        }
    }
}

/// Encodes the `LANES / 2` BMP values of `v`, not all ASCII, at `dst`: with [`encode_two`] when
/// all are below U+0800 (`short`), else with [`encode_bmp`]. Room and overrun as [`encode_bmp`].
#[inline(always)]
unsafe fn encode_wide<V: Lanes2, const EXACT: bool>(dst: *mut u8, v: V, short: bool) -> usize {
    // SAFETY: caller's ISA contract and room (see [`encode_bmp`]).
    unsafe {
        if short {
            encode_two::<V, EXACT>(dst, v)
        } else {
            encode_bmp::<V, EXACT>(dst, classify(v, false))
        }
    }
}

/// Whether the 16-bit values of `v` are all ASCII.
#[inline(always)]
unsafe fn all_ascii<V: Vector>(v: V) -> bool {
    // SAFETY: caller's ISA contract.
    unsafe { v.and_is_zero(V::splat16(0xFF80)) }
}

/// Copies the run of ASCII from `src[r..]` into `dst[w..]`: a vector of output at a time (see
/// [`Source::NARROW`]) or 32 units ([`ascii_steps`], see [`Source::RUNS32`]), then 16; returns
/// where it stopped.
#[inline(always)]
unsafe fn ascii_run<V: Lanes2, S: Source>(
    src: &[S::Unit],
    dst: &mut [u8],
    mut r: usize,
    mut w: usize,
) -> (usize, usize) {
    // SAFETY: caller's ISA contract; each loop reads and writes only what it checked.
    unsafe {
        let not_ascii = <V::Half>::splat16(0xFF80);
        while S::NARROW && r + V::LANES <= src.len() && dst.len() - w >= V::LANES {
            let Some(v) = S::narrow_ascii::<V>(src.as_ptr().add(r)) else {
                break;
            };
            v.store(dst.as_mut_ptr().add(w));
            r += V::LANES;
            w += V::LANES;
        }
        if S::RUNS32 {
            (r, w) = ascii_steps::<V, S>(src, dst, r, w);
        }
        while r + 16 <= src.len() && dst.len() - w >= 16 {
            let Some([a, b]) = S::load16::<V::Half>(src.as_ptr().add(r)) else {
                break;
            };
            if !a.or(b).and_is_zero(not_ascii) {
                break;
            }
            a.packus16(b).store(dst.as_mut_ptr().add(w));
            r += 16;
            w += 16;
        }
    }
    (r, w)
}

/// Encodes the run of BMP characters, not all ASCII, that starts with the vector `cur` (its
/// classes) at `src[r..]`, a vector of units at a time, until a vector of ASCII, a surrogate, an
/// ill-formed unit, or the end of the input or the room; returns where it stopped. `dst[w..]`
/// has room for `cur` (see [`next_bmp`]). Each vector is classified before the one before it is
/// stored, so that only the last of a run needs exact stores, and so that the table lookups
/// that wait on a vector's masks need not.
#[inline(always)]
unsafe fn bmp_run<V: Lanes2, S: Source>(
    src: &[S::Unit],
    dst: &mut [u8],
    mut r: usize,
    mut w: usize,
    mut cur: Classes<V>,
) -> (usize, usize) {
    let n = V::LANES / 2;
    // SAFETY: caller's ISA contract and room for `cur`; the next vector's bytes start at most
    // 3 * n bytes on, and [`next_bmp`]'s room for it covers this one's 12 bytes of overrun.
    unsafe {
        loop {
            let out = dst.as_mut_ptr().add(w);
            match next_bmp::<V, S>(src, r + n, dst.len(), w + 3 * n) {
                Some(v) => {
                    w += encode_bmp::<V, false>(out, cur);
                    r += n;
                    cur = v;
                }
                None => {
                    w += encode_bmp::<V, true>(out, cur);
                    return (r + n, w);
                }
            }
        }
    }
}

/// Copies the run of ASCII from `src[r..]` into `dst[w..]` 32 units a step, and where a step's
/// last 16 units are not all ASCII, its first 16 when they are: one loop to leave where the run
/// ends, not one per width. Returns where it stopped.
#[inline(always)]
unsafe fn ascii_steps<V: Lanes2, S: Source>(
    src: &[S::Unit],
    dst: &mut [u8],
    mut r: usize,
    mut w: usize,
) -> (usize, usize) {
    // SAFETY: caller's ISA contract; each step reads 32 units and writes 32 bytes at most, both
    // checked.
    unsafe {
        let not_ascii = <V::Half>::splat16(0xFF80);
        while r + 32 <= src.len() && dst.len() - w >= 32 {
            let Some([a, b, c, d]) = S::load32::<V::Half>(src.as_ptr().add(r)) else {
                break;
            };
            let out = dst.as_mut_ptr().add(w);
            let first = a.or(b);
            if !first.or(c.or(d)).and_is_zero(not_ascii) {
                if first.and_is_zero(not_ascii) {
                    a.packus16(b).store(out);
                    r += 16;
                    w += 16;
                }
                break;
            }
            a.packus16(b).store(out);
            c.packus16(d).store(out.add(16));
            r += 32;
            w += 32;
        }
    }
    (r, w)
}

/// Eight-unit blocks from `src[r..]` where [`vectors`] stopped: one block of BMP characters,
/// or a run of surrogate pairs (UTF-16) or supplementary characters (UTF-32), or unit by unit.
/// Returns where it stopped and whether the caller goes on.
#[inline(always)]
unsafe fn blocks<V: Lanes2, S: Source>(
    src: &[S::Unit],
    dst: &mut [u8],
    mut r: usize,
    mut w: usize,
) -> (usize, usize, bool) {
    // SAFETY (whole body): caller's ISA contract. Loads read 8 units at r with r + 8 <= len;
    // stores write at most 32 bytes at w, with 24 + 16 bytes of room checked first, exact.
    unsafe {
        let mut done = false;
        while r + 8 <= src.len() && dst.len() - w >= 24 + 16 {
            let at = src.as_ptr().add(r);
            let out = dst.as_mut_ptr().add(w);
            match S::load8::<V::Half>(at) {
                Some(v) if rejected::<V::Half, S>(v).is_zero() => {
                    if done {
                        return (r, w, true);
                    }
                    if all_ascii(v) {
                        store_ascii(out, v);
                        w += 8;
                    } else {
                        let short = v.and_is_zero(<V::Half>::splat16(0xF800));
                        w += encode_wide::<V::Half, true>(out, v, short);
                    }
                    r += 8;
                    return (r, w, true);
                }
                Some(v) if S::PAIRS && encode_pairs(out, v) => {
                    r += 8;
                    w += 16;
                }
                None if S::all_four8::<V::Half>(at) => {
                    S::encode_four8::<V::Half>(at, out);
                    r += 8;
                    w += 32;
                }
                _ => {
                    if !one_by_one::<S>(src, &mut r, &mut w, Some(dst)) {
                        return (r, w, false);
                    }
                }
            }
            done = true;
        }
        // Fewer than eight units or too little room: the engine's steps take the rest.
        (r, w, false)
    }
}

/// Converts the longest prefix it can of `src` into `dst` (see `Kernels`) in blocks of eight
/// units, each block's kind choosing a loop for the run it starts: [`convert`] with 128-bit
/// vectors, and the AVX-512 set's 256-bit detour, which hands it the stretches its own loop
/// does not take (runs of one kind).
#[inline(always)]
pub(in crate::simd) unsafe fn convert_blocks<V: Lanes2, S: Source>(
    src: &[S::Unit],
    dst: &mut [u8],
) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    // SAFETY (whole body): caller's ISA contract. Loads read 8 units at r with r + 8 <= len, or
    // LANES / 2 with r + LANES / 2 <= len; every vector store writes only the bytes counted
    // (or puts back what it overwrote past them), with 24 + 16 bytes of room checked first, or
    // 3 * LANES / 2 + 12 for a vector of units (its stores run at most 12 bytes past its own).
    unsafe {
        while r + 8 <= src.len() && dst.len() - w >= 24 + 16 {
            let out = dst.as_mut_ptr().add(w);
            let Some(v) = S::load8::<V::Half>(src.as_ptr().add(r)) else {
                // Eight supplementary characters from UTF-32 (emoji): 32 bytes, in the room
                // checked above.
                if S::all_four8::<V::Half>(src.as_ptr().add(r)) {
                    S::encode_four8::<V::Half>(src.as_ptr().add(r), out);
                    r += 8;
                    w += 32;
                    continue;
                }
                if !one_by_one::<S>(src, &mut r, &mut w, Some(dst)) {
                    break;
                }
                continue;
            };
            let not_ascii = <V::Half>::splat16(0xFF80);
            if v.and_is_zero(not_ascii) {
                v.packus16(v).store_low64(out);
                // ASCII comes in runs.
                (r, w) = ascii_run::<V, S>(src, dst, r + 8, w + 8);
            } else if rejected::<V::Half, S>(v).is_zero()
                && v.and_is_zero(<V::Half>::splat16(0xF800))
            {
                // Two-byte scripts (Cyrillic, Greek, Hebrew, Arabic; accented Latin) come in
                // runs: all their blocks take the one encoding, without the classes of
                // [`classify`]. (Surrogates first: blocks of them, emoji, pay no second test.)
                (r, w) = two_run::<V, S>(src, r, dst, w, v);
            } else if rejected::<V::Half, S>(v).is_zero() {
                // Characters from U+0080 come in runs (Cyrillic, CJK; Korean and Hindi words
                // between ASCII spaces): stay here, a vector of units at a time, until a block
                // of ASCII, a surrogate or an ill-formed unit.
                // Each vector is looked at before the one before it is stored, so that only the
                // last of a run needs exact stores.
                if let Some(cur) = next_bmp::<V, S>(src, r, dst.len(), w) {
                    (r, w) = bmp_run::<V, S>(src, dst, r, w, cur);
                } else {
                    w += encode_bmp::<V::Half, true>(out, classify(v, false));
                    r += 8;
                }
            } else if S::PAIRS && encode_pairs(out, v) {
                r += 8;
                w += 16;
            } else if const { saturates::<V::Half, S>() }
                && S::all_four8::<V::Half>(src.as_ptr().add(r))
            {
                // Eight supplementary characters, as above, where `load8` gave them as 0xFFFF.
                S::encode_four8::<V::Half>(src.as_ptr().add(r), out);
                r += 8;
                w += 32;
            } else if !one_by_one::<S>(src, &mut r, &mut w, Some(dst)) {
                break;
            }
        }
    }
    (r, w)
}

/// Counts the UTF-8 bytes of the longest well-formed prefix it can of `src`.
#[inline(always)]
pub(in crate::simd) unsafe fn measure<H: Half, S: Source>(src: &[S::Unit]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    // SAFETY: caller's ISA contract; loads read 8 units at r with r + 8 <= len.
    unsafe {
        while r + 8 <= src.len() {
            match S::load8::<H>(src.as_ptr().add(r)) {
                Some(v) if rejected::<H, S>(v).is_zero() => {
                    let zero = H::splat(0);
                    let ascii = v.and(H::splat16(0xFF80)).eq16(zero);
                    let short = v.and(H::splat16(0xF800)).eq16(zero);
                    // Each unit: 3 bytes, one less below U+0800, one less again for ASCII.
                    let less = ascii.movemask().count_ones() + short.movemask().count_ones();
                    r += 8;
                    w += 24 - (less / 2) as usize;
                }
                Some(v) if S::PAIRS && all_pairs(v) => {
                    r += 8;
                    w += 16;
                }
                None if S::all_four8::<H>(src.as_ptr().add(r)) => {
                    r += 8;
                    w += 32;
                }
                _ => {
                    if !one_by_one::<S>(src, &mut r, &mut w, None) {
                        break;
                    }
                }
            }
        }
    }
    (r, w)
}

/// Latin-1 → UTF-8 (see `Kernels`): a vector of input at a time, copied when ASCII and else
/// encoded half a vector at a time whatever the mix (French and the like interleave ASCII and é
/// too finely for a branch per block to predict), while two vectors of room are left; then the
/// eight-unit blocks of [`convert_blocks`] (the AVX-512 set runs this too). On x86, from the
/// fourth ASCII vector in a row, [`ascii_copy::ascii_run`] copies the rest of the run.
#[inline(always)]
pub(in crate::simd) unsafe fn latin1<V: Lanes2>(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    // How many vectors in a row were ASCII, up to 3: only a fourth enters the run's copy, as
    // French and the like interleave runs of one to a few ASCII vectors with others, and a
    // test of the next vector, whose outcome no predictor knows, would slow them.
    let mut run = 0u32;
    // SAFETY (whole body): caller's ISA contract. Reads stay below `src.len()`; a step writes at
    // most 2 * LANES bytes, the room checked; the first half's overrun (8 bytes at most) lies
    // inside it and the second half overwrites it.
    unsafe {
        while r + V::LANES <= src.len() && dst.len() - w >= 2 * V::LANES {
            let v = V::load(src.as_ptr().add(r));
            if v.no_high_bits() {
                // NEON and wasm32 keep one vector a step: on NEON the run's copy cost French
                // 11 % more instructions (1.54 -> 1.71 a byte under qemu), more than ASCII saved.
                // SSE4.2 takes it: a vector a step held ASCII at 0.34x `memcpy` (Zen 4), the run
                // 0.81x.
                if (V::LANES >= 32 || cfg!(target_arch = "x86_64")) && run == 3 {
                    (r, w) = ascii_copy::ascii_run(src, dst.as_mut_ptr(), dst.len(), v, r, w);
                    run = 0;
                    continue;
                }
                v.store(dst.as_mut_ptr().add(w));
                w += V::LANES;
                run += 1;
            } else {
                // (Not `latin1_vector`: its one sum of the halves' lengths cost NEON 1 % more
                // instructions on French, 1.358 -> 1.373 a byte under qemu.)
                run = 0;
                let half = V::LANES / 2;
                let a = V::load_zext16(src.as_ptr().add(r));
                w += encode_two::<V, false>(dst.as_mut_ptr().add(w), a);
                let b = V::load_zext16(src.as_ptr().add(r + half));
                w += encode_two::<V, true>(dst.as_mut_ptr().add(w), b);
            }
            r += V::LANES;
        }
        let (rest_r, rest_w) = convert_blocks::<V, Latin1>(&src[r..], &mut dst[w..]);
        (r + rest_r, w + rest_w)
    }
}

/// Encodes the `LANES` Latin-1 bytes at `src` at `dst`, half a vector at a time, as [`latin1`]
/// does a vector that is not ASCII; returns the bytes written (`LANES` to `2 * LANES`).
///
/// # Safety
/// The caller's ISA contract; `src` has `LANES` readable bytes and `dst` room for `2 * LANES`.
#[cfg(target_arch = "x86_64")] // The AVX2 kernel's; elsewhere unused.
#[inline(always)]
pub(in crate::simd) unsafe fn latin1_vector<V: Lanes2>(src: *const u8, dst: *mut u8) -> usize {
    // SAFETY: per the contract; the first half's overrun (8 bytes at most) lies inside the room
    // and the second half, stored exactly, overwrites it.
    unsafe {
        let n = encode_two::<V, false>(dst, V::load_zext16(src));
        n + encode_two::<V, true>(dst.add(n), V::load_zext16(src.add(V::LANES / 2)))
    }
}
