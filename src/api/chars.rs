//! Character-level utilities on UTF-8 text that may be ill-formed: boundaries, truncation,
//! decoding one character forwards or backwards, encoding one code point, and the UTF-16 byte
//! swap.
//!
//! # Boundaries
//! A byte string splits, from its start, into units: the characters and maximal ill-formed
//! subparts that [`utf8_step`] finds one after the other (the input's own end closes a last,
//! truncated subpart). The *boundaries* are the offsets between units, plus 0 and `len`: exactly
//! where [`Policy::Replace`](crate::Policy::Replace) puts the edges of its U+FFFD substitutions,
//! and, in valid UTF-8, exactly the offsets where `str::is_char_boundary` is true.
//!
//! That split is defined forwards, from offset 0, yet every function here looks at no more than
//! the four bytes before an offset. Three facts of Unicode ch. 3 (table 3-7), all visible in
//! [`utf8_step`], make that sufficient:
//! 1. a unit takes no byte after its first unless it is a continuation byte (`80`..`BF`), so
//!    every byte that is not one starts a unit;
//! 2. a unit that starts with a continuation byte is that byte alone;
//! 3. a unit is at most 4 bytes long.
//!
//! So the unit around an offset `p` starts at the last non-continuation byte `a` among the three
//! bytes before `p`, and reaches past `p` only when the forward step at `a` says it is longer than
//! `p - a`; with no such byte, or a shorter unit, the bytes up to `p` are one-byte units and `p`
//! is a boundary. See [`unit_around`].

use crate::codec::decode::{Step, is_continuation, utf8_step};
use crate::codec::encode::{Encoder, Utf8Out, utf8_len};
use crate::types::outcome::{ErrorKind, Outcome, Status};

/// The length of the unit that starts at `s[0]` (`s` is not empty).
fn unit_len(s: &[u8]) -> usize {
    match utf8_step(s) {
        Step::Char { len, .. } | Step::Invalid { len, .. } | Step::Truncated { len } => len,
    }
}

/// The start of the unit that `p` lies strictly inside, or `None` when `p` is a boundary.
/// `p <= s.len()`.
fn unit_around(s: &[u8], p: usize) -> Option<usize> {
    for back in 1..=3 {
        // Reaching offset 0 through continuation bytes only: each of them is a unit (fact 2).
        let a = p.checked_sub(back)?;
        if !is_continuation(s[a]) {
            // `a` starts a unit (fact 1); everything between it and `p` is a continuation byte.
            return (unit_len(&s[a..]) > back).then_some(a);
        }
    }
    // The unit holding `p - 1` starts at least 4 bytes back, so it ends by `p` (fact 3); the
    // continuation bytes after it are one-byte units (fact 2).
    None
}

/// True when `i` is a boundary of `s`: 0, `s.len()`, or an offset between two characters or
/// maximal ill-formed subparts. False when `i > s.len()`.
///
/// On valid UTF-8 this is `str::is_char_boundary`.
///
/// ```
/// let s = b"\xE2\x82\xAC\xE2\x82!"; // '€', then E2 82, a sequence cut short by '!'
/// let boundaries: Vec<usize> = (0..=7).filter(|&i| utf8x::is_char_boundary(s, i)).collect();
/// assert_eq!(boundaries, [0, 3, 5, 6]);
/// ```
#[must_use]
pub fn is_char_boundary(s: &[u8], i: usize) -> bool {
    i <= s.len() && unit_around(s, i).is_none()
}

/// The largest boundary of `s` at or before `i` (offsets past the end count as `s.len()`).
///
/// The name and the meaning are those of `str::floor_char_boundary`, extended to ill-formed
/// input, where a maximal ill-formed subpart is one indivisible unit.
///
/// ```
/// let s = "añb".as_bytes(); // 'ñ' is C3 B1
/// assert_eq!(utf8x::floor_char_boundary(s, 2), 1);
/// assert_eq!(utf8x::floor_char_boundary(s, 99), 4);
/// // E1 80 is one maximal subpart: 2 is inside it.
/// assert_eq!(utf8x::floor_char_boundary(b"a\xE1\x80b", 2), 1);
/// ```
#[must_use]
pub fn floor_char_boundary(s: &[u8], i: usize) -> usize {
    let i = i.min(s.len());
    unit_around(s, i).unwrap_or(i)
}

