//! Shared pieces of the fuzz targets: reading structure out of the fuzz input, the kernel sets,
//! and `utf8x::convert` over raw bytes for any pair of encodings (unit types chosen at run time).

use std::sync::OnceLock;

use utf8x::__test::Kernel;
use utf8x::{Encoding, Outcome, Policy, Status, Unit};

/// Every kernel set this CPU runs, looked up once: the targets compare each of them in-process.
pub fn kernels() -> &'static [Kernel] {
    static KERNELS: OnceLock<Vec<Kernel>> = OnceLock::new();
    KERNELS.get_or_init(utf8x::__test::kernels)
}

/// Structure read from the front of the fuzz input; the rest is the payload. Running out of
/// bytes yields zeros, so every input is usable.
pub struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Input { data }
    }

    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// A payload of up to `n` bytes.
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        let (head, rest) = self.data.split_at(n.min(self.data.len()));
        self.data = rest;
        head
    }

    /// A payload whose length is the next byte (so that later bytes remain for structure).
    pub fn sized(&mut self) -> &'a [u8] {
        let n = self.byte() as usize;
        self.take(n)
    }

    pub fn rest(&mut self) -> &'a [u8] {
        core::mem::take(&mut self.data)
    }

    pub fn encoding(&mut self) -> Encoding {
        Encoding::ALL[self.byte() as usize % Encoding::ALL.len()]
    }

    pub fn policy(&mut self) -> Policy {
        POLICIES[self.byte() as usize % POLICIES.len()]
    }
}

pub const POLICIES: [Policy; 5] = [
    Policy::Strict,
    Policy::Replace,
    Policy::Skip,
    Policy::Escape,
    Policy::Fallback,
];

/// `bytes` as units of `U` in the machine's byte order (a trailing partial unit is dropped).
pub fn units<U: Unit>(bytes: &[u8]) -> Vec<U> {
    let size = size_of::<U>();
    bytes
        .chunks_exact(size)
        .map(|c| {
            let mut v = [0u8; 4];
            v[..size].copy_from_slice(c);
            let v = match size {
                1 => v[0] as u32,
                2 => u16::from_ne_bytes([v[0], v[1]]) as u32,
                _ => u32::from_ne_bytes(v),
            };
            U::try_from(v).ok().expect("fits by construction")
        })
        .collect()
}

/// The unit values of `src` widened to `u32`, whatever the unit type.
pub fn widen<U: Unit>(src: &[U]) -> Vec<u32> {
    src.iter().map(|&u| u.into()).collect()
}

/// Output of a conversion: its outcome and the units written (widened to `u32`).
pub type Converted = (Outcome, Vec<u32>);

/// `utf8x::convert` of `src` from `from` to `to`, measuring when `cap` is `None`, else into an
/// output of exactly `cap` units (so that AddressSanitizer sees any write past it).
pub fn convert_typed<S: Unit, T: Unit>(
    src: &[S],
    from: Encoding,
    to: Encoding,
    policy: Policy,
    cap: Option<usize>,
) -> Converted {
    match cap {
        None => (utf8x::convert::<S, T>(src, from, None, to, policy), vec![]),
        Some(cap) => {
            let mut dst = vec![T::default(); cap];
            let r = utf8x::convert(src, from, Some(&mut dst[..]), to, policy);
            assert!(
                r.written <= cap,
                "written {} past capacity {cap}",
                r.written
            );
            dst.truncate(r.written);
            (r, widen(&dst))
        }
    }
}

/// Runs `$body` with `$S` and `$T` bound to the unit types of `$from` and `$to`.
#[macro_export]
macro_rules! with_units {
    ($from:expr, $to:expr, |$S:ident, $T:ident| $body:expr) => {
        match ($from.unit_size(), $to.unit_size()) {
            (1, 1) => {
                type $S = u8;
                type $T = u8;
                $body
            }
            (1, 2) => {
                type $S = u8;
                type $T = u16;
                $body
            }
            (1, _) => {
                type $S = u8;
                type $T = u32;
                $body
            }
            (2, 1) => {
                type $S = u16;
                type $T = u8;
                $body
            }
            (2, 2) => {
                type $S = u16;
                type $T = u16;
                $body
            }
            (2, _) => {
                type $S = u16;
                type $T = u32;
                $body
            }
            (_, 1) => {
                type $S = u32;
                type $T = u8;
                $body
            }
            (_, 2) => {
                type $S = u32;
                type $T = u16;
                $body
            }
            (_, _) => {
                type $S = u32;
                type $T = u32;
                $body
            }
        }
    };
}

/// [`convert_typed`] over units given as `u32` values (each must fit `from`'s unit type).
pub fn convert_units(
    src: &[u32],
    from: Encoding,
    to: Encoding,
    policy: Policy,
    cap: Option<usize>,
) -> Converted {
    with_units!(from, to, |S, T| {
        let src: Vec<S> = src.iter().map(|&v| S::try_from(v).ok().unwrap()).collect();
        convert_typed::<S, T>(&src, from, to, policy, cap)
    })
}

/// Measures, then converts into exactly the measured room: both must agree on everything but
/// the output itself.
pub fn convert_exact(src: &[u32], from: Encoding, to: Encoding, policy: Policy) -> Converted {
    let (measured, _) = convert_units(src, from, to, policy, None);
    let (r, out) = convert_units(src, from, to, policy, Some(measured.written));
    let who = format!("{from:?} -> {to:?} {policy:?} src {src:x?}");
    assert_eq!(r, measured, "measure and convert disagree: {who}");
    (r, out)
}

/// The output room, in units of `to`, in which every conversion makes progress: one character
/// of the target (a supplementary character, or one escaped or Windows-1252-decoded byte).
pub fn smallest_room(to: Encoding) -> usize {
    match to.unit_size() {
        1 if to.is_utf8_family() && !matches!(to, Encoding::Utf8 | Encoding::Wtf8) => 6,
        1 if to.is_utf8_family() => 4,
        1 => 1,
        2 => 2,
        _ => 1,
    }
}

/// True when the outcome ends the conversion (anything but a full output).
pub fn finished(r: &Outcome) -> bool {
    r.status != Status::OutputFull
}
