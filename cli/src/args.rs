//! The command line, parsed by hand into a [`Command`]. Options may come before or after
//! operands (see [`crate::tokens`]). Every mistake becomes a [`UsageError`] naming the offending
//! argument.

use std::ffi::OsString;
use std::fmt;
use std::path::PathBuf;

use utf8x::Policy;

use crate::encoding::{self, Encoding};
use crate::tokens::{Token, Tokens};
use crate::usage;

pub enum Command {
    Help,
    Version,
    Check(Check),
    Convert(Convert),
    Detect(Detect),
}

pub struct Detect {
    /// Never empty: no FILE operand means standard input.
    pub inputs: Vec<Input>,
}

pub struct Check {
    pub quiet: bool,
    pub inputs: Vec<Input>,
}

pub struct Convert {
    pub from: Encoding,
    pub to: Encoding,
    pub policy: Policy,
    pub verbose: bool,
    pub input: Input,
    /// `None` is standard output.
    pub output: Option<PathBuf>,
}

/// A file operand; `-` is standard input.
pub enum Input {
    Stdin,
    Path(PathBuf),
}

impl Input {
    fn new(operand: OsString) -> Input {
        if operand == "-" {
            Input::Stdin
        } else {
            Input::Path(operand.into())
        }
    }
}

/// Shown as the user wrote it: `-` for standard input.
impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Input::Stdin => f.write_str("-"),
            Input::Path(path) => path.display().fmt(f),
        }
    }
}

pub struct UsageError {
    pub message: String,
    /// The synopsis of the command the mistake belongs to.
    pub synopsis: &'static str,
}

pub fn mistake(synopsis: &'static str, message: String) -> UsageError {
    UsageError { message, synopsis }
}

pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Command, UsageError> {
    let mut args = args.into_iter();
    let Some(first) = args.next() else {
        return Err(mistake(usage::MAIN, "no command given".into()));
    };
    match first.to_str() {
        Some("check") => parse_check(Tokens::new(args)),
        Some("convert") => parse_convert(Tokens::new(args)),
        Some("detect") => parse_detect(Tokens::new(args)),
        Some("help" | "--help" | "-h") => Ok(Command::Help),
        Some("--version" | "-V") => Ok(Command::Version),
        _ if first.as_encoded_bytes().starts_with(b"-") => Err(mistake(
            usage::MAIN,
            format!("unknown option '{}'", first.to_string_lossy()),
        )),
        _ => Err(mistake(
            usage::MAIN,
            format!("unknown command '{}'", first.to_string_lossy()),
        )),
    }
}

fn parse_check(tokens: Tokens<impl Iterator<Item = OsString>>) -> Result<Command, UsageError> {
    let synopsis = usage::CHECK;
    let mut quiet = false;
    let mut inputs = Vec::new();
    for token in tokens {
        match token {
            Token::Operand(operand) => inputs.push(Input::new(operand)),
            Token::Option(option) => match option.name.as_str() {
                "-h" | "--help" => return Ok(Command::Help),
                "-q" | "--quiet" => quiet = option.flag(synopsis)?,
                _ => return Err(option.unknown(synopsis)),
            },
        }
    }
    if inputs.is_empty() {
        return Err(mistake(synopsis, "check needs at least one FILE".into()));
    }
    Ok(Command::Check(Check { quiet, inputs }))
}

fn parse_detect(tokens: Tokens<impl Iterator<Item = OsString>>) -> Result<Command, UsageError> {
    let synopsis = usage::DETECT;
    let mut inputs = Vec::new();
    for token in tokens {
        match token {
            Token::Operand(operand) => inputs.push(Input::new(operand)),
            Token::Option(option) => match option.name.as_str() {
                "-h" | "--help" => return Ok(Command::Help),
                _ => return Err(option.unknown(synopsis)),
            },
        }
    }
    if inputs.is_empty() {
        inputs.push(Input::Stdin);
    }
    Ok(Command::Detect(Detect { inputs }))
}

