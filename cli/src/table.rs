//! Single-byte code pages (ISO-8859-*, CP125x, KOI8, CP437, EBCDIC, MACINTOSH...) as tables read
//! from the system's iconv when the tool starts: each of the 256 bytes converted on its own.
//! The tables give exactly glibc's bytes and errors (glibc's tables are the reference its users
//! expect, and differ from the WHATWG ones on undefined bytes) at table speed, several times
//! glibc's own through its internal UCS-4 step.

use std::collections::HashMap;

use crate::runs::{ascii8, encode_run, utf8_char};
use crate::sys::Cd;

/// A byte that decodes to nothing (glibc reports EILSEQ for it).
const INVALID: u32 = u32::MAX;

/// The same, in `Table::wide`: U+FFFF, a noncharacter that no code page holds.
const NONE: u16 = 0xFFFF;

/// One single-byte code page.
pub struct Table {
    /// The UTF-8 of each byte's character, padded to 4 bytes, and its length (0: invalid).
    utf8: [([u8; 4], u8); 256],
    /// Whether bytes 00..7F are ASCII, so runs of them are copied as they are.
    ascii: bool,
    /// Each byte's character as a UTF-16 unit, `NONE` for a byte that decodes to nothing;
    /// `None` if a character is outside the Basic Multilingual Plane (or U+FFFF itself).
    wide: Option<[u16; 256]>,
    /// Characters of the Basic Multilingual Plane to their byte plus one (0: not in the table,
    /// asked of glibc when met).
    rev: Box<[u16; 0x10000]>,
    /// The UTF-16 of a block of the text to encode.
    units: Vec<u16>,
    /// glibc's answers for characters outside the table (`None`: unmappable).
    asked: HashMap<char, Option<u8>>,
    /// UTF-8 to the code page, for the characters the table does not hold: glibc encodes some
    /// characters that no byte decodes to.
    encoder: Option<Cd>,
}

impl Table {
    /// The table of the system's charset `name`, or `None` when it is not a stateless code page
    /// of one byte per character (multibyte, shift states, combining sequences).
    pub fn probe(name: &str) -> Option<Table> {
        let mut cd = Cd::open("UTF-8", name)?;
        let mut chars = [INVALID; 256];
        let mut all = Vec::new();
        for b in 0..=255u8 {
            cd.reset();
            let mut out = [0u8; 16];
            let (read, written, stop) = cd.convert(Some(&[b]), &mut out);
            match stop {
                crate::sys::Stop::Done if read == 1 => {
                    let text = std::str::from_utf8(&out[..written]).ok()?;
                    let mut it = text.chars();
                    let c = it.next()?;
                    if it.next().is_some() {
                        return None;
                    }
                    chars[usize::from(b)] = u32::from(c);
                    all.push(b);
                }
                crate::sys::Stop::Illegal => {}
                _ => return None,
            }
        }
        // A code page whose bytes read together differ from the bytes read one by one keeps
        // state (CP1255 composes base letters with the marks after them): glibc converts it.
        let whole = cd.all(&all)?;
        let apart: String = all
            .iter()
            .map(|&b| char::from_u32(chars[usize::from(b)]).unwrap_or('\u{FFFD}'))
            .collect();
        if whole != apart.as_bytes() {
            return None;
        }
        let mut utf8 = [([0u8; 4], 0u8); 256];
        let mut rev: Box<[u16; 0x10000]> = vec![0u16; 0x10000].try_into().ok()?;
        let mut twice = Vec::new();
        for b in 0..=255u8 {
            let Some(c) = char::from_u32(chars[usize::from(b)]) else {
                continue;
            };
            let mut bytes = [0u8; 4];
            let n = c.encode_utf8(&mut bytes).len();
            utf8[usize::from(b)] = (bytes, n as u8);
            match u32::from(c) {
                c @ 0..=0xFFFF if rev[c as usize] == 0 => rev[c as usize] = u16::from(b) + 1,
                // Two bytes for one character: glibc's encoder decides which.
                c => twice.push(c),
            }
        }
        let ascii = (0..0x80).all(|b| chars[b] == b as u32);
        let mut wide = Some([NONE; 256]);
        for (b, &c) in chars.iter().enumerate() {
            match (c, &mut wide) {
                (INVALID, _) => {}
                (0..0xD800 | 0xE000..0xFFFF, Some(units)) => units[b] = c as u16,
                _ => wide = None,
            }
        }
        let mut table = Table {
            utf8,
            ascii,
            wide,
            rev,
            units: vec![0; BLOCK],
            asked: HashMap::new(),
            encoder: Cd::open(name, "UTF-8"),
        };
        for c in twice {
            if let Some(c) = char::from_u32(c) {
                let byte = table.ask(c);
                if u32::from(c) <= 0xFFFF {
                    table.rev[c as usize] = byte.map_or(0, |b| u16::from(b) + 1);
                    table.asked.insert(c, byte);
                }
            }
        }
        if ascii {
            // ASCII is itself, whatever glibc prefers for a character two bytes decode to.
            for b in 0..0x80u16 {
                table.rev[usize::from(b)] = b + 1;
            }
        }
        Some(table)
    }

