//! Regressions of the iconv layer: handles closed twice or never opened, and a byte order mark
//! read twice when a conversion resumes after E2BIG.

use std::ffi::{CString, c_char};
use std::ptr::null_mut;

use crate::support::errno::errno;
use utf8x::iconv::{Iconv, IconvError};
use utf8x_ffi::{utf8x_iconv, utf8x_iconv_close, utf8x_iconv_open, utf8x_iconv_t};

fn open(to: &str, from: &str) -> utf8x_iconv_t {
    let (t, f) = (CString::new(to).unwrap(), CString::new(from).unwrap());
    // SAFETY: valid strings.
    let cd = unsafe { utf8x_iconv_open(t.as_ptr(), f.as_ptr()) };
    assert_ne!(cd.addr(), usize::MAX, "{from} -> {to}");
    cd
}

/// One `utf8x_iconv` call: its return value, errno when it failed, bytes consumed and output.
fn call(cd: utf8x_iconv_t, input: &[u8], cap: usize) -> (usize, i32, usize, Vec<u8>) {
    let mut inbuf = input.to_vec();
    let mut out = vec![0u8; cap];
    let (mut ip, mut il) = (inbuf.as_mut_ptr().cast::<c_char>(), inbuf.len());
    let (mut op, mut ol) = (out.as_mut_ptr().cast::<c_char>(), cap);
    // SAFETY: the buffers are as long as the counters say.
    let r = unsafe { utf8x_iconv(cd, &mut ip, &mut il, &mut op, &mut ol) };
    let e = if r == usize::MAX { errno() } else { 0 };
    out.truncate(cap - ol);
    (r, e, input.len() - il, out)
}

fn close(cd: utf8x_iconv_t) -> (i32, i32) {
    // SAFETY: any handle value is accepted.
    let r = unsafe { utf8x_iconv_close(cd) };
    (r, if r == -1 { errno() } else { 0 })
}

#[test]
fn closing_twice_is_ebadf_not_a_double_free() {
    let cd = open("UTF-16LE", "UTF-8");
    assert_eq!(call(cd, b"ab", 8), (0, 0, 2, b"a\0b\0".to_vec()));
    assert_eq!(close(cd), (0, 0));
    assert_eq!(close(cd), (-1, libc::EBADF));
    assert_eq!(close(cd), (-1, libc::EBADF));
}

#[test]
fn converting_on_a_closed_handle_is_ebadf() {
    let cd = open("ASCII", "UTF-8");
    assert_eq!(close(cd), (0, 0));
    assert_eq!(call(cd, b"ab", 8), (usize::MAX, libc::EBADF, 0, Vec::new()));
    // The reset call too: it would write into the descriptor.
    // SAFETY: any handle value is accepted; NULL input is the reset call.
    let r = unsafe { utf8x_iconv(cd, null_mut(), null_mut(), null_mut(), null_mut()) };
    assert_eq!((r, errno()), (usize::MAX, libc::EBADF));
}

#[test]
fn handles_never_opened_are_ebadf() {
    // Memory that is not a descriptor: the registry refuses it without reading it.
    let mut not_a_handle = [0u64; 8];
    let fake: utf8x_iconv_t = not_a_handle.as_mut_ptr().cast();
    for cd in [fake, null_mut(), usize::MAX as utf8x_iconv_t] {
        assert_eq!(call(cd, b"ab", 8), (usize::MAX, libc::EBADF, 0, Vec::new()));
        assert_eq!(close(cd), (-1, libc::EBADF));
    }
}

#[test]
fn racing_closes_free_once() {
    for _ in 0..200 {
        let cd = open("UTF-8", "LATIN1").addr();
        let closes: Vec<(i32, i32)> = std::thread::scope(|s| {
            let threads: Vec<_> = (0..4)
                .map(|_| s.spawn(move || close(cd as utf8x_iconv_t)))
                .collect();
            threads.into_iter().map(|t| t.join().unwrap()).collect()
        });
        assert_eq!(closes.iter().filter(|c| **c == (0, 0)).count(), 1);
        assert_eq!(
            closes.iter().filter(|c| **c == (-1, libc::EBADF)).count(),
            3
        );
    }
}

