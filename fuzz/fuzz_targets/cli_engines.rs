//! The `utf8x` tool's conversion (every engine: utf8x's kernels, glibc's tables and iconv(3),
//! encoding_rs and the CJK tables built from it) with its input read in chunks and decoded in
//! pieces of random sizes gives exactly what it gives on the whole input at once: the same
//! output, and the same ending (success, or the same error at the same position). Every
//! charset `utf8x -l` lists, both ways, under each policy; the input is random bytes, or random
//! text written in the charset first (so that long and stateful sequences meet the cuts).
#![no_main]

use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};

use libfuzzer_sys::fuzz_target;
use utf8x_cli::fuzzing::{Conversion, charsets};
use utf8x_fuzz::Input;

/// Everything at once: larger than any input libFuzzer makes here.
const WHOLE: usize = 1 << 20;

/// The options besides the charsets.
const POLICIES: [&[&str]; 6] = [
    &[],
    &["-c"],
    &["-p", "replace"],
    &["-p", "skip"],
    &["-p", "fallback"],
    &["-c", "-p", "replace"],
];

/// Every charset but ISO-2022-CN-EXT, whose glibc module (2.36) decodes the bytes after an
/// invalid sequence differently depending on where its calls start, and under //IGNORE has
/// moved its input pointer past the end of the input: glibc's bugs, not the tool's cuts.
fn names() -> &'static [String] {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names = charsets();
        names.retain(|n| n != "ISO-2022-CN-EXT");
        names
    })
}

/// The conversion of `args`, parsed once: parsing leaks the charset's name (the tool keeps it
/// for its life), which LeakSanitizer would report once per input.
fn parsed(args: &[&str]) -> Option<&'static Conversion> {
    static CACHE: Mutex<BTreeMap<Vec<String>, Option<&'static Conversion>>> =
        Mutex::new(BTreeMap::new());
    let key = args.iter().map(|a| a.to_string()).collect();
    let mut cache = CACHE.lock().expect("one thread");
    *cache
        .entry(key)
        .or_insert_with(|| Conversion::new(args).ok().map(|c| &*Box::leak(Box::new(c))))
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let index = usize::from(input.byte()) << 8 | usize::from(input.byte());
    let name = &names()[index % names().len()];
    // The direction (and whether the payload is written in the charset first), the policy.
    let mode = input.byte();
    let policy = POLICIES[usize::from(mode >> 2) % POLICIES.len()];
    // Chunks of 4 to 64 bytes or whole, pieces of 1 to 64 or whole.
    let chunk = match input.byte() {
        0 => WHOLE,
        n => usize::from(n % 16 + 1) * 4,
    };
    let piece = match input.byte() {
        0 => WHOLE,
        n => usize::from(n % 64) + 1,
    };
    let payload = input.rest();
    let translit = format!("{name}//TRANSLIT");
    let (from, to) = match mode & 3 {
        0 | 1 => (name.as_str(), "UTF-8"),
        2 => ("UTF-8", name.as_str()),
        _ => ("UTF-8", translit.as_str()),
    };
    let mut args = vec!["-f", from, "-t", to];
    args.extend_from_slice(policy);
    let Some(conversion) = parsed(&args) else {
        return;
    };
    // Mode 1: the payload as text, written in the charset first (what it can hold).
    let src = if mode & 3 == 1 {
        let Some(write) = parsed(&["-f", "UTF-8", "-t", name, "-c"]) else {
            return;
        };
        let text = String::from_utf8_lossy(payload).into_owned();
        write.run(text.as_bytes(), WHOLE, WHOLE).0
    } else {
        payload.to_vec()
    };
    let mut whole = conversion.run(&src, WHOLE, WHOLE);
    let mut cut = conversion.run(&src, chunk, piece);
    if to.starts_with("ISO-2022-KR") {
        whole.0 = one_designation(&whole.0);
        cut.0 = one_designation(&cut.0);
    }
    if to.ends_with("//TRANSLIT") {
        let unit = if name.contains("32") { 4 } else { 2 };
        whole.0 = one_mark(&whole.0, unit);
        cut.0 = one_mark(&cut.0, unit);
    }
    assert!(
        cut == whole,
        "{args:?}, chunks of {chunk} and pieces of {piece}: {:?} ({} bytes) where whole: {:?} \
         ({} bytes)",
        cut.1,
        cut.0.len(),
        whole.1,
        whole.0.len()
    );
});

/// ISO-2022-KR's designation `ESC $ ) C`, which opens the text.
const KR_DESIGNATION: &[u8] = b"\x1b$)C";

/// `out` with the designation once, at its start. glibc's ISO-2022-KR module writes it whenever a
/// call is the descriptor's first, and its transliteration converts each substitute with such a
/// call: within the first iconv(3) call every substitute is preceded by the designation again,
/// after it none is (`iconv -t ISO-2022-KR//TRANSLIT` does the same). Repeating a designation
/// changes no character, so the text is the same wherever the tool's pieces end.
fn one_designation(out: &[u8]) -> Vec<u8> {
    let Some(rest) = out.strip_prefix(KR_DESIGNATION) else {
        return out.to_vec();
    };
    let mut text = KR_DESIGNATION.to_vec();
    let mut i = 0;
    while i < rest.len() {
        if rest[i..].starts_with(KR_DESIGNATION) {
            i += KR_DESIGNATION.len();
        } else {
            text.push(rest[i]);
            i += 1;
        }
    }
    text
}

/// `out` with its byte order mark once, at its start, for an encoding of `unit`-byte units.
/// glibc's encoders that open their text with a mark (`UNICODE`, `UTF-16`, `UTF-32`) write it
/// whenever a call is the descriptor's first, and transliteration converts each substitute with
/// such a call: within the first iconv(3) call every substitute is preceded by a mark again,
/// after it none is (`iconv -t UNICODE//TRANSLIT` writes the same; the tool writes what glibc
/// writes). Where the first call ends depends on the cuts, so marks after the first are not
/// compared.
fn one_mark(out: &[u8], unit: usize) -> Vec<u8> {
    let marks: [&[u8]; 2] = if unit == 4 {
        [b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"]
    } else {
        [b"\xff\xfe", b"\xfe\xff"]
    };
    let Some(mark) = marks.into_iter().find(|m| out.starts_with(m)) else {
        return out.to_vec();
    };
    let mut text = mark.to_vec();
    for u in out[unit..].chunks(unit).filter(|&u| u != mark) {
        text.extend_from_slice(u);
    }
    text
}
