//! One buffer on many threads and string columns, against the one-thread calls on the corpus:
//! every text, errors placed around the pieces' cuts, thread counts up to 64 with pieces as
//! small as one unit (the public calls keep 1 MiB per thread), every policy.

use utf8x::__test::{
    Fault, Place, Threads, Tuning, convert_parallel_in, convert_parallel_tuned,
    validate_parallel_in,
};
use utf8x::{Encoding, Policy, Status};

use crate::support::corpus::corpus;

/// Each corpus text cut to `len` bytes, and copies with a bad byte at each of `at`.
fn texts(len: usize, at: &[usize]) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for (name, bytes) in corpus().ending(".utf8.txt") {
        let t = bytes[..bytes.len().min(len)].to_vec();
        out.push((name.to_owned(), t.clone()));
        for &a in at.iter().filter(|&&a| a < t.len()) {
            for bad in [0xFF, 0x80, 0xE2] {
                let mut u = t.clone();
                u[a] = bad;
                out.push((format!("{name} {bad:02X}@{a}"), u));
            }
        }
    }
    out
}

#[test]
fn validation_is_the_one_thread_result() {
    // Few threads per call: qemu-user keeps memory for every thread it ever started, and this
    // suite also runs under it (`validation_is_the_one_thread_result_at_every_count` sweeps every
    // thread count on small texts).
    for (i, (name, t)) in texts(2048, &[0, 1023, 2047]).into_iter().enumerate() {
        let one = utf8x::validate(&t);
        let counts: &[usize] = if i < 3 { &[2, 5, 64] } else { &[2, 5] };
        for &threads in counts {
            assert_eq!(
                validate_parallel_in(&t, threads, 1),
                one,
                "{name}, {threads} threads"
            );
        }
        assert_eq!(utf8x::validate_parallel(&t, 0), one, "{name}");
    }
}

#[test]
fn conversion_is_the_one_thread_result() {
    use Encoding::*;
    let policies = [
        Policy::Strict,
        Policy::Replace,
        Policy::Skip,
        Policy::Escape,
        Policy::Fallback,
    ];
    for (i, (name, t)) in texts(1000, &[500]).into_iter().enumerate() {
        for policy in policies {
            for cap in [None, Some(t.len() * 2)] {
                let mut one = vec![0u16; cap.unwrap_or(0)];
                let a = utf8x::convert(&t[..], Utf8, cap.map(|_| &mut one[..]), Utf16Le, policy);
                let counts: &[usize] = if i < 2 { &[3, 64] } else { &[3] };
                for &threads in counts {
                    let mut many = vec![0u16; cap.unwrap_or(0)];
                    let out = cap.map(|_| &mut many[..]);
                    let b = convert_parallel_in(&t[..], Utf8, out, Utf16Le, policy, threads, 1);
                    assert_eq!((a, &one), (b, &many), "{name} {policy:?} {cap:?} {threads}");
                }
            }
        }
    }
}

#[test]
fn the_concatenation_of_two_bad_values_is_not_one_good_one() {
    let values = b"caf\xC3\xA9lait";
    let want = (0, Status::Truncated, 3);
    let r = utf8x::validate_column(values, &[0i32, 4, 9]);
    assert_eq!((r.index, r.outcome.status, r.outcome.read), want);
    let r = utf8x::validate_column(values, &[0i64, 4, 9]);
    assert_eq!((r.index, r.outcome.status, r.outcome.read), want);
    let r = utf8x::validate_many(&[&values[..4], &values[4..]]);
    assert_eq!((r.index, r.outcome.status, r.outcome.read), want);
    assert!(utf8x::validate(values).is_ok());
}

