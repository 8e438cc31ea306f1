//! `utf8x check`: isutf8's options and output, over chunks: a file is read only up to its first
//! problem unless every problem is wanted (`--all`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use utf8x::{Encoding, ErrorKind, Status};

use crate::Exit;
use crate::cli::Check;
use crate::input::{FIRST, Input, Reader};
use crate::progress::Progress;
use crate::report::{self, BAD, BOLD, Stdout, describe};

/// Bytes of a mapped file's window per thread checking it.
const WINDOW_PER_JOB: usize = 64 << 20;

/// Bytes shown with `-v`, as isutf8 shows them: a row of 16 starting 8 before the problem.
const BEFORE: usize = 8;
const ROW: usize = 16;

/// One ill-formed sequence: 0-based byte offset, 1-based line and column (in characters).
struct Problem {
    byte: u64,
    line: u64,
    column: u64,
    len: usize,
    kind: ErrorKind,
    /// What `-v` shows: up to 8 bytes before the problem, the bad bytes, the bytes after them
    /// up to a row of 16.
    excerpt: (Vec<u8>, Vec<u8>, Vec<u8>),
}

pub fn run(args: &Check) -> Exit {
    let mut exit = Exit::Ok;
    let inputs = match expand(args, &mut exit) {
        Some(inputs) => inputs,
        None => return exit,
    };
    let mut stdout = Stdout::new();
    let total = inputs
        .iter()
        .map(|i| match i {
            Input::Stdin => None,
            Input::Path(p) => std::fs::metadata(p).ok().map(|m| m.len()),
        })
        .sum();
    let mut progress = Progress::new(total);
    // Only the reports that print positions need them.
    let positions = !(args.quiet || args.list || args.invert);
    for input in &inputs {
        // The reader went away (`utf8x check -r . | head`): the other files would go unseen.
        if stdout.is_closed() {
            break;
        }
        let name = match input {
            Input::Stdin => "(standard input)".to_owned(),
            Input::Path(p) => p.display().to_string(),
        };
        let mut reader = match input.open() {
            Ok(reader) => reader,
            Err(e) => {
                progress.finish();
                trouble(args, &mut stdout, &name, &e);
                exit = exit.max(Exit::Invalid);
                continue;
            }
        };
        let mut printed = Ok(());
        let mut first = true;
        let mut emit = |p: &Problem, looks: Option<Encoding>| {
            if first {
                first = false;
                if let Some(e) = looks.filter(|_| !args.json && positions) {
                    report::hint(format_args!(
                        "{name} looks like {}: `utf8x convert -f auto -t UTF-8 {name}` \
                         converts it",
                        e.name()
                    ));
                }
            }
            if positions && printed.is_ok() {
                printed = show(args, &mut stdout, &name, p, looks);
            }
        };
        // Lines and columns cost a pass over every byte. A file can be read again to find the
        // position of a problem, so a valid file pays nothing; a pipe is counted as it goes.
        let mode = match input {
            _ if !positions => Positions::Off,
            Input::Path(path) if path.is_file() => Positions::Lazy(None, path),
            _ => Positions::Eager,
        };
        // A mapped file in windows of 64 MiB per thread: each window is one parallel
        // validation, whose thread starts vanish next to it.
        let jobs = args.jobs.map_or_else(crate::cores, |j| j as usize);
        let jobs = if jobs > 1 && reader.widen(jobs * WINDOW_PER_JOB) {
            jobs
        } else {
            1
        };
        let checked = scan(&mut reader, args.all, mode, jobs, &mut progress, &mut emit);
        if printed.is_err() {
            return Exit::Trouble;
        }
        let valid = match checked {
            Ok(valid) => valid,
            Err(e) => {
                progress.finish();
                trouble(args, &mut stdout, &name, &e);
                exit = exit.max(Exit::Invalid);
                continue;
            }
        };
        if !valid {
            exit = exit.max(Exit::Invalid);
        }
        // -i lists the valid files, with or without -l (as isutf8).
        let listed = !args.quiet
            && if args.invert {
                valid
            } else {
                args.list && !valid
            };
        if listed {
            progress.finish();
            if stdout.line(format_args!("{name}")).is_err() {
                return Exit::Trouble;
            }
        }
    }
    exit
}

/// The operands with directories replaced by the files under them (`-r`); `None` after a
/// usage mistake.
fn expand(args: &Check, exit: &mut Exit) -> Option<Vec<Input>> {
    let mut inputs = Vec::new();
    for input in Input::all(&args.files) {
        match &input {
            Input::Path(p) if p.is_dir() => {
                if !args.recursive {
                    report::error(format_args!(
                        "{}: is a directory (-r checks the files under it)",
                        p.display()
                    ));
                    *exit = Exit::Invalid;
                    continue;
                }
                walk(p, &mut inputs, exit);
            }
            _ => inputs.push(input),
        }
    }
    if inputs.is_empty() && *exit != Exit::Ok {
        return None;
    }
    Some(inputs)
}

