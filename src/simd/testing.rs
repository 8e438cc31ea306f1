//! Test-only access to every kernel set in one process, for differential tests. Not part of the
//! API: hidden from the docs, may change at any time.

use super::Kernels;
use crate::outcome::{Outcome, Policy};

/// A kernel set this CPU can run.
#[derive(Clone, Copy)]
pub struct Kernel(&'static Kernels);

impl core::fmt::Debug for Kernel {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.0.name)
    }
}

/// Every kernel set this CPU can run, portable (`"scalar"`) first.
pub fn kernels() -> Vec<Kernel> {
    super::names().filter_map(kernel).collect()
}

/// The kernel set called `name`, if this CPU can run it.
pub fn kernel(name: &str) -> Option<Kernel> {
    super::by_name(name).map(Kernel)
}

/// Forwards each listed operation to the core function taking an explicit kernel set.
macro_rules! forward {
    ($($name:ident => $path:path: ($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {
        impl Kernel {
            /// The set's name: `scalar`, `sse42`, `avx2`, `avx512`, `neon`.
            pub fn name(self) -> &'static str {
                self.0.name
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
    validate => crate::validate::validate_with: (src: &[u8]) -> Outcome;
    is_valid => crate::validate::is_valid_with: (src: &[u8]) -> bool;
    is_ascii => crate::validate::is_ascii_with: (src: &[u8]) -> bool;
    count => crate::validate::count_with: (src: &[u8]) -> usize;
    validate_utf16le => crate::validate::validate_utf16::<crate::decode::Le>: (src: &[u16]) -> Outcome;
    validate_utf16be => crate::validate::validate_utf16::<crate::decode::Be>: (src: &[u16]) -> Outcome;
    validate_utf32 => crate::validate::validate_utf32_with: (src: &[u32]) -> Outcome;
    to_utf16le => crate::convert::to_utf16le_with:
        (src: &[u8], dst: Option<&mut [u16]>, policy: Policy) -> Outcome;
    to_utf16be => crate::convert::to_utf16be_with:
        (src: &[u8], dst: Option<&mut [u16]>, policy: Policy) -> Outcome;
    to_utf32 => crate::convert::to_utf32_with:
        (src: &[u8], dst: Option<&mut [u32]>, policy: Policy) -> Outcome;
    to_latin1 => crate::convert::to_latin1_with:
        (src: &[u8], dst: Option<&mut [u8]>, policy: Policy) -> Outcome;
    from_utf16le => crate::convert::from_utf16le_with:
        (src: &[u16], dst: Option<&mut [u8]>, policy: Policy) -> Outcome;
    from_utf16be => crate::convert::from_utf16be_with:
        (src: &[u16], dst: Option<&mut [u8]>, policy: Policy) -> Outcome;
    from_utf32 => crate::convert::from_utf32_with:
        (src: &[u32], dst: Option<&mut [u8]>, policy: Policy) -> Outcome;
    from_latin1 => crate::convert::from_latin1_with:
        (src: &[u8], dst: Option<&mut [u8]>, policy: Policy) -> Outcome;
}
