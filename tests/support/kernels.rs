//! Shared helpers of the kernel differential tests: a seeded generator of text in every script
//! mix, error injection, the corpus files, and the kernel sets to compare.

use utf8x::__test::{Kernel, kernels};

use super::corpus;
pub use super::rng::Rng;

/// The script mixes: which code points a generated text draws from.
#[derive(Clone, Copy, Debug)]
pub enum Script {
    Ascii,
    /// Mostly ASCII with some 2-byte letters.
    Latin,
    /// 2-byte letters with spaces.
    Cyrillic,
    /// 3-byte ideographs with some ASCII punctuation.
    Cjk,
    /// 4-byte emoji with spaces.
    Emoji,
    /// Everything, including the edges of each length class.
    Mixed,
}

pub const SCRIPTS: [Script; 6] = [
    Script::Ascii,
    Script::Latin,
    Script::Cyrillic,
    Script::Cjk,
    Script::Emoji,
    Script::Mixed,
];

fn scalar_value(rng: &mut Rng, lo: u32, hi: u32) -> char {
    loop {
        if let Some(c) = char::from_u32(rng.range(lo, hi)) {
            return c;
        }
    }
}

pub fn char_of(rng: &mut Rng, script: Script) -> char {
    let r = rng.below(100);
    match script {
        Script::Ascii => scalar_value(rng, 0, 0x7F),
        Script::Latin if r < 85 => scalar_value(rng, 0x20, 0x7E),
        Script::Latin => scalar_value(rng, 0xC0, 0x17F),
        Script::Cyrillic if r < 15 => ' ',
        Script::Cyrillic => scalar_value(rng, 0x391, 0x4FF),
        Script::Cjk if r < 10 => scalar_value(rng, 0x20, 0x7E),
        Script::Cjk => scalar_value(rng, 0x4E00, 0x9FFF),
        Script::Emoji if r < 20 => ' ',
        Script::Emoji => scalar_value(rng, 0x1F300, 0x1FAFF),
        Script::Mixed => match r % 10 {
            0 => scalar_value(rng, 0, 0x7F),
            1 => scalar_value(rng, 0x80, 0x7FF),
            2 => scalar_value(rng, 0x800, 0xFFFF),
            3 => scalar_value(rng, 0x10000, 0x10FFFF),
            4 => *[
                '\u{7F}',
                '\u{80}',
                '\u{7FF}',
                '\u{800}',
                '\u{D7FF}',
                '\u{E000}',
                '\u{FFFD}',
                '\u{FFFF}',
                '\u{10000}',
                '\u{10FFFF}',
            ]
            .get(rng.below(10))
            .unwrap_or(&'a'),
            5 | 6 => scalar_value(rng, 0x20, 0x7E),
            7 => scalar_value(rng, 0x400, 0x4FF),
            8 => scalar_value(rng, 0x4E00, 0x9FFF),
            _ => scalar_value(rng, 0x1F600, 0x1F64F),
        },
    }
}

/// A valid text of about `bytes` bytes (never more) in `script`.
pub fn text(rng: &mut Rng, script: Script, bytes: usize) -> String {
    let mut s = String::new();
    loop {
        let c = char_of(rng, script);
        if s.len() + c.len_utf8() > bytes {
            return s;
        }
        s.push(c);
    }
}

/// What an input may end in: a whole character of each length, a sequence of each length cut
/// off by the end, and sequences that are errors before the end.
pub const ENDINGS: &[&[u8]] = &[
    b"a",
    "é".as_bytes(),
    "€".as_bytes(),
    "😀".as_bytes(),
    b"\xC2",
    b"\xE2\x82",
    b"\xF0\x9F\x98",
    b"\xE0\x80",
    b"\xED\xA0",
    b"\xF4\x90",
    b"\xFF",
];

