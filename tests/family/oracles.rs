//! The UTF-8 family against oracles that share no code with utf8x:
//! - Java's `DataOutputStream.writeUTF` / `DataInputStream.readUTF` for modified UTF-8 (one
//!   `java tests/family/MutfOracle.java` process per test, fed every string at once);
//! - the `cesu8` crate and Python's `surrogatepass` codecs for CESU-8 (and the crate's Java
//!   variant for modified UTF-8 of valid text);
//! - the `wtf8` crate and Python's `surrogatepass` for WTF-8 of ill-formed UTF-16;
//! - `encoding_rs::WINDOWS_1252` and Python's `cp1252` for Windows-1252, and std's
//!   `Utf8Chunks` (the maximal subparts) with encoding_rs for the FALLBACK policy.
//!
//! A missing `java` or `python3` prints "skipped: ... not found" and passes that test.

use crate::support::family::*;
use std::hash::Hasher;

// ---------------------------------------------------------------------------------------------
// Modified UTF-8 against Java.
// ---------------------------------------------------------------------------------------------

/// The strings sent to Java: every BMP code unit alone (U+0000 and every lone surrogate
/// included), every BMP unit in order in four long strings (so D800..DBFF run into DC00 and
/// make one pair at DBFF DC00), lone and reversed surrogates, supplementary characters at the
/// ends of the range and random ones, and random UTF-16 with ill-formed parts.
fn java_strings() -> Vec<Vec<u32>> {
    let mut strings: Vec<Vec<u32>> = (0..=0xFFFF).map(|u| vec![u]).collect();
    strings.extend((0..4).map(|q| (q * 0x4000..(q + 1) * 0x4000).collect()));
    let fixed: [&[u32]; 12] = [
        &[],
        &[0xD800, 0xDC00],
        &[0xDBFF, 0xDFFF],
        &[0xD83D, 0xDE00],
        &[0xDC00, 0xD800],
        &[0xD800, 0xD800, 0xDC00],
        &[0xD800, 0x41],
        &[0x41, 0xDBFF],
        &[0xDFFF, 0x41, 0xD800],
        &[0, 0xD800, 0, 0xDC00, 0],
        &[0xD800, 0xDC00, 0xDC00],
        &[0x7F, 0x80, 0x7FF, 0x800, 0xFFFF],
    ];
    strings.extend(fixed.iter().map(|s| s.to_vec()));
    let mut rng = Rng::new(0x4A41_5641);
    for _ in 0..600 {
        let cp = rng.range(0x1_0000, 0x10_FFFF);
        strings.push(model_encode(Encoding::Utf16, cp).expect("supplementary"));
    }
    for _ in 0..1500 {
        strings.push(random_utf16(&mut rng, 60));
    }
    strings
}

/// writeUTF of each string (its 2-byte length prefix removed), or `None` without java.
fn java_write_utf(strings: &[Vec<u32>]) -> Option<Vec<Vec<u8>>> {
    let mut input = Vec::new();
    for s in strings {
        input.extend(u16::try_from(s.len()).expect("short").to_be_bytes());
        for &u in s {
            input.extend((u as u16).to_be_bytes());
        }
    }
    let output = external("java", &["tests/family/MutfOracle.java"], &input)?;
    let mut records = Vec::with_capacity(strings.len());
    let mut rest = &output[..];
    while !rest.is_empty() {
        let n = usize::from(u16::from_be_bytes([rest[0], rest[1]]));
        records.push(rest[2..2 + n].to_vec());
        rest = &rest[2 + n..];
    }
    assert_eq!(records.len(), strings.len(), "one record per string");
    Some(records)
}

