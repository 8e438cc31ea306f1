//! Shared pieces of the family tests (`oracles`, `spec`): running
//! `utf8x::convert` on plain values, a small scalar model of the family written from the
//! specification's definitions (never from utf8x's code), and the external oracles (Python,
//! Java) run once per test over a batch of inputs.
//!
//! The model decides a UTF-8-like sequence by the definition of a maximal subpart: the longest
//! prefix of the input that is a prefix of some well-formed sequence. Whether a prefix can still
//! become well-formed is decided by the range of values it can still reach (its bits, the rest
//! filled with zeros or ones) against the values a sequence of that length may hold in that
//! form. Overlongs, surrogates and values above the form's maximum then fall out of one rule
//! instead of a per-byte table.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

pub use super::rng::Rng;
pub use utf8x::{Encoding, ErrorKind, Outcome, Policy, Status};

pub use super::POLICIES;

/// The five byte forms of the UTF-8 family.
pub const FAMILY: [Encoding; 5] = [
    Encoding::Utf8,
    Encoding::Cesu8,
    Encoding::Mutf8,
    Encoding::Wtf8,
    Encoding::Rfc2279,
];

// ---------------------------------------------------------------------------------------------
// Running utf8x on plain values.
// ---------------------------------------------------------------------------------------------

/// A code unit type of `convert`, with its plain value.
pub trait U:
    utf8x::Unit + Copy + Default + Eq + std::fmt::Debug + Into<u32> + TryFrom<u32>
{
}
impl U for u8 {}
impl U for u16 {}
impl U for u32 {}

/// Plain values (a byte, a UTF-16 unit's value, a UTF-32 value) to the units `enc` keeps in
/// memory: little- or big-endian forms are byte-swapped as stored.
pub fn to_mem<T: U>(enc: Encoding, values: &[u32]) -> Vec<T> {
    values
        .iter()
        .map(|&v| {
            let v = match enc {
                Encoding::Utf16Le => u32::from((v as u16).to_le()),
                Encoding::Utf16Be => u32::from((v as u16).to_be()),
                Encoding::Utf32Le => v.to_le(),
                Encoding::Utf32Be => v.to_be(),
                _ => v,
            };
            T::try_from(v).unwrap_or_else(|_| panic!("{v:#x} is not a unit of {enc}"))
        })
        .collect()
}

/// The inverse of [`to_mem`].
pub fn from_mem<T: U>(enc: Encoding, units: &[T]) -> Vec<u32> {
    units
        .iter()
        .map(|&u| {
            let v: u32 = u.into();
            match enc {
                Encoding::Utf16Le => u32::from(u16::from_le(v as u16)),
                Encoding::Utf16Be => u32::from(u16::from_be(v as u16)),
                Encoding::Utf32Le => u32::from_le(v),
                Encoding::Utf32Be => u32::from_be(v),
                _ => v,
            }
        })
        .collect()
}

/// Room for any conversion of `n` source units: 6 bytes per unit is the most any pair needs
/// (UTF-32 to a 6-byte RFC 2279 sequence), plus slack.
pub fn roomy(n: usize) -> usize {
    6 * n + 16
}

fn go<S: U, T: U>(
    from: Encoding,
    src: &[u32],
    to: Encoding,
    policy: Policy,
    cap: Option<usize>,
) -> (Outcome, Vec<u32>) {
    let s: Vec<S> = to_mem(from, src);
    match cap {
        None => (
            utf8x::convert::<S, T>(&s, from, None, to, policy),
            Vec::new(),
        ),
        Some(cap) => {
            let mut buf = vec![T::default(); cap];
            let o = utf8x::convert(&s, from, Some(&mut buf[..]), to, policy);
            buf.truncate(o.written.min(cap));
            (o, from_mem(to, &buf))
        }
    }
}

