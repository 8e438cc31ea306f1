//! `bare` where its loops are not written (every CPU but x86-64): no bare loop, and the limits
//! of the throughput benchmark's UTF-16 <-> UTF-32 tables as the compiler's loops.

/// One loop, named for the table.
pub type Named<S, D> = (&'static str, fn(&[S], &mut [D]) -> Option<usize>);

/// No bare widening loop here.
pub const WIDEN: [Named<u16, u32>; 0] = [];

/// No bare narrowing loop here.
pub const NARROW: [Named<u32, u16>; 0] = [];

/// The bare loops are x86-64 code.
pub fn supported() -> bool {
    false
}

/// The compiler's widening loop, whatever the kernel set.
pub fn widen_limit(_kernel: &str) -> fn(&[u16], &mut [u32]) -> Option<usize> {
    |src, dst| {
        for (d, &s) in dst[..src.len()].iter_mut().zip(src) {
            *d = u32::from(s);
        }
        Some(src.len())
    }
}

/// The compiler's narrowing loop, whatever the kernel set.
pub fn narrow_limit(_kernel: &str) -> fn(&[u32], &mut [u16]) -> Option<usize> {
    |src, dst| {
        for (d, &s) in dst[..src.len()].iter_mut().zip(src) {
            *d = s as u16;
        }
        Some(src.len())
    }
}
