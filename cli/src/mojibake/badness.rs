//! What mojibake looks like: ftfy's heuristic (`ftfy.badness`, version 6.3.1), ported. A few
//! hundred characters make up nearly all mojibake of UTF-8 through the decoders in
//! [`super::charmap`]; they fall in categories (accented letters, currency signs, punctuation,
//! box drawing, ...), and some sequences of categories occur in mojibake and hardly ever in text
//! ("é€", "Ã©", "â€™"). A line with none of them is never touched. The same module has the
//! pattern of a run of UTF-8 mojibake inside text that is otherwise correct.

use std::sync::LazyLock;

use regex::Regex;

use super::charmap::CHARMAPS;

/// Characters common in text and in mojibake alike.
const COMMON: &str = "\u{A0}\u{AD}·´–—―…’";
/// The C1 controls, which text no longer uses.
const C1: &str = "\u{80}-\u{9F}";
/// Characters nearly only seen in mojibake.
const BAD: &str = "¦¤¨¬¯¸ƒˆˇ˘˛˜†‡‰⌐◊\u{FFFD}ªº";
const LAW: &str = "¶§";
const CURRENCY: &str = "¢£¥₧€";
const START_PUNCTUATION: &str = "¡«¿©΄΅‘‚“„•‹\u{F8FF}";
const END_PUNCTUATION: &str = "®»˝”›™";
const NUMERIC: &str = "²³¹±¼½¾×µ÷⁄∂∆∏∑√∞∩∫≈≠≡≤≥№";
/// Letters of emoticons ("ò_ó"), which may stand in unlikely places on purpose.
const KAOMOJI: &str = "Ò-ÖÙ-Üò-öø-üŐŌŪŲ°";
const UPPER_ACCENTED: &str = "À-ÑØÜÝĂĀĄĆČĎĐĘĚĒĖĞĢİĪĶĹĽŁĻŃŇŅŒŘŚŞŠŢŤŮŰŸŹŻŽҐ";
const LOWER_ACCENTED: &str = "ßà-ñăąāćčďđęěēėğģįīķĺľłļœŕśşšťüźżžґﬁﬂ";
const UPPER_COMMON: &str = "ÞΑ-ΩΆΈΉΊΌΎΏΪΫЁ-Я";
const LOWER_COMMON: &str = "α-ωάέήίΰа-џ";
const BOX: &str = "│┌┐┘├┤┬┼═-╬▀▄█▌▐░▒▓";

/// ftfy's `BADNESS_RE`: each alternative is a sequence seen in mojibake, not in text.
static BADNESS: LazyLock<Regex> = LazyLock::new(|| {
    let (l, u, b) = (LOWER_ACCENTED, UPPER_ACCENTED, BOX);
    let (sp, ep, cur, num, law) = (START_PUNCTUATION, END_PUNCTUATION, CURRENCY, NUMERIC, LAW);
    let (bad, c1, common) = (BAD, C1, COMMON);
    let alternatives = [
        format!("[{c1}]"),
        format!("[{bad}{l}{u}{b}{sp}{ep}{cur}{num}{law}][{bad}]"),
        format!("[a-zA-Z][{LOWER_COMMON}{UPPER_COMMON}][{bad}]"),
        format!("[{bad}][{l}{u}{b}{sp}{ep}{cur}{num}{law}]"),
        format!("[{l}{LOWER_COMMON}{b}{ep}{cur}{num}][{u}]"),
        format!("[{b}{ep}{cur}{num}][{l}]"),
        format!("[{l}{b}{ep}][{cur}]"),
        format!(r"\s[{u}][{cur}]"),
        format!("[{u}{b}][{num}{law}]"),
        format!("[{l}{u}{b}{cur}{ep}][{sp}][{num}]"),
        format!("[{l}{u}{cur}{num}{b}{law}][{ep}][{sp}]"),
        format!("[{cur}{num}{b}][{sp}]"),
        format!("[a-z][{u}][{sp}{cur}]"),
        format!("[{b}][{KAOMOJI}]"),
        format!("[{l}{u}{cur}{num}{sp}{ep}{law}][{b}]"),
        format!("[{b}][{ep}]"),
        format!(r"[{l}{u}][{sp}{ep}]\w"),
        // The ligature œ not followed by a Latin letter.
        "[Œœ][^A-Za-z]".into(),
        format!("[{u}]°"),
        // Windows-1252's two-character mojibake the rules above miss.
        format!("[ÂÃÎÐ][€œŠš¢£Ÿž\u{A0}\u{AD}®©°·»{sp}{ep}–—´]"),
        "×[²³]".into(),
        // Arabic through Windows-1252 has the common characters: four in a row are required.
        format!("[ØÙ][{common}{cur}{bad}{num}{sp}ŸŠ®°µ»][ØÙ][{common}{cur}{bad}{num}{sp}ŸŠ®°µ»]"),
        // Windows-1252's start of three-byte sequences of South Asian scripts.
        "à[²µ¹¼½¾]".into(),
        // MacRoman's.
        "√[±∂†≠®™´≤≥¥µø]".into(),
        "≈[°¢]".into(),
        "‚Ä[ìîïòôúùû†°¢π]".into(),
        "‚[âó][àä°ê]".into(),
        // Windows-1251's, of U+2000..U+206F and of Latin-1 or Cyrillic letters.
        "вЂ".into(),
        format!("[ВГРС][{c1}{bad}{sp}{ep}{cur}°µ][ВГРС]"),
        "ГўВЂВ.[A-Za-z ]".into(),
        // Windows-1252's of "à", "á" and the no-break space itself.
        "Ã[\u{A0}¡]".into(),
        r"[a-z]\s?[ÃÂ] ".into(),
        "^[ÃÂ] ".into(),
        format!("[a-z.,?!{ep}]Â[ {sp}{ep}]"),
        // Windows-1253's, of U+2000..U+206F and of Latin-1 or Greek letters.
        "β€[™\u{A0}Ά\u{AD}®°]".into(),
        format!("[ΒΓΞΟ][{c1}{bad}{sp}{ep}{cur}°][ΒΓΞΟ]"),
        // Windows-1257's, of U+2000..U+206F.
        "ā€".into(),
    ];
    Regex::new(&alternatives.join("|")).expect("a valid pattern")
});

