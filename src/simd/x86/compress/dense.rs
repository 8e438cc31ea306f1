//! Runs of three- or four-byte characters (CJK text, emoji), 16 characters a step, and the
//! block loop's step for a block without ASCII, which starts such a run or the 256-bit decoder.

use core::arch::x86_64::*;

use super::block::Next;
use super::detour::dense_detour;
use super::wide::Wide;
use crate::simd::generic::decode_utf8;
use crate::simd::generic::tables::SHUF_FOURS;
use crate::simd::generic::vector::Vector;
use crate::types::outcome::Policy;

/// In each 32-bit lane `j`, the bytes of the `j`-th of 16 three-byte characters as `[last,
/// middle, middle, lead]`: the high 16 bits hold the lead and middle byte together, which the
/// overlong and surrogate forms are ranges of.
static THREES_INDEX: [u8; 64] = {
    let mut t = [0; 64];
    let mut j = 0;
    while j < 16 {
        t[4 * j] = 3 * j as u8 + 2;
        t[4 * j + 1] = 3 * j as u8 + 1;
        t[4 * j + 2] = 3 * j as u8 + 1;
        t[4 * j + 3] = 3 * j as u8;
        j += 1;
    }
    t
};

/// Converts the valid three-byte characters at `p` (a character boundary), of the 16 that the
/// first 48 of its 64 bytes hold when all are such, up to the first that is not one: returns
/// how many (16: all). One permutation puts each character's bytes in a 32-bit lane of its
/// own, where fixed tag bits and two ranges of the first two bytes (overlong forms,
/// surrogates) validate it and two shifts decode it: 16 characters with a dozen instructions.
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 VBMI); 64 readable bytes at `p`, 16 units of room at
/// `dst`.
#[inline(always)]
unsafe fn threes_block<S: Wide>(p: *const u8, dst: *mut S::Unit) -> u32 {
    // SAFETY: AVX-512 VBMI per the caller's ISA contract; 64 readable bytes at `p`, 16 units
    // of room at `dst`.
    unsafe {
        let v = _mm512_permutexvar_epi8(
            _mm512_loadu_si512(THREES_INDEX.as_ptr().cast()),
            _mm512_loadu_si512(p.cast()),
        );
        let d = |x: u32| _mm512_set1_epi32(x as i32);
        let tags = _mm512_and_si512(v, d(0xF0C0_00C0));
        let pair = _mm512_and_si512(v, d(0xFFE0_0000));
        let bad = _mm512_cmpneq_epi32_mask(tags, d(0xE080_0080))
            | _mm512_cmpeq_epi32_mask(pair, d(0xE080_0000))
            | _mm512_cmpeq_epi32_mask(pair, d(0xEDA0_0000));
        let good = bad.trailing_zeros();
        let cp = _mm512_or_si512(
            _mm512_or_si512(
                _mm512_and_si512(v, d(0x3F)),
                _mm512_and_si512(_mm512_srli_epi32::<10>(v), d(0x0FC0)),
            ),
            _mm512_and_si512(_mm512_srli_epi32::<12>(v), d(0xF000)),
        );
        S::bmp16(dst, cp, good);
        good
    }
}