#[test]
fn doubled_utf16_bom_is_one_bom_and_one_character_after_e2big() {
    let input = b"\xfe\xff\xfe\xff\x00\x41";
    // One call: the BOM is consumed, the second U+FEFF is a character ASCII cannot hold.
    let cd = open("ASCII", "UTF-16");
    assert_eq!(
        call(cd, input, 16),
        (usize::MAX, libc::EILSEQ, 2, Vec::new())
    );
    assert_eq!(close(cd), (0, 0));
    // No output space: E2BIG right after the BOM; resuming stops at the same U+FEFF.
    let cd = open("ASCII", "UTF-16");
    assert_eq!(call(cd, input, 0), (usize::MAX, libc::E2BIG, 2, Vec::new()));
    assert_eq!(
        call(cd, &input[2..], 16),
        (usize::MAX, libc::EILSEQ, 0, Vec::new())
    );
    assert_eq!(close(cd), (0, 0));
    // The same with UTF-32.
    let input = b"\0\0\xfe\xff\0\0\xfe\xff\0\0\0\x41";
    let cd = open("ASCII", "UTF-32");
    assert_eq!(
        call(cd, input, 16),
        (usize::MAX, libc::EILSEQ, 4, Vec::new())
    );
    assert_eq!(close(cd), (0, 0));
    let cd = open("ASCII", "UTF-32");
    assert_eq!(call(cd, input, 0), (usize::MAX, libc::E2BIG, 4, Vec::new()));
    assert_eq!(
        call(cd, &input[4..], 16),
        (usize::MAX, libc::EILSEQ, 0, Vec::new())
    );
    assert_eq!(close(cd), (0, 0));
}

#[test]
fn reset_makes_the_next_bom_a_bom_again() {
    let mut cd = Iconv::open("UTF-8", "UTF-16").unwrap();
    let mut out = [0u8; 16];
    let o = cd.convert(b"\xfe\xff\x00\x41", &mut out);
    assert_eq!((o.read, o.written, o.result), (4, 1, Ok(0)));
    // Same state: a U+FEFF is a character now.
    let o = cd.convert(b"\xfe\xff", &mut out);
    assert_eq!((o.read, &out[..o.written]), (2, "\u{feff}".as_bytes()));
    cd.reset();
    let o = cd.convert(b"\xfe\xff\x00\x41", &mut out);
    assert_eq!((o.read, &out[..o.written]), (4, &b"A"[..]));
}

/// What a whole conversion produced: output, input consumed, and how it ended (the count of
/// irreversible conversions left out: glibc's contract loses those of calls that fail).
type Run = (Vec<u8>, usize, Result<(), IconvError>);

/// Converts `input` with output buffers of `cap` bytes, calling again after each E2BIG with the
/// rest of the input, as iconv(3) callers do. `None` when a buffer of `cap` bytes cannot take the
/// next character (E2BIG without progress).
fn resumed(to: &str, from: &str, input: &[u8], cap: usize) -> Option<Run> {
    let mut cd = Iconv::open(to, from).unwrap();
    let (mut out, mut read) = (Vec::new(), 0);
    loop {
        let mut buf = vec![0u8; cap];
        let o = cd.convert(&input[read..], &mut buf);
        read += o.read;
        out.extend_from_slice(&buf[..o.written]);
        match o.result {
            Err(IconvError::OutputFull) if o.read == 0 && o.written == 0 => return None,
            Err(IconvError::OutputFull) => {}
            result => return Some((out, read, result.map(|_| ()))),
        }
    }
}

#[test]
fn resuming_after_e2big_gives_what_one_call_gives_with_a_bom() {
    let bodies16: &[&[u16]] = &[
        &[],
        &[0x41],
        &[0xFEFF, 0x41],
        &[0xFFFE, 0x41],
        &[0xFEFF, 0xFEFF],
        &[0xE9, 0x20AC, 0xD83D, 0xDE00, 0x7A],
        &[0x41, 0xDC00, 0x42],
        &[0xFEFF, 0xD800],
    ];
    let mut inputs = Vec::new();
    for body in bodies16 {
        for be in [true, false] {
            let units = std::iter::once(0xFEFF).chain(body.iter().copied());
            let bytes: Vec<u8> = units
                .flat_map(|u| if be { u.to_be_bytes() } else { u.to_le_bytes() })
                .collect();
            inputs.push(("UTF-16", bytes));
            let units32 = std::iter::once(0xFEFFu32).chain(body.iter().map(|&u| u as u32));
            let bytes: Vec<u8> = units32
                .flat_map(|u| if be { u.to_be_bytes() } else { u.to_le_bytes() })
                .collect();
            inputs.push(("UTF-32", bytes));
        }
    }
    for (from, input) in &inputs {
        for to in [
            "ASCII", "LATIN1", "UTF-8", "UTF-16", "UTF-16BE", "UTF-32", "UCS-2",
        ] {
            for flag in ["", "//TRANSLIT"] {
                let to = format!("{to}{flag}");
                let whole = resumed(&to, from, input, 1 << 10).unwrap();
                for cap in 0..=whole.0.len() + 4 {
                    match resumed(&to, from, input, cap) {
                        Some(run) => {
                            assert_eq!(run, whole, "{from} {input:02x?} -> {to}, {cap}-byte output")
                        }
                        // No character of these charsets takes more than 4 bytes, nor a BOM.
                        None => assert!(cap < 4, "{from} {input:02x?} -> {to} stuck at {cap}"),
                    }
                }
            }
        }
    }
}
