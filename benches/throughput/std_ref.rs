//! What a Rust program does with the standard library alone: validate with `str::from_utf8`,
//! then iterate characters or code units into a preallocated buffer.

/// Stores `units` at the front of `dst`; `None` if any is `None` (a rejected character).
#[inline]
fn put<T>(dst: &mut [T], units: impl Iterator<Item = Option<T>>) -> Option<usize> {
    let mut n = 0;
    for (slot, unit) in dst.iter_mut().zip(units) {
        *slot = unit?;
        n += 1;
    }
    Some(n)
}

/// Encodes `chars` as UTF-8 at the front of `dst`; `None` if any is `None`.
#[inline]
fn put_utf8(dst: &mut [u8], chars: impl Iterator<Item = Option<char>>) -> Option<usize> {
    let mut n = 0;
    for c in chars {
        n += c?.encode_utf8(&mut dst[n..]).len();
    }
    Some(n)
}

#[inline]
pub fn validate(src: &[u8]) -> Option<usize> {
    core::str::from_utf8(src).ok().map(|_| 0)
}

/// Characters in `src`: std counts only through `str`, so this validates first.
#[inline]
pub fn count(src: &[u8]) -> Option<usize> {
    core::str::from_utf8(src).ok().map(|s| s.chars().count())
}

#[inline]
pub fn utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> Option<usize> {
    put(
        dst,
        core::str::from_utf8(src).ok()?.encode_utf16().map(Some),
    )
}

#[inline]
pub fn utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> Option<usize> {
    put_utf8(dst, char::decode_utf16(src.iter().copied()).map(Result::ok))
}

#[inline]
pub fn utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> Option<usize> {
    put(
        dst,
        core::str::from_utf8(src)
            .ok()?
            .chars()
            .map(|c| Some(c.into())),
    )
}

#[inline]
pub fn utf32_to_utf8(src: &[u32], dst: &mut [u8]) -> Option<usize> {
    put_utf8(dst, src.iter().map(|&u| char::from_u32(u)))
}

#[inline]
pub fn utf8_to_latin1(src: &[u8], dst: &mut [u8]) -> Option<usize> {
    let text = core::str::from_utf8(src).ok()?;
    put(dst, text.chars().map(|c| u8::try_from(c).ok()))
}

#[inline]
pub fn latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> Option<usize> {
    put_utf8(dst, src.iter().map(|&b| Some(char::from(b))))
}

/// `String::from_utf8_lossy` (which allocates a repaired copy when there are errors), then
/// `encode_utf16`.
#[inline]
pub fn utf8_to_utf16_lossy(src: &[u8], dst: &mut [u16]) -> Option<usize> {
    put(dst, String::from_utf8_lossy(src).encode_utf16().map(Some))
}

/// UTF-8 → UTF-16 through std's `Utf8Chunks`, whose invalid parts are the maximal ill-formed
/// subparts: each subpart's bytes become `per_byte` units, or nothing (SKIP) without it.
#[inline]
pub fn utf8_to_utf16_chunks(
    src: &[u8],
    dst: &mut [u16],
    per_byte: Option<fn(u8) -> u16>,
) -> Option<usize> {
    let mut n = 0;
    for chunk in src.utf8_chunks() {
        for unit in chunk.valid().encode_utf16() {
            *dst.get_mut(n)? = unit;
            n += 1;
        }
        if let Some(f) = per_byte {
            for &b in chunk.invalid() {
                *dst.get_mut(n)? = f(b);
                n += 1;
            }
        }
    }
    Some(n)
}

/// UTF-16 units to code points with `char::decode_utf16`.
#[inline]
pub fn utf16_to_utf32(src: &[u16], dst: &mut [u32]) -> Option<usize> {
    put(
        dst,
        char::decode_utf16(src.iter().copied()).map(|c| c.ok().map(u32::from)),
    )
}

/// Code points to UTF-16 units with `char::from_u32` and `char::encode_utf16`.
#[inline]
pub fn utf32_to_utf16(src: &[u32], dst: &mut [u16]) -> Option<usize> {
    let mut n = 0;
    for &v in src {
        n += char::from_u32(v)?.encode_utf16(&mut dst[n..]).len();
    }
    Some(n)
}
