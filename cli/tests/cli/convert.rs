//! `utf8x convert` and the bare iconv form: every encoding against std, byte order marks,
//! iconv's flags and suffixes, several inputs, output files, chunk boundaries.

use std::fs;

use crate::{file, scratch, utf8x, utf16, utf32};

/// Every UTF-8 length and the edges of each range, several scripts, CRLF and a NUL.
const TEXT: &str = "\u{0}\u{7F}\u{80}\u{FF}\u{100}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFD}\u{FFFF}\
    \u{10000}\u{10FFFF} English, \u{e9}t\u{e9}, \u{3b5}\u{3bb}\u{3bb}\u{3b7}, \
    \u{440}\u{443}\u{441}, \u{4e2d}\u{6587}, \u{1F600}\u{1F44B}\r\n";

/// Each name with the bytes std gives for `TEXT` in it.
fn encodings() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("utf-8", TEXT.as_bytes().to_vec()),
        ("utf-16le", utf16(TEXT, u16::to_le_bytes)),
        ("UTF-16BE", utf16(TEXT, u16::to_be_bytes)),
        ("utf-32le", utf32(TEXT, u32::to_le_bytes)),
        ("UCS-4", utf32(TEXT, u32::to_be_bytes)),
        ("wchar_t", utf32(TEXT, u32::to_ne_bytes)),
    ]
}

#[test]
fn every_pair_matches_std_with_and_without_the_subcommand() {
    let all = encodings();
    for (from, input) in &all {
        for (to, output) in &all {
            let got = utf8x(&["convert", "-f", from, "-t", to], input).ok();
            assert_eq!(&got, output, "{from} -> {to}");
        }
        let got = utf8x(&["--from-code", from, "--to-code", "utf-8", "-"], input).ok();
        assert_eq!(got, TEXT.as_bytes(), "{from}, iconv form");
    }
}

#[test]
fn the_other_forms_convert_too() {
    let text = "a\u{0}\u{10000}";
    let cesu = utf8x(&["-t", "cesu-8"], text.as_bytes()).ok();
    assert_eq!(cesu, b"a\x00\xED\xA0\x80\xED\xB0\x80");
    let mutf = utf8x(&["-f", "cesu-8", "-t", "java"], &cesu).ok();
    assert_eq!(mutf, b"a\xC0\x80\xED\xA0\x80\xED\xB0\x80");
    assert_eq!(utf8x(&["-f", "mutf-8"], &mutf).ok(), text.as_bytes());
    assert_eq!(
        utf8x(&["-f", "cp1252"], b"\x80\xE9").ok(),
        "\u{20AC}\u{e9}".as_bytes()
    );
    assert_eq!(utf8x(&["-f", "latin-1"], b"\xE9").ok(), "\u{e9}".as_bytes());
}

#[test]
fn utf16_and_utf32_read_and_strip_a_bom_and_write_one() {
    let be = [&[0xFE, 0xFF][..], &utf16("h\u{e9}", u16::to_be_bytes)].concat();
    let le = [&[0xFF, 0xFE][..], &utf16("h\u{e9}", u16::to_le_bytes)].concat();
    let he = "h\u{e9}".as_bytes();
    assert_eq!(utf8x(&["-f", "utf-16", "-t", "utf-8"], &be).ok(), he);
    assert_eq!(utf8x(&["-f", "UTF16", "-t", "utf-8"], &le).ok(), he);
    // Without a BOM: the machine's order, as glibc.
    let ne = utf16("h\u{e9}", u16::to_ne_bytes);
    assert_eq!(utf8x(&["-f", "utf-16", "-t", "utf-8"], &ne).ok(), he);
    let be32 = [&[0, 0, 0xFE, 0xFF][..], &utf32("h\u{e9}", u32::to_be_bytes)].concat();
    assert_eq!(utf8x(&["-f", "utf-32", "-t", "utf-8"], &be32).ok(), he);
    // A named byte order keeps the BOM as the character U+FEFF.
    assert_eq!(
        utf8x(&["-f", "utf-16le", "-t", "utf-8"], &le).ok(),
        "\u{FEFF}h\u{e9}".as_bytes()
    );
    // Output: a BOM in the machine's order for UTF-16 and UTF-32; --no-bom and --bom choose.
    let native = if cfg!(target_endian = "little") {
        &le
    } else {
        &be
    };
    assert_eq!(&utf8x(&["-t", "utf-16"], he).ok(), native);
    assert_eq!(
        utf8x(&["-t", "utf-16", "--no-bom"], he).ok(),
        utf16("h\u{e9}", u16::to_ne_bytes)
    );
    let bom32 = [0xFEFF_u32.to_ne_bytes(), u32::from(b'h').to_ne_bytes()].concat();
    assert_eq!(utf8x(&["-t", "utf-32"], b"h").ok(), bom32);
    assert_eq!(
        utf8x(&["-t", "utf-8", "--bom"], b"h").ok(),
        b"\xEF\xBB\xBFh"
    );
    assert_eq!(
        utf8x(&["-t", "utf-16be", "--bom"], b"h").ok(),
        [0xFE, 0xFF, 0, b'h']
    );
    // An empty input gives an empty output, BOM included.
    assert_eq!(utf8x(&["-t", "utf-16"], b"").ok(), b"");
    let run = utf8x(&["-t", "latin1", "--bom"], b"h");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("has no byte order mark"),
        "{}",
        run.stderr
    );
}

