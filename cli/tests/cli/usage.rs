//! Help, version, usage mistakes and a reader that goes away early.

use std::io::Write;
use std::process::Stdio;

use crate::{binary, utf8x};

#[test]
fn help_goes_to_stdout() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["help"],
        &["help", "convert"],
        &["check", "--help"],
        &["convert", "-h"],
        &["convert", "-f", "utf-8", "--help"],
    ] {
        let out = String::from_utf8(utf8x(args, b"").ok()).unwrap();
        assert!(out.starts_with("utf8x "), "{args:?}");
        for needle in [
            "utf8x check",
            "utf8x convert",
            "--policy",
            "latin1",
            "exit status",
        ] {
            assert!(out.contains(needle), "{needle} in {args:?}");
        }
    }
}

#[test]
fn version_is_the_library_version() {
    let v = utf8x::version();
    let line = format!("utf8x {}.{}.{}\n", v >> 16, (v >> 8) & 0xFF, v & 0xFF);
    for flag in ["--version", "-V"] {
        assert_eq!(utf8x(&[flag], b"").ok(), line.as_bytes());
    }
}

const CHECK: &str = "usage: utf8x check [-q|--quiet] FILE... (see 'utf8x --help')\n";
const CONVERT: &str = "usage: utf8x convert -f ENC -t ENC [--policy strict|replace|skip|escape|fallback] \
    [-v] IN [-o OUT] (see 'utf8x --help')\n";
const MAIN: &str = "usage: utf8x check [-q] FILE... | utf8x convert -f ENC -t ENC [OPTIONS] IN \
    [-o OUT] | utf8x detect [FILE...] (see 'utf8x --help')\n";
const DETECT: &str = "usage: utf8x detect [FILE...] (see 'utf8x --help')\n";
const KNOWN: &str = "(known: utf-8, utf-16le, utf-16be, utf-16, utf-32le, utf-32be, utf-32, latin1, \
    cesu-8, mutf-8, wtf-8, rfc2279, windows-1252 (and their iconv aliases))";

#[test]
fn every_usage_mistake_is_one_line_plus_the_synopsis() {
    let cases: &[(&[&str], &str, &str)] = &[
        (&[], "no command given", MAIN),
        (&["frob"], "unknown command 'frob'", MAIN),
        (&["Check", "x"], "unknown command 'Check'", MAIN),
        (&["--frob"], "unknown option '--frob'", MAIN),
        (&["-x"], "unknown option '-x'", MAIN),
        (&["check"], "check needs at least one FILE", CHECK),
        (&["detect", "-q"], "unknown option '-q'", DETECT),
        (&["check", "-q"], "check needs at least one FILE", CHECK),
        (
            &["check", "--bogus", "f"],
            "unknown option '--bogus'",
            CHECK,
        ),
        (&["check", "f", "-x"], "unknown option '-x'", CHECK),
        (&["check", "-qv", "f"], "unknown option '-qv'", CHECK),
        (
            &["check", "--quiet=yes", "f"],
            "option '--quiet' takes no value",
            CHECK,
        ),
        (
            &["convert", "-t", "utf-8", "in"],
            "convert needs -f ENC",
            CONVERT,
        ),
        (
            &["convert", "-f", "utf-8", "in"],
            "convert needs -t ENC",
            CONVERT,
        ),
        (
            &["convert", "-f", "utf-8", "-t", "utf-16le"],
            "convert needs an input file (IN)",
            CONVERT,
        ),
        (
            &["convert", "-f", "utf-8", "-t", "utf-16le", "a", "b"],
            "convert takes one input file, got 2: use -o to name the output",
            CONVERT,
        ),
        (&["convert", "-f"], "option '-f' needs a value", CONVERT),
        (
            &["convert", "in", "--to"],
            "option '--to' needs a value",
            CONVERT,
        ),
        (
            &["convert", "-f", "utf-8", "-t", "latin1", "in", "-o"],
            "option '-o' needs a value",
            CONVERT,
        ),
        (&["convert", "-p"], "option '-p' needs a value", CONVERT),
        (
            &["convert", "-f", "ebcdic"],
            "unknown encoding 'ebcdic' KNOWN",
            CONVERT,
        ),
        (
            &["convert", "--to=utf-7"],
            "unknown encoding 'utf-7' KNOWN",
            CONVERT,
        ),
        (&["convert", "-f", ""], "unknown encoding '' KNOWN", CONVERT),
        (
            &["convert", "--policy=lenient"],
            "unknown policy 'lenient' (known: strict, replace, skip, escape, fallback)",
            CONVERT,
        ),
        (
            &["convert", "-f", "utf8", "-f", "utf8"],
            "option '-f' given more than once",
            CONVERT,
        ),
        (
            &["convert", "-o", "a", "--output", "b"],
            "option '--output' given more than once",
            CONVERT,
        ),
        (&["convert", "--bogus"], "unknown option '--bogus'", CONVERT),
        (&["convert", "-v=1"], "unknown option '-v=1'", CONVERT),
        (
            &["convert", "--verbose=1"],
            "option '--verbose' takes no value",
            CONVERT,
        ),
        (
            &[
                "convert", "-f", "utf-8", "-t", "latin1", "-p", "escape", "in",
            ],
            "policy escape cannot write ISO-8859-1, which has no room for escaped bytes; \
             use replace or skip",
            CONVERT,
        ),
        (
            &[
                "convert", "-f", "utf-16le", "-t", "utf-32be", "-p", "escape", "in",
            ],
            "policy escape needs UTF-8 on one side, not UTF-16LE to UTF-32BE",
            CONVERT,
        ),
    ];
    for &(args, message, synopsis) in cases {
        let message = message.replace("KNOWN", KNOWN);
        utf8x(args, b"").fails(2, &format!("utf8x: {message}\n{synopsis}"));
    }
}