/// `utf8x::convert` of the plain values `src` of `from` into `to`, with the unit types the two
/// encodings take; `cap` is the output capacity in units (`None` measures). The output comes
/// back as plain values.
pub fn run_cap(
    from: Encoding,
    src: &[u32],
    to: Encoding,
    policy: Policy,
    cap: Option<usize>,
) -> (Outcome, Vec<u32>) {
    match (from.unit_size(), to.unit_size()) {
        (1, 1) => go::<u8, u8>(from, src, to, policy, cap),
        (1, 2) => go::<u8, u16>(from, src, to, policy, cap),
        (1, _) => go::<u8, u32>(from, src, to, policy, cap),
        (2, 1) => go::<u16, u8>(from, src, to, policy, cap),
        (2, 2) => go::<u16, u16>(from, src, to, policy, cap),
        (2, _) => go::<u16, u32>(from, src, to, policy, cap),
        (_, 1) => go::<u32, u8>(from, src, to, policy, cap),
        (_, 2) => go::<u32, u16>(from, src, to, policy, cap),
        _ => go::<u32, u32>(from, src, to, policy, cap),
    }
}

/// [`run_cap`] with room for everything.
pub fn run(from: Encoding, src: &[u32], to: Encoding, policy: Policy) -> (Outcome, Vec<u32>) {
    run_cap(from, src, to, policy, Some(roomy(src.len())))
}

/// Bytes as plain values.
pub fn vals(bytes: &[u8]) -> Vec<u32> {
    bytes.iter().map(|&b| u32::from(b)).collect()
}

/// Plain values as bytes (for a byte-form output).
pub fn bytes(values: &[u32]) -> Vec<u8> {
    values
        .iter()
        .map(|&v| u8::try_from(v).expect("a byte"))
        .collect()
}

/// An expected outcome, spelled out.
pub fn outcome(
    status: Status,
    error: ErrorKind,
    read: usize,
    written: usize,
    error_len: usize,
    replaced: usize,
) -> Outcome {
    Outcome {
        status,
        error,
        read,
        written,
        error_len,
        replaced,
    }
}

/// The outcome of a complete, clean conversion.
pub fn ok(read: usize, written: usize, replaced: usize) -> Outcome {
    outcome(Status::Ok, ErrorKind::None, read, written, 0, replaced)
}

pub fn hex(values: &[u32]) -> String {
    let shown: Vec<String> = values.iter().take(96).map(|v| format!("{v:02X}")).collect();
    let more = if values.len() > 96 { " ..." } else { "" };
    format!("[{}{more}] ({} units)", shown.join(" "), values.len())
}

// ---------------------------------------------------------------------------------------------
// The model: decoding.
// ---------------------------------------------------------------------------------------------

/// One decoding step of the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// A well-formed character (possibly a lone surrogate or a value above U+10FFFF).
    Char { cp: u32, len: usize },
    /// A maximal ill-formed subpart.
    Bad { kind: ErrorKind, len: usize },
    /// The input ends inside a sequence; `len` units remain.
    Trunc { len: usize },
    /// A corner the specification leaves open (a high surrogate followed by the first bytes of
    /// a low one at the very end of MUTF-8 or WTF-8 input): the model decides nothing.
    Open,
}

/// Smallest value of an n-byte sequence in its shortest form (RFC 2279's table).
const MIN_OF_LEN: [u32; 7] = [0, 0, 0x80, 0x800, 0x1_0000, 0x20_0000, 0x400_0000];
/// Largest value of an n-byte sequence (RFC 2279's table).
const MAX_OF_LEN: [u32; 7] = [0, 0x7F, 0x7FF, 0xFFFF, 0x1F_FFFF, 0x3FF_FFFF, 0x7FFF_FFFF];

/// The values an n-byte sequence of `form` may hold, one surrogate at a time (the pairing of
/// CESU-8, MUTF-8 and WTF-8 surrogates is decided above this level).
fn allowed(form: Encoding, n: usize) -> &'static [(u32, u32)] {
    use Encoding::*;
    match (form, n) {
        // MUTF-8 never writes U+0000 as one byte, only as C0 80.
        (Mutf8, 1) => &[(1, 0x7F)],
        (_, 1) => &[(0, 0x7F)],
        (Mutf8, 2) => &[(0, 0), (0x80, 0x7FF)],
        (_, 2) => &[(0x80, 0x7FF)],
        (Utf8 | Rfc2279, 3) => &[(0x800, 0xD7FF), (0xE000, 0xFFFF)],
        // CESU-8: a high surrogate may start a pair; a low one never starts anything.
        (Cesu8, 3) => &[(0x800, 0xDBFF), (0xE000, 0xFFFF)],
        (Mutf8 | Wtf8, 3) => &[(0x800, 0xFFFF)],
        (Utf8 | Wtf8, 4) => &[(0x1_0000, 0x10_FFFF)],
        (Rfc2279, 4) => &[(0x1_0000, 0x1F_FFFF)],
        (Rfc2279, 5) => &[(0x20_0000, 0x3FF_FFFF)],
        (Rfc2279, 6) => &[(0x400_0000, 0x7FFF_FFFF)],
        _ => &[],
    }
}

