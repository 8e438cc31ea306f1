//! The UTF-8 family against its specification: a plain RFC 2279 table, the examples printed in
//! the RFCs, the corner decisions (each pinned by a literal), the pinned equalities with the
//! direct functions, and error positions swept across SIMD block edges against the scalar
//! model of `support::family` (written from the definitions, not from utf8x).

use crate::support::family::*;
use utf8x::Stream;

use Encoding::*;

/// Asserts utf8x's result for `src` (plain values) against an expected outcome and output.
#[track_caller]
fn check(from: Encoding, src: &[u32], to: Encoding, policy: Policy, want: (Outcome, Vec<u32>)) {
    let got = run(from, src, to, policy);
    assert_eq!(got, want, "{from} -> {to} {policy:?} of {}", hex(src));
    let (measured, _) = run_cap(from, src, to, policy, None);
    assert_eq!(
        measured,
        want.0,
        "measuring {from} -> {to} {policy:?} of {}",
        hex(src)
    );
}

/// Asserts utf8x against the model (which must decide the case).
#[track_caller]
fn check_model(from: Encoding, src: &[u32], to: Encoding, policy: Policy) {
    let want = model(from, src, to, policy).expect("a case the model decides");
    check(from, src, to, policy, want);
}

// ---------------------------------------------------------------------------------------------
// The model itself against std, so that what follows trusts a checked model.
// ---------------------------------------------------------------------------------------------

