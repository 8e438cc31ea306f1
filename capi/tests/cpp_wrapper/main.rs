//! The C++ wrapper `include/utf8x.hpp`, tested from C++: builds
//! `capi/tests/cpp_wrapper/test_wrapper.cpp` (which checks the wrapper against the C API and known
//! literals) as C++17 and C++20 with warnings as errors, with the C++ compiler cc picks and with
//! clang++ when it is installed, against the very `libutf8x.so` and `libutf8x.a` cargo built for
//! this run, and runs it; then builds and runs the example `examples/cpp/validate.cpp`.
#![cfg(target_os = "linux")]

use std::env;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use utf8x_test_support::c_abi::{self, Libs};
use utf8x_test_support::runner;

/// The repository: this package is its `capi/`.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
/// Fewer checks than this means the test program silently stopped testing.
const MIN_CHECKS: u64 = 10_000;

fn libs() -> &'static Libs {
    c_abi::libs(&Path::new(env!("CARGO_TARGET_TMPDIR")).join("cpp_wrapper"))
}

fn text(output: &Output) -> String {
    format!(
        "--- stdout ---\n{}--- stderr ---\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// The C++ compiler cc would use (honours CXX).
fn default_compiler() -> Command {
    let triple =
        env::var("TARGET").unwrap_or_else(|_| format!("{}-unknown-linux-gnu", env::consts::ARCH));
    cc::Build::new()
        .cpp(true)
        .target(&triple)
        .host(&triple)
        .opt_level(1)
        .cargo_metadata(false)
        .emit_rerun_if_env_changed(false)
        .get_compiler()
        .to_command()
}

/// Builds the wrapper's test program with `cxx` as C++17 and C++20 and runs both.
fn check_wrapper_with(cxx: &Command, tag: &str) {
    for std in ["c++17", "c++20"] {
        let mut again = Command::new(cxx.get_program());
        again.args(cxx.get_args());
        let binary = build(
            again,
            std,
            "capi/tests/cpp_wrapper/test_wrapper.cpp",
            &format!("test_wrapper_{tag}_{std}"),
            &libs().link_shared(),
        );
        run_checks(&binary);
    }
}

fn build(mut cxx: Command, std: &str, source: &str, out: &str, link: &[OsString]) -> PathBuf {
    let out = libs().dir.join(out);
    cxx.arg(format!("-std={std}"))
        .args(["-Wall", "-Wextra", "-Werror", "-pedantic"])
        .arg(format!("-I{ROOT}/include"))
        .arg(Path::new(ROOT).join(source))
        .arg("-o")
        .arg(&out)
        .args(link);
    let output = cxx
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cxx:?}: {e}"));
    assert!(
        output.status.success(),
        "compiling failed: {cxx:?}\n{}",
        text(&output)
    );
    out
}

fn run(program: &Path, args: &[&str]) -> Output {
    runner::command(program)
        .args(args)
        .env("LD_LIBRARY_PATH", &libs().dir)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()))
}

/// Runs the test program and fails, with its output, unless it ends with `N passed, 0 failed`.
fn run_checks(binary: &Path) {
    let output = run(binary, &[]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let summary = stdout.lines().last().unwrap_or("");
    eprintln!("{}: {summary}", binary.display());
    let passed = summary
        .strip_suffix(" passed, 0 failed")
        .and_then(|p| p.parse::<u64>().ok());
    assert!(
        output.status.success() && passed.is_some_and(|p| p >= MIN_CHECKS),
        "the C++ wrapper test failed ({})\n{}",
        output.status,
        text(&output)
    );
}

#[test]
fn wrapper_against_c_api_cxx17_and_cxx20() {
    check_wrapper_with(&default_compiler(), "default");
}

/// The same with clang++, where it is installed (`apt-get install clang`); elsewhere a visible
/// skip, so that a machine without it still passes.
#[test]
fn wrapper_with_clang() {
    if runner::emulated() {
        c_abi::skipped("the tests run under an emulator; clang++ here builds for this machine");
        return;
    }
    if Command::new("clang++").arg("--version").output().is_err() {
        c_abi::skipped(
            "clang++ is not installed; the C++ wrapper was compiled with the default compiler only",
        );
        return;
    }
    check_wrapper_with(&Command::new("clang++"), "clang");
}

#[test]
fn wrapper_against_static_library() {
    let cxx = default_compiler();
    let binary = build(
        cxx,
        "c++17",
        "capi/tests/cpp_wrapper/test_wrapper.cpp",
        "test_wrapper_static",
        &libs().link_static(),
    );
    run_checks(&binary);
}

#[test]
fn example_validate() {
    let cxx = default_compiler();
    let binary = build(
        cxx,
        "c++17",
        "examples/cpp/validate.cpp",
        "validate_cpp",
        &libs().link_shared(),
    );
    let out = run(&binary, &[]);
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "invalid UTF-8 at byte 6 (2 bytes): sequence too short\n"
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "9 UTF-16 units, 1 replaced: 0063 0061 0066 00E9 0020 FFFD 0020 006F 006B\n"
    );
    let out = run(&binary, &["h\u{e9}\u{1F600}"]);
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "4 UTF-16 units, 0 replaced: 0068 00E9 D83D DE00\n"
    );
}