/// The smallest boundary of `s` at or after `i` (offsets past the end count as `s.len()`).
///
/// ```
/// let s = "añb".as_bytes();
/// assert_eq!(utf8x::ceil_char_boundary(s, 2), 3);
/// assert_eq!(utf8x::ceil_char_boundary(b"a\xE1\x80b", 2), 3);
/// ```
#[must_use]
pub fn ceil_char_boundary(s: &[u8], i: usize) -> usize {
    let i = i.min(s.len());
    unit_around(s, i).map_or(i, |a| a + unit_len(&s[a..]))
}

/// The first boundary of `s` after `i`: where the unit at a boundary `i` ends. Returns
/// `s.len()` when `i >= s.len()`.
///
/// Iterating from 0 visits every character and maximal ill-formed subpart once:
/// ```
/// let s = b"a\xF0\x9F\x98\x80\xFF\xE2\x82";
/// let (mut i, mut ends) = (0, vec![]);
/// while i < s.len() {
///     i = utf8x::next_char_boundary(s, i);
///     ends.push(i);
/// }
/// assert_eq!(ends, [1, 5, 6, 8]); // 'a', U+1F600, FF, the truncated E2 82
/// ```
#[must_use]
pub fn next_char_boundary(s: &[u8], i: usize) -> usize {
    // The smallest boundary above i is the ceiling of i + 1 (no overflow: i < s.len()).
    if i >= s.len() {
        s.len()
    } else {
        ceil_char_boundary(s, i + 1)
    }
}

/// The last boundary of `s` before `i`: where the unit ending at a boundary `i` starts. Returns
/// 0 when `i` is 0; offsets past the end count as `s.len()`.
///
/// Walking back from `s.len()` visits exactly the boundaries the forward walk visits, in reverse,
/// even in ill-formed input:
/// ```
/// let s = b"a\xF0\x9F\x98\x80\xFF\xE2\x82";
/// let (mut i, mut starts) = (s.len(), vec![]);
/// while i > 0 {
///     i = utf8x::prev_char_boundary(s, i);
///     starts.push(i);
/// }
/// assert_eq!(starts, [6, 5, 1, 0]);
/// ```
#[must_use]
pub fn prev_char_boundary(s: &[u8], i: usize) -> usize {
    // The largest boundary below i is the floor of i - 1.
    match i.min(s.len()) {
        0 => 0,
        i => floor_char_boundary(s, i - 1),
    }
}

/// The longest prefix of `s` of at most `max` bytes that cuts no character and no maximal
/// ill-formed subpart: the safe `strncpy` bound. Its length is `floor_char_boundary(s, max)`.
///
/// It neither validates nor repairs: ill-formed bytes are kept as they are, never split.
///
/// ```
/// assert_eq!(utf8x::truncate("Grüße".as_bytes(), 3), b"Gr");
/// assert_eq!(utf8x::truncate("Grüße".as_bytes(), 4), "Grü".as_bytes());
/// assert_eq!(utf8x::truncate(b"ab", 10), b"ab");
/// ```
#[must_use]
pub fn truncate(s: &[u8], max: usize) -> &[u8] {
    &s[..floor_char_boundary(s, max)]
}

/// Copies into `dst` the longest prefix of `src` that [`truncate`] allows while leaving room for
/// a terminating NUL, and writes that NUL after it: the safe `strlcpy` for UTF-8.
///
/// Returns [`Status::Ok`] when all of `src` and the NUL fit, otherwise [`Status::OutputFull`]
/// (also when `dst` is empty: nothing is written then). `read` and `written` are both the length
/// of the copied prefix, the NUL not included. `dst: None` writes nothing and returns `read ==
/// written == src.len()`: a buffer of `written + 1` bytes takes the whole copy. NUL bytes inside
/// `src` are copied like any other byte.
///
/// ```
/// use utf8x::Status;
/// let mut buf = [0xAA; 4]; // room for 3 bytes and the NUL; 'ï' is bytes 2..4
/// let o = utf8x::truncate_copy("naïve".as_bytes(), Some(&mut buf));
/// assert_eq!((o.status, o.written), (Status::OutputFull, 2));
/// assert_eq!(&buf[..3], b"na\0");
/// ```
pub fn truncate_copy(src: &[u8], dst: Option<&mut [u8]>) -> Outcome {
    let Some(dst) = dst else {
        return copied(src.len(), src.len());
    };
    let Some(room) = dst.len().checked_sub(1) else {
        // Not even the NUL fits: nothing is written, so the copy is not complete, even of "".
        return Outcome {
            status: Status::OutputFull,
            ..Outcome::default()
        };
    };
    let n = truncate(src, room).len();
    dst[..n].copy_from_slice(&src[..n]);
    dst[n] = 0;
    copied(n, src.len())
}

