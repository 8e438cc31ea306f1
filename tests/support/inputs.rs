//! Generated inputs: a deterministic generator, edge characters, ill-formed snippets and
//! corruptions of valid text.

pub use super::rng::Rng;

/// Ill-formed snippets, one or more per error kind (some become valid or change kind next to
/// what follows them, which is the point).
pub const BAD_SNIPPETS: &[&[u8]] = &[
    b"\x80",
    b"\xBF",
    b"\x80\x80\x80\x80",
    b"\xC0\x80",
    b"\xC1\xBF",
    b"\xC2",
    b"\xDF",
    b"\xE0\x80\x80",
    b"\xE0\x9F\xBF",
    b"\xE0\xA0",
    b"\xE1\x80",
    b"\xED\xA0\x80",
    b"\xED\xBF\xBF",
    b"\xEF\xBF",
    b"\xF0\x80\x80\x80",
    b"\xF0\x8F\xBF\xBF",
    b"\xF0\x90\x80",
    b"\xF1\x80\x80",
    b"\xF4\x8F\xBF",
    b"\xF4\x90\x80\x80",
    b"\xF5\x80\x80\x80",
    b"\xF7",
    b"\xF8\x88\x80\x80\x80",
    b"\xFC\x84\x80\x80\x80\x80",
    b"\xFE",
    b"\xFF",
    b"\xEF\xBF\xBD",
];

/// Characters chosen for their encodings: every length, the edges of every range, U+FFFD itself
/// (so a real one can be told from a substitution), noncharacters, a BOM.
pub const EDGE_CHARS: &[char] = &[
    '\0',
    'a',
    '\x7F',
    '\u{80}',
    'é',
    '\u{FF}',
    '\u{100}',
    '\u{7FF}',
    '\u{800}',
    '€',
    '\u{D7FF}',
    '\u{E000}',
    '\u{FEFF}',
    '\u{FFFD}',
    '\u{FFFE}',
    '\u{FFFF}',
    '\u{10000}',
    '😀',
    '\u{10FFFF}',
];

/// A random string of `n` characters: ASCII-heavy, with edge characters and any scalar value.
pub fn random_text(rng: &mut Rng, n: usize) -> String {
    (0..n)
        .map(|_| match rng.below(8) {
            0..=3 => char::from(b' ' + rng.below(95) as u8),
            4 | 5 => *rng.pick(EDGE_CHARS),
            _ => loop {
                // Mostly BMP, sometimes any plane.
                let bound = if rng.below(3) == 0 {
                    0x11_0000
                } else {
                    0x1_0000
                };
                if let Some(c) = char::from_u32(rng.below(bound) as u32) {
                    break c;
                }
            },
        })
        .collect()
}

/// `valid` with one to four corruptions: inserted snippets, overwritten, deleted or inserted
/// random bytes, a cut at a random point.
pub fn corrupt(valid: &[u8], seed: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut v = valid.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(v.len() + 1);
        match rng.below(6) {
            0 | 1 => {
                let snippet = rng.pick(BAD_SNIPPETS);
                v.splice(at..at, snippet.iter().copied());
            }
            2 if at < v.len() => v[at] = rng.next() as u8,
            3 if at < v.len() => {
                v.remove(at);
            }
            4 => v.truncate(at),
            _ => v.insert(at, 0x80 | rng.below(0x80) as u8),
        }
    }
    v
}

/// UTF-16 values of `text` with some units replaced or joined by lone surrogates, or the last
/// unit dropped (which may leave a high surrogate at the end).
pub fn corrupt_utf16(text: &str, seed: u64) -> Vec<u16> {
    const SURROGATES: &[u16] = &[
        0xD800, 0xDBFF, 0xDC00, 0xDC7F, 0xDC80, 0xDCFF, 0xDD00, 0xDFFF,
    ];
    let mut rng = Rng::new(seed);
    let mut v: Vec<u16> = text.encode_utf16().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(v.len() + 1);
        match rng.below(4) {
            0 if at < v.len() => v[at] = *rng.pick(SURROGATES),
            1 => {
                v.pop();
            }
            _ => v.insert(at, *rng.pick(SURROGATES)),
        }
    }
    v
}

/// UTF-32 values of `text` with some units replaced by surrogates or values above U+10FFFF.
pub fn corrupt_utf32(text: &str, seed: u64) -> Vec<u32> {
    const BAD: &[u32] = &[
        0xD800,
        0xDBFF,
        0xDC00,
        0xDC80,
        0xDCFF,
        0xDFFF,
        0x11_0000,
        0x7FFF_FFFF,
        0xFFFF_FFFF,
    ];
    let mut rng = Rng::new(seed);
    let mut v: Vec<u32> = text.chars().map(u32::from).collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(v.len() + 1);
        v.insert(at, *rng.pick(BAD));
    }
    v
}
