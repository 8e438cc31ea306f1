//! The engine's decoder and encoder as values, so that one loop serves both ways of choosing
//! them: [`Typed`] names a codec of `codec` by its type (zero-sized; every call is resolved at
//! compile time, as the routing table's direct and default paths want), and under the `compact`
//! feature [`DecTable`] and [`EncTable`] carry it as function pointers, so that the pairs
//! without a direct function share one loop per pair of unit types instead of one per pair of
//! encodings (the WebAssembly module's size; docs/wasm.md).

use crate::codec::decode::{Decoder, Step};
use crate::codec::encode::Encoder;
use core::marker::PhantomData;

/// A decoder the engine's loop calls through a value.
pub(crate) trait Dec: Copy {
    type Unit: Copy;
    /// [`Decoder::BYTES`].
    fn bytes(self) -> bool;
    /// [`Decoder::value`].
    fn value(self, unit: Self::Unit) -> u32;
    /// [`Decoder::step`].
    fn step(self, src: &[Self::Unit]) -> Step;
    /// [`Decoder::at_end`].
    fn at_end(self, src: &[Self::Unit]) -> Option<Step>;
}

/// An encoder the engine's loop calls through a value.
pub(crate) trait Enc: Copy {
    type Unit: Copy;
    /// [`Encoder::REPLACEMENT`].
    fn replacement(self) -> u32;
    /// [`Encoder::ESCAPES`].
    fn escapes(self) -> bool;
    /// [`Encoder::units`].
    fn units(self, cp: u32) -> usize;
    /// [`Encoder::write`].
    fn write(self, cp: u32, out: &mut [Self::Unit]);
    /// [`Encoder::escape_units`].
    fn escape_units(self, v: u32) -> usize;
    /// [`Encoder::write_escape`].
    fn write_escape(self, v: u32, out: &mut [Self::Unit]);
}

/// The codec `C` itself: no data, every call static.
pub(crate) struct Typed<C>(PhantomData<fn() -> C>);

impl<C> Typed<C> {
    pub(crate) const fn new() -> Self {
        Typed(PhantomData)
    }
}

impl<C> Clone for Typed<C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C> Copy for Typed<C> {}

impl<D: Decoder> Dec for Typed<D> {
    type Unit = D::Unit;
    #[inline(always)]
    fn bytes(self) -> bool {
        D::BYTES
    }
    #[inline(always)]
    fn value(self, unit: D::Unit) -> u32 {
        D::value(unit)
    }
    #[inline(always)]
    fn step(self, src: &[D::Unit]) -> Step {
        D::step(src)
    }
    #[inline(always)]
    fn at_end(self, src: &[D::Unit]) -> Option<Step> {
        D::at_end(src)
    }
}

impl<E: Encoder> Enc for Typed<E> {
    type Unit = E::Unit;
    #[inline(always)]
    fn replacement(self) -> u32 {
        E::REPLACEMENT
    }
    #[inline(always)]
    fn escapes(self) -> bool {
        E::ESCAPES
    }
    #[inline(always)]
    fn units(self, cp: u32) -> usize {
        E::units(cp)
    }
    #[inline(always)]
    fn write(self, cp: u32, out: &mut [E::Unit]) {
        E::write(cp, out)
    }
    #[inline(always)]
    fn escape_units(self, v: u32) -> usize {
        E::escape_units(v)
    }
    #[inline(always)]
    fn write_escape(self, v: u32, out: &mut [E::Unit]) {
        E::write_escape(v, out)
    }
}

/// A decoder of units `U` as function pointers to its type's functions.
#[cfg(feature = "compact")]
#[derive(Clone, Copy)]
pub(crate) struct DecTable<U> {
    bytes: bool,
    value: fn(U) -> u32,
    step: fn(&[U]) -> Step,
    at_end: fn(&[U]) -> Option<Step>,
}

#[cfg(feature = "compact")]
impl<U> DecTable<U> {
    pub(crate) fn of<D: Decoder<Unit = U>>() -> Self {
        DecTable {
            bytes: D::BYTES,
            value: D::value,
            step: D::step,
            at_end: D::at_end,
        }
    }
}

#[cfg(feature = "compact")]
impl<U: Copy> Dec for DecTable<U> {
    type Unit = U;
    fn bytes(self) -> bool {
        self.bytes
    }
    fn value(self, unit: U) -> u32 {
        (self.value)(unit)
    }
    fn step(self, src: &[U]) -> Step {
        (self.step)(src)
    }
    fn at_end(self, src: &[U]) -> Option<Step> {
        (self.at_end)(src)
    }
}

/// An encoder of units `U` as function pointers to its type's functions.
#[cfg(feature = "compact")]
#[derive(Clone, Copy)]
pub(crate) struct EncTable<U> {
    replacement: u32,
    escapes: bool,
    units: fn(u32) -> usize,
    write: fn(u32, &mut [U]),
    escape_units: fn(u32) -> usize,
    write_escape: fn(u32, &mut [U]),
}

#[cfg(feature = "compact")]
impl<U> EncTable<U> {
    pub(crate) fn of<E: Encoder<Unit = U>>() -> Self {
        EncTable {
            replacement: E::REPLACEMENT,
            escapes: E::ESCAPES,
            units: E::units,
            write: E::write,
            escape_units: E::escape_units,
            write_escape: E::write_escape,
        }
    }
}

#[cfg(feature = "compact")]
impl<U: Copy> Enc for EncTable<U> {
    type Unit = U;
    fn replacement(self) -> u32 {
        self.replacement
    }
    fn escapes(self) -> bool {
        self.escapes
    }
    fn units(self, cp: u32) -> usize {
        (self.units)(cp)
    }
    fn write(self, cp: u32, out: &mut [U]) {
        (self.write)(cp, out)
    }
    fn escape_units(self, v: u32) -> usize {
        (self.escape_units)(v)
    }
    fn write_escape(self, v: u32, out: &mut [U]) {
        (self.write_escape)(v, out)
    }
}
