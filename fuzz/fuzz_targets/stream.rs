//! `utf8x::Stream` over random chunkings (empty chunks included) and random output capacities
//! gives what one `convert` call over the whole input gives, for any pair of encodings and any
//! policy: output, replacements, and the error (status, kind, length) at the same absolute offset.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utf8x::{Outcome, Status, Stream, Unit};
use utf8x_fuzz::{Input, convert_units, finished, units, widen, with_units};

fn streamed<S: Unit, T: Unit>(
    stream: &mut Stream,
    src: &[S],
    input: &mut Input,
) -> (Outcome, Vec<u32>) {
    let (mut out, mut replaced) = (Vec::new(), 0);
    let mut at = 0;
    loop {
        // Chunk lengths 0..=7 from the input; once it runs out, the rest in one chunk.
        let len = if input.is_empty() {
            src.len() - at
        } else {
            input.byte() as usize % 8
        };
        let end = (at + len).min(src.len());
        let last = end == src.len() && (input.is_empty() || input.byte() % 4 != 0);
        let mut chunk = &src[at..end];
        loop {
            let cap = if input.is_empty() {
                chunk.len() * 4 + 16
            } else {
                input.byte() as usize % 12
            };
            let mut dst = vec![T::default(); cap];
            let r = stream.convert(chunk, Some(&mut dst[..]), last);
            assert!(r.written <= cap, "{r:?} cap {cap}");
            out.extend(widen(&dst[..r.written]));
            replaced += r.replaced;
            if !finished(&r) {
                chunk = &chunk[r.read..];
                continue;
            }
            if r.status != Status::Ok {
                let total = Outcome {
                    read: stream.position() as usize,
                    written: out.len(),
                    replaced,
                    ..r
                };
                return (total, out);
            }
            assert_eq!(r.read, chunk.len(), "a chunk converted completely: {r:?}");
            break;
        }
        at = end;
        if last {
            let total = Outcome {
                read: stream.position() as usize,
                written: out.len(),
                replaced,
                ..Outcome::default()
            };
            return (total, out);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let (from, to, policy) = (input.encoding(), input.encoding(), input.policy());
    let src = input.sized();
    let Some(mut stream) = Stream::new(from, to, policy) else {
        return;
    };
    let (got, src) = with_units!(from, to, |S, T| {
        let src = units::<S>(src);
        (streamed::<S, T>(&mut stream, &src, &mut input), widen(&src))
    });
    let (n, _) = convert_units(&src, from, to, policy, None);
    let (whole, out) = convert_units(&src, from, to, policy, Some(n.written));
    let who = format!("{from:?} -> {to:?} {policy:?} {src:x?}");
    assert_eq!(got.1, out, "output {who}");
    assert_eq!(
        (
            got.0.status,
            got.0.error,
            got.0.error_len,
            got.0.read,
            got.0.replaced
        ),
        (
            whole.status,
            whole.error,
            whole.error_len,
            whole.read,
            whole.replaced
        ),
        "outcome {who}"
    );
});
