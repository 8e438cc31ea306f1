//! utf8x's string conversions (`mbsnrtowcs`, `wcsnrtombs` and their families) against glibc's
//! under `C.UTF-8`, with every input limit and output length. Differences: see `support::mb`.

#![cfg(all(target_os = "linux", target_env = "gnu"))]

use core::ffi::{c_char, c_int};
use core::ptr::null_mut;

use crate::support::mb::*;
use libc::{mbstate_t, size_t, wchar_t};
use utf8x_ffi::*;

/// What a string conversion did, as C sees it: return value, errno, the whole output buffer
/// (sentinel-filled beforehand), where `*src` ended (`None` for NULL), and `mbsinit` afterwards.
type StrCall<T> = (usize, c_int, Vec<T>, Option<usize>, bool);

/// What fills a wide output buffer beforehand: no conversion writes it. `wchar_t` is signed on
/// x86-64 and unsigned on aarch64; the bits are the same on both.
const WC_SENTINEL: wchar_t = -7i32 as wchar_t;

type MbsFn = unsafe extern "C" fn(
    *mut wchar_t,
    *mut *const c_char,
    size_t,
    size_t,
    *mut mbstate_t,
) -> size_t;
type WcsFn = unsafe extern "C" fn(
    *mut c_char,
    *mut *const wchar_t,
    size_t,
    size_t,
    *mut mbstate_t,
) -> size_t;

unsafe extern "C" fn glibc_mbsrtowcs(
    d: *mut wchar_t,
    s: *mut *const c_char,
    _: size_t,
    len: size_t,
    ps: *mut mbstate_t,
) -> size_t {
    // SAFETY: forwarded.
    unsafe { mbsrtowcs(d, s, len, ps) }
}
unsafe extern "C" fn ours_mbsrtowcs(
    d: *mut wchar_t,
    s: *mut *const c_char,
    _: size_t,
    len: size_t,
    ps: *mut mbstate_t,
) -> size_t {
    // SAFETY: forwarded.
    unsafe { utf8x_mbsrtowcs(d, s, len, ps) }
}
unsafe extern "C" fn glibc_mbstowcs(
    d: *mut wchar_t,
    s: *mut *const c_char,
    _: size_t,
    len: size_t,
    _: *mut mbstate_t,
) -> size_t {
    // SAFETY: forwarded.
    unsafe { mbstowcs(d, *s, len) }
}
unsafe extern "C" fn ours_mbstowcs(
    d: *mut wchar_t,
    s: *mut *const c_char,
    _: size_t,
    len: size_t,
    _: *mut mbstate_t,
) -> size_t {
    // SAFETY: forwarded.
    unsafe { utf8x_mbstowcs(d, *s, len) }
}
unsafe extern "C" fn glibc_wcsrtombs(
    d: *mut c_char,
    s: *mut *const wchar_t,
    _: size_t,
    len: size_t,
    ps: *mut mbstate_t,
) -> size_t {
    // SAFETY: forwarded.
    unsafe { wcsrtombs(d, s, len, ps) }
}
unsafe extern "C" fn ours_wcsrtombs(
    d: *mut c_char,
    s: *mut *const wchar_t,
    _: size_t,
    len: size_t,
    ps: *mut mbstate_t,
) -> size_t {
    // SAFETY: forwarded.
    unsafe { utf8x_wcsrtombs(d, s, len, ps) }
}
unsafe extern "C" fn glibc_wcstombs(
    d: *mut c_char,
    s: *mut *const wchar_t,
    _: size_t,
    len: size_t,
    _: *mut mbstate_t,
) -> size_t {
    // SAFETY: forwarded.
    unsafe { wcstombs(d, *s, len) }
}
unsafe extern "C" fn ours_wcstombs(
    d: *mut c_char,
    s: *mut *const wchar_t,
    _: size_t,
    len: size_t,
    _: *mut mbstate_t,
) -> size_t {
    // SAFETY: forwarded.
    unsafe { utf8x_wcstombs(d, *s, len) }
}

/// Calls a string conversion on the NUL-terminated `src` with a state prepared by `prime`,
/// `limit` input units, and `len` output units (`None`: a NULL output).
fn string_call<S: Copy, D: Copy>(
    f: unsafe extern "C" fn(*mut D, *mut *const S, size_t, size_t, *mut mbstate_t) -> size_t,
    src: &[S],
    st: mbstate_t,
    limit: usize,
    len: Option<usize>,
    sentinel: D,
) -> StrCall<D> {
    let mut st = st;
    let mut out = vec![sentinel; len.unwrap_or(0) + 2];
    let dst = if len.is_some() {
        out.as_mut_ptr()
    } else {
        null_mut()
    };
    let mut p = src.as_ptr();
    clear_errno();
    // SAFETY: `src` is terminated, `out` has room for `len` units, `st` is a valid state.
    let r = unsafe { f(dst, &mut p, limit, len.unwrap_or(0), &mut st) };
    let at = (!p.is_null()).then(|| (p.addr() - src.as_ptr().addr()) / size_of::<S>());
    // SAFETY: a valid state of either implementation.
    let initial = unsafe { mbsinit(&st) | utf8x_mbsinit(&st) } != 0;
    (r, if r == FAIL { errno() } else { 0 }, out, at, initial)
}

