//! What data engines ask of utf8x, timed: one huge buffer on every core (validation and
//! UTF-8 → UTF-16LE), an Arrow-style string column validated value by value, and many short
//! strings validated in one call, each beside what a user would otherwise write (one thread, a
//! loop of calls, the values buffer alone, the standard library, simdutf8, and with `--features
//! arrow` arrow-rs's `StringArray` validation).
//!
//! ```text
//! cargo bench --bench engines                      # 1 GiB buffer, every section
//! cargo bench --bench engines -- --mib 256 column  # smaller buffer, only sections named "column"
//! cargo bench -p utf8x-bench --features arrow --bench engines -- column
//! ```
//!
//! Every input is the lipsum corpus (or the tests' generated corpus without it) concatenated and
//! repeated. Times are the best of `--runs` calls (default 5); each section first checks that
//! every contender gives the same answer.

use std::hint::black_box;
use std::time::Instant;

use utf8x::{Encoding, Policy, Status};
use utf8x_test_support::corpus::corpus;

const USAGE: &str = "\
usage: cargo bench --bench engines -- [--mib N] [--runs N] [--threads N] [SECTION...]

  SECTION    parallel | convert | tuning | column | many (default: all)
  --mib N    the size of the one buffer of the parallel sections (default 1024)
  --runs N   calls per timing, the best one counts (default 5)
  --threads N  the most threads tried, after the powers of two below it (default: the
               machine's parallelism)";

struct Options {
    mib: usize,
    runs: usize,
    threads: usize,
    sections: Vec<String>,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        mib: 1024,
        runs: 5,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        sections: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut number = |name: &str| -> Result<usize, String> {
            args.next()
                .and_then(|v| v.parse().ok())
                .filter(|&v| v > 0)
                .ok_or_else(|| format!("{name} needs a positive number"))
        };
        match a.as_str() {
            "--mib" => o.mib = number("--mib")?,
            "--runs" => o.runs = number("--runs")?,
            "--threads" => o.threads = number("--threads")?,
            // What `cargo bench` passes to every bench.
            "--bench" => {}
            "-h" | "--help" => return Err(String::new()),
            s if s.starts_with('-') => return Err(format!("unknown option {s}")),
            s => o.sections.push(s.to_owned()),
        }
    }
    Ok(o)
}

/// The best time of `runs` calls, in seconds.
fn best<R>(runs: usize, mut f: impl FnMut() -> R) -> f64 {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed().as_secs_f64()
        })
        .fold(f64::MAX, f64::min)
}

/// One table row: a name, seconds, the bytes it covered, and its ratio to a reference time.
fn row(name: &str, seconds: f64, bytes: usize, reference: f64) {
    println!(
        "| {name} | {:.2} | {:.1} | {:.2} |",
        bytes as f64 / 1e9 / seconds,
        seconds * 1e3,
        reference / seconds
    );
}

fn table(title: &str, ratio: &str) {
    println!("\n### {title}\n\n| contender | GB/s | ms | {ratio} |\n|---|---|---|---|");
}

/// Every corpus file, one after another.
fn text() -> Vec<u8> {
    corpus()
        .files
        .iter()
        .filter(|(name, _)| name.ends_with(".utf8.txt"))
        .flat_map(|(_, bytes)| bytes.iter().copied())
        .collect()
}

/// `text` repeated to `bytes` (whole copies only, so every piece stays valid UTF-8).
fn repeated(text: &[u8], bytes: usize) -> Vec<u8> {
    let mut big = Vec::with_capacity(bytes);
    while big.len() + text.len() <= bytes {
        big.extend_from_slice(text);
    }
    big
}

/// The thread counts tried: the powers of two below the most asked for, then that (and 2, for
/// the two-core figures, even where the machine has one).
fn counts(most: usize) -> Vec<usize> {
    let most = most.max(2);
    let mut c: Vec<usize> = (0..).map(|k| 1 << k).take_while(|&n| n < most).collect();
    c.push(most);
    c
}

fn parallel(o: &Options, big: &[u8]) {
    let whole = utf8x::validate(big);
    table(
        &format!("validate {} MiB on threads", big.len() >> 20),
        "× 1 thread",
    );
    let one = best(o.runs, || utf8x::validate(big));
    row("utf8x::validate", one, big.len(), one);
    for n in counts(o.threads) {
        assert_eq!(utf8x::validate_parallel(big, n), whole);
        let t = best(o.runs, || utf8x::validate_parallel(big, n));
        row(
            &format!("utf8x::validate_parallel, {n} threads"),
            t,
            big.len(),
            one,
        );
    }
    let t = best(o.runs, || simdutf8::basic::from_utf8(big).is_ok());
    row("simdutf8::basic::from_utf8", t, big.len(), one);
    // What the memory gives: the same bytes read (summed as 64-bit words), no validation.
    for n in counts(o.threads) {
        let t = best(o.runs, || read_only(big, n));
        row(
            &format!("reading only (no validation), {n} threads"),
            t,
            big.len(),
            one,
        );
    }
}

