//! Detection of the legacy encodings iconv users meet in old files, and the rule that `fix`
//! and `-f auto` never write mojibake: they convert only text that detection is sure of, and
//! otherwise leave the file as it is and fail. The texts are the first article of the
//! Universal Declaration of Human Rights in each language; their bytes come from encoding_rs's
//! encoders, or from the system's `iconv` (skipped where it is not installed) for the code pages
//! encoding_rs does not have.

use std::fs;

use crate::{file, scratch, tool, utf8x};

const FRENCH: &str = "Tous les êtres humains naissent libres et égaux en dignité et en droits. \
                      Ils sont doués de raison et de conscience et doivent agir les uns envers \
                      les autres dans un esprit de fraternité. Le chef-d'œuvre de sa sœur lui \
                      tient à cœur.\n";
const RUSSIAN: &str = "Все люди рождаются свободными и равными в своем достоинстве и правах. Они \
                       наделены разумом и совестью и должны поступать в отношении друг друга в \
                       духе братства.\n";
const HUNGARIAN: &str = "Minden emberi lény szabadon születik és egyenlő méltósága és joga van. \
                         Az emberek, ésszel és lelkiismerettel bírván, egymással szemben \
                         testvéri szellemben kell hogy viseltessenek. Őszi szél fújt a fűzfák \
                         között, az öregember hűvös időben sétált a tűzoltóság előtt.\n";
/// Hungarian that chardetng calls Windows-1252 (`fõvárosa`, `fürdõirõl`).
const BUDAPEST: &str = "Budapest Magyarország fővárosa. A város a Duna két partján fekszik, Buda \
                        és Pest egyesítéséből jött létre. Híres a fürdőiről, hídjairól és a \
                        parlament épületéről.\n";
const THAI: &str = "มนุษย์ทั้งหลายเกิดมามีอิสระและเสมอภาคกันในเกียรติศักดิ์และสิทธิ \
                    ต่างมีเหตุผลและมโนธรรม และควรปฏิบัติต่อกันด้วยเจตนารมณ์แห่งภราดรภาพ\n";
const KOREAN: &str = "모든 인간은 태어날 때부터 자유로우며 그 존엄과 권리에 있어 동등하다. 인간은 \
                      천부적으로 이성과 양심을 부여받았으며 서로 형제애의 정신으로 행동하여야 \
                      한다.\n";
const JAPANESE: &str = "すべての人間は、生まれながらにして自由であり、かつ、尊厳と権利とについて\
                        平等である。人間は、理性と良心とを授けられており、互いに同胞の精神をもって\
                        行動しなければならない。\n";

fn encode(text: &str, label: &str) -> Vec<u8> {
    let e = encoding_rs::Encoding::for_label(label.as_bytes()).expect("a WHATWG label");
    let (bytes, _, lossy) = e.encode(text);
    assert!(!lossy, "{label} holds the text");
    bytes.into_owned()
}

/// The text in `charset` by the system's iconv, or `None` where it is not installed.
fn iconv(text: &str, charset: &str) -> Option<Vec<u8>> {
    let run = tool("iconv", &["-f", "UTF-8", "-t", charset], text.as_bytes())?;
    assert_eq!(run.code, 0, "iconv -t {charset}: {}", run.stderr);
    Some(run.stdout)
}

/// `utf8x detect` names one of `names` with high confidence for `bytes` (the text twice), and
/// `-f auto` gives the text back.
#[track_caller]
fn detected(test: &str, bytes: &[u8], text: &str, names: &[&str]) {
    let (bytes, text) = (&bytes.repeat(2), &text.repeat(2));
    let dir = scratch(test);
    let path = file(&dir, "text", bytes);
    let line = utf8x(&["detect", &path], b"").ok();
    let line = String::from_utf8(line).expect("UTF-8");
    let found = line.trim_end().trim_start_matches(&format!("{path}: "));
    assert!(
        names
            .iter()
            .any(|n| found == format!("{n} (high confidence)")),
        "{test}: {found}, not one of {names:?} with high confidence"
    );
    let out = utf8x(&["-f", "auto", "-t", "UTF-8", &path], b"").ok();
    assert_eq!(String::from_utf8_lossy(&out), text.as_str(), "{test}");
}

#[test]
fn cyrillic_dos_and_mac_code_pages() {
    detected("ibm866", &encode(RUSSIAN, "IBM866"), RUSSIAN, &["IBM866"]);
    detected(
        "mac-cyrillic",
        &encode(RUSSIAN, "x-mac-cyrillic"),
        RUSSIAN,
        &["MAC-CYRILLIC"],
    );
    detected(
        "koi8-r",
        &encode(RUSSIAN, "KOI8-R"),
        RUSSIAN,
        &["KOI8-R", "KOI8-U"],
    );
    if let Some(bytes) = iconv(RUSSIAN, "IBM855") {
        detected("ibm855", &bytes, RUSSIAN, &["IBM855"]);
    }
}

#[test]
fn mac_roman_is_not_windows_1252() {
    detected(
        "macintosh",
        &encode(FRENCH, "macintosh"),
        FRENCH,
        &["MACINTOSH"],
    );
}

