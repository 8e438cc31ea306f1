//! Fast paths for the common iconv pairs: the library's own conversion functions (whatever
//! vectorised kernels they dispatch to) convert each well-formed run; the iconv engine only
//! handles what they stop at. Byte streams may be unaligned, so 16/32-bit units pass through a
//! small stack buffer.

use super::Codec;
use crate::engine::route::{canonical, direct_conversions};
use crate::types::encoding::Encoding;
use crate::types::outcome::{Outcome, Policy};

/// Converts a well-formed prefix of the input that fits in the output: `(read, written)`.
pub(super) type Fast = fn(&[u8], Option<&mut [u8]>) -> (usize, usize);

/// Units per round through the stack buffer.
const CHUNK: usize = 4096;

/// [`for_pair`]'s match: each direct conversion over byte streams, its adapter chosen by its
/// unit types.
macro_rules! fast_pair {
    ($pair:expr; $($(#[$doc:meta])* $name:ident: $s:tt => $d:tt, $from:ident => $to:ident;)*) => {
        Some(match $pair {
            $((Encoding::$from, Encoding::$to) => fast_pair!(@adapt $name, $s => $d),)*
            _ => return None,
        })
    };
    (@adapt $name:ident, u8 => u8) => { |s, d| direct(s, d, crate::$name) };
    (@adapt $name:ident, u8 => $d:tt) => { |s, d| to_wide(s, d, crate::$name) };
    (@adapt $name:ident, $s:tt => u8) => { |s, d| from_wide(s, d, crate::$name) };
    (@adapt $name:ident, $s:tt => $d:tt) => { |s, d| between_wide(s, d, crate::$name) };
}

/// The fast path for a pair, when there is one: UTF-8 validated and copied, or the direct
/// conversion of the routing table's list for the pair's encodings.
pub(super) fn for_pair(from: Codec, to: Codec) -> Option<Fast> {
    if (from, to) == (Codec::Utf8, Codec::Utf8) {
        return Some(utf8_to_utf8);
    }
    let (from, to) = (from.encoding()?, to.encoding()?);
    direct_conversions!(fast_pair! { (canonical(from), canonical(to)); })
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

/// 16-bit units to 32-bit ones or back, both sides through aligned units.
fn between_wide<A: Wide, B: Wide>(
    src: &[u8],
    dst: Option<&mut [u8]>,
    convert: fn(&[A], Option<&mut [B]>, Policy) -> Outcome,
) -> (usize, usize) {
    let Some(dst) = dst else { return (0, 0) };
    let (mut from, mut to) = ([A::default(); CHUNK], [B::default(); CHUNK]);
    let (mut read, mut written) = (0, 0);
    loop {
        let units = ((src.len() - read) / A::SIZE).min(CHUNK);
        let room = ((dst.len() - written) / B::SIZE).min(CHUNK);
        if units == 0 || room == 0 {
            return (read, written);
        }
        for (unit, bytes) in from
            .iter_mut()
            .zip(src[read..].chunks_exact(A::SIZE))
            .take(units)
        {
            *unit = A::read(bytes);
        }
        let o = convert(&from[..units], Some(&mut to[..room]), Policy::Strict);
        for (bytes, &unit) in dst[written..]
            .chunks_exact_mut(B::SIZE)
            .zip(&to[..o.written])
        {
            unit.write(bytes);
        }
        read += o.read * A::SIZE;
        written += o.written * B::SIZE;
        if o.read < units {
            return (read, written);
        }
    }
}
