//! `utf8x detect`, `-f auto` and `fix`: the likely encoding of each file, and how sure that
//! is. The UTF family is `utf8x::detect`'s answer on the first chunk (a file that starts as
//! UTF-8 is read to its end, since one bad byte anywhere makes it something else); text that
//! is not UTF is mostly-UTF-8 with stray bytes, or a legacy encoding that chardetng (Firefox's
//! detector) guesses, clear only with enough evidence.

use utf8x::{Encoding, Status};

use crate::Exit;
use crate::cli::Detect;
use crate::codec::Legacy;
use crate::convert::Source;
use crate::input::{Input, Reader};
use crate::report::{self, Stdout, describe, plural};

pub fn run(args: &Detect) -> Exit {
    let mut stdout = Stdout::new();
    let mut exit = Exit::Ok;
    for input in Input::all(&args.files) {
        // The reader went away (`utf8x detect * | head`): the other files would go unseen.
        if stdout.is_closed() {
            break;
        }
        let found = input.open().and_then(|mut reader| {
            reader.refill(0)?;
            guess(&input, &mut reader)
        });
        match found {
            Ok(found) => {
                if stdout.line(format_args!("{input}: {found}")).is_err() {
                    return Exit::Trouble;
                }
            }
            Err(e) => {
                report::error(format_args!("cannot read {input}: {}", describe(&e)));
                exit = Exit::Trouble;
            }
        }
    }
    exit
}

/// What detection found, and how sure it is.
pub struct Guess {
    pub source: Source,
    pub how: How,
}

pub enum How {
    /// A byte order mark names the encoding.
    Bom,
    /// Valid UTF-8 to the end (or cut inside its last character), or UTF-16/UTF-32 by their
    /// looks: `utf8x::detect`'s answer.
    Unicode,
    /// UTF-16/UTF-32 by their looks, but the bytes are also text in a legacy multibyte
    /// encoding (`why` names it): two-byte Shift_JIS or GBK pairs look like UTF-16 units.
    UnicodeUnclear(String),
    /// UTF-8 with `invalid` ill-formed sequences, and at least as many characters outside
    /// ASCII that are valid: a file mostly written as UTF-8, with stray bytes of another
    /// encoding pasted in.
    MostlyUtf8 { invalid: u64 },
    /// A legacy encoding, as chardetng guesses it; `unclear` says why it may be wrong.
    Legacy { unclear: Option<String> },
}

impl std::fmt::Display for Guess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = match self.source {
            Source::Utf(e, _) => e.name(),
            Source::Legacy(l) => l.display(),
        };
        match &self.how {
            How::Bom => write!(f, "{name} (BOM)"),
            How::Unicode => write!(f, "{name}"),
            How::UnicodeUnclear(why) => write!(f, "{name} (low confidence: {why})"),
            How::MostlyUtf8 { invalid, .. } => {
                write!(f, "UTF-8 with {}", plural(*invalid, "invalid sequence"))
            }
            How::Legacy { unclear: None } => write!(f, "{name} (high confidence)"),
            How::Legacy { unclear: Some(why) } => write!(f, "{name} (low confidence: {why})"),
        }
    }
}

/// Bytes of the input that legacy detection reads: enough for a stable guess on any text,
/// bounded so that detection costs the same on a huge file.
const SAMPLE: usize = 1 << 20;

/// Bytes outside ASCII needed before a legacy guess counts as clear: fewer are a few words,
/// which several code pages read as plausible text.
const EVIDENCE: usize = 16;