/// `n` of `len` units copied: [`Status::Ok`] when that is all of them.
pub fn copied(n: usize, len: usize) -> Outcome {
    Outcome {
        status: if n == len {
            Status::Ok
        } else {
            Status::OutputFull
        },
        read: n,
        written: n,
        ..Outcome::default()
    }
}

/// Decodes the unit at the start of `s`: a character, or a maximal ill-formed subpart.
///
/// Returns the character (`None` for a subpart or an empty `s`) and an [`Outcome`] whose `read`
/// is the unit's length (0 for an empty `s`, with [`Status::Ok`]) and whose `status`, `error` and
/// `error_len` are what [`validate`](crate::validate()) reports for that unit: [`Status::Invalid`]
/// with the subpart's kind and `error_len == read`, or [`Status::Truncated`]
/// ([`ErrorKind::Incomplete`], `error_len` 0) when `s` ends inside a sequence.
///
/// ```
/// use utf8x::{ErrorKind, Status};
/// let (c, o) = utf8x::decode_first("€uro".as_bytes());
/// assert_eq!((c, o.read, o.status), (Some('€'), 3, Status::Ok));
/// let (c, o) = utf8x::decode_first(b"\xED\xA0\x80");
/// assert_eq!((c, o.read, o.error), (None, 1, ErrorKind::Surrogate));
/// ```
pub fn decode_first(s: &[u8]) -> (Option<char>, Outcome) {
    if s.is_empty() {
        return (None, Outcome::default());
    }
    let (ch, status, error, read, error_len) = match utf8_step(s) {
        Step::Char { cp, len } => (char::from_u32(cp), Status::Ok, ErrorKind::None, len, 0),
        Step::Invalid { len, kind } => (None, Status::Invalid, kind, len, len),
        Step::Truncated { len } => (None, Status::Truncated, ErrorKind::Incomplete, len, 0),
    };
    let outcome = Outcome {
        status,
        error,
        read,
        error_len,
        ..Outcome::default()
    };
    (ch, outcome)
}

/// Decodes the last unit of `s`, the one that ends at `s.len()`; otherwise as [`decode_first`]
/// (`read` is the unit's length, counted back from the end).
///
/// The unit is the one the forward split of the whole of `s` ends with, and it is reported as
/// [`decode_first`] reports it at its start.
///
/// ```
/// use utf8x::Status;
/// let (c, o) = utf8x::decode_last("ok €".as_bytes());
/// assert_eq!((c, o.read), (Some('€'), 3));
/// // F0 9F 98 is a truncated emoji: one unit of 3 bytes, not three bad bytes.
/// let (c, o) = utf8x::decode_last(b"ok \xF0\x9F\x98");
/// assert_eq!((c, o.read, o.status), (None, 3, Status::Truncated));
/// ```
pub fn decode_last(s: &[u8]) -> (Option<char>, Outcome) {
    decode_before(s, s.len())
}

/// Decodes the unit of `s` that starts at offset `i`: [`decode_first`] of `&s[i..]`, or
/// [`Status::BadArgument`] when `i > s.len()`.
///
/// `i` is meant to be a boundary; elsewhere the bytes are decoded as if the text began at `i`
/// (a continuation byte there is a one-byte subpart).
///
/// ```
/// let (c, o) = utf8x::decode_at("añb".as_bytes(), 1);
/// assert_eq!((c, o.read), (Some('ñ'), 2));
/// ```
pub fn decode_at(s: &[u8], i: usize) -> (Option<char>, Outcome) {
    match s.get(i..) {
        Some(rest) => decode_first(rest),
        None => (None, Outcome::bad_argument()),
    }
}

