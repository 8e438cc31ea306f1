//! glibc's converters, the baseline that code switching to utf8x comes from: iconv(3) for every
//! conversion, and mbstowcs(3)/wcstombs(3) under the C.UTF-8 locale for UTF-8 ↔ wchar_t; and
//! utf8x's drop-in replacements for them, called through the same C ABI a migrating program uses.

#![allow(unsafe_code)]

use std::ffi::{CStr, c_char, c_int, c_void};
use std::mem::size_of;

use crate::data::Text;

/// iconv's name for UTF-32 in the machine's byte order without a BOM (what `utf8x::to_utf32`
/// produces).
pub const UTF32: &CStr = if cfg!(target_endian = "little") {
    c"UTF-32LE"
} else {
    c"UTF-32BE"
};

/// An iconv(3) implementation: glibc's, or utf8x's `utf8x_iconv*` with the same contract.
pub struct IconvApi {
    name: &'static str,
    open: unsafe extern "C" fn(*const c_char, *const c_char) -> *mut c_void,
    iconv: unsafe extern "C" fn(
        *mut c_void,
        *mut *mut c_char,
        *mut usize,
        *mut *mut c_char,
        *mut usize,
    ) -> usize,
    close: unsafe extern "C" fn(*mut c_void) -> c_int,
}

pub static GLIBC: IconvApi = IconvApi {
    name: "glibc",
    open: libc::iconv_open,
    iconv: libc::iconv,
    close: libc::iconv_close,
};

// utf8x's descriptor type is its own opaque pointer; these adapt it to `iconv_t`'s `void *`.
unsafe extern "C" fn utf8x_open(to: *const c_char, from: *const c_char) -> *mut c_void {
    // SAFETY: forwarded: both names are NUL-terminated strings.
    unsafe { utf8x_ffi::utf8x_iconv_open(to, from) }.cast()
}

unsafe extern "C" fn utf8x_iconv(
    cd: *mut c_void,
    i: *mut *mut c_char,
    il: *mut usize,
    o: *mut *mut c_char,
    ol: *mut usize,
) -> usize {
    // SAFETY: forwarded: `cd` came from utf8x_open; the pointers follow iconv's contract.
    unsafe { utf8x_ffi::utf8x_iconv(cd.cast(), i, il, o, ol) }
}

unsafe extern "C" fn utf8x_close(cd: *mut c_void) -> c_int {
    // SAFETY: forwarded: `cd` came from utf8x_open and is closed once.
    unsafe { utf8x_ffi::utf8x_iconv_close(cd.cast()) }
}

pub static UTF8X: IconvApi = IconvApi {
    name: "utf8x",
    open: utf8x_open,
    iconv: utf8x_iconv,
    close: utf8x_close,
};

/// One open conversion descriptor.
pub struct Iconv {
    cd: *mut c_void,
    api: &'static IconvApi,
}

impl Iconv {
    pub fn open(to: &CStr, from: &CStr) -> Iconv {
        Iconv::open_with(&GLIBC, to, from)
    }

    pub fn open_with(api: &'static IconvApi, to: &CStr, from: &CStr) -> Iconv {
        // SAFETY: both names are NUL-terminated strings.
        let cd = unsafe { (api.open)(to.as_ptr(), from.as_ptr()) };
        assert!(
            cd as isize != -1,
            "{} iconv_open({to:?}, {from:?}) failed: {}",
            api.name,
            std::io::Error::last_os_error()
        );
        Iconv { cd, api }
    }