/// `SrcAfterError`: both fail with EILSEQ after writing the same output, but glibc leaves `*src`
/// after bytes it had taken into the state (e.g. at the NUL that broke `E2 82`), where C says
/// "just past the last multibyte character converted", which is where utf8x leaves it.
fn src_after_error<T: PartialEq>(mine: &StrCall<T>, glibc: &StrCall<T>) -> bool {
    (mine.0, mine.1) == (FAIL, libc::EILSEQ)
        && (mine.0, mine.1, &mine.2) == (glibc.0, glibc.1, &glibc.2)
        && mine.3 < glibc.3
}

/// True when `s` holds a sequence glibc treats differently in a documented way
/// (`BeyondUnicode`, `DeferredError`), so that its string functions may legitimately differ.
fn has_documented_difference(s: &[u8]) -> bool {
    s.windows(2).any(|w| {
        matches!(
            w,
            [0xF4, 0x90..=0xBF] | [0xE0, 0x80..=0x9F] | [0xED, 0xA0..=0xBF] | [0xF0, 0x80..=0x8F]
        ) || (0xF5..=0xFD).contains(&w[0])
    }) || s.last().is_some_and(|b| (0xF5..=0xFD).contains(b))
}

/// `s` as C `char`s.
fn chars(s: &[u8]) -> Vec<c_char> {
    s.iter().map(|&b| b as c_char).collect()
}

const MB_STRINGS: &[&[u8]] = &[
    b"\0",
    b"abc\0",
    "aé€😀z\0".as_bytes(),
    "😀😀\u{10FFFF}\0".as_bytes(),
    b"ab\xFFcd\0",
    b"ab\xE2\x82\0",
    b"\xC3\xA9\xC3x\0",
    b"x\x80\0",
    b"\xE2\x82\xAC\xE2\x82\xAC\xC0\xAF\0",
    b"a\xED\xA0\x80b\0",
    b"x\xF4\x90\x80\x80y\0",
    b"\xE0\x80\x80\0",
    b"a\xF5b\0",
];

/// `mbsnrtowcs`, `mbsrtowcs` and `mbstowcs` on every string with every input limit and every
/// output length (and a NULL output), from the initial state and from a state holding the first
/// byte of a character: same return value, errno, output, `*src` and state as glibc.
#[test]
fn mbs_to_wcs_family_like_glibc() {
    utf8_locale();
    let (mut runs, mut seen_src_after_error, mut seen_documented) = (0, 0, 0);
    for s in MB_STRINGS {
        let count = s.len();
        let documented = has_documented_difference(s);
        let fns: [(MbsFn, MbsFn); 3] = [
            (utf8x_mbsnrtowcs, mbsnrtowcs),
            (ours_mbsrtowcs, glibc_mbsrtowcs),
            (ours_mbstowcs, glibc_mbstowcs),
        ];
        for (k, (ours, theirs)) in fns.into_iter().enumerate() {
            let limits: Vec<usize> = if k == 0 {
                (0..=count + 1).collect()
            } else {
                vec![usize::MAX]
            };
            for limit in limits {
                for len in (0..=count + 1).map(Some).chain([None]) {
                    let mine = string_call(ours, &chars(s), zero(), limit, len, WC_SENTINEL);
                    let glibc = string_call(theirs, &chars(s), zero(), limit, len, WC_SENTINEL);
                    runs += 1;
                    if src_after_error(&mine, &glibc) {
                        seen_src_after_error += 1;
                    } else if mine != glibc {
                        seen_documented += 1;
                        assert!(
                            documented,
                            "{s:02X?} fn {k} nms {limit} len {len:?}: utf8x {mine:?}, glibc {glibc:?}"
                        );
                        assert_eq!(mine.1, if mine.0 == FAIL { libc::EILSEQ } else { 0 });
                    }
                }
            }
        }
    }
    assert!(
        seen_src_after_error > 0 && seen_documented > 0,
        "a named difference is gone"
    );
    // What C and RFC 3629 say where glibc differs: EILSEQ, `*src` at the offending sequence.
    for (s, good) in [
        (&b"x\xF4\x90\x80\x80y\0"[..], 1),
        (b"a\xF5b\0", 1),
        (b"\xE0\x80\x80\0", 0),
        (b"ab\xE2\x82\0", 2),
    ] {
        let (r, e, out, at, initial) =
            string_call(ours_mbsrtowcs, &chars(s), zero(), 0, Some(8), WC_SENTINEL);
        assert_eq!(
            (r, e, at, initial),
            (FAIL, libc::EILSEQ, Some(good), true),
            "{s:02X?}"
        );
        assert_eq!(
            out[..good],
            s[..good].iter().map(|&b| b as wchar_t).collect::<Vec<_>>()[..]
        );
    }
    // Continuing a character begun by mbrtowc: "€" split after its first byte.
    let rest = b"\x82\xACz\0";
    for limit in (0..=rest.len() + 1).chain([usize::MAX]) {
        for len in (0..=4).map(Some).chain([None]) {
            let (mut a, mut b) = (zero(), zero());
            assert_eq!(decode(ours_mbrtowc, b"\xE2", 1, &mut a).0, INCOMPLETE);
            assert_eq!(decode(glibc_mbrtowc, b"\xE2", 1, &mut b).0, INCOMPLETE);
            let mine = string_call(utf8x_mbsnrtowcs, &chars(rest), a, limit, len, WC_SENTINEL);
            let glibc = string_call(mbsnrtowcs, &chars(rest), b, limit, len, WC_SENTINEL);
            assert_eq!(mine, glibc, "nms {limit} len {len:?}");
            runs += 1;
        }
    }
    assert!(runs > 500, "{runs}");
}

