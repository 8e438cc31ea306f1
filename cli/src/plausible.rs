//! The plausibility model detection weighs each reading of a file with, and the gate that
//! lets `fix` and `-f auto` convert only text that passes it: letters make words, symbols do
//! not sit inside words, capitals start words (or fill them), controls do not occur, and the
//! letters are those of a language written in the encoding, its most frequent ones most of all.
//!
//! A language's model is its letters outside ASCII, lowercase, the most frequent first (written
//! down from the languages' alphabets, not learnt from any corpus); the CJK languages count the
//! characters of their national standards' first level (the common ones) more than the rest,
//! and each other's scripts against them. Scores are sums over characters outside ASCII, so
//! that two readings which differ in a few bytes are told apart by exactly those bytes.

use std::sync::OnceLock;

/// A letter among a language's most frequent outside ASCII.
const COMMON: i32 = 3;
/// Another letter of the language.
const LETTER: i32 = 2;
/// A letter of another language written in the same code page.
const NEIGHBOUR: i32 = 1;
/// A letter no language of the code page uses: another code page's letter read through this one.
const FOREIGN: i32 = -2;
/// A capital right after a small letter: case swapped (KOI8-R read as CP1251).
const MIXED_CASE: i32 = -3;
/// A letter right after a letter of another script (Greek or Cyrillic inside a Latin word):
/// a code page of another script, or Big5's ASCII trail bytes after TIS-620's Thai.
const MIXED_SCRIPT: i32 = -3;
/// Two CJK characters with a space between them: Korean puts spaces between words, Chinese
/// and Japanese do not (Korean read as GBK is common hanzi, but spaced).
const SPACED: i64 = -2;
/// A symbol with letters on both sides (CP850's `é` read as Windows-1252's `‚`).
const INSIDE_WORD: i32 = -6;
/// A control character outside ASCII (C1), which no text has.
const CONTROL: i32 = -8;
/// A symbol that text rarely has: `¤`, `¦`, `¨`, `´`, `¸`, spacing accents.
const RARE: i32 = -1;

/// A language: its letters outside ASCII (lowercase), the frequent ones apart.
pub struct Language {
    common: &'static str,
    rest: &'static str,
    /// Whole blocks of letters (scripts whose every letter is the language's).
    blocks: &'static [(char, char)],
}

/// A language of the Latin or Cyrillic script (`_name` labels the list where it is declared).
const fn lang(_name: &'static str, common: &'static str, rest: &'static str) -> Language {
    Language {
        common,
        rest,
        blocks: &[],
    }
}

