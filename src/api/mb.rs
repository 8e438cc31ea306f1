//! The C library's restartable multibyte conversions (`mbrtowc`, `c16rtomb`, `mbsnrtowcs`, ...),
//! always in UTF-8 (RFC 3629: no overlongs, no surrogates, nothing above U+10FFFF, no 5- or
//! 6-byte forms) and never the locale's encoding.
//!
//! [`MbState`] is what C keeps in an `mbstate_t`: the bytes of a character whose end has not been
//! seen yet, the low surrogate `mbrtoc16` still owes, or the high surrogate `c16rtomb` holds
//! until its low half arrives. It fits in two 32-bit words ([`MbState::to_words`]), which the C
//! shims store in the caller's `mbstate_t`; all zero is the initial state.

use crate::codec::decode::{Step, utf8_step};
use crate::codec::encode::{Encoder, Utf8Out, utf8_len};
use crate::types::outcome::Policy;

/// A conversion state (the content of an `mbstate_t`). `Default` is the initial state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MbState(Pending);

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
enum Pending {
    #[default]
    Nothing,
    /// The first 1..=3 bytes of a UTF-8 sequence that may still be completed.
    Bytes { bytes: [u8; 3], len: u8 },
    /// The low surrogate of a character `mbrtoc16` decoded; the next call returns it.
    Low(u16),
    /// A high surrogate given to `c16rtomb`; the next call must give the low one.
    High(u16),
}

/// What decoding the next character of a byte string gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MbDecoded {
    /// A character (or, from [`MbState::decode_utf16`], a UTF-16 unit) completed by the first
    /// `used` bytes of the input (C returns `used`, or 0 for U+0000).
    Char { value: u32, used: usize },
    /// `mbrtoc16` only: the low surrogate owed from the previous call; no input used (C returns
    /// `(size_t)-3`).
    Owed { value: u32 },
    /// The input ends inside a character that may still be valid; all of it went into the
    /// state (C returns `(size_t)-2`).
    Incomplete,
    /// Ill-formed input (C returns `(size_t)-1` with `errno = EILSEQ`). The state is reset.
    Invalid,
}

/// How converting a string ended (`mbsnrtowcs` and friends).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MbEnd {
    /// The terminating NUL was converted (and stored); the state is initial.
    Terminator,
    /// The output is full; `read` is where the next character starts.
    Full,
    /// The input given was used up (a character cut off at its end is in the state).
    Exhausted,
    /// An ill-formed sequence (or unencodable value) starts at `read`.
    Invalid,
}

/// The outcome of converting a string.
#[must_use = "the result says where the conversion stopped and why"]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MbConverted {
    /// Input units used (including those held in the state, and the NUL on `Terminator`).
    pub read: usize,
    /// Characters or bytes produced, not counting a terminating NUL.
    pub written: usize,
    /// Why it stopped.
    pub end: MbEnd,
}

/// The initial state (nothing pending). Not an associated const: cbindgen would export it.
const INITIAL: MbState = MbState(Pending::Nothing);

const TAG_BYTES: u32 = 1;
const TAG_LOW: u32 = 2;
const TAG_HIGH: u32 = 3;

impl MbState {
    /// The initial state (nothing pending).
    pub const fn new() -> MbState {
        INITIAL
    }

    /// True in the initial state (`mbsinit`).
    pub fn is_initial(&self) -> bool {
        self.0 == Pending::Nothing
    }

    /// The state as two words: `[tag | len << 8, payload]` with tag 0 (initial: both words
    /// zero), 1 (pending UTF-8 bytes, `len` 1..=3 of them in the payload's low bytes, first byte
    /// lowest), 2 (a low surrogate `mbrtoc16` owes) or 3 (a high surrogate `c16rtomb` holds).
    pub fn to_words(self) -> [u32; 2] {
        match self.0 {
            Pending::Nothing => [0, 0],
            Pending::Bytes { bytes, len } => [
                TAG_BYTES | (len as u32) << 8,
                u32::from_le_bytes([bytes[0], bytes[1], bytes[2], 0]),
            ],
            Pending::Low(u) => [TAG_LOW, u as u32],
            Pending::High(u) => [TAG_HIGH, u as u32],
        }
    }

