//! ISO-8859-1 against its definition: byte b is U+00b, so `from_latin1` is
//! `bytes.map(|b| b as char)` and `to_latin1` maps U+0000..U+00FF back and nothing else.

use crate::support::*;
use utf8x::{ErrorKind, Outcome, Policy, Status};

#[test]
fn from_latin1_is_bytes_as_chars() {
    let mut rng = Rng::new(17);
    let mut inputs: Vec<Vec<u8>> = vec![(0..=255u8).collect(), (0..=255u8).rev().collect()];
    for i in 0..300 {
        let n = i % 140;
        inputs.push((0..n).map(|_| rng.next() as u8).collect());
        inputs.push(
            (0..n)
                .map(|_| if rng.below(8) == 0 { 0xE9 } else { b'x' })
                .collect(),
        );
    }
    for src in inputs {
        let want: String = src.iter().map(|&b| b as char).collect();
        for p in POLICIES {
            let (o, out) = run(utf8x::from_latin1, &src, roomy(src.len()), p);
            assert_eq!(
                o,
                Outcome {
                    read: src.len(),
                    written: want.len(),
                    ..Outcome::default()
                }
            );
            assert_eq!(out, want.as_bytes(), "{}", hex(&src));
            check(&FROM_LATIN1, &src, p);
        }
        let caps: Vec<usize> = (0..6).map(|_| rng.below(4)).collect();
        check_resumable(&FROM_LATIN1, &src, Policy::Strict, &caps);
    }
}

/// Each character's Latin-1 byte, or `None` when it has none.
fn latin1_of(text: &str) -> Vec<Option<u8>> {
    text.chars()
        .map(|c| u8::try_from(u32::from(c)).ok())
        .collect()
}

#[test]
fn to_latin1_every_policy() {
    let mut rng = Rng::new(19);
    let mut texts: Vec<String> = vec![(0..=255u8).map(char::from).collect()];
    for i in 0..300 {
        let mut t = random_text(&mut rng, i % 90);
        if i % 2 == 0 {
            // Mostly Latin-1 text, where the fast paths will run.
            t = t
                .chars()
                .map(|c| {
                    if rng.below(10) == 0 {
                        c
                    } else {
                        char::from(rng.next() as u8)
                    }
                })
                .collect();
        }
        texts.push(t);
    }
    for text in texts {
        let src = text.as_bytes();
        let mapped = latin1_of(&text);
        let ctx = || format!("{text:?}");
        let good: Vec<u8> = mapped.iter().map_while(|&b| b).collect();
        let first_bad = text.chars().nth(good.len());
        let at: usize = text.chars().take(good.len()).map(char::len_utf8).sum();

        let (o, out) = run(utf8x::to_latin1, src, roomy(src.len()), Policy::Strict);
        let want = match first_bad {
            None => Outcome {
                read: src.len(),
                written: good.len(),
                ..Outcome::default()
            },
            Some(c) => Outcome {
                status: Status::Unmappable,
                error: ErrorKind::Unmappable,
                read: at,
                written: good.len(),
                error_len: c.len_utf8(),
                replaced: 0,
            },
        };
        assert_eq!(o, want, "{}", ctx());
        assert_eq!(out, good, "{}", ctx());

        let unmappable = mapped.iter().filter(|b| b.is_none()).count();
        let (o, out) = run(utf8x::to_latin1, src, roomy(src.len()), Policy::Replace);
        assert_eq!(
            (o.status, o.replaced),
            (Status::Ok, unmappable),
            "{}",
            ctx()
        );
        assert_eq!(
            out,
            mapped.iter().map(|b| b.unwrap_or(b'?')).collect::<Vec<_>>()
        );
        let (o, out) = run(utf8x::to_latin1, src, roomy(src.len()), Policy::Skip);
        assert_eq!(
            (o.status, o.replaced),
            (Status::Ok, unmappable),
            "{}",
            ctx()
        );
        assert_eq!(out, mapped.iter().flatten().copied().collect::<Vec<_>>());
        let (o, out) = run(utf8x::to_latin1, src, roomy(src.len()), Policy::Escape);
        assert_eq!(
            (o.status, o.error, o.read, o.written, o.replaced),
            (Status::BadArgument, ErrorKind::BadArgument, 0, 0, 0),
            "{}",
            ctx()
        );
        assert!(out.is_empty());
        assert_eq!(
            utf8x::to_latin1(src, None, Policy::Escape).status,
            Status::BadArgument
        );

        check_all_policies(&TO_LATIN1, src);
        let caps: Vec<usize> = (0..6).map(|_| rng.below(4)).collect();
        check_resumable(&TO_LATIN1, src, *rng.pick(&POLICIES[..3]), &caps);
    }
}

/// Latin-1 → UTF-8 → Latin-1 gives the bytes back.
#[test]
fn latin1_round_trip() {
    let src: Vec<u8> = (0..4).flat_map(|_| 0..=255u8).collect();
    let (o, utf8) = run(utf8x::from_latin1, &src, roomy(src.len()), Policy::Strict);
    assert!(o.is_ok());
    assert_eq!(utf8.len(), 128 * 4 + 256 * 4);
    let (o, back) = run(utf8x::to_latin1, &utf8, utf8.len(), Policy::Strict);
    assert_eq!((o.status, o.read), (Status::Ok, utf8.len()));
    assert_eq!(back, src);
}
