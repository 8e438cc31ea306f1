//! The official throughput benchmark of utf8x: validation and every conversion against simdutf,
//! simdutf8, encoding_rs, the standard library and glibc, on the lipsum corpus when it is beside
//! the repository (the published numbers) and on the generated corpus of the tests otherwise.
//! `cargo bench --bench throughput -- --help` for the options; benches/README.md for the columns.

// As in the library, `unsafe` is confined to the modules that call C (`glibc` here, and
// `utf8x_bench::simdutf_shim`).
#![deny(unsafe_code, unsafe_op_in_unsafe_fn)]

mod contender;
mod conversions;
mod data;
mod family;
mod glibc;
mod machine;
mod options;
mod report;
mod section;
mod std_ref;
mod timing;
mod validation;
mod wide;

use std::io::Write as _;
use std::process::ExitCode;
use std::time::Instant;

use data::Corpus;
use options::{Mode, Options, USAGE};
use report::{Scope, Table, Target};
use section::Section;
use timing::Budget;
use utf8x_bench::simdutf_shim;

fn sections(corpus: &Corpus) -> Vec<Box<dyn Section>> {
    let ascii = corpus
        .scripts
        .iter()
        .find(|(name, _)| *name == "ASCII")
        .map(|(_, text)| text.clone())
        .expect("the ASCII file is part of the corpus");
    vec![
        Box::new(validation::throughput(corpus)),
        Box::new(validation::count(corpus)),
        Box::new(conversions::utf8_to_utf16le(corpus)),
        Box::new(conversions::utf16le_to_utf8(corpus)),
        Box::new(conversions::utf8_to_utf32(corpus)),
        Box::new(conversions::utf32_to_utf8(corpus)),
        Box::new(wide::utf16le_to_utf32(corpus)),
        Box::new(wide::utf32_to_utf16le(corpus)),
        Box::new(conversions::utf8_to_latin1(corpus)),
        Box::new(conversions::latin1_to_utf8(corpus)),
        Box::new(conversions::lossy_utf8_to_utf16le(corpus)),
        Box::new(conversions::skip_utf8_to_utf16le(corpus)),
        Box::new(conversions::escape_utf8_to_utf16le(corpus)),
        Box::new(conversions::fallback_utf8_to_utf16le(corpus)),
        Box::new(family::cesu8_to_utf16le(corpus)),
        Box::new(family::utf16le_to_cesu8(corpus)),
        Box::new(family::mutf8_to_utf16le(corpus)),
        Box::new(family::utf16le_to_mutf8(corpus)),
        Box::new(family::wtf8_to_utf16le(corpus)),
        Box::new(family::utf16le_to_wtf8(corpus)),
        Box::new(family::utf8_to_cesu8(corpus)),
        Box::new(family::cesu8_to_utf8(corpus)),
        Box::new(validation::short(
            "short-ascii",
            "validation of short ASCII strings",
            ascii,
        )),
        Box::new(validation::short(
            "short-mixed",
            "validation of short strings of mixed scripts",
            corpus.mixed(),
        )),
        Box::new(validation::short_utf16(
            "short-utf16",
            "UTF-8 -> UTF-16LE of short strings of mixed scripts",
            corpus.mixed(),
        )),
    ]
}

const CONVERSIONS: [&str; 6] = [
    "utf8-to-utf16le",
    "utf16le-to-utf8",
    "utf8-to-utf32",
    "utf32-to-utf8",
    "utf8-to-latin1",
    "latin1-to-utf8",
];

/// The goals utf8x is built to: at least as fast as the fastest library for each operation, a
/// margin over the lossy decoder and over glibc, parity on short strings, and the other forms of
/// the UTF-8 family close to UTF-8 itself.
fn targets() -> Vec<Target> {
    let geomean = |goal: String, table, ratio, min| Target {
        goal,
        table,
        ratio,
        min,
        scope: Scope::Geomean,
        beside: None,
    };
    let mut all = Vec::new();
    // Validation and the conversions between Unicode forms: ahead of the fastest peer by 1.2x
    // over the corpus and behind it on no text; the all-ASCII texts are judged against the copy
    // instead, their work being the copy's.
    for (table, ratio, copy, who) in AHEAD {
        all.push(geomean(
            format!("{who} >= 1.2x fastest peer"),
            table,
            ratio,
            1.2,
        ));
        all.push(Target {
            scope: Scope::NotAscii,
            ..geomean(format!("{who} >= 1.0x fastest peer"), table, ratio, 1.0)
        });
        all.push(Target {
            scope: Scope::Ascii,
            ..geomean(format!("{who} of ASCII >= 0.9x copy"), table, copy, 0.9)
        });
    }
    // UTF-16 <-> UTF-32 of text of the first plane is a widening or a narrowing and nothing
    // else: those rows also against the bare loop that does only that (the limit column), which
    // tells a kernel short of the peer goals from a peer at the memory's limit too.
    for op in ["utf16le-to-utf32", "utf32-to-utf16le"] {
        all.push(Target {
            scope: Scope::FirstPlane,
            beside: Some("utf8x/simdutf"),
            ..geomean(
                format!("{op} of first-plane text >= 0.9x limit"),
                op,
                "utf8x/limit",
                0.9,
            )
        });
    }
    // The rows that move memory and little else, against a plain copy of their input: the
    // count over every text, and Latin-1 <-> UTF-8 of the all-ASCII texts; the French text has
    // two-byte characters to write or read, work a copy does not do, and is held to simdutf.
    all.push(Target {
        scope: Scope::Every,
        ..geomean("count >= 0.9x copy".to_owned(), "count", "utf8x/copy", 0.9)
    });
    for op in ["utf8-to-latin1", "latin1-to-utf8"] {
        all.push(Target {
            scope: Scope::Ascii,
            ..geomean(format!("{op} of ASCII >= 0.9x copy"), op, "utf8x/copy", 0.9)
        });
        all.push(Target {
            scope: Scope::NotAscii,
            ..geomean(format!("{op} >= 1.0x simdutf"), op, "utf8x/simdutf", 1.0)
        });
    }
    let lossy = "lossy UTF-8 -> UTF-16 (1 error/KiB) >= 3x encoding_rs".to_owned();
    all.push(geomean(
        lossy,
        "lossy-utf8-to-utf16le",
        "utf8x/encoding_rs",
        3.0,
    ));
    for table in ["short-ascii", "short-mixed", "short-utf16"] {
        all.push(Target {
            scope: Scope::RowsUpTo(64),
            ..geomean(
                format!("{table}: ns/call <= simdutf up to 64 B"),
                table,
                "utf8x/simdutf",
                1.0,
            )
        });
    }
    for op in CONVERSIONS {
        all.push(Target {
            beside: Some("simdutf/iconv"),
            ..geomean(format!("{op} >= 20x glibc iconv"), op, "utf8x/iconv", 20.0)
        });
    }
    // The other forms of the UTF-8 family, on text where they are UTF-8 byte for byte.
    for (op, ratio) in FAMILY {
        all.push(geomean(format!("{op} >= 0.8x utf8x UTF-8"), op, ratio, 0.8));
    }
    all
}

