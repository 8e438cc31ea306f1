//! The output arrays' buffers: built in Rust vectors without the GIL, then handed to pyarrow
//! as they are, through the buffer protocol of [`OwnedBuffer`] (`pyarrow.py_buffer` wraps it
//! without a copy and keeps it alive as long as the array).

use std::os::raw::c_int;

use pyo3::exceptions::PyValueError;
use pyo3::ffi;
use pyo3::prelude::*;

use super::codec::bytes_of;
use crate::input::Plain;

/// An output buffer: read-only bytes that live as long as the object.
#[pyclass(frozen, module = "utf8x")]
pub(crate) struct OwnedBuffer(Box<dyn AsBytes>);

trait AsBytes: Send + Sync {
    fn bytes(&self) -> &[u8];
}

impl<T: Plain + Send + Sync> AsBytes for Vec<T> {
    fn bytes(&self) -> &[u8] {
        bytes_of(self)
    }
}

impl OwnedBuffer {
    pub(crate) fn new<T: Plain + Send + Sync + 'static>(v: Vec<T>) -> OwnedBuffer {
        OwnedBuffer(Box::new(v))
    }
}

#[pymethods]
impl OwnedBuffer {
    /// # Safety
    /// `view` is the Py_buffer CPython asks to fill.
    unsafe fn __getbuffer__(
        slf: Bound<'_, Self>,
        view: *mut ffi::Py_buffer,
        flags: c_int,
    ) -> PyResult<()> {
        let b = slf.get().0.bytes();
        // SAFETY: `view` is CPython's; the bytes stay where they are, unchanged, while the
        // object lives (it is frozen and owns them), and the view holds a reference to it.
        // A request for a writable buffer fails with BufferError (readonly is 1).
        let r = unsafe {
            ffi::PyBuffer_FillInfo(
                view,
                slf.as_ptr(),
                b.as_ptr() as *mut std::ffi::c_void,
                b.len() as ffi::Py_ssize_t,
                1,
                flags,
            )
        };
        if r == -1 {
            return Err(PyErr::fetch(slf.py()));
        }
        Ok(())
    }

    fn __len__(&self) -> usize {
        self.0.bytes().len()
    }
}

/// An output offset: `i32` (`string`, `binary`) or `i64` (`large_*`).
pub(crate) trait OutOffset: Plain + Send + Sync + TryFrom<usize> + 'static {}
impl OutOffset for i32 {}
impl OutOffset for i64 {}

/// Offsets and values of a `string`/`binary` (or `large_*`) output. It starts with `lead`
/// empty values: the output keeps the input's offset inside a byte of the validity bitmap.
pub(crate) struct OffsetsOut<O> {
    pub(crate) offsets: Vec<O>,
    pub(crate) values: Vec<u8>,
}

/// The error for values that do not fit 32-bit offsets.
pub(crate) fn too_big() -> String {
    "the output values pass 2 GiB, the most 32-bit offsets reach: use large_binary or \
     large_string input"
        .into()
}

impl<O: OutOffset> OffsetsOut<O> {
    pub(crate) fn new(lead: usize, n: usize, bytes: usize) -> OffsetsOut<O> {
        let mut offsets = Vec::with_capacity(lead + n + 1);
        offsets.resize(lead + 1, O::default());
        OffsetsOut {
            offsets,
            values: Vec::with_capacity(bytes),
        }
    }

    /// Ends a value whose bytes were appended to `values`.
    pub(crate) fn end_value(&mut self) -> Result<(), String> {
        let end = O::try_from(self.values.len()).map_err(|_| too_big())?;
        self.offsets.push(end);
        Ok(())
    }

    /// Appends values `a..b` of the input as they are.
    pub(crate) fn copy_run<I: Copy + Into<i64>>(
        &mut self,
        values: &[u8],
        offsets: &[I],
        a: usize,
        b: usize,
    ) -> Result<(), String> {
        let (first, last) = (offsets[a].into() as usize, offsets[b].into() as usize);
        let base = self.values.len();
        O::try_from(base + last - first).map_err(|_| too_big())?;
        self.values.extend_from_slice(&values[first..last]);
        // Every offset of the run fits, as the last (the largest) does.
        self.offsets.extend(
            offsets[a + 1..=b]
                .iter()
                .map(|&o| O::try_from(o.into() as usize - first + base).unwrap_or_default()),
        );
        Ok(())
    }
}

/// Views and the one new data buffer of a `binary_view`/`string_view` output. Views copied
/// from the input keep pointing into its data buffers, which come first; the new buffer is
/// number `shared` after them.
pub(crate) struct ViewsOut {
    pub(crate) views: Vec<u8>,
    pub(crate) data: Vec<u8>,
    pub(crate) shared: usize,
}

impl ViewsOut {
    pub(crate) fn new(lead: usize, n: usize, shared: usize) -> ViewsOut {
        let mut views = Vec::with_capacity((lead + n) * 16);
        views.resize(lead * 16, 0);
        ViewsOut {
            views,
            data: Vec::new(),
            shared,
        }
    }

    pub(crate) fn copy_view(&mut self, view: &[u8]) {
        self.views.extend_from_slice(view);
    }

    pub(crate) fn empty(&mut self) {
        self.views.extend_from_slice(&[0; 16]);
    }

    /// Ends a value whose bytes were appended to `data` from `start` on: up to 12 bytes move
    /// into the view itself.
    pub(crate) fn end_value(&mut self, start: usize) -> Result<(), String> {
        let len = self.data.len() - start;
        let mut view = [0u8; 16];
        view[..4].copy_from_slice(&(len as i32).to_ne_bytes());
        if len <= 12 {
            view[4..4 + len].copy_from_slice(&self.data[start..]);
            self.data.truncate(start);
        } else {
            let too = || too_big();
            let len32 = i32::try_from(len).map_err(|_| too())?;
            let at = i32::try_from(start).map_err(|_| too())?;
            i32::try_from(start + len).map_err(|_| too())?;
            view[..4].copy_from_slice(&len32.to_ne_bytes());
            view[4..8].copy_from_slice(&self.data[start..start + 4]);
            view[8..12].copy_from_slice(&(self.shared as i32).to_ne_bytes());
            view[12..].copy_from_slice(&at.to_ne_bytes());
        }
        self.views.extend_from_slice(&view);
        Ok(())
    }
}

pub(crate) fn value_error(e: String) -> PyErr {
    PyValueError::new_err(e)
}
