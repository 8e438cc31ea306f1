//! Characters one at a time, for the 16-byte steps and the finish of a checked stretch.

/// Decodes the valid three-byte UTF-8 character at `p`.
#[inline(always)]
pub(super) unsafe fn decode_three(p: *const u8) -> u32 {
    // SAFETY: the caller guarantees a whole valid three-byte character at `p`.
    let b = |i: usize| u32::from(unsafe { *p.add(i) });
    ((b(0) & 0x0F) << 12) | ((b(1) & 0x3F) << 6) | (b(2) & 0x3F)
}

/// Decodes the valid UTF-8 character at `p`, returning it and its length.
#[inline(always)]
pub(super) unsafe fn decode_one(p: *const u8) -> (u32, usize) {
    // SAFETY: the caller guarantees a whole valid character at `p`.
    unsafe {
        let b0 = u32::from(*p);
        let cont = |i: usize| u32::from(*p.add(i)) & 0x3F;
        match b0 {
            0..=0x7F => (b0, 1),
            0xC0..=0xDF => (((b0 & 0x1F) << 6) | cont(1), 2),
            0xE0..=0xEF => (decode_three(p), 3),
            _ => (
                ((b0 & 0x07) << 18) | (cont(1) << 12) | (cont(2) << 6) | cont(3),
                4,
            ),
        }
    }
}
