//! What each conversion must produce: inputs decoded into pieces by std, targets spelled by
//! std, and the policies applied as the README states them (the result fields and the policies).

use std::fmt::Debug;

use utf8x::{ErrorKind, Outcome, Policy, Status};

use super::{Class, classify, hex};

// Decoded input: what each source holds, piece by piece

/// One character or one ill-formed subpart of a source.
#[derive(Clone, Debug)]
pub enum Piece {
    Char {
        c: char,
        len: usize,
    },
    Bad {
        len: usize,
        kind: ErrorKind,
        truncated: bool,
        /// What ESCAPE turns the subpart into (`U+DC00 + byte` values decoding UTF-8, the byte
        /// when encoding to UTF-8), or `None` when ESCAPE must stop.
        escapes: Option<Vec<u32>>,
        /// The ill-formed bytes of UTF-8 input, which FALLBACK decodes as Windows-1252; `None`
        /// for UTF-16/UTF-32 units, where FALLBACK acts as REPLACE.
        bytes: Option<Vec<u8>>,
    },
}

/// UTF-8 pieces, segmented by `str::from_utf8` (kinds from [`classify`]).
pub fn utf8_pieces(s: &[u8]) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut at = 0;
    loop {
        let rest = &s[at..];
        let (valid, bad) = match std::str::from_utf8(rest) {
            Ok(t) => (t, None),
            Err(e) => {
                let t = std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap();
                (t, Some(e))
            }
        };
        pieces.extend(valid.chars().map(|c| Piece::Char {
            c,
            len: c.len_utf8(),
        }));
        at += valid.len();
        let Some(e) = bad else { return pieces };
        let len = e.error_len().unwrap_or(s.len() - at);
        let kind = match (classify(&s[at..]), e.error_len()) {
            (Class::Invalid(n, kind), Some(m)) if n == m => kind,
            (Class::Truncated(n), None) if n == len => ErrorKind::Incomplete,
            other => panic!("oracles disagree at {at} of {}: {other:?}", hex(s)),
        };
        pieces.push(Piece::Bad {
            len,
            kind,
            truncated: e.error_len().is_none(),
            escapes: Some(
                s[at..at + len]
                    .iter()
                    .map(|&b| 0xDC00 | u32::from(b))
                    .collect(),
            ),
            bytes: Some(s[at..at + len].to_vec()),
        });
        at += len;
    }
}

/// A lone surrogate ESCAPE maps back to a byte.
fn escape_byte(unit: u32) -> Option<Vec<u32>> {
    (0xDC80..=0xDCFF).contains(&unit).then(|| vec![unit & 0xFF])
}

/// UTF-16 pieces from `char::decode_utf16` over the units' values.
pub fn utf16_pieces(units: &[u16], value: fn(u16) -> u16) -> Vec<Piece> {
    let mut at = 0;
    char::decode_utf16(units.iter().map(|&u| value(u)))
        .map(|r| {
            let piece = match r {
                Ok(c) => Piece::Char {
                    c,
                    len: c.len_utf16(),
                },
                Err(e) => {
                    let u = e.unpaired_surrogate();
                    let truncated = at + 1 == units.len() && (0xD800..0xDC00).contains(&u);
                    Piece::Bad {
                        len: 1,
                        kind: if truncated {
                            ErrorKind::Incomplete
                        } else {
                            ErrorKind::LoneSurrogate
                        },
                        truncated,
                        escapes: escape_byte(u32::from(u)),
                        bytes: None,
                    }
                }
            };
            at += match piece {
                Piece::Char { len, .. } | Piece::Bad { len, .. } => len,
            };
            piece
        })
        .collect()
}

