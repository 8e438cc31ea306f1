//! The inputs of the detection tests, shared with the benchmark crate's comparison with
//! simdutf: the text corpus (the lipsum files when they are beside the repository, the generated
//! ones otherwise) and texts generated here in ten scripts and hand-written French, German and
//! Spanish sentences, each in the forms it is detected in, with the answer the form gives.

use utf8x::Encoding;

use crate::corpus;
use crate::rng::Rng;

/// The five Unicode forms utf8x detects, in the order of the tables.
pub const UNICODE: [Encoding; 5] = [
    Encoding::Utf8,
    Encoding::Utf16Le,
    Encoding::Utf16Be,
    Encoding::Utf32Le,
    Encoding::Utf32Be,
];

/// `text` in `encoding` (one of [`UNICODE`]), with a leading U+FEFF when `bom`.
pub fn encode(text: &str, encoding: Encoding, bom: bool) -> Vec<u8> {
    let mut chars: Vec<char> = text.chars().collect();
    if bom {
        chars.insert(0, '\u{FEFF}');
    }
    let text: String = chars.into_iter().collect();
    match encoding {
        Encoding::Utf8 => text.into_bytes(),
        Encoding::Utf16Le => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        Encoding::Utf16Be => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        Encoding::Utf32Le => text
            .chars()
            .flat_map(|c| u32::from(c).to_le_bytes())
            .collect(),
        Encoding::Utf32Be => text
            .chars()
            .flat_map(|c| u32::from(c).to_be_bytes())
            .collect(),
        e => unreachable!("{e} is not a Unicode form"),
    }
}

pub fn bom_len(encoding: Encoding) -> usize {
    match encoding {
        Encoding::Utf8 => 3,
        Encoding::Utf16Le | Encoding::Utf16Be => 2,
        _ => 4,
    }
}

/// One input and the answer utf8x must give.
pub struct Case {
    pub name: String,
    pub bytes: Vec<u8>,
    pub want: Encoding,
}

/// Every Unicode form of `text`, with and without a byte order mark. A leading U+FEFF of the
/// text is dropped first, so that "without" really has none.
pub fn forms(name: &str, text: &str) -> Vec<Case> {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let mut cases = Vec::new();
    for encoding in UNICODE {
        for bom in [false, true] {
            let mark = if bom { "+BOM" } else { "" };
            cases.push(Case {
                name: format!("{name} {encoding}{mark}"),
                bytes: encode(text, encoding, bom),
                want: encoding,
            });
        }
    }
    cases
}

/// Every file of the corpus as it is, with the answer its name gives.
pub fn corpus_files() -> Vec<Case> {
    corpus::corpus()
        .files
        .iter()
        .map(|(name, bytes)| {
            // The corpus layout: .utf16.txt is UTF-16LE with a mark, .utf32.txt is UTF-32LE.
            let want = match name.rsplit('.').nth(1) {
                Some("utf8" | "utflatin8") => Encoding::Utf8,
                Some("utf16") => Encoding::Utf16Le,
                Some("utf32") => Encoding::Utf32Le,
                Some("latin1") => Encoding::Cp1252,
                _ => panic!("{name}: unknown form"),
            };
            Case {
                name: name.clone(),
                bytes: bytes.clone(),
                want,
            }
        })
        .collect()
}

/// Every Unicode form of each UTF-8 file of the corpus.
pub fn corpus_forms() -> Vec<Case> {
    corpus_files()
        .into_iter()
        .filter(|f| f.name.ends_with(".utf8.txt") || f.name.ends_with(".utflatin8.txt"))
        .flat_map(|f| forms(&f.name, std::str::from_utf8(&f.bytes).unwrap()))
        .collect()
}

