//! UTF-8 by the book: Unicode ch. 3's definitions, and `validate` checked against std.

use utf8x::{ErrorKind, Outcome, Status};

use super::hex;

/// What starts at `s[0]` according to Unicode ch. 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// A well-formed sequence of this many bytes.
    Char(usize),
    /// A maximal ill-formed subpart of this many bytes, and why no well-formed sequence starts
    /// with one more byte.
    Invalid(usize, ErrorKind),
    /// The input ends after this many bytes that some well-formed sequence starts with.
    Truncated(usize),
}

/// Classifies `s[0..]` (not empty) from the definitions rather than from Table 3-7's byte ranges:
/// an n-byte form is well-formed when its value is a scalar value that needs n bytes (D92); the
/// maximal subpart is the longest prefix of some well-formed sequence (D93b). A prefix is viable
/// while the interval of values its completions can take still meets the allowed set.
pub fn classify(s: &[u8]) -> Class {
    let lead = s[0];
    let n = lead.leading_ones() as usize;
    match n {
        0 => return Class::Char(1),
        1 => return Class::Invalid(1, ErrorKind::UnexpectedContinuation),
        5.. => return Class::Invalid(1, ErrorKind::InvalidLead),
        _ => {}
    }
    let (min, max) = [(0x80, 0x7FF), (0x800, 0xFFFF), (0x1_0000, 0x10_FFFF)][n - 2];
    let mut value = u32::from(lead) & (0xFF >> (n + 1));
    for k in 1..=n {
        if k > 1 {
            match s.get(k - 1) {
                None => return Class::Truncated(k - 1),
                Some(&b) if (0x80..=0xBF).contains(&b) => value = value << 6 | u32::from(b & 0x3F),
                Some(_) => return Class::Invalid(k - 1, ErrorKind::TooShort),
            }
        }
        let free = 6 * (n - k) as u32;
        let (lo, hi) = (value << free, value << free | ((1 << free) - 1));
        let (a, b) = (lo.max(min), hi.min(max));
        let kind = if a > b {
            Some(if hi < min {
                ErrorKind::Overlong
            } else {
                ErrorKind::TooLarge
            })
        } else if a >= 0xD800 && b <= 0xDFFF {
            Some(ErrorKind::Surrogate)
        } else {
            None
        };
        if let Some(kind) = kind {
            return Class::Invalid((k - 1).max(1), kind);
        }
    }
    Class::Char(n)
}

/// Checks `validate` and `is_valid` on `s` against `str::from_utf8`, and the error kind against
/// [`classify`]. Returns std's verdict.
pub fn check_validate(s: &[u8]) -> Result<(), std::str::Utf8Error> {
    let got = utf8x::validate(s);
    let std = std::str::from_utf8(s).map(|_| ());
    let ctx = || format!("validate({})", hex(s));
    assert_eq!(utf8x::is_valid(s), std.is_ok(), "is_valid: {}", ctx());
    assert_eq!((got.written, got.replaced), (0, 0), "{}", ctx());
    let want = match std {
        Ok(()) => Outcome {
            read: s.len(),
            ..Outcome::default()
        },
        Err(e) => {
            let at = e.valid_up_to();
            let class = classify(&s[at..]);
            let (status, error, error_len) = match (e.error_len(), class) {
                (Some(n), Class::Invalid(len, kind)) if len == n => (Status::Invalid, kind, n),
                (None, Class::Truncated(len)) if len == s.len() - at => {
                    (Status::Truncated, ErrorKind::Incomplete, 0)
                }
                other => panic!("oracles disagree at {at}: {other:?}; {}", ctx()),
            };
            Outcome {
                status,
                error,
                read: at,
                error_len,
                ..Outcome::default()
            }
        }
    };
    assert_eq!(got, want, "{}", ctx());
    std
}
