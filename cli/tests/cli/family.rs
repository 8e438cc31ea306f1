//! `utf8x convert` with the forms beyond UTF-8, UTF-16, UTF-32 and Latin-1 (CESU-8, modified
//! UTF-8, WTF-8, RFC 2279, Windows-1252), the fallback policy end to end, and `utf8x detect`.

use crate::{file, scratch, utf8x};

fn convert(from: &str, to: &str, input: &[u8]) -> Vec<u8> {
    utf8x(&["convert", "-f", from, "-t", to, "-"], input).ok()
}

#[test]
fn cesu8_round_trip() {
    let text = "a\u{e9}\u{4e2d}\u{1F600}z";
    // U+1F600 is D83D DE00: two 3-byte surrogates.
    let cesu = b"a\xc3\xa9\xe4\xb8\xad\xed\xa0\xbd\xed\xb8\x80z";
    assert_eq!(convert("utf-8", "cesu-8", text.as_bytes()), cesu);
    assert_eq!(convert("CESU8", "utf8", cesu), text.as_bytes());
    // Through UTF-16, a direct pair with no UTF-8 pivot.
    let wide = convert("cesu-8", "utf-16le", cesu);
    assert_eq!(convert("utf-16le", "cesu-8", &wide), cesu);
    // A 4-byte sequence is not CESU-8.
    utf8x(
        &["convert", "-f", "cesu-8", "-t", "utf-8", "-"],
        b"ab\xf0\x9f\x98\x80",
    )
    .fails(
        1,
        "utf8x: -: invalid CESU-8 at byte offset 2: 4-byte sequence where supplementary characters must be surrogate pairs\n",
    );
}

#[test]
fn mutf8_with_embedded_nul() {
    let java = b"a\xc0\x80b\xed\xa0\xbd\xed\xb8\x80";
    for name in ["mutf-8", "java", "modified-utf-8"] {
        assert_eq!(convert("utf-8", name, "a\0b\u{1F600}".as_bytes()), java);
        assert_eq!(convert(name, "utf-8", java), "a\0b\u{1F600}".as_bytes());
    }
    // A raw NUL is ill-formed in modified UTF-8.
    let run = utf8x(&["convert", "-f", "mutf-8", "-t", "utf-8", "-"], b"ab\0");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .starts_with("utf8x: -: invalid MUTF-8 at byte offset 2:"),
        "{}",
        run.stderr
    );
}

#[test]
fn wtf8_from_ill_formed_utf16() {
    // "a", a lone high surrogate, "b": not UTF-16, but WTF-8 holds it and gives it back.
    let utf16 = b"a\x00\x00\xd8b\x00";
    let wtf8 = convert("utf-16le", "wtf-8", utf16);
    assert_eq!(wtf8, b"a\xed\xa0\x80b");
    assert_eq!(convert("wtf-8", "utf-16le", &wtf8), utf16);
    // UTF-8 has no room for it.
    let run = utf8x(&["convert", "-f", "wtf-8", "-t", "utf-8", "-"], &wtf8);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("at byte offset 1"), "{}", run.stderr);
}

#[test]
fn windows_1252_to_utf8() {
    let cp1252 = b"\x80 \x93quoted\x94 caf\xe9 \x81";
    // 81 is one of the five bytes Windows leaves undefined: the C1 control of the same value.
    let text = "\u{20AC} \u{201C}quoted\u{201D} caf\u{e9} \u{81}";
    for name in ["windows-1252", "CP1252", "ms-ansi"] {
        assert_eq!(convert(name, "utf-8", cp1252), text.as_bytes());
        assert_eq!(convert("utf-8", name, text.as_bytes()), cp1252);
    }
    utf8x(
        &["convert", "-f", "utf-8", "-t", "cp1252", "-"],
        "a\u{4e2d}".as_bytes(),
    )
    .fails(
        1,
        "utf8x: -: cannot convert U+4E2D at byte offset 1 to WINDOWS-1252: \
         character not representable in the target encoding\n",
    );
    let replaced = utf8x(
        &[
            "convert", "-f", "utf-8", "-t", "cp1252", "-p", "replace", "-",
        ],
        "a\u{4e2d}".as_bytes(),
    )
    .ok();
    assert_eq!(replaced, b"a?");
}

