//! The harness shared by the stream tests: a one-shot reference run and a chunked stream run of
//! the same conversion, reduced to what must agree.

use utf8x::{Encoding, Unit};
use utf8x::{ErrorKind, Outcome, Policy, Status, Stream};

/// What one conversion of a whole input amounts to.
#[derive(Debug, PartialEq, Eq)]
pub struct Summary<T> {
    pub out: Vec<T>,
    pub status: Status,
    pub error: ErrorKind,
    /// Absolute offset of the error, or the input length.
    pub at: u64,
    pub error_len: usize,
    pub replaced: usize,
}

/// A one-shot conversion of the crate's API.
pub type OneShot<S, T> = fn(&[S], Option<&mut [T]>, Policy) -> Outcome;

/// One conversion of the API over the whole input; `measure` passes no output buffer.
pub fn one_shot<S, T: Default + Clone>(
    f: OneShot<S, T>,
    src: &[S],
    policy: Policy,
    measure: bool,
) -> Summary<T> {
    let mut buf = vec![T::default(); 4 * src.len() + 4];
    let o = if measure {
        f(src, None, policy)
    } else {
        f(src, Some(&mut buf), policy)
    };
    buf.truncate(if measure { 0 } else { o.written });
    let failed = o.status != Status::Ok;
    Summary {
        out: buf,
        status: o.status,
        error: o.error,
        at: if failed {
            o.read as u64
        } else {
            src.len() as u64
        },
        error_len: o.error_len,
        replaced: o.replaced + if measure { o.written } else { 0 },
    }
}

/// Streams `src` in chunks of the lengths `chunks` (the rest is one more, final chunk), with output
/// buffers of the capacities `caps` (cycled; a buffer too small for the next item is regrown), and
/// checks the per-call contract on the way. With `measure`, no buffer is passed and the written
/// counts are added to `replaced` (so that they are compared too).
pub fn streamed<S: Unit, T: Unit + Default>(
    from: Encoding,
    to: Encoding,
    policy: Policy,
    src: &[S],
    chunks: &[usize],
    caps: &[usize],
    measure: bool,
) -> Summary<T> {
    let mut st = Stream::new(from, to, policy).expect("supported pair");
    let mut pieces = Vec::new();
    let mut rest = src;
    for &n in chunks {
        let n = n.min(rest.len());
        pieces.push(&rest[..n]);
        rest = &rest[n..];
    }
    pieces.push(rest);
    let mut out = Vec::new();
    let mut replaced = 0;
    let mut caps = caps.iter().copied().cycle();
    let count = pieces.len();
    for (i, piece) in pieces.into_iter().enumerate() {
        let last = i + 1 == count;
        let mut chunk = piece;
        let mut floor = 0;
        loop {
            let cap = caps.next().unwrap_or(64).max(floor);
            let mut buf = vec![T::default(); cap];
            let (before, held) = (st.position(), st.pending() as u64);
            let o = if measure {
                st.convert(chunk, None::<&mut [T]>, last)
            } else {
                st.convert(chunk, Some(&mut buf[..]), last)
            };
            assert!(o.read <= chunk.len(), "{o:?}");
            assert!(o.written <= cap || measure, "{o:?}");
            out.extend_from_slice(&buf[..if measure { 0 } else { o.written }]);
            replaced += o.replaced + if measure { o.written } else { 0 };
            match o.status {
                Status::Ok => {
                    assert_eq!(o.read, chunk.len());
                    // The position counts converted units: all but those carried.
                    let after = before + held + o.read as u64 - st.pending() as u64;
                    assert_eq!(st.position(), after);
                    break;
                }
                Status::OutputFull => {
                    assert!(!measure);
                    if o.written == 0 {
                        floor = cap + 1;
                    }
                    chunk = &chunk[o.read..];
                }
                status => {
                    assert!(
                        status != Status::Truncated || last,
                        "TRUNCATED before the end"
                    );
                    return Summary {
                        out,
                        status,
                        error: o.error,
                        at: st.position(),
                        error_len: o.error_len,
                        replaced,
                    };
                }
            }
        }
    }
    assert_eq!(st.pending(), 0);
    Summary {
        out,
        status: Status::Ok,
        error: ErrorKind::None,
        at: st.position(),
        error_len: 0,
        replaced,
    }
}
