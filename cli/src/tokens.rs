//! Splitting arguments into options and operands: `--name=value`, `--name value`, `-xVALUE`,
//! `-x VALUE`; `--` ends the options and a lone `-` is an operand.

use std::ffi::OsString;

use crate::args::{UsageError, mistake};

/// An option as written: `name` is `-x` or `--long`; `inline` is what followed `--long=` or the
/// rest of `-xVALUE`.
pub struct Opt {
    pub name: String,
    inline: Option<OsString>,
}

impl Opt {
    /// Accepts a switch, which takes no value.
    pub fn flag(&self, synopsis: &'static str) -> Result<bool, UsageError> {
        match &self.inline {
            None => Ok(true),
            // `-qv` is not a grouping we support: name the whole argument.
            Some(rest) if !self.name.starts_with("--") => Err(mistake(
                synopsis,
                format!("unknown option '{}{}'", self.name, rest.to_string_lossy()),
            )),
            Some(_) => Err(mistake(
                synopsis,
                format!("option '{}' takes no value", self.name),
            )),
        }
    }

    pub fn unknown(&self, synopsis: &'static str) -> UsageError {
        let whole = match &self.inline {
            Some(rest) if !self.name.starts_with("--") => {
                format!("{}{}", self.name, rest.to_string_lossy())
            }
            _ => self.name.clone(),
        };
        mistake(synopsis, format!("unknown option '{whole}'"))
    }
}

pub enum Token {
    Option(Opt),
    Operand(OsString),
}

pub struct Tokens<I> {
    args: I,
    operands_only: bool,
}

impl<I: Iterator<Item = OsString>> Tokens<I> {
    pub fn new(args: I) -> Self {
        Tokens {
            args,
            operands_only: false,
        }
    }

    /// The value of `option`: inline, or the next argument whatever it looks like (so that
    /// `-o -` means standard output). `previous` catches an option given twice.
    pub fn value<T>(
        &mut self,
        option: &Opt,
        previous: &Option<T>,
        synopsis: &'static str,
    ) -> Result<OsString, UsageError> {
        if previous.is_some() {
            return Err(mistake(
                synopsis,
                format!("option '{}' given more than once", option.name),
            ));
        }
        option
            .inline
            .clone()
            .or_else(|| self.args.next())
            .ok_or_else(|| mistake(synopsis, format!("option '{}' needs a value", option.name)))
    }
}

impl<I: Iterator<Item = OsString>> Iterator for Tokens<I> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        loop {
            let arg = self.args.next()?;
            if self.operands_only {
                return Some(Token::Operand(arg));
            }
            if arg == "--" {
                self.operands_only = true;
                continue;
            }
            let bytes = arg.as_encoded_bytes();
            if bytes.len() < 2 || bytes[0] != b'-' {
                return Some(Token::Operand(arg));
            }
            let Some(text) = arg.to_str() else {
                // Not UTF-8, so it cannot be one of our options: report it as it is.
                return Some(Token::Option(Opt {
                    name: arg.to_string_lossy().into_owned(),
                    inline: None,
                }));
            };
            let (name, inline) = if text.starts_with("--") {
                match text.split_once('=') {
                    Some((name, value)) => (name, Some(value)),
                    None => (text, None),
                }
            } else {
                let cut = text.char_indices().nth(2).map_or(text.len(), |(i, _)| i);
                let (name, rest) = text.split_at(cut);
                (name, (!rest.is_empty()).then_some(rest))
            };
            return Some(Token::Option(Opt {
                name: name.to_owned(),
                inline: inline.map(OsString::from),
            }));
        }
    }
}