#[test]
fn rfc2279_beyond_unicode() {
    // 0x7FFFFFFF, the largest RFC 2279 value, survives RFC 2279 to RFC 2279 but not UTF-8.
    let big = b"a\xfd\xbf\xbf\xbf\xbf\xbf";
    assert_eq!(convert("rfc2279", "rfc2279", big), big);
    assert_eq!(
        convert("utf-8", "rfc2279", "a\u{e9}".as_bytes()),
        "a\u{e9}".as_bytes()
    );
    assert_eq!(
        utf8x(&["convert", "-f", "rfc2279", "-t", "utf-8", "-"], big).code,
        1
    );
}

#[test]
fn fallback_policy_end_to_end() {
    // Bad UTF-8 bytes become their Windows-1252 characters, in every target that holds them.
    let input = b"caf\xe9 \x80 ok";
    let want = "caf\u{e9} \u{20AC} ok";
    assert_eq!(
        utf8x(
            &[
                "convert", "-f", "utf-8", "-t", "utf-8", "-p", "fallback", "-"
            ],
            input
        )
        .ok(),
        want.as_bytes()
    );
    let wide = utf8x(
        &[
            "convert", "-f", "utf-8", "-t", "utf-16le", "-p", "fallback", "-",
        ],
        input,
    )
    .ok();
    let expect: Vec<u8> = want.encode_utf16().flat_map(u16::to_le_bytes).collect();
    assert_eq!(wide, expect);
    assert_eq!(
        utf8x(
            &[
                "convert", "-f", "utf-8", "-t", "cp1252", "-p", "fallback", "-"
            ],
            input
        )
        .ok(),
        b"caf\xe9 \x80 ok"
    );
}

#[test]
fn detect_prints_encoding_and_bom() {
    let dir = scratch("detect");
    let files = [
        ("bom16.txt", &b"\xff\xfeh\x00i\x00"[..], "UTF-16LE (BOM)"),
        ("bom8.txt", b"\xef\xbb\xbfhi", "UTF-8 (BOM)"),
        (
            "bom32.txt",
            b"\x00\x00\xfe\xff\x00\x00\x00h",
            "UTF-32BE (BOM)",
        ),
        ("plain.txt", "Gr\u{fc}\u{df}e".as_bytes(), "UTF-8"),
        ("wide.txt", b"h\x00e\x00l\x00l\x00o\x00", "UTF-16LE"),
        ("legacy.txt", b"Gr\xfc\xdfe aus K\xf6ln", "WINDOWS-1252"),
        ("empty.txt", b"", "UTF-8"),
    ];
    let mut args = vec!["detect".to_owned()];
    let mut want = String::new();
    for (name, bytes, encoding) in files {
        let shown = file(&dir, name, bytes);
        want.push_str(&format!("{shown}: {encoding}\n"));
        args.push(shown);
    }
    assert_eq!(String::from_utf8(utf8x(&args, b"").ok()).unwrap(), want);
    // No FILE and '-' are standard input.
    assert_eq!(
        utf8x(&["detect"], b"\xfe\xff\x00h").ok(),
        b"-: UTF-16BE (BOM)\n"
    );
    assert_eq!(utf8x(&["detect", "-"], b"plain").ok(), b"-: UTF-8\n");
    // An unreadable file is reported; the others are still detected.
    let run = utf8x(&["detect", "/nonexistent/utf8x", "-"], b"x");
    assert_eq!((run.code, run.stdout.as_slice()), (2, &b"-: UTF-8\n"[..]));
    assert!(run.stderr.contains("/nonexistent/utf8x"), "{}", run.stderr);
}
