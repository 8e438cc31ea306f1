//! Random text, valid and corrupted, streamed in random chunks into random output capacities
//! under every policy: the result must be the one-shot result.

use crate::support::POLICIES;
use crate::support::stream::{OneShot, Summary, one_shot, streamed};
use proptest::prelude::*;
use utf8x::{Encoding, Stream, Unit};

/// Text assembled from valid characters of every length, stray bytes, lead bytes and truncated
/// sequences: mostly valid, so errors land in every position relative to chunk boundaries.
fn utf8_text() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        4 => any::<char>().prop_map(|c| c.to_string().into_bytes()),
        2 => "[a-zé€😀]{1,4}".prop_map(String::into_bytes),
        1 => any::<u8>().prop_map(|b| vec![b]),
        1 => (any::<char>(), 1..4usize).prop_map(|(c, n)| {
            let mut s = c.to_string().into_bytes();
            s.truncate(n.min(s.len().saturating_sub(1)).max(1));
            s
        }),
        1 => prop::sample::select(vec![0xC0u8, 0xC1, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF, 0x80])
            .prop_map(|b| vec![b]),
    ];
    prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
}

/// UTF-16 values: characters, pairs, and lone or misordered surrogates.
fn utf16_values() -> impl Strategy<Value = Vec<u16>> {
    let piece = prop_oneof![
        4 => any::<char>().prop_map(|c| c.encode_utf16(&mut [0; 2]).to_vec()),
        1 => (0xD800u16..0xE000).prop_map(|u| vec![u]),
        1 => prop::sample::select(vec![0xDC80u16, 0xDCFF, 0xDBFF, 0xD800]).prop_map(|u| vec![u]),
    ];
    prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
}

fn chunks() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(prop_oneof![3 => 0..5usize, 1 => 0..40usize], 0..16)
}

fn caps() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(prop_oneof![3 => 0..6usize, 1 => 0..64usize], 1..8)
}

fn agree<S: Unit + std::fmt::Debug, T: Unit + Default + std::fmt::Debug + Eq + Clone>(
    (from, to): (Encoding, Encoding),
    f: OneShot<S, T>,
    src: &[S],
    chunks: &[usize],
    caps: &[usize],
) -> Result<(), TestCaseError> {
    for policy in POLICIES {
        if Stream::new(from, to, policy).is_none() {
            continue;
        }
        let want = one_shot(f, src, policy, false);
        let got: Summary<T> = streamed(from, to, policy, src, chunks, caps, false);
        prop_assert_eq!(
            &got,
            &want,
            "{:?} {:x?} {:?} {:?}",
            policy,
            src,
            chunks,
            caps
        );
        let want = one_shot(f, src, policy, true);
        let got: Summary<T> = streamed(from, to, policy, src, chunks, caps, true);
        prop_assert_eq!(&got, &want, "measure {:?} {:x?} {:?}", policy, src, chunks);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn utf8_to_each_target(src in utf8_text(), chunks in chunks(), caps in caps()) {
        use Encoding::*;
        agree((Utf8, Utf16Le), utf8x::to_utf16le, &src, &chunks, &caps)?;
        agree((Utf8, Utf16Be), utf8x::to_utf16be, &src, &chunks, &caps)?;
        agree((Utf8, Utf16), utf8x::to_utf16, &src, &chunks, &caps)?;
        agree((Utf8, Utf32), utf8x::to_utf32, &src, &chunks, &caps)?;
        agree((Utf8, Latin1), utf8x::to_latin1, &src, &chunks, &caps)?;
    }

    #[test]
    fn utf8_one_byte_at_a_time(src in utf8_text(), caps in caps()) {
        let ones = vec![1; src.len()];
        agree((Encoding::Utf8, Encoding::Utf16Le), utf8x::to_utf16le, &src, &ones, &caps)?;
        agree((Encoding::Utf8, Encoding::Utf32), utf8x::to_utf32, &src, &ones, &caps)?;
    }

    #[test]
    fn utf16_to_utf8(values in utf16_values(), chunks in chunks(), caps in caps()) {
        use Encoding::*;
        let le: Vec<u16> = values.iter().map(|u| u.to_le()).collect();
        let be: Vec<u16> = values.iter().map(|u| u.to_be()).collect();
        agree((Utf16Le, Utf8), utf8x::from_utf16le, &le, &chunks, &caps)?;
        agree((Utf16Be, Utf8), utf8x::from_utf16be, &be, &chunks, &caps)?;
        agree((Utf16, Utf8), utf8x::from_utf16, &values, &chunks, &caps)?;
        let ones = vec![1; values.len()];
        agree((Utf16Le, Utf8), utf8x::from_utf16le, &le, &ones, &caps)?;
    }

    #[test]
    fn utf32_and_latin1_to_utf8(
        values in prop::collection::vec(prop_oneof![any::<char>().prop_map(u32::from), any::<u32>()], 0..24),
        bytes in prop::collection::vec(any::<u8>(), 0..40),
        chunks in chunks(),
        caps in caps(),
    ) {
        agree((Encoding::Utf32, Encoding::Utf8), utf8x::from_utf32, &values, &chunks, &caps)?;
        agree((Encoding::Latin1, Encoding::Utf8), utf8x::from_latin1, &bytes, &chunks, &caps)?;
    }

    /// ESCAPE round trip through two streams: any bytes → UTF-16 → the same bytes.
    #[test]
    fn escape_round_trips_through_streams(src in utf8_text(), chunks in chunks()) {
        let utf16: Summary<u16> =
            streamed(Encoding::Utf8, Encoding::Utf16Le, utf8x::Policy::Escape, &src, &chunks, &[7], false);
        let back: Summary<u8> =
            streamed(Encoding::Utf16Le, Encoding::Utf8, utf8x::Policy::Escape, &utf16.out, &chunks, &[5], false);
        prop_assert_eq!(back.out, src);
    }
}