#[test]
fn auto_reads_a_bom_or_detects() {
    let le = [&[0xFF, 0xFE][..], &utf16("h\u{e9}", u16::to_le_bytes)].concat();
    assert_eq!(utf8x(&["-f", "auto"], &le).ok(), "h\u{e9}".as_bytes());
    let text = "\u{41f}\u{440}\u{438}\u{432}\u{435}\u{442}, Hello, world! ".repeat(10);
    let be = utf16(&text, u16::to_be_bytes);
    assert_eq!(utf8x(&["convert", "-f", "AUTO"], &be).ok(), text.as_bytes());
    assert_eq!(utf8x(&["-f", "auto"], b"\xEF\xBB\xBFok").ok(), b"ok");
    let french = "Caf\u{e9} cr\u{e8}me, cr\u{e8}me br\u{fb}l\u{e9}e, th\u{e9} \u{e0} la menthe, \
                  p\u{e2}tisseries fran\u{e7}aises et d\u{e9}j\u{e0} les g\u{e2}teaux.\n";
    assert_eq!(
        utf8x(
            &["-f", "auto"],
            &encoding_rs::WINDOWS_1252.encode(french).0.repeat(2)
        )
        .ok(),
        french.repeat(2).as_bytes()
    );
    // Four bytes outside ASCII do not tell code pages apart: nothing is converted.
    let run = utf8x(&["-f", "auto"], b"caf\xE9 cr\xE8me br\xFBl\xE9e\n");
    assert_eq!((run.code, run.stdout.as_slice()), (1, &b""[..]));
    // As utf8x::detect: UTF-8 cut inside its last character is UTF-8, cut short.
    let run = utf8x(&["-f", "auto"], b"caf\xE9");
    assert_eq!((run.code, run.stdout.as_slice()), (1, &b"caf"[..]));
    assert!(
        run.stderr.contains("incomplete character"),
        "{}",
        run.stderr
    );
}

#[test]
fn strict_stops_at_the_first_error_with_its_position_and_keeps_what_came_before() {
    let run = utf8x(&["-f", "utf-8", "-t", "utf-16le"], b"ab\ncd\xC3(x\n");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, utf16("ab\ncd", u16::to_le_bytes));
    assert_eq!(
        run.stderr,
        "utf8x: error: -: illegal input sequence at position 5 (invalid UTF-8: sequence too short)\n"
    );
    let run = utf8x(&["-f", "utf-8", "-t", "latin1"], "a\u{20AC}x".as_bytes());
    assert_eq!((run.code, run.stdout.as_slice()), (1, &b"a"[..]));
    assert!(
        run.stderr
            .starts_with("utf8x: error: -: cannot convert U+20AC at position 1 to ISO-8859-1\n"),
        "{}",
        run.stderr
    );
    // Positions count the BOM's bytes too: they are bytes of the file.
    let bad = [&[0xFF, 0xFE][..], b"a\x00\x00\xDCb\x00"].concat();
    let run = utf8x(&["-f", "utf-16", "-t", "utf-8"], &bad);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("at position 4"), "{}", run.stderr);
    let run = utf8x(&["-f", "utf-16le", "-t", "utf-8"], b"a\x00b");
    assert_eq!((run.code, run.stdout.as_slice()), (1, &b"a"[..]));
    assert!(
        run.stderr
            .contains("incomplete character or shift sequence at end of buffer"),
        "{}",
        run.stderr
    );
}

