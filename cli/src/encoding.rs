//! The encodings `convert` knows: their names and the code units their bytes hold.

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
}

/// Accepted names (compared ignoring ASCII case) and the encoding each one means.
const NAMES: &[(&str, Encoding)] = &[
    ("utf-8", Encoding::Utf8),
    ("utf8", Encoding::Utf8),
    ("utf-16le", Encoding::Utf16(Order::Le)),
    ("utf16le", Encoding::Utf16(Order::Le)),
    ("utf-16be", Encoding::Utf16(Order::Be)),
    ("utf16be", Encoding::Utf16(Order::Be)),
    ("utf-16", Encoding::Utf16(Order::Native)),
    ("utf16", Encoding::Utf16(Order::Native)),
    ("utf-32le", Encoding::Utf32(Order::Le)),
    ("utf32le", Encoding::Utf32(Order::Le)),
    ("utf-32be", Encoding::Utf32(Order::Be)),
    ("utf32be", Encoding::Utf32(Order::Be)),
    ("utf-32", Encoding::Utf32(Order::Native)),
    ("utf32", Encoding::Utf32(Order::Native)),
    ("latin1", Encoding::Latin1),
    ("latin-1", Encoding::Latin1),
    ("iso-8859-1", Encoding::Latin1),
    ("iso8859-1", Encoding::Latin1),
    ("iso_8859-1", Encoding::Latin1),
];

/// The list quoted when a name is not recognised.
pub const KNOWN: &str = "utf-8, utf-16le, utf-16be, utf-16, utf-32le, utf-32be, utf-32, latin1";

impl Encoding {
    pub fn parse(name: &str) -> Option<Encoding> {
        NAMES
            .iter()
            .find(|(known, _)| known.eq_ignore_ascii_case(name))
            .map(|&(_, encoding)| encoding)
    }

    /// Bytes per code unit.
    pub fn unit_bytes(self) -> usize {
        match self {
            Encoding::Utf8 | Encoding::Latin1 => 1,
            Encoding::Utf16(_) => 2,
            Encoding::Utf32(_) => 4,
        }
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