/// The encoding of the input whose first chunk `reader` holds: `utf8x::detect` for the UTF
/// family (a file that starts as UTF-8 is read to its end, as one bad byte anywhere makes it
/// something else), then chardetng for legacy text.
pub fn guess(input: &Input, reader: &mut Reader) -> std::io::Result<Guess> {
    let head = reader.bytes();
    if let Some((e, skip)) = utf8x::bom(head) {
        return Ok(Guess {
            source: Source::Utf(e, skip),
            how: How::Bom,
        });
    }
    let first = utf8x::detect(head);
    if first.unit_size() > 1 {
        let sample = &head[..head.len().min(SAMPLE)];
        let end = reader.at_end() && sample.len() == head.len();
        return Ok(match also_legacy(sample, end) {
            Some(why) => Guess {
                source: Source::Utf(first, 0),
                how: How::UnicodeUnclear(why),
            },
            None => unicode(first),
        });
    }
    // ASCII with ISO-2022-JP's escape sequences is valid UTF-8 too, but no UTF-8 text has
    // them: Japanese mail and news.
    if head.is_ascii() && is_iso_2022_jp(head) {
        return Ok(Guess {
            source: Source::Legacy(Legacy::whatwg(encoding_rs::ISO_2022_JP)),
            how: How::Legacy { unclear: None },
        });
    }
    if first == Encoding::Utf8 {
        // Valid so far: the rest must be too (standard input cannot be read twice: it stays
        // UTF-8).
        let valid = match input {
            _ if reader.at_end() => true,
            // Read further, standard input could not be converted from its start.
            Input::Stdin => true,
            Input::Path(_) => {
                let mut again = input.open()?;
                again.refill(0)?;
                utf8_to_end(&mut again, true)?
            }
        };
        if valid {
            return Ok(unicode(Encoding::Utf8));
        }
    }
    let head = reader.bytes();
    let mut sample = &head[..head.len().min(SAMPLE)];
    let mut end = reader.at_end() && sample.len() == head.len();
    let (mut valid, mut invalid) = utf8_census(sample);
    // Valid UTF-8 at first, not further on: the sample is the chunk where that changes.
    let later;
    if invalid == 0
        && let Input::Path(_) = input
    {
        let mut again = input.open()?;
        again.refill(0)?;
        later = first_invalid_chunk(&mut again)?;
        sample = &later.0[..later.0.len().min(SAMPLE)];
        end = later.1 && sample.len() == later.0.len();
        (valid, invalid) = utf8_census(sample);
    }
    if valid > 0 && valid >= invalid || invalid == 0 {
        return Ok(Guess {
            source: Source::Utf(Encoding::Utf8, 0),
            how: How::MostlyUtf8 { invalid },
        });
    }
    let (e, unclear) = legacy(sample, end);
    let legacy = Legacy::whatwg(e);
    Ok(Guess {
        source: Source::Legacy(legacy),
        how: How::Legacy { unclear },
    })
}

fn unicode(e: Encoding) -> Guess {
    Guess {
        source: Source::Utf(e, 0),
        how: How::Unicode,
    }
}

/// `-f auto`: what [`guess`] found, as a source to convert from.
pub fn source(input: &Input, reader: &mut Reader) -> std::io::Result<Source> {
    Ok(guess(input, reader)?.source)
}

/// The first chunk of `reader` with a byte that is not UTF-8 (copied), and whether it is the
/// last chunk.
fn first_invalid_chunk(reader: &mut Reader) -> std::io::Result<(Vec<u8>, bool)> {
    loop {
        let chunk = reader.bytes();
        let o = utf8x::validate(chunk);
        let keep = match o.status {
            Status::Ok => 0,
            Status::Truncated => chunk.len() - o.read,
            _ => return Ok((chunk.to_vec(), reader.at_end())),
        };
        if reader.at_end() {
            return Ok((chunk.to_vec(), true));
        }
        reader.refill(keep)?;
    }
}

/// Characters outside ASCII that are valid UTF-8, and ill-formed sequences, in `bytes`.
fn utf8_census(bytes: &[u8]) -> (u64, u64) {
    let (mut valid, mut invalid) = (0u64, 0u64);
    for chunk in bytes.utf8_chunks() {
        let text = chunk.valid().as_bytes();
        valid += (utf8x::count(text) - text.iter().filter(|b| b.is_ascii()).count()) as u64;
        // A sequence cut by the sample's end is not evidence either way.
        invalid += u64::from(!chunk.invalid().is_empty());
    }
    (valid, invalid)
}

