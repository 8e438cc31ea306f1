//! The encodings utf8x reads and writes, with their stable numbers (`UTF8X_ENC_*` in C).

/// An encoding: the source or target of [`convert`](fn@crate::convert) and of a [`crate::Stream`].
///
/// Values are stable and shared with C. Byte-oriented forms take `u8` units, UTF-16 forms `u16`
/// and UTF-32 forms `u32` ([`Encoding::unit_size`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum Encoding {
    /// UTF-8 (RFC 3629): no overlongs, no surrogates, nothing above U+10FFFF.
    Utf8 = 1,
    /// UTF-16 with little-endian `u16` units.
    Utf16Le = 2,
    /// UTF-16 with big-endian `u16` units.
    Utf16Be = 3,
    /// UTF-16 in the machine's byte order.
    Utf16 = 4,
    /// UTF-32 in the machine's byte order, `u32` units.
    Utf32 = 5,
    /// ISO-8859-1: every byte is the code point of the same value.
    Latin1 = 6,
    /// The platform's `wchar_t`: UTF-32 (`u32`) on Linux and macOS, UTF-16 on Windows.
    Wchar = 7,
    /// CESU-8 (Unicode TR #26): a supplementary character is its two UTF-16 surrogates, 3
    /// bytes each, high first. 4-byte sequences and unpaired surrogates are ill-formed.
    Cesu8 = 8,
    /// Java's modified UTF-8: each UTF-16 unit on its own (lone surrogates are well-formed),
    /// U+0000 as `C0 80`; a `00` byte and 4-byte sequences are ill-formed.
    Mutf8 = 9,
    /// WTF-8: UTF-8 plus the 3-byte form of a lone surrogate; a surrogate pair written as two
    /// 3-byte sequences is ill-formed (it has one 4-byte form).
    Wtf8 = 10,
    /// The original UTF-8 of RFC 2279: the shortest form of 1 to 6 bytes for 0..=0x7FFFFFFF.
    /// Overlongs, `FE`, `FF` and the values D800..DFFF are ill-formed.
    Rfc2279 = 11,
    /// Windows-1252 as the WHATWG Encoding Standard defines it.
    Cp1252 = 12,
    /// UTF-32 with little-endian `u32` units.
    Utf32Le = 13,
    /// UTF-32 with big-endian `u32` units.
    Utf32Be = 14,
}

impl Encoding {
    /// Every encoding, in the order of their values.
    pub const ALL: [Encoding; 14] = [
        Encoding::Utf8,
        Encoding::Utf16Le,
        Encoding::Utf16Be,
        Encoding::Utf16,
        Encoding::Utf32,
        Encoding::Latin1,
        Encoding::Wchar,
        Encoding::Cesu8,
        Encoding::Mutf8,
        Encoding::Wtf8,
        Encoding::Rfc2279,
        Encoding::Cp1252,
        Encoding::Utf32Le,
        Encoding::Utf32Be,
    ];

    /// The encoding with this C value, if there is one.
    pub const fn from_u32(v: u32) -> Option<Encoding> {
        if v >= 1 && v as usize <= Encoding::ALL.len() {
            Some(Encoding::ALL[v as usize - 1])
        } else {
            None
        }
    }

    /// Bytes in one code unit of this encoding.
    pub const fn unit_size(self) -> usize {
        match self.resolved() {
            Encoding::Utf16Le | Encoding::Utf16Be | Encoding::Utf16 => 2,
            Encoding::Utf32 | Encoding::Utf32Le | Encoding::Utf32Be => 4,
            _ => 1,
        }
    }

    /// A short name: `"UTF-8"`, `"UTF-16LE"`, `"CESU-8"`, `"WINDOWS-1252"`...
    pub const fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16Be => "UTF-16BE",
            Encoding::Utf16 => "UTF-16",
            Encoding::Utf32 => "UTF-32",
            Encoding::Latin1 => "ISO-8859-1",
            Encoding::Wchar => "WCHAR_T",
            Encoding::Cesu8 => "CESU-8",
            Encoding::Mutf8 => "MUTF-8",
            Encoding::Wtf8 => "WTF-8",
            Encoding::Rfc2279 => "RFC2279",
            Encoding::Cp1252 => "WINDOWS-1252",
            Encoding::Utf32Le => "UTF-32LE",
            Encoding::Utf32Be => "UTF-32BE",
        }
    }

    /// `Wchar` resolved to what it is on this platform; every other encoding as it is.
    pub const fn resolved(self) -> Encoding {
        match self {
            #[cfg(not(windows))]
            Encoding::Wchar => Encoding::Utf32,
            #[cfg(windows)]
            Encoding::Wchar => Encoding::Utf16,
            e => e,
        }
    }

    /// True for the byte forms of the UTF-8 family (UTF-8, CESU-8, MUTF-8, WTF-8, RFC 2279):
    /// the encodings whose ill-formed input is a run of bytes.
    pub const fn is_utf8_family(self) -> bool {
        matches!(
            self,
            Encoding::Utf8 | Encoding::Cesu8 | Encoding::Mutf8 | Encoding::Wtf8 | Encoding::Rfc2279
        )
    }
}

impl core::fmt::Display for Encoding {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}