/// UTF-16 (every byte order) to MUTF-8 is exactly writeUTF's bytes, MUTF-8 to UTF-16 of those
/// bytes gives the units back, and both round trips are the identity. Oracle: Java. Inputs:
/// every BMP unit, lone/reversed surrogates, supplementary characters, random ill-formed UTF-16.
#[test]
fn mutf8_is_java_write_utf() {
    let strings = java_strings();
    let Some(java) = java_write_utf(&strings) else {
        return;
    };
    for (i, (units, want)) in strings.iter().zip(&java).enumerate() {
        let want = vals(want);
        // The byte orders only change the input's memory; run them on a sample.
        let orders: &[Encoding] = if i % 16 == 0 {
            &[Encoding::Utf16, Encoding::Utf16Le, Encoding::Utf16Be]
        } else {
            &[Encoding::Utf16]
        };
        for &from in orders {
            let (o, got) = run(from, units, Encoding::Mutf8, Policy::Strict);
            assert_eq!(
                (o, &got),
                (ok(units.len(), want.len(), 0), &want),
                "{from} -> MUTF-8 of {}",
                hex(units)
            );
        }
        let (o, back) = run(Encoding::Mutf8, &want, Encoding::Utf16, Policy::Strict);
        assert_eq!(
            (o, &back),
            (ok(want.len(), units.len(), 0), units),
            "MUTF-8 {} -> UTF-16",
            hex(&want)
        );
        // MUTF-8 -> MUTF-8 of well-formed input copies it.
        let (o, same) = run(Encoding::Mutf8, &want, Encoding::Mutf8, Policy::Strict);
        assert_eq!((o.status, &same), (Status::Ok, &want), "{}", hex(&want));
    }
}

/// Valid text (no lone surrogates) to MUTF-8 from UTF-8 and UTF-32 is writeUTF's bytes too,
/// and the `cesu8` crate's Java variant agrees. Oracles: Java and the cesu8 crate.
#[test]
fn mutf8_of_valid_text_is_java_and_cesu8_java_variant() {
    let mut rng = Rng::new(77);
    let texts: Vec<String> = (0..400)
        .map(|i| {
            let (_, chars) = random_text(&mut rng, Encoding::Utf8, i % 90);
            let mut s: String = chars.iter().map(|&c| char::from_u32(c).unwrap()).collect();
            if i % 7 == 0 {
                s.push('\0');
            }
            s
        })
        .collect();
    let strings: Vec<Vec<u32>> = texts
        .iter()
        .map(|s| s.encode_utf16().map(u32::from).collect())
        .collect();
    let java = java_write_utf(&strings);
    for (i, text) in texts.iter().enumerate() {
        let want = vals(&cesu8::to_java_cesu8(text));
        if let Some(java) = &java {
            assert_eq!(vals(&java[i]), want, "Java and cesu8 disagree on {text:?}");
        }
        let chars: Vec<u32> = text.chars().map(u32::from).collect();
        for (from, src) in [
            (Encoding::Utf8, vals(text.as_bytes())),
            (Encoding::Utf32, chars.clone()),
        ] {
            let (o, got) = run(from, &src, Encoding::Mutf8, Policy::Strict);
            assert_eq!(
                (o, &got),
                (ok(src.len(), want.len(), 0), &want),
                "{from} -> MUTF-8 of {text:?}"
            );
        }
        let (o, back) = run(Encoding::Mutf8, &want, Encoding::Utf8, Policy::Strict);
        assert_eq!(
            (o.status, bytes(&back)),
            (Status::Ok, text.as_bytes().to_vec())
        );
        let (o, back) = run(Encoding::Mutf8, &want, Encoding::Utf32, Policy::Strict);
        assert_eq!((o.status, back), (Status::Ok, chars));
    }
}

// ---------------------------------------------------------------------------------------------
// CESU-8 against the cesu8 crate and Python.
// ---------------------------------------------------------------------------------------------

