//! The one entry point of the tool's engines for the fuzz target `cli_engines`: a conversion as
//! `utf8x ARGS` does it, of bytes in memory, with the sizes of its chunks and pieces chosen by
//! the caller. Not an API: nothing but the fuzz target and the tests use it.

use std::io::Cursor;

use clap::Parser;

use crate::cli::{Cli, Command};
use crate::convert;
use crate::input::{Input, Reader};
use crate::output::Output;
use crate::plan::Plan;
use crate::progress::Progress;

/// The first name of each charset `utf8x -l` lists: every encoding the tool converts.
pub fn charsets() -> Vec<String> {
    crate::encoding::list()
        .lines()
        .filter_map(|line| line.split([',', ' ']).next())
        .filter(|name| !name.is_empty() && *name != "AUTO")
        .map(str::to_owned)
        .collect()
}

/// A conversion's options, parsed once.
pub struct Conversion {
    plan: Plan,
}

impl Conversion {
    /// `args` as `utf8x convert` takes them (`-f`, `-t`, `-c`, `-p`), without files; `Err` is
    /// the tool's message for options it refuses.
    pub fn new(args: &[&str]) -> Result<Conversion, String> {
        crate::sys::use_locale();
        let cli = Cli::try_parse_from(["utf8x", "convert"].iter().chain(args))
            .map_err(|e| e.to_string())?;
        let Some(Command::Convert(args)) = &cli.command else {
            unreachable!("the convert command")
        };
        Ok(Conversion {
            plan: convert::plan(args)?,
        })
    }

    /// Converts `src`, read `chunk` bytes at a time (a multiple of 4, at least 4) and decoded
    /// `piece` bytes (at least 1) at a time where it goes through UTF-8: the output, and how the conversion
    /// ended (`Err`: the tool's one-line message, position included).
    pub fn run(&self, src: &[u8], chunk: usize, piece: usize) -> (Vec<u8>, Result<(), String>) {
        let plan = Plan {
            piece: piece.max(1),
            ..self.plan
        };
        let mut reader = Reader::from_read(Box::new(Cursor::new(src.to_vec())), chunk);
        let mut out = Output::Memory(Vec::new());
        let mut progress = Progress::new_if(false, None);
        let input = Input::Stdin;
        let result = convert::convert_opened(&input, &mut reader, &plan, &mut out, &mut progress)
            .map(|_| ())
            .map_err(|fail| convert::message(&input, &fail));
        let Output::Memory(bytes) = out else {
            unreachable!("a memory output")
        };
        (bytes, result)
    }
}
