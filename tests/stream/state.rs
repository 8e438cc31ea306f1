//! What a stream can be built for, and its state as the four words C callers store.

use utf8x::{Encoding, Policy, Stream};

#[test]
fn words_round_trip() {
    let mut s = Stream::new(Encoding::Utf8, Encoding::Utf16Le, Policy::Replace).unwrap();
    let mut out = [0u16; 4];
    let o = s.convert(b"ab\xF0\x9F".as_slice(), Some(&mut out[..]), false);
    assert_eq!((o.read, o.written, s.pending()), (4, 2, 2));
    assert_eq!(Stream::from_words(s.to_words()), Some(s));
    assert_eq!(Stream::from_words([0; 4]), None);
}

#[test]
fn every_pair_but_escape_into_8_bit() {
    use Encoding::*;
    assert!(Stream::new(Utf8, Utf8, Policy::Strict).is_some());
    assert!(Stream::new(Utf16Le, Utf32, Policy::Strict).is_some());
    assert!(Stream::new(Utf8, Latin1, Policy::Escape).is_none());
    assert!(Stream::new(Utf8, Cp1252, Policy::Escape).is_none());
    assert!(Stream::new(Latin1, Utf8, Policy::Escape).is_some());
}

#[test]
fn five_carried_bytes_round_trip() {
    let mut s = Stream::new(Encoding::Cesu8, Encoding::Utf8, Policy::Strict).unwrap();
    let mut out = [0u8; 8];
    let o = s.convert(
        b"\xed\xa0\x80\xed\xb0".as_slice(),
        Some(&mut out[..]),
        false,
    );
    assert_eq!((o.read, o.written, s.pending()), (5, 0, 5));
    assert_eq!(Stream::from_words(s.to_words()), Some(s));
    let r = s.convert(b"\x80".as_slice(), Some(&mut out[..]), true);
    assert!(r.is_ok());
    assert_eq!(&out[..r.written], "\u{10000}".as_bytes());
}
