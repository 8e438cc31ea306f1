//! Sixteen threads calling every exported C function at once must get exactly the results of one
//! thread alone. The library promises no shared mutable state (the kernel choice is one atomic,
//! the mb functions' internal states and errno are per thread, iconv handles and stream states
//! belong to their caller); this test is what would catch a `static` cache, a racy lazy
//! initialisation or a state leaking between threads.
//!
//! Each input's results (every field of every return value, every output unit, errno after every
//! failure) are flattened into one transcript. A single thread computes the reference
//! transcripts first; then all threads start together and recompute them, each beginning at a
//! different input so that different functions overlap, until a deadline.

#![cfg(target_os = "linux")]

use core::ffi::{CStr, c_char};
use core::ptr::{null, null_mut};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use crate::support;
use crate::support::errno::errno;
use libc::{mbstate_t, wchar_t};
use utf8x_ffi::*;

use crate::support::rng::Rng;

const THREADS: usize = 16;
/// How long the threads keep going once their first round is done (it always completes).
const RUN_FOR: Duration = Duration::from_secs(1);

/// Every policy, by its C value.
const POLICIES: [u32; 5] = {
    let mut c = [0; 5];
    let mut i = 0;
    while i < c.len() {
        c[i] = support::POLICIES[i] as u32;
        i += 1;
    }
    c
};

/// Every encoding and the size of its unit in bytes.
const ENCODINGS: [(u32, usize); 14] = [
    (UTF8X_ENC_UTF8, 1),
    (UTF8X_ENC_UTF16LE, 2),
    (UTF8X_ENC_UTF16BE, 2),
    (UTF8X_ENC_UTF16, 2),
    (UTF8X_ENC_UTF32, 4),
    (UTF8X_ENC_LATIN1, 1),
    (UTF8X_ENC_WCHAR, 4),
    (UTF8X_ENC_CESU8, 1),
    (UTF8X_ENC_MUTF8, 1),
    (UTF8X_ENC_WTF8, 1),
    (UTF8X_ENC_RFC2279, 1),
    (UTF8X_ENC_CP1252, 1),
    (UTF8X_ENC_UTF32LE, 4),
    (UTF8X_ENC_UTF32BE, 4),
];

/// (to, from) pairs for iconv; `//IGNORE` and `//TRANSLIT` keep state across the call.
const ICONV: [(&CStr, &CStr); 5] = [
    (c"UTF-16LE", c"UTF-8"),
    (c"UTF-8//IGNORE", c"UTF-8"),
    (c"ISO-8859-1//TRANSLIT", c"UTF-8"),
    (c"UTF-32", c"UTF-8"),
    (c"UTF-8", c"UTF-16"),
];

/// The flattened results of every call on one input.
#[derive(Default, PartialEq, Eq)]
struct Transcript(Vec<u64>);

impl Transcript {
    fn n(&mut self, v: impl TryInto<u64>) {
        // Every value recorded fits in 64 bits; a failure would be a bug in this test.
        self.0.push(v.try_into().ok().expect("value fits in u64"));
    }

    fn r(&mut self, r: utf8x_result) {
        self.0.extend([
            u64::from(r.status),
            u64::from(r.error),
            r.read as u64,
            r.written as u64,
            r.error_len as u64,
            r.replaced as u64,
        ]);
    }

    /// The raw bytes of a slice of integers (of any width and signedness).
    fn units<T: Copy>(&mut self, s: &[T]) {
        // SAFETY: only integer slices are passed: initialised, without padding.
        let bytes = unsafe { core::slice::from_raw_parts(s.as_ptr().cast::<u8>(), size_of_val(s)) };
        self.n(s.len());
        self.0.extend(bytes.iter().map(|&b| u64::from(b)));
    }

    /// A `(size_t)-1` return is only meaningful with its errno.
    fn ret(&mut self, v: usize) {
        self.n(v as u64);
        if v == usize::MAX {
            self.n(errno() as u32);
        }
    }

    fn cstr(&mut self, p: *const c_char) {
        assert!(!p.is_null());
        // SAFETY: the library returns static NUL-terminated strings.
        self.units(unsafe { CStr::from_ptr(p) }.to_bytes());
    }
}

fn zero_state() -> mbstate_t {
    // SAFETY: an all-zero `mbstate_t` is the initial state.
    unsafe { core::mem::zeroed() }
}

