//! Diagnostics on standard error, with colour only on a terminal (`anstream` strips it
//! otherwise, and honours `NO_COLOR` and `CLICOLOR`).

use std::fmt;
use std::io::{self, Write};

use anstyle::{AnsiColor, Style};

const ERROR: Style = AnsiColor::Red.on_default().bold();
const HINT: Style = AnsiColor::Cyan.on_default().bold();
pub const BOLD: Style = Style::new().bold();
pub const BAD: Style = AnsiColor::Red.on_default().bold();

/// `utf8x: error: <message>`.
pub fn error(message: fmt::Arguments) {
    let _ = writeln!(
        anstream::stderr().lock(),
        "utf8x: {ERROR}error{ERROR:#}: {message}"
    );
}

/// `utf8x: hint: <message>`: what to try next.
pub fn hint(message: fmt::Arguments) {
    let _ = writeln!(
        anstream::stderr().lock(),
        "utf8x: {HINT}hint{HINT:#}: {message}"
    );
}

/// A plain line on standard error (`--verbose` reports).
pub fn note(message: fmt::Arguments) {
    let _ = writeln!(anstream::stderr().lock(), "utf8x: {message}");
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
pub fn plural(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Standard output for results, stopping quietly once its reader has gone away
/// (`utf8x check -r . | head`).
pub struct Stdout {
    out: anstream::AutoStream<io::Stdout>,
    closed: bool,
}

impl Stdout {
    pub fn new() -> Stdout {
        Stdout {
            out: anstream::AutoStream::auto(io::stdout()),
            closed: false,
        }
    }

    /// True once the reader has gone away: nothing more will be shown.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// Writes one line; `Err` after a real write failure (a full disk), already reported.
    pub fn line(&mut self, line: fmt::Arguments) -> Result<(), ()> {
        if self.closed {
            return Ok(());
        }
        match writeln!(self.out, "{line}").and_then(|()| self.out.flush()) {
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
                Err(())
            }
        }
    }
}