/// [`threes_block`] for four-byte characters (emoji): converts the valid ones of the 16 that
/// the 64 bytes at `p` hold when all are such, up to the first that is not one; returns how
/// many and the units written. A lane is valid when its tag bits are a four-byte lead's and
/// three continuation bytes' and its code point lies in U+10000..U+10FFFF (which rules out
/// the overlong forms and the leads F5..F7).
///
/// # Safety
///
/// The caller's ISA contract (AVX-512 F/BW); 64 readable bytes at `p`, 32 units of room at
/// `dst`.
#[inline(always)]
unsafe fn fours_block<S: Wide>(p: *const u8, dst: *mut S::Unit) -> (u32, usize) {
    // SAFETY: AVX-512 F/BW per the caller's ISA contract; 64 readable bytes at `p`, 32 units
    // of room at `dst`.
    unsafe {
        // Each lane's bytes in the other order: the lead byte highest.
        let v = _mm512_shuffle_epi8(
            _mm512_loadu_si512(p.cast()),
            <__m512i as Vector>::table(&SHUF_FOURS),
        );
        let d = |x: u32| _mm512_set1_epi32(x as i32);
        let cp = _mm512_or_si512(
            _mm512_or_si512(
                _mm512_and_si512(v, d(0x3F)),
                _mm512_and_si512(_mm512_srli_epi32::<2>(v), d(0x0FC0)),
            ),
            _mm512_or_si512(
                _mm512_and_si512(_mm512_srli_epi32::<4>(v), d(0x3_F000)),
                _mm512_and_si512(_mm512_srli_epi32::<6>(v), d(0x1C_0000)),
            ),
        );
        let tags = _mm512_and_si512(v, d(0xF8C0_C0C0));
        let bad = _mm512_cmpneq_epi32_mask(tags, d(0xF080_8080))
            | _mm512_cmpgt_epu32_mask(_mm512_sub_epi32(cp, d(0x1_0000)), d(0xF_FFFF));
        let good = bad.trailing_zeros();
        (good, S::astral16(dst, cp, good))
    }
}

/// Runs of three-byte characters (CJK text), or with `FOUR` of four-byte ones (emoji), from `p`
/// (a character boundary), 16 characters a step ([`threes_block`], [`fours_block`]), up to the
/// first that is something else, which the block loop takes: an error (an ill-formed subpart
/// there, with `LOSSY`, gets the fill of `policy` and the run goes on after it), ASCII, a
/// character of another length. Returns the new `(p, w)`, the old ones when no such character
/// starts at `p`, and the subparts replaced.
///
/// Against the block loop, this runs Chinese UTF-8 → UTF-16 at 1.3 times its speed and
/// Japanese at 1.3 (Sapphire Rapids). A whole step advances by a constant: where the step
/// advanced by three times its count of valid characters, each load waited for the step before
/// and Chinese ran at half the speed. The step's characters before an error are stored with a
/// masked store, and the loop stops there. Out of line (once per run): a 512-bit form of this
/// step inlined in the decoders' loops cost Hindi and Korean 5–8 % on Zen 4, through the
/// registers of the loops around it; called, it leaves them as they were. (The count is
/// returned, not added through a pointer to the caller's, which would keep it in memory.)
///
/// # Safety
///
/// The caller's ISA contract (the features enabled here); `p` is a character boundary within
/// `src`, and `out[w..out_len]` is writable.
#[inline(never)]
#[target_feature(
    enable = "avx512f,avx512cd,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx,avx2,bmi1,bmi2,popcnt,sse4.2"
)]
pub(super) unsafe fn dense_run<S: Wide, const LOSSY: bool, const FOUR: bool>(
    src: &[u8],
    out: *mut S::Unit,
    out_len: usize,
    (mut p, mut w): (usize, usize),
    policy: Policy,
) -> (usize, usize, usize) {
    let mut replaced = 0;
    let len = if FOUR { 4 } else { 3 };
    // SAFETY: caller's ISA contract; each step reads 64 bytes at `p` and writes at most 32 units
    // at `w`; after one that stops, `threes_error` reads at most 4 bytes at the new `p` (within
    // the step's 64) and writes at most 4 units (room for 36 was checked).
    unsafe {
        while src.len() - p >= 64 && out_len - w >= 36 {
            let (good, n) = if FOUR {
                fours_block::<S>(src.as_ptr().add(p), out.add(w))
            } else {
                let good = threes_block::<S>(src.as_ptr().add(p), out.add(w));
                (good, good as usize)
            };
            w += n;
            if good == 16 {
                p += 16 * len;
            } else {
                p += len * good as usize;
                if LOSSY
                    && *src.get_unchecked(p) >= 0x80
                    && let Some((r, n, k)) =
                        decode_utf8::threes_error::<S>(src.as_ptr().add(p), 0, out.add(w), policy)
                {
                    p += r;
                    w += n;
                    replaced += k;
                    continue;
                }
                break;
            }
        }
    }
    (p, w, replaced)
}

