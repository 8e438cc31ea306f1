//! Mojibake repair: UTF-8 text that was read as Windows-1252 or Latin-1 and written out again as
//! UTF-8, once or twice ("CafÃ©", "CafÃƒÂ©"), restored to what it was ("Café").
//!
//! The damage is undone the way it was done, backwards: each character goes back to the byte the
//! wrong decoder made it from (Windows-1252's table, plus Latin-1's C1 controls for the bytes
//! Windows-1252 leaves undefined, so both decoders and the WHATWG one are covered at once), and
//! the bytes are read as UTF-8 again. A line is changed only when that works for the whole line:
//! every character has a byte, the bytes are valid UTF-8, and the result has no control
//! characters the line did not have. Text that merely contains such letters fails the test at
//! once: in "SÃO PAULO" or "crème brûlée" an accented letter is followed by an ASCII letter,
//! which no UTF-8 lead byte is; and a line with any character outside Windows-1252 (Cyrillic,
//! CJK, emoji) was never through that decoder as a whole. The step repeats while it succeeds (at
//! most [`MAX_LAYERS`] times), which undoes double encoding.
//!
//! One shape is ambiguous and is not taken as evidence: an uppercase letter followed by a
//! no-break space ("Ã" + U+00A0 is the mojibake of "à", but "É" + U+00A0 is also French
//! typography before "!"). A line whose only suspicious pairs are of that shape is left alone.
//!
//! The unit is a line (up to [`MAX_LINE`] bytes; a longer one is cut at an ASCII byte, which no
//! mojibake sequence contains), so a file with some damaged lines gets those back and the
//! memory stays bounded. Python's ftfy (`ftfy.fix_encoding`) is the reference; the tests compare
//! with it where it is installed.

use std::io;

/// Layers of damage undone at most: double encoding is two; a third is allowed for text that
/// went through one more round, and the loop stops there whatever happens.
pub const MAX_LAYERS: usize = 3;

/// Longest piece judged at once; a longer line is cut at an ASCII byte.
pub const MAX_LINE: usize = 1 << 20;

/// Windows-1252's characters for bytes 80..9F (`None`: undefined, where Latin-1's C1 control of
/// the same value stands in, as the WHATWG decoder does).
const CP1252_HIGH: [Option<char>; 32] = [
    Some('€'),
    None,
    Some('‚'),
    Some('ƒ'),
    Some('„'),
    Some('…'),
    Some('†'),
    Some('‡'),
    Some('ˆ'),
    Some('‰'),
    Some('Š'),
    Some('‹'),
    Some('Œ'),
    None,
    Some('Ž'),
    None,
    None,
    Some('‘'),
    Some('’'),
    Some('“'),
    Some('”'),
    Some('•'),
    Some('–'),
    Some('—'),
    Some('˜'),
    Some('™'),
    Some('š'),
    Some('›'),
    Some('œ'),
    None,
    Some('ž'),
    Some('Ÿ'),
];

/// The byte a Windows-1252 or Latin-1 decoder turns into `c`, if any.
fn byte_of(c: char) -> Option<u8> {
    match c as u32 {
        // ASCII, C1 controls (Latin-1, or Windows-1252's undefined bytes), Latin-1's upper half.
        n @ 0..=0xFF => Some(n as u8),
        _ => CP1252_HIGH
            .iter()
            .position(|&m| m == Some(c))
            .map(|i| 0x80 + i as u8),
    }
}

/// True for a character no text would hold by accident after a repair: controls other than
/// tab, line feed and carriage return, and U+FFFD-like leftovers of earlier damage.
fn is_control(c: char) -> bool {
    (c.is_control() && !matches!(c, '\t' | '\n' | '\r')) || c == '\u{FFFD}'
}

/// One layer undone, when the whole of `text` is that damage; `None` leaves it as it is.
fn undo_once(text: &str) -> Option<String> {
    if text.is_ascii() {
        return None;
    }
    let bytes: Vec<u8> = text.chars().map(byte_of).collect::<Option<_>>()?;
    let fixed = String::from_utf8(bytes).ok()?;
    if fixed.chars().filter(|&c| is_control(c)).count()
        > text.chars().filter(|&c| is_control(c)).count()
    {
        return None;
    }
    // Evidence: at least one multi-byte character whose bytes are not just an uppercase letter
    // and a no-break space (see the module notes).
    let mut evidence = false;
    let mut chars = text.chars().peekable();
    while let Some(lead) = chars.next() {
        if lead.is_ascii() {
            continue;
        }
        // A run of non-ASCII characters: lead characters with their continuation characters.
        let mut rest = String::new();
        while let Some(c) = chars.next_if(|c| !c.is_ascii()) {
            rest.push(c);
        }
        evidence |= !(lead.is_uppercase() && rest == "\u{A0}");
    }
    evidence.then_some(fixed)
}

