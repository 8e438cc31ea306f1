//! Latin-1 ↔ UTF-8 of the Latin-1 texts with the input and the output placed at chosen offsets
//! in their pages, against simdutf and a `memcpy` of the same bytes at the same places.
//!
//! Why: the throughput benchmark hands every conversion the buffers the allocator gives it, so
//! one run measures one placement, and two files of the same size can land on placements that
//! differ by a fifth of the copy's speed (a 64-byte store that straddles two lines costs two; a
//! load whose address matches a pending store's in its low 12 bits waits for it). This sweeps
//! the input's offset in its 64-byte line and the distance from input to output within a page,
//! and reports each contender's worst and median cell as well as every cell.
//! `cargo bench --bench alignment -- --help` for the options; benches/README.md describes it.

#![deny(unsafe_code)]

#[allow(dead_code)] // The throughput benchmark's corpus; this uses only its Latin-1 texts.
#[path = "../throughput/data.rs"]
mod data;
#[allow(dead_code)] // The throughput benchmark's timing; its default budgets are not used here.
#[path = "../throughput/timing.rs"]
mod timing;

use std::process::ExitCode;
use std::time::Duration;

use data::{Corpus, Input};
use timing::{Budget, Timing, measure, spread};
use utf8x::Policy::Strict;
use utf8x_bench::simdutf_shim as simdutf;

const USAGE: &str = "\
usage: cargo bench --bench alignment -- [--runs N] [--min-ms MS] [--src A,B..] [--gap A,B..] [--cells] [NAME...]

  NAME        latin1-to-utf8, utf8-to-latin1 (default: both)
  --runs N    samples per cell, the best is kept (default 5)
  --min-ms MS minimum length of one sample in milliseconds (default 20)
  --src LIST  the input's offsets in its page, in bytes (default 0,16,32,48)
  --gap LIST  the output's offset in its page minus the input's, modulo 4096
              (default 0,16,64,192,1024,2048,3968,4080)
  --cells     print every cell, not only each file's worst and median";

const PAGE: usize = 4096;

/// A buffer of `len` units at page offset `offset` (bytes), inside a larger allocation.
struct Placed {
    buf: Vec<u8>,
    start: usize,
    len: usize,
}

impl Placed {
    fn new(len: usize, offset: usize) -> Placed {
        let buf = vec![0u8; len + 2 * PAGE];
        let start = buf.as_ptr().align_offset(PAGE) + offset;
        Placed { buf, start, len }
    }

    fn filled(bytes: &[u8], offset: usize) -> Placed {
        let mut p = Placed::new(bytes.len(), offset);
        p.get_mut().copy_from_slice(bytes);
        p
    }

    fn get(&self) -> &[u8] {
        &self.buf[self.start..self.start + self.len]
    }

    fn get_mut(&mut self) -> &mut [u8] {
        &mut self.buf[self.start..self.start + self.len]
    }
}

type Convert = fn(&[u8], &mut [u8]) -> Option<usize>;

struct Op {
    name: &'static str,
    inputs: Vec<Input<u8>>,
    max_out: fn(usize) -> usize,
    utf8x: Convert,
    simdutf: Convert,
}

fn ops(corpus: &Corpus) -> [Op; 2] {
    [
        Op {
            name: "latin1-to-utf8",
            inputs: corpus.latin1(),
            max_out: |n| 2 * n,
            utf8x: |s, d| Some(utf8x::from_latin1(s, Some(d), Strict)).and_then(done),
            simdutf: simdutf::latin1_to_utf8,
        },
        Op {
            name: "utf8-to-latin1",
            inputs: corpus.latin1_as_utf8(),
            max_out: |n| n,
            utf8x: |s, d| Some(utf8x::to_latin1(s, Some(d), Strict)).and_then(done),
            simdutf: simdutf::utf8_to_latin1,
        },
    ]
}

fn done(o: utf8x::Outcome) -> Option<usize> {
    o.is_ok().then_some(o.written)
}

fn copy(s: &[u8], d: &mut [u8]) -> Option<usize> {
    d[..s.len()].copy_from_slice(s);
    Some(s.len())
}

struct Options {
    budget: Budget,
    src: Vec<usize>,
    gap: Vec<usize>,
    cells: bool,
    names: Vec<String>,
}