/// The input reinterpreted as units of `size` bytes (native order), aligned for any unit.
fn as_units(s: &[u8], size: usize) -> Vec<u32> {
    let mut v = vec![0u32; s.len().div_ceil(4) + 1];
    let n = s.len() / size * size;
    // SAFETY: `v` holds at least `n` bytes; the source and the new vector do not overlap.
    unsafe { core::ptr::copy_nonoverlapping(s.as_ptr(), v.as_mut_ptr().cast::<u8>(), n) };
    v
}

fn u16s(s: &[u8]) -> Vec<u16> {
    s.chunks_exact(2)
        .map(|c| u16::from_ne_bytes([c[0], c[1]]))
        .collect()
}

fn u32s(s: &[u8]) -> Vec<u32> {
    s.chunks_exact(4)
        .map(|c| u32::from_ne_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// The code points of the input's well-formed characters (the U+FFFD-replaced text), to feed the
/// functions that take UTF-32 or `wchar_t`.
fn chars(s: &[u8]) -> Vec<u32> {
    String::from_utf8_lossy(s).chars().map(u32::from).collect()
}

/// Measures, then converts into exactly the space measured and into a third of it.
macro_rules! convert_both {
    ($t:ident, $f:expr, $src:expr, $dst:ty, $policy:expr) => {{
        let (src, policy) = ($src, $policy);
        // SAFETY: `src` is readable for its length; NULL `dst` measures; then `dst` is a vector
        // of the capacity passed.
        unsafe {
            let m = $f(src.as_ptr(), src.len(), null_mut(), 0, policy);
            $t.r(m);
            for cap in [m.written, m.written / 3] {
                let mut out: Vec<$dst> = vec![Default::default(); cap];
                let r = $f(src.as_ptr(), src.len(), out.as_mut_ptr(), cap, policy);
                $t.r(r);
                $t.units(&out[..r.written.min(cap)]);
            }
        }
    }};
}

/// Every exported function, on one input; `seed` varies chunk sizes and policies per input.
fn transcript(s: &[u8], seed: u64) -> Transcript {
    let mut t = Transcript::default();
    let (p, n) = (s.as_ptr(), s.len());
    let mut rng = Rng::new(seed);
    let w16 = u16s(s);
    let w32 = u32s(s);
    let cps = chars(s);

    // Validation and counting.
    // SAFETY: `p` points to `n` readable bytes; `w16`/`w32` likewise for their lengths.
    unsafe {
        t.r(utf8x_validate(p, n));
        t.n(utf8x_is_valid(p, n));
        t.n(utf8x_is_ascii(p, n));
        t.n(utf8x_count(p, n));
        t.r(utf8x_validate_utf16le(w16.as_ptr(), w16.len()));
        t.r(utf8x_validate_utf16be(w16.as_ptr(), w16.len()));
        t.r(utf8x_validate_utf32(w32.as_ptr(), w32.len()));
        t.r(utf8x_validate_utf32(cps.as_ptr(), cps.len()));
    }

    // The direct conversions, under every policy.
    for policy in POLICIES {
        convert_both!(t, utf8x_to_utf16le, s, u16, policy);
        convert_both!(t, utf8x_to_utf16be, s, u16, policy);
        convert_both!(t, utf8x_to_utf16, s, u16, policy);
        convert_both!(t, utf8x_to_utf32, s, u32, policy);
        convert_both!(t, utf8x_to_latin1, s, u8, policy);
        convert_both!(t, utf8x_to_wchar, s, wchar_t, policy);
        convert_both!(t, utf8x_from_utf16le, &w16, u8, policy);
        convert_both!(t, utf8x_from_utf16be, &w16, u8, policy);
        convert_both!(t, utf8x_from_utf16, &w16, u8, policy);
        convert_both!(t, utf8x_from_utf32, &w32, u8, policy);
        convert_both!(t, utf8x_from_utf32, &cps, u8, policy);
        convert_both!(t, utf8x_from_latin1, s, u8, policy);
        let wide: Vec<wchar_t> = cps.iter().map(|&c| c as wchar_t).collect();
        convert_both!(t, utf8x_from_wchar, &wide, u8, policy);
    }

    // `utf8x_convert` over every pair, the input read as units of the source encoding.
    for (i, &(from, from_size)) in ENCODINGS.iter().enumerate() {
        let src = as_units(s, from_size);
        let len = n / from_size;
        for (j, &(to, to_size)) in ENCODINGS.iter().enumerate() {
            let policy = POLICIES[(i + j) % POLICIES.len()];
            // SAFETY: `src` holds `len` aligned units of `from`; `out` holds `cap` aligned units
            // of `to` (a `u32` vector is aligned for every unit).
            unsafe {
                let m = utf8x_convert(src.as_ptr().cast(), len, from, null_mut(), 0, to, policy);
                t.r(m);
                let cap = m.written;
                let mut out = vec![0u32; (cap * to_size).div_ceil(4)];
                let r = utf8x_convert(
                    src.as_ptr().cast(),
                    len,
                    from,
                    out.as_mut_ptr().cast(),
                    cap,
                    to,
                    policy,
                );
                t.r(r);
                let bytes =
                    core::slice::from_raw_parts(out.as_ptr().cast::<u8>(), r.written * to_size);
                t.units(bytes);
            }
        }
    }

    // Streams, in random chunks, UTF-8 to UTF-16LE and to UTF-32, and UTF-16 to UTF-8.
    for (from, to, unit_in, unit_out) in [
        (UTF8X_ENC_UTF8, UTF8X_ENC_UTF16LE, 1, 2),
        (UTF8X_ENC_UTF8, UTF8X_ENC_UTF32, 1, 4),
        (UTF8X_ENC_UTF16, UTF8X_ENC_UTF8, 2, 1),
    ] {
        let policy = POLICIES[rng.below(POLICIES.len())];
        let mut st = utf8x_stream { opaque: [0; 4] };
        // SAFETY: `st` is a valid, writable state.
        t.n(unsafe { utf8x_stream_init(&mut st, from, to, policy) });
        let src = as_units(s, unit_in);
        let len = n / unit_in;
        let mut at = 0;
        let mut out = vec![0u32; 64];
        loop {
            let k = (1 + rng.below(9)).min(len - at);
            let last = at + k == len;
            // SAFETY: units `at..at + k` of `src` are readable; `out` is 64 aligned `u32`s,
            // enough for 16 units of any encoding per source unit of this chunk.
            let r = unsafe {
                let chunk = src.as_ptr().cast::<u8>().add(at * unit_in);
                utf8x_stream_convert(
                    &mut st,
                    chunk.cast(),
                    k,
                    out.as_mut_ptr().cast(),
                    256 / unit_out,
                    last,
                )
            };
            t.r(r);
            // SAFETY: the stream wrote `r.written` units of `unit_out` bytes into `out`.
            let bytes = unsafe {
                core::slice::from_raw_parts(out.as_ptr().cast::<u8>(), r.written * unit_out)
            };
            t.units(bytes);
            // SAFETY: `st` is an initialised state.
            unsafe {
                t.n(utf8x_stream_position(&st));
                t.n(utf8x_stream_pending(&st));
            }
            if r.status != UTF8X_OK || last {
                break;
            }
            at += k;
        }
    }

    mb_family(&mut t, s, &cps);
    iconv(&mut t, s);

    // Detection.
    // SAFETY: `p` points to `n` readable bytes; `bom_len` is a writable `usize`.
    unsafe {
        t.n(utf8x_detect(p, n));
        let mut bom_len = 99;
        t.n(utf8x_bom(p, n, &mut bom_len));
        t.n(bom_len);
    }

    // Character utilities at every offset (and one past the end).
    let mut buf = [0u8; 8];
    for i in 0..=n + 1 {
        // SAFETY: `p` points to `n` readable bytes; offsets past `n` are part of the contract
        // (clamped or rejected); `cp` and `buf` are writable.
        unsafe {
            t.n(utf8x_is_char_boundary(p, n, i));
            t.n(utf8x_floor_char_boundary(p, n, i));
            t.n(utf8x_ceil_char_boundary(p, n, i));
            t.n(utf8x_next_char_boundary(p, n, i));
            t.n(utf8x_prev_char_boundary(p, n, i));
            t.n(utf8x_truncate(p, n, i));
            let mut copy = vec![0u8; i];
            let r = utf8x_truncate_copy(p, n, copy.as_mut_ptr(), i);
            t.r(r);
            t.units(&copy[..r.written.min(i)]);
            let mut cp = 0xDEAD_BEEF;
            t.r(utf8x_decode_at(p, n, i, &mut cp));
            t.n(cp);
            let mut cp = 0xDEAD_BEEF;
            t.r(utf8x_decode_before(p, n, i, &mut cp));
            t.n(cp);
        }
    }
    for &c in w32.iter().chain(&cps) {
        // SAFETY: `buf` has 8 writable bytes.
        let r = unsafe { utf8x_encode_utf8(c, buf.as_mut_ptr(), 1 + rng.below(4)) };
        t.r(r);
        t.units(&buf[..r.written]);
    }
    let mut swapped = vec![0u16; w16.len()];
    // SAFETY: both buffers hold `w16.len()` units and are distinct; then one buffer swapped in
    // place, which the contract allows.
    unsafe {
        t.r(utf8x_swap_utf16(
            w16.as_ptr(),
            w16.len(),
            swapped.as_mut_ptr(),
            swapped.len(),
        ));
        t.units(&swapped);
        t.r(utf8x_swap_utf16(
            swapped.as_ptr(),
            swapped.len(),
            swapped.as_mut_ptr(),
            swapped.len(),
        ));
        t.units(&swapped);
    }

    // Constant information: the same on every thread, from the first call on.
    for status in 0..8 {
        t.cstr(utf8x_status_str(status));
    }
    for error in 0..17 {
        t.cstr(utf8x_error_str(error));
    }
    t.cstr(utf8x_kernel_name());
    t.n(utf8x_version());
    t
}

/// The C library's multibyte family: caller states, internal (per-thread) states and errno.
fn mb_family(t: &mut Transcript, s: &[u8], cps: &[u32]) {
    let n = s.len();
    let p = s.as_ptr().cast::<c_char>();
    // The internal states are per thread and outlive a transcript: put each back in the initial
    // state so that a transcript does not depend on which input the thread did before.
    // SAFETY: NULL strings are the documented reset calls; "" is NUL-terminated.
    unsafe {
        utf8x_mbrtowc(null_mut(), null(), 0, null_mut());
        utf8x_mbrlen(null(), 0, null_mut());
        utf8x_mbrtoc16(null_mut(), null(), 0, null_mut());
        utf8x_mbrtoc32(null_mut(), null(), 0, null_mut());
        utf8x_mblen(null(), 0);
        utf8x_wcrtomb(null_mut(), 0, null_mut());
        utf8x_c32rtomb(null_mut(), 0, null_mut());
        utf8x_c16rtomb(null_mut(), 0, null_mut());
        let mut empty = c"".as_ptr();
        utf8x_mbsrtowcs(null_mut(), &mut empty, 0, null_mut());
        let mut empty: *const wchar_t = [0].as_ptr();
        utf8x_wcsrtombs(null_mut(), &mut empty, 0, null_mut());
    }
    // Character by character with a caller state and with the internal one (`ps == NULL`),
    // in chunks of up to 3 bytes so that states carry partial characters.
    for own in [false, true] {
        let mut st = zero_state();
        let ps: *mut mbstate_t = if own { &mut st } else { null_mut() };
        let mut i = 0;
        while i < n {
            let k = (n - i).min(1 + i % 3);
            let mut wc: wchar_t = 0;
            let mut c32 = 0u32;
            let mut c16 = 0u16;
            // SAFETY: `p + i` has `k` readable bytes; the outputs are writable; `ps` is NULL
            // or a valid state.
            unsafe {
                let r = utf8x_mbrtowc(&mut wc, p.add(i), k, ps);
                t.ret(r);
                t.n(wc as u32);
                t.ret(utf8x_mbrlen(p.add(i), k, null_mut()));
                t.n(utf8x_mblen(p.add(i), k) as u32);
                let mut st32 = zero_state();
                t.ret(utf8x_mbrtoc32(&mut c32, p.add(i), k, &mut st32));
                t.n(c32);
                t.ret(utf8x_mbrtoc16(&mut c16, p.add(i), k, null_mut()));
                t.n(c16);
                t.n(utf8x_mbsinit(ps) as u32);
                // Advance past what was consumed, or one byte after an error or a partial.
                i += if r == 0 || r >= usize::MAX - 2 { 1 } else { r };
                if r == usize::MAX {
                    // C leaves the state undefined after EILSEQ; start afresh.
                    t.ret(utf8x_mbrtowc(null_mut(), null(), 0, ps));
                }
            }
        }
    }
    // Encoding one character at a time.
    let mut out = [0u8; 8];
    for &c in cps {
        let mut st = zero_state();
        // SAFETY: `out` has 8 writable bytes (4 are needed); states are valid.
        unsafe {
            t.ret(utf8x_wcrtomb(
                out.as_mut_ptr().cast(),
                c as wchar_t,
                &mut st,
            ));
            t.ret(utf8x_c32rtomb(out.as_mut_ptr().cast(), c, null_mut()));
            let mut units = [0u16; 2];
            for &u in char::from_u32(c)
                .unwrap_or('?')
                .encode_utf16(&mut units)
                .iter()
            {
                t.ret(utf8x_c16rtomb(out.as_mut_ptr().cast(), u, null_mut()));
            }
        }
        t.units(&out);
    }
    // Strings: the input up to its first NUL, and the characters with a terminating 0.
    let mut z = s.to_vec();
    z.push(0);
    let mut wide: Vec<wchar_t> = cps.iter().map(|&c| c as wchar_t).collect();
    wide.push(0);
    let mut wout = vec![0 as wchar_t; n + 1];
    let mut bout = vec![0u8; 4 * wide.len() + 1];
    // SAFETY: `z` and `wide` are NUL-terminated; the outputs have the capacities passed; the
    // source pointers are writable locals.
    unsafe {
        let mut src = z.as_ptr().cast::<c_char>();
        let mut st = zero_state();
        t.ret(utf8x_mbsnrtowcs(
            wout.as_mut_ptr(),
            &mut src,
            n,
            wout.len(),
            &mut st,
        ));
        t.n(src.offset_from(z.as_ptr().cast()) as u64);
        let mut src = z.as_ptr().cast::<c_char>();
        t.ret(utf8x_mbsrtowcs(
            wout.as_mut_ptr(),
            &mut src,
            wout.len(),
            null_mut(),
        ));
        t.ret(utf8x_mbstowcs(null_mut(), z.as_ptr().cast(), 0));
        let r = utf8x_mbstowcs(wout.as_mut_ptr(), z.as_ptr().cast(), wout.len());
        t.ret(r);
        t.units(
            &wout
                .iter()
                .map(|&w| u32::from_ne_bytes(w.to_ne_bytes()))
                .collect::<Vec<_>>(),
        );
        let mut src = wide.as_ptr();
        let mut st = zero_state();
        t.ret(utf8x_wcsnrtombs(
            bout.as_mut_ptr().cast(),
            &mut src,
            cps.len(),
            bout.len(),
            &mut st,
        ));
        let mut src = wide.as_ptr();
        t.ret(utf8x_wcsrtombs(
            bout.as_mut_ptr().cast(),
            &mut src,
            bout.len(),
            null_mut(),
        ));
        t.ret(utf8x_wcstombs(null_mut(), wide.as_ptr(), 0));
        t.ret(utf8x_wcstombs(
            bout.as_mut_ptr().cast(),
            wide.as_ptr(),
            bout.len(),
        ));
        t.units(&bout);
    }
}

/// iconv on handles of this thread: opened, used (in two calls, the second from where the
/// first stopped) and closed for each input.
fn iconv(t: &mut Transcript, s: &[u8]) {
    for (to, from) in ICONV {
        // SAFETY: the names are NUL-terminated.
        let cd = unsafe { utf8x_iconv_open(to.as_ptr(), from.as_ptr()) };
        assert_ne!(cd as isize, -1, "iconv_open({to:?}, {from:?})");
        let mut input = s.to_vec();
        let mut out = vec![0u8; 4 * s.len() + 8];
        let mut inp = input.as_mut_ptr().cast::<c_char>();
        let mut left = input.len();
        let mut outp = out.as_mut_ptr().cast::<c_char>();
        let mut room = out.len();
        for _ in 0..2 {
            // SAFETY: `inp`/`left` and `outp`/`room` describe parts of `input` and `out`, as
            // the previous call left them; `cd` is open and used by this thread only.
            let r = unsafe { utf8x_iconv(cd, &mut inp, &mut left, &mut outp, &mut room) };
            t.ret(r);
            t.n(left);
            t.n(room);
            if r != usize::MAX || left == 0 {
                break;
            }
            // Skip the offending byte, as a caller recovering from EILSEQ/EINVAL would.
            // SAFETY: `left > 0`, so one more byte of `input` remains.
            inp = unsafe { inp.add(1) };
            left -= 1;
        }
        t.units(&out[..out.len() - room]);
        // SAFETY: `cd` is open; it is not used again.
        t.n(unsafe { utf8x_iconv_close(cd) } as u32);
    }
    // A failed open sets errno on this thread only.
    // SAFETY: the names are NUL-terminated.
    let cd = unsafe { utf8x_iconv_open(c"NOT-A-CHARSET".as_ptr(), c"UTF-8".as_ptr()) };
    t.n(cd as usize as u64);
    t.n(errno() as u32);
}

/// Random text: valid characters of every length, stray bytes, and the classic ill-formed
/// sequences, some long enough for the vector kernels.
fn inputs() -> Vec<Vec<u8>> {
    let mut rng = Rng::new(0x7E57_1605);
    let bad: [&[u8]; 10] = [
        b"\x80",
        b"\xC0\x80",
        b"\xE0\x80\x80",
        b"\xED\xA0\x80",
        b"\xF4\x90\x80\x80",
        b"\xF0\x9F\x98",
        b"\xFF",
        b"\xE2\x82",
        b"\xED\xA0\xBD\xED\xB8\x80",
        b"\xEF\xBB\xBF",
    ];
    let mut all = vec![
        Vec::new(),
        b"\xFF\xFE".to_vec(),
        "\u{FEFF}abc".as_bytes().to_vec(),
    ];
    for i in 0..40 {
        let len = if i % 8 == 7 { 600 } else { rng.below(80) };
        let ill = i % 2 == 1;
        let mut s = Vec::new();
        while s.len() < len {
            match rng.below(10) {
                0..=3 => s.push(rng.range(0x20, 0x7E) as u8),
                4 => s.push(rng.below(0x80) as u8),
                5 => push_char(&mut s, rng.range(0x80, 0x7FF)),
                6 => push_char(&mut s, rng.range(0x800, 0xFFFF)),
                7 => push_char(&mut s, rng.range(0x1_0000, 0x10_FFFF)),
                _ if ill => s.extend_from_slice(rng.pick::<&[u8]>(&bad)),
                _ => push_char(&mut s, rng.range(0xA0, 0x24F)),
            }
        }
        if ill && rng.below(2) == 0 {
            s.push(rng.below(256) as u8);
        }
        all.push(s);
    }
    all
}

fn push_char(s: &mut Vec<u8>, cp: u32) {
    let c = char::from_u32(cp).unwrap_or('\u{FFFD}');
    s.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
}

#[test]
fn sixteen_threads_match_one() {
    let inputs = Arc::new(inputs());
    let seed = |i: usize| 0x5EED + i as u64;
    let reference: Arc<Vec<Transcript>> = Arc::new(
        inputs
            .iter()
            .enumerate()
            .map(|(i, s)| transcript(s, seed(i)))
            .collect(),
    );
    let barrier = Arc::new(Barrier::new(THREADS));
    let workers: Vec<_> = (0..THREADS)
        .map(|id| {
            let (inputs, reference, barrier) = (inputs.clone(), reference.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                let start = Instant::now();
                let mut done = 0usize;
                // Each thread starts at its own input, so different functions run at once, and
                // together the threads' first rounds cover every input.
                let first = inputs.len().div_ceil(THREADS);
                for k in (id * inputs.len() / THREADS)..usize::MAX {
                    let i = k % inputs.len();
                    let got = transcript(&inputs[i], seed(i));
                    if got != reference[i] {
                        let at = got.0.iter().zip(&reference[i].0).position(|(a, b)| a != b);
                        panic!(
                            "thread {id}: input {i} ({:02x?}) differs from the single-threaded \
                             reference at value {at:?} (lengths {} vs {})",
                            inputs[i],
                            got.0.len(),
                            reference[i].0.len()
                        );
                    }
                    done += 1;
                    if done >= first && start.elapsed() > RUN_FOR {
                        break;
                    }
                }
                done
            })
        })
        .collect();
    let mut total = 0;
    for w in workers {
        total += w.join().expect("a worker thread failed");
    }
    assert!(total >= inputs.len());
    eprintln!(
        "{total} transcripts across {THREADS} threads matched (kernel {})",
        utf8x::active_kernel()
    );
}
