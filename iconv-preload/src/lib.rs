//! `libutf8x_iconv.so`: replaces glibc's iconv without recompiling anything.
//!
//! ```sh
//! LD_PRELOAD=/path/to/libutf8x_iconv.so iconv -f UTF-8 -t UTF-16LE file.txt
//! ```
//!
//! `iconv_open` hands the pairs utf8x converts (UTF-8, UTF-16/32 and their LE/BE forms, UCS-2,
//! UCS-4, WCHAR_T, ISO-8859-1, ASCII, and CESU-8, MUTF-8, WTF-8 and RFC2279, which glibc lacks,
//! with `//IGNORE`) to utf8x and every other pair to the next `iconv_open` in the lookup order
//! (glibc's), untouched. Two kinds of pair that utf8x could open go to glibc first, because
//! utf8x would give other bytes than the program was written against (see [`glibc_first`]):
//! `//TRANSLIT` to a target that cannot hold every character (glibc transliterates with the
//! locale's tables, `€` → `EUR`; utf8x would write `?`), and WINDOWS-1252 (glibc leaves five
//! bytes undefined, utf8x maps them to C1 controls). utf8x takes them only where glibc cannot
//! open the pair (`CESU-8` to `ASCII//TRANSLIT`). `iconv` and
//! `iconv_close` dispatch on who made the handle: every handle either side opens through this
//! library is recorded with its owner when it is created, so a glibc handle is never inspected,
//! only passed back to glibc.
//!
//! A handle in neither record (closed already, or never opened) gets -1 with `errno = EBADF`
//! from `iconv` and `iconv_close`, where glibc alone would read or free whatever it points to.
//! The one thing this cannot tell apart is a glibc handle opened without passing through this
//! library (a library that calls glibc's `iconv_open` by address, from `dlsym(RTLD_NEXT, ...)`,
//! and hands the handle to code that calls `iconv` by name); such a handle is refused too.
//! Addresses are reused: once a handle is closed, a later open may return the same address,
//! and a stale copy of the old handle then names the new one (as with glibc alone).
//!
//! Only calls that find these symbols through the global lookup are reached: a library loaded
//! with `dlopen(..., RTLD_DEEPBIND)` (PHP loads its extensions that way) binds glibc's iconv
//! first and never calls this one.
//!
//! glibc's iconv(1) program opens its descriptor with the private `__gconv_open` (glibc ≥ 2.32)
//! rather than `iconv_open`; that entry point is interposed the same way, so the program runs on
//! utf8x too.

use std::collections::BTreeMap;
use std::ffi::{CStr, CString};
use std::sync::{OnceLock, RwLock};

use libc::{c_char, c_int, c_void, size_t};
use utf8x::iconv::{Charset, split};
use utf8x_ffi::{ffi_boundary, utf8x_iconv, utf8x_iconv_close, utf8x_iconv_open, utf8x_iconv_t};

type OpenFn = unsafe extern "C" fn(*const c_char, *const c_char) -> *mut c_void;
type IconvFn = unsafe extern "C" fn(
    *mut c_void,
    *mut *mut c_char,
    *mut size_t,
    *mut *mut c_char,
    *mut size_t,
) -> size_t;
type CloseFn = unsafe extern "C" fn(*mut c_void) -> c_int;
type GconvOpenFn = unsafe extern "C" fn(*mut GconvSpec, *mut *mut c_void, c_int) -> c_int;

/// glibc's `struct gconv_spec` (iconv/gconv_int.h, glibc ≥ 2.32): the names, already
/// upper-cased and stripped of their suffixes, and the suffixes as flags.
#[repr(C)]
pub struct GconvSpec {
    fromcode: *mut c_char,
    tocode: *mut c_char,
    translit: bool,
    ignore: bool,
}

/// glibc's `__GCONV_OK` and `__GCONV_NOCONV`.
const GCONV_OK: c_int = 0;
const GCONV_NOCONV: c_int = 1;