/// Decodes the unit of `s` that ends at offset `i`, as [`decode_at`] reports it at its start
/// `i - read`; with `i == 0`, `read` is 0 and the status [`Status::Ok`]; [`Status::BadArgument`]
/// when `i > s.len()`.
///
/// When `i` is not a boundary, the bytes from the start of the unit that `i` cuts up to `i` are
/// reported as what they are without the rest: [`Status::Truncated`].
///
/// ```
/// use utf8x::{ErrorKind, Status};
/// let s = b"\xE2\x82!"; // E2 82, a sequence cut short by '!'
/// let (c, o) = utf8x::decode_before(s, 3);
/// assert_eq!((c, o.read), (Some('!'), 1));
/// let (c, o) = utf8x::decode_before(s, 2);
/// assert_eq!((c, o.read, o.error), (None, 2, ErrorKind::TooShort)); // as decode_at(s, 0)
/// let (_, o) = utf8x::decode_before(s, 1);
/// assert_eq!((o.read, o.status), (1, Status::Truncated));
/// ```
pub fn decode_before(s: &[u8], i: usize) -> (Option<char>, Outcome) {
    if i > s.len() {
        return (None, Outcome::bad_argument());
    }
    let start = prev_char_boundary(s, i);
    let unit = decode_first(&s[start..]);
    if start + unit.1.read == i {
        unit
    } else {
        // `i` cuts the unit (or is 0): what lies before it is a prefix the step accepted, which
        // the end of input now leaves truncated.
        decode_first(&s[start..i])
    }
}

/// Encodes the code point `cp` as UTF-8 into `dst`.
///
/// Returns [`Status::Ok`] with `read` 1 and `written` its length (1..4); [`Status::Invalid`]
/// (`read` 0, `error_len` 1) for a surrogate ([`ErrorKind::Surrogate`]) or a value above
/// U+10FFFF ([`ErrorKind::OutOfRange`]); [`Status::OutputFull`] (nothing written) when `dst` is
/// too small. `dst: None` writes nothing and returns the length in `written`.
///
/// ```
/// use utf8x::{ErrorKind, Status};
/// let mut buf = [0; 4];
/// let o = utf8x::encode_utf8(0x20AC, Some(&mut buf));
/// assert_eq!(&buf[..o.written], "€".as_bytes());
/// assert_eq!(utf8x::encode_utf8(0xD800, None).error, ErrorKind::Surrogate);
/// assert_eq!(utf8x::encode_utf8(0x1F600, Some(&mut buf[..3])).status, Status::OutputFull);
/// ```
pub fn encode_utf8(cp: u32, dst: Option<&mut [u8]>) -> Outcome {
    let error = match cp {
        0xD800..=0xDFFF => ErrorKind::Surrogate,
        0x11_0000.. => ErrorKind::OutOfRange,
        _ => ErrorKind::None,
    };
    if error != ErrorKind::None {
        return Outcome {
            status: Status::Invalid,
            error,
            error_len: 1,
            ..Outcome::default()
        };
    }
    let n = utf8_len(cp);
    match dst {
        None => {}
        Some(dst) => match dst.get_mut(..n) {
            Some(out) => Utf8Out::write(cp, out),
            None => {
                return Outcome {
                    status: Status::OutputFull,
                    ..Outcome::default()
                };
            }
        },
    }
    Outcome {
        read: 1,
        written: n,
        ..Outcome::default()
    }
}

/// Copies UTF-16 units from `src` to `dst` with the two bytes of each swapped: little-endian
/// units become big-endian and back.
///
/// The values are not looked at: ill-formed UTF-16 is swapped like any other. Returns
/// [`Status::Ok`] with `read == written == src.len()`; when `dst` is shorter, the units that fit
/// and [`Status::OutputFull`] (which may stop between the two halves of a surrogate pair:
/// continuing from `src[read..]` gives the rest). `dst: None` writes nothing and returns
/// `written == src.len()`. For one buffer, use [`swap_utf16_in_place`].
///
/// ```
/// let le: Vec<u16> = "hé".encode_utf16().map(u16::to_le).collect();
/// let mut be = [0; 2];
/// assert!(utf8x::swap_utf16(&le, Some(&mut be)).is_ok());
/// assert_eq!(utf8x::validate_utf16be(&be).read, 2);
/// ```
pub fn swap_utf16(src: &[u16], dst: Option<&mut [u16]>) -> Outcome {
    let Some(dst) = dst else {
        return copied(src.len(), src.len());
    };
    let n = src.len().min(dst.len());
    for (d, s) in dst.iter_mut().zip(src) {
        *d = s.swap_bytes();
    }
    copied(n, src.len())
}

/// Swaps the two bytes of every UTF-16 unit of `buf`, in place; see [`swap_utf16`].
///
/// ```
/// let mut units = [0x0068_u16, 0xD83D, 0xDE00];
/// utf8x::swap_utf16_in_place(&mut units);
/// assert_eq!(units, [0x6800, 0x3DD8, 0x00DE]);
/// ```
pub fn swap_utf16_in_place(buf: &mut [u16]) {
    for unit in buf {
        *unit = unit.swap_bytes();
    }
}