#[test]
fn corpus_lines_as_a_column() {
    for (name, bytes) in corpus().ending(".utf8.txt") {
        // Lines, and the same cut every 7 bytes (inside characters in most scripts).
        for step in [None, Some(7)] {
            let mut offsets = vec![0i64];
            match step {
                None => offsets.extend(
                    bytes
                        .iter()
                        .enumerate()
                        .filter(|&(_, &b)| b == b'\n')
                        .map(|(i, _)| i as i64 + 1),
                ),
                Some(s) => offsets.extend((s..bytes.len()).step_by(s).map(|i| i as i64)),
            }
            offsets.push(bytes.len() as i64);
            let r = utf8x::validate_column(bytes, &offsets);
            let each = offsets
                .windows(2)
                .position(|w| !utf8x::validate(&bytes[w[0] as usize..w[1] as usize]).is_ok());
            assert_eq!(
                r.index,
                each.unwrap_or(offsets.len() - 1),
                "{name} {step:?}"
            );
            let many: Vec<&[u8]> = offsets
                .windows(2)
                .map(|w| &bytes[w[0] as usize..w[1] as usize])
                .collect();
            assert_eq!(utf8x::validate_many(&many), r, "{name} {step:?}");
        }
    }
}

/// Text of every UTF-8 length, with bad bytes at `bad`.
fn cycled(len: usize, bad: &[usize]) -> Vec<u8> {
    let mut t: Vec<u8> = "aé€😀".bytes().cycle().take(len).collect();
    for &b in bad {
        if b < len {
            t[b] = 0xFF;
        }
    }
    t
}

#[test]
// Thousands of thread starts and whole-text conversions: hours under Miri.
#[cfg_attr(miri, ignore)]
fn validation_is_the_one_thread_result_at_every_count() {
    for len in [0usize, 9, 1000] {
        for bad in [None, Some(len / 3), Some(len.saturating_sub(1))] {
            let mut t = cycled(len, &[]);
            if let Some(b) = bad.filter(|&b| b < len) {
                // Cut a character short, or break it: both kinds of error.
                t[b] = if b % 2 == 0 { 0xE2 } else { 0x80 };
            }
            let one = utf8x::validate(&t);
            // Every count on the long text only: qemu-user, which runs this suite too,
            // keeps memory for every thread it ever started.
            let counts: Vec<usize> = if len == 1000 {
                (1..=64).collect()
            } else {
                vec![1, 2, 3, 64]
            };
            for threads in counts {
                assert_eq!(
                    validate_parallel_in(&t, threads, 1),
                    one,
                    "{len} {bad:?} {threads}"
                );
            }
        }
    }
}

#[test]
#[cfg_attr(miri, ignore)]
fn validation_finds_the_first_error_wherever_the_slices_fall() {
    // Slices of 4 to 10 bytes here: an error (or two, the later one in an earlier-handed
    // slice's neighbour) at every place relative to the cuts.
    for b in 0..120 {
        for second in [None, Some(b + 5), Some(b + 37)] {
            let mut t = cycled(120, &[]);
            t[b] = [0xFF, 0x80, 0xE2][b % 3];
            if let Some(c) = second.filter(|&c| c < t.len()) {
                t[c] = 0xFF;
            }
            let one = utf8x::validate(&t);
            for threads in [3, 8] {
                assert_eq!(
                    validate_parallel_in(&t, threads, 1),
                    one,
                    "{b} {second:?} {threads}"
                );
            }
        }
    }
}

#[test]
// Thousands of thread starts and whole-text conversions: hours under Miri.
#[cfg_attr(miri, ignore)]
fn conversion_is_the_one_thread_result_at_every_room() {
    use Encoding::*;
    let t = cycled(301, &[7, 150]);
    for (to, policy) in [
        (Utf16Le, Policy::Strict),
        (Utf16Be, Policy::Replace),
        (Utf32, Policy::Skip),
        (Latin1, Policy::Replace),
        (Cesu8, Policy::Escape),
        (Utf8, Policy::Replace),
    ] {
        let unit = to.unit_size();
        for cap in [None, Some(0), Some(5), Some(100), Some(1000)] {
            macro_rules! check {
                ($t:ty) => {{
                    let mut one = vec![0 as $t; cap.unwrap_or(0)];
                    let a = utf8x::convert(&t[..], Utf8, cap.map(|_| &mut one[..]), to, policy);
                    for threads in [2, 3, 7, 64] {
                        let mut many = vec![0 as $t; cap.unwrap_or(0)];
                        let b = convert_parallel_in(
                            &t[..],
                            Utf8,
                            cap.map(|_| &mut many[..]),
                            to,
                            policy,
                            threads,
                            1,
                        );
                        assert_eq!((a, &one), (b, &many), "{to:?} {policy:?} {cap:?} {threads}");
                    }
                }};
            }
            match unit {
                1 => check!(u8),
                2 => check!(u16),
                _ => check!(u32),
            }
        }
    }
}

