//! Side by side with the tools utf8x replaces: glibc's `iconv` and moreutils' `isutf8` run on
//! the same arguments and input; output bytes, exit statuses and the position each reports
//! must agree. A missing tool skips its cases with a message (CI installs both).

use crate::{Run, file, scratch, tool, utf8x};

/// The position iconv reports (`... at position N`), from either tool's message.
fn position(stderr: &str) -> Option<u64> {
    let rest = &stderr[stderr.find("at position ")? + "at position ".len()..];
    rest.split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

#[track_caller]
fn same_as_iconv(args: &[&str], stdin: &[u8]) {
    let Some(iconv) = tool("iconv", args, stdin) else {
        return;
    };
    let ours = utf8x(args, stdin);
    // Large inputs and outputs are named by their length and first difference, not dumped.
    let what = match stdin.len() {
        ..=64 => format!("iconv {args:?} on {stdin:02X?}"),
        n => format!("iconv {args:?} on {n} bytes"),
    };
    let differ = ours
        .stdout
        .iter()
        .zip(&iconv.stdout)
        .position(|(a, b)| a != b);
    assert!(
        ours.stdout == iconv.stdout,
        "output of {what}: {} and {} bytes, first difference at {differ:?}",
        ours.stdout.len(),
        iconv.stdout.len()
    );
    assert_eq!(
        ours.code, iconv.code,
        "exit status of {what}: {}",
        ours.stderr
    );
    assert_eq!(
        position(&ours.stderr),
        position(&iconv.stderr),
        "position in {what}: {} / {}",
        ours.stderr,
        iconv.stderr
    );
    let incomplete = "incomplete character or shift sequence at end of buffer";
    assert_eq!(
        ours.stderr.contains(incomplete),
        iconv.stderr.contains(incomplete),
        "{what}: {} / {}",
        ours.stderr,
        iconv.stderr
    );
    assert_eq!(ours.stderr.is_empty(), iconv.stderr.is_empty(), "{what}");
}

#[test]
fn conversions_and_their_errors_match_glibc_iconv() {
    let text = "h\u{e9}llo, \u{4e16}\u{754c} \u{1F600}\n".as_bytes();
    for to in [
        "UTF-16LE", "UTF-16BE", "UTF-16", "UTF-32", "UTF-32BE", "UCS-2LE", "WCHAR_T",
    ] {
        same_as_iconv(&["-f", "UTF-8", "-t", to], text);
    }
    for (from, input) in [
        ("UTF-16", &b"\xFE\xFF\x00h\x00\xE9"[..]),
        ("UTF-16", b"\xFF\xFEh\x00\xE9\x00"),
        ("UTF-16", b"h\x00\xE9\x00"),
        ("UTF-16LE", b"\xFF\xFEh\x00"),
        ("UTF-32", b"\x00\x00\xFE\xFF\x00\x00\x00h"),
        ("UTF-32", b"h\x00\x00\x00"),
        ("ISO-8859-1", b"caf\xE9"),
        ("CP1252", b"\x80 caf\xE9"),
        ("ASCII", b"plain"),
    ] {
        same_as_iconv(&["-f", from, "-t", "UTF-8"], input);
    }
    // Errors: the same output up to them, the same status and position.
    same_as_iconv(&["-f", "UTF-8", "-t", "UTF-16LE"], b"ab\ncd\xC3(x\n");
    same_as_iconv(&["-f", "UTF-8", "-t", "UTF-16LE"], b"ab\xC3");
    same_as_iconv(
        &["-f", "UTF-8", "-t", "ISO-8859-1"],
        "a\u{20AC}x".as_bytes(),
    );
    same_as_iconv(&["-f", "UTF-16LE", "-t", "UTF-8"], b"a\x00b");
    same_as_iconv(&["-f", "UTF-16LE", "-t", "UTF-8"], b"a\x00\x00\xDCb\x00");
    same_as_iconv(&["-f", "UTF-8", "-t", "ASCII"], "a\u{e9}".as_bytes());
    // iconv's flags and suffixes.
    same_as_iconv(&["-c", "-f", "UTF-8", "-t", "UTF-16LE"], b"ab\xFFcd\xC3(x");
    same_as_iconv(&["-c", "-f", "UTF-8", "-t", "UTF-16LE"], b"ab\xC3");
    same_as_iconv(
        &["-f", "UTF-8", "-t", "ISO-8859-1//TRANSLIT"],
        "\u{e9}t\u{e9}".as_bytes(),
    );
    same_as_iconv(&["--from-code=UTF-8", "--to-code=UTF-16LE", "-"], b"dash");
    same_as_iconv(&["-f", "UTF-8", "-t", "NOT-A-CHARSET"], b"x");
    same_as_iconv(&["-f", "UTF-8", "-t", "UTF-8", "--no-such-option"], b"x");
}

#[test]
fn ignore_suffix_matches_glibc_iconv_in_output_and_status() {
    let euro = "a\u{20AC}x".as_bytes();
    let args = ["-f", "UTF-8", "-t", "ISO-8859-1//IGNORE"];
    let Some(iconv) = tool("iconv", &args, euro) else {
        return;
    };
    let ours = utf8x(&args, euro);
    assert_eq!((ours.code, &ours.stdout), (iconv.code, &iconv.stdout));
}

#[test]
fn several_files_and_output_files_match_glibc_iconv() {
    let dir = scratch("compat-files");
    let a = file(&dir, "a", b"\xFE\xFF\x00A\x00\xE9");
    // Both in one byte order: for a second input in the other order glibc keeps the first
    // one's (a descriptor is not reset between files), where utf8x reads each file's BOM.
    let b = file(&dir, "b", b"\xFE\xFF\x00B");
    same_as_iconv(&["-f", "UTF-16", "-t", "UTF-8", &a, &b], b"");
    same_as_iconv(&["-f", "UTF-16", "-t", "UTF-16", &a, &b], b"");
    let bad = file(&dir, "bad", b"x\xFFy");
    same_as_iconv(&["-f", "UTF-8", "-t", "UTF-16LE", &bad, &a], b"");
    let missing = dir.join("missing").display().to_string();
    same_as_iconv(&["-f", "UTF-8", "-t", "UTF-8", &missing], b"");
    // An input that cannot be opened is skipped: the ones after it are still converted.
    same_as_iconv(&["-f", "UTF-16", "-t", "UTF-8", &a, &missing, &b], b"");
    let theirs = dir.join("theirs").display().to_string();
    let ours = dir.join("ours").display().to_string();
    let input = file(&dir, "in", "\u{e9}\u{1F600}".as_bytes());
    if tool(
        "iconv",
        &["-f", "UTF-8", "-t", "UTF-32", "-o", &theirs, &input],
        b"",
    )
    .is_some()
    {
        utf8x(&["-f", "UTF-8", "-t", "UTF-32", "-o", &ours, &input], b"").ok();
        assert_eq!(
            std::fs::read(&ours).unwrap(),
            std::fs::read(&theirs).unwrap()
        );
    }
}

#[test]
fn large_legacy_conversions_match_glibc_iconv_across_chunks() {
    // Text of characters of every length the target holds, over several 1 MiB chunks (and
    // their pieces): whole, with an invalid byte, with a character the target lacks, from a
    // pipe and from a mapped file.
    let dir = scratch("compat-large");
    for (enc, words) in [
        (
            "CP1251",
            "\u{41f}\u{440}\u{438}\u{432}\u{435}\u{442} \u{451}\u{436} abc \u{2116} ",
        ),
        (
            "KOI8-R",
            "\u{41f}\u{440}\u{438}\u{432}\u{435}\u{442}, \u{451}\u{436}. ",
        ),
        (
            "ISO-8859-15",
            "caf\u{e9} \u{153}uvre \u{20ac} na\u{ef}ve text ",
        ),
        // Mostly ASCII, as Latin text is: copied in runs.
        (
            "ISO-8859-2",
            "Lorem ipsum dolor sit amet, consectetur adipiscing elit, \u{17c}\u{f3}\u{142}w. ",
        ),
        (
            "SJIS",
            "\u{65e5}\u{672c}\u{8a9e} abc \u{ff8a}\u{ff9d} \u{3042}\u{30a2}\u{3002} ",
        ),
        (
            "EUC-KR",
            "\u{d55c}\u{ad6d}\u{c5b4} \u{d14d}\u{c2a4}\u{d2b8} abc. ",
        ),
        ("GBK", "\u{4e2d}\u{6587}\u{6587}\u{672c} abc\u{3002} "),
        ("BIG5", "\u{7e41}\u{9ad4}\u{4e2d}\u{6587} abc\u{3002} "),
    ] {
        let text = words.repeat((5 << 20) / words.len());
        let bytes = text.as_bytes();
        let Some(legacy) = tool("iconv", &["-f", "UTF-8", "-t", enc], bytes) else {
            return;
        };
        assert_eq!(legacy.code, 0, "{enc}: {}", legacy.stderr);
        let mut bad = bytes.to_vec();
        bad[(3 << 20) + 5] = 0xFF;
        let mut lacking = bytes.to_vec();
        let at = (2 << 20) + 1000;
        let at = (0..4)
            .map(|k| at - k)
            .find(|&k| text.is_char_boundary(k))
            .unwrap();
        lacking.splice(at..at, "\u{10348}".bytes());
        for (name, input) in [("whole", bytes), ("bad", &bad[..]), ("lacking", &lacking)] {
            same_as_iconv(&["-f", "UTF-8", "-t", enc], input);
            let path = file(&dir, name, input);
            same_as_iconv(&["-f", "UTF-8", "-t", enc, &path], b"");
        }
        same_as_iconv(&["-f", enc, "-t", "UTF-8"], &legacy.stdout);
        let path = file(&dir, "legacy", &legacy.stdout);
        same_as_iconv(&["-f", enc, "-t", "UTF-8", &path], b"");
        let mut bad = legacy.stdout.clone();
        bad[(2 << 20) + 3] = 0xFF;
        same_as_iconv(&["-f", enc, "-t", "UTF-8"], &bad);
    }
}

/// `FILE: line L` and `byte B` of each report. The wording of the problem differs, and so does
/// `char`: isutf8 counts the bytes before the problem in its line, utf8x the characters.
fn where_(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| {
            let c = l.find(", char ")?;
            let i = l.find(", byte ")? + ", byte ".len();
            let digits = l[i..].chars().take_while(char::is_ascii_digit).count();
            Some(format!("{} {}", &l[..c], &l[i..i + digits]))
        })
        .collect()
}

