//! Every documented difference between utf8x_iconv and glibc's iconv, asserted on both sides:
//! if glibc changes, these tests say which sentence of the documentation to revisit.
#![cfg(all(target_os = "linux", target_env = "gnu"))]

use crate::support::iconv::{Call, Handle, Side, Side::Glibc, Side::Utf8x};

/// (return value or -1, errno name, bytes consumed, output) of one call, on a fresh descriptor
/// unless `cd` is given.
type Result = (isize, &'static str, usize, Vec<u8>);

fn errno_name(e: i32) -> &'static str {
    match e {
        libc::E2BIG => "E2BIG",
        libc::EILSEQ => "EILSEQ",
        libc::EINVAL => "EINVAL",
        _ => "other",
    }
}

/// The tuple of one call.
fn result(c: Call) -> Result {
    let name = if c.ret == usize::MAX {
        errno_name(c.errno)
    } else {
        ""
    };
    (c.ret as isize, name, c.read, c.out)
}

/// One call on `cd` (`None` input: the reset call with NULL everywhere).
fn call(cd: &mut Handle, input: Option<&[u8]>) -> Result {
    let Some(input) = input else {
        return (cd.reset() as isize, "", 0, Vec::new());
    };
    call_with(cd, input, input.len() * 8 + 64)
}

/// One call on `cd` with `cap` bytes of output space.
fn call_with(cd: &mut Handle, input: &[u8], cap: usize) -> Result {
    result(cd.call(Some(input), cap))
}

fn once(side: Side, to: &str, from: &str, input: &[u8]) -> Result {
    let mut cd = Handle::open(side, to, from).expect("open");
    call(&mut cd, Some(input))
}

/// glibc's UTF-8 decoder accepts the RFC 2279 forms of 0x110000..0x7FFFFFFF (4 to 6 bytes) and
/// copies them to UTF-8, UCS-4 and WCHAR_T output; RFC 3629 forbids them and utf8x reports
/// EILSEQ at their first byte for every target.
#[test]
fn utf8_above_u10ffff() {
    for seq in [
        &b"\xf4\x90\x80\x80"[..],
        b"\xf5\x80\x80\x80",
        b"\xf7\xbf\xbf\xbf",
        b"\xf8\x88\x80\x80\x80",
        b"\xfd\xbf\xbf\xbf\xbf\xbf",
    ] {
        let input = [b"a", seq, b"b"].concat();
        for to in ["UTF-8", "UCS-4", "WCHAR_T"] {
            let g = once(Glibc, to, "UTF-8", &input);
            assert_eq!((g.0, g.2), (0, input.len()), "glibc {to} {seq:02x?}");
            let u = once(Utf8x, to, "UTF-8", &input);
            assert_eq!((u.0, u.1, u.2), (-1, "EILSEQ", 1), "utf8x {to} {seq:02x?}");
        }
        let u = once(Utf8x, "UTF-8", "UTF-8", &input);
        assert_eq!(u, (-1, "EILSEQ", 1, b"a".to_vec()));
        let u = once(Utf8x, "UTF-8//IGNORE", "UTF-8", &input);
        assert_eq!(u, (-1, "EILSEQ", input.len(), b"ab".to_vec()));
    }
}

/// UCS-4 / UCS-4LE / WCHAR_T input: glibc passes values above 0x10FFFF (and, to UCS-4 targets,
/// surrogates) through; utf8x accepts Unicode scalar values only.
#[test]
fn ucs4_outside_unicode() {
    let above = 0x0011_0000u32.to_be_bytes();
    assert_eq!(
        once(Glibc, "UTF-8", "UCS-4", &above),
        (0, "", 4, b"\xf4\x90\x80\x80".to_vec())
    );
    assert_eq!(
        once(Utf8x, "UTF-8", "UCS-4", &above),
        (-1, "EILSEQ", 0, vec![])
    );
    let big = 0x7FFF_FFFFu32.to_le_bytes();
    assert_eq!(
        once(Glibc, "UTF-8", "WCHAR_T", &big).3,
        b"\xfd\xbf\xbf\xbf\xbf\xbf"
    );
    assert_eq!(
        once(Utf8x, "UTF-8", "WCHAR_T", &big),
        (-1, "EILSEQ", 0, vec![])
    );
    let surrogate = 0xD800u32.to_be_bytes();
    assert_eq!(
        once(Glibc, "UCS-4", "UCS-4", &surrogate),
        (0, "", 4, surrogate.to_vec())
    );
    assert_eq!(
        once(Utf8x, "UCS-4", "UCS-4", &surrogate),
        (-1, "EILSEQ", 0, vec![])
    );
    assert_eq!(once(Glibc, "UTF-8", "UCS-4", &surrogate).1, "EILSEQ");
}

