//! Cycles per byte of one implementation of one operation, one file at a time: the figure a
//! profile compares, on machines whose performance counters are out of reach (virtual
//! machines, containers). The clock is measured, not read: a chain of dependent additions of
//! one register to another takes one cycle per addition on x86-64 cores, so timing a long one
//! gives the cycles per second the core ran at just then. Instructions per byte come from running the same binary
//! under valgrind (`scripts/cost.sh` does both).

use std::hint::black_box;
use std::time::{Duration, Instant};

use encoding_rs::{CoderResult, DecoderResult, UTF_8};
use utf8x::Policy;
use utf8x_bench::simdutf_shim as simdutf;

const USAGE: &str = "\
usage: cargo bench --bench cost -- [--calls N] OP FILE...

  OP        utf8x-utf16 | utf8x-lossy | simdutf-utf16 | encoding_rs-utf16 | encoding_rs-lossy
            (UTF-8 -> UTF-16LE; the lossy ones read the file with a 0xFF byte inserted at the
            first character boundary after every 1024 bytes, as the throughput benchmark does)
  FILE      UTF-8 text files
  --calls N make exactly N calls per file and time nothing (for an instruction count under
            valgrind: the difference between two values of N is N's share)

Prints the kernels, then per file: bytes, ns per call (best of 9 samples of >= 50 ms), GB/s,
the measured clock and cycles per byte.";

type Run = fn(&[u8], &mut [u16]) -> usize;

/// The implementations, each converting all of its input or panicking: a cost is only
/// comparable when every one of them did the whole job.
fn implementation(name: &str) -> Option<(Run, bool)> {
    let run: Run = match name {
        "utf8x-utf16" => |s, d| done(utf8x::to_utf16le(s, Some(d), Policy::Strict)),
        "utf8x-lossy" => |s, d| done(utf8x::to_utf16le(s, Some(d), Policy::Replace)),
        "simdutf-utf16" => |s, d| simdutf::utf8_to_utf16le(s, d).expect("valid UTF-8"),
        "encoding_rs-utf16" => |s, d| {
            let mut decoder = UTF_8.new_decoder_without_bom_handling();
            let (result, _, written) = decoder.decode_to_utf16_without_replacement(s, d, true);
            assert!(matches!(result, DecoderResult::InputEmpty));
            written
        },
        "encoding_rs-lossy" => |s, d| {
            let mut decoder = UTF_8.new_decoder_without_bom_handling();
            let (result, _, written, _) = decoder.decode_to_utf16(s, d, true);
            assert!(matches!(result, CoderResult::InputEmpty));
            written
        },
        _ => return None,
    };
    Some((run, name.ends_with("-lossy")))
}

fn done(o: utf8x::Outcome) -> usize {
    assert!(o.status == utf8x::Status::Ok, "{o:?}");
    o.written
}

/// `text` with a 0xFF byte at the first character boundary after every 1024 bytes.
fn with_errors(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + text.len() / 1024 + 1);
    let mut next = 1024;
    for (i, c) in text.char_indices() {
        if i >= next {
            out.push(0xFF);
            next += 1024;
        }
        out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
    }
    out
}

/// Dependent additions per round of [`chain`].
#[cfg(target_arch = "x86_64")]
const CHAIN: u64 = 64;

/// `rounds * CHAIN` additions of a register to another, each waiting for the one before it
/// (register to register: some cores fold small immediates into their renaming).
#[cfg(target_arch = "x86_64")]
#[inline(never)]
fn chain(rounds: u64) -> u64 {
    let mut x = 0u64;
    // SAFETY: register arithmetic only: no memory, no stack.
    unsafe {
        core::arch::asm!(
            "2:",
            ".rept 64",
            "add {x}, {one}",
            ".endr",
            "dec {n}",
            "jnz 2b",
            x = inout(reg) x,
            one = in(reg) 1u64,
            n = inout(reg) rounds => _,
            options(nomem, nostack),
        );
    }
    x
}

