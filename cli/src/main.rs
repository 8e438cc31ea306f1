//! `utf8x`: check that files are UTF-8, convert text between UTF-8, UTF-16, UTF-32, Latin-1,
//! Windows-1252 and the other UTF-8 forms (CESU-8, modified UTF-8, WTF-8, RFC 2279), with the
//! exact offset and kind of every problem, and guess a file's encoding. A thin shell over the
//! `utf8x` crate.

mod args;
mod check;
mod codec;
mod convert;
mod detect;
mod encoding;
mod files;
mod report;
mod tokens;
mod usage;

use std::process::ExitCode;

use args::Command;

/// The exit status. Ordered by severity: a run that meets several outcomes reports the worst.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Exit {
    /// Everything was valid and converted.
    Ok = 0,
    /// Some input was ill-formed (or unmappable under the strict policy).
    Invalid = 1,
    /// A usage mistake, an unreadable input or an unwritable output.
    Trouble = 2,
}

fn main() -> ExitCode {
    let exit = match args::parse(std::env::args_os().skip(1)) {
        Ok(Command::Help) => usage::print_help(),
        Ok(Command::Version) => usage::print_version(),
        Ok(Command::Check(check)) => check::run(&check),
        Ok(Command::Convert(convert)) => convert::run(&convert),
        Ok(Command::Detect(detect)) => detect::run(&detect),
        Err(mistake) => {
            report::usage_error(&mistake);
            Exit::Trouble
        }
    };
    ExitCode::from(exit as u8)
}
