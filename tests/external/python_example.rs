//! Runs the Python ctypes example's own test suite against the `libutf8x.so` built with this
//! test, so the binding and Python's UTF-8 codec act as an independent oracle for the C ABI.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::corpus;

/// The cdylib cargo built alongside this test. The test binary lives in `target/<profile>/deps/`,
/// where `cargo test` also leaves the fresh `libutf8x.so`; the copy one level up is only refreshed
/// by `cargo build`, so it may be stale and is the fallback.
fn built_library() -> PathBuf {
    let exe = std::env::current_exe().expect("path of the test executable");
    let deps = exe.parent().expect("the test executable has a directory");
    let name = format!(
        "{}utf8x{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    let candidates = [Some(deps.join(&name)), deps.parent().map(|p| p.join(&name))];
    candidates
        .into_iter()
        .flatten()
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("{name} not found next to {}", deps.display()))
}

#[test]
fn python_binding_matches_python_codec() {
    if crate::support::runner::emulated() {
        // Past libtest's capture, which keeps what eprintln! prints for a passing test.
        let _ = writeln!(
            std::io::stderr(),
            "skipped: the tests run under an emulator; python3 here runs on this machine"
        );
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = built_library();
    let output = Command::new("python3")
        .arg(root.join("examples/python/test_utf8x.py"))
        .env("UTF8X_LIB", &lib)
        // The script's whole-file cases run on the same corpus as the Rust tests.
        .env("UTF8X_LIPSUM", corpus::corpus().dir())
        .current_dir(root)
        .output()
        .unwrap_or_else(|e| {
            panic!("cannot run python3 ({e}); the Python example test needs python3 on PATH")
        });
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("{stdout}");
    eprintln!("{stderr}");
    assert!(
        output.status.success(),
        "examples/python/test_utf8x.py failed ({}) with UTF8X_LIB={}",
        output.status,
        lib.display()
    );
    // A script that ran nothing also exits 0 when misused; insist on its summary line.
    let summary = stdout.lines().last().unwrap_or_default();
    assert!(
        summary.contains(" passed, 0 failed") && !summary.starts_with("0 passed"),
        "unexpected summary line {summary:?}"
    );
}
