//! The iconv(3)-compatible trio: same signatures, pointer updates, return values and errno as
//! glibc's `iconv_open` / `iconv` / `iconv_close`, for the Unicode encodings, ISO-8859-1 and ASCII.

use core::ffi::{CStr, c_char, c_int};

use super::args::{guard, input, output, overlap};
use super::errno::set_errno;
use crate::iconv::{Iconv, IconvError};

/// An open conversion descriptor (opaque). Create it with `utf8x_iconv_open`, free it with
/// `utf8x_iconv_close`. Like an `iconv_t`, one descriptor must not be used by two threads at once;
/// distinct descriptors are independent.
#[allow(non_camel_case_types)]
pub struct utf8x_iconv_desc {
    inner: Iconv,
}

/// The handle `utf8x_iconv_open` returns: `(utf8x_iconv_t)-1` on failure, as with `iconv_t`.
#[allow(non_camel_case_types)]
pub type utf8x_iconv_t = *mut utf8x_iconv_desc;

/// The failure value of `utf8x_iconv_open` and `utf8x_iconv`.
const FAILED: usize = usize::MAX;

/// True for the handles no open ever returned successfully: NULL and `(utf8x_iconv_t)-1`.
fn is_bad(cd: utf8x_iconv_t) -> bool {
    cd.is_null() || cd.addr() == usize::MAX
}

/// Opens a conversion descriptor from `fromcode` to `tocode`, like iconv_open(3).
///
/// - `tocode`, `fromcode`: NUL-terminated charset names, case-insensitive, with glibc's aliases:
///   `UTF-8` (`UTF8`), `UTF-16`, `UTF-16LE`, `UTF-16BE`, `UCS-2`, `UCS-2LE`, `UCS-2BE`, `UTF-32`,
///   `UTF-32LE`, `UTF-32BE`, `UCS-4` (big-endian), `UCS-4LE`, `WCHAR_T`, `ISO-8859-1` (`LATIN1`,
///   `ISO_8859-1`, `L1`, ...), `ASCII` (`US-ASCII`, `ANSI_X3.4-1968`, ...). `tocode` may end in
///   `//IGNORE` (skip invalid input and unmappable characters; the call still returns -1 with
///   `EILSEQ` at its end, as glibc's does) and/or `//TRANSLIT` (write `?` for a character the
///   target cannot hold), combined as `//TRANSLIT//IGNORE` or `//TRANSLIT,IGNORE`.
///
/// `UTF-16`/`UTF-32` input: a leading byte order mark is consumed and sets the byte order
/// (none: the machine's order). `UTF-16`/`UTF-32` output starts with a BOM in the machine's order,
/// written just before the first character.
///
/// Returns a descriptor, or `(utf8x_iconv_t)-1` with `errno = EINVAL` when a name is unknown
/// (or NULL, or not UTF-8), `ENOMEM` when allocation fails.
///
/// # Safety
/// `tocode` and `fromcode` must be NULL or point to NUL-terminated strings.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_iconv_open(
    tocode: *const c_char,
    fromcode: *const c_char,
) -> utf8x_iconv_t {
    let failed = FAILED as utf8x_iconv_t;
    if tocode.is_null() || fromcode.is_null() {
        set_errno(libc::EINVAL);
        return failed;
    }
    // SAFETY: non-NULL (checked) and NUL-terminated per this function's contract.
    let (to, from) = unsafe { (CStr::from_ptr(tocode), CStr::from_ptr(fromcode)) };
    let opened = guard(None, || {
        let (to, from) = (to.to_str().ok()?, from.to_str().ok()?);
        Iconv::open(to, from)
    });
    match opened {
        Some(inner) => Box::into_raw(Box::new(utf8x_iconv_desc { inner })),
        None => {
            set_errno(libc::EINVAL);
            failed
        }
    }
}