#[test]
fn c_ignore_and_translit_as_iconv() {
    // -c drops invalid input and exits 0, but a character cut short at the end still fails.
    assert_eq!(
        utf8x(&["-c", "-f", "utf-8", "-t", "utf-8"], b"ab\xFFcd").ok(),
        b"abcd"
    );
    let run = utf8x(&["-c", "-f", "utf-8", "-t", "utf-8"], b"ab\xFFcd\xC3");
    assert_eq!((run.code, run.stdout.as_slice()), (1, &b"abcd"[..]));
    // //IGNORE drops as well, and fails once done.
    let euro = "a\u{20AC}x".as_bytes();
    let run = utf8x(&["-f", "utf-8", "-t", "latin1//IGNORE"], euro);
    assert_eq!((run.code, run.stdout.as_slice()), (1, &b"ax"[..]));
    assert!(
        run.stderr
            .contains("1 invalid or unmappable sequence omitted")
    );
    assert_eq!(utf8x(&["-c", "-t", "latin1//IGNORE"], euro).ok(), b"ax");
    // //TRANSLIT substitutes characters the target lacks (glibc's substitutes), not invalid
    // input.
    assert_eq!(utf8x(&["-t", "latin1//TRANSLIT"], euro).ok(), b"aEURx");
    assert_eq!(utf8x(&["-t", "latin1//TRANSLIT"], b"a\xFFx").code, 1);
    let mixed = b"\xE2\x82\xAC\xFF\xC3\xBFx";
    assert_eq!(
        utf8x(&["-c", "-t", "latin1//TRANSLIT"], mixed).ok(),
        b"EUR\xFFx"
    );
    // ASCII (a table of the system's iconv) and UCS-2 (the iconv engine).
    assert_eq!(
        utf8x(&["-t", "ascii//TRANSLIT"], "\u{e9}!".as_bytes()).ok(),
        b"e!"
    );
    assert_eq!(
        utf8x(&["-f", "ascii", "-t", "ucs-2le"], b"hi").ok(),
        b"h\0i\0"
    );
    let run = utf8x(&["-t", "ascii"], "a\u{e9}".as_bytes());
    assert_eq!((run.code, run.stdout.as_slice()), (1, &b"a"[..]));
    assert!(run.stderr.contains("at position 1"), "{}", run.stderr);
}

#[test]
fn every_policy() {
    let bad = b"a\xE9\xFFb";
    let with = |p: &str| utf8x(&["-f", "utf-8", "-t", "utf-8", "--policy", p], bad);
    assert_eq!(with("replace").ok(), "a\u{FFFD}\u{FFFD}b".as_bytes());
    assert_eq!(with("skip").ok(), b"ab");
    assert_eq!(with("ignore").ok(), b"ab");
    assert_eq!(with("fallback").ok(), "a\u{e9}\u{ff}b".as_bytes());
    assert_eq!(with("strict").code, 1);
    // Escape round-trips any bytes through UTF-16.
    let wide = utf8x(&["-t", "utf-16le", "-p", "escape"], bad).ok();
    assert_eq!(utf8x(&["-f", "utf-16le", "-p", "escape"], &wide).ok(), bad);
    let run = utf8x(&["-t", "latin1", "-p", "escape"], b"a");
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("policy escape"), "{}", run.stderr);
    assert_eq!(utf8x(&["-p", "bogus"], b"a").code, 64);
}

#[test]
fn several_inputs_are_converted_one_after_the_other_and_stdin_by_dash() {
    let dir = scratch("several");
    let a = file(&dir, "a", &[0xFE, 0xFF, 0, b'A']);
    let b = file(&dir, "b", &[0xFF, 0xFE, b'B', 0]);
    // Each input is a conversion of its own, with its own BOM, as glibc's iconv.
    let got = utf8x(
        &["-f", "utf-16", "-t", "utf-8", &a, "-", &b],
        b"\xFF\xFEc\x00",
    )
    .ok();
    assert_eq!(got, b"AcB");
    // The first failing input stops the run.
    let bad = file(&dir, "bad", b"x\xFF");
    let ok = file(&dir, "ok", b"ok");
    let run = utf8x(&[&bad, &ok], b"");
    assert_eq!((run.code, run.stdout.as_slice()), (1, &b"x"[..]));
    let missing = dir.join("missing").display().to_string();
    let run = utf8x(&[&missing, &ok], b"");
    assert_eq!((run.code, run.stdout.as_slice()), (1, &b"ok"[..]));
    assert!(
        run.stderr.contains("cannot open input file"),
        "{}",
        run.stderr
    );
    // An output file is not replaced by the others' output.
    let out = file(&dir, "out", b"old");
    assert_eq!(utf8x(&["-o", &out, &ok, &missing], b"").code, 1);
    assert_eq!(fs::read(&out).unwrap(), b"old");
}