/// True when glibc's `__gconv_open` takes a `struct gconv_spec` (glibc 2.32 and later); older
/// ones have another signature and are always forwarded untouched.
fn spec_abi() -> bool {
    static SPEC: OnceLock<bool> = OnceLock::new();
    *SPEC.get_or_init(|| {
        // SAFETY: returns a static NUL-terminated string such as "2.36".
        let version = unsafe { CStr::from_ptr(libc::gnu_get_libc_version()) };
        let mut parts = version.to_str().unwrap_or("0.0").split('.');
        let mut number = || {
            parts
                .next()
                .and_then(|p| p.parse::<u32>().ok())
                .unwrap_or(0)
        };
        (number(), number()) >= (2, 32)
    })
}

/// The definitions this library hides, looked up once.
struct Next {
    open: Option<OpenFn>,
    iconv: Option<IconvFn>,
    close: Option<CloseFn>,
    gconv_open: Option<GconvOpenFn>,
}

fn next() -> &'static Next {
    static NEXT: OnceLock<Next> = OnceLock::new();
    NEXT.get_or_init(|| {
        /// The next definition of `name` after this library, as a function pointer of type `F`.
        fn find<F: Copy>(name: &CStr) -> Option<F> {
            // SAFETY: dlsym with RTLD_NEXT and a NUL-terminated name is always safe to call.
            let sym = unsafe { libc::dlsym(libc::RTLD_NEXT, name.as_ptr()) };
            // SAFETY: `F` is the C signature of the symbol named (checked by the callers' types);
            // a non-NULL data pointer from dlsym converts to the function pointer it is.
            (!sym.is_null()).then(|| unsafe { core::mem::transmute_copy::<*mut c_void, F>(&sym) })
        }
        Next {
            open: find(c"iconv_open"),
            iconv: find(c"iconv"),
            close: find(c"iconv_close"),
            gconv_open: find(c"__gconv_open"),
        }
    })
}

/// Who made an open handle.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Owner {
    Utf8x,
    Glibc,
}

/// The handles opened through this library and not closed yet, with their owner. Every `iconv`
/// call reads it, so concurrent conversions only share a read lock; opening and closing take
/// the write lock.
static OPEN: RwLock<BTreeMap<usize, Owner>> = RwLock::new(BTreeMap::new());

// No panic happens while the lock is held (map operations on integers), but if one did the map
// would still be consistent: take it back rather than refusing every handle from then on.
fn owner(cd: *mut c_void) -> Option<Owner> {
    OPEN.read()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .get(&cd.addr())
        .copied()
}

fn open_mut() -> std::sync::RwLockWriteGuard<'static, BTreeMap<usize, Owner>> {
    OPEN.write()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Records a handle that glibc returned, unless it is glibc's failure value.
fn record_glibc(cd: *mut c_void) -> *mut c_void {
    if cd.addr() != usize::MAX {
        open_mut().insert(cd.addr(), Owner::Glibc);
    }
    cd
}

/// True when glibc, not utf8x, should convert the pair although utf8x could: where utf8x's
/// output would differ from glibc's on ordinary text, a program that preloads this library
/// for speed must not get other bytes. `translit` is the `//TRANSLIT` suffix of the target.
///
/// - `//TRANSLIT` into a charset that cannot hold every character (ASCII, ISO-8859-1,
///   WINDOWS-1252, UCS-2): glibc writes the locale's substitutes (`€` → `EUR`, `ß` → `ss`,
///   Cyrillic romanised), utf8x has no tables and would write `?`. Into the UTF forms nothing is
///   ever transliterated, so utf8x keeps those.
/// - WINDOWS-1252 either side: glibc's table leaves `81 8D 8F 90 9D` undefined (EILSEQ),
///   utf8x's (WHATWG) maps them to C1 controls.
///
/// The other differences (RFC 3629's limit on UTF-8, errno at the end of the input, the
/// `//IGNORE` count) are utf8x keeping the Unicode rules where glibc does not, on input that is
/// ill-formed anyway; those pairs stay on utf8x.
fn glibc_first(to: Option<Charset>, from: Option<Charset>, translit: bool) -> bool {
    let narrow = |cs| {
        matches!(
            cs,
            Charset::Ascii
                | Charset::Latin1
                | Charset::Cp1252
                | Charset::Ucs2
                | Charset::Ucs2Le
                | Charset::Ucs2Be
        )
    };
    let cp1252 = to == Some(Charset::Cp1252) || from == Some(Charset::Cp1252);
    cp1252 || (translit && to.is_some_and(narrow))
}