/// Python's CESU-8 of each string: its UTF-16 units, each encoded alone as UTF-8 with
/// `surrogatepass`. Records are `u32` big-endian length + bytes, both ways.
const PY_CESU8: &str = r#"
import sys, struct
data = sys.stdin.buffer.read()
out = bytearray()
i = 0
while i < len(data):
    (n,) = struct.unpack_from('>I', data, i); i += 4
    s = data[i:i + n].decode('utf-8'); i += n
    be = s.encode('utf-16-be', 'surrogatepass')
    units = [be[j:j + 2] for j in range(0, len(be), 2)]
    enc = b''.join(chr(int.from_bytes(u, 'big')).encode('utf-8', 'surrogatepass') for u in units)
    out += struct.pack('>I', len(enc)) + enc
sys.stdout.buffer.write(out)
"#;

fn records(data: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut rest = data;
    while !rest.is_empty() {
        let n = u32::from_be_bytes(rest[..4].try_into().unwrap()) as usize;
        out.push(rest[4..4 + n].to_vec());
        rest = &rest[4 + n..];
    }
    out
}

fn record_input<'a>(items: impl Iterator<Item = &'a [u8]>) -> Vec<u8> {
    let mut input = Vec::new();
    for item in items {
        input.extend((item.len() as u32).to_be_bytes());
        input.extend(item);
    }
    input
}

