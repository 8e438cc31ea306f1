//! `utf8x fix`: each file made valid UTF-8 in place. A valid file is left untouched; a file
//! with a byte order mark or the looks of UTF-16/UTF-32 is converted from it; anything else is
//! repaired as UTF-8 under the policy (by default, stray bytes read as Windows-1252).

use utf8x::{Encoding, Policy};

use crate::Exit;
use crate::cli::Fix;
use crate::convert::{self, Plan};
use crate::encoding::{Code, Kind};
use crate::input::Input;
use crate::output::Output;
use crate::progress::Progress;
use crate::report::{self, Stdout, describe, plural};

pub fn run(args: &Fix) -> Exit {
    let policy = args.policy.policy();
    if policy == Policy::Strict {
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
    let utf8 = Code {
        kind: Kind::Plain(Encoding::Utf8),
        charset: None,
        ignore: false,
        translit: false,
    };
    let plan = Plan {
        from: Code {
            kind: Kind::Repair,
            ..utf8
        },
        to: utf8,
        invalid: policy,
        unmappable: policy,
        iconv_skip: false,
        ignore_fails: false,
        bom: Some(false),
        verbose: false,
    };
    let mut stdout = Stdout::new();
    let mut exit = Exit::Ok;
    for path in &args.files {
        let input = Input::Path(path.clone());
        let report = match fix_one(&input, &plan, args.dry_run) {
            Ok(report) => report,
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

/// Fixes one file; the line that says what changed, or why it could not.
fn fix_one(input: &Input, plan: &Plan, dry_run: bool) -> Result<String, String> {
    // A FIFO or a device would be read (maybe waiting forever) and then written in place:
    // only regular files are replaced.
    if let Input::Path(path) = input {
        match std::fs::metadata(path) {
            Ok(meta) if !meta.is_file() && !meta.is_dir() => {
                return Err(format!("cannot fix {input}: not a regular file"));
            }
            _ => {}
        }
    }
    if is_valid(input).map_err(|e| format!("cannot read {input}: {}", describe(&e)))? {
        return Ok("valid UTF-8, unchanged".into());
    }
    let Input::Path(path) = input else {
        unreachable!("fix takes files")
    };
    let mut out = if dry_run {
        Output::discard()
    } else {
        Output::file(path)?
    };
    let mut progress = Progress::new(std::fs::metadata(path).ok().map(|m| m.len()));
    let done = convert::convert_one(input, plan, &mut out, &mut progress)
        .map_err(|fail| convert::message(input, &fail))?;
    progress.finish();
    if !dry_run {
        out.commit()
            .map_err(|e| format!("cannot write {input}: {}", describe(&e)))?;
    }
    let verb = if dry_run { "would be" } else { "" };
    let from = done.from.unwrap_or(Encoding::Utf8.name());
    let what = if from != Encoding::Utf8.name() {
        format!(
            "converted from {} ({})",
            from,
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
            _ => format!("{} escaped", plural(done.replaced, "byte")),
        }
    };
    Ok(match verb {
        "" => format!("fixed: {what}"),
        _ => format!("{verb} fixed: {what}"),
    })
}

/// Valid UTF-8 that does not look like UTF-16 or UTF-32 (text in the range of Latin-1 is
/// valid UTF-8 in those too, NULs and all).
fn is_valid(input: &Input) -> std::io::Result<bool> {
    let mut reader = input.open()?;
    reader.refill(0)?;
    if utf8x::detect(reader.bytes()).unit_size() > 1 {
        return Ok(false);
    }
    crate::detect::utf8_to_end(&mut reader, false)
}
