//! utf8x's iconv beyond what glibc comparisons cover: the safe Rust API, argument checks of
//! the C entry points, and the guarantee of never writing past the output space.

use std::ffi::{CString, c_char};
use std::ptr::null_mut;

use utf8x::ffi::{utf8x_iconv, utf8x_iconv_close, utf8x_iconv_open, utf8x_iconv_t};
use utf8x::iconv::{Charset, Iconv, IconvError, IconvOutcome};

fn errno() -> i32 {
    std::io::Error::last_os_error().raw_os_error().unwrap_or(0)
}

fn open(to: &str, from: &str) -> utf8x_iconv_t {
    let (t, f) = (CString::new(to).unwrap(), CString::new(from).unwrap());
    // SAFETY: valid strings.
    unsafe { utf8x_iconv_open(t.as_ptr(), f.as_ptr()) }
}

#[test]
fn rust_api_converts_and_reports() {
    let mut cd = Iconv::open("utf-16le//translit", "UTF8").unwrap();
    assert_eq!(
        (cd.from_charset(), cd.to_charset()),
        (Charset::Utf8, Charset::Utf16Le)
    );
    let mut out = [0u8; 16];
    let o = cd.convert("aé😀".as_bytes(), &mut out);
    assert_eq!(
        o,
        IconvOutcome {
            read: 7,
            written: 8,
            result: Ok(0)
        }
    );
    assert_eq!(&out[..8], b"a\0\xe9\0\x3d\xd8\x00\xde");
    let o = cd.convert(b"a\xe2\x82", &mut out);
    assert_eq!(
        o,
        IconvOutcome {
            read: 1,
            written: 2,
            result: Err(IconvError::Incomplete)
        }
    );
    let o = cd.convert(b"a\xffb", &mut out);
    assert_eq!(
        o,
        IconvOutcome {
            read: 1,
            written: 2,
            result: Err(IconvError::Invalid)
        }
    );
    let o = cd.convert("😀".as_bytes(), &mut out[..3]);
    assert_eq!(
        o,
        IconvOutcome {
            read: 0,
            written: 0,
            result: Err(IconvError::OutputFull)
        }
    );
    let mut latin = Iconv::open("LATIN1//TRANSLIT", "UTF-8").unwrap();
    let o = latin.convert("é中z".as_bytes(), &mut out);
    assert_eq!((o.result, &out[..o.written]), (Ok(1), &b"\xe9?z"[..]));
    assert!(Iconv::open("KOI8-R", "UTF-8").is_none());
}

#[test]
fn names_and_aliases() {
    for cs in Charset::all() {
        assert_eq!(Charset::from_name(cs.name()), Some(cs));
        for alias in cs.aliases() {
            assert_eq!(
                Charset::from_name(&alias.to_lowercase()),
                Some(cs),
                "{alias}"
            );
        }
    }
    assert_eq!(Charset::from_name("utf-16"), Some(Charset::Utf16));
    assert_eq!(Charset::from_name("UCS-4BE"), Some(Charset::Ucs4));
    assert_eq!(Charset::from_name("UTF-7"), None);
}

/// UTF-16 output: the BOM comes once, before the first character, and again after a reset.
#[test]
fn bom_once_and_after_reset() {
    let mut cd = Iconv::new(Charset::Utf16, Charset::Utf8, false, false);
    let mut out = [0u8; 8];
    assert_eq!(cd.convert(b"", &mut out).written, 0);
    let o = cd.convert(b"a", &mut out);
    assert_eq!(&out[..o.written], b"\xff\xfea\0");
    let o = cd.convert(b"b", &mut out);
    assert_eq!(&out[..o.written], b"b\0");
    assert_eq!(cd.flush(&mut out).written, 0);
    let o = cd.convert(b"c", &mut out);
    assert_eq!(&out[..o.written], b"\xff\xfec\0");
}

