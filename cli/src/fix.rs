//! `utf8x fix`: each file made valid UTF-8 in place, never into mojibake. A valid file is left
//! untouched; a file with a byte order mark or the looks of UTF-16/UTF-32 is converted from it;
//! a file that is UTF-8 but for a few stray bytes is repaired under the policy (by default,
//! stray bytes read as Windows-1252); a legacy file is converted from the encoding detection
//! finds, only when detection is clear. Otherwise the file stays as it is, with the reason,
//! and the run fails: `--from ENC` says what it is.

use utf8x::{Encoding, Policy};

use crate::Exit;
use crate::cli::{Fix, FixPolicyArg};
use crate::convert;
use crate::detect::How;
use crate::encoding::{Code, Kind};
use crate::input::Input;
use crate::mojibake::Summary;
use crate::output::Output;
use crate::plan::{Plan, Source};
use crate::progress::Progress;
use crate::report::{self, Stdout, describe, plural};

pub fn run(args: &Fix) -> Exit {
    let policy = args.policy.map_or(Policy::Fallback, FixPolicyArg::policy);
    // Files are replaced in place: standard input has no place to go back to.
    if args.files.iter().any(|f| f.as_os_str() == "-") {
        report::error(format_args!(
            "fix rewrites files in place, which standard input is not (`utf8x convert -p \
             fallback --mojibake` repairs a stream)"
        ));
        return Exit::Usage;
    }
    if policy == Policy::Strict && args.from.is_none() {
        report::error(format_args!("fix needs a policy that repairs, not strict"));
        return Exit::Usage;
    }
    // Escaping turns each bad byte into a lone surrogate, which UTF-8 cannot hold: the file
    // would come out as invalid as it went in.
    if policy == Policy::Escape {
        report::error(format_args!(
            "fix writes UTF-8, which cannot hold the lone surrogates of --policy escape \
             (fallback, replace or skip repair; `utf8x convert --policy escape -t WTF-8` keeps \
             the bytes)"
        ));
        return Exit::Usage;
    }
    let from = match args.from.as_deref().map(|f| Code::parse(f, false)) {
        None => None,
        Some(Ok(code)) => Some(code),
        Some(Err(message)) => {
            report::error(format_args!("{message}"));
            return Exit::Usage;
        }
    };
    crate::sys::use_locale();
    let utf8 = Code {
        kind: Kind::Plain(Encoding::Utf8),
        charset: None,
        ignore: false,
        translit: false,
    };
    let plan = Plan {
        from: from.unwrap_or(Code {
            kind: Kind::Repair,
            ..utf8
        }),
        to: utf8,
        invalid: if from.is_some() && args.policy.is_none() {
            Policy::Strict
        } else {
            policy
        },
        unmappable: policy,
        iconv_skip: false,
        ignore_fails: false,
        bom: Some(false),
        verbose: false,
        // Repairs convert on one thread.
        jobs: 1,
        piece: crate::via::piece_bytes(),
    };
    let mut stdout = Stdout::new();
    let mut exit = Exit::Ok;
    for path in &args.files {
        let input = Input::Path(path.clone());
        let report = match fix_one(&input, &plan, args) {
            Ok(Ok(report)) => report,
            Ok(Err(unclear)) => {
                report::error(format_args!("{input}: left as it is: {unclear}"));
                exit = exit.max(Exit::Invalid);
                continue;
            }
            Err(message) => {
                report::error(format_args!("{message}"));
                exit = Exit::Trouble;
                continue;
            }
        };
        if stdout.line(format_args!("{input}: {report}")).is_err() {
            return Exit::Trouble;
        }
    }
    exit
}

