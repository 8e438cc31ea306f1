//! UTF-16 and UTF-32 against std: `str::encode_utf16` and `str::chars` for the output of the
//! `to_*` conversions, `char::decode_utf16` and `char::from_u32` for the `from_*` ones and for
//! validation.

use crate::support::*;
use utf8x::{ErrorKind, Outcome, Policy, Status};

fn texts() -> Vec<String> {
    let mut rng = Rng::new(11);
    (0..400).map(|i| random_text(&mut rng, i % 130)).collect()
}

#[test]
fn valid_text_to_utf16_and_utf32_is_std() {
    for text in texts() {
        let src = text.as_bytes();
        let values: Vec<u16> = text.encode_utf16().collect();
        for (f, want) in [
            (utf8x::to_utf16le as RunFn<u8, u16>, as_le(&values)),
            (utf8x::to_utf16be, as_be(&values)),
            (utf8x::to_utf16, values.clone()),
        ] {
            let (o, out) = run(f, src, roomy(src.len()), Policy::Strict);
            assert_eq!(
                o,
                Outcome {
                    read: src.len(),
                    written: values.len(),
                    ..Outcome::default()
                }
            );
            assert_eq!(out, want, "{text:?}");
        }
        let (o, out) = run(utf8x::to_utf32, src, roomy(src.len()), Policy::Strict);
        assert_eq!((o.status, o.written), (Status::Ok, text.chars().count()));
        assert_eq!(out, text.chars().map(u32::from).collect::<Vec<_>>());
    }
}

#[test]
fn valid_utf16_and_utf32_to_utf8_is_std() {
    for text in texts() {
        let values: Vec<u16> = text.encode_utf16().collect();
        for (f, units) in [
            (utf8x::from_utf16le as RunFn<u16, u8>, as_le(&values)),
            (utf8x::from_utf16be, as_be(&values)),
            (utf8x::from_utf16, values.clone()),
        ] {
            let (o, out) = run(f, &units, roomy(units.len()), Policy::Strict);
            assert_eq!(
                (o.status, o.read, o.written),
                (Status::Ok, units.len(), text.len())
            );
            assert_eq!(out, text.as_bytes());
        }
        assert_eq!(utf8x::validate_utf16le(&as_le(&values)).status, Status::Ok);
        assert_eq!(utf8x::validate_utf16be(&as_be(&values)).status, Status::Ok);
        assert_eq!(utf8x::validate_utf16_native(&values).read, values.len());
        let scalars: Vec<u32> = text.chars().map(u32::from).collect();
        let (o, out) = run(
            utf8x::from_utf32,
            &scalars,
            roomy(scalars.len()),
            Policy::Strict,
        );
        assert_eq!((o.status, o.written), (Status::Ok, text.len()));
        assert_eq!(out, text.as_bytes());
        assert_eq!(utf8x::validate_utf32(&scalars).read, scalars.len());
    }
}

