//! Streaming conversion shims over [`utf8x::Stream`]: a caller-allocated state, one init, one
//! conversion call, two queries.

use core::ffi::c_void;

use utf8x::{Encoding, Outcome, Policy, Status, Stream, Unit};

use super::args::{by_unit_sizes, input, output, overlap};
use super::boundary::{ffi_boundary, internal};
use super::utf8x_result;

/// Stream encoding: UTF-8 (`uint8_t` units).
pub const UTF8X_ENC_UTF8: u32 = 1;
/// Stream encoding: UTF-16 with little-endian `uint16_t` units.
pub const UTF8X_ENC_UTF16LE: u32 = 2;
/// Stream encoding: UTF-16 with big-endian `uint16_t` units.
pub const UTF8X_ENC_UTF16BE: u32 = 3;
/// Stream encoding: UTF-16 in the machine's byte order (`uint16_t` units).
pub const UTF8X_ENC_UTF16: u32 = 4;
/// Stream encoding: UTF-32 in the machine's byte order (`uint32_t` units).
pub const UTF8X_ENC_UTF32: u32 = 5;
/// Stream encoding: ISO-8859-1 (`uint8_t` units).
pub const UTF8X_ENC_LATIN1: u32 = 6;
/// Stream encoding: the platform's `wchar_t` (UTF-32 on Linux and macOS, UTF-16 on Windows).
pub const UTF8X_ENC_WCHAR: u32 = 7;
/// Encoding: CESU-8 (Unicode TR #26): supplementary characters as two 3-byte surrogates, high
/// first; 4-byte sequences and unpaired surrogates are ill-formed (`uint8_t` units).
pub const UTF8X_ENC_CESU8: u32 = 8;
/// Encoding: Java's modified UTF-8 (JNI, class files, `DataOutputStream.writeUTF`): each UTF-16
/// unit on its own, so lone surrogates are well-formed; U+0000 is C0 80; a raw 00 byte and 4-byte
/// sequences are ill-formed (`uint8_t` units).
pub const UTF8X_ENC_MUTF8: u32 = 9;
/// Encoding: WTF-8: UTF-8 plus lone surrogates as 3 bytes; a surrogate pair written as two
/// 3-byte sequences is ill-formed. Any UTF-16, even ill-formed, round-trips through it.
pub const UTF8X_ENC_WTF8: u32 = 10;
/// Encoding: the original UTF-8 of RFC 2279: the shortest of 1 to 6 bytes for any value up to
/// 0x7FFFFFFF; overlongs, FE, FF and D800..DFFF are ill-formed (`uint8_t` units).
pub const UTF8X_ENC_RFC2279: u32 = 11;
/// Encoding: Windows-1252 as the WHATWG Encoding Standard defines it (80 is U+20AC; 81, 8D, 8F,
/// 90, 9D are U+0081, U+008D, U+008F, U+0090, U+009D) (`uint8_t` units).
pub const UTF8X_ENC_CP1252: u32 = 12;
/// Encoding: UTF-32 with little-endian `uint32_t` units.
pub const UTF8X_ENC_UTF32LE: u32 = 13;
/// Encoding: UTF-32 with big-endian `uint32_t` units.
pub const UTF8X_ENC_UTF32BE: u32 = 14;

// The C values are spelled out for cbindgen; they must be the core's.
const _: () = assert!(
    UTF8X_ENC_UTF8 == Encoding::Utf8 as u32
        && UTF8X_ENC_UTF16LE == Encoding::Utf16Le as u32
        && UTF8X_ENC_UTF16BE == Encoding::Utf16Be as u32
        && UTF8X_ENC_UTF16 == Encoding::Utf16 as u32
        && UTF8X_ENC_UTF32 == Encoding::Utf32 as u32
        && UTF8X_ENC_LATIN1 == Encoding::Latin1 as u32
        && UTF8X_ENC_WCHAR == Encoding::Wchar as u32
        && UTF8X_ENC_CESU8 == Encoding::Cesu8 as u32
        && UTF8X_ENC_MUTF8 == Encoding::Mutf8 as u32
        && UTF8X_ENC_WTF8 == Encoding::Wtf8 as u32
        && UTF8X_ENC_RFC2279 == Encoding::Rfc2279 as u32
        && UTF8X_ENC_CP1252 == Encoding::Cp1252 as u32
        && UTF8X_ENC_UTF32LE == Encoding::Utf32Le as u32
        && UTF8X_ENC_UTF32BE == Encoding::Utf32Be as u32
);

