//! `utf8x convert` on ill-formed input and unmappable characters, under every policy, against
//! std's lossy decoders and a PEP 383 model.

use std::fs;

use crate::convert::listing;
use crate::{Run, file, scratch, utf8x, utf16, utf32};

/// One maximal subpart of every kind, a Latin-1 letter, an unmappable one, and a sequence cut
/// short by the end of the input. No genuine U+FFFD, so std's lossy output counts substitutions.
const BAD: &[u8] = b"ok \xFF \x80 \xC0\xAF \xE0\x80\x80 \xED\xA0\x80 \xF4\x90\x80\x80 \xE2\x82 \
    \xF0\x9F\x98 \xC3\xA9 \xE2\x82\xAC \xF5 end \xE2\x82";

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn skipped(bytes: &[u8]) -> String {
    lossy(bytes).replace('\u{FFFD}', "")
}

/// PEP 383 from std's error reports: each byte of an ill-formed subpart becomes U+DC00 + byte.
fn escaped(mut bytes: &[u8]) -> Vec<u32> {
    let mut out = Vec::new();
    loop {
        match std::str::from_utf8(bytes) {
            Ok(text) => {
                out.extend(text.chars().map(u32::from));
                return out;
            }
            Err(e) => {
                let (valid, rest) = bytes.split_at(e.valid_up_to());
                out.extend(lossy(valid).chars().map(u32::from));
                let bad = e.error_len().unwrap_or(rest.len());
                out.extend(rest[..bad].iter().map(|&b| 0xDC00 + u32::from(b)));
                bytes = &rest[bad..];
            }
        }
    }
}

fn convert(from: &str, to: &str, policy: &str, input: &[u8]) -> Run {
    utf8x(&["convert", "-f", from, "-t", to, "-p", policy, "-"], input)
}

