//! Properties over generated inputs: ESCAPE round trips any bytes, OUTPUT_FULL resumption gives
//! the one-shot result for any capacities, UTF-16 ⇄ UTF-8 round trips, and random valid text
//! matches std everywhere.

use crate::support::*;
use proptest::collection::vec;
use proptest::prelude::*;
use utf8x::{Policy, Status};

/// Any scalar values, all planes (proptest's `char` favours edge and special ranges).
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        vec(any::<char>(), 0..80).prop_map(String::from_iter),
        any::<String>(),
        vec(prop::sample::select(EDGE_CHARS), 0..40).prop_map(String::from_iter),
    ]
}

/// Valid UTF-8, corrupted UTF-8 and arbitrary bytes.
fn bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        text().prop_map(String::into_bytes),
        (text(), any::<u64>()).prop_map(|(t, seed)| corrupt(t.as_bytes(), seed)),
        (text(), any::<u64>()).prop_map(|(t, seed)| corrupt(&corrupt(t.as_bytes(), seed), !seed)),
        vec(any::<u8>(), 0..120),
        vec(prop::sample::select(BAD_SNIPPETS), 0..12).prop_map(|s| s.concat()),
    ]
}

fn utf16_values() -> impl Strategy<Value = Vec<u16>> {
    prop_oneof![
        text().prop_map(|t| t.encode_utf16().collect()),
        (text(), any::<u64>()).prop_map(|(t, seed)| corrupt_utf16(&t, seed)),
        vec(any::<u16>(), 0..60),
        vec(0xD7F0..=0xE010u16, 0..30),
    ]
}

fn utf32_values() -> impl Strategy<Value = Vec<u32>> {
    prop_oneof![
        text().prop_map(|t| t.chars().map(u32::from).collect()),
        (text(), any::<u64>()).prop_map(|(t, seed)| corrupt_utf32(&t, seed)),
        vec(any::<u32>(), 0..40),
    ]
}

fn policy() -> impl Strategy<Value = Policy> {
    prop::sample::select(&POLICIES[..])
}

/// Output capacities, mostly around the size of one character.
fn capacities() -> impl Strategy<Value = Vec<usize>> {
    vec(prop_oneof![4 => 0usize..6, 1 => 0usize..40], 0..50)
}

/// bytes → wide with ESCAPE → bytes with ESCAPE is the identity, with equal counts.
fn escape_round_trip<W: Unit>(to: RunFn<u8, W>, from: RunFn<W, u8>, src: &[u8]) {
    let (o, wide) = run(to, src, roomy(src.len()), Policy::Escape);
    assert_eq!((o.status, o.read), (Status::Ok, src.len()));
    let (back_o, back) = run(from, &wide, roomy(wide.len()), Policy::Escape);
    assert_eq!((back_o.status, back_o.read), (Status::Ok, wide.len()));
    assert_eq!(back, src);
    assert_eq!(back_o.replaced, o.replaced);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn escape_round_trips_any_bytes(src in bytes()) {
        escape_round_trip(utf8x::to_utf16le, utf8x::from_utf16le, &src);
        escape_round_trip(utf8x::to_utf16be, utf8x::from_utf16be, &src);
        escape_round_trip(utf8x::to_utf16, utf8x::from_utf16, &src);
        escape_round_trip(utf8x::to_utf32, utf8x::from_utf32, &src);
        // The escapes are the oracle's: one per byte of each maximal subpart.
        let exp = check(&TO_UTF32, &src, Policy::Escape);
        let bad_bytes: usize = utf8_pieces(&src)
            .iter()
            .map(|p| match p { Piece::Bad { len, .. } => *len, Piece::Char { .. } => 0 })
            .sum();
        prop_assert_eq!(exp.replaced(), bad_bytes);
    }

    #[test]
    fn utf8_source_matches_oracles(src in bytes()) {
        check_validate(&src).ok();
        check_utf8_source(&src);
    }

    #[test]
    fn resumption_from_utf8(src in bytes(), p in policy(), caps in capacities()) {
        check_resumable(&TO_UTF16LE, &src, p, &caps);
        check_resumable(&TO_UTF16BE, &src, p, &caps);
        check_resumable(&TO_UTF16, &src, p, &caps);
        check_resumable(&TO_UTF32, &src, p, &caps);
        check_resumable(&TO_LATIN1, &src, p, &caps);
    }

    #[test]
    fn resumption_from_utf16(values in utf16_values(), p in policy(), caps in capacities()) {
        check_resumable(&FROM_UTF16LE, &as_le(&values), p, &caps);
        check_resumable(&FROM_UTF16BE, &as_be(&values), p, &caps);
        check_resumable(&FROM_UTF16, &values, p, &caps);
        check_all_policies(&FROM_UTF16, &values);
    }

    #[test]
    fn resumption_from_utf32_and_latin1(
        values in utf32_values(),
        latin in vec(any::<u8>(), 0..80),
        p in policy(),
        caps in capacities(),
    ) {
        check_resumable(&FROM_UTF32, &values, p, &caps);
        check_all_policies(&FROM_UTF32, &values);
        check_resumable(&FROM_LATIN1, &latin, p, &caps);
    }

    #[test]
    fn utf16_utf8_utf16_round_trip(t in text()) {
        let values: Vec<u16> = t.encode_utf16().collect();
        for (to, from, units) in [
            (utf8x::to_utf16le as RunFn<u8, u16>, utf8x::from_utf16le as RunFn<u16, u8>, as_le(&values)),
            (utf8x::to_utf16be, utf8x::from_utf16be, as_be(&values)),
            (utf8x::to_utf16, utf8x::from_utf16, values.clone()),
        ] {
            let (o, utf8) = run(from, &units, roomy(units.len()), Policy::Strict);
            prop_assert!(o.is_ok());
            prop_assert_eq!(&utf8[..], t.as_bytes());
            let (o, again) = run(to, &utf8, units.len(), Policy::Strict);
            prop_assert_eq!((o.status, o.written), (Status::Ok, units.len()));
            prop_assert_eq!(again, units);
        }
    }

    #[test]
    fn valid_text_matches_std(t in text()) {
        let src = t.as_bytes();
        prop_assert_eq!(utf8x::validate(src).read, src.len());
        prop_assert!(utf8x::is_valid(src));
        prop_assert_eq!(utf8x::count(src), t.chars().count());
        let values: Vec<u16> = t.encode_utf16().collect();
        for p in POLICIES {
            let (o, out) = run(utf8x::to_utf16le, src, values.len(), p);
            prop_assert_eq!((o.status, o.replaced), (Status::Ok, 0));
            prop_assert_eq!(out, as_le(&values));
            let (o, out) = run(utf8x::to_utf32, src, t.chars().count(), p);
            prop_assert!(o.is_ok());
            prop_assert_eq!(out, t.chars().map(u32::from).collect::<Vec<_>>());
        }
        check_utf8_source(src);
        check_all_policies(&FROM_UTF16, &values);
        check_all_policies(&FROM_UTF32, &t.chars().map(u32::from).collect::<Vec<_>>());
    }
}
