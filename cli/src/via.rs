//! Conversions that involve an encoding outside utf8x's table, or glibc's transliteration:
//! the input is decoded to UTF-8 and the UTF-8 encoded into the target, piece by piece of each
//! chunk, so memory stays bounded whatever the input's size. iconv's contract holds: output up
//! to the first problem, its byte position in the input, `-c` and `//IGNORE` drop, `//TRANSLIT`
//! writes glibc's substitute.

use std::io;

use utf8x::{Encoding, Policy, Status};

use crate::codec::{Decoder, Encoded, Encoder, Legacy, Translit};
use crate::decoded::Decoded;
use crate::encoding::Kind;
use crate::input::Reader;
use crate::outcome::{Done, Fail, stopped};
use crate::output::Output;
use crate::pipeline::Pipeline;
use crate::plan::{Plan, Source};
use crate::progress::Progress;

/// Bytes of input decoded at a time: the UTF-8 of a piece, and its encoding, stay a few MiB at
/// most.
const PIECE: usize = 256 << 10;

/// The bytes of a piece: [`PIECE`], or `UTF8X_PIECE_BYTES` (at least 1), which the tests set to
/// a few bytes so that every sequence of a small input meets a piece's end somewhere. Any size
/// works: a piece that ends inside a sequence or a code unit is followed by one that starts
/// there.
pub fn piece_bytes() -> usize {
    std::env::var("UTF8X_PIECE_BYTES")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
        .map_or(PIECE, |n| n.max(1))
}

/// Bytes kept from before the current chunk: more than the longest sequence of any decoder
/// (gb18030's four bytes).
const BEHIND: usize = 8;

/// The decoding half.
enum From {
    /// A utf8x encoding: the library's `Stream` into UTF-8.
    Utf(Pipeline, Encoding),
    Legacy(Decoder, Legacy),
}

impl From {
    fn name(&self) -> &'static str {
        match self {
            From::Utf(_, e) => e.name(),
            From::Legacy(_, l) => l.display(),
        }
    }
}

