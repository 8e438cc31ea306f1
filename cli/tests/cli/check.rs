//! `utf8x check`: isutf8's options and output, `--json`, `--all`, directories, hints.

use std::fs;

use crate::{file, scratch, utf8x, utf16};

#[test]
fn prints_each_problem_as_isutf8_and_nothing_for_valid_files() {
    let dir = scratch("check-plain");
    let bad = file(&dir, "bad", b"ab\ncd\xC3(x\n");
    let ok = file(&dir, "ok", "h\u{e9}llo\n".as_bytes());
    let run = utf8x(&["check", &bad, &ok], b"");
    assert_eq!(run.code, 1);
    assert_eq!(
        run.text(),
        format!("{bad}: line 2, char 3, byte 5: sequence too short\n")
    );
    assert_eq!(utf8x(&["check", &ok], b"").ok(), b"");
    let run = utf8x(&["check"], b"\xFF");
    assert_eq!(
        run.text(),
        "(standard input): line 1, char 1, byte 0: invalid lead byte\n"
    );
    let run = utf8x(&["check", "-"], b"ok\xE2\x82");
    assert_eq!(run.code, 1);
    assert!(
        run.text()
            .starts_with("(standard input): line 1, char 3, byte 2: "),
        "{}",
        run.text()
    );
}

#[test]
fn quiet_list_invert() {
    let dir = scratch("check-flags");
    let bad = file(&dir, "bad", b"\xFF");
    let ok = file(&dir, "ok", b"ok");
    let run = utf8x(&["check", "-q", &bad, &ok], b"");
    assert_eq!((run.code, run.text().as_str()), (1, ""));
    assert_eq!(utf8x(&["check", "--quiet", &ok], b"").code, 0);
    let run = utf8x(&["check", "-l", &bad, &ok], b"");
    assert_eq!((run.code, run.text()), (1, format!("{bad}\n")));
    let run = utf8x(&["check", "-i", &bad, &ok], b"");
    assert_eq!((run.code, run.text()), (1, format!("{ok}\n")));
    let run = utf8x(&["check", "--list", "--invert", &ok], b"");
    assert_eq!((run.code, run.text()), (0, format!("{ok}\n")));
}

#[test]
fn verbose_shows_the_line_with_a_caret_under_the_bad_bytes() {
    let run = utf8x(&["check", "-v"], b"first\nsecond \xE9t\xE9\tend\n");
    assert_eq!(
        run.text(),
        "(standard input): line 2, char 8, byte 13: sequence too short\n\
         0A 73 65 63 6F 6E 64 20 E9 74 E9 09 65 6E 64 0A  | .second .t..end.\n\
         \x20                       ^^^^^                    |         ^^\n\n"
    );
}

#[test]
fn all_counts_each_stray_byte_as_a_character() {
    let run = utf8x(&["check", "--all"], b"abcdefg\x80\x80\x80z\n");
    assert_eq!(
        run.text(),
        "(standard input): line 1, char 8, byte 7: unexpected continuation byte\n\
         (standard input): line 1, char 9, byte 8: unexpected continuation byte\n\
         (standard input): line 1, char 10, byte 9: unexpected continuation byte\n"
    );
    // A bad sequence in the middle of a line counts as one character too.
    let run = utf8x(&["check", "--all"], b"a\xE9b\xFFc");
    assert_eq!(
        run.text(),
        "(standard input): line 1, char 2, byte 1: sequence too short\n\
         (standard input): line 1, char 4, byte 3: invalid lead byte\n"
    );
}

