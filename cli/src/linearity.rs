//! Tests that the engines' work is linear in their input when a conversion goes on after every
//! unmappable character or invalid byte (`-c`, `-p replace`, `//TRANSLIT` call them again just
//! past it): the work counted (`table::work`: bytes of blocks looked at and of buffers
//! prepared) per byte of input stays below a small constant, however many stops there are.
//! Timing nothing, they count steps.

use crate::codec::{Decoder, Encoded, Encoder, Legacy};
use crate::decoded::Decoded;
use crate::table::WORK;

/// Bytes of input per test: one piece of the conversion through UTF-8 (`via.rs`).
const SIZE: usize = 256 << 10;

/// Work counted per byte of input, at most: with a stop at every byte, each call looks at a
/// first block of 16 bytes a few times (a scan, a decode, output prepared for 3 bytes of UTF-8
/// each: GBK's decoder counts 65 per byte). Whole blocks of 16 KiB per stop counted over 1,000.
const PER_BYTE: u64 = 80;

/// Runs `f`, returning the work it counted.
fn counted(f: impl FnOnce()) -> u64 {
    WORK.with(|w| w.set(0));
    f();
    WORK.with(|w| w.get())
}

/// `text` repeated to about `SIZE` bytes.
fn repeat(text: &str) -> String {
    text.repeat(SIZE / text.len())
}

/// Encodes all of `text` into `name`, going on past each character the target lacks as the
/// conversion does; returns the stops and the work.
fn encode(name: &str, text: &str) -> (usize, u64) {
    let legacy = Legacy::resolve(name).expect("a charset of the system");
    let mut stops = 0;
    let work = counted(|| {
        let mut encoder = Encoder::new(legacy, "").expect("an encoder");
        let (mut out, mut p) = (Vec::new(), 0);
        while let Encoded::Unmappable { at, ch } = encoder.encode(&text[p..], true, &mut out) {
            p += at + ch.len_utf8();
            stops += 1;
        }
    });
    (stops, work)
}

/// Decodes all of `src` from `name`, going on past each invalid sequence as the conversion
/// does; returns the stops and the work.
fn decode(name: &str, src: &[u8]) -> (usize, u64) {
    let legacy = Legacy::resolve(name).expect("a charset of the system");
    let mut stops = 0;
    let work = counted(|| {
        let mut decoder = Decoder::new(legacy, false).expect("a decoder");
        let (mut out, mut p) = (Vec::new(), 0);
        while p < src.len() {
            match decoder.decode(&src[p..], true, &mut out) {
                Decoded::Invalid { resume, .. } => {
                    p += resume;
                    stops += 1;
                }
                Decoded::Done { .. } | Decoded::Incomplete { .. } => break,
            }
        }
    });
    (stops, work)
}

#[test]
fn encoders_go_on_past_unmappable_characters_in_linear_work() {
    let cjk = repeat("中文字");
    let emoji = repeat("😀😃");
    let mixed = repeat("Жизнь 中 и 😀 ");
    for (name, text, engine) in [
        ("CP1251", &cjk, "table"),
        ("CP1251", &mixed, "table"),
        ("SJIS", &emoji, "CJK tables"),
        ("GBK", &repeat("😀 ₩ 한"), "CJK tables"),
        ("ISO-2022-JP", &emoji, "encoding_rs"),
        ("ISO-2022-KR", &emoji, "glibc"),
    ] {
        let (stops, work) = encode(name, text);
        assert!(stops > 10_000, "{name}: {stops} stops");
        let bytes = text.len() as u64;
        assert!(
            work <= PER_BYTE * bytes,
            "UTF-8 -> {name} ({engine}): {work} bytes of work for {bytes} bytes of input and \
             {stops} stops"
        );
    }
}

#[test]
fn decoders_go_on_past_invalid_bytes_in_linear_work() {
    for (name, src, engine) in [
        ("CP1253", vec![0xAA; SIZE], "table"),
        ("CP1253", b"ab\xAA".repeat(SIZE / 3), "table"),
        ("GBK", vec![0xFF; SIZE], "CJK tables"),
        ("SJIS", b"\xA0x".repeat(SIZE / 2), "CJK tables"),
        ("ISO-2022-JP", vec![0xFF; SIZE], "encoding_rs"),
        ("ISO-2022-KR", vec![0xFF; SIZE], "glibc"),
    ] {
        let (stops, work) = decode(name, &src);
        assert!(stops > 10_000, "{name}: {stops} stops");
        let bytes = src.len() as u64;
        assert!(
            work <= PER_BYTE * bytes,
            "{name} ({engine}) -> UTF-8: {work} bytes of work for {bytes} bytes of input and \
             {stops} stops"
        );
    }
}
