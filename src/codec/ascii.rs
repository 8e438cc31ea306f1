//! Portable word-at-a-time helpers for the scalar path.

const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// Length of the ASCII prefix of `s`, eight bytes at a time.
#[inline]
pub(crate) fn ascii_len(s: &[u8]) -> usize {
    let mut n = 0;
    for chunk in s.chunks_exact(8) {
        let word = u64::from_le_bytes([
            chunk[0], chunk[1], chunk[2], chunk[3], chunk[4], chunk[5], chunk[6], chunk[7],
        ]);
        let high = word & HIGH_BITS;
        if high != 0 {
            return n + (high.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    n + s[n..].iter().take_while(|&&b| b < 0x80).count()
}
