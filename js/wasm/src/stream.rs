//! The streaming conversion: the state is four `u64` words that the caller keeps between
//! chunks (the C API's `utf8x_stream`), so the module itself keeps nothing. The package's
//! streams decode to strings, so their target is UTF-16LE, and only that target is compiled in
//! (each other target unit would add the stream's loops for every source unit, some 10 KB).

use crate::memory::{put, units, units_mut, with_units};
use utf8x::{Encoding, Outcome, Policy, Stream};

/// Writes a new stream from `from` to `to` under `policy` into the four words at `state`;
/// returns 0 when the codes are unknown, the target is not UTF-16LE or the policy does not
/// apply to it.
///
/// # Safety
/// `state` is aligned for `u64` and has room for four of them.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn u8x_stream_init(state: *mut u64, from: u32, to: u32, policy: u32) -> u32 {
    let stream = match (
        Encoding::from_u32(from),
        Encoding::from_u32(to),
        Policy::from_u32(policy),
    ) {
        (Some(from), Some(to @ Encoding::Utf16Le), Some(policy)) => Stream::new(from, to, policy),
        _ => None,
    };
    match stream {
        Some(stream) => {
            // SAFETY: by this function's contract.
            unsafe { core::ptr::copy_nonoverlapping(stream.to_words().as_ptr(), state, 4) };
            1
        }
        None => 0,
    }
}

/// Converts the next chunk (`len` units at `src`) of the stream whose state is at `state`
/// into at most `cap` units at `dst` (`last`: the chunk ends the stream); the result at `out`,
/// the stream's absolute position (in source units) as a double at `position`.
///
/// # Safety
/// As `u8x_convert` for `src`, `dst` and `out`; `state` holds four words written by
/// [`u8x_stream_init`] or by an earlier call, and `position` has room for one `f64`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn u8x_stream_convert(
    state: *mut u64,
    src: *const u8,
    len: usize,
    dst: *mut u8,
    cap: usize,
    last: u32,
    out: *mut u32,
    position: *mut f64,
) {
    let mut words = [0u64; 4];
    // SAFETY: by this function's contract.
    unsafe { core::ptr::copy_nonoverlapping(state, words.as_mut_ptr(), 4) };
    let outcome = match Stream::from_words(words) {
        // The target is UTF-16LE in every state `u8x_stream_init` writes; a state changed since
        // is refused, never read with the wrong unit type.
        Some(stream) if stream.to() != Encoding::Utf16Le => Outcome::bad_argument(),
        Some(mut stream) => {
            // The target is UTF-16LE (`u8x_stream_init` makes no other), so `T` is `u16`.
            let o = with_units!(stream.from().resolved(), Encoding::Utf16Le, |S, T| {
                // SAFETY: by this function's contract, with the unit types of the encodings.
                let (src, dst) = unsafe {
                    (
                        units::<S>(src, len),
                        (!dst.is_null()).then(|| units_mut::<T>(dst, cap)),
                    )
                };
                stream.convert(src, dst, last != 0)
            });
            // SAFETY: by this function's contract.
            unsafe {
                core::ptr::copy_nonoverlapping(stream.to_words().as_ptr(), state, 4);
                position.write(stream.position() as f64);
            }
            o
        }
        None => Outcome::bad_argument(),
    };
    // SAFETY: by this function's contract.
    unsafe { put(out, outcome) }
}