pub const FR: Language = lang("French", "éèàêç", "âîôûëïüùœæÿ");
pub const DE: Language = lang("German", "äöüß", "");
pub const ES: Language = lang("Spanish", "áéíóñú", "ü");
pub const PT: Language = lang("Portuguese", "ãçéáõóíêâú", "àôü");
pub const IT: Language = lang("Italian", "àèéìòù", "íóúî");
pub const CA: Language = lang("Catalan", "àèéíòóúç", "ïü");
pub const NL: Language = lang("Dutch", "ëéï", "èöüáóêç");
pub const DA: Language = lang("Danish/Norwegian", "æøå", "é");
pub const SV: Language = lang("Swedish", "äåö", "é");
pub const FI: Language = lang("Finnish", "äö", "åšž");
pub const IS: Language = lang("Icelandic", "áéíóúýþæöð", "");
pub const ET: Language = lang("Estonian", "äõöü", "šž");
pub const GA: Language = lang("Irish", "áéíóú", "");
pub const SQ: Language = lang("Albanian", "çë", "");
pub const TR: Language = lang("Turkish", "çğışöü", "âîû");
pub const PL: Language = lang("Polish", "ąęółśżć", "ńź");
pub const CS: Language = lang("Czech", "áéíýčřšžě", "ďňóťúů");
pub const SK: Language = lang("Slovak", "áéíýčšžô", "äďĺľňóŕťú");
pub const HU: Language = lang("Hungarian", "áéíóöőüű", "ú");
pub const SL: Language = lang("Slovene", "čšž", "ćđ");
pub const HR: Language = lang("Croatian", "čćđšž", "");
pub const RO: Language = lang("Romanian", "ăâîșşțţ", "");
pub const LT: Language = lang("Lithuanian", "ąčęėįšųūž", "");
pub const LV: Language = lang("Latvian", "āčēģīķļņšūž", "");
pub const MT: Language = lang("Maltese", "ċġħż", "àèìòù");
pub const EO: Language = lang("Esperanto", "ĉĝĥĵŝŭ", "");
pub const RU: Language = lang("Russian", "оеаинтсрвлкмдпу", "яыьгзбчйхжшюцщэфъё");
pub const UK: Language = lang("Ukrainian", "оаніевртсклидмуп", "язбгчйхжшюцщфьєїґ");
pub const BE: Language = lang("Belarusian", "аоеныіртвлскдмпу", "язбгчйхжшўцфьэёю");
pub const BG: Language = lang("Bulgarian", "оаеинтрсвлкдпмз", "ягбчъуйжшцфхщью");
pub const SR: Language = lang("Serbian", "аиоенртсјвлкдмпу", "зцгбчшђћжфхљњџ");
pub const MK: Language = lang("Macedonian", "аеионтрсвлкдпмј", "зцгбчшѓќжфхљњџѕу");
pub const EL: Language = Language {
    common: "ατοενισκρπμλυηςδάέίόύήώ",
    rest: "βγζθξφχψωϊϋΐΰ",
    blocks: &[],
};
pub const HE: Language = Language {
    common: "",
    rest: "",
    blocks: &[('\u{5D0}', '\u{5EA}'), ('\u{5B0}', '\u{5C7}')],
};
pub const AR: Language = Language {
    common: "",
    rest: "پچژگکی",
    blocks: &[('\u{621}', '\u{652}')],
};
pub const TH: Language = Language {
    common: "",
    rest: "",
    blocks: &[('\u{E01}', '\u{E5B}')],
};

/// The languages written in Windows-1252 and the other Western code pages.
pub const WESTERN: &[&Language] = &[
    &FR, &DE, &ES, &PT, &IT, &CA, &NL, &DA, &SV, &FI, &IS, &ET, &GA, &SQ,
];
pub const CENTRAL: &[&Language] = &[&PL, &CS, &SK, &HU, &SL, &HR, &RO, &DE, &SQ];
pub const SOUTH_EAST: &[&Language] = &[&RO, &PL, &HU, &HR, &SL, &DE, &FR, &IT, &SQ];
pub const TURKISH: &[&Language] = &[&TR, &FR, &DE, &ES, &PT, &IT, &NL, &SV, &FI];
pub const BALTIC: &[&Language] = &[&LT, &LV, &ET, &PL, &DE, &FI, &SV, &DA];
pub const NORDIC: &[&Language] = &[&IS, &FI, &SV, &DA, &ET, &LT, &LV, &DE];
pub const SOUTH: &[&Language] = &[&MT, &EO, &TR, &DE, &FR, &IT, &ES];
pub const CYRILLIC: &[&Language] = &[&RU, &UK, &BE, &BG, &SR, &MK];
pub const GREEK: &[&Language] = &[&EL];
pub const HEBREW: &[&Language] = &[&HE];
pub const ARABIC: &[&Language] = &[&AR];
pub const THAI: &[&Language] = &[&TH];

impl Language {
    /// The weight of a lowercase letter in this language: 0 when it is not the language's.
    fn weight(&self, c: char) -> i32 {
        // A walk over a few letters: cheaper than `str::contains`'s substring search, which
        // made most of the cost of building the models.
        let has = |list: &str| list.chars().any(|x| x == c);
        if has(self.common) || self.blocks.iter().any(|&(a, z)| (a..=z).contains(&c)) {
            COMMON
        } else if has(self.rest) {
            LETTER
        } else {
            0
        }
    }
}