/// The least input left for which a block with no ASCII byte takes the 256-bit decoder: below
/// it, that decoder's set-up costs more than its loop for three-byte runs saves (UTF-8 → UTF-16
/// of short strings of mixed scripts on Zen 4, with the detour from any length: 128 bytes 40.0
/// ns, 256 bytes 67.5; from 256 bytes left: 28.2 and 54.9; from 1024: 28.5 and 47.3).
pub(super) const DENSE_MIN: usize = 512;

/// A block `v` at `p` without a single ASCII byte (Chinese and Japanese, which put no spaces
/// between words; runs of emoji) leaves the block loop. Hindi and Korean, whose words are
/// separated by spaces, stay: the block is faster there. Three- and four-byte characters take
/// the loop for runs of them ([`dense_run`]) and come back where the run stops (Japanese: runs
/// of kana and kanji cut by ASCII digits about every 100 bytes). Anything else (a mix of lengths)
/// takes the 256-bit decoder for a longer stretch ([`dense_detour`]), from [`DENSE_MIN`] bytes
/// left; below that, [`Next::Pass`] leaves the block to the general step.
/// What a lossy `policy` replaced is added to `replaced`.
///
/// A run is of four-byte characters where its first character's lead byte is F0..F4, not
/// wherever the block holds a byte from F0 up: a stray FF, or an emoji further on, sent a run of
/// three-byte characters to the four-byte step, which took none of them, and the block to the
/// 256-bit decoder (lossy Japanese with a bad byte per KiB ran at two thirds of its strict
/// speed). (Four-byte characters into UTF-32 take the detour too, error or not, where the block
/// is not a run.)
///
/// # Safety
///
/// The caller's ISA contract (the `avx512` set's features); `p` is a character boundary with 64
/// readable bytes of `src` from it, and `out[w..out_len]` is writable.
#[inline(always)]
pub(super) unsafe fn dense_step<S: Wide, const LOSSY: bool>(
    src: &[u8],
    out: *mut S::Unit,
    out_len: usize,
    (p, w): (usize, usize),
    policy: Policy,
    replaced: &mut usize,
) -> Next {
    // SAFETY: the caller's ISA contract, which is the run's and the detour's; byte `p` is in
    // `src` (64 bytes from it are); both get `src` and the caller's output whole.
    unsafe {
        // Called through a pointer the compiler cannot see through: rustc does not pass
        // `#[inline(never)]` of a function with target features on to LLVM, which inlined the
        // run here. Out of line, Emoji UTF-8 → UTF-16 went from 15.2 to 20.7 GB/s and Chinese
        // from 10.6 to 11.4, the rest within 3 % (Zen 4, `avx512`, throughput benchmark).
        type Run<U> =
            unsafe fn(&[u8], *mut U, usize, (usize, usize), Policy) -> (usize, usize, usize);
        let run: Run<S::Unit> = if !(0xF0..=0xF4).contains(src.get_unchecked(p)) {
            dense_run::<S, LOSSY, false>
        } else {
            dense_run::<S, LOSSY, true>
        };
        let (q, n, k) = core::hint::black_box(run)(src, out, out_len, (p, w), policy);
        if q != p {
            *replaced += k;
            return Next::At(q, n);
        }
        if src.len() - p >= DENSE_MIN {
            let (p, w, go_on, k) = dense_detour::<S, LOSSY>(src, out, out_len, (p, w), policy);
            *replaced += k;
            return if go_on {
                Next::At(p, w)
            } else {
                Next::Stop(p, w)
            };
        }
        Next::Pass
    }
}
