//! End to end: glibc's iconv(1) program with and without `LD_PRELOAD=libutf8x_iconv.so` gives
//! the same bytes, exit status and messages on the lipsum files and on invalid input; a pair
//! utf8x does not convert still runs on glibc; and the preloaded library really is the one
//! converting (a glibc-only behaviour disappears under it).
#![cfg(all(target_os = "linux", target_env = "gnu"))]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The cdylib cargo built next to this test's `deps/` directory.
fn library() -> PathBuf {
    let exe = std::env::current_exe().expect("test path");
    let dir = exe.parent().and_then(Path::parent).expect("target dir");
    let lib = dir.join("libutf8x_iconv.so");
    assert!(lib.exists(), "{} not built", lib.display());
    lib
}

fn iconv(preload: bool, args: &[&str]) -> Output {
    let mut cmd = Command::new("iconv");
    cmd.args(args).env("LC_ALL", "C").env_remove("LD_PRELOAD");
    if preload {
        cmd.env("LD_PRELOAD", library());
    }
    cmd.output()
        .expect("the iconv program (Debian: libc-bin) must be installed")
}

/// Runs iconv(1) both ways and requires identical results; returns them.
fn same(args: &[&str]) -> Output {
    let plain = iconv(false, args);
    let pre = iconv(true, args);
    assert_eq!(
        pre.status.code(),
        plain.status.code(),
        "exit status of iconv {args:?}"
    );
    assert_eq!(
        String::from_utf8_lossy(&pre.stderr),
        String::from_utf8_lossy(&plain.stderr),
        "messages of iconv {args:?}"
    );
    assert!(
        pre.stdout == plain.stdout,
        "output of iconv {args:?} differs"
    );
    pre
}

fn lipsum() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/lipsum");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".utf8.txt"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 10,
        "lipsum files missing in {}",
        root.display()
    );
    files
}

fn temp(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("utf8x-iconv-preload-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn lipsum_utf8_to_utf16le_and_back() {
    for file in lipsum() {
        let f = file.to_str().unwrap();
        let out = same(&["-f", "UTF-8", "-t", "UTF-16LE", f]);
        assert!(out.status.success() && !out.stdout.is_empty(), "{f}");
        let back = temp("back.utf16le", &out.stdout);
        let round = same(&["-f", "UTF-16LE", "-t", "UTF-8", back.to_str().unwrap()]);
        assert_eq!(
            round.stdout,
            std::fs::read(&file).unwrap(),
            "{f} round trip"
        );
    }
}

#[test]
fn lipsum_other_unicode_targets() {
    for file in lipsum() {
        let f = file.to_str().unwrap();
        for to in [
            "UTF-16", "UTF-16BE", "UTF-32", "UCS-4LE", "WCHAR_T", "UTF-8",
        ] {
            same(&["-f", "UTF-8", "-t", to, f]);
        }
        same(&["-c", "-f", "UTF-8", "-t", "ASCII", f]);
        // glibc's C-locale transliteration table romanises Cyrillic and drops emoji variation
        // selectors; utf8x has no table and writes `?` (a documented difference).
        let name = file.file_name().unwrap().to_string_lossy();
        if !name.starts_with("Russian") && !name.starts_with("Emoji") {
            same(&["-f", "UTF-8", "-t", "LATIN1//TRANSLIT", f]);
            same(&["-f", "UTF-8", "-t", "ASCII//TRANSLIT", f]);
        }
    }
    let latin1 =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/lipsum/french.latin1.txt");
    same(&["-f", "ISO-8859-1", "-t", "UTF-8", latin1.to_str().unwrap()]);
}

#[test]
fn invalid_input_same_status_and_message() {
    let cases: &[(&str, &[u8])] = &[
        ("bad-byte.txt", b"abc\xffdef"),
        ("surrogate.txt", b"ok \xed\xa0\x80 ko"),
        ("truncated.txt", b"abc\xe2\x82"),
        (
            "late.txt",
            &[b"x".repeat(100_000), b"\xc3\x28".to_vec()].concat(),
        ),
    ];
    for (name, bytes) in cases {
        let path = temp(name, bytes);
        let p = path.to_str().unwrap();
        for to in ["UTF-16LE", "UTF-8", "UTF-32BE"] {
            let out = same(&["-f", "UTF-8", "-t", to, p]);
            assert!(!out.status.success(), "{name} -> {to} succeeded");
            assert!(!out.stderr.is_empty(), "{name} -> {to}: no message");
            same(&["-c", "-f", "UTF-8", "-t", to, p]);
        }
    }
    let odd = temp("odd.utf16le", b"a\x00b\x00c");
    let out = same(&["-f", "UTF-16LE", "-t", "UTF-8", odd.to_str().unwrap()]);
    assert!(!out.status.success());
}

#[test]
fn pairs_utf8x_does_not_handle_still_run_on_glibc() {
    let sjis = temp("sjis.txt", b"\x83\x65\x83\x58\x83\x67 SJIS\n");
    let out = same(&["-f", "SHIFT_JIS", "-t", "UTF-8", sjis.to_str().unwrap()]);
    assert_eq!(out.stdout, "テスト SJIS\n".as_bytes());
    let utf8 = temp("text.txt", "テスト\n".as_bytes());
    let out = same(&["-f", "UTF-8", "-t", "EUC-JP", utf8.to_str().unwrap()]);
    assert_eq!(out.stdout, b"\xa5\xc6\xa5\xb9\xa5\xc8\n");
}

/// glibc's UTF-8 decoder accepts `F4 90 80 80` (above U+10FFFF, which RFC 3629 forbids) and
/// copies it to UTF-8 output; utf8x rejects it. The difference shows which library converted.
#[test]
fn preloaded_library_is_the_one_converting() {
    let path = temp("above-max.txt", b"a\xf4\x90\x80\x80b");
    let args = ["-f", "UTF-8", "-t", "UTF-8", path.to_str().unwrap()];
    let plain = iconv(false, &args);
    assert!(plain.status.success());
    assert_eq!(plain.stdout, b"a\xf4\x90\x80\x80b");
    let pre = iconv(true, &args);
    assert!(!pre.status.success());
    assert_eq!(pre.stdout, b"a");
    assert_eq!(
        String::from_utf8_lossy(&pre.stderr),
        "iconv: illegal input sequence at position 1\n"
    );
}