/// One sequence of `form` at `s[0]`, surrogates taken one at a time.
fn unit_step(form: Encoding, s: &[u8]) -> Item {
    let b0 = s[0];
    if form == Encoding::Mutf8 && b0 == 0 {
        return Item::Bad {
            kind: ErrorKind::NulByte,
            len: 1,
        };
    }
    // The length a lead byte announces is its count of leading one bits.
    let n = match b0.leading_ones() as usize {
        0 => 1,
        1 => {
            return Item::Bad {
                kind: ErrorKind::UnexpectedContinuation,
                len: 1,
            };
        }
        n => n,
    };
    let ranges = allowed(form, n);
    if ranges.is_empty() {
        // CESU-8 and MUTF-8 have no 4-byte form; no form but RFC 2279 has 5 or 6 bytes, and
        // none has 7 or 8 (FE, FF).
        let four = n == 4 && matches!(form, Encoding::Cesu8 | Encoding::Mutf8);
        let kind = if four {
            ErrorKind::FourByteForm
        } else {
            ErrorKind::InvalidLead
        };
        return Item::Bad { kind, len: 1 };
    }
    let lead_bits = if n == 1 {
        u32::from(b0)
    } else {
        u32::from(b0 & (0x7F >> n))
    };
    // The values the first k bytes can still reach.
    let reach = |k: usize| -> (u32, u32) {
        let v = s[1..k]
            .iter()
            .fold(lead_bits, |v, &b| v << 6 | u32::from(b & 0x3F));
        let free = 6 * (n - k) as u32;
        (v << free, (v << free) | ((1u64 << free) - 1) as u32)
    };
    let fits = |(lo, hi): (u32, u32)| ranges.iter().any(|&(a, b)| lo <= b && a <= hi);
    // Why a continuation byte cannot continue: the values it leads to are all too small for
    // this length (overlong), all surrogates, or all too large.
    let why = |(lo, hi): (u32, u32)| {
        if hi < MIN_OF_LEN[n] {
            ErrorKind::Overlong
        } else if lo >= 0xD800 && hi <= 0xDFFF {
            if form == Encoding::Cesu8 {
                ErrorKind::LoneSurrogate
            } else {
                ErrorKind::Surrogate
            }
        } else {
            ErrorKind::TooLarge
        }
    };
    if !fits(reach(1)) {
        return Item::Bad {
            kind: why(reach(1)),
            len: 1,
        };
    }
    for k in 1..n {
        let Some(&b) = s.get(k) else {
            return Item::Trunc { len: k };
        };
        if b & 0xC0 != 0x80 {
            return Item::Bad {
                kind: ErrorKind::TooShort,
                len: k,
            };
        }
        if !fits(reach(k + 1)) {
            return Item::Bad {
                kind: why(reach(k + 1)),
                len: k,
            };
        }
    }
    Item::Char {
        cp: reach(n).0,
        len: n,
    }
}

