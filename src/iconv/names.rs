//! Charset names as iconv_open(3) accepts them: glibc's spellings and aliases for the encodings
//! utf8x converts, matched the way glibc matches them, plus the `//IGNORE` and `//TRANSLIT`
//! suffixes.

use crate::types::encoding::Encoding;

/// An encoding utf8x's iconv converts from and to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Charset {
    /// UTF-8 (RFC 3629).
    Utf8,
    /// UTF-16 with a byte order mark: decoding honours and consumes a leading BOM (none means
    /// the machine's order, as glibc does); encoding writes one BOM, in the machine's order.
    Utf16,
    /// UTF-16, little-endian, no BOM handling.
    Utf16Le,
    /// UTF-16, big-endian, no BOM handling.
    Utf16Be,
    /// UCS-2 in the machine's order: UTF-16 without surrogates (glibc's `UCS-2`).
    Ucs2,
    /// UCS-2, little-endian.
    Ucs2Le,
    /// UCS-2, big-endian.
    Ucs2Be,
    /// UTF-32 with a byte order mark, handled like [`Charset::Utf16`]'s.
    Utf32,
    /// UTF-32, little-endian.
    Utf32Le,
    /// UTF-32, big-endian.
    Utf32Be,
    /// UCS-4: big-endian 32-bit units (glibc's `UCS-4`); utf8x accepts Unicode scalar values only.
    Ucs4,
    /// UCS-4, little-endian.
    Ucs4Le,
    /// The platform's `wchar_t`: 32-bit units in the machine's order.
    WcharT,
    /// ISO-8859-1.
    Latin1,
    /// US-ASCII: bytes 00..7F only.
    Ascii,
    /// CESU-8 (Unicode TR #26): supplementary characters as two 3-byte surrogates. Not in glibc.
    Cesu8,
    /// Java's modified UTF-8: U+0000 as `C0 80`, each UTF-16 unit on its own. Not in glibc.
    Mutf8,
    /// WTF-8: UTF-8 plus lone surrogates. Not in glibc.
    Wtf8,
    /// The original UTF-8 of RFC 2279: up to 6 bytes, values up to 0x7FFFFFFF. Not in glibc,
    /// whose `UTF-8` decoder reads these forms anyway (see the module notes).
    Rfc2279,
    /// Windows-1252 as the WHATWG Encoding Standard defines it.
    Cp1252,
}

/// Every accepted spelling, after normalisation (upper case, separators kept), per charset.
/// glibc's aliases for the same encodings; the differential tests open each one on glibc too.
const ALIASES: &[(Charset, &[&str])] = &[
    (
        Charset::Utf8,
        &[
            "UTF-8",
            "UTF8",
            "ISO-10646/UTF8",
            "ISO-10646/UTF-8",
            "ISO-IR-193",
            "OSF05010001",
        ],
    ),
    (Charset::Utf16, &["UTF-16", "UTF16"]),
    (Charset::Utf16Le, &["UTF-16LE", "UTF16LE"]),
    (Charset::Utf16Be, &["UTF-16BE", "UTF16BE"]),
    (
        Charset::Ucs2,
        &[
            "UCS-2",
            "UCS2",
            "ISO-10646/UCS2",
            "OSF00010100",
            "OSF00010101",
            "OSF00010102",
        ],
    ),
    (Charset::Ucs2Le, &["UCS-2LE", "UNICODELITTLE"]),
    (Charset::Ucs2Be, &["UCS-2BE", "UNICODEBIG"]),
    (Charset::Utf32, &["UTF-32", "UTF32"]),
    (Charset::Utf32Le, &["UTF-32LE", "UTF32LE"]),
    (Charset::Utf32Be, &["UTF-32BE", "UTF32BE"]),
    (
        Charset::Ucs4,
        &[
            "UCS-4",
            "UCS4",
            "UCS-4BE",
            "ISO-10646",
            "ISO-10646/UCS4",
            "10646-1:1993",
            "10646-1:1993/UCS4",
            "CSUCS4",
            "OSF00010104",
            "OSF00010105",
            "OSF00010106",
        ],
    ),
    (Charset::Ucs4Le, &["UCS-4LE"]),
    (Charset::WcharT, &["WCHAR_T"]),
    (
        Charset::Latin1,
        &[
            "ISO-8859-1",
            "ISO8859-1",
            "ISO88591",
            "ISO_8859-1",
            "ISO_8859-1:1987",
            "8859_1",
            "LATIN1",
            "L1",
            "CP819",
            "IBM819",
            "CSISOLATIN1",
            "ISO-IR-100",
            "OSF00010001",
        ],
    ),
    (
        Charset::Ascii,
        &[
            "ANSI_X3.4-1968",
            "ANSI_X3.4-1986",
            "ANSI_X3.4",
            "ASCII",
            "US-ASCII",
            "US",
            "CP367",
            "IBM367",
            "CSASCII",
            "ISO-IR-6",
            "ISO646-US",
            "ISO_646.IRV:1991",
            "OSF00010020",
        ],
    ),
    // The forms glibc lacks take the names their specifications and common tools use; each
    // spelling without the hyphen too, as glibc accepts for its UTF names.
    (Charset::Cesu8, &["CESU-8", "CESU8"]),
    (
        Charset::Mutf8,
        &["MUTF-8", "MUTF8", "MODIFIED-UTF-8", "MODIFIED-UTF8", "JAVA"],
    ),
    (Charset::Wtf8, &["WTF-8", "WTF8"]),
    (Charset::Rfc2279, &["RFC2279", "RFC-2279", "UTF-8-RFC2279"]),
    // glibc's names for its CP1252 module.
    (Charset::Cp1252, &["WINDOWS-1252", "CP1252", "MS-ANSI"]),
];