/// The files under `dir`, in name order; symbolic links to directories are not followed.
fn walk(dir: &Path, inputs: &mut Vec<Input>, exit: &mut Exit) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            report::error(format_args!(
                "cannot read {}: {}",
                dir.display(),
                describe(&e)
            ));
            *exit = Exit::Invalid;
            return;
        }
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        match std::fs::symlink_metadata(&path) {
            Ok(meta) if meta.is_dir() => walk(&path, inputs, exit),
            Ok(meta) if meta.is_symlink() && path.is_dir() => {}
            _ => inputs.push(Input::Path(path)),
        }
    }
}

/// An unreadable input: reported on standard error (and as a JSON object with `--json`).
fn trouble(args: &Check, stdout: &mut Stdout, name: &str, e: &std::io::Error) {
    report::error(format_args!("cannot read {name}: {}", describe(e)));
    if args.json {
        let _ = stdout.line(format_args!(
            "{{\"file\":{},\"io_error\":{}}}",
            json(name),
            json(&describe(e))
        ));
    }
}

/// How lines and columns are found.
enum Positions<'a> {
    Off,
    /// Counted in every chunk as it is read.
    Eager,
    /// Found by reading the file again up to each problem (a locator opened at the first).
    Lazy(Option<Locator>, &'a Path),
}

/// Bytes after a problem validated on one thread before the others join in: the next problem
/// is usually near (binary data, a file in another encoding), and a parallel call starts its
/// threads and has each validate a slice of 256 KiB or more before any learns of a problem
/// found before its own, so that `--all` with a parallel call per problem took 44 s for
/// 3.3 MB of random bytes on two cores (0.2 s now).
const NEAR: usize = 1 << 20;

/// `utf8x::validate_parallel` of `bytes`, which come after a problem when `after`: then the
/// first [`NEAR`] bytes on one thread, and the rest in parallel only if those are valid. The
/// outcome is the same (a parallel call gives the one-thread result).
fn after_problem(bytes: &[u8], after: bool, jobs: usize) -> utf8x::Outcome {
    if !after || jobs <= 1 || bytes.len() <= NEAR {
        return utf8x::validate_parallel(bytes, jobs);
    }
    let near = utf8x::validate(&bytes[..NEAR]);
    // Valid up to `near.read`: all of it, or up to a character that `NEAR` cuts.
    if near.status != Status::Ok && near.status != Status::Truncated {
        return near;
    }
    let mut rest = utf8x::validate_parallel(&bytes[near.read..], jobs);
    rest.read += near.read;
    rest
}

/// Validates `reader` chunk by chunk and hands each problem to `emit` (with what the file's
/// beginning looks like); stops at the first unless `all`. `Ok(true)`: valid UTF-8.
fn scan(
    reader: &mut Reader,
    all: bool,
    mut positions: Positions,
    jobs: usize,
    progress: &mut Progress,
    emit: &mut dyn FnMut(&Problem, Option<Encoding>),
) -> std::io::Result<bool> {
    reader.refill_upto(0, FIRST)?;
    let mut valid = true;
    // File offset of the chunk, newlines before it, characters since the last newline before
    // it, and the bytes just before it (context for `-v`).
    let (mut base, mut lines, mut column) = (0u64, 0u64, 0u64);
    let mut before: Vec<u8> = Vec::new();
    // What the first chunk looks like, found at its first problem.
    let mut first_looks: Option<Option<Encoding>> = None;
    loop {
        let chunk = reader.bytes();
        let end = reader.at_end();
        let mut pos = 0;
        // Eager positions: how much of the chunk is counted, and the line and column there
        // (each problem counts on from the previous one, not from the chunk's start).
        let (mut counted, mut at_lines, mut at_column) = (0, lines, column);
        while pos < chunk.len() {
            let o = after_problem(&chunk[pos..], pos > 0, jobs);
            let at = pos + o.read;
            let len = match o.status {
                Status::Ok => {
                    pos = chunk.len();
                    break;
                }
                // Maybe completed by the next chunk: keep it for then.
                Status::Truncated if !end => {
                    pos = at;
                    break;
                }
                Status::Truncated => chunk.len() - at,
                _ => o.error_len,
            };
            valid = false;
            // Detection reads the whole chunk: once, not once per problem.
            let looks = match base {
                0 => *first_looks.get_or_insert_with(|| {
                    Some(utf8x::detect(chunk)).filter(|e| e.unit_size() > 1)
                }),
                _ => None,
            };
            let (line, col) = match &mut positions {
                Positions::Off => (0, 0),
                Positions::Eager => {
                    let (line, col) = locate(&chunk[counted..at], at_lines, at_column);
                    (counted, at_lines, at_column) = (at, line - 1, col - 1);
                    (line, col)
                }
                Positions::Lazy(locator, path) => {
                    let locator = match locator {
                        Some(locator) => locator,
                        None => locator.insert(Locator::new(path)?),
                    };
                    locator.at(base + at as u64)?
                }
            };
            let problem = Problem {
                byte: base + at as u64,
                line,
                column: col,
                len,
                kind: if o.status == Status::Truncated {
                    ErrorKind::Incomplete
                } else {
                    o.error
                },
                excerpt: excerpt(&before, chunk, at, len),
            };
            // The bar would tear the report's lines; once something is reported it is gone.
            progress.finish();
            emit(&problem, looks);
            if !all {
                return Ok(false);
            }
            pos = at + len;
        }
        progress.advance(pos);
        if let Positions::Eager = positions {
            let (l, c) = locate(&chunk[counted..pos], at_lines, at_column);
            (lines, column) = (l - 1, c - 1);
        }
        let tail = chunk[..pos].len().saturating_sub(BEFORE);
        before.clear();
        before.extend_from_slice(&chunk[tail..pos]);
        base += pos as u64;
        if end {
            return Ok(valid);
        }
        let keep = chunk.len() - pos;
        reader.refill(keep)?;
    }
}

