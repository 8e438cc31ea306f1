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

/// Converts the input `reader` delivers, from `source` to the plan's target, into `out`.
pub fn convert(
    reader: &mut Reader,
    source: Source,
    to: Option<Encoding>,
    bom: Option<Vec<u8>>,
    plan: &Plan,
    out: &mut Output,
    progress: &mut Progress,
) -> Result<Done, Fail> {
    let (from, skip) = open_source(source, plan)?;
    let mut run = Run::new(from, skip, to, bom, plan)?;
    let mut offset = skip;
    progress.advance(skip);
    loop {
        let chunk = reader.bytes();
        let end = reader.at_end();
        let keep = run.chunk(chunk, offset, end, out, progress)?;
        let consumed = chunk.len() - keep;
        run.behind
            .extend_from_slice(&chunk[consumed.saturating_sub(BEHIND)..consumed]);
        run.behind.drain(..run.behind.len().saturating_sub(BEHIND));
        run.base += consumed as u64;
        offset = 0;
        if end {
            break;
        }
        // With nothing new the reader is at its end: the next round finishes.
        reader.refill(keep).map_err(Fail::Read)?;
    }
    run.done.read = run.base;
    Ok(run.done)
}

/// The decoding half for `source`, and the bytes of the input it skips (a byte order mark).
fn open_source(source: Source, plan: &Plan) -> Result<(From, usize), Fail> {
    match source {
        Source::Utf(e, skip) => {
            let pipeline = Pipeline::new(e, Encoding::Utf8, plan.invalid, plan.invalid)
                .ok_or_else(|| Fail::Unsupported("policy escape cannot write UTF-8".into()))?;
            Ok((From::Utf(pipeline, e), skip))
        }
        Source::Legacy(l) => {
            if plan.invalid == Policy::Escape {
                return Err(Fail::Unsupported(format!(
                    "policy escape is for the UTF encodings, not {}",
                    l.display()
                )));
            }
            let decoder = Decoder::new(l, plan.invalid == Policy::Skip)
                .ok_or_else(|| Fail::Unsupported(format!("cannot read {}", l.display())))?;
            Ok((From::Legacy(decoder, l), 0))
        }
    }
}

/// The encoding half: the plan's target, with glibc's suffixes where glibc writes it.
fn open_target(plan: &Plan, to: Option<Encoding>) -> Result<Encoder, Fail> {
    match (plan.to.kind, to) {
        (Kind::Legacy(l), _) => {
            let mut suffixes = String::new();
            if plan.to.translit {
                suffixes.push_str("//TRANSLIT");
            }
            if plan.iconv_skip || plan.unmappable == Policy::Skip {
                suffixes.push_str("//IGNORE");
            }
            Encoder::new(l, &suffixes)
                .ok_or_else(|| Fail::Unsupported(format!("cannot write {}", l.display())))
        }
        (_, Some(e)) => Ok(Encoder::Library(e, Vec::new())),
        _ => unreachable!("a target"),
    }
}

/// One conversion's state across chunks and pieces.
struct Run<'p> {
    plan: &'p Plan,
    from: From,
    from_name: &'static str,
    encoder: Encoder,
    translit: Option<Translit>,
    /// UTF-8 out without transliteration: what was decoded is the output.
    utf8_out: bool,
    /// UTF-8 in: pieces end between characters.
    utf8_in: bool,
    /// The input's bytes skipped before the first piece (a byte order mark).
    skip: usize,
    /// The byte order mark to write before the first output byte.
    bom: Option<Vec<u8>>,
    done: Done,
    /// The input's offset of the current chunk.
    base: u64,
    /// Bytes of UTF-8 that went to the encoder without the pipeline: its stream counts
    /// positions from the bytes it saw only.
    bypassed: usize,
    /// The last bytes before the current chunk: an ill-formed sequence that the fallback
    /// policy writes byte by byte may have started there (encoding_rs keeps the start of a
    /// sequence).
    behind: Vec<u8>,
    decoded: Vec<u8>,
    encoded: Vec<u8>,
}

/// Where a piece lies in its chunk.
#[derive(Clone, Copy)]
struct At {
    /// The piece's first byte in the chunk.
    pos: usize,
    /// Its end in the chunk.
    stop: usize,
    /// Whether it is the input's last.
    last: bool,
    /// Bytes before the piece that the stream holds back, the start of a character this
    /// piece completes: its text begins with that character.
    carried: usize,
}

