//! End to end: glibc's iconv(1) program with and without `LD_PRELOAD=libutf8x_iconv.so` gives
//! the same bytes, exit status and messages on the text corpus of the repository's tests (the
//! lipsum files when they are beside the repository, the generated ones otherwise, see
//! tests/support/corpus.rs at the root) and on invalid input; a pair
//! utf8x does not convert still runs on glibc; and the preloaded library really is the one
//! converting (a glibc-only behaviour disappears under it).
#![cfg(all(target_os = "linux", target_env = "gnu"))]

use std::path::PathBuf;
use std::process::{Command, Output};

use utf8x_test_support::corpus;

/// The cdylib cargo built for this test: `cargo test` leaves it in `deps/` beside the test
/// executable; `cargo build` also copies it one level up.
fn library() -> PathBuf {
    let exe = std::env::current_exe().expect("test path");
    let deps = exe.parent().expect("deps dir");
    [Some(deps), deps.parent()]
        .into_iter()
        .flatten()
        .map(|dir| dir.join("libutf8x_iconv.so"))
        .find(|lib| lib.exists())
        .unwrap_or_else(|| panic!("libutf8x_iconv.so not built next to {}", deps.display()))
}

fn iconv(preload: bool, args: &[&str]) -> Output {
    iconv_in("C", preload, args)
}