/// `text` with every layer of damage undone, and how many layers there were (0: unchanged).
pub fn repair(text: &str) -> (String, usize) {
    let mut text = text.to_owned();
    let mut layers = 0;
    while layers < MAX_LAYERS {
        match undo_once(&text) {
            Some(fixed) => {
                text = fixed;
                layers += 1;
            }
            None => break,
        }
    }
    (text, layers)
}

/// A streaming filter over UTF-8: lines in, repaired lines out, in bounded memory.
#[derive(Default)]
pub struct Repairer {
    pending: Vec<u8>,
    /// The start is behind: a byte order mark there is written as it is, not judged with the
    /// first line (it is no Windows-1252 character, so the line would never be repaired).
    started: bool,
    /// Lines (or pieces of long lines) changed so far.
    pub changed: u64,
}

impl Repairer {
    /// Takes `bytes` (UTF-8, cut anywhere) and writes every complete line, repaired, to `sink`.
    pub fn push(
        &mut self,
        bytes: &[u8],
        sink: &mut dyn FnMut(&[u8]) -> io::Result<()>,
    ) -> io::Result<()> {
        self.pending.extend_from_slice(bytes);
        let mut start = 0;
        if !self.started {
            const BOM: &[u8] = b"\xEF\xBB\xBF";
            if self.pending.len() < BOM.len() && BOM.starts_with(&self.pending) {
                return Ok(());
            }
            self.started = true;
            if self.pending.starts_with(BOM) {
                sink(BOM)?;
                start = BOM.len();
            }
        }
        while let Some(nl) = self.pending[start..].iter().position(|&b| b == b'\n') {
            let end = start + nl + 1;
            self.piece(start, end, sink)?;
            start = end;
        }
        // A line longer than the limit: judged in pieces cut after an ASCII byte.
        if self.pending.len() - start > MAX_LINE {
            let cut = self.pending[start..]
                .iter()
                .rposition(u8::is_ascii)
                .map_or(self.pending.len(), |i| start + i + 1);
            self.piece(start, cut, sink)?;
            start = cut;
        }
        self.pending.drain(..start);
        Ok(())
    }

    /// Writes what is left (the last line, without its line feed).
    pub fn finish(&mut self, sink: &mut dyn FnMut(&[u8]) -> io::Result<()>) -> io::Result<()> {
        self.started = true;
        let end = self.pending.len();
        self.piece(0, end, sink)?;
        self.pending.clear();
        Ok(())
    }

    fn piece(
        &mut self,
        start: usize,
        end: usize,
        sink: &mut dyn FnMut(&[u8]) -> io::Result<()>,
    ) -> io::Result<()> {
        let piece = &self.pending[start..end];
        // Not UTF-8 (the caller passes text it could not repair otherwise): as it is.
        let Ok(text) = std::str::from_utf8(piece) else {
            return sink(piece);
        };
        match repair(text) {
            (fixed, layers) if layers > 0 => {
                self.changed += 1;
                sink(fixed.as_bytes())
            }
            _ => sink(piece),
        }
    }
}