/// Cycles per nanosecond, from the best of five timings of [`chain`] (about 30 ms each); none
/// where that chain is not written for the CPU.
fn clock_ghz() -> Option<f64> {
    #[cfg(target_arch = "x86_64")]
    {
        let rounds = 1 << 20;
        let best = (0..5)
            .map(|_| {
                let t = Instant::now();
                black_box(chain(black_box(rounds)));
                t.elapsed()
            })
            .min()
            .unwrap();
        Some((rounds * CHAIN) as f64 / best.as_nanos() as f64)
    }
    #[cfg(not(target_arch = "x86_64"))]
    None
}

/// The best time of one call, over 9 samples of at least 50 ms.
fn time(run: Run, src: &[u8], dst: &mut [u16]) -> Duration {
    let t = Instant::now();
    let mut calls = 0u32;
    while t.elapsed() < Duration::from_millis(50) {
        black_box(run(black_box(src), dst));
        calls += 1;
    }
    (0..9)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..calls {
                black_box(run(black_box(src), dst));
            }
            t.elapsed() / calls
        })
        .min()
        .unwrap()
}

/// Which kernels utf8x and simdutf pick on this CPU (simdutf's is its best for the features
/// seen, unless SIMDUTF_FORCE_IMPLEMENTATION names one).
fn kernels() -> String {
    #[cfg(target_arch = "x86_64")]
    let features = ["avx2", "avx512bw", "avx512vbmi2"]
        .iter()
        .zip([
            is_x86_feature_detected!("avx2"),
            is_x86_feature_detected!("avx512bw"),
            is_x86_feature_detected!("avx512vbmi2"),
        ])
        .map(|(name, on)| format!(" {name}={}", if on { "yes" } else { "no" }))
        .collect::<String>();
    #[cfg(not(target_arch = "x86_64"))]
    let features = String::new();
    format!(
        "utf8x kernel: {}; CPU features seen:{features}",
        utf8x::active_kernel()
    )
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // Run as a test (`cargo test --all-targets`, no `--bench`): nothing to measure.
    let Some(bench) = args.iter().position(|a| a == "--bench") else {
        return;
    };
    args.remove(bench);
    let mut calls = None;
    if let Some(i) = args.iter().position(|a| a == "--calls") {
        calls = args.get(i + 1).and_then(|n| n.parse::<u32>().ok());
        if calls.is_none() {
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
        args.drain(i..i + 2);
    }
    let Some((run, lossy)) = args.first().and_then(|op| implementation(op)) else {
        eprintln!("{USAGE}");
        std::process::exit(2);
    };
    if args.len() < 2 {
        eprintln!("{USAGE}");
        std::process::exit(2);
    }
    // Under valgrind the CPU is valgrind's: the script checks that the kernels match.
    println!("{}", kernels());
    for file in &args[1..] {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| {
            eprintln!("{file}: {e}");
            std::process::exit(1)
        });
        let src = if lossy {
            with_errors(&text)
        } else {
            text.into_bytes()
        };
        let mut dst = vec![0u16; src.len()];
        if let Some(n) = calls {
            for _ in 0..n {
                black_box(run(black_box(&src), &mut dst));
            }
            continue;
        }
        // The clock of a shared or turbo-boosting core drifts: measured on both sides.
        let before = clock_ghz();
        let ns = time(run, &src, &mut dst).as_nanos() as f64;
        let cycles = match (before, clock_ghz()) {
            (Some(a), Some(b)) => {
                let ghz = (a + b) / 2.0;
                format!(
                    "clock {ghz:.2} GHz, {:.3} cycles/byte",
                    ns * ghz / src.len() as f64
                )
            }
            _ => "clock n/a".to_owned(),
        };
        let name = std::path::Path::new(file)
            .file_name()
            .unwrap()
            .to_string_lossy();
        println!(
            "{} {name}: {} bytes, {ns:.0} ns/call, {:.2} GB/s, {cycles}",
            args[0],
            src.len(),
            src.len() as f64 / ns,
        );
    }
}
