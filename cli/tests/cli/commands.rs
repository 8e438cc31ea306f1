//! `detect`, `fix`, help, man page, completions, colour, and the progress bar in a terminal.

use std::fs;
use std::process::Command;

use crate::{binary, file, samples, scratch, utf8x, utf16};

#[test]
fn detect_names_boms_and_guesses() {
    let dir = scratch("detect");
    let bom = file(&dir, "bom", b"\xFE\xFF\x00h");
    let utf8 = file(&dir, "utf8", "h\u{e9}".as_bytes());
    let cp = file(&dir, "cp", b"caf\xE9!");
    let run = utf8x(&["detect", &bom, &utf8, &cp], b"");
    assert_eq!(
        run.ok(),
        format!(
            "{bom}: UTF-16BE (BOM)\n{utf8}: UTF-8\n{cp}: WINDOWS-1252 (low confidence: 1 byte \
             outside ASCII, too few to tell code pages apart)\n"
        )
        .as_bytes()
    );
    let text = "\u{41f}\u{440}\u{438}\u{432}\u{435}\u{442}, hello! ".repeat(10);
    assert_eq!(
        utf8x(&["detect"], &utf16(&text, u16::to_le_bytes)).ok(),
        b"-: UTF-16LE\n"
    );
    // A bad byte past the first chunk still makes it something other than UTF-8, from a pipe
    // as from a file.
    let mut late = vec![b'a'; 3 << 20];
    late[(2 << 20) + 5] = 0xE9;
    assert_eq!(
        utf8x(&["detect", "-"], &late).text(),
        "-: WINDOWS-1252 (low confidence: 1 byte outside ASCII, too few to tell code pages \
         apart)\n"
    );
    let dir = scratch("detect-late");
    let path = file(&dir, "late", &late);
    assert_eq!(
        utf8x(&["detect", &path], b"").text(),
        format!(
            "{path}: WINDOWS-1252 (low confidence: 1 byte outside ASCII, too few to tell code \
             pages apart)\n"
        )
    );
    assert_eq!(utf8x(&["detect", "/nonexistent"], b"").code, 2);
}

#[test]
fn fix_repairs_in_place_and_reports() {
    let dir = scratch("fix");
    let latin = file(&dir, "latin", b"caf\xE9 cr\xE8me\n");
    let good = file(&dir, "good", "d\u{e9}j\u{e0}\n".as_bytes());
    let wide = file(
        &dir,
        "wide",
        &[&[0xFF, 0xFE][..], &utf16("wide\n", u16::to_le_bytes)].concat(),
    );
    // Two bytes outside ASCII do not tell which code page this is: fix changes nothing,
    // says why, and fails; a policy asks for the repair as UTF-8.
    let run = utf8x(&["fix", &latin], b"");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("left as it is: not UTF-8, and its encoding is unclear"),
        "{}",
        run.stderr
    );
    assert_eq!(fs::read(&latin).unwrap(), b"caf\xE9 cr\xE8me\n");
    let run = utf8x(&["fix", "-n", "--policy", "fallback", &latin], b"");
    assert_eq!(
        run.ok(),
        format!("{latin}: would be fixed: 2 bytes not UTF-8 read as Windows-1252\n").as_bytes()
    );
    assert_eq!(fs::read(&latin).unwrap(), b"caf\xE9 cr\xE8me\n", "dry run");
    let run = utf8x(&["fix", "-p", "fallback", &latin, &good, &wide], b"");
    assert_eq!(
        run.ok(),
        format!(
            "{latin}: fixed: 2 bytes not UTF-8 read as Windows-1252\n\
             {good}: valid UTF-8, unchanged\n\
             {wide}: fixed: converted from UTF-16LE (0 substitutions)\n"
        )
        .as_bytes()
    );
    assert_eq!(
        fs::read(&latin).unwrap(),
        "caf\u{e9} cr\u{e8}me\n".as_bytes()
    );
    assert_eq!(fs::read(&wide).unwrap(), b"wide\n");
    let bad = file(&dir, "bad", b"a\xFFb");
    let run = utf8x(&["fix", "--policy", "replace", &bad], b"");
    assert!(
        run.ok()
            .ends_with(b"1 ill-formed sequence replaced with U+FFFD\n")
    );
    assert_eq!(fs::read(&bad).unwrap(), "a\u{FFFD}b".as_bytes());
    assert_eq!(utf8x(&["fix", "--policy", "strict", &bad], b"").code, 64);
    assert_eq!(utf8x(&["fix"], b"").code, 64);
}