impl<'p> Run<'p> {
    fn new(
        from: From,
        skip: usize,
        to: Option<Encoding>,
        bom: Option<Vec<u8>>,
        plan: &'p Plan,
    ) -> Result<Self, Fail> {
        let from_name = from.name();
        let encoder = open_target(plan, to)?;
        // The target as glibc knows it, for its transliteration.
        let target_name = match plan.to.kind {
            Kind::Legacy(l) => l.name.to_owned(),
            _ => plan.to.to_string(),
        };
        let translit = plan.to.translit.then(|| Translit::new(&target_name));
        let utf8_out = matches!(encoder, Encoder::Library(Encoding::Utf8, _)) && translit.is_none();
        let utf8_in = matches!(from, From::Utf(_, Encoding::Utf8));
        Ok(Run {
            plan,
            from,
            from_name,
            encoder,
            translit,
            utf8_out,
            utf8_in,
            skip,
            bom,
            done: Done {
                from: Some(from_name),
                ..Done::default()
            },
            base: 0,
            bypassed: 0,
            behind: Vec::new(),
            decoded: Vec::new(),
            encoded: Vec::new(),
        })
    }

    /// Converts `chunk` from `offset` on, piece by piece; returns the bytes at its end that
    /// must be read again with the next chunk (a sequence cut by the chunk's end).
    fn chunk(
        &mut self,
        chunk: &[u8],
        offset: usize,
        end: bool,
        out: &mut Output,
        progress: &mut Progress,
    ) -> Result<usize, Fail> {
        let mut pos = offset;
        let mut entered = false;
        // Where the next piece ends at the earliest: past the end of a piece whose decoder
        // left a sequence unread, so that the sequence is read again with more bytes.
        let mut beyond = 0;
        // At the end, once even with nothing left: decoders hand over what they keep.
        while pos < chunk.len() || (end && !entered) {
            entered = true;
            let mut stop = (pos + self.plan.piece).min(chunk.len());
            if self.utf8_in && stop < chunk.len() {
                // Pieces of UTF-8 end between characters, so each is whole UTF-8 by itself.
                stop = (pos + utf8x::floor_char_boundary(&chunk[pos..], stop - pos)).max(pos + 1);
            }
            stop = stop.max(beyond).min(chunk.len());
            let carried = match &self.from {
                From::Utf(pipeline, e) => pipeline.pending() * e.unit_size(),
                _ => 0,
            };
            let at = At {
                pos,
                stop,
                last: end && stop == chunk.len(),
                carried,
            };
            let advanced = self.piece(chunk, at, out)?;
            progress.advance(advanced);
            pos += advanced;
            if advanced < stop - at.pos {
                if stop < chunk.len() {
                    // A sequence cut by the piece's end: read again with the next piece, which
                    // ends further.
                    beyond = stop + 1;
                    continue;
                }
                if at.last {
                    // Decoders read everything of the last piece or report why not; should
                    // one leave bytes, they are a sequence the input ends inside, never lost.
                    return Err(Fail::Incomplete {
                        at: self.base + pos as u64,
                        enc: self.from_name,
                    });
                }
                // A sequence cut by the chunk's end: read again with the next chunk.
                return Ok(chunk.len() - pos);
            }
            if at.last {
                break;
            }
        }
        Ok(0)
    }

