//! The data-engine calls against the one-thread definitions: parallel validation and conversion
//! give exactly the result (and output) of the one-thread call, whatever the thread count and
//! piece size; a string column and separate values give exactly the first value that is bad on
//! its own. Pieces are tiny here (1..=64 units), so every cut lands somewhere interesting.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utf8x::__test::{convert_parallel_in, validate_parallel_in};
use utf8x::{ColumnOutcome, Outcome};
use utf8x_fuzz::{Input, units, widen, with_units};

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let threads = 1 + input.byte() as usize % 8;
    let min_piece = 1 + input.byte() as usize % 64;
    let (from, to, policy) = (input.encoding(), input.encoding(), input.policy());
    // A room below what the conversion needs (or none: measuring) now and then.
    let room = input.byte();
    // Offsets for the column: each byte a value's length.
    let lengths = input.sized().to_vec();
    let src = input.rest();

    assert_eq!(
        validate_parallel_in(src, threads, min_piece),
        utf8x::validate(src),
        "{threads} threads, pieces of {min_piece}"
    );

    with_units!(from, to, |S, T| {
        let src: Vec<S> = units(src);
        let measured = utf8x::convert::<S, T>(&src, from, None, to, policy);
        let cap = match room {
            0 => None,
            r => Some(measured.written.saturating_sub(r as usize % 4)),
        };
        let run = |parallel: bool| -> (Outcome, Vec<u32>) {
            let mut dst = cap.map(|c| vec![T::default(); c]);
            let out = dst.as_deref_mut();
            let r = if parallel {
                convert_parallel_in(&src, from, out, to, policy, threads, min_piece)
            } else {
                utf8x::convert(&src, from, out, to, policy)
            };
            let written = dst.map_or(vec![], |d| widen(&d[..r.written]));
            (r, written)
        };
        assert_eq!(
            run(true),
            run(false),
            "{from:?} -> {to:?} {policy:?}, {threads} threads, pieces of {min_piece}, cap {cap:?}"
        );
    });

    // The column: values of the given lengths over `src` (the rest of `src` is left out).
    let mut offsets = vec![0i64];
    for &len in &lengths {
        let end = (*offsets.last().unwrap_or(&0) + i64::from(len % 16)).min(src.len() as i64);
        offsets.push(end);
    }
    let values: Vec<&[u8]> = offsets
        .windows(2)
        .map(|w| &src[w[0] as usize..w[1] as usize])
        .collect();
    let alone = each_alone(&values);
    let offsets32: Vec<i32> = offsets.iter().map(|&o| o as i32).collect();
    assert_eq!(utf8x::validate_column(src, &offsets), alone, "{offsets:?}");
    assert_eq!(
        utf8x::validate_column(src, &offsets32),
        alone,
        "{offsets:?}"
    );
    assert_eq!(utf8x::validate_many(&values), alone, "{offsets:?}");
});

/// The definition: every value validated alone, the first bad one reported.
fn each_alone(values: &[&[u8]]) -> ColumnOutcome {
    for (index, v) in values.iter().enumerate() {
        let outcome = utf8x::validate(v);
        if !outcome.is_ok() {
            return ColumnOutcome { outcome, index };
        }
    }
    let read = values.iter().map(|v| v.len()).sum();
    ColumnOutcome {
        outcome: Outcome {
            read,
            ..Outcome::default()
        },
        index: values.len(),
    }
}