/// UTF-8 read as Windows-1252 and written again, once or twice, comes back; text that merely
/// has such letters, and a file with nothing to restore, stay byte for byte (not rewritten).
#[test]
fn fix_and_convert_restore_mojibake() {
    let dir = scratch("fix-mojibake");
    let once = file(
        &dir,
        "once",
        "Caf\u{c3}\u{a9} cr\u{c3}\u{a8}me\nS\u{c3}O PAULO\n".as_bytes(),
    );
    let twice = file(&dir, "twice", "Caf\u{c3}\u{192}\u{c2}\u{a9}\n".as_bytes());
    let legit = file(
        &dir,
        "legit",
        "S\u{c3}O PAULO, \u{c2}GE, cr\u{e8}me\n".as_bytes(),
    );
    let run = utf8x(&["fix", "-n", &once], b"");
    assert_eq!(
        run.text(),
        format!(
            "{once}: would be fixed: 1 line with mojibake restored (UTF-8 read as Windows-1252: 1)\n"
        )
    );
    let before = fs::metadata(&legit).unwrap().modified().unwrap();
    let run = utf8x(&["fix", &once, &twice, &legit], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        fs::read_to_string(&once).unwrap(),
        "Café crème\nSÃO PAULO\n"
    );
    assert_eq!(fs::read_to_string(&twice).unwrap(), "Café\n");
    assert_eq!(
        fs::read_to_string(&legit).unwrap(),
        "SÃO PAULO, ÂGE, crème\n"
    );
    assert!(
        run.text()
            .contains(&format!("{legit}: valid UTF-8, unchanged"))
    );
    assert_eq!(fs::metadata(&legit).unwrap().modified().unwrap(), before);
    let twice = file(&dir, "twice2", "Caf\u{c3}\u{192}\u{c2}\u{a9}\n".as_bytes());
    assert_eq!(utf8x(&["fix", "--no-mojibake", &twice], b"").code, 0);
    assert_eq!(fs::read_to_string(&twice).unwrap(), "CafÃƒÂ©\n");
    // convert --mojibake, from any encoding, to UTF-8; other targets are refused.
    let run = utf8x(&["convert", "--mojibake"], "donâ€™t\nSÃO\nCafÃ©".as_bytes());
    assert_eq!(run.ok(), "don’t\nSÃO\nCafé".as_bytes());
    let run = utf8x(
        &["--mojibake", "-f", "ISO-8859-1"],
        b"Caf\xc3\x83\xc2\xa9\n",
    );
    assert_eq!(run.ok(), "Café\n".as_bytes());
    assert_eq!(utf8x(&["--mojibake", "-t", "UTF-16LE"], b"x").code, 1);
    assert_eq!(
        utf8x(&["convert"], "CafÃ©".as_bytes()).ok(),
        "CafÃ©".as_bytes()
    );
}

/// ISO-2022-JP is ASCII bytes, valid UTF-8 too, but its escape sequences name it: detect says
/// so and fix converts it.
#[test]
fn iso_2022_jp_is_detected_and_fixed() {
    let dir = scratch("fix-iso-2022-jp");
    let path = file(&dir, "jis", b"\x1b$B$3$s$K$A$O\x1b(B\n");
    assert_eq!(
        utf8x(&["detect", &path], b"").text(),
        format!("{path}: ISO-2022-JP (high confidence)\n")
    );
    assert_eq!(utf8x(&["fix", &path], b"").code, 0);
    assert_eq!(fs::read_to_string(&path).unwrap(), "こんにちは\n");
}

