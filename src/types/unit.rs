//! The code unit types the encoding-generic API accepts, and the safe views between them.

mod sealed {
    pub trait Sealed {}
    impl Sealed for u8 {}
    impl Sealed for u16 {}
    impl Sealed for u32 {}
}

/// A code unit type [`crate::convert()`] and [`crate::Stream`] accept: `u8`, `u16` or `u32`. Each method views a slice as the
/// unit type an encoding needs, or gives `None` when the types differ.
pub trait Unit: Copy + Default + Send + Sync + Into<u32> + TryFrom<u32> + sealed::Sealed {
    #[doc(hidden)]
    fn bytes(_: &[Self]) -> Option<&[u8]> {
        None
    }
    #[doc(hidden)]
    fn units16(_: &[Self]) -> Option<&[u16]> {
        None
    }
    #[doc(hidden)]
    fn units32(_: &[Self]) -> Option<&[u32]> {
        None
    }
    #[doc(hidden)]
    fn bytes_mut(_: &mut [Self]) -> Option<&mut [u8]> {
        None
    }
    #[doc(hidden)]
    fn units16_mut(_: &mut [Self]) -> Option<&mut [u16]> {
        None
    }
    #[doc(hidden)]
    fn units32_mut(_: &mut [Self]) -> Option<&mut [u32]> {
        None
    }
    /// `s` as a slice of `Self` when `S` is `Self`.
    #[doc(hidden)]
    fn view<S: Unit>(s: &[S]) -> Option<&[Self]>;
    /// `s` as a mutable slice of `Self` when `S` is `Self`.
    #[doc(hidden)]
    fn view_mut<S: Unit>(s: &mut [S]) -> Option<&mut [Self]>;
}

impl Unit for u8 {
    fn view<S: Unit>(s: &[S]) -> Option<&[u8]> {
        S::bytes(s)
    }
    fn view_mut<S: Unit>(s: &mut [S]) -> Option<&mut [u8]> {
        S::bytes_mut(s)
    }
    fn bytes(s: &[u8]) -> Option<&[u8]> {
        Some(s)
    }
    fn bytes_mut(s: &mut [u8]) -> Option<&mut [u8]> {
        Some(s)
    }
}

impl Unit for u16 {
    fn view<S: Unit>(s: &[S]) -> Option<&[u16]> {
        S::units16(s)
    }
    fn view_mut<S: Unit>(s: &mut [S]) -> Option<&mut [u16]> {
        S::units16_mut(s)
    }
    fn units16(s: &[u16]) -> Option<&[u16]> {
        Some(s)
    }
    fn units16_mut(s: &mut [u16]) -> Option<&mut [u16]> {
        Some(s)
    }
}

impl Unit for u32 {
    fn view<S: Unit>(s: &[S]) -> Option<&[u32]> {
        S::units32(s)
    }
    fn view_mut<S: Unit>(s: &mut [S]) -> Option<&mut [u32]> {
        S::units32_mut(s)
    }
    fn units32(s: &[u32]) -> Option<&[u32]> {
        Some(s)
    }
    fn units32_mut(s: &mut [u32]) -> Option<&mut [u32]> {
        Some(s)
    }
}

/// `src` and `dst` seen as the unit types `A` and `B`, or `None` when they are other types.
#[allow(clippy::type_complexity)]
pub(crate) fn views<'a, 'b, A: Unit, B: Unit, S: Unit, T: Unit>(
    src: &'a [S],
    dst: Option<&'b mut [T]>,
) -> Option<(&'a [A], Option<&'b mut [B]>)> {
    Some((A::view(src)?, same(dst)?))
}

/// A source of any of the three unit types, the type a value: what the engine's entry for the
/// pairs without a direct function takes, so that it is one function compiled once in this
/// crate, not once per unit type in every crate that calls [`crate::convert()`].
#[derive(Clone, Copy)]
pub(crate) enum Src<'a> {
    U8(&'a [u8]),
    U16(&'a [u16]),
    U32(&'a [u32]),
}

impl<'a> Src<'a> {
    /// `None` only for a unit type that is none of the three, which the sealed trait rules out.
    pub(crate) fn of<S: Unit>(s: &'a [S]) -> Option<Self> {
        Some(match size_of::<S>() {
            1 => Src::U8(u8::view(s)?),
            2 => Src::U16(u16::view(s)?),
            _ => Src::U32(u32::view(s)?),
        })
    }

    /// The source as `A`, or `None` when it holds another unit type.
    pub(crate) fn view<A: Unit>(self) -> Option<&'a [A]> {
        match self {
            Src::U8(s) => A::view(s),
            Src::U16(s) => A::view(s),
            Src::U32(s) => A::view(s),
        }
    }
}

/// A target of any of the three unit types (or none, to measure, of a named one): [`Src`]'s
/// counterpart.
pub(crate) enum Dst<'b> {
    U8(Option<&'b mut [u8]>),
    U16(Option<&'b mut [u16]>),
    U32(Option<&'b mut [u32]>),
}

impl<'b> Dst<'b> {
    /// `None` only for a unit type that is none of the three, which the sealed trait rules out.
    pub(crate) fn of<T: Unit>(d: Option<&'b mut [T]>) -> Option<Self> {
        // One view by the type's size: trying each in turn would hold the borrow of `d` for
        // the result's lifetime from the first try on.
        Some(match size_of::<T>() {
            1 => Dst::U8(same(d)?),
            2 => Dst::U16(same(d)?),
            _ => Dst::U32(same(d)?),
        })
    }

    /// The target as `B`, or `None` when it holds another unit type.
    pub(crate) fn view<B: Unit>(self) -> Option<Option<&'b mut [B]>> {
        match self {
            Dst::U8(d) => same(d),
            Dst::U16(d) => same(d),
            Dst::U32(d) => same(d),
        }
    }
}

/// `d` as `B`, or `None` when `T` is another unit type (measuring too: the caller named a
/// target type).
fn same<B: Unit, T: Unit>(d: Option<&mut [T]>) -> Option<Option<&mut [B]>> {
    match d {
        None => B::view_mut::<T>(&mut []).map(|_| None),
        Some(d) => B::view_mut(d).map(Some),
    }
}