/// Repairs a whole text through [`Repairer`]: the output and the lines changed.
#[cfg(test)]
fn repair_stream(text: &[u8], chunk: usize) -> (Vec<u8>, u64) {
    let mut out = Vec::new();
    let mut r = Repairer::default();
    let mut sink = |b: &[u8]| {
        out.extend_from_slice(b);
        Ok(())
    };
    for piece in text.chunks(chunk.max(1)) {
        r.push(piece, &mut sink).unwrap();
    }
    r.finish(&mut sink).unwrap();
    (out, r.changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    use utf8x_test_support::corpus;

    /// What a Windows-1252 decoder (WHATWG's: undefined bytes as C1 controls) makes of UTF-8
    /// bytes, written back as UTF-8: one layer of damage.
    fn damage_cp1252(text: &str) -> String {
        text.bytes()
            .map(|b| match b {
                0x80..=0x9F => CP1252_HIGH[usize::from(b - 0x80)].unwrap_or(char::from(b)),
                _ => char::from(b),
            })
            .collect()
    }

    /// The same through a Latin-1 decoder.
    fn damage_latin1(text: &str) -> String {
        text.bytes().map(char::from).collect()
    }

    #[test]
    fn examples() {
        assert_eq!(repair("CafÃ©"), ("Café".into(), 1));
        assert_eq!(repair("CafÃƒÂ©"), ("Café".into(), 2));
        assert_eq!(
            repair("donâ€™t â€œquoteâ€\u{9d}"),
            ("don’t “quote”".into(), 1)
        );
        assert_eq!(repair("Ð¿Ñ€Ð¸Ð²ÐµÑ‚"), ("привет".into(), 1));
        assert_eq!(repair("æ—¥æœ¬èªž"), ("日本語".into(), 1));
        assert_eq!(repair("ðŸ˜€ ok"), ("😀 ok".into(), 1));
        // Latin-1's decoder: the C1 controls stand for Windows-1252's punctuation bytes.
        assert_eq!(repair(&damage_latin1("€5 – ½")), ("€5 – ½".into(), 1));
        assert_eq!(repair("fÃªte Ã\u{a0} Paris"), ("fête à Paris".into(), 1));
    }

    #[test]
    fn legitimate_text_is_left_alone() {
        for text in [
            "SÃO PAULO, NÃO, IRMÃ",
            "Â bientôt, ÂGE, Ã la carte",
            "crème brûlée, naïve, Ærø, façade",
            "ÉTÉ\u{A0}!",
            "Ã\u{A0}",
            "© 2024 — “quotes” – €5 ½ ¿Qué? ¡Sí!",
            "Привет, мир",
            "日本語のテキスト",
            "a Ã© in a line with Cyrillic ж",
            "plain ASCII",
            "",
            "µ-law, ºC, ª",
            "\u{FFFD} replacement",
        ] {
            assert_eq!(repair(text), (text.to_owned(), 0), "{text:?}");
        }
    }

    #[test]
    fn streaming_matches_whole_lines() {
        let text = "CafÃ©\nSÃO PAULO\nÐ¿Ñ€Ð¸Ð²ÐµÑ‚\nno newline Ã©";
        for chunk in [1, 2, 3, 7, 64] {
            let (out, changed) = repair_stream(text.as_bytes(), chunk);
            assert_eq!(
                String::from_utf8(out).unwrap(),
                "Café\nSÃO PAULO\nпривет\nno newline é"
            );
            assert_eq!(changed, 3);
        }
        // A byte order mark stays, and the line after it is judged without it.
        let (out, _) = repair_stream("\u{FEFF}CafÃ©\n".as_bytes(), 1);
        assert_eq!(String::from_utf8(out).unwrap(), "\u{FEFF}Café\n");
        // Bytes that are not UTF-8 pass through.
        assert_eq!(
            repair_stream(b"a\xff\xc3\xa9\nCaf\xc3\x83\xc2\xa9", 4).0,
            b"a\xff\xc3\xa9\nCaf\xc3\xa9"
        );
    }

    #[test]
    fn long_lines_are_cut_at_ascii() {
        let line = "CafÃ© au lait ".repeat(MAX_LINE / 8);
        let (out, changed) = repair_stream(line.as_bytes(), 100_000);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "Café au lait ".repeat(MAX_LINE / 8)
        );
        assert!(changed >= 2);
    }

    /// The corpus (lipsum when present, generated otherwise), every line damaged once and twice,
    /// by both decoders: every line comes back (the target is 99 %); the clean lines, and the
    /// Latin-1 texts read as they are, stay unchanged.
    #[test]
    fn corpus_damaged_once_and_twice_comes_back() {
        let corpus = corpus::corpus();
        let (mut total, mut restored, mut clean_changed) = (0usize, 0usize, 0usize);
        for (script, text) in corpus.texts() {
            for line in text.lines().filter(|l| !l.is_ascii()) {
                clean_changed += usize::from(repair(line).1 != 0);
                let once = damage_cp1252(line);
                let twice = damage_cp1252(&once);
                let latin = damage_latin1(line);
                let mixed = damage_latin1(&once);
                for damaged in [once, twice, latin, mixed] {
                    total += 1;
                    let ok = repair(&damaged).0 == line;
                    if !ok && total - restored < 5 {
                        eprintln!("{script}: not restored: {damaged:?}");
                    }
                    restored += usize::from(ok);
                }
            }
        }
        eprintln!(
            "{restored} of {total} damaged lines restored ({})",
            corpus.origin()
        );
        assert!(total > 0);
        assert!(restored * 100 >= total * 99, "{restored} of {total}");
        assert_eq!(clean_changed, 0);
    }

    /// ftfy (`pip install ftfy`) as the oracle: where it is installed, it and this module agree
    /// on every line of the damaged and clean samples below. Skipped when it is absent.
    #[test]
    fn agrees_with_ftfy() {
        let mut samples: Vec<String> = Vec::new();
        for (_, text) in corpus::corpus().texts() {
            for line in text.lines().filter(|l| !l.is_ascii()).take(3) {
                let line: String = line.chars().take(200).collect();
                samples.push(damage_cp1252(&line));
                samples.push(damage_cp1252(&damage_cp1252(&line)));
                samples.push(line);
            }
        }
        // Not "Â bientôt": ftfy takes "Â " for the mojibake of a no-break space (a space that
        // went through a browser), utf8x leaves the legitimate text alone.
        for text in ["CafÃ©", "SÃO PAULO, NÃO", "ÂGE", "crème brûlée, Ærø"] {
            samples.push(text.into());
        }
        let script = "import sys, json, ftfy\n\
                      for line in sys.stdin:\n    \
                      print(json.dumps(ftfy.fix_encoding(json.loads(line))))\n";
        let Some(answers) = python(script, &samples) else {
            eprintln!("skipped: python3 with ftfy is not installed (pip install ftfy)");
            return;
        };
        let mut differ = 0;
        for (sample, theirs) in samples.iter().zip(&answers) {
            let ours = repair(sample).0;
            if &ours != theirs {
                differ += 1;
                eprintln!("ftfy {theirs:?}, utf8x {ours:?}, from {sample:?}");
            }
        }
        assert_eq!(differ, 0, "{differ} of {} differ from ftfy", samples.len());
    }

    /// Runs `script` under python3 with one JSON string per line; `None` when python3 or a
    /// module it imports is missing.
    fn python(script: &str, lines: &[String]) -> Option<Vec<String>> {
        use std::io::Write;
        use std::process::{Command, Stdio};
        let check = Command::new("python3")
            .args(["-c", "import ftfy"])
            .stderr(Stdio::null())
            .status()
            .ok()?;
        if !check.success() {
            return None;
        }
        let mut child = Command::new("python3")
            .args(["-c", script])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .ok()?;
        let mut input = String::new();
        for line in lines {
            input.push_str(&json_string(line));
            input.push('\n');
        }
        let mut stdin = child.stdin.take()?;
        let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
        let out = child.wait_with_output().ok()?;
        writer.join().ok()?.ok()?;
        assert!(out.status.success(), "the ftfy script failed");
        let text = String::from_utf8(out.stdout).ok()?;
        Some(text.lines().map(json_unstring).collect())
    }

    /// A JSON string literal of `s`, every non-ASCII character escaped.
    fn json_string(s: &str) -> String {
        let mut out = String::from("\"");
        for unit in s.encode_utf16() {
            match unit {
                0x22 => out.push_str("\\\""),
                0x5C => out.push_str("\\\\"),
                0x20..=0x7E => out.push(char::from(unit as u8)),
                _ => out.push_str(&format!("\\u{unit:04x}")),
            }
        }
        out.push('"');
        out
    }

    /// Reads back what Python's `json.dumps` writes (ASCII, `\uXXXX` escapes).
    fn json_unstring(s: &str) -> String {
        let inner = &s[1..s.len() - 1];
        let mut units = Vec::new();
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            if c != '\\' {
                units.push(c as u16);
                continue;
            }
            match chars.next() {
                Some('u') => {
                    let hex: String = chars.by_ref().take(4).collect();
                    units.push(u16::from_str_radix(&hex, 16).unwrap());
                }
                Some('n') => units.push(0x0A),
                Some('t') => units.push(0x09),
                Some('r') => units.push(0x0D),
                Some('b') => units.push(0x08),
                Some('f') => units.push(0x0C),
                Some(other) => units.push(other as u16),
                None => {}
            }
        }
        String::from_utf16_lossy(&units)
    }
}
