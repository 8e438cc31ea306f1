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

/// One `Stream::convert` call with the unit types of the stream's encodings.
fn call(stream: &mut Stream, src: &[u8], out: &mut [u32], last: bool) -> Outcome {
    use bytemuck::cast_slice_mut as view_mut;
    match (stream.from().unit_size(), stream.to().unit_size()) {
        (1, 1) => stream.convert::<u8, u8>(src, Some(view_mut(out)), last),
        (1, 2) => stream.convert::<u8, u16>(src, Some(view_mut(out)), last),
        (1, _) => stream.convert::<u8, u32>(src, Some(out), last),
        (2, 1) => stream.convert::<u16, u8>(view(src), Some(view_mut(out)), last),
        (2, 2) => stream.convert::<u16, u16>(view(src), Some(view_mut(out)), last),
        (2, _) => stream.convert::<u16, u32>(view(src), Some(out), last),
        (_, 1) => stream.convert::<u32, u8>(view(src), Some(view_mut(out)), last),
        (_, 2) => stream.convert::<u32, u16>(view(src), Some(view_mut(out)), last),
        (_, _) => stream.convert::<u32, u32>(view(src), Some(out), last),
    }
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
