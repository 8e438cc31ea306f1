//! The result every validating or converting operation returns, and its vocabulary:
//! status, error kind and policy. The numeric values are part of the C ABI and never change.

/// How an operation ended. Values are stable: a retired one is never reused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u32)]
pub enum Status {
    /// The whole input was consumed.
    #[default]
    Ok = 0,
    /// Ill-formed input at `read`, `error_len` units long (STRICT policy).
    Invalid = 1,
    /// The input ends inside a sequence that could still become valid.
    Truncated = 2,
    /// The output buffer is full; `read`/`written` stop at the last whole character that fit.
    OutputFull = 3,
    /// A valid character at `read` that the target encoding cannot hold (STRICT policy).
    Unmappable = 4,
    /// An argument was unusable: NULL with a length, unknown policy, misaligned or overlapping
    /// buffers, or a policy the target cannot honour.
    BadArgument = 5,
    /// A bug inside utf8x (a caught panic); never expected.
    Internal = 6,
}

/// What exactly was wrong with the input. Values are stable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u32)]
pub enum ErrorKind {
    /// No error.
    #[default]
    None = 0,
    /// UTF-8: a byte that never starts a sequence in any UTF-8 form (`F8`..`FF`).
    InvalidLead = 1,
    /// UTF-8: a continuation byte (`80`..`BF`) where a character must start.
    UnexpectedContinuation = 2,
    /// UTF-8: a lead byte not followed by enough continuation bytes.
    TooShort = 3,
    /// UTF-8: an overlong form (`C0`, `C1`, `E0 80..9F`, `F0 80..8F`).
    Overlong = 4,
    /// UTF-8 `ED A0..BF` or a UTF-32 value in `D800`..`DFFF`: a surrogate code point.
    Surrogate = 5,
    /// UTF-8: a sequence for a value above U+10FFFF (`F4 90..BF`, `F5`..`F7`).
    TooLarge = 6,
    /// The input ends inside a sequence (UTF-8) or after a high surrogate (UTF-16).
    Incomplete = 7,
    /// UTF-16 (or CESU-8): a surrogate that is not part of a high-low pair.
    LoneSurrogate = 8,
    /// UTF-32: a value above 0x10FFFF (above 0x7FFFFFFF when the target is RFC 2279).
    OutOfRange = 9,
    /// A valid character the target encoding cannot represent (Latin-1 above U+00FF).
    Unmappable = 10,
    /// The arguments were rejected before any input was read (see [`Status::BadArgument`]).
    BadArgument = 11,
    /// A panic was caught at the C boundary.
    Internal = 12,
    /// CESU-8 or modified UTF-8: a 4-byte sequence (`F0`..`F7`); these forms write a
    /// supplementary character as two 3-byte surrogates.
    FourByteForm = 13,
    /// Modified UTF-8: a raw `00` byte (U+0000 is written `C0 80`).
    NulByte = 14,
    /// WTF-8: a surrogate pair written as two 3-byte sequences (it has one 4-byte form).
    SplitSurrogatePair = 15,
}

/// What to do with ill-formed input (and with characters Latin-1 cannot hold).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u32)]
pub enum Policy {
    /// Stop at the first problem and report it.
    #[default]
    Strict = 0,
    /// One U+FFFD per maximal subpart (`?` when the target is Latin-1).
    Replace = 1,
    /// Drop each maximal subpart.
    Skip = 2,
    /// PEP 383 "surrogateescape": bad byte `b` ⇄ lone surrogate `U+DC00 + b`; lossless.
    Escape = 3,
    /// What HTML5 does with bytes that are not UTF-8: each byte of a maximal ill-formed subpart
    /// of UTF-8-family input becomes the Windows-1252 character of that byte. Elsewhere (bad
    /// UTF-16/UTF-32 units, unmappable characters) it acts as [`Policy::Replace`].
    Fallback = 4,
}

impl Policy {
    /// The policy with this C value, if there is one.
    pub const fn from_u32(v: u32) -> Option<Policy> {
        match v {
            0 => Some(Policy::Strict),
            1 => Some(Policy::Replace),
            2 => Some(Policy::Skip),
            3 => Some(Policy::Escape),
            4 => Some(Policy::Fallback),
            _ => None,
        }
    }
}

/// The outcome of a validation or conversion: the Rust form of the C `utf8x_result`.
///
/// Must be used, which marks every function returning it (`validate`, `convert`, the `to_*` and
/// `from_*` conversions, `Stream::convert`, ...): its status is the only report of bad input or
/// of output that did not fit.
#[must_use = "the status says whether the input was valid and the output complete"]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Outcome {
    /// How the operation ended.
    pub status: Status,
    /// What was wrong when `status` is not [`Status::Ok`] or [`Status::OutputFull`].
    pub error: ErrorKind,
    /// Input units consumed; on an error, the offset of its first unit.
    pub read: usize,
    /// Output units written (or, in measure mode, needed).
    pub written: usize,
    /// Units of the maximal ill-formed subpart at `read`; 0 when the input ends inside a sequence.
    pub error_len: usize,
    /// Substitutions made under REPLACE, SKIP or ESCAPE.
    pub replaced: usize,
}

impl Outcome {
    /// True when the whole input was consumed.
    pub const fn is_ok(&self) -> bool {
        matches!(self.status, Status::Ok)
    }

