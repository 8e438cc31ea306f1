//! Long runs of ASCII between UTF-8 and Latin-1, whose vector kernels copy a run from its fourth
//! vector on in steps of four vectors, each step's loads made before the last step's stores, on
//! the output's line boundaries (the run first goes back over its last vector's bytes to the
//! line). One character ends the run at every position of its first 1,600 bytes: a Latin-1
//! letter, a character above U+00FF, a byte that is not UTF-8, for each output offset from a
//! 64-byte line, with exactly the room needed and with room to spare, every kernel set
//! straight (nothing written past what it reports, every byte it reports right) and through
//! the engine (where it stopped, and why). The oracle is the standard library's decoding, and
//! `char::from` of each Latin-1 byte.

use utf8x::__test::{Kernel, kernels};
use utf8x::{ErrorKind, Policy, Status};

const FILL: u8 = 0xA5;
/// Output offsets from a 64-byte line: the run's step back to the line goes 0, 1, 31, 32, 63
/// bytes and others.
const OFFSETS: [usize; 6] = [0, 1, 17, 32, 48, 63];
/// The run's length ends at every byte up to this.
const LONGEST: usize = 1600;

/// A kernel straight: `(read, written)`.
type Raw = fn(Kernel, &[u8], &mut [u8]) -> (usize, usize);

/// Rooms that end inside a run of `at` bytes.
fn cuts(at: usize) -> [usize; 3] {
    [at / 3, at / 2, at.saturating_sub(5)]
}

fn ascii(n: usize) -> impl Iterator<Item = u8> {
    (0..n).map(|i| b' ' + (i % 95) as u8)
}

/// `len` bytes of [`FILL`] whose first byte at `offset` from a line is returned too.
fn buffer(len: usize) -> (Vec<u8>, usize) {
    let buf = vec![FILL; 128 + len + 128];
    let line = (64 - buf.as_ptr() as usize % 64) % 64;
    (buf, line)
}

/// The kernel `raw` straight into room for all of `want`, for 200 bytes more, and for a part
/// of it that ends inside the run (`cuts`), at each of [`OFFSETS`].
fn check_raw(k: Kernel, what: &str, src: &[u8], want: &[u8], cuts: [usize; 3], raw: Raw) {
    for offset in OFFSETS {
        for room in [want.len(), want.len() + 200].into_iter().chain(cuts) {
            let (mut buf, line) = buffer(room);
            let base = line + offset;
            let (_, n) = raw(k, src, &mut buf[base..base + room]);
            let what = format!("{} {what} at {offset} room {room}", k.name());
            assert!(n <= want.len().min(room), "{what}: wrote {n}");
            assert_eq!(buf[base..base + n], want[..n], "{what}");
            assert!(
                buf[..base]
                    .iter()
                    .chain(&buf[base + n..])
                    .all(|&b| b == FILL),
                "{what}: wrote outside its {n} bytes"
            );
        }
    }
}

#[test]
fn utf8_to_latin1_run_ends_at_every_position() {
    let tail: Vec<u8> = ascii(300).collect();
    for k in kernels() {
        for at in 0..LONGEST {
            for (name, end) in [
                ("é", "é".as_bytes()),
                ("Ā", "Ā".as_bytes()),
                ("FF", b"\xFF"),
            ] {
                let src: Vec<u8> = ascii(at)
                    .chain(end.iter().copied())
                    .chain(tail.iter().copied())
                    .collect();
                let valid =
                    core::str::from_utf8(&src).map_or_else(|e| e.valid_up_to(), |s| s.len());
                let text = core::str::from_utf8(&src[..valid]).unwrap();
                let latin1 = text.chars().take_while(|&c| u32::from(c) < 0x100).count();
                let want: Vec<u8> = text.chars().take(latin1).map(|c| c as u8).collect();
                let what = format!("{at} ASCII then {name}");
                check_raw(k, &what, &src, &want, cuts(at), Kernel::raw_utf8_to_latin1);

                let (mut buf, line) = buffer(src.len());
                let got = k.to_latin1(&src, Some(&mut buf[line..line + src.len()]), Policy::Strict);
                let what = format!("{} {what}", k.name());
                let read = text
                    .char_indices()
                    .nth(latin1)
                    .map_or(src.len(), |(i, _)| i);
                assert_eq!(
                    (got.read, got.written),
                    (read.min(valid), want.len()),
                    "{what}"
                );
                assert_eq!(buf[line..line + want.len()], want[..], "{what}");
                let (status, error) = match name {
                    "é" => (Status::Ok, ErrorKind::None),
                    "Ā" => (Status::Unmappable, ErrorKind::Unmappable),
                    _ => (Status::Invalid, ErrorKind::InvalidLead),
                };
                assert_eq!((got.status, got.error), (status, error), "{what}");
            }
        }
    }
}

#[test]
fn latin1_to_utf8_run_ends_at_every_position() {
    let tail: Vec<u8> = ascii(300).collect();
    for k in kernels() {
        for at in 0..LONGEST {
            let src: Vec<u8> = ascii(at)
                .chain([0xE9])
                .chain(tail.iter().copied())
                .collect();
            let want: String = src.iter().map(|&b| char::from(b)).collect();
            let what = format!("{at} ASCII then E9");
            check_raw(
                k,
                &what,
                &src,
                want.as_bytes(),
                cuts(at),
                Kernel::raw_latin1_to_utf8,
            );

            let (mut buf, line) = buffer(want.len());
            let got = k.from_latin1(
                &src,
                Some(&mut buf[line..line + want.len()]),
                Policy::Strict,
            );
            let what = format!("{} {what}", k.name());
            assert_eq!(
                (got.status, got.read, got.written),
                (Status::Ok, src.len(), want.len()),
                "{what}"
            );
            assert_eq!(buf[line..line + want.len()], *want.as_bytes(), "{what}");
        }
    }
}
