//! One operation of one implementation, run a given number of times on one text: the program
//! `scripts/insn-aarch64.sh` runs under qemu with an instruction-counting plugin, twice with
//! different call counts, so that reading the file, preparing the input and starting up cancel
//! out of the difference and what remains is the operation's own instructions. It times
//! nothing: instruction counts are not speed.
//!
//! The source of every operation is derived from a UTF-8 text file: the text itself, or the
//! same text in UTF-16LE, UTF-32 or Latin-1. The last call's result is checked against the
//! standard library's, so that a count only stands for an implementation that did the whole
//! job (the check runs once whatever the call count, so it cancels out too).

use std::fmt::Debug;
use std::hint::black_box;
use std::process::exit;

use utf8x::Policy::Strict;
use utf8x::{Outcome, Status};
use utf8x_bench::simdutf_shim as simdutf;

const USAGE: &str = "\
usage: cargo bench --bench insn -- IMPL OP CALLS FILE

  IMPL   utf8x (the kernel set UTF8X_KERNEL names, else the best this CPU runs) | simdutf
  OP     validate | count | utf8-to-utf16le | utf16le-to-utf8 | utf8-to-utf32 | utf32-to-utf8 |
         utf8-to-latin1 | latin1-to-utf8 | utf16le-to-utf32 | utf32-to-utf16le
  CALLS  how many times to run the operation
  FILE   a UTF-8 text; the operation's source is that text in its source encoding (exit status
         3 when Latin-1 cannot hold it)

Prints `kernel=K bytes=N`: utf8x's kernel set in use and the size of the source in bytes.";

/// An operation: the result (the written length, or the count) for a source and an output.
type Op<I, O> = fn(&[I], &mut [O]) -> Option<usize>;

/// The written length of a conversion that consumed everything, `None` otherwise.
fn done(o: Outcome) -> Option<usize> {
    (o.status == Status::Ok).then_some(o.written)
}

/// Runs `op` `calls` times on `src` into an output of `room` units, then exits unless the last
/// call returned `want` and wrote `out`. Returns the size of `src` in bytes.
fn repeat<I, O: Copy + Default + PartialEq + Debug>(
    calls: u32,
    op: Op<I, O>,
    src: &[I],
    room: usize,
    want: usize,
    out: &[O],
) -> usize {
    let mut dst = vec![O::default(); room];
    let mut last = None;
    for _ in 0..calls {
        last = black_box(op(black_box(src), &mut dst));
    }
    if calls > 0 && (last != Some(want) || dst[..out.len()] != *out) {
        eprintln!("wrong result: {last:?}, expected Some({want}) and the text");
        exit(1);
    }
    size_of_val(src)
}

fn usage() -> ! {
    eprintln!("{USAGE}");
    exit(2)
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // Run as a test (`cargo test --all-targets`, no `--bench`): nothing to count.
    let Some(bench) = args.iter().position(|a| a == "--bench") else {
        return;
    };
    args.remove(bench);
    let [imp, op, calls, file] = args.as_slice() else {
        usage()
    };
    let Ok(calls) = calls.parse::<u32>() else {
        usage()
    };
    // Picks utf8x's function or simdutf's.
    let theirs = match imp.as_str() {
        "utf8x" => false,
        "simdutf" => true,
        _ => usage(),
    };
    fn pick<I, O>(theirs: bool, utf8x: Op<I, O>, simdutf: Op<I, O>) -> Op<I, O> {
        if theirs { simdutf } else { utf8x }
    }

    let text = std::fs::read_to_string(file).unwrap_or_else(|e| {
        eprintln!("{file}: {e}");
        exit(1)
    });
    let utf8 = text.as_bytes();
    let utf16: Vec<u16> = text.encode_utf16().collect();
    let utf32: Vec<u32> = text.chars().map(u32::from).collect();
    let latin1 = || -> Vec<u8> {
        text.chars()
            .map(|c| u8::try_from(c).ok())
            .collect::<Option<_>>()
            .unwrap_or_else(|| {
                eprintln!("{file}: Latin-1 cannot hold this text");
                exit(3)
            })
    };
    let chars = utf32.len();
    let none: &[u8] = &[];
    let bytes = match op.as_str() {
        "validate" => repeat(
            calls,
            pick(
                theirs,
                |s, _| Some(usize::from(utf8x::validate(s).is_ok())),
                |s, _| Some(usize::from(::simdutf::validate_utf8(s))),
            ),
            utf8,
            0,
            1,
            none,
        ),
        "count" => repeat(
            calls,
            pick(
                theirs,
                |s, _| Some(utf8x::count(s)),
                |s, _| Some(::simdutf::count_utf8(s)),
            ),
            utf8,
            0,
            chars,
            none,
        ),
        "utf8-to-utf16le" => repeat(
            calls,
            pick(
                theirs,
                |s, d| done(utf8x::to_utf16le(s, Some(d), Strict)),
                simdutf::utf8_to_utf16le,
            ),
            utf8,
            utf8.len(),
            utf16.len(),
            &utf16,
        ),
        "utf16le-to-utf8" => repeat(
            calls,
            pick(
                theirs,
                |s, d| done(utf8x::from_utf16le(s, Some(d), Strict)),
                simdutf::utf16le_to_utf8,
            ),
            &utf16,
            3 * utf16.len(),
            utf8.len(),
            utf8,
        ),
        "utf8-to-utf32" => repeat(
            calls,
            pick(
                theirs,
                |s, d| done(utf8x::to_utf32(s, Some(d), Strict)),
                simdutf::utf8_to_utf32,
            ),
            utf8,
            utf8.len(),
            chars,
            &utf32,
        ),
        "utf32-to-utf8" => repeat(
            calls,
            pick(
                theirs,
                |s, d| done(utf8x::from_utf32(s, Some(d), Strict)),
                simdutf::utf32_to_utf8,
            ),
            &utf32,
            4 * chars,
            utf8.len(),
            utf8,
        ),
        "utf8-to-latin1" => {
            let latin1 = latin1();
            repeat(
                calls,
                pick(
                    theirs,
                    |s, d| done(utf8x::to_latin1(s, Some(d), Strict)),
                    simdutf::utf8_to_latin1,
                ),
                utf8,
                utf8.len(),
                latin1.len(),
                &latin1,
            )
        }
        "latin1-to-utf8" => {
            let latin1 = latin1();
            repeat(
                calls,
                pick(
                    theirs,
                    |s, d| done(utf8x::from_latin1(s, Some(d), Strict)),
                    simdutf::latin1_to_utf8,
                ),
                &latin1,
                2 * latin1.len(),
                utf8.len(),
                utf8,
            )
        }
        "utf16le-to-utf32" => repeat(
            calls,
            pick(
                theirs,
                |s, d| done(utf8x::utf16le_to_utf32(s, Some(d), Strict)),
                simdutf::utf16le_to_utf32,
            ),
            &utf16,
            utf16.len(),
            chars,
            &utf32,
        ),
        "utf32-to-utf16le" => repeat(
            calls,
            pick(
                theirs,
                |s, d| done(utf8x::utf32_to_utf16le(s, Some(d), Strict)),
                simdutf::utf32_to_utf16le,
            ),
            &utf32,
            2 * chars,
            utf16.len(),
            &utf16,
        ),
        _ => usage(),
    };
    // After the calls: utf8x chooses its kernel set at the first one.
    println!("kernel={} bytes={bytes}", utf8x::active_kernel());
}