/// At the end of the input, glibc calls a lead byte followed by too few continuation bytes
/// incomplete (EINVAL) even when RFC 3629 rules the bytes out already (`E0 80`, `ED A0`,
/// `F0 80`, `F4 90`, `F5`...`FD`); utf8x reports EILSEQ there, at the same offset, since no more
/// input can make them valid. Fed more bytes, glibc reports EILSEQ at that offset too.
#[test]
fn impossible_tails() {
    for tail in [
        &b"\xe0\x80"[..],
        b"\xed\xa0",
        b"\xf0\x80",
        b"\xf0\x8f\xbf",
        b"\xf5",
        b"\xf8\x88",
        b"\xfc",
    ] {
        let input = [b"ab", tail].concat();
        assert_eq!(
            once(Glibc, "UTF-16LE", "UTF-8", &input),
            (-1, "EINVAL", 2, b"a\0b\0".to_vec())
        );
        assert_eq!(
            once(Utf8x, "UTF-16LE", "UTF-8", &input),
            (-1, "EILSEQ", 2, b"a\0b\0".to_vec())
        );
    }
    // Valid prefixes stay EINVAL on both.
    for tail in [&b"\xe0\xa0"[..], b"\xf0\x90\x80", b"\xf4\x8f", b"\xc2"] {
        let input = [b"ab", tail].concat();
        assert_eq!(
            once(Glibc, "UTF-16LE", "UTF-8", &input),
            once(Utf8x, "UTF-16LE", "UTF-8", &input)
        );
    }
}

/// //TRANSLIT: glibc transliterates with the locale's tables (in the C locale: `€` → `EUR`,
/// `©` → `(C)`, `«` → `<<`, Cyrillic → Latin, U+FEFF → nothing) and writes `?` only for what
/// they lack; utf8x has no locale and writes one `?` for every character the target cannot hold.
/// Both count one irreversible conversion per character.
#[test]
fn translit_tables() {
    let input = "a€©«жb".as_bytes();
    assert_eq!(
        once(Glibc, "ASCII//TRANSLIT", "UTF-8", input),
        (4, "", input.len(), b"aEUR(C)<<zhb".to_vec())
    );
    assert_eq!(
        once(Utf8x, "ASCII//TRANSLIT", "UTF-8", input),
        (4, "", input.len(), b"a????b".to_vec())
    );
    let same = "a中😀".as_bytes();
    assert_eq!(
        once(Glibc, "LATIN1//TRANSLIT", "UTF-8", same),
        once(Utf8x, "LATIN1//TRANSLIT", "UTF-8", same)
    );
}

/// Resetting a UTF-16 decoder (`iconv(cd, NULL, NULL, NULL, NULL)`): glibc keeps the byte order
/// the previous stream's BOM chose (a BOM in the machine's order no longer switches back), so a
/// new little-endian stream after a big-endian one decodes byte-swapped; utf8x returns to the
/// initial state: the new stream's BOM decides, none means the machine's order.
#[test]
fn reset_forgets_byte_order() {
    fn run(side: Side) -> Vec<Result> {
        let mut cd = Handle::open(side, "UTF-8", "UTF-16").unwrap();
        let r = vec![
            call(&mut cd, Some(b"\xfe\xff\x00a")),
            call(&mut cd, None),
            call(&mut cd, Some(b"\xff\xfeb\x00")),
            call(&mut cd, None),
            call(&mut cd, Some(b"c\x00")),
        ];
        drop(cd);
        r
    }
    let g = run(Glibc);
    let u = run(Utf8x);
    assert_eq!(
        (g[0].3.as_slice(), u[0].3.as_slice()),
        (&b"a"[..], &b"a"[..])
    );
    assert_eq!(
        g[2].3,
        "\u{6200}".as_bytes(),
        "glibc reads the LE stream as BE"
    );
    assert_eq!(u[2].3, b"b");
    assert_eq!(g[4].3, "\u{6300}".as_bytes());
    assert_eq!(u[4].3, b"c");
}