/// One step of a UTF-8-family form at `s[0]` (not empty), pairs of surrogates included.
pub fn family_step(form: Encoding, s: &[u8]) -> Item {
    let first = unit_step(form, s);
    let Item::Char {
        cp: 0xD800..=0xDBFF,
        len: 3,
    } = first
    else {
        return first;
    };
    if form == Encoding::Rfc2279 || form == Encoding::Utf8 {
        return first;
    }
    let rest = &s[3..];
    // A low surrogate's sequence: ED B0..BF 80..BF (values DC00..DFFF).
    let low_follows = rest.len() >= 3
        && rest[0] == 0xED
        && (0xB0..=0xBF).contains(&rest[1])
        && rest[2] & 0xC0 == 0x80;
    // `rest` ends the input inside what may still be a low surrogate's sequence.
    let low_may_follow = rest.len() < 3
        && rest.first().is_none_or(|&b| b == 0xED)
        && rest.get(1).is_none_or(|b| (0xB0..=0xBF).contains(b));
    let pair = |high: u32| {
        let low = 0xD000 | u32::from(rest[1] & 0x3F) << 6 | u32::from(rest[2] & 0x3F);
        0x1_0000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    };
    let Item::Char { cp: high, .. } = first else {
        unreachable!()
    };
    match form {
        Encoding::Cesu8 if low_follows => Item::Char {
            cp: pair(high),
            len: 6,
        },
        Encoding::Cesu8 if low_may_follow => Item::Trunc { len: s.len() },
        Encoding::Cesu8 => Item::Bad {
            kind: ErrorKind::LoneSurrogate,
            len: 3,
        },
        Encoding::Mutf8 if low_follows => Item::Char {
            cp: pair(high),
            len: 6,
        },
        // The high half is the bad subpart; the low half after it is a lone surrogate.
        Encoding::Wtf8 if low_follows => Item::Bad {
            kind: ErrorKind::SplitSurrogatePair,
            len: 3,
        },
        // MUTF-8 and WTF-8: a high surrogate not followed by a low one is a character.
        _ if rest.is_empty() || !low_may_follow => first,
        _ => Item::Open,
    }
}

/// The WHATWG windows-1252 index, read from encoding_rs (the oracle), byte by byte.
pub fn cp1252_table() -> &'static [u32; 256] {
    static TABLE: std::sync::OnceLock<[u32; 256]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [0u32; 256];
        for (b, slot) in t.iter_mut().enumerate() {
            let byte = [b as u8];
            let (s, bad) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(&byte);
            assert!(!bad, "encoding_rs: byte {b:#x} has no character");
            let mut chars = s.chars();
            *slot = u32::from(chars.next().expect("one character"));
            assert!(chars.next().is_none());
        }
        t
    })
}

/// The byte of each character of the windows-1252 index.
fn cp1252_inverse() -> &'static std::collections::HashMap<u32, u8> {
    static INVERSE: std::sync::OnceLock<std::collections::HashMap<u32, u8>> =
        std::sync::OnceLock::new();
    INVERSE.get_or_init(|| {
        let table = cp1252_table();
        (0..=255u8).map(|b| (table[b as usize], b)).collect()
    })
}

/// The steps of decoding `src` (plain values) as `from`, for the target `to` (the target
/// decides whether lone UTF-16 surrogates and UTF-32 values above U+10FFFF are characters).
/// Each step comes with its offset.
pub fn model_items(from: Encoding, src: &[u32], to: Encoding) -> Vec<(usize, Item)> {
    let mut items = Vec::new();
    let mut at = 0;
    let byte_src: Vec<u8> = if from.is_utf8_family() {
        bytes(src)
    } else {
        Vec::new()
    };
    while at < src.len() {
        let item = match from.resolved() {
            f if f.is_utf8_family() => family_step(f, &byte_src[at..]),
            Encoding::Latin1 => Item::Char {
                cp: src[at],
                len: 1,
            },
            Encoding::Cp1252 => Item::Char {
                cp: cp1252_table()[src[at] as usize],
                len: 1,
            },
            Encoding::Utf16 | Encoding::Utf16Le | Encoding::Utf16Be => {
                let lenient = matches!(to, Encoding::Wtf8 | Encoding::Mutf8);
                let u = src[at];
                let next = src.get(at + 1).copied();
                match (u, next) {
                    (0xD800..=0xDBFF, Some(lo @ 0xDC00..=0xDFFF)) => Item::Char {
                        cp: 0x1_0000 + ((u - 0xD800) << 10) + (lo - 0xDC00),
                        len: 2,
                    },
                    (0xD800..=0xDFFF, _) if lenient => Item::Char { cp: u, len: 1 },
                    (0xD800..=0xDBFF, None) => Item::Trunc { len: 1 },
                    (0xD800..=0xDFFF, _) => Item::Bad {
                        kind: ErrorKind::LoneSurrogate,
                        len: 1,
                    },
                    _ => Item::Char { cp: u, len: 1 },
                }
            }
            _ => {
                let max = if to == Encoding::Rfc2279 {
                    0x7FFF_FFFF
                } else {
                    0x10_FFFF
                };
                match src[at] {
                    0xD800..=0xDFFF => Item::Bad {
                        kind: ErrorKind::Surrogate,
                        len: 1,
                    },
                    v if v > max => Item::Bad {
                        kind: ErrorKind::OutOfRange,
                        len: 1,
                    },
                    v => Item::Char { cp: v, len: 1 },
                }
            }
        };
        items.push((at, item));
        at += match item {
            Item::Char { len, .. } | Item::Bad { len, .. } | Item::Trunc { len } => len,
            Item::Open => src.len() - at,
        };
    }
    items
}

