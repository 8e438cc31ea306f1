//! `utf8x check`: is each file UTF-8, and if not, where exactly does it stop being so?

use utf8x::Outcome;

use crate::Exit;
use crate::args::Check;
use crate::files;
use crate::report::{Stdout, plural};

/// Checks every file, whatever happened to the previous ones; the status is the worst seen.
pub fn run(args: &Check) -> Exit {
    let mut stdout = Stdout::default();
    let mut exit = Exit::Ok;
    for input in &args.inputs {
        let Some(data) = files::read_or_report(input) else {
            exit = exit.max(Exit::Trouble);
            continue;
        };
        let outcome = utf8x::validate(&data);
        let line = if outcome.is_ok() {
            if args.quiet {
                continue;
            }
            format!(
                "{input}: ok ({}, {})",
                plural(data.len(), "byte"),
                plural(utf8x::count(&data), "character")
            )
        } else {
            exit = exit.max(Exit::Invalid);
            format!("{input}: {}", describe(&data, outcome))
        };
        if let Err(failed) = stdout.line(format_args!("{line}")) {
            return failed;
        }
    }
    exit
}

/// `invalid UTF-8 at byte N (line L, column C): KIND` for the first problem in `data`.
fn describe(data: &[u8], outcome: Outcome) -> String {
    let at = outcome.read;
    let (line, column) = position(&data[..at]);
    format!(
        "invalid UTF-8 at byte {at} (line {line}, column {column}): {}",
        outcome.error.as_str()
    )
}

/// The 1-based line and column just after `prefix`, a valid UTF-8 text. Lines end at `\n` only,
/// so a `\r` before it is one more character; columns count code points.
fn position(prefix: &[u8]) -> (usize, usize) {
    let line_start = prefix
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |newline| newline + 1);
    let line = 1 + prefix.iter().filter(|&&b| b == b'\n').count();
    (line, 1 + utf8x::count(&prefix[line_start..]))
}
