//! Inputs past 4 GiB: every offset and count the API returns is a `usize`/`u64`, and these tests
//! check that none of them is truncated to 32 bits anywhere (kernels, engine, streams, C shims).
//!
//! The input is an anonymous, sparse mapping: untouched pages read as `00` bytes, which are valid
//! UTF-8 (U+0000), and are all backed by the kernel's shared zero page, so 4.5 GiB of input costs
//! a few pages of memory. Only the handful of bytes that make the test interesting are written.
//!
//! Debug builds scan a few hundred MB/s at best, so one pass over 4.5 GiB takes minutes there:
//! the tests are `#[ignore]`d in the ordinary suite and run in release, once per kernel, by
//! `scripts/ci-huge.sh`.

#![cfg(all(target_os = "linux", target_pointer_width = "64"))]

use core::ptr::null_mut;

use utf8x::{Encoding, ErrorKind, Outcome, Policy, Status, Stream};
use utf8x_ffi::*;

const GIB: usize = 1 << 30;
const TWO_32: usize = 1 << 32;
/// About 4.5 GiB: a quarter of the input lies past 2^32.
const LEN: usize = 4 * GIB + GIB / 2;

/// `é` (C3 A9), far below 2^32: a 2-byte character the counts must see.
const E_ACUTE: usize = 1000;
/// `ÿ` (C3 BF) with its lead byte just below 2^32 and its continuation at 2^32: a character that
/// straddles the 32-bit boundary (and a 1 GiB chunk boundary of the stream tests).
const Y_DIAERESIS: usize = TWO_32 - 1;
/// U+1F600 (F0 9F 98 80) past 2^32: two UTF-16 units, not representable in Latin-1.
const EMOJI: usize = TWO_32 + 100;
/// The first error, past 2^32 and not aligned to any vector width: `F0 90 80` then `00`, a
/// 4-byte sequence cut short (maximal subpart of 3 bytes).
const ERROR: usize = TWO_32 + 4099;
/// Continuation bytes before `ERROR` (1 in `é`, 1 in `ÿ`, 3 in the emoji).
const CONT_BEFORE: usize = 5;

/// A private, lazily zero-filled mapping, unmapped on drop.
struct Sparse {
    ptr: *mut u8,
    len: usize,
}