/// UTF-32 pieces from `char::from_u32`.
pub fn utf32_pieces(units: &[u32]) -> Vec<Piece> {
    units
        .iter()
        .map(|&u| match char::from_u32(u) {
            Some(c) => Piece::Char { c, len: 1 },
            None => Piece::Bad {
                len: 1,
                kind: if (0xD800..=0xDFFF).contains(&u) {
                    ErrorKind::Surrogate
                } else {
                    ErrorKind::OutOfRange
                },
                truncated: false,
                escapes: escape_byte(u),
                bytes: None,
            },
        })
        .collect()
}

/// Latin-1 pieces: byte b is U+00b.
pub fn latin1_pieces(bytes: &[u8]) -> Vec<Piece> {
    bytes
        .iter()
        .map(|&b| Piece::Char {
            c: char::from(b),
            len: 1,
        })
        .collect()
}

// Targets: how std spells a character in each output

/// A code unit type with a canary value, written around buffers to catch stray writes.
pub trait Unit: Copy + Default + PartialEq + Debug + 'static {
    /// A value real output rarely holds (never, for UTF-8 and UTF-32 output).
    const CANARY: Self;
}

impl Unit for u8 {
    const CANARY: u8 = 0xFF;
}
impl Unit for u16 {
    const CANARY: u16 = 0xFFFF;
}
impl Unit for u32 {
    const CANARY: u32 = 0xFFFF_FFFF;
}

/// An output encoding, spelled with std.
pub trait Target {
    type Unit: Unit;
    /// What REPLACE writes.
    const REPLACEMENT: char;
    /// Whether ESCAPE is allowed with this target.
    const ESCAPES: bool;
    /// Appends `c`; false when the target cannot hold it.
    fn encode(c: char, out: &mut Vec<Self::Unit>) -> bool;
    /// The unit holding an escape value as is.
    fn raw(v: u32) -> Self::Unit;
}

pub struct Utf8;
pub struct Utf16Le;
pub struct Utf16Be;
pub struct Utf16Native;
pub struct Utf32;
pub struct Latin1;

impl Target for Utf8 {
    type Unit = u8;
    const REPLACEMENT: char = char::REPLACEMENT_CHARACTER;
    const ESCAPES: bool = true;
    fn encode(c: char, out: &mut Vec<u8>) -> bool {
        out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
        true
    }
    fn raw(v: u32) -> u8 {
        u8::try_from(v).unwrap()
    }
}

macro_rules! utf16_target {
    ($name:ident, $order:expr) => {
        impl Target for $name {
            type Unit = u16;
            const REPLACEMENT: char = char::REPLACEMENT_CHARACTER;
            const ESCAPES: bool = true;
            fn encode(c: char, out: &mut Vec<u16>) -> bool {
                out.extend(c.encode_utf16(&mut [0; 2]).iter().map(|&u| $order(u)));
                true
            }
            fn raw(v: u32) -> u16 {
                $order(u16::try_from(v).unwrap())
            }
        }
    };
}
utf16_target!(Utf16Le, u16::to_le);
utf16_target!(Utf16Be, u16::to_be);
utf16_target!(Utf16Native, std::convert::identity);

impl Target for Utf32 {
    type Unit = u32;
    const REPLACEMENT: char = char::REPLACEMENT_CHARACTER;
    const ESCAPES: bool = true;
    fn encode(c: char, out: &mut Vec<u32>) -> bool {
        out.push(c.into());
        true
    }
    fn raw(v: u32) -> u32 {
        v
    }
}

impl Target for Latin1 {
    type Unit = u8;
    const REPLACEMENT: char = '?';
    const ESCAPES: bool = false;
    fn encode(c: char, out: &mut Vec<u8>) -> bool {
        u8::try_from(u32::from(c)).map(|b| out.push(b)).is_ok()
    }
    fn raw(_: u32) -> u8 {
        unreachable!("ESCAPE is refused for Latin-1")
    }
}

// Expected results

