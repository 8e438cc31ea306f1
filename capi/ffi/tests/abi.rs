//! The ABI's Rust side called as C calls it: through the exported functions and constants
//! only. An integration test rather than unit tests, so that the shims are compiled once (a unit
//! test harness builds the whole crate again, the library's kernels with it).

use utf8x::Encoding;
use utf8x_ffi::*;

/// The header's version macros are written by hand; the crate's version comes from Cargo.toml.
/// A release that bumps one must bump the other.
#[test]
fn header_version_is_the_crate_version() {
    assert_eq!(
        utf8x::version(),
        UTF8X_VERSION_MAJOR << 16 | UTF8X_VERSION_MINOR << 8 | UTF8X_VERSION_PATCH
    );
    assert_eq!(utf8x_version(), utf8x::version());
}

/// A value ending inside a character and the next value starting with its rest are two bad
/// values, though the buffer is valid UTF-8.
#[test]
fn a_character_never_crosses_an_offset() {
    let values = b"caf\xC3\xA9lait";
    let (o32, o64) = ([0i32, 4, 9], [0i64, 4, 9]);
    let parts: [&[u8]; 2] = [b"caf\xC3", b"\xA9lait"];
    let (ptrs, lens) = (parts.map(|p| p.as_ptr()), parts.map(|p| p.len()));
    // SAFETY: the buffers and lengths above.
    let results = unsafe {
        [
            utf8x_validate_column32(values.as_ptr(), values.len(), o32.as_ptr(), 2),
            utf8x_validate_column64(values.as_ptr(), values.len(), o64.as_ptr(), 2),
            utf8x_validate_many(ptrs.as_ptr(), lens.as_ptr(), 2),
        ]
    };
    for r in results {
        assert_eq!((r.index, r.result.status, r.result.read), (0, 2, 3));
    }
    // SAFETY: NULL offsets with no values; NULL values with a length are refused.
    unsafe {
        let none = utf8x_validate_column32(core::ptr::null(), 0, core::ptr::null(), 0);
        assert_eq!((none.result.status, none.index), (0, 0));
        let bad = utf8x_validate_column64(core::ptr::null(), 3, o64.as_ptr(), 2);
        assert_eq!(bad.result.status, 5);
        let past = utf8x_validate_column32(values.as_ptr(), 8, o32.as_ptr(), 2);
        assert_eq!((past.result.status, past.index), (5, 2));
    }
}

#[test]
// Thousands of thread starts and whole-text conversions: hours under Miri.
#[cfg_attr(miri, ignore)]
fn parallel_calls_through_the_abi() {
    let text = "žluťoučký kůň ".repeat(10_000);
    let mut one = vec![0u16; text.len()];
    let mut many = vec![0u16; text.len()];
    let (src, len) = (text.as_ptr().cast(), text.len());
    let (utf8, utf16) = (Encoding::Utf8 as u32, Encoding::Utf16Le as u32);
    // SAFETY: the buffers and lengths above.
    let (a, b) = unsafe {
        (
            utf8x_convert(src, len, utf8, one.as_mut_ptr().cast(), 100, utf16, 0),
            utf8x_convert_parallel(src, len, utf8, many.as_mut_ptr().cast(), 100, utf16, 0, 3),
        )
    };
    assert_eq!((a, &one), (b, &many));
    assert_eq!(a.status, utf8x::Status::OutputFull as u32);
    // SAFETY: as above; NULL with length 0 is the empty buffer.
    unsafe {
        assert_eq!(utf8x_validate_parallel(text.as_ptr(), len, 0).read, len);
        assert_eq!(utf8x_validate_parallel(core::ptr::null(), 1, 0).status, 5);
        assert_eq!(utf8x_split_point(src, len, utf8, 1), 0);
        assert_eq!(utf8x_split_point(core::ptr::null(), 0, utf8, 2), 0);
    }
}
