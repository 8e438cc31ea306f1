//! The objects Python passes as input, read in place: `bytes`, and anything with the buffer
//! protocol (`bytearray`, `memoryview`, `mmap`, `array.array`, NumPy arrays, Arrow buffers).
//!
//! No contiguous buffer is copied, whatever its size or type, and every one is read without the
//! GIL once it is long enough to be worth it. The export, held until the call returns, keeps
//! the memory alive and its size fixed meanwhile: CPython refuses to resize a `bytearray` or
//! close an `mmap` that has exports. Its bytes can still change: Python threads may write a
//! `bytearray` while the GIL is released, and C code in other threads or other processes (a
//! shared `mmap`) may write any buffer at any time. A call on bytes that change gives a result
//! for some mixture of old and new bytes, or an error, never a corrupt object: what utf8x
//! writes is checked where it is written (see `direct.rs`), never trusted from an earlier read.
//!
//! String columns (`column.rs`) keep the GIL for buffers that Python code can change: their
//! offsets are read more than once by the core.
//!
//! A buffer's items must be bytes, or units of the encoding read: 2-byte items (`array('H')`,
//! NumPy `uint16`) for UTF-16, 4-byte items (`array('I')`) for UTF-32. Their bytes are read as
//! they lie in memory, in the byte order the encoding's name says. A strided buffer
//! (`memoryview(b)[::2]`) is gathered into a contiguous copy first, as `bytes(view)` would.

use std::os::raw::c_char;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyMemoryView};

/// Inputs at least this long are processed without the GIL, when they may be: below it,
/// releasing and taking it back costs more than the work another thread could do meanwhile.
const GIL_FREE: usize = 64 * 1024;

/// Runs `f`, without the GIL when `work` (see [`Input::work`]) is at least [`GIL_FREE`] bytes.
pub(crate) fn maybe_detached<T: Send>(
    py: Python<'_>,
    work: usize,
    f: impl FnOnce() -> T + Send,
) -> T {
    if work >= GIL_FREE {
        py.allow_threads(f)
    } else {
        f()
    }
}

/// An input's bytes, borrowed from the object or (strided buffers only) gathered.
pub(crate) struct Input<'a> {
    src: Source<'a>,
    /// True when nothing can change the bytes during the call: see the module documentation.
    immutable: bool,
}

enum Source<'a> {
    Bytes(&'a [u8]),
    View(Export),
    /// A copy of a strided buffer, and the buffer, which describes its items.
    Gathered(Vec<u8>, Export),
}

/// A buffer exported by an object, released when dropped. It holds raw pointers, so it is
/// neither `Send` nor `Sync`: it never leaves the thread, nor the GIL, that made it, which
/// `PyBuffer_Release` needs.
struct Export(Box<ffi::Py_buffer>);

impl Drop for Export {
    fn drop(&mut self) {
        // SAFETY: a buffer PyObject_GetBuffer filled, released once, with the GIL held (see
        // the type's documentation).
        unsafe { ffi::PyBuffer_Release(&mut *self.0) }
    }
}

impl Export {
    fn get(obj: &Bound<'_, PyAny>) -> PyResult<Export> {
        let mut view = Box::new(ffi::Py_buffer::new());
        // Shape, strides and format are asked for so that typed and strided buffers are
        // described as they are, and read-only ones are accepted.
        // SAFETY: `obj` is a live object and `view` a Py_buffer that outlives the export (it is
        // boxed, so it never moves, and released on drop).
        if unsafe { ffi::PyObject_GetBuffer(obj.as_ptr(), &mut *view, ffi::PyBUF_RECORDS_RO) } != 0
        {
            return Err(PyErr::fetch(obj.py()));
        }
        Ok(Export(view))
    }

    fn len(&self) -> usize {
        self.0.len as usize
    }

    fn item_size(&self) -> usize {
        self.0.itemsize as usize
    }

    /// The struct-module format of the items ("B" when the exporter gives none).
    fn format(&self) -> String {
        if self.0.format.is_null() {
            return "B".into();
        }
        // SAFETY: a non-NULL format is a NUL-terminated string owned by the export.
        unsafe { std::ffi::CStr::from_ptr(self.0.format) }
            .to_string_lossy()
            .into_owned()
    }

    fn is_c_contiguous(&self) -> bool {
        // SAFETY: a filled buffer.
        unsafe { ffi::PyBuffer_IsContiguous(&*self.0, b'C' as c_char) != 0 }
    }

    /// The bytes of a C-contiguous buffer.
    fn bytes(&self) -> &[u8] {
        if self.len() == 0 || self.0.buf.is_null() {
            return &[];
        }
        // SAFETY: a C-contiguous export of len() bytes at buf, which stays alive and
        // unresized while the export (and so the borrow of `self`) lives.
        unsafe { std::slice::from_raw_parts(self.0.buf as *const u8, self.len()) }
    }

    /// A contiguous copy of any buffer, in C order.
    fn gather(&self, py: Python<'_>) -> PyResult<Vec<u8>> {
        let mut v = vec![0u8; self.len()];
        // SAFETY: `v` holds len() bytes, what the buffer describes.
        let r = unsafe {
            ffi::PyBuffer_ToContiguous(v.as_mut_ptr().cast(), &*self.0, self.0.len, b'C' as c_char)
        };
        if r != 0 {
            return Err(PyErr::fetch(py));
        }
        Ok(v)
    }
}