/// A CJK language, weighed by its national standard's characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cjk {
    Japanese,
    Chinese,
    Korean,
}

/// How a reading of a file scores: the sum of its characters' weights outside ASCII under the
/// language that fits best, how many there were, and how many were symbols inside words or
/// controls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub total: i64,
    pub chars: u64,
    pub odd: u64,
}

impl Score {
    /// Text in the language: letters of it (one point and more per character on average) and
    /// at most one odd character in fifty.
    pub fn plausible(&self) -> bool {
        self.chars > 0 && self.total >= self.chars as i64 && self.odd * 50 <= self.chars
    }
}

/// What a character is, for the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A letter (or a mark of a script's letters), with its case and script.
    Letter {
        upper: bool,
        lower: bool,
        script: Script,
    },
    /// A combining mark (Thai vowels above and below, tone marks; Hebrew points): a letter's
    /// part after a letter, an odd character anywhere else.
    Mark,
    /// What text puts between letters: apostrophes, hyphens, the middle dot, CJK punctuation.
    Joiner,
    /// Another symbol, with its weight outside words.
    Symbol(i32),
    Control,
}

/// The script of a letter; letters of two scripts do not make one word (CJK ones mix with all).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Script {
    Latin,
    Greek,
    Cyrillic,
    Hebrew,
    Arabic,
    Thai,
    Cjk,
    Other,
}

fn script(c: char) -> Script {
    match c {
        '\0'..='\u{24F}' | '\u{1E00}'..='\u{1EFF}' => Script::Latin,
        '\u{370}'..='\u{3FF}' => Script::Greek,
        '\u{400}'..='\u{52F}' => Script::Cyrillic,
        '\u{590}'..='\u{5FF}' => Script::Hebrew,
        '\u{600}'..='\u{6FF}' => Script::Arabic,
        '\u{E00}'..='\u{E7F}' => Script::Thai,
        '\u{1100}'..='\u{11FF}'
        | '\u{2E80}'..='\u{9FFF}'
        | '\u{AC00}'..='\u{D7A3}'
        | '\u{F900}'..='\u{FAFF}' => Script::Cjk,
        _ => Script::Other,
    }
}

/// The kind of `c`.
pub fn kind(c: char) -> Kind {
    if c.is_control() {
        return if c.is_ascii() {
            Kind::Symbol(0)
        } else {
            Kind::Control
        };
    }
    if matches!(c, '\u{E31}' | '\u{E34}'..='\u{E3A}' | '\u{E47}'..='\u{E4E}' | '\u{5B0}'..='\u{5C7}')
    {
        return Kind::Mark;
    }
    if c.is_alphabetic() {
        return Kind::Letter {
            upper: c.is_uppercase(),
            lower: c.is_lowercase(),
            script: script(c),
        };
    }
    match c {
        '\''
        | '-'
        | '\u{2019}'
        | '\u{2010}'
        | '\u{2011}'
        | '\u{B7}'
        | '\u{AD}'
        | '\u{5F3}'
        | '\u{5F4}'
        | '\u{640}'
        | '\u{3000}'..='\u{303F}'
        | '\u{FF00}'..='\u{FFEF}' => Kind::Joiner,
        '\u{A4}'
        | '\u{A6}'
        | '\u{A8}'
        | '\u{AF}'
        | '\u{B4}'
        | '\u{B8}'
        | '\u{AC}'
        | '\u{2C6}'
        | '\u{2DC}'
        | '\u{2D8}'..='\u{2DD}'
        | '\u{2030}'
        | '\u{2020}'
        | '\u{2021}'
        | '\u{192}'
        | '\u{2039}'
        | '\u{203A}'
        | '\u{2500}'..='\u{25FF}' => Kind::Symbol(RARE),
        _ => Kind::Symbol(0),
    }
}

