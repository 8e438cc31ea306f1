//! `utf8x detect`, `-f auto` and `fix`: the likely encoding of each file, and how sure that
//! is. The UTF family is `utf8x::detect`'s answer on the first chunk (a file that starts as
//! UTF-8 is read to its end, since one bad byte anywhere makes it something else); text that
//! is not UTF is mostly-UTF-8 with stray bytes, binary, or a legacy encoding: the reading that
//! the plausibility model scores best (`readings.rs`), clear only when it is plausible text and
//! no reading of other text comes near. `-f auto` converts only what is clear; `fix` too.

use utf8x::{Encoding, Status};

use crate::Exit;
use crate::cli::Detect;
use crate::codec::Legacy;
use crate::input::{Input, Reader};
use crate::plan::Source;
use crate::readings;
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
            guess(&input, &mut reader, true)
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
    /// A legacy encoding, the best reading of the text (`readings.rs`); `unclear` says why it
    /// may be wrong.
    Legacy { unclear: Option<String> },
    /// Not text: NUL bytes or control characters (executables, archives, random bytes).
    Binary,
}

impl std::fmt::Display for Guess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = name(self);
        match &self.how {
            How::Bom => write!(f, "{name} (BOM)"),
            How::Unicode => write!(f, "{name}"),
            How::UnicodeUnclear(why) => write!(f, "{name} (low confidence: {why})"),
            How::MostlyUtf8 { invalid, .. } => {
                write!(f, "UTF-8 with {}", plural(*invalid, "invalid sequence"))
            }
            How::Legacy { unclear: None } => write!(f, "{name} (high confidence)"),
            How::Legacy { unclear: Some(why) } => write!(f, "{name} (low confidence: {why})"),
            How::Binary => write!(f, "binary"),
        }
    }
}

/// Bytes of the input that legacy detection reads: enough for a stable guess on any text,
/// bounded so that detection costs the same on a huge file.
const SAMPLE: usize = 64 << 10;

/// Bytes outside ASCII needed before a legacy guess counts as clear: fewer are a few words,
/// which several code pages read as plausible text.
const EVIDENCE: usize = 16;