    /// Decodes `src` onto `out` up to the first byte that decodes to nothing: `Err(at)`.
    pub fn decode(&mut self, src: &[u8], out: &mut Vec<u8>) -> Result<(), usize> {
        let mut i = 0;
        // Block by block of the input (a call that stops early prepares little output):
        // through UTF-16 when every byte of the block decodes, else byte by byte up to the
        // one that does not.
        while i < src.len() {
            let end = i + block_len(i).min(src.len() - i);
            work(end - i);
            let block = &src[i..end];
            // Mostly ASCII (Latin text): copied eight bytes at a time, the rest byte by byte,
            // where UTF-16 would take twice as long.
            let latin = self.ascii && high_bytes(block) < block.len() / 16;
            if latin || !self.decode_block(block, out) {
                self.decode_bytes(src, i, end, out)?;
            }
            i = end;
        }
        Ok(())
    }

    /// Decodes `block` through UTF-16 if every byte of it decodes; `false` (nothing written)
    /// if not. Each byte's unit is read on its own (eight ASCII bytes at once are
    /// themselves), and the library's vector encoder writes the UTF-8: byte by byte through a
    /// table of UTF-8, CP1251 -> UTF-8 ran at 2.8x glibc's speed.
    fn decode_block(&mut self, block: &[u8], out: &mut Vec<u8>) -> bool {
        let Some(wide) = &self.wide else {
            return false;
        };
        let units = &mut self.units[..block.len()];
        let mut invalid = false;
        let mut eights = units.chunks_exact_mut(8).zip(block.chunks_exact(8));
        for (units, bytes) in &mut eights {
            if self.ascii && bytes.iter().fold(0, |all, &b| all | b) < 0x80 {
                for (unit, &b) in units.iter_mut().zip(bytes) {
                    *unit = u16::from(b);
                }
            } else {
                for (unit, &b) in units.iter_mut().zip(bytes) {
                    *unit = wide[usize::from(b)];
                    invalid |= *unit == NONE;
                }
            }
        }
        let whole = block.len() / 8 * 8;
        for (unit, &b) in units[whole..].iter_mut().zip(&block[whole..]) {
            *unit = wide[usize::from(b)];
            invalid |= *unit == NONE;
        }
        if invalid {
            return false;
        }
        let start = out.len();
        // At most three bytes of UTF-8 per unit of the Basic Multilingual Plane.
        out.resize(start + 3 * block.len(), 0);
        let o = utf8x::from_utf16(units, Some(&mut out[start..]), utf8x::Policy::Strict);
        let ok = o.status == utf8x::Status::Ok;
        out.truncate(start + if ok { o.written } else { 0 });
        ok
    }