/// Converts bytes from `*inbuf` into `*outbuf`, like iconv(3).
///
/// - `cd`: a descriptor from `utf8x_iconv_open`.
/// - `inbuf`, `inbytesleft`: the input; on return `*inbuf` has advanced past what was consumed
///   and `*inbytesleft` is what remains.
/// - `outbuf`, `outbytesleft`: the output space; on return `*outbuf` has advanced past what was
///   written and `*outbytesleft` is the space left. Nothing is ever written past it.
///
/// `inbuf == NULL` or `*inbuf == NULL` returns the descriptor to its initial state (the next
/// output starts with a BOM again for `UTF-16`/`UTF-32`, the next input may start with one):
/// these encodings have no shift state, so nothing is written even when `outbuf` is given.
///
/// Returns the number of irreversible conversions (the `?`s written under `//TRANSLIT`), or
/// `(size_t)-1` with `errno`:
/// - `E2BIG`: the output is full; input up to the last whole character written is consumed;
/// - `EILSEQ`: invalid input (or, without `//TRANSLIT`/`//IGNORE`, a character the target cannot
///   hold) at `*inbuf`; with `//IGNORE`, input was skipped somewhere during this call, and
///   `*inbuf` is where the call stopped;
/// - `EINVAL`: the input ends inside a character at `*inbuf` (not consumed): call again with it
///   followed by more input;
/// - `EBADF`: `cd` is NULL or `(utf8x_iconv_t)-1`;
/// - `EFAULT`: `inbytesleft`, `outbuf` or `outbytesleft` is NULL (with input), `*outbuf` is NULL
///   with space, or the buffers overlap; nothing is consumed.
///
/// # Safety
/// `cd` must come from `utf8x_iconv_open` and not be closed, nor used concurrently. When non-NULL,
/// the pointers must be valid to read and write, `*inbuf` must point to `*inbytesleft` readable
/// bytes and `*outbuf` to `*outbytesleft` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_iconv(
    cd: utf8x_iconv_t,
    inbuf: *mut *mut c_char,
    inbytesleft: *mut usize,
    outbuf: *mut *mut c_char,
    outbytesleft: *mut usize,
) -> usize {
    if is_bad(cd) {
        set_errno(libc::EBADF);
        return FAILED;
    }
    // SAFETY: a live descriptor from utf8x_iconv_open, not used concurrently (contract).
    let cd = unsafe { &mut (*cd).inner };
    // SAFETY: `inbuf` is readable when non-NULL (contract).
    if inbuf.is_null() || unsafe { (*inbuf).is_null() } {
        cd.reset();
        return 0;
    }
    if inbytesleft.is_null() || outbuf.is_null() || outbytesleft.is_null() {
        set_errno(libc::EFAULT);
        return FAILED;
    }
    // SAFETY: all four pointers are non-NULL (checked) and valid (contract).
    let (src, src_len, dst, dst_cap) = unsafe {
        (
            (*inbuf).cast::<u8>(),
            *inbytesleft,
            (*outbuf).cast::<u8>(),
            *outbytesleft,
        )
    };
    if overlap(src, src_len, dst, dst_cap) || (dst.is_null() && dst_cap != 0) {
        set_errno(libc::EFAULT);
        return FAILED;
    }
    // SAFETY: the buffers are as long as their counters say (contract) and do not overlap.
    let buffers = unsafe { (input(src, src_len), output(dst, dst_cap)) };
    let (Some(src), Some(dst)) = buffers else {
        set_errno(libc::EFAULT);
        return FAILED;
    };
    let outcome = guard(None, || Some(cd.convert(src, dst.unwrap_or(&mut []))));
    let Some(outcome) = outcome else {
        set_errno(libc::EFAULT);
        return FAILED;
    };
    // SAFETY: `read <= *inbytesleft` and `written <= *outbytesleft`, so the advanced pointers
    // stay within (or one past) the caller's buffers; all four pointers are valid (contract).
    unsafe {
        *inbuf = (*inbuf).add(outcome.read);
        *inbytesleft -= outcome.read;
        if outcome.written != 0 {
            *outbuf = (*outbuf).add(outcome.written);
        }
        *outbytesleft -= outcome.written;
    }
    match outcome.result {
        Ok(irreversible) => irreversible,
        Err(error) => {
            set_errno(match error {
                IconvError::OutputFull => libc::E2BIG,
                IconvError::Invalid => libc::EILSEQ,
                IconvError::Incomplete => libc::EINVAL,
            });
            FAILED
        }
    }
}

/// Frees a descriptor from `utf8x_iconv_open`, like iconv_close(3).
///
/// Returns 0, or -1 with `errno = EBADF` when `cd` is NULL or `(utf8x_iconv_t)-1`.
///
/// # Safety
/// `cd` must come from `utf8x_iconv_open` and not be closed already; it is invalid afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_iconv_close(cd: utf8x_iconv_t) -> c_int {
    if is_bad(cd) {
        set_errno(libc::EBADF);
        return -1;
    }
    // SAFETY: `cd` was made by Box::into_raw in utf8x_iconv_open and is freed only here, once.
    drop(unsafe { Box::from_raw(cd) });
    0
}