/// A sum of `src` as 64-bit words on `threads` threads: the bytes read and nothing else.
fn read_only(src: &[u8], threads: usize) -> u64 {
    let share = src.len().div_ceil(threads).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = src
            .chunks(share)
            .map(|piece| {
                s.spawn(move || {
                    piece
                        .chunks_exact(8)
                        .map(|w| u64::from_ne_bytes(w.try_into().unwrap_or_default()))
                        .fold(0u64, u64::wrapping_add)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .fold(0, u64::wrapping_add)
    })
}

fn convert(o: &Options, big: &[u8]) {
    let mut out = vec![0u16; big.len()];
    let mut check = vec![0u16; big.len()];
    let run = |out: &mut [u16], n| {
        utf8x::convert_parallel(
            big,
            Encoding::Utf8,
            Some(out),
            Encoding::Utf16Le,
            Policy::Strict,
            n,
        )
    };
    let whole = utf8x::convert(
        big,
        Encoding::Utf8,
        Some(&mut check[..]),
        Encoding::Utf16Le,
        Policy::Strict,
    );
    table(
        &format!("UTF-8 → UTF-16LE, {} MiB on threads", big.len() >> 20),
        "× 1 thread",
    );
    let one = best(o.runs, || run(&mut out, 1));
    row("utf8x::convert_parallel, 1 thread", one, big.len(), one);
    for n in counts(o.threads).into_iter().skip(1) {
        assert_eq!(run(&mut out, n), whole);
        assert!(out[..whole.written] == check[..whole.written]);
        let t = best(o.runs, || run(&mut out, n));
        row(
            &format!("utf8x::convert_parallel, {n} threads"),
            t,
            big.len(),
            one,
        );
    }
}

/// The parallel conversion's settings on the most threads: slice sizes, and copying each
/// slice's output into place with streaming stores or plain ones.
fn tuning(o: &Options, big: &[u8]) {
    use utf8x::__test::{Place, Tuning, convert_parallel_tuned};
    let mut out = vec![0u16; big.len()];
    let n = o.threads;
    let run = |out: &mut [u16], t: Tuning| {
        convert_parallel_tuned(
            big,
            Encoding::Utf8,
            Some(out),
            Encoding::Utf16Le,
            Policy::Strict,
            n,
            t,
        )
    };
    let base = Tuning::DEFAULT;
    let name = |t: Tuning| {
        let how = match t.place {
            Place::Converted => "measured, converted in place",
            Place::Streamed => "converted, streamed into place",
            Place::Copied => "converted, copied into place",
        };
        format!("slices of {} KiB, {how}", t.slice >> 10)
    };
    table(
        &format!(
            "UTF-8 → UTF-16LE, {} MiB on {n} threads, by setting",
            big.len() >> 20
        ),
        "× default",
    );
    let default = best(o.runs, || run(&mut out, base));
    row(&name(base), default, big.len(), default);
    for slice in [1 << 15, 1 << 16, 1 << 17, 1 << 18, 1 << 19, 1 << 20] {
        for place in [Place::Streamed, Place::Copied, Place::Converted] {
            let t = Tuning {
                slice,
                place,
                ..base
            };
            if t != base {
                let time = best(o.runs, || run(&mut out, t));
                row(&name(t), time, big.len(), default);
            }
        }
    }
}

/// An Arrow string column of `n` values: the corpus's lines, repeated.
fn column(text: &[u8], n: usize) -> (Vec<u8>, Vec<i32>) {
    let lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
    let mut values = Vec::new();
    let mut offsets = vec![0i32];
    for line in lines.iter().cycle().take(n) {
        values.extend_from_slice(line);
        offsets.push(i32::try_from(values.len()).expect("a column under 2 GiB"));
    }
    (values, offsets)
}

fn columns(o: &Options, text: &[u8]) {
    const N: usize = 1_000_000;
    let (values, offsets) = column(text, N);
    let at = |i: usize| offsets[i] as usize;
    let each_std = || (0..N).all(|i| std::str::from_utf8(&values[at(i)..at(i + 1)]).is_ok());
    assert!(utf8x::validate_column(&values, &offsets).outcome.status == Status::Ok);
    assert!(each_std());
    table(
        &format!(
            "a column of {N} lines, {} MB of values (Arrow layout, i32 offsets)",
            values.len() / 1_000_000
        ),
        "× values alone",
    );
    let alone = best(o.runs, || utf8x::validate(&values));
    row(
        "utf8x::validate of the values buffer alone",
        alone,
        values.len(),
        alone,
    );
    let t = best(o.runs, || utf8x::validate_column(&values, &offsets));
    row("utf8x::validate_column", t, values.len(), alone);
    let t = best(o.runs, each_std);
    row("std::str::from_utf8 of each value", t, values.len(), alone);
    arrow(o, &values, &offsets, alone);
}

#[cfg(feature = "arrow")]
fn arrow(o: &Options, values: &[u8], offsets: &[i32], alone: f64) {
    use arrow_array::StringArray;
    use arrow_buffer::{Buffer, OffsetBuffer, ScalarBuffer};
    // Built once outside the timing, as a reader hands them over; the timing is the validation
    // that `try_new` does (UTF-8 of the values, then every offset on a character boundary).
    let values_buf = Buffer::from_slice_ref(values);
    let offsets_buf = OffsetBuffer::new(ScalarBuffer::from(offsets.to_vec()));
    let make = || StringArray::try_new(offsets_buf.clone(), values_buf.clone(), None);
    assert!(make().is_ok());
    let t = best(o.runs, make);
    row("arrow-rs StringArray::try_new", t, values.len(), alone);
}

#[cfg(not(feature = "arrow"))]
fn arrow(_: &Options, _: &[u8], _: &[i32], _: f64) {
    println!(
        "| arrow-rs StringArray::try_new | (run with `-p utf8x-bench --features arrow`) | | |"
    );
}

/// 10 M strings of 8–32 bytes cut from `text` at character boundaries.
fn short_strings(text: &[u8]) -> Vec<&[u8]> {
    let mut strs = Vec::with_capacity(10_000_000);
    let (mut at, mut k) = (0usize, 0usize);
    while strs.len() < 10_000_000 {
        let want = 8 + (k * 7919) % 25;
        k += 1;
        if at + want + 4 > text.len() {
            at = 0;
        }
        let mut end = at + want;
        while text[end] & 0xC0 == 0x80 {
            end += 1;
        }
        strs.push(&text[at..end]);
        at = end;
    }
    strs
}

fn many(o: &Options, text: &[u8]) {
    let strs = short_strings(text);
    let bytes: usize = strs.iter().map(|s| s.len()).sum();
    let loop_utf8x = || strs.iter().all(|s| utf8x::validate(s).is_ok());
    assert!(utf8x::validate_many(&strs).outcome.status == Status::Ok);
    assert!(loop_utf8x());
    table(
        &format!(
            "{} strings of 8–32 bytes, {} MB",
            strs.len(),
            bytes / 1_000_000
        ),
        "× loop of validate",
    );
    let looped = best(o.runs, loop_utf8x);
    row("a loop of utf8x::validate", looped, bytes, looped);
    let t = best(o.runs, || utf8x::validate_many(&strs));
    row("utf8x::validate_many", t, bytes, looped);
    let t = best(o.runs, || {
        strs.iter().all(|s| std::str::from_utf8(s).is_ok())
    });
    row("a loop of std::str::from_utf8", t, bytes, looped);
    let t = best(o.runs, || {
        strs.iter().all(|s| simdutf8::basic::from_utf8(s).is_ok())
    });
    row("a loop of simdutf8::basic::from_utf8", t, bytes, looped);
}

fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("engines: {e}");
            }
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    };
    let wanted =
        |s: &str| o.sections.is_empty() || o.sections.iter().any(|w| s.contains(w.as_str()));
    let text = text();
    println!(
        "engines: kernels {}, corpus {}, best of {} calls",
        utf8x::active_kernel(),
        corpus().origin(),
        o.runs
    );
    if wanted("parallel") || wanted("convert") || wanted("tuning") {
        let big = repeated(&text, o.mib << 20);
        if wanted("parallel") {
            parallel(&o, &big);
        }
        if wanted("convert") {
            convert(&o, &big);
        }
        if wanted("tuning") {
            tuning(&o, &big);
        }
    }
    if wanted("column") {
        columns(&o, &text);
    }
    if wanted("many") {
        many(&o, &text);
    }
}