/// What a conversion must produce: its output as a list of atomic items (a character, a
/// replacement, the escapes of one subpart, or a skipped subpart) and how it ends.
#[derive(Clone, Debug, Default)]
pub struct Expect<D> {
    pub out: Vec<D>,
    /// (input units, output units, substitutions) of each item, in order.
    pub items: Vec<(usize, usize, usize)>,
    pub status: Status,
    pub error: ErrorKind,
    pub error_len: usize,
}

impl<D: Unit> Expect<D> {
    pub fn read(&self) -> usize {
        self.items.iter().map(|i| i.0).sum()
    }

    pub fn replaced(&self) -> usize {
        self.items.iter().map(|i| i.2).sum()
    }

    pub fn outcome(&self) -> Outcome {
        Outcome {
            status: self.status,
            error: self.error,
            read: self.read(),
            written: self.out.len(),
            error_len: self.error_len,
            replaced: self.replaced(),
        }
    }
}

/// Applies `policy` to decoded `pieces` for target `T`: the whole of the semantics, from the
/// contract the README states.
pub fn expect<T: Target>(pieces: &[Piece], policy: Policy) -> Expect<T::Unit> {
    let mut e = Expect::default();
    if policy == Policy::Escape && !T::ESCAPES {
        e.status = Status::BadArgument;
        e.error = ErrorKind::BadArgument;
        return e;
    }
    for piece in pieces {
        let before = e.out.len();
        let (len, status, kind, error_len, escapes, bytes) = match piece {
            Piece::Char { c, len } => {
                if T::encode(*c, &mut e.out) {
                    e.items.push((*len, e.out.len() - before, 0));
                    continue;
                }
                (
                    *len,
                    Status::Unmappable,
                    ErrorKind::Unmappable,
                    *len,
                    None,
                    None,
                )
            }
            Piece::Bad {
                len,
                kind,
                truncated: true,
                escapes,
                bytes,
            } => (
                *len,
                Status::Truncated,
                *kind,
                0,
                escapes.as_ref(),
                bytes.as_ref(),
            ),
            Piece::Bad {
                len,
                kind,
                escapes,
                bytes,
                ..
            } => (
                *len,
                Status::Invalid,
                *kind,
                *len,
                escapes.as_ref(),
                bytes.as_ref(),
            ),
        };
        let replaced = match (policy, escapes) {
            // Each ill-formed byte as the character encoding_rs's Windows-1252 gives it (or the
            // replacement where the target cannot hold that), per the HTML5 fallback.
            // Each byte is an item of its own: a conversion that runs out of room may stop
            // between them (the bytes after the first are continuation bytes, or the input ends
            // inside the subpart, so a resumed call replaces them the same way).
            (Policy::Fallback, _) if bytes.is_some() => {
                for &b in bytes.unwrap() {
                    let at = e.out.len();
                    let one = [b];
                    let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(&one);
                    let c = text.chars().next().unwrap();
                    if !T::encode(c, &mut e.out) {
                        assert!(T::encode(T::REPLACEMENT, &mut e.out));
                    }
                    e.items.push((1, e.out.len() - at, 1));
                }
                continue;
            }
            (Policy::Replace | Policy::Fallback, _) => {
                assert!(T::encode(T::REPLACEMENT, &mut e.out));
                1
            }
            (Policy::Skip, _) => 1,
            // The escapes of a bad subpart's bytes, likewise one item each.
            (Policy::Escape, Some(values)) if values.len() == len && len > 1 => {
                for &v in values {
                    let at = e.out.len();
                    e.out.push(T::raw(v));
                    e.items.push((1, e.out.len() - at, 1));
                }
                continue;
            }
            (Policy::Escape, Some(values)) => {
                e.out.extend(values.iter().map(|&v| T::raw(v)));
                values.len()
            }
            (Policy::Strict | Policy::Escape, _) => {
                (e.status, e.error, e.error_len) = (status, kind, error_len);
                return e;
            }
        };
        e.items.push((len, e.out.len() - before, replaced));
    }
    e
}
