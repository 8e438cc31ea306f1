//! `utf8x_mbrtowc` and `utf8x_mbstowcs` through their C entry points against a plain model built
//! on `core::str` decoding: the same characters, the error at the same place.
#![no_main]

use libc::{c_char, mbstate_t, wchar_t};
use libfuzzer_sys::fuzz_target;
use utf8x_ffi::{utf8x_mbrtowc, utf8x_mbstowcs};
use utf8x_fuzz::Input;

const INCOMPLETE: usize = usize::MAX - 1;
const FAIL: usize = usize::MAX;

/// The model: the characters of the longest valid prefix, and how the input ends after it
/// (`None`: valid; `Some(Some(len))`: ill-formed; `Some(None)`: cut inside a character).
fn model(s: &[u8]) -> (Vec<u32>, Option<Option<usize>>) {
    match core::str::from_utf8(s) {
        Ok(t) => (t.chars().map(u32::from).collect(), None),
        Err(e) => {
            let good = core::str::from_utf8(&s[..e.valid_up_to()]).unwrap();
            (good.chars().map(u32::from).collect(), Some(e.error_len()))
        }
    }
}

fn zero_state() -> mbstate_t {
    // SAFETY: an all-zero mbstate_t is the initial state.
    unsafe { core::mem::zeroed() }
}

/// Decodes `s` with `mbrtowc`, `pieces` giving the `n` of each call: the characters, and the
/// final return with the bytes consumed before it.
fn mbrtowc_all(s: &[u8], pieces: &mut Input) -> (Vec<u32>, usize, usize) {
    let mut state = zero_state();
    let (mut at, mut chars) = (0, Vec::new());
    // Nothing to decode (a call with n == 0 would rightly answer "incomplete").
    if s.is_empty() {
        return (chars, 0, 0);
    }
    loop {
        let n = if pieces.is_empty() {
            s.len() - at
        } else {
            pieces.byte() as usize % 5
        };
        let n = n.min(s.len() - at);
        // An exact copy of the bytes this call may read.
        let piece = s[at..at + n].to_vec();
        let mut wc: wchar_t = -1;
        // SAFETY: `piece` holds `n` readable bytes; `wc` and `state` are locals.
        let r = unsafe { utf8x_mbrtowc(&mut wc, piece.as_ptr().cast::<c_char>(), n, &mut state) };
        match r {
            INCOMPLETE => {
                at += n;
                if at == s.len() && pieces.is_empty() {
                    return (chars, at, r);
                }
            }
            FAIL => return (chars, at, r),
            used => {
                // 0 stands for U+0000, one byte.
                assert!(used <= n, "used {used} of {n}");
                at += used.max(1);
                chars.push(wc as u32);
                if at == s.len() {
                    return (chars, at, 0);
                }
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let cap = input.byte() as usize;
    let s = input.sized();
    let (want, end) = model(s);

    let (chars, at, last) = mbrtowc_all(s, &mut input);
    assert_eq!(chars, want, "mbrtowc characters {s:x?}");
    let good: usize = want
        .iter()
        .map(|&c| char::from_u32(c).unwrap().len_utf8())
        .sum();
    match end {
        None => assert_eq!((at, last), (s.len(), 0), "mbrtowc end {s:x?}"),
        Some(None) => assert_eq!((at, last), (s.len(), INCOMPLETE), "mbrtowc cut {s:x?}"),
        // The error is decided at the byte that cannot continue: within the maximal subpart or
        // just after it.
        Some(Some(len)) => {
            assert_eq!(last, FAIL, "mbrtowc error {s:x?}");
            assert!(
                (good..=good + len).contains(&at),
                "mbrtowc error at {at} {s:x?}"
            );
        }
    }

    // mbstowcs on the NUL-terminated string: up to the first NUL.
    let text = &s[..s.iter().position(|&b| b == 0).unwrap_or(s.len())];
    let (want, end) = model(text);
    let cstr: Vec<u8> = text.iter().copied().chain([0]).collect();
    // SAFETY: `cstr` is NUL-terminated; a NULL destination only counts.
    let counted = unsafe { utf8x_mbstowcs(core::ptr::null_mut(), cstr.as_ptr().cast(), 0) };
    let expected_count = if end.is_none() { want.len() } else { FAIL };
    assert_eq!(counted, expected_count, "mbstowcs count {text:x?}");

    let n = cap % (want.len() + 2);
    let mut dst: Vec<wchar_t> = vec![-1; n];
    // SAFETY: `dst` holds `n` writable wchar_t; `cstr` is NUL-terminated.
    let r = unsafe { utf8x_mbstowcs(dst.as_mut_ptr(), cstr.as_ptr().cast(), n) };
    let got: Vec<u32> = dst.iter().map(|&w| w as u32).collect();
    if n <= want.len() {
        assert_eq!(r, n, "mbstowcs into {n} {text:x?}");
        assert_eq!(&got[..n], &want[..n], "mbstowcs into {n} {text:x?}");
    } else if end.is_none() {
        assert_eq!(r, want.len(), "mbstowcs into {n} {text:x?}");
        assert_eq!(&got[..want.len()], &want[..], "mbstowcs into {n} {text:x?}");
        assert_eq!(got[want.len()], 0, "mbstowcs NUL {text:x?}");
    } else {
        assert_eq!(r, FAIL, "mbstowcs into {n} {text:x?}");
    }
});
