//! The worked examples of the README's family section, exactly as printed there, so that the
//! README cannot drift from what the library does. (The independent oracles are in
//! `oracles.rs`; these pin documentation.)

use utf8x::{Encoding, ErrorKind, Outcome, Policy, Status, Unit, convert};

fn run<S: Unit, T: Unit>(src: &[S], from: Encoding, to: Encoding, p: Policy) -> (Vec<T>, Outcome) {
    let mut out = vec![T::default(); 64];
    let o = convert(src, from, Some(&mut out[..]), to, p);
    out.truncate(o.written);
    (out, o)
}

fn bytes(from: Encoding, src: &[u8], to: Encoding, p: Policy) -> (Vec<u8>, Outcome) {
    run::<u8, u8>(src, from, to, p)
}

fn stopped(o: Outcome) -> (Status, usize, usize, ErrorKind) {
    (o.status, o.read, o.error_len, o.error)
}

#[test]
fn readme_examples() {
    use Encoding::*;
    use Policy::*;
    let emoji = "😀".as_bytes();
    assert_eq!(
        bytes(Utf8, emoji, Cesu8, Strict).0,
        b"\xED\xA0\xBD\xED\xB8\x80"
    );
    let (_, o) = bytes(Cesu8, emoji, Utf8, Strict);
    assert_eq!(stopped(o), (Status::Invalid, 0, 1, ErrorKind::FourByteForm));
    let java = b"\x41\xC0\x80\xED\xA0\xBD\xED\xB8\x80";
    assert_eq!(bytes(Utf8, "A\0😀".as_bytes(), Mutf8, Strict).0, java);
    let (out, o) = bytes(Mutf8, b"A\0B", Utf8, Strict);
    assert_eq!(
        (out, stopped(o)),
        (b"A".to_vec(), (Status::Invalid, 1, 1, ErrorKind::NulByte))
    );
    let (wtf, _) = run::<u16, u8>(&[0xD800, 0x41], Utf16, Wtf8, Strict);
    assert_eq!(wtf, b"\xED\xA0\x80\x41");
    assert_eq!(run::<u8, u16>(&wtf, Wtf8, Utf16, Strict).0, [0xD800, 0x41]);
    let (_, o) = bytes(Wtf8, &wtf, Utf8, Strict);
    assert_eq!(
        stopped(o),
        (Status::Unmappable, 0, 3, ErrorKind::Unmappable)
    );
    assert_eq!(bytes(Wtf8, &wtf, Utf8, Replace).0, b"\xEF\xBF\xBD\x41");
    let (_, o) = bytes(Wtf8, b"\xED\xA0\x80\xED\xB0\x80", Utf8, Strict);
    assert_eq!(
        stopped(o),
        (Status::Invalid, 0, 3, ErrorKind::SplitSurrogatePair)
    );
    let max = b"\xFD\xBF\xBF\xBF\xBF\xBF";
    assert_eq!(run::<u8, u32>(max, Rfc2279, Utf32, Strict).0, [0x7FFF_FFFF]);
    let (_, o) = bytes(Rfc2279, max, Utf8, Strict);
    assert_eq!(
        stopped(o),
        (Status::Unmappable, 0, 6, ErrorKind::Unmappable)
    );
    let six = b"\xFC\x84\x80\x80\x80\x80";
    assert_eq!(
        run::<u32, u8>(&[0x0400_0000], Utf32, Rfc2279, Strict).0,
        six
    );
    let (_, o) = bytes(Rfc2279, b"\xFC\x80\x80\x80\x80\xAF", Utf8, Strict);
    assert_eq!(stopped(o), (Status::Invalid, 0, 1, ErrorKind::Overlong));
    let cp = b"\x80 \x93ok\x94";
    assert_eq!(bytes(Cp1252, cp, Utf8, Strict).0, "€ “ok”".as_bytes());
    let (out, o) = bytes(Utf8, b"caf\xE9 \x93ok\x94", Utf8, Fallback);
    assert_eq!((out, o.replaced), ("café “ok”".as_bytes().to_vec(), 3));
}

#[test]
fn readme_security_example_never_climbs_a_directory() {
    let src = b"\x2F\xC0\xAE\x2E\x2F";
    for from in [
        Encoding::Utf8,
        Encoding::Cesu8,
        Encoding::Mutf8,
        Encoding::Wtf8,
        Encoding::Rfc2279,
    ] {
        let (_, o) = bytes(from, src, Encoding::Utf8, Policy::Strict);
        assert_eq!(
            stopped(o),
            (Status::Invalid, 1, 1, ErrorKind::Overlong),
            "{from}"
        );
        let cases: [(Policy, &str); 3] = [
            (Policy::Replace, "/\u{FFFD}\u{FFFD}./"),
            (Policy::Fallback, "/À®./"),
            (Policy::Skip, "/./"),
        ];
        for (p, want) in cases {
            assert_eq!(
                bytes(from, src, Encoding::Utf8, p).0,
                want.as_bytes(),
                "{from} {p:?}"
            );
        }
    }
}