/// The line and column of byte offsets of a file, read again from its start, forward only.
struct Locator {
    reader: Reader,
    /// File offset of the reader's chunk, and how much of it is counted.
    base: u64,
    counted: usize,
    /// Newlines, and characters since the last one, in the bytes counted.
    lines: u64,
    column: u64,
}

impl Locator {
    fn new(path: &Path) -> std::io::Result<Locator> {
        let mut reader = Input::Path(path.to_path_buf()).open()?;
        reader.refill_upto(0, FIRST)?;
        Ok(Locator {
            reader,
            base: 0,
            counted: 0,
            lines: 0,
            column: 0,
        })
    }

    /// The 1-based line and column of byte `at`, at or after the previous one asked.
    fn at(&mut self, at: u64) -> std::io::Result<(u64, u64)> {
        loop {
            let chunk = self.reader.bytes();
            let end = (at.saturating_sub(self.base) as usize).min(chunk.len());
            let (line, column) = locate(&chunk[self.counted..end], self.lines, self.column);
            (self.lines, self.column, self.counted) = (line - 1, column - 1, end);
            if self.base + end as u64 >= at || self.reader.at_end() {
                return Ok((line, column));
            }
            self.base += chunk.len() as u64;
            self.counted = 0;
            self.reader.refill(0)?;
        }
    }
}

/// The 1-based line and column just after `prefix`, given the newlines and the characters
/// since the last one before it. Lines end at `\n`; columns count characters.
fn locate(prefix: &[u8], lines: u64, column: u64) -> (u64, u64) {
    let newlines = count_newlines(prefix);
    let column = match prefix.iter().rposition(|&b| b == b'\n') {
        Some(nl) => count_chars(&prefix[nl + 1..]),
        None => column + count_chars(prefix),
    };
    (lines + newlines + 1, column + 1)
}

/// Characters in `bytes`, each ill-formed sequence (a stray continuation byte, a sequence cut
/// short) counting as one: with `--all`, the problems after the first are counted past the
/// earlier ones, and three stray bytes in a row are three columns apart.
fn count_chars(bytes: &[u8]) -> u64 {
    bytes
        .utf8_chunks()
        .map(|c| utf8x::count(c.valid().as_bytes()) as u64 + u64::from(!c.invalid().is_empty()))
        .sum()
}

/// `\n` bytes in `bytes`, in byte-wide counters that the compiler turns into vector compares
/// and subtractions (a plain `filter().count()` widens every byte to a word).
fn count_newlines(bytes: &[u8]) -> u64 {
    const LANES: usize = 32;
    let mut total = 0u64;
    // 255 rounds at most, so that no counter overflows.
    for block in bytes.chunks(255 * LANES) {
        let mut counters = [0u8; LANES];
        let mut rounds = block.chunks_exact(LANES);
        for round in &mut rounds {
            for (c, &b) in counters.iter_mut().zip(round) {
                *c += u8::from(b == b'\n');
            }
        }
        total += counters.iter().map(|&c| u64::from(c)).sum::<u64>();
        total += rounds.remainder().iter().filter(|&&b| b == b'\n').count() as u64;
    }
    total
}