/// The encoding of the input whose first chunk `reader` holds: `utf8x::detect` for the UTF
/// family (a file that starts as UTF-8 is read to its end, as one bad byte anywhere makes it
/// something else), then the readings of legacy text. Standard input, which cannot be read
/// twice, is read on through `reader` only for a `report` (nothing converts it after);
/// otherwise, valid in its first chunk, it stays UTF-8.
pub fn guess(input: &Input, reader: &mut Reader, report: bool) -> std::io::Result<Guess> {
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
            // Legacy text that reads clearly: Shift_JIS pairs look like UTF-16 units.
            Some(_) if let (legacy, None) = legacy(sample, end) => Guess {
                source: Source::Legacy(legacy),
                how: How::Legacy { unclear: None },
            },
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
    // The same for Korean mail: `ESC $ ) C` designates KS X 1001, shifted in and out.
    if head.is_ascii()
        && let Some(legacy) = iso_2022_kr(head)
    {
        return Ok(Guess {
            source: Source::Legacy(legacy),
            how: How::Legacy { unclear: None },
        });
    }
    // From the first ill-formed sequence of an input that starts as UTF-8, the rest of its
    // chunk and whether that is the last; and for standard input, read on to it, the census of
    // its first chunk, which is gone.
    let mut later: Option<(Vec<u8>, bool)> = None;
    let mut start = None;
    if first == Encoding::Utf8 {
        // Valid so far: the rest must be too.
        let valid = match input {
            _ if reader.at_end() => true,
            // Read further, standard input could not be converted from its start.
            Input::Stdin if !report => true,
            Input::Stdin => {
                start = Some(utf8_census(readings::judged(
                    &head[..head.len().min(SAMPLE)],
                )));
                let (rest, end) = first_invalid_chunk(reader)?;
                let o = utf8x::validate(&rest);
                later = Some((rest, end));
                matches!(o.status, Status::Ok | Status::Truncated)
            }
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
    let (mut valid, mut invalid) = start.unwrap_or_else(|| utf8_census(readings::judged(sample)));
    // Valid UTF-8 at first, not further on: the sample is the text from where that changes,
    // in this chunk (past the sample), or found by reading the file again.
    if invalid == 0 && later.is_none() {
        let o = utf8x::validate(head);
        if !matches!(o.status, Status::Ok | Status::Truncated) {
            later = Some((head[o.read..].to_vec(), reader.at_end()));
        } else if let Input::Path(_) = input {
            let mut again = input.open()?;
            again.refill(0)?;
            later = Some(first_invalid_chunk(&mut again)?);
        }
    }
    if invalid == 0
        && let Some(later) = &later
    {
        sample = &later.0[..later.0.len().min(SAMPLE)];
        end = later.1 && sample.len() == later.0.len();
        // The characters of the valid start count too: text written as UTF-8 with a stray
        // byte further on.
        let (more, bad) = utf8_census(readings::judged(sample));
        (valid, invalid) = (valid + more, bad);
    }
    if is_binary(sample) {
        return Ok(Guess {
            source: Source::Utf(Encoding::Utf8, 0),
            how: How::Binary,
        });
    }
    // Nothing ill-formed seen (standard input to be converted, which is not read on).
    if invalid == 0 {
        return Ok(unicode(Encoding::Utf8));
    }
    if valid >= invalid {
        return Ok(Guess {
            source: Source::Utf(Encoding::Utf8, 0),
            how: How::MostlyUtf8 { invalid },
        });
    }
    let (legacy, unclear) = legacy(sample, end);
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

/// `-f auto`: what [`guess`] found, as a source to convert from, or why it is not converted:
/// a conversion chosen by detection happens only when detection is clear (the file is
/// otherwise left for `-f ENC` to name).
pub fn source(input: &Input, reader: &mut Reader) -> std::io::Result<Result<Source, String>> {
    let guess = guess(input, reader, false)?;
    Ok(match unclear(&guess) {
        None => Ok(guess.source),
        Some(why) => Err(format!(
            "{input}: not converted: {why} (`-f ENC` converts it from ENC; `utf8x detect` \
             guesses)"
        )),
    })
}

/// Why a conversion chosen by detection would not be safe, in words for the user: binary
/// bytes, or an unclear guess with its reason and rivals.
pub fn unclear(guess: &Guess) -> Option<String> {
    match &guess.how {
        How::Binary => Some("it is binary, not text".into()),
        How::UnicodeUnclear(why) => Some(format!("it looks like {} but {why}", name(guess))),
        How::Legacy { unclear: Some(why) } => Some(format!(
            "its encoding is unclear: maybe {} but {why}",
            name(guess)
        )),
        _ => None,
    }
}

fn name(guess: &Guess) -> &'static str {
    match guess.source {
        Source::Utf(e, _) => e.name(),
        Source::Legacy(l) => l.display(),
    }
}

/// The bytes of `reader` from its first ill-formed sequence to the end of that chunk (copied),
/// or its last chunk when there is none; and whether that chunk is the last.
fn first_invalid_chunk(reader: &mut Reader) -> std::io::Result<(Vec<u8>, bool)> {
    loop {
        let chunk = reader.bytes();
        let o = utf8x::validate(chunk);
        let keep = match o.status {
            Status::Ok => 0,
            Status::Truncated => chunk.len() - o.read,
            _ => return Ok((chunk[o.read..].to_vec(), reader.at_end())),
        };
        if reader.at_end() {
            return Ok((chunk.to_vec(), true));
        }
        reader.refill(keep)?;
    }
}

/// Characters outside ASCII that are valid UTF-8, and ill-formed sequences, in `bytes` (the
/// part of the sample that legacy detection judges, so that its cost is bounded).
fn utf8_census(bytes: &[u8]) -> (u64, u64) {
    let (mut valid, mut invalid) = (0u64, 0u64);
    let mut chunks = bytes.utf8_chunks().peekable();
    while let Some(chunk) = chunks.next() {
        let text = chunk.valid().as_bytes();
        // Each character outside ASCII starts with a byte C0..FF.
        valid += text.iter().filter(|&&b| b >= 0xC0).count() as u64;
        // A sequence cut by the sample's end is not evidence either way: the last chunk's
        // invalid bytes when they are the start of a character.
        let bad = chunk.invalid();
        let cut = chunks.peek().is_none()
            && std::str::from_utf8(bad).is_err_and(|e| e.error_len().is_none());
        invalid += u64::from(!bad.is_empty() && !cut);
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

/// ISO-2022-KR, when `bytes` designate KS X 1001 (`ESC $ ) C`), shift to it and decode as it
/// by the system's iconv.
fn iso_2022_kr(bytes: &[u8]) -> Option<Legacy> {
    let designates = bytes.windows(4).any(|w| w == b"\x1b$)C");
    if !designates || !bytes.contains(&0x0E) {
        return None;
    }
    let legacy = Legacy::resolve("ISO-2022-KR")?;
    // A sample cut inside a character still reads up to it.
    let mut cd = crate::sys::Cd::open("UTF-8", "ISO-2022-KR")?;
    (0..2)
        .filter_map(|cut| bytes.len().checked_sub(cut))
        .any(|len| cd.all(&bytes[..len]).is_some())
        .then_some(legacy)
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

/// The legacy encoding of `sample` (`end`: it is the whole input), and why it may be wrong:
/// too few bytes outside ASCII, bytes no reading decodes, text that is not plausible in the
/// best reading, or another reading of different text scoring near it (`readings.rs`).
/// chardetng's guess is the prior among near-equals.
fn legacy(sample: &[u8], end: bool) -> (Legacy, Option<String>) {
    let chardetng = || {
        let mut d = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Allow);
        d.feed(sample, end);
        d.guess(None, chardetng::Utf8Detection::Deny)
    };
    let non_ascii = sample.iter().filter(|b| !b.is_ascii()).count();
    let Some(verdict) = readings::judge(sample, end, || Some(glibc_name(chardetng()))) else {
        let e = chardetng();
        return (
            Legacy::whatwg(e),
            Some(format!(
                "some bytes are not {} nor any other encoding tried",
                glibc_name(e)
            )),
        );
    };
    let name = verdict.best.name;
    let why = if non_ascii < EVIDENCE {
        Some(format!(
            "{} outside ASCII, too few to tell code pages apart",
            plural(non_ascii as u64, "byte")
        ))
    } else if !verdict.best.score.plausible() {
        Some(format!(
            "its text is not plausible in {name}: {} inside words or control characters, \
             letters no language of it uses",
            plural(verdict.best.score.odd, "symbol")
        ))
    } else if !verdict.rivals.is_empty() {
        Some(format!(
            "it reads as other plausible text in {} too",
            verdict.rivals.join(", ")
        ))
    } else {
        None
    };
    let legacy = Legacy::resolve(name).unwrap_or_else(|| Legacy::whatwg(chardetng()));
    (legacy, why)
}

/// glibc's name for an encoding of encoding_rs (which names the Mac's Cyrillic and Hebrew
/// logical order its own way).
fn glibc_name(e: &'static encoding_rs::Encoding) -> String {
    match e.name() {
        "x-mac-cyrillic" => "MAC-CYRILLIC".into(),
        "ISO-8859-8-I" => "ISO-8859-8".into(),
        name => name.to_ascii_uppercase(),
    }
}

/// Bytes that no text has: NUL, and other controls than those of layout and escapes in more
/// than one byte in a hundred (executables, archives, images, random bytes).
fn is_binary(sample: &[u8]) -> bool {
    let controls = sample
        .iter()
        .filter(|&&b| {
            b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0B | 0x0C | 0x1B | 0x08 | 0x1A)
        })
        .count();
    sample.contains(&0) || controls * 100 > sample.len()
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
    /// chardetng, with symbols inside its words: the DOS code page reads best, clearly. The same
    /// text in Windows-1252 is Windows-1252.
    #[test]
    fn dos_code_page_is_not_windows_1252() {
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
        assert_eq!((e.display(), why), ("IBM850", None));
        let cp1252 = encoding_rs::WINDOWS_1252.encode(FRENCH).0;
        let (e, why) = legacy(&cp1252, true);
        assert_eq!((e.display(), why), ("WINDOWS-1252", None));
    }

    #[test]
    fn iso_2022_jp_is_not_ascii() {
        assert!(is_iso_2022_jp(b"\x1b$B$3$s$K$A$O\x1b(B\n"));
        assert!(!is_iso_2022_jp(b"plain text, ESC alone \x1b[1m\n"));
    }
}