    /// Decodes `src[i..end]` byte by byte through the table of UTF-8 (runs of eight ASCII
    /// bytes at once), up to the first byte that decodes to nothing: `Err(its offset)`.
    fn decode_bytes(
        &self,
        src: &[u8],
        mut i: usize,
        end: usize,
        out: &mut Vec<u8>,
    ) -> Result<(), usize> {
        let start = out.len();
        // Up to 4 bytes per byte, 4 written at once; eight ASCII bytes at once.
        out.resize(start + 4 * (end - i) + 8, 0);
        let buf = &mut out[start..];
        let mut w = 0;
        while i < end {
            if self.ascii
                && let Some(eight) = ascii8(&src[..end], i)
            {
                buf[w..w + 8].copy_from_slice(eight);
                (i, w) = (i + 8, w + 8);
                continue;
            }
            let (bytes, n) = self.utf8[usize::from(src[i])];
            if n == 0 {
                out.truncate(start + w);
                return Err(i);
            }
            buf[w..w + 4].copy_from_slice(&bytes);
            (i, w) = (i + 1, w + usize::from(n));
        }
        out.truncate(start + w);
        Ok(())
    }

    /// The byte of `c`, or `None` when the code page has none.
    pub fn byte(&mut self, c: char) -> Option<u8> {
        let v = u32::from(c);
        if v < 0x80 && self.ascii {
            return Some(v as u8);
        }
        if v <= 0xFFFF {
            match self.rev[v as usize] {
                0 => {}
                b => return Some((b - 1) as u8),
            }
        }
        if let Some(&known) = self.asked.get(&c) {
            return known;
        }
        let byte = self.ask(c);
        self.asked.insert(c, byte);
        if let Some(b) = byte
            && v <= 0xFFFF
        {
            // The fast paths read the table only.
            self.rev[v as usize] = u16::from(b) + 1;
        }
        byte
    }

    /// glibc's byte for a character the table does not hold.
    fn ask(&mut self, c: char) -> Option<u8> {
        let mut buf = [0u8; 4];
        let out = self
            .encoder
            .as_mut()?
            .all(c.encode_utf8(&mut buf).as_bytes())?;
        match out[..] {
            [b] => Some(b),
            _ => None,
        }
    }

    /// Encodes `src` onto `out` up to the first character the code page cannot hold:
    /// `Err((offset in src, the character))`.
    pub fn encode(&mut self, src: &str, out: &mut Vec<u8>) -> Result<(), (usize, char)> {
        let bytes = src.as_bytes();
        let mut i = 0;
        // Block by block of the input, each ending between characters: through UTF-16 when
        // the table holds every character of the block, else character by character.
        while i < bytes.len() {
            let end = text_block_end(bytes, i);
            work(end - i);
            // Mostly ASCII (Latin text): eight ASCII bytes at a time and the rest one by one
            // beat UTF-16 there.
            let latin = self.ascii && high_bytes(&bytes[i..end]) < (end - i) / 16;
            if latin || !self.encode_block(&bytes[i..end], out) {
                self.encode_chars(src, i, end, out)?;
            }
            i = end;
        }
        Ok(())
    }

    /// Encodes `text` (whole characters) through UTF-16 if the table holds every character of
    /// it; `false` (nothing written) if not. The library's UTF-16 decoder finds where each
    /// character starts with vector instructions, and the table is read once per unit, each
    /// read independent of the others: read one by one, each character's position waited for
    /// the length of the one before it, and Cyrillic and Greek text, whose letters and spaces
    /// alternate, ran at 2.3x glibc's speed.
    fn encode_block(&mut self, text: &[u8], out: &mut Vec<u8>) -> bool {
        let o = utf8x::to_utf16(text, Some(&mut self.units[..]), utf8x::Policy::Strict);
        if o.status != utf8x::Status::Ok {
            return false;
        }
        let start = out.len();
        out.resize(start + o.written, 0);
        let mut missing = false;
        let mut lookup = |bytes: &mut [u8], units: &[u16]| {
            for (byte, &unit) in bytes.iter_mut().zip(units) {
                let r = self.rev[usize::from(unit)];
                missing |= r == 0;
                *byte = r.wrapping_sub(1) as u8;
            }
        };
        let (bytes, units) = (&mut out[start..], &self.units[..o.written]);
        let mut eights = bytes.chunks_exact_mut(8).zip(units.chunks_exact(8));
        for (bytes, units) in &mut eights {
            if self.ascii && units.iter().fold(0, |all, &u| all | u) < 0x80 {
                // Eight ASCII characters (most of a Latin text): themselves.
                for (byte, &unit) in bytes.iter_mut().zip(units) {
                    *byte = unit as u8;
                }
            } else {
                lookup(bytes, units);
            }
        }
        let whole = o.written / 8 * 8;
        lookup(&mut out[start + whole..], &self.units[whole..o.written]);
        if missing {
            // A character outside the table, or outside the Basic Multilingual Plane (its
            // surrogates are in no table).
            out.truncate(start);
        }
        !missing
    }

