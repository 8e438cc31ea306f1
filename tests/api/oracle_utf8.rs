//! UTF-8 input against std: `str::from_utf8` for validation and STRICT conversions,
//! `String::from_utf8_lossy` for REPLACE and SKIP, `str::encode_utf16` / `str::chars` for output.

use crate::support::*;
use utf8x::{Policy, Status};

/// Valid and corrupted texts of every length up to a few kernel blocks.
fn corpus() -> Vec<Vec<u8>> {
    let mut rng = Rng::new(7);
    let mut inputs = Vec::new();
    for i in 0..600u64 {
        let n = [0, 1, 2, 3, 7, 15, 16, 31, 32, 33, 63, 64, 65, 100, 200][i as usize % 15];
        let text = random_text(&mut rng, n);
        inputs.push(text.clone().into_bytes());
        inputs.push(corrupt(text.as_bytes(), i));
        // Long ASCII runs with one corruption: the fast paths' territory.
        let ascii = "The quick brown fox jumps over the lazy dog. ".repeat(1 + i as usize % 4);
        inputs.push(corrupt(ascii.as_bytes(), i));
    }
    for _ in 0..200 {
        let n = rng.below(80);
        inputs.push((0..n).map(|_| rng.next() as u8).collect());
    }
    inputs
}

/// U+FFFD that the input itself holds (a real one is always a well-formed EF BF BD: EF is a
/// lead byte, so those three bytes cannot sit inside a longer ill-formed subpart).
fn real_replacement_chars(src: &[u8]) -> usize {
    src.windows(3).filter(|w| w == b"\xEF\xBF\xBD").count()
}

#[test]
fn validate_matches_from_utf8() {
    let mut invalid = 0;
    for src in corpus() {
        invalid += usize::from(check_validate(&src).is_err());
        let non_continuation = src.iter().filter(|&&b| !(0x80..=0xBF).contains(&b)).count();
        assert_eq!(utf8x::count(&src), non_continuation, "{}", hex(&src));
        if let Ok(text) = std::str::from_utf8(&src) {
            assert_eq!(utf8x::count(&src), text.chars().count());
        }
        assert_eq!(utf8x::is_ascii(&src), src.is_ascii(), "{}", hex(&src));
    }
    // The corpus must exercise both sides.
    assert!(invalid > 1000, "{invalid}");
}

#[test]
fn strict_output_is_std_encoding_of_valid_prefix() {
    for src in corpus() {
        let good = match std::str::from_utf8(&src) {
            Ok(t) => t,
            Err(e) => std::str::from_utf8(&src[..e.valid_up_to()]).unwrap(),
        };
        let status = utf8x::validate(&src).status;
        let (o, out) = run(utf8x::to_utf16le, &src, roomy(src.len()), Policy::Strict);
        assert_eq!((o.status, o.read), (status, good.len()), "{}", hex(&src));
        assert_eq!(out, as_le(&good.encode_utf16().collect::<Vec<_>>()));
        let (o, out) = run(utf8x::to_utf16be, &src, roomy(src.len()), Policy::Strict);
        assert_eq!((o.status, o.read), (status, good.len()));
        assert_eq!(out, as_be(&good.encode_utf16().collect::<Vec<_>>()));
        let (o, out) = run(utf8x::to_utf32, &src, roomy(src.len()), Policy::Strict);
        assert_eq!((o.status, o.read), (status, good.len()));
        assert_eq!(out, good.chars().map(u32::from).collect::<Vec<_>>());
        for conv in [TO_UTF16LE, TO_UTF16BE, TO_UTF16] {
            check(&conv, &src, Policy::Strict);
        }
        check(&TO_UTF32, &src, Policy::Strict);
        check(&TO_LATIN1, &src, Policy::Strict);
    }
}

