//! The benchmark inputs: the text corpus, the encodings derived from it in memory, the
//! ill-formed probes used to check that validating contenders really validate, the lossy-decoding
//! inputs and the short slices.

use std::ops::Deref;

/// The corpus of the tests (tests/support/corpus.rs): the lipsum files, on which the published
/// numbers are measured, when they are beside the repository; generated texts otherwise, so that
/// the benchmark runs anywhere (its numbers are then not comparable with the published ones).
use utf8x_test_support::corpus;

/// One bad byte is inserted after every this many bytes of the lossy-decoding inputs.
const ERROR_SPACING: usize = 1024;

/// Units followed by one zero unit that is not part of the text, so that the C functions that
/// want NUL-terminated strings (`mbstowcs`, `wcstombs`) can be handed the very same buffer.
pub struct Text<U> {
    buf: Vec<U>,
}

impl<U: Copy + Default + PartialEq> Text<U> {
    pub fn new(units: impl IntoIterator<Item = U>) -> Self {
        let mut buf: Vec<U> = units.into_iter().collect();
        assert!(
            !buf.contains(&U::default()),
            "benchmark text must not contain NUL: mbstowcs/wcstombs would stop there"
        );
        buf.push(U::default());
        Text { buf }
    }

    /// The text followed by its terminating zero unit.
    pub fn with_nul(&self) -> &[U] {
        &self.buf
    }
}

impl<U> Deref for Text<U> {
    type Target = [U];
    fn deref(&self) -> &[U] {
        &self.buf[..self.buf.len() - 1]
    }
}

/// A named input of one table row.
pub struct Input<U> {
    pub name: String,
    pub text: Text<U>,
}

fn input<U: Copy + Default + PartialEq>(
    name: &str,
    units: impl IntoIterator<Item = U>,
) -> Input<U> {
    Input {
        name: name.to_owned(),
        text: Text::new(units),
    }
}

pub struct Corpus {
    /// Which corpus this is, for the header.
    pub origin: String,
    /// The UTF-8 texts, named by script, the pure-ASCII one last.
    pub scripts: Vec<(String, String)>,
    /// The lipsum corpus's French Latin-1 text, decoded (ISO-8859-1, so every byte is one code
    /// point). The generated corpus needs none: its accented Latin text is one of `scripts`.
    pub french: Option<String>,
}

impl Corpus {
    pub fn load() -> Result<Corpus, String> {
        let corpus = corpus::corpus();
        let mut scripts: Vec<(String, String)> = corpus
            .texts()
            .into_iter()
            .map(|(name, text)| (name.to_owned(), text.to_owned()))
            .collect();
        // The short-string table slices the ASCII text; the others read better with it last.
        scripts.sort_by_key(|(name, _)| name == "ASCII");
        if !scripts.iter().any(|(name, _)| name == "ASCII") {
            return Err(format!("{} has no ASCII text", corpus.origin()));
        }
        let french = match corpus.lipsum {
            Some(_) => {
                let name = corpus.latin1_pair().0;
                let bytes = corpus
                    .get(&name)
                    .ok_or_else(|| format!("{} has no {name}", corpus.origin()))?;
                Some(bytes.iter().copied().map(char::from).collect())
            }
            None => None,
        };
        Ok(Corpus {
            origin: corpus.origin(),
            scripts,
            french,
        })
    }

    pub fn utf8(&self) -> Vec<Input<u8>> {
        self.map(|s| s.bytes())
    }

    pub fn utf16(&self) -> Vec<Input<u16>> {
        self.map(str::encode_utf16)
    }

    /// The UTF-8 files without supplementary characters: the texts on which CESU-8, modified
    /// UTF-8 and WTF-8 are byte for byte UTF-8 (the files hold no NUL either).
    pub fn bmp_utf8(&self) -> Vec<Input<u8>> {
        self.bmp().map(|(name, s)| input(name, s.bytes())).collect()
    }

    /// The same texts as [`Corpus::bmp_utf8`], in UTF-16LE.
    pub fn bmp_utf16(&self) -> Vec<Input<u16>> {
        self.bmp()
            .map(|(name, s)| input(name, s.encode_utf16()))
            .collect()
    }

    fn bmp(&self) -> impl Iterator<Item = (&str, &str)> {
        self.scripts
            .iter()
            .filter(|(_, s)| s.chars().all(|c| u32::from(c) <= 0xFFFF))
            .map(|(name, s)| (name.as_str(), s.as_str()))
    }

    pub fn utf32(&self) -> Vec<Input<u32>> {
        self.map(|s| s.chars().map(u32::from))
    }

    /// French (with the lipsum corpus) plus every script text that Latin-1 can hold, as UTF-8.
    pub fn latin1_as_utf8(&self) -> Vec<Input<u8>> {
        self.latin1_texts()
            .map(|(name, s)| input(name, s.bytes()))
            .collect()
    }

    /// The same texts as [`Corpus::latin1_as_utf8`], in ISO-8859-1.
    pub fn latin1(&self) -> Vec<Input<u8>> {
        self.latin1_texts()
            .map(|(name, s)| input(name, s.chars().map(|c| c as u8)))
            .collect()
    }

    fn latin1_texts(&self) -> impl Iterator<Item = (&str, &str)> {
        self.french.iter().map(|s| ("French", s.as_str())).chain(
            self.scripts
                .iter()
                .filter(|(_, s)| s.chars().all(|c| u32::from(c) <= 0xFF))
                .map(|(name, s)| (name.as_str(), s.as_str())),
        )
    }