#[test]
fn help_version_man_and_completions() {
    let help = utf8x(&["--help"], b"").ok();
    let help = String::from_utf8(help).unwrap();
    for word in [
        "check",
        "convert",
        "detect",
        "fix",
        "--from-code",
        "--to-code",
    ] {
        assert!(help.contains(word), "{word} in {help}");
    }
    let check = String::from_utf8(utf8x(&["check", "--help"], b"").ok()).unwrap();
    for flag in [
        "--quiet",
        "--list",
        "--invert",
        "--verbose",
        "--recursive",
        "--json",
        "--all",
    ] {
        assert!(check.contains(flag), "{flag} in {check}");
    }
    let version = utf8x(&["--version"], b"").ok();
    assert!(version.starts_with(b"utf8x "));
    let man = String::from_utf8(utf8x(&["man"], b"").ok()).unwrap();
    assert!(man.starts_with(".ie"), "{man}");
    assert!(man.contains("utf8x"));
    let check = String::from_utf8(utf8x(&["man", "check"], b"").ok()).unwrap();
    assert!(
        check.contains("utf8x\\-check") && check.contains("invert"),
        "{check}"
    );
    assert_eq!(utf8x(&["man", "nope"], b"").code, 64);
    for shell in ["bash", "zsh", "fish"] {
        let script = utf8x(&["completions", shell], b"").ok();
        assert!(String::from_utf8(script).unwrap().contains("utf8x"));
    }
    // Alone with standard input a pipe, the tool converts it as iconv does (UTF-8 to UTF-8);
    // alone at a terminal it explains itself instead of waiting on the typing.
    let run = utf8x::<&str>(&[], b"hello \xC3\xA9\n");
    assert_eq!(run.ok(), "hello \u{e9}\n".as_bytes());
    if let Some(tty) = in_terminal(&[], "", &[]) {
        assert!(tty.contains("Usage"), "{tty}");
    }
}

#[test]
fn colour_only_on_terminals() {
    // Piped: never any escape sequence, whatever the environment asks.
    let run = utf8x(&["check", "-v"], b"\xFF");
    assert!(!run.stdout.contains(&0x1B) && !run.stderr.contains('\x1B'));
    let Some(tty) = in_terminal(&["check", "-v", "-"], "printf '\\377' |", &[]) else {
        return;
    };
    assert!(tty.contains('\x1B'), "{tty:?}");
    let plain = in_terminal(
        &["check", "-v", "-"],
        "printf '\\377' |",
        &[("NO_COLOR", "1")],
    );
    assert!(!plain.unwrap().contains('\x1B'));
}

/// Runs `utf8x ARGS` in a pseudo-terminal (`script`), after `pipe` (a shell pipeline feeding
/// its standard input); `None` when `script` is missing.
fn in_terminal(args: &[&str], pipe: &str, env: &[(&str, &str)]) -> Option<String> {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("SKIPPED: script (util-linux) is not installed");
        return None;
    }
    let exe = env!("CARGO_BIN_EXE_utf8x");
    let inner = format!("{pipe} '{exe}' {}", args.join(" "));
    let mut command = Command::new("script");
    command.args(["-qec", &inner, "/dev/null"]);
    for (k, v) in env {
        command.env(k, v);
    }
    let out = command.output().expect("script runs");
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn progress_bar_in_a_terminal_only() {
    let dir = scratch("progress");
    let big = dir.join("big");
    fs::write(&big, "progress \u{e9}\n".repeat(1 << 20)).unwrap();
    let big = big.to_str().unwrap();
    let delay = [("UTF8X_PROGRESS_AFTER_MS", "0")];
    let Some(tty) = in_terminal(&["-t", "utf-16le", "-o", "/dev/null", big], "", &delay) else {
        return;
    };
    assert!(
        tty.contains("MiB"),
        "a bar with sizes and throughput: {tty:?}"
    );
    let tty = in_terminal(&["check", big], "", &delay).unwrap();
    assert!(tty.contains("MiB"), "{tty:?}");
    // Work shorter than the default delay shows nothing.
    let small = crate::file(&dir, "small", b"small");
    let quick = in_terminal(&["check", &small], "", &[]).unwrap();
    assert_eq!(quick, "");
    // Standard error not a terminal: nothing.
    let run = binary()
        .args(["-t", "utf-16le", "-o", "/dev/null", big])
        .env("UTF8X_PROGRESS_AFTER_MS", "0")
        .output()
        .unwrap();
    assert_eq!(
        (run.status.code(), run.stderr.as_slice()),
        (Some(0), &b""[..])
    );
}

#[test]
fn the_samples_of_make_demo() {
    let hello = samples().join("hello.txt");
    let broken = samples().join("broken.txt");
    let (hello, broken) = (hello.to_str().unwrap(), broken.to_str().unwrap());
    let run = utf8x(&["check", hello, broken], b"");
    assert_eq!(run.code, 1);
    assert!(run.text().starts_with(broken), "{}", run.text());
    let wide = utf8x(&["convert", "-f", "utf-8", "-t", "utf-16le", hello], b"").ok();
    assert_eq!(
        utf8x(&["convert", "-f", "utf-16le", "-t", "utf-8"], &wide).ok(),
        fs::read(hello).unwrap()
    );
}