#[allow(clippy::too_many_arguments)]
pub fn convert(
    reader: &mut Reader,
    source: Source,
    to: Option<Encoding>,
    mut bom: Option<Vec<u8>>,
    plan: &Plan,
    out: &mut Output,
    progress: &mut Progress,
) -> Result<Done, Fail> {
    let skip_invalid = plan.invalid == Policy::Skip;
    let (mut from, skip) = match source {
        Source::Utf(e, skip) => {
            let pipeline = Pipeline::new(e, Encoding::Utf8, plan.invalid, plan.invalid)
                .ok_or_else(|| Fail::Unsupported("policy escape cannot write UTF-8".into()))?;
            (From::Utf(pipeline, e), skip)
        }
        Source::Legacy(l) => {
            if plan.invalid == Policy::Escape {
                return Err(Fail::Unsupported(format!(
                    "policy escape is for the UTF encodings, not {}",
                    l.display()
                )));
            }
            let decoder = Decoder::new(l, skip_invalid)
                .ok_or_else(|| Fail::Unsupported(format!("cannot read {}", l.display())))?;
            (From::Legacy(decoder, l), 0)
        }
    };
    let from_name = from.name();
    // The target as glibc knows it: for its transliteration, and for the system engine.
    let target_name = match plan.to.kind {
        Kind::Legacy(l) => l.name.to_owned(),
        _ => plan.to.to_string(),
    };
    let mut encoder = match (plan.to.kind, to) {
        (Kind::Legacy(l), _) => {
            let mut suffixes = String::new();
            if plan.to.translit {
                suffixes.push_str("//TRANSLIT");
            }
            if plan.iconv_skip || plan.unmappable == Policy::Skip {
                suffixes.push_str("//IGNORE");
            }
            Encoder::new(l, &suffixes)
                .ok_or_else(|| Fail::Unsupported(format!("cannot write {}", l.display())))?
        }
        (_, Some(e)) => Encoder::Library(e, Vec::new()),
        _ => unreachable!("a target"),
    };
    let mut translit = plan.to.translit.then(|| Translit::new(&target_name));
    let utf8_out = matches!(encoder, Encoder::Library(Encoding::Utf8, _)) && translit.is_none();
    let utf8_in = matches!(from, From::Utf(_, Encoding::Utf8));
    let mut done = Done {
        from: Some(from_name),
        ..Done::default()
    };
    let mut decoded: Vec<u8> = Vec::new();
    let mut encoded: Vec<u8> = Vec::new();
    let mut sink = |bytes: &[u8], done: &mut Done| -> Result<(), Fail> {
        if bytes.is_empty() {
            return Ok(());
        }
        if let Some(bom) = bom.take() {
            out.write_all(&bom).map_err(Fail::Write)?;
            done.written += bom.len() as u64;
        }
        done.written += bytes.len() as u64;
        out.write_all(bytes).map_err(Fail::Write)
    };
    let mut base = 0u64;
    let mut offset = skip;
    // Bytes of UTF-8 that went to the encoder without the pipeline: its stream counts
    // positions from the bytes it saw only.
    let mut bypassed = 0;
    // The last bytes before the current chunk: an ill-formed sequence that the fallback policy
    // writes byte by byte may have started there (encoding_rs keeps the start of a sequence).
    let mut behind: Vec<u8> = Vec::new();
    progress.advance(skip);
    loop {
        let chunk = reader.bytes();
        let end = reader.at_end();
        let mut pos = offset;
        let mut keep = 0;
        let mut entered = false;
        // Where the next piece ends at the earliest: past the end of a piece whose decoder
        // left a sequence unread, so that the sequence is read again with more bytes.
        let mut beyond = 0;
        // At the end, once even with nothing left: decoders hand over what they keep.
        while pos < chunk.len() || (end && !entered) {
            entered = true;
            let mut stop = (pos + plan.piece).min(chunk.len());
            if utf8_in && stop < chunk.len() {
                // Pieces of UTF-8 end between characters, so each is whole UTF-8 by itself.
                stop = (pos + utf8x::floor_char_boundary(&chunk[pos..], stop - pos)).max(pos + 1);
            }
            stop = stop.max(beyond).min(chunk.len());
            let piece = &chunk[pos..stop];
            let last = end && stop == chunk.len();
            decoded.clear();
            // UTF-8 in, whole and well-formed (what nearly every piece is): the piece itself is
            // the encoder's input, without the pipeline's validating copy.
            let whole_utf8 = match &from {
                From::Utf(pipeline, Encoding::Utf8) if pipeline.pending() == 0 => {
                    valid_utf8(piece, last).map(|n| &piece[..n])
                }
                _ => None,
            };
            // Decode the piece; `failure` is what stops the run once the UTF-8 before it is
            // written.
            let mut failure = None;
            let advanced;
            // Bytes before the piece that the stream holds back, the start of a character
            // this piece completes: its text begins with that character.
            let carried = match &from {
                From::Utf(pipeline, e) => pipeline.pending() * e.unit_size(),
                _ => 0,
            };
            match &mut from {
                From::Utf(..) if whole_utf8.is_some() => {
                    advanced = whole_utf8.map_or(0, <[u8]>::len);
                    bypassed += advanced;
                }
                From::Utf(pipeline, e) => {
                    let size = e.unit_size();
                    let whole = piece.len() / size * size;
                    let mut collect = |b: &[u8]| -> Result<(), io::Error> {
                        decoded.extend_from_slice(b);
                        Ok(())
                    };
                    if let Err(halt) = pipeline.push(&piece[..whole], false, &mut collect) {
                        failure = Some(stopped(halt, *e, skip + bypassed, base, chunk));
                    }
                    advanced = whole;
                    if last {
                        if whole < piece.len() {
                            failure.get_or_insert(Fail::Incomplete {
                                at: base + (pos + whole) as u64,
                                enc: e.name(),
                            });
                        } else if plan.iconv_skip && pipeline.pending() > 0 {
                            // The units pending may have come in an earlier chunk.
                            let pending = (pipeline.pending() * size) as u64;
                            failure.get_or_insert(Fail::Incomplete {
                                at: (base + stop as u64).saturating_sub(pending),
                                enc: e.name(),
                            });
                        } else if failure.is_none()
                            && let Err(halt) = pipeline.push(&[], true, &mut collect)
                        {
                            failure =
                                Some(stopped(halt, *e, skip + bypassed, base + stop as u64, &[]));
                        }
                    }
                    done.replaced = pipeline.replaced();
                }
                From::Legacy(decoder, l) => {
                    let mut at = 0;
                    loop {
                        match decoder.decode(&piece[at..], last, &mut decoded) {
                            Decoded::Done { read } => {
                                advanced = at + read;
                                break;
                            }
                            Decoded::Invalid {
                                at: bad,
                                len,
                                resume,
                            } => {
                                let bad_at =
                                    (base + (pos + at) as u64).saturating_add_signed(bad as i64);
                                match plan.invalid {
                                    Policy::Strict => {
                                        failure = Some(Fail::Data {
                                            status: Status::Invalid,
                                            kind: utf8x::ErrorKind::None,
                                            at: bad_at,
                                            character: None,
                                            enc: l.display(),
                                        });
                                        advanced = piece.len();
                                        break;
                                    }
                                    Policy::Replace => {
                                        decoded.extend_from_slice("\u{FFFD}".as_bytes())
                                    }
                                    Policy::Fallback => {
                                        // Its bytes, from where it starts: maybe in an
                                        // earlier piece, or the chunk before.
                                        let first = (pos + at) as isize + bad;
                                        for b in sequence_bytes(chunk, &behind, first, len) {
                                            let c = cp1252(b);
                                            let mut buf = [0u8; 4];
                                            decoded.extend_from_slice(
                                                c.encode_utf8(&mut buf).as_bytes(),
                                            );
                                        }
                                    }
                                    _ => {}
                                }
                                done.replaced += 1;
                                at += resume;
                                if at >= piece.len() && !last {
                                    advanced = piece.len();
                                    break;
                                }
                            }
                            Decoded::Incomplete { at: bad } => {
                                let bad_at =
                                    (base + (pos + at) as u64).saturating_add_signed(bad as i64);
                                failure = Some(Fail::Incomplete {
                                    at: bad_at,
                                    enc: l.display(),
                                });
                                advanced = piece.len();
                                break;
                            }
                        }
                    }
                }
            }
            // UTF-8 out, from a decoder that writes nothing but UTF-8 (the tables, encoding_rs,
            // the library's pipeline; glibc's engine is checked): what was decoded is the
            // output, without a validating copy (CP1251 -> UTF-8 ran at 0.9x glibc with it).
            if utf8_out && !matches!(from, From::Legacy(Decoder::System { .. }, _)) {
                debug_assert!(std::str::from_utf8(&decoded).is_ok());
                sink(&decoded, &mut done)?;
            } else {
                // Encode what was decoded.
                let text = match whole_utf8 {
                    Some(bytes) => checked_utf8(bytes),
                    None => std::str::from_utf8(&decoded).map_err(|_| {
                        Fail::Unsupported(format!("{from_name} decoded to something not UTF-8"))
                    })?,
                };
                encoded.clear();
                let mut p = 0;
                let finishing = last && failure.is_none();
                loop {
                    match encoder.encode(&text[p..], finishing, &mut encoded) {
                        Encoded::Done => break,
                        Encoded::Unmappable { at, ch } => {
                            let next = p + at + ch.len_utf8();
                            if let Some(sub) = translit.as_mut().and_then(|t| t.of(ch)) {
                                encoded.extend_from_slice(&sub);
                                p = next;
                                continue;
                            }
                            match plan.unmappable {
                                _ if plan.iconv_skip => done.replaced += 1,
                                Policy::Skip => done.replaced += 1,
                                Policy::Replace | Policy::Fallback | Policy::Escape
                                    if !plan.to.translit =>
                                {
                                    let mut q = Vec::new();
                                    if encoder.encode("?", false, &mut q) == Encoded::Done {
                                        encoded.extend_from_slice(&q);
                                    }
                                    done.replaced += 1;
                                }
                                _ => {
                                    sink(&encoded, &mut done)?;
                                    // Counted over the piece with the bytes carried into
                                    // it, where the text it decoded to begins.
                                    let first = pos as isize - carried as isize;
                                    let span: Vec<u8> =
                                        sequence_bytes(chunk, &behind, first, carried)
                                            .chain(piece.iter().copied())
                                            .collect();
                                    let within =
                                        source_offset(&from, &span, p + at, ch, plan.invalid);
                                    let at =
                                        (base + within as u64).saturating_add_signed(first as i64);
                                    return Err(Fail::Data {
                                        status: Status::Unmappable,
                                        kind: utf8x::ErrorKind::Unmappable,
                                        at,
                                        character: Some(ch),
                                        enc: from_name,
                                    });
                                }
                            }
                            p = next;
                        }
                    }
                }
                if encoder.take_dropped() {
                    done.replaced += 1;
                }
                sink(&encoded, &mut done)?;
            }
            if let Some(fail) = failure {
                return Err(fail);
            }
            progress.advance(advanced);
            pos += advanced;
            if advanced < piece.len() {
                if stop < chunk.len() {
                    // A sequence cut by the piece's end: read again with the next piece, which
                    // ends further.
                    beyond = stop + 1;
                    continue;
                }
                if last {
                    // Decoders read everything of the last piece or report why not; should
                    // one leave bytes, they are a sequence the input ends inside, never lost.
                    return Err(Fail::Incomplete {
                        at: base + pos as u64,
                        enc: from_name,
                    });
                }
                // A sequence cut by the chunk's end: read again with the next chunk.
                keep = chunk.len() - pos;
                break;
            }
            if last {
                break;
            }
        }
        let consumed = chunk.len() - keep;
        behind.extend_from_slice(&chunk[consumed.saturating_sub(BEHIND)..consumed]);
        behind.drain(..behind.len().saturating_sub(BEHIND));
        base += consumed as u64;
        offset = 0;
        if end {
            break;
        }
        // With nothing new the reader is at its end: the next round finishes.
        reader.refill(keep).map_err(Fail::Read)?;
    }
    done.read = base;
    Ok(done)
}

