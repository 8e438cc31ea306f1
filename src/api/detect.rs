//! Byte order marks and encoding detection: which of UTF-8, UTF-16LE/BE, UTF-32LE/BE and
//! Windows-1252 a buffer of bytes most likely holds.
//!
//! The decision, in order (each step only runs when the ones before it decided nothing):
//! 1. A byte order mark decides ([`bom`]). `FF FE 00 00` is UTF-32LE, unless what follows is not
//!    UTF-32LE but is UTF-16LE: then it was a UTF-16LE mark followed by U+0000.
//! 2. Valid UTF-8 without a `00` byte is UTF-8, also when the input ends inside its last
//!    character (a buffer cut at an arbitrary byte). This needs the whole input: UTF-8 is checked
//!    with the validation kernels, and `00` searched, to the end.
//! 3. UTF-32: every whole 4-byte unit of the sample is a scalar value (so every fourth byte is
//!    `00` and its neighbour at most `10`), and at most half of them are implausible in text.
//! 4. UTF-16: the units of the sample pair up correctly, at most 1 in 16 is implausible in text,
//!    and the bytes have the shape of UTF-16, in one of these ways:
//!    - half the units or more are U+0001 to U+00FF (ASCII-heavy text, `00` high bytes);
//!    - the bytes hold control characters (other than `00`) that single-byte text does not, and
//!      the UTF-16 reading turns them into ordinary characters (`04` is the high byte of
//!      Cyrillic; low bytes take every value);
//!    - from 32 units on, the high bytes take at most half as many distinct values as the low
//!      bytes: a script lives in a few 256-character blocks while its low bytes spread, and a
//!      single-byte text looks alike at even and odd offsets; and at least 15 in 16 of the
//!      characters are in the blocks where text lives (single-byte text repeated with an even
//!      period has few values at one parity too, but its pairs scatter);
//!    - at least 1 character in 8 is a surrogate pair (emoji): single-byte text almost never
//!      puts `D8`..`DB` and `DC`..`DF` two bytes apart at the same parity;
//!    - the input is not UTF-8 and its `00` bytes (two or more) fall on high bytes, more than
//!      four times as often as on low bytes (spaces between the words of most scripts).
//!
//!    When the input is valid UTF-8 (with `00` bytes), UTF-16 must also put its `00` bytes on
//!    high bytes that way: a `00` after a C string or between records lands on either parity,
//!    and 2-byte UTF-8 sequences alone make their lead bytes look like high bytes. When both
//!    byte orders qualify, the one with fewer implausible characters wins, then the one with more
//!    characters in common blocks (a wrong byte order scatters units over the whole range), then
//!    the one whose high bytes take fewer values, then little-endian.
//! 5. Otherwise valid UTF-8 (which then holds `00` bytes) is UTF-8, and anything else is
//!    Windows-1252, which decodes every byte.
//!
//! Steps 3 and 4 look at a prefix of [`SAMPLE`] bytes only, so the work beyond the UTF-8 check of
//! step 2 is bounded. A final partial unit (a cut stream) is ignored. Implausible in text:
//! control characters other than tab, line feed, form feed, carriage return and escape (U+0000
//! included), U+007F to U+009F, private use, noncharacters and the unassigned planes.
//!
//! Short inputs carry little evidence: a UTF-16 text of fewer than about 32 CJK characters with
//! neither a byte order mark nor a `00` byte may come out as Windows-1252, and one of a few
//! Cyrillic, Arabic or Devanagari letters whose bytes are all ASCII is valid UTF-8 (rule 2).

use core::cmp::Reverse;

use crate::types::encoding::Encoding;
use crate::types::outcome::Status;

/// Bytes at the start of the input whose statistics decide between UTF-16, UTF-32 and the
/// single-byte readings: enough for stable byte counts, small enough to stay cheap.
const SAMPLE: usize = 8 * 1024;

