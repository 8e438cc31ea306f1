//! The C side of utf8x, tested from C: builds the programs under `capi/c_tests/` and `examples/c/`
//! against the very `libutf8x.so` and `libutf8x.a` cargo built for this test run, and runs them.
//!
//! - the C harness (`capi/c_tests/*.c`, C99, warnings as errors), linked once against the shared
//!   and once against the static library; it prints `N passed, M failed` and fails on any failure;
//! - a C++17 translation unit including the header (the `extern "C"` guard);
//! - the copyable example `examples/c/validate_file.c` on valid and invalid files;
//! - the shared library's exported symbols and soname.
//!
//! The environment is passed through, so `UTF8X_KERNEL=... cargo test --test c_harness` runs the
//! C programs on the forced kernel.
#![cfg(target_os = "linux")]

use std::env;
use std::ffi::{OsStr, OsString};
use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use utf8x_test_support::c_abi::{self, Libs};
use utf8x_test_support::runner;

const C_FLAGS: &[&str] = &["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"];
const CXX_FLAGS: &[&str] = &["-std=c++17", "-Wall", "-Wextra", "-Werror", "-pedantic"];
/// The repository: this package is its `capi/`.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Fewer checks than this means the harness silently stopped testing.
const MIN_HARNESS_CHECKS: u64 = 100_000;

/// Every function of the C API the README documents; the shared library must export each of them.
const PINNED: &[&str] = &[
    "utf8x_validate",
    "utf8x_is_valid",
    "utf8x_is_ascii",
    "utf8x_count",
    "utf8x_validate_utf16le",
    "utf8x_validate_utf16be",
    "utf8x_validate_utf32",
    "utf8x_to_utf16le",
    "utf8x_to_utf16be",
    "utf8x_to_utf16",
    "utf8x_to_utf32",
    "utf8x_to_latin1",
    "utf8x_to_wchar",
    "utf8x_from_utf16le",
    "utf8x_from_utf16be",
    "utf8x_from_utf16",
    "utf8x_from_utf32",
    "utf8x_from_latin1",
    "utf8x_from_wchar",
    "utf8x_version",
    "utf8x_status_str",
    "utf8x_error_str",
    "utf8x_bom",
    "utf8x_detect",
];

fn libs() -> &'static Libs {
    c_abi::libs(&Path::new(env!("CARGO_TARGET_TMPDIR")).join("c_harness"))
}

fn target_triple() -> String {
    env::var("TARGET").unwrap_or_else(|_| {
        let abi = if cfg!(target_env = "musl") {
            "musl"
        } else {
            "gnu"
        };
        format!("{}-unknown-linux-{abi}", env::consts::ARCH)
    })
}

/// The C or C++ compiler cc would use in a build script (honours CC, CXX, CFLAGS...).
fn compiler(cpp: bool) -> cc::Tool {
    let triple = target_triple();
    cc::Build::new()
        .cpp(cpp)
        .target(&triple)
        .host(&triple)
        .opt_level(1)
        .debug(true)
        .cargo_metadata(false)
        .emit_rerun_if_env_changed(false)
        .get_compiler()
}

fn text(output: &Output) -> String {
    format!(
        "--- stdout ---\n{}--- stderr ---\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn build(cpp: bool, flags: &[&str], sources: &[PathBuf], out: &str, link: &[OsString]) -> PathBuf {
    let out = libs().dir.join(out);
    let mut cmd = compiler(cpp).to_command();
    cmd.args(flags)
        .arg(format!("-I{ROOT}/include"))
        .args(sources)
        .arg("-o")
        .arg(&out)
        .args(link);
    let output = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    assert!(
        output.status.success(),
        "compiling failed: {cmd:?}\n{}",
        text(&output)
    );
    out
}

/// Runs `program` with the library directory first on LD_LIBRARY_PATH and the rest of the
/// environment (UTF8X_KERNEL included) unchanged, under the emulator when the tests run under one.
fn run<S: AsRef<OsStr>>(program: &Path, args: &[S]) -> Output {
    runner::command(program)
        .args(args)
        .env("LD_LIBRARY_PATH", c_abi::ld_library_path(&libs().dir))
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()))
}

