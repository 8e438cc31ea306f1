//! Running programs built for the target, which is not always the machine running the tests:
//! `scripts/test-aarch64.sh` runs the aarch64 test executables under qemu-user, and from there
//! a program the tests build (the C harness) or the test executable itself, run again as a
//! child, must go through the emulator too: the kernel cannot execute them, and these machines
//! have no binfmt_misc registration to hand them to qemu.
//!
//! `UTF8X_TEST_RUNNER` names that emulator, with its arguments, separated by spaces (the same
//! command as cargo's `CARGO_TARGET_<TRIPLE>_RUNNER`). Unset, programs run directly.

use std::ffi::OsStr;
use std::process::Command;

const VAR: &str = "UTF8X_TEST_RUNNER";

/// The runner's words, when one is set.
fn runner() -> Option<Vec<String>> {
    let words: Vec<String> = std::env::var(VAR)
        .ok()?
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    (!words.is_empty()).then_some(words)
}

/// Whether programs built for the target run under an emulator: then the host's own
/// interpreters and compilers (Python, Go, Node, clang++) cannot load or link the library the
/// tests built, and the tests that use them skip.
pub fn emulated() -> bool {
    runner().is_some()
}

/// A command that runs `program`, built for the target, through the runner when one is set.
pub fn command(program: impl AsRef<OsStr>) -> Command {
    match runner() {
        Some(words) => {
            let mut cmd = Command::new(&words[0]);
            cmd.args(&words[1..]).arg(program);
            cmd
        }
        None => Command::new(program),
    }
}
