//! UTF-16 and UTF-32 decoding on every kernel set against `char::decode_utf16` and
//! `char::from_u32`: validation verdicts and offsets, STRICT output, REPLACE output.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utf8x::{ErrorKind, Outcome, Policy, Status};
use utf8x_fuzz::{Input, kernels, units};

/// The oracle's verdict on UTF-16: the offset of the first bad unit and whether it is a high
/// surrogate ending the input (which is truncated, not invalid), or `None` when valid.
fn utf16_error(src: &[u16]) -> Option<(usize, bool)> {
    let mut at = 0;
    for c in char::decode_utf16(src.iter().copied()) {
        match c {
            Ok(c) => at += c.len_utf16(),
            Err(e) => {
                let high = (0xD800..0xDC00).contains(&e.unpaired_surrogate());
                return Some((at, high && at + 1 == src.len()));
            }
        }
    }
    None
}

fn check16(who: &str, src: &[u16], r: Outcome) {
    match utf16_error(src) {
        None => assert_eq!(
            (r.status, r.read),
            (Status::Ok, src.len()),
            "{who} {src:x?}"
        ),
        Some((at, true)) => assert_eq!(
            (r.status, r.read, r.error_len),
            (Status::Truncated, at, 0),
            "{who} {src:x?}"
        ),
        Some((at, false)) => assert_eq!(
            (r.status, r.read, r.error_len, r.error),
            (Status::Invalid, at, 1, ErrorKind::LoneSurrogate),
            "{who} {src:x?}"
        ),
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let wide = input.byte() & 1 == 1;
    let data = input.rest();
    if !wide {
        let le: Vec<u16> = units::<u16>(data)
            .iter()
            .map(|&u| u16::from_le(u))
            .collect();
        let be: Vec<u16> = le.iter().map(|&u| u.to_be()).collect();
        let raw: Vec<u16> = le.iter().map(|&u| u.to_le()).collect();
        let lossy: String = char::decode_utf16(le.iter().copied())
            .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect();
        let strict = utf16_error(&le);
        for &k in kernels() {
            let who = k.name();
            check16(who, &le, k.validate_utf16le(&raw));
            check16(who, &le, k.validate_utf16be(&be));
            let n = k.from_utf16le(&raw, None, Policy::Replace).written;
            assert_eq!(n, lossy.len(), "{who} measure {le:x?}");
            let mut out = vec![0u8; n];
            let r = k.from_utf16le(&raw, Some(&mut out), Policy::Replace);
            assert_eq!(r.status, Status::Ok, "{who} {le:x?}");
            assert_eq!(out, lossy.as_bytes(), "{who} REPLACE {le:x?}");
            let mut out = vec![0u8; n];
            let r = k.from_utf16be(&be, Some(&mut out), Policy::Replace);
            assert_eq!(out, lossy.as_bytes(), "{who} REPLACE BE {le:x?}: {r:?}");
            let mut out = vec![0u8; n];
            let r = k.from_utf16le(&raw, Some(&mut out), Policy::Strict);
            let good = strict.map_or(le.len(), |(at, _)| at);
            let prefix = String::from_utf16(&le[..good]).unwrap();
            assert_eq!(r.read, good, "{who} STRICT {le:x?}: {r:?}");
            assert_eq!(&out[..r.written], prefix.as_bytes(), "{who} STRICT {le:x?}");
        }
        check16("public", &le, utf8x::validate_utf16le(&raw));
    } else {
        let src = units::<u32>(data);
        let bad = src.iter().position(|&u| char::from_u32(u).is_none());
        let lossy: String = src
            .iter()
            .map(|&u| char::from_u32(u).unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect();
        for &k in kernels() {
            let who = k.name();
            let r = k.validate_utf32(&src);
            match bad {
                None => assert_eq!(
                    (r.status, r.read),
                    (Status::Ok, src.len()),
                    "{who} {src:x?}"
                ),
                Some(at) => assert_eq!(
                    (r.status, r.read, r.error_len),
                    (Status::Invalid, at, 1),
                    "{who} {src:x?}"
                ),
            }
            let n = k.from_utf32(&src, None, Policy::Replace).written;
            assert_eq!(n, lossy.len(), "{who} measure {src:x?}");
            let mut out = vec![0u8; n];
            let r = k.from_utf32(&src, Some(&mut out), Policy::Replace);
            assert_eq!(r.status, Status::Ok, "{who} {src:x?}");
            assert_eq!(out, lossy.as_bytes(), "{who} REPLACE {src:x?}");
        }
    }
});
