//! Conversion of byte chunks through the library's `Stream`: bounded buffers, the output of one
//! call over the whole input, absolute error positions.

use utf8x::{Encoding, Outcome, Policy, Status, Stream};

/// Output units per call: 2 MiB, so one 1 MiB chunk rarely needs two calls, and the output
/// goes out in large writes.
const OUT_WORDS: usize = 1 << 19;

/// Where a conversion stopped on its input: the library's outcome and the offset of the
/// offending unit from the start of the stream, in units.
pub struct Stopped {
    pub outcome: Outcome,
    pub position: u64,
}

/// Why a push did not complete: the input, or the sink.
pub enum Halt<E> {
    Input(Stopped),
    Sink(E),
}

/// One `Stream` and its output buffer.
struct Stage {
    stream: Stream,
    out: Vec<u32>,
    replaced: u64,
}

impl Stage {
    fn new(from: Encoding, to: Encoding, policy: Policy) -> Option<Stage> {
        Some(Stage {
            stream: Stream::new(from, to, policy)?,
            out: vec![0; OUT_WORDS],
            replaced: 0,
        })
    }

    /// Converts `src` (whole, aligned units of the source) and hands the output to `sink`.
    fn push<E>(
        &mut self,
        mut src: &[u8],
        last: bool,
        sink: &mut dyn FnMut(&[u8]) -> Result<(), E>,
    ) -> Result<(), Halt<E>> {
        let (in_size, out_size) = (self.stream.from().unit_size(), self.stream.to().unit_size());
        loop {
            let o = call(&mut self.stream, src, &mut self.out, last);
            self.replaced += o.replaced as u64;
            if o.written > 0 {
                let bytes: &[u8] = bytemuck::cast_slice(&self.out);
                sink(&bytes[..o.written * out_size]).map_err(Halt::Sink)?;
            }
            match o.status {
                Status::Ok => return Ok(()),
                // The state is where `read` says: continue from there with an empty buffer.
                Status::OutputFull => src = &src[o.read * in_size..],
                _ => {
                    return Err(Halt::Input(Stopped {
                        outcome: o,
                        position: self.stream.position(),
                    }));
                }
            }
        }
    }
}

/// `bytes` as units; the empty slice too, whatever its (dangling) address.
fn view<T: bytemuck::Pod>(bytes: &[u8]) -> &[T] {
    if bytes.is_empty() {
        &[]
    } else {
        bytemuck::cast_slice(bytes)
    }
}

/// Runs `$body` with `$S` and `$T` the unit types of encodings of unit sizes `$from` and `$to`.
macro_rules! by_units {
    ($from:expr, $to:expr, |$S:ident, $T:ident| $body:expr) => {
        match ($from, $to) {
            (1, 1) => {
                type $S = u8;
                type $T = u8;
                $body
            }
            (1, 2) => {
                type $S = u8;
                type $T = u16;
                $body
            }
            (1, _) => {
                type $S = u8;
                type $T = u32;
                $body
            }
            (2, 1) => {
                type $S = u16;
                type $T = u8;
                $body
            }
            (2, 2) => {
                type $S = u16;
                type $T = u16;
                $body
            }
            (2, _) => {
                type $S = u16;
                type $T = u32;
                $body
            }
            (_, 1) => {
                type $S = u32;
                type $T = u8;
                $body
            }
            (_, 2) => {
                type $S = u32;
                type $T = u16;
                $body
            }
            (_, _) => {
                type $S = u32;
                type $T = u32;
                $body
            }
        }
    };
}

/// One `Stream::convert` call with the unit types of the stream's encodings.
fn call(stream: &mut Stream, src: &[u8], out: &mut [u32], last: bool) -> Outcome {
    let sizes = (stream.from().unit_size(), stream.to().unit_size());
    by_units!(sizes.0, sizes.1, |S, T| stream.convert::<S, T>(
        view(src),
        Some(bytemuck::cast_slice_mut(out)),
        last
    ))
}