/// Inputs of every length at and around a whole number of 64-byte vectors, up to four of them,
/// in every script, ending in each of [`ENDINGS`]: text of the script, ASCII to make up the
/// length, then the ending. A whole number of vectors has no zero padding after it, so these
/// are where a kernel has to find a sequence the end cuts off from the input's last bytes.
pub fn vector_edge_inputs(seed: u64) -> Vec<Vec<u8>> {
    let mut rng = Rng::new(seed);
    let mut cases = Vec::new();
    for script in SCRIPTS {
        for len in [63, 64, 65, 127, 128, 129, 191, 192, 193, 255, 256, 257] {
            for end in ENDINGS {
                let mut c = text(&mut rng, script, len - end.len()).into_bytes();
                c.resize(len - end.len(), b'x');
                c.extend_from_slice(end);
                cases.push(c);
            }
        }
    }
    cases
}

/// Byte sequences that are ill-formed in every way UTF-8 can be, including truncations.
pub const BAD_UTF8: &[&[u8]] = &[
    b"\x80",
    b"\xBF",
    b"\x80\x80",
    b"\xC0\x80",
    b"\xC1\xBF",
    b"\xC2",
    b"\xC2\x41",
    b"\xE0\x80\x80",
    b"\xE0\x9F\xBF",
    b"\xE0\xA0",
    b"\xE1\x80",
    b"\xE1\x41",
    b"\xED\xA0\x80",
    b"\xED\xBF\xBF",
    b"\xEF\xBF",
    b"\xF0\x80\x80\x80",
    b"\xF0\x8F\xBF\xBF",
    b"\xF0\x90\x80",
    b"\xF4\x90\x80\x80",
    b"\xF4\x8F\xBF",
    b"\xF5\x80\x80\x80",
    b"\xF7",
    b"\xF8\x88\x80\x80\x80",
    b"\xFE",
    b"\xFF",
    b"\xF1\x80\x80\x41",
    b"\xE2\x82",
    b"\xC3\xA9\xA9",
];

/// Every kernel set this CPU runs, and a message when it is only the portable one (so a log
/// shows that the vector kernels were not exercised).
pub fn all_kernels() -> Vec<Kernel> {
    let ks = kernels();
    assert_eq!(ks[0].name(), "scalar");
    if ks.len() == 1 {
        eprintln!("note: only the portable kernel runs on this CPU");
    }
    ks
}

/// The corpus files (lipsum or generated, see tests/support/corpus.rs) with a name ending in
/// `suffix`, as (name, bytes).
pub fn corpus_files(suffix: &str) -> Vec<(String, Vec<u8>)> {
    let files: Vec<_> = corpus::corpus()
        .ending(suffix)
        .into_iter()
        .map(|(name, bytes)| (name.to_owned(), bytes.to_vec()))
        .collect();
    assert!(!files.is_empty(), "no corpus files *{suffix}");
    files
}

/// Inputs for differential tests: valid texts of every script and many lengths, each also with
/// every bad sequence injected at several offsets around 16/32/64-byte block edges and at the end.
pub fn utf8_cases(seed: u64, max_len: usize) -> Vec<Vec<u8>> {
    let mut rng = Rng::new(seed);
    let mut cases = Vec::new();
    for script in SCRIPTS {
        for len in (0..max_len)
            .step_by(7)
            .chain([15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128])
        {
            let t = text(&mut rng, script, len).into_bytes();
            for (i, bad) in BAD_UTF8.iter().enumerate() {
                let spots = [
                    0,
                    t.len(),
                    (13 + i) % (t.len() + 1),
                    rng.below(t.len() + 1),
                    15.min(t.len()),
                    31.min(t.len()),
                    63.min(t.len()),
                ];
                for at in spots {
                    // Keep the text valid around the insertion: move to a character boundary.
                    let at = (0..=at)
                        .rev()
                        .find(|&a| std::str::from_utf8(&t[..a]).is_ok());
                    let at = at.unwrap_or(0);
                    let mut c = t[..at].to_vec();
                    c.extend_from_slice(bad);
                    c.extend_from_slice(&t[at..]);
                    cases.push(c);
                }
            }
            cases.push(t);
        }
    }
    cases
}
