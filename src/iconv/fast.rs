//! Fast paths for the common iconv pairs: the library's own conversion functions (whatever
//! vectorised kernels they dispatch to) convert each well-formed run; the iconv engine only
//! handles what they stop at. Byte streams may be unaligned, so 16/32-bit units pass through a
//! small stack buffer.

use super::{Codec, NATIVE, Order};
use crate::types::outcome::{Outcome, Policy};

/// Converts a well-formed prefix of the input that fits in the output: `(read, written)`.
pub(super) type Fast = fn(&[u8], Option<&mut [u8]>) -> (usize, usize);

/// Units per round through the stack buffer.
const CHUNK: usize = 4096;

/// The fast path for a pair, when there is one.
pub(super) fn for_pair(from: Codec, to: Codec) -> Option<Fast> {
    Some(match (from, to) {
        (Codec::Utf8, Codec::Utf8) => utf8_to_utf8,
        (Codec::Utf8, Codec::Latin1) => |s, d| direct(s, d, crate::to_latin1),
        (Codec::Latin1, Codec::Utf8) => |s, d| direct(s, d, crate::from_latin1),
        (Codec::Utf8, Codec::Utf16(Order::Le)) => |s, d| to_wide(s, d, crate::to_utf16le),
        (Codec::Utf8, Codec::Utf16(Order::Be)) => |s, d| to_wide(s, d, crate::to_utf16be),
        (Codec::Utf16(Order::Le), Codec::Utf8) => |s, d| from_wide(s, d, crate::from_utf16le),
        (Codec::Utf16(Order::Be), Codec::Utf8) => |s, d| from_wide(s, d, crate::from_utf16be),
        (Codec::Utf8, Codec::Utf32(order)) if order == NATIVE => {
            |s, d| to_wide(s, d, crate::to_utf32)
        }
        (Codec::Utf32(order), Codec::Utf8) if order == NATIVE => {
            |s, d| from_wide(s, d, crate::from_utf32)
        }
        _ => return None,
    })
}

/// A unit type moved through byte streams in the machine's order.
trait Wide: Copy + Default {
    const SIZE: usize;
    fn read(b: &[u8]) -> Self;
    fn write(self, b: &mut [u8]);
}

impl Wide for u16 {
    const SIZE: usize = 2;
    fn read(b: &[u8]) -> u16 {
        u16::from_ne_bytes([b[0], b[1]])
    }
    fn write(self, b: &mut [u8]) {
        b.copy_from_slice(&self.to_ne_bytes());
    }
}

impl Wide for u32 {
    const SIZE: usize = 4;
    fn read(b: &[u8]) -> u32 {
        u32::from_ne_bytes([b[0], b[1], b[2], b[3]])
    }
    fn write(self, b: &mut [u8]) {
        b.copy_from_slice(&self.to_ne_bytes());
    }
}

fn utf8_to_utf8(src: &[u8], dst: Option<&mut [u8]>) -> (usize, usize) {
    let Some(dst) = dst else { return (0, 0) };
    let n = src.len().min(dst.len());
    let valid = crate::validate(&src[..n]).read;
    dst[..valid].copy_from_slice(&src[..valid]);
    (valid, valid)
}

/// Byte-to-byte conversions: the library function works on the streams as they are.
fn direct(
    src: &[u8],
    dst: Option<&mut [u8]>,
    convert: fn(&[u8], Option<&mut [u8]>, Policy) -> Outcome,
) -> (usize, usize) {
    let Some(dst) = dst else { return (0, 0) };
    let o = convert(src, Some(dst), Policy::Strict);
    (o.read, o.written)
}

/// UTF-8 to 16/32-bit units: at most one unit per input byte, so a chunk of `room` bytes always
/// fits in `room` units.
fn to_wide<W: Wide>(
    src: &[u8],
    dst: Option<&mut [u8]>,
    convert: fn(&[u8], Option<&mut [W]>, Policy) -> Outcome,
) -> (usize, usize) {
    let Some(dst) = dst else { return (0, 0) };
    let mut buf = [W::default(); CHUNK];
    let (mut read, mut written) = (0, 0);
    loop {
        let room = ((dst.len() - written) / W::SIZE).min(CHUNK);
        let chunk = &src[read..src.len().min(read + room)];
        if chunk.is_empty() {
            return (read, written);
        }
        let o = convert(chunk, Some(&mut buf[..room]), Policy::Strict);
        let out = &mut dst[written..written + o.written * W::SIZE];
        for (bytes, &unit) in out.chunks_exact_mut(W::SIZE).zip(&buf[..o.written]) {
            unit.write(bytes);
        }
        read += o.read;
        written += o.written * W::SIZE;
        if o.read < chunk.len() {
            return (read, written);
        }
    }
}

/// 16/32-bit units to UTF-8, copied into aligned units first.
fn from_wide<W: Wide>(
    src: &[u8],
    dst: Option<&mut [u8]>,
    convert: fn(&[W], Option<&mut [u8]>, Policy) -> Outcome,
) -> (usize, usize) {
    let Some(dst) = dst else { return (0, 0) };
    let mut buf = [W::default(); CHUNK];
    let (mut read, mut written) = (0, 0);
    loop {
        let units = ((src.len() - read) / W::SIZE).min(CHUNK);
        if units == 0 {
            return (read, written);
        }
        for (unit, bytes) in buf
            .iter_mut()
            .zip(src[read..].chunks_exact(W::SIZE))
            .take(units)
        {
            *unit = W::read(bytes);
        }
        let o = convert(&buf[..units], Some(&mut dst[written..]), Policy::Strict);
        read += o.read * W::SIZE;
        written += o.written;
        if o.read < units {
            return (read, written);
        }
    }
}
