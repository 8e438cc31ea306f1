//! UTF-16 ↔ UTF-32 in every kernel set against the portable one: every policy, every output
//! room, errors at every offset of inputs around the sets' block and vector sizes. (What the
//! portable set must give is std's: tests/api/oracle_between_utf16_utf32.rs.)

use crate::convert::{Op, Unit, same_under};
use crate::support::POLICIES;
use crate::support::kernels::{Rng, SCRIPTS, all_kernels, text};
use utf8x::Policy;

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

/// `op` on `src` into output that starts `off` units past where a vector of units starts (so
/// at every offset from a 64-byte line as `off` goes through 64 bytes' worth: the AVX-512
/// kernels align their stores), with room for exactly what is needed, one more unit, and
/// plenty: every set as the portable one, and nothing around the output touched.
fn same_at<S: core::fmt::Debug, D: Unit>(name: &str, op: Op<S, D>, src: &[S], off: usize) {
    let needed = op(all_kernels()[0], src, None, Policy::Strict).written;
    same_in(name, op, src, off, &[needed, needed + 1, needed + 80]);
}

/// [`same_at`] with room for each of `caps` units.
fn same_in<S: core::fmt::Debug, D: Unit>(
    name: &str,
    op: Op<S, D>,
    src: &[S],
    off: usize,
    caps: &[usize],
) {
    let ks = all_kernels();
    for &cap in caps {
        let mut want = vec![D::fill(); cap];
        let expected = op(ks[0], src, Some(&mut want), Policy::Strict);
        for &k in &ks[1..] {
            let mut buf = vec![D::fill(); off + cap + 64];
            let got = op(k, src, Some(&mut buf[off..off + cap]), Policy::Strict);
            let who = || format!("{name} {} off {off} cap {cap} src {src:x?}", k.name());
            assert_eq!(got, expected, "{}", who());
            assert_eq!(&buf[off..off + cap], &want[..], "{}", who());
            assert!(buf[..off].iter().all(|&u| u == D::fill()), "{}", who());
            assert!(
                buf[off + cap..].iter().all(|&u| u == D::fill()),
                "{}",
                who()
            );
        }
    }
}

/// Inputs of three to four 32-unit vectors of every script (pairs across vector edges among
/// them), clean and with an error at every offset, converted into output at every offset from
/// a 64-byte line.
#[test]
fn errors_at_every_offset_into_every_output_alignment() {
    let mut rng = Rng::new(6416);
    for script in SCRIPTS {
        let t: Vec<u16> = text(&mut rng, script, 500)
            .encode_utf16()
            .take(110)
            .collect();
        let c: Vec<u32> = char::decode_utf16(t.iter().copied())
            .map(|c| u32::from(c.unwrap_or('?')))
            .collect();
        for at in 0..=t.len() + 1 {
            let mut t = t.clone();
            let mut c = c.clone();
            if at > 0 {
                t.insert((at - 1).min(t.len()), [0xDC00, 0xD800][at % 2]);
                c.insert((at - 1).min(c.len()), [0xD800, 0x11_0000][at % 2]);
            }
            for off in 0..32 {
                if off < 16 {
                    same_at(
                        "utf16le_to_utf32",
                        |k, s, d, p| k.utf16le_to_utf32(s, d, p),
                        &t,
                        off,
                    );
                }
                same_at(
                    "utf32_to_utf16le",
                    |k, s, d, p| k.utf32_to_utf16le(s, d, p),
                    &c,
                    off,
                );
            }
        }
    }
}

/// Text with the code points at the edges of the narrowing's tests (either side of each end
/// of the surrogates, U+FFFE and U+FFFF, the first past the BMP) at every offset of inputs
/// around the sets' step sizes: every set as the portable one. NEON narrows with saturation,
/// where a value past U+FFFF becomes FFFF, so a real U+FFFF must still convert.
#[test]
fn utf32_around_the_narrowing_edges_at_every_offset_in_every_set() {
    let mut rng = Rng::new(3216);
    for len in [31, 32, 64, 96] {
        let t: Vec<u32> = text(&mut rng, SCRIPTS[0], len * 4)
            .chars()
            .take(len)
            .map(u32::from)
            .collect();
        for edge in [0xD7FF, 0xD800, 0xDFFF, 0xE000, 0xFFFE, 0xFFFF, 0x1_0000] {
            for at in 0..t.len() {
                let mut c = t.clone();
                c[at] = edge;
                check_utf32(&c, false);
            }
        }
    }
}

/// Runs of supplementary characters only (every lane of a step a pair), into every room up to
/// one unit more than they need: every set as the portable one, and nothing past the room
/// touched (a step that splits pairs has to fit all of them or write nothing).
#[test]
fn pairs_into_every_room() {
    for len in [15, 16, 17, 31, 32, 33, 47, 48, 49, 64, 65, 100] {
        let c: Vec<u32> = (0..len).map(|k| 0x1_F600 + 37 * k).collect();
        let t: Vec<u16> = c
            .iter()
            .flat_map(|&u| {
                char::from_u32(u)
                    .unwrap()
                    .encode_utf16(&mut [0; 2])
                    .to_vec()
            })
            .collect();
        let caps: Vec<usize> = (0..=t.len() + 1).collect();
        same_in(
            "utf16le_to_utf32",
            |k, s, d, p| k.utf16le_to_utf32(s, d, p),
            &t,
            0,
            &caps,
        );
        same_in(
            "utf32_to_utf16le",
            |k, s, d, p| k.utf32_to_utf16le(s, d, p),
            &c,
            0,
            &caps,
        );
    }
}