/// Words written for these tests, per script; `""` joins the scripts written without spaces.
pub const SCRIPTS: [(&str, &str, &[&str]); 10] = [
    (
        "English",
        " ",
        &[
            "the", "small", "river", "runs", "past", "our", "old", "mill", "today",
        ],
    ),
    (
        "Russian",
        " ",
        &[
            "тихий",
            "город",
            "спит",
            "под",
            "снегом",
            "зимой",
            "и",
            "ночью",
        ],
    ),
    (
        "Greek",
        " ",
        &[
            "ο",
            "ήλιος",
            "λάμπει",
            "πάνω",
            "από",
            "τη",
            "θάλασσα",
            "σήμερα",
        ],
    ),
    (
        "Hebrew",
        " ",
        &["הילד", "קורא", "ספר", "חדש", "בבית", "הגדול", "של", "סבתא"],
    ),
    (
        "Arabic",
        " ",
        &["الولد", "يقرأ", "كتابا", "جديدا", "في", "البيت", "الكبير"],
    ),
    (
        "Hindi",
        " ",
        &["बच्चा", "नई", "किताब", "पढ़ता", "है", "और", "घर", "में"],
    ),
    (
        "Korean",
        " ",
        &["아이가", "새", "책을", "읽고", "있어요", "오늘", "집에서"],
    ),
    (
        "Chinese",
        "",
        &[
            "孩子", "在家", "读", "一本", "新书", "今天", "天气", "很好", "我们",
        ],
    ),
    (
        "Japanese",
        "",
        &[
            "子供は",
            "家で",
            "新しい",
            "本を",
            "読んで",
            "います",
            "今日は",
        ],
    ),
    (
        "Emoji",
        " ",
        &["🌊", "🚲", "🍎🍐", "⛵", "🦊", "🎈", "☕", "🌙✨"],
    ),
];

/// About `len` bytes of UTF-8 sentences made of `words`, with punctuation and line breaks.
pub fn generate(rng: &mut Rng, join: &str, words: &[&str], len: usize) -> String {
    let (stop, pause) = if join.is_empty() {
        ("。", "、")
    } else {
        (".", ",")
    };
    let mut text = String::new();
    while text.len() < len {
        for i in 0..3 + rng.below(8) {
            if i > 0 {
                text.push_str(if rng.below(6) == 0 { pause } else { join });
            }
            let word: &&str = rng.pick(words);
            text.push_str(word);
        }
        text.push_str(stop);
        text.push_str(if rng.below(4) == 0 { "\n" } else { join });
    }
    text
}

pub fn generated() -> Vec<(String, String)> {
    let mut rng = Rng::new(0xDE7EC7);
    let mut texts = Vec::new();
    for (script, join, words) in SCRIPTS {
        for len in [200, 3000, 20_000] {
            texts.push((
                format!("{script}-{len}"),
                generate(&mut rng, join, words, len),
            ));
        }
    }
    texts
}

/// Sentences written for these tests, each with letters outside ASCII; none ends with one, so
/// that the Windows-1252 form never looks like UTF-8 cut inside its last character.
pub const WESTERN: [&str; 9] = [
    "Le garçon a mangé une crêpe à la fraise près de l'église.",
    "Où est passée la clé du château ? Personne ne l'a trouvée.",
    "« Ça suffit », dit-elle en fermant la fenêtre — il était déjà trop tard.",
    "Die Straße vor dem Bäcker ist heute wegen Schnee gesperrt.",
    "Über die Brücke läuft ein großer Hund mit einem grünen Ball.",
    "Wir müssen die Übungen bis nächsten Dienstag fertig haben.",
    "El niño comió una manzana en el jardín de su abuela.",
    "¿Dónde está la estación? Está a cinco minutos de aquí.",
    "¡Qué año tan difícil! Mañana empezaré otra vez con ilusión.",
];

pub fn cp1252(text: &str) -> Vec<u8> {
    let (bytes, _, unmappable) = encoding_rs::WINDOWS_1252.encode(text);
    assert!(!unmappable, "{text}");
    bytes.into_owned()
}

/// The Windows-1252 and UTF-8 forms of each sentence, of each language's sentences together,
/// and of all of them together.
pub fn western() -> Vec<Case> {
    let mut texts: Vec<String> = WESTERN.iter().map(|s| s.to_string()).collect();
    texts.extend(WESTERN.chunks(3).map(|c| c.join(" ")));
    texts.push(WESTERN.join("\r\n").repeat(20));
    let mut cases = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        let bytes = cp1252(text);
        assert_ne!(bytes, text.as_bytes(), "{text}: nothing outside ASCII");
        cases.push(Case {
            name: format!("western[{i}] CP1252"),
            bytes,
            want: Encoding::Cp1252,
        });
        cases.push(Case {
            name: format!("western[{i}] UTF-8"),
            bytes: text.clone().into_bytes(),
            want: Encoding::Utf8,
        });
        // With the terminator of a C string: one `00` byte is not UTF-16.
        cases.push(Case {
            name: format!("western[{i}] CP1252+NUL"),
            bytes: [cp1252(text).as_slice(), b"\0"].concat(),
            want: Encoding::Cp1252,
        });
        cases.push(Case {
            name: format!("western[{i}] UTF-8+NUL"),
            bytes: format!("{text}\0").into_bytes(),
            want: Encoding::Utf8,
        });
    }
    cases
}
