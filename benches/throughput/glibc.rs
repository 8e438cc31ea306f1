//! glibc's converters, the baseline that code switching to utf8x comes from: iconv(3) for every
//! conversion, and mbstowcs(3)/wcstombs(3) under the C.UTF-8 locale for UTF-8 ↔ wchar_t.

#![allow(unsafe_code)]

use std::ffi::{CStr, c_char};
use std::mem::size_of;

use crate::data::Text;

/// iconv's name for UTF-32 in the machine's byte order without a BOM (what `utf8x::to_utf32`
/// produces).
pub const UTF32: &CStr = if cfg!(target_endian = "little") {
    c"UTF-32LE"
} else {
    c"UTF-32BE"
};

/// One open conversion descriptor.
pub struct Iconv {
    cd: libc::iconv_t,
}

impl Iconv {
    pub fn open(to: &CStr, from: &CStr) -> Iconv {
        // SAFETY: both names are NUL-terminated strings.
        let cd = unsafe { libc::iconv_open(to.as_ptr(), from.as_ptr()) };
        assert!(
            cd as isize != -1,
            "glibc iconv_open({to:?}, {from:?}) failed: {}",
            std::io::Error::last_os_error()
        );
        Iconv { cd }
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
            libc::iconv(self.cd, no_buf, no_left, no_buf, no_left);
            libc::iconv(
                self.cd,
                &mut in_ptr,
                &mut in_left,
                &mut out_ptr,
                &mut out_left,
            ) as isize
                != -1
                && libc::iconv(self.cd, no_buf, no_left, &mut out_ptr, &mut out_left) as isize != -1
        };
        // SAFETY: iconv advanced `out_ptr` within `dst`.
        let bytes = unsafe { out_ptr.offset_from(out_start) } as usize;
        (ok && in_left == 0).then_some(bytes / size_of::<O>())
    }
}

impl Drop for Iconv {
    fn drop(&mut self) {
        // SAFETY: `cd` came from a successful iconv_open and is closed only here.
        unsafe { libc::iconv_close(self.cd) };
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

/// mbstowcs(3) of the whole text into `dst` (wchar_t is UTF-32 on Linux); `None` on ill-formed
/// input.
pub fn utf8_to_wchar(src: &Text<u8>, dst: &mut [u32]) -> Option<usize> {
    const { assert!(size_of::<libc::wchar_t>() == size_of::<u32>()) };
    let z = src.with_nul();
    // SAFETY: `z` is NUL-terminated (Text guarantees one zero unit after the text and none
    // within), and mbstowcs writes at most `dst.len()` wide characters.
    let n = unsafe { mbstowcs(dst.as_mut_ptr().cast(), z.as_ptr().cast(), dst.len()) };
    (n != usize::MAX).then_some(n)
}

/// wcstombs(3) of the whole text into `dst`; `None` on a value that is not a character.
pub fn wchar_to_utf8(src: &Text<u32>, dst: &mut [u8]) -> Option<usize> {
    let z = src.with_nul();
    // SAFETY: `z` is a NUL-terminated wide string (see Text), and wcstombs writes at most
    // `dst.len()` bytes.
    let n = unsafe { libc::wcstombs(dst.as_mut_ptr().cast(), z.as_ptr().cast(), dst.len()) };
    (n != usize::MAX).then_some(n)
}
