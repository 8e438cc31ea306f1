//! The legacy encodings detection weighs a file in, each read and scored by the plausibility
//! model (`plausible.rs`): every code page iconv users meet in old files, with the languages
//! written in it, and the CJK multibyte encodings. The best reading wins; it is clear only when
//! it is plausible text and beats every reading that decodes to other text by a margin, so
//! that near-twins (Windows-1252 and ISO-8859-15, EUC-KR and EUC-JP) are decided by the bytes
//! in which they differ, or not at all.

use std::sync::OnceLock;

use crate::plausible::{self, Cjk, Language, PageModel, Score};
use crate::sys::Cd;

/// Points by which a clear reading beats every other reading of different text: one letter
/// against a symbol inside a word, or two common letters against foreign ones.
pub const MARGIN: i64 = 8;

/// Characters outside ASCII that are enough to judge: scoring stops there, so that detection
/// costs the same on a large file.
const ENOUGH: usize = 4096;

/// A single-byte code page, by its glibc name, and the languages written in it.
struct Page {
    name: &'static str,
    languages: &'static [&'static Language],
}

const fn page(name: &'static str, languages: &'static [&'static Language]) -> Page {
    Page { name, languages }
}

/// The code pages, the most common of each family first (a tie between readings of the same
/// text names the first).
const PAGES: &[Page] = {
    use plausible::*;
    &[
        page("WINDOWS-1252", WESTERN),
        page("ISO-8859-15", WESTERN),
        page("WINDOWS-1250", CENTRAL),
        page("ISO-8859-2", CENTRAL),
        page("WINDOWS-1251", CYRILLIC),
        page("KOI8-R", CYRILLIC),
        page("KOI8-U", CYRILLIC),
        page("ISO-8859-5", CYRILLIC),
        page("IBM866", CYRILLIC),
        page("MAC-CYRILLIC", CYRILLIC),
        page("IBM855", CYRILLIC),
        page("WINDOWS-1253", GREEK),
        page("ISO-8859-7", GREEK),
        page("WINDOWS-1254", TURKISH),
        page("ISO-8859-9", TURKISH),
        page("WINDOWS-1255", HEBREW),
        page("ISO-8859-8", HEBREW),
        page("WINDOWS-1256", ARABIC),
        page("ISO-8859-6", ARABIC),
        page("WINDOWS-1257", BALTIC),
        page("ISO-8859-13", BALTIC),
        page("ISO-8859-4", BALTIC),
        page("ISO-8859-10", NORDIC),
        page("ISO-8859-3", SOUTH),
        page("ISO-8859-16", SOUTH_EAST),
        page("ISO-8859-14", WESTERN),
        page("TIS-620", THAI),
        page("WINDOWS-874", THAI),
        page("IBM850", WESTERN),
        page("IBM437", WESTERN),
        page("MACINTOSH", WESTERN),
        page("IBM852", CENTRAL),
        page("ISO-8859-1", WESTERN),
    ]
};

/// A multibyte encoding, by its glibc name, the language it is scored as, and the names glibc
/// reads its extensions under (CP932 for Shift_JIS with Microsoft's rows).
struct Multi {
    name: &'static str,
    whatwg: Option<&'static encoding_rs::Encoding>,
    language: Cjk,
    wider: &'static [&'static str],
}