/// The state of one streaming conversion, allocated by the caller (on the stack, in a struct,
/// anywhere; no heap, nothing to free).
///
/// Opaque: its size (32 bytes) and alignment (8) are stable, its contents are private. Initialise
/// it with `utf8x_stream_init`, then pass it to `utf8x_stream_convert` for each chunk. It may be
/// copied with `memcpy` (the copy continues independently) and must not be shared between
/// threads without a lock. A state that was never initialised, or was overwritten, is rejected
/// with `UTF8X_BAD_ARGUMENT`. It holds: the pair of encodings and the policy, the absolute
/// position in the source (`utf8x_stream_position`), and the units of an unfinished sequence
/// carried over from the previous chunk (at most 5 bytes of a UTF-8-family sequence or 1 high surrogate,
/// `utf8x_stream_pending`).
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct utf8x_stream {
    pub opaque: [u64; 4],
}

/// Initialises `*st` for a streaming conversion from `from` to `to` (`UTF8X_ENC_*`) under
/// `policy`, at position 0 with nothing pending. Re-initialising resets a stream.
///
/// Every pair of `UTF8X_ENC_*` encodings streams, with the results of `utf8x_convert`.
///
/// - `st`: the state to initialise; its previous contents are ignored.
/// - `from`, `to`: `UTF8X_ENC_*` encodings.
/// - `policy`: `UTF8X_STRICT`, `UTF8X_REPLACE`, `UTF8X_SKIP`, `UTF8X_ESCAPE` or `UTF8X_FALLBACK`.
///
/// Returns `UTF8X_OK`, or `UTF8X_BAD_ARGUMENT` when `st` is NULL or misaligned, an encoding or the
/// policy is unknown, or ESCAPE is asked with a Latin-1 or Windows-1252 target. On
/// `UTF8X_BAD_ARGUMENT` a non-NULL `*st` is left in a state every other call rejects.
///
/// # Safety
/// `st` must be NULL or point to a writable `utf8x_stream`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_stream_init(
    st: *mut utf8x_stream,
    from: u32,
    to: u32,
    policy: u32,
) -> u32 {
    ffi_boundary(
        || Status::Internal as u32,
        || {
            // SAFETY: forwarded from this function's contract; `output` checks NULL and alignment.
            let Some(Some([state])) = (unsafe { output(st, 1) }) else {
                return Status::BadArgument as u32;
            };
            let stream = Encoding::from_u32(from)
                .zip(Encoding::from_u32(to))
                .zip(Policy::from_u32(policy))
                .and_then(|((from, to), policy)| Stream::new(from, to, policy));
            match stream {
                Some(stream) => {
                    state.opaque = stream.to_words();
                    Status::Ok as u32
                }
                None => {
                    state.opaque = [0; 4];
                    Status::BadArgument as u32
                }
            }
        },
    )
}

/// Converts the next chunk `src[0..len)` of a stream into `dst[0..dst_cap)`.
///
/// Design: the stream's output is the concatenation of what each call writes, and equals, byte
/// for byte, the output of the one-shot function (`utf8x_convert`, `utf8x_to_utf16le`...) over the whole input,
/// with the same total of `replaced` and, under STRICT, the same error status, kind and length at
/// the same absolute offset, however the input is cut into chunks (even 1 unit at a time, or
/// empty chunks) and whatever the output capacities. A sequence left unfinished at the end of a
/// chunk is kept in `*st` (see `utf8x_stream_pending`) and completed by the next chunk.
///
/// - `st`: a state set up by `utf8x_stream_init`.
/// - `src`, `len`: the chunk, `len` in units of the source encoding (bytes for the UTF-8 family, Latin-1 and Windows-1252,
///   `uint16_t` for UTF-16, `uint32_t` for UTF-32, `wchar_t` for WCHAR); must be aligned for it.
/// - `dst`, `dst_cap`: the output and its capacity in units of the target encoding; must be
///   aligned for it. `dst == NULL` writes nothing and returns in `written` what this chunk
///   produces (the state still advances: a whole stream can be measured).
/// - `last`: true when this chunk ends the stream (it may be empty). Only then is an unfinished
///   sequence at the end an error (STRICT: `UTF8X_TRUNCATED`) or replaced/skipped/escaped.
///
/// Returns, with `read` counting units of THIS chunk:
/// - `UTF8X_OK`: the whole chunk was consumed (`read == len`), converted or carried in `*st`.
/// - `UTF8X_OUTPUT_FULL`: `dst_cap` reached; call again with `src + read`, `len - read`.
/// - `UTF8X_INVALID` / `UTF8X_UNMAPPABLE` / `UTF8X_TRUNCATED` (STRICT, or ESCAPE of a UTF-16
///   surrogate it cannot map): the output before the error is written; `error`, `error_len` as in
///   the one-shot call; `read` is the offset of the error in this chunk, or 0 when the erroneous
///   sequence began in an earlier chunk. The error's absolute offset in the stream is
///   `utf8x_stream_position(st)`, which also holds in every other case (the stream has consumed
///   exactly `position` + `pending` units).
/// - `written`: units written to `dst` by this call; `replaced`: substitutions made by this call.
///
/// After any return the state is consistent: calling again with `src + read` continues (or
/// reports the same error again). After a `last` chunk converted completely nothing is pending,
/// and a further call goes on as the same stream (its position counting on); a new stream needs
/// `utf8x_stream_init` again.
///
/// Errors: `UTF8X_BAD_ARGUMENT` (nothing read, written or changed) when `st` is NULL or not
/// initialised, `src` is NULL with `len > 0`, `src` or `dst` is misaligned for its unit type, or
/// the buffers overlap. Never writes at or past `dst + dst_cap`, never reads past `src + len`.
///
/// # Safety
/// `st` must be NULL or point to a readable and writable `utf8x_stream`; `src` must point to `len`
/// readable source units (or be NULL with `len == 0`); `dst` must be NULL or point to `dst_cap`
/// writable target units.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_stream_convert(
    st: *mut utf8x_stream,
    src: *const c_void,
    len: usize,
    dst: *mut c_void,
    dst_cap: usize,
    last: bool,
) -> utf8x_result {
    ffi_boundary(internal, || {
        // SAFETY: forwarded from this function's contract; `output` checks NULL and alignment.
        let Some(Some([state])) = (unsafe { output(st, 1) }) else {
            return Outcome::bad_argument().into();
        };
        let Some(mut stream) = Stream::from_words(state.opaque) else {
            return Outcome::bad_argument().into();
        };
        let sizes = (stream.from().unit_size(), stream.to().unit_size());
        // SAFETY (all arms): forwarded from this function's contract, with the unit types the
        // stream's encodings use.
        let o = unsafe {
            by_unit_sizes!(
                sizes,
                chunk(&mut stream, src, len, dst, dst_cap, last),
                Outcome::bad_argument()
            )
        };
        state.opaque = stream.to_words();
        o.into()
    })
}