#[track_caller]
fn same_as_isutf8(flags: &[&str], files: &[&str]) -> Option<(Run, Run)> {
    let args: Vec<&str> = flags.iter().chain(files).copied().collect();
    let isutf8 = tool("isutf8", &args, b"")?;
    let ours = utf8x(&[&["check"][..], &args].concat(), b"");
    let what = format!("isutf8 {args:?}");
    assert_eq!(ours.code, isutf8.code, "exit status of {what}");
    Some((ours, isutf8))
}

#[test]
fn check_matches_isutf8() {
    let dir = scratch("compat-isutf8");
    let files = [
        file(
            &dir,
            "valid",
            "h\u{e9}llo \u{4e16}\u{754c} \u{1F600}\n".as_bytes(),
        ),
        file(&dir, "lead", b"ab\ncd\xC3(x\n"),
        file(&dir, "cont", b"line one\n\xC3\xA9\xC3\xA9 \x80 tail"),
        file(&dir, "overlong", b"x\xC0\xAF"),
        file(&dir, "surrogate", b"\n\n\xED\xA0\x80"),
        file(&dir, "big", b"\xF4\x90\x80\x80"),
        file(&dir, "ff", b"\xFF"),
        file(&dir, "empty", b""),
    ];
    let names: Vec<&str> = files.iter().map(String::as_str).collect();
    for one in &names {
        if let Some((ours, theirs)) = same_as_isutf8(&[], &[one]) {
            assert_eq!(where_(&ours.text()), where_(&theirs.text()), "{one}");
        }
        if let Some((ours, theirs)) = same_as_isutf8(&["-v"], &[one]) {
            assert_eq!(where_(&ours.text()), where_(&theirs.text()), "-v {one}");
        }
    }
    // isutf8 -i leaves an empty file out, though it is valid UTF-8: utf8x lists it.
    let nonempty = &names[..names.len() - 1];
    for flags in [
        &["-q"][..],
        &["-l"],
        &["-i"],
        &["-l", "-i"],
        &["--list"],
        &["--quiet"],
    ] {
        if let Some((ours, theirs)) = same_as_isutf8(flags, nonempty) {
            assert_eq!(ours.stdout, theirs.stdout, "{flags:?}");
        }
    }
    if let Some((ours, theirs)) = same_as_isutf8(&[], &names) {
        assert_eq!(where_(&ours.text()), where_(&theirs.text()));
    }
}