/// The byte order mark at the start of `src`, if there is one: its encoding and its length in
/// bytes.
///
/// Recognised: `EF BB BF` (UTF-8), `FF FE 00 00` (UTF-32LE, checked before UTF-16LE), `FF FE`
/// (UTF-16LE), `FE FF` (UTF-16BE) and `00 00 FE FF` (UTF-32BE).
///
/// ```
/// use utf8x::Encoding;
///
/// assert_eq!(utf8x::bom(b"\xEF\xBB\xBFhello"), Some((Encoding::Utf8, 3)));
/// assert_eq!(utf8x::bom(b"\xFF\xFEh\x00"), Some((Encoding::Utf16Le, 2)));
/// assert_eq!(utf8x::bom(b"\xFF\xFE\x00\x00"), Some((Encoding::Utf32Le, 4)));
/// assert_eq!(utf8x::bom(b"hello"), None);
/// ```
#[must_use]
pub fn bom(src: &[u8]) -> Option<(Encoding, usize)> {
    match src {
        [0xEF, 0xBB, 0xBF, ..] => Some((Encoding::Utf8, 3)),
        [0xFF, 0xFE, 0x00, 0x00, ..] => Some((Encoding::Utf32Le, 4)),
        [0xFF, 0xFE, ..] => Some((Encoding::Utf16Le, 2)),
        [0xFE, 0xFF, ..] => Some((Encoding::Utf16Be, 2)),
        [0x00, 0x00, 0xFE, 0xFF, ..] => Some((Encoding::Utf32Be, 4)),
        _ => None,
    }
}

/// The most likely encoding of `src` among [`Encoding::Utf8`], [`Encoding::Utf16Le`],
/// [`Encoding::Utf16Be`], [`Encoding::Utf32Le`], [`Encoding::Utf32Be`] and
/// [`Encoding::Cp1252`]: a byte order mark first, then validity and content (see the module
/// documentation for the rules).
///
/// Valid UTF-8 without a `00` byte is always UTF-8, also when it ends inside its last character.
/// Never fails: empty input is UTF-8.
///
/// ```
/// use utf8x::Encoding;
///
/// assert_eq!(utf8x::detect("Grüße, 世界".as_bytes()), Encoding::Utf8);
/// assert_eq!(utf8x::detect(b"h\x00e\x00l\x00l\x00o\x00"), Encoding::Utf16Le);
/// assert_eq!(utf8x::detect(b"\x00\x00\x00h\x00\x00\x00i"), Encoding::Utf32Be);
/// assert_eq!(utf8x::detect(b"Gr\xFC\xDFe aus K\xF6ln"), Encoding::Cp1252);
/// ```
#[must_use]
pub fn detect(src: &[u8]) -> Encoding {
    if let Some((encoding, len)) = bom(src) {
        return after_bom(src, encoding, len);
    }
    let utf8 = matches!(crate::validate(src).status, Status::Ok | Status::Truncated);
    if utf8 && !src.contains(&0) {
        return Encoding::Utf8;
    }
    let sample = sample(src);
    if let Some(encoding) = utf32(sample).or_else(|| utf16(sample, utf8)) {
        return encoding;
    }
    if utf8 {
        Encoding::Utf8
    } else {
        Encoding::Cp1252
    }
}

fn sample(src: &[u8]) -> &[u8] {
    &src[..src.len().min(SAMPLE)]
}

/// The encoding of a byte order mark, corrected for the one mark that has two readings.
fn after_bom(src: &[u8], encoding: Encoding, len: usize) -> Encoding {
    // `FF FE 00 00` also starts UTF-16LE text whose first character is U+0000. When the units
    // after it are not UTF-32 but those after `FF FE` are UTF-16, that is the better reading.
    if encoding == Encoding::Utf32Le && src.len() > len {
        let (rest32, rest16) = (sample(&src[len..]), sample(&src[2..]));
        if read32(rest32, Order::Le).is_none() && read16(rest16, Order::Le).is_some() {
            return Encoding::Utf16Le;
        }
    }
    encoding
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    Le,
    Be,
}

impl Order {
    /// The offset, within a 2-byte unit, of its high byte.
    fn high(self) -> usize {
        match self {
            Order::Le => 1,
            Order::Be => 0,
        }
    }
}

/// What a valid UTF-16 or UTF-32 reading of the sample decodes to.
#[derive(Default)]
struct Reading {
    /// Characters decoded.
    chars: usize,
    /// Characters that text rarely holds (see [`implausible`]).
    implausible: usize,
    /// Characters U+0001..=U+00FF: ASCII and Latin-1, whose UTF-16 high byte is `00`.
    latin: usize,
    /// Characters above U+FFFF.
    supplementary: usize,
    /// Characters in the blocks where most text lives (see [`common`]).
    common: usize,
}

