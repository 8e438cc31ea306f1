//! The encodings outside utf8x's own table, each decoded to UTF-8 and encoded from it by one
//! of three engines:
//!
//! - single-byte code pages: tables read from the system's iconv (`table.rs`): glibc's exact
//!   bytes, at table speed;
//! - the multibyte encodings of the WHATWG Encoding Standard (Shift_JIS, EUC-JP, ISO-2022-JP,
//!   EUC-KR, GBK, GB18030, Big5): encoding_rs, fast and streaming;
//! - everything else the system's iconv(3) knows (UTF-7, EBCDIC with shift states,
//!   ISO-2022-KR, CP1255...): iconv itself.
//!
//! A conversion between two of them, or between one of them and a utf8x encoding, goes through
//! UTF-8 chunk by chunk (`convert.rs`), in constant memory.

use utf8x::Encoding;

use crate::cjk;
use crate::decoded::{Decoded, whatwg_decode};
use crate::sys::{Cd, Stop};
use crate::table::{Table, text_block_end, work};

/// Which engine converts a charset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    Table,
    Whatwg(&'static encoding_rs::Encoding),
    System,
}

/// A charset outside utf8x's table, as `-f` or `-t` named it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Legacy {
    /// The name as given (without suffixes): what the system's iconv is asked for.
    pub name: &'static str,
    pub engine: Engine,
    /// Single bytes 5C and 7E are JIS X 0201 Roman's `¥` and `‾`, not ASCII's `\` and `~`:
    /// glibc's SJIS, under the names it has for it (`SHIFT_JIS`...); its CP932 and the WHATWG
    /// standard's Shift_JIS read them as ASCII.
    pub jis_roman: bool,
}

/// glibc's names for its SJIS, whose decoder reads bytes 5C and 7E as `¥` and `‾`.
const JIS_ROMAN: &[&str] = &["SJIS", "SHIFT_JIS", "SHIFT-JIS", "MS_KANJI", "CSSHIFTJIS"];

/// glibc's names for the WHATWG multibyte encodings, which encoding_rs converts. glibc's
/// EUC-KR, SJIS and BIG5 are the older standards that the WHATWG ones extend; the differences
/// (bytes glibc rejects that encoding_rs decodes, and a few mappings) are listed in docs/cli.md.
const WHATWG: &[(&[&str], &str)] = &[
    (JIS_ROMAN, "Shift_JIS"),
    (&["CP932", "WINDOWS-31J", "MS932"], "Shift_JIS"),
    (
        &[
            "EUC-JP",
            "EUCJP",
            "UJIS",
            "CSEUCPKDFMTJAPANESE",
            "OSF00030010",
        ],
        "EUC-JP",
    ),
    (&["ISO-2022-JP", "ISO2022JP", "CSISO2022JP"], "ISO-2022-JP"),
    (&["EUC-KR", "EUCKR", "CSEUCKR", "OSF0004000A"], "EUC-KR"),
    (&["CP949", "UHC"], "EUC-KR"),
    (&["GBK", "CP936", "MS936", "WINDOWS-936"], "GBK"),
    (&["GB18030"], "gb18030"),
    (
        &[
            "BIG5", "BIG-5", "BIG-FIVE", "BIGFIVE", "CN-BIG5", "CSBIG5", "CP950",
        ],
        "Big5",
    ),
    (&["BIG5-HKSCS", "BIG5HKSCS"], "Big5"),
];

impl Legacy {
    /// The charset `name` (no suffixes) names, if any engine converts it both ways.
    pub fn resolve(name: &str) -> Option<Legacy> {
        let upper = name.to_ascii_uppercase();
        let leak = || -> &'static str { Box::leak(name.to_owned().into_boxed_str()) };
        for (names, label) in WHATWG {
            if names.contains(&upper.as_str()) {
                let e = encoding_rs::Encoding::for_label(label.as_bytes())?;
                return Some(Legacy {
                    name: leak(),
                    engine: Engine::Whatwg(e),
                    jis_roman: JIS_ROMAN.contains(&upper.as_str()),
                });
            }
        }
        if Cd::open("UTF-8", name).is_some() && Cd::open(name, "UTF-8").is_some() {
            let engine = match Table::probe(name) {
                Some(_) => Engine::Table,
                None => Engine::System,
            };
            return Some(Legacy {
                name: leak(),
                engine,
                jis_roman: false,
            });
        }
        // Names only the WHATWG standard has (x-mac-cyrillic, ...); never its aliases of
        // other encodings, which glibc answers above under their own meaning.
        let e = encoding_rs::Encoding::for_label(name.as_bytes())?;
        if e == encoding_rs::UTF_8
            || e == encoding_rs::REPLACEMENT
            || e == encoding_rs::UTF_16BE
            || e == encoding_rs::UTF_16LE
            || e == encoding_rs::X_USER_DEFINED
        {
            return None;
        }
        Some(Legacy {
            name: leak(),
            engine: Engine::Whatwg(e),
            jis_roman: false,
        })
    }