    /// Encodes `src[i..end]` character by character: those of the table in a tight loop, the
    /// others asked of glibc.
    fn encode_chars(
        &mut self,
        src: &str,
        mut i: usize,
        end: usize,
        out: &mut Vec<u8>,
    ) -> Result<(), (usize, char)> {
        let bytes = src.as_bytes();
        let start = out.len();
        // One byte per character; eight ASCII bytes at once.
        out.resize(start + end - i + 8, 0);
        let buf = &mut out[start..];
        let mut w = 0;
        let mut failed = None;
        while i < end {
            // Up to `end` and not past it: the next block starts there.
            let rev = &self.rev;
            (i, w) = encode_run(self.ascii, &bytes[..end], i, end, buf, w, |c, buf, w| {
                let &r = rev.get(c as usize).filter(|&&r| r != 0)?;
                buf[w] = (r - 1) as u8;
                Some(1)
            });
            if i >= end {
                break;
            }
            let (c, len) = utf8_char(bytes, i);
            let ch = char::from_u32(c).expect("well-formed UTF-8");
            match self.byte(ch) {
                Some(byte) => {
                    buf[w] = byte;
                    (i, w) = (i + len, w + 1);
                }
                None => {
                    failed = Some((i, ch));
                    break;
                }
            }
        }
        out.truncate(start + w);
        failed.map_or(Ok(()), Err)
    }
}

/// Input bytes per block of a loop that writes its output in place: the output is prepared
/// (zeroed) block by block, not for the whole input at once.
pub const BLOCK: usize = 16 << 10;

/// The first block of a call, in bytes of input.
const FIRST_BLOCK: usize = 16;

/// The bytes of a call's next block once it has read `read` bytes: blocks grow from
/// [`FIRST_BLOCK`] with what the call has read, up to [`BLOCK`]. A call that stops early (at a
/// byte that decodes to nothing, a character the target lacks) has then done work in proportion
/// to what it read, so that going on after each such stop, as `-c`, `-p replace` and
/// `//TRANSLIT` do, stays linear; with whole blocks, each stop cost a block (3.3 s for 800 KB
/// of CJK into CP1251 with `-c`, glibc 0.01 s).
pub fn block_len(read: usize) -> usize {
    read.clamp(FIRST_BLOCK, BLOCK)
}

/// Where the block of well-formed UTF-8 `bytes` from `i` ends, between characters: a call's
/// block as [`block_len`] sizes it, after it has read `i` bytes.
pub fn text_block_end(bytes: &[u8], i: usize) -> usize {
    match (bytes.len() - i, block_len(i)) {
        (n, size) if n <= size => bytes.len(),
        (_, size) => (i + utf8x::floor_char_boundary(&bytes[i..], size)).max(i + 1),
    }
}