    /// Converts all of `src` into `dst` in one call; `None` on ill-formed or unmappable input
    /// (or a full buffer). Returns output units (the unit size of `O`).
    pub fn convert<I, O>(&self, src: &[I], dst: &mut [O]) -> Option<usize> {
        let mut in_ptr = src.as_ptr() as *mut c_char;
        let mut in_left = size_of_val(src);
        let out_start = dst.as_mut_ptr() as *mut c_char;
        let mut out_ptr = out_start;
        let mut out_left = size_of_val(dst);
        // SAFETY: the pointers and counts describe exactly `src` and `dst`, which are valid and do
        // not overlap; iconv never writes through `inbuf` (its type is `char **` for historical
        // reasons only). The first call resets the shift state (these encodings have none, but
        // that is what a correct caller does), the last one flushes it.
        let ok = unsafe {
            let (no_buf, no_left) = (std::ptr::null_mut(), std::ptr::null_mut());
            let iconv = self.api.iconv;
            iconv(self.cd, no_buf, no_left, no_buf, no_left);
            iconv(
                self.cd,
                &mut in_ptr,
                &mut in_left,
                &mut out_ptr,
                &mut out_left,
            ) as isize
                != -1
                && iconv(self.cd, no_buf, no_left, &mut out_ptr, &mut out_left) as isize != -1
        };
        // SAFETY: iconv advanced `out_ptr` within `dst`.
        let bytes = unsafe { out_ptr.offset_from(out_start) } as usize;
        (ok && in_left == 0).then_some(bytes / size_of::<O>())
    }
}

impl Drop for Iconv {
    fn drop(&mut self) {
        // SAFETY: `cd` came from a successful open of the same API and is closed only here.
        unsafe { (self.api.close)(self.cd) };
    }
}

unsafe extern "C" {
    // The libc crate declares wcstombs but not mbstowcs.
    fn mbstowcs(dst: *mut libc::wchar_t, src: *const c_char, n: usize) -> usize;
}

/// Switches the process to the C.UTF-8 locale, which mbstowcs/wcstombs need to speak UTF-8.
/// The benchmark is single-threaded, and this runs before any other locale-dependent call.
pub fn use_utf8_locale() {
    // SAFETY: the name is NUL-terminated; no other thread exists that could read the locale.
    let set = unsafe { libc::setlocale(libc::LC_ALL, c"C.UTF-8".as_ptr()) };
    assert!(!set.is_null(), "setlocale(LC_ALL, \"C.UTF-8\") failed");
}

/// The signature of mbstowcs(3), glibc's or `utf8x_mbstowcs`.
pub type Mbstowcs = unsafe extern "C" fn(*mut libc::wchar_t, *const c_char, usize) -> usize;
/// The signature of wcstombs(3), glibc's or `utf8x_wcstombs`.
pub type Wcstombs = unsafe extern "C" fn(*mut c_char, *const libc::wchar_t, usize) -> usize;

pub const GLIBC_MBSTOWCS: Mbstowcs = mbstowcs;
pub const GLIBC_WCSTOMBS: Wcstombs = libc::wcstombs;
pub const UTF8X_MBSTOWCS: Mbstowcs = utf8x_ffi::utf8x_mbstowcs;
pub const UTF8X_WCSTOMBS: Wcstombs = utf8x_ffi::utf8x_wcstombs;

/// mbstowcs(3) of the whole text into `dst` (wchar_t is UTF-32 on Linux); `None` on ill-formed
/// input.
pub fn utf8_to_wchar(f: Mbstowcs, src: &Text<u8>, dst: &mut [u32]) -> Option<usize> {
    const { assert!(size_of::<libc::wchar_t>() == size_of::<u32>()) };
    let z = src.with_nul();
    // SAFETY: `z` is NUL-terminated (Text guarantees one zero unit after the text and none
    // within), and mbstowcs writes at most `dst.len()` wide characters.
    let n = unsafe { f(dst.as_mut_ptr().cast(), z.as_ptr().cast(), dst.len()) };
    (n != usize::MAX).then_some(n)
}

/// wcstombs(3) of the whole text into `dst`; `None` on a value that is not a character.
pub fn wchar_to_utf8(f: Wcstombs, src: &Text<u32>, dst: &mut [u8]) -> Option<usize> {
    let z = src.with_nul();
    // SAFETY: `z` is a NUL-terminated wide string (see Text), and wcstombs writes at most
    // `dst.len()` bytes.
    let n = unsafe { f(dst.as_mut_ptr().cast(), z.as_ptr().cast(), dst.len()) };
    (n != usize::MAX).then_some(n)
}