#[test]
fn all_reports_every_problem_and_json_one_object_each() {
    let run = utf8x(&["check", "--all", "--json"], b"a\xFF\nb\xC3");
    assert_eq!(run.code, 1);
    let lines: Vec<String> = run.text().lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(
        lines[0],
        "{\"file\":\"(standard input)\",\"byte\":1,\"line\":1,\"column\":2,\"length\":1,\
         \"error\":\"invalid lead byte\",\"bytes\":\"FF\",\"looks_like\":null}"
    );
    assert!(
        lines[1].starts_with("{\"file\":\"(standard input)\",\"byte\":4,\"line\":2,\"column\":2,"),
        "{}",
        lines[1]
    );
    // Without --all, the first problem only.
    assert_eq!(
        utf8x(&["check", "-a"], b"\xFF\xFF").text().lines().count(),
        2
    );
    assert_eq!(utf8x(&["check"], b"\xFF\xFF").text().lines().count(), 1);
    // Unreadable: 1, as isutf8.
    let run = utf8x(&["check", "--json", "/nonexistent"], b"");
    assert_eq!(run.code, 1);
    assert_eq!(
        run.text(),
        "{\"file\":\"/nonexistent\",\"io_error\":\"No such file or directory\"}\n"
    );
}

#[test]
fn directories_need_r() {
    let dir = scratch("check-dirs");
    fs::create_dir_all(dir.join("sub")).unwrap();
    file(&dir, "sub/bad", b"\xFF");
    file(&dir, "ok", b"ok");
    let d = dir.to_str().unwrap();
    let run = utf8x(&["check", d], b"");
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("is a directory (-r"), "{}", run.stderr);
    let run = utf8x(&["check", "-r", "-l", d], b"");
    assert_eq!((run.code, run.text()), (1, format!("{d}/sub/bad\n")));
    let run = utf8x(&["check", "--recursive", "-i", d], b"");
    assert_eq!((run.code, run.text()), (1, format!("{d}/ok\n")));
}

#[test]
fn a_utf16_file_gets_a_hint() {
    let text = [&[0xFF, 0xFE][..], &utf16("hello", u16::to_le_bytes)].concat();
    let run = utf8x(&["check"], &text);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("looks like UTF-16LE"), "{}", run.stderr);
    let run = utf8x(&["check", "--json"], &text);
    assert!(
        run.text().contains("\"looks_like\":\"UTF-16LE\""),
        "{}",
        run.text()
    );
}

#[test]
fn positions_stay_exact_across_chunks() {
    let mut text = "\u{e9}\n".repeat(1 << 19).into_bytes();
    // The lead byte of the character that straddles the first chunk's end.
    let at = (1 << 20) + 2;
    text[at] = 0xFF;
    let run = utf8x(&["check"], &text);
    assert_eq!(
        run.text(),
        format!(
            "(standard input): line {}, char 1, byte {at}: invalid lead byte\n",
            at / 3 + 1
        )
    );
    // A sequence cut by a chunk boundary is whole again.
    let mut text = vec![b'a'; (1 << 20) - 1];
    text.extend_from_slice("\u{20AC}".as_bytes());
    assert_eq!(utf8x(&["check"], &text).code, 0);
}

#[test]
fn files_and_pipes_give_the_same_positions() {
    let dir = scratch("check-mapped");
    let mut text = "\u{e9}t\u{e9}\n".repeat(1 << 19).into_bytes();
    let at = (5 << 20) / 2 + 1;
    text[at] = 0xC3;
    let path = file(&dir, "big", &text);
    let from_file = utf8x(&["check", "-v", &path], b"").text();
    let from_pipe = utf8x(&["check", "-v"], &text).text();
    assert_eq!(from_file.replacen(&path, "(standard input)", 1), from_pipe);
    assert!(from_file.contains(&format!("byte {at}:")), "{from_file}");
    let all = utf8x(&["check", "--all", "--json", &path], b"").text();
    assert_eq!(all.lines().count(), 1, "{all}");
}