/// The bytes around a problem: up to `BEFORE` bytes before it (taken from `before`, the end of
/// the previous chunk, when the problem is near the start of this one), the bad bytes, and the
/// bytes after them up to a row of `ROW`.
fn excerpt(before: &[u8], chunk: &[u8], at: usize, len: usize) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let head = if at >= BEFORE {
        chunk[at - BEFORE..at].to_vec()
    } else {
        let mut head = before.to_vec();
        head.extend_from_slice(&chunk[..at]);
        let cut = head.len().saturating_sub(BEFORE);
        head.drain(..cut);
        head
    };
    let after = &chunk[at + len..];
    let room = ROW.saturating_sub(head.len() + len);
    (
        head,
        chunk[at..at + len].to_vec(),
        after[..after.len().min(room)].to_vec(),
    )
}

/// Prints one problem as isutf8 does (`FILE: line L, char C, byte B: WHAT`), then with `-v` the
/// excerpt and a caret line, or with `--json` one object.
fn show(
    args: &Check,
    stdout: &mut Stdout,
    name: &str,
    p: &Problem,
    looks: Option<Encoding>,
) -> Result<(), ()> {
    if args.json {
        let looks = looks.map_or("null".to_owned(), |e| json(e.name()));
        return stdout.line(format_args!(
            "{{\"file\":{},\"byte\":{},\"line\":{},\"column\":{},\"length\":{},\"error\":{},\
             \"bytes\":\"{}\",\"looks_like\":{looks}}}",
            json(name),
            p.byte,
            p.line,
            p.column,
            p.len,
            json(p.kind.as_str()),
            hex(&p.excerpt.1, ""),
        ));
    }
    stdout.line(format_args!(
        "{BOLD}{name}{BOLD:#}: line {}, char {}, byte {}: {BAD}{}{BAD:#}",
        p.line, p.column, p.byte, p.kind
    ))?;
    if !args.verbose {
        return Ok(());
    }
    // isutf8's dump: the bytes in hexadecimal and as ASCII, carets under the bad ones (isutf8
    // counts the byte that broke a sequence in), then an empty line.
    let (head, bad, tail) = (&p.excerpt.0, &p.excerpt.1, &p.excerpt.2);
    let row: Vec<u8> = [&head[..], bad, tail].concat();
    let marked = match p.kind {
        ErrorKind::TooShort | ErrorKind::Overlong | ErrorKind::Surrogate | ErrorKind::TooLarge
            if !tail.is_empty() && bad.len() < 4 =>
        {
            bad.len() + 1
        }
        _ => bad.len(),
    };
    let marks = head.len()..head.len() + marked;
    let mut hex_row = String::new();
    let mut text_row = String::new();
    let mut hex_carets = String::new();
    let mut text_carets = String::new();
    for (i, &b) in row.iter().enumerate() {
        let _ = write!(hex_row, "{b:02X} ");
        text_row.push(if (0x20..0x7F).contains(&b) {
            b as char
        } else {
            '.'
        });
        let mark = marks.contains(&i);
        let next = marks.contains(&(i + 1));
        hex_carets.push_str(match (mark, next) {
            (true, true) => "^^^",
            (true, false) => "^^ ",
            _ => "   ",
        });
        text_carets.push(if mark { '^' } else { ' ' });
    }
    let width = 3 * ROW;
    stdout.line(format_args!("{hex_row:width$} | {text_row}"))?;
    stdout.line(format_args!(
        "{BAD}{hex_carets:width$}{BAD:#} | {BAD}{}{BAD:#}",
        text_carets.trim_end()
    ))?;
    stdout.line(format_args!(""))
}

/// `bytes` in upper-case hexadecimal, each byte after `prefix`.
fn hex(bytes: &[u8], prefix: &str) -> String {
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{prefix}{b:02X}");
        s
    })
}

/// A JSON string literal.
pub fn json(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`after_problem`] against one `utf8x::validate` of the same bytes: a character and an
    /// ill-formed sequence cut by the end of the first look, problems on either side of it.
    #[test]
    fn after_problem_is_validate() {
        let mut inputs = Vec::new();
        for at in NEAR - 3..NEAR + 2 {
            for seq in [
                &b"\xC3\xA9"[..],
                b"\xE2\x82\xAC",
                b"\xF0\x9F\x98\x80",
                b"\xE1\x80A",
            ] {
                let mut bytes = vec![b'a'; NEAR + (1 << 20)];
                bytes[at..at + seq.len()].copy_from_slice(seq);
                inputs.push(bytes.clone());
                // And a problem further on, past the first look.
                bytes[NEAR + 1000] = 0xFF;
                inputs.push(bytes);
            }
        }
        let mut short = vec![b'a'; NEAR + 5];
        short[NEAR + 3] = 0xC3;
        inputs.push(short);
        for bytes in &inputs {
            let want = utf8x::validate(bytes);
            for jobs in [1, 2, 3] {
                let got = after_problem(bytes, true, jobs);
                assert_eq!(
                    (got.status, got.read, got.error_len, got.error),
                    (want.status, want.read, want.error_len, want.error),
                    "jobs {jobs}"
                );
            }
        }
    }
}
