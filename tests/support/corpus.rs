//! The multilingual text corpus of the tests and the benchmark.
//!
//! Two sources, one layout. The published benchmark numbers are measured on the lipsum corpus
//! (the simdutf benchmark inputs: nine scripts as `<Script>-Lipsum.utf8.txt`, `.utf16.txt` with
//! one added byte order mark, `.utf32.txt`, plus `ASCII-Lipsum.utf8.txt` and the French pair
//! `french.latin1.txt` / `french.utflatin8.txt`). It is not part of this repository: it is read
//! from a `shared/data/lipsum` directory beside the checkout, or from `$UTF8X_LIPSUM`, when one
//! exists. Otherwise the same kinds of file are generated here, deterministically, so that a
//! clone with nothing beside it runs every test and the benchmark: pseudo-random words from
//! per-script alphabets and syllables (no text is copied from anywhere), with the character
//! classes and sizes of the lipsum files.
//!
//! A module of the tests' support crate, also included on its own by the CLI, so it depends on
//! nothing but std and holds its seeded generator.

// The CLI uses part of it.
#![allow(dead_code)]

/// The one deterministic generator of the test suites (xorshift64*): seedable, so failures
/// reproduce, and independent of proptest. The tests reach it as `support::rng`.
pub mod rng {
    pub struct Rng(u64);

    impl Rng {
        pub fn new(seed: u64) -> Rng {
            Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
        }

        // A generator's step, not an iterator: it never ends.
        #[allow(clippy::should_implement_trait)]
        pub fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }

        /// Uniform-ish in `0..n` (0 when `n` is 0).
        pub fn below(&mut self, n: usize) -> usize {
            (self.next() % n.max(1) as u64) as usize
        }

        /// Uniform-ish in `lo..=hi`.
        pub fn range(&mut self, lo: u32, hi: u32) -> u32 {
            lo + (self.next() % u64::from(hi - lo + 1)) as u32
        }

        pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
            &items[self.below(items.len())]
        }
    }
}

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use rng::Rng;

/// The generated scripts, by character class: 1-byte, mostly 1-byte with some 2-byte letters,
/// 2-byte alphabets, 3-byte abugida and ideographs, 4-byte emoji, and everything mixed.
pub const SCRIPTS: [&str; 11] = [
    "ASCII",
    "Accented",
    "Cyrillic",
    "Greek",
    "Arabic",
    "Hebrew",
    "Devanagari",
    "CJK",
    "Hangul",
    "Emoji",
    "Mixed",
];

/// Bytes of UTF-8 per generated text: within the 64–105 KiB of the lipsum files, so that a
/// benchmark row measures the same kind of working set whichever corpus it runs on.
pub const SIZE: usize = 80 * 1024;

/// The generated script whose text Latin-1 can hold: it is also written as `.latin1.txt`.
pub const LATIN1_SCRIPT: &str = "Accented";

/// Where the lipsum corpus would be: `$UTF8X_LIPSUM`, else `shared/data/lipsum` beside the
/// repository. The repository root is found from the crate that includes this file (the root
/// crate, `cli/` or `iconv-preload/`) as the nearest directory holding this very file.
pub fn lipsum_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("UTF8X_LIPSUM") {
        return PathBuf::from(dir);
    }
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = manifest
        .ancestors()
        .find(|dir| dir.join("tests/support/corpus.rs").is_file())
        .unwrap_or(manifest);
    root.join("../shared/data/lipsum")
}

/// The corpus files, all read or generated once per process.
pub struct Corpus {
    /// The lipsum directory when the files are its files; `None` when they were generated.
    pub lipsum: Option<PathBuf>,
    /// Every file as (name, bytes), sorted by name.
    pub files: Vec<(String, Vec<u8>)>,
    /// The generated files, once written to disk by [`Corpus::dir`].
    written: OnceLock<PathBuf>,
}

/// The corpus: the lipsum files when they are there, else the generated ones, said once per
/// process on stderr (past the test harness's capture, so a passing run shows it too).
pub fn corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let dir = lipsum_dir();
        match read_lipsum(&dir) {
            Some(files) => Corpus {
                lipsum: Some(dir),
                files,
                written: OnceLock::new(),
            },
            None => {
                let _ = writeln!(
                    std::io::stderr(),
                    "note: no lipsum corpus at {}; using the generated corpus \
                     (tests/support/corpus.rs) instead",
                    dir.display()
                );
                Corpus {
                    lipsum: None,
                    files: generated_files(),
                    written: OnceLock::new(),
                }
            }
        }
    })
}

