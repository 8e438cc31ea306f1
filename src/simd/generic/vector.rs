//! The vector interface every kernel algorithm is written against. It names no ISA type: each
//! ISA's module (`x86::vector`, `aarch64::vector`) implements it for its registers (`__m128i`,
//! `__m256i` and `__m512i`; NEON's `uint8x16_t`), writing in the primitive whatever idiom its
//! instruction set needs for an operation another ISA has as one instruction (a movemask, a
//! shuffle that zeroes, a multiply-add of bytes). Every method is `#[inline(always)]` and only
//! ever runs inside a `#[target_feature]` function of the matching ISA, which is what makes the
//! intrinsics inline; callers guarantee the CPU has that ISA (the "caller's ISA contract").
//!
//! Semantics are x86's, lane for lane, so that one algorithm gives the same bytes everywhere;
//! where a vector holds several 128-bit lanes, the operations that say "per 128-bit lane" work
//! within each (as SSE/AVX2 do).

pub(in crate::simd) trait Vector: Copy {
    /// The 128-bit vector of the same ISA, for the steps that work 16 bytes at a time.
    type Half: Half;
    /// Bytes per vector.
    const LANES: usize;
    unsafe fn load(ptr: *const u8) -> Self;
    unsafe fn store(self, ptr: *mut u8);
    unsafe fn splat(b: u8) -> Self;
    /// A vector of 16-byte `table` repeated, for [`Vector::lookup16`].
    unsafe fn table(table: &[u8; 16]) -> Self;
    /// Each byte's high bit, one bit per byte (low bits first).
    unsafe fn movemask(self) -> u64;
    unsafe fn is_zero(self) -> bool;
    /// Whether `self & o` is all zero bits.
    unsafe fn and_is_zero(self, o: Self) -> bool;
    /// Whether no byte has its high bit set (all ASCII): `movemask() == 0`, which some ISAs
    /// answer without building the mask.
    unsafe fn no_high_bits(self) -> bool;
    unsafe fn or(self, o: Self) -> Self;
    unsafe fn and(self, o: Self) -> Self;
    unsafe fn xor(self, o: Self) -> Self;
    /// Per 128-bit lane, `table[self[i]]` for indices 0..=15, 0 for indices with the high bit
    /// set (`pshufb`; NEON's `tbl` needs no masking then). Every caller's indices are one or the
    /// other: they come from shuffle tables.
    unsafe fn lookup16(self, table: Self) -> Self;
    /// [`Vector::lookup16`] for indices known to be 0..=15 (NEON needs no masking then).
    unsafe fn lookup_nibbles(self, table: Self) -> Self;
    /// Each byte's high nibble.
    unsafe fn high_nibbles(self) -> Self;
    /// The byte 1, 2 or 3 positions earlier in the stream `prev ++ self`.
    unsafe fn prev1(self, prev: Self) -> Self;
    unsafe fn prev2(self, prev: Self) -> Self;
    unsafe fn prev3(self, prev: Self) -> Self;
    unsafe fn saturating_sub(self, o: Self) -> Self;
    /// Signed `self > o` per byte: 0xFF or 0.
    unsafe fn gt(self, o: Self) -> Self;
    unsafe fn sub(self, o: Self) -> Self;
    /// Bit per byte: set where the byte is not zero.
    unsafe fn nonzero_mask(self) -> u64;
    /// The [`Vector::movemask`] of each of `vs` (at most 64 bytes in all), vector `k` at bits
    /// `k * LANES..`: the mask of a block, which some ISAs build for all its vectors at once.
    #[inline(always)]
    unsafe fn movemask_block(vs: &[Self]) -> u64 {
        let mut m = 0;
        for (k, v) in vs.iter().enumerate() {
            // SAFETY: caller's ISA contract.
            m |= unsafe { v.movemask() } << (k * Self::LANES);
        }
        m
    }
    /// [`Vector::movemask_block`] of [`Vector::nonzero_mask`].
    #[inline(always)]
    unsafe fn nonzero_mask_block(vs: &[Self]) -> u64 {
        let mut m = 0;
        for (k, v) in vs.iter().enumerate() {
            // SAFETY: caller's ISA contract.
            m |= unsafe { v.nonzero_mask() } << (k * Self::LANES);
        }
        m
    }
    /// Whether a chunk's test for bytes above a bound is better taken on the largest of its
    /// bytes ([`Vector::errors_and_above`]) than byte by byte: where the ISA takes a maximum
    /// across a register.
    const ABOVE_BY_MAX: bool = false;
    /// [`Vector::nonzero_mask_block`] of `errs`, and the bit per byte of `vs` above `above`:
    /// with [`Vector::ABOVE_BY_MAX`], for a chunk's error flags and its bytes (both mostly
    /// none), where one test of the flags and of the largest byte says so for both.
    #[inline(always)]
    unsafe fn errors_and_above(errs: &[Self], vs: &[Self], above: Self) -> (u64, u64) {
        let mut m = 0;
        for (k, v) in vs.iter().enumerate() {
            // SAFETY: caller's ISA contract.
            m |= unsafe { v.saturating_sub(above).nonzero_mask() } << (k * Self::LANES);
        }
        // SAFETY: caller's ISA contract.
        (unsafe { Self::nonzero_mask_block(errs) }, m)
    }
    /// The number of set bits of `m` (below 256): one instruction where the ISA counts the bits
    /// of a general register, a table lookup where it would move `m` to a vector and back.
    #[inline(always)]
    fn count_ones8(m: u32) -> u32 {
        m.count_ones()
    }
    /// The sum of all bytes.
    unsafe fn sum(self) -> u64;
    /// The sum of the 16-bit lanes, in 32 bits (it does not wrap at 2^16): one instruction
    /// where the ISA adds across a register (NEON's `uaddlv`), which makes a mask of weighted
    /// lanes; only the algorithms for such an ISA call it (they check
    /// [`Lanes2::LOOKUP_PAIR`]), and the default adds in memory.
    #[inline(always)]
    unsafe fn sum16(self) -> u32 {
        let mut bytes = [0u8; 64];
        // SAFETY: caller's ISA contract; a vector is at most 64 bytes.
        unsafe { self.store(bytes.as_mut_ptr()) };
        let lanes = bytes[..Self::LANES].chunks_exact(2);
        lanes
            .map(|p| u32::from(u16::from_le_bytes([p[0], p[1]])))
            .sum()
    }
    unsafe fn add(self, o: Self) -> Self;
    /// Bytes interleaved with those of `o`, from the low (`unpack_lo`) or high half of each
    /// 128-bit lane: `self` gives the low byte of each 16-bit lane of the result.
    unsafe fn unpack_lo(self, o: Self) -> Self;
    unsafe fn unpack_hi(self, o: Self) -> Self;
    /// Each 16-bit lane shifted left or right by `N` bits.
    unsafe fn shl16<const N: i32>(self) -> Self;
    unsafe fn shr16<const N: i32>(self) -> Self;
    /// `x` in every 16-bit lane.
    unsafe fn splat16(x: u16) -> Self;
    /// Per 16-bit lane: 0xFFFF where equal, else 0.
    unsafe fn eq16(self, o: Self) -> Self;
    /// Per byte: `a` where the byte of `self` has its high bit set, else `b`.
    unsafe fn select(self, a: Self, b: Self) -> Self;
    /// A bit per 16-bit lane of `self`, whose lanes are 0 or 0xFFFF: for 128-bit lane `k`,
    /// bits `16 * k..16 * k + 8` (x86's `packsswb` then `pmovmskb`; an ISA that sums lanes
    /// across a register does it with a weighted sum).
    #[inline(always)]
    unsafe fn movemask16(self) -> u64 {
        // SAFETY: caller's ISA contract.
        unsafe { self.packs16(self).movemask() }
    }
    /// Whether the largest 16-bit lane is at least `lo` and below `hi`, both powers of two: two
    /// tests of bits, or one where the ISA takes the maximum across a register.
    #[inline(always)]
    unsafe fn max16_in(self, lo: u16, hi: u16) -> bool {
        // SAFETY: caller's ISA contract.
        unsafe {
            self.and_is_zero(Self::splat16(!(hi - 1)))
                && !self.and_is_zero(Self::splat16(!(lo - 1)))
        }
    }
    /// For a window of UTF-8 starting on a character boundary (`decode_utf8::window`): at each
    /// byte that ends a character of one to three bytes (one or two when `TWO`), the low and
    /// the high eight bits of its code point, from the byte and the one or two before it in the
    /// window (zero before it); other bytes hold anything. Defaulted: shifts and masks; an ISA
    /// with shift-and-insert instructions saves some of them.
    #[inline(always)]
    unsafe fn window_bits<const TWO: bool>(self) -> (Self, Self) {
        // SAFETY: caller's ISA contract.
        unsafe {
            let v = self;
            let zero = Self::splat(0);
            // The byte before each byte (zero before the window).
            let b1 = v.prev1(zero);
            // A character ending in a continuation byte has a second byte before it; one ending
            // in two continuation bytes, a third. Only lanes that end a character are kept, and
            // there the lead and continuation bits say which.
            let cont = Self::splat(0xC0).gt(v);
            let low = v
                .and(Self::splat(0x7F))
                .or(b1.shl16::<6>().and(Self::splat(0xC0)).and(cont));
            let high = b1.shr16::<2>().and(Self::splat(0x0F));
            // Without three-byte characters no byte is a third one; else the byte two before.
            let high = if TWO {
                high
            } else {
                let b2 = v.prev2(zero);
                let cont1 = Self::splat(0xC0).gt(b1);
                high.or(b2.shl16::<4>().and(Self::splat(0xF0)).and(cont1))
            }
            .and(cont);
            (low, high)
        }
    }
    /// 16-bit lanes interleaved with those of `o`, from the low (`unpack_lo16`) or high half of
    /// each 128-bit lane.
    unsafe fn unpack_lo16(self, o: Self) -> Self;
    unsafe fn unpack_hi16(self, o: Self) -> Self;
    /// Signed saturating pack of the 16-bit lanes of `self` and `o` to bytes, per 128-bit lane:
    /// each lane's low half from `self`, high half from `o`.
    unsafe fn packs16(self, o: Self) -> Self;
    /// The `LANES / 2` bytes at `p`, zero-extended to 16-bit lanes.
    unsafe fn load_zext16(p: *const u8) -> Self;
    /// The `LANES / 4` bytes at `p`, zero-extended to 32-bit lanes.
    unsafe fn load_zext32(p: *const u8) -> Self;
}