fn iconv_in(locale: &str, preload: bool, args: &[&str]) -> Output {
    let mut cmd = Command::new("iconv");
    cmd.args(args)
        .env("LC_ALL", locale)
        .env_remove("LD_PRELOAD");
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

/// The UTF-8 files of the corpus, as paths.
fn corpus_files() -> Vec<PathBuf> {
    let corpus = corpus::corpus();
    let dir = corpus.dir();
    corpus
        .ending(".utf8.txt")
        .into_iter()
        .map(|(name, _)| dir.join(name))
        .collect()
}

fn temp(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("utf8x-iconv-preload-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn corpus_utf8_to_utf16le_and_back() {
    for file in corpus_files() {
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
fn corpus_other_unicode_targets() {
    for file in corpus_files() {
        let f = file.to_str().unwrap();
        for to in [
            "UTF-16", "UTF-16BE", "UTF-32", "UCS-4LE", "WCHAR_T", "UTF-8",
        ] {
            same(&["-f", "UTF-8", "-t", to, f]);
        }
        same(&["-c", "-f", "UTF-8", "-t", "ASCII", f]);
        // //TRANSLIT runs on glibc under the library too (it has the locale's tables: Cyrillic
        // and Greek romanised, ß as "ss"), so every text gives glibc's bytes.
        for to in ["ASCII//TRANSLIT", "LATIN1//TRANSLIT", "UCS-2//TRANSLIT"] {
            same(&["-f", "UTF-8", "-t", to, f]);
        }
    }
    let corpus = corpus::corpus();
    let latin1 = corpus.dir().join(corpus.latin1_pair().0);
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

/// `//TRANSLIT` never becomes `?` under the library: iconv(1) (through `__gconv_open`) gives
/// glibc's substitutes in each locale (they differ: the C locale has no rule for `é`, C.UTF-8
/// none for Cyrillic), with `//IGNORE` too, and for the pairs only utf8x opens, utf8x's `?`.
#[test]
fn translit_is_glibcs_in_every_locale() {
    let text = temp(
        "translit.txt",
        "café naïve Ærø “x” €5 Привет ß ½ 😀\n".as_bytes(),
    );
    let t = text.to_str().unwrap();
    let mut outputs = Vec::new();
    for locale in ["C", "C.UTF-8"] {
        for to in [
            "ASCII//TRANSLIT",
            "ISO-8859-1//TRANSLIT",
            "ASCII//TRANSLIT//IGNORE",
        ] {
            let args = ["-f", "UTF-8", "-t", to, t];
            let plain = iconv_in(locale, false, &args);
            let pre = iconv_in(locale, true, &args);
            assert_eq!(pre.status.code(), plain.status.code(), "{locale} {to}");
            assert_eq!(pre.stdout, plain.stdout, "{locale} {to}");
            assert_eq!(pre.stderr, plain.stderr, "{locale} {to}");
            outputs.push(String::from_utf8_lossy(&pre.stdout).into_owned());
        }
    }
    // glibc's own substitutes are there (a `?` writer would give "?5" and "?r?").
    assert!(outputs.iter().all(|o| o.contains("EUR5")), "{outputs:?}");
    // (C.UTF-8 also spells `ø` as `o` where glibc has that locale; without it, it is C's.)
    assert!(
        outputs[0].contains("AEr") && outputs[3].contains("AEr"),
        "{outputs:?}"
    );
    assert!(outputs[0].contains("Privet"), "{outputs:?}");
    // A pair glibc cannot open still converts, on utf8x, with its `?`.
    let cesu = temp(
        "translit-cesu.txt",
        b"caf\xc3\xa9 \xed\xa0\xbd\xed\xb8\x80\n",
    );
    let args = [
        "-f",
        "CESU-8",
        "-t",
        "ASCII//TRANSLIT",
        cesu.to_str().unwrap(),
    ];
    assert!(!iconv(false, &args).status.success());
    let out = iconv(true, &args);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(out.stdout, b"caf? ?\n");
}

/// The same through iconv_open(3) in a program of its own: glibc's transliteration in the
/// program's locale, for the pairs the library would otherwise take (UTF-8 and UTF-16 to ASCII,
/// ISO-8859-1, UCS-2), and glibc's WINDOWS-1252, which leaves 0x81 undefined.
const TRANSLIT_C: &str = r#"
#include <iconv.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>

static void show(const char *to, const char *from, const char *in, size_t n) {
    char out[256];
    iconv_t cd = iconv_open(to, from);
    if (cd == (iconv_t)-1) { printf("%s <- %s: open failed\n", to, from); return; }
    char *ip = (char *)in, *op = out;
    size_t il = n, ol = sizeof out;
    size_t r = iconv(cd, &ip, &il, &op, &ol);
    int e = r == (size_t)-1 ? errno : 0;
    iconv_close(cd);
    printf("%s <- %s: %zd %s [", to, from, (ssize_t)r, e == EILSEQ ? "EILSEQ" : e ? "error" : "ok");
    for (char *p = out; p < op; p++) printf("%02x", (unsigned char)*p);
    printf("] %zu left\n", il);
}

int main(int argc, char **argv) {
    setlocale(LC_ALL, argc > 1 ? argv[1] : "C");
    const char *text = "caf\xc3\xa9 \xe2\x80\x9cx\xe2\x80\x9d \xe2\x82\xac" "5 \xd0\x9f\xd1\x80 \xc3\x9f \xf0\x9f\x98\x80";
    const char *targets[] = {"ASCII//TRANSLIT", "ISO-8859-1//TRANSLIT", "UCS-2LE//TRANSLIT",
                             "ascii//translit//ignore", "CP1252//TRANSLIT"};
    for (int i = 0; i < 5; i++) show(targets[i], "UTF-8", text, strlen(text));
    const char utf16[] = "c\0\xe9\0 \0\xac\x20";
    show("ASCII//TRANSLIT", "UTF-16LE", utf16, sizeof utf16 - 1);
    show("UTF-8", "WINDOWS-1252", "a\x81\x80", 3);
    show("CP1252", "UTF-8", "a\xc2\x81", 3);
    return 0;
}
"#;

#[test]
fn translit_and_windows_1252_through_iconv_open_are_glibcs() {
    let exe = compile("translit", TRANSLIT_C, &[]);
    for locale in ["C", "C.UTF-8"] {
        let run = |preload: bool| {
            let mut cmd = Command::new(&exe);
            cmd.arg(locale).env_remove("LD_PRELOAD");
            if preload {
                cmd.env("LD_PRELOAD", library());
            }
            let out = cmd.output().unwrap();
            assert!(out.status.success(), "{out:?}");
            String::from_utf8(out.stdout).unwrap()
        };
        let (plain, pre) = (run(false), run(true));
        assert_eq!(pre, plain, "{locale}");
        // "EUR5" (45 55 52 35) is there: glibc transliterated.
        assert!(pre.contains("45555235"), "{locale}: {pre}");
        assert!(
            pre.contains("WINDOWS-1252: -1 EILSEQ [61]"),
            "{locale}: {pre}"
        );
    }
}

/// Compiles a C program of this file into a temporary directory.
fn compile(name: &str, source: &str, flags: &[&str]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("utf8x-iconv-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join(format!("{name}.c"));
    let exe = dir.join(name);
    std::fs::write(&src, source).unwrap();
    let cc = Command::new("cc")
        .args(["-O1"])
        .args(flags)
        .arg("-o")
        .arg(&exe)
        .arg(&src)
        .output()
        .expect("a C compiler (cc) must be installed");
    assert!(
        cc.status.success(),
        "{}",
        String::from_utf8_lossy(&cc.stderr)
    );
    exe
}

/// A C program calling iconv_open/iconv/iconv_close itself, from several threads at once, with
/// utf8x's and glibc's descriptors interleaved: every result must match a run without the
/// library, and the glibc-only behaviour must disappear under it (proof the interposition works).
const THREADS_C: &str = r#"
#include <iconv.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>

static size_t conv(const char *to, const char *from, const char *in, size_t n, char *out, size_t cap,
                   int *err) {
    iconv_t cd = iconv_open(to, from);
    if (cd == (iconv_t)-1) { *err = -errno; return 0; }
    char *ip = (char *)in, *op = out;
    size_t il = n, ol = cap;
    *err = iconv(cd, &ip, &il, &op, &ol) == (size_t)-1 ? errno : 0;
    iconv(cd, NULL, NULL, &op, &ol);
    if (iconv_close(cd) != 0) *err = 1000;
    return cap - ol;
}

static unsigned long sums[8];

static void *work(void *arg) {
    long t = (long)arg;
    unsigned long sum = 0;
    char out[256];
    int err;
    for (int i = 0; i < 2000; i++) {
        /* Interleave: one utf8x descriptor kept open while glibc ones come and go. */
        iconv_t mine = iconv_open("UTF-16LE", "UTF-8");
        size_t n = conv("UTF-8", "SHIFT_JIS", "\x83\x65\x83\x58\x83\x67", 6, out, sizeof out, &err);
        for (size_t k = 0; k < n; k++) sum = sum * 31 + (unsigned char)out[k];
        sum += err;
        char in[] = "h\xc3\xa9llo \xe2\x82\xac \xf0\x9f\x98\x80";
        char *ip = in, *op = out;
        size_t il = strlen(in), ol = sizeof out;
        sum += iconv(mine, &ip, &il, &op, &ol) == (size_t)-1 ? errno : 0;
        for (char *p = out; p < op; p++) sum = sum * 31 + (unsigned char)*p;
        iconv_close(mine);
        n = conv("UTF-32BE", "ISO-8859-1", "caf\xe9", 4, out, sizeof out, &err);
        for (size_t k = 0; k < n; k++) sum = sum * 31 + (unsigned char)out[k];
        sum += err;
    }
    sums[t] = sum;
    return NULL;
}

int main(void) {
    pthread_t th[8];
    for (long t = 0; t < 8; t++) pthread_create(&th[t], NULL, work, (void *)t);
    for (int t = 0; t < 8; t++) pthread_join(th[t], NULL);
    for (int t = 0; t < 8; t++) printf("%lu\n", sums[t]);
    char out[16];
    int err;
    size_t n = conv("UTF-8", "UTF-8", "a\xf4\x90\x80\x80", 5, out, sizeof out, &err);
    printf("above-max: %zu bytes, errno %s\n", n, err == EILSEQ ? "EILSEQ" : err ? "other" : "none");
    return 0;
}
"#;

#[test]
fn c_program_with_threads_and_both_kinds_of_descriptors() {
    let exe = compile("threads", THREADS_C, &["-pthread"]);
    let run = |preload: bool| {
        let mut cmd = Command::new(&exe);
        cmd.env_remove("LD_PRELOAD");
        if preload {
            cmd.env("LD_PRELOAD", library());
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let (plain, pre) = (run(false), run(true));
    let (plain_sums, plain_tail) = plain.rsplit_once("above-max").unwrap();
    let (pre_sums, pre_tail) = pre.rsplit_once("above-max").unwrap();
    assert_eq!(pre_sums, plain_sums);
    assert_eq!(plain_sums.lines().count(), 8);
    assert!(
        plain_sums
            .lines()
            .all(|l| l == plain_sums.lines().next().unwrap())
    );
    assert_eq!(plain_tail, ": 5 bytes, errno none\n");
    assert_eq!(pre_tail, ": 1 bytes, errno EILSEQ\n");
}

/// The UTF-8 family forms glibc lacks open through the preloaded library only; WINDOWS-1252
/// stays on glibc (see the test above), so every byte glibc defines round-trips as without it.
#[test]
fn charsets_glibc_lacks_and_windows_1252() {
    let cesu = temp("cesu.txt", b"a\xed\xa0\xbd\xed\xb8\x80\n");
    let args = ["-f", "CESU-8", "-t", "UTF-8", cesu.to_str().unwrap()];
    assert!(!iconv(false, &args).status.success());
    let out = iconv(true, &args);
    assert!(out.status.success());
    assert_eq!(out.stdout, "a😀\n".as_bytes());
    let utf8 = temp("java.txt", "a\0😀\n".as_bytes());
    let out = iconv(true, &["-f", "UTF-8", "-t", "JAVA", utf8.to_str().unwrap()]);
    assert_eq!(out.stdout, b"a\xc0\x80\xed\xa0\xbd\xed\xb8\x80\n");
    let defined: Vec<u8> = (0..=255u8)
        .filter(|b| ![0x81, 0x8D, 0x8F, 0x90, 0x9D].contains(b))
        .collect();
    let cp1252 = temp("cp1252.txt", &defined);
    for name in ["WINDOWS-1252", "CP1252", "MS-ANSI"] {
        let out = same(&["-f", name, "-t", "UTF-8", cp1252.to_str().unwrap()]);
        let back = temp("cp1252-utf8.txt", &out.stdout);
        let out = same(&["-f", "UTF-8", "-t", name, back.to_str().unwrap()]);
        assert_eq!(out.stdout, defined);
    }
}

/// A C program closing handles twice and passing handles nobody opened: under the library each
/// such call is -1 with EBADF, whoever made the handle (run without it, glibc would abort on the
/// double free, so it runs preloaded only).
const STALE_C: &str = r#"
#include <iconv.h>
#include <stdio.h>
#include <errno.h>

static const char *answer(long r) {
    if (r != -1) return "ok";
    return errno == EBADF ? "EBADF" : "other";
}

static const char *convert(iconv_t cd) {
    char in[] = "a", out[8];
    char *ip = in, *op = out;
    size_t il = 1, ol = sizeof out;
    errno = 0;
    return answer((long)iconv(cd, &ip, &il, &op, &ol));
}

static const char *close_it(iconv_t cd) {
    errno = 0;
    return answer(iconv_close(cd));
}

int main(void) {
    static long not_a_handle[64];
    const char *pairs[2][2] = {{"UTF-16LE", "UTF-8"}, {"UTF-8", "SHIFT_JIS"}};
    for (int i = 0; i < 2; i++) {
        iconv_t cd = iconv_open(pairs[i][0], pairs[i][1]);
        if (cd == (iconv_t)-1) { puts("open failed"); return 1; }
        const char *first = convert(cd);
        const char *closed = close_it(cd);
        const char *again = close_it(cd);
        printf("%s: convert %s, close %s, close again %s, convert after close %s\n",
               pairs[i][1], first, closed, again, convert(cd));
    }
    printf("unknown: convert %s, close %s\n", convert((iconv_t)not_a_handle),
           close_it((iconv_t)not_a_handle));
    printf("NULL: convert %s, close %s\n", convert((iconv_t)0), close_it((iconv_t)0));
    return 0;
}
"#;

#[test]
fn closed_and_unknown_handles_get_ebadf() {
    let exe = compile("stale", STALE_C, &[]);
    let out = Command::new(&exe)
        .env("LD_PRELOAD", library())
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "UTF-8: convert ok, close ok, close again EBADF, convert after close EBADF\n\
         SHIFT_JIS: convert ok, close ok, close again EBADF, convert after close EBADF\n\
         unknown: convert EBADF, close EBADF\n\
         NULL: convert EBADF, close EBADF\n"
    );
}