    /// Decodes the piece at `at` of `chunk`, encodes and writes what it decoded; returns the
    /// bytes of the piece read.
    fn piece(&mut self, chunk: &[u8], at: At, out: &mut Output) -> Result<usize, Fail> {
        let piece = &chunk[at.pos..at.stop];
        self.decoded.clear();
        // UTF-8 in, whole and well-formed (what nearly every piece is): the piece itself is
        // the encoder's input, without the pipeline's validating copy.
        let whole_utf8 = match &self.from {
            From::Utf(pipeline, Encoding::Utf8) if pipeline.pending() == 0 => {
                valid_utf8(piece, at.last).map(|n| &piece[..n])
            }
            _ => None,
        };
        // `failure` is what stops the run once the text before it is written.
        let (advanced, failure) = match whole_utf8 {
            Some(bytes) => {
                self.bypassed += bytes.len();
                (bytes.len(), None)
            }
            None => match &self.from {
                From::Utf(..) => self.decode_utf(chunk, at),
                From::Legacy(..) => self.decode_legacy(chunk, at),
            },
        };
        // UTF-8 out, from a decoder that writes nothing but UTF-8 (the tables, encoding_rs,
        // the library's pipeline; glibc's engine is checked): what was decoded is the output,
        // without a validating copy (CP1251 -> UTF-8 ran at 0.9x glibc with it).
        if self.utf8_out && !matches!(self.from, From::Legacy(Decoder::System { .. }, _)) {
            debug_assert!(std::str::from_utf8(&self.decoded).is_ok());
            write_out(&mut self.bom, &mut self.done, out, &self.decoded)?;
        } else {
            // Out of `self` while the encoder reads it (a move of the vector, not of its bytes).
            let decoded = std::mem::take(&mut self.decoded);
            let encoded = match whole_utf8 {
                Some(bytes) => self.encode(checked_utf8(bytes), chunk, at, failure.is_none(), out),
                None => match std::str::from_utf8(&decoded) {
                    Ok(text) => self.encode(text, chunk, at, failure.is_none(), out),
                    Err(_) => Err(Fail::Unsupported(format!(
                        "{} decoded to something not UTF-8",
                        self.from_name
                    ))),
                },
            };
            self.decoded = decoded;
            encoded?;
        }
        match failure {
            Some(fail) => Err(fail),
            None => Ok(advanced),
        }
    }

    /// Decodes the piece at `at` with the library's stream into `self.decoded`: the bytes read
    /// (whole code units) and the failure that stops the run, if any.
    fn decode_utf(&mut self, chunk: &[u8], at: At) -> (usize, Option<Fail>) {
        let From::Utf(pipeline, e) = &mut self.from else {
            unreachable!("a UTF source")
        };
        let (e, piece, base) = (*e, &chunk[at.pos..at.stop], self.base);
        let decoded = &mut self.decoded;
        let mut collect = |b: &[u8]| -> Result<(), io::Error> {
            decoded.extend_from_slice(b);
            Ok(())
        };
        let size = e.unit_size();
        let whole = piece.len() / size * size;
        let counted = self.skip + self.bypassed;
        let mut failure = None;
        if let Err(halt) = pipeline.push(&piece[..whole], false, &mut collect) {
            failure = Some(stopped(halt, e, counted, base, chunk));
        }
        if at.last {
            if whole < piece.len() {
                failure.get_or_insert(Fail::Incomplete {
                    at: base + (at.pos + whole) as u64,
                    enc: e.name(),
                });
            } else if self.plan.iconv_skip && pipeline.pending() > 0 {
                // The units pending may have come in an earlier chunk.
                let pending = (pipeline.pending() * size) as u64;
                failure.get_or_insert(Fail::Incomplete {
                    at: (base + at.stop as u64).saturating_sub(pending),
                    enc: e.name(),
                });
            } else if failure.is_none()
                && let Err(halt) = pipeline.push(&[], true, &mut collect)
            {
                failure = Some(stopped(halt, e, counted, base + at.stop as u64, &[]));
            }
        }
        self.done.replaced = pipeline.replaced();
        (whole, failure)
    }

    /// Decodes the piece at `at` with a legacy decoder into `self.decoded`, applying the
    /// policy to ill-formed input: the bytes read and the failure that stops the run, if any.
    fn decode_legacy(&mut self, chunk: &[u8], at: At) -> (usize, Option<Fail>) {
        let From::Legacy(decoder, l) = &mut self.from else {
            unreachable!("a legacy source")
        };
        let piece = &chunk[at.pos..at.stop];
        let mut k = 0;
        loop {
            let (bad, len, resume) = match decoder.decode(&piece[k..], at.last, &mut self.decoded) {
                Decoded::Done { read } => return (k + read, None),
                Decoded::Invalid { at, len, resume } => (at, len, resume),
                Decoded::Incomplete { at: bad } => {
                    let bad_at =
                        (self.base + (at.pos + k) as u64).saturating_add_signed(bad as i64);
                    let fail = Fail::Incomplete {
                        at: bad_at,
                        enc: l.display(),
                    };
                    return (piece.len(), Some(fail));
                }
            };
            match self.plan.invalid {
                Policy::Strict => {
                    let bad_at =
                        (self.base + (at.pos + k) as u64).saturating_add_signed(bad as i64);
                    let fail = Fail::Data {
                        status: Status::Invalid,
                        kind: utf8x::ErrorKind::None,
                        at: bad_at,
                        character: None,
                        enc: l.display(),
                    };
                    return (piece.len(), Some(fail));
                }
                Policy::Replace => self.decoded.extend_from_slice("\u{FFFD}".as_bytes()),
                Policy::Fallback => {
                    // Its bytes, from where it starts: maybe in an earlier piece, or the chunk
                    // before.
                    let first = (at.pos + k) as isize + bad;
                    for b in sequence_bytes(chunk, &self.behind, first, len) {
                        let mut buf = [0u8; 4];
                        let c = cp1252(b).encode_utf8(&mut buf);
                        self.decoded.extend_from_slice(c.as_bytes());
                    }
                }
                _ => {}
            }
            self.done.replaced += 1;
            k += resume;
            if k >= piece.len() && !at.last {
                return (piece.len(), None);
            }
        }
    }