#[test]
fn output_files_are_replaced_whole_and_only_on_success() {
    let dir = scratch("output");
    let input = file(&dir, "in", "h\u{e9}llo".as_bytes());
    let out = dir.join("out");
    fs::write(&out, b"old").unwrap();
    let o = out.to_str().unwrap();
    utf8x(&["-t", "utf-16le", "-o", o, &input], b"").ok();
    let expected = utf16("h\u{e9}llo", u16::to_le_bytes);
    assert_eq!(fs::read(&out).unwrap(), expected);
    let bad = file(&dir, "bad", b"h\xFF");
    assert_eq!(utf8x(&["-o", o, &bad], b"").code, 1);
    assert_eq!(fs::read(&out).unwrap(), expected, "untouched");
    // The input itself may be the output.
    utf8x(&["-t", "utf-16be", "--output", &input, &input], b"").ok();
    let be = utf16("h\u{e9}llo", u16::to_be_bytes);
    assert_eq!(fs::read(&input).unwrap(), be);
    // No temporary file is left behind.
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 3);
    // `-` and /dev/stdout are standard output.
    assert_eq!(utf8x(&["-o", "-"], b"x").ok(), b"x");
    assert_eq!(utf8x(&["-o", "/dev/stdout"], b"x").ok(), b"x");
}

#[test]
fn unwritable_outputs_name_the_real_problem() {
    let run = utf8x(&["-o", "/proc/version"], b"x");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("cannot write /proc/version: "),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains(".tmp"), "{}", run.stderr);
    let run = utf8x(&["-o", "/nonexistent-dir/x"], b"x");
    assert_eq!(
        run.stderr,
        "utf8x: error: cannot write /nonexistent-dir/x: directory /nonexistent-dir does not exist\n"
    );
}

#[test]
fn large_inputs_stream_across_chunks_with_exact_positions() {
    // Characters of every width straddle the 1 MiB chunk boundaries.
    let text = "a\u{e9}\u{20AC}\u{1F600}".repeat(300_000);
    let wide = utf8x(&["-t", "utf-16be"], text.as_bytes()).ok();
    assert_eq!(wide, utf16(&text, u16::to_be_bytes));
    assert_eq!(utf8x(&["-f", "utf-16be"], &wide).ok(), text.as_bytes());
    let mut bad = text.into_bytes();
    let at = (1 << 20) + 1;
    bad[at] = 0xFF;
    let run = utf8x(&["-t", "utf-32le"], &bad);
    assert_eq!(run.code, 1);
    // The byte lands inside U+1F600 (bytes 6..10 of each 10-byte round): the error is that
    // character's first byte, cut short, at the first chunk's end.
    assert_eq!(at % 10, 7);
    assert!(
        run.stderr.contains(&format!("at position {} ", at - 1)),
        "{}",
        run.stderr
    );
}

#[test]
fn list_and_verbose() {
    let list = utf8x(&["-l"], b"").text();
    assert!(list.contains("UTF-16LE"), "{list}");
    assert!(list.contains("WINDOWS-1252"), "{list}");
    assert_eq!(utf8x(&["convert", "--list"], b"").text(), list);
    let run = utf8x(&["-v", "-t", "utf-16le"], b"abc");
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stderr,
        "utf8x: -: 3 bytes of UTF-8 -> 6 bytes of UTF-16LE, 0 substitutions\n"
    );
    let run = utf8x(&["-f", "nope"], b"");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("unknown encoding 'nope'"),
        "{}",
        run.stderr
    );
    // Accepted for iconv's sake.
    assert_eq!(utf8x(&["-s", "-t", "utf-8"], b"x").ok(), b"x");
}

#[test]
fn mapped_files_stream_across_windows_like_pipes() {
    // Regular files are read through mapped windows, pipes by copies: the same results.
    let dir = scratch("mapped");
    let text = "a\u{e9}\u{20AC}\u{1F600}".repeat(300_000);
    let wide = [&[0xFE, 0xFF][..], &utf16(&text, u16::to_be_bytes)].concat();
    let path = file(&dir, "wide", &wide);
    assert_eq!(utf8x(&["-f", "utf-16", &path], b"").ok(), text.as_bytes());
    let utf8 = file(&dir, "utf8", text.as_bytes());
    let from_file = utf8x(&["-t", "utf-32be", &utf8], b"").ok();
    assert_eq!(from_file, utf8x(&["-t", "utf-32be"], text.as_bytes()).ok());
    let mut bad = text.into_bytes();
    bad[2_097_150] = 0xFF;
    let bad = file(&dir, "bad", &bad);
    let run = utf8x(&["-t", "utf-16le", &bad], b"");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("at position 2097150 "),
        "{}",
        run.stderr
    );
}

