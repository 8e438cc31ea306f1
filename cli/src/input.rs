//! Inputs read in bounded chunks: memory stays constant whatever the size of a file.

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::PathBuf;

/// Bytes read per chunk. Large enough that system calls and per-chunk work vanish next to the
/// conversion itself, small enough to stay in the caches' reach and far below any memory bound.
pub const CHUNK: usize = 1 << 20;

/// The first chunk `check` reads: a problem near the start is found without reading (or
/// faulting in) a whole chunk.
pub const FIRST: usize = 64 << 10;

/// A file operand; `-` (or no operand at all) is standard input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Stdin,
    Path(PathBuf),
}

impl Input {
    pub fn new(operand: PathBuf) -> Input {
        if operand.as_os_str() == "-" {
            Input::Stdin
        } else {
            Input::Path(operand)
        }
    }

    /// The operands, or standard input when there are none.
    pub fn all(operands: &[PathBuf]) -> Vec<Input> {
        if operands.is_empty() {
            return vec![Input::Stdin];
        }
        operands.iter().cloned().map(Input::new).collect()
    }

    pub fn open(&self) -> io::Result<Reader> {
        let source: Box<dyn Read> = match self {
            Input::Stdin => Box::new(io::stdin()),
            Input::Path(path) => {
                let file = File::open(path)?;
                if file.metadata()?.is_dir() {
                    return Err(io::Error::from(io::ErrorKind::IsADirectory));
                }
                Box::new(file)
            }
        };
        Ok(Reader {
            source,
            // u32 elements: the chunk can be viewed as 16- or 32-bit code units.
            buf: vec![0; CHUNK / 4],
            len: 0,
            eof: false,
        })
    }
}

/// Shown as `-` for standard input, as the user wrote it otherwise.
impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Input::Stdin => f.write_str("-"),
            Input::Path(path) => path.display().fmt(f),
        }
    }
}

/// An open input and its current chunk.
pub struct Reader {
    source: Box<dyn Read>,
    buf: Vec<u32>,
    len: usize,
    eof: bool,
}

impl Reader {
    /// Keeps the last `keep` bytes of the current chunk (an unfinished code unit or sequence) at
    /// the front and fills the rest of the buffer. Returns the number of new bytes: 0 at the end.
    pub fn refill(&mut self, keep: usize) -> io::Result<usize> {
        self.refill_upto(keep, CHUNK)
    }

    /// As [`Reader::refill`], with at most `limit` bytes in the chunk: a check that may stop at
    /// the first bytes starts with a small chunk.
    pub fn refill_upto(&mut self, keep: usize, limit: usize) -> io::Result<usize> {
        let len = self.len;
        let bytes: &mut [u8] = bytemuck::cast_slice_mut(&mut self.buf);
        bytes.copy_within(len - keep..len, 0);
        self.len = keep;
        let limit = limit.clamp(keep + 1, bytes.len());
        let mut added = 0;
        // A pipe delivers a little at a time: fill the whole buffer, so chunks stay large.
        while !self.eof && self.len < limit {
            match self.source.read(&mut bytes[self.len..limit]) {
                Ok(0) => self.eof = true,
                Ok(n) => {
                    self.len += n;
                    added += n;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(added)
    }

    /// The current chunk, 4-byte aligned.
    pub fn bytes(&self) -> &[u8] {
        &bytemuck::cast_slice(&self.buf)[..self.len]
    }

    /// True once the source has no more bytes.
    pub fn at_end(&self) -> bool {
        self.eof
    }
}