/// What the transcoders need besides [`Vector`]: moving whole 128-bit lanes in and out, for
/// vectors of at most two of them (SSE and AVX2).
pub(in crate::simd) trait Lanes2: Vector {
    /// Whether ASCII is widened from the vectors already loaded, with instructions that take
    /// either half of a register (NEON's `uxtl2`) or shuffles that zero (`tbl`), rather than
    /// from memory: x86 widens only the low part of a register, and does it best straight
    /// from memory (`pmovzx` takes a memory operand).
    const WIDEN_IN_REGISTERS: bool = false;
    /// Whether [`Lanes2::maddubs`] is one instruction (x86's `pmaddubsw`); where it is emulated,
    /// the algorithms take shifts instead.
    const MADDUBS: bool = true;
    /// Whether [`Half::lookup_pair`] is one instruction (NEON's two-register `tbl`); x86 builds
    /// it from two shuffles, and the algorithms then go another way.
    const LOOKUP_PAIR: bool = false;
    /// Whether [`Lanes2::narrow32_sat`] is one step (NEON's `uqxtn`; x86's pack saturates
    /// signed values, so it has none): UTF-32 is then narrowed before it is tested, and its
    /// values above U+FFFF arrive as 0xFFFF, which the test for surrogates rejects too.
    const NARROW32_SAT: bool = false;
    /// 128-bit lane `k` (`k < LANES / 16`).
    unsafe fn lane(self, k: usize) -> Self::Half;
    /// A vector whose 128-bit lane `k` is the 16 bytes at `ptrs[k]` (only `ptrs[0]` read when
    /// LANES is 16).
    unsafe fn load_lanes(ptrs: [*const u8; 2]) -> Self;
    /// A vector of the 128-bit lanes `halves[..LANES / 16]`.
    unsafe fn from_halves(halves: [Self::Half; 2]) -> Self;
    /// The `LANES` 32-bit values at `p` narrowed to bytes, in order, when all are below 0x80.
    unsafe fn narrow_ascii32(p: *const u32) -> Option<Self>;
    /// The `LANES / 2` 32-bit values at `p` as 16-bit lanes, in order, when none is above
    /// 0xFFFF. The default tests and packs each 128-bit lane's eight values apart; AVX2 takes
    /// the 16 values in two loads, one test and one pack, and a permute puts them in order
    /// (the halves took four loads, two tests, two packs and an insert).
    #[inline(always)]
    unsafe fn narrow32(p: *const u32) -> Option<Self> {
        // SAFETY: caller's ISA contract; `p` has LANES / 2 readable units.
        unsafe {
            let half = |p: *const u32| {
                let (a, b) = (
                    Self::Half::load(p.cast()),
                    Self::Half::load(p.add(4).cast()),
                );
                a.or(b)
                    .and_is_zero(Self::Half::splat32(0xFFFF_0000))
                    .then(|| a.packus32(b))
            };
            let high = if Self::LANES == 16 {
                Self::Half::splat(0)
            } else {
                half(p.add(8))?
            };
            Some(Self::from_halves([half(p)?, high]))
        }
    }
    /// `x` in every 32-bit lane.
    unsafe fn splat32(x: u32) -> Self;
    /// Each 32-bit lane shifted right by `N` bits.
    unsafe fn shr32<const N: i32>(self) -> Self;
    /// Unsigned saturating pack of the 32-bit lanes of `self` and `o` to 16 bits, per 128-bit
    /// lane: each lane's low half from `self`, high half from `o`.
    unsafe fn packus32(self, o: Self) -> Self;
    /// The 32-bit lanes of `self` then `o`, per 128-bit lane, as 16-bit lanes, each above 0xFFFF
    /// (unsigned) as 0xFFFF. Only taken where [`Lanes2::NARROW32_SAT`]; the default clamps in
    /// memory, so that it is right wherever it is called.
    #[inline(always)]
    unsafe fn narrow32_sat(self, o: Self) -> Self {
        // SAFETY: caller's ISA contract; the arrays hold 64 bytes, the widest vector.
        unsafe {
            let (mut a, mut b) = ([0u32; 16], [0u32; 16]);
            self.store(a.as_mut_ptr().cast());
            o.store(b.as_mut_ptr().cast());
            for x in a.iter_mut().chain(b.iter_mut()) {
                *x = (*x).min(0xFFFF);
            }
            // Every lane fits in 16 bits now: the pack saturates none.
            Self::load(a.as_ptr().cast()).packus32(Self::load(b.as_ptr().cast()))
        }
    }
    /// Per 16-bit lane: the low byte of `self` times the low byte of `o` plus the high byte of
    /// `self` times the high byte of `o` (bytes of `self` unsigned, of `o` signed; saturating).
    unsafe fn maddubs(self, o: Self) -> Self;
    /// [`Vector::max16_in`] of the 32-bit lanes: whether the largest is at least `lo` and
    /// below `hi`, both powers of two.
    #[inline(always)]
    unsafe fn max32_in(self, lo: u32, hi: u32) -> bool {
        // SAFETY: caller's ISA contract.
        unsafe {
            self.and_is_zero(Self::splat32(!(hi - 1)))
                && !self.and_is_zero(Self::splat32(!(lo - 1)))
        }
    }
}