// ---------------------------------------------------------------------------------------------
// The model: encoding and policies.
// ---------------------------------------------------------------------------------------------

/// RFC 2279's table: the shortest 1..6-byte form of any value up to 0x7FFFFFFF, surrogates
/// included (the callers decide whether a form may hold them).
pub fn rfc2279_bytes(cp: u32) -> Vec<u32> {
    let n = (1..=6).find(|&n| cp <= MAX_OF_LEN[n]).expect("31 bits");
    if n == 1 {
        return vec![cp];
    }
    let lead_mark = (0xFF00u32 >> n) & 0xFF;
    let mut out = vec![lead_mark | (cp >> (6 * (n - 1)))];
    out.extend((0..n - 1).rev().map(|i| 0x80 | ((cp >> (6 * i)) & 0x3F)));
    out
}

fn is_surrogate(cp: u32) -> bool {
    (0xD800..=0xDFFF).contains(&cp)
}

/// The UTF-16 units of a supplementary character.
fn surrogates(cp: u32) -> [u32; 2] {
    let c = char::from_u32(cp).expect("a supplementary character");
    let mut units = [0u16; 2];
    c.encode_utf16(&mut units);
    [u32::from(units[0]), u32::from(units[1])]
}

/// `cp` written in `to` (plain values), or `None` when `to` cannot hold it.
pub fn model_encode(to: Encoding, cp: u32) -> Option<Vec<u32>> {
    use Encoding::*;
    let each = |units: [u32; 2]| units.iter().flat_map(|&u| rfc2279_bytes(u)).collect();
    Some(match to.resolved() {
        Utf8 => {
            let c = char::from_u32(cp)?;
            vals(c.encode_utf8(&mut [0; 4]).as_bytes())
        }
        Wtf8 if is_surrogate(cp) => rfc2279_bytes(cp),
        Wtf8 => model_encode(Utf8, cp)?,
        Cesu8 if is_surrogate(cp) || cp > 0x10_FFFF => return None,
        Cesu8 | Mutf8 if (0x1_0000..=0x10_FFFF).contains(&cp) => each(surrogates(cp)),
        Cesu8 => rfc2279_bytes(cp),
        Mutf8 if cp == 0 => vec![0xC0, 0x80],
        Mutf8 if cp <= 0xFFFF => rfc2279_bytes(cp),
        Mutf8 => return None,
        Rfc2279 if is_surrogate(cp) => return None,
        Rfc2279 => rfc2279_bytes(cp),
        Utf16 | Utf16Le | Utf16Be if cp <= 0xFFFF => vec![cp],
        Utf16 | Utf16Le | Utf16Be if cp <= 0x10_FFFF => surrogates(cp).to_vec(),
        Utf16 | Utf16Le | Utf16Be => return None,
        Utf32 | Utf32Le | Utf32Be if is_surrogate(cp) => return None,
        Utf32 | Utf32Le | Utf32Be => vec![cp],
        Latin1 if cp <= 0xFF => vec![cp],
        Latin1 => return None,
        Cp1252 => vec![u32::from(*cp1252_inverse().get(&cp)?)],
        Wchar => unreachable!("resolved"),
    })
}

/// The replacement character in `to`: `?` for the single-byte targets, U+FFFD otherwise.
pub fn replacement(to: Encoding) -> Vec<u32> {
    match to {
        Encoding::Latin1 | Encoding::Cp1252 => vec![u32::from(b'?')],
        _ => model_encode(to, 0xFFFD).expect("U+FFFD"),
    }
}

