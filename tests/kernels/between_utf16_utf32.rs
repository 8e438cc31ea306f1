//! UTF-16 ↔ UTF-32 in every kernel set against the portable one: every policy, every output
//! room, errors at every offset of inputs around the sets' block and vector sizes. (What the
//! portable set must give is std's: tests/api/oracle_between_utf16_utf32.rs.)

use crate::convert::{Op, same_under};
use crate::support::POLICIES;
use crate::support::kernels::{Rng, SCRIPTS, text};

/// Every UTF-16 source pair on `src` (units in the machine's order) and its byte-swapped twin.
fn check_utf16(src: &[u16], sweep: bool) {
    let swapped: Vec<u16> = src.iter().map(|u| u.swap_bytes()).collect();
    let ops: [(&str, Op<u16, u32>, &[u16]); 4] = [
        (
            "utf16le_to_utf32",
            |k, s, d, p| k.utf16le_to_utf32(s, d, p),
            src,
        ),
        (
            "utf16be_to_utf32",
            |k, s, d, p| k.utf16be_to_utf32(s, d, p),
            &swapped,
        ),
        (
            "utf16le_to_utf32be",
            |k, s, d, p| k.utf16le_to_utf32be(s, d, p),
            src,
        ),
        (
            "utf16be_to_utf32be",
            |k, s, d, p| k.utf16be_to_utf32be(s, d, p),
            &swapped,
        ),
    ];
    for (name, op, s) in ops {
        same_under(&POLICIES, name, op, s, sweep);
    }
}

/// Every UTF-32 source pair on `src` (code points in the machine's order) and its byte-swapped
/// twin.
fn check_utf32(src: &[u32], sweep: bool) {
    let swapped: Vec<u32> = src.iter().map(|u| u.swap_bytes()).collect();
    let ops: [(&str, Op<u32, u16>, &[u32]); 4] = [
        (
            "utf32_to_utf16le",
            |k, s, d, p| k.utf32_to_utf16le(s, d, p),
            src,
        ),
        (
            "utf32_to_utf16be",
            |k, s, d, p| k.utf32_to_utf16be(s, d, p),
            src,
        ),
        (
            "utf32be_to_utf16le",
            |k, s, d, p| k.utf32be_to_utf16le(s, d, p),
            &swapped,
        ),
        (
            "utf32be_to_utf16be",
            |k, s, d, p| k.utf32be_to_utf16be(s, d, p),
            &swapped,
        ),
    ];
    for (name, op, s) in ops {
        same_under(&POLICIES, name, op, s, sweep);
    }
}

/// Lengths around the blocks and vectors of every set.
const LENGTHS: [usize; 9] = [16, 31, 32, 33, 64, 65, 128, 129, 200];

#[test]
fn utf16_errors_at_every_offset_in_every_set() {
    let mut rng = Rng::new(1616);
    for script in SCRIPTS {
        for len in LENGTHS {
            let t: Vec<u16> = text(&mut rng, script, len * 2)
                .encode_utf16()
                .take(len)
                .collect();
            check_utf16(&t, len <= 33);
            for bad in [&[0xDC00u16][..], &[0xD800], &[0xDFFF, 0xD800], &[0xDC80]] {
                for at in 0..=t.len() {
                    let mut c = t.clone();
                    c.splice(at..at, bad.iter().copied());
                    check_utf16(&c, at % 16 == 0 && len <= 33);
                }
            }
        }
    }
}

#[test]
fn utf32_errors_at_every_offset_in_every_set() {
    let mut rng = Rng::new(3232);
    for script in SCRIPTS {
        for len in LENGTHS {
            let t: Vec<u32> = text(&mut rng, script, len * 4)
                .chars()
                .take(len)
                .map(u32::from)
                .collect();
            check_utf32(&t, len <= 33);
            for bad in [0xD800, 0xDC80, 0x11_0000, 0xFFFF_FFFF] {
                for at in 0..=t.len() {
                    let mut c = t.clone();
                    c.insert(at, bad);
                    check_utf32(&c, at % 16 == 0 && len <= 33);
                }
            }
        }
    }
}
