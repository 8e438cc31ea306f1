//! Test-only access to every kernel set in one process, for differential tests. Not part of the
//! API: hidden from the docs, may change at any time.

use crate::codec::decode::Native;
use crate::simd::{self, Kernels};
use crate::types::outcome::{Outcome, Policy};

/// A kernel set this CPU can run.
#[derive(Clone, Copy)]
pub struct Kernel(&'static Kernels);

impl core::fmt::Debug for Kernel {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.0.name())
    }
}

/// Every kernel set this CPU can run, portable (`"scalar"`) first.
pub fn kernels() -> Vec<Kernel> {
    simd::names().filter_map(kernel).collect()
}

/// The kernel set called `name`, if this CPU can run it.
pub fn kernel(name: &str) -> Option<Kernel> {
    simd::by_name(name).map(Kernel)
}

/// Forwards each listed operation to the core function taking an explicit kernel set.
macro_rules! forward {
    ($($name:ident => $path:path: ($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {
        impl Kernel {
            /// The set's name: `scalar`, `sse42`, `avx2`, `avx512`, `neon`.
            pub fn name(self) -> &'static str {
                self.0.name()
            }
            $(
                #[allow(missing_docs)]
                pub fn $name(self, $($arg: $ty),*) -> $ret {
                    $path(self.0, $($arg),*)
                }
            )*
        }
    };
}

forward! {
    validate => crate::api::validate::validate_with: (src: &[u8]) -> Outcome;
    is_valid => crate::api::validate::is_valid_with: (src: &[u8]) -> bool;
    is_ascii => crate::api::validate::is_ascii_with: (src: &[u8]) -> bool;
    count => crate::api::validate::count_with: (src: &[u8]) -> usize;
    validate_utf16le => crate::api::validate::validate_utf16::<crate::codec::decode::Le>: (src: &[u16]) -> Outcome;
    validate_utf16be => crate::api::validate::validate_utf16::<crate::codec::decode::Be>: (src: &[u16]) -> Outcome;
    validate_utf32 => crate::api::validate::validate_utf32_with: (src: &[u32]) -> Outcome;
}

impl Kernel {
    /// The set's `utf8_valid_bmp_up_to`: the valid UTF-8 prefix up to the first 4-byte lead.
    pub fn valid_bmp_up_to(self, src: &[u8]) -> usize {
        (self.0.utf8_valid_bmp_up_to())(src)
    }
}

/// Forwards each direct conversion of the routing table's list to its function there.
macro_rules! conversions {
    ($($(#[$doc:meta])* $name:ident: $src:ty => $dst:ty, $from:ident => $to:ident;)*) => {
        impl Kernel {
            $(
                $(#[$doc])*
                pub fn $name(self, src: &[$src], dst: Option<&mut [$dst]>, policy: Policy) -> Outcome {
                    crate::engine::route::$name(self.0, src, src.len(), dst, policy)
                }
            )*
        }
    };
}

crate::engine::route::direct_conversions!(conversions! {});

/// Calls each listed kernel of the set directly, native byte order: `(read, written)`, with no
/// dispatch, routing or engine around it, so that tests see exactly what the kernel writes.
macro_rules! raw {
    ($($name:ident: $src:ty => $dst:ty, |$k:ident| $f:expr;)*) => {
        impl Kernel {
            $(
                #[allow(missing_docs)]
                pub fn $name(self, src: &[$src], dst: &mut [$dst]) -> (usize, usize) {
                    let $k = self.0;
                    ($f)(src, dst)
                }
            )*
        }
    };
}

raw! {
    raw_utf8_to_utf16: u8 => u16, |k| k.utf8_to_utf16::<Native>();
    raw_utf8_to_utf32: u8 => u32, |k| k.utf8_to_utf32();
    raw_utf8_to_latin1: u8 => u8, |k| k.utf8_to_latin1();
    raw_utf16_to_utf8: u16 => u8, |k| k.utf16_to_utf8::<Native>();
    raw_utf16_to_bmp_utf8: u16 => u8, |k| k.utf16_to_bmp_utf8::<Native>()[0];
    raw_utf16_to_bmp_utf8_nul: u16 => u8, |k| k.utf16_to_bmp_utf8::<Native>()[1];
    raw_utf32_to_utf8: u32 => u8, |k| k.utf32_to_utf8();
    raw_latin1_to_utf8: u8 => u8, |k| k.latin1_to_utf8();
}