#[test]
fn c_argument_checks() {
    // SAFETY: NULL and -1 handles are rejected before use; NULL names likewise.
    unsafe {
        assert_eq!(
            utf8x_iconv(null_mut(), null_mut(), null_mut(), null_mut(), null_mut()),
            usize::MAX
        );
        assert_eq!(errno(), libc::EBADF);
        assert_eq!(utf8x_iconv_close(usize::MAX as utf8x_iconv_t), -1);
        assert_eq!(errno(), libc::EBADF);
        let cd = utf8x_iconv_open(std::ptr::null(), c"UTF-8".as_ptr());
        assert_eq!((cd as isize, errno()), (-1, libc::EINVAL));
    }
    let cd = open("UTF-16LE", "UTF-8");
    let mut input = *b"abc";
    let mut ip = input.as_mut_ptr().cast::<c_char>();
    let mut out = [0u8; 8];
    let mut op = out.as_mut_ptr().cast::<c_char>();
    let mut ol = out.len();
    // SAFETY: valid pointers except the ones being tested (NULL), which are rejected.
    unsafe {
        assert_eq!(
            utf8x_iconv(cd, &mut ip, null_mut(), &mut op, &mut ol),
            usize::MAX
        );
        assert_eq!(errno(), libc::EFAULT);
        let mut il = input.len();
        assert_eq!(
            utf8x_iconv(cd, &mut ip, &mut il, null_mut(), &mut ol),
            usize::MAX
        );
        assert_eq!((errno(), il), (libc::EFAULT, 3));
        // Overlapping buffers are refused, nothing consumed.
        let mut both = [b'a'; 8];
        let mut bi = both.as_mut_ptr().cast::<c_char>();
        let mut bo = both.as_mut_ptr().add(2).cast::<c_char>();
        let (mut bil, mut bol) = (4, 4);
        assert_eq!(
            utf8x_iconv(cd, &mut bi, &mut bil, &mut bo, &mut bol),
            usize::MAX
        );
        assert_eq!((errno(), bil, bol), (libc::EFAULT, 4, 4));
        // NULL *inbuf resets; with an output buffer nothing is written.
        let mut nul: *mut c_char = null_mut();
        assert_eq!(utf8x_iconv(cd, &mut nul, null_mut(), &mut op, &mut ol), 0);
        assert_eq!(ol, out.len());
        assert_eq!(utf8x_iconv(cd, &mut ip, &mut il, &mut op, &mut ol), 0);
        assert_eq!((il, ol, &out[..6]), (0, 2, &b"a\0b\0c\0"[..]));
        assert_eq!(utf8x_iconv_close(cd), 0);
    }
}

/// Never a byte written past `*outbytesleft`, whatever the capacity: canaries after the space.
#[test]
fn never_writes_past_the_output() {
    let input = [&"aé€😀".repeat(8).into_bytes()[..], b"\xff", b"\xe2\x82"].concat();
    for to in [
        "UTF-8",
        "UTF-16",
        "UTF-16BE",
        "UCS-2//TRANSLIT",
        "UTF-32",
        "ASCII//TRANSLIT//IGNORE",
    ] {
        for cap in 0..40 {
            let cd = open(to, "UTF-8");
            let mut inb = input.clone();
            let mut out = vec![0xA5u8; cap + 16];
            let mut ip = inb.as_mut_ptr().cast::<c_char>();
            let mut il = inb.len();
            let mut op = out.as_mut_ptr().cast::<c_char>();
            let mut ol = cap;
            for _ in 0..200 {
                // SAFETY: valid buffers; `ol` never exceeds the real space.
                let r = unsafe { utf8x_iconv(cd, &mut ip, &mut il, &mut op, &mut ol) };
                if r != usize::MAX || errno() != libc::E2BIG || ol == cap {
                    break;
                }
                op = out.as_mut_ptr().cast::<c_char>();
                ol = cap;
            }
            assert!(out[cap..].iter().all(|&b| b == 0xA5), "{to} cap {cap}");
            // SAFETY: open handle.
            assert_eq!(unsafe { utf8x_iconv_close(cd) }, 0);
        }
    }
}
