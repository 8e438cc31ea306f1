//! How many threads the parallel calls start, and what they do when one cannot be started: never
//! more than the machine runs or the work needs, and the one-thread result whatever starts (the
//! one-thread calls are the oracle).

use utf8x::__test::validate_parallel_with;
use utf8x::__test::{Fault, Place, Threads, Tuning, convert_parallel_tuned, thread_count};
use utf8x::{Encoding, Policy};

/// The machine's available parallelism, as the calls read it.
fn machine() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[test]
fn threads_are_capped_by_the_machine_and_by_the_work() {
    const MIB: usize = 1 << 20;
    let m = machine();
    // Far more threads than cores, as a caller might ask (1000, SIZE_MAX): the machine's count.
    for asked in [0, m, m + 1, 1000, usize::MAX] {
        assert_eq!(
            thread_count(asked, 1 << 40, MIB, None),
            m,
            "{asked} threads"
        );
    }
    // One thread per mebibyte of work at the most.
    assert_eq!(thread_count(1000, 3 * MIB, MIB, None), m.min(3));
    assert_eq!(thread_count(1000, 2 * MIB - 1, MIB, None), 1);
    assert_eq!(thread_count(0, 0, MIB, None), 1);
    assert_eq!(thread_count(1, 1 << 40, MIB, None), 1);
    // A cap given (the tests' uncapped setting, or a machine of 4).
    assert_eq!(thread_count(1000, 1 << 40, MIB, Some(usize::MAX)), 1000);
    assert_eq!(thread_count(1000, 1 << 40, MIB, Some(4)), 4);
    assert_eq!(thread_count(3, 1 << 40, MIB, Some(4)), 3);
    assert_eq!(thread_count(0, 1 << 40, MIB, Some(4)), 4);
    assert_eq!(thread_count(7, 5, 1, Some(usize::MAX)), 5);
}

/// A text of `len` bytes with characters of every width and a bad byte at each of `bad`.
fn text(len: usize, bad: &[usize]) -> Vec<u8> {
    let mut t: Vec<u8> = "aé€😀 ĉu ".bytes().cycle().take(len).collect();
    for &b in bad {
        t[b] = 0xFF;
    }
    t
}

#[test]
// Many thread starts: minutes under Miri.
#[cfg_attr(miri, ignore)]
fn threads_that_cannot_start_leave_their_work_to_the_others() {
    for bad in [&[][..], &[3_001][..], &[9_999][..]] {
        let t = text(10_000, bad);
        let one = utf8x::validate(&t);
        for threads in [2, 3, 8] {
            for fail_from in 1..=threads {
                let pool = Threads {
                    most: Some(usize::MAX),
                    starts_fail_from: fail_from,
                };
                let many = validate_parallel_with(&t, threads, 1, pool);
                assert_eq!(
                    many, one,
                    "{bad:?}: {threads} threads, starts fail from {fail_from}"
                );
            }
        }
        for policy in [Policy::Strict, Policy::Replace] {
            for room in [None, Some(t.len()), Some(t.len() / 2)] {
                let mut one_out = vec![0u16; room.unwrap_or(0)];
                let one_dst = room.map(|_| &mut one_out[..]);
                let one =
                    utf8x::convert(&t[..], Encoding::Utf8, one_dst, Encoding::Utf16Le, policy);
                for threads in [2, 5] {
                    for fail_from in 1..=threads {
                        for place in [Place::Streamed, Place::Converted] {
                            let tuning = Tuning {
                                min_piece: 1,
                                slice: 256,
                                place,
                                fault: Fault::None,
                                threads: Threads {
                                    most: Some(usize::MAX),
                                    starts_fail_from: fail_from,
                                },
                            };
                            let mut out = vec![0u16; room.unwrap_or(0)];
                            let dst = room.map(|_| &mut out[..]);
                            let (utf8, utf16) = (Encoding::Utf8, Encoding::Utf16Le);
                            let many = convert_parallel_tuned(
                                &t, utf8, dst, utf16, policy, threads, tuning,
                            );
                            let what = format!(
                                "{bad:?} {policy:?} room {room:?}: {threads} threads, \
                                 starts fail from {fail_from}, {place:?}"
                            );
                            assert_eq!((many, &out), (one, &one_out), "{what}");
                        }
                    }
                }
            }
        }
    }
}