    /// The state stored by [`MbState::to_words`], or `None` for words it never stores (an
    /// `mbstate_t` that was not zeroed, or was used by another library).
    pub fn from_words([head, payload]: [u32; 2]) -> Option<MbState> {
        let len = head >> 8;
        let pending = match head & 0xFF {
            0 if head == 0 && payload == 0 => Pending::Nothing,
            TAG_BYTES if (1..=3).contains(&len) && payload >> (8 * len) == 0 => {
                let [a, b, c, _] = payload.to_le_bytes();
                let bytes = [a, b, c];
                // Only a valid, unfinished prefix is ever stored.
                if utf8_step(&bytes[..len as usize]) != (Step::Truncated { len: len as usize }) {
                    return None;
                }
                Pending::Bytes {
                    bytes,
                    len: len as u8,
                }
            }
            TAG_LOW if len == 0 && (0xDC00..0xE000).contains(&payload) => {
                Pending::Low(payload as u16)
            }
            TAG_HIGH if len == 0 && (0xD800..0xDC00).contains(&payload) => {
                Pending::High(payload as u16)
            }
            _ => return None,
        };
        Some(MbState(pending))
    }

    /// Decodes the next character of `s` (`mbrtowc`, `mbrtoc32`): the bytes held in the state
    /// followed by `s`. With `s` empty the answer is [`MbDecoded::Incomplete`] (C's `n == 0`).
    /// A low surrogate owed by `mbrtoc16` or a high surrogate held by `c16rtomb` makes this
    /// [`MbDecoded::Invalid`]: the state belongs to another conversion.
    pub fn decode(&mut self, s: &[u8]) -> MbDecoded {
        let (held, len) = match self.0 {
            Pending::Nothing => ([0; 3], 0),
            Pending::Bytes { bytes, len } => (bytes, len as usize),
            Pending::Low(_) | Pending::High(_) => {
                *self = INITIAL;
                return MbDecoded::Invalid;
            }
        };
        if s.is_empty() {
            return MbDecoded::Incomplete;
        }
        let mut buf = [0u8; 4];
        buf[..len].copy_from_slice(&held[..len]);
        let take = s.len().min(4 - len);
        buf[len..len + take].copy_from_slice(&s[..take]);
        let step = utf8_step(&buf[..len + take]);
        *self = INITIAL;
        match step {
            Step::Char { cp, len: n } => MbDecoded::Char {
                value: cp,
                used: n - len,
            },
            Step::Invalid { .. } => MbDecoded::Invalid,
            Step::Truncated { len: n } => {
                let mut bytes = [0; 3];
                bytes[..n].copy_from_slice(&buf[..n]);
                self.0 = Pending::Bytes {
                    bytes,
                    len: n as u8,
                };
                MbDecoded::Incomplete
            }
        }
    }

    /// Decodes the next UTF-16 unit of `s` (`mbrtoc16`): a character above U+FFFF gives its high
    /// surrogate now (with the bytes used) and its low surrogate on the next call
    /// ([`MbDecoded::Owed`], using no input, even from an empty `s`).
    pub fn decode_utf16(&mut self, s: &[u8]) -> MbDecoded {
        if let Pending::Low(low) = self.0 {
            *self = INITIAL;
            return MbDecoded::Owed { value: low as u32 };
        }
        match self.decode(s) {
            MbDecoded::Char { value, used } if value > 0xFFFF => {
                let v = value - 0x10000;
                self.0 = Pending::Low(0xDC00 | (v & 0x3FF) as u16);
                MbDecoded::Char {
                    value: 0xD800 | v >> 10,
                    used,
                }
            }
            d => d,
        }
    }

    /// Encodes the scalar value `c` (`wcrtomb`, `c32rtomb`) into `out`, returning the bytes
    /// written, or `None` for a surrogate or a value above 0x10FFFF. UTF-8 output has no shift
    /// state, so whatever the state held is dropped.
    pub fn encode(&mut self, c: u32, out: &mut [u8; 4]) -> Option<usize> {
        *self = INITIAL;
        if (0xD800..0xE000).contains(&c) || c > 0x10FFFF {
            return None;
        }
        let n = utf8_len(c);
        Utf8Out::write(c, &mut out[..n]);
        Some(n)
    }

    /// Encodes the UTF-16 unit `u` (`c16rtomb`): a high surrogate is held (0 bytes written) until
    /// the next call brings its low surrogate, which writes the 4-byte character. A low
    /// surrogate without a held high one, or a held high one followed by anything but a low one,
    /// is `None` (EILSEQ; the state is reset).
    pub fn encode_utf16(&mut self, u: u16, out: &mut [u8; 4]) -> Option<usize> {
        let held = match self.0 {
            Pending::High(h) => Some(h),
            _ => None,
        };
        *self = INITIAL;
        match (held, u) {
            (None, 0xD800..=0xDBFF) => {
                self.0 = Pending::High(u);
                Some(0)
            }
            (Some(h), 0xDC00..=0xDFFF) => {
                let c = crate::codec::decode::combine_surrogates(h as u32, u as u32);
                self.encode(c, out)
            }
            (Some(_), _) | (None, 0xDC00..=0xDFFF) => None,
            (None, _) => self.encode(u as u32, out),
        }
    }

