//! The C ABI from two other languages: runs the Go (cgo) and Node.js (koffi) examples' own tests
//! and demo programs against the very `libutf8x.so` cargo built for this test run, so that the
//! examples README shows keep compiling and keep telling the truth.
//!
//! A machine without `go`, or without `node` and the example's `koffi` package, skips that
//! language with a `skipped: ...` line on stderr and passes: these are examples, not the
//! library. `scripts/ffi-toolchains.sh` installs both; `UTF8X_REQUIRE_FFI_TOOLCHAINS=1` turns a
//! skip into a failure, for CI that has run it.
//!
//! The environment is passed through, so `UTF8X_KERNEL=...` reaches the library in both.
#![cfg(target_os = "linux")]

use std::env;
use std::ffi::OsString;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use utf8x_test_support::{c_abi, runner};

/// The repository: this package is its `capi/`.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Where this test keeps its files: the Go build cache survives between runs (a rebuild then
/// takes a second or two), each run's copy of the library does not.
fn base_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("ffi_languages")
}

/// This run's directory holding the library as `libutf8x.so` and under its soname
/// `libutf8x.so.0`, which is what a program linked with `-lutf8x` asks the loader for.
fn lib_dir() -> &'static Path {
    &c_abi::libs(&Path::new(env!("CARGO_TARGET_TMPDIR")).join("ffi_languages")).dir
}

fn ld_library_path() -> OsString {
    c_abi::ld_library_path(lib_dir())
}

/// Says why a language is not tested, where `cargo test` shows it.
fn skip(why: &str) {
    if env::var_os("UTF8X_REQUIRE_FFI_TOOLCHAINS").is_some_and(|v| v == "1") {
        panic!("{why}, and UTF8X_REQUIRE_FFI_TOOLCHAINS=1 (run scripts/ffi-toolchains.sh)");
    }
    c_abi::skipped(&format!("{why} (scripts/ffi-toolchains.sh installs it)"));
}

/// True (after saying so) when the tests run under an emulator: the host's go and node cannot
/// load a library built for another architecture. Not a missing toolchain, so never a failure.
fn emulated() -> bool {
    let emulated = runner::emulated();
    if emulated {
        c_abi::skipped("the tests run under an emulator; go and node here run on this machine");
    }
    emulated
}

/// Runs `cmd`, or returns None when its program is not installed.
fn output(cmd: &mut Command) -> Option<Output> {
    match cmd.output() {
        Ok(out) => Some(out),
        Err(e) if e.kind() == ErrorKind::NotFound => None,
        Err(e) => panic!("cannot run {cmd:?}: {e}"),
    }
}

/// Fails with everything the command printed unless it succeeded; returns its stdout.
fn check(cmd: &Command, out: &Output) -> String {
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{cmd:?} failed ({})\n--- stdout ---\n{stdout}--- stderr ---\n{stderr}",
        out.status
    );
    stdout
}

/// The demo programs print the same three lines in both languages (the Node one quotes the
/// decoded string instead of listing its units).
const DEMO_FIRST_LINE: &str = "invalid input at byte 6 (2 bytes): sequence too short";
const DEMO_LAST_LINE: &str = "U+1F600 in CESU-8: ED A0 BD ED B8 80";

/// A `go` command for examples/go: no network (the example uses only the standard library and
/// cgo), no user configuration, and its caches under the target directory rather than $HOME,
/// which CI's root may not have set up.
fn go(args: &[&str]) -> Command {
    let base = base_dir();
    let mut cmd = Command::new("go");
    cmd.args(args)
        .current_dir(Path::new(ROOT).join("examples/go"))
        .env("GOCACHE", base.join("go-cache"))
        .env("GOPATH", base.join("go-path"))
        .env("GOENV", "off")
        .env("GOPROXY", "off")
        .env("GOTOOLCHAIN", "local")
        .env("GOWORK", "off")
        .env("GO111MODULE", "on")
        // Stamping the binary with this repository's git state would run git for nothing.
        .env("GOFLAGS", "-buildvcs=false")
        .env("CGO_ENABLED", "1")
        .env("CGO_CFLAGS", format!("-I{ROOT}/include"))
        .env("CGO_LDFLAGS", format!("-L{} -lutf8x", lib_dir().display()))
        .env("LD_LIBRARY_PATH", ld_library_path());
    cmd
}

#[test]
fn go_example_through_cgo() {
    if emulated() {
        return;
    }
    match output(Command::new("go").arg("version")) {
        Some(out) if out.status.success() => {}
        _ => return skip("go is not installed"),
    }
    // -count=1: the test binary's results must never come from Go's cache, which does not know
    // that the library under it changed.
    let mut test = go(&["test", "-count=1", "-v", "./..."]);
    let out = output(&mut test).expect("go ran a moment ago");
    let stdout = check(&test, &out);
    println!("{stdout}");
    for name in [
        "TestValidateValid",
        "TestValidateInvalid",
        "TestReplaceToUTF16LE",
        "TestMeasure",
        "TestConvertUTF8ToCESU8",
    ] {
        assert!(
            stdout.contains(&format!("--- PASS: {name} ")),
            "{name} did not pass:\n{stdout}"
        );
    }
    assert!(
        stdout.lines().any(|l| l.starts_with("ok ")) && !stdout.contains("FAIL"),
        "go test did not end with ok:\n{stdout}"
    );

    let mut run = go(&["run", "./cmd/utf8x-demo"]);
    let out = output(&mut run).expect("go ran a moment ago");
    let stdout = check(&run, &out);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines,
        [
            DEMO_FIRST_LINE,
            "9 UTF-16 units, 1 replaced: [0063 0061 0066 00e9 0020 fffd 0020 006f 006b]",
            DEMO_LAST_LINE,
        ],
        "go run ./cmd/utf8x-demo"
    );
}

#[test]
fn node_example_through_koffi() {
    if emulated() {
        return;
    }
    let dir = Path::new(ROOT).join("examples/node");
    match output(Command::new("node").arg("--version")) {
        Some(out) if out.status.success() => {}
        _ => return skip("node is not installed"),
    }
    if !dir.join("node_modules/koffi/package.json").is_file() {
        return skip("examples/node/node_modules has no koffi (npm ci in examples/node)");
    }
    let node = |script: &str| {
        let mut cmd = Command::new("node");
        cmd.arg(script)
            .current_dir(&dir)
            .env("UTF8X_LIB", lib_dir().join("libutf8x.so"));
        cmd
    };

    let mut test = node("test.js");
    let out = output(&mut test).expect("node ran a moment ago");
    let stdout = check(&test, &out);
    println!("{stdout}");
    // node:test's closing counts; a run that found no test also exits 0.
    let count = |key: &str| {
        stdout
            .lines()
            .find_map(|l| {
                l.strip_prefix(&format!("# {key} "))?
                    .trim()
                    .parse::<u32>()
                    .ok()
            })
            .unwrap_or_else(|| panic!("no `# {key}` line in the output of node test.js:\n{stdout}"))
    };
    assert_eq!(count("fail"), 0, "{stdout}");
    assert!(count("pass") >= 6, "too few tests passed:\n{stdout}");

    let mut run = node("example.js");
    let out = output(&mut run).expect("node ran a moment ago");
    let stdout = check(&run, &out);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines,
        [
            DEMO_FIRST_LINE,
            "9 UTF-16 units, 1 replaced: \"caf\u{e9} \u{fffd} ok\"",
            DEMO_LAST_LINE,
        ],
        "node example.js"
    );
}