/// The `.txt` files of `dir`, or `None` when it has no UTF-8 file (absent or empty).
fn read_lipsum(dir: &Path) -> Option<Vec<(String, Vec<u8>)>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).ok()? {
        let path = entry.ok()?.path();
        let name = path.file_name()?.to_str()?.to_owned();
        if name.ends_with(".txt") {
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            files.push((name, bytes));
        }
    }
    files.sort();
    files
        .iter()
        .any(|(name, _)| name.ends_with(".utf8.txt"))
        .then_some(files)
}

impl Corpus {
    /// "lipsum corpus (<dir>)" or "generated corpus": for headers and messages.
    pub fn origin(&self) -> String {
        match &self.lipsum {
            Some(dir) => format!("lipsum corpus ({})", dir.display()),
            None => "generated corpus (tests/support/corpus.rs)".to_owned(),
        }
    }

    /// The files whose name ends with `suffix`, as (name, bytes).
    pub fn ending(&self, suffix: &str) -> Vec<(&str, &[u8])> {
        self.files
            .iter()
            .filter(|(name, _)| name.ends_with(suffix))
            .map(|(name, bytes)| (name.as_str(), bytes.as_slice()))
            .collect()
    }

    /// The file called `name`.
    pub fn get(&self, name: &str) -> Option<&[u8]> {
        self.files
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, bytes)| bytes.as_slice())
    }

    /// Every `.utf8.txt` file as (script, text); the script is the name up to its first `-`.
    pub fn texts(&self) -> Vec<(&str, &str)> {
        self.ending(".utf8.txt")
            .into_iter()
            .map(|(name, bytes)| {
                let text = std::str::from_utf8(bytes)
                    .unwrap_or_else(|e| panic!("{name} is not UTF-8: {e}"));
                (name.split(['-', '.']).next().unwrap_or(name), text)
            })
            .collect()
    }

    /// The names of the Latin-1 file and of the same text in UTF-8.
    pub fn latin1_pair(&self) -> (String, String) {
        match self.lipsum {
            Some(_) => ("french.latin1.txt".into(), "french.utflatin8.txt".into()),
            None => (
                format!("{LATIN1_SCRIPT}-Generated.latin1.txt"),
                format!("{LATIN1_SCRIPT}-Generated.utf8.txt"),
            ),
        }
    }

    /// A directory holding the files, for tests of programs that read files: the lipsum
    /// directory itself, or one under the system's temporary directory that the generated files
    /// are written to. That one is shared by every run and test binary rather than made per
    /// process, so that runs leave no pile of copies behind; each file is written under a name
    /// of its own and renamed into place, so that parallel binaries never see half a file.
    pub fn dir(&self) -> &Path {
        if let Some(dir) = &self.lipsum {
            return dir;
        }
        self.written.get_or_init(|| {
            let dir = std::env::temp_dir().join("utf8x-generated-corpus");
            std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
            for (name, bytes) in &self.files {
                let path = dir.join(name);
                if std::fs::read(&path).is_ok_and(|old| old == *bytes) {
                    continue;
                }
                let part = dir.join(format!("{name}.{}", std::process::id()));
                std::fs::write(&part, bytes)
                    .and_then(|()| std::fs::rename(&part, &path))
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            }
            dir
        })
    }
}

/// Every generated text in the lipsum layout: `<Script>-Generated.utf8.txt`, the `.utf16.txt`
/// form (UTF-16LE with one added byte order mark) and the `.utf32.txt` form (UTF-32LE), plus the
/// Latin-1 form of [`LATIN1_SCRIPT`].
pub fn generated_files() -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for script in SCRIPTS {
        let text = generate(script, SIZE);
        let stem = format!("{script}-Generated");
        let utf16 = [0xFEFF]
            .into_iter()
            .chain(text.encode_utf16())
            .flat_map(u16::to_le_bytes)
            .collect();
        let utf32 = text
            .chars()
            .flat_map(|c| u32::from(c).to_le_bytes())
            .collect();
        if script == LATIN1_SCRIPT {
            let latin1 = text
                .chars()
                .map(|c| u8::try_from(c).expect("Latin-1"))
                .collect();
            files.push((format!("{stem}.latin1.txt"), latin1));
        }
        files.push((format!("{stem}.utf16.txt"), utf16));
        files.push((format!("{stem}.utf32.txt"), utf32));
        files.push((format!("{stem}.utf8.txt"), text.into_bytes()));
    }
    files.sort();
    files
}