#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_are_reported_not_fatal() {
    use std::ffi::OsString;
    use std::os::unix::ffi::OsStringExt;
    let odd = OsString::from_vec(b"\xFFbad".to_vec());
    utf8x(std::slice::from_ref(&odd), b"")
        .fails(2, &format!("utf8x: unknown command '\u{FFFD}bad'\n{MAIN}"));
    let option = OsString::from_vec(b"--\xFF".to_vec());
    let args = [OsString::from("check"), option, OsString::from("f")];
    utf8x(&args, b"").fails(2, &format!("utf8x: unknown option '--\u{FFFD}'\n{CHECK}"));
    let args = ["convert", "-f", "utf-8", "-t"].map(OsString::from);
    let args = [&args[..], &[odd]].concat();
    utf8x(&args, b"").fails(
        2,
        &format!("utf8x: unknown encoding '\u{FFFD}bad' {KNOWN}\n{CONVERT}"),
    );
}

/// The program reads all of standard input before writing, and the reading end of its
/// standard output is closed before that input arrives, so every write meets a broken pipe.
fn with_stdout_closed(args: &[&str], stdin: &[u8]) -> (i32, String) {
    let mut child = binary()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut pipe = child.stdin.take().unwrap();
    pipe.write_all(stdin).unwrap();
    drop(pipe);
    let output = child.wait_with_output().unwrap();
    let code = output.status.code().expect("not killed by SIGPIPE");
    (code, String::from_utf8(output.stderr).unwrap())
}

#[test]
fn a_closed_stdout_ends_output_quietly() {
    let big = "\u{e9}t\u{e9} ".repeat(100_000);
    assert_eq!(
        with_stdout_closed(
            &["convert", "-f", "utf-8", "-t", "utf-32", "-"],
            big.as_bytes()
        ),
        (0, String::new())
    );
    // check keeps checking, so the status still counts the invalid file after the pipe closed.
    let dir = crate::scratch("usage-pipe");
    let bad = crate::file(&dir, "bad", b"\xFF");
    assert_eq!(
        with_stdout_closed(&["check", "-", &bad], b"ok\n"),
        (1, String::new())
    );
}
