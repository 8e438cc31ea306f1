//! Shuffle tables for the conversions, computed at compile time.
//!
//! UTF-8 → UTF-16/32 (after Lemire & Muła, "Transcoding Billions of Unicode Characters per
//! Second with SIMD Instructions"): a 16-byte window starting on a character boundary is
//! described by the 12-bit mask of the bytes that end a character. [`UTF8_STEPS`] maps that mask
//! to what one step can do with the window: six characters of one or two bytes, or four of one to
//! three bytes, each gathered by a shuffle into its own 16- or 32-bit lane.

/// Byte `i` is `i`: lane numbers, to compare with a count or mask lanes by position (a vector
/// of any width loads its first `LANES`).
pub(in crate::simd) static LANE_NUMBERS: [u8; 64] = {
    let mut t = [0; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = i as u8;
        i += 1;
    }
    t
};

/// What one step does with a window (see the module docs).
#[derive(Clone, Copy)]
pub(in crate::simd) struct Utf8Step {
    /// [`TWO`], [`THREE`], [`FOUR`] or [`OTHER`].
    pub kind: u8,
    /// Index into [`SHUF_TWO`] or [`SHUF_THREE`].
    pub shuffle: u8,
    /// Bytes the step consumes.
    pub consumed: u8,
}

/// Six characters of one or two bytes.
pub(in crate::simd) const TWO: u8 = 0;
/// Four characters of one to three bytes.
pub(in crate::simd) const THREE: u8 = 1;
/// Three 4-byte characters.
pub(in crate::simd) const FOUR: u8 = 3;
/// Anything else (a 4-byte character early in the window): decode one character.
pub(in crate::simd) const OTHER: u8 = 2;

/// Shuffle index that yields a zero byte.
const Z: u8 = 0x80;

/// For three 4-byte characters: 32-bit lane `j` gets character `j`'s bytes last first.
pub(in crate::simd) static SHUF_FOUR: [u8; 16] = [3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, Z, Z, Z, Z];

/// For four 4-byte characters: the same, over all four lanes.
pub(in crate::simd) static SHUF_FOURS: [u8; 16] =
    [3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12];

/// The character lengths in a window, from the mask of its character-ending bytes.
const fn lengths(ends: u32) -> ([u8; 12], usize) {
    let mut out = [0u8; 12];
    let (mut n, mut start, mut i) = (0, 0, 0);
    while i < 12 {
        if ends & (1 << i) != 0 {
            out[n] = (i + 1 - start) as u8;
            n += 1;
            start = i + 1;
        }
        i += 1;
    }
    (out, n)
}

pub(in crate::simd) static UTF8_STEPS: [Utf8Step; 4096] = {
    let mut t = [Utf8Step {
        kind: OTHER,
        shuffle: 0,
        consumed: 0,
    }; 4096];
    let mut ends = 0;
    while ends < 4096 {
        let (len, n) = lengths(ends as u32);
        let (mut two, mut three, mut i) = (n >= 6, n >= 4, 0);
        let (mut idx2, mut idx3, mut used2, mut used3) = (0usize, 0usize, 0u8, 0u8);
        while i < 6 {
            if i < n {
                two = two && len[i] <= 2;
                if i < 6 {
                    idx2 |= ((len[i] == 2) as usize) << i;
                    used2 += len[i];
                }
                if i < 4 {
                    three = three && len[i] <= 3;
                    // Base-3 digits: lengths 1..3 as 0..2.
                    let mut w = 1;
                    let mut k = 0;
                    while k < i {
                        w *= 3;
                        k += 1;
                    }
                    idx3 += (len[i] as usize).saturating_sub(1) * w;
                    used3 += len[i];
                }
            }
            i += 1;
        }
        t[ends] = if two {
            Utf8Step {
                kind: TWO,
                shuffle: idx2 as u8,
                consumed: used2,
            }
        } else if three {
            Utf8Step {
                kind: THREE,
                shuffle: idx3 as u8,
                consumed: used3,
            }
        } else if n >= 3 && len[0] == 4 && len[1] == 4 && len[2] == 4 {
            Utf8Step {
                kind: FOUR,
                shuffle: 0,
                consumed: 12,
            }
        } else {
            Utf8Step {
                kind: OTHER,
                shuffle: 0,
                consumed: 0,
            }
        };
        ends += 1;
    }
    t
};

/// For six characters whose lengths (1 or 2) are the bits of the index: 16-bit lane `j` gets
/// (last byte, lead byte) of character `j`, or (byte, 0) for ASCII.
pub(in crate::simd) static SHUF_TWO: [[u8; 16]; 64] = {
    let mut t = [[Z; 16]; 64];
    let mut idx = 0;
    while idx < 64 {
        let (mut j, mut at) = (0, 0u8);
        while j < 6 {
            if idx & (1 << j) != 0 {
                t[idx][2 * j] = at + 1;
                t[idx][2 * j + 1] = at;
                at += 2;
            } else {
                t[idx][2 * j] = at;
                at += 1;
            }
            j += 1;
        }
        idx += 1;
    }
    t
};

