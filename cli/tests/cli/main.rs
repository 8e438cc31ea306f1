//! End-to-end tests of the `utf8x` binary: exact messages, exit codes and output bytes, checked
//! against std (`from_utf8`, `encode_utf16`, `char` values) and, side by side, against the real
//! glibc `iconv` and moreutils' `isutf8` when they are installed.

mod boundaries;
mod check;
mod commands;
mod compat;
mod convert;
mod detection;
mod encodings;
mod mojibake;
mod regressions;

use utf8x_test_support::corpus;

use std::ffi::OsStr;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::thread;

/// What one run of the binary produced.
pub struct Run {
    pub code: i32,
    pub stdout: Vec<u8>,
    pub stderr: String,
}

impl Run {
    /// Asserts a successful run with nothing on standard error and returns standard output.
    #[track_caller]
    pub fn ok(self) -> Vec<u8> {
        assert_eq!((self.code, self.stderr.as_str()), (0, ""));
        self.stdout
    }

    /// Standard output as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
}

pub fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_utf8x"))
}

/// Runs `utf8x ARGS` with `stdin` as standard input.
pub fn utf8x<S: AsRef<OsStr>>(args: &[S], stdin: &[u8]) -> Run {
    let mut command = binary();
    command.args(args);
    let output = piped(command, stdin);
    Run {
        code: output
            .status
            .code()
            .unwrap_or_else(|| panic!("utf8x killed by a signal: {:?}", output.status)),
        stdout: output.stdout,
        stderr: String::from_utf8(output.stderr).expect("diagnostics are UTF-8"),
    }
}

/// Runs `command` with `stdin` as its standard input and collects its output.
fn piped(mut command: Command, stdin: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program runs");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    // A separate writer, so a large input cannot deadlock against a large output. The program
    // may legitimately stop reading early (usage errors), hence the ignored result.
    let writer = thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("the program finishes");
    writer.join().expect("stdin writer");
    output
}

/// A fresh empty directory for one test.
pub fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("utf8x-cli-{test}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// Writes `bytes` to `dir/name` and returns the path as a string for argument lists.
pub fn file(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    fs::write(&path, bytes).expect("test file");
    path.to_str().expect("UTF-8 scratch path").to_owned()
}

/// The repository's `samples/` directory.
pub fn samples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples")
}

/// UTF-16 of `text` as bytes, each unit laid out by `unit`.
pub fn utf16(text: &str, unit: fn(u16) -> [u8; 2]) -> Vec<u8> {
    text.encode_utf16().flat_map(unit).collect()
}

/// UTF-32 of `text` as bytes, each unit laid out by `unit`.
pub fn utf32(text: &str, unit: fn(u32) -> [u8; 4]) -> Vec<u8> {
    text.chars().map(u32::from).flat_map(unit).collect()
}

/// Runs `program ARGS` (another tool, for side-by-side comparisons), or `None` when it is not
/// installed, after saying so where the test output shows it.
pub fn tool(program: &str, args: &[&str], stdin: &[u8]) -> Option<Run> {
    let path = ["/usr/bin", "/bin", "/usr/local/bin"]
        .iter()
        .map(|dir| Path::new(dir).join(program))
        .find(|p| p.exists());
    let Some(path) = path else {
        eprintln!("SKIPPED: {program} is not installed (apt-get install moreutils / libc-bin)");
        return None;
    };
    let mut command = Command::new(path);
    command.args(args).env("LC_ALL", "C.UTF-8");
    let output = piped(command, stdin);
    Some(Run {
        code: output.status.code().unwrap_or(-1),
        stdout: output.stdout,
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    })
}