/// Runs a system tool, or returns None (after saying so) when it is not installed.
fn tool(name: &str, args: &[&OsStr]) -> Option<String> {
    match Command::new(name).args(args).output() {
        Ok(out) => {
            assert!(
                out.status.success(),
                "{name} {args:?} failed\n{}",
                text(&out)
            );
            Some(String::from_utf8_lossy(&out.stdout).into_owned())
        }
        Err(e) if e.kind() == ErrorKind::NotFound => {
            eprintln!("notice: `{name}` is not installed; skipping the checks that need it");
            None
        }
        Err(e) => panic!("cannot run {name}: {e}"),
    }
}

/// The NEEDED entries of an ELF file, when readelf is available.
fn needed(binary: &Path) -> Option<Vec<String>> {
    let dynamic = tool("readelf", &[OsStr::new("-d"), binary.as_os_str()])?;
    Some(
        dynamic
            .lines()
            .filter(|l| l.contains("(NEEDED)"))
            .filter_map(|l| l.split('[').nth(1)?.split(']').next().map(str::to_owned))
            .collect(),
    )
}

fn harness_sources() -> Vec<PathBuf> {
    let mut sources: Vec<PathBuf> = fs::read_dir(Path::new(ROOT).join("capi/c_tests"))
        .expect("capi/c_tests/")
        .map(|e| e.expect("capi/c_tests/ entry").path())
        .filter(|p| p.extension() == Some(OsStr::new("c")))
        .collect();
    sources.sort();
    sources
}

/// Runs the harness and fails, with its whole output, unless it ends with `N passed, 0 failed`.
fn run_harness(binary: &Path) {
    if let Some(kernel) = env::var_os("UTF8X_KERNEL") {
        eprintln!("UTF8X_KERNEL={}", kernel.to_string_lossy());
    }
    let output = run::<&str>(binary, &[]);
    let all = text(&output);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let summary = stdout.lines().last().unwrap_or("");
    eprintln!("{}: {summary}", binary.display());
    let counts = summary
        .strip_suffix(" failed")
        .and_then(|s| s.split_once(" passed, "))
        .and_then(|(p, f)| Some((p.parse::<u64>().ok()?, f.parse::<u64>().ok()?)));
    assert!(
        output.status.success(),
        "the C harness failed ({})\n{all}",
        output.status
    );
    let Some((passed, 0)) = counts else {
        panic!("unexpected summary line {summary:?}\n{all}");
    };
    assert!(
        passed >= MIN_HARNESS_CHECKS,
        "only {passed} checks ran\n{all}"
    );
}

#[test]
fn harness_against_shared_library() {
    let binary = build(
        false,
        C_FLAGS,
        &harness_sources(),
        "harness_shared",
        &libs().link_shared(),
    );
    if let Some(needed) = needed(&binary) {
        assert!(
            needed.iter().any(|n| n == "libutf8x.so.0"),
            "not linked to the .so: {needed:?}"
        );
    }
    run_harness(&binary);
}

#[test]
fn harness_against_static_library() {
    let binary = build(
        false,
        C_FLAGS,
        &harness_sources(),
        "harness_static",
        &libs().link_static(),
    );
    if let Some(needed) = needed(&binary) {
        assert!(
            !needed.iter().any(|n| n.contains("utf8x")),
            "linked to the .so: {needed:?}"
        );
    }
    run_harness(&binary);
}

#[test]
fn header_compiles_as_cxx17_with_c_linkage() {
    let source = Path::new(ROOT).join("capi/c_tests/cxx_include.cpp");
    let binary = build(
        true,
        CXX_FLAGS,
        &[source],
        "cxx_include",
        &libs().link_shared(),
    );
    let output = run::<&str>(&binary, &[]);
    assert!(output.status.success(), "{}", text(&output));
}

