//! The memory limit of UTF-16LE → UTF-32 and UTF-32 → UTF-16LE: each conversion timed beside
//! a bare loop that only widens (`vpmovzxwd`) or narrows (`vpmovdw`) the units, with no check at
//! all, over the same input and output buffers.
//!
//! Why: UTF-16 → UTF-32 reads N bytes and writes 2N (and, with write-allocate, reads those 2N
//! lines first), so on texts of the first plane both utf8x and simdutf run at the speed of the
//! memory hierarchy rather than of their instructions. When the bare loop is no faster than
//! utf8x, what is left is the machine's; when it is clearly faster, the kernel loses something.
//! The bare loops come in the variants that could beat the limit: stores aligned to 64-byte
//! lines, non-temporal stores (`vmovntdq`, which skip the read of the output's lines) and
//! software prefetch of the input. The inputs are the throughput benchmark's corpus and the
//! Chinese text repeated to larger sizes (`--mib`), the outputs as large as that benchmark's.
//! `cargo bench --bench widen -- --help` for the options.

#[allow(dead_code)] // The throughput benchmark's corpus; this uses only its UTF-16 and UTF-32.
#[path = "../throughput/data.rs"]
mod data;
#[allow(dead_code)] // The throughput benchmark's timing; its default budgets are not used here.
#[path = "../throughput/timing.rs"]
mod timing;

use std::process::ExitCode;
use std::time::Duration;

use data::Corpus;
use timing::{Budget, Job, Timing, measure, spread};
use utf8x::Policy::Strict;
use utf8x_bench::bare;
use utf8x_bench::simdutf_shim as simdutf;

const USAGE: &str = "\
usage: cargo bench --bench widen -- [--runs N] [--min-ms MS] [--mib A,B..] [NAME...]

  NAME        utf16le-to-utf32, utf32-to-utf16le (default: both)
  --runs N    samples per cell, the best is kept (default 5)
  --min-ms MS minimum length of one sample in milliseconds (default 20)
  --mib LIST  sizes of the repeated Chinese text, in MiB of input (default 4,16,64)";

/// One table: a conversion and the loops it is measured against, utf8x first.
struct Op<S, D> {
    name: &'static str,
    /// Output units per input unit the buffer is sized for (as in the throughput benchmark).
    out_per_unit: usize,
    /// Each converts `src` into `dst`: the units written (`None` when it refused).
    contenders: Vec<bare::Named<S, D>>,
}

fn done(o: utf8x::Outcome) -> Option<usize> {
    o.is_ok().then_some(o.written)
}

fn widen_op() -> Op<u16, u32> {
    let mut contenders: Vec<bare::Named<u16, u32>> = vec![
        ("utf8x", |s, d| {
            done(utf8x::utf16le_to_utf32(s, Some(d), Strict))
        }),
        ("simdutf", simdutf::utf16le_to_utf32),
    ];
    contenders.extend(bare::WIDEN.iter().copied());
    Op {
        name: "utf16le-to-utf32",
        out_per_unit: 1,
        contenders,
    }
}

fn narrow_op() -> Op<u32, u16> {
    let mut contenders: Vec<bare::Named<u32, u16>> = vec![
        ("utf8x", |s, d| {
            done(utf8x::utf32_to_utf16le(s, Some(d), Strict))
        }),
        ("simdutf", simdutf::utf32_to_utf16le),
    ];
    contenders.extend(bare::NARROW.iter().copied());
    Op {
        name: "utf32-to-utf16le",
        out_per_unit: 2,
        contenders,
    }
}

struct Options {
    budget: Budget,
    mib: Vec<usize>,
    names: Vec<String>,
}

fn parse(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
    let mut o = Options {
        budget: Budget {
            min_batch: Duration::from_millis(20),
            runs: 5,
        },
        mib: vec![4, 16, 64],
        names: Vec::new(),
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        let number = |v: &str| match v.parse() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(format!("expected a positive integer, got {v:?}")),
        };
        match arg.as_str() {
            "--bench" => {}
            "--runs" => o.budget.runs = number(&value()?)? as u32,
            "--min-ms" => o.budget.min_batch = Duration::from_millis(number(&value()?)? as u64),
            "--mib" => o.mib = value()?.split(',').map(number).collect::<Result<_, _>>()?,
            "-h" | "--help" => return Err(String::new()),
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}")),
            name => o.names.push(name.to_owned()),
        }
    }
    Ok(o)
}