/// For four characters whose lengths (1..3) are the base-3 digits of the index: 32-bit lane `j`
/// gets character `j`'s bytes last first: (last, middle, lead, 0).
pub(in crate::simd) static SHUF_THREE: [[u8; 16]; 81] = {
    let mut t = [[Z; 16]; 81];
    let mut idx = 0;
    while idx < 81 {
        let (mut j, mut at, mut rest) = (0, 0u8, idx);
        while j < 4 {
            let len = (rest % 3) as u8 + 1;
            rest /= 3;
            let mut k = 0;
            while k < len {
                t[idx][4 * j + k as usize] = at + len - 1 - k;
                k += 1;
            }
            at += len;
            j += 1;
        }
        idx += 1;
    }
    t
};

/// UTF-16 → UTF-8, eight units below U+0800 each in a 16-bit lane as (byte, 0) for ASCII or
/// (lead, continuation): indexed by the mask of ASCII lanes, gathers the bytes that matter.
/// The byte count is `16 - ascii lanes`.
const SHUF16_TWO: [[u8; 16]; 256] = {
    let mut t = [[Z; 16]; 256];
    let mut m = 0;
    while m < 256 {
        let (mut j, mut at) = (0, 0);
        while j < 8 {
            t[m][at] = 2 * j as u8;
            at += 1;
            if m & (1 << j) == 0 {
                t[m][at] = 2 * j as u8 + 1;
                at += 1;
            }
            j += 1;
        }
        m += 1;
    }
    t
};

/// `SHIFT[s]` moves bytes `s..` of a vector to the front.
const SHIFT: [[u8; 16]; 16] = {
    let mut t = [[Z; 16]; 16];
    let mut s = 0;
    while s < 16 {
        let mut i = 0;
        while s + i < 16 {
            t[s][i] = (s + i) as u8;
            i += 1;
        }
        s += 1;
    }
    t
};

/// `COMPRESS16[m]` moves the 16-bit lanes `j` of a vector with bit `j` of `m` set to the
/// front, in order (the others follow as zeros).
pub(in crate::simd) static COMPRESS16: [[u8; 16]; 256] = {
    let mut t = [[Z; 16]; 256];
    let mut m = 0;
    while m < 256 {
        let (mut j, mut at) = (0, 0);
        while j < 8 {
            if m & (1 << j) != 0 {
                t[m][at] = 2 * j as u8;
                t[m][at + 1] = 2 * j as u8 + 1;
                at += 2;
            }
            j += 1;
        }
        m += 1;
    }
    t
};

/// `COMPRESS32[g][m]`: indices into the 32 bytes `low ++ high` (a lookup of two registers) that
/// put, for each bit `j` of `m` in order, bytes `8g + j` of `low` and of `high` into the low two
/// bytes of a 32-bit lane, zeros above and after: the code points of the characters that end in
/// group `g` of eight bytes, as UTF-32, from the two registers of their low and high bits.
pub(in crate::simd) static COMPRESS32: [[[u8; 32]; 256]; 2] = {
    let mut t = [[[Z; 32]; 256]; 2];
    let mut g = 0;
    while g < 2 {
        let mut m = 0;
        while m < 256 {
            let (mut j, mut at) = (0, 0);
            while j < 8 {
                if m & (1 << j) != 0 {
                    t[g][m][4 * at] = (8 * g + j) as u8;
                    t[g][m][4 * at + 1] = (16 + 8 * g + j) as u8;
                    at += 1;
                }
                j += 1;
            }
            m += 1;
        }
        g += 1;
    }
    t
};

/// UTF-16 → UTF-8, four units each with the bytes it may need in a 32-bit lane: the ASCII value,
/// the last continuation byte, the lead of three bytes, and the lead of two bytes or the middle of
/// three (see `encode_bmp`). Indexed by `at_least_2 | at_least_3` with bit `2j` and `2j + 1` for
/// lane `j` (as two-bit movemasks of 16-bit lanes give them), gathers the bytes that matter, in
/// order. Their count is `4 + index.count_ones()`: a popcount costs less than a second load.
const SHUF16_MIXED: [[u8; 16]; 256] = {
    // Which bytes of its lane a unit of one, two, three bytes takes.
    const PICK: [[u8; 3]; 3] = [[0, 0, 0], [3, 1, 0], [2, 3, 1]];
    let mut t = [[Z; 16]; 256];
    let mut idx = 0;
    while idx < 256 {
        let (mut j, mut at) = (0, 0);
        while j < 4 {
            let len = 1 + (idx >> (2 * j) & 1) + (idx >> (2 * j + 1) & 1);
            let mut k = 0;
            while k < len {
                t[idx][at] = (4 * j) as u8 + PICK[len - 1][k];
                at += 1;
                k += 1;
            }
            j += 1;
        }
        idx += 1;
    }
    t
};

/// The UTF-8 encoder's tables in one static: its loop reaches all three from one base register
/// (three statics took three, and the loop ran out of registers and spilled). It starts a
/// cache line, so none of its 16-byte rows straddles two.
#[repr(C, align(64))]
pub(in crate::simd) struct EncodeTables {
    /// [`SHUF16_TWO`].
    pub two: [[u8; 16]; 256],
    /// [`SHUF16_MIXED`].
    pub mixed: [[u8; 16]; 256],
    /// [`SHIFT`].
    pub shift: [[u8; 16]; 16],
}

pub(in crate::simd) static ENCODE: EncodeTables = EncodeTables {
    two: SHUF16_TWO,
    mixed: SHUF16_MIXED,
    shift: SHIFT,
};
