//! utf8x's character-at-a-time multibyte functions against glibc's under `C.UTF-8`: every code
//! point, every ill-formed sequence of the UTF-8 tables, every UTF-16 unit and pair, every text
//! split at every byte. Differences: see `support::mb`.

#![cfg(all(target_os = "linux", target_env = "gnu"))]

use crate::support::corpus;

use core::ffi::{c_char, c_int};
use core::ptr::{null, null_mut};

use crate::support::mb::*;
use libc::{mbstate_t, size_t, wchar_t};
use utf8x_ffi::*;

#[test]
fn every_code_point_decodes_like_glibc() {
    utf8_locale();
    let mut buf = [0u8; 4];
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        let s = c.encode_utf8(&mut buf).as_bytes();
        let want_len = if c == '\0' { 0 } else { s.len() };
        for (name, ours, theirs) in [
            ("mbrtowc", ours_mbrtowc as Decode, glibc_mbrtowc as Decode),
            ("mbrtoc32", utf8x_mbrtoc32 as Decode, mbrtoc32 as Decode),
        ] {
            let (mut a, mut b) = (zero(), zero());
            let got = decode(ours, s, s.len(), &mut a);
            assert_eq!(got, (want_len, 0, c as u32), "{name} U+{:04X}", c as u32);
            assert_eq!(
                got,
                decode(theirs, s, s.len(), &mut b),
                "{name} U+{:04X} vs glibc",
                c as u32
            );
            // SAFETY: valid states.
            assert!(unsafe { utf8x_mbsinit(&a) != 0 && mbsinit(&b) != 0 });
        }
        let (mut a, mut b) = (zero(), zero());
        let first = decode(ours_mbrtoc16, s, s.len(), &mut a);
        assert_eq!(
            first,
            decode(glibc_mbrtoc16, s, s.len(), &mut b),
            "mbrtoc16 U+{:04X}",
            c as u32
        );
        let mut units = [0u16; 2];
        let units = c.encode_utf16(&mut units);
        assert_eq!(first, (want_len, 0, units[0] as u32));
        if units.len() == 2 {
            // The low surrogate comes from the state, with no input at all.
            let second = decode(ours_mbrtoc16, b"", 0, &mut a);
            assert_eq!(second, (OWED, 0, units[1] as u32), "U+{:04X}", c as u32);
            assert_eq!(
                second,
                decode(glibc_mbrtoc16, b"", 0, &mut b),
                "glibc U+{:04X}",
                c as u32
            );
        }
        // SAFETY: valid states.
        assert!(unsafe { utf8x_mbsinit(&a) != 0 && mbsinit(&b) != 0 });
    }
}

/// Decodes `s[..n]` with a fresh state through ours and glibc's `f`, checks ours against RFC
/// 3629 and glibc against ours.
fn decode_both(what: &str, ours: Decode, theirs: Decode, s: &[u8], n: usize) -> Option<Difference> {
    let (mut a, mut b) = (zero(), zero());
    let mine = decode(ours, s, n, &mut a);
    let want = judge(&s[..n]);
    assert_eq!(mine.0, want, "{what} {:02X?}", &s[..n]);
    assert_eq!(mine.1, if want == FAIL { libc::EILSEQ } else { 0 });
    // SAFETY: a valid state.
    let initial = unsafe { utf8x_mbsinit(&a) } != 0;
    assert_eq!(
        initial,
        want != INCOMPLETE || n == 0,
        "{what} {:02X?}: state after the call",
        &s[..n]
    );
    agree(what, s, n, mine, decode(theirs, s, n, &mut b))
}