    /// Converts the UTF-8 string `src` to scalar values in `dst` (`mbsnrtowcs`): stops after a
    /// NUL (stored in `dst` but not counted), when `dst` is full, at the end of `src`, or at an
    /// ill-formed sequence (then `read` is where it starts; the state is reset). `dst: None`
    /// counts without a limit.
    pub fn decode_str(&mut self, src: &[u8], mut dst: Option<&mut [u32]>) -> MbConverted {
        let mut c = MbConverted {
            read: 0,
            written: 0,
            end: MbEnd::Exhausted,
        };
        if self.is_initial() {
            // The well-formed text before the NUL goes through the one-shot converter; the
            // character-at-a-time loop below takes over wherever it stopped (an error, a cut-off
            // character, a full output, the NUL), always on a character boundary.
            // `CStr` finds the NUL a word at a time.
            let text =
                core::ffi::CStr::from_bytes_until_nul(src).map_or(src.len(), |c| c.count_bytes());
            let o = crate::to_utf32(&src[..text], dst.as_deref_mut(), Policy::Strict);
            c.read = o.read;
            c.written = o.written;
        }
        loop {
            let room = dst.as_deref_mut().map(|d| d.get_mut(c.written));
            if let Some(None) = room {
                c.end = MbEnd::Full;
                return c;
            }
            if c.read == src.len() {
                return c;
            }
            match self.decode(&src[c.read..]) {
                MbDecoded::Char { value, used } => {
                    if let Some(Some(slot)) = room {
                        *slot = value;
                    }
                    c.read += used;
                    if value == 0 {
                        c.end = MbEnd::Terminator;
                        return c;
                    }
                    c.written += 1;
                }
                MbDecoded::Incomplete => {
                    c.read = src.len();
                    return c;
                }
                MbDecoded::Invalid | MbDecoded::Owed { .. } => {
                    c.end = MbEnd::Invalid;
                    return c;
                }
            }
        }
    }

    /// Converts scalar values to a UTF-8 string in `dst` (`wcsnrtombs`): stops after a NUL (written
    /// but not counted; the state becomes initial), before a character that does not fit whole in
    /// `dst`, at the end of `src`, or at a surrogate or value above 0x10FFFF (`read` is its
    /// index). `dst: None` counts without a limit.
    pub fn encode_str(&mut self, src: &[u32], mut dst: Option<&mut [u8]>) -> MbConverted {
        let mut c = MbConverted {
            read: 0,
            written: 0,
            end: MbEnd::Exhausted,
        };
        // As in `decode_str`: the one-shot converter first, then one value at a time.
        let text = nul_position(src);
        let o = crate::from_utf32(&src[..text], dst.as_deref_mut(), Policy::Strict);
        c.read = o.read;
        c.written = o.written;
        let mut buf = [0u8; 4];
        for &value in &src[c.read..] {
            // A full output stops the conversion before the next value is even looked at.
            if dst.as_deref().is_some_and(|d| d.len() == c.written) {
                c.end = MbEnd::Full;
                return c;
            }
            let mut scratch = *self;
            let Some(n) = scratch.encode(value, &mut buf) else {
                c.end = MbEnd::Invalid;
                return c;
            };
            if let Some(d) = dst.as_deref_mut() {
                let Some(slot) = d.get_mut(c.written..c.written + n) else {
                    c.end = MbEnd::Full;
                    return c;
                };
                slot.copy_from_slice(&buf[..n]);
            }
            c.read += 1;
            if value == 0 {
                *self = INITIAL;
                c.end = MbEnd::Terminator;
                return c;
            }
            c.written += n;
        }
        c
    }
}

/// Index of the first zero in `units`, or its length. Branch-free within 16-unit blocks so that
/// the compiler vectorises the scan.
fn nul_position(units: &[u32]) -> usize {
    let block = units
        .chunks(16)
        .position(|c| c.iter().fold(false, |any, &v| any | (v == 0)))
        .unwrap_or(units.len() / 16 + 1);
    let from = (block * 16).min(units.len());
    from + units[from..]
        .iter()
        .position(|&v| v == 0)
        .unwrap_or(units.len() - from)
}
