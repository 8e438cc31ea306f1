//! utf8x's iconv beyond what glibc comparisons cover: the safe Rust API, argument checks of
//! the C entry points, and the guarantee of never writing past the output space.

use std::ffi::{CString, c_char};
use std::ptr::null_mut;

use crate::support::errno::errno;
use utf8x::iconv::{Charset, Iconv, IconvError, IconvOutcome};
use utf8x_ffi::{utf8x_iconv, utf8x_iconv_close, utf8x_iconv_open, utf8x_iconv_t};

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

/// Converts all of `input` through the C API in one call with room to spare.
fn c_convert(to: &str, from: &str, input: &[u8]) -> (usize, i32, Vec<u8>, usize) {
    let cd = open(to, from);
    assert_ne!(cd as isize, -1, "{from} -> {to}");
    let mut inbuf = input.to_vec();
    let mut ip = inbuf.as_mut_ptr().cast::<c_char>();
    let mut inleft = inbuf.len();
    let mut out = vec![0u8; input.len() * 4 + 16];
    let mut op = out.as_mut_ptr().cast::<c_char>();
    let mut outleft = out.len();
    // SAFETY: the pointers and lengths describe live buffers.
    let (r, e) = unsafe {
        let r = utf8x_iconv(cd, &mut ip, &mut inleft, &mut op, &mut outleft);
        let e = errno();
        assert_eq!(utf8x_iconv_close(cd), 0);
        (r, e)
    };
    let written = out.len() - outleft;
    out.truncate(written);
    (
        r,
        if r == usize::MAX { e } else { 0 },
        out,
        input.len() - inleft,
    )
}

/// Each form of the UTF-8 family glibc lacks, and Windows-1252: text in the form, as UTF-8, and
/// an ill-formed input with the offset iconv stops at.
/// (charset, text in it, the same as UTF-8, ill-formed input, offset of its error).
type Case = (
    &'static str,
    &'static [u8],
    &'static str,
    &'static [u8],
    usize,
);

const FAMILY: &[Case] = &[
    (
        "CESU-8",
        b"a\xc3\xa9\xed\xa0\xbd\xed\xb8\x80z",
        "aé😀z",
        // A 4-byte sequence is not CESU-8.
        b"ab\xf0\x9f\x98\x80",
        2,
    ),
    (
        "MUTF-8",
        b"a\xc0\x80\xed\xa0\xbd\xed\xb8\x80z",
        "a\0😀z",
        // A raw NUL is not modified UTF-8.
        b"abc\x00d",
        3,
    ),
    (
        "WTF-8",
        b"a\xc3\xa9\xf0\x9f\x98\x80z",
        "aé😀z",
        // A surrogate pair spelt as two 3-byte halves is not WTF-8.
        b"a\xed\xa0\xbd\xed\xb8\x80",
        1,
    ),
    (
        "RFC2279",
        b"a\xc3\xa9\xf0\x9f\x98\x80z",
        "aé😀z",
        // Overlong.
        b"ab\xc0\xaf",
        2,
    ),
    (
        "WINDOWS-1252",
        b"a\x80\x93\xe9z",
        "a€“éz",
        // Never ill-formed: an unmappable character on the way back is tested instead.
        b"",
        0,
    ),
];

#[test]
fn utf8_family_and_cp1252_round_trip() {
    for &(name, native, text, _, _) in FAMILY {
        let (r, e, out, read) = c_convert("UTF-8", name, native);
        assert_eq!((r, e, read), (0, 0, native.len()), "{name} -> UTF-8");
        assert_eq!(out, text.as_bytes(), "{name} -> UTF-8");
        let (r, e, back, _) = c_convert(name, "UTF-8", text.as_bytes());
        assert_eq!((r, e), (0, 0), "UTF-8 -> {name}");
        assert_eq!(back, native, "UTF-8 -> {name}");
        // Through UTF-16 and back, which takes the engine's generic paths on both sides.
        let (_, _, wide, _) = c_convert("UTF-16LE", name, native);
        let (r, _, again, _) = c_convert(name, "UTF-16LE", &wide);
        assert_eq!((r, again.as_slice()), (0, native), "{name} via UTF-16LE");
    }
}

#[test]
fn new_charset_names_open() {
    for (name, cs) in [
        ("cesu-8", Charset::Cesu8),
        ("CESU8", Charset::Cesu8),
        ("MUTF-8", Charset::Mutf8),
        ("java", Charset::Mutf8),
        ("Modified-UTF-8", Charset::Mutf8),
        ("WTF-8", Charset::Wtf8),
        ("wtf8", Charset::Wtf8),
        ("RFC2279", Charset::Rfc2279),
        ("windows-1252", Charset::Cp1252),
        ("CP1252", Charset::Cp1252),
        ("MS-ANSI", Charset::Cp1252),
        ("UTF-32LE", Charset::Utf32Le),
        ("UTF-32BE", Charset::Utf32Be),
    ] {
        assert_eq!(Charset::from_name(name), Some(cs), "{name}");
        let cd = Iconv::open(&format!("{name}//IGNORE"), "UTF-8").unwrap();
        assert_eq!(cd.to_charset(), cs);
    }
    assert_eq!(
        utf8x::iconv::encoding_from_name("java"),
        Some(utf8x::Encoding::Mutf8)
    );
    assert_eq!(
        utf8x::iconv::encoding_from_name("UTF-16"),
        Some(utf8x::Encoding::Utf16)
    );
    assert_eq!(utf8x::iconv::encoding_from_name("ASCII"), None);
}

