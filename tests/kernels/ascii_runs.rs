//! Long runs of ASCII between UTF-8 and Latin-1, whose vector kernels copy a run from its fourth
//! vector on in steps of several vectors (four; AVX2 two), each step's loads made before the
//! last step's stores, on the output's vector boundaries (the run first goes back over its last
//! vector's bytes to the boundary). A run of every length up to 1,600 bytes, alone to the end of
//! the input (the copy's last step and its stop for want of input) or ended by one character
//! and followed by more ASCII: a Latin-1 letter (after it, tails of several lengths), a
//! character above U+00FF, a byte that is not UTF-8, a lead byte with no continuation. Every
//! kernel set straight, at output offsets from a 64-byte line, with exactly the room needed,
//! with room to spare and with room that ends inside the run: nothing written outside what it
//! reports, every byte it reports right, what it read matching what it wrote; its input a
//! slice of a longer buffer whose next bytes are ASCII (a read past the input would show as
//! more output). And through the engine: where it stopped, and why. The oracle is the standard
//! library's decoding, and `char::from` of each Latin-1 byte.

use utf8x::__test::{Kernel, kernels};
use utf8x::{ErrorKind, Policy, Status};

const FILL: u8 = 0xA5;
/// Output offsets from a 64-byte line (the step back to a vector boundary goes 0 to 63 bytes
/// with them, whatever the vector's width).
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

/// `src` followed by 128 more ASCII bytes, for a slice that ends where `src` does.
fn padded(src: &[u8]) -> Vec<u8> {
    src.iter().copied().chain(ascii(128)).collect()
}

/// The kernel `raw` straight into room for all of `want`, for 200 bytes more, and for a part
/// of it that ends inside the run (`cuts`), at each of [`OFFSETS`]. `read_at[n]` is how much
/// input makes the first `n` bytes of `want`, for each `n` that ends a character.
fn check_raw(
    k: Kernel,
    what: &str,
    src: &[u8],
    (want, read_at): (&[u8], &[Option<usize>]),
    cuts: [usize; 3],
    raw: Raw,
) {
    let input = padded(src);
    let src = &input[..src.len()];
    for offset in OFFSETS {
        for room in [want.len(), want.len() + 200].into_iter().chain(cuts) {
            let (mut buf, line) = buffer(room);
            let base = line + offset;
            let (r, n) = raw(k, src, &mut buf[base..base + room]);
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
            assert_eq!(Some(r), read_at[n], "{what}: read {r} for {n} written");
        }
    }
}

/// UTF-8 → Latin-1 of `src` (a run of `at` ASCII bytes and what follows), straight and through
/// the engine, which must end with `status` and `error`.
fn utf8_to_latin1(
    k: Kernel,
    at: usize,
    name: &str,
    src: &[u8],
    (status, error): (Status, ErrorKind),
) {
    let valid = core::str::from_utf8(src).map_or_else(|e| e.valid_up_to(), |s| s.len());
    let text = core::str::from_utf8(&src[..valid]).unwrap();
    let latin1 = text.chars().take_while(|&c| u32::from(c) < 0x100).count();
    let want: Vec<u8> = text.chars().take(latin1).map(|c| c as u8).collect();
    let mut read_at = vec![Some(0)];
    read_at.extend(
        text.char_indices()
            .take(latin1)
            .map(|(i, c)| Some(i + c.len_utf8())),
    );
    let what = format!("{at} ASCII then {name}");
    check_raw(
        k,
        &what,
        src,
        (&want, &read_at),
        cuts(at),
        Kernel::raw_utf8_to_latin1,
    );

    let (mut buf, line) = buffer(src.len());
    let got = k.to_latin1(src, Some(&mut buf[line..line + src.len()]), Policy::Strict);
    let what = format!("{} {what}", k.name());
    assert_eq!(
        (got.read, got.written),
        (read_at[want.len()].unwrap(), want.len()),
        "{what}"
    );
    assert_eq!(buf[line..line + want.len()], want[..], "{what}");
    assert_eq!((got.status, got.error), (status, error), "{what}");
}

#[test]
fn utf8_to_latin1_run_ends_at_every_position() {
    let ok = (Status::Ok, ErrorKind::None);
    let tail: Vec<u8> = ascii(600).collect();
    for k in kernels() {
        for at in 0..LONGEST {
            let run: Vec<u8> = ascii(at).collect();
            utf8_to_latin1(k, at, "the end", &run, ok);
            for (name, end, outcome) in [
                ("é", "é".as_bytes(), ok),
                (
                    "Ā",
                    "Ā".as_bytes(),
                    (Status::Unmappable, ErrorKind::Unmappable),
                ),
                ("FF", b"\xFF", (Status::Invalid, ErrorKind::InvalidLead)),
                ("C3 alone", b"\xC3", (Status::Invalid, ErrorKind::TooShort)),
            ] {
                let src = [&run[..], end, &tail[..300]].concat();
                utf8_to_latin1(k, at, name, &src, outcome);
            }
            if at % 7 == 0 {
                for len in [0, 1, 63, 64, 65, 255, 256, 257, 511, 512, 513] {
                    let src = [&run[..], "é".as_bytes(), &tail[..len]].concat();
                    utf8_to_latin1(k, at, &format!("é and {len}"), &src, ok);
                }
            }
        }
    }
}

#[test]
fn latin1_to_utf8_run_ends_at_every_position() {
    let tail: Vec<u8> = ascii(600).collect();
    for k in kernels() {
        for at in 0..LONGEST {
            let run: Vec<u8> = ascii(at).collect();
            let mut sources = vec![("the end".to_string(), run.clone())];
            sources.push(("E9".to_string(), [&run[..], &[0xE9], &tail[..300]].concat()));
            if at % 7 == 0 {
                for len in [0, 1, 63, 64, 65, 255, 256, 257, 511, 512, 513] {
                    let src = [&run[..], &[0xE9], &tail[..len]].concat();
                    sources.push((format!("E9 and {len}"), src));
                }
            }
            for (name, src) in sources {
                let want: String = src.iter().map(|&b| char::from(b)).collect();
                let mut read_at = vec![None; want.len() + 1];
                let mut n = 0;
                read_at[0] = Some(0);
                for (i, &b) in src.iter().enumerate() {
                    n += if b < 0x80 { 1 } else { 2 };
                    read_at[n] = Some(i + 1);
                }
                let what = format!("{at} ASCII then {name}");
                let want = want.as_bytes();
                check_raw(
                    k,
                    &what,
                    &src,
                    (want, &read_at),
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
                let outcome = (got.status, got.read, got.written);
                assert_eq!(outcome, (Status::Ok, src.len(), want.len()), "{what}");
                assert_eq!(buf[line..line + want.len()], *want, "{what}");
            }
        }
    }
}
