//! Undoing mojibake in one piece of text, layer by layer: ftfy's `fix_encoding` (version 6.3.1),
//! ported. A step is taken only when the text looks like mojibake ([`is_bad`]); it turns the
//! text back into the bytes one of the decoders of [`CHARMAPS`] made it from and reads them as
//! UTF-8 again, the first decoder for which that works for the whole text winning. Before the
//! bytes are read, two kinds of further damage are mended: a no-break space that became a plain
//! space (byte A0 as 20, in a sequence that is UTF-8 only with A0), and a byte a strict decoder
//! replaced with U+FFFD (the sequence it was in becomes one U+FFFD). When no decoder fits the
//! whole text, runs of mojibake inside correct text are undone on their own, and C1 controls
//! left over become Windows-1252's characters. Steps repeat until the text stops changing.

use std::sync::LazyLock;

use regex::bytes::Regex;

use super::badness::{CONTINUATION_STRICT, UTF8_RUN, is_bad};
use super::charmap::{CHARMAPS, LATIN_1, MAC_ROMAN, WINDOWS_1252, named};

/// One layer of damage undone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Step {
    /// The whole text was UTF-8 read through this decoder.
    Decoder(&'static str),
    /// Runs of mojibake inside correct text, undone one by one.
    Runs,
    /// C1 controls that were Windows-1252's punctuation read as Latin-1.
    C1,
}

/// Steps taken at most on one text: three layers of damage and the mending after them need
/// fewer; the bound only makes sure the loop ends.
pub const MAX_STEPS: usize = 8;

/// `text` with every layer of damage undone, and the steps that did it (none: unchanged).
pub fn undo(text: &str) -> (String, Vec<Step>) {
    let mut text = text.to_owned();
    let mut steps = Vec::new();
    while steps.len() < MAX_STEPS {
        match step(&text) {
            Some((fixed, how)) if fixed != text => {
                text = fixed;
                steps.push(how);
            }
            _ => break,
        }
    }
    (text, steps)
}

/// One step (ftfy's `_fix_encoding_one_step_and_explain`).
fn step(text: &str) -> Option<(String, Step)> {
    if text.is_ascii() || !is_bad(text) {
        return None;
    }
    let mut latin1 = None;
    for map in CHARMAPS.iter() {
        let Some(mut bytes) = map.encode(text) else {
            continue;
        };
        if map.name == LATIN_1 {
            latin1 = Some(bytes.clone());
        }
        // Not for MacRoman, where an en dash and a space would match.
        if map.name != MAC_ROMAN && ALTERED_UTF8.is_match(&bytes) {
            bytes = restore_byte_a0(&bytes);
        }
        if map.sloppy {
            bytes = LOSSY_UTF8
                .replace_all(&bytes, "\u{FFFD}".as_bytes())
                .into_owned();
        }
        if let Some(fixed) = utf8_variants(&bytes) {
            return Some((fixed, Step::Decoder(map.name)));
        }
    }
    if UTF8_RUN.is_match(text) {
        let fixed = undo_runs(text);
        if fixed != text {
            return Some((fixed, Step::Runs));
        }
    }
    // C1 controls, which text never holds: Windows-1252's characters read as Latin-1.
    // (Python's strict decoder, which has no character for 81, 8D, 8F, 90 and 9D.)
    if let Some(bytes) = latin1
        && !bytes
            .iter()
            .any(|b| matches!(b, 0x81 | 0x8D | 0x8F | 0x90 | 0x9D))
    {
        let fixed = named(WINDOWS_1252).decode(&bytes);
        if fixed != text {
            return Some((fixed, Step::C1));
        }
    }
    if text.chars().any(|c| matches!(c, '\u{80}'..='\u{9F}')) {
        let cp1252 = named(WINDOWS_1252);
        let fixed = text
            .chars()
            .map(|c| match c {
                '\u{80}'..='\u{9F}' => cp1252.decode(&[c as u8]).chars().next().unwrap_or(c),
                _ => c,
            })
            .collect();
        return Some((fixed, Step::C1));
    }
    None
}

/// A UTF-8 sequence with 20 where A0 belongs (ftfy's `ALTERED_UTF8_RE`): only with the lead
/// bytes of likely characters (à, Š, Π, Р, ...), and only where the space could not stand for
/// itself.
static ALTERED_UTF8: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?-u)[\xC2\xC3\xC5\xCE\xD0\xD9] |[\xE2\xE3] [\x80-\x84\x86-\x9F\xA1-\xBF]|[\xE0-\xE3][\x80-\x84\x86-\x9F\xA1-\xBF] |\xF0 [\x80-\xBF][\x80-\xBF]|\xF0[\x80-\xBF] [\x80-\xBF]|\xF0[\x80-\xBF][\x80-\xBF] ",
    )
    .expect("a valid pattern")
});