/// ASCII bytes that switch to JIS X 0208 (`ESC $ B`, `ESC $ @`) and decode as ISO-2022-JP.
fn is_iso_2022_jp(bytes: &[u8]) -> bool {
    let switches = bytes.windows(3).any(|w| w == b"\x1b$B" || w == b"\x1b$@");
    switches
        && encoding_rs::ISO_2022_JP
            .decode_without_bom_handling_and_without_replacement(bytes)
            .is_some()
}

/// Why `sample`, which looks like UTF-16 or UTF-32, may be legacy text instead: without a NUL
/// byte (which no legacy text has, and UTF-16 of any text with ASCII or Latin, Greek,
/// Cyrillic, Hebrew or Arabic letters has), chardetng's multibyte guess decodes all of it.
fn also_legacy(sample: &[u8], end: bool) -> Option<String> {
    if sample.contains(&0) {
        return None;
    }
    let mut d = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Allow);
    d.feed(sample, end);
    let e = d.guess(None, chardetng::Utf8Detection::Deny);
    if e.is_single_byte() || sample.iter().filter(|b| !b.is_ascii()).count() < EVIDENCE {
        return None;
    }
    // A sample cut inside its last character still reads as the encoding up to there.
    let cuts = if end { 0..1 } else { 0..4 };
    cuts.into_iter()
        .filter_map(|cut| sample.len().checked_sub(cut))
        .any(|len| {
            e.decode_without_bom_handling_and_without_replacement(&sample[..len])
                .is_some()
        })
        .then(|| format!("it reads as {} too", e.name()))
}

/// Characters of a single-byte code page's text that are neither letters nor what text puts
/// between letters (the apostrophe, the hyphen, the middle dot of Catalan), found between two
/// letters: text in another code page read through this one (CP850's `é` is Windows-1252's
/// `‚`, Mac OS Roman's `à` its `ˆ`), or control characters anywhere.
fn odd_characters(text: &str) -> usize {
    let chars: Vec<char> = text.chars().collect();
    let inside = |i: usize| {
        let c = chars[i];
        !c.is_ascii()
            && !c.is_alphabetic()
            && !matches!(
                c,
                '\u{2019}' | '\u{2010}' | '\u{2011}' | '\u{B7}' | '\u{AD}'
            )
            && i > 0
            && i + 1 < chars.len()
            && chars[i - 1].is_alphabetic()
            && chars[i + 1].is_alphabetic()
    };
    let controls = chars
        .iter()
        .filter(|c| c.is_control() && !c.is_ascii())
        .count();
    controls + (0..chars.len()).filter(|&i| inside(i)).count()
}

/// chardetng's guess for `sample`, and why it may be wrong: too few bytes outside ASCII, bytes
/// the guess cannot decode, or halves of the sample that read differently.
fn legacy(sample: &[u8], end: bool) -> (&'static encoding_rs::Encoding, Option<String>) {
    let detect = |bytes: &[u8], last: bool| {
        let mut d = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Allow);
        d.feed(bytes, last);
        d.guess(None, chardetng::Utf8Detection::Deny)
    };
    let e = detect(sample, end);
    let non_ascii = sample.iter().filter(|b| !b.is_ascii()).count();
    if e.decode_without_bom_handling_and_without_replacement(sample)
        .is_none()
        && end
    {
        return (e, Some(format!("some bytes are not {}", e.name())));
    }
    if non_ascii < EVIDENCE && e != encoding_rs::ISO_2022_JP {
        return (
            e,
            Some(format!(
                "{} outside ASCII, too few to tell code pages apart",
                plural(non_ascii as u64, "byte")
            )),
        );
    }
    // Each half on its own must read the same: a guess that flips with the part of the text
    // looked at is a coin toss.
    let text = e.decode_without_bom_handling(sample).0;
    // chardetng knows the code pages of the web, not DOS's or the old Mac's: their text comes
    // out with symbols inside words. More than one in a hundred characters outside ASCII is no
    // typo.
    if e.is_single_byte() {
        let odd = odd_characters(&text);
        let letters = text.chars().filter(|c| !c.is_ascii()).count();
        if odd > 0 && odd * 100 >= letters {
            return (
                e,
                Some(format!(
                    "{} inside words or control characters (another code page, such as \
                     CP850 or MACINTOSH?)",
                    plural(odd as u64, "symbol")
                )),
            );
        }
    }
    let mid = sample.len() / 2;
    for half in [&sample[..mid], &sample[mid..]] {
        if half.iter().filter(|b| !b.is_ascii()).count() < EVIDENCE / 2 {
            continue;
        }
        let other = detect(half, false);
        if other != e && other.decode_without_bom_handling(sample).0 != text {
            return (
                e,
                Some(format!("parts of it read as {} instead", other.name())),
            );
        }
    }
    (e, None)
}