/// A UTF-16 BOM followed by U+FEFF, to ASCII: in one call both stop with EILSEQ at that U+FEFF.
/// When the first call has no output space (E2BIG right after the BOM), glibc's decoder looks for
/// a BOM again on the next call and drops the U+FEFF as one; utf8x reads the BOM once per
/// conversion state, so the resumed conversion stops where one call does.
#[test]
fn resumed_utf16_reads_one_bom() {
    const INPUT: &[u8] = b"\xfe\xff\xfe\xff\x00\x41";
    fn run(side: Side) -> (Result, Result) {
        let mut cd = Handle::open(side, "ASCII", "UTF-16").unwrap();
        let first = call_with(&mut cd, INPUT, 0);
        let second = call(&mut cd, Some(&INPUT[first.2..]));
        drop(cd);
        (first, second)
    }
    for one_call in [
        once(Glibc, "ASCII", "UTF-16", INPUT),
        once(Utf8x, "ASCII", "UTF-16", INPUT),
    ] {
        assert_eq!(one_call, (-1, "EILSEQ", 2, Vec::new()));
    }
    let full = (-1, "E2BIG", 2, Vec::new());
    assert_eq!(run(Glibc), (full.clone(), (0, "", 4, b"A".to_vec())));
    assert_eq!(run(Utf8x), (full, (-1, "EILSEQ", 0, Vec::new())));
}

/// glibc has no WCHAR_T → WCHAR_T conversion (iconv_open fails); utf8x opens it and validates.
#[test]
fn wchar_to_wchar() {
    assert!(Handle::open(Glibc, "WCHAR_T", "WCHAR_T").is_none());
    let input = [0x61u32.to_ne_bytes(), 0xD800u32.to_ne_bytes()].concat();
    assert_eq!(
        once(Utf8x, "WCHAR_T", "WCHAR_T", &input),
        (-1, "EILSEQ", 4, 0x61u32.to_ne_bytes().to_vec())
    );
}

/// The empty name means the locale's charset to glibc; utf8x reads no locale and refuses it
/// (the preload library hands such descriptors to glibc).
#[test]
fn empty_name_is_the_locale_charset_in_glibc_only() {
    assert!(Handle::open(Glibc, "", "UTF-8").is_some());
    assert!(Handle::open(Utf8x, "", "UTF-8").is_none());
    assert!(Handle::open(Utf8x, "UTF-8", "").is_none());
}

/// //IGNORE: a call that skipped anything returns -1 with EILSEQ. glibc forgets a skip made in
/// an earlier internal round (its pipeline works in rounds of about 8 K characters), so on long
/// inputs it may return success after skipping; utf8x always reports it.
#[test]
fn ignore_on_long_inputs() {
    let input = [&b"a\x80"[..], &b"b".repeat(20_000)].concat();
    assert_eq!(once(Glibc, "UTF-16LE//IGNORE", "UTF-8", &input).0, 0);
    let u = once(Utf8x, "UTF-16LE//IGNORE", "UTF-8", &input);
    assert_eq!(
        (u.0, u.1, u.2, u.3.len()),
        (-1, "EILSEQ", input.len(), 2 * 20_001)
    );
    let short = [&b"a\x80"[..], &b"b".repeat(100)].concat();
    assert_eq!(
        once(Glibc, "UTF-16LE//IGNORE", "UTF-8", &short),
        once(Utf8x, "UTF-16LE//IGNORE", "UTF-8", &short)
    );
}
