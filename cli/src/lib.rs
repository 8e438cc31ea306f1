//! `utf8x`: check that files are UTF-8 (isutf8's options), convert between encodings (iconv's
//! options), detect and repair encodings, with the exact position of every problem. A thin
//! shell over the `utf8x` crate, streaming every file in bounded chunks.
//!
//! The tool is this library and a `main` that calls [`main`]: the library is what the fuzz
//! target of the tool's engines (`fuzz/fuzz_targets/cli_engines.rs`) links, through the one
//! entry point made for it ([`fuzzing`]); everything else stays private to the tool.

// The one exception is mapping input files (`input.rs`) and calling iconv(3) (`sys.rs`).
#![deny(unsafe_code)]

mod check;
mod cjk;
mod cleanup;
mod cli;
mod codec;
mod convert;
mod decoded;
mod detect;
mod encoding;
mod fix;
#[doc(hidden)]
pub mod fuzzing;
mod input;
#[cfg(test)]
mod linearity;
mod mojibake;
mod outcome;
mod output;
mod pipeline;
mod plan;
mod plausible;
mod progress;
mod readings;
mod report;
mod runs;
mod sys;
mod table;
mod via;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser};

use cli::{Cli, Command};

/// The exit status. Ordered by severity: a run that meets several outcomes reports the worst.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Exit {
    /// Everything was valid and converted.
    Ok = 0,
    /// Some input was ill-formed (or unmappable); for `convert`, any failure, as iconv.
    Invalid = 1,
    /// An unreadable input or an unwritable output (`check`, `detect`, `fix`).
    Trouble = 2,
    /// A usage mistake (sysexits' EX_USAGE, as iconv).
    Usage = 64,
}

/// The threads `-j` means by default: one per core the process may use.
pub(crate) fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The whole tool: parses the command line, runs the command, returns its exit status.
pub fn main() -> ExitCode {
    sys::guard_stdin();
    // `utf8x` alone at a terminal would wait on its typing for iconv's default conversion: show
    // the help. With standard input a pipe or a file it converts it, as iconv does.
    if std::env::args_os().len() == 1 && std::io::stdin().is_terminal() {
        let _ = Cli::command().write_help(&mut anstream::stderr());
        return ExitCode::from(Exit::Usage as u8);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            let code = if e.use_stderr() {
                Exit::Usage
            } else {
                Exit::Ok
            };
            return ExitCode::from(code as u8);
        }
    };
    let exit = match &cli.command {
        None => convert::run(&cli.convert),
        Some(Command::Convert(args)) => convert::run(args),
        Some(Command::Check(args)) => check::run(args),
        Some(Command::Detect(args)) => detect::run(args),
        Some(Command::Fix(args)) => fix::run(args),
        Some(Command::Completions { shell }) => {
            // Generated in memory: clap_complete panics when its writer fails (`| head`, a
            // full disk).
            let mut script = Vec::new();
            clap_complete::generate(*shell, &mut completable(), "utf8x", &mut script);
            print_all(&script, Exit::Trouble)
        }
        Some(Command::Man { command }) => man(command.as_deref()),
    };
    ExitCode::from(exit as u8)
}

/// The parser with the encoding names as the values of `-f` and `-t` (and `fix --from`), so
/// that the completions offer them rather than file names. Only for the completions: reading
/// the system's list costs every other run nothing.
fn completable() -> clap::Command {
    let names = encoding::names();
    let offer = |arg: clap::Arg| {
        arg.value_parser(clap::builder::PossibleValuesParser::new(names.clone()))
            .hide_possible_values(true)
    };
    let with_names = |cmd: clap::Command| {
        let mut cmd = cmd;
        for id in ["from", "to"] {
            if cmd.get_arguments().any(|a| a.get_id() == id) {
                cmd = cmd.mut_arg(id, offer);
            }
        }
        cmd
    };
    let cmd = with_names(Cli::command());
    let subs: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_owned())
        .collect();
    subs.iter()
        .fold(cmd, |cmd, name| cmd.mut_subcommand(name, with_names))
}

/// The man page of the tool, or of one of its commands (named `utf8x-COMMAND`, as git's).
fn man(command: Option<&str>) -> Exit {
    // The pages name each other: only those `make install` writes (no `utf8x-help`).
    let mut page = Cli::command().disable_help_subcommand(true);
    if let Some(name) = command {
        let Some(sub) = page.find_subcommand(name).cloned() else {
            report::error(format_args!("no command '{name}'"));
            return Exit::Usage;
        };
        page = sub.name(format!("utf8x-{name}"));
    }
    let mut text = Vec::new();
    match clap_mangen::Man::new(page).render(&mut text) {
        Ok(()) => print_all(&text, Exit::Trouble),
        Err(_) => Exit::Trouble,
    }
}

/// Writes `bytes` to standard output: `Exit::Ok`, also when the reader went away (`| head`),
/// or `failed` after saying why.
pub(crate) fn print_all(bytes: &[u8], failed: Exit) -> Exit {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Exit::Ok,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Exit::Ok,
        Err(e) => {
            report::error(format_args!(
                "cannot write to standard output: {}",
                report::describe(&e)
            ));
            failed
        }
    }
}
