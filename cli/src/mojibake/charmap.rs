//! The single-byte decoders whose mistakes mojibake repair undoes, in the order they are tried,
//! each as a table both ways: the character every byte turns into, and the byte back.
//!
//! The Windows code pages are "sloppy", as ftfy's are: a byte the code page leaves undefined
//! becomes the C1 control of the same value (as the WHATWG decoders and Latin-1 do), so that
//! text read through any of them can be turned back into its bytes; and byte 1A stands for
//! U+FFFD, the mark a strict decoder left where it lost a byte.

use std::collections::HashMap;
use std::sync::LazyLock;

use encoding_rs::Encoding;

/// One decoder: its name, and its table both ways.
pub struct Charmap {
    /// The name in messages ("UTF-8 read as Windows-1252").
    pub name: &'static str,
    /// Undefined bytes are C1 controls, and byte 1A stands for U+FFFD (see the module notes).
    pub sloppy: bool,
    /// The character each byte decodes to.
    decode: [char; 256],
    /// The byte each character came from.
    encode: HashMap<char, u8>,
}

/// IBM code page 437's characters for bytes 80..FF (the DOS console's), which encoding_rs does
/// not have.
const CP437_HIGH: &str = "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{A0}";

impl Charmap {
    fn new(name: &'static str, sloppy: bool, high: impl Fn(u8) -> Option<char>) -> Charmap {
        let mut decode = ['\0'; 256];
        let mut encode = HashMap::new();
        for b in 0..=255u8 {
            let c = match b {
                0x1A if sloppy => '\u{FFFD}',
                0..=0x7F => char::from(b),
                _ => high(b).unwrap_or(char::from(b)),
            };
            decode[usize::from(b)] = c;
            encode.entry(c).or_insert(b);
        }
        Charmap {
            name,
            sloppy,
            decode,
            encode,
        }
    }

    /// A code page of encoding_rs, its undefined bytes as C1 controls.
    fn whatwg(name: &'static str, sloppy: bool, encoding: &'static Encoding) -> Charmap {
        Charmap::new(name, sloppy, |b| {
            let byte = [b];
            let (text, malformed) = encoding.decode_without_bom_handling(&byte);
            (!malformed).then(|| text.chars().next()).flatten()
        })
    }

    /// The bytes this decoder made `text` from, if every character has one.
    pub fn encode(&self, text: &str) -> Option<Vec<u8>> {
        text.chars().map(|c| self.encode.get(&c).copied()).collect()
    }

    /// What this decoder makes of `bytes`.
    pub fn decode(&self, bytes: &[u8]) -> String {
        bytes.iter().map(|&b| self.decode[usize::from(b)]).collect()
    }

    /// Every character the bytes in `range` decode to.
    pub fn chars(&self, range: std::ops::RangeInclusive<u8>) -> impl Iterator<Item = char> + '_ {
        range.map(|b| self.decode[usize::from(b)])
    }
}

/// The decoders, in the order ftfy tries them: Latin-1 first (its C1 controls cover every byte),
/// then the Windows code pages, ISO 8859-2, MacRoman and the DOS console's.
pub static CHARMAPS: LazyLock<Vec<Charmap>> = LazyLock::new(|| {
    let cp437: Vec<char> = CP437_HIGH.chars().collect();
    vec![
        Charmap::new(LATIN_1, false, |b| Some(char::from(b))),
        Charmap::whatwg(WINDOWS_1252, true, encoding_rs::WINDOWS_1252),
        Charmap::whatwg("Windows-1251", true, encoding_rs::WINDOWS_1251),
        Charmap::whatwg("Windows-1250", true, encoding_rs::WINDOWS_1250),
        Charmap::whatwg("Windows-1253", true, encoding_rs::WINDOWS_1253),
        Charmap::whatwg("Windows-1254", true, encoding_rs::WINDOWS_1254),
        Charmap::whatwg("Windows-1257", true, encoding_rs::WINDOWS_1257),
        Charmap::whatwg("ISO-8859-2", false, encoding_rs::ISO_8859_2),
        Charmap::whatwg(MAC_ROMAN, false, encoding_rs::MACINTOSH),
        Charmap::new("CP437", false, |b| Some(cp437[usize::from(b - 0x80)])),
    ]
});

pub const LATIN_1: &str = "Latin-1";
pub const WINDOWS_1252: &str = "Windows-1252";
pub const MAC_ROMAN: &str = "MacRoman";

/// The decoder called `name`.
pub fn named(name: &str) -> &'static Charmap {
    CHARMAPS
        .iter()
        .find(|m| m.name == name)
        .expect("a known decoder")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables against glibc's iconv (the decoders it has under these names), where
    /// `iconv` is installed; the sloppy ones only on the bytes the code page defines.
    #[test]
    fn tables_match_iconv() {
        use std::process::Command;
        let high: Vec<u8> = (0x80..=0xFF).collect();
        for (name, iconv) in [
            ("Windows-1252", "CP1252"),
            ("Windows-1251", "CP1251"),
            ("Windows-1250", "CP1250"),
            ("ISO-8859-2", "ISO-8859-2"),
            ("MacRoman", "MACINTOSH"),
            ("CP437", "CP437"),
        ] {
            let map = named(name);
            for &b in &high {
                let Ok(out) = Command::new("iconv")
                    .args(["-f", iconv, "-t", "UTF-8"])
                    .stdin(tempfile_with(&[b]))
                    .output()
                else {
                    eprintln!("skipped: iconv is not installed");
                    return;
                };
                if !out.status.success() {
                    assert!(map.sloppy, "{name} {b:#x}: iconv has none");
                    continue;
                }
                let theirs = String::from_utf8(out.stdout).unwrap();
                // glibc's MACINTOSH has the Greek capital delta where Apple's table (and
                // Python's, which ftfy follows) has the increment sign, and a private character
                // of its own for the Apple logo.
                if name == "MacRoman" && matches!(b, 0xC6 | 0xF0) {
                    continue;
                }
                assert_eq!(map.decode(&[b]), theirs, "{name} {b:#x}");
                assert_eq!(map.encode(&theirs), Some(vec![b]), "{name} {b:#x}");
            }
        }
    }

    fn tempfile_with(bytes: &[u8]) -> std::fs::File {
        use std::io::{Seek, Write};
        let mut f = tempfile::tempfile().unwrap();
        f.write_all(bytes).unwrap();
        f.rewind().unwrap();
        f
    }
}