/// The model's UTF-8 under REPLACE is `String::from_utf8_lossy` (std's maximal subparts), and
/// its encoders of valid characters are std's. Oracle: std. Inputs: random dirty UTF-8.
#[test]
fn model_is_std_for_utf8() {
    let mut rng = Rng::new(1);
    for i in 0..3000 {
        let n = i % 40;
        let src: Vec<u8> = (0..n)
            .map(|_| match rng.below(4) {
                0 => rng.range(0, 0x7F) as u8,
                1 => rng.range(0x80, 0xBF) as u8,
                _ => rng.range(0xC0, 0xFF) as u8,
            })
            .collect();
        let want: Vec<u32> = String::from_utf8_lossy(&src)
            .chars()
            .map(u32::from)
            .collect();
        let (o, got) = model(Utf8, &vals(&src), Utf32, Policy::Replace).unwrap();
        assert_eq!(got, want, "{}", hex(&vals(&src)));
        assert_eq!(o.status, Status::Ok);
        let strict = model(Utf8, &vals(&src), Utf32, Policy::Strict).unwrap().0;
        match std::str::from_utf8(&src) {
            Ok(_) => assert_eq!(strict.status, Status::Ok),
            Err(e) => {
                assert_eq!(strict.read, e.valid_up_to());
                assert_eq!(strict.error_len, e.error_len().unwrap_or(0));
            }
        }
    }
    for cp in (0..=0x10_FFFF)
        .step_by(97)
        .chain([0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x1_0000])
    {
        let Some(c) = char::from_u32(cp) else {
            continue;
        };
        let utf8 = vals(c.encode_utf8(&mut [0; 4]).as_bytes());
        assert_eq!(rfc2279_bytes(cp), utf8, "U+{cp:04X}");
        for form in FAMILY {
            let units = model_encode(form, cp).unwrap();
            let items = model_items(form, &units, Utf16);
            assert_eq!(
                items,
                [(
                    0,
                    Item::Char {
                        cp,
                        len: units.len()
                    }
                )],
                "{form}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// RFC 2279 against its own table.
// ---------------------------------------------------------------------------------------------

/// RFC 2279 section 2: per length, the values it holds, the lead byte's fixed bits and the
/// number of value bits the lead keeps.
const RFC2279: [(usize, u32, u32, u8, u32); 6] = [
    (1, 0x0000_0000, 0x0000_007F, 0b0000_0000, 7),
    (2, 0x0000_0080, 0x0000_07FF, 0b1100_0000, 5),
    (3, 0x0000_0800, 0x0000_FFFF, 0b1110_0000, 4),
    (4, 0x0001_0000, 0x001F_FFFF, 0b1111_0000, 3),
    (5, 0x0020_0000, 0x03FF_FFFF, 0b1111_1000, 2),
    (6, 0x0400_0000, 0x7FFF_FFFF, 0b1111_1100, 1),
];

/// `v` written in exactly `n` bytes (overlong when `v` is below the range of `n`).
fn rfc2279_in(v: u32, n: usize) -> Vec<u32> {
    let (_, _, _, mark, bits) = RFC2279[n - 1];
    assert!(u64::from(v) < 1u64 << (bits as usize + 6 * (n - 1)));
    let mut out = vec![u32::from(mark) | (v >> (6 * (n - 1)))];
    out.extend((0..n - 1).rev().map(|i| 0x80 | ((v >> (6 * i)) & 0x3F)));
    out
}

fn shortest(v: u32) -> usize {
    RFC2279.iter().find(|r| v <= r.2).unwrap().0
}

/// Every length boundary (7F/80, 7FF/800, FFFF/10000, 1FFFFF/200000, 3FFFFFF/4000000,
/// 7FFFFFFF) and random values of each length, both ways between RFC 2279 and UTF-32, and
/// from RFC 2279 into UTF-8 / UTF-16 (values above U+10FFFF unmappable there, error_len = the
/// sequence's bytes). Oracle: the RFC's table above.
#[test]
fn rfc2279_every_length_boundary() {
    let mut rng = Rng::new(2279);
    for &(n, lo, hi, _, _) in &RFC2279 {
        let mut values = vec![lo, lo + 1, hi - 1, hi];
        values.extend((0..200).map(|_| rng.range(lo, hi)));
        for v in values {
            if (0xD800..=0xDFFF).contains(&v) {
                continue;
            }
            let seq = rfc2279_in(v, n);
            assert_eq!(shortest(v), n);
            check(
                Utf32,
                &[v],
                Rfc2279,
                Policy::Strict,
                (ok(1, n, 0), seq.clone()),
            );
            check(Rfc2279, &seq, Utf32, Policy::Strict, (ok(n, 1, 0), vec![v]));
            check(
                Rfc2279,
                &seq,
                Rfc2279,
                Policy::Strict,
                (ok(n, n, 0), seq.clone()),
            );
            for to in [Utf8, Utf16, Cesu8, Wtf8] {
                if v <= 0x10_FFFF {
                    check_model(Rfc2279, &seq, to, Policy::Strict);
                } else {
                    let stop = outcome(Status::Unmappable, ErrorKind::Unmappable, 0, 0, n, 0);
                    check(Rfc2279, &seq, to, Policy::Strict, (stop, vec![]));
                    check(
                        Rfc2279,
                        &seq,
                        to,
                        Policy::Replace,
                        (ok(n, replacement(to).len(), 1), replacement(to)),
                    );
                }
            }
        }
        // One past the top needs one byte more.
        if n < 6 {
            assert_eq!(rfc2279_in(hi + 1, n + 1), rfc2279_bytes(hi + 1));
            check(
                Utf32,
                &[hi + 1],
                Rfc2279,
                Policy::Strict,
                (ok(1, n + 1, 0), rfc2279_in(hi + 1, n + 1)),
            );
        }
    }
    // Above 31 bits: out of range even for RFC 2279.
    for v in [0x8000_0000, 0xFFFF_FFFF] {
        let stop = outcome(Status::Invalid, ErrorKind::OutOfRange, 1, 1, 1, 0);
        check(
            Utf32,
            &[0x41, v],
            Rfc2279,
            Policy::Strict,
            (stop, vec![0x41]),
        );
    }
    // Values above U+10FFFF are accepted from UTF-32 only when the target is RFC 2279.
    let stop = outcome(Status::Invalid, ErrorKind::OutOfRange, 0, 0, 1, 0);
    check(Utf32, &[0x11_0000], Utf8, Policy::Strict, (stop, vec![]));
    check(
        Utf32,
        &[0x11_0000],
        Rfc2279,
        Policy::Strict,
        (ok(1, 4, 0), vec![0xF4, 0x90, 0x80, 0x80]),
    );
}

/// Every value of each boundary class written in every longer form is an overlong: the lead
/// alone is the maximal subpart (OVERLONG, 1 byte), each continuation byte after it one more
/// (UNEXPECTED_CONTINUATION). Oracle: the RFC's table.
#[test]
fn rfc2279_every_overlong_is_ill_formed() {
    let classes = [
        0, 1, 0x2F, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x1_0000, 0x1F_FFFF, 0x20_0000, 0x3FF_FFFF,
    ];
    for v in classes {
        for m in shortest(v) + 1..=6 {
            let seq = rfc2279_in(v, m);
            let stop = outcome(Status::Invalid, ErrorKind::Overlong, 0, 0, 1, 0);
            check(Rfc2279, &seq, Utf32, Policy::Strict, (stop, vec![]));
            let mut src = vec![0x61];
            src.extend(&seq);
            src.push(0x7A);
            let mut want = vec![0x61];
            want.extend(std::iter::repeat_n(0xFFFD, m));
            want.push(0x7A);
            check(
                Rfc2279,
                &src,
                Utf32,
                Policy::Replace,
                (ok(m + 2, m + 2, m), want),
            );
        }
    }
}

/// FE and FF never start a sequence; D800..DFFF written in 3 bytes are SURROGATE (lead only);
/// a sequence cut by the end is TRUNCATED and cut by a non-continuation byte TOO_SHORT.
/// Oracle: RFC 2279 / RFC 3629 text.
#[test]
fn rfc2279_fe_ff_surrogates_and_cut_sequences() {
    for b in [0xFE, 0xFF] {
        for tail in [
            &[][..],
            &[0x80][..],
            &[0x80, 0x80, 0x80, 0x80, 0x80, 0x80][..],
        ] {
            let mut src = vec![b];
            src.extend(tail);
            let stop = outcome(Status::Invalid, ErrorKind::InvalidLead, 0, 0, 1, 0);
            check(Rfc2279, &src, Utf32, Policy::Strict, (stop, vec![]));
        }
    }
    for s in 0xD800..=0xDFFF {
        let seq = rfc2279_in(s, 3);
        let stop = outcome(Status::Invalid, ErrorKind::Surrogate, 0, 0, 1, 0);
        check(Rfc2279, &seq, Utf32, Policy::Strict, (stop, vec![]));
        // A UTF-32 surrogate is ill-formed at the source, RFC 2279 target or not.
        let stop = outcome(Status::Invalid, ErrorKind::Surrogate, 0, 0, 1, 0);
        check(Utf32, &[s], Rfc2279, Policy::Strict, (stop, vec![]));
    }
    for &(n, lo, hi, _, _) in &RFC2279[1..] {
        for v in [lo, hi] {
            let seq = rfc2279_in(v, n);
            for k in 1..n {
                let trunc = outcome(Status::Truncated, ErrorKind::Incomplete, 1, 1, 0, 0);
                let mut src = vec![0x41];
                src.extend(&seq[..k]);
                check(Rfc2279, &src, Utf32, Policy::Strict, (trunc, vec![0x41]));
                src.push(0x41);
                let short = outcome(Status::Invalid, ErrorKind::TooShort, 1, 1, k, 0);
                check(Rfc2279, &src, Utf32, Policy::Strict, (short, vec![0x41]));
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The RFCs' own examples.
// ---------------------------------------------------------------------------------------------

/// The examples of RFC 2279 / RFC 3629 section 7 in every form: UTF-8, WTF-8 and RFC 2279
/// keep the bytes; CESU-8 and MUTF-8 too when every character is in the BMP; UTF-16 and UTF-32
/// (every byte order) hold the characters; Latin-1 and CP1252 cannot (UNMAPPABLE at the first
/// character above their range). Oracle: the characters printed in the RFCs.
#[test]
fn rfc_examples_in_every_form() {
    let examples: [(&[u8], &[u32]); 5] = [
        (
            b"\x41\xE2\x89\xA2\xCE\x91\x2E",
            &[0x41, 0x2262, 0x391, 0x2E],
        ),
        (
            b"\x48\x69\x20\x4D\x6F\x6D\x20\xE2\x98\xBA\x21",
            &[0x48, 0x69, 0x20, 0x4D, 0x6F, 0x6D, 0x20, 0x263A, 0x21],
        ),
        (
            b"\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E",
            &[0x65E5, 0x672C, 0x8A9E],
        ),
        (
            b"\xED\x95\x9C\xEA\xB5\xAD\xEC\x96\xB4",
            &[0xD55C, 0xAD6D, 0xC5B4],
        ),
        // A BOM is a character like any other: nothing strips it.
        (b"\xEF\xBB\xBF\xF0\xA3\x8E\xB4", &[0xFEFF, 0x233B4]),
    ];
    for (utf8, chars) in examples {
        let utf8 = vals(utf8);
        // Where the example is written as it is printed.
        let mut forms = vec![
            (Utf8, utf8.clone()),
            (Wtf8, utf8.clone()),
            (Rfc2279, utf8.clone()),
        ];
        let bmp = chars.iter().all(|&c| c <= 0xFFFF);
        if bmp {
            forms.push((Cesu8, utf8.clone()));
            forms.push((Mutf8, utf8.clone()));
        } else {
            // U+233B4 is D84C DFB4, each surrogate in 3 bytes.
            let six = vec![0xEF, 0xBB, 0xBF, 0xED, 0xA1, 0x8C, 0xED, 0xBE, 0xB4];
            forms.push((Cesu8, six.clone()));
            forms.push((Mutf8, six));
            // The 4-byte form is ill-formed there, at its lead.
            for form in [Cesu8, Mutf8] {
                let stop = outcome(Status::Invalid, ErrorKind::FourByteForm, 3, 1, 1, 0);
                check(form, &utf8, Utf16, Policy::Strict, (stop, vec![0xFEFF]));
            }
        }
        let utf16: Vec<u32> = chars
            .iter()
            .flat_map(|&c| model_encode(Utf16, c).unwrap())
            .collect();
        for order in [Utf16, Utf16Le, Utf16Be] {
            forms.push((order, utf16.clone()));
        }
        for order in [Utf32, Utf32Le, Utf32Be, Wchar] {
            forms.push((order, chars.to_vec()));
        }
        for (from, src) in &forms {
            for (to, want) in &forms {
                for policy in [Policy::Strict, Policy::Replace, Policy::Escape] {
                    check(
                        *from,
                        src,
                        *to,
                        policy,
                        (ok(src.len(), want.len(), 0), want.clone()),
                    );
                }
            }
            // Latin-1 and CP1252 hold none of the non-ASCII characters here.
            let first = chars.iter().position(|&c| c > 0xFF).unwrap();
            let read: usize = chars[..first]
                .iter()
                .map(|&c| model_encode(*from, c).unwrap().len())
                .sum();
            let len = model_encode(*from, chars[first]).unwrap().len();
            for to in [Latin1, Cp1252] {
                let stop = outcome(
                    Status::Unmappable,
                    ErrorKind::Unmappable,
                    read,
                    first,
                    len,
                    0,
                );
                check(
                    *from,
                    src,
                    to,
                    Policy::Strict,
                    (stop, chars[..first].to_vec()),
                );
                check_model(*from, src, to, Policy::Replace);
            }
        }
    }
}

/// The security example of RFC 3629 section 10: `2F C0 AE 2E 2F`, where C0 AE is an overlong
/// '.', never decodes to "/../" in any form, under any policy, into any target (MUTF-8 accepts
/// only C0 80). STRICT stops at offset 1 (OVERLONG); the others match the model.
#[test]
fn security_example_never_decodes_to_dot_dot() {
    let src = vals(b"\x2F\xC0\xAE\x2E\x2F");
    for from in FAMILY {
        let stop = outcome(Status::Invalid, ErrorKind::Overlong, 1, 1, 1, 0);
        check(from, &src, Utf32, Policy::Strict, (stop, vec![0x2F]));
        for to in Encoding::ALL {
            for policy in POLICIES {
                let (o, out) = run(from, &src, to, policy);
                check_model(from, &src, to, policy);
                if o.status != Status::Ok {
                    continue;
                }
                // Read the output back as its target's characters (bad bytes of an escaped
                // UTF-8 target stay bytes, never '.').
                let chars: Vec<u32> = model_items(to, &out, Utf32)
                    .iter()
                    .map(|(_, item)| match item {
                        Item::Char { cp, .. } => *cp,
                        _ => 0xFFFD,
                    })
                    .collect();
                assert_ne!(chars, [0x2F, 0x2E, 0x2E, 0x2F], "{from} -> {to} {policy:?}");
                assert!(
                    !chars.windows(2).any(|w| w == [0x2E, 0x2E]),
                    "{from} -> {to} {policy:?}: {}",
                    hex(&chars)
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The specification's corner decisions, one literal each.
// ---------------------------------------------------------------------------------------------

fn strict_stop(
    status: Status,
    error: ErrorKind,
    read: usize,
    written: usize,
    len: usize,
) -> Outcome {
    outcome(status, error, read, written, len, 0)
}

/// CESU-8: a high surrogate not followed by a low one is its own 3-byte subpart, and the ED
/// that follows is not swallowed: `ED A0 80 ED 80 80` is a LONE_SURROGATE then U+D000.
/// A low without a high is 1 byte. Ending inside a possible low is TRUNCATED at the high.
/// F0..F7 are FOUR_BYTE_FORM, C0 80 is overlong, 00 is U+0000.
#[test]
fn cesu8_corners() {
    let src = vals(b"\xED\xA0\x80\xED\x80\x80");
    let stop = strict_stop(Status::Invalid, ErrorKind::LoneSurrogate, 0, 0, 3);
    check(Cesu8, &src, Utf16, Policy::Strict, (stop, vec![]));
    check(
        Cesu8,
        &src,
        Utf16,
        Policy::Replace,
        (ok(6, 2, 1), vec![0xFFFD, 0xD000]),
    );
    check(
        Cesu8,
        &src,
        Utf16,
        Policy::Skip,
        (ok(6, 1, 1), vec![0xD000]),
    );
    // A low first: each of its bytes is a subpart (nothing well-formed starts ED B0).
    let src = vals(b"a\xED\xB0\x80");
    let stop = strict_stop(Status::Invalid, ErrorKind::LoneSurrogate, 1, 1, 1);
    check(Cesu8, &src, Utf16, Policy::Strict, (stop, vec![0x61]));
    check(
        Cesu8,
        &src,
        Utf16,
        Policy::Replace,
        (ok(4, 4, 3), vec![0x61, 0xFFFD, 0xFFFD, 0xFFFD]),
    );
    // Reversed pair: two lone surrogates.
    let src = vals(b"\xED\xB0\x80\xED\xA0\x80z");
    check_model(Cesu8, &src, Utf16, Policy::Replace);
    // The end inside a possible low: TRUNCATED at the high, whatever follows it so far.
    for tail in [&b""[..], b"\xED", b"\xED\xB5"] {
        let mut src = vals(b"x\xED\xA0\x80");
        src.extend(vals(tail));
        let stop = strict_stop(Status::Truncated, ErrorKind::Incomplete, 1, 1, 0);
        check(Cesu8, &src, Utf16, Policy::Strict, (stop, vec![0x78]));
    }
    // Not a possible low: the high alone is the subpart.
    let src = vals(b"\xED\xA0\x80\xE1");
    let stop = strict_stop(Status::Invalid, ErrorKind::LoneSurrogate, 0, 0, 3);
    check(Cesu8, &src, Utf16, Policy::Strict, (stop, vec![]));
    // A complete pair.
    check(
        Cesu8,
        &vals(b"\xED\xA0\x81\xED\xB0\x81"),
        Utf32,
        Policy::Strict,
        (ok(6, 1, 0), vec![0x10401]),
    );
    // Four-byte form.
    let src = vals(b"\xF0\x9F\x98\x80");
    let stop = strict_stop(Status::Invalid, ErrorKind::FourByteForm, 0, 0, 1);
    check(Cesu8, &src, Utf32, Policy::Strict, (stop, vec![]));
    check(
        Cesu8,
        &src,
        Utf32,
        Policy::Replace,
        (ok(4, 4, 4), vec![0xFFFD; 4]),
    );
    // F8..FF are no lead in any form but RFC 2279's F8..FD.
    let stop = strict_stop(Status::Invalid, ErrorKind::InvalidLead, 0, 0, 1);
    check(Cesu8, &[0xF8], Utf32, Policy::Strict, (stop, vec![]));
    // U+0000 is 00; C0 80 is an overlong.
    check(Cesu8, &[0], Utf32, Policy::Strict, (ok(1, 1, 0), vec![0]));
    let stop = strict_stop(Status::Invalid, ErrorKind::Overlong, 0, 0, 1);
    check(Cesu8, &[0xC0, 0x80], Utf32, Policy::Strict, (stop, vec![]));
    check(Utf32, &[0], Cesu8, Policy::Strict, (ok(1, 1, 0), vec![0]));
}

/// MUTF-8: a raw 00 is NUL_BYTE; C0 80 is U+0000 and is how U+0000 is written; other C0/C1
/// are OVERLONG (C0 before a non-continuation TOO_SHORT, C0 at the end TRUNCATED); lone
/// surrogates are characters, a trailing lone high included; a high then a low is one
/// supplementary character.
#[test]
fn mutf8_corners() {
    let stop = strict_stop(Status::Invalid, ErrorKind::NulByte, 1, 1, 1);
    check(
        Mutf8,
        &[0x61, 0, 0x62],
        Utf16,
        Policy::Strict,
        (stop, vec![0x61]),
    );
    check(
        Mutf8,
        &[0xC0, 0x80],
        Utf16,
        Policy::Strict,
        (ok(2, 1, 0), vec![0]),
    );
    check(
        Utf16,
        &[0],
        Mutf8,
        Policy::Strict,
        (ok(1, 2, 0), vec![0xC0, 0x80]),
    );
    check(
        Utf8,
        &[0],
        Mutf8,
        Policy::Strict,
        (ok(1, 2, 0), vec![0xC0, 0x80]),
    );
    for (src, kind) in [
        (&[0xC0, 0xAE][..], ErrorKind::Overlong),
        (&[0xC0, 0xBF][..], ErrorKind::Overlong),
        (&[0xC1, 0x80][..], ErrorKind::Overlong),
        (&[0xC1][..], ErrorKind::Overlong),
        (&[0xC0, 0x41][..], ErrorKind::TooShort),
        (&[0xF0, 0x9F, 0x98, 0x80][..], ErrorKind::FourByteForm),
    ] {
        let stop = strict_stop(Status::Invalid, kind, 0, 0, 1);
        check(Mutf8, &vals(src), Utf16, Policy::Strict, (stop, vec![]));
    }
    let stop = strict_stop(Status::Truncated, ErrorKind::Incomplete, 1, 1, 0);
    check(
        Mutf8,
        &[0x41, 0xC0],
        Utf16,
        Policy::Strict,
        (stop, vec![0x41]),
    );
    // The trailing lone high: a character (one-shot).
    let src = vals(b"A\xED\xA0\x80");
    check(
        Mutf8,
        &src,
        Utf16,
        Policy::Strict,
        (ok(4, 2, 0), vec![0x41, 0xD800]),
    );
    check(
        Mutf8,
        &src,
        Wtf8,
        Policy::Strict,
        (ok(4, 4, 0), src.clone()),
    );
    // It cannot be written in UTF-8, CESU-8 or UTF-32: unmappable, 3 bytes.
    for to in [Utf8, Cesu8, Utf32, Rfc2279] {
        let stop = strict_stop(Status::Unmappable, ErrorKind::Unmappable, 1, 1, 3);
        check(Mutf8, &src, to, Policy::Strict, (stop, vec![0x41]));
    }
    // Lone low, reversed pair, high then ASCII: all characters.
    let src = vals(b"\xED\xB0\x80\xED\xA0\x80A\xED\xA0\x80\xED\xB0\x80");
    let want = vec![0xDC00, 0xD800, 0x41, 0xD800, 0xDC00];
    check(Mutf8, &src, Utf16, Policy::Strict, (ok(13, 5, 0), want));
}

/// WTF-8: a high sequence directly followed by a complete low sequence is ill-formed at the
/// high half, a 3-byte subpart (SPLIT_SURROGATE_PAIR); the low half after it is a lone surrogate.
/// So the pair is one U+FFFD and U+DC00 under REPLACE, three CP1252 characters and U+DC00 under
/// FALLBACK, three escapes and U+DC00 under ESCAPE. A high followed by anything else is a lone
/// high.
#[test]
fn wtf8_corners() {
    let src = vals(b"a\xED\xA0\x80\xED\xB0\x80z");
    let stop = strict_stop(Status::Invalid, ErrorKind::SplitSurrogatePair, 1, 1, 3);
    check(Wtf8, &src, Utf16, Policy::Strict, (stop, vec![0x61]));
    check(
        Wtf8,
        &src,
        Utf16,
        Policy::Replace,
        (ok(8, 4, 1), vec![0x61, 0xFFFD, 0xDC00, 0x7A]),
    );
    check(
        Wtf8,
        &src,
        Utf16,
        Policy::Skip,
        (ok(8, 3, 1), vec![0x61, 0xDC00, 0x7A]),
    );
    // ED A0 80 through windows-1252: í \u{A0} €.
    let fallback = vec![0x61, 0xED, 0xA0, 0x20AC, 0xDC00, 0x7A];
    check(Wtf8, &src, Utf16, Policy::Fallback, (ok(8, 6, 3), fallback));
    let escaped = vec![0x61, 0xDCED, 0xDCA0, 0xDC80, 0xDC00, 0x7A];
    check(Wtf8, &src, Utf16, Policy::Escape, (ok(8, 6, 3), escaped));
    // UTF-8 target under ESCAPE: the high half's bytes themselves; the lone low half is a
    // character UTF-8 cannot hold, and U+DC00 is no escape.
    let unmappable = outcome(Status::Unmappable, ErrorKind::Unmappable, 4, 4, 3, 3);
    check(
        Wtf8,
        &src,
        Utf8,
        Policy::Escape,
        (unmappable, src[..4].to_vec()),
    );
    // WTF-8 to WTF-8 under REPLACE makes it well-formed.
    check(
        Wtf8,
        &src,
        Wtf8,
        Policy::Replace,
        (ok(8, 8, 1), vals(b"a\xEF\xBF\xBD\xED\xB0\x80z")),
    );
    // The 4-byte form of the same character is the well-formed one.
    check(
        Wtf8,
        &vals(b"\xF0\x90\x80\x80"),
        Utf16,
        Policy::Strict,
        (ok(4, 2, 0), vec![0xD800, 0xDC00]),
    );
    // Lone surrogates are characters: high then ASCII, a low alone, reversed, a high at the end.
    let src = vals(b"\xED\xA0\x80A\xED\xB0\x80\xED\xA0\x80");
    check(
        Wtf8,
        &src,
        Utf16,
        Policy::Strict,
        (ok(10, 4, 0), vec![0xD800, 0x41, 0xDC00, 0xD800]),
    );
    // And UTF-16 with lone surrogates is well-formed when the target is WTF-8 (or MUTF-8):
    // a trailing high included, which UTF-8 reports as TRUNCATED.
    check(
        Utf16,
        &[0x41, 0xD800],
        Wtf8,
        Policy::Strict,
        (ok(2, 4, 0), vals(b"A\xED\xA0\x80")),
    );
    check(
        Utf16,
        &[0x41, 0xD800],
        Mutf8,
        Policy::Strict,
        (ok(2, 4, 0), vals(b"A\xED\xA0\x80")),
    );
    let trunc = strict_stop(Status::Truncated, ErrorKind::Incomplete, 1, 1, 0);
    check(
        Utf16,
        &[0x41, 0xD800],
        Utf8,
        Policy::Strict,
        (trunc, vec![0x41]),
    );
    let lone = strict_stop(Status::Invalid, ErrorKind::LoneSurrogate, 1, 1, 1);
    check(
        Utf16,
        &[0x41, 0xDC00, 0x42],
        Cesu8,
        Policy::Strict,
        (lone, vec![0x41]),
    );
}

/// A high surrogate followed, at the very end of MUTF-8 or WTF-8 input, by the first bytes of
/// a low one: the high is a lone surrogate (no low half can complete it any more) and the input
/// is TRUNCATED after it, where the unfinished low half starts.
#[test]
fn high_then_cut_low_at_the_end_is_a_lone_high_then_truncated() {
    for form in [Mutf8, Wtf8] {
        for tail in [&b"\xED"[..], b"\xED\xB0"] {
            let mut src = vals(b"\xED\xA0\x80");
            src.extend(vals(tail));
            let (o, _) = run(form, &src, Utf16, Policy::Strict);
            assert_eq!(
                (o.status, o.error, o.error_len),
                (Status::Truncated, ErrorKind::Incomplete, 0)
            );
            // Decided: the high surrogate stands alone (the end proves no low half follows)
            // and the truncation is reported where the unfinished low half starts.
            assert_eq!(o.read, 3, "{form}: {o:?}");
        }
    }
}

/// ESCAPE on each kind of target, for UTF-8-family input: the bad byte b is U+DC00+b as a lone
/// surrogate in UTF-16/UTF-32/WTF-8/MUTF-8 targets, the byte itself in UTF-8/CESU-8/RFC 2279
/// (so UTF-8 -> UTF-8 copies the input); Latin-1 and CP1252 targets are BAD_ARGUMENT. For
/// UTF-16/32 input, a lone U+DC80..U+DCFF comes back as its byte (or stays itself in UTF-16 /
/// UTF-32); any other bad unit stops as STRICT. An unmappable lone U+DC80..U+DCFF (WTF-8 into
/// UTF-8) becomes its byte too; other unmappable characters stop as STRICT. MUTF-8's raw 00 is
/// U+DC00 (outside DC80..DCFF).
#[test]
fn escape_on_each_target() {
    let src = vals(b"a\xFFb");
    let cases: [(Encoding, Vec<u32>); 10] = [
        (Utf8, vals(b"a\xFFb")),
        (Cesu8, vals(b"a\xFFb")),
        (Rfc2279, vals(b"a\xFFb")),
        (Utf16, vec![0x61, 0xDCFF, 0x62]),
        (Utf16Le, vec![0x61, 0xDCFF, 0x62]),
        (Utf16Be, vec![0x61, 0xDCFF, 0x62]),
        (Utf32, vec![0x61, 0xDCFF, 0x62]),
        (Utf32Be, vec![0x61, 0xDCFF, 0x62]),
        (Wtf8, vals(b"a\xED\xB3\xBFb")),
        (Mutf8, vals(b"a\xED\xB3\xBFb")),
    ];
    for from in FAMILY {
        for (to, want) in &cases {
            check(
                from,
                &src,
                *to,
                Policy::Escape,
                (ok(3, want.len(), 1), want.clone()),
            );
        }
        for to in [Latin1, Cp1252] {
            let bad = outcome(Status::BadArgument, ErrorKind::BadArgument, 0, 0, 0, 0);
            check(from, &src, to, Policy::Escape, (bad, vec![]));
        }
    }
    // UTF-8 -> UTF-8 under ESCAPE is the input verbatim, whatever it holds.
    let dirty = vals(b"\xC0\xAE\xED\xA0\x80\xF4\x90\x80\x80\xE2\x82");
    check(
        Utf8,
        &dirty,
        Utf8,
        Policy::Escape,
        (ok(11, 11, 11), dirty.clone()),
    );
    // UTF-16 input: DCFF (ill-formed) is byte FF in byte targets, itself in UTF-16/UTF-32.
    let src16 = vec![0x61, 0xDCFF, 0x62];
    for (to, want) in [
        (Utf8, vals(b"a\xFFb")),
        (Cesu8, vals(b"a\xFFb")),
        (Rfc2279, vals(b"a\xFFb")),
        (Utf16Be, src16.clone()),
        (Utf32, src16.clone()),
    ] {
        check(
            Utf16,
            &src16,
            to,
            Policy::Escape,
            (ok(3, want.len(), 1), want),
        );
    }
    // Outside DC80..DCFF: stops as STRICT.
    for u in [0xDC00, 0xDC7F, 0xDD00, 0xD800] {
        let src = [0x61, u, 0x62];
        let stop = strict_stop(Status::Invalid, ErrorKind::LoneSurrogate, 1, 1, 1);
        check(Utf16, &src, Utf8, Policy::Escape, (stop, vec![0x61]));
        let stop = strict_stop(Status::Invalid, ErrorKind::Surrogate, 1, 1, 1);
        check(Utf32, &src, Utf8, Policy::Escape, (stop, vec![0x61]));
    }
    let stop = strict_stop(Status::Invalid, ErrorKind::OutOfRange, 0, 0, 1);
    check(Utf32, &[0x11_0000], Utf8, Policy::Escape, (stop, vec![]));
    // Unmappable lone surrogates from WTF-8: DC80..DCFF become the byte (raw unit in UTF-32).
    let lone = vals(b"a\xED\xB3\xBFb");
    check(
        Wtf8,
        &lone,
        Utf8,
        Policy::Escape,
        (ok(5, 3, 1), vals(b"a\xFFb")),
    );
    check(
        Wtf8,
        &lone,
        Utf32,
        Policy::Escape,
        (ok(5, 3, 1), vec![0x61, 0xDCFF, 0x62]),
    );
    let high = vals(b"a\xED\xA0\x80b");
    let stop = strict_stop(Status::Unmappable, ErrorKind::Unmappable, 1, 1, 3);
    check(Wtf8, &high, Utf8, Policy::Escape, (stop, vec![0x61]));
    // Values above U+10FFFF (RFC 2279) are not escapable.
    let big = vals(b"a\xF8\x88\x80\x80\x80");
    let stop = strict_stop(Status::Unmappable, ErrorKind::Unmappable, 1, 1, 5);
    check(Rfc2279, &big, Utf8, Policy::Escape, (stop, vec![0x61]));
    // MUTF-8's raw 00: U+DC00 in UTF-16, the byte 00 in UTF-8.
    check(
        Mutf8,
        &[0x61, 0, 0x62],
        Utf16,
        Policy::Escape,
        (ok(3, 3, 1), vec![0x61, 0xDC00, 0x62]),
    );
    check(
        Mutf8,
        &[0x61, 0, 0x62],
        Utf8,
        Policy::Escape,
        (ok(3, 3, 1), vec![0x61, 0, 0x62]),
    );
    // ... and U+DC00 back into MUTF-8 is a lone low, not the byte.
    check(
        Utf16,
        &[0xDC00],
        Mutf8,
        Policy::Escape,
        (ok(1, 3, 0), vec![0xED, 0xB0, 0x80]),
    );
}

/// What each target cannot hold (STRICT: UNMAPPABLE with error_len = the character's units in
/// the input; REPLACE/FALLBACK: U+FFFD, or `?` in Latin-1/CP1252; SKIP: dropped; +1 each).
#[test]
fn unmappable_per_target() {
    let high = vals(b"\xED\xA0\x80"); // a lone high, from WTF-8
    let big = vals(b"\xF4\x90\x80\x80"); // U+110000, from RFC 2279
    let cases: [(Encoding, &[u32], Encoding, bool); 20] = [
        (Wtf8, &high, Utf8, false),
        (Wtf8, &high, Cesu8, false),
        (Wtf8, &high, Mutf8, true),
        (Wtf8, &high, Wtf8, true),
        (Wtf8, &high, Rfc2279, false),
        (Wtf8, &high, Utf16Le, true),
        (Wtf8, &high, Utf32, false),
        (Wtf8, &high, Latin1, false),
        (Wtf8, &high, Cp1252, false),
        (Rfc2279, &big, Utf8, false),
        (Rfc2279, &big, Cesu8, false),
        (Rfc2279, &big, Mutf8, false),
        (Rfc2279, &big, Wtf8, false),
        (Rfc2279, &big, Rfc2279, true),
        (Rfc2279, &big, Utf16Be, false),
        (Rfc2279, &big, Utf32Le, true),
        (Utf8, &[0xC2, 0x80], Cp1252, false), // U+0080: not in the WHATWG index
        (Utf8, &[0xC2, 0x81], Cp1252, true),  // U+0081: byte 81
        (Utf8, &[0xE2, 0x82, 0xAC], Cp1252, true), // U+20AC: byte 80
        (Utf8, &[0xC5, 0x92], Latin1, false), // U+0152
    ];
    for (from, src, to, mappable) in cases {
        let mut input = vec![0x41];
        input.extend(src);
        let n = src.len();
        if mappable {
            check_model(from, &input, to, Policy::Strict);
            assert_eq!(
                run(from, &input, to, Policy::Strict).0.status,
                Status::Ok,
                "{from} -> {to}"
            );
            continue;
        }
        let stop = strict_stop(Status::Unmappable, ErrorKind::Unmappable, 1, 1, n);
        check(from, &input, to, Policy::Strict, (stop, vec![0x41]));
        let mut replaced = vec![0x41];
        replaced.extend(replacement(to));
        for policy in [Policy::Replace, Policy::Fallback] {
            check(
                from,
                &input,
                to,
                policy,
                (ok(n + 1, replaced.len(), 1), replaced.clone()),
            );
        }
        check(
            from,
            &input,
            to,
            Policy::Skip,
            (ok(n + 1, 1, 1), vec![0x41]),
        );
    }
    // From UTF-16, a pair unmappable in Latin-1 has error_len 2; from UTF-32, 1.
    let stop = strict_stop(Status::Unmappable, ErrorKind::Unmappable, 0, 0, 2);
    check(
        Utf16,
        &[0xD83D, 0xDE00],
        Latin1,
        Policy::Strict,
        (stop, vec![]),
    );
    let stop = strict_stop(Status::Unmappable, ErrorKind::Unmappable, 0, 0, 1);
    check(Utf32, &[0x1F600], Cp1252, Policy::Strict, (stop, vec![]));
}

/// FALLBACK counts one per byte of each bad subpart (a truncated end too), whatever the target
/// does with the CP1252 character; bad UTF-16/32 units and unmappable characters count one
/// each, as under REPLACE.
#[test]
fn fallback_counts() {
    // E2 82 is one subpart of two bytes: â and ‚ (U+201A).
    let src = vals(b"a\xE2\x82b");
    check(
        Utf8,
        &src,
        Utf16,
        Policy::Fallback,
        (ok(4, 4, 2), vec![0x61, 0xE2, 0x201A, 0x62]),
    );
    // Latin-1 holds â but not ‚, which becomes '?': still 2 (bytes), not 3.
    check(
        Utf8,
        &src,
        Latin1,
        Policy::Fallback,
        (ok(4, 4, 2), vals(b"a\xE2?b")),
    );
    check(
        Utf8,
        &src,
        Cp1252,
        Policy::Fallback,
        (ok(4, 4, 2), vals(b"a\xE2\x82b")),
    );
    // A truncated end: each byte.
    let src = vals(b"a\xF0\x9F\x98");
    check(
        Utf8,
        &src,
        Utf32,
        Policy::Fallback,
        (ok(4, 4, 3), vec![0x61, 0xF0, 0x178, 0x2DC]),
    );
    // The five bytes WHATWG maps to C1 controls.
    let src = vals(b"\x81\x8D\x8F\x90\x9D");
    check(
        Utf8,
        &src,
        Utf32,
        Policy::Fallback,
        (ok(5, 5, 5), src.clone()),
    );
    check(
        Cesu8,
        &src,
        Cp1252,
        Policy::Fallback,
        (ok(5, 5, 5), src.clone()),
    );
    // UTF-16 input: one U+FFFD per bad unit.
    check(
        Utf16,
        &[0xDC00, 0x41],
        Utf8,
        Policy::Fallback,
        (ok(2, 4, 1), vals(b"\xEF\xBF\xBDA")),
    );
    // An unmappable character: one U+FFFD.
    check(
        Utf32,
        &[0x1F600],
        Latin1,
        Policy::Fallback,
        (ok(1, 1, 1), vec![0x3F]),
    );
    // Each family form, its own bad subparts.
    for (form, bad) in [
        (Cesu8, &b"\xF0\x9F\x98\x80"[..]),
        (Mutf8, b"\x00"),
        (Wtf8, b"\xC0\x80\xED\xA0"),
        (Rfc2279, b"\xC0\x80\xFE"),
    ] {
        check_model(form, &vals(bad), Utf16, Policy::Fallback);
        assert_eq!(
            run(form, &vals(bad), Utf16, Policy::Fallback).0.replaced,
            bad.len(),
            "{form}"
        );
    }
}

/// A slice of the wrong unit type for its encoding is BAD_ARGUMENT.
#[test]
fn mismatched_unit_types_are_bad_arguments() {
    let bad = outcome(Status::BadArgument, ErrorKind::BadArgument, 0, 0, 0, 0);
    let mut out16 = [0u16; 8];
    let mut out8 = [0u8; 8];
    let got = utf8x::convert(
        &[0x41u16],
        Cesu8,
        Some(&mut out16[..]),
        Utf16,
        Policy::Strict,
    );
    assert_eq!(got, bad);
    let got = utf8x::convert(&[0x41u8], Cesu8, Some(&mut out8[..]), Utf16, Policy::Strict);
    assert_eq!(got, bad);
    let got = utf8x::convert(&[0x41u32], Utf16, Some(&mut out8[..]), Wtf8, Policy::Strict);
    assert_eq!(got, bad);
    let got = utf8x::convert::<u16, u8>(&[0x41], Rfc2279, None, Utf8, Policy::Strict);
    assert_eq!(got, bad, "a wrong source type, measuring");
}

/// Measuring (`dst: None`) with a target unit type that is not the target encoding's is a
/// mismatched unit type too (the specification: mismatched unit type -> BAD_ARGUMENT), so that
/// a measure and the conversion it sizes agree on their arguments.
#[test]
fn measuring_with_a_mismatched_target_type_is_a_bad_argument() {
    let bad = outcome(Status::BadArgument, ErrorKind::BadArgument, 0, 0, 0, 0);
    let got = utf8x::convert::<u8, u32>(&[0x41], Rfc2279, None, Utf16Le, Policy::Strict);
    assert_eq!(got, bad);
    let got = utf8x::convert::<u8, u8>(&[0x41], Utf8, None, Utf32, Policy::Strict);
    assert_eq!(got, bad);
}

// ---------------------------------------------------------------------------------------------
// Pinned equalities with the direct functions.
// ---------------------------------------------------------------------------------------------

type Direct<S, T> = fn(&[S], Option<&mut [T]>, Policy) -> Outcome;

/// `convert` gives exactly the direct function's outcome and output, for every policy, in
/// measure mode and at small capacities.
fn same_as_direct<S: U, T: U>(direct: Direct<S, T>, from: Encoding, to: Encoding, src: &[u32]) {
    let src: Vec<S> = to_mem(from, src);
    for policy in POLICIES {
        let want = direct(&src, None, policy);
        let got = utf8x::convert::<S, T>(&src, from, None, to, policy);
        assert_eq!(got, want, "measuring {from} -> {to} {policy:?} of {src:?}");
        for cap in [0, 1, 2, 3, 5, 8, roomy(src.len())] {
            let (mut a, mut b) = (vec![T::default(); cap], vec![T::default(); cap]);
            let want = direct(&src, Some(&mut a), policy);
            let got = utf8x::convert(&src, from, Some(&mut b[..]), to, policy);
            assert_eq!(got, want, "{from} -> {to} {policy:?} cap {cap} of {src:?}");
            assert_eq!(b, a, "{from} -> {to} {policy:?} cap {cap} of {src:?}");
        }
    }
}

fn dirty_bytes(rng: &mut Rng, n: usize) -> Vec<u32> {
    let mut out = Vec::new();
    while out.len() < n {
        match rng.below(6) {
            0 => out.push(rng.range(0x80, 0xFF)),
            1 => out.extend([0xED, rng.range(0xA0, 0xBF), 0x80]),
            _ => out.extend(model_encode(Utf8, random_char(rng, Utf8)).unwrap()),
        }
    }
    out
}

fn dirty_utf32(rng: &mut Rng, n: usize) -> Vec<u32> {
    (0..n)
        .map(|_| match rng.below(8) {
            0 => rng.range(0xD800, 0xDFFF),
            1 => rng.range(0x11_0000, 0xFFFF_FFFF),
            _ => random_char(rng, Utf8),
        })
        .collect()
}

#[test]
fn convert_is_the_direct_functions() {
    let mut rng = Rng::new(7);
    for i in 0..60 {
        let n = [0, 1, 2, 3, 7, 16, 31, 64, 100][i % 9];
        let utf8 = dirty_bytes(&mut rng, n);
        same_as_direct(utf8x::to_utf16le, Utf8, Utf16Le, &utf8);
        same_as_direct(utf8x::to_utf16be, Utf8, Utf16Be, &utf8);
        same_as_direct(utf8x::to_utf16, Utf8, Utf16, &utf8);
        same_as_direct(utf8x::to_utf32, Utf8, Utf32, &utf8);
        same_as_direct(utf8x::to_utf32, Utf8, Wchar, &utf8);
        same_as_direct(utf8x::to_latin1, Utf8, Latin1, &utf8);
        let utf16 = random_utf16(&mut rng, n);
        same_as_direct(utf8x::from_utf16le, Utf16Le, Utf8, &utf16);
        same_as_direct(utf8x::from_utf16be, Utf16Be, Utf8, &utf16);
        same_as_direct(utf8x::from_utf16, Utf16, Utf8, &utf16);
        let utf32 = dirty_utf32(&mut rng, n);
        same_as_direct(utf8x::from_utf32, Utf32, Utf8, &utf32);
        same_as_direct(utf8x::from_utf32, Wchar, Utf8, &utf32);
        let latin1: Vec<u32> = (0..n).map(|_| rng.range(0, 0xFF)).collect();
        same_as_direct(utf8x::from_latin1, Latin1, Utf8, &latin1);
    }
}

/// UTF-8 -> UTF-8 sanitises: REPLACE is `String::from_utf8_lossy`, STRICT stops where
/// `str::from_utf8` does. Oracle: std.
#[test]
fn utf8_to_utf8_is_from_utf8_lossy() {
    let mut rng = Rng::new(8);
    for i in 0..1500 {
        let src = dirty_bytes(&mut rng, i % 150);
        let raw = bytes(&src);
        let lossy = String::from_utf8_lossy(&raw);
        let (o, got) = run(Utf8, &src, Utf8, Policy::Replace);
        assert_eq!(bytes(&got), lossy.as_bytes(), "{}", hex(&src));
        assert_eq!(
            (o.status, o.read, o.written),
            (Status::Ok, src.len(), lossy.len())
        );
        let (o, got) = run(Utf8, &src, Utf8, Policy::Strict);
        match std::str::from_utf8(&raw) {
            Ok(_) => assert_eq!((o, got), (ok(src.len(), src.len(), 0), src.clone())),
            Err(e) => {
                assert_eq!(
                    (o.read, o.error_len),
                    (e.valid_up_to(), e.error_len().unwrap_or(0))
                );
                assert_eq!(got, src[..e.valid_up_to()]);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Every pair, every policy, against the model.
// ---------------------------------------------------------------------------------------------

/// Random input for `from`: soup of family pieces for the byte forms, UTF-16 with lone
/// surrogates, UTF-32 with surrogates and values up to 2^32, any byte for Latin-1 and CP1252.
fn random_input(rng: &mut Rng, from: Encoding, n: usize) -> Vec<u32> {
    match from.resolved() {
        f if f.is_utf8_family() => {
            let mut out = Vec::new();
            while out.len() < n {
                match rng.below(10) {
                    0 => out.push(rng.range(0x80, 0xFF)),
                    1 => out.extend([0xED, rng.range(0xA0, 0xBF), rng.range(0x80, 0xBF)]),
                    2 => out.extend([0xC0, 0x80]),
                    3 => out.push(0),
                    4 => out.extend(rfc2279_bytes(rng.range(0, 0x7FFF_FFFF))),
                    _ => out.extend(model_encode(f, random_char(rng, f)).unwrap()),
                }
            }
            out
        }
        Utf16 | Utf16Le | Utf16Be => random_utf16(rng, n),
        Utf32 | Utf32Le | Utf32Be => dirty_utf32(rng, n),
        _ => (0..n).map(|_| rng.range(0, 0xFF)).collect(),
    }
}

/// Every source x target x policy on short random inputs, and the same at small capacities
/// resumed after OUTPUT_FULL, against the model.
#[test]
fn every_pair_and_policy_against_the_model() {
    let mut rng = Rng::new(0xA11);
    let mut open = 0;
    for from in Encoding::ALL {
        for to in Encoding::ALL {
            for i in 0..12 {
                let src = random_input(&mut rng, from, i * 2);
                for policy in POLICIES {
                    let Some(want) = model(from, &src, to, policy) else {
                        open += 1;
                        continue;
                    };
                    check(from, &src, to, policy, want.clone());
                    if i % 4 == 1 && want.0.status == Status::Ok {
                        resumed(from, &src, to, policy, 1 + i % 5, &want);
                    }
                }
            }
        }
    }
    assert!(open < 100, "{open} open cases");
}

/// Converting with `cap` units of room, continuing from `read` after each OUTPUT_FULL, gives
/// the one-shot output and count.
fn resumed(
    from: Encoding,
    src: &[u32],
    to: Encoding,
    policy: Policy,
    cap: usize,
    want: &(Outcome, Vec<u32>),
) {
    let (mut at, mut out, mut replaced) = (0, Vec::new(), 0);
    loop {
        let (o, got) = run_cap(from, &src[at..], to, policy, Some(cap));
        out.extend(got);
        replaced += o.replaced;
        at += o.read;
        match o.status {
            Status::OutputFull => {
                // A character wider than the room would never fit: give it room (only rooms
                // smaller than a character of the target may stall).
                if o.read == 0 && o.written == 0 {
                    assert!(
                        cap < smallest_room(to),
                        "{from} -> {to} {policy:?}: no progress in {cap} units"
                    );
                    let (o, got) = run_cap(from, &src[at..], to, policy, Some(roomy(src.len())));
                    out.extend(got);
                    replaced += o.replaced;
                    at += o.read;
                    assert_eq!(o.status, Status::Ok);
                    break;
                }
            }
            Status::Ok => break,
            s => panic!(
                "{from} -> {to} {policy:?} cap {cap}: {s:?} at {at} of {}",
                hex(src)
            ),
        }
    }
    assert_eq!(
        (at, &out, replaced),
        (src.len(), &want.1, want.0.replaced),
        "{from} -> {to} {policy:?} cap {cap} of {}",
        hex(src)
    );
}

/// The room that always lets a conversion into `to` make progress: one character of the target
/// (a supplementary character, or an escaped or Windows-1252-decoded byte, is the widest).
fn smallest_room(to: Encoding) -> usize {
    match to.resolved() {
        Utf8 | Wtf8 => 4,
        Cesu8 | Mutf8 | Rfc2279 => 6,
        Utf16 | Utf16Le | Utf16Be => 2,
        _ => 1,
    }
}

/// Inputs with every kind of bad sequence among valid characters of every width: split
/// surrogate pairs, 5- and 6-byte RFC 2279 sequences, sequences cut off inside and at the end.
const ROOM_CORNERS: [&[u8]; 5] = [
    b"\xED\xA0\x80\xED\xB0\x80",
    b"a\xED\xA0\x80\xED\xB0\x80\xED\xA0\x80\xED\xB0",
    b"\xFC\x84\x80\x80\x80\x80\xF8\x88\x80\x80\x80z\xFC\x84\x80\x80\x80",
    b"\xF0\x9F\x98\x80\xE2\x82\xAC\xC0\x80\x80\xBF\xF4\x90\x80\x80\xF0\x9F\x98",
    b"\xED\xA0\x80\xED\xB0",
];

/// Calls `f(from, to, policy, src, want)` for every source, target and policy, on `count`
/// random inputs of each source (input `i` about `len(i)` units long) and, from the UTF-8 family,
/// on [`ROOM_CORNERS`], wherever the model decides the case and it is not a bad argument.
/// Returns how many cases it ran.
fn each_room_case(
    seed: u64,
    count: usize,
    len: fn(usize) -> usize,
    mut f: impl FnMut(Encoding, Encoding, Policy, &[u32], &(Outcome, Vec<u32>)),
) -> usize {
    let mut rng = Rng::new(seed);
    let mut cases = 0;
    for from in Encoding::ALL {
        let mut inputs: Vec<Vec<u32>> = (0..count)
            .map(|i| random_input(&mut rng, from, len(i)))
            .collect();
        if from.is_utf8_family() {
            inputs.extend(ROOM_CORNERS.iter().map(|c| vals(c)));
        }
        for to in Encoding::ALL {
            for src in &inputs {
                for policy in POLICIES {
                    match model(from, src, to, policy) {
                        Some(want) if want.0.status != Status::BadArgument => {
                            f(from, to, policy, src, &want);
                            cases += 1;
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    cases
}

/// Every source x target x policy, converted into exactly the smallest room the docs promise and
/// continued from `read` after each OUTPUT_FULL: every call makes progress (an OUTPUT_FULL with
/// nothing read would spin a caller's drain loop forever), and the calls together give the
/// model's output, count and final outcome.
#[test]
fn every_pair_and_policy_makes_progress_in_the_smallest_room() {
    let checked = each_room_case(
        0x5A11,
        24,
        |i| i * 3,
        |from, to, policy, src, want| {
            let cap = smallest_room(to);
            let (mut at, mut out, mut replaced) = (0, Vec::new(), 0);
            let last = loop {
                let (o, got) = run_cap(from, &src[at..], to, policy, Some(cap));
                assert!(
                    o.status != Status::OutputFull || o.read > 0,
                    "{from} -> {to} {policy:?}: no progress in {cap} units at {at} of {}",
                    hex(src)
                );
                out.extend(got);
                replaced += o.replaced;
                at += o.read;
                if o.status != Status::OutputFull {
                    break o;
                }
            };
            let got = Outcome {
                read: at,
                written: out.len(),
                replaced,
                ..last
            };
            assert_eq!(
                (got, out),
                want.clone(),
                "{from} -> {to} {policy:?} in rooms of {cap} of {}",
                hex(src)
            );
        },
    );
    assert!(checked > 10_000, "{checked} cases");
}

// ---------------------------------------------------------------------------------------------
// Error positions across SIMD block edges.
// ---------------------------------------------------------------------------------------------

/// Valid text of `n` units of `form`: all ASCII, or mixed.
fn text(rng: &mut Rng, form: Encoding, n: usize, ascii: bool) -> Vec<u32> {
    match form {
        Cp1252 | Latin1 => (0..n)
            .map(|_| {
                if ascii {
                    rng.range(0x20, 0x7E)
                } else {
                    rng.range(0xA0, 0xFF)
                }
            })
            .collect(),
        _ if ascii => (0..n).map(|_| rng.range(1, 0x7F)).collect(),
        _ => random_text(rng, form, n).0,
    }
}

/// For each prefix length 0..=200 (ASCII and mixed) and a short and a long tail, each bad
/// sequence inserted between them, STRICT and REPLACE (FALLBACK on one tail) against the model.
fn sweep(from: Encoding, to: Encoding, bads: &[&[u32]], seed: u64) {
    let mut rng = Rng::new(seed);
    for p in 0..=200 {
        for (ascii, tail) in [(true, 0), (false, 0), (true, 37), (false, 37)] {
            let prefix = text(&mut rng, from, p, ascii);
            let suffix = text(&mut rng, from, tail, !ascii);
            for bad in bads {
                let mut src = prefix.clone();
                src.extend(*bad);
                src.extend(&suffix);
                let policies: &[Policy] = if tail == 0 {
                    &[Policy::Strict, Policy::Replace, Policy::Fallback]
                } else {
                    &[Policy::Strict, Policy::Replace]
                };
                for &policy in policies {
                    let want = model(from, &src, to, policy).expect("decided");
                    let got = run(from, &src, to, policy);
                    assert_eq!(
                        got,
                        want,
                        "{from} -> {to} {policy:?}, bad {} after {p} units, tail {tail}: {}",
                        hex(bad),
                        hex(&src)
                    );
                }
            }
        }
    }
}

#[test]
fn sweep_utf8() {
    let bads: [&[u32]; 5] = [
        &[0x80],
        &[0xC0, 0xAF],
        &[0xE2, 0x82],
        &[0xED, 0xA0, 0x80],
        &[0xF4, 0x90, 0x80, 0x80],
    ];
    sweep(Utf8, Utf16Le, &bads, 11);
}

#[test]
fn sweep_cesu8() {
    let bads: [&[u32]; 5] = [
        &[0xF0, 0x9F, 0x98, 0x80],
        &[0xED, 0xB0, 0x80],
        &[0xED, 0xA0, 0x80],
        &[0xC0, 0x80],
        &[0xE2, 0x82],
    ];
    sweep(Cesu8, Utf16Le, &bads, 12);
}

#[test]
fn sweep_mutf8() {
    let bads: [&[u32]; 5] = [
        &[0x00],
        &[0xC0, 0xAF],
        &[0xF0, 0x9F, 0x98, 0x80],
        &[0xE2, 0x82],
        &[0xC1, 0xBF],
    ];
    sweep(Mutf8, Utf16Le, &bads, 13);
}

/// The bytes where CESU-8 and modified UTF-8 part from UTF-8 (`00`, a 4-byte sequence) and the
/// forms' own sequences (`C0 80`, a 6-byte surrogate pair), at every offset of a text of 1000
/// units, ASCII and mixed, into UTF-16LE and UTF-8: the scan that keeps them from the UTF-8
/// kernels goes 64 to 256 bytes a step, in pieces of 64, 128, 256 and 512 bytes from the start
/// (offsets 0, 64, 192 and 448), so each step's and piece's edges are crossed.
#[test]
fn forms_apart_from_utf8_at_every_offset() {
    let mut rng = Rng::new(17);
    let cases: [(Encoding, &[&[u32]]); 2] = [
        (Mutf8, &[&[0x00], &[0xC0, 0x80], &[0xF0, 0x9F, 0x98, 0x80]]),
        (
            Cesu8,
            &[
                &[0xF0, 0x9F, 0x98, 0x80],
                &[0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80],
            ],
        ),
    ];
    for (from, specials) in cases {
        for ascii in [true, false] {
            let base = text(&mut rng, from, 1000, ascii);
            for special in specials {
                for p in 0..base.len() {
                    // Only at character boundaries: the mixed text's characters are whole.
                    if !ascii && (0x80..0xC0).contains(&base[p]) {
                        continue;
                    }
                    let mut src = base[..p].to_vec();
                    src.extend(*special);
                    src.extend(&base[p..]);
                    for to in [Utf16Le, Utf8] {
                        let want = model(from, &src, to, Policy::Strict).expect("decided");
                        let got = run(from, &src, to, Policy::Strict);
                        assert_eq!(
                            got.0,
                            want.0,
                            "{from} -> {to}, {} at {p} of {}",
                            hex(special),
                            if ascii { "ASCII" } else { "mixed text" }
                        );
                        assert_eq!(got.1, want.1, "{from} -> {to}, {} at {p}", hex(special));
                    }
                }
            }
        }
    }
}

#[test]
fn sweep_wtf8() {
    let bads: [&[u32]; 4] = [
        &[0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80],
        &[0xC0, 0x80],
        &[0xE2, 0x82],
        &[0xF5, 0x80],
    ];
    sweep(Wtf8, Utf16Le, &bads, 14);
}

#[test]
fn sweep_rfc2279() {
    let bads: [&[u32]; 5] = [
        &[0xC0, 0x80],
        &[0xED, 0xA0, 0x80],
        &[0xFE],
        &[0xFC, 0x80, 0x80, 0x80, 0x80, 0x80],
        &[0xF8, 0x88, 0x80, 0x80],
    ];
    sweep(Rfc2279, Utf32, &bads, 15);
}

/// The non-byte sources of the family's special cases: UTF-16 lone surrogates into CESU-8
/// (ill-formed) and into WTF-8 / MUTF-8 (characters), UTF-32 values above U+10FFFF into
/// RFC 2279 (characters) and UTF-8 (ill-formed), CP1252's € into Latin-1 (unmappable).
#[test]
fn sweep_wide_and_single_byte_sources() {
    let lone: [&[u32]; 3] = [&[0xDC00], &[0xDBFF, 0x41], &[0xDFFF, 0xD800]];
    sweep(Utf16Le, Cesu8, &lone, 16);
    sweep(Utf16Be, Wtf8, &lone, 17);
    sweep(Utf16, Mutf8, &lone, 18);
    let big: [&[u32]; 2] = [&[0x11_0000], &[0x7FFF_FFFF, 0x8000_0000]];
    sweep(Utf32, Rfc2279, &big, 19);
    sweep(Utf32Le, Utf8, &big, 20);
    sweep(Cp1252, Latin1, &[&[0x80]], 21);
}

// ---------------------------------------------------------------------------------------------
// Streams.
// ---------------------------------------------------------------------------------------------

/// Feeds `src` to a stream in chunks ending at `cuts` (the last chunk marked `last`),
/// stopping at the first error; returns the summed outcome, the output and the final
/// `position`, or `None` when no stream is made for the pair.
fn stream_run<S: U, T: U>(
    from: Encoding,
    to: Encoding,
    policy: Policy,
    src: &[u32],
    cuts: &[usize],
) -> Option<(Outcome, Vec<u32>, u64)> {
    let s: Vec<S> = to_mem(from, src);
    let mut stream = Stream::new(from, to, policy)?;
    let mut out = Vec::new();
    let mut total = Outcome::default();
    let mut bounds = cuts.to_vec();
    bounds.push(src.len());
    let mut start = 0;
    for (i, &end) in bounds.iter().enumerate() {
        let last = i + 1 == bounds.len();
        let mut buf = vec![T::default(); roomy(src.len())];
        let o = stream.convert(&s[start..end], Some(&mut buf[..]), last);
        buf.truncate(o.written);
        out.extend(from_mem(to, &buf));
        total.replaced += o.replaced;
        total.status = o.status;
        total.error = o.error;
        total.error_len = o.error_len;
        if o.status != Status::Ok {
            break;
        }
        start = end;
    }
    Some((total, out, stream.position()))
}

fn stream_any(
    from: Encoding,
    to: Encoding,
    policy: Policy,
    src: &[u32],
    cuts: &[usize],
) -> Option<(Outcome, Vec<u32>, u64)> {
    match (from.unit_size(), to.unit_size()) {
        (1, 1) => stream_run::<u8, u8>(from, to, policy, src, cuts),
        (1, 2) => stream_run::<u8, u16>(from, to, policy, src, cuts),
        (1, _) => stream_run::<u8, u32>(from, to, policy, src, cuts),
        (2, 1) => stream_run::<u16, u8>(from, to, policy, src, cuts),
        (2, 2) => stream_run::<u16, u16>(from, to, policy, src, cuts),
        (2, _) => stream_run::<u16, u32>(from, to, policy, src, cuts),
        (_, 1) => stream_run::<u32, u8>(from, to, policy, src, cuts),
        (_, 2) => stream_run::<u32, u16>(from, to, policy, src, cuts),
        _ => stream_run::<u32, u32>(from, to, policy, src, cuts),
    }
}

/// The chunked conversion of `src` equals the model's one-shot result: the same output and
/// count when it succeeds; otherwise the same status, kind and length, at absolute `position`,
/// after a prefix of the one-shot output.
fn stream_matches_model(from: Encoding, src: &[u32], to: Encoding, policy: Policy, cuts: &[usize]) {
    let Some(want) = model(from, src, to, policy) else {
        return;
    };
    if want.0.status == Status::BadArgument {
        return;
    }
    let what = format!("{from} -> {to} {policy:?} cut at {cuts:?} of {}", hex(src));
    let Some(got) = stream_any(from, to, policy, src, cuts) else {
        panic!("no stream for {what}");
    };
    assert_stream_is(&what, got, &want, src.len());
}

/// A whole stream's result `(outcome, output, position)` is the one-shot `want` for an input of
/// `len` units: the same output and count when it succeeds; otherwise the same status, kind and
/// length, at absolute `position`, after a prefix of the one-shot output.
fn assert_stream_is(
    what: &str,
    got: (Outcome, Vec<u32>, u64),
    want: &(Outcome, Vec<u32>),
    len: usize,
) {
    let (o, out, position) = got;
    assert_eq!(
        (o.status, o.error, o.error_len),
        (want.0.status, want.0.error, want.0.error_len),
        "{what}"
    );
    if want.0.status == Status::Ok {
        assert_eq!((&out, o.replaced), (&want.1, want.0.replaced), "{what}");
        assert_eq!(position, len as u64, "{what}");
    } else {
        assert_eq!(position, want.0.read as u64, "{what}");
        assert!(want.1.starts_with(&out), "{what}");
    }
}

/// A stream fed `chunk` units at a time, each chunk drained in outputs of `cap` units (every
/// OUTPUT_FULL continued from `read`); panics on a call that makes no progress.
fn stream_drain<S: U, T: U>(
    from: Encoding,
    to: Encoding,
    policy: Policy,
    src: &[u32],
    chunk: usize,
    cap: usize,
) -> Option<(Outcome, Vec<u32>, u64)> {
    let s: Vec<S> = to_mem(from, src);
    let mut stream = Stream::new(from, to, policy)?;
    let (mut out, mut total) = (Vec::new(), Outcome::default());
    let mut start = 0;
    loop {
        let end = (start + chunk).min(s.len());
        let last = end == s.len();
        let mut at = start;
        // Each call converts at least a unit's replacement: more calls than that is a stall.
        let mut calls = 0;
        let o = loop {
            calls += 1;
            assert!(
                calls <= 8 * (src.len() + 2),
                "{from} -> {to} {policy:?}: a stream in {cap} units does not end: {}",
                hex(src)
            );
            let mut buf = vec![T::default(); cap];
            let o = stream.convert(&s[at..end], Some(&mut buf[..]), last);
            buf.truncate(o.written);
            out.extend(from_mem(to, &buf));
            total.replaced += o.replaced;
            at += o.read;
            if o.status != Status::OutputFull {
                break o;
            }
            assert!(
                o.read > 0 || o.written > 0,
                "{from} -> {to} {policy:?}: a stream call in {cap} units made no progress at {at} of {}",
                hex(src)
            );
        };
        (total.status, total.error, total.error_len) = (o.status, o.error, o.error_len);
        if o.status != Status::Ok || last {
            return Some((total, out, stream.position()));
        }
        start = end;
    }
}

/// Streams fed one to three units at a time, into the smallest room of each target, under every
/// policy: every call makes progress (a byte-by-byte replacement may stop inside a carried
/// sequence) and the pieces are the model's one-shot result.
#[test]
fn streams_drain_in_the_smallest_room() {
    let checked = each_room_case(
        0x57EA,
        6,
        |i| 4 + i * 5,
        |from, to, policy, src, want| {
            let cap = smallest_room(to);
            for chunk in 1..=3 {
                let got = match (from.unit_size(), to.unit_size()) {
                    (1, 1) => stream_drain::<u8, u8>(from, to, policy, src, chunk, cap),
                    (1, 2) => stream_drain::<u8, u16>(from, to, policy, src, chunk, cap),
                    (1, _) => stream_drain::<u8, u32>(from, to, policy, src, chunk, cap),
                    (2, 1) => stream_drain::<u16, u8>(from, to, policy, src, chunk, cap),
                    (2, 2) => stream_drain::<u16, u16>(from, to, policy, src, chunk, cap),
                    (2, _) => stream_drain::<u16, u32>(from, to, policy, src, chunk, cap),
                    (_, 1) => stream_drain::<u32, u8>(from, to, policy, src, chunk, cap),
                    (_, 2) => stream_drain::<u32, u16>(from, to, policy, src, chunk, cap),
                    _ => stream_drain::<u32, u32>(from, to, policy, src, chunk, cap),
                };
                let what = format!(
                    "{from} -> {to} {policy:?}, chunks of {chunk} in {cap}: {}",
                    hex(src)
                );
                let got = got.expect("a stream for every pair");
                assert_stream_is(&what, got, want, src.len());
            }
        },
    );
    assert!(checked > 5_000, "{checked} cases");
}

/// Each literal of `form`, cut into two chunks at every point, into several targets under
/// every policy.
fn streams_cut_anywhere(inputs: &[(Encoding, &[u8])]) {
    for &(from, src) in inputs {
        let src = vals(src);
        for to in [Utf16Le, Utf32, Utf8, Wtf8, Cesu8, Mutf8] {
            for policy in POLICIES {
                // The one-shot conversion first, so that a failure below is the stream's.
                if model(from, &src, to, policy).is_some() {
                    check_model(from, &src, to, policy);
                }
                for cut in 0..=src.len() {
                    stream_matches_model(from, &src, to, policy, &[cut]);
                }
            }
        }
    }
}

/// CESU-8 in a stream: a high at a chunk's end waits for its low; a high followed (across the
/// cut) by an ED that does not continue as a low keeps that ED for what follows.
#[test]
fn streams_cesu8_cut_anywhere() {
    streams_cut_anywhere(&[
        (Cesu8, b"\xED\xA0\x80\xED\x80\x80\xED\xA0\x81\xED\xB0\x81"),
        (Cesu8, b"x\xF0\x9F\x98\x80\xED\xB0\x80"),
        (Cesu8, b"\xED\xA0\x80\xED\xB0\xED\xA0\x80\xE1\x80"),
    ]);
}

/// MUTF-8 in a stream: a high at a chunk's end is held until what follows decides between a
/// pair and a lone high.
#[test]
fn streams_mutf8_cut_anywhere() {
    streams_cut_anywhere(&[
        (Mutf8, b"A\xED\xA0\x80\xED\xB0\x80B\xED\xA0\x80"),
        (Mutf8, b"\xC0\x80\x00\xC0\xED\xB0\x80"),
        (Mutf8, b"\xED\xA0\x80\xED\x80\x80\xED\xA0\x80\xED\xB0"),
    ]);
}

/// WTF-8 in a stream: a split pair is seen across the cut; a high followed by another
/// sequence starting with ED stays a lone high and the ED is kept.
#[test]
fn streams_wtf8_cut_anywhere() {
    streams_cut_anywhere(&[
        (Wtf8, b"a\xED\xA0\x80\xED\xB0\x80z\xED\xA0\x80A"),
        (
            Wtf8,
            b"\xED\xA0\x80\xED\x80\x80\xED\xA0\x80\xF0\x90\x80\x80",
        ),
    ]);
}

/// RFC 2279's long sequences, UTF-8's security example and the single-byte forms in a stream.
#[test]
fn streams_other_forms_cut_anywhere() {
    streams_cut_anywhere(&[
        (
            Rfc2279,
            b"\xFD\xBF\xBF\xBF\xBF\xBF\xF8\x88\x80\x80\x80\xC0\x80\xFE",
        ),
        (Utf8, b"\x2F\xC0\xAE\x2E\x2F\xF0\x9F\x98"),
        (Cp1252, b"\x80\x81\x9F\xFF"),
        (Latin1, b"\x80\xFF"),
    ]);
}

/// Every pair streams: random input of each source, cut at random points into up to four
/// chunks, into every target under every policy, against the model's one-shot result.
#[test]
fn streams_every_pair_random_cuts() {
    let mut rng = Rng::new(0x57EA);
    for from in Encoding::ALL {
        for to in Encoding::ALL {
            for i in 0..4 {
                let src = random_input(&mut rng, from, 4 + i * 5);
                let mut cuts: Vec<usize> = (0..rng.below(4))
                    .map(|_| rng.below(src.len() + 1))
                    .collect();
                cuts.sort_unstable();
                for policy in POLICIES {
                    stream_matches_model(from, &src, to, policy, &cuts);
                }
            }
        }
    }
}

/// Long UTF-16 and byte-form inputs through the SIMD fast paths of the family targets: runs of
/// ASCII and BMP text (long enough for the vector loops) with U+0000, surrogate pairs and lone
/// surrogates placed at every offset of a 64-unit window, against the model, whole and resumed
/// at small capacities. Run once per kernel by the test command.
#[test]
fn long_inputs_with_specials_at_every_offset() {
    let mut rng = Rng::new(0x51D);
    let specials: [&[u32]; 4] = [&[0], &[0xD83D, 0xDE00], &[0xD800], &[0xDC80]];
    let sources = [Utf16Le, Utf16Be, Utf8, Cesu8, Mutf8, Wtf8];
    let targets = [Cesu8, Mutf8, Wtf8, Utf8];
    for (k, special) in specials.iter().enumerate() {
        for at in 0..64 {
            // Mostly ASCII (the 32-unit runs), then BMP text (the 3-byte blocks).
            let mut chars: Vec<u32> = (0..80).map(|_| rng.range(0x20, 0x7E)).collect();
            chars.extend((0..40).map(|_| rng.range(0x4E00, 0x9FFF)));
            chars.splice(at + 8 * (k % 2)..at + 8 * (k % 2), special.iter().copied());
            for from in sources {
                // Byte forms get the characters of the special encoded as UTF-16 would say.
                let src: Vec<u32> = if matches!(from, Utf16Le | Utf16Be) {
                    chars.clone()
                } else {
                    let s: String = char::decode_utf16(chars.iter().map(|&c| c as u16))
                        .map(|r| r.unwrap_or('\u{FFFD}'))
                        .collect();
                    s.bytes().map(u32::from).collect()
                };
                for to in targets {
                    for policy in [Policy::Strict, Policy::Replace] {
                        let Some(want) = model(from, &src, to, policy) else {
                            continue;
                        };
                        check(from, &src, to, policy, want.clone());
                        if at % 16 == 3 && want.0.status == Status::Ok {
                            resumed(from, &src, to, policy, 1 + at % 7, &want);
                        }
                    }
                }
            }
        }
    }
}
