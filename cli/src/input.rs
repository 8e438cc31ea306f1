//! Inputs read in bounded chunks: memory stays constant whatever the size of a file.

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::PathBuf;

use memmap2::{Mmap, MmapOptions};

/// Bytes per chunk. Large enough that system calls and per-chunk work vanish next to the
/// conversion itself, small enough to stay in the caches' reach and far below any memory bound.
pub const CHUNK: usize = 1 << 20;

/// The bytes of a chunk: [`CHUNK`], or `UTF8X_CHUNK_BYTES` (rounded down to whole UTF-32 units,
/// from 4 to `CHUNK`), which the tests set to a few bytes so that sequences meet a chunk's end.
pub fn chunk_bytes() -> usize {
    std::env::var("UTF8X_CHUNK_BYTES")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
        .map_or(CHUNK, |n| (n / 4 * 4).clamp(4, CHUNK))
}

/// The first chunk `check` reads: a problem near the start is found without reading (or
/// mapping) a whole chunk.
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
        let source = match self {
            Input::Stdin if crate::sys::stdin_closed() => Source::Read(Box::new(Closed)),
            Input::Stdin => Source::Read(Box::new(io::stdin())),
            Input::Path(path) => {
                let file = File::open(path)?;
                let meta = file.metadata()?;
                if meta.is_dir() {
                    return Err(io::Error::from(io::ErrorKind::IsADirectory));
                }
                if meta.is_file() {
                    Source::Map {
                        file,
                        size: meta.len(),
                        map: None,
                    }
                } else {
                    Source::Read(Box::new(file))
                }
            }
        };
        Ok(Reader::new(source, chunk_bytes()))
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

/// A closed standard input: each read fails as reading descriptor 0 did (EBADF).
struct Closed;

impl Read for Closed {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        Err(io::Error::from_raw_os_error(libc::EBADF))
    }
}

enum Source {
    /// Pipes, terminals, devices: copied into the buffer.
    Read(Box<dyn Read>),
    /// A regular file: each chunk is a window of the file mapped on its own, and unmapped when
    /// the next one is mapped. Reading through a mapping saves copying every byte (glibc's
    /// iconv maps its input too), and mapping one window at a time keeps the memory bound.
    Map {
        file: File,
        size: u64,
        /// The window and the file offset of its first byte (page-aligned).
        map: Option<(Mmap, u64)>,
    },
}

/// An open input and its current chunk.
pub struct Reader {
    source: Source,
    /// The most bytes a mapped file's chunk holds (pipes: always [`CHUNK`]).
    window: usize,
    buf: Vec<u32>,
    /// File offset of the chunk's first byte (mapped files).
    start: u64,
    len: usize,
    eof: bool,
}

impl Reader {
    fn new(source: Source, window: usize) -> Reader {
        Reader {
            source,
            // u32 elements: the chunk can be viewed as 16- or 32-bit code units.
            buf: Vec::new(),
            window,
            start: 0,
            len: 0,
            eof: false,
        }
    }

    /// A reader of `source` in chunks of `window` bytes (a multiple of 4, at most [`CHUNK`]):
    /// for the fuzz target, which cuts its input at random.
    pub fn from_read(source: Box<dyn Read>, window: usize) -> Reader {
        Reader::new(Source::Read(source), window.clamp(4, CHUNK) / 4 * 4)
    }

    /// Keeps the last `keep` bytes of the current chunk (an unfinished code unit or sequence) at
    /// the front and fills the rest of the chunk. Returns the number of new bytes: 0 at the end.
    pub fn refill(&mut self, keep: usize) -> io::Result<usize> {
        self.refill_upto(keep, self.window)
    }

    /// Lets a mapped file's chunks grow to `bytes` (for work split over threads); a pipe's
    /// chunks stay [`CHUNK`]. True for a mapped file.
    pub fn widen(&mut self, bytes: usize) -> bool {
        let mapped = matches!(self.source, Source::Map { .. });
        if mapped {
            self.window = bytes.max(CHUNK);
        }
        mapped
    }

    /// As [`Reader::refill`], with at most `limit` bytes in the chunk: a check that may stop at
    /// the first bytes starts with a small chunk.
    pub fn refill_upto(&mut self, keep: usize, limit: usize) -> io::Result<usize> {
        match &mut self.source {
            Source::Read(source) => {
                // At least one byte more than is kept, whatever the window.
                let limit = limit.min(self.window).min(CHUNK).max(keep + 1);
                if self.buf.is_empty() {
                    self.buf = vec![0; CHUNK / 4];
                }
                let len = self.len;
                let bytes: &mut [u8] = bytemuck::cast_slice_mut(&mut self.buf);
                bytes.copy_within(len - keep..len, 0);
                self.len = keep;
                let mut added = 0;
                // A pipe delivers a little at a time: fill the whole chunk, so chunks stay large.
                while !self.eof && self.len < limit {
                    match source.read(&mut bytes[self.len..limit]) {
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
            Source::Map { file, size, map } => {
                let limit = limit.min(self.window).max(keep + 1);
                let start = self.start + (self.len - keep) as u64;
                let end = (start + limit as u64).min(*size);
                let added = (end - start) as usize - keep;
                // The old window goes first, so at most one is mapped at a time.
                *map = None;
                (self.start, self.len) = (start, (end - start) as usize);
                self.eof = end == *size;
                if end > start {
                    // A file truncated since it was opened would raise SIGBUS on reading the
                    // missing pages: an error instead (what a read would meet as an early end).
                    if file.metadata()?.len() < end {
                        return Err(io::Error::new(
                            io::ErrorKind::UnexpectedEof,
                            "the file shrank while it was read",
                        ));
                    }
                    let page = page_size();
                    let from = start / page * page;
                    let mut options = MmapOptions::new();
                    options.offset(from).len((end - from) as usize);
                    // Faulting the pages in up front is one thread's work; a window shared
                    // by threads is faulted in by each of them where it reads.
                    if self.window == CHUNK {
                        options.populate();
                    }
                    // SAFETY: the mapping is private and read-only. Another process rewriting
                    // the file while it is converted changes what is read; one truncating it
                    // while this very window is read still raises SIGBUS (the size is checked
                    // before each window only), as for any program mapping its input (ripgrep,
                    // glibc's iconv); utf8x makes no promise about files changing under it.
                    #[allow(unsafe_code)]
                    let window = unsafe { options.map(&*file)? };
                    *map = Some((window, from));
                }
                Ok(added)
            }
        }
    }

    /// The current chunk, 4-byte aligned where it starts at a file offset that is a multiple
    /// of 4 (so whole code units can be viewed as `u16` or `u32`).
    pub fn bytes(&self) -> &[u8] {
        match &self.source {
            Source::Read(_) => &bytemuck::cast_slice(&self.buf)[..self.len],
            Source::Map { map: None, .. } => &[],
            Source::Map {
                map: Some((window, from)),
                ..
            } => {
                let at = (self.start - from) as usize;
                &window[at..at + self.len]
            }
        }
    }

    /// True once the source has no more bytes.
    pub fn at_end(&self) -> bool {
        self.eof
    }
}

/// The granularity of mapping offsets. 64 KiB is a multiple of every page size Linux uses on
/// the machines utf8x builds for, so no query is needed.
fn page_size() -> u64 {
    64 << 10
}
