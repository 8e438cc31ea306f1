//! `utf8x convert`: read IN whole, convert it in memory, and only then write the result, so a
//! failed conversion leaves no output at all.

use utf8x::{Outcome, Policy, Status};

use crate::Exit;
use crate::args::Convert;
use crate::codec::{self, Failure};
use crate::encoding::Encoding;
use crate::files;
use crate::report::{self, Stdout, plural};

pub fn run(args: &Convert) -> Exit {
    let input = &args.input;
    let Some(data) = files::read_or_report(input) else {
        return Exit::Trouble;
    };
    let done = match codec::transcode(args.from, args.to, &data, args.policy) {
        Ok(done) => done,
        Err(failure) => {
            let (message, exit) = explain(&failure, args);
            report::error(format_args!("{input}: {message}"));
            return exit;
        }
    };
    if args.verbose {
        report::error(format_args!(
            "{input}: {} of {} -> {} of {}, {} (policy {})",
            plural(data.len(), "byte"),
            args.from,
            plural(done.out.len(), "byte"),
            args.to,
            plural(done.replaced, "substitution"),
            policy_name(args.policy),
        ));
    }
    match &args.output {
        None => Stdout::default().write(&done.out).err().unwrap_or(Exit::Ok),
        Some(path) => match files::replace(path, &done.out) {
            Ok(()) => Exit::Ok,
            Err(e) => {
                report::error(format_args!(
                    "cannot write {}: {}",
                    path.display(),
                    report::describe(&e)
                ));
                Exit::Trouble
            }
        },
    }
}

/// The message (after `IN: `) and exit status for a failed conversion.
fn explain(failure: &Failure, args: &Convert) -> (String, Exit) {
    let from = args.from;
    match *failure {
        Failure::PartialUnit { at } => (
            format!(
                "{from} input ends inside a {}-byte code unit (at byte offset {at})",
                from.unit_bytes()
            ),
            Exit::Invalid,
        ),
        Failure::Stopped { at, character } => match at.status {
            Status::Invalid | Status::Truncated => (
                format!(
                    "invalid {from} at {}: {}",
                    location(from, at.read),
                    at.error.as_str()
                ),
                Exit::Invalid,
            ),
            Status::Unmappable => {
                let what = character.map_or("a character".to_owned(), |c| {
                    format!("U+{:04X}", u32::from(c))
                });
                (
                    format!(
                        "cannot convert {what} at {} to {}: {}",
                        location(from, at.read),
                        args.to,
                        at.error.as_str()
                    ),
                    Exit::Invalid,
                )
            }
            _ => (internal(at), Exit::Trouble),
        },
    }
}

/// `byte offset N`, or `unit offset N (byte offset M)` for UTF-16 and UTF-32 input.
fn location(enc: Encoding, units: usize) -> String {
    match enc.unit_bytes() {
        1 => format!("byte offset {units}"),
        size => format!("unit offset {units} (byte offset {})", units * size),
    }
}

/// Argument checks keep the library from refusing a call; if it still does, say so plainly.
fn internal(at: Outcome) -> String {
    format!(
        "the utf8x library failed unexpectedly ({}, {} at offset {}); please report this bug",
        at.status.as_str(),
        at.error.as_str(),
        at.read
    )
}

fn policy_name(policy: Policy) -> &'static str {
    match policy {
        Policy::Strict => "strict",
        Policy::Replace => "replace",
        Policy::Skip => "skip",
        Policy::Escape => "escape",
        Policy::Fallback => "fallback",
    }
}