/// A UTF-8 sequence with a byte lost (1A, or once a `?`), read as one U+FFFD (ftfy's
/// `LOSSY_UTF8_RE`).
static LOSSY_UTF8: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?-u)[\xC2-\xDF]\x1A|[\xC2-\xC3]\?|\xED[\xA0-\xAF][\x1A?]\xED[\xB0-\xBF][\x1A?\x80-\xBF]|\xED[\xA0-\xAF][\x1A?\x80-\xBF]\xED[\xB0-\xBF][\x1A?]|[\xE0-\xEF][\x1A?][\x1A\x80-\xBF]|[\xE0-\xEF][\x1A\x80-\xBF][\x1A?]|[\xF0-\xF4][\x1A?][\x1A\x80-\xBF][\x1A\x80-\xBF]|[\xF0-\xF4][\x1A\x80-\xBF][\x1A?][\x1A\x80-\xBF]|[\xF0-\xF4][\x1A\x80-\xBF][\x1A\x80-\xBF][\x1A?]|\x1A",
    )
    .expect("a valid pattern")
});

/// Puts back byte A0 where it became a space (ftfy's `restore_byte_a0`): "Ã " before a word is
/// "à " (Portuguese "à" before a word that is not one of its usual followers lost its A0),
/// then each [`ALTERED_UTF8`] sequence gets its A0.
fn restore_byte_a0(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + 8);
    let mut i = 0;
    while i < bytes.len() {
        out.push(bytes[i]);
        if bytes[i] == 0xC3 && bytes.get(i + 1) == Some(&b' ') {
            let after = &bytes[i + 2..];
            let kept = [&b" "[..], b"quele", b"quela", b"quilo", b"s "];
            if !kept.iter().any(|k| after.starts_with(k)) {
                out.push(0xA0);
            }
        }
        i += 1;
    }
    ALTERED_UTF8
        .replace_all(&out, |m: &regex::bytes::Captures| {
            m[0].iter()
                .map(|&b| if b == b' ' { 0xA0 } else { b })
                .collect::<Vec<u8>>()
        })
        .into_owned()
}

/// UTF-8, or the variants of it that Java and CESU-8 write (U+0000 as C0 80, characters beyond
/// U+FFFF as two three-byte surrogates); `None` when `bytes` are neither.
fn utf8_variants(bytes: &[u8]) -> Option<String> {
    if !bytes.contains(&0xED) && !bytes.contains(&0xC0) {
        return String::from_utf8(bytes.to_vec()).ok();
    }
    let cont = |b: u8| (0x80..=0xBF).contains(&b);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        if rest.starts_with(&[0xC0, 0x80]) {
            out.push(0);
            i += 2;
        } else if let [0xED, hi @ 0xA0..=0xAF, c1, 0xED, lo @ 0xB0..=0xBF, c2, ..] = *rest
            && cont(c1)
            && cont(c2)
        {
            let high = 0xD000 | (u32::from(hi & 0x3F) << 6) | u32::from(c1 & 0x3F);
            let low = 0xD000 | (u32::from(lo & 0x3F) << 6) | u32::from(c2 & 0x3F);
            let c = char::from_u32(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))?;
            out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
            i += 6;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Each run of mojibake in `text` undone on its own, when it looks like mojibake by itself
/// (ftfy's `decode_inconsistent_utf8`).
fn undo_runs(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut done = 0;
    let mut from = 0;
    while let Some(m) = UTF8_RUN.find_at(text, from) {
        // The look behind: a run right after a continuation character is part of a bigger
        // garble, and undoing a piece of it would make it worse.
        let before = text[..m.start()].chars().next_back();
        if before.is_some_and(|c| CONTINUATION_STRICT.is_match(c.encode_utf8(&mut [0; 4]))) {
            from = m.start() + text[m.start()..].chars().next().map_or(1, char::len_utf8);
            continue;
        }
        let run = m.as_str();
        out.push_str(&text[done..m.start()]);
        if run.chars().count() < text.chars().count() && is_bad(run) {
            out.push_str(&undo(run).0);
        } else {
            out.push_str(run);
        }
        done = m.end();
        from = m.end();
    }
    out.push_str(&text[done..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        let d = |n| Step::Decoder(n);
        assert_eq!(undo("CafÃ©"), ("Café".into(), vec![d(LATIN_1)]));
        assert_eq!(
            undo("CafÃƒÂ©"),
            ("Café".into(), vec![d(WINDOWS_1252), d(LATIN_1)])
        );
        assert_eq!(undo("voilÃ le travail").0, "voilà le travail");
        assert_eq!(undo("Le Vigne di Zam√≤").0, "Le Vigne di Zamò");
        assert_eq!(undo("вЂ“ ok").0, "– ok");
        assert_eq!(
            undo("â€œlossy decodingâ€\u{FFFD}").0,
            "“lossy decoding\u{FFFD}"
        );
        assert_eq!(undo("a \u{85} b"), ("a … b".into(), vec![Step::C1]));
        assert_eq!(utf8_variants(b"a\xC0\x80b").as_deref(), Some("a\0b"));
        assert_eq!(
            utf8_variants(b"\xED\xA0\xBD\xED\xB8\x80").as_deref(),
            Some("😀")
        );
    }
}