/// A text of `script` (one of [`SCRIPTS`]) of at most `bytes` bytes of UTF-8: paragraphs of
/// sentences of pseudo-random words, ending with a newline. The seed is fixed per script, so the
/// same arguments give the same text on every machine, and a shorter text is a prefix-like
/// sample of the same language.
pub fn generate(script: &str, bytes: usize) -> String {
    let index = SCRIPTS
        .iter()
        .position(|s| *s == script)
        .unwrap_or_else(|| panic!("unknown script {script}"));
    let mut rng = Rng::new(0x1AB5_0000 + index as u64);
    if bytes == 0 {
        return String::new();
    }
    let mut out = String::with_capacity(bytes);
    // Room for the closing newline.
    let limit = bytes.saturating_sub(1);
    'text: loop {
        for _ in 0..rng.range(3, 7) {
            let words = rng.range(4, 14);
            for w in 0..words {
                // The mixed text changes script every word or two.
                let s = if script == "Mixed" {
                    SCRIPTS[rng.below(SCRIPTS.len() - 1)]
                } else {
                    script
                };
                let mut word = word(&mut rng, s);
                if w == 0 {
                    word = capitalize(&word);
                }
                let last = w + 1 == words;
                let tail = punctuation(&mut rng, s, last);
                if out.len() + word.len() + tail.len() > limit {
                    break 'text;
                }
                out.push_str(&word);
                out.push_str(tail);
            }
        }
        if out.len() + 2 > limit {
            break;
        }
        // A paragraph ends: drop the space the last sentence left.
        if out.ends_with(' ') {
            out.pop();
        }
        out.push_str("\n\n");
    }
    while out.ends_with([' ', '\n']) {
        out.pop();
    }
    out.push('\n');
    out
}

fn capitalize(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        // Only where the capital keeps the script and the length class of the text.
        Some(c) if c.is_alphabetic() && c.to_uppercase().count() == 1 => {
            c.to_uppercase().chain(chars).collect()
        }
        _ => word.to_owned(),
    }
}

/// What follows a word: a space, a comma, or at the end of a sentence its full stop, each in the
/// script's own punctuation (the ideographic scripts write no space between words).
fn punctuation(rng: &mut Rng, script: &str, last: bool) -> &'static str {
    let r = rng.below(100);
    match (script, last) {
        ("CJK", false) if r < 15 => "，",
        ("CJK", false) => "",
        ("CJK", true) => "。",
        ("Emoji", false) if r < 40 => " ",
        ("Emoji", _) => "",
        ("Arabic", false) if r < 8 => "، ",
        ("Arabic", true) if r < 20 => "؟ ",
        ("Devanagari", true) => "। ",
        ("Greek", true) if r < 15 => "; ",
        (_, false) if r < 8 => ", ",
        (_, true) if r < 10 => "? ",
        (_, true) if r < 15 => "! ",
        (_, true) => ". ",
        _ => " ",
    }
}

fn pick(rng: &mut Rng, letters: &str) -> char {
    let n = letters.chars().count();
    letters.chars().nth(rng.below(n)).unwrap_or(' ')
}