fn cesu8_texts() -> Vec<String> {
    let mut rng = Rng::new(0xCE5);
    let mut texts: Vec<String> = ["", "\0", "\u{10000}", "\u{10FFFF}", "\u{FFFF}\u{10400}a"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for i in 0..600 {
        let (_, chars) = random_text(&mut rng, Encoding::Utf8, i % 100);
        texts.push(chars.iter().map(|&c| char::from_u32(c).unwrap()).collect());
    }
    texts
}

/// Valid text to CESU-8 (from UTF-8, UTF-16, UTF-32) is the cesu8 crate's `to_cesu8` and
/// Python's per-unit encoding, and CESU-8 back to each form gives the text. Oracles: the
/// cesu8 crate, Python. Inputs: random text with supplementary characters and U+0000.
#[test]
fn cesu8_of_valid_text_is_the_crate_and_python() {
    let texts = cesu8_texts();
    let py = python(PY_CESU8, &record_input(texts.iter().map(|t| t.as_bytes())));
    let py = py.map(|out| records(&out));
    for (i, text) in texts.iter().enumerate() {
        let want = cesu8::to_cesu8(text).into_owned();
        if let Some(py) = &py {
            assert_eq!(py[i], want, "Python and cesu8 disagree on {text:?}");
        }
        let want = vals(&want);
        let utf16: Vec<u32> = text.encode_utf16().map(u32::from).collect();
        let utf32: Vec<u32> = text.chars().map(u32::from).collect();
        let forms = [
            (Encoding::Utf8, vals(text.as_bytes())),
            (Encoding::Utf16Le, utf16.clone()),
            (Encoding::Utf32, utf32),
        ];
        for (form, src) in &forms {
            let (o, got) = run(*form, src, Encoding::Cesu8, Policy::Strict);
            assert_eq!(
                (o, &got),
                (ok(src.len(), want.len(), 0), &want),
                "{form} -> CESU-8 of {text:?}"
            );
            let (o, back) = run(Encoding::Cesu8, &want, *form, Policy::Strict);
            assert_eq!(
                (o, &back),
                (ok(want.len(), src.len(), 0), src),
                "CESU-8 -> {form} of {text:?}"
            );
        }
    }
}

/// Random byte soup built from CESU-8 pieces (characters, surrogate halves, stray bytes).
fn cesu8_soup(rng: &mut Rng, java: bool) -> Vec<u8> {
    let n = rng.below(24);
    let mut out = Vec::new();
    for _ in 0..n {
        match rng.below(9) {
            0 => out.extend([
                0xED,
                rng.range(0xA0, 0xAF) as u8,
                rng.range(0x80, 0xBF) as u8,
            ]),
            1 => out.extend([
                0xED,
                rng.range(0xB0, 0xBF) as u8,
                rng.range(0x80, 0xBF) as u8,
            ]),
            2 => out.push(rng.range(0x80, 0xEF) as u8),
            3 => out.extend([0xC0, 0x80]),
            4 => out.extend([0xE0 | rng.range(0, 15) as u8, rng.range(0x80, 0xBF) as u8]),
            5 if !java => out.push(0),
            _ => {
                let cp = random_char(rng, Encoding::Cesu8);
                out.extend(bytes(&model_encode(Encoding::Cesu8, cp).unwrap()));
            }
        }
    }
    out
}

/// On inputs without F0..FF bytes (where the crate, which accepts any valid UTF-8 including
/// 4-byte forms, and the specification agree), CESU-8 -> UTF-8 under STRICT succeeds exactly
/// when `cesu8::from_cesu8` does, with the same text; likewise MUTF-8 -> UTF-8 and
/// `from_java_cesu8` on inputs without 00 bytes (the crate lets a raw 00 through when the whole
/// input happens to be valid UTF-8) and without lone surrogates (unmappable in UTF-8).
/// Oracle: the cesu8 crate. Inputs: random soup of CESU-8 pieces and stray bytes.
#[test]
fn cesu8_validity_is_the_crate() {
    let mut rng = Rng::new(0x50C);
    let (mut accepted, mut rejected) = (0, 0);
    for i in 0..6000 {
        let java = i % 2 == 1;
        let soup = cesu8_soup(&mut rng, java);
        let (form, crate_says) = if java {
            (Encoding::Mutf8, cesu8::from_java_cesu8(&soup))
        } else {
            (Encoding::Cesu8, cesu8::from_cesu8(&soup))
        };
        let (o, got) = run(form, &vals(&soup), Encoding::Utf8, Policy::Strict);
        match crate_says {
            Ok(text) => {
                accepted += 1;
                assert_eq!(
                    (o.status, bytes(&got)),
                    (Status::Ok, text.as_bytes().to_vec()),
                    "{form} {}",
                    hex(&vals(&soup))
                );
            }
            Err(_) => {
                rejected += 1;
                assert_ne!(o.status, Status::Ok, "{form} {}", hex(&vals(&soup)));
            }
        }
    }
    assert!(accepted > 500 && rejected > 500, "{accepted} {rejected}");
}

// ---------------------------------------------------------------------------------------------
// WTF-8 against the wtf8 crate and Python.
// ---------------------------------------------------------------------------------------------

/// The bytes the wtf8 crate holds (it has no accessor): its `Hash` writes exactly them, then
/// a 0xFE terminator, which this hasher records.
#[derive(Default)]
struct Capture(Vec<u8>);

impl Hasher for Capture {
    fn finish(&self) -> u64 {
        0
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0.extend_from_slice(bytes);
    }
}

fn wtf8_crate_bytes(units: &[u32]) -> Vec<u8> {
    let units: Vec<u16> = units.iter().map(|&u| u as u16).collect();
    let buf = wtf8::Wtf8Buf::from_ill_formed_utf16(&units);
    let mut capture = Capture::default();
    std::hash::Hash::hash(&buf, &mut capture);
    let mut bytes = capture.0;
    assert_eq!(bytes.pop(), Some(0xFE), "the crate's hash layout changed");
    assert_eq!(bytes.len(), buf.len());
    bytes
}

const PY_WTF8: &str = r#"
import sys, struct
data = sys.stdin.buffer.read()
out = bytearray()
i = 0
while i < len(data):
    (n,) = struct.unpack_from('>I', data, i); i += 4
    enc = data[i:i + n].decode('utf-16-be', 'surrogatepass').encode('utf-8', 'surrogatepass')
    i += n
    out += struct.pack('>I', len(enc)) + enc
sys.stdout.buffer.write(out)
"#;

/// Any UTF-16, ill-formed included, to WTF-8 is well-formed, equals the wtf8 crate's bytes
/// and Python's `surrogatepass` bytes, and comes back identical (lossless), in every byte
/// order. Oracles: the wtf8 crate, Python. Inputs: random UTF-16 with lone and reversed
/// surrogates, plus every lone surrogate.
#[test]
fn wtf8_of_any_utf16_is_the_crate_and_python_and_lossless() {
    let mut rng = Rng::new(0x3778);
    let mut strings: Vec<Vec<u32>> = (0xD800..=0xDFFF).step_by(7).map(|u| vec![u]).collect();
    strings.extend((0..1500).map(|_| random_utf16(&mut rng, 80)));
    strings.push(vec![0xDBFF]);
    strings.push(vec![0x41, 0xD800]);
    let utf16be: Vec<Vec<u8>> = strings
        .iter()
        .map(|s| s.iter().flat_map(|&u| (u as u16).to_be_bytes()).collect())
        .collect();
    let py = python(PY_WTF8, &record_input(utf16be.iter().map(|v| &v[..])));
    let py = py.map(|out| records(&out));
    for (i, units) in strings.iter().enumerate() {
        let want = wtf8_crate_bytes(units);
        if let Some(py) = &py {
            assert_eq!(py[i], want, "Python and wtf8 disagree on {}", hex(units));
        }
        let want = vals(&want);
        let orders: &[Encoding] = if i % 8 == 0 {
            &[Encoding::Utf16, Encoding::Utf16Le, Encoding::Utf16Be]
        } else {
            &[Encoding::Utf16]
        };
        for &from in orders {
            let (o, got) = run(from, units, Encoding::Wtf8, Policy::Strict);
            assert_eq!(
                (o, &got),
                (ok(units.len(), want.len(), 0), &want),
                "{from} -> WTF-8 of {}",
                hex(units)
            );
            let (o, back) = run(Encoding::Wtf8, &want, from, Policy::Strict);
            assert_eq!(
                (o, &back),
                (ok(want.len(), units.len(), 0), units),
                "WTF-8 {} -> {from}",
                hex(&want)
            );
        }
    }
}

/// WTF-8 of valid text is UTF-8, so valid UTF-8 goes through WTF-8 unchanged both ways, and
/// the crate's code points are the text's. Oracles: std, the wtf8 crate.
#[test]
fn wtf8_of_valid_text_is_utf8() {
    let mut rng = Rng::new(0x3779);
    for i in 0..300 {
        let (text, chars) = random_text(&mut rng, Encoding::Utf8, i % 120);
        let s: String = chars.iter().map(|&c| char::from_u32(c).unwrap()).collect();
        let crate_points: Vec<u32> = wtf8::Wtf8Buf::from_str(&s)
            .code_points()
            .map(|c| c.to_u32())
            .collect();
        assert_eq!(crate_points, chars);
        for (from, to) in [
            (Encoding::Utf8, Encoding::Wtf8),
            (Encoding::Wtf8, Encoding::Utf8),
        ] {
            let (o, got) = run(from, &text, to, Policy::Strict);
            assert_eq!((o, &got), (ok(text.len(), text.len(), 0), &text), "{s:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Windows-1252 against encoding_rs and Python.
// ---------------------------------------------------------------------------------------------

/// Python's cp1252 decoding of each byte: the character, or -1 where Python has none.
const PY_CP1252_DECODE: &str = r#"
import sys
for b in range(256):
    try:
        print(ord(bytes([b]).decode('cp1252')))
    except UnicodeDecodeError:
        print(-1)
"#;

/// Every byte decodes to the WHATWG index's character (encoding_rs), which is Python's cp1252
/// except at the five bytes Python leaves undefined (81 8D 8F 90 9D, which WHATWG maps to the
/// C1 controls of the same value). Targets: UTF-8, UTF-16 (each order), UTF-32, and CP1252
/// itself. Oracles: encoding_rs, Python, std.
#[test]
fn cp1252_decodes_every_byte_like_encoding_rs_and_python() {
    let all: Vec<u8> = (0..=255).collect();
    let (text, bad) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(&all);
    assert!(!bad);
    let chars: Vec<u32> = text.chars().map(u32::from).collect();
    assert_eq!(chars.len(), 256);
    if let Some(py) = python(PY_CP1252_DECODE, b"") {
        let py: Vec<i64> = String::from_utf8(py)
            .unwrap()
            .lines()
            .map(|l| l.parse().unwrap())
            .collect();
        for (b, (&p, &c)) in py.iter().zip(&chars).enumerate() {
            if p < 0 {
                assert!([0x81, 0x8D, 0x8F, 0x90, 0x9D].contains(&b), "{b:#x}");
                assert_eq!(c, b as u32, "WHATWG maps undefined {b:#x} to U+00{b:02X}");
            } else {
                assert_eq!(p as u32, c, "byte {b:#x}");
            }
        }
    }
    let src = vals(&all);
    let utf16: Vec<u32> = text.encode_utf16().map(u32::from).collect();
    for policy in POLICIES {
        let targets = [
            (Encoding::Utf8, vals(text.as_bytes())),
            (Encoding::Utf16, utf16.clone()),
            (Encoding::Utf16Le, utf16.clone()),
            (Encoding::Utf16Be, utf16.clone()),
            (Encoding::Utf32, chars.clone()),
            (Encoding::Cp1252, src.clone()),
            (Encoding::Wtf8, vals(text.as_bytes())),
        ];
        for (to, want) in targets {
            let (o, got) = run(Encoding::Cp1252, &src, to, policy);
            if policy == Policy::Escape && to == Encoding::Cp1252 {
                assert_eq!(o.status, Status::BadArgument, "ESCAPE into CP1252");
                continue;
            }
            assert_eq!(
                (o, got),
                (ok(256, want.len(), 0), want),
                "CP1252 -> {to} {policy:?}"
            );
        }
        // Each byte alone too (the bulk path and the tail path).
        for b in [0x00, 0x41, 0x7F, 0x80, 0x81, 0x8D, 0x9F, 0xA0, 0xFF] {
            let (o, got) = run(Encoding::Cp1252, &[b], Encoding::Utf32, policy);
            assert_eq!((o, got), (ok(1, 1, 0), vec![chars[b as usize]]), "{b:#x}");
        }
    }
}

/// Python's cp1252 encoding of each BMP character: the byte, or -1.
const PY_CP1252_ENCODE: &str = r#"
import sys
out = []
for c in range(0x10000):
    try:
        out.append(str(chr(c).encode('cp1252')[0]))
    except UnicodeEncodeError:
        out.append('-1')
sys.stdout.write('\n'.join(out))
"#;

/// Every BMP scalar value and a few supplementary ones encode into CP1252 as encoding_rs
/// does (its unmappable characters become `?` under REPLACE and FALLBACK, are dropped under
/// SKIP, stop STRICT with UNMAPPABLE), and as Python's cp1252 plus the five C1 controls.
/// Sources: UTF-32, UTF-8 and UTF-16. Oracles: encoding_rs, Python.
#[test]
fn cp1252_encodes_every_character_like_encoding_rs_and_python() {
    let mut chars: Vec<u32> = (0..=0xFFFF)
        .filter(|c| !(0xD800..=0xDFFF).contains(c))
        .collect();
    chars.extend([0x1_0000, 0x1F600, 0x10_FFFF]);
    let expected: Vec<Option<u8>> = chars
        .iter()
        .map(|&c| {
            let s = char::from_u32(c).unwrap().to_string();
            let (out, _, unmappable) = encoding_rs::WINDOWS_1252.encode(&s);
            (!unmappable).then(|| {
                assert_eq!(out.len(), 1);
                out[0]
            })
        })
        .collect();
    assert_eq!(expected.iter().flatten().count(), 256);
    if let Some(py) = python(PY_CP1252_ENCODE, b"") {
        let py: Vec<i64> = String::from_utf8(py)
            .unwrap()
            .lines()
            .map(|l| l.parse().unwrap())
            .collect();
        for (c, &p) in py.iter().enumerate() {
            // `chars` is the BMP without the surrogates, in order.
            let ours = match c {
                0xD800..=0xDFFF => None,
                0..=0xD7FF => Some(expected[c]),
                _ => Some(expected[c - 0x800]),
            };
            match (p, ours) {
                (-1, Some(Some(b))) => {
                    assert!([0x81, 0x8D, 0x8F, 0x90, 0x9D].contains(&b) && c == b as usize)
                }
                (-1, _) => {}
                (p, Some(Some(b))) => assert_eq!(p, i64::from(b), "U+{c:04X}"),
                (p, _) => panic!("Python maps U+{c:04X} to {p}, encoding_rs does not"),
            }
        }
    }
    let q = u32::from(b'?');
    let replaced: Vec<u32> = expected.iter().map(|e| e.map_or(q, u32::from)).collect();
    let kept: Vec<u32> = expected.iter().flatten().map(|&b| u32::from(b)).collect();
    let unmappable = chars.len() - 256;
    let text: String = chars.iter().map(|&c| char::from_u32(c).unwrap()).collect();
    let sources = [
        (Encoding::Utf32, chars.clone()),
        (Encoding::Utf8, vals(text.as_bytes())),
        (
            Encoding::Utf16,
            text.encode_utf16().map(u32::from).collect(),
        ),
    ];
    for (from, src) in &sources {
        let n = src.len();
        for (policy, want) in [
            (Policy::Replace, &replaced),
            (Policy::Fallback, &replaced),
            (Policy::Skip, &kept),
        ] {
            let (o, got) = run(*from, src, Encoding::Cp1252, policy);
            assert_eq!(
                o,
                ok(n, want.len(), unmappable),
                "{from} -> CP1252 {policy:?}"
            );
            assert!(got == *want, "{from} -> CP1252 {policy:?}: output differs");
        }
    }
    // STRICT, one character at a time, over the range where the table is irregular.
    for (i, &c) in chars.iter().enumerate().take(0x2200) {
        let (o, got) = run(Encoding::Utf32, &[c], Encoding::Cp1252, Policy::Strict);
        match expected[i] {
            Some(b) => assert_eq!((o, got), (ok(1, 1, 0), vec![u32::from(b)]), "U+{c:04X}"),
            None => assert_eq!(
                o,
                outcome(Status::Unmappable, ErrorKind::Unmappable, 0, 0, 1, 0),
                "U+{c:04X}"
            ),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// FALLBACK against std's maximal subparts and encoding_rs.
// ---------------------------------------------------------------------------------------------

/// Random UTF-8 with ill-formed bytes mixed in.
/// With `friendly`, the valid characters are ASCII and Latin-1 (all in windows-1252).
fn dirty_utf8(rng: &mut Rng, n: usize, friendly: bool) -> Vec<u8> {
    let mut out = Vec::new();
    while out.len() < n {
        match rng.below(8) {
            0 => out.push(rng.range(0x80, 0xFF) as u8),
            1 => {
                // A valid sequence cut short.
                let c = char::from_u32(random_char(rng, Encoding::Utf8)).unwrap();
                let mut buf = [0; 4];
                let s = c.encode_utf8(&mut buf).as_bytes();
                out.extend(&s[..rng.below(s.len()).max(1).min(s.len())]);
            }
            2 => out.extend([0xED, rng.range(0xA0, 0xBF) as u8, 0x80]),
            _ => {
                let cp = if friendly {
                    if rng.below(2) == 0 {
                        rng.range(0x20, 0x7E)
                    } else {
                        rng.range(0xA0, 0xFF)
                    }
                } else {
                    random_char(rng, Encoding::Utf8)
                };
                out.extend(char::from_u32(cp).unwrap().to_string().as_bytes());
            }
        }
    }
    out
}

/// The FALLBACK output of UTF-8 `src` by the oracles: valid runs as they are, each byte of each
/// maximal ill-formed subpart (std's `Utf8Chunks`) decoded by encoding_rs's windows-1252; and
/// the number of such bytes.
fn fallback_oracle(src: &[u8]) -> (String, usize) {
    let (mut text, mut bad) = (String::new(), 0);
    for chunk in src.utf8_chunks() {
        text.push_str(chunk.valid());
        let (s, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(chunk.invalid());
        text.push_str(&s);
        bad += chunk.invalid().len();
    }
    (text, bad)
}

/// UTF-8 with random bad bytes under FALLBACK into UTF-8, UTF-16, UTF-32, WTF-8, CP1252 and
/// Latin-1 (where the CP1252 characters above U+00FF become `?`). Oracles: std `Utf8Chunks`,
/// encoding_rs.
#[test]
fn fallback_is_windows_1252_of_each_bad_byte() {
    let mut rng = Rng::new(0xFA11);
    for i in 0..1500 {
        let src = dirty_utf8(&mut rng, i % 97, i % 2 == 0);
        let (text, bad) = fallback_oracle(&src);
        let chars: Vec<u32> = text.chars().map(u32::from).collect();
        let (cp1252, _, unmappable) = encoding_rs::WINDOWS_1252.encode(&text);
        let latin1: Vec<u32> = chars
            .iter()
            .map(|&c| if c <= 0xFF { c } else { 0x3F })
            .collect();
        // Characters of the valid runs above U+00FF are unmappable in Latin-1 (one `?` and one
        // count each); those the bad bytes become count once, as bad bytes.
        let latin1_unmappable: usize = src
            .utf8_chunks()
            .map(|c| c.valid().chars().filter(|&c| u32::from(c) > 0xFF).count())
            .sum();
        let mut targets = vec![
            (Encoding::Utf8, vals(text.as_bytes()), 0),
            (Encoding::Wtf8, vals(text.as_bytes()), 0),
            (
                Encoding::Utf16,
                text.encode_utf16().map(u32::from).collect(),
                0,
            ),
            (Encoding::Utf32, chars.clone(), 0),
            (Encoding::Latin1, latin1, latin1_unmappable),
        ];
        // encoding_rs writes unmappable characters as HTML references; compare only when
        // every character maps (valid runs are random Unicode, so mostly the bad bytes).
        if !unmappable {
            targets.push((Encoding::Cp1252, vals(&cp1252), 0));
        }
        let src = vals(&src);
        for (to, want, unmapped) in targets {
            let (o, got) = run(Encoding::Utf8, &src, to, Policy::Fallback);
            assert_eq!(
                (o, &got),
                (ok(src.len(), want.len(), bad + unmapped), &want),
                "UTF-8 -> {to} FALLBACK of {}",
                hex(&src)
            );
        }
    }
}

/// The five bytes WHATWG maps to C1 controls, and the bytes mapping above U+00FF, each alone
/// as a bad byte (a continuation byte with no lead) under FALLBACK. Oracle: encoding_rs.
#[test]
fn fallback_of_each_stray_continuation_byte() {
    for b in 0x80..=0xBFu8 {
        let src = [b'a', b, b'z'];
        let (text, bad) = fallback_oracle(&src);
        assert_eq!(bad, 1);
        let (o, got) = run(
            Encoding::Utf8,
            &vals(&src),
            Encoding::Utf32,
            Policy::Fallback,
        );
        let want: Vec<u32> = text.chars().map(u32::from).collect();
        assert_eq!((o, got), (ok(3, 3, 1), want), "byte {b:#x}");
    }
}