/// Hungarian's `ő` and `ű` are Windows-1252's `õ` and `û`: letters, but no Western language's
/// (the tool before this test called `BUDAPEST` Windows-1252 with high confidence).
#[test]
fn hungarian_is_central_european() {
    let names = ["ISO-8859-2", "WINDOWS-1250"];
    detected(
        "8859-2",
        &encode(HUNGARIAN, "ISO-8859-2"),
        HUNGARIAN,
        &names,
    );
    detected(
        "1250",
        &encode(HUNGARIAN, "windows-1250"),
        HUNGARIAN,
        &names,
    );
    detected(
        "budapest",
        &encode(BUDAPEST, "ISO-8859-2"),
        BUDAPEST,
        &names,
    );
}

#[test]
fn thai_and_korean_code_pages() {
    // Thai text without Windows-874's punctuation is TIS-620's bytes too.
    let names = ["TIS-620", "WINDOWS-874"];
    detected("tis-620", &encode(THAI, "windows-874"), THAI, &names);
    if let Some(bytes) = iconv(KOREAN, "JOHAB") {
        detected("johab", &bytes, KOREAN, &["JOHAB"]);
    }
    if let Some(bytes) = iconv(KOREAN, "ISO-2022-KR") {
        detected("iso-2022-kr", &bytes, KOREAN, &["ISO-2022-KR"]);
    }
}

/// Microsoft's extensions (NEC's circled digits, UHC's syllables) are not glibc's SHIFT_JIS and
/// EUC-KR: detection names what glibc reads them as.
#[test]
fn extensions_are_named_as_glibc_reads_them() {
    let japanese = format!("{JAPANESE}① ② ③\n");
    detected(
        "cp932",
        &encode(&japanese, "Shift_JIS"),
        &japanese,
        &["CP932"],
    );
    detected(
        "sjis",
        &encode(JAPANESE, "Shift_JIS"),
        JAPANESE,
        &["SHIFT_JIS"],
    );
    // 똠 is not among KS X 1001's 2,350 syllables.
    let korean = format!("{KOREAN}똠방각하\n");
    detected("cp949", &encode(&korean, "EUC-KR"), &korean, &["CP949"]);
    detected("euc-kr", &encode(KOREAN, "EUC-KR"), KOREAN, &["EUC-KR"]);
}

/// French in ISO-8859-15 read as Windows-1252 has `½uvre` for `œuvre`: the text decides.
#[test]
fn fix_reads_iso_8859_15_by_its_text() {
    let bytes = encode(FRENCH, "ISO-8859-15");
    detected("8859-15", &bytes, FRENCH, &["ISO-8859-15"]);
    let dir = scratch("fix-8859-15");
    let path = file(&dir, "fr", &bytes.repeat(2));
    let run = utf8x(&["fix", &path], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(fs::read_to_string(&path).expect("fixed"), FRENCH.repeat(2));
}

/// Text that detection is not sure of is left as it is, and the run fails with the candidates
/// and the option that names the encoding; `-f auto` writes nothing.
#[test]
fn fix_and_auto_refuse_what_is_unclear() {
    let dir = scratch("refuse");
    let cases = [
        // ISO-8859-15's `€` is Windows-1252's `¤`, and nothing else tells them apart.
        (
            "euro",
            encode(
                "Le prix est de 5 € pour le café et le thé à la gare.\n",
                "ISO-8859-15",
            ),
        ),
        // Two Hangul syllables: Cyrillic, Arabic or Thai letters in a single-byte code page.
        ("korean", encode("서울\n", "EUC-KR")),
    ];
    for (name, bytes) in cases {
        let path = file(&dir, name, &bytes);
        let run = utf8x(&["-f", "auto", "-t", "UTF-8", &path], b"");
        assert_eq!((run.code, run.stdout.as_slice()), (1, &b""[..]), "{name}");
        assert!(run.stderr.contains("-f ENC"), "{name}: {}", run.stderr);
        let run = utf8x(&["fix", &path], b"");
        assert_eq!(run.code, 1, "{name}");
        assert!(run.stderr.contains("--from ENC"), "{name}: {}", run.stderr);
        assert_eq!(fs::read(&path).expect("unchanged"), bytes, "{name}");
    }
}

/// Executables, compressed files and random bytes are not text in any code page.
#[test]
fn binary_files_are_binary() {
    let dir = scratch("binary");
    let mut elf =
        b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x3e\x00".to_vec();
    // Pseudo-random bytes (a linear congruential generator): gzip's body looks like them.
    let mut state = 0x2545_f491_u32;
    let random: Vec<u8> = (0..4096)
        .map(|_| {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (state >> 24) as u8
        })
        .collect();
    elf.extend_from_slice(&random[..512]);
    let mut gzip = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03".to_vec();
    gzip.extend(random.iter().map(|b| b | 0x01));
    for (name, bytes) in [("elf", elf), ("gzip", gzip), ("random", random)] {
        let path = file(&dir, name, &bytes);
        assert_eq!(
            utf8x(&["detect", &path], b"").ok(),
            format!("{path}: binary\n").as_bytes(),
        );
        let run = utf8x(&["fix", &path], b"");
        assert_eq!(run.code, 1, "{name}");
        assert_eq!(fs::read(&path).expect("unchanged"), bytes);
        assert_eq!(utf8x(&["-f", "auto", "-t", "UTF-8", &path], b"").code, 1);
    }
}
