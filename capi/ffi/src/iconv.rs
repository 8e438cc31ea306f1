//! The iconv(3)-compatible trio: same signatures, pointer updates, return values and errno as
//! glibc's `iconv_open` / `iconv` / `iconv_close`, for the Unicode encodings, ISO-8859-1 and ASCII.

use core::ffi::{CStr, c_char, c_int};
use std::collections::BTreeSet;
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};

use utf8x::iconv::{Iconv, IconvError};

use super::args::{input, output, overlap};
use super::boundary::ffi_boundary;
use super::errno::set_errno;

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

/// The descriptors `utf8x_iconv_open` returned that `utf8x_iconv_close` has not freed, by
/// address. A handle is dereferenced only while its address is in here, so a closed (or never
/// opened) handle is refused with EBADF instead of reading or freeing memory that is not a
/// descriptor. The price is one uncontended lock per call, split over shards so that threads
/// converting on different descriptors rarely share one. The other way to know a closed
/// handle without reading freed memory, never freeing a small tag per descriptor, would make a
/// program that opens and closes in a loop grow without bound.
///
/// What no registry can know: once freed, an address may be returned again by a later
/// `utf8x_iconv_open`, and a stale copy of the old handle then names the new descriptor (glibc's
/// handles have the same limit).
static LIVE: [RwLock<BTreeSet<usize>>; SHARDS] = [const { RwLock::new(BTreeSet::new()) }; SHARDS];
const SHARDS: usize = 16;

fn shard(cd: utf8x_iconv_t) -> &'static RwLock<BTreeSet<usize>> {
    // The low bits of a heap address are alignment; the next ones spread descriptors.
    &LIVE[(cd.addr() >> 4) % SHARDS]
}

// A panic never happens while a registry lock is held (set operations on integers), but if one
// did, the set itself is still consistent: take it back rather than refusing every handle.
fn live(cd: utf8x_iconv_t) -> RwLockReadGuard<'static, BTreeSet<usize>> {
    shard(cd)
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn live_mut(cd: utf8x_iconv_t) -> RwLockWriteGuard<'static, BTreeSet<usize>> {
    shard(cd)
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// `(utf8x_iconv_t)-1` with `errno = EINVAL`: `utf8x_iconv_open`'s failure.
fn open_failed() -> utf8x_iconv_t {
    set_errno(libc::EINVAL);
    FAILED as utf8x_iconv_t
}

/// -1 with `errno = EBADF`: `utf8x_iconv_close`'s failure.
fn close_failed() -> c_int {
    set_errno(libc::EBADF);
    -1
}

/// `(size_t)-1` with `errno = e`.
fn fail(e: c_int) -> usize {
    set_errno(e);
    FAILED
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
    ffi_boundary(open_failed, || {
        if tocode.is_null() || fromcode.is_null() {
            return open_failed();
        }
        // SAFETY: non-NULL (checked) and NUL-terminated per this function's contract.
        let (to, from) = unsafe { (CStr::from_ptr(tocode), CStr::from_ptr(fromcode)) };
        let (Ok(to), Ok(from)) = (to.to_str(), from.to_str()) else {
            return open_failed();
        };
        let Some(inner) = Iconv::open(to, from) else {
            return open_failed();
        };
        let cd = Box::into_raw(Box::new(utf8x_iconv_desc { inner }));
        live_mut(cd).insert(cd.addr());
        cd
    })
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
/// - `EBADF`: `cd` is not an open descriptor (NULL, `(utf8x_iconv_t)-1`, closed already, or never
///   returned by `utf8x_iconv_open`; see `utf8x_iconv_close` for the one case it cannot tell);
/// - `EFAULT`: `inbytesleft`, `outbuf` or `outbytesleft` is NULL (with input), `*outbuf` is NULL
///   with space, or the buffers overlap; nothing is consumed.
///
/// # Safety
/// `cd` may be any value (it is checked before use), but an open one must not be used by two
/// threads at once. When non-NULL, the pointers must be valid to read and write, `*inbuf` must
/// point to `*inbytesleft` readable bytes and `*outbuf` to `*outbytesleft` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_iconv(
    cd: utf8x_iconv_t,
    inbuf: *mut *mut c_char,
    inbytesleft: *mut usize,
    outbuf: *mut *mut c_char,
    outbytesleft: *mut usize,
) -> usize {
    ffi_boundary(
        || fail(libc::EFAULT),
        || {
            // Held for the whole call: a close racing with it (a caller bug) waits for the
            // conversion instead of freeing the descriptor under it.
            let registry = live(cd);
            if !registry.contains(&cd.addr()) {
                return fail(libc::EBADF);
            }
            // SAFETY: in the registry, so a live descriptor from utf8x_iconv_open (the read lock
            // keeps it so); not used by another thread at once (contract).
            let cd = unsafe { &mut (*cd).inner };
            // SAFETY: the pointers are valid when non-NULL (contract).
            unsafe { convert(cd, inbuf, inbytesleft, outbuf, outbytesleft) }
        },
    )
}

/// The body of `utf8x_iconv` once `cd` is known to be live.
///
/// # Safety
/// As `utf8x_iconv`.
unsafe fn convert(
    cd: &mut Iconv,
    inbuf: *mut *mut c_char,
    inbytesleft: *mut usize,
    outbuf: *mut *mut c_char,
    outbytesleft: *mut usize,
) -> usize {
    // SAFETY: `inbuf` is readable when non-NULL (contract).
    if inbuf.is_null() || unsafe { (*inbuf).is_null() } {
        cd.reset();
        return 0;
    }
    if inbytesleft.is_null() || outbuf.is_null() || outbytesleft.is_null() {
        return fail(libc::EFAULT);
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
        return fail(libc::EFAULT);
    }
    // SAFETY: the buffers are as long as their counters say (contract) and do not overlap.
    let buffers = unsafe { (input(src, src_len), output(dst, dst_cap)) };
    let (Some(src), Some(dst)) = buffers else {
        return fail(libc::EFAULT);
    };
    let outcome = cd.convert(src, dst.unwrap_or(&mut []));
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
        Err(error) => fail(match error {
            IconvError::OutputFull => libc::E2BIG,
            IconvError::Invalid => libc::EILSEQ,
            IconvError::Incomplete => libc::EINVAL,
        }),
    }
}

/// Frees a descriptor from `utf8x_iconv_open`, like iconv_close(3).
///
/// Returns 0, or -1 with `errno = EBADF` when `cd` is not an open descriptor: NULL,
/// `(utf8x_iconv_t)-1`, one already closed, or any other value `utf8x_iconv_open` did not
/// return. Closing twice is therefore harmless, with one limit no library can lift: once closed,
/// the address may be handed out again by a later `utf8x_iconv_open`, and a stale copy of the
/// old handle then closes the new descriptor.
///
/// # Safety
/// None beyond iconv_close(3)'s: `cd` is not used by another thread during the call. Any value
/// is checked before it is used.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_iconv_close(cd: utf8x_iconv_t) -> c_int {
    ffi_boundary(close_failed, || {
        // Out of the registry first, under its lock: exactly one of two racing closes of the
        // same handle gets to free it.
        if !live_mut(cd).remove(&cd.addr()) {
            return close_failed();
        }
        // SAFETY: `cd` was in the registry, so it was made by Box::into_raw in utf8x_iconv_open
        // and not freed since; removing it above makes this the only free.
        drop(unsafe { Box::from_raw(cd) });
        0
    })
}
