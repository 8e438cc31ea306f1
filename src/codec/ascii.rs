//! Portable word-at-a-time helpers for the scalar path.

const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// True when `s` has at most 32 bytes, all ASCII: a few overlapping word reads and no loop, so
/// that the short strings most programs validate (keys, identifiers, numbers) are answered
/// before any kernel is called.
#[inline(always)]
pub(crate) fn is_short_ascii(s: &[u8]) -> bool {
    let n = s.len();
    let word = |at: usize| u64::from_le_bytes(s[at..at + 8].try_into().unwrap());
    let half = |at: usize| u64::from(u32::from_le_bytes(s[at..at + 4].try_into().unwrap()));
    let bits = match n {
        33.. => return false,
        16.. => word(0) | word(8) | word(n - 16) | word(n - 8),
        8.. => word(0) | word(n - 8),
        4.. => half(0) | half(n - 4),
        1.. => u64::from(s[0] | s[n / 2] | s[n - 1]),
        0 => 0,
    };
    bits & HIGH_BITS == 0
}

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
