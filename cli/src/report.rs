//! Where messages go: diagnostics to standard error, results to standard output. Neither ever
//! panics; a reader that closes standard output early (`utf8x ... | head`) silences the rest of
//! the output without an error.

use std::fmt;
use std::io::{self, Write};

use crate::Exit;
use crate::args::UsageError;

/// Writes `utf8x: <message>` to standard error. Failing to report is not worth a panic.
pub fn error(message: fmt::Arguments) {
    let _ = writeln!(io::stderr().lock(), "utf8x: {message}");
}

/// The one-line complaint plus the synopsis of the command it concerns.
pub fn usage_error(mistake: &UsageError) {
    let _ = writeln!(
        io::stderr().lock(),
        "utf8x: {}\nusage: {} (see 'utf8x --help')",
        mistake.message,
        mistake.synopsis
    );
}

/// An I/O error as the OS words it, without Rust's " (os error N)" suffix.
pub fn describe(e: &io::Error) -> String {
    let text = e.to_string();
    match e.raw_os_error() {
        Some(code) => match text.strip_suffix(&format!(" (os error {code})")) {
            Some(plain) => plain.to_owned(),
            None => text,
        },
        None => text,
    }
}

/// `n` followed by `noun`, plural unless `n` is 1.
pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Standard output that stops writing, quietly, once its reader has gone away.
#[derive(Default)]
pub struct Stdout {
    closed: bool,
}

impl Stdout {
    /// Writes `bytes`; `Err` holds the exit status after reporting a real write failure
    /// (a full disk, not a closed pipe).
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), Exit> {
        if self.closed {
            return Ok(());
        }
        let mut out = io::stdout().lock();
        match out.write_all(bytes).and_then(|()| out.flush()) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            Err(e) => {
                error(format_args!(
                    "cannot write to standard output: {}",
                    describe(&e)
                ));
                Err(Exit::Trouble)
            }
        }
    }

    /// Writes one formatted line.
    pub fn line(&mut self, line: fmt::Arguments) -> Result<(), Exit> {
        self.write(format!("{line}\n").as_bytes())
    }
}