/// Sums the weights of a sequence of characters outside ASCII in context. Each item is a
/// character's kind and its weight in each language (and, last, the weight for "a letter of
/// some language of the code page").
struct Tally {
    totals: Vec<i64>,
    chars: u64,
    odd: u64,
    /// The previous character's kind, and the pending one (its weights), waiting for the next
    /// character to say whether it sits inside a word.
    prev: Option<Kind>,
    pending: Option<(Kind, bool)>,
}

impl Tally {
    fn new(columns: usize) -> Tally {
        Tally {
            totals: vec![0; columns],
            chars: 0,
            odd: 0,
            prev: None,
            pending: None,
        }
    }

    /// The next character: `weights` gives its per-column weight when it is a letter outside
    /// ASCII (`None` for ASCII).
    fn push(&mut self, k: Kind, weights: Option<&[i32]>) {
        let letter = |k: Option<Kind>| matches!(k, Some(Kind::Letter { .. } | Kind::Mark));
        // A symbol waiting for its right neighbour.
        if let Some((Kind::Symbol(w), left)) = self.pending.take() {
            if left && letter(Some(k)) {
                self.odd += 1;
                self.add_all(i64::from(INSIDE_WORD));
            } else {
                self.add_all(i64::from(w));
            }
        }
        if let (Kind::Letter { script: a, .. }, Some(Kind::Letter { script: b, .. })) =
            (k, self.prev)
            && a != b
            && a != Script::Cjk
            && b != Script::Cjk
        {
            self.add_all(i64::from(MIXED_SCRIPT));
        }
        if let Some(weights) = weights {
            self.chars += 1;
            match k {
                Kind::Control => {
                    self.odd += 1;
                    self.add_all(i64::from(CONTROL));
                }
                Kind::Symbol(_) => self.pending = Some((k, letter(self.prev))),
                Kind::Joiner => {}
                Kind::Mark if matches!(self.prev, Some(Kind::Letter { .. } | Kind::Mark)) => {
                    for (t, &w) in self.totals.iter_mut().zip(weights) {
                        *t += i64::from(w);
                    }
                }
                Kind::Mark => {
                    self.odd += 1;
                    self.add_all(i64::from(INSIDE_WORD));
                }
                Kind::Letter { upper, .. } => {
                    let after_lower = matches!(self.prev, Some(Kind::Letter { lower: true, .. }));
                    let after_upper = matches!(self.prev, Some(Kind::Letter { upper: true, .. }));
                    if upper && after_lower {
                        self.add_all(i64::from(MIXED_CASE));
                    } else {
                        for (t, &w) in self.totals.iter_mut().zip(weights) {
                            // A capital inside a word of capitals is a heading, not evidence
                            // (and a text all in capitals is a case swap).
                            let w = if upper && after_upper { w.min(0) } else { w };
                            *t += i64::from(w);
                        }
                    }
                }
            }
        }
        self.prev = Some(k);
    }

    fn add_all(&mut self, w: i64) {
        for t in &mut self.totals {
            *t += w;
        }
    }

    fn finish(mut self) -> Score {
        self.push(Kind::Symbol(0), None);
        Score {
            total: self.totals.iter().copied().max().unwrap_or(0),
            chars: self.chars,
            odd: self.odd,
        }
    }
}

/// The weights of a letter (lowercased) in each language, then "some language's letter".
fn weights_of(c: char, languages: &[&Language], out: &mut Vec<i32>) {
    let lower = c.to_lowercase().next().unwrap_or(c);
    out.clear();
    let mut any = false;
    for l in languages {
        let w = l.weight(lower);
        any |= w > 0;
        out.push(if w > 0 { w } else { FOREIGN });
    }
    out.push(if any { NEIGHBOUR } else { FOREIGN });
}

