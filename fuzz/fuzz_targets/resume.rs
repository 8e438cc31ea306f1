//! Bounded output: converting into outputs of random capacities (read from the fuzz input),
//! continuing from `&src[read..]` after each `OutputFull`, gives exactly the one-shot output and
//! outcome. Every output is a `Vec` of exactly its capacity, so a write past it is caught.
#![no_main]

use libfuzzer_sys::fuzz_target;
use utf8x::__test::Kernel;
use utf8x::{Outcome, Policy, Status, Unit};
use utf8x_fuzz::{Input, convert_units, finished, kernels, units, widen};

/// One conversion: `(src, dst, policy) -> outcome`, measuring with `None`.
type Op<S, D> = fn(Kernel, &[S], Option<&mut [D]>, Policy) -> Outcome;

/// Runs `step(rest, cap)` with capacities taken from `caps` until the conversion ends; returns
/// the combined outcome (absolute `read`, total `written` and `replaced`) and the output.
fn resumed(
    src_len: usize,
    caps: &mut Input,
    room: usize,
    mut step: impl FnMut(usize, usize) -> (Outcome, Vec<u32>),
) -> (Outcome, Vec<u32>) {
    let (mut read, mut out, mut replaced) = (0, Vec::new(), 0);
    loop {
        // Once the capacities run out, room for anything: the loop must end.
        let cap = if caps.is_empty() {
            src_len * 4 + 8
        } else {
            caps.byte() as usize % 16
        };
        let (r, written) = step(read, cap);
        assert!(
            r.written <= cap && r.written == written.len(),
            "{r:?} cap {cap}"
        );
        read += r.read;
        replaced += r.replaced;
        out.extend(written);
        if finished(&r) {
            let total = Outcome {
                read,
                written: out.len(),
                replaced,
                ..r
            };
            return (total, out);
        }
        // Room for one character of the target always makes progress (the smallest room
        // the docs promise): an OUTPUT_FULL that reads nothing there would spin a drain loop.
        assert!(
            r.read > 0 || cap < room,
            "no progress with capacity {cap} (room {room}) at {read}"
        );
    }
}

fn kernel_op<S: Unit + core::fmt::Debug, D: Unit>(
    k: Kernel,
    op: Op<S, D>,
    src: &[S],
    policy: Policy,
    caps: &mut Input,
) {
    let n = op(k, src, None, policy).written;
    let mut one = vec![D::default(); n];
    let whole = op(k, src, Some(&mut one), policy);
    assert_eq!(whole.written, n, "{} measure vs convert {src:x?}", k.name());
    // The direct functions write UTF-8 (4 bytes a character), Latin-1, UTF-16 or UTF-32.
    let room = match size_of::<D>() {
        1 => 4,
        2 => 2,
        _ => 1,
    };
    let got = resumed(src.len(), caps, room, |at, cap| {
        let mut dst = vec![D::default(); cap];
        let r = op(k, &src[at..], Some(&mut dst), policy);
        dst.truncate(r.written.min(cap));
        (r, widen(&dst))
    });
    let who = format!("{} {policy:?} {src:x?}", k.name());
    assert_eq!(got.1, widen(&one), "output {who}");
    assert_eq!(got.0, whole, "outcome {who}");
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let choice = input.byte();
    let policy = input.policy();
    let which = input.byte() as usize;
    let src = input.sized();
    let caps = &mut input;
    let ks = kernels();
    let k = ks[which % ks.len()];
    // Latin-1 and Windows-1252 cannot carry escapes: ESCAPE into them is refused up front.
    let policy_to_latin1 = if policy == Policy::Escape {
        Policy::Replace
    } else {
        policy
    };
    match choice % 9 {
        0 => kernel_op(k, |k, s, d, p| k.to_utf16le(s, d, p), src, policy, caps),
        1 => kernel_op(k, |k, s, d, p| k.to_utf16be(s, d, p), src, policy, caps),
        2 => kernel_op(k, |k, s, d, p| k.to_utf32(s, d, p), src, policy, caps),
        3 => kernel_op(
            k,
            |k, s, d, p| k.to_latin1(s, d, p),
            src,
            policy_to_latin1,
            caps,
        ),
        4 => kernel_op(
            k,
            |k, s, d, p| k.from_utf16le(s, d, p),
            &units::<u16>(src),
            policy,
            caps,
        ),
        5 => kernel_op(
            k,
            |k, s, d, p| k.from_utf16be(s, d, p),
            &units::<u16>(src),
            policy,
            caps,
        ),
        6 => kernel_op(
            k,
            |k, s, d, p| k.from_utf32(s, d, p),
            &units::<u32>(src),
            policy,
            caps,
        ),
        7 => kernel_op(k, |k, s, d, p| k.from_latin1(s, d, p), src, policy, caps),
        _ => {
            // Any pair through `convert`.
            let (from, to) = (caps.encoding(), caps.encoding());
            let src: Vec<u32> = utf8x_fuzz::with_units!(from, to, |S, T| {
                let _ = core::marker::PhantomData::<T>;
                widen(&units::<S>(src))
            });
            let (n, _) = convert_units(&src, from, to, policy, None);
            let whole = convert_units(&src, from, to, policy, Some(n.written));
            if whole.0.status == Status::BadArgument {
                return;
            }
            let room = utf8x_fuzz::smallest_room(to);
            let got = resumed(src.len(), caps, room, |at, cap| {
                convert_units(&src[at..], from, to, policy, Some(cap))
            });
            let who = format!("{from:?} -> {to:?} {policy:?} {src:x?}");
            assert_eq!(got.1, whole.1, "output {who}");
            assert_eq!(got.0, whole.0, "outcome {who}");
        }
    }
});