impl Charset {
    /// Every charset, in declaration order.
    pub fn all() -> [Charset; 20] {
        [
            Charset::Utf8,
            Charset::Utf16,
            Charset::Utf16Le,
            Charset::Utf16Be,
            Charset::Ucs2,
            Charset::Ucs2Le,
            Charset::Ucs2Be,
            Charset::Utf32,
            Charset::Utf32Le,
            Charset::Utf32Be,
            Charset::Ucs4,
            Charset::Ucs4Le,
            Charset::WcharT,
            Charset::Latin1,
            Charset::Ascii,
            Charset::Cesu8,
            Charset::Mutf8,
            Charset::Wtf8,
            Charset::Rfc2279,
            Charset::Cp1252,
        ]
    }

    /// True for the charsets glibc's iconv also converts (every one but CESU-8, modified UTF-8,
    /// WTF-8 and RFC 2279).
    pub fn in_glibc(self) -> bool {
        !matches!(
            self,
            Charset::Cesu8 | Charset::Mutf8 | Charset::Wtf8 | Charset::Rfc2279
        )
    }

    /// The library [`Encoding`] this charset is, when it is one: iconv's `UTF-16` and `UTF-32`
    /// (which read and write a byte order mark) are the machine-order forms, `UCS-4` is UTF-32BE
    /// (both take scalar values only here); `UCS-2` and `ASCII` have no counterpart.
    pub fn encoding(self) -> Option<Encoding> {
        Some(match self {
            Charset::Utf8 => Encoding::Utf8,
            Charset::Utf16 => Encoding::Utf16,
            Charset::Utf16Le => Encoding::Utf16Le,
            Charset::Utf16Be => Encoding::Utf16Be,
            Charset::Utf32 => Encoding::Utf32,
            Charset::Utf32Le | Charset::Ucs4Le => Encoding::Utf32Le,
            Charset::Utf32Be | Charset::Ucs4 => Encoding::Utf32Be,
            Charset::WcharT => Encoding::Wchar,
            Charset::Latin1 => Encoding::Latin1,
            Charset::Cesu8 => Encoding::Cesu8,
            Charset::Mutf8 => Encoding::Mutf8,
            Charset::Wtf8 => Encoding::Wtf8,
            Charset::Rfc2279 => Encoding::Rfc2279,
            Charset::Cp1252 => Encoding::Cp1252,
            Charset::Ucs2 | Charset::Ucs2Le | Charset::Ucs2Be | Charset::Ascii => return None,
        })
    }

    /// The charset a bare name (no suffixes) stands for, compared as glibc compares names:
    /// case-insensitively, ignoring characters other than letters, digits and `_-.:/`.
    pub fn from_name(name: &str) -> Option<Charset> {
        let norm = normalize(name);
        let norm = norm.trim_end_matches('/');
        ALIASES
            .iter()
            .find(|(_, names)| names.contains(&norm))
            .map(|&(cs, _)| cs)
    }

    /// glibc's canonical name of this charset.
    pub fn name(self) -> &'static str {
        ALIASES
            .iter()
            .find(|(cs, _)| *cs == self)
            .map_or("", |(_, names)| names[0])
    }

    /// All the names iconv_open accepts for this charset.
    pub fn aliases(self) -> &'static [&'static str] {
        ALIASES
            .iter()
            .find(|(cs, _)| *cs == self)
            .map_or(&[], |(_, names)| names)
    }
}

/// The library encoding a charset name stands for, matched as iconv_open matches names (see
/// [`Charset::from_name`] and [`Charset::encoding`]): one name table for iconv and for callers
/// that take encoding names from users.
pub fn encoding_from_name(name: &str) -> Option<Encoding> {
    Charset::from_name(name)?.encoding()
}

/// Upper-cases and drops what glibc drops from a charset name (spaces, punctuation other than
/// `_-.:/,`).
fn normalize(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_ascii_alphanumeric() || "_-.:/,".contains(*c))
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// A `tocode` or `fromcode` split into its charset and its error-handling suffixes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Spec {
    /// `//IGNORE`: drop invalid input and unmappable characters (the call still fails with
    /// EILSEQ at its end, as glibc's does).
    pub ignore: bool,
    /// `//TRANSLIT`: write `?` for characters the target cannot hold.
    pub translit: bool,
}

/// Splits `code` as glibc does: `CHARSET[/[PART][/SUFFIX[,/]SUFFIX...]]`. Suffixes start after the
/// second `/`, are separated by `,` or `/`, compare case-insensitively; unknown ones are ignored.
/// Returns the charset part (with a non-empty middle part kept, as in `ISO-10646/UCS2/`).
pub fn split(code: &str) -> (String, Spec) {
    let norm = normalize(code);
    let mut parts = norm.splitn(3, '/');
    let charset = parts.next().unwrap_or("");
    let middle = parts.next().unwrap_or("");
    let mut spec = Spec::default();
    for suffix in parts.next().unwrap_or("").split([',', '/']) {
        match suffix {
            "IGNORE" => spec.ignore = true,
            "TRANSLIT" => spec.translit = true,
            _ => {}
        }
    }
    let name = if middle.is_empty() {
        charset.to_owned()
    } else {
        format!("{charset}/{middle}")
    };
    (name, spec)
}