#[test]
fn fix_converts_utf16_without_a_bom_that_is_also_valid_utf8() {
    // "hi\n" in UTF-16LE is valid UTF-8 too (with NULs): detect says UTF-16LE, fix converts.
    let dir = scratch("fix-utf16");
    let path = file(
        &dir,
        "w",
        &utf16("hello world\nsecond line\n", u16::to_le_bytes),
    );
    assert_eq!(
        utf8x(&["detect", &path], b"").text(),
        format!("{path}: UTF-16LE\n")
    );
    let run = utf8x(&["fix", &path], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.text().contains("converted from UTF-16LE"),
        "{}",
        run.text()
    );
    assert_eq!(fs::read(&path).unwrap(), b"hello world\nsecond line\n");
}

#[test]
fn auto_agrees_with_detect_past_the_first_chunk() {
    // Valid UTF-8 for its first 2 MiB, then Windows-1252: detect reads to the end, and so
    // does convert -f auto on a file.
    let dir = scratch("auto-late");
    let mut bytes = vec![b'a'; 2 << 20];
    let tail = "\nL'été dernier, près de la forêt, à côté de l'église, l'élève déjà très \
                fatigué a bientôt rejoint le garçon.\n";
    bytes.extend_from_slice(&encoding_rs::WINDOWS_1252.encode(tail).0);
    let path = file(&dir, "late", &bytes);
    assert_eq!(
        utf8x(&["detect", &path], b"").text(),
        format!("{path}: WINDOWS-1252 (high confidence)\n")
    );
    let out = utf8x(&["-f", "auto", "-t", "utf-8", &path], b"").ok();
    assert!(out.ends_with(tail.as_bytes()));
    assert_eq!(out.len(), (2 << 20) + tail.len());
    // Two bytes outside ASCII are too few to tell which code page: -f auto converts nothing.
    let short = file(&dir, "short", b"caf\xE9 th\xE9\n");
    let run = utf8x(&["-f", "auto", "-t", "utf-8", &short], b"");
    assert_eq!((run.code, run.stdout.len()), (1, 0));
}

#[test]
fn fix_keeps_the_owner_and_group_of_the_file() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt, chown};
    let dir = scratch("fix-owner");
    let path = file(&dir, "theirs", b"caf\xE9\n");
    // Only root can give a file away; as anyone else the group check is all there is.
    if chown(&path, Some(4321), Some(4321)).is_err() {
        eprintln!("SKIPPED: not root, cannot make a file owned by someone else");
        return;
    }
    fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
    assert_eq!(utf8x(&["fix", "--policy", "fallback", &path], b"").code, 0);
    let meta = fs::metadata(&path).unwrap();
    assert_eq!(fs::read(&path).unwrap(), "caf\u{e9}\n".as_bytes());
    assert_eq!(
        (meta.uid(), meta.gid(), meta.mode() & 0o7777),
        (4321, 4321, 0o640)
    );
}

#[test]
fn fix_leaves_fifos_and_devices_alone() {
    let dir = scratch("fix-fifo");
    let fifo = dir.join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("SKIPPED: mkfifo is not available");
        return;
    }
    // With nobody writing to the FIFO, reading it would wait forever: `timeout` tells.
    let exe = env!("CARGO_BIN_EXE_utf8x");
    let out = Command::new("timeout")
        .args(["10", exe, "fix", fifo.to_str().unwrap(), "/dev/null"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("not a regular file"), "{stderr}");
}

#[test]
fn listings_to_a_full_disk_or_a_closed_pipe_do_not_panic() {
    let exe = env!("CARGO_BIN_EXE_utf8x");
    for (args, code) in [
        (&["--list"][..], 1),
        (&["completions", "bash"][..], 2),
        (&["man"][..], 2),
    ] {
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = binary().args(args).stdout(full).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        // A reader that goes away early is no error at all.
        let script = format!(
            "'{exe}' {} | head -c 1 >/dev/null; echo \"${{PIPESTATUS[0]}}\"",
            args.join(" ")
        );
        let out = Command::new("bash").args(["-c", &script]).output().unwrap();
        assert_eq!(out.stdout, b"0\n", "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn fix_keeps_a_utf8_bom() {
    // A valid file with a BOM is left as it is; repairing one byte must not drop the BOM.
    let dir = scratch("fix-bom");
    let path = file(&dir, "bom", b"\xEF\xBB\xBFcaf\xE9\n");
    let run = utf8x(&["fix", &path], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(fs::read(&path).unwrap(), "\u{FEFF}caf\u{e9}\n".as_bytes());
}