    /// A WHATWG encoding by itself (what detection finds), shown under its name in capitals
    /// as iconv writes names, with the WHATWG standard's mappings.
    pub fn whatwg(e: &'static encoding_rs::Encoding) -> Legacy {
        Legacy {
            name: Box::leak(e.name().to_ascii_uppercase().into_boxed_str()),
            engine: Engine::Whatwg(e),
            jis_roman: false,
        }
    }

    /// The name to show: the WHATWG name for encoding_rs, else the name as given.
    pub fn display(&self) -> &'static str {
        self.name
    }
}

/// A decoder from a legacy charset to UTF-8.
pub enum Decoder {
    Table(Box<Table>),
    Whatwg(encoding_rs::Decoder),
    /// encoding_rs's double-byte encodings through tables (`cjk.rs`).
    Cjk(Box<cjk::Decoder>),
    /// `skip`: the descriptor was opened with `//IGNORE` (iconv's `-c`); `buf`: glibc's output,
    /// on its way to `out`.
    System {
        cd: Cd,
        skip: bool,
        buf: Vec<u8>,
    },
    /// Another decoder's output with `\` and `~` as JIS X 0201 Roman's `¥` and `‾` (glibc's SJIS,
    /// see [`Legacy::jis_roman`]).
    JisRoman(Box<Decoder>),
}

/// Bytes of the buffer glibc writes into, allocated once per descriptor: a buffer sized for
/// each call's input cost a whole piece of zeroes per call, and a call per invalid byte.
const SYSTEM_BUF: usize = 256 << 10;

/// A buffer for glibc's output.
fn system_buf() -> Vec<u8> {
    work(SYSTEM_BUF);
    vec![0; SYSTEM_BUF]
}

impl Decoder {
    /// A decoder for `legacy`; `skip` drops invalid input as glibc's `-c` does (only the system
    /// engine needs to know in advance).
    pub fn new(legacy: Legacy, skip: bool) -> Option<Decoder> {
        if legacy.jis_roman {
            let ascii = Legacy {
                jis_roman: false,
                ..legacy
            };
            return Some(Decoder::JisRoman(Box::new(Decoder::new(ascii, skip)?)));
        }
        Some(match legacy.engine {
            Engine::Table => Decoder::Table(Box::new(Table::probe(legacy.name)?)),
            Engine::Whatwg(e) if cjk::serves(e) => Decoder::Cjk(Box::new(cjk::Decoder::new(e))),
            Engine::Whatwg(e) => Decoder::Whatwg(e.new_decoder_without_bom_handling()),
            Engine::System => {
                let to = if skip { "UTF-8//IGNORE" } else { "UTF-8" };
                Decoder::System {
                    cd: Cd::open(to, legacy.name)?,
                    skip,
                    buf: system_buf(),
                }
            }
        })
    }

    /// As [`Decoder::new`], with encoding_rs's own decoders rather than the tables built
    /// from them (which take a few milliseconds to build): to decode a little.
    pub fn plain(legacy: Legacy, skip: bool) -> Option<Decoder> {
        match legacy.engine {
            Engine::Whatwg(e) if !legacy.jis_roman => {
                Some(Decoder::Whatwg(e.new_decoder_without_bom_handling()))
            }
            _ => Decoder::new(legacy, skip),
        }
    }

    /// Decodes `src` onto `out`; `last`: no input follows.
    pub fn decode(&mut self, src: &[u8], last: bool, out: &mut Vec<u8>) -> Decoded {
        match self {
            Decoder::Table(t) => match t.decode(src, out) {
                Ok(()) => Decoded::Done { read: src.len() },
                Err(at) => Decoded::Invalid {
                    at: at as isize,
                    len: 1,
                    resume: at + 1,
                },
            },
            Decoder::Whatwg(d) => whatwg_decode(d, src, last, out),
            Decoder::Cjk(d) => d.decode(src, last, out),
            Decoder::System { cd, skip, buf } => system_decode(cd, *skip, buf, src, last, out),
            Decoder::JisRoman(d) => {
                let start = out.len();
                let done = d.decode(src, last, out);
                // The decoder under it writes U+005C and U+007E only for the single bytes (its
                // double-byte characters are U+FF3C, U+FF5E...), and no UTF-8 sequence holds
                // these bytes otherwise.
                if out[start..].iter().any(|&b| b == b'\\' || b == b'~') {
                    let tail: Vec<u8> = out.drain(start..).collect();
                    for b in tail {
                        match b {
                            b'\\' => out.extend_from_slice("¥".as_bytes()),
                            b'~' => out.extend_from_slice("‾".as_bytes()),
                            _ => out.push(b),
                        }
                    }
                }
                done
            }
        }
    }
}