    /// Each UTF-8 file with one 0xFF byte inserted at the first character boundary after every
    /// [`ERROR_SPACING`] bytes: one maximal ill-formed subpart, so one U+FFFD, per KiB.
    pub fn utf8_with_errors(&self) -> Vec<Input<u8>> {
        self.map(|s| {
            let mut out = Vec::with_capacity(s.len() + s.len() / ERROR_SPACING + 1);
            let mut next = ERROR_SPACING;
            for (i, c) in s.char_indices() {
                if i >= next {
                    out.push(0xFF);
                    next += ERROR_SPACING;
                }
                let mut buf = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
            out
        })
    }

    /// Slices of every script in turn, 128 bytes or so each: text whose character width changes
    /// every few dozen characters, the hard case for short-string validation.
    pub fn mixed(&self) -> String {
        const PIECE: usize = 128;
        let mut out = String::new();
        let mut at = 0;
        while out.len() < 64 * 1024 {
            for (_, s) in &self.scripts {
                let start = floor_boundary(s, at % s.len());
                let end = floor_boundary(s, (start + PIECE).min(s.len()));
                out.push_str(&s[start..end]);
            }
            at += PIECE;
        }
        out
    }

    fn map<'a, U: Copy + Default + PartialEq, I: IntoIterator<Item = U>>(
        &'a self,
        f: impl Fn(&'a str) -> I,
    ) -> Vec<Input<U>> {
        self.scripts
            .iter()
            .map(|(name, s)| input(name, f(s)))
            .collect()
    }
}

fn floor_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Up to `count` slices of `s` exactly `len` bytes long that start and end on character
/// boundaries, spread over the whole text.
pub fn exact_slices(s: &str, len: usize, count: usize) -> Vec<&[u8]> {
    let step = (s.len() / count).max(1);
    let mut out = Vec::with_capacity(count);
    let mut start = 0;
    while out.len() < count && start + len <= s.len() {
        if s.is_char_boundary(start) && s.is_char_boundary(start + len) {
            out.push(&s.as_bytes()[start..start + len]);
            start += step;
        } else {
            start += 1;
        }
    }
    out
}

/// Ill-formed UTF-8 placed at the start, in the middle (after the SIMD-sized blocks of a long
/// valid prefix) and at the end of real text.
pub fn bad_utf8(corpus: &Corpus) -> Vec<Text<u8>> {
    bad_bytes(corpus.scripts.iter().map(|(_, s)| s.as_str()), &BAD_UTF8)
}

/// `bad` placed at the start, in the middle and at the end of the first KB of each BMP text: the
/// probes of the forms of the UTF-8 family, for which that text is well-formed.
pub fn bad_family(corpus: &Corpus, bad: &[&[u8]]) -> Vec<Text<u8>> {
    bad_bytes(corpus.bmp().map(|(_, s)| s), bad)
}

fn bad_bytes<'a>(texts: impl Iterator<Item = &'a str>, bad: &[&[u8]]) -> Vec<Text<u8>> {
    let mut out = Vec::new();
    for s in texts {
        let prefix = &s[..floor_boundary(s, 1000)];
        for bad in bad {
            for (head, tail) in [("", prefix), (prefix, prefix), (prefix, "")] {
                out.push(Text::new(
                    head.bytes().chain(bad.iter().copied()).chain(tail.bytes()),
                ));
            }
        }
    }
    out
}

const BAD_UTF8: [&[u8]; 7] = [
    b"\xFF",             // invalid lead
    b"\x80",             // stray continuation
    b"\xC0\xAF",         // overlong
    b"\xE0\x80\xAF",     // overlong
    b"\xED\xA0\x80",     // surrogate
    b"\xF4\x90\x80\x80", // above U+10FFFF
    b"\xE4\xB8",         // too short
];

/// Ill-formed UTF-16: lone surrogates of both kinds, a high surrogate cut off at the end.
pub fn bad_utf16(corpus: &Corpus) -> Vec<Text<u16>> {
    let mut out = Vec::new();
    for (_, s) in &corpus.scripts {
        let text: Vec<u16> = s.encode_utf16().take(500).collect();
        for (bad, at_end) in [(0xD800, false), (0xDFFF, false), (0xDBFF, true)] {
            let cut = if at_end { text.len() } else { 300 };
            let (head, tail) = text.split_at(cut.min(text.len()));
            out.push(Text::new(head.iter().chain(&[bad]).chain(tail).copied()));
        }
    }
    out
}

/// Ill-formed UTF-32: surrogates and values above U+10FFFF.
pub fn bad_utf32(corpus: &Corpus) -> Vec<Text<u32>> {
    let mut out = Vec::new();
    for (_, s) in &corpus.scripts {
        let text: Vec<u32> = s.chars().take(500).map(u32::from).collect();
        for bad in [0xD800, 0xDFFF, 0x11_0000, 0xFFFF_FFFF] {
            let (head, tail) = text.split_at(300.min(text.len()));
            out.push(Text::new(head.iter().chain(&[bad]).chain(tail).copied()));
        }
    }
    out
}

/// Valid UTF-8 that Latin-1 cannot hold: one character above U+00FF inside accented text.
pub fn unmappable_utf8(corpus: &Corpus) -> Vec<Text<u8>> {
    let (_, text) = corpus
        .latin1_texts()
        .find(|(_, s)| !s.is_ascii())
        .expect("the corpus has accented Latin text");
    let head = &text[..floor_boundary(text, 2000)];
    ["\u{100}", "€", "中", "😀"]
        .iter()
        .map(|c| Text::new(head.bytes().chain(c.bytes()).chain(head.bytes())))
        .collect()
}