    /// Rejected arguments. Public (but hidden) for the C ABI's shims (utf8x-ffi), which make it.
    #[doc(hidden)]
    pub const fn bad_argument() -> Outcome {
        Outcome {
            status: Status::BadArgument,
            error: ErrorKind::BadArgument,
            read: 0,
            written: 0,
            error_len: 0,
            replaced: 0,
        }
    }

    /// A caught panic. Public (but hidden) for the C ABI's shims (utf8x-ffi), which make it.
    #[doc(hidden)]
    pub const fn internal() -> Outcome {
        Outcome {
            status: Status::Internal,
            error: ErrorKind::Internal,
            read: 0,
            written: 0,
            error_len: 0,
            replaced: 0,
        }
    }
}

impl Status {
    /// A static English description, NUL-terminated for C.
    pub const fn as_cstr(self) -> &'static core::ffi::CStr {
        match self {
            Status::Ok => c"ok",
            Status::Invalid => c"invalid input",
            Status::Truncated => c"input ends inside a sequence",
            Status::OutputFull => c"output buffer full",
            Status::Unmappable => c"character not representable in the target encoding",
            Status::BadArgument => c"bad argument",
            Status::Internal => c"internal error",
        }
    }

    /// The status with this C value, if there is one.
    pub const fn from_u32(v: u32) -> Option<Status> {
        Some(match v {
            0 => Status::Ok,
            1 => Status::Invalid,
            2 => Status::Truncated,
            3 => Status::OutputFull,
            4 => Status::Unmappable,
            5 => Status::BadArgument,
            6 => Status::Internal,
            _ => return None,
        })
    }
}

impl ErrorKind {
    /// A static English description, NUL-terminated for C.
    pub const fn as_cstr(self) -> &'static core::ffi::CStr {
        match self {
            ErrorKind::None => c"no error",
            ErrorKind::InvalidLead => c"invalid lead byte",
            ErrorKind::UnexpectedContinuation => c"unexpected continuation byte",
            ErrorKind::TooShort => c"sequence too short",
            ErrorKind::Overlong => c"overlong encoding",
            ErrorKind::Surrogate => c"surrogate code point",
            ErrorKind::TooLarge => c"code point above U+10FFFF",
            ErrorKind::Incomplete => c"input ends inside a sequence",
            ErrorKind::LoneSurrogate => c"unpaired surrogate",
            ErrorKind::OutOfRange => c"UTF-32 value out of range",
            ErrorKind::Unmappable => c"character not representable in the target encoding",
            ErrorKind::BadArgument => c"bad argument",
            ErrorKind::Internal => c"internal error",
            ErrorKind::FourByteForm => {
                c"4-byte sequence where supplementary characters must be surrogate pairs"
            }
            ErrorKind::NulByte => c"raw NUL byte where U+0000 must be C0 80",
            ErrorKind::SplitSurrogatePair => {
                c"surrogate pair written as two 3-byte sequences instead of one 4-byte form"
            }
        }
    }

    /// The error kind with this C value, if there is one.
    pub const fn from_u32(v: u32) -> Option<ErrorKind> {
        Some(match v {
            0 => ErrorKind::None,
            1 => ErrorKind::InvalidLead,
            2 => ErrorKind::UnexpectedContinuation,
            3 => ErrorKind::TooShort,
            4 => ErrorKind::Overlong,
            5 => ErrorKind::Surrogate,
            6 => ErrorKind::TooLarge,
            7 => ErrorKind::Incomplete,
            8 => ErrorKind::LoneSurrogate,
            9 => ErrorKind::OutOfRange,
            10 => ErrorKind::Unmappable,
            11 => ErrorKind::BadArgument,
            12 => ErrorKind::Internal,
            13 => ErrorKind::FourByteForm,
            14 => ErrorKind::NulByte,
            15 => ErrorKind::SplitSurrogatePair,
            _ => return None,
        })
    }
}

impl Status {
    /// A static English description.
    pub fn as_str(self) -> &'static str {
        self.as_cstr().to_str().unwrap_or_default()
    }
}

impl ErrorKind {
    /// The kind's short, stable name, as the Python package, the engines' functions and the
    /// tool report it: `"invalid_lead"`, `"too_short"`, `"lone_surrogate"`...
    ///
    /// ```
    /// let e = utf8x::validate(b"caf\xC3");
    /// assert_eq!(e.error.name(), "incomplete");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            ErrorKind::None => "none",
            ErrorKind::InvalidLead => "invalid_lead",
            ErrorKind::UnexpectedContinuation => "unexpected_continuation",
            ErrorKind::TooShort => "too_short",
            ErrorKind::Overlong => "overlong",
            ErrorKind::Surrogate => "surrogate",
            ErrorKind::TooLarge => "too_large",
            ErrorKind::Incomplete => "incomplete",
            ErrorKind::LoneSurrogate => "lone_surrogate",
            ErrorKind::OutOfRange => "out_of_range",
            ErrorKind::Unmappable => "unmappable",
            ErrorKind::BadArgument => "bad_argument",
            ErrorKind::Internal => "internal",
            ErrorKind::FourByteForm => "four_byte_form",
            ErrorKind::NulByte => "nul_byte",
            ErrorKind::SplitSurrogatePair => "split_surrogate_pair",
        }
    }

    /// A static English description.
    pub fn as_str(self) -> &'static str {
        self.as_cstr().to_str().unwrap_or_default()
    }
}

impl core::fmt::Display for Status {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl core::fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}
