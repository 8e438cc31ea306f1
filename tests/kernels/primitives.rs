//! The SIMD128 primitives (`src/simd/wasm32/vector.rs`) against scalar models of what the vector
//! interface says of them (x86's semantics, lane for lane), on edge values and many random
//! vectors: `maddubs` and `lookup_pair`, which no SIMD128 path calls, and those written as
//! idioms of other instructions (byte shifts, selects, masks). Built for wasm32 with SIMD128
//! only (`scripts/test-wasm.sh`).

use utf8x::__test::wasm_primitive;

use crate::support::rng::Rng;

type V = [u8; 16];

/// Random vectors, each from a mix of all bytes and the edge bytes `pick`, so that every lane
/// meets the edges often.
fn vectors(seed: u64, n: usize, pick: &[u8]) -> Vec<[V; 3]> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            let mut byte = || {
                if rng.below(2) == 0 {
                    *rng.pick(pick)
                } else {
                    rng.next() as u8
                }
            };
            [(); 3].map(|_| [(); 16].map(|_| byte()))
        })
        .collect()
}

/// `name` on each of `inputs` against `model`.
fn check(name: &str, inputs: &[[V; 3]], model: impl Fn(&V, &V, &V) -> V) {
    for [a, b, c] in inputs {
        let got = wasm_primitive(name, *a, *b, *c).expect("a primitive of the probe");
        assert_eq!(
            got,
            model(a, b, c),
            "{name} of {a:02x?}, {b:02x?}, {c:02x?}"
        );
    }
}

/// A mask in the first 8 bytes, as the probe returns one.
fn mask(m: u64) -> V {
    let mut v = [0; 16];
    v[..8].copy_from_slice(&m.to_le_bytes());
    v
}

const EDGES: [u8; 8] = [0x00, 0x01, 0x0F, 0x10, 0x7F, 0x80, 0x81, 0xFF];

#[test]
fn maddubs_multiplies_unsigned_by_signed_bytes_and_saturates_the_sum() {
    let inputs = vectors(1, 20_000, &EDGES);
    check("maddubs", &inputs, |a, b, _| {
        let mut out = [0; 16];
        for i in 0..8 {
            let sum = i32::from(a[2 * i]) * i32::from(b[2 * i] as i8)
                + i32::from(a[2 * i + 1]) * i32::from(b[2 * i + 1] as i8);
            let lane = sum.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
            out[2 * i..2 * i + 2].copy_from_slice(&lane.to_le_bytes());
        }
        out
    });
    // Both products at their extremes: the sum saturates both ways.
    let (top, low, high) = ([0xFF; 16], [0x80; 16], [0x7F; 16]);
    assert_eq!(
        wasm_primitive("maddubs", top, high, top),
        Some([0xFF, 0x7F].repeat(8).try_into().unwrap())
    );
    assert_eq!(
        wasm_primitive("maddubs", top, low, top),
        Some([0x00, 0x80].repeat(8).try_into().unwrap())
    );
}

/// Random vectors whose first holds table indices: below `below`, or with the high bit set (the
/// only indices the lookups' contracts allow).
fn with_indices(seed: u64, below: usize) -> Vec<[V; 3]> {
    let mut rng = Rng::new(seed);
    vectors(seed + 1, 20_000, &EDGES)
        .into_iter()
        .map(|[_, b, c]| {
            let index = [(); 16].map(|_| match rng.below(3) {
                0 => 0x80 | rng.next() as u8,
                _ => rng.below(below) as u8,
            });
            [index, b, c]
        })
        .collect()
}

#[test]
fn lookup_pair_reads_32_bytes_of_two_registers() {
    check("lookup_pair", &with_indices(2, 32), |idx, a, b| {
        idx.map(|i| match i {
            0..16 => a[usize::from(i)],
            16..32 => b[usize::from(i) - 16],
            _ => 0,
        })
    });
}

#[test]
fn lookup16_zeroes_indices_with_the_high_bit() {
    check("lookup16", &with_indices(4, 16), |idx, t, _| {
        idx.map(|i| if i < 16 { t[usize::from(i)] } else { 0 })
    });
}

#[test]
fn byte_idioms_match_their_models() {
    let inputs = vectors(6, 20_000, &EDGES);
    check("select", &inputs, |m, a, b| {
        core::array::from_fn(|i| if m[i] & 0x80 != 0 { a[i] } else { b[i] })
    });
    check("high_nibbles", &inputs, |a, _, _| a.map(|x| x >> 4));
    for (name, n) in [
        ("bytes_right2", 2),
        ("bytes_right4", 4),
        ("bytes_right5", 5),
    ]
    .into_iter()
    .chain([("bytes_right8", 8), ("bytes_right12", 12)])
    {
        check(name, &inputs, |a, _, _| {
            core::array::from_fn(|i| if i + n < 16 { a[i + n] } else { 0 })
        });
    }
}

#[test]
fn masks_have_a_bit_per_lane() {
    // Mostly zero vectors, as error flags are, and some with a few bytes set.
    let inputs = vectors(7, 20_000, &[0; 8]);
    let bits = |v: &V, f: fn(u8) -> bool| {
        v.iter()
            .enumerate()
            .fold(0u64, |m, (i, &x)| m | u64::from(f(x)) << i)
    };
    check("movemask", &inputs, |a, _, _| {
        mask(bits(a, |x| x & 0x80 != 0))
    });
    check("nonzero_mask", &inputs, |a, _, _| mask(bits(a, |x| x != 0)));
    check("nonzero_mask_block", &inputs, |a, b, c| {
        let nz = |v: &V| bits(v, |x| x != 0);
        mask(nz(a) | nz(b) << 16 | nz(c) << 32)
    });
    let zeros = [[0; 16]; 3];
    check("nonzero_mask_block", &[zeros], |_, _, _| mask(0));
    // 16-bit lanes all ones or all zeros.
    let lanes: Vec<[V; 3]> = inputs
        .iter()
        .map(|[a, b, c]| {
            let mut w = [0; 16];
            for i in 0..8 {
                let on = if a[2 * i] & 1 != 0 { 0xFF } else { 0 };
                w[2 * i..2 * i + 2].fill(on);
            }
            [w, *b, *c]
        })
        .collect();
    check("movemask16", &lanes, |w, _, _| {
        mask((0..8).fold(0, |m, i| m | u64::from(w[2 * i] != 0) << i))
    });
}
