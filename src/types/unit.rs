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
    let src = A::view(src)?;
    match dst {
        // Measuring still needs the right target type: the caller named one.
        None => B::view_mut::<T>(&mut []).map(|_| (src, None)),
        Some(d) => Some((src, Some(B::view_mut(d)?))),
    }
}