fn parse_convert(
    mut tokens: Tokens<impl Iterator<Item = OsString>>,
) -> Result<Command, UsageError> {
    let synopsis = usage::CONVERT;
    let (mut from, mut to, mut policy, mut output) = (None, None, None, None);
    let mut verbose = false;
    let mut operands = Vec::new();
    while let Some(token) = tokens.next() {
        let option = match token {
            Token::Operand(operand) => {
                operands.push(operand);
                continue;
            }
            Token::Option(option) => option,
        };
        match option.name.as_str() {
            "-h" | "--help" => return Ok(Command::Help),
            "-v" | "--verbose" => verbose = option.flag(synopsis)?,
            "-f" | "--from" | "--from-code" => {
                let value = tokens.value(&option, &from, synopsis)?;
                from = Some(parse_encoding(&value, synopsis)?);
            }
            "-t" | "--to" | "--to-code" => {
                let value = tokens.value(&option, &to, synopsis)?;
                to = Some(parse_encoding(&value, synopsis)?);
            }
            "-p" | "--policy" => {
                let value = tokens.value(&option, &policy, synopsis)?;
                policy = Some(parse_policy(&value, synopsis)?);
            }
            "-o" | "--output" => {
                let value = tokens.value(&option, &output, synopsis)?;
                // Writing to `/dev/stdout` by name would truncate (or rename over) a file the shell
                // opened for appending: it is our standard output, whatever that is.
                let stdout = value == "-" || value == "/dev/stdout";
                output = Some((!stdout).then(|| value.into()));
            }
            _ => return Err(option.unknown(synopsis)),
        }
    }
    let from = from.ok_or_else(|| mistake(synopsis, "convert needs -f ENC".into()))?;
    let to = to.ok_or_else(|| mistake(synopsis, "convert needs -t ENC".into()))?;
    let policy = policy.unwrap_or(Policy::Strict);
    let input = match <[OsString; 1]>::try_from(operands) {
        Ok([operand]) => Input::new(operand),
        Err(operands) if operands.is_empty() => {
            return Err(mistake(synopsis, "convert needs an input file (IN)".into()));
        }
        Err(operands) => {
            return Err(mistake(
                synopsis,
                format!(
                    "convert takes one input file, got {}: use -o to name the output",
                    operands.len()
                ),
            ));
        }
    };
    if policy == Policy::Escape {
        check_escape(from, to, synopsis)?;
    }
    Ok(Command::Convert(Convert {
        from,
        to,
        policy,
        verbose,
        input,
        output: output.flatten(),
    }))
}

/// ESCAPE carries bad UTF-8 bytes as lone surrogates U+DC80..U+DCFF. Latin-1 has no room for
/// them; and between UTF-16 and UTF-32 the escapes would become raw bytes in the UTF-8 pivot,
/// where neighbouring ones could merge into a real character, so the result would not be lossless.
fn check_escape(from: Encoding, to: Encoding, synopsis: &'static str) -> Result<(), UsageError> {
    if to.is_legacy() {
        return Err(mistake(
            synopsis,
            format!(
                "policy escape cannot write {to}, which has no room for escaped bytes; \
                 use replace or skip"
            ),
        ));
    }
    if from.is_wide() && to.is_wide() {
        return Err(mistake(
            synopsis,
            format!("policy escape needs UTF-8 on one side, not {from} to {to}"),
        ));
    }
    Ok(())
}

fn parse_encoding(value: &OsString, synopsis: &'static str) -> Result<Encoding, UsageError> {
    value.to_str().and_then(Encoding::parse).ok_or_else(|| {
        mistake(
            synopsis,
            format!(
                "unknown encoding '{}' (known: {})",
                value.to_string_lossy(),
                encoding::KNOWN
            ),
        )
    })
}

fn parse_policy(value: &OsString, synopsis: &'static str) -> Result<Policy, UsageError> {
    const POLICIES: [(&str, Policy); 5] = [
        ("strict", Policy::Strict),
        ("replace", Policy::Replace),
        ("skip", Policy::Skip),
        ("escape", Policy::Escape),
        ("fallback", Policy::Fallback),
    ];
    let found = value.to_str().and_then(|v| {
        POLICIES
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(v))
    });
    found.map(|&(_, policy)| policy).ok_or_else(|| {
        mistake(
            synopsis,
            format!(
                "unknown policy '{}' (known: strict, replace, skip, escape, fallback)",
                value.to_string_lossy()
            ),
        )
    })
}
