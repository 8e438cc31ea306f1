//! The output arrays' buffers: built in Rust vectors without the GIL, then handed to pyarrow
//! as they are, through the buffer protocol of [`OwnedBuffer`] (`pyarrow.py_buffer` wraps it
//! without a copy and keeps it alive as long as the array).

use std::os::raw::c_int;

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

/// Why an output could not be written: the fixed buffer it was given is full (the caller then
/// writes it again into a vector that grows), or an error to raise.
pub(crate) enum Stop {
    Full,
    Error(String),
}

impl From<String> for Stop {
    fn from(e: String) -> Stop {
        Stop::Error(e)
    }
}

/// Where output values go.
pub(crate) trait Sink {
    fn len(&self) -> usize;
    fn push(&mut self, bytes: &[u8]) -> Result<(), Stop>;
}

impl Sink for Vec<u8> {
    fn len(&self) -> usize {
        self.len()
    }

    fn push(&mut self, bytes: &[u8]) -> Result<(), Stop> {
        self.extend_from_slice(bytes);
        Ok(())
    }
}

/// A buffer of pyarrow's memory pool, its size guessed beforehand. The pool keeps the memory
/// it is given back, so a column written into it after another is written into pages that
/// are already there; fresh pages from the system cost more to fault in and clear than
/// the copy into them.
pub(crate) struct Fixed<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl<'a> Fixed<'a> {
    pub(crate) fn new(buf: &'a mut [u8]) -> Fixed<'a> {
        Fixed { buf, len: 0 }
    }
}

impl Sink for Fixed<'_> {
    fn len(&self) -> usize {
        self.len
    }

    fn push(&mut self, bytes: &[u8]) -> Result<(), Stop> {
        let end = self.len + bytes.len();
        self.buf
            .get_mut(self.len..end)
            .ok_or(Stop::Full)?
            .copy_from_slice(bytes);
        self.len = end;
        Ok(())
    }
}

/// A writable export of a Python buffer (one of pyarrow's, just allocated), released when
/// dropped, with the GIL, on the thread that made it (it is neither `Send` nor `Sync`).
pub(crate) struct Writable(Box<ffi::Py_buffer>);

impl Writable {
    pub(crate) fn get(obj: &Bound<'_, PyAny>) -> PyResult<Writable> {
        let mut view = Box::new(ffi::Py_buffer::new());
        // SAFETY: `obj` is a live object and `view` a boxed Py_buffer that outlives the export.
        let r = unsafe {
            ffi::PyObject_GetBuffer(
                obj.as_ptr(),
                &mut *view,
                ffi::PyBUF_WRITABLE | ffi::PyBUF_C_CONTIGUOUS,
            )
        };
        if r != 0 {
            return Err(PyErr::fetch(obj.py()));
        }
        Ok(Writable(view))
    }

    pub(crate) fn bytes(&mut self) -> &mut [u8] {
        if self.0.len == 0 || self.0.buf.is_null() {
            return &mut [];
        }
        // SAFETY: a writable C-contiguous export of `len` bytes, alive and unresized while
        // the export (so this borrow of it) lives; nothing else writes a buffer just allocated.
        unsafe { std::slice::from_raw_parts_mut(self.0.buf.cast(), self.0.len as usize) }
    }
}

impl Drop for Writable {
    fn drop(&mut self) {
        // SAFETY: a buffer PyObject_GetBuffer filled, released once, with the GIL held.
        unsafe { ffi::PyBuffer_Release(&mut *self.0) }
    }
}

/// An output offset: `i32` (`string`, `binary`) or `i64` (`large_*`).
pub(crate) trait OutOffset: Plain + Send + Sync + TryFrom<usize> + 'static {}
impl OutOffset for i32 {}
impl OutOffset for i64 {}

/// Offsets and values of a `string`/`binary` (or `large_*`) output. It starts with `lead`
/// empty values: the output keeps the input's offset inside a byte of the validity bitmap.
pub(crate) struct OffsetsOut<O, S> {
    pub(crate) offsets: Vec<O>,
    pub(crate) values: S,
}