const MULTI: &[Multi] = &[
    Multi {
        name: "SHIFT_JIS",
        whatwg: Some(encoding_rs::SHIFT_JIS),
        language: Cjk::Japanese,
        wider: &["CP932"],
    },
    Multi {
        name: "EUC-JP",
        whatwg: Some(encoding_rs::EUC_JP),
        language: Cjk::Japanese,
        wider: &[],
    },
    Multi {
        name: "EUC-KR",
        whatwg: Some(encoding_rs::EUC_KR),
        language: Cjk::Korean,
        wider: &["CP949"],
    },
    Multi {
        name: "GBK",
        whatwg: Some(encoding_rs::GBK),
        language: Cjk::Chinese,
        wider: &["GB18030"],
    },
    Multi {
        name: "BIG5",
        whatwg: Some(encoding_rs::BIG5),
        language: Cjk::Chinese,
        wider: &["CP950", "BIG5-HKSCS"],
    },
    Multi {
        name: "EUC-TW",
        whatwg: None,
        language: Cjk::Chinese,
        wider: &[],
    },
    Multi {
        name: "JOHAB",
        whatwg: None,
        language: Cjk::Korean,
        wider: &[],
    },
];

/// One reading of the sample.
#[derive(Debug)]
pub struct Reading {
    /// The glibc name that reads the sample (CP932 rather than SHIFT_JIS when the text has
    /// Microsoft's characters).
    pub name: &'static str,
    pub score: Score,
    /// What the reading decoded to, to tell readings of the same text apart from rivals.
    text: Text,
}

#[derive(Debug, PartialEq, Eq)]
enum Text {
    /// A single-byte code page's characters for the bytes 80..FF that occur.
    Page(Vec<Option<char>>),
    Decoded(String),
}

/// What detection concluded among the readings.
#[derive(Debug)]
pub struct Verdict {
    pub best: Reading,
    /// Readings of other text that score within [`MARGIN`] of the best, best first.
    pub rivals: Vec<&'static str>,
}

impl Verdict {
    /// The best reading is plausible text, and no other reading of different text comes near.
    #[cfg(test)]
    fn clear(&self) -> bool {
        self.best.score.plausible() && self.rivals.is_empty()
    }
}

/// A code page's characters for the bytes 80..FF (`None`: undefined), and its model.
type PageReading = (Vec<Option<char>>, PageModel);

/// Each code page's characters and model, made once.
fn page_models() -> &'static [PageReading] {
    static MODELS: OnceLock<Vec<PageReading>> = OnceLock::new();
    MODELS.get_or_init(|| {
        PAGES
            .iter()
            .map(|p| {
                let mut chars = [None; 256];
                for (b, c) in chars.iter_mut().enumerate() {
                    *c = char::from_u32(b as u32).filter(char::is_ascii);
                }
                chars[0x80..].copy_from_slice(&page_chars(p.name));
                (chars[0x80..].to_vec(), PageModel::new(&chars, p.languages))
            })
            .collect()
    })
}

/// A code page's characters for the bytes 80..FF: encoding_rs's table where the WHATWG
/// standard has the code page (loading glibc's modules costs a millisecond each), glibc's
/// otherwise. Detection only reads them; conversion is glibc's.
fn page_chars(name: &str) -> [Option<char>; 128] {
    let mut chars = [None; 128];
    // The WHATWG standard reads ISO-8859-1, ISO-8859-9 and TIS-620 as their Windows
    // supersets; their own bytes 80..9F are C1 controls, or nothing in TIS-620.
    let (e, high_only) = match name {
        "ISO-8859-1" => (Some(encoding_rs::WINDOWS_1252), true),
        "ISO-8859-9" => (Some(encoding_rs::WINDOWS_1254), true),
        "TIS-620" => (Some(encoding_rs::WINDOWS_874), true),
        "MAC-CYRILLIC" => (Some(encoding_rs::X_MAC_CYRILLIC), false),
        _ => (
            encoding_rs::Encoding::for_label(name.as_bytes()).filter(|e| e.is_single_byte()),
            false,
        ),
    };
    if let Some(e) = e {
        for (i, c) in chars.iter_mut().enumerate() {
            let b = 0x80 + i as u8;
            *c = match b {
                0x80..=0x9F if high_only && name == "TIS-620" => None,
                0x80..=0x9F if high_only => char::from_u32(u32::from(b)),
                _ => e
                    .decode_without_bom_handling_and_without_replacement(&[b])
                    .and_then(|s| s.chars().next()),
            };
        }
        return chars;
    }
    if let Some(mut cd) = Cd::open("UTF-8", name) {
        for (i, c) in chars.iter_mut().enumerate() {
            let one = cd
                .all(&[0x80 + i as u8])
                .and_then(|u| String::from_utf8(u).ok())
                .filter(|s| s.chars().count() == 1);
            *c = one.and_then(|s| s.chars().next());
        }
    }
    chars
}