impl Sparse {
    /// `len` bytes that read as zero and commit no memory until written.
    fn zeroed(len: usize) -> Sparse {
        // SAFETY: a fresh anonymous mapping at an address of the kernel's choosing; it touches
        // no existing memory. NORESERVE: no swap is reserved for pages that are never written.
        let ptr = unsafe {
            libc::mmap(
                null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        assert_ne!(ptr, libc::MAP_FAILED, "mmap of {len} bytes failed");
        Sparse {
            ptr: ptr.cast(),
            len,
        }
    }

    fn write(&mut self, at: usize, bytes: &[u8]) {
        assert!(at + bytes.len() <= self.len);
        // SAFETY: in bounds of the mapping (checked), which is writable; only these pages
        // become resident.
        unsafe { core::ptr::copy_nonoverlapping(bytes.as_ptr(), self.ptr.add(at), bytes.len()) };
    }

    fn bytes(&self) -> &[u8] {
        // SAFETY: the mapping is `len` readable bytes, alive as long as `self`, and only
        // written through `&mut self`.
        unsafe { core::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl Drop for Sparse {
    fn drop(&mut self) {
        // SAFETY: exactly the mapping `zeroed` created; no slice of it outlives `self`.
        let rc = unsafe { libc::munmap(self.ptr.cast(), self.len) };
        assert_eq!(rc, 0, "munmap failed");
    }
}

/// The test input: zeros, three valid non-ASCII characters, one error past 2^32.
fn input() -> Sparse {
    let mut s = Sparse::zeroed(LEN);
    s.write(E_ACUTE, "é".as_bytes());
    s.write(Y_DIAERESIS, "ÿ".as_bytes());
    s.write(EMOJI, "\u{1F600}".as_bytes());
    s.write(ERROR, b"\xF0\x90\x80");
    s
}

fn invalid_at_error(written: usize) -> Outcome {
    Outcome {
        status: Status::Invalid,
        error: ErrorKind::TooShort,
        read: ERROR,
        written,
        error_len: 3,
        replaced: 0,
    }
}

/// Panics with the kernel in the message: the script runs this once per kernel.
fn check<T: PartialEq + core::fmt::Debug>(what: &str, got: T, want: T) {
    assert_eq!(got, want, "{what} (kernel {})", utf8x::active_kernel());
}

#[test]
#[ignore = "scans 4.5 GiB many times: minutes in a debug build; scripts/ci-huge.sh runs it in release"]
fn offsets_and_counts_past_4_gib() {
    let buf = input();
    let src = buf.bytes();
    let units16_before = ERROR - CONT_BEFORE + 1; // the emoji is a surrogate pair
    let chars_before = ERROR - CONT_BEFORE;

    check("validate", utf8x::validate(src), invalid_at_error(0));
    check("is_valid", utf8x::is_valid(src), false);
    check("count", utf8x::count(src), LEN - CONT_BEFORE - 2);
    // Everything before the error is valid, and its length is past 2^32.
    let ok = Outcome {
        read: ERROR,
        ..Outcome::default()
    };
    check("validate prefix", utf8x::validate(&src[..ERROR]), ok);
    check("is_valid prefix", utf8x::is_valid(&src[..ERROR]), true);

    // Measure mode: `written` is what the whole conversion needs, past 2^32.
    check(
        "to_utf16le measure",
        utf8x::to_utf16le(src, None, Policy::Strict),
        invalid_at_error(units16_before),
    );
    check(
        "to_utf32 measure",
        utf8x::to_utf32(src, None, Policy::Strict),
        invalid_at_error(chars_before),
    );
    // The emoji is the first character Latin-1 cannot hold, and it is past 2^32.
    check(
        "to_latin1 measure",
        utf8x::to_latin1(src, None, Policy::Strict),
        Outcome {
            status: Status::Unmappable,
            error: ErrorKind::Unmappable,
            read: EMOJI,
            written: EMOJI - 2,
            error_len: 4,
            replaced: 0,
        },
    );
    // Over the whole input: the error's 3 bytes become one U+FFFD.
    check(
        "to_utf16le measure, replace",
        utf8x::to_utf16le(src, None, Policy::Replace),
        Outcome {
            read: LEN,
            written: LEN - CONT_BEFORE - 3 + 1 + 1,
            replaced: 1,
            ..Outcome::default()
        },
    );

    // The C entry points with the raw pointer and a length past 2^32.
    let p = src.as_ptr();
    // SAFETY: `p` points to `LEN` readable bytes; a NULL `dst` with capacity 0 measures.
    unsafe {
        check(
            "utf8x_validate",
            utf8x_validate(p, LEN),
            invalid_at_error(0).into(),
        );
        check("utf8x_is_valid", utf8x_is_valid(p, LEN), false);
        check("utf8x_count", utf8x_count(p, LEN), LEN - CONT_BEFORE - 2);
        check(
            "utf8x_to_utf16le measure",
            utf8x_to_utf16le(p, LEN, null_mut(), 0, UTF8X_STRICT),
            invalid_at_error(units16_before).into(),
        );
        check(
            "utf8x_convert measure",
            utf8x_convert(
                p.cast(),
                LEN,
                UTF8X_ENC_UTF8,
                null_mut(),
                0,
                UTF8X_ENC_UTF32,
                UTF8X_STRICT,
            ),
            invalid_at_error(chars_before).into(),
        );
    }
}

#[test]
#[ignore = "scans 4.5 GiB: minutes in a debug build; scripts/ci-huge.sh runs it in release"]
fn stream_positions_past_4_gib() {
    let buf = input();
    let src = buf.bytes();

    // 1 GiB chunks: the fifth starts at 2^32, inside `ÿ`, which the state carries across.
    let mut st = Stream::new(Encoding::Utf8, Encoding::Utf16Le, Policy::Strict).unwrap();
    let mut written = 0u64;
    let mut last = Outcome::default();
    for (i, chunk) in src.chunks(GIB).enumerate() {
        let start = i * GIB;
        last = st.convert::<u8, u16>(chunk, None, start + chunk.len() == LEN);
        written += last.written as u64;
        if !last.is_ok() {
            check("stream error chunk", start, 4 * GIB);
            break;
        }
        // The position is that of the first unit not converted: `ÿ`'s lead byte stays in the
        // state at the end of the fourth chunk.
        let end = (start + chunk.len()) as u64;
        let pending = u64::from(end == TWO_32 as u64);
        check("stream pending", st.pending() as u64, pending);
        check("stream position", st.position(), end - pending);
    }
    check("stream status", last.status, Status::Invalid);
    check(
        "stream error",
        (last.error, last.error_len),
        (ErrorKind::TooShort, 3),
    );
    check("stream read", last.read, ERROR - 4 * GIB);
    check("stream position at error", st.position(), ERROR as u64);
    check("stream written", written, (ERROR - CONT_BEFORE + 1) as u64);

    // The C stream, with chunks of 768 MiB (2^32 falls inside the sixth), to UTF-32.
    let mut st = utf8x_stream { opaque: [0; 4] };
    // SAFETY: `st` is a valid, writable state.
    let rc = unsafe { utf8x_stream_init(&mut st, UTF8X_ENC_UTF8, UTF8X_ENC_UTF32, UTF8X_STRICT) };
    check("utf8x_stream_init", rc, UTF8X_OK);
    let mut written = 0u64;
    let mut stopped = None;
    for chunk in src.chunks(768 << 20) {
        // SAFETY: `chunk` is readable for its length; NULL `dst` with capacity 0 measures.
        let r = unsafe {
            utf8x_stream_convert(
                &mut st,
                chunk.as_ptr().cast(),
                chunk.len(),
                null_mut(),
                0,
                false,
            )
        };
        written += r.written as u64;
        if r.status != UTF8X_OK {
            stopped = Some(r);
            break;
        }
    }
    let r = stopped.expect("the C stream must stop at the error");
    check(
        "utf8x_stream status",
        (r.status, r.error),
        (UTF8X_INVALID, UTF8X_ERR_TOO_SHORT),
    );
    check("utf8x_stream error_len", r.error_len, 3);
    check("utf8x_stream read", r.read, ERROR - 5 * (768 << 20));
    // SAFETY: `st` is an initialised state.
    let pos = unsafe { utf8x_stream_position(&st) };
    check("utf8x_stream_position", pos, ERROR as u64);
    check(
        "utf8x_stream written",
        written,
        (ERROR - CONT_BEFORE) as u64,
    );
}

/// Output space of `len` bytes in which every `SEGMENT` maps the same shared memory: a
/// conversion can write more than 4 GiB into it while only `SEGMENT` bytes exist. What it holds
/// afterwards is meaningless; only the counts of the conversion are checked.
struct Mirrored {
    ptr: *mut u8,
    len: usize,
}

const SEGMENT: usize = 2 << 20;

impl Mirrored {
    fn new(len: usize) -> Mirrored {
        assert_eq!(len % SEGMENT, 0);
        // SAFETY: creates a new file descriptor; the name is NUL-terminated.
        let fd = unsafe { libc::memfd_create(c"utf8x-huge-output".as_ptr(), 0) };
        assert!(fd >= 0, "memfd_create failed");
        // SAFETY: `fd` is the memfd just created.
        assert_eq!(unsafe { libc::ftruncate(fd, SEGMENT as libc::off_t) }, 0);
        // Reserve the whole range first so that the segments land contiguously.
        let base = Sparse::zeroed(len);
        let ptr = base.ptr;
        core::mem::forget(base);
        for at in (0..len).step_by(SEGMENT) {
            // SAFETY: MAP_FIXED replaces pages of the reservation made just above, which
            // nothing else uses. POPULATE creates the page table entries now rather than in
            // a million faults.
            let seg = unsafe {
                libc::mmap(
                    ptr.add(at).cast(),
                    SEGMENT,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_SHARED | libc::MAP_FIXED | libc::MAP_POPULATE,
                    fd,
                    0,
                )
            };
            assert_eq!(
                seg.cast(),
                ptr.wrapping_add(at),
                "mmap of an output segment failed"
            );
        }
        // SAFETY: the mappings keep the memory alive; the descriptor is no longer needed.
        unsafe { libc::close(fd) };
        Mirrored { ptr, len }
    }

    fn bytes(&mut self) -> &mut [u8] {
        // SAFETY: `len` writable bytes, alive as long as `self`. Different addresses share
        // physical pages, which only the (never read) contents notice.
        unsafe { core::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl Drop for Mirrored {
    fn drop(&mut self) {
        // SAFETY: exactly the range `new` mapped; no slice of it outlives `self`.
        let rc = unsafe { libc::munmap(self.ptr.cast(), self.len) };
        assert_eq!(rc, 0, "munmap failed");
    }
}

#[test]
#[ignore = "writes 4 GiB: minutes in a debug build; scripts/ci-huge.sh runs it in release"]
fn output_bounded_read_past_4_gib() {
    let buf = input();
    let src = buf.bytes();
    // Room for everything up to 2 bytes into the emoji: it must not be split, so the conversion
    // stops before it with `read` and `written` past 2^32.
    let cap = EMOJI + 2;
    let mut out = Mirrored::new(cap.next_multiple_of(SEGMENT));
    let dst = &mut out.bytes()[..cap];
    let want = Outcome {
        status: Status::OutputFull,
        read: EMOJI,
        written: EMOJI,
        ..Outcome::default()
    };
    // UTF-8 to UTF-8 copies well-formed input unit for unit.
    let r = utf8x::convert(
        src,
        Encoding::Utf8,
        Some(&mut dst[..]),
        Encoding::Utf8,
        Policy::Strict,
    );
    check("convert utf8 -> utf8, bounded", r, want);
    // SAFETY: `src` is `LEN` readable bytes, `dst` `cap` writable ones; they do not overlap.
    let r = unsafe {
        utf8x_convert(
            src.as_ptr().cast(),
            LEN,
            UTF8X_ENC_UTF8,
            dst.as_mut_ptr().cast(),
            cap,
            UTF8X_ENC_UTF8,
            UTF8X_STRICT,
        )
    };
    check("utf8x_convert, bounded", r, want.into());
}
