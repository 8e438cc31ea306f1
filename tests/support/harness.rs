//! The functions under test, each paired with its oracle, and the ways of running them:
//! roomy, measuring, exactly full, and resumed after OUTPUT_FULL.

use utf8x::{ErrorKind, Outcome, Policy, Status};

use super::{
    Expect, Latin1, POLICIES, Target, Unit, Utf8, Utf16Be, Utf16Le, Utf16Native, Utf32, expect,
    hex, latin1_pieces, utf8_pieces, utf16_pieces, utf32_pieces,
};

pub type RunFn<S, D> = fn(&[S], Option<&mut [D]>, Policy) -> Outcome;

/// A conversion and its oracle.
pub struct Conv<S: 'static, D: 'static> {
    pub name: &'static str,
    pub run: RunFn<S, D>,
    pub expect: fn(&[S], Policy) -> Expect<D>,
}

fn from_utf8<T: Target>(s: &[u8], p: Policy) -> Expect<T::Unit> {
    expect::<T>(&utf8_pieces(s), p)
}

fn from_utf16_as<const BIG: bool>(s: &[u16], p: Policy) -> Expect<u8> {
    let value = if BIG { u16::from_be } else { u16::from_le };
    expect::<Utf8>(&utf16_pieces(s, value), p)
}

fn from_utf16_native(s: &[u16], p: Policy) -> Expect<u8> {
    expect::<Utf8>(&utf16_pieces(s, std::convert::identity), p)
}

pub const TO_UTF16LE: Conv<u8, u16> = Conv {
    name: "to_utf16le",
    run: utf8x::to_utf16le,
    expect: from_utf8::<Utf16Le>,
};
pub const TO_UTF16BE: Conv<u8, u16> = Conv {
    name: "to_utf16be",
    run: utf8x::to_utf16be,
    expect: from_utf8::<Utf16Be>,
};
pub const TO_UTF16: Conv<u8, u16> = Conv {
    name: "to_utf16",
    run: utf8x::to_utf16,
    expect: from_utf8::<Utf16Native>,
};
pub const TO_UTF32: Conv<u8, u32> = Conv {
    name: "to_utf32",
    run: utf8x::to_utf32,
    expect: from_utf8::<Utf32>,
};
pub const TO_LATIN1: Conv<u8, u8> = Conv {
    name: "to_latin1",
    run: utf8x::to_latin1,
    expect: from_utf8::<Latin1>,
};
pub const FROM_UTF16LE: Conv<u16, u8> = Conv {
    name: "from_utf16le",
    run: utf8x::from_utf16le,
    expect: from_utf16_as::<false>,
};
pub const FROM_UTF16BE: Conv<u16, u8> = Conv {
    name: "from_utf16be",
    run: utf8x::from_utf16be,
    expect: from_utf16_as::<true>,
};
pub const FROM_UTF16: Conv<u16, u8> = Conv {
    name: "from_utf16",
    run: utf8x::from_utf16,
    expect: from_utf16_native,
};
pub const FROM_UTF32: Conv<u32, u8> = Conv {
    name: "from_utf32",
    run: utf8x::from_utf32,
    expect: |s, p| expect::<Utf8>(&utf32_pieces(s), p),
};
pub const FROM_LATIN1: Conv<u8, u8> = Conv {
    name: "from_latin1",
    run: utf8x::from_latin1,
    expect: |s, p| expect::<Utf8>(&latin1_pieces(s), p),
};

/// Capacity that holds any conversion of `n` input units (4 bytes per UTF-32 unit is the most).
pub fn roomy(n: usize) -> usize {
    4 * n + 16
}

/// Canary units written after every buffer's capacity.
const GUARD: usize = 24;

/// Runs `f` into a buffer of exactly `cap` units followed by canaries; checks the canaries and
/// returns the outcome and the `written` units.
pub fn run<S, D: Unit>(f: RunFn<S, D>, src: &[S], cap: usize, policy: Policy) -> (Outcome, Vec<D>) {
    let mut buf = vec![D::CANARY; cap + GUARD];
    let o = f(src, Some(&mut buf[..cap]), policy);
    assert!(
        buf[cap..].iter().all(|&u| u == D::CANARY),
        "wrote past capacity {cap} ({o:?}): {:x?}",
        &buf[cap..]
    );
    assert!(o.written <= cap, "written {} > capacity {cap}", o.written);
    buf.truncate(o.written);
    (o, buf)
}