/// The tables held to 1.2x the fastest peer: table, ratio to the peer, ratio to the copy, name.
const AHEAD: [(&str, &str, &str, &str); 8] = [
    ("validate", "validate/best", "validate/copy", "validate"),
    ("validate", "is_valid/best", "is_valid/copy", "is_valid"),
    (
        "utf8-to-utf16le",
        "utf8x/simdutf",
        "utf8x/copy",
        "utf8-to-utf16le",
    ),
    (
        "utf16le-to-utf8",
        "utf8x/simdutf",
        "utf8x/copy",
        "utf16le-to-utf8",
    ),
    (
        "utf8-to-utf32",
        "utf8x/simdutf",
        "utf8x/copy",
        "utf8-to-utf32",
    ),
    (
        "utf32-to-utf8",
        "utf8x/simdutf",
        "utf8x/copy",
        "utf32-to-utf8",
    ),
    (
        "utf16le-to-utf32",
        "utf8x/simdutf",
        "utf8x/copy",
        "utf16le-to-utf32",
    ),
    (
        "utf32-to-utf16le",
        "utf8x/simdutf",
        "utf8x/copy",
        "utf32-to-utf16le",
    ),
];

const FAMILY: [(&str, &str); 8] = [
    ("cesu8-to-utf16le", "CESU-8/UTF-8"),
    ("utf16le-to-cesu8", "CESU-8/UTF-8"),
    ("mutf8-to-utf16le", "MUTF-8/UTF-8"),
    ("utf16le-to-mutf8", "MUTF-8/UTF-8"),
    ("wtf8-to-utf16le", "WTF-8/UTF-8"),
    ("utf16le-to-wtf8", "WTF-8/UTF-8"),
    ("utf8-to-cesu8", "CESU-8/UTF-8"),
    ("cesu8-to-utf8", "CESU-8/UTF-8"),
];

fn check(chosen: &[&dyn Section]) -> Result<(), String> {
    for section in chosen {
        section.check()?;
    }
    Ok(())
}

fn time(chosen: &[&dyn Section], budget: Budget, corpus: &str) -> Result<(), String> {
    let started = Instant::now();
    let how = format!(
        "best of {} samples of >= {} ms per cell, round-robin across implementations",
        budget.runs,
        budget.min_batch.as_millis()
    );
    println!("{}\n", machine::header(&how, corpus));
    let mut tables: Vec<Table> = Vec::new();
    for section in chosen {
        section.check()?;
        let table = section.measure(budget);
        println!("{}", table.render());
        std::io::stdout().flush().map_err(|e| e.to_string())?;
        tables.push(table);
    }
    println!("== performance goals (PASS: the ratio reaches the goal) ==");
    let targets = targets();
    let judged: Vec<String> = targets.iter().filter_map(|t| t.judge(&tables)).collect();
    judged.iter().for_each(|line| println!("{line}"));
    if judged.len() < targets.len() {
        println!(
            "  ({} more whose tables were not run)",
            targets.len() - judged.len()
        );
    }
    println!("\nmeasured in {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

fn main() -> ExitCode {
    let options = match Options::parse(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("throughput: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    glibc::use_utf8_locale();
    let corpus = match Corpus::load() {
        Ok(corpus) => corpus,
        Err(e) => {
            eprintln!("throughput: {e}");
            return ExitCode::FAILURE;
        }
    };
    let sections = sections(&corpus);
    let chosen: Vec<&dyn Section> = sections
        .iter()
        .map(Box::as_ref)
        .filter(|s| options.selects(s.name()))
        .collect();
    if chosen.is_empty() {
        eprintln!(
            "throughput: no operation matches {:?} (see --list)",
            options.filters
        );
        return ExitCode::from(2);
    }
    let result = match options.mode {
        Mode::List => {
            chosen.iter().for_each(|s| println!("{}", s.name()));
            Ok(())
        }
        Mode::Check => check(&chosen).map(|()| {
            println!(
                "throughput: all implementations agree with utf8x on {} operations \
                 (pass --bench or --quick to time them)",
                chosen.len()
            );
        }),
        Mode::Time(budget) => time(&chosen, budget, &corpus.origin),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("throughput: outputs disagree, nothing timed is trustworthy: {e}");
            ExitCode::FAILURE
        }
    }
}
