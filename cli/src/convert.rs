//! `utf8x convert` (and `utf8x` with iconv's options): every input in turn, in chunks, through
//! the library's `Stream`, into standard output or a file replaced once complete. Each input is
//! a conversion of its own, as in glibc's iconv: its byte order mark is read, one is written for
//! UTF-16/UTF-32 output, positions count from its first byte, and the first error stops the run.

use std::io::{self, IsTerminal};

use utf8x::{Encoding, Policy, Status};

use crate::Exit;
use crate::cli::{Convert, PolicyArg};
use crate::encoding::{self, Code, Kind};
use crate::input::{Input, Reader};
use crate::outcome::{Done, Fail, stopped};
use crate::output::Output;
use crate::pipeline::{Pipeline, convert_parallel};
use crate::plan::{Plan, Source};
use crate::progress::Progress;
use crate::report::{self, describe, plural};

pub fn run(args: &Convert) -> Exit {
    crate::sys::use_locale();
    if args.list {
        // The listing is the iconv table's, read by `Code::parse` too.
        return crate::print_all(encoding::list().as_bytes(), Exit::Invalid);
    }
    let plan = match plan(args) {
        Ok(plan) => plan,
        Err(message) => {
            report::error(format_args!("{message}"));
            return Exit::Invalid;
        }
    };
    let inputs = Input::all(&args.files);
    let out = match &args.output {
        None => Output::stdout().map_err(|e| describe(&e)),
        // Standard output by name: renaming over it would defeat the shell's redirection.
        Some(path) if path.as_os_str() == "-" || path.as_os_str() == "/dev/stdout" => {
            Output::stdout().map_err(|e| describe(&e))
        }
        Some(path) => Output::file(path),
    };
    let mut out = match out {
        Ok(out) if args.mojibake => Output::repairing(out),
        Ok(out) => out,
        Err(message) => {
            report::error(format_args!("{message}"));
            return Exit::Invalid;
        }
    };
    let to_terminal = out.is_stdout() && std::io::stdout().is_terminal();
    let mut progress = Progress::new_if(!to_terminal, total_size(&inputs));
    let mut dropped = 0;
    let mut unopened = false;
    for input in &inputs {
        match convert_one(input, &plan, &mut out, &mut progress) {
            Ok(done) => {
                if plan.verbose {
                    progress.finish();
                    report::note(format_args!(
                        "{input}: {} of {} -> {} of {}, {}{}",
                        plural(done.read, "byte"),
                        done.from.map_or(plan.from.to_string(), str::to_owned),
                        plural(done.written, "byte"),
                        plan.to,
                        plural(done.replaced, "substitution"),
                        if args.mojibake {
                            format!(
                                ", {} with mojibake restored so far",
                                plural(out.repaired(), "line")
                            )
                        } else {
                            String::new()
                        }
                    ));
                }
                dropped += done.replaced;
            }
            // The reader went away (`utf8x ... | head`): its choice, not an error.
            Err(Fail::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => return Exit::Ok,
            // As glibc's iconv: an input that cannot be opened is skipped, the run fails once
            // the others are converted.
            Err(fail @ Fail::Open(_)) => {
                progress.finish();
                explain(input, &plan, &fail);
                unopened = true;
            }
            Err(fail) => {
                progress.finish();
                explain(input, &plan, &fail);
                return Exit::Invalid;
            }
        }
    }
    progress.finish();
    if unopened {
        // Standard output has the other inputs; a file keeps its old contents, not a partial
        // result.
        return Exit::Invalid;
    }
    let target = args.output.as_deref().map(|p| p.display().to_string());
    if let Err(e) = out.commit() {
        let target = target.unwrap_or_else(|| "standard output".into());
        report::error(format_args!("cannot write {target}: {}", describe(&e)));
        return Exit::Invalid;
    }
    if plan.ignore_fails && dropped > 0 {
        report::error(format_args!(
            "{} omitted (//IGNORE; -c omits them without failing)",
            plural(dropped, "invalid or unmappable sequence")
        ));
        return Exit::Invalid;
    }
    Exit::Ok
}

fn total_size(inputs: &[Input]) -> Option<u64> {
    inputs
        .iter()
        .map(|input| match input {
            Input::Stdin => None,
            Input::Path(p) => std::fs::metadata(p)
                .ok()
                .filter(|m| m.is_file())
                .map(|m| m.len()),
        })
        .sum()
}

pub fn plan(args: &Convert) -> Result<Plan, String> {
    let from = Code::parse(args.from.as_deref().unwrap_or("UTF-8"), true)?;
    let to = Code::parse(args.to.as_deref().unwrap_or("UTF-8"), false)?;
    // The repair works on UTF-8 lines; another target is one more run away.
    if args.mojibake && to.kind != Kind::Plain(Encoding::Utf8) {
        return Err(format!(
            "--mojibake writes UTF-8, not {to} (`utf8x --mojibake FILE | utf8x -t {to}` does both)"
        ));
    }
    let iconv_skip = args.policy.is_none() && (args.omit || to.ignore);
    let invalid = match args.policy {
        Some(p) => p.policy(),
        None if iconv_skip => Policy::Skip,
        None => Policy::Strict,
    };
    // //TRANSLIT substitutes what the target lacks, whatever happens to ill-formed input.
    let unmappable = if to.translit && matches!(invalid, Policy::Strict | Policy::Skip) {
        Policy::Replace
    } else {
        invalid
    };
    Ok(Plan {
        from,
        to,
        invalid,
        unmappable,
        iconv_skip,
        ignore_fails: to.ignore && !args.omit && args.policy != Some(PolicyArg::Skip),
        bom: (args.bom || args.no_bom).then_some(args.bom),
        verbose: args.verbose,
        jobs: args.jobs.map_or_else(crate::cores, |j| j as usize),
        piece: crate::via::piece_bytes(),
    })
}

pub fn convert_one(
    input: &Input,
    plan: &Plan,
    out: &mut Output,
    progress: &mut Progress,
) -> Result<Done, Fail> {
    let mut reader = input.open().map_err(Fail::Open)?;
    convert_opened(input, &mut reader, plan, out, progress)
}

/// As [`convert_one`], with `input` opened as `reader`.
pub fn convert_opened(
    input: &Input,
    reader: &mut Reader,
    plan: &Plan,
    out: &mut Output,
    progress: &mut Progress,
) -> Result<Done, Fail> {
    reader.refill(0).map_err(Fail::Read)?;
    let head = reader.bytes();
    let source = match plan.from.kind {
        Kind::Auto => crate::detect::source(input, reader)
            .map_err(Fail::Read)?
            .map_err(Fail::Unsupported)?,
        // A byte order mark, or UTF-16/UTF-32 by their looks; otherwise UTF-8 to be repaired
        // (detection would call it Windows-1252 for a single bad byte).
        Kind::Repair => Source::from(match utf8x::bom(head) {
            // A UTF-8 file keeps its BOM, as it does when it needs no repair.
            Some((Encoding::Utf8, _)) => (Encoding::Utf8, 0),
            Some(found) => found,
            None => match utf8x::detect(head) {
                e if e.unit_size() > 1 => (e, 0),
                _ => (Encoding::Utf8, 0),
            },
        }),
        Kind::WithBom(e) => {
            let (e, skip) = encoding::with_bom(e, head);
            Source::Utf(e, skip)
        }
        Kind::Plain(e) => Source::Utf(e, 0),
        Kind::Legacy(l) => Source::Legacy(l),
    };
    convert_source(reader, source, plan, out, progress)
}

/// Converts the input from `source`, already decided, to the plan's target.
pub fn convert_source(
    reader: &mut Reader,
    source: Source,
    plan: &Plan,
    out: &mut Output,
    progress: &mut Progress,
) -> Result<Done, Fail> {
    let (to, bom) = match plan.to.kind {
        Kind::WithBom(e) => (Some(e), plan.bom.unwrap_or(true)),
        Kind::Plain(e) => (Some(e), plan.bom.unwrap_or(false)),
        Kind::Legacy(_) => (None, plan.bom.unwrap_or(false)),
        Kind::Auto | Kind::Repair => unreachable!("not a target"),
    };
    let bom = match (bom, to) {
        (false, _) => None,
        (true, Some(to)) => Some(
            encoding::bom_bytes(to)
                .ok_or_else(|| Fail::Unsupported(format!("{to} has no byte order mark (--bom)")))?,
        ),
        (true, None) => {
            return Err(Fail::Unsupported(format!(
                "{} has no byte order mark (--bom)",
                plan.to
            )));
        }
    };
    // glibc's transliteration needs the target as glibc knows it, and UTF-8 to work from.
    let translit = plan.to.translit && to.is_none_or(|e| e.unit_size() == 1 && e != Encoding::Utf8);
    match (source, to) {
        (Source::Utf(from, skip), Some(to)) if !translit => {
            utf_one(reader, from, skip, to, bom, plan, out, progress)
        }
        _ => crate::via::convert(reader, source, to, bom, plan, out, progress),
    }
}

/// A conversion between two utf8x encodings: the library's `Stream`, in one step.
#[allow(clippy::too_many_arguments)]
fn utf_one(
    reader: &mut Reader,
    from: Encoding,
    skip: usize,
    to: Encoding,
    mut bom: Option<Vec<u8>>,
    plan: &Plan,
    out: &mut Output,
    progress: &mut Progress,
) -> Result<Done, Fail> {
    let mut pipeline = Pipeline::new(from, to, plan.invalid, plan.unmappable).ok_or_else(|| {
        Fail::Unsupported(format!(
            "policy escape cannot write {to}, which has no room for escaped bytes"
        ))
    })?;
    let size = from.unit_size();
    let mut done = Done {
        from: Some(from.name()),
        ..Done::default()
    };
    // Written lazily, so that an empty input gives an empty output, as iconv.
    let mut sink = |bytes: &[u8]| -> io::Result<()> {
        if let Some(bom) = bom.take() {
            out.write_all(&bom)?;
            done.written += bom.len() as u64;
        }
        done.written += bytes.len() as u64;
        out.write_all(bytes)
    };
    // A mapped file on several threads, window by window (see `Parallel`).
    let mut parallel = Parallel::new(reader, from, to, plan);
    // File offset of the current chunk's first byte, and where its unconverted bytes start.
    let mut base = 0u64;
    let mut offset = skip;
    progress.advance(skip);
    loop {
        let chunk = reader.bytes();
        let avail = &chunk[offset..];
        let whole = avail.len() / size * size;
        // What the stream converts: all of the chunk, or the last character when the threads
        // converted the rest. That character is copied first: once output has been written
        // (which may wait on a pipe), the mapping is not read again, so a file cut meanwhile
        // is reported when the next window is mapped rather than raising SIGBUS here.
        let mut last = [0u8; MAX_STEP];
        let mut rest = &avail[..whole];
        if let Some(p) = parallel.as_mut().filter(|_| pipeline.pending() == 0) {
            let cut = crate::pipeline::last_step(rest, from);
            if let Some(tail) = rest.get(cut..).filter(|t| t.len() <= MAX_STEP && cut > 0) {
                last[..tail.len()].copy_from_slice(tail);
                if p.convert(&rest[..cut], &mut sink).map_err(Fail::Write)? {
                    p.read += cut;
                    rest = &last[..tail.len()];
                }
            }
        }
        if let Err(halt) = pipeline.push(rest, false, &mut sink) {
            let before = parallel.as_ref().map_or(0, |p| p.read);
            return Err(stopped(halt, from, skip + before, base, chunk));
        }
        progress.advance(whole);
        let keep = avail.len() - whole;
        base += (chunk.len() - keep) as u64;
        offset = 0;
        if reader.refill(keep).map_err(Fail::Read)? == 0 {
            if keep > 0 {
                let enc = from.name();
                return Err(Fail::Incomplete { at: base, enc });
            }
            break;
        }
    }
    if plan.iconv_skip && pipeline.pending() > 0 {
        return Err(Fail::Incomplete {
            at: base - (pipeline.pending() * size) as u64,
            enc: from.name(),
        });
    }
    let before = parallel.as_ref().map_or(0, |p| p.read);
    if let Err(halt) = pipeline.push(&[], true, &mut sink) {
        return Err(stopped(halt, from, skip + before, base, &[]));
    }
    done.read = base;
    done.replaced = pipeline.replaced() + parallel.map_or(0, |p| p.replaced);
    Ok(done)
}

/// The longest last step of a decoder: a UTF-8 character, a UTF-16 surrogate pair, a UTF-32 unit.
const MAX_STEP: usize = 4;

/// Bytes of a mapped file's window per thread converting it, and the most in one window (its
/// output buffer is four times as large).
const WINDOW_PER_JOB: usize = 8 << 20;
const WINDOW_MAX: usize = 64 << 20;

/// Conversion of whole windows of a mapped file on several threads, ahead of the stream: a
/// window is cut where a step of the decoder starts (`utf8x::split_point`), converted by
/// `utf8x::convert_parallel` (exactly the one-thread result), and written. Only a window that
/// converts whole without a stop is taken this way; any other (an error under the strict policy,
/// which the stream reports with its position and kind) goes through the stream from the
/// window's start, as with one thread. Cut at a step, the stream has nothing pending there, so
/// the two paths give the same bytes.
struct Parallel {
    jobs: usize,
    from: Encoding,
    to: Encoding,
    policy: Policy,
    out: Vec<u32>,
    /// Source bytes converted ahead of the stream, and the substitutions made there.
    read: usize,
    replaced: u64,
}

impl Parallel {
    /// `Some` for a mapped file, more than one job, one policy for every problem and a source
    /// that can be cut.
    fn new(reader: &mut Reader, from: Encoding, to: Encoding, plan: &Plan) -> Option<Parallel> {
        use Encoding::*;
        let splittable = matches!(
            from,
            Utf8 | Utf16 | Utf16Le | Utf16Be | Utf32 | Utf32Le | Utf32Be | Latin1 | Cp1252
        );
        let window = (plan.jobs * WINDOW_PER_JOB).min(WINDOW_MAX);
        let usable = plan.jobs > 1 && splittable && plan.invalid == plan.unmappable;
        (usable && reader.widen(window)).then(|| Parallel {
            jobs: plan.jobs,
            from,
            to,
            policy: plan.invalid,
            // Four bytes out per byte in covers every pair and policy (UTF-8 to UTF-32, an
            // escaped or Windows-1252 byte written as three bytes of UTF-8).
            out: vec![0; window],
            read: 0,
            replaced: 0,
        })
    }

    /// Converts `src` (whole units, ending where a step starts) and hands the output to
    /// `sink`; false, with nothing written, when the stream must do it. The caller leaves the
    /// last step to the stream, whether or not more input follows: it decides, as with one
    /// thread, what an input cut short at its end becomes.
    fn convert(
        &mut self,
        src: &[u8],
        sink: &mut dyn FnMut(&[u8]) -> io::Result<()>,
    ) -> io::Result<bool> {
        let (from, to, policy) = (self.from, self.to, self.policy);
        let o = convert_parallel(src, from, to, policy, self.jobs, &mut self.out);
        if o.status != Status::Ok {
            return Ok(false);
        }
        let bytes: &[u8] = bytemuck::cast_slice(&self.out);
        sink(&bytes[..o.written * to.unit_size()])?;
        self.replaced += o.replaced as u64;
        Ok(true)
    }
}

/// `fail` in one line, for callers that report it their own way.
pub fn message(input: &Input, fail: &Fail) -> String {
    match fail {
        Fail::Open(e) | Fail::Read(e) => format!("cannot read {input}: {}", describe(e)),
        Fail::Write(e) => format!("cannot write {input}: {}", describe(e)),
        Fail::Unsupported(message) => message.clone(),
        Fail::Incomplete { at, enc } => {
            format!("{input}: the input ends inside a {enc} character at {at}")
        }
        Fail::Data { at, kind, enc, .. } => {
            format!("{input}: cannot convert the {enc} at position {at}: {kind}")
        }
    }
}

/// Reports `fail` with iconv's information: what went wrong and at which byte of the input.
fn explain(input: &Input, plan: &Plan, fail: &Fail) {
    match fail {
        Fail::Open(e) => report::error(format_args!(
            "cannot open input file {input}: {}",
            describe(e)
        )),
        Fail::Read(e) => report::error(format_args!("cannot read {input}: {}", describe(e))),
        Fail::Write(e) => report::error(format_args!("cannot write output: {}", describe(e))),
        Fail::Unsupported(message) => report::error(format_args!("{message}")),
        Fail::Incomplete { at, enc } => report::error(format_args!(
            "{input}: incomplete character or shift sequence at end of buffer \
             (position {at}: the input ends inside a {enc} character)"
        )),
        Fail::Data {
            status: Status::Unmappable,
            at,
            character,
            ..
        } => {
            let what = character.map_or("a character".into(), |c| format!("U+{:04X}", c as u32));
            report::error(format_args!(
                "{input}: cannot convert {what} at position {at} to {}",
                plan.to
            ));
            report::hint(format_args!(
                "-c omits such characters, -t {}//TRANSLIT writes a substitute",
                plan.to
            ));
        }
        Fail::Data { kind, at, enc, .. } => {
            let why = match kind {
                utf8x::ErrorKind::None => String::new(),
                kind => format!(": {kind}"),
            };
            report::error(format_args!(
                "{input}: illegal input sequence at position {at} (invalid {enc}{why})"
            ));
        }
    }
}