const WC_STRINGS: &[&[wchar_t]] = &[
    &[0],
    &[0x61, 0xE9, 0x20AC, 0x1F600, 0x10FFFF, 0x7A, 0],
    &[0x41, 0xD800, 0x42, 0],
    &[0x41, 0xDFFF, 0],
    &[0x7FF, 0x800, 0xFFFF, 0x10000, 0],
    &[0x41, -1i32 as wchar_t, 0],
    &[0x41, 0x110000, 0],
];

/// `wcsnrtombs`, `wcsrtombs` and `wcstombs` likewise: every input limit, every output length.
#[test]
fn wcs_to_mbs_family_like_glibc() {
    utf8_locale();
    let (mut runs, mut seen_beyond) = (0, 0);
    for s in WC_STRINGS {
        let bytes: usize = s
            .iter()
            .map(|&c| char::from_u32(u32::from_ne_bytes(c.to_ne_bytes())).map_or(6, char::len_utf8))
            .sum();
        let beyond = s.iter().any(|&c| (0x110000..=0x7FFF_FFFF).contains(&c));
        let fns: [(WcsFn, WcsFn); 3] = [
            (utf8x_wcsnrtombs, wcsnrtombs),
            (ours_wcsrtombs, glibc_wcsrtombs),
            (ours_wcstombs, glibc_wcstombs),
        ];
        for (k, (ours, theirs)) in fns.into_iter().enumerate() {
            let limits: Vec<usize> = if k == 0 {
                (0..=s.len() + 1).collect()
            } else {
                vec![usize::MAX]
            };
            for limit in limits {
                for len in (0..=bytes + 1).map(Some).chain([None]) {
                    let mine = string_call(ours, &s[..], zero(), limit, len, 0x55 as c_char);
                    let glibc = string_call(theirs, &s[..], zero(), limit, len, 0x55 as c_char);
                    runs += 1;
                    if mine != glibc {
                        seen_beyond += 1;
                        // `BeyondUnicode`: glibc encodes 0x110000 as 4 bytes.
                        assert!(
                            beyond,
                            "{s:X?} fn {k} nwc {limit} len {len:?}: utf8x {mine:?}, glibc {glibc:?}"
                        );
                        assert_eq!(mine.1, if mine.0 == FAIL { libc::EILSEQ } else { 0 });
                    }
                }
            }
        }
    }
    assert!(runs > 300, "{runs}");
    assert!(
        seen_beyond > 0,
        "glibc no longer encodes beyond U+10FFFF: drop BeyondUnicode"
    );
    // What RFC 3629 says: EILSEQ at the value, after the bytes before it.
    let s: &[wchar_t] = &[0x41, 0x110000, 0];
    let (r, e, out, at, _) = string_call(ours_wcsrtombs, s, zero(), 0, Some(8), 0x55);
    assert_eq!(
        (r, e, at, &out[..2]),
        (FAIL, libc::EILSEQ, Some(1), &[0x41, 0x55][..])
    );
}