#[test]
fn utf8_family_eilseq_offsets() {
    for &(name, _, _, bad, at) in FAMILY {
        if bad.is_empty() {
            continue;
        }
        let (r, e, out, read) = c_convert("UTF-16LE", name, bad);
        assert_eq!((r, e, read), (usize::MAX, libc::EILSEQ, at), "{name}");
        assert_eq!(out.len(), at * 2, "{name}: the ASCII before the error");
    }
    // What the forms cannot hold: U+0000 raw in modified UTF-8 is written as C0 80, a character
    // outside Windows-1252 is EILSEQ, a lone surrogate from WTF-8 reaches WTF-8 only.
    let (r, _, out, _) = c_convert("MUTF-8", "UTF-8", b"a\0b");
    assert_eq!((r, out.as_slice()), (0, &b"a\xc0\x80b"[..]));
    let (r, e, out, read) = c_convert("WINDOWS-1252", "UTF-8", "a€中".as_bytes());
    assert_eq!(
        (r, e, out.as_slice(), read),
        (usize::MAX, libc::EILSEQ, &b"a\x80"[..], 4)
    );
    let (r, _, out, _) = c_convert("WINDOWS-1252//TRANSLIT", "UTF-8", "a中".as_bytes());
    assert_eq!((r, out.as_slice()), (1, &b"a?"[..]));
    let lone = b"x\xed\xa0\x80y";
    let (r, _, out, _) = c_convert("WTF-8", "WTF-8", lone);
    assert_eq!((r, out.as_slice()), (0, &lone[..]));
    let (r, _, out, _) = c_convert("MUTF-8", "WTF-8", lone);
    assert_eq!((r, out.as_slice()), (0, &lone[..]));
    for to in ["UTF-8", "UTF-16LE", "UTF-32BE", "CESU-8", "RFC2279"] {
        let (r, e, _, read) = c_convert(to, "WTF-8", lone);
        assert_eq!((r, e, read), (usize::MAX, libc::EILSEQ, 1), "WTF-8 -> {to}");
    }
    // A 31-bit RFC 2279 value fits RFC 2279 output only.
    let big = b"\xfd\xbf\xbf\xbf\xbf\xbf";
    let (r, _, out, _) = c_convert("RFC2279", "RFC2279", big);
    assert_eq!((r, out.as_slice()), (0, &big[..]));
    for to in ["UTF-8", "UTF-16BE", "UTF-32LE", "WTF-8"] {
        let (r, e, _, read) = c_convert(to, "RFC2279", big);
        assert_eq!(
            (r, e, read),
            (usize::MAX, libc::EILSEQ, 0),
            "RFC2279 -> {to}"
        );
    }
    // Under //IGNORE the bad part is dropped and the call still reports EILSEQ at its end.
    let mut cd = Iconv::open("UTF-8//IGNORE", "CESU-8").unwrap();
    let mut out = [0u8; 16];
    let o = cd.convert(b"a\xf0\x9f\x98\x80b", &mut out);
    assert_eq!(
        (o.read, &out[..o.written], o.result),
        (6, &b"ab"[..], Err(IconvError::Invalid))
    );
}

/// E2BIG stops before the character that does not fit; calling again with more room resumes
/// exactly there, for every output size.
#[test]
fn utf8_family_output_full_resumes() {
    for &(name, native, text, _, _) in FAMILY {
        for (to, from, input, want) in [
            ("UTF-8", name, native, text.as_bytes()),
            (name, "UTF-8", text.as_bytes(), native),
        ] {
            for cap in 1..want.len() {
                let mut cd = Iconv::open(to, from).unwrap();
                let mut got = Vec::new();
                let mut at = 0;
                let mut buf = vec![0u8; cap];
                loop {
                    let o = cd.convert(&input[at..], &mut buf);
                    got.extend_from_slice(&buf[..o.written]);
                    at += o.read;
                    match o.result {
                        Ok(_) => break,
                        Err(IconvError::OutputFull) => {
                            assert!(o.read > 0 || buf.len() < 6, "{from} -> {to} stuck");
                            buf = vec![0u8; buf.len() + 1];
                        }
                        Err(e) => panic!("{from} -> {to} cap {cap}: {e:?}"),
                    }
                }
                assert_eq!(got, want, "{from} -> {to} cap {cap}");
                assert_eq!(at, input.len());
            }
        }
    }
}
