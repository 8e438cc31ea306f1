//! Byte order marks and encoding detection (`utf8x::bom`, `utf8x::detect`).
//!
//! Oracles: std's encoders (`str::encode_utf16`, `chars`) make the UTF-16 and UTF-32 forms of
//! each text, so the right answer is the form that was made; encoding_rs makes the Windows-1252
//! texts. Inputs: the text corpus of tests/support/corpus.rs (the lipsum files when they are beside
//! the repository, the generated ones otherwise), texts generated here in ten
//! scripts, hand-written French, German and Spanish sentences, and proptest strings. simdutf's
//! detection runs on the same inputs and its differences are printed, not asserted.

use crate::support::corpus;

use crate::support::rng::Rng;
use proptest::prelude::*;
use utf8x::Encoding;

/// The five Unicode forms utf8x detects, in the order of the tables.
const UNICODE: [Encoding; 5] = [
    Encoding::Utf8,
    Encoding::Utf16Le,
    Encoding::Utf16Be,
    Encoding::Utf32Le,
    Encoding::Utf32Be,
];

/// `text` in `encoding` (one of [`UNICODE`]), with a leading U+FEFF when `bom`.
fn encode(text: &str, encoding: Encoding, bom: bool) -> Vec<u8> {
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

fn bom_len(encoding: Encoding) -> usize {
    match encoding {
        Encoding::Utf8 => 3,
        Encoding::Utf16Le | Encoding::Utf16Be => 2,
        _ => 4,
    }
}

/// One input and the answer utf8x must give.
struct Case {
    name: String,
    bytes: Vec<u8>,
    want: Encoding,
}

/// Every Unicode form of `text`, with and without a byte order mark. A leading U+FEFF of the
/// text is dropped first, so that "without" really has none.
fn forms(name: &str, text: &str) -> Vec<Case> {
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

/// Checks each case, the mark of those that have one, and returns how many were checked.
fn check(cases: &[Case]) -> usize {
    let mut wrong = Vec::new();
    for case in cases {
        let got = utf8x::detect(&case.bytes);
        if got != case.want {
            wrong.push(format!("{}: detected {got}, want {}", case.name, case.want));
        }
        if case.name.ends_with("+BOM") {
            assert_eq!(
                utf8x::bom(&case.bytes),
                Some((case.want, bom_len(case.want))),
                "{}",
                case.name
            );
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    cases.len()
}

/// Every file of the corpus as it is, with the answer its name gives.
fn corpus_files() -> Vec<Case> {
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
fn corpus_forms() -> Vec<Case> {
    corpus_files()
        .into_iter()
        .filter(|f| f.name.ends_with(".utf8.txt") || f.name.ends_with(".utflatin8.txt"))
        .flat_map(|f| forms(&f.name, std::str::from_utf8(&f.bytes).unwrap()))
        .collect()
}

#[test]
fn corpus_every_form() {
    let n = check(&corpus_forms()) + check(&corpus_files());
    println!("{n} corpus cases");
}

/// Words written for these tests, per script; `""` joins the scripts written without spaces.
const SCRIPTS: [(&str, &str, &[&str]); 10] = [
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
fn generate(rng: &mut Rng, join: &str, words: &[&str], len: usize) -> String {
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

fn generated() -> Vec<(String, String)> {
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

#[test]
fn generated_texts_every_form() {
    let cases: Vec<Case> = generated()
        .iter()
        .flat_map(|(name, text)| forms(name, text))
        .collect();
    println!("{} generated cases", check(&cases));
}

/// Sentences written for these tests, each with letters outside ASCII; none ends with one, so
/// that the Windows-1252 form never looks like UTF-8 cut inside its last character.
const WESTERN: [&str; 9] = [
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

fn cp1252(text: &str) -> Vec<u8> {
    let (bytes, _, unmappable) = encoding_rs::WINDOWS_1252.encode(text);
    assert!(!unmappable, "{text}");
    bytes.into_owned()
}

/// The Windows-1252 and UTF-8 forms of each sentence, of each language's sentences together,
/// and of all of them together.
fn western() -> Vec<Case> {
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

#[test]
fn western_cp1252_and_utf8() {
    println!("{} Western cases", check(&western()));
    // Windows-1252 for its own sake: the quotes, dashes and euro of the 80..9F range.
    let typographic = cp1252("Il a payé 20 € — « très cher » … n’est-ce pas ? Oui.");
    assert_eq!(utf8x::detect(&typographic), Encoding::Cp1252);
}

/// Hand-picked inputs at the edges of each rule.
#[test]
fn edges() {
    use Encoding::*;
    let cases: &[(&[u8], Encoding)] = &[
        (b"", Utf8),
        (b"plain ASCII", Utf8),
        // Valid UTF-8 cut inside its last character is still UTF-8: the pinned rule, even where
        // the bytes were meant as Windows-1252 ("caf\xE9" is café there).
        (b"caf\xE9", Utf8),
        (b"\xE2\x82", Utf8),
        (b"\xF0\x9F\x98", Utf8),
        (b"caf\xE9 au lait", Cp1252),
        (b"\xFF", Cp1252),
        (b"Gr\xFC\xDFe\0", Cp1252),
        (b"Gr\xFC\xDFe!\0", Cp1252),
        (b"\x80abc", Cp1252),
        // `00` bytes alone do not make UTF-16: C strings with their terminators stay UTF-8.
        (b"hello world\0", Utf8),
        (b"hello\0world\0", Utf8),
        (b"one\0two\0three\0four\0", Utf8),
        (&[0; 16], Utf8),
        (b"h\0i\0", Utf16Le),
        (b"\0h\0i", Utf16Be),
        (b"h\0i\0!", Utf16Le),
        (b"a\0\0\0", Utf32Le),
        (b"\0\0\0a", Utf32Be),
        (b"a\0\0\0b\0\0\0c\0", Utf32Le),
        // Marks.
        (b"\xEF\xBB\xBF", Utf8),
        (b"\xEF\xBB\xBF\xFF", Utf8),
        (b"\xFF\xFE", Utf16Le),
        (b"\xFE\xFF", Utf16Be),
        (b"\xFF\xFE\0\0", Utf32Le),
        (b"\0\0\xFE\xFF", Utf32Be),
        (b"\xFF\xFE\0\0a\0\0\0", Utf32Le),
        // FF FE 00 00 then UTF-16LE, not UTF-32LE: a UTF-16LE mark and U+0000.
        (b"\xFF\xFE\0\0a\0b\0", Utf16Le),
        (b"\xFF\xFE\0\0a\0", Utf16Le),
    ];
    for &(bytes, want) in cases {
        assert_eq!(utf8x::detect(bytes), want, "{bytes:02X?}");
    }
    assert_eq!(utf8x::bom(b""), None);
    assert_eq!(utf8x::bom(b"\xEF\xBB"), None);
    assert_eq!(utf8x::bom(b"\xFF"), None);
    assert_eq!(utf8x::bom(b"\0\0\xFE"), None);
    assert_eq!(utf8x::bom(b"\xFF\xFE\0"), Some((Utf16Le, 2)));
    assert_eq!(utf8x::bom(b"\xFF\xFE\0\0"), Some((Utf32Le, 4)));
    assert_eq!(utf8x::bom(b"\xFE\xFF\0\0"), Some((Utf16Be, 2)));
    assert_eq!(utf8x::bom(b"\xBB\xBF"), None);
}

/// Prefixes of each form cut at any byte, as a reader with a fixed-size buffer sees them: from
/// 512 bytes on, every cut of every generated text still detects as the form it came from.
#[test]
fn cut_prefixes() {
    let mut rng = Rng::new(7);
    let mut wrong = Vec::new();
    let mut n = 0;
    for (name, text) in generated().iter().filter(|(n, _)| n.ends_with("-20000")) {
        for case in forms(name, text) {
            for _ in 0..40 {
                let cut = 512 + rng.below(case.bytes.len() - 512);
                let got = utf8x::detect(&case.bytes[..cut]);
                n += 1;
                if got != case.want {
                    wrong.push(format!("{} cut at {cut}: {got}", case.name));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    println!("{n} cut prefixes");
}

/// Windows of 64 characters of each generated text in UTF-16 without a mark: enough for the
/// statistics, even with no `00` byte (CJK).
#[test]
fn utf16_windows_of_64_characters() {
    let mut rng = Rng::new(64);
    let mut wrong = Vec::new();
    let mut n = 0;
    for (name, text) in generated().iter().filter(|(n, _)| n.ends_with("-3000")) {
        let chars: Vec<char> = text.chars().collect();
        for _ in 0..20 {
            let start = rng.below(chars.len() - 64);
            let window: String = chars[start..start + 64].iter().collect();
            for encoding in [Encoding::Utf16Le, Encoding::Utf16Be] {
                let bytes = encode(&window, encoding, false);
                let got = utf8x::detect(&bytes);
                n += 1;
                if got != encoding {
                    wrong.push(format!("{name} at {start} in {encoding}: {got}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    println!("{n} windows");
}

/// Strings proptest makes: any character but U+0000.
fn no_nul() -> impl Strategy<Value = String> {
    any::<String>().prop_map(|s| s.replace('\0', ""))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Valid UTF-8 without `00` is UTF-8, whole and cut anywhere inside its last character.
    #[test]
    fn utf8_without_nul_is_utf8(s in no_nul()) {
        prop_assert_eq!(utf8x::detect(s.as_bytes()), Encoding::Utf8);
        if let Some(last) = s.chars().next_back() {
            let start = s.len() - last.len_utf8();
            for cut in start + 1..s.len() {
                prop_assert_eq!(utf8x::detect(&s.as_bytes()[..cut]), Encoding::Utf8);
            }
        }
    }

    /// A mark decides, whatever follows it (but U+0000 right after `FF FE`, which reads as the
    /// UTF-32LE mark).
    #[test]
    fn a_mark_decides(s in any::<String>(), which in 0..UNICODE.len()) {
        let encoding = UNICODE[which];
        prop_assume!(!(encoding == Encoding::Utf16Le && s.starts_with('\0')));
        let bytes = encode(&s, encoding, true);
        prop_assert_eq!(utf8x::bom(&bytes), Some((encoding, bom_len(encoding))));
        prop_assert_eq!(utf8x::detect(&bytes), encoding);
    }

    /// Any bytes: an answer among the six, never a panic; and the mark, when there is one.
    #[test]
    fn any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let got = utf8x::detect(&bytes);
        prop_assert!(UNICODE.contains(&got) || got == Encoding::Cp1252);
        if let Some((encoding, _)) = utf8x::bom(&bytes) {
            prop_assert!(got == encoding || (encoding, got) == (Encoding::Utf32Le, Encoding::Utf16Le));
        }
    }
}

/// simdutf's single answer, in utf8x's names ("-" when it has none).
fn simdutf_single(bytes: &[u8]) -> String {
    name_of(simdutf::autodetect_single_encoding(bytes))
}

fn name_of(set: simdutf::Encoding) -> String {
    use simdutf::Encoding as S;
    let names = [
        (S::UTF8, "UTF-8"),
        (S::UTF16_LE, "UTF-16LE"),
        (S::UTF16_BE, "UTF-16BE"),
        (S::UTF32_LE, "UTF-32LE"),
        (S::UTF32_BE, "UTF-32BE"),
    ];
    let found: Vec<&str> = names
        .iter()
        .filter(|(bit, _)| set.contains(*bit))
        .map(|(_, n)| *n)
        .collect();
    if found.is_empty() {
        "-".into()
    } else {
        found.join("|")
    }
}

/// Both detectors on every input of this file: a table of where they differ. Only utf8x's
/// answers are asserted (by the other tests); this one documents simdutf's.
#[test]
fn compare_with_simdutf() {
    let mut cases = western();
    for (name, text) in generated() {
        cases.extend(forms(&name, &text));
    }
    cases.extend(corpus_forms());
    cases.extend(corpus_files());
    for (i, text) in ["caf\u{E9}\u{20AC}", "\u{1F600}"].iter().enumerate() {
        let bytes = text.as_bytes();
        cases.push(Case {
            name: format!("cut UTF-8 [{i}]"),
            bytes: bytes[..bytes.len() - 1].to_vec(),
            want: Encoding::Utf8,
        });
    }
    let mut differ = Vec::new();
    for case in &cases {
        let ours = utf8x::detect(&case.bytes);
        assert_eq!(ours, case.want, "{}", case.name);
        let single = simdutf_single(&case.bytes);
        if single != ours.name() {
            let set = name_of(simdutf::autodetect_encodings(&case.bytes));
            differ.push((case.name.clone(), ours.name(), single, set));
        }
    }
    println!(
        "utf8x and simdutf on {} inputs; they differ on {}:",
        cases.len(),
        differ.len()
    );
    println!("| input | utf8x | simdutf autodetect | simdutf detect_encodings |");
    println!("|---|---|---|---|");
    for (name, ours, single, set) in &differ {
        println!("| {name} | {ours} | {single} | {set} |");
    }
}