/// The precomputed model of one single-byte code page: each byte's kind and weights.
pub struct PageModel {
    kinds: [Kind; 256],
    weights: Vec<Vec<i32>>,
    columns: usize,
}

impl PageModel {
    /// The model of a code page that decodes byte `b` to `chars[b]` (`None`: undefined).
    pub fn new(chars: &[Option<char>; 256], languages: &[&Language]) -> PageModel {
        let mut kinds = [Kind::Symbol(0); 256];
        let mut weights = vec![Vec::new(); 256];
        for (b, c) in chars.iter().enumerate() {
            let c = c.unwrap_or('\u{FFFD}');
            kinds[b] = kind(c);
            if !c.is_ascii() {
                weights_of(c, languages, &mut weights[b]);
            }
        }
        PageModel {
            kinds,
            weights,
            columns: languages.len() + 1,
        }
    }

    /// At least the score of any text with byte counts `counts` read through this code page:
    /// each character's weight without context, which can only lower it.
    pub fn bound(&self, counts: &[u32; 256]) -> i64 {
        (0..self.columns)
            .map(|col| {
                (0x80..0x100)
                    .filter(|&b| counts[b] > 0)
                    .map(|b| {
                        let w = match self.kinds[b] {
                            Kind::Letter { .. } | Kind::Mark => self.weights[b][col],
                            Kind::Symbol(w) => w,
                            Kind::Joiner => 0,
                            Kind::Control => CONTROL,
                        };
                        i64::from(counts[b]) * i64::from(w)
                    })
                    .sum::<i64>()
            })
            .max()
            .unwrap_or(0)
    }

    /// The score of `bytes` read through this code page.
    pub fn score(&self, bytes: &[u8]) -> Score {
        let mut tally = Tally::new(self.columns);
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            // Inside a run of ASCII only the run's last byte matters (as the left neighbour of
            // what follows); the byte after a character outside ASCII is its right neighbour.
            if b.is_ascii() && i > 0 && bytes[i - 1].is_ascii() {
                let run = bytes[i..].iter().take_while(|b| b.is_ascii()).count();
                if run > 1 {
                    i += run - 1;
                    tally.prev = Some(self.kinds[usize::from(bytes[i - 1])]);
                    continue;
                }
            }
            let w = &self.weights[usize::from(b)];
            tally.push(
                self.kinds[usize::from(b)],
                (!b.is_ascii()).then_some(w.as_slice()),
            );
            i += 1;
        }
        tally.finish()
    }
}

/// The score of `text` under the languages of a single-byte code page.
#[cfg(test)]
fn score_text(text: &str, languages: &[&Language]) -> Score {
    let mut tally = Tally::new(languages.len() + 1);
    let mut w = Vec::new();
    for c in text.chars() {
        if !c.is_ascii() {
            weights_of(c, languages, &mut w);
        }
        tally.push(kind(c), (!c.is_ascii()).then_some(w.as_slice()));
    }
    tally.finish()
}