#[test]
fn threads_report_exactly_what_one_thread_reports() {
    // 6 MiB: past the first small chunk, the rest of the file is one window cut into pieces of
    // about 1.5 MiB for four threads.
    let dir = scratch("check-jobs");
    let base = "a\u{e9}\u{20AC}\u{1F600}\n"
        .repeat(6 << 20 >> 4)
        .into_bytes();
    let len = base.len();
    let piece = (len - (64 << 10)) / 4;
    // Bad bytes at the start, in the first chunk, at and around the pieces' edges, at the end;
    // a character cut short at the very end; and several problems for --all.
    let mut cases: Vec<Vec<(usize, u8)>> = vec![vec![], vec![(0, 0x80)], vec![(100, 0xFF)]];
    for k in 1..4 {
        let edge = (64 << 10) + k * piece;
        for at in [edge - 3, edge - 1, edge, edge + 1, edge + 2] {
            cases.push(vec![(at, 0xFF)]);
            cases.push(vec![(at, 0xE2)]);
        }
    }
    cases.push(vec![(len - 1, 0xF0)]);
    cases.push(vec![(10, 0xFF), (3 << 20, 0xC0), (len - 2, 0xE2)]);
    for (i, bad) in cases.iter().enumerate() {
        let mut text = base.clone();
        for &(at, byte) in bad {
            text[at] = byte;
        }
        let path = file(&dir, &format!("case{i}"), &text);
        for args in [&["-v"][..], &["--all", "--json"], &["-l"]] {
            let one = utf8x(
                &[&["check", "-j", "1"], args, &[path.as_str()]].concat(),
                b"",
            );
            let four = utf8x(
                &[&["check", "-j", "4"], args, &[path.as_str()]].concat(),
                b"",
            );
            assert_eq!(
                (four.code, four.text()),
                (one.code, one.text()),
                "{bad:?} {args:?}"
            );
            let valid = std::str::from_utf8(&text).is_ok();
            assert_eq!(one.code, if valid { 0 } else { 1 }, "{bad:?}");
        }
    }
    let zero = utf8x(&["check", "-j", "0", "x"], b"");
    assert_eq!(zero.code, 64, "{}", zero.stderr);
}

#[test]
fn every_problem_of_a_pipe_is_found_in_linear_time() {
    // Each problem's line and column count on from the previous one, not from the start of the
    // chunk: 100,000 problems in one chunk of standard input take as long as in a file.
    let n = 100_000;
    let input = b"ab\xFF\n".repeat(n);
    let dir = scratch("check-many");
    let path = file(&dir, "many", &input);
    let start = std::time::Instant::now();
    let piped = utf8x(&["check", "-a"], &input);
    let elapsed = start.elapsed();
    let named = utf8x(&["check", "-a", &path], b"");
    assert_eq!(piped.code, 1);
    let piped = piped.text();
    assert_eq!(piped.lines().count(), n);
    assert!(
        piped.lines().last().unwrap().starts_with(&format!(
            "(standard input): line {n}, char 3, byte {}:",
            4 * n - 2
        )),
        "{}",
        piped.lines().last().unwrap()
    );
    assert_eq!(piped.replace("(standard input)", &path), named.text());
    assert!(elapsed.as_secs() < 60, "{elapsed:?}");
}

#[test]
fn a_reader_that_goes_away_ends_the_run() {
    // After `| head`, the files left are not read: here a FIFO nobody writes to, which would
    // block the run forever (`timeout` tells).
    let dir = scratch("check-head");
    let many = file(&dir, "a-many", &b"ab\xFF\n".repeat(100_000));
    let fifo = dir.join("b-fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("SKIPPED: mkfifo is not available");
        return;
    }
    let exe = env!("CARGO_BIN_EXE_utf8x");
    let script = format!(
        "timeout 10 '{exe}' check -a '{many}' '{}' | head -c 1 >/dev/null; \
         echo \"${{PIPESTATUS[0]}}\"",
        fifo.display()
    );
    let out = std::process::Command::new("bash")
        .args(["-c", &script])
        .output()
        .unwrap();
    // 1: the first file is invalid; 124 would be the timeout.
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1\n");
}
