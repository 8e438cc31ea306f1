//! Mojibake repair: UTF-8 text that was read through a single-byte decoder (Windows-1252,
//! Latin-1, MacRoman, the Windows code pages of other scripts, the DOS console's) and written out
//! again as UTF-8, once or more ("CafÃ©", "CafÃƒÂ©", "Zam√≤"), restored to what it was.
//!
//! The judging is ftfy's (`ftfy.fix_encoding`, version 6.3.1), ported: [`badness`] says whether
//! a piece of text looks like mojibake at all (a line that does not is never touched), and
//! [`undo`] undoes one layer of damage after another while the text still looks like it. A line
//! that still looks like mojibake afterwards is reported by number, changed or not: the repair
//! then stopped short, and a person has to look.
//!
//! The unit is a line (up to [`MAX_LINE`] bytes; a longer one is cut at an ASCII byte, which no
//! mojibake sequence contains), so a file with some damaged lines gets those back and the
//! memory stays bounded. ftfy's published test cases are the measure (`tests/cli/mojibake.rs`).

mod badness;
mod charmap;
mod undo;

use std::collections::BTreeMap;
use std::io;

pub use undo::Step;

/// Longest piece judged at once; a longer line is cut at an ASCII byte.
pub const MAX_LINE: usize = 1 << 20;

/// Line numbers kept of the lines that still look like mojibake (the count goes on).
const KEPT_LINES: usize = 10;

/// `text` with every layer of damage undone, and the steps that did it (none: unchanged).
pub fn repair(text: &str) -> (String, Vec<Step>) {
    undo::undo(text)
}

/// What the repair of a text did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Summary {
    /// Lines (or pieces of long lines) restored, by the damage undone.
    pub restored: BTreeMap<String, u64>,
    /// Lines that still look like mojibake after the repair.
    pub left: u64,
    /// The first [`KEPT_LINES`] of them, by number (from 1).
    pub left_lines: Vec<u64>,
}

impl Summary {
    /// Lines restored, whatever the damage.
    pub fn lines(&self) -> u64 {
        self.restored.values().sum()
    }

