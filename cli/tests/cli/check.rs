//! `utf8x check`: the exact report for valid, invalid and unreadable inputs.

use crate::{file, samples, scratch, utf8x};

/// The expected report line, derived from std: the offset is `valid_up_to`, the line and the
/// column come from the valid prefix as a `str`.
fn expected(name: &str, data: &[u8], kind: &str) -> String {
    let error = std::str::from_utf8(data).expect_err("the input is invalid");
    let prefix = std::str::from_utf8(&data[..error.valid_up_to()]).expect("valid prefix");
    let line = 1 + prefix.matches('\n').count();
    let column = 1 + prefix.rsplit('\n').next().unwrap_or("").chars().count();
    // std reports a sequence cut short by the end of the input as an error without a length.
    assert_eq!(
        error.error_len().is_none(),
        kind == "input ends inside a sequence",
        "{data:x?}"
    );
    format!(
        "{name}: invalid UTF-8 at byte {} (line {line}, column {column}): {kind}\n",
        error.valid_up_to()
    )
}

/// One input per error kind as (valid text, bad bytes and what follows, kind): most after
/// multibyte text, several lines, a CRLF or a lone `\r`.
const INVALID: &[(&str, &[u8], &str)] = &[
    ("", b"\xFF", "invalid lead byte"),
    ("ok\n", b"\xF8\x88\x80\x80\x80", "invalid lead byte"),
    ("\r\r\n\r", b"\xFF", "invalid lead byte"),
    ("abc", b"\x80", "unexpected continuation byte"),
    ("\u{e9}", b"\xA9", "unexpected continuation byte"),
    (
        "\u{1F600}\u{1F600}\r\u{1F600}",
        b"\x80",
        "unexpected continuation byte",
    ),
    (
        "h\u{e9}llo\nw\u{f6}rld\r\n\u{3ba}\u{3b1}\u{3bb}\u{3b7}",
        b"\xC0\xAF",
        "overlong encoding",
    ),
    ("a", b"\xE0\x80\x80", "overlong encoding"),
    ("", b"\xF0\x8F\xBF\xBF", "overlong encoding"),
    ("x", b"\xE2\x28\xA1", "sequence too short"),
    ("caf", b"\xE9 au lait", "sequence too short"),
    ("", b"\xF0\x9F\x98z", "sequence too short"),
    ("\n\n", b"\xED\xA0\x80", "surrogate code point"),
    ("", b"\xF4\x90\x80\x80", "code point above U+10FFFF"),
    ("\u{10FFFF}", b"\xF5\x80", "code point above U+10FFFF"),
    (
        "line1\nline2\n\u{65e5}\u{672c}",
        b"\xE6\x97",
        "input ends inside a sequence",
    ),
    ("", b"\xC3", "input ends inside a sequence"),
];

fn joined(text: &str, bad: &[u8]) -> Vec<u8> {
    [text.as_bytes(), bad].concat()
}

#[test]
fn valid_files_report_bytes_and_characters() {
    let dir = scratch("check-valid");
    for (name, text) in [
        ("empty", ""),
        ("one", "\u{20AC}"),
        ("mixed", "a\u{e9}\u{3b1}\u{4e2d}\u{1F600}\r\n\u{10FFFF}\n"),
    ] {
        let path = file(&dir, name, text.as_bytes());
        let (bytes, chars) = (text.len(), text.chars().count());
        let plural = |n: usize, noun: &str| format!("{n} {noun}{}", if n == 1 { "" } else { "s" });
        let line = format!(
            "{path}: ok ({}, {})\n",
            plural(bytes, "byte"),
            plural(chars, "character")
        );
        assert_eq!(utf8x(&["check", &path], b"").ok(), line.as_bytes());
        assert_eq!(utf8x(&["check", "-q", &path], b"").ok(), b"");
        assert_eq!(utf8x(&["check", "--quiet", &path], b"").ok(), b"");
    }
}

#[test]
fn invalid_files_report_offset_line_column_and_kind() {
    let dir = scratch("check-invalid");
    for (i, &(text, bad, kind)) in INVALID.iter().enumerate() {
        let data = joined(text, bad);
        let path = file(&dir, &format!("bad{i}"), &data);
        let run = utf8x(&["check", &path], b"");
        assert_eq!((run.code, run.stderr.as_str()), (1, ""), "{data:x?}");
        assert_eq!(
            String::from_utf8(run.stdout).unwrap(),
            expected(&path, &data, kind)
        );
        // Quiet silences only the valid files.
        let quiet = utf8x(&["check", "-q", &path], b"");
        assert_eq!(quiet.code, 1);
        assert_eq!(
            String::from_utf8(quiet.stdout).unwrap(),
            expected(&path, &data, kind)
        );
    }
}