/// Every lead byte × every second byte, then every 3- and 4-byte lead × second × third byte, and
/// every 4-byte lead × second byte × 3 third bytes × every fourth byte, at every `n` that shows
/// a decision, through `mbrtowc`, `mbrtoc32` and (2-byte table) `mbrtoc16`.
#[test]
fn ill_formed_sequences_like_glibc() {
    utf8_locale();
    let mut seen = Vec::new();
    let mut note = |d: Option<Difference>| {
        if let Some(d) = d.filter(|d| !seen.contains(d)) {
            seen.push(d);
        }
    };
    let mut cases = 0;
    for b0 in 0..=255u8 {
        for b1 in 0..=255u8 {
            let s = [b0, b1, 0x80, 0x80];
            for n in 0..=3 {
                note(decode_both("mbrtowc", ours_mbrtowc, glibc_mbrtowc, &s, n));
                note(decode_both("mbrtoc32", utf8x_mbrtoc32, mbrtoc32, &s, n));
                note(decode_both(
                    "mbrtoc16",
                    ours_mbrtoc16,
                    glibc_mbrtoc16,
                    &s,
                    n,
                ));
                cases += 3;
            }
            if b0 >= 0xE0 && b1 & 0xC0 == 0x80 {
                for b2 in 0..=255u8 {
                    let s = [b0, b1, b2, 0x80];
                    for n in [3, 4] {
                        note(decode_both("mbrtowc", ours_mbrtowc, glibc_mbrtowc, &s, n));
                        cases += 1;
                    }
                    if (0xF0..0xF8).contains(&b0) && [0x80, 0xBF, 0x41].contains(&b2) {
                        for b3 in 0..=255u8 {
                            let s = [b0, b1, b2, b3];
                            note(decode_both("mbrtowc", ours_mbrtowc, glibc_mbrtowc, &s, 4));
                            cases += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(cases > 700_000, "{cases}");
    // Both documented differences are real in this glibc (a test that cannot fail is a defect:
    // if glibc is fixed, this says so).
    seen.sort_by_key(|d| *d as u8);
    assert_eq!(seen, [Difference::BeyondUnicode, Difference::DeferredError]);
}

type Encode = unsafe extern "C" fn(*mut c_char, u32, *mut mbstate_t) -> size_t;

unsafe extern "C" fn glibc_wcrtomb(s: *mut c_char, c: u32, ps: *mut mbstate_t) -> size_t {
    // SAFETY: forwarded.
    unsafe { wcrtomb(s, c as wchar_t, ps) }
}
unsafe extern "C" fn ours_wcrtomb(s: *mut c_char, c: u32, ps: *mut mbstate_t) -> size_t {
    // SAFETY: forwarded.
    unsafe { utf8x_wcrtomb(s, c as wchar_t, ps) }
}
unsafe extern "C" fn glibc_c16rtomb(s: *mut c_char, c: u32, ps: *mut mbstate_t) -> size_t {
    // SAFETY: forwarded.
    unsafe { c16rtomb(s, c as u16, ps) }
}
unsafe extern "C" fn ours_c16rtomb(s: *mut c_char, c: u32, ps: *mut mbstate_t) -> size_t {
    // SAFETY: forwarded.
    unsafe { utf8x_c16rtomb(s, c as u16, ps) }
}

/// One encoding call: return value, errno (when it failed), the bytes written, and whether the
/// state is initial afterwards.
fn encode(f: Encode, c: u32, st: &mut mbstate_t, null: bool) -> (usize, c_int, Vec<u8>, bool) {
    let mut buf = [0x55u8; 8];
    let out = if null {
        null_mut()
    } else {
        buf.as_mut_ptr().cast()
    };
    clear_errno();
    // SAFETY: `out` is NULL or 8 writable bytes; `st` is a valid state.
    let r = unsafe { f(out, c, st) };
    let written = if r <= 8 && !null {
        buf[..r].to_vec()
    } else {
        Vec::new()
    };
    // SAFETY: a valid state.
    let initial = unsafe { mbsinit(st) | utf8x_mbsinit(st) } != 0;
    (r, if r == FAIL { errno() } else { 0 }, written, initial)
}

#[test]
fn every_scalar_value_encodes_like_glibc() {
    utf8_locale();
    let mut buf = [0u8; 4];
    for c in 0..=0x10FFFFu32 {
        let want = match char::from_u32(c) {
            Some(ch) => (
                ch.len_utf8(),
                0,
                ch.encode_utf8(&mut buf).as_bytes().to_vec(),
                true,
            ),
            None => (FAIL, libc::EILSEQ, Vec::new(), true),
        };
        for (name, ours, theirs) in [
            ("wcrtomb", ours_wcrtomb as Encode, glibc_wcrtomb as Encode),
            ("c32rtomb", utf8x_c32rtomb as Encode, c32rtomb as Encode),
        ] {
            let mine = encode(ours, c, &mut zero(), false);
            assert_eq!(mine, want, "{name} {c:X}");
            assert_eq!(
                mine,
                encode(theirs, c, &mut zero(), false),
                "{name} {c:X} vs glibc"
            );
        }
    }
    // Beyond Unicode: EILSEQ for utf8x; glibc encodes up to 0x7FFFFFFF (`BeyondUnicode`).
    let far = (0x110000..=0x7FFF_FFFFu32)
        .step_by(0x3F_FFF)
        .chain([0x8000_0000, u32::MAX]);
    let mut glibc_encodes = 0;
    for c in far {
        for (ours, theirs) in [
            (ours_wcrtomb as Encode, glibc_wcrtomb as Encode),
            (utf8x_c32rtomb, c32rtomb),
        ] {
            assert_eq!(
                encode(ours, c, &mut zero(), false),
                (FAIL, libc::EILSEQ, Vec::new(), true)
            );
            let (r, ..) = encode(theirs, c, &mut zero(), false);
            if r != FAIL {
                assert!(c <= 0x7FFF_FFFF && (4..=6).contains(&r), "{c:X}: glibc {r}");
                glibc_encodes += 1;
            }
        }
    }
    assert!(
        glibc_encodes > 0,
        "glibc no longer encodes beyond U+10FFFF: drop BeyondUnicode"
    );
    // A NULL buffer is the call with L'\0': 1, whatever the character.
    for c in [0x41, 0xD800, 0x110000] {
        assert_eq!(
            encode(ours_wcrtomb, c, &mut zero(), true),
            (1, 0, Vec::new(), true)
        );
        assert_eq!(
            encode(ours_wcrtomb, c, &mut zero(), true),
            encode(glibc_wcrtomb, c, &mut zero(), true)
        );
    }
}

/// Every UTF-16 unit alone, every high surrogate with every low one, and every high surrogate
/// followed by a unit that is not a low surrogate (or by the NULL-buffer call).
#[test]
fn every_utf16_unit_and_pair_encodes_like_glibc() {
    utf8_locale();
    let both = |units: &[u32], null_last: bool| {
        let (mut a, mut b) = (zero(), zero());
        for (i, &u) in units.iter().enumerate() {
            let null = null_last && i + 1 == units.len();
            let mine = encode(ours_c16rtomb, u, &mut a, null);
            let theirs = encode(glibc_c16rtomb, u, &mut b, null);
            if null && i > 0 && (0xD800..0xDC00).contains(&units[i - 1]) {
                // `C16rtombNullAfterHigh`: C defines the NULL-buffer call as c16rtomb(buf, 0, ps),
                // and 0 cannot follow a high surrogate: EILSEQ. glibc just resets and says 1.
                assert_eq!(mine, (FAIL, libc::EILSEQ, Vec::new(), true));
                assert_eq!(theirs, (1, 0, Vec::new(), true));
                continue;
            }
            assert_eq!(mine, theirs, "c16rtomb {units:X?} at {i}");
        }
        let s = units.iter().map(|&u| u as u16).collect::<Vec<_>>();
        let mut a = zero();
        units
            .iter()
            .map(|&u| encode(ours_c16rtomb, u, &mut a, false))
            .filter(|r| r.0 != 0 || r.1 != 0)
            .map(|r| (r.0, r.2))
            .eq(char::decode_utf16(s).map(|c| match c {
                Ok(c) => (c.len_utf8(), c.to_string().into_bytes()),
                Err(_) => (FAIL, Vec::new()),
            }))
    };
    for u in 0..=0xFFFFu32 {
        let lone = both(&[u], false);
        // A lone high surrogate is held, not yet an error (the oracle sees the end of input).
        assert_eq!(lone, !(0xD800..0xDC00).contains(&u), "{u:X}");
    }
    for hi in 0xD800..0xDC00u32 {
        for lo in 0xDC00..0xE000u32 {
            assert!(both(&[hi, lo], false));
        }
        for next in [0, 0x41, 0xD800, hi, 0xDBFF, 0xE000, 0xFFFF] {
            both(&[hi, next], false);
            both(&[hi, next, 0x41], false);
        }
        both(&[hi, 0xDC00], true);
    }
}

/// Text to split: every script of the text corpus (a slice of each), plus generated
/// strings mixing characters of every length with stray and truncated bytes.
fn texts() -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = Vec::new();
    for (_, text) in corpus::corpus().texts() {
        v.push(text.chars().take(24).collect::<String>().into_bytes());
    }
    v.push("aé€😀\u{10FFFF}\u{FFFD}\u{7FF}\u{800}".into());
    let pieces: [&[u8]; 12] = [
        b"a",
        "é".as_bytes(),
        "€".as_bytes(),
        "😀".as_bytes(),
        b"\x80",
        b"\xFF",
        b"\xE2\x82",
        b"\xF0\x9F\x98",
        b"\xC0\xAF",
        b"\xED\xA0\x80",
        b"\xF4\x90\x80\x80",
        b"\xE0\x80\x80",
    ];
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..150 {
        let mut s = Vec::new();
        for _ in 0..6 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            s.extend_from_slice(pieces[(x % 12) as usize]);
        }
        v.push(s);
    }
    v
}

/// Feeds `s` to `f` in the pieces ending at `cuts`, as a caller reading a stream would: `n` is
/// what is left of the current piece, `(size_t)-2` moves to the next piece, `(size_t)-3` calls
/// again. Returns every call's (result, state initial after it, start of its character, end of
/// the bytes it was given); stops at the first failure.
fn feed(f: Decode, s: &[u8], cuts: &[usize], utf8x: bool) -> Vec<(Call, bool, usize, usize)> {
    let mut st = zero();
    let (mut pos, mut start, mut calls) = (0, 0, Vec::new());
    for &end in cuts {
        while pos < end {
            let call = decode(f, &s[pos..], end - pos, &mut st);
            // SAFETY: a valid state of whichever implementation made it.
            let initial = unsafe { mbsinit(&st) | utf8x_mbsinit(&st) } != 0;
            if call.0 == FAIL {
                // `StateAfterError`: C leaves the state unspecified; utf8x resets it, glibc not.
                if utf8x {
                    // SAFETY: a valid state.
                    assert!(unsafe { utf8x_mbsinit(&st) } != 0);
                }
                calls.push((call, true, start, end));
                return calls;
            }
            calls.push((call, initial, start, end));
            match call.0 {
                INCOMPLETE => pos = end,
                OWED => {}
                0 => pos += 1,
                k => pos += k,
            }
            if initial {
                start = pos;
            }
        }
    }
    calls
}

/// Every text split at every byte, and fed one byte at a time, through `mbrtowc` and `mbrtoc16`:
/// the same calls and answers as glibc (up to a documented difference), and for valid text the
/// characters `std` decodes.
#[test]
fn split_at_every_byte_like_glibc() {
    utf8_locale();
    let mut runs = 0;
    for s in texts() {
        let ones: Vec<usize> = (1..=s.len()).collect();
        let splits = (0..=s.len()).map(|k| vec![k, s.len()]);
        for cuts in splits.chain([ones]) {
            for (wide, ours, theirs) in [
                (true, ours_mbrtowc as Decode, glibc_mbrtowc as Decode),
                (false, ours_mbrtoc16, glibc_mbrtoc16),
            ] {
                let (mine, glibc) = (feed(ours, &s, &cuts, true), feed(theirs, &s, &cuts, false));
                runs += 1;
                let first_difference = mine.iter().zip(&glibc).position(|(a, b)| a != b);
                match first_difference {
                    None => assert_eq!(mine.len(), glibc.len(), "{s:02X?} {cuts:?}"),
                    Some(i) => {
                        let ((a, _, start, end), (b, ..)) = (mine[i], glibc[i]);
                        assert!(
                            explain(&s[start..end], end - start, a, b).is_some(),
                            "{s:02X?} cuts {cuts:?} call {i}: utf8x {a:?}, glibc {b:?}"
                        );
                    }
                }
                if let Ok(text) = std::str::from_utf8(&s)
                    && wide
                {
                    let chars: Vec<u32> = mine
                        .iter()
                        .filter(|(c, ..)| c.0 <= 4)
                        .map(|(c, ..)| c.2)
                        .collect();
                    assert_eq!(chars, text.chars().map(u32::from).collect::<Vec<_>>());
                }
            }
        }
    }
    assert!(runs > 5_000, "{runs}");
}

/// `mbrlen` and `mblen` on the whole two-byte table, and the NULL-argument forms.
#[test]
fn mbrlen_mblen_and_null_arguments_like_glibc() {
    utf8_locale();
    for b0 in 0..=255u8 {
        for b1 in 0..=255u8 {
            let s = [b0, b1, 0x80, 0x80];
            for n in 0..=4 {
                let (mut a, mut b) = (zero(), zero());
                clear_errno();
                // SAFETY: `s` has 4 bytes; valid states.
                let mine = unsafe { utf8x_mbrlen(s.as_ptr().cast(), n, &mut a) };
                let e = errno();
                let call = |r: usize, e: c_int| (r, if r == FAIL { e } else { 0 }, 0);
                clear_errno();
                // SAFETY: as above.
                let theirs = unsafe { mbrlen(s.as_ptr().cast(), n, &mut b) };
                agree("mbrlen", &s, n, call(mine, e), call(theirs, errno()));
                assert_eq!(mine, judge(&s[..n]));
                clear_errno();
                // SAFETY: as above; glibc's mblen is reset first, since it is stateful.
                let mine = unsafe { utf8x_mblen(s.as_ptr().cast(), n) };
                let e = errno();
                clear_errno();
                // SAFETY: as above.
                let theirs = unsafe {
                    mblen(null(), 0);
                    mblen(s.as_ptr().cast(), n)
                };
                let want = match judge(&s[..n]) {
                    FAIL | INCOMPLETE => -1,
                    k => k as c_int,
                };
                assert_eq!(mine, want, "mblen {:02X?}", &s[..n]);
                // errno: EILSEQ for ill-formed bytes, untouched for too few bytes.
                assert_eq!(
                    e,
                    if judge(&s[..n]) == FAIL {
                        libc::EILSEQ
                    } else {
                        0
                    }
                );
                let deferred = explain(&s, n, (FAIL, 0, 0), (INCOMPLETE, 0, 0)).is_some();
                let beyond = explain(&s, n, (FAIL, 0, 0), (4, 0, 0x110000)).is_some();
                if n == 0 && b0 == 0 {
                    // `MblenReadsPastN`: glibc's mblen(s, 0) reads *s anyway and returns 0 for a
                    // NUL; utf8x never reads beyond `n` bytes, and no character fits in none.
                    assert_eq!((mine, theirs), (-1, 0));
                    continue;
                }
                if mine != theirs || (e != errno() && mine == -1) {
                    assert!(
                        deferred || beyond,
                        "mblen {:02X?}: utf8x {mine} {e}, glibc {theirs} {}",
                        &s[..n],
                        errno()
                    );
                }
            }
        }
    }
    // SAFETY: NULL arguments as C allows them; valid states.
    unsafe {
        assert_eq!(utf8x_mblen(null(), 0), mblen(null(), 0));
        assert_eq!(utf8x_mbsinit(null()), 1);
        // mbrtowc(pwc, NULL, n, ps) is mbrtowc(NULL, "", 1, ps): after a held byte, EILSEQ.
        let (mut a, mut b) = (zero(), zero());
        decode(ours_mbrtowc, b"\xE2", 1, &mut a);
        decode(glibc_mbrtowc, b"\xE2", 1, &mut b);
        assert_eq!(utf8x_mbsinit(&a), 0);
        let mut w = 7;
        assert_eq!(
            utf8x_mbrtowc(&mut w, null(), 5, &mut a),
            mbrtowc(&mut w, null(), 5, &mut b)
        );
        assert_eq!((errno(), w), (libc::EILSEQ, 7));
        assert_eq!(utf8x_mbsinit(&a), 1);
        // ... and from the initial state it returns 0 and stores nothing.
        assert_eq!(utf8x_mbrtowc(&mut w, null(), 5, &mut a), 0);
        assert_eq!(w, 7);
        // mbrtoc16 with a low surrogate owed: (size_t)-3 even for s == NULL; C ignores pc16 then
        // (`Mbrtoc16StoresWithNullS`: glibc stores it).
        let mut u = 0u16;
        assert_eq!(utf8x_mbrtoc16(&mut u, "😀".as_ptr().cast(), 4, &mut a), 4);
        assert_eq!(u, 0xD83D);
        assert_eq!(utf8x_mbrtoc16(&mut u, null(), 0, &mut a), OWED);
        assert_eq!((u, utf8x_mbsinit(&a)), (0xD83D, 1));
        let (mut v, mut b) = (0u16, zero());
        mbrtoc16(&mut v, "😀".as_ptr().cast(), 4, &mut b);
        assert_eq!(mbrtoc16(&mut v, null(), 0, &mut b), OWED);
        assert_eq!(
            v, 0xDE00,
            "glibc no longer stores through pc16: drop Mbrtoc16StoresWithNullS"
        );
    }
}

/// A NULL `ps` selects a per-thread state of each function: a character split across calls in
/// one thread is not seen by another thread, nor by another function.
#[test]
fn null_state_is_per_thread_and_per_function() {
    // SAFETY: valid strings; NULL states.
    unsafe {
        assert_eq!(
            utf8x_mbrtowc(null_mut(), b"\xE2\x82".as_ptr().cast(), 2, null_mut()),
            INCOMPLETE
        );
        let other = std::thread::spawn(|| {
            let mut w = 0;
            let r = utf8x_mbrtowc(&mut w, b"\xAC".as_ptr().cast(), 1, null_mut());
            (r, w)
        });
        assert_eq!(other.join().unwrap().0, FAIL);
        assert_eq!(utf8x_mbrlen(b"\xAC".as_ptr().cast(), 1, null_mut()), FAIL);
        let mut w = 0;
        assert_eq!(
            utf8x_mbrtowc(&mut w, b"\xAC".as_ptr().cast(), 1, null_mut()),
            1
        );
        assert_eq!(w, 0x20AC);
    }
}

/// An `mbstate_t` holding something utf8x never stores is refused with EINVAL.
#[test]
fn foreign_state_is_einval() {
    let mut st = zero();
    // SAFETY: `st` is 8 writable bytes; the calls get valid pointers.
    unsafe {
        st_words(&mut st).copy_from_slice(&[0xFFFF_FFFF, 0x1234]);
        let mut w = 0;
        clear_errno();
        assert_eq!(
            utf8x_mbrtowc(&mut w, b"a".as_ptr().cast(), 1, &mut st),
            FAIL
        );
        assert_eq!(errno(), libc::EINVAL);
        assert_eq!(utf8x_mbsinit(&st), 0);
        let mut buf = [0 as c_char; 4];
        clear_errno();
        assert_eq!(utf8x_wcrtomb(buf.as_mut_ptr(), 0x41, &mut st), FAIL);
        assert_eq!(errno(), libc::EINVAL);
    }
}

/// The two words of an `mbstate_t`.
///
/// # Safety
/// Always fine: `mbstate_t` is two 32-bit words on glibc.
unsafe fn st_words(st: &mut mbstate_t) -> &mut [u32; 2] {
    // SAFETY: `mbstate_t` is 8 bytes, 4-aligned, plain integers.
    unsafe { &mut *(st as *mut mbstate_t).cast::<[u32; 2]>() }
}