/// The environment variable that makes [`no_thread_can_start_for_want_of_address_space`] the
/// child that runs under the limit.
#[cfg(all(target_os = "linux", target_arch = "x86_64", not(miri)))]
const CHILD: &str = "UTF8X_THREAD_LIMIT_CHILD";

#[test]
// A real limit, not an injected fault: the process's address space capped just above what it
// uses, so that no thread stack can be mapped. In a child process (this test binary run again
// for this test alone), since the limit holds for the whole process. Root is not held by pids
// limits (RLIMIT_NPROC), but is by this one. Not under qemu-user (whose own reservations the
// limit would hit first) or Miri.
#[cfg(all(target_os = "linux", target_arch = "x86_64", not(miri)))]
fn no_thread_can_start_for_want_of_address_space() {
    if std::env::var_os(CHILD).is_some() {
        return under_the_limit();
    }
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "thread_limits::no_thread_can_start_for_want_of_address_space",
            "--test-threads=1",
            "--nocapture",
        ])
        .env(CHILD, "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "child failed:\n{stdout}\n{stderr}");
    assert!(
        stdout.contains("1 passed"),
        "the child ran the test:\n{stdout}"
    );
    // No panic message on the host program's stderr (nor in what the harness captured).
    assert!(
        !stderr.contains("panicked") && !stdout.contains("panicked"),
        "{stdout}\n{stderr}"
    );
    assert!(stdout.contains("under the limit: same results"), "{stdout}");
}

#[cfg(all(target_os = "linux", target_arch = "x86_64", not(miri)))]
fn under_the_limit() {
    // Large enough for several threads: 1 MiB per thread at least.
    let t = text(8 << 20, &[(8 << 20) - 5]);
    let one = utf8x::validate(&t);
    let mut one_out = vec![0u32; t.len()];
    let one_conv = utf8x::convert(
        &t,
        Encoding::Utf8,
        Some(&mut one_out[..]),
        Encoding::Utf32,
        Policy::Replace,
    );
    let mut out = vec![0u32; t.len()];
    // What the process maps now (VmSize, in pages), plus half a mebibyte: less than one thread's
    // stack.
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap();
    let pages: u64 = statm.split_whitespace().next().unwrap().parse().unwrap();
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as u64;
    let limit = libc::rlimit {
        rlim_cur: pages * page + (512 << 10),
        rlim_max: libc::RLIM_INFINITY,
    };
    // SAFETY: a valid rlimit for this process.
    assert_eq!(unsafe { libc::setrlimit(libc::RLIMIT_AS, &limit) }, 0);
    // A thread cannot start now (checked, so that the test tests something).
    assert!(
        std::thread::Builder::new().spawn(|| ()).is_err(),
        "a thread still starts"
    );
    let many = utf8x::validate_parallel(&t, 4);
    let conv = utf8x::convert_parallel(
        &t,
        Encoding::Utf8,
        Some(&mut out[..]),
        Encoding::Utf32,
        Policy::Replace,
        4,
    );
    let same = many == one && conv == one_conv && out == one_out;
    // Lifted before asserting, so that a failure can format its message.
    let lifted = libc::rlimit {
        rlim_cur: libc::RLIM_INFINITY,
        rlim_max: libc::RLIM_INFINITY,
    };
    // SAFETY: as above.
    unsafe { libc::setrlimit(libc::RLIMIT_AS, &lifted) };
    assert!(same, "{many:?} {one:?} {conv:?} {one_conv:?}");
    println!("under the limit: same results");
}