/// The prefix of `sample` that holds its first [`ENOUGH`] bytes outside ASCII.
pub fn judged(sample: &[u8]) -> &[u8] {
    let mut seen = 0;
    for (i, b) in sample.iter().enumerate() {
        if !b.is_ascii() {
            seen += 1;
            if seen == ENOUGH {
                // Room for a multibyte character's second byte.
                return &sample[..(i + 2).min(sample.len())];
            }
        }
    }
    sample
}

/// Every reading of `sample` (its last character may be cut unless `end`) that may score
/// within [`MARGIN`] of the best, scored: a code page whose bound (its score without the
/// penalties of context, which only lower it) falls short is not read through.
fn readings(sample: &[u8], end: bool) -> Vec<Reading> {
    let full = sample.len();
    let sample = judged(sample);
    let end = end && sample.len() == full;
    let mut counts = [0u32; 256];
    for &b in sample {
        counts[usize::from(b)] += 1;
    }
    let non_ascii = counts[0x80..].iter().map(|&n| u64::from(n)).sum();
    let mut out = Vec::new();
    for m in MULTI {
        let Some(text) = decode_multi(m, sample, end) else {
            continue;
        };
        out.push(Reading {
            name: m.name,
            score: plausible::score_cjk(&text, m.language, non_ascii),
            text: Text::Decoded(text),
        });
    }
    let mut pages: Vec<(i64, &Page, &PageReading)> = PAGES
        .iter()
        .zip(page_models())
        .filter(|(_, (chars, _))| (0..128).all(|i| counts[0x80 + i] == 0 || chars[i].is_some()))
        .map(|(p, m)| (m.1.bound(&counts), p, m))
        .collect();
    pages.sort_by_key(|&(bound, ..)| std::cmp::Reverse(bound));
    let mut best = out.iter().map(|r| r.score.total).max().unwrap_or(i64::MIN);
    for (bound, p, (chars, model)) in pages {
        if bound.saturating_add(MARGIN) <= best {
            break;
        }
        let seen = (0..128)
            .map(|i| if counts[0x80 + i] > 0 { chars[i] } else { None })
            .collect();
        let score = model.score(sample);
        best = best.max(score.total);
        out.push(Reading {
            name: p.name,
            score,
            text: Text::Page(seen),
        });
    }
    out
}

/// `sample` decoded by `m`, or `None` at an error (a character cut by the sample's end is no
/// error unless `end`).
fn decode_multi(m: &Multi, sample: &[u8], end: bool) -> Option<String> {
    if let Some(e) = m.whatwg {
        let mut d = e.new_decoder_without_bom_handling();
        let mut out = String::with_capacity(sample.len() * 3 / 2 + 16);
        let (result, _) = d.decode_to_string_without_replacement(sample, &mut out, end);
        return match result {
            encoding_rs::DecoderResult::InputEmpty => Some(out),
            _ => None,
        };
    }
    let mut cd = Cd::open("UTF-8", m.name)?;
    let cuts = if end { 0..1 } else { 0..2 };
    cuts.filter_map(|cut| sample.len().checked_sub(cut))
        .find_map(|len| cd.all(&sample[..len]))
        .and_then(|u| String::from_utf8(u).ok())
}