/// Checks the buffers of one chunk as `S` and `T` units and converts it.
///
/// # Safety
/// As `utf8x_stream_convert` for `src` and `dst`.
unsafe fn chunk<S: Unit, T: Unit>(
    stream: &mut Stream,
    src: *const c_void,
    len: usize,
    dst: *mut c_void,
    cap: usize,
    last: bool,
) -> Outcome {
    let (src, dst) = (src.cast::<S>(), dst.cast::<T>());
    if overlap(src, len, dst, cap) {
        return Outcome::bad_argument();
    }
    // SAFETY: forwarded from the caller; the checks are in `input`/`output`, overlap excluded
    // above so the shared and the mutable slice never alias.
    match unsafe { (input(src, len), output(dst, cap)) } {
        (Some(src), Some(dst)) => stream.convert(src, dst, last),
        _ => Outcome::bad_argument(),
    }
}

/// Returns the absolute offset, in source units since the start of the stream (or the last
/// `utf8x_stream_init`), of the first unit not converted yet: after a STRICT error, the offset of
/// the erroneous sequence (which may lie in an earlier chunk); after the last chunk converted
/// with `UTF8X_OK`, the total length of the stream. Returns 0 for NULL or an uninitialised state.
///
/// # Safety
/// `st` must be NULL or point to a readable `utf8x_stream`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_stream_position(st: *const utf8x_stream) -> u64 {
    ffi_boundary(
        || 0,
        || {
            // SAFETY: forwarded from this function's contract.
            unsafe { query(st) }.map_or(0, |s| s.position())
        },
    )
}

/// Returns how many source units (0..5) the stream holds back because they begin a sequence the
/// next chunk may complete. They were counted in `read` when they arrived. A non-zero value at
/// the end of the input means it ends inside a sequence: pass `last = true` to have it reported
/// or replaced. Returns 0 for NULL or an uninitialised state.
///
/// # Safety
/// `st` must be NULL or point to a readable `utf8x_stream`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn utf8x_stream_pending(st: *const utf8x_stream) -> usize {
    ffi_boundary(
        || 0,
        || {
            // SAFETY: forwarded from this function's contract.
            unsafe { query(st) }.map_or(0, |s| s.pending())
        },
    )
}

/// The stream behind `st`, if it is a valid state.
///
/// # Safety
/// `st` must be NULL or point to a readable `utf8x_stream`.
unsafe fn query(st: *const utf8x_stream) -> Option<Stream> {
    // SAFETY: forwarded from this function's contract; `input` checks NULL and alignment.
    let state = unsafe { input(st, 1) }?.first()?;
    Stream::from_words(state.opaque)
}
