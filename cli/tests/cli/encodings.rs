//! Every encoding beside glibc's `iconv`: generated text in each script (tests/support/
//! corpus.rs) encoded by glibc into every encoding that holds it, then converted by both tools
//! both ways, whole, cut short, with an invalid byte, with a character the target lacks, plain,
//! with `-c` and with `//IGNORE`: the same bytes, exit status and error position, except the
//! differences docs/cli.md lists with their reasons (checked here to stay those).

use crate::corpus::generate;
use crate::{tool, utf8x};

/// Encodings per script of the generated corpus.
const CASES: &[(&str, &[&str])] = &[
    (
        "Accented",
        &[
            "ISO-8859-1",
            "ISO-8859-15",
            "CP1252",
            "CP850",
            "CP437",
            "MACINTOSH",
            "IBM037",
            "UTF-7",
        ],
    ),
    (
        "Cyrillic",
        &[
            "CP1251",
            "KOI8-R",
            "KOI8-U",
            "ISO-8859-5",
            "CP866",
            "MAC-CYRILLIC",
        ],
    ),
    ("Greek", &["ISO-8859-7", "CP1253"]),
    ("Arabic", &["CP1256", "ISO-8859-6"]),
    ("Hebrew", &["CP1255", "ISO-8859-8"]),
    (
        "CJK",
        &[
            "GB18030",
            "GBK",
            "BIG5",
            "SJIS",
            "CP932",
            "EUC-JP",
            "ISO-2022-JP",
        ],
    ),
    ("Hangul", &["EUC-KR", "CP949", "ISO-2022-KR"]),
    ("Mixed", &["GB18030", "UTF-7"]),
];

/// Differences from glibc, by encoding and case (docs/cli.md lists them all): encoding_rs
/// implements the WHATWG GB18030, which reads byte 80 as the euro sign (GBK's), where glibc's
/// rejects it, so `-c` keeps a character glibc drops.
fn known(enc: &str, case: &str) -> bool {
    matches!((enc, case), ("GB18030", "invalid -c"))
}

/// iconv's error position, from either tool's message.
fn position(stderr: &str) -> Option<&str> {
    let at = stderr.find("position ")? + "position ".len();
    stderr[at..].split(|c: char| !c.is_ascii_digit()).next()
}

#[test]
fn every_encoding_matches_glibc_iconv() {
    if tool("iconv", &["--version"], b"").is_none() {
        return;
    }
    let mut differences = Vec::new();
    let mut compared = 0;
    for (script, encodings) in CASES {
        let text = generate(script, 3000);
        let cut = text.char_indices().nth(text.chars().count() / 2).unwrap().0;
        let unmappable = format!("{}\u{2603}{}", &text[..cut], &text[cut..]);
        for enc in *encodings {
            let Some(legacy) = tool("iconv", &["-f", "UTF-8", "-t", enc], text.as_bytes()) else {
                return;
            };
            if legacy.code != 0 {
                eprintln!("note: glibc cannot write {script} text in {enc}");
                continue;
            }
            let bytes = legacy.stdout;
            let mid = bytes.len() / 2;
            let invalid = [&bytes[..mid], b"\xFF\x80", &bytes[mid..]].concat();
            let truncated = &bytes[..bytes.len() - 1];
            let to_utf8 = ["-f", enc, "-t", "UTF-8"];
            let c_to_utf8 = ["-c", "-f", enc, "-t", "UTF-8"];
            let from_utf8 = ["-f", "UTF-8", "-t", enc];
            let c_from_utf8 = ["-c", "-f", "UTF-8", "-t", enc];
            let ignore = format!("{enc}//IGNORE");
            let ignore_from_utf8 = ["-f", "UTF-8", "-t", &ignore];
            let runs: [(&str, &[&str], &[u8]); 8] = [
                ("decode", &to_utf8, &bytes),
                ("truncated", &to_utf8, truncated),
                ("invalid", &to_utf8, &invalid),
                ("invalid -c", &c_to_utf8, &invalid),
                ("encode", &from_utf8, text.as_bytes()),
                ("unmappable", &from_utf8, unmappable.as_bytes()),
                ("unmappable -c", &c_from_utf8, unmappable.as_bytes()),
                (
                    "unmappable //IGNORE",
                    &ignore_from_utf8,
                    unmappable.as_bytes(),
                ),
            ];
            for (case, args, input) in runs {
                let theirs = tool("iconv", args, input).expect("iconv ran before");
                let ours = utf8x(args, input);
                compared += 1;
                let same = ours.stdout == theirs.stdout
                    && ours.code == theirs.code
                    && (case.contains("IGNORE")
                        || position(&ours.stderr) == position(&theirs.stderr));
                if !same && !known(enc, case) {
                    differences.push(format!(
                        "{script} in {enc}, {case}: status {} / {}, {} / {} bytes, {:?} / {:?}",
                        ours.code,
                        theirs.code,
                        ours.stdout.len(),
                        theirs.stdout.len(),
                        ours.stderr.lines().next(),
                        theirs.stderr.lines().next()
                    ));
                }
            }
        }
    }
    eprintln!("{compared} comparisons with glibc iconv");
    assert!(compared > 100, "{compared} comparisons");
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}
