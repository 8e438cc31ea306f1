//! Is every conversion linear in its input? For every pair of encodings, STRICT and REPLACE, on
//! the kernel set in use (force one with `UTF8X_KERNEL`), the time of a 64 KiB input against a
//! 1 MiB one of the same text: 16× for linear work, 256× for quadratic. The text mixes characters
//! of every width, supplementary ones included, and an ill-formed byte every 997 bytes, so that
//! every slow path (each stop of the fast kernels, each error) is taken thousands of times.
//!
//! ```text
//! cargo bench --bench linear                                    # every pair, this CPU's best set
//! for k in scalar sse42 avx2 avx512; do UTF8X_KERNEL=$k cargo bench --bench linear; done
//! cargo bench --bench linear -- --small 16 --large 256          # other sizes, in KiB
//! cargo bench --bench linear -- "CESU-8 -> MUTF-8"             # only the pairs named
//! ```
//!
//! It prints one line per pair whose ratio is more than six times the sizes' ratio
//! (`SUPERLINEAR`; quadratic work is sixteen times off at the default sizes) and a summary: the
//! worst ratio and its pair. It exits 1 when any pair is superlinear. Linear pairs do not reach
//! the sizes' ratio exactly: the small input and its output stay in the core's caches, the large
//! ones do not (up to about 4x the ratio on a busy 2-core machine). Times are the best of five
//! calls. Not a test: it times.

use std::hint::black_box;
use std::time::{Duration, Instant};

use utf8x::{Encoding, Policy, Unit};

const USAGE: &str = "usage: cargo bench --bench linear -- [--small KIB] [--large KIB] [PAIR...]\n\n  PAIR  only the pairs whose line (`UTF-8 -> CESU-8 Strict`) contains it";

fn main() {
    let mut small = 64usize;
    let mut large = 1024usize;
    let mut only = Vec::new();
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    while let Some(a) = args.next() {
        let mut value = || {
            args.next()
                .and_then(|v| v.parse::<usize>().ok())
                .filter(|&v| v > 0)
                .unwrap_or_else(|| fail(USAGE))
        };
        match a.as_str() {
            "--small" => small = value(),
            "--large" => large = value(),
            _ if !a.starts_with('-') => only.push(a),
            _ => fail(USAGE),
        }
    }
    if large <= small {
        fail("--large must be more than --small");
    }
    let expected = large as f64 / small as f64;
    println!(
        "kernel set: {}; {small} KiB against {large} KiB: {expected:.0}x for linear work",
        utf8x::active_kernel()
    );
    let (mut worst, mut worst_pair, mut slow) = (0.0f64, String::new(), 0);
    for from in pairs_from() {
        let (a, b) = (input(from, small << 10), input(from, large << 10));
        for to in Encoding::ALL.into_iter().filter(|&t| t != Encoding::Wchar) {
            for policy in [Policy::Strict, Policy::Replace] {
                let pair = format!("{} -> {} {policy:?}", from.name(), to.name());
                if !only.is_empty() && !only.iter().any(|o| pair.contains(o.as_str())) {
                    continue;
                }
                let ratio = time(&b, from, to, policy).as_secs_f64()
                    / time(&a, from, to, policy).as_secs_f64().max(1e-9);
                if ratio > 6.0 * expected {
                    println!("SUPERLINEAR {pair}: {ratio:.1}x");
                    slow += 1;
                }
                if ratio > worst {
                    (worst, worst_pair) = (ratio, pair);
                }
            }
        }
    }
    println!("worst: {worst_pair}: {worst:.1}x (linear: {expected:.0}x); {slow} superlinear");
    if slow > 0 {
        std::process::exit(1);
    }
}

fn fail(msg: &str) -> ! {
    eprintln!("{msg}");
    std::process::exit(2)
}

/// The source encodings (`wchar_t` is UTF-32 or UTF-16, both already there).
fn pairs_from() -> impl Iterator<Item = Encoding> {
    Encoding::ALL.into_iter().filter(|&e| e != Encoding::Wchar)
}

/// An input in `from` of about `bytes` bytes, as units of its own width.
enum Input {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
}

/// The mixed text, with a bad byte every 997 bytes, converted into `from` (bad bytes escaped
/// into lone surrogates where the target holds them, so UTF-16 and UTF-32 inputs have errors
/// too; replaced elsewhere).
fn input(from: Encoding, bytes: usize) -> Input {
    let mut text: Vec<u8> = "aé€😀 ĉu Ж 中文 ".bytes().cycle().take(bytes).collect();
    for i in (500..text.len()).step_by(997) {
        text[i] = 0xFF;
    }
    fn to<T: Unit>(text: &[u8], from: Encoding) -> Vec<T> {
        let policy = if from.unit_size() > 1 {
            Policy::Escape
        } else {
            Policy::Replace
        };
        let n = utf8x::convert::<u8, T>(text, Encoding::Utf8, None, from, policy).written;
        let mut out = vec![T::default(); n];
        _ = utf8x::convert(text, Encoding::Utf8, Some(&mut out[..]), from, policy);
        out
    }
    match from.unit_size() {
        1 => Input::U8(to(&text, from)),
        2 => Input::U16(to(&text, from)),
        _ => Input::U32(to(&text, from)),
    }
}

/// The best of five conversions of `src` from `from` to `to`, into room for all of it.
fn time(src: &Input, from: Encoding, to: Encoding, policy: Policy) -> Duration {
    match src {
        Input::U8(s) => time_units(s, from, to, policy),
        Input::U16(s) => time_units(s, from, to, policy),
        Input::U32(s) => time_units(s, from, to, policy),
    }
}

fn time_units<S: Unit>(src: &[S], from: Encoding, to: Encoding, policy: Policy) -> Duration {
    fn into<S: Unit, T: Unit>(src: &[S], from: Encoding, to: Encoding, p: Policy) -> Duration {
        let mut out = vec![T::default(); 3 * src.len() * 4 + 16];
        (0..5)
            .map(|_| {
                let start = Instant::now();
                _ = black_box(utf8x::convert(
                    black_box(src),
                    from,
                    Some(&mut out[..]),
                    to,
                    p,
                ));
                start.elapsed()
            })
            .min()
            .unwrap()
    }
    match to.unit_size() {
        1 => into::<S, u8>(src, from, to, policy),
        2 => into::<S, u16>(src, from, to, policy),
        _ => into::<S, u32>(src, from, to, policy),
    }
}
