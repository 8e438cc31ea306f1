//! Conversions over the library: [`transcode`] decodes to UTF-8, encodes from UTF-8, or both
//! with UTF-8 as the pivot. Each library call runs twice, first measuring (`dst: None`), then
//! into a buffer of exactly the measured size.

use utf8x::{ErrorKind, Outcome, Policy, Status};

use crate::encoding::{Encoding, Order};

/// A conversion's output and the substitutions its policy made.
pub struct Done<T> {
    pub out: T,
    pub replaced: usize,
}

/// Where a library call stopped; offsets count the units of its own input.
pub type Stopped = Outcome;

type Convert<S, D> = fn(&[S], Option<&mut [D]>, Policy) -> Outcome;

fn run<S, D: Copy + Default>(
    src: &[S],
    policy: Policy,
    convert: impl Fn(&[S], Option<&mut [D]>, Policy) -> Outcome,
) -> Result<Done<Vec<D>>, Stopped> {
    let measured = convert(src, None, policy);
    if !measured.is_ok() {
        return Err(measured);
    }
    let mut out = vec![D::default(); measured.written];
    let done = convert(src, Some(&mut out), policy);
    if done != measured {
        // The library promises that measuring predicts the conversion exactly.
        return Err(Outcome {
            status: Status::Internal,
            error: ErrorKind::Internal,
            ..done
        });
    }
    Ok(Done {
        out,
        replaced: done.replaced,
    })
}

/// `bytes` as code units of `N` bytes each; the caller has checked the length is a multiple of N.
fn units<const N: usize, T>(bytes: &[u8], unit: impl Fn([u8; N]) -> T) -> Vec<T> {
    bytes
        .chunks_exact(N)
        .map(|chunk| unit(chunk.try_into().unwrap_or([0; N])))
        .collect()
}

fn bytes<const N: usize, T: Copy>(units: &[T], unit: impl Fn(T) -> [u8; N]) -> Vec<u8> {
    units.iter().flat_map(|&u| unit(u)).collect()
}

/// The library's UTF-16 functions take units as they lie in memory (`from_utf16be` byte-swaps
/// on a little-endian machine), so the bytes of a file are read and written as native units.
fn utf16_pair(order: Order) -> (Convert<u16, u8>, Convert<u8, u16>) {
    match order {
        Order::Le => (utf8x::from_utf16le, utf8x::to_utf16le),
        Order::Be => (utf8x::from_utf16be, utf8x::to_utf16be),
        Order::Native => (utf8x::from_utf16, utf8x::to_utf16),
    }
}

/// Converts the bytes `src` from `from` to `to` under `policy`; a pair without UTF-8 goes
/// through UTF-8.
pub fn transcode(
    from: Encoding,
    to: Encoding,
    src: &[u8],
    policy: Policy,
) -> Result<Done<Vec<u8>>, Failure> {
    let size = from.unit_bytes();
    if src.len() % size != 0 {
        return Err(Failure::PartialUnit {
            at: src.len() - src.len() % size,
        });
    }
    let stopped = |at: Outcome, text: &[u8]| Failure::Stopped {
        at,
        character: character(at, text),
    };
    if matches!(from, Encoding::Byte(_)) || matches!(to, Encoding::Byte(_)) {
        return direct(from, to, src, policy);
    }
    if from == Encoding::Utf8 {
        return encode(to, src, policy).map_err(|at| stopped(at, src));
    }
    let pivot = decode(from, src, policy).map_err(|at| Failure::Stopped {
        at,
        character: None,
    })?;
    if to == Encoding::Utf8 {
        return Ok(pivot);
    }
    let done = encode(to, &pivot.out, policy).map_err(|at| {
        // The pivot is exact under STRICT, the one policy that stops here (on a character the
        // target lacks), so the offset maps back to the input.
        let prefix = &pivot.out[..at.read.min(pivot.out.len())];
        let character = character(at, &pivot.out);
        let at = Outcome {
            read: units_for(from, prefix),
            ..at
        };
        Failure::Stopped { at, character }
    })?;
    // Under REPLACE into Latin-1 each U+FFFD the decoder wrote becomes one more '?' in the
    // encoder: count that substitution once.
    let replaced = if policy == Policy::Replace && to == Encoding::Latin1 {
        done.replaced
    } else {
        pivot.replaced + done.replaced
    };
    Ok(Done {
        out: done.out,
        replaced,
    })
}

/// A pair with one of the other byte forms: `utf8x::convert` takes every pair directly, so no
/// pivot and no offset mapping are needed.
fn direct(
    from: Encoding,
    to: Encoding,
    src: &[u8],
    policy: Policy,
) -> Result<Done<Vec<u8>>, Failure> {
    match from.unit_bytes() {
        1 => direct_from(src, from, to, policy),
        2 => direct_from(&units(src, u16::from_ne_bytes), from, to, policy),
        _ => direct_from(&units(src, u32::from_ne_bytes), from, to, policy),
    }
}

