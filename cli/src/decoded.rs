//! How a call of a decoder to UTF-8 ends (`Decoded`), whichever engine decodes, and
//! encoding_rs's decoders driven slice by slice to that contract (`whatwg_decode`): the
//! decoders of `codec.rs` and the tables of `cjk.rs`, which hand encoding_rs what they do not
//! hold, share both.

use crate::table::{block_len, work};

/// How a call of a decoder to UTF-8 ([`crate::codec::Decoder::decode`]) ended. Offsets are
/// relative to the start of its `src`, and may be negative when the sequence began in an
/// earlier call (encoding_rs keeps the first bytes of a sequence cut by a chunk's end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoded {
    /// `src[..read]` was decoded; the rest (a sequence cut short) waits for more input.
    Done { read: usize },
    /// `len` bytes at `at` decode to nothing; `resume` is where decoding goes on past them.
    Invalid {
        at: isize,
        len: usize,
        resume: usize,
    },
    /// The input ends inside a sequence starting at `at` (only when `last`).
    Incomplete { at: isize },
}

/// Decodes `src` with encoding_rs's decoder `d`, as [`crate::codec::Decoder::decode`].
pub fn whatwg_decode(
    d: &mut encoding_rs::Decoder,
    src: &[u8],
    last: bool,
    out: &mut Vec<u8>,
) -> Decoded {
    // Slice by slice, each growing with what the call has read, so that a call that stops at
    // an error early has prepared output for what it read only (`table::block_len`).
    let mut i = 0;
    while i < src.len() {
        let end = i + block_len(i).min(src.len() - i);
        let (read, malformed) = whatwg_slice(d, &src[i..end], false, out);
        if let Some((bad, extra)) = malformed {
            let after = (i + read) as isize;
            return Decoded::Invalid {
                at: after - isize::from(extra) - isize::from(bad),
                len: usize::from(bad),
                resume: i + read,
            };
        }
        i += read;
    }
    // Everything is read. At the very end, what the decoder still holds is the start of a
    // sequence that more bytes could have completed (iconv's "incomplete character"), wherever
    // it began: in this call, or in an earlier piece (a negative offset).
    if last && let (_, Some((bad, extra))) = whatwg_slice(d, &[], true, out) {
        return Decoded::Incomplete {
            at: src.len() as isize - isize::from(extra) - isize::from(bad),
        };
    }
    Decoded::Done { read: src.len() }
}

/// One call of `d` on `src` (a slice of at most a block) with room for all of its output:
/// the bytes read, and the malformed sequence's length and the bytes read after it, if any.
fn whatwg_slice(
    d: &mut encoding_rs::Decoder,
    src: &[u8],
    last: bool,
    out: &mut Vec<u8>,
) -> (usize, Option<(u8, u8)>) {
    let start = out.len();
    let room = d
        .max_utf8_buffer_length_without_replacement(src.len())
        .unwrap_or(4 * src.len() + 16);
    work(room);
    out.resize(start + room, 0);
    let (result, read, written) =
        d.decode_to_utf8_without_replacement(src, &mut out[start..], last);
    out.truncate(start + written);
    match result {
        // The buffer is as large as the decoder asks for the whole input: never full.
        encoding_rs::DecoderResult::InputEmpty | encoding_rs::DecoderResult::OutputFull => {
            (read, None)
        }
        encoding_rs::DecoderResult::Malformed(bad, extra) => (read, Some((bad, extra))),
    }
}