/// The 128-bit vector: what the 16-byte steps of the transcoders need besides [`Lanes2`]
/// (whole-register byte shifts, partial stores, widening of the low part).
pub(in crate::simd) trait Half: Lanes2 + Vector<Half = Self> {
    /// The 8 bytes at `p` in the low half, zeros above.
    unsafe fn load_low64(p: *const u8) -> Self;
    /// Stores the low 8 bytes at `p`.
    unsafe fn store_low64(self, p: *mut u8);
    /// The low 32 bits.
    unsafe fn low32(self) -> u32;
    /// The register shifted right (towards byte 0) by `N` bytes, zeros shifted in.
    unsafe fn bytes_right<const N: i32>(self) -> Self;
    /// The low 8 bytes zero-extended to 16-bit lanes.
    unsafe fn zext8_16(self) -> Self;
    /// The high 8 bytes zero-extended to 16-bit lanes.
    #[inline(always)]
    unsafe fn zext8_16_high(self) -> Self {
        // SAFETY: caller's ISA contract.
        unsafe { self.bytes_right::<8>().zext8_16() }
    }
    /// The low 4 bytes zero-extended to 32-bit lanes.
    unsafe fn zext8_32(self) -> Self;
    /// The low 4 16-bit lanes zero-extended to 32-bit lanes.
    unsafe fn zext16_32(self) -> Self;
    /// The high 4 16-bit lanes zero-extended to 32-bit lanes.
    #[inline(always)]
    unsafe fn zext16_32_high(self) -> Self {
        // SAFETY: caller's ISA contract.
        unsafe { self.bytes_right::<8>().zext16_32() }
    }
    /// Signed 16-bit lanes of `self` then `o`, each saturated to an unsigned byte.
    unsafe fn packus16(self, o: Self) -> Self;
    /// Unsigned minimum per 16-bit lane.
    unsafe fn min16(self, o: Self) -> Self;
    unsafe fn add32(self, o: Self) -> Self;
    unsafe fn sub32(self, o: Self) -> Self;
    /// Each 32-bit lane shifted left by `N` bits.
    unsafe fn shl32<const N: i32>(self) -> Self;
    /// `(a ++ b)[self[i]]` for indices 0..=31, 0 for indices with the high bit set (no caller
    /// has others): a lookup in the 32 bytes of two registers.
    unsafe fn lookup_pair(self, a: Self, b: Self) -> Self;
}