/// The bytes of an ill-formed sequence of `len` bytes at offset `first` of `chunk`, or before
/// it (a negative offset) in `behind`, the bytes that preceded the chunk.
fn sequence_bytes<'a>(
    chunk: &'a [u8],
    behind: &'a [u8],
    first: isize,
    len: usize,
) -> impl Iterator<Item = u8> + 'a {
    (first..first + len as isize).filter_map(move |k| match usize::try_from(k) {
        Ok(k) => chunk.get(k).copied(),
        Err(_) => usize::try_from(behind.len() as isize + k)
            .ok()
            .and_then(|k| behind.get(k).copied()),
    })
}

/// How much of `piece` is well-formed UTF-8 that the encoder can take as it is: all of it, or
/// all but a character cut by its end when more input follows (read again with the next
/// chunk). `None` when there is an error in it: the pipeline then reports it, or applies the
/// policy.
fn valid_utf8(piece: &[u8], last: bool) -> Option<usize> {
    let o = utf8x::validate(piece);
    match o.status {
        Status::Ok => Some(piece.len()),
        Status::Truncated if !last => Some(o.read),
        _ => None,
    }
}

/// `bytes` as text, which `utf8x::validate` found well-formed: without checking it again (the
/// standard library's check took a fifth of UTF-8 -> CP1251's time).
#[allow(unsafe_code)]
fn checked_utf8(bytes: &[u8]) -> &str {
    debug_assert!(std::str::from_utf8(bytes).is_ok());
    // SAFETY: `valid_utf8` returned the length of these bytes: utf8x::validate found them
    // well-formed UTF-8 (RFC 3629, the same rule as `str`'s).
    unsafe { std::str::from_utf8_unchecked(bytes) }
}