#[test]
fn shared_library_exports_only_utf8x_symbols_and_has_soname() {
    let so = libs().so.as_os_str();
    if let Some(symbols) = tool("nm", &[OsStr::new("-D"), OsStr::new("--defined-only"), so]) {
        let names: Vec<&str> = symbols
            .lines()
            .filter_map(|l| l.split_whitespace().last())
            .collect();
        let foreign: Vec<&&str> = names.iter().filter(|n| !n.starts_with("utf8x_")).collect();
        assert!(
            foreign.is_empty(),
            "exported symbols outside utf8x_: {foreign:?}"
        );
        for pinned in PINNED {
            assert!(names.contains(pinned), "{pinned} is not exported");
        }
    }
    if let Some(dynamic) = tool("readelf", &[OsStr::new("-d"), so]) {
        assert!(
            dynamic.contains("Library soname: [libutf8x.so.0]"),
            "soname is not libutf8x.so.0:\n{dynamic}"
        );
    }
}

/// The report line the example prints for invalid input, computed with std as the oracle.
fn expected_report(path: &Path, data: &[u8]) -> String {
    let offset = std::str::from_utf8(data)
        .expect_err("invalid input")
        .valid_up_to();
    let line_start = data[..offset]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = 1 + data[..offset].iter().filter(|&&b| b == b'\n').count();
    let column = 1 + std::str::from_utf8(&data[line_start..offset])
        .unwrap()
        .chars()
        .count();
    let kind = utf8x::validate(data).error.as_str();
    format!(
        "{}: invalid UTF-8 at byte {offset} (line {line}, column {column}): {kind}\n",
        path.display()
    )
}

#[test]
fn example_validate_file() {
    let source = Path::new(ROOT).join("examples/c/validate_file.c");
    let binary = build(
        false,
        C_FLAGS,
        &[source],
        "validate_file",
        &libs().link_shared(),
    );
    let dir = &libs().dir;

    let valid = "Grüße, 世界! 😀\nsecond line: ĳ ∑ 𝄞\n";
    let (input, output) = (dir.join("valid.txt"), dir.join("valid.utf16le"));
    fs::write(&input, valid).unwrap();
    let out = run(&binary, &[&input, &output]);
    let units = valid.encode_utf16().count();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "{}: valid UTF-8, {} bytes; wrote {units} UTF-16LE units to {}\n",
            input.display(),
            valid.len(),
            output.display()
        )
    );
    let le: Vec<u8> = valid.encode_utf16().flat_map(u16::to_le_bytes).collect();
    assert_eq!(fs::read(&output).unwrap(), le);

    let invalid: [&[u8]; 4] = [
        b"first line\nsecond \xC3\xA9t\xC3\xA9 \xE2\x82 broken\n",
        b"\xFFat the start",
        b"one\ntwo\nthr\xC3\xA9\xE2\x82\xAC\xED\xA0\x80",
        b"ends inside a sequence \xF0\x9F\x98",
    ];
    for (i, data) in invalid.iter().enumerate() {
        let (input, output) = (
            dir.join(format!("invalid{i}.txt")),
            dir.join(format!("invalid{i}.out")),
        );
        fs::write(&input, data).unwrap();
        let _ = fs::remove_file(&output);
        let out = run(&binary, &[&input, &output]);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out));
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            expected_report(&input, data)
        );
        assert!(!output.exists(), "output written for invalid input");
    }

    let usage = run::<&str>(&binary, &[]);
    assert_eq!(usage.status.code(), Some(2), "{}", text(&usage));
    let missing = run(&binary, &[dir.join("does-not-exist.txt")]);
    assert_eq!(missing.status.code(), Some(2), "{}", text(&missing));
}