fn byte_target(to: Encoding) -> bool {
    matches!(to, Encoding::Utf8 | Encoding::Cesu8 | Encoding::Rfc2279)
}

fn wide_target(to: Encoding) -> bool {
    to.unit_size() > 1
}

/// What ESCAPE writes for the bad byte `b` of UTF-8-family input: the byte itself in UTF-8,
/// CESU-8 and RFC 2279, the lone surrogate U+DC00+b elsewhere.
fn escape_byte(to: Encoding, b: u32) -> Vec<u32> {
    if byte_target(to) {
        vec![b]
    } else if wide_target(to) {
        vec![0xDC00 + b]
    } else {
        rfc2279_bytes(0xDC00 + b)
    }
}

/// What ESCAPE does with a lone surrogate that is ill-formed (UTF-16/32 input) or unmappable.
enum Escaped {
    Units(Vec<u32>),
    /// Stops as STRICT.
    Stop,
    /// The specification says nothing.
    Open,
}

/// A lone U+DC80..U+DCFF becomes its byte in UTF-8, CESU-8 and RFC 2279 and stays itself in
/// UTF-16/UTF-32; any other value stops as STRICT.
fn escape_surrogate(to: Encoding, u: u32) -> Escaped {
    if !(0xDC80..=0xDCFF).contains(&u) {
        Escaped::Stop
    } else if byte_target(to) {
        Escaped::Units(vec![u - 0xDC00])
    } else if wide_target(to) {
        Escaped::Units(vec![u])
    } else {
        Escaped::Open
    }
}

/// The expected result of converting `src` (plain values) from `from` to `to` under `policy`,
/// with unlimited room; `None` where the specification leaves the result open.
pub fn model(
    from: Encoding,
    src: &[u32],
    to: Encoding,
    policy: Policy,
) -> Option<(Outcome, Vec<u32>)> {
    let to = to.resolved();
    if policy == Policy::Escape && matches!(to, Encoding::Latin1 | Encoding::Cp1252) {
        let o = outcome(Status::BadArgument, ErrorKind::BadArgument, 0, 0, 0, 0);
        return Some((o, Vec::new()));
    }
    let mut out: Vec<u32> = Vec::new();
    let mut replaced = 0;
    let stop = |out: &Vec<u32>, replaced, status, error, read, error_len| {
        Some((
            outcome(status, error, read, out.len(), error_len, replaced),
            out.clone(),
        ))
    };
    for (at, item) in model_items(from, src, to) {
        match item {
            Item::Open => return None,
            Item::Char { cp, len } => match model_encode(to, cp) {
                Some(units) => out.extend(units),
                None => match policy {
                    Policy::Strict => {
                        let (s, e) = (Status::Unmappable, ErrorKind::Unmappable);
                        return stop(&out, replaced, s, e, at, len);
                    }
                    Policy::Replace | Policy::Fallback => {
                        out.extend(replacement(to));
                        replaced += 1;
                    }
                    Policy::Skip => replaced += 1,
                    Policy::Escape => match escape_surrogate(to, cp) {
                        Escaped::Units(units) => {
                            out.extend(units);
                            replaced += 1;
                        }
                        Escaped::Stop => {
                            let (s, e) = (Status::Unmappable, ErrorKind::Unmappable);
                            return stop(&out, replaced, s, e, at, len);
                        }
                        Escaped::Open => return None,
                    },
                },
            },
            Item::Bad { len, .. } | Item::Trunc { len } => {
                let (status, error, error_len) = match item {
                    Item::Bad { kind, len } => (Status::Invalid, kind, len),
                    _ => (Status::Truncated, ErrorKind::Incomplete, 0),
                };
                let bad = &src[at..at + len];
                match policy {
                    Policy::Strict => return stop(&out, replaced, status, error, at, error_len),
                    Policy::Fallback if from.is_utf8_family() => {
                        for &b in bad {
                            let c = cp1252_table()[b as usize];
                            out.extend(model_encode(to, c).unwrap_or_else(|| replacement(to)));
                        }
                        replaced += len;
                    }
                    Policy::Replace | Policy::Fallback => {
                        out.extend(replacement(to));
                        replaced += 1;
                    }
                    Policy::Skip => replaced += 1,
                    Policy::Escape if from.is_utf8_family() => {
                        for &b in bad {
                            out.extend(escape_byte(to, b));
                        }
                        replaced += len;
                    }
                    // One bad UTF-16/32 unit at a time.
                    Policy::Escape => match escape_surrogate(to, bad[0]) {
                        Escaped::Units(units) => {
                            out.extend(units);
                            replaced += 1;
                        }
                        Escaped::Stop => {
                            return stop(&out, replaced, status, error, at, error_len);
                        }
                        Escaped::Open => return None,
                    },
                }
            }
        }
    }
    Some((ok(src.len(), out.len(), replaced), out))
}

