//! Latin-1 → UTF-8 straight through each vector kernel, against the standard library's encoding of the
//! same bytes as characters: one, two and many bytes above 0x7F at every lane of a 64-byte
//! block (and so of every narrower vector), in the first block and in a later one, into output
//! at every offset from a 64-byte line, with exactly the room needed and with room to spare.
//! The vector loops take a block of one letter, of two and of more in different steps, each
//! storing past its own output; every byte past what a kernel reports must stay as it was.

use utf8x::__test::{Kernel, kernels};

const FILL: u8 = 0xA5;
/// Bytes above 0x7F with each value of their top two bits and the ends of each range.
const LETTERS: [u8; 5] = [0x80, 0xBF, 0xC0, 0xE9, 0xFF];

/// The lanes of one block that hold a letter: each one alone, pairs at distances that put the
/// second in the same half, the next half and the last lane, all but one, and all.
fn patterns() -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for a in 0..64 {
        out.push(vec![a]);
        for b in [a + 1, a + 2, a + 31, a + 32, 63] {
            if b < 64 && b > a {
                out.push(vec![a, b]);
            }
        }
        out.push((0..64).filter(|&l| l != a).collect());
    }
    out.push((0..64).collect());
    out
}

/// Converts `src` with `k` into a buffer whose output starts `off` bytes past a 64-byte line
/// and has `room` bytes, and checks it against the standard library. A kernel may leave a short
/// tail to its caller, but not the blocks with letters (the first two) nor the one after them.
fn check(k: Kernel, src: &[u8], off: usize, room: usize) {
    let mut buf = vec![FILL; room + off + 64 + 64];
    let start = buf.as_ptr().align_offset(64) + off;
    let (r, n) = k.raw_latin1_to_utf8(src, &mut buf[start..start + room]);
    let want: String = src[..r].iter().map(|&b| char::from(b)).collect();
    let what = || format!("{} off {off} room {room} read {r} src {src:02x?}", k.name());
    assert!(r >= 3 * 64, "{}", what());
    assert_eq!(&buf[start..start + n], want.as_bytes(), "{}", what());
    assert!(buf[..start].iter().all(|&b| b == FILL), "{}", what());
    assert!(buf[start + n..].iter().all(|&b| b == FILL), "{}", what());
}

#[test]
fn letters_at_every_lane_into_every_output_alignment() {
    // The portable set copies only the ASCII prefix (the engine does the rest).
    let ks = &kernels()[1..];
    for (i, lanes) in patterns().iter().enumerate() {
        // The pattern in the first block (the start of the input) and in the second, in four
        // blocks and a tail, so that the loops with room to spare run over both.
        for block in [0, 1] {
            let mut src: Vec<u8> = (0..4 * 64 + 17).map(|j| b'a' + (j % 26) as u8).collect();
            for (t, &l) in lanes.iter().enumerate() {
                src[64 * block + l] = LETTERS[(i + t) % LETTERS.len()];
            }
            let needed = src.len() + lanes.len();
            for &k in ks {
                for off in 0..64 {
                    check(k, &src, off, needed);
                    check(k, &src, off, needed + 200);
                }
            }
        }
    }
}