/// Fixes one file: `Ok(Ok(line))` says what changed, `Ok(Err(why))` why nothing could be,
/// `Err` is an unreadable or unwritable file.
fn fix_one(input: &Input, plan: &Plan, args: &Fix) -> Result<Result<String, String>, String> {
    let Input::Path(path) = input else {
        unreachable!("fix takes files")
    };
    // A FIFO or a device would be read (maybe waiting forever) and then written in place:
    // only regular files are replaced.
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() && !meta.is_dir() => {
            return Err(format!("cannot fix {input}: not a regular file"));
        }
        _ => {}
    }
    let cannot_read = |e: std::io::Error| format!("cannot read {input}: {}", describe(&e));
    let mut reader = input.open().map_err(cannot_read)?;
    reader.refill(0).map_err(cannot_read)?;
    let mut plan = *plan;
    let mut sure = "";
    if let Kind::Legacy(_) | Kind::Plain(_) | Kind::WithBom(_) = plan.from.kind {
        // --from: the user says what it is.
        if plan.from.kind == Kind::Plain(Encoding::Utf8) && is_valid(input).map_err(cannot_read)? {
            return valid(input, args);
        }
    } else {
        let guess = crate::detect::guess(input, &mut reader, false).map_err(cannot_read)?;
        match (&guess.how, guess.source) {
            // Valid UTF-8, with a byte order mark or without: left as it is (a rewrite would
            // give the same bytes in a new file, detaching hard links).
            (How::Unicode | How::Bom, Source::Utf(Encoding::Utf8, _))
                if is_valid(input).map_err(cannot_read)? =>
            {
                return valid(input, args);
            }
            // UTF-8 cut inside its last character, or with stray bytes: repaired as UTF-8.
            (How::Unicode | How::MostlyUtf8 { .. }, Source::Utf(Encoding::Utf8, _)) => {}
            (How::Bom | How::Unicode, _) => {}
            (How::UnicodeUnclear(why), Source::Utf(e, _)) => {
                return Ok(Err(format!(
                    "it looks like {e} but {why} (`utf8x fix --from ENC` converts it from ENC)"
                )));
            }
            (How::Binary, _) => {
                return Ok(Err(
                    "it is binary, not text (`utf8x fix --from ENC` converts it from ENC)".into(),
                ));
            }
            (How::Legacy { unclear }, Source::Legacy(l)) => match unclear {
                // An explicit policy repairs it as UTF-8, as the user asked.
                Some(_) if args.policy.is_some() => {}
                Some(why) => {
                    return Ok(Err(format!(
                        "not UTF-8, and its encoding is unclear: maybe {} but {why} \
                         (`utf8x fix --from ENC` converts it from ENC; `utf8x detect` guesses)",
                        l.display()
                    )));
                }
                None => {
                    plan.from.kind = Kind::Legacy(l);
                    plan.invalid = Policy::Strict;
                    sure = " (detected with high confidence)";
                }
            },
            _ => {}
        }
    }
    drop(reader);
    let mut out = if args.dry_run {
        Output::discard()
    } else {
        Output::file(path)?
    };
    if !args.no_mojibake {
        out = Output::repairing(out);
    }
    let mut progress = Progress::new(std::fs::metadata(path).ok().map(|m| m.len()));
    let done = convert::convert_one(input, &plan, &mut out, &mut progress)
        .map_err(|fail| convert::message(input, &fail))?;
    progress.finish();
    // A discarded output commits nothing, but a repairing one judges its last line then.
    let repaired = out
        .commit()
        .map_err(|e| format!("cannot write {input}: {}", describe(&e)))?;
    let verb = if args.dry_run { "would be " } else { "" };
    let from = done.from.unwrap_or(Encoding::Utf8.name());
    let what = if from != Encoding::Utf8.name() {
        format!(
            "converted from {from}{sure} ({})",
            plural(done.replaced, "substitution")
        )
    } else {
        match plan.invalid {
            Policy::Fallback => format!(
                "{} not UTF-8 read as Windows-1252",
                plural(done.replaced, "byte")
            ),
            Policy::Replace => format!(
                "{} replaced with U+FFFD",
                plural(done.replaced, "ill-formed sequence")
            ),
            Policy::Skip => format!("{} removed", plural(done.replaced, "ill-formed sequence")),
            _ => "converted from UTF-8".into(),
        }
    };
    let mojibake = mojibake_note(&repaired)
        .map(|note| format!(", {note}"))
        .unwrap_or_default();
    Ok(Ok(format!("{verb}fixed: {what}{mojibake}")))
}

/// What mojibake repair did: the lines restored, by the damage undone, and the lines that still
/// look like mojibake; `None` when there was nothing to say.
fn mojibake_note(summary: &Summary) -> Option<String> {
    let mut note = Vec::new();
    if summary.lines() > 0 {
        note.push(format!(
            "{} with mojibake restored (UTF-8 read as {})",
            plural(summary.lines(), "line"),
            summary.kinds()
        ));
    }
    if summary.left > 0 {
        note.push(format!(
            "{} still like mojibake, not restored (line {})",
            plural(summary.left, "line"),
            summary.left_lines()
        ));
    }
    (!note.is_empty()).then(|| note.join(", "))
}

/// A valid UTF-8 file: unchanged, unless it has mojibake to restore (found in a first pass
/// that writes nothing, so that a clean file is never rewritten).
fn valid(input: &Input, args: &Fix) -> Result<Result<String, String>, String> {
    if args.no_mojibake {
        return Ok(Ok("valid UTF-8, unchanged".into()));
    }
    let Input::Path(path) = input else {
        unreachable!("fix takes files")
    };
    let cannot_read = |e: std::io::Error| format!("cannot read {input}: {}", describe(&e));
    let pass = |out: Output| -> Result<Summary, String> {
        let mut out = Output::repairing(out);
        let mut reader = input.open().map_err(cannot_read)?;
        while reader.refill(0).map_err(cannot_read)? > 0 {
            out.write_all(reader.bytes())
                .map_err(|e| format!("cannot write {input}: {}", describe(&e)))?;
        }
        out.commit()
            .map_err(|e| format!("cannot write {input}: {}", describe(&e)))
    };
    let mut summary = pass(Output::discard())?;
    if summary.lines() == 0 {
        let left = mojibake_note(&summary).map_or(String::new(), |note| format!(", {note}"));
        return Ok(Ok(format!("valid UTF-8, unchanged{left}")));
    }
    if !args.dry_run {
        summary = pass(Output::file(path)?)?;
    }
    let verb = if args.dry_run { "would be " } else { "" };
    let note = mojibake_note(&summary).unwrap_or_default();
    Ok(Ok(format!("{verb}fixed: {note}")))
}

/// Valid UTF-8 to the end, not cut inside its last character, and not looking like UTF-16 or
/// UTF-32 (text in the range of Latin-1 is valid UTF-8 in those too, NULs and all).
fn is_valid(input: &Input) -> std::io::Result<bool> {
    let mut reader = input.open()?;
    reader.refill(0)?;
    if utf8x::detect(reader.bytes()).unit_size() > 1 {
        return Ok(false);
    }
    crate::detect::utf8_to_end(&mut reader, false)
}
