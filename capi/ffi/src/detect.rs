//! Byte order mark and encoding detection shims.

use utf8x::Encoding;

use super::args::{input, output, query};
use super::boundary::ffi_boundary;

/// Recognises a byte order mark at the start of `src[0..len)`.
///
/// Marks: `EF BB BF` is `UTF8X_ENC_UTF8`, `FF FE 00 00` is `UTF8X_ENC_UTF32LE` (checked before
/// `FF FE`, `UTF8X_ENC_UTF16LE`), `FE FF` is `UTF8X_ENC_UTF16BE` and `00 00 FE FF` is
/// `UTF8X_ENC_UTF32BE`.
///
/// - `src`, `len`: the start of the data, in bytes; fewer bytes than a mark is simply no mark.
/// - `bom_len`: NULL, or where to store the mark's length in bytes (2, 3 or 4; 0 when there is
///   none). Skip that many bytes to reach the text.
///
/// Returns the `UTF8X_ENC_*` encoding of the mark, or 0 when `src` does not start with one.
///
/// Errors: returns 0 (and stores 0) when `src` is NULL and `len > 0`; returns 0 and stores
/// nothing when `bom_len` is not aligned for `size_t`.
///
/// # Safety
/// `src` must point to `len` readable bytes, or be NULL when `len` is 0. `bom_len` must be NULL
/// or point to a writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_bom(src: *const u8, len: usize, bom_len: *mut usize) -> u32 {
    ffi_boundary(
        || 0,
        || {
            // SAFETY: forwarded from this function's contract; `output` checks NULL and alignment.
            let Some(slot) = (unsafe { output(bom_len, 1) }) else {
                return 0;
            };
            // SAFETY: forwarded from this function's contract.
            let mark = unsafe { input(src, len) }.and_then(utf8x::bom);
            if let Some([slot]) = slot {
                *slot = mark.map_or(0, |(_, n)| n);
            }
            mark.map_or(0, |(encoding, _)| encoding as u32)
        },
    )
}

/// Returns the most likely encoding of `src[0..len)` among `UTF8X_ENC_UTF8`,
/// `UTF8X_ENC_UTF16LE`, `UTF8X_ENC_UTF16BE`, `UTF8X_ENC_UTF32LE`, `UTF8X_ENC_UTF32BE` and
/// `UTF8X_ENC_CP1252`.
///
/// In order: a byte order mark decides (as `utf8x_bom`; `FF FE 00 00` followed by UTF-16LE
/// rather than UTF-32LE is UTF-16LE); valid UTF-8 without a `00` byte is UTF-8, also when the
/// input ends inside its last character; then UTF-32 when every 4-byte unit is a scalar value;
/// then UTF-16 when its surrogates pair up, its characters are plausible text and its bytes have
/// the shape of UTF-16 (`00` high bytes of ASCII-heavy text, control bytes a single-byte text
/// would not hold, high bytes with far fewer distinct values than low bytes, surrogate pairs in
/// quantity, or `00` bytes on high bytes only), the byte order with the more plausible
/// characters winning; otherwise UTF-8 when valid (it then holds `00` bytes) and CP1252 for
/// anything else. UTF-8 is checked over the whole input; the UTF-16/32 tests read its first
/// 8 KiB. A final partial unit is ignored. The mark is not skipped: `utf8x_bom` gives its length.
///
/// Short inputs carry little evidence: UTF-16 of fewer than about 32 CJK characters with no mark
/// and no `00` byte may read as CP1252.
///
/// - `src`, `len`: the data, in bytes.
///
/// Returns a `UTF8X_ENC_*` value; never fails. Empty input is `UTF8X_ENC_UTF8`.
///
/// Errors: returns `UTF8X_ENC_UTF8`, as for empty input, when `src` is NULL and `len > 0`.
///
/// # Safety
/// `src` must point to `len` readable bytes, or be NULL when `len` is 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_detect(src: *const u8, len: usize) -> u32 {
    ffi_boundary(
        || Encoding::Utf8 as u32,
        || {
            // SAFETY: forwarded from this function's contract.
            unsafe { query(src, len, Encoding::Utf8 as u32, |s| utf8x::detect(s) as u32) }
        },
    )
}