/// Windows-1252's character for byte `b` (the WHATWG mapping: every byte has one).
fn cp1252(b: u8) -> char {
    let mut out = [0u8; 4];
    let r = utf8x::convert(
        &[b][..],
        Encoding::Cp1252,
        Some(&mut out[..]),
        Encoding::Utf8,
        Policy::Strict,
    );
    std::str::from_utf8(&out[..r.written])
        .ok()
        .and_then(|s| s.chars().next())
        .unwrap_or('\u{FFFD}')
}

/// The offset in `piece` of the character `ch`, whose UTF-8 starts at byte `k` of what `piece`
/// decoded to under `policy` (only on the way to reporting an error). Prefixes of the piece are
/// decoded again as the conversion decoded them (ill-formed bytes replaced, skipped or read as
/// Windows-1252, a character cut by the prefix's end held back): the shortest that holds the
/// character whole ends where it ends, and it starts its own length before. Its length in a
/// stateful legacy encoding counts shifts: never before the shortest prefix that decodes to `k`
/// bytes.
fn source_offset(from: &From, piece: &[u8], k: usize, ch: char, policy: Policy) -> usize {
    let decoded_len = |j: usize| -> usize {
        let prefix = &piece[..j];
        match from {
            From::Utf(_, e) => utf_len(*e, prefix, policy),
            From::Legacy(_, l) => legacy_len(*l, prefix, policy),
        }
    };
    // The shortest prefix that decodes to more than `bytes`.
    let shortest = |bytes: usize| {
        let (mut lo, mut hi) = (0, piece.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if decoded_len(mid) > bytes {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        lo
    };
    let end = shortest(k);
    let floor = if k == 0 { 0 } else { shortest(k - 1) };
    let mut utf8 = [0u8; 4];
    let own = match from {
        From::Utf(_, e) => utf_len_of(*e, ch.encode_utf8(&mut utf8)),
        From::Legacy(_, l) => Encoder::new(*l, "").map_or(0, |mut enc| {
            let mut out = Vec::new();
            enc.encode(ch.encode_utf8(&mut utf8), false, &mut out);
            out.len()
        }),
    };
    end.saturating_sub(own).max(floor)
}

/// The bytes of UTF-8 that `prefix` (whole units of `e`, the start of a piece) decodes to under
/// `policy`, a character cut by its end held back, as the conversion's stream decodes it.
fn utf_len(e: Encoding, prefix: &[u8], policy: Policy) -> usize {
    let Some(mut pipeline) = Pipeline::new(e, Encoding::Utf8, policy, policy) else {
        return usize::MAX;
    };
    let units = prefix.len() / e.unit_size() * e.unit_size();
    // Copied to an aligned buffer, whole units of 2 or 4 bytes viewed as such.
    let mut aligned = vec![0u32; units.div_ceil(4)];
    let bytes = &mut bytemuck::cast_slice_mut::<u32, u8>(&mut aligned)[..units];
    bytes.copy_from_slice(&prefix[..units]);
    let mut n = 0;
    let _ = pipeline.push(bytes, false, &mut |b: &[u8]| -> Result<(), ()> {
        n += b.len();
        Ok(())
    });
    n
}

/// The bytes of `text` in `e`.
fn utf_len_of(e: Encoding, text: &str) -> usize {
    let mut out = [0u32; 4];
    let o = match e.unit_size() {
        1 => utf8x::convert(
            text.as_bytes(),
            Encoding::Utf8,
            Some(bytemuck::cast_slice_mut::<u32, u8>(&mut out)),
            e,
            Policy::Strict,
        ),
        2 => utf8x::convert(
            text.as_bytes(),
            Encoding::Utf8,
            Some(bytemuck::cast_slice_mut::<u32, u16>(&mut out)),
            e,
            Policy::Strict,
        ),
        _ => utf8x::convert(
            text.as_bytes(),
            Encoding::Utf8,
            Some(&mut out[..]),
            e,
            Policy::Strict,
        ),
    };
    o.written * e.unit_size()
}

/// The bytes of UTF-8 that `prefix` (the start of a piece) decodes to from `l` under `policy`,
/// going on past ill-formed sequences as the conversion does (U+FFFD, Windows-1252, nothing).
fn legacy_len(l: Legacy, prefix: &[u8], policy: Policy) -> usize {
    let Some(mut d) = Decoder::plain(l, policy == Policy::Skip) else {
        return usize::MAX;
    };
    let (mut out, mut at) = (Vec::new(), 0);
    while let Decoded::Invalid {
        at: bad,
        len,
        resume,
    } = d.decode(&prefix[at..], false, &mut out)
    {
        let first = (at as isize + bad).max(0) as usize;
        match policy {
            Policy::Replace => out.extend_from_slice("\u{FFFD}".as_bytes()),
            Policy::Fallback => {
                for &b in &prefix[first..(first + len).min(prefix.len())] {
                    out.extend_from_slice(cp1252(b).encode_utf8(&mut [0; 4]).as_bytes());
                }
            }
            _ => {}
        }
        at += resume;
        if at >= prefix.len() {
            break;
        }
    }
    out.len()
}