/// True for an exporter whose bytes nothing can change: a view of exactly `bytes` (a subclass
/// may export something else). `bytes` itself is read without an export.
fn immutable(obj: &Bound<'_, PyAny>) -> bool {
    obj.downcast::<PyMemoryView>()
        .ok()
        .and_then(|v| v.getattr("obj").ok())
        .is_some_and(|base| base.is_exact_instance_of::<PyBytes>())
}

impl<'a> Input<'a> {
    /// The input `obj`, for an encoding `name` whose units are `unit` bytes: its items must be
    /// bytes or such units.
    pub(crate) fn new(obj: &'a Bound<'_, PyAny>, unit: usize, name: &str) -> PyResult<Input<'a>> {
        Self::with_items(obj, &[unit], name)
    }

    /// The input `obj`, whose items must be bytes or of one of the sizes `units`.
    pub(crate) fn with_items(
        obj: &'a Bound<'_, PyAny>,
        units: &[usize],
        name: &str,
    ) -> PyResult<Input<'a>> {
        // A bytes object, the common case, is read directly, without the cost of an export
        // (and a subclass's own buffer export, if it has one, is not what it holds).
        if let Ok(b) = obj.downcast::<PyBytes>() {
            return Ok(Input {
                src: Source::Bytes(b.as_bytes()),
                immutable: true,
            });
        }
        let view = Export::get(obj)?;
        let size = view.item_size();
        if size != 1 && !units.contains(&size) {
            let mut sizes: Vec<String> = units.iter().map(usize::to_string).collect();
            sizes.insert(0, "1".into());
            sizes.dedup();
            return Err(PyTypeError::new_err(format!(
                "{name} takes buffers of {}-byte items; got format '{}' ({size}-byte items)",
                sizes.join("- or "),
                view.format(),
            )));
        }
        let immutable = view.0.readonly != 0 && immutable(obj);
        if view.is_c_contiguous() {
            return Ok(Input {
                src: Source::View(view),
                immutable,
            });
        }
        let copy = view.gather(obj.py())?;
        Ok(Input {
            src: Source::Gathered(copy, view),
            immutable: true,
        })
    }

    pub(crate) fn bytes(&self) -> &[u8] {
        match &self.src {
            Source::Bytes(b) => b,
            Source::View(v) => v.bytes(),
            Source::Gathered(v, _) => v,
        }
    }

    /// The size of the input's items (1 for `bytes`).
    pub(crate) fn item_size(&self) -> usize {
        match &self.src {
            Source::View(v) | Source::Gathered(_, v) => v.item_size(),
            Source::Bytes(_) => 1,
        }
    }

    /// The struct-module format of the input's items ("B" for `bytes`).
    pub(crate) fn format(&self) -> String {
        match &self.src {
            Source::View(v) | Source::Gathered(_, v) => v.format(),
            Source::Bytes(_) => "B".into(),
        }
    }

    /// True when nothing can change the bytes during the call.
    pub(crate) fn is_immutable(&self) -> bool {
        self.immutable
    }

    /// What [`maybe_detached`] weighs: the input's length, whatever its type (see the module
    /// documentation).
    pub(crate) fn work(&self) -> usize {
        self.bytes().len()
    }

    /// The bytes as `U` units: for offsets and the like, which must be whole units.
    pub(crate) fn whole_units<U: Plain>(&self, what: &str) -> PyResult<Units<'_, U>> {
        let b = self.bytes();
        let size = std::mem::size_of::<U>();
        if !b.len().is_multiple_of(size) {
            return Err(PyValueError::new_err(format!(
                "{what} holds {} bytes, not a whole number of {size}-byte items",
                b.len()
            )));
        }
        Ok(units(b))
    }
}

/// The integer types input bytes are read as: any bit pattern is a value of them.
pub(crate) trait Plain: Copy + Default {}
impl Plain for u8 {}
impl Plain for u16 {}
impl Plain for u32 {}
impl Plain for i32 {}
impl Plain for i64 {}

/// Units borrowed in place, or copied when their bytes are not aligned for them.
pub(crate) type Units<'a, U> = std::borrow::Cow<'a, [U]>;

/// The whole `U` units at the start of `bytes`, borrowed when aligned (bytes objects, and every
/// allocation, are), otherwise copied: only a view sliced at an odd offset, such as
/// `memoryview(b)[1:]`, is unaligned, and the core reads `&[u16]`/`&[u32]`, which must be.
pub(crate) fn units<U: Plain>(bytes: &[u8]) -> Units<'_, U> {
    let size = std::mem::size_of::<U>();
    let whole = &bytes[..bytes.len() - bytes.len() % size];
    // SAFETY: U is one of the `Plain` integer types, which have no invalid bit patterns.
    let (pre, mid, post) = unsafe { whole.align_to::<U>() };
    if pre.is_empty() && post.is_empty() {
        return std::borrow::Cow::Borrowed(mid);
    }
    let mut v = vec![U::default(); whole.len() / size];
    // SAFETY: `v` holds exactly `whole.len()` bytes.
    unsafe {
        std::ptr::copy_nonoverlapping(whole.as_ptr(), v.as_mut_ptr() as *mut u8, whole.len());
    }
    std::borrow::Cow::Owned(v)
}