/// The inputs of one table: the corpus's texts, then `text` repeated to each of `mib`.
fn inputs<U: Copy>(
    corpus: &[(String, Vec<U>)],
    long: &[U],
    mib: &[usize],
) -> Vec<(String, Vec<U>)> {
    let mut all = corpus.to_vec();
    for &m in mib {
        let units = (m << 20) / size_of::<U>();
        let text = long.iter().copied().cycle().take(units).collect();
        all.push((format!("{m} MiB"), text));
    }
    all
}

/// Times every contender of `op` on `src` into one output buffer of the benchmark's size, after
/// checking that each writes what utf8x writes: GB/s of input, and the timings.
fn row<S: Copy, D: Copy + Default + PartialEq + std::fmt::Debug>(
    op: &Op<S, D>,
    name: &str,
    src: &[S],
    budget: Budget,
) -> (Vec<f64>, Vec<Timing>) {
    let mut dst = vec![D::default(); src.len() * op.out_per_unit];
    let mut expected = None;
    for (who, f) in &op.contenders {
        dst.fill(D::default());
        let n = f(src, &mut dst).unwrap_or_else(|| panic!("{who} refused {name}"));
        let out = dst[..n].to_vec();
        let want = expected.get_or_insert(out.clone());
        // The bare loops neither join nor split pairs: they are checked on the texts of the
        // first plane, where each unit is one code point.
        assert!(
            *want == out || (who.starts_with("bare") && want.len() != src.len()),
            "{}: {who} and utf8x disagree on {name}",
            op.name
        );
    }
    let dst = std::cell::RefCell::new(dst);
    let mut jobs: Vec<Job> = op
        .contenders
        .iter()
        .map(|&(_, f)| -> Job {
            let dst = &dst;
            Box::new(move |iters| {
                let mut dst = dst.borrow_mut();
                for _ in 0..iters {
                    let s = std::hint::black_box(src);
                    std::hint::black_box(f(s, std::hint::black_box(&mut dst[..])));
                }
            })
        })
        .collect();
    let t = measure(&mut jobs, budget);
    let bytes = size_of_val(src) as f64;
    (t.iter().map(|t| bytes / t.best / 1e9).collect(), t)
}

fn table<S: Copy, D: Copy + Default + PartialEq + std::fmt::Debug>(
    op: &Op<S, D>,
    inputs: &[(String, Vec<S>)],
    budget: Budget,
) {
    println!("\n== {}: GB/s of input ==", op.name);
    print!("{:<10} {:>7}", "input", "KiB");
    for (who, _) in &op.contenders {
        print!(" {who:>15}");
    }
    println!("  | per contender: utf8x / it");
    let mut all = Vec::new();
    for (name, src) in inputs {
        let (speeds, t) = row(op, name, src, budget);
        all.extend(t);
        print!("{name:<10} {:>7}", size_of_val(&src[..]) / 1024);
        for s in &speeds {
            print!(" {s:>15.1}");
        }
        print!("  |");
        for s in &speeds[1..] {
            print!(" {:.2}x", speeds[0] / s);
        }
        println!();
    }
    println!(
        "   noise: median sample {:.0}% above the best",
        (spread(&all) - 1.0) * 100.0
    );
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        // `--help`.
        Err(e) if e.is_empty() => {
            eprintln!("{USAGE}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}\n{USAGE}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let o = parse(std::env::args().skip(1))?;
    if !bare::supported() {
        return Err("the bare loops need AVX-512 BW and AVX2".into());
    }
    let corpus = Corpus::load()?;
    println!("corpus:  {}", corpus.origin);
    utf8x_bench::print_kernels(utf8x::active_kernel());
    println!(
        "timing:  best of {} samples of >= {} ms per cell, round-robin; output buffers as the throughput benchmark's",
        o.budget.runs,
        o.budget.min_batch.as_millis(),
    );
    let wanted = |name: &str| o.names.is_empty() || o.names.iter().any(|n| name.contains(n));
    // The repeated text: Chinese, of the first plane like every file the question is about.
    let long = corpus
        .scripts
        .iter()
        .find(|(name, _)| name == "Chinese")
        .map_or(&corpus.scripts[0].1, |(_, text)| text);
    let op = widen_op();
    if wanted(op.name) {
        let texts: Vec<_> = corpus
            .utf16()
            .into_iter()
            .map(|i| (i.name, i.text.to_vec()))
            .collect();
        let long: Vec<u16> = long.encode_utf16().collect();
        table(&op, &inputs(&texts, &long, &o.mib), o.budget);
    }
    let op = narrow_op();
    if wanted(op.name) {
        let texts: Vec<_> = corpus
            .utf32()
            .into_iter()
            .map(|i| (i.name, i.text.to_vec()))
            .collect();
        let long: Vec<u32> = long.chars().map(u32::from).collect();
        table(&op, &inputs(&texts, &long, &o.mib), o.budget);
    }
    Ok(())
}
