//! The one driver of iconv(3) for the differential suites: glibc's `iconv` (through `libc`) and
//! `utf8x_iconv` behind the same handle, so that both sides of every comparison are called,
//! measured and closed the same way.

use std::ffi::{CString, c_char};

use super::errno::{errno, set_errno};
use utf8x_ffi::{utf8x_iconv, utf8x_iconv_close, utf8x_iconv_open};

/// One iconv(3) implementation under test.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    Glibc,
    Utf8x,
}

/// What one call returned: (return value, errno or 0, bytes consumed, bytes written).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Call {
    pub ret: usize,
    pub errno: i32,
    pub read: usize,
    pub out: Vec<u8>,
}

/// An open conversion descriptor of one side, closed (and the close checked) on drop.
pub struct Handle {
    side: Side,
    cd: *mut libc::c_void,
}

impl Handle {
    /// `None` when the side refuses the pair.
    pub fn open(side: Side, to: &str, from: &str) -> Option<Handle> {
        let (to, from) = (CString::new(to).unwrap(), CString::new(from).unwrap());
        // SAFETY: valid NUL-terminated strings.
        let cd = unsafe {
            match side {
                Side::Glibc => libc::iconv_open(to.as_ptr(), from.as_ptr()),
                Side::Utf8x => utf8x_iconv_open(to.as_ptr(), from.as_ptr()).cast(),
            }
        };
        (cd as isize != -1).then(|| Handle { side, cd })
    }

    /// # Safety
    /// As iconv(3).
    unsafe fn raw(
        &mut self,
        i: *mut *mut c_char,
        il: *mut usize,
        o: *mut *mut c_char,
        ol: *mut usize,
    ) -> usize {
        // SAFETY: forwarded; the handle is open.
        unsafe {
            match self.side {
                Side::Glibc => libc::iconv(self.cd, i, il, o, ol),
                Side::Utf8x => utf8x_iconv(self.cd.cast(), i, il, o, ol),
            }
        }
    }

    /// One call into `cap` bytes of output space; `input: None` is the flush call (NULL inbuf,
    /// with an output buffer).
    pub fn call(&mut self, input: Option<&[u8]>, cap: usize) -> Call {
        let mut inb = input.unwrap_or(&[]).to_vec();
        let mut outb = vec![0u8; cap];
        let mut inp = inb.as_mut_ptr().cast::<c_char>();
        let mut outp = outb.as_mut_ptr().cast::<c_char>();
        let (mut inleft, mut outleft) = (inb.len(), cap);
        let inpp: *mut *mut c_char = if input.is_some() {
            &mut inp
        } else {
            std::ptr::null_mut()
        };
        set_errno(0);
        // SAFETY: buffers valid for their lengths.
        let ret = unsafe { self.raw(inpp, &mut inleft, &mut outp, &mut outleft) };
        let e = if ret == usize::MAX { errno() } else { 0 };
        let read = inb.len() - inleft;
        let written = cap - outleft;
        assert_eq!(
            outp as usize - outb.as_ptr() as usize,
            written,
            "{:?} outbuf pointer",
            self.side
        );
        if input.is_some() {
            assert_eq!(
                inp as usize - inb.as_ptr() as usize,
                read,
                "{:?} inbuf pointer",
                self.side
            );
        }
        outb.truncate(written);
        Call {
            ret,
            errno: e,
            read,
            out: outb,
        }
    }

    /// The reset call, `iconv(cd, NULL, NULL, NULL, NULL)`: its return value.
    pub fn reset(&mut self) -> usize {
        use std::ptr::null_mut;
        // SAFETY: NULL inbuf and outbuf return the descriptor to its initial state.
        unsafe { self.raw(null_mut(), null_mut(), null_mut(), null_mut()) }
    }
}

impl Drop for Handle {
    fn drop(&mut self) {
        // SAFETY: an open handle, closed once.
        let r = unsafe {
            match self.side {
                Side::Glibc => libc::iconv_close(self.cd),
                Side::Utf8x => utf8x_iconv_close(self.cd.cast()),
            }
        };
        assert_eq!(r, 0);
    }
}