fn system_decode(
    cd: &mut Cd,
    skip: bool,
    buf: &mut [u8],
    src: &[u8],
    last: bool,
    out: &mut Vec<u8>,
) -> Decoded {
    let mut pos = 0;
    loop {
        let (read, stop, progress) = cd.convert_all(&src[pos..], last, buf, out);
        pos += read;
        match stop {
            Stop::Done | Stop::Full => return Decoded::Done { read: pos },
            // With //IGNORE glibc skips what it cannot convert and says so once the call is
            // done: go on from where it stopped.
            Stop::Illegal if skip => {
                if pos == src.len() {
                    return Decoded::Done { read: pos };
                }
                if !progress {
                    return Decoded::Invalid {
                        at: pos as isize,
                        len: 1,
                        resume: pos + 1,
                    };
                }
            }
            Stop::Illegal => {
                return Decoded::Invalid {
                    at: pos as isize,
                    len: 1,
                    resume: pos + 1,
                };
            }
            Stop::Incomplete if last => return Decoded::Incomplete { at: pos as isize },
            Stop::Incomplete => return Decoded::Done { read: pos },
        }
    }
}

/// How a call of [`Encoder::encode`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoded {
    Done,
    /// The target cannot hold `ch`, at byte `at` of the UTF-8 given; what came before it is
    /// written.
    Unmappable {
        at: usize,
        ch: char,
    },
}

/// An encoder from UTF-8.
pub enum Encoder {
    Table(Box<Table>),
    Whatwg(encoding_rs::Encoder),
    /// encoding_rs's double-byte encodings through a table (`cjk.rs`).
    Cjk(Box<cjk::Encoder>),
    /// `dropped`: glibc skipped something under //IGNORE; `used`: it was given something to
    /// encode (before that, nothing is written: glibc's ISO-2022-KR writes its header on the
    /// first call, even for empty input, where `iconv` of an empty file writes nothing).
    System {
        cd: Cd,
        dropped: bool,
        used: bool,
        buf: Vec<u8>,
    },
    /// A utf8x encoding (UTF-16, Latin-1...): the library's kernels.
    Library(Encoding, Vec<u32>),
}

impl Encoder {
    /// An encoder into `legacy`; `suffixes` (`//TRANSLIT`, `//IGNORE`) are handed to the system
    /// engine, which applies them itself.
    pub fn new(legacy: Legacy, suffixes: &str) -> Option<Encoder> {
        Some(match legacy.engine {
            Engine::Table => Encoder::Table(Box::new(Table::probe(legacy.name)?)),
            Engine::Whatwg(e) if cjk::serves(e) => Encoder::Cjk(Box::new(cjk::Encoder::new(e))),
            Engine::Whatwg(e) => Encoder::Whatwg(e.new_encoder()),
            Engine::System => Encoder::System {
                cd: Cd::open(&format!("{}{suffixes}", legacy.name), "UTF-8")?,
                dropped: false,
                used: false,
                buf: system_buf(),
            },
        })
    }

    /// Whether the system engine dropped something (`//IGNORE`), which it does not count.
    pub fn take_dropped(&mut self) -> bool {
        match self {
            Encoder::System { dropped, .. } => std::mem::take(dropped),
            _ => false,
        }
    }