// ---------------------------------------------------------------------------------------------
// Texts.
// ---------------------------------------------------------------------------------------------

/// A random character valid in every form that `form` converts losslessly to UTF-16: ASCII
/// (never U+0000, which MUTF-8 writes in two bytes), 2- and 3-byte BMP characters and
/// supplementary ones; RFC 2279 also draws values above U+10FFFF.
pub fn random_char(rng: &mut Rng, form: Encoding) -> u32 {
    loop {
        let cp = match rng.below(10) {
            0..=3 => rng.range(1, 0x7F),
            4 | 5 => rng.range(0x80, 0x7FF),
            6 | 7 => rng.range(0x800, 0xFFFF),
            8 => rng.range(0x1_0000, 0x10_FFFF),
            _ if form == Encoding::Rfc2279 => rng.range(0x11_0000, 0x7FFF_FFFF),
            _ => rng.range(0x1_0000, 0x10_FFFF),
        };
        if !is_surrogate(cp) {
            return cp;
        }
    }
}

/// A well-formed text of `form` of exactly `n` bytes and its characters.
pub fn random_text(rng: &mut Rng, form: Encoding, n: usize) -> (Vec<u32>, Vec<u32>) {
    let (mut text, mut chars) = (Vec::new(), Vec::new());
    while text.len() < n {
        let cp = random_char(rng, form);
        let units = model_encode(form, cp).expect("valid character");
        if text.len() + units.len() <= n {
            text.extend(units);
            chars.push(cp);
        }
    }
    (text, chars)
}

// ---------------------------------------------------------------------------------------------
// External oracles.
// ---------------------------------------------------------------------------------------------

/// Runs `program args` with `input` on stdin and returns its stdout; `None` (after printing a
/// visible notice) when the program is not installed.
pub fn external(program: &str, args: &[&str], input: &[u8]) -> Option<Vec<u8>> {
    let child = Command::new(program)
        .args(args)
        // The repository root, which the programs' arguments are relative to.
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("skipped: {program} not found");
            println!("skipped: {program} not found");
            return None;
        }
        Err(e) => panic!("cannot run {program}: {e}"),
    };
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    // Written from another thread so that a large answer cannot block a large question.
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let mut stdout = Vec::new();
    child
        .stdout
        .take()
        .expect("stdout")
        .read_to_end(&mut stdout)
        .expect("read stdout");
    let mut stderr = String::new();
    let _ = child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut stderr);
    writer.join().expect("writer").expect("write stdin");
    let status = child.wait().expect("wait");
    assert!(
        status.success(),
        "{program} {args:?} failed: {status}\n{stderr}"
    );
    Some(stdout)
}

/// Runs a Python 3 script over `input`.
pub fn python(script: &str, input: &[u8]) -> Option<Vec<u8>> {
    external("python3", &["-c", script], input)
}

/// Random UTF-16 of up to `max` units: mostly well-formed text with lone highs, lone lows and
/// reversed pairs mixed in.
pub fn random_utf16(rng: &mut Rng, max: usize) -> Vec<u32> {
    let n = rng.below(max + 1);
    let mut units = Vec::new();
    while units.len() < n {
        match rng.below(12) {
            0 => units.push(rng.range(0xD800, 0xDBFF)),
            1 => units.push(rng.range(0xDC00, 0xDFFF)),
            2 => units.extend([rng.range(0xDC00, 0xDFFF), rng.range(0xD800, 0xDBFF)]),
            3 => units.push(0),
            _ => {
                let cp = random_char(rng, Encoding::Utf8);
                units.extend(model_encode(Encoding::Utf16, cp).expect("BMP or pair"));
            }
        }
    }
    units
}
