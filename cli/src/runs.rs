//! The loop at the heart of the table encoders (single-byte code pages, `table.rs`; the
//! double-byte encodings, `cjk.rs`): well-formed UTF-8 read character by character, eight ASCII
//! bytes at a time where ASCII encodes to itself, each character's bytes from the caller's
//! table until one that the table does not hold; and the reads of UTF-8 it is made of.

/// Encodes the characters of `bytes[i..]` (well-formed UTF-8) into `buf[w..]`, up to `limit`
/// or the first character that `put` does not write; returns the new `i` and `w`. `put(c, buf,
/// w)` writes the bytes of the character `c` at `buf[w..]` and returns how many, or `None` for
/// a character its table does not hold (the caller's to encode). `ascii`: ASCII encodes to
/// itself, so runs of eight are copied as they are.
#[inline(always)]
pub fn encode_run(
    ascii: bool,
    bytes: &[u8],
    mut i: usize,
    limit: usize,
    buf: &mut [u8],
    mut w: usize,
    mut put: impl FnMut(u32, &mut [u8], usize) -> Option<usize>,
) -> (usize, usize) {
    while i < limit {
        if ascii && let Some(eight) = ascii8(bytes, i) {
            buf[w..w + 8].copy_from_slice(eight);
            (i, w) = (i + 8, w + 8);
            continue;
        }
        let (c, len) = utf8_char(bytes, i);
        let Some(n) = put(c, buf, w) else {
            break;
        };
        (i, w) = (i + len, w + n);
    }
    (i, w)
}

/// The eight bytes at `i`, when they are all ASCII.
#[inline(always)]
pub fn ascii8(bytes: &[u8], i: usize) -> Option<&[u8]> {
    let eight = bytes.get(i..i + 8)?;
    let word = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
    (word & 0x8080_8080_8080_8080 == 0).then_some(eight)
}

/// The code point of the character at `i` in well-formed UTF-8, and its length.
#[inline(always)]
pub fn utf8_char(bytes: &[u8], i: usize) -> (u32, usize) {
    let b = u32::from(bytes[i]);
    let cont = |k: usize| u32::from(bytes[i + k] & 0x3F);
    match b {
        0..0x80 => (b, 1),
        0x80..0xE0 => ((b & 0x1F) << 6 | cont(1), 2),
        0xE0..0xF0 => ((b & 0x0F) << 12 | cont(1) << 6 | cont(2), 3),
        _ => ((b & 0x07) << 18 | cont(1) << 12 | cont(2) << 6 | cont(3), 4),
    }
}