fn direct_from<S: utf8x::Unit>(
    src: &[S],
    from: Encoding,
    to: Encoding,
    policy: Policy,
) -> Result<Done<Vec<u8>>, Failure> {
    let (f, t) = (from.library(), to.library());
    let stopped = |at: Outcome| Failure::Stopped {
        at,
        character: unmappable(src, f, at),
    };
    let (out, replaced) = match to.unit_bytes() {
        1 => {
            let done = run(src, policy, |s, d: Option<&mut [u8]>, p| {
                utf8x::convert(s, f, d, t, p)
            })
            .map_err(stopped)?;
            (done.out, done.replaced)
        }
        2 => {
            let done = run(src, policy, |s, d: Option<&mut [u16]>, p| {
                utf8x::convert(s, f, d, t, p)
            })
            .map_err(stopped)?;
            (bytes(&done.out, u16::to_ne_bytes), done.replaced)
        }
        _ => {
            let done = run(src, policy, |s, d: Option<&mut [u32]>, p| {
                utf8x::convert(s, f, d, t, p)
            })
            .map_err(stopped)?;
            (bytes(&done.out, u32::to_ne_bytes), done.replaced)
        }
    };
    Ok(Done { out, replaced })
}

/// The character at `at.read` of `src` (encoding `from`), when it is the unmappable one.
fn unmappable<S: utf8x::Unit>(src: &[S], from: utf8x::Encoding, at: Outcome) -> Option<char> {
    if at.status != Status::Unmappable {
        return None;
    }
    let mut one = [0u32; 1];
    let rest = src.get(at.read..)?;
    let o = utf8x::convert(
        rest,
        from,
        Some(&mut one[..]),
        utf8x::Encoding::Utf32,
        Policy::Strict,
    );
    (o.written == 1).then(|| char::from_u32(one[0])).flatten()
}

/// Why a conversion stopped.
pub enum Failure {
    /// A UTF-16 or UTF-32 input whose length is not a whole number of code units; `at` is the
    /// byte offset of the incomplete unit.
    PartialUnit { at: usize },
    /// The library stopped; offsets are in code units of the input. `character` is the valid
    /// character the target could not hold, for [`Status::Unmappable`].
    Stopped {
        at: Outcome,
        character: Option<char>,
    },
}

/// The character at `at.read` of the UTF-8 `text`, when it is the unmappable one.
fn character(at: Outcome, text: &[u8]) -> Option<char> {
    if at.status != Status::Unmappable {
        return None;
    }
    let rest = text.get(at.read..)?;
    String::from_utf8_lossy(&rest[..rest.len().min(4)])
        .chars()
        .next()
}

/// Decodes `src` (whole code units) to UTF-8.
fn decode(from: Encoding, src: &[u8], policy: Policy) -> Result<Done<Vec<u8>>, Stopped> {
    match from {
        Encoding::Utf8 => sanitize(src, policy),
        Encoding::Utf16(order) => run(&units(src, u16::from_ne_bytes), policy, utf16_pair(order).0),
        // The library's UTF-32 is native values: the byte order is handled here.
        Encoding::Utf32(order) => run(
            &units(src, |b| order.u32_from(b)),
            policy,
            utf8x::from_utf32,
        ),
        Encoding::Latin1 => run(src, policy, utf8x::from_latin1),
        Encoding::Byte(_) => unreachable!("converted directly"),
    }
}

/// Encodes UTF-8 `src` (possibly ill-formed) into `to`.
fn encode(to: Encoding, src: &[u8], policy: Policy) -> Result<Done<Vec<u8>>, Stopped> {
    let (out, replaced) = match to {
        Encoding::Utf8 => return sanitize(src, policy),
        Encoding::Utf16(order) => {
            let done = run(src, policy, utf16_pair(order).1)?;
            (bytes(&done.out, u16::to_ne_bytes), done.replaced)
        }
        Encoding::Utf32(order) => {
            let done = run(src, policy, utf8x::to_utf32)?;
            (bytes(&done.out, |v| order.u32_to(v)), done.replaced)
        }
        Encoding::Latin1 => {
            let done = run(src, policy, utf8x::to_latin1)?;
            (done.out, done.replaced)
        }
        Encoding::Byte(_) => unreachable!("converted directly"),
    };
    Ok(Done { out, replaced })
}

/// UTF-8 to UTF-8 under `policy`: a copy of the input when valid, repaired otherwise. It goes
/// through UTF-16, which holds every character and every escape; the way back cannot fail (its
/// only lone surrogates are escapes, which ESCAPE turns back into the original bytes).
fn sanitize(src: &[u8], policy: Policy) -> Result<Done<Vec<u8>>, Stopped> {
    let wide = run(src, policy, utf8x::to_utf16)?;
    let back = if policy == Policy::Escape {
        Policy::Escape
    } else {
        Policy::Strict
    };
    let narrow = run(&wide.out, back, utf8x::from_utf16)?;
    Ok(Done {
        out: narrow.out,
        replaced: wide.replaced,
    })
}

/// The number of `enc` code units that encode the valid UTF-8 `prefix`: maps an offset in the
/// UTF-8 pivot back to an offset in the input.
fn units_for(enc: Encoding, prefix: &[u8]) -> usize {
    match enc {
        Encoding::Utf8 => prefix.len(),
        Encoding::Utf16(_) => utf8x::to_utf16(prefix, None, Policy::Strict).written,
        Encoding::Utf32(_) | Encoding::Latin1 | Encoding::Byte(_) => utf8x::count(prefix),
    }
}
