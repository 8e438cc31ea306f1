//! The system's iconv(3), for what utf8x and encoding_rs do not convert themselves (EBCDIC,
//! CP437, MACINTOSH, UTF-7...), for glibc's transliteration, and as the source of the
//! single-byte tables (`table.rs`), so that those give exactly glibc's bytes.
//!
//! The one place of the tool that calls C: a descriptor owned by [`Cd`], opened and closed once,
//! its buffers always Rust slices.
#![allow(unsafe_code)]

use std::ffi::CString;
use std::io;

/// Why a call stopped before the end of its input, as iconv's errno says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// All of the input was converted.
    Done,
    /// EILSEQ: an invalid sequence, or a character the target cannot hold, at `read`.
    Illegal,
    /// EINVAL: the input ends inside a sequence.
    Incomplete,
    /// E2BIG: the output is full.
    Full,
}

/// An open conversion descriptor.
pub struct Cd(libc::iconv_t);

// SAFETY: a descriptor is used by one thread at a time (every use takes `&mut self`); glibc's
// descriptors carry no thread affinity.
unsafe impl Send for Cd {}

impl Cd {
    /// `iconv_open(to, from)`; `None` when the system has no such conversion.
    pub fn open(to: &str, from: &str) -> Option<Cd> {
        let to = CString::new(to).ok()?;
        let from = CString::new(from).ok()?;
        // SAFETY: both are NUL-terminated strings that outlive the call.
        let cd = unsafe { libc::iconv_open(to.as_ptr(), from.as_ptr()) };
        // iconv_open returns (iconv_t)-1 on failure.
        if cd as isize == -1 {
            None
        } else {
            Some(Cd(cd))
        }
    }

    /// Converts `src` onto the end of `out`, through `buf`, until the input is used up or
    /// iconv stops for another reason than a full `buf`; at the end of the input with `last`,
    /// also what the converter holds back (CP1255 keeps a letter until it knows whether a
    /// combining mark follows). Returns the bytes read, why it stopped (never [`Stop::Full`])
    /// and whether its last call read or wrote anything.
    pub fn convert_all(
        &mut self,
        src: &[u8],
        last: bool,
        buf: &mut [u8],
        out: &mut Vec<u8>,
    ) -> (usize, Stop, bool) {
        let mut pos = 0;
        loop {
            let (read, written, stop) = self.convert(Some(&src[pos..]), buf);
            out.extend_from_slice(&buf[..written]);
            pos += read;
            match stop {
                Stop::Full => continue,
                // At the end, also when //IGNORE skipped something (glibc then reads it all and
                // still says EILSEQ): without the flush, the letter CP1258 holds back and the
                // shift back to ASCII were lost, as glibc's own iconv(1) loses them.
                Stop::Done | Stop::Illegal if last && pos == src.len() => {
                    let (_, written, _) = self.convert(None, buf);
                    out.extend_from_slice(&buf[..written]);
                }
                _ => {}
            }
            return (pos, stop, read > 0 || written > 0);
        }
    }

    /// One `iconv(cd, &src, &left, &dst, &left)` call: bytes read, bytes written, and why it
    /// stopped. `src: None` flushes the shift state (`iconv(cd, NULL, NULL, &dst, &left)`).
    pub fn convert(&mut self, src: Option<&[u8]>, dst: &mut [u8]) -> (usize, usize, Stop) {
        let (mut in_ptr, mut in_left) = match src {
            Some(s) => (s.as_ptr() as *mut libc::c_char, s.len()),
            None => (std::ptr::null_mut(), 0),
        };
        let mut out_ptr = dst.as_mut_ptr() as *mut libc::c_char;
        let mut out_left = dst.len();
        let in_pp = if src.is_some() {
            &mut in_ptr as *mut *mut libc::c_char
        } else {
            std::ptr::null_mut()
        };
        let in_lp = if src.is_some() {
            &mut in_left as *mut usize
        } else {
            std::ptr::null_mut()
        };
        // SAFETY: the pointers and counts describe `src` (read only: iconv never writes
        // through its input pointer) and `dst`, which outlive the call; a NULL input is
        // iconv's documented flush.
        let r = unsafe { libc::iconv(self.0, in_pp, in_lp, &mut out_ptr, &mut out_left) };
        // glibc's ISO-2022-CN-EXT under //IGNORE has been seen to move the input pointer past
        // the end of the input (E2BIG, with room to spare; a bug of glibc 2.36): an invalid
        // sequence where it stood, never a slice past the input.
        let (Some(read), Some(written)) = (
            src.map_or(Some(0), |s| s.len().checked_sub(in_left)),
            dst.len().checked_sub(out_left),
        ) else {
            return (0, 0, Stop::Illegal);
        };
        if r != usize::MAX {
            return (read, written, Stop::Done);
        }
        let stop = match io::Error::last_os_error().raw_os_error() {
            Some(libc::EILSEQ) => Stop::Illegal,
            Some(libc::EINVAL) => Stop::Incomplete,
            Some(libc::E2BIG) => Stop::Full,
            _ => Stop::Illegal,
        };
        (read, written, stop)
    }