#[test]
fn a_reader_that_goes_away_is_not_an_error() {
    let dir = scratch("pipe");
    let big = file(&dir, "big", &vec![b'x'; 8 << 20]);
    let exe = env!("CARGO_BIN_EXE_utf8x");
    let script = format!("'{exe}' -t utf-16le '{big}' | head -c 4; echo \" ${{PIPESTATUS[0]}}\"");
    let out = std::process::Command::new("bash")
        .args(["-c", &script])
        .output()
        .unwrap();
    // utf8x's own status after head closed the pipe: 0, and no message.
    assert_eq!(out.stdout, b"x\0x\0 0\n");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn a_file_that_shrinks_while_read_is_an_error_not_a_crash() {
    use std::io::Read;
    use std::process::Stdio;
    let dir = scratch("shrink");
    let big = file(&dir, "big", &vec![b'x'; 8 << 20]);
    let mut child = crate::binary()
        .args(["-t", "utf-16le", &big])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first window's output fills the pipe, which nobody reads yet: the file is cut while
    // utf8x waits to write it, before the next window is mapped.
    std::thread::sleep(std::time::Duration::from_millis(500));
    fs::OpenOptions::new()
        .write(true)
        .open(&big)
        .unwrap()
        .set_len(1000)
        .unwrap();
    let mut sink = Vec::new();
    child.stdout.take().unwrap().read_to_end(&mut sink).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "killed by a signal? {stderr}");
    assert!(stderr.contains("shrank"), "{stderr}");
}

#[test]
fn threads_convert_exactly_what_one_thread_converts() {
    // 6 MiB: past the first 1 MiB chunk, the rest is one window cut into pieces for four
    // threads. Each case against `-j 1` (same output bytes, messages and status), and the
    // valid ones against std.
    let dir = scratch("convert-jobs");
    let text = "a\u{e9}\u{20AC}\u{1F600}\n".repeat(6 << 20 >> 4);
    let len = text.len();
    let piece = (len - (1 << 20)) / 4;
    let mut cases: Vec<(&str, Vec<u8>)> = vec![("UTF-8", text.clone().into_bytes())];
    // Bad bytes at the first chunk's end, at the pieces' edges and at the very end.
    for at in [
        (1 << 20) - 1,
        (1 << 20) + piece,
        (1 << 20) + 2 * piece + 1,
        len - 1,
    ] {
        let mut bad = text.clone().into_bytes();
        bad[at] = 0xFF;
        cases.push(("UTF-8", bad));
    }
    let mut cut = text.clone().into_bytes();
    cut.truncate(len - 2);
    cases.push(("UTF-8", cut));
    let mut units = utf16(&text, u16::to_le_bytes);
    cases.push(("UTF-16LE", units.clone()));
    // A lone high surrogate in the middle.
    let mid = units.len() / 2 / 2 * 2;
    units[mid..mid + 2].copy_from_slice(&0xD800u16.to_le_bytes());
    cases.push(("UTF-16LE", units));
    cases.push(("UTF-32BE", utf32(&text, u32::to_be_bytes)));
    for (i, (from, bytes)) in cases.iter().enumerate() {
        let path = file(&dir, &format!("case{i}"), bytes);
        let to = if *from == "UTF-8" {
            "UTF-16LE"
        } else {
            "UTF-8"
        };
        for flags in [
            &["-p", "strict"][..],
            &["-p", "replace"],
            &["-c"],
            &["-p", "escape"],
        ] {
            let args = |jobs: &'static str| {
                let mut a = vec!["convert", "-j", jobs, "-f", from, "-t", to];
                a.extend_from_slice(flags);
                a.push(&path);
                a
            };
            let one = utf8x(&args("1"), b"");
            let four = utf8x(&args("4"), b"");
            let what = format!("case {i} {from} {flags:?}");
            assert_eq!(four.code, one.code, "{what}: {}", four.stderr);
            assert_eq!(four.stderr, one.stderr, "{what}");
            assert!(four.stdout == one.stdout, "{what}: outputs differ");
        }
    }
    // The valid ones, against std.
    let utf8 = utf8x(
        &[
            "convert",
            "-j",
            "4",
            "-t",
            "UTF-16LE",
            &file(&dir, "v", text.as_bytes()),
        ],
        b"",
    );
    assert!(utf8.stdout == utf16(&text, u16::to_le_bytes));
    let back = utf8x(
        &[
            "convert",
            "-j",
            "4",
            "-f",
            "UTF-32BE",
            &file(&dir, "w", &utf32(&text, u32::to_be_bytes)),
        ],
        b"",
    );
    assert!(back.stdout == text.as_bytes());
}