impl Reading {
    fn add(&mut self, c: u32) {
        self.chars += 1;
        self.implausible += usize::from(implausible(c));
        self.latin += usize::from((0x01..=0xFF).contains(&c));
        self.supplementary += usize::from(c > 0xFFFF);
        self.common += usize::from(common(c));
    }
}

/// True for code points that real text rarely holds, whatever its language: C0 controls other
/// than tab, line feed, form feed, carriage return and escape (so U+0000 too), DEL and the C1
/// controls, private use, noncharacters, and the planes with nothing assigned in them. Wrong
/// readings of UTF-16 and UTF-32 land there often.
pub(crate) fn implausible(c: u32) -> bool {
    match c {
        0x09 | 0x0A | 0x0C | 0x0D | 0x1B => false,
        0x00..=0x1F | 0x7F..=0x9F => true,
        0xE000..=0xF8FF | 0xFDD0..=0xFDEF => true,
        // Plane 3 past CJK Extension H, planes 4 to 13, plane 14 past the variation selectors,
        // and the private-use planes 15 and 16.
        0x3_2400..=0xD_FFFF | 0xE_0200.. => true,
        _ => c & 0xFFFE == 0xFFFE,
    }
}

/// True for the blocks where most text lives: ASCII, Latin, Greek, Cyrillic, Armenian, Hebrew,
/// Arabic, the Indic scripts, Thai, general punctuation, CJK punctuation and kana, the CJK
/// ideographs, Hangul syllables, the fullwidth forms and the emoji. The wrong byte order of
/// UTF-16 scatters units over the whole range, so it decides between two orders that are
/// otherwise alike.
fn common(c: u32) -> bool {
    matches!(
        c,
        0x09 | 0x0A | 0x0D
            | 0x20..=0x7E
            | 0xA0..=0x24F
            | 0x370..=0x6FF
            | 0x900..=0xE7F
            | 0x1E00..=0x206F
            | 0x3000..=0x30FF
            | 0x4E00..=0x9FFF
            | 0xAC00..=0xD7A3
            | 0xFF00..=0xFFEF
            | 0x1_F300..=0x1_FAFF
    )
}

/// `src` as UTF-32 in byte order `order`, or `None` when a whole unit is not a scalar value or
/// there is no whole unit. A final partial unit is ignored.
fn read32(src: &[u8], order: Order) -> Option<Reading> {
    let mut reading = Reading::default();
    for unit in src.chunks_exact(4) {
        let unit = [unit[0], unit[1], unit[2], unit[3]];
        let value = match order {
            Order::Le => u32::from_le_bytes(unit),
            Order::Be => u32::from_be_bytes(unit),
        };
        char::from_u32(value)?;
        reading.add(value);
    }
    (reading.chars > 0).then_some(reading)
}

/// `src` as UTF-16 in byte order `order`, or `None` when a surrogate is unpaired or there is no
/// whole unit. A high surrogate as the last whole unit and a final odd byte are ignored: the
/// sample, or the input, may end there.
fn read16(src: &[u8], order: Order) -> Option<Reading> {
    let mut units = src.chunks_exact(2).map(|u| match order {
        Order::Le => u16::from_le_bytes([u[0], u[1]]),
        Order::Be => u16::from_be_bytes([u[0], u[1]]),
    });
    let mut reading = Reading::default();
    while let Some(unit) = units.next() {
        let c = match unit {
            0xD800..=0xDBFF => match units.next() {
                Some(low @ 0xDC00..=0xDFFF) => {
                    crate::codec::decode::combine_surrogates(u32::from(unit), u32::from(low))
                }
                Some(_) => return None,
                None => break,
            },
            0xDC00..=0xDFFF => return None,
            unit => u32::from(unit),
        };
        reading.add(c);
    }
    (reading.chars > 0).then_some(reading)
}