#[test]
fn replace_matches_from_utf8_lossy() {
    let mut substituted = 0;
    for src in corpus() {
        let lossy = String::from_utf8_lossy(&src);
        let subs = lossy.matches('\u{FFFD}').count() - real_replacement_chars(&src);
        substituted += subs;
        let ctx = || hex(&src);

        let (o, out) = run(utf8x::to_utf16le, &src, roomy(src.len()), Policy::Replace);
        assert_eq!(
            (o.status, o.read, o.replaced),
            (Status::Ok, src.len(), subs),
            "{}",
            ctx()
        );
        assert_eq!(
            out,
            as_le(&lossy.encode_utf16().collect::<Vec<_>>()),
            "{}",
            ctx()
        );
        let (o, out) = run(utf8x::to_utf16be, &src, roomy(src.len()), Policy::Replace);
        assert_eq!((o.status, o.replaced), (Status::Ok, subs), "{}", ctx());
        assert_eq!(
            out,
            as_be(&lossy.encode_utf16().collect::<Vec<_>>()),
            "{}",
            ctx()
        );
        let (o, out) = run(utf8x::to_utf16, &src, roomy(src.len()), Policy::Replace);
        assert_eq!((o.status, o.replaced), (Status::Ok, subs), "{}", ctx());
        assert_eq!(out, lossy.encode_utf16().collect::<Vec<_>>(), "{}", ctx());
        let (o, out) = run(utf8x::to_utf32, &src, roomy(src.len()), Policy::Replace);
        assert_eq!((o.status, o.replaced), (Status::Ok, subs), "{}", ctx());
        assert_eq!(
            out,
            lossy.chars().map(u32::from).collect::<Vec<_>>(),
            "{}",
            ctx()
        );
        // Latin-1: every character above U+00FF (substitutions included) becomes one '?'.
        let (o, out) = run(utf8x::to_latin1, &src, roomy(src.len()), Policy::Replace);
        let latin: Vec<u8> = lossy
            .chars()
            .map(|c| u8::try_from(c).unwrap_or(b'?'))
            .collect();
        let unmappable = lossy.chars().filter(|&c| c > '\u{FF}').count();
        assert_eq!(
            (o.status, o.replaced),
            (Status::Ok, unmappable),
            "{}",
            ctx()
        );
        assert_eq!(out, latin, "{}", ctx());
        for conv in [TO_UTF16LE, TO_UTF16BE, TO_UTF16] {
            check(&conv, &src, Policy::Replace);
        }
        check(&TO_UTF32, &src, Policy::Replace);
        check(&TO_LATIN1, &src, Policy::Replace);
    }
    assert!(substituted > 1000, "{substituted}");
}

#[test]
fn skip_is_lossy_without_substitutions() {
    let mut with_real_fffd = 0;
    for src in corpus() {
        // The text between the errors, by `from_utf8` alone.
        let (mut kept, mut errors, mut rest) = (String::new(), 0, &src[..]);
        while let Err(e) = std::str::from_utf8(rest) {
            kept.push_str(std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap());
            errors += 1;
            rest = &rest[e.error_len().map_or(rest.len(), |n| e.valid_up_to() + n)..];
        }
        kept.push_str(std::str::from_utf8(rest).unwrap());
        if real_replacement_chars(&src) == 0 {
            assert_eq!(kept, String::from_utf8_lossy(&src).replace('\u{FFFD}', ""));
        } else {
            with_real_fffd += 1;
        }

        let (o, out) = run(utf8x::to_utf16le, &src, roomy(src.len()), Policy::Skip);
        assert_eq!(
            (o.status, o.read, o.replaced),
            (Status::Ok, src.len(), errors),
            "{}",
            hex(&src)
        );
        assert_eq!(
            out,
            as_le(&kept.encode_utf16().collect::<Vec<_>>()),
            "{}",
            hex(&src)
        );
        let (o, out) = run(utf8x::to_utf32, &src, roomy(src.len()), Policy::Skip);
        assert_eq!(
            (o.status, o.replaced),
            (Status::Ok, errors),
            "{}",
            hex(&src)
        );
        assert_eq!(out, kept.chars().map(u32::from).collect::<Vec<_>>());
        for conv in [TO_UTF16LE, TO_UTF16BE, TO_UTF16] {
            check(&conv, &src, Policy::Skip);
        }
        check(&TO_UTF32, &src, Policy::Skip);
        check(&TO_LATIN1, &src, Policy::Skip);
    }
    assert!(with_real_fffd > 10, "{with_real_fffd}");
}

#[test]
fn escape_maps_each_bad_byte() {
    for src in corpus() {
        for conv in [TO_UTF16LE, TO_UTF16BE, TO_UTF16] {
            check(&conv, &src, Policy::Escape);
        }
        let exp = check(&TO_UTF32, &src, Policy::Escape);
        // Escapes are exactly the bytes lossy decoding replaces.
        let escaped = exp
            .out
            .iter()
            .filter(|&&u| (0xDC80..=0xDCFF).contains(&u))
            .count();
        let lossy = String::from_utf8_lossy(&src);
        let kept: usize =
            lossy.split('\u{FFFD}').map(str::len).sum::<usize>() + 3 * real_replacement_chars(&src);
        assert_eq!(escaped, src.len() - kept, "{}", hex(&src));
        check(&TO_LATIN1, &src, Policy::Escape);
    }
}

#[test]
fn empty_input() {
    for p in POLICIES {
        check(&TO_UTF16LE, &[], p);
        check(&TO_UTF32, &[], p);
        check(&TO_LATIN1, &[], p);
    }
    check_validate(&[]).unwrap();
}