    /// Encodes `text`, what the piece at `at` decoded to, into the target and writes it;
    /// `clean`: the piece decoded without a failure (only then may the encoder finish). An
    /// unmappable character stops the run after the text before it is written, unless the
    /// plan transliterates, skips or replaces it.
    fn encode(
        &mut self,
        text: &str,
        chunk: &[u8],
        at: At,
        clean: bool,
        out: &mut Output,
    ) -> Result<(), Fail> {
        self.encoded.clear();
        let mut p = 0;
        let finishing = at.last && clean;
        loop {
            let (k, ch) = match self
                .encoder
                .encode(&text[p..], finishing, &mut self.encoded)
            {
                Encoded::Done => break,
                Encoded::Unmappable { at, ch } => (at, ch),
            };
            let next = p + k + ch.len_utf8();
            if let Some(sub) = self.translit.as_mut().and_then(|t| t.of(ch)) {
                self.encoded.extend_from_slice(&sub);
                p = next;
                continue;
            }
            match self.plan.unmappable {
                _ if self.plan.iconv_skip => self.done.replaced += 1,
                Policy::Skip => self.done.replaced += 1,
                Policy::Replace | Policy::Fallback | Policy::Escape if !self.plan.to.translit => {
                    let mut q = Vec::new();
                    if self.encoder.encode("?", false, &mut q) == Encoded::Done {
                        self.encoded.extend_from_slice(&q);
                    }
                    self.done.replaced += 1;
                }
                _ => {
                    write_out(&mut self.bom, &mut self.done, out, &self.encoded)?;
                    return Err(self.unmappable(chunk, at, p + k, ch));
                }
            }
            p = next;
        }
        if self.encoder.take_dropped() {
            self.done.replaced += 1;
        }
        write_out(&mut self.bom, &mut self.done, out, &self.encoded)
    }

    /// The failure for the unmappable character `ch`, whose UTF-8 starts at byte `k` of what
    /// the piece at `at` decoded to: its position counted over the piece with the bytes carried
    /// into it, where that text begins.
    fn unmappable(&self, chunk: &[u8], at: At, k: usize, ch: char) -> Fail {
        let first = at.pos as isize - at.carried as isize;
        let span: Vec<u8> = sequence_bytes(chunk, &self.behind, first, at.carried)
            .chain(chunk[at.pos..at.stop].iter().copied())
            .collect();
        let within = source_offset(&self.from, &span, k, ch, self.plan.invalid);
        Fail::Data {
            status: Status::Unmappable,
            kind: utf8x::ErrorKind::Unmappable,
            at: (self.base + within as u64).saturating_add_signed(first as i64),
            character: Some(ch),
            enc: self.from_name,
        }
    }
}

/// Writes `bytes` to `out`, after the byte order mark still to be written, counting them.
fn write_out(
    bom: &mut Option<Vec<u8>>,
    done: &mut Done,
    out: &mut Output,
    bytes: &[u8],
) -> Result<(), Fail> {
    if bytes.is_empty() {
        return Ok(());
    }
    if let Some(bom) = bom.take() {
        out.write_all(&bom).map_err(Fail::Write)?;
        done.written += bom.len() as u64;
    }
    done.written += bytes.len() as u64;
    out.write_all(bytes).map_err(Fail::Write)
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