#[test]
// Thousands of thread starts and whole-text conversions: hours under Miri.
#[cfg_attr(miri, ignore)]
fn every_way_of_placing_slices_and_every_slice_size() {
    use Encoding::*;
    // Whole corpus texts, so that slices of a few KiB are many and their outputs are copied at
    // every alignment; a bad byte near the middle and one near the end.
    let texts: Vec<Vec<u8>> = corpus()
        .ending(".utf8.txt")
        .into_iter()
        .take(3)
        .flat_map(|(_, bytes)| {
            let mut bad = bytes.to_vec();
            let n = bad.len();
            bad[n / 2] = 0xFF;
            bad[n - 2] = 0xC3;
            [bytes.to_vec(), bad]
        })
        .collect();
    for t in &texts {
        let units: Vec<u16> = String::from_utf8_lossy(t).encode_utf16().collect();
        for policy in [
            Policy::Strict,
            Policy::Replace,
            Policy::Skip,
            Policy::Escape,
            Policy::Fallback,
        ] {
            // Room for all, and room that runs out about two thirds of the way.
            for share in [None, Some(1.0), Some(0.66)] {
                let cap = |n: usize| share.map(|s: f64| (n as f64 * s) as usize);
                let (cap8, cap16) = (cap(3 * units.len()), cap(t.len()));
                let mut one16 = vec![0u16; cap16.unwrap_or(0)];
                let a16 =
                    utf8x::convert(&t[..], Utf8, cap16.map(|_| &mut one16[..]), Utf16Le, policy);
                let mut one8 = vec![0u8; cap8.unwrap_or(0)];
                let a8 =
                    utf8x::convert(&units[..], Utf16, cap8.map(|_| &mut one8[..]), Utf8, policy);
                let mut one32 = vec![0u32; cap16.unwrap_or(0)];
                let a32 =
                    utf8x::convert(&t[..], Utf8, cap16.map(|_| &mut one32[..]), Utf32, policy);
                // And with no memory for the threads' own buffers: every slice is measured
                // and converted in place.
                for (place, fault) in [
                    (Place::Streamed, Fault::None),
                    (Place::Copied, Fault::None),
                    (Place::Converted, Fault::None),
                    (Place::Streamed, Fault::NoMemory),
                ] {
                    for slice in [64, 1000, 4096] {
                        let tuning = Tuning {
                            min_piece: 1,
                            slice,
                            place,
                            fault,
                            threads: Threads::UNCAPPED,
                        };
                        let what = format!("{policy:?} {share:?} {place:?} {fault:?} {slice}");
                        let mut many16 = vec![0u16; cap16.unwrap_or(0)];
                        let out = cap16.map(|_| &mut many16[..]);
                        let b16 =
                            convert_parallel_tuned(&t[..], Utf8, out, Utf16Le, policy, 5, tuning);
                        assert_eq!((a16, &one16), (b16, &many16), "UTF-8 → UTF-16LE {what}");
                        let mut many8 = vec![0u8; cap8.unwrap_or(0)];
                        let out = cap8.map(|_| &mut many8[..]);
                        let b8 =
                            convert_parallel_tuned(&units[..], Utf16, out, Utf8, policy, 5, tuning);
                        assert_eq!((a8, &one8), (b8, &many8), "UTF-16 → UTF-8 {what}");
                        let mut many32 = vec![0u32; cap16.unwrap_or(0)];
                        let out = cap16.map(|_| &mut many32[..]);
                        let b32 =
                            convert_parallel_tuned(&t[..], Utf8, out, Utf32, policy, 5, tuning);
                        assert_eq!((a32, &one32), (b32, &many32), "UTF-8 → UTF-32 {what}");
                    }
                }
            }
        }
    }
}