/// The score of `text` as `language`: the first level of its standard (JIS X 0208 level 1,
/// GB2312 level 1 or Big5's frequent characters, KS X 1001's Hangul) and its own script count
/// most; the other CJK scripts (kana in Korean, Hangul in Japanese) count against it.
pub fn score_cjk(text: &str, language: Cjk, bytes: u64) -> Score {
    let sets = sets();
    let mut tally = Tally::new(1);
    let (mut spaced, mut glued) = (0, 0);
    let chars: Vec<char> = text.chars().collect();
    let cjk = |c: char| script(c) == Script::Cjk;
    let ascii_letter = |i: Option<usize>| {
        i.and_then(|i| chars.get(i))
            .is_some_and(char::is_ascii_alphabetic)
    };
    for (i, &c) in chars.iter().enumerate() {
        // CJK, space, CJK: a spaced pair.
        if cjk(c) && i >= 2 && chars[i - 1] == ' ' && cjk(chars[i - 2]) {
            spaced += 1;
        }
        let k = kind(c);
        if c.is_ascii() {
            tally.push(k, None);
            continue;
        }
        // A CJK character inside a Latin word: a code page's letter and the ASCII letter after
        // it read as one double-byte character (French `ét` as GBK).
        if ascii_letter(i.checked_sub(1)) && ascii_letter(Some(i + 1)) {
            glued += 1;
        }
        let kana = matches!(c, '\u{3041}'..='\u{30FF}');
        let hangul = matches!(c, '\u{AC00}'..='\u{D7A3}');
        let jamo = matches!(c, '\u{3131}'..='\u{318E}');
        let han = matches!(c, '\u{4E00}'..='\u{9FFF}');
        let w = match language {
            Cjk::Japanese if kana => COMMON,
            Cjk::Japanese if han && sets.japanese.has(c) => LETTER,
            Cjk::Japanese if han => NEIGHBOUR,
            // Chinese has no script of its own beside the hanzi: common ones count as much as
            // Japanese kanji, less than kana and Hangul, which hanzi read from kana or Hangul
            // bytes otherwise match.
            Cjk::Chinese if han && sets.chinese.has(c) => LETTER,
            Cjk::Chinese if han => NEIGHBOUR,
            Cjk::Korean if hangul && sets.korean.has(c) => COMMON,
            Cjk::Korean if hangul => NEIGHBOUR,
            // Hanja: Korean text has few.
            Cjk::Korean if han => 0,
            _ if kana || hangul || jamo || han => FOREIGN,
            // Latin, Greek, Cyrillic letters of the standards' other rows.
            _ if matches!(k, Kind::Letter { .. }) => FOREIGN,
            _ => 0,
        };
        // CJK text has no case: its letters are not judged by neighbours.
        let k = match k {
            Kind::Letter { script, .. } => Kind::Letter {
                upper: false,
                lower: false,
                script,
            },
            k => k,
        };
        tally.push(k, Some(&[w]));
    }
    let mut score = tally.finish();
    score.total += i64::from(INSIDE_WORD) * glued;
    score.odd += glued as u64;
    if language != Cjk::Korean {
        score.total += SPACED * spaced;
    }
    // A character is one or two bytes outside ASCII (trail bytes may be ASCII), a code page's
    // one: weighed per byte outside ASCII, as they are.
    if score.chars > 0 {
        score.total = score.total * bytes as i64 / score.chars as i64;
        score.chars = bytes;
    }
    score
}

/// The common characters of each CJK standard, as bit sets over their blocks, read once from
/// encoding_rs's decoders (no table of the tool's own).
struct Sets {
    japanese: Bits,
    chinese: Bits,
    korean: Bits,
}

struct Bits {
    base: u32,
    bits: Vec<u64>,
}

impl Bits {
    fn new(base: char, end: char) -> Bits {
        Bits {
            base: base as u32,
            bits: vec![0; (end as usize - base as usize) / 64 + 1],
        }
    }

    fn set(&mut self, c: char) {
        if let Some(i) = (c as u32).checked_sub(self.base)
            && let Some(word) = self.bits.get_mut(i as usize / 64)
        {
            *word |= 1 << (i % 64);
        }
    }

    fn has(&self, c: char) -> bool {
        (c as u32)
            .checked_sub(self.base)
            .and_then(|i| {
                self.bits
                    .get(i as usize / 64)
                    .map(|w| w >> (i % 64) & 1 == 1)
            })
            .unwrap_or(false)
    }

    /// Adds every character that `e` decodes a pair `lead, trail` to, for the leads and
    /// trails given.
    fn add_rows(
        &mut self,
        e: &'static encoding_rs::Encoding,
        leads: std::ops::RangeInclusive<u8>,
        trails: &[std::ops::RangeInclusive<u8>],
    ) {
        let mut bytes = Vec::new();
        for lead in leads {
            for range in trails {
                for trail in range.clone() {
                    bytes.extend_from_slice(&[lead, trail]);
                }
            }
        }
        for c in e.decode_without_bom_handling(&bytes).0.chars() {
            self.set(c);
        }
    }
}