/// std's `decode_utf16` gives one error for a high surrogate that ends the input, which is the
/// single U+FFFD the contract asks of REPLACE there.
#[test]
fn std_replaces_a_final_high_surrogate_once() {
    let decoded: String = char::decode_utf16([0x41, 0xD800])
        .map(|r| r.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect();
    assert_eq!(decoded, "A\u{FFFD}");
    let (o, out) = run(utf8x::from_utf16, &[0x41, 0xD800], 16, Policy::Replace);
    assert_eq!((o.status, o.replaced), (Status::Ok, 1));
    assert_eq!(out, decoded.as_bytes());
}

#[test]
fn utf16_matches_decode_utf16() {
    let mut rng = Rng::new(3);
    for (i, text) in texts().into_iter().enumerate() {
        let values = corrupt_utf16(&text, i as u64);
        let std_errors = char::decode_utf16(values.iter().copied())
            .filter(Result::is_err)
            .count();
        let lossy: String = char::decode_utf16(values.iter().copied())
            .map(|r| r.unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect();
        let first_error = {
            let mut at = 0;
            char::decode_utf16(values.iter().copied()).find_map(|r| match r {
                Ok(c) => {
                    at += c.len_utf16();
                    None
                }
                Err(e) => Some((at, e.unpaired_surrogate())),
            })
        };
        for (conv, units, validate) in [
            (
                FROM_UTF16LE,
                as_le(&values),
                utf8x::validate_utf16le as fn(&[u16]) -> Outcome,
            ),
            (FROM_UTF16BE, as_be(&values), utf8x::validate_utf16be),
            (FROM_UTF16, values.clone(), utf8x::validate_utf16_native),
        ] {
            let ctx = || format!("{} {values:x?}", conv.name);
            let (o, out) = run(conv.run, &units, roomy(units.len()), Policy::Replace);
            assert_eq!(
                (o.status, o.replaced),
                (Status::Ok, std_errors),
                "{}",
                ctx()
            );
            assert_eq!(out, lossy.as_bytes(), "{}", ctx());
            let v = validate(&units);
            match first_error {
                None => assert_eq!(v.status, Status::Ok, "{}", ctx()),
                Some((at, u)) => {
                    let truncated = at + 1 == values.len() && u < 0xDC00;
                    let want = if truncated {
                        (Status::Truncated, ErrorKind::Incomplete, at, 0)
                    } else {
                        (Status::Invalid, ErrorKind::LoneSurrogate, at, 1)
                    };
                    assert_eq!((v.status, v.error, v.read, v.error_len), want, "{}", ctx());
                }
            }
            check_all_policies(&conv, &units);
            let caps: Vec<usize> = (0..8).map(|_| rng.below(6)).collect();
            check_resumable(&conv, &units, *rng.pick(&POLICIES), &caps);
        }
    }
}

#[test]
fn utf32_matches_from_u32() {
    let mut rng = Rng::new(5);
    for (i, text) in texts().into_iter().enumerate() {
        let units = corrupt_utf32(&text, i as u64);
        let lossy: String = units
            .iter()
            .map(|&u| char::from_u32(u).unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect();
        let bad = units
            .iter()
            .filter(|&&u| char::from_u32(u).is_none())
            .count();
        let (o, out) = run(
            utf8x::from_utf32,
            &units,
            roomy(units.len()),
            Policy::Replace,
        );
        assert_eq!((o.status, o.replaced), (Status::Ok, bad));
        assert_eq!(out, lossy.as_bytes());
        let first = units.iter().position(|&u| char::from_u32(u).is_none());
        let v = utf8x::validate_utf32(&units);
        match first {
            None => assert!(v.is_ok()),
            Some(at) => {
                let kind = if units[at] < 0x11_0000 {
                    ErrorKind::Surrogate
                } else {
                    ErrorKind::OutOfRange
                };
                assert_eq!(
                    (v.status, v.error, v.read, v.error_len),
                    (Status::Invalid, kind, at, 1)
                );
            }
        }
        check_all_policies(&FROM_UTF32, &units);
        let caps: Vec<usize> = (0..8).map(|_| rng.below(6)).collect();
        check_resumable(&FROM_UTF32, &units, *rng.pick(&POLICIES), &caps);
    }
}

/// Every UTF-16 unit alone and after a high surrogate, and every UTF-32 value around the
/// surrogate block and U+10FFFF.
#[test]
fn every_unit_value() {
    for u in 0..=u16::MAX {
        for values in [vec![u], vec![0xD800, u], vec![u, 0x41]] {
            let std_ok = char::decode_utf16(values.iter().copied()).all(|r| r.is_ok());
            assert_eq!(
                utf8x::validate_utf16le(&as_le(&values)).is_ok(),
                std_ok,
                "{values:x?}"
            );
            assert_eq!(
                utf8x::validate_utf16be(&as_be(&values)).is_ok(),
                std_ok,
                "{values:x?}"
            );
        }
        if u % 61 == 0 || (0xD7F0..=0xE010).contains(&u) {
            check_all_policies(&FROM_UTF16LE, &as_le(&[0xDBFF, u, 0x42]));
            check_all_policies(&FROM_UTF16BE, &as_be(&[u, 0xDC00, u]));
        }
    }
    let edges = (0xD700..=0xE100)
        .chain(0x10_FF00..=0x11_0100)
        .chain([u32::MAX, 0x8000_0000]);
    for u in edges {
        let std_ok = char::from_u32(u).is_some();
        assert_eq!(utf8x::validate_utf32(&[u]).is_ok(), std_ok, "{u:x}");
        check_all_policies(&FROM_UTF32, &[0x41, u]);
    }
}

/// Short ASCII input is widened before any kernel is chosen: every length up to past that path's
/// limit, every room from none to more than enough, and measuring, into each unit and byte
/// order, against std; and the same lengths with one character that is not ASCII at each end.
#[test]
fn short_ascii_at_every_length_and_room() {
    let ascii = "The quick brown fox jumps over the lazy dog 0123456789";
    for len in 0..=40 {
        for text in [
            ascii[..len].to_owned(),
            format!("é{}", &ascii[..len]),
            format!("{}€", &ascii[..len]),
        ] {
            let src = text.as_bytes();
            let values: Vec<u16> = text.encode_utf16().collect();
            let n = values.len();
            for (f, want) in [
                (utf8x::to_utf16le as RunFn<u8, u16>, as_le(&values)),
                (utf8x::to_utf16be, as_be(&values)),
                (utf8x::to_utf16, values.clone()),
            ] {
                assert_eq!(f(src, None, Policy::Strict).written, n, "{text:?}");
                for cap in 0..=n + 1 {
                    let (o, out) = run(f, src, cap, Policy::Strict);
                    if cap >= n {
                        assert_eq!((o.status, o.read, o.written), (Status::Ok, src.len(), n));
                        assert_eq!(out, want, "{text:?}");
                    } else {
                        assert_eq!(o.status, Status::OutputFull, "{text:?} into {cap}");
                        assert_eq!(out, want[..o.written], "{text:?} into {cap}");
                    }
                }
            }
            let chars: Vec<u32> = text.chars().map(u32::from).collect();
            for cap in 0..=chars.len() + 1 {
                let (o, out) = run(utf8x::to_utf32, src, cap, Policy::Strict);
                let done = cap >= chars.len();
                assert_eq!(o.status == Status::Ok, done, "{text:?} into {cap}");
                assert_eq!(out, chars[..o.written], "{text:?} into {cap}");
            }
        }
    }
}
