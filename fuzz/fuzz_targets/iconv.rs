//! `utf8x_iconv` through its C entry points on random bytes: converting with small output
//! buffers (exact-size allocations), continuing after every E2BIG, gives what one call with
//! ample room gives: the same output, the same input consumed, the same ending.
#![no_main]

use std::ffi::CString;

use libc::c_char;
use libfuzzer_sys::fuzz_target;
use utf8x_ffi::{utf8x_iconv, utf8x_iconv_close, utf8x_iconv_open, utf8x_iconv_t};
use utf8x_fuzz::Input;

const NAMES: [&str; 20] = [
    "UTF-8",
    "UTF-16",
    "UTF-16LE",
    "UTF-16BE",
    "UCS-2",
    "UCS-2LE",
    "UCS-2BE",
    "UTF-32",
    "UTF-32LE",
    "UTF-32BE",
    "UCS-4",
    "UCS-4LE",
    "WCHAR_T",
    "ISO-8859-1",
    "ASCII",
    "CESU-8",
    "MUTF-8",
    "WTF-8",
    "RFC2279",
    "WINDOWS-1252",
];
const SUFFIXES: [&str; 4] = ["", "//IGNORE", "//TRANSLIT", "//TRANSLIT//IGNORE"];

/// How a sequence of calls ended.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum End {
    Done,
    Errno(i32),
}

struct Cd(utf8x_iconv_t);

impl Cd {
    fn open(to: &str, from: &str) -> Cd {
        let (to, from) = (CString::new(to).unwrap(), CString::new(from).unwrap());
        // SAFETY: two NUL-terminated strings.
        let cd = unsafe { utf8x_iconv_open(to.as_ptr(), from.as_ptr()) };
        assert_ne!(cd as usize, usize::MAX, "every listed name opens");
        Cd(cd)
    }

    /// One call on `src` into a fresh output of exactly `cap` bytes: (consumed, output, end).
    fn call(&mut self, src: &[u8], cap: usize) -> (usize, Vec<u8>, End) {
        // Exact-size copies, so that AddressSanitizer catches a read or write past either.
        let mut input = src.to_vec();
        let mut output = vec![0u8; cap];
        let mut inp = input.as_mut_ptr().cast::<c_char>();
        let mut outp = output.as_mut_ptr().cast::<c_char>();
        let (mut inleft, mut outleft) = (input.len(), cap);
        // SAFETY: the pointers and counters describe the two live buffers above.
        let r = unsafe { utf8x_iconv(self.0, &mut inp, &mut inleft, &mut outp, &mut outleft) };
        let errno = std::io::Error::last_os_error().raw_os_error().unwrap_or(0);
        assert!(inleft <= input.len() && outleft <= cap);
        output.truncate(cap - outleft);
        let end = if r == usize::MAX {
            End::Errno(errno)
        } else {
            End::Done
        };
        (input.len() - inleft, output, end)
    }
}

impl Drop for Cd {
    fn drop(&mut self) {
        // SAFETY: opened by `Cd::open`, closed once.
        assert_eq!(unsafe { utf8x_iconv_close(self.0) }, 0);
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let from = NAMES[input.byte() as usize % NAMES.len()];
    let to = NAMES[input.byte() as usize % NAMES.len()];
    let suffix = SUFFIXES[input.byte() as usize % SUFFIXES.len()];
    let src = input.sized();
    let tocode = format!("{to}{suffix}");

    // A BOM of 4 bytes plus at most 8 output bytes per input byte (1 → UTF-32 is 4; 4 → 6 for
    // RFC 2279): ample.
    let ample = src.len() * 8 + 16;
    let (read, want, end) = Cd::open(&tocode, from).call(src, ample);
    assert_ne!(
        end,
        End::Errno(libc::E2BIG),
        "ample room {from} -> {tocode} {src:x?}"
    );

    let mut cd = Cd::open(&tocode, from);
    let (mut at, mut got) = (0, Vec::new());
    let mut stalls = 0;
    let got_end = loop {
        let cap = if input.is_empty() {
            ample
        } else {
            input.byte() as usize % 16
        };
        let (n, out, e) = cd.call(&src[at..], cap);
        at += n;
        got.extend(out);
        if e != End::Errno(libc::E2BIG) {
            break e;
        }
        // No character needs more than 12 bytes of output here (a BOM and a 6-byte sequence).
        if n == 0 && cap >= 12 {
            stalls += 1;
            assert!(
                stalls < 2,
                "E2BIG with {cap} bytes free {from} -> {tocode} {src:x?}"
            );
        }
    };
    let who = format!("{from} -> {tocode} {src:x?}");
    assert_eq!(got, want, "output {who}");
    assert_eq!(at, read, "consumed {who}");
    if suffix.contains("IGNORE") {
        // With //IGNORE a call that skipped input reports EILSEQ, even when it also stopped at
        // an incomplete end: the one big call may say EILSEQ where the last small call, which
        // skipped nothing itself, says EINVAL. An incomplete end is never invented or lost.
        let incomplete = End::Errno(libc::EINVAL);
        if end == incomplete {
            assert_eq!(got_end, incomplete, "ending {who}");
        } else if got_end == incomplete {
            assert_eq!(end, End::Errno(libc::EILSEQ), "ending {who}");
        }
    } else {
        assert_eq!(got_end, end, "ending {who}");
    }
});
