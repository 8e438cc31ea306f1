//! The encodings `convert` knows: their names and the code units their bytes hold. Names are
//! looked up in the library's iconv name table, so `utf8x convert` accepts what iconv_open does.

use std::fmt;

/// The byte order of UTF-16 and UTF-32 code units in a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Le,
    Be,
    /// This machine's order; the file carries no byte order mark.
    Native,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Utf16(Order),
    Utf32(Order),
    Latin1,
    /// A byte form converted directly by `utf8x::convert`: CESU-8, modified UTF-8, WTF-8,
    /// RFC 2279, Windows-1252.
    Byte(utf8x::Encoding),
}

/// The list quoted when a name is not recognised.
pub const KNOWN: &str = "utf-8, utf-16le, utf-16be, utf-16, utf-32le, utf-32be, utf-32, latin1, \
                         cesu-8, mutf-8, wtf-8, rfc2279, windows-1252 (and their iconv aliases)";

impl Encoding {
    /// The encoding `name` stands for: every name and alias iconv_open accepts for the
    /// library's encodings (compared as iconv compares them), plus `latin-1`, which the tool
    /// has always taken and iconv does not.
    pub fn parse(name: &str) -> Option<Encoding> {
        if name.eq_ignore_ascii_case("latin-1") {
            return Some(Encoding::Latin1);
        }
        utf8x::iconv::encoding_from_name(name).map(Encoding::from_library)
    }

    fn from_library(e: utf8x::Encoding) -> Encoding {
        use utf8x::Encoding as L;
        match e.resolved() {
            L::Utf8 => Encoding::Utf8,
            L::Utf16Le => Encoding::Utf16(Order::Le),
            L::Utf16Be => Encoding::Utf16(Order::Be),
            L::Utf16 => Encoding::Utf16(Order::Native),
            L::Utf32 => Encoding::Utf32(Order::Native),
            L::Utf32Le => Encoding::Utf32(Order::Le),
            L::Utf32Be => Encoding::Utf32(Order::Be),
            L::Latin1 => Encoding::Latin1,
            e => Encoding::Byte(e),
        }
    }

    /// The library's encoding, whose units are this encoding's bytes read in the machine's
    /// order.
    pub fn library(self) -> utf8x::Encoding {
        use utf8x::Encoding as L;
        match self {
            Encoding::Utf8 => L::Utf8,
            Encoding::Utf16(Order::Le) => L::Utf16Le,
            Encoding::Utf16(Order::Be) => L::Utf16Be,
            Encoding::Utf16(Order::Native) => L::Utf16,
            Encoding::Utf32(Order::Le) => L::Utf32Le,
            Encoding::Utf32(Order::Be) => L::Utf32Be,
            Encoding::Utf32(Order::Native) => L::Utf32,
            Encoding::Latin1 => L::Latin1,
            Encoding::Byte(e) => e,
        }
    }

    /// Bytes per code unit.
    pub fn unit_bytes(self) -> usize {
        match self {
            Encoding::Utf8 | Encoding::Latin1 | Encoding::Byte(_) => 1,
            Encoding::Utf16(_) => 2,
            Encoding::Utf32(_) => 4,
        }
    }

    /// Windows-1252 or Latin-1: targets with no room for escaped bytes.
    pub fn is_legacy(self) -> bool {
        matches!(
            self,
            Encoding::Latin1 | Encoding::Byte(utf8x::Encoding::Cp1252)
        )
    }

    /// UTF-16 or UTF-32: the encodings whose lone surrogates carry ESCAPE's bad bytes.
    pub fn is_wide(self) -> bool {
        matches!(self, Encoding::Utf16(_) | Encoding::Utf32(_))
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf16(Order::Le) => "UTF-16LE",
            Encoding::Utf16(Order::Be) => "UTF-16BE",
            Encoding::Utf16(Order::Native) => "UTF-16",
            Encoding::Utf32(Order::Le) => "UTF-32LE",
            Encoding::Utf32(Order::Be) => "UTF-32BE",
            Encoding::Utf32(Order::Native) => "UTF-32",
            Encoding::Latin1 => "ISO-8859-1",
            Encoding::Byte(e) => e.name(),
        })
    }
}

impl Order {
    /// The value of a UTF-32 unit stored as `bytes` in this order.
    pub fn u32_from(self, bytes: [u8; 4]) -> u32 {
        match self {
            Order::Le => u32::from_le_bytes(bytes),
            Order::Be => u32::from_be_bytes(bytes),
            Order::Native => u32::from_ne_bytes(bytes),
        }
    }

    /// The bytes of the UTF-32 value `v` in this order.
    pub fn u32_to(self, v: u32) -> [u8; 4] {
        match self {
            Order::Le => v.to_le_bytes(),
            Order::Be => v.to_be_bytes(),
            Order::Native => v.to_ne_bytes(),
        }
    }
}