#[test]
fn a_line_ends_at_newline_and_carriage_return_is_a_character() {
    let dir = scratch("check-crlf");
    let path = file(&dir, "crlf", b"\xCE\xB1\r\n\xCE\xB2\r\xCE\xB3\xFF");
    assert_eq!(
        String::from_utf8(utf8x(&["check", &path], b"").stdout).unwrap(),
        format!("{path}: invalid UTF-8 at byte 9 (line 2, column 4): invalid lead byte\n")
    );
}

#[test]
fn standard_input_is_named_dash() {
    let ok = utf8x(&["check", "-"], "\u{e9}t\u{e9}\n".as_bytes());
    assert_eq!(ok.ok(), b"-: ok (6 bytes, 4 characters)\n");
    let bad = joined("\u{e9}t\u{e9}\n", b"\xC0");
    let run = utf8x(&["check", "-"], &bad);
    assert_eq!((run.code, run.stderr.as_str()), (1, ""));
    assert_eq!(
        String::from_utf8(run.stdout).unwrap(),
        expected("-", &bad, "overlong encoding")
    );
}

#[test]
fn every_file_is_checked_and_the_worst_status_wins() {
    let dir = scratch("check-many");
    let good = file(&dir, "good", b"fine\n");
    let bad = file(&dir, "bad", b"caf\xE9\n");
    let missing = dir.join("missing").to_str().unwrap().to_owned();
    let folder = dir.to_str().unwrap().to_owned();

    let run = utf8x(&["check", &bad, &good], b"");
    assert_eq!((run.code, run.stderr.as_str()), (1, ""));
    assert_eq!(
        String::from_utf8(run.stdout).unwrap(),
        format!(
            "{bad}: invalid UTF-8 at byte 3 (line 1, column 4): sequence too short\n\
             {good}: ok (5 bytes, 5 characters)\n"
        )
    );

    let run = utf8x(&["check", &missing, &good, &folder, &bad], b"");
    assert_eq!(run.code, 2);
    assert_eq!(
        String::from_utf8(run.stdout).unwrap(),
        format!(
            "{good}: ok (5 bytes, 5 characters)\n\
             {bad}: invalid UTF-8 at byte 3 (line 1, column 4): sequence too short\n"
        )
    );
    assert_eq!(
        run.stderr,
        format!(
            "utf8x: cannot read {missing}: No such file or directory\n\
             utf8x: cannot read {folder}: Is a directory\n"
        )
    );
}

#[test]
fn operands_after_double_dash_may_start_with_a_dash() {
    let dir = scratch("check-dashdash");
    file(&dir, "-q", b"x");
    let run = crate::binary()
        .current_dir(&dir)
        .args(["check", "--", "-q"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0));
    assert_eq!(run.stdout, b"-q: ok (1 byte, 1 character)\n");
}

#[test]
fn shipped_samples_say_what_the_readme_shows() {
    let dir = samples();
    let hello = std::fs::read(dir.join("hello.txt")).expect("samples/hello.txt");
    let broken = std::fs::read(dir.join("broken.txt")).expect("samples/broken.txt");
    let text = std::str::from_utf8(&hello).expect("hello.txt is valid UTF-8");
    assert!(text.lines().count() >= 12);
    let (hello_path, broken_path) = (dir.join("hello.txt"), dir.join("broken.txt"));
    let (hello_path, broken_path) = (hello_path.to_str().unwrap(), broken_path.to_str().unwrap());
    let run = utf8x(&["check", hello_path, broken_path], b"");
    assert_eq!((run.code, run.stderr.as_str()), (1, ""));
    let report = expected(broken_path, &broken, "sequence too short");
    // The numbers samples/README.md shows.
    assert_eq!(
        report,
        format!(
            "{broken_path}: invalid UTF-8 at byte 126 (line 3, column 21): sequence too short\n"
        )
    );
    assert_eq!((hello.len(), text.chars().count()), (1307, 736));
    assert_eq!(
        String::from_utf8(run.stdout).unwrap(),
        format!(
            "{hello_path}: ok ({} bytes, {} characters)\n{report}",
            hello.len(),
            text.chars().count()
        )
    );
}