/// Runs with `-v` and returns standard output and the substitution count reported.
fn verbose(from: &str, to: &str, policy: &str, input: &[u8]) -> (Vec<u8>, usize) {
    let run = utf8x(
        &["convert", "-v", "-f", from, "-t", to, "-p", policy, "-"],
        input,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let count = run
        .stderr
        .split(", ")
        .nth(1)
        .and_then(|tail| tail.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {:?}", run.stderr));
    assert!(
        run.stderr.ends_with(&format!("(policy {policy})\n")),
        "{}",
        run.stderr
    );
    (run.stdout, count)
}

fn latin1_or(text: &str, unmappable: Option<u8>) -> Vec<u8> {
    text.chars()
        .filter_map(|c| u8::try_from(u32::from(c)).ok().or(unmappable))
        .collect()
}

#[test]
fn strict_stops_at_the_first_problem_and_writes_nothing() {
    let dir = scratch("policy-strict");
    let input = file(&dir, "bad", BAD);
    let existing = file(&dir, "existing", b"keep me");
    let fresh = dir.join("fresh").to_str().unwrap().to_owned();
    let message = format!("utf8x: {input}: invalid UTF-8 at byte offset 3: invalid lead byte\n");
    for to in ["utf-8", "utf-16le", "utf-32be", "latin1"] {
        utf8x(&["convert", "-f", "utf-8", "-t", to, &input], b"").fails(1, &message);
        for out in [&existing, &fresh] {
            let args = ["convert", "-f", "utf-8", "-t", to, &input, "-o", out];
            utf8x(&args, b"").fails(1, &message);
        }
    }
    assert_eq!(fs::read(&existing).unwrap(), b"keep me");
    assert_eq!(listing(&dir), ["bad", "existing"]);
}

#[test]
fn strict_names_truncation_at_the_end() {
    // Two CJK characters, then the first two bytes of a third.
    let bytes = b"\xE4\xB8\xAD\xE6\x96\x87\xE6\x97";
    convert("utf-8", "utf-16le", "strict", bytes).fails(
        1,
        "utf8x: -: invalid UTF-8 at byte offset 6: input ends inside a sequence\n",
    );
}

#[test]
fn replace_matches_std_lossy_decoding() {
    let text = lossy(BAD);
    let subparts = text.matches('\u{FFFD}').count();
    for (to, expected) in [
        ("utf-8", text.as_bytes().to_vec()),
        ("utf-16le", utf16(&text, u16::to_le_bytes)),
        ("utf-16be", utf16(&text, u16::to_be_bytes)),
        ("utf-32", utf32(&text, u32::to_ne_bytes)),
    ] {
        assert_eq!(convert("utf-8", to, "replace", BAD).ok(), expected, "{to}");
        assert_eq!(verbose("utf-8", to, "replace", BAD), (expected, subparts));
    }
    // Latin-1: '?' for each subpart and for the euro sign.
    let expected = latin1_or(&text.replace('\u{FFFD}', "?"), Some(b'?'));
    assert_eq!(
        verbose("utf-8", "latin1", "replace", BAD),
        (expected, subparts + 1)
    );
}

#[test]
fn skip_drops_what_replace_would_replace() {
    let text = skipped(BAD);
    let subparts = lossy(BAD).matches('\u{FFFD}').count();
    for (to, expected) in [
        ("utf-8", text.as_bytes().to_vec()),
        ("utf-16be", utf16(&text, u16::to_be_bytes)),
        ("utf-32le", utf32(&text, u32::to_le_bytes)),
    ] {
        assert_eq!(
            verbose("utf-8", to, "skip", BAD),
            (expected, subparts),
            "{to}"
        );
    }
    assert_eq!(
        verbose("utf-8", "latin1", "skip", BAD),
        (latin1_or(&text, None), subparts + 1)
    );
}

#[test]
fn escape_is_lossless_through_utf16_and_utf32() {
    let model = escaped(BAD);
    let bad_bytes = model
        .iter()
        .filter(|&&u| (0xDC80..=0xDCFF).contains(&u))
        .count();
    // BAD holds no supplementary character, so each model value is one UTF-16 unit.
    assert!(model.iter().all(|&u| u < 0x10000));
    let as_utf16 = |unit: fn(u16) -> [u8; 2]| -> Vec<u8> {
        model.iter().flat_map(|&u| unit(u as u16)).collect()
    };
    let targets = [
        ("utf-16le", as_utf16(u16::to_le_bytes)),
        ("utf-16be", as_utf16(u16::to_be_bytes)),
        (
            "utf-32le",
            model.iter().flat_map(|&u| u.to_le_bytes()).collect(),
        ),
        (
            "utf-32",
            model.iter().flat_map(|&u| u.to_ne_bytes()).collect(),
        ),
    ];
    for (enc, expected) in targets {
        assert_eq!(
            verbose("utf-8", enc, "escape", BAD),
            (expected.clone(), bad_bytes),
            "{enc}"
        );
        assert_eq!(
            verbose(enc, "utf-8", "escape", &expected),
            (BAD.to_vec(), bad_bytes)
        );
    }
    // UTF-8 to UTF-8 is the identity.
    assert_eq!(
        verbose("utf-8", "utf-8", "escape", BAD),
        (BAD.to_vec(), bad_bytes)
    );
}

#[test]
fn utf16_input_problems_under_each_policy() {
    // 'a', an escape (lone low), 'b', a lone high, 'c', a pair, a lone low outside the escape
    // range, a high surrogate at the very end.
    let units = [
        0x61, 0xDC80, 0x62, 0xD800, 0x63, 0xD83D, 0xDE00, 0xDFFF, 0xD800,
    ];
    let le: Vec<u8> = units.iter().flat_map(|&u: &u16| u.to_le_bytes()).collect();
    let be: Vec<u8> = units.iter().flat_map(|&u: &u16| u.to_be_bytes()).collect();
    convert("utf-16le", "utf-8", "strict", &le).fails(
        1,
        "utf8x: -: invalid UTF-16LE at unit offset 1 (byte offset 2): unpaired surrogate\n",
    );
    convert("utf-16be", "utf-32", "strict", &be).fails(
        1,
        "utf8x: -: invalid UTF-16BE at unit offset 1 (byte offset 2): unpaired surrogate\n",
    );
    let text = String::from_utf16_lossy(&units);
    assert_eq!(
        verbose("utf-16le", "utf-8", "replace", &le),
        (text.clone().into_bytes(), 4)
    );
    assert_eq!(
        verbose("utf-16be", "utf-32le", "replace", &be),
        (utf32(&text, u32::to_le_bytes), 4)
    );
    let kept = text.replace('\u{FFFD}', "");
    assert_eq!(
        verbose("utf-16le", "utf-8", "skip", &le),
        (kept.into_bytes(), 4)
    );
    // ESCAPE turns U+DC80 back into byte 0x80 but stops at the lone high surrogate.
    convert("utf-16le", "utf-8", "escape", &le).fails(
        1,
        "utf8x: -: invalid UTF-16LE at unit offset 3 (byte offset 6): unpaired surrogate\n",
    );
    let escapes: Vec<u8> = [0x61u16, 0xDC80, 0xDCFF, 0x62]
        .iter()
        .flat_map(|u| u.to_be_bytes())
        .collect();
    assert_eq!(
        verbose("utf-16be", "utf-8", "escape", &escapes),
        (b"a\x80\xFFb".to_vec(), 2)
    );
    // A high surrogate as the last unit.
    let cut: Vec<u8> = [0x61u16, 0xD800]
        .iter()
        .flat_map(|u| u.to_le_bytes())
        .collect();
    convert("utf-16le", "utf-8", "strict", &cut).fails(
        1,
        "utf8x: -: invalid UTF-16LE at unit offset 1 (byte offset 2): input ends inside a sequence\n",
    );
}

#[test]
fn utf32_input_problems_under_each_policy() {
    let values = [0x41u32, 0xD800, 0x110000, 0x42, 0xFFFF_FFFF, 0xDCFF];
    let le: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let be: Vec<u8> = values.iter().flat_map(|v| v.to_be_bytes()).collect();
    convert("utf-32le", "utf-8", "strict", &le).fails(
        1,
        "utf8x: -: invalid UTF-32LE at unit offset 1 (byte offset 4): surrogate code point\n",
    );
    convert("utf-32be", "utf-8", "strict", &be[8..]).fails(
        1,
        "utf8x: -: invalid UTF-32BE at unit offset 0 (byte offset 0): UTF-32 value out of range\n",
    );
    let text: String = values
        .iter()
        .map(|&v| char::from_u32(v).unwrap_or('\u{FFFD}'))
        .collect();
    assert_eq!(
        verbose("utf-32le", "utf-8", "replace", &le),
        (text.clone().into_bytes(), 4)
    );
    assert_eq!(
        verbose("utf-32be", "utf-16le", "replace", &be),
        (utf16(&text, u16::to_le_bytes), 4)
    );
    assert_eq!(
        verbose("utf-32be", "utf-8", "skip", &be),
        (b"AB".to_vec(), 4)
    );
    assert_eq!(
        verbose("utf-32le", "utf-8", "escape", &le[20..]),
        (b"\xFF".to_vec(), 1)
    );
}

#[test]
fn unmappable_characters_are_located_in_the_input() {
    let tail = "to ISO-8859-1: character not representable in the target encoding\n";
    let text = "a\u{1F600}\u{20AC}";
    convert("utf-8", "latin1", "strict", text.as_bytes()).fails(
        1,
        &format!("utf8x: -: cannot convert U+1F600 at byte offset 1 {tail}"),
    );
    convert("utf-8", "latin1", "strict", "\u{e9}\u{20AC}".as_bytes()).fails(
        1,
        &format!("utf8x: -: cannot convert U+20AC at byte offset 2 {tail}"),
    );
    // Through the UTF-8 pivot, the offset is still the input's.
    let after_pair = "\u{e9}\u{10400}\u{e9}\u{3b1}";
    for (from, bytes, place) in [
        (
            "utf-16le",
            utf16(after_pair, u16::to_le_bytes),
            "unit offset 1 (byte offset 2)",
        ),
        (
            "utf-16be",
            utf16(&after_pair[2..], u16::to_be_bytes),
            "unit offset 0 (byte offset 0)",
        ),
        (
            "utf-32be",
            utf32(after_pair, u32::to_be_bytes),
            "unit offset 1 (byte offset 4)",
        ),
    ] {
        convert(from, "latin1", "strict", &bytes).fails(
            1,
            &format!("utf8x: -: cannot convert U+10400 at {place} {tail}"),
        );
    }
    let greek = "\u{e9}\u{e9}\u{3b1}";
    convert(
        "utf-16le",
        "latin1",
        "strict",
        &utf16(greek, u16::to_le_bytes),
    )
    .fails(
        1,
        &format!("utf8x: -: cannot convert U+03B1 at unit offset 2 (byte offset 4) {tail}"),
    );
}

#[test]
fn replace_into_latin1_through_the_pivot_counts_each_problem_once() {
    // 'a', a lone surrogate (U+FFFD in the pivot, then '?'), the euro sign ('?').
    let le: Vec<u8> = [0x61u16, 0xDC00, 0x20AC]
        .iter()
        .flat_map(|u| u.to_le_bytes())
        .collect();
    assert_eq!(
        verbose("utf-16le", "latin1", "replace", &le),
        (b"a??".to_vec(), 2)
    );
    assert_eq!(
        verbose("utf-16le", "latin1", "skip", &le),
        (b"a".to_vec(), 2)
    );
}

#[test]
fn a_partial_code_unit_is_an_error_under_every_policy() {
    for policy in ["strict", "replace", "skip", "escape"] {
        convert("utf-16le", "utf-8", policy, b"a\0b").fails(
            1,
            "utf8x: -: UTF-16LE input ends inside a 2-byte code unit (at byte offset 2)\n",
        );
        convert("utf-32be", "utf-8", policy, b"\0\0\0a\0\0").fails(
            1,
            "utf8x: -: UTF-32BE input ends inside a 4-byte code unit (at byte offset 4)\n",
        );
    }
}

#[test]
fn without_verbose_policies_are_silent() {
    let run = convert("utf-8", "utf-16le", "replace", BAD);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
}