#[test]
// Hundreds of thread starts: minutes under Miri.
#[cfg_attr(miri, ignore)]
#[cfg_attr(
    target_family = "wasm",
    ignore = "catches a panic on a thread: WebAssembly starts no thread and aborts on a panic"
)]
fn a_panic_on_any_thread_reaches_the_caller_and_ends_the_others() {
    // A thread that panics while the others convert, wait in line for their turn or sleep
    // until fewer slices wait: the call must end (no thread left waiting for a slice that
    // never comes) and the panic reach the caller's boundary, on every thread count. Slices of
    // 64 bytes over a long text, so that many wait and some threads sleep before it comes. On
    // a thread of its own with a deadline: a call that hangs fails the test instead of hanging
    // it.
    let text = "ĉu vi parolas esperanton? ".repeat(4000).into_bytes();
    let slices = text.len() / 64;
    let faults = text.clone();
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for threads in [2, 3, 8, 16] {
            for at in [0, 1, threads - 1, threads, slices / 2, slices - 1] {
                for place in [Place::Streamed, Place::Converted] {
                    let tuning = Tuning {
                        min_piece: 1,
                        slice: 64,
                        place,
                        fault: Fault::PanicAt(at),
                        threads: Threads::UNCAPPED,
                    };
                    let mut out = vec![0u16; faults.len()];
                    let run = std::panic::AssertUnwindSafe(|| {
                        use Encoding::*;
                        let out = Some(&mut out[..]);
                        let policy = Policy::Strict;
                        convert_parallel_tuned(&faults, Utf8, out, Utf16Le, policy, threads, tuning)
                    });
                    let caught = std::panic::catch_unwind(run).is_err();
                    done.send((threads, at, place, caught)).unwrap();
                }
            }
        }
    });
    for _ in 0..4 * 6 * 2 {
        let deadline = std::time::Duration::from_secs(120);
        let (threads, at, place, caught) = finished
            .recv_timeout(deadline)
            .expect("a call with a panicking thread ended");
        assert!(caught, "{threads} threads, panic at slice {at}, {place:?}");
    }
    // The same text without the fault, as a check that the settings above do run every slice.
    let tuning = Tuning {
        min_piece: 1,
        slice: 64,
        threads: Threads::UNCAPPED,
        ..Tuning::DEFAULT
    };
    let mut many = vec![0u16; text.len()];
    let b = convert_parallel_tuned(
        &text,
        Encoding::Utf8,
        Some(&mut many[..]),
        Encoding::Utf16Le,
        Policy::Strict,
        8,
        tuning,
    );
    let mut one = vec![0u16; text.len()];
    let a = utf8x::to_utf16le(&text, Some(&mut one[..]), Policy::Strict);
    assert_eq!((a, one), (b, many));
}

#[test]
// Thousands of thread starts and whole-text conversions: hours under Miri.
#[cfg_attr(miri, ignore)]
fn utf16_pairs_and_lone_surrogates_across_cuts() {
    use Encoding::*;
    let mut units: Vec<u16> = "a😀ĉ😀".repeat(40).encode_utf16().collect();
    units[33] = 0xD800;
    units[70] = 0xDC00;
    for (to, policy) in [
        (Utf8, Policy::Strict),
        (Utf8, Policy::Replace),
        (Wtf8, Policy::Strict),
    ] {
        let mut one = vec![0u8; 1000];
        let a = utf8x::convert(&units[..], Utf16, Some(&mut one[..]), to, policy);
        for threads in [2, 3, 7, 64] {
            let mut many = vec![0u8; 1000];
            let b = convert_parallel_in(
                &units[..],
                Utf16,
                Some(&mut many[..]),
                to,
                policy,
                threads,
                1,
            );
            assert_eq!((a, &one), (b, &many), "{to:?} {policy:?} {threads}");
        }
    }
}

#[test]
fn split_points_are_step_starts() {
    let t = "añ€😀".as_bytes();
    let starts: Vec<usize> = (0..=t.len())
        .map(|i| utf8x::split_point(t, Encoding::Utf8, i))
        .collect();
    assert_eq!(starts, [0, 1, 1, 3, 3, 3, 6, 6, 6, 6, 10]);
    let u: Vec<u16> = "a😀b".encode_utf16().collect();
    let starts: Vec<usize> = (0..=u.len())
        .map(|i| utf8x::split_point(&u, Encoding::Utf16, i))
        .collect();
    assert_eq!(starts, [0, 1, 1, 3, 4]);
    assert_eq!(utf8x::split_point(t, Encoding::Cesu8, 5), 0);
    assert_eq!(utf8x::split_point(&u, Encoding::Utf8, 2), 0);
}