#[cfg(test)]
thread_local! {
    /// Bytes of blocks and buffers prepared on this thread: the measure of work the tests of
    /// linearity read (`codec.rs`).
    pub static WORK: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Counts `bytes` of work (a block converted or a buffer prepared) for the tests; nothing
/// otherwise.
#[inline(always)]
pub fn work(bytes: usize) {
    #[cfg(test)]
    WORK.with(|w| w.set(w.get() + bytes as u64));
    let _ = bytes;
}

/// How many bytes of `bytes` are 0x80 or above: in sums of bytes (at most 255 of them), which
/// vectorize.
fn high_bytes(bytes: &[u8]) -> usize {
    bytes
        .chunks(255)
        .map(|c| usize::from(c.iter().fold(0u8, |n, &b| n + (b >> 7))))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Text of the code page's characters, ASCII, and characters it may lack (one in about
    /// `rare`), from a small deterministic generator; `latin`: mostly ASCII letters, as a Latin
    /// text is.
    fn text(table: &Table, seed: u64, n: usize, rare: u64, latin: bool) -> String {
        let chars: Vec<char> = (0..=255u8)
            .filter_map(|b| {
                let (bytes, len) = table.utf8[usize::from(b)];
                std::str::from_utf8(&bytes[..usize::from(len)])
                    .ok()?
                    .chars()
                    .next()
            })
            .collect();
        let mut x = seed;
        let mut out = String::new();
        for _ in 0..n {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            out.push(match x % rare {
                0 => ['\u{4e2d}', '\u{1F600}', '\u{2212}', '\u{fb01}'][(x >> 8) as usize % 4],
                1..=9 => ' ',
                _ if latin && !(x >> 8).is_multiple_of(50) => {
                    char::from(b'a' + (x >> 16) as u8 % 26)
                }
                _ => chars[(x >> 8) as usize % chars.len()],
            });
        }
        out
    }

    #[test]
    fn blocks_encode_and_decode_as_character_by_character() {
        for name in [
            "CP1251",
            "KOI8-R",
            "ISO-8859-15",
            "CP1252",
            "CP437",
            "IBM037",
        ] {
            let Some(mut table) = Table::probe(name) else {
                eprintln!("SKIPPED: the system's iconv has no {name}");
                continue;
            };
            let mut reference = Table::probe(name).expect("probed once");
            let cases = [
                (1, u64::MAX, false),
                (2, 5000, false),
                (3, 40, false),
                (4, u64::MAX, true),
                (5, 3000, true),
            ];
            for (seed, rare, latin) in cases {
                let text = text(&table, seed, 100_000, rare, latin);
                // Character by character, each unmappable one skipped.
                let mut want = Vec::new();
                let mut lacking = Vec::new();
                for (at, c) in text.char_indices() {
                    match reference.byte(c) {
                        Some(b) => want.push(b),
                        None => lacking.push((at, c)),
                    }
                }
                let mut got = Vec::new();
                let mut found = Vec::new();
                let mut p = 0;
                while let Err((at, c)) = table.encode(&text[p..], &mut got) {
                    found.push((p + at, c));
                    p += at + c.len_utf8();
                }
                assert_eq!(found, lacking, "{name}");
                assert!(got == want, "{name} encodes differently");
                if lacking.is_empty() {
                    // Character by character over consecutive stretches, as for a block
                    // with a character outside the table: each up to its end, not past it.
                    let mut by_chars = Vec::new();
                    let mut i = 0;
                    while i < text.len() {
                        let end = utf8x::ceil_char_boundary(text.as_bytes(), i + 1001);
                        assert_eq!(table.encode_chars(&text, i, end, &mut by_chars), Ok(()));
                        i = end;
                    }
                    assert!(by_chars == want, "{name} encodes differently by characters");
                }
                // And back, byte by byte.
                let mut back = Vec::new();
                assert_eq!(table.decode(&got, &mut back), Ok(()));
                let mut one_by_one = Vec::new();
                for &b in &got {
                    let (bytes, len) = table.utf8[usize::from(b)];
                    one_by_one.extend_from_slice(&bytes[..usize::from(len)]);
                }
                assert!(back == one_by_one, "{name} decodes differently");
            }
            // Random bytes, the undefined ones among them: each error at its place, decoding
            // resumed after it.
            let mut x = 7u64;
            let bytes: Vec<u8> = (0..100_000)
                .map(|i| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    // Stretches of ASCII and of any byte.
                    match i / 5000 % 3 {
                        0 => (x % 0x80) as u8,
                        _ => (x >> 8) as u8,
                    }
                })
                .collect();
            let (mut want, mut got) = (Vec::new(), Vec::new());
            let (mut errors, mut found) = (Vec::new(), Vec::new());
            for (at, &b) in bytes.iter().enumerate() {
                let (utf8, len) = table.utf8[usize::from(b)];
                match len {
                    0 => errors.push(at),
                    n => want.extend_from_slice(&utf8[..usize::from(n)]),
                }
            }
            let mut p = 0;
            while let Err(at) = table.decode(&bytes[p..], &mut got) {
                found.push(p + at);
                p += at + 1;
            }
            assert_eq!(found, errors, "{name}");
            assert!(got == want, "{name} decodes random bytes differently");
        }
    }
}