fn sets() -> &'static Sets {
    static SETS: OnceLock<Sets> = OnceLock::new();
    SETS.get_or_init(|| {
        let mut japanese = Bits::new('\u{4E00}', '\u{9FFF}');
        // JIS X 0208 level 1: EUC-JP rows B0..CF.
        japanese.add_rows(encoding_rs::EUC_JP, 0xB0..=0xCF, &[0xA1..=0xFE]);
        let mut chinese = Bits::new('\u{4E00}', '\u{9FFF}');
        // GB2312 level 1 (simplified), and Big5's frequent characters (traditional).
        chinese.add_rows(encoding_rs::GBK, 0xB0..=0xD7, &[0xA1..=0xFE]);
        chinese.add_rows(encoding_rs::BIG5, 0xA4..=0xC6, &[0x40..=0x7E, 0xA1..=0xFE]);
        let mut korean = Bits::new('\u{AC00}', '\u{D7A3}');
        // KS X 1001's 2,350 Hangul syllables: EUC-KR rows B0..C8.
        korean.add_rows(encoding_rs::EUC_KR, 0xB0..=0xC8, &[0xA1..=0xFE]);
        Sets {
            japanese,
            chinese,
            korean,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const FRENCH: &str = "Le cœur de l'œuvre: un café près de la forêt, voilà.";

    /// ISO-8859-15's `œ` is Windows-1252's `½`: a symbol inside a word.
    #[test]
    fn symbols_inside_words_weigh_against() {
        let right = score_text(FRENCH, WESTERN);
        let wrong = score_text(&FRENCH.replace('œ', "½"), WESTERN);
        assert!(right.plausible(), "{right:?}");
        // `c½ur`; `l'½uvre` has an apostrophe, not a letter, before it.
        assert_eq!(wrong.odd, 1);
        assert!(right.total >= wrong.total + i64::from(LETTER - INSIDE_WORD + LETTER));
    }

    /// KOI8-R read as CP1251 swaps the case of Cyrillic letters: capitals after small ones.
    #[test]
    fn swapped_case_is_not_plausible() {
        let text = "Привет, мир! Это простой текст на русском языке.";
        let swapped: String = text
            .chars()
            .map(|c| match c {
                'а'..='я' => c.to_uppercase().next().unwrap_or(c),
                'А'..='Я' => c.to_lowercase().next().unwrap_or(c),
                c => c,
            })
            .collect();
        assert!(score_text(text, CYRILLIC).plausible());
        assert!(!score_text(&swapped, CYRILLIC).plausible());
    }

    /// Hungarian `ő` and `ű` are Windows-1252's `õ` and `û`: letters, but of no one language
    /// that also has `á`, `é` and `ö`.
    #[test]
    fn languages_tell_neighbouring_code_pages_apart() {
        let hu = "Árvíztűrő tükörfúrógép, őszi szél fúj a fűzfák között.";
        let as_1252 = hu.replace('ő', "õ").replace('ű', "û");
        assert!(score_text(hu, CENTRAL).total > score_text(&as_1252, WESTERN).total);
    }

    #[test]
    fn cjk_sets_hold_their_standards_first_levels() {
        let s = sets();
        assert!(s.japanese.has('日') && s.chinese.has('中') && s.korean.has('한'));
        // 똠 is one of the syllables KS X 1001 lacks (CP949 has it).
        assert!(!s.korean.has('똠'));
        let korean = "한국어 텍스트입니다. 서울의 날씨는 맑습니다.";
        assert!(score_cjk(korean, Cjk::Korean, 2 * 19).plausible());
        assert!(!score_cjk(korean, Cjk::Japanese, 2 * 19).plausible());
    }
}