/// One word of `script`, built from its letters or syllables.
fn word(rng: &mut Rng, script: &str) -> String {
    let mut w = String::new();
    match script {
        "ASCII" | "Accented" | "Cyrillic" | "Greek" => {
            let (consonants, vowels, rare_vowels) = match script {
                "ASCII" => ("bcdfghlmnprstvbcdlmnprst", "aeiouaeioy", ""),
                "Accented" => (
                    "bcdfghlmnprstvbcdfglmnprstvçñß",
                    "aeiouaeiou",
                    "éèêàâîïôöùûüëäáíóú",
                ),
                "Cyrillic" => ("бвгджзклмнпрстфхцчшщй", "аеиоуыэюяё", "ьъ"),
                _ => ("βγδζθκλμνξπρστφχψ", "αεηιουω", "άέήίόύώϊϋ"),
            };
            for _ in 0..rng.range(1, 4) {
                if rng.below(4) != 0 {
                    w.push(pick(rng, consonants));
                }
                if !rare_vowels.is_empty() && rng.below(12) == 0 {
                    w.push(pick(rng, rare_vowels));
                } else {
                    w.push(pick(rng, vowels));
                }
                if rng.below(3) == 0 {
                    w.push(pick(rng, consonants));
                }
            }
            if script == "Greek" && w.ends_with('σ') {
                w.pop();
                w.push('ς');
            }
            // Rare digits, as in any prose.
            if rng.below(60) == 0 {
                w = rng.range(1, 2024).to_string();
            }
        }
        "Arabic" => {
            for _ in 0..rng.range(2, 7) {
                w.push(pick(rng, "ابتثجحخدذرزسشصضطظعغفقكلمنهويأإءى"));
            }
            if rng.below(5) == 0 {
                w.push(pick(rng, "ةى"));
            }
            if rng.below(80) == 0 {
                w = (0..rng.range(1, 4))
                    .map(|_| pick(rng, "٠١٢٣٤٥٦٧٨٩"))
                    .collect();
            }
        }
        "Hebrew" => {
            for _ in 0..rng.range(2, 6) {
                w.push(pick(rng, "אבגדהוזחטיכלמנסעפצקרשת"));
            }
            // The final forms of five letters.
            let last = w.pop().unwrap_or('א');
            let final_form = match last {
                'כ' => 'ך',
                'מ' => 'ם',
                'נ' => 'ן',
                'פ' => 'ף',
                'צ' => 'ץ',
                c => c,
            };
            w.push(final_form);
        }
        "Devanagari" => {
            if rng.below(6) == 0 {
                w.push(pick(rng, "अआइईउऊएऐओऔ"));
            }
            let consonants = "कखगघचछजझटठडढणतथदधनपफबभमयरलवशषसह";
            for _ in 0..rng.range(1, 4) {
                w.push(pick(rng, consonants));
                if rng.below(8) == 0 {
                    // A conjunct: virama and a second consonant.
                    w.push('\u{94D}');
                    w.push(pick(rng, consonants));
                }
                if rng.below(5) < 3 {
                    w.push(pick(
                        rng,
                        "\u{93E}\u{93F}\u{940}\u{941}\u{942}\u{947}\u{948}\u{94B}\u{94C}",
                    ));
                }
                if rng.below(15) == 0 {
                    w.push('\u{902}');
                }
            }
            if rng.below(100) == 0 {
                w = (0..rng.range(1, 4))
                    .map(|_| pick(rng, "०१२३४५६७८९"))
                    .collect();
            }
        }
        "CJK" => {
            for _ in 0..rng.range(1, 3) {
                let c = if rng.below(6) == 0 {
                    // Kana, as Japanese writes between its ideographs.
                    rng.range(0x3041, 0x3093)
                } else {
                    rng.range(0x4E00, 0x9FA5)
                };
                w.push(char::from_u32(c).unwrap_or('中'));
            }
        }
        "Hangul" => {
            for _ in 0..rng.range(1, 4) {
                w.push(char::from_u32(rng.range(0xAC00, 0xD7A3)).unwrap_or('가'));
            }
        }
        "Emoji" => {
            const BLOCKS: [(u32, u32); 4] = [
                (0x1F300, 0x1F5FF),
                (0x1F600, 0x1F64F),
                (0x1F680, 0x1F6FF),
                (0x1F900, 0x1F9FF),
            ];
            for _ in 0..rng.range(1, 6) {
                let (lo, hi) = BLOCKS[rng.below(BLOCKS.len())];
                w.push(char::from_u32(rng.range(lo, hi)).unwrap_or('😀'));
                match rng.below(30) {
                    // A skin tone modifier, or a BMP symbol with its emoji variation selector:
                    // the sequences real emoji text carries.
                    0 => w.push(char::from_u32(rng.range(0x1F3FB, 0x1F3FF)).unwrap_or('🏽')),
                    1 => w.push_str("\u{2764}\u{FE0F}"),
                    _ => {}
                }
            }
        }
        _ => panic!("no alphabet for {script}"),
    }
    w
}
