//! Defects users met, each with the test that failed before its fix: temporaries left behind
//! by a signal, `fix --policy escape`, `//TRANSLIT//IGNORE`'s status, the hint for invalid
//! ASCII, `check`'s statuses and `-v` dump beside isutf8's, `detect` on cut UTF-8 and on
//! repeated Latin-1 text, completions, man pages and `make uninstall`, `fix` on UTF-8 with a
//! byte order mark, a closed standard input, empty input into ISO-2022-KR, `-c` on CP1258,
//! `detect` on standard input past its first chunk, `check --all` with several threads.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::{binary, file, scratch, tool, utf8x};

/// The entries of `dir`, sorted.
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_signal_removes_the_temporary_output() {
    for signal in ["INT", "TERM", "HUP"] {
        let dir = scratch(&format!("signal-{signal}"));
        let out = dir.join("out");
        // Standard input stays open: the conversion waits, its temporary beside `out`.
        let mut child = binary()
            .args(["-f", "UTF-8", "-t", "UTF-16LE", "-o"])
            .arg(&out)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut polls = 0;
        while entries(&dir).is_empty() {
            polls += 1;
            assert!(polls < 100_000, "no temporary appeared");
            std::thread::yield_now();
        }
        assert!(
            entries(&dir)[0].ends_with(".utf8x.tmp"),
            "{:?}",
            entries(&dir)
        );
        let pid = child.id().to_string();
        let killed = Command::new("kill")
            .args([&format!("-{signal}"), &pid])
            .status();
        assert!(killed.unwrap().success());
        // Kept open until the child is gone (`wait` would close it first).
        let stdin = child.stdin.take();
        let status = child.wait().unwrap();
        drop(stdin);
        assert!(!status.success());
        assert_eq!(entries(&dir), Vec::<String>::new(), "after SIG{signal}");
    }
}

#[test]
fn fix_refuses_escape_which_utf8_cannot_hold() {
    let dir = scratch("fix-escape");
    let bad = file(&dir, "bad", b"x\xFF\xFEy");
    let run = utf8x(&["fix", "--policy", "escape", &bad], b"");
    assert_eq!(run.code, 64, "{}", run.stderr);
    assert!(run.text().is_empty());
    assert!(run.stderr.contains("cannot hold the lone surrogates"));
    assert_eq!(fs::read(&bad).unwrap(), b"x\xFF\xFEy");
}

#[test]
fn translit_ignore_exits_as_glibc() {
    let args = ["-t", "ISO-8859-1//TRANSLIT//IGNORE"];
    let euro = "5 \u{20AC}\n".as_bytes();
    let run = utf8x(&args, euro);
    assert_eq!((run.code, run.stdout.as_slice()), (0, &b"5 EUR\n"[..]));
    if let Some(glibc) = tool("iconv", &args, euro) {
        assert_eq!((run.code, run.stdout), (glibc.code, glibc.stdout));
    }
    let text = "caf\u{e9} na\u{ef}ve \u{c6}r\u{f8} \u{201c}x\u{201d} \u{20ac}5\n";
    let args = ["-f", "UTF-8", "-t", "ASCII//TRANSLIT"];
    let run = utf8x(&args, text.as_bytes());
    assert_eq!(run.ok(), b"cafe naive AEro \"x\" EUR5\n");
}