/// True when `text` holds a sequence that looks like mojibake.
pub fn is_bad(text: &str) -> bool {
    BADNESS.is_match(text)
}

/// Characters the decoders make of the bytes in `range`, as a character class's contents.
fn class(range: std::ops::RangeInclusive<u8>, also: &str, except: &str) -> String {
    let mut chars: Vec<char> = CHARMAPS
        .iter()
        .filter(|m| !matches!(m.name, "ISO-8859-2" | "MacRoman" | "CP437"))
        .flat_map(|m| m.chars(range.clone()))
        .chain(also.chars())
        .filter(|c| !except.contains(*c))
        .collect();
    chars.sort_unstable();
    chars.dedup();
    chars
        .iter()
        .map(|c| regex::escape(&c.to_string()))
        .collect()
}

/// Punctuation that stands for itself next to mojibake: no sign of a sequence before it.
const LOOSE: &str = " –—•‘’‚“”„…";

/// A run of UTF-8 mojibake (ftfy's `UTF8_DETECTOR_RE`), a space allowed for a no-break space;
/// the character before a match must not be in [`CONTINUATION_STRICT`] (checked by the caller,
/// since the pattern cannot look behind).
pub static UTF8_RUN: LazyLock<Regex> = LazyLock::new(|| {
    let continuation = class(0x80..=0xBF, " ", "");
    let first_of_2 = class(0xC2..=0xDF, "", "");
    let first_of_3 = class(0xE0..=0xEF, "", "");
    let first_of_4: String = class(0xF0..=0xF0, "", "") + &class(0xF3..=0xF3, "", "");
    Regex::new(&format!(
        "(?:[{first_of_2}][{continuation}]|[{first_of_3}][{continuation}]{{2}}|\
         [{first_of_4}][{continuation}]{{3}})+"
    ))
    .expect("a valid pattern")
});

/// Characters that are the continuation of a sequence whenever they follow mojibake.
pub static CONTINUATION_STRICT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(&format!("[{}]", class(0x80..=0xBF, "", LOOSE))).unwrap());

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        for bad in [
            "CafÃ©",
            "donâ€™t",
            "Ð¿Ñ€Ð¸",
            "Zam√≤",
            "вЂ“",
            "Ã\u{A0}",
            "a\u{85}b",
        ] {
            assert!(is_bad(bad), "{bad:?}");
        }
        for good in [
            "Café",
            "crème brûlée",
            "Привет, мир",
            "日本語",
            "SÃO PAULO",
            "“quotes” – €5",
            "ÉTÉ\u{A0}!",
        ] {
            assert!(!is_bad(good), "{good:?}");
        }
    }

    #[test]
    fn runs() {
        let m = UTF8_RUN.find("a CafÃ© b").unwrap();
        assert_eq!(m.as_str(), "Ã©");
        assert!(CONTINUATION_STRICT.is_match("©"));
        assert!(!CONTINUATION_STRICT.is_match("…"));
    }
}