/// `utf8x::convert_parallel` of `src` (whole units of `from`) into `out`.
pub fn convert_parallel(
    src: &[u8],
    from: Encoding,
    to: Encoding,
    policy: Policy,
    threads: usize,
    out: &mut [u32],
) -> Outcome {
    by_units!(from.unit_size(), to.unit_size(), |S, T| {
        let dst: &mut [T] = bytemuck::cast_slice_mut(out);
        utf8x::convert_parallel::<S, T>(view(src), from, Some(dst), to, policy, threads)
    })
}

/// Where the last step of the decoder starts in `src` (whole units of `from`), in bytes: the
/// last character, or a pair of UTF-16 surrogates. 0 for an empty `src`.
pub fn last_step(src: &[u8], from: Encoding) -> usize {
    let size = from.unit_size();
    let units = src.len() / size;
    let at = units.saturating_sub(1);
    let cut = match size {
        1 => utf8x::split_point::<u8>(src, from, at),
        2 => utf8x::split_point::<u16>(view(src), from, at),
        _ => utf8x::split_point::<u32>(view(src), from, at),
    };
    cut * size
}

/// A conversion from one encoding to another. When ill-formed input and unmappable characters
/// are treated differently (iconv's `//TRANSLIT` substitutes only the latter), the input is
/// first decoded to UTF-32 under the first policy, then encoded under the second.
pub struct Pipeline {
    first: Stage,
    second: Option<Stage>,
}

impl Pipeline {
    /// `None` when the library refuses the combination (escape into an 8-bit target).
    pub fn new(from: Encoding, to: Encoding, invalid: Policy, unmappable: Policy) -> Option<Self> {
        if invalid == unmappable {
            return Some(Pipeline {
                first: Stage::new(from, to, invalid)?,
                second: None,
            });
        }
        Some(Pipeline {
            first: Stage::new(from, Encoding::Utf32, invalid)?,
            second: Some(Stage::new(Encoding::Utf32, to, unmappable)?),
        })
    }

    /// Converts the next chunk (whole units, aligned); `last` ends the stream.
    pub fn push<E>(
        &mut self,
        src: &[u8],
        last: bool,
        sink: &mut dyn FnMut(&[u8]) -> Result<(), E>,
    ) -> Result<(), Halt<E>> {
        let Some(second) = &mut self.second else {
            return self.first.push(src, last, sink);
        };
        let mut inner = |bytes: &[u8]| match second.push(bytes, false, sink) {
            Ok(()) => Ok(()),
            Err(halt) => Err(halt),
        };
        self.first
            .push(src, last, &mut inner)
            .map_err(|h| match h {
                Halt::Input(s) => Halt::Input(s),
                Halt::Sink(inner) => inner,
            })?;
        if last {
            second.push(&[], true, sink)?;
        }
        Ok(())
    }

    /// Units carried over, waiting for the rest of a sequence: at the end of the input, a
    /// character cut short.
    pub fn pending(&self) -> usize {
        self.first.stream.pending()
    }

    /// Substitutions made so far (replaced, skipped or escaped sequences and characters).
    pub fn replaced(&self) -> u64 {
        self.first.replaced + self.second.as_ref().map_or(0, |s| s.replaced)
    }
}

/// The character at the start of `bytes` (units of `enc`), for messages about a character the
/// target cannot hold.
pub fn first_char(bytes: &[u8], enc: Encoding) -> Option<char> {
    let mut src = [0u32; 6];
    let size = enc.unit_size();
    let n = bytes.len().min(6 * size) / size * size;
    bytemuck::cast_slice_mut::<u32, u8>(&mut src)[..n].copy_from_slice(&bytes[..n]);
    let mut stream = Stream::new(enc, Encoding::Utf32, Policy::Strict)?;
    let mut one = [0u32; 1];
    let o = call_into(
        &mut stream,
        &bytemuck::cast_slice::<u32, u8>(&src)[..n],
        &mut one,
    );
    (o.written == 1).then(|| char::from_u32(one[0])).flatten()
}

fn call_into(stream: &mut Stream, src: &[u8], out: &mut [u32]) -> Outcome {
    call(stream, src, out, true)
}