fn parse(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
    let mut o = Options {
        budget: Budget {
            min_batch: Duration::from_millis(20),
            runs: 5,
        },
        src: vec![0, 16, 32, 48],
        gap: vec![0, 16, 64, 192, 1024, 2048, 3968, 4080],
        cells: false,
        names: Vec::new(),
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        let list = |v: String| -> Result<Vec<usize>, String> {
            v.split(',')
                .map(|x| match x.parse() {
                    Ok(n) if n < PAGE => Ok(n),
                    _ => Err(format!("expected offsets below {PAGE}, got {x:?}")),
                })
                .collect()
        };
        let number = |v: String| match v.parse() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(format!("expected a positive integer, got {v:?}")),
        };
        match arg.as_str() {
            "--bench" => {}
            "--runs" => o.budget.runs = number(value()?)? as u32,
            "--min-ms" => o.budget.min_batch = Duration::from_millis(number(value()?)?),
            "--src" => o.src = list(value()?)?,
            "--gap" => o.gap = list(value()?)?,
            "--cells" => o.cells = true,
            "-h" | "--help" => return Err(String::new()),
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}")),
            name => o.names.push(name.to_owned()),
        }
    }
    Ok(o)
}

/// One cell: GB/s of input of utf8x, simdutf and the copy, and their timings.
fn cell(
    op: &Op,
    text: &[u8],
    src_at: usize,
    dst_at: usize,
    budget: Budget,
) -> ([f64; 3], Vec<Timing>) {
    let src = Placed::filled(text, src_at);
    let mut dst = Placed::new((op.max_out)(text.len()), dst_at);
    let want = (op.utf8x)(src.get(), dst.get_mut()).expect("utf8x converts the corpus");
    let expected = dst.get()[..want].to_vec();
    assert_eq!(
        (op.simdutf)(src.get(), dst.get_mut()).map(|n| &dst.get()[..n]),
        Some(&expected[..]),
        "{}: simdutf and utf8x disagree",
        op.name
    );
    let dst = std::cell::RefCell::new(dst);
    let mut jobs: Vec<timing::Job> = [op.utf8x, op.simdutf, copy]
        .into_iter()
        .map(|f| -> timing::Job {
            let (src, dst) = (&src, &dst);
            Box::new(move |iters| {
                let mut dst = dst.borrow_mut();
                for _ in 0..iters {
                    let s = std::hint::black_box(src.get());
                    std::hint::black_box(f(s, std::hint::black_box(dst.get_mut())));
                }
            })
        })
        .collect();
    let t = measure(&mut jobs, budget);
    (
        std::array::from_fn(|i| text.len() as f64 / t[i].best / 1e9),
        t,
    )
}

fn main() -> ExitCode {
    let o = match parse(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("error: {e}");
            }
            eprintln!("{USAGE}");
            return if e.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            };
        }
    };
    let corpus = match Corpus::load() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("corpus:  {}", corpus.origin);
    utf8x_bench::print_kernels(utf8x::active_kernel());
    println!(
        "timing:  best of {} samples of >= {} ms per cell, round-robin; input at page offsets {:?}, output at input + {:?} (mod {PAGE})",
        o.budget.runs,
        o.budget.min_batch.as_millis(),
        o.src,
        o.gap
    );
    for op in ops(&corpus) {
        if !o.names.is_empty() && !o.names.iter().any(|n| op.name.contains(n.as_str())) {
            continue;
        }
        println!("\n== {} (GB/s of input; ratios per cell) ==", op.name);
        println!(
            "input     cells | utf8x/copy worst (src+gap) median | utf8x/simdutf worst (src+gap) median | copy min..max"
        );
        let mut all = Vec::new();
        for input in &op.inputs {
            let mut cells = Vec::new();
            for &s in &o.src {
                for &g in &o.gap {
                    let (v, t) = cell(&op, &input.text, s, (s + g) % PAGE, o.budget);
                    all.extend(t);
                    if o.cells {
                        println!(
                            "  {:<8} src {s:>4} gap {g:>4}: utf8x {:6.1} simdutf {:6.1} copy {:6.1}  {:.2}x copy {:.2}x simdutf",
                            input.name,
                            v[0],
                            v[1],
                            v[2],
                            v[0] / v[2],
                            v[0] / v[1]
                        );
                    }
                    cells.push((s, g, v));
                }
            }
            let summary = |f: &dyn Fn(&[f64; 3]) -> f64| {
                let mut r: Vec<_> = cells.iter().map(|(s, g, v)| (f(v), *s, *g)).collect();
                r.sort_by(|a, b| a.0.total_cmp(&b.0));
                let (worst, s, g) = r[0];
                format!("{worst:5.2}x ({s}+{g}) {:5.2}x", r[r.len() / 2].0)
            };
            let copies = cells.iter().map(|c| c.2[2]);
            let (lo, hi) = copies.fold((f64::MAX, 0f64), |(lo, hi), c| (lo.min(c), hi.max(c)));
            println!(
                "{:<8} {:>6} | {:>28} | {:>31} | {lo:.1}..{hi:.1}",
                input.name,
                cells.len(),
                summary(&|v| v[0] / v[2]),
                summary(&|v| v[0] / v[1]),
            );
        }
        println!(
            "   noise: median sample {:.0}% above the best",
            (spread(&all) - 1.0) * 100.0
        );
    }
    ExitCode::SUCCESS
}