    /// The damage undone, the most frequent first: "Windows-1252 twice: 12, MacRoman: 1".
    pub fn kinds(&self) -> String {
        let mut kinds: Vec<_> = self.restored.iter().collect();
        kinds.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        kinds
            .iter()
            .map(|(kind, n)| format!("{kind}: {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The lines that still look like mojibake: "3, 17 and 2 more".
    pub fn left_lines(&self) -> String {
        let mut text = self
            .left_lines
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let more = self.left - self.left_lines.len() as u64;
        if more > 0 {
            text.push_str(&format!(" and {more} more"));
        }
        text
    }
}

/// The damage that `steps` undid, in the order it was done (the innermost layer first), a
/// decoder used several times in a row counted: "Windows-1252 twice", "MacRoman, then
/// Windows-1252".
pub fn describe(steps: &[Step]) -> String {
    let name = |step: &Step| match *step {
        // Latin-1 and Windows-1252 differ only in C1 controls, which text never held.
        Step::Decoder(charmap::LATIN_1) | Step::Decoder(charmap::WINDOWS_1252) => {
            charmap::WINDOWS_1252
        }
        Step::Decoder(name) => name,
        Step::Runs => "Windows-1252 in pieces of a line",
        Step::C1 => "C1 controls for Windows-1252",
    };
    let mut groups: Vec<(&str, usize)> = Vec::new();
    for step in steps.iter().rev() {
        match groups.last_mut() {
            Some((last, n)) if *last == name(step) => *n += 1,
            _ => groups.push((name(step), 1)),
        }
    }
    groups
        .iter()
        .map(|&(name, n)| match n {
            1 => name.to_owned(),
            2 => format!("{name} twice"),
            n => format!("{name} {n} times"),
        })
        .collect::<Vec<_>>()
        .join(", then ")
}

/// A streaming filter over UTF-8: lines in, repaired lines out, in bounded memory.
#[derive(Default)]
pub struct Repairer {
    pending: Vec<u8>,
    /// The start is behind: a byte order mark there is written as it is, not judged with the
    /// first line (it is no Windows-1252 character, so the line would never be repaired).
    started: bool,
    /// The number of the line the next piece belongs to, from 0.
    line: u64,
    /// What was done so far.
    pub summary: Summary,
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
        let line = self.line + 1;
        if piece.ends_with(b"\n") {
            self.line += 1;
        }
        // Not UTF-8 (the caller passes text it could not repair otherwise): as it is.
        let Ok(text) = std::str::from_utf8(piece) else {
            return sink(piece);
        };
        let (fixed, steps) = repair(text);
        if badness::is_bad(&fixed) {
            let summary = &mut self.summary;
            if summary.left_lines.last() != Some(&line) {
                summary.left += 1;
                if summary.left_lines.len() < KEPT_LINES {
                    summary.left_lines.push(line);
                }
            }
        }
        if steps.is_empty() {
            return sink(piece);
        }
        *self.summary.restored.entry(describe(&steps)).or_default() += 1;
        sink(fixed.as_bytes())
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
    (out, r.summary.lines())
}

#[cfg(test)]
mod tests {
    use super::*;

    use utf8x_test_support::corpus;

    /// The repair of `text`, and how many steps it took.
    fn layers(text: &str) -> (String, usize) {
        let (fixed, steps) = repair(text);
        (fixed, steps.len())
    }

    /// What a Windows-1252 decoder (WHATWG's: undefined bytes as C1 controls) makes of UTF-8
    /// bytes, written back as UTF-8: one layer of damage.
    fn damage_cp1252(text: &str) -> String {
        charmap::named(charmap::WINDOWS_1252).decode(text.as_bytes())
    }

    /// The same through a Latin-1 decoder.
    fn damage_latin1(text: &str) -> String {
        text.bytes().map(char::from).collect()
    }

    #[test]
    fn examples() {
        assert_eq!(layers("CafÃ©"), ("Café".into(), 1));
        assert_eq!(layers("CafÃƒÂ©"), ("Café".into(), 2));
        assert_eq!(
            layers("donâ€™t â€œquoteâ€\u{9d}"),
            ("don’t “quote”".into(), 1)
        );
        assert_eq!(layers("Ð¿Ñ€Ð¸Ð²ÐµÑ‚"), ("привет".into(), 1));
        assert_eq!(layers("æ—¥æœ¬èªž"), ("日本語".into(), 1));
        assert_eq!(layers("ðŸ˜€ ok"), ("😀 ok".into(), 1));
        // Latin-1's decoder: the C1 controls stand for Windows-1252's punctuation bytes.
        assert_eq!(layers(&damage_latin1("€5 – ½")), ("€5 – ½".into(), 1));
        assert_eq!(layers("fÃªte Ã\u{a0} Paris"), ("fête à Paris".into(), 1));
        // A run of mojibake inside a line it does not fit as a whole.
        assert_eq!(
            layers("a Ã© with Cyrillic ж"),
            ("a é with Cyrillic ж".into(), 1)
        );
        // A no-break space that became a space: "Ã " before a word was "à".
        assert_eq!(layers("Ã la carte"), ("à la carte".into(), 1));
        // Damaged twice, the no-break space of French typography included.
        assert_eq!(layers("Ã‚Â\u{a0}Ã‚Â»"), ("\u{a0}»".into(), 2));
    }

    #[test]
    fn legitimate_text_is_left_alone() {
        for text in [
            "SÃO PAULO, NÃO, IRMÃ",
            "ÂGE, ÂME, ÃO",
            // Correct text whose bytes, read back, would be UTF-8 (ftfy's negative cases):
            // only the heuristic of what mojibake looks like keeps them.
            "4288×…",
            "PARCE QUE SUR LEURS PLAQUES IL Y MARQUÉ…",
            "Join ZZAJÉ’s Official Fan List",
            "NESTLÉ® requiere",
            "ammaccato,\u{A0}è come se",
            "crème brûlée, naïve, Ærø, façade",
            "ÉTÉ\u{A0}!",
            "© 2024 — “quotes” – €5 ½ ¿Qué? ¡Sí!",
            "Привет, мир",
            "日本語のテキスト",
            "plain ASCII",
            "",
            "µ-law, ºC, ª",
            "\u{FFFD} replacement",
        ] {
            assert_eq!(layers(text), (text.to_owned(), 0), "{text:?}");
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
                clean_changed += usize::from(layers(line).1 != 0);
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
        for text in [
            "CafÃ©",
            "SÃO PAULO, NÃO",
            "ÂGE",
            "crème brûlée, Ærø",
            "Â bientôt",
        ] {
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