/// The name glibc reads `sample` under: the encoding's own, or the first wider one that reads
/// it (Microsoft's extensions of Shift_JIS and EUC-KR, which glibc's SJIS and EUC-KR refuse).
fn glibc_name(m: &Multi, sample: &[u8], end: bool) -> &'static str {
    // glibc's EUC-KR reads bytes 80..A0 as C1 controls, where CP949 has syllables.
    let c1 = |utf8: &[u8]| {
        utf8.windows(2)
            .any(|w| w[0] == 0xC2 && (0x80..0xA0).contains(&w[1]))
    };
    let reads = |name: &str| {
        Cd::open("UTF-8", name).is_some_and(|mut cd| {
            let cuts = if end { 0..1 } else { 0..2 };
            cuts.filter_map(|cut| sample.len().checked_sub(cut))
                .find_map(|len| cd.all(&sample[..len]))
                .is_some_and(|utf8| !c1(&utf8))
        })
    };
    if m.wider.is_empty() || reads(m.name) {
        return m.name;
    }
    m.wider.iter().copied().find(|w| reads(w)).unwrap_or(m.name)
}

/// The verdict on `sample`: the best reading, and its rivals. When readings of different text
/// come within the margin, `prior` (chardetng's guess by its glibc name, asked only then: it
/// costs more than all the readings) is preferred among them.
pub fn judge(sample: &[u8], end: bool, prior: impl FnOnce() -> Option<String>) -> Option<Verdict> {
    let mut all = readings(sample, end);
    // Best first; among equals, the order of the lists.
    let top = all.iter().map(|r| r.score.total).max()?;
    let mut best_at = all.iter().position(|r| r.score.total == top)?;
    let contested = all
        .iter()
        .any(|r| r.text != all[best_at].text && r.score.total + MARGIN > top);
    if contested && let Some(p) = prior() {
        // chardetng's frequency models know the web's languages better than letter sets:
        // within the margin, its guess is the one named.
        if let Some(i) = all.iter().position(|r| r.name == p)
            && all[i].score.total + MARGIN > top
            && all[i].score.plausible()
        {
            best_at = i;
        }
    }
    let mut best = all.swap_remove(best_at);
    if let Some(m) = MULTI.iter().find(|m| m.name == best.name) {
        best.name = glibc_name(m, sample, end);
    }
    let mut near: Vec<&Reading> = all
        .iter()
        .filter(|r| r.text != best.text && r.score.total + MARGIN > best.score.total)
        .collect();
    near.sort_by_key(|r| std::cmp::Reverse(r.score.total));
    let rivals = near.iter().map(|r| r.name).collect();
    Some(Verdict { best, rivals })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The verdict on `text` in ISO-8859-15, with chardetng's usual guess for it.
    fn judge_8859_15(text: &str) -> Verdict {
        let bytes = encoding_rs::ISO_8859_15.encode(text).0;
        judge(&bytes, true, || Some("WINDOWS-1252".into())).expect("readings")
    }

    /// `œ` is ISO-8859-15's BD, Windows-1252's `½`: French with it is ISO-8859-15, clearly.
    #[test]
    fn iso_8859_15_against_windows_1252_by_the_text() {
        let v = judge_8859_15(&"Le cœur de l'œuvre est à côté, près de la forêt. ".repeat(3));
        assert_eq!(v.best.name, "ISO-8859-15");
        assert!(v.clear(), "{v:?}");
        // Without the letters where they differ, the text is the same: Windows-1252, clear.
        let v = judge_8859_15(&"Le café est à côté, près de la forêt. ".repeat(3));
        assert_eq!(v.best.name, "WINDOWS-1252");
        assert!(v.clear(), "{v:?}");
    }

    /// A lone `€` (ISO-8859-15's A4, Windows-1252's `¤`) is too little to decide on.
    #[test]
    fn a_lone_currency_sign_is_unclear() {
        let v = judge_8859_15("Prix: 5 € le café, près de la forêt, à côté de l'église.");
        assert!(!v.clear() || v.best.name == "ISO-8859-15", "{v:?}");
    }
}