/// Opens a utf8x descriptor for the pair, or `None` when utf8x does not convert it.
fn open_ours(tocode: &CStr, fromcode: &CStr) -> Option<*mut c_void> {
    // SAFETY: both are NUL-terminated strings.
    let cd = unsafe { utf8x_iconv_open(tocode.as_ptr(), fromcode.as_ptr()) };
    if cd.addr() == usize::MAX {
        return None;
    }
    open_mut().insert(cd.addr(), Owner::Utf8x);
    Some(cd.cast())
}

fn set_errno(code: c_int) {
    // SAFETY: the calling thread's errno slot.
    unsafe { *libc::__errno_location() = code }
}

/// `(iconv_t)-1` with `errno = EINVAL`.
fn open_failed() -> *mut c_void {
    set_errno(libc::EINVAL);
    usize::MAX as *mut c_void
}

/// `(size_t)-1` with `errno = e`.
fn iconv_failed(e: c_int) -> size_t {
    set_errno(e);
    usize::MAX
}

/// -1 with `errno = EBADF`.
fn close_failed() -> c_int {
    set_errno(libc::EBADF);
    -1
}

/// iconv_open(3): utf8x for the pairs it converts, the next `iconv_open` (glibc's) otherwise;
/// glibc first for the pairs where utf8x would write other bytes ([`glibc_first`]).
///
/// # Safety
/// As iconv_open(3): `tocode` and `fromcode` are NUL-terminated strings (or NULL: EINVAL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn iconv_open(tocode: *const c_char, fromcode: *const c_char) -> *mut c_void {
    ffi_boundary(open_failed, || {
        // SAFETY: glibc's iconv_open, called with the caller's own arguments.
        let glibc = || next().open.map(|open| unsafe { open(tocode, fromcode) });
        if tocode.is_null() || fromcode.is_null() {
            return glibc().map_or_else(open_failed, record_glibc);
        }
        // SAFETY: non-NULL and NUL-terminated per the contract.
        let (to, from) = unsafe { (CStr::from_ptr(tocode), CStr::from_ptr(fromcode)) };
        let (to_name, to_spec) = split(&to.to_string_lossy());
        let (from_name, _) = split(&from.to_string_lossy());
        let (to_cs, from_cs) = (Charset::from_name(&to_name), Charset::from_name(&from_name));
        if glibc_first(to_cs, from_cs, to_spec.translit) {
            match glibc() {
                Some(cd) if cd.addr() != usize::MAX => return record_glibc(cd),
                _ => return open_ours(to, from).unwrap_or_else(open_failed),
            }
        }
        if let Some(cd) = open_ours(to, from) {
            return cd;
        }
        glibc().map_or_else(open_failed, record_glibc)
    })
}

/// iconv(3): utf8x's descriptors convert on utf8x, glibc's on the next `iconv` (glibc's), and
/// any other handle gets -1 with `errno = EBADF`.
///
/// # Safety
/// As iconv(3) for the buffers; `cd` may be any value.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn iconv(
    cd: *mut c_void,
    inbuf: *mut *mut c_char,
    inbytesleft: *mut size_t,
    outbuf: *mut *mut c_char,
    outbytesleft: *mut size_t,
) -> size_t {
    ffi_boundary(
        || iconv_failed(libc::EFAULT),
        || match (owner(cd), next().iconv) {
            // SAFETY: a utf8x descriptor (utf8x checks it again); the buffers are the caller's,
            // valid per iconv(3).
            (Some(Owner::Utf8x), _) => unsafe {
                utf8x_iconv(
                    cd as utf8x_iconv_t,
                    inbuf,
                    inbytesleft,
                    outbuf,
                    outbytesleft,
                )
            },
            // SAFETY: an open glibc descriptor, passed back to glibc with the caller's arguments.
            (Some(Owner::Glibc), Some(f)) => unsafe {
                f(cd, inbuf, inbytesleft, outbuf, outbytesleft)
            },
            _ => iconv_failed(libc::EBADF),
        },
    )
}