#[test]
fn invalid_ascii_is_named_invalid_input_not_an_unmappable_character() {
    let run = utf8x(&["-f", "ASCII", "-t", "UTF-8"], b"caf\xE9\n");
    assert_eq!((run.code, run.stdout.as_slice()), (1, &b"caf"[..]));
    assert!(
        run.stderr.contains("illegal input sequence at position 3"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("TRANSLIT"), "{}", run.stderr);
}

#[test]
fn check_statuses_and_verbose_dump_as_isutf8() {
    let dir = scratch("check-isutf8");
    let missing = dir.join("missing").display().to_string();
    let run = utf8x(&["check", &missing], b"");
    assert_eq!(run.code, 1);
    let v = file(&dir, "v", b"first\nsecond \xE9t\xE9\tend\n");
    let stray = file(&dir, "stray", b"abcdefg\x80\x80\x80z\n");
    for path in [&v, &stray] {
        let ours = utf8x(&["check", "-v", path], b"");
        assert_eq!(ours.code, 1);
        let Some(theirs) = tool("isutf8", &["-v", path], b"") else {
            continue;
        };
        // The dump and the blank line after it; the first line words the problem its own way.
        let dump = |text: &str| text.lines().skip(1).map(str::to_owned).collect::<Vec<_>>();
        assert_eq!(dump(&ours.text()), dump(&theirs.text()), "{path}");
    }
    if let Some(theirs) = tool("isutf8", &[&missing], b"") {
        assert_eq!(theirs.code, 1);
    }
}

#[test]
fn detect_agrees_with_the_library_on_cut_utf8_and_latin1_text() {
    let cut = "na\u{ef}ve caf\u{e9} \u{20ac}".as_bytes();
    let cut = &cut[..cut.len() - 1];
    assert_eq!(utf8x::detect(cut), utf8x::Encoding::Utf8);
    assert_eq!(utf8x(&["detect"], cut).ok(), b"-: UTF-8\n");
    let dir = scratch("detect-cut");
    let path = file(&dir, "cut", cut);
    assert_eq!(
        utf8x(&["detect", &path], b"").text(),
        format!("{path}: UTF-8\n")
    );
    // A Spanish sentence in Latin-1, over and over: not UTF-16BE.
    let sentence = "\u{bf}Qu\u{e9} pasa? Espa\u{f1}a, ma\u{f1}ana, coraz\u{f3}n \u{a1}s\u{ed}! ";
    let latin1: Vec<u8> = sentence.repeat(50).chars().map(|c| c as u8).collect();
    assert_eq!(utf8x::detect(&latin1), utf8x::Encoding::Cp1252);
    let run = utf8x(&["detect"], &latin1);
    assert!(
        run.text().starts_with("-: WINDOWS-1252 (high confidence)"),
        "{}",
        run.text()
    );
}

#[test]
fn completions_offer_encoding_names_after_from_and_to() {
    let bash = String::from_utf8(utf8x(&["completions", "bash"], b"").ok()).unwrap();
    let line = bash
        .lines()
        .skip_while(|l| !l.contains("--from-code)"))
        .nth(1)
        .unwrap_or_default()
        .to_owned();
    for name in ["UTF-16LE", "ISO-8859-1", "SHIFT_JIS", "AUTO"] {
        assert!(line.contains(name), "{name} in {line}");
    }
    assert!(!line.contains("compgen -f"), "{line}");
}

/// The commands whose man pages `make install` writes.
fn installed_pages() -> Vec<String> {
    let makefile =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../Makefile")).unwrap();
    let line = makefile
        .lines()
        .find(|l| l.starts_with("CLI_COMMANDS :="))
        .expect("CLI_COMMANDS in the Makefile");
    line["CLI_COMMANDS :=".len()..]
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

#[test]
fn man_pages_name_only_installed_pages() {
    let installed = installed_pages();
    let man = String::from_utf8(utf8x(&["man"], b"").ok()).unwrap();
    let named: Vec<&str> = man
        .split("utf8x\\-")
        .skip(1)
        .filter_map(|rest| rest.split_once("(1)").map(|(name, _)| name))
        .collect();
    assert!(!named.is_empty(), "{man}");
    for name in named {
        assert!(
            installed.iter().any(|i| i == name),
            "utf8x-{name}(1) is not installed"
        );
        assert_eq!(utf8x(&["man", name], b"").code, 0);
    }
}

#[test]
fn uninstall_removes_what_install_made() {
    let Ok(make) = Command::new("make").arg("--version").output() else {
        eprintln!("SKIPPED: make is not installed");
        return;
    };
    assert!(make.status.success());
    let dir = scratch("install");
    // A build as `make build` leaves it: the tool itself, stand-ins for the libraries.
    let rel = dir.join("rel");
    fs::create_dir_all(&rel).unwrap();
    fs::copy(env!("CARGO_BIN_EXE_utf8x"), rel.join("utf8x")).unwrap();
    for lib in ["libutf8x.a", "libutf8x.so", "libutf8x_iconv.so"] {
        fs::write(rel.join(lib), b"").unwrap();
    }
    let root = dir.join("root");
    fs::create_dir_all(&root).unwrap();
    let run = |target: &str| {
        let out = Command::new("make")
            .arg("-C")
            .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
            .arg(target)
            .arg(format!("DESTDIR={}", root.display()))
            .arg(format!("REL={}", rel.display()))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    run("install-files");
    assert!(root.join("usr/local/bin/utf8x").is_file());
    assert!(
        root.join("usr/local/share/man/man1/utf8x-completions.1")
            .is_file()
    );
    run("uninstall");
    assert_eq!(entries(&root), Vec::<String>::new());
}

/// `fix` leaves a valid UTF-8 file that starts with a byte order mark as it is: the same file
/// (inode), the same bytes, reported unchanged. It used to be rewritten into a new file.
#[test]
fn fix_leaves_valid_utf8_with_a_bom_alone() {
    use std::os::unix::fs::MetadataExt;
    let dir = scratch("fix-bom");
    let bytes = "\u{FEFF}héllo\n".as_bytes();
    let path = file(&dir, "bom.txt", bytes);
    let inode = fs::metadata(&path).unwrap().ino();
    let run = utf8x(&["fix", &path], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.text(), format!("{path}: valid UTF-8, unchanged\n"));
    assert_eq!(fs::metadata(&path).unwrap().ino(), inode);
    assert_eq!(fs::read(&path).unwrap(), bytes);
}

/// Runs `program ARGS` with standard input closed (`<&-`), through the shell.
fn with_stdin_closed(program: &str, args: &[&str]) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" \"$@\" <&-")
        .arg(program)
        .args(args)
        .output()
        .unwrap()
}

/// A closed standard input is an error, as glibc's iconv says ("Bad file descriptor", exit 1),
/// and `-o` keeps its target; it used to be read as empty input, the target replaced with an
/// empty file. `</dev/null` is still empty input.
#[test]
fn a_closed_stdin_is_an_error() {
    let dir = scratch("closed-stdin");
    let target = file(&dir, "target.txt", b"keep\n");
    let exe = env!("CARGO_BIN_EXE_utf8x");
    let run = with_stdin_closed(exe, &["-f", "UTF-8", "-t", "UTF-16LE", "-o", &target]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("Bad file descriptor"), "{stderr}");
    assert_eq!(fs::read(&target).unwrap(), b"keep\n");
    let run = with_stdin_closed(exe, &["-f", "UTF-8", "-t", "UTF-16LE"]);
    assert_eq!((run.status.code(), &run.stdout[..]), (Some(1), &b""[..]));
    if Path::new("/usr/bin/iconv").exists() {
        let glibc = with_stdin_closed("/usr/bin/iconv", &["-f", "UTF-8", "-t", "UTF-16LE"]);
        assert_eq!(glibc.status.code(), run.status.code());
        assert!(String::from_utf8_lossy(&glibc.stderr).contains("Bad file descriptor"));
    }
    let null = binary()
        .args(["-f", "UTF-8", "-t", "UTF-16LE"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!((null.status.code(), &null.stdout[..]), (Some(0), &b""[..]));
}

/// Empty input gives empty output in every target, as glibc's: `-t ISO-2022-KR` used to write
/// its header (`ESC $ ) C`), which glibc writes with the first character only.
#[test]
fn empty_input_writes_nothing() {
    for to in [
        "ISO-2022-KR",
        "ISO-2022-JP-2",
        "UTF-7",
        "IBM930",
        "ISO-2022-JP",
        "UTF-16",
    ] {
        let run = utf8x(&["-f", "UTF-8", "-t", to], b"");
        assert_eq!((run.code, &run.stdout[..]), (0, &b""[..]), "{to}");
        if let Some(glibc) = tool("iconv", &["-f", "UTF-8", "-t", to], b"") {
            assert_eq!(glibc.stdout, run.stdout, "{to}");
        }
    }
}

/// `-c` on CP1258 and CP1255 (glibc composes a letter with the marks after it, so it holds the
/// last letter back): the last letter after a skipped byte is written, as glibc writes it. It
/// was lost: glibc says EILSEQ at the end when //IGNORE skipped something, and the tool did not
/// flush then.
#[test]
fn omitting_keeps_the_letter_glibc_holds_back() {
    for (from, input) in [
        ("CP1258", &b"a\x81b\xb6"[..]),
        ("CP1258", b"x\xecy\x81e"),
        ("CP1255", b"a\xcab\xe0"),
    ] {
        let run = utf8x(&["-f", from, "-t", "UTF-8", "-c"], input);
        assert_eq!(run.code, 0, "{from}: {}", run.stderr);
        if let Some(glibc) = tool("iconv", &["-f", from, "-t", "UTF-8", "-c"], input) {
            assert_eq!(run.text(), glibc.text(), "{from} {input:x?}");
        }
        assert!(
            run.stdout
                .ends_with(&utf8x(&["-f", from, "-t", "UTF-8"], &input[input.len() - 1..]).stdout)
        );
    }
}

/// ISO-2022-JP cannot hold ESC, SO and SI (encoding_rs names them U+FFFD): the error names the
/// character at its own position, and `-c` drops it alone. The position was two bytes early
/// (U+FFFD's length), and at the start of a call it underflowed.
#[test]
fn iso_2022_jp_names_the_control_it_cannot_hold() {
    let run = utf8x(&["-t", "ISO-2022-JP"], b"ab\x0ecd");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("cannot convert U+000E at position 2 to ISO-2022-JP"),
        "{}",
        run.stderr
    );
    let run = utf8x(&["-t", "ISO-2022-JP", "-c"], b"\x1bab\x0ecd\x0f");
    assert_eq!((run.code, run.text().as_str()), (0, "abcd"));
}

/// The position of a character the target cannot hold (U+0003 in braille, which glibc has no
/// substitute for) counts the ill-formed bytes before it that the policy skipped: it was found
/// by decoding prefixes strictly, which stop at the first ill-formed byte (6, 8 and 0 here).
#[test]
fn unmappable_position_counts_the_bytes_skipped_before_it() {
    for (from, input, at) in [
        ("UTF-8", &b"\xff\xff\xe2\xa0\x81\x03"[..], 5),
        ("UTF-8", b"\xe2\xa0\x81\xff\xe2\xa0\x82\x03", 7),
        ("UTF-16LE", b"\x00\xdc\x01\x28\x03\x00", 4),
    ] {
        // (Under replace, braille cannot hold the U+FFFD either.)
        let run = utf8x(
            &["-f", from, "-t", "ISO_11548-1//TRANSLIT", "-p", "skip"],
            input,
        );
        let want = format!("cannot convert U+0003 at position {at} to ISO_11548-1");
        assert!(run.stderr.contains(&want), "{from}: {}", run.stderr);
    }
}

/// `fix --help` names one default for `--policy` (fallback; strict with --from) and does not
/// offer `escape`, which fix refuses; the values it lists are the ones it takes.
#[test]
fn fix_help_offers_what_fix_takes() {
    let help = String::from_utf8(utf8x(&["fix", "--help"], b"").ok()).unwrap();
    assert_eq!(help.matches("default:").count(), 1, "{help}");
    assert!(!help.contains("(default)"), "{help}");
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("(default: fallback; with --from, strict)"),
        "{help}"
    );
    assert!(!help.contains("escape"), "{help}");
    let dir = scratch("fix-help");
    for value in ["fallback", "replace", "skip", "ignore"] {
        assert!(
            value == "ignore" || help.contains(value),
            "{value} in {help}"
        );
        let bad = file(&dir, value, b"x\xFFy");
        let run = utf8x(&["fix", "-n", "--policy", value, &bad], b"");
        assert_eq!(run.code, 0, "{value}: {}", run.stderr);
    }
}

/// `fix -` is a usage mistake with its reason and the command that repairs a stream, not an
/// attempt to read a file called "-".
#[test]
fn fix_says_standard_input_cannot_be_fixed_in_place() {
    let run = utf8x(&["fix", "-"], "CafÃ©\n".as_bytes());
    assert_eq!(run.code, 64, "{}", run.stderr);
    assert!(run.text().is_empty());
    assert!(!run.stderr.contains("cannot read"), "{}", run.stderr);
    assert!(
        run.stderr.contains("standard input") && run.stderr.contains("--mojibake"),
        "{}",
        run.stderr
    );
    // The command it names does the repair.
    let run = utf8x(
        &["convert", "-p", "fallback", "--mojibake"],
        b"Caf\xC3\x83\xC2\xA9 \xFF\n",
    );
    assert_eq!(run.ok(), "Café ÿ\n".as_bytes());
}

/// glibc's SJIS (`SHIFT_JIS`, `SJIS`...) reads the single bytes 5C and 7E as JIS X 0201's `¥`
/// and `‾`; its CP932 (and the WHATWG standard's Shift_JIS) as `\\` and `~`. A 5C that is the
/// second byte of a pair (`表` is `95 5C`) is no yen sign. Both write `¥` and `\\` as 5C.
#[test]
fn shift_jis_reads_5c_and_7e_as_glibc_does() {
    let bytes = b"C:\\a~ \x95\x5C";
    for (name, expected) in [
        ("SHIFT_JIS", "C:¥a‾ 表"),
        ("sjis", "C:¥a‾ 表"),
        ("Shift-JIS", "C:¥a‾ 表"),
        ("CP932", "C:\\a~ 表"),
        ("WINDOWS-31J", "C:\\a~ 表"),
    ] {
        let args = ["-f", name, "-t", "UTF-8"];
        let run = utf8x(&args, bytes);
        assert_eq!(String::from_utf8(run.ok()).unwrap(), expected, "{name}");
        if let Some(glibc) = tool("iconv", &args, bytes) {
            assert_eq!(
                String::from_utf8(glibc.stdout).unwrap(),
                expected,
                "glibc {name}"
            );
        }
        // From a file as from a pipe.
        let path = file(&scratch("sjis-cut"), name, bytes);
        let run = utf8x(&["-f", name, "-t", "UTF-8", &path], b"");
        assert_eq!(String::from_utf8(run.ok()).unwrap(), expected, "{name}");
    }
    let args = ["-f", "UTF-8", "-t", "SHIFT_JIS"];
    let run = utf8x(&args, "¥‾\\~".as_bytes());
    assert_eq!(run.ok(), b"\\~\\~");
    if let Some(glibc) = tool("iconv", &args, "¥‾\\~".as_bytes()) {
        assert_eq!(glibc.stdout, b"\\~\\~");
    }
}

/// `detect` read standard input's first chunk only and called anything valid there UTF-8:
/// now it reads on, as it reads a file, and both give the same answer, which counts the
/// characters of the valid start (a stray byte in UTF-8 text is not a legacy file).
#[test]
fn detect_reads_standard_input_to_its_end_as_a_file() {
    let dir = scratch("detect-stdin");
    // ASCII then Latin-1 text, and UTF-8 text then one stray byte, each bad byte past the first
    // chunk and (the `near` ones) inside it, past the sample of its start.
    let latin1_after = |ascii: usize| {
        [
            vec![b'a'; ascii],
            b"caf\xE9 cr\xE8me br\xFBl\xE9e\n".to_vec(),
        ]
        .concat()
    };
    let stray_after = |words: usize| {
        [
            "\u{e9}t\u{e9} ".repeat(words).into_bytes(),
            b"caf\xE9\n".to_vec(),
        ]
        .concat()
    };
    let (ascii_then_latin1, utf8_then_stray) = (latin1_after(1 << 20), stray_after(400_000));
    let (near_latin1, near_stray) = (latin1_after(100 << 10), stray_after(20_000));
    let valid = "\u{e9}t\u{e9} ".repeat(400_000).into_bytes();
    for (name, bytes, expected) in [
        ("latin1", &ascii_then_latin1, "WINDOWS-1252"),
        ("stray", &utf8_then_stray, "UTF-8 with 1 invalid sequence"),
        ("valid", &valid, "UTF-8\n"),
        ("near-latin1", &near_latin1, "WINDOWS-1252"),
        ("near-stray", &near_stray, "UTF-8 with 1 invalid sequence"),
    ] {
        let path = file(&dir, name, bytes);
        let from_file = utf8x(&["detect", &path], b"").text();
        let from_stdin = utf8x(&["detect"], bytes).text();
        assert!(
            from_stdin.starts_with(&format!("-: {expected}")),
            "{name}: {from_stdin}"
        );
        assert_eq!(from_file.replacen(&path, "-", 1), from_stdin, "{name}");
    }
}

/// `check --all` with several threads validated the rest of a chunk once per problem, in
/// parallel: minutes for a few megabytes of binary bytes. Each problem is now looked for from
/// the last on one thread first; the report is the same with any `-j`.
#[test]
fn check_all_reports_the_same_with_any_thread_count() {
    let dir = scratch("check-all-jobs");
    // Bytes from a fixed generator: a problem every few bytes, valid stretches between them.
    let mut x = 0x2545_f491_4f6c_dd1d_u64;
    let mut noise: Vec<u8> = (0..3 << 20)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 32) as u8
        })
        .collect();
    // A long valid stretch, past one thread's first look, then more problems.
    noise.splice(1 << 20..1 << 20, "\u{e9}".repeat(3 << 20).into_bytes());
    let path = file(&dir, "noise", &noise);
    let one = utf8x(&["check", "--all", "-j", "1", &path], b"");
    assert_eq!(one.code, 1);
    let lines = one.text().lines().count();
    assert!(lines > 100_000, "{lines}");
    for jobs in ["2", "4"] {
        let many = utf8x(&["check", "--all", "-j", jobs, &path], b"");
        assert_eq!((many.code, many.text()), (1, one.text()), "-j {jobs}");
    }
}