/// Whether the input is valid UTF-8 from the start of the reader's current chunk to its end
/// (a sequence cut by a chunk's end is kept for the next). `cut_ok`: an input that ends inside
/// its last character counts as UTF-8, as `utf8x::detect` counts it (a file cut short is UTF-8
/// cut short, not another encoding).
pub fn utf8_to_end(reader: &mut Reader, cut_ok: bool) -> std::io::Result<bool> {
    loop {
        let chunk = reader.bytes();
        let o = utf8x::validate(chunk);
        let keep = match o.status {
            Status::Ok => 0,
            Status::Truncated if !reader.at_end() => chunk.len() - o.read,
            Status::Truncated if cut_ok => 0,
            _ => return Ok(false),
        };
        if reader.at_end() {
            return Ok(true);
        }
        reader.refill(keep)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FRENCH: &str = "Le café était très bon, près de la forêt; voilà un garçon qui déjeune \
                          à côté de sa sœur. L'été, la rivière déborde après l'orage.\n";

    /// Shift_JIS pairs look like UTF-16 units; the bytes read as Shift_JIS make it unclear.
    #[test]
    fn utf16_looks_that_are_shift_jis() {
        let text = "日本語のテキストです。これはテストです。東京都の天気は晴れです。".repeat(4);
        let sjis = encoding_rs::SHIFT_JIS.encode(&text).0;
        assert_eq!(
            also_legacy(&sjis, true).as_deref(),
            Some("it reads as Shift_JIS too")
        );
        // UTF-16 of text with ASCII has NULs, which no legacy text has.
        let utf16: Vec<u8> = "Привет, мир! "
            .repeat(8)
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(also_legacy(&utf16, true), None);
    }

    /// French in CP850 (é = 82, è = 8A, à = 85, ç = 87, ê = 88, ô = 93) is Windows-1252 to
    /// chardetng, with symbols inside its words: unclear. The same text in Windows-1252 is clear.
    #[test]
    fn dos_code_page_read_as_windows_1252_is_unclear() {
        let cp850: Vec<u8> = FRENCH
            .chars()
            .map(|c| match c {
                'é' => 0x82,
                'è' => 0x8A,
                'à' => 0x85,
                'ç' => 0x87,
                'ê' => 0x88,
                'ô' => 0x93,
                'œ' => b'o',
                c => c as u8,
            })
            .collect();
        let (e, why) = legacy(&cp850, true);
        assert_eq!(e, encoding_rs::WINDOWS_1252);
        assert!(why.is_some_and(|w| w.contains("inside words")));
        let cp1252 = encoding_rs::WINDOWS_1252.encode(FRENCH).0;
        assert_eq!(legacy(&cp1252, true), (encoding_rs::WINDOWS_1252, None));
    }

    #[test]
    fn iso_2022_jp_is_not_ascii() {
        assert!(is_iso_2022_jp(b"\x1b$B$3$s$K$A$O\x1b(B\n"));
        assert!(!is_iso_2022_jp(b"plain text, ESC alone \x1b[1m\n"));
    }
}