/// The error for values that do not fit 32-bit offsets.
pub(crate) fn too_big() -> String {
    "the output values pass 2 GiB, the most 32-bit offsets reach: use large_binary or \
     large_string input"
        .into()
}

impl<O: OutOffset, S: Sink> OffsetsOut<O, S> {
    pub(crate) fn new(lead: usize, n: usize, values: S) -> OffsetsOut<O, S> {
        let mut offsets = Vec::with_capacity(lead + n + 1);
        offsets.resize(lead + 1, O::default());
        OffsetsOut { offsets, values }
    }

    /// Appends a value.
    pub(crate) fn push(&mut self, bytes: &[u8]) -> Result<(), Stop> {
        self.values.push(bytes)?;
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
    ) -> Result<(), Stop> {
        let (first, last) = (offsets[a].into() as usize, offsets[b].into() as usize);
        let base = self.values.len();
        O::try_from(base + last - first).map_err(|_| too_big())?;
        self.values.push(&values[first..last])?;
        // Every offset of the run fits, as the last (the largest) does.
        self.offsets.extend(
            offsets[a + 1..=b]
                .iter()
                .map(|&o| O::try_from(o.into() as usize - first + base).unwrap_or_default()),
        );
        Ok(())
    }
}

/// Views and the new data buffers of a `binary_view`/`string_view` output. Views copied from
/// the input keep pointing into its data buffers, which come first; the new buffers are numbered
/// from `shared` after them, a new one started where a value would take the last past `limit`
/// bytes (a view's offset is 32-bit: one buffer would stop the output at 2 GiB, where the
/// layout has no limit).
pub(crate) struct ViewsOut {
    pub(crate) views: Vec<u8>,
    /// The buffers filled, then the one being filled.
    full: Vec<Vec<u8>>,
    data: Vec<u8>,
    shared: usize,
    limit: usize,
}

impl ViewsOut {
    /// `limit` is at most 1 GiB (more is taken as 1 GiB), so that offsets stay 32-bit.
    pub(crate) fn new(lead: usize, n: usize, shared: usize, limit: usize) -> ViewsOut {
        let mut views = Vec::with_capacity((lead + n) * 16);
        views.resize(lead * 16, 0);
        ViewsOut {
            views,
            full: Vec::new(),
            data: Vec::new(),
            shared,
            limit: limit.min(1 << 30),
        }
    }

    pub(crate) fn copy_view(&mut self, view: &[u8]) {
        self.views.extend_from_slice(view);
    }

    pub(crate) fn empty(&mut self) {
        self.views.extend_from_slice(&[0; 16]);
    }

    /// Appends a value: up to 12 bytes go into the view itself, longer ones into the last data
    /// buffer (a new one when it is full).
    pub(crate) fn push(&mut self, bytes: &[u8]) -> Result<(), Stop> {
        let len = i32::try_from(bytes.len())
            .map_err(|_| "an output value of more than 2 GiB, the most a view holds".to_string())?;
        let mut view = [0u8; 16];
        view[..4].copy_from_slice(&len.to_ne_bytes());
        if bytes.len() <= 12 {
            view[4..4 + bytes.len()].copy_from_slice(bytes);
        } else {
            if !self.data.is_empty() && self.data.len() + bytes.len() > self.limit {
                self.full.push(std::mem::take(&mut self.data));
            }
            // Below 1 GiB: the buffer is new, or it and the value fit in 1 GiB.
            let at = self.data.len() as i32;
            let index = i32::try_from(self.shared + self.full.len()).map_err(|_| too_big())?;
            self.data.extend_from_slice(bytes);
            view[4..8].copy_from_slice(&bytes[..4]);
            view[8..12].copy_from_slice(&index.to_ne_bytes());
            view[12..].copy_from_slice(&at.to_ne_bytes());
        }
        self.views.extend_from_slice(&view);
        Ok(())
    }

    /// The views and the new data buffers, in the order of their numbers.
    pub(crate) fn finish(mut self) -> (Vec<u8>, Vec<Vec<u8>>) {
        self.full.push(self.data);
        (self.views, self.full)
    }
}