    /// Back to the initial state, writing nothing.
    pub fn reset(&mut self) {
        // SAFETY: all-NULL arguments are iconv's documented reset.
        unsafe {
            libc::iconv(
                self.0,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
            );
        }
    }

    /// Converts all of `src` in one go (a character, a short string), or `None` at the first
    /// problem; the shift state is flushed at the end and reset before.
    pub fn all(&mut self, src: &[u8]) -> Option<Vec<u8>> {
        self.reset();
        let mut out = vec![0u8; 16 + src.len() * 8];
        let (read, written, stop) = self.convert(Some(src), &mut out);
        if stop != Stop::Done || read != src.len() {
            return None;
        }
        let (_, tail, stop) = self.convert(None, &mut out[written..]);
        if stop != Stop::Done {
            return None;
        }
        out.truncate(written + tail);
        Some(out)
    }
}

impl Drop for Cd {
    fn drop(&mut self) {
        // SAFETY: the descriptor was opened by iconv_open and is closed once, here.
        unsafe {
            libc::iconv_close(self.0);
        }
    }
}

/// Whether standard input was closed when the tool started (`utf8x <&-`).
static STDIN_CLOSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Finds out whether standard input was closed when the tool started (`utf8x <&-`), where
/// glibc's iconv fails with EBADF: read as empty input, `-o` would replace its target with an
/// empty file. Rust's runtime, before `main`, opens `/dev/null` read-write on a standard
/// descriptor that is closed (so that no file opened later becomes one): descriptor 0 as such
/// is the sign. A shell's `</dev/null` opens it read-only; only `<>/dev/null`, which no one
/// writes for an input, reads as closed too.
pub fn guard_stdin() {
    // SAFETY: F_GETFL reads the descriptor's flags and changes nothing.
    let flags = unsafe { libc::fcntl(0, libc::F_GETFL) };
    let closed = if flags == -1 {
        // Still closed (a runtime that leaves it so).
        io::Error::last_os_error().raw_os_error() == Some(libc::EBADF)
    } else {
        flags & libc::O_ACCMODE == libc::O_RDWR && is_dev_null(0)
    };
    STDIN_CLOSED.store(closed, std::sync::atomic::Ordering::Relaxed);
}

/// Whether descriptor `fd` is the null device.
fn is_dev_null(fd: libc::c_int) -> bool {
    use std::os::unix::fs::MetadataExt;
    // SAFETY: `stat` is plain data that fstat fills; all-zero is a valid value of it.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    // SAFETY: `st` is a valid, writable stat buffer for the duration of the call.
    if unsafe { libc::fstat(fd, &mut st) } != 0 {
        return false;
    }
    let null = std::fs::metadata("/dev/null");
    st.st_mode & libc::S_IFMT == libc::S_IFCHR && null.is_ok_and(|m| m.rdev() == st.st_rdev)
}

/// Whether [`guard_stdin`] found standard input closed.
pub fn stdin_closed() -> bool {
    STDIN_CLOSED.load(std::sync::atomic::Ordering::Relaxed)
}

/// Takes the locale's character classes and transliteration tables from the environment, as
/// glibc's iconv program does, so that `//TRANSLIT` writes what it writes.
pub fn use_locale() {
    // SAFETY: called once from the main thread before any other thread starts; the argument
    // is a NUL-terminated empty string (the environment's locale).
    unsafe {
        libc::setlocale(libc::LC_CTYPE, c"".as_ptr());
    }
}