/// UTF-32LE or UTF-32BE when the sample reads as one of them (rule 3 of the module docs).
fn utf32(sample: &[u8]) -> Option<Encoding> {
    let fits = |order| read32(sample, order).filter(|r| 2 * r.implausible <= r.chars);
    match (fits(Order::Le), fits(Order::Be)) {
        // Both orders hold scalar values only when every unit is `00 xx yy 00` with xx, yy at
        // most 10: prefer the cleaner text, then the one in the Basic Multilingual Plane.
        (Some(le), Some(be)) => {
            if (be.implausible, be.supplementary) < (le.implausible, le.supplementary) {
                Some(Encoding::Utf32Be)
            } else {
                Some(Encoding::Utf32Le)
            }
        }
        (Some(_), None) => Some(Encoding::Utf32Le),
        (None, Some(_)) => Some(Encoding::Utf32Be),
        (None, None) => None,
    }
}

/// UTF-16LE or UTF-16BE when the sample reads as one of them (rule 4 of the module docs);
/// `utf8` says whether the whole input is valid UTF-8.
fn utf16(sample: &[u8], utf8: bool) -> Option<Encoding> {
    // Control bytes other than `00`, which single-byte text does not hold but UTF-16 does, as
    // the high byte of most alphabets (Cyrillic is `04`) and as the low byte of any unit.
    let controls = sample
        .iter()
        .filter(|&&b| matches!(b, 0x01..=0x08 | 0x0B | 0x0E..=0x1A | 0x1C..=0x1F | 0x7F))
        .count();
    // The distinct byte values, and the `00` bytes, at even and at odd offsets.
    let mut seen = [[false; 256]; 2];
    let mut zeros = [0usize; 2];
    for unit in sample.chunks_exact(2) {
        for (i, &b) in unit.iter().enumerate() {
            seen[i][usize::from(b)] = true;
            zeros[i] += usize::from(b == 0);
        }
    }
    let distinct = seen.map(|s| s.iter().filter(|&&b| b).count());

    let candidate = |order: Order| {
        let reading = read16(sample, order).filter(|r| 16 * r.implausible <= r.chars)?;
        let (high, low) = (order.high(), 1 - order.high());
        // ASCII and Latin-1 text: the `00` bytes are the high bytes of half the units or more.
        let latin = reading.latin >= 2 && 2 * reading.latin >= reading.chars;
        // Control bytes that the UTF-16 reading turns into ordinary characters.
        let controls =
            controls >= 2 && 64 * controls >= sample.len() && reading.implausible < controls;
        // A script lives in a few 256-character blocks, so its high bytes take few values, and
        // nearly all of its characters are in the blocks where text lives. Single-byte text
        // that repeats with an even period has few values at one parity too (a Latin-1
        // sentence over and over), but its pairs land all over the range: one in five outside
        // the common blocks.
        let blocky = reading.chars >= 32
            && distinct[low] >= 2 * distinct[high]
            && 16 * reading.common >= 15 * reading.chars;
        // Surrogate pairs in quantity (emoji): single-byte text almost never puts D8..DB and
        // DC..DF two bytes apart at the same parity.
        let paired = reading.supplementary > 0 && 8 * reading.supplementary >= reading.chars;
        let shaped = latin || controls || blocky || paired;
        // The `00` bytes fall on high bytes: the spaces, digits and punctuation between the
        // letters of an alphabet or the syllables of Hangul.
        let nul_fit = zeros[high] > 4 * zeros[low];
        let fits = if utf8 {
            // Valid UTF-8 (with `00` bytes, or rule 2 would have decided): UTF-16 must explain
            // where the `00` bytes are as well as show its shape. Two-byte UTF-8 sequences are
            // blocky too, and a `00` after a short string may land on any parity.
            nul_fit && shaped
        } else {
            shaped || (nul_fit && zeros[high] >= 2)
        };
        fits.then_some((reading.implausible, Reverse(reading.common), distinct[high]))
    };
    match (candidate(Order::Le), candidate(Order::Be)) {
        (Some(le), Some(be)) if be < le => Some(Encoding::Utf16Be),
        (Some(_), _) => Some(Encoding::Utf16Le),
        (None, Some(_)) => Some(Encoding::Utf16Be),
        (None, None) => None,
    }
}

/// `src` read as UTF-16LE by the detector, as `(characters, supplementary, Latin-1)`: for the
/// tests of how it pairs surrogates.
pub(crate) fn utf16le_counts(src: &[u8]) -> Option<(usize, usize, usize)> {
    read16(src, Order::Le).map(|r| (r.chars, r.supplementary, r.latin))
}
