//! The legacy code pages the library does not convert (Windows-1251, KOI8-R, ISO-8859-2,
//! Shift_JIS, GBK, GB18030, Big5, EUC-KR...), through encoding_rs, as the WHATWG Encoding
//! Standard defines them and names them (its labels: `'shift_jis'`, `'gbk'`, `'koi8-r'`...).
//!
//! Decoding follows the same policies as the library's encodings: `strict` stops at the first
//! malformed sequence with its byte offset, `replace` writes one U+FFFD per malformed sequence
//! (WHATWG's rule), `ignore` drops it; `fallback` (a rule for the UTF-8 family) acts as
//! `replace`. Encoding is strict: a character the code page lacks is an error.

use encoding_rs::{DecoderResult, EncoderResult};

use crate::names::Errors;

/// A WHATWG encoding for a label, when the library has none of that name. Those the library
/// converts itself (UTF-8, UTF-16) and the two that are not code pages (the `replacement`
/// encoding, which decodes anything to one U+FFFD, and `x-user-defined`) are left out.
pub fn lookup(label: &[u8]) -> Option<&'static encoding_rs::Encoding> {
    let e = encoding_rs::Encoding::for_label(label)?;
    let excluded = [
        encoding_rs::UTF_8,
        encoding_rs::UTF_16LE,
        encoding_rs::UTF_16BE,
        encoding_rs::REPLACEMENT,
        encoding_rs::X_USER_DEFINED,
    ];
    (!excluded.contains(&e)).then_some(e)
}

/// Decodes `src` into `out` (grown as needed; its length is kept as capacity): the bytes
/// written.
pub fn decode(
    src: &[u8],
    encoding: &'static encoding_rs::Encoding,
    errors: Errors,
    out: &mut Vec<u8>,
) -> Result<usize, String> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let need = decoder
        .max_utf8_buffer_length_without_replacement(src.len())
        .ok_or("value too long")?;
    grow(out, need);
    let (mut read, mut written) = (0, 0);
    loop {
        let (result, r, w) =
            decoder.decode_to_utf8_without_replacement(&src[read..], &mut out[written..], true);
        read += r;
        written += w;
        match result {
            DecoderResult::InputEmpty => return Ok(written),
            DecoderResult::OutputFull => grow(out, 2 * out.len()),
            DecoderResult::Malformed(bad, extra) => {
                // The malformed bytes end `extra` bytes before what the decoder has read.
                let at = read - extra as usize - bad as usize;
                match errors {
                    Errors::Strict => {
                        return Err(format!(
                            "invalid {} at byte offset {at} ({bad} byte{}, malformed)",
                            encoding.name(),
                            if bad == 1 { "" } else { "s" }
                        ));
                    }
                    Errors::Ignore => {}
                    Errors::Replace | Errors::Fallback => {
                        let fffd = "\u{FFFD}".as_bytes();
                        grow(out, written + fffd.len());
                        out[written..written + fffd.len()].copy_from_slice(fffd);
                        written += fffd.len();
                    }
                }
            }
        }
    }
}

/// Encodes UTF-8 `src` into `out` (as for [`decode`]): the bytes written.
pub fn encode(
    src: &str,
    encoding: &'static encoding_rs::Encoding,
    out: &mut Vec<u8>,
) -> Result<usize, String> {
    let mut encoder = encoding.new_encoder();
    let need = encoder
        .max_buffer_length_from_utf8_without_replacement(src.len())
        .ok_or("value too long")?;
    grow(out, need);
    let (mut read, mut written) = (0, 0);
    loop {
        let (result, r, w) =
            encoder.encode_from_utf8_without_replacement(&src[read..], &mut out[written..], true);
        read += r;
        written += w;
        match result {
            EncoderResult::InputEmpty => return Ok(written),
            EncoderResult::OutputFull => grow(out, 2 * out.len()),
            EncoderResult::Unmappable(c) => {
                return Err(format!(
                    "the character at byte offset {} cannot be encoded in {} (unmappable)",
                    read - c.len_utf8(),
                    encoding.name()
                ));
            }
        }
    }
}

fn grow(out: &mut Vec<u8>, len: usize) {
    if out.len() < len {
        out.resize(len, 0);
    }
}