    /// Encodes `src` onto `out`; `last` ends the stream (ISO-2022-JP returns to ASCII).
    pub fn encode(&mut self, src: &str, last: bool, out: &mut Vec<u8>) -> Encoded {
        match self {
            Encoder::Table(t) => match t.encode(src, out) {
                Ok(()) => Encoded::Done,
                Err((at, ch)) => Encoded::Unmappable { at, ch },
            },
            Encoder::Cjk(e) => match e.encode(src, out) {
                Ok(()) => Encoded::Done,
                Err((at, ch)) => Encoded::Unmappable { at, ch },
            },
            Encoder::Whatwg(e) => whatwg_encode(e, src, last, out),
            Encoder::System {
                cd,
                dropped,
                used,
                buf,
            } => {
                let bytes = src.as_bytes();
                if bytes.is_empty() && !*used {
                    return Encoded::Done;
                }
                *used = true;
                let mut pos = 0;
                loop {
                    let (read, stop, progress) = cd.convert_all(&bytes[pos..], last, buf, out);
                    pos += read;
                    match stop {
                        Stop::Done | Stop::Full => return Encoded::Done,
                        Stop::Illegal | Stop::Incomplete => {
                            if pos < bytes.len() && progress {
                                // //IGNORE skipped something and stopped later: go on.
                                *dropped = true;
                                continue;
                            }
                            if pos == bytes.len() {
                                *dropped = true;
                                return Encoded::Done;
                            }
                            let ch = src[pos..].chars().next().unwrap_or('\u{FFFD}');
                            return Encoded::Unmappable { at: pos, ch };
                        }
                    }
                }
            }
            Encoder::Library(to, buf) => {
                let size = to.unit_size();
                if buf.len() < src.len() + 1 {
                    buf.resize(src.len() + 1, 0);
                }
                let o = match size {
                    1 => {
                        let dst = bytemuck::cast_slice_mut::<u32, u8>(buf);
                        utf8x::convert(
                            src.as_bytes(),
                            Encoding::Utf8,
                            Some(dst),
                            *to,
                            utf8x::Policy::Strict,
                        )
                    }
                    2 => {
                        let dst = bytemuck::cast_slice_mut::<u32, u16>(buf);
                        utf8x::convert(
                            src.as_bytes(),
                            Encoding::Utf8,
                            Some(dst),
                            *to,
                            utf8x::Policy::Strict,
                        )
                    }
                    _ => utf8x::convert(
                        src.as_bytes(),
                        Encoding::Utf8,
                        Some(&mut buf[..]),
                        *to,
                        utf8x::Policy::Strict,
                    ),
                };
                let bytes: &[u8] = bytemuck::cast_slice(&buf[..]);
                out.extend_from_slice(&bytes[..o.written * size]);
                if o.is_ok() {
                    return Encoded::Done;
                }
                let ch = src[o.read..].chars().next().unwrap_or('\u{FFFD}');
                Encoded::Unmappable { at: o.read, ch }
            }
        }
    }
}

/// Encodes `src` with encoding_rs's encoder `e`, as [`Encoder::encode`]: slice by slice, each
/// ending between characters and growing with what the call has read, so that a call that stops
/// at an unmappable character early has prepared output for what it read only.
fn whatwg_encode(
    e: &mut encoding_rs::Encoder,
    src: &str,
    last: bool,
    out: &mut Vec<u8>,
) -> Encoded {
    let mut i = 0;
    loop {
        let end = text_block_end(src.as_bytes(), i);
        let slice = &src[i..end];
        let start = out.len();
        let room = e
            .max_buffer_length_from_utf8_without_replacement(slice.len())
            .unwrap_or(4 * slice.len() + 16);
        work(room);
        out.resize(start + room, 0);
        let fin = last && end == src.len();
        let (result, read, written) =
            e.encode_from_utf8_without_replacement(slice, &mut out[start..], fin);
        out.truncate(start + written);
        i += read;
        match result {
            // The character read last, which encoding_rs names U+FFFD for the ones it never
            // writes (ISO-2022-JP's ESC, SO and SI): the text's own, so that the position and
            // the resumption count its bytes.
            encoding_rs::EncoderResult::Unmappable(_) => {
                let (at, ch) = src[..i].char_indices().next_back().expect("one was read");
                return Encoded::Unmappable { at, ch };
            }
            // Room for the whole slice: full only if it could not be (never, in practice).
            encoding_rs::EncoderResult::InputEmpty | encoding_rs::EncoderResult::OutputFull
                if i == src.len() && read == slice.len() =>
            {
                return Encoded::Done;
            }
            _ => {}
        }
    }
}

/// glibc's transliteration of single characters into one target: `None` where glibc has none.
pub struct Translit {
    cd: Option<Cd>,
}

impl Translit {
    /// For the target glibc knows as `name`.
    pub fn new(name: &str) -> Translit {
        Translit {
            cd: Cd::open(&format!("{name}//TRANSLIT"), "UTF-8"),
        }
    }

    /// The bytes glibc writes for `ch` in the target, in the locale's tables.
    pub fn of(&mut self, ch: char) -> Option<Vec<u8>> {
        let mut buf = [0u8; 4];
        self.cd.as_mut()?.all(ch.encode_utf8(&mut buf).as_bytes())
    }
}