/// Checks one conversion of `src` under `policy` against its oracle: in a roomy buffer, in
/// measure mode, and in a buffer exactly as large as the expected output. Returns the oracle.
pub fn check<S: Unit, D: Unit>(c: &Conv<S, D>, src: &[S], policy: Policy) -> Expect<D> {
    let exp = (c.expect)(src, policy);
    let want = exp.outcome();
    let ctx = || format!("{} {policy:?} on {}", c.name, hex(src));
    let (got, out) = run(c.run, src, roomy(src.len()), policy);
    assert_eq!(got, want, "{}", ctx());
    assert_eq!(out, exp.out, "output of {}", ctx());
    assert_eq!((c.run)(src, None, policy), want, "measuring {}", ctx());
    let (tight, tight_out) = run(c.run, src, want.written, policy);
    assert_eq!(tight, want, "exact capacity, {}", ctx());
    assert_eq!(tight_out, exp.out, "exact capacity, output of {}", ctx());
    exp
}

/// [`check`] under every policy.
pub fn check_all_policies<S: Unit, D: Unit>(c: &Conv<S, D>, src: &[S]) {
    for p in POLICIES {
        check(c, src, p);
    }
}

/// [`check`]s every conversion from UTF-8 under every policy.
pub fn check_utf8_source(src: &[u8]) {
    check_all_policies(&TO_UTF16LE, src);
    check_all_policies(&TO_UTF16BE, src);
    check_all_policies(&TO_UTF16, src);
    check_all_policies(&TO_UTF32, src);
    check_all_policies(&TO_LATIN1, src);
}

/// Converts in a loop of output buffers with the given capacities (then a roomy one), always
/// continuing from `&src[read..]`, and checks the concatenation against the one-shot oracle. Each
/// OUTPUT_FULL must stop on an item boundary, before an item that does not fit.
pub fn check_resumable<S: Unit, D: Unit>(
    c: &Conv<S, D>,
    src: &[S],
    policy: Policy,
    caps: &[usize],
) {
    let exp = (c.expect)(src, policy);
    let ctx = || format!("{} {policy:?} caps {caps:?} on {}", c.name, hex(src));
    let ends: Vec<usize> = exp
        .items
        .iter()
        .scan(0, |end, item| {
            *end += item.0;
            Some(*end)
        })
        .collect();
    let (mut read, mut out, mut replaced) = (0, Vec::new(), 0);
    let mut caps = caps.iter().copied();
    let last = loop {
        let cap = caps.next().unwrap_or(roomy(src.len()));
        let (o, chunk) = run(c.run, &src[read..], cap, policy);
        out.extend_from_slice(&chunk);
        read += o.read;
        replaced += o.replaced;
        if o.status != Status::OutputFull {
            break o;
        }
        assert_eq!((o.error, o.error_len), (ErrorKind::None, 0), "{}", ctx());
        assert!(
            cap < roomy(src.len()),
            "OUTPUT_FULL in a roomy buffer: {}",
            ctx()
        );
        // The items consumed so far must end exactly at `read`; the first later item with output
        // must be one that did not fit.
        let consumed = ends.iter().take_while(|&&end| end <= read).count();
        assert!(
            read == 0 || ends.get(consumed.wrapping_sub(1)) == Some(&read),
            "read {read} not on an item boundary: {}",
            ctx()
        );
        match exp.items[consumed..].iter().find(|i| i.1 > 0) {
            Some(i) => assert!(
                i.1 > cap - o.written,
                "stopped before an item of {} units with {} free: {}",
                i.1,
                cap - o.written,
                ctx()
            ),
            None => panic!("OUTPUT_FULL with nothing left to write: {}", ctx()),
        }
        assert!(
            exp.out.starts_with(&out),
            "output so far differs: {}",
            ctx()
        );
    };
    let want = exp.outcome();
    assert_eq!(
        (
            last.status,
            last.error,
            read,
            out.len(),
            last.error_len,
            replaced
        ),
        (
            want.status,
            want.error,
            want.read,
            want.written,
            want.error_len,
            want.replaced
        ),
        "{}",
        ctx()
    );
    assert_eq!(out, exp.out, "{}", ctx());
}