/// iconv_close(3), dispatched like `iconv`: -1 with `errno = EBADF` for a handle closed
/// already or never opened, instead of a double free.
///
/// # Safety
/// `cd` may be any value; an open one is not used afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn iconv_close(cd: *mut c_void) -> c_int {
    ffi_boundary(close_failed, || {
        // Out of the record before it is freed: a handle the allocator gives out again at once
        // is then recorded afresh, never removed by this close.
        let owner = open_mut().remove(&cd.addr());
        match (owner, next().close) {
            // SAFETY: a utf8x descriptor, removed from the record so it is closed only once.
            (Some(Owner::Utf8x), _) => unsafe { utf8x_iconv_close(cd as utf8x_iconv_t) },
            // SAFETY: an open glibc descriptor, removed from the record, passed back to glibc.
            (Some(Owner::Glibc), Some(f)) => unsafe { f(cd) },
            _ => close_failed(),
        }
    })
}

/// glibc's private `__gconv_open`, which iconv(1) calls instead of `iconv_open`: utf8x takes
/// the pairs it converts (with the spec's `//TRANSLIT` / `//IGNORE` flags), glibc the rest,
/// chosen as in `iconv_open`.
///
/// # Safety
/// As glibc's: `spec` points to a valid `struct gconv_spec`, `handle` to writable storage.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn __gconv_open(
    spec: *mut GconvSpec,
    handle: *mut *mut c_void,
    flags: c_int,
) -> c_int {
    ffi_boundary(
        || GCONV_NOCONV,
        || {
            let glibc = || {
                let Some(f) = next().gconv_open else {
                    return GCONV_NOCONV;
                };
                // SAFETY: glibc's own function with the caller's arguments.
                let status = unsafe { f(spec, handle, flags) };
                if status == GCONV_OK && !handle.is_null() {
                    // SAFETY: glibc stored its new handle there (glibc's contract).
                    record_glibc(unsafe { *handle });
                }
                status
            };
            if flags != 0 || spec.is_null() || handle.is_null() || !spec_abi() {
                return glibc();
            }
            // SAFETY: a valid spec whose names are NUL-terminated (glibc's contract).
            let (to, from, translit, ignore) = unsafe {
                let s = &*spec;
                (
                    CStr::from_ptr(s.tocode),
                    CStr::from_ptr(s.fromcode),
                    s.translit,
                    s.ignore,
                )
            };
            let charset = |name: &CStr| name.to_str().ok().and_then(Charset::from_name);
            let (to_cs, from_cs) = (charset(to), charset(from));
            if to_cs.is_none() || from_cs.is_none() {
                return glibc();
            }
            let glibc_status = if glibc_first(to_cs, from_cs, translit) {
                match glibc() {
                    GCONV_OK => return GCONV_OK,
                    status => Some(status),
                }
            } else {
                None
            };
            let suffix = match (translit, ignore) {
                (true, true) => "//TRANSLIT,IGNORE",
                (true, false) => "//TRANSLIT",
                (false, true) => "//IGNORE",
                (false, false) => "",
            };
            let to_name = to.to_str().unwrap_or("").trim_end_matches('/');
            if let Ok(to) = CString::new(format!("{to_name}{suffix}"))
                && let Some(cd) = open_ours(&to, from)
            {
                // SAFETY: `handle` is non-NULL and writable (glibc's contract).
                unsafe { *handle = cd };
                return GCONV_OK;
            }
            glibc_status.unwrap_or_else(glibc)
        },
    )
}
